"""LAPACK custom-call targets for the CPU backend (the jaxlib-linalg extra).

JAX's CPU lowering of linear algebra emits typed-FFI custom calls named
``lapack_<p><fn>_ffi`` (p = s, d, c, z for float32, float64, complex64,
complex128). This module provides their handlers and registers them with
jaxlib-core's custom-call registry when it is imported (core imports it
lazily, through the ``jaxlib.custom_call_providers`` entry point, the first
time a program names a target core does not know).

How a call runs. Core calls ``handler(operands, results, attributes)`` with
the logical (row-major) operand arrays, preallocated result arrays and the
decoded ``mhlo.backend_config``. The reference lowering asks for column-major
matrices (``operand_layouts``/``result_layouts``); LAPACK wants exactly that,
so each handler copies matrices into column-major scratch (the transpose of
each matrix, C-contiguous), lets ``jaxlib._lapack_kernels`` (C++) loop over
the batch calling scipy's LAPACK/BLAS routines in place, and copies the
matrices back. Vectors (pivots, taus, eigenvalues, ``info``) are written
straight into the results. ``info`` is returned as LAPACK gives it; the
reference's lowering turns non-zero codes into NaNs in the program itself.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

LAPACK_DTYPE_PREFIX: dict[type, str] = {
    np.float32: "s",
    np.float64: "d",
    np.complex64: "c",
    np.complex128: "z",
}


class EigComputationMode(enum.IntEnum):
    """``compute_left``/``compute_right`` of geev (LAPACK's JOBVL/JOBVR letters)."""

    kComputeEigenvectors = ord("V")
    kNoEigenvectors = ord("N")


class SchurComputationMode(enum.IntEnum):
    """``mode`` of gees (LAPACK's JOBVS letter)."""

    kNoComputeSchurVectors = ord("N")
    kComputeSchurVectors = ord("V")


class SchurSort(enum.IntEnum):
    """``sort`` of gees (LAPACK's SORT letter)."""

    kNoSortEigenvalues = ord("N")
    kSortEigenvalues = ord("S")


# -- the native kernels ----------------------------------------------------------------

# Routines handed to the C++ kernels: LAPACK (scipy.linalg.cython_lapack) and,
# for trsm, BLAS (scipy.linalg.cython_blas).
_LAPACK_ROUTINES = (
    "getrf", "potrf", "geqrf", "geqp3", "orgqr", "ungqr", "ormqr", "unmqr", "syevd",
    "heevd", "gesdd", "gesvd", "geev", "gees", "gehrd", "sytrd", "hetrd", "gtsv",
)
_BLAS_ROUTINES = ("trsm",)
_REAL_ONLY = {"orgqr", "ormqr", "syevd", "sytrd"}
_COMPLEX_ONLY = {"ungqr", "unmqr", "heevd", "hetrd"}

_init_lock = threading.Lock()
_kernels_module: Any = None


def _routine_names(bases: tuple[str, ...]) -> list[str]:
    names = []
    for base in bases:
        prefixes = "sd" if base in _REAL_ONLY else "cz" if base in _COMPLEX_ONLY else "sdcz"
        names.extend(p + base for p in prefixes)
    return names


def initialize() -> Any:
    """Hands scipy's LAPACK/BLAS capsules to the C++ kernels (once); returns them."""
    global _kernels_module
    with _init_lock:
        if _kernels_module is None:
            from scipy.linalg import cython_blas, cython_lapack

            from jaxlib import _lapack_kernels

            capsules = {name: cython_lapack.__pyx_capi__[name]
                        for name in _routine_names(_LAPACK_ROUTINES)}
            capsules.update({name: cython_blas.__pyx_capi__[name]
                             for name in _routine_names(_BLAS_ROUTINES)})
            _lapack_kernels.initialize(capsules)
            _kernels_module = _lapack_kernels
    return _kernels_module


# -- layout helpers ----------------------------------------------------------------------


def _column_major(x: np.ndarray) -> np.ndarray:
    """A writable copy of ``x`` whose memory holds each matrix column-major (always a
    copy: LAPACK works in place and operands are read-only)."""
    return np.array(np.swapaxes(x, -1, -2), order="C", copy=True)


def _vector_copy(x: np.ndarray) -> np.ndarray:
    return np.array(x, order="C", copy=True)


def _column_major_like(result: np.ndarray) -> np.ndarray:
    return np.zeros(result.shape[:-2] + (result.shape[-1], result.shape[-2]), result.dtype)


def _store(result: np.ndarray, column_major: np.ndarray) -> None:
    result[...] = np.swapaxes(column_major, -1, -2)


def _letter(attributes: dict, key: str) -> str:
    if key not in attributes:
        raise ValueError(f"the backend config has no {key!r} attribute")
    return chr(int(attributes[key]))


def _is_complex(x: np.ndarray) -> bool:
    return np.iscomplexobj(x)


# -- handlers: fn(operands, results, attributes) --------------------------------------------


def _getrf(operands, results, attributes) -> None:
    (a,) = operands
    a_out, ipiv, info = results
    work = _column_major(a)
    initialize().getrf(work, ipiv, info)
    _store(a_out, work)


def _potrf(operands, results, attributes) -> None:
    (a,) = operands
    a_out, info = results
    work = _column_major(a)
    initialize().potrf(_letter(attributes, "uplo"), work, info)
    _store(a_out, work)


def _geqrf(operands, results, attributes) -> None:
    (a,) = operands
    a_out, tau = results
    work = _column_major(a)
    initialize().geqrf(work, tau)
    _store(a_out, work)


def _geqp3(operands, results, attributes) -> None:
    a, jpvt = operands
    a_out, jpvt_out, tau = results
    work = _column_major(a)
    np.copyto(jpvt_out, jpvt)  # in/out: non-zero entries fix columns in front
    initialize().geqp3(work, jpvt_out, tau)
    _store(a_out, work)


def _orgqr(operands, results, attributes) -> None:
    a, tau = operands
    (a_out,) = results
    work = _column_major(a)
    initialize().orgqr(work, _vector_copy(tau))
    _store(a_out, work)


def _ormqr(operands, results, attributes) -> None:
    a, tau, c = operands
    (c_out,) = results
    side = "L" if attributes.get("left", True) else "R"
    trans = ("C" if _is_complex(a) else "T") if attributes.get("transpose", False) else "N"
    work = _column_major(c)
    initialize().ormqr(side, trans, _column_major(a), _vector_copy(tau), work)
    _store(c_out, work)


def _trsm(operands, results, attributes) -> None:
    a, b = operands[:2]
    if len(operands) > 2:  # older lowerings pass alpha as a scalar operand
        raise NotImplementedError("trsm with an alpha operand is not supported")
    (x,) = results
    work = _column_major(b)
    initialize().trsm(_letter(attributes, "side"), _letter(attributes, "uplo"),
                      _letter(attributes, "trans_x"), _letter(attributes, "diag"),
                      _column_major(a), work)
    _store(x, work)


def _syevd(operands, results, attributes) -> None:
    (a,) = operands
    v, w, info = results
    work = _column_major(a)
    initialize().syevd(_letter(attributes, "mode"), _letter(attributes, "uplo"), work, w, info)
    _store(v, work)


def _svd_handler(divide_and_conquer: bool) -> Callable:
    def handler(operands, results, attributes) -> None:
        (a,) = operands
        a_out, s, u, vt, info = results
        work = _column_major(a)
        u_work, vt_work = _column_major_like(u), _column_major_like(vt)
        initialize().svd(divide_and_conquer, _letter(attributes, "mode"), work, s, u_work,
                         vt_work, info)
        _store(a_out, work)
        _store(u, u_work)
        _store(vt, vt_work)

    return handler


def _geev(operands, results, attributes) -> None:
    (a,) = operands
    *eigenvalues, vl, vr, info = results
    vl_work, vr_work = _column_major_like(vl), _column_major_like(vr)
    initialize().geev(_letter(attributes, "compute_left"), _letter(attributes, "compute_right"),
                      _column_major(a), list(eigenvalues), vl_work, vr_work, info)
    _store(vl, vl_work)
    _store(vr, vr_work)


def _gees(operands, results, attributes) -> None:
    (a,) = operands
    a_out, vs, *eigenvalues, sdim, info = results
    sort = _letter(attributes, "sort")
    if sort != "N":
        raise NotImplementedError(
            "gees: ordering the eigenvalues on the Schur form's diagonal (sort="
            f"{sort!r}) is not supported, as in the reference")
    work = _column_major(a)
    vs_work = _column_major_like(vs)
    initialize().gees(_letter(attributes, "mode"), work, vs_work, list(eigenvalues), sdim, info)
    _store(a_out, work)
    _store(vs, vs_work)


def _gehrd(operands, results, attributes) -> None:
    (a,) = operands
    a_out, tau, info = results
    work = _column_major(a)
    initialize().gehrd(int(attributes["low"]), int(attributes["high"]), work, tau, info)
    _store(a_out, work)


def _sytrd(operands, results, attributes) -> None:
    (a,) = operands
    a_out, d, e, tau, info = results
    work = _column_major(a)
    initialize().sytrd(_letter(attributes, "uplo"), work, d, e, tau, info)
    _store(a_out, work)


def _gtsv(operands, results, attributes) -> None:
    dl, d, du, b = operands
    dl_out, d_out, du_out, b_out, info = results
    for out, value in ((dl_out, dl), (d_out, d), (du_out, du)):
        np.copyto(out, value)  # gtsv overwrites the diagonals with its factorization
    work = _column_major(b)
    initialize().gtsv(dl_out, d_out, du_out, work, info)
    _store(b_out, work)


def _tridiagonal_solve_perturbed(operands, results, attributes) -> None:
    # jaxlib's own kernel (no LAPACK routine): a pivoted tridiagonal solve that perturbs
    # tiny pivots rather than failing, so it has no info result.
    dl, d, du, b = operands
    (x,) = results
    x_work = _column_major_like(x)
    initialize().tridiagonal_solve_perturbed(_vector_copy(dl), _vector_copy(d),
                                             _vector_copy(du), _column_major(b), x_work)
    _store(x, x_work)


def _per_dtype(fn_base: str, handler: Callable, prefixes: str = "sdcz") -> dict[str, Callable]:
    return {f"lapack_{p}{fn_base}_ffi": handler for p in prefixes}


# Target name -> handler: exactly the kernels this package provides (the names the
# reference's CPU lowering emits).
_KERNELS: dict[str, Callable] = {
    **_per_dtype("getrf", _getrf),
    **_per_dtype("potrf", _potrf),
    **_per_dtype("geqrf", _geqrf),
    **_per_dtype("geqp3", _geqp3),
    **_per_dtype("orgqr", _orgqr, "sd"),
    **_per_dtype("ungqr", _orgqr, "cz"),
    **_per_dtype("ormqr", _ormqr, "sd"),
    **_per_dtype("unmqr", _ormqr, "cz"),
    **_per_dtype("trsm", _trsm),
    **_per_dtype("syevd", _syevd, "sd"),
    **_per_dtype("heevd", _syevd, "cz"),
    **_per_dtype("gesdd", _svd_handler(divide_and_conquer=True)),
    **_per_dtype("gesvd", _svd_handler(divide_and_conquer=False)),
    **_per_dtype("geev", _geev),
    **_per_dtype("gees", _gees),
    **_per_dtype("gehrd", _gehrd),
    **_per_dtype("sytrd", _sytrd, "sd"),
    **_per_dtype("hetrd", _sytrd, "cz"),
    **_per_dtype("gtsv", _gtsv),
    # One target for every dtype (the kernel dispatches on it), as in the reference.
    "tridiagonal_solve_perturbed_ffi": _tridiagonal_solve_perturbed,
}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"cpu": [(target name, handler, api_version), ...]}`` of the kernels present
    (api_version 1: typed FFI handlers)."""
    return {"cpu": [(name, fn, 1) for name, fn in sorted(_KERNELS.items())]}


def batch_partitionable_targets() -> list[str]:
    """Targets whose leading dimensions are independent batch dimensions (all of them)."""
    return sorted(_KERNELS)


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
    """Initializes the LAPACK kernels and returns the target name."""
    initialize()
    return build_lapack_fn_target(fn_base, dtype)


def _register_with_core() -> None:
    from jaxlib import xla_client

    for platform, targets in registrations().items():
        for name, fn, api_version in targets:
            xla_client.register_custom_call_target(name, fn, platform=platform,
                                                   api_version=api_version)
    for name in batch_partitionable_targets():
        xla_client.register_custom_call_as_batch_partitionable(name)


_register_with_core()
