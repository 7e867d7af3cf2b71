"""passes/unit_contractions.py: dot_generals summing one element are multiplies."""

from __future__ import annotations

import numpy as np

import jaxlib._src.ops  # noqa: F401  (registers every op)
from jaxlib import xla_client
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.core import verify_module
from jaxlib._src.ir.printer import print_module
from jaxlib._src.passes.unit_contractions import expand_unit_contractions

PRODUCTS = """
func.func @main(%dy: tensor<32x1xf32>, %w: tensor<64x1xf32>, %a: tensor<3x1x5xf16>,
                %b: tensor<5x2x1xf16>, %u: tensor<4xi32>, %v: tensor<3xi32>,
                %x: tensor<6x7xf32>, %y: tensor<7x2xf32>, %c: tensor<2x1xf32>,
                %r: tensor<1x3xf32>)
    -> (tensor<32x64xf32>, tensor<5x3x2xf32>, tensor<4x3xi32>, tensor<6x2xf32>,
        tensor<f32>) {
  %o = stablehlo.dot_general %dy, %w, contracting_dims = [1] x [1]
      : (tensor<32x1xf32>, tensor<64x1xf32>) -> tensor<32x64xf32>
  %t = stablehlo.tanh %o : tensor<32x64xf32>
  %g = stablehlo.dot_general %a, %b, batching_dims = [2] x [0], contracting_dims = [1] x [2]
      : (tensor<3x1x5xf16>, tensor<5x2x1xf16>) -> tensor<5x3x2xf32>
  %n = stablehlo.dot_general %u, %v, contracting_dims = [] x []
      : (tensor<4xi32>, tensor<3xi32>) -> tensor<4x3xi32>
  %s = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0]
      : (tensor<6x7xf32>, tensor<7x2xf32>) -> tensor<6x2xf32>
  %e = stablehlo.dot_general %r, %c, contracting_dims = [0] x [1]
      : (tensor<1x3xf32>, tensor<2x1xf32>) -> tensor<3x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %k = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [0, 1]
      : (tensor<3x2xf32>, tensor<f32>) -> tensor<f32>
  return %t, %g, %n, %s, %k
      : tensor<32x64xf32>, tensor<5x3x2xf32>, tensor<4x3xi32>, tensor<6x2xf32>, tensor<f32>
}
"""


def test_products_of_unit_contractions_are_multiplies_meaning_the_same():
    # An outer product (a one-unit layer's gradient), a batched one over a
    # transposed batch dimension with float16 operands into f32, an integer
    # one without contracting dimensions, and one read by a reduce: all four
    # multiplies. The 7-element contraction stays a dot_general.
    module = parse_module(PRODUCTS)
    assert expand_unit_contractions(module) == 4
    verify_module(module)
    ops = module.function("main").body.entry.operations
    assert [op.name for op in ops].count("stablehlo.dot_general") == 1
    assert [op.name for op in ops].count("stablehlo.multiply") == 4
    assert any(op.name == "stablehlo.convert" for op in ops)  # the float16 operands
    assert expand_unit_contractions(module) == 0
    client = xla_client.make_cpu_client()
    rng = np.random.default_rng(2)
    shapes = [((32, 1), np.float32), ((64, 1), np.float32), ((3, 1, 5), np.float16),
              ((5, 2, 1), np.float16), ((4,), np.int32), ((3,), np.int32),
              ((6, 7), np.float32), ((7, 2), np.float32), ((2, 1), np.float32),
              ((1, 3), np.float32)]
    args = [(rng.standard_normal(s) * 4).astype(t) for s, t in shapes]
    got = client.compile_and_load(print_module(module), client.devices()[:1]).execute(
        [client.buffer_from_pyval(a) for a in args])
    want = client.compile_and_load(PRODUCTS, client.devices()[:1]).execute(
        [client.buffer_from_pyval(a) for a in args])
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6, atol=1e-6)


def test_dot_algorithms_and_dynamic_shapes_stay_products():
    module = parse_module("""
func.func @main(%x: tensor<?x1xf32>, %y: tensor<1x3xf32>) -> tensor<?x3xf32> {
  %p = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0]
      : (tensor<?x1xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
  return %p : tensor<?x3xf32>
}""")
    assert expand_unit_contractions(module) == 0
