"""Records the custom-call targets the reference JAX's GPU lowering emits for linear
algebra, for CUDA and ROCm, into ``gpu_targets.json`` (checked by
``tests/test_gpu_registrations.py`` against ``jaxlib.gpu_linalg`` / ``jaxlib.gpu_solver``).

No GPU is needed: the reference lowers for a platform it does not run on
(``jit(f).trace(*args).lower(lowering_platforms=(platform,))``). Run it in the
reference's virtual environment (never the project's)::

    /tmp/refvenv/bin/python packages/jaxlib-linalg/tests/corpus/gpu_targets.py

Sizes and batch shapes vary because the lowering picks kernels by them (batched
cuBLAS getrf/geqrf for many small matrices, Jacobi eigh/svd for small ones).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
from jax import lax
from jax.experimental.sparse import linalg as sparse_linalg

jax.config.update("jax_enable_x64", True)

OUT = Path(__file__).resolve().parent / "gpu_targets.json"
PLATFORMS = ("cuda", "rocm")
# (Listed here: this runs in the reference's environment, without this jaxlib's tables.)
DTYPES = (np.float32, np.float64, np.complex64, np.complex128)
SHAPES = ((4, 4), (64, 4, 4), (40, 40), (2, 300, 300), (1200, 1200))


def _square_programs():
    yield "solve", lambda a: jnp.linalg.solve(a, a)
    yield "inv", jnp.linalg.inv
    yield "det", jnp.linalg.det
    yield "slogdet", jnp.linalg.slogdet
    yield "cholesky", jnp.linalg.cholesky
    yield "qr", jnp.linalg.qr
    yield "qr_r", lambda a: jnp.linalg.qr(a, mode="r")
    yield "qr_pivoted", lambda a: jsl.qr(a, pivoting=True)
    yield "eigh", jnp.linalg.eigh
    yield "eigvalsh", jnp.linalg.eigvalsh
    yield "eig", jnp.linalg.eig
    yield "eigvals", jnp.linalg.eigvals
    yield "eig_cusolver_geev", jnp.linalg.eig
    yield "eigvals_cusolver_geev", jnp.linalg.eigvals
    yield "svd", jnp.linalg.svd
    yield "svd_reduced", lambda a: jnp.linalg.svd(a, full_matrices=False)
    yield "svdvals", lambda a: jnp.linalg.svd(a, compute_uv=False)
    yield "svd_qr", lambda a: lax.linalg.svd(a, algorithm=lax.linalg.SvdAlgorithm.QR)
    yield "svd_jacobi", lambda a: lax.linalg.svd(a, algorithm=lax.linalg.SvdAlgorithm.JACOBI)
    yield "svd_polar", lambda a: lax.linalg.svd(a, algorithm=lax.linalg.SvdAlgorithm.POLAR)
    yield "svd_divide_and_conquer", lambda a: lax.linalg.svd(  # ROCm only
        a, algorithm=lax.linalg.SvdAlgorithm.DIVIDE_AND_CONQUER)
    yield "lstsq", lambda a: jnp.linalg.lstsq(a, a)[0]
    yield "pinv", jnp.linalg.pinv
    yield "matrix_power", lambda a: jnp.linalg.matrix_power(a, -2)
    yield "lu", jsl.lu
    yield "lu_factor_solve", lambda a: jsl.lu_solve(jsl.lu_factor(a), a)
    yield "schur", jsl.schur
    yield "hessenberg", lambda a: jsl.hessenberg(a, calc_q=True)
    yield "solve_triangular", lambda a: jsl.solve_triangular(a, a, lower=True)
    yield "expm", jsl.expm
    yield "tridiagonal", lambda a: lax.linalg.tridiagonal(a)
    yield "eigh_tridiagonal", lambda a: jsl.eigh_tridiagonal(
        jnp.real(a[..., 0, :]), jnp.real(a[..., 1, :-1]), eigvals_only=True)
    yield "tridiagonal_solve", lambda a: lax.linalg.tridiagonal_solve(
        a[..., 0, :], a[..., 1, :], a[..., 2, :], a)
    yield "tridiagonal_solve_perturbed", lambda a: lax.linalg.tridiagonal_solve(
        a[..., 0, :], a[..., 1, :], a[..., 2, :], a, perturb_singular=True)
    # Q^T c from Householder reflectors (the matrix's lower part, taus its first row).
    yield "ormqr", lambda a: lax.linalg.ormqr(a, a[..., 0, :], a, left=True,
                                              transpose=True)
    # A dense n x n matrix stored as CSR (every entry present); unbatched only.
    yield "spsolve", lambda a: sparse_linalg.spsolve(
        a.reshape(-1), jnp.tile(jnp.arange(a.shape[-1], dtype=jnp.int32), a.shape[-1]),
        jnp.arange(0, a.size + 1, a.shape[-1], dtype=jnp.int32), a[0])
    yield "symmetric_product", lambda a: lax.linalg.symmetric_product(a, a)
    yield "cholesky_update", lambda a: lax.linalg.cholesky_update(a, a[..., 0])
    yield "lu_pivots_to_permutation", lambda a: lax.linalg.lu_pivots_to_permutation(
        jnp.zeros(a.shape[:-1], jnp.int32), a.shape[-1])


class _CusolverVersions:
    """What ``jax_cuda12_plugin._versions`` reports on a machine whose cuSOLVER
    is 11.7.1 or newer: jax then lowers ``eig`` (right vectors only) to
    cuSOLVER's geev instead of the hybrid kernel. This environment has no CUDA
    plugin, so the programs marked ``with_cusolver_geev`` lower with this."""

    @staticmethod
    def cusolver_get_version() -> int:
        return 11701


def _targets(fn, args, platform: str, with_cusolver_geev: bool = False) -> set[str]:
    from jax._src.lax import linalg as lax_linalg

    saved = lax_linalg.cuda_versions
    if with_cusolver_geev:
        lax_linalg.cuda_versions = _CusolverVersions
        jax.clear_caches()  # jnp.linalg.eig's lowering, cached without the plugin
    try:
        text = jax.jit(fn).trace(*args).lower(lowering_platforms=(platform,)).as_text()
    finally:
        if with_cusolver_geev:
            lax_linalg.cuda_versions = saved
            jax.clear_caches()
    return set(re.findall(r"custom_call @([\w.]+)", text))


def main() -> None:
    found: dict[str, dict[str, list[str]]] = {p: {} for p in PLATFORMS}
    failures: list[str] = []
    for name, fn in _square_programs():
        for dtype in DTYPES:
            for shape in SHAPES:
                if len(shape) == 2 and shape[0] > 1000 and name not in ("svd", "eigh"):
                    continue  # the large case only decides the eigh/svd algorithm
                arg = jax.ShapeDtypeStruct(shape, dtype)
                for platform in PLATFORMS:
                    try:
                        targets = _targets(fn, (arg,), platform,
                                           name.endswith("_cusolver_geev"))
                    except Exception as err:  # not lowerable there (e.g. no GPU schur)
                        failures.append(f"{platform} {name} {np.dtype(dtype).name} {shape}: "
                                        f"{type(err).__name__}: {str(err).splitlines()[0][:120]}")
                        continue
                    for target in targets:
                        found[platform].setdefault(target, [])
                        if name not in found[platform][target]:
                            found[platform][target].append(name)
    record = {
        "generator": "packages/jaxlib-linalg/tests/corpus/gpu_targets.py",
        "jax_version": jax.__version__,
        "targets": {p: dict(sorted(t.items())) for p, t in found.items()},
        "not_lowerable": sorted(set(failures)),
    }
    OUT.write_text(json.dumps(record, indent=1) + "\n")
    for platform in PLATFORMS:
        print(platform, sorted(found[platform]))
    print(len(failures), "not lowerable")


if __name__ == "__main__":
    main()
