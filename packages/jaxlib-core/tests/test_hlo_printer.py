"""The IR printed as XLA HLO text, and read back by the HLO frontend."""

# HLO and MLIR fixtures keep one instruction per line, as XLA prints them.
# ruff: noqa: E501

import re

import ml_dtypes
import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.frontends import parse_hlo_module, parse_module
from jaxlib._src.ir import FunctionType, TensorType, TokenType, TupleType, print_module
from jaxlib._src.ir.attributes import DenseElements, TypeExtensions
from jaxlib._src.ir.hlo_printer import (
    hlo_element_type,
    hlo_shape,
    print_hlo_literal,
    print_hlo_module,
)


def _hlo_round_trip(text: str) -> tuple[str, str]:
    """HLO text -> IR -> HLO text, twice; returns both printed texts."""
    first = print_hlo_module(parse_hlo_module(text), print_large_constants=True)
    second = print_hlo_module(parse_hlo_module(first), print_large_constants=True)
    return first, second


# --- golden text -----------------------------------------------------------------------

SEED_ADD = """
HloModule add_module

ENTRY add_computation {
  x = f32[3] parameter(0)
  y = f32[3] parameter(1)
  ROOT add = f32[3] add(x, y)
}
"""

SEED_SHARDED = """
HloModule sharded_add

ENTRY computation {
  x = f32[2] parameter(0)
  y = f32[2] parameter(1)
  ROOT add = f32[2] add(x, y)
}
"""

SEED_ADD_PRINTED = """\
HloModule add_module, entry_computation_layout={(f32[3]{0}, f32[3]{0})->f32[3]{0}}

ENTRY %main.4 (Arg_0.1: f32[3], Arg_1.2: f32[3]) -> f32[3] {
  %Arg_0.1 = f32[3]{0} parameter(0)
  %Arg_1.2 = f32[3]{0} parameter(1)
  ROOT %add.3 = f32[3]{0} add(f32[3]{0} %Arg_0.1, f32[3]{0} %Arg_1.2)
}

"""

SUM_OF_SINE = """
module @jit_f {
  func.func public @main(%arg0: tensor<3xf32>) -> (tensor<f32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.sine %arg0 : tensor<3xf32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    return %1 : tensor<f32>
  }
}
"""

SUM_OF_SINE_PRINTED = """\
HloModule jit_f, entry_computation_layout={(f32[3]{0})->f32[]}

%region_0.4 (Arg_0.5: f32[], Arg_1.6: f32[]) -> f32[] {
  %Arg_0.5 = f32[] parameter(0)
  %Arg_1.6 = f32[] parameter(1)
  ROOT %add.7 = f32[] add(f32[] %Arg_0.5, f32[] %Arg_1.6)
}

ENTRY %main.9 (Arg_0.1: f32[3]) -> f32[] {
  %Arg_0.1 = f32[3]{0} parameter(0)
  %constant.2 = f32[] constant(0)
  %sine.3 = f32[3]{0} sine(f32[3]{0} %Arg_0.1)
  ROOT %reduce.8 = f32[] reduce(f32[3]{0} %sine.3, f32[] %constant.2), dimensions={0}, to_apply=%region_0.4
}

"""

CALL_AND_TUPLE = """
module @jit_g attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"}, %arg1: tensor<3xi32>) -> (tensor<3x2xf32>, tensor<3xi1>) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %c = stablehlo.constant dense<[1, -2, 3]> : tensor<3xi32>
    %1 = stablehlo.compare GE, %arg1, %c, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %2 = func.call @helper(%0) : (tensor<3x2xf32>) -> tensor<3x2xf32>
    return %2, %1 : tensor<3x2xf32>, tensor<3xi1>
  }
  func.func private @helper(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
    %0 = stablehlo.negate %x : tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }
}
"""

