"""The IR: types, attributes, op-agnostic verification, the op registry and
the generic printer."""

import math

import ml_dtypes
import numpy as np
import pytest

from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir import (
    OP_DEFS,
    Block,
    Function,
    FunctionType,
    Module,
    OpDef,
    Operation,
    QuantizedType,
    Region,
    TensorType,
    TokenType,
    TupleType,
    VerificationError,
    print_module,
    register_op,
    verify_module,
)
from jaxlib._src.ir.attributes import (
    UNIT,
    ComparisonDirection,
    ConvDimensionNumbers,
    DenseArray,
    DenseElements,
    DotDimensionNumbers,
    FloatAttr,
    IntegerAttr,
    OpaqueAttribute,
    SymbolRef,
)
from jaxlib._src.ir.printer import format_attribute, format_string
from jaxlib._src.ir.types import numpy_dtype

F32 = TensorType((2,), "f32")


# --- types -----------------------------------------------------------------------


def test_type_spellings_are_mlir():
    assert str(TensorType((2, None, 3), "f32")) == "tensor<2x?x3xf32>"
    assert str(TensorType((), "complex<f64>")) == "tensor<complex<f64>>"
    assert str(TokenType()) == "!stablehlo.token"
    assert str(TupleType((F32, TokenType()))) == "tuple<tensor<2xf32>, !stablehlo.token>"
    assert str(FunctionType((F32,), (F32, F32))) == (
        "(tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)")
    assert str(FunctionType((), (F32,))) == "() -> tensor<2xf32>"


def test_quantized_type_spelling_per_tensor_and_per_axis():
    per_tensor = QuantizedType("i8", "f32", (0.5,), (-3,))
    assert str(per_tensor) == "!quant.uniform<i8:f32, 0.5:-3>"
    per_axis = QuantizedType("i8", "f32", (0.1, 0.2), (-30, 0), 1, -127, 127)
    assert str(per_axis) == "!quant.uniform<i8<-127:127>:f32:1, {0.1:-30,0.2}>"
    with pytest.raises(ValueError, match="exactly one scale"):
        QuantizedType("i8", "f32", (0.1, 0.2), (0, 0))


def test_types_are_hashable_values():
    assert TensorType([2], "f32") == F32
    assert len({F32, TensorType((2,), "f32"), TensorType((3,), "f32")}) == 2
    assert TensorType((2, None), "f32").is_static is False
    assert TensorType((2, 3), "f32").num_elements == 6


def test_numpy_storage_types():
    assert numpy_dtype("bf16") == np.dtype(ml_dtypes.bfloat16)
    assert numpy_dtype("i4") == np.dtype(ml_dtypes.int4)
    assert numpy_dtype("ui16") == np.dtype(np.uint16)
    assert numpy_dtype("i1") == np.dtype(np.bool_)
    assert numpy_dtype("complex<f32>") == np.dtype(np.complex64)
    assert numpy_dtype(QuantizedType("i8", "f32", (1.0,), (0,))) == np.dtype(np.int8)
    with pytest.raises(ValueError, match="no numpy storage"):
        numpy_dtype("i3")


# --- attributes -------------------------------------------------------------------


def test_integer_and_float_attributes_are_plain_numbers_with_a_type():
    value = IntegerAttr(3, "i32")
    assert value == 3 and value + 1 == 4 and value.type == "i32"
    assert format_attribute(value) == "3 : i32"
    # MLIR's spelling: six-digit scientific notation when it reads back exactly.
    assert format_attribute(FloatAttr(0.5, "f32")) == "5.000000e-01 : f32"
    assert format_attribute(FloatAttr(0.1, "f32")) == "1.000000e-01 : f32"
    assert format_attribute(FloatAttr(3.141592653589793, "f64")) == \
        "3.141592653589793 : f64"
    assert format_attribute(FloatAttr(math.inf, "f32")) == "0x7F800000 : f32"


def test_dense_array_is_not_a_list():
    dims = DenseArray("i64", (1, 0))
    assert dims == (1, 0) and dims != [1, 0]
    assert format_attribute(dims) == "array<i64: 1, 0>"
    assert format_attribute(DenseArray("i64", ())) == "array<i64>"
    assert format_attribute([IntegerAttr(1), True]) == "[1 : i64, true]"


