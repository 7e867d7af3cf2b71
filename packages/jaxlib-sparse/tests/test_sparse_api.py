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
def test_gpu_handlers_raise_unimplemented_naming_the_gpu_backend(platform):
    for name, handler, _ in gpu_sparse.registrations()[platform]:
        with pytest.raises(XlaRuntimeError, match=rf"UNIMPLEMENTED: custom call '{name}'.*"
                                                  r"GPU backend \(jaxlib-gpu\)"):
            handler([np.zeros(3, np.float32)], [np.zeros(3, np.float32)], {})
