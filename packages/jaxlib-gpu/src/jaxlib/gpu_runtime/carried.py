"""bfloat16 and the 8-bit floats on the device: stored as their bits,
computed in f32.

CuPy has none of these types, so such a value on a GPU is an array of its
bits (its *carrier*: uint16 for bfloat16; uint8 for the float8 formats and
for float4/float6, which ml_dtypes stores one to a byte); the buffer keeps
the logical dtype. Inside a program every such value is a carrier, also on
mock GPUs (numpy views, free), so the mock runs the same steps. An op on
them runs as the device kernel of a *twin*: a clone of the op with the
carried types retyped (core ``retyped_clone``):

- ops that only move elements (slices, transposes, gathers, selects, ...)
  move the carriers' bits: their unsigned twin, bit for bit;
- every other op computes in f32, as XLA's GPU backend does: its operands
  widened (exact), its f32 twin's kernel, its results rounded to the nearest
  value of their type, as the CPU converts (bfloat16: ties to even, NaN kept
  quiet with its sign; the 8-bit formats by tables made from ml_dtypes'
  conversions, ``_EightBitFloat``: their overflow, NaN and signed-zero rules
  differ from format to format).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ml_dtypes
import numpy as np

from jaxlib._src.ir.attributes import DenseElements
from jaxlib._src.ir.core import Operation, Value, retyped_clone
from jaxlib._src.ir.types import TensorType, Type, numpy_dtype
from jaxlib._src.ops.custom_call import ALLOCATE_BUFFER, IDENTITY_TARGETS

BFLOAT16 = np.dtype(ml_dtypes.bfloat16)
# The formats stored one to a byte (IR element name -> dtype). float8_e8m0fnu
# (MX scales) stays on the host: ml_dtypes rounds f32 denormals into it by
# rules of its own, which the tables do not follow.
EIGHT_BIT_FLOATS: dict[str, np.dtype] = {
    name: np.dtype(getattr(ml_dtypes, dtype)) for name, dtype in (
        ("f8E5M2", "float8_e5m2"), ("f8E4M3", "float8_e4m3"), ("f8E4M3FN", "float8_e4m3fn"),
        ("f8E4M3B11FNUZ", "float8_e4m3b11fnuz"), ("f8E3M4", "float8_e3m4"),
        ("f8E5M2FNUZ", "float8_e5m2fnuz"), ("f8E4M3FNUZ", "float8_e4m3fnuz"),
        ("f4E2M1FN", "float4_e2m1fn"),
        ("f6E2M3FN", "float6_e2m3fn"), ("f6E3M2FN", "float6_e3m2fn"))
    if hasattr(ml_dtypes, dtype)}
# The integers narrower than a byte (IR element name -> (dtype, its twin's
# element type)): stored one to a byte as ml_dtypes stores them (the value's
# low bits, two's complement for the signed ones), computed in 8 bits.
NARROW_INTEGERS: dict[str, tuple[np.dtype, str]] = {
    name: (np.dtype(getattr(ml_dtypes, dtype)), twin) for name, dtype, twin in (
        ("i4", "int4", "i8"), ("ui4", "uint4", "ui8"), ("i2", "int2", "i8"),
        ("ui2", "uint2", "ui8"))
    if hasattr(ml_dtypes, dtype)}
# logical dtype -> the dtype of its device storage
CARRIERS: dict[np.dtype, np.dtype] = {BFLOAT16: np.dtype(np.uint16), **{
    dtype: np.dtype(np.uint8) for dtype in EIGHT_BIT_FLOATS.values()}, **{
    dtype: np.dtype(np.uint8) for dtype, _ in NARROW_INTEGERS.values()}}
# IR element name of a carried type -> (its dtype, the IR name of its carrier,
# the element type its values compute in)
_CARRIED = {"bf16": (BFLOAT16, "ui16", "f32"),
            **{name: (dtype, "ui8", "f32") for name, dtype in EIGHT_BIT_FLOATS.items()},
            **{name: (dtype, "ui8", twin) for name, (dtype, twin) in NARROW_INTEGERS.items()}}

# Ops whose kernels only move, select or reinterpret elements: the uint16 twin
# gives the same bits.
_MOVING_OPS = frozenset({
    "stablehlo.broadcast_in_dim", "stablehlo.reshape", "stablehlo.transpose",
    "stablehlo.slice", "stablehlo.reverse", "stablehlo.concatenate",
    "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice", "stablehlo.pad",
    "stablehlo.gather", "stablehlo.select", "stablehlo.bitcast_convert",
    "sdy.sharding_constraint", "sdy.reshard", "sdy.propagation_barrier",
    "sdy.sharding_group",
})


# Ops whose f32 twin would compute something else: next_after steps by an
# f32 ulp (bfloat16 has a kernel of its own on the carriers' bits,
# kernels.CARRIER_KERNELS; the 8-bit floats run it on the host).
_STEPPING_OPS = frozenset({"chlo.next_after"})

# Ops of the narrow integers computed on their bits, not their sign-extended
# values: popcnt counts the type's bits; a logical shift moves them in zeros.
_BIT_OPS = frozenset({"stablehlo.popcnt", "stablehlo.shift_right_logical"})

# Integer ops that commute with wrapping (arithmetic modulo 2^n): a region of
# only these computes the narrow integers' results in 8 bits, wrapped once.
_RING_OPS = frozenset({
    "stablehlo.add", "stablehlo.subtract", "stablehlo.multiply", "stablehlo.negate",
    "stablehlo.and", "stablehlo.or", "stablehlo.xor", "stablehlo.not",
    "stablehlo.return", "stablehlo.constant"})


def element_bits(type_: Any) -> int:
    """The width in bits of a tensor type's elements (a carried type's own)."""
    if is_carried(type_):
        dtype = carried_dtype(type_)
        return ml_dtypes.iinfo(dtype).bits if dtype in _INTEGER_BITS else \
            ml_dtypes.finfo(dtype).bits
    dtype = numpy_dtype(type_.element_type)
    return 1 if dtype.kind == "b" else dtype.itemsize * 8

# Builtin targets that move or make bits: annotations, AllocateBuffer's zeros.
_MOVING_TARGETS = IDENTITY_TARGETS | {ALLOCATE_BUFFER}

# Builtin targets whose f32 twin gives bfloat16 results exactly (a selection).
_WIDENING_TARGETS = frozenset({"ApproxTopK"})


# Region ops whose bfloat16 results are exact in f32 (no rounding to redo):
# a region of only these computes the same in its f32 twin.
_EXACT_OPS = frozenset({
    "stablehlo.maximum", "stablehlo.minimum", "stablehlo.compare", "stablehlo.select",
    "stablehlo.clamp", "stablehlo.negate", "stablehlo.abs", "stablehlo.return",
    "stablehlo.constant", "stablehlo.bitcast_convert", "stablehlo.broadcast_in_dim",
    "stablehlo.reshape",
})


# Sources a convert to bfloat16 would round twice through f32 (their values
# need more than f32's 24 bits): they go through f64, as the CPU converts them
# (exact for 32-bit integers; 64-bit ones round to f64 first there too).
_ROUNDED_TWICE = frozenset(np.dtype(t) for t in (np.float64, np.int32, np.uint32,
                                                  np.int64, np.uint64))


def storage_dtype(dtype: Any) -> np.dtype:
    """The dtype a value of ``dtype`` has in device memory."""
    dtype = np.dtype(dtype)
    return CARRIERS.get(dtype, dtype)


def is_carried(type_: Any) -> bool:
    """Whether values of IR type ``type_`` are carriers on the device."""
    return isinstance(type_, TensorType) and isinstance(type_.element_type, str) \
        and type_.element_type in _CARRIED


def is_bfloat16(type_: Any) -> bool:
    """Whether ``type_`` is a bfloat16 tensor (the carried type with kernels
    of its own: cuBLAS's and cuDNN's bfloat16 paths)."""
    return isinstance(type_, TensorType) and type_.element_type == "bf16"


def is_narrow_integer(type_: Any) -> bool:
    """Whether ``type_`` is a carried integer type (int4, uint4, int2, uint2)."""
    return is_carried(type_) and type_.element_type in NARROW_INTEGERS


def carried_dtype(type_: Any) -> np.dtype:
    """The logical dtype of a carried IR type."""
    return _CARRIED[type_.element_type][0]


def uses_carriers(op: Operation) -> bool:
    return any(is_carried(t) for t in (*op.operand_types, *op.result_types))


def to_carrier(value: Any) -> Any:
    """An array (numpy) of a carried type as its carrier; carriers and other
    values as they are. Integers narrower than a byte keep only their bits:
    in ml_dtypes' arrays the rest of the byte may hold anything (an int4
    array viewed from random bytes), which ml_dtypes ignores and so must the
    device's kernels."""
    dtype = getattr(value, "dtype", None)
    if dtype is not None and dtype in CARRIERS:
        bits = np.asarray(value).view(CARRIERS[dtype])
        mask = _SUB_BYTE_MASKS.get(dtype)
        return bits if mask is None else np.asarray(bits & mask)
    return value


