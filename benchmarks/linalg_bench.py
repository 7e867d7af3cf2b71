"""Benchmark batched linear algebra (solve, Cholesky, SVD; 64 x 64 x 64, float32 and
float64) on this jaxlib (jaxlib-linalg's LAPACK kernels) and, in the same run, on
the reference jaxlib in its own virtual environment.

    python benchmarks/linalg_bench.py [--reference-python PATH] [--write docs/performance.md]

The programs are ``benchmarks/linalg/*.mlir``, printed by the reference JAX with
``benchmarks/linalg/print_programs.py``; inputs, timing protocol and table are
those of ``benchmarks/programs.py`` (the reference side runs the shared
``reference_timer.py`` on this folder, after ``linalg/reference_timer.py`` has
initialized the reference's LAPACK kernels). ``--write`` replaces (or appends) the
"Linear algebra" section of the markdown file, leaving the rest as it is.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from programs import Suite, _keep_fastest, bench_dir, table, time_ours
from report import write_section

PROGRAMS_DIR = Path(__file__).resolve().parent / "linalg"
SECTION = "## Linear algebra (jaxlib-linalg)"


def time_reference(python: str, names: list[str]) -> dict[str, dict]:
    """The shared reference timer (``shared/bench/reference_timer.py``) on this folder,
    through ``linalg/reference_timer.py`` (which initializes the reference's LAPACK)."""
    shared_timer = bench_dir() / "reference_timer.py"
    completed = subprocess.run([python, str(PROGRAMS_DIR / "reference_timer.py"),
                                str(shared_timer), str(PROGRAMS_DIR), *names],
                               env=dict(os.environ, JAX_PLATFORMS="cpu"),
                               capture_output=True, text=True, timeout=3600)
    if completed.returncode != 0:
        raise SystemExit(f"the reference timer failed:\n{completed.stderr[-3000:]}")
    rows = [json.loads(line) for line in completed.stdout.splitlines() if line.startswith("{")]
    return {row["name"]: row for row in rows}


def section_text(body: str) -> str:
    return ("Batched solve / Cholesky / SVD (`benchmarks/linalg_bench.py`, "
            "programs printed by the reference JAX in `benchmarks/linalg/`): 64 matrices of "
            "64 x 64. Ours runs jaxlib-linalg's kernels (scipy's LAPACK, batch loop in C++); "
            "the reference, jaxlib 0.10.2's LAPACK kernels under XLA CPU. The Cholesky "
            "programs include forming `a a^T + n I`. Both sides run back to back in rounds, "
            "each keeping its fastest median. Ratios are ours / reference.\n\n"
            f"{body}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="programs to run (default: all)")
    parser.add_argument("--reference-python", help="python of a venv with jax/jaxlib 0.10.2")
    parser.add_argument("--budget", type=float, default=3.0, help="seconds per program")
    parser.add_argument("--write", help="write the table into this markdown file")
    parser.add_argument("--rounds", type=int, default=3,
                        help="back-to-back rounds per program; the fastest median counts")
    args = parser.parse_args(argv)

    names = args.names or sorted(json.loads((PROGRAMS_DIR / "bench.json").read_text()))
    # This folder has the shared benchmark's layout (bench.json, NAME.mlir).
    suite = Suite("shared", PROGRAMS_DIR, PROGRAMS_DIR / "reference_timer.py", SECTION)
    # Both sides back to back per program, in rounds (the machine's speed
    # drifts), each keeping its fastest median: programs.py's protocol.
    ours: dict[str, dict] = {}
    reference: dict[str, dict] = {}
    for _ in range(max(1, args.rounds)):
        for name in names:
            _keep_fastest(ours, name, time_ours(suite, [name], args.budget)[name])
            if args.reference_python:
                row = time_reference(args.reference_python, [name]).get(name)
                if row is not None:
                    _keep_fastest(reference, name, row)
    body = table(ours, reference, names)
    print(body)
    if args.write:
        write_section(Path(args.write), SECTION, section_text(body))
    return 0


if __name__ == "__main__":
    sys.exit(main())
