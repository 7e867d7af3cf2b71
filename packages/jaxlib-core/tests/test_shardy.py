"""Shardy (sdy): reading its attributes, converting shardings to HloSharding,
parsing and printing its ops, and running SPMD programs that use them
(sharding constraints, and shard_map's ``sdy.manual_computation`` with
collectives inside) through the client API."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.frontends import shardy
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.frontends.shardy import AxisRef, DimSharding, MeshAxis, SdyMesh
from jaxlib._src.ir.attributes import OpaqueAttribute
from jaxlib._src.ir.core import VerificationError, verify_module
from jaxlib._src.ir.printer import print_module
from jaxlib._src.runtime.sharding import GSPMDSharding, HloSharding
from jaxlib.xla_client import XlaRuntimeError

CORPUS = Path(__file__).resolve().parents[3] / "tests" / "corpus" / "programs"
MESHES = {"mesh": OpaqueAttribute('<["x"=2, "y"=2]>'),
          "rev": OpaqueAttribute('<["x"=2, "y"=2], device_ids=[3, 2, 1, 0]>')}


def _hlo(text: str, rank: int, meshes=MESHES) -> str:
    return shardy.hlo_sharding_text(OpaqueAttribute(text), rank, meshes)


# --- attributes ------------------------------------------------------------------------


def test_meshes_parse_in_every_spelling():
    plain = SdyMesh((MeshAxis("x", 2), MeshAxis("y", 3)))
    assert shardy.parse_mesh(OpaqueAttribute('<["x"=2, "y"=3]>')) == plain
    assert shardy.parse_mesh('#sdy.mesh<["x"=2, "y"=3]>') == plain
    ordered = shardy.parse_mesh('<["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>')
    assert ordered.logical_ids() == (0, 2, 4, 1, 3, 5) and ordered.size == 6
    assert shardy.parse_mesh("<[], device_ids=[3]>").is_maximal
    assert plain.logical_ids() == tuple(range(6))
    for bad, message in [('<["x"=2, "x"=2]>', "duplicate"),
                         ('<["x"=2], device_ids=[0, 0]>', "permutation"),
                         ('<["x"=2]', "expected '>'"),
                         ('<["x"=0]>', "positive")]:
        with pytest.raises(ValueError, match=message):
            shardy.parse_mesh(bad)


def test_shardings_parse_into_their_parts():
    sharding = shardy.parse_sharding(
        '#sdy.sharding<@mesh, [{"x", "y":(1)2}p1, {?}, {}], replicated={"z"}>')
    assert sharding.mesh == "mesh"
    assert sharding.dims == (DimSharding((AxisRef("x"), AxisRef("y", (1, 2))), True, 1),
                             DimSharding((), False), DimSharding(()))
    assert sharding.replicated == (AxisRef("z"),)
    inline = shardy.parse_sharding('<mesh<["a"=2]>, [{"a"}]>')
    assert inline.mesh == SdyMesh((MeshAxis("a", 2),))
    per_value = shardy.parse_sharding_per_value(
        '#sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, []>]>')
    assert [len(s.dims) for s in per_value] == [2, 0]
    assert shardy.parse_sharding_per_value("#sdy.sharding_per_value<[]>") == []
    assert shardy.parse_manual_axes('#sdy<manual_axes{"x", "y"}>') == ("x", "y")
    assert shardy.parse_manual_axes("#sdy<manual_axes{}>") == ()
    with pytest.raises(ValueError, match="replicated= or unreduced="):
        shardy.parse_sharding('#sdy.sharding<@mesh, [{}], bogus={"x"}>')


def test_conversion_to_hlo_sharding():
    assert _hlo('#sdy.sharding<@mesh, [{"x"}, {"y"}]>', 2) == "{devices=[2,2]<=[4]}"
    assert _hlo('#sdy.sharding<@mesh, [{"y"}, {}]>', 2) == \
        "{devices=[2,1,2]<=[2,2]T(1,0) last_tile_dim_replicate}"
    assert _hlo('#sdy.sharding<@mesh, [{"y", "x"}]>', 1) == "{devices=[4]<=[2,2]T(1,0)}"
    # Open dimensions and explicitly replicated axes change nothing at run time.
    assert _hlo('#sdy.sharding<@mesh, [{"x", ?}, {?}], replicated={"y"}>', 2) == \
        "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"
    assert _hlo("#sdy.sharding<@mesh, [{}, {}]>", 2) == "{replicated}"
    assert _hlo('#sdy.sharding<@rev, [{"x"}, {"y"}]>', 2) == "{devices=[2,2]3,2,1,0}"
    maximal = {"max": "<[], device_ids=[1]>"}
    assert _hlo("#sdy.sharding<@max, []>", 0, maximal) == "{maximal device=1}"
    assert _hlo('#sdy.sharding<mesh<["a"=4]>, [{"a"}]>', 1) == "{devices=[4]<=[4]}"


def test_sub_axes_split_their_axis():
    meshes = {"m": '<["x"=4]>'}
    # "x":(1)2 is the major half of x, "x":(2)2 the minor half.
    assert _hlo('#sdy.sharding<@m, [{"x":(1)2}, {}]>', 2, meshes) == \
        "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"
    assert _hlo('#sdy.sharding<@m, [{"x":(2)2}, {"x":(1)2}]>', 2, meshes) == \
        "{devices=[2,2]<=[2,2]T(1,0)}"
    with pytest.raises(XlaRuntimeError, match="does not divide"):
        _hlo('#sdy.sharding<@m, [{"x":(1)3}]>', 1, meshes)


def test_conversion_errors_name_the_problem():
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT.*2 dimension shardings.*rank 1"):
        _hlo('#sdy.sharding<@mesh, [{"x"}, {}]>', 1)
    with pytest.raises(XlaRuntimeError, match="mesh @nope, which the module does not define"):
        _hlo('#sdy.sharding<@nope, [{"x"}]>', 1)
    with pytest.raises(XlaRuntimeError, match="axis 'z' is not in the mesh"):
        _hlo('#sdy.sharding<@mesh, [{"z"}]>', 1)
    with pytest.raises(XlaRuntimeError, match="duplicate entries"):
        _hlo('#sdy.sharding<@mesh, [{"x"}, {"x"}]>', 2)


def test_unreduced_axes_become_an_unreduced_subgroup():
    # Unreduced axes hold partial sums: XLA's `last_tile_dims={unreduced}`.
    assert _hlo('#sdy.sharding<@mesh, [{}], unreduced={"x"}>', 1) == \
        "{devices=[1,2,2]<=[4] last_tile_dims={unreduced, replicated}}"
    assert _hlo('#sdy.sharding<@mesh, [{"y"}], unreduced={"x"}>', 1) == \
        "{devices=[2,2]<=[2,2]T(1,0) last_tile_dims={unreduced}}"


def _shardy_corpus() -> list[Path]:
    return sorted(p for p in CORPUS.glob("md*.json")
                  if json.loads(p.read_text()).get("partitioner") == "shardy")


def test_every_shardy_corpus_program_converts_as_the_reference_did():
    programs = _shardy_corpus()
    assert programs, f"no Shardy programs in {CORPUS}"
    for path in programs:
        meta = json.loads(path.read_text())
        module = parse_module(path.with_suffix(".mlir").read_text())
        main = module.function("main")
        attrs = main.arg_attrs + main.res_attrs
        types = list(main.type.inputs) + list(main.type.results)
        for spec, attr, t in zip(meta["inputs"] + meta["outputs"], attrs, types):
            got = shardy.hlo_sharding_text(attr["sdy.sharding"], len(t.shape), module.meshes)
            assert HloSharding.from_string(got) == HloSharding.from_string(spec["sharding"]), \
                (path.stem, spec["name"], got, spec["sharding"])


# --- parsing and printing ----------------------------------------------------------------

PRETTY = """\
module @m attributes {mhlo.num_partitions = 4 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{"x"}, {"y"}]>}) -> (tensor<8x4xf32>) {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x", ?}, {}]> : tensor<8x4xf32>
    %1 = sdy.reshard %0 <@mesh, [{}, {"y"}]> : tensor<8x4xf32>
    sdy.sharding_group %1 group_id=3 : tensor<8x4xf32>
    %2 = sdy.propagation_barrier %1 allowed_direction=NONE : tensor<8x4xf32>
    %3 = sdy.named_computation<"body">(%2) out_shardings=[<@mesh, [{}, {}]>] \
(%arg1: tensor<8x4xf32>) {
      sdy.return %arg1 : tensor<8x4xf32>
    } : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %4:2 = sdy.manual_computation(%3) in_shardings=[<@mesh, [{"x"}, {"y"}]>] \
out_shardings=[<@mesh, [{"x"}, {"y"}]>, <@mesh, [{"x"}, {}]>] manual_axes={"x", "y"} \
(%arg1: tensor<4x2xf32>) {
      %5 = stablehlo.negate %arg1 : tensor<4x2xf32>
      sdy.return %5, %arg1 : tensor<4x2xf32>, tensor<4x2xf32>
    } : (tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x2xf32>)
    return %4#0 : tensor<8x4xf32>
  }
}
"""


def test_sdy_ops_parse_into_the_generic_form_and_round_trip():
    module = parse_module(PRETTY)
    verify_module(module)
    assert module.meshes == {"mesh": OpaqueAttribute('<["x"=2, "y"=2]>')}
    ops = module.function("main").body.entry.operations
    constraint, reshard, group, barrier, named, manual, _ = ops
    assert constraint.attributes == {
        "sharding": OpaqueAttribute('#sdy.sharding<@mesh, [{"x", ?}, {}]>')}
    assert reshard.attributes["sharding"] == OpaqueAttribute('#sdy.sharding<@mesh, [{}, {"y"}]>')
    assert group.results == [] and int(group.attributes["group_id"]) == 3
    assert barrier.attributes["allowed_direction"] == \
        OpaqueAttribute("#sdy<propagation_direction NONE>")
    assert named.attributes["name"] == "body"
    assert manual.attributes == {
        "in_shardings": OpaqueAttribute('#sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>'),
        "out_shardings": OpaqueAttribute(
            '#sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>, <@mesh, [{"x"}, {}]>]>'),
        "manual_axes": OpaqueAttribute('#sdy<manual_axes{"x", "y"}>'),
    }
    assert [str(t) for t in manual.result_types] == ["tensor<8x4xf32>", "tensor<8x2xf32>"]
    assert manual.regions[0].entry.operations[-1].name == "sdy.return"
    printed = print_module(module)
    assert '"sdy.manual_computation"' in printed and '"sdy.return"' in printed
    reparsed = parse_module(printed)
    assert reparsed.structurally_equals(module)
    verify_module(reparsed)


def test_the_verifier_checks_manual_computation_signatures():
    bad_count = PRETTY.replace('out_shardings=[<@mesh, [{"x"}, {"y"}]>, <@mesh, [{"x"}, {}]>]',
                               'out_shardings=[<@mesh, [{"x"}, {"y"}]>]')
    with pytest.raises(VerificationError, match="1 out_shardings for 2 results"):
        verify_module(parse_module(bad_count))
    bad_rank = PRETTY.replace('in_shardings=[<@mesh, [{"x"}, {"y"}]>]',
                              'in_shardings=[<@mesh, [{"x"}]>]')
    with pytest.raises(VerificationError, match="operand 0: sharding has 1 dimension"):
        verify_module(parse_module(bad_rank))


# --- running ---------------------------------------------------------------------------


def _client(n: int):
    return xla_client.make_cpu_client(num_devices=n)


def _run(text: str, inputs: list[np.ndarray], input_shardings: list[str],
         output_shardings: list[str], n: int) -> list[np.ndarray]:
    """Runs an SPMD program on ``n`` devices from global inputs and returns
    the global outputs, checking each output shard against its sharding."""
    client = _client(n)
    devices = client.devices()[:n]
    executable = client.compile_and_load(text, devices)
    arguments = []
    for value, text_sharding in zip(inputs, input_shardings):
        index_map = GSPMDSharding(devices, HloSharding.from_string(text_sharding)) \
            .devices_indices_map(value.shape)
        arguments.append([client.buffer_from_pyval(np.ascontiguousarray(value[index_map[d]]), d)
                          for d in devices])
    results = executable.execute_sharded(arguments).disassemble_into_single_device_arrays()
    outputs = []
    for shards, text_sharding, t in zip(results, output_shardings,
                                        executable._compiled.result_types):
        index_map = GSPMDSharding(devices, HloSharding.from_string(text_sharding)) \
            .devices_indices_map(tuple(t.shape))
        full = np.zeros(t.shape, np.asarray(shards[0]).dtype)
        for device, shard in zip(devices, shards):
            full[index_map[device]] = np.asarray(shard)
        for device, shard in zip(devices, shards):
            np.testing.assert_array_equal(np.asarray(shard), full[index_map[device]])
        outputs.append(full)
    return outputs


SUM_OVER_X = """\
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = MESH
  func.func public @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{"x"}, {"y"}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] \
