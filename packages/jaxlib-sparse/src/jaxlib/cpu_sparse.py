"""CPU sparse custom-call targets (the jaxlib-sparse extra).

JAX's CPU lowering of ``jax.experimental.sparse`` CSR products (BCSR ``@``
dense, ``bcsr_dot_general`` with no batch dimensions) emits one typed-FFI custom
call::

    cpu_csr_sparse_dense_ffi(data[nnz], indptr[rows + 1], indices[nnz], rhs)
        -> out

``rhs`` is a vector ``[cols]`` or a row-major matrix ``[cols, k]``; ``out`` is
``[rows]`` or ``[rows, k]`` (the row count comes from the result's shape, the
column count from ``rhs``'s). ``indptr`` and ``indices`` share one integer dtype
(int32 or int64); ``data``, ``rhs`` and ``out`` one value dtype (float32,
float64, complex64, complex128, int32 or int64), as the reference kernel accepts.
Entries at the same position are summed; entries past ``indptr[-1]`` (BCSR's
padding) are ignored. The loops are C++ (``jaxlib._sparse_kernels``).

Importing this module registers the kernel with jaxlib-core (core imports it
lazily, through the ``jaxlib.custom_call_providers`` entry point).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jaxlib import _sparse_kernels

CSR_SPARSE_DENSE_TARGET = "cpu_csr_sparse_dense_ffi"
VALUE_DTYPES = tuple(np.dtype(t) for t in (np.float32, np.float64, np.complex64,
                                           np.complex128, np.int32, np.int64))
INDEX_DTYPES = (np.dtype(np.int32), np.dtype(np.int64))


def _check_dtypes(data: np.ndarray, indptr: np.ndarray, indices: np.ndarray,
                  rhs: np.ndarray, out: np.ndarray) -> None:
    if data.dtype not in VALUE_DTYPES:
        raise ValueError(f"{CSR_SPARSE_DENSE_TARGET}: value dtype {data.dtype} is not "
                         f"supported (one of {', '.join(d.name for d in VALUE_DTYPES)})")
    if rhs.dtype != data.dtype or out.dtype != data.dtype:
        raise ValueError(f"{CSR_SPARSE_DENSE_TARGET}: element type mismatch: data "
                         f"{data.dtype}, rhs {rhs.dtype}, result {out.dtype}")
    if indptr.dtype not in INDEX_DTYPES:
        raise ValueError(f"{CSR_SPARSE_DENSE_TARGET}: index dtype {indptr.dtype} is not "
                         "supported (int32 or int64)")
    if indices.dtype != indptr.dtype:
        raise ValueError(f"{CSR_SPARSE_DENSE_TARGET}: sparse index type mismatch: indptr "
                         f"{indptr.dtype}, indices {indices.dtype}")


def csr_sparse_dense(operands: list[np.ndarray], results: list[np.ndarray],
                     attributes: dict[str, Any]) -> None:
    """Typed-FFI handler of ``cpu_csr_sparse_dense_ffi`` (no attributes)."""
    if len(operands) != 4 or len(results) != 1:
        raise ValueError(f"{CSR_SPARSE_DENSE_TARGET} takes 4 operands (data, indptr, "
                         f"indices, rhs) and 1 result; got {len(operands)} and {len(results)}")
    data, indptr, indices, rhs = operands
    (out,) = results
    _check_dtypes(data, indptr, indices, rhs, out)
    _sparse_kernels.csr_matmat(np.ascontiguousarray(data), np.ascontiguousarray(indptr),
                               np.ascontiguousarray(indices), np.ascontiguousarray(rhs), out)


_KERNELS: dict[str, Any] = {CSR_SPARSE_DENSE_TARGET: csr_sparse_dense}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"cpu": [(target name, handler, api_version)]}`` (api_version 1: typed FFI)."""
    return {"cpu": [(name, fn, 1) for name, fn in sorted(_KERNELS.items())]}


def _register_with_core() -> None:
    from jaxlib import xla_client

    for platform, targets in registrations().items():
        for name, fn, api_version in targets:
            xla_client.register_custom_call_target(name, fn, platform=platform,
                                                   api_version=api_version)


_register_with_core()
