"""passes/sink_slices.py: slices moved above the elementwise ops they cut."""

from __future__ import annotations

import numpy as np

import jaxlib._src.ops  # noqa: F401  (registers every op)
from jaxlib import xla_client
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.core import verify_module
from jaxlib._src.ir.printer import print_module
from jaxlib._src.passes.sink_slices import sink_slices

GATES = """
func.func @main(%x: tensor<4x6xf32>, %w: tensor<6x8xf32>, %b: tensor<1x8xf32>,
                %s: tensor<f32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x8xf32>) {
  %p = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<4x6xf32>, tensor<6x8xf32>) -> tensor<4x8xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
  %g = stablehlo.add %p, %bb : tensor<4x8xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  %m = stablehlo.multiply %g, %sb : tensor<4x8xf32>
  %i = stablehlo.slice %m [0:4, 0:4] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %f = stablehlo.slice %m [0:4, 4:8] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %si = stablehlo.logistic %i : tensor<4x4xf32>
  %tf = stablehlo.tanh %f : tensor<4x4xf32>
  %q = stablehlo.multiply %p, %p : tensor<4x8xf32>
  %u = stablehlo.slice %q [0:4, 0:8] : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = stablehlo.slice %q [0:2, 0:8] : (tensor<4x8xf32>) -> tensor<2x8xf32>
  %uv = stablehlo.add %u, %u : tensor<4x8xf32>
  %vv = stablehlo.negate %v : tensor<2x8xf32>
  return %si, %tf, %uv : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x8xf32>
}
"""


def test_slices_move_to_the_product_and_the_bias_and_the_program_means_the_same():
    # %m and %g are read only by the gate slices: each gate's multiply and add
    # read slices of the product, of the bias (its broadcast dimension kept
    # whole) and the scalar's broadcast; %q's slices overlap: %q stays.
    module = parse_module(GATES)
    assert sink_slices(module) == 4  # %m, %g, %bb, %sb
    verify_module(module)
    ops = module.function("main").body.entry.operations
    names = [op.name for op in ops]
    assert "stablehlo.dot_general" in names
    sliced = {str(op.operands[0].owner.name) if hasattr(op.operands[0].owner, "name")
              else "argument" for op in ops if op.name == "stablehlo.slice"}
    assert sliced == {"stablehlo.dot_general", "argument", "stablehlo.multiply"}
    assert sum(op.name == "stablehlo.add" for op in ops) == 3  # two gates' and %uv
    assert [op.results[0].type.shape for op in ops if op.name == "stablehlo.broadcast_in_dim"] \
        == [(4, 4)] * 4
    bias_cuts = [op for op in ops if op.name == "stablehlo.slice" and
                 op.operands[0] is module.function("main").arguments[2]]
    assert [op.results[0].type.shape for op in bias_cuts] == [(1, 4), (1, 4)]
    assert sink_slices(module) == 0  # nothing left to move
    client = xla_client.make_cpu_client()
    rng = np.random.default_rng(12)
    args = [rng.standard_normal(s).astype(np.float32) for s in ((4, 6), (6, 8), (1, 8))]
    args.append(np.float32(0.5))
    got = client.compile_and_load(print_module(module), client.devices()[:1]).execute(
        [client.buffer_from_pyval(a) for a in args])
    want = client.compile_and_load(GATES, client.devices()[:1]).execute(
        [client.buffer_from_pyval(a) for a in args])
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6, atol=1e-6)


def test_values_read_by_more_than_slices_stay_whole():
    module = parse_module("""
func.func @main(%x: tensor<4xf32>) -> (tensor<2xf32>, tensor<4xf32>) {
  %e = stablehlo.exponential %x : tensor<4xf32>
  %a = stablehlo.slice %e [0:2] : (tensor<4xf32>) -> tensor<2xf32>
  return %a, %e : tensor<2xf32>, tensor<4xf32>
}""")
    assert sink_slices(module) == 0
