"""The MLIR text frontend: the StableHLO conformance corpus, each custom
syntax against its generic form, attributes and types, and error messages."""

import time
from collections import Counter

import ml_dtypes
import numpy as np
import pytest
from conftest import find_conformance_dir as _conformance_dir

from jaxlib._src.frontends import ParseError, parse_module, parse_source, split_source
from jaxlib._src.frontends.stablehlo_syntax import pretty_form
from jaxlib._src.ir import TensorType, VerificationError, print_module, verify_module
from jaxlib._src.ir.attributes import (
    ComparisonDirection,
    DenseArray,
    IntegerAttr,
    OpaqueAttribute,
    ScatterDimensionNumbers,
    TypeExtensions,
)
from jaxlib._src.ir.types import QuantizedType, TupleType

# --- the conformance corpus ----------------------------------------------------------

# What the frontend achieved on /work/shared/conformance/stablehlo: every
# `// -----` chunk of interpret/ and testdata/ parses, verifies and round trips.
# Raise these when the corpus grows; a drop is a regression.
MIN_CHUNKS = 2001
MIN_PARSED = 2001
MIN_VERIFIED = 2001
MIN_ROUND_TRIPPED = 2001




def test_conformance_corpus_parses_verifies_and_round_trips():
    root = _conformance_dir()
    files = sorted([*root.glob("interpret/**/*.mlir"), *root.glob("testdata/**/*.mlir")])
    counts: Counter = Counter()
    failures: list[str] = []
    start = time.perf_counter()
    for path in files:
        for chunk in split_source(path.read_text()):
            counts["chunks"] += 1
            where = f"{path.relative_to(root)}+{chunk.line_offset}"
            try:
                module = parse_module(chunk.text, line_offset=chunk.line_offset)
            except ParseError as err:
                failures.append(f"{where}: parse: {err}")
                continue
            counts["parsed"] += 1
            try:
                verify_module(module)
                counts["verified"] += 1
            except VerificationError as err:
                failures.append(f"{where}: verify: {err}")
            reparsed = parse_module(print_module(module))
            if reparsed.structurally_equals(module):
                counts["round_tripped"] += 1
            else:
                failures.append(f"{where}: round trip differs")
            # The custom assembly jax sees (print_module's pretty hook) reads back too.
            pretty = parse_module(print_module(module, pretty=pretty_form))
            if pretty.structurally_equals(module):
                counts["pretty_round_tripped"] += 1
            else:
                failures.append(f"{where}: pretty round trip differs")
    elapsed = time.perf_counter() - start
    report = f"{dict(counts)} in {elapsed:.1f}s; first failures: {failures[:5]}"
    assert counts["chunks"] >= MIN_CHUNKS, report
    assert counts["parsed"] >= MIN_PARSED, report
    assert counts["verified"] >= MIN_VERIFIED, report
    assert counts["round_tripped"] >= MIN_ROUND_TRIPPED, report
    assert counts["pretty_round_tripped"] >= MIN_ROUND_TRIPPED, report


# --- custom syntax == generic syntax --------------------------------------------------

HEADER = ("func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %i: tensor<i32>, "
          "%p: tensor<2x3xi1>, %c: tensor<2xcomplex<f32>>) {\n")


def _body(text: str):
    return parse_module(HEADER + text + "\n  func.return\n}")


