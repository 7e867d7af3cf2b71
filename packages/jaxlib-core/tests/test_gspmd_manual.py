"""GSPMD manual regions: shard_map lowered without Shardy, between
``custom_call @SPMDFullToShardShape`` and ``custom_call @SPMDShardToFullShape``,
rewritten by passes/gspmd_manual.py into per-device ops and run with their
collectives through the client API."""

# ruff: noqa: E501  (the programs are MLIR text, one op a line)

from __future__ import annotations

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.core import structural_key, verify_module
from jaxlib._src.passes.gspmd_manual import MANUAL_REGION_OP, rewrite_manual_regions
from jaxlib._src.runtime.sharding import GSPMDSharding, HloSharding
from jaxlib.xla_client import XlaRuntimeError

HEADER = "module @m attributes {{mhlo.num_partitions = {n} : i32, mhlo.num_replicas = 1 : i32}}"

# psum of per-device column sums; the reduce's init constant is defined before
# the region and also used by global code after it (copied in, kept outside).
PSUM = HEADER.format(n=2) + """ {
  func.func public @main(%arg0: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"})
      -> (tensor<4xf32> {mhlo.sharding = "{replicated}"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<8x4xf32>) -> tensor<4x4xf32>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
    %3 = "stablehlo.all_reduce"(%2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    %4 = stablehlo.custom_call @Sharding(%3) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<4xf32>) -> tensor<4xf32>
    %5 = stablehlo.custom_call @SPMDShardToFullShape(%4) {backend_config = "", mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
    %6 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
    %7 = stablehlo.add %5, %6 : tensor<4xf32>
    return %7 : tensor<4xf32>
  }
}
"""

# all_gather of the shards, each device then scales by its axis index + 1
# (partition_id, defined before the entry: copied into the region).
ALL_GATHER = HEADER.format(n=4) + """ {
  func.func public @main(%arg0: tensor<8xf32> {mhlo.sharding = "{devices=[4]<=[4]}"})
      -> (tensor<32xf32> {mhlo.sharding = "{devices=[4]<=[4]}"}) {
    %p = stablehlo.partition_id : tensor<ui32>
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", mhlo.sharding = "{devices=[4]<=[4]}"} : (tensor<8xf32>) -> tensor<8xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<8xf32>) -> tensor<2xf32>
    %2 = "stablehlo.all_gather"(%1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<2xf32>) -> tensor<8xf32>
    %c = stablehlo.constant dense<1> : tensor<ui32>
    %3 = stablehlo.add %p, %c : tensor<ui32>
    %4 = stablehlo.convert %3 : (tensor<ui32>) -> tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %6 = stablehlo.multiply %2, %5 : tensor<8xf32>
    %7 = stablehlo.custom_call @Sharding(%6) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<8xf32>) -> tensor<8xf32>
    %8 = stablehlo.custom_call @SPMDShardToFullShape(%7) {backend_config = "", mhlo.sharding = "{devices=[4]<=[4]}"} : (tensor<8xf32>) -> tensor<32xf32>
    return %8 : tensor<32xf32>
  }
}
"""

# ppermute-style ring shift (collective_permute); the entry takes the
# argument directly (its mhlo.sharding says how it is split).
PPERMUTE = HEADER.format(n=4) + """ {
  func.func public @main(%arg0: tensor<8x2xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"})
      -> (tensor<8x2xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"}) {
    %0 = stablehlo.custom_call @SPMDFullToShardShape(%arg0) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<8x2xf32>) -> tensor<2x2xf32>
    %1 = "stablehlo.collective_permute"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %2 = stablehlo.custom_call @Sharding(%1) {backend_config = "", mhlo.sharding = "{manual}"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %3 = stablehlo.custom_call @SPMDShardToFullShape(%2) {backend_config = "", mhlo.sharding = "{devices=[4,1]<=[4]}"} : (tensor<2x2xf32>) -> tensor<8x2xf32>
    return %3 : tensor<8x2xf32>
  }
}
"""

