"""Benchmark the shared programs (``../shared/bench``) on this jaxlib and, in the
same run, on the reference jaxlib in its own virtual environment.

    python benchmarks/programs.py [--reference-python PATH] [--write docs/performance.md]

Per program: our compile time and median execute time, the reference's, and
the ratios (ours / reference); then the geometric means. Inputs are those of
``bench.json`` (standard normal, cast; integers as abs(x * 1000)). Timing
protocol as the reference timer's: at least 5 runs, up to 3 s or 200 runs,
inputs on device, results blocked on.

The machine's speed drifts (shared cores), so each program is timed on both
sides back to back, in ``--rounds`` rounds, and each side keeps its fastest
median. Every round's compile is cold on both sides (the reference starts a
fresh process; ours empties the in-memory executable cache first), and each
side keeps its fastest compile too: a single compile of a few milliseconds is
at the mercy of the machine's noise.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from report import write_section

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Shared benchmark programs"


def bench_dir() -> Path:
    candidates = [os.environ.get("JAXLIB_BENCH_DIR", ""), str(ROOT.parent / "shared" / "bench")]
    for c in candidates:
        if c and (Path(c) / "bench.json").is_file():
            return Path(c)
    raise SystemExit(f"benchmark programs not found (looked in {candidates}); "
                     "set JAXLIB_BENCH_DIR")


def inputs_for(specs: list[dict]) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    out = []
    for s in specs:
        a = rng.standard_normal(s["shape"])
        if s["dtype"].startswith("int"):
            a = np.abs(a * 1000)
        out.append(a.astype(s["dtype"]))
    return out


def time_ours(directory: Path, names: list[str], budget_s: float) -> dict[str, dict]:
    from jaxlib import xla_client
    from jaxlib._src.compiler import persistent_cache, pipeline

    persistent_cache.set_cache_dir(None)  # cold compiles only, whatever the environment says

    meta = json.loads((directory / "bench.json").read_text())
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    results = {}
    for name in names:
        text = (directory / f"{name}.mlir").read_text()
        try:
            pipeline.clear_compilation_cache()  # every round times a cold compile
            start = time.perf_counter()
            executable = client.compile_and_load(text, [device])
            compile_s = time.perf_counter() - start
            args = [client.buffer_from_pyval(a, device) for a in inputs_for(meta[name])]
            times: list[float] = []
            deadline = time.perf_counter() + budget_s
            while len(times) < 5 or (time.perf_counter() < deadline and len(times) < 200):
                start = time.perf_counter()
                for out in executable.execute(args):
                    out.block_until_ready()
                times.append(time.perf_counter() - start)
            results[name] = {"compile_s": compile_s, "exec_s": statistics.median(times),
                             "runs": len(times)}
        except Exception as err:  # one failing program must not hide the others
            results[name] = {"error": f"{type(err).__name__}: {err}"[:200]}
        print(f"ours {name}: {results[name]}", file=sys.stderr, flush=True)
    return results


def time_reference(python: str, directory: Path, names: list[str]) -> dict[str, dict]:
    timer = directory / "reference_timer.py"
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    completed = subprocess.run([python, str(timer), str(directory), *names], env=env,
                               capture_output=True, text=True, timeout=3600)
    if completed.returncode != 0:
        raise SystemExit(f"the reference timer failed:\n{completed.stderr[-3000:]}")
    results = {}
    for line in completed.stdout.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            results[row["name"]] = row
    return results


def _keep_fastest(best: dict[str, dict], name: str, row: dict) -> None:
    previous = best.get(name)
    if previous is None or "exec_s" not in previous:
        best[name] = dict(row)
    elif "exec_s" in row:
        for key in ("exec_s", "compile_s"):
            previous[key] = min(previous[key], row[key])


def measure(directory: Path, names: list[str], budget: float, reference_python: str | None,
            rounds: int) -> tuple[dict[str, dict], dict[str, dict]]:
    """Each program on both sides back to back, ``rounds`` times."""
    ours: dict[str, dict] = {}
    reference: dict[str, dict] = {}
    for _ in range(max(1, rounds)):
        for name in names:
            _keep_fastest(ours, name, time_ours(directory, [name], budget)[name])
            if reference_python:
                row = time_reference(reference_python, directory, [name]).get(name)
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
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="programs to run (default: all)")
    parser.add_argument("--reference-python", help="python of a venv with jax/jaxlib 0.10.2")
    parser.add_argument("--budget", type=float, default=3.0, help="seconds per program")
    parser.add_argument("--write", help="write the table into this markdown file")
    parser.add_argument("--rounds", type=int, default=2,
                        help="back-to-back rounds per program; the fastest median counts")
    args = parser.parse_args(argv)

    directory = bench_dir()
    names = args.names or sorted(json.loads((directory / "bench.json").read_text()))
    ours, reference = measure(directory, names, args.budget, args.reference_python,
                              args.rounds)
    text = table(ours, reference, names)
    print(text)
    if args.write:
        when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        machine = (f"{platform.machine()}, {os.cpu_count()} cores, "
                   f"{platform.python_implementation()} {platform.python_version()}")
        intro = (f"Measured {when} on {machine} by `nox -s bench` (benchmarks/programs.py): "
                 "this jaxlib and the reference jaxlib 0.10.2 (XLA CPU) in the same run, on "
                 "the programs of `shared/bench`, each program timed on both sides back to "
                 f"back in {args.rounds} rounds (fastest median kept; the machine's speed "
                 "drifts by up to 2x over minutes). Compiles are cold in every round on both "
                 "sides; the fastest counts. Ratios are ours / reference: below 1 is "
                 "faster.")
        write_section(Path(args.write), SECTION, f"{intro}\n\n{text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
