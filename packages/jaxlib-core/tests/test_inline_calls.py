"""passes/inline_calls.py: small private callees inlined at their calls."""

from __future__ import annotations

import numpy as np

import jaxlib._src.ops  # noqa: F401  (registers every op)
from jaxlib import xla_client
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.core import verify_module
from jaxlib._src.ir.printer import print_module
from jaxlib._src.passes.inline_calls import inline_small_calls

PROGRAM = """
func.func private @twice(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.add %x, %x : tensor<3xf32>
  %1 = func.call @negated(%0) : (tensor<3xf32>) -> tensor<3xf32>
  return %1 : tensor<3xf32>
}
func.func private @negated(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.negate %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func private @big(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.add %x, %x : tensor<3xf32>
  %1 = stablehlo.add %0, %x : tensor<3xf32>
  %2 = stablehlo.add %1, %x : tensor<3xf32>
  %3 = stablehlo.add %2, %x : tensor<3xf32>
  return %3 : tensor<3xf32>
}
func.func @main(%x: tensor<3xf32>, %n: tensor<i32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = func.call @twice(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = stablehlo.multiply %0, %x : tensor<3xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c, %v = %1) : tensor<i32>, tensor<3xf32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %w = func.call @twice(%v) : (tensor<3xf32>) -> tensor<3xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %w : tensor<i32>, tensor<3xf32>
  }
  %2 = func.call @big(%r#1) : (tensor<3xf32>) -> tensor<3xf32>
  return %r#1, %2 : tensor<3xf32>, tensor<3xf32>
}
"""


def _calls(module) -> list[str]:
    return [op.attributes["callee"].name for op in module.function("main").walk()
            if op.name == "func.call"]


def test_small_callees_are_inlined_everywhere_and_the_program_means_the_same():
    module = parse_module(PROGRAM)
    # @negated into @twice, then @twice (already without its call) at the top
    # and in the loop body
    assert inline_small_calls(module, limit=4) == 3
    assert _calls(module) == ["big"]  # past the limit: still a call
    verify_module(module)
    assert inline_small_calls(module, limit=4) == 0  # idempotent
    text = print_module(module)
    client = xla_client.make_cpu_client()
    x, n = np.array([1.0, -2.0, 0.5], np.float32), np.int32(3)
    got = client.compile_and_load(text, client.devices()[:1]).execute(
        [client.buffer_from_pyval(x), client.buffer_from_pyval(n)])
    want = client.compile_and_load(PROGRAM, client.devices()[:1]).execute(
        [client.buffer_from_pyval(x), client.buffer_from_pyval(n)])
    for g, w in zip(got, want):
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))


def test_a_recursive_callee_stays_a_call():
    module = parse_module("""
func.func private @f(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @f(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @f(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
""")
    # one level into @f and into @main, then calls: no endless unrolling
    assert inline_small_calls(module) == 2
    assert _calls(module) == ["f"]
    verify_module(module)


def test_callees_called_from_one_place_are_inlined_whatever_their_size():
    # (a scan's cell: one call site, so inlining copies nothing; a backend
    # fusing across the call sees one block)
    module = parse_module(PROGRAM)
    assert inline_small_calls(module, limit=1, called_once=True) == 2
    # @big and @negated (in @twice); @twice is called twice and past the limit
    assert _calls(module) == ["twice", "twice"]
    assert not [op for op in module.function("twice").walk() if op.name == "func.call"]
    verify_module(module)
    client = xla_client.make_cpu_client()
    x, n = np.array([1.0, -2.0, 0.5], np.float32), np.int32(3)
    got = client.compile_and_load(print_module(module), client.devices()[:1]).execute(
        [client.buffer_from_pyval(x), client.buffer_from_pyval(n)])
    want = client.compile_and_load(PROGRAM, client.devices()[:1]).execute(
        [client.buffer_from_pyval(x), client.buffer_from_pyval(n)])
    for g, w in zip(got, want):
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))
