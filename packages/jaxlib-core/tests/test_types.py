"""Tests for element types, dtype maps, layouts and shapes."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from jaxlib._src.runtime import types
from jaxlib._src.runtime.types import (
    COMBINE_DIMENSION,
    UNBOUNDED_SIZE,
    XLA_ELEMENT_TYPE_TO_DTYPE,
    Layout,
    PrimitiveType,
    ProgramShape,
    Shape,
    dtype_to_etype,
    dtype_to_mlir_element_type,
    dtype_to_xla_name,
    etype_to_dtype,
    etype_to_xla_name,
    mlir_element_type_to_dtype,
    xla_name_to_dtype,
    xla_name_to_etype,
)

# PrimitiveType numbers as in XLA's xla_data.proto.
PROTO_NUMBERS = {
    "PRIMITIVE_TYPE_INVALID": 0,
    "PRED": 1,
    "S1": 30,
    "S2": 26,
    "S4": 21,
    "S8": 2,
    "S16": 3,
    "S32": 4,
    "S64": 5,
    "U1": 31,
    "U2": 27,
    "U4": 22,
    "U8": 6,
    "U16": 7,
    "U32": 8,
    "U64": 9,
    "F16": 10,
    "F32": 11,
    "BF16": 16,
    "F64": 12,
    "F8E5M2": 19,
    "F8E4M3": 28,
    "F8E4M3FN": 20,
    "F8E4M3B11FNUZ": 23,
    "F8E3M4": 29,
    "F8E5M2FNUZ": 24,
    "F8E4M3FNUZ": 25,
    "F4E2M1FN": 32,
    "F8E8M0FNU": 33,
    "C64": 15,
    "C128": 18,
    "TUPLE": 13,
    "OPAQUE_TYPE": 14,
    "TOKEN": 17,
}

# (element type, dtype, XLA name, MLIR spelling or None)
TYPE_TABLE = [
    (PrimitiveType.PRED, np.dtype(bool), "pred", "i1"),
    (PrimitiveType.S1, np.dtype(ml_dtypes.int1), "s1", None),
    (PrimitiveType.S2, np.dtype(ml_dtypes.int2), "s2", "i2"),
    (PrimitiveType.S4, np.dtype(ml_dtypes.int4), "s4", "i4"),
    (PrimitiveType.S8, np.dtype(np.int8), "s8", "i8"),
    (PrimitiveType.S16, np.dtype(np.int16), "s16", "i16"),
    (PrimitiveType.S32, np.dtype(np.int32), "s32", "i32"),
    (PrimitiveType.S64, np.dtype(np.int64), "s64", "i64"),
    (PrimitiveType.U1, np.dtype(ml_dtypes.uint1), "u1", "ui1"),
    (PrimitiveType.U2, np.dtype(ml_dtypes.uint2), "u2", "ui2"),
    (PrimitiveType.U4, np.dtype(ml_dtypes.uint4), "u4", "ui4"),
    (PrimitiveType.U8, np.dtype(np.uint8), "u8", "ui8"),
    (PrimitiveType.U16, np.dtype(np.uint16), "u16", "ui16"),
    (PrimitiveType.U32, np.dtype(np.uint32), "u32", "ui32"),
    (PrimitiveType.U64, np.dtype(np.uint64), "u64", "ui64"),
    (PrimitiveType.F16, np.dtype(np.float16), "f16", "f16"),
    (PrimitiveType.F32, np.dtype(np.float32), "f32", "f32"),
    (PrimitiveType.BF16, np.dtype(ml_dtypes.bfloat16), "bf16", "bf16"),
    (PrimitiveType.F64, np.dtype(np.float64), "f64", "f64"),
    (PrimitiveType.F8E5M2, np.dtype(ml_dtypes.float8_e5m2), "f8e5m2", "f8E5M2"),
    (PrimitiveType.F8E4M3, np.dtype(ml_dtypes.float8_e4m3), "f8e4m3", "f8E4M3"),
    (
        PrimitiveType.F8E4M3FN,
        np.dtype(ml_dtypes.float8_e4m3fn),
        "f8e4m3fn",
        "f8E4M3FN",
    ),
    (
        PrimitiveType.F8E4M3B11FNUZ,
        np.dtype(ml_dtypes.float8_e4m3b11fnuz),
        "f8e4m3b11fnuz",
        "f8E4M3B11FNUZ",
    ),
    (PrimitiveType.F8E3M4, np.dtype(ml_dtypes.float8_e3m4), "f8e3m4", "f8E3M4"),
    (
        PrimitiveType.F8E5M2FNUZ,
        np.dtype(ml_dtypes.float8_e5m2fnuz),
        "f8e5m2fnuz",
        "f8E5M2FNUZ",
    ),
    (
        PrimitiveType.F8E4M3FNUZ,
        np.dtype(ml_dtypes.float8_e4m3fnuz),
        "f8e4m3fnuz",
        "f8E4M3FNUZ",
    ),
    (
        PrimitiveType.F4E2M1FN,
        np.dtype(ml_dtypes.float4_e2m1fn),
        "f4e2m1fn",
        "f4E2M1FN",
    ),
    (
        PrimitiveType.F8E8M0FNU,
        np.dtype(ml_dtypes.float8_e8m0fnu),
        "f8e8m0fnu",
        "f8E8M0FNU",
    ),
    (PrimitiveType.C64, np.dtype(np.complex64), "c64", "complex<f32>"),
    (PrimitiveType.C128, np.dtype(np.complex128), "c128", "complex<f64>"),
]


def test_module_exports_exist():
    for name in types.__all__:
        assert hasattr(types, name), name


# PrimitiveType and dtype maps -------------------------------------------


def test_primitive_type_numbers_match_xla_proto():
    assert {t.name: t.value for t in PrimitiveType} == PROTO_NUMBERS


@pytest.mark.parametrize(("etype", "dtype", "xla_name", "mlir"), TYPE_TABLE)
def test_dtype_maps_both_directions(etype, dtype, xla_name, mlir):
    assert dtype_to_etype(dtype) is etype
    assert etype_to_dtype(etype) == dtype
    assert XLA_ELEMENT_TYPE_TO_DTYPE[etype] == dtype
    assert etype_to_xla_name(etype) == xla_name
    assert xla_name_to_etype(xla_name) is etype
    assert dtype_to_xla_name(dtype) == xla_name
    assert xla_name_to_dtype(xla_name) == dtype
    if mlir is not None:
        assert dtype_to_mlir_element_type(dtype) == mlir
        assert mlir_element_type_to_dtype(mlir) == dtype


def test_element_type_table_covers_every_array_type():
    array_types = set(PrimitiveType) - {
        PrimitiveType.PRIMITIVE_TYPE_INVALID,
        PrimitiveType.TUPLE,
        PrimitiveType.OPAQUE_TYPE,
        PrimitiveType.TOKEN,
    }
    assert set(XLA_ELEMENT_TYPE_TO_DTYPE) == array_types
    assert {row[0] for row in TYPE_TABLE} == array_types


def test_dtype_to_etype_accepts_dtype_likes():
    assert dtype_to_etype(np.float32) is PrimitiveType.F32
    assert dtype_to_etype("int8") is PrimitiveType.S8
    assert dtype_to_etype(ml_dtypes.bfloat16) is PrimitiveType.BF16
    assert dtype_to_etype(bool) is PrimitiveType.PRED


def test_etype_to_dtype_accepts_plain_ints():
    assert etype_to_dtype(11) == np.dtype(np.float32)
    assert etype_to_xla_name(16) == "bf16"


def test_non_array_type_names():
    assert etype_to_xla_name(PrimitiveType.TUPLE) == "tuple"
    assert etype_to_xla_name(PrimitiveType.TOKEN) == "token"
    assert etype_to_xla_name(PrimitiveType.OPAQUE_TYPE) == "opaque"
    assert xla_name_to_etype("opaque") is PrimitiveType.OPAQUE_TYPE
    assert etype_to_xla_name(PrimitiveType.PRIMITIVE_TYPE_INVALID) == "invalid"


@pytest.mark.parametrize(
    "dtype", [np.dtype("U5"), np.dtype(object), np.dtype(">f4"), ml_dtypes.float6_e2m3fn]
)
def test_unsupported_dtype_is_named(dtype):
    with pytest.raises(TypeError, match="has no XLA element type") as info:
        dtype_to_etype(dtype)
    assert str(np.dtype(dtype)) in str(info.value)


def test_not_a_dtype():
    with pytest.raises(TypeError, match="not a numpy dtype"):
        dtype_to_etype(object())


@pytest.mark.parametrize(
    "etype",
    [PrimitiveType.TUPLE, PrimitiveType.TOKEN, PrimitiveType.OPAQUE_TYPE],
)
def test_non_array_types_have_no_dtype(etype):
    with pytest.raises(TypeError, match=f"{etype.name} has no numpy dtype"):
        etype_to_dtype(etype)


def test_bad_primitive_type_values():
    with pytest.raises(ValueError, match="99 is not an XLA PrimitiveType"):
        etype_to_dtype(99)
    with pytest.raises(TypeError, match="expected a PrimitiveType"):
        etype_to_dtype("f32")
    with pytest.raises(TypeError, match="expected a PrimitiveType"):
        etype_to_xla_name(True)


def test_unknown_xla_name():
    with pytest.raises(ValueError, match="unknown XLA element type name 'f128'"):
        xla_name_to_etype("f128")
    with pytest.raises(ValueError, match="unknown XLA element type name 'F32'"):
        xla_name_to_dtype("F32")


def test_mlir_spellings():
    assert mlir_element_type_to_dtype("complex< f64 >") == np.dtype(np.complex128)
    with pytest.raises(ValueError, match="unknown MLIR element type 'f8E4M3fn'"):
        mlir_element_type_to_dtype("f8E4M3fn")
    with pytest.raises(ValueError, match="signless: 'i8'"):
        mlir_element_type_to_dtype("si8")
    with pytest.raises(TypeError, match="must be a str"):
        mlir_element_type_to_dtype(np.float32)
    with pytest.raises(TypeError, match="int1 has no MLIR element type"):
        dtype_to_mlir_element_type(ml_dtypes.int1)
    with pytest.raises(TypeError, match="has no XLA element type"):
        dtype_to_mlir_element_type(np.dtype("U3"))


# Layout -------------------------------------------------------------------


def test_layout_accessors_and_printing():
    layout = Layout([1, 0])
    assert layout.minor_to_major() == (1, 0)
    assert layout.tiling() == ()
    assert layout.element_size_in_bits() == 0
    assert layout.memory_space() == 0
    assert str(layout) == layout.to_string() == "{1,0}"
    assert repr(layout) == "Layout({1,0})"


def test_layout_with_tiles_element_size_and_memory_space():
    layout = Layout((0, 1), tiling=[(8, 128), (2, 1)], element_size_in_bits=4)
    assert layout.tiling() == ((8, 128), (2, 1))
    assert str(layout) == "{0,1:T(8,128)(2,1)E(4)}"
    assert str(Layout([0], memory_space=1)) == "{0:S(1)}"
    assert str(Layout([0], tiling=[(COMBINE_DIMENSION, 4)])) == "{0:T(*,4)}"
    assert str(Layout([])) == "{}"


def test_layout_equality_and_hash():
    assert Layout([1, 0]) == Layout((1, 0))
    assert hash(Layout([1, 0])) == hash(Layout((1, 0)))
    assert Layout([1, 0]) != Layout([0, 1])
    assert Layout([0], [(8,)]) != Layout([0])
    assert Layout([0], element_size_in_bits=4) != Layout([0])
    assert Layout([0]) != "{0}"
    assert len({Layout([1, 0]), Layout([1, 0]), Layout([0, 1])}) == 2


def test_layout_major_to_minor():
    assert Layout.major_to_minor(3).minor_to_major() == (2, 1, 0)
    assert Layout.major_to_minor(0).minor_to_major() == ()


def test_layout_errors():
    with pytest.raises(ValueError, match="not a permutation"):
        Layout([0, 0])
    with pytest.raises(ValueError, match="not a permutation"):
        Layout([1, 2])
    with pytest.raises(TypeError, match="sequence of ints"):
        Layout("10")
    with pytest.raises(TypeError, match="must be an int"):
        Layout([1.0, 0])
    with pytest.raises(ValueError, match="tile sizes must be positive"):
        Layout([0], tiling=[(0,)])
    with pytest.raises(ValueError, match="at least one dimension"):
        Layout([0], tiling=[()])
    with pytest.raises(ValueError, match="element_size_in_bits must be >= 0"):
        Layout([0], element_size_in_bits=-1)
    with pytest.raises(ValueError, match="memory_space must be >= 0"):
        Layout([0], memory_space=-2)


# Shape parsing and printing ---------------------------------------------

CANONICAL = [
    ("f32[2,3]", "f32[2,3]{1,0}"),
    ("f32[2,3]{1,0}", "f32[2,3]{1,0}"),
    ("f32[2,3]{0,1}", "f32[2,3]{0,1}"),
    ("pred[]", "pred[]"),
    ("s32[<=4]", "s32[<=4]{0}"),
    ("f32[?,3]", "f32[?,3]{1,0}"),
    ("(f32[2], (s32[], u8[3]{0}))", "(f32[2]{0}, (s32[], u8[3]{0}))"),
    ("()", "()"),
    ("token[]", "token[]"),
    ("opaque[]", "opaque[]"),
    ("  ( f32 [ 2 , 3 ] { 0 , 1 } ,\ts32 [ ] )  ", "(f32[2,3]{0,1}, s32[])"),
    ("bf16[8,128]{1,0:T(8,128)}", "bf16[8,128]{1,0:T(8,128)}"),
    ("s4[16]{0:T(1024)(128)(2,1)E(4)}", "s4[16]{0:T(1024)(128)(2,1)E(4)}"),
    ("f32[4]{0:S(1)}", "f32[4]{0:S(1)}"),
    ("s32[]{:T(128)}", "s32[]{:T(128)}"),
    ("f32[0,5]", "f32[0,5]{1,0}"),
    ("f8e4m3fn[2]", "f8e4m3fn[2]{0}"),
    ("c64[1,2,3]", "c64[1,2,3]{2,1,0}"),
    ("(token[], f32[])", "(token[], f32[])"),
]


@pytest.mark.parametrize(("text", "canonical"), CANONICAL)
def test_shape_canonical_printing_and_round_trip(text, canonical):
    shape = Shape(text)
    assert str(shape) == canonical
    assert repr(shape) == canonical
    assert shape.to_string() == canonical
    again = Shape(str(shape))
    assert again == shape
    assert hash(again) == hash(shape)


def test_array_shape_queries():
    shape = Shape("f32[2,3]{0,1}")
    assert shape.is_array()
    assert not shape.is_tuple()
    assert not shape.is_token()
    assert not shape.is_opaque()
    assert shape.dimensions() == (2, 3)
    assert shape.rank() == 2
    assert shape.element_type() is PrimitiveType.F32
    assert shape.numpy_dtype() == np.dtype(np.float32)
    assert shape.layout() == Layout([0, 1])
    assert shape.has_layout()
    assert shape.leaf_count() == 1
    assert shape.is_static()


def test_missing_layout_defaults_to_major_to_minor():
    shape = Shape("s8[4,5,6]")
    assert shape.layout().minor_to_major() == (2, 1, 0)
    assert shape == Shape("s8[4,5,6]{2,1,0}")
    assert shape != Shape("s8[4,5,6]{0,1,2}")
    assert shape.with_major_to_minor_layout_if_absent() == shape


def test_dynamic_dimensions():
    bounded = Shape("s32[<=4,2]")
    assert bounded.dimensions() == (4, 2)
    assert bounded.is_dynamic_dimension(0)
    assert not bounded.is_dynamic_dimension(1)
    assert not bounded.is_unbounded_dynamic_dimension(0)
    assert not bounded.is_static()

    unbounded = Shape("f32[?,3]")
    assert unbounded.dimensions() == (UNBOUNDED_SIZE, 3)
    assert unbounded.is_dynamic_dimension(0)
    assert unbounded.is_unbounded_dynamic_dimension(0)
    assert not Shape("(f32[2], f32[?])").is_static()


def test_set_dynamic_dimension():
    shape = Shape("f32[4,2]")
    shape.set_dynamic_dimension(0, True)
    assert str(shape) == "f32[<=4,2]{1,0}"
    assert shape == Shape("f32[<=4,2]")
    shape.set_dynamic_dimension(0, False)
    assert shape == Shape("f32[4,2]")
    with pytest.raises(ValueError, match="unbounded and cannot be static"):
        Shape("f32[?]").set_dynamic_dimension(0, False)
    with pytest.raises(IndexError, match="dimension 2 out of range"):
        shape.set_dynamic_dimension(2, True)
    with pytest.raises(IndexError, match="dimension -1 out of range"):
        shape.is_dynamic_dimension(-1)
    with pytest.raises(ValueError, match="need an array shape"):
        Shape("(f32[2])").is_dynamic_dimension(0)


def test_tuple_shape_queries():
    shape = Shape("(f32[2], (s32[], u8[3]{0}), ())")
    assert shape.is_tuple()
    assert not shape.is_array()
    assert shape.element_type() is PrimitiveType.TUPLE
    assert shape.numpy_dtype() == np.dtype(object)
    assert shape.leaf_count() == 3
    assert Shape("()").leaf_count() == 0
    elements = shape.tuple_shapes()
    assert [str(e) for e in elements] == ["f32[2]{0}", "(s32[], u8[3]{0})", "()"]
    assert elements[1].tuple_shapes()[1].dimensions() == (3,)
    assert shape.has_layout()
    assert shape.with_major_to_minor_layout_if_absent() == shape
    assert shape.is_static()


def test_tuple_shapes_returns_copies():
    shape = Shape("(f32[4])")
    element = shape.tuple_shapes()[0]
    element.set_dynamic_dimension(0, True)
    assert str(shape) == "(f32[4]{0})"


@pytest.mark.parametrize("method", ["dimensions", "rank", "layout"])
def test_tuple_has_no_array_properties(method):
    with pytest.raises(ValueError, match=r"\(f32\[2\]\{0\}\)"):
        getattr(Shape("(f32[2])"), method)()


def test_non_tuple_has_no_tuple_shapes():
    with pytest.raises(ValueError, match="needs a tuple shape"):
        Shape("f32[2]").tuple_shapes()


def test_token_shape():
    token = Shape.token_shape()
    assert token == Shape("token[]")
    assert token.is_token()
    assert token.element_type() is PrimitiveType.TOKEN
    assert token.dimensions() == ()
    assert token.rank() == 0
    assert token.leaf_count() == 1
    assert token.has_layout()
    assert token.is_static()
    with pytest.raises(TypeError, match="token shape has no numpy dtype"):
        token.numpy_dtype()
    with pytest.raises(ValueError, match="needs an array shape"):
        token.layout()


def test_opaque_shape():
    opaque = Shape("opaque[]")
    assert opaque.is_opaque()
    assert opaque.element_type() is PrimitiveType.OPAQUE_TYPE
    assert opaque != Shape.token_shape()


def test_array_shape_constructor():
    shape = Shape.array_shape(np.dtype(np.float32), (2, 3))
    assert str(shape) == "f32[2,3]{1,0}"
    assert shape == Shape("f32[2,3]")
    by_etype = Shape.array_shape(PrimitiveType.BF16, [4], [0])
    assert str(by_etype) == "bf16[4]{0}"
    with_layout = Shape.array_shape(np.int8, (2, 3), (0, 1))
    assert with_layout == Shape("s8[2,3]{0,1}")
    with_layout_object = Shape.array_shape(np.int8, (2, 3), Layout([0, 1], [(8,)]))
    assert str(with_layout_object) == "s8[2,3]{0,1:T(8)}"
    dynamic = Shape.array_shape(np.int32, (4, 5), dynamic_dimensions=[False, True])
    assert str(dynamic) == "s32[4,<=5]{1,0}"
    unbounded = Shape.array_shape(np.int32, (UNBOUNDED_SIZE,))
    assert str(unbounded) == "s32[?]{0}"
    assert Shape.array_shape(np.float32, np.array([2, 3])) == Shape("f32[2,3]")


def test_array_shape_errors():
    with pytest.raises(ValueError, match="TUPLE is not an array element type"):
        Shape.array_shape(PrimitiveType.TUPLE, ())
    with pytest.raises(ValueError, match="TOKEN is not an array element type"):
        Shape.array_shape(PrimitiveType.TOKEN, ())
    with pytest.raises(TypeError, match="has no XLA element type"):
        Shape.array_shape(np.dtype(object), ())
    with pytest.raises(ValueError, match="dimension sizes must be >= 0"):
        Shape.array_shape(np.float32, (-1,))
    with pytest.raises(TypeError, match="dimension must be an int"):
        Shape.array_shape(np.float32, (2.5,))
    with pytest.raises(TypeError, match="dims_seq must be a sequence"):
        Shape.array_shape(np.float32, "23")
    with pytest.raises(ValueError, match="layout \\{0\\} has 1 dimensions but"):
        Shape.array_shape(np.float32, (2, 3), (0,))
    with pytest.raises(ValueError, match="not a permutation"):
        Shape.array_shape(np.float32, (2, 3), (0, 0))
    with pytest.raises(ValueError, match="dynamic_dimensions has 1 entries for 2"):
        Shape.array_shape(np.float32, (2, 3), dynamic_dimensions=[True])
    with pytest.raises(ValueError, match="unbounded dimension must be dynamic"):
        Shape.array_shape(np.float32, (UNBOUNDED_SIZE,), dynamic_dimensions=[False])


def test_scalar_and_tuple_constructors():
    scalar = Shape.scalar_shape(np.dtype(np.int32))
    assert str(scalar) == "s32[]"
    assert scalar.rank() == 0
    assert scalar.layout() == Layout([])
    assert Shape.scalar_shape(PrimitiveType.PRED) == Shape("pred[]")
    nested = Shape.tuple_shape([scalar, Shape.tuple_shape([]), Shape.token_shape()])
    assert str(nested) == "(s32[], (), token[])"
    assert nested == Shape("(s32[], (), token[])")
    with pytest.raises(TypeError, match="tuple_shape takes Shapes"):
        Shape.tuple_shape(["f32[]"])


def test_tuple_shape_copies_its_elements():
    element = Shape("f32[4]")
    tuple_shape = Shape.tuple_shape([element])
    element.set_dynamic_dimension(0, True)
    assert str(tuple_shape) == "(f32[4]{0})"


def test_shape_equality_and_hash():
    assert Shape("f32[2]") != Shape("f64[2]")
    assert Shape("f32[2]") != Shape("f32[3]")
    assert Shape("f32[2]") != Shape("f32[<=2]")
    assert Shape("(f32[2])") != Shape("f32[2]")
    assert Shape("()") != Shape("token[]")
    assert (Shape("f32[2]") != Shape("f32[2]{0}")) is False
    assert Shape("f32[2]").__eq__("f32[2]") is NotImplemented
    assert Shape("f32[2]") != "f32[2]"
    assert len({Shape("f32[2]"), Shape("f32[2]{0}"), Shape("f32[3]")}) == 2


def test_shape_rejects_non_string():
    with pytest.raises(TypeError, match="takes a shape string"):
        Shape(b"f32[2]")


BAD_SHAPES = [
    ("", 1, "an element type name or '\\('"),
    ("f32", 4, "'\\['"),
    ("f32[2", 6, "',' or '\\]'"),
    ("f32[2,]", 7, "a dimension size"),
    ("f33[2]", 1, "a known element type name \\(not 'f33'\\)"),
    ("tuple[]", 1, "a known element type name \\(not 'tuple'\\)"),
    ("f32[2]x", 7, "end of shape"),
    ("f32[-1]", 5, "a dimension size"),
    ("f32[<=]", 7, "a dimension bound"),
    ("f32[2,3]{1,0", 13, "',', ':' or '}'"),
    ("f32[2,3]{0}", 9, "a layout with 2 dimensions \\(got \\{0\\}\\)"),
    ("f32[2]{0:Q(1)}", 10, "a layout attribute T\\(...\\)"),
    ("f32[2]{0:T(8}", 13, "',' or '\\)'"),
    ("f32[2]{0:T()}", 12, "a tile size or '\\*'"),
    ("f32[2]{0:E(4}", 13, "'\\)'"),
    ("(f32[2] s32[])", 9, "',' or '\\)'"),
    ("(f32[2],", 9, "an element type name or '\\('"),
    ("token[1]", 6, "'\\[\\]' \\(token shapes have no dimensions\\)"),
    ("f32[99999999999999999999]", 5, "a dimension size, '<=' bound or '\\?' that fits"),
]


@pytest.mark.parametrize(("text", "column", "expected"), BAD_SHAPES)
def test_bad_shape_strings_name_column_and_expectation(text, column, expected):
    with pytest.raises(ValueError, match=f"at column {column}, expected {expected}"):
        Shape(text)


def test_bad_layout_permutation_in_text():
    with pytest.raises(ValueError, match="not a permutation"):
        Shape("f32[2,3]{0,0}")
    with pytest.raises(ValueError, match="tile sizes must be positive"):
        Shape("f32[2]{0:T(0)}")


def test_bad_shape_error_names_found_text():
    with pytest.raises(ValueError, match="found end of string"):
        Shape("f32[2")
    with pytest.raises(ValueError, match="found 'x'"):
        Shape("f32[2]x")


# ProgramShape -------------------------------------------------------------


def test_program_shape():
    param = Shape("f32[2]")
    program = ProgramShape([param, param], Shape("f32[2]"))
    assert program.parameter_shapes() == [Shape("f32[2]{0}")] * 2
    assert program.result_shape() == Shape("f32[2]")
    assert repr(program) == "(f32[2]{0}, f32[2]{0}) -> f32[2]{0}"
    assert str(program) == repr(program)
    assert repr(ProgramShape([], Shape("()"))) == "() -> ()"
    same = ProgramShape((Shape("f32[2]"), Shape("f32[2]")), Shape("f32[2]{0}"))
    assert program == same
    assert hash(program) == hash(same)
    assert program != ProgramShape([param], Shape("f32[2]"))
    assert program != "program"


def test_program_shape_type_errors():
    with pytest.raises(TypeError, match="ProgramShape takes Shapes"):
        ProgramShape(["f32[2]"], Shape("f32[2]"))
    with pytest.raises(TypeError, match="ProgramShape takes Shapes"):
        ProgramShape([], "f32[2]")
