"""Multi-process GPU clients (jaxlib-gpu's, on mock GPUs: one mock host a
process): two real processes on 127.0.0.1 describe their GPUs to each other
through the coordination service and run programs whose collectives cross
processes over Gloo, with the results of one process over four mock GPUs, and
SPMD programs over partitions across the processes (each runs the global view)."""

from __future__ import annotations

from pathlib import Path

import pytest
from coordination_harness import run_pair, two_node_service
from multiprocess_gpu_worker import run_replicas

from jaxlib import gpu_backend, xla_client

WORKER = Path(__file__).with_name("multiprocess_gpu_worker.py")


def _run(scenario: str, address: str, timeout: float = 90, **params) -> list[dict]:
    return run_pair(WORKER, scenario, address, timeout, **params)


service_address = pytest.fixture(two_node_service)


@pytest.mark.parametrize("gloo", ["explicit", "default"])
def test_cross_process_gpu_collectives_match_one_process(service_address, gloo):
    single = gpu_backend.make_gpu_client(mock=True, mock_gpu_topology="1x1x4")
    four, bf16 = run_replicas(single)
    assert four[0][0] == [28.0, 32.0, 36.0, 40.0]  # the sum over the four replicas
    assert four[3][4] == [9.0, 10.0, 11.0, 12.0]  # the ring permute: 2 -> 3
    results = _run("collectives", service_address, gloo=gloo)
    for node, result in enumerate(results):
        described = result["describe"]
        assert described["platform"] == "gpu" and described["process_index"] == node
        # every process's GPUs, numbered in process order, each process its own
        assert described["devices"] == [[0, 0, 0, "Mock GPU"], [1, 0, 1, "Mock GPU"],
                                        [2, 1, 0, "Mock GPU"], [3, 1, 1, "Mock GPU"]]
        assert described["local_devices"] == [2 * node, 2 * node + 1]
        mine = [four[2 * node:2 * node + 2], bf16[2 * node:2 * node + 2]]
        assert result["first"] == mine
        assert result["second"] == mine
        # an SPMD program over partitions: each GPU runs the per-device program
        # (by default) or each process the global view on shards gathered from
        # both (JAXLIB_SPMD_PARTITIONS=global); each keeps its own devices' results
        own = [2 * node, 2 * node + 1]
        assert result["partitions"] == [[10.0, 10.0], [[4.0 - k] for k in own],
                                        [[[1.0], [2.0], [3.0], [4.0]]] * 2]
        assert result["partitions_global"] == result["partitions"]


def test_cross_process_gpu_collectives_meet_in_nccl(service_address, tmp_path):
    """With NCCL in every process (here jaxlib-gpu's stand-in, its ranks
    meeting in a shared folder), groups spanning the processes get their
    communicators from ncclCommInitRank, their unique id shared over Gloo, and
    the collectives run in NCCL instead of host copies; groups within a
    process from ncclCommInitAll. The results are those of one process."""
    single = gpu_backend.make_gpu_client(mock=True, mock_gpu_topology="1x1x4")
    four, bf16 = run_replicas(single)
    results = _run("collectives", service_address, gloo="explicit", nccl=str(tmp_path))
    for node, result in enumerate(results):
        mine = [four[2 * node:2 * node + 2], bf16[2 * node:2 * node + 2]]
        assert result["first"] == mine and result["second"] == mine
        assert result["nccl_status"] == "nccl"
        own = [2 * node, 2 * node + 1]
        assert result["partitions"] == [[10.0, 10.0], [[4.0 - k] for k in own],
                                        [[[1.0], [2.0], [3.0], [4.0]]] * 2]
        # the groups spanning the processes (global device ids in rank order): the
        # replicas' all, all_gather's order, [0, 2] and [1, 3]; the partitions' reversal
        assert result["nccl_across"] == [[0, 1, 2, 3], [0, 2], [1, 3], [3, 1, 2, 0],
                                         [3, 2, 1, 0]]
        calls = result["nccl_calls"]
        # each set up once, this process's GPUs together (two ranks in the groups of
        # four, one in the pairs), the id made where rank 0 lives
        assert calls["ncclCommInitRank"] == 2 + 2 + 2 + 1 + 1, calls
        assert calls["ncclGetUniqueId"] == (3 if node == 0 else 2), calls
        assert calls["ncclCommInitAll"] == 1  # [0, 1] or [2, 3], within the process
        # two executions of three f32 all_reduces and a bf16 one, per local GPU, and the
        # partitions' sum: every reduction NCCL can do went to NCCL
        assert calls["ncclAllReduce"] == 2 * 2 * 4 + 2, calls
        assert calls["ncclReduceScatter"] == 2 * 2 and calls["ncclAllGather"] >= 2 * 2
        assert calls["ncclSend"] == calls["ncclRecv"] > 0  # all_to_all, permutes


