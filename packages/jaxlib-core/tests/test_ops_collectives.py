"""Collectives, replica/partition ids, host transfers and interpreter.run_parallel.

The StableHLO interpreter's own files must pass whole; multi-process semantics
are also checked on programs of our own run by ``interpreter.run_parallel``
(process-group strategies, reduction regions, failure propagation) and through
the client API (``execute_sharded`` on two devices); single-device programs
run collectives over themselves or fail clearly.
"""

from __future__ import annotations

import time
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from conftest import find_conformance_dir as _conformance_dir

from jaxlib import xla_client
from jaxlib._src.backends.cpu.lowering import ModuleLowering
from jaxlib._src.base.replica_context import Rendezvous, ReplicaContext, running_as
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.core import verify_module
from jaxlib._src.ir.types import QuantizedType, TensorType
from jaxlib._src.ops.collectives import (
    CROSS_PARTITION,
    CROSS_REPLICA,
    CROSS_REPLICA_AND_PARTITION,
    FLATTENED_IDS,
    HostEndpoint,
    attach_host_endpoint,
    process_groups,
    zeros_of,
)
from jaxlib._src.ops.registry import TOKEN
from jaxlib._src.tools.conformance import run_file
from jaxlib.xla_client import XlaRuntimeError

INTERPRET_FILES = [
    "all_gather", "all_reduce", "all_to_all", "collective_broadcast", "collective_permute",
    "collective_reduce", "reduce_scatter", "partition_id", "replica_id", "infeed", "outfeed",
    "send_recv",
]




@pytest.mark.parametrize("name", INTERPRET_FILES)
def test_interpret_file_passes(name):
    results = run_file(_conformance_dir() / "interpret" / f"{name}.mlir")
    failures = [r.line() for r in results if not r.passed]
    assert results and not failures, "\n".join(failures)


# --- programs of our own under interpreter.run_parallel ---------------------------------


def _run_cases(tmp_path: Path, text: str) -> list:
    path = tmp_path / "case.mlir"
    path.write_text("// RUN: stablehlo-translate --interpret %s\n" + text)
    return run_file(path)


def _assert_passes(tmp_path: Path, text: str) -> None:
    results = _run_cases(tmp_path, text)
    assert results and all(r.passed for r in results), [r.line() for r in results]


def _all_reduce_program(element: str, body: str, groups: str, extra: str = "") -> str:
    return f"""
  func.func private @reduce(%x: tensor<3x{element}>) -> tensor<3x{element}> {{
    %0 = "stablehlo.all_reduce"(%x) ({{
      ^bb0(%a: tensor<{element}>, %b: tensor<{element}>):
        {body}
    }}) {{replica_groups = {groups}{extra}}} : (tensor<3x{element}>) -> tensor<3x{element}>
    return %0 : tensor<3x{element}>
  }}"""


def test_all_reduce_general_region_runs_per_element(tmp_path):
    # (a + b) * 2 is no fast path: the region itself runs, folded left to right:
    # ((1 + 10) * 2 + 100) * 2 = 244.
    body = """%s = stablehlo.add %a, %b : tensor<i32>
        %two = stablehlo.constant dense<2> : tensor<i32>
        %t = stablehlo.multiply %s, %two : tensor<i32>
        stablehlo.return %t : tensor<i32>"""
    _assert_passes(tmp_path, "module {" + _all_reduce_program(
        "i32", body, "dense<[[0, 1, 2]]> : tensor<1x3xi64>") + """
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
    %b = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
    %c = stablehlo.constant dense<[100, 200, 300]> : tensor<3xi32>
    %r:3 = "interpreter.run_parallel"(%a, %b, %c) {
      programs = [[@reduce], [@reduce], [@reduce]]
    } : (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>)
        -> (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>)
    check.expect_eq_const %r#0, dense<[244, 488, 732]> : tensor<3xi32>
    check.expect_eq_const %r#2, dense<[244, 488, 732]> : tensor<3xi32>
    func.return
  }
}""")


