"""GPU sparse (cuSPARSE/hipSPARSE) custom-call targets of the jaxlib-sparse extra.

The names are those the reference JAX's GPU lowering emits: the BCOO/BCSR
conversions and products of ``jax.experimental.sparse`` (``{cu,hip}sparse_{coo,csr}_
{todense,fromdense,matvec,matmat}_ffi``) and ``lax.linalg.tridiagonal_solve``
(``{cu,hip}sparse_gtsv2_ffi``); ``tests/corpus/generate.py`` records them in
``tests/corpus/gpu_targets.json`` and a test keeps the two in step.

``gtsv2`` (the tridiagonal solve) runs in jaxlib-gpu as a host step: its
handler here solves with LAPACK's gtsv (scipy), which pivots as cuSPARSE's
gtsv2 does. The BCOO/BCSR kernels are emitted only when
``jax_bcoo_cusparse_lowering`` is on (off by default: jax then lowers sparse
products portably); their handlers fail with ``UNIMPLEMENTED`` naming the
target, so a program that reaches one gets that error, never a silent result.
``registrations()`` has the shape of the reference's answer when its CUDA/ROCm
plugin is installed, ``{"CUDA": [(name, handler, api_version)], "ROCM": [...]}``
(api_version 1: typed FFI); importing this module (a
``jaxlib.custom_call_providers`` entry point) registers them with jaxlib-core.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.base.errors import unimplemented
from jaxlib._src.ops.custom_call_registry import register_module_targets

_FUNCTIONS = tuple(f"{fmt}_{op}" for fmt in ("coo", "csr")
                   for op in ("fromdense", "matmat", "matvec", "todense")) + ("gtsv2",)
_LIBRARY = {"CUDA": ("cusparse", "cuSPARSE"), "ROCM": ("hipsparse", "hipSPARSE")}

# Platform -> target names the reference's lowering emits.
TARGET_NAMES: dict[str, tuple[str, ...]] = {
    platform: tuple(f"{prefix}_{fn}_ffi" for fn in _FUNCTIONS)
    for platform, (prefix, _) in _LIBRARY.items()
}


def _gpu_backend_handler(name: str, platform: str) -> Callable[..., None]:
    library = _LIBRARY[platform][1]

    def handler(operands: Any, results: Any, attributes: Any) -> None:
        raise unimplemented(
            f"custom call {name!r} is a {platform} {library} kernel of the GPU backend "
            "(jaxlib-gpu), which does not provide it yet (jax emits it only with "
            "jax_bcoo_cusparse_lowering on); jaxlib-sparse lists its name only")

    handler.__name__ = handler.__qualname__ = f"unimplemented_{name}"
    return handler


def _gtsv2(operands: Any, results: Any, attributes: Any) -> None:
    """dl, d, du [..., n] (dl[0] and du[n-1] unused) and b [..., n, k] -> the
    solution x of the tridiagonal systems, by LAPACK's gtsv (partial pivoting)."""
    from scipy.linalg import lapack

    dl, d, du, b = operands
    (x,) = results
    n = b.shape[-2] if b.ndim >= 2 else -1
    if (b.ndim < 2 or x.shape != b.shape or not dl.shape == d.shape == du.shape
            or d.shape != b.shape[:-1]):
        raise ValueError(f"gtsv2: diagonals dl{list(dl.shape)} d{list(d.shape)} "
                         f"du{list(du.shape)} do not fit b{list(b.shape)}")
    gtsv = lapack.get_lapack_funcs("gtsv", dtype=b.dtype)
    rows = b.reshape(-1, n, b.shape[-1])
    lower, main, upper = (v.reshape(-1, n) for v in (dl, d, du))
    solved = np.empty_like(rows)
    for i in range(rows.shape[0]):
        *_, solution, info = gtsv(lower[i, 1:], main[i], upper[i, :-1], rows[i])
        solved[i] = solution if info == 0 else np.nan  # a singular system
    np.copyto(x, solved.reshape(x.shape))


_KERNELS: dict[str, dict[str, Callable[..., None]]] = {
    platform: {name: (_gtsv2 if name.endswith("gtsv2_ffi")
                      else _gpu_backend_handler(name, platform)) for name in names}
    for platform, names in TARGET_NAMES.items()
}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"CUDA": [(name, handler, 1), ...], "ROCM": [...]}``: gtsv2 runs on
    the host; the BCOO/BCSR handlers raise UNIMPLEMENTED."""
    return {
        platform: [(name, fn, int(name.endswith("_ffi"))) for name, fn in sorted(kernels.items())]
        for platform, kernels in _KERNELS.items()
    }


def batch_partitionable_targets() -> list[str]:
    """The tridiagonal solves, as the reference lists them."""
    return sorted(name for names in TARGET_NAMES.values() for name in names
                  if name.endswith("gtsv2_ffi"))


register_module_targets(sys.modules[__name__])
