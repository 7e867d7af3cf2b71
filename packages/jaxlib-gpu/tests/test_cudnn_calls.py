"""The convolutions jaxlib-gpu hands cuDNN, checked without a GPU.

cudnn.py describes a stablehlo.convolution to ``cudnnConvolutionForward``:
tensor descriptors with the operands' own strides, a packed filter, cuDNN's
padding, strides, dilations and groups, and whatever cuDNN lacks done to the
input first. Here a stand-in library carries out the documented semantics of
those calls (NCHW-ordered dims over strided memory, cross-correlation) on host
memory, through the same pointers, so a wrong axis, stride, padding or filter
layout shows up as a result that differs from the core's im2col convolution.
"""

from __future__ import annotations

import ctypes
import itertools
import os

import ml_dtypes
import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops.linalg import _conv_kernel, _ConvSpec
from jaxlib.gpu_runtime import cudnn

_NUMPY_OF_TYPE = {0: np.float32, 1: np.float64, 2: np.float16, 9: np.uint16}
_BF16 = 9  # CUDNN_DATA_BFLOAT16: uint16 carriers of bfloat16 bits


def _read(array: np.ndarray, data_type: int) -> np.ndarray:
    if data_type == _BF16:
        return (array.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return array.astype(np.float64)


def _write(target: np.ndarray, values: np.ndarray, data_type: int) -> None:
    if data_type == _BF16:  # accumulated wide, rounded once
        values = values.astype(np.float32).astype(ml_dtypes.bfloat16).view(np.uint16)
    target[...] = values


class _Array(np.ndarray):
    """A host array with CuPy's ``data.ptr``."""

    @property
    def data(self):  # type: ignore[override]
        return type("Pointer", (), {"ptr": self.ctypes.data})()


def _wrap(value):
    return value.view(_Array) if isinstance(value, np.ndarray) else value


class _Stream:
    ptr = 1234
    capturing = False

    def is_capturing(self):
        return _Stream.capturing


class _Cupy:
    """numpy, with results that have CuPy's ``data.ptr``."""

    class cuda:  # CuPy's spelling
        @staticmethod
        def get_current_stream():
            return _Stream()

    class lib:
        class stride_tricks:
            @staticmethod
            def as_strided(x, shape, strides):
                return _wrap(np.lib.stride_tricks.as_strided(x, shape, strides))

    @staticmethod
    def asnumpy(x):
        return np.asarray(x)

    def __getattr__(self, name):
        function = getattr(np, name)
        return lambda *args, **kwargs: _wrap(function(*args, **kwargs))


def _memory(pointer: int, dtype, dims, strides) -> np.ndarray:
    """The strided array at ``pointer`` (strides in elements)."""
    item = np.dtype(dtype).itemsize
    extent = 1 + sum((n - 1) * s for n, s in zip(dims, strides))
    raw = np.ctypeslib.as_array((ctypes.c_uint8 * (extent * item)).from_address(pointer))
    return np.lib.stride_tricks.as_strided(raw.view(dtype), dims,
                                           [s * item for s in strides])


def _value(argument):
    """An int from what ctypes would have converted (c_void_p, c_int, int)."""
    return getattr(argument, "value", argument)


class _Library:
    """The cuDNN calls cudnn.py makes, as documented, on host memory."""

    def __init__(self, wrong: bool = False, find_status: int = 0, tensor_first: bool = False):
        self.objects: dict[int, dict] = {}
        self.calls: dict[str, int] = {}
        self.wrong = wrong  # a broken library: results off by one
        self.find_status = find_status
        # The search's best result runs on tensor cores (math type 2: f32
        # inputs rounded to TF32) before the one with the descriptor's math.
        self.tensor_first = tensor_first
        self.math_at_run: list[int] = []

    def _new(self, reference) -> int:
        key = len(self.objects) + 1
        self.objects[key] = {}
        reference._obj.value = key
        return 0

    def _object(self, descriptor) -> dict:
        return self.objects[_value(descriptor)]

    cudnnCreate = _new
    cudnnCreateTensorDescriptor = _new
    cudnnCreateFilterDescriptor = _new
    cudnnCreateConvolutionDescriptor = _new

    def cudnnSetStream(self, handle, stream):
        return 0

    def cudnnGetErrorString(self, code):
        return b"CUDNN_STATUS_STAND_IN"

    def cudnnSetTensorNdDescriptor(self, descriptor, data_type, count, dims, strides):
        assert count in (4, 5) and all(s > 0 for s in list(strides)[:count])
        self._object(descriptor).update(type=data_type, dims=tuple(dims[:count]),
                                        strides=tuple(strides[:count]))
        return 0

    def cudnnSetFilterNdDescriptor(self, descriptor, data_type, layout, count, dims):
        assert layout in (0, 1) and count in (4, 5)
        self._object(descriptor).update(type=data_type, layout=layout, dims=tuple(dims[:count]))
        return 0

    def cudnnSetConvolutionNdDescriptor(self, descriptor, count, pads, strides, dilations,
                                        mode, compute):
        assert mode == 1 and count in (2, 3)  # cross-correlation
        self._object(descriptor).update(pads=tuple(pads[:count]), strides=tuple(strides[:count]),
                                        dilations=tuple(dilations[:count]), compute=compute,
                                        groups=1)
        return 0

    def cudnnSetConvolutionGroupCount(self, descriptor, groups):
        self._object(descriptor)["groups"] = groups
        return 0

    def cudnnSetConvolutionMathType(self, descriptor, math):
        self._object(descriptor)["math"] = math
        return 0

    def cudnnGetConvolutionNdForwardOutputDim(self, conv, x, w, count, out):
        conv, x, w = self._object(conv), self._object(x), self._object(w)
        assert x["dims"][1] == w["dims"][1] * conv["groups"]
        dims = [x["dims"][0], w["dims"][0]] + [
            1 + (n + 2 * p - ((k - 1) * d + 1)) // s for n, k, p, s, d in zip(
                x["dims"][2:], w["dims"][2:], conv["pads"], conv["strides"], conv["dilations"])]
        for i, n in enumerate(dims[:count]):
            out[i] = n
        return 0

    def _search(count_at: int, fft: int):
        """A Find...AlgorithmEx or Get...Algorithm_v7 of the stand-in: the
        count and the results are its arguments ``count_at`` and the next."""
        conv_at = 5 if count_at == 9 else 3
        return lambda self, *args: self._choice(args[count_at], args[count_at + 1], fft,
                                                self._object(args[conv_at]).get("math", 0))

    # (handle, 3 descriptors and pointers in pairs, requested, count, results, ...) and
    # (handle, 4 descriptors, requested, count, results); forward's FFT is algorithm 4,
    # the backward ones' 2
    cudnnFindConvolutionForwardAlgorithmEx = _search(9, 4)
    cudnnGetConvolutionForwardAlgorithm_v7 = _search(6, 4)
    cudnnFindConvolutionBackwardDataAlgorithmEx = _search(9, 2)
    cudnnGetConvolutionBackwardDataAlgorithm_v7 = _search(6, 2)
    cudnnFindConvolutionBackwardFilterAlgorithmEx = _search(9, 2)
    cudnnGetConvolutionBackwardFilterAlgorithm_v7 = _search(6, 2)

    def _choice(self, count_ref, results, fft=4, math=0):
        count_ref._obj.value = 2 + self.tensor_first
        results[0].algo, results[0].status, results[0].memory = fft, 0, 0  # FFT: not taken
        if self.tensor_first:
            results[1].algo, results[1].status, results[1].memory = 1, 0, 0
            results[1].math_type = 2
        last = results[1 + self.tensor_first]
        last.algo, last.status, last.memory, last.math_type = 1, self.find_status, 0, math
        return 0

    def cudnnConvolutionBackwardData(self, handle, alpha, w_desc, w_ptr, dy_desc, dy_ptr,
                                     conv_desc, algo, workspace, size, beta, dx_desc, dx_ptr):
        """The adjoint of the forward convolution from dx to dy."""
        wd, dyd, conv, dxd, dtype = self._call("backward_data", algo, w_desc, dy_desc,
                                               conv_desc, dx_desc)
        assert conv["groups"] == 1
        dy = _read(_memory(dy_ptr, dtype, dyd["dims"], dyd["strides"]), dyd["type"])
        w = _read(self._filter(w_ptr, dtype, wd), wd["type"])
        n, c, *spatial = dxd["dims"]
        out_spatial = dyd["dims"][2:]
        assert dyd["dims"][:2] == (n, wd["dims"][0]) and wd["dims"][1] == c
        assert tuple(out_spatial) == tuple(
            1 + (i + 2 * p - ((r - 1) * d + 1)) // t for i, r, p, t, d in zip(
                spatial, wd["dims"][2:], conv["pads"], conv["strides"], conv["dilations"]))
        padded = np.zeros((n, c, *(i + 2 * p for i, p in zip(spatial, conv["pads"]))))
        for position in itertools.product(*(range(r) for r in wd["dims"][2:])):
            window = (slice(None), slice(None)) + tuple(
                slice(r * d, r * d + (o - 1) * t + 1, t) for r, d, o, t in
                zip(position, conv["dilations"], out_spatial, conv["strides"]))
            padded[window] += np.einsum("nk...,kc->nc...", dy,
                                        w[(slice(None), slice(None)) + position])
        dx = _memory(dx_ptr, dtype, dxd["dims"], dxd["strides"])
        _write(dx, padded[(slice(None), slice(None)) + tuple(
            slice(p, p + i) for p, i in zip(conv["pads"], spatial))], dxd["type"])
        return 0

    def cudnnConvolutionBackwardFilter(self, handle, alpha, x_desc, x_ptr, dy_desc, dy_ptr,
                                       conv_desc, algo, workspace, size, beta, dw_desc, dw_ptr):
        """dw[k, c, r] = sum over n and o of x_padded[n, c, o * stride + r * dilation]
        * dy[n, k, o]."""
        xd, dyd, conv, wd, dtype = self._call("backward_filter", algo, x_desc, dy_desc,
                                              conv_desc, dw_desc)
        assert conv["groups"] == 1
        x = _read(_memory(x_ptr, dtype, xd["dims"], xd["strides"]), xd["type"])
        dy = _read(_memory(dy_ptr, dtype, dyd["dims"], dyd["strides"]), dyd["type"])
        k, c, *window = wd["dims"]
        n, _, *out_spatial = dyd["dims"]
        assert xd["dims"][:2] == (n, c) and dyd["dims"][1] == k
        assert tuple(out_spatial) == tuple(
            1 + (i + 2 * p - ((r - 1) * d + 1)) // t for i, r, p, t, d in zip(
                xd["dims"][2:], window, conv["pads"], conv["strides"], conv["dilations"]))
        padded = np.pad(x, [(0, 0), (0, 0)] + [(p, p) for p in conv["pads"]])
        dw = np.zeros((k, c, *window))
        for position in itertools.product(*(range(r) for r in window)):
            patch = padded[(slice(None), slice(None)) + tuple(
                slice(r * d, r * d + (o - 1) * t + 1, t) for r, d, o, t in
                zip(position, conv["dilations"], out_spatial, conv["strides"]))]
            summed = [0, *range(2, patch.ndim)]  # the batch and dy's positions
            dw[(slice(None), slice(None)) + position] = np.tensordot(dy, patch,
                                                                     (summed, summed))
        _write(self._filter(dw_ptr, dtype, wd), dw, wd["type"])
        return 0

    def _call(self, kind, algo, first, second, conv, out):
        """A call counted: its descriptors (one type for all) and numpy's dtype."""
        self.calls[kind] = self.calls.get(kind, 0) + 1
        assert algo == 1  # the second algorithm the search offered: the first is FFT
        objects = [self._object(d) for d in (first, second, conv, out)]
        self.math_at_run.append(objects[2].get("math"))
        assert objects[0]["type"] == objects[1]["type"] == objects[3]["type"]
        return (*objects, _NUMPY_OF_TYPE[objects[0]["type"]])

    def _filter(self, pointer, dtype, descriptor):
        """A packed filter, read in KCRS order."""
        k, c, *window = descriptor["dims"]
        if descriptor["layout"] == 0:
            return _memory(pointer, dtype, descriptor["dims"], _packed(descriptor["dims"]))
        krsc = (k, *window, c)
        return np.moveaxis(_memory(pointer, dtype, krsc, _packed(krsc)), -1, 1)

    def cudnnConvolutionForward(self, handle, alpha, x_desc, x_ptr, w_desc, w_ptr, conv_desc,
                                algo, workspace, size, beta, y_desc, y_ptr):
        xd, wd, conv, yd, dtype = self._call("forward", algo, x_desc, w_desc, conv_desc,
                                             y_desc)
        x = _read(_memory(x_ptr, dtype, xd["dims"], xd["strides"]), xd["type"])
        w = _read(self._filter(w_ptr, dtype, wd), wd["type"])
        out = _direct_convolution(x, w, conv["pads"], conv["strides"],
                                  conv["dilations"], conv["groups"])
        assert out.shape == yd["dims"]
        y = _memory(y_ptr, dtype, yd["dims"], yd["strides"])
        _write(y, out + (1 if self.wrong else 0), yd["type"])
        return 0


