"""The custom assembly jaxlib.mlir prints (``str(module)``, jax's
``lower(...).as_text()``): ops as MLIR itself prints them, read back into the
same module. The whole conformance corpus round-trips through it in
test_mlir_frontend.py; these are the spellings jax users and tests rely on."""

from __future__ import annotations

from jaxlib._src.frontends import parse_module
from jaxlib._src.frontends.stablehlo_syntax import pretty_form
from jaxlib._src.ir import print_module
from jaxlib._src.ir.attributes import ElementTypeAttr

SOURCE = """\
module @m {
  func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> (tensor<4xi1>, \
tensor<4xf32>, tensor<f32>) {
    %0 = "stablehlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %1 = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = \
#stablehlo<comparison_direction GT>, compare_type = #stablehlo<comparison_type FLOAT>} \
: (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %2 = "stablehlo.broadcast_in_dim"(%0) {broadcast_dimensions = array<i64>} \
: (tensor<f32>) -> tensor<4xf32>
    %3 = "stablehlo.add"(%arg0, %2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %4 = "func.call"(%3) {callee = @f} : (tensor<4xf32>) -> tensor<4xf32>
    %5 = "stablehlo.composite"(%4) {name = "my.op", decomposition = @f, \
composite_attributes = {dtype = f32}} : (tensor<4xf32>) -> tensor<4xf32>
    %6 = "stablehlo.constant"() {value = dense<-0.0> : tensor<f32>} : () -> tensor<f32>
    "func.return"(%1, %5, %6) : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> ()
  }
  func.func private @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    "func.return"(%arg0) : (tensor<4xf32>) -> ()
  }
}
"""


def test_ops_print_in_their_custom_assembly_and_read_back():
    module = parse_module(SOURCE)
    text = print_module(module, pretty=pretty_form)
    for line in [
        "%0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>",
        "%1 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<4xf32>, tensor<4xf32>) "
        "-> tensor<4xi1>",
        "%2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4xf32>",
        "%3 = stablehlo.add %arg0, %2 : tensor<4xf32>",
        "%4 = call @f(%3) : (tensor<4xf32>) -> tensor<4xf32>",
        # Dictionaries print sorted by name, as MLIR's are.
        '%5 = stablehlo.composite "my.op" %4 {composite_attributes = {dtype = f32}, '
        "decomposition = @f} : (tensor<4xf32>) -> tensor<4xf32>",
        "%6 = stablehlo.constant dense<-0.000000e+00> : tensor<f32>",
        "return %1, %5, %6 : tensor<4xi1>, tensor<4xf32>, tensor<f32>",
        "func.func private @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {",
    ]:
        assert line in text, line
    assert parse_module(text).structurally_equals(module)
    assert parse_module(print_module(module)).structurally_equals(module)


def test_type_attributes_stay_types():
    module = parse_module(SOURCE)
    (composite,) = [op for op in module.function("main").walk()
                    if op.name == "stablehlo.composite"]
    dtype = composite.attributes["composite_attributes"]["dtype"]
    assert isinstance(dtype, ElementTypeAttr) and dtype == "f32"
    assert "dtype = f32" in print_module(module)


def test_composite_attributes_at_their_defaults_are_left_out():
    # As MLIR prints them (jax's tests match the text): version 0 and empty
    # composite_attributes are the defaults.
    module = parse_module(SOURCE.replace("composite_attributes = {dtype = f32}",
                                         "composite_attributes = {}, version = 0 : i32"))
    text = print_module(module, pretty=pretty_form)
    assert '%5 = stablehlo.composite "my.op" %4 {decomposition = @f} : ' in text


MANUAL = """\
module @m attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "sdy.manual_computation"(%arg0) ({
    ^bb0(%arg1: tensor<2xf32>):
      %1 = "stablehlo.negate"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
      "sdy.return"(%1) : (tensor<2xf32>) -> ()
    }) {in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>, manual_axes = \
#sdy<manual_axes{"x"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"x", ?}]>]>} \
: (tensor<4xf32>) -> tensor<4xf32>
    %2 = "sdy.sharding_constraint"(%0) {sharding = #sdy.sharding<@mesh, [{"x"}]>} \
: (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%2) : (tensor<4xf32>) -> ()
  }
}
"""


def test_shardy_ops_print_as_shardy_prints_them():
    module = parse_module(MANUAL)
    text = print_module(module, pretty=pretty_form)
    assert ('%0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] '
            'out_shardings=[<@mesh, [{"x", ?}]>] manual_axes={"x"} (%arg1: tensor<2xf32>) {\n'
            '      %1 = stablehlo.negate %arg1 : tensor<2xf32>\n'
            '      sdy.return %1 : tensor<2xf32>\n'
            '    } : (tensor<4xf32>) -> tensor<4xf32>') in text
    assert '%2 = sdy.sharding_constraint %0 <@mesh, [{"x"}]> : tensor<4xf32>' in text
    assert parse_module(text).structurally_equals(module)


def test_dot_general_prints_its_dimension_keywords():
    module = parse_module("""\
func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<\
lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], \
lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, \
precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]} \
: (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}
""")
    text = print_module(module, pretty=pretty_form)
    assert ("%0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], "
            "contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : "
            "(tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>") in text
    assert parse_module(text).structurally_equals(module)