out_shardings=[<@mesh, [{}, {"y"}]>] manual_axes={"x", "y"} (%arg1: tensor<4x2xf32>) {
      %1 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle\
<handle = 1, type = 1>, replica_groups = dense<GROUPS> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) : (tensor<4x2xf32>) -> tensor<4x2xf32>
      sdy.return %1 : tensor<4x2xf32>
    } : (tensor<8x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}
"""


@pytest.mark.parametrize("mesh, groups", [
    ('<["x"=2, "y"=2]>', "[[0, 2], [1, 3]]"),
    # Devices listed in reverse: mesh position (x, y) is logical device 3 - 2x - y.
    ('<["x"=2, "y"=2], device_ids=[3, 2, 1, 0]>', "[[3, 1], [2, 0]]"),
])
def test_manual_computation_runs_each_device_on_its_shard(mesh, groups):
    text = SUM_OVER_X.replace("MESH", mesh).replace("GROUPS", groups)
    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    sharding_in = shardy.hlo_sharding_text('#sdy.sharding<@mesh, [{"x"}, {"y"}]>', 2,
                                           {"mesh": mesh})
    sharding_out = shardy.hlo_sharding_text('#sdy.sharding<@mesh, [{}, {"y"}]>', 2,
                                            {"mesh": mesh})
    (out,) = _run(text, [x], [sharding_in], [sharding_out], 4)
    np.testing.assert_array_equal(out, x[:4] + x[4:])


PARTITION_IDS = """\
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4], device_ids=[2, 0, 3, 1]>
  func.func public @main() -> (tensor<4xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
    %0 = sdy.manual_computation() in_shardings=[] out_shardings=[<@mesh, [{"x"}]>] \
manual_axes={"x"} () {
      %1 = stablehlo.partition_id : tensor<ui32>
      %2 = stablehlo.reshape %1 : (tensor<ui32>) -> tensor<1xui32>
      sdy.return %2 : tensor<1xui32>
    } : () -> tensor<4xui32>
    return %0 : tensor<4xui32>
  }
}
"""


def test_each_instance_is_the_partition_of_its_mesh_device():
    (out,) = _run(PARTITION_IDS, [], [], ["{devices=[4]2,0,3,1}"], 4)
    np.testing.assert_array_equal(out, [2, 0, 3, 1])


PARTIAL = """\
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{"x"}, {"y"}]>}) -> (tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] \
out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<2x6xf32>) {
      %c = stablehlo.constant dense<1.000000e+01> : tensor<2x6xf32>
      %1 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle\
<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, \
use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) : (tensor<2x6xf32>) -> tensor<2x6xf32>
      %2 = stablehlo.multiply %1, %c : tensor<2x6xf32>
      %3 = stablehlo.add %2, %arg1 : tensor<2x6xf32>
      sdy.return %3 : tensor<2x6xf32>
    } : (tensor<4x6xf32>) -> tensor<4x6xf32>
    return %0 : tensor<4x6xf32>
  }
}
"""


def test_partially_manual_computation_keeps_the_free_axes_global():
    x = np.arange(24, dtype=np.float32).reshape(4, 6)
    (out,) = _run(PARTIAL, [x], ["{devices=[2,2]<=[4]}"],
                  ["{devices=[2,1,2]<=[4] last_tile_dim_replicate}"], 4)
    summed = np.concatenate([x[:2] + x[2:]] * 2)
    np.testing.assert_array_equal(out, summed * 10 + x)


IDENTITIES = """\
module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%arg0: tensor<4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, \
[{"x"}, {}]>}) -> (tensor<4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"x"}]> : tensor<4x2xi32>
    %1 = sdy.reshard %0 <@mesh, [{}, {}]> : tensor<4x2xi32>
    %2 = stablehlo.add %1, %0 : tensor<4x2xi32>
    return %2 : tensor<4x2xi32>
  }
}
"""


def test_sharding_constraints_are_identities_in_the_global_view():
    x = np.arange(8, dtype=np.int32).reshape(4, 2)
    (out,) = _run(IDENTITIES, [x], ["{devices=[2,1]<=[2]}"], ["{devices=[1,2]<=[2]}"], 2)
    np.testing.assert_array_equal(out, 2 * x)
    client = _client(2)
    executable = client.compile_and_load(IDENTITIES, client.devices()[:2])
    assert [HloSharding.from_proto(p).to_string()
            for p in executable.get_parameter_shardings()] == ["{devices=[2,1]<=[2]}"]
    assert [HloSharding.from_proto(p).to_string()
            for p in executable.get_output_shardings()] == ["{devices=[1,2]<=[2]}"]


def test_local_shapes_must_match_the_mesh_at_compile_time():
    text = SUM_OVER_X.replace("MESH", '<["x"=2, "y"=2]>').replace(
        "GROUPS", "[[0, 2], [1, 3]]").replace('manual_axes={"x", "y"}', 'manual_axes={"x"}')
    client = _client(4)
    with pytest.raises(XlaRuntimeError,
                       match=r"INVALID_ARGUMENT.*operand 0: the body sees tensor<4x2xf32>.*"
                             r"\[4, 4\]"):
        client.compile_and_load(text, client.devices()[:4])


TWO_COLLECTIVES = """\
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] \
out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<1xf32>) {
      %1 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle\
<handle = 1, type = 1>, replica_groups = dense<[[0], [2], [3]]> : tensor<3x1xi64>, \
use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) : (tensor<1xf32>) -> tensor<1xf32>
      %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle\
