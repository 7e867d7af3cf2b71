"""Multi-process CPU clients: two real processes on 127.0.0.1 form one client
(global devices exchanged through the coordination service) and run programs
whose collectives cross processes over Gloo, with the results of one process
over the same number of devices."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from coordination_harness import free_address, run_pair, two_node_service
from multiprocess_client_worker import run_four_replicas

from jaxlib import xla_client

WORKER = Path(__file__).with_name("multiprocess_client_worker.py")


def _run(scenario: str, address: str, timeout: float = 60, **params) -> list[dict]:
    return run_pair(WORKER, scenario, address, timeout, **params)


service_address = pytest.fixture(two_node_service)


def test_the_seed_distributed_setup_runs_on_two_processes():
    first, second = _run("seed_setup", free_address())
    for node, result in enumerate((first, second)):
        assert result["process_index"] == node
        # One device a process, numbered in process order.
        assert result["devices"] == [[0, 0, 0], [1, 1, 0]]
        assert result["local_devices"] == [node]
        assert result["device_count"] == 2 and result["local_device_count"] == 1


def test_devices_addressability_and_one_client_over_two_processes(service_address):
    results = _run("collectives", service_address)
    for node, result in enumerate(results):
        described = result["describe"]
        assert described["process_index"] == node
        assert described["devices"] == [[0, 0, 0], [1, 0, 1], [2, 1, 0], [3, 1, 1]]
        assert described["local_devices"] == [2 * node, 2 * node + 1]
        assert described["device_count"] == 4 and described["local_device_count"] == 2
        assert described["mixed_fully_addressable"] is False
        assert described["local_fully_addressable"] is True
        assert "belongs to process" in described["remote_put_error"]
        assert "not addressable" in described["remote_put_error"]
        assert "not addressable" in described["remote_memory_stats_error"]
        # Live arrays (inputs and outputs kept by the worker) are on its own devices only.
        assert result["live_array_processes"] == [node]
        # An SPMD program over partitions, run both ways: every process runs the
        # global view on shards gathered from both and keeps its own devices'
        # results; or (the default) each device runs the per-device program and
        # the processes meet in its collectives.
        mine = [2 * node, 2 * node + 1]
        # (each device's column of the rows x[i] broadcast: [1, 2, 3, 4])
        expected = [[10.0, 10.0], [[4.0 - k] for k in mine], [[[1.0], [2.0], [3.0], [4.0]]] * 2]
        assert result["global_view"] == expected
        assert result["global_view_again"] == expected
        assert result["partitioned"] == expected
        assert result["partitioned_again"] == expected


def test_cross_process_collectives_match_one_process(service_address):
    single = xla_client.make_cpu_client(num_devices=4)
    expected = run_four_replicas(single)
    # Sanity of the single-process answer itself.
    inputs = [np.float32([1, 2, 3, 4]) + 4 * r for r in range(4)]
    assert expected[0][0] == (sum(inputs)).tolist()
    assert expected[3][4] == inputs[2].tolist()  # the ring permute: 2 -> 3
    results = _run("collectives", service_address)
    for node, result in enumerate(results):
        mine = expected[2 * node:2 * node + 2]
        assert result["first"] == mine
        assert result["second"] == mine


def test_without_collectives_a_cross_process_program_says_what_is_missing(service_address):
    results = _run("collectives", service_address, with_collectives=False)
    for result in results:
        assert "collectives=" in result["error"]
        assert "make_gloo_tcp_collectives" in result["error"]
