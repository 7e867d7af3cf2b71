"""Compilation and execution through the client API (seed 003)."""

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib.xla_client import XlaRuntimeError

ADD_MLIR = """
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> (tensor<3xf32>) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}
"""

TWO_OUTPUTS = """
func.func public @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>)
    -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %0 = stablehlo.add %a, %b : tensor<2x2xf32>
  %1 = stablehlo.multiply %a, %b : tensor<2x2xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<2x2xf32>
}
"""

DONATING = """
func.func public @main(%a: tensor<4xf32> {tf.aliasing_output = 0 : i32},
                       %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}
"""

LOOP = """
func.func public @main(%x: tensor<f32>) -> tensor<f32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<1000> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %acc = %x) : tensor<i32>, tensor<f32>
   cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %i1 = stablehlo.add %i, %c1 : tensor<i32>
    %a1 = stablehlo.add %acc, %acc : tensor<f32>
    stablehlo.return %i1, %a1 : tensor<i32>, tensor<f32>
  }
  return %r#1 : tensor<f32>
}
"""

SPMD = """
module @jit_f attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x2xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"},
                         %arg1: tensor<4x2xf32> {mhlo.sharding = "{replicated}"})
      -> (tensor<4x2xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<4x2xf32>
    return %0 : tensor<4x2xf32>
  }
}
"""


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client(num_devices=2)


def _put(client, value, device=0):
    return client.buffer_from_pyval(np.asarray(value), client.devices()[device])


def test_execute_and_metadata(client):
    exe = client.compile_and_load(ADD_MLIR, client.devices()[:1])
    (out,) = exe.execute([_put(client, np.float32([1, 2, 3])), _put(client, np.float32([4, 5, 6]))])
    np.testing.assert_array_equal(np.asarray(out), [5, 7, 9])
    assert out.device is client.devices()[0]
    assert exe.client is client
    assert exe.local_devices() == client.devices()[:1]
    assert exe in client.live_executables()
    assert exe.get_output_memory_kinds() == [["device"]]
    assert exe.get_output_shardings() is None and exe.get_parameter_shardings() is None
    assert [str(layout) for layout in exe.get_parameter_layouts()] == ["{0}", "{0}"]
    assert exe.size_of_generated_code_in_bytes() > 0
    assert isinstance(exe.fingerprint, bytes) and len(exe.fingerprint) == 32
    assert exe.fingerprint == client.compile_and_load(ADD_MLIR, client.devices()[:1]).fingerprint
    exe.keep_alive()
    stats = exe.get_compiled_memory_stats()
    assert stats.argument_size_in_bytes == 24 and stats.output_size_in_bytes == 12
    assert "argument_size_in_bytes=24" in str(stats)
    costs = exe.cost_analysis()
    assert costs["flops"] == 3.0 and costs["bytes accessed"] == 36.0
    module = exe.hlo_modules()[0]
    text = module.to_string()
    assert text.startswith("HloModule jit_f, entry_computation_layout={(f32[3]{0}, f32[3]{0})"
                           "->f32[3]{0}}")
    assert "ENTRY %main" in text and "add(f32[3]{0} %Arg_0.1, f32[3]{0} %Arg_1.2)" in text
    assert "stablehlo.add" in module.to_mlir_text()


def test_two_outputs_and_tokens(client):
    exe = client.compile_and_load(TWO_OUTPUTS, client.devices()[:1])
    a = np.arange(4, dtype=np.float32).reshape(2, 2)
    outs, token = exe.execute_with_token([_put(client, a), _put(client, a)])
    token.block_until_ready()
    np.testing.assert_array_equal(np.asarray(outs[0]), a + a)
    np.testing.assert_array_equal(np.asarray(outs[1]), a * a)


def test_asynchronous_execution_returns_before_completion(client):
    exe = client.compile_and_load(LOOP, client.devices()[:1])
    (out,) = exe.execute([_put(client, np.float32(1.0))])
    assert isinstance(out.is_ready(), bool)
    assert float(np.asarray(out.block_until_ready())) == np.inf  # 2**1000 overflows f32