<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, \
use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) : (tensor<1xf32>) -> tensor<1xf32>
      sdy.return %2 : tensor<1xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"""


def test_a_failing_instance_fails_the_execution_without_waiting_for_its_peers():
    # Device 1 is in no group of the first all_reduce and fails there; the
    # others wait for it in the second one and must give up at once.
    start = time.monotonic()
    with pytest.raises(XlaRuntimeError, match="partition 1.*in no group of replica_groups"):
        _run(TWO_COLLECTIVES, [np.zeros(4, np.float32)], ["{replicated}"], ["{replicated}"], 4)
    assert time.monotonic() - start < 30


NESTED = """\
module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] \
out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<2xf32>) {
      %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{}]>] \
out_shardings=[<@mesh, [{}]>] manual_axes={} (%arg2: tensor<2xf32>) {
        sdy.return %arg2 : tensor<2xf32>
      } : (tensor<2xf32>) -> tensor<2xf32>
      sdy.return %1 : tensor<2xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"""


def test_a_nested_manual_computation_runs_in_its_enclosing_instances():
    x = np.arange(4, dtype=np.float32)
    # (The unannotated result takes the manual computation's out_shardings.)
    (out,) = _run(NESTED, [x], ["{replicated}"], ["{devices=[2]<=[2]}"], 2)
    np.testing.assert_array_equal(out, x)


NESTED_OVER_Y = """\
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] \
out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<2x4xf32>) {
      %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{}, {"y"}]>] \