CALL_AND_TUPLE_PRINTED = """\
HloModule jit_g, entry_computation_layout={(f32[2,3]{1,0}, s32[3]{0})->(f32[3,2]{1,0}, pred[3]{0})}, num_partitions=2

%helper (Arg_0.6: f32[3,2]) -> f32[3,2] {
  %Arg_0.6 = f32[3,2]{1,0} parameter(0)
  ROOT %negate.7 = f32[3,2]{1,0} negate(f32[3,2]{1,0} %Arg_0.6)
}

ENTRY %main.10 (Arg_0.1: f32[2,3], Arg_1.2: s32[3]) -> (f32[3,2], pred[3]) {
  %Arg_0.1 = f32[2,3]{1,0} parameter(0), sharding={devices=[2,1]<=[2]}
  %Arg_1.2 = s32[3]{0} parameter(1)
  %transpose.3 = f32[3,2]{1,0} transpose(f32[2,3]{1,0} %Arg_0.1), dimensions={1,0}
  %constant.4 = s32[3]{0} constant({1, -2, 3})
  %compare.5 = pred[3]{0} compare(s32[3]{0} %Arg_1.2, s32[3]{0} %constant.4), direction=GE
  %call.8 = f32[3,2]{1,0} call(f32[3,2]{1,0} %transpose.3), to_apply=%helper
  ROOT %tuple.9 = (f32[3,2]{1,0}, pred[3]{0}) tuple(f32[3,2]{1,0} %call.8, pred[3]{0} %compare.5)
}

"""


def test_golden_seed_add():
    assert print_hlo_module(parse_hlo_module(SEED_ADD)) == SEED_ADD_PRINTED


def test_golden_region_becomes_computation_before_entry():
    assert print_hlo_module(parse_module(SUM_OF_SINE)) == SUM_OF_SINE_PRINTED


def test_golden_call_sharding_default_compare_type_and_tuple_root():
    # SIGNED is s32's default comparison type, so XLA leaves type= out;
    # replica_count=1 is the default and is left out too.
    assert print_hlo_module(parse_module(CALL_AND_TUPLE)) == CALL_AND_TUPLE_PRINTED


def test_executable_hlo_module_to_string_is_hlo_text():
    client = xla_client.make_cpu_client()
    exe = client.compile_and_load(SUM_OF_SINE, client.devices()[:1])
    module = exe.hlo_modules()[0]
    assert module.to_string() == SUM_OF_SINE_PRINTED
    assert module.as_hlo_text(print_large_constants=True) == SUM_OF_SINE_PRINTED
    assert '"stablehlo.sine"' in module.to_mlir_text()


# --- shapes and literals ----------------------------------------------------------------


@pytest.mark.parametrize("type_,text,bare", [
    (TensorType((), "f32"), "f32[]", "f32[]"),
    (TensorType((2, 3, 4), "bf16"), "bf16[2,3,4]{2,1,0}", "bf16[2,3,4]"),
    (TensorType((5,), "i1"), "pred[5]{0}", "pred[5]"),
    (TensorType((1,), "ui8"), "u8[1]{0}", "u8[1]"),
    (TensorType((2,), "complex<f64>"), "c128[2]{0}", "c128[2]"),
    (TensorType((2,), "f8E4M3FN"), "f8e4m3fn[2]{0}", "f8e4m3fn[2]"),
    (TensorType((None, 3), "i32", TypeExtensions((4, None))), "s32[<=4,3]{1,0}", "s32[<=4,3]"),
    (TensorType((None,), "f32"), "f32[?]{0}", "f32[?]"),
    (TokenType(), "token[]", "token[]"),
    (TupleType((TensorType((), "i64"), TensorType((2,), "f16"))), "(s64[], f16[2]{0})",
     "(s64[], f16[2])"),
])
def test_shapes_use_default_layouts_but_not_on_scalars(type_, text, bare):
    assert hlo_shape(type_) == text
    assert hlo_shape(type_, layout=False) == bare


def test_shape_errors_name_the_type():
    with pytest.raises(ValueError, match="has no HLO shape"):
        hlo_shape(FunctionType((), ()))
    with pytest.raises(ValueError, match="element type f7 has no HLO primitive type"):
        hlo_element_type("f7")


def _dense(values, element_type, dtype=None):
    array = np.asarray(values, dtype=dtype)
    return DenseElements(array, TensorType(array.shape, element_type))


