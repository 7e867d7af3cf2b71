"""Native lowerings: stablehlo.gather and stablehlo.scatter.

Both pass their dimension numbers through unchanged; the kernels
(``csrc/cpu/kernels/gather_scatter.cc``) turn them into strides from the
static shapes and reject (fall back on) anything inconsistent. Scatter is
native only with one operand and an update computation that is a single
add/multiply/max/min/and/or/xor of (current, update), or returns the update.
"""

from __future__ import annotations

import numpy as np

from jaxlib._src.backends.cpu.native_lowerings import NativeKernel, native_lowering
from jaxlib._src.ir.attributes import GatherDimensionNumbers, ScatterDimensionNumbers
from jaxlib._src.ir.core import Operation, load_op_table
from jaxlib._src.ops.data_movement import int_list
from jaxlib._src.ops.gather_scatter import (
    _COMBINER_UFUNCS,
    _KEEP,
    _REPLACE,
    recognise_combiners,
)

# The native kernel's name of each combiner ufunc: its op's fused opcode
# (gather_scatter.cc spells combiners as fused_ops.def does).
_COMBINER_NAMES: dict[np.ufunc, str] = {
    ufunc: load_op_table()[name].fused for name, ufunc in _COMBINER_UFUNCS.items()}


def _ints(values: object) -> list[int]:
    return [int(v) for v in values]


@native_lowering("stablehlo.gather")
def lower_gather(op: Operation) -> NativeKernel | None:
    dnums = op.attributes.get("dimension_numbers")
    if not isinstance(dnums, GatherDimensionNumbers) or len(op.operands) != 2:
        return None
    return NativeKernel("gather", {
        "offset_dims": _ints(dnums.offset_dims),
        "collapsed_slice_dims": _ints(dnums.collapsed_slice_dims),
        "operand_batching_dims": _ints(dnums.operand_batching_dims),
        "start_indices_batching_dims": _ints(dnums.start_indices_batching_dims),
        "start_index_map": _ints(dnums.start_index_map),
        "index_vector_dim": int(dnums.index_vector_dim),
        "slice_sizes": _ints(int_list(op, "slice_sizes")),
    })


def scatter_combiner(op: Operation) -> str | None:
    """The native name of a single-operand scatter's update computation, or
    None when the region must run (or the op is variadic)."""
    if len(op.operands) != 3 or not op.regions:
        return None
    combiners = recognise_combiners(op, 1)
    if combiners is None:
        return None
    combine = combiners[0]
    if combine is _REPLACE:
        return "replace"
    if combine is _KEEP:
        return None  # the result is the operand; rare, left to the reference
    return _COMBINER_NAMES.get(combine)


@native_lowering("stablehlo.scatter")
def lower_scatter(op: Operation) -> NativeKernel | None:
    dnums = op.attributes.get("scatter_dimension_numbers")
    combiner = scatter_combiner(op)
    if not isinstance(dnums, ScatterDimensionNumbers) or combiner is None:
        return None
    return NativeKernel("scatter", {
        "update_window_dims": _ints(dnums.update_window_dims),
        "inserted_window_dims": _ints(dnums.inserted_window_dims),
        "input_batching_dims": _ints(dnums.input_batching_dims),
        "scatter_indices_batching_dims": _ints(dnums.scatter_indices_batching_dims),
        "scatter_dims_to_operand_dims": _ints(dnums.scatter_dims_to_operand_dims),
        "index_vector_dim": int(dnums.index_vector_dim),
        "combiner": combiner,
    })
