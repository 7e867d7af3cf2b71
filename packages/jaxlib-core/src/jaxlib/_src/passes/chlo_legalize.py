"""CHLO ops rewritten as StableHLO, for portable artifacts.

VHLO has no CHLO ops: the reference jaxlib rewrites them as StableHLO before
serializing. This pass does the same for the CHLO ops jax's exported programs
use most, with the same formulas, so an artifact computes what the
reference's would:

- ``chlo.square``: ``x * x`` (real types);
- ``chlo.conj``: ``complex(real(x), -imag(x))``;
- ``chlo.top_k``: a stable sort of (values, iota) along the last dimension,
  greatest first (floats in total order), sliced to ``k``;
- ``chlo.erf_inv``: Giles' approximations, single precision (f32, and
  f16/bf16 through f32) and double (f64);
- ``chlo.erf`` (f32, and f16/bf16 through f32): ``x * alpha(x^2) / beta(x^2)``
  on ``x`` clamped to [-4, 4], clamped to [-1, 1] (Eigen's);
- ``chlo.atan`` (real): ``atan2(x, 1)``; ``chlo.atanh`` (real):
  ``(log1p(x) - log1p(-x)) / 2``, NaN beyond [-1, 1];
- ``chlo.sinh``, ``chlo.cosh`` (real, narrow floats through f32): through
  ``e^(x + log 1/2)`` (no overflow where ``e^x / 2`` is finite), ``sinh`` by
  ``expm1`` below 1 in magnitude;
- ``chlo.mulhi`` (integers below 64 bits): the product in twice the width,
  shifted; ``chlo.next_after`` (f16, bf16, f32, f64): one step on the bits;
- ``chlo.lgamma``, ``chlo.digamma`` (f32 and f64, narrow floats through f32):
  Lanczos' approximation (g = 7, n = 9), reflected below 1/2.

Other CHLO ops, and those on dynamic shapes or other element types, are left
as they are and listed: the module then has no VHLO form.
"""

from __future__ import annotations

import math
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
from jaxlib._src.ir.types import (
    TensorType,
    complex_part_type,
    integer_bit_width,
    is_complex,
    is_float,
    is_integer,
    numpy_dtype,
)

# Giles, "Approximating the erfinv function" (2010), single precision.
_ERF_INV_W_LT_5 = (2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06,
                   0.00021858087, -0.00125372503, -0.00417768164, 0.246640727, 1.50140941)
_ERF_INV_W_GE_5 = (-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
                   0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682)
# Giles' double-precision approximation: three polynomials in w, for w < 6.25,
# w < 16 and beyond, highest degree first.
_ERF_INV_F64_W_LT_6_25 = (
    -3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,
    1.115787767802518096e-17, -1.333171662854620906e-16, 2.0972767875968561637e-17,
    6.6376381343583238325e-15, -4.0545662729752068639e-14, -8.1519341976054721522e-14,
    2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
    1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08,
    4.2347877827932403518e-07, -1.3654692000834678645e-06, -1.3882523362786468719e-05,
    0.0001867342080340571352, -0.00074070253416626697512, -0.0060336708714301490533,
    0.24015818242558961693, 1.6536545626831027356)
_ERF_INV_F64_W_LT_16 = (
    2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07,
    1.8239629214389227755e-08, 1.5027403968909827627e-06, -4.013867526981545969e-06,
    2.9234449089955446044e-06, 1.2475304481671778723e-05, -4.7318229009055733981e-05,
    6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
    0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066,
    -0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334,
    3.0838856104922207635)
_ERF_INV_F64_W_GE_16 = (
    -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
    -3.7894654401267369937e-09, 7.6157012080783393804e-09, -1.4960026627149240478e-08,
    2.9147953450901080826e-08, -6.7711997758452339498e-08, 2.2900482228026654717e-07,
    -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
    7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026,
    1.0103004648645343977, 4.8499064014085844221)
# erf(x) ~ x * alpha(x^2) / beta(x^2) on [-4, 4] (Eigen's float approximation).
_ERF_ALPHA = (-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06,
              -5.69250639462346e-05, -7.34990630326855e-04, -2.95459980854025e-03,
              -1.60960333262415e-02)
_ERF_BETA = (-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03,
             -7.37332916720468e-03, -1.42647390514189e-02)

_NARROW_FLOATS = ("f16", "bf16")

