"""One process of a Gloo collectives test: ``python gloo_worker.py SCENARIO
ADDRESS NODE_ID PARAMS_JSON``. Connects to the coordination service at ADDRESS,
runs the scenario, prints its result as one JSON line last."""

from __future__ import annotations

import json
import os
import sys
import time

import numpy as np

from jaxlib import xla_client
from jaxlib.distributed import GlooCollectives
from jaxlib.xla_client import XlaRuntimeError

LONG_MS = 20_000


def connect(address: str, node_id: int):
    client = xla_client.get_distributed_runtime_client(
        address, node_id, init_timeout=20, shutdown_timeout=20, heartbeat_timeout=5)
    client.connect()
    return client


def error_of(call) -> str | None:
    try:
        call()
    except XlaRuntimeError as err:
        return str(err)
    return None


def rank_data(rank: int, shape=(6, 4), dtype=np.float32) -> np.ndarray:
    """Distinct small integers per rank: every reduction of them is exact."""
    return (np.arange(np.prod(shape)).reshape(shape) % 7 + 1 + 10 * rank).astype(dtype)


def expected_reduction(size: int, op: str, shape, dtype) -> np.ndarray:
    stack = np.stack([rank_data(r, shape, dtype) for r in range(size)])
    return {"sum": stack.sum(0), "prod": stack.prod(0), "min": stack.min(0),
            "max": stack.max(0)}[op].astype(dtype)


def check_collectives(comm) -> dict[str, bool]:
    """Every collective on ``comm``, each compared with numpy's answer."""
    size, rank = comm.size, comm.rank
    checks = {}
    for dtype in (np.float32, np.float64, np.int32, np.int64, np.uint8, np.float16):
        for op in ("sum", "prod", "min", "max"):
            got = comm.all_reduce(rank_data(rank, dtype=dtype), op)
            want = expected_reduction(size, op, (6, 4), dtype)
            checks[f"all_reduce {op} {np.dtype(dtype).name}"] = bool(
                got.dtype == dtype and np.array_equal(got, want))
    flags = np.array([rank == 0, True, False])
    checks["all_reduce bool"] = bool(np.array_equal(comm.all_reduce(flags, "sum"),
                                                    [True, True, False])
                                     and np.array_equal(comm.all_reduce(flags, "prod"),
                                                        [size == 1, True, False]))
    gathered = comm.all_gather(rank_data(rank))
    checks["all_gather"] = bool(np.array_equal(
        gathered, np.stack([rank_data(r) for r in range(size)])))
    rows = 2 * size
    scattered = comm.reduce_scatter(rank_data(rank, (rows, 3)), "sum")
    checks["reduce_scatter"] = bool(np.array_equal(
        scattered, expected_reduction(size, "sum", (rows, 3), np.float32)[2 * rank:2 * rank + 2]))
    # all_to_all: block j of rank r holds 100 * r + j.
    blocks = np.repeat(100 * rank + np.arange(size), 3).reshape(size, 3).astype(np.int64)
    exchanged = comm.all_to_all(blocks)
    checks["all_to_all"] = bool(np.array_equal(
        exchanged, np.repeat(100 * np.arange(size) + rank, 3).reshape(size, 3)))
    # messages of different lengths (the empty one too), in rank order
    messages = comm.all_gather_bytes(b"x" * (3 * rank) + bytes([rank]))
    checks["all_gather_bytes"] = messages == [b"x" * (3 * r) + bytes([r]) for r in range(size)]
    checks["all_gather_bytes empty"] = comm.all_gather_bytes(b"") == [b""] * size
    root = size - 1
    sent = comm.broadcast(rank_data(rank), root=root)
    checks["broadcast"] = bool(np.array_equal(sent, rank_data(root)))
    comm.barrier()
    checks["barrier"] = True
    return checks


# ------------------------------------------------------------------ scenarios

