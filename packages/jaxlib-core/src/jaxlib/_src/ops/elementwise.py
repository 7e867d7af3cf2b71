"""Elementwise StableHLO ops: unary and binary arithmetic, bitwise and logical
ops, compare, select and clamp.

Every op is a numpy function over *compute* values: signed integers are widened
to int64 and unsigned ones to uint64 (so every integer width, i2 to i64, shares
one code path and wraps modulo 2**bits on the way out), booleans stay bool,
narrow floats (f16, bf16, f8, f6, f4) are computed in f32 and rounded once to
their type, as XLA's CPU backend does. Ops marked ``precise`` (transcendental
functions) compute f32 and complex64 in double precision, so they round once.

The tables :data:`UNARY_OPS` and :data:`BINARY_OPS` are shared with the CHLO
ops (chlo_math.py), which add their own functions and broadcasting variants.
Per-tensor and per-axis quantized operands follow the spec's
``dequantize_op_quantize``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxlib._src.ir.attributes import ComparisonDirection, ComparisonType
from jaxlib._src.ir.core import (
    COMMUTATIVE,
    ELEMENTWISE,
    EXPENSIVE,
    ITEMS,
    TRANSCENDENTAL,
    Operation,
)
from jaxlib._src.ir.element_types import BOOL, COMPLEX, FLOAT, SINT, UINT
from jaxlib._src.ir.types import (
    ElementType,
    QuantizedType,
    TensorType,
    complex_part_type,
    integer_bit_width,
    is_complex,
    is_float,
    is_integer,
    is_unsigned,
    numpy_dtype,
)
from jaxlib._src.ops.registry import define_op
from jaxlib._src.ops.signatures import elementwise, infer_select, same_as_operand

Array = np.ndarray

# ---------------------------------------------------------------------------------
# Element kinds and compute values
# ---------------------------------------------------------------------------------

# (The categories are the element-type table's, ir/element_types.py.)
INTEGERS = frozenset({SINT, UINT})
NUMBERS = frozenset({SINT, UINT, FLOAT, COMPLEX})
INEXACT = frozenset({FLOAT, COMPLEX})
ANY = frozenset({BOOL, SINT, UINT, FLOAT, COMPLEX})


@dataclass(frozen=True)
class ElementKind:
    """What an element type means for arithmetic: its category, width and storage."""

    element_type: str
    category: str
    bits: int
    storage: np.dtype

    @property
    def is_narrow_float(self) -> bool:
        return self.category == FLOAT and self.storage.itemsize < 4

    def compute_dtype(self, precise: bool = False) -> np.dtype:
        """The dtype elements are computed in (see the module docstring)."""
        if self.category == BOOL:
            return np.dtype(np.bool_)
        if self.category == SINT:
            return np.dtype(np.int64)
        if self.category == UINT:
            return np.dtype(np.uint64)
        if self.category == COMPLEX:
            return np.dtype(np.complex128 if precise else self.storage)
        if self.storage == np.float64 or (precise and self.storage == np.float32):
            return np.dtype(np.float64)
        return np.dtype(np.float32)


def element_kind(element_type: ElementType) -> ElementKind:
    if isinstance(element_type, QuantizedType):
        raise ValueError(f"{element_type} is quantized; use its storage or expressed type")
    storage = numpy_dtype(element_type)
    if element_type == "i1":
        return ElementKind(element_type, BOOL, 1, storage)
    if is_integer(element_type):
        category = UINT if is_unsigned(element_type) else SINT
        return ElementKind(element_type, category, integer_bit_width(element_type), storage)
    if is_float(element_type):
        import ml_dtypes

        return ElementKind(element_type, FLOAT, int(ml_dtypes.finfo(storage).bits), storage)
    if is_complex(element_type):
        return ElementKind(element_type, COMPLEX, storage.itemsize * 8, storage)
    raise ValueError(f"element type {element_type} is not supported by elementwise ops")


def to_compute(x: Array, kind: ElementKind, precise: bool = False) -> Array:
    return np.asarray(x).astype(kind.compute_dtype(precise), copy=False)


def wrap_integer(values: Array, kind: ElementKind) -> Array:
    """Integer values (any numpy integer dtype) wrapped modulo 2**bits into ``kind``."""
    values = np.asarray(values)
    if kind.storage.itemsize * 8 == kind.bits:
        return values.astype(kind.storage)  # numpy's integer casts wrap
    modulus = 1 << kind.bits
    wrapped = values.astype(np.int64) & (modulus - 1)
    if kind.category == SINT:
        wrapped = np.where(wrapped >= modulus >> 1, wrapped - modulus, wrapped)
    return wrapped.astype(kind.storage)


def _f64_to_f32_round_to_odd(values: Array) -> Array:
    """f64 -> f32 rounding to odd: a later round-to-nearest to any format with at
    most 22 fraction bits then rounds exactly once (no double rounding)."""
    rounded = values.astype(np.float32)
    bits = rounded.view(np.uint32).copy()
    inexact = (rounded.astype(np.float64) != values) & ~np.isnan(values)
    overshoot = inexact & (np.abs(rounded.astype(np.float64)) > np.abs(values))
    bits = np.where(overshoot, bits - np.uint32(1), bits)  # one step toward zero
    bits = np.where(inexact, bits | np.uint32(1), bits)
    return bits.astype(np.uint32).view(np.float32)


def round_to_float(values: Array, dtype: np.dtype) -> Array:
    """Rounds float values to a float ``dtype`` once, to nearest even."""
    values = np.asarray(values)
    if values.dtype == np.float64 and np.dtype(dtype).itemsize < 4:
        values = _f64_to_f32_round_to_odd(values)
    return values.astype(dtype)


def from_compute(values: Array, kind: ElementKind) -> Array:
    """Compute values to the storage of ``kind`` (wrapping or rounding once)."""
    values = np.asarray(values)
    if kind.category == BOOL:
        return values.astype(np.bool_)
    if kind.category in INTEGERS:
        return wrap_integer(values, kind)
    if kind.category == FLOAT:
        return round_to_float(values, kind.storage)
    return values.astype(kind.storage)


def unsigned_bits(x: Array, kind: ElementKind) -> Array:
    """The two's-complement bit pattern of integer compute values, as uint64."""
    mask = np.uint64((1 << kind.bits) - 1)
    return np.asarray(x).astype(np.uint64) & mask