# Lanczos' approximation of the gamma function with g = 7, n = 9 (the
# coefficients are fixed by that choice).
_LANCZOS_G = 7.0
_LANCZOS_BASE = 0.99999999999980993227684700473478
_LANCZOS = (676.520368121885098567009190444019, -1259.13921672240287047156078755283,
            771.3234287776530788486528258894, -176.61502916214059906584551354,
            12.507343278686904814458936853, -0.13857109526572011689554707,
            9.984369578019570859563e-6, 1.50563273514931155834e-7)


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


def _erf_inv_f64(b: _Builder, x: Value) -> Value:
    w = b.same("negate", b.same("log_plus_one", b.same("multiply", x, b.same("negate", x))))
    lt_6_25 = b.compare("LT", w, b.constant(6.25, x))
    lt_16 = b.compare("LT", w, b.constant(16.0, x))

    def coefficient(i: int) -> Value:
        c = b.constant(_ERF_INV_F64_W_LT_6_25[i], x)
        if i < len(_ERF_INV_F64_W_LT_16):
            c = b.select(lt_6_25, c, b.constant(_ERF_INV_F64_W_LT_16[i], x))
        if i < len(_ERF_INV_F64_W_GE_16):
            c = b.select(lt_16, c, b.constant(_ERF_INV_F64_W_GE_16[i], x))
        return c

    shift = b.select(lt_16, b.constant(3.25, x), b.constant(5.0, x))
    w = b.select(lt_6_25, b.same("subtract", w, b.constant(3.125, x)),
                 b.same("subtract", b.same("sqrt", w), shift))
    p = coefficient(0)
    # The shorter polynomials stop where their coefficients end.
    for i in range(1, len(_ERF_INV_F64_W_LT_6_25)):
        step = b.same("add", coefficient(i), b.same("multiply", p, w))
        if i < len(_ERF_INV_F64_W_GE_16):
            p = step
        elif i < len(_ERF_INV_F64_W_LT_16):
            p = b.select(lt_16, step, p)
        else:
            p = b.select(lt_6_25, step, p)
    result = b.same("multiply", p, x)
    at_one = b.compare("EQ", b.same("abs", x), b.constant(1.0, x))
    return b.select(at_one, b.same("multiply", x, b.constant(np.inf, x)), result)


def _erf_inv(b: _Builder, op: Operation) -> Value | None:
    x = op.operands[0]
    if x.type.element_type == "f64":
        return _erf_inv_f64(b, x)
    return _through_f32(_erf_inv_f32)(b, op)


def _erf_f32(b: _Builder, x: Value) -> Value:
    x = b.op("stablehlo.clamp", [b.constant(-4.0, x), x, b.constant(4.0, x)], x.type)
    square = b.same("multiply", x, x)
    erf = b.same("divide", b.same("multiply", x, b.polynomial(square, _ERF_ALPHA)),
                 b.polynomial(square, _ERF_BETA))
    return b.op("stablehlo.clamp", [b.constant(-1.0, x), erf, b.constant(1.0, x)], erf.type)


def _lanczos(b: _Builder, x: Value) -> tuple[Value, Value, Value]:
    """(z, log t, a) of Lanczos' sum for x, reflected below 1/2: z = -x
    there (else x - 1), t = z + g + 1/2, a = base + sum c_k / (z + k)."""
    reflect = b.compare("LT", x, b.constant(0.5, x))
    z = b.select(reflect, b.same("negate", x), b.same("subtract", x, b.constant(1.0, x)))
    a = b.constant(_LANCZOS_BASE, x)
    for k, c in enumerate(_LANCZOS, start=1):
        a = b.same("add", a, b.same("divide", b.constant(c, x),
                                    b.same("add", z, b.constant(float(k), x))))
    g_half = _LANCZOS_G + 0.5
    log_t = b.same("add", b.constant(math.log(g_half), x),
                   b.same("log_plus_one", b.same("divide", z, b.constant(g_half, x))))
    return z, log_t, a


