"""The linear-algebra corpus (tests/corpus/generate.py, lowered by the reference JAX):
each program's ``lapack_*_ffi`` custom calls run on jaxlib-linalg's kernels through
jaxlib-core's compiler, and the results match the reference's.

``check.kind`` in each sidecar says how (see the generator's docstring): ``values``
compares every output; the decomposition kinds check the reconstruction, the
orthonormality and the shape of the factors, and compare the unique parts.
"""

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


def _load(name: str):
    meta = json.loads((PROGRAMS_DIR / f"{name}.json").read_text())
    text = (PROGRAMS_DIR / f"{name}.mlir").read_text()
    with np.load(PROGRAMS_DIR / f"{name}.npz") as data:
        inputs = [data[s["name"]] for s in meta["inputs"]]
        outputs = [data[s["name"]] for s in meta["outputs"]]
    return meta, text, inputs, outputs


def _run(text: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    client = _client()
    device = client.devices()[0]
    executable = client.compile_and_load(text, client.devices()[:1])
    buffers = [client.buffer_from_pyval(value, device) for value in inputs]
    return [np.asarray(out) for out in executable.execute(buffers)]


def _check_values(actual, expected, spec, where) -> None:
    assert actual.dtype == expected.dtype, f"{where}: dtype {actual.dtype} != {expected.dtype}"
    assert actual.shape == expected.shape, f"{where}: shape {actual.shape} != {expected.shape}"
    if expected.dtype.kind in "biu":
        np.testing.assert_array_equal(actual, expected, err_msg=where)
    else:
        np.testing.assert_allclose(actual, expected, rtol=spec["rtol"], atol=spec["atol"],
                                   equal_nan=True, err_msg=where)


# -- decompositions: what defines them ---------------------------------------------------------


def _h(x: np.ndarray) -> np.ndarray:
    return np.conj(np.swapaxes(x, -1, -2))


def _tol(a: np.ndarray) -> float:
    """Absolute tolerance for a reconstruction of ``a``: backward error ~ n eps |A|,
    with a 100x margin."""
    eps = np.finfo(a.dtype).eps
    return float(100 * a.shape[-1] * eps * max(1.0, np.abs(a).max()))


def _assert_close(actual, expected, atol, what) -> None:
    np.testing.assert_allclose(actual, expected, rtol=0, atol=atol, err_msg=what)


def _assert_orthonormal_columns(q: np.ndarray, what: str) -> None:
    k = q.shape[-1]
    _assert_close(_h(q) @ q, np.broadcast_to(np.eye(k), q.shape[:-2] + (k, k)), _tol(q),
                  f"{what} has orthonormal columns")


def _check_decomposition(check: dict, inputs, actual, expected, specs) -> None:
    kind = check["kind"]
    a = inputs[check["input"]]
    tol = _tol(a)
    if kind == "eigh":
        w, v = actual[check["w"]], actual[check["v"]]
        _check_values(w, expected[check["w"]], specs[check["w"]], "eigenvalues")
        _assert_close(a @ v, v * w[..., None, :].astype(v.dtype), tol, "A v == v diag(w)")
        _assert_orthonormal_columns(v, "V")
    elif kind in ("eig", "eig_left"):
        w, v = actual[check["w"]], actual[check["v"]]
        _check_values(w, expected[check["w"]], specs[check["w"]], "eigenvalues")
        a_c = a.astype(v.dtype)
        if kind == "eig":
            _assert_close(a_c @ v, v * w[..., None, :], tol, "A v == v diag(w)")
        else:  # left eigenvectors: u^H A == w u^H
            _assert_close(_h(v) @ a_c, w[..., :, None] * _h(v), tol, "u^H A == diag(w) u^H")
        _assert_close(np.linalg.norm(v, axis=-2), np.ones(v.shape[:-2] + v.shape[-1:]), tol,
                      "eigenvectors have unit norm")
    elif kind == "svd":
        u, s, vh = actual[check["u"]], actual[check["s"]], actual[check["vh"]]
        _check_values(s, expected[check["s"]], specs[check["s"]], "singular values")
        k = s.shape[-1]
        _assert_close((u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :], a, tol,
                      "U diag(s) Vh == A")
        _assert_orthonormal_columns(u, "U")
        _assert_orthonormal_columns(_h(vh), "Vh^H")
    elif kind in ("qr", "qr_pivoted"):
        q, r = actual[check["q"]], actual[check["r"]]
        target = a
        if kind == "qr_pivoted":
            p = actual[check["p"]]
            np.testing.assert_array_equal(p, expected[check["p"]], err_msg="permutation")
            target = a[..., p]
        _assert_close(q @ r, target, tol, "Q R == A")
        _assert_orthonormal_columns(q, "Q")
        assert not np.tril(r, -1).any(), "R is upper triangular"
        _assert_close(np.abs(np.diagonal(r, axis1=-2, axis2=-1)),
                      np.abs(np.diagonal(expected[check["r"]], axis1=-2, axis2=-1)), tol,
                      "|diag(R)| (unique for full-rank A)")
    elif kind == "schur":
        t, z = actual[check["t"]], actual[check["z"]]
        _assert_close(z @ t @ _h(z), a, tol, "Z T Z^H == A")
        _assert_orthonormal_columns(z, "Z")
        below = -2 if check["real"] else -1  # real Schur form: 2x2 blocks on the diagonal
        assert not np.tril(t, below).any(), "T is (quasi-)upper triangular"
        _assert_close(np.sort_complex(np.linalg.eigvals(t).astype(np.complex128)),
                      np.sort_complex(np.linalg.eigvals(expected[check["t"]])
                                      .astype(np.complex128)), tol * 10,
                      "eigenvalues of T")
    elif kind == "hessenberg":
        h, q = actual[check["h"]], actual[check["q"]]
        _assert_close(q @ h @ _h(q), a, tol, "Q H Q^H == A")
        _assert_orthonormal_columns(q, "Q")
        assert not np.tril(h, -2).any(), "H is upper Hessenberg"
    else:
        raise AssertionError(f"unknown check kind {kind!r}")


def test_corpus_is_present_and_covers_every_kernel():
    from jaxlib import lapack

    assert len(PROGRAM_NAMES) >= 150
    manifest = json.loads((PROGRAMS_DIR / "manifest.json").read_text())
    assert sorted(p["name"] for p in manifest["programs"]) == PROGRAM_NAMES
    assert manifest["skipped"] == []
    used = {t for p in manifest["programs"] for t in p["targets"]}
    registered = {name for name, _, _ in lapack.registrations()["cpu"]}
    assert registered <= used, f"kernels without a corpus program: {sorted(registered - used)}"


@pytest.mark.parametrize("name", PROGRAM_NAMES)
def test_linalg_program_matches_reference(name: str):
    meta, text, inputs, expected = _load(name)
    actual = _run(text, inputs)
    assert len(actual) == len(expected), f"{len(actual)} outputs, expected {len(expected)}"
    check = meta["check"]
    if check["kind"] == "values":
        for i, (got, want, spec) in enumerate(zip(actual, expected, meta["outputs"])):
            _check_values(got, want, spec, f"out{i}")
    else:
        for got, want in zip(actual, expected):
            assert got.dtype == want.dtype and got.shape == want.shape
        _check_decomposition(check, inputs, actual, expected, meta["outputs"])
