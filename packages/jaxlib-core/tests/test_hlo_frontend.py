"""HLO text into the IR: each instruction becomes its StableHLO op."""

# HLO fixtures keep one instruction per line, as XLA prints them.
# ruff: noqa: E501

import numpy as np
import pytest

from jaxlib._src.frontends import ParseError, parse_hlo_module, parse_module
from jaxlib._src.ir import TensorType, TupleType, print_module, verify_module
from jaxlib._src.ir.attributes import (
    ComparisonDirection,
    ConvDimensionNumbers,
    DenseArray,
    DotDimensionNumbers,
    GatherDimensionNumbers,
    Precision,
    ScatterDimensionNumbers,
    SymbolRef,
    TypeExtensions,
)

# Verbatim from the compile/execute API document (seed 003).
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


def _ops(module, function=0):
    return module.functions[function].body.entry.operations


def _checked(text):
    module = parse_hlo_module(text)
    verify_module(module)
    assert parse_module(print_module(module)).structurally_equals(module)
    return module


@pytest.mark.parametrize("text,size", [(SEED_ADD, 3), (SEED_SHARDED, 2)])
def test_seed_examples(text, size):
    module = _checked(text)
    main = module.functions[0]
    assert main.name == "main" and main.visibility == "public"
    assert list(main.type.inputs) == [TensorType((size,), "f32")] * 2
    add, ret = _ops(module)
    assert add.name == "stablehlo.add" and add.operands == main.arguments
    assert ret.name == "func.return" and ret.operands == [add.result]


JAX_STYLE = """\
HloModule jit_f, is_scheduled=true, entry_computation_layout={(f32[3]{0}, f32[2,3]{1,0})->(f32[], f32[3,3]{1,0})}, num_partitions=2, replica_count=1

%region_0.4 (Arg_0.5: f32[], Arg_1.6: f32[]) -> f32[] {
  %Arg_0.5 = f32[] parameter(0), metadata={op_name="jit(f)/reduce_sum"}
  %Arg_1.6 = f32[] parameter(1)
  ROOT %add.7 = f32[] add(f32[] %Arg_0.5, f32[] %Arg_1.6), metadata={op_name="x" source_file="/t.py" source_line=3}
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


def test_jax_style_module_with_regions_metadata_and_tuple_root():
    module = _checked(JAX_STYLE)
    assert module.name == "jit_f"
    assert module.attributes == {"mhlo.num_partitions": 2, "mhlo.num_replicas": 1}
    main = module.functions[0]
    assert main.arg_attrs[0] == {"mhlo.sharding": "{devices=[2]<=[2]}"}
    assert list(main.type.results) == [TensorType((), "f32"), TensorType((3, 3), "f32")]
    constant, reduce, dot, tuple_op, ret = _ops(module)
    assert constant.attributes["value"].array.tolist() == 0.0
    assert reduce.attributes["dimensions"] == DenseArray("i64", (0,))
    body = reduce.regions[0].entry
    assert [op.name for op in body.operations] == ["stablehlo.add", "stablehlo.return"]
    assert body.operations[0].operands == body.arguments
    assert dot.name == "stablehlo.dot_general"
    assert dot.attributes["dot_dimension_numbers"] == DotDimensionNumbers(
        lhs_contracting_dimensions=(0,), rhs_contracting_dimensions=(0,))
    assert dot.attributes["precision_config"] == [Precision("HIGHEST"), Precision("DEFAULT")]
    assert ret.operands == [reduce.result, dot.result]  # the root tuple is returned untupled


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


def test_while_conditional_call_and_fusion():
    module = _checked(LOOPS_AND_CALLS)
    main, fused = module.functions
    assert (fused.name, fused.visibility) == ("fused", "private")
    names = [op.name for op in _ops(module)]
    assert names.count("func.call") == 2 and "stablehlo.if" in names and "stablehlo.case" in names
    loop = next(op for op in _ops(module) if op.name == "stablehlo.while")
    assert [str(t) for t in loop.result_types] == ["tensor<i32>", "tensor<3xf32>"]
    cond, body = loop.regions
    assert [str(a.type) for a in body.entry.arguments] == ["tensor<i32>", "tensor<3xf32>"]
    assert body.entry.operations[-1].name == "stablehlo.return"
    assert len(body.entry.operations[-1].operands) == 2
    case = next(op for op in _ops(module) if op.name == "stablehlo.case")
    assert len(case.regions) == 3
    copy_region = case.regions[1].entry
    assert [op.name for op in copy_region.operations] == ["stablehlo.return"]
    calls = [op for op in _ops(module) if op.name == "func.call"]
    assert all(op.attributes["callee"] == SymbolRef("fused") for op in calls)


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
  b = pred[2,3] constant({ {true, false, true}, {false, true, false} })
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
  k = f32[3,3,1,1] constant(1)
  img = f32[1,4,4,1] broadcast(zero), dimensions={}
  conv = f32[1,4,4,1] convolution(img, k), window={size=3x3 pad=1_1x1_1}, dim_labels=b01f_01io->b01f
  cc = f32[2,3] custom-call(x), custom_call_target="my_target", backend_config="cfg", api_version=API_VERSION_STATUS_RETURNING
  ROOT out = f32[2,3] select(b, x, cc)
}
"""


