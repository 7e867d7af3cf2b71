"""One process of a test of what ``jax.distributed.initialize`` asks of
jaxlib (``jaxlib._jax``'s coordination service, client, Gloo collectives and
preemption sync manager, called as jax 0.10.2 calls them): ``python
jax_setup_worker.py SCENARIO ADDRESS NODE_ID PARAMS_JSON``. Prints ``READY``
lines where the test waits, and its result as one JSON line last."""

from __future__ import annotations

import json
import sys
import time

import numpy as np

from jaxlib import _jax, xla_client


def initialize(address: str, node_id: int, num_processes: int = 2):
    """What jax.distributed.initialize (jax/_src/distributed.py) does."""
    service = None
    if node_id == 0:
        service = _jax.get_distributed_runtime_service(
            address, num_processes, heartbeat_timeout=100, shutdown_timeout=300,
            recoverable=False)
    client = _jax.get_distributed_runtime_client(
        address, node_id, init_timeout=300, use_compression=True, heartbeat_timeout=100)
    client.connect()
    manager = _jax.create_preemption_sync_manager()
    manager.initialize(client)
    return service, client, manager


def cpu_client(address: str, node_id: int, params: dict) -> dict:
    """jax's CPU backend of a multi-process job (xla_bridge.make_cpu_client)."""
    service, client, manager = initialize(address, node_id)
    collectives = _jax.make_gloo_tcp_collectives(distributed_client=client)
    cpu = xla_client.make_cpu_client(distributed_client=client, node_id=node_id, num_nodes=2,
                                     collectives=collectives)
    program = """
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 2 : i32} {
  func.func public @main(%x: tensor<3xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}"""
    executable = cpu.compile_and_load(program, cpu.devices())
    mine = cpu.local_devices()[0]
    arg = cpu.buffer_from_pyval(np.float32([1, 2, 3]) * (node_id + 1), mine)
    out = executable.execute_sharded([[arg]]).disassemble_into_single_device_arrays()
    result = {"devices": [d.id for d in cpu.devices()], "sum": np.asarray(out[0][0]).tolist(),
              "reached_without_notice": manager.reached_sync_point(0)}
    manager.shutdown()
    client.shutdown()
    if service is not None:
        service.shutdown()
    return result


def preemption(address: str, node_id: int, params: dict) -> dict:
    """A training loop asking for the sync point each step; the test sends
    SIGTERM to one process after READY."""
    service, client, manager = initialize(address, node_id)
    reached = None
    # (up to a minute of steps: on a loaded machine the notice, polled each
    # second, and the barrier after it take seconds to go round)
    for step in range(params.get("steps", 3000)):
        if step == 5:
            print("READY", flush=True)  # steps 0-4 asked before any notice
        time.sleep(0.02)
        if manager.reached_sync_point(step):
            reached = step
            break
    result = {"reached": reached, "error": manager.error}
    client.wait_at_barrier("done", 60_000)
    manager.shutdown()
    client.shutdown()
    if service is not None:
        service.shutdown()
    return result


SCENARIOS = {"cpu_client": cpu_client, "preemption": preemption}

if __name__ == "__main__":
    scenario, address, node, params = sys.argv[1:5]
    print(json.dumps(SCENARIOS[scenario](address, int(node), json.loads(params))), flush=True)
