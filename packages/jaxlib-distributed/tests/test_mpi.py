"""MPI collectives (mpi4py over OpenMPI) between real processes started by mpirun.

Each test starts an ``mpirun -n N`` job of ``mpi_worker.py`` processes, which
check their results against numpy and write them as JSON, one file per rank.
The tests skip when mpirun or mpi4py is missing (CI installs both); the
"mpi4py missing" error is checked in a process where it cannot be imported.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from coordination_harness import free_address
from multiprocess_client_worker import run_four_replicas

from jaxlib import xla_client

MPI_WORKER = Path(__file__).with_name("mpi_worker.py")
MPIRUN = shutil.which("mpirun")

needs_mpi = pytest.mark.skipif(
    MPIRUN is None or importlib.util.find_spec("mpi4py") is None,
    reason="needs mpirun and mpi4py (apt-get install libopenmpi-dev openmpi-bin; "
           "pip install 'jaxlib-distributed[mpi]')")


def run_mpi(tmp_path: Path, scenario: str, num_processes: int, timeout: float = 90,
            **params) -> list[dict]:
    """Runs one mpirun job; returns each rank's result, in rank order."""
    command = [MPIRUN, "-n", str(num_processes), "--oversubscribe"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-run-as-root")  # OpenMPI refuses root otherwise
    command += [sys.executable, str(MPI_WORKER), scenario, str(tmp_path), json.dumps(params)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stdout + done.stderr
    return [json.loads((tmp_path / f"{rank}.json").read_text())
            for rank in range(num_processes)]


def assert_all_pass(checks: dict[str, bool]) -> None:
    assert len(checks) >= 30
    assert [name for name, ok in checks.items() if not ok] == []


@needs_mpi
def test_every_collective_matches_numpy_on_two_processes(tmp_path):
    for result in run_mpi(tmp_path, "collectives", 2):
        assert_all_pass(result["all"])


@needs_mpi
def test_three_processes_and_a_subset_in_its_own_order(tmp_path):
    node0, node1, node2 = run_mpi(tmp_path, "collectives", 3, subset=[2, 0])
    for node in (node0, node1, node2):
        assert_all_pass(node["all"])
    assert "subset" not in node1  # not a participant, and never asked
    assert (node2["subset_rank"], node0["subset_rank"]) == (0, 1)
    for node in (node0, node2):
        assert_all_pass(node["subset"])
        assert node["subset_sum"] == [2]


@needs_mpi
def test_64_megabytes_all_reduce_and_all_gather_are_exact(tmp_path):
    for result in run_mpi(tmp_path, "large", 2, megabytes=64):
        assert result["all_reduce_exact"] and result["all_gather_exact"]


@needs_mpi
def test_disagreeing_calls_fail_on_every_process_and_leave_it_usable(tmp_path):
    for result in run_mpi(tmp_path, "mismatch", 2):
        assert result["dtype"] == (
            "INVALID_ARGUMENT: the processes of an MPI collective disagree: process 0: "
            "all_reduce of float32[8] op=sum; process 1: all_reduce of float64[8] op=sum")
        assert "int32[2, 4]" in result["shape"] and "int32[2, 5]" in result["shape"]
        assert "op=sum" in result["op"] and "op=max" in result["op"]
        assert "process 0: barrier; process 1: broadcast" in result["collective"]
        assert result["after"] == [3, 3, 3]


@needs_mpi
def test_a_job_of_one_and_bad_arguments(tmp_path):
    (result,) = run_mpi(tmp_path, "single", 1)
    assert result["types"] and result["cached"]
    assert result["shape"] == [0, 1, [0], 0]  # rank, size, process_ids, process_id
    assert all(result[k] for k in ("max", "gather", "scatter", "to_all", "broadcast"))
    assert result["scalar"] == 2.5
    assert result["via_xla_client"] == "MpiCollectives"
    expected = {
        "not_member": "process 0 is not among process_ids [1]",
        "duplicates": "process_ids has duplicates",
        "negative": "non-negative node ids",
        "not_a_sequence": "must be a sequence of node ids",
        "not_a_rank": "process_ids [3] are not MPI ranks: this job has 1 processes",
        "reduction": "unknown reduction 'mean'",
        "complex_max": "not defined for complex",
        "strings": "do not support dtype <U1",
        "root": "root must be a rank in [0, 1)",
        "blocks": "axis 0 divisible",
    }
    assert set(result["errors"]) == set(expected)
    for name, message in expected.items():
        error = result["errors"][name]
        assert error.startswith("INVALID_ARGUMENT: ") and message in error, (name, error)


@needs_mpi
def test_a_multi_process_client_runs_cross_process_collectives_over_mpi(tmp_path):
    expected = run_four_replicas(xla_client.make_cpu_client(num_devices=4))
    inputs = [np.float32([1, 2, 3, 4]) + 4 * r for r in range(4)]
    assert expected[0][0] == sum(inputs).tolist()  # the single-process answer is right
    results = run_mpi(tmp_path, "client", 2, address=free_address())
    for node, result in enumerate(results):
        mine = expected[2 * node:2 * node + 2]  # 2 devices a process
        assert result["first"] == mine and result["second"] == mine


def test_without_mpi4py_the_error_says_what_to_install():
    # A process in which mpi4py cannot be imported, as when the extra is not installed.
    code = ("import sys; sys.modules['mpi4py'] = None\n"
            "from jaxlib import xla_client\n"
            "try:\n    xla_client.make_mpi_collectives()\n"
            "except xla_client.XlaRuntimeError as err:\n    print(err)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60).stdout
    assert out.startswith("UNIMPLEMENTED: MPI collectives are unavailable")
    assert "pip install 'jaxlib-distributed[mpi]'" in out
    assert "apt-get install libopenmpi-dev openmpi-bin" in out
