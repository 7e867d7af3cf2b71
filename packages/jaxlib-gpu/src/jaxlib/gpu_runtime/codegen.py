"""CUDA C for fused groups: the CPU backend's fusion IR, compiled with NVRTC.

The core's fusion pass (backends/cpu/fusion.py) groups runs of elementwise
ops, broadcasts, layout changes, splat constants, iota and simple reductions,
and encodes each group as a small register program over an index domain:
loads (an input read through per-dimension strides, a constant, an iota),
instructions (opcode, operand slots) and output slots. This module turns
that program into one CUDA kernel, so a group costs one launch and one pass
over memory instead of a kernel and a temporary per op.

Semantics are XLA's, spelled as the CPU interpreter spells them
(csrc/cpu/kernels/fused_loops.h): integer arithmetic wraps, integer division
by zero gives -1 (all ones unsigned) and its remainder the dividend, shifts
past the width give 0 (the sign for arithmetic shifts), float-to-integer
conversion truncates and saturates with NaN to 0, max/min propagate NaN and
order -0 below +0, total-order compares use the bit patterns.

The same source also compiles as host C++ (``target="host"``) with g++, so
the generated code is tested against the CPU backend on machines without a
GPU; CI compiles every kernel of the corpus and the conformance suite to PTX
with NVRTC (benchmarks/gpu/nvrtc_check.py).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from dataclasses import dataclass

# Element type codes of the fusion IR (jaxcpu::DType) -> C type, kind.
_C_TYPES = {0: ("unsigned char", "b"), 1: ("signed char", "s"), 2: ("short", "s"),
            3: ("int", "s"), 4: ("long long", "s"), 5: ("unsigned char", "u"),
            6: ("unsigned short", "u"), 7: ("unsigned int", "u"),
            8: ("unsigned long long", "u"), 9: ("float", "f"), 10: ("float", "f"),
            11: ("float", "f"), 12: ("double", "f")}
_BITS = {0: 8, 1: 8, 2: 16, 3: 32, 4: 64, 5: 8, 6: 16, 7: 32, 8: 64, 9: 32, 10: 32, 11: 32,
         12: 64}
# float16 (code 9) and bfloat16 (code 10) are computed in float, rounded to
# their type after each op that rounds (the CPU's per-op semantics), and
# stored as their 16 bits (software conversions: the host build has no half
# types, and the device's would flush what CuPy's -ftz flushes).
_F16, _BF16 = 9, 10
_STORAGE = {_F16: "unsigned short", _BF16: "unsigned short"}
# Per 16-bit type: (round a float, load bits, store bits, one rounding from double)
_HALVES = {_F16: ("jx_f16_round", "jx_f16_load", "jx_f16_bits", "jx_f16_of_double"),
           _BF16: ("jx_bf16_round", "jx_bf16_load", "jx_bf16_bits", "jx_bf16_of_double")}
# Opcodes whose result is one of their bfloat16 operands' values (or its
# sign-flipped twin): nothing to round.
_EXACT_ON_HALVES = frozenset({"neg", "abs", "max", "min", "select", "copy", "clamp", "sign",
                            "floor", "ceil", "round_even", "round_afz"})
_UNSIGNED = {8: "unsigned char", 16: "unsigned short", 32: "unsigned int",
             64: "unsigned long long"}
_SIGNED = {8: "signed char", 16: "short", 32: "int", 64: "long long"}
NUMPY_OF_CODE = {0: "bool", 1: "int8", 2: "int16", 3: "int32", 4: "int64", 5: "uint8",
                 6: "uint16", 7: "uint32", 8: "uint64", 9: "float16", 10: "uint16",
                 11: "float32", 12: "float64"}


def storage_ctype(code: int) -> str:
    """The C type of an array element of type ``code`` in memory."""
    return _STORAGE.get(code) or _C_TYPES[code][0]

# How a reduction's outputs are spread over threads: a thread per output when
# there are many outputs (the reduced elements of neighbouring outputs are
# neighbours in memory) or few elements each; a warp per output for inner
# reductions at least _WARP_REDUCE_MIN long; a block of _BLOCK threads per
# output when there are few outputs over long extents (a channel's statistics
# over batch and space).
_WARP_REDUCE_MIN = 16
_BLOCK = 256
_MANY_OUTPUTS = 16384


def reduction_strategy(items: int, extent: int, inner: bool) -> str:
    if items < _MANY_OUTPUTS and extent >= _BLOCK:
        return "block"
    if inner and extent >= _WARP_REDUCE_MIN:
        return "warp"
    return "thread"


class Unsupported(Exception):
    """A fused program this generator has no spelling for (its group then
    runs op by op)."""


@dataclass
class FusedProgram:
    """The decoded fusion IR of one group (fusion._Emitter._encode's layout)."""

    dims: list[int]
    reducer: int  # opcode, -1 for none
    reduce_begin: int
    reduce_end: int
    init_bits: int
    slot_types: list[int]
    loads: list[tuple[int, int, int, list[int]]]  # slot, kind, arg, strides
    instructions: list[tuple[int, int, int, int, int, int]]  # op, aux, dst, a, b, c
    outputs: list[int]


def decode(code: list[int]) -> FusedProgram:
    it = iter(code)
    if next(it) != 1:
        raise Unsupported("unknown fusion IR version")
    nd = next(it)
    dims = [next(it) for _ in range(nd)]
    reducer, begin, end, init = next(it), next(it), next(it), next(it)
    slot_types = [next(it) for _ in range(next(it))]
    loads = []
    for _ in range(next(it)):
        slot, kind, arg = next(it), next(it), next(it)
        loads.append((slot, kind, arg, [next(it) for _ in range(nd)]))
    instructions = [tuple(next(it) for _ in range(6)) for _ in range(next(it))]
    outputs = [next(it) for _ in range(next(it))]
    return FusedProgram(dims, reducer, begin, end, init, slot_types, loads,
                        instructions, outputs)  # type: ignore[arg-type]


PRELUDE = r"""
#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define JX __device__ __forceinline__
#define JX_DEVICE 1
#else
#include <cmath>
#include <cstring>
using namespace std;
#define JX static inline
#endif
typedef long long jx_i64;
typedef unsigned long long jx_u64;

JX unsigned int jx_bits(float x) {
#ifdef JX_DEVICE
  return __float_as_uint(x);
#else
  unsigned int b; std::memcpy(&b, &x, 4); return b;
#endif
}
JX jx_u64 jx_bits(double x) {
#ifdef JX_DEVICE
  return (jx_u64)__double_as_longlong(x);
#else
  jx_u64 b; std::memcpy(&b, &x, 8); return b;
#endif
}
JX float jx_float(unsigned int b) {
#ifdef JX_DEVICE
  return __uint_as_float(b);
#else
  float x; std::memcpy(&x, &b, 4); return x;
#endif
}
JX double jx_double(jx_u64 b) {
#ifdef JX_DEVICE
  return __longlong_as_double((jx_i64)b);
#else
  double x; std::memcpy(&x, &b, 8); return x;
#endif
}
JX float jx_from_bits(float, unsigned int b) { return jx_float(b); }
JX double jx_from_bits(double, jx_u64 b) { return jx_double(b); }
JX int jx_denormal(float x) {
  unsigned int b = jx_bits(x);
  return (b & 0x7F800000u) == 0 && (b & 0x007FFFFFu) != 0;
}

// IEEE max/min: NaN wins, -0 < +0.
template <class T> JX T jx_fmax(T a, T b) {
  T r = a > b ? a : b;
  if (a == b) r = jx_from_bits(a, jx_bits(a) & jx_bits(b));
  return a != a ? a : r;
}
template <class T> JX T jx_fmin(T a, T b) {
  T r = a < b ? a : b;
  if (a == b) r = jx_from_bits(a, jx_bits(a) | jx_bits(b));
  return a != a ? a : r;
}
template <class T> JX T jx_fsign(T x) {
  if (x != x) return x;
  if (x == 0) return jx_from_bits(x, jx_bits(x) & jx_bits((T)-0.0));
  return x < 0 ? (T)-1 : (T)1;
}
template <class T> JX T jx_round_afz(T x) {
  if (sizeof(T) == 4 && jx_denormal((float)x)) return x * (T)0;  // a zero of x's sign
  T whole = trunc(x);
  T one = x < 0 ? (T)-1 : (T)1;
  return fabs(x - whole) >= (T)0.5 ? whole + one : whole;
}
// Rounding of f32 denormals decided from the bits: the device's rounding
// instructions may flush them (ceil(1e-45) must be 1, floor(-1e-45) -1).
JX float jx_floor(float x) {
  if (jx_denormal(x)) return (jx_bits(x) >> 31) ? -1.0f : 0.0f;
  return floorf(x);
}
JX float jx_ceil(float x) {
  if (jx_denormal(x)) return (jx_bits(x) >> 31) ? -0.0f : 1.0f;
  return ceilf(x);
}
JX float jx_rint(float x) {
  if (jx_denormal(x)) return (jx_bits(x) >> 31) ? -0.0f : 0.0f;
  return rintf(x);
}
JX double jx_floor(double x) { return floor(x); }
JX double jx_ceil(double x) { return ceil(x); }
JX double jx_rint(double x) { return rint(x); }
template <class T> JX T jx_logistic(T x) { return (T)1 / ((T)1 + exp(-x)); }
JX float jx_rsqrt(float x) {
#ifdef JX_DEVICE
  return rsqrtf(x);
#else
  return 1.0f / std::sqrt(x);
#endif
}
JX double jx_rsqrt(double x) {
#ifdef JX_DEVICE
  return rsqrt(x);
#else
  return 1.0 / std::sqrt(x);
#endif
}
template <class T> JX T jx_erf_inv(T y) {
#ifdef JX_DEVICE
  return erfinv(y);
#else
  // Host builds are for tests: Newton's method on erf from a rough start.
  if (y <= -1) return y == -1 ? -HUGE_VAL : NAN;
  if (y >= 1) return y == 1 ? HUGE_VAL : NAN;
  double w = -std::log((1.0 - y) * (1.0 + y)), x;
  x = std::copysign(std::sqrt(w > 5 ? w - 1.5 : w * 0.7), (double)y);
  for (int i = 0; i < 60; ++i)
    x -= (std::erf(x) - y) / (1.1283791670955126 * std::exp(-x * x));
  return (T)x;
#endif
}
template <class T> JX int jx_isfinite(T x) {
  return fabs(x) <= (T)(sizeof(T) == 4 ? 3.4028234663852886e38 : 1.7976931348623157e308);
}
template <class T> JX int jx_isinf(T x) { return fabs(x) == (T)jx_double(0x7ff0000000000000ULL); }

// Float -> integer: truncate, saturate, NaN -> 0.
template <class D> JX D jx_to_int(double x, double low, double high_plus_one, D min, D max) {
  double t = trunc(x);
  if (t != t) return (D)0;
  if (t < low) return min;
  if (t >= high_plus_one) return max;
  return (D)t;
}

template <class T, class U> JX T jx_sdiv(T a, T b) {
  if (b == 0) return (T)-1;
  if (b == -1) return (T)((U)0 - (U)a);
  return (T)(a / b);
}
template <class T> JX T jx_udiv(T a, T b) { return b == 0 ? (T)~(T)0 : (T)(a / b); }
template <class T> JX T jx_srem(T a, T b) {
  if (b == 0) return a;
  if (b == -1) return (T)0;
  return (T)(a % b);
}
template <class T> JX T jx_urem(T a, T b) { return b == 0 ? a : (T)(a % b); }
template <class T> JX T jx_ipow(T a, T b, int is_signed) {
  jx_u64 base = (jx_u64)(jx_i64)a, exponent, result = 1;
  if (is_signed) {
    exponent = (jx_i64)b < 0 ? (jx_u64)0 - (jx_u64)(jx_i64)b : (jx_u64)(jx_i64)b;
  } else {
    base = (jx_u64)a;
    exponent = (jx_u64)b;
  }
  while (exponent) {
    if (exponent & 1) result *= base;
    base *= base;
    exponent >>= 1;
  }
  if (is_signed && (jx_i64)b < 0 && (jx_i64)a != 1 && (jx_i64)a != -1) return (T)0;
  return (T)result;
}
JX int jx_popcount(jx_u64 x) {
#ifdef JX_DEVICE
  return __popcll(x);
#else
  return __builtin_popcountll(x);
#endif
}
JX int jx_clz(jx_u64 x, int width) {
  if (x == 0) return width;
#ifdef JX_DEVICE
  return __clzll((jx_i64)x) - (64 - width);
#else
  return __builtin_clzll(x) - (64 - width);
#endif
}

// bfloat16 in float: round to nearest even, NaN kept quiet with its sign.
JX float jx_bf16_round(float x) {
  unsigned int u = jx_bits(x);
  if ((u & 0x7fffffffu) > 0x7f800000u) return jx_float((u & 0x80000000u) | 0x7fc00000u);
  return jx_float(((u + 0x7fffu + ((u >> 16) & 1u)) >> 16) << 16);
}
JX float jx_bf16_load(unsigned short b) { return jx_float(((unsigned int)b) << 16); }
JX unsigned short jx_bf16_bits(float x) { return (unsigned short)(jx_bits(x) >> 16); }
// A double to float rounded to odd (toward zero, the last bit set when
// inexact): rounding that to a 16-bit float is one correct rounding.
JX float jx_odd_float(double d) {
  float f = (float)d;
  if (d == d && (double)f != d) {
    unsigned int u = jx_bits(f);
    if (!(u & 1u)) u = fabs((double)f) > fabs(d) ? u - 1u : u + 1u;
    f = jx_float(u);
  }
  return f;
}
JX float jx_bf16_of_double(double d) { return jx_bf16_round(jx_odd_float(d)); }

// float16 the same way, as numpy converts (NaN payloads kept, never a NaN
// turned into inf).
JX unsigned short jx_f16_bits(float x) {
  unsigned int u = jx_bits(x), sign = (u >> 16) & 0x8000u, a = u & 0x7fffffffu;
  if (a > 0x7f800000u) {
    unsigned int h = 0x7c00u | ((a >> 13) & 0x3ffu);
    return (unsigned short)(sign | (h == 0x7c00u ? 0x7c01u : h));
  }
  if (a >= 0x477ff000u) return (unsigned short)(sign | 0x7c00u);  // from 65520: inf
  if (a < 0x38800000u) {  // below 2^-14: a subnormal half (units of 2^-24) or zero
    unsigned int e = a >> 23;
    if (e < 102) return (unsigned short)sign;
    unsigned int m = (a & 0x7fffffu) | 0x800000u, shift = 126 - e;
    unsigned int kept = m >> shift, rest = m & ((1u << shift) - 1u), half = 1u << (shift - 1);
    if (rest > half || (rest == half && (kept & 1u))) kept += 1u;
    return (unsigned short)(sign | kept);
  }
  unsigned int r = a - 0x38000000u, kept = r >> 13, rest = r & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (kept & 1u))) kept += 1u;
  return (unsigned short)(sign | kept);
}
JX float jx_f16_load(unsigned short h) {
  unsigned int sign = ((unsigned int)h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  if (e == 0x1fu) return jx_float(sign | 0x7f800000u | (m << 13));
  if (e == 0) {
    float v = (float)m * 5.9604644775390625e-08f;  // m * 2^-24: a normal float
    return sign ? -v : v;
  }
  return jx_float(sign | ((e + 112u) << 23) | (m << 13));
}
JX float jx_f16_round(float x) { return jx_f16_load(jx_f16_bits(x)); }
JX float jx_f16_of_double(double d) { return jx_f16_round(jx_odd_float(d)); }
"""

# Unary float functions: opcode -> C name for float (f-suffixed) and double.
_FLOAT_FUNCTIONS = {"exp": "exp", "expm1": "expm1", "log": "log", "log1p": "log1p",
                    "tanh": "tanh", "sin": "sin", "cos": "cos", "tan": "tan",
                    "sqrt": "sqrt", "cbrt": "cbrt", "erf": "erf"}
_HELPERS = {"round_afz": "jx_round_afz", "is_finite": "jx_isfinite", "is_inf": "jx_isinf",
            "logistic": "jx_logistic", "rsqrt": "jx_rsqrt", "erf_inv": "jx_erf_inv"}
_DIRECTION_OPERATORS = ["==", "!=", ">=", ">", "<=", "<"]


def combine_expression(name: str, acc: str, value: str, code: int) -> str:
    """A reducer (the fusion IR's opcode name: add, mul, max, min, and, or,
    xor) applied to ``acc`` and ``value`` of type ``code``; 16-bit floats
    are rounded after the step, as the CPU rounds each step of a reduction."""
    ctype, kind = _C_TYPES[code]
    if name in ("add", "mul"):
        operator = "+" if name == "add" else "*"
        if code in _HALVES:
            return f"{_HALVES[code][0]}({acc} {operator} {value})"
        if kind == "f":
            return f"{acc} {operator} {value}"
        if kind == "b":
            return f"({ctype})({acc} {'|' if name == 'add' else '&'} {value})"
        return f"({ctype})((jx_u64){acc} {operator} (jx_u64){value})"
    if name in ("max", "min"):
        if kind == "f":
            return f"jx_f{name}({acc}, {value})"
        if kind == "b":
            return f"({ctype})({acc} {'|' if name == 'max' else '&'} {value})"
        return f"({acc} {'>' if name == 'max' else '<'} {value} ? {acc} : {value})"
    if name in ("and", "or", "xor"):
        operator = {"and": "&", "or": "|", "xor": "^"}[name]
        return f"({ctype})({acc} {operator} {value})"
    raise Unsupported(f"reducer {name}")


class _Writer:
    """Spells one decoded program as CUDA C (or host C++)."""

    def __init__(self, program: FusedProgram, opcode_names: dict[int, str],
                 input_types: list[int], input_views: dict | None = None,
                 input_index: dict[int, int] | None = None,
                 scalars: dict[int, str] | None = None):
        self.p = program
        self.names = opcode_names
        self.input_types = input_types
        self.input_views = input_views or {}
        # the program's input -> the kernel's (an epilogue's inputs follow its
        # reduction's), and inputs that are scalar variables (the reduced value)
        self.input_index = input_index or {}
        self.scalars = scalars or {}

    def ctype(self, slot: int) -> str:
        code = self.p.slot_types[slot]
        if code not in _C_TYPES:
            raise Unsupported(f"element type code {code}")
        return _C_TYPES[code][0]

    def kind(self, slot: int) -> str:
        return _C_TYPES[self.p.slot_types[slot]][1]

    def bits(self, slot: int) -> int:
        return _BITS[self.p.slot_types[slot]]

    def constant(self, code: int, bits: int) -> str:
        ctype, kind = _C_TYPES[code]
        if kind == "f":
            (value,) = struct.unpack("<Q", struct.pack("<q", bits))
            return f"(({ctype})jx_double({value}ULL))"
        return f"(({ctype})(jx_i64){bits & (2**64 - 1)}ULL)"

    # -- instructions -----------------------------------------------------------

    def expression(self, instruction: tuple[int, ...]) -> str:
        opcode, aux, dst, a, b, c = instruction
        name = self.names.get(opcode)
        if name is None:
            raise Unsupported(f"opcode {opcode}")
        t = self.ctype(dst)
        kind = self.kind(a)
        x, y, z = f"v{a}", f"v{b}", f"v{c}"
        width = self.bits(a)
        unsigned, signed = _UNSIGNED[width], _SIGNED[width]
        suffix = "f" if self.p.slot_types[a] in (_F16, _BF16, 11) else ""
        if name in _FLOAT_FUNCTIONS:
            if kind != "f":
                raise Unsupported(f"{name} on {kind}")
            return f"{_FLOAT_FUNCTIONS[name]}{suffix}({x})"
        if name == "neg":
            return f"-{x}" if kind == "f" else f"({t})((jx_u64)0 - (jx_u64){x})"
        if name == "abs":
            if kind == "f":
                return f"fabs{suffix}({x})"
            return f"({x} < 0 ? ({t})((jx_u64)0 - (jx_u64){x}) : {x})" if kind == "s" else x
        if name == "sign":
            return f"jx_fsign({x})" if kind == "f" else f"({t})(({x} > 0) - ({x} < 0))"
        if name in ("floor", "ceil", "round_even"):
            if kind != "f":
                raise Unsupported(f"{name} on {kind}")
            return f"jx_{'rint' if name == 'round_even' else name}({x})"
        if name in _HELPERS:  # float helpers of the prelude, result cast to the slot's type
            if kind != "f":
                raise Unsupported(f"{name} on {kind}")
            return f"({t}){_HELPERS[name]}({x})"
        if name == "not":
            return f"({t})({x} ^ 1)" if kind == "b" else f"({t})(~{x})"
        if name == "popcnt":
            return f"({t})jx_popcount((jx_u64)({unsigned}){x})"
        if name == "clz":
            return f"({t})jx_clz((jx_u64)({unsigned}){x}, {width})"
        if name == "square":
            return f"{x} * {x}" if kind == "f" else f"({t})((jx_u64){x} * (jx_u64){x})"
        if name == "copy":
            return x
        if name == "convert":
            return self.convert(a, dst)
        if name in ("add", "sub", "mul"):
            operator = {"add": "+", "sub": "-", "mul": "*"}[name]
            if kind == "f":
                return f"{x} {operator} {y}"
            if kind == "b":
                return {"add": f"({t})({x} | {y})", "mul": f"({t})({x} & {y})",
                        "sub": f"({t})({x} ^ {y})"}[name]
            return f"({t})((jx_u64){x} {operator} (jx_u64){y})"
        if name == "div":
            if kind == "f":
                return f"{x} / {y}"
            return f"jx_sdiv<{t}, jx_u64>({x}, {y})" if kind == "s" else f"jx_udiv<{t}>({x}, {y})"
        if name == "rem":
            if kind == "f":
                return f"fmod{suffix}({x}, {y})"
            return f"jx_srem<{t}>({x}, {y})" if kind == "s" else f"jx_urem<{t}>({x}, {y})"
        if name in ("max", "min"):
            return combine_expression(name, x, y, self.p.slot_types[a])
        if name == "pow":
            if kind == "f":
                return f"pow{suffix}({x}, {y})"
            return f"jx_ipow<{t}>({x}, {y}, {int(kind == 's')})"
        if name == "atan2":
            return f"atan2{suffix}({x}, {y})"
        if name in ("and", "or", "xor"):
            operator = {"and": "&", "or": "|", "xor": "^"}[name]
            return f"({t})({x} {operator} {y})"
        if name in ("shl", "shr_logical", "shr_arith"):
            in_range = (f"({y} >= 0 && {y} < {width})" if kind == "s"
                        else f"({y} < {width}u)")
            if name == "shl":
                return f"({in_range} ? ({t})(({unsigned})(({unsigned}){x} << (int){y})) : ({t})0)"
            if name == "shr_logical":
                return f"({in_range} ? ({t})(({unsigned}){x} >> (int){y}) : ({t})0)"
            return f"({t})(({signed}){x} >> ({in_range} ? (int){y} : {width - 1}))"
        if name == "cmp":
            direction = aux & 7
            if not 0 <= direction < len(_DIRECTION_OPERATORS):
                raise Unsupported(f"compare direction {direction}")
            operator = _DIRECTION_OPERATORS[direction]
            if aux & 8 and kind == "f":  # totalOrder: signed order of the bit patterns
                key = "({s})(({s})jx_bits({v}) ^ ({s})(({u})(({s})jx_bits({v}) >> {w}) >> 1))"
                kx = key.format(s=signed, u=unsigned, v=x, w=width - 1)
                ky = key.format(s=signed, u=unsigned, v=y, w=width - 1)
                return f"({t})({kx} {operator} {ky})"
            return f"({t})({x} {operator} {y})"
        if name == "select":
            return f"({x} ? {y} : {z})"
        if name == "clamp":  # clamp(lo=x, operand=y, hi=z)
            kind = self.kind(b)
            if kind == "f":
                return f"jx_fmin(jx_fmax({y}, {x}), {z})"
            if kind == "b":
                return f"({t})(({y} | {x}) & {z})"
            return (f"(({y} > {x} ? {y} : {x}) < {z} ? ({y} > {x} ? {y} : {x}) : {z})")
        raise Unsupported(f"opcode {name}")

    def convert(self, source: int, dst: int) -> str:
        t, to = self.ctype(dst), self.kind(dst)
        x, frm = f"v{source}", self.kind(source)
        halves = _HALVES.get(self.p.slot_types[dst])
        if halves is not None and self.p.slot_types[source] != self.p.slot_types[dst]:
            round_, _, _, of_double = halves
            if frm == "b" or (frm in "su" and self.bits(source) <= 8):
                return f"(float){x}"  # exact
            if frm == "f" and self.bits(source) == 32:  # float, or the other half type
                return f"{round_}({x})"
            # through double, as the CPU converts (exact for 16/32-bit integers)
            return f"{of_double}((double){x})"
        if to == "b":
            return f"({t})({x} != 0)"
        if frm == "f" and to in "su":
            width = self.bits(dst)
            if to == "s":
                low, high = -(2 ** (width - 1)), 2 ** (width - 1) - 1
            else:
                low, high = 0, 2 ** width - 1
            low_literal = f"(({t})(jx_i64){low & (2**64 - 1)}ULL)"
            high_literal = f"(({t})(jx_i64){high & (2**64 - 1)}ULL)"
            return (f"jx_to_int<{t}>((double){x}, {float(low)!r}, {float(high + 1)!r}, "
                    f"{low_literal}, {high_literal})")
        return f"({t}){x}"

    def combine(self, acc: str, value: str, code: int) -> str:
        """The reducer applied to ``acc`` and ``value`` of type ``code``."""
        return combine_expression(self.names[self.p.reducer], acc, value, code)

    # -- the kernel ----------------------------------------------------------------

    def body(self, coords: list[str], indent: str, arguments: bool = False) -> list[str]:
        """Statements computing every slot for one domain element; with
        ``arguments``, inputs are the scalars ``a0``, ``a1``, ... (a region
        body's block arguments, in their computing types)."""
        lines = []
        for slot, kind, arg, strides in self.p.loads:
            t = self.ctype(slot)
            offset = " + ".join(f"{c} * {s}" if s != 1 else c
                                for c, s in zip(coords, strides) if s != 0) or "0"
            halves = _HALVES.get(self.p.slot_types[slot])
            if kind == 0 and arguments:
                lines.append(f"{t} v{slot} = a{arg};")
            elif kind == 0 and arg in self.scalars:
                lines.append(f"{t} v{slot} = {self.scalars[arg]};")
            elif kind == 0:
                number = self.input_index.get(arg, arg)
                if number in self.input_views:  # a strided view: its offset, not a copy
                    offset = f"jx_view{number}({offset})"
                element = f"in{number}[{offset}]"
                if halves:
                    element = f"{halves[1]}({element})"
                lines.append(f"{t} v{slot} = {element};")
            elif kind == 1:
                lines.append(f"{t} v{slot} = {self.constant(self.p.slot_types[slot], arg)};")
            elif kind == 2:
                value = (f"{halves[3]}((double)({offset}))" if halves
                         else f"({t})({offset})")
                lines.append(f"{t} v{slot} = {value};")
            else:
                raise Unsupported(f"load kind {kind}")
        for instruction in self.p.instructions:
            dst = instruction[2]
            expression = self.expression(instruction)
            name = self.names.get(instruction[0])
            halves = _HALVES.get(self.p.slot_types[dst])
            if halves and name not in _EXACT_ON_HALVES and name != "convert":
                expression = f"{halves[0]}((float)({expression}))"  # (converts round there)
            lines.append(f"{self.ctype(dst)} v{dst} = {expression};")
        return [indent + line for line in lines]

    def store(self, slot: int) -> str:
        """Slot ``slot``'s value as its type is stored."""
        halves = _HALVES.get(self.p.slot_types[slot])
        return f"{halves[2]}(v{slot})" if halves else f"v{slot}"


def _view_function(arg: int, shape: tuple[int, ...], strides: tuple[int, ...]) -> list[str]:
    """jx_view{arg}: the element offset in a strided view of the element at
    a row-major linear index of its shape."""
    lines = [f"JX jx_i64 jx_view{arg}(jx_i64 l) {{", "  jx_i64 o = 0;"]
    for k in range(len(shape) - 1, -1, -1):
        if shape[k] == 1:
            continue
        if k == 0:
            lines.append(f"  o += l * {strides[k]}LL;")
        else:
            lines.append(f"  o += (l % {shape[k]}) * {strides[k]}LL; l /= {shape[k]};")
    lines += ["  return o;", "}"]
    return lines


@dataclass(frozen=True)
class UpdateWindow:
    """An output of an elementwise fused program written into the window of
    an in-place dynamic_update_slice (a scan's stacked result, a row per
    iteration) instead of an array of its own: the operand of ``shape`` is
    written where the update of shape ``window`` goes, at start indices of
    types ``start_codes`` read from device scalars."""

    output: int  # the IR's output stored there
    shape: tuple[int, ...]
    window: tuple[int, ...]
    start_codes: tuple[int, ...]


def _window_store(n: int, w: UpdateWindow, value: str) -> list[str]:
    """Statements storing ``value`` (the item ``i``'s, i.e. the update's
    element ``i`` in row-major order) into window ``n``'s array ``w{n}`` at the
    clamped starts ``w{n}s{k}[0]`` (locals named w{n}..., apart from the
    item's own)."""
    lines = ["  {", f"  jx_i64 w{n}r = i;"]
    for k in range(len(w.window) - 1, -1, -1):
        size = max(w.window[k], 1)
        lines.append(f"  jx_i64 w{n}c{k} = w{n}r % {size}; w{n}r /= {size};")
    lines += _clamped_starts(w.shape, w.window, w.start_codes, f"w{n}")
    at = _linear(w.shape, [f"w{n}c{k} + w{n}st{k}" for k in range(len(w.shape))])
    return lines + [f"  w{n}[{at}] = {value};", "  }"]


def generate(code: list[int], opcode_names: dict[int, str], input_types: list[int],
             target: str = "cuda", input_views: dict | None = None,
             stores: list[tuple[int, tuple[int, ...]]] | None = None,
             epilogue: Epilogue | None = None,
             windows: list[UpdateWindow] | None = None,
             prologue: Prologue | None = None) -> tuple[str, str, dict]:
    """(source, kernel name, launch facts) of one fused group's IR.

    Launch facts: ``elements`` (work items: domain elements, or outputs of
    a reduction), ``threads_per_item`` (32 or 256 when a warp or a block
    reduces each output; blocks are 256 threads), ``index`` (the index type).
    ``stores``: the kernel's outputs, each (0, (j,)) for the IR's output j
    stored as it is, or (P, (j0, j1, ...)) for the concatenation of outputs
    j0, j1, ... of one shape along the dimension whose elements and all after
    it number P per outer index (an elementwise group writing a
    concatenate's result: no copy after it). By default every output as it
    is. ``epilogue``: an elementwise program a reduction's kernel runs on
    each reduced value (Epilogue). ``windows``: outputs also written into the
    windows of in-place updates (UpdateWindow); their arrays and start
    scalars are parameters after the inputs: w0, w0s0.., w1, ... ``prologue``:
    the elementwise program computing one of a reduction's inputs, run in the
    reduction's loop (Prologue): the kernel's inputs are then the reduction's
    others, then the prologue's; its outputs the reduction's, then the
    prologue's stored ones."""
    p = decode(code)
    # input index -> (shape, element strides) of inputs read through their strides
    views = input_views or {}
    if prologue is not None:
        if p.reducer < 0 or views or windows or stores is not None or \
                not 0 <= prologue.read < len(input_types):
            raise Unsupported("a prologue of anything but a reduction")
        others = [j for j in range(len(input_types)) if j != prologue.read]
        writer = _Writer(p, opcode_names, input_types, {},
                         {j: k for k, j in enumerate(others)}, {prologue.read: "pv"})
    else:
        writer = _Writer(p, opcode_names, input_types, views)
    nd = len(p.dims)
    for _, kind, arg, _ in p.loads:
        if kind == 0 and not 0 <= arg < len(input_types):
            raise Unsupported(f"input {arg} of {len(input_types)}")
    reduces = p.reducer >= 0
    domain = 1
    for d in p.dims:
        domain *= d
    if stores is None:
        stores = [(0, (j,)) for j in range(len(p.outputs))]
    elif reduces and any(block for block, _ in stores):
        raise Unsupported("a reduction storing a concatenation")
    widest = max((len(parts) for _, parts in stores), default=1)
    index = "int" if max(domain * widest, 1) < 2**31 - 1 else "long long"
    out_types = [p.slot_types[p.outputs[parts[0]]] for _, parts in stores]
    # a reduction's outputs: sibling sums of one domain, each its own accumulator
    sums = len(p.outputs) if reduces else 0
    if reduces and len({p.slot_types[s] for s in p.outputs}) != 1:
        raise Unsupported("sibling reductions of different types")
    pro_lines: list[str] = []
    if prologue is not None:  # (an epilogue's inputs then count from the value's removal)
        read_code = input_types[prologue.read]
        input_types = [t for j, t in enumerate(input_types) if j != prologue.read]
    finish: list[str] = []
    if epilogue is not None:
        if not reduces or sums != 1:
            raise Unsupported("an epilogue without a reduction, or of several")
        finish, input_types, out_types = _epilogue_function(
            epilogue, p, opcode_names, input_types, out_types, views, index)
    if prologue is not None:
        pro_lines, input_types, out_types, read_offset, value_t = _prologue_function(
            prologue, p, opcode_names, input_types, out_types, read_code)
    windows = windows or []
    if windows and (reduces or epilogue is not None):
        raise Unsupported("a reduction writing into an update's window")
    window_params: list[tuple[str, str]] = []  # (declaration, name)
    for n, w in enumerate(windows):
        if len(w.shape) != len(w.window) or len(w.start_codes) != len(w.shape) or \
                _size(w.window) != domain:
            raise Unsupported("an update window other than the group's domain")
        window_params.append((f"{storage_ctype(p.slot_types[p.outputs[w.output]])}* "
                              f"__restrict__ w{n}", f"w{n}"))
        window_params += [(f"const {_C_TYPES[c][0]}* __restrict__ w{n}s{k}", f"w{n}s{k}")
                          for k, c in enumerate(w.start_codes)]
    params = [f"const {storage_ctype(t)}* __restrict__ in{i}" for i, t in enumerate(input_types)]
    params += [declaration for declaration, _ in window_params]
    params += [f"{storage_ctype(t)}* __restrict__ out{i}" for i, t in enumerate(out_types)]
    args = ", ".join([f"in{i}" for i in range(len(input_types))] +
                     [name for _, name in window_params] +
                     [f"out{i}" for i in range(len(out_types))])
    coords = [f"c{k}" for k in range(nd)]
    lines: list[str] = []
    for arg, (shape, strides) in sorted(views.items()):
        lines += _view_function(arg, tuple(shape), tuple(strides))
    strategy = "thread"
    if not reduces:
        lines.append(f"JX void jx_item({index} i, {', '.join(params)}) {{")
        lines.append(f"  {index} r = i;")
        for k in range(nd - 1, -1, -1):
            if k == 0:
                lines.append(f"  {index} c0 = r;")
            else:
                lines.append(f"  {index} c{k} = r % {p.dims[k]}; r /= {p.dims[k]};")
        lines += writer.body(coords, "  ")
        for n, (block, parts) in enumerate(stores):
            if not block:
                lines.append(f"  out{n}[i] = {writer.store(p.outputs[parts[0]])};")
                continue
            lines.append(f"  {{ {index} o = i / {block}, w = i - o * {block};")
            lines += [f"    out{n}[o * {len(parts) * block} + {k * block} + w] = "
                      f"{writer.store(p.outputs[j])};" for k, j in enumerate(parts)]
            lines.append("  }")
        for n, w in enumerate(windows):
            lines += _window_store(n, w, writer.store(p.outputs[w.output]))
        lines.append("}")
        items = domain
    else:
        begin, end = p.reduce_begin, p.reduce_end
        reduced = p.dims[begin:end]
        extent = 1
        for d in reduced:
            extent *= d
        kept = [k for k in range(nd) if not begin <= k < end]
        items = 1
        for k in kept:
            items *= p.dims[k]
        acc_code = p.slot_types[p.outputs[0]]  # (the outputs may be an epilogue's)
        acc_t = _C_TYPES[acc_code][0]
        init = writer.constant(acc_code, p.init_bits)
        if target == "cuda":
            strategy = reduction_strategy(items, extent, end == nd)
        lines += [line.replace("JX_PRO_PARAMS", ", ".join(params)) for line in pro_lines]
        lines.append(f"JX void jx_partial({index} o, {index} first, {index} step, "
                     f"{', '.join(params)}, {acc_t}* acc) {{")
        lines.append(f"  {index} r = o;")
        for k in reversed(kept):
            if k == kept[0]:
                lines.append(f"  {index} c{k} = r;")
            else:
                lines.append(f"  {index} c{k} = r % {p.dims[k]}; r /= {p.dims[k]};")
        lines += [f"  acc[{k}] = {init};" for k in range(sums)]
        lines.append(f"  for ({index} j = first; j < {extent}; j += step) {{")
        lines.append(f"    {index} q = j;")
        for k in range(end - 1, begin - 1, -1):
            if k == begin:
                lines.append(f"    {index} c{k} = q;")
            else:
                lines.append(f"    {index} c{k} = q % {p.dims[k]}; q /= {p.dims[k]};")
        if prologue is not None:  # the value at this element, its producer's outputs stored
            offset = " + ".join(f"{c} * {st}LL" for c, st in zip(coords, read_offset) if st)
            lines.append(f"    {value_t} pv = jx_pro((jx_i64)({offset or '0'}), {args});")
        lines += writer.body(coords, "    ")
        lines += [f"    acc[{k}] = {writer.combine(f'acc[{k}]', f'v{slot}', acc_code)};"
                  for k, slot in enumerate(p.outputs)]
        lines.append("  }")
        lines.append("}")
        if finish:
            lines += [line.replace("JX_FINISH_PARAMS", ", ".join(params)) for line in finish]
    source_body = "\n".join(lines)
    # The name is filled in once the whole source is known: it hashes the
    # wrapper too (a reduction into float16 and one into bfloat16 can share
    # their body and differ only in how the wrapper stores the result).
    name = "JX_KERNEL_NAME"
    wrapper: list[str] = []
    n_param = f"{index} n"

    def as_stored(value: str) -> str:  # a reduction's value as its output stores it
        halves = _HALVES.get(p.slot_types[p.outputs[0]]) if reduces else None
        return f"{halves[2]}({value})" if halves else value

    def finished(o: str, outputs: list[str], call_args: str) -> str:
        """The statements ending output ``o`` of a reduction from its
        accumulators ``acc``: their stores, or the epilogue's function."""
        if finish:
            return f"jx_finish({o}, acc[0], {call_args});"
        return " ".join(f"{out}[{o}] = {as_stored(f'acc[{k}]')};"
                        for k, out in enumerate(outputs))

    accumulators = f"{acc_t if reduces else ''} acc[{max(sums, 1)}];"
    outs = [f"out{k}" for k in range(sums)]

    if target == "cuda":
        wrapper.append(f'extern "C" __global__ void {name}({", ".join(params)}, {n_param}) {{')
        if not reduces:
            wrapper.append(f"  for ({index} i = ({index})blockIdx.x * blockDim.x + threadIdx.x; "
                           f"i < n; i += ({index})blockDim.x * gridDim.x)")
            wrapper.append(f"    jx_item(i, {args});")
        elif strategy == "thread":
            wrapper.append(f"  for ({index} o = ({index})blockIdx.x * blockDim.x + threadIdx.x; "
                           f"o < n; o += ({index})blockDim.x * gridDim.x) {{")
            wrapper.append(f"    {accumulators} jx_partial(o, 0, 1, {args}, acc);")
            wrapper.append(f"    {finished('o', outs, args)}")
            wrapper.append("  }")
        else:
            shuffled = {"b": "int", "s": "int", "u": "unsigned int"}.get(
                _C_TYPES[acc_code][1], acc_t)
            if _BITS[acc_code] == 64:
                shuffled = acc_t
            reduce_warp = []
            for k in range(sums):
                reduce_warp += [
                    "    for (int width = 16; width > 0; width >>= 1) {",
                    f"      {acc_t} other = ({acc_t})__shfl_down_sync(0xffffffffu, "
                    f"({shuffled})acc[{k}], width);",
                    f"      acc[{k}] = {writer.combine(f'acc[{k}]', 'other', acc_code)};",
                    "    }"]
            wrapper.append("  int lane = threadIdx.x & 31;")
            if strategy == "warp":
                wrapper.append(f"  {index} warps = ({index})blockDim.x * gridDim.x / 32;")
                wrapper.append(f"  for ({index} o = (({index})blockIdx.x * blockDim.x + "
                               "threadIdx.x) / 32; o < n; o += warps) {")
                wrapper.append(f"    {accumulators} jx_partial(o, lane, 32, {args}, acc);")
                wrapper += reduce_warp
                wrapper.append(f"    if (lane == 0) {{ {finished('o', outs, args)} }}")
                wrapper.append("  }")
            else:  # a block per output: warps, then the warps' partial results
                warps = _BLOCK // 32
                wrapper.append(f"  __shared__ {acc_t} partial[{sums * warps}];")
                wrapper.append("  int warp = threadIdx.x >> 5;")
                wrapper.append(f"  for ({index} o = blockIdx.x; o < n; o += gridDim.x) {{")
                wrapper.append(f"    {accumulators} jx_partial(o, threadIdx.x, {_BLOCK}, "
                               f"{args}, acc);")
                wrapper += reduce_warp
                wrapper.append("    if (lane == 0) { " + " ".join(
                    f"partial[{k * warps} + warp] = acc[{k}];" for k in range(sums)) + " }")
                wrapper.append("    __syncthreads();")
                wrapper.append("    if (warp == 0) {")
                wrapper += [f"      acc[{k}] = lane < {warps} ? partial[{k * warps} + lane] : "
                            f"{init};" for k in range(sums)]
                wrapper += ["  " + line for line in reduce_warp]
                wrapper.append(f"      if (lane == 0) {{ {finished('o', outs, args)} }}")
                wrapper.append("    }")
                wrapper.append("    __syncthreads();")
                wrapper.append("  }")
        wrapper.append("}")
    else:
        wrapper.append(f'extern "C" void {name}(void** in, void** out, {n_param}) {{')
        casts = [f"(const {storage_ctype(t)}*)in[{i}]" for i, t in enumerate(input_types)]
        casts += [f"({declaration.rsplit('*', 1)[0]}*)in[{len(input_types) + k}]"
                  for k, (declaration, _) in enumerate(window_params)]
        casts += [f"({storage_ctype(t)}*)out[{i}]" for i, t in enumerate(out_types)]
        wrapper.append(f"  for ({index} i = 0; i < n; ++i)")
        if not reduces:
            wrapper.append(f"    jx_item(i, {', '.join(casts)});")
        else:
            wrapper.append(f"  {{ {accumulators} jx_partial(i, 0, 1, {', '.join(casts)}, acc);")
            wrapper.append("    " + finished("i", [f"(({storage_ctype(acc_code)}*)out[{k}])"
                                                   for k in range(sums)],
                                             ", ".join(casts)) + " }")
        wrapper.append("}")
    kernel = "\n".join(wrapper)
    digest = hashlib.sha1((target + strategy + source_body + kernel).encode()).hexdigest()[:16]
    name = f"jx_fused_{digest}"
    source = PRELUDE + "\n" + source_body + "\n" + kernel.replace("JX_KERNEL_NAME", name) + "\n"
    threads = {"thread": 1, "warp": 32, "block": _BLOCK}[strategy]
    return source, name, {"elements": items, "threads_per_item": threads, "index": index}


@dataclass(frozen=True)
class Epilogue:
    """An elementwise fused program run on each value a reduction produces,
    in the reduction's kernel (XLA's reduction epilogue fusion: a layer
    norm's statistics, an accumulated bias gradient): its domain has the
    reduction's output elements, which it reads at its own index."""

    code: tuple[int, ...]  # its fusion IR
    input_types: tuple[int, ...]  # element codes of its inputs
    reduced: int  # its input that is the reduction's value
    keep_reduced: bool  # whether the reduction's value is stored too
    first_input: int  # the kernel's input its other inputs start at, in order


def _epilogue_function(epilogue: Epilogue, reduction: FusedProgram,
                       opcode_names: dict[int, str], input_types: list[int],
                       out_types: list[int], views: dict, index: str
                       ) -> tuple[list[str], list[int], list[int]]:
    """(lines of ``jx_finish(o, acc, ...)``, its parameters JX_FINISH_PARAMS;
    the kernel's input and output types): the epilogue's other inputs are
    the kernel's from ``first_input`` on, its outputs follow the reduced
    value's (when kept)."""
    e = decode(list(epilogue.code))
    if e.reducer >= 0:
        raise Unsupported("a reduction as an epilogue")
    acc_code = reduction.slot_types[reduction.outputs[0]]
    if acc_code in _HALVES or epilogue.input_types[epilogue.reduced] != acc_code:
        raise Unsupported("an epilogue of a 16-bit or converted reduction")
    identity = []
    stride = 1
    for d in reversed(e.dims):
        identity.insert(0, stride if d != 1 else 0)
        stride *= d
    kept = 1  # the reduction's outputs: the epilogue's domain has as many elements
    for k, d in enumerate(reduction.dims):
        if not reduction.reduce_begin <= k < reduction.reduce_end:
            kept *= d
    if stride != kept:
        raise Unsupported("an epilogue over another domain than its reduction's outputs")
    for _, kind, arg, strides in e.loads:
        if kind == 0 and arg == epilogue.reduced and \
                [s for s, d in zip(strides, e.dims) if d != 1] != \
                [s for s, d in zip(identity, e.dims) if d != 1]:
            raise Unsupported("an epilogue reading the reduction elsewhere than its index")
    others = [j for j in range(len(epilogue.input_types)) if j != epilogue.reduced]
    input_index = {j: epilogue.first_input + k for k, j in enumerate(others)}
    if [input_types[input_index[j]] for j in others] != \
            [epilogue.input_types[j] for j in others]:
        raise Unsupported("an epilogue's inputs not after its reduction's")
    first_out = 1 if epilogue.keep_reduced else 0
    e_types = [e.slot_types[s] for s in e.outputs]
    out_types = (out_types[:1] if epilogue.keep_reduced else []) + e_types
    e_views = {j: views[k] for j, k in input_index.items() if k in views}
    writer = _Writer(e, opcode_names, list(epilogue.input_types),
                     {input_index[j]: v for j, v in e_views.items()}, input_index,
                     {epilogue.reduced: "acc"})
    acc_t = _C_TYPES[acc_code][0]
    lines = [f"JX void jx_finish({index} o, {acc_t} acc, JX_FINISH_PARAMS) {{"]
    if epilogue.keep_reduced:
        lines.append("  out0[o] = acc;")
    lines.append(f"  {index} r = o;")
    nd = len(e.dims)
    for k in range(nd - 1, -1, -1):
        if k == 0:
            lines.append(f"  {index} c0 = r;")
        else:
            lines.append(f"  {index} c{k} = r % {e.dims[k]}; r /= {e.dims[k]};")
    lines += writer.body([f"c{k}" for k in range(nd)], "  ")
    lines += [f"  out{first_out + n}[o] = {writer.store(slot)};"
              for n, slot in enumerate(e.outputs)]
    lines.append("}")
    return lines, input_types, out_types


@dataclass(frozen=True)
class Prologue:
    """The elementwise program computing a reduction's input, run inside
    the reduction's loop at each element the reduction reads (XLA's
    multi-output fusion of a reduction with its producer): the producer's
    results read elsewhere are stored there too, so it needs no kernel of its
    own. The reduction reads the value element for element (a permutation of
    its row-major layout), so each element is computed and stored once."""

    code: tuple[int, ...]  # the producer's fusion IR
    input_types: tuple[int, ...]  # element codes of its inputs
    value: int  # the producer's output the reduction reads
    read: int  # the reduction's input that is that value
    stored: tuple[int, ...]  # the producer's outputs stored (read elsewhere)


def _prologue_function(prologue: Prologue, reduction: FusedProgram,
                       opcode_names: dict[int, str], input_types: list[int],
                       out_types: list[int], read_code: int
                       ) -> tuple[list[str], list[int], list[int], list[int], str]:
    """(lines of ``jx_pro(i, JX_PRO_PARAMS)``: the producer at its element
    ``i``, storing its stored outputs and returning the value the reduction
    reads; the kernel's input and output types, the producer's appended to
    ``input_types`` and ``out_types`` (the kernel's without the value); the
    reduction's strides of that value per coordinate; the value's C type)."""
    e = decode(list(prologue.code))
    if e.reducer >= 0:
        raise Unsupported("a reduction as a prologue")
    size = 1
    for d in e.dims:
        size *= d
    read = [strides for _, kind, arg, strides in reduction.loads
            if kind == 0 and arg == prologue.read]
    if not read or any(list(r) != list(read[0]) for r in read):
        raise Unsupported("a prologue's value read at several places")
    pairs = sorted(((st, d) for st, d in zip(read[0], reduction.dims) if d != 1),
                   reverse=True)
    extent = 1
    for st, d in reversed(pairs):  # row-major in some order: each element once
        if st != extent:
            raise Unsupported("a prologue's value read other than element for element")
        extent *= d
    if extent != size:
        raise Unsupported("a prologue over another domain than its reduction's")
    value_code = e.slot_types[e.outputs[prologue.value]]
    if read_code != value_code or value_code not in _C_TYPES:
        raise Unsupported("a prologue's value converted on its way")
    first = len(input_types)
    kernel_inputs = list(input_types) + list(prologue.input_types)
    first_out = len(out_types)
    out_types = list(out_types) + [e.slot_types[e.outputs[j]] for j in prologue.stored]
    writer = _Writer(e, opcode_names, list(prologue.input_types), {},
                     {j: first + j for j in range(len(prologue.input_types))})
    value_t = _C_TYPES[value_code][0]
    lines = [f"JX {value_t} jx_pro(jx_i64 i, JX_PRO_PARAMS) {{", "  jx_i64 r = i;"]
    nd = len(e.dims)
    for k in range(nd - 1, -1, -1):
        if k == 0:
            lines.append("  jx_i64 c0 = r;")
        else:
            lines.append(f"  jx_i64 c{k} = r % {e.dims[k]}; r /= {e.dims[k]};")
    lines += writer.body([f"c{k}" for k in range(nd)], "  ")
    lines += [f"  out{first_out + n}[i] = {writer.store(e.outputs[j])};"
              for n, j in enumerate(prologue.stored)]
    lines += [f"  return v{e.outputs[prologue.value]};", "}"]
    return lines, kernel_inputs, out_types, list(read[0]), value_t


# -- dynamic slices ---------------------------------------------------------------------

# Elements are moved as raw bits: a C type per element size.
_RAW = {1: "unsigned char", 2: "unsigned short", 4: "unsigned int", 8: "unsigned long long",
        16: "jx_raw16"}
_RAW_PRELUDE = "struct jx_raw16 { unsigned long long lo, hi; };\n"


def _clamped_starts(shape: tuple[int, ...], window: tuple[int, ...],
                    start_codes: Sequence[int], prefix: str = "") -> list[str]:
    """Statements setting {prefix}st{k}: each start index read from its
    device scalar {prefix}s{k} and clamped into [0, dim - window] as the spec
    says (unsigned starts compared as unsigned, so no 64-bit start wraps)."""
    lines = []
    for k, (dim, size, code) in enumerate(zip(shape, window, start_codes)):
        high = dim - size
        kind = _C_TYPES[code][1]
        u, v, st, s = (f"{prefix}{name}{k}" for name in ("u", "v", "st", "s"))
        if kind == "u":
            lines.append(f"  jx_u64 {u} = (jx_u64){s}[0];")
            lines.append(f"  jx_i64 {st} = {u} > {high}ULL ? {high}LL : (jx_i64){u};")
        elif kind == "s":
            lines.append(f"  jx_i64 {v} = (jx_i64){s}[0];")
            lines.append(f"  jx_i64 {st} = {v} < 0 ? 0 : ({v} > {high}LL ? {high}LL : {v});")
        else:
            raise Unsupported(f"start index type code {code}")
    return lines


def _coords(shape: tuple[int, ...], index: str) -> list[str]:
    lines = [f"  jx_i64 r = {index};"]
    for k in range(len(shape) - 1, -1, -1):
        lines.append(f"  jx_i64 c{k} = r % {max(shape[k], 1)}; r /= {max(shape[k], 1)};")
    return lines


def _linear(shape: tuple[int, ...], terms: list[str]) -> str:
    expression = "0"
    for size, term in zip(shape, terms):
        expression = f"({expression}) * {size} + ({term})"
    return expression


def _wrap(name: str, body: list[str], params: list[str], args: list[str],
          casts: list[str], elements: int, target: str, helpers: str = "") -> str:
    """The kernel ``name`` running ``body`` (item ``i``) for ``elements``
    items; ``helpers`` are C functions the body calls."""
    index = "int" if elements < 2**31 - 1 else "long long"
    lines = [helpers, f"JX void jx_item(jx_i64 i, {', '.join(params)}) {{", *body, "}"]
    if target == "cuda":
        lines += [f'extern "C" __global__ void {name}({", ".join(params)}, {index} n) {{',
                  f"  for ({index} i = ({index})blockIdx.x * blockDim.x + threadIdx.x; "
                  f"i < n; i += ({index})blockDim.x * gridDim.x)",
                  f"    jx_item(i, {', '.join(args)});", "}"]
    else:
        lines += [f'extern "C" void {name}(void** in, void** out, {index} n) {{',
                  f"  for ({index} i = 0; i < n; ++i) jx_item(i, {', '.join(casts)});", "}"]
    return PRELUDE + _RAW_PRELUDE + "\n".join(lines) + "\n"


def _named(kind: str, body: list[str], target: str) -> str:
    digest = hashlib.sha1((kind + target + "\n".join(body)).encode()).hexdigest()[:16]
    return f"jx_{kind}_{digest}"


@dataclass(frozen=True)
class SlicePart:
    """Sibling slices of one family kernel that share a shape: ``count``
    operands of ``shape`` (elements of ``item_bytes``) sliced, or updated, at
    the kernel's starts by a window of ``window`` (a dynamic_slice's sizes, a
    dynamic_update_slice's update shape)."""

    shape: tuple[int, ...]
    window: tuple[int, ...]
    item_bytes: int
    count: int = 1
    # Updates written into their operands' buffers (a loop's carried arrays
    # that nothing else reads): a thread per update element, no result array.
    in_place: bool = False


def _slice_items(kind: str, part: SlicePart) -> int:
    """Threads of a part: one per result element (per update element in place)."""
    return _size(part.window if kind == "dynamic_slice" or part.in_place else part.shape)


def _slice_part_body(kind: str, part: SlicePart, start_codes: list[int], first: int,
                     index: str) -> list[str]:
    """Statements computing a part's results for its item ``index``; its
    arrays are numbered from ``first`` (x, then upd for updates, then out)."""
    rank = len(part.shape)
    arrays = range(first, first + part.count)
    body = _clamped_starts(part.shape, part.window, start_codes)
    if kind == "dynamic_slice":
        body += _coords(part.window, index)
        source_index = _linear(part.shape, [f"c{k} + st{k}" for k in range(rank)])
        body.append(f"  jx_i64 from = {source_index};")
        return body + [f"  out{a}[{index}] = x{a}[from];" for a in arrays]
    if part.in_place:
        body += _coords(part.window, index)
        target_index = _linear(part.shape, [f"c{k} + st{k}" for k in range(rank)])
        body.append(f"  jx_i64 to = {target_index};")
        return body + [f"  x{a}[to] = upd{a}[{index}];" for a in arrays]
    body += _coords(part.shape, index)
    inside = " && ".join(f"c{k} >= st{k} && c{k} < st{k} + {part.window[k]}"
                         for k in range(rank)) or "1"
    update_index = _linear(part.window, [f"c{k} - st{k}" for k in range(rank)])
    body.append(f"  int inside = {inside};")
    body.append(f"  jx_i64 at = inside ? {update_index} : 0;")
    return body + [f"  out{a}[{index}] = inside ? upd{a}[at] : x{a}[{index}];" for a in arrays]


def slice_family(kind: str, parts: list[SlicePart], start_codes: list[int],
                 target: str = "cuda") -> tuple[str, str, int]:
    """(source, name, threads) of one kernel running sibling dynamic_slices
    (``kind`` "dynamic_slice") or dynamic_update_slices at the same start
    scalars: a thread per result element of every part, the parts' items one
    after the other (a part's threads take its branch). Inputs: every
    operand (x0..), for updates every update (upd0..), then the starts;
    outputs out0.. in the same order, but none for updates in place (their
    operands are written). One thread per element, no copy first: an update
    writes its result whole (in place: its window only)."""
    arrays: list[tuple[str, str]] = []  # (name, element type), const unless written
    updates: list[tuple[str, str]] = []
    outputs: list[tuple[str, str]] = []
    written: set[str] = set()
    body: list[str] = []
    first, offset = 0, 0
    for number, part in enumerate(parts):
        element = _raw_element(part.item_bytes)
        members = range(first, first + part.count)
        arrays += [(f"x{a}", element) for a in members]
        updates += [(f"upd{a}", element) for a in members]
        if part.in_place:
            written.update(f"x{a}" for a in members)
        else:
            outputs += [(f"out{a}", element) for a in members]
        items = _slice_items(kind, part)
        if len(parts) == 1:
            body = _slice_part_body(kind, part, start_codes, first, "i")
        else:
            condition = f"i < {offset + items}" if number < len(parts) - 1 else ""
            keyword = "if" if number == 0 else ("} else if" if condition else "} else")
            body.append(f"  {keyword}{f' ({condition})' if condition else ''} {{")
            body.append(f"  jx_i64 j = i - {offset};")
            body += _slice_part_body(kind, part, start_codes, first, "j")
        first += part.count
        offset += items
    if len(parts) > 1:
        body.append("  }")
    starts = [(f"s{k}", _C_TYPES[c][0]) for k, c in enumerate(start_codes)]
    inputs = arrays + (updates if kind == "dynamic_update_slice" else []) + starts
    qualifier = {a: "" if a in written else "const " for a, _ in inputs}
    params = [f"{qualifier[a]}{t}* __restrict__ {a}" for a, t in inputs]
    params += [f"{t}* __restrict__ {a}" for a, t in outputs]
    args = [a for a, _ in inputs] + [a for a, _ in outputs]
    casts = [f"({qualifier[a]}{t}*)in[{i}]" for i, (a, t) in enumerate(inputs)]
    casts += [f"({t}*)out[{k}]" for k, (_, t) in enumerate(outputs)]
    name = _named(kind, body + params, target)
    return _wrap(name, body, params, args, casts, offset, target), name, offset


def _raw_element(item_bytes: int) -> str:
    element = _RAW.get(item_bytes)
    if element is None:
        raise Unsupported(f"{item_bytes}-byte elements")
    return element


def _size(shape: tuple[int, ...]) -> int:
    elements = 1
    for size in shape:
        elements *= size
    return elements


def dynamic_slice(shape: tuple[int, ...], sizes: tuple[int, ...], item_bytes: int,
                  start_codes: list[int], target: str = "cuda", count: int = 1
                  ) -> tuple[str, str, int]:
    """(source, name, elements) of a dynamic_slice kernel: one thread per
    result element reads the operand at its coordinates plus the clamped
    starts; with ``count``, as many operands of that shape sliced at the same
    starts (inputs x0.., outputs out0..)."""
    return slice_family("dynamic_slice", [SlicePart(shape, sizes, item_bytes, count)],
                        start_codes, target)


def dynamic_update_slice(shape: tuple[int, ...], update: tuple[int, ...], item_bytes: int,
                         start_codes: list[int], target: str = "cuda", count: int = 1,
                         in_place: bool = False) -> tuple[str, str, int]:
    """(source, name, elements) of a dynamic_update_slice kernel: one thread
    per result element takes the update inside the clamped window, the
    operand elsewhere; with ``count``, as many operand/update pairs of those
    shapes at the same starts (inputs x0.., then upd0.., outputs out0..).
    ``in_place``: a thread per update element writes it into the operand."""
    return slice_family("dynamic_update_slice",
                        [SlicePart(shape, update, item_bytes, count, in_place)],
                        start_codes, target)


# -- LU pivots to a permutation ---------------------------------------------------------


def lu_pivots_to_permutation(pivots: int, size: int, count: int,
                             target: str = "cuda") -> tuple[str, str]:
    """(source, name) of the kernel turning ``count`` rows of ``pivots``
    0-based row swaps (int32, applied in order) into permutations of
    0..``size``-1 (int32): one thread per row. A pivot outside [0, size) swaps
    nothing, as CUDA's kernel does."""
    params = ["const int* __restrict__ piv", "int* __restrict__ out0"]
    body = [f"  const int* p = piv + i * {pivots};",
            f"  int* q = out0 + i * {size};",
            f"  for (int r = 0; r < {size}; ++r) q[r] = r;",
            f"  for (int r = 0; r < {pivots}; ++r) {{",
            "    int j = p[r];",
            f"    if (j >= 0 && j < {size}) {{ int t = q[r]; q[r] = q[j]; q[j] = t; }}",
            "  }"]
    name = _named("lu_pivots_to_permutation", body, target)
    return _wrap(name, body, params, ["piv", "out0"], ["(const int*)in[0]", "(int*)out[0]"],
                 count, target), name


# The machine constants of the perturbed tridiagonal solve by real type:
# epsilon and LAPACK's safe minimum (xLAMCH('S'), the smallest normal number
# for both types).
_REAL_LIMITS = {"float": (2.0**-23, 2.0**-126), "double": (2.0**-52, 2.0**-1022)}
# The element types it takes: (C type, its real type).
TRIDIAGONAL_TYPES = {"float": ("float", "float"), "double": ("double", "double"),
                     "complex64": ("jx_cplx", "float"), "complex128": ("jx_cplx", "double")}


def _real_literal(value: float, c_type: str) -> str:
    return f"{value!r}f" if c_type == "float" else repr(value)


def _scalar_helpers(t: str, r: str) -> str:
    """What the perturbed solve asks of its element type ``t`` (real type
    ``r``): jx_abs, jx_real, jx_is_zero, jx_zero, and for complex values a
    struct with the arithmetic it uses (division by Smith's algorithm; the
    CPU's std::complex rounds a little differently)."""
    if t == r:
        return "\n".join([
            f"JX {r} jx_abs({r} a) {{ return fabs(a); }}",
            f"JX {r} jx_real({r} a) {{ return a; }}",
            f"JX bool jx_is_zero({r} a) {{ return a == 0; }}",
            f"JX {r} jx_zero() {{ return 0; }}",
            f"JX {r} jx_one() {{ return 1; }}", ""])
    c = "jx_cplx"
    return "\n".join([
        f"struct {c} {{ {r} re, im; }};",
        f"JX {c} jx_c({r} re, {r} im) {{ {c} z; z.re = re; z.im = im; return z; }}",
        f"JX {c} jx_zero() {{ return jx_c(0, 0); }}",
        f"JX {c} jx_one() {{ return jx_c(1, 0); }}",
        f"JX {r} jx_abs({c} a) {{ return hypot(a.re, a.im); }}",
        f"JX {r} jx_real({c} a) {{ return a.re; }}",
        f"JX bool jx_is_zero({c} a) {{ return a.re == 0 && a.im == 0; }}",
        f"JX {c} operator+({c} a, {c} b) {{ return jx_c(a.re + b.re, a.im + b.im); }}",
        f"JX {c} operator-({c} a, {c} b) {{ return jx_c(a.re - b.re, a.im - b.im); }}",
        f"JX {c} operator-({c} a) {{ return jx_c(-a.re, -a.im); }}",
        f"JX {c} operator*({c} a, {c} b) {{",
        "  return jx_c(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);",
        "}",
        f"JX {c} operator/({c} a, {c} b) {{",
        "  if (fabs(b.re) >= fabs(b.im)) {",
        f"    {r} ratio = b.im / b.re, scale = b.re + b.im * ratio;",
        "    return jx_c((a.re + a.im * ratio) / scale, (a.im - a.re * ratio) / scale);",
        "  }",
        f"  {r} ratio = b.re / b.im, scale = b.re * ratio + b.im;",
        "  return jx_c((a.re * ratio + a.im) / scale, (a.im * ratio - a.re) / scale);",
        "}",
        f"JX void operator+=({c}& a, {r} b) {{ a.re += b; }}",
        f"JX void operator-=({c}& a, {c} b) {{ a = a - b; }}",
        f"JX void operator*=({c}& a, {r} b) {{ a.re *= b; a.im *= b; }}", ""])


def tridiagonal_solve_perturbed(n: int, k: int, count: int, element: str,
                                target: str = "cuda") -> tuple[str, str]:
    """(source, name) of jax's ``cu_tridiagonal_solve_perturbed`` for
    ``element`` (a key of TRIDIAGONAL_TYPES): ``count`` systems, one thread
    each, with the diagonals dl, d, du ([count, n]; dl[0] and du[n-1] unused)
    and the right-hand sides b ([count, n, k], row-major) in, the solutions
    and a scratch array ([count, 3n + k]: U's three diagonals and a row) out.

    The algorithm is jaxlib-linalg's CPU kernel (lapack_kernels.cc,
    SolveTridiagonalPerturbed) step for step: Gaussian elimination with row
    pivoting by relative size, fused with the forward solve, then back
    substitution where a tiny pivot is nudged by about eps * max|U| (as
    LAPACK's xLAGTS) instead of failing. Maxima compare as std::max does
    (``a < b ? b : a``), so NaNs propagate as on the CPU."""
    if element not in TRIDIAGONAL_TYPES:
        raise Unsupported(f"tridiagonal_solve_perturbed of {element}")
    t, r = TRIDIAGONAL_TYPES[element]
    eps, safe_min = (_real_literal(v, r) for v in _REAL_LIMITS[r])
    helpers = _scalar_helpers(t, r) + "\n".join([
        f"JX {r} jx_tsp_max({r} a, {r} b) {{ return a < b ? b : a; }}",
        # Makes `pivot` safe to divide the row by (LAPACK's xLAGTS): a perturbation
        # with the sign of the pivot's real part, doubled until it suffices, or a
        # rescale of both.
        f"JX {t} jx_tsp_pivot({r} perturb, {t} pivot, {t}* row) {{",
        f"  const {r} safe_min = {safe_min}, big = ({r})1 / safe_min;",
        f"  {r} size = jx_abs(pivot);",
        f"  if (!(size < ({r})1)) return pivot;",
        f"  {r} step = copysign(jx_tsp_max(fabs(perturb), safe_min), jx_real(pivot));",
        f"  {r} row_max = 0;",
        f"  for (int j = 0; j < {k}; ++j) row_max = jx_tsp_max(row_max, jx_abs(row[j]));",
        f"  while (size < ({r})1) {{",
        "    if (size < safe_min) {",
        "      if (size == 0 || row_max * safe_min > size) { pivot += step; step *= 2; }",
        "      else {",
        "        pivot *= big;",
        f"        for (int j = 0; j < {k}; ++j) row[j] *= big;",
        "        return pivot;",
        "      }",
        "    } else if (row_max > size * big) { pivot += step; step *= 2; }",
        "    else return pivot;",
        "    size = jx_abs(pivot);",
        "  }",
        "  return pivot;",
        "}", ""])
    row = 3 * n + k
    body = [f"  const {t}* dl = dl_ + i * {n};", f"  const {t}* d = d_ + i * {n};",
            f"  const {t}* du = du_ + i * {n};", f"  const {t}* rhs = b_ + i * {n * k};",
            f"  {t}* x = out0 + i * {n * k};", f"  {t}* ud = out1 + i * {row};",
            f"  {t}* u1 = ud + {n};", f"  {t}* u2 = u1 + {n};", f"  {t}* row = u2 + {n};",
            f"  const {r} eps = {eps};"]
    if n == 1:
        body += [f"  for (int j = 0; j < {k}; ++j) row[j] = rhs[j];",
                 f"  {t} pivot = jx_tsp_pivot(eps * jx_abs(d[0]), d[0], row);",
                 f"  for (int j = 0; j < {k}; ++j) x[j] = row[j] / pivot;"]
    else:
        body += [
            f"  for (int q = 0; q < {n}; ++q) {{ ud[q] = jx_zero(); u1[q] = jx_zero(); "
            "u2[q] = jx_zero(); }",
            "  ud[0] = d[0]; u1[0] = du[0];",
            f"  {r} max_u = jx_tsp_max(jx_abs(ud[0]), jx_abs(u1[0]));",
            f"  {r} scale_k = jx_abs(ud[0]) + jx_abs(u1[0]);",
            f"  for (int j = 0; j < {k}; ++j) x[j] = rhs[j];",
            f"  for (jx_i64 q = 0; q + 1 < {n}; ++q) {{",
            f"    const bool next_super = q + 2 < {n};",
            f"    const jx_i64 at = q * {k}, next = at + {k};",
            f"    const {t} sub = dl[q + 1];",
            "    ud[q + 1] = d[q + 1];",
            f"    {r} scale_next = jx_abs(sub) + jx_abs(ud[q + 1]);",
            "    if (next_super) scale_next += jx_abs(du[q + 1]);",
            "    if (jx_is_zero(sub)) {",
            "      scale_k = scale_next; u1[q + 1] = du[q + 1]; u2[q] = jx_zero();",
            f"      for (int j = 0; j < {k}; ++j) x[next + j] = rhs[next + j];",
            "    } else {",
            f"      const {r} relative_k = jx_is_zero(ud[q]) ? ({r})0 : jx_abs(ud[q]) / scale_k;",
            f"      const {r} relative_next = jx_abs(sub) / scale_next;",
            "      if (relative_next <= relative_k) {",  # row q stays the pivot row
            "        scale_k = scale_next;",
            f"        const {t} factor = sub / ud[q];",
            "        ud[q + 1] -= factor * u1[q]; u1[q + 1] = du[q + 1]; u2[q] = jx_zero();",
            f"        for (int j = 0; j < {k}; ++j) x[next + j] = rhs[next + j]"
            " - factor * x[at + j];",
            "      } else {",  # row q + 1 becomes the pivot row
            f"        const {t} factor = ud[q] / sub, old_sup1 = u1[q];",
            "        ud[q] = sub; ud[q + 1] = old_sup1 - factor * d[q + 1]; u1[q] = d[q + 1];",
            "        if (next_super) { u2[q] = du[q + 1]; u1[q + 1] = -factor * du[q + 1]; }",
            f"        for (int j = 0; j < {k}; ++j) {{",
            f"          const {t} z = x[at + j];",
            "          x[next + j] = z - factor * rhs[next + j]; x[at + j] = rhs[next + j];",
            "        }",
            "        scale_k = jx_abs(ud[q + 1]) + jx_abs(u1[q + 1]);",
            "      }",
            "    }",
            "    if (next_super) max_u = jx_tsp_max(jx_tsp_max(jx_tsp_max(max_u, "
            "jx_abs(ud[q])), jx_abs(u1[q])), jx_abs(u2[q]));",
            "  }",
            f"  max_u = jx_tsp_max(max_u, jx_abs(ud[{n - 1}]));",
            f"  const {r} perturb = eps * max_u;",
            f"  for (jx_i64 q = {n - 1}; q >= 0; --q) {{",
            f"    const jx_i64 at = q * {k};",
            f"    for (int j = 0; j < {k}; ++j) {{",
            f"      {t} value = x[at + j];",
            f"      if (q + 1 < {n}) value -= u1[q] * x[at + {k} + j];",
            f"      if (q + 2 < {n}) value -= u2[q] * x[at + {2 * k} + j];",
            "      row[j] = value;",
            "    }",
            f"    const {t} pivot = jx_tsp_pivot(perturb, ud[q], row);",
            f"    const {t} inverse = jx_one() / pivot;",
            f"    for (int j = 0; j < {k}; ++j) x[at + j] = row[j] * inverse;",
            "  }"]
    names = ["dl_", "d_", "du_", "b_"]
    params = [f"const {t}* __restrict__ {a}" for a in names]
    params += [f"{t}* __restrict__ out0", f"{t}* __restrict__ out1"]
    casts = [f"(const {t}*)in[{j}]" for j in range(4)] + [f"({t}*)out[0]", f"({t}*)out[1]"]
    name = _named("tridiagonal_solve_perturbed", [element, helpers, *body], target)
    return _wrap(name, body, params, [*names, "out0", "out1"], casts, count, target,
                 helpers), name


# Threefry-2x32's rotations, by round group parity (Salmon et al., as XLA and jax).
_THREEFRY_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))