def _packed(dims) -> tuple[int, ...]:
    return tuple(int(np.prod(dims[i + 1:], dtype=np.int64)) for i in range(len(dims)))


def _direct_convolution(x, w, pads, strides, dilations, groups):
    """Cross-correlation of [N, C, spatial...] with [K, C / groups, window...]."""
    n, c, *spatial = x.shape
    k, cg, *window = w.shape
    padded = np.pad(x, [(0, 0), (0, 0)] + [(p, p) for p in pads])
    out_spatial = [1 + (s + 2 * p - ((r - 1) * d + 1)) // t
                   for s, r, p, t, d in zip(spatial, window, pads, strides, dilations)]
    out = np.zeros((n, k, *out_spatial))
    kg = k // groups
    for position in itertools.product(*(range(r) for r in window)):
        patch = padded[(slice(None), slice(None)) + tuple(
            slice(r * d, r * d + (o - 1) * t + 1, t)
            for r, d, o, t in zip(position, dilations, out_spatial, strides))]
        for g in range(groups):
            tap = w[(slice(g * kg, (g + 1) * kg), slice(None)) + position]
            out[:, g * kg:(g + 1) * kg] += np.einsum(
                "nc...,kc->nk...", patch[:, g * cg:(g + 1) * cg], tap)
    return out


