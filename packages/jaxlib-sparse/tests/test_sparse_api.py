"""The registration API of the sparse extra."""

import jaxlib
from jaxlib import cpu_sparse, gpu_sparse


def test_namespace_is_shared_with_core():
    from jaxlib import xla_client

    assert jaxlib.__version__ == "0.1.0"
    assert xla_client.make_cpu_client().platform == "cpu"


def test_registrations_shape():
    regs = cpu_sparse.registrations()
    assert set(regs) == {"cpu"}
    for name, fn, api_version in regs["cpu"]:
        assert name.startswith("cpu_") and api_version == 1 and fn is not None
    assert set(gpu_sparse.registrations()) == {"CUDA", "ROCM"}
