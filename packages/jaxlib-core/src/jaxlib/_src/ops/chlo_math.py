"""CHLO elementwise ops: special functions, next_after, mulhi, constants and
the ``chlo.broadcast_*`` binary ops.

The special functions use numpy/scipy in double precision for f32 and f64
(rounded once) and in f32 for the narrow floats, as the CHLO decompositions
upcast them. Poles and domain errors follow the CHLO decompositions (e.g.
digamma is NaN at non-positive integers, lgamma(±inf) = +inf).

Broadcasting: ``broadcast_dimensions`` maps the dimensions of the lower-rank
operand onto result dimensions; without it the lower-rank operand is padded
with leading dimensions (numpy style). Size-1 dimensions then broadcast.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import scipy.special

from jaxlib._src.ir.attributes import DenseElements
from jaxlib._src.ir.core import FREE, ITEMS, TRANSCENDENTAL, Operation
from jaxlib._src.ir.element_types import UNSIGNED_OF_SIZE
from jaxlib._src.ir.types import QuantizedType, numpy_dtype
from jaxlib._src.ops.elementwise import (
    BINARY_OPS,
    COMPLEX,
    FLOAT,
    INEXACT,
    INTEGERS,
    NUMBERS,
    RESULT_RULES,
    SINT,
    Array,
    ElementKind,
    baseline,
    binary,
    binary_function,
    category_of,
    check_arity,
    declare_unary,
    shapes_compatible,
    tensor_type,
    unary,
    with_complex_special_values,
)
from jaxlib._src.ops.registry import define_op
from jaxlib._src.ops.signatures import broadcasting, infer_constant, same_as_operand

_FLOATS = frozenset({FLOAT})

# ---------------------------------------------------------------------------------
# Unary special functions
# ---------------------------------------------------------------------------------

for _name, _fn in (("acos", np.arccos), ("acosh", np.arccosh), ("asin", np.arcsin),
                   ("asinh", np.arcsinh), ("atan", np.arctan), ("atanh", np.arctanh),
                   ("cosh", np.cosh), ("sinh", np.sinh)):
    unary(_name, INEXACT, precise=True, dialect="chlo", cost=TRANSCENDENTAL)(
        with_complex_special_values(_name, _fn))
declare_unary("chlo.tan", "tan", fused="tan", cost=TRANSCENDENTAL)

unary("erf", _FLOATS, precise=True, dialect="chlo", fused="erf", cost=TRANSCENDENTAL)(
    lambda x, kind: scipy.special.erf(x))


@unary("erfc", _FLOATS, precise=True, dialect="chlo")
def _erfc(x, kind):
    # scipy's erfc loses hundreds of ULPs in the tail; erfcx(|x|) * exp(-x^2), with
    # x^2 split exactly into hi + lo (Dekker), stays within a few ULPs.
    magnitude = np.minimum(np.abs(x), 30)  # erfc(30) already underflows to 0; NaN -> 30
    halves = 134217729.0 * magnitude  # 2**27 + 1
    head = halves - (halves - magnitude)
    tail_part = magnitude - head
    square = magnitude * magnitude
    square_error = ((head * head - square) + 2 * head * tail_part) + tail_part * tail_part
    tail = scipy.special.erfcx(magnitude) * np.exp(-square) * np.exp(-square_error)
    result = np.where(magnitude < 0.5, 1 - scipy.special.erf(x),
                      np.where(x < 0, 2 - tail, tail))
    return np.where(np.isnan(x), x, result)


unary("erf_inv", _FLOATS, precise=True, dialect="chlo", fused="erf_inv", cost=TRANSCENDENTAL)(
    lambda x, kind: scipy.special.erfinv(x))
unary("bessel_i1e", _FLOATS, precise=True, dialect="chlo")(
    lambda x, kind: scipy.special.i1e(x))


@unary("lgamma", _FLOATS, precise=True, dialect="chlo", cost=TRANSCENDENTAL)
def _lgamma(x, kind):
    return np.where(np.isinf(x), np.inf, scipy.special.gammaln(x))


def _digamma_values(x: Array, xp: Any = np, special: Any = scipy.special) -> Array:
    pole = (x <= 0) & (x == xp.floor(x))  # zero and negative integers
    return xp.where(pole, xp.asarray(np.nan, x.dtype), special.psi(x))


unary("digamma", _FLOATS, precise=True, dialect="chlo", cost=TRANSCENDENTAL)(
    lambda x, kind: _digamma_values(x))


@unary("conj", INEXACT, dialect="chlo")
def _conj(x, kind):
    return np.conj(x) if kind.category == COMPLEX else x


@unary("square", NUMBERS, dialect="chlo", fused="square")
def _square(x, kind):
    return x * x if kind.category != COMPLEX else complex_square(x)


def complex_square(x: Array, xp: Any = np) -> Array:
    """As CHLO decomposes it: exact zero real part when |re| == |im| (``xp``:
    numpy, or CuPy on GPUs)."""
    re, im = x.real, x.imag
    real = xp.where(xp.isfinite(re) & (xp.abs(re) == xp.abs(im)), re.dtype.type(0),
                    (re - im) * (re + im)).astype(re.dtype)
    out = xp.empty(x.shape, x.dtype)
    out.real[...], out.imag[...] = real, 2 * (re * im)
    return out


unary("is_inf", _FLOATS, result="bool", dialect="chlo", fused="is_inf")(
    lambda x, kind: np.isinf(x))
unary("is_pos_inf", _FLOATS, result="bool", dialect="chlo")(lambda x, kind: np.isposinf(x))
unary("is_neg_inf", _FLOATS, result="bool", dialect="chlo")(lambda x, kind: np.isneginf(x))

# ---------------------------------------------------------------------------------
# Binary special functions
# ---------------------------------------------------------------------------------


def zeta_values(x: Array, q: Array, xp: Any = np, special: Any = scipy.special) -> Array:
    """Hurwitz zeta with the CHLO decomposition's domain rules (``xp`` and
    ``special``: numpy and scipy.special here, CuPy's on GPUs)."""
    value = special.zeta(x, xp.where(q > 0, q, q.dtype.type(1)))
    x_is_int = x == xp.floor(x)
    q_pole = (q <= 0) & (q == xp.floor(q))
    nan, inf = xp.asarray(np.nan, value.dtype), xp.asarray(np.inf, value.dtype)
    value = xp.where(x < 1, nan, value)
    value = xp.where((q <= 0) & ~x_is_int, nan, value)
    even_int = x_is_int & (xp.fmod(x, 2) == 0)
    value = xp.where(q_pole, xp.where(even_int, inf, nan), value)
    # Negative non-integer q with integer x: the series needs q > 0.
    negative_q = (q < 0) & ~q_pole & x_is_int & (x > 1)
    if bool(negative_q.any()):
        value = xp.where(negative_q, _zeta_shifted(x, q, xp, special), value)
    return xp.where(x == 1, inf, value)