class _Handle(cudnn.Handle):
    def __init__(self, library: _Library):
        super().__init__(_Cupy(), library, workspace=_wrap(np.empty(16, np.uint8)))


def _text(shapes: str, numbers: str, window: str = "", groups: int = 1,
          element: str = "f32", result: str | None = None, batch_groups: int = 1) -> str:
    lhs, rhs, out = (f"tensor<{s}x{e}>" for s, e in zip(
        shapes.split(" "), (element, element, result or element)))
    return (f"func.func @main(%a: {lhs}, %b: {rhs}) -> {out} {{\n"
            f"  %0 = stablehlo.convolution(%a, %b) dim_numbers = {numbers}, "
            f"window = {{{window}}} {{batch_group_count = {batch_groups} : i64, "
            f"feature_group_count = {groups} : i64}} : ({lhs}, {rhs}) -> {out}\n"
            f"  return %0 : {out}\n}}\n")


def _convolution(*case, **options):
    module = parse_module(_text(*case, **options))
    op = next(op for op in module.walk() if getattr(op, "name", "") == "stablehlo.convolution")
    assert _ConvSpec(op).expected_shape == op.result_types[0].shape  # the case is right
    return op


def _kernel(op, library):
    spec = _ConvSpec(op)
    fallback = _conv_kernel(op, spec)
    plan = cudnn.plan_convolution(
        spec, op.operand_types[0].shape, op.operand_types[1].shape, op.result_types[0].shape,
        [numpy_dtype(t.element_type) for t in (*op.operand_types, op.result_types[0])])
    assert not isinstance(plan, str), plan
    handle = _Handle(library)
    alternative = cudnn.forward_plan(spec, plan, op.operand_types[0].shape,
                                     op.operand_types[1].shape, op.result_types[0].shape)
    return cudnn.CudnnConvolution(plan, _Cupy(), fallback, op.result_types[0].shape,
                                  handle_for=lambda xp: handle,
                                  alternative=alternative), fallback


