"""Unmodified jax 0.10.2 over this jaxlib lowers each case of
``lowering_cases.py`` to the same StableHLO as the reference jaxlib (the
modules parse to structurally equal IR: ops, types, attributes; names and
locations aside), and the jitted functions return the reference's values.

Skips where jax is not installed (it is in ``nox -s jax-tests``)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
os.environ.setdefault("JAX_PLATFORMS", "cpu")

if not os.environ.get("JAXLIB_WITH_JAX"):
    # Importing jax patches methods onto jaxlib's classes (use_cpp_class) for the
    # whole process, which would change what the other tests of a run see.
    pytest.skip("imports jax: runs in `nox -s jax-tests` (or set JAXLIB_WITH_JAX=1)",
                allow_module_level=True)
jax = pytest.importorskip("jax")

from lowering_cases import cases  # noqa: E402

from jaxlib._src.frontends.mlir_text import parse_module  # noqa: E402

REFERENCE = json.loads((HERE / "reference_lowerings.json").read_text())["cases"]
CASES = cases()


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_lowering_matches_reference(name):
    fn, args = CASES[name]
    ours = jax.jit(fn).lower(*args).as_text()
    expected = parse_module(REFERENCE[name]["text"])
    assert parse_module(ours).structurally_equals(expected), (
        f"{name}: ours\n{ours}\nreference\n{REFERENCE[name]['text']}")


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_values_match_reference(name):
    fn, args = CASES[name]
    leaves = jax.tree_util.tree_leaves(jax.jit(fn)(*args))
    expected = REFERENCE[name]["results"]
    assert len(leaves) == len(expected)
    for leaf, want in zip(leaves, expected):
        got = np.asarray(leaf)
        assert str(got.dtype) == want["dtype"] and list(got.shape) == want["shape"]
        np.testing.assert_allclose(got.ravel(), np.asarray(want["values"], got.dtype),
                                   rtol=2e-6, atol=1e-6)