PAIRS = {
    "elementwise": (
        "%0 = stablehlo.add %a, %b : tensor<2x3xf32>",
        '%0 = "stablehlo.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>'),
    "functional_type": (
        "%0 = stablehlo.convert %a : (tensor<2x3xf32>) -> tensor<2x3xf16>",
        '%0 = "stablehlo.convert"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf16>'),
    "compare": (
        "%0 = stablehlo.compare  GT, %a, %b,  FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> "
        "tensor<2x3xi1>",
        '%0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction '
        'GT>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<2x3xf32>, '
        'tensor<2x3xf32>) -> tensor<2x3xi1>'),
    "select": (
        "%0 = stablehlo.select %p, %a, %b : tensor<2x3xi1>, tensor<2x3xf32>",
        '%0 = "stablehlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>)'
        ' -> tensor<2x3xf32>'),
    "broadcast_in_dim": (
        "%0 = stablehlo.broadcast_in_dim %i, dims = [] : (tensor<i32>) -> tensor<2x3xi32>",
        '%0 = "stablehlo.broadcast_in_dim"(%i) <{broadcast_dimensions = array<i64>}> : '
        '(tensor<i32>) -> tensor<2x3xi32>'),
    "transpose": (
        "%0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>",
        '%0 = "stablehlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> '
        'tensor<3x2xf32>'),
    "slice": (
        "%0 = stablehlo.slice %a [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>",
        '%0 = "stablehlo.slice"(%a) {start_indices = array<i64: 0, 1>, limit_indices = '
        'array<i64: 2, 3>, strides = array<i64: 1, 2>} : (tensor<2x3xf32>) -> tensor<2x1xf32>'),
    "iota": (
        "%0 = stablehlo.iota dim = 1 : tensor<2x3xi32>",
        '%0 = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xi32>'),
    "concatenate": (
        "%0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> "
        "tensor<4x3xf32>",
        '%0 = "stablehlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xf32>, '
        'tensor<2x3xf32>) -> tensor<4x3xf32>'),
    "constant": (
        "%0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>",
        '%0 = "stablehlo.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> '
        'tensor<2xi32>'),
    "reduce_applies": (
        "%z = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "%0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : "
        "(tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>",
        '%z = "stablehlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>\n'
        '%0 = "stablehlo.reduce"(%a, %z) ({\n^bb0(%x: tensor<f32>, %y: tensor<f32>):\n'
        '  %s = stablehlo.add %x, %y : tensor<f32>\n  stablehlo.return %s : tensor<f32>\n'
        '}) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>'),
    "reduce_reducer": (
        "%z = stablehlo.constant dense<0.0> : tensor<f32>\n"
        "%0:2 = stablehlo.reduce(%a init: %z), (%b init: %z) across dimensions = [0] : "
        "(tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> (tensor<3xf32>, "
        "tensor<3xf32>)\n reducer(%x1: tensor<f32>, %y1: tensor<f32>) (%x2: tensor<f32>, "
        "%y2: tensor<f32>) {\n  stablehlo.return %x1, %y2 : tensor<f32>, tensor<f32>\n}",
        '%z = stablehlo.constant dense<0.0> : tensor<f32>\n'
        '%0:2 = "stablehlo.reduce"(%a, %b, %z, %z) ({\n^bb0(%x1: tensor<f32>, %x2: tensor<f32>, '
        '%y1: tensor<f32>, %y2: tensor<f32>):\n  "stablehlo.return"(%x1, %y2) : (tensor<f32>, '
        'tensor<f32>) -> ()\n}) {dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2x3xf32>,'
        ' tensor<f32>, tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>)'),
    "dot_general": (
        "%0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1] x "
        "[1], precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<2x3xf32>) -> "
        "tensor<2xf32>",
        '%0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<'
        'lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], '
        'lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = '
        '[#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]} : (tensor<2x3xf32>, '
        'tensor<2x3xf32>) -> tensor<2xf32>'),
    "convolution": (
        "%l = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<1x6x1xf32>\n"
        "%r = stablehlo.reshape %b : (tensor<2x3xf32>) -> tensor<3x1x2xf32>\n"
        "%0 = stablehlo.convolution(%l, %r) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], "
        "window = {stride = [1], pad = [[1, 1]], lhs_dilate = [1], rhs_dilate = [2], reverse = "
        "[false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : "
        "(tensor<1x6x1xf32>, tensor<3x1x2xf32>) -> tensor<1x4x2xf32>",
        "%l = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<1x6x1xf32>\n"
        "%r = stablehlo.reshape %b : (tensor<2x3xf32>) -> tensor<3x1x2xf32>\n"
        '%0 = "stablehlo.convolution"(%l, %r) {dimension_numbers = #stablehlo.conv<raw '
        'input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], '
        'kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, '
        'kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = '
        '2, output_spatial_dimensions = [1]>, window_strides = array<i64: 1>, padding = '
        'dense<1> : tensor<1x2xi64>, lhs_dilation = array<i64: 1>, rhs_dilation = array<i64: 2>,'
        ' window_reversal = array<i1: false>, batch_group_count = 1 : i64, feature_group_count = '
        '1 : i64} : (tensor<1x6x1xf32>, tensor<3x1x2xf32>) -> tensor<1x4x2xf32>'),
    "while": (
        "%0:2 = stablehlo.while(%it = %i, %acc = %a) : tensor<i32>, tensor<2x3xf32>\n"
        " cond {\n  %t = stablehlo.compare LT, %it, %it : (tensor<i32>, tensor<i32>) -> "
        "tensor<i1>\n  stablehlo.return %t : tensor<i1>\n } do {\n"
        "  stablehlo.return %it, %acc : tensor<i32>, tensor<2x3xf32>\n }",
        '%0:2 = "stablehlo.while"(%i, %a) ({\n^bb0(%x: tensor<i32>, %y: tensor<2x3xf32>):\n'
        '  %t = "stablehlo.compare"(%x, %x) {comparison_direction = #stablehlo<comparison_direction'
        ' LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>\n  "stablehlo.return"(%t) : '
        '(tensor<i1>) -> ()\n}, {\n^bb0(%x: tensor<i32>, %y: tensor<2x3xf32>):\n'
        '  "stablehlo.return"(%x, %y) : (tensor<i32>, tensor<2x3xf32>) -> ()\n}) : (tensor<i32>,'
        ' tensor<2x3xf32>) -> (tensor<i32>, tensor<2x3xf32>)'),
    "custom_call": (
        '%0 = stablehlo.custom_call @my.target(%a) {backend_config = "cfg", api_version = 2 : '
        'i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>',
        '%0 = "stablehlo.custom_call"(%a) {call_target_name = "my.target", backend_config = '
        '"cfg", api_version = 2 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>'),
    "tuples": (
        "%t = stablehlo.tuple %i, %a : tuple<tensor<i32>, tensor<2x3xf32>>\n"
        "%0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<i32>, tensor<2x3xf32>>) -> "
        "tensor<2x3xf32>",
        '%t = "stablehlo.tuple"(%i, %a) : (tensor<i32>, tensor<2x3xf32>) -> tuple<tensor<i32>, '
        'tensor<2x3xf32>>\n%0 = "stablehlo.get_tuple_element"(%t) {index = 1 : i32} : '
        '(tuple<tensor<i32>, tensor<2x3xf32>>) -> tensor<2x3xf32>'),
    "dynamic_slice": (
        "%0 = stablehlo.dynamic_slice %a, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>,"
        " tensor<i32>) -> tensor<1x2xf32>",
        '%0 = "stablehlo.dynamic_slice"(%a, %i, %i) {slice_sizes = array<i64: 1, 2>} : '
        '(tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>'),
    "pad": (
        "%z = stablehlo.constant dense<0.0> : tensor<f32>\n%0 = stablehlo.pad %a, %z, low = "
        "[0, 1], high = [1, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> "
        "tensor<3x4xf32>",
        '%z = stablehlo.constant dense<0.0> : tensor<f32>\n%0 = "stablehlo.pad"(%a, %z) '
        '{edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 1, 0>, '
        'interior_padding = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> '
        'tensor<3x4xf32>'),
    "reduce_precision": (
        "%0 = stablehlo.reduce_precision %a, format = e5m10 : tensor<2x3xf32>",
        '%0 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = 10 : '
        'i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>'),
    "fft": (
        "%0 = stablehlo.fft %c, type = FFT, length = [2] : (tensor<2xcomplex<f32>>) -> "
        "tensor<2xcomplex<f32>>",
        '%0 = "stablehlo.fft"(%c) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: '
        '2>} : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>'),
    "real_of_complex": (
        "%0 = stablehlo.real %c : tensor<2xcomplex<f32>>",
        '%0 = "stablehlo.real"(%c) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>'),
    "complex": (
        "%r = stablehlo.real %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>\n"
        "%0 = stablehlo.complex %r, %r : tensor<2xcomplex<f32>>",
        '%r = stablehlo.real %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>\n'
        '%0 = "stablehlo.complex"(%r, %r) : (tensor<2xf32>, tensor<2xf32>) -> '
        'tensor<2xcomplex<f32>>'),
    "optimization_barrier": (
        "%0, %1 = stablehlo.optimization_barrier %a, %i : tensor<2x3xf32>, tensor<i32>",
        '%0:2 = "stablehlo.optimization_barrier"(%a, %i) : (tensor<2x3xf32>, tensor<i32>) -> '
        '(tensor<2x3xf32>, tensor<i32>)'),
    "chlo_unary": (
        "%0 = chlo.erf %a : tensor<2x3xf32> -> tensor<2x3xf32>",
        '%0 = "chlo.erf"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>'),
    "chlo_top_k": (
        "%v, %x = chlo.top_k(%a, k = 2) : tensor<2x3xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)",
        '%v:2 = "chlo.top_k"(%a) {k = 2 : i64} : (tensor<2x3xf32>) -> (tensor<2x2xf32>, '
        'tensor<2x2xi32>)'),
    "check_const": (
        "check.expect_eq_const %i, dense<3> : tensor<i32>\n"
        "check.expect_almost_eq_const %a, dense<0.5> : tensor<2x3xf32>, tolerance = 0.01\n"
        "check.expect_close %a, %b, max_ulp_difference = 3 : tensor<2x3xf32>, tensor<2x3xf32>",
        '"check.expect_eq_const"(%i) {value = dense<3> : tensor<i32>} : (tensor<i32>) -> ()\n'
        '"check.expect_almost_eq_const"(%a) {value = dense<0.5> : tensor<2x3xf32>, tolerance = '
        '0.01 : f64} : (tensor<2x3xf32>) -> ()\n"check.expect_close"(%a, %b) '
        '{max_ulp_difference = 3 : ui64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()'),
    "call": (
        "%0 = call @f(%a, %b, %i, %p, %c) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>, "
        "tensor<2x3xi1>, tensor<2xcomplex<f32>>) -> ()",
        '"func.call"(%a, %b, %i, %p, %c) {callee = @f} : (tensor<2x3xf32>, tensor<2x3xf32>, '
        'tensor<i32>, tensor<2x3xi1>, tensor<2xcomplex<f32>>) -> ()'),
    "composite": (
        '%0 = stablehlo.composite "my.op" %a {decomposition = @f} : (tensor<2x3xf32>) -> '
        'tensor<2x3xf32>',
        '%0 = "stablehlo.composite"(%a) {name = "my.op", decomposition = @f} : '
        '(tensor<2x3xf32>) -> tensor<2x3xf32>'),
}


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_custom_syntax_parses_to_the_generic_form(name):
    pretty, generic = PAIRS[name]
    if name == "call":
        pretty = pretty.replace("%0 = ", "")
    pretty_module = _body(pretty)
    assert pretty_module.structurally_equals(_body(generic))
    verify_module(pretty_module)
    assert parse_module(print_module(pretty_module)).structurally_equals(pretty_module)


