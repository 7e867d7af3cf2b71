"""The model benchmark programs (benchmarks/models/, written by its generate.py with
the reference JAX): each compiles on this jaxlib, runs on the inputs its JSON
spec draws, and matches the reference's outputs. Their speed is measured by
``nox -s bench``, not here.

Hot programs -- these and the shared benchmark programs -- have no silent slow
paths: no step runs on a reference (numpy) kernel (``reference_kernel_steps``),
and ``nox -s strict`` runs this file with ``JAXLIB_CPU_STRICT=1``, where such a
step would fail the compile. The mixed-precision models (``*_bf16_train``) too:
the CPU computes bfloat16 natively."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from jaxlib import xla_client

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
    executable = client.compile_and_load(text, client.devices()[:1])
    args = [client.buffer_from_pyval(a, client.devices()[0])
            for a in draw(meta["inputs"], meta["seed"])]
    assert executable.reference_kernel_steps() == []
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