out_shardings=[<@mesh, [{}, {"y"}]>] manual_axes={"y"} (%arg2: tensor<2x2xf32>) {
        %2 = "stablehlo.partition_id"() : () -> tensor<ui32>
        %3 = stablehlo.convert %2 : (tensor<ui32>) -> tensor<f32>
        %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
        %5 = stablehlo.add %arg2, %4 : tensor<2x2xf32>
        sdy.return %5 : tensor<2x2xf32>
      } : (tensor<2x4xf32>) -> tensor<2x4xf32>
      sdy.return %1 : tensor<2x4xf32>
    } : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}
"""


def test_nested_manual_computations_split_over_both_axes():
    # Each block is seen by the device at its (x, y) position (id 2x + y).
    x = np.zeros((4, 4), np.float32)
    (out,) = _run(NESTED_OVER_Y, [x], ["{replicated}"],
                  ["{devices=[2,1,2]<=[4] last_tile_dim_replicate}"], 4)
    expected = np.repeat(np.repeat(np.array([[0, 1], [2, 3]], np.float32), 2, 0), 2, 1)
    np.testing.assert_array_equal(out, expected)


# --- the GSPMD-era form ----------------------------------------------------------------

GSPMD_ANNOTATED = """\
module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32> {mhlo.sharding = "{devices=[2]<=[2]}"}) \
-> (tensor<4xf32> {mhlo.sharding = "{replicated}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{replicated}"} \
: (tensor<4xf32>) -> tensor<4xf32>
    %1 = stablehlo.multiply %0, %0 : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}
