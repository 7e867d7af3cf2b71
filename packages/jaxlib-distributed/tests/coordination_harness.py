"""Runs coordination scenarios in real processes on 127.0.0.1.

Each worker is ``python coordination_worker.py SCENARIO ADDRESS NODE_ID PARAMS``
(or another ``script`` taking the same arguments);
it prints ``READY`` lines when asked to, and its result as one JSON line last.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

WORKER = Path(__file__).with_name("coordination_worker.py")


def free_address() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"127.0.0.1:{sock.getsockname()[1]}"


class Worker:
    def __init__(self, scenario: str, address: str, node_id: int, *,
                 script: Path = WORKER, **params):
        self.node_id = node_id
        self.process = subprocess.Popen(
            [sys.executable, str(script), scenario, address, str(node_id), json.dumps(params)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._all_lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def wait_for(self, marker: str, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while True:
            line = self._lines.get(timeout=max(deadline - time.monotonic(), 0.01))
            if line is None:
                raise AssertionError(f"node {self.node_id} exited before {marker!r}: "
                                     f"{self.process.stderr.read()}")
            self._all_lines.append(line)
            if line == marker:
                return

    def signal(self, signum: int) -> None:
        os.kill(self.process.pid, signum)

    def result(self, timeout: float = 30) -> dict:
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"node {self.node_id} hung for {timeout} s") from None
        stderr = self.process.stderr.read()
        while (line := self._lines.get(timeout=5)) is not None:
            self._all_lines.append(line)
        if self.process.returncode != 0 or not self._all_lines:
            raise AssertionError(
                f"node {self.node_id} failed (exit {self.process.returncode}):\n{stderr}")
        return json.loads(self._all_lines[-1])

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()


def run_all(workers: list[Worker], timeout: float = 30) -> list[dict]:
    try:
        return [w.result(timeout) for w in workers]
    finally:
        for w in workers:
            w.kill()


def run_pair(script: Path, scenario: str, address: str, timeout: float = 60,
             **params) -> list[dict]:
    """Runs ``scenario`` of ``script`` as nodes 0 and 1; their results."""
    workers = [Worker(scenario, address, node, script=script, **params) for node in (0, 1)]
    return run_all(workers, timeout)


def two_node_service():
    """A coordination service of two nodes on a free address, for a pytest
    fixture: yields the address, shuts the service down after."""
    from jaxlib import xla_client

    address = free_address()
    service = xla_client.get_distributed_runtime_service(address, 2)
    yield address
    service.shutdown()
