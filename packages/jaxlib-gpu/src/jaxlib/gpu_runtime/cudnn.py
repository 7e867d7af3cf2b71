"""Convolutions through cuDNN on the executing stream.

XLA's GPU backend runs convolutions on cuDNN. jaxlib-gpu's own convolution is
the core's im2col and one batched cuBLAS product, which copies every window of
the input (nine copies for a 3x3 kernel). Here ``stablehlo.convolution`` maps
onto cuDNN's convolutions (cross-correlation):

- the input and the result are described by their own strides, in whatever
  dimension order the program uses (NCHW, NHWC, the transposed layouts of
  jax's weight gradients), so neither is copied;
- the kernel is copied once into cuDNN's packed filter layout (KCRS, or KRSC
  when the input's features are innermost), reversed where the program asks;
- even, non-negative padding, window strides, window dilation and
  ``feature_group_count`` are cuDNN's own; what cuDNN's forward convolution has
  no word for (input dilation, uneven or negative padding) is applied to the
  input first, by the core's ``dilate_and_pad``;
- 1-D convolutions get a unit spatial dimension (cuDNN takes 2-D and 3-D);
- an input-dilated convolution with unit window strides (jax's data gradient of
  a strided convolution) is cuDNN's backward-data convolution of the strided
  forward one (``cudnnConvolutionBackwardData``: no zeros inserted), the result
  grown at its high end where that forward one was padded unevenly;
- a convolution whose window outsizes its result (jax's weight gradient: the
  window is dy) is cuDNN's backward-filter convolution
  (``cudnnConvolutionBackwardFilter``), the result a view of cuDNN's filter.

``batch_group_count`` G runs as G feature groups over the lhs rearranged.
Integer, complex and narrowing types stay on im2col. f32
runs with FMA math, not TF32, as the products here use full f32; f16 and
bfloat16 (uint16 carriers of its bits, ``bfloat16_convolution_kernel``) on
tensor cores, accumulated in f32 and rounded once, as XLA computes them.

Each convolution configuration (shapes, strides, types) is set up on its
first run, which is eager (graphs are captured on a program's second run):
cuDNN measures its algorithms there (``cudnnFindConvolution*AlgorithmEx``)
within one fixed workspace per device, so captured graphs keep one workspace
address; and the chosen algorithm is checked on random data laid out as the
real operands against im2col. A configuration that fails either way on the
operands' own strides is set up again on packed copies of them in cuDNN's
axis order (cuDNN 9 on an H200 found no algorithm for a result laid out
[f, b, 0, 1], nor for a trimmed weight-gradient input; ``repacked()`` lists
them); one that fails on those too is refused (``status()`` counts them): a
backward one runs as a forward convolution instead, a forward one on im2col.
The library is NVIDIA's wheel's libcudnn (jax's CUDA plugin brings it),
CuPy's, or the system's; without one, every convolution runs on im2col.
"""

from __future__ import annotations

import copy
import ctypes
import dataclasses
import glob
import os
import threading
from collections.abc import Callable
from typing import Any

import ml_dtypes
import numpy as np

from jaxlib.gpu_runtime.vendor import ROCM_OFF, is_hip

# cudnnDataType_t, cudnnTensorFormat_t, cudnnConvolutionMode_t, cudnnMathType_t
_FLOAT, _DOUBLE, _HALF = 0, 1, 2
_NCHW, _NHWC = 0, 1
_CROSS_CORRELATION = 1
_DEFAULT_MATH, _TENSOR_OP_MATH, _FMA_MATH = 0, 1, 3
_FWD_ALGO_COUNT = 8  # CUDNN_CONVOLUTION_FWD_ALGO_COUNT
_WORKSPACE_BYTES = 64 << 20
_INT_MAX = 2**31 - 1

_BF16 = np.dtype(ml_dtypes.bfloat16)  # on the GPU: uint16 carriers of its bits (carried.py)

# numpy dtype -> (data type, compute type, math type, ctypes scalar of alpha/beta,
# tolerance of the first-run check relative to the largest result)
_TYPES = {
    _BF16: (9, _FLOAT, _TENSOR_OP_MATH, ctypes.c_float, 2e-2),
    np.dtype(np.float16): (_HALF, _FLOAT, _TENSOR_OP_MATH, ctypes.c_float, 2e-2),
    np.dtype(np.float32): (_FLOAT, _FLOAT, _FMA_MATH, ctypes.c_float, 1e-4),
    np.dtype(np.float64): (_DOUBLE, _DOUBLE, _DEFAULT_MATH, ctypes.c_double, 1e-10),
}

# The types whose convolutions may run on tensor cores (their own precision).
_TENSOR_TYPES = frozenset({_BF16, np.dtype(np.float16)})

# result type -> the operand types it holds exactly (f16 -> f32 and f64, f32 -> f64)
_WIDENS_EXACTLY = {np.dtype(np.float32): (np.dtype(np.float16),),
                   np.dtype(np.float64): (np.dtype(np.float16), np.dtype(np.float32))}

_state: dict[str, Any] = {"library": None, "status": "not used yet", "handles": {},
                          "refused": {}, "repacked": {}}


class AlgoPerf(ctypes.Structure):
    """cudnnConvolutionFwdAlgoPerf_t."""

    _fields_ = [("algo", ctypes.c_int), ("status", ctypes.c_int), ("time", ctypes.c_float),
                ("memory", ctypes.c_size_t), ("determinism", ctypes.c_int),
                ("math_type", ctypes.c_int), ("reserved", ctypes.c_int * 3)]


def status() -> str:
    """'cudnn' when convolutions go to cuDNN ('cudnn; N refused (why)' when some
    configurations were refused: a backward one then runs forward, a forward one
    on im2col), 'not used yet', or why they all run on im2col."""
    refused = _state["refused"]
    if _state["status"] == "cudnn" and refused:
        return f"cudnn; {len(refused)} refused ({next(iter(refused.values()))})"[:300]
    return _state["status"]


def refused() -> dict:
    """The configurations refused, with the reason for each."""
    return dict(_state["refused"])


def repacked() -> dict:
    """The configurations refused on the operands' own strides (then tried on
    packed copies of them), with the reason for each."""
    return dict(_state.get("repacked", {}))


# --- the plan: one stablehlo.convolution in cuDNN's terms (no library) --------------

