"""One process of a multi-process CPU client test: ``python
multiprocess_client_worker.py SCENARIO ADDRESS NODE_ID PARAMS_JSON``. Prints its
result as one JSON line last."""

from __future__ import annotations

import json
import os
import sys

import numpy as np

from jaxlib import xla_client
from jaxlib.xla_client import XlaRuntimeError

# Four replicas: every collective kind, over all replicas, over groups that
# cross processes and over groups inside one process (2 devices a process).
FOUR_REPLICAS = """
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 4 : i32} {
  func.func public @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<16xf32>, tensor<1xf32>,
      tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<ui32>) {
    %0 = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "stablehlo.all_gather"(%x) {
      all_gather_dim = 0 : i64, replica_groups = dense<[[3, 1, 2, 0]]> : tensor<1x4xi64>
    } : (tensor<4xf32>) -> tensor<16xf32>
    %2 = "stablehlo.reduce_scatter"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %m = stablehlo.maximum %a, %b : tensor<f32>
        stablehlo.return %m : tensor<f32>
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}
      : (tensor<4xf32>) -> tensor<1xf32>
    %3 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64,
      split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}
      : (tensor<4xf32>) -> tensor<4xf32>
    %4 = "stablehlo.collective_permute"(%x) {
      source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>
    } : (tensor<4xf32>) -> tensor<4xf32>
    %5 = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>}
      : (tensor<4xf32>) -> tensor<4xf32>
    %6 = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.multiply %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>}
      : (tensor<4xf32>) -> tensor<4xf32>
    %7 = stablehlo.replica_id : tensor<ui32>
    return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xf32>, tensor<16xf32>, tensor<1xf32>,
      tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<ui32>
  }
}
"""

# The same devices, one SPMD program over four partitions: a sum of every
# shard, a reversal, whose shards come from the other process, and rows made
# columns (per device: an all-to-all across the processes).
FOUR_PARTITIONS = """
module @jit_g attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<4xf32> {mhlo.sharding = "{devices=[4]<=[4]}"})
      -> (tensor<f32> {mhlo.sharding = "{replicated}"},
          tensor<4xf32> {mhlo.sharding = "{devices=[4]<=[4]}"},
          tensor<4x4xf32> {mhlo.sharding = "{devices=[1,4]<=[4]}"}) {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0]
      : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %r = stablehlo.reverse %x, dims = [0] : tensor<4xf32>
    %rows = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<4xf32>) -> tensor<4x4xf32>
    %c = stablehlo.custom_call @Sharding(%rows) {mhlo.sharding = "{devices=[4,1]<=[4]}"}
      : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %s, %r, %c : tensor<f32>, tensor<4xf32>, tensor<4x4xf32>
  }
}
"""


def run_four_partitions(client, mode: str = "auto") -> list[list]:
    """``[output][device]`` of FOUR_PARTITIONS for this process's devices;
    device k holds element k + 1 of the global argument. ``mode``: how the
    SPMD program runs (``JAXLIB_SPMD_PARTITIONS``: auto runs the per-device
    program, each process computing its own shards; global runs the global
    view in every process)."""
    os.environ["JAXLIB_SPMD_PARTITIONS"] = mode
    try:
        executable = client.compile_and_load(FOUR_PARTITIONS, client.devices())
        mine = client.local_devices()
        args = [[client.buffer_from_pyval(np.float32([d.id + 1]), d) for d in mine]]
        outputs = executable.execute_sharded(args).disassemble_into_single_device_arrays()
    finally:
        del os.environ["JAXLIB_SPMD_PARTITIONS"]
    if mode != "global":  # the per-device program exists, so it is what ran
        assert executable._compiled._partitioned is not None, "ran in global view"
        assert executable._compiled.partition_refusal is None, \
            executable._compiled.partition_refusal
    return [[np.asarray(a).tolist() for a in per_output] for per_output in outputs]


def replica_input(replica: int) -> np.ndarray:
    """Small distinct integers: sums, products and maxima of them are exact."""
    return np.float32([1, 2, 3, 4]) + 4 * replica


