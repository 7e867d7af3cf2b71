"""GPU sparse (cuSPARSE/hipSPARSE) custom-call targets of the jaxlib-sparse extra.

The names are those the reference JAX's GPU lowering emits: the COO/CSR
conversions and products of ``jax.experimental.sparse`` (``{cu,hip}sparse_{coo,csr}_
{todense,fromdense,matvec,matmat}_ffi``) and ``lax.linalg.tridiagonal_solve``
(``{cu,hip}sparse_gtsv2_ffi``); ``tests/corpus/generate.py`` records them in
``tests/corpus/gpu_targets.json`` and a test keeps the two in step.

They run in jaxlib-gpu as host steps, with numpy/scipy: gtsv2 by LAPACK's gtsv
(which pivots as cuSPARSE's gtsv2 does); the COO/CSR kernels as cuSPARSE
computes them (entries at the same position add up; a transposed product is
``A^T x``, not conjugated; ``fromdense`` lists the nonzeros in row-major
order, padding with zeros). jax's lowering asks ``_cusparse`` / ``_hipsparse``
for each call's descriptor (``build_*_descriptor``): here a workspace of no
bytes and an opaque JSON text of the call's sizes, which the kernels check.
``registrations()`` has the shape of the reference's answer when its CUDA/ROCm
plugin is installed, ``{"CUDA": [(name, handler, api_version)], "ROCM": [...]}``
(api_version 1: typed FFI); importing this module (a
``jaxlib.custom_call_providers`` entry point) registers them with jaxlib-core.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.base.errors import unimplemented
from jaxlib._src.ops.custom_call_registry import register_module_targets

_FUNCTIONS = tuple(f"{fmt}_{op}" for fmt in ("coo", "csr")
                   for op in ("fromdense", "matmat", "matvec", "todense")) + ("gtsv2",)
_LIBRARY = {"CUDA": ("cusparse", "cuSPARSE"), "ROCM": ("hipsparse", "hipSPARSE")}

# Platform -> target names the reference's lowering emits.
TARGET_NAMES: dict[str, tuple[str, ...]] = {
    platform: tuple(f"{prefix}_{fn}_ffi" for fn in _FUNCTIONS)
    for platform, (prefix, _) in _LIBRARY.items()
}


class _Descriptors:
    """``_cusparse`` / ``_hipsparse``: the descriptor builders jax's GPU sparse
    lowering calls, each returning (workspace bytes, opaque)."""

    def __init__(self, library: str) -> None:
        self.library = library

    @staticmethod
    def _opaque(op: str, **fields: Any) -> tuple[int, bytes]:
        return 0, json.dumps({"op": op, **fields}, sort_keys=True).encode()

    def build_coo_todense_descriptor(self, data_dtype: Any, index_dtype: Any, rows: int,
                                     cols: int, nnz: int) -> tuple[int, bytes]:
        return self._opaque("coo_todense", rows=rows, cols=cols, nnz=nnz)

    def build_csr_todense_descriptor(self, data_dtype: Any, index_dtype: Any, rows: int,
                                     cols: int, nnz: int) -> tuple[int, bytes]:
        return self._opaque("csr_todense", rows=rows, cols=cols, nnz=nnz)

    def build_coo_fromdense_descriptor(self, data_dtype: Any, index_dtype: Any, rows: int,
                                       cols: int, nnz: int) -> tuple[int, bytes]:
        return self._opaque("coo_fromdense", rows=rows, cols=cols, nnz=nnz)

    def build_csr_fromdense_descriptor(self, data_dtype: Any, index_dtype: Any, rows: int,
                                       cols: int, nnz: int) -> tuple[int, bytes]:
        return self._opaque("csr_fromdense", rows=rows, cols=cols, nnz=nnz)

    def build_coo_matvec_descriptor(self, data_dtype: Any, x_dtype: Any, compute_dtype: Any,
                                    index_dtype: Any, rows: int, cols: int, nnz: int,
                                    transpose: bool) -> tuple[int, bytes]:
        return self._opaque("coo_matvec", rows=rows, cols=cols, nnz=nnz,
                            transpose=bool(transpose))

    def build_csr_matvec_descriptor(self, data_dtype: Any, x_dtype: Any, compute_dtype: Any,
                                    index_dtype: Any, rows: int, cols: int, nnz: int,
                                    transpose: bool) -> tuple[int, bytes]:
        return self._opaque("csr_matvec", rows=rows, cols=cols, nnz=nnz,
                            transpose=bool(transpose))

    def build_coo_matmat_descriptor(self, data_dtype: Any, b_dtype: Any, compute_dtype: Any,
                                    index_dtype: Any, rows: int, cols: int, bc_cols: int,
                                    nnz: int, transpose: bool, batch_count: int = 1,
                                    lhs_batch_stride: int = 0, rhs_batch_stride: int = 0
                                    ) -> tuple[int, bytes]:
        if batch_count != 1:
            raise unimplemented(f"{self.library} COO matmat over a batch of {batch_count}")
        return self._opaque("coo_matmat", rows=rows, cols=cols, nnz=nnz,
                            transpose=bool(transpose))

    def build_csr_matmat_descriptor(self, data_dtype: Any, b_dtype: Any, compute_dtype: Any,
                                    index_dtype: Any, rows: int, cols: int, bc_cols: int,
                                    nnz: int, transpose: bool) -> tuple[int, bytes]:
        return self._opaque("csr_matmat", rows=rows, cols=cols, nnz=nnz,
                            transpose=bool(transpose))


_cusparse = _Descriptors("cuSPARSE")
_hipsparse = _Descriptors("hipSPARSE")


def _descriptor(name: str, attributes: Any, operation: str) -> dict:
    opaque = attributes.get("opaque") if isinstance(attributes, dict) else None
    if isinstance(opaque, np.ndarray):
        opaque = opaque.tobytes()
    try:
        fields = json.loads(opaque)
    except (TypeError, ValueError):
        raise ValueError(f"custom call {name!r}: its 'opaque' attribute is not a descriptor "
                         f"of this jaxlib's gpu_sparse (build_{operation}_descriptor)") from None
    if not isinstance(fields, dict) or fields.get("op") != operation:
        raise ValueError(f"custom call {name!r}: the descriptor is for "
                         f"{fields.get('op') if isinstance(fields, dict) else fields!r}, "
                         f"not {operation}")
    return fields


def _rows_of_csr(indptr: np.ndarray, nnz: int) -> np.ndarray:
    """Each stored entry's row (entries past ``indptr[-1]`` get none: -1)."""
    counts = np.diff(indptr.astype(np.int64))
    if (counts < 0).any() or indptr[-1] > nnz or indptr[0] != 0:
        raise ValueError(f"indptr {indptr.tolist()} is not a CSR row pointer for {nnz} entries")
    rows = np.full(nnz, -1, np.int64)
    rows[:int(indptr[-1])] = np.repeat(np.arange(counts.size), counts)
    return rows


