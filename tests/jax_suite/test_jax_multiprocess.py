"""Unmodified jax 0.10.2 over two real processes on 127.0.0.1 on this jaxlib:
``jax.distributed.initialize`` (jaxlib-distributed's coordination service),
every process's devices, and sharded jit, shard_map's psum and
``process_allgather`` across the processes (SPMD programs in global view,
each process on shards gathered over Gloo), on the CPU and on jaxlib-gpu's
mock GPUs (one a process)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

if not os.environ.get("JAXLIB_WITH_JAX"):
    pytest.skip("imports jax: runs in `nox -s jax-tests` (or set JAXLIB_WITH_JAX=1)",
                allow_module_level=True)
pytest.importorskip("jax")
pytest.importorskip("jaxlib.distributed", reason="jax.distributed needs jaxlib-distributed")

WORKER = Path(__file__).with_name("jax_multiprocess_worker.py")


def _run(platform: str) -> list[dict]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = str(sock.getsockname()[1])
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    workers = [subprocess.Popen([sys.executable, str(WORKER), platform, port, str(p)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=env) for p in (0, 1)]
    results = []
    try:
        for worker in workers:
            out, err = worker.communicate(timeout=180)
            assert worker.returncode == 0 and out.strip(), err[-3000:]
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
    return results


def _check_job(results: list[dict]) -> None:
    for p, result in enumerate(results):
        assert result["devices"] == [[0, 0], [1, 1]] and result["local"] == [p]
        assert result["process_index"] == p and result["process_count"] == 2
        assert "error" not in result, result.get("error")
        mine = [float(v) for v in range(4 * p, 4 * p + 4)]
        assert result["doubled"] == [[2 * v for v in mine]]
        assert result["total"] == 28.0
        assert result["flipped"] == [[7.0 - v for v in mine]]
        assert result["psum"] == [[28.0] * 4]  # 6 + 22, the two blocks' sums
        assert result["gathered"] == [float(v) for v in range(8)]


def test_a_two_process_cpu_job():
    _check_job(_run("cpu"))


def test_a_two_process_mock_gpu_job():
    _check_job(_run("mock-gpu"))
