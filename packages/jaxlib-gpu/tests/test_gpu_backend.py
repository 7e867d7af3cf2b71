"""The GPU extra: plugin registration through the jax_plugins entry point."""

import os
import subprocess
import sys
import textwrap
import types

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


def test_rocm_gives_the_gpus_or_says_what_is_missing():
    if _gpu_present("rocm") and _cupy_present():
        import cupy

        if getattr(cupy.cuda.runtime, "is_hip", False):  # CuPy's ROCm build
            client = xla_client.make_gpu_client(platform_name="rocm")
            assert client.device_count() >= 1 and str(client.devices()[0]) == "rocm:0"
            return
    with pytest.raises(XlaRuntimeError, match="NOT_FOUND"):
        xla_client.make_gpu_client(platform_name="rocm")


def _fake_cupy(hip: bool, devices: int | None = 1):
    """What the client reads of a CuPy build: its maker, devices and pool."""

    def count():
        if devices is None:
            raise RuntimeError("hipErrorNoDevice")
        return devices

    props = {"name": b"AMD Instinct MI250X", "gcnArchName": b"gfx90a:sramecc+:xnack-",
             "major": 9, "minor": 0}
    runtime = types.SimpleNamespace(is_hip=hip, getDeviceCount=count,
                                    getDeviceProperties=lambda i: props,
                                    runtimeGetVersion=lambda: 60032830)
    pool = types.SimpleNamespace(set_limit=lambda **kw: None, get_limit=lambda: 0)
    return types.SimpleNamespace(__version__="13.6.0", cuda=types.SimpleNamespace(
        runtime=runtime), get_default_memory_pool=lambda: pool)


def test_rocm_runs_on_cupys_rocm_build(monkeypatch):
    from jaxlib import gpu_runtime

    monkeypatch.setitem(sys.modules, "cupy", None)  # not installed
    with pytest.raises(XlaRuntimeError, match="NOT_FOUND: the rocm backend needs CuPy "
                                              "built for ROCm"):
        gpu_runtime.make_client("rocm")
    monkeypatch.setitem(sys.modules, "cupy", _fake_cupy(hip=False))
    with pytest.raises(XlaRuntimeError, match=r"this CuPy \(13.6.0\) is built for CUDA"):
        gpu_runtime.make_client("rocm")
    monkeypatch.setitem(sys.modules, "cupy", _fake_cupy(hip=True))
    with pytest.raises(XlaRuntimeError, match="the cuda backend needs CuPy .* built for ROCm"):
        gpu_runtime.make_client("cuda")
    monkeypatch.setitem(sys.modules, "cupy", _fake_cupy(hip=True, devices=None))
    with pytest.raises(XlaRuntimeError, match="CuPy finds no ROCm device: hipErrorNoDevice"):
        gpu_runtime.make_client("rocm")
    monkeypatch.setitem(sys.modules, "cupy", _fake_cupy(hip=True, devices=2))
    with pytest.raises(XlaRuntimeError, match="none of the 2 ROCm devices is allowed"):
        gpu_runtime.make_client("rocm", allowed_devices={5})
    client = gpu_runtime.make_client("rocm", allowed_devices={1})
    (device,) = client.devices()
    assert client._raw_platform == "rocm" and str(device) == "rocm:0"
    assert device.local_hardware_id == 1 and device.device_kind == "AMD Instinct MI250X"
    assert device.compute_capability == "gfx90a"
    assert client.platform_version == "jaxlib-gpu rocm 60032830"


def test_rocm_leaves_nvidia_libraries_to_cupy(monkeypatch):
    """On CuPy's ROCm build the steps written for NVIDIA's libraries step
    aside, each saying why (vendor.py); CuPy's own paths remain."""
    import numpy as np

    from jaxlib.gpu_runtime import cublas, cudnn, fused, solver, vendor

    hip = _fake_cupy(hip=True)
    hip.matmul = np.matmul
    hip.RawKernel = lambda source, name: ("hiprtc", name)
    assert vendor.is_hip(hip) and not vendor.is_hip(np) and not vendor.is_hip(_fake_cupy(False))
    assert not fused.enabled(hip)  # fused groups op by op through CuPy
    assert fused.device_function(hip, "__global__ void k() {}", "k") == ("hiprtc", "k")
    monkeypatch.setitem(cublas._state, "status", "not used yet")
    assert cublas.matmul_for(hip) is np.matmul and "ROCm" in cublas.status()
    assert cublas.bf16_matmul_for(hip, np.uint16) is None
    monkeypatch.setitem(cudnn._state, "status", "not used yet")
    assert cudnn._handle(hip) is None and cudnn.status().startswith("im2col (ROCm")
    monkeypatch.setitem(solver._state, "status", "not used yet")
    assert solver._binding(hip) is None and solver.status().startswith("host (ROCm")


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


def test_sparse_solves_go_to_the_host_where_cupy_has_no_csrlsvqr(monkeypatch):
    # cuSOLVER's sparse QR is deprecated since CUDA 13: a CuPy without it
    # (here: no cupyx at all) solves on the host instead of failing the step.
    import numpy as np

    from jaxlib._src.frontends.mlir_text import parse_module
    from jaxlib.gpu_runtime import sparse

    class Stream:
        @staticmethod
        def is_capturing():
            return False

    class StandIn:  # CuPy's spelling over numpy arrays
        cuda = types.SimpleNamespace(get_current_stream=Stream, runtime=types.SimpleNamespace(
            is_hip=False))
        asnumpy = staticmethod(np.asarray)

        def __getattr__(self, name):
            return getattr(np, name)

    monkeypatch.setitem(sys.modules, "cupyx", None)  # (import cupyx raises ImportError)
    monkeypatch.setattr(sparse, "_state", {})
    v, i, p = "tensor<4xf64>", "tensor<4xi32>", "tensor<4xi32>"
    module = parse_module(
        f"func.func @main(%d: {v}, %i: {i}, %p: {p}, %b: tensor<3xf64>) -> tensor<3xf64> {{\n"
        f"  %0 = stablehlo.custom_call @cusolver_csrlsvqr_ffi(%d, %i, %p, %b) "
        f"{{api_version = 4 : i32, backend_config = {{reorder = 1 : i32, tol = 1.0e-06 : f64}}}}"
        f" : ({v}, {i}, {p}, tensor<3xf64>) -> tensor<3xf64>\n"
        f"  return %0 : tensor<3xf64>\n}}\n")
    op = next(o for o in module.walk() if o.name == "stablehlo.custom_call")
    kernel = sparse._sparse_solve(op, StandIn())
    # [[2, 0, 1], [0, 3, 0], [0, 0, 4]] x = [4, 6, 8]
    data = np.array([2.0, 1.0, 3.0, 4.0])
    (x,) = kernel(data, np.array([0, 2, 1, 2], np.int32), np.array([0, 2, 3, 4], np.int32),
                  np.array([4.0, 6.0, 8.0]))
    np.testing.assert_allclose(x, [1.0, 2.0, 2.0])
    assert sparse._state["csrlsvqr"].startswith("host (ModuleNotFoundError")