def signed_from_bits(bits: Array, width: int) -> Array:
    """Sign-extends ``width``-bit patterns (uint64) to int64."""
    values = np.asarray(bits).astype(np.int64)
    if width >= 64:
        return values
    half, modulus = 1 << (width - 1), 1 << width
    return np.where(values >= half, values - modulus, values)


# ---------------------------------------------------------------------------------
# Quantized operands: dequantize, compute in the expressed type, quantize
# ---------------------------------------------------------------------------------


def _per_axis(values: tuple, qtype: QuantizedType, rank: int, dtype) -> Array:
    array = np.asarray(values, dtype=dtype)
    if qtype.quantized_dimension is None:
        return array.reshape(())
    shape = [1] * rank
    shape[qtype.quantized_dimension] = array.size
    return array.reshape(shape)


def dequantize(x: Array, qtype: QuantizedType) -> Array:
    expressed = numpy_dtype(qtype.expressed_type)
    zero_points = _per_axis(qtype.zero_points, qtype, x.ndim, np.int64)
    scales = _per_axis(qtype.scales, qtype, x.ndim, expressed)
    return (x.astype(np.int64) - zero_points).astype(expressed) * scales


def quantize(y: Array, qtype: QuantizedType) -> Array:
    expressed = numpy_dtype(qtype.expressed_type)
    storage_kind = element_kind(qtype.storage_type)
    if storage_kind.category == SINT:
        low, high = -(1 << (storage_kind.bits - 1)), (1 << (storage_kind.bits - 1)) - 1
    else:
        low, high = 0, (1 << storage_kind.bits) - 1
    low = low if qtype.storage_min is None else qtype.storage_min
    high = high if qtype.storage_max is None else qtype.storage_max
    y = np.asarray(y, dtype=expressed)
    zero_points = _per_axis(qtype.zero_points, qtype, y.ndim, expressed)
    scales = _per_axis(qtype.scales, qtype, y.ndim, expressed)
    scaled = np.clip(y / scales + zero_points, expressed.type(low), expressed.type(high))
    return wrap_integer(np.rint(scaled).astype(np.int64), storage_kind)


def expressed(element_type: ElementType) -> ElementType:
    return element_type.expressed_type if isinstance(element_type, QuantizedType) else element_type


def with_quantization(fn: Callable[..., Array], operand_types: list,
                      result_type: ElementType | None) -> Callable[..., Array]:
    """Wraps ``fn`` (built for the expressed types) in dequantize/quantize for
    whichever operands and result are quantized; returns ``fn`` itself if none is."""
    quantized_in = [t if isinstance(t, QuantizedType) else None for t in operand_types]
    quantized_out = result_type if isinstance(result_type, QuantizedType) else None
    if not any(quantized_in) and quantized_out is None:
        return fn

    def quantized(*args: Array) -> Array:
        floats = [a if q is None else dequantize(a, q) for a, q in zip(args, quantized_in)]
        result = fn(*floats)
        return result if quantized_out is None else quantize(result, quantized_out)

    return quantized


# ---------------------------------------------------------------------------------
# Verification helpers
# ---------------------------------------------------------------------------------


def tensor_type(value_type, what: str) -> TensorType:
    if not isinstance(value_type, TensorType):
        raise ValueError(f"{what} must be a tensor, got {value_type}")
    return value_type


def baseline(element_type: ElementType):
    """The element type without quantization parameters (the spec's baseline)."""
    if isinstance(element_type, QuantizedType):
        return ("quant", element_type.storage_type, element_type.expressed_type)
    return element_type


def shapes_compatible(a: tuple, b: tuple) -> bool:
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b))


def check_same_shapes(op: Operation) -> None:
    types = [tensor_type(t, "operand/result") for t in op.operand_types + op.result_types]
    for t in types[1:]:
        if not shapes_compatible(t.shape, types[0].shape):
            raise ValueError(f"shapes differ: {', '.join(str(t) for t in types)}")


def category_of(element_type: ElementType) -> str:
    if isinstance(element_type, QuantizedType):
        return FLOAT  # computed on its expressed type
    return element_kind(element_type).category


def check_category(op: Operation, element_type: ElementType, accepts: frozenset[str]) -> None:
    if category_of(element_type) not in accepts:
        raise ValueError(f"element type {element_type} is not supported (expects "
                         f"{' or '.join(sorted(accepts))} elements)")


def check_arity(op: Operation, operands: int, results: int = 1) -> None:
    if len(op.operands) != operands or len(op.results) != results:
        raise ValueError(f"expects {operands} operands and {results} result, got "
                         f"{len(op.operands)} and {len(op.results)}")


# ---------------------------------------------------------------------------------
# Op tables
# ---------------------------------------------------------------------------------

