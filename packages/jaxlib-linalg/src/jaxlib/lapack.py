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

Native targets. getrf, trsm and real potrf (the routines of solves and Cholesky
factorizations) also have C implementations that core's executor calls as native
steps with the program's buffers (``register_native_custom_call``): no handler, no
numpy arrays, the transposes done one matrix at a time in C++. Their results are
the handlers' bits. ``JAXLIB_LAPACK_NATIVE=0`` leaves every call to the handlers.
"""

from __future__ import annotations

import enum
import functools
import os
import re
import threading
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jaxlib._src.ir.element_types import BLAS_PREFIX, BY_MLIR
from jaxlib._src.ir.types import complex_part_type, is_complex
from jaxlib._src.ops.custom_call_registry import (
    CustomCallBuffer,
    CustomCallSignature,
    register_custom_call_contract,
    register_native_custom_call,
)

# The routine prefix of each numpy scalar type LAPACK serves (core's BLAS table).
LAPACK_DTYPE_PREFIX: dict[type, str] = {
    BY_MLIR[element_type].dtype.type: prefix for element_type, prefix in BLAS_PREFIX.items()}
# The prefixes of all, the real and the complex types ("sdcz", "sd", "cz").
_ALL_PREFIXES = "".join(BLAS_PREFIX.values())
_REAL_PREFIXES = "".join(p for t, p in BLAS_PREFIX.items() if not is_complex(t))
_COMPLEX_PREFIXES = "".join(p for t, p in BLAS_PREFIX.items() if is_complex(t))


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


class SvdComputationMode(enum.IntEnum):
    """``mode`` of gesdd/gesvd (LAPACK's JOBZ/JOBU letter)."""

    kComputeFullUVt = ord("A")
    kComputeMinUVt = ord("S")
    kNoComputeUVt = ord("N")


# jax reads the enums as ``lapack.eig.ComputationMode``, ``lapack.schur.Sort`` ...
# and calls ``lapack._lapack.initialize()`` before its first LAPACK lowering.
eig = types.SimpleNamespace(ComputationMode=EigComputationMode)
schur = types.SimpleNamespace(ComputationMode=SchurComputationMode, Sort=SchurSort)
svd = types.SimpleNamespace(ComputationMode=SvdComputationMode)


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
        prefixes = (_REAL_PREFIXES if base in _REAL_ONLY else
                    _COMPLEX_PREFIXES if base in _COMPLEX_ONLY else _ALL_PREFIXES)
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


# -- guards: the last line of defence before C++ ---------------------------------------
#
# The contracts below reject malformed calls at compile time; these checks, written
# against what each C++ kernel indexes (not against the contracts), make sure that a
# contract bug, or a handler called directly, raises instead of writing out of bounds.


def _count(x: np.ndarray) -> int:
    """The number of matrices in a batch of matrices (at least rank 2)."""
    if x.ndim < 2:
        raise ValueError(f"expected a batch of matrices, got shape {x.shape}")
    return int(np.prod(x.shape[:-2], dtype=np.int64))


def _guard(routine: str, *needs: tuple[str, np.ndarray, int]) -> None:
    """Each ``(what, array, size)``: the kernel touches ``size`` elements of ``array``."""
    for what, array, size in needs:
        if array.size < size:
            raise ValueError(f"{routine}: {what} has {array.size} elements; the kernel "
                             f"needs {size}")


def _square(routine: str, a: np.ndarray) -> int:
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"{routine}: expected square matrices, got shape {a.shape}")
    return a.shape[-1]


def _last_dim(routine: str, what: str, x: np.ndarray) -> int:
    if x.ndim < 1:
        raise ValueError(f"{routine}: {what} must be a vector, got a scalar")
    return x.shape[-1]


def _eigenvalue_guard(routine: str, a: np.ndarray, eigenvalues: list, size: int) -> None:
    # Real routines write wr and wi, complex ones w: the kernel indexes exactly that many.
    expected = 1 if _is_complex(a) else 2
    if len(eigenvalues) != expected:
        raise ValueError(f"{routine}: expected {expected} eigenvalue results, got "
                         f"{len(eigenvalues)}")
    _guard(routine, *(("eigenvalues", w, size) for w in eigenvalues))