def test_argument_errors(client):
    exe = client.compile_and_load(ADD_MLIR, client.devices()[:1])
    good = _put(client, np.float32([1, 2, 3]))
    cases = [
        ([good], "expected 2 buffers"),
        ([good, _put(client, np.float32([1, 2]))], r"expected float32\[3\], got float32\[2\]"),
        ([good, _put(client, np.int32([1, 2, 3]))], r"expected float32\[3\], got int32\[3\]"),
        ([good, _put(client, np.float32([1, 2, 3]), device=1)], "is on CpuDevice"),
        ([good, np.float32([1, 2, 3])], "expected an array on a device"),
    ]
    for args, message in cases:
        with pytest.raises(XlaRuntimeError, match=message):
            exe.execute(args)
    deleted = _put(client, np.float32([1, 2, 3]))
    deleted.delete()
    with pytest.raises(XlaRuntimeError, match="deleted"):
        exe.execute([good, deleted])


def test_compile_errors(client):
    devices = client.devices()[:1]
    with pytest.raises(XlaRuntimeError, match=r"INVALID_ARGUMENT: cannot parse program: .*3:"):
        client.compile_and_load("func.func @main() {\n  return\n  %0 = \n}", devices)
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: op stablehlo.infeed_like"):
        client.compile_and_load(
            'func.func @main(%a: tensor<f32>) -> tensor<f32> {\n'
            '  %0 = "stablehlo.infeed_like"(%a) : (tensor<f32>) -> tensor<f32>\n'
            '  return %0 : tensor<f32>\n}', devices)
    with pytest.raises(XlaRuntimeError, match="bytecode"):
        client.compile_and_load(b"ML\xefR\x00\x01", devices)
    with pytest.raises(XlaRuntimeError, match="compile_options must be a CompileOptions"):
        client.compile_and_load(ADD_MLIR, devices, compile_options="fast")
    with pytest.raises(XlaRuntimeError, match="not a device of this client"):
        client.compile_and_load(ADD_MLIR, xla_client.make_cpu_client().devices())


def test_donation_deletes_the_input(client):
    exe = client.compile_and_load(DONATING, client.devices()[:1])
    a = _put(client, np.ones(4, np.float32))
    b = _put(client, np.full(4, 2, np.float32))
    (out,) = exe.execute([a, b])
    assert a.is_deleted() and not b.is_deleted()
    np.testing.assert_array_equal(np.asarray(out), [3, 3, 3, 3])
    with pytest.raises(XlaRuntimeError, match="donated"):
        np.asarray(a)
    assert exe.get_compiled_memory_stats().alias_size_in_bytes == 16


def test_serialization_round_trip_and_tampering(client):
    exe = client.compile_and_load(ADD_MLIR, client.devices()[:1])
    blob = client.serialize_executable(exe)
    assert blob == exe.serialize()
    restored = client.deserialize_executable(blob, client.devices()[:1], None)
    args = [_put(client, np.float32([1, 1, 1])), _put(client, np.float32([2, 2, 2]))]
    np.testing.assert_array_equal(np.asarray(restored.execute(args)[0]), [3, 3, 3])
    assert restored.fingerprint == exe.fingerprint
    tampered = bytearray(blob)
    tampered[-5] ^= 0xFF
    for bad, message in [(b"garbage", "bad magic"), (bytes(tampered), "checksum"),
                         (blob[:-3], "truncated"), (blob + b"x", "trailing")]:
        with pytest.raises(XlaRuntimeError, match=message):
            client.deserialize_executable(bad, client.devices()[:1], None)
    future = bytearray(blob)
    future[8] = 99  # the envelope's format version
    with pytest.raises(XlaRuntimeError, match="format version 99"):
        client.deserialize_executable(bytes(future), client.devices()[:1], None)


def test_sharded_tokens_are_found_by_device_index(client):
    # jax pairs get_token(i) with its i-th local device of the execution.
    device = client.devices()[1]
    exe = client.compile_and_load(ADD_MLIR, [device])
    a, b = _put(client, np.float32([1, 2, 3]), 1), _put(client, np.float32([1, 1, 1]), 1)
    results = exe.execute_sharded([[a], [b]], with_tokens=True)
    token = results.consume_token()
    token.get_token(0).block_until_ready()
    with pytest.raises(XlaRuntimeError, match="no token for device index 1"):
        token.get_token(1)


