"""jax's cuSPARSE targets as device steps.

``jax.experimental.sparse``'s COO and CSR arrays lower on cuda to
``cusparse_{coo,csr}_{todense,fromdense,matvec,matmat}_ffi``, whose sizes come
in the descriptor jaxlib-sparse's ``gpu_sparse._cusparse`` built (rows, cols,
nnz, transpose). Here they run on the device, with the semantics of
jaxlib-sparse's host handlers (which are cuSPARSE's):

* products go through CuPy's sparse matrices, that is cuSPARSE's SpMV/SpMM
  (scipy.sparse on mock GPUs); ``transpose`` is A^T, not conjugated;
* ``todense`` adds entries at the same position; ``fromdense`` lists the
  nonzeros in row-major order, padded with zeros to nnz.

Entries whose indices fall outside the matrix hold a zero at (0, 0) instead
(the host handlers drop them; the two differ only where x's first row is not
finite: 0 * inf); cuSPARSE itself would read outside the arrays. The
conversions read nothing back to the host (positions by prefix sums, not
``nonzero``) and are captured in CUDA graphs; the products read a few sizes
back (CuPy's sparse matrices check their indices), and CuPy refuses library
calls while a stream is captured, so programs with a product run eagerly. ROCm's
``hipsparse_*`` names stay host steps until a ROCm build is tested.

``jax.experimental.sparse.linalg.spsolve`` (``cusolver_csrlsvqr_ffi``) runs
here too, through cuSOLVER's sparse QR (``_sparse_solve``); tridiagonal
solves (``cusparse_gtsv2_ffi``) are in tridiagonal.py.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops.custom_call import decoded_attributes
from jaxlib.gpu_runtime.vendor import is_hip

_OPERATIONS = tuple(f"{fmt}_{op}" for fmt in ("coo", "csr")
                    for op in ("todense", "fromdense", "matvec", "matmat"))
# jax.experimental.sparse.linalg.spsolve on cuda: cuSOLVER's sparse QR solve.
SOLVE = "cusolver_csrlsvqr_ffi"
TARGETS = frozenset(f"cusparse_{operation}_ffi" for operation in _OPERATIONS) | {SOLVE}


def sparse_kernel(op: Any, xp: Any) -> Callable[..., tuple] | None:
    """The device step of a cuSPARSE target or of the sparse solve, or None
    (a host step) where the descriptor or the types are not what jax's and
    jaxlib-sparse's lowerings make."""
    name = op.attributes.get("call_target_name")
    if name == SOLVE:
        return _sparse_solve(op, xp)
    operation = name.removeprefix("cusparse_").removesuffix("_ffi")
    try:
        from jaxlib import gpu_sparse

        fields = gpu_sparse._descriptor(name, decoded_attributes(op), operation)
        rows, cols, nnz = int(fields["rows"]), int(fields["cols"]), int(fields["nnz"])
    except (ImportError, ValueError, KeyError, TypeError):
        return None
    extras = [(tuple(t.shape), numpy_dtype(t.element_type)) for t in op.result_types]
    kind = operation.split("_")[1]
    if kind == "todense":
        step = _todense(xp, operation, rows, cols, nnz)
        extras = extras[1:]
    elif kind == "fromdense":
        step = _fromdense(xp, operation, rows, cols, nnz, extras[0][1], extras[1][1])
        extras = extras[3:]
    else:
        if len(op.operands) != 4:
            return None
        step = _product(xp, operation, rows, cols, nnz, bool(fields.get("transpose")))
        extras = extras[1:]
    if step is None:
        return None

    def kernel(*operands):
        # The workspace results jax allocates for cuSPARSE: zeros, unused.
        return (*step(*operands), *(xp.zeros(shape, dtype) for shape, dtype in extras))

    return kernel


def _coordinates(xp: Any, operation: str, rows: int, cols: int, nnz: int,
                 first: Any, second: Any) -> tuple[Any, Any, Any]:
    """(row, col, valid) of each stored entry: COO's indices, or CSR's columns
    with rows from the row pointer (entries past its end belong to no row)."""
    if operation.startswith("coo"):
        row, col = first.astype(np.int64), second.astype(np.int64)
    else:  # indices, indptr
        col = first.astype(np.int64)
        indptr = second.astype(np.int64)
        # The row of entry e: how many row starts (after the first) are <= e.
        row = xp.searchsorted(indptr[1:], xp.arange(nnz, dtype=np.int64), side="right")
        row = xp.where(xp.arange(nnz) < indptr[-1], row, -1)
    valid = (row >= 0) & (row < rows) & (col >= 0) & (col < cols)
    return xp.where(valid, row, 0), xp.where(valid, col, 0), valid


