"""GPU linear-algebra custom-call targets (CUDA/ROCm) of the jaxlib-linalg extra.

The names are those the reference JAX's GPU lowering emits outside the solver
libraries: the LU pivots-to-permutation kernel (``lax.linalg.lu``, ``jnp.linalg.solve``,
``det``, ...), the perturbed tridiagonal solve and, on CUDA, the rank-1 Cholesky update
(``tests/corpus/gpu_targets.py`` records them; a test keeps the two in step).

jaxlib-gpu runs them as host steps (see ``jaxlib.gpu_solver``): the handlers
here compute them with numpy, as jax's portable lowerings of the same
primitives define them. ``registrations()`` has the shape of the reference's
answer, ``{"CUDA": [(name, handler, api_version)], "ROCM": [...]}``; importing
this module (a ``jaxlib.custom_call_providers`` entry point) registers the
targets with jaxlib-core for those platforms.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.ops.custom_call_registry import register_module_targets

# Platform -> target names the reference's lowering emits (all typed FFI).
TARGET_NAMES: dict[str, tuple[str, ...]] = {
    "CUDA": ("cu_cholesky_update_ffi", "cu_lu_pivots_to_permutation",
             "cu_tridiagonal_solve_perturbed"),
    "ROCM": ("hip_lu_pivots_to_permutation", "hip_tridiagonal_solve_perturbed"),
}


def _lu_pivots_to_permutation(operands, results, attributes) -> None:
    """pivots [..., k] (0-based row swaps, applied in order) -> the
    permutation [..., m] they make of 0..m-1; pivots outside [0, m) swap nothing."""
    (pivots,) = operands
    (permutation,) = results
    if pivots.ndim < 1 or permutation.shape[:-1] != pivots.shape[:-1]:
        raise ValueError(f"lu_pivots_to_permutation: pivots{list(pivots.shape)} and "
                         f"permutation{list(permutation.shape)} differ in batch dimensions")
    m, k = permutation.shape[-1], pivots.shape[-1]
    if k > m:
        raise ValueError(f"lu_pivots_to_permutation: {k} pivots for a permutation of {m}")
    count = int(np.prod(permutation.shape[:-1], dtype=np.int64))
    rows = np.broadcast_to(np.arange(m, dtype=permutation.dtype), permutation.shape).copy()
    flat, swaps = rows.reshape(count, m), pivots.reshape(count, k)
    batch = np.arange(flat.shape[0])
    for i in range(k):
        j = swaps[:, i].astype(np.int64)
        # The CUDA/ROCm kernel skips a pivot outside [0, m) (the reference's
        # recorded outputs show it): that row stays where it is.
        valid = (j >= 0) & (j < m)
        rows_i, j = batch[valid], j[valid]
        x, y = flat[rows_i, i].copy(), flat[rows_i, j].copy()
        flat[rows_i, i] = y
        flat[rows_i, j] = x
    np.copyto(permutation, rows)


def _cholesky_update(operands, results, attributes) -> None:
    """R (upper triangular, R^T R = A) and w -> the R' of A + w w^T, by the
    Givens rotations of jax's portable lowering (the second result is the
    rotated w, which the lowering discards)."""
    r, w = operands
    r_out, w_out = results
    n = r.shape[-1]
    if r.shape != (n, n) or w.shape != (n,):
        raise ValueError(f"cholesky_update: r{list(r.shape)} and w{list(w.shape)} are not "
                         "a square matrix and a vector of its size")
    r, z = r.copy(), w.copy()
    one, zero = np.ones((), r.dtype), np.zeros((), r.dtype)
    with np.errstate(all="ignore"):
        for k in range(n):
            x, y = r[k, k], z[k]
            if y == 0:
                c, s = one, zero
            else:
                scale = max(abs(x), abs(y))
                x, y = x / scale, y / scale
                rh = one / np.sqrt(x * x + y * y)
                c, s = x * rh, -y * rh
            row = r[k, :].copy()
            r[k, :] = c * row - s * z
            z = c * z + s * row
    np.copyto(r_out, r)
    np.copyto(w_out, z)


def _tridiagonal_solve_perturbed(operands, results, attributes) -> None:
    """``tridiagonal_solve(..., perturb_singular=True)``: jaxlib.lapack's
    pivoted solve that perturbs zero pivots, as on the CPU."""
    from jaxlib import lapack

    lapack._tridiagonal_solve_perturbed(operands, results, attributes)


_HANDLERS: dict[str, Callable[..., None]] = {
    "cu_tridiagonal_solve_perturbed": _tridiagonal_solve_perturbed,
    "hip_tridiagonal_solve_perturbed": _tridiagonal_solve_perturbed,
    "cu_cholesky_update_ffi": _cholesky_update,
    "cu_lu_pivots_to_permutation": _lu_pivots_to_permutation,
    "hip_lu_pivots_to_permutation": _lu_pivots_to_permutation,
}

_KERNELS: dict[str, dict[str, Callable[..., None]]] = {
    platform: {name: _HANDLERS[name] for name in names}
    for platform, names in TARGET_NAMES.items()
}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"CUDA": [(name, handler, 1), ...], "ROCM": [...]}`` (typed FFI, as the
    reference registers them); the handlers run on the host."""
    return {
        platform: [(name, fn, 1) for name, fn in sorted(kernels.items())]
        for platform, kernels in _KERNELS.items()
    }


def batch_partitionable_targets() -> list[str]:
    """The pivots-to-permutation targets, as the reference lists them."""
    return sorted(name for names in TARGET_NAMES.values() for name in names
                  if name.endswith("_lu_pivots_to_permutation"))


register_module_targets(sys.modules[__name__])