# How a result element type follows from the operand's: "same"; "bool"; "part"
# (complex -> its part type, others unchanged); "complex" (f32 -> complex<f32>).
RESULT_RULES: dict[str, Callable[[ElementType], ElementType]] = {
    "same": lambda t: t,
    "bool": lambda t: "i1",
    "part": lambda t: complex_part_type(t) if isinstance(t, str) and is_complex(t) else t,
    "complex": lambda t: f"complex<{t}>",
}


@dataclass(frozen=True)
class UnaryOp:
    accepts: frozenset[str]
    compute: Callable[[Array, ElementKind], Array]
    result: str = "same"
    precise: bool = False


@dataclass(frozen=True)
class BinaryOp:
    accepts: frozenset[str]
    compute: Callable[[Array, Array, ElementKind], Array] | None
    result: str = "same"
    precise: bool = False
    # Builds the compute function from the op's attributes (compare needs them).
    configure: Callable[[dict, ElementKind], Callable[[Array, Array], Array]] | None = None


UNARY_OPS: dict[str, UnaryOp] = {}
BINARY_OPS: dict[str, BinaryOp] = {}


def unary_function(name: str, operand_type: ElementType,
                   result_type: ElementType) -> Callable[[Array], Array]:
    """The elementwise function of unary op ``name`` for these element types."""
    spec = UNARY_OPS[name]
    in_kind, out_kind = element_kind(expressed(operand_type)), element_kind(expressed(result_type))
    if in_kind.category not in spec.accepts:
        raise ValueError(f"{name} does not support {operand_type} elements")

    sign_op = _SIGN_BIT_OPS.get(name)
    if (sign_op is not None and not isinstance(operand_type, QuantizedType)
            and in_kind.category == FLOAT and in_kind.storage.itemsize >= 2):
        # A sign-bit operation, as XLA emits it: exact for every value,
        # subnormals included (arithmetic would flush them on the CPU).
        uint = np.dtype(f"uint{in_kind.storage.itemsize * 8}").type
        return lambda x: sign_op(x.view(uint), uint).view(x.dtype)

    def fn(x: Array) -> Array:
        return from_compute(spec.compute(to_compute(x, in_kind, spec.precise), in_kind), out_kind)

    return with_quantization(fn, [operand_type], result_type)


def _sign_mask(uint: type) -> np.unsignedinteger:
    return uint(1) << uint(np.dtype(uint).itemsize * 8 - 1)


_SIGN_BIT_OPS = {
    "abs": lambda bits, uint: bits & ~_sign_mask(uint),
    "negate": lambda bits, uint: bits ^ _sign_mask(uint),
}


def binary_function(name: str, lhs_type: ElementType, rhs_type: ElementType,
                    result_type: ElementType, attributes: dict | None = None
                    ) -> Callable[[Array, Array], Array]:
    """The elementwise function of binary op ``name`` (numpy broadcasting applies)."""
    spec = BINARY_OPS[name]
    in_kind, out_kind = element_kind(expressed(lhs_type)), element_kind(expressed(result_type))
    if in_kind.category not in spec.accepts:
        raise ValueError(f"{name} does not support {lhs_type} elements")
    if spec.configure is not None:
        attributes = dict(attributes or {})
        if isinstance(lhs_type, QuantizedType):
            # dequantize_compare: a FLOAT comparison of the expressed values.
            attributes["compare_type"] = ComparisonType("FLOAT")
        compute = spec.configure(attributes, in_kind)
    else:
        def compute(a, b, _kind=in_kind, _fn=spec.compute):
            return _fn(a, b, _kind)

    def fn(a: Array, b: Array) -> Array:
        return from_compute(compute(to_compute(a, in_kind, spec.precise),
                                    to_compute(b, in_kind, spec.precise)), out_kind)

    return with_quantization(fn, [lhs_type, rhs_type], result_type)


def _verify_unary(name: str) -> Callable[[Operation], None]:
    spec = UNARY_OPS[name]

    def verify(op: Operation) -> None:
        check_arity(op, 1)
        check_same_shapes(op)
        operand, result = op.operand_types[0].element_type, op.result_types[0].element_type
        check_category(op, operand, spec.accepts)
        expected = RESULT_RULES[spec.result](baseline(operand))
        if isinstance(operand, QuantizedType) and spec.result == "same":
            expected = baseline(operand)
        if baseline(result) != expected:
            raise ValueError(f"result element type {result} should be {expected} for operand "
                             f"{operand}")

    return verify


def _verify_binary(name: str) -> Callable[[Operation], None]:
    spec = BINARY_OPS[name]

    def verify(op: Operation) -> None:
        check_arity(op, 2)
        check_same_shapes(op)
        lhs, rhs = (t.element_type for t in op.operand_types)
        result = op.result_types[0].element_type
        if baseline(lhs) != baseline(rhs):
            raise ValueError(f"operand element types differ: {lhs} vs {rhs}")
        check_category(op, lhs, spec.accepts)
        expected = RESULT_RULES[spec.result](baseline(lhs))
        if baseline(result) != expected:
            raise ValueError(f"result element type {result} should be {expected}")
        if spec.configure is not None and not isinstance(lhs, QuantizedType):
            spec.configure(op.attributes, element_kind(lhs))  # attribute errors

    return verify


def _unary_factory(name: str):
    def factory(op: Operation, ctx):
        fn = unary_function(name, op.operand_types[0].element_type,
                            op.result_types[0].element_type)
        return lambda x: (fn(x),)

    return factory