FORWARD, BACKWARD_DATA, BACKWARD_FILTER = "forward", "backward_data", "backward_filter"


@dataclasses.dataclass(frozen=True)
class ConvPlan:
    """How one convolution maps onto one of cuDNN's three convolutions.

    forward: x = the lhs (input dilation and uneven padding applied first),
    w = the rhs packed as a filter, y = the result. backward_data (the data
    gradient of a strided convolution): x = the lhs as cuDNN's dy, w = the rhs
    packed as the forward filter, y = dx. backward_filter (the weight gradient):
    x = the lhs, w = the rhs read in place as dy, y = dw, a packed filter that the
    result is a view of.
    """

    mode: str
    dtype: np.dtype
    x_axes: tuple[int, ...]  # the lhs axes that are cuDNN's x (or dy): [N, C, spatial...]
    filter_format: int
    filter_dims: tuple[int, ...]  # cuDNN's [K, C / groups, spatial...]
    pads: tuple[int, ...]
    strides: tuple[int, ...]
    dilations: tuple[int, ...]
    groups: int
    unit_spatial: bool  # a 1-D convolution given a trailing spatial dimension of 1
    pre_dilation: tuple[int, ...] | None = None  # forward: per lhs axis, applied first
    pre_padding: tuple[tuple[int, int], ...] | None = None
    x_trim: tuple[int, ...] | None = None  # backward filter: lhs elements dropped at the end
    flip_axes: tuple[int, ...] = ()  # rhs axes reversed before packing
    filter_order: tuple[int, ...] = ()  # rhs axes in the packed filter's memory order
    rhs_axes: tuple[int, ...] = ()  # backward filter: the rhs axes that are dy's
    y_axes: tuple[int, ...] = ()  # the result axes that are y's (forward, backward data)
    y_shape: tuple[int, ...] | None = None  # what cuDNN writes, where not the result
    y_window: tuple[int, ...] | None = None  # the result: y's dims from these offsets on
    result_order: tuple[int, ...] = ()  # backward filter: dw's KCRS axes per result axis
    widen: bool = False  # operands of a narrower type, widened to ``dtype`` first
    # batch groups: (G, the lhs axes as [N, spatial..., C]); the lhs is rearranged as
    # [N / G, spatial..., G * C] first (see _batch_groups_plan)
    batch_split: tuple[int, tuple[int, ...]] | None = None
    # x (and a backward filter's dy, a forward or backward-data y) copied to
    # packed memory in cuDNN's axis order: what a configuration of the
    # operands' own strides falls back to when cuDNN takes none of those
    packed: bool = False


def packed_variant(plan: ConvPlan) -> ConvPlan:
    """``plan`` on packed copies of its tensors (see ConvPlan.packed)."""
    return dataclasses.replace(plan, packed=True)


def cudnn_axes(plan: ConvPlan, axes: tuple[int, ...]) -> tuple[int, ...]:
    """The axes a tensor of ``plan`` is described in: ``axes`` of the
    program's layout, or in order where the tensor was packed in that order."""
    return tuple(range(len(axes))) if plan.packed else axes


def plan_convolution(spec: Any, lhs_shape: tuple[int, ...], rhs_shape: tuple[int, ...],
                     result_shape: tuple[int, ...], dtypes: tuple[Any, Any, Any]
                     ) -> ConvPlan | str:
    """The plan for a convolution (``spec``: the core's ``_ConvSpec``), or why
    cuDNN cannot take it."""
    lhs_dtype, rhs_dtype, out_dtype = (np.dtype(d) for d in dtypes)
    # A wider result (preferred_element_type) is the convolution of the operands
    # widened, which is exact: it runs in the result's type.
    widen = lhs_dtype != out_dtype and lhs_dtype in _WIDENS_EXACTLY.get(out_dtype, ())
    if lhs_dtype != rhs_dtype or out_dtype not in _TYPES or not (
            widen or lhs_dtype == out_dtype):
        return f"types {lhs_dtype}, {rhs_dtype} -> {out_dtype}"
    if not 1 <= spec.spatial <= 3:
        return f"{spec.spatial} spatial dimensions"
    if min(*lhs_shape, *rhs_shape, *result_shape) < 0:
        return "dynamic shapes"
    if 0 in lhs_shape or 0 in rhs_shape or 0 in result_shape:
        return "an empty operand or result"
    if max(*lhs_shape, *rhs_shape, *result_shape) > _INT_MAX:
        return "a dimension past cuDNN's ints"
    if spec.batch_groups != 1:
        return _batch_groups_plan(spec, tuple(lhs_shape), tuple(rhs_shape),
                                  tuple(result_shape), dtypes)
    shapes = (tuple(lhs_shape), tuple(rhs_shape), tuple(result_shape))
    if any(d != 1 for d in spec.lhs_dilation):
        plan = _backward_data_plan(spec, *shapes, out_dtype)
    elif np.prod(spec.kernel_window) > np.prod(spec.out_spatial):
        # The window outsizes the result: a weight gradient (the window is dy).
        plan = _backward_filter_plan(spec, *shapes, out_dtype)
    else:
        plan = None
    plan = plan or _forward_plan(spec, *shapes, out_dtype)
    return dataclasses.replace(plan, widen=True) if widen else plan


def forward_plan(spec: Any, plan: ConvPlan, lhs_shape: tuple[int, ...],
                 rhs_shape: tuple[int, ...], result_shape: tuple[int, ...]) -> ConvPlan | None:
    """The forward plan of a convolution planned as a backward one (None for
    a forward plan): what runs if cuDNN refuses the backward one."""
    if plan.mode == FORWARD:
        return None
    return dataclasses.replace(
        _forward_plan(spec, tuple(lhs_shape), tuple(rhs_shape), tuple(result_shape),
                      plan.dtype), widen=plan.widen)