def _zeta_shifted(x: Array, q: Array, xp: Any, special: Any) -> Array:
    """zeta(x, q) = sum_{k<m} (q+k)^-x + zeta(x, q+m), shifting q above 0."""
    shift = xp.where(q < 0, xp.ceil(-q), q.dtype.type(0))
    total = special.zeta(x, xp.where(q + shift > 0, q + shift, q.dtype.type(1)))
    for k in range(int(xp.max(shift)) if shift.size else 0):
        total = total + xp.where(k < shift, xp.power(q + k, -x), q.dtype.type(0))
    return total


binary("zeta", _FLOATS, precise=True, dialect="chlo", signature="x, q => result")(
    lambda x, q, kind: zeta_values(x, q))


def polygamma_values(n: Array, x: Array, xp: Any = np, special: Any = scipy.special) -> Array:
    """As CHLO: sign * n! * zeta(n + 1, x) for natural n >= 1, digamma for n = 0."""
    sign = 2 * xp.fmod(n, 2) - 1
    result = sign * xp.exp(special.gammaln(n + 1)) * zeta_values(n + 1, x, xp, special)
    result = xp.where(n == 0, _digamma_values(x, xp, special), result)
    natural = (n == xp.floor(n)) & (n >= 0)
    return xp.where(natural, result, xp.asarray(np.nan, result.dtype))