@pytest.mark.parametrize("values,element_type,dtype,text", [
    (0.0, "f32", np.float32, "0"),
    (1.5, "f32", np.float32, "1.5"),
    (0.1, "f32", np.float32, "0.1"),
    (1 / 3, "f32", np.float32, "0.333333343"),
    (0.1, "f64", np.float64, "0.1"),
    (1 / 3, "f64", np.float64, "0.33333333333333331"),
    (1e10, "f32", np.float32, "1e+10"),
    (-0.0, "f32", np.float32, "-0"),
    (0.1, "bf16", ml_dtypes.bfloat16, "0.1001"),
    (0.1, "f16", np.float16, "0.099976"),
    (True, "i1", np.bool_, "true"),
    (-7, "i8", np.int8, "-7"),
    (2**64 - 1, "ui64", np.uint64, "18446744073709551615"),
    (1 + 2j, "complex<f32>", np.complex64, "(1, 2)"),
    ([1, 2, 3], "i32", np.int32, "{1, 2, 3}"),
    ([[1, 2], [3, 4]], "i32", np.int32, "{ { 1, 2 }, { 3, 4 } }"),
    ([[1], [2]], "i32", np.int32, "{ {1}, {2} }"),
    ([[[1, 2]], [[3, 4]]], "i32", np.int32, "{ { { 1, 2 } }, { { 3, 4 } } }"),
    ([[[[1, 2]]]], "i32", np.int32, "{ { /*i0=0*/ { /*i1=0*/ { 1, 2 } } } }"),
    ([True, False], "i1", np.bool_, "{1, 0}"),
    ([np.inf, -np.inf, np.nan, -np.nan], "f32", np.float32, "{inf, -inf, nan, -nan}"),
    ([], "f32", np.float32, "{}"),
])
def test_literals_print_as_xla_prints_them_on_one_line(values, element_type, dtype, text):
    assert print_hlo_literal(_dense(values, element_type, dtype)) == text


def test_large_constants_are_elided_unless_asked():
    module = parse_module("""
      func.func public @main() -> tensor<11xi32> {
        %0 = stablehlo.iota dim = 0 : tensor<11xi32>
        %c = stablehlo.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]> : tensor<11xi32>
        %1 = stablehlo.add %0, %c : tensor<11xi32>
        return %1 : tensor<11xi32>
      }""")
    assert "s32[11]{0} constant({...})" in print_hlo_module(module)
    full = print_hlo_module(module, print_large_constants=True)
    assert "constant({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})" in full
    assert "iota(), iota_dimension=0" in full


# --- round trips through the HLO frontend -------------------------------------------------


@pytest.mark.parametrize("text", [SEED_ADD, SEED_SHARDED])
def test_seed_examples_round_trip_structurally(text):
    module = parse_hlo_module(text)
    back = parse_hlo_module(print_hlo_module(module))
    assert back.structurally_equals(module)


UNARY_F32 = """abs cbrt ceil cosine exponential exponential_minus_one floor log log_plus_one
logistic negate round_nearest_afz round_nearest_even rsqrt sign sine sqrt tan tanh""".split()
BINARY_F32 = "add atan2 divide maximum minimum multiply power remainder subtract".split()
UNARY_I32 = "not popcnt count_leading_zeros".split()
BINARY_I32 = "and or xor shift_left shift_right_arithmetic shift_right_logical".split()

