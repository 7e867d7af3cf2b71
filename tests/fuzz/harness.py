"""Runs mutated programs through worker processes and sorts the outcomes.

A worker that dies is a crash; one that does not answer within the time
limit is a hang; an exception other than XlaRuntimeError is unexpected; a
result that differs from the reference kernels' is wrong. Each finding keeps
the program that caused it, so it can be replayed.

Command line (the large runs of the closing notes)::

    python tests/fuzz/harness.py --programs 20000 --workers 2 --report fuzz.json
"""

from __future__ import annotations

import argparse
import collections
import json
import queue
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from mutate import mutate

REPO = Path(__file__).resolve().parents[2]
SEED_DIRS = [
    REPO / "tests" / "corpus" / "programs",
    REPO / "packages" / "jaxlib-linalg" / "tests" / "corpus",
    REPO / "packages" / "jaxlib-sparse" / "tests" / "corpus",
]
WORKER = Path(__file__).parent / "worker.py"
FINDINGS = ("crash", "hang", "unexpected", "wrong", "internal")


def seed_programs(limit_bytes: int = 20_000) -> list[tuple[str, str]]:
    """(name, text) of the repository's program corpora, small ones only
    (mutations of a large program mostly re-test its parser)."""
    seeds = []
    for directory in SEED_DIRS:
        for path in sorted(directory.rglob("*.mlir")):
            text = path.read_text()
            if len(text) <= limit_bytes:
                seeds.append((path.stem, text))
    return seeds


class Worker:
    """One worker process; restarted after a crash or a hang."""

    def __init__(self) -> None:
        self.process: subprocess.Popen | None = None

    def _start(self) -> subprocess.Popen:
        if self.process is None or self.process.poll() is not None:
            self.log = tempfile.TemporaryFile("w+")
            self.process = subprocess.Popen(
                [sys.executable, str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=self.log, text=True, bufsize=1)
            # Lines arrive through a queue: a timed wait on the pipe itself
            # would miss lines already read into the file object's buffer.
            self.lines: queue.Queue = queue.Queue()
            threading.Thread(target=self._read, args=(self.process.stdout, self.lines),
                             daemon=True).start()
        return self.process

    @staticmethod
    def _read(stream, lines: queue.Queue) -> None:
        for line in stream:
            lines.put(line)
        lines.put("")  # the worker exited

    def _stacks(self) -> str:
        """The stuck worker's thread stacks (faulthandler, on SIGUSR1)."""
        self.process.send_signal(signal.SIGUSR1)
        time.sleep(1.0)
        self.log.seek(0)
        return self.log.read()[-4000:]

    def run(self, job: dict, timeout: float) -> dict:
        process = self._start()
        try:
            process.stdin.write(json.dumps(job) + "\n")
            process.stdin.flush()
        except BrokenPipeError:
            return self._crashed()
        phase = "compiling"
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                stacks = self._stacks()
                self.stop()
                if phase == "running" and "stablehlo.while" in job["text"]:
                    # A loop whose condition never turns false runs forever
                    # here as it does under XLA: the program's meaning.
                    return {"outcome": "endless loop", "message": f"ran over {timeout} s"}
                return {"outcome": "hang", "message": f"no answer in {timeout} s ({phase})",
                        "traceback": stacks}
            if not line:
                return self._crashed()
            answer = json.loads(line)
            if "phase" not in answer:
                return answer
            phase = answer["phase"]

    def _crashed(self) -> dict:
        code = self.process.wait()
        self.process = None
        return {"outcome": "crash", "message": f"worker exited with {code}"}

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@dataclass
class Report:
    counts: collections.Counter = field(default_factory=collections.Counter)
    findings: list[dict] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, name: str, text: str, answer: dict, job: dict) -> None:
        self.counts[answer["outcome"]] += 1
        if answer["outcome"] in FINDINGS:
            self.findings.append({"seed": name, "text": text, "job": job, **answer})

    def summary(self) -> str:
        total = sum(self.counts.values())
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))
        return f"{total} programs in {self.seconds:.0f} s: {parts}"


def fuzz_programs(count: int, seed: int = 0, timeout: float = 60.0, check_every: int = 4,
                  workers: int = 1) -> Report:
    """``count`` mutated programs; every ``check_every``-th one that runs is
    compared against the reference kernels."""
    rng = random.Random(seed)
    seeds = seed_programs()
    pool = [Worker() for _ in range(workers)]
    report = Report()
    start = time.monotonic()
    jobs = []
    for i in range(count):
        name, text = rng.choice(seeds)
        jobs.append((name, mutate(text, rng), {"seed": i, "check": i % check_every == 0}))
    try:
        if workers == 1:
            for name, text, extra in jobs:
                report.add(name, text, pool[0].run({"text": text, **extra}, timeout), extra)
        else:
            from concurrent.futures import ThreadPoolExecutor

            free = list(pool)

            def one(job):
                worker = free.pop()
                try:
                    name, text, extra = job
                    return name, text, worker.run({"text": text, **extra}, timeout), extra
                finally:
                    free.append(worker)

            with ThreadPoolExecutor(workers) as executor:
                for name, text, answer, extra in executor.map(one, jobs):
                    report.add(name, text, answer, extra)
    finally:
        for worker in pool:
            worker.stop()
    report.seconds = time.monotonic() - start
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--programs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--report", type=Path, help="write the findings here (JSON)")
    args = parser.parse_args()
    report = fuzz_programs(args.programs, args.seed, args.timeout, workers=args.workers)
    print(report.summary())
    for finding in report.findings[:20]:
        print(f"- {finding['outcome']} (seed {finding['seed']}): {finding.get('type', '')} "
              f"{finding.get('message', '')[:200]}")
    if args.report:
        args.report.write_text(json.dumps({"counts": report.counts,
                                           "findings": report.findings}, indent=1))
    sys.exit(1 if report.findings else 0)


if __name__ == "__main__":
    main()
