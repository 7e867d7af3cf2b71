"""Compiles every fused kernel jaxlib-gpu generates for a set of programs
with NVRTC, on any machine (the nvidia NVRTC wheel needs no GPU): to the
machine code a GPU loads (CUBIN for ``--arch``, default 90: NVRTC's ptxas
runs too, so register and shared-memory limits are checked), with the
options kernels are compiled with for a GPU.

    python benchmarks/gpu/nvrtc_check.py [--conformance DIR] [--programs DIR ...] [--arch 90]

``--conformance``: the StableHLO conformance suite (each case's functions);
``--programs``: folders of ``*.mlir`` programs (the corpus, the benchmarks).
Prints the kernels that fail with NVRTC's log, then a JSON summary; exits 1
when any kernel fails.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np


def conformance_sources(root: str, sources: dict[str, str], errors: list[str]) -> int:
    """Adds the kernels of every conformance case; returns the files read."""
    from jaxlib._src.tools import conformance
    from jaxlib.gpu_runtime.program import GpuModuleLowering

    class Collecting:
        """Builds each case's program (generating its kernels) without running it."""

        def __init__(self, module, host):
            self.lowering = GpuModuleLowering(host, np, fusion_target="cuda")

        def function(self, name):
            try:
                self.lowering.function(name)
            except Exception as err:  # a case the GPU lowering rejects: reported
                errors.append(f"{name}: {type(err).__name__}: {err}"[:300])
            sources.update(self.lowering.kernel_sources)
            return lambda *args: ()

    files = 0
    for path in conformance.iter_files([root]):
        files += 1
        conformance.run_file(path, Collecting)
    return files


def program_sources(folder: str, sources: dict[str, str], errors: list[str]) -> int:
    from jaxlib.gpu_runtime.program import kernel_sources

    count = 0
    for path in sorted(Path(folder).glob("*.mlir")):
        count += 1
        try:
            sources.update(kernel_sources(path.read_text()))
        except Exception as err:  # programs our compiler rejects are other tests' business
            errors.append(f"{path.name}: {type(err).__name__}: {err}"[:300])
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conformance", help="the conformance suite's folder")
    parser.add_argument("--programs", nargs="*", default=[], help="folders of .mlir programs")
    parser.add_argument("--arch", default="90", help="the GPU architecture (sm_ARCH)")
    args = parser.parse_args(argv)
    from jaxlib.gpu_runtime import nvrtc

    start = time.monotonic()
    sources: dict[str, str] = {}
    errors: list[str] = []
    read = 0
    if args.conformance:
        read += conformance_sources(args.conformance, sources, errors)
    for folder in args.programs:
        read += program_sources(folder, sources, errors)
    generated = time.monotonic() - start
    failed = []
    for name, source in sorted(sources.items()):
        try:
            nvrtc.compile_to_cubin(source, args.arch, f"{name}.cu", nvrtc.DEVICE_OPTIONS)
        except nvrtc.CompileError as err:
            failed.append(name)
            print(f"FAIL {name}:\n{str(err)[:2000]}\n--- source ---\n"
                  f"{source.split(chr(10) + chr(10), 1)[-1][-3000:]}", flush=True)
    summary = {"files": read, "kernels": len(sources), "failed": len(failed),
               "nvrtc": ".".join(map(str, nvrtc.version())), "arch": f"sm_{args.arch}",
               "lowering_errors": len(errors), "generate_seconds": round(generated, 1),
               "seconds": round(time.monotonic() - start, 1)}
    print(json.dumps(summary))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
