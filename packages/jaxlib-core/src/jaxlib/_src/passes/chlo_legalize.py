"""CHLO ops rewritten as StableHLO, for portable artifacts.

VHLO has no CHLO ops: the reference jaxlib rewrites them as StableHLO before
serializing. This pass does the same for the CHLO ops jax's exported programs
use most, with the same formulas, so an artifact computes what the
reference's would:

- ``chlo.square``: ``x * x`` (real types);
- ``chlo.conj``: ``complex(real(x), -imag(x))``;
- ``chlo.top_k``: a stable sort of (values, iota) along the last dimension,
  greatest first (floats in total order), sliced to ``k``;
- ``chlo.erf_inv`` (f32, and f16/bf16 through f32): Giles' single-precision
  approximation;
- ``chlo.erf`` (f32, and f16/bf16 through f32): ``x * alpha(x^2) / beta(x^2)``
  on ``x`` clamped to [-4, 4], clamped to [-1, 1] (Eigen's).

Other CHLO ops, and those on dynamic shapes or other element types, are left
as they are and listed: the module then has no VHLO form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.ir.attributes import (
    ComparisonDirection,
    ComparisonType,
    DenseArray,
    DenseElements,
    IntegerAttr,
)
from jaxlib._src.ir.core import Block, Module, Operation, Region, Value
from jaxlib._src.ir.types import TensorType, complex_part_type, is_complex, numpy_dtype

# Giles, "Approximating the erfinv function" (2010), single precision.
_ERF_INV_W_LT_5 = (2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06,
                   0.00021858087, -0.00125372503, -0.00417768164, 0.246640727, 1.50140941)
_ERF_INV_W_GE_5 = (-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
                   0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682)
# erf(x) ~ x * alpha(x^2) / beta(x^2) on [-4, 4] (Eigen's float approximation).
_ERF_ALPHA = (-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06,
              -5.69250639462346e-05, -7.34990630326855e-04, -2.95459980854025e-03,
              -1.60960333262415e-02)
_ERF_BETA = (-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03,
             -7.37332916720468e-03, -1.42647390514189e-02)

_NARROW_FLOATS = ("f16", "bf16")


class _Builder:
    """Appends StableHLO ops computing on values of one static shape."""

    def __init__(self, location: Any) -> None:
        self.location = location
        self.ops: list[Operation] = []

    def op(self, name: str, operands: list[Value], result_type: Any,
           attributes: dict[str, Any] | None = None,
           regions: list[Region] | None = None) -> Value:
        op = Operation(name, operands, [result_type], attributes or {}, regions or [],
                       self.location)
        self.ops.append(op)
        return op.results[0]

    def same(self, name: str, *operands: Value) -> Value:
        return self.op(f"stablehlo.{name}", list(operands), operands[-1].type)

    def constant(self, value: float, like: Value) -> Value:
        t = like.type
        return self.op("stablehlo.constant", [], t, {
            "value": DenseElements.splat(value, t, numpy_dtype(t.element_type))})

    def compare(self, direction: str, lhs: Value, rhs: Value) -> Value:
        t = TensorType(lhs.type.shape, "i1")
        return self.op("stablehlo.compare", [lhs, rhs], t,
                       {"comparison_direction": ComparisonDirection(direction)})

    def select(self, predicate: Value, on_true: Value, on_false: Value) -> Value:
        return self.op("stablehlo.select", [predicate, on_true, on_false], on_true.type)

    def convert(self, value: Value, element_type: str) -> Value:
        return self.op("stablehlo.convert", [value],
                       TensorType(value.type.shape, element_type))

    def polynomial(self, x: Value, coefficients: tuple[float, ...]) -> Value:
        result = self.constant(coefficients[0], x)
        for coefficient in coefficients[1:]:
            result = self.same("add", self.same("multiply", result, x),
                               self.constant(coefficient, x))
        return result


def _erf_inv_f32(b: _Builder, x: Value) -> Value:
    w = b.same("negate", b.same("log_plus_one", b.same("multiply", x, b.same("negate", x))))
    lt = b.compare("LT", w, b.constant(5.0, x))
    w = b.select(lt, b.same("subtract", w, b.constant(2.5, x)),
                 b.same("subtract", b.same("sqrt", w), b.constant(3.0, x)))

    def coefficient(i: int) -> Value:
        return b.select(lt, b.constant(_ERF_INV_W_LT_5[i], x),
                        b.constant(_ERF_INV_W_GE_5[i], x))

    p = coefficient(0)
    for i in range(1, len(_ERF_INV_W_LT_5)):
        p = b.same("add", coefficient(i), b.same("multiply", p, w))
    result = b.same("multiply", p, x)
    at_one = b.compare("EQ", b.same("abs", x), b.constant(1.0, x))
    return b.select(at_one, b.same("multiply", x, b.constant(np.inf, x)), result)


def _erf_f32(b: _Builder, x: Value) -> Value:
    x = b.op("stablehlo.clamp", [b.constant(-4.0, x), x, b.constant(4.0, x)], x.type)
    square = b.same("multiply", x, x)
    erf = b.same("divide", b.same("multiply", x, b.polynomial(square, _ERF_ALPHA)),
                 b.polynomial(square, _ERF_BETA))
    return b.op("stablehlo.clamp", [b.constant(-1.0, x), erf, b.constant(1.0, x)], erf.type)


def _through_f32(formula: Callable[[_Builder, Value], Value]) -> Callable[..., Value | None]:
    def rewrite(b: _Builder, op: Operation) -> Value | None:
        x = op.operands[0]
        element_type = x.type.element_type
        if element_type == "f32":
            return formula(b, x)
        if element_type in _NARROW_FLOATS:
            return b.convert(formula(b, b.convert(x, "f32")), element_type)
        return None
    return rewrite


def _square(b: _Builder, op: Operation) -> Value | None:
    x = op.operands[0]
    if is_complex(x.type.element_type):
        return None  # the reference squares complex numbers with care for overflow
    return b.same("multiply", x, x)


def _conj(b: _Builder, op: Operation) -> Value | None:
    x = op.operands[0]
    if not is_complex(x.type.element_type):
        return None
    part = TensorType(x.type.shape, complex_part_type(x.type.element_type))
    real = b.op("stablehlo.real", [x], part)
    imag = b.same("negate", b.op("stablehlo.imag", [x], part))
    return b.op("stablehlo.complex", [real, imag], x.type)


def _comparator(element_type: str) -> Region:
    scalar = TensorType((), element_type)
    index = TensorType((), "i32")
    block = Block([scalar, scalar, index, index])
    attributes: dict[str, Any] = {"comparison_direction": ComparisonDirection("GT")}
    if element_type.startswith(("f", "bf")):
        attributes["compare_type"] = ComparisonType("TOTALORDER")
    compare = Operation("stablehlo.compare", block.arguments[:2], [TensorType((), "i1")],
                        attributes)
    block.operations = [compare, Operation("stablehlo.return", compare.results, [])]
    return Region([block])


def _top_k(b: _Builder, op: Operation) -> list[Value] | None:
    x = op.operands[0]
    if x.type.rank == 0 or not isinstance(x.type.element_type, str) or is_complex(
            x.type.element_type):
        return None
    last = x.type.rank - 1
    k = min(int(op.attributes["k"]), x.type.shape[last])
    indices = b.op("stablehlo.iota", [], TensorType(x.type.shape, "i32"),
                   {"iota_dimension": IntegerAttr(last)})
    sort = Operation("stablehlo.sort", [x, indices], [x.type, indices.type],
                     {"dimension": IntegerAttr(last), "is_stable": True},
                     [_comparator(x.type.element_type)], b.location)
    b.ops.append(sort)
    limits = list(x.type.shape)
    limits[last] = k
    slice_attributes = {"start_indices": DenseArray("i64", (0,) * x.type.rank),
                        "limit_indices": DenseArray("i64", tuple(limits)),
                        "strides": DenseArray("i64", (1,) * x.type.rank)}
    return [b.op("stablehlo.slice", [value], TensorType(tuple(limits), value.type.element_type),
                 dict(slice_attributes)) for value in sort.results]


_REWRITES: dict[str, Callable[[_Builder, Operation], Any]] = {
    "chlo.square": _square,
    "chlo.conj": _conj,
    "chlo.top_k": _top_k,
    "chlo.erf_inv": _through_f32(_erf_inv_f32),
    "chlo.erf": _through_f32(_erf_f32),
}


def _static(op: Operation) -> bool:
    return all(isinstance(t, TensorType) and t.is_static
               for t in op.operand_types + op.result_types)


def legalize_chlo(module: Module) -> list[str]:
    """Rewrites ``module``'s CHLO ops (in place) where a rewrite above
    applies; returns the names of those left, in order, without repeats."""
    replaced: dict[int, Value] = {}
    left: dict[str, None] = {}

    def block(b: Block) -> None:
        operations = []
        for op in b.operations:
            op.operands = [replaced.get(id(v), v) for v in op.operands]
            for region in op.regions:
                for nested in region.blocks:
                    block(nested)
            rewrite = _REWRITES.get(op.name) if _static(op) else None
            results = None
            if rewrite is not None:
                builder = _Builder(op.location)
                results = rewrite(builder, op)
            if results is None:
                if op.name.startswith("chlo."):
                    left.setdefault(op.name)
                operations.append(op)
                continue
            results = results if isinstance(results, list) else [results]
            for old, new in zip(op.results, results):
                replaced[id(old)] = new
            operations.extend(builder.ops)
        b.operations = operations

    for func in module.functions:
        if func.body is not None:
            for b in func.body.blocks:
                block(b)
    return list(left)