def _entries(fields: dict, operation: str, operands: Any) -> tuple:
    """(data, row, col) of the sparse operand, checked against the sizes."""
    rows, cols, nnz = fields["rows"], fields["cols"], fields["nnz"]
    data, first, second = operands[:3]
    if data.shape != (nnz,):
        raise ValueError(f"{operation}: data has shape {list(data.shape)}, not [{nnz}]")
    if operation.startswith("coo"):
        row, col = first.astype(np.int64), second.astype(np.int64)
    else:  # csr: indices, indptr
        col = first.astype(np.int64)
        if second.shape != (rows + 1,):
            raise ValueError(f"{operation}: indptr has shape {list(second.shape)}, not "
                             f"[{rows + 1}]")
        row = _rows_of_csr(second, nnz)
    stored = (row >= 0) & (row < rows) & (col >= 0) & (col < cols)
    return data[stored], row[stored], col[stored]


def _todense(operation: str):
    def kernel(name: str, operands: Any, results: Any, attributes: Any) -> None:
        fields = _descriptor(name, attributes, operation)
        data, row, col = _entries(fields, operation, operands)
        dense = results[0]
        dense[...] = 0
        np.add.at(dense, (row, col), data)

    return kernel


def _fromdense(operation: str):
    def kernel(name: str, operands: Any, results: Any, attributes: Any) -> None:
        fields = _descriptor(name, attributes, operation)
        (mat,) = operands[:1]
        nnz = fields["nnz"]
        data, first, second = results[:3]
        row, col = np.nonzero(mat)
        count = min(row.size, nnz)
        data[...] = 0
        data[:count] = mat[row[:count], col[:count]]
        if operation.startswith("coo"):
            first[...] = 0
            second[...] = 0
            first[:count], second[:count] = row[:count], col[:count]
        else:  # indices, indptr
            first[...] = 0
            first[:count] = col[:count]
            second[0] = 0
            second[1:] = np.cumsum(np.bincount(row[:count], minlength=mat.shape[0]))

    return kernel