def _threefry_rounds(k0: str, k1: str, c0: str, c1: str) -> list[str]:
    """C lines leaving Threefry-2x32 (20 rounds) of counts c0, c1 under keys
    k0, k1 (unsigned expressions) in ``x0``, ``x1``."""
    body = [f"  unsigned ks[3] = {{{k0}, {k1}, 0x1BD11BDAu ^ ({k0}) ^ ({k1})}};",
            f"  unsigned x0 = ({c0}) + ks[0], x1 = ({c1}) + ks[1];"]
    for group in range(5):
        for rotation in _THREEFRY_ROTATIONS[group % 2]:
            body.append(f"  x0 += x1; x1 = (x1 << {rotation}) | (x1 >> {32 - rotation}); "
                        "x1 ^= x0;")
        body.append(f"  x0 += ks[{(group + 1) % 3}]; x1 += ks[{(group + 2) % 3}] + "
                    f"{group + 1}u;")
    return body


def threefry2x32(elements: int, target: str = "cuda") -> tuple[str, str]:
    """(source, name) of the kernel jax's ``cu_threefry2x32_ffi`` runs:
    Threefry-2x32 with 20 rounds, elementwise over keys k0, k1 and counts
    x0, x1 (uint32 arrays of one shape) into the two output words."""
    params = [f"const unsigned* __restrict__ {a}" for a in ("k0", "k1", "c0", "c1")]
    params += ["unsigned* __restrict__ out0", "unsigned* __restrict__ out1"]
    body = _threefry_rounds("k0[i]", "k1[i]", "c0[i]", "c1[i]")
    body += ["  out0[i] = x0;", "  out1[i] = x1;"]
    name = _named("threefry2x32", body, target)
    args = ["k0", "k1", "c0", "c1", "out0", "out1"]
    casts = [f"(const unsigned*)in[{k}]" for k in range(4)]
    casts += ["(unsigned*)out[0]", "(unsigned*)out[1]"]
    return _wrap(name, body, params, args, casts, elements, target), name


