"""``jaxlib.gpu_linalg`` / ``jaxlib.gpu_solver``: the CUDA/ROCm target names the
reference's GPU lowering emits (recorded by tests/corpus/gpu_targets.py), each
mapped to a host handler (what jaxlib-gpu runs), checked against numpy."""

import json
from pathlib import Path

import numpy as np
import pytest

from jaxlib import gpu_linalg, gpu_solver, xla_client

RECORD = json.loads((Path(__file__).parent / "corpus" / "gpu_targets.json").read_text())
PLATFORMS = {"CUDA": "cuda", "ROCM": "rocm"}


def _names(module, platform):
    return [name for name, _, _ in module.registrations()[platform]]


def _is_sparse_library(name: str) -> bool:  # gtsv2 belongs to jaxlib.gpu_sparse
    return name.startswith(("cusparse_", "hipsparse_"))


@pytest.mark.parametrize("platform", sorted(PLATFORMS))
def test_linalg_and_solver_cover_the_reference_targets_exactly(platform):
    recorded = {name for name in RECORD["targets"][PLATFORMS[platform]]
                if not _is_sparse_library(name)}
    linalg, solver = _names(gpu_linalg, platform), _names(gpu_solver, platform)
    assert not set(linalg) & set(solver)
    assert set(linalg) | set(solver) == recorded


def test_the_names_the_issue_lists_are_present():
    cuda = set(_names(gpu_solver, "CUDA")) | set(_names(gpu_linalg, "CUDA"))
    for name in ("cusolver_getrf_ffi", "cusolver_potrf_ffi", "cusolver_syevd_ffi",
                 "cusolver_gesvdj_ffi", "cu_lu_pivots_to_permutation"):
        assert name in cuda
    assert "hip_lu_pivots_to_permutation" in _names(gpu_linalg, "ROCM")


def test_api_versions_follow_the_reference():
    for platform in PLATFORMS:
        assert {api for _, _, api in gpu_linalg.registrations()[platform]} == {1}
        for name, _, api in gpu_solver.registrations()[platform]:
            assert api == 1, name  # *_ffi and the hybrid kernels are all typed FFI
    assert gpu_linalg.batch_partitionable_targets() == [
        "cu_lu_pivots_to_permutation", "hip_lu_pivots_to_permutation"]
    assert "cuhybrid_eig_real" in gpu_solver.batch_partitionable_targets()
    assert gpu_solver.has_magma() is False
    assert gpu_solver.initialize_hybrid_kernels() is None


@pytest.mark.parametrize("module", [gpu_linalg, gpu_solver])
def test_importing_registers_the_targets_with_core_for_cuda_and_rocm(module):
    for platform, targets in module.registrations().items():
        registered = xla_client.custom_call_targets(PLATFORMS[platform])
        for name, fn, _ in targets:
            assert registered[name] is fn


# -- the host handlers (jaxlib-gpu runs these targets as host steps) -------------------


def _handler(name):
    for module in (gpu_solver, gpu_linalg):
        for targets in module.registrations().values():
            for target, fn, _ in targets:
                if target == name:
                    return fn
    raise KeyError(name)


def _random(shape, dtype, seed=0):
    rng = np.random.RandomState(seed)
    x = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


DTYPES = [np.float32, np.float64, np.complex64, np.complex128]


def _tol(dtype):
    return 2e-4 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-10


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [True, False])
def test_potrf(dtype, lower):
    a = _random((3, 5, 5), dtype)
    spd = a @ np.conj(np.swapaxes(a, -1, -2)) + 5 * np.eye(5, dtype=dtype)
    out, info = np.zeros_like(spd), np.ones(3, np.int32)
    _handler("cusolver_potrf_ffi")([spd], [out, info], {"lower": lower})
    factor = np.tril(out) if lower else np.triu(out)
    product = (factor @ np.conj(np.swapaxes(factor, -1, -2)) if lower
               else np.conj(np.swapaxes(factor, -1, -2)) @ factor)
    assert (info == 0).all()
    np.testing.assert_allclose(product, spd, rtol=_tol(dtype), atol=_tol(dtype) * 10)
    _handler("cusolver_potrf_ffi")([-spd], [out, info], {"lower": lower})
    assert (info > 0).all()  # not positive definite: LAPACK's info, which jax turns into NaNs


