"""The seed examples that need no compiler, run verbatim (output checked)."""

import numpy as np

import jaxlib
from jaxlib import xla_client


def test_seed_002_basic_usage(capsys):
    client = xla_client.make_cpu_client()

    data_a = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    data_b = np.array([4.0, 5.0, 6.0], dtype=np.float32)

    buffer_a = client.buffer_from_pyval(data_a)
    buffer_b = client.buffer_from_pyval(data_b)

    print("JaxLib version:", jaxlib.__version__)
    print("Available devices:", client.devices())
    print("Platform:", client.platform)
    out = capsys.readouterr().out
    assert f"JaxLib version: {jaxlib.__version__}" in out
    assert "Available devices: [CpuDevice(id=0)]" in out
    assert "Platform: cpu" in out
    np.testing.assert_array_equal(np.asarray(buffer_a) + np.asarray(buffer_b), [5, 7, 9])


def test_seed_004_array_properties(capsys):
    client = xla_client.make_cpu_client()
    devices = client.local_devices()
    data = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)
    buffer = client.buffer_from_pyval(data, device=devices[0])
    print(f"Array shape: {buffer.shape}")
    print(f"Array dtype: {buffer.dtype}")
    print(f"On-device size: {buffer.on_device_size_in_bytes()} bytes")
    buffer.block_until_ready()
    print(f"Array is ready: {buffer.is_ready()}")
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "Array shape: (2, 2)",
        "Array dtype: float32",
        "On-device size: 16 bytes",
        "Array is ready: True",
    ]


def test_seed_004_batched_block_until_ready(capsys):
    client = xla_client.make_cpu_client()
    devices = client.local_devices()
    arrays = [
        client.buffer_from_pyval(np.array([1.0, 2.0]), devices[0]),
        client.buffer_from_pyval(np.array([3.0, 4.0]), devices[0]),
        client.buffer_from_pyval(np.array([5.0, 6.0]), devices[0]),
    ]
    xla_client.batched_block_until_ready(arrays)
    print("All arrays are ready")
    for i, arr in enumerate(arrays):
        print(f"Array {i}: ready={arr.is_ready()}")
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "All arrays are ready", "Array 0: ready=True", "Array 1: ready=True",
        "Array 2: ready=True",
    ]


def test_seed_000_basic_client_setup(capsys):
    cpu_client = xla_client.make_cpu_client(asynchronous=True)
    print(f"CPU devices: {cpu_client.local_devices()}")
    try:
        gpu_client = xla_client.make_gpu_client(platform_name='cuda')
        print(f"GPU devices: {gpu_client.local_devices()}")
    except Exception as e:
        print(f"GPU not available: {e}")
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "CPU devices: [CpuDevice(id=0)]"
    assert out[1].startswith("GPU not available: ")


def test_seed_003_compile_options_without_compiling():
    compile_options = xla_client.CompileOptions()
    compile_options.num_replicas = 1
    compile_options.num_partitions = 1
    build_options = xla_client.ExecutableBuildOptions()
    build_options.debug_options.xla_backend_optimization_level = 2
    build_options.debug_options.xla_dump_hlo_as_text = True
    compile_options.executable_build_options = build_options
    restored = xla_client.CompileOptions.ParseFromString(compile_options.SerializeAsString())
    debug = restored.executable_build_options.debug_options
    assert debug.xla_backend_optimization_level == 2
    assert debug.xla_dump_hlo_as_text is True