def test_execute_sharded_replicas(client):
    exe = client.compile_and_load(ADD_MLIR, client.devices())
    a0, b0 = _put(client, np.float32([1, 2, 3]), 0), _put(client, np.float32([1, 1, 1]), 0)
    a1, b1 = _put(client, np.float32([4, 5, 6]), 1), _put(client, np.float32([2, 2, 2]), 1)
    results = exe.execute_sharded([[a0, a1], [b0, b1]], with_tokens=True)
    assert len(results) == 1
    token = results.consume_token()
    token.block_until_ready()
    token.get_token(1).block_until_ready()
    (per_device,) = results.disassemble_into_single_device_arrays()
    assert [x.device.id for x in per_device] == [0, 1]
    np.testing.assert_array_equal(np.asarray(per_device[0]), [2, 3, 4])
    np.testing.assert_array_equal(np.asarray(per_device[1]), [6, 7, 8])
    with pytest.raises(XlaRuntimeError, match="already consumed"):
        results.disassemble_into_single_device_arrays()
    again = exe.execute_sharded([[a0, a1], [b0, b1]])
    handled = again.consume_with_handlers([lambda arrays: [np.asarray(x) for x in arrays]])
    np.testing.assert_array_equal(handled[0][1], [6, 7, 8])
    prefix = exe.execute_sharded([[a0, a1], [b0, b1]])
    assert len(prefix.disassemble_prefix_into_single_device_arrays(0)) == 0
    assert len(prefix.disassemble_prefix_into_single_device_arrays(1)) == 1
    assert prefix.disassemble_into_single_device_arrays() == []  # the rest: none left
    with pytest.raises(XlaRuntimeError, match="one array per device"):
        exe.execute_sharded([[a0, a0], [b0, b1]])


def test_execute_sharded_spmd_global_view(client):
    exe = client.compile_and_load(SPMD, client.devices())
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    y = np.full((4, 2), 3, np.float32)
    results = exe.execute_sharded([
        [_put(client, x[:2], 0), _put(client, x[2:], 1)],
        [_put(client, y, 0), _put(client, y, 1)],
    ])
    (per_device,) = results.disassemble_into_single_device_arrays()
    np.testing.assert_array_equal(np.asarray(per_device[0]), 3 * x[:2])
    np.testing.assert_array_equal(np.asarray(per_device[1]), 3 * x[2:])
    shardings = exe.get_output_shardings()
    assert str(xla_client.HloSharding.from_proto(shardings[0])) == "{devices=[2,1]<=[2]}"
    params = exe.get_parameter_shardings()
    assert xla_client.HloSharding.from_proto(params[1]).is_replicated()
    with pytest.raises(XlaRuntimeError, match="shard shape"):
        exe.execute_sharded([[_put(client, x, 0), _put(client, x, 1)],
                             [_put(client, y, 0), _put(client, y, 1)]])


def test_device_count_must_match_the_program(client):
    with pytest.raises(XlaRuntimeError, match="2 partitions"):
        client.compile_and_load(SPMD, client.devices()[:1]).execute([])


def test_compile_without_loading(client):
    exe = client.compile(ADD_MLIR, client.devices()[:1])
    assert exe.get_compiled_memory_stats().output_size_in_bytes == 12
    assert exe.fingerprint == client.compile_and_load(ADD_MLIR, client.devices()[:1]).fingerprint


def test_run_time_failure_surfaces_on_the_outputs(client):
    def explode(x):
        raise ValueError("the target refused")

    xla_client.register_custom_call_target("test_exec_explode", explode, platform="cpu")
    program = """
    func.func public @main(%a: tensor<2xf32>) -> tensor<2xf32> {
      %0 = stablehlo.custom_call @test_exec_explode(%a) : (tensor<2xf32>) -> tensor<2xf32>
      return %0 : tensor<2xf32>
    }
    """
    exe = client.compile_and_load(program, client.devices()[:1])
    outs, token = exe.execute_with_token([_put(client, np.float32([1, 2]))])
    for wait in (token.block_until_ready, outs[0].block_until_ready):
        with pytest.raises(XlaRuntimeError) as info:
            wait()
        message = str(info.value)
        assert "the target refused" in message and "test_exec_explode" in message
        assert "At:" not in message and message.count("INTERNAL") <= 1


POLYMORPHIC = """
func.func public @main(%n: tensor<i64>, %x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = stablehlo.multiply %x, %x : tensor<?x3xf32>
  %s = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
  return %0 : tensor<?x3xf32>
}
"""


