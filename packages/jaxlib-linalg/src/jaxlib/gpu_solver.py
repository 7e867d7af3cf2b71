"""GPU solver (cuSOLVER/hipSOLVER) custom-call targets (CUDA/ROCm) of the jaxlib-linalg extra.

The names are those the reference JAX's GPU lowering emits for ``jnp.linalg``,
``jax.scipy.linalg``, ``lax.linalg`` and ``jax.experimental.sparse.linalg.spsolve``
(``tests/corpus/gpu_targets.py`` records them; a test keeps the two in step):
the cuSOLVER/hipSOLVER typed-FFI kernels (``*_ffi``) and the hybrid CPU/GPU
kernels (``cuhybrid_*``/``hiphybrid_*``: ``eig`` and pivoted QR).

How they run. jaxlib-gpu runs potrf, getrf, syevd, geqrf and orgqr on the
device through cuSOLVER (``jaxlib.gpu_runtime.solver``); the other targets,
and those where cuSOLVER is unavailable, run as host steps: the operands are
copied to the host, the handler here computes the results with LAPACK (the
routines of ``jaxlib.lapack``, which the reference's solver calls mirror one to
one), and the results go back to the device. Each handler translates its GPU
call (attribute names, result order) to the LAPACK routine's; the arrays it
receives are logical (row-major), whatever layouts the call declares. The
executable's ``reference_kernel_steps()`` lists the host steps.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib import lapack
from jaxlib._src.ops.custom_call_registry import register_module_targets

_SOLVER_FUNCTIONS = ("csrlsvqr", "geev", "geqrf", "gesdd", "gesvd", "gesvdj", "gesvdp", "getrf",
                     "orgqr", "ormqr", "potrf", "syevd", "syrk", "sytrd")
# What jax lowers for CUDA only: the sparse QR solve (spsolve), the symmetric
# product (ROCm lowers symmetric_product portably) and cuSOLVER's eig (geev,
# which jax picks when the installed cuSOLVER is 11.7.1 or newer).
_CUDA_ONLY = ("csrlsvqr", "geev", "syrk")
# And for ROCm only: the divide-and-conquer SVD (SvdAlgorithm.DIVIDE_AND_CONQUER).
_ROCM_ONLY = ("gesdd",)
_HYBRID_FUNCTIONS = ("eig_comp", "eig_real", "geqp3")

# Platform -> target names the reference's lowering emits.
TARGET_NAMES: dict[str, tuple[str, ...]] = {
    "CUDA": tuple(f"cusolver_{fn}_ffi" for fn in _SOLVER_FUNCTIONS if fn not in _ROCM_ONLY)
    + tuple(f"cuhybrid_{fn}" for fn in _HYBRID_FUNCTIONS),
    "ROCM": tuple(f"hipsolver_{fn}_ffi" for fn in _SOLVER_FUNCTIONS if fn not in _CUDA_ONLY)
    + tuple(f"hiphybrid_{fn}" for fn in _HYBRID_FUNCTIONS),
}


def _is_hybrid(name: str) -> bool:
    return name.startswith(("cuhybrid_", "hiphybrid_"))


def _letter(value: str) -> np.uint8:
    return np.uint8(ord(value))


def _flag(attributes: dict, key: str, default: bool | None = None) -> bool:
    if key not in attributes:
        if default is None:
            raise ValueError(f"the backend config has no {key!r} attribute")
        return default
    return bool(attributes[key])


def _uplo(attributes: dict) -> np.uint8:
    return _letter("L" if _flag(attributes, "lower") else "U")


# -- handlers: fn(operands, results, attributes), as jaxlib.lapack's ----------------------


def _getrf(operands, results, attributes) -> None:
    lapack._getrf(operands, results, {})  # the same results: lu, 1-based pivots, info


def _potrf(operands, results, attributes) -> None:
    lapack._potrf(operands, results, {"uplo": _uplo(attributes)})


def _geqrf(operands, results, attributes) -> None:
    lapack._geqrf(operands, results, {})


def _orgqr(operands, results, attributes) -> None:
    lapack._orgqr(operands, results, {})


def _ormqr(operands, results, attributes) -> None:
    lapack._ormqr(operands, results, {"left": _flag(attributes, "left", True),
                                      "transpose": _flag(attributes, "transpose", False)})


def _syevd(operands, results, attributes) -> None:
    # "algorithm" (QR or Jacobi on the GPU) picks a method; the eigenvalues
    # (ascending) and eigenvectors are the same decomposition.
    lapack._syevd(operands, results, {"mode": _letter("V"), "uplo": _uplo(attributes)})


def _sytrd(operands, results, attributes) -> None:
    lapack._sytrd(operands, results, {"uplo": _uplo(attributes)})


def _geqp3(operands, results, attributes) -> None:
    lapack._geqp3(operands, results, {})


def _eig(operands, results, attributes) -> None:
    # The hybrid kernels' results are LAPACK geev's as jax's CPU lowering
    # asks for them: eigenvalues (wr, wi for real input), then complex vl, vr, info.
    letters = {side: _letter("V" if _flag(attributes, side, False) else "N")
               for side in ("left", "right")}
    lapack._geev(operands, results, {"compute_left": letters["left"],
                                     "compute_right": letters["right"]})


def _geev(operands, results, attributes) -> None:
    """cuSOLVER's Xgeev: results a (overwritten), complex eigenvalues w, vl, vr
    (the input's type: for real input LAPACK's packing, a complex pair's real
    and imaginary parts in two columns, which jax unpacks), info."""
    from scipy.linalg import lapack as scipy_lapack

    (a,) = operands
    a_out, w, vl, vr, info = results
    batch, n = a.shape[:-2], a.shape[-1]
    if a.ndim < 2 or a.shape[-2] != n:
        raise ValueError(f"geev: a{list(a.shape)} is not a batch of square matrices")
    for x, what in ((vl, "vl"), (vr, "vr"), (a_out, "a")):
        _matrix_result(x, batch, n, n, what)
    if w.shape != batch + (n,) or info.shape != batch:
        raise ValueError(f"geev: w{list(w.shape)} or info{list(info.shape)} do not match "
                         f"a{list(a.shape)}")
    dtype = np.dtype(a.dtype)
    letter = {"f": "s", "d": "d", "F": "c", "D": "z"}[dtype.char]
    routine = getattr(scipy_lapack, letter + "geev")
    left, right = _flag(attributes, "left", False), _flag(attributes, "right", True)
    np.copyto(a_out, a)
    vl[...] = 0
    vr[...] = 0
    for index in np.ndindex(batch):
        if n == 0:
            info[index] = 0
            continue
        with np.errstate(all="ignore"):
            out = routine(a[index], compute_vl=int(left), compute_vr=int(right))
        if dtype.kind == "c":
            values, left_vectors, right_vectors, status = out
        else:
            real, imaginary, left_vectors, right_vectors, status = out
            values = real + 1j * imaginary
        w[index] = values
        if left:
            vl[index] = left_vectors
        if right:
            vr[index] = right_vectors
        info[index] = status


_GESVD = lapack._svd_handler(divide_and_conquer=False)


def _matrix_result(x: np.ndarray, batch: tuple[int, ...], rows: int, cols: int,
                   what: str) -> None:
    if x.shape != batch + (rows, cols):
        raise ValueError(f"svd: {what} is {list(x.shape)}, expected {list(batch + (rows, cols))}")


def _gesvd(operands, results, attributes) -> None:
    """cuSOLVER gesvd: results a, s, u, vt, info; with ``transposed`` (m < n:
    the call factors the row-major matrix as its column-major transpose) the
    third result is vt and the fourth u."""
    (a,) = operands
    a_out, s, first, second, info = results
    batch, (m, n) = a.shape[:-2], a.shape[-2:]
    k = min(m, n)
    full, compute_uv = _flag(attributes, "full_matrices"), _flag(attributes, "compute_uv")
    u, vt = (second, first) if _flag(attributes, "transposed", False) else (first, second)
    if not compute_uv:  # u and vt are placeholders (scalars)
        scratch = [np.zeros(batch + (1, 1), a.dtype) for _ in range(2)]
        _GESVD([a], [a_out, s, *scratch, info], {"mode": _letter("N")})
        u[...] = 0
        vt[...] = 0
        return
    _matrix_result(u, batch, m, m if full else k, "u")
    _matrix_result(vt, batch, n if full else k, n, "vt")
    _GESVD([a], [a_out, s, u, vt, info], {"mode": _letter("A" if full else "S")})


def _gesvd_v(operands, results, attributes) -> None:
    """cuSOLVER gesvdj / gesvdp: results a, s, u, v, info with v = vt^H
    (jax transposes it back); u and v are written even when ``compute_uv`` is
    false (the lowering always allocates them)."""
    (a,) = operands
    a_out, s, u, v, info = results
    batch, (m, n) = a.shape[:-2], a.shape[-2:]
    k = min(m, n)
    full = _flag(attributes, "full_matrices")
    _matrix_result(u, batch, m, m if full else k, "u")
    _matrix_result(v, batch, n, n if full else k, "v")
    vt = np.empty(batch + (v.shape[-1], n), v.dtype)
    _GESVD([a], [a_out, s, u, vt, info], {"mode": _letter("A" if full else "S")})
    np.copyto(v, np.conj(np.swapaxes(vt, -1, -2)))


def _syrk(operands, results, attributes) -> None:
    """``symmetric_product``: c' = alpha a a^T + beta c (a^T a with
    ``transpose``) in the lower triangle, which is all cuBLAS's syrk writes:
    c's upper triangle is kept."""
    a, c, alpha, beta = operands
    (out,) = results
    transpose = _flag(attributes, "transpose", False)
    n = a.shape[-1] if transpose else a.shape[-2]
    if c.shape != a.shape[:-2] + (n, n) or out.shape != c.shape:
        raise ValueError(f"syrk: a{list(a.shape)} and c{list(c.shape)} do not make a "
                         f"product of {n} x {n} matrices")
    at = np.swapaxes(a, -1, -2)
    product = at @ a if transpose else a @ at
    updated = alpha * product + beta * c
    lower = np.tril(np.ones((n, n), dtype=bool))
    np.copyto(out, np.where(lower, updated, c).astype(c.dtype, copy=False))