# -- handlers: fn(operands, results, attributes) --------------------------------------------


def _getrf(operands, results, attributes) -> None:
    (a,) = operands
    a_out, ipiv, info = results
    count, (m, n) = _count(a), a.shape[-2:]
    _guard("getrf", ("ipiv", ipiv, count * min(m, n)), ("info", info, count))
    work = _column_major(a)
    initialize().getrf(work, ipiv, info)
    _store(a_out, work)


def _potrf(operands, results, attributes) -> None:
    (a,) = operands
    a_out, info = results
    _square("potrf", a)
    _guard("potrf", ("info", info, _count(a)))
    uplo = _letter(attributes, "uplo")
    if not _is_complex(a):
        # A row-major symmetric matrix is its own column-major transpose: the
        # other triangle holds the same factor, so no transposing copies.
        work = _vector_copy(a)
        initialize().potrf("U" if uplo == "L" else "L", work, info)
        a_out[...] = work
        return
    work = _column_major(a)
    initialize().potrf(uplo, work, info)
    _store(a_out, work)


def _geqrf(operands, results, attributes) -> None:
    (a,) = operands
    a_out, tau = results
    _guard("geqrf", ("tau", tau, _count(a) * min(a.shape[-2:])))
    work = _column_major(a)
    initialize().geqrf(work, tau)
    _store(a_out, work)


def _geqp3(operands, results, attributes) -> None:
    a, jpvt = operands
    a_out, jpvt_out, tau = results
    count = _count(a)
    _guard("geqp3", ("jpvt", jpvt_out, count * a.shape[-1]),
           ("tau", tau, count * min(a.shape[-2:])))
    work = _column_major(a)
    np.copyto(jpvt_out, jpvt)  # in/out: non-zero entries fix columns in front
    initialize().geqp3(work, jpvt_out, tau)
    _store(a_out, work)


def _orgqr(operands, results, attributes) -> None:
    a, tau = operands
    (a_out,) = results
    (m, n), k = a.shape[-2:], _last_dim("orgqr", "tau", tau)
    if not k <= n <= m:
        raise ValueError(f"orgqr: needs k <= n <= m, got m={m}, n={n}, k={k}")
    _guard("orgqr", ("tau", tau, _count(a) * k))
    work = _column_major(a)
    initialize().orgqr(work, _vector_copy(tau))
    _store(a_out, work)


def _ormqr(operands, results, attributes) -> None:
    a, tau, c = operands
    (c_out,) = results
    side = "L" if attributes.get("left", True) else "R"
    count, (rows, cols), k = _count(c), a.shape[-2:], _last_dim("ormqr", "tau", tau)
    order = c.shape[-2] if side == "L" else c.shape[-1]
    if not (k <= cols and k <= order <= rows):
        raise ValueError(f"ormqr: a{list(a.shape)} and tau[{k}] do not fit c{list(c.shape)}")
    _guard("ormqr", ("a", a, count * rows * cols), ("tau", tau, count * k))
    trans = ("C" if _is_complex(a) else "T") if attributes.get("transpose", False) else "N"
    work = _column_major(c)
    initialize().ormqr(side, trans, _column_major(a), _vector_copy(tau), work)
    _store(c_out, work)


def _trsm(operands, results, attributes) -> None:
    a, b = operands[:2]
    if len(operands) > 2:  # older lowerings pass alpha as a scalar operand
        raise NotImplementedError("trsm with an alpha operand is not supported")
    (x,) = results
    order = b.shape[-2] if _letter(attributes, "side") == "L" else b.shape[-1]
    if a.ndim < 2 or min(a.shape[-2:]) < order:
        raise ValueError(f"trsm: a{list(a.shape)} does not fit b{list(b.shape)}")
    _guard("trsm", ("a", a, _count(b) * a.shape[-1] * a.shape[-2]))
    # Row-major a and b hold column-major a^T and b^T: op(a) x = b (side L) is
    # x^T op(a)^T = b^T, and op(a)^T is op applied to a^T, the same op letter
    # (N, T or C). So the transposed problem -- side and triangle flipped --
    # runs on the operands as they lie, without transposing copies.
    side, uplo = _letter(attributes, "side"), _letter(attributes, "uplo")
    work = _vector_copy(b)
    initialize().trsm("R" if side == "L" else "L", "U" if uplo == "L" else "L",
                      _letter(attributes, "trans_x"), _letter(attributes, "diag"),
                      _vector_copy(a), work)  # a plain copy: the kernel takes writable arrays
    x[...] = work


