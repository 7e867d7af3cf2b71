"""Benchmark programs on this jaxlib and, in the same run, on the reference jaxlib
in its own virtual environment. Two suites:

- ``shared``: the shared benchmark programs (``../shared/bench``);
- ``models``: whole-model programs (``benchmarks/models/``: train steps,
  scans with gradients, optimizer updates, simulations, RNG, batched small
  matrices), each output checked against the reference's.

    python benchmarks/programs.py [--suite shared|models] [--reference-python PATH]
                                  [--busy N] [--write docs/performance.md] [NAME ...]

Per program: our compile time and median execute time, the reference's, and
the ratios (ours / reference); then the geometric means. Timing protocol as
the reference timer's: at least 5 runs, up to 3 s or 200 runs, inputs on
device, results blocked on.

The machine's speed drifts (shared cores), so each program is timed on both
sides back to back, in ``--rounds`` rounds, and each side keeps its fastest
median. Every round's compile is cold on both sides (the reference starts a
fresh process; ours empties the in-memory executable cache first), and each
side keeps its fastest compile too: a single compile of a few milliseconds is
at the mercy of the machine's noise.

``--busy N`` runs N busy-looping processes during the whole measurement, the
same load for both sides: how each degrades when cores are taken.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import math
import multiprocessing
import os
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from report import write_section

ROOT = Path(__file__).resolve().parents[1]
MODELS_DIR = ROOT / "benchmarks" / "models"
sys.path.insert(0, str(MODELS_DIR))
from inputs import draw, shared_inputs  # noqa: E402


def bench_dir() -> Path:
    candidates = [os.environ.get("JAXLIB_BENCH_DIR", ""), str(ROOT.parent / "shared" / "bench")]
    for c in candidates:
        if c and (Path(c) / "bench.json").is_file():
            return Path(c)
    raise SystemExit(f"benchmark programs not found (looked in {candidates}); "
                     "set JAXLIB_BENCH_DIR")


inputs_for = shared_inputs  # the shared programs' inputs (benchmarks/rss.py uses it too)


@dataclass
class Suite:
    """Where a suite's programs are, how their inputs are drawn, how the
    reference times them and which section of docs/performance.md they own."""

    name: str
    directory: Path
    reference_timer: Path
    section: str

    def names(self) -> list[str]:
        if self.name == "shared":
            return sorted(json.loads((self.directory / "bench.json").read_text()))
        return sorted(p.stem for p in self.directory.glob("*.mlir"))

    def text(self, name: str) -> str:
        return (self.directory / f"{name}.mlir").read_text()

    def inputs(self, name: str) -> list[np.ndarray]:
        if self.name == "shared":
            meta = json.loads((self.directory / "bench.json").read_text())
            return inputs_for(meta[name])
        meta = json.loads((self.directory / f"{name}.json").read_text())
        return draw(meta["inputs"], meta["seed"])

    def check(self, name: str, outputs: list[np.ndarray]) -> None:
        """Models: the outputs must match the reference's (``NAME.npz``)."""
        if self.name == "shared":
            return
        meta = json.loads((self.directory / f"{name}.json").read_text())
        expected = np.load(self.directory / f"{name}.npz")
        if len(outputs) != len(expected.files):
            raise AssertionError(f"{len(outputs)} outputs, the reference has "
                                 f"{len(expected.files)}")
        for i, actual in enumerate(outputs):
            want = expected[f"out{i}"]
            atol = meta["atol"] * max(1.0, float(np.max(np.abs(want), initial=0)))
            np.testing.assert_allclose(actual, want, rtol=meta["rtol"], atol=atol,
                                       err_msg=f"{name} output {i}")


def suite(name: str) -> Suite:
    if name == "shared":
        directory = bench_dir()
        return Suite("shared", directory, directory / "reference_timer.py",
                     "## Shared benchmark programs")
    return Suite("models", MODELS_DIR, MODELS_DIR / "reference_timer.py",
                 "## Model benchmark")


_CLIENT = None


def make_client(backend: str):
    """Our client for ``backend``: cpu, cuda (jaxlib-gpu) or mock (jaxlib-gpu's
    host-executing mock GPU: the GPU step programs, run with numpy)."""
    from jaxlib import xla_client

    if backend == "cpu":
        return xla_client.make_cpu_client()
    return xla_client.make_gpu_client(platform_name="cuda", mock=backend == "mock")


