"""Writes the linear-algebra corpus: programs from ``jnp.linalg``,
``jax.scipy.linalg`` and ``lax.linalg`` lowered by the reference JAX on CPU
(where they become ``lapack_*_ffi`` custom calls), with inputs and the outputs
the reference computes.

Run it in the reference's virtual environment (never the project's)::

    /work/refvenv/bin/python packages/jaxlib-linalg/tests/corpus/generate.py
    /work/refvenv/bin/python packages/jaxlib-linalg/tests/corpus/generate.py --only eigh

For each program ``NAME`` it writes ``programs/NAME.mlir`` (``jax.jit(f).lower(*args)
.as_text()``), ``NAME.npz`` (inputs ``argN``, reference outputs ``outN``) and
``NAME.json`` (dtypes, shapes, tolerances with their reason, the LAPACK targets the
program calls, and ``check``: how the test compares, below). ``manifest.json`` lists
every program and, under ``skipped``, any the reference could not lower or run.

Comparisons (``check.kind``):

* ``values``: every output against the reference's (NaN positions must match):
  used where the result is unique (solves, inverses, determinants, Cholesky,
  LU with partial pivoting, eigenvalues, singular values, least squares, ...).
* ``eigh``, ``eig``, ``svd``, ``qr``, ``qr_pivoted``, ``schur``, ``hessenberg``:
  the factors are unique only up to signs/phases (and, for a Schur form, more),
  so the test checks what defines them: the reconstruction of the input, the
  orthonormality of the unitary factors and the triangular/Hessenberg shape;
  the unique parts (eigenvalues, singular values, permutations) are still
  compared with the reference's.

Tolerances. LAPACK's algorithms are backward stable: a result is the exact
answer for an input perturbed by about ``n * eps * |A|``, so its forward error is
about ``cond(A) * n * eps``. The inputs are well conditioned (random matrices
plus ``n * I`` where a solve or factorization needs it, cond < 50), the matrices are
at most 6 x 6, so ``rtol = atol = 2e-4`` (float32/complex64, eps 1.2e-7) and
``1e-10`` (float64/complex128, eps 2.2e-16) leave a margin of 10-100x over the
expected error, with ``atol`` scaled by ``max(1, max|reference|)``. The singular
and non-positive-definite programs produce NaN/inf exactly where the reference
does (the LAPACK ``info`` codes decide them), compared with ``equal_nan``.
The ``tridiagonal_solve_perturbed_*`` programs (``perturb_singular=True``, jaxlib's own
kernel) include exactly singular systems: their huge-but-finite solutions come from
the same deterministic steps (which pivot is perturbed, by how much), so the same
relative tolerances apply; ``eigh_tridiagonal_vectors_*`` compares eigenvectors as values
because inverse iteration starts from a fixed PRNG key and the eigenvalues are simple.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import traceback
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
from jax import lax
from jax._src.lax import linalg as lax_linalg_internal

HERE = Path(__file__).resolve().parent
# (Listed here: this runs in the reference's environment, without this jaxlib's tables.)
DTYPES = {"f32": np.float32, "f64": np.float64, "c64": np.complex64, "c128": np.complex128}
_TOL = {"f32": 2e-4, "c64": 2e-4, "f64": 1e-10, "c128": 1e-10}
TOLERANCE_REASON = (
    "LAPACK is backward stable: forward error ~ cond(A) * n * eps; inputs have cond < 50 "
    "and n <= 6, so 2e-4 (single) / 1e-10 (double) is 10-100x the expected error; atol "
    "scaled by max(1, max|reference|)")


@dataclass
class Program:
    name: str
    fn: Callable
    make_args: Callable[[np.random.Generator], list]
    dtype: str
    check: dict = field(default_factory=lambda: {"kind": "values"})
    description: str = ""


PROGRAMS: list[Program] = []


def add(name, fn, make_args, dtype, check=None, description=""):
    if any(p.name == name for p in PROGRAMS):
        raise ValueError(f"duplicate program {name}")
    PROGRAMS.append(Program(name, fn, make_args, dtype, check or {"kind": "values"},
                            description or name.replace("_", " ")))


# -- inputs -------------------------------------------------------------------------------


def rand(r, shape, dtype):
    x = r.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        x = x + 1j * r.standard_normal(shape)
    return x.astype(dtype)


def well_conditioned(r, shape, dtype):
    """A random matrix plus n*I: eigenvalues well away from zero."""
    n = shape[-1]
    return (rand(r, shape, dtype) + n * np.eye(n)).astype(dtype)


def hermitian(r, shape, dtype):
    a = rand(r, shape, dtype)
    return ((a + np.conj(np.swapaxes(a, -1, -2))) / 2).astype(dtype)


def positive_definite(r, shape, dtype):
    a = rand(r, shape, dtype)
    n = shape[-1]
    return (a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)).astype(dtype)


def singular(dtype, batch=()):
    """Exactly singular (rank 2) with small integers: the zero pivot is exact."""
    a = np.array([[1, 2, 3], [2, 4, 6], [1, 0, 1]], dtype)
    return np.broadcast_to(a, batch + a.shape).copy()


def triangular(r, shape, dtype, lower):
    a = well_conditioned(r, shape, dtype)
    return np.tril(a) if lower else np.triu(a)


# -- programs -------------------------------------------------------------------------------


def _define_programs():
    for tag, dt in DTYPES.items():
        cplx = tag.startswith("c")

        add(f"solve_{tag}", jnp.linalg.solve,
            lambda r, dt=dt: [well_conditioned(r, (4, 4), dt), rand(r, (4, 2), dt)], tag)
        add(f"solve_batched_{tag}", jnp.linalg.solve,
            lambda r, dt=dt: [well_conditioned(r, (3, 5, 5), dt), rand(r, (3, 5, 2), dt)], tag)
        add(f"inv_{tag}", jnp.linalg.inv, lambda r, dt=dt: [well_conditioned(r, (5, 5), dt)], tag)
        add(f"inv_batched_{tag}", jnp.linalg.inv,
            lambda r, dt=dt: [well_conditioned(r, (2, 3, 4, 4), dt)], tag)
        add(f"det_batched_{tag}", jnp.linalg.det,
            lambda r, dt=dt: [rand(r, (3, 4, 4), dt)], tag)
        add(f"slogdet_{tag}", lambda a: tuple(jnp.linalg.slogdet(a)),
            lambda r, dt=dt: [rand(r, (2, 5, 5), dt)], tag)
        add(f"cholesky_{tag}", jnp.linalg.cholesky,
            lambda r, dt=dt: [positive_definite(r, (5, 5), dt)], tag)
        add(f"cholesky_batched_{tag}", jnp.linalg.cholesky,
            lambda r, dt=dt: [positive_definite(r, (3, 4, 4), dt)], tag)
        add(f"cho_solve_{tag}",
            lambda a, b: jsl.cho_solve(jsl.cho_factor(a, lower=True), b),
            lambda r, dt=dt: [positive_definite(r, (4, 4), dt), rand(r, (4, 3), dt)], tag,
            description="cho_factor + cho_solve (potrf, trsm)")
        for mode in ("reduced", "complete"):
            add(f"qr_{mode}_{tag}", lambda a, mode=mode: tuple(jnp.linalg.qr(a, mode=mode)),
                lambda r, dt=dt: [rand(r, (2, 5, 3), dt)], tag,
                check={"kind": "qr", "input": 0, "q": 0, "r": 1})
        add(f"qr_r_{tag}", lambda a: jnp.abs(jnp.linalg.qr(a, mode="r")),
            lambda r, dt=dt: [rand(r, (3, 4), dt)], tag,
            description="|R| of QR (mode='r'): unique up to the signs of R's rows")
        add(f"qr_raw_{tag}", lambda a: tuple(jnp.linalg.qr(a, mode="raw")),
            lambda r, dt=dt: [rand(r, (4, 3), dt)], tag,
            description="raw Householder QR (geqrf): the reflectors LAPACK's algorithm defines")
        add(f"qr_wide_{tag}", lambda a: tuple(jnp.linalg.qr(a)),
            lambda r, dt=dt: [rand(r, (3, 5), dt)], tag,
            check={"kind": "qr", "input": 0, "q": 0, "r": 1})
        add(f"qr_pivoted_{tag}", lambda a: tuple(jsl.qr(a, pivoting=True)),
            lambda r, dt=dt: [rand(r, (5, 4), dt)], tag,
            check={"kind": "qr_pivoted", "input": 0, "q": 0, "r": 1, "p": 2})
        add(f"householder_ormqr_{tag}",
            lambda a, c: _ormqr_roundtrip(a, c),
            lambda r, dt=dt: [rand(r, (5, 3), dt), rand(r, (5, 2), dt)], tag,
            description="geqrf + ormqr (Q^H c, then Q (Q^H c) == c) + householder_product")
        add(f"eigh_{tag}", lambda a: tuple(jnp.linalg.eigh(a)),
            lambda r, dt=dt: [hermitian(r, (3, 4, 4), dt)], tag,
            check={"kind": "eigh", "input": 0, "w": 0, "v": 1})
        add(f"eigh_upper_{tag}", lambda a: tuple(jnp.linalg.eigh(a, UPLO="U")),
            lambda r, dt=dt: [hermitian(r, (5, 5), dt)], tag,
            check={"kind": "eigh", "input": 0, "w": 0, "v": 1})
        add(f"eigvalsh_{tag}", jnp.linalg.eigvalsh,
            lambda r, dt=dt: [hermitian(r, (2, 6, 6), dt)], tag)
        add(f"svd_full_{tag}", lambda a: tuple(jnp.linalg.svd(a, full_matrices=True)),
            lambda r, dt=dt: [rand(r, (5, 3), dt)], tag,
            check={"kind": "svd", "input": 0, "u": 0, "s": 1, "vh": 2})
        add(f"svd_reduced_batched_{tag}",
            lambda a: tuple(jnp.linalg.svd(a, full_matrices=False)),
            lambda r, dt=dt: [rand(r, (2, 3, 5), dt)], tag,
            check={"kind": "svd", "input": 0, "u": 0, "s": 1, "vh": 2})
        add(f"svdvals_{tag}", lambda a: jnp.linalg.svd(a, compute_uv=False),
            lambda r, dt=dt: [rand(r, (3, 4, 6), dt)], tag)
        add(f"svd_gesvd_{tag}",
            lambda a: tuple(lax.linalg.svd(a, full_matrices=False,
                                           algorithm=lax.linalg.SvdAlgorithm.QR)),
            lambda r, dt=dt: [rand(r, (4, 3), dt)], tag,
            check={"kind": "svd", "input": 0, "u": 0, "s": 1, "vh": 2},
            description="SVD with algorithm=QR (gesvd)")
        add(f"lstsq_{tag}", lambda a, b: jnp.linalg.lstsq(a, b)[0],
            lambda r, dt=dt: [rand(r, (6, 3), dt), rand(r, (6, 2), dt)], tag)
        add(f"pinv_{tag}", jnp.linalg.pinv, lambda r, dt=dt: [rand(r, (4, 3), dt)], tag)
        add(f"matrix_power_neg_{tag}", lambda a: jnp.linalg.matrix_power(a, -2),
            lambda r, dt=dt: [well_conditioned(r, (4, 4), dt)], tag)
        add(f"lu_batched_{tag}", lambda a: tuple(jax.vmap(jsl.lu)(a)),
            lambda r, dt=dt: [rand(r, (2, 4, 4), dt)], tag)
        add(f"lu_rect_{tag}", lambda a: tuple(jsl.lu(a)),
            lambda r, dt=dt: [rand(r, (5, 3), dt)], tag)
        add(f"lu_factor_solve_{tag}",
            lambda a, b: (jsl.lu_factor(a)[0], jsl.lu_factor(a)[1],
                          jsl.lu_solve(jsl.lu_factor(a), b)),
            lambda r, dt=dt: [well_conditioned(r, (4, 4), dt), rand(r, (4, 2), dt)], tag)
        for trans in (0, 1, 2):
            for lower in (True, False):
                unit = trans == 1
                add(f"solve_triangular_t{trans}_{'lower' if lower else 'upper'}_{tag}",
                    lambda a, b, trans=trans, lower=lower, unit=unit: jsl.solve_triangular(
                        a, b, trans=trans, lower=lower, unit_diagonal=unit),
                    lambda r, dt=dt, lower=lower: [triangular(r, (4, 4), dt, lower),
                                                   rand(r, (4, 3), dt)], tag)
        add(f"solve_triangular_batched_{tag}",
            lambda a, b: jsl.solve_triangular(a, b, lower=True),
            lambda r, dt=dt: [triangular(r, (3, 4, 4), dt, True), rand(r, (3, 4, 2), dt)], tag)
        add(f"eig_{tag}", lambda a: tuple(jnp.linalg.eig(a)),
            lambda r, dt=dt: [rand(r, (2, 4, 4), dt)], tag,
            check={"kind": "eig", "input": 0, "w": 0, "v": 1})
        add(f"eigvals_{tag}", lambda a: _sorted_eigvals(jnp.linalg.eigvals(a)),
            lambda r, dt=dt: [rand(r, (5, 5), dt)], tag,
            description="eigenvalues (geev without vectors), sorted")
        add(f"eig_left_{tag}",
            lambda a: tuple(lax.linalg.eig(a, compute_left_eigenvectors=True,
                                           compute_right_eigenvectors=False)),
            lambda r, dt=dt: [rand(r, (3, 3), dt)], tag,
            check={"kind": "eig_left", "input": 0, "w": 0, "v": 1},
            description="eig with left eigenvectors only")
        add(f"schur_{tag}",
            lambda a, cplx=cplx: tuple(jsl.schur(a, output="complex" if cplx else "real")),
            lambda r, dt=dt: [rand(r, (5, 5), dt)], tag,
            check={"kind": "schur", "input": 0, "t": 0, "z": 1, "real": not cplx})
        add(f"hessenberg_{tag}", lambda a: tuple(jsl.hessenberg(a, calc_q=True)),
            lambda r, dt=dt: [rand(r, (5, 5), dt)], tag,
            check={"kind": "hessenberg", "input": 0, "h": 0, "q": 1})
        add(f"tridiagonal_reduction_{tag}",
            lambda a: (lax.linalg.tridiagonal(a, lower=True)[1],
                       jnp.abs(lax.linalg.tridiagonal(a, lower=True)[2])),
            lambda r, dt=dt: [hermitian(r, (2, 5, 5), dt)], tag,
            description="sytrd/hetrd: the diagonal and |off-diagonal| of the tridiagonal form")
        add(f"expm_{tag}", jsl.expm, lambda r, dt=dt: [rand(r, (4, 4), dt) * 0.5], tag)
        add(f"tridiagonal_solve_{tag}", _tridiagonal_solve,
            lambda r, dt=dt: _tridiagonal_args(r, dt, (2,)), tag)
        add(f"tridiagonal_solve_perturbed_{tag}", _tridiagonal_solve_perturbed,
            lambda r, dt=dt: _tridiagonal_args(r, dt, (2,)), tag,
            description="tridiagonal_solve(perturb_singular=True) of nonsingular systems")
        add(f"tridiagonal_solve_perturbed_pivoting_{tag}", _tridiagonal_solve_perturbed,
            lambda r, dt=dt: _tridiagonal_pivoting_args(r, dt), tag,
            description="perturb_singular=True with sub-diagonals larger than the diagonal "
                        "(row swaps) and zero sub-diagonal entries")

    # Singular / non-positive-definite / non-finite inputs: NaN, inf and info codes.
    for tag in ("f32", "f64", "c64", "c128"):
        dt = DTYPES[tag]
        add(f"singular_solve_{tag}", jnp.linalg.solve,
            lambda r, dt=dt: [singular(dt), np.ones((3, 1), dt)], tag,
            description="solve with an exactly singular matrix (zero pivot)")
        add(f"singular_inv_det_{tag}", lambda a: (jnp.linalg.inv(a), jnp.linalg.det(a)),
            lambda r, dt=dt: [singular(dt, (2,))], tag)
        add(f"singular_slogdet_{tag}", lambda a: tuple(jnp.linalg.slogdet(a)),
            lambda r, dt=dt: [singular(dt)], tag)
        add(f"singular_lu_{tag}", lambda a: tuple(jsl.lu_factor(a)),
            lambda r, dt=dt: [singular(dt)], tag)
        add(f"cholesky_not_pd_{tag}", jnp.linalg.cholesky,
            lambda r, dt=dt: [np.stack([positive_definite(r, (3, 3), dt),
                                        -np.eye(3, dtype=dt)])], tag,
            description="batch of a PD matrix (factor) and -I (info > 0: NaN)")
        add(f"eig_nonfinite_{tag}", lambda a: tuple(jnp.linalg.eig(a)),
            lambda r, dt=dt: [np.array([[1, np.nan], [0, 2]], dt)], tag,
            description="eig of a matrix with NaN (info = -4: NaN)")
        add(f"tridiagonal_solve_singular_{tag}", _tridiagonal_solve,
            lambda r, dt=dt: [np.zeros(3, dt), np.zeros(3, dt), np.zeros(3, dt),
                              np.ones((3, 1), dt)], tag,
            description="gtsv with a zero diagonal (info > 0: NaN)")
        add(f"tridiagonal_solve_perturbed_singular_{tag}", _tridiagonal_solve_perturbed,
            lambda r, dt=dt: _tridiagonal_singular_args(dt), tag,
            description="perturb_singular=True with exactly singular systems (zero pivots "
                        "perturbed by ~eps*max|U|: large but finite), a tiny pivot and NaN")
        add(f"tridiagonal_solve_perturbed_1x1_{tag}", _tridiagonal_solve_perturbed,
            lambda r, dt=dt: [np.zeros((3, 1), dt), np.array([[0], [2], [1e-30]], dt),
                              np.zeros((3, 1), dt), np.ones((3, 1, 2), dt)], tag,
            description="perturb_singular=True, 1x1 systems: zero, regular and tiny pivots")
        add(f"svd_nan_{tag}", lambda a: jnp.linalg.svd(a, compute_uv=False),
            lambda r, dt=dt: [np.array([[1, np.nan], [3, 4]], dt)], tag,
            description="singular values of a matrix with NaN")


    # eigh_tridiagonal's eigenvectors: inverse iteration, solving (T - lambda I) x = v with
    # perturb_singular=True (real tridiagonal matrices only).
    for tag in ("f32", "f64"):
        dt = DTYPES[tag]
        add(f"eigh_tridiagonal_vectors_{tag}",
            lambda d, e: tuple(jsl.eigh_tridiagonal(d, e, eigvals_only=False)),
            lambda r, dt=dt: [rand(r, (6,), dt), rand(r, (5,), dt)], tag,
            description="eigh_tridiagonal with eigenvectors (inverse iteration from a fixed "
                        "PRNG key: the vectors, signs included, are determined)")
        add(f"eigh_tridiagonal_vectors_exact_{tag}",
            lambda d, e: tuple(jsl.eigh_tridiagonal(d, e, eigvals_only=False)),
            lambda r, dt=dt: [np.array([2, 2, 2, 2], dt), np.array([1, 1, 1], dt)], tag,
            description="eigh_tridiagonal with eigenvectors of the 1-D Laplacian-like "
                        "matrix tridiag(1, 2, 1)")


def _sorted_eigvals(w):
    order = jnp.lexsort((w.imag, w.real))
    return w[order]


def _ormqr_roundtrip(a, c):
    h, taus = lax_linalg_internal.geqrf(a)  # not exported by jax.lax.linalg
    qhc = lax.linalg.ormqr(h, taus, c, left=True, transpose=True)
    back = lax.linalg.ormqr(h, taus, qhc, left=True, transpose=False)
    q = lax.linalg.householder_product(h, taus)
    return jnp.abs(qhc), back, q @ (jnp.conj(q.T) @ c)


def _tridiagonal_solve(dl, d, du, b):
    return lax.linalg.tridiagonal_solve(dl, d, du, b)


def _tridiagonal_solve_perturbed(dl, d, du, b):
    return lax.linalg.tridiagonal_solve(dl, d, du, b, perturb_singular=True)


def _tridiagonal_pivoting_args(r, dt):
    n = 6
    dl = (rand(r, (3, n), dt) * 4).astype(dt)  # larger than d: elimination swaps rows
    d = rand(r, (3, n), dt)
    du = rand(r, (3, n), dt)
    dl[:, 0] = 0
    du[:, -1] = 0
    dl[1, 2] = dl[1, 4] = 0  # nothing to eliminate in those rows
    return [dl, d, du, rand(r, (3, n, 3), dt)]


def _tridiagonal_singular_args(dt):
    """Five 4x4 systems: all zero; tridiag(1, 0, 1) (3x3, eigenvalue 0: singular, a zero
    pivot after elimination) next to a 1; two singular 2x2 blocks of ones; a tiny (1e-30)
    pivot; a NaN on the diagonal."""
    dl = np.array([[0, 0, 0, 0], [0, 1, 1, 0], [0, 1, 0, 1], [0, 1, 0, 1], [0, 1, 1, 1]], dt)
    d = np.array([[0, 0, 0, 0], [0, 0, 0, 1], [1, 1, 1, 1], [1e-30, 1, 2, 3],
                  [1, np.nan, 1, 1]], dt)
    du = np.array([[0, 0, 0, 0], [1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [1, 1, 1, 0]], dt)
    b = np.stack([np.ones((4, 2)), np.arange(8).reshape(4, 2), np.ones((4, 2)),
                  np.ones((4, 2)), np.ones((4, 2))]).astype(dt)
    return [dl, d, du, b]


def _tridiagonal_args(r, dt, batch):
    n = 5
    dl = rand(r, batch + (n,), dt)
    du = rand(r, batch + (n,), dt)
    dl[..., 0] = 0
    du[..., -1] = 0
    d = (rand(r, batch + (n,), dt) + 4).astype(dt)
    b = rand(r, batch + (n, 2), dt)
    return [dl, d, du, b]


# -- writing --------------------------------------------------------------------------------

_TARGET = re.compile(r"custom_call @([A-Za-z0-9_]+)")


def _tolerance(value: np.ndarray, tag: str) -> tuple[float, float, str]:
    if value.dtype.kind in "biu":
        return 0.0, 0.0, "integer result: exact"
    tol = _TOL[tag]
    finite = np.abs(value[np.isfinite(value)].astype(np.complex128))
    scale = max(1.0, float(finite.max())) if finite.size else 1.0
    return tol, float(f"{tol * scale:.3g}"), TOLERANCE_REASON


def write_program(p: Program, out_dir: Path) -> dict:
    rng = np.random.default_rng(zlib.crc32(p.name.encode()))
    args = [np.asarray(a) for a in p.make_args(rng)]
    x64 = p.dtype in ("f64", "c128")
    jax.config.update("jax_enable_x64", x64)
    jitted = jax.jit(p.fn)
    text = jitted.lower(*args).as_text()
    outputs = jax.tree_util.tree_leaves(jitted(*args))
    outputs = [np.asarray(o) for o in outputs]
    for a in args:
        assert a.dtype == DTYPES[p.dtype] or a.dtype.kind in "iu", (p.name, a.dtype)
    arrays = {f"arg{i}": a for i, a in enumerate(args)}
    arrays.update({f"out{i}": o for i, o in enumerate(outputs)})
    meta = {
        "name": p.name,
        "category": "linalg",
        "description": p.description,
        "dtype": p.dtype,
        "x64": x64,
        "targets": sorted(set(_TARGET.findall(text))),
        "check": p.check,
        "inputs": [{"name": f"arg{i}", "dtype": a.dtype.name, "shape": list(a.shape)}
                   for i, a in enumerate(args)],
        "outputs": [],
    }
    for i, o in enumerate(outputs):
        rtol, atol, reason = _tolerance(o, p.dtype)
        meta["outputs"].append({"name": f"out{i}", "dtype": o.dtype.name, "shape": list(o.shape),
                                "rtol": rtol, "atol": atol, "tolerance_reason": reason})
    (out_dir / f"{p.name}.mlir").write_text(text)
    np.savez_compressed(out_dir / f"{p.name}.npz", **arrays)
    (out_dir / f"{p.name}.json").write_text(json.dumps(meta, indent=1) + "\n")
    return {"name": p.name, "dtype": p.dtype, "targets": meta["targets"]}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "programs")
    parser.add_argument("--only", default=None, help="regenerate programs whose name contains this")
    opts = parser.parse_args(argv)
    _define_programs()
    out_dir: Path = opts.out
    if opts.only is None and out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written, skipped = [], []
    for p in PROGRAMS:
        if opts.only is not None and opts.only not in p.name:
            continue
        try:
            written.append(write_program(p, out_dir))
        except Exception as err:  # recorded in the manifest, never silently
            traceback.print_exc()
            skipped.append({"name": p.name, "error": f"{type(err).__name__}: {err}"})
    manifest_path = out_dir / "manifest.json"
    if opts.only is not None and manifest_path.exists():
        old = json.loads(manifest_path.read_text())
        names = {w["name"] for w in written}
        written = [w for w in old["programs"] if w["name"] not in names] + written
        skipped = [s for s in old["skipped"] if s["name"] not in names] + skipped
    written.sort(key=lambda w: w["name"])
    manifest = {"reference_jax": jax.__version__, "programs": written, "skipped": skipped}
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"wrote {len(written)} programs to {out_dir}; skipped {len(skipped)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
