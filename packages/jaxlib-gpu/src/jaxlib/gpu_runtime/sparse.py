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
``hipsparse_*`` names stay host steps until a ROCm build is tested, as does
``gtsv2`` (tridiagonal solves).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops.custom_call import decoded_attributes

_OPERATIONS = tuple(f"{fmt}_{op}" for fmt in ("coo", "csr")
                    for op in ("todense", "fromdense", "matvec", "matmat"))
TARGETS = frozenset(f"cusparse_{operation}_ffi" for operation in _OPERATIONS)


def sparse_kernel(op: Any, xp: Any) -> Callable[..., tuple] | None:
    """The device step of a cuSPARSE target, or None (a host step) where the
    descriptor or the types are not what jaxlib-sparse's lowering makes."""
    name = op.attributes.get("call_target_name")
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