binary("polygamma", _FLOATS, precise=True, dialect="chlo", signature="n, x => result")(
    lambda n, x, kind: polygamma_values(n, x))


@binary("next_after", _FLOATS, dialect="chlo", signature="x, y => result")
def _next_after(x, y, kind: ElementKind):
    return next_after_values(x.astype(kind.storage), y.astype(kind.storage), kind.bits)


def next_after_values(x: Any, y: Any, bits: int, xp: Any = np,
                      values: tuple[Any, Any] | None = None, nan: Any = np.nan) -> Any:
    """chlo.next_after of IEEE floats ``x``, ``y`` of one storage dtype of
    ``bits`` bits, on their bits (sign-magnitude order), in array namespace
    ``xp`` (numpy here, CuPy on GPUs): y where x == y, NaN for a NaN, the
    smallest denormal of y's sign from a zero. Where ``x`` and ``y`` only
    carry the bits (bfloat16 as uint16 on GPUs), ``values`` are the floats
    they stand for (compared) and ``nan`` a NaN's bits."""
    fx, fy = values if values is not None else (x, y)
    storage = x.dtype
    unsigned = UNSIGNED_OF_SIZE[storage.itemsize]
    bx = xp.asarray(x).view(unsigned).astype(np.uint64)
    by = xp.asarray(y).view(unsigned).astype(np.uint64)
    sign = np.uint64(1 << (bits - 1))
    mask = np.uint64((1 << bits) - 1)
    ax, ay = bx & ~sign & mask, by & ~sign & mask
    toward_zero = (ax > ay) | ((bx & sign) != (by & sign))
    stepped = xp.where(toward_zero, bx - np.uint64(1), bx + np.uint64(1))
    stepped = xp.where(ax == 0, xp.where(ay == 0, by, (by & sign) | np.uint64(1)), stepped)
    result = xp.asarray(stepped.astype(unsigned)).view(storage)
    result = xp.where(fx == fy, y, result)
    either_nan = xp.isnan(fx) | xp.isnan(fy)
    return xp.where(either_nan, xp.asarray(nan, dtype=storage), result)


def mulhi64(a: Any, b: Any, signed: bool, xp: Any = np) -> Any:
    """The high 64 bits of the 128-bit product of 64-bit integers (uint64
    bits), from four 32 x 32-bit products, in array namespace ``xp`` (numpy
    here, CuPy on GPUs)."""
    ua, ub = a.astype(np.uint64), b.astype(np.uint64)
    low_mask, half = np.uint64(0xFFFFFFFF), np.uint64(32)
    a_lo, a_hi, b_lo, b_hi = ua & low_mask, ua >> half, ub & low_mask, ub >> half
    hi_lo, lo_hi = a_hi * b_lo, a_lo * b_hi
    cross = ((a_lo * b_lo) >> half) + (hi_lo & low_mask) + lo_hi
    high = a_hi * b_hi + (hi_lo >> half) + (cross >> half)
    if signed:
        # Signed high half = unsigned high half - (a<0 ? b : 0) - (b<0 ? a : 0).
        zero = np.uint64(0)
        high = high - xp.where(a < 0, ub, zero) - xp.where(b < 0, ua, zero)
    return high


@binary("mulhi", INTEGERS, dialect="chlo")
def _mulhi(a, b, kind: ElementKind):
    """The high ``bits`` bits of the double-width product."""
    if kind.bits <= 32:
        return (a * b) >> kind.bits  # fits in the 64-bit compute type
    return mulhi64(a, b, kind.category == SINT)


# ---------------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------------