def _binary_factory(name: str):
    def factory(op: Operation, ctx):
        lhs, rhs = (t.element_type for t in op.operand_types)
        fn = binary_function(name, lhs, rhs, op.result_types[0].element_type, op.attributes)
        return lambda a, b: (fn(a, b),)

    return factory


def _facts(op_name: str, facts: dict) -> dict:
    """The op-table facts every elementwise op shares, under ``facts``: the
    ELEMENTWISE trait, the items syntax and, for StableHLO ops, the HLO
    opcode spelled as XLA spells it (``exponential-minus-one``)."""
    dialect, _, short = op_name.partition(".")
    traits = frozenset({ELEMENTWISE}) | frozenset(facts.pop("traits", ()))
    hlo = short.replace("_", "-") if dialect == "stablehlo" else None
    return {"traits": traits, "syntax": ITEMS, "hlo": hlo, **facts}


def declare_unary(op_name: str, name: str, **facts) -> None:
    """Declares op ``op_name`` as the unary function ``name`` of :data:`UNARY_OPS`
    (``facts``: further OpDef fields, see :func:`unary`)."""
    # The builder every elementwise unary op shares unless it says otherwise.
    facts.setdefault("signature", "operand => result")
    facts.setdefault("infer", elementwise(RESULT_RULES[UNARY_OPS[name].result]))
    define_op(op_name, verify=_verify_unary(name), reference=_unary_factory(name),
              element_kinds=UNARY_OPS[name].accepts, **_facts(op_name, facts))


def declare_binary(op_name: str, name: str, **facts) -> None:
    """Declares op ``op_name`` as the binary function ``name`` of :data:`BINARY_OPS`."""
    facts.setdefault("signature", "lhs, rhs => result")
    facts.setdefault("infer", elementwise(RESULT_RULES[BINARY_OPS[name].result]))
    define_op(op_name, verify=_verify_binary(name), reference=_binary_factory(name),
              element_kinds=BINARY_OPS[name].accepts, **_facts(op_name, facts))


def unary(name: str, accepts: frozenset[str], *, result: str = "same", precise: bool = False,
          dialect: str = "stablehlo", **facts):
    """Decorator: declares unary op ``dialect.name`` computed by the function.

    ``accepts`` (element categories) and ``result`` are its type rule, the
    function its reference semantics; ``facts`` the rest of its op-table
    entry (ir/core.py OpDef): ``fused`` (the native fused opcode,
    csrc/cpu/kernels/fused_ops.def), ``cost`` (TRANSCENDENTAL, EXPENSIVE),
    ``hlo`` (when the opcode is not the name with dashes), ``traits``."""

    def declare(compute):
        UNARY_OPS[name] = UnaryOp(accepts, compute, result, precise)
        declare_unary(f"{dialect}.{name}", name, **facts)
        return compute

    return declare


def binary(name: str, accepts: frozenset[str], *, result: str = "same", precise: bool = False,
           dialect: str = "stablehlo", configure=None, **facts):
    """Decorator: declares binary op ``dialect.name`` computed by the function
    (see :func:`unary`)."""

    def declare(compute):
        BINARY_OPS[name] = BinaryOp(accepts, compute, result, precise, configure)
        declare_binary(f"{dialect}.{name}", name, **facts)
        return compute

    return declare


# ---------------------------------------------------------------------------------
# Unary ops
# ---------------------------------------------------------------------------------


@unary("abs", frozenset({SINT, FLOAT, COMPLEX}), result="part", precise=True, fused="abs")
def _abs(x, kind):
    return np.abs(x)  # int64 abs of the narrower INT_MIN wraps back on the way out


@unary("negate", NUMBERS, fused="neg",
       signature="NegOp: operand => result")
def _negate(x, kind):
    return np.negative(x)


@unary("sign", frozenset({SINT, FLOAT, COMPLEX}), precise=True, fused="sign")
def _sign(x, kind):
    if kind.category == SINT:
        return np.sign(x)
    if kind.category == FLOAT:
        # sign(±0) = ±0 and sign(NaN) = NaN, unlike numpy's sign(-0.0) = +0.
        return np.where((x == 0) | np.isnan(x), x, np.where(x < 0, -1.0, 1.0).astype(x.dtype))
    return complex_sign(x)


def complex_sign(x: Array, xp: Any = np) -> Array:
    """x / |x| part by part, 0 at 0, as XLA: an infinite part over the infinite
    magnitude is NaN, a finite one 0 (sign(inf + 2i) = NaN + 0i); NaNs spread.
    (``xp``: numpy, or CuPy on GPUs.)"""
    magnitude = xp.abs(x)
    zero = magnitude == 0
    safe = xp.where(zero, magnitude.dtype.type(1), magnitude)
    return complex_parts(xp.where(zero, 0, x.real / safe).astype(magnitude.dtype),
                         xp.where(zero, 0, x.imag / safe).astype(magnitude.dtype), xp)


def complex_parts(real: Array, imag: Array, xp: Any = np) -> Array:
    """The complex array real + i imag (``real + 1j * imag`` is not that where
    imag is infinite: 1j * inf = NaN + inf i)."""
    out = xp.empty(real.shape, xp.result_type(real.dtype, np.complex64))
    out.real[...], out.imag[...] = real, imag
    return out


