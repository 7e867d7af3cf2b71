"""jax's GPU threefry target as a device step.

With ``jax_threefry_gpu_kernel_lowering`` jax lowers threefry to the custom
call ``cu_threefry2x32_ffi`` (keys k0, k1 and counts x0, x1, uint32 arrays of
one shape, broadcast by jax; two uint32 results) instead of integer
arithmetic. On GPUs it runs as a generated kernel (codegen.threefry2x32, one
thread per element); on mock GPUs as that kernel's host build when
``JAXLIB_GPU_MOCK_CODEGEN=1``, otherwise as the core's numpy Threefry (the
one the CPU's ``rng_bit_generator`` uses). ROCm's ``hip_threefry2x32_ffi``
stays a host step (jaxlib.gpu_prng) until a ROCm build is tested.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

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

    if xp is np and not fused.enabled(np):
        from jaxlib._src.ops.rng import threefry2x32

        def kernel(k0, k1, x0, x1):
            with np.errstate(over="ignore"):
                first, second = threefry2x32(x0, x1, k0, k1)
            return np.asarray(first, np.uint32), np.asarray(second, np.uint32)

        return kernel
    target = "host" if xp is np else "cuda"
    source, name = codegen.threefry2x32(elements, target)
    generated = fused.GeneratedKernel(source, name, elements, elements,
                                      "int" if elements < 2**31 - 1 else "long long",
                                      [(shape, np.uint32)] * 2, xp, target)
    return lambda k0, k1, x0, x1: generated(k0, k1, x0, x1)