def _syevd(operands, results, attributes) -> None:
    (a,) = operands
    v, w, info = results
    n, count = _square("syevd", a), _count(a)
    _guard("syevd", ("w", w, count * n), ("info", info, count))
    work = _column_major(a)
    initialize().syevd(_letter(attributes, "mode"), _letter(attributes, "uplo"), work, w, info)
    _store(v, work)


def _svd_handler(divide_and_conquer: bool) -> Callable:
    def handler(operands, results, attributes) -> None:
        (a,) = operands
        a_out, s, u, vt, info = results
        mode, count, (m, n) = _letter(attributes, "mode"), _count(a), a.shape[-2:]
        k = min(m, n)
        _guard("svd", ("s", s, count * k), ("info", info, count))
        if mode in "AS":  # LAPACK writes u as m x ucols and vt as vtrows x n
            ucols, vtrows = (m, n) if mode == "A" else (k, k)
            if (u.ndim < 2 or vt.ndim < 2 or u.shape[-2] < m or u.shape[-1] < ucols
                    or vt.shape[-2] < vtrows or vt.shape[-1] < n):
                raise ValueError(f"svd: u{list(u.shape)} or vt{list(vt.shape)} is too small "
                                 f"for mode {mode!r} and a{list(a.shape)}")
            _guard("svd", ("u", u, count * u.shape[-2] * u.shape[-1]),
                   ("vt", vt, count * vt.shape[-2] * vt.shape[-1]))
        work = _column_major(a)
        if mode == "N":  # LAPACK leaves u and vt alone: no copies, zeros out
            u_work = np.empty(u.shape[:-2] + (u.shape[-1], u.shape[-2]), u.dtype)
            vt_work = np.empty(vt.shape[:-2] + (vt.shape[-1], vt.shape[-2]), vt.dtype)
        else:
            u_work, vt_work = _column_major_like(u), _column_major_like(vt)
        initialize().svd(divide_and_conquer, mode, work, s, u_work, vt_work, info)
        _store(a_out, work)
        if mode == "N":
            u[...] = 0
            vt[...] = 0
        else:
            _store(u, u_work)
            _store(vt, vt_work)

    return handler


def _geev(operands, results, attributes) -> None:
    (a,) = operands
    *eigenvalues, vl, vr, info = results
    n, count = _square("geev", a), _count(a)
    _eigenvalue_guard("geev", a, eigenvalues, count * n)
    _guard("geev", ("vl", vl, count * n * n), ("vr", vr, count * n * n), ("info", info, count))
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
    n, count = _square("gees", a), _count(a)
    _eigenvalue_guard("gees", a, eigenvalues, count * n)
    _guard("gees", ("vs", vs, count * n * n), ("sdim", sdim, count), ("info", info, count))
    work = _column_major(a)
    vs_work = _column_major_like(vs)
    initialize().gees(_letter(attributes, "mode"), work, vs_work, list(eigenvalues), sdim, info)
    _store(a_out, work)
    _store(vs, vs_work)


def _gehrd(operands, results, attributes) -> None:
    (a,) = operands
    a_out, tau, info = results
    n, count = _square("gehrd", a), _count(a)
    _guard("gehrd", ("tau", tau, count * max(n - 1, 0)), ("info", info, count))
    work = _column_major(a)
    initialize().gehrd(int(attributes["low"]), int(attributes["high"]), work, tau, info)
    _store(a_out, work)


def _sytrd(operands, results, attributes) -> None:
    (a,) = operands
    a_out, d, e, tau, info = results
    n, count = _square("sytrd", a), _count(a)
    _guard("sytrd", ("d", d, count * n), ("e", e, count * max(n - 1, 0)),
           ("tau", tau, count * max(n - 1, 0)), ("info", info, count))
    work = _column_major(a)
    initialize().sytrd(_letter(attributes, "uplo"), work, d, e, tau, info)
    _store(a_out, work)


