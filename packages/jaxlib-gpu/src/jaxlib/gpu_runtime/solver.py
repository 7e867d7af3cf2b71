"""Dense linear algebra on the device: cuSOLVER's Cholesky, LU, Hermitian
eigendecomposition, QR, SVD (Jacobi and QR iteration) and tridiagonal
reduction, and cuBLAS's triangular solve.

jax lowers ``cholesky``, the LU behind ``solve``/``inv``/``det``, ``eigh``,
``qr``, ``householder_product``, ``svd`` (Jacobi up to 1024 x 1024, its default
there; QR iteration past that or with ``SvdAlgorithm.QR``) and ``tridiagonal``
for cuda as ``cusolver_{potrf,getrf,syevd,geqrf,orgqr,gesvdj,gesvd,sytrd}_ffi``
and triangular solves as ``stablehlo.triangular_solve``; programs lowered for
the CPU name LAPACK's kernels (``lapack_?getrf_ffi``, ...) for the same
routines. Their steps run here on the device: each matrix of the batch is
copied into column-major order (one transposing copy of the batch), worked on
in place on the executing stream, and copied back row-major. The results are
LAPACK's, as cuSOLVER's are: the factor in the requested triangle (the other
keeps the input), 1-based pivots, ascending eigenvalues, Householder
reflectors and their taus, and ``info`` per matrix. A triangular solve reads
its row-major operands as their column-major transposes (see ``_trsm_step``).

The libraries are called through ctypes on the libcusolver CuPy loads (one
handle per device) and on cublas.py's cuBLAS handle, with the stream set per
call and no host synchronisation, so such programs are still captured as CUDA
graphs. Mock GPUs run the same steps with scipy's LAPACK and BLAS on the same
column-major layouts, which is what CI tests. The first use on a GPU checks
each routine against the host (factors, pivots; eigenpairs, QR, SVDs and
tridiagonal reductions by what they must satisfy); any failure turns the path
off for the process (``status()``, ``cublas.trsm_for``) and the calls run as
host steps through jaxlib-linalg's handlers (gesvdj, gesvd and sytrd are
checked, and turned off, each on its own: ``part_status``). Batches of
Hermitian matrices up to 32 x 32 go to syevjBatched in one call (jaxlib's
choice; checked, else syevd per matrix). syevd and gesvdj wait for the device
inside the library, and gesvd and sytrd are not known not to, so programs
with them are not captured as graphs (``NotCapturable``): they run eagerly.
The sparse QR solve (``cusolver_csrlsvqr_ffi``) runs in sparse.py and
tridiagonal solves in tridiagonal.py; the other solver targets (the polar
SVD, cuSOLVER's geev, the hybrid kernels, ...) are host steps.
"""

from __future__ import annotations

import ctypes
import functools
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
# Routines without a batched API are called once per matrix: past this many
# matrices (where small ones cost more in calls than the host's LAPACK) their
# steps stay on the host. Cholesky (potrfBatched), LU of small squares (cuBLAS
# getrfBatched) and triangular solves (trsmBatched) take any batch in one call.
MAX_LOOPED_MATRICES = 256
# Batches of square matrices up to this size factor through cuBLAS's
# getrfBatched (one call) rather than cuSOLVER's getrf per matrix.
MAX_BATCHED_GETRF = 128
# Batches of Hermitian matrices up to this size go to syevjBatched (one call).
MAX_BATCHED_SYEVJ = 32

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
        if rows == 0 or columns == 0:  # nothing to factor (LAPACK would call xerbla)
            return pivots, info
        for b, storage in enumerate(matrices):
            lu, pivot, info[b] = function(storage.T)
            storage[...] = lu.T
            pivots[b] = pivot + 1  # scipy's are 0-based; LAPACK's and cuSOLVER's 1-based
        return pivots, info


    def syevd(self, matrices: np.ndarray, lower: bool) -> tuple[np.ndarray, np.ndarray]:
        from scipy.linalg import lapack

        letter = _LETTERS[matrices.dtype].lower()
        function = getattr(lapack, letter + ("heevd" if letter in "cz" else "syevd"))
        count, n = matrices.shape[0], matrices.shape[-1]
        values = np.zeros((count, n), _real(matrices.dtype))
        info = np.zeros(count, np.int32)
        for b, storage in enumerate(matrices):
            if n == 0:
                continue
            values[b], vectors, info[b] = function(storage.T, compute_v=1, lower=int(lower))
            storage[...] = vectors.T
        return values, info

    def geqrf(self, matrices: np.ndarray) -> np.ndarray:
        from scipy.linalg import lapack

        function = getattr(lapack, _LETTERS[matrices.dtype].lower() + "geqrf")
        count, columns, rows = matrices.shape
        taus = np.zeros((count, min(rows, columns)), matrices.dtype)
        for b, storage in enumerate(matrices):
            if rows and columns:
                qr, taus[b], _, _ = function(storage.T)
                storage[...] = qr.T
        return taus

    def orgqr(self, matrices: np.ndarray, taus: np.ndarray) -> None:
        from scipy.linalg import lapack

        letter = _LETTERS[matrices.dtype].lower()
        function = getattr(lapack, letter + ("ungqr" if letter in "cz" else "orgqr"))
        count, columns, rows = matrices.shape
        for b, storage in enumerate(matrices):
            if rows and columns:
                q, _, _ = function(storage.T, taus[b])
                storage[...] = q.T

    def ormqr(self, left: bool, transpose: bool, reflectors: np.ndarray, taus: np.ndarray,
              matrices: np.ndarray) -> None:
        from scipy.linalg import lapack

        letter = _LETTERS[matrices.dtype].lower()
        function = getattr(lapack, letter + ("unmqr" if letter in "cz" else "ormqr"))
        trans = ("C" if letter in "cz" else "T") if transpose else "N"
        count, columns, rows = matrices.shape
        k = taus.shape[-1]
        for b, storage in enumerate(matrices):
            if rows and columns and k:
                product, _, _ = function("L" if left else "R", trans,
                                         reflectors[b].T[:, :k], taus[b], storage.T,
                                         max(1, 64 * (columns if left else rows)))
                storage[...] = product.T

    def gesvdj(self, matrices: np.ndarray, econ: bool, vectors: bool) -> tuple[Any, ...]:
        from scipy.linalg import lapack

        count, columns, rows = matrices.shape
        values, u, v, info = _svd_results(np, matrices.dtype, count, rows, columns, econ)
        if min(rows, columns) == 0:
            return values, u, v, info
        function = getattr(lapack, _LETTERS[matrices.dtype].lower() + "gesdd")
        for b, storage in enumerate(matrices):
            left, values[b], right, info[b] = function(storage.T, compute_uv=int(vectors),
                                                       full_matrices=int(not econ))
            if vectors:  # U and V column-major: U^T, and V^T = conj(V^H)
                u[b], v[b] = left.T, np.conj(right)
        return values, u, v, info


    def gesvd(self, matrices: np.ndarray, full: bool, vectors: bool) -> tuple[Any, ...]:
        from scipy.linalg import lapack

        count, columns, rows = matrices.shape
        values, u, vt, info = _gesvd_results(np, matrices.dtype, count, rows, columns, full,
                                             vectors)
        function = getattr(lapack, _LETTERS[matrices.dtype].lower() + "gesvd")
        for b, storage in enumerate(matrices):
            left, values[b], right, info[b] = function(storage.T, compute_uv=int(vectors),
                                                       full_matrices=int(full))
            if vectors:  # column-major storage of U and V^H
                u[b], vt[b] = left.T, right.T
        return values, u, vt, info

    def sytrd(self, matrices: np.ndarray, lower: bool) -> tuple[Any, ...]:
        from scipy.linalg import lapack

        letter = _LETTERS[matrices.dtype].lower()
        function = getattr(lapack, letter + ("hetrd" if letter in "cz" else "sytrd"))
        d, e, taus, info = _sytrd_results(np, matrices.dtype, *matrices.shape[:2])
        for b, storage in enumerate(matrices):
            reduced, d[b], e[b], taus[b], info[b] = function(storage.T, lower=int(lower))
            storage[...] = reduced.T
        return d, e, taus, info


def _real(dtype: np.dtype) -> np.dtype:
    return np.dtype(dtype.char.lower()) if dtype.kind == "c" else dtype