def test_attribute_values_have_the_generic_names_and_kinds():
    module = _body(PAIRS["compare"][0] + "\n" + PAIRS["broadcast_in_dim"][0].replace("%0", "%1"))
    compare, broadcast = module.functions[0].body.entry.operations[:2]
    assert compare.attributes["comparison_direction"] == ComparisonDirection("GT")
    assert broadcast.attributes["broadcast_dimensions"] == DenseArray("i64", ())
    assert compare.location == "2:1"


# --- modules, functions, locations ----------------------------------------------------

JAX_MODULE = """\
#loc1 = loc("/tmp/f.py":3:0)
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%arg0: tensor<8xf32> {mhlo.layout_mode = "default", \
mhlo.sharding = "{replicated}", tf.aliasing_output = 0 : i32, jax.buffer_donor = true, \
sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>} loc("x")) -> (tensor<8xf32> \
{jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0 = stablehlo.sine %arg0 : tensor<8xf32> loc(#loc2)
    %1 = call @helper(%0) : (tensor<8xf32>) -> tensor<8xf32> loc(#loc3)
    return %1 : tensor<8xf32> loc(#loc)
  } loc(#loc)
  func.func private @helper(%arg0: tensor<8xf32> loc(unknown)) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("jit(f)/sin"(#loc1))
#loc3 = loc(callsite(#loc1 at fused[#loc2, "x"]))
"""