def time_ours(bench: Suite, names: list[str], budget_s: float,
              backend: str = "cpu") -> dict[str, dict]:
    global _CLIENT
    from jaxlib._src.compiler import persistent_cache, pipeline

    persistent_cache.set_cache_dir(None)  # cold compiles only, whatever the environment says
    if _CLIENT is None:
        _CLIENT = make_client(backend)
    client = _CLIENT
    device = client.devices()[0]
    results = {}
    for name in names:
        text = bench.text(name)
        try:
            pipeline.clear_compilation_cache()  # every round times a cold compile
            start = time.perf_counter()
            executable = client.compile_and_load(text, [device])
            compile_s = time.perf_counter() - start
            args = [client.buffer_from_pyval(a, device) for a in bench.inputs(name)]
            bench.check(name, [np.asarray(o) for o in executable.execute(args)])
            times: list[float] = []
            deadline = time.perf_counter() + budget_s
            while len(times) < 5 or (time.perf_counter() < deadline and len(times) < 200):
                start = time.perf_counter()
                for out in executable.execute(args):
                    out.block_until_ready()
                times.append(time.perf_counter() - start)
            results[name] = {"compile_s": compile_s, "exec_s": statistics.median(times),
                             "runs": len(times)}
            graph_status = getattr(executable, "graph_status", None)
            if graph_status is not None:  # GPU: replayed as a CUDA graph, or why not
                results[name]["graph"] = graph_status()
                results[name]["graph_bytes"] = executable.graph_memory_bytes()
            steps = getattr(executable, "reference_kernel_steps", None)
            if steps is not None:  # steps on host reference kernels, by op
                ops = sorted({s["op"] for s in steps()})
                results[name]["reference_steps"] = f"{len(steps())}: {' '.join(ops)}"[:300]
        except Exception as err:  # one failing program must not hide the others
            results[name] = {"error": f"{type(err).__name__}: {err}"[:200]}
        print(f"ours {name}: {results[name]}", file=sys.stderr, flush=True)
    if backend == "cuda":
        from jaxlib.gpu_runtime import cublas, cudnn, fused, solver
        print(f"ours kernels: {fused.device_function_form()}", file=sys.stderr, flush=True)
        print(f"ours products: {cublas.status()}", file=sys.stderr, flush=True)
        repacked = cudnn.repacked()
        copies = (f"; {len(repacked)} on packed copies ({next(iter(repacked.values()))})"[:300]
                  if repacked else "")
        print(f"ours convolutions: {cudnn.status()}{copies}", file=sys.stderr, flush=True)
        print(f"ours solver: {solver.status()}", file=sys.stderr, flush=True)
    return results


def time_reference(python: str, bench: Suite, names: list[str],
                   backend: str = "cpu") -> dict[str, dict]:
    env = dict(os.environ, JAX_PLATFORMS="cuda" if backend == "cuda" else "cpu")
    env.pop("PYTHONPATH", None)  # ours may be on it; the reference has its own jaxlib
    # The models' timer also reads the shared layout, and takes a platform.
    timer = bench.reference_timer if backend == "cpu" else MODELS_DIR / "reference_timer.py"
    completed = subprocess.run([python, str(timer), str(bench.directory),
                                *names], env=env,
                               capture_output=True, text=True, timeout=3600)
    if completed.returncode != 0:
        raise SystemExit(f"the reference timer failed:\n{completed.stderr[-3000:]}")
    results = {}
    for line in completed.stdout.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            if "error" not in row:  # a program the reference cannot run has no ratio
                results[row["name"]] = row
            else:
                print(f"reference {row['name']}: {row['error']}", file=sys.stderr)
    return results


def _keep_fastest(best: dict[str, dict], name: str, row: dict) -> None:
    previous = best.get(name)
    if previous is None or "exec_s" not in previous:
        best[name] = dict(row)
    elif "exec_s" in row:
        for key in ("exec_s", "compile_s"):
            previous[key] = min(previous[key], row[key])


def measure(bench: Suite, names: list[str], budget: float, reference_python: str | None,
            rounds: int, backend: str = "cpu") -> tuple[dict[str, dict], dict[str, dict]]:
    """Each program on both sides back to back, ``rounds`` times."""
    ours: dict[str, dict] = {}
    reference: dict[str, dict] = {}
    if backend == "cuda":
        # A GPU machine is quiet and the reference's start (CUDA context) is
        # seconds: each side times every program in one go, rounds in turn.
        for _ in range(max(1, rounds)):
            for name, row in time_ours(bench, names, budget, backend).items():
                _keep_fastest(ours, name, row)
            if reference_python:
                for name, row in time_reference(reference_python, bench, names,
                                                backend).items():
                    _keep_fastest(reference, name, row)
        return ours, reference
    for _ in range(max(1, rounds)):
        for name in names:
            _keep_fastest(ours, name, time_ours(bench, [name], budget, backend)[name])
            if reference_python:
                row = time_reference(reference_python, bench, [name], backend).get(name)
                if row is not None:
                    _keep_fastest(reference, name, row)
    return ours, reference


