"""One process of a multi-process GPU client test (mock GPUs, one mock host a
process): ``python multiprocess_gpu_worker.py SCENARIO ADDRESS NODE_ID
PARAMS_JSON``. Prints its result as one JSON line last."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
from multiprocess_client_worker import (
    replica_input,
    run_four_partitions,
    run_four_replicas,
)

from jaxlib import gpu_backend, xla_client
from jaxlib.xla_client import XlaRuntimeError

# The CPU test's programs (every collective kind over four replicas; an SPMD
# program over four partitions), and two of the GPU's own: bfloat16 values,
# which GPUs keep as carriers of their bits, and one GPU a process.
BF16_SUM = """
module @jit_h attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 4 : i32} {
  func.func public @main(%h: tensor<2xbf16>) -> tensor<2xbf16> {
    %0 = "stablehlo.all_reduce"(%h) ({
      ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
        %s = stablehlo.add %a, %b : tensor<bf16>
        stablehlo.return %s : tensor<bf16>
    }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}
      : (tensor<2xbf16>) -> tensor<2xbf16>
    return %0 : tensor<2xbf16>
  }
}
"""
TWO_REPLICAS = """
module @jit_g attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 2 : i32} {
  func.func public @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<ui32>) {
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


def _run_program(client, program: str, inputs) -> list[list]:
    """``[device][output]`` of ``program`` for this process's devices, device
    d's arguments ``inputs(d.id)``."""
    executable = client.compile_and_load(program, client.devices())
    mine = client.local_devices()
    args = [[client.buffer_from_pyval(inputs(d.id)[i], d) for d in mine]
            for i in range(len(inputs(0)))]
    outputs = executable.execute_sharded(args).disassemble_into_single_device_arrays()
    return [[np.asarray(out[k]).astype(np.float64).tolist() for out in outputs]
            for k in range(len(mine))]


def run_replicas(client, program: str = "four") -> list:
    """This process's devices' results: for "four", FOUR_REPLICAS's and
    BF16_SUM's (a sum rounded at each step, in replica order); for "two",
    TWO_REPLICAS's."""
    if program == "two":
        return _run_program(client, TWO_REPLICAS, lambda r: (replica_input(r),))
    halves = np.array([[1.0 + r / 128, 3.0 - r] for r in range(4)], ml_dtypes.bfloat16)
    return [run_four_replicas(client), _run_program(client, BF16_SUM, lambda r: (halves[r],))]


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


def install_nccl_stand_in(folder: str):
    """jaxlib-gpu's NCCL stand-in for mock GPUs, its ranks meeting in
    ``folder`` (shared by the processes)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "jaxlib-gpu" / "tests"))
    from nccl_stand_in import DirectoryBoard, StandInNccl

    from jaxlib.gpu_runtime import nccl

    library = StandInNccl(board=DirectoryBoard(folder))
    nccl._state["library"] = library
    return library


def collectives(address: str, node_id: int, params: dict) -> dict:
    dist_client = xla_client.get_distributed_runtime_client(
        address, node_id, init_timeout=20, shutdown_timeout=20)
    dist_client.connect()
    with_nccl = params.get("nccl") and node_id in params.get("nccl_nodes", [0, 1])
    stand_in = install_nccl_stand_in(params["nccl"]) if with_nccl else None
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
            result["partitions"] = run_four_partitions(client)
            result["partitions_global"] = run_four_partitions(client, "global")
    if stand_in is not None:
        from jaxlib.gpu_runtime import nccl

        result["nccl_calls"] = dict(stand_in.calls)
        result["nccl_status"] = nccl.status()
        result["nccl_across"] = sorted(list(key) for key, entry in nccl._state["across"].items()
                                       if entry)
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
