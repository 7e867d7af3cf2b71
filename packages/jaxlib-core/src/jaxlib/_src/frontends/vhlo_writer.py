"""StableHLO modules written as portable artifacts: VHLO in MLIR bytecode
(format 6), what the reference jaxlib's ``serialize_portable_artifact``
writes and its ``deserialize_portable_artifact`` reads.

The inverse of ``vhlo.py``'s reading: each ``stablehlo.name`` is
``vhlo.name_vN`` with N the newest version the target release has, its
structured attributes flattened, dense arrays as tensors, every attribute
VHLO spells out given (the defaults StableHLO leaves implicit), discardable
attributes in the op's attribute dictionary, locations as builtin locations.
Shardy meshes are ``sdy.mesh`` ops, Shardy attributes their text.

Shardy ops inside functions are written as the reference's mixed
serialization writes them: Shardy ops on builtin types, VHLO ops on VHLO's,
``unrealized_conversion_cast`` ops between.

What VHLO cannot carry, or this writer does not write, raises
:class:`NotWritable` naming it (CHLO ops, targets before StableHLO 1.0.0):
the caller keeps its own format then.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from jaxlib._src.frontends import vhlo
from jaxlib._src.frontends.bytecode_builtin import DYNAMIC, float_width, integer_width
from jaxlib._src.frontends.mlir_bytecode import BcBlock, BcOp, BcRegion, BcValue
from jaxlib._src.frontends.mlir_bytecode_writer import BytecodeWriter, Entry
from jaxlib._src.frontends.vhlo import (
    ARRAY,
    BOOLEAN,
    COMPLEX_TYPE,
    DICTIONARY,
    ELEMENT_TYPE_CODES,
    ENUM_CODES,
    FLOAT,
    FUNCTION_TYPE,
    FUTURE_TYPE,
    INTEGER,
    NONE_TYPE_CODE,
    OP_ATTRIBUTES,
    OUTPUT_OPERAND_ALIAS,
    QUANTIZED_PER_AXIS_TYPE,
    QUANTIZED_TYPE,
    RANKED_TENSOR_TYPE,
    RANKED_TENSOR_WITH_ENCODING,
    RESULT_ACCURACY,
    STRING,
    TENSOR,
    TOKEN_TYPE,
    TUPLE_TYPE,
    TYPE,
    TYPE_EXTENSIONS,
    op_version,
    parse_version,
)
from jaxlib._src.ir.attributes import (
    UNIT,
    ChannelHandle,
    ConvDimensionNumbers,
    DenseArray,
    DenseElements,
    DotAlgorithm,
    DotDimensionNumbers,
    ElementTypeAttr,
    EnumAttr,
    FloatAttr,
    GatherDimensionNumbers,
    IntegerAttr,
    OpaqueAttribute,
    OutputOperandAlias,
    ScatterDimensionNumbers,
    SymbolRef,
    TypeExtensions,
)
from jaxlib._src.ir.core import Block, Function, Module, Operation, Region
from jaxlib._src.ir.types import (
    FunctionType,
    FutureType,
    QuantizedType,
    TensorType,
    TokenType,
    TupleType,
    is_float,
    is_integer,
    numpy_dtype,
)

MINIMUM_TARGET = (1, 0, 0)
# The properties key of a Shardy op: (its layout, its values by name).
SDY_LAYOUT = "<sdy layout>"


class NotWritable(ValueError):
    """The module uses something this writer cannot express in VHLO."""


# --- types ---------------------------------------------------------------------------


def _vhlo_type(code: int, *fields: tuple[str, Any]) -> Entry:
    return Entry("vhlo", True, code, tuple(fields))


def vhlo_type(t: Any) -> Entry:
    if isinstance(t, str):
        if t in ELEMENT_TYPE_CODES:
            return _vhlo_type(ELEMENT_TYPE_CODES[t])
        if t.startswith("complex<") and t.endswith(">"):
            return _vhlo_type(COMPLEX_TYPE, ("type", vhlo_type(t[8:-1])))
        raise NotWritable(f"element type {t} has no VHLO form")
    if isinstance(t, TensorType):
        shape = tuple(DYNAMIC if d is None else d for d in t.shape)
        fields = (("svarints", shape), ("type", vhlo_type(t.element_type)))
        if t.encoding is None:
            return _vhlo_type(RANKED_TENSOR_TYPE, *fields)
        return _vhlo_type(RANKED_TENSOR_WITH_ENCODING, ("attr", vhlo_attribute(t.encoding)),
                          *fields)
    if isinstance(t, TokenType):
        return _vhlo_type(TOKEN_TYPE)
    if isinstance(t, TupleType):
        return _vhlo_type(TUPLE_TYPE, ("types", tuple(vhlo_type(e) for e in t.types)))
    if isinstance(t, FutureType):
        return _vhlo_type(FUTURE_TYPE, ("types", tuple(vhlo_type(e) for e in t.types)))
    if isinstance(t, FunctionType):
        return _vhlo_type(FUNCTION_TYPE, ("types", tuple(vhlo_type(e) for e in t.inputs)),
                          ("types", tuple(vhlo_type(e) for e in t.results)))
    if isinstance(t, QuantizedType):
        return _quantized(t)
    raise NotWritable(f"type {t} has no VHLO form")


def _quantized(t: QuantizedType) -> Entry:
    storage = t.storage_type
    signed = storage.startswith("i")
    width = int(storage.lstrip("iu"))
    low = t.storage_min if t.storage_min is not None else (
        -(1 << (width - 1)) if signed else 0)
    high = t.storage_max if t.storage_max is not None else (
        (1 << (width - 1)) - 1 if signed else (1 << width) - 1)
    storage_entry = vhlo_type(f"i{width}" if signed else f"ui{width}")
    expressed = vhlo_type(t.expressed_type)
    if t.quantized_dimension is None:
        return _vhlo_type(QUANTIZED_TYPE, ("varint", int(signed)), ("type", storage_entry),
                          ("type", expressed), ("apint", (_float_bits(t.scales[0], "f64"), 64)),
                          ("svarint", t.zero_points[0]), ("svarint", low), ("svarint", high))
    return _vhlo_type(QUANTIZED_PER_AXIS_TYPE, ("varint", int(signed)), ("type", storage_entry),
                      ("type", expressed), ("varint", t.quantized_dimension),
                      ("svarint", low), ("svarint", high),
                      ("list", tuple((("apint", (_float_bits(s, "f64"), 64)),) for s in t.scales)),
                      ("svarints", tuple(t.zero_points)))


# --- attributes ----------------------------------------------------------------------


def _vhlo_attr(code: int, *fields: tuple[str, Any]) -> Entry:
    return Entry("vhlo", False, code, tuple(fields))


def _string(text: str) -> Entry:
    return _vhlo_attr(STRING, ("string", text))


def _integer(value: int, element_type: str = "i64") -> Entry:
    width = integer_width(element_type)
    return _vhlo_attr(INTEGER, ("type", vhlo_type(element_type)),
                      ("apint", (int(value) & ((1 << width) - 1), width)))


def _boolean(value: bool) -> Entry:
    return _vhlo_attr(BOOLEAN, ("varint", int(bool(value))))


def _enum(kind: str, value: str) -> Entry:
    return _vhlo_attr(ENUM_CODES[kind], ("varint", vhlo._ENUMS[kind].index(value)))


def _tensor(array: np.ndarray, t: TensorType) -> Entry:
    if t.element_type == "i1":
        flat = np.ascontiguousarray(array, dtype=np.bool_).reshape(-1)
        if flat.size > 1 and (flat.all() or not flat.any()):
            blob = b"\xff" if flat.all() else b"\x00"
        else:
            blob = np.packbits(flat, bitorder="little").tobytes()
    else:
        value = np.ascontiguousarray(array)
        if value.size > 1 and not any(value.strides):
            value = value.reshape(-1)[:1]  # a splat: one element
        blob = value.tobytes()
    return _vhlo_attr(TENSOR, ("type", vhlo_type(t)), ("blob", blob))


def _ints_tensor(values: Any, element_type: str = "i64") -> Entry:
    values = tuple(values)
    dtype = np.bool_ if element_type == "i1" else np.int64
    return _tensor(np.array(values, dtype=dtype), TensorType((len(values),), element_type))


def _type_attr(t: Any) -> Entry:
    return _vhlo_attr(TYPE, ("type", vhlo_type(t)))


_NONE_TYPE_ATTR = _vhlo_attr(TYPE, ("type", _vhlo_type(NONE_TYPE_CODE)))


def _default_accuracy() -> Entry:
    return _vhlo_attr(RESULT_ACCURACY, ("apint", (0, 64)), ("apint", (0, 64)),
                      ("svarint", 0), ("attr", _enum("result_accuracy_mode", "DEFAULT")))


_ACCURACY_RE = re.compile(
    r"#stablehlo\.result_accuracy<atol\s*=\s*([^,]+),\s*rtol\s*=\s*([^,]+),\s*ulps\s*=\s*(-?\d+),"
    r"\s*mode\s*=\s*#stablehlo\.result_accuracy_mode<(\w+)>>")


def _textual(text: str) -> Entry:
    match = re.match(r"[#!]([A-Za-z_][\w$]*)", text)
    if match is None:
        raise NotWritable(f"attribute {text} has no dialect")
    dialect = match.group(1)
    if dialect in ("stablehlo", "chlo", "vhlo"):
        raise NotWritable(f"attribute {text} has no VHLO form here")
    return Entry(dialect, False, text=text)


def vhlo_attribute(value: Any) -> Entry:
    """An attribute value of this IR as VHLO's (or a dialect's text)."""
    if isinstance(value, bool):
        return _boolean(value)
    if isinstance(value, IntegerAttr):
        if value.type == "i1":
            return _boolean(bool(value))
        return _integer(int(value), value.type)
    if isinstance(value, int):
        return _integer(value)
    if isinstance(value, FloatAttr):
        return _float(float(value), value.type)
    if isinstance(value, float):
        return _float(value, "f64")
    if isinstance(value, ElementTypeAttr):
        return _type_attr(str(value))
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return _vhlo_attr(ARRAY, ("attrs", tuple(vhlo_attribute(v) for v in value)))
    if isinstance(value, dict):
        return _vhlo_attr(DICTIONARY, ("list", tuple(
            (("attr", _string(k)), ("attr", vhlo_attribute(v))) for k, v in value.items())))
    if isinstance(value, DenseElements):
        return _tensor(value.array, value.type)
    if isinstance(value, DenseArray):
        return _ints_tensor(value, value.element_type)
    if isinstance(value, EnumAttr):
        return _enum(value.kind, value.value)
    if isinstance(value, OutputOperandAlias):
        return _vhlo_attr(OUTPUT_OPERAND_ALIAS, ("svarints", value.output_tuple_indices),
                          ("svarint", value.operand_index),
                          ("svarints", value.operand_tuple_indices))
    if isinstance(value, TypeExtensions):
        return _vhlo_attr(TYPE_EXTENSIONS, ("svarints", tuple(
            DYNAMIC if b is None else b for b in value.bounds)))
    if isinstance(value, SymbolRef):
        if value.nested:
            raise NotWritable(f"nested symbol reference @{value.name}")
        return _string(value.name)
    if isinstance(value, (TensorType, TupleType, FunctionType, TokenType, QuantizedType)):
        return _type_attr(value)
    if isinstance(value, OpaqueAttribute):
        match = _ACCURACY_RE.fullmatch(value.text)
        if match is not None:
            return _vhlo_attr(
                RESULT_ACCURACY, ("apint", (_float_bits(float(match.group(1)), "f64"), 64)),
                ("apint", (_float_bits(float(match.group(2)), "f64"), 64)),
                ("svarint", int(match.group(3))),
                ("attr", _enum("result_accuracy_mode", match.group(4))))
        return _textual(value.text)
    if value is UNIT:
        return Entry("builtin", False, 7)
    raise NotWritable(f"attribute value {value!r} has no VHLO form")


def _float_bits(value: float, element_type: str) -> int:
    raw = np.array(value, numpy_dtype(element_type))
    return int(raw.view(f"<u{raw.dtype.itemsize}"))


def _float(value: float, element_type: str) -> Entry:
    return _vhlo_attr(FLOAT, ("type", vhlo_type(element_type)),
                      ("apint", (_float_bits(value, element_type), float_width(element_type))))


# --- builtin attributes (the module's own, locations) ---------------------------------


def _builtin(code: int, *fields: tuple[str, Any]) -> Entry:
    return Entry("builtin", False, code, tuple(fields))


def builtin_string(text: str) -> Entry:
    return _builtin(2, ("string", text))


def builtin_type(t: Any) -> Entry:
    if isinstance(t, str):
        if is_integer(t):
            width = integer_width(t)
            signedness = 2 if t.startswith("ui") else 1 if t.startswith("si") else 0
            return Entry("builtin", True, 0, (("varint", width << 2 | signedness),))
        fixed = {"index": 1, "bf16": 3, "f16": 4, "f32": 5, "f64": 6}
        if t in fixed:
            return Entry("builtin", True, fixed[t])
        if t.startswith("complex<"):
            return Entry("builtin", True, 9, (("type", builtin_type(t[8:-1])),))
        if is_float(t):
            return Entry("builtin", True, text=t)
    if isinstance(t, TensorType) and t.encoding is None:
        shape = tuple(DYNAMIC if d is None else d for d in t.shape)
        return Entry("builtin", True, 13, (("svarints", shape),
                                           ("type", builtin_type(t.element_type))))
    if isinstance(t, TupleType):
        return Entry("builtin", True, 15, (("types", tuple(builtin_type(e) for e in t.types)),))
    raise NotWritable(f"type {t} in a builtin attribute")


def builtin_attribute(value: Any) -> Entry:
    """A module attribute as a builtin attribute."""
    if isinstance(value, bool):
        return _builtin(8, ("type", builtin_type("i1")), ("apint", (int(value), 1)))
    if isinstance(value, IntegerAttr):
        width = integer_width(value.type)
        return _builtin(8, ("type", builtin_type(value.type)),
                        ("apint", (int(value) & ((1 << width) - 1), width)))
    if isinstance(value, int):
        return builtin_attribute(IntegerAttr(value, "i64"))
    if isinstance(value, str):
        return builtin_string(value)
    if isinstance(value, list):
        return _builtin(0, ("attrs", tuple(builtin_attribute(v) for v in value)))
    if isinstance(value, dict):
        return builtin_dictionary(value)
    if value is UNIT:
        return _builtin(7)
    if isinstance(value, FloatAttr):
        return _builtin(9, ("type", builtin_type(value.type)),
                        ("apint", (_float_bits(float(value), value.type),
                                   float_width(value.type))))
    if isinstance(value, DenseArray):
        dtype = np.bool_ if value.element_type == "i1" else numpy_dtype(value.element_type)
        return _builtin(17, ("type", builtin_type(value.element_type)),
                        ("varint", len(value)), ("blob", np.array(value, dtype).tobytes()))
    if isinstance(value, DenseElements):
        blob = _tensor(value.array, value.type).fields[1][1]
        return _builtin(18, ("type", builtin_type(value.type)), ("blob", blob))
    if isinstance(value, OpaqueAttribute):
        return _textual(value.text)
    raise NotWritable(f"module attribute {value!r}")


def builtin_dictionary(values: dict[str, Any], convert: Any = builtin_attribute) -> Entry:
    return _builtin(1, ("list", tuple((("attr", builtin_string(k)), ("attr", convert(v)))
                                      for k, v in sorted(values.items()))))


_UNKNOWN_LOCATION = _builtin(15)
_LOCATION_STRING = r'"(?:[^"\\]|\\.)*"'


def _unquote(text: str) -> str:
    from jaxlib._src.frontends.mlir_text import _unescape
    return _unescape(text[1:-1])


class _LocationParser:
    """``loc(...)`` text (as the parser keeps it) to builtin locations."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t\n":
            self.pos += 1

    def accept(self, token: str) -> bool:
        self.skip()
        if self.text.startswith(token, self.pos):
            self.pos += len(token)
            return True
        return False

    def expect(self, token: str) -> None:
        if not self.accept(token):
            raise ValueError(f"expected {token!r} at {self.pos}")

    def number(self) -> int:
        self.skip()
        match = re.compile(r"\d+").match(self.text, self.pos)
        if match is None:
            raise ValueError(f"expected a number at {self.pos}")
        self.pos = match.end()
        return int(match.group())

    def location(self) -> Entry:
        self.skip()
        if self.accept("unknown"):
            return _UNKNOWN_LOCATION
        if self.accept("callsite"):
            self.expect("(")
            callee = self.location()
            self.expect("at")
            caller = self.location()
            self.expect(")")
            return _builtin(10, ("attr", callee), ("attr", caller))
        if self.accept("fused"):
            if self.accept("<"):
                raise ValueError("fused locations with metadata")
            self.expect("[")
            parts = [self.location()]
            while self.accept(","):
                parts.append(self.location())
            self.expect("]")
            return _builtin(12, ("attrs", tuple(parts)))
        match = re.compile(_LOCATION_STRING).match(self.text, self.pos)
        if match is None:
            raise ValueError(f"unexpected location text at {self.pos}")
        self.pos = match.end()
        name = _unquote(match.group())
        if self.accept(":"):
            line = self.number()
            self.expect(":")
            column = self.number()
            if self.accept("to"):
                end_line = None
                if not self.accept(":"):
                    end_line = self.number()
                    self.expect(":")
                end_column = self.number()
                numbers = (line, column, end_column) if end_line is None else (
                    line, column, end_line, end_column)
                return _builtin(22, ("attr", builtin_string(name)),
                                ("list", tuple((("varint", n),) for n in numbers)))
            return _builtin(11, ("attr", builtin_string(name)), ("varint", line),
                            ("varint", column))
        child = _UNKNOWN_LOCATION
        if self.accept("("):
            child = self.location()
            self.expect(")")
        return _builtin(14, ("attr", builtin_string(name)), ("attr", child))


