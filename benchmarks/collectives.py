"""All-reduce bandwidth of the Gloo TCP collectives over loopback.

Starts a coordination service and N worker processes (default 2) on
127.0.0.1; each worker sums float32 arrays of 1 KB to 256 MB with
``GlooCommunicator.all_reduce`` and node 0 prints, per size, the median time,
the algorithm bandwidth (bytes / time) and the bus bandwidth (what each link
carries in a ring: 2 (n - 1) / n bytes / time). Times include the per-call
agreement step (a small all_gather) that catches mismatched calls.

    python benchmarks/collectives.py [--processes 2] [--max-mb 256] [--markdown]
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import time

import numpy as np

from jaxlib import xla_client

KB = 1024


def _sizes(max_bytes: int) -> list[int]:
    sizes, size = [], KB
    while size <= max_bytes:
        sizes.append(size)
        size *= 4
    return sizes


def _repeats(nbytes: int) -> int:
    return max(3, min(200, (64 * 2**20) // nbytes))


def worker(address: str, node_id: int, num_nodes: int, max_bytes: int) -> None:
    client = xla_client.get_distributed_runtime_client(address, node_id, init_timeout=60)
    client.connect()
    comm = xla_client.make_gloo_tcp_collectives(client, hostname="127.0.0.1").communicator(
        range(num_nodes))
    rows = []
    for nbytes in _sizes(max_bytes):
        x = np.ones(nbytes // 4, np.float32)
        comm.all_reduce(x)  # warm up
        samples = []
        for _ in range(_repeats(nbytes)):
            comm.barrier()
            start = time.perf_counter()
            comm.all_reduce(x)
            samples.append(time.perf_counter() - start)
        seconds = statistics.median(samples)
        rows.append({"bytes": nbytes, "seconds": seconds,
                     "algbw": nbytes / seconds / 1e9,
                     "busbw": 2 * (num_nodes - 1) / num_nodes * nbytes / seconds / 1e9})
    client.wait_at_barrier("benchmark done", 60_000)
    client.shutdown()
    if node_id == 0:
        print(json.dumps(rows), flush=True)


def _human(nbytes: int) -> str:
    return f"{nbytes // 2**20} MB" if nbytes >= 2**20 else f"{nbytes // KB} KB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--max-mb", type=int, default=256)
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    parser.add_argument("--worker", nargs=2, metavar=("ADDRESS", "NODE_ID"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    max_bytes = args.max_mb * 2**20
    if args.worker:
        worker(args.worker[0], int(args.worker[1]), args.processes, max_bytes)
        return

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{sock.getsockname()[1]}"
    service = xla_client.get_distributed_runtime_service(address, args.processes)
    try:
        workers = [subprocess.Popen(
            [sys.executable, __file__, "--processes", str(args.processes), "--max-mb",
             str(args.max_mb), "--worker", address, str(n)],
            stdout=subprocess.PIPE, text=True) for n in range(args.processes)]
        output = workers[0].communicate(timeout=600)[0]
        for w in workers[1:]:
            w.wait(timeout=60)
        if any(w.returncode for w in workers):
            raise SystemExit(f"a worker failed: exit codes {[w.returncode for w in workers]}")
    finally:
        service.shutdown()
    rows = json.loads(output.strip().splitlines()[-1])
    if args.markdown:
        print("| size | median time (ms) | algorithm bandwidth (GB/s) | bus bandwidth (GB/s) |")
        print("| ---: | ---: | ---: | ---: |")
        for r in rows:
            print(f"| {_human(r['bytes'])} | {r['seconds'] * 1e3:.3f} | {r['algbw']:.3f} | "
                  f"{r['busbw']:.3f} |")
    else:
        for r in rows:
            print(f"all_reduce {_human(r['bytes']):>7}: {r['seconds'] * 1e3:9.3f} ms  "
                  f"{r['algbw']:7.3f} GB/s algorithm  {r['busbw']:7.3f} GB/s bus")


if __name__ == "__main__":
    main()