_CASES = {
    "nhwc_same": ("2x6x5x3 3x3x3x4 2x6x5x4", "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]",
                  "stride = [1, 1], pad = [[1, 1], [1, 1]]"),
    "nchw": ("2x3x6x5 4x3x3x2 2x4x4x4", "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]",
             "stride = [1, 1], pad = [[0, 0], [0, 0]]"),
    "strided_uneven": ("2x7x6x3 3x3x3x4 2x3x3x4", "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]",
                       "stride = [2, 2], pad = [[0, 1], [0, 1]]"),
    "input_gradient": ("2x4x3x4 3x3x3x4 2x8x6x3", "[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]",
                       "stride = [1, 1], pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2], "
                       "reverse = [true, true]"),
    "input_gradient_1x1": ("2x4x3x4 1x1x3x4 2x8x6x3", "[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]",
                           "stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [2, 2]"),
    "input_gradient_nchw": ("2x4x4x3 4x3x3x3 2x3x9x6", "[b, f, 0, 1]x[i, o, 0, 1]->[b, f, 0, 1]",
                            "stride = [1, 1], pad = [[2, 2], [2, 1]], lhs_dilate = [2, 2], "
                            "rhs_dilate = [1, 1]"),
    "input_gradient_1d": ("2x5x4 3x3x4 2x11x3", "[b, 0, f]x[0, o, i]->[b, 0, f]",
                          "stride = [1], pad = [[1, 1]], lhs_dilate = [3], rhs_dilate = [2]"),
    "dilated_and_strided_input": ("2x5x5x3 3x3x3x4 2x5x5x4",
                                  "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]",
                                  "stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2]"),
    "weight_gradient": ("2x8x6x3 2x4x3x4 3x3x3x4", "[f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f]",
                        "stride = [1, 1], pad = [[0, 1], [0, 1]], rhs_dilate = [2, 2]"),
    "weight_gradient_uneven": ("2x8x8x3 2x4x4x4 3x3x3x4",
                               "[f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f]",
                               "stride = [1, 1], pad = [[0, 1], [1, 0]], rhs_dilate = [2, 2]"),
    "negative_padding": ("2x8x6x3 2x4x3x4 1x1x3x4", "[f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f]",
                         "stride = [1, 1], pad = [[0, -1], [0, -1]], rhs_dilate = [2, 2]"),
    "dilated_strided": ("1x9x9x2 2x2x2x3 1x5x5x3", "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]",
                        "stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [2, 2]"),
    "one_d": ("2x3x9 4x3x2 2x4x5", "[b, f, 0]x[o, i, 0]->[b, f, 0]",
              "stride = [2], pad = [[1, 1]]"),
    "one_d_features_last": ("2x9x3 2x3x4 2x10x4", "[b, 0, f]x[0, i, o]->[b, 0, f]",
                            "stride = [1], pad = [[1, 1]]"),
    "three_d": ("1x4x4x3x2 2x2x2x2x3 1x3x3x2x3",
                "[b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f]",
                "stride = [1, 1, 1], pad = [[0, 0], [0, 0], [0, 0]]"),
    "result_transposed": ("2x5x5x3 3x3x3x4 4x2x5x5", "[b, 0, 1, f]x[0, 1, i, o]->[f, b, 0, 1]",
                          "stride = [1, 1], pad = [[1, 1], [1, 1]]"),
}


_GROUPED = ("2x5x5x4 3x3x2x6 2x5x5x6", "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]",
            "stride = [1, 1], pad = [[1, 1], [1, 1]]")


@pytest.fixture(autouse=True)
def _own_refusals(monkeypatch):
    monkeypatch.setitem(cudnn._state, "refused", {})
    monkeypatch.setitem(cudnn._state, "repacked", {})