# Two regions in a row with global code between them: a ring shift, x2, then
# a psum of the blocks (body in a called function, as JAX lowers it).
TWO_REGIONS = HEADER.format(n=2) + """ {
  func.func public @main(%arg0: tensor<4x3xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"})
      -> (tensor<2x3xf32> {mhlo.sharding = "{replicated}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<4x3xf32>) -> tensor<4x3xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<4x3xf32>) -> tensor<2x3xf32>
    %2 = "stablehlo.collective_permute"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = stablehlo.custom_call @SPMDShardToFullShape(%2) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<2x3xf32>) -> tensor<4x3xf32>
    %4 = stablehlo.add %3, %3 : tensor<4x3xf32>
    %5 = stablehlo.custom_call @Sharding(%4) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<4x3xf32>) -> tensor<4x3xf32>
    %6 = stablehlo.custom_call @SPMDFullToShardShape(%5) {mhlo.sharding = "{manual}"} : (tensor<4x3xf32>) -> tensor<2x3xf32>
    %7 = call @psum_body(%6) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %8 = stablehlo.custom_call @SPMDShardToFullShape(%7) {mhlo.sharding = "{replicated}"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %8 : tensor<2x3xf32>
  }
  func.func private @psum_body(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
"""

# Partially manual on a 2x2 mesh (x manual, y free), as JAX lowers
# shard_map(axis_names={"x"}): psum over x of the blocks plus axis_index("x"),
# the index made partially manual by an inner SPMDShardToFullShape step.
PARTIAL = HEADER.format(n=4) + """ {
  func.func public @main(%arg0: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"})
      -> (tensor<4x4xf32> {mhlo.sharding = "{replicated}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "unspecified_dims=[0,1]", mhlo.sharding = "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {backend_config = "unspecified_dims=[0,1]", mhlo.sharding = "{devices=[1,1,2,2]<=[4] last_tile_dims={manual, replicated}}"} : (tensor<8x4xf32>) -> tensor<4x4xf32>
    %2 = call @body(%1) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %3 = stablehlo.custom_call @Sharding(%2) {mhlo.sharding = "{devices=[1,1,2,2]<=[4] last_tile_dims={manual, replicated}}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{replicated}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %4 : tensor<4x4xf32>
  }
  func.func private @body(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %c = stablehlo.constant dense<2> : tensor<ui32>
    %p = stablehlo.partition_id : tensor<ui32>
    %0 = stablehlo.divide %p, %c : tensor<ui32>
    %1 = stablehlo.remainder %0, %c : tensor<ui32>
    %2 = stablehlo.convert %1 : (tensor<ui32>) -> tensor<f32>
    %3 = stablehlo.custom_call @Sharding(%2) {mhlo.sharding = "{manual}"} : (tensor<f32>) -> tensor<f32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{devices=[2,2]<=[4] last_tile_dims={manual, replicated}}"} : (tensor<f32>) -> tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %6 = stablehlo.add %arg0, %5 : tensor<4x4xf32>
    %7 = "stablehlo.all_reduce"(%6) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %7 : tensor<4x4xf32>
  }
}
"""


# A region in a loop body (shard_map under fori_loop): a fresh set of per-device
# instances runs each iteration.
IN_LOOP = HEADER.format(n=2) + """ {
  func.func public @main(%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[2]<=[2]}"})
      -> (tensor<4xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}) {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %r:2 = stablehlo.while(%i = %c0, %x = %arg0) : tensor<i32>, tensor<4xf32>
     cond {
      %p = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %0 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{devices=[2]<=[2]}"} : (tensor<4xf32>) -> tensor<4xf32>
      %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<4xf32>) -> tensor<2xf32>
      %2 = "stablehlo.collective_permute"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<2xf32>) -> tensor<2xf32>
      %3 = stablehlo.custom_call @SPMDShardToFullShape(%2) {mhlo.sharding = "{devices=[2]<=[2]}"} : (tensor<2xf32>) -> tensor<4xf32>
      %n = stablehlo.add %i, %c1 : tensor<i32>
      stablehlo.return %n, %3 : tensor<i32>, tensor<4xf32>
    }
    return %r#1 : tensor<4xf32>
  }
}
"""