def _verify_chlo_constant(op: Operation) -> None:
    value = op.attributes.get("value")
    if not isinstance(value, DenseElements):
        raise ValueError("chlo.constant needs a dense 'value' attribute")
    if value.type != op.result_types[0]:
        raise ValueError(f"value of type {value.type} does not match result {op.result_types[0]}")


def _chlo_constant(op: Operation, ctx):
    value = np.array(op.attributes["value"].array)
    value.flags.writeable = False
    return lambda: (value,)


define_op("chlo.constant",
          signature="value: Attr => output",
          infer=infer_constant,
          verify=_verify_chlo_constant, reference=_chlo_constant, cost=FREE)


def _constant_like_value(op: Operation):
    value = op.attributes.get("value")
    if isinstance(value, DenseElements):
        if value.array.size != 1:
            raise ValueError("constant_like value must be a scalar")
        return value.array.reshape(())
    if isinstance(value, (bool, int, float, complex)):
        return value
    raise ValueError(f"constant_like needs a scalar 'value' attribute, got {value!r}")


def _verify_constant_like(op: Operation) -> None:
    check_arity(op, 1)
    operand = tensor_type(op.operand_types[0], "operand")
    result = tensor_type(op.result_types[0], "result")
    if not shapes_compatible(operand.shape, result.shape):
        raise ValueError(f"result {result} is not shaped like operand {operand}")
    _constant_like_value(op)


def _constant_like(op: Operation, ctx):
    dtype = numpy_dtype(op.result_types[0].element_type)
    scalar = np.asarray(_constant_like_value(op)).astype(dtype)

    def kernel(x):
        return (np.full(np.shape(x), scalar, dtype),)

    return kernel


define_op("chlo.constant_like",
          signature="value: Attr, operand => result",
          infer=same_as_operand(0),
          verify=_verify_constant_like, reference=_constant_like)

# ---------------------------------------------------------------------------------
# Broadcasting binary ops
# ---------------------------------------------------------------------------------


def _dims_attribute(op: Operation) -> tuple[int, ...] | None:
    dims = op.attributes.get("broadcast_dimensions")
    return None if dims is None else tuple(int(d) for d in dims)


def _expand(shape: tuple, rank: int, dims: tuple[int, ...] | None) -> tuple:
    """The shape of a lower-rank operand placed in a rank-``rank`` result."""
    if dims is None or len(shape) == rank:
        return (1,) * (rank - len(shape)) + tuple(shape)
    if len(dims) != len(shape) or len(set(dims)) != len(dims) or any(
            not 0 <= d < rank for d in dims):
        raise ValueError(f"broadcast_dimensions {list(dims)} do not map a rank-{len(shape)} "
                         f"operand into rank {rank}")
    expanded = [1] * rank
    for size, dim in zip(shape, dims):
        expanded[dim] = size
    return tuple(expanded)


def _place(x: Array, rank: int, dims: tuple[int, ...] | None) -> Array:
    if x.ndim == rank:
        return x
    if dims is not None:
        x = x.transpose(np.argsort(dims))  # operand dims in result order
        dims = tuple(sorted(dims))
    return x.reshape(_expand(x.shape, rank, dims))


def _broadcast_result_shape(shapes: list[tuple], dims) -> tuple:
    rank = max(len(s) for s in shapes)
    expanded = [_expand(s, rank, dims if len(s) < rank else None) for s in shapes]
    result = []
    for sizes in zip(*expanded):
        known = {d for d in sizes if d is not None and d != 1}
        if len(known) > 1:
            raise ValueError(f"operand shapes {shapes} do not broadcast")
        if known:
            result.append(known.pop())
        elif None in sizes:
            result.append(None)
        else:
            result.append(1)
    return tuple(result)