def test_all_reduce_numerics_wrap_nan_and_narrow_floats(tmp_path):
    add_i8 = "%s = stablehlo.add %a, %b : tensor<i8>\n stablehlo.return %s : tensor<i8>"
    max_f32 = "%s = stablehlo.maximum %a, %b : tensor<f32>\n stablehlo.return %s : tensor<f32>"
    add_bf16 = "%s = stablehlo.add %a, %b : tensor<bf16>\n stablehlo.return %s : tensor<bf16>"
    groups = "dense<[[0, 1]]> : tensor<1x2xi64>"
    text = "module {" + _all_reduce_program("i8", add_i8, groups).replace("@reduce", "@i8") \
        + _all_reduce_program("f32", max_f32, groups).replace("@reduce", "@f32") \
        + _all_reduce_program("bf16", add_bf16, groups).replace("@reduce", "@bf16") + """
  func.func @main() {
    %a = stablehlo.constant dense<[100, -128, 5]> : tensor<3xi8>
    %b = stablehlo.constant dense<[100, -1, -5]> : tensor<3xi8>
    %i:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@i8], [@i8]]}
        : (tensor<3xi8>, tensor<3xi8>) -> (tensor<3xi8>, tensor<3xi8>)
    check.expect_eq_const %i#1, dense<[-56, 127, 0]> : tensor<3xi8>
    %x = stablehlo.constant dense<[1.0, 0x7FC00000, -3.0]> : tensor<3xf32>
    %y = stablehlo.constant dense<[0x7FC00000, 2.0, -4.0]> : tensor<3xf32>
    %f:2 = "interpreter.run_parallel"(%x, %y) {programs = [[@f32], [@f32]]}
        : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
    check.expect_eq_const %f#0, dense<[0x7FC00000, 0x7FC00000, -3.0]> : tensor<3xf32>
    %p = stablehlo.constant dense<[256.0, 1.0, 0.5]> : tensor<3xbf16>
    %q = stablehlo.constant dense<[1.0, 1.0, 0.25]> : tensor<3xbf16>
    %h:2 = "interpreter.run_parallel"(%p, %q) {programs = [[@bf16], [@bf16]]}
        : (tensor<3xbf16>, tensor<3xbf16>) -> (tensor<3xbf16>, tensor<3xbf16>)
    check.expect_eq_const %h#1, dense<[256.0, 2.0, 0.75]> : tensor<3xbf16>
    func.return
  }
}"""
    _assert_passes(tmp_path, text)


def test_all_gather_flattened_ids_on_a_2x2_grid(tmp_path):
    # Flattened ids 0..3 are (r0,p0), (r0,p1), (r1,p0), (r1,p1); groups {0,3} and {2,1}.
    _assert_passes(tmp_path, """module {
  func.func private @gather(%x: tensor<1xi32>) -> tensor<2xi32> {
    %0 = "stablehlo.all_gather"(%x) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 3], [2, 1]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
      use_global_device_ids
    } : (tensor<1xi32>) -> tensor<2xi32>
    return %0 : tensor<2xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[10]> : tensor<1xi32>
    %b = stablehlo.constant dense<[11]> : tensor<1xi32>
    %c = stablehlo.constant dense<[12]> : tensor<1xi32>
    %d = stablehlo.constant dense<[13]> : tensor<1xi32>
    %r:4 = "interpreter.run_parallel"(%a, %b, %c, %d) {
      programs = [[@gather, @gather], [@gather, @gather]]
    } : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>)
        -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
    check.expect_eq_const %r#0, dense<[10, 13]> : tensor<2xi32>
    check.expect_eq_const %r#1, dense<[12, 11]> : tensor<2xi32>
    check.expect_eq_const %r#2, dense<[12, 11]> : tensor<2xi32>
    check.expect_eq_const %r#3, dense<[10, 13]> : tensor<2xi32>
    func.return
  }
}""")


def test_collectives_inside_a_loop_meet_once_per_iteration(tmp_path):
    # Each iteration's all_reduce is a separate meeting (keys count occurrences).
    _assert_passes(tmp_path, """module {
  func.func private @loop(%x: tensor<i32>) -> tensor<i32> {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %three = stablehlo.constant dense<3> : tensor<i32>
    %r:2 = stablehlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<i32>
     cond {
      %p = stablehlo.compare LT, %i, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %s = "stablehlo.all_reduce"(%acc) ({
        ^bb0(%a: tensor<i32>, %b: tensor<i32>):
          %t = stablehlo.add %a, %b : tensor<i32>
          stablehlo.return %t : tensor<i32>
      }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i32>) -> tensor<i32>
      %i1 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %i1, %s : tensor<i32>, tensor<i32>
    }
    return %r#1 : tensor<i32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<1> : tensor<i32>
    %b = stablehlo.constant dense<2> : tensor<i32>
    %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@loop], [@loop]]}
        : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    check.expect_eq_const %r#0, dense<12> : tensor<i32>
    check.expect_eq_const %r#1, dense<12> : tensor<i32>
    func.return
  }
}""")