def _gtsv(operands, results, attributes) -> None:
    dl, d, du, b = operands
    dl_out, d_out, du_out, b_out, info = results
    count, n = _count(b), b.shape[-2]
    _guard("gtsv", ("dl", dl_out, count * n), ("d", d_out, count * n),
           ("du", du_out, count * n), ("info", info, count))
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


def _per_dtype(fn_base: str, handler: Callable, prefixes: str = _ALL_PREFIXES
               ) -> dict[str, Callable]:
    return {f"lapack_{p}{fn_base}_ffi": handler for p in prefixes}


# Target name -> handler: exactly the kernels this package provides (the names the
# reference's CPU lowering emits).
_KERNELS: dict[str, Callable] = {
    **_per_dtype("getrf", _getrf),
    **_per_dtype("potrf", _potrf),
    **_per_dtype("geqrf", _geqrf),
    **_per_dtype("geqp3", _geqp3),
    **_per_dtype("orgqr", _orgqr, _REAL_PREFIXES),
    **_per_dtype("ungqr", _orgqr, _COMPLEX_PREFIXES),
    **_per_dtype("ormqr", _ormqr, _REAL_PREFIXES),
    **_per_dtype("unmqr", _ormqr, _COMPLEX_PREFIXES),
    **_per_dtype("trsm", _trsm),
    **_per_dtype("syevd", _syevd, _REAL_PREFIXES),
    **_per_dtype("heevd", _syevd, _COMPLEX_PREFIXES),
    **_per_dtype("gesdd", _svd_handler(divide_and_conquer=True)),
    **_per_dtype("gesvd", _svd_handler(divide_and_conquer=False)),
    **_per_dtype("geev", _geev),
    **_per_dtype("gees", _gees),
    **_per_dtype("gehrd", _gehrd),
    **_per_dtype("sytrd", _sytrd, _REAL_PREFIXES),
    **_per_dtype("hetrd", _sytrd, _COMPLEX_PREFIXES),
    **_per_dtype("gtsv", _gtsv),
    # One target for every dtype (the kernel dispatches on it), as in the reference.
    "tridiagonal_solve_perturbed_ffi": _tridiagonal_solve_perturbed,
}


# -- contracts: the types each target's calls must declare --------------------------------
#
# Core checks every call against its target's contract when it compiles the program,
# so a kernel is never handed buffers smaller than its routine writes. One line per
# routine family, "operands -> results", each buffer written `name[dims]:type` with
# the batch dimensions (those of operand 0 in front of its dims) implied in front of
# every buffer. A bare dim name binds where first seen and must match after;
# `min(a,b)` and `a-1` (never below 0) are computed from bound names. Types: T the
# target's dtype, R its real and C its complex counterpart, i32 LAPACK's integer.
# Layouts, when the call gives them, are the reference lowering's: column-major
# matrices (with batch dimensions major) for the buffers of the largest operand
# rank, row-major for the others.

_LAPACK_TYPES = {prefix: element_type for element_type, prefix in BLAS_PREFIX.items()}
_REAL_PART = {t: complex_part_type(t) if is_complex(t) else t for t in BLAS_PREFIX}
_COMPLEX_OF = {t: t if is_complex(t) else f"complex<{t}>" for t in BLAS_PREFIX}
_BUFFER_RE = re.compile(r"(\w+)\[([^\]]*)\]:(\w+)")
_DIM_RE = re.compile(r"min\(\w+,\w+\)|[\w-]+")
_LAPACK_INT_MAX = 2**31 - 1


def _letters(allowed: str) -> Callable[[Any], str | None]:
    """A LAPACK job letter, sent as a ui8 attribute."""
    letters = " or ".join(repr(c) for c in allowed)

    def check(value: Any) -> str | None:
        if not isinstance(value, np.uint8):
            return f"must be a ui8 letter ({letters}), got {_describe(value)}"
        if chr(int(value)) not in allowed:
            return f"must be {letters}, got {chr(int(value))!r} ({int(value)})"
        return None
    return check


def _describe(value: Any) -> str:
    return f"{value} ({type(value).__name__})"


def _boolean(value: Any) -> str | None:
    if isinstance(value, (bool, np.bool_)):
        return None
    return f"must be a bool, got {_describe(value)}"


def _int32(value: Any) -> str | None:
    return None if isinstance(value, np.int32) else f"must be an i32, got {_describe(value)}"