def from_carrier(value: Any, dtype: np.dtype) -> Any:
    """A host carrier seen as ``dtype`` (numpy only: CuPy arrays stay
    carriers, their buffers keep the dtype)."""
    if isinstance(value, np.generic):
        value = np.asarray(value)
    if isinstance(value, np.ndarray) and value.dtype != dtype and dtype in CARRIERS:
        return value.view(dtype)
    return value


# --- conversions -------------------------------------------------------------------

def _numpy_widen(bits: np.ndarray) -> np.ndarray:
    return np.asarray((np.asarray(bits).astype(np.uint32) << 16).view(np.float32))


def _numpy_narrow(x: np.ndarray) -> np.ndarray:
    u = contiguous_bits(np, np.asarray(x, dtype=np.float32))
    rounded = ((u + (0x7FFF + ((u >> 16) & 1))) >> 16).astype(np.uint16)
    quiet_nan = (((u >> 16) & 0x8000) | 0x7FC0).astype(np.uint16)
    return np.asarray(np.where((u & 0x7FFFFFFF) > 0x7F800000, quiet_nan, rounded))


_CUPY_CONVERSIONS: dict[int, tuple[Callable, Callable]] = {}


def _cupy_conversions(cupy: Any) -> tuple[Callable, Callable]:
    """One elementwise kernel each way (NVRTC, compiled at first use)."""
    found = _CUPY_CONVERSIONS.get(id(cupy))
    if found is None:
        widen = cupy.ElementwiseKernel(
            "uint16 b", "float32 y", "y = __uint_as_float(((unsigned int)b) << 16);",
            "jaxlib_bf16_widen")
        narrow = cupy.ElementwiseKernel(
            "float32 x", "uint16 b",
            "unsigned int u = __float_as_uint(x);\n"
            "if ((u & 0x7fffffffu) > 0x7f800000u)\n"
            "  b = (unsigned short)(((u >> 16) & 0x8000u) | 0x7fc0u);\n"
            "else\n"
            "  b = (unsigned short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);",
            "jaxlib_bf16_narrow")
        found = _CUPY_CONVERSIONS[id(cupy)] = (
            widen, lambda x: narrow(x.astype(np.float32, copy=False)))
    return found