def _geomean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def table(ours: dict, reference: dict, names: list[str]) -> str:
    lines = ["| program | our compile (ms) | our execute (ms) | XLA compile (ms) | "
             "XLA execute (ms) | compile ratio | execute ratio |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    compile_ratios, exec_ratios = [], []
    for name in names:
        o, r = ours.get(name, {}), reference.get(name, {})
        if "error" in o:
            lines.append(f"| {name} | failed: {o['error']} | | | | | |")
            continue
        cells = [f"{o['compile_s'] * 1e3:.2f}", f"{o['exec_s'] * 1e3:.3f}"]
        if r:
            c_ratio = o["compile_s"] / r["compile_s"]
            e_ratio = o["exec_s"] / r["exec_s"]
            compile_ratios.append(c_ratio)
            exec_ratios.append(e_ratio)
            cells += [f"{r['compile_s'] * 1e3:.2f}", f"{r['exec_s'] * 1e3:.3f}",
                      f"{c_ratio:.2f}", f"{e_ratio:.2f}"]
        else:
            cells += ["", "", "", ""]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines.append(f"| **geometric mean** | | | | | {_geomean(compile_ratios):.2f} | "
                 f"{_geomean(exec_ratios):.2f} |")
    if exec_ratios:
        lines.append(f"| **worst** | | | | | {max(compile_ratios):.2f} | "
                     f"{max(exec_ratios):.2f} |")
    return "\n".join(lines)


def _spin() -> None:
    while True:
        pass


@contextlib.contextmanager
def busy_processes(count: int):
    """``count`` processes that keep a core busy each, for the block's duration."""
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_spin, daemon=True) for _ in range(count)]
    for w in workers:
        w.start()
    try:
        yield
    finally:
        for w in workers:
            w.terminate()
            w.join()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="programs to run (default: all)")
    parser.add_argument("--suite", choices=("shared", "models"), default="shared")
    parser.add_argument("--reference-python", help="python of a venv with jax/jaxlib 0.10.2")
    parser.add_argument("--budget", type=float, default=3.0, help="seconds per program")
    parser.add_argument("--write", help="write the table into this markdown file")
    parser.add_argument("--rounds", type=int, default=2,
                        help="back-to-back rounds per program; the fastest median counts")
    parser.add_argument("--backend", choices=("cpu", "cuda", "mock"), default="cpu",
                        help="our backend (cuda: against the reference's CUDA backend)")
    parser.add_argument("--json", help="also write both sides' rows to this JSON file")
    parser.add_argument("--busy", type=int, default=0,
                        help="busy-looping processes running during the measurement")
    args = parser.parse_args(argv)

    bench = suite(args.suite)
    names = args.names or bench.names()
    with busy_processes(args.busy):
        ours, reference = measure(bench, names, args.budget, args.reference_python,
                                  args.rounds, args.backend)
    text = table(ours, reference, names)
    print(text)
    if args.json:
        Path(args.json).write_text(json.dumps({"ours": ours, "reference": reference},
                                              indent=1))
    if args.write:
        when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        machine = (f"{platform.machine()}, {os.cpu_count()} cores, "
                   f"{platform.python_implementation()} {platform.python_version()}")
        what = ("the programs of `shared/bench`" if bench.name == "shared" else
                "the whole-model programs of `benchmarks/models/` (each output checked "
                "against the reference's)")
        load = (f" With {args.busy} busy-looping process(es) running throughout, for both "
                "sides." if args.busy else "")
        intro = (f"Measured {when} on {machine} by `nox -s bench` (benchmarks/programs.py "
                 f"--suite {bench.name}{f' --busy {args.busy}' if args.busy else ''}): "
                 "this jaxlib and the reference jaxlib 0.10.2 (XLA CPU) in the same run, on "
                 f"{what}, each program timed on both sides back to "
                 f"back in {args.rounds} rounds (fastest median kept; the machine's speed "
                 "drifts by up to 2x over minutes). Compiles are cold in every round on both "
                 "sides; the fastest counts. Ratios are ours / reference: below 1 is "
                 f"faster.{load}")
        section = bench.section + (" under load" if args.busy else "")
        write_section(Path(args.write), section, f"{intro}\n\n{text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