def _lgamma(b: _Builder, x: Value) -> Value:
    z, log_t, a = _lanczos(b, x)
    t = b.same("add", b.constant(_LANCZOS_G + 0.5, x), z)
    r = b.same("multiply", b.same("subtract", b.same("add", z, b.constant(0.5, x)),
                                  b.same("divide", t, log_t)), log_t)
    lgamma = b.same("add", b.same("add", b.constant((math.log(2) + math.log(math.pi)) / 2, x),
                                  r), b.same("log", a))
    # Below 1/2: log(pi) - log(sin(pi * frac)) - lgamma(1 - x), frac folded to [0, 1/2].
    absolute = b.same("abs", x)
    fraction = b.same("subtract", absolute, b.same("floor", absolute))
    one = b.constant(1.0, x)
    fraction = b.select(b.compare("LT", b.constant(0.5, x), fraction),
                        b.same("subtract", one, fraction), fraction)
    log_sine = b.same("log", b.same("sine", b.same("multiply", b.constant(math.pi, x),
                                                   fraction)))
    reflected = b.same("subtract", b.same("subtract", b.constant(math.log(math.pi), x),
                                          log_sine), lgamma)
    finite = b.op("stablehlo.is_finite", [log_sine], TensorType(x.type.shape, "i1"))
    reflected = b.select(finite, reflected, b.same("negate", log_sine))
    lgamma = b.select(b.compare("LT", x, b.constant(0.5, x)), reflected, lgamma)
    infinite = b.compare("EQ", absolute, b.constant(np.inf, x))
    return b.select(infinite, b.constant(np.inf, x), lgamma)


def _digamma(b: _Builder, x: Value) -> Value:
    reflect = b.compare("LT", x, b.constant(0.5, x))
    z = b.select(reflect, b.same("negate", x), b.same("subtract", x, b.constant(1.0, x)))
    a = b.constant(_LANCZOS_BASE, x)
    a_prime = b.constant(0.0, x)
    for k, c in enumerate(_LANCZOS, start=1):
        term = b.same("add", z, b.constant(float(k), x))
        a_prime = b.same("subtract", a_prime, b.same(
            "divide", b.constant(c, x), b.same("multiply", term, term)))
        a = b.same("add", a, b.same("divide", b.constant(c, x), term))
    g_half = _LANCZOS_G + 0.5
    t = b.same("add", b.constant(g_half, x), z)
    log_t = b.same("add", b.constant(math.log(g_half), x),
                   b.same("log_plus_one", b.same("divide", z, b.constant(g_half, x))))
    digamma = b.same("subtract", b.same("add", log_t, b.same("divide", a_prime, a)),
                     b.same("divide", b.constant(_LANCZOS_G, x), t))
    # Below 1/2: digamma(1 - x) - pi cos(pi x) / sin(pi x), x first moved by whole periods.
    moved = b.same("add", x, b.same("abs", b.same("floor", b.same(
        "add", x, b.constant(0.5, x)))))
    angle = b.same("multiply", b.constant(math.pi, x), moved)
    reflection = b.same("subtract", digamma, b.same(
        "divide", b.same("multiply", b.constant(math.pi, x), b.same("cosine", angle)),
        b.same("sine", angle)))
    digamma = b.select(reflect, reflection, digamma)
    pole = b.same("and", b.compare("LE", x, b.constant(0.0, x)),
                  b.compare("EQ", x, b.same("floor", x)))
    return b.select(pole, b.constant(np.nan, x), digamma)


def _through_f32(formula: Callable[[_Builder, Value], Value],
                 f64: bool = False) -> Callable[..., Value | None]:
    """``formula`` on f32 (and on f64 when ``f64``), narrower floats
    converted to f32 and back, as the reference computes them."""
    def rewrite(b: _Builder, op: Operation) -> Value | None:
        x = op.operands[0]
        element_type = x.type.element_type
        if element_type == "f32" or (f64 and element_type == "f64"):
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


def _real(formula: Callable[[_Builder, Value], Value]) -> Callable[..., Value | None]:
    def rewrite(b: _Builder, op: Operation) -> Value | None:
        x = op.operands[0]
        if not is_float(x.type.element_type):
            return None
        return formula(b, x)
    return rewrite


def _atan(b: _Builder, x: Value) -> Value:
    return b.same("atan2", x, b.constant(1.0, x))


def _atanh(b: _Builder, x: Value) -> Value:
    # 0.5 * (log1p(x) - log1p(-x)), NaN beyond [-1, 1]
    value = b.same("multiply", b.same("subtract", b.same("log_plus_one", x),
                                      b.same("log_plus_one", b.same("negate", x))),
                   b.constant(0.5, x))
    outside = b.compare("GT", b.same("abs", x), b.constant(1.0, x))
    return b.select(outside, b.constant(np.nan, x), value)


