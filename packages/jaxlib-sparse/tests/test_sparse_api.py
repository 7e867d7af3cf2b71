"""The registration API of the sparse extra: the CPU kernel and the GPU names."""

import json
from pathlib import Path

import numpy as np
import pytest

import jaxlib
from jaxlib import cpu_sparse, gpu_sparse, xla_client
from jaxlib._src.base.errors import XlaRuntimeError

GPU_TARGETS = json.loads((Path(__file__).parent / "corpus" / "gpu_targets.json").read_text())


def test_namespace_is_shared_with_core():
    assert jaxlib.__version__ == "0.10.2"  # the jaxlib API level core implements
    assert xla_client.make_cpu_client().platform == "cpu"


def test_cpu_registrations_name_the_csr_kernel():
    regs = cpu_sparse.registrations()
    assert list(regs) == ["cpu"]
    assert [(name, api) for name, _, api in regs["cpu"]] == [("cpu_csr_sparse_dense_ffi", 1)]
    assert callable(regs["cpu"][0][1])


def test_importing_cpu_sparse_registered_the_kernel_with_core():
    targets = xla_client.custom_call_targets("cpu")
    assert targets["cpu_csr_sparse_dense_ffi"] is cpu_sparse.csr_sparse_dense


def test_gpu_registrations_are_the_names_the_reference_lowering_emits():
    regs = gpu_sparse.registrations()
    assert set(regs) == {"CUDA", "ROCM"}
    for platform, recorded in (("CUDA", "cuda"), ("ROCM", "rocm")):
        names = [name for name, _, _ in regs[platform]]
        assert names == sorted(GPU_TARGETS["targets"][recorded])
        assert all(api == 1 for _, _, api in regs[platform])
    assert "cusparse_csr_matmat_ffi" in gpu_sparse.TARGET_NAMES["CUDA"]
    assert gpu_sparse.batch_partitionable_targets() == ["cusparse_gtsv2_ffi",
                                                        "hipsparse_gtsv2_ffi"]


def _handler(platform: str, name: str):
    (handler,) = [fn for n, fn, _ in gpu_sparse.registrations()[platform] if n == name]
    return handler