def test_a_module_as_jax_prints_it():
    module = parse_module(JAX_MODULE)
    verify_module(module)
    assert module.name == "jit_f"
    assert module.attributes["mhlo.num_partitions"] == IntegerAttr(1, "i32")
    assert module.meshes == {"mesh": OpaqueAttribute('<["x"=2]>')}
    main, helper = module.functions
    assert (main.visibility, helper.visibility) == ("public", "private")
    attrs = main.arg_attrs[0]
    assert attrs["tf.aliasing_output"] == 0 and attrs["tf.aliasing_output"].type == "i32"
    assert attrs["jax.buffer_donor"] is True and attrs["mhlo.sharding"] == "{replicated}"
    assert attrs["sdy.sharding"] == OpaqueAttribute('#sdy.sharding<@mesh, [{"x"}]>')
    assert main.res_attrs[0] == {"jax.result_info": "", "mhlo.layout_mode": "default"}
    sine, call, ret = main.body.entry.operations
    assert call.name == "func.call" and ret.name == "func.return"
    # Location aliases, defined before or after their uses, are written out.
    assert sine.location == 'loc("jit(f)/sin"("/tmp/f.py":3:0))'
    assert call.location == ('loc(callsite("/tmp/f.py":3:0 at fused["jit(f)/sin"'
                             '("/tmp/f.py":3:0), "x"]))')
    assert ret.location == "loc(unknown)" and main.location == "loc(unknown)"
    assert main.body.entry.arguments[0].location == 'loc("x")'
    assert parse_module(print_module(module)).structurally_equals(module)
    # With debug info the locations print in place and read back the same.
    text = print_module(module, debug_info=True)
    assert '-> tensor<8xf32> loc("jit(f)/sin"("/tmp/f.py":3:0))' in text
    assert '} loc("x")) -> (tensor<8xf32>' in text and "#loc" not in text
    assert print_module(parse_module(text), debug_info=True) == text
    assert "loc(" not in print_module(module)