# XLA's values of complex functions at non-finite arguments, where they differ
# from C99's (numpy's, CuPy's): NaN + NaN i for exp, cosh and sinh of an
# infinite or NaN imaginary part (XLA's formulas multiply by its cos and sin:
# C99 gives exp(-inf + inf i) = 0, cosh(0 + inf i) = NaN + 0i), tanh of such
# an imaginary part with a zero real part, tan of an infinite or NaN real part
# with a zero imaginary part.
_NAN_WHERE = {
    "exp": lambda re, im, xp: ~xp.isfinite(im),
    "cosh": lambda re, im, xp: ~xp.isfinite(im),
    "sinh": lambda re, im, xp: ~xp.isfinite(im),
    "tanh": lambda re, im, xp: ~xp.isfinite(im) & (re == 0),
    "tan": lambda re, im, xp: ~xp.isfinite(re) & (im == 0),
}


def with_complex_special_values(name: str, fn: Any) -> Any:
    """The CPU kernel (x, kind) of ``fn``: XLA's special values for complex x."""
    special = with_xla_special_values(name, fn)
    return lambda x, kind: special(x) if kind.category == COMPLEX else fn(x)


def with_xla_special_values(name: str, fn: Any, xp: Any = np) -> Any:
    """``fn`` (a complex function named ``name``) with XLA's values at the
    non-finite arguments where they differ from C99's."""
    nan_where = _NAN_WHERE.get(name)
    if nan_where is None:
        return fn

    def fixed(x: Array) -> Array:
        out = fn(x)
        return xp.where(nan_where(x.real, x.imag, xp), out.dtype.type(complex(np.nan, np.nan)),
                        out)
    return fixed


_FLOATS = frozenset({FLOAT})
unary("floor", _FLOATS, fused="floor")(lambda x, kind: np.floor(x))
unary("ceil", _FLOATS, fused="ceil")(lambda x, kind: np.ceil(x))
unary("round_nearest_even", _FLOATS, fused="round_even")(lambda x, kind: np.rint(x))


@unary("round_nearest_afz", _FLOATS, fused="round_afz",
       signature="RoundOp: operand => result")
def _round_nearest_afz(x, kind):
    whole = np.trunc(x)
    # x - trunc(x) is exact, so halves are recognised exactly.
    return np.where(np.abs(x - whole) >= 0.5, whole + np.copysign(1.0, x).astype(x.dtype), whole)


# Transcendental functions numpy computes as they are: (name, fused opcode, function).
for _name, _opcode, _fn in (
        ("sqrt", "sqrt", np.sqrt), ("rsqrt", "rsqrt", lambda x: 1 / np.sqrt(x)),
        ("exponential", "exp", np.exp), ("log", "log", np.log), ("tanh", "tanh", np.tanh),
        ("sine", "sin", np.sin), ("cosine", "cos", np.cos), ("tan", "tan", np.tan)):
    unary(_name, INEXACT, precise=True, fused=_opcode, cost=TRANSCENDENTAL,
          signature=("ExpOp: " if _name == "exponential" else "")
          + "operand, result_accuracy: Attr? => result")(
        with_complex_special_values(_opcode, _fn))


@unary("cbrt", INEXACT, precise=True, fused="cbrt", cost=TRANSCENDENTAL,
       signature="operand, result_accuracy: Attr? => result")
def _cbrt(x, kind):
    if kind.category == FLOAT:
        return np.cbrt(x)
    # Principal cube root: |z|^(1/3) at a third of the argument.
    theta = np.arctan2(x.imag, x.real) / 3
    return np.cbrt(np.abs(x)) * (np.cos(theta) + 1j * np.sin(theta))


@unary("exponential_minus_one", INEXACT, precise=True, fused="expm1", cost=TRANSCENDENTAL,
       signature="Expm1Op: operand, result_accuracy: Attr? => result")
def _expm1(x, kind):
    return np.expm1(x) if kind.category == FLOAT else complex_expm1(x)


def complex_expm1(x: Array, xp: Any = np) -> Array:
    """exp(z) - 1 of complex z, accurate near 0 (``xp``: numpy, or CuPy on GPUs)."""
    re, im = x.real, x.imag
    # exp(re)cos(im) - 1 = expm1(re)cos(im) - 2 sin^2(im/2), accurate near 0.
    real = xp.expm1(re) * xp.cos(im) - 2 * xp.sin(im / 2) ** 2
    imag = xp.where(im == 0, im, xp.exp(re) * xp.sin(im))
    return complex_parts(real, imag, xp)


@unary("log_plus_one", INEXACT, precise=True, fused="log1p", cost=TRANSCENDENTAL,
       signature="Log1pOp: operand, result_accuracy: Attr? => result")
def _log1p(x, kind):
    return np.log1p(x) if kind.category == FLOAT else complex_log1p(x)


def complex_log1p(x: Array, xp: Any = np) -> Array:
    """log(1 + z) of complex z (``xp``: numpy, or CuPy on GPUs)."""
    re, im = x.real, x.imag
    modulus = xp.hypot(re + 1, im)
    near_one = (modulus > 0.5) & (modulus < 2)
    # log|1+z| = log(big) + 0.5 log1p((small/big)^2): no overflow where |1+z| is
    # past the largest float but its log is not.
    big = xp.maximum(xp.abs(re + 1), xp.abs(im))
    small = xp.minimum(xp.abs(re + 1), xp.abs(im))
    ratio = xp.where(big == 0, big, small / xp.where(big == 0, 1, big))
    far = xp.where(xp.isinf(big), xp.log(modulus), xp.log(big) + 0.5 * xp.log1p(ratio * ratio))
    # log|1+z| = 0.5 log1p(2re + re^2 + im^2), accurate when |1+z| is near 1.
    real = xp.where(near_one, 0.5 * xp.log1p(re * (2 + re) + im * im), far)
    # (a NaN part makes both NaN, as XLA's log1p)
    return real + 1j * xp.arctan2(im, re + 1)


