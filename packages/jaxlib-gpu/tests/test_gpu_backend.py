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


def _cuda_usable():
    return _gpu_present("cuda") and _cupy_present()


def test_make_gpu_client_gives_the_gpus_or_says_what_is_missing():
    if _cuda_usable():
        client = xla_client.make_gpu_client(platform_name="cuda")
        # As jaxlib: the client's platform is "gpu"; its version and devices say CUDA.
        assert client.platform == "gpu" and client.device_count() >= 1
        assert "cuda" in client.platform_version.lower()
        assert str(client.devices()[0]) == "cuda:0"
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
    # Where CUDA and CuPy are present the cuda backend comes up and is the
    # default; elsewhere its factory fails quietly and the CPU stays.
    if _cuda_usable():
        assert out[0] == "['cpu', 'cuda']" and out[1] == "gpu"
    else:
        assert out[0] == "['cpu']" and out[1] == "cpu"
    assert out[2] == "cuda True" and out[3] == "rocm True"


def test_the_jax_plugin_factory_gives_the_client_or_says_what_is_missing():
    factory = gpu_backend._factory("cuda")
    if _cuda_usable():
        assert factory().platform == "gpu"
        return
    with pytest.raises(XlaRuntimeError) as info:
        factory()
    message = str(info.value)
    assert "CUDA" in message or "CuPy" in message, message


def test_tpu_factory_says_tpu_support_is_not_installed(monkeypatch):
    monkeypatch.delenv("TPU_LIBRARY_PATH", raising=False)
    if gpu_backend.tpu_library_path() is not None:
        pytest.skip("libtpu is installed here")
    with pytest.raises(XlaRuntimeError, match="NOT_FOUND: TPU support is not installed"):
        gpu_backend.make_tpu_client()


def test_tpu_factory_loads_libtpu_through_the_plugin_path(tmp_path):
    # A library that is not a PJRT plugin: loading names the missing entry symbol.
    # (A real libtpu loads; creating its client is then UNIMPLEMENTED: no PJRT C API
    # runtime in this jaxlib.)
    fake = tmp_path / "libtpu.so"
    fake.write_bytes(b"not a library")
    with pytest.raises(XlaRuntimeError, match="PJRT plugin 'tpu'"):
        gpu_backend.make_tpu_client(str(fake))


def test_tpu_is_registered_quietly_with_jaxlibs_registry():
    code = textwrap.dedent(
        """
        from jaxlib import xla_bridge
        xla_bridge.backends()
        print(xla_bridge.is_known_platform("tpu"), xla_bridge.default_backend())
        try:
            xla_bridge.get_backend("tpu")
        except RuntimeError as err:
            print(err)
        """
    )
    env = dict(os.environ, JAX_PLATFORMS="")
    env.pop("TPU_LIBRARY_PATH", None)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env).stdout.split("\n")
    assert out[0] == ("True gpu" if _cuda_usable() else "True cpu")
    assert "TPU support is not installed" in out[1] or "libtpu" in out[1]