def _client(n: int):
    return xla_client.make_cpu_client(num_devices=n)


def _run(text: str, inputs: list[np.ndarray], n: int) -> list[np.ndarray]:
    """Runs an SPMD program on ``n`` devices from global inputs (split by the
    entry's argument shardings); returns the global outputs, checking every
    shard against the result shardings."""
    module = parse_module(text)
    main = module.function("main")
    client = _client(n)
    devices = client.devices()[:n]
    executable = client.compile_and_load(text, devices)

    def index_map(attrs: dict, shape: tuple) -> dict:
        sharding = HloSharding.from_string(attrs["mhlo.sharding"])
        return GSPMDSharding(devices, sharding).devices_indices_map(shape)

    arguments = []
    for value, attrs in zip(inputs, main.arg_attrs):
        where = index_map(attrs, value.shape)
        arguments.append([client.buffer_from_pyval(np.ascontiguousarray(value[where[d]]), d)
                          for d in devices])
    results = executable.execute_sharded(arguments).disassemble_into_single_device_arrays()
    outputs = []
    for shards, attrs, t in zip(results, main.res_attrs, main.type.results):
        where = index_map(attrs, tuple(t.shape))
        full = np.zeros(t.shape, np.asarray(shards[0]).dtype)
        for device, shard in zip(devices, shards):
            full[where[device]] = np.asarray(shard)
        for device, shard in zip(devices, shards):
            np.testing.assert_array_equal(np.asarray(shard), full[where[device]])
        outputs.append(full)
    return outputs


def _compile_error(text: str, n: int) -> str:
    client = _client(n)
    with pytest.raises(XlaRuntimeError) as info:
        client.compile_and_load(text, client.devices()[:n])
    return str(info.value)


def _x(*shape: int) -> np.ndarray:
    return np.arange(np.prod(shape), dtype=np.float32).reshape(shape) / 4 - 3


# --- running -------------------------------------------------------------------------


def test_psum_region_runs_per_device():
    x = _x(8, 4)
    (out,) = _run(PSUM, [x], 2)
    np.testing.assert_allclose(out, 2 * x.sum(axis=0), rtol=1e-6)


def test_all_gather_region_with_axis_index():
    x = _x(8)
    (out,) = _run(ALL_GATHER, [x], 4)
    expected = np.concatenate([x * (k + 1) for k in range(4)])
    np.testing.assert_array_equal(out, expected)


def test_collective_permute_region_shifts_the_ring():
    x = _x(8, 2)
    (out,) = _run(PPERMUTE, [x], 4)
    np.testing.assert_array_equal(out, np.roll(x, 2, axis=0))


def test_two_regions_with_global_code_between():
    x = _x(4, 3)
    (out,) = _run(TWO_REGIONS, [x], 2)
    np.testing.assert_array_equal(out, 2 * (x[:2] + x[2:]))


def test_partially_manual_region_runs_with_free_axes_whole():
    x = _x(8, 4)
    (out,) = _run(PARTIAL, [x], 4)
    np.testing.assert_array_equal(out, x[:4] + x[4:] + 1)


def test_region_in_a_loop_body_runs_every_iteration():
    x = _x(4)
    (out,) = _run(IN_LOOP, [x], 2)
    np.testing.assert_array_equal(out, np.roll(x, 2))  # three swaps of the halves


def test_executable_still_prints_the_program_as_written():
    client = _client(2)
    executable = client.compile_and_load(PSUM, client.devices()[:2])
    hlo = executable.hlo_modules()[0].to_string()
    assert "SPMDFullToShardShape" in hlo and "SPMDShardToFullShape" in hlo
    assert MANUAL_REGION_OP not in hlo


# --- the pass ------------------------------------------------------------------------


