"""The jaxlib.lapack API of the linalg extra."""

import numpy as np
import pytest

import jaxlib
from jaxlib import gpu_linalg, gpu_solver, lapack


def test_namespace_is_shared_with_core():
    from jaxlib import xla_client

    assert jaxlib.__version__ == "0.1.0"
    assert xla_client.make_cpu_client().device_count() == 1


@pytest.mark.parametrize(
    "dtype, name",
    [(np.float32, "lapack_sgetrf_ffi"), (np.float64, "lapack_dgetrf_ffi"),
     (np.complex64, "lapack_cgetrf_ffi"), (np.complex128, "lapack_zgetrf_ffi")],
)
def test_target_names(dtype, name):
    assert lapack.prepare_lapack_call("getrf_ffi", dtype) == name
    assert lapack.build_lapack_fn_target("getrf_ffi", np.dtype(dtype)) == name
    assert lapack.LAPACK_DTYPE_PREFIX[dtype] == name[7]


def test_unsupported_dtype():
    with pytest.raises(ValueError, match="int32"):
        lapack.prepare_lapack_call("getrf_ffi", np.int32)


def test_registrations_list_only_present_kernels():
    regs = lapack.registrations()
    assert set(regs) == {"cpu"}
    for name, fn, api_version in regs["cpu"]:
        assert name.startswith("lapack_") and api_version == 1 and fn is not None
    assert isinstance(lapack.batch_partitionable_targets(), list)
    for module in (gpu_linalg, gpu_solver):
        assert set(module.registrations()) == {"CUDA", "ROCM"}


def test_enums():
    modes = lapack.EigComputationMode
    assert modes.kComputeEigenvectors != modes.kNoEigenvectors
    assert int(lapack.SchurComputationMode.kComputeSchurVectors) == 1
    assert int(lapack.SchurSort.kSortEigenvalues) == 1
