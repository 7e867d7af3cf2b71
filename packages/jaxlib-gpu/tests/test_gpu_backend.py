"""The GPU extra: plugin registration through the jax_plugins entry point."""

import os
import subprocess
import sys
import textwrap

import pytest

from jaxlib import gpu_backend, xla_client
from jaxlib.xla_client import XlaRuntimeError


def _gpu_present(platform):
    module = __import__(f"jaxlib.{platform}", fromlist=["device_count"])
    try:
        return module.device_count() > 0
    except XlaRuntimeError:
        return False


def test_make_gpu_client_reports_the_missing_runtime_or_missing_execution():
    with pytest.raises(XlaRuntimeError) as info:
        xla_client.make_gpu_client(platform_name="cuda")
    if _gpu_present("cuda"):
        assert "UNIMPLEMENTED" in str(info.value)
    else:
        assert "CUDA" in str(info.value)


def test_unknown_platform_name():
    with pytest.raises(ValueError, match="unknown GPU platform 'metal'"):
        gpu_backend.make_gpu_client(platform_name="metal")


def test_entry_point_registers_cuda_and_rocm_quietly():
    code = textwrap.dedent(
        """
        from jaxlib import xla_bridge
        backends = xla_bridge.backends()
        print(sorted(backends))
        print(xla_bridge.default_backend())
        for p in ("cuda", "rocm"):
            print(p, xla_bridge.is_known_platform(p))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=dict(os.environ, JAX_PLATFORMS="")).stdout.split("\n")
    if not (_gpu_present("cuda") or _gpu_present("rocm")):
        assert out[0] == "['cpu']"
        assert out[1] == "cpu"
    assert out[2] == "cuda True" and out[3] == "rocm True"