def test_split_source_keeps_line_numbers():
    text = ("// RUN: x\nfunc.func @a() {\n  func.return\n}\n// -----\n\nfunc.func @b() {\n"
            "  %0 = stablehlo.bogus\n}\n// -----\n// only a comment\n")
    chunks = split_source(text)
    assert [c.line_offset for c in chunks] == [0, 5]
    with pytest.raises(ParseError) as info:
        parse_source(text)
    assert str(info.value).startswith("8:8: unknown operation 'stablehlo.bogus'")
    assert (info.value.line, info.value.column) == (8, 8)


def test_unnamed_bare_functions_form_an_unnamed_module():
    module = parse_module("func.func @a() {\n func.return\n}\nfunc.func @b() {\n func.return\n}")
    assert module.name is None and [f.name for f in module.functions] == ["a", "b"]


# --- types and attributes -------------------------------------------------------------


def _constant_value(text: str):
    module = _body(f"%0 = stablehlo.constant {text}")
    return module.functions[0].body.entry.operations[0].attributes["value"]


def test_dense_literal_forms():
    hex_value = _constant_value('dense<"0x0000803F00000040"> : tensor<2xf32>')
    np.testing.assert_array_equal(hex_value.array, np.array([1.0, 2.0], np.float32))
    splat_hex = _constant_value('dense<"0x0000803F"> : tensor<2x2xf32>')
    np.testing.assert_array_equal(splat_hex.array, np.ones((2, 2), np.float32))
    special = _constant_value("dense<[0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<3xf32>")
    assert np.isposinf(special.array[0]) and np.isneginf(special.array[1])
    assert np.isnan(special.array[2])
    complex_value = _constant_value("dense<[(1.0, -2.0), (0.5, 3.0)]> : tensor<2xcomplex<f64>>")
    np.testing.assert_array_equal(complex_value.array, np.array([1 - 2j, 0.5 + 3j]))
    bools = _constant_value("dense<[true, false]> : tensor<2xi1>")
    assert bools.array.tolist() == [True, False]
    bf16 = _constant_value("dense<0.1> : tensor<bf16>")
    assert bf16.array.dtype == ml_dtypes.bfloat16 and float(bf16.array) == float(
        np.float32(0.1).astype(ml_dtypes.bfloat16))
    int4 = _constant_value("dense<[-8, 7]> : tensor<2xi4>")
    assert int4.array.tolist() == [-8, 7]
    empty = _constant_value("dense<> : tensor<0x3xf32>")
    assert empty.array.shape == (0, 3)
    unsigned = _constant_value("dense<18446744073709551615> : tensor<ui64>")
    assert int(unsigned.array) == 2**64 - 1