# (op text, argument types, result type) for single-op programs in generic syntax.
SINGLE_OPS = (
    [(f'"stablehlo.{n}"(%a0)', ["tensor<4xf32>"], "tensor<4xf32>") for n in UNARY_F32]
    + [(f'"stablehlo.{n}"(%a0, %a1)', ["tensor<4xf32>"] * 2, "tensor<4xf32>")
       for n in BINARY_F32]
    + [(f'"stablehlo.{n}"(%a0)', ["tensor<4xi32>"], "tensor<4xi32>") for n in UNARY_I32]
    + [(f'"stablehlo.{n}"(%a0, %a1)', ["tensor<4xi32>"] * 2, "tensor<4xi32>")
       for n in BINARY_I32]
    + [
        ('"stablehlo.is_finite"(%a0)', ["tensor<4xf32>"], "tensor<4xi1>"),
        ('"stablehlo.complex"(%a0, %a1)', ["tensor<4xf32>"] * 2, "tensor<4xcomplex<f32>>"),
        ('"stablehlo.real"(%a0)', ["tensor<4xcomplex<f32>>"], "tensor<4xf32>"),
        ('"stablehlo.imag"(%a0)', ["tensor<4xcomplex<f32>>"], "tensor<4xf32>"),
        ('"stablehlo.select"(%a0, %a1, %a2)', ["tensor<4xi1>", "tensor<4xf32>", "tensor<4xf32>"],
         "tensor<4xf32>"),
        ('"stablehlo.clamp"(%a0, %a1, %a2)', ["tensor<f32>", "tensor<4xf32>", "tensor<f32>"],
         "tensor<4xf32>"),
        ('"stablehlo.convert"(%a0)', ["tensor<4xi32>"], "tensor<4xbf16>"),
        ('"stablehlo.bitcast_convert"(%a0)', ["tensor<4xf32>"], "tensor<4xui32>"),
        ('"stablehlo.reshape"(%a0)', ["tensor<2x3xf32>"], "tensor<3x2xf32>"),
        ('"stablehlo.compare"(%a0, %a1) {comparison_direction = #stablehlo<comparison_direction NE>}',
         ["tensor<4xui8>"] * 2, "tensor<4xi1>"),
        ('"stablehlo.compare"(%a0, %a1) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type TOTALORDER>}',
         ["tensor<4xf32>"] * 2, "tensor<4xi1>"),
        ('"stablehlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 1>}',
         ["tensor<3xf32>"], "tensor<2x3xf32>"),
        ('"stablehlo.transpose"(%a0) {permutation = array<i64: 1, 0>}', ["tensor<2x3xf32>"],
         "tensor<3x2xf32>"),
        ('"stablehlo.reverse"(%a0) {dimensions = array<i64: 0>}', ["tensor<2x3xf32>"],
         "tensor<2x3xf32>"),
        ('"stablehlo.concatenate"(%a0, %a1) {dimension = 1 : i64}', ["tensor<2x3xf32>"] * 2,
         "tensor<2x6xf32>"),
        ('"stablehlo.iota"() {iota_dimension = 1 : i64}', [], "tensor<2x3xui32>"),
        ('"stablehlo.slice"(%a0) {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 3>, strides = array<i64: 1, 1>}',
         ["tensor<2x3xf32>"], "tensor<2x2xf32>"),
        ('"stablehlo.slice"(%a0) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2, 3>, strides = array<i64: 2, 2>}',
         ["tensor<2x3xf32>"], "tensor<1x2xf32>"),
        ('"stablehlo.dynamic_slice"(%a0, %a1, %a2) {slice_sizes = array<i64: 1, 2>}',
         ["tensor<2x3xf32>", "tensor<i32>", "tensor<i32>"], "tensor<1x2xf32>"),
        ('"stablehlo.dynamic_update_slice"(%a0, %a1, %a2, %a3)',
         ["tensor<2x3xf32>", "tensor<1x2xf32>", "tensor<i64>", "tensor<i64>"], "tensor<2x3xf32>"),
        ('"stablehlo.pad"(%a0, %a1) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 1, 0>, interior_padding = array<i64: 0, 1>}',
         ["tensor<2x3xf32>", "tensor<f32>"], "tensor<3x6xf32>"),
        ('"stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision DEFAULT>]}',
         ["tensor<5x2x3xf32>", "tensor<5x3x4xf32>"], "tensor<5x2x4xf32>"),
        ('"stablehlo.reduce_precision"(%a0) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32}',
         ["tensor<4xf32>"], "tensor<4xf32>"),
        ('"stablehlo.custom_call"(%a0) {call_target_name = "my_target", backend_config = "cfg", api_version = 2 : i32, has_side_effect = true}',
         ["tensor<4xf32>"], "tensor<4xf32>"),
        ('"stablehlo.gather"(%a0, %a1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>, indices_are_sorted = false}',
         ["tensor<2x3xf32>", "tensor<2x1xi32>"], "tensor<2x3xf32>"),
        ('"stablehlo.convolution"(%a0, %a1) {dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 2, 1>, padding = dense<[[1, 1], [0, 2]]> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}',
         ["tensor<1x4x4x1xf32>", "tensor<3x3x1x2xf32>"], "tensor<1x2x2x2xf32>"),
    ]
)


@pytest.mark.parametrize("op,arg_types,result_type", SINGLE_OPS,
                         ids=[op.split('"')[1] for op, _, _ in SINGLE_OPS])