def test_pass_rewrites_each_region_into_one_op_and_keeps_the_original():
    module = parse_module(TWO_REGIONS)
    before = structural_key(module)
    rewritten = rewrite_manual_regions(module, 2)
    assert structural_key(module) == before  # the original is untouched
    verify_module(rewritten)
    names = [op.name for op in rewritten.function("main").body.entry.operations]
    assert names.count(MANUAL_REGION_OP) == 2
    targets = {op.attributes.get("call_target_name")
               for op in rewritten.function("main").walk()}
    assert not targets & {"SPMDFullToShardShape", "SPMDShardToFullShape"}
    region = next(op for op in rewritten.function("main").body.entry.operations
                  if op.name == MANUAL_REGION_OP)
    assert region.attributes["in_shardings"] == ["{devices=[2,1]<=[2]}"]
    assert region.attributes["out_shardings"] == ["{devices=[2,1]<=[2]}"]
    assert region.attributes["num_devices"] == 2


def test_pass_copies_constants_in_and_drops_per_device_ops_left_unused():
    rewritten = rewrite_manual_regions(parse_module(PSUM), 2)
    main_ops = [op.name for op in rewritten.function("main").body.entry.operations]
    assert "stablehlo.constant" in main_ops  # still used by global code
    region = next(op for op in rewritten.function("main").body.entry.operations
                  if op.name == MANUAL_REGION_OP)
    assert [op.name for op in region.regions[0].entry.operations][0] == "stablehlo.constant"
    gathered = rewrite_manual_regions(parse_module(ALL_GATHER), 4)
    main_ops = [op.name for op in gathered.function("main").body.entry.operations]
    assert "stablehlo.partition_id" not in main_ops  # only the region used it


def test_pass_leaves_programs_without_regions_alone():
    module = parse_module(HEADER.format(n=2) + """ {
  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
""")
    assert rewrite_manual_regions(module, 2) is module


# --- errors --------------------------------------------------------------------------


def _program(body: str, n: int = 2, args: str = "%arg0: tensor<8x4xf32> "
             '{mhlo.sharding = "{devices=[2,1]<=[2]}"}', result: str = "tensor<8x4xf32>") -> str:
    return HEADER.format(n=n) + f""" {{
  func.func public @main({args}) -> ({result} {{mhlo.sharding = "{{devices=[2,1]<=[2]}}"}}) {{
{body}
  }}
}}
"""


ENTRY = """    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<8x4xf32>) -> tensor<4x4xf32>
"""
EXIT = """    %9 = stablehlo.custom_call @SPMDShardToFullShape({v}) {{mhlo.sharding = "{{devices=[2,1]<=[2]}}"}} : (tensor<4x4xf32>) -> tensor<8x4xf32>
    return %9 : tensor<8x4xf32>"""


def test_region_using_a_value_from_outside_is_an_error():
    text = _program(ENTRY + """    %s = stablehlo.slice %arg0 [0:4, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>
    %2 = stablehlo.add %1, %s : tensor<4x4xf32>
""" + EXIT.format(v="%2"))
    message = _compile_error(text, 2)
    assert "INVALID_ARGUMENT: GSPMD manual region" in message
    assert "%s" in message and "computed outside the region" in message


def test_per_device_value_escaping_without_an_exit_is_an_error():
    text = _program(ENTRY + "    return %1 : tensor<4x4xf32>", result="tensor<4x4xf32>")
    message = _compile_error(text, 2)
    assert "per-device value %1 is returned by func.return" in message


def test_exit_of_a_global_value_is_an_error():
    text = _program("""    %s = stablehlo.slice %arg0 [0:4, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>
""" + EXIT.format(v="%s"))
    assert "computed outside any manual region" in _compile_error(text, 2)


def test_entry_without_a_sharding_is_an_error():
    text = _program("""    %0 = stablehlo.add %arg0, %arg0 : tensor<8x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<8x4xf32>) -> tensor<4x4xf32>
""" + EXIT.format(v="%1"))
    assert "takes a value without a sharding" in _compile_error(text, 2)