def _todense(xp: Any, operation: str, rows: int, cols: int, nnz: int):
    def step(data, first, second):
        row, col, valid = _coordinates(xp, operation, rows, cols, nnz, first, second)
        dense = xp.zeros((rows, cols), data.dtype)
        values = xp.where(valid, data, 0).astype(data.dtype)  # dropped: a zero at (0, 0)
        if data.dtype.kind == "c":  # CuPy's add.at takes real types: the parts one by one
            parts = dense.view(values.real.dtype).reshape(rows, cols, 2)
            for k, part in enumerate((values.real, values.imag)):
                xp.add.at(parts, (row, col, xp.full_like(row, k)), part)
            return (dense,)
        xp.add.at(dense, (row, col), values)
        return (dense,)
    return step


def _fromdense(xp: Any, operation: str, rows: int, cols: int, nnz: int,
               data_dtype: np.dtype, index_dtype: np.dtype):
    def step(mat):
        flat = mat.reshape(-1)
        nonzero = flat != 0
        position = xp.cumsum(nonzero) - 1  # each nonzero's place in row-major order
        keep = nonzero & (position < nnz)
        # Scattered to their places; the rest go to a spare last slot.
        target = xp.where(keep, position, nnz)
        index = xp.arange(flat.size, dtype=np.int64)
        data = xp.zeros(nnz + 1, data_dtype)
        data[target] = flat
        col = xp.zeros(nnz + 1, index_dtype)
        col[target] = (index % max(cols, 1)).astype(index_dtype)
        if operation.startswith("coo"):
            row = xp.zeros(nnz + 1, index_dtype)
            row[target] = (index // max(cols, 1)).astype(index_dtype)
            return data[:nnz], row[:nnz], col[:nnz]
        per_row = keep.reshape(rows, cols).sum(axis=1)
        indptr = xp.concatenate([xp.zeros(1, index_dtype),
                                 xp.cumsum(per_row).astype(index_dtype)])
        return data[:nnz], col[:nnz], indptr
    return step


def _sparse_module(xp: Any) -> Any:
    if xp is np:
        import scipy.sparse

        return scipy.sparse
    import cupyx.scipy.sparse

    return cupyx.scipy.sparse


def _product(xp: Any, operation: str, rows: int, cols: int, nnz: int, transpose: bool):
    sparse = _sparse_module(xp)

    def step(data, first, second, x):
        if operation.startswith("csr"):
            # The row pointer as given (cuSPARSE reads entries up to its end),
            # clipped so that no read leaves the arrays, and the entries up to that
            # end (jax pads past it; CuPy's matrices would read the padding); columns
            # outside the matrix hold a zero at column 0.
            indptr = xp.clip(second.astype(np.int64), 0, nnz)
            end = int(indptr[-1])  # read back: CuPy's sparse matrices read sizes anyway
            col = first[:end].astype(np.int64)
            valid = (col >= 0) & (col < cols)
            matrix = sparse.csr_matrix((xp.where(valid, data[:end], 0).astype(data.dtype),
                                        xp.where(valid, col, 0), indptr), shape=(rows, cols))
        else:
            row, col, valid = _coordinates(xp, operation, rows, cols, nnz, first, second)
            # Entries at one position add up in the product, as in cuSPARSE.
            matrix = sparse.coo_matrix((xp.where(valid, data, 0).astype(data.dtype),
                                        (row, col)), shape=(rows, cols)).tocsr()
        product = (matrix.T if transpose else matrix) @ x
        return (xp.asarray(product, dtype=data.dtype).reshape(
            (cols if transpose else rows,) + tuple(x.shape[1:])),)
    return step


def _sparse_solve(op: Any, xp: Any) -> Callable[..., tuple] | None:
    """``cusolver_csrlsvqr_ffi`` (data, indices, indptr, b; attributes tol and
    reorder): A x = b for a square CSR matrix A, through cuSOLVER's sparse QR
    (CuPy's ``cupyx.cusolver.csrlsvqr``) with jax's tolerance and reordering;
    scipy's sparse direct solve on mock GPUs, as jaxlib-linalg's host handler.
    The matrix is checked first (a read-back, as cuSOLVER reads the host's
    singularity flag anyway: such programs run eagerly); one cuSOLVER would
    read outside of is refused as the host handler refuses it, with a
    ValueError."""
    if len(op.operands) != 4 or len(op.result_types) != 1 or is_hip(xp):
        return None  # (CuPy's ROCm build has no csrlsvqr)
    data, indices, indptr, b = op.operand_types
    dtype = numpy_dtype(b.element_type)
    n = int(b.shape[0]) if b.rank == 1 else -1
    if (n < 0 or dtype not in _SOLVE_TYPES or numpy_dtype(data.element_type) != dtype
            or data.rank != 1 or tuple(indices.shape) != tuple(data.shape)
            or tuple(indptr.shape) != (n + 1,) or op.result_types[0] != b
            or any(numpy_dtype(t.element_type) != np.int32 for t in (indices, indptr))):
        return None
    attributes = decoded_attributes(op)
    try:
        tol, reorder = float(attributes.get("tol", 0.0)), int(attributes.get("reorder", 1))
    except (TypeError, ValueError):
        return None
    nnz = int(data.shape[0])

    def kernel(values, columns, row_starts, rhs):
        if n == 0:
            return (xp.zeros((0,), dtype),)
        # before the check's read-back, which a capturing stream refuses too
        if xp is not np and xp.cuda.get_current_stream().is_capturing():
            from jaxlib.gpu_runtime.solver import NotCapturable

            raise NotCapturable("cuSOLVER csrlsvqr reads its singularity flag on the host")
        starts = row_starts.astype(np.int64)
        steps = starts[1:] - starts[:-1]
        bad = (starts[0] != 0) | (starts[-1] > nnz) | (steps < 0).any()
        if nnz:  # (the entries past the last row's end are not read)
            in_rows = xp.arange(nnz) < starts[-1]
            bad |= (((columns < 0) | (columns >= n)) & in_rows).any()
        if bool(bad):  # read back, with the end below
            raise ValueError(f"csrlsvqr: indices and indptr are not a CSR matrix of {n} x {n} "
                             f"with at most {nnz} entries")
        end = int(starts[-1])  # the entries past the last row's end belong to no row
        values, columns = values[:end], columns[:end]
        if xp is np:
            return (_host_solve(values, columns, row_starts, rhs, n, dtype),)
        try:
            import cupyx.cusolver
            import cupyx.scipy.sparse

            matrix = cupyx.scipy.sparse.csr_matrix((values, columns, row_starts), shape=(n, n))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # CuPy's "near singular": jax's is silent
                return (cupyx.cusolver.csrlsvqr(matrix, xp.ascontiguousarray(rhs), tol=tol,
                                                reorder=reorder),)
        except (ImportError, AttributeError, RuntimeError) as err:
            # (cusolverSp is deprecated since CUDA 13: a CuPy or CUDA without it)
            _state["csrlsvqr"] = f"host ({type(err).__name__}: {err})"[:300]
            host = [xp.asnumpy(v) for v in (values, columns, row_starts, rhs)]
            return (xp.asarray(_host_solve(*host, n, dtype)),)

    return kernel


# How sparse solves ran when cuSOLVER's could not ("csrlsvqr": why, if so).
_state: dict[str, str] = {}


def _host_solve(values: np.ndarray, columns: np.ndarray, row_starts: np.ndarray,
                rhs: np.ndarray, n: int, dtype: np.dtype) -> np.ndarray:
    import scipy.sparse
    import scipy.sparse.linalg

    matrix = scipy.sparse.csr_matrix((values, columns, row_starts), shape=(n, n))
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scipy's "matrix is exactly singular"
        solution = scipy.sparse.linalg.spsolve(matrix.tocsc(), rhs)
    return np.asarray(solution).astype(dtype, copy=False).reshape(n)


_SOLVE_TYPES = frozenset(np.dtype(t) for t in (np.float32, np.float64, np.complex64,
                                               np.complex128))