def run_four_replicas(client) -> list[list[list[float]]]:
    """``[device][output]`` of FOUR_REPLICAS over the client's devices, for
    the devices this process owns."""
    outputs, _ = run_four_replicas_arrays(client)
    return [[a.tolist() for a in per_device] for per_device in outputs]


def run_four_replicas_arrays(client):
    """The outputs as numpy arrays ``[device][output]``, and the live device
    arrays that hold them."""
    executable = client.compile_and_load(FOUR_REPLICAS, client.devices())
    mine = client.local_devices()
    args = [[client.buffer_from_pyval(replica_input(d.id), d) for d in mine]]
    outputs = executable.execute_sharded(args).disassemble_into_single_device_arrays()
    values = [[np.asarray(out[k]) for out in outputs] for k in range(len(mine))]
    return values, (args, outputs)


def error_of(call) -> str | None:
    try:
        call()
    except (XlaRuntimeError, RuntimeError) as err:
        return str(err)
    return None


def seed_setup(address: str, node_id: int, params: dict) -> dict:
    port = address.rsplit(":", 1)[1]
    service = None
    # --- seed 000 "Distributed Setup", verbatim but for the port and node_id ---
    if node_id == 0:
        # Start distributed runtime service on coordinator
        service = xla_client.get_distributed_runtime_service(
            address=f"localhost:{port}",
            num_nodes=2,
            heartbeat_timeout=60000
        )

    # Connect distributed client on each node
    dist_client = xla_client.get_distributed_runtime_client(
        address=f"localhost:{port}",
        node_id=node_id,  # Different for each node
        init_timeout=30000
    )

    # Create client with distributed support
    client = xla_client.make_cpu_client(
        distributed_client=dist_client,
        node_id=node_id,
        num_nodes=2
    )
    # --- end of the seed's example ---
    result = describe(client)
    dist_client.shutdown()
    if service is not None:
        service.shutdown()
    return result


def describe(client) -> dict:
    devices = client.devices()
    remote = next(d for d in devices if d.process_index != client.process_index())
    return {
        "process_index": client.process_index(),
        "devices": [[d.id, d.process_index, d.local_hardware_id] for d in devices],
        "local_devices": [d.id for d in client.local_devices()],
        "device_count": client.device_count(),
        "local_device_count": client.local_device_count(),
        "mixed_fully_addressable": xla_client.DeviceList(tuple(devices)).is_fully_addressable,
        "local_fully_addressable": xla_client.DeviceList(
            tuple(client.local_devices())).is_fully_addressable,
        "remote_put_error": error_of(lambda: client.buffer_from_pyval(np.float32(1), remote)),
        "remote_memory_stats_error": error_of(remote.memory_stats),
    }


def live_array_processes(client) -> list[int]:
    return sorted({a.sharding._device.process_index for a in client.live_arrays()})


def collectives(address: str, node_id: int, params: dict) -> dict:
    dist_client = xla_client.get_distributed_runtime_client(
        address, node_id, init_timeout=20, shutdown_timeout=20)
    dist_client.connect()
    gloo = None
    if params.get("with_collectives", True):
        gloo = xla_client.make_gloo_tcp_collectives(dist_client, hostname="127.0.0.1")
    client = xla_client.make_cpu_client(
        distributed_client=dist_client, node_id=node_id, num_nodes=2, collectives=gloo,
        num_devices=2)
    result: dict = {"describe": describe(client)}
    if gloo is None:
        result["error"] = error_of(lambda: run_four_replicas(client))
    else:
        # Twice: consecutive executions stay in step.
        result["first"] = run_four_replicas(client)
        kept = run_four_replicas_arrays(client)
        result["second"] = [[a.tolist() for a in outs] for outs in kept[0]]
        result["live_array_processes"] = live_array_processes(client)
        result["global_view"] = run_four_partitions(client, "global")
        result["global_view_again"] = run_four_partitions(client, "global")
        result["partitioned"] = run_four_partitions(client)
        result["partitioned_again"] = run_four_partitions(client)
    dist_client.shutdown()
    return result


SCENARIOS = {"seed_setup": seed_setup, "collectives": collectives}

if __name__ == "__main__":
    scenario, address, node, params = sys.argv[1:5]
    print(json.dumps(SCENARIOS[scenario](address, int(node), json.loads(params))), flush=True)
