"""Device kernels of the GPU backend, written once against an array namespace.

Each entry of :data:`DEVICE_KERNELS` is a factory ``(op, xp) -> kernel`` (or
None when this op's variant has no device kernel, e.g. integer division, whose
XLA semantics the namespace's operator does not have). ``xp`` is CuPy on a
real GPU, where every call is a kernel compiled with NVRTC or a cuBLAS/CUB
call, and numpy for the mock GPUs, so the same step program runs anywhere.

Kernels take and return arrays of the namespace; scalars are 0-d arrays. The
semantics are XLA's: NaNs propagate through max/min, float-to-integer
conversion saturates and sends NaN to 0, shifts by the bit width or more give
0 (or the sign for arithmetic shifts).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ml_dtypes
import numpy as np

from jaxlib._src.ir.core import Operation
from jaxlib._src.ir.element_types import info as element_info
from jaxlib._src.ir.types import TensorType, numpy_dtype
from jaxlib._src.ops.custom_call import ALLOCATE_BUFFER, IDENTITY_TARGETS, NO_OP_TARGETS
from jaxlib._src.ops.data_movement import int_list
from jaxlib._src.ops.elementwise import complex_sign, with_xla_special_values
from jaxlib._src.ops.reduction import int_array_attr
from jaxlib.gpu_runtime.carried import (
    CARRIERS,
    carried_dtype,
    computing_widened,
    element_bits,
    is_bfloat16,
    is_carried,
    is_narrow_integer,
    narrow,
    storage_dtype,
    twin,
    widen,
)
from jaxlib.gpu_runtime.collectives import COLLECTIVE_KERNELS
from jaxlib.gpu_runtime.cublas import bf16_matmul_for, matmul_for
from jaxlib.gpu_runtime.cudnn import bfloat16_convolution_kernel, convolution_kernel
from jaxlib.gpu_runtime.prng import TARGETS as PRNG_TARGETS
from jaxlib.gpu_runtime.prng import rng_bit_generator_kernel, threefry_kernel
from jaxlib.gpu_runtime.solver import TARGETS as SOLVER_TARGETS
from jaxlib.gpu_runtime.solver import NotCapturable, solver_kernel, triangular_solve_kernel
from jaxlib.gpu_runtime.sparse import TARGETS as SPARSE_TARGETS
from jaxlib.gpu_runtime.sparse import sparse_kernel
from jaxlib.gpu_runtime.tridiagonal import TARGETS as TRIDIAGONAL_TARGETS
from jaxlib.gpu_runtime.tridiagonal import tridiagonal_kernel
from jaxlib.gpu_runtime.windows import library_scan, single_op_body

Factory = Callable[[Operation, Any], Callable[..., tuple] | None]
DEVICE_KERNELS: dict[str, Factory] = {}

# The storage dtypes CuPy computes in. bfloat16 and the 8-bit floats are on
# the device as their bits (carried.py); anything else (int4, int2,
# float8_e8m0fnu, ...) is kept on the host and runs on the reference kernels.
DEVICE_DTYPES = frozenset(np.dtype(t) for t in (
    np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
    np.uint64, np.float16, np.float32, np.float64, np.complex64, np.complex128))


def contiguous(xp: Any, x: Any) -> Any:
    """``x`` in row-major order (a copy only when it is a view that is not;
    0-d arrays stay 0-d, unlike ascontiguousarray's)."""
    return x if x.flags.c_contiguous else xp.array(x, order="C", copy=True)


def on_device(type_: Any) -> bool:
    """Whether a value of IR type ``type_`` lives in device memory."""
    if not isinstance(type_, TensorType) or not type_.is_static:
        return False
    if not isinstance(type_.element_type, str):  # quantized
        return False
    try:
        dtype = numpy_dtype(type_.element_type)
    except (TypeError, ValueError, KeyError):
        return False
    return dtype in DEVICE_DTYPES or dtype in CARRIERS


def _kind(type_: TensorType) -> str:
    """'b', 'i', 'u', 'f' or 'c': the numpy kind of the type's storage."""
    return numpy_dtype(type_.element_type).kind


def device_kernel(*names: str):
    def register(factory: Factory) -> Factory:
        for name in names:
            DEVICE_KERNELS[name] = factory
        return factory

    return register


# --- elementwise ------------------------------------------------------------------

def _unary(fn_for: Callable[[Any, str], Callable | None]):
    def factory(op: Operation, xp: Any):
        fn = fn_for(xp, _kind(op.operand_types[0]))
        if fn is None:
            return None
        dtype = numpy_dtype(op.result_types[0].element_type)
        return lambda x: (xp.asarray(fn(x), dtype=dtype),)
    return factory


def _in_complex128(fn: Callable) -> Callable:
    """``fn`` of complex64 values computed in complex128 and rounded once, as
    the CPU's precise kernels compute transcendental functions (complex64
    arithmetic in CuPy's formulas loses more: asin 4 ulp in the conformance
    suite, log1p near -1 in jax's accuracy tests)."""
    def widened(x):
        return fn(x.astype(np.complex128)).astype(x.dtype) if x.dtype == np.complex64 \
            else fn(x)
    return widened


def _floats(name: str):
    return lambda xp, kind: getattr(xp, name) if kind == "f" else None


def _rounding(name: str):
    """floor/ceil, exact on f32 denormals too: CuPy's kernels flush denormal f32
    inputs to zero (ceil(1e-45) would be 0), so those are decided from the bits."""
    def fn_for(xp, kind):
        if kind != "f":
            return None
        rounded = getattr(xp, name)

        def fn(x):
            if x.dtype != np.float32:
                return rounded(x)
            bits = contiguous(xp, x).view(np.int32)
            denormal = ((bits & 0x7F800000) == 0) & ((bits & 0x007FFFFF) != 0)
            negative = bits < 0
            if name == "ceil":  # up: +denormal -> 1, -denormal -> -0
                fix = xp.where(negative, np.float32(-0.0), np.float32(1.0))
            else:  # down: +denormal -> +0, -denormal -> -1
                fix = xp.where(negative, np.float32(-1.0), np.float32(0.0))
            return xp.where(denormal, fix, rounded(x))
        return fn
    return fn_for


DEVICE_KERNELS["stablehlo.floor"] = _unary(_rounding("floor"))
DEVICE_KERNELS["stablehlo.ceil"] = _unary(_rounding("ceil"))

for _op, _name in (("round_nearest_even", "rint"), ("is_finite", "isfinite")):
    DEVICE_KERNELS[f"stablehlo.{_op}"] = _unary(_floats(_name))


def _complex_cbrt(xp: Any) -> Callable:
    """The principal cube root: |z|^(1/3) at a third of the argument (the
    CPU's formula)."""
    def fn(x):
        theta = xp.arctan2(x.imag, x.real) / 3
        return xp.cbrt(xp.abs(x)) * (xp.cos(theta) + 1j * xp.sin(theta))
    return _in_complex128(fn)


DEVICE_KERNELS["stablehlo.cbrt"] = _unary(
    lambda xp, kind: xp.cbrt if kind == "f" else _complex_cbrt(xp) if kind == "c" else None)


def _accurate_near_zero(name: str):
    """expm1 / log1p: of complex numbers by the CPU's formulas."""
    def fn_for(xp, kind):
        if kind == "f":
            return getattr(xp, name)
        if kind == "c":
            from jaxlib._src.ops import elementwise

            return _in_complex128(lambda x: getattr(elementwise, f"complex_{name}")(x, xp))
        return None
    return fn_for


DEVICE_KERNELS["stablehlo.exponential_minus_one"] = _unary(_accurate_near_zero("expm1"))
DEVICE_KERNELS["stablehlo.log_plus_one"] = _unary(_accurate_near_zero("log1p"))
def _complex_function(xp: Any, name: str) -> Callable:
    """CuPy's complex ``name`` (numpy's principal branches, as the CPU's
    kernels) with XLA's values at the non-finite arguments where they differ
    from C99's, complex64 computed in complex128."""
    return _in_complex128(with_xla_special_values(name, getattr(xp, name), xp))


for _op, _name in (("exponential", "exp"), ("log", "log"), ("sqrt", "sqrt"), ("tan", "tan"),
                   ("tanh", "tanh"), ("sine", "sin"), ("cosine", "cos")):
    DEVICE_KERNELS[f"stablehlo.{_op}"] = _unary(
        lambda xp, kind, name=_name: getattr(xp, name) if kind == "f" else
        _complex_function(xp, name) if kind == "c" else None)

DEVICE_KERNELS["chlo.tan"] = DEVICE_KERNELS["stablehlo.tan"]  # (older lowerings' tan)
DEVICE_KERNELS["stablehlo.logistic"] = _unary(
    lambda xp, kind: (lambda x: 1 / (1 + xp.exp(-x))) if kind == "f" else
    _in_complex128(lambda x: 1 / (1 + xp.exp(-x))) if kind == "c" else None)
DEVICE_KERNELS["stablehlo.negate"] = _unary(
    lambda xp, kind: xp.negative if kind in "iufc" else None)
DEVICE_KERNELS["stablehlo.abs"] = _unary(  # of a complex number: its (real) magnitude
    lambda xp, kind: xp.abs if kind in "ifc" else None)
DEVICE_KERNELS["chlo.conj"] = _unary(  # of a real number: itself
    lambda xp, kind: xp.conj if kind == "c" else (lambda x: x) if kind == "f" else None)
DEVICE_KERNELS["stablehlo.real"] = _unary(lambda xp, kind: xp.real if kind in "fc" else None)
DEVICE_KERNELS["stablehlo.imag"] = _unary(lambda xp, kind: xp.imag if kind in "fc" else None)


@device_kernel("stablehlo.complex")
def _complex(op: Operation, xp: Any):
    dtype = numpy_dtype(op.result_types[0].element_type)

    def kernel(re, im):
        # Parts set one by one: re + 1j * im would turn an infinite imaginary
        # part into a NaN real part (0 * inf).
        out = xp.empty(np.broadcast_shapes(re.shape, im.shape), dtype)
        out.real[...] = re
        out.imag[...] = im
        return (out,)
    return kernel


@device_kernel("chlo.next_after")
def _next_after(op: Operation, xp: Any):
    # The CPU's bit arithmetic (float16 too: CuPy's nextafter is f32/f64 only).
    from jaxlib._src.ops.chlo_math import next_after_values

    dtypes = {numpy_dtype(t.element_type) for t in op.operand_types}
    if len(dtypes) != 1 or not dtypes <= {np.dtype(np.float16), np.dtype(np.float32),
                                          np.dtype(np.float64)}:
        return None
    bits = 8 * next(iter(dtypes)).itemsize
    return lambda x, y: (next_after_values(contiguous(xp, x), contiguous(xp, y), bits, xp),)


@device_kernel("chlo.erfc")
def _erfc(op: Operation, xp: Any):
    dtype = numpy_dtype(op.result_types[0].element_type)
    if dtype not in (np.float16, np.float32, np.float64):
        return None
    if xp is np:  # mock GPUs: the CPU's kernel (scipy's erfc loses ULPs in the tail)
        from jaxlib._src.ops.registry import REFERENCE_KERNELS

        return REFERENCE_KERNELS["chlo.erfc"](op, None)
    erfc = _special(xp).erfc
    if dtype == np.float16:  # in f32, rounded once
        return lambda x: (erfc(x.astype(np.float32)).astype(np.float16),)
    return lambda x: (erfc(x),)
def _ones_below(xp: Any, u: Any) -> Any:
    """The number of one bits of uint64 ``u`` (a SWAR sum: CuPy has no popcount)."""
    c = u - ((u >> np.uint64(1)) & np.uint64(0x5555555555555555))
    c = (c & np.uint64(0x3333333333333333)) + ((c >> np.uint64(2)) & np.uint64(0x3333333333333333))
    c = (c + (c >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return (c * np.uint64(0x0101010101010101)) >> np.uint64(56)


def _bit_counts(counting_zeros: bool):
    """popcnt, or count_leading_zeros (the width less the significant bits)."""
    def fn_for(xp, kind):
        if kind not in "iu":
            return None

        def fn(x):
            width = 8 * x.dtype.itemsize
            u = contiguous(xp, x).view(f"u{x.dtype.itemsize}").astype(np.uint64)
            if counting_zeros:  # every bit below the highest one set
                for shift in (1, 2, 4, 8, 16, 32):
                    u = u | (u >> np.uint64(shift))
                return (np.uint64(width) - _ones_below(xp, u)).astype(x.dtype)
            return _ones_below(xp, u).astype(x.dtype)
        return fn
    return fn_for


DEVICE_KERNELS["stablehlo.popcnt"] = _unary(_bit_counts(False))
DEVICE_KERNELS["stablehlo.count_leading_zeros"] = _unary(_bit_counts(True))
DEVICE_KERNELS["stablehlo.not"] = _unary(
    lambda xp, kind: xp.invert if kind in "biu" else None)


def _round_afz(xp):
    def fn(x):
        t = xp.trunc(x)
        return xp.where(xp.abs(x - t) >= 0.5, t + xp.sign(x), t)
    return fn


DEVICE_KERNELS["stablehlo.round_nearest_afz"] = _unary(
    lambda xp, kind: _round_afz(xp) if kind == "f" else None)
def _complex_sign(xp):
    """The CPU's complex sign (x / |x| part by part; complex64 in complex128)."""
    return _in_complex128(lambda x: complex_sign(x, xp))


# sign keeps -0.0 and NaN (XLA's sign(x) is x for zeros and NaNs).
DEVICE_KERNELS["stablehlo.sign"] = _unary(
    lambda xp, kind: ((lambda x: xp.where((x == 0) | (x != x), x, xp.sign(x)))
                      if kind == "f" else xp.sign if kind == "i" else
                      _complex_sign(xp) if kind == "c" else None))


def _binary(fn_for: Callable[[Any, str], Callable | None]):
    def factory(op: Operation, xp: Any):
        kinds = {_kind(t) for t in op.operand_types}
        if len(kinds) != 1:
            return None
        fn = fn_for(xp, kinds.pop())
        if fn is None:
            return None
        dtype = numpy_dtype(op.result_types[0].element_type)
        return lambda a, b: (xp.asarray(fn(a, b), dtype=dtype),)
    return factory


DEVICE_KERNELS["stablehlo.add"] = _binary(
    lambda xp, kind: xp.bitwise_or if kind == "b" else xp.add)
DEVICE_KERNELS["stablehlo.multiply"] = _binary(
    lambda xp, kind: xp.bitwise_and if kind == "b" else xp.multiply)
DEVICE_KERNELS["stablehlo.subtract"] = _binary(
    lambda xp, kind: None if kind == "b" else xp.subtract)
DEVICE_KERNELS["stablehlo.divide"] = _binary(
    lambda xp, kind: xp.true_divide if kind in "fc" else None)
DEVICE_KERNELS["stablehlo.remainder"] = _binary(
    lambda xp, kind: xp.fmod if kind == "f" else None)
def _complex_extremum(xp: Any, larger: bool) -> Callable:
    """max/min of complex numbers: lexicographic on (real, imag), as the spec
    and the CPU's kernels order them."""
    def fn(a, b):
        first = (a.real > b.real) if larger else (a.real < b.real)
        second = (a.imag > b.imag) if larger else (a.imag < b.imag)
        return xp.where(first | ((a.real == b.real) & second), a, b)
    return fn


DEVICE_KERNELS["stablehlo.maximum"] = _binary(
    lambda xp, kind: xp.maximum if kind in "biuf" else
    _complex_extremum(xp, True) if kind == "c" else None)
DEVICE_KERNELS["stablehlo.minimum"] = _binary(
    lambda xp, kind: xp.minimum if kind in "biuf" else
    _complex_extremum(xp, False) if kind == "c" else None)
def _integer_power(xp: Any, kind: str) -> Callable:
    """Integer powers as the CPU's kernel computes them: square-and-multiply
    on 64-bit patterns (wrapping), a negative exponent giving 0 unless the
    base is 1 or -1; a fixed number of rounds (the exponent's width), so
    nothing is read back."""
    def fn(a, b):
        a, b = xp.broadcast_arrays(a, b)
        base = a.astype(np.uint64)
        exponent = (xp.abs(b) if kind == "i" else b).astype(np.uint64)
        result = xp.ones(a.shape, np.uint64)
        for _ in range(b.dtype.itemsize * 8):
            result = xp.where(exponent & np.uint64(1), result * base, result)
            base = base * base
            exponent = exponent >> np.uint64(1)
        if kind == "u":
            return result
        return xp.where((b < 0) & (xp.abs(a) != 1), 0, result.view(np.int64))
    return fn


def _complex_power(xp: Any) -> Callable:
    """Complex powers as the CPU computes them (numpy's cpow, in complex128):
    x^0 = 1; 0^y = 0 for real positive y, else NaN; small integral exponents
    (|n| < 100) by multiplications, n = 1 the base itself (so non-finite
    bases keep their finite parts, where exp(y log x) makes them NaN); the
    rest exp(y log x)."""
    def fn(a, b):
        result_type = a.dtype
        a, b = xp.broadcast_arrays(a.astype(np.complex128), b.astype(np.complex128))
        br, bi = b.real, b.imag
        n = xp.where(xp.abs(br) < 100, br, 0).astype(np.int64)
        integral = (bi == 0) & (br == n)
        magnitude = xp.abs(n)
        product, square = xp.ones_like(a), a
        for bit in range(7):  # |n| < 128
            product = xp.where((magnitude >> bit) & 1 == 1, product * square, product)
            square = square * square
        small = xp.where(n == 1, a, xp.where(n == 2, a * a, xp.where(
            n == 3, a * (a * a), xp.where(n < 0, 1 / product, product))))
        nan = np.complex128(complex(np.nan, np.nan))
        at_zero = xp.where((br > 0) & (bi == 0), np.complex128(0), nan)
        out = xp.where(b == 0, np.complex128(1), xp.where(
            a == 0, at_zero, xp.where(integral, small, xp.power(a, b))))
        return out.astype(result_type)
    return fn


DEVICE_KERNELS["stablehlo.power"] = _binary(
    lambda xp, kind: xp.power if kind == "f" else _complex_power(xp) if kind == "c"
    else _integer_power(xp, kind) if kind in "iu" else None)
def _complex_atan2(xp: Any) -> Callable:
    """atan2(y, x) = -i log((x + iy) / sqrt(x^2 + y^2)) of complex y, x (the
    CPU's formula; complex64 computed in complex128, as its precise kernels)."""
    def fn(y, x):
        wide = np.complex128 if y.dtype == np.complex64 else y.dtype
        y, x = y.astype(wide), x.astype(wide)
        return -1j * xp.log((x + 1j * y) / xp.sqrt(x * x + y * y))
    return fn


DEVICE_KERNELS["stablehlo.atan2"] = _binary(
    lambda xp, kind: xp.arctan2 if kind == "f" else _complex_atan2(xp) if kind == "c"
    else None)
DEVICE_KERNELS["stablehlo.and"] = _binary(
    lambda xp, kind: xp.bitwise_and if kind in "biu" else None)
DEVICE_KERNELS["stablehlo.or"] = _binary(
    lambda xp, kind: xp.bitwise_or if kind in "biu" else None)
DEVICE_KERNELS["stablehlo.xor"] = _binary(
    lambda xp, kind: xp.bitwise_xor if kind in "biu" else None)


def _shift(direction: str):
    def fn_for(xp, kind):
        if kind not in "iu":
            return None

        def fn(a, b):
            bits = a.dtype.itemsize * 8
            unsigned = np.dtype(f"u{a.dtype.itemsize}")
            amount = b.astype(unsigned)
            inside = amount < bits
            clipped = xp.minimum(amount, bits - 1).astype(a.dtype)
            if direction == "left":
                return xp.where(inside, xp.left_shift(a, clipped), 0)
            if direction == "logical":
                shifted = xp.right_shift(a.astype(unsigned), clipped.astype(unsigned))
                return xp.where(inside, shifted.astype(a.dtype), 0)
            signed = a.astype(np.dtype(f"i{a.dtype.itemsize}"))
            shifted = xp.right_shift(signed, clipped.astype(signed.dtype))
            fill = xp.where(signed < 0, -1, 0).astype(signed.dtype)
            return xp.where(inside, shifted, fill).astype(a.dtype)
        return fn
    return _binary(fn_for)


DEVICE_KERNELS["stablehlo.shift_left"] = _shift("left")
DEVICE_KERNELS["stablehlo.shift_right_logical"] = _shift("logical")
DEVICE_KERNELS["stablehlo.shift_right_arithmetic"] = _shift("arithmetic")

_COMPARE = {"EQ": "equal", "NE": "not_equal", "LT": "less", "LE": "less_equal",
            "GT": "greater", "GE": "greater_equal"}


@device_kernel("stablehlo.compare")
def _compare(op: Operation, xp: Any):
    direction = op.attributes.get("comparison_direction")
    compare_type = getattr(op.attributes.get("compare_type"), "value", None)
    kind = _kind(op.operand_types[0])
    if direction is None:
        return None
    fn = getattr(xp, _COMPARE[direction.value])
    if kind == "c":  # lexicographic on (real, imag), as the CPU's
        name = direction.value
        strict = getattr(xp, _COMPARE.get(name[0] + "T", "equal"))  # GE -> GT, LE -> LT

        def lexicographic(a, b):
            same_real = xp.equal(a.real, b.real)
            if name in ("EQ", "NE"):
                equal = same_real & xp.equal(a.imag, b.imag)
                return (equal if name == "EQ" else xp.logical_not(equal),)
            return (strict(a.real, b.real) | (same_real & fn(a.imag, b.imag)),)
        return lexicographic
    if compare_type == "TOTALORDER" and kind == "f":  # -NaN < -inf < ... < -0 < +0 < ...
        from jaxlib._src.ops.elementwise import total_order_key

        return lambda a, b: (fn(total_order_key(a, xp), total_order_key(b, xp)),)
    return lambda a, b: (xp.asarray(fn(a, b)),)


@device_kernel("stablehlo.select")
def _select(op: Operation, xp: Any):
    return lambda pred, a, b: (xp.where(pred, a, b),)


@device_kernel("stablehlo.clamp")
def _clamp(op: Operation, xp: Any):
    if _kind(op.operand_types[1]) not in "iuf":
        return None
    return lambda low, x, high: (xp.minimum(xp.maximum(x, low), high),)


@device_kernel("stablehlo.convert")
def _convert(op: Operation, xp: Any):
    source = numpy_dtype(op.operand_types[0].element_type)
    target = numpy_dtype(op.result_types[0].element_type)
    if target.kind == "c":  # integers, predicates and floats as the real part
        return lambda x: (x.astype(target),)
    if source.kind == "c":  # the real part, as XLA, then converted as a float
        of_real = _real_convert(np.empty(0, source).real.dtype, target, xp)
        return lambda x: of_real(xp.ascontiguousarray(xp.real(x)))
    return _real_convert(source, target, xp)


def _real_convert(source: np.dtype, target: np.dtype, xp: Any) -> Callable[..., tuple]:
    if target.kind == "b":
        return lambda x: (x != 0,)
    if source.kind == "b" and target.kind in "iu" and target.itemsize == 1:
        # XLA reinterprets a predicate's byte as a same-width integer (jnp's
        # view of a bool array), so a byte other than 0/1 stays as it is.
        return lambda x: (contiguous(xp, x).view(target),)
    if source.kind == "f" and target.kind in "iu":
        info = np.iinfo(target)

        def to_integer(x):
            wide = xp.trunc(x.astype(np.float64))
            nan = wide != wide
            # info.max + 1 is a power of two, exact in f64 (info.max may not be).
            above = wide >= float(info.max) + 1
            below = wide < float(info.min)
            inside = xp.where(above | below | nan, 0, wide).astype(target)
            out = xp.where(above, target.type(info.max), xp.where(below, target.type(info.min),
                                                                  inside))
            return (xp.where(nan, target.type(0), out).astype(target),)
        return to_integer
    return lambda x: (x.astype(target),)


@device_kernel("stablehlo.bitcast_convert")
def _bitcast_convert(op: Operation, xp: Any):
    source = numpy_dtype(op.operand_types[0].element_type)
    target = numpy_dtype(op.result_types[0].element_type)
    shape = tuple(op.result_types[0].shape)
    if source.itemsize == target.itemsize:
        return lambda x: (contiguous(xp, x).view(target),)
    # Between widths the last dimension gathers or splits the narrower
    # elements, in memory order (little-endian: element 0 the low part); types
    # narrower than their storage (predicates, 4-bit) pack bits: host steps.
    rows = [element_info(t.element_type) for t in (op.operand_types[0], op.result_types[0])]
    if any(row is None or row.bits != row.dtype.itemsize * 8 or row.dtype.kind == "b"
           for row in rows):
        return None
    return lambda x: (contiguous(xp, x).reshape(-1).view(target).reshape(shape),)


@device_kernel("stablehlo.reduce_precision")
def _reduce_precision(op: Operation, xp: Any):
    """XLA's ReducePrecision on the bits of f16/f32/f64 values (the core's
    reduce_precision_bits, as integer arithmetic on the device): mantissa
    rounded to nearest even, exponents past the range to inf or zero."""
    from jaxlib._src.ops.conversions import (
        _reduce_precision_attributes,
        reduce_precision_value,
    )

    if not isinstance(op.result_types[0].element_type, str):
        return None  # quantized
    dtype = numpy_dtype(op.result_types[0].element_type)
    if dtype not in (np.float16, np.float32, np.float64):
        return None
    exponent_bits, mantissa_bits = _reduce_precision_attributes(op)
    width = dtype.itemsize * 8
    source_mantissa = int(np.finfo(dtype).nmant)
    unsigned = np.dtype(f"u{dtype.itemsize}")

    def kernel(x):
        value = reduce_precision_value(contiguous(xp, x).view(unsigned).astype(np.uint64),
                                       width, source_mantissa, exponent_bits, mantissa_bits, xp)
        result = value.astype(unsigned).view(dtype)
        # NaN stays NaN while mantissa bits remain; with none it can only be inf.
        replacement = x if mantissa_bits > 0 else xp.asarray(np.inf, dtype)
        return (xp.where(xp.isnan(x), replacement, result).astype(dtype),)
    return kernel


@device_kernel("chlo.mulhi")
def _mulhi(op: Operation, xp: Any):
    dtype = numpy_dtype(op.result_types[0].element_type)
    if dtype.kind not in "iu":
        return None
    bits = dtype.itemsize * 8
    if bits <= 32:  # the double-width product fits in 64 bits
        wide = np.int64 if dtype.kind == "i" else np.uint64
        return lambda a, b: (((a.astype(wide) * b.astype(wide)) >> bits).astype(dtype),)

    from jaxlib._src.ops.chlo_math import mulhi64

    def kernel(a, b):  # 64 x 64 bits: four 32 x 32 products
        return (mulhi64(a, b, dtype.kind == "i", xp).astype(dtype),)
    return kernel


# --- data movement -----------------------------------------------------------------

@device_kernel("stablehlo.custom_call")
def _device_custom_call(op: Operation, xp: Any):
    """The builtins that return their operand (sharding and memory-placement
    annotations), jax's ``dce_sink`` and ``control_dep`` (do nothing) and ``AllocateBuffer``
    (``lax.empty``: zeros), the solver's targets (solver.py: cuSOLVER, cuBLAS
    trsm), jax's threefry target (prng.py), its cuSPARSE targets (sparse.py)
    and its tridiagonal solves (tridiagonal.py) stay on the device; other
    targets are host steps."""
    target = op.attributes.get("call_target_name")
    if target in NO_OP_TARGETS and not op.results:
        return lambda *values: ()
    if target == ALLOCATE_BUFFER and not op.operands and len(op.result_types) == 1 \
            and on_device(op.result_types[0]):
        shape = tuple(op.result_types[0].shape)
        dtype = storage_dtype(numpy_dtype(op.result_types[0].element_type))
        return lambda: (xp.zeros(shape, dtype),)
    if target in SOLVER_TARGETS:
        return solver_kernel(op, xp)
    if target in PRNG_TARGETS:
        return threefry_kernel(op, xp)
    if target in SPARSE_TARGETS:
        return sparse_kernel(op, xp)
    if target in TRIDIAGONAL_TARGETS:
        return tridiagonal_kernel(op, xp)
    if (target not in IDENTITY_TARGETS
            or len(op.operands) != 1 or op.result_types != op.operand_types):
        return None
    return lambda x: (x,)


device_kernel("stablehlo.triangular_solve")(triangular_solve_kernel)


DEVICE_KERNELS["stablehlo.rng_bit_generator"] = rng_bit_generator_kernel
DEVICE_KERNELS.update(COLLECTIVE_KERNELS)  # collectives.py: NCCL, or device arrays exchanged


@device_kernel("sdy.sharding_constraint", "sdy.reshard", "sdy.propagation_barrier")
def _sharded_identity(op: Operation, xp: Any):
    """Shardy's annotations return their operand (jax emits
    ``sdy.sharding_constraint`` in ordinary programs, random's among them): a
    device step, so they keep no program off the GPU or out of graphs."""
    return lambda x: (x,)


@device_kernel("sdy.sharding_group")
def _sharding_group(op: Operation, xp: Any):
    return lambda x: ()


@device_kernel("stablehlo.broadcast_in_dim")
def _broadcast_in_dim(op: Operation, xp: Any):
    dims = int_list(op, "broadcast_dimensions")
    shape = tuple(op.result_types[0].shape)
    order = sorted(range(len(dims)), key=lambda i: dims[i])

    def kernel(x):
        moved = xp.transpose(x, order) if order != list(range(len(dims))) else x
        expanded = [1] * len(shape)
        for i in order:
            expanded[dims[i]] = x.shape[i]
        return (xp.broadcast_to(moved.reshape(expanded), shape),)
    return kernel


@device_kernel("stablehlo.reshape")
def _reshape(op: Operation, xp: Any):
    shape = tuple(op.result_types[0].shape)
    return lambda x: (xp.reshape(x, shape),)


@device_kernel("stablehlo.transpose")
def _transpose(op: Operation, xp: Any):
    permutation = int_list(op, "permutation")
    return lambda x: (xp.transpose(x, permutation),)


@device_kernel("stablehlo.slice")
def _slice(op: Operation, xp: Any):
    index = tuple(slice(s, lim, st) for s, lim, st in zip(
        int_list(op, "start_indices"), int_list(op, "limit_indices"), int_list(op, "strides")))
    return lambda x: (x[index],)


@device_kernel("stablehlo.reverse")
def _reverse(op: Operation, xp: Any):
    dims = set(int_list(op, "dimensions"))
    rank = op.operand_types[0].rank
    index = tuple(slice(None, None, -1) if d in dims else slice(None) for d in range(rank))
    return lambda x: (x[index],)


@device_kernel("stablehlo.concatenate")
def _concatenate(op: Operation, xp: Any):
    dimension = int(op.attributes["dimension"])
    return lambda *xs: (xp.concatenate(xs, axis=dimension),)


def _device_windows(xp: Any, starts: tuple, shape: tuple, sizes: tuple) -> tuple:
    """Open-mesh indices of the clamped window, computed on the device (no
    start index comes back to the host, so loops over it stay capturable)."""
    ranges = []
    for start, dim, size in zip(starts, shape, sizes):
        first = xp.clip(xp.asarray(start).astype(np.int64), 0, dim - size)
        ranges.append(first + xp.arange(size, dtype=np.int64))
    return xp.ix_(*ranges) if ranges else (Ellipsis,)


@device_kernel("stablehlo.dynamic_slice")
def _dynamic_slice(op: Operation, xp: Any):
    sizes = tuple(int_list(op, "slice_sizes"))
    if any(_kind(t) == "u" and t.element_type == "ui64" for t in op.operand_types[1:]):
        return None  # starts beyond int64: the reference clamps them exactly
    return lambda x, *starts: (x[_device_windows(xp, starts, x.shape, sizes)],)


@device_kernel("stablehlo.dynamic_update_slice")
def _dynamic_update_slice(op: Operation, xp: Any):
    if any(_kind(t) == "u" and t.element_type == "ui64" for t in op.operand_types[2:]):
        return None

    def kernel(x, update, *starts):
        out = x.copy()
        out[_device_windows(xp, starts, x.shape, update.shape)] = update
        return (out,)
    return kernel


@device_kernel("stablehlo.pad")
def _pad(op: Operation, xp: Any):
    low = int_list(op, "edge_padding_low")
    high = int_list(op, "edge_padding_high")
    interior = int_list(op, "interior_padding")
    dtype = numpy_dtype(op.result_types[0].element_type)
    if any(s == 0 for s in op.operand_types[0].shape):  # every element is padding
        shape = tuple(op.result_types[0].shape)

        def padding_only(x, value):
            out = xp.empty(shape, dtype=dtype)
            out[...] = value
            return (out,)
        return padding_only

    def kernel(x, value):
        grown = [max(lo, 0) + max(hi, 0) + n + (n - 1) * i
                 for lo, hi, n, i in zip(low, high, x.shape, interior)]
        out = xp.empty(grown, dtype=dtype)
        out[...] = value
        out[tuple(slice(max(lo, 0), max(lo, 0) + (n - 1) * (i + 1) + 1, i + 1)
                  for lo, n, i in zip(low, x.shape, interior))] = x
        crop = tuple(slice(max(-lo, 0), size - max(-hi, 0))
                     for lo, hi, size in zip(low, high, grown))
        return (out[crop],)
    return kernel


# --- dot_general --------------------------------------------------------------------

@device_kernel("stablehlo.dot_general")
def _dot_general(op: Operation, xp: Any):
    from jaxlib._src.ops.linalg import _dot_numbers, dot_general_arrays

    out = numpy_dtype(op.result_types[0].element_type)
    n = _dot_numbers(op)
    dims = (n.lhs_batching_dimensions, n.rhs_batching_dimensions,
            n.lhs_contracting_dimensions, n.rhs_contracting_dimensions)
    if out.kind in "iub":
        # Integers accumulate in 64 bits, wrapping to the result's width as the
        # reference does (the same residues as wrapping all along); a predicate
        # dot is the OR of ANDs.
        def integer_kernel(lhs, rhs):
            wide = dot_general_arrays(lhs.astype(np.int64), rhs.astype(np.int64), *dims, xp,
                                      xp.matmul)
            return ((wide != 0) if out.kind == "b" else wide.astype(out),)
        return integer_kernel

    matmul = matmul_for(xp)

    def kernel(lhs, rhs):
        return (dot_general_arrays(lhs.astype(out, copy=False), rhs.astype(out, copy=False),
                                   *dims, xp, matmul),)
    return kernel


@device_kernel("chlo.ragged_dot")
def _ragged_dot(op: Operation, xp: Any):
    """jax.lax.ragged_dot (mixture-of-experts layers): the core's masked
    product per group, on cuBLAS; the group sizes stay on the device."""
    from jaxlib._src.ops.linalg import ragged_dot_kernel

    if any(_kind(t) not in "fc" for t in (op.operand_types[0], op.operand_types[1],
                                          op.result_types[0])):
        return None
    return ragged_dot_kernel(op, xp, matmul_for(xp))


def bf16_dot_kernel(op: Operation, xp: Any):
    """dot_general of two bfloat16 operands into bfloat16 or f32 on cuBLAS's
    bfloat16 GEMM (f32 accumulation, the result rounded once: what the f32
    twin computes, on tensor cores); None where there is none."""
    from jaxlib._src.ops.linalg import _dot_numbers, dot_general_arrays

    if not all(is_bfloat16(t) for t in op.operand_types):
        return None
    result = op.result_types[0].element_type
    out = {"bf16": np.uint16, "f32": np.float32}.get(result if isinstance(result, str) else "")
    matmul = bf16_matmul_for(xp, out) if out is not None else None
    if matmul is None:
        return None
    n = _dot_numbers(op)
    dims = (n.lhs_batching_dimensions, n.rhs_batching_dimensions,
            n.lhs_contracting_dimensions, n.rhs_contracting_dimensions)
    return lambda lhs, rhs: (dot_general_arrays(lhs, rhs, *dims, xp, matmul),)


def bf16_convolution_kernel(op: Operation, xp: Any):
    """A bfloat16 convolution on cuDNN's bfloat16 convolution, else its f32
    twin's kernel between widening and rounding (what program.py would run)."""
    if not all(is_bfloat16(t) for t in (*op.operand_types, *op.result_types)):
        return None  # (8-bit floats: the f32 twin, program.py)
    found = twin(op)
    if found is None or not found[1]:
        return None
    twin_kernel = _convolution(found[0], xp)
    if twin_kernel is None:
        return None
    return bfloat16_convolution_kernel(op, xp, computing_widened(op, twin_kernel, xp))


def bf16_next_after_kernel(op: Operation, xp: Any):
    """chlo.next_after of bfloat16 values, on their carriers' bits: the f32
    twin would step by an f32 ulp and round back to where it started."""
    from jaxlib._src.ops.chlo_math import next_after_values

    if not all(is_bfloat16(t) for t in (*op.operand_types, *op.result_types)):
        return None
    up = widen(xp)
    quiet_nan = np.uint16(0x7FC0)
    return lambda x, y: (next_after_values(contiguous(xp, x), contiguous(xp, y), 16, xp,
                                           values=(up(x), up(y)), nan=quiet_nan),)


def narrow_count_leading_zeros_kernel(op: Operation, xp: Any):
    """count_leading_zeros of int4/uint4/int2/uint2 values, on their bits:
    the type's width less the bit length (8-bit twins would count the byte's
    spare bits too)."""
    if not all(is_narrow_integer(t) for t in (*op.operand_types, *op.result_types)):
        return None
    width = int(ml_dtypes.iinfo(carried_dtype(op.operand_types[0])).bits)
    down = narrow(xp, carried_dtype(op.result_types[0]))

    def kernel(bits):
        length = sum((bits >= np.uint8(1 << k)).astype(np.uint8) for k in range(width))
        return (down(np.uint8(width) - length),)
    return kernel


def sub_byte_bitcast_kernel(op: Operation, xp: Any):
    """bitcast_convert between a type of 4 or 2 bits (int4, uint4, float4,
    int2, uint2: one to a carrier byte here) and a wider one: the narrow
    elements of the last dimension packed into (unpacked from) each wide
    element, the first in the lowest bits, as XLA lays them out."""
    (source,), (result,) = op.operand_types, op.result_types
    narrow_side, wide_side = (source, result) if element_bits(source) < element_bits(result) \
        else (result, source)
    width, wide_bits = element_bits(narrow_side), element_bits(wide_side)
    if width not in (2, 4) or wide_bits not in (8, 16, 32, 64) or \
            not is_carried(narrow_side) or narrow_side.shape[-1] != wide_bits // width:
        return None
    unsigned = np.dtype(f"uint{wide_bits}")
    wide_storage = storage_dtype(numpy_dtype(wide_side.element_type)) \
        if not is_carried(wide_side) else CARRIERS[carried_dtype(wide_side)]
    count, mask = wide_bits // width, (1 << width) - 1
    if narrow_side is source:  # pack
        def pack(bits):
            word = xp.zeros(bits.shape[:-1], np.uint64)
            for k in range(count):
                part = bits[..., k] & np.uint8(mask)  # (a float4 byte may hold more)
                word |= part.astype(np.uint64) << np.uint64(k * width)
            return (word.astype(unsigned).view(wide_storage),)
        return pack

    def unpack(value):
        word = contiguous(xp, value).view(unsigned).astype(np.uint64)
        parts = [((word >> np.uint64(k * width)) & np.uint64(mask)).astype(np.uint8)
                 for k in range(count)]
        return (xp.stack(parts, axis=-1),)
    return unpack


# Kernels of ops on carriers themselves (before their twins, carried.py).
CARRIER_KERNELS: dict[str, Factory] = {
    "chlo.next_after": bf16_next_after_kernel,
    "stablehlo.count_leading_zeros": narrow_count_leading_zeros_kernel,
    "stablehlo.bitcast_convert": sub_byte_bitcast_kernel,
    "stablehlo.dot_general": bf16_dot_kernel,
    "stablehlo.convolution": bf16_convolution_kernel,
    # rounded at each step on the carriers (collectives.py)
    "stablehlo.all_reduce": COLLECTIVE_KERNELS["stablehlo.all_reduce"],
    "stablehlo.reduce_scatter": COLLECTIVE_KERNELS["stablehlo.reduce_scatter"]}


# --- reductions --------------------------------------------------------------------

_REDUCERS = {"stablehlo.add": ("sum", "add"), "stablehlo.multiply": ("prod", "multiply"),
             "stablehlo.maximum": ("max", "maximum"), "stablehlo.minimum": ("min", "minimum"),
             "stablehlo.and": ("all", "logical_and"), "stablehlo.or": ("any", "logical_or")}




def _reduce_of_nothing(op: Operation, xp: Any):
    """A reduce over a dimension of size 0, whatever its body: the init
    values, broadcast."""
    count = len(op.results)
    shapes = [tuple(t.shape) for t in op.result_types]

    def kernel(*operands):  # (ascontiguousarray would make a 0-d result 1-d)
        return tuple(xp.array(xp.broadcast_to(init, shape), copy=True)
                     for init, shape in zip(operands[count:], shapes))
    return kernel


@device_kernel("stablehlo.reduce")
def _reduce(op: Operation, xp: Any):
    if len(op.results) != 1:
        return None
    name = single_op_body(op.regions[0])
    if name not in _REDUCERS:
        return None
    kind = _kind(op.operand_types[0])
    reducer, combine = _REDUCERS[name]
    if kind == "b":  # booleans: add and max are or, multiply and min are and
        reducer, combine = ("any", "logical_or") if reducer in ("sum", "max", "any") else (
            "all", "logical_and")
    elif reducer in ("all", "any"):
        return None  # bitwise and/or over integers
    if kind == "c" and reducer in ("max", "min"):
        return None
    dims = tuple(int_array_attr(op, "dimensions", ()))
    dtype = numpy_dtype(op.result_types[0].element_type)
    reduce_fn, combine_fn = getattr(xp, reducer), getattr(xp, combine)

    def kernel(x, init):
        if reducer in ("sum", "prod") and kind != "b":
            reduced = reduce_fn(x, axis=dims, dtype=dtype)
        else:
            reduced = reduce_fn(x, axis=dims)
        return (xp.asarray(combine_fn(reduced, init), dtype=dtype),)
    return kernel


# --- integer division (XLA: x / 0 = -1, x % 0 = x, MIN / -1 = MIN, MIN % -1 = 0) ---------

def _integer_division(xp: Any, kind: str, remainder: bool):
    if kind not in "iu":
        return None

    def fn(a, b):
        zero = b == 0
        overflow = ((b == -1) & (a == np.iinfo(a.dtype).min)) if kind == "i" else None
        bad = zero if overflow is None else zero | overflow
        safe = xp.where(bad, 1, b).astype(b.dtype)
        # Floor division, then moved toward zero where the signs differ (C's
        # truncating division, never overflowing: MIN / -1 is excluded above).
        quotient, rest = a // safe, a % safe
        if kind == "i":
            adjust = (rest != 0) & ((rest < 0) != (a < 0))
            quotient = xp.where(adjust, quotient + 1, quotient).astype(a.dtype)
            rest = xp.where(adjust, rest - safe, rest).astype(a.dtype)
        if remainder:
            if overflow is not None:
                rest = xp.where(overflow, 0, rest)
            return xp.where(zero, a, rest)
        if overflow is not None:
            quotient = xp.where(overflow, a, quotient)
        all_ones = np.array(-1).astype(a.dtype)[()]  # -1, or the unsigned maximum
        return xp.where(zero, all_ones, quotient)
    return fn


DEVICE_KERNELS["stablehlo.divide"] = _binary(
    lambda xp, kind: xp.true_divide if kind in "fc" else _integer_division(xp, kind, False))
DEVICE_KERNELS["stablehlo.remainder"] = _binary(
    lambda xp, kind: xp.fmod if kind == "f" else _integer_division(xp, kind, True))
def _square_for(xp: Any, kind: str) -> Callable | None:
    if kind == "c":
        from jaxlib._src.ops.chlo_math import complex_square

        return lambda x: complex_square(x, xp)
    return (lambda x: x * x) if kind in "iuf" else None


DEVICE_KERNELS["chlo.square"] = _unary(_square_for)


@device_kernel("stablehlo.get_dimension_size")
def _get_dimension_size(op: Operation, xp: Any):
    """A dimension of a (static: device values are) operand, as an i32 scalar
    on the device; the operand itself is not read."""
    dimension = int(op.attributes["dimension"])
    return lambda x: (xp.asarray(x.shape[dimension], dtype=np.int32),)


@device_kernel("stablehlo.iota")
def _iota(op: Operation, xp: Any):
    dimension = int(op.attributes["iota_dimension"])
    shape = tuple(op.result_types[0].shape)
    dtype = numpy_dtype(op.result_types[0].element_type)
    if dtype.kind not in "iufc":
        return None
    line = [1] * len(shape)
    line[dimension] = shape[dimension]

    def kernel():
        values = xp.arange(shape[dimension], dtype=np.int64).astype(dtype).reshape(line)
        return (xp.ascontiguousarray(xp.broadcast_to(values, shape)),)
    return kernel


# --- gather / scatter (the reference's index arithmetic, run on the device) ---------------

@device_kernel("stablehlo.gather")
def _gather(op: Operation, xp: Any):
    from jaxlib._src.ops.gather_scatter import gather_array

    dnums = op.attributes["dimension_numbers"]
    slice_sizes = int_list(op, "slice_sizes")
    return lambda operand, indices: (gather_array(operand, indices, dnums, slice_sizes, xp),)


# The element types CuPy's atomic scatters handle exactly (its f64 max/min
# round through f32; f16 has an atomic add only).
_ATOMIC_DTYPES = {
    "stablehlo.add": {"int32", "int64", "uint32", "uint64", "float16", "float32", "float64"},
    "stablehlo.maximum": {"int32", "int64", "uint32", "uint64", "float32"},
    "stablehlo.minimum": {"int32", "int64", "uint32", "uint64", "float32"},
}


def _scatter_into(xp: Any, name: str, dtype: np.dtype):
    """``into(flat, targets, values)`` applying duplicates as XLA's combiner."""
    # Mock GPUs take the same types (others run by region, as on a GPU).
    if dtype.name not in _ATOMIC_DTYPES.get(name, ()):
        return None
    if xp is np:
        return {"stablehlo.add": np.add, "stablehlo.maximum": np.maximum,
                "stablehlo.minimum": np.minimum}[name].at
    # CuPy 13+ has the ufuncs' ``at`` (its cupyx.scatter_* warn DeprecationWarning
    # since, an error where warnings are errors: jax's tests); older CuPy has cupyx's.
    ufunc = {"stablehlo.add": xp.add, "stablehlo.maximum": xp.maximum,
             "stablehlo.minimum": xp.minimum}[name]
    at = getattr(ufunc, "at", None)
    if at is None:
        import cupyx

        at = {"stablehlo.add": cupyx.scatter_add, "stablehlo.maximum": cupyx.scatter_max,
              "stablehlo.minimum": cupyx.scatter_min}[name]
    if name == "stablehlo.add" or dtype.kind != "f":
        return at
    return _nan_propagating(xp, at)


def _nan_propagating(xp: Any, at: Callable) -> Callable:
    """A float max/min scatter that keeps NaNs, as XLA's does: CuPy's atomic
    max/min go through fmaxf/fminf, which drop a NaN update and overwrite a
    NaN already there; the slots that had or got one are set to NaN after."""
    def into(flat: Any, targets: Any, values: Any) -> None:
        had_nan = xp.isnan(flat)
        got_nan = xp.zeros(flat.shape, np.int32)
        xp.add.at(got_nan, targets, xp.isnan(values).astype(np.int32))
        at(flat, targets, values)
        flat[...] = xp.where(had_nan | (got_nan > 0), xp.asarray(np.nan, flat.dtype), flat)
    return into


@device_kernel("stablehlo.scatter")
def _scatter(op: Operation, xp: Any):
    from jaxlib._src.ops.gather_scatter import (
        _KEEP,
        _REPLACE,
        _ScatterPlan,
        recognise_combiners,
    )

    n = len(op.operands) // 2
    combiners = recognise_combiners(op, n)
    if combiners is None:
        return None
    block = op.regions[0].entry
    names = []
    for i, combine in enumerate(combiners):
        if combine in (_KEEP, _REPLACE):
            names.append(combine)
            continue
        producer = block.operations[-1].operands[i].owner
        into = _scatter_into(xp, producer.name, numpy_dtype(op.operand_types[i].element_type))
        if into is None or _kind(op.operand_types[i]) == "b":
            return None
        names.append(into)
    plan = _ScatterPlan(op.attributes["scatter_dimension_numbers"],
                        op.operand_types[0].shape, op.operand_types[n + 1].shape)

    size = int(np.prod(op.operand_types[0].shape, dtype=np.int64))

    def kernel(*operands):
        inputs, indices, updates = operands[:n], operands[n], operands[n + 1:]
        # Windows that do not fit land on one slot past the end, dropped after.
        targets, _ = plan.targets(indices, xp, dummy=size)
        results = []
        for x, u, combine in zip(inputs, updates, names):
            if combine is _KEEP:
                results.append(x)
                continue
            flat = xp.empty(size + 1, x.dtype)
            flat[:size] = x.reshape(-1)
            values = contiguous(xp, u).reshape(-1)
            if combine is _REPLACE:
                flat[targets] = values
            else:
                combine(flat, targets, values)
            results.append(flat[:size].reshape(x.shape))
        return tuple(results)
    return kernel


# --- sort (comparators of one plain key: jnp.sort, argsort, top-k's sort) --------------

@device_kernel("stablehlo.sort")
def _sort(op: Operation, xp: Any):
    from jaxlib._src.ops.sort import evaluate_key, order_key, recognise_comparator

    keys = recognise_comparator(op)
    rank = op.operand_types[0].rank
    if keys is None or rank == 0:
        return None
    dim = int(op.attributes.get("dimension", -1)) % rank
    element_types = [k.element_type for k in keys]  # a complex operand's: its parts'

    stable = {"kind": "stable"} if xp is np else {}  # CuPy's radix sort is stable

    def kernel(*operands):
        permutation = None
        # Least significant key first: each stable sort keeps the earlier order on ties.
        for key, element_type in reversed(list(zip(keys, element_types))):
            values = evaluate_key(key.key_expr, operands[key.operand], xp)
            order = order_key(values, element_type, key.compare_type, xp)
            if key.descending:
                order = ~order
            if permutation is not None:
                order = xp.take_along_axis(order, permutation, axis=dim)
            step = xp.argsort(order, axis=dim, **stable)
            permutation = step if permutation is None else xp.take_along_axis(
                permutation, step, axis=dim)
        return tuple(xp.take_along_axis(x, permutation, axis=dim) for x in operands)
    return kernel


@device_kernel("chlo.top_k")
def _top_k(op: Operation, xp: Any):
    """The core's top_k on the device: a stable sort of total-order keys."""
    from jaxlib._src.ops.data_movement import int_attr
    from jaxlib._src.ops.sort import top_k_arrays

    element_type = op.operand_types[0].element_type
    if _kind(op.operand_types[0]) not in "biuf" or op.operand_types[0].rank == 0:
        return None
    k = int_attr(op, "k")
    return lambda x: top_k_arrays(x, k, element_type, xp)


# --- FFT (cuFFT through CuPy's plans, cached by CuPy per shape) ----------------------

@device_kernel("stablehlo.fft")
def _fft(op: Operation, xp: Any):
    from jaxlib._src.ops.fft import fft_kernel

    return fft_kernel(op, xp)


# --- convolution (cuDNN; else the reference's im2col + batched GEMM, on cuBLAS) ---------

@device_kernel("stablehlo.convolution")
def _convolution(op: Operation, xp: Any):
    from jaxlib._src.ops.linalg import _conv_kernel, _ConvSpec

    # integers too (im2col and CuPy's integer matmul, wrapping as XLA's); not
    # predicates
    if any(_kind(t) not in "fciu" for t in (*op.operand_types, *op.result_types)):
        return None
    spec = _ConvSpec(op)
    return convolution_kernel(op, spec, xp, _conv_kernel(op, spec, xp, matmul_for(xp)))


@device_kernel("stablehlo.reduce_window")
def _reduce_window(op: Operation, xp: Any):
    from jaxlib._src.ops.reduction import (
        SEQUENTIAL_LIMIT,
        _WindowSpec,
        dilate_and_pad,
        windows_view,
    )

    if len(op.results) != 1:
        return None
    name = single_op_body(op.regions[0])
    kind = _kind(op.operand_types[0])
    if name not in _REDUCERS or kind not in "iuf" or name in ("stablehlo.and", "stablehlo.or"):
        return None
    shape = op.operand_types[0].shape
    spec = _WindowSpec(op, len(shape))
    out_shape = spec.out_shape(shape)
    if 0 in tuple(out_shape) or 0 in tuple(spec.window):
        return None
    rank = len(shape)
    axes = tuple(range(rank, 2 * rank))
    window_size = int(np.prod(spec.window, dtype=np.int64))
    reducer = getattr(xp, _REDUCERS[name][0])
    dtype = numpy_dtype(op.result_types[0].element_type)
    scan = library_scan(op)
    if scan is not None:
        axis, reverse = scan

        def cumulative(x, init):
            if reverse:
                sums = xp.flip(xp.cumsum(xp.flip(x, axis), axis, dtype=dtype), axis)
            else:
                sums = xp.cumsum(x, axis, dtype=dtype)
            return (contiguous(xp, xp.asarray(sums + init, dtype=dtype)),)
        return cumulative

    def kernel(x, init):
        padded = dilate_and_pad(x, init, spec.base_dilations, spec.padding, xp)
        windows = windows_view(padded, spec.window, spec.strides, spec.window_dilations,
                               out_shape, xp)
        if name in ("stablehlo.add", "stablehlo.multiply"):
            combine = getattr(xp, _REDUCERS[name][1])
            if kind == "f" and window_size <= SEQUENTIAL_LIMIT:
                # In window order from the init, as XLA's loops round (the reference's).
                flat = windows.reshape(tuple(out_shape) + (window_size,))
                acc = xp.broadcast_to(init, tuple(out_shape))
                for k in range(window_size):
                    acc = combine(acc, flat[..., k])
                return (xp.asarray(acc, dtype=dtype),)
            # The init joins once per window (padding used it as the fill value).
            return (xp.asarray(combine(reducer(windows, axis=axes, dtype=dtype), init),
                               dtype=dtype),)
        return (xp.asarray(xp.maximum(reducer(windows, axis=axes), init) if name ==
                           "stablehlo.maximum" else xp.minimum(reducer(windows, axis=axes),
                                                               init), dtype=dtype),)
    return kernel


def _special(xp: Any) -> Any:
    """scipy.special's functions in the namespace (CuPy's own on the GPU)."""
    if xp is np:
        import scipy.special

        return scipy.special
    import cupyx.scipy.special

    return cupyx.scipy.special


# erf_inv draws jax.random.normal's samples; erf is the exact GELU's.
DEVICE_KERNELS["chlo.erf_inv"] = _unary(
    lambda xp, kind: _special(xp).erfinv if kind == "f" else None)
DEVICE_KERNELS["chlo.erf"] = _unary(
    lambda xp, kind: _special(xp).erf if kind == "f" else None)
# Inverse trigonometric and hyperbolic functions, of complex arguments too:
# CuPy's (thrust's) complex ones and numpy's (the CPU's) both come from FreeBSD's
# C99 catrig, so their branch cuts and signed zeros agree.
for _op, _name in (("asin", "arcsin"), ("acos", "arccos"), ("atan", "arctan"),
                   ("asinh", "arcsinh"), ("acosh", "arccosh"), ("atanh", "arctanh"),
                   ("sinh", "sinh"), ("cosh", "cosh")):
    DEVICE_KERNELS[f"chlo.{_op}"] = _unary(
        lambda xp, kind, name=_name: getattr(xp, name) if kind == "f" else
        _complex_function(xp, name) if kind == "c" else None)
def _bessel_i1e(xp: Any) -> Callable:
    """i1e with CHLO's limits at the infinities (±0; CuPy's gives NaN there)."""
    def fn(x):
        return xp.where(xp.isinf(x), xp.copysign(x.dtype.type(0), x), _special(xp).i1e(x))
    return fn


DEVICE_KERNELS["chlo.bessel_i1e"] = _unary(
    lambda xp, kind: _bessel_i1e(xp) if kind == "f" else None)
DEVICE_KERNELS["stablehlo.rsqrt"] = _unary(  # complex too: the principal root's inverse
    lambda xp, kind: (lambda x: 1 / xp.sqrt(x)) if kind in "fc" else None)


def _lgamma_for(xp: Any, kind: str) -> Callable | None:
    if kind != "f":
        return None
    gammaln = _special(xp).gammaln
    return lambda x: xp.where(xp.isinf(x), xp.asarray(np.inf, x.dtype), gammaln(x))


def _digamma_for(xp: Any, kind: str) -> Callable | None:
    if kind != "f":
        return None
    psi = _special(xp).psi

    def digamma(x):  # NaN at zero and the negative integers, as CHLO
        pole = (x <= 0) & (x == xp.floor(x))
        return xp.where(pole, xp.asarray(np.nan, x.dtype), psi(x))
    return digamma


DEVICE_KERNELS["chlo.lgamma"] = _unary(_lgamma_for)
DEVICE_KERNELS["chlo.digamma"] = _unary(_digamma_for)


def _special_binary(name: str):
    """chlo.zeta / chlo.polygamma: the CPU's function (CHLO's domain rules)
    over CuPy's special functions. A negative q reads its shift back: such
    programs run eagerly."""
    def fn_for(xp, kind):
        if kind != "f":
            return None
        from jaxlib._src.ops import chlo_math

        function = getattr(chlo_math, f"{name}_values")
        return lambda a, b: function(a, b, xp, _special(xp))
    return fn_for


DEVICE_KERNELS["chlo.zeta"] = _binary(_special_binary("zeta"))
DEVICE_KERNELS["chlo.polygamma"] = _binary(_special_binary("polygamma"))


def nothing_to_compute_kernel(op: Operation, xp: Any) -> Callable[..., tuple] | None:
    """Arrays of nothing for a computation whose results all have no
    elements (jax's tests reduce, pad and compare empty arrays), the inits
    of a reduce over nothing (bfloat16 too), or None: collectives and custom
    calls still run (others wait for them, a library has effects)."""
    if op.name == "stablehlo.reduce" and any(
            op.operand_types[0].shape[d] == 0 for d in int_array_attr(op, "dimensions", ())):
        return _reduce_of_nothing(op, xp)
    if op.name not in DEVICE_KERNELS and op.name not in REGION_KERNELS or \
            op.name in COLLECTIVE_KERNELS or op.name == "stablehlo.custom_call" or \
            not op.result_types or not all(
                isinstance(t, TensorType) and t.is_static and on_device(t)
                and 0 in tuple(t.shape) for t in op.result_types):
        return None
    specs = [(tuple(t.shape), storage_dtype(numpy_dtype(t.element_type)))
             for t in op.result_types]
    return lambda *operands: tuple(xp.empty(shape, dtype) for shape, dtype in specs)


# --- ops whose regions run on the device ------------------------------------------------
# Factories ``(op, xp, ctx) -> kernel(frame, *operands)``: ``ctx`` compiles the
# op's regions into device step programs.
REGION_KERNELS: dict[str, Callable] = {}


def _reduce_by_region(op: Operation, xp: Any, ctx: Any):
    """A reduce whose body is elementwise (argmax/argmin's value-and-index
    pairs, variadic sums), as a pairwise tree: each level runs the body once on
    whole arrays (even positions with odd ones, so earlier elements stay on the
    left), then once with the init values."""
    from jaxlib._src.ops.data_movement import region_is_elementwise

    region = op.regions[0]
    count = len(op.results)
    if not region_is_elementwise(region):
        return None
    arguments = region.entry.arguments
    for i in range(count):
        if arguments[i].type.element_type != op.operand_types[i].element_type:
            return None  # promoted argument types: the reference converts
    shape = tuple(op.operand_types[0].shape)
    dims = tuple(int_array_attr(op, "dimensions", ()))  # (none empty: nothing_to_compute_kernel)
    kept = [d for d in range(len(shape)) if d not in dims]
    order = kept + list(dims)
    kept_shape = tuple(shape[d] for d in kept)
    size = int(np.prod([shape[d] for d in dims], dtype=np.int64))
    dtypes = [storage_dtype(numpy_dtype(t.element_type)) for t in op.result_types]
    body = ctx.compile_region(region)

    def kernel(frame, *operands):
        values = [xp.transpose(v, order).reshape(kept_shape + (size,))
                  for v in operands[:count]]
        n = size
        while n > 1:
            half = n // 2
            left = [v[..., 0:2 * half:2] for v in values]
            right = [v[..., 1:2 * half:2] for v in values]
            combined = [xp.broadcast_to(c, left[0].shape)
                        for c in body.run(frame, (*left, *right))]
            if n % 2:
                combined = [xp.concatenate([c, v[..., -1:]], axis=-1)
                            for c, v in zip(combined, values)]
            values, n = combined, half + n % 2
        inits = [xp.broadcast_to(i, kept_shape) for i in operands[count:]]
        results = body.run(frame, (*inits, *[v[..., 0] for v in values]))
        return tuple(contiguous(xp, xp.asarray(xp.broadcast_to(r, kept_shape), dtype=d))
                     for r, d in zip(results, dtypes))
    return kernel


REGION_KERNELS["stablehlo.reduce"] = _reduce_by_region


def _reduce_window_by_region(op: Operation, xp: Any, ctx: Any):
    """reduce_window with its body run on whole arrays, in the reference's
    order: a one-op body (a sum) one window element at a time from the init,
    for windows up to SEQUENTIAL_LIMIT (larger ones run on the host), other
    bodies (a log-add-exp) as a pairwise tree, the init joined last. So a
    bfloat16 sum rounds at each step as on the CPU (a cumsum, an average pool)."""
    from jaxlib._src.ops.data_movement import region_is_elementwise
    from jaxlib._src.ops.reduction import (
        SEQUENTIAL_LIMIT,
        _WindowSpec,
        dilate_and_pad,
        windows_view,
    )

    if not region_is_elementwise(op.regions[0]):
        return None
    count = len(op.results)  # variadic: (value, index) pairs of an argmax pool
    shape = op.operand_types[0].shape
    spec = _WindowSpec(op, len(shape))
    out_shape = tuple(spec.out_shape(shape))
    n = int(np.prod(spec.window, dtype=np.int64))
    sequential = single_op_body(op.regions[0]) is not None
    if (sequential and n > SEQUENTIAL_LIMIT) or 0 in out_shape or n == 0:
        return None
    body = ctx.compile_region(op.regions[0])

    def run(frame, a: list, b: list) -> list:
        shape = np.broadcast_shapes(a[0].shape, b[0].shape)
        return [xp.broadcast_to(r, shape) for r in body.run(frame, (*a, *b))]

    def kernel(frame, *operands):
        inputs, inits = operands[:count], operands[count:]
        values = [windows_view(dilate_and_pad(x, init, spec.base_dilations, spec.padding, xp),
                               spec.window, spec.strides, spec.window_dilations, out_shape,
                               xp).reshape(out_shape + (n,)) for x, init in zip(inputs, inits)]
        starts = [xp.broadcast_to(init, out_shape) for init in inits]
        if sequential:
            acc = starts
            for k in range(n):
                acc = run(frame, acc, [v[..., k] for v in values])
        else:
            while values[0].shape[-1] > 1:  # (x0 x1) (x2 x3) ...: in-order pairs
                size = values[0].shape[-1]
                half = size // 2
                paired = run(frame, [v[..., 0:2 * half:2] for v in values],
                             [v[..., 1:2 * half:2] for v in values])
                if size % 2:
                    paired = [xp.concatenate([p, v[..., -1:]], axis=-1)
                              for p, v in zip(paired, values)]
                values = paired
            acc = run(frame, starts, [v[..., 0] for v in values])
        return tuple(contiguous(xp, xp.asarray(a)) for a in acc)
    return kernel


REGION_KERNELS["stablehlo.reduce_window"] = _reduce_window_by_region


def combine_in_rounds(xp: Any, frame: Any, body: Any, flats: list, targets: Any,
                      values: list, dummy: int, unique: bool) -> None:
    """``flats[i][t] = body(flats..., values...)[i]`` for each target t of
    ``targets`` in order, in place: round k combines the k-th update of every
    target (the reference's update order). ``dummy`` is the slot past the end
    where updates that land nowhere go (any order). Unless the targets are
    known ``unique``, the round sizes are read back once (NotCapturable)."""
    if unique or targets.size == 0:
        rounds = [targets.size]
    else:
        from jaxlib._src.ops.gather_scatter import occurrence

        depth = xp.where(targets == dummy, 0, occurrence(targets, xp))
        order = xp.argsort(depth, **({"kind": "stable"} if xp is np else {}))
        targets, values = targets[order], [v[order] for v in values]
        if xp is not np and xp.cuda.get_current_stream().is_capturing():
            raise NotCapturable("duplicate updates are counted on the host")
        rounds = xp.bincount(depth).tolist()
    start = 0
    for count in rounds:
        where = targets[start:start + count]
        current = [f[where] for f in flats]
        combined = body.run(frame, (*current, *(v[start:start + count] for v in values)))
        for flat, value in zip(flats, combined):
            flat[where] = xp.broadcast_to(value, where.shape)
        start += count


def _scatter_by_region(op: Operation, xp: Any, ctx: Any):
    """A scatter whose combiner has no atomic here (a product, a difference,
    ``.at[].apply``, 8/16-bit or complex sums, booleans): its body run on
    whole arrays in rounds (``combine_in_rounds``)."""
    from jaxlib._src.ops.data_movement import region_is_elementwise
    from jaxlib._src.ops.gather_scatter import _ScatterPlan

    region = op.regions[0]
    n = len(op.operands) // 2
    arguments = region.entry.arguments
    if not region_is_elementwise(region) or any(
            arguments[i].type.element_type != op.operand_types[i].element_type
            or arguments[n + i].type.element_type != op.operand_types[i].element_type
            for i in range(n)):
        return None  # promoted argument types: the reference converts
    plan = _ScatterPlan(op.attributes["scatter_dimension_numbers"],
                        op.operand_types[0].shape, op.operand_types[n + 1].shape)
    size = int(np.prod(op.operand_types[0].shape, dtype=np.int64))
    unique = bool(getattr(op.attributes.get("unique_indices"), "value",
                          op.attributes.get("unique_indices")))
    body = ctx.compile_region(region)

    def kernel(frame, *operands):
        inputs, indices, updates = operands[:n], operands[n], operands[n + 1:]
        # Windows that do not fit land on one slot past the end, dropped after.
        targets, _ = plan.targets(indices, xp, dummy=size)
        flats = []
        for x in inputs:
            flat = xp.empty(size + 1, x.dtype)
            flat[:size] = x.reshape(-1)
            flats.append(flat)
        values = [contiguous(xp, u).reshape(-1) for u in updates]
        combine_in_rounds(xp, frame, body, flats, targets, values, size, unique)
        return tuple(flat[:size].reshape(x.shape) for flat, x in zip(flats, inputs))
    return kernel


def _select_and_scatter_by_region(op: Operation, xp: Any, ctx: Any):
    """select_and_scatter (max pooling's gradient) on whole arrays: each
    window's choice by the select body in window order (padding never
    chosen), then the sources scattered onto the choices: an atomic add for
    a sum where there is one, else the scatter body in rounds."""
    from jaxlib._src.ops.data_movement import region_is_elementwise
    from jaxlib._src.ops.reduction import _WindowSpec, dilate_and_pad, windows_view

    if not all(region_is_elementwise(r) for r in op.regions):
        return None
    operand_type = op.operand_types[0]
    rank = operand_type.rank
    spec = _WindowSpec(op, rank, dilations=False)
    out_shape = tuple(spec.out_shape(operand_type.shape))
    window_size = int(np.prod(spec.window, dtype=np.int64))
    size = int(np.prod(operand_type.shape, dtype=np.int64))
    dtype = storage_dtype(numpy_dtype(op.result_types[0].element_type))
    atomic_add = None
    if single_op_body(op.regions[1]) == "stablehlo.add" and not is_carried(op.result_types[0]):
        atomic_add = _scatter_into(xp, "stablehlo.add", dtype)
    select, scatter = (ctx.compile_region(r) for r in op.regions)
    ones = (1,) * rank
    window_shape = out_shape + (window_size,)

    def kernel(frame, operand, source, init):
        flat = xp.empty(size + 1, dtype)
        flat[...] = init
        if window_size and 0 not in out_shape:
            values = windows_view(dilate_and_pad(operand, 0, ones, spec.padding, xp),
                                  spec.window, spec.strides, ones, out_shape,
                                  xp).reshape(window_shape)
            index = xp.arange(size, dtype=np.int64).reshape(operand.shape)
            indices = windows_view(dilate_and_pad(index, -1, ones, spec.padding, xp),
                                   spec.window, spec.strides, ones, out_shape,
                                   xp).reshape(window_shape)
            chosen_value, chosen_index = values[..., 0], indices[..., 0]
            for k in range(1, window_size):
                candidate, at = values[..., k], indices[..., k]
                (keep,) = select.run(frame, (chosen_value, candidate))
                take = (at >= 0) & ((chosen_index < 0) | xp.logical_not(keep))
                chosen_value = xp.where(take, candidate, chosen_value)
                chosen_index = xp.where(take, at, chosen_index)
            targets = xp.where(chosen_index >= 0, chosen_index, size).reshape(-1)
            sources = contiguous(xp, source).reshape(-1)
            if atomic_add is not None:
                atomic_add(flat, targets, sources)
            else:
                combine_in_rounds(xp, frame, scatter, [flat], targets, [sources], size, False)
        return (flat[:size].reshape(operand.shape),)
    return kernel


REGION_KERNELS["stablehlo.select_and_scatter"] = _select_and_scatter_by_region


def _approx_top_k(op: Operation, xp: Any, ctx: Any):
    """The ApproxTopK builtin (jax.lax.approx_max_k / approx_min_k): exact, as
    on the CPU, by the core's stable sort of order keys on the device (its
    comparator function is read from the module, hence a region kernel)."""
    from jaxlib._src.ops.custom_call import approx_top_k_kernel

    if op.attributes.get("call_target_name") != "ApproxTopK" or any(
            _kind(t) == "c" for t in op.operand_types):
        return None
    kernel = approx_top_k_kernel(op, ctx, xp)
    return lambda frame, *operands: kernel(*operands)


REGION_KERNELS["stablehlo.custom_call"] = _approx_top_k
REGION_KERNELS["stablehlo.scatter"] = _scatter_by_region