@pytest.mark.parametrize("dtype", DTYPES)
def test_getrf_and_pivots_to_permutation(dtype):
    a = _random((2, 4, 6), dtype)
    lu, pivots, info = np.zeros_like(a), np.zeros((2, 4), np.int32), np.ones(2, np.int32)
    _handler("cusolver_getrf_ffi")([a], [lu, pivots, info], {})
    assert (info == 0).all() and pivots.min() >= 1  # 1-based, as LAPACK's
    permutation = np.zeros((2, 4), np.int32)
    _handler("cu_lu_pivots_to_permutation")([pivots - 1], [permutation], {})
    for b in range(2):
        lower = np.tril(lu[b][:, :4], -1) + np.eye(4, dtype=dtype)
        upper = np.triu(lu[b])
        np.testing.assert_allclose(lower @ upper, a[b][permutation[b]], rtol=_tol(dtype),
                                   atol=_tol(dtype) * 10)


def test_pivots_to_permutation_applies_the_swaps_in_order():
    pivots = np.array([[2, 2, 3], [0, 1, 2]], np.int32)
    out = np.zeros((2, 5), np.int32)
    _handler("hip_lu_pivots_to_permutation")([pivots], [out], {})
    np.testing.assert_array_equal(out, [[2, 0, 3, 1, 4], [0, 1, 2, 3, 4]])
    # Pivots outside [0, m) swap nothing (jax's recorded CUDA outputs).
    shifted = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    out = np.zeros((2, 3, 8), np.int32)
    _handler("cu_lu_pivots_to_permutation")([shifted], [out], {})
    np.testing.assert_array_equal(out[0, 1], [4, 5, 6, 7, 0, 1, 2, 3])
    np.testing.assert_array_equal(out[0, 2], np.arange(8))
    np.testing.assert_array_equal(out[1], np.broadcast_to(np.arange(8), (3, 8)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_qr_targets(dtype):
    a = _random((6, 4), dtype)
    r, tau = np.zeros_like(a), np.zeros(4, dtype)
    _handler("cusolver_geqrf_ffi")([a], [r, tau], {})
    q = np.zeros_like(a)
    _handler("cusolver_orgqr_ffi")([r, tau], [q], {})
    np.testing.assert_allclose(q @ np.triu(r[:4]), a, rtol=_tol(dtype), atol=_tol(dtype) * 10)
    jpvt = np.zeros(4, np.int32)
    out, jpvt_out, tau = np.zeros_like(a), np.zeros(4, np.int32), np.zeros(4, dtype)
    _handler("cuhybrid_geqp3")([a, jpvt], [out, jpvt_out, tau], {"magma": "off"})
    q = np.zeros_like(a)
    _handler("cusolver_orgqr_ffi")([out, tau], [q], {})
    np.testing.assert_allclose(q @ np.triu(out[:4]), a[:, jpvt_out - 1], rtol=_tol(dtype),
                               atol=_tol(dtype) * 10)


@pytest.mark.parametrize("dtype", DTYPES)
def test_syevd(dtype):
    a = _random((5, 5), dtype)
    h = a + np.conj(a.T)
    v, w, info = np.zeros_like(h), np.zeros(5, np.finfo(dtype).dtype), np.ones((), np.int32)
    _handler("cusolver_syevd_ffi")([h], [v, w, info], {"lower": True, "algorithm": np.uint8(0)})
    np.testing.assert_allclose(w, np.linalg.eigvalsh(h), rtol=_tol(dtype), atol=_tol(dtype))
    np.testing.assert_allclose(h @ v, v * w, rtol=_tol(dtype), atol=_tol(dtype) * 10)


@pytest.mark.parametrize("dtype", DTYPES)
def test_sytrd(dtype):
    a = _random((5, 5), dtype)
    h = a + np.conj(a.T)
    real = np.finfo(dtype).dtype
    results = [np.zeros_like(h), np.zeros(5, real), np.zeros(4, real), np.zeros(4, dtype),
               np.ones((), np.int32)]
    _handler("cusolver_sytrd_ffi")([h], results, {"lower": True})
    _, d, e, _, info = results
    tridiagonal = np.diag(d) + np.diag(e, 1) + np.diag(e, -1)
    assert info == 0
    np.testing.assert_allclose(np.linalg.eigvalsh(tridiagonal), np.linalg.eigvalsh(h),
                               rtol=_tol(dtype), atol=_tol(dtype) * 10)


def _svd_results(m, n, dtype, u_shape, v_shape):
    k = min(m, n)
    return [np.zeros((m, n), dtype), np.zeros(k, np.finfo(dtype).dtype),
            np.zeros(u_shape, dtype), np.zeros(v_shape, dtype), np.ones((), np.int32)]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5)])
