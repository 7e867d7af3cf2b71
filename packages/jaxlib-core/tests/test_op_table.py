"""The op table (``OpDef`` entries in ``OP_DEFS``, ir/core.py) against every
registry, parser, printer and lowering that derives a list from it, and the
element-type table (ir/element_types.py) against every spelling map.

A miss anywhere (an op without its pretty parser, an HLO opcode printed as a
custom call, a native fused opcode no op names, a terminator one pass does not
know) fails here rather than degrading silently. The round-trip tests cover
every op: generated examples for the elementwise families, the repository's
corpus programs and the hand-written EXAMPLES below.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from jaxlib._src.backends.cpu import fusion, native
from jaxlib._src.backends.cpu.lowering import ModuleLowering
from jaxlib._src.backends.cpu.native_ops import dot as native_dot
from jaxlib._src.backends.cpu.native_ops import gather_scatter as native_gather_scatter
from jaxlib._src.compiler import cost
from jaxlib._src.frontends import hlo_text, stablehlo_syntax
from jaxlib._src.frontends.hlo_text import parse_hlo_module
from jaxlib._src.frontends.mlir_text import parse_module, parse_source
from jaxlib._src.ir import element_types, hlo_attributes, hlo_printer
from jaxlib._src.ir.attributes import (
    ConvDimensionNumbers,
    DotDimensionNumbers,
    GatherDimensionNumbers,
    ScatterDimensionNumbers,
)
from jaxlib._src.ir.core import (
    CHEAP,
    COMMUTATIVE,
    CONVOLUTION,
    DOT,
    ELEMENTWISE,
    EXPENSIVE,
    FREE,
    ITEMS,
    ITEMS_NO_RESULTS,
    REDUCTION,
    SIDE_EFFECT,
    TERMINATOR,
    TRANSCENDENTAL,
    Module,
    is_terminator,
    load_op_table,
    verify_module,
)
from jaxlib._src.ir.hlo_printer import print_hlo_module
from jaxlib._src.ir.printer import print_module
from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops import collectives, data_movement, gather_scatter, reduction, registry
from jaxlib._src.ops.elementwise import BINARY_OPS, RESULT_RULES, UNARY_OPS
from jaxlib._src.runtime import types as runtime_types

DEFS = load_op_table()
# The dialects whose ops are built in (extensions such as check.* register
# later, through register_op_extension).
BUILT_IN = ("stablehlo", "chlo", "mhlo", "func", "sdy")
BUILT_IN_DEFS = {name: d for name, d in DEFS.items() if d.dialect in BUILT_IN}
CORPUS = Path(__file__).resolve().parents[3] / "tests" / "corpus" / "programs"


# ---------------------------------------------------------------------------------
# Every entry names only facts its consumers know
# ---------------------------------------------------------------------------------


def test_every_entry_is_well_formed():
    traits = {ELEMENTWISE, COMMUTATIVE, TERMINATOR, SIDE_EFFECT}
    costs = {None, FREE, CHEAP, EXPENSIVE, TRANSCENDENTAL, DOT, CONVOLUTION, REDUCTION}
    for name, d in DEFS.items():
        assert d.name == name
        assert d.traits <= traits, name
        assert d.cost in costs, name
        assert d.syntax is None or d.syntax in stablehlo_syntax.SYNTAX_FORMS, name
        assert not (d.hlo and d.no_hlo), name
        assert d.fused is None or d.fused in fusion.OPCODES, name
        if d.fused is not None:
            assert d.element_kinds, f"{name}: a fused op names the element kinds it accepts"
        if d.element_kinds is not None:
            assert d.element_kinds <= set(element_types.CATEGORIES), name
        if COMMUTATIVE in d.traits:
            assert ELEMENTWISE in d.traits, name


def test_terminators_are_the_return_ops():
    returns = {name for name in BUILT_IN_DEFS if name.endswith(".return")}
    assert {name for name, d in DEFS.items() if TERMINATOR in d.traits} == returns
    assert returns >= {"func.return", "stablehlo.return", "chlo.return", "mhlo.return",
                       "sdy.return"}
    for name in DEFS:
        assert is_terminator(name) == (name in returns)


# ---------------------------------------------------------------------------------
# Parsers and printers
# ---------------------------------------------------------------------------------


def test_pretty_parsers_are_the_table_syntax_forms():
    extensions = stablehlo_syntax._EXTENSION_SYNTAX
    expected = {name: stablehlo_syntax.SYNTAX_FORMS[d.syntax]
                for name, d in DEFS.items() if d.syntax is not None}
    expected.update({name: stablehlo_syntax.SYNTAX_FORMS[form]
                     for name, form in extensions.items()})
    assert stablehlo_syntax.PRETTY_PARSERS == expected
    no_results = {name for name, d in DEFS.items() if d.syntax == ITEMS_NO_RESULTS}
    no_results |= {name for name, form in extensions.items() if form == ITEMS_NO_RESULTS}
    assert stablehlo_syntax.NO_RESULT_OPS == no_results
    # Every built-in op with a parser of its own names that parser's form.
    for name, d in BUILT_IN_DEFS.items():
        if name in extensions:
            continue
        assert (name in stablehlo_syntax.PRETTY_PARSERS) == (d.syntax is not None), name


def test_pretty_keywords_belong_to_item_ops():
    tables = (stablehlo_syntax._KEYWORDS, stablehlo_syntax._ARRAY_KEYWORDS,
              stablehlo_syntax._POSITIONAL_ENUMS)
    for table in tables:
        for name in table:
            form = stablehlo_syntax._EXTENSION_SYNTAX.get(name) or DEFS[name].syntax
            assert form is not None, name


def test_every_stablehlo_op_has_exactly_one_hlo_form():
    for name, d in BUILT_IN_DEFS.items():
        if d.dialect != "stablehlo":
            assert d.hlo is None and not d.no_hlo, f"{name}: XLA has no {d.dialect} instructions"
            continue
        if d.is_terminator:
            continue
        forms = [d.hlo is not None, name in hlo_printer._HANDLERS, d.no_hlo]
        assert sum(forms) == 1, (name, forms)


def test_hlo_opcodes_print_and_parse_back():
    for name, d in DEFS.items():
        if d.hlo is None:
            assert name not in hlo_printer._SIMPLE_OPCODES
            continue
        assert hlo_printer._SIMPLE_OPCODES[name] == d.hlo
        back = hlo_text._ELEMENTWISE[d.hlo]
        assert DEFS[back].hlo == d.hlo
    for opcode, name in hlo_text._ELEMENTWISE.items():
        assert DEFS[name].hlo == opcode


def test_hlo_attribute_codecs_round_trip():
    dims = ConvDimensionNumbers(0, 3, (1, 2), 2, 3, (0, 1), 0, 3, (1, 2))
    assert hlo_attributes.format_dim_labels(dims) == "b01f_01io->b01f"
    assert hlo_attributes.parse_dim_labels("b01f_01io->b01f") == dims
    window = hlo_attributes.format_window((3, 3), (2, 1), [(1, 1), (0, 2)], (1, 1), (2, 2),
                                          (True, False))
    assert window == "{size=3x3 stride=2x1 pad=1_1x0_2 rhs_dilate=2x2 rhs_reversal=1x0}"
    assert hlo_attributes.parse_window(window) == {
        "size": (3, 3), "stride": (2, 1), "pad": [[1, 1], [0, 2]], "rhs_dilate": (2, 2),
        "rhs_reversal": (1, 0)}
    for cls, fields in ((DotDimensionNumbers, hlo_attributes.DOT_DIMS),
                        (GatherDimensionNumbers, hlo_attributes.GATHER_DIMS),
                        (ScatterDimensionNumbers, hlo_attributes.SCATTER_DIMS)):
        for values in ((), (1, 2)):
            extra = {"index_vector_dim": 1} if cls is not DotDimensionNumbers else {}
            value = cls(**{field: values for _, field, _ in fields}, **extra)
            text = hlo_attributes.format_dimension_numbers(value, fields)
            attributes = dict(item.split("=", 1) for item in text)
            assert hlo_attributes.parse_dimension_numbers(cls, attributes, fields) == value


# ---------------------------------------------------------------------------------
# Fusion, reductions and cost analysis
# ---------------------------------------------------------------------------------


def test_fused_opcodes_are_the_native_ones():
    named = {d.fused for d in DEFS.values() if d.fused is not None}
    native_opcodes = set(native.cpu.fused_encoding()["opcodes"])
    assert named <= native_opcodes
    # Every native opcode computes some op ("copy" is the kernel's own output
    # copy; the round opcodes are the emitter's, after ops on 16-bit floats).
    assert native_opcodes - named == {"copy", *fusion._ROUND_OPCODE.values()}
    assert fusion.OPCODES == {name: code for name, (code, _, _)
                              in native.cpu.fused_encoding()["opcodes"].items()}
    for name, d in DEFS.items():
        if d.fused is None:
            assert name not in fusion._FUSED
            continue
        opcode, arity, codes = fusion._FUSED[name]
        assert opcode == d.fused
        assert arity == _operand_count(name), name
        assert {fusion._CATEGORY_OF_CODE[c] for c in codes} == (
            set(d.element_kinds) & set(fusion._CATEGORY_OF_CODE.values())), name
    assert fusion._EXPENSIVE == {name for name, d in DEFS.items() if d.fused is not None
                                 and d.cost in (EXPENSIVE, TRANSCENDENTAL)}
    reducing = {n for n, (_, _, r) in native.cpu.fused_encoding()["opcodes"].items() if r}
    assert fusion._REDUCERS == {name: d.fused for name, d in DEFS.items()
                                if d.fused in reducing}


def test_elementwise_ops_are_the_trait():
    traited = {name for name, d in DEFS.items() if ELEMENTWISE in d.traits}
    assert reduction.ELEMENTWISE_OPS == traited | {"stablehlo.constant"}
    assert data_movement.ELEMENTWISE_REGION_OPS == traited | {"stablehlo.constant",
                                                              "stablehlo.bitcast_convert"}


def test_reducer_tables_are_the_reducing_opcodes():
    # The reference's one-op reducers are the ops whose fused opcode the native
    # encoding marks as reducing; scatter combiners, collective reductions and
    # the native scatter's combiner names are views of that one table.
    assert set(reduction.REDUCER_UFUNCS) == set(fusion._REDUCERS)
    ufuncs = {name: ufunc for name, (_, ufunc) in reduction.REDUCER_UFUNCS.items()}
    assert gather_scatter._COMBINER_UFUNCS == ufuncs
    assert collectives._FAST_REDUCERS == ufuncs
    assert native_gather_scatter._COMBINER_NAMES == {
        ufunc: DEFS[name].fused for name, ufunc in ufuncs.items()}


def test_cost_classes():
    for name, d in DEFS.items():
        default = CHEAP if d.dialect in ("stablehlo", "chlo", "mhlo") else FREE
        assert cost._cost_class(name) == (d.cost or default), name
    module = parse_module(_example_text("stablehlo.exponential"))
    analysis = cost.cost_analysis(module, module.function("main"))
    assert analysis["transcendentals"] == 4 and analysis["flops"] == 0
    module = parse_module(_example_text("stablehlo.divide"))
    assert cost.cost_analysis(module, module.function("main"))["flops"] == 4


# ---------------------------------------------------------------------------------
# The element-type table
# ---------------------------------------------------------------------------------


def test_element_type_table_feeds_every_spelling_map():
    native_codes = native.cpu.dtype_codes()
    for row in element_types.ELEMENT_TYPES:
        if row.primitive is not None:
            etype = runtime_types.PrimitiveType(row.primitive)
            assert etype.name.lower() == row.xla
            if row.dtype is not None:
                assert runtime_types.etype_to_dtype(etype) == row.dtype
        if row.mlir is None:
            assert row.xla not in hlo_text._ELEMENT_TYPES
            continue
        assert numpy_dtype(row.mlir) == row.dtype
        assert hlo_printer.hlo_element_type(row.mlir) == row.xla
        assert hlo_text._ELEMENT_TYPES[row.xla] == row.mlir
        if row.primitive is not None and row.dtype is not None and row.mlir != "i1":
            assert runtime_types.mlir_element_type_to_dtype(row.mlir) == row.dtype
    for alias, target in element_types.ALIASES.items():
        assert numpy_dtype(alias) == numpy_dtype(target)
        assert hlo_printer.hlo_element_type(alias) == hlo_printer.hlo_element_type(target)
    # Every native element type is a row of the table.
    for name in native_codes:
        assert np.dtype(name) in element_types.BY_DTYPE, name
    # Fusion knows every native type; the CPU's interpreter computes its encoding's.
    assert fusion._DTYPE_CODES == dict(native_codes)
    encoding = native.cpu.fused_encoding()
    assert fusion._INTERPRETED == set(encoding["dtypes"])
    assert fusion._STORED == set(encoding["storage_dtypes"])
    assert fusion._COMPUTED == fusion._INTERPRETED | fusion._STORED
    assert set(fusion._ROUND_OPCODE) == fusion._STORED


def test_blas_and_unsigned_tables_are_rows_of_the_element_type_table():
    # BLAS/LAPACK: single and double precision, real and complex, one prefix each.
    rows = [element_types.BY_MLIR[t] for t in element_types.BLAS_PREFIX]
    assert [(r.category, r.bits) for r in rows] == [
        (element_types.FLOAT, 32), (element_types.FLOAT, 64),
        (element_types.COMPLEX, 64), (element_types.COMPLEX, 128)]
    assert len(set(element_types.BLAS_PREFIX.values())) == len(rows)
    assert element_types.BLAS_DTYPES == {r.dtype for r in rows}
    for element_type in element_types.BLAS_TYPES:  # scipy has each ?gemm
        assert native_dot.gemm_address(element_type)
    for size, dtype in element_types.UNSIGNED_OF_SIZE.items():
        assert dtype.kind == "u" and dtype.itemsize == size
        assert element_types.BY_DTYPE[dtype].category == element_types.UINT
    assert sorted(element_types.UNSIGNED_OF_SIZE) == [1, 2, 4, 8]


# ---------------------------------------------------------------------------------
# Examples: generated for the elementwise families, the corpus, EXAMPLES below
# ---------------------------------------------------------------------------------

_EXAMPLE_TYPE = {element_types.FLOAT: "f32", element_types.SINT: "i32",
                 element_types.UINT: "ui32", element_types.BOOL: "i1",
                 element_types.COMPLEX: "complex<f32>"}


def _function_of(name: str) -> str | None:
    """The UNARY_OPS / BINARY_OPS function an elementwise op computes."""
    dialect, _, short = name.partition(".")
    short = short.removeprefix("broadcast_")
    return short if short in UNARY_OPS or short in BINARY_OPS else None


def _operand_count(name: str) -> int:
    function = _function_of(name)
    # The ops outside UNARY_OPS/BINARY_OPS, named: the expectation the fused
    # encoding's arities are checked against, so not read from it.
    if name in ("stablehlo.select", "stablehlo.clamp", "chlo.broadcast_select"):
        return 3
    if name in ("stablehlo.convert", "stablehlo.reduce_precision"):
        return 1
    return 1 if function in UNARY_OPS else 2


def _element_type(name: str) -> str:
    d = DEFS[name]
    function = _function_of(name)
    kinds = d.element_kinds or (
        (UNARY_OPS.get(function) or BINARY_OPS.get(function)).accepts if function else None)
    for kind in (element_types.FLOAT, element_types.SINT, element_types.UINT,
                 element_types.BOOL, element_types.COMPLEX):
        if kinds is None or kind in kinds:
            return _EXAMPLE_TYPE[kind]
    raise AssertionError(name)


def _generated(name: str) -> tuple[str, tuple[str, str]] | None:
    """(the function's arguments, (the op's statement in its pretty form, its
    result type)) of a generated example of an elementwise op; None for
    other ops."""
    d = DEFS[name]
    if ELEMENTWISE not in d.traits and not name.startswith("chlo.broadcast_"):
        return None
    element = _element_type(name)
    count = _operand_count(name)
    function = _function_of(name)
    spec = UNARY_OPS.get(function) or BINARY_OPS.get(function)
    result = RESULT_RULES[spec.result](element) if spec is not None else element
    types = [f"tensor<4x{element}>"] * count
    operands = [f"%a{i}" for i in range(count)]
    if count == 3:  # select-like: a pred first
        types[0] = "tensor<4xi1>" if name != "stablehlo.clamp" else types[0]
    if name == "stablehlo.convert":
        result = "i32"
    prefix, attributes = "", ""
    if function == "compare":
        if name == "stablehlo.compare":
            prefix = "LT, "
        else:
            attributes = " {comparison_direction = #chlo<comparison_direction LT>}"
    items = operands + (["format = e5m10"] if name == "stablehlo.reduce_precision" else [])
    statement = (f"%r = {name} {prefix}{', '.join(items)}{attributes} : "
                 f"({', '.join(types)}) -> tensor<4x{result}>")
    return ", ".join(f"{o}: {t}" for o, t in zip(operands, types)), (
        statement, f"tensor<4x{result}>")


def _example_text(name: str) -> str:
    arguments, (statement, result) = _generated(name)
    return (f"func.func @main({arguments}) -> {result} {{\n  {statement}\n"
            f"  return %r : {result}\n}}\n")


EXAMPLES = """
func.func @async(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%x: tensor<2xf32>):
    %s = stablehlo.slice %x [0:2] : (tensor<2xf32>) -> tensor<2xf32>
    "stablehlo.return"(%s) : (tensor<2xf32>) -> ()
  }) : (tensor<2xf32>) -> !stablehlo.future<tensor<2xf32>>
  %1 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<2xf32>>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
