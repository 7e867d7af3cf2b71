"""GPU sparse (cuSPARSE/hipSPARSE) custom-call targets of the jaxlib-sparse extra.

The names are those the reference JAX's GPU lowering emits: the BCOO/BCSR
conversions and products of ``jax.experimental.sparse`` (``{cu,hip}sparse_{coo,csr}_
{todense,fromdense,matvec,matmat}_ffi``) and ``lax.linalg.tridiagonal_solve``
(``{cu,hip}sparse_gtsv2_ffi``); ``tests/corpus/generate.py`` records them in
``tests/corpus/gpu_targets.json`` and a test keeps the two in step.

Their kernels belong to the GPU backend (jaxlib-gpu), which does not provide
them yet. ``registrations()`` has the shape of the reference's answer when its
CUDA/ROCm plugin is installed, ``{"CUDA": [(name, handler, api_version)], "ROCM":
[...]}`` (api_version 1: typed FFI), and every handler fails with
``UNIMPLEMENTED`` naming the target and the GPU backend when called, so a
program that reaches one gets that error rather than a silent result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jaxlib._src.base.errors import unimplemented

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
            "(jaxlib-gpu), which does not provide it yet; jaxlib-sparse lists its name only")

    handler.__name__ = handler.__qualname__ = f"unimplemented_{name}"
    return handler


_KERNELS: dict[str, dict[str, Callable[..., None]]] = {
    platform: {name: _gpu_backend_handler(name, platform) for name in names}
    for platform, names in TARGET_NAMES.items()
}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"CUDA": [(name, handler, 1), ...], "ROCM": [...]}``; each handler raises
    UNIMPLEMENTED."""
    return {
        platform: [(name, fn, int(name.endswith("_ffi"))) for name, fn in sorted(kernels.items())]
        for platform, kernels in _KERNELS.items()
    }


def batch_partitionable_targets() -> list[str]:
    """The tridiagonal solves, as the reference lists them."""
    return sorted(name for names in TARGET_NAMES.values() for name in names
                  if name.endswith("gtsv2_ffi"))