def test_shape_polymorphic_program_is_refined_per_signature_and_cached(client):
    exe = client.compile_and_load(POLYMORPHIC, client.devices()[:1])
    for rows in (2, 5, 2):
        x = np.arange(rows * 3, dtype=np.float32).reshape(rows, 3)
        (out,) = exe.execute([_put(client, np.int64(rows)), _put(client, x)])
        assert out.shape == (rows, 3)
        np.testing.assert_array_equal(np.asarray(out), x * x)
    assert len(exe._compiled.specializations) == 2  # (2, 3) and (5, 3), compiled once each
    with pytest.raises(XlaRuntimeError, match=r"expected float32\[\?, 3\]"):
        exe.execute([_put(client, np.int64(2)), _put(client, np.ones((2, 4), np.float32))])


def test_debug_options_dump_the_compiled_module(client, tmp_path):
    options = xla_client.CompileOptions()
    debug = options.executable_build_options.debug_options
    debug.xla_dump_to = str(tmp_path / "dumps")
    debug.xla_dump_hlo_as_text = True
    client.compile_and_load(ADD_MLIR, client.devices()[:1], options)
    dumped = sorted(p.name for p in (tmp_path / "dumps").iterdir())
    assert [n.rsplit(".", 1)[1] for n in dumped] == ["mlir", "txt"]
    hlo = next((tmp_path / "dumps").glob("*.txt")).read_text()
    assert hlo.startswith("HloModule jit_f") and "add(" in hlo
    debug.xla_dump_hlo_module_re = "^other$"
    debug.xla_dump_to = str(tmp_path / "none")
    client.compile_and_load(ADD_MLIR, client.devices()[:1], options)
    assert not (tmp_path / "none").exists()
    debug.xla_dump_hlo_module_re = ""
    debug.xla_dump_hlo_as_proto = True
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: xla_dump_hlo_as_proto"):
        client.compile_and_load(ADD_MLIR, client.devices()[:1], options)


def test_compilations_are_cached_in_memory(client):
    from jaxlib._src.compiler import pipeline

    pipeline.clear_compilation_cache()
    first = client.compile_and_load(ADD_MLIR, client.devices()[:1])
    again = client.compile_and_load(ADD_MLIR, client.devices()[:1])
    assert again._compiled is first._compiled
    assert pipeline.compilation_cache_size() == 1
    options = xla_client.CompileOptions()
    options.executable_build_options.debug_options.xla_backend_optimization_level = 1
    other = client.compile_and_load(ADD_MLIR, client.devices()[:1], options)
    assert other._compiled is not first._compiled  # options are part of the key
    pipeline.clear_compilation_cache()
    fresh = client.compile_and_load(ADD_MLIR, client.devices()[:1])
    assert fresh._compiled is not first._compiled
    args = [_put(client, np.float32([1, 2, 3])), _put(client, np.float32([1, 1, 1]))]
    np.testing.assert_array_equal(np.asarray(again.execute(args)[0]), [2, 3, 4])


def test_large_results_sit_on_huge_page_boundaries(client):
    # host_memory.h: from 4 MiB up, buffers start on a 2 MiB boundary (and are
    # advised to use transparent huge pages); smaller ones on 64 bytes.
    text = """
    func.func public @main(%x: tensor<1024x1024xf32>, %y: tensor<8xf32>)
        -> (tensor<1024x1024xf32>, tensor<8xf32>) {
      %0 = stablehlo.negate %x : tensor<1024x1024xf32>
      %1 = stablehlo.negate %y : tensor<8xf32>
      return %0, %1 : tensor<1024x1024xf32>, tensor<8xf32>
    }
    """
    device = client.devices()[0]
    executable = client.compile_and_load(text, [device])
    x = np.arange(1 << 20, dtype=np.float32).reshape(1024, 1024)
    y = np.arange(8, dtype=np.float32)
    big, small = executable.execute([client.buffer_from_pyval(v, device) for v in (x, y)])
    assert big.unsafe_buffer_pointer() % (2 << 20) == 0
    assert small.unsafe_buffer_pointer() % 64 == 0
    np.testing.assert_array_equal(np.asarray(big), -x)
    np.testing.assert_array_equal(np.asarray(small), -y)