def odd_f32(xp: Any, x: Any) -> Any:
    """f64 values (or integers, through f64) to f32, rounded to odd: the nearest f32
    toward zero with its last bit set where inexact. Rounding that to
    bfloat16 (ties to even) is the correctly rounded bfloat16 (16 spare bits),
    where going through round-to-nearest f32 would round twice."""
    wide = x.astype(np.float64, copy=False)
    nearest = wide.astype(np.float32)
    bits = contiguous_bits(xp, nearest)
    back = nearest.astype(np.float64)
    inexact = (back != wide) & xp.isfinite(wide)
    toward_zero = xp.abs(back) > xp.abs(wide)  # |f32| past |x|: one step back
    stepped = xp.where(toward_zero, bits - np.uint32(1), bits + np.uint32(1))
    odd = xp.where(inexact & ((bits & np.uint32(1)) == 0), stepped, bits)
    return odd.astype(np.uint32).view(np.float32)


def contiguous_bits(xp: Any, x: Any) -> Any:
    """An f32 array's bits (uint32), row-major (0-d stays 0-d, unlike
    ascontiguousarray's)."""
    x = x if x.flags.c_contiguous else xp.array(x, order="C", copy=True)
    return x.view(np.uint32)


def widen(xp: Any, dtype: Any = BFLOAT16) -> Callable[[Any], Any]:
    """carrier of ``dtype`` -> its value in the type it computes in: f32
    (exact), or 8-bit integers for the narrow integers (sign-extended)."""
    dtype = np.dtype(dtype)
    if dtype in _INTEGER_BITS:
        return _integer_widen(dtype)
    if dtype != BFLOAT16:
        return _eight_bit(dtype).widen(xp)
    return _numpy_widen if xp is np else _cupy_conversions(xp)[0]


