"""The model benchmark programs (benchmarks/models/, written by its generate.py with
the reference JAX): each compiles on this jaxlib, runs on the inputs its JSON
spec draws, and matches the reference's outputs. Their speed is measured by
``nox -s bench``, not here.

Hot programs -- these and the shared benchmark programs -- have no silent slow
paths: no step runs on a reference (numpy) kernel (``reference_kernel_steps``),
and ``nox -s strict`` runs this file with ``JAXLIB_CPU_STRICT=1``, where such a
step would fail the compile. The exception: the mixed-precision model
(``gpt_bf16_train``), whose bfloat16 ops the CPU runs on reference kernels."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib.xla_client import XlaRuntimeError

sys.path.insert(0, str(Path(__file__).resolve().parent))
import external_data

MODELS_DIR = Path(__file__).resolve().parents[1] / "benchmarks" / "models"
sys.path.insert(0, str(MODELS_DIR))
from inputs import draw  # noqa: E402

MODEL_NAMES = sorted(p.stem for p in MODELS_DIR.glob("*.mlir"))


def test_every_model_has_its_files():
    assert len(MODEL_NAMES) >= 10
    for name in MODEL_NAMES:
        assert (MODELS_DIR / f"{name}.json").is_file()
        assert (MODELS_DIR / f"{name}.npz").is_file()


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client()


@pytest.mark.parametrize("name", MODEL_NAMES)
def test_model_matches_reference(client, name):
    meta = json.loads((MODELS_DIR / f"{name}.json").read_text())
    text = (MODELS_DIR / f"{name}.mlir").read_text()
    if "bf16" in name and os.environ.get("JAXLIB_CPU_STRICT", "") not in ("", "0"):
        # The CPU's native kernels compute no bfloat16 (a mixed-precision model
        # for the GPUs): strict mode names the first bfloat16 step it refuses.
        with pytest.raises(XlaRuntimeError, match=r"JAXLIB_CPU_STRICT.*bf16"):
            client.compile_and_load(text, client.devices()[:1])
        return
    executable = client.compile_and_load(text, client.devices()[:1])
    args = [client.buffer_from_pyval(a, client.devices()[0])
            for a in draw(meta["inputs"], meta["seed"])]
    steps = executable.reference_kernel_steps()
    if "bf16" in name:
        # The CPU's native kernels compute no bfloat16: those ops (and only
        # those) run on the reference kernels.
        lines = (MODELS_DIR / f"{name}.mlir").read_text().splitlines()
        for step in steps:  # the op's text: its line and its region's (a scatter's body)
            line = int(step["location"].split(":")[0]) - 1
            assert "bf16" in " ".join(lines[line:line + 5]), step
    else:
        assert steps == []
    outputs = [np.asarray(o) for o in executable.execute(args)]
    expected = np.load(MODELS_DIR / f"{name}.npz")
    assert len(outputs) == len(meta["outputs"]) == len(expected.files)
    for i, (actual, spec) in enumerate(zip(outputs, meta["outputs"])):
        want = expected[f"out{i}"]
        assert list(actual.shape) == spec["shape"] and str(actual.dtype) == spec["dtype"]
        if actual.dtype.kind in "iub":
            np.testing.assert_array_equal(actual, want, err_msg=f"output {i}")
        else:
            atol = meta["atol"] * max(1.0, float(np.max(np.abs(want), initial=0)))
            np.testing.assert_allclose(actual, want, rtol=meta["rtol"], atol=atol,
                                       err_msg=f"output {i}")


def test_shared_benchmark_programs_have_no_reference_steps(client):
    directory = external_data.external_dir("bench")
    names = sorted(json.loads((directory / "bench.json").read_text()))
    assert names
    for name in names:
        executable = client.compile_and_load((directory / f"{name}.mlir").read_text(),
                                             client.devices()[:1])
        assert executable.reference_kernel_steps() == [], name