def location_entry(location: Any) -> Entry:
    text = str(location) if location is not None else ""
    if not (text.startswith("loc(") and text.endswith(")")):
        return _UNKNOWN_LOCATION
    parser = _LocationParser(text[4:-1])
    try:
        entry = parser.location()
        parser.skip()
        if parser.pos != len(parser.text):
            return _UNKNOWN_LOCATION
        return entry
    except (ValueError, RecursionError):
        return _UNKNOWN_LOCATION


# --- ops -----------------------------------------------------------------------------

_CHANNEL_ID_OPS = vhlo._CHANNEL_ID_OPS
_DENSE_ARRAYS = vhlo._DENSE_ARRAYS


def _spatial_rank(op: Operation) -> int:
    t = op.operand_types[0]
    return max(t.rank - 2, 0) if isinstance(t, TensorType) else 0


def _window_rank(op: Operation) -> int:
    t = op.operand_types[0]
    return t.rank if isinstance(t, TensorType) else 0


def _ones(count: int) -> DenseArray:
    return DenseArray("i64", (1,) * count)


def _zero_padding(count: int) -> DenseElements:
    return DenseElements(np.zeros((count, 2), np.int64), TensorType((count, 2), "i64"))


def _defaults(base: str, op: Operation) -> dict[str, Any]:
    """The attributes StableHLO may leave out, at their defaults, for ``op``."""
    if base in ("convolution", "dynamic_conv"):
        rank = _spatial_rank(op)
        return {"window_strides": _ones(rank), "padding": _zero_padding(rank),
                "lhs_dilation": _ones(rank), "rhs_dilation": _ones(rank),
                "window_reversal": DenseArray("i1", (False,) * rank),
                "precision_config": [Precision_DEFAULT, Precision_DEFAULT]}
    if base in ("reduce_window", "select_and_scatter"):
        rank = _window_rank(op)
        return {"window_strides": _ones(rank), "base_dilations": _ones(rank),
                "window_dilations": _ones(rank), "padding": _zero_padding(rank)}
    return {
        "func": {"sym_visibility": "", "arg_attrs": [], "res_attrs": []},
        "compare": {"compare_type": _COMPARE_NOTYPE},
        "composite": {"version": IntegerAttr(0, "i32"), "composite_attributes": {}},
        "custom_call": {"has_side_effect": False, "backend_config": "",
                        "api_version": IntegerAttr(1, "i32"), "called_computations": [],
                        "operand_layouts": [], "result_layouts": [],
                        "output_operand_aliases": [], "result_tilings": []},
        "dot": {"precision_config": [Precision_DEFAULT, Precision_DEFAULT]},
        "dot_general": {"precision_config": [Precision_DEFAULT, Precision_DEFAULT]},
        "dynamic_broadcast_in_dim": {"known_expanding_dimensions": DenseArray("i64"),
                                     "known_nonexpanding_dimensions": DenseArray("i64")},
        "gather": {"indices_are_sorted": False},
        "dynamic_gather": {"indices_are_sorted": False},
        "scatter": {"indices_are_sorted": False, "unique_indices": False},
        "sort": {"dimension": IntegerAttr(-1, "i64"), "is_stable": False},
        "cholesky": {"lower": False},
        "infeed": {"infeed_config": "", "layout": []},
        "outfeed": {"outfeed_config": ""},
        "send": {"is_host_transfer": False,
                 "source_target_pairs": DenseElements(np.zeros((0, 2), np.int64),
                                                      TensorType((0, 2), "i64"))},
        "recv": {"is_host_transfer": False,
                 "source_target_pairs": DenseElements(np.zeros((0, 2), np.int64),
                                                      TensorType((0, 2), "i64"))},
    }.get(base, {})


