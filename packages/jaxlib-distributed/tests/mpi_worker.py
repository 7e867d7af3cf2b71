"""One process of an MPI collectives test, started by ``mpirun``:
``python mpi_worker.py SCENARIO OUT_DIR PARAMS_JSON``. Runs the scenario and
writes its result as JSON to ``OUT_DIR/<world rank>.json``."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np
from gloo_worker import check_collectives, error_of
from multiprocess_client_worker import run_four_replicas

from jaxlib import xla_client
from jaxlib.distributed import MpiCollectives, MpiCommunicator


def collectives(mpi: MpiCollectives, params: dict) -> dict:
    result = {"all": check_collectives(mpi.communicator(range(mpi.num_processes)))}
    # A subset, listed out of order: ranks follow the list.
    subset = params.get("subset")
    if subset and mpi.process_id in subset:
        comm = mpi.communicator(subset)
        result["subset_rank"] = comm.rank
        result["subset"] = check_collectives(comm)
        result["subset_sum"] = comm.all_reduce(np.array([mpi.process_id], np.int64)).tolist()
    return result


def large(mpi: MpiCollectives, params: dict) -> dict:
    comm = mpi.communicator(range(mpi.num_processes))
    me = mpi.process_id
    n = params["megabytes"] * 2**20 // 4
    # Integers below 2**24 / size: float32 sums of them are exact.
    base = np.arange(n, dtype=np.int64) % 4093
    x = (base + 5000 * me).astype(np.float32)
    start = time.perf_counter()
    summed = comm.all_reduce(x)
    result = {"reduce_s": time.perf_counter() - start}
    want = (comm.size * base + 5000 * sum(range(comm.size))).astype(np.float32)
    result["all_reduce_exact"] = bool(np.array_equal(summed, want))
    del summed, want
    start = time.perf_counter()
    gathered = comm.all_gather(x)
    result["gather_s"] = time.perf_counter() - start
    result["all_gather_exact"] = bool(gathered.shape == (comm.size, n) and all(
        np.array_equal(gathered[r], (base + 5000 * r).astype(np.float32))
        for r in range(comm.size)))
    return result


def mismatch(mpi: MpiCollectives, params: dict) -> dict:
    comm = mpi.communicator([0, 1])
    me = mpi.process_id
    result = {
        "dtype": error_of(lambda: comm.all_reduce(
            np.ones(8, np.float32 if me == 0 else np.float64))),
        "shape": error_of(lambda: comm.all_gather(np.ones((2, 4 + me), np.int32))),
        "op": error_of(lambda: comm.all_reduce(np.ones(4), "sum" if me == 0 else "max")),
        "collective": error_of(lambda: comm.barrier() if me == 0
                               else comm.broadcast(np.ones(2), root=0)),
    }
    # Disagreement is caught before any data moves: the communicator still works.
    result["after"] = comm.all_reduce(np.full(3, me + 1, np.int32)).tolist()
    return result


def single(mpi: MpiCollectives, params: dict) -> dict:
    """A job of one process: the cluster of one, then every argument error."""
    comm = mpi.communicator([0])
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    result = {
        "types": isinstance(mpi, MpiCollectives) and isinstance(comm, MpiCommunicator),
        "cached": mpi.communicator((0,)) is comm,
        "shape": [comm.rank, comm.size, list(comm.process_ids), mpi.process_id],
        "max": bool(np.array_equal(comm.all_reduce(x, "max"), x)),
        "gather": bool(np.array_equal(comm.all_gather(x), x[None])),
        "scatter": bool(np.array_equal(comm.reduce_scatter(x), x)),
        "to_all": bool(np.array_equal(comm.all_to_all(x), x)),
        "broadcast": bool(np.array_equal(comm.broadcast(x.T, root=0), x.T)),
        "scalar": comm.all_reduce(np.float64(2.5)).tolist(),
    }
    comm.barrier()
    calls = {
        "not_member": lambda: mpi.communicator([1]),
        "duplicates": lambda: mpi.communicator([0, 0]),
        "negative": lambda: mpi.communicator([0, -1]),
        "not_a_sequence": lambda: mpi.communicator(5),
        "not_a_rank": lambda: mpi.communicator([0, 3]),
        "reduction": lambda: comm.all_reduce(np.ones(2), "mean"),
        "complex_max": lambda: comm.all_reduce(np.ones(2, complex), "max"),
        "strings": lambda: comm.all_reduce(np.array(["a"]), "sum"),
        "root": lambda: comm.broadcast(np.ones(2), root=1),
        "blocks": lambda: comm.reduce_scatter(np.float32(1)),
    }
    result["errors"] = {name: error_of(call) for name, call in calls.items()}
    result["via_xla_client"] = type(xla_client.make_mpi_collectives()).__name__
    return result


def client(mpi: MpiCollectives, params: dict) -> dict:
    """A multi-process CPU client (2 devices a process) whose cross-process
    collectives go through MPI; node ids are MPI ranks."""
    me, address = mpi.process_id, params["address"]
    service = (xla_client.get_distributed_runtime_service(address, mpi.num_processes)
               if me == 0 else None)
    dist_client = xla_client.get_distributed_runtime_client(address, me, init_timeout=30)
    dist_client.connect()
    cpu = xla_client.make_cpu_client(distributed_client=dist_client, node_id=me,
                                     num_nodes=mpi.num_processes, collectives=mpi,
                                     num_devices=2)
    result = {"first": run_four_replicas(cpu), "second": run_four_replicas(cpu)}
    dist_client.shutdown()
    if service is not None:
        service.shutdown()
    return result


SCENARIOS = {f.__name__: f for f in (collectives, large, mismatch, single, client)}

if __name__ == "__main__":
    scenario, out_dir, params = sys.argv[1:4]
    mpi = xla_client.make_mpi_collectives()
    result = SCENARIOS[scenario](mpi, json.loads(params))
    (Path(out_dir) / f"{mpi.process_id}.json").write_text(json.dumps(result))