def _batch_groups_plan(spec: Any, lhs_shape: tuple[int, ...], rhs_shape: tuple[int, ...],
                       result_shape: tuple[int, ...], dtypes: tuple[Any, Any, Any]
                       ) -> ConvPlan | str:
    """batch_group_count G (jax's weight gradient of a grouped convolution):
    the lhs's batch holds G groups, group-major, and group g makes output
    features g * K / G onwards. cuDNN has no batch groups; rearranged as
    [N / G, spatial..., G * C] (group-major features) the lhs makes the same
    result through a convolution with G feature groups, which cuDNN has."""
    dn, groups = spec.dn, spec.batch_groups
    spatial = len(dn.input_spatial_dimensions)
    canonical = (dn.input_batch_dimension, *dn.input_spatial_dimensions,
                 dn.input_feature_dimension)
    rearranged = (lhs_shape[dn.input_batch_dimension] // groups,
                  *(lhs_shape[a] for a in dn.input_spatial_dimensions),
                  groups * lhs_shape[dn.input_feature_dimension])
    grouped = copy.copy(spec)
    grouped.dn = dataclasses.replace(dn, input_batch_dimension=0,
                                     input_spatial_dimensions=tuple(range(1, spatial + 1)),
                                     input_feature_dimension=spatial + 1)
    grouped.feature_groups, grouped.batch_groups = groups, 1
    plan = plan_convolution(grouped, rearranged, rhs_shape, result_shape, dtypes)
    if isinstance(plan, str):
        return plan
    return dataclasses.replace(plan, batch_split=(groups, canonical))


def _unit(spec: Any, pads: list[int], strides: tuple[int, ...], dilations: tuple[int, ...]
          ) -> dict:
    """The convolution parameters, with a 1-D convolution's unit dimension."""
    unit = spec.spatial == 1
    if unit:
        pads, strides, dilations = [*pads, 0], (*strides, 1), (*dilations, 1)
    return dict(pads=tuple(pads), strides=tuple(strides), dilations=tuple(dilations),
                unit_spatial=unit)


def _packed_rhs(spec: Any, rhs_shape: tuple[int, ...], k_axis: int, c_axis: int,
                features_inner: bool) -> dict:
    """The rhs packed as cuDNN's filter [K = rhs axis k_axis, C = c_axis, window]:
    KRSC when the input's features are innermost, else KCRS."""
    window = tuple(spec.dn.kernel_spatial_dimensions)
    order = (k_axis, *window, c_axis) if features_inner else (k_axis, c_axis, *window)
    dims = (rhs_shape[k_axis], rhs_shape[c_axis], *(rhs_shape[a] for a in window))
    return dict(filter_order=order, filter_format=_NHWC if features_inner else _NCHW,
                filter_dims=dims + ((1,) if spec.spatial == 1 else ()))


def _forward_plan(spec: Any, lhs_shape: tuple[int, ...], rhs_shape: tuple[int, ...],
                  result_shape: tuple[int, ...], dtype: np.dtype) -> ConvPlan:
    dn = spec.dn
    rank = len(lhs_shape)
    pads, pre_padding, pre_needed = [], [(0, 0)] * rank, False
    pre_dilation = [1] * rank
    for axis, (lo, hi), dilation in zip(dn.input_spatial_dimensions, spec.padding,
                                        spec.lhs_dilation):
        even = max(0, min(lo, hi))
        pads.append(even)
        pre_padding[axis] = (lo - even, hi - even)
        pre_dilation[axis] = dilation
        pre_needed |= (lo - even, hi - even) != (0, 0) or dilation != 1
    window = tuple(dn.kernel_spatial_dimensions)
    return ConvPlan(
        mode=FORWARD, dtype=dtype,
        x_axes=(dn.input_batch_dimension, dn.input_feature_dimension,
                *dn.input_spatial_dimensions),
        pre_dilation=tuple(pre_dilation) if pre_needed else None,
        pre_padding=tuple(pre_padding) if pre_needed else None,
        flip_axes=tuple(a for a, r in zip(window, spec.reversal) if r),
        y_axes=(dn.output_batch_dimension, dn.output_feature_dimension,
                *dn.output_spatial_dimensions),
        groups=spec.feature_groups,
        **_packed_rhs(spec, rhs_shape, dn.kernel_output_feature_dimension,
                      dn.kernel_input_feature_dimension,
                      dn.input_feature_dimension == rank - 1),
        **_unit(spec, pads, tuple(spec.strides), tuple(spec.rhs_dilation)))


def _backward_data_plan(spec: Any, lhs_shape: tuple[int, ...], rhs_shape: tuple[int, ...],
                        result_shape: tuple[int, ...], dtype: np.dtype) -> ConvPlan | None:
    """An input-dilated convolution (jax's data gradient of a strided one) as
    cuDNN's backward-data convolution, or None where it is not one.

    With the program's input dilation s, padding (lo, hi), window k and window
    dilation d, result[j] sums lhs[o] * kernel[r] over o * s = j + r * d - lo:
    the data gradient of a forward convolution with stride s, padding
    p = (k - 1) * d - lo and the kernel reversed, features swapped. cuDNN's
    padding is even, so a forward one padded unevenly shows as hi - lo != 0:
    0 <= hi - lo < s fits as it is, hi < lo by growing the result at its high
    end by lo - hi (and reading the leading part)."""
    dn = spec.dn
    if spec.feature_groups != 1 or any(t != 1 for t in spec.strides):
        return None
    pads, grown = [], list(result_shape)
    for i, ((lo, hi), s, d, k) in enumerate(zip(spec.padding, spec.lhs_dilation,
                                                 spec.rhs_dilation, spec.kernel_window)):
        p = (k - 1) * d - lo
        if p < 0 or hi - lo >= s:
            return None
        pads.append(p)
        grown[dn.output_spatial_dimensions[i]] += max(0, lo - hi)
    window = tuple(dn.kernel_spatial_dimensions)
    grew = tuple(grown) != tuple(result_shape)
    return ConvPlan(
        mode=BACKWARD_DATA, dtype=dtype,
        x_axes=(dn.input_batch_dimension, dn.input_feature_dimension,
                *dn.input_spatial_dimensions),
        # cuDNN's filter is the forward convolution's: [K = the program's input
        # features, C = its output features, window], reversed where the program's is not.
        flip_axes=tuple(a for a, r in zip(window, spec.reversal) if not r),
        y_axes=(dn.output_batch_dimension, dn.output_feature_dimension,
                *dn.output_spatial_dimensions),
        y_shape=tuple(grown) if grew else None,
        y_window=(0,) * len(result_shape) if grew else None,
        groups=1,
        **_packed_rhs(spec, rhs_shape, dn.kernel_input_feature_dimension,
                      dn.kernel_output_feature_dimension,
                      dn.input_feature_dimension == len(lhs_shape) - 1),
        **_unit(spec, pads, tuple(spec.lhs_dilation), tuple(spec.rhs_dilation)))


