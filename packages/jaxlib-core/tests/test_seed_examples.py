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


HLO_TEXT = """
HloModule add_module

ENTRY add_computation {
  x = f32[3] parameter(0)
  y = f32[3] parameter(1)
  ROOT add = f32[3] add(x, y)
}
"""


def test_seed_003_basic_compilation_and_execution(capsys):
    client = xla_client.make_cpu_client()
    device = client.local_devices()[0]
    hlo_text = HLO_TEXT
    executable = client.compile_and_load(
        hlo_text,
        executable_devices=[device]
    )
    a = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    b = np.array([4.0, 5.0, 6.0], dtype=np.float32)
    buffer_a = client.buffer_from_pyval(a, device=device)
    buffer_b = client.buffer_from_pyval(b, device=device)
    result_buffers = executable.execute([buffer_a, buffer_b])
    result = np.array(result_buffers[0])
    print(f"Result: {result}")  # [5.0, 7.0, 9.0]
    assert capsys.readouterr().out == "Result: [5. 7. 9.]\n"


def test_seed_003_compilation_with_options(capsys):
    hlo_text = HLO_TEXT
    client = xla_client.make_cpu_client()
    devices = client.local_devices()
    compile_options = xla_client.CompileOptions()
    compile_options.num_replicas = 1
    compile_options.num_partitions = 1
    build_options = xla_client.ExecutableBuildOptions()
    build_options.debug_options.xla_backend_optimization_level = 2
    build_options.debug_options.xla_dump_hlo_as_text = True
    compile_options.executable_build_options = build_options
    executable = client.compile_and_load(
        hlo_text,
        executable_devices=devices[:1],
        compile_options=compile_options
    )
    stats = executable.get_compiled_memory_stats()
    print(f"Generated code size: {stats.generated_code_size_in_bytes} bytes")
    print(f"Argument size: {stats.argument_size_in_bytes} bytes")
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Generated code size: ") and int(out[0].split()[3]) > 0
    assert out[1] == "Argument size: 24 bytes"
    restored = xla_client.CompileOptions.ParseFromString(compile_options.SerializeAsString())
    debug = restored.executable_build_options.debug_options
    assert debug.xla_backend_optimization_level == 2 and debug.xla_dump_hlo_as_text is True


def test_seed_003_sharded_execution(capsys):
    client = xla_client.make_cpu_client(num_devices=2)
    devices = client.local_devices()
    if len(devices) >= 2:
        hlo_sharded = """
    HloModule sharded_add

    ENTRY computation {
      x = f32[2] parameter(0)
      y = f32[2] parameter(1)
      ROOT add = f32[2] add(x, y)
    }
    """
        executable = client.compile_and_load(
            hlo_sharded,
            executable_devices=devices[:2]
        )
        shard1_a = client.buffer_from_pyval(np.array([1.0, 2.0], dtype=np.float32), devices[0])
        shard1_b = client.buffer_from_pyval(np.array([3.0, 4.0], dtype=np.float32), devices[0])
        shard2_a = client.buffer_from_pyval(np.array([5.0, 6.0], dtype=np.float32), devices[1])
        shard2_b = client.buffer_from_pyval(np.array([7.0, 8.0], dtype=np.float32), devices[1])
        sharded_args = [[shard1_a, shard1_b], [shard2_a, shard2_b]]
        results = executable.execute_sharded(sharded_args)
        output_arrays = results.disassemble_into_single_device_arrays()
        for i, device_output in enumerate(output_arrays):
            result = np.array(device_output[0])
            print(f"Device {i} result: {result}")
        # output-major: output 0's per-device arrays; device 0 computed [1+3, 2+4]
        assert [a.device.id for a in output_arrays[0]] == [0, 1]
        np.testing.assert_array_equal(np.asarray(output_arrays[0][1]), [12.0, 14.0])
    assert capsys.readouterr().out == "Device 0 result: [4. 6.]\n"


def test_seed_003_executable_serialization(capsys):
    hlo_text = HLO_TEXT
    client = xla_client.make_cpu_client()
    device = client.local_devices()[0]
    executable = client.compile_and_load(hlo_text, [device])
    serialized = client.serialize_executable(executable)
    print(f"Serialized size: {len(serialized)} bytes")
    restored_executable = client.deserialize_executable(
        serialized,
        executable_devices=[device],
        options=None
    )
    buffer_a = client.buffer_from_pyval(np.array([1.0, 2.0, 3.0], np.float32), device=device)
    buffer_b = client.buffer_from_pyval(np.array([4.0, 5.0, 6.0], np.float32), device=device)
    result = restored_executable.execute([buffer_a, buffer_b])
    np.testing.assert_array_equal(np.asarray(result[0]), [5.0, 7.0, 9.0])
    assert capsys.readouterr().out.startswith("Serialized size: ")