def test_enum_attributes_check_their_values():
    assert ComparisonDirection("GT") == ComparisonDirection("GT", "stablehlo")
    assert format_attribute(ComparisonDirection("LT", "chlo")) == "#chlo<comparison_direction LT>"
    with pytest.raises(ValueError, match="not a comparison_direction"):
        ComparisonDirection("BIGGER")


def test_dense_elements_compare_by_bytes_and_print_compactly():
    nan = DenseElements(np.array([np.nan, 1.0], np.float32), TensorType((2,), "f32"))
    assert nan == DenseElements(np.array([np.nan, 1.0], np.float32), TensorType((2,), "f32"))
    assert format_attribute(nan) == "dense<[0x7FC00000, 1.000000e+00]> : tensor<2xf32>"
    splat = DenseElements(np.full((2, 2), 7, np.int32), TensorType((2, 2), "i32"))
    assert format_attribute(splat) == "dense<7> : tensor<2x2xi32>"
    big = DenseElements(np.arange(20, dtype=np.int8), TensorType((20,), "i8"))
    assert format_attribute(big).startswith('dense<"0x000102')
    with pytest.raises(ValueError, match="does not match"):
        DenseElements(np.zeros(3, np.float32), TensorType((2,), "f32"))


def test_structured_attributes_print_their_non_default_fields():
    dims = DotDimensionNumbers(lhs_contracting_dimensions=(1,), rhs_contracting_dimensions=(0,))
    assert format_attribute(dims) == (
        "#stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>")
    conv = ConvDimensionNumbers(0, 3, (1, 2), 2, 3, (0, 1), 0, 3, (1, 2))
    assert format_attribute(conv) == "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>"


def test_other_attribute_forms_print():
    assert format_attribute(SymbolRef("f")) == "@f"
    assert format_attribute(SymbolRef("a b")) == '@"a b"'
    opaque = "#sdy.sharding<@mesh, []>"
    assert format_attribute(OpaqueAttribute(opaque)) == opaque
    assert format_attribute({"flag": UNIT, "x.y": "s"}) == '{flag, x.y = "s"}'
    assert format_string('a"\\\n\x01é') == '"a\\"\\\\\\0A\\01\\C3\\A9"'
    with pytest.raises(TypeError, match="cannot print attribute"):
        format_attribute(object())


# --- building and verifying --------------------------------------------------------


def _module(body_ops_builder, inputs=(F32,), results=(F32,)) -> Module:
    block = Block(list(inputs))
    body_ops_builder(block)
    func = Function("main", FunctionType(inputs, results), Region([block]))
    return Module("m", {}, [func])


def _add_and_return(block: Block) -> None:
    x = block.arguments[0]
    add = block.append(Operation("stablehlo.add", [x, x], [F32]))
    block.append(Operation("func.return", [add.result], []))


def test_a_well_formed_module_verifies_prints_and_reparses():
    module = _module(_add_and_return)
    verify_module(module)
    text = print_module(module)
    assert '"stablehlo.add"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>' in text
    assert parse_module(text).structurally_equals(module)


def test_structural_equality_sees_attributes_and_operand_order():
    def with_attr(value):
        def build(block):
            x = block.arguments[0]
            op = block.append(Operation("stablehlo.custom_call", [x], [F32],
                                        {"call_target_name": value}))
            block.append(Operation("func.return", [op.result], []))
        return _module(build)

    assert with_attr("a").structurally_equals(with_attr("a"))
    assert not with_attr("a").structurally_equals(with_attr("b"))

    def two_args(swap):
        def build(block):
            a, b = block.arguments
            op = block.append(Operation("stablehlo.subtract", [b, a] if swap else [a, b], [F32]))
            block.append(Operation("func.return", [op.result], []))
        return build

    assert not _module(two_args(False), (F32, F32)).structurally_equals(
        _module(two_args(True), (F32, F32)))


def test_use_before_definition_is_rejected():
    def build(block):
        later = Operation("stablehlo.negate", [block.arguments[0]], [F32])
        block.append(Operation("stablehlo.add", [later.result, later.result], [F32]))
        block.append(later)
        block.append(Operation("func.return", [later.result], []))

    with pytest.raises(VerificationError, match="operand #0 of stablehlo.add .*not defined"):
        verify_module(_module(build))


