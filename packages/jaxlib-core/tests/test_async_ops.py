"""Asynchronous ops (jax's ``psum_start(x).done()``): ``stablehlo.async_start``
around one collective or slice, returning a ``!stablehlo.future``, and
``stablehlo.async_done``; XLA runs the pair as what it starts, and so does
this jaxlib (passes/async_ops.py). Also jax.experimental.control_deps'
``control_dep`` custom call (an ordering hint: nothing to run here)."""

from __future__ import annotations

import numpy as np
import pytest

from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.core import VerificationError, verify_module
from jaxlib._src.ir.printer import print_module
from jaxlib._src.ir.types import FutureType, TensorType
from jaxlib._src.jax_api import export_artifacts
from jaxlib._src.jax_api.xla_computation import mlir_module_to_xla_computation
from jaxlib._src.passes.async_ops import has_async_ops, without_async_ops
from jaxlib.xla_client import make_cpu_client


def _program(region: str, operand: str = "tensor<4xf32>",
             result: str = "tensor<2xf32>") -> str:
    return f"""module @m {{
  func.func public @main(%a: {operand}, %i: tensor<i32>) -> {result} {{
    %f = "stablehlo.async_start"(%a, %i) ({{
    ^bb0(%x: {operand}, %j: tensor<i32>):
{region}
    }}) : ({operand}, tensor<i32>) -> !stablehlo.future<{result}>
    %r = "stablehlo.async_done"(%f) : (!stablehlo.future<{result}>) -> {result}
    return %r : {result}
  }}
}}"""


_SLICE = """      %y = stablehlo.dynamic_slice %x, %j, sizes = [2]
          : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>
      stablehlo.return %y : tensor<2xf32>"""

# A future carried through a loop, then waited for after it.
_LOOP = """module @m {
  func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    %f = "stablehlo.async_start"(%a) ({
    ^bb0(%x: tensor<4xf32>):
      %y = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0]]> : tensor<1x1xi64>}> ({
      ^bb1(%p: tensor<f32>, %q: tensor<f32>):
        %s = stablehlo.add %p, %q : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) : (tensor<4xf32>) -> tensor<4xf32>
      stablehlo.return %y : tensor<4xf32>
    }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %w:3 = stablehlo.while(%k = %c0, %g = %f, %acc = %a)
      : tensor<i32>, !stablehlo.future<tensor<4xf32>>, tensor<4xf32>
     cond {
      %n = stablehlo.constant dense<3> : tensor<i32>
      %lt = stablehlo.compare LT, %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %k1 = stablehlo.add %k, %one : tensor<i32>
      %twice = stablehlo.add %acc, %acc : tensor<4xf32>
      stablehlo.return %k1, %g, %twice
        : tensor<i32>, !stablehlo.future<tensor<4xf32>>, tensor<4xf32>
    }
    %r = "stablehlo.async_done"(%w#1) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
    %sum = stablehlo.add %r, %w#2 : tensor<4xf32>
    return %sum : tensor<4xf32>
  }
}"""


def _run(text: str, *args):
    client = make_cpu_client()
    executable = client.compile_and_load(text, client.devices()[:1])
    return [np.asarray(o) for o in executable.execute(
        [client.buffer_from_pyval(np.asarray(a)) for a in args])]


def test_future_types_parse_print_and_verify():
    module = parse_module(_program(_SLICE))
    verify_module(module)
    text = print_module(module)
    assert "-> !stablehlo.future<tensor<2xf32>>" in text
    assert '"stablehlo.async_done"' in text
    start = next(op for op in module.walk() if op.name == "stablehlo.async_start")
    assert start.result_types == [FutureType((TensorType((2,), "f32"),))]
    verify_module(parse_module(text))  # the printed form reads back


@pytest.mark.parametrize("region,message", [
    ("""      %y = stablehlo.add %x, %x : tensor<4xf32>
      stablehlo.return %y : tensor<4xf32>""", "a collective or slice operation"),
    ("""      %y = stablehlo.slice %x [0:4] : (tensor<4xf32>) -> tensor<4xf32>
      %z = stablehlo.slice %y [0:4] : (tensor<4xf32>) -> tensor<4xf32>
      stablehlo.return %z : tensor<4xf32>""", "exactly one operation and a return"),
])
def test_async_start_regions_hold_one_collective_or_slice(region, message):
    with pytest.raises(VerificationError, match=message):
        verify_module(parse_module(_program(region, result="tensor<4xf32>")))