def test_nested_manual_region_is_unimplemented():
    text = _program(ENTRY + """    %2 = stablehlo.custom_call @Sharding(%1) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %3 = stablehlo.custom_call @SPMDFullToShardShape(%2) {mhlo.sharding = "{manual}"} : (tensor<4x4xf32>) -> tensor<2x4xf32>
    %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<2x4xf32>) -> tensor<4x4xf32>
""" + EXIT.format(v="%4"))
    message = _compile_error(text, 2)
    assert "UNIMPLEMENTED" in message and "nested manual region" in message


def test_split_along_free_axes_is_unimplemented():
    # The entry's block (4x2 on each of 4 devices) is not the region's 4x4.
    text = HEADER.format(n=4) + """ {
  func.func public @main(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,2]<=[4]}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{devices=[1,1,2,2]<=[4] last_tile_dims={manual, replicated}}"} : (tensor<8x4xf32>) -> tensor<4x4xf32>
    %2 = stablehlo.custom_call @SPMDShardToFullShape(%1) {mhlo.sharding = "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"} : (tensor<4x4xf32>) -> tensor<8x4xf32>
    return %2 : tensor<8x4xf32>
  }
}
"""
    message = _compile_error(text, 4)
    assert "UNIMPLEMENTED: GSPMD manual region: operand 0" in message
    assert "block of shape [4, 2]" in message


def test_manual_step_that_reshapes_along_free_axes_is_unimplemented():
    text = PARTIAL.replace(
        '%4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = '
        '"{devices=[2,2]<=[4] last_tile_dims={manual, replicated}}"} : '
        '(tensor<f32>) -> tensor<f32>',
        '%bc = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<2xf32>\n'
        '    %w = stablehlo.custom_call @SPMDShardToFullShape(%bc) {mhlo.sharding = '
        '"{devices=[2,2]<=[4] last_tile_dims={manual}}"} : (tensor<2xf32>) -> tensor<4xf32>\n'
        '    %4 = stablehlo.slice %w [0:1] : (tensor<4xf32>) -> tensor<1xf32>\n'
        '    %r = stablehlo.reshape %4 : (tensor<1xf32>) -> tensor<f32>')
    text = text.replace("%5 = stablehlo.broadcast_in_dim %4,", "%5 = stablehlo.broadcast_in_dim %r,")
    message = _compile_error(text, 4)
    assert "UNIMPLEMENTED: custom call 'SPMDShardToFullShape'" in message
    assert "not manual" in message


def test_maximal_sharding_across_a_region_is_unimplemented():
    text = PPERMUTE.replace('tensor<8x2xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"})',
                            'tensor<8x2xf32> {mhlo.sharding = "{maximal device=0}"})')
    assert text != PPERMUTE
    message = _compile_error(text, 4)
    assert "UNIMPLEMENTED: GSPMD manual region: operand 0 with sharding {maximal device=0}" \
        in message


def test_sharding_over_other_devices_than_the_program_has_is_an_error():
    text = PSUM.replace("mhlo.num_partitions = 2", "mhlo.num_partitions = 4")
    message = _compile_error(text, 4)
    assert "INVALID_ARGUMENT: GSPMD manual region: operand 0" in message
    assert "uses 2 devices" in message


def test_region_fed_by_its_own_output_is_unimplemented():
    # One region (the add joins both entries) whose second entry takes global
    # code computed from its first exit: it cannot run as one op.
    text = _program(ENTRY + """    %2 = stablehlo.custom_call @SPMDShardToFullShape(%1) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<4x4xf32>) -> tensor<8x4xf32>
    %3 = stablehlo.negate %2 : tensor<8x4xf32>
    %4 = stablehlo.custom_call @Sharding(%3) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %5 = stablehlo.custom_call @SPMDFullToShardShape(%4) {mhlo.sharding = "{manual}"} : (tensor<8x4xf32>) -> tensor<4x4xf32>
    %6 = stablehlo.add %1, %5 : tensor<4x4xf32>
""" + EXIT.format(v="%6"))
    message = _compile_error(text, 2)
    assert "UNIMPLEMENTED: GSPMD manual region" in message and "interleaved" in message