// -----
func.func @tokens(%a: tensor<2xf32>, %i: tensor<i32>) -> (!stablehlo.token, tensor<i32>) {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = stablehlo.after_all %t0, %t0 : !stablehlo.token
  %t = stablehlo.tuple %a, %i : tuple<tensor<2xf32>, tensor<i32>>
  %x = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<i32>
  return %t1, %x : !stablehlo.token, tensor<i32>
}
// -----
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %s: tensor<3x3xf32>)
    -> (tensor<3x2x3xf32>, tensor<2x4xf32>, tensor<3x3xf32>, tensor<ui32>, tensor<2x4xf32>,
        tensor<2xf32>, tensor<3x3xf32>) {
  %0 = stablehlo.broadcast %a, sizes = [3] : (tensor<2x3xf32>) -> tensor<3x2x3xf32>
  %1 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %2 = stablehlo.cholesky %s, lower = true : tensor<3x3xf32>
  %3 = stablehlo.replica_id : tensor<ui32>
  %4 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>)
      -> tensor<2x4xf32>
  %5 = stablehlo.unary_einsum %a, config = "ab->a" : (tensor<2x3xf32>) -> tensor<2xf32>
  %6 = "stablehlo.triangular_solve"(%s, %s) {left_side = true, lower = true,
      unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}
      : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<3x2x3xf32>, tensor<2x4xf32>, tensor<3x3xf32>,
      tensor<ui32>, tensor<2x4xf32>, tensor<2xf32>, tensor<3x3xf32>
}
// -----
func.func @rng(%a: tensor<f32>, %b: tensor<f32>, %shape: tensor<2xi64>, %x: tensor<4xf32>,
               %n: tensor<i32>) -> (tensor<2x2xf32>, tensor<?xf32>) {
  %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM
      : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x2xf32>
  %1 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4xf32>, tensor<i32>)
      -> tensor<?xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<?xf32>
}
// -----
func.func @dynamic(%x: tensor<?x4xf32>, %p: tensor<f32>, %i: tensor<2xi32>)
    -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %0 = stablehlo.real_dynamic_slice %x, %i, %i, %i
      : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xf32>
  %1 = stablehlo.dynamic_pad %x, %p, %i, %i, %i
      : (tensor<?x4xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
      -> tensor<?x4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
}
// -----
func.func @quantized(%x: tensor<2xf32>) -> tensor<2xf32> {
  %q = "stablehlo.uniform_quantize"(%x)
      : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
  %d = "stablehlo.uniform_dequantize"(%q)
      : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf32>
  return %d : tensor<2xf32>
}
// -----
func.func @batch_norm(%x: tensor<2x3xf32>, %v: tensor<3xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "stablehlo.batch_norm_inference"(%x, %v, %v, %v, %v)
      {epsilon = 1.0e-03 : f32, feature_index = 1 : i64}
      : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
      -> tensor<2x3xf32>
  %1:3 = "stablehlo.batch_norm_training"(%x, %v, %v)
      {epsilon = 1.0e-03 : f32, feature_index = 1 : i64}
      : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
      -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  %2:3 = "stablehlo.batch_norm_grad"(%x, %v, %v, %v, %x)
      {epsilon = 1.0e-03 : f32, feature_index = 1 : i64}
      : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>)
      -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0, %1#0, %2#0 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