def collectives(address, node_id, params):
    client = connect(address, node_id)
    gloo = xla_client.make_gloo_tcp_collectives(client, hostname="127.0.0.1")
    num_nodes = params["num_nodes"]
    result = {"all": check_collectives(gloo.communicator(range(num_nodes)))}
    # A subset, listed out of order: ranks follow the list.
    subset = params.get("subset")
    if subset and node_id in subset:
        comm = gloo.communicator(subset)
        result["subset_rank"] = comm.rank
        result["subset"] = check_collectives(comm)
        result["subset_sum"] = comm.all_reduce(np.array([node_id], np.int64)).tolist()
    client.wait_at_barrier("done", LONG_MS)
    client.shutdown()
    return result


def large(address, node_id, params):
    client = connect(address, node_id)
    comm = xla_client.make_gloo_tcp_collectives(client, hostname="127.0.0.1").communicator(
        range(params["num_nodes"]))
    n = params["megabytes"] * 2**20 // 4
    # Integers below 2**24 / size: float32 sums of them are exact.
    x = (np.arange(n, dtype=np.int64) % 4093 + 5000 * node_id).astype(np.float32)
    start = time.perf_counter()
    summed = comm.all_reduce(x)
    reduce_s = time.perf_counter() - start
    ranks = np.arange(comm.size, dtype=np.int64)[:, None]
    base = np.arange(n, dtype=np.int64) % 4093
    want = (comm.size * base + 5000 * ranks.sum()).astype(np.float32)
    result = {"all_reduce_exact": bool(np.array_equal(summed, want)), "reduce_s": reduce_s}
    del summed, want
    start = time.perf_counter()
    gathered = comm.all_gather(x)
    result["gather_s"] = time.perf_counter() - start
    result["all_gather_exact"] = bool(gathered.shape == (comm.size, n) and all(
        np.array_equal(gathered[r], (base + 5000 * r).astype(np.float32))
        for r in range(comm.size)))
    client.wait_at_barrier("done", LONG_MS)
    client.shutdown()
    return result


def mismatch(address, node_id, params):
    client = connect(address, node_id)
    comm = xla_client.make_gloo_tcp_collectives(client, hostname="127.0.0.1").communicator(
        [0, 1])
    result = {
        "dtype": error_of(lambda: comm.all_reduce(
            np.ones(8, np.float32 if node_id == 0 else np.float64))),
        "shape": error_of(lambda: comm.all_gather(np.ones((2, 4 + node_id), np.int32))),
        "op": error_of(lambda: comm.all_reduce(np.ones(4), "sum" if node_id == 0 else "max")),
        "collective": error_of(lambda: comm.barrier() if node_id == 0
                               else comm.broadcast(np.ones(2), root=0)),
        "bytes": error_of(lambda: comm.all_gather_bytes(b"abc") if node_id == 0
                          else comm.barrier()),
    }
    # Disagreement is caught before any data moves: the communicator still works.
    result["after"] = comm.all_reduce(np.full(3, node_id + 1, np.int32)).tolist()
    client.wait_at_barrier("done", LONG_MS)
    client.shutdown()
    return result


def peer_dies(address, node_id, params):
    client = xla_client.get_distributed_runtime_client(
        address, node_id, init_timeout=20, heartbeat_timeout=30,
        shutdown_on_destruction=False)
    client.connect()
    gloo = GlooCollectives(client, hostname="127.0.0.1", timeout_s=params["timeout_s"])
    comm = gloo.communicator([0, 1])
    first = comm.all_reduce(np.ones(4, np.float32)).tolist()
    if node_id == 1:
        if params["how"] == "exit":
            os._exit(3)  # the peer dies: its sockets close
        time.sleep(60)  # the peer stalls: only the timeout can tell
    start = time.monotonic()
    error = error_of(lambda: comm.all_reduce(np.ones(2**20, np.float32)))
    elapsed = time.monotonic() - start
    again = error_of(lambda: comm.barrier())
    print(json.dumps({"first": first, "error": error, "elapsed": elapsed, "again": again}),
          flush=True)
    os._exit(0)  # no shutdown barrier: the peer is gone


SCENARIOS = {f.__name__: f for f in (collectives, large, mismatch, peer_dies)}

if __name__ == "__main__":
    scenario, address, node_id, params = sys.argv[1:5]
    print(json.dumps(SCENARIOS[scenario](address, int(node_id), json.loads(params))), flush=True)