def _orgqr_where(d: dict[str, int], attributes: Mapping[str, Any]) -> str | None:
    if d["k"] <= d["n"] <= d["m"]:
        return None
    return f"needs k <= n <= m (tau[k] with a[m,n]), got m={d['m']}, n={d['n']}, k={d['k']}"


def _ormqr_where(d: dict[str, int], attributes: Mapping[str, Any]) -> str | None:
    left = bool(attributes["left"])
    order = d["m"] if left else d["n"]  # Q is order x order
    if d["q"] != order:
        return (f"a[q,r] must have as many rows as c[m,n] has {'rows' if left else 'columns'} "
                f"(left={left}): q={d['q']}, expected {order}")
    if not d["k"] <= min(d["r"], order):
        return f"tau[k] holds at most min(r, {order}) = {min(d['r'], order)} reflectors, k={d['k']}"
    return None


def _trsm_where(d: dict[str, int], attributes: Mapping[str, Any]) -> str | None:
    left = chr(int(attributes["side"])) == "L"
    order = d["m"] if left else d["n"]
    if d["q"] == order:
        return None
    return (f"a[q,q] must match b[m,n]'s {'rows' if left else 'columns'} (side="
            f"{'L' if left else 'R'}): q={d['q']}, expected {order}")


def _svd_bind(d: dict[str, int], attributes: Mapping[str, Any]) -> dict[str, int]:
    # u[m,p] and vt[q,n]: full for 'A', economy for 'S'; 'N' computes neither and the
    # reference sends either shape (bound from the buffers, checked in _svd_where).
    mode, k = chr(int(attributes["mode"])), min(d["m"], d["n"])
    return {"A": {"p": d["m"], "q": d["n"]}, "S": {"p": k, "q": k}}.get(mode, {})


def _svd_where(d: dict[str, int], attributes: Mapping[str, Any]) -> str | None:
    k = min(d["m"], d["n"])
    if (d["p"], d["q"]) in ((d["m"], d["n"]), (k, k)):
        return None
    return (f"u[m,p] and vt[q,n] must be full (p=m, q=n) or economy (p=q=min(m,n)) "
            f"matrices, got m={d['m']}, n={d['n']}, p={d['p']}, q={d['q']}")


def _gehrd_where(d: dict[str, int], attributes: Mapping[str, Any]) -> str | None:
    low, high, n = int(attributes["low"]), int(attributes["high"]), d["n"]
    if 1 <= low <= max(1, n) and min(low, n) <= high <= n:  # LAPACK's ILO/IHI rule
        return None
    return (f"attributes 'low' and 'high' need 1 <= low <= high <= n (LAPACK's ilo, ihi), "
            f"got low={low}, high={high}, n={n}")


def _gees_where(d: dict[str, int], attributes: Mapping[str, Any]) -> str | None:
    if chr(int(attributes["sort"])) == "S":
        raise NotImplementedError("sorting the Schur form's eigenvalues (sort='S') is not "
                                  "supported, as in the reference")
    return None


@dataclass(frozen=True)
class _Family:
    """One routine family's contract (see the section comment)."""

    signature: str
    attributes: Mapping[str, Callable[[Any], str | None]] = field(default_factory=dict)
    complex_signature: str | None = None  # when complex dtypes return other buffers
    bind: Callable[[dict[str, int], Mapping[str, Any]], dict[str, int]] | None = None
    where: Callable[[dict[str, int], Mapping[str, Any]], str | None] | None = None


_UPLO = {"uplo": _letters("LU")}
_SVD = _Family("a[m,n]:T -> a[m,n]:T, s[min(m,n)]:R, u[m,p]:T, vt[q,n]:T, info[]:i32",
               {"mode": _letters("ASN")}, bind=_svd_bind, where=_svd_where)
