"""Uniform quantization: ``uniform_quantize``, ``uniform_dequantize``, and the
spec's dequantize–compute–quantize semantics for every other op on
``!quant.uniform`` types.

A quantized value is stored as its storage integers (``numpy_dtype`` of a
:class:`QuantizedType` is the storage dtype). The spec's helpers:

* ``dequantize(x) = (x_storage - zero_point) * scale`` in the expressed type;
* ``quantize(x) = convert(round_nearest_even(clamp(storage_min,
  x / scale + zero_point, storage_max)), storage)``;

per-tensor types have one (scale, zero point), per-axis types one per slice
along ``quantized_dimension``.

Ops other than the ones in :data:`STORAGE_OPS` never see storage integers:
:func:`kernel_for` (called by the CPU lowering for every op) builds the op's
ordinary float kernel against a clone of the op whose quantized types are
replaced by their expressed types (nested regions included), and wraps it so
quantized operands are dequantized before and quantized results quantized
after — ``dequantize_op_quantize`` / ``dequantize_compare`` /
``hybrid_dequantize_then_op`` of the spec, all in one rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.base.errors import unimplemented
from jaxlib._src.ir.attributes import ComparisonType, DenseElements
from jaxlib._src.ir.core import ITEMS, Operation, Value, retyped_clone
from jaxlib._src.ir.types import (
    QuantizedType,
    TensorType,
    TupleType,
    integer_bit_width,
    is_float,
    is_unsigned,
    numpy_dtype,
)
from jaxlib._src.ops.registry import KernelFactory, define_op, with_frame

# Ops whose semantics is defined on the stored integers themselves (or that
# only pass values through): they run unwrapped.
STORAGE_OPS = frozenset({
    "stablehlo.uniform_quantize",
    "stablehlo.uniform_dequantize",
    "stablehlo.bitcast_convert",
    "stablehlo.constant",
    "stablehlo.custom_call",
    "stablehlo.optimization_barrier",
    "stablehlo.tuple",
    "stablehlo.get_tuple_element",
    "stablehlo.while",
    "stablehlo.if",
    "stablehlo.case",
    "stablehlo.composite",
    "func.call",
})


# -- quantization parameters ---------------------------------------------------------


def storage_range(qtype: QuantizedType) -> tuple[int, int]:
    """``(storage_min, storage_max)``: the type's own bounds or its storage
    type's full range."""
    width = integer_bit_width(qtype.storage_type)
    if is_unsigned(qtype.storage_type):
        low, high = 0, (1 << width) - 1
    else:
        low, high = -(1 << (width - 1)), (1 << (width - 1)) - 1
    if qtype.storage_min is not None:
        low = qtype.storage_min
    if qtype.storage_max is not None:
        high = qtype.storage_max
    return low, high


def _parameters(qtype: QuantizedType, rank: int) -> tuple[np.ndarray, np.ndarray]:
    """Scales (expressed dtype) and zero points (int64), shaped to broadcast
    against a tensor of ``rank`` dimensions."""
    expressed = numpy_dtype(qtype.expressed_type)
    scales = np.asarray(qtype.scales, np.float64).astype(expressed)
    zero_points = np.asarray(qtype.zero_points, np.int64)
    if qtype.quantized_dimension is not None:
        shape = [1] * rank
        shape[qtype.quantized_dimension] = len(qtype.scales)
        return scales.reshape(shape), zero_points.reshape(shape)
    return scales.reshape(()), zero_points.reshape(())


def dequantize(storage: np.ndarray, qtype: QuantizedType) -> np.ndarray:
    """Storage integers of ``qtype`` → values of its expressed type."""
    expressed = numpy_dtype(qtype.expressed_type)
    scales, zero_points = _parameters(qtype, storage.ndim)
    # The subtraction is exact in int64 (in the storage type it could overflow).
    shifted = (np.asarray(storage).astype(np.int64) - zero_points).astype(expressed)
    return np.asarray(shifted * scales, expressed)


