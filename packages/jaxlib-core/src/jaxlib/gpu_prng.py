"""jaxlib.gpu_prng: the GPU threefry target (``{cu,hip}_threefry2x32_ffi``).

jax imports this module unconditionally and registers ``registrations()``
for CUDA and ROCm. Its lowering emits the target only with
``jax_threefry_gpu_kernel_lowering`` on (otherwise threefry is ordinary
integer arithmetic). jaxlib-gpu runs it as a host step: the handler computes
Threefry-2x32 with the core's numpy implementation (the function the CPU's
``rng_bit_generator`` uses), elementwise over the broadcast keys and counts.
"""

from __future__ import annotations

from typing import Any

import numpy as np

TARGET_NAMES: dict[str, tuple[str, ...]] = {
    "CUDA": ("cu_threefry2x32_ffi",),
    "ROCM": ("hip_threefry2x32_ffi",),
}


def _threefry2x32(operands: Any, results: Any, attributes: Any) -> None:
    """keys k1, k2 and counts x1, x2 (uint32, one shape) -> the two output words."""
    from jaxlib._src.ops.rng import threefry2x32

    k1, k2, x1, x2 = operands
    y1, y2 = results
    if not all(v.shape == y1.shape and v.dtype == np.uint32 for v in (k1, k2, x1, x2, y2)):
        raise ValueError("threefry2x32: keys, counts and results must be uint32 arrays of "
                         f"one shape, got {[f'{v.dtype}{list(v.shape)}' for v in operands]}")
    with np.errstate(over="ignore"):
        first, second = threefry2x32(x1, x2, k1, k2)
    np.copyto(y1, first)
    np.copyto(y2, second)


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"CUDA": [(name, handler, 1)], "ROCM": [...]}`` (typed FFI)."""
    return {platform: [(name, _threefry2x32, 1) for name in names]
            for platform, names in TARGET_NAMES.items()}