def test_a_process_without_nccl_makes_every_process_copy_through_the_host(
        service_address, tmp_path):
    single = gpu_backend.make_gpu_client(mock=True, mock_gpu_topology="1x1x4")
    four, bf16 = run_replicas(single)
    results = _run("collectives", service_address, gloo="explicit", nccl=str(tmp_path),
                   nccl_nodes=[0])
    for node, result in enumerate(results):
        mine = [four[2 * node:2 * node + 2], bf16[2 * node:2 * node + 2]]
        assert result["first"] == mine and result["second"] == mine
    calls = results[0]["nccl_calls"]
    # process 0 made no communicator across: no process waits in NCCL for another
    assert results[0]["nccl_across"] == [] and "ncclCommInitRank" not in calls
    # and only its own pairs' collectives ([0, 1]: the product) went to NCCL
    assert calls["ncclCommInitAll"] == 1 and calls["ncclAllReduce"] == 2 * 2
    assert "ncclAllGather" not in calls and "ncclSend" not in calls


def test_one_gpu_a_process(service_address):
    single = gpu_backend.make_gpu_client(mock=True, mock_gpu_topology="1x1x2")
    expected = run_replicas(single, "two")
    assert expected[1] == [[6.0, 8.0, 10.0, 12.0], [5.0, 6.0, 7.0, 8.0, 1.0, 2.0, 3.0, 4.0],
                           1.0]
    results = _run("collectives", service_address, gloo="explicit", topology="1x2x1",
                   program="two")
    for node, result in enumerate(results):
        assert result["describe"]["local_devices"] == [node]
        assert result["first"] == result["second"] == expected[node:node + 1]


def test_without_collectives_a_cross_process_program_says_what_is_missing(service_address):
    results = _run("collectives", service_address, gloo="none")
    for result in results:
        assert "collectives=" in result["error"]
        assert "make_gloo_tcp_collectives" in result["error"]


def test_a_mock_topology_of_other_hosts_is_refused(service_address):
    for result in _run("wrong_topology", service_address):
        assert "has 3 hosts, but the client has 2 processes" in result["error"]


def test_arguments_of_a_multi_process_gpu_client_are_checked():
    with pytest.raises(xla_client.XlaRuntimeError, match="needs a distributed_client"):
        gpu_backend.make_gpu_client(num_nodes=2, platform_name="cuda")
    with pytest.raises(xla_client.XlaRuntimeError, match="node_id must be an int"):
        gpu_backend.make_gpu_client(object(), node_id="0", num_nodes=2, mock=True)
    with pytest.raises(xla_client.XlaRuntimeError, match="out of range for 2 nodes"):
        gpu_backend.make_gpu_client(object(), node_id=2, num_nodes=2, mock=True)
    with pytest.raises(xla_client.XlaRuntimeError, match="cross-process collectives"):
        gpu_backend.make_gpu_client(object(), node_id=0, num_nodes=2, mock=True,
                                    collectives=object())
    with pytest.raises(xla_client.XlaRuntimeError, match="DistributedRuntimeClient"):
        gpu_backend.make_gpu_client(object(), node_id=0, num_nodes=1, mock=True)