def test_a_failing_process_cancels_the_others_quickly(tmp_path):
    # Process 1 fails before the all_reduce; process 0 must not wait out a timeout.
    text = "module {" + _all_reduce_program(
        "i32", "%s = stablehlo.add %a, %b : tensor<i32>\n stablehlo.return %s : tensor<i32>",
        "dense<[[0, 1]]> : tensor<1x2xi64>") + """
  func.func private @starved(%x: tensor<3xi32>) -> tensor<3xi32> {
    %t = stablehlo.after_all : !stablehlo.token
    %v, %t2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<3xi32>, !stablehlo.token)
    return %v : tensor<3xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
    %r:2 = "interpreter.run_parallel"(%a, %a) {programs = [[@reduce], [@starved]]}
        : (tensor<3xi32>, tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>)
    func.return
  }
}"""
    start = time.perf_counter()
    (result,) = _run_cases(tmp_path, text)
    assert time.perf_counter() - start < 10
    assert not result.passed and "infeed queue is empty" in result.message


def test_run_parallel_checks_its_inputs_and_programs(tmp_path):
    text = """module {
  func.func private @id(%x: tensor<i32>) -> tensor<i32> {
    return %x : tensor<i32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<1> : tensor<i32>
    %r:2 = "interpreter.run_parallel"(%a) {programs = [[@id], [@id]]}
        : (tensor<i32>) -> (tensor<i32>, tensor<i32>)
    func.return
  }
}"""
    (result,) = _run_cases(tmp_path, text)
    assert not result.passed and "take 2 inputs in all, but 1 were given" in result.message
    ragged = text.replace("[[@id], [@id]]", "[[@id], [@id, @id]]")
    (result,) = _run_cases(tmp_path, ragged)
    assert not result.passed and "same number" in result.message


def test_ids_outside_the_grid_are_errors(tmp_path):
    text = """module {
  func.func private @permute(%x: tensor<i32>) -> tensor<i32> {
    %0 = "stablehlo.collective_permute"(%x) {
      source_target_pairs = dense<[[0, 2]]> : tensor<1x2xi64>
    } : (tensor<i32>) -> tensor<i32>
    return %0 : tensor<i32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<1> : tensor<i32>
    %r:2 = "interpreter.run_parallel"(%a, %a) {programs = [[@permute], [@permute]]}
        : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    func.return
  }
}"""
    (result,) = _run_cases(tmp_path, text)
    assert not result.passed and "refer to replica 2" in result.message


def test_outfeed_reaches_the_host_end_in_order():
    module = parse_module("""
func.func public @main(%x: tensor<2xi32>, %t: !stablehlo.token) -> !stablehlo.token {
  %t1 = "stablehlo.outfeed"(%x, %t) : (tensor<2xi32>, !stablehlo.token) -> !stablehlo.token
  %y = stablehlo.add %x, %x : tensor<2xi32>
  %t2 = "stablehlo.outfeed"(%y, %x, %t1)
      : (tensor<2xi32>, tensor<2xi32>, !stablehlo.token) -> !stablehlo.token
  return %t2 : !stablehlo.token
}""")
    verify_module(module)
    program = ModuleLowering(module).function("main")
    rendezvous = Rendezvous()
    host = HostEndpoint()
    attach_host_endpoint(rendezvous, host)
    with running_as(ReplicaContext(rendezvous=rendezvous)):
        (token,) = program(np.int32([1, 2]), TOKEN)
    assert token is TOKEN
    assert [[v.tolist() for v in values] for values in host.outfeed] == [
        [[1, 2]], [[2, 4], [1, 2]]]


