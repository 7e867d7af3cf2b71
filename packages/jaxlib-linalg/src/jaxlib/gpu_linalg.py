"""GPU linear-algebra custom-call targets (CUDA/ROCm) of the jaxlib-linalg extra.

The names are those the reference JAX's GPU lowering emits outside the solver
libraries: the LU pivots-to-permutation kernel (``lax.linalg.lu``, ``jnp.linalg.solve``,
``det``, ...) and, on CUDA, the rank-1 Cholesky update
(``tests/corpus/gpu_targets.py`` records them; a test keeps the two in step).

Their kernels belong to the GPU backend (jaxlib-gpu), which does not provide
them yet. ``registrations()`` keeps the shape of the reference's answer when its
CUDA/ROCm plugin is installed, ``{"CUDA": [(name, handler, api_version)], "ROCM":
[...]}``, so code that registers these targets works unchanged, and every
handler fails with ``UNIMPLEMENTED`` naming the target and the GPU backend when
called: a program that reaches one gets that error, never a silent result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jaxlib._src.base.errors import unimplemented

# Platform -> target names the reference's lowering emits (all typed FFI).
TARGET_NAMES: dict[str, tuple[str, ...]] = {
    "CUDA": ("cu_cholesky_update_ffi", "cu_lu_pivots_to_permutation"),
    "ROCM": ("hip_lu_pivots_to_permutation",),
}


def gpu_backend_handler(name: str, platform: str, library: str) -> Callable[..., None]:
    """A typed-FFI handler for GPU target ``name`` that raises UNIMPLEMENTED."""

    def handler(operands: Any, results: Any, attributes: Any) -> None:
        raise unimplemented(
            f"custom call {name!r} is a {platform} {library} kernel of the GPU backend "
            "(jaxlib-gpu), which does not provide it yet; jaxlib-linalg lists its name only")

    handler.__name__ = handler.__qualname__ = f"unimplemented_{name}"
    return handler


_KERNELS: dict[str, dict[str, Callable[..., None]]] = {
    platform: {name: gpu_backend_handler(name, platform, "linalg") for name in names}
    for platform, names in TARGET_NAMES.items()
}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"CUDA": [(name, handler, 1), ...], "ROCM": [...]}`` (typed FFI, as the
    reference registers them; each handler raises UNIMPLEMENTED)."""
    return {
        platform: [(name, fn, 1) for name, fn in sorted(kernels.items())]
        for platform, kernels in _KERNELS.items()
    }


def batch_partitionable_targets() -> list[str]:
    """The pivots-to-permutation targets, as the reference lists them."""
    return sorted(name for names in TARGET_NAMES.values() for name in names
                  if name.endswith("_lu_pivots_to_permutation"))
