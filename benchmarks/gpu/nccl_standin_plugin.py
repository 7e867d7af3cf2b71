"""A pytest plugin: mock GPUs meet in NCCL, carried out by the stand-in library
of packages/jaxlib-gpu/tests/test_collectives_on_gpu.py (NCCL's documented
semantics on host memory, one thread per rank), so jax's own multi-device
tests check collectives.py's NCCL paths without GPUs:

    PYTHONPATH=benchmarks/gpu python tests/jax_suite/run_jax_tests.py --mock-gpu 1x1x8 \
        --pytest-arg=-p --pytest-arg=nccl_standin_plugin \
        ../shared/jax-tests/shard_map_test.py ../shared/jax-tests/pmap_test.py

The stand-in's call counts and NCCL's status are appended to
$NCCL_STANDIN_STATS (default /tmp/nccl_standin_stats.txt).
"""
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "packages/jaxlib-gpu/tests"))
import test_collectives_on_gpu as t

from jaxlib.gpu_runtime import nccl

LIB = t._StandInNccl()
nccl._state.update(library=LIB, communicators={}, status="not used yet")


def pytest_sessionfinish(session, exitstatus):
    with open(os.environ.get("NCCL_STANDIN_STATS", "/tmp/nccl_standin_stats.txt"), "a") as out:
        print("STANDIN", dict(LIB.calls), nccl.status(), file=out)