def quantize(values: np.ndarray, qtype: QuantizedType) -> np.ndarray:
    """Values of the expressed type → storage integers of ``qtype``
    (round to nearest even, clamped to the storage range; NaN → 0 as XLA's
    float→int convert)."""
    expressed = numpy_dtype(qtype.expressed_type)
    scales, zero_points = _parameters(qtype, np.ndim(values))
    low, high = storage_range(qtype)
    x = np.asarray(values).astype(expressed)
    scaled = x / scales + zero_points.astype(expressed)
    clamped = np.clip(scaled, expressed.type(low), expressed.type(high))
    rounded = np.rint(clamped).astype(np.float64)
    # Clamp again in float64: storage bounds like 2**31-1 round up in f32.
    rounded = np.clip(np.nan_to_num(rounded, nan=0.0), low, high)
    return np.asarray(rounded.astype(numpy_dtype(qtype.storage_type)))


def quantized_element_type(t: Any) -> QuantizedType | None:
    if isinstance(t, TensorType) and isinstance(t.element_type, QuantizedType):
        return t.element_type
    return None


def expressed_type(t: Any) -> Any:
    """``t`` with every quantized element type replaced by its expressed type."""
    if isinstance(t, TensorType) and isinstance(t.element_type, QuantizedType):
        return TensorType(t.shape, t.element_type.expressed_type, t.encoding)
    if isinstance(t, TupleType):
        return TupleType(tuple(expressed_type(e) for e in t.types))
    return t


def _dequantizer(t: Any) -> Callable[[Any], Any] | None:
    qtype = quantized_element_type(t)
    if qtype is not None:
        return lambda x: dequantize(x, qtype)
    if isinstance(t, TupleType) and any(_dequantizer(e) for e in t.types):
        parts = [_dequantizer(e) for e in t.types]
        return lambda x: tuple(p(v) if p else v for p, v in zip(parts, x))
    return None


def _quantizer(t: Any) -> Callable[[Any], Any] | None:
    qtype = quantized_element_type(t)
    if qtype is not None:
        return lambda x: quantize(x, qtype)
    if isinstance(t, TupleType) and any(_quantizer(e) for e in t.types):
        parts = [_quantizer(e) for e in t.types]
        return lambda x: tuple(p(v) if p else v for p, v in zip(parts, x))
    return None


def _has_quantized(types: list) -> bool:
    return any(expressed_type(t) != t for t in types)


def uses_quantized_types(op: Operation) -> bool:
    return _has_quantized(op.operand_types) or _has_quantized(op.result_types)


# -- uniform_quantize / uniform_dequantize -------------------------------------------


def _check_per_axis(t: TensorType, what: str) -> None:
    qtype = quantized_element_type(t)
    if qtype is None or qtype.quantized_dimension is None:
        return
    d = qtype.quantized_dimension
    if not 0 <= d < t.rank:
        raise ValueError(f"{what}: quantized_dimension {d} is out of range for {t}")
    if t.shape[d] is not None and t.shape[d] != len(qtype.scales):
        raise ValueError(f"{what}: {len(qtype.scales)} scales for dimension {d} of size "
                         f"{t.shape[d]} in {t}")


def _verify_uniform_quantize(op: Operation) -> None:
    operand, result = op.operand_types[0], op.result_types[0]
    result_q = quantized_element_type(result)
    if result_q is None:
        raise ValueError(f"result must be a quantized tensor, got {result}")
    operand_q = quantized_element_type(operand)
    if operand_q is None and not (isinstance(operand, TensorType)
                                  and is_float(operand.element_type)):
        raise ValueError(f"operand must be a float or quantized tensor, got {operand}")
    if operand.shape != result.shape:
        raise ValueError(f"operand shape {operand} differs from result shape {result}")
    source = operand_q.expressed_type if operand_q else operand.element_type
    if result_q.expressed_type != source:
        raise ValueError(f"result expressed type {result_q.expressed_type} must be {source}")
    _check_per_axis(operand, "operand")
    _check_per_axis(result, "result")


def _uniform_quantize(op: Operation, ctx: Any):
    result_q = quantized_element_type(op.result_types[0])
    operand_q = quantized_element_type(op.operand_types[0])
    if result_q is None:
        raise TypeError(f"uniform_quantize result must be quantized, got {op.result_types[0]}")
    if operand_q is not None:  # requantize: through the expressed type
        return lambda x: (quantize(dequantize(x, operand_q), result_q),)
    return lambda x: (quantize(x, result_q),)


