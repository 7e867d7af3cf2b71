"""Common subexpression elimination (passes/cse.py): repeated pure ops are
computed once; ops with effects, and ops in regions that run apart, are
left as they are."""

import numpy as np

from jaxlib import xla_client
from jaxlib._src.compiler.pipeline import parse_program
from jaxlib._src.passes.cse import eliminate_common_subexpressions
from jaxlib._src.passes.inline_calls import inline_small_calls

# jnp.var's mean in a function of its own beside the caller's mean.
MEAN_TWICE = """
func.func public @main(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]
      : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %v = call @var(%x) : (tensor<4x8xf32>) -> tensor<4xf32>
  return %s, %v : tensor<4xf32>, tensor<4xf32>
}
func.func private @var(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]
      : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %d = stablehlo.subtract %x, %b : tensor<4x8xf32>
  %q = stablehlo.multiply %d, %d : tensor<4x8xf32>
  %r = stablehlo.reduce(%q init: %z) applies stablehlo.add across dimensions = [1]
      : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""

# Two draws from one state and two identical custom calls: effects, kept;
# two exponentials merge; two negates stay (cheap: fusion computes each
# where it is read).
EFFECTS = """
func.func public @main(%k: tensor<2xui64>, %x: tensor<3xf32>)
    -> (tensor<2xui64>, tensor<4xui32>, tensor<2xui64>, tensor<4xui32>, tensor<3xf32>,
        tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %s1, %b1 = stablehlo.rng_bit_generator %k, algorithm = THREE_FRY
      : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %s2, %b2 = stablehlo.rng_bit_generator %k, algorithm = THREE_FRY
      : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %c1 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{replicated}"}
      : (tensor<3xf32>) -> tensor<3xf32>
  %c2 = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{replicated}"}
      : (tensor<3xf32>) -> tensor<3xf32>
  %n1 = stablehlo.exponential %x : tensor<3xf32>
  %n2 = stablehlo.exponential %x : tensor<3xf32>
  %m1 = stablehlo.negate %x : tensor<3xf32>
  %m2 = stablehlo.negate %x : tensor<3xf32>
  %m = stablehlo.add %m1, %m2 : tensor<3xf32>
  return %s1, %b1, %s2, %b2, %c1, %c2, %n1, %n2 : tensor<2xui64>, tensor<4xui32>,
      tensor<2xui64>, tensor<4xui32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}
"""

# A loop body's op equal to one before the loop takes that op's result; a
# different attribute keeps ops apart.
LOOP = """
func.func public @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3x1xf32>) {
  %e = stablehlo.exponential %x : tensor<3xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %acc = %x) : tensor<i32>, tensor<3xf32>
   cond {
    %p = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %e2 = stablehlo.exponential %x : tensor<3xf32>
    %a = stablehlo.add %acc, %e2 : tensor<3xf32>
    stablehlo.return %i1, %a : tensor<i32>, tensor<3xf32>
  }
  %b1 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
  %b2 = stablehlo.reshape %x : (tensor<3xf32>) -> tensor<3x1xf32>
  %sum = stablehlo.add %b1, %b2 : tensor<3x1xf32>
  return %e, %r#1, %sum : tensor<3xf32>, tensor<3xf32>, tensor<3x1xf32>
}
"""


def _ops(module, name):
    return [op for f in module.functions for op in f.walk() if op.name == name]


def _main_ops(module, name):
    return [op for op in module.function("main").walk() if op.name == name]


def test_a_callees_repeat_of_its_callers_work_is_computed_once():
    module = parse_program(MEAN_TWICE)
    assert inline_small_calls(module, called_once=True) == 1
    assert eliminate_common_subexpressions(module) == 2  # the constant and the reduce
    assert len(_main_ops(module, "stablehlo.reduce")) == 2
    client = xla_client.make_cpu_client()
    x = np.arange(32, dtype=np.float32).reshape(4, 8)
    s, v = client.compile_and_load(MEAN_TWICE, client.devices()[:1]).execute(
        [client.buffer_from_pyval(x)])
    np.testing.assert_allclose(np.asarray(s), x.sum(1))
    np.testing.assert_allclose(np.asarray(v), ((x - x.sum(1, keepdims=True)) ** 2).sum(1))


def test_ops_with_effects_are_kept_and_pure_repeats_merge():
    module = parse_program(EFFECTS)
    assert eliminate_common_subexpressions(module) == 1  # the second exponential only
    assert len(_ops(module, "stablehlo.rng_bit_generator")) == 2
    assert len(_ops(module, "stablehlo.custom_call")) == 2
    assert len(_ops(module, "stablehlo.negate")) == 2
    returned = module.function("main").body.entry.operations[-1].operands
    assert returned[6] is returned[7]


def test_loop_bodies_reuse_values_from_around_and_attributes_keep_ops_apart():
    module = parse_program(LOOP)
    assert eliminate_common_subexpressions(module) == 1  # the body's exponential
    assert len(_ops(module, "stablehlo.exponential")) == 1
    client = xla_client.make_cpu_client()
    x = np.float32([0.5, -1, 2])
    e, r, total = client.compile_and_load(LOOP, client.devices()[:1]).execute(
        [client.buffer_from_pyval(x)])
    np.testing.assert_allclose(np.asarray(r), x + 3 * np.exp(x), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(total), 2 * x[:, None])
