"""Element type conversions: convert, bitcast_convert and reduce_precision.

convert follows XLA where the spec leaves the result open: float -> integer
truncates toward zero and saturates (NaN -> 0), integer -> integer wraps, and
float results round once to nearest even. bitcast_convert reinterprets the
little-endian bit string of the tensor; reduce_precision is XLA's bit-exact
rounding algorithm.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jaxlib._src.ir.core import ELEMENTWISE, FREE, ITEMS, Operation
from jaxlib._src.ir.element_types import CATEGORIES
from jaxlib._src.ir.types import QuantizedType
from jaxlib._src.ops.elementwise import (
    BOOL,
    COMPLEX,
    FLOAT,
    INTEGERS,
    SINT,
    UINT,
    ElementKind,
    check_arity,
    check_same_shapes,
    element_kind,
    round_to_float,
    tensor_type,
    with_quantization,
    wrap_integer,
)
from jaxlib._src.ops.registry import define_op
from jaxlib._src.ops.signatures import same_as_operand

# ---------------------------------------------------------------------------------
# convert
# ---------------------------------------------------------------------------------


def _float_to_integer(x: np.ndarray, kind: ElementKind) -> np.ndarray:
    """Truncates toward zero, saturating at the type's range; NaN becomes 0."""
    truncated = np.trunc(x.astype(np.float64))
    if kind.category == SINT:
        low, high = -(1 << (kind.bits - 1)), (1 << (kind.bits - 1)) - 1
        compute = np.int64
    else:
        low, high = 0, (1 << kind.bits) - 1
        compute = np.uint64
    # high + 1 is a power of two, so exact in f64 (high itself may not be).
    below, above = truncated < float(low), truncated >= float(high + 1)
    nan = np.isnan(truncated)
    inside = np.where(below | above | nan, 0, truncated).astype(compute)
    result = np.where(above, compute(high), np.where(below, compute(low), inside))
    return np.where(nan, compute(0), result)


def convert_values(x: np.ndarray, source: ElementKind, target: ElementKind) -> np.ndarray:
    """Converts storage values of ``source`` kind to storage of ``target`` kind."""
    x = np.asarray(x)
    if source.category == COMPLEX and target.category != COMPLEX:
        x = np.real(x)  # the imaginary part is dropped
    if target.category == BOOL:
        return np.asarray(x != 0)
    source_is_integer = source.category in INTEGERS or source.category == BOOL
    if target.category in INTEGERS:
        if source_is_integer:
            return wrap_integer(x.astype(np.int64 if source.category == SINT else np.uint64),
                                target)
        return wrap_integer(_float_to_integer(x, target), target)
    if source_is_integer:
        x = x.astype(np.uint64 if source.category in (BOOL, UINT) else np.int64)
        if target.storage.itemsize >= 4:
            return x.astype(target.storage)  # numpy's int -> float casts round once
        x = x.astype(np.float64)  # exact below 2**53; narrow targets round once below
    elif source.is_narrow_float:
        x = x.astype(np.float64)  # exact
    if target.category == FLOAT:
        return round_to_float(x, target.storage)
    return x.astype(target.storage)  # complex: the imaginary part is zero


def _verify_convert(op: Operation) -> None:
    check_arity(op, 1)
    check_same_shapes(op)
    for t in op.operand_types + op.result_types:
        if isinstance(t.element_type, QuantizedType):
            raise ValueError("convert does not take quantized tensors (use uniform_quantize "
                             "or uniform_dequantize)")
        element_kind(t.element_type)


def _convert(op: Operation, ctx):
    source = element_kind(op.operand_types[0].element_type)
    target = element_kind(op.results[0].type.element_type)
    return lambda x: (convert_values(x, source, target),)


define_op("stablehlo.convert",
          signature="operand -> result",
          verify=_verify_convert, reference=_convert,
          traits={ELEMENTWISE}, syntax=ITEMS, hlo="convert", fused="convert",
          element_kinds=frozenset(CATEGORIES))

# ---------------------------------------------------------------------------------
# bitcast_convert
# ---------------------------------------------------------------------------------


def _storage_kind(element_type) -> ElementKind:
    if isinstance(element_type, QuantizedType):
        return element_kind(element_type.storage_type)
    return element_kind(element_type)


