"""Native lowerings of the data-movement ops (``csrc/cpu/kernels/data_movement.cc``).

The kernels move elements by size, so every element type of 1, 2, 4, 8 or 16
bytes that the native side knows runs natively; the C++ factories decline
(and the reference kernel runs) for anything else. ``reshape`` is not lowered:
the executor turns it into an alias.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from jaxlib._src.backends.cpu.native_lowerings import NativeKernel, native_lowering
from jaxlib._src.ir.core import Operation
from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops.data_movement import int_attr, int_list


@native_lowering("stablehlo.transpose")
def lower_transpose(op: Operation) -> NativeKernel | None:
    return NativeKernel("transpose", {"permutation": list(int_list(op, "permutation"))})


@native_lowering("stablehlo.slice")
def lower_slice(op: Operation) -> NativeKernel | None:
    return NativeKernel("slice", {
        "start_indices": list(int_list(op, "start_indices")),
        "limit_indices": list(int_list(op, "limit_indices")),
        "strides": list(int_list(op, "strides")),
    })


@native_lowering("stablehlo.reverse")
def lower_reverse(op: Operation) -> NativeKernel | None:
    return NativeKernel("reverse", {"dimensions": list(int_list(op, "dimensions"))})


@native_lowering("stablehlo.broadcast_in_dim")
def lower_broadcast_in_dim(op: Operation) -> NativeKernel | None:
    return NativeKernel("broadcast_in_dim",
                        {"broadcast_dimensions": list(int_list(op, "broadcast_dimensions"))})


@native_lowering("stablehlo.broadcast")
def lower_broadcast(op: Operation) -> NativeKernel | None:
    # broadcast prepends broadcast_sizes: operand dim i becomes result dim len(sizes) + i.
    added = len(int_list(op, "broadcast_sizes"))
    rank = op.operand_types[0].rank
    return NativeKernel("broadcast_in_dim",
                        {"broadcast_dimensions": list(range(added, added + rank))})


@native_lowering("stablehlo.concatenate")
def lower_concatenate(op: Operation) -> NativeKernel | None:
    return NativeKernel("concatenate", {"dimension": int_attr(op, "dimension")})


@native_lowering("stablehlo.pad")
def lower_pad(op: Operation) -> NativeKernel | None:
    return NativeKernel("pad", {
        "edge_padding_low": list(int_list(op, "edge_padding_low")),
        "edge_padding_high": list(int_list(op, "edge_padding_high")),
        "interior_padding": list(int_list(op, "interior_padding")),
    })


@native_lowering("stablehlo.dynamic_slice")
def lower_dynamic_slice(op: Operation) -> NativeKernel | None:
    return NativeKernel("dynamic_slice", {"slice_sizes": list(int_list(op, "slice_sizes"))})


@native_lowering("stablehlo.dynamic_update_slice")
def lower_dynamic_update_slice(op: Operation) -> NativeKernel | None:
    return NativeKernel("dynamic_update_slice")


@native_lowering("stablehlo.iota")
def lower_iota(op: Operation) -> NativeKernel | None:
    return NativeKernel("iota", {"iota_dimension": int_attr(op, "iota_dimension")})


@native_lowering("stablehlo.bitcast_convert")
def lower_bitcast_convert(op: Operation) -> NativeKernel | None:
    # Same-width reinterpretation only (a byte copy); width changes keep the
    # reference kernel's bit-level path.
    source = numpy_dtype(op.operand_types[0].element_type)
    target = numpy_dtype(op.result_types[0].element_type)
    if source.itemsize != target.itemsize or _bits(source) != 8 * source.itemsize or \
            _bits(target) != 8 * target.itemsize or \
            op.operand_types[0].shape != op.result_types[0].shape:
        return None
    return NativeKernel("bitcast_convert")


def _bits(dtype: np.dtype) -> int:
    """Significant bits of an element type (int4 lives in a byte: 4)."""
    if dtype.kind in "iu" or dtype.name.startswith(("int", "uint")):
        return ml_dtypes.iinfo(dtype).bits
    if dtype.kind in "fc" or dtype.name.startswith("float"):
        return 8 * dtype.itemsize if dtype.kind == "c" else ml_dtypes.finfo(dtype).bits
    return 8 * dtype.itemsize
