"""The arguments jaxlib-gpu passes to cuBLAS, checked without a GPU.

cublas.py hands ``cublasGemmStridedBatchedEx`` column-major views of
row-major (or transposed, sliced, broadcast) arrays. Here a stand-in library
carries out that call with cuBLAS's documented column-major semantics on host
memory, through the same pointers, so a wrong operation, leading dimension,
stride or operand order shows up as a wrong product on any machine.
"""

from __future__ import annotations

import ctypes

import ml_dtypes
import numpy as np
import pytest

from jaxlib.gpu_runtime import cublas

_BF16 = 14  # CUDA_R_16BF: bfloat16 carriers, uint16 arrays of their bits
_NUMPY_OF_TYPE = {2: np.float16, 0: np.float32, 1: np.float64, 4: np.complex64,
                  5: np.complex128, _BF16: np.uint16}


class _Array(np.ndarray):
    """A host array with CuPy's ``data.ptr``."""

    @property
    def data(self):  # type: ignore[override]
        return type("Pointer", (), {"ptr": self.ctypes.data})()


def _wrap(x: np.ndarray) -> _Array:
    return x.view(_Array)


class _Cupy:
    """The few CuPy calls cublas.py makes, over host memory."""

    class cuda:  # CuPy's spelling
        @staticmethod
        def get_current_stream():
            return type("Stream", (), {"ptr": 1234})()

    @staticmethod
    def empty(shape, dtype):
        return _wrap(np.empty(shape, dtype))

    @staticmethod
    def ascontiguousarray(x):
        return _wrap(np.ascontiguousarray(x))


def _column_major(pointer: int, dtype, rows: int, cols: int, ld: int, stride: int,
                  batch: int) -> np.ndarray:
    """[batch, rows, cols] with element (b, i, j) at pointer + b*stride + i + j*ld."""
    item = np.dtype(dtype).itemsize
    extent = (batch - 1) * stride + (rows - 1) + (cols - 1) * ld + 1
    memory = np.ctypeslib.as_array((ctypes.c_uint8 * (extent * item)).from_address(pointer))
    return np.lib.stride_tricks.as_strided(memory.view(dtype), (batch, rows, cols),
                                           (stride * item, item, ld * item))


class _Library:
    """cublasGemmStridedBatchedEx as documented: C = op(A) @ op(B), column-major."""

    def __init__(self):
        self.calls = []

    def cublasGemmStridedBatchedEx(self, handle, op_a, op_b, m, n, k, alpha, a, a_type,
                                   lda, stride_a, b, b_type, ldb, stride_b, beta, c,
                                   c_type, ldc, stride_c, batch, compute, algo):
        self.calls.append((op_a, op_b, m, n, k, lda, ldb, ldc))
        dtype = _NUMPY_OF_TYPE[a_type]
        assert a_type == b_type and algo == -1
        assert c_type == a_type or (a_type == _BF16 and c_type == 0)  # bf16 into f32
        assert compute == (70 if dtype in (np.float64, np.complex128) else 68)
        shape_a = (m, k) if op_a == 0 else (k, m)
        shape_b = (k, n) if op_b == 0 else (n, k)
        assert lda >= max(1, shape_a[0]) and ldb >= max(1, shape_b[0]) and ldc >= max(1, m)
        mat_a = _column_major(a, dtype, *shape_a, lda, stride_a, batch)
        mat_b = _column_major(b, dtype, *shape_b, ldb, stride_b, batch)
        if op_a == 1:
            mat_a = mat_a.transpose(0, 2, 1)
        if op_b == 1:
            mat_b = mat_b.transpose(0, 2, 1)
        out = _column_major(c, _NUMPY_OF_TYPE[c_type], m, n, ldc, stride_c, batch)
        if a_type == _BF16:  # bits widened, products accumulated in f32, rounded once
            product = np.matmul(*((x.astype(np.uint32) << 16).view(np.float32)
                                  for x in (mat_a, mat_b)))
            out[...] = (product.astype(ml_dtypes.bfloat16).view(np.uint16)
                        if c_type == _BF16 else product)
        else:
            out[...] = np.matmul(mat_a, mat_b)
        return 0

    def cublasSetStream_v2(self, handle, stream):
        return 0

    def cublasSetWorkspace_v2(self, handle, pointer, size):
        return 0