"""


def test_gspmd_sharding_annotations_are_identities_in_the_global_view():
    x = np.arange(4, dtype=np.float32)
    (out,) = _run(GSPMD_ANNOTATED, [x], ["{devices=[2]<=[2]}"], ["{replicated}"], 2)
    np.testing.assert_array_equal(out, x * x)



# --- unreduced values and propagated result shardings ----------------------------------

UNREDUCED = """\
module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], \
unreduced={"x"}>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], \
unreduced={"x"}>}, tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<2xf32>
    return %0, %arg0 : tensor<2xf32>, tensor<2xf32>
  }
}
"""


def _run_shards(text: str, shards: list[np.ndarray]) -> list[list]:
    """Runs a one-argument program on len(shards) devices, device i holding
    shards[i] as it is (no global value is split); returns each result's
    per-device arrays."""
    client = _client(len(shards))
    devices = client.devices()[:len(shards)]
    executable = client.compile_and_load(text, devices)
    arguments = [[client.buffer_from_pyval(s, d) for s, d in zip(shards, devices)]]
    return executable.execute_sharded(arguments).disassemble_into_single_device_arrays()


def test_unreduced_values_are_partial_sums_over_their_axis():
    # An unreduced argument's value is the sum of its shards; an unreduced
    # result is the value on the axis' first device and zeros on the others.
    partials = [np.array([1.0, 2.0], np.float32), np.array([2.0, 0.5], np.float32)]
    squared, plain = _run_shards(UNREDUCED, partials)
    value = partials[0] + partials[1]
    np.testing.assert_array_equal(np.asarray(squared[0]), value * value)
    np.testing.assert_array_equal(np.asarray(squared[1]), [0, 0])
    for shard in plain:
        np.testing.assert_array_equal(np.asarray(shard), value)


PROPAGATED = """\
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{"x"}, {"y"}]>}, %arg1: tensor<8x2xf32>) -> (tensor<4x8xf32>, tensor<8x4xf32>, \
tensor<4x2xf32>, tensor<8xf32>, tensor<32xf32>) {
    %0 = stablehlo.sine %arg0 : tensor<4x8xf32>
    %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
    %2 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] \
: (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
    %cst = stablehlo.constant dense<0.0> : tensor<f32>
    %3 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] \
