"""The coordination service with real client processes on 127.0.0.1.

The service runs in the test process; each node is a separate Python process
(``coordination_worker.py``) that reports what it saw as JSON.
"""

from __future__ import annotations

import signal
import time

import pytest
from coordination_harness import Worker, free_address, run_all

from jaxlib import xla_client

HEARTBEAT_TIMEOUT_S = 3  # also the workers' client heartbeat_timeout
# Slack over the heartbeat timeout: the service checks every timeout/4 and
# a loaded 2-core machine adds process scheduling delays.
DETECTION_SLACK_S = 2.5


@pytest.fixture
def service_at():
    services = []

    def start(num_nodes: int, **options):
        address = free_address()
        options.setdefault("heartbeat_timeout", HEARTBEAT_TIMEOUT_S)
        services.append(xla_client.get_distributed_runtime_service(address, num_nodes, **options))
        return address

    yield start
    for service in services:
        service.shutdown()


def start_nodes(scenario: str, address: str, num_nodes: int, **params) -> list[Worker]:
    return [Worker(scenario, address, n, **params) for n in range(num_nodes)]


def test_key_value_semantics(service_at):
    address = service_at(2)
    node0, node1 = run_all(start_nodes("kv", address, 2))
    assert node0["double_set"].startswith("ALREADY_EXISTS: ") and "greeting" in node0["double_set"]
    assert node1["greeting"] == node1["try_greeting"] == "hello again"
    assert node1["blob_ok"]
    assert node1["try_missing"].startswith("NOT_FOUND: ") and "missing" in node1["try_missing"]
    timeout = node1["get_timeout"]
    assert timeout["error"].startswith("DEADLINE_EXCEEDED: ") and "never" in timeout["error"]
    assert 0.25 <= timeout["elapsed"] < 3
    assert node1["dir"] == node1["dir_slashes"] == node1["dir_bytes"] == [
        ["dir/a", "1"], ["dir/b/c", "2"]]
    assert node1["dir_after_delete"] == [["dir/a", "1"]]
    assert node1["dir_after_delete_all"] == []
    assert node1["dirx"] == "not below dir/"
    assert node1["increments"] == [5, 3]
    # Node 0's blocking get waited for node 1's late write, then got it.
    assert node0["from_1"] == "written late" and node0["waited_for_1"] >= 0.25


def test_concurrent_writers_lose_nothing(service_at):
    address = service_at(4)
    results = run_all(start_nodes("concurrent_writers", address, 4, threads=4, keys=25))
    for result in results:
        assert result["num_entries"] == 4 * 4 * 25
        assert result["all_values_match"]
        assert result["count"] == str(4 * 4 * 25)
    # Of 16 racing first writers of one key, exactly one won.
    assert sum(r["won_race"] for r in results) == 1
    assert len({r["winner"] for r in results}) == 1


def test_barriers_over_all_and_subsets(service_at):
    address = service_at(3)
    node0, node1, node2 = run_all(start_nodes("barriers", address, 3))
    lonely = node0["lonely"]
    assert lonely["error"].startswith("DEADLINE_EXCEEDED: ")
    assert "'lonely'" in lonely["error"] and "nodes 1, 2 did not arrive" in lonely["error"]
    assert 0.25 <= lonely["elapsed"] < 3
    assert node0["pair"] is None and node2["pair"] is None
    assert node1["not_a_member"].startswith("INVALID_ARGUMENT: ")
    assert "not one of its process_ids [0, 2]" in node1["not_a_member"]
    assert node1["conflict_other_ids"].startswith("INVALID_ARGUMENT: ")
    assert "[0, 1, 2]" in node1["conflict_other_ids"]
    assert node0["conflict_first"] is None and node1["conflict_same_ids"] is None
    assert node0["reused"] is None and node1["reused"] is None and node2["reused"] is None


