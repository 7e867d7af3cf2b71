"""What ``jax.distributed.initialize`` and jax's multi-process backends ask of
jaxlib, called as jax 0.10.2 calls it, in two real processes on 127.0.0.1:
``jaxlib._jax``'s coordination service and client, Gloo collectives, and the
preemption sync manager (one process gets SIGTERM; both agree on the step at
which to checkpoint)."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from coordination_harness import Worker, free_address, run_all

from jaxlib import _jax, xla_client

WORKER = Path(__file__).with_name("jax_setup_worker.py")


def _workers(scenario: str, **params) -> list[Worker]:
    address = free_address()
    return [Worker(scenario, address, node, script=WORKER, **params) for node in (0, 1)]


def test_jax_distributed_setup_and_a_cross_process_sum():
    first, second = run_all(_workers("cpu_client"), timeout=90)
    for result in (first, second):
        assert result["devices"] == [0, 1]
        assert result["sum"] == [3.0, 6.0, 9.0]
        assert result["reached_without_notice"] is False


def test_a_preempted_process_and_its_peer_checkpoint_at_the_same_step():
    workers = _workers("preemption")
    try:
        for worker in workers:
            worker.wait_for("READY", timeout=60)
        workers[1].signal(signal.SIGTERM)  # a scheduler's notice, to one process
        first, second = run_all(workers, timeout=90)
    finally:
        for worker in workers:
            worker.kill()
    assert first["error"] is None and second["error"] is None
    assert first["reached"] is not None and first["reached"] == second["reached"]
    assert first["reached"] >= 5  # after step 4, the last one asked before the notice


def test_the_manager_checks_its_use():
    manager = _jax.create_preemption_sync_manager()
    with pytest.raises(xla_client.XlaRuntimeError, match="initialize the preemption"):
        manager.reached_sync_point(0)
    with pytest.raises(xla_client.XlaRuntimeError, match="DistributedRuntimeClient"):
        manager.initialize(object())


def test_a_service_wide_recoverable_flag_is_refused_by_name():
    with pytest.raises(xla_client.XlaRuntimeError, match="UNIMPLEMENTED: a recoverable"):
        _jax.get_distributed_runtime_service(free_address(), 2, recoverable=True)