def test_single_op_programs_round_trip_structurally(op, arg_types, result_type):
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(arg_types))
    text = (f"module @m {{\n  func.func public @main({args}) -> {result_type} {{\n"
            f"    %0 = {op} : ({', '.join(arg_types)}) -> {result_type}\n"
            f"    func.return %0 : {result_type}\n  }}\n}}\n")
    module = parse_module(text)
    hlo = print_hlo_module(module)
    assert parse_hlo_module(hlo).structurally_equals(module), hlo


JAX_STYLE = """\
HloModule jit_f, entry_computation_layout={(f32[3]{0}, f32[2,3]{1,0})->(f32[], f32[3,3]{1,0})}, num_partitions=2, replica_count=1

%region_0.4 (Arg_0.5: f32[], Arg_1.6: f32[]) -> f32[] {
  %Arg_0.5 = f32[] parameter(0), metadata={op_name="jit(f)/reduce_sum"}
  %Arg_1.6 = f32[] parameter(1)
  ROOT %add.7 = f32[] add(f32[] %Arg_0.5, f32[] %Arg_1.6)
}

ENTRY %main.9 (Arg_0.1: f32[3], Arg_1.2: f32[2,3]) -> (f32[], f32[3,3]) {
  %Arg_0.1 = f32[3]{0} parameter(0), sharding={devices=[2]<=[2]}
  %Arg_1.2 = f32[2,3]{1,0} parameter(1)
  %constant.2 = f32[] constant(0)
  %reduce.8 = f32[] reduce(f32[3]{0} %Arg_0.1, f32[] %constant.2), dimensions={0}, to_apply=%region_0.4
  %dot = f32[3,3]{1,0} dot(%Arg_1.2, %Arg_1.2), lhs_contracting_dims={0}, rhs_contracting_dims={0}, operand_precision={highest,default}
  ROOT %tuple = (f32[], f32[3,3]{1,0}) tuple(%reduce.8, %dot)
}
"""

LOOPS_AND_CALLS = """\
HloModule loops

cond {
  p = (s32[], f32[3]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  n = s32[] constant(10)
  ROOT lt = pred[] compare(i, n), direction=LT
}

body {
  p = (s32[], f32[3]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  x = f32[3] get-tuple-element(p), index=1
  one = s32[] constant(1)
  i2 = s32[] add(i, one)
  x2 = f32[3] multiply(x, x)
  ROOT t = (s32[], f32[3]) tuple(i2, x2)
}

negate_branch {
  x = f32[3] parameter(0)
  ROOT n = f32[3] negate(x)
}

copy_branch {
  x = f32[3] parameter(0)
  ROOT c = f32[3] copy(x)
}

fused {
  a = f32[3] parameter(0)
  b = f32[3] parameter(1)
  ROOT s = f32[3] subtract(a, b)
}

ENTRY main {
  x = f32[3] parameter(0)
  zero = s32[] constant(0)
  init = (s32[], f32[3]) tuple(zero, x)
  w = (s32[], f32[3]) while(init), condition=cond, body=body
  wx = f32[3] get-tuple-element(w), index=1
  f = f32[3] fusion(wx, x), kind=kLoop, calls=fused
  c = f32[3] call(f, f), to_apply=fused
  p = pred[] constant(true)
  if = f32[3] conditional(p, c, c), true_computation=negate_branch, false_computation=copy_branch
  k = s32[] constant(1)
  ROOT case = f32[3] conditional(k, if, if, if), branch_computations={negate_branch, copy_branch, negate_branch}
}
"""