@pytest.mark.parametrize("case", sorted(_CASES))
def test_a_convolution_on_cudnn_is_the_im2col_one(case):
    op = _convolution(*_CASES[case])
    library = _Library()
    kernel, fallback = _kernel(op, library)
    rng = np.random.default_rng(1)
    lhs, rhs = (rng.standard_normal(t.shape).astype(np.float32) for t in op.operand_types)
    for _ in range(2):  # set up (checked on random data), then run as set up
        (got,) = kernel(_wrap(lhs), _wrap(rhs))
        np.testing.assert_allclose(got, fallback(lhs, rhs)[0], rtol=1e-5, atol=1e-5)
    assert not [c for c in kernel.memo.values() if isinstance(c, str)]  # no refusal
    # input gradients of strided convolutions as backward data, weight gradients as
    # backward filter; the check, then both runs
    mode = ("backward_data" if case.startswith("input_gradient") else
            "backward_filter" if case in ("weight_gradient", "negative_padding",
                                          "weight_gradient_uneven") else "forward")
    assert kernel.plan.mode == mode
    assert library.calls == {mode: 3}


def test_feature_groups_and_other_types():
    for element, dtype, tolerance in (("f64", np.float64, 1e-12), ("f16", np.float16, 1e-2)):
        op = _convolution(*_GROUPED, groups=2, element=element)
        library = _Library()
        kernel, fallback = _kernel(op, library)
        assert kernel.plan.groups == 2
        rng = np.random.default_rng(2)
        lhs, rhs = (rng.standard_normal(t.shape).astype(dtype) for t in op.operand_types)
        (got,) = kernel(_wrap(lhs), _wrap(rhs))
        want = fallback(lhs, rhs)[0]
        assert got.dtype == dtype and library.calls == {"forward": 2}
        np.testing.assert_allclose(got.astype(np.float64), want.astype(np.float64),
                                   rtol=tolerance, atol=tolerance)


def test_f32_convolutions_never_take_tensor_core_math():
    # The search's best may be a tensor-op algorithm (TF32 inputs): f32 and
    # f64 take the next one with their own math; 16-bit types run with the
    # math type their algorithm was found with.
    for element, dtype, math in (("f32", np.float32, 3), ("f64", np.float64, 0),
                                 ("f16", np.float16, 2)):
        op = _convolution(*_GROUPED, groups=2, element=element)
        library = _Library(tensor_first=True)
        kernel, fallback = _kernel(op, library)
        rng = np.random.default_rng(2)
        lhs, rhs = (rng.standard_normal(t.shape).astype(dtype) for t in op.operand_types)
        (got,) = kernel(_wrap(lhs), _wrap(rhs))
        assert library.calls == {"forward": 2}
        assert library.math_at_run == [math, math], element
        np.testing.assert_allclose(got.astype(np.float64),
                                   fallback(lhs, rhs)[0].astype(np.float64), rtol=1e-2, atol=1e-2)


@pytest.mark.parametrize("case", ["nhwc_same", "input_gradient", "weight_gradient"])
def test_bfloat16_convolutions_on_carriers(case):
    # bfloat16 values on the GPU are uint16 carriers of their bits; cuDNN's
    # bfloat16 convolution reads and writes them, the f32 twin is the fallback.
    from jaxlib.gpu_runtime.kernels import bf16_convolution_kernel

    op = _convolution(*_CASES[case], element="bf16")
    twin = bf16_convolution_kernel(op, np)  # numpy: the twin between widening and rounding
    spec = _ConvSpec(op)
    shapes = [t.shape for t in (*op.operand_types, op.result_types[0])]
    plan = cudnn.plan_convolution(spec, *shapes, [ml_dtypes.bfloat16] * 3)
    library = _Library()
    handle = _Handle(library)
    kernel = cudnn.CudnnConvolution(plan, _Cupy(), twin, shapes[2],
                                    handle_for=lambda xp: handle)
    rng = np.random.default_rng(7)
    lhs, rhs = (rng.standard_normal(s).astype(ml_dtypes.bfloat16).view(np.uint16)
                for s in shapes[:2])
    for _ in range(2):
        (got,) = kernel(_wrap(lhs), _wrap(rhs))
        (want,) = twin(lhs, rhs)
        assert got.dtype == np.uint16 and want.dtype == np.uint16
        np.testing.assert_allclose(got.view(ml_dtypes.bfloat16).astype(np.float32),
                                   want.view(ml_dtypes.bfloat16).astype(np.float32),
                                   rtol=1e-2, atol=1e-2)
    assert sum(library.calls.values()) == 3 and not cudnn.refused()
    assert library.objects[2]["type"] == _BF16  # the input's descriptor