: (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %4 = stablehlo.reshape %0 : (tensor<4x8xf32>) -> tensor<32xf32>
    return %0, %1, %2, %3, %4 : tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x2xf32>, \
tensor<8xf32>, tensor<32xf32>
  }
}
"""


def test_unannotated_results_take_the_propagated_sharding():
    x = np.arange(32, dtype=np.float32).reshape(4, 8) / 7
    w = np.ones((8, 2), np.float32)
    expected = [
        "{devices=[2,2]<=[4]}",  # elementwise keeps the tiling
        "{devices=[2,2]<=[2,2]T(1,0)}",  # a transpose moves it
        "{devices=[2,1,2]<=[4] last_tile_dim_replicate}",  # contracted y is replicated
        "{devices=[2,2]<=[2,2]T(1,0) last_tile_dim_replicate}",  # reduced x too
        "{devices=[2,2]<=[4] last_tile_dim_replicate}",  # a merge keeps the major tiling
    ]
    client = _client(4)
    executable = client.compile_and_load(PROPAGATED, client.devices()[:4])
    found = [HloSharding.from_proto(p) for p in executable.get_output_shardings()]
    assert found == [HloSharding.from_string(e) for e in expected]
    outs = _run(PROPAGATED, [x, w], ["{devices=[2,2]<=[4]}", "{replicated}"], expected, 4)
    s = np.sin(x)
    for out, want in zip(outs, [s, s.T, s @ w, s.sum(0), s.reshape(32)]):
        np.testing.assert_allclose(out, want, rtol=1e-6)


MANUAL_UNREDUCED = """\
module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], \
unreduced={"x"}>}) -> (tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}], unreduced={"x"}>] \
out_shardings=[<@mesh, [{}]>] manual_axes={"x"} (%arg1: tensor<2xf32>) {
      %1 = "stablehlo.all_reduce"(%arg1) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = \
#stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} \
: (tensor<2xf32>) -> tensor<2xf32>
      sdy.return %1 : tensor<2xf32>
    } : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