@unary("logistic", INEXACT, precise=True, fused="logistic", cost=TRANSCENDENTAL,
       signature="operand, result_accuracy: Attr? => result")
def _logistic(x, kind):
    if kind.category == FLOAT:
        from scipy.special import expit

        return expit(x)
    return 1 / (1 + np.exp(-x))


unary("is_finite", _FLOATS, result="bool", fused="is_finite",
       signature="x => y")(lambda x, kind: np.isfinite(x))


@unary("not", frozenset({BOOL, SINT, UINT}), fused="not")
def _not(x, kind):
    return np.logical_not(x) if kind.category == BOOL else np.invert(x)


@unary("popcnt", INTEGERS, fused="popcnt",
       signature="PopulationCountOp: operand => result")
def _popcnt(x, kind):
    return np.bitwise_count(unsigned_bits(x, kind)).astype(np.int64)


def bit_length(bits: Array) -> Array:
    """Number of significant bits of each uint64 (0 for 0)."""
    length = np.zeros(bits.shape, np.int64)
    rest = bits.copy()
    for step in (32, 16, 8, 4, 2, 1):
        big = rest >= (np.uint64(1) << np.uint64(step))
        length += np.where(big, step, 0)
        rest = np.where(big, rest >> np.uint64(step), rest)
    return length + (rest > 0)


@unary("count_leading_zeros", INTEGERS, fused="clz", hlo="clz",
       signature="ClzOp: operand => result")
def _count_leading_zeros(x, kind):
    return kind.bits - bit_length(unsigned_bits(x, kind))


unary("real", INEXACT, result="part")(lambda x, kind: np.real(x))
unary("imag", INEXACT, result="part")(
    lambda x, kind: np.imag(x) if kind.category == COMPLEX else np.zeros_like(x))


# ---------------------------------------------------------------------------------
# Binary arithmetic
# ---------------------------------------------------------------------------------


@binary("add", ANY, fused="add", traits={COMMUTATIVE})
def _add(a, b, kind):
    return np.logical_or(a, b) if kind.category == BOOL else np.add(a, b)


binary("subtract", NUMBERS, fused="sub")(lambda a, b, kind: np.subtract(a, b))


@binary("multiply", ANY, fused="mul", traits={COMMUTATIVE},
        signature="MulOp: lhs, rhs => result")
def _multiply(a, b, kind):
    return np.logical_and(a, b) if kind.category == BOOL else np.multiply(a, b)


def _integer_division(a: Array, b: Array, kind: ElementKind) -> tuple[Array, Array, Array]:
    """Truncating quotient and remainder with XLA's rules: x/0 = -1 (all bits
    set), x%0 = x, INT_MIN/-1 = INT_MIN and INT_MIN%-1 = 0 (after wrapping)."""
    a, b = np.broadcast_arrays(a, b)
    by_zero = b == 0
    safe = np.where(by_zero, 1, b).astype(b.dtype)
    if kind.category == SINT:
        # Only int64's own minimum overflows in the widened compute type.
        overflow = (a == np.iinfo(np.int64).min) & (safe == -1)
        safe = np.where(overflow, 1, safe).astype(b.dtype)
        quotient = a // safe
        remainder = a - quotient * safe
        fix = (remainder != 0) & ((a < 0) != (safe < 0))  # floor -> trunc
        quotient = np.where(fix, quotient + 1, quotient)
        remainder = np.where(fix, remainder - safe, remainder)
        quotient = np.where(overflow, a, quotient)
        remainder = np.where(overflow, 0, remainder)
        all_ones = np.int64(-1)
    else:
        quotient, remainder = a // safe, a % safe
        all_ones = np.uint64(np.iinfo(np.uint64).max)
    quotient = np.where(by_zero, all_ones, quotient)
    remainder = np.where(by_zero, a, remainder)
    return quotient, remainder, by_zero


@binary("divide", NUMBERS, fused="div", cost=EXPENSIVE,
        signature="DivOp: lhs, rhs => result")
def _divide(a, b, kind):
    if kind.category in INTEGERS:
        return _integer_division(a, b, kind)[0]
    return np.divide(a, b)


@binary("remainder", frozenset({SINT, UINT, FLOAT}), fused="rem", cost=EXPENSIVE,
        signature="RemOp: lhs, rhs => result")
def _remainder(a, b, kind):
    if kind.category in INTEGERS:
        return _integer_division(a, b, kind)[1]
    return np.fmod(a, b)  # sign of the dividend, exact


@binary("power", NUMBERS, precise=True, fused="pow", cost=TRANSCENDENTAL,
        signature="PowOp: lhs, rhs => result")
def _power(a, b, kind):
    if kind.category in (FLOAT, COMPLEX):
        return np.power(a, b)
    a, b = np.broadcast_arrays(a, b)
    # Square-and-multiply on 64-bit patterns: wraps modulo 2**64, hence 2**bits.
    base = a.astype(np.uint64)
    exponent = np.abs(b).astype(np.uint64) if kind.category == SINT else b.astype(np.uint64)
    result = np.ones(a.shape, np.uint64)
    while exponent.any():
        result = np.where(exponent & np.uint64(1), result * base, result)
        base = base * base
        exponent = exponent >> np.uint64(1)
    if kind.category == UINT:
        return result
    result = result.view(np.int64)
    # Negative exponents: 1 -> 1, -1 -> ±1, anything else -> 0 (integer 1/x^n).
    return np.where((b < 0) & (np.abs(a) != 1), 0, result)


