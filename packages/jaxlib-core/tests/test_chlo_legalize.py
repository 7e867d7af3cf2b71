"""CHLO ops rewritten as StableHLO for portable artifacts compute the
reference jaxlib's values (vhlo_artifacts/chlo_rewrites.npz, made by
vhlo_artifacts/make_artifacts.py with the reference)."""

from __future__ import annotations

import os

import ml_dtypes
import numpy as np
import pytest

from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.core import verify_module
from jaxlib._src.ir.printer import print_module
from jaxlib._src.passes.chlo_legalize import legalize_chlo
from jaxlib.xla_client import make_cpu_client

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vhlo_artifacts",
                    "chlo_rewrites.npz")


@pytest.fixture(scope="module")
def reference():
    with np.load(DATA) as data:
        return {key: data[key] for key in data.files}


@pytest.fixture(scope="module")
def client():
    return make_cpu_client()


def _rewritten(text: str) -> str:
    module = parse_module(text)
    assert legalize_chlo(module) == []
    verify_module(module)
    printed = print_module(module)
    assert "chlo." not in printed
    return printed


def _run(client, text: str, *inputs: np.ndarray) -> list[np.ndarray]:
    executable = client.compile_and_load(text, client.devices()[:1])
    return [np.asarray(out) for out in
            executable.execute([client.buffer_from_pyval(x) for x in inputs])]


def _unary(op: str, t: str) -> str:
    return f"""func.func public @main(%x: {t}) -> {t} {{
      %0 = chlo.{op} %x : {t} -> {t}
      return %0 : {t}
    }}"""