_FAMILIES: dict[str, _Family] = {
    "getrf": _Family("a[m,n]:T -> a[m,n]:T, ipiv[min(m,n)]:i32, info[]:i32"),
    "potrf": _Family("a[n,n]:T -> a[n,n]:T, info[]:i32", _UPLO),
    "geqrf": _Family("a[m,n]:T -> a[m,n]:T, tau[min(m,n)]:T"),
    "geqp3": _Family("a[m,n]:T, jpvt[n]:i32 -> a[m,n]:T, jpvt[n]:i32, tau[min(m,n)]:T"),
    "orgqr": _Family("a[m,n]:T, tau[k]:T -> a[m,n]:T", where=_orgqr_where),
    "ormqr": _Family("a[q,r]:T, tau[k]:T, c[m,n]:T -> c[m,n]:T",
                     {"left": _boolean, "transpose": _boolean}, where=_ormqr_where),
    "trsm": _Family("a[q,q]:T, b[m,n]:T -> b[m,n]:T",
                    {"side": _letters("LR"), "uplo": _letters("LU"),
                     "trans_x": _letters("NTC"), "diag": _letters("NU")}, where=_trsm_where),
    "syevd": _Family("a[n,n]:T -> a[n,n]:T, w[n]:R, info[]:i32",
                     {"mode": _letters("NV"), **_UPLO}),
    "gesdd": _SVD,
    "gesvd": _SVD,
    "geev": _Family("a[n,n]:T -> wr[n]:T, wi[n]:T, vl[n,n]:C, vr[n,n]:C, info[]:i32",
                    {"compute_left": _letters("NV"), "compute_right": _letters("NV")},
                    complex_signature="a[n,n]:T -> w[n]:T, vl[n,n]:C, vr[n,n]:C, info[]:i32"),
    "gees": _Family("a[n,n]:T -> a[n,n]:T, vs[n,n]:T, wr[n]:T, wi[n]:T, sdim[]:i32, info[]:i32",
                    {"mode": _letters("NV"), "sort": _letters("NS")},
                    complex_signature="a[n,n]:T -> a[n,n]:T, vs[n,n]:T, w[n]:T, sdim[]:i32, "
                                      "info[]:i32", where=_gees_where),
    "gehrd": _Family("a[n,n]:T -> a[n,n]:T, tau[n-1]:T, info[]:i32",
                     {"low": _int32, "high": _int32}, where=_gehrd_where),
    "sytrd": _Family("a[n,n]:T -> a[n,n]:T, d[n]:R, e[n-1]:R, tau[n-1]:T, info[]:i32", _UPLO),
    "gtsv": _Family("dl[n]:T, d[n]:T, du[n]:T, b[n,k]:T -> dl[n]:T, d[n]:T, du[n]:T, b[n,k]:T, "
                    "info[]:i32"),
    "tridiagonal_solve_perturbed": _Family("dl[n]:T, d[n]:T, du[n]:T, b[n,k]:T -> x[n,k]:T"),
}
_FAMILY_OF_ROUTINE = {"ungqr": "orgqr", "unmqr": "ormqr", "heevd": "syevd", "hetrd": "sytrd"}


def _parse(side: str) -> list[tuple[str, list[str], str]]:
    return [(name, _DIM_RE.findall(dims), dtype) for name, dims, dtype in _BUFFER_RE.findall(side)]


def _dim(token: str, d: dict[str, int]) -> int | None:
    """The value of a dim token, None for a name not bound yet."""
    if token.startswith("min("):
        a, b = token[4:-1].split(",")
        return min(d[a], d[b])
    if token.endswith("-1"):
        return max(d[token[:-2]] - 1, 0)
    return d.get(token)


def _expected_layout(rank: int, matrix_rank: int) -> tuple[int, ...]:
    row_major = tuple(range(rank - 1, -1, -1))
    if rank < 2 or rank != matrix_rank:
        return row_major
    return (rank - 2, rank - 1) + row_major[2:]


def _check_buffer(what: str, spec: tuple[str, list[str], str], actual: CustomCallBuffer,
                  batch: tuple[int, ...], types: Mapping[str, str], d: dict[str, int]) -> None:
    name, dims, type_code = spec
    if (actual.kind == "tensor" and actual.rank == len(batch) + len(dims)
            and actual.shape[:len(batch)] == batch):
        for token, size in zip(dims, actual.shape[len(batch):]):
            if _dim(token, d) is None:  # a name seen first here binds to this size
                d[token] = size
    sizes = [_dim(token, d) for token in dims]  # names still unbound are shown as names
    shape = [*map(str, batch), *(t if v is None else str(v) for t, v in zip(dims, sizes))]
    expected = f"{types.get(type_code, type_code)}[{','.join(shape)}]"
    if actual.kind != "tensor" or str(actual) != expected:
        raise ValueError(f"{what} ({name}[{','.join(dims)}]) must be {expected}, got {actual}")
    if any(size > _LAPACK_INT_MAX for size in actual.shape):
        raise ValueError(f"{what} ({actual}) has a dimension beyond LAPACK's 32-bit integers")


