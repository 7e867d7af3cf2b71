"""Cholesky and LU factorizations (cuSOLVER) and triangular solves (cuBLAS) on the device.

jax lowers ``jnp.linalg.cholesky`` and the LU behind ``solve``, ``inv``,
``det`` and ``lax.linalg.lu`` for cuda as ``cusolver_potrf_ffi`` and
``cusolver_getrf_ffi``. Their steps run here on the device: each matrix of
the batch is copied into column-major order (one transposing copy of the
batch), factored in place on the executing stream, and copied back row-major.
The results are LAPACK's, as cuSOLVER's are: the factor in the requested
triangle (the other keeps the input), 1-based pivots, and ``info`` per matrix.
``stablehlo.triangular_solve`` (the rest of ``solve``, ``cho_solve``, ...)
runs as cuBLAS's trsm through cublas.py's handle the same way.

The library is called through ctypes on the libcusolver CuPy loads, with one
handle per device whose stream is set per call (no host synchronisation, so
such programs are still captured as CUDA graphs). Mock GPUs run the same steps
with scipy's LAPACK on the same column-major layouts, which is what CI tests.
The first use on a GPU factors small problems and compares them with the host;
any failure there turns this path off for the process (:func:`status` says
why) and the calls run as host steps through jaxlib-linalg's handlers.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.ir.core import Operation
from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops.custom_call import decoded_attributes

# cublasFillMode_t
_FILL_LOWER, _FILL_UPPER = 0, 1
# cuSOLVER's (and LAPACK's) type letters
_LETTERS = {np.dtype(np.float32): "S", np.dtype(np.float64): "D",
            np.dtype(np.complex64): "C", np.dtype(np.complex128): "Z"}
_INT_MAX = 2**31 - 1

_state: dict[str, Any] = {"status": "not used yet", "library": None, "handles": {}}


def status() -> str:
    """'cusolver' when factorizations run through cuSOLVER, 'not used yet',
    or why they run on the host."""
    return _state["status"]


# -- bindings: factor column-major matrices in place ---------------------------------------
#
# ``matrices`` is a C-contiguous [batch, columns, rows] array: each item holds one
# column-major rows x columns matrix (leading dimension ``rows``).


class _Lapack:
    """scipy's LAPACK on numpy arrays (mock GPUs)."""

    def potrf(self, matrices: np.ndarray, lower: bool) -> np.ndarray:
        from scipy.linalg import lapack

        function = getattr(lapack, _LETTERS[matrices.dtype].lower() + "potrf")
        info = np.zeros(matrices.shape[0], np.int32)
        for b, storage in enumerate(matrices):
            factor, info[b] = function(storage.T, lower=int(lower), clean=0)
            storage[...] = factor.T
        return info

    def getrf(self, matrices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        from scipy.linalg import lapack

        function = getattr(lapack, _LETTERS[matrices.dtype].lower() + "getrf")
        count, columns, rows = matrices.shape
        pivots = np.zeros((count, min(rows, columns)), np.int32)
        info = np.zeros(count, np.int32)
        for b, storage in enumerate(matrices):
            lu, pivot, info[b] = function(storage.T)
            storage[...] = lu.T
            pivots[b] = pivot + 1  # scipy's are 0-based; LAPACK's and cuSOLVER's 1-based
        return pivots, info


class _BlasTrsm:
    """scipy's BLAS triangular solve (mock GPUs), with cuBLAS's ``Trsm.solve``
    contract (cublas.py): ``x`` [count, cols, rows] column-major, in place."""

    def solve(self, a: np.ndarray, x: np.ndarray, side: int, lower: bool, trans: int,
              unit: bool) -> None:
        from scipy.linalg import blas

        count, cols, rows = x.shape
        if count == 0 or cols == 0 or rows == 0 or a.shape[-1] == 0:
            return
        function = getattr(blas, _LETTERS[x.dtype].lower() + "trsm")
        for b in range(count):
            x[b] = function(1.0, a[b].T, x[b].T, side=side, lower=int(lower), trans_a=trans,
                            diag=int(unit)).T


class _Cusolver:
    """cuSOLVER's dense routines on CuPy arrays, on the current stream."""

    def __init__(self, cupy: Any, library: ctypes.CDLL):
        self.cupy = cupy
        self.lib = library
        self.handle = ctypes.c_void_p()
        _check(library.cusolverDnCreate(ctypes.byref(self.handle)), "cusolverDnCreate")

    def _bind(self) -> None:
        stream = self.cupy.cuda.get_current_stream().ptr
        _check(self.lib.cusolverDnSetStream(self.handle, ctypes.c_void_p(stream)),
               "cusolverDnSetStream")

    def potrf(self, matrices: Any, lower: bool) -> Any:
        cupy, lib = self.cupy, self.lib
        count, n = matrices.shape[0], matrices.shape[-1]
        info = cupy.zeros(count, np.int32)
        if count == 0 or n == 0:
            return info
        letter = _LETTERS[matrices.dtype]
        size, function = getattr(lib, f"cusolverDn{letter}potrf_bufferSize"), \
            getattr(lib, f"cusolverDn{letter}potrf")
        uplo = _FILL_LOWER if lower else _FILL_UPPER
        self._bind()
        lwork = ctypes.c_int()
        _check(size(self.handle, uplo, n, ctypes.c_void_p(matrices.data.ptr), n,
                    ctypes.byref(lwork)), "potrf_bufferSize")
        work = cupy.empty(max(lwork.value, 1), matrices.dtype)
        step = n * n * matrices.dtype.itemsize
        for b in range(count):
            _check(function(self.handle, uplo, n,
                            ctypes.c_void_p(matrices.data.ptr + b * step), n,
                            ctypes.c_void_p(work.data.ptr), lwork.value,
                            ctypes.c_void_p(info.data.ptr + 4 * b)), "potrf")
        return info

    def getrf(self, matrices: Any) -> tuple[Any, Any]:
        cupy, lib = self.cupy, self.lib
        count, columns, rows = matrices.shape
        pivots = cupy.zeros((count, min(rows, columns)), np.int32)
        info = cupy.zeros(count, np.int32)
        if count == 0 or rows == 0 or columns == 0:
            return pivots, info
        letter = _LETTERS[matrices.dtype]
        size, function = getattr(lib, f"cusolverDn{letter}getrf_bufferSize"), \
            getattr(lib, f"cusolverDn{letter}getrf")
        self._bind()
        lwork = ctypes.c_int()
        _check(size(self.handle, rows, columns, ctypes.c_void_p(matrices.data.ptr), rows,
                    ctypes.byref(lwork)), "getrf_bufferSize")
        work = cupy.empty(max(lwork.value, 1), matrices.dtype)
        step = rows * columns * matrices.dtype.itemsize
        pivot_step = min(rows, columns) * 4
        for b in range(count):
            _check(function(self.handle, rows, columns,
                            ctypes.c_void_p(matrices.data.ptr + b * step), rows,
                            ctypes.c_void_p(work.data.ptr),
                            ctypes.c_void_p(pivots.data.ptr + b * pivot_step),
                            ctypes.c_void_p(info.data.ptr + 4 * b)), "getrf")
        return pivots, info


def _check(code: int, what: str) -> None:
    if code != 0:
        raise RuntimeError(f"cuSOLVER {what} failed with cusolverStatus {code}")


def _declare(lib: ctypes.CDLL) -> None:
    vp, i32, ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
    lib.cusolverDnCreate.argtypes = [ctypes.POINTER(vp)]
    lib.cusolverDnSetStream.argtypes = [vp, vp]
    for letter in _LETTERS.values():
        getattr(lib, f"cusolverDn{letter}potrf_bufferSize").argtypes = [vp, i32, i32, vp, i32,
                                                                        ip]
        getattr(lib, f"cusolverDn{letter}potrf").argtypes = [vp, i32, i32, vp, i32, vp, i32, vp]
        getattr(lib, f"cusolverDn{letter}getrf_bufferSize").argtypes = [vp, i32, i32, vp, i32,
                                                                        ip]
        getattr(lib, f"cusolverDn{letter}getrf").argtypes = [vp, i32, i32, vp, i32, vp, vp, vp]
    for name in ("cusolverDnCreate", "cusolverDnSetStream",
                 *(f"cusolverDn{letter}{routine}" for letter in _LETTERS.values()
                   for routine in ("potrf_bufferSize", "potrf", "getrf_bufferSize", "getrf"))):
        getattr(lib, name).restype = ctypes.c_int


def _binding(xp: Any) -> Any:
    """The binding for namespace ``xp`` on the current device (made and
    checked on first use), or None when cuSOLVER is off."""
    if xp is np:
        return _Lapack()
    if _state["status"] not in ("not used yet", "cusolver"):
        return None
    device = xp.cuda.Device().id
    binding = _state["handles"].get(device)
    if binding is not None:
        return binding
    try:
        if _state["library"] is None:
            from jaxlib.gpu_runtime.cublas import loaded_library

            xp.cuda.device.get_cusolver_handle()  # CuPy loads its libcusolver
            library = loaded_library("libcusolver", ["libcusolver.so.12", "libcusolver.so.11",
                                                     "libcusolver.so"])
            _declare(library)
            _state["library"] = library
        binding = _Cusolver(xp, _state["library"])
        _self_test(xp, binding)
    except Exception as err:  # no library, symbol or device support: host steps
        _state["status"] = f"host ({type(err).__name__}: {err})"[:300]
        return None
    _state["handles"][device] = binding
    _state["status"] = "cusolver"
    return binding


def _self_test(cupy: Any, binding: _Cusolver) -> None:
    """Factorizations in every type and both triangles against the host's."""
    rng = np.random.default_rng(0)
    host = _Lapack()
    for dtype in _LETTERS:
        a = rng.standard_normal((2, 4, 4)).astype(dtype)
        spd = (a @ np.conj(np.swapaxes(a, -1, -2)) + 4 * np.eye(4)).astype(dtype)
        for lower in (True, False):
            want, got = spd.copy(), cupy.asarray(spd)
            want_info, got_info = host.potrf(want, lower), binding.potrf(got, lower)
            if not (np.allclose(cupy.asnumpy(got), want, rtol=1e-4, atol=1e-4)
                    and np.array_equal(cupy.asnumpy(got_info), want_info)):
                raise RuntimeError(f"a {dtype} Cholesky factor differs from LAPACK's")
        for shape in ((2, 3, 5), (2, 5, 3)):
            general = rng.standard_normal(shape).astype(dtype)
            want, got = general.copy(), cupy.asarray(general)
            want_pivots, _ = host.getrf(want)
            got_pivots, _ = binding.getrf(got)
            if not (np.allclose(cupy.asnumpy(got), want, rtol=1e-4, atol=1e-4)
                    and np.array_equal(cupy.asnumpy(got_pivots), want_pivots)):
                raise RuntimeError(f"a {dtype} LU factorization differs from LAPACK's")


# -- device steps of the custom calls -----------------------------------------------------


def _column_major(xp: Any, a: Any, count: int, rows: int, columns: int) -> Any:
    """A new [count, columns, rows] array holding each matrix column-major."""
    return xp.array(xp.swapaxes(a.reshape(count, rows, columns), -1, -2), order="C", copy=True)


def _row_major(xp: Any, storage: Any, shape: tuple[int, ...]) -> Any:
    return xp.array(xp.swapaxes(storage, -1, -2), order="C", copy=True).reshape(shape)


def _potrf(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    shape = tuple(op.operand_types[0].shape)
    if len(op.result_types) != 2 or len(shape) < 2 or shape[-1] != shape[-2]:
        return None
    attributes = decoded_attributes(op)
    if "lower" in attributes:  # cuSOLVER's flag; LAPACK's names say uplo 'L' or 'U'
        lower = bool(attributes["lower"])
    elif "uplo" in attributes:
        lower = chr(int(attributes["uplo"])) == "L"
    else:
        return None
    batch, n = shape[:-2], shape[-1]
    count = int(np.prod(batch, dtype=np.int64))

    def kernel(a):
        storage = _column_major(xp, a, count, n, n)
        info = binding.potrf(storage, lower)
        return _row_major(xp, storage, shape), info.reshape(batch)

    return kernel


def _getrf(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    shape = tuple(op.operand_types[0].shape)
    if len(op.result_types) != 3 or len(shape) < 2:
        return None
    batch, (rows, columns) = shape[:-2], shape[-2:]
    if tuple(op.result_types[1].shape) != batch + (min(rows, columns),):
        return None
    count = int(np.prod(batch, dtype=np.int64))

    def kernel(a):
        storage = _column_major(xp, a, count, rows, columns)
        pivots, info = binding.getrf(storage)
        return (_row_major(xp, storage, shape),
                pivots.reshape(batch + (min(rows, columns),)), info.reshape(batch))

    return kernel


_TRANSPOSE_CODES = {"NO_TRANSPOSE": 0, "TRANSPOSE": 1, "ADJOINT": 2}


def triangular_solve_kernel(op: Operation, xp: Any) -> Callable[..., tuple] | None:
    """stablehlo.triangular_solve (jax's for cuda) as cuBLAS's trsm on the
    device (scipy's BLAS on mock GPUs), or None: a host step."""
    transpose = op.attributes.get("transpose_a")
    mode = getattr(transpose, "value", "NO_TRANSPOSE")
    if mode not in _TRANSPOSE_CODES:
        return None
    return _trsm_step(op, xp, bool(op.attributes.get("left_side")),
                      bool(op.attributes.get("lower")),
                      bool(op.attributes.get("unit_diagonal")), _TRANSPOSE_CODES[mode])


def _lapack_trsm(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    """LAPACK's ``lapack_?trsm_ffi`` (programs lowered for the CPU) as the same step."""
    attributes = decoded_attributes(op)
    try:
        letters = {key: chr(int(attributes[key])) for key in ("side", "uplo", "trans_x", "diag")}
    except (KeyError, TypeError, ValueError):
        return None
    trans = {"N": 0, "T": 1, "C": 2}.get(letters["trans_x"])
    if len(op.operands) != 2 or trans is None:
        return None
    return _trsm_step(op, xp, letters["side"] == "L", letters["uplo"] == "L",
                      letters["diag"] == "U", trans)


def _trsm_step(op: Operation, xp: Any, left: bool, lower: bool, unit: bool, trans: int
               ) -> Callable[..., tuple] | None:
    """Solves op(A) X = B (``left``) or X op(A) = B for the batch. Row-major
    memory read column-major is the transpose: op(A) X = B is X^T op(A)^T =
    B^T, which with the stored A^T is the same op on the other side and the
    other triangle (and likewise for X op(A) = B)."""
    a_type, b_type = op.operand_types[:2]
    dtype = numpy_dtype(a_type.element_type)
    if dtype not in _LETTERS or numpy_dtype(b_type.element_type) != dtype or \
            numpy_dtype(op.result_types[0].element_type) != dtype:
        return None
    shape = tuple(b_type.shape)
    if a_type.rank != len(shape) or len(shape) < 2 or tuple(a_type.shape[:-2]) != shape[:-2] \
            or a_type.shape[-1] != a_type.shape[-2] \
            or a_type.shape[-1] != (shape[-2] if left else shape[-1]) \
            or max(shape[-2:]) > _INT_MAX // 2:
        return None
    if xp is np:
        solver: Any = _BlasTrsm()
    else:
        from jaxlib.gpu_runtime.cublas import trsm_for

        solver = trsm_for(xp)
        if solver is None:
            return None
    k = a_type.shape[-1]
    batch, (rows, cols) = shape[:-2], shape[-2:]
    count = int(np.prod(batch, dtype=np.int64))

    def kernel(a, b):
        matrices = xp.ascontiguousarray(a).reshape(count, k, k)
        x = xp.array(b, order="C", copy=True).reshape(count, rows, cols)
        # x[i] read column-major is B^T (cols x rows); A's storage is A^T.
        solver.solve(matrices, x, 1 if left else 0, not lower, trans, unit)
        return (x.reshape(shape),)

    return kernel


# jax's names for cuda, and LAPACK's (programs lowered for the CPU run on GPUs too).
_FACTORIES = {"cusolver_potrf_ffi": _potrf, "cusolver_getrf_ffi": _getrf,
              **{f"lapack_{letter}potrf_ffi": _potrf for letter in "sdcz"},
              **{f"lapack_{letter}getrf_ffi": _getrf for letter in "sdcz"}}
_BLAS_FACTORIES = {f"lapack_{letter}trsm_ffi": _lapack_trsm for letter in "sdcz"}
TARGETS = frozenset(_FACTORIES) | frozenset(_BLAS_FACTORIES)


def solver_kernel(op: Operation, xp: Any) -> Callable[..., tuple] | None:
    """The device step of a Cholesky, LU or triangular-solve call (cuSOLVER's
    names, or LAPACK's in programs lowered for the CPU), or None (a host step)
    for other targets, types the libraries do not serve, sizes past their
    ints, or when cuSOLVER/cuBLAS is off."""
    target = op.attributes.get("call_target_name")
    if target in _BLAS_FACTORIES:
        return _BLAS_FACTORIES[target](op, xp, None)
    factory = _FACTORIES.get(target)
    if factory is None or len(op.operands) != 1:
        return None
    dtype = numpy_dtype(op.operand_types[0].element_type)
    if dtype not in _LETTERS or any(numpy_dtype(t.element_type) != np.int32
                                    for t in op.result_types[1:]):
        return None
    if numpy_dtype(op.result_types[0].element_type) != dtype or \
            tuple(op.result_types[0].shape) != tuple(op.operand_types[0].shape):
        return None
    if max(op.operand_types[0].shape[-2:], default=0) > _INT_MAX // 2:
        return None
    binding = _binding(xp)
    if binding is None:
        return None
    return factory(op, xp, binding)
