"""LAPACK custom-call targets for the CPU backend (the jaxlib-linalg extra).

JAX's CPU lowering of linear algebra emits custom calls named
``lapack_<p><fn>_ffi`` (p = s, d, c, z). This module names them and, through
``registrations()``, hands the kernels that exist to jaxlib-core's
custom-call registry. The kernels (scipy's LAPACK capsules called from C++)
are being added routine by routine; ``registrations()`` lists exactly those
that are present.
"""

from __future__ import annotations

import enum
from typing import Any

import numpy as np

LAPACK_DTYPE_PREFIX: dict[type, str] = {
    np.float32: "s",
    np.float64: "d",
    np.complex64: "c",
    np.complex128: "z",
}

# Kernels implemented so far: target name -> handler. Empty until the kernels land.
_KERNELS: dict[str, Any] = {}
_BATCH_PARTITIONABLE: list[str] = []


class EigComputationMode(enum.IntEnum):
    kComputeEigenvectors = 0
    kNoEigenvectors = 1


class SchurComputationMode(enum.IntEnum):
    kNoComputeSchurVectors = 0
    kComputeSchurVectors = 1


class SchurSort(enum.IntEnum):
    kNoSortEigenvalues = 0
    kSortEigenvalues = 1


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"cpu": [(target name, handler, api_version), ...]}`` of the kernels present."""
    return {"cpu": [(name, fn, 1) for name, fn in sorted(_KERNELS.items())]}


def batch_partitionable_targets() -> list[str]:
    return list(_BATCH_PARTITIONABLE)


def build_lapack_fn_target(fn_base: str, dtype: Any) -> str:
    """The custom-call target name of ``fn_base`` (e.g. "getrf_ffi") for ``dtype``."""
    scalar_type = np.dtype(dtype).type
    try:
        prefix = LAPACK_DTYPE_PREFIX[scalar_type]
    except KeyError:
        raise ValueError(
            f"LAPACK has no routines for dtype {np.dtype(dtype).name}; "
            "supported: float32, float64, complex64, complex128"
        ) from None
    return f"lapack_{prefix}{fn_base}"


def prepare_lapack_call(fn_base: str, dtype: Any) -> str:
    return build_lapack_fn_target(fn_base, dtype)