def test_async_done_results_are_the_futures_values():
    text = _program(_SLICE).replace(
        '(!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>\n    return %r : tensor<2xf32>',
        '(!stablehlo.future<tensor<2xf32>>) -> tensor<2xi32>\n    return %r : tensor<2xi32>')
    text = text.replace("-> tensor<2xf32> {", "-> tensor<2xi32> {")
    with pytest.raises(VerificationError, match="async_done results"):
        verify_module(parse_module(text))


def test_async_pairs_run_as_what_they_start():
    a = np.arange(4, dtype=np.float32)
    (got,) = _run(_program(_SLICE), a, np.int32(1))
    np.testing.assert_array_equal(got, [1, 2])


def test_futures_carried_by_loops_are_their_values():
    module = parse_module(_LOOP)
    verify_module(module)
    rewritten = without_async_ops(module)
    assert has_async_ops(module) and not has_async_ops(rewritten)
    verify_module(rewritten)
    assert "future" not in print_module(rewritten)
    a = np.arange(4, dtype=np.float32)
    (got,) = _run(_LOOP, a)
    np.testing.assert_array_equal(got, a + 8 * a)  # the one-device all_reduce, then 2^3 a


def test_hlo_text_shows_the_started_ops():
    computation = mlir_module_to_xla_computation(_LOOP)
    text = computation.as_hlo_text()
    assert "all-reduce(" in text and "future" not in text


def test_portable_artifacts_carry_futures_both_ways():
    from jaxlib._src.jax_api.mlir import ir

    artifact = export_artifacts.serialize_portable_artifact(_program(_SLICE), "1.15.0")
    assert artifact.startswith(b"ML\xefR")
    with ir.Context():
        module = export_artifacts.deserialize_portable_artifact(artifact)
        text = str(module)
    assert "!stablehlo.future<tensor<2xf32>>" in text
    (got,) = _run(text, np.arange(4, dtype=np.float32), np.int32(2))
    np.testing.assert_array_equal(got, [2, 3])


def test_control_deps_are_ordering_hints_with_nothing_to_run():
    text = """func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
      %x = stablehlo.sine %a : tensor<3xf32>
      %y = stablehlo.cosine %b : tensor<3xf32>
      stablehlo.custom_call @control_dep(%x, %y) {api_version = 4 : i32,
          has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
      %z = stablehlo.add %x, %y : tensor<3xf32>
      return %z : tensor<3xf32>
    }"""
    a, b = np.ones(3, np.float32), np.zeros(3, np.float32)
    (got,) = _run(text, a, b)
    np.testing.assert_allclose(got, np.sin(a) + np.cos(b), rtol=1e-6)
    with pytest.raises(XlaRuntimeError, match="'control_dep' has no results"):
        _run(text.replace("-> ()", "-> tensor<3xf32>").replace(
            "stablehlo.custom_call @control_dep", "%bad = stablehlo.custom_call @control_dep"),
            a, b)


_TWO = """module @m {
  func.func public @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> (tensor<2xf32>, tensor<3xf32>) {
    %f = "stablehlo.async_start"(%a, %b) ({
    ^bb0(%x: tensor<2xf32>, %y: tensor<3xf32>):
      %r:2 = "stablehlo.all_reduce"(%x, %y) <{replica_groups = dense<[[0]]> : tensor<1x1xi64>}> ({
      ^bb1(%p: tensor<f32>, %q: tensor<f32>):
        %s = stablehlo.add %p, %q : tensor<f32>
        stablehlo.return %s : tensor<f32>
      }) : (tensor<2xf32>, tensor<3xf32>) -> (tensor<2xf32>, tensor<3xf32>)
      stablehlo.return %r#0, %r#1 : tensor<2xf32>, tensor<3xf32>
    }) : (tensor<2xf32>, tensor<3xf32>) -> !stablehlo.future<tensor<2xf32>, tensor<3xf32>>
    %d:2 = "stablehlo.async_done"(%f)
      : (!stablehlo.future<tensor<2xf32>, tensor<3xf32>>) -> (tensor<2xf32>, tensor<3xf32>)
    return %d#0, %d#1 : tensor<2xf32>, tensor<3xf32>
  }
}"""


def test_futures_of_several_values_wait_for_each():
    module = parse_module(_TWO)
    rewritten = without_async_ops(module)
    verify_module(rewritten)
    assert "future" not in print_module(rewritten)
    a, b = np.array([1.5, -2], np.float32), np.array([1, 2, 3], np.float32)
    got_a, got_b = _run(_TWO, a, b)
    np.testing.assert_array_equal(got_a, a)
    np.testing.assert_array_equal(got_b, b)
