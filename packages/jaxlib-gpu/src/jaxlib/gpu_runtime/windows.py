"""What the GPU kernels ask of windowed ops and reduction bodies: a one-op
body's op, a reduce_window's geometry, and which cumulative sums go to the
array library's scan. Shared by the generated kernels (fused.py) and the
array-library kernels (kernels.py)."""

from __future__ import annotations

from typing import Any

import numpy as np

from jaxlib._src.ir.core import Operation
from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops.reduction import _WindowSpec
from jaxlib.gpu_runtime import codegen


def single_op_body(region: Any) -> str | None:
    """The op name when a two-argument region just applies one binary op to
    its arguments and returns the result (the common reduce bodies)."""
    block = region.entry
    ops = block.operations
    if len(block.arguments) != 2 or len(ops) != 2:
        return None
    body, ret = ops
    if [id(v) for v in ret.operands] != [id(body.results[0])]:
        return None
    if {id(v) for v in body.operands} != {id(a) for a in block.arguments}:
        return None
    return body.name


def window_geometry(op: Any) -> codegen.Window:
    """A reduce_window's geometry (its operand's shape, the result's, the
    window attributes)."""
    shape = tuple(int(d) for d in op.operand_types[0].shape)
    spec = _WindowSpec(op, len(shape))
    return codegen.Window(
        shape, tuple(int(d) for d in op.result_types[0].shape), tuple(spec.window),
        tuple(spec.strides), tuple(spec.base_dilations), tuple(spec.window_dilations),
        tuple((int(lo), int(hi)) for lo, hi in spec.padding))


# Cumulative sums whose lines are this long and this few run as the array
# library's scan (CUB's on a GPU): a thread per line would walk too far alone.
LIBRARY_SCAN_MIN_LENGTH = 2048
LIBRARY_SCAN_MAX_LINES = 256


def library_scan(op: Operation) -> tuple[int, bool] | None:
    """(axis, reverse) when a reduce_window is a cumulative sum from a zero
    constant init (jax's cumsum) over few long lines, in a type the library
    scan adds as XLA does (not 16-bit floats, which round at each step):
    ``init + scan(x)`` is then the sequential fold, as -0 + 0 is +0 either
    way. Else None."""
    if (len(op.results) != 1 or single_op_body(op.regions[0]) != "stablehlo.add"
            or np.dtype(numpy_dtype(op.operand_types[0].element_type)).kind not in "iuf"
            or numpy_dtype(op.operand_types[0].element_type).itemsize < 4
            or not _constant_zero(op.operands[1])):
        return None
    geometry = window_geometry(op)
    found = geometry.cumulative_axis()
    if found is None:
        return None
    n = geometry.shape[found[0]]
    lines = int(np.prod(geometry.shape, dtype=np.int64)) // n
    return found if n >= LIBRARY_SCAN_MIN_LENGTH and lines <= LIBRARY_SCAN_MAX_LINES else None


def _constant_zero(value: Any) -> bool:
    """Whether ``value`` is defined by a constant op holding zeros."""
    owner = value.owner
    if not isinstance(owner, Operation) or owner.name != "stablehlo.constant":
        return False
    array = np.asarray(owner.attributes["value"].array)
    return array.size > 0 and not array.any()