def _backward_filter_plan(spec: Any, lhs_shape: tuple[int, ...], rhs_shape: tuple[int, ...],
                          result_shape: tuple[int, ...], dtype: np.dtype
                          ) -> ConvPlan | None:
    """A convolution whose window outsizes its result (jax's weight gradient)
    as cuDNN's backward-filter convolution, or None where it is not one.

    result[r] sums lhs_padded[r * t + o * d] * rhs[o] over the lhs's features
    and the window o (t the window stride, d the window dilation): the filter
    gradient of a forward convolution of the lhs (batch = its features,
    channels = its batch) with stride d, dilation t and dy = the rhs. cuDNN's
    padding is even: hi <= lo pads by lo (what lies past the program's hi
    padding is never read; a negative hi drops lhs elements at the end); hi > lo
    pads by hi and grows the window by (hi - lo) / t at its start, which the
    result leaves out. cuDNN's dy dims must come out as the rhs's."""
    dn = spec.dn
    if spec.feature_groups != 1:
        return None
    rank = len(lhs_shape)
    pads, trims, shifts = [], [0] * rank, []
    for i, ((lo, hi), t, d) in enumerate(zip(spec.padding, spec.strides, spec.rhs_dilation)):
        axis = dn.input_spatial_dimensions[i]
        if hi <= lo:  # beyond the program's hi padding, nothing is read
            pad, trim, shift = lo, max(0, -hi), 0
        elif (hi - lo) % t == 0:
            pad, trim, shift = hi, 0, (hi - lo) // t
        else:
            return None
        size = lhs_shape[axis] - trim
        window = spec.out_spatial[i] + shift
        extent = size + 2 * pad - ((window - 1) * t + 1)
        if pad < 0 or size < 1 or extent < 0 or \
                extent // d + 1 != rhs_shape[dn.kernel_spatial_dimensions[i]]:
            return None
        pads.append(pad)
        trims[axis] = trim
        shifts.append(shift)
    features_inner = dn.input_batch_dimension == rank - 1  # x's channels innermost
    k, c = rhs_shape[dn.kernel_output_feature_dimension], lhs_shape[dn.input_batch_dimension]
    window = tuple(n + shift for n, shift in zip(spec.out_spatial, shifts)) + (
        (1,) if spec.spatial == 1 else ())
    order = [0] * rank  # the result's axes in dw's KCRS order
    order[dn.output_feature_dimension] = 0
    order[dn.output_batch_dimension] = 1
    for i, axis in enumerate(dn.output_spatial_dimensions):
        order[axis] = 2 + i
    return ConvPlan(
        mode=BACKWARD_FILTER, dtype=dtype,
        x_axes=(dn.input_feature_dimension, dn.input_batch_dimension,
                *dn.input_spatial_dimensions),
        x_trim=tuple(trims) if any(trims) else None,
        rhs_axes=(dn.kernel_input_feature_dimension, dn.kernel_output_feature_dimension,
                  *dn.kernel_spatial_dimensions),
        filter_format=_NHWC if features_inner else _NCHW,
        filter_dims=(k, c, *window),
        y_shape=(k, *window, c) if features_inner else (k, c, *window),
        y_window=(0, 0, *shifts), result_order=tuple(order), groups=1,
        **_unit(spec, pads, tuple(spec.rhs_dilation), tuple(spec.strides)))


