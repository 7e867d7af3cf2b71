"""Memory stability: resident set size over many executions of one program.

Runs a benchmark program (default mlp_b256) N times (default 10,000) through
``execute`` and samples the process's RSS; a leak shows as growth after the
warm-up. ``--write`` puts the table in docs/performance.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from programs import bench_dir, inputs_for
from report import write_section

SECTION = "## Resident memory over repeated executions"


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure(name: str, runs: int) -> list[tuple[int, float]]:
    from jaxlib import xla_client

    directory = bench_dir()
    meta = json.loads((directory / "bench.json").read_text())
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    executable = client.compile_and_load((directory / f"{name}.mlir").read_text(), [device])
    args = [client.buffer_from_pyval(a, device) for a in inputs_for(meta[name])]
    checkpoints = sorted({1, 10, 100, 1000, runs} | set(range(0, runs + 1, max(1, runs // 5))))
    samples = []
    for i in range(1, runs + 1):
        for out in executable.execute(args):
            out.block_until_ready()
        if i in checkpoints:
            samples.append((i, rss_mib()))
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--program", default="mlp_b256")
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--write", help="write the table into this markdown file")
    args = parser.parse_args(argv)
    samples = measure(args.program, args.runs)
    lines = ["| executions | RSS (MiB) |", "| ---: | ---: |"]
    lines += [f"| {i} | {rss:.1f} |" for i, rss in samples]
    after_warmup = [rss for i, rss in samples if i >= 100]
    growth = after_warmup[-1] - after_warmup[0] if after_warmup else float("nan")
    text = "\n".join(lines)
    print(text)
    print(f"growth after 100 executions: {growth:+.1f} MiB")
    if args.write:
        when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        intro = (f"Measured {when} on {platform.machine()} by `nox -s bench` "
                 f"(benchmarks/rss.py): {args.runs} executions of `{args.program}`; RSS "
                 f"changed by {growth:+.1f} MiB from execution 100 to the last.")
        write_section(Path(args.write), SECTION, f"{intro}\n\n{text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