def _ulps(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    ia = a.view(np.int32).astype(np.int64)
    ib = b.view(np.int32).astype(np.int64)
    ia = np.where(ia < 0, -(ia & 0x7FFFFFFF), ia)
    ib = np.where(ib < 0, -(ib & 0x7FFFFFFF), ib)
    return np.abs(ia - ib)


@pytest.mark.parametrize("op,ulps", [("erf_inv", 2), ("erf", 8)])
def test_erf_inv_and_erf_match_the_reference(client, reference, op: str, ulps: int) -> None:
    """Within a few units in the last place of jax's own values: XLA computes
    ``lax.erf`` with its own kernel, not this formula (5 ulps apart near
    |x| = 3), and may contract the formula's multiply-adds."""
    x = reference[f"{op}_in"]
    t = f"tensor<{x.size}xf32>"
    (got,) = _run(client, _rewritten(_unary(op, t)), x)
    want = reference[f"{op}_out"]
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    finite = ~np.isnan(want)
    assert _ulps(got[finite], want[finite]).max() <= ulps


def test_erf_inv_in_double_precision(client, reference) -> None:
    x = reference["erf_inv_f64_in"]
    (got,) = _run(client, _rewritten(_unary("erf_inv", f"tensor<{x.size}xf64>")), x)
    want = reference["erf_inv_f64_out"]
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(np.isinf(got), np.isinf(want))
    finite = np.isfinite(want)
    np.testing.assert_allclose(got[finite], want[finite], rtol=1e-14, atol=0)


def test_narrow_floats_go_through_f32(client, reference) -> None:
    x = reference["erf_inv_in"].astype(ml_dtypes.bfloat16)
    t = f"tensor<{x.size}xbf16>"
    text = _rewritten(_unary("erf_inv", t))
    assert "stablehlo.convert" in text
    (got,) = _run(client, text, x)
    want = reference["erf_inv_bf16_out"]
    np.testing.assert_array_equal(got.astype(np.float32), want)


@pytest.mark.parametrize("case", ["top_k", "top_k_int"])
def test_top_k_sorts_as_the_reference(client, reference, case: str) -> None:
    x = reference[f"{case}_in"]
    values, indices = reference[f"{case}_values"], reference[f"{case}_indices"]
    element = "f32" if x.dtype == np.float32 else "i32"
    rows, cols = x.shape
    k = values.shape[1]
    text = f"""func.func public @main(%x: tensor<{rows}x{cols}x{element}>)
        -> (tensor<{rows}x{k}x{element}>, tensor<{rows}x{k}xi32>) {{
      %v, %i = chlo.top_k(%x, k = {k}) : tensor<{rows}x{cols}x{element}>
          -> (tensor<{rows}x{k}x{element}>, tensor<{rows}x{k}xi32>)
      return %v, %i : tensor<{rows}x{k}x{element}>, tensor<{rows}x{k}xi32>
    }}"""
    got_values, got_indices = _run(client, _rewritten(text), x)
    np.testing.assert_array_equal(got_values, values)
    np.testing.assert_array_equal(got_indices, indices)


def test_conj_and_square(client, reference) -> None:
    z = reference["conj_in"]
    (got,) = _run(client, _rewritten(_unary("conj", f"tensor<{z.size}xcomplex<f32>>")), z)
    np.testing.assert_array_equal(got, reference["conj_out"])
    x = reference["square_in"]
    (got,) = _run(client, _rewritten(_unary("square", f"tensor<{x.size}xf32>")), x)
    np.testing.assert_array_equal(got, reference["square_out"])


@pytest.mark.parametrize("op,source,ulps", [
    ("atan", "erf_in", 1), ("atanh", "erf_inv_in", 2), ("sinh", "sinh_in", 8),
    ("cosh", "sinh_in", 2)])
def test_elementary_functions_match_the_reference(client, reference, op, source, ulps) -> None:
    """(sinh: up to 6 ulps near |x| = 90, where e^x magnifies the rounding of
    its argument x + log(1/2) and the two libraries' exp differ by one.)"""
    x = reference[source]
    (got,) = _run(client, _rewritten(_unary(op, f"tensor<{x.size}xf32>")), x)
    want = reference[f"{op}_out"]
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(np.isinf(got), np.isinf(want))
    finite = np.isfinite(want)
    assert _ulps(got[finite], want[finite]).max() <= ulps


@pytest.mark.parametrize("op", ["lgamma", "digamma"])
def test_lgamma_and_digamma_match_the_reference(client, reference, op) -> None:
    x = reference["gamma_in"]
    (got,) = _run(client, _rewritten(_unary(op, f"tensor<{x.size}xf32>")), x)
    want = reference[f"{op}_out"]
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(np.isposinf(got), np.isposinf(want))
    finite = np.isfinite(want)
    # absolute near the zeros (lgamma(1), lgamma(2), digamma's root), relative elsewhere
    np.testing.assert_allclose(got[finite], want[finite], rtol=1e-5, atol=1e-5)


def test_sinh_of_narrow_floats_goes_through_f32(client, reference) -> None:
    x = reference["sinh_in"].astype(ml_dtypes.bfloat16)
    (got,) = _run(client, _rewritten(_unary("sinh", f"tensor<{x.size}xbf16>")), x)
    np.testing.assert_array_equal(got.astype(np.float32), reference["sinh_bf16_out"])


@pytest.mark.parametrize("element,dtype,key", [("i32", np.int32, "mulhi_out"),
                                               ("ui32", np.uint32, "mulhi_u_out")])
def test_mulhi_matches_the_reference(client, reference, element, dtype, key) -> None:
    x, y = (reference[k].view(dtype) for k in ("mulhi_in", "mulhi_other"))
    t = f"tensor<{x.size}x{element}>"
    text = f"""func.func public @main(%x: {t}, %y: {t}) -> {t} {{
      %0 = chlo.mulhi %x, %y : {t}, {t} -> {t}
      return %0 : {t}
    }}"""
    (got,) = _run(client, _rewritten(text), x, y)
    np.testing.assert_array_equal(got, reference[key])


def test_next_after_matches_the_reference(client, reference) -> None:
    x, y = reference["next_after_x"], reference["next_after_y"]
    t = f"tensor<{x.size}xf32>"
    text = f"""func.func public @main(%x: {t}, %y: {t}) -> {t} {{
      %0 = chlo.next_after %x, %y : {t}, {t} -> {t}
      return %0 : {t}
    }}"""
    (got,) = _run(client, _rewritten(text), x, y)
    want = reference["next_after_out"]
    np.testing.assert_array_equal(got.view(np.uint32)[~np.isnan(want)],
                                  want.view(np.uint32)[~np.isnan(want)])
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))


def test_ops_without_a_rewrite_are_listed_and_kept() -> None:
    module = parse_module("""func.func public @main(%x: tensor<3xf64>, %y: tensor<3xf32>)
        -> (tensor<3xf64>, tensor<3xf32>) {
      %0 = chlo.erf %x : tensor<3xf64> -> tensor<3xf64>
      %1 = chlo.acosh %y : tensor<3xf32> -> tensor<3xf32>
      %2 = chlo.erf %y : tensor<3xf32> -> tensor<3xf32>
      return %0, %1 : tensor<3xf64>, tensor<3xf32>
    }""")
    assert legalize_chlo(module) == ["chlo.erf", "chlo.acosh"]
    names = [op.name for op in module.functions[0].walk()]
    assert names.count("chlo.erf") == 1  # the f64 one is left; the f32 one is rewritten