// -----
func.func @collectives(%x: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>) {
  %0 = "stablehlo.collective_broadcast"(%x) {
    replica_groups = dense<[[0]]> : tensor<1x1xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<4xi64>) -> tensor<4xi64>
  %1 = "stablehlo.collective_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {
    replica_groups = dense<[[0]]> : tensor<1x1xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<4xi64>) -> tensor<4xi64>
  return %0, %1 : tensor<4xi64>, tensor<4xi64>
}
// -----
func.func @transfers(%x: tensor<2xi64>, %t: !stablehlo.token) -> (tensor<2xi64>, !stablehlo.token) {
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  %1 = "stablehlo.outfeed"(%0#0, %0#1) : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  %2 = "stablehlo.send"(%x, %1) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true
  } : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  %3:2 = "stablehlo.recv"(%2) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true
  } : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  return %3#0, %3#1 : tensor<2xi64>, !stablehlo.token
}
// -----
func.func @add_n.impl(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.constant dense<2> : tensor<i64>
  %1 = stablehlo.add %arg0, %0 : tensor<i64>
  func.return %1 : tensor<i64>
}
func.func @main(%p: tensor<i1>, %x: tensor<2xi64>) -> (tensor<i64>, tensor<2xi64>, tensor<2xi64>) {
  %0 = stablehlo.constant dense<1> : tensor<i64>
  %1 = stablehlo.composite "stablehlo.add_n" %0 {
    composite_attributes = { n = 2 : i64 }, decomposition = @add_n.impl
  } : (tensor<i64>) -> tensor<i64>
  %2 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2xi64>
  }, {
    %n = stablehlo.negate %x : tensor<2xi64>
    stablehlo.return %n : tensor<2xi64>
  }) : (tensor<i1>) -> tensor<2xi64>
  %3 = "stablehlo.map"(%x, %x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %m = stablehlo.multiply %a, %b : tensor<i64>
      stablehlo.return %m : tensor<i64>
  }) {dimensions = array<i64: 0>} : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
  return %1, %2, %3 : tensor<i64>, tensor<2xi64>, tensor<2xi64>
}
// -----
func.func @dynamic_conv(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>,
                        %padding: tensor<2x2xi64>) -> tensor<1x2x2x1xi64> {
  %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
    window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>,
    rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64, feature_group_count = 1 : i64,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
  } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
  return %result : tensor<1x2x2x1xi64>
}
// -----
func.func @dynamic_gather(%operand: tensor<3x4x2xi64>, %indices: tensor<2x3x2xi64>,
                          %sizes: tensor<3xi64>) -> tensor<2x3x2x2xi64> {
  %result = "stablehlo.dynamic_gather"(%operand, %indices, %sizes) {
    dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0],
                                          start_index_map = [1, 0], index_vector_dim = 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %result : tensor<2x3x2x2xi64>
}
// -----
func.func @chlo(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %groups: tensor<3xi64>,
                %input: tensor<4xi32>, %init: tensor<i32>, %z: tensor<2xcomplex<f32>>,
                %p: tensor<i1>, %a: tensor<2xf32>)
    -> (tensor<11x7xf32>, tensor<4xi32>, tensor<f32>, tensor<2xf32>,
        tensor<2xcomplex<f32>>, tensor<2xf32>) {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %groups) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [], rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  %1:2 = chlo.scan(%input) inits(%init) dimension=0 {
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s, %s : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  %2 = "chlo.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %3 = "chlo.constant_like"(%a) {value = 1.0 : f32} : (tensor<2xf32>) -> tensor<2xf32>
  %4 = chlo._asin_acos_kernel %z : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %5 = chlo.broadcast_select %p, %a, %a : (tensor<i1>, tensor<2xf32>, tensor<2xf32>)
      -> tensor<2xf32>
  return %0, %1#0, %2, %3, %4, %5 : tensor<11x7xf32>, tensor<4xi32>, tensor<f32>,
      tensor<2xf32>, tensor<2xcomplex<f32>>, tensor<2xf32>
}
// -----
func.func @returns(%x: tensor<4xf32>, %z: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = "stablehlo.reduce"(%x, %z) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      chlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %1 = "stablehlo.reduce"(%x, %z) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.maximum %a, %b : tensor<f32>
      mhlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0, %1 : tensor<f32>, tensor<f32>
}
// -----
module @sharded attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}]> : tensor<8xf32>
    %1 = sdy.reshard %0 <@mesh, [{}]> : tensor<8xf32>
    sdy.sharding_group %1 group_id=3 : tensor<8xf32>
    %2 = sdy.propagation_barrier %1 allowed_direction=NONE : tensor<8xf32>
    %3 = sdy.named_computation<"body">(%2) (%arg1: tensor<8xf32>) {
      sdy.return %arg1 : tensor<8xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    %4 = sdy.manual_computation(%3) in_shardings=[<@mesh, [{"x"}]>] \
out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<4xf32>) {
      %5 = stablehlo.negate %arg1 : tensor<4xf32>
      sdy.return %5 : tensor<4xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    return %4 : tensor<8xf32>
  }
}
""".replace("\\\n", "")

# Ops declared for their syntax only (no type rule, no kernel yet): parsed, not verified.
_UNVERIFIED = {name for name, d in BUILT_IN_DEFS.items() if d.verify is None
               and not d.is_terminator and name not in registry.REFERENCE_KERNELS}


def _example_modules() -> list[tuple[str, Module]]:
    modules = []
    for name in BUILT_IN_DEFS:
        if _generated(name) is not None:
            modules.append((f"generated {name}", parse_module(_example_text(name))))
    for index, module in enumerate(parse_source(EXAMPLES)):
        modules.append((f"EXAMPLES #{index}", module))
    for path in sorted(CORPUS.glob("*.mlir")):
        for module in parse_source(path.read_text()):
            modules.append((path.name, module))
    return modules


@pytest.fixture(scope="module")
def examples() -> list[tuple[str, Module]]:
    return _example_modules()


def test_every_op_has_an_example(examples):
    seen = {op.name for _, module in examples for op in module.walk()}
    if any(module.meshes for _, module in examples):  # sdy.mesh: module level
        seen.add("sdy.mesh")
    assert set(BUILT_IN_DEFS) - seen == set()


def test_every_example_round_trips_through_the_generic_syntax(examples):
    for where, module in examples:
        if not {op.name for op in module.walk()} & _UNVERIFIED:
            verify_module(module)
        again = parse_module(print_module(module))
        assert again.structurally_equals(module), where


def test_pretty_and_generic_forms_agree():
    for name, d in BUILT_IN_DEFS.items():
        if _generated(name) is None:
            continue
        assert d.syntax == ITEMS, name
        pretty = parse_module(_example_text(name))
        (op, _) = pretty.function("main").body.entry.operations
        assert op.name == name
        assert parse_module(print_module(pretty)).structurally_equals(pretty), name


# One-op programs of the ops with an HLO opcode that are not generated.
_HLO_EXAMPLES = {
    "stablehlo.reshape": """