def _flatten_structures(base: str, attrs: dict[str, Any]) -> dict[str, Any]:
    """The structured attributes VHLO stores flattened, as VHLO attributes."""
    out: dict[str, Any] = {}
    dims = attrs.pop("dimension_numbers", None)
    if isinstance(dims, ConvDimensionNumbers):
        for name in ("input_batch_dimension", "input_feature_dimension",
                     "kernel_input_feature_dimension", "kernel_output_feature_dimension",
                     "output_batch_dimension", "output_feature_dimension"):
            out[name] = _integer(getattr(dims, name))
        for name in ("input_spatial_dimensions", "kernel_spatial_dimensions",
                     "output_spatial_dimensions"):
            out[name] = _ints_tensor(getattr(dims, name))
    elif isinstance(dims, GatherDimensionNumbers):
        for name in ("offset_dims", "collapsed_slice_dims", "operand_batching_dims",
                     "start_indices_batching_dims", "start_index_map"):
            out[name] = _ints_tensor(getattr(dims, name))
        out["index_vector_dim"] = _integer(dims.index_vector_dim)
    elif dims is not None:
        raise NotWritable(f"{base}: dimension_numbers {dims!r}")
    scatter = attrs.pop("scatter_dimension_numbers", None)
    if isinstance(scatter, ScatterDimensionNumbers):
        for name in ("update_window_dims", "inserted_window_dims", "input_batching_dims",
                     "scatter_indices_batching_dims", "scatter_dims_to_operand_dims"):
            out[name] = _ints_tensor(getattr(scatter, name))
        out["index_vector_dim"] = _integer(scatter.index_vector_dim)
    dot = attrs.pop("dot_dimension_numbers", None)
    if isinstance(dot, DotDimensionNumbers):
        for name in ("lhs_batching_dimensions", "rhs_batching_dimensions",
                     "lhs_contracting_dimensions", "rhs_contracting_dimensions"):
            out[name] = _ints_tensor(getattr(dot, name))
    if base == "dot_general":
        algorithm = attrs.pop("algorithm", None)
        if isinstance(algorithm, DotAlgorithm):
            out.update({
                "lhs_precision_type": _type_attr(algorithm.lhs_precision_type),
                "rhs_precision_type": _type_attr(algorithm.rhs_precision_type),
                "accumulation_type": _type_attr(algorithm.accumulation_type),
                "lhs_component_count": _integer(algorithm.lhs_component_count),
                "rhs_component_count": _integer(algorithm.rhs_component_count),
                "num_primitive_operations": _integer(algorithm.num_primitive_operations),
                "allow_imprecise_accumulation": _boolean(
                    algorithm.allow_imprecise_accumulation)})
        else:
            for name in ("lhs_precision_type", "rhs_precision_type", "accumulation_type",
                         "lhs_component_count", "rhs_component_count",
                         "num_primitive_operations", "allow_imprecise_accumulation"):
                out[name] = _NONE_TYPE_ATTR
    handle = attrs.pop("channel_handle", None)
    if isinstance(handle, ChannelHandle):
        out["channel_id"] = _integer(handle.handle)
        if base in ("send", "recv"):
            out["channel_type"] = _integer(handle.type)
    elif base in _CHANNEL_ID_OPS:
        out["channel_id"] = _integer(0)
    elif base in ("send", "recv"):
        raise NotWritable(f"{base} without a channel_handle")
    return out