"""


def test_manual_bodies_see_unreduced_operands_as_partial_values():
    # The body's psum over x of the partial values is the value itself.
    partials = [np.array([1.0, 2.0], np.float32), np.array([3.0, 4.0], np.float32)]
    (out,) = _run_shards(MANUAL_UNREDUCED, partials)
    for shard in out:
        np.testing.assert_array_equal(np.asarray(shard), [4.0, 6.0])


SEND_RECV = """\
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func public @main(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{"x"}, {}]>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] \
out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<1x2xf32>) {
      %1 = stablehlo.create_token : !stablehlo.token
      %2 = "stablehlo.send"(%arg1, %1) {channel_handle = #stablehlo.channel_handle<handle = 1, \
type = 1>, source_target_pairs = dense<SEND> : tensor<NSx2xi64>} \
: (tensor<1x2xf32>, !stablehlo.token) -> !stablehlo.token
      %3:2 = "stablehlo.recv"(%2) {channel_handle = #stablehlo.channel_handle<handle = 1, \
type = 1>, source_target_pairs = dense<RECV> : tensor<NRx2xi64>} \
: (!stablehlo.token) -> (RESULT, !stablehlo.token)
      CONVERT
      sdy.return %4 : tensor<1x2xf32>
    } : (tensor<4x2xf32>) -> tensor<4x2xf32>
    return %0 : tensor<4x2xf32>
  }
}
"""


def _send_recv(send: str, recv: str, result: str = "tensor<1x2xf32>") -> str:
    convert = ("%4 = stablehlo.add %3#0, %3#0 : tensor<1x2xf32>" if result == "tensor<1x2xf32>"
               else f"%4 = stablehlo.slice %3#0 [0:1, 0:2] : ({result}) -> tensor<1x2xf32>")
    return (SEND_RECV.replace("SEND", send).replace("RECV", recv)
            .replace("NS", str(send.count("[") - 1)).replace("NR", str(recv.count("[") - 1))
            .replace("RESULT", result).replace("CONVERT", convert))


def test_device_to_device_send_and_recv_pair_in_program_order():
    # jax's psend/precv on GPUs: each source's value reaches its target; a
    # device that is no target receives zeros.
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    sharding = "{devices=[4,1]<=[4]}"
    (out,) = _run(_send_recv("[[0, 1], [1, 2], [2, 3]]", "[[0, 1], [1, 2], [2, 3]]"),
                  [x], [sharding], [sharding], 4)
    np.testing.assert_array_equal(out, 2 * np.concatenate([np.zeros((1, 2)), x[:3]]))
    # A transfer moves bytes: a larger receiver gets the value, then zeros.
    (out,) = _run(_send_recv("[[3, 0]]", "[[3, 0]]", "tensor<2x2xf32>"),
                  [x], [sharding], [sharding], 4)
    np.testing.assert_array_equal(out, np.concatenate([x[3:], np.zeros((3, 2))]))


@pytest.mark.parametrize("send, recv, message", [
    ("[[0, 1], [1, 0]]", "[[0, 1], [1, 0]]", "non-cyclical source-target pairs"),
    ("[[0, 1]]", "[[1, 0]]",
     "Deadlock detected. Last checked instructions: %psend over \\[\\(0, 1\\)\\]"),
])
def test_send_and_recv_that_would_deadlock_do_not_compile(send, recv, message):
    client = _client(4)
    with pytest.raises(XlaRuntimeError, match=message):
        client.compile_and_load(_send_recv(send, recv), client.devices())


def test_a_recv_without_a_send_does_not_compile():
    text = _send_recv("[[0, 1]]", "[[0, 1]]").replace(
        '%2 = "stablehlo.send"(%arg1, %1)', '%2 = "stablehlo.after_all"(%1)').replace(
        "{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, "
        "source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} "
        ": (tensor<1x2xf32>, !stablehlo.token) -> !stablehlo.token",
        ": (!stablehlo.token) -> !stablehlo.token")
    assert "stablehlo.send" not in text
    client = _client(4)
    with pytest.raises(XlaRuntimeError, match="Expected send to match recv"):
        client.compile_and_load(text, client.devices())


SCAN = """\
module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%xs: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{}, {"x"}]>}) -> tensor<4x2xf32> {
    %zero = stablehlo.constant dense<0.0> : tensor<4x2xf32>
    %i0 = stablehlo.constant dense<0> : tensor<i32>
    %r:3 = stablehlo.while(%a = %xs, %i = %i0, %acc = %zero) : tensor<4x2xf32>, tensor<i32>, \
tensor<4x2xf32>
    cond {
      %n = stablehlo.constant dense<4> : tensor<i32>
      %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %z = stablehlo.constant dense<0> : tensor<i32>
      %row = stablehlo.dynamic_slice %a, %i, %z, sizes = [1, 2] \
: (tensor<4x2xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
      %s = stablehlo.sine %row : tensor<1x2xf32>
      %new = stablehlo.dynamic_update_slice %acc, %s, %i, %z \
: (tensor<4x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x2xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %next = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %a, %next, %new : tensor<4x2xf32>, tensor<i32>, tensor<4x2xf32>
    }
    return %r#2 : tensor<4x2xf32>
  }
}
"""


def test_a_loop_result_takes_the_tiling_its_body_gives_it():
    # A scan's stacked output is written row by row with rows tiled as the
    # input's; XLA's propagation (and jax's result sharding) keeps that tiling.
    client = _client(2)
    executable = client.compile_and_load(SCAN, client.devices()[:2])
    (found,) = [HloSharding.from_proto(p) for p in executable.get_output_shardings()]
    assert found == HloSharding.from_string("{devices=[1,2]<=[2]}")
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    (out,) = _run(SCAN, [x], ["{devices=[1,2]<=[2]}"], ["{devices=[1,2]<=[2]}"], 2)
    np.testing.assert_allclose(out, np.sin(x), rtol=1e-6)


OPEN_CONSTRAINT = """\
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  sdy.mesh @empty = <[]>
  func.func public @main(%arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{"x"}, {"y"}]>}) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %0 = stablehlo.sine %arg0 : tensor<4x4xf32>
    %1 = sdy.sharding_constraint %0 <@empty, [{?}, {}]> : tensor<4x4xf32>
    %2 = sdy.sharding_constraint %0 <@mesh, [{}, {"x"}]> : tensor<4x4xf32>
    return %1, %2 : tensor<4x4xf32>, tensor<4x4xf32>
  }
}
"""


def test_open_dimensions_of_a_constraint_keep_the_propagated_tiling():
    # jax constrains results it leaves unspecified with open dimensions
    # ({?}): the tiling propagated there stays; closed ones are as written.
    client = _client(4)
    executable = client.compile_and_load(OPEN_CONSTRAINT, client.devices()[:4])
    found = [HloSharding.from_proto(p) for p in executable.get_output_shardings()]
    assert found == [HloSharding.from_string("{devices=[2,1,2]<=[4] last_tile_dim_replicate}"),
                     HloSharding.from_string("{devices=[1,2,2]<=[4] last_tile_dim_replicate}")]


OPEN_AND_TILED_CONSTRAINT = """
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{"x"}, {"y"}]>}, %arg1: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) \
-> (tensor<8x2xf32>, tensor<8x8xf32>) {
    %0 = stablehlo.sine %arg0 : tensor<8x2xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{?}, {"y", ?}]> : tensor<8x2xf32>
    %2 = stablehlo.dot_general %1, %arg1, contracting_dims = [1] x [0] : \
