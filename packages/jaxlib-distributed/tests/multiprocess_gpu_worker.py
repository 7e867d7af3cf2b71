"""One process of a multi-process GPU client test (mock GPUs, one mock host a
process): ``python multiprocess_gpu_worker.py SCENARIO ADDRESS NODE_ID
PARAMS_JSON``. Prints its result as one JSON line last."""

from __future__ import annotations

import json
import sys

import ml_dtypes
import numpy as np

from jaxlib import gpu_backend, xla_client
from jaxlib.xla_client import XlaRuntimeError

# Four replicas, two GPUs a process: collectives over all replicas, over
# groups that cross processes and over groups inside one process; bfloat16
# values, which GPUs keep as carriers of their bits.
FOUR_REPLICAS = """
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 4 : i32} {
  func.func public @main(%x: tensor<4xf32>, %h: tensor<2xbf16>) -> (tensor<4xf32>,
      tensor<16xf32>, tensor<1xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
      tensor<2xbf16>, tensor<ui32>) {
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
    %3 = "stablehlo.collective_permute"(%x) {
      source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>
    } : (tensor<4xf32>) -> tensor<4xf32>
    %4 = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>}
      : (tensor<4xf32>) -> tensor<4xf32>
    %5 = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.multiply %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>}
      : (tensor<4xf32>) -> tensor<4xf32>
    %6 = "stablehlo.all_reduce"(%h) ({
      ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
        %s = stablehlo.add %a, %b : tensor<bf16>
        stablehlo.return %s : tensor<bf16>
    }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}
      : (tensor<2xbf16>) -> tensor<2xbf16>
    %7 = stablehlo.replica_id : tensor<ui32>
    return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xf32>, tensor<16xf32>, tensor<1xf32>,
      tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xbf16>, tensor<ui32>
  }
}
"""


# One GPU a process: the replica of each process meets the other's.
TWO_REPLICAS = """
module @jit_g attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 2 : i32} {
  func.func public @main(%x: tensor<4xf32>, %h: tensor<2xbf16>) -> (tensor<4xf32>,
      tensor<8xf32>, tensor<ui32>) {
    %0 = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "stablehlo.all_gather"(%x) {
      all_gather_dim = 0 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>
    } : (tensor<4xf32>) -> tensor<8xf32>
    %2 = stablehlo.replica_id : tensor<ui32>
    return %0, %1, %2 : tensor<4xf32>, tensor<8xf32>, tensor<ui32>
  }
}
"""
PROGRAMS = {"four": FOUR_REPLICAS, "two": TWO_REPLICAS}

# An SPMD program over four partitions (run in global view): a sum of every
# shard and a reversal, whose shards come from the other process.
PARTITIONS = """
module @jit_p attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<4xf32> {mhlo.sharding = "{devices=[4]<=[4]}"})
      -> (tensor<f32> {mhlo.sharding = "{replicated}"},
          tensor<4xf32> {mhlo.sharding = "{devices=[4]<=[4]}"}) {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0]
      : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %r = stablehlo.reverse %x, dims = [0] : tensor<4xf32>
    return %s, %r : tensor<f32>, tensor<4xf32>
  }
}
"""


def run_partitions(client) -> list[list]:
    """``[output][device]`` of PARTITIONS for this process's devices; device
    k holds element k + 1 of the global argument."""
    executable = client.compile_and_load(PARTITIONS, client.devices())
    args = [[client.buffer_from_pyval(np.float32([d.id + 1]), d)
             for d in client.local_devices()]]
    outputs = executable.execute_sharded(args).disassemble_into_single_device_arrays()
    return [[np.asarray(a).tolist() for a in per_output] for per_output in outputs]


def replica_inputs(replica: int) -> tuple[np.ndarray, np.ndarray]:
    """Small distinct numbers: sums, products and maxima of them are exact
    (the bfloat16 sum rounds at each step, in replica order)."""
    return (np.float32([1, 2, 3, 4]) + 4 * replica,
            np.array([1.0 + replica / 128, 3.0 - replica], ml_dtypes.bfloat16))


def run_replicas(client, program: str = "four") -> list[list[list[float]]]:
    """``[device][output]`` of PROGRAMS[program] for this process's devices."""
    executable = client.compile_and_load(PROGRAMS[program], client.devices())
    mine = client.local_devices()
    args = [[client.buffer_from_pyval(replica_inputs(d.id)[i], d) for d in mine]
            for i in range(2)]
    outputs = executable.execute_sharded(args).disassemble_into_single_device_arrays()
    return [[np.asarray(out[k]).astype(np.float64).tolist() for out in outputs]
            for k in range(len(mine))]


def error_of(call) -> str | None:
    try:
        call()
    except (XlaRuntimeError, RuntimeError, ValueError) as err:
        return str(err)
    return None


def describe(client) -> dict:
    return {
        "platform": client.platform,
        "process_index": client.process_index(),
        "devices": [[d.id, d.process_index, d.local_hardware_id, d.device_kind]
                    for d in client.devices()],
        "local_devices": [d.id for d in client.local_devices()],
    }


def collectives(address: str, node_id: int, params: dict) -> dict:
    dist_client = xla_client.get_distributed_runtime_client(
        address, node_id, init_timeout=20, shutdown_timeout=20)
    dist_client.connect()
    collectives = None
    if params.get("gloo") == "explicit":
        collectives = xla_client.make_gloo_tcp_collectives(dist_client, hostname="127.0.0.1")
    client = gpu_backend.make_gpu_client(
        dist_client, node_id, 2, mock=True, mock_gpu_topology=params.get("topology", "1x2x2"),
        collectives=collectives)
    result: dict = {"describe": describe(client)}
    if params.get("gloo") == "none":
        client.collectives = None  # as without jaxlib-distributed's Gloo
        result["error"] = error_of(lambda: run_replicas(client))
    else:
        # Twice: consecutive executions stay in step.
        program = params.get("program", "four")
        result["first"] = run_replicas(client, program)
        result["second"] = run_replicas(client, program)
        if program == "four":
            result["partitions"] = run_partitions(client)
    dist_client.shutdown()
    return result


def wrong_topology(address: str, node_id: int, params: dict) -> dict:
    dist_client = xla_client.get_distributed_runtime_client(
        address, node_id, init_timeout=20, shutdown_timeout=20)
    dist_client.connect()
    error = error_of(lambda: gpu_backend.make_gpu_client(
        dist_client, node_id, 2, mock=True, mock_gpu_topology="1x3x1"))
    dist_client.shutdown()
    return {"error": error}


SCENARIOS = {"collectives": collectives, "wrong_topology": wrong_topology}

if __name__ == "__main__":
    scenario, address, node, params = sys.argv[1:5]
    print(json.dumps(SCENARIOS[scenario](address, int(node), json.loads(params))), flush=True)