def _check_lapack_call(routine: str, element_type: str | None,
                       signature: CustomCallSignature) -> None:
    """Checks ``signature`` against ``routine``'s family contract (element_type None:
    the dtype of operand 0, for the one target that serves every dtype)."""
    family = _FAMILIES[_FAMILY_OF_ROUTINE.get(routine, routine)]
    if signature.api_version != 4:
        raise ValueError("must be called as a typed FFI custom call (api_version = 4, or a "
                         f"dictionary backend_config); got api_version {signature.api_version}")
    if element_type is None:
        first = signature.operands[0] if signature.operands else None
        element_type = first.element_type if first is not None else ""
        if element_type not in _REAL_PART:
            *others, last = BLAS_PREFIX
            raise ValueError(f"operand 0 must be {', '.join(others)} or {last}, got "
                             f"{first if first is not None else 'no operands'}")
    text = family.complex_signature if (family.complex_signature and
                                        element_type.startswith("complex")) else family.signature
    operand_specs, result_specs = (_parse(side) for side in text.split("->"))
    for what, specs, buffers in (("operand", operand_specs, signature.operands),
                                 ("result", result_specs, signature.results)):
        if len(buffers) != len(specs):
            names = ", ".join(name for name, _, _ in specs)
            raise ValueError(f"takes {len(specs)} {what}(s) ({names}), got {len(buffers)}")
    # attributes: exactly the family's (XLA's FFI binding rejects missing and extra ones)
    expected_attributes = family.attributes
    for key in signature.attributes:
        if key not in expected_attributes:
            raise ValueError(f"unexpected attribute {key!r} (the target takes "
                             f"{', '.join(expected_attributes) or 'none'})")
    for key, check in expected_attributes.items():
        if key not in signature.attributes:
            raise ValueError(f"missing attribute {key!r}")
        problem = check(signature.attributes[key])
        if problem:
            raise ValueError(f"attribute {key!r} {problem}")
    # shapes and element types
    types = {"T": element_type, "R": _REAL_PART[element_type], "C": _COMPLEX_OF[element_type]}
    first = signature.operands[0]
    batch_rank = first.rank - len(operand_specs[0][1])
    if first.kind != "tensor" or batch_rank < 0:
        raise ValueError(f"operand 0 must have rank >= {len(operand_specs[0][1])}, got {first}")
    batch, d = first.shape[:batch_rank], {}
    for i, (spec, buffer) in enumerate(zip(operand_specs, signature.operands)):
        _check_buffer(f"operand {i}", spec, buffer, batch, types, d)
    if family.bind is not None:
        d.update(family.bind(d, signature.attributes))
    for i, (spec, buffer) in enumerate(zip(result_specs, signature.results)):
        _check_buffer(f"result {i}", spec, buffer, batch, types, d)
    if family.where is not None:
        problem = family.where(d, signature.attributes)
        if problem:
            raise ValueError(problem)
    batch_dims = signature.frontend_attributes.get("num_batch_dims")
    if batch_dims is not None and batch_dims != str(len(batch)):
        raise ValueError(f"num_batch_dims is {batch_dims!r}, but the operands have "
                         f"{len(batch)} batch dimensions")
    # layouts: the kernels are handed logical arrays and reorder them for LAPACK
    matrix_rank = max(b.rank for b in signature.operands)
    for what, buffers in (("operand", signature.operands), ("result", signature.results)):
        for i, b in enumerate(buffers):
            expected = _expected_layout(b.rank, matrix_rank)
            if b.layout is not None and b.layout != expected:
                raise ValueError(f"{what} {i} ({b}) must have layout {list(expected)}, got "
                                 f"{list(b.layout)}")