def _verify_broadcast_binary(name: str):
    spec = BINARY_OPS[name]
    result_rule = RESULT_RULES[spec.result]

    def verify(op: Operation) -> None:
        check_arity(op, 2)
        lhs, rhs = (tensor_type(t, "operand") for t in op.operand_types)
        result = tensor_type(op.result_types[0], "result")
        if baseline(lhs.element_type) != baseline(rhs.element_type):
            raise ValueError(f"operand element types differ: {lhs} vs {rhs}")
        if isinstance(lhs.element_type, QuantizedType):
            raise ValueError("chlo broadcasting ops do not take quantized tensors")
        if category_of(lhs.element_type) not in spec.accepts:
            raise ValueError(f"element type {lhs.element_type} is not supported")
        if result.element_type != result_rule(lhs.element_type):
            raise ValueError(f"result element type {result.element_type} should be "
                             f"{result_rule(lhs.element_type)}")
        shape = _broadcast_result_shape([lhs.shape, rhs.shape], _dims_attribute(op))
        if not shapes_compatible(shape, result.shape):
            raise ValueError(f"result {result} does not match the broadcast shape {shape}")

    return verify


def _broadcast_binary(name: str):
    def factory(op: Operation, ctx):
        lhs, rhs = (t.element_type for t in op.operand_types)
        fn = binary_function(name, lhs, rhs, op.result_types[0].element_type, op.attributes)
        dims = _dims_attribute(op)

        def kernel(a, b):
            rank = max(a.ndim, b.ndim)
            a = _place(a, rank, dims if a.ndim < rank else None)
            b = _place(b, rank, dims if b.ndim < rank else None)
            return (np.asarray(fn(a, b)),)

        return kernel

    return factory


# The builder class names CHLO abbreviates (BroadcastMulOp ...).
_SHORT_CLASS = {"subtract": "Sub", "multiply": "Mul", "divide": "Div", "remainder": "Rem",
                "power": "Pow", "maximum": "Max", "minimum": "Min"}


def _broadcast_signature(name: str) -> str:
    short = _SHORT_CLASS.get(name)
    prefix = f"Broadcast{short}Op: " if short else ""
    attrs = ("comparison_direction: Attr, broadcast_dimensions: DenseI64Array?, "
             "compare_type: Attr?") if name == "compare" else "broadcast_dimensions: DenseI64Array?"
    return f"{prefix}lhs, rhs, {attrs} => result"


# Every binary function (CHLO has no broadcast_mulhi).
for _name in [name for name in BINARY_OPS if name != "mulhi"]:
    define_op(f"chlo.broadcast_{_name}", verify=_verify_broadcast_binary(_name),
              reference=_broadcast_binary(_name), syntax=ITEMS,
              signature=_broadcast_signature(_name),
              infer=broadcasting(RESULT_RULES[BINARY_OPS[_name].result]))


def _verify_broadcast_select(op: Operation) -> None:
    check_arity(op, 3)
    pred, on_true, on_false = (tensor_type(t, "operand") for t in op.operand_types)
    result = tensor_type(op.result_types[0], "result")
    if pred.element_type != "i1":
        raise ValueError(f"pred must have i1 elements, got {pred}")
    if not (on_true.element_type == on_false.element_type == result.element_type):
        raise ValueError(f"on_true, on_false and result element types differ: {on_true}, "
                         f"{on_false}, {result}")
    shape = _broadcast_result_shape([pred.shape, on_true.shape, on_false.shape], None)
    if not shapes_compatible(shape, result.shape):
        raise ValueError(f"result {result} does not match the broadcast shape {shape}")


def _broadcast_select(op: Operation, ctx):
    dtype = numpy_dtype(op.result_types[0].element_type)
    return lambda pred, a, b: (np.asarray(np.where(pred, a, b), dtype),)


define_op("chlo.broadcast_select",
          signature="pred, on_true, on_false => result",
          infer=broadcasting(lambda t: t, 1),
          verify=_verify_broadcast_select, reference=_broadcast_select,
          syntax=ITEMS)
# Parsed (the pretty syntax of CHLO's acos/asin decomposition), not executed.
define_op("chlo._asin_acos_kernel",
          signature="operand => result",
          infer=same_as_operand(0),
          syntax=ITEMS)

