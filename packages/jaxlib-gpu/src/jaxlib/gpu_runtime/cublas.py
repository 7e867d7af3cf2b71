"""Batched products through cuBLAS on the executing stream, with our own handle.

CuPy refuses library calls while a stream is being captured (its wrappers
check for capture; cupy/cupy#6290), so a program whose steps call
``cupy.matmul`` could not become a CUDA graph. cuBLAS itself supports stream
capture when its handle has a workspace set up front and its scalars are host
values, so the products here go to ``cublasGemmStridedBatchedEx`` through
ctypes on the libcublas that CuPy loaded: one handle per device, a fixed
workspace, the stream set per call.

Operands are taken as they are laid out when that is a row- or column-major
matrix per batch with a constant batch stride (transposes become cuBLAS's
``op``, broadcast batches a zero stride), else copied once. The first use on a
device multiplies a small problem both ways and compares with CuPy; any
failure there (no library, a missing symbol, a wrong result) turns this path
off for the process and :func:`status` says why, and products go to
``cupy.matmul`` (kernel by kernel, outside graphs) instead.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from jaxlib._src.ops.linalg import batched_product
from jaxlib.gpu_runtime.carried import narrow, widen
from jaxlib.gpu_runtime.vendor import ROCM_OFF, is_hip

# cudaDataType_t (library_types.h) and cublasComputeType_t (cublas_api.h).
_CUDA_R_16F, _CUDA_R_32F, _CUDA_R_64F, _CUDA_C_32F, _CUDA_C_64F = 2, 0, 1, 4, 5
_CUDA_R_16BF = 14
_COMPUTE_32F, _COMPUTE_64F = 68, 70
_OP_N, _OP_T = 0, 1
_GEMM_DEFAULT = -1
_INT_MAX = 2**31 - 1  # cuBLAS's sizes and leading dimensions are ints
_WORKSPACE_BYTES = 32 << 20  # NVIDIA's recommendation for Hopper

# numpy dtype -> (data type, compute type, ctypes scalar of alpha/beta, scalar parts)
_TYPES = {
    np.dtype(np.float16): (_CUDA_R_16F, _COMPUTE_32F, ctypes.c_float, 1),
    np.dtype(np.float32): (_CUDA_R_32F, _COMPUTE_32F, ctypes.c_float, 1),
    np.dtype(np.float64): (_CUDA_R_64F, _COMPUTE_64F, ctypes.c_double, 1),
    np.dtype(np.complex64): (_CUDA_C_32F, _COMPUTE_32F, ctypes.c_float, 2),
    np.dtype(np.complex128): (_CUDA_C_64F, _COMPUTE_64F, ctypes.c_double, 2),
}

_state: dict[str, Any] = {"library": None, "status": "not used yet", "handles": {}}


def status() -> str:
    """'cublas' when products go to cuBLAS on the executing stream, 'not used
    yet', or why they go to CuPy's matmul instead."""
    return _state["status"]


def loaded_library(prefix: str, sonames: list[str]) -> ctypes.CDLL:
    """The CUDA library ``prefix`` (e.g. "libcublas") this process has loaded
    (CuPy's), found in its mappings; else the first of ``sonames`` that loads."""
    candidates = []
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                path = line.split()[-1]
                if os.path.basename(path).startswith(prefix + ".so"):
                    candidates.append(path)
    except OSError:
        pass
    # Two versions loaded (another library's beside CuPy's): the preferred soname first.
    rank = {name: i for i, name in enumerate(sonames)}
    candidates.sort(key=lambda path: rank.get(os.path.basename(path), len(rank)))
    errors = []
    for name in dict.fromkeys(candidates + sonames):
        try:
            return ctypes.CDLL(name)
        except OSError as err:
            errors.append(str(err))
    raise OSError(f"no {prefix}: " + "; ".join(errors[-3:]))


def cuda_library(prefix: str, majors: Sequence[int], declare: Callable[[ctypes.CDLL], None],
                 prepare: Callable[[], Any]) -> ctypes.CDLL:
    """The library ``prefix`` (e.g. "libcusolver") CuPy uses (``prepare()``
    makes CuPy load it: its handle), else that of one of the ``majors``
    versions, its functions' signatures declared."""
    prepare()
    library = loaded_library(prefix, [f"{prefix}.so.{major}" for major in majors]
                             + [f"{prefix}.so"])
    declare(library)
    return library


def checked_binding(state: dict[str, Any], xp: Any, working: str, load: Callable[[], Any],
                    make: Callable[[Any], Any], check: Callable[[Any, Any], None],
                    fallback: str = "host", mock: Callable[[], Any] | None = None) -> Any:
    """A library's binding on the current device, or None once anything
    failed. ``state`` ({"status", "library", "handles"}) is the library's:
    it is loaded once (``load()``), bound per device (``make(library)``) and
    each binding checked against the host at its first use (``check(xp,
    binding)``); a failure sets the status to why, for the process, and the
    calls take the ``fallback`` (host steps). The status is ``working``
    while all is well. Mock GPUs (numpy) get ``mock()``; ROCm none (NVIDIA's
    libraries, vendor.py)."""
    if xp is np:
        return mock() if mock is not None else None
    if is_hip(xp):
        state["status"] = f"{fallback} ({ROCM_OFF})"
        return None
    if state["status"] not in ("not used yet", working):
        return None
    device = xp.cuda.Device().id
    binding = state["handles"].get(device)
    if binding is not None:
        return binding
    try:
        if state["library"] is None:
            state["library"] = load()
        binding = make(state["library"])
        check(xp, binding)
    except Exception as err:  # no library, symbol or device support: the fallback
        state["status"] = f"{fallback} ({type(err).__name__}: {err})"[:300]
        return None
    state["handles"][device] = binding
    state["status"] = working
    return binding


def find_library(prefixes: Sequence[str], candidates: Sequence[str], missing: str,
                 prepare: Callable[[str], None] | None = None) -> ctypes.CDLL:
    """A library this process has loaded already (by file-name prefix: CuPy's,
    jax's), else the first of ``candidates`` that loads (``prepare(path)``
    first); OSError starting with ``missing`` when none does."""
    for prefix in prefixes:
        try:
            return loaded_library(prefix, [])
        except OSError:
            pass
    errors = []
    for path in candidates:
        try:
            if prepare is not None:
                prepare(path)
            return ctypes.CDLL(path)
        except OSError as err:
            errors.append(str(err))
    raise OSError(f"{missing}: " + "; ".join(errors[-2:]))


def _find_library(cupy: Any) -> ctypes.CDLL:
    """The libcublas CuPy uses (loaded by creating its handle)."""
    return cuda_library("libcublas", (13, 12), _declare, cupy.cuda.device.get_cublas_handle)


def _declare(lib: ctypes.CDLL) -> None:
    vp, i32, i64 = ctypes.c_void_p, ctypes.c_int, ctypes.c_longlong
    lib.cublasCreate_v2.argtypes = [ctypes.POINTER(vp)]
    lib.cublasSetStream_v2.argtypes = [vp, vp]
    lib.cublasSetWorkspace_v2.argtypes = [vp, vp, ctypes.c_size_t]
    lib.cublasGemmStridedBatchedEx.argtypes = [
        vp, i32, i32, i32, i32, i32, vp,
        vp, i32, i32, i64,
        vp, i32, i32, i64,
        vp, vp, i32, i32, i64,
        i32, i32, i32]
    for fn in (lib.cublasCreate_v2, lib.cublasSetStream_v2, lib.cublasSetWorkspace_v2,
               lib.cublasGemmStridedBatchedEx):
        fn.restype = ctypes.c_int
    for letter in "SDCZ":
        trsm = getattr(lib, f"cublas{letter}trsm_v2", None)
        if trsm is not None:  # (side, uplo, trans, diag, m, n, alpha*, A, lda, B, ldb)
            trsm.argtypes = [vp, i32, i32, i32, i32, i32, i32, vp, vp, i32, vp, i32]
            trsm.restype = ctypes.c_int
        batched = getattr(lib, f"cublas{letter}trsmBatched", None)
        if batched is not None:  # (..., alpha*, A[], lda, B[], ldb, batchCount)
            batched.argtypes = [vp, i32, i32, i32, i32, i32, i32, vp, vp, i32, vp, i32, i32]
            batched.restype = ctypes.c_int
        getrf = getattr(lib, f"cublas{letter}getrfBatched", None)
        if getrf is not None:  # (n, A[], lda, P, info, batchSize)
            getrf.argtypes = [vp, i32, vp, i32, vp, vp, i32]
            getrf.restype = ctypes.c_int


def _check(code: int, what: str) -> None:
    if code != 0:
        raise RuntimeError(f"{what} failed with cublasStatus {code}")


class _Handle:
    """A cuBLAS handle of one device with its workspace; tracks the stream."""

    def __init__(self, cupy: Any, lib: ctypes.CDLL):
        self.lib = lib
        self.handle = ctypes.c_void_p()
        _check(lib.cublasCreate_v2(ctypes.byref(self.handle)), "cublasCreate")
        self.workspace = cupy.empty(_WORKSPACE_BYTES, np.uint8)
        self.stream = None

    def bind(self, stream_ptr: int) -> None:
        if stream_ptr != self.stream:
            _check(self.lib.cublasSetStream_v2(self.handle, stream_ptr), "cublasSetStream")
            # Setting the stream resets the workspace to cuBLAS's own pool, which
            # allocates (and so cannot be captured): set ours again.
            _check(self.lib.cublasSetWorkspace_v2(self.handle, self.workspace.data.ptr,
                                                  _WORKSPACE_BYTES), "cublasSetWorkspace")
            self.stream = stream_ptr


def _matrix(x: Any) -> tuple[int, int, int] | None:
    """How cuBLAS reads the batched row-major matrices ``x`` ([b, r, c]): (op
    giving x^T in column-major terms, leading dimension, batch stride), all in
    elements; None when they are laid out neither way."""
    b, r, c = x.shape
    item = x.dtype.itemsize
    sb, sr, sc = (s // item for s in x.strides)
    if any(s % item for s in x.strides):
        return None
    batch = 0 if b == 1 else sb
    if batch < 0 or max(sr, sc) > _INT_MAX:  # (leading dimensions are ints: copied)
        return None
    if c == 1 or sc == 1:  # rows contiguous: x^T is column-major with ld = row stride
        ld = sr if r > 1 else c
        if ld >= max(c, 1):
            return _OP_N, ld, batch
    if r == 1 or sr == 1:  # columns contiguous: x is column-major, cuBLAS transposes it
        ld = sc if c > 1 else r
        if ld >= max(r, 1):
            return _OP_T, ld, batch
    return None


def _gemm(cupy: Any, handle: _Handle, a: Any, c: Any, bf16_out: Any = None,
          into: Any = None, add: bool = True) -> Any:
    """a @ c for [b, m, k] and [b, k, n] arrays of one dtype in _TYPES; with
    ``bf16_out`` (uint16 or float32), of bfloat16 carriers (uint16 arrays of
    their bits) into bfloat16 carriers or f32, accumulated in f32. ``into``:
    a contiguous [b, m, n] array of a's dtype the product is added to (cuBLAS's
    beta = 1, one launch; with ``add`` False, written over: beta = 0), and
    returned."""
    if bf16_out is None:
        data_type, compute, scalar, parts = _TYPES[a.dtype]
        out_type, out_dtype = data_type, a.dtype
    else:
        data_type, compute, scalar, parts = _CUDA_R_16BF, _COMPUTE_32F, ctypes.c_float, 1
        out_dtype = np.dtype(bf16_out)
        out_type = _CUDA_R_16BF if out_dtype == np.uint16 else _CUDA_R_32F
    b, m, k = a.shape
    n = c.shape[2]
    # (cuBLAS reads what these say: a mismatch must not reach it)
    if c.ndim != 3 or c.shape[:2] != (b, k) or \
            (into is not None and tuple(into.shape) != (b, m, n)):
        raise ValueError(f"cuBLAS product of {a.shape} and {c.shape}"
                         + (f" into {into.shape}" if into is not None else ""))
    out = cupy.empty((b, m, n), out_dtype) if into is None else into
    if out.size == 0 or (k == 0 and into is not None and add):
        return out
    if k == 0:
        out.fill(0)
        return out
    layout_a, layout_c = _matrix(a), _matrix(c)
    if layout_a is None:
        a = cupy.ascontiguousarray(a)
        layout_a = _matrix(a)
    if layout_c is None:
        c = cupy.ascontiguousarray(c)
        layout_c = _matrix(c)
    # Row-major out = a @ c is column-major out^T = c^T @ a^T.
    op_c, ld_c, stride_c = layout_c
    op_a, ld_a, stride_a = layout_a
    alpha = (scalar * 2)(1, 0) if parts == 2 else scalar(1)
    kept = 1 if into is not None and add else 0
    beta = (scalar * 2)(kept, 0) if parts == 2 else scalar(kept)
    handle.bind(cupy.cuda.get_current_stream().ptr)
    _check(handle.lib.cublasGemmStridedBatchedEx(
        handle.handle, op_c, op_a, n, m, k, ctypes.addressof(alpha),
        c.data.ptr, data_type, ld_c, stride_c,
        a.data.ptr, data_type, ld_a, stride_a,
        ctypes.addressof(beta), out.data.ptr, out_type, n, m * n,
        b, compute, _GEMM_DEFAULT), "cublasGemmStridedBatchedEx")
    return out


def _handle(cupy: Any) -> _Handle | None:
    """This device's handle, made (and checked) on first use; None when the
    cuBLAS path is off (CuPy's matmul instead)."""
    return checked_binding(_state, cupy, "cublas", lambda: _find_library(cupy),
                           lambda library: _Handle(cupy, library), _self_test,
                           fallback="cupy.matmul")


def _self_test(cupy: Any, handle: _Handle) -> None:
    """Products in every layout and type against CuPy's, before relying on them."""
    rng = np.random.default_rng(0)
    for dtype in _TYPES:
        a = rng.standard_normal((3, 5, 4)).astype(dtype)
        c = rng.standard_normal((3, 4, 6)).astype(dtype)
        if dtype.kind == "c":
            a = a + 1j * rng.standard_normal(a.shape).astype(dtype)
        da, dc = cupy.asarray(a), cupy.asarray(c)
        cases = [(da, dc), (cupy.asarray(a.transpose(0, 2, 1).copy()).transpose(0, 2, 1),
                            cupy.asarray(c.transpose(0, 2, 1).copy()).transpose(0, 2, 1)),
                 (da[:1], dc[:1]), (cupy.broadcast_to(da[:1], da.shape), dc)]
        for x, y in cases:
            got = _gemm(cupy, handle, x, y).get()
            want = np.matmul(cupy.asnumpy(x), cupy.asnumpy(y))
            tolerance = 1e-2 if dtype == np.float16 else 1e-4
            if not np.allclose(got, want, rtol=tolerance, atol=tolerance):
                raise RuntimeError(f"a {dtype} product differs from numpy's")
            into = cupy.asarray(want)  # accumulated into (beta = 1): twice the product
            _gemm(cupy, handle, x, y, into=into)
            if not np.allclose(into.get(), 2 * want, rtol=tolerance, atol=tolerance):
                raise RuntimeError(f"a {dtype} product added to its output differs from "
                                   "numpy's")
            _gemm(cupy, handle, x, y, into=into, add=False)  # written over (beta = 0)
            if not np.allclose(into.get(), want, rtol=tolerance, atol=tolerance):
                raise RuntimeError(f"a {dtype} product written into an array differs from "
                                   "numpy's")
    # bfloat16 carriers, into f32 (f32 accumulation: as exact as an f32 product of
    # the widened values) and into bfloat16 (that, rounded once)
    a = rng.standard_normal((2, 5, 4)).astype(np.float32).view(np.uint32) >> 16
    c = rng.standard_normal((2, 4, 6)).astype(np.float32).view(np.uint32) >> 16
    a16, c16 = a.astype(np.uint16), c.astype(np.uint16)
    want = np.matmul((a << 16).view(np.float32), (c << 16).view(np.float32))
    for out in (np.float32, np.uint16):
        got = _gemm(cupy, handle, cupy.asarray(a16), cupy.asarray(c16), out).get()
        if out == np.uint16:
            got = (got.astype(np.uint32) << 16).view(np.float32)
        if not np.allclose(got, want, rtol=1e-2 if out == np.uint16 else 1e-5, atol=1e-5):
            raise RuntimeError("a bfloat16 product differs from numpy's")


def matmul_for(xp: Any) -> Any:
    """The batched matmul device kernels use with namespace ``xp``: cuBLAS on
    the executing stream for CuPy's float and complex arrays, ``xp.matmul``
    otherwise (numpy for mock GPUs, integers, mixed types)."""
    if xp is np or os.environ.get("JAXLIB_GPU_CUBLAS", "1") in ("0", ""):
        return xp.matmul
    if is_hip(xp):  # CuPy's matmul is hipBLAS's there (vendor.py)
        _state["status"] = f"cupy matmul ({ROCM_OFF})"
        return xp.matmul

    def matmul(a: Any, c: Any) -> Any:
        if a.ndim != 3 or c.ndim != 3 or a.dtype != c.dtype or a.dtype not in _TYPES or \
                a.shape[0] != c.shape[0] or max(*a.shape, *c.shape) > _INT_MAX:
            return xp.matmul(a, c)
        handle = _handle(xp)
        if handle is None:
            return xp.matmul(a, c)
        return _gemm(xp, handle, a, c)

    return matmul


def accumulate_for(xp: Any) -> Any:
    """``accumulate(a, c, out)``: out += a @ c for [b, m, k], [b, k, n] and a
    contiguous [b, m, n] ``out`` of their dtype, written in place: one cuBLAS
    call with beta = 1 where products go to cuBLAS (XLA's fusion of a GEMM
    with the addition of its result), a product and an addition otherwise."""
    def separately(a: Any, c: Any, out: Any, matmul: Any) -> None:
        out += batched_product(a, c, xp, matmul)

    return _writing_product(xp, separately, add=True)


def store_for(xp: Any) -> Any:
    """``store(a, c, out)``: out[...] = a @ c for [b, m, k], [b, k, n] and a
    [b, m, n] ``out`` of their dtype (a window of a larger array): cuBLAS
    writes it there (beta = 0) where products go to cuBLAS and ``out`` is
    contiguous, else the product is copied in."""
    def copied(a: Any, c: Any, out: Any, matmul: Any) -> None:
        out[...] = batched_product(a, c, xp, matmul)

    return _writing_product(xp, copied, add=False)


def _writing_product(xp: Any, otherwise: Any, add: bool) -> Any:
    """``write(a, c, out)``: one cuBLAS call writing a @ c into ``out`` (beta
    = 1 with ``add``, else 0) where products go to cuBLAS and the arrays
    suit it; ``otherwise(a, c, out, matmul)`` elsewhere."""
    matmul = matmul_for(xp)
    if matmul is xp.matmul:
        return lambda a, c, out: otherwise(a, c, out, matmul)

    def write(a: Any, c: Any, out: Any) -> None:
        if a.dtype != c.dtype or a.dtype not in _TYPES or out.dtype != a.dtype or \
                a.shape[0] != c.shape[0] or not out.flags.c_contiguous or \
                max(*a.shape, *c.shape) > _INT_MAX:
            return otherwise(a, c, out, matmul)
        handle = _handle(xp)
        if handle is None:
            return otherwise(a, c, out, matmul)
        _gemm(xp, handle, a, c, into=out, add=add)
        return None

    return write


def bf16_matmul_for(xp: Any, out: Any) -> Any | None:
    """The batched matmul of bfloat16 carriers (uint16 arrays) into carriers
    (``out`` uint16) or f32 on cuBLAS's bfloat16 GEMM (tensor cores, f32
    accumulation); None where there is none (mock GPUs, cuBLAS off): the
    caller computes in f32 instead."""
    if xp is np or os.environ.get("JAXLIB_GPU_CUBLAS", "1") in ("0", "") or is_hip(xp):
        return None
    if _handle(xp) is None:
        return None

    def matmul(a: Any, c: Any) -> Any:
        if max(*a.shape, *c.shape) > _INT_MAX:  # past cuBLAS's ints: in f32
            wide = xp.matmul(widen(xp)(a), widen(xp)(c))
            return narrow(xp)(wide) if np.dtype(out) == np.uint16 else wide
        return _gemm(xp, _handle(xp), a, c, out)

    return matmul


_TRSM_LETTERS = {np.dtype(np.float32): "S", np.dtype(np.float64): "D",
                 np.dtype(np.complex64): "C", np.dtype(np.complex128): "Z"}


class Trsm:
    """cuBLAS's triangular solve on the executing stream, in place:
    ``solve(a, x, side, lower, trans, unit)`` for C-contiguous [count, k, k]
    ``a`` and [count, cols, rows] ``x`` holding column-major matrices (the
    BLAS meaning of the flags: side 0 left / 1 right, trans 0 N / 1 T / 2 C)."""

    def __init__(self, cupy: Any, handle: _Handle):
        self.cupy = cupy
        self.handle = handle

    def solve(self, a: Any, x: Any, side: int, lower: bool, trans: int, unit: bool) -> None:
        count, cols, rows = x.shape
        k = a.shape[-1]
        if count == 0 or cols == 0 or rows == 0 or k == 0:
            return
        data_type, _, scalar, parts = _TYPES[x.dtype]
        letter = _TRSM_LETTERS[x.dtype]
        trsm = getattr(self.handle.lib, f"cublas{letter}trsm_v2")
        alpha = (scalar * 2)(1, 0) if parts == 2 else scalar(1)
        self.handle.bind(self.cupy.cuda.get_current_stream().ptr)
        a_step, x_step = k * k * x.dtype.itemsize, rows * cols * x.dtype.itemsize
        batched = getattr(self.handle.lib, f"cublas{letter}trsmBatched", None)
        if count > 1 and batched is not None:  # one call: the matrices' addresses on the device
            # Both arrays held until the call: a temporary's memory would go back to
            # the pool, and the second array's kernels could overwrite it first.
            a_pointers = pointer_array(self.cupy, a, a_step)
            x_pointers = pointer_array(self.cupy, x, x_step)
            _check(batched(self.handle.handle, side, 0 if lower else 1, trans,
                           1 if unit else 0, rows, cols, ctypes.addressof(alpha),
                           a_pointers.data.ptr, k, x_pointers.data.ptr, rows, count),
                   "cublas trsmBatched")
            return
        for b in range(count):
            _check(trsm(self.handle.handle, side, 0 if lower else 1, trans, 1 if unit else 0,
                        rows, cols, ctypes.addressof(alpha), a.data.ptr + b * a_step, k,
                        x.data.ptr + b * x_step, rows), "cublas trsm")


def pointer_array(cupy: Any, matrices: Any, step: int) -> Any:
    """The device addresses of a batch's matrices (uint64, computed on the
    device, so a graph capture records it), for cuBLAS's batched calls."""
    return cupy.arange(matrices.shape[0], dtype=np.uint64) * np.uint64(step) + \
        np.uint64(matrices.data.ptr)


def getrf_batched(cupy: Any, matrices: Any) -> tuple[Any, Any] | None:
    """cuBLAS's batched LU of square column-major matrices in place (one call
    for the batch: XLA's choice for many small matrices), or None where this
    cuBLAS has none: (1-based pivots, info)."""
    handle = _handle(cupy)
    count, n, _ = matrices.shape
    function = None if handle is None else getattr(
        handle.lib, f"cublas{_TRSM_LETTERS[matrices.dtype]}getrfBatched", None)
    if function is None:
        return None
    pivots = cupy.zeros((count, n), np.int32)
    info = cupy.zeros(count, np.int32)
    handle.bind(cupy.cuda.get_current_stream().ptr)
    pointers = pointer_array(cupy, matrices, n * n * matrices.dtype.itemsize)
    _check(function(handle.handle, n, pointers.data.ptr, n, pivots.data.ptr, info.data.ptr,
                    count), "cublas getrfBatched")
    return pivots, info


def trsm_for(cupy: Any) -> Trsm | None:
    """cuBLAS's triangular solve on this device, checked against scipy's on
    first use; None when the cuBLAS path or trsm is off (host steps then)."""
    if _state.get("trsm") not in (None, "cublas"):
        return None
    handle = _handle(cupy)
    if handle is None:
        return None
    solver = Trsm(cupy, handle)
    if _state.get("trsm") is None:
        try:
            _trsm_self_test(cupy, solver)
        except Exception as err:
            _state["trsm"] = f"host ({type(err).__name__}: {err})"[:300]
            return None
        _state["trsm"] = "cublas"
    return solver


def _trsm_self_test(cupy: Any, solver: Trsm) -> None:
    """Both sides, both triangles, every op, against scipy's BLAS."""
    from scipy.linalg import blas

    rng = np.random.default_rng(0)
    cols, rows = 3, 4  # x holds column-major 4 x 3 matrices
    for dtype, letter in _TRSM_LETTERS.items():
        function = getattr(blas, letter.lower() + "trsm")
        # a batch of two (trsmBatched where there is one), one matrix (trsm)
        for side, lower, trans, unit, count in (
                (0, True, 0, False, 2), (1, False, 1, True, 2), (0, False, 2, False, 2),
                (1, True, 2, False, 2), (0, True, 1, False, 1), (1, False, 0, True, 1)):
            k = rows if side == 0 else cols
            a = rng.standard_normal((count, k, k)) + 4 * np.eye(k)
            x = rng.standard_normal((count, cols, rows))
            if dtype.kind == "c":  # complex parts, so a wrong conjugation shows
                a = a + 1j * rng.standard_normal(a.shape)
                x = x + 1j * rng.standard_normal(x.shape)
            a, x = a.astype(dtype), x.astype(dtype)
            got = cupy.asarray(x)
            solver.solve(cupy.asarray(a), got, side, lower, trans, unit)
            for b in range(count):
                want = function(1.0, a[b].T, x[b].T, side=side, lower=int(lower),
                                trans_a=trans, diag=int(unit)).T
                if not np.allclose(cupy.asnumpy(got[b]), want, rtol=1e-3, atol=1e-3):
                    raise RuntimeError(f"a {dtype} triangular solve differs from BLAS's")