def test_common_instruction_set():
    module = parse_hlo_module(MORE_OPS)
    ops = {op.name: op for op in _ops(module)}
    main = module.functions[0]
    assert main.type.inputs[2] == TensorType((None,), "f32", TypeExtensions((4,)))
    constants = [op for op in _ops(module) if op.name == "stablehlo.constant"]
    literal = constants[0].attributes["value"].array
    assert literal[0, 1] == 2.5 and np.isneginf(literal[0, 2]) and np.isnan(literal[1, 0])
    assert constants[1].attributes["value"].array.tolist() == [[True, False, True], [False, True, False]]
    assert ops["stablehlo.slice"].attributes["strides"] == DenseArray("i64", (1, 2))
    assert ops["stablehlo.pad"].attributes["interior_padding"] == DenseArray("i64", (0, 1))
    broadcasts = [op for op in _ops(module) if op.name == "stablehlo.broadcast_in_dim"]
    assert [op.attributes["broadcast_dimensions"] for op in broadcasts] == [(1, 2), ()]
    assert ops["stablehlo.gather"].attributes["dimension_numbers"] == GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,), index_vector_dim=1)
    assert ops["stablehlo.scatter"].attributes["scatter_dimension_numbers"] == (
        ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,),
                                scatter_dims_to_operand_dims=(0,), index_vector_dim=1))
    assert ops["stablehlo.reduce_window"].attributes["window_dimensions"] == (2, 1)
    conv = ops["stablehlo.convolution"]
    assert conv.attributes["dimension_numbers"] == ConvDimensionNumbers(
        0, 3, (1, 2), 2, 3, (0, 1), 0, 3, (1, 2))
    assert conv.attributes["padding"].array.tolist() == [[1, 1], [1, 1]]
    custom = ops["stablehlo.custom_call"]
    assert custom.attributes["call_target_name"] == "my_target"
    assert custom.attributes["api_version"] == 2
    verify_module(module)
    assert parse_module(print_module(module)).structurally_equals(module)


def test_compare_direction_and_type():
    module = _checked("HloModule m\nENTRY e {\n a = f32[2] parameter(0)\n"
                      " ROOT c = pred[2] compare(a, a), direction=GE, type=TOTALORDER\n}\n")
    compare = _ops(module)[0]
    assert compare.attributes["comparison_direction"] == ComparisonDirection("GE")
    assert compare.result_types == [TensorType((2,), "i1")]


def test_tuple_parameters_and_get_tuple_element():
    module = _checked("HloModule m\nENTRY e {\n p = (f32[2], s32[]) parameter(0)\n"
                      " ROOT g = s32[] get-tuple-element(p), index=1\n}\n")
    assert isinstance(module.functions[0].type.inputs[0], TupleType)
    assert _ops(module)[0].attributes["index"] == 1


ERRORS = {
    "no header": ("ENTRY e {\n}", "1:1: expected 'HloModule'"),
    "unsupported": ("HloModule m\nENTRY e {\n a = f32[2] parameter(0)\n"
                    " ROOT b = f32[2] cholesky(a)\n}", "4:2: cholesky b: HLO instruction "
                    "'cholesky' is not supported"),
    "undefined operand": ("HloModule m\nENTRY e {\n ROOT b = f32[2] negate(zz)\n}",
                          "3:2: negate b: operand zz is not defined"),
    "unknown computation": ("HloModule m\nENTRY e {\n a = f32[2] parameter(0)\n"
                            " ROOT c = f32[2] call(a), to_apply=nowhere\n}",
                            "4:2: call c: unknown computation nowhere"),
    "element type": ("HloModule m\nENTRY e {\n a = q7[2] parameter(0)\n}",
                     "3:6: unknown HLO element type 'q7'"),
    "missing attribute": ("HloModule m\nENTRY e {\n a = f32[2] parameter(0)\n"
                          " ROOT t = f32[2] transpose(a)\n}", "4:2: transpose t: missing attribute "
                          "dimensions="),
    "bad literal": ("HloModule m\nENTRY e {\n ROOT c = f32[2] constant({1, 2, 3})\n}",
                    "3:2: constant c: bad literal"),
    "unclosed": ("HloModule m\nENTRY e {\n a = f32[2] parameter(0)\n",
                 "4:1: computation e is not closed"),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_hlo_errors_name_line_and_column(name):
    text, message = ERRORS[name]
    with pytest.raises(ParseError) as info:
        parse_hlo_module(text)
    assert str(info.value).startswith(message)