def described(array: Any, axes: tuple[int, ...], unit_spatial: bool
              ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """cuDNN's dims and strides (in elements) of ``array`` read in the order
    ``axes``. A unit dimension's stride is never followed, and numpy or CuPy
    may give it any (0 for a reshaped vector): it gets the array's extent, as
    the outermost dimension of a packed layout. A 1-D convolution's trailing
    unit dimension takes the stride of the spatial dimension before it."""
    item = array.dtype.itemsize
    dims = tuple(int(array.shape[a]) for a in axes)
    strides = tuple(int(array.strides[a]) // item for a in axes)
    extent = max([n * s for n, s in zip(dims, strides) if n > 1], default=1)
    strides = tuple(s if n > 1 else extent for n, s in zip(dims, strides))
    if unit_spatial:
        dims, strides = dims + (1,), strides + (strides[-1],)
    return dims, strides


def readable(xp: Any, x: Any) -> Any:
    """``x``, or a copy of it when cuDNN cannot read it in place (a broadcast
    or reversed dimension, a stride that is not a whole number of elements)."""
    item = x.dtype.itemsize
    if all(s > 0 and s % item == 0 for n, s in zip(x.shape, x.strides) if n > 1):
        return x
    return xp.ascontiguousarray(x)


# --- the library ------------------------------------------------------------------

def _candidates() -> list[str]:
    from jaxlib.gpu_runtime.nvrtc import wheel_files

    # NVIDIA's wheels (nvidia-cudnn-cu12 / -cu13, jax's CUDA plugin's), then the system's
    return wheel_files("cudnn/lib/libcudnn.so.*", "cu13/lib/libcudnn.so.*",
                       "cu12/lib/libcudnn.so.*") + ["libcudnn.so.9", "libcudnn.so.8",
                                                    "libcudnn.so"]


def _preload_parts(shim: str) -> None:
    """cuDNN 9's libcudnn is a shim that loads its parts (graph, engines, ops,
    cnn) by name; loaded from a wheel's folder, they are found only if loaded
    first, globally."""
    folder = os.path.dirname(shim)
    if not folder:
        return
    for part in ("graph", "engines_runtime_compiled", "engines_precompiled", "heuristic",
                 "ops", "cnn"):
        for path in sorted(glob.glob(os.path.join(folder, f"libcudnn_{part}.so.*"))):
            try:
                ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
            except OSError:
                pass  # the shim reports what is missing when it needs it


def _find_library() -> ctypes.CDLL:
    from jaxlib.gpu_runtime.cublas import find_library

    library = find_library(["libcudnn"], _candidates(),
                           "no libcudnn (pip install nvidia-cudnn-cu12 or -cu13)",
                           prepare=_preload_parts)
    _declare(library)
    return library


def _declare(lib: ctypes.CDLL) -> None:
    vp, i32, ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
    signatures = {
        "cudnnCreate": [ctypes.POINTER(vp)],
        "cudnnSetStream": [vp, vp],
        "cudnnCreateTensorDescriptor": [ctypes.POINTER(vp)],
        "cudnnSetTensorNdDescriptor": [vp, i32, i32, ip, ip],
        "cudnnCreateFilterDescriptor": [ctypes.POINTER(vp)],
        "cudnnSetFilterNdDescriptor": [vp, i32, i32, i32, ip],
        "cudnnCreateConvolutionDescriptor": [ctypes.POINTER(vp)],
        "cudnnSetConvolutionNdDescriptor": [vp, i32, ip, ip, ip, i32, i32],
        "cudnnSetConvolutionGroupCount": [vp, i32],
        "cudnnSetConvolutionMathType": [vp, i32],
        "cudnnGetConvolutionNdForwardOutputDim": [vp, vp, vp, i32, ip],
        "cudnnGetConvolutionForwardAlgorithm_v7": [vp, vp, vp, vp, vp, i32, ip,
                                                   ctypes.POINTER(AlgoPerf)],
        "cudnnFindConvolutionForwardAlgorithmEx": [vp, vp, vp, vp, vp, vp, vp, vp, i32, ip,
                                                   ctypes.POINTER(AlgoPerf), vp,
                                                   ctypes.c_size_t],
        "cudnnConvolutionForward": [vp, vp, vp, vp, vp, vp, vp, i32, vp, ctypes.c_size_t,
                                    vp, vp, vp],
        "cudnnGetConvolutionBackwardDataAlgorithm_v7": [vp, vp, vp, vp, vp, i32, ip,
                                                        ctypes.POINTER(AlgoPerf)],
        "cudnnFindConvolutionBackwardDataAlgorithmEx": [vp, vp, vp, vp, vp, vp, vp, vp, i32,
                                                        ip, ctypes.POINTER(AlgoPerf), vp,
                                                        ctypes.c_size_t],
        "cudnnConvolutionBackwardData": [vp, vp, vp, vp, vp, vp, vp, i32, vp,
                                         ctypes.c_size_t, vp, vp, vp],
        "cudnnGetConvolutionBackwardFilterAlgorithm_v7": [vp, vp, vp, vp, vp, i32, ip,
                                                          ctypes.POINTER(AlgoPerf)],
        "cudnnFindConvolutionBackwardFilterAlgorithmEx": [vp, vp, vp, vp, vp, vp, vp, vp,
                                                          i32, ip, ctypes.POINTER(AlgoPerf),
                                                          vp, ctypes.c_size_t],
        "cudnnConvolutionBackwardFilter": [vp, vp, vp, vp, vp, vp, vp, i32, vp,
                                           ctypes.c_size_t, vp, vp, vp],
    }
    for name, argtypes in signatures.items():
        function = getattr(lib, name)  # AttributeError: a cuDNN without the legacy API
        function.argtypes = argtypes
        function.restype = ctypes.c_int
    lib.cudnnGetErrorString.argtypes = [i32]
    lib.cudnnGetErrorString.restype = ctypes.c_char_p


class CudnnError(RuntimeError):
    pass


def _ints(values: tuple[int, ...]) -> Any:
    return (ctypes.c_int * len(values))(*values)


class Handle:
    """A cuDNN handle of one device, its workspace, and the configurations
    set up on it (descriptors and algorithm per shape and layout)."""

    def __init__(self, cupy: Any, lib: Any, workspace: Any = None):
        self.lib = lib
        self.handle = ctypes.c_void_p()
        self.check(lib.cudnnCreate(ctypes.byref(self.handle)), "cudnnCreate")
        self.workspace = cupy.empty(_WORKSPACE_BYTES, np.uint8) if workspace is None \
            else workspace
        self.stream = None
        self.configurations: dict = {}
        # cuDNN's calls release the GIL, and a handle (its stream, its
        # workspace) takes one call at a time: threads running programs on
        # one device (replicas, other processes' instances) take turns.
        self.lock = threading.RLock()

    def check(self, code: int, what: str) -> None:
        if code != 0:
            try:
                name = self.lib.cudnnGetErrorString(code)
                name = name.decode() if isinstance(name, bytes) else str(name)
            except Exception:
                name = ""
            raise CudnnError(f"{what} failed with cudnnStatus {code} {name}".strip())

    def bind(self, stream_ptr: int) -> None:
        if stream_ptr != self.stream:
            self.check(self.lib.cudnnSetStream(self.handle, ctypes.c_void_p(stream_ptr)),
                       "cudnnSetStream")
            self.stream = stream_ptr

    def _descriptor(self, create: str) -> ctypes.c_void_p:
        descriptor = ctypes.c_void_p()
        self.check(getattr(self.lib, create)(ctypes.byref(descriptor)), create)
        return descriptor

    def _tensor(self, plan: ConvPlan, array: Any, axes: tuple[int, ...]) -> ctypes.c_void_p:
        dims, strides = described(array, cudnn_axes(plan, axes), plan.unit_spatial)
        descriptor = self._descriptor("cudnnCreateTensorDescriptor")
        self.check(self.lib.cudnnSetTensorNdDescriptor(
            descriptor, _TYPES[plan.dtype][0], len(dims), _ints(dims), _ints(strides)),
            "cudnnSetTensorNdDescriptor")
        return descriptor

    def _filter(self, plan: ConvPlan) -> ctypes.c_void_p:
        descriptor = self._descriptor("cudnnCreateFilterDescriptor")
        self.check(self.lib.cudnnSetFilterNdDescriptor(
            descriptor, _TYPES[plan.dtype][0], plan.filter_format, len(plan.filter_dims),
            _ints(plan.filter_dims)), "cudnnSetFilterNdDescriptor")
        return descriptor

    def configure(self, plan: ConvPlan, x: Any, w: Any, y: Any) -> Configuration:
        """Descriptors for these operands (checked: the forward convolution's
        output dims, by cuDNN, must be the program's) and no algorithm yet."""
        lib = self.lib
        _, compute, math, _, _ = _TYPES[plan.dtype]
        x_desc = self._tensor(plan, x, plan.x_axes)
        if plan.mode == BACKWARD_FILTER:  # w is dy, y the filter dw
            w_desc, y_desc = self._tensor(plan, w, plan.rhs_axes), self._filter(plan)
        else:
            w_desc, y_desc = self._filter(plan), self._tensor(plan, y, plan.y_axes)
        conv_desc = self._descriptor("cudnnCreateConvolutionDescriptor")
        self.check(lib.cudnnSetConvolutionNdDescriptor(
            conv_desc, len(plan.pads), _ints(plan.pads), _ints(plan.strides),
            _ints(plan.dilations), _CROSS_CORRELATION, compute),
            "cudnnSetConvolutionNdDescriptor")
        self.check(lib.cudnnSetConvolutionGroupCount(conv_desc, plan.groups),
                   "cudnnSetConvolutionGroupCount")
        self.check(lib.cudnnSetConvolutionMathType(conv_desc, math),
                   "cudnnSetConvolutionMathType")
        # The forward convolution: its input, filter and the output it must give.
        if plan.mode == FORWARD:
            source, filter_desc, output = x_desc, w_desc, (y, plan.y_axes)
        elif plan.mode == BACKWARD_DATA:
            source, filter_desc, output = y_desc, w_desc, (x, plan.x_axes)
        else:
            source, filter_desc, output = x_desc, y_desc, (w, plan.rhs_axes)
        output = described(output[0], cudnn_axes(plan, output[1]), plan.unit_spatial)[0]
        cudnn_dims = (ctypes.c_int * len(output))()
        self.check(lib.cudnnGetConvolutionNdForwardOutputDim(conv_desc, source, filter_desc,
                                                             len(output), cudnn_dims),
                   "cudnnGetConvolutionNdForwardOutputDim")
        if tuple(cudnn_dims) != output:
            raise CudnnError(f"cuDNN's forward dims {tuple(cudnn_dims)} are not {output}")
        return Configuration(self, plan, x_desc, w_desc, conv_desc, y_desc)


# The algorithms taken per mode (cudnnConvolution{Fwd,BwdData,BwdFilter}Algo_t): the
# FFT ones and non-fused Winograd trade f32 accuracy for speed; the CPU's f32
# convolutions sum in f32, and so do these.
_ACCURATE = {FORWARD: frozenset({0, 1, 2, 3, 6}), BACKWARD_DATA: frozenset({0, 1, 4}),
             BACKWARD_FILTER: frozenset({0, 1, 3})}
_API = {FORWARD: "Forward", BACKWARD_DATA: "BackwardData", BACKWARD_FILTER: "BackwardFilter"}


class Configuration:
    """One convolution's descriptors and algorithm on one handle."""

    def __init__(self, handle: Handle, plan: ConvPlan, x_desc: Any, w_desc: Any,
                 conv_desc: Any, y_desc: Any):
        self.handle, self.plan = handle, plan
        self.descriptors = (x_desc, w_desc, conv_desc, y_desc)
        self.algo: int | None = None
        self.workspace_bytes = 0
        scalar = _TYPES[plan.dtype][3]
        self.alpha, self.beta = scalar(1), scalar(0)
        name = _API[plan.mode]
        self.find = f"cudnnFindConvolution{name}AlgorithmEx"
        self.heuristic = f"cudnnGetConvolution{name}Algorithm_v7"
        self.call = "cudnnConvolutionForward" if plan.mode == FORWARD else \
            f"cudnnConvolution{name}"

    def _inputs(self, x: Any, w: Any) -> tuple:
        """The two inputs as cuDNN's calls take them: (x, w) forward, (w, dy)
        backward data, (x, dy) backward filter."""
        x_desc, w_desc, _, _ = self.descriptors
        if self.plan.mode == BACKWARD_DATA:
            return w_desc, w.data.ptr, x_desc, x.data.ptr
        return x_desc, x.data.ptr, w_desc, w.data.ptr

    def choose_algorithm(self, x: Any, w: Any, y: Any, measure: bool) -> None:
        """cuDNN's fastest accurate algorithm within the workspace: measured on
        these buffers (``measure``: it synchronizes, so never while capturing),
        else by its heuristics."""
        handle, lib = self.handle, self.handle.lib
        _, _, conv_desc, y_desc = self.descriptors
        results = (AlgoPerf * _FWD_ALGO_COUNT)()
        count = ctypes.c_int(0)
        limit = handle.workspace.nbytes
        inputs = self._inputs(x, w)
        if measure:
            handle.check(getattr(lib, self.find)(
                handle.handle, *inputs, conv_desc, y_desc, y.data.ptr, _FWD_ALGO_COUNT,
                ctypes.byref(count), results, handle.workspace.data.ptr, limit), self.find)
        else:
            handle.check(getattr(lib, self.heuristic)(
                handle.handle, inputs[0], inputs[2], conv_desc, y_desc, _FWD_ALGO_COUNT,
                ctypes.byref(count), results), self.heuristic)
        accurate = _ACCURATE[self.plan.mode]
        for result in results[:count.value]:
            math = int(result.math_type)
            if result.status == 0 and result.memory <= limit and result.algo in accurate \
                    and (math in (_DEFAULT_MATH, _FMA_MATH) or self.plan.dtype in _TENSOR_TYPES):
                self.algo, self.workspace_bytes = int(result.algo), int(result.memory)
                # The math type the algorithm was found (timed) with; never
                # tensor-op math for f32/f64 (its inputs rounded to TF32).
                handle.check(lib.cudnnSetConvolutionMathType(conv_desc, math),
                             "cudnnSetConvolutionMathType")
                return
        # What cuDNN offered, for the status line: (algorithm, status, workspace, math).
        offered = ", ".join(f"{r.algo}/{r.status}/{int(r.memory) >> 20}M/{r.math_type}"
                            for r in results[:count.value])
        raise CudnnError("no cuDNN algorithm takes this convolution within "
                         f"{limit >> 20} MiB of workspace (algo/status/workspace/math: "
                         f"{offered or 'none'})")

    def run(self, x: Any, w: Any, y: Any) -> None:
        handle = self.handle
        _, _, conv_desc, y_desc = self.descriptors
        handle.check(getattr(handle.lib, self.call)(
            handle.handle, ctypes.addressof(self.alpha), *self._inputs(x, w), conv_desc,
            self.algo, handle.workspace.data.ptr, self.workspace_bytes,
            ctypes.addressof(self.beta), y_desc, y.data.ptr), self.call)


def _handle(cupy: Any) -> Handle | None:
    """This device's handle, made on first use; None when cuDNN is off."""
    if is_hip(cupy):  # MIOpen is not wired up (vendor.py)
        _state["status"] = f"im2col ({ROCM_OFF})"
        return None
    if _state["status"] not in ("not used yet", "cudnn"):
        return None
    device = cupy.cuda.Device().id
    handle = _state["handles"].get(device)
    if handle is not None:
        return handle
    if cupy.cuda.get_current_stream().is_capturing():
        return None  # the workspace must not come from a graph's memory
    try:
        if _state["library"] is None:
            _state["library"] = _find_library()
        handle = Handle(cupy, _state["library"])
    except Exception as err:  # no library, symbol or device support: im2col
        _state["status"] = f"im2col ({type(err).__name__}: {err})"[:300]
        return None
    _state["handles"][device] = handle
    _state["status"] = "cudnn"
    return handle


# --- the device kernel ----------------------------------------------------------------

def storage(dtype: np.dtype) -> np.dtype:
    """How a value of ``dtype`` is held on the GPU (bfloat16: uint16 carriers)."""
    return np.dtype(np.uint16) if dtype == _BF16 else dtype


def _random_like(xp: Any, x: Any, rng: np.random.Generator, carried: bool) -> Any:
    """Random values like ``x`` (bfloat16 values for ``carried`` uint16) with its
    shape and, where they are all positive, its strides (so the check runs the
    configuration it checks)."""
    item = x.dtype.itemsize
    dtype = _BF16 if carried else x.dtype

    def draw(count: Any) -> Any:
        return xp.asarray(rng.uniform(-1, 1, count).astype(dtype).view(x.dtype))

    steps = [s // item for n, s in zip(x.shape, x.strides) if n > 1]
    if all(s > 0 for s in steps) and all(s % item == 0 for s in x.strides):
        extent = 1 + sum((n - 1) * (s // item) for n, s in zip(x.shape, x.strides) if n > 1)
        return xp.lib.stride_tricks.as_strided(draw(extent), x.shape, x.strides)
    return draw(x.shape)


def _close(got: np.ndarray, want: np.ndarray, tolerance: float, dtype: np.dtype) -> bool:
    if dtype == _BF16:  # carriers' bits
        got, want = got.view(_BF16), want.view(_BF16)
    got, want = got.astype(np.float64), want.astype(np.float64)
    finite = np.isfinite(want)
    if not np.array_equal(finite, np.isfinite(got)):
        return False
    scale = float(np.max(np.abs(want[finite]), initial=0.0))
    return bool(np.all(np.abs(got[finite] - want[finite]) <= tolerance * max(scale, 1e-30)))


class CudnnConvolution:
    """The device kernel of one stablehlo.convolution: cuDNN where its
    configuration was set up and checked (the plan, else ``alternative``: the
    forward plan of a backward one; each on the operands' own strides, else on
    packed copies), else ``fallback`` (im2col)."""

    def __init__(self, plan: ConvPlan, xp: Any, fallback: Callable,
                 result_shape: tuple[int, ...], handle_for: Callable[[Any], Any] = _handle,
                 alternative: ConvPlan | None = None):
        chosen = (plan,) if alternative is None else (plan, alternative)
        self.plans = tuple(p for c in chosen for p in (c, packed_variant(c)))
        self.xp, self.fallback = xp, fallback
        self.result_shape = tuple(result_shape)
        self.handle_for = handle_for
        self.zero = np.zeros((), storage(plan.dtype))
        # (plan index, handle, operand strides) -> configuration, or why there is none
        self.memo: dict = {}

    @property
    def plan(self) -> ConvPlan:
        """The plan in use: the first one not refused on any device so far."""
        for i, plan in enumerate(self.plans):
            if not any(k[0] == i and isinstance(c, str) for k, c in self.memo.items()):
                return plan
        return self.plans[-1]

    def operands(self, lhs: Any, rhs: Any, plan: ConvPlan | None = None) -> tuple[Any, Any]:
        """cuDNN's two inputs for these operands (see ConvPlan)."""
        from jaxlib._src.ops.reduction import dilate_and_pad

        xp, plan = self.xp, plan or self.plans[0]
        if plan.batch_split is not None:
            groups, canonical = plan.batch_split
            lhs = xp.transpose(lhs, canonical)  # [N, spatial..., C]
            n, *rest = lhs.shape
            lhs = xp.moveaxis(lhs.reshape(groups, n // groups, *rest), 0, -2)
            lhs = xp.ascontiguousarray(lhs).reshape(n // groups, *rest[:-1],
                                                    groups * rest[-1])
        if plan.widen:
            lhs, rhs = lhs.astype(plan.dtype), rhs.astype(plan.dtype)
        x = lhs
        if plan.pre_padding is not None:
            x = dilate_and_pad(readable(xp, x), self.zero, plan.pre_dilation,
                               plan.pre_padding, xp)
        if plan.x_trim is not None:
            x = x[tuple(slice(0, n - trim) for n, trim in zip(x.shape, plan.x_trim))]
        x = readable(xp, x)
        if plan.packed:
            x = xp.ascontiguousarray(xp.transpose(x, plan.x_axes))
        if plan.mode == BACKWARD_FILTER:
            if plan.packed:
                return x, xp.ascontiguousarray(xp.transpose(rhs, plan.rhs_axes))
            return x, readable(xp, rhs)
        w = xp.flip(rhs, plan.flip_axes) if plan.flip_axes else rhs
        return x, xp.ascontiguousarray(xp.transpose(w, plan.filter_order))

    def __call__(self, lhs: Any, rhs: Any) -> tuple:
        handle = self.handle_for(self.xp)
        if handle is not None:
            for index, plan in enumerate(self.plans):
                result = self._run(index, plan, handle, lhs, rhs)
                if result is not None:
                    return result
        return self.fallback(lhs, rhs)

    def _run(self, index: int, plan: ConvPlan, handle: Any, lhs: Any, rhs: Any
             ) -> tuple | None:
        """The result through ``plan``, or None where cuDNN does not run it."""
        xp = self.xp
        memo_key = (index, id(handle), lhs.strides, rhs.strides)
        configuration = self.memo.get(memo_key)
        if isinstance(configuration, str):
            return None
        x, w = self.operands(lhs, rhs, plan)
        key = (plan, x.shape, x.strides, w.strides)  # alike convolutions share a set-up
        if configuration is None:
            configuration = handle.configurations.get(key)
            if configuration is None:
                if xp.cuda.get_current_stream().is_capturing():
                    return self.fallback(lhs, rhs)  # set up on an eager run only
                configuration = self._set_up(handle, key, plan, lhs, rhs)
            self.memo[memo_key] = configuration
            if isinstance(configuration, str):
                return None
        y = self.output(plan)
        try:
            with handle.lock:
                handle.bind(xp.cuda.get_current_stream().ptr)
                configuration.run(x, w, y)
        except CudnnError as err:  # this configuration is off from now on
            self.memo[memo_key] = self._refuse(handle, key, str(err))
            return None
        return (self.result_of(y, plan),)

    def output(self, plan: ConvPlan) -> Any:
        """What cuDNN writes: the result (or a grown one, ``y_shape``), in
        cuDNN's axis order where packed; a backward filter's packed filter."""
        shape = tuple(plan.y_shape or self.result_shape)
        if plan.packed and plan.mode != BACKWARD_FILTER:
            shape = tuple(shape[a] for a in plan.y_axes)
        return self.xp.empty(shape, storage(plan.dtype))

    def result_of(self, y: Any, plan: ConvPlan | None = None) -> Any:
        """The program's result in what cuDNN wrote: y itself, or a view of
        it (a grown result's leading part; a weight gradient's filter read in
        the result's axis order)."""
        plan = plan or self.plans[0]
        if plan.mode == BACKWARD_FILTER:
            if plan.filter_format == _NHWC:  # [K, window..., C] -> [K, C, window...]
                y = self.xp.moveaxis(y, -1, 1)
            if plan.unit_spatial:
                y = y[..., 0]
            y = y[tuple(slice(start, None) for start in plan.y_window)]
            return self.xp.transpose(y, plan.result_order)
        if plan.packed:  # back to the result's axis order (a view)
            y = self.xp.transpose(y, tuple(int(a) for a in np.argsort(plan.y_axes)))
        if plan.y_window is None:
            return y
        return y[tuple(slice(start, start + n)
                       for start, n in zip(plan.y_window, self.result_shape))]

    @staticmethod
    def _refuse(handle: Any, key: tuple, reason: str) -> str:
        handle.configurations[key] = reason
        # (the operands' own strides: packed copies are tried next, and a
        # refusal of those is what counts)
        _state["repacked" if not key[0].packed else "refused"][key] = reason
        return reason

    def _set_up(self, handle: Any, key: tuple, plan: ConvPlan, lhs: Any, rhs: Any) -> Any:
        """The configuration of ``key``, or the reason cuDNN cannot run it."""
        xp = self.xp
        rng = np.random.default_rng(0)
        carried = plan.dtype == _BF16
        lhs_r, rhs_r = (_random_like(xp, v, rng, carried) for v in (lhs, rhs))
        try:
            x, w = self.operands(lhs_r, rhs_r, plan)
            y = self.output(plan)
            with handle.lock:
                handle.bind(xp.cuda.get_current_stream().ptr)
                configuration = handle.configure(plan, x, w, y)
                configuration.choose_algorithm(x, w, y, measure=True)
                configuration.run(x, w, y)
            want = self.fallback(lhs_r, rhs_r)[0]
            got = self.result_of(y, plan)
            if not _close(_host(xp, got), _host(xp, want), _TYPES[plan.dtype][4], plan.dtype):
                raise CudnnError(f"algorithm {configuration.algo} differs from im2col")
        except Exception as err:  # a status, or a call this cuDNN does not take
            return self._refuse(handle, key, f"{type(err).__name__}: {err}"[:200])
        handle.configurations[key] = configuration
        return configuration


def _host(xp: Any, x: Any) -> np.ndarray:
    return x if isinstance(x, np.ndarray) else xp.asnumpy(x)


def bfloat16_convolution_kernel(op: Any, xp: Any, twin_kernel: Callable | None
                                ) -> Callable | None:
    """The kernel of a convolution of bfloat16 operands into bfloat16, on
    bfloat16 carriers: cuDNN's bfloat16 convolution, else ``twin_kernel`` (the
    f32 twin's kernel between widening and rounding, which computes the same
    up to the order of the sums); None without a twin."""
    if twin_kernel is None:
        return None
    if xp is np or os.environ.get("JAXLIB_GPU_CUDNN", "1") in ("0", ""):
        return twin_kernel
    from jaxlib._src.ops.linalg import _ConvSpec

    result = op.result_types[0]
    if any(t.element_type != "bf16" for t in (*op.operand_types, result)):
        return twin_kernel
    spec = _ConvSpec(op)
    shapes = [tuple(t.shape) for t in (*op.operand_types[:2], result)]
    plan = plan_convolution(spec, *shapes, (_BF16,) * 3)
    if isinstance(plan, str):
        return twin_kernel
    return CudnnConvolution(plan, xp, twin_kernel, shapes[2],
                            alternative=forward_plan(spec, plan, *shapes))


def convolution_kernel(op: Any, spec: Any, xp: Any, fallback: Callable) -> Callable:
    """The device kernel of ``op``: cuDNN first, ``fallback`` otherwise (mock
    GPUs, no library, a configuration cuDNN does not take)."""
    if xp is np or os.environ.get("JAXLIB_GPU_CUDNN", "1") in ("0", ""):
        return fallback
    from jaxlib._src.ir.types import numpy_dtype

    result = op.result_types[0]
    plan = plan_convolution(
        spec, tuple(op.operand_types[0].shape), tuple(op.operand_types[1].shape),
        tuple(result.shape), tuple(numpy_dtype(t.element_type) for t in
                                   (op.operand_types[0], op.operand_types[1], result)))
    if isinstance(plan, str):
        return fallback
    alternative = forward_plan(spec, plan, op.operand_types[0].shape,
                               op.operand_types[1].shape, result.shape)
    return CudnnConvolution(plan, xp, fallback, tuple(result.shape), alternative=alternative)