def test_quantized_and_bounded_types():
    text = ("%0 = stablehlo.constant() {value = dense<[1, 2]> : tensor<2xi8>} : () -> "
            "tensor<2x!quant.uniform<i8<-127:127>:f32:0, {0.1:-3,2.5E-1}>>\n"
            "%1 = stablehlo.constant() {value = dense<1> : tensor<i8>} : () -> "
            "tensor<!quant.uniform<i8:f32, 0.5:-1>>")
    ops = _body(text).functions[0].body.entry.operations
    per_axis = ops[0].result_types[0].element_type
    assert per_axis == QuantizedType("i8", "f32", (0.1, 0.25), (-3, 0), 0, -127, 127)
    assert ops[1].result_types[0].element_type == QuantizedType("i8", "f32", (0.5,), (-1,))
    bounded = parse_module("func.func @f(%x: tensor<?x3xf32, #stablehlo.type_extensions<bounds = "
                           "[4, ?]>>) {\n func.return\n}").functions[0].type.inputs[0]
    assert bounded == TensorType((None, 3), "f32", TypeExtensions((4, None)))
    token_tuple = parse_module("func.func @f(%x: tuple<!stablehlo.token, tensor<i1>>) {\n"
                               " func.return\n}").functions[0].type.inputs[0]
    assert isinstance(token_tuple, TupleType) and str(token_tuple) == (
        "tuple<!stablehlo.token, tensor<i1>>")


def test_structured_and_unknown_attributes():
    text = ('%0 = "stablehlo.custom_call"(%a) {call_target_name = "t", mhlo.frontend_attributes '
            '= {x = "1"}, mhlo.sharding = #mhlo.sharding<"{replicated}">, '
            'foo = #foo.bar<[1, 2] -> {a}>, dims = #stablehlo.scatter<update_window_dims = [0], '
            'index_vector_dim = 1>, flags = array<i1: true, false>, u, big = 0x10 : i64} : '
            '(tensor<2x3xf32>) -> tensor<2x3xf32>')
    module = _body(text)
    attrs = module.functions[0].body.entry.operations[0].attributes
    assert attrs["mhlo.sharding"] == OpaqueAttribute('#mhlo.sharding<"{replicated}">')
    assert attrs["foo"] == OpaqueAttribute("#foo.bar<[1, 2] -> {a}>")
    assert attrs["dims"] == ScatterDimensionNumbers(update_window_dims=(0,), index_vector_dim=1)
    assert attrs["flags"] == DenseArray("i1", (True, False)) and attrs["big"] == 16
    assert parse_module(print_module(module)).structurally_equals(module)


def test_strings_with_escapes_round_trip():
    module = _body(r'%0 = stablehlo.custom_call @t(%a) {backend_config = "a\"b\\c\0A\FF"} : '
                   "(tensor<2x3xf32>) -> tensor<2x3xf32>")
    value = module.functions[0].body.entry.operations[0].attributes["backend_config"]
    assert value.encode("utf-8", "surrogateescape") == b'a"b\\c\n\xff'
    assert parse_module(print_module(module)).structurally_equals(module)


# --- fast paths --------------------------------------------------------------------------