@pytest.mark.parametrize("full", [True, False])
def test_gesvd_with_and_without_transposition(dtype, shape, full):
    m, n = shape
    k = min(m, n)
    a = _random(shape, dtype)
    transposed = m < n  # as jax's lowering asks: then the third result is vt
    u_shape, vt_shape = (m, m if full else k), (n if full else k, n)
    results = _svd_results(m, n, dtype, *((vt_shape, u_shape) if transposed
                                          else (u_shape, vt_shape)))
    _handler("cusolver_gesvd_ffi")([a], results, {"full_matrices": full, "compute_uv": True,
                                                  "transposed": transposed})
    _, s, first, second, info = results
    u, vt = (second, first) if transposed else (first, second)
    np.testing.assert_allclose(s, np.linalg.svd(a, compute_uv=False), rtol=_tol(dtype))
    np.testing.assert_allclose(u[:, :k] * s @ vt[:k], a, rtol=_tol(dtype),
                               atol=_tol(dtype) * 10)
    none = _svd_results(m, n, dtype, (), ())
    _handler("cusolver_gesvd_ffi")([a], none, {"full_matrices": full, "compute_uv": False,
                                               "transposed": transposed})
    np.testing.assert_allclose(none[1], s, rtol=_tol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("full", [True, False])
def test_rocm_divide_and_conquer_svd(dtype, full):
    # hipsolver_gesdd_ffi (SvdAlgorithm.DIVIDE_AND_CONQUER, ROCm only): gesvd's
    # results and attributes, never transposed.
    m, n = 3, 5
    k = min(m, n)
    a = _random((m, n), dtype)
    results = _svd_results(m, n, dtype, (m, m if full else k), (n if full else k, n))
    _handler("hipsolver_gesdd_ffi")([a], results, {
        "full_matrices": full, "compute_uv": True, "transposed": False})
    _, s, u, vt, info = results
    np.testing.assert_allclose(u[:, :k] * s @ vt[:k], a, rtol=_tol(dtype),
                               atol=_tol(dtype) * 10)
    assert "cusolver_gesdd_ffi" not in _names(gpu_solver, "CUDA")


@pytest.mark.parametrize("target", ["cusolver_gesvdj_ffi", "cusolver_gesvdp_ffi"])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("full", [True, False])
def test_gesvdj_and_gesvdp_return_v(target, dtype, full):
    a = _random((2, 4, 3), dtype)
    k = 3
    results = [np.zeros_like(a), np.zeros((2, k), np.finfo(dtype).dtype),
               np.zeros((2, 4, 4 if full else k), dtype), np.zeros((2, 3, 3), dtype),
               np.ones(2, np.int32)]
    _handler(target)([a], results, {"full_matrices": full, "compute_uv": True})
    _, s, u, v, info = results
    vt = np.conj(np.swapaxes(v, -1, -2))
    np.testing.assert_allclose((u[..., :k] * s[:, None, :]) @ vt[:, :k], a, rtol=_tol(dtype),
                               atol=_tol(dtype) * 10)
    with pytest.raises(ValueError, match="svd: u"):
        _handler(target)([a], [results[0], results[1], np.zeros((2, 4, 2), dtype), v,
                               results[4]], {"full_matrices": False, "compute_uv": True})


@pytest.mark.parametrize("dtype", DTYPES)
def test_hybrid_eig(dtype):
    a = _random((4, 4), dtype, seed=3)
    complex_dtype = np.result_type(dtype, np.complex64)
    real = np.dtype(dtype).kind == "f"
    eigenvalues = [np.zeros(4, dtype) for _ in range(2 if real else 1)]
    vl, vr = np.zeros((4, 4), complex_dtype), np.zeros((4, 4), complex_dtype)
    info = np.ones((), np.int32)
    target = "cuhybrid_eig_real" if real else "cuhybrid_eig_comp"
    _handler(target)([a], [*eigenvalues, vl, vr, info], {"magma": "off", "left": False,
                                                         "right": True})
    w = eigenvalues[0] + 1j * eigenvalues[1] if real else eigenvalues[0]
    np.testing.assert_allclose(a @ vr, vr * w, rtol=_tol(dtype) * 10, atol=_tol(dtype) * 10)


def _unpacked(w, vr):
    """LAPACK's real packing of eigenvectors undone: a complex pair's real and
    imaginary parts are in two adjacent columns (what jax does after geev)."""
    vectors = vr.astype(np.result_type(vr.dtype, np.complex64))
    j = 0
    while j < len(w):
        if w[j].imag != 0:
            vectors[:, j] = vr[:, j] + 1j * vr[:, j + 1]
            vectors[:, j + 1] = np.conj(vectors[:, j])
            j += 2
        else:
            j += 1
    return vectors


@pytest.mark.parametrize("dtype", DTYPES)
def test_cusolver_geev_packs_real_eigenvectors_as_lapack(dtype):
    # A rotation block guarantees a complex pair for real input.
    a = _random((2, 5, 5), dtype, seed=4)
    a[:, :2, :2] = [[0, -3], [3, 0]]
    a[:, 2:, :2] = 0
    complex_dtype = np.result_type(dtype, np.complex64)
    a_out, w = np.zeros_like(a), np.zeros((2, 5), complex_dtype)
    vl, vr, info = np.ones_like(a), np.zeros_like(a), np.ones(2, np.int32)
    _handler("cusolver_geev_ffi")([a], [a_out, w, vl, vr, info], {"left": False,
                                                                  "right": True})
    np.testing.assert_array_equal(info, [0, 0])
    np.testing.assert_array_equal(vl, 0)  # not asked for
    for b in range(2):
        assert (np.abs(w[b].imag) > 1).any() or np.dtype(dtype).kind == "c"
        vectors = vr[b] if np.dtype(dtype).kind == "c" else _unpacked(w[b], vr[b])
        np.testing.assert_allclose(a[b] @ vectors, vectors * w[b], rtol=_tol(dtype) * 10,
                                   atol=_tol(dtype) * 100)
    with pytest.raises(ValueError, match="geev: a"):
        _handler("cusolver_geev_ffi")([a[..., :4]], [a_out, w, vl, vr, info], {})


def test_cusolver_geev_is_cuda_only():
    assert "cusolver_geev_ffi" in _names(gpu_solver, "CUDA")
    assert not any("geev" in name for name in _names(gpu_solver, "ROCM"))


def test_csrlsvqr_solves_a_sparse_system():
    dense = np.array([[4.0, 1, 0], [1, 3, 0], [0, 0, 2]])
    indptr, indices = np.array([0, 2, 4, 5], np.int32), np.array([0, 1, 0, 1, 2], np.int32)
    data = dense[dense != 0]
    b, x = np.array([1.0, 2, 3]), np.zeros(3)
    _handler("cusolver_csrlsvqr_ffi")([data, indices, indptr, b], [x],
                                      {"tol": np.float64(0), "reorder": np.int32(1)})
    np.testing.assert_allclose(dense @ x, b)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_cholesky_update_matches_the_refactorization(dtype):
    a = _random((5, 5), dtype)
    spd = a @ a.T + 5 * np.eye(5, dtype=dtype)
    r = np.linalg.cholesky(spd).T.astype(dtype)
    w = _random(5, dtype, seed=1)
    r_out, w_out = np.zeros_like(r), np.zeros_like(w)
    _handler("cu_cholesky_update_ffi")([r, w], [r_out, w_out], {})
    np.testing.assert_allclose(r_out.T @ r_out, spd + np.outer(w, w), rtol=_tol(dtype) * 10,
                               atol=_tol(dtype) * 10)
    with pytest.raises(ValueError, match="cholesky_update"):
        _handler("cu_cholesky_update_ffi")([r, w[:3]], [r_out, w_out], {})


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("transpose", [False, True])
def test_syrk_updates_the_lower_triangle(dtype, transpose):
    a, c = _random((2, 4, 3), dtype), _random((2, 3, 3) if transpose else (2, 4, 4), dtype, 1)
    out = np.zeros_like(c)
    alpha, beta = np.array(2.0, dtype), np.array(0.5, dtype)
    _handler("cusolver_syrk_ffi")([a, c, alpha, beta], [out], {"transpose": transpose})
    at = np.swapaxes(a, -1, -2)
    want = 2 * (at @ a if transpose else a @ at) + 0.5 * c
    n = c.shape[-1]
    lower = np.tril(np.ones((n, n), bool))
    np.testing.assert_allclose(out[..., lower], want[..., lower], rtol=_tol(dtype))
    np.testing.assert_array_equal(out[..., ~lower], c[..., ~lower])