@pytest.mark.parametrize("case", ["nhwc_same", "input_gradient", "weight_gradient"])
def test_a_wider_result_type_widens_the_operands(case):
    # preferred_element_type: f16 operands into f32 run as the f32 convolution of
    # the widened operands (exact), as an f32 program with widened inputs would.
    op = _convolution(*_CASES[case], element="f16", result="f32")
    library = _Library()
    kernel, fallback = _kernel(op, library)
    assert kernel.plan.widen and kernel.plan.dtype == np.float32
    rng = np.random.default_rng(8)
    lhs, rhs = (rng.standard_normal(t.shape).astype(np.float16) for t in op.operand_types)
    (got,) = kernel(_wrap(lhs), _wrap(rhs))
    assert got.dtype == np.float32 and sum(library.calls.values()) == 2
    np.testing.assert_allclose(got, fallback(lhs, rhs)[0], rtol=1e-5, atol=1e-5)
    assert library.objects[2]["type"] == 0  # the input's descriptor: f32


_BATCH_GROUPED = {  # jax's weight gradients of grouped (here depthwise) convolutions
    "nhwc": ("6x5x5x2 3x3x2x6 2x3x3x6", "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]",
             "stride = [1, 1], pad = [[0, 0], [0, 0]]"),
    "weight_gradient": ("4x7x6x3 4x4x3x6 2x3x1x6", "[f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f]",
                        "stride = [1, 1], pad = [[0, 1], [1, 0]], rhs_dilate = [2, 2]"),
}


@pytest.mark.parametrize("case", sorted(_BATCH_GROUPED))
def test_batch_groups_run_as_feature_groups(case):
    op = _convolution(*_BATCH_GROUPED[case], batch_groups=3)
    library = _Library()
    kernel, fallback = _kernel(op, library)
    assert kernel.plan.batch_split is not None and kernel.plan.groups == 3
    rng = np.random.default_rng(10)
    lhs, rhs = (rng.standard_normal(t.shape).astype(np.float32) for t in op.operand_types)
    for _ in range(2):
        (got,) = kernel(_wrap(lhs), _wrap(rhs))
        np.testing.assert_allclose(got, fallback(lhs, rhs)[0], rtol=1e-5, atol=1e-5)
    assert library.calls == {"forward": 3}


def test_strided_and_broadcast_operands_are_read_as_laid_out():
    op = _convolution(*_CASES["nhwc_same"])
    library = _Library()
    kernel, fallback = _kernel(op, library)
    rng = np.random.default_rng(3)
    lhs = rng.standard_normal((2, 5, 6, 3)).astype(np.float32).transpose(0, 2, 1, 3)
    rhs = np.broadcast_to(rng.standard_normal((3, 3, 3, 1)).astype(np.float32), (3, 3, 3, 4))
    x, _ = kernel.operands(_wrap(lhs), _wrap(rhs))
    assert x.strides == lhs.strides  # the transposed view is read in place
    (got,) = kernel(_wrap(lhs), _wrap(rhs))
    np.testing.assert_allclose(got, fallback(lhs, rhs)[0], rtol=1e-5, atol=1e-5)
    assert library.calls == {"forward": 2}


def test_unit_dimensions_with_any_stride():
    # jnp.convolve reshapes vectors to [1, 1, n]: numpy gives the unit dimensions
    # stride 0, which cuDNN's descriptors get as a packed layout's.
    op = _convolution("1x1x9 1x1x3 1x1x7", "[b, f, 0]x[o, i, 0]->[b, f, 0]",
                      "stride = [1], pad = [[0, 0]]")
    library = _Library()
    kernel, fallback = _kernel(op, library)
    vector = np.arange(9, dtype=np.float32)
    lhs = np.lib.stride_tricks.as_strided(vector, (1, 1, 9), (0, 0, 4))
    rhs = np.array([[[1, -2, 3]]], np.float32)
    (got,) = kernel(_wrap(lhs), _wrap(rhs))
    np.testing.assert_allclose(got, fallback(lhs, rhs)[0])
    assert sum(library.calls.values()) == 2
    assert all(s > 0 for s in library.objects[2]["strides"])


def test_a_wrong_or_failing_library_leaves_the_convolution_on_im2col():
    op = _convolution(*_CASES["nchw"])
    rng = np.random.default_rng(4)
    lhs, rhs = (rng.standard_normal(t.shape).astype(np.float32) for t in op.operand_types)
    for library, reason in ((_Library(wrong=True), "differs from im2col"),
                            (_Library(find_status=3), "no cuDNN algorithm")):
        kernel, fallback = _kernel(op, library)
        for _ in range(2):
            (got,) = kernel(_wrap(lhs), _wrap(rhs))
            np.testing.assert_array_equal(got, fallback(lhs, rhs)[0])
        # only the checks: on the operands' own strides, then on packed copies
        assert library.calls == ({"forward": 2} if library.wrong else {})
        configurations = list(kernel.memo.values())
        assert len(configurations) == 2 and all(reason in c for c in configurations)
        assert any(reason in r for r in cudnn.refused().values())
        assert any(reason in r for r in cudnn.repacked().values())