def _verify_uniform_dequantize(op: Operation) -> None:
    operand, result = op.operand_types[0], op.result_types[0]
    operand_q = quantized_element_type(operand)
    if operand_q is None:
        raise ValueError(f"operand must be a quantized tensor, got {operand}")
    if not isinstance(result, TensorType) or operand.shape != result.shape:
        raise ValueError(f"operand shape {operand} differs from result shape {result}")
    if result.element_type != operand_q.expressed_type:
        raise ValueError(f"result element type must be {operand_q.expressed_type}, got "
                         f"{result.element_type}")
    _check_per_axis(operand, "operand")


def _uniform_dequantize(op: Operation, ctx: Any):
    operand_q = quantized_element_type(op.operand_types[0])
    if operand_q is None:
        raise TypeError(f"uniform_dequantize operand must be quantized, got "
                        f"{op.operand_types[0]}")
    return lambda x: (dequantize(x, operand_q),)


define_op("stablehlo.uniform_quantize",
          signature="operand -> result",
          verify=_verify_uniform_quantize,
          reference=_uniform_quantize, syntax=ITEMS, no_hlo=True)
define_op("stablehlo.uniform_dequantize",
          signature="operand => result",
          verify=_verify_uniform_dequantize,
          reference=_uniform_dequantize, syntax=ITEMS, no_hlo=True)


# -- every other op: dequantize, compute in the expressed type, quantize -------------


def _float_attributes(op: Operation) -> dict[str, Any]:
    attributes = dict(op.attributes)
    compare_type = attributes.get("compare_type")
    if isinstance(compare_type, ComparisonType) and compare_type.value in ("SIGNED",
                                                                            "UNSIGNED"):
        attributes["compare_type"] = ComparisonType("FLOAT")
    if op.name == "stablehlo.constant":
        value = attributes.get("value")
        qtype = quantized_element_type(op.result_types[0])
        if isinstance(value, DenseElements) and qtype is not None:
            float_type = expressed_type(op.result_types[0])
            if value.is_symbolic_splat and qtype.quantized_dimension is None:
                # One scale: the splat stays one element (see DenseElements.splat).
                scalar = dequantize(value.splat_value, qtype)
                attributes["value"] = DenseElements.splat(scalar, float_type)
            else:
                attributes["value"] = DenseElements(dequantize(value.array, qtype), float_type)
    return attributes


def _refuse_quantized_capture(op: Operation, value: Value) -> None:
    # A value captured from outside the op holds storage integers.
    if expressed_type(value.type) != value.type:
        raise unimplemented(
            f"a region of a quantized {op.name} uses the quantized value "
            f"{value!r} of an enclosing region; this is not supported")


def expressed_clone(op: Operation) -> Operation:
    """``op`` retyped in the expressed types: fresh operand values of the
    expressed types and nested regions cloned the same way."""
    return retyped_clone(op, expressed_type, _float_attributes, _refuse_quantized_capture)


def dequantize_op_quantize(op: Operation, ctx: Any, factory: KernelFactory):
    """The kernel of a quantized ``op``: its float kernel between dequantizing
    the quantized operands and quantizing the quantized results."""
    float_kernel = factory(expressed_clone(op), ctx)
    to_float = [_dequantizer(t) for t in op.operand_types]
    to_storage = [_quantizer(t) for t in op.result_types]

    def convert(values, converters):
        return tuple(c(v) if c else v for c, v in zip(converters, values))

    if getattr(float_kernel, "needs_frame", False):
        @with_frame
        def framed_kernel(frame, *operands):
            results = float_kernel(frame, *convert(operands, to_float))
            return convert(results, to_storage)

        return framed_kernel

    def kernel(*operands):
        return convert(float_kernel(*convert(operands, to_float)), to_storage)

    return kernel


def kernel_for(op: Operation, ctx: Any, factory: KernelFactory):
    """The CPU lowering's entry point: the kernel of ``op`` built by
    ``factory``, wrapped by :func:`dequantize_op_quantize` when ``op`` computes
    on quantized types."""
    if op.name in STORAGE_OPS or not uses_quantized_types(op):
        return factory(op, ctx)
    return dequantize_op_quantize(op, ctx, factory)
