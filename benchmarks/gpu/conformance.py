"""The StableHLO conformance programs and the corpus on jaxlib-gpu's backend.

    python benchmarks/gpu/conformance.py --backend cuda|mock [--corpus DIR] [--time-limit S]
                                         [--json OUT] PATH...

Conformance files (PATH: files or folders of .mlir) run through
``jaxlib-conformance``'s runner with the GPU step programs in place of the
reference step loop: the same cases, checks and tolerances as on the CPU.
``--corpus TESTS_DIR`` compiles each single-device corpus program with the
GPU client, runs it on its recorded inputs and compares with the recorded
outputs (tests/corpus's tolerances). Prints failures, then a summary with the ops that ran on host
reference kernels (and how many steps); ``--json`` writes it all.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

import numpy as np


def array_module(backend: str):
    if backend == "mock":
        return np
    import cupy

    return cupy


def run_conformance(paths: list[str], xp, deadline: float, host_ops: collections.Counter,
                    failures: list[str]) -> tuple[int, int, int]:
    from jaxlib._src.tools import conformance
    from jaxlib.gpu_runtime.program import GpuModuleLowering

    def make_lowering(module, host):
        lowering = GpuModuleLowering(host, xp)
        lowerings.append(lowering)
        return lowering

    passed = failed = skipped = 0
    for path in conformance.iter_files(paths):
        if time.monotonic() > deadline:
            skipped += 1
            continue
        lowerings: list = []
        for result in conformance.run_file(path, make_lowering):
            if result.passed:
                passed += 1
            else:
                failed += 1
                failures.append(result.line()[:400])
        for lowering in lowerings:
            for step in lowering.reference_steps:
                host_ops[step.op] += 1
    return passed, failed, skipped


def _conformance_worker(paths: list[str], backend: str, seconds: float) -> tuple:
    host_ops: collections.Counter = collections.Counter()
    failures: list[str] = []
    counts = run_conformance(paths, array_module(backend), time.monotonic() + seconds,
                             host_ops, failures)
    return counts, dict(host_ops), failures


def run_conformance_in_processes(paths: list[str], backend: str, jobs: int, seconds: float,
                                 host_ops: collections.Counter, failures: list[str]
                                 ) -> tuple[int, int, int]:
    """run_conformance over ``jobs`` spawned processes (files dealt round-robin)."""
    import concurrent.futures
    import multiprocessing

    from jaxlib._src.tools import conformance

    files = [str(p) for p in conformance.iter_files(paths)]
    chunks = [files[i::jobs] for i in range(jobs)]
    totals = [0, 0, 0]
    context = multiprocessing.get_context("spawn")  # no CUDA state crosses a fork
    with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context) as pool:
        futures = [pool.submit(_conformance_worker, chunk, backend, seconds)
                   for chunk in chunks if chunk]
        for future in futures:
            counts, ops, lines = future.result()
            totals = [a + b for a, b in zip(totals, counts)]
            host_ops.update(ops)
            failures.extend(lines)
    return totals[0], totals[1], totals[2]


# Corpus programs whose recorded outputs are XLA CPU's own behaviour where the
# GPU's differs by design (XLA's CUDA backend does the same as ours): reported
# apart, not as failures.
KNOWN_DIFFERENCES = {
    "f32_denormals": "XLA CPU flushes f32 denormals to zero; GPUs keep them",
    "f32_sign_abs_neg": "a denormal input: XLA CPU flushes it to zero, so its sign is 0",
}


def run_corpus(tests_dir: Path, client, deadline: float, host_ops: collections.Counter,
               failures: list[str], known: list[str]) -> tuple[int, int, int]:
    """The single-device corpus programs (tests/corpus), loaded and checked as
    tests/test_corpus.py does."""
    sys.path.insert(0, str(tests_dir))
    import test_corpus as corpus

    passed = failed = skipped = 0
    manifest = json.loads((corpus.PROGRAMS_DIR / "manifest.json").read_text())
    for entry in manifest["programs"]:
        name = entry["name"]
        if entry["num_devices"] != 1 or time.monotonic() > deadline:
            skipped += 1
            continue
        try:
            meta, text, inputs, expected = corpus._load(name)
            executable = client.compile_and_load(text)
            for step in executable.reference_kernel_steps():
                host_ops[step["op"]] += 1
            buffers = [client.buffer_from_pyval(x) for x in inputs]
            outputs = executable.execute(buffers)
            if len(outputs) != len(expected):
                raise AssertionError(f"{len(outputs)} outputs, expected {len(expected)}")
            for i, (actual, want, spec) in enumerate(zip(outputs, expected, meta["outputs"])):
                corpus._check(np.asarray(actual), want, spec, f"{name} out{i}")
            passed += 1
        except Exception as err:  # each failure is reported
            if name in KNOWN_DIFFERENCES and isinstance(err, AssertionError):
                known.append(f"{name}: {KNOWN_DIFFERENCES[name]}")
                continue
            failed += 1
            failures.append(f"FAIL corpus {name}: {type(err).__name__}: "
                            f"{' '.join(str(err).split())}"[:400])
    return passed, failed, skipped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="conformance files or folders")
    parser.add_argument("--backend", choices=("cuda", "mock"), default="cuda")
    parser.add_argument("--corpus", help="the tests folder holding test_corpus.py and corpus/")
    parser.add_argument("--time-limit", type=float, default=600.0,
                        help="seconds for each part; files left over are counted as skipped")
    parser.add_argument("--json", help="write the summary here")
    parser.add_argument("--jobs", type=int, default=1,
                        help="conformance files over this many processes (one GPU each "
                             "shares: CUDA contexts of one device)")
    args = parser.parse_args(argv)
    from jaxlib import xla_client

    xp = array_module(args.backend)
    summary: dict = {"backend": args.backend}
    host_ops: collections.Counter = collections.Counter()
    failures: list[str] = []
    if args.paths:
        start = time.monotonic()
        if args.jobs > 1:
            counts = run_conformance_in_processes(args.paths, args.backend, args.jobs,
                                                  args.time_limit, host_ops, failures)
        else:
            counts = run_conformance(args.paths, xp, start + args.time_limit, host_ops,
                                     failures)
        summary["conformance"] = dict(zip(("passed", "failed", "skipped_files"), counts),
                                      seconds=round(time.monotonic() - start, 1))
    if args.corpus:
        client = xla_client.make_gpu_client(platform_name="cuda", mock=args.backend == "mock")
        start = time.monotonic()
        known: list[str] = []
        counts = run_corpus(Path(args.corpus), client, start + args.time_limit, host_ops,
                            failures, known)
        summary["corpus"] = dict(zip(("passed", "failed", "skipped"), counts),
                                 known_differences=known,
                                 seconds=round(time.monotonic() - start, 1))
    summary["host_steps_by_op"] = dict(host_ops.most_common())
    summary["failures"] = failures
    for line in failures:
        print(line)
    print(json.dumps({k: v for k, v in summary.items() if k != "failures"}))
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1))
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