def test_values_of_a_nested_region_are_not_visible_outside():
    def build(block):
        x = block.arguments[0]
        inner = Block([TensorType((), "f32")] * 2)
        inner_add = inner.append(Operation("stablehlo.add", list(inner.arguments),
                                           [TensorType((), "f32")]))
        inner.append(Operation("stablehlo.return", [inner_add.result], []))
        # An op of a dialect with no registered verifier, so that only the
        # op-agnostic scoping rule can fire.
        block.append(Operation("test.with_region", [x], [F32], {}, [Region([inner])]))
        block.append(Operation("func.return", [inner_add.result], []))

    with pytest.raises(VerificationError, match="operand #0 of func.return"):
        verify_module(_module(build))


def test_terminator_rules():
    def no_terminator(block):
        block.append(Operation("stablehlo.negate", [block.arguments[0]], [F32]))

    with pytest.raises(VerificationError, match="does not end with a terminator"):
        verify_module(_module(no_terminator))

    def early_terminator(block):
        block.append(Operation("func.return", [block.arguments[0]], []))
        block.append(Operation("func.return", [block.arguments[0]], []))

    with pytest.raises(VerificationError, match="is not the last op"):
        verify_module(_module(early_terminator))

    with pytest.raises(VerificationError, match="empty block"):
        verify_module(_module(lambda block: None))


def test_return_types_must_match_the_signature():
    def wrong(block):
        block.append(Operation("func.return", [block.arguments[0]], []))

    with pytest.raises(VerificationError, match="do not match the function's result types"):
        verify_module(_module(wrong, results=(TensorType((3,), "f32"),)))


def test_calls_are_checked_against_the_callee():
    def call(name, result):
        def build(block):
            op = block.append(Operation("func.call", [block.arguments[0]], [result],
                                        {"callee": SymbolRef(name)}))
            block.append(Operation("func.return", [op.result], []))
        return build

    module = _module(call("main", F32))
    verify_module(module)  # recursion is legal
    with pytest.raises(VerificationError, match="unknown function @nowhere"):
        verify_module(_module(call("nowhere", F32)))
    with pytest.raises(VerificationError, match="callee's result types"):
        verify_module(_module(call("main", F32), results=(TensorType((), "i1"),)))


def test_duplicate_function_names_are_rejected():
    module = _module(_add_and_return)
    module.functions.append(module.functions[0])
    with pytest.raises(VerificationError, match="defined twice"):
        verify_module(module)


def test_registered_op_verifiers_run_and_errors_name_the_op():
    seen = []

    def verify_negate(op):
        seen.append(op.name)
        if op.operand_types != op.result_types:
            raise ValueError("result type differs from operand type")

    register_op(OpDef("test.negate", verify_negate))
    try:
        with pytest.raises(ValueError, match="already registered"):
            register_op(OpDef("test.negate"))

        def build(result_type):
            def builder(block):
                op = block.append(Operation("test.negate", [block.arguments[0]], [result_type],
                                            location="7:3"))
                block.append(Operation("func.return", [op.result], []))
            return builder

        verify_module(_module(build(F32)))
        assert seen == ["test.negate"]
        bad = TensorType((), "f32")
        with pytest.raises(VerificationError, match="test.negate at 7:3: result type differs"):
            verify_module(_module(build(bad), results=(bad,)))
    finally:
        OP_DEFS.pop("test.negate")


def test_printer_refuses_values_from_outside():
    stray = Block([F32]).arguments[0]

    def build(block):
        block.append(Operation("func.return", [stray], []))

    with pytest.raises(ValueError, match="not defined in scope"):
        print_module(_module(build))


def test_declarations_print_without_body():
    func = Function("ext", FunctionType((F32,), (F32,)), None, "private")
    text = print_module(Module(None, {}, [func]))
    assert "func.func private @ext(tensor<2xf32>) -> tensor<2xf32>\n" in text
    with pytest.raises(ValueError, match="declaration without a body"):
        _ = func.arguments