MORE_OPS = """\
HloModule more

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[2,3] parameter(0)
  idx = s32[2,1] parameter(1)
  d = f32[<=4] parameter(2)
  c = f32[2,3] constant({ {1, 2.5, -inf}, {nan, 0, 3} })
  b = pred[2] constant({true, false})
  t = f32[3,2] transpose(x), dimensions={1,0}
  s = f32[1,2] slice(x), slice={[0:1], [0:3:2]}
  r = f32[6] reshape(x)
  cat = f32[12] concatenate(r, r), dimensions={0}
  io = s32[4] iota(), iota_dimension=0
  cv = f32[4] convert(io)
  zero = f32[] constant(0)
  pd = f32[2,8] pad(x, zero), padding=0_0x1_2_1
  z = s32[] constant(0)
  ds = f32[1,2] dynamic-slice(x, z, z), dynamic_slice_sizes={1,2}
  dus = f32[2,3] dynamic-update-slice(x, ds, z, z)
  bc = f32[4,2,3] broadcast(x), dimensions={1,2}
  g = f32[2,3] gather(x, idx), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,3}
  sc = f32[2,3] scatter(x, idx, g), update_window_dims={1}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add
  rw = f32[1,3] reduce-window(x, zero), window={size=2x1 stride=1x1}, to_apply=add
  k = f32[3,3,1,2] broadcast(zero), dimensions={}
  img = f32[1,4,4,1] broadcast(zero), dimensions={}
  conv = f32[1,4,4,2] convolution(img, k), window={size=3x3 pad=1_1x1_1 rhs_dilate=1x1}, dim_labels=b01f_01io->b01f
  cc = f32[2,3] custom-call(x), custom_call_target="my_target", backend_config="cfg", api_version=API_VERSION_STATUS_RETURNING
  rp = f32[2,3] reduce-precision(cc), exponent_bits=5, mantissa_bits=10
  key = u64[2] constant({1, 2})
  rng = (u64[2], u32[4]) rng-bit-generator(key), algorithm=rng_three_fry
  bits = u32[4] get-tuple-element(rng), index=1
  ROOT out = f32[2,3] select(b, x, rp)
}
"""


@pytest.mark.parametrize("text", [JAX_STYLE, LOOPS_AND_CALLS, MORE_OPS],
                         ids=["jax_style", "loops_and_calls", "more_ops"])
def test_frontend_programs_print_to_a_fixed_point(text):
    first, second = _hlo_round_trip(text)
    assert first == second
    # What the frontend built from the printed text, printed again, is the same
    # module: the same IR again once the frontend's own tuple plumbing is in it.
    module = parse_hlo_module(first)
    assert parse_hlo_module(print_hlo_module(module)).structurally_equals(module)


def test_more_ops_spell_attributes_as_xla_does():
    first, _ = _hlo_round_trip(MORE_OPS)
    for piece in [
        "slice={[0:1:1], [0:3:2]}",  # strides shown once any is not 1
        "padding=0_0_0x1_2_1",
        "window={size=2x1}, to_apply=",  # unit strides left out
        "window={size=3x3 pad=1_1x1_1}, dim_labels=b01f_01io->b01f",
        "broadcast(f32[2,3]{1,0} %Arg_0.1), dimensions={1,2}",
        "broadcast(f32[] %constant.12), dimensions={}",
        'custom_call_target="my_target", api_version=API_VERSION_STATUS_RETURNING, backend_config="cfg"',
        "exponent_bits=5, mantissa_bits=10",
        "(u64[2]{0}, u32[4]{0}) rng-bit-generator(u64[2]{0} %constant.",
        "algorithm=rng_three_fry",
        "f32[<=4]{0} parameter(2)",
        "constant({ { 1, 2.5, -inf }, { nan, 0, 3 } })",
        "pred[2]{0} constant({1, 0})",
    ]:
        assert piece in first, piece


CONTROL_FLOW = """
module @jit_g {
  func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<4xi32>, %p: tensor<i1>) -> (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) {
    %0:2 = "stablehlo.sort"(%arg0, %arg1) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
      %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    }) {dimension = 0 : i64, is_stable = true} : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
    %z = stablehlo.constant dense<0.5> : tensor<f32>
    %zi = stablehlo.constant dense<0> : tensor<i32>
    %r:2 = stablehlo.reduce(%0#0 init: %z), (%0#1 init: %zi) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
     reducer(%x: tensor<f32>, %y: tensor<f32>) (%u: tensor<i32>, %v: tensor<i32>) {
      %s = stablehlo.add %x, %y : tensor<f32>
      %t = stablehlo.maximum %u, %v : tensor<i32>
      stablehlo.return %s, %t : tensor<f32>, tensor<i32>
    }
    %step = stablehlo.constant dense<2> : tensor<i32>
    %w:2 = stablehlo.while(%it = %zi, %acc = %r#1) : tensor<i32>, tensor<i32>
     cond {
      %c3 = stablehlo.constant dense<3> : tensor<i32>
      %lt = stablehlo.compare LT, %it, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %c1 = stablehlo.constant dense<1> : tensor<i32>
      %n = stablehlo.add %it, %c1 : tensor<i32>
      %m = stablehlo.add %acc, %step : tensor<i32>
      stablehlo.return %n, %m : tensor<i32>, tensor<i32>
    }
    %f = "stablehlo.if"(%p) ({
      %m = stablehlo.multiply %r#0, %z : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }, {
      stablehlo.return %z : tensor<f32>
    }) : (tensor<i1>) -> tensor<f32>
    %e = "stablehlo.case"(%w#0) ({
      stablehlo.return %f : tensor<f32>
    }, {
      %c = stablehlo.constant dense<2.0> : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) : (tensor<i32>) -> tensor<f32>
    return %0#0, %0#1, %e, %w#1 : tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>
  }
}
"""