def _to_bits(x: np.ndarray, kind: ElementKind) -> np.ndarray:
    """Each element's bits, least significant first: shape (..., kind.bits)."""
    x = np.array(x, copy=None, order="C")  # (ascontiguousarray would make 0-d 1-d)
    if kind.bits % 8 == 0:
        # Little-endian bytes (a 0-d array cannot change itemsize in place).
        raw = x.reshape(-1).view(np.uint8).reshape(x.shape + (kind.bits // 8,))
        return np.unpackbits(raw, axis=-1, bitorder="little")
    # i1 and sub-byte types live in the low bits of one byte.
    raw = x.astype(np.uint8) if kind.category == BOOL else x.view(np.uint8)
    return np.unpackbits(raw[..., None], axis=-1, bitorder="little")[..., :kind.bits]


def _from_bits(bits: np.ndarray, kind: ElementKind) -> np.ndarray:
    """Inverse of :func:`_to_bits`: bits of shape (..., kind.bits) to elements."""
    shape = bits.shape[:-1]
    if kind.bits % 8 == 0:
        raw = np.packbits(bits, axis=-1, bitorder="little")
        return np.ascontiguousarray(raw).view(kind.storage).reshape(shape)
    padded = np.zeros(shape + (8,), np.uint8)
    padded[..., :kind.bits] = bits
    raw = np.packbits(padded, axis=-1, bitorder="little").reshape(shape)
    if kind.category == BOOL:
        return raw.astype(np.bool_)
    if kind.category in INTEGERS:
        return wrap_integer(raw, kind)
    return raw.view(kind.storage)  # sub-byte floats: the value's bits, zero-extended


def _verify_bitcast_convert(op: Operation) -> None:
    check_arity(op, 1)
    operand = tensor_type(op.operand_types[0], "operand")
    result = tensor_type(op.result_types[0], "result")
    source, target = _storage_kind(operand.element_type), _storage_kind(result.element_type)
    if (source.category == COMPLEX) != (target.category == COMPLEX):
        raise ValueError("bitcast_convert cannot convert between complex and non-complex "
                         f"types ({operand} -> {result})")
    if source.bits == target.bits:
        expected_rank, same = operand.rank, operand.shape
    elif target.bits < source.bits:
        if source.bits % target.bits:
            raise ValueError(f"{source.bits}-bit elements do not split into {target.bits}-bit ones")
        expected_rank, same = operand.rank + 1, operand.shape
        if result.rank == expected_rank and result.shape[-1] not in (None,
                                                                     source.bits // target.bits):
            raise ValueError(f"last result dimension must be {source.bits // target.bits}")
    else:
        if operand.rank == 0 or operand.shape[-1] not in (None, target.bits // source.bits) or \
                target.bits % source.bits:
            raise ValueError(f"last operand dimension must be {target.bits // source.bits} to "
                             f"form {target.bits}-bit elements")
        expected_rank, same = operand.rank - 1, operand.shape[:-1]
    if result.rank != expected_rank or any(
            a is not None and b is not None and a != b for a, b in zip(result.shape, same)):
        raise ValueError(f"result {result} has the wrong shape for operand {operand}")


def _bitcast_convert(op: Operation, ctx):
    source = _storage_kind(op.operand_types[0].element_type)
    target = _storage_kind(op.result_types[0].element_type)

    def kernel(x):
        x = np.asarray(x)
        if source.bits == target.bits and source.bits % 8 == 0:
            return (np.ascontiguousarray(x).view(target.storage).reshape(x.shape),)
        bits = _to_bits(x, source)
        if target.bits < source.bits:
            shape = x.shape + (source.bits // target.bits,)
        elif target.bits > source.bits:
            shape = x.shape[:-1]
        else:
            shape = x.shape
        return (_from_bits(bits.reshape(shape + (target.bits,)), target),)

    return kernel


define_op("stablehlo.bitcast_convert",
          signature="operand -> result",
          verify=_verify_bitcast_convert, reference=_bitcast_convert,
          syntax=ITEMS, hlo="bitcast-convert", cost=FREE)

# ---------------------------------------------------------------------------------
# reduce_precision
# ---------------------------------------------------------------------------------


def reduce_precision_value(value: Any, width: int, source_mantissa: int, exponent_bits: int,
                           mantissa_bits: int, xp: Any = np) -> Any:
    """XLA's ReducePrecision on IEEE bit patterns held as uint64 (``width``
    bits, ``source_mantissa`` of them the mantissa), in array namespace ``xp``
    (numpy here, CuPy on GPUs): the mantissa rounded to nearest even, exponents
    past the reduced range to inf or a signed zero; a carry out of the top bit
    dropped. NaNs are the caller's (the bits alone may round one to inf)."""
    one = np.uint64(1)
    source_exponent = width - source_mantissa - 1
    if mantissa_bits < source_mantissa:
        shift = np.uint64(source_mantissa - mantissa_bits)
        last_bit_mask = one << shift
        base_bias = (last_bit_mask >> one) - one
        rounding_bias = ((value & last_bit_mask) >> shift) + base_bias  # ties to even
        value = (value + rounding_bias) & ~(last_bit_mask - one)
    if exponent_bits < source_exponent:
        sign_mask = one << np.uint64(width - 1)
        exponent_mask = np.uint64(((1 << source_exponent) - 1) << source_mantissa)
        bias = (1 << (source_exponent - 1)) - 1
        reduced_bias = (1 << (exponent_bits - 1)) - 1
        max_exponent = np.uint64((bias + reduced_bias) << source_mantissa)
        min_exponent = np.uint64((bias - reduced_bias) << source_mantissa)
        exponent = value & exponent_mask
        signed_zero = value & sign_mask
        value = xp.where(exponent > max_exponent, signed_zero | exponent_mask, value)
        value = xp.where(exponent <= min_exponent, signed_zero, value)
    return value & np.uint64((1 << width) - 1)


def reduce_precision_bits(x: np.ndarray, kind: ElementKind, exponent_bits: int,
                          mantissa_bits: int) -> np.ndarray:
    """XLA's ReducePrecision on the raw bits of float ``x``. The bit algorithm
    assumes an IEEE layout (bias 2**(e-1) - 1, top exponent for inf/NaN), so
    the f8/f6/f4 formats are reduced through f32 and rounded back."""
    import ml_dtypes

    if kind.storage.itemsize < 2:
        wide = reduce_precision_bits(np.asarray(x).astype(np.float32), element_kind("f32"),
                                     exponent_bits, mantissa_bits)
        return wide.astype(kind.storage)
    info = ml_dtypes.finfo(kind.storage)
    width, source_mantissa = kind.bits, int(info.nmant)
    x = np.asarray(x)
    bits = _to_bits(x, kind)
    weights = np.uint64(1) << np.arange(width, dtype=np.uint64)
    value = np.asarray((bits.astype(np.uint64) * weights).sum(axis=-1, dtype=np.uint64))
    value = np.asarray(reduce_precision_value(value, width, source_mantissa, exponent_bits,
                                              mantissa_bits))
    one = np.uint64(1)
    out_bits = ((value[..., None] >> np.arange(width, dtype=np.uint64)) & one).astype(np.uint8)
    result = _from_bits(out_bits, kind)
    nan = np.isnan(x.astype(np.float64))
    # NaN stays NaN when mantissa bits remain; with none it can only be infinity.
    replacement = x if mantissa_bits > 0 else np.asarray(np.inf).astype(kind.storage)
    return np.where(nan, replacement, result).astype(kind.storage)


def _reduce_precision_attributes(op: Operation) -> tuple[int, int]:
    exponent_bits = op.attributes.get("exponent_bits")
    mantissa_bits = op.attributes.get("mantissa_bits")
    if exponent_bits is None or mantissa_bits is None:
        raise ValueError("reduce_precision needs exponent_bits and mantissa_bits")
    if int(exponent_bits) < 1 or int(mantissa_bits) < 0:
        raise ValueError(f"exponent_bits must be >= 1 and mantissa_bits >= 0, got "
                         f"{int(exponent_bits)} and {int(mantissa_bits)}")
    return int(exponent_bits), int(mantissa_bits)


def _verify_reduce_precision(op: Operation) -> None:
    check_arity(op, 1)
    check_same_shapes(op)
    operand, result = op.operand_types[0].element_type, op.result_types[0].element_type
    float_type = operand.expressed_type if isinstance(operand, QuantizedType) else operand
    if element_kind(float_type).category != FLOAT:
        raise ValueError(f"reduce_precision needs float elements, got {operand}")
    if str(operand) != str(result):
        raise ValueError(f"result type {result} differs from operand {operand}")
    _reduce_precision_attributes(op)


def _reduce_precision(op: Operation, ctx):
    exponent_bits, mantissa_bits = _reduce_precision_attributes(op)
    element_type = op.operand_types[0].element_type
    float_type = element_type.expressed_type if isinstance(element_type, QuantizedType) \
        else element_type
    kind = element_kind(float_type)
    fn = with_quantization(
        lambda x: reduce_precision_bits(x, kind, exponent_bits, mantissa_bits),
        [element_type], op.result_types[0].element_type)
    return lambda x: (fn(x),)


define_op("stablehlo.reduce_precision",
          signature="operand, exponent_bits: I32, mantissa_bits: I32 => output",
          infer=same_as_operand(0),
          verify=_verify_reduce_precision,
          reference=_reduce_precision, traits={ELEMENTWISE}, syntax=ITEMS)
