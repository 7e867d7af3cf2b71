"""bfloat16 on the device: stored as its 16 bits, computed in f32.

CuPy has no bfloat16, so a bfloat16 value on a GPU is a uint16 array of its
bits (its *carrier*; the buffer keeps the logical dtype). Inside a program
every bfloat16 value is a carrier, also on mock GPUs (numpy views, free), so
the mock runs the same steps. An op on bfloat16 runs as the device kernel of
a *twin*: a clone of the op with bfloat16 retyped (core ``retyped_clone``):

- ops that only move elements (slices, transposes, gathers, selects, ...)
  move the carriers' bits: their uint16 twin, bit for bit;
- every other op computes in f32, as XLA's GPU backend does: its operands
  widened (exact), its f32 twin's kernel, its results rounded to the nearest
  bfloat16, ties to even, NaN kept quiet with its sign (the CPU's rounding).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ml_dtypes
import numpy as np

from jaxlib._src.ir.attributes import DenseElements
from jaxlib._src.ir.core import Operation, Value, retyped_clone
from jaxlib._src.ir.types import TensorType, Type, numpy_dtype
from jaxlib._src.ops.custom_call import IDENTITY_TARGETS

BFLOAT16 = np.dtype(ml_dtypes.bfloat16)
# logical dtype -> the dtype of its device storage
CARRIERS: dict[np.dtype, np.dtype] = {BFLOAT16: np.dtype(np.uint16)}
_NAME = "bf16"

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
    return isinstance(type_, TensorType) and type_.element_type == _NAME


def uses_carriers(op: Operation) -> bool:
    return any(is_carried(t) for t in (*op.operand_types, *op.result_types))


def to_carrier(value: Any) -> Any:
    """A bfloat16 array (numpy) as its carrier; carriers and other values as
    they are."""
    dtype = getattr(value, "dtype", None)
    if dtype is not None and dtype in CARRIERS:
        return np.asarray(value).view(CARRIERS[dtype])
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


def widen(xp: Any) -> Callable[[Any], Any]:
    """carrier -> f32 (exact)."""
    return _numpy_widen if xp is np else _cupy_conversions(xp)[0]


def narrow(xp: Any) -> Callable[[Any], Any]:
    """f32 -> carrier, to the nearest bfloat16 (ties to even)."""
    return _numpy_narrow if xp is np else _cupy_conversions(xp)[1]


# --- twins -------------------------------------------------------------------------

def _retype(element: str) -> Callable[[Type], Type]:
    def retype(t: Type) -> Type:
        if is_carried(t):
            return TensorType(t.shape, element, getattr(t, "encoding", None))
        return t
    return retype


def _refuse_capture(op: Operation, value: Value) -> None:
    if is_carried(value.type):
        raise _NoTwin(f"a region of {op.name} uses a bfloat16 value from outside it")


def rounds_in_regions(op: Operation) -> bool:
    """Whether a region of ``op`` rounds bfloat16 results (an add in a reduce
    body): the f32 twin would round once at the end instead of at each step,
    so such ops run their region kernels on carriers (each step a twin) or on
    the host. (Converts from bfloat16 widen exactly.)"""
    return any(uses_carriers(nested) and nested.name not in _EXACT_OPS
               and not (nested.name == "stablehlo.convert"
                        and not is_carried(nested.result_types[0]))
               for region in op.regions for nested in region.walk())


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
        if element == "f32":
            convert = lambda a: np.asarray(a, BFLOAT16).astype(np.float32)  # noqa: E731
        else:
            convert = lambda a: np.asarray(a, BFLOAT16).view(np.uint16)  # noqa: E731
        if value.is_symbolic_splat:
            found["value"] = DenseElements.splat(convert(value.splat_value), retyped)
        else:
            found["value"] = DenseElements(convert(value.array), retyped)
        return found
    return attributes


class _NoTwin(Exception):
    pass


def twin(op: Operation) -> tuple[Operation, bool] | None:
    """The op whose device kernel computes ``op`` (bfloat16 in its types) and
    whether it computes in f32 (its bfloat16 operands widened, results
    narrowed) rather than moving bits; None when there is none (``op`` runs on
    the host)."""
    moving = op.name in _MOVING_OPS or (
        op.name == "stablehlo.custom_call"
        and op.attributes.get("call_target_name") in IDENTITY_TARGETS)
    if op.name == "stablehlo.custom_call" and not moving and \
            op.attributes.get("call_target_name") not in _WIDENING_TARGETS:
        return None  # a library's target: its own types
    element = "ui16" if moving else "f32"
    try:
        clone = retyped_clone(op, _retype(element), _twin_attributes(element),
                              on_capture=_refuse_capture)
    except _NoTwin:
        return None
    return clone, not moving


def computing_in_f32(op: Operation, kernel: Callable[..., tuple], xp: Any
                     ) -> Callable[..., tuple]:
    """``kernel`` (of ``op``'s f32 twin) on carriers: bfloat16 operands
    widened to f32 first, bfloat16 results narrowed after."""
    up, down = widen(xp), narrow(xp)
    if op.name == "stablehlo.convert" and numpy_dtype(
            op.operand_types[0].element_type) in _ROUNDED_TWICE:
        # wider sources: to f32 rounded to odd, then one correct rounding
        return lambda x: (down(odd_f32(xp, x)),)
    wide = [is_carried(t) for t in op.operand_types]
    narrowed = [is_carried(t) for t in op.result_types]
    frame = getattr(kernel, "needs_frame", False)

    def run(leading: tuple, operands: tuple) -> tuple:
        operands = tuple(up(v) if w else v for v, w in zip(operands, wide))
        results = kernel(*leading, *operands)
        return tuple(down(r) if n else r for r, n in zip(results, narrowed))

    if frame:
        def framed(frame_, *operands):
            return run((frame_,), operands)
        framed.needs_frame = True  # type: ignore[attr-defined]
        return framed
    return lambda *operands: run((), operands)