def test_control_flow_prints_regions_tuples_and_captures():
    text = print_hlo_module(parse_module(CONTROL_FLOW))
    assert ("sort(f32[4]{0} %Arg_0.1, s32[4]{0} %Arg_1.2), dimensions={0}, is_stable=true, "
            "to_apply=%region_0.") in text
    assert "direction=LT, type=TOTALORDER" in text
    assert "(f32[], s32[]) reduce(" in text and "get-tuple-element((f32[], s32[]) %reduce." in text
    # The while carries its two values and the captured %step in one tuple.
    assert "(s32[], s32[], s32[]) while((s32[], s32[], s32[]) %tuple." in text
    # The if's true branch captures two outer values, its false branch one.
    assert "conditional(pred[] %Arg_2.3, (f32[], f32[]) %tuple." in text
    assert "true_computation=%region_" in text and "false_computation=%region_" in text
    # The case's second branch captures nothing and gets an empty tuple.
    assert re.search(r"%(tuple\.\d+) = \(\) tuple\(\)\n.*conditional\(s32\[\] %get-tuple-element"
                     r"\.\d+, f32\[\] %conditional\.\d+, \(\) %\1\), branch_computations=", text)
    # Every computation is defined before the first instruction that names it.
    defined = []
    for line in text.splitlines():
        for name in re.findall(r"(?:to_apply|condition|body|_computation|computations)=\{?%([\w.]+)", line):
            assert name in defined, name
        if line.endswith("{") and not line.startswith("HloModule"):
            defined.append(line.split()[-4].lstrip("%") if line.startswith("ENTRY") else
                           line.split()[0].lstrip("%"))


def test_control_flow_round_trip_runs_the_same():
    module = parse_module(CONTROL_FLOW)
    first = print_hlo_module(module)
    back = parse_hlo_module(first)
    assert print_hlo_module(back) == first
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    args = [np.array([3, 1, 2, 0], np.float32), np.array([1, 2, 3, 4], np.int32),
            np.array(True)]
    results = []
    for program in (CONTROL_FLOW, print_module(back)):
        exe = client.compile_and_load(program, client.devices()[:1])
        outputs = exe.execute([client.buffer_from_pyval(a, device) for a in args])
        results.append([np.asarray(o) for o in outputs])
    for expected, actual in zip(*results):
        np.testing.assert_array_equal(actual, expected)
    assert results[0][3] == 10  # 4 + 3 loop steps of 2


def test_tuple_plumbing_is_folded_and_unused_tuples_are_dropped():
    module = parse_module("""
      func.func public @main(%a: tensor<2xf64>, %b: tensor<i64>) -> tensor<i64> {
        %t0 = stablehlo.tuple %b : tuple<tensor<i64>>
        %t1 = stablehlo.tuple %a, %t0 : tuple<tensor<2xf64>, tuple<tensor<i64>>>
        %x = stablehlo.get_tuple_element %t1[1] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
        %y = stablehlo.get_tuple_element %x[0] : (tuple<tensor<i64>>) -> tensor<i64>
        %unused = stablehlo.tuple %a, %b : tuple<tensor<2xf64>, tensor<i64>>
        return %y : tensor<i64>
      }""")
    text = print_hlo_module(module)
    assert "tuple" not in text.split("ENTRY")[1]
    assert "ROOT %Arg_1.2 = s64[] parameter(1)" in text


