"""Prints the linear-algebra benchmark programs with the reference JAX (CPU lowering:
``lapack_*_ffi`` custom calls) into this folder: ``NAME.mlir`` (``jax.jit(f).lower(*args)
.as_text()``) and ``bench.json`` (each program's input shapes and dtypes, the format of
``shared/bench``). Run it in the reference's virtual environment::

    /work/refvenv/bin/python benchmarks/linalg/print_programs.py

Batched: 64 matrices of 64 x 64, float32 and float64. Inputs are standard normal
(the timers draw them), so the Cholesky programs factor ``a a^T + n I`` (positive
definite): the batched product is part of what both sides time.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)

HERE = Path(__file__).resolve().parent
BATCH, N, RHS = 64, 64, 8


def _spd_cholesky(a):
    spd = a @ jnp.swapaxes(a, -1, -2) + N * jnp.eye(N, dtype=a.dtype)
    return jnp.linalg.cholesky(spd)


PROGRAMS = {
    "solve": (lambda a, b: jnp.linalg.solve(a, b), [(BATCH, N, N), (BATCH, N, RHS)]),
    "cholesky": (_spd_cholesky, [(BATCH, N, N)]),
    "svd": (lambda a: jnp.linalg.svd(a), [(BATCH, N, N)]),
    "svdvals": (lambda a: jnp.linalg.svd(a, compute_uv=False), [(BATCH, N, N)]),
}


def main() -> None:
    meta = {}
    for dtype in ("float32", "float64"):
        for base, (fn, shapes) in PROGRAMS.items():
            name = f"{base}_b{BATCH}_n{N}_{dtype}"
            args = [jax.ShapeDtypeStruct(s, dtype) for s in shapes]
            (HERE / f"{name}.mlir").write_text(jax.jit(fn).lower(*args).as_text())
            meta[name] = [{"shape": list(s), "dtype": dtype} for s in shapes]
    (HERE / "bench.json").write_text(json.dumps(meta, indent=1) + "\n")
    print(sorted(meta))


if __name__ == "__main__":
    main()