def _svd_results(xp: Any, dtype: np.dtype, count: int, rows: int, columns: int,
                 econ: bool) -> tuple[Any, Any, Any, Any]:
    """Singular values [count, k], U [count, ucols, rows] and V [count, vcols,
    columns] column-major (k columns each with ``econ``, else square), info:
    zeros, with U and V the identity where a matrix is empty (nothing to
    factor: any orthonormal basis, LAPACK's)."""
    k = min(rows, columns)
    ucols, vcols = (k, k) if econ else (rows, columns)
    values = xp.zeros((count, k), _real(dtype))
    u, v = xp.zeros((count, ucols, rows), dtype), xp.zeros((count, vcols, columns), dtype)
    if k == 0:
        u[...] = xp.eye(rows, dtype=dtype)[:ucols]
        v[...] = xp.eye(columns, dtype=dtype)[:vcols]
    return values, u, v, xp.zeros(count, np.int32)


def _gesvd_results(xp: Any, dtype: np.dtype, count: int, rows: int, columns: int,
                   full: bool, vectors: bool) -> tuple[Any, Any, Any, Any]:
    """gesvd's results for rows >= columns: singular values [count, columns],
    U [count, ucols, rows] and V^H [count, columns, columns] column-major
    (one-element placeholders without ``vectors``), info."""
    ucols = rows if full else columns
    values = xp.zeros((count, columns), _real(dtype))
    u = xp.zeros((count, ucols, rows) if vectors else (1,), dtype)
    vt = xp.zeros((count, columns, columns) if vectors else (1,), dtype)
    return values, u, vt, xp.zeros(count, np.int32)


def _sytrd_results(xp: Any, dtype: np.dtype, count: int, n: int) -> tuple[Any, ...]:
    """sytrd's diagonal [count, n] and off-diagonal [count, n-1] (real),
    reflector scalars [count, n-1] and info."""
    real = _real(dtype)
    return (xp.zeros((count, n), real), xp.zeros((count, n - 1), real),
            xp.zeros((count, n - 1), dtype), xp.zeros(count, np.int32))


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


class NotCapturable(RuntimeError):
    """A step that must not run while its stream is captured into a CUDA
    graph; the program runs eagerly (``graph_status()`` names the step)."""


