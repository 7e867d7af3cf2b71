"""Gloo TCP collectives (the real Gloo library) between real processes on 127.0.0.1.

The coordination service runs in the test process; each participant is a
``gloo_worker.py`` process that checks its results against numpy and reports
them as JSON. Argument errors are checked in this process, with a cluster of one.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from coordination_harness import Worker, free_address, run_all

from jaxlib import xla_client
from jaxlib.distributed import GlooCollectives, GlooCommunicator
from jaxlib.xla_client import XlaRuntimeError

GLOO_WORKER = Path(__file__).with_name("gloo_worker.py")


@pytest.fixture
def service_at():
    services = []

    def start(num_nodes: int):
        address = free_address()
        services.append(xla_client.get_distributed_runtime_service(address, num_nodes))
        return address

    yield start
    for service in services:
        service.shutdown()


def run_scenario(service_at, scenario: str, num_nodes: int, timeout: float = 60,
                 **params) -> list[dict]:
    address = service_at(num_nodes)
    workers = [Worker(scenario, address, n, script=GLOO_WORKER, num_nodes=num_nodes, **params)
               for n in range(num_nodes)]
    return run_all(workers, timeout)


def assert_all_pass(checks: dict[str, bool]) -> None:
    assert len(checks) >= 30
    assert [name for name, ok in checks.items() if not ok] == []


@pytest.mark.parametrize("num_nodes", [2, 3])
def test_every_collective_matches_numpy(service_at, num_nodes):
    results = run_scenario(service_at, "collectives", num_nodes)
    for result in results:
        assert_all_pass(result["all"])


def test_a_subset_of_processes_in_its_own_order(service_at):
    node0, node1, node2 = run_scenario(service_at, "collectives", 3, subset=[2, 0])
    assert "subset" not in node1  # not a participant
    assert (node2["subset_rank"], node0["subset_rank"]) == (0, 1)
    for node in (node0, node2):
        assert_all_pass(node["subset"])
        assert node["subset_sum"] == [2]


def test_64_megabytes_all_reduce_and_all_gather_are_exact(service_at):
    for result in run_scenario(service_at, "large", 2, megabytes=64):
        assert result["all_reduce_exact"] and result["all_gather_exact"]


def test_disagreeing_calls_fail_on_every_process_and_leave_it_usable(service_at):
    for result in run_scenario(service_at, "mismatch", 2):
        assert result["dtype"] == (
            "INVALID_ARGUMENT: the processes of a Gloo collective disagree: process 0: "
            "all_reduce of float32[8] op=sum; process 1: all_reduce of float64[8] op=sum")
        assert "int32[2, 4]" in result["shape"] and "int32[2, 5]" in result["shape"]
        assert "op=sum" in result["op"] and "op=max" in result["op"]
        assert "process 0: barrier; process 1: broadcast" in result["collective"]
        assert result["bytes"].startswith("INVALID_ARGUMENT: the processes of a Gloo "
                                          "collective disagree: process 0: all_gather_bytes")
        assert result["after"] == [3, 3, 3]


def _peer_failure(service_at, how: str, timeout_s: float) -> dict:
    address = service_at(2)
    workers = [Worker("peer_dies", address, n, script=GLOO_WORKER, how=how, timeout_s=timeout_s)
               for n in range(2)]
    try:
        return workers[0].result(timeout=30)
    finally:
        for worker in workers:
            worker.kill()


def test_a_peer_that_dies_is_an_error_not_a_hang(service_at):
    result = _peer_failure(service_at, "exit", timeout_s=20)
    assert result["first"] == [2.0, 2.0, 2.0, 2.0]
    assert result["error"].startswith("UNAVAILABLE: Gloo all_reduce failed")
    assert result["elapsed"] < 10  # the closed socket, not the 20 s timeout
    assert result["again"].startswith("FAILED_PRECONDITION: this Gloo communicator among "
                                      "processes [0, 1] failed earlier")


def test_a_peer_that_stalls_times_out(service_at):
    result = _peer_failure(service_at, "stall", timeout_s=2)
    assert result["error"].startswith("DEADLINE_EXCEEDED: Gloo all_reduce failed")
    assert 1.5 < result["elapsed"] < 10


# ------------------------------------------------------- one process, arguments

@pytest.fixture(scope="module")
def single():
    address = free_address()
    service = xla_client.get_distributed_runtime_service(address, 1)
    client = xla_client.get_distributed_runtime_client(address, 0, init_timeout=10)
    client.connect()
    collectives = xla_client.make_gloo_tcp_collectives(client, hostname="127.0.0.1")
    yield collectives
    client.shutdown()
    service.shutdown()


def test_a_cluster_of_one(single):
    assert isinstance(single, GlooCollectives) and single.process_id == 0
    comm = single.communicator([0])
    assert isinstance(comm, GlooCommunicator)
    assert single.communicator((0,)) is comm  # connected once
    assert (comm.rank, comm.size, comm.process_ids) == (0, 1, (0,))
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(comm.all_reduce(x, "max"), x)
    np.testing.assert_array_equal(comm.all_gather(x), x[None])
    np.testing.assert_array_equal(comm.reduce_scatter(x), x)
    np.testing.assert_array_equal(comm.all_to_all(x), x)
    np.testing.assert_array_equal(comm.broadcast(x.T, root=0), x.T)  # non-contiguous input
    comm.barrier()


@pytest.mark.parametrize("call, message", [
    (lambda g: g.communicator([1]), "process 0 is not among process_ids [1]"),
    (lambda g: g.communicator([0, 0]), "process_ids has duplicates"),
    (lambda g: g.communicator([0, -1]), "non-negative node ids"),
    (lambda g: g.communicator(5), "must be a sequence of node ids"),
    (lambda g: g.communicator([0]).all_reduce(np.ones(2), "mean"), "unknown reduction 'mean'"),
    (lambda g: g.communicator([0]).all_reduce(np.ones(2, complex), "max"),
     "not defined for complex"),
    (lambda g: g.communicator([0]).all_reduce(np.array(["a"]), "sum"), "does not support dtype"),
    (lambda g: g.communicator([0]).broadcast(np.ones(2), root=1), "root must be a rank in [0, 1)"),
    (lambda g: g.communicator([0]).reduce_scatter(np.float32(1)), "axis 0 divisible"),
])
def test_bad_arguments(single, call, message):
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT") as info:
        call(single)
    assert message in str(info.value)


def test_needs_a_coordination_client():
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: .*DistributedRuntimeClient"):
        xla_client.make_gloo_tcp_collectives(None)


def test_without_the_extension_the_error_says_what_to_install():
    # A process in which the extension cannot be imported, as without libgloo.
    code = ("import sys; sys.modules['jaxlib.distributed._gloo'] = None\n"
            "from jaxlib.distributed.gloo_collectives import _load_extension\n"
            "try:\n    _load_extension()\nexcept Exception as err:\n    print(err)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60).stdout
    assert out.startswith("UNIMPLEMENTED: Gloo TCP collectives are unavailable")
    assert "apt-get install libgloo-dev" in out