def _convert_attributes(base: str, versioned: str, op: Operation
                        ) -> tuple[dict[str, Entry], dict[str, Entry]]:
    """(inherent, discardable) VHLO attributes of ``op``."""
    attrs = dict(op.attributes)
    inherent_names = set(OP_ATTRIBUTES.get(versioned, ()))
    out = _flatten_structures(base, attrs)
    for name, value in _defaults(base, op).items():
        if name in inherent_names:
            attrs.setdefault(name, value)
    dense_arrays = _DENSE_ARRAYS.get(base, frozenset())
    inherent: dict[str, Entry] = {}
    discardable: dict[str, Entry] = {}
    for name, value in attrs.items():
        if name in ("use_global_device_ids", "has_dynamic_root") and base in _CHANNEL_ID_OPS:
            entry = _boolean(value is UNIT or value is True)
        elif name == "api_version" and base == "custom_call":
            names = vhlo._ENUMS["custom_call_api_version"]
            version = int(value)
            if not 0 <= version < len(names):
                raise NotWritable(f"custom_call api_version {version}")
            entry = _enum("custom_call_api_version", names[version])
        elif name in dense_arrays and isinstance(value, (DenseArray, tuple, list)):
            entry = _ints_tensor(value, "i1" if name == "window_reversal" else "i64")
        else:
            entry = vhlo_attribute(value)
        (inherent if name in inherent_names else discardable)[name] = entry
    inherent.update(out)
    for name in inherent_names:
        if name == "result_accuracy" and name not in inherent:
            inherent[name] = _default_accuracy()
        elif name in ("use_global_device_ids", "has_dynamic_root") and name not in inherent:
            inherent[name] = _boolean(False)
    missing = sorted(inherent_names - set(inherent))
    if missing:
        raise NotWritable(f"{op.name}: no value for VHLO's {', '.join(missing)}")
    for name in sorted(set(inherent) - inherent_names):
        # A folded field the target's op version does not have: only its
        # default (no batching dimensions, no dot algorithm) can be left out.
        entry = inherent.pop(name)
        if entry != _NONE_TYPE_ATTR and entry != _ints_tensor(()):
            raise NotWritable(f"{op.name}: {name} needs a newer StableHLO than the target")
    return inherent, discardable