# Statements in the shapes JAX prints, which the parser reads in one match each
# (constants, operand/keyword/enum ops, calls, `applies` reduces, dot_general).
PLAIN_PROGRAM = """\
module @m {
  func.func public @main(%arg0: $A, %arg1: tensor<8x3xf32>) -> $C {
    %cst = stablehlo.constant dense<-1.500000e+00> : tensor<f32>
    %c = stablehlo.constant dense<7> : tensor<i32>
    %t = stablehlo.constant dense<true> : $P
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> $A
    %1 = stablehlo.compare  GT, %arg0, %0,  FLOAT : ($A, $A) -> $P
    %2 = stablehlo.compare GT, %arg0, %0, FLOAT : ($A, $A) -> $P
    %3 = stablehlo.and %1, %t : $P
    %4 = stablehlo.select %3, %arg0, %0 : $P, $A
    %5 = chlo.square %4 : $A -> $A
    %6 = call @double(%5) : ($A) -> $A
    %7 = stablehlo.reduce(%6 init: %cst) applies stablehlo.add across dimensions = [1] : \
($A, tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.dot_general %6, %arg1, contracting_dims = [1] x [0], \
precision = [DEFAULT, HIGHEST] : ($A, tensor<8x3xf32>) -> $C
    %9 = stablehlo.transpose %8, dims = [1, 0] : ($C) -> tensor<3x4xf32>
    %10 = stablehlo.transpose %9, dims = [1, 0] : (tensor<3x4xf32>) -> $C loc("x")
    return %10 : $C
  }
  func.func private @double(%arg0: $A) -> $A {
    %0 = stablehlo.add %arg0, %arg0 : $A
    return %0 : $A
  }
}
""".replace("$A", "tensor<4x8xf32>").replace("$C", "tensor<4x3xf32>").replace(
    "$P", "tensor<4x8xi1>")


def _op_details(module):
    return [(op.name, op.location, [r.name_hint for r in op.results],
             [(k, type(v).__name__, repr(v)) for k, v in op.attributes.items()])
            for op in module.walk()]


def test_fast_paths_build_what_the_token_level_parser_builds(monkeypatch):
    fast = parse_module(PLAIN_PROGRAM)
    from jaxlib._src.frontends.mlir_text import MlirParser

    monkeypatch.setattr(MlirParser, "_parse_plain_statement", lambda self, statement: None)
    slow = parse_module(PLAIN_PROGRAM)
    assert fast.structurally_equals(slow)
    assert _op_details(fast) == _op_details(slow)
    verify_module(fast)
    assert fast.functions[0].body.entry.operations[-2].location == 'loc("x")'


def test_errors_in_plain_statements_come_from_the_token_level_parser():
    # Each statement has a fast-path shape; the error still names its position.
    cases = {
        "%0 = stablehlo.add %a, %a : tensor<2x3xf33>": "2:40: unknown element type 'f33'",
        "%0 = stablehlo.constant dense<1.0> : tensor<2xi32>":
            "2:25: invalid dense literal for tensor<2xi32>: 1.0 is not an integer",
        "%0 = call @g(%nope) : (tensor<2x3xf32>) -> tensor<2x3xf32>":
            "2:14: use of undefined value %nope",
        "%0 = stablehlo.reduce(%a init: %a) applies stablehlo.bogus across dimensions = [1] : "
        "(tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2xf32>":
            "2:44: unknown reducing op 'stablehlo.bogus'",
        "%0 = stablehlo.add %a, %a : tensor<2x3xf32>, tensor<2x3xf32>":
            "2:20: stablehlo.add: expected one type or a function type, got 2 types",
    }
    for source, message in cases.items():
        with pytest.raises(ParseError) as info:
            parse_module("func.func @f(%a: tensor<2x3xf32>) {\n" + source + "\n  func.return\n}")
        assert str(info.value).startswith(message), (source, str(info.value))


# --- errors -----------------------------------------------------------------------------