def test_a_refused_backward_convolution_runs_forward_on_cudnn():
    # A cuDNN that takes no backward-filter algorithm: the weight gradient runs
    # as a forward convolution on cuDNN, not on im2col.
    op = _convolution(*_CASES["weight_gradient"])
    library = _Library()

    def search(*args):  # every algorithm found fails (status 3: CUDNN_STATUS_BAD_PARAM)
        count, results = args[9], args[10]
        library._choice(count, results, fft=2)
        for result in results[:count._obj.value]:
            result.status = 3
        return 0

    library.cudnnFindConvolutionBackwardFilterAlgorithmEx = search
    kernel, fallback = _kernel(op, library)
    assert [(p.mode, p.packed) for p in kernel.plans] == [
        ("backward_filter", False), ("backward_filter", True), ("forward", False),
        ("forward", True)]
    rng = np.random.default_rng(6)
    lhs, rhs = (rng.standard_normal(t.shape).astype(np.float32) for t in op.operand_types)
    for _ in range(2):
        (got,) = kernel(_wrap(lhs), _wrap(rhs))
        np.testing.assert_allclose(got, fallback(lhs, rhs)[0], rtol=1e-5, atol=1e-5)
    assert kernel.plan.mode == "forward" and library.calls == {"forward": 3}
    assert any("no cuDNN algorithm" in r for r in cudnn.refused().values())


class _PackedOnly(_Library):
    """A cuDNN that finds no algorithm for tensors of other strides than
    packed ones in its own axis order (cuDNN 9 on an H200 refused a result
    laid out [f, b, 0, 1] and a trimmed weight-gradient input)."""

    def _packed(self, descriptor) -> bool:
        described = self._object(descriptor)
        if "strides" not in described:  # a filter: packed by definition
            return True
        expected = 1
        for n, stride in reversed(list(zip(described["dims"], described["strides"]))):
            if n > 1 and stride != expected:
                return False
            expected *= n
        return True

    def _finding(name: str):
        def find(self, *args):
            result = getattr(_Library, name)(self, *args)
            if not all(self._packed(args[i]) for i in (1, 3, 6)):
                for found in args[10][:args[9]._obj.value]:
                    found.status = 9  # CUDNN_STATUS_NOT_SUPPORTED (cuDNN 8's number)
            return result
        return find

    cudnnFindConvolutionForwardAlgorithmEx = _finding("cudnnFindConvolutionForwardAlgorithmEx")
    cudnnFindConvolutionBackwardDataAlgorithmEx = _finding(
        "cudnnFindConvolutionBackwardDataAlgorithmEx")
    cudnnFindConvolutionBackwardFilterAlgorithmEx = _finding(
        "cudnnFindConvolutionBackwardFilterAlgorithmEx")


@pytest.mark.parametrize("case", ["result_transposed", "negative_padding", "nhwc_same",
                                  "weight_gradient", "input_gradient", "input_gradient_nchw"])
def test_layouts_cudnn_refuses_run_on_packed_copies(case):
    op = _convolution(*_CASES[case])
    library = _PackedOnly()
    kernel, fallback = _kernel(op, library)
    rng = np.random.default_rng(8)
    lhs, rhs = (rng.standard_normal(t.shape).astype(np.float32) for t in op.operand_types)
    for _ in range(2):
        (got,) = kernel(_wrap(lhs), _wrap(rhs))
        np.testing.assert_allclose(got, fallback(lhs, rhs)[0], rtol=1e-5, atol=1e-5)
    assert cudnn.refused() == {} and cudnn.status() in ("cudnn", "not used yet")
    assert kernel.plan.mode == kernel.plans[0].mode  # not the alternative
    mode = kernel.plan.mode
    if kernel.plan.packed:  # the strided set-up was refused, the packed one ran twice
        assert len(cudnn.repacked()) == 1 and library.calls == {mode: 3}
    else:  # (already packed: no copy needed)
        assert cudnn.repacked() == {} and library.calls == {mode: 3}


def test_no_configuration_is_set_up_while_a_graph_is_captured():
    op = _convolution(*_CASES["nhwc_same"])
    library = _Library()
    kernel, fallback = _kernel(op, library)
    lhs, rhs = (np.ones(t.shape, np.float32) for t in op.operand_types)
    _Stream.capturing = True
    try:
        (got,) = kernel(_wrap(lhs), _wrap(rhs))
    finally:
        _Stream.capturing = False
    np.testing.assert_array_equal(got, fallback(lhs, rhs)[0])
    assert library.calls == {} and not kernel.memo


@pytest.mark.parametrize("shapes,numbers,window,element,reason", [
    ("2x5x5x2 3x3x2x6 2x3x3x6", "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]",
     "stride = [1, 1], pad = [[0, 0], [0, 0]]", "complex<f32>", "types"),
    ("2x5 5x6 2x6", "[b, f]x[i, o]->[b, f]", "", "f32", "0 spatial dimensions"),
])
def test_what_cudnn_does_not_take_is_named(shapes, numbers, window, element, reason):
    op = _convolution(shapes, numbers, window, element=element)
    spec = _ConvSpec(op)
    plan = cudnn.plan_convolution(
        spec, op.operand_types[0].shape, op.operand_types[1].shape, op.result_types[0].shape,
        [numpy_dtype(t.element_type) for t in (*op.operand_types, op.result_types[0])])
    assert isinstance(plan, str) and reason in plan