def narrow(xp: Any, dtype: Any = BFLOAT16) -> Callable[[Any], Any]:
    """A computed value -> carrier of ``dtype``: floats to the nearest value
    (bfloat16: ties to even; the 8-bit formats as ml_dtypes converts), the
    narrow integers wrapped to their width (two's complement)."""
    dtype = np.dtype(dtype)
    if dtype in _INTEGER_BITS:
        mask = np.uint8((1 << _INTEGER_BITS[dtype]) - 1)
        return lambda x: (x.astype(np.uint8) & mask).astype(np.uint8)
    if dtype != BFLOAT16:
        return _eight_bit(dtype).narrow(xp)
    return _numpy_narrow if xp is np else _cupy_conversions(xp)[1]


# The narrow integers' widths.
_INTEGER_BITS = {dtype: ml_dtypes.iinfo(dtype).bits for dtype, _ in NARROW_INTEGERS.values()}
# The integers narrower than a byte: the mask of their bits. (float4/float6
# bytes are widened through a table of all 256, as ml_dtypes reads them.)
_SUB_BYTE_MASKS = {dtype: np.uint8((1 << bits) - 1) for dtype, bits in _INTEGER_BITS.items()}


def _integer_widen(dtype: np.dtype) -> Callable[[Any], Any]:
    if ml_dtypes.iinfo(dtype).min == 0:
        return lambda bits: bits.astype(np.uint8)
    sign = np.int8(1 << (_INTEGER_BITS[dtype] - 1))
    return lambda bits: (bits.astype(np.int8) ^ sign) - sign


def integer_range(dtype: Any) -> tuple[int, int]:
    """The least and greatest values of a narrow integer type."""
    info = ml_dtypes.iinfo(dtype)
    return int(info.min), int(info.max)


class _EightBitFloat:
    """Conversions of one format stored one to a byte, by tables made from
    ml_dtypes' conversions (the CPU's): widening looks each code up; narrowing
    finds a magnitude's neighbours among the format's finite non-negative
    values (a sorted table) and takes the nearer one, the tie's code at a
    midpoint, the overflow's past the largest value (by its half ulp), and
    the negative code of the result for negative inputs; zeros and NaNs
    keep the codes ml_dtypes gives them. Every midpoint is exact in f32 (the
    formats have at most 4 significand bits), so the comparisons are."""

    def __init__(self, dtype: np.dtype):
        self.dtype = dtype
        info = ml_dtypes.finfo(dtype)
        codes = np.arange(1 << info.bits, dtype=np.uint8)
        values = codes.view(dtype).astype(np.float32)
        # every byte, as ml_dtypes reads it (float4/float6 bytes with more bits set
        # than the format's come from arrays viewed from other bytes)
        self.widen_table = np.arange(256, dtype=np.uint8).view(dtype).astype(np.float32)

        def code(x: Any) -> Any:
            # numpy scalars for scalars (CuPy takes no 0-d numpy arrays as operands)
            return np.array(x, np.float32).astype(dtype).view(np.uint8)[()]

        usable = np.isfinite(values) & ~np.signbit(values)
        magnitudes, first = np.unique(values[usable], return_index=True)
        self.magnitudes = magnitudes.astype(np.float32)
        self.codes = codes[usable][first]
        middles = (magnitudes[:-1].astype(np.float64) + magnitudes[1:]) / 2
        self.middles = middles.astype(np.float32)
        self.tie_codes = code(self.middles)
        top = float(magnitudes[-1])
        ulp = 2.0 ** (np.floor(np.log2(top)) - info.nmant)
        self.threshold = np.float32(top + ulp / 2)
        self.top_code, self.threshold_code = self.codes[-1], code(self.threshold)
        self.overflow_code = code(np.inf)
        self.zero_codes = (code(0.0), code(-0.0))
        self.nan_codes = (code(np.nan), code(-np.nan))
        # each code's negative: the code of minus its value (NaN, zero: ml_dtypes')
        self.negated = np.array([code(-v) for v in self.widen_table], np.uint8)
        self._device: dict[int, tuple] = {}

    def _tables(self, xp: Any) -> tuple:
        if xp is np:
            return (self.widen_table, self.magnitudes, self.codes, self.middles,
                    self.tie_codes, self.negated)
        found = self._device.get(xp.cuda.Device().id)
        if found is None:
            found = self._device[xp.cuda.Device().id] = tuple(xp.asarray(t) for t in (
                self.widen_table, self.magnitudes, self.codes, self.middles,
                self.tie_codes, self.negated))
        return found

    def widen(self, xp: Any) -> Callable[[Any], Any]:
        return lambda bits: self._tables(xp)[0][bits.astype(np.uint8, copy=False)]

    def narrow(self, xp: Any) -> Callable[[Any], Any]:
        def to_bits(x: Any) -> Any:
            _, magnitudes, codes, middles, ties, negated = self._tables(xp)
            x = xp.asarray(x, dtype=np.float32)
            a = xp.abs(x)
            above = xp.clip(xp.searchsorted(magnitudes, a, side="left"), 1,
                            magnitudes.size - 1)
            middle = middles[above - 1]
            out = xp.where(a < middle, codes[above - 1],
                           xp.where(a > middle, codes[above], ties[above - 1]))
            past = xp.where(a < self.threshold, self.top_code, xp.where(
                a > self.threshold, self.overflow_code, self.threshold_code))
            out = xp.where(a > magnitudes[-1], past, out).astype(np.uint8)
            negative = xp.signbit(x)
            out = xp.where(negative, negated[out], out)
            out = xp.where(a == 0, xp.where(negative, self.zero_codes[1], self.zero_codes[0]),
                           out)
            out = xp.where(xp.isnan(x), xp.where(negative, self.nan_codes[1],
                                                 self.nan_codes[0]), out)
            return xp.asarray(out, dtype=np.uint8)
        return to_bits