def _exp_halves(b: _Builder, x: Value) -> tuple[Value, Value]:
    """e^(x + log 1/2) and e^(log 1/2 - x): e^x / 2 and e^-x / 2 without
    overflowing where e^x does but e^x / 2 does not."""
    log_half = b.same("log", b.constant(0.5, x))
    return (b.same("exponential", b.same("add", x, log_half)),
            b.same("exponential", b.same("subtract", log_half, x)))


def _cosh(b: _Builder, x: Value) -> Value:
    up, down = _exp_halves(b, x)
    return b.same("add", up, down)


def _sinh(b: _Builder, x: Value) -> Value:
    up, down = _exp_halves(b, x)
    large = b.same("subtract", up, down)
    # Near 0, e^x - e^-x cancels: (expm1(x) + expm1(x) / (expm1(x) + 1)) / 2.
    expm1 = b.same("exponential_minus_one", x)
    ratio = b.same("divide", expm1, b.same("add", expm1, b.constant(1.0, x)))
    small = b.same("multiply", b.constant(0.5, x), b.same("add", expm1, ratio))
    return b.select(b.compare("LT", b.same("abs", x), b.constant(1.0, x)), small, large)


def _mulhi(b: _Builder, op: Operation) -> Value | None:
    """The high half of the product, through integers twice as wide."""
    lhs, rhs = op.operands
    element_type = lhs.type.element_type
    if not is_integer(element_type) or element_type == "i1":
        return None
    width = integer_bit_width(element_type)
    if width >= 64:
        return None
    unsigned = element_type.startswith("ui")
    wide = f"{'ui' if unsigned else 'i'}{2 * width}"
    product = b.same("multiply", b.convert(lhs, wide), b.convert(rhs, wide))
    shifted = b.same("shift_right_logical" if unsigned else "shift_right_arithmetic",
                     product, b.constant(width, product))
    return b.convert(shifted, element_type)


def _next_after(b: _Builder, op: Operation) -> Value | None:
    """One step from x towards y on the floats' integer view."""
    x, y = op.operands
    element_type = x.type.element_type
    if element_type not in ("f16", "bf16", "f32", "f64"):
        return None
    width = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}[element_type]
    ints = TensorType(x.type.shape, f"i{width}")
    x_bits = b.op("stablehlo.bitcast_convert", [x], ints)
    y_bits = b.op("stablehlo.bitcast_convert", [y], ints)
    nan_input = b.same("or", b.compare("NE", x, x), b.compare("NE", y, y))
    nan_bits = b.op("stablehlo.bitcast_convert", [b.constant(np.nan, x)], ints)
    sign_bit = -(1 << (width - 1))
    sign_mask = b.constant(sign_bit, x_bits)
    magnitude_mask = b.constant(~sign_bit, x_bits)
    x_abs = b.same("and", x_bits, magnitude_mask)
    y_abs = b.same("and", y_bits, magnitude_mask)
    equal = b.compare("EQ", x, y)
    zero = b.constant(0, x_bits)
    x_zero = b.compare("EQ", x_abs, zero)
    y_zero = b.compare("EQ", y_abs, zero)
    x_sign = b.same("and", x_bits, sign_mask)
    y_sign = b.same("and", y_bits, sign_mask)
    one = b.constant(1, x_bits)
    from_zero = b.same("or", y_sign, one)
    smaller = b.same("or", b.compare("GT", x_abs, y_abs), b.compare("NE", x_sign, y_sign))
    step = b.select(smaller, b.constant(-1, x_bits), one)
    result = b.same("add", x_bits, step)
    result = b.select(x_zero, b.select(y_zero, y_bits, from_zero), result)
    result = b.select(equal, y_bits, result)
    result = b.select(nan_input, nan_bits, result)
    return b.op("stablehlo.bitcast_convert", [result], x.type)


_REWRITES: dict[str, Callable[[_Builder, Operation], Any]] = {
    "chlo.atan": _real(_atan),
    "chlo.atanh": _real(_atanh),
    "chlo.sinh": _through_f32(_sinh),
    "chlo.cosh": _through_f32(_cosh),
    "chlo.mulhi": _mulhi,
    "chlo.lgamma": _through_f32(_lgamma, f64=True),
    "chlo.digamma": _through_f32(_digamma, f64=True),
    "chlo.next_after": _next_after,
    "chlo.square": _square,
    "chlo.conj": _conj,
    "chlo.top_k": _top_k,
    "chlo.erf_inv": _erf_inv,
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