def _csrlsvqr(operands, results, attributes) -> None:
    """A sparse square system in CSR form, solved with scipy's sparse direct
    solver (cuSOLVER uses a sparse QR; both solve A x = b)."""
    import scipy.sparse
    import scipy.sparse.linalg

    data, indices, indptr, b = operands
    (x,) = results
    n = b.shape[0]
    if data.ndim != 1 or b.ndim != 1 or indptr.shape != (n + 1,) or x.shape != b.shape:
        raise ValueError(f"csrlsvqr: data{list(data.shape)}, indptr{list(indptr.shape)} and "
                         f"b{list(b.shape)} are not a CSR system of size {n}")
    matrix = scipy.sparse.csr_matrix((data, indices, indptr), shape=(n, n))
    with np.errstate(all="ignore"):
        solution = scipy.sparse.linalg.spsolve(matrix.tocsc(), b)
    np.copyto(x, np.asarray(solution).astype(b.dtype, copy=False))


_HANDLERS: dict[str, Callable[..., None]] = {
    "getrf": _getrf, "potrf": _potrf, "geqrf": _geqrf, "orgqr": _orgqr, "ormqr": _ormqr,
    "syevd": _syevd, "syrk": _syrk,
    "sytrd": _sytrd, "gesvd": _gesvd, "gesdd": _gesvd, "gesvdj": _gesvd_v, "gesvdp": _gesvd_v,
    "csrlsvqr": _csrlsvqr, "geev": _geev, "eig_comp": _eig, "eig_real": _eig, "geqp3": _geqp3,
}