def test_ops_without_hlo_form_print_as_custom_calls():
    module = parse_module("""
      func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
        %0 = chlo.erf %a : tensor<4xf32> -> tensor<4xf32>
        %1 = "chlo.broadcast_add"(%0, %a) {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        return %1 : tensor<4xf32>
      }""")
    text = print_hlo_module(module)
    assert 'custom-call(f32[4]{0} %Arg_0.1), custom_call_target="chlo.erf"' in text
    assert ('custom_call_target="chlo.broadcast_add", '
            'backend_config="{broadcast_dimensions = array<i64: 0>}"') in text


def test_more_stablehlo_ops_use_their_hlo_instructions():
    module = parse_module("""
      func.func public @main(%x: tensor<4x4xf32>, %t: !stablehlo.token) -> (tensor<4x4xf32>, tensor<4x4xf32>, !stablehlo.token) {
        %0 = "stablehlo.cholesky"(%x) {lower = true} : (tensor<4x4xf32>) -> tensor<4x4xf32>
        %1 = "stablehlo.triangular_solve"(%0, %x) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
        %2:2 = "stablehlo.optimization_barrier"(%0, %1) : (tensor<4x4xf32>, tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
        %3 = "stablehlo.after_all"(%t, %t) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
        return %2#0, %2#1, %3 : tensor<4x4xf32>, tensor<4x4xf32>, !stablehlo.token
      }""")
    text = print_hlo_module(module)
    assert "cholesky(f32[4,4]{1,0} %Arg_0.1), lower=true" in text
    assert "triangular-solve(" in text and "left_side=true, lower=true, transpose_a=TRANSPOSE" in text
    assert "(f32[4,4]{1,0}, f32[4,4]{1,0}) opt-barrier((f32[4,4]{1,0}, f32[4,4]{1,0}) %tuple." in text
    assert "token[] after-all(token[] %Arg_1.2, token[] %Arg_1.2)" in text
    assert "entry_computation_layout={(f32[4,4]{1,0}, token[])->" in text


def test_host_memory_parameters_and_results_show_memory_space_5():
    # XLA's layouts name the memory space of values in host memory.
    module = parse_module("""
      func.func public @main(%x: tensor<4xf32> {mhlo.memory_kind = "pinned_host"},
                             %s: tensor<i32>) -> (tensor<i32> {mhlo.memory_kind = "pinned_host"},
                                                  tensor<4xf32>) {
        return %s, %x : tensor<i32>, tensor<4xf32>
      }""")
    text = print_hlo_module(module)
    assert ("entry_computation_layout={(f32[4]{0:S(5)}, s32[])->(s32[]{:S(5)}, f32[4]{0})}"
            in text)


def test_entry_choice_aliases_and_replica_count():
    module = parse_module("""
      module @m attributes {mhlo.num_replicas = 2 : i32} {
        func.func public @first(%a: tensor<f32> {tf.aliasing_output = 0 : i32}) -> tensor<f32> {
          return %a : tensor<f32>
        }
        func.func public @main(%a: tensor<i32>) -> tensor<i32> {
          return %a : tensor<i32>
        }
      }""")
    assert "(s32[])->s32[]" in print_hlo_module(module)
    text = print_hlo_module(module, "first")
    assert text.startswith("HloModule m, entry_computation_layout={(f32[])->f32[]}, "
                           "input_output_alias={ {}: (0, {}, may-alias) }, replica_count=2\n")
    with pytest.raises(KeyError):
        print_hlo_module(module, "nowhere")


def test_region_that_reads_an_outer_value_is_an_error():
    module = parse_module("""
      func.func public @main(%a: tensor<4xf32>, %k: tensor<f32>) -> tensor<f32> {
        %z = stablehlo.constant dense<0.0> : tensor<f32>
        %0 = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
         reducer(%x: tensor<f32>, %y: tensor<f32>) {
          %s = stablehlo.add %x, %k : tensor<f32>
          stablehlo.return %s : tensor<f32>
        }
        return %0 : tensor<f32>
      }""")
    with pytest.raises(ValueError, match="used where HLO cannot see it"):
        print_hlo_module(module)


def test_call_to_a_declaration_is_an_error():
    module = parse_module("""
      func.func private @external(tensor<f32>) -> tensor<f32>
      func.func public @main(%a: tensor<f32>) -> tensor<f32> {
        %0 = func.call @external(%a) : (tensor<f32>) -> tensor<f32>
        return %0 : tensor<f32>
      }""")
    with pytest.raises(ValueError, match="has no body"):
        print_hlo_module(module)