_EIGHT_BIT: dict[np.dtype, _EightBitFloat] = {}


def _eight_bit(dtype: Any) -> _EightBitFloat:
    dtype = np.dtype(dtype)
    found = _EIGHT_BIT.get(dtype)
    if found is None:
        found = _EIGHT_BIT[dtype] = _EightBitFloat(dtype)
    return found


# --- twins -------------------------------------------------------------------------

# A twin's element type for carried values: each carrier's own bits, or the
# type its values compute in (f32; 8-bit integers for the narrow integers).
_BITS, _COMPUTED = "bits", "computed"


def _retype(element: str) -> Callable[[Type], Type]:
    def retype(t: Type) -> Type:
        if is_carried(t):
            name = _CARRIED[t.element_type][1 if element == _BITS else 2]
            return TensorType(t.shape, name, getattr(t, "encoding", None))
        return t
    return retype


def _refuse_capture(op: Operation, value: Value) -> None:
    if is_carried(value.type):
        raise _NoTwin(f"a region of {op.name} uses a {value.type.element_type} value from "
                      "outside it")


def rounds_in_regions(op: Operation) -> bool:
    """Whether a region of ``op`` rounds bfloat16 results (an add in a reduce
    body): the f32 twin would round once at the end instead of at each step,
    so such ops run their region kernels on carriers (each step a twin) or on
    the host. (Converts from bfloat16 widen exactly.)"""
    nested = [n for region in op.regions for n in region.walk() if uses_carriers(n)]
    if nested and all(n.name in _RING_OPS and all(
            is_narrow_integer(t) for t in (*n.operand_types, *n.result_types)
            if is_carried(t)) for n in nested):
        return False  # (wrapped once at the end: the same)
    return any(n.name not in _EXACT_OPS
               and not (n.name == "stablehlo.convert" and not is_carried(n.result_types[0]))
               for n in nested)


def _twin_attributes(element: str) -> Callable[[Operation], dict[str, Any]]:
    """A clone's attributes: bfloat16 constants (a comparator's zero, a
    reduce body's) in the twin's type, f32 values or the carriers' bits."""
    def attributes(op: Operation) -> dict[str, Any]:
        found = dict(op.attributes)
        value = found.get("value")
        if op.name != "stablehlo.constant" or not isinstance(value, DenseElements) \
                or not is_carried(value.type):
            return found
        retyped = _retype(element)(value.type)
        dtype = carried_dtype(value.type)
        if element == _COMPUTED:
            computed = numpy_dtype(retyped.element_type)
            convert = lambda a: np.asarray(a, dtype).astype(computed)  # noqa: E731
        else:
            convert = lambda a: np.asarray(a, dtype).view(CARRIERS[dtype])  # noqa: E731
        if value.is_symbolic_splat:
            found["value"] = DenseElements.splat(convert(value.splat_value), retyped)
        else:
            found["value"] = DenseElements(convert(value.array), retyped)
        return found
    return attributes


