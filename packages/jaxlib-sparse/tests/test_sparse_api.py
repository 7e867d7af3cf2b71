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


@pytest.mark.parametrize("platform", ["CUDA", "ROCM"])
def test_gpu_bcoo_handlers_raise_unimplemented_naming_the_gpu_backend(platform):
    for name, handler, _ in gpu_sparse.registrations()[platform]:
        if name.endswith("gtsv2_ffi"):
            continue
        with pytest.raises(XlaRuntimeError, match=rf"UNIMPLEMENTED: custom call '{name}'.*"
                                                  r"GPU backend \(jaxlib-gpu\)"):
            handler([np.zeros(3, np.float32)], [np.zeros(3, np.float32)], {})


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


def test_gpu_targets_are_registered_with_core():
    for platform, canonical in (("CUDA", "cuda"), ("ROCM", "rocm")):
        registered = xla_client.custom_call_targets(canonical)
        for name, fn, _ in gpu_sparse.registrations()[platform]:
            assert registered[name] is fn
