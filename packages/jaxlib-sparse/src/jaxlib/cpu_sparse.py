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
lazily, through the ``jaxlib.custom_call_providers`` entry point), together with
its contract: core checks every call's types against it when it compiles the
program (``check_csr_sparse_dense``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jaxlib import _sparse_kernels
from jaxlib._src.ir.element_types import BLAS_TYPES, BY_MLIR
from jaxlib._src.ops.custom_call_registry import (
    CustomCallBuffer,
    CustomCallSignature,
    register_custom_call_contract,
)

CSR_SPARSE_DENSE_TARGET = "cpu_csr_sparse_dense_ffi"
# The element types the kernel instantiates (csrc/sparse_kernels.cc), as MLIR
# spells them: indices i32 or i64; values the BLAS types and the index types.
INDEX_TYPES = ("i32", "i64")
VALUE_TYPES = (*BLAS_TYPES, *INDEX_TYPES)
# The same, as numpy dtypes (core's element-type table).
VALUE_DTYPES = tuple(BY_MLIR[t].dtype for t in VALUE_TYPES)
INDEX_DTYPES = tuple(BY_MLIR[t].dtype for t in INDEX_TYPES)


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
                         f"supported ({' or '.join(d.name for d in INDEX_DTYPES)})")
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


def _expect(what: str, actual: CustomCallBuffer, element_type: str, shape: tuple[int, ...]
            ) -> None:
    expected = f"{element_type}[{','.join(map(str, shape))}]"
    if actual.kind != "tensor" or str(actual) != expected:
        raise ValueError(f"{what} must be {expected}, got {actual}")


def check_csr_sparse_dense(signature: CustomCallSignature) -> None:
    """The contract of ``cpu_csr_sparse_dense_ffi`` (raises ValueError): the types the
    reference lowering declares, row-major, and no attributes."""
    if signature.api_version != 4:
        raise ValueError("must be called as a typed FFI custom call (api_version = 4, or a "
                         f"dictionary backend_config); got api_version {signature.api_version}")
    if signature.attributes:
        raise ValueError(f"takes no attributes, got {sorted(signature.attributes)}")
    if len(signature.operands) != 4 or len(signature.results) != 1:
        raise ValueError("takes 4 operands (data, indptr, indices, rhs) and has 1 result "
                         f"(out), got {len(signature.operands)} and {len(signature.results)}")
    data, indptr, indices, rhs = signature.operands
    (out,) = signature.results
    if data.kind != "tensor" or data.rank != 1 or data.element_type not in VALUE_TYPES:
        raise ValueError(f"operand 0 (data) must be a vector of {', '.join(VALUE_TYPES)}, "
                         f"got {data}")
    if (indptr.kind != "tensor" or indptr.rank != 1 or indptr.shape[0] < 1
            or indptr.element_type not in INDEX_TYPES):
        raise ValueError("operand 1 (indptr) must be a non-empty vector of "
                         f"{' or '.join(INDEX_TYPES)}, got {indptr}")
    value, index, rows = data.element_type, indptr.element_type, indptr.shape[0] - 1
    _expect("operand 2 (indices, one per entry of data)", indices, index, data.shape)
    if rhs.kind != "tensor" or rhs.rank not in (1, 2):
        raise ValueError(f"operand 3 (rhs) must be a {value} vector or matrix, got {rhs}")
    _expect("operand 3 (rhs)", rhs, value, rhs.shape)
    _expect(f"result 0 (out: indptr's {rows} rows x rhs's columns)", out, value,
            (rows, *rhs.shape[1:]))
    for what, buffers in (("operand", signature.operands), ("result", signature.results)):
        for i, b in enumerate(buffers):  # the kernel reads and writes row-major arrays
            expected = tuple(range(b.rank - 1, -1, -1))
            if b.layout is not None and b.layout != expected:
                raise ValueError(f"{what} {i} ({b}) must have layout {list(expected)}, got "
                                 f"{list(b.layout)}")


_KERNELS: dict[str, Any] = {CSR_SPARSE_DENSE_TARGET: csr_sparse_dense}
_CONTRACTS: dict[str, Any] = {CSR_SPARSE_DENSE_TARGET: check_csr_sparse_dense}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"cpu": [(target name, handler, api_version)]}`` (api_version 1: typed FFI)."""
    return {"cpu": [(name, fn, 1) for name, fn in sorted(_KERNELS.items())]}


def _register_with_core() -> None:
    from jaxlib import xla_client

    for platform, targets in registrations().items():
        for name, fn, api_version in targets:
            xla_client.register_custom_call_target(name, fn, platform=platform,
                                                   api_version=api_version)
            register_custom_call_contract(name, _CONTRACTS[name], platform=platform)


_register_with_core()