class _Handle(cublas._Handle):
    def __init__(self):  # no device: a stand-in library and no workspace
        self.lib = _Library()
        self.handle = None
        self.workspace = _wrap(np.empty(1, np.uint8))
        self.stream = None


def _views(dtype) -> list[tuple[np.ndarray, np.ndarray]]:
    """Pairs [b, m, k], [b, k, n] laid out every way dot_general_arrays and
    the im2col convolution hand them over."""
    rng = np.random.default_rng(0)

    def draw(*shape):
        x = rng.standard_normal(shape)
        if np.dtype(dtype).kind == "c":
            x = x + 1j * rng.standard_normal(shape)
        return x.astype(dtype)

    a, c = draw(3, 5, 4), draw(3, 4, 6)
    return [
        (a, c),
        (draw(3, 4, 5).transpose(0, 2, 1), draw(3, 6, 4).transpose(0, 2, 1)),
        (a, draw(3, 6, 4).transpose(0, 2, 1)),  # lhs @ rhs^T
        (draw(3, 4, 5).transpose(0, 2, 1), c),  # lhs^T @ rhs
        (draw(5, 4)[None], draw(4, 6)[None]),
        (draw(4, 5).T[None], draw(6, 4).T[None]),
        (np.broadcast_to(a[:1], a.shape), c),
        (a[:, :, :3], c[:, :3]),  # column slices: leading dimension above the width
        (draw(3, 5, 8)[:, :, ::2], c),  # a column stride: copied first
        (draw(5, 3, 4).transpose(1, 0, 2), draw(4, 3, 6).transpose(1, 0, 2)),
        (draw(3, 1, 4), draw(3, 4, 1)),
        (draw(3, 5, 1), draw(3, 1, 6)),
        (draw(2, 0, 4), draw(2, 4, 3)),
        (draw(2, 3, 0), draw(2, 0, 3)),
    ]


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64, np.complex64,
                                   np.complex128], ids=lambda d: np.dtype(d).name)
def test_gemm_arguments_give_the_row_major_product(dtype):
    handle = _Handle()
    for a, c in _views(dtype):
        keep = [np.array(a), np.array(c)]  # as_strided views must stay alive
        got = cublas._gemm(_Cupy, handle, _wrap(a), _wrap(c))
        want = np.matmul(*keep)
        tolerance = 1e-2 if dtype == np.float16 else 1e-5
        np.testing.assert_allclose(np.asarray(got), want, rtol=tolerance, atol=tolerance)
        assert got.shape == want.shape and got.flags.c_contiguous


def test_transposed_operands_are_passed_as_cublas_operations_not_copies():
    handle = _Handle()
    a = np.ones((6, 5), np.float32).T[None]  # [1, 5, 6], columns contiguous
    c = np.ones((4, 6), np.float32).T[None]  # [1, 6, 4]
    cublas._gemm(_Cupy, handle, _wrap(a), _wrap(c))
    op_a, op_b, m, n, k, lda, ldb, ldc = handle.lib.calls[-1]
    # out^T = c^T @ a^T: both operands transposed in place, leading dims of the bases.
    assert (op_a, op_b, m, n, k) == (1, 1, 4, 5, 6)
    assert (lda, ldb, ldc) == (6, 5, 4)


def test_the_namespace_without_cuda_uses_its_own_matmul():
    assert cublas.matmul_for(np) is np.matmul


@pytest.mark.parametrize("out", [np.float32, np.uint16], ids=["into_f32", "into_bf16"])
def test_bfloat16_carriers_go_to_the_bf16_gemm(out):
    # bfloat16 values on the GPU are uint16 carriers of their bits: passed as
    # CUDA_R_16BF, accumulated in f32, into f32 or carriers rounded once.
    handle = _Handle()
    for a, c in _views(np.float32):
        a16 = np.asarray(a).astype(ml_dtypes.bfloat16).view(np.uint16)
        c16 = np.asarray(c).astype(ml_dtypes.bfloat16).view(np.uint16)
        got = np.asarray(cublas._gemm(_Cupy, handle, _wrap(a16), _wrap(c16), out))
        want = np.matmul(a16.view(ml_dtypes.bfloat16).astype(np.float32),
                         c16.view(ml_dtypes.bfloat16).astype(np.float32))
        assert got.dtype == out and got.shape == want.shape
        if out == np.uint16:
            np.testing.assert_array_equal(got, want.astype(ml_dtypes.bfloat16).view(np.uint16))
        else:
            np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
