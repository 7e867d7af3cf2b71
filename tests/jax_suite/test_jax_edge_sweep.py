"""No edge shape or type crashes the process: edge_sweep.py's cases (jax
functions on zero-size arrays, every integer/boolean/float type on unit
dimensions) run in a subprocess on the CPU and on mock GPUs. Their values
are compared with the reference jaxlib by ``edge_sweep.py --reference``
(0 differences in session 27), which needs the reference installed."""

from __future__ import annotations

import importlib.util
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

if not os.environ.get("JAXLIB_WITH_JAX"):
    pytest.skip("imports jax: runs in `nox -s jax-tests` (or set JAXLIB_WITH_JAX=1)",
                allow_module_level=True)
pytest.importorskip("jax")

SWEEP = Path(__file__).with_name("edge_sweep.py")
EXPECTED_ERRORS = {
    **{f"matmul{s}": "ZeroDivisionError" for s in ["(0,)", "(3, 0)", "(0, 0)"]},
    **{f"lu{s}": "ValueError" for s in ["(3, 0, 0)", "(0, 3, 3)"]},
    **{f"scatter_add_bool{s}": "TypeError"
       for s in ["(1,)", "(1, 1)", "(3, 1, 5)", "(1, 7, 1, 2)", "(2, 1, 1, 1, 3)"]},
}


@pytest.mark.parametrize("platform", ["cpu", "mock-gpu"])
def test_edge_shapes_and_types_run_without_crashing(platform, tmp_path):
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    if platform == "mock-gpu":
        if importlib.util.find_spec("jaxlib.gpu_runtime") is None:
            pytest.skip("jaxlib-gpu is not installed")
        env.update(JAX_PLATFORMS="cuda,cpu", JAX_MOCK_GPU_TOPOLOGY="1x1x1",
                   JAXLIB_MOCK_GPUS="1", JAXLIB_GPU_MOCK_CODEGEN="1")
    out = tmp_path / "results.pkl"
    done = subprocess.run([sys.executable, str(SWEEP), "--run", str(out)], env=env,
                          capture_output=True, text=True, timeout=900)
    # A negative return code is a signal: the crash this test exists for.
    assert done.returncode == 0, done.stderr[-3000:]
    with open(out, "rb") as f:
        results = pickle.load(f)
    assert len(results) > 1500
    # jnp.sum(zeros((3, 0)), 0) once divided by the empty kept extent (SIGFPE).
    kind, values, dtype, shape = results["sum(3, 0)ax0"]
    assert (kind, dtype, shape) == ("ok", "float32", (0,))
    kind, values, _, _ = results["div_by_zero_int32(1, 1)"]
    assert kind == "ok" and values.item() == -1  # XLA's integer division by zero
    errors = {name: r[1] for name, r in results.items() if r[0] == "err"}
    # Only the cases jax rejects under the reference jaxlib too (before any
    # program runs: reshape(-1, 0), lu of empty batches, adding booleans).
    assert errors == EXPECTED_ERRORS