def test_without_a_library_convolutions_run_on_im2col(monkeypatch):
    # No libcudnn here (CI): the kernel's handle lookup fails once, quietly.
    monkeypatch.setattr(cudnn, "_state", {"library": None, "status": "not used yet",
                                          "handles": {}, "refused": {}})
    monkeypatch.setattr(cudnn, "_candidates", lambda: ["libcudnn-that-is-not-here.so"])
    monkeypatch.setattr("jaxlib.gpu_runtime.cublas.loaded_library",
                        lambda prefix, names: (_ for _ in ()).throw(OSError("not loaded")))

    class Device:
        id = 0

    monkeypatch.setattr(_Cupy.cuda, "Device", Device, raising=False)
    assert cudnn._handle(_Cupy()) is None
    assert cudnn.status().startswith("im2col (OSError: no libcudnn")


def test_the_real_library_takes_these_descriptors():
    # Descriptors need no GPU: where a libcudnn is installed (GPU machines, or
    # LD_LIBRARY_PATH naming one), every case's descriptors are set up by it
    # and its result dims are the program's.
    try:
        library = cudnn._find_library()
    except (OSError, AttributeError) as err:
        pytest.skip(f"no libcudnn here: {err}")

    class Handle(cudnn.Handle):
        def __init__(self):  # no cudnnCreate: that needs a device
            self.lib, self.handle, self.workspace, self.stream = library, None, None, None

    cases = [_convolution(*case) for case in _CASES.values()] + [
        _convolution(*_GROUPED, groups=2, element=e) for e in ("f16", "f64")] + [
        _convolution(*_CASES[name], element="bf16")
        for name in ("nhwc_same", "input_gradient", "weight_gradient")] + [
        _convolution(*case, batch_groups=3) for case in _BATCH_GROUPED.values()]
    for op in cases:
        kernel, _ = _kernel(op, _Library())
        lhs, rhs = (_wrap(np.zeros(t.shape, kernel.plan.dtype)) for t in op.operand_types)
        x, w = kernel.operands(lhs, rhs)
        y = np.empty(kernel.plan.y_shape or kernel.result_shape, kernel.plan.dtype)
        Handle().configure(kernel.plan, x, w, _wrap(y))


# --- on a GPU (JAXLIB_GPU_TEST_BACKEND=cuda; mock GPUs run im2col) --------------------

BACKEND = os.environ.get("JAXLIB_GPU_TEST_BACKEND", "mock")


@pytest.fixture(scope="module")
def gpu():
    return xla_client.make_gpu_client(platform_name="cuda", mock=BACKEND == "mock")


@pytest.fixture(scope="module")
def cpu():
    return xla_client.make_cpu_client()


_DEVICE_CASES = {**{name: (case, 1, "f32") for name, case in _CASES.items()},
                 "grouped_f16": (_GROUPED, 2, "f16"), "grouped_f64": (_GROUPED, 2, "f64"),
                 "nhwc_bf16": (_CASES["nhwc_same"], 1, "bf16"),
                 "input_gradient_bf16": (_CASES["input_gradient"], 1, "bf16"),
                 "weight_gradient_bf16": (_CASES["weight_gradient"], 1, "bf16"),
                 "nhwc_f16_into_f32": (_CASES["nhwc_same"], 1, "f16 f32"),
                 **{f"batch_grouped_{name}": (case, 1, "f32", 3)
                    for name, case in _BATCH_GROUPED.items()}}


@pytest.mark.parametrize("name", sorted(_DEVICE_CASES))
def test_convolutions_on_the_gpu_match_the_cpu_and_replay_in_graphs(gpu, cpu, name):
    case, groups, element, *batch_groups = _DEVICE_CASES[name]
    element, result = (element.split(" ") + [None])[:2]
    text = _text(*case, groups=groups, element=element, result=result,
                 batch_groups=batch_groups[0] if batch_groups else 1)
    dtype = {"f16": np.float16, "f32": np.float32, "f64": np.float64,
             "bf16": ml_dtypes.bfloat16}[element]
    executable = gpu.compile_and_load(text)
    shapes = [tuple(int(n) for n in s.split("x")) for s in case[0].split(" ")[:2]]
    rng = np.random.default_rng(5)
    for _ in range(3):  # eager (each configuration set up and checked), captured, replayed
        args = [rng.standard_normal(shape).astype(dtype) for shape in shapes]
        (want,) = cpu.compile_and_load(text, cpu.devices()[:1]).execute(
            [cpu.buffer_from_pyval(a) for a in args])
        (got,) = executable.execute([gpu.buffer_from_pyval(a) for a in args])
        tolerance = 2e-2 if element in ("f16", "bf16") else 1e-4
        np.testing.assert_allclose(np.asarray(got).astype(np.float64),
                                   np.asarray(want).astype(np.float64),
                                   rtol=tolerance, atol=tolerance)
    assert executable.reference_kernel_steps() == []
    if BACKEND == "cuda":
        assert cudnn.status() == "cudnn", cudnn.status()
        assert executable.graph_status() == "graph"
