"""All-reduce bandwidth of the cross-process CPU collectives on one machine.

``--engine gloo`` (the default) starts a coordination service and N worker
processes (default 2) on 127.0.0.1 that use the Gloo TCP collectives;
``--engine mpi`` starts the N workers as one ``mpirun`` job that uses the MPI
collectives (mpi4py); ``--mpi-transport tcp`` (the default) keeps OpenMPI on
TCP over the loopback interface like Gloo, ``shm`` lets it use shared memory.
Each worker sums float32 arrays of 1 KB to 256 MB with ``all_reduce`` and
node 0 prints, per size, the median time, the algorithm bandwidth
(bytes / time) and the bus bandwidth (what each link carries in a ring:
2 (n - 1) / n bytes / time). Times include the per-call agreement step (a
small all_gather) that catches mismatched calls.

    python benchmarks/collectives.py [--engine gloo|mpi] [--processes 2] [--max-mb 256]
                                     [--markdown] [--write docs/performance.md]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from report import write_section

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


def measure(comm, num_nodes: int, max_bytes: int) -> list[dict]:
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
    return rows


def worker(address: str, node_id: int, num_nodes: int, max_bytes: int) -> None:
    client = xla_client.get_distributed_runtime_client(address, node_id, init_timeout=60)
    client.connect()
    comm = xla_client.make_gloo_tcp_collectives(client, hostname="127.0.0.1").communicator(
        range(num_nodes))
    rows = measure(comm, num_nodes, max_bytes)
    client.wait_at_barrier("benchmark done", 60_000)
    client.shutdown()
    if node_id == 0:
        print(json.dumps(rows), flush=True)


def _human(nbytes: int) -> str:
    return f"{nbytes // 2**20} MB" if nbytes >= 2**20 else f"{nbytes // KB} KB"


def mpi_worker(num_nodes: int, max_bytes: int) -> None:
    mpi = xla_client.make_mpi_collectives()
    rows = measure(mpi.communicator(range(mpi.num_processes)), num_nodes, max_bytes)
    if mpi.process_id == 0:
        import mpi4py
        from mpi4py import MPI

        library = MPI.Get_library_version().split(",")[0].strip()
        print(json.dumps({"rows": rows, "engine": f"mpi4py {mpi4py.__version__} over "
                          f"{library}"}), flush=True)


def _run_gloo(args) -> str:
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
    return output


def _run_mpi(args) -> str:
    mpirun = shutil.which("mpirun")
    if mpirun is None:
        raise SystemExit("--engine mpi needs mpirun (Debian/Ubuntu: apt-get install "
                         "libopenmpi-dev openmpi-bin) and mpi4py")
    command = [mpirun, "-n", str(args.processes), "--oversubscribe"]
    if args.mpi_transport == "tcp":  # OpenMPI's byte transfer layers: TCP on lo, and self
        command += ["--mca", "btl", "self,tcp", "--mca", "btl_tcp_if_include", "lo"]
    if os.geteuid() == 0:
        command.append("--allow-run-as-root")  # OpenMPI refuses root otherwise
    command += [sys.executable, __file__, "--engine", "mpi", "--processes",
                str(args.processes), "--max-mb", str(args.max_mb), "--mpi-worker"]
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, timeout=600)
    if done.returncode:
        raise SystemExit(f"the mpirun job failed with exit code {done.returncode}")
    return done.stdout


def _table(rows: list[dict]) -> str:
    lines = ["| size | median time (ms) | algorithm bandwidth (GB/s) | bus bandwidth (GB/s) |",
             "| ---: | ---: | ---: | ---: |"]
    lines += [f"| {_human(r['bytes'])} | {r['seconds'] * 1e3:.3f} | {r['algbw']:.3f} | "
              f"{r['busbw']:.3f} |" for r in rows]
    return "\n".join(lines)


def _section(args, rows: list[dict]) -> tuple[str, str]:
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    extra = " --mpi-transport shm" if args.engine == "mpi" and args.mpi_transport == "shm" else ""
    if args.engine == "mpi":
        heading = "## MPI all_reduce over loopback"
        engine = args.engine_name
        how = (f"{args.processes} processes started by mpirun on this machine, "
               + ("TCP over the loopback interface (`--mca btl self,tcp`)"
                  if args.mpi_transport == "tcp" else "OpenMPI's shared-memory transport"))
    else:
        heading = "## Gloo all_reduce over loopback"
        engine = "Debian libgloo"
        how = f"{args.processes} processes on 127.0.0.1"
    text = (f"Measured {when} on {platform.machine()}, {os.cpu_count()} cores shared with "
            f"other jobs (load average about {os.getloadavg()[0]:.0f}), CPython "
            f"{platform.python_version()}, {engine} by `python benchmarks/collectives.py "
            f"--engine {args.engine}{extra} --write docs/performance.md`: {how}, float32 "
            "sum, median of 3 to 200 calls per size. Times include the per-call agreement step (a "
            "256-byte all_gather that turns mismatched calls into errors). Bus bandwidth = "
            f"2 (n - 1) / n x size / time.\n\n{_table(rows)}\n")
    return heading, text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", choices=("gloo", "mpi"), default="gloo")
    parser.add_argument("--mpi-transport", choices=("tcp", "shm"), default="tcp",
                        help="OpenMPI transport for --engine mpi")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--max-mb", type=int, default=256)
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    parser.add_argument("--write", metavar="PATH",
                        help="write this engine's section of PATH (docs/performance.md)")
    parser.add_argument("--worker", nargs=2, metavar=("ADDRESS", "NODE_ID"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--mpi-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    max_bytes = args.max_mb * 2**20
    if args.worker:
        worker(args.worker[0], int(args.worker[1]), args.processes, max_bytes)
        return
    if args.mpi_worker:
        mpi_worker(args.processes, max_bytes)
        return

    output = _run_mpi(args) if args.engine == "mpi" else _run_gloo(args)
    rows = json.loads(output.strip().splitlines()[-1])
    if args.engine == "mpi":  # rank 0 also names the MPI library
        args.engine_name, rows = rows["engine"], rows["rows"]
    if args.write:
        write_section(Path(args.write), *_section(args, rows))
    if args.markdown:
        print(_table(rows))
    else:
        for r in rows:
            print(f"all_reduce {_human(r['bytes']):>7}: {r['seconds'] * 1e3:9.3f} ms  "
                  f"{r['algbw']:7.3f} GB/s algorithm  {r['busbw']:7.3f} GB/s bus")


if __name__ == "__main__":
    main()