ERRORS = {
    "undefined value": ("%0 = stablehlo.add %a, %nope : tensor<2x3xf32>",
                        "2:24: use of undefined value %nope"),
    "redefinition": ("%0 = stablehlo.add %a, %a : tensor<2x3xf32>\n"
                     "%0 = stablehlo.add %a, %a : tensor<2x3xf32>",
                     "3:1: redefinition of SSA value %0"),
    "unknown op": ("%0 = stablehlo.frobnicate %a : tensor<2x3xf32>",
                   "2:6: unknown operation 'stablehlo.frobnicate'"),
    "unknown element type": ("%0 = stablehlo.convert %a : (tensor<2x3xf32>) -> tensor<2x3xf7>",
                             "2:61: unknown element type 'f7'"),
    "result count": ("%0, %1 = stablehlo.add %a, %a : tensor<2x3xf32>",
                     "2:10: operation defines 1 results but 2 names were given"),
    "operand type": ("%0 = stablehlo.convert %a : (tensor<2x3xf16>) -> tensor<2x3xf32>",
                     "2:24: operand #0 has type tensor<2x3xf32> but the op's type says "
                     "tensor<2x3xf16>"),
    "missing colon": ("%0 = stablehlo.add %a, %a\n", "4:3: expected ':' before the operation's "
                      "types, got 'func.return'"),
    "dense shape": ("%0 = stablehlo.constant dense<[1, 2, 3]> : tensor<2xi32>",
                    "2:25: invalid dense literal for tensor<2xi32>: literal of shape [3]"),
    "integer range": ("%0 = stablehlo.constant dense<300> : tensor<ui8>",
                      "2:25: invalid dense literal for tensor<ui8>: integer out of range"),
    "bad enum": ("%0 = stablehlo.compare BIGGER, %a, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> "
                 "tensor<2x3xi1>", "2:24: 'BIGGER' is not a comparison_direction"),
    "bad character": ("%0 = stablehlo.add %a, %a : tensor<2x3xf32> ~", "2:45: unexpected "
                      "character '~'"),
    "unranked": ("%0 = stablehlo.convert %a : (tensor<2x3xf32>) -> tensor<*xf32>",
                 "2:57: unranked tensors are not supported"),
    "successors": ('"cf.br"()[^bb1] : () -> ()', "2:10: successor blocks (branches) are not "
                   "supported"),
    "unbalanced": ('%0 = "stablehlo.custom_call"(%a) {x = #foo<[1, 2>} : (tensor<2x3xf32>) -> '
                   "tensor<2x3xf32>", "2:49: mismatched '>'"),
    "resource": ('%0 = stablehlo.constant dense_resource<blob> : tensor<2xf32>',
                 "2:25: 'dense_resource' attributes are not supported"),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_malformed_programs_raise_parse_errors_with_positions(name):
    source, message = ERRORS[name]
    with pytest.raises(ParseError) as info:
        parse_module("func.func @f(%a: tensor<2x3xf32>) {\n" + source + "\n  func.return\n}")
    assert str(info.value).startswith(message)
    assert isinstance(info.value, ValueError)


def test_structural_errors():
    with pytest.raises(ParseError, match=r"^1:1: expected 'module' or 'func.func', got 'foo'"):
        parse_module("foo")
    with pytest.raises(ParseError, match=r"^3:1: expected one module per source chunk"):
        parse_module("module {\n}\nmodule {\n}")
    with pytest.raises(ParseError, match=r"^1:26: expected '}' to close the attribute"):
        parse_module("module attributes {a = 1 {")
    with pytest.raises(ParseError, match=r"^2:2: expected 'func.func' or '}' in module, got "
                                         "'func'"):
        parse_module("module @m {\n func")
    with pytest.raises(ParseError, match=r"^2:1: expected 'func.func' or '}' in module, got "
                                         "end of input"):
        parse_module("module @m {\n")


def test_long_runs_of_blanks_and_comments_lex_in_linear_time():
    # Trailing blanks once sent the token regex into exponential backtracking.
    body = "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  func.return %a : tensor<2xf32>\n}"
    module = parse_module(body + " " * 5000 + "\n  // done\n" + "\t \n" * 2000)
    assert module.functions[0].name == "f"
    with pytest.raises(ParseError, match=r"^6003:2: unexpected character '\$'"):
        parse_module(body + " " * 5000 + "\n" * 6000 + " $")
