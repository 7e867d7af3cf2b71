"""GPU solver (cuSOLVER/hipSOLVER) custom-call targets (CUDA/ROCm) of the jaxlib-linalg extra.

The names are those the reference JAX's GPU lowering emits for ``jnp.linalg``,
``jax.scipy.linalg``, ``lax.linalg`` and ``jax.experimental.sparse.linalg.spsolve``
(``tests/corpus/gpu_targets.py`` records them; a test keeps the two in step):
the cuSOLVER/hipSOLVER typed-FFI kernels (``*_ffi``) and the hybrid CPU/GPU
kernels (``cuhybrid_*``/``hiphybrid_*``: ``eig`` and pivoted QR).

Their kernels belong to the GPU backend (jaxlib-gpu), which does not provide
them yet. ``registrations()`` has the shape of the reference's answer when its
CUDA/ROCm plugin is installed (api_version 1 for ``*_ffi`` and hybrid names, as
there) and each handler fails with ``UNIMPLEMENTED`` naming the target and the
GPU backend when called (see ``jaxlib.gpu_linalg``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jaxlib.gpu_linalg import gpu_backend_handler

_SOLVER_FUNCTIONS = ("csrlsvqr", "geqrf", "gesvd", "gesvdj", "gesvdp", "getrf", "orgqr",
                     "potrf", "syevd", "sytrd")
_HYBRID_FUNCTIONS = ("eig_comp", "eig_real", "geqp3")

# Platform -> target names the reference's lowering emits. hipSOLVER has no
# sparse QR solve: spsolve does not lower for ROCm.
TARGET_NAMES: dict[str, tuple[str, ...]] = {
    "CUDA": tuple(f"cusolver_{fn}_ffi" for fn in _SOLVER_FUNCTIONS)
    + tuple(f"cuhybrid_{fn}" for fn in _HYBRID_FUNCTIONS),
    "ROCM": tuple(f"hipsolver_{fn}_ffi" for fn in _SOLVER_FUNCTIONS if fn != "csrlsvqr")
    + tuple(f"hiphybrid_{fn}" for fn in _HYBRID_FUNCTIONS),
}


def _is_hybrid(name: str) -> bool:
    return name.startswith(("cuhybrid_", "hiphybrid_"))


def _library(platform: str, name: str) -> str:
    if _is_hybrid(name):
        return "hybrid (host LAPACK + GPU)"
    return "cuSOLVER" if platform == "CUDA" else "hipSOLVER"


_KERNELS: dict[str, dict[str, Callable[..., None]]] = {
    platform: {name: gpu_backend_handler(name, platform, _library(platform, name))
               for name in names}
    for platform, names in TARGET_NAMES.items()
}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"CUDA": [(name, handler, api_version), ...], "ROCM": [...]}``; each handler
    raises UNIMPLEMENTED."""
    return {
        platform: [(name, fn, int(name.endswith("_ffi") or _is_hybrid(name)))
                   for name, fn in sorted(kernels.items())]
        for platform, kernels in _KERNELS.items()
    }


def batch_partitionable_targets() -> list[str]:
    """Every target (typed FFI and hybrid), as the reference lists them."""
    return sorted(name for names in TARGET_NAMES.values() for name in names)


def initialize_hybrid_kernels() -> None:
    """The reference loads MAGMA/LAPACK for its hybrid kernels here; without GPU
    kernels there is nothing to load."""


def has_magma() -> bool:
    """Whether the hybrid kernels can use MAGMA: never, without GPU kernels."""
    return False