(tensor<8x2xf32>, tensor<2x8xf32>) -> tensor<8x8xf32>
    return %1, %2 : tensor<8x2xf32>, tensor<8x8xf32>
  }
}
"""


def test_a_constraint_tiling_one_dimension_keeps_the_tiling_of_its_open_ones():
    # jax's mixed Auto/Explicit meshes: dimension 1 tiled by y, dimension 0
    # open keeps x; the dot's result then takes its rows' tiles from the lhs
    # (XLA's choice when both sides' free dimensions use x).
    client = _client(4)
    executable = client.compile_and_load(OPEN_AND_TILED_CONSTRAINT, client.devices()[:4])
    found = [HloSharding.from_proto(p) for p in executable.get_output_shardings()]
    assert found == [HloSharding.from_string("{devices=[2,2]<=[4]}"),
                     HloSharding.from_string("{devices=[2,1,2]<=[4] last_tile_dim_replicate}")]


SHARDING_GROUPS = """\
module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{"x"}]>}, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
    %0 = stablehlo.iota dim = 0 : tensor<8xf32>
    %1 = stablehlo.add %arg1, %0 : tensor<8xf32>
    sdy.sharding_group %arg0 group_id=0 : tensor<8xf32>
    sdy.sharding_group %0 group_id=0 : tensor<8xf32>
    %2 = stablehlo.custom_call @InspectSharding(%1) {api_version = 1 : i32, \
backend_config = "KEY", has_side_effect = true} : (tensor<8xf32>) -> tensor<8xf32>
    return %0, %1, %2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
}
"""


def test_values_in_a_sharding_group_take_one_sharding_and_inspections_see_it():
    # jax's shard_alike (sdy.sharding_group): the iota takes the sharded
    # parameter's sharding, and so does what is computed from it (the group's
    # tiling reaches uses before the group op); jax.debug.inspect_array_sharding
    # (InspectSharding) gets the sharding propagation found, at compile time.
    seen = []
    key = xla_client.encode_inspect_sharding_callback(seen.append).decode()
    client = _client(2)
    executable = client.compile_and_load(SHARDING_GROUPS.replace("KEY", key),
                                         client.devices()[:2])
    found = [HloSharding.from_proto(p) for p in executable.get_output_shardings()]
    tiled = HloSharding.from_string("{devices=[2]<=[2]}")
    assert found == [tiled, tiled, tiled]
    assert seen == [tiled]
    with pytest.raises(TypeError, match="must be callable"):
        xla_client.encode_inspect_sharding_callback(3)


PARTITIONED_CALLBACK = """\
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{"x"}, {}]>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = stablehlo.negate %arg0 : tensor<4x2xf32>
    %t = stablehlo.create_token : !stablehlo.token
    %1 = stablehlo.custom_call @xla_ffi_partitioned_python_cpu_callback(%t, %0) {\
api_version = 4 : i32, backend_config = {index = 0 : ui64}, has_side_effect = true} \
: (!stablehlo.token, tensor<4x2xf32>) -> !stablehlo.token
    return %0 : tensor<4x2xf32>
  }
}
"""


def test_partitioned_host_callbacks_run_once_per_device_on_its_shards():
    # jax.debug.print(..., partitioned=True): each device calls back with its
    # shards (the propagated sharding: rows split over x, replicated over y).
    seen = []

    def callback(token, x):
        seen.append(np.array(x))
        return (token,)

    client = _client(4)
    devices = client.devices()[:4]
    executable = client.compile_and_load(PARTITIONED_CALLBACK, devices,
                                         host_callbacks=[callback])
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    index_map = GSPMDSharding(devices, HloSharding.from_string(
        "{devices=[2,1,2]<=[4] last_tile_dim_replicate}")).devices_indices_map(x.shape)
    results = executable.execute_sharded([[client.buffer_from_pyval(
        np.ascontiguousarray(x[index_map[d]]), d) for d in devices]])
    for shard in results.disassemble_into_single_device_arrays()[0]:
        np.asarray(shard)  # (execution is asynchronous)
    assert len(seen) == 4  # once per device, replicas too
    for device, shard in zip(devices, seen):
        np.testing.assert_array_equal(shard, -x[index_map[device]])


REFINED_BY_A_MANUAL_USE = """\
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{"x"}, {}]>}) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
    %0 = stablehlo.sine %arg0 : tensor<4x8xf32>
    %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] \
out_shardings=[<@mesh, [{"x"}, {"y"}]>] manual_axes={"x", "y"} (%a: tensor<2x4xf32>) {
      %2 = stablehlo.negate %a : tensor<2x4xf32>
      sdy.return %2 : tensor<2x4xf32>
    } : (tensor<4x8xf32>) -> tensor<4x8xf32>
    return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
  }
}
"""


def test_a_value_a_manual_computation_takes_more_finely_tiled_takes_that_tiling():
    # XLA's propagation runs both ways: the sine's rows-only tiling is refined
    # by the manual computation's in_shardings (rows and columns) it feeds.
    client = _client(4)
    executable = client.compile_and_load(REFINED_BY_A_MANUAL_USE, client.devices()[:4])
    found = [HloSharding.from_proto(p) for p in executable.get_output_shardings()]
    both = HloSharding.from_string("{devices=[2,2]<=[4]}")
    assert found == [both, both]
    x = np.arange(32, dtype=np.float32).reshape(4, 8) / 9
    outs = _run(REFINED_BY_A_MANUAL_USE, [x], ["{devices=[2,1,2]<=[4] last_tile_dim_replicate}"],
                ["{devices=[2,2]<=[4]}", "{devices=[2,2]<=[4]}"], 4)
    np.testing.assert_allclose(outs[0], np.sin(x), rtol=1e-6)
    np.testing.assert_allclose(outs[1], -np.sin(x), rtol=1e-6)