def contract(target: str) -> Callable[[CustomCallSignature], None]:
    """The contract core checks calls of ``target`` (one of this module's) against."""
    if target == "tridiagonal_solve_perturbed_ffi":
        return functools.partial(_check_lapack_call, "tridiagonal_solve_perturbed", None)
    match = re.fullmatch(rf"lapack_([{_ALL_PREFIXES}])(\w+)_ffi", target)
    if match is None or target not in _KERNELS:
        raise KeyError(f"{target!r} is not a target of this module")
    return functools.partial(_check_lapack_call, match.group(2), _LAPACK_TYPES[match.group(1)])


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
        # NotImplementedError: what jax (and its tests) expect of an unsupported dtype.
        raise NotImplementedError(
            f"Unsupported dtype {np.dtype(dtype).name}: LAPACK has routines for "
            + ", ".join(np.dtype(t).name for t in LAPACK_DTYPE_PREFIX)
        ) from None
    return f"lapack_{prefix}{fn_base}"


def prepare_lapack_call(fn_base: str, dtype: Any) -> str:
    """Initializes the LAPACK kernels and returns the target name."""
    initialize()
    return build_lapack_fn_target(fn_base, dtype)


# -- native targets: core calls them with the buffers (no handler, no copies) -------------
#
# getrf, trsm and real potrf, the routines of solves and Cholesky factorizations,
# have C implementations (``_lapack_kernels.native_targets``) that core's executor
# calls as native steps. Each encoder writes the int64 payload its C function
# reads from the op's static types and attributes, or returns None to leave the
# call to the Python handler above.


def _static_dims(t: Any) -> list[int] | None:
    shape = getattr(t, "shape", None)
    if shape is None or not getattr(t, "is_static", False) or len(shape) < 2:
        return None
    return [int(d) for d in shape]


def _batch_count(dims: list[int]) -> int:
    return int(np.prod(dims[:-2], dtype=np.int64))


def _payload(*values: int) -> bytes:
    return np.array(values, dtype=np.int64).tobytes()


def _encode_getrf(op: Any, attributes: Mapping[str, Any]) -> bytes | None:
    dims = _static_dims(op.operand_types[0])
    if dims is None or len(op.operands) != 1 or len(op.result_types) != 3:
        return None
    return _payload(_batch_count(dims), dims[-2], dims[-1])


def _encode_trsm(op: Any, attributes: Mapping[str, Any]) -> bytes | None:
    dims = _static_dims(op.operand_types[1]) if len(op.operands) == 2 else None
    if dims is None or len(op.result_types) != 1:
        return None
    letters = [ord(_letter(attributes, key)) for key in ("side", "uplo", "trans_x", "diag")]
    return _payload(_batch_count(dims), dims[-2], dims[-1], *letters)


def _encode_potrf(op: Any, attributes: Mapping[str, Any]) -> bytes | None:
    dims = _static_dims(op.operand_types[0])
    if dims is None or len(op.operands) != 1 or len(op.result_types) != 2:
        return None
    return _payload(_batch_count(dims), dims[-1], ord(_letter(attributes, "uplo")))


_NATIVE_ENCODERS: dict[str, Callable[[Any, Mapping[str, Any]], bytes | None]] = {
    "getrf": _encode_getrf, "trsm": _encode_trsm, "potrf": _encode_potrf}


def _register_natives(platform: str) -> None:
    natives = initialize().native_targets()  # the routines they call are set up first
    for base, encode in _NATIVE_ENCODERS.items():
        for prefix, capsule in natives[base].items():
            name = f"lapack_{prefix}{base}_ffi"
            register_native_custom_call(name, capsule, encode, _KERNELS[name],
                                        platform=platform)


def _register_with_core() -> None:
    from jaxlib import xla_client

    for platform, targets in registrations().items():
        for name, fn, api_version in targets:
            xla_client.register_custom_call_target(name, fn, platform=platform,
                                                   api_version=api_version)
            register_custom_call_contract(name, contract(name), platform=platform)
    for name in batch_partitionable_targets():
        xla_client.register_custom_call_as_batch_partitionable(name)
    if os.environ.get("JAXLIB_LAPACK_NATIVE", "1") != "0":
        _register_natives("cpu")


_register_with_core()


# The reference's extension module, by the names jax uses (lax/linalg.py).
_lapack = types.SimpleNamespace(initialize=initialize, registrations=registrations,
                                eig=eig, schur=schur, svd=svd)