class _NoTwin(Exception):
    pass


def twin(op: Operation) -> tuple[Operation, bool] | None:
    """The op whose device kernel computes ``op`` (carried types in its types)
    and whether it computes widened (f32; 8 bits for the narrow integers: its
    carried operands widened, results narrowed) rather than moving bits;
    None when there is none (``op`` runs on the host)."""
    if op.name in _STEPPING_OPS:
        return None  # a step of one ulp in f32 rounds back to where it started
    if op.name == "stablehlo.bitcast_convert" and element_bits(op.operand_types[0]) != \
            element_bits(op.result_types[0]) and any(
                is_carried(t) and element_bits(t) < 8
                for t in (*op.operand_types, *op.result_types)):
        # (sub-byte types pack several to a byte there, one to a carrier here:
        # kernels.CARRIER_KERNELS packs and unpacks them)
        return None
    if op.name == "stablehlo.count_leading_zeros" and any(
            is_narrow_integer(t) for t in op.operand_types):
        return None  # (kernels.CARRIER_KERNELS: on the bits, less the byte's spare ones)
    moving = op.name in _MOVING_OPS or (
        op.name == "stablehlo.custom_call"
        and op.attributes.get("call_target_name") in _MOVING_TARGETS)
    if op.name == "stablehlo.custom_call" and not moving and \
            op.attributes.get("call_target_name") not in _WIDENING_TARGETS:
        return None  # a library's target: its own types
    # the narrow integers' bit counts and logical shifts read their bits as they are
    moving = moving or (op.name in _BIT_OPS and all(
        is_narrow_integer(t) for t in (*op.operand_types, *op.result_types)))
    element = _BITS if moving else _COMPUTED
    try:
        clone = retyped_clone(op, _retype(element), _twin_attributes(element),
                              on_capture=_refuse_capture)
    except _NoTwin:
        return None
    return clone, not moving


def computing_widened(op: Operation, kernel: Callable[..., tuple], xp: Any
                     ) -> Callable[..., tuple]:
    """``kernel`` (of ``op``'s twin computing in f32, or in 8-bit integers)
    on carriers: carried operands widened first, carried results rounded
    (wrapped) to their types after."""
    wide = [widen(xp, carried_dtype(t)) if is_carried(t) else None
            for t in op.operand_types]
    narrowed = [narrow(xp, carried_dtype(t)) if is_carried(t) else None
                for t in op.result_types]
    result = op.result_types[0] if op.result_types else None
    if op.name == "stablehlo.convert" and is_narrow_integer(result) and (
            is_carried(op.operand_types[0]) and not is_narrow_integer(op.operand_types[0])
            or numpy_dtype(op.operand_types[0].element_type).kind == "f"):
        # from floats: saturated to the type's range (NaN: 0), as XLA converts
        low, high = integer_range(carried_dtype(result))
        down, up = narrowed[0], wide[0]

        def saturating(x):
            (converted,) = kernel(up(x) if up else x)
            return (down(xp.clip(converted, low, high)),)
        return saturating
    if op.name == "stablehlo.convert" and is_carried(result) and not is_narrow_integer(
            result) and numpy_dtype(op.operand_types[0].element_type) in _ROUNDED_TWICE:
        # wider sources: to f32 rounded to odd, then one correct rounding
        down = narrowed[0]
        return lambda x: (down(odd_f32(xp, x)),)
    frame = getattr(kernel, "needs_frame", False)

    def run(leading: tuple, operands: tuple) -> tuple:
        operands = tuple(up(v) if up else v for v, up in zip(operands, wide))
        results = kernel(*leading, *operands)
        return tuple(down(r) if down else r for r, down in zip(results, narrowed))

    if frame:
        def framed(frame_, *operands):
            return run((frame_,), operands)
        framed.needs_frame = True  # type: ignore[attr-defined]
        return framed
    return lambda *operands: run((), operands)
