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


def _cupy_present():
    try:
        import cupy  # noqa: F401
    except ImportError:
        return False
    return True


def test_make_gpu_client_gives_the_gpus_or_says_what_is_missing():
    if _gpu_present("cuda") and _cupy_present():
        client = xla_client.make_gpu_client(platform_name="cuda")
        assert client.platform == "cuda" and client.device_count() >= 1
        return
    with pytest.raises(XlaRuntimeError) as info:
        xla_client.make_gpu_client(platform_name="cuda")
    message = str(info.value)
    assert "CUDA" in message or "CuPy" in message, message


def test_rocm_execution_is_an_explicit_error_where_rocm_is_present():
    if not _gpu_present("rocm"):
        with pytest.raises(XlaRuntimeError):
            xla_client.make_gpu_client(platform_name="rocm")
        return
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: executing on ROCm"):
        xla_client.make_gpu_client(platform_name="rocm")


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
    # With or without GPUs jax stays on the CPU: the cuda client is not a jax
    # backend yet, and its factory fails quietly saying so.
    assert out[0] == "['cpu']"
    assert out[1] == "cpu"
    assert out[2] == "cuda True" and out[3] == "rocm True"


def test_the_jax_plugin_factory_says_why_it_is_not_used():
    factory = gpu_backend._factory("cuda")
    with pytest.raises(XlaRuntimeError) as info:
        factory()
    message = str(info.value)
    assert "not a jax backend yet" in message or "CUDA" in message or "CuPy" in message