def test_killed_process_is_detected_by_the_others(service_at):
    address = service_at(3)
    workers = start_nodes("killed_peer", address, 3)
    try:
        for worker in workers:
            worker.wait_for("READY")
        time.sleep(0.2)  # let nodes 0 and 1 start waiting on node 2
        workers[2].kill()
        killed_at = time.time()
        node0, node1 = run_all(workers[:2])
    finally:
        for worker in workers:
            worker.kill()
    for result in (node0, node1):
        blocked = result["blocked"]
        assert blocked["error"].startswith("UNAVAILABLE: ")
        assert "node 2 stopped sending heartbeats" in blocked["error"]
        assert blocked["at"] - killed_at < HEARTBEAT_TIMEOUT_S + DETECTION_SLACK_S
        (at, message), = result["callbacks"]
        assert "node 2 stopped sending heartbeats" in message
        assert at - killed_at < HEARTBEAT_TIMEOUT_S + DETECTION_SLACK_S + 1
        assert "node 2" in result["later_barrier_with_2"]
        assert result["survivors_barrier"] is None
        # The shutdown barrier does not wait for the dead node.
        assert result["shutdown"]["error"] is None and result["shutdown"]["elapsed"] < 2
    assert "'with_2'" in node0["blocked"]["error"]
    assert "'from_2'" in node1["blocked"]["error"]


def test_hung_process_is_declared_dead_and_told_so(service_at):
    address = service_at(2)
    workers = start_nodes("hung_peer", address, 2)
    try:
        for worker in workers:
            worker.wait_for("READY")
        workers[1].signal(signal.SIGSTOP)
        stopped_at = time.time()
        node0 = workers[0].result(timeout=20)
        workers[1].signal(signal.SIGCONT)
        node1 = workers[1].result(timeout=20)
    finally:
        for worker in workers:
            worker.kill()
    assert "node 1 stopped sending heartbeats" in node0["blocked"]["error"]
    assert node0["blocked"]["at"] - stopped_at < HEARTBEAT_TIMEOUT_S + DETECTION_SLACK_S
    assert len(node0["callbacks"]) == 1 and node0["shutdown"] is None
    # Once resumed, the hung node learns it was declared dead.
    (_, message), = node1["callbacks"]
    assert message.startswith("ABORTED: node 1 was declared dead")
    assert node1["after_resume"].startswith("ABORTED: node 1 was declared dead")


def test_shutdown_waits_for_stragglers(service_at):
    address = service_at(3)
    results = run_all(start_nodes("shutdown_stragglers", address, 3,
                                  shutdown_timeout=20, delays=[0, 0, 1.0]))
    straggler_called = results[2]["called"]
    for result in results:
        assert result["error"] is None
    for result in results[:2]:
        # Nobody left before the straggler arrived.
        assert result["at"] >= straggler_called - 0.05
        assert result["elapsed"] >= 0.8


def test_shutdown_barrier_times_out_without_hanging(service_at):
    address = service_at(2)
    early, late = run_all(start_nodes("shutdown_stragglers", address, 2,
                                      shutdown_timeout=1, delays=[0, 2.0]))
    assert early["error"].startswith("DEADLINE_EXCEEDED: the shutdown barrier timed out")
    assert "node 1 did not call shutdown" in early["error"]
    assert 0.9 <= early["elapsed"] < 3
    assert late["error"].startswith("DEADLINE_EXCEEDED: node 1 reached shutdown after")
    assert late["elapsed"] < 1


def test_recoverable_client_rejoins(service_at):
    address = service_at(2)
    node0 = Worker("recoverable", address, 0)
    first_life = Worker("recoverable", address, 1, life="first")
    try:
        first_life.wait_for("READY")
        first_life.kill()  # no shutdown: the process just dies
        second_life = Worker("recoverable", address, 1, life="second")
        result0, result1 = run_all([node0, second_life])
    finally:
        for worker in (node0, first_life):
            worker.kill()
    assert set(result0["first"]) == set(result0["second"]) == {"0", "1"}
    assert result0["first"]["0"] == result0["second"]["0"]
    assert result0["first"]["1"] != result0["second"]["1"]  # a new incarnation
    assert result0["callbacks"] == []  # a recoverable node's restart breaks nothing
    assert result0["shutdown"] is None
    assert result1["kept"] == "from the first life"
    assert list(result1["third_life"]) == ["1"]
    assert result1["third_life"]["1"] not in (result0["first"]["1"], result0["second"]["1"])
