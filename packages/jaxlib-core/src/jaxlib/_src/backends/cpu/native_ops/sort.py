"""Native lowering: stablehlo.sort with a recognised comparator.

The reference's comparator recognition (``ops.sort.recognise_comparator``)
finds the keys of a lexicographic less-than; the native kernel
(``csrc/cpu/kernels/sort.cc``) handles keys that are an operand itself or
JAX's float canonicalisation of it (``x != x ? NaN : (x == 0 ? 0 : x)``),
compared LT/GT as FLOAT, TOTALORDER, SIGNED or UNSIGNED. Any other key
function, or a comparator that is not such a chain, stays on the reference.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jaxlib._src.backends.cpu.native_lowerings import NativeKernel, native_lowering
from jaxlib._src.ir.core import Operation
from jaxlib._src.ir.types import is_float, numpy_dtype
from jaxlib._src.ops.data_movement import int_attr
from jaxlib._src.ops.sort import SortKey, recognise_comparator

_TOTAL_ORDER, _FLOAT_COMPARE = 1, 2


def _bits(value: np.ndarray) -> int:
    """A scalar's bit pattern as a signed 64-bit int (the Params int type)."""
    raw = int.from_bytes(np.ascontiguousarray(value).tobytes(), "little")
    return raw - (1 << 64) if raw >= 1 << 63 else raw


def _is_arg(expr: Any, arg: tuple) -> bool:
    return expr == arg


def _float_compare(compare_type: str | None) -> bool:
    return compare_type != "TOTALORDER"  # numpy's IEEE compare, as the reference does


def _canonicalisation(expr: Any, arg: tuple) -> tuple[int, int] | None:
    """(NaN bits, zero bits) when ``expr`` is JAX's canonicalisation
    ``select(x != x, nan, select(x == 0, zero, x))`` of ``arg``."""
    if expr[0] != "select" or len(expr) != 4:
        return None
    _, is_nan, nan_value, rest = expr
    if (is_nan[0] != "compare" or is_nan[1] != "NE" or not _float_compare(is_nan[2])
            or not (_is_arg(is_nan[4], arg) and _is_arg(is_nan[5], arg))):
        return None
    if nan_value[0] != "const" or rest[0] != "select" or len(rest) != 4:
        return None
    _, is_zero, zero_value, same = rest
    if is_zero[0] != "compare" or is_zero[1] != "EQ" or not _float_compare(is_zero[2]):
        return None
    operands = (is_zero[4], is_zero[5])
    constant = operands[1] if _is_arg(operands[0], arg) else operands[0]
    if not _is_arg(operands[0], arg) and not _is_arg(operands[1], arg):
        return None
    if constant[0] != "const" or float(constant[1].array) != 0.0:
        return None
    if zero_value[0] != "const" or not _is_arg(same, arg):
        return None
    return _bits(nan_value[1].array), _bits(zero_value[1].array)


def _key_params(op: Operation, key: SortKey) -> dict[str, int] | None:
    element_type = op.operand_types[key.operand].element_type
    if not isinstance(element_type, str) or np.dtype(numpy_dtype(element_type)).kind == "c":
        return None
    arg = ("arg", 2 * key.operand)
    floating = is_float(element_type)
    params = {
        "operand": key.operand,
        "descending": int(key.descending),
        "float_mode": (_FLOAT_COMPARE if _float_compare(key.compare_type) else _TOTAL_ORDER)
        if floating else 0,
        "canonicalise": 0, "nan_bits": 0, "zero_bits": 0,
    }
    if _is_arg(key.key_expr, arg):
        return params
    canonical = _canonicalisation(key.key_expr, arg) if floating else None
    if canonical is None:
        return None
    params["canonicalise"] = 1
    params["nan_bits"], params["zero_bits"] = canonical
    return params


@native_lowering("stablehlo.sort")
def lower_sort(op: Operation) -> NativeKernel | None:
    if not op.regions or not op.operands:
        return None
    keys = recognise_comparator(op)
    if keys is None:
        return None
    per_key = [_key_params(op, key) for key in keys]
    if any(p is None for p in per_key):
        return None
    rank = len(op.operand_types[0].shape)
    dimension = int_attr(op, "dimension", -1) % max(rank, 1)
    return NativeKernel("sort", {
        "dimension": dimension,
        "key_operands": [p["operand"] for p in per_key],
        "key_descending": [p["descending"] for p in per_key],
        "key_float_modes": [p["float_mode"] for p in per_key],
        "key_canonicalise": [p["canonicalise"] for p in per_key],
        "key_nan_bits": [p["nan_bits"] for p in per_key],
        "key_zero_bits": [p["zero_bits"] for p in per_key],
    })
