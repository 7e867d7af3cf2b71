"""jax's random bits on the device: its GPU threefry target and
``stablehlo.rng_bit_generator``.

With ``jax_threefry_gpu_kernel_lowering`` jax lowers threefry to the custom
call ``cu_threefry2x32_ffi`` (keys k0, k1 and counts x0, x1, uint32 arrays of
one shape, broadcast by jax; two uint32 results) instead of integer
arithmetic; jax's ``rbg`` and ``unsafe_rbg`` PRNGs draw through
``stablehlo.rng_bit_generator``. On GPUs each runs as one generated kernel
(codegen.threefry2x32, one thread per element; codegen.rng_bit_generator,
which reads the state on the device); on mock GPUs as that kernel's host
build when ``JAXLIB_GPU_MOCK_CODEGEN=1``, otherwise as the core's numpy
kernels. ROCm's ``hip_threefry2x32_ffi`` stays a host step (jaxlib.gpu_prng)
until a ROCm build is tested.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.ir.element_types import info as element_info
from jaxlib._src.ir.types import numpy_dtype

TARGETS = frozenset({"cu_threefry2x32_ffi"})


def threefry_kernel(op: Any, xp: Any) -> Callable[..., tuple] | None:
    """The device step of a threefry call, or None (a host step) where the
    operands are not four uint32 arrays of the results' one shape."""
    types = [*op.operand_types, *op.result_types]
    if len(op.operands) != 4 or len(op.result_types) != 2 or any(
            numpy_dtype(t.element_type) != np.uint32 or tuple(t.shape) != tuple(types[0].shape)
            for t in types):
        return None
    shape = tuple(types[0].shape)
    elements = int(np.prod(shape, dtype=np.int64))
    from jaxlib.gpu_runtime import codegen, fused

    target = fused.generated_target(xp)
    if target is None:
        from jaxlib._src.ops.rng import threefry2x32

        def kernel(k0, k1, x0, x1):
            with np.errstate(over="ignore"):
                first, second = threefry2x32(x0, x1, k0, k1)
            return np.asarray(first, np.uint32), np.asarray(second, np.uint32)

        return kernel
    source, name = codegen.threefry2x32(elements, target)
    generated = fused.per_item_kernel(source, name, elements, [(shape, np.uint32)] * 2, xp,
                                      target)
    return lambda k0, k1, x0, x1: generated(k0, k1, x0, x1)


def rng_bit_generator_kernel(op: Any, xp: Any) -> Callable[..., tuple] | None:
    """``stablehlo.rng_bit_generator`` (jax's ``rbg`` and ``unsafe_rbg`` PRNGs)
    as one generated kernel that reads the state on the device: THREE_FRY and
    PHILOX (DEFAULT), outputs of 8 to 64 bits. None (a host step) for narrower
    outputs or types without device arithmetic."""
    from jaxlib._src.ops.rng import _algorithm

    state_type, (_, output_type) = op.operand_types[0], op.result_types
    dtype = numpy_dtype(output_type.element_type)
    width = dtype.itemsize * 8
    row = element_info(output_type.element_type)
    if dtype.kind == "b" or row is None or row.bits != width or width not in (8, 16, 32, 64):
        return None  # predicates, and types narrower than their storage: host steps
    shape = tuple(output_type.shape)
    state_size = int(state_type.shape[0])
    from jaxlib.gpu_runtime import codegen, fused

    target = fused.generated_target(xp)
    if target is None:
        from jaxlib._src.ops.registry import REFERENCE_KERNELS

        return REFERENCE_KERNELS["stablehlo.rng_bit_generator"](op, None)
    bits = 64 if width == 64 else 32
    word = np.dtype(np.uint64 if bits == 64 else np.uint32)
    try:
        source, name, threads = codegen.rng_bit_generator(_algorithm(op), bits, shape,
                                                          state_size, target)
    except codegen.Unsupported:
        return None
    generated = fused.per_item_kernel(source, name, threads,
                                      [((state_size,), np.dtype(np.uint64)), (shape, word)],
                                      xp, target)

    def kernel(state):
        new_state, words = generated(state)
        if width >= 32:
            return new_state, words.view(dtype)
        low = (words & np.uint32((1 << width) - 1)).astype(np.dtype(f"u{width // 8}"))
        return new_state, low.view(dtype)

    return kernel