def test_the_rendezvous_lets_contributions_go_once_everyone_returned():
    """Collectives in a long loop hold no memory of earlier iterations; members
    with different (mutual) participant sets under one key, as
    collective_permute's, and one-sided transfers too."""
    import threading

    rendezvous = Rendezvous(timeout=10)
    # A meets B and C; B meets only A; C meets only A (a permutation's partners)
    partners = {0: (0, 1, 2), 1: (0, 1), 2: (0, 2)}
    seen: dict[int, list] = {}

    def member(me: int) -> None:
        for step in range(50):
            seen.setdefault(me, []).append(
                rendezvous.exchange(("k", step), me, (me, step), partners[me]))
        if me == 0:
            rendezvous.post("send", 0, "payload")

    threads = [threading.Thread(target=member, args=(k,)) for k in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen[1][7] == [(0, 7), (1, 7)] and seen[0][49] == [(0, 49), (1, 49), (2, 49)]
    assert rendezvous.receive("send", 0) == "payload"
    assert rendezvous._slots == {} and rendezvous._returned == {}


# --- process groups -----------------------------------------------------------------------


def test_process_group_strategies_follow_the_spec():
    assert process_groups("op", CROSS_REPLICA, [[0, 1]], 2, 2) == [
        [(0, 0), (1, 0)], [(0, 1), (1, 1)]]
    assert process_groups("op", CROSS_PARTITION, [[1, 0]], 2, 2) == [
        [(0, 1), (0, 0)], [(1, 1), (1, 0)]]
    assert process_groups("op", CROSS_REPLICA_AND_PARTITION, [[0, 1]], 2, 2) == [
        [(0, 0), (1, 0), (0, 1), (1, 1)]]
    assert process_groups("op", FLATTENED_IDS, [[0, 3], [1, 2]], 2, 2) == [
        [(0, 0), (1, 1)], [(0, 1), (1, 0)]]
    # Empty replica_groups: one group of everything.
    assert process_groups("op", CROSS_REPLICA, [], 3, 1) == [[(0, 0), (1, 0), (2, 0)]]
    with pytest.raises(XlaRuntimeError, match="refer to partition 2"):
        process_groups("op", CROSS_PARTITION, [[0, 2]], 1, 2)


# --- the client API ---------------------------------------------------------------------------

TWO_REPLICAS = """
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 2 : i32} {
  func.func public @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<ui32>, tensor<6xf32>) {
    %0 = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    %1 = stablehlo.replica_id : tensor<ui32>
    %2 = "stablehlo.all_gather"(%x) {
      all_gather_dim = 0 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<3xf32>) -> tensor<6xf32>
    return %0, %1, %2 : tensor<3xf32>, tensor<ui32>, tensor<6xf32>
  }
}
"""


@pytest.mark.parametrize("asynchronous", [True, False])
def test_execute_sharded_all_reduce_on_two_devices(asynchronous):
    client = xla_client.make_cpu_client(asynchronous=asynchronous, num_devices=2)
    exe = client.compile_and_load(TWO_REPLICAS, client.devices())
    xs = [np.float32([1.5, 2, -3]), np.float32([10, 20, 30])]
    args = [[client.buffer_from_pyval(x, d) for x, d in zip(xs, client.devices())]]
    reduced, ids, gathered = exe.execute_sharded(args).disassemble_into_single_device_arrays()
    for device_index in range(2):
        np.testing.assert_array_equal(np.asarray(reduced[device_index]), xs[0] + xs[1])
        assert np.asarray(ids[device_index]) == device_index
        assert np.asarray(ids[device_index]).dtype == np.uint32
        np.testing.assert_array_equal(np.asarray(gathered[device_index]),
                                      np.concatenate([xs[1], xs[0]]))


def _run_single(text: str, *args: np.ndarray) -> list[np.ndarray]:
    client = xla_client.make_cpu_client(asynchronous=False)
    exe = client.compile_and_load(text, client.devices()[:1])
    buffers = [client.buffer_from_pyval(a, client.devices()[0]) for a in args]
    return [np.asarray(x) for x in exe.execute(buffers)]


SINGLE_DEVICE_COLLECTIVES = """
func.func public @main(%x: tensor<2x4xf32>)
    -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<ui32>) {
  %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<> : tensor<0x0xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64,
      split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}
      : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %2 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>}
      : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %3 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<> : tensor<0x2xi64>}
      : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %4 = stablehlo.partition_id : tensor<ui32>
  return %0, %1, %2, %3, %4
      : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<ui32>
}
"""


def test_single_device_collectives_run_over_themselves():
    x = np.arange(8, dtype=np.float32).reshape(2, 4)
    reduced, exchanged, permuted, untargeted, partition = _run_single(SINGLE_DEVICE_COLLECTIVES, x)
    np.testing.assert_array_equal(reduced, x)
    np.testing.assert_array_equal(exchanged, x)
    np.testing.assert_array_equal(permuted, x)
    np.testing.assert_array_equal(untargeted, np.zeros_like(x))
    assert partition == 0


def test_single_device_collective_over_two_replicas_fails_clearly():
    text = """
func.func public @main(%x: tensor<2xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}"""
    with pytest.raises(XlaRuntimeError, match="refer to replica 1, but the program runs with 1 "
                                              "replica"):
        _run_single(text, np.float32([1, 2]))


def test_host_transfers_without_a_host_end_are_unimplemented():
    text = """
func.func public @main(%t: !stablehlo.token) -> tensor<2xi32> {
  %v, %t2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  return %v : tensor<2xi32>
}"""
    client = xla_client.make_cpu_client(asynchronous=False)
    exe = client.compile_and_load(text, client.devices()[:1])
    token = client.buffer_from_pyval(np.zeros((0,), np.bool_), client.devices()[0])
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: stablehlo.infeed: this execution "
                                              "has no host end"):
        exe.execute([token])


