"""The sparse corpus (tests/corpus/generate.py, lowered by the reference JAX on CPU):
BCOO and BCSR conversions and products, and ``sparsify``, run through jaxlib-core's
compiler (the BCSR products on ``cpu_csr_sparse_dense_ffi``) and match the
reference's outputs (exactly for conversions; within the tolerance in each
sidecar for products)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np
import pytest

from jaxlib import xla_client

PROGRAMS_DIR = Path(__file__).parent / "corpus" / "programs"
PROGRAM_NAMES = sorted(p.stem for p in PROGRAMS_DIR.glob("*.json") if p.name != "manifest.json")


@functools.cache
def _client():
    return xla_client.make_cpu_client()


def test_corpus_covers_every_operation_and_dtype():
    manifest = json.loads((PROGRAMS_DIR / "manifest.json").read_text())
    assert sorted(p["name"] for p in manifest["programs"]) == PROGRAM_NAMES
    for fmt in ("bcoo", "bcsr"):
        for op in ("todense", "fromdense", "matvec", "matmat", "transpose"):
            for dtype in ("f32", "f64", "c64", "c128", "i32"):
                assert f"{fmt}_{op}_{dtype}" in PROGRAM_NAMES
    assert any(name.startswith("sparsify_bcsr") for name in PROGRAM_NAMES)
    csr_programs = [p for p in manifest["programs"] if "cpu_csr_sparse_dense_ffi" in p["targets"]]
    assert len(csr_programs) >= 10


@pytest.mark.parametrize("name", PROGRAM_NAMES)
def test_sparse_program_matches_reference(name: str):
    meta = json.loads((PROGRAMS_DIR / f"{name}.json").read_text())
    text = (PROGRAMS_DIR / f"{name}.mlir").read_text()
    with np.load(PROGRAMS_DIR / f"{name}.npz") as data:
        inputs = [data[s["name"]] for s in meta["inputs"]]
        expected = [data[s["name"]] for s in meta["outputs"]]
    client = _client()
    device = client.devices()[0]
    executable = client.compile_and_load(text, client.devices()[:1])
    actual = [np.asarray(out) for out in executable.execute(
        [client.buffer_from_pyval(value, device) for value in inputs])]
    assert len(actual) == len(expected)
    for i, (got, want, spec) in enumerate(zip(actual, expected, meta["outputs"])):
        assert got.dtype == want.dtype and got.shape == want.shape, f"out{i}"
        if spec["rtol"] == 0 and spec["atol"] == 0:
            np.testing.assert_array_equal(got, want, err_msg=f"out{i}")
        else:
            np.testing.assert_allclose(got, want, rtol=spec["rtol"], atol=spec["atol"],
                                       err_msg=f"out{i}")