Precision_DEFAULT = vhlo._ENUM_ATTRIBUTES["precision"]("DEFAULT")
_COMPARE_NOTYPE = vhlo._ENUM_ATTRIBUTES["comparison_type"]("NOTYPE")


# The Shardy ops written inside functions, and their properties in ODS's
# order: (name, optional) by attribute name.
SDY_OP_PROPERTIES: dict[str, tuple[tuple[str, bool], ...]] = {
    "sdy.sharding_constraint": (("sharding", False),),
    "sdy.reshard": (("sharding", False),),
    "sdy.manual_computation": (("in_shardings", False), ("manual_axes", False),
                               ("out_shardings", False)),
    "sdy.sharding_group": (("group_id", False),),
    "sdy.propagation_barrier": (("allowed_direction", False),),
    "sdy.named_computation": (("in_shardings", True), ("name", False),
                              ("out_shardings", True)),
    "sdy.return": (),
}


class _Writer:
    """Converts functions' ops. A value is VHLO-typed where a VHLO op made it
    and builtin-typed where a Shardy op or region did: each use takes the form
    its op needs, through an ``unrealized_conversion_cast`` made once per
    block (the mixed form the reference writes around Shardy ops)."""

    def __init__(self, target: tuple[int, int, int]) -> None:
        self.target = target
        # id(IR value) -> {"vhlo" | "builtin": its value in that form}
        self.forms: dict[int, dict[str, BcValue]] = {}
        self.types: dict[int, Any] = {}
        self.current: list[BcOp] = []
        self.casts: dict[tuple[int, str], BcValue] = {}

    def define(self, value: Any, form: str, converted: BcValue) -> None:
        self.forms[id(value)] = {form: converted}
        self.types[id(value)] = value.type

    def value(self, value: Any, what: str, form: str = "vhlo") -> BcValue:
        forms = self.forms.get(id(value))
        if forms is None:
            raise NotWritable(f"{what}: an operand defined outside its scope")
        if form in forms:
            return forms[form]
        cached = self.casts.get((id(value), form))
        if cached is not None:
            return cached
        source = next(iter(forms.values()))
        ir_type = self.types[id(value)]
        cast = BcOp("builtin.unrealized_conversion_cast", location=_UNKNOWN_LOCATION)
        cast.attributes = None  # type: ignore[assignment]
        cast.properties = {}
        cast.operands = [source]
        cast.results = [BcValue(vhlo_type(ir_type) if form == "vhlo" else builtin_type(ir_type))]
        self.current.append(cast)
        self.casts[(id(value), form)] = cast.results[0]
        return cast.results[0]

    def block(self, block: Block, parent: str, form: str = "vhlo") -> BcBlock:
        out = BcBlock()
        saved = self.current, self.casts
        self.current, self.casts = out.operations, {}
        try:
            for argument in block.arguments:
                kind = vhlo_type if form == "vhlo" else builtin_type
                value = BcValue(kind(argument.type), _location_or_none(argument.location))
                self.define(argument, form, value)
                out.arguments.append(value)
            for op in block.operations:
                converted = self.op(op, parent)
                out.operations.append(converted)
        finally:
            self.current, self.casts = saved
        return out

    def region(self, region: Region, parent: str, form: str = "vhlo") -> BcRegion:
        return BcRegion([self.block(b, parent, form) for b in region.blocks])

    def op(self, op: Operation, parent: str) -> BcOp:
        dialect, _, base = op.name.partition(".")
        if dialect == "sdy":
            return self.sdy_op(op)
        if op.name == "func.return":
            versioned = "return_v1"
        elif op.name == "func.call":
            versioned, base = "call_v1", "call"
        elif dialect == "stablehlo":
            version = op_version(base, self.target)
            if version is None:
                raise NotWritable(f"{op.name} is newer than StableHLO "
                                  f"{'.'.join(map(str, self.target))}")
            versioned = f"{base}_v{version}"
        else:
            # CHLO ops without a rewrite (the reference legalizes them all to
            # StableHLO first) are not written.
            raise NotWritable(f"{op.name} has no VHLO form (only StableHLO, func and "
                              "Shardy ops)")
        inherent, discardable = _convert_attributes(base, versioned, op)
        converted = BcOp(f"vhlo.{versioned}", location=location_entry(op.location))
        converted.attributes = _dictionary_entry(discardable)  # type: ignore[assignment]
        converted.properties = inherent  # type: ignore[assignment]
        converted.operands = [self.value(v, op.name) for v in op.operands]
        for result in op.results:
            value = BcValue(vhlo_type(result.type))
            self.define(result, "vhlo", value)
            converted.results.append(value)
        converted.regions = [self.region(r, base) for r in op.regions]
        return converted

    def sdy_op(self, op: Operation) -> BcOp:
        """A Shardy op as the reference writes it: on builtin types, its
        attributes Shardy's text (builtin where plain), in ODS's order."""
        layout = SDY_OP_PROPERTIES.get(op.name)
        if layout is None:
            raise NotWritable(f"{op.name} is not written (Shardy ops: "
                              f"{', '.join(sorted(SDY_OP_PROPERTIES))})")
        names = {name for name, _ in layout}
        converted = BcOp(op.name, location=location_entry(op.location))
        converted.attributes = _dictionary_entry(  # type: ignore[assignment]
            {k: builtin_attribute(v) for k, v in op.attributes.items() if k not in names})
        properties = {}
        for name, optional in layout:
            if name in op.attributes:
                properties[name] = builtin_attribute(op.attributes[name])
            elif not optional:
                raise NotWritable(f"{op.name} without its {name}")
        converted.properties = {SDY_LAYOUT: (layout, properties)}  # type: ignore[assignment]
        converted.operands = [self.value(v, op.name, "builtin") for v in op.operands]
        for result in op.results:
            value = BcValue(builtin_type(result.type))
            self.define(result, "builtin", value)
            converted.results.append(value)
        converted.regions = [self.region(r, "sdy", "builtin") for r in op.regions]
        return converted

    def function(self, func: Function) -> BcOp:
        attrs: dict[str, Any] = {
            "sym_name": func.name, "function_type": func.type,
            "sym_visibility": func.visibility,
            "arg_attrs": func.arg_attrs if any(func.arg_attrs) else [],
            "res_attrs": func.res_attrs if any(func.res_attrs) else []}
        inherent = {name: vhlo_attribute(value) for name, value in attrs.items()}
        converted = BcOp("vhlo.func_v1", location=location_entry(func.location))
        converted.attributes = _dictionary_entry(  # type: ignore[assignment]
            {k: vhlo_attribute(v) for k, v in func.attributes.items()})
        converted.properties = inherent  # type: ignore[assignment]
        converted.regions = [self.region(func.body, "func") if func.body is not None
                             else BcRegion()]
        return converted


