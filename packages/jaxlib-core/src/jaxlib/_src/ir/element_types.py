"""The one element-type table: for each element type its MLIR spelling, XLA
name, ``PrimitiveType`` number (xla_data.proto), numpy storage dtype and
arithmetic category.

Every other view of element types is derived from :data:`ELEMENT_TYPES`: the
IR's storage dtypes (``ir/types.py``), HLO text parse and print, the runtime's
``PrimitiveType`` enum and dtype maps (``runtime/types.py``) and the native
kernels' dtype codes (which the C++ side numbers by the numpy name and exports,
``backends/cpu/native.py``). Adding an element type is one row here.
"""

from __future__ import annotations

from dataclasses import dataclass

import ml_dtypes
import numpy as np

# Arithmetic categories (what an elementwise op's type rule accepts).
BOOL, SINT, UINT, FLOAT, COMPLEX = "bool", "sint", "uint", "float", "complex"
CATEGORIES = (BOOL, SINT, UINT, FLOAT, COMPLEX)


@dataclass(frozen=True)
class ElementTypeInfo:
    """One row. ``mlir`` is None for a type the IR cannot spell (XLA's s1:
    ``i1`` is the boolean); ``primitive`` is None for a type without an XLA
    ``PrimitiveType`` here; ``dtype`` is None when this ml_dtypes lacks it."""

    mlir: str | None
    xla: str
    primitive: int | None
    dtype: np.dtype | None
    category: str
    bits: int


def _storage(name: str) -> np.dtype | None:
    scalar_type = getattr(np, name, None) or getattr(ml_dtypes, name, None)
    return None if scalar_type is None else np.dtype(scalar_type)


#   MLIR              XLA              PrimitiveType  numpy / ml_dtypes storage  category bits
_ROWS = (
    ("i1",            "pred",            1, "bool_",              BOOL, 1),
    (None,            "s1",             30, "int1",               SINT, 1),
    ("i2",            "s2",             26, "int2",               SINT, 2),
    ("i4",            "s4",             21, "int4",               SINT, 4),
    ("i8",            "s8",              2, "int8",               SINT, 8),
    ("i16",           "s16",             3, "int16",              SINT, 16),
    ("i32",           "s32",             4, "int32",              SINT, 32),
    ("i64",           "s64",             5, "int64",              SINT, 64),
    ("ui1",           "u1",             31, "uint1",              UINT, 1),
    ("ui2",           "u2",             27, "uint2",              UINT, 2),
    ("ui4",           "u4",             22, "uint4",              UINT, 4),
    ("ui8",           "u8",              6, "uint8",              UINT, 8),
    ("ui16",          "u16",             7, "uint16",             UINT, 16),
    ("ui32",          "u32",             8, "uint32",             UINT, 32),
    ("ui64",          "u64",             9, "uint64",             UINT, 64),
    ("f16",           "f16",            10, "float16",            FLOAT, 16),
    ("f32",           "f32",            11, "float32",            FLOAT, 32),
    ("bf16",          "bf16",           16, "bfloat16",           FLOAT, 16),
    ("f64",           "f64",            12, "float64",            FLOAT, 64),
    ("f8E5M2",        "f8e5m2",         19, "float8_e5m2",        FLOAT, 8),
    ("f8E4M3",        "f8e4m3",         28, "float8_e4m3",        FLOAT, 8),
    ("f8E4M3FN",      "f8e4m3fn",       20, "float8_e4m3fn",      FLOAT, 8),
    ("f8E4M3B11FNUZ", "f8e4m3b11fnuz",  23, "float8_e4m3b11fnuz", FLOAT, 8),
    ("f8E3M4",        "f8e3m4",         29, "float8_e3m4",        FLOAT, 8),
    ("f8E5M2FNUZ",    "f8e5m2fnuz",     24, "float8_e5m2fnuz",    FLOAT, 8),
    ("f8E4M3FNUZ",    "f8e4m3fnuz",     25, "float8_e4m3fnuz",    FLOAT, 8),
    ("f4E2M1FN",      "f4e2m1fn",       32, "float4_e2m1fn",      FLOAT, 4),
    ("f8E8M0FNU",     "f8e8m0fnu",      33, "float8_e8m0fnu",     FLOAT, 8),
    ("f6E2M3FN",      "f6e2m3fn",     None, "float6_e2m3fn",      FLOAT, 6),
    ("f6E3M2FN",      "f6e3m2fn",     None, "float6_e3m2fn",      FLOAT, 6),
    ("complex<f32>",  "c64",            15, "complex64",          COMPLEX, 64),
    ("complex<f64>",  "c128",           18, "complex128",         COMPLEX, 128),
)

ELEMENT_TYPES: tuple[ElementTypeInfo, ...] = tuple(
    ElementTypeInfo(mlir, xla, primitive, _storage(storage), category, bits)
    for mlir, xla, primitive, storage, category, bits in _ROWS)

# MLIR spellings that store (and print in HLO) as another row's type: the
# explicitly signed integers, "index" and the precision-only "tf32".
ALIASES: dict[str, str] = {
    **{f"si{row.bits}": row.mlir for row in ELEMENT_TYPES
       if row.category == SINT and row.mlir is not None and row.bits > 1},
    "index": "i64",
    "tf32": "f32",
}

BY_MLIR: dict[str, ElementTypeInfo] = {
    row.mlir: row for row in ELEMENT_TYPES if row.mlir is not None}
BY_MLIR.update({alias: BY_MLIR[target] for alias, target in ALIASES.items()})
BY_XLA: dict[str, ElementTypeInfo] = {row.xla: row for row in ELEMENT_TYPES}
BY_DTYPE: dict[np.dtype, ElementTypeInfo] = {
    row.dtype: row for row in ELEMENT_TYPES if row.dtype is not None}

# The rows BLAS and LAPACK have routines for (single and double precision, real
# and complex), by MLIR spelling, with the letter their routine names start
# with (sgemm, dgetrf, cheevd, zgesdd). The native GEMM kernels, the LAPACK
# extra and the numpy-computed linalg/FFT reference kernels use this one list.
BLAS_PREFIX: dict[str, str] = {"f32": "s", "f64": "d", "complex<f32>": "c", "complex<f64>": "z"}
BLAS_TYPES: tuple[str, ...] = tuple(BLAS_PREFIX)
BLAS_DTYPES: frozenset[np.dtype] = frozenset(BY_MLIR[t].dtype for t in BLAS_TYPES)

# The unsigned integer dtype of each storage size in bytes (to view another
# type's bits as an integer).
UNSIGNED_OF_SIZE: dict[int, np.dtype] = {
    row.bits // 8: row.dtype for row in ELEMENT_TYPES
    if row.category == UINT and row.bits >= 8 and row.dtype is not None}


def info(element_type: str) -> ElementTypeInfo | None:
    """The row of an MLIR element type spelling (aliases included), or None."""
    return BY_MLIR.get(element_type)