@pytest.mark.parametrize("platform, module", [("CUDA", "_cusparse"), ("ROCM", "_hipsparse")])
@pytest.mark.parametrize("dtype", [np.float32, np.complex64])
def test_gpu_coo_and_csr_kernels_compute_as_cusparse(platform, module, dtype):
    # Descriptors as jax's GPU lowering asks for them; entries at one position add up.
    prefix = "cusparse" if platform == "CUDA" else "hipsparse"
    builders = getattr(gpu_sparse, module)
    rng = np.random.RandomState(0)
    dense = (rng.standard_normal((4, 5)) * (rng.rand(4, 5) < 0.4)).astype(dtype)
    row, col = np.nonzero(dense)
    nnz = row.size
    data = dense[row, col]
    x, b = rng.standard_normal(5).astype(dtype), rng.standard_normal((5, 3)).astype(dtype)
    i32 = np.dtype(np.int32)
    indptr = np.r_[0, np.cumsum(np.bincount(row, minlength=4))].astype(np.int32)

    size, opaque = builders.build_coo_todense_descriptor(dense.dtype, i32, 4, 5, nnz)
    out = np.full((4, 5), 7, dtype)
    _handler(platform, f"{prefix}_coo_todense_ffi")(
        [data, row.astype(np.int32), col.astype(np.int32)], [out, np.zeros(size, np.int8)],
        {"opaque": opaque})
    np.testing.assert_array_equal(out, dense)

    _, opaque = builders.build_csr_fromdense_descriptor(dense.dtype, i32, 4, 5, nnz + 2)
    got = [np.zeros(nnz + 2, dtype), np.zeros(nnz + 2, np.int32), np.zeros(5, np.int32)]
    _handler(platform, f"{prefix}_csr_fromdense_ffi")([dense], [*got, np.zeros(0, np.int8)],
                                                      {"opaque": opaque})
    np.testing.assert_array_equal(got[0], np.r_[data, 0, 0])
    np.testing.assert_array_equal(got[1], np.r_[col, 0, 0])
    np.testing.assert_array_equal(got[2], indptr)

    for transpose, vector, expected in [(False, x, dense @ x), (True, x[:4], dense.T @ x[:4])]:
        _, opaque = builders.build_csr_matvec_descriptor(dense.dtype, dense.dtype, dense.dtype,
                                                         i32, 4, 5, nnz, transpose)
        y = np.zeros(expected.shape, dtype)
        _handler(platform, f"{prefix}_csr_matvec_ffi")(
            [data, col.astype(np.int32), indptr, vector], [y, np.zeros(0, np.int8)],
            {"opaque": opaque})
        np.testing.assert_allclose(y, expected, rtol=1e-5)

    doubled = (np.r_[row, row[:1]], np.r_[col, col[:1]], np.r_[data, data[:1]])
    _, opaque = builders.build_coo_matmat_descriptor(dense.dtype, dense.dtype, dense.dtype, i32,
                                                     4, 5, 3, nnz + 1, False, 1, nnz + 1, 15)
    c = np.zeros((4, 3), dtype)
    _handler(platform, f"{prefix}_coo_matmat_ffi")(
        [doubled[2], doubled[0].astype(np.int32), doubled[1].astype(np.int32), b],
        [c, np.zeros(0, np.int8)], {"opaque": opaque})
    twice = dense.copy()
    twice[row[0], col[0]] *= 2
    np.testing.assert_allclose(c, twice @ b, rtol=1e-5)

    _, csr_opaque = builders.build_csr_matvec_descriptor(dense.dtype, dense.dtype, dense.dtype,
                                                         i32, 4, 5, nnz, False)
    with pytest.raises(ValueError, match="descriptor is for 'csr_matvec', not coo_matvec"):
        _handler(platform, f"{prefix}_coo_matvec_ffi")(
            [data, row, col, x], [np.zeros(4, dtype), np.zeros(0, np.int8)],
            {"opaque": csr_opaque})
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED.*batch of 2"):
        builders.build_coo_matmat_descriptor(dense.dtype, dense.dtype, dense.dtype, i32,
                                             4, 5, 3, nnz, False, 2, nnz, 15)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_gtsv2_solves_tridiagonal_systems(dtype):
    rng = np.random.RandomState(0)
    dl, d, du = (rng.standard_normal((2, 5)).astype(dtype) for _ in range(3))
    d += 4
    dl[:, 0] = 0
    du[:, -1] = 0
    b = rng.standard_normal((2, 5, 3)).astype(dtype)
    x = np.zeros_like(b)
    (_, handler, _), = [t for t in gpu_sparse.registrations()["CUDA"] if t[0].endswith("gtsv2_ffi")]
    handler([dl, d, du, b], [x], {})
    for i in range(2):
        matrix = np.diag(d[i]) + np.diag(du[i, :-1], 1) + np.diag(dl[i, 1:], -1)
        tol = 1e-4 if dtype in (np.float32, np.complex64) else 1e-10
        np.testing.assert_allclose(matrix @ x[i], b[i], rtol=tol, atol=tol)
    with pytest.raises(ValueError, match="gtsv2"):
        handler([dl, d, du[:, :4], b], [x], {})
    # systems of one row (jax never emits them; a crafted program may), one singular
    one = np.zeros((2, 1, 3), dtype)
    handler([dl[:, :1], np.array([[2], [0]], dtype), du[:, :1], b[:, :1]], [one], {})
    np.testing.assert_allclose(one[0], b[0, :1] / 2)
    assert np.isnan(one[1]).all()


def test_gpu_targets_are_registered_with_core():
    for platform, canonical in (("CUDA", "cuda"), ("ROCM", "rocm")):
        registered = xla_client.custom_call_targets(canonical)
        for name, fn, _ in gpu_sparse.registrations()[platform]:
            assert registered[name] is fn