# Philox-4x32's multipliers and key increments (Salmon et al., as XLA).
_PHILOX_M = (0xD2511F53, 0xCD9E8D57)
_PHILOX_W = (0x9E3779B9, 0xBB67AE85)


def rng_bit_generator(algorithm: str, bits: int, shape: tuple[int, ...], state_size: int,
                      target: str = "cuda") -> tuple[str, str, int]:
    """(source, name, threads) of ``stablehlo.rng_bit_generator`` as XLA
    expands it (the core's ops/rng.py, bit for bit): the state (uint64) read
    on the device, ``bits``-wide words out (uint32 or uint64, ``shape``), and
    the advanced state written by thread 0, so no value comes to the host.
    PHILOX: Philox-4x32 over a 128-bit counter (state[1] low, state[2] high,
    or the key for a 2-word state), four 32-bit words per counter, round-robin;
    THREE_FRY: Threefry-2x32 over the 64-bit counter state[1], 64-bit words
    from one counter each, 32-bit words in pairs along XLA's split dimension."""
    n = 1
    for d in shape:
        n *= d
    word = "unsigned" if bits == 32 else "jx_u64"
    params = ["const jx_u64* __restrict__ state", "jx_u64* __restrict__ out0",
              f"{word}* __restrict__ out1"]
    body = ["  jx_u64 key = state[0];",
            "  unsigned key0 = (unsigned)key, key1 = (unsigned)(key >> 32);"]
    if algorithm == "PHILOX":
        threads = -(-n // 4) if bits == 32 else -(-n // 2)
        high = "state[2]" if state_size >= 3 else "key"
        body += [f"  jx_u64 low = state[1], high = {high};",
                 "  jx_u64 at = low + (jx_u64)i;",
                 "  jx_u64 up = high + (at < low ? 1ull : 0ull);",
                 "  unsigned x0 = (unsigned)at, x1 = (unsigned)(at >> 32),"
                 " x2 = (unsigned)up, x3 = (unsigned)(up >> 32);",
                 "  unsigned k0 = key0, k1 = key1;",
                 "  for (int r = 0; r < 10; ++r) {",
                 f"    jx_u64 p0 = (jx_u64)x0 * {_PHILOX_M[0]}ull, "
                 f"p1 = (jx_u64)x2 * {_PHILOX_M[1]}ull;",
                 "    unsigned y0 = (unsigned)(p1 >> 32) ^ x1 ^ k0, y2 = (unsigned)(p0 >> 32)"
                 " ^ x3 ^ k1;",
                 "    x1 = (unsigned)p1; x3 = (unsigned)p0; x0 = y0; x2 = y2;",
                 f"    k0 += {_PHILOX_W[0]}u; k1 += {_PHILOX_W[1]}u;",
                 "  }"]
        if bits == 32:
            body += [f"  if (4 * i + {t} < {n}) out1[4 * i + {t}] = x{t};" for t in range(4)]
        else:
            body += [f"  if (2 * i < {n}) out1[2 * i] = (jx_u64)x0 | ((jx_u64)x1 << 32);",
                     f"  if (2 * i + 1 < {n}) out1[2 * i + 1] = (jx_u64)x2 | ((jx_u64)x3 << 32);"]
        body += ["  if (i == 0) {",
                 "    out0[0] = key;",
                 f"    jx_u64 next = low + {threads}ull;",
                 "    out0[1] = next;"]
        if state_size >= 3:
            body.append("    out0[2] = high + (next < low ? 1ull : 0ull);")
        body.append("  }")
    elif algorithm == "THREE_FRY":
        if bits == 64:
            threads = n
            body += ["  jx_u64 c = state[1] + (jx_u64)i;",
                     *_threefry_rounds("key0", "key1", "(unsigned)c", "(unsigned)(c >> 32)"),
                     "  out1[i] = (jx_u64)x0 | ((jx_u64)x1 << 32);"]
        else:
            if not shape:
                split, half, inner, extent = 0, 1, 1, 1
            else:
                split = next((k for k, d in enumerate(shape) if d % 2 == 0),
                             max(range(len(shape)), key=lambda k: (shape[k], -k)))
                extent = shape[split]
                half = -(-extent // 2)
                inner = 1
                for d in shape[split + 1:]:
                    inner *= d
            threads = (n // extent) * half if extent else 0  # the half shape's size
            body += ["  jx_u64 c = state[1] + (jx_u64)i;",
                     *_threefry_rounds("key0", "key1", "(unsigned)c", "(unsigned)(c >> 32)"),
                     f"  jx_i64 outer = i / {half * inner}, h = (i / {inner}) % {half},"
                     f" in = i % {inner};",
                     f"  jx_i64 at = (outer * {extent} + 2 * h) * {inner} + in;",
                     "  out1[at] = x0;",
                     f"  if (2 * h + 1 < {extent}) out1[at + {inner}] = x1;"]
        body += ["  if (i == 0) {",
                 "    out0[0] = key;",
                 f"    out0[1] = state[1] + {threads}ull;",
                 "  }"]
    else:
        raise Unsupported(f"rng_bit_generator algorithm {algorithm}")
    if n == 0:  # nothing drawn: only the state, unchanged but copied
        body = ["  if (i == 0) {", *(f"    out0[{k}] = state[{k}];" for k in range(state_size)),
                "  }"]
        threads = 0
    name = _named(f"rng_{algorithm.lower()}", body + params, target)
    args = ["state", "out0", "out1"]
    casts = ["(const jx_u64*)in[0]", "(jx_u64*)out[0]", f"({word}*)out[1]"]
    # At least one thread: the new state is written even for an empty output.
    threads = max(threads, 1)
    return _wrap(name, body, params, args, casts, threads, target), name, threads


# -- windowed reductions ----------------------------------------------------------------


@dataclass(frozen=True)
class Window:
    """A reduce_window's geometry: per dimension the window, its stride, the
    base and window dilations and the (low, high) padding (negative crops)."""

    shape: tuple[int, ...]
    out_shape: tuple[int, ...]
    window: tuple[int, ...]
    strides: tuple[int, ...]
    base_dilations: tuple[int, ...]
    window_dilations: tuple[int, ...]
    padding: tuple[tuple[int, int], ...]

    def cumulative_axis(self) -> tuple[int, bool] | None:
        """(axis, reverse) when this is jax's cumulative reduction (cumsum,
        cummax, ...): a window over one whole dimension padded by its length
        less one on one side, stride 1, nothing else windowed; else None."""
        axes = [k for k, w in enumerate(self.window) if w != 1]
        if len(axes) != 1 or self.out_shape != self.shape:
            return None
        (axis,) = axes
        n = self.shape[axis]
        if (any(s != 1 for s in self.strides) or any(d != 1 for d in self.base_dilations)
                or any(d != 1 for d in self.window_dilations) or self.window[axis] != n):
            return None
        pads = [p for k, p in enumerate(self.padding) if k != axis]
        if any(p != (0, 0) for p in pads) or self.padding[axis] not in ((n - 1, 0), (0, n - 1)):
            return None
        return axis, self.padding[axis] == (0, n - 1) and n > 1


def _element_io(code: int) -> tuple[str, str, str]:
    """(computing C type, load of a stored element ``{}``, store of a value
    ``{}``) for element type ``code``: 16-bit floats compute in float."""
    ctype = _C_TYPES[code][0]
    halves = _HALVES.get(code)
    if halves is None:
        return ctype, "{}", "{}"
    return ctype, halves[1] + "({})", halves[2] + "({})"


def _window_loop(g: Window, acc: str, combine, load, indent: str) -> list[str]:
    """Statements folding output c0.. 's window into ``acc`` in window order
    (row-major), holes (padding, between dilated elements) as the init value
    ``init``, as the reference and XLA's loops do."""
    rank = len(g.shape)
    lines = []
    pad = indent
    for k in range(rank):
        lines.append(f"{pad}for (jx_i64 w{k} = 0; w{k} < {g.window[k]}; ++w{k}) {{")
        pad += "  "
        low = g.padding[k][0]
        lines.append(f"{pad}jx_i64 p{k} = c{k} * {g.strides[k]} + w{k} * "
                     f"{g.window_dilations[k]} - ({low});")
    inside = " && ".join(
        f"p{k} >= 0 && p{k} % {g.base_dilations[k]} == 0 && p{k} / {g.base_dilations[k]} < "
        f"{g.shape[k]}" for k in range(rank)) or "1"
    at = _linear(g.shape, [f"p{k} / {g.base_dilations[k]}" for k in range(rank)])
    lines.append(f"{pad}{acc} = ({inside}) ? {combine(acc, load(f'x[{at}]'))} : "
                 f"{combine(acc, 'init')};")
    for _ in range(rank):
        pad = pad[:-2]
        lines.append(f"{pad}}}")
    return lines


def reduce_window(g: Window, code: int, reducer: str, target: str = "cuda"
                  ) -> tuple[str, str, int]:
    """(source, name, threads) of a reduce_window of one operand of type
    ``code`` with a one-op body (``reducer``: add, mul, max, min, and, or):
    inputs x and the init scalar, output out0.

    Each output folds its window in window order from the init, holes taking
    the init, rounding each step for 16-bit floats: what the reference and
    XLA's CPU loops compute, bit for bit. A cumulative window (jax's cumsum,
    cumprod, cummax, cummin) runs one thread per line instead, carrying the
    running value along it, where the init joined to itself is the init (0
    for sums, -inf for maxima: holes then change nothing); other inits fold
    each window whole, as above."""
    if code not in _C_TYPES:
        raise Unsupported(f"element type code {code}")
    ctype, load_form, store_form = _element_io(code)
    stored = storage_ctype(code)

    def combine(acc: str, value: str) -> str:
        return combine_expression(reducer, acc, value, code)

    def load(element: str) -> str:
        return load_form.format(element)

    params = [f"const {stored}* __restrict__ x", f"const {stored}* __restrict__ init_in",
              f"{stored}* __restrict__ out0"]
    body = [f"  {ctype} init = {load('init_in[0]')};"]
    cumulative = g.cumulative_axis()
    if cumulative is None:
        body += _coords(g.out_shape, "i")
        body.append(f"  {ctype} acc = init;")
        body += _window_loop(g, "acc", combine, load, "  ")
        body.append(f"  out0[i] = {store_form.format('acc')};")
        threads = _size(g.out_shape)
    else:
        axis, reverse = cumulative
        n = g.shape[axis]
        inner = _size(g.shape[axis + 1:])
        threads = _size(g.shape) // n if n else 0
        bits = "jx_bits" if _C_TYPES[code][1] == "f" else ""
        same = (f"{bits}({combine('init', 'init')}) == {bits}(init)" if bits
                else f"({ctype})({combine('init', 'init')}) == init")
        first, last, step = (f"{n - 1}", "-1", "-1") if reverse else ("0", f"{n}", "1")
        body += [f"  jx_i64 base = (i / {inner}) * {n * inner} + i % {inner};",
                 f"  if ({same}) {{",
                 f"    {ctype} acc = init;",
                 f"    for (jx_i64 t = {first}; t != {last}; t += {step}) {{",
                 f"      acc = {combine('acc', load(f'x[base + t * {inner}]'))};",
                 f"      out0[base + t * {inner}] = {store_form.format('acc')};",
                 "    }",
                 "  } else {",
                 f"    for (jx_i64 t = 0; t < {n}; ++t) {{"]
        # the whole window of output t, holes included: the line is padded on one side
        low = g.padding[axis][0]
        body += [f"      {ctype} acc = init;",
                 f"      for (jx_i64 w = 0; w < {n}; ++w) {{",
                 f"        jx_i64 p = t + w - ({low});",
                 f"        acc = (p >= 0 && p < {n}) ? "
                 f"{combine('acc', load(f'x[base + p * {inner}]'))} : {combine('acc', 'init')};",
                 "      }",
                 f"      out0[base + t * {inner}] = {store_form.format('acc')};",
                 "    }",
                 "  }"]
    name = _named("reduce_window", body + params, target)
    casts = [f"(const {stored}*)in[0]", f"(const {stored}*)in[1]", f"({stored}*)out[0]"]
    return (_wrap(name, body, params, ["x", "init_in", "out0"], casts, threads, target),
            name, threads)


_COMPARE_OPERATORS = {"EQ": "==", "NE": "!=", "GE": ">=", "GT": ">", "LE": "<=", "LT": "<"}


def select_and_scatter(shape: tuple[int, ...], source_shape: tuple[int, ...],
                       window: tuple[int, ...], strides: tuple[int, ...],
                       padding: tuple[tuple[int, int], ...], code: int, direction: str,
                       reducer: str, target: str = "cuda") -> tuple[str, str, int]:
    """(source, name, threads) of a select_and_scatter (max pooling's
    gradient) whose select body is one compare of (chosen, candidate) by
    ``direction`` and whose scatter body is one op (``reducer``): inputs the
    operand x, the sources src and the init scalar, output out0.

    Gathered, not scattered: one thread per operand element walks the windows
    that hold it in source order, finds each window's choice (in window
    order, padding never chosen, the candidate taken where the select body is
    false) and folds the sources of the windows that chose it into the init.
    So no atomics and no fill first: the order is the sequential scatter's,
    the CPU's bits (16-bit floats rounded at each step)."""
    if code not in _C_TYPES or direction not in _COMPARE_OPERATORS:
        raise Unsupported(f"select_and_scatter of type code {code} comparing by {direction}")
    ctype, load_form, store_form = _element_io(code)
    stored = storage_ctype(code)
    rank = len(shape)

    def load(element: str) -> str:
        return load_form.format(element)

    params = [f"const {stored}* __restrict__ x", f"const {stored}* __restrict__ src",
              f"const {stored}* __restrict__ init_in", f"{stored}* __restrict__ out0"]
    body = [f"  {ctype} acc = {load('init_in[0]')};"] + _coords(shape, "i")
    pad = "  "
    for k in range(rank):  # the windows holding element c: o*stride <= c + low < o*stride + w
        q, w, st = f"(c{k} + ({padding[k][0]}))", window[k], strides[k]
        body += [f"{pad}jx_i64 q{k} = {q};",
                 f"{pad}jx_i64 first{k} = q{k} - {w - 1} <= 0 ? 0 : (q{k} - {w - 1} + {st - 1})"
                 f" / {st};",
                 f"{pad}jx_i64 last{k} = q{k} < 0 ? -1 : q{k} / {st};",
                 f"{pad}if (last{k} > {source_shape[k] - 1}) last{k} = {source_shape[k] - 1};",
                 f"{pad}for (jx_i64 o{k} = first{k}; o{k} <= last{k}; ++o{k}) {{"]
        pad += "  "
    body += [f"{pad}int chosen = 0;", f"{pad}jx_i64 at = -1;", f"{pad}{ctype} best = 0;"]
    inner = pad
    for k in range(rank):
        body.append(f"{pad}for (jx_i64 w{k} = 0; w{k} < {window[k]}; ++w{k}) {{")
        pad += "  "
        body.append(f"{pad}jx_i64 p{k} = o{k} * {strides[k]} + w{k} - ({padding[k][0]});")
    valid = " && ".join(f"p{k} >= 0 && p{k} < {shape[k]}" for k in range(rank)) or "1"
    position = _linear(shape, [f"p{k}" for k in range(rank)])
    operator = _COMPARE_OPERATORS[direction]
    body += [f"{pad}if ({valid}) {{",
             f"{pad}  jx_i64 p = {position};",
             f"{pad}  {ctype} v = {load('x[p]')};",
             f"{pad}  if (!chosen || !(best {operator} v)) {{ chosen = 1; best = v; at = p; }}",
             f"{pad}}}"]
    for _ in range(rank):
        pad = pad[:-2]
        body.append(f"{pad}}}")
    source_index = _linear(source_shape, [f"o{k}" for k in range(rank)])
    combined = combine_expression(reducer, "acc", load(f"src[{source_index}]"), code)
    body.append(f"{inner}if (at == i) acc = {combined};")
    for _ in range(rank):
        pad = pad[:-2]
        body.append(f"{pad}}}")
    body.append(f"  out0[i] = {store_form.format('acc')};")
    threads = _size(shape)
    name = _named("select_and_scatter", body + params, target)
    casts = [f"(const {stored}*)in[{k}]" for k in range(3)] + [f"({stored}*)out[0]"]
    return (_wrap(name, body, params, ["x", "src", "init_in", "out0"], casts, threads, target),
            name, threads)


# -- reductions with elementwise bodies ----------------------------------------------


def body_function(name: str, program: FusedProgram, opcode_names: dict[int, str],
                  argument_codes: list[int]) -> str:
    """A region body (argmax's comparator, a variadic sum) as the C function
    ``void name(a0, a1, ..., T* r0, T* r1, ...)``: ``program`` is the body in
    the fusion IR over a one-element domain, its kind-0 loads the block
    arguments by index, its outputs the returned values. 16-bit floats are
    passed and returned in float, rounded after each op as in fused groups."""
    writer = _Writer(program, opcode_names, argument_codes)
    params = [f"{_C_TYPES[c][0]} a{k}" for k, c in enumerate(argument_codes)]
    params += [f"{writer.ctype(slot)}* r{k}" for k, slot in enumerate(program.outputs)]
    lines = [f"JX void {name}({', '.join(params)}) {{"]
    lines += writer.body([], "  ", arguments=True)
    lines += [f"  *r{k} = v{slot};" for k, slot in enumerate(program.outputs)]
    lines.append("}")
    return "\n".join(lines)


# Few outputs over long extents: a block of _BLOCK threads per output, each
# folding a contiguous chunk, then chunks paired in order.
_BLOCK_REDUCE_MAX_OUTPUTS = 2048
_BLOCK_REDUCE_MIN_EXTENT = 512


def variadic_reduce(shape: tuple[int, ...], dims: tuple[int, ...], codes: list[int],
                    body: str, target: str = "cuda", strategy: str | None = None
                    ) -> tuple[str, str, int, int]:
    """(source, name, items, threads per item) of a reduce of ``len(codes)``
    operands of ``shape`` over ``dims`` (in that order) whose body is the C
    function ``jx_body`` (body_function: the accumulated values, then the
    next element's): inputs x0.., then the inits i0.., outputs out0...

    A thread per output folds its elements in order from the inits, as the
    CPU does. Few outputs over long extents take a block each
    (``strategy="block"``): each thread folds a contiguous chunk from its
    first element, neighbouring chunks are paired in order (the earlier on
    the left, so argmax keeps its first maximum and its first NaN), and the
    inits come first last. Host builds run the blocks' threads one after the
    other, so the same pairing is tested without a GPU."""
    count = len(codes)
    kept = [d for d in range(len(shape)) if d not in dims]
    items = _size(tuple(shape[d] for d in kept))
    extent = _size(tuple(shape[d] for d in dims))
    if strategy is None:
        strategy = ("block" if items <= _BLOCK_REDUCE_MAX_OUTPUTS
                    and extent >= _BLOCK_REDUCE_MIN_EXTENT else "thread")
    types = [_C_TYPES[c][0] for c in codes]
    stored = [storage_ctype(c) for c in codes]
    loads = [_element_io(c)[1] for c in codes]
    stores = [_element_io(c)[2] for c in codes]
    params = ([f"const {t}* __restrict__ x{k}" for k, t in enumerate(stored)]
              + [f"const {t}* __restrict__ i{k}" for k, t in enumerate(stored)]
              + [f"{t}* __restrict__ out{k}" for k, t in enumerate(stored)])
    args = ([f"x{k}" for k in range(count)] + [f"i{k}" for k in range(count)]
            + [f"out{k}" for k in range(count)])
    strides = _linear_strides(shape)
    casts = ([f"(const {t}*)in[{k}]" for k, t in enumerate(stored)]
             + [f"(const {t}*)in[{count + k}]" for k, t in enumerate(stored)]
             + [f"({t}*)out[{k}]" for k, t in enumerate(stored)])

    def element(k: int, offset: str) -> str:
        return loads[k].format(f"x{k}[{offset}]")

    # jx_offset(o, j): where output o's j-th element is
    lines = ["JX jx_i64 jx_offset(jx_i64 o, jx_i64 j) {", "  jx_i64 at = 0;"]
    for d in reversed(kept):
        lines.append(f"  at += (o % {shape[d]}) * {strides[d]}LL; o /= {shape[d]};")
    for d in reversed(dims):
        lines.append(f"  at += (j % {shape[d]}) * {strides[d]}LL; j /= {shape[d]};")
    lines += ["  return at;", "}"]
    acc = [f"acc{k}" for k in range(count)]
    nxt = [f"nxt{k}" for k in range(count)]
    fold = ", ".join([*acc, *nxt, *(f"&{a}" for a in acc)])
    # jx_fold(o, first, end, acc...): acc folded with elements [first, end) of output o
    lines.append(f"JX void jx_fold(jx_i64 o, jx_i64 first, jx_i64 end, "
                 f"{', '.join(f'{t}* p{k}' for k, t in enumerate(types))}, "
                 f"{', '.join(f'const {t}* __restrict__ x{k}' for k, t in enumerate(stored))}) {{")
    lines += [f"  {t} acc{k} = *p{k};" for k, t in enumerate(types)]
    lines += ["  for (jx_i64 j = first; j < end; ++j) {",
              "    jx_i64 at = jx_offset(o, j);"]
    lines += [f"    {t} nxt{k} = {element(k, 'at')};" for k, t in enumerate(types)]
    lines += [f"    jx_body({fold});", "  }"]
    lines += [f"  *p{k} = acc{k};" for k in range(count)]
    lines.append("}")
    xs = ", ".join(f"x{k}" for k in range(count))
    init_lines = [f"  {t} acc{k} = {loads[k].format(f'i{k}[0]')};" for k, t in enumerate(types)]
    store_lines = [f"  out{k}[o] = {stores[k].format(f'acc{k}')};" for k in range(count)]
    if strategy == "thread":
        lines.append(f"JX void jx_item(jx_i64 o, {', '.join(params)}) {{")
        lines += init_lines
        lines.append(f"  jx_fold(o, 0, {extent}, {', '.join(f'&acc{k}' for k in range(count))},"
                     f" {xs});")
        lines += store_lines
        lines.append("}")
        name = _named("reduce", [body] + lines + params, target)
        source = _reduce_source(name, body, lines, params, args, casts, items, target)
        return source, name, items, 1
    # block: chunk t of every output folded by thread t, then pairs in order
    chunk = -(-extent // _BLOCK)
    shared = "".join(f"{t} s{k}[{_BLOCK}]; " for k, t in enumerate(types)) + f"int sv[{_BLOCK}];"
    partials = ", ".join(f"{t}* s{k}" for k, t in enumerate(types)) + ", int* sv"
    inputs = ", ".join(f"const {t}* __restrict__ x{k}" for k, t in enumerate(stored))
    lines += [f"JX void jx_chunk(jx_i64 o, int t, {partials}, {inputs}) {{",
              f"  jx_i64 first = (jx_i64)t * {chunk}, end = first + {chunk};",
              f"  if (end > {extent}) end = {extent};",
              "  sv[t] = first < end;",
              "  if (first >= end) return;",
              "  jx_i64 at = jx_offset(o, first);"]
    lines += [f"  s{k}[t] = {element(k, 'at')};" for k in range(count)]
    lines += [f"  jx_fold(o, first + 1, end, {', '.join(f's{k} + t' for k in range(count))}, "
              f"{xs});", "}"]
    pair = ", ".join([*(f"s{k}[t]" for k in range(count)), *(f"s{k}[t + d]" for k in range(count)),
                      *(f"&s{k}[t]" for k in range(count))])
    lines += [f"JX void jx_pair(int t, int d, {partials}) {{",
              f"  if (t % (2 * d) != 0 || t + d >= {_BLOCK} || !sv[t + d]) return;",
              f"  jx_body({pair});", "}"]
    finish = ", ".join([*acc, *(f"s{k}[0]" for k in range(count)), *(f"&{a}" for a in acc)])
    lines.append(f"JX void jx_finish(jx_i64 o, {partials}, {', '.join(params[count:])}) {{")
    lines += init_lines
    lines.append(f"  if (sv[0]) jx_body({finish});")
    lines += store_lines
    lines.append("}")
    name = _named("reduce", [body] + lines + params + [shared], target)
    s_args = ", ".join(f"s{k}" for k in range(count))
    rest = ", ".join(args[count:])
    if target == "cuda":
        kernel = [f'extern "C" __global__ void {name}({", ".join(params)}, jx_i64 n) {{',
                  f"  __shared__ {shared.replace('; ', '; __shared__ ')}",
                  "  int t = threadIdx.x;",
                  "  for (jx_i64 o = blockIdx.x; o < n; o += gridDim.x) {",
                  f"    jx_chunk(o, t, {s_args}, sv, {xs});",
                  "    __syncthreads();",
                  f"    for (int d = 1; d < {_BLOCK}; d *= 2) {{",
                  f"      jx_pair(t, d, {s_args}, sv);",
                  "      __syncthreads();",
                  "    }",
                  f"    if (t == 0) jx_finish(o, {s_args}, sv, {rest});",
                  "    __syncthreads();",
                  "  }", "}"]
    else:
        kernel = [f'extern "C" void {name}(void** in, void** out, jx_i64 n) {{',
                  *(f"  {param.split(' __restrict__ ')[0]} {a} = {c};"
                    for param, a, c in zip(params, args, casts)),
                  f"  {shared}",
                  "  for (jx_i64 o = 0; o < n; ++o) {",
                  f"    for (int t = 0; t < {_BLOCK}; ++t) jx_chunk(o, t, {s_args}, sv, {xs});",
                  f"    for (int d = 1; d < {_BLOCK}; d *= 2)",
                  f"      for (int t = 0; t < {_BLOCK}; ++t) jx_pair(t, d, {s_args}, sv);",
                  f"    jx_finish(o, {s_args}, sv, {rest});",
                  "  }", "}"]
    source = PRELUDE + body + "\n" + "\n".join(lines) + "\n" + "\n".join(kernel) + "\n"
    return source, name, items, _BLOCK


def _reduce_source(name: str, body: str, lines: list[str], params: list[str],
                   args: list[str], casts: list[str], items: int, target: str) -> str:
    """A thread-per-output reduction's source: ``jx_item(o, ...)`` (the last
    function of ``lines``) run for every output."""
    index = "int" if items < 2**31 - 1 else "long long"
    if target == "cuda":
        kernel = [f'extern "C" __global__ void {name}({", ".join(params)}, {index} n) {{',
                  f"  for ({index} i = ({index})blockIdx.x * blockDim.x + threadIdx.x; "
                  f"i < n; i += ({index})blockDim.x * gridDim.x)",
                  f"    jx_item(i, {', '.join(args)});", "}"]
    else:
        kernel = [f'extern "C" void {name}(void** in, void** out, {index} n) {{',
                  f"  for ({index} i = 0; i < n; ++i) jx_item(i, {', '.join(casts)});", "}"]
    return PRELUDE + body + "\n" + "\n".join(lines) + "\n" + "\n".join(kernel) + "\n"


def _linear_strides(shape: tuple[int, ...]) -> list[int]:
    strides, step = [], 1
    for size in reversed(shape):
        strides.append(step)
        step *= size
    return strides[::-1]


# -- batched copies ---------------------------------------------------------------------

BATCHED_COPY_NAME = "jx_batched_copy"
# Copies table[3c] -> table[3c+1], table[3c+2] bytes each, for c < count: a
# replayed graph's arguments in and results out in one launch each.
BATCHED_COPY_SOURCE = r"""
struct alignas(16) jx_v16 { unsigned long long a, b; };
extern "C" __global__ void jx_batched_copy(const unsigned long long* table, int count) {
  unsigned long long first = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long stride = (unsigned long long)blockDim.x * gridDim.x;
  for (int c = blockIdx.y; c < count; c += gridDim.y) {
    unsigned long long from = table[3 * c], to = table[3 * c + 1], bytes = table[3 * c + 2];
    if (((from | to | bytes) & 15) == 0) {
      const jx_v16* s = (const jx_v16*)from;
      jx_v16* d = (jx_v16*)to;
      for (unsigned long long i = first; i < bytes / 16; i += stride) d[i] = s[i];
    } else {
      const unsigned char* s = (const unsigned char*)from;
      unsigned char* d = (unsigned char*)to;
      for (unsigned long long i = first; i < bytes; i += stride) d[i] = s[i];
    }
  }
}
"""