def _location_or_none(location: Any) -> Entry | None:
    entry = location_entry(location)
    return None if entry == _UNKNOWN_LOCATION else entry


def _dictionary_entry(values: dict[str, Entry]) -> Entry | None:
    if not values:
        return None
    return _builtin(1, ("list", tuple((("attr", builtin_string(k)), ("attr", v))
                                      for k, v in sorted(values.items()))))


def _mesh_op(name: str, mesh: Any) -> BcOp:
    text = getattr(mesh, "text", str(mesh))
    if not text.startswith("#sdy.mesh"):
        text = "#sdy.mesh" + text.removeprefix("mesh")
    op = BcOp("sdy.mesh", location=_UNKNOWN_LOCATION)
    op.attributes = None  # type: ignore[assignment]
    op.properties = {"mesh": _textual(text),  # type: ignore[assignment]
                     "sym_name": builtin_string(name)}
    return op


def write_portable_artifact(module: Module, target: str) -> bytes:
    """``module`` as a StableHLO portable artifact for release ``target``.
    Raises :class:`NotWritable` for what this writer cannot express."""
    version = parse_version(target)
    if version < MINIMUM_TARGET:
        raise NotWritable(f"target StableHLO {target} is older than "
                          f"{'.'.join(map(str, MINIMUM_TARGET))}")
    writer = _Writer(version)
    top = BcOp("builtin.module", location=_UNKNOWN_LOCATION)
    top.attributes = (builtin_dictionary(module.attributes)  # type: ignore[assignment]
                      if module.attributes else None)
    top.properties = ({"sym_name": builtin_string(module.name)}  # type: ignore[assignment]
                      if module.name else {})
    body = BcBlock()
    for name, mesh in module.meshes.items():
        body.operations.append(_mesh_op(name, mesh))
    try:
        for func in module.functions:
            body.operations.append(writer.function(func))
    except RecursionError:
        raise NotWritable("the module nests too deep") from None
    top.regions = [BcRegion([body])]
    bytecode = BytecodeWriter(f"StableHLO_v{target}")
    _store_properties(bytecode, top)
    return bytecode.write([top])


def _store_properties(writer: BytecodeWriter, op: BcOp) -> None:
    """Replaces each op's properties (by name) with the index of their
    stored form: in name order, as ODS writes them."""
    properties = op.properties
    if SDY_LAYOUT in properties:
        layout, values = properties[SDY_LAYOUT]
        op.properties = (writer.properties_entry(  # type: ignore[assignment]
            [(values.get(name), optional) for name, optional in layout]) if layout else None)
    elif op.name == "builtin.module":
        values = [(properties.get("sym_name"), True), (properties.get("sym_visibility"), True)]
        op.properties = writer.properties_entry(values)  # type: ignore[assignment]
    elif properties:
        op.properties = writer.properties_entry(  # type: ignore[assignment]
            [(properties[name], False) for name in sorted(properties)])
    else:
        op.properties = None  # type: ignore[assignment]
    for region in op.regions:
        for block in region.blocks:
            for nested in block.operations:
                _store_properties(writer, nested)


__all__ = ["NotWritable", "write_portable_artifact"]