def _float_max(a: Array, b: Array, pick_larger: bool) -> Array:
    """IEEE-754 maximum/minimum: NaN propagates and -0 < +0."""
    if pick_larger:
        take_a = (a > b) | ((a == b) & ~np.signbit(a))
    else:
        take_a = (a < b) | ((a == b) & np.signbit(a))
    result = np.where(take_a, a, b)
    return np.where(np.isnan(a) | np.isnan(b), np.asarray(np.nan, a.dtype), result)


def _complex_max(a: Array, b: Array, pick_larger: bool) -> Array:
    """Lexicographic on (real, imag), as the spec says."""
    if pick_larger:
        take_a = (a.real > b.real) | ((a.real == b.real) & (a.imag > b.imag))
    else:
        take_a = (a.real < b.real) | ((a.real == b.real) & (a.imag < b.imag))
    return np.where(take_a, a, b)


def extremum(a: Array, b: Array, kind: ElementKind, pick_larger: bool) -> Array:
    if kind.category == BOOL:
        return np.logical_or(a, b) if pick_larger else np.logical_and(a, b)
    if kind.category == FLOAT:
        return _float_max(a, b, pick_larger)
    if kind.category == COMPLEX:
        return _complex_max(a, b, pick_larger)
    return np.maximum(a, b) if pick_larger else np.minimum(a, b)


binary("maximum", ANY, fused="max", traits={COMMUTATIVE},
        signature="MaxOp: lhs, rhs => result")(
    lambda a, b, kind: extremum(a, b, kind, True))
binary("minimum", ANY, fused="min", traits={COMMUTATIVE},
        signature="MinOp: lhs, rhs => result")(
    lambda a, b, kind: extremum(a, b, kind, False))


@binary("atan2", INEXACT, precise=True, fused="atan2", cost=TRANSCENDENTAL)
def _atan2(a, b, kind):
    if kind.category == FLOAT:
        return np.arctan2(a, b)
    # atan2(y, x) = -i log((x + iy) / sqrt(x^2 + y^2)) for complex y, x.
    return -1j * np.log((b + 1j * a) / np.sqrt(b * b + a * a))


_BITWISE = frozenset({BOOL, SINT, UINT})
binary("and", _BITWISE, fused="and", traits={COMMUTATIVE})(lambda a, b, kind: np.bitwise_and(a, b))
binary("or", _BITWISE, fused="or", traits={COMMUTATIVE})(lambda a, b, kind: np.bitwise_or(a, b))
binary("xor", _BITWISE, fused="xor", traits={COMMUTATIVE})(lambda a, b, kind: np.bitwise_xor(a, b))


def _shift_amounts(b: Array, kind: ElementKind) -> tuple[Array, Array]:
    """Shift counts are unsigned: negative or >= bits counts are out of range."""
    in_range = (b >= 0) & (b < kind.bits)
    return in_range, np.where(in_range, b, 0).astype(np.uint64)


@binary("shift_left", INTEGERS, fused="shl")
def _shift_left(a, b, kind):
    in_range, count = _shift_amounts(b, kind)
    return np.where(in_range, unsigned_bits(a, kind) << count, np.uint64(0))


@binary("shift_right_logical", INTEGERS, fused="shr_logical")
def _shift_right_logical(a, b, kind):
    in_range, count = _shift_amounts(b, kind)
    return np.where(in_range, unsigned_bits(a, kind) >> count, np.uint64(0))


@binary("shift_right_arithmetic", INTEGERS, fused="shr_arith")
def _shift_right_arithmetic(a, b, kind):
    in_range, count = _shift_amounts(b, kind)
    # Out-of-range counts fill with the sign bit, as a shift by bits-1 does.
    count = np.where(in_range, count, kind.bits - 1).astype(np.int64)
    return signed_from_bits(unsigned_bits(a, kind), kind.bits) >> count


@binary("complex", frozenset({FLOAT}), result="complex")
def _complex(a, b, kind):
    a, b = np.broadcast_arrays(a, b)
    out = np.empty(a.shape, np.complex64 if kind.storage == np.float32 else np.complex128)
    out.real, out.imag = a, b  # not a + 1j*b, which turns (inf, 0) into NaN parts
    return out


# ---------------------------------------------------------------------------------
# Compare
# ---------------------------------------------------------------------------------

_DIRECTIONS: dict[str, Callable[[Array, Array], Array]] = {
    "EQ": np.equal, "NE": np.not_equal, "GE": np.greater_equal,
    "GT": np.greater, "LE": np.less_equal, "LT": np.less,
}
_COMPARE_TYPES = {BOOL: ("UNSIGNED",), SINT: ("SIGNED",), UINT: ("UNSIGNED",),
                  FLOAT: ("FLOAT", "TOTALORDER"), COMPLEX: ("FLOAT",)}
_DEFAULT_COMPARE_TYPE = {BOOL: "UNSIGNED", SINT: "SIGNED", UINT: "UNSIGNED", FLOAT: "FLOAT",
                         COMPLEX: "FLOAT"}


def total_order_key(x: Array, xp: Any = np) -> Array:
    """Signed integers ordered as IEEE totalOrder orders the floats ``x``
    (-NaN < -inf < ... < -0 < +0 < ... < inf < NaN): the bit pattern, with
    the magnitude bits flipped for negative values. (``xp``: numpy, or
    jaxlib-gpu's CuPy; 0-d values keep their shape.)"""
    wide = x.astype(np.float64 if x.dtype.itemsize >= 8 else np.float32)
    signed = xp.ascontiguousarray(wide).view(
        np.int64 if wide.dtype.itemsize == 8 else np.int32).reshape(wide.shape)
    magnitude = np.iinfo(signed.dtype).max
    return xp.where(signed < 0, signed ^ magnitude, signed)