class _Cusolver:
    """cuSOLVER's dense routines on CuPy arrays, on the current stream."""

    def __init__(self, cupy: Any, library: ctypes.CDLL):
        self.cupy = cupy
        self.lib = library
        self.handle = ctypes.c_void_p()
        _check(library.cusolverDnCreate(ctypes.byref(self.handle)), "cusolverDnCreate")
        self.gesvdj_params: ctypes.c_void_p | None = None  # made at the first SVD
        self.batched_getrf = True  # cuBLAS's getrfBatched for batches of small squares
        # syevjBatched for batches of small Hermitian matrices (jaxlib's choice up to
        # 32 x 32): off where this cuSOLVER lacks it or its check fails
        self.batched_syevj = _declare_syevj(library)
        self.syevj_params: ctypes.c_void_p | None = None
        # routines checked on their own at first use (_PARTS): part -> status
        self.parts: dict[str, str] = {}

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
        batched = getattr(lib, f"cusolverDn{letter}potrfBatched", None)
        # One call for a batch of small matrices (as jaxlib's cuSOLVER kernels
        # choose), or of more matrices than are worth a call each.
        if batched is not None and count > 1 and (n <= 32 or count > MAX_LOOPED_MATRICES):
            from jaxlib.gpu_runtime.cublas import pointer_array

            # potrfBatched works in the other triangle too (cuSOLVER's docs: it is
            # destroyed); LAPACK's contract keeps it: put the input's back.
            saved = matrices.copy()
            pointers = pointer_array(cupy, matrices, n * n * matrices.dtype.itemsize)
            _check(batched(self.handle, uplo, n, _ptr(pointers), n, _ptr(info), count),
                   "potrfBatched")
            # Storage item [column, row]: the lower triangle (row >= column) is the
            # storage's upper one.
            factor = cupy.triu(cupy.ones((n, n), bool)) if lower else \
                cupy.tril(cupy.ones((n, n), bool))
            matrices[...] = cupy.where(factor, matrices, saved)
            return info
        lwork = ctypes.c_int()
        _check(size(self.handle, uplo, n, ctypes.c_void_p(matrices.data.ptr), n,
                    ctypes.byref(lwork)), "potrf_bufferSize")
        work = _workspace(cupy, lwork, matrices.dtype)
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
        if self.batched_getrf and count > 1 and rows == columns and 0 < rows <= \
                MAX_BATCHED_GETRF:
            from jaxlib.gpu_runtime.cublas import getrf_batched

            done = getrf_batched(cupy, matrices)  # one call for the batch, as XLA
            if done is not None:
                return done
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
        work = _workspace(cupy, lwork, matrices.dtype)
        step = rows * columns * matrices.dtype.itemsize
        pivot_step = min(rows, columns) * 4
        for b in range(count):
            _check(function(self.handle, rows, columns,
                            ctypes.c_void_p(matrices.data.ptr + b * step), rows,
                            ctypes.c_void_p(work.data.ptr),
                            ctypes.c_void_p(pivots.data.ptr + b * pivot_step),
                            ctypes.c_void_p(info.data.ptr + 4 * b)), "getrf")
        return pivots, info


    def syevd(self, matrices: Any, lower: bool) -> tuple[Any, Any]:
        cupy = self.cupy
        # syevd synchronizes with the host and allocates inside the library; a
        # capture that reaches it leaves the handle unusable, so the program
        # runs eagerly instead (the capture fails here, before the call).
        if cupy.cuda.get_current_stream().is_capturing():
            raise NotCapturable("cuSOLVER syevd synchronizes with the host")
        count, n = matrices.shape[0], matrices.shape[-1]
        values = cupy.zeros((count, n), _real(matrices.dtype))
        info = cupy.zeros(count, np.int32)
        if count == 0 or n == 0:
            return values, info
        uplo = _FILL_LOWER if lower else _FILL_UPPER
        if self.batched_syevj and count > 1 and n <= MAX_BATCHED_SYEVJ:
            self._syevj_batched(matrices, values, info, uplo)
            return values, info
        size, function = self._routine(matrices.dtype, "syevd")
        self._bind()
        lwork = ctypes.c_int()
        _check(size(self.handle, _EIG_MODE_VECTOR, uplo, n, _ptr(matrices), n, _ptr(values),
                    ctypes.byref(lwork)), "syevd_bufferSize")
        work = _workspace(cupy, lwork, matrices.dtype)
        step, value_step = n * n * matrices.dtype.itemsize, n * values.dtype.itemsize
        for b in range(count):
            _check(function(self.handle, _EIG_MODE_VECTOR, uplo, n, _ptr(matrices, b * step), n,
                            _ptr(values, b * value_step), _ptr(work), lwork.value,
                            _ptr(info, 4 * b)), "syevd")
        return values, info

    def _syevj_batched(self, matrices: Any, values: Any, info: Any, uplo: int) -> None:
        """The whole batch in one Jacobi call (eigenvalues ascending, as syevd's)."""
        lib, count, n = self.lib, matrices.shape[0], matrices.shape[-1]
        if self.syevj_params is None:
            params = ctypes.c_void_p()
            _check(lib.cusolverDnCreateSyevjInfo(ctypes.byref(params)), "CreateSyevjInfo")
            self.syevj_params = params
        name = _routine_name(_LETTERS[matrices.dtype], "syevj") + "Batched"
        self._bind()
        lwork = ctypes.c_int()
        _check(getattr(lib, name + "_bufferSize")(
            self.handle, _EIG_MODE_VECTOR, uplo, n, _ptr(matrices), n, _ptr(values),
            ctypes.byref(lwork), self.syevj_params, count), "syevjBatched_bufferSize")
        work = _workspace(self.cupy, lwork, matrices.dtype)
        _check(getattr(lib, name)(self.handle, _EIG_MODE_VECTOR, uplo, n, _ptr(matrices), n,
                                  _ptr(values), _ptr(work), lwork.value, _ptr(info),
                                  self.syevj_params, count), "syevjBatched")

    def geqrf(self, matrices: Any) -> Any:
        cupy = self.cupy
        count, columns, rows = matrices.shape
        k = min(rows, columns)
        taus = cupy.zeros((count, k), matrices.dtype)
        if count == 0 or k == 0:
            return taus
        size, function = self._routine(matrices.dtype, "geqrf")
        self._bind()
        lwork = ctypes.c_int()
        _check(size(self.handle, rows, columns, _ptr(matrices), rows, ctypes.byref(lwork)),
               "geqrf_bufferSize")
        work = _workspace(cupy, lwork, matrices.dtype)
        info = cupy.zeros(count, np.int32)
        item = matrices.dtype.itemsize
        for b in range(count):
            _check(function(self.handle, rows, columns, _ptr(matrices, b * rows * columns * item),
                            rows, _ptr(taus, b * k * item), _ptr(work), lwork.value,
                            _ptr(info, 4 * b)), "geqrf")
        return taus

    def orgqr(self, matrices: Any, taus: Any) -> None:
        count, columns, rows = matrices.shape
        k = taus.shape[-1]
        if count == 0 or rows == 0 or columns == 0:
            return
        size, function = self._routine(matrices.dtype, "orgqr")
        self._bind()
        lwork = ctypes.c_int()
        _check(size(self.handle, rows, columns, k, _ptr(matrices), rows, _ptr(taus),
                    ctypes.byref(lwork)), "orgqr_bufferSize")
        work = _workspace(self.cupy, lwork, matrices.dtype)
        info = self.cupy.zeros(count, np.int32)
        item = matrices.dtype.itemsize
        for b in range(count):
            _check(function(self.handle, rows, columns, k,
                            _ptr(matrices, b * rows * columns * item), rows,
                            _ptr(taus, b * k * item), _ptr(work), lwork.value,
                            _ptr(info, 4 * b)), "orgqr")

    def ormqr(self, left: bool, transpose: bool, reflectors: Any, taus: Any,
              matrices: Any) -> None:
        """Q, Q^T or Q^H (of ``reflectors`` and ``taus`` from geqrf) times the
        column-major ``matrices`` from the left, or them times it, in place."""
        count, columns, rows = matrices.shape
        k, lda = taus.shape[-1], reflectors.shape[-1]
        if count == 0 or rows == 0 or columns == 0 or k == 0:
            return
        size, function = self._routine(matrices.dtype, "ormqr")
        side = _SIDE_LEFT if left else _SIDE_RIGHT
        trans = _TRANSPOSE_CODES[("ADJOINT" if matrices.dtype.kind == "c" else "TRANSPOSE")
                                 if transpose else "NO_TRANSPOSE"]
        self._bind()
        lwork = ctypes.c_int()
        _check(size(self.handle, side, trans, rows, columns, k, _ptr(reflectors), lda,
                    _ptr(taus), _ptr(matrices), rows, ctypes.byref(lwork)), "ormqr_bufferSize")
        work = _workspace(self.cupy, lwork, matrices.dtype)
        info = self.cupy.zeros(count, np.int32)
        item = matrices.dtype.itemsize
        step = reflectors.shape[-1] * reflectors.shape[-2] * item
        for b in range(count):
            _check(function(self.handle, side, trans, rows, columns, k,
                            _ptr(reflectors, b * step), lda, _ptr(taus, b * k * item),
                            _ptr(matrices, b * rows * columns * item), rows, _ptr(work),
                            lwork.value, _ptr(info, 4 * b)), "ormqr")

    def gesvdj(self, matrices: Any, econ: bool, vectors: bool) -> tuple[Any, ...]:
        """Jacobi SVD: gesvdjBatched (one call) for a batch of full
        decompositions up to 32 x 32, else gesvdj per matrix."""
        cupy, lib = self.cupy, self.lib
        # gesvdj reports its sweeps and residual into host memory (params): the
        # call waits for the device, which a capture cannot hold.
        if cupy.cuda.get_current_stream().is_capturing():
            raise NotCapturable("cuSOLVER gesvdj synchronizes with the host")
        count, columns, rows = matrices.shape
        dtype = matrices.dtype
        values, u, v, info = _svd_results(cupy, dtype, count, rows, columns, econ)
        if count == 0 or min(rows, columns) == 0:
            return values, u, v, info
        if self.gesvdj_params is None:
            params = ctypes.c_void_p()
            _check(lib.cusolverDnCreateGesvdjInfo(ctypes.byref(params)), "CreateGesvdjInfo")
            self.gesvdj_params = params
        params, letter = self.gesvdj_params, _LETTERS[dtype]
        jobz = _EIG_MODE_VECTOR if vectors else _EIG_MODE_NOVECTOR
        self._bind()
        lwork = ctypes.c_int()
        a, s, left, right = _ptr(matrices), _ptr(values), _ptr(u), _ptr(v)
        if not econ and rows <= 32 and columns <= 32:
            name = f"cusolverDn{letter}gesvdjBatched"
            _check(getattr(lib, name + "_bufferSize")(
                self.handle, jobz, rows, columns, a, rows, s, left, rows, right, columns,
                ctypes.byref(lwork), params, count), "gesvdjBatched_bufferSize")
            work = _workspace(cupy, lwork, dtype)
            _check(getattr(lib, name)(self.handle, jobz, rows, columns, a, rows, s, left, rows,
                                      right, columns, _ptr(work), lwork.value, _ptr(info),
                                      params, count), "gesvdjBatched")
            return values, u, v, info
        name = f"cusolverDn{letter}gesvdj"
        _check(getattr(lib, name + "_bufferSize")(
            self.handle, jobz, int(econ), rows, columns, a, rows, s, left, rows, right, columns,
            ctypes.byref(lwork), params), "gesvdj_bufferSize")
        work = _workspace(cupy, lwork, dtype)
        steps = [x.nbytes // count for x in (matrices, values, u, v)]
        for b in range(count):
            _check(getattr(lib, name)(
                self.handle, jobz, int(econ), rows, columns, _ptr(matrices, b * steps[0]), rows,
                _ptr(values, b * steps[1]), _ptr(u, b * steps[2]), rows,
                _ptr(v, b * steps[3]), columns, _ptr(work), lwork.value, _ptr(info, 4 * b),
                params), "gesvdj")
        return values, u, v, info

    def gesvd(self, matrices: Any, full: bool, vectors: bool) -> tuple[Any, ...]:
        """QR-iteration SVD of column-major matrices with rows >= columns (all
        cuSOLVER's gesvd takes), one call per matrix."""
        cupy = self.cupy
        # gesvd's bidiagonal QR iteration is not known to keep off the host: as
        # for syevd, a capture must not reach it.
        if cupy.cuda.get_current_stream().is_capturing():
            raise NotCapturable("cuSOLVER gesvd may synchronize with the host")
        count, columns, rows = matrices.shape
        if rows < columns:
            raise ValueError(f"cuSOLVER gesvd needs rows >= columns, got {rows} x {columns}")
        dtype = matrices.dtype
        values, u, vt, info = _gesvd_results(cupy, dtype, count, rows, columns, full, vectors)
        if count == 0 or columns == 0:
            return values, u, vt, info
        job = ord("A" if full else "S") if vectors else ord("N")
        size, function = self._routine(dtype, "gesvd")
        self._bind()
        lwork = ctypes.c_int()
        _check(size(self.handle, rows, columns, ctypes.byref(lwork)), "gesvd_bufferSize")
        work = _workspace(cupy, lwork, dtype)
        # the unconverged superdiagonal when info > 0 (jax reads only info)
        rwork = cupy.empty(max(columns - 1, 1), _real(dtype))
        steps = [x.nbytes // count if vectors or x is values or x is matrices else 0
                 for x in (matrices, values, u, vt)]
        for b in range(count):
            _check(function(self.handle, job, job, rows, columns,
                            _ptr(matrices, b * steps[0]), rows, _ptr(values, b * steps[1]),
                            _ptr(u, b * steps[2]), rows, _ptr(vt, b * steps[3]), columns,
                            _ptr(work), lwork.value, _ptr(rwork), _ptr(info, 4 * b)), "gesvd")
        return values, u, vt, info

    def sytrd(self, matrices: Any, lower: bool) -> tuple[Any, ...]:
        """Householder reduction of Hermitian matrices to real tridiagonal
        form, one call per matrix (LAPACK's storage of the reflectors)."""
        cupy = self.cupy
        if cupy.cuda.get_current_stream().is_capturing():
            raise NotCapturable("cuSOLVER sytrd may synchronize with the host")
        count, n = matrices.shape[0], matrices.shape[-1]
        dtype = matrices.dtype
        d, e, taus, info = _sytrd_results(cupy, dtype, count, n)
        if count == 0 or n == 0:
            return d, e, taus, info
        if n == 1:  # nothing to reduce (and no off-diagonal for the library to point at)
            d[...] = matrices.reshape(count, 1).real
            # LAPACK's hetrd leaves the diagonal real in the matrix too
            matrices[...] = matrices.real.astype(dtype)
            return d, e, taus, info
        uplo = _FILL_LOWER if lower else _FILL_UPPER
        size, function = self._routine(dtype, "sytrd")
        self._bind()
        lwork = ctypes.c_int()
        _check(size(self.handle, uplo, n, _ptr(matrices), n, _ptr(d), _ptr(e), _ptr(taus),
                    ctypes.byref(lwork)), "sytrd_bufferSize")
        work = _workspace(cupy, lwork, dtype)
        steps = [x.nbytes // count for x in (matrices, d, e, taus)]
        for b in range(count):
            _check(function(self.handle, uplo, n, _ptr(matrices, b * steps[0]), n,
                            _ptr(d, b * steps[1]), _ptr(e, b * steps[2]),
                            _ptr(taus, b * steps[3]), _ptr(work), lwork.value,
                            _ptr(info, 4 * b)), "sytrd")
        return d, e, taus, info

    def _routine(self, dtype: np.dtype, routine: str) -> tuple[Any, Any]:
        name = _routine_name(_LETTERS[dtype], routine)
        return getattr(self.lib, name + "_bufferSize"), getattr(self.lib, name)


# cusolverEigMode_t
_EIG_MODE_NOVECTOR, _EIG_MODE_VECTOR = 0, 1
# cublasSideMode_t (ormqr's side)
_SIDE_LEFT, _SIDE_RIGHT = 0, 1


def _ptr(array: Any, offset: int = 0) -> ctypes.c_void_p:
    return ctypes.c_void_p(array.data.ptr + offset)


def _routine_name(letter: str, routine: str) -> str:
    """cuSOLVER's name of ``routine`` for a type letter (Hermitian and unitary
    names for complex types)."""
    if letter in "CZ":
        routine = {"syevd": "heevd", "syevj": "heevj", "orgqr": "ungqr", "ormqr": "unmqr",
                   "sytrd": "hetrd"}.get(routine, routine)
    return f"cusolverDn{letter}{routine}"


def _check(code: int, what: str) -> None:
    if code != 0:
        raise RuntimeError(f"cuSOLVER {what} failed with cusolverStatus {code}")


def _declare(lib: ctypes.CDLL) -> None:
    vp, i32, ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
    signatures = {  # routine: (bufferSize arguments, routine arguments), after the handle
        "potrf": ([i32, i32, vp, i32, ip], [i32, i32, vp, i32, vp, i32, vp]),
        "getrf": ([i32, i32, vp, i32, ip], [i32, i32, vp, i32, vp, vp, vp]),
        "syevd": ([i32, i32, i32, vp, i32, vp, ip], [i32, i32, i32, vp, i32, vp, vp, i32, vp]),
        "geqrf": ([i32, i32, vp, i32, ip], [i32, i32, vp, i32, vp, vp, i32, vp]),
        "orgqr": ([i32, i32, i32, vp, i32, vp, ip], [i32, i32, i32, vp, i32, vp, vp, i32, vp]),
    }
    functions = [(lib.cusolverDnCreate, [ctypes.POINTER(vp)]),
                 (lib.cusolverDnSetStream, [vp, vp])]
    for letter in _LETTERS.values():
        for routine, (size_args, args) in signatures.items():
            name = _routine_name(letter, routine)
            functions += [(getattr(lib, name + "_bufferSize"), [vp, *size_args]),
                          (getattr(lib, name), [vp, *args])]
    for letter in _LETTERS.values():  # (uplo, n, Aarray, lda, infoArray, batchSize)
        batched = getattr(lib, f"cusolverDn{letter}potrfBatched", None)
        if batched is not None:
            functions.append((batched, [vp, i32, i32, vp, i32, vp, i32]))
    for function, argtypes in functions:
        function.argtypes = argtypes
        function.restype = ctypes.c_int


def _declare_syevj(lib: Any) -> bool:
    """syevjBatched's signatures; False where this cuSOLVER lacks them."""
    vp, i32, ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
    try:
        functions = [(lib.cusolverDnCreateSyevjInfo, [ctypes.POINTER(vp)])]
        for letter in _LETTERS.values():
            name = _routine_name(letter, "syevj") + "Batched"
            # (jobz, uplo, n, A, lda, W, ...)
            functions += [(getattr(lib, name + "_bufferSize"),
                           [vp, i32, i32, i32, vp, i32, vp, ip, vp, i32]),
                          (getattr(lib, name), [vp, i32, i32, i32, vp, i32, vp, vp, i32, vp,
                                                vp, i32])]
    except AttributeError:
        return False
    for function, argtypes in functions:
        function.argtypes = argtypes
        function.restype = ctypes.c_int
    return True


def _declare_svd(lib: ctypes.CDLL) -> None:
    """gesvdj's signatures (declared at the first SVD: a library without them
    leaves the other routines on the device)."""
    vp, i32, ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
    matrices = [vp, i32, vp, vp, i32, vp, i32]  # A, lda, S, U, ldu, V, ldv
    functions = [(lib.cusolverDnCreateGesvdjInfo, [ctypes.POINTER(vp)])]
    for letter in _LETTERS.values():
        name = f"cusolverDn{letter}gesvdj"
        functions += [
            (getattr(lib, name + "_bufferSize"), [vp, i32, i32, i32, i32, *matrices, ip, vp]),
            (getattr(lib, name), [vp, i32, i32, i32, i32, *matrices, vp, i32, vp, vp]),
            (getattr(lib, name + "Batched_bufferSize"), [vp, i32, i32, i32, *matrices, ip, vp,
                                                         i32]),
            (getattr(lib, name + "Batched"), [vp, i32, i32, i32, *matrices, vp, i32, vp, vp,
                                              i32])]
    for function, argtypes in functions:
        function.argtypes = argtypes
        function.restype = ctypes.c_int


def _declare_gesvd(lib: ctypes.CDLL) -> None:
    """gesvd's signatures: (m, n) for the buffer size; (jobu, jobvt, m, n, A,
    lda, S, U, ldu, VT, ldvt, work, lwork, rwork, info)."""
    vp, i32, ip, job = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.c_byte
    for letter in _LETTERS.values():
        name = _routine_name(letter, "gesvd")
        size, function = getattr(lib, name + "_bufferSize"), getattr(lib, name)
        size.argtypes, size.restype = [vp, i32, i32, ip], ctypes.c_int
        function.argtypes = [vp, job, job, i32, i32, vp, i32, vp, vp, i32, vp, i32, vp, i32,
                             vp, vp]
        function.restype = ctypes.c_int


def _declare_sytrd(lib: ctypes.CDLL) -> None:
    """sytrd's (hetrd's) signatures: (uplo, n, A, lda, d, e, tau, ...)."""
    vp, i32, ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
    for letter in _LETTERS.values():
        name = _routine_name(letter, "sytrd")
        size, function = getattr(lib, name + "_bufferSize"), getattr(lib, name)
        size.argtypes, size.restype = [vp, i32, i32, vp, i32, vp, vp, vp, ip], ctypes.c_int
        function.argtypes = [vp, i32, i32, vp, i32, vp, vp, vp, vp, i32, vp]
        function.restype = ctypes.c_int


def _declare_ormqr(lib: ctypes.CDLL) -> None:
    """ormqr's (unmqr's) signatures: (side, trans, m, n, k, A, lda, tau, C, ldc, ...)."""
    vp, i32, ip = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
    for letter in _LETTERS.values():
        name = _routine_name(letter, "ormqr")
        size, function = getattr(lib, name + "_bufferSize"), getattr(lib, name)
        size.argtypes = [vp, i32, i32, i32, i32, i32, vp, i32, vp, vp, i32, ip]
        function.argtypes = [vp, i32, i32, i32, i32, i32, vp, i32, vp, vp, i32, vp, i32, vp]
        size.restype = function.restype = ctypes.c_int


def _part_binding(xp: Any, part: str) -> Any:
    """The binding for one of the separately checked routines (``_PARTS``) on
    the current device, declared and checked against the host at its first
    use, or None: such calls stay host steps (the other routines are not
    affected)."""
    binding = _binding(xp)
    if binding is None or xp is np:
        return binding
    state = binding.parts.get(part, "not used yet")
    if state == "not used yet":
        declare, check = _PARTS[part]
        try:
            declare(binding.lib)
            check(xp, binding)
            state = "cusolver"
        except Exception as err:
            state = f"host ({type(err).__name__}: {err})"[:300]
        binding.parts[part] = state
    return binding if state == "cusolver" else None


def part_status(part: str, xp: Any = None) -> str:
    """Where ``part`` ('gesvdj', 'gesvd', 'sytrd' or 'ormqr') runs on the current
    device: 'cusolver', 'not used yet', or why it runs on the host."""
    if part not in _PARTS:
        raise ValueError(f"unknown solver part {part!r}; expected one of {sorted(_PARTS)}")
    binding = _state["handles"].get(xp.cuda.Device().id) if xp is not None else None
    if binding is None:
        return "not used yet" if status() in ("not used yet", "cusolver") else status()
    return binding.parts.get(part, "not used yet")


def svd_status(xp: Any = None) -> str:
    """Where Jacobi SVDs (jax's default) run: see ``part_status``."""
    return part_status("gesvdj", xp)


def _binding(xp: Any) -> Any:
    """The binding for namespace ``xp`` on the current device (made and
    checked on first use), or None when cuSOLVER is off."""
    from jaxlib.gpu_runtime.cublas import checked_binding, cuda_library

    return checked_binding(
        _state, xp, "cusolver",
        lambda: cuda_library("libcusolver", (12, 11), _declare, xp.cuda.device.get_cusolver_handle),
        lambda library: _Cusolver(xp, library), _self_test, mock=_Lapack)


class _OnCurrentDevice:
    """A binding looked up when a step runs: the library handle of the device
    the program is running on (handles belong to one device), not of the
    device that was current when the program was built."""

    def __init__(self, xp: Any, lookup: Callable[[Any], Any], what: str):
        self.xp, self.lookup, self.what = xp, lookup, what

    def __getattr__(self, name: str) -> Any:
        binding = self.lookup(self.xp)
        if binding is None:
            raise RuntimeError(f"{self.what} is off on GPU {self.xp.cuda.Device().id}: "
                               f"{status()}")
        return getattr(binding, name)


def _self_test(cupy: Any, binding: _Cusolver) -> None:
    """Factorizations in every type and both triangles against the host's."""
    rng = np.random.default_rng(0)
    host = _Lapack()
    for dtype in _LETTERS:
        a = rng.standard_normal((2, 4, 4)).astype(dtype)
        spd = (a @ np.conj(np.swapaxes(a, -1, -2)) + 4 * np.eye(4)).astype(dtype)
        # a batch (potrfBatched where there is one) and one matrix (potrf)
        for lower, batch in ((True, spd), (False, spd), (True, spd[:1]), (False, spd[1:])):
            want, got = batch.copy(), cupy.asarray(batch)
            want_info, got_info = host.potrf(want, lower), binding.potrf(got, lower)
            if not (np.allclose(cupy.asnumpy(got), want, rtol=1e-4, atol=1e-4)
                    and np.array_equal(cupy.asnumpy(got_info), want_info)):
                raise RuntimeError(f"a {dtype} Cholesky factor differs from LAPACK's")
        for shape in ((2, 3, 5), (2, 5, 3), (3, 4, 4)):
            general = rng.standard_normal(shape).astype(dtype)
            want, got = general.copy(), cupy.asarray(general)
            want_pivots, _ = host.getrf(want)
            got_pivots, _ = binding.getrf(got)
            if not (np.allclose(cupy.asnumpy(got), want, rtol=1e-4, atol=1e-4)
                    and np.array_equal(cupy.asnumpy(got_pivots), want_pivots)):
                if shape[1] == shape[2] and binding.batched_getrf:  # cuBLAS's batched LU
                    binding.batched_getrf = False  # off: cuSOLVER per matrix instead
                    want, got = general.copy(), cupy.asarray(general)
                    want_pivots, _ = host.getrf(want)
                    got_pivots, _ = binding.getrf(got)
                    if np.allclose(cupy.asnumpy(got), want, rtol=1e-4, atol=1e-4) and \
                            np.array_equal(cupy.asnumpy(got_pivots), want_pivots):
                        continue
                raise RuntimeError(f"a {dtype} LU factorization differs from LAPACK's")
        # Eigenvectors and reflectors are unique only up to signs: check what they are.
        storage = np.ascontiguousarray(np.swapaxes(spd, -1, -2))  # column-major spd
        for lower in (True, False):
            # a batch of 4 x 4: syevjBatched where there is one (checked; off if
            # wrong, syevd per matrix then), and one matrix: syevd
            for batch in (storage, storage[:1]):
                if not _eigh_differs(cupy, binding, batch, lower):
                    continue
                if batch.shape[0] > 1 and binding.batched_syevj:
                    binding.batched_syevj = False
                    if not _eigh_differs(cupy, binding, batch, lower):
                        continue
                raise RuntimeError(f"a {dtype} eigendecomposition is not one of the input")
        tall = rng.standard_normal((2, 5, 3)).astype(dtype)
        got = cupy.asarray(np.ascontiguousarray(np.swapaxes(tall, -1, -2)))
        taus = binding.geqrf(got)
        upper = np.triu(np.swapaxes(cupy.asnumpy(got), -1, -2)[:, :3, :])
        binding.orgqr(got, taus)
        q = np.swapaxes(cupy.asnumpy(got), -1, -2)
        if not np.allclose(q @ upper, tall, rtol=1e-3, atol=1e-3):
            raise RuntimeError(f"a {dtype} QR factorization does not give back its input")


def _ormqr_self_test(cupy: Any, binding: _Cusolver) -> None:
    """Q, Q^T (Q^H) times a matrix and a matrix times them, in every type,
    against LAPACK's on the same reflectors."""
    rng = np.random.default_rng(3)
    host = _Lapack()
    for dtype in _LETTERS:
        tall = rng.standard_normal((2, 3, 5)).astype(dtype)  # column-major 5 x 3
        reflectors = tall.copy()
        taus = host.geqrf(reflectors)
        for left, transpose in ((True, False), (True, True), (False, False), (False, True)):
            c = rng.standard_normal((2, 4, 5) if left else (2, 5, 4)).astype(dtype)
            want, got = c.copy(), cupy.asarray(c)  # column-major (count, columns, rows)
            host.ormqr(left, transpose, reflectors, taus, want)
            binding.ormqr(left, transpose, cupy.asarray(reflectors), cupy.asarray(taus), got)
            if not np.allclose(cupy.asnumpy(got), want, rtol=1e-3, atol=1e-3):
                raise RuntimeError(f"a {dtype} product with Q differs from LAPACK's")


def _eigh_differs(cupy: Any, binding: Any, storage: np.ndarray, lower: bool) -> bool:
    """Whether the binding's eigendecomposition of the column-major Hermitian
    ``storage`` fails what it must satisfy (ascending eigenvalues, A V = V diag(w))."""
    matrices = np.swapaxes(storage, -1, -2)
    got = cupy.asarray(storage)
    try:
        values, info = binding.syevd(got, lower)
    except RuntimeError:
        return True
    vectors, values = np.swapaxes(cupy.asnumpy(got), -1, -2), cupy.asnumpy(values)
    return not (np.allclose(values, np.linalg.eigvalsh(matrices), rtol=1e-3, atol=1e-3)
                and np.allclose(matrices @ vectors, vectors * values[:, None, :],
                                rtol=1e-3, atol=1e-3)
                and not cupy.asnumpy(info).any())


def _svd_self_test(cupy: Any, binding: _Cusolver) -> None:
    """gesvdj (batched and per matrix, full and economic) in every type: the
    singular values against numpy's, and U diag(s) V^H giving back the input."""
    rng = np.random.default_rng(1)
    for dtype in _LETTERS:
        for shape, econ in (((2, 3, 5), False), ((2, 5, 3), True), ((2, 40, 33), False),
                            ((2, 33, 40), True)):
            a = rng.standard_normal(shape).astype(dtype)
            storage = cupy.asarray(np.ascontiguousarray(np.swapaxes(a, -1, -2)))
            values, u, v, info = (cupy.asnumpy(x) for x in binding.gesvdj(storage, econ, True))
            k = min(shape[-2:])
            left = np.swapaxes(u, -1, -2)[..., :k]
            right = np.swapaxes(v, -1, -2)[..., :k]
            rebuilt = (left * values[:, None, :]) @ np.conj(np.swapaxes(right, -1, -2))
            if not (np.allclose(values, np.linalg.svd(a, compute_uv=False), rtol=1e-3,
                                atol=1e-3)
                    and np.allclose(rebuilt, a, rtol=1e-3, atol=1e-3) and not info.any()):
                raise RuntimeError(f"a {dtype} SVD of {list(shape[-2:])} matrices does not "
                                   "give back its input")


def _gesvd_self_test(cupy: Any, binding: _Cusolver) -> None:
    """QR-iteration SVD in every type, full, economic and without vectors."""
    rng = np.random.default_rng(2)
    for dtype in _LETTERS:
        a = rng.standard_normal((2, 6, 4)).astype(dtype)
        want = np.linalg.svd(a, compute_uv=False)
        for full, vectors in ((True, True), (False, True), (False, False)):
            storage = cupy.asarray(np.ascontiguousarray(np.swapaxes(a, -1, -2)))
            values, u, vt, info = (cupy.asnumpy(x) for x in
                                   binding.gesvd(storage, full, vectors))
            good = np.allclose(values, want, rtol=1e-3, atol=1e-3) and not info.any()
            if vectors:
                left = np.swapaxes(u, -1, -2)[..., :4]
                rebuilt = (left * values[:, None, :]) @ np.swapaxes(vt, -1, -2)
                good = good and u.shape[1] == (6 if full else 4) and \
                    np.allclose(rebuilt, a, rtol=1e-3, atol=1e-3)
            if not good:
                raise RuntimeError(f"a {dtype} gesvd (full_matrices={full}, vectors="
                                   f"{vectors}) does not give back its input")


def tridiagonal_rebuilt(reduced: np.ndarray, d: np.ndarray, e: np.ndarray,
                        taus: np.ndarray, lower: bool) -> np.ndarray:
    """Q T Q^H from a (batched) row-major sytrd result, LAPACK's storage: T
    from d and e; Q the product of the reflectors kept below the
    subdiagonal (``lower``: Q = H_0 H_1 ...) or above the superdiagonal
    (Q = H_{n-2} ... H_0), v = 1 at the reflector's pivot."""
    n = reduced.shape[-1]
    rebuilt = np.empty(reduced.shape, np.result_type(reduced, d))
    for index in np.ndindex(reduced.shape[:-2]):
        q = np.eye(n, dtype=reduced.dtype)
        for i in range(n - 1):
            v = np.zeros(n, reduced.dtype)
            v[i + 1 if lower else i] = 1
            if lower:
                v[i + 2:] = reduced[index][i + 2:, i]
            else:
                v[:i] = reduced[index][:i, i + 1]
            h = np.eye(n, dtype=reduced.dtype) - taus[index][i] * np.outer(v, np.conj(v))
            q = q @ h if lower else h @ q
        t = np.diag(d[index]) + np.diag(e[index], -1) + np.diag(e[index], 1)
        rebuilt[index] = q @ t @ np.conj(q.T)
    return rebuilt


def _sytrd_self_test(cupy: Any, binding: _Cusolver) -> None:
    """Tridiagonal reduction in every type and both triangles: Q T Q^H gives
    back the Hermitian input."""
    rng = np.random.default_rng(3)
    for dtype in _LETTERS:
        a = rng.standard_normal((2, 5, 5)).astype(dtype)
        if np.dtype(dtype).kind == "c":
            a = a + 1j * rng.standard_normal(a.shape).astype(dtype)
        hermitian = a + np.conj(np.swapaxes(a, -1, -2))
        for lower in (True, False):
            storage = cupy.asarray(np.ascontiguousarray(np.swapaxes(hermitian, -1, -2)))
            d, e, taus, info = (cupy.asnumpy(x) for x in binding.sytrd(storage, lower))
            reduced = np.swapaxes(cupy.asnumpy(storage), -1, -2)
            if info.any() or not np.allclose(tridiagonal_rebuilt(reduced, d, e, taus, lower),
                                              hermitian, rtol=1e-3, atol=1e-3):
                raise RuntimeError(f"a {dtype} tridiagonal reduction (lower={lower}) does "
                                   "not give back its input")


# Routines declared and checked on their own at their first use (_part_binding).
_PARTS: dict[str, tuple[Callable, Callable]] = {
    "gesvdj": (_declare_svd, _svd_self_test),
    "gesvd": (_declare_gesvd, _gesvd_self_test),
    "sytrd": (_declare_sytrd, _sytrd_self_test),
    "ormqr": (_declare_ormqr, _ormqr_self_test),
}


# -- device steps of the custom calls -----------------------------------------------------


def _column_major(xp: Any, a: Any, count: int, rows: int, columns: int) -> Any:
    """A new [count, columns, rows] array holding each matrix column-major."""
    return xp.array(xp.swapaxes(a.reshape(count, rows, columns), -1, -2), order="C", copy=True)


def _row_major(xp: Any, storage: Any, shape: tuple[int, ...]) -> Any:
    return xp.array(xp.swapaxes(storage, -1, -2), order="C", copy=True).reshape(shape)


def _potrf(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    shape = tuple(op.operand_types[0].shape)
    lower = _lower_flag(op)  # cuSOLVER's flag, or LAPACK's uplo 'L' / 'U'
    if lower is None or len(shape) < 2 or shape[-1] != shape[-2] or not _results_are(
            op, (shape, numpy_dtype(op.operand_types[0].element_type)),
            (shape[:-2], np.dtype(np.int32))):
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
    if not _results_are(op, (shape, numpy_dtype(op.operand_types[0].element_type)),
                        (batch + (min(rows, columns),), np.dtype(np.int32)),
                        (batch, np.dtype(np.int32))):
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
    shape = tuple(b_type.shape)  # (any batch: cuBLAS's trsmBatched takes it in one call)
    if a_type.rank != len(shape) or len(shape) < 2 or tuple(a_type.shape[:-2]) != shape[:-2] \
            or a_type.shape[-1] != a_type.shape[-2] \
            or a_type.shape[-1] != (shape[-2] if left else shape[-1]) \
            or max(shape[-2:]) > _INT_MAX // 2 or _matrices(shape) > _INT_MAX:
        return None
    if xp is np:
        solver: Any = _BlasTrsm()
    else:
        from jaxlib.gpu_runtime.cublas import trsm_for

        if trsm_for(xp) is None:
            return None
        solver = _OnCurrentDevice(xp, trsm_for, "cuBLAS trsm")
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


def _workspace(cupy: Any, lwork: ctypes.c_int, dtype: Any) -> Any:
    """The work array of a ``*_bufferSize`` answer (elements of ``dtype``);
    an error, not a call with a short array, where the answer overflowed
    its int."""
    if lwork.value < 0:
        raise RuntimeError(f"cuSOLVER's workspace size overflowed ({lwork.value})")
    return cupy.empty(max(lwork.value, 1), dtype)


# Past this many elements per matrix the 32-bit workspace sizes of the
# cuSOLVER calls here (about 2 n^2 elements for syevd) could overflow: such
# matrices (16384 x 16384 and more) are factored on the host.
_MAX_MATRIX_ELEMENTS = 2**28


def _matrices(shape: Any) -> int:
    return int(np.prod(tuple(shape)[:-2], dtype=np.int64))


def _results_are(op: Operation, *expected: tuple[tuple[int, ...], np.dtype]) -> bool:
    return len(op.result_types) == len(expected) and all(
        tuple(t.shape) == shape and numpy_dtype(t.element_type) == dtype
        for t, (shape, dtype) in zip(op.result_types, expected))


def _lower_flag(op: Operation) -> bool | None:
    """cuSOLVER's ``lower``, or LAPACK's ``uplo`` letter; None without either."""
    attributes = decoded_attributes(op)
    if "lower" in attributes:
        return bool(attributes["lower"])
    if "uplo" in attributes:
        return chr(int(attributes["uplo"])) == "L"
    return None


def _syevd(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    """Eigenvectors and ascending eigenvalues of Hermitian matrices (jax's
    ``eigh``: cuSOLVER's syevd/heevd for every ``algorithm``: one decomposition)."""
    shape = tuple(op.operand_types[0].shape)
    dtype = numpy_dtype(op.operand_types[0].element_type)
    lower = _lower_flag(op)
    mode = decoded_attributes(op).get("mode", ord("V"))
    if lower is None or len(shape) < 2 or shape[-1] != shape[-2] or chr(int(mode)) != "V":
        return None
    batch, n = shape[:-2], shape[-1]
    if not _results_are(op, (shape, dtype), (batch + (n,), _real(dtype)),
                        (batch, np.dtype(np.int32))):
        return None
    count = int(np.prod(batch, dtype=np.int64))

    def kernel(a):
        storage = _column_major(xp, a, count, n, n)
        values, info = binding.syevd(storage, lower)
        return (_row_major(xp, storage, shape), values.reshape(batch + (n,)),
                info.reshape(batch))

    return kernel


def _geqrf(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    """Householder QR: R above the diagonal, the reflectors below, and their taus."""
    shape = tuple(op.operand_types[0].shape)
    dtype = numpy_dtype(op.operand_types[0].element_type)
    if len(shape) < 2:
        return None
    batch, (rows, columns) = shape[:-2], shape[-2:]
    k = min(rows, columns)
    if not _results_are(op, (shape, dtype), (batch + (k,), dtype)):
        return None
    count = int(np.prod(batch, dtype=np.int64))

    def kernel(a):
        storage = _column_major(xp, a, count, rows, columns)
        taus = binding.geqrf(storage)
        return _row_major(xp, storage, shape), taus.reshape(batch + (k,))

    return kernel


def _orgqr(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    """The Q of reflectors and taus (jax's ``householder_product``)."""
    if len(op.operands) != 2:
        return None
    shape = tuple(op.operand_types[0].shape)
    dtype = numpy_dtype(op.operand_types[0].element_type)
    tau_shape = tuple(op.operand_types[1].shape)
    if len(shape) < 2 or numpy_dtype(op.operand_types[1].element_type) != dtype:
        return None
    batch, (rows, columns) = shape[:-2], shape[-2:]
    if tau_shape[:-1] != batch or not tau_shape or tau_shape[-1] > columns \
            or columns > rows or not _results_are(op, (shape, dtype)):
        return None
    count, k = int(np.prod(batch, dtype=np.int64)), tau_shape[-1]

    def kernel(a, taus):
        storage = _column_major(xp, a, count, rows, columns)
        binding.orgqr(storage, xp.ascontiguousarray(taus).reshape(count, k))
        return (_row_major(xp, storage, shape),)

    return kernel


def _ormqr(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    """Q (of reflectors and taus from geqrf) times c without forming Q
    (jax's ``ormqr``, ``qr_multiply``): Q c, Q^T c, c Q or c Q^T by its
    ``left`` and ``transpose`` (Q^H for complex types)."""
    if len(op.operands) != 3:
        return None
    a_shape, tau_shape, c_shape = (tuple(t.shape) for t in op.operand_types)
    dtype = numpy_dtype(op.operand_types[0].element_type)
    if any(numpy_dtype(t.element_type) != dtype for t in op.operand_types) or \
            len(a_shape) < 2 or len(c_shape) != len(a_shape) or not tau_shape:
        return None
    batch, (rows, columns) = a_shape[:-2], a_shape[-2:]
    (c_rows, c_columns), k = c_shape[-2:], tau_shape[-1]
    attributes = decoded_attributes(op)
    left, transpose = bool(attributes.get("left", True)), bool(attributes.get("transpose", False))
    if c_shape[:-2] != batch or tau_shape[:-1] != batch or k > min(rows, columns) \
            or (c_rows if left else c_columns) != rows or not _results_are(op, (c_shape, dtype)) \
            or max(c_shape[-2:]) > _INT_MAX // 2 \
            or c_rows * c_columns > _MAX_MATRIX_ELEMENTS:
        return None
    count = int(np.prod(batch, dtype=np.int64))

    def kernel(a, taus, c):
        reflectors = _column_major(xp, a, count, rows, columns)
        storage = _column_major(xp, c, count, c_rows, c_columns)
        binding.ormqr(left, transpose, reflectors, xp.ascontiguousarray(taus).reshape(count, k),
                      storage)
        return (_row_major(xp, storage, c_shape),)

    return kernel


def _gesvdj(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    """jax's Jacobi SVD (``cusolver_gesvdj_ffi``, its default up to 1024 x
    1024): a, singular values, U, V (not V^H; jax transposes), info. U and V
    are square, or k columns when ``full_matrices`` is false; with
    ``compute_uv`` false they are zeros (jax does not read them)."""
    attributes = decoded_attributes(op)
    shape = tuple(op.operand_types[0].shape)
    if "full_matrices" not in attributes or len(shape) < 2:
        return None
    econ, vectors = not attributes["full_matrices"], bool(attributes.get("compute_uv", True))
    dtype = numpy_dtype(op.operand_types[0].element_type)
    batch, (rows, columns) = shape[:-2], shape[-2:]
    k = min(rows, columns)
    ucols, vcols = (k, k) if econ else (rows, columns)
    if not _results_are(op, (shape, dtype), (batch + (k,), _real(dtype)),
                        (batch + (rows, ucols), dtype), (batch + (columns, vcols), dtype),
                        (batch, np.dtype(np.int32))):
        return None
    count = int(np.prod(batch, dtype=np.int64))

    def kernel(a):
        storage = _column_major(xp, a, count, rows, columns)
        values, u, v, info = binding.gesvdj(storage, econ, vectors)
        return (_row_major(xp, storage, shape), values.reshape(batch + (k,)),
                _row_major(xp, u, batch + (rows, ucols)),
                _row_major(xp, v, batch + (columns, vcols)), info.reshape(batch))

    return kernel


def _gesvd(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    """jax's QR-iteration SVD (``cusolver_gesvd_ffi``: past 1024 x 1024, or
    ``SvdAlgorithm.QR``): a, singular values, U, V^H, info. cuSOLVER's gesvd
    takes rows >= columns only, so for a wide matrix jax sets ``transposed``
    and asks for row-major results: the call factors the row-major bytes as
    the column-major transpose A^T = U' S V'^H, and A = conj(V') S U'^T, so
    the third result (V^H's shape) is U' read row-major and the fourth (U's)
    is V'^H read row-major, no copies. Without ``compute_uv`` U and V^H are
    scalar placeholders."""
    attributes = decoded_attributes(op)
    shape = tuple(op.operand_types[0].shape)
    if "full_matrices" not in attributes or len(shape) < 2:
        return None
    full, vectors = bool(attributes["full_matrices"]), bool(attributes.get("compute_uv", True))
    transposed = bool(attributes.get("transposed", False))
    dtype = numpy_dtype(op.operand_types[0].element_type)
    batch, (m, n) = shape[:-2], shape[-2:]
    k = min(m, n)
    if transposed != (m < n) or k == 0:
        return None
    u_shape, vt_shape = (batch + (m, m if full else k), batch + (n if full else k, n)) \
        if vectors else ((), ())
    middle = (vt_shape, u_shape) if transposed else (u_shape, vt_shape)
    if not _results_are(op, (shape, dtype), (batch + (k,), _real(dtype)),
                        *((s, dtype) for s in middle), (batch, np.dtype(np.int32))):
        return None
    count = int(np.prod(batch, dtype=np.int64))

    def kernel(a):
        if transposed:  # row-major m x n: the column-major n x m transpose as it is
            storage = xp.array(a, order="C", copy=True).reshape(count, m, n)
        else:
            storage = _column_major(xp, a, count, m, n)
        values, u, vt, info = binding.gesvd(storage, full, vectors)
        if not vectors:
            third = fourth = xp.zeros((), dtype)
        elif transposed:
            third, fourth = u.reshape(vt_shape), vt.reshape(u_shape)
        else:
            third, fourth = _row_major(xp, u, u_shape), _row_major(xp, vt, vt_shape)
        factored = storage.reshape(shape) if transposed else _row_major(xp, storage, shape)
        return factored, values.reshape(batch + (k,)), third, fourth, info.reshape(batch)

    return kernel


def _sytrd(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    """Reduction of Hermitian matrices to real tridiagonal form (jax's
    ``tridiagonal``): the reflectors in the input's other triangle, the
    diagonal, the off-diagonal, the reflectors' scalars, info."""
    shape = tuple(op.operand_types[0].shape)
    dtype = numpy_dtype(op.operand_types[0].element_type)
    lower = _lower_flag(op)
    if lower is None or len(shape) < 2 or shape[-1] != shape[-2] or shape[-1] == 0:
        return None
    batch, n = shape[:-2], shape[-1]
    if not _results_are(op, (shape, dtype), (batch + (n,), _real(dtype)),
                        (batch + (n - 1,), _real(dtype)), (batch + (n - 1,), dtype),
                        (batch, np.dtype(np.int32))):
        return None
    count = int(np.prod(batch, dtype=np.int64))

    def kernel(a):
        storage = _column_major(xp, a, count, n, n)
        d, e, taus, info = binding.sytrd(storage, lower)
        return (_row_major(xp, storage, shape), d.reshape(batch + (n,)),
                e.reshape(batch + (n - 1,)), taus.reshape(batch + (n - 1,)),
                info.reshape(batch))

    return kernel


def _syrk(op: Operation, xp: Any, binding: Any) -> Callable[..., tuple] | None:
    """jax's ``symmetric_product`` (``cusolver_syrk_ffi``): alpha a a^T + beta c
    (a^T a with ``transpose``) in the lower triangle, c's upper triangle kept
    (all cuBLAS's syrk writes); the product on the GPU's product path."""
    from jaxlib.gpu_runtime.cublas import matmul_for

    if len(op.operands) != 4 or len(op.result_types) != 1:
        return None
    a_shape, c_shape, alpha_shape, beta_shape = (tuple(t.shape) for t in op.operand_types)
    dtype = numpy_dtype(op.operand_types[0].element_type)
    transpose = bool(decoded_attributes(op).get("transpose", False))
    if dtype not in (np.float16, np.float32, np.float64) or len(a_shape) < 2 or \
            any(numpy_dtype(t.element_type) != dtype for t in op.operand_types):
        return None
    n = a_shape[-1] if transpose else a_shape[-2]
    if c_shape != a_shape[:-2] + (n, n) or alpha_shape or beta_shape or \
            not _results_are(op, (c_shape, dtype)):
        return None
    count = int(np.prod(a_shape[:-2], dtype=np.int64))
    matmul = matmul_for(xp)

    def kernel(a, c, alpha, beta):
        a = a.reshape((count,) + a_shape[-2:])
        at = xp.swapaxes(a, -1, -2)
        product = (matmul(at, a) if transpose else matmul(a, at)).reshape(c_shape)
        updated = (alpha * product + beta * c).astype(dtype)
        return (xp.where(xp.tri(n, dtype=bool), updated, c),)

    return kernel


def _lu_pivots_to_permutation(op: Operation, xp: Any, binding: Any
                              ) -> Callable[..., tuple] | None:
    """jax's ``cu_lu_pivots_to_permutation`` (after every LU): a generated
    kernel on GPUs (one thread per matrix); the same swaps as array
    operations on mock GPUs. A pivot outside [0, m) swaps nothing."""
    pivot_type, (result_type,) = op.operand_types[0], op.result_types
    if len(op.operands) != 1 or pivot_type.rank < 1 or \
            numpy_dtype(pivot_type.element_type) != np.int32 or \
            numpy_dtype(result_type.element_type) != np.int32 or \
            tuple(result_type.shape[:-1]) != tuple(pivot_type.shape[:-1]) or \
            pivot_type.shape[-1] > result_type.shape[-1]:
        return None
    shape = tuple(result_type.shape)
    k, m = pivot_type.shape[-1], shape[-1]
    count = int(np.prod(shape[:-1], dtype=np.int64))
    if xp is not np:
        from jaxlib.gpu_runtime import codegen
        from jaxlib.gpu_runtime.fused import per_item_kernel

        source, name = codegen.lu_pivots_to_permutation(k, m, count, "cuda")
        generated = per_item_kernel(source, name, count, [(shape, np.int32)], xp, "cuda")
        return lambda pivots: generated(pivots)

    def kernel(pivots):
        swaps = pivots.reshape(count, k)
        rows = np.broadcast_to(np.arange(m, dtype=np.int32), (count, m)).copy()
        batch = np.arange(count)
        for i in range(k):
            j = swaps[:, i].astype(np.int64)
            valid = (j >= 0) & (j < m)
            which, j = batch[valid], j[valid]
            first, second = rows[which, i].copy(), rows[which, j].copy()
            rows[which, i], rows[which, j] = second, first
        return (rows.reshape(shape),)

    return kernel


# jax's names for cuda, and LAPACK's (programs lowered for the CPU run on GPUs too).
_FACTORIES = {f"cusolver_{routine}_ffi": factory for routine, factory in (
    ("potrf", _potrf), ("getrf", _getrf), ("syevd", _syevd), ("geqrf", _geqrf),
    ("orgqr", _orgqr), ("ormqr", _ormqr), ("gesvdj", _gesvdj), ("gesvd", _gesvd),
    ("sytrd", _sytrd))}
_FACTORIES.update({f"lapack_{letter}{routine}_ffi": factory for letter in "sdcz"
                   for routine, factory in (("potrf", _potrf), ("getrf", _getrf),
                                            ("geqrf", _geqrf))})
_FACTORIES.update({f"lapack_{letter}{routine}_ffi": _orgqr for letter, routine in (
    ("s", "orgqr"), ("d", "orgqr"), ("c", "ungqr"), ("z", "ungqr"))})
_FACTORIES.update({f"lapack_{letter}{routine}_ffi": _ormqr for letter, routine in (
    ("s", "ormqr"), ("d", "ormqr"), ("c", "unmqr"), ("z", "unmqr"))})
_FACTORIES.update({f"lapack_{letter}{routine}_ffi": _syevd for letter, routine in (
    ("s", "syevd"), ("d", "syevd"), ("c", "heevd"), ("z", "heevd"))})
_FACTORIES.update({f"lapack_{letter}{routine}_ffi": _sytrd for letter, routine in (
    ("s", "sytrd"), ("d", "sytrd"), ("c", "hetrd"), ("z", "hetrd"))})
# The routines checked on their own (_PARTS) that a step needs.
_PART_OF = {_gesvdj: "gesvdj", _gesvd: "gesvd", _sytrd: "sytrd", _ormqr: "ormqr"}
_BLAS_FACTORIES = {f"lapack_{letter}trsm_ffi": _lapack_trsm for letter in "sdcz"}
_BLAS_FACTORIES["cu_lu_pivots_to_permutation"] = _lu_pivots_to_permutation
_BLAS_FACTORIES["cusolver_syrk_ffi"] = _syrk
TARGETS = frozenset(_FACTORIES) | frozenset(_BLAS_FACTORIES)


def _loops(factory: Callable, shape: tuple[int, ...], binding: Any) -> bool:
    """Whether the call goes to the library once per matrix (no batched API:
    past MAX_LOOPED_MATRICES such calls stay on the host)."""
    if factory is _potrf:
        return False  # potrfBatched
    if factory is _getrf:  # cuBLAS getrfBatched for small squares, unless its check failed
        return not (len(shape) >= 2 and shape[-1] == shape[-2] <= MAX_BATCHED_GETRF
                    and getattr(binding, "batched_getrf", True))
    if factory is _syevd:  # syevjBatched for small matrices, where there is one
        return not (len(shape) >= 2 and shape[-1] <= MAX_BATCHED_SYEVJ
                    and getattr(binding, "batched_syevj", True))
    return True


def solver_kernel(op: Operation, xp: Any) -> Callable[..., tuple] | None:
    """The device step of a Cholesky, LU, eigh, QR, Jacobi SVD or
    triangular-solve call (cuSOLVER's names, or LAPACK's in programs lowered
    for the CPU), or None (a host step)
    for other targets, types the libraries do not serve, sizes past their
    ints, or when cuSOLVER/cuBLAS is off."""
    target = op.attributes.get("call_target_name")
    if target in _BLAS_FACTORIES:
        return _BLAS_FACTORIES[target](op, xp, None)
    factory = _FACTORIES.get(target)
    if factory is None or not op.operands or not op.result_types:
        return None
    dtype = numpy_dtype(op.operand_types[0].element_type)
    mirrored = op.operand_types[-1] if factory is _ormqr else op.operand_types[0]
    if dtype not in _LETTERS or numpy_dtype(op.result_types[0].element_type) != dtype or \
            tuple(op.result_types[0].shape) != tuple(mirrored.shape):
        return None
    if factory not in (_orgqr, _ormqr) and len(op.operands) != 1:
        return None
    shape = tuple(op.operand_types[0].shape)
    if max(shape[-2:], default=0) > _INT_MAX // 2 or _matrices(shape) > _INT_MAX \
            or int(np.prod(shape[-2:], dtype=np.int64)) > _MAX_MATRIX_ELEMENTS:
        return None  # (batch counts and sizes are ints)
    part = _PART_OF.get(factory)
    lookup = _binding if part is None else functools.partial(_part_binding, part=part)
    binding = lookup(xp)
    if binding is None or (_matrices(shape) > MAX_LOOPED_MATRICES
                           and _loops(factory, shape, binding)):
        return None
    if xp is not np:  # programs run on every device of their executable
        binding = _OnCurrentDevice(xp, lookup, "cuSOLVER")
    return factory(op, xp, binding)
