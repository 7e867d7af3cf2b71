"""Device launches per run of each model (or shared) benchmark program on
jaxlib-gpu's mock GPUs, with the generated kernels built for the host: what a
GPU would launch per training step (generated kernels, cuBLAS products, CuPy
ops that launch), counted without a GPU. On a GPU every launch costs a few
microseconds even inside a CUDA graph, so in loops (scans) the count is
most of the time.

    python benchmarks/gpu/launches.py [--suite models|shared] [NAME ...]

Prints a line per program: the total and its parts, by kind.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
from pathlib import Path

os.environ.setdefault("JAXLIB_GPU_MOCK_CODEGEN", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from programs import suite

# Ops a GPU step runs without a kernel (views, relabelling, control) or
# whose steps are counted inside them (loops, calls).
_NO_LAUNCH = frozenset({"constant", "reshape", "broadcast_in_dim", "slice", "transpose",
                        "reverse", "call", "while", "return", "get_tuple_element", "tuple",
                        "optimization_barrier", "iota", "case", "if"})


def kind_of(step: tuple) -> str | None:
    """How one program step launches: "generated", "gemm", "gemm+accumulate",
    "other:<op>", or None for a step without a launch of its own."""
    kernel, op = step[0], step[4]
    if getattr(kernel, "launches", None) == 0:  # a view (known_scalars.py)
        return None
    kernel_name = getattr(kernel, "__qualname__", None) or type(kernel).__name__
    name = op.name.split(".")[-1]
    if kernel_name in ("FusedKernel", "GeneratedKernel"):
        return "generated"
    if "accumulate" in kernel_name:
        return "gemm+accumulate"
    if name == "dot_general":
        return "gemm"
    if name in _NO_LAUNCH:
        return None
    return "other:" + name


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="models", choices=("models", "shared"))
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    from jaxlib import xla_client
    from jaxlib._src.backends.cpu import lowering

    counts: collections.Counter = collections.Counter()
    run = lowering.RegionProgram.run

    def counted(self, frame, values):
        for step in self.steps:
            kind = kind_of(step)
            if kind is not None:
                counts[kind] += 1
        return run(self, frame, values)

    lowering.RegionProgram.run = counted
    bench = suite(args.suite)
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    for name in args.names or bench.names():
        executable = gpu.compile_and_load(bench.text(name))
        buffers = [gpu.buffer_from_pyval(a) for a in bench.inputs(name)]
        for out in executable.execute(buffers):  # warm: first-run work is not counted
            out.block_until_ready()
        counts.clear()
        for out in executable.execute(buffers):
            out.block_until_ready()
        parts = ", ".join(f"{k} {v}" for k, v in counts.most_common())
        print(f"{name:28s} {sum(counts.values()):6d}  ({parts})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