def _product(operation: str):
    def kernel(name: str, operands: Any, results: Any, attributes: Any) -> None:
        fields = _descriptor(name, attributes, operation)
        data, row, col = _entries(fields, operation, operands)
        x = operands[3]
        out = results[0]
        if fields["transpose"]:
            row, col = col, row
        out[...] = 0
        np.add.at(out, row, data.reshape((-1,) + (1,) * (x.ndim - 1)) * x[col])

    return kernel


_SPARSE_KERNELS = {
    "coo_todense": _todense("coo_todense"), "csr_todense": _todense("csr_todense"),
    "coo_fromdense": _fromdense("coo_fromdense"), "csr_fromdense": _fromdense("csr_fromdense"),
    "coo_matvec": _product("coo_matvec"), "csr_matvec": _product("csr_matvec"),
    "coo_matmat": _product("coo_matmat"), "csr_matmat": _product("csr_matmat"),
}


def _sparse_handler(name: str, operation: str) -> Callable[..., None]:
    kernel = _SPARSE_KERNELS[operation]

    def handler(operands: Any, results: Any, attributes: Any) -> None:
        kernel(name, operands, results, attributes)

    handler.__name__ = handler.__qualname__ = name
    return handler


def _gtsv2(operands: Any, results: Any, attributes: Any) -> None:
    """dl, d, du [..., n] (dl[0] and du[n-1] unused) and b [..., n, k] -> the
    solution x of the tridiagonal systems, by LAPACK's gtsv (partial pivoting)."""
    from scipy.linalg import lapack

    dl, d, du, b = operands
    (x,) = results
    n = b.shape[-2] if b.ndim >= 2 else -1
    if (b.ndim < 2 or x.shape != b.shape or not dl.shape == d.shape == du.shape
            or d.shape != b.shape[:-1]):
        raise ValueError(f"gtsv2: diagonals dl{list(dl.shape)} d{list(d.shape)} "
                         f"du{list(du.shape)} do not fit b{list(b.shape)}")
    gtsv = lapack.get_lapack_funcs("gtsv", dtype=b.dtype)
    rows = b.reshape(-1, n, b.shape[-1])
    lower, main, upper = (v.reshape(-1, n) for v in (dl, d, du))
    solved = np.empty_like(rows)
    for i in range(rows.shape[0]):
        if n == 1:  # (scipy's gtsv refuses the empty off-diagonals)
            with np.errstate(all="ignore"):
                solution, info = rows[i] / main[i, 0], int(main[i, 0] == 0)
        else:
            *_, solution, info = gtsv(lower[i, 1:], main[i], upper[i, :-1], rows[i])
        solved[i] = solution if info == 0 else np.nan  # a singular system
    np.copyto(x, solved.reshape(x.shape))


def _operation(name: str) -> str:
    """``cusparse_coo_matvec_ffi`` -> ``coo_matvec``."""
    return name.split("_", 1)[1].rsplit("_", 1)[0]


_KERNELS: dict[str, dict[str, Callable[..., None]]] = {
    platform: {name: (_gtsv2 if name.endswith("gtsv2_ffi")
                      else _sparse_handler(name, _operation(name))) for name in names}
    for platform, names in TARGET_NAMES.items()
}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"CUDA": [(name, handler, 1), ...], "ROCM": [...]}``, all run on the
    host (numpy, scipy)."""
    return {
        platform: [(name, fn, int(name.endswith("_ffi"))) for name, fn in sorted(kernels.items())]
        for platform, kernels in _KERNELS.items()
    }


def batch_partitionable_targets() -> list[str]:
    """The tridiagonal solves, as the reference lists them."""
    return sorted(name for names in TARGET_NAMES.values() for name in names
                  if name.endswith("gtsv2_ffi"))


register_module_targets(sys.modules[__name__])