def test_device_to_device_send_without_pairs_is_rejected_at_compile_time():
    text = """
func.func public @main(%x: tensor<2xi32>, %t: !stablehlo.token) -> !stablehlo.token {
  %t1 = "stablehlo.send"(%x, %t) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
    is_host_transfer = false
  } : (tensor<2xi32>, !stablehlo.token) -> !stablehlo.token
  return %t1 : !stablehlo.token
}"""
    client = xla_client.make_cpu_client()
    with pytest.raises(XlaRuntimeError, match="stablehlo.send between devices"):
        client.compile_and_load(text, client.devices()[:1])


@pytest.mark.parametrize("program, message", [
    ("""%0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64,
        split_count = 3 : i64} : (tensor<4xi32>) -> tensor<4xi32>""",
     "not divisible by split_count 3"),
    ("""%0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
        replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xi32>) -> tensor<8xi32>""",
     "ids must be unique"),
    ("""%0 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64}
        : (tensor<4xi32>) -> tensor<8xi32>""",
     "all_gather_dim 1 out of range"),
    ("""%0 = "stablehlo.collective_permute"(%x) {
        source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>}
        : (tensor<4xi32>) -> tensor<4xi32>""",
     "must be unique"),
    ("""%0 = "stablehlo.all_reduce"(%x) ({
        ^bb0(%a: tensor<i32>, %b: tensor<i32>):
          %s = stablehlo.add %a, %b : tensor<i32>
          stablehlo.return %s : tensor<i32>
        }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>, use_global_device_ids}
        : (tensor<4xi32>) -> tensor<4xi32>""",
     "use_global_device_ids requires a positive channel_id"),
])
def test_type_rules(program, message):
    result_type = "tensor<8xi32>" if "tensor<8xi32>" in program else "tensor<4xi32>"
    text = f"""
func.func public @main(%x: tensor<4xi32>) -> {result_type} {{
  {program}
  return %0 : {result_type}
}}"""
    client = xla_client.make_cpu_client()
    with pytest.raises(XlaRuntimeError, match=message):
        client.compile_and_load(text, client.devices()[:1])


def test_replica_id_must_be_ui32():
    text = """
func.func public @main() -> tensor<i32> {
  %0 = stablehlo.replica_id : tensor<i32>
  return %0 : tensor<i32>
}"""
    client = xla_client.make_cpu_client()
    with pytest.raises(XlaRuntimeError, match="tensor<ui32>"):
        client.compile_and_load(text, client.devices()[:1])


def test_quantized_results_of_non_members_are_the_zero_point():
    # A process outside every group gets quantize(0): the zero point, not 0.
    per_tensor = TensorType((2,), QuantizedType("i8", "f32", (0.5,), (3,)))
    np.testing.assert_array_equal(zeros_of(per_tensor), np.int8([3, 3]))
    per_axis = TensorType((2, 2), QuantizedType("i8", "f32", (0.5, 1.0), (1, -2), 1))
    np.testing.assert_array_equal(zeros_of(per_axis), np.int8([[1, -2], [1, -2]]))
    assert zeros_of(TensorType((2,), "bf16")).dtype == ml_dtypes.bfloat16


def test_a_waiting_receiver_sees_a_post_after_another_receiver_emptied_the_key():
    # One send op's pairs share a key: a receiver that empties it deletes it,
    # and a later post makes a new one, which a receiver already waiting (on
    # the old one) must still see.
    import threading

    rendezvous = Rendezvous(timeout=10)
    received = []
    waiting = threading.Thread(target=lambda: received.append(rendezvous.receive("k", 0)))
    waiting.start()
    while not rendezvous._cond._waiters:  # the receiver waits on the key
        pass
    rendezvous.post("k", 2, "two")
    assert rendezvous.receive("k", 2) == "two"  # empties and deletes the key
    rendezvous.post("k", 0, "zero")
    waiting.join(timeout=10)
    assert received == ["zero"]