_LAPACK_DTYPES = frozenset(np.dtype(t) for t in lapack.LAPACK_DTYPE_PREFIX)


def _lapack_types(handler: Callable[..., None]) -> Callable[..., None]:
    """``handler`` after a check that its matrix has a type LAPACK serves (a
    GPU call in float16, say, is an error naming the type, as on the CPU)."""

    def checked(operands, results, attributes) -> None:
        dtype = np.dtype(operands[0].dtype)
        if dtype not in _LAPACK_DTYPES:
            raise ValueError(f"Unsupported dtype {dtype.name}: the solver kernels take "
                             + ", ".join(sorted(t.name for t in _LAPACK_DTYPES)))
        handler(operands, results, attributes)

    checked.__name__ = checked.__qualname__ = handler.__name__
    return checked


_HANDLERS = {name: _lapack_types(fn) for name, fn in _HANDLERS.items()}


def _function(name: str) -> str:
    for prefix in ("cusolver_", "hipsolver_", "cuhybrid_", "hiphybrid_"):
        if name.startswith(prefix):
            return name[len(prefix):].removesuffix("_ffi")
    raise KeyError(name)


_KERNELS: dict[str, dict[str, Callable[..., None]]] = {
    platform: {name: _HANDLERS[_function(name)] for name in names}
    for platform, names in TARGET_NAMES.items()
}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    """``{"CUDA": [(name, handler, api_version), ...], "ROCM": [...]}`` (typed
    FFI, as the reference registers them); these handlers run on the host."""
    return {
        platform: [(name, fn, int(name.endswith("_ffi") or _is_hybrid(name)))
                   for name, fn in sorted(kernels.items())]
        for platform, kernels in _KERNELS.items()
    }


def batch_partitionable_targets() -> list[str]:
    """Every target (typed FFI and hybrid), as the reference lists them."""
    return sorted(name for names in TARGET_NAMES.values() for name in names)


def initialize_hybrid_kernels() -> None:
    """The reference loads MAGMA/LAPACK for its hybrid kernels here; ours are
    jaxlib.lapack's, loaded with it."""
    lapack.initialize()


def has_magma() -> bool:
    """Whether the hybrid kernels can use MAGMA: never (they use LAPACK)."""
    return False


register_module_targets(sys.modules[__name__])