def _lexicographic(direction: str) -> Callable[[Array, Array], Array]:
    strict = {"GT": np.greater, "GE": np.greater, "LT": np.less, "LE": np.less}

    def compare(a, b):
        if direction in ("EQ", "NE"):
            equal = (a.real == b.real) & (a.imag == b.imag)
            return equal if direction == "EQ" else ~equal
        first = strict[direction]
        second = _DIRECTIONS[direction]
        return first(a.real, b.real) | ((a.real == b.real) & second(a.imag, b.imag))

    return compare


def _configure_compare(attributes: dict, kind: ElementKind) -> Callable[[Array, Array], Array]:
    direction = attributes.get("comparison_direction")
    if not isinstance(direction, ComparisonDirection):
        raise ValueError("compare needs a comparison_direction attribute")
    compare_type = attributes.get("compare_type")
    if compare_type is not None and not isinstance(compare_type, ComparisonType):
        raise ValueError(f"compare_type {compare_type!r} is not a comparison type")
    type_name = _DEFAULT_COMPARE_TYPE[kind.category] if compare_type in (
        None, ComparisonType("NOTYPE")) else compare_type.value
    if type_name not in _COMPARE_TYPES[kind.category]:
        raise ValueError(f"compare_type {type_name} is not valid for {kind.element_type} "
                         f"(expects {' or '.join(_COMPARE_TYPES[kind.category])})")
    compare = _DIRECTIONS[direction.value]
    if kind.category == COMPLEX:
        return _lexicographic(direction.value)
    if type_name == "TOTALORDER":
        return lambda a, b: compare(total_order_key(a), total_order_key(b))
    return compare


BINARY_OPS["compare"] = BinaryOp(ANY, None, "bool", configure=_configure_compare)
# (hlo=None: HLO spells the direction as an attribute)
declare_binary("stablehlo.compare", "compare", fused="cmp", hlo=None,
               signature="lhs, rhs, comparison_direction: Attr, compare_type: Attr? => result")


# ---------------------------------------------------------------------------------
# Select and clamp
# ---------------------------------------------------------------------------------


def _verify_select(op: Operation) -> None:
    check_arity(op, 3)
    pred, on_true, on_false = (tensor_type(t, "select operand") for t in op.operand_types)
    result = tensor_type(op.result_types[0], "select result")
    if pred.element_type != "i1":
        raise ValueError(f"pred must have i1 elements, got {pred}")
    if pred.rank != 0 and not shapes_compatible(pred.shape, on_true.shape):
        raise ValueError(f"pred {pred} must be a scalar or shaped like {on_true}")
    for t in (on_false, result):
        if not shapes_compatible(t.shape, on_true.shape) or baseline(t.element_type) != baseline(
                on_true.element_type):
            raise ValueError(f"on_true, on_false and result types differ: {on_true}, "
                             f"{on_false}, {result}")


def _select(op: Operation, ctx):
    true_type, false_type = (t.element_type for t in op.operand_types[1:])
    result_type = op.result_types[0].element_type
    quantized = any(isinstance(t, QuantizedType) for t in (true_type, false_type, result_type))
    if not quantized:
        dtype = numpy_dtype(result_type)
        return lambda pred, a, b: (np.asarray(np.where(pred, a, b), dtype),)
    # dequantize_select_quantize
    fn = with_quantization(lambda p, a, b: np.where(p, a, b),
                           ["i1", true_type, false_type], result_type)
    return lambda pred, a, b: (fn(pred, a, b),)


define_op("stablehlo.select",
          signature="pred, on_true, on_false => result",
          infer=infer_select,
          verify=_verify_select, reference=_select, traits={ELEMENTWISE},
          syntax=ITEMS, hlo="select", fused="select", element_kinds=ANY)


def _verify_clamp(op: Operation) -> None:
    check_arity(op, 3)
    low, operand, high = (tensor_type(t, "clamp operand") for t in op.operand_types)
    result = tensor_type(op.result_types[0], "clamp result")
    for bound in (low, high):
        if bound.rank != 0 and not shapes_compatible(bound.shape, operand.shape):
            raise ValueError(f"bound {bound} must be a scalar or shaped like {operand}")
        if baseline(bound.element_type) != baseline(operand.element_type):
            raise ValueError(f"bound {bound} element type differs from operand {operand}")
    if not shapes_compatible(result.shape, operand.shape) or baseline(
            result.element_type) != baseline(operand.element_type):
        raise ValueError(f"result {result} differs from operand {operand}")


def _clamp(op: Operation, ctx):
    types = [t.element_type for t in op.operand_types]
    result_type = op.result_types[0].element_type
    kind = element_kind(expressed(types[1]))

    def clamp(low, x, high):
        low, x, high = (to_compute(v, kind) for v in (low, x, high))
        return from_compute(extremum(extremum(x, low, kind, True), high, kind, False), kind)

    fn = with_quantization(clamp, types, result_type)
    return lambda low, x, high: (np.asarray(fn(low, x, high)),)


define_op("stablehlo.clamp",
          signature="min, operand, max => result",
          infer=same_as_operand(1),
          verify=_verify_clamp, reference=_clamp, traits={ELEMENTWISE},
          syntax=ITEMS, hlo="clamp", fused="clamp", element_kinds=ANY)