func.func @main(%a: tensor<4xf32>) -> tensor<2x2xf32> {
  %r = stablehlo.reshape %a : (tensor<4xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}""",
    "stablehlo.bitcast_convert": """
func.func @main(%a: tensor<4xf32>) -> tensor<4xi32> {
  %r = stablehlo.bitcast_convert %a : (tensor<4xf32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}""",
    "stablehlo.dynamic_update_slice": """
func.func @main(%a: tensor<4xf32>, %u: tensor<2xf32>, %i: tensor<i32>) -> tensor<4xf32> {
  %r = stablehlo.dynamic_update_slice %a, %u, %i
      : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}""",
    "stablehlo.tuple": """
func.func @main(%a: tensor<4xf32>, %b: tensor<i32>) -> tuple<tensor<4xf32>, tensor<i32>> {
  %r = stablehlo.tuple %a, %b : tuple<tensor<4xf32>, tensor<i32>>
  return %r : tuple<tensor<4xf32>, tensor<i32>>
}""",
    "stablehlo.after_all": """
func.func @main(%a: !stablehlo.token, %b: !stablehlo.token) -> !stablehlo.token {
  %r = stablehlo.after_all %a, %b : !stablehlo.token
  return %r : !stablehlo.token
}""",
    "stablehlo.create_token": """
func.func @main() -> !stablehlo.token {
  %r = stablehlo.create_token : !stablehlo.token
  return %r : !stablehlo.token
}""",
    "stablehlo.replica_id": """
func.func @main() -> tensor<ui32> {
  %r = stablehlo.replica_id : tensor<ui32>
  return %r : tensor<ui32>
}""",
    "stablehlo.partition_id": """
func.func @main() -> tensor<ui32> {
  %r = stablehlo.partition_id : tensor<ui32>
  return %r : tensor<ui32>
}""",
}


@pytest.mark.parametrize("name", sorted(n for n, d in DEFS.items() if d.hlo))
def test_hlo_opcodes_round_trip(name):
    text = _HLO_EXAMPLES.get(name) or _example_text(name)
    module = parse_module(text)
    verify_module(module)
    opcode = DEFS[name].hlo
    hlo = print_hlo_module(module)
    assert re.search(rf" {re.escape(opcode)}\(", hlo), hlo
    back = parse_hlo_module(hlo)
    verify_module(back)
    assert hlo_text._ELEMENTWISE[opcode] in {op.name for op in back.walk()}, hlo
    assert print_hlo_module(back) == hlo


# ---------------------------------------------------------------------------------
# Lowering: every op with a fused opcode runs in the fused kernel
# ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(n for n, d in DEFS.items() if d.fused))
def test_fused_ops_lower_to_the_fused_kernel(name):
    module = parse_module(_example_text(name))
    func = module.function("main")
    block = func.body.entry
    schedule = fusion.fuse_block(block)
    groups = [item for item in schedule if isinstance(item, fusion.FusedGroup)]
    assert len(groups) == 1 and [op.name for op in groups[0].ops] == [name], schedule
    (group,) = groups
    rng = np.random.default_rng(0)
    op = block.operations[0]
    predicate = op.result_types[0].element_type == "i1"
    args = []
    for argument in block.arguments:
        dtype = numpy_dtype(argument.type.element_type)
        if dtype == np.bool_:
            args.append(rng.random(4) < 0.5)
        elif np.issubdtype(dtype, np.integer):
            args.append(rng.integers(0, 7, 4).astype(dtype))
        elif predicate:  # (is_finite, is_inf, compare: the special values too)
            args.append(rng.permutation(np.array([np.inf, -np.inf, np.nan, 0.5], dtype)))
        else:
            args.append(rng.uniform(0.1, 0.9, 4).astype(dtype))
    ctx = ModuleLowering(module).kernel_builder(func)
    (expected,) = registry.REFERENCE_KERNELS[name](op, ctx)(*args)
    (actual,) = native.run_native(group.kernel, args,
                                  [native.tensor_spec(v.type) for v in group.outputs])
    np.testing.assert_allclose(actual, expected, rtol=1e-6)
