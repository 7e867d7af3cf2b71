"""The builtin dialect's attributes and types in MLIR bytecode, decoded to
this project's IR values (the ones its MLIR text parser makes):

- strings, arrays, dictionaries, integers (``IntegerAttr``; ``i1`` as
  ``bool``), floats, unit, symbol references, type attributes, dense arrays
  and dense elements;
- locations as :class:`Location` (their ``loc(...)`` text);
- integer, index, float, complex, ranked tensor, tuple, function and none
  types.

Memrefs, vectors, unranked tensors, resource-backed and sparse elements have
no meaning in StableHLO programs: reading one is an error naming it.
"""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxlib._src.frontends.mlir_bytecode import DialectCodec, DialectReader, register_dialect_codec
from jaxlib._src.frontends.mlir_text import make_dense
from jaxlib._src.ir.attributes import (
    UNIT,
    DenseArray,
    DenseElements,
    ElementTypeAttr,
    FloatAttr,
    IntegerAttr,
    SymbolRef,
)
from jaxlib._src.ir.printer import format_string
from jaxlib._src.ir.types import FunctionType, TensorType, TupleType, is_float, is_integer

DYNAMIC = -(1 << 63)  # MLIR's ShapedType::kDynamic


@dataclass(frozen=True)
class Location:
    """A source location: ``text`` is what goes inside ``loc(...)``."""

    text: str

    def __str__(self) -> str:
        return f"loc({self.text})"


UNKNOWN_LOCATION = Location("unknown")


@dataclass(frozen=True)
class NoneType:
    """MLIR's ``none`` type."""

    def __str__(self) -> str:
        return "none"


NONE_TYPE = NoneType()


def shape_of(dims: list[int]) -> tuple[int | None, ...]:
    """A shape with MLIR's dynamic marker (INT64_MIN; -1 in old writers) as None."""
    return tuple(None if d == DYNAMIC or d == -1 else d for d in dims)


def _location(reader: DialectReader) -> Location:
    value = reader.attribute()
    if not isinstance(value, Location):
        raise reader.error(f"expected a location, got {value!r}")
    return value


def _string(reader: DialectReader) -> str:
    value = reader.attribute()
    if not isinstance(value, str):
        raise reader.error(f"expected a string attribute, got {value!r}")
    return value


def element_type_of(t: Any) -> str:
    return t if isinstance(t, str) else str(t)


# Float types by bit width of their integer view, for FloatAttr values.
_FLOAT_FORMATS = {"f16": ("<e", 16), "f32": ("<f", 32), "f64": ("<d", 64)}


def float_from_bits(element_type: str, bits: int) -> float:
    """A float of ``element_type`` from its bit pattern."""
    fmt = _FLOAT_FORMATS.get(element_type)
    if fmt is not None:
        return struct.unpack(fmt[0], bits.to_bytes(fmt[1] // 8, "little"))[0]
    from jaxlib._src.ir.types import numpy_dtype  # ml_dtypes' narrow floats
    dtype = numpy_dtype(element_type)
    raw = np.array([bits], dtype=np.uint64).astype(f"<u{dtype.itemsize}")
    return float(raw.view(dtype)[0])


def float_width(element_type: str) -> int:
    from jaxlib._src.ir.types import numpy_dtype
    widths = {"f4E2M1FN": 4, "f6E2M3FN": 6, "f6E3M2FN": 6, "tf32": 19}
    if element_type in widths:
        return widths[element_type]
    return numpy_dtype(element_type).itemsize * 8


def integer_width(element_type: str) -> int:
    if element_type == "index":
        return 64
    return int(element_type.lstrip("sui"))


def make_integer(element_type: str, bits: int) -> Any:
    """The attribute value of an integer of ``element_type`` with bit pattern
    ``bits``: signless and signed values are read as two's complement."""
    width = integer_width(element_type)
    if element_type == "i1":
        return bool(bits & 1)
    value = bits
    if not element_type.startswith("ui") and width and bits >> (width - 1) & 1:
        value = bits - (1 << width)
    return IntegerAttr(value, element_type)


def dense_from_blob(reader: DialectReader, type_: Any, blob: bytes) -> DenseElements:
    if not isinstance(type_, TensorType) or not type_.is_static:
        raise reader.error(f"dense elements need a static tensor type, got {type_}")
    try:
        return make_dense(blob, type_)
    except ValueError as err:
        raise reader.error(f"dense elements of {type_}: {err}") from None


# --- attributes ------------------------------------------------------------------------


def _array(r: DialectReader) -> Any:
    return r.attributes()


def _dictionary(r: DialectReader) -> Any:
    return dict(r.list(lambda: (_string(r), r.attribute())))


def _string_attr(r: DialectReader) -> Any:
    return r.string()


def _string_with_type(r: DialectReader) -> Any:
    text = r.string()
    r.type()
    return text


def _flat_symbol(r: DialectReader) -> Any:
    return SymbolRef(_string(r))


def _symbol(r: DialectReader) -> Any:
    root = _string(r)
    nested = [r.attribute() for _ in range(r.varint())]
    return SymbolRef(root, tuple(n.name for n in nested))


def _type_attr(r: DialectReader) -> Any:
    value = r.type()
    return ElementTypeAttr(value) if isinstance(value, str) else value


def _unit(r: DialectReader) -> Any:
    return UNIT


def read_integer_attribute(r: DialectReader) -> Any:
    """A type, then an integer of its width (builtin's and VHLO's encoding)."""
    element_type = r.type()
    if not (element_type == "index" or is_integer(element_type)):
        raise r.error(f"integer attribute of type {element_type}")
    return make_integer(element_type, r.apint(integer_width(element_type)))


def read_float_attribute(r: DialectReader) -> Any:
    """A type, then a float of its width (builtin's and VHLO's encoding)."""
    element_type = r.type()
    if not is_float(element_type):
        raise r.error(f"float attribute of type {element_type}")
    return FloatAttr(float_from_bits(element_type, r.apint(float_width(element_type))),
                     element_type)


def _call_site(r: DialectReader) -> Any:
    callee, caller = _location(r), _location(r)
    return Location(f"callsite({callee.text} at {caller.text})")


def _file_line_col(r: DialectReader) -> Any:
    filename = _string(r)
    line, column = r.varint(), r.varint()
    return Location(f"{format_string(filename)}:{line}:{column}")


def _fused(r: DialectReader, metadata: bool = False) -> Any:
    locations = [_location(r) for _ in range(r.varint())]
    meta = ""
    if metadata:
        value = r.attribute()
        meta = f"<{json.dumps(value) if isinstance(value, str) else value}>"
    return Location(f"fused{meta}[{', '.join(loc.text for loc in locations)}]")


def _name_loc(r: DialectReader) -> Any:
    name = _string(r)
    child = _location(r)
    if child == UNKNOWN_LOCATION:
        return Location(format_string(name))
    return Location(f"{format_string(name)}({child.text})")


def _unknown_loc(r: DialectReader) -> Any:
    return UNKNOWN_LOCATION


def _dense_array(r: DialectReader) -> Any:
    element_type = r.type()
    size = r.varint()
    blob = r.blob()
    width = 1 if element_type == "i1" else (
        integer_width(element_type) if is_integer(element_type) else 0)
    if element_type in ("f32", "f64"):
        width = 32 if element_type == "f32" else 64
    if size * max(width, 8) // 8 > len(blob):
        raise r.error(f"dense array of {size} elements in {len(blob)} bytes")
    if element_type == "i1":
        values = tuple(bool(b) for b in blob[:size])
    elif isinstance(element_type, str) and element_type.startswith(("i", "si", "ui")):
        width = integer_width(element_type)
        dtype = np.dtype(f"<{'u' if element_type.startswith('ui') else 'i'}{max(width, 8) // 8}")
        values = tuple(int(v) for v in np.frombuffer(blob, dtype=dtype, count=size))
    elif element_type in ("f32", "f64"):
        dtype = np.dtype("<f4" if element_type == "f32" else "<f8")
        values = tuple(float(v) for v in np.frombuffer(blob, dtype=dtype, count=size))
    else:
        raise r.error(f"dense array of {element_type}")
    return DenseArray(element_type_of(element_type), values)


def _dense_elements(r: DialectReader) -> Any:
    type_ = r.type()
    return dense_from_blob(r, type_, r.blob())


def _file_line_col_range(r: DialectReader) -> Any:
    filename = _string(r)
    numbers = [r.varint() for _ in range(r.varint())]
    text = format_string(filename)
    if len(numbers) >= 2:
        text += f":{numbers[0]}:{numbers[1]}"
    elif numbers:
        text += f":{numbers[0]}"
    if len(numbers) == 3:
        text += f" to :{numbers[2]}"
    elif len(numbers) == 4:
        text += f" to {numbers[2]}:{numbers[3]}"
    return Location(text)


def _unsupported(what: str) -> Any:
    def read(r: DialectReader) -> Any:
        raise r.error(f"builtin {what} is not supported in StableHLO programs")
    return read


_ATTRIBUTES = (
    _array, _dictionary, _string_attr, _string_with_type, _flat_symbol, _symbol, _type_attr,
    _unit, read_integer_attribute, read_float_attribute, _call_site, _file_line_col, _fused,
    lambda r: _fused(r, metadata=True), _name_loc, _unknown_loc,
    _unsupported("dense resource elements"), _dense_array, _dense_elements,
    _unsupported("dense string elements"), _unsupported("sparse elements"),
    _unsupported("distinct attribute"), _file_line_col_range,
)


def read_attribute(r: DialectReader) -> Any:
    code = r.varint()
    if code >= len(_ATTRIBUTES):
        raise r.error(f"unknown builtin attribute code {code}")
    return _ATTRIBUTES[code](r)


# --- types -----------------------------------------------------------------------------


def _integer_type(r: DialectReader) -> Any:
    value = r.varint()
    width, signedness = value >> 2, value & 3
    if signedness == 3:
        raise r.error("integer type with unknown signedness")
    return ("i", "si", "ui")[signedness] + str(width)


def read_function_type(r: DialectReader) -> Any:
    return FunctionType(tuple(r.types()), tuple(r.types()))


def read_complex_type(r: DialectReader) -> Any:
    return f"complex<{element_type_of(r.type())}>"


def read_ranked_tensor_type(r: DialectReader, with_encoding: bool = False) -> Any:
    encoding = r.attribute() if with_encoding else None
    shape = shape_of(r.signed_varints())
    return TensorType(shape, r.type(), encoding)


def read_tuple_type(r: DialectReader) -> Any:
    return TupleType(tuple(r.types()))


def _fixed(value: Any) -> Any:
    return lambda r: value


_TYPES = (
    _integer_type, _fixed("index"), read_function_type, _fixed("bf16"), _fixed("f16"),
    _fixed("f32"), _fixed("f64"), _unsupported("f80 type"), _unsupported("f128 type"),
    read_complex_type, _unsupported("memref type"), _unsupported("memref type"),
    _fixed(NONE_TYPE), read_ranked_tensor_type,
    lambda r: read_ranked_tensor_type(r, with_encoding=True), read_tuple_type,
    _unsupported("unranked memref type"), _unsupported("unranked memref type"),
    _unsupported("unranked tensor type"), _unsupported("vector type"),
    _unsupported("vector type"), _fixed("tf32"),
    _fixed("f8E5M2"), _fixed("f8E4M3"), _fixed("f8E4M3FN"), _fixed("f8E5M2FNUZ"),
    _fixed("f8E4M3FNUZ"), _fixed("f8E4M3B11FNUZ"), _fixed("f8E3M4"), _fixed("f4E2M1FN"),
    _fixed("f6E2M3FN"), _fixed("f6E3M2FN"), _fixed("f8E8M0FNU"),
)


def read_type(r: DialectReader) -> Any:
    code = r.varint()
    if code >= len(_TYPES):
        raise r.error(f"unknown builtin type code {code}")
    return _TYPES[code](r)


register_dialect_codec("builtin", DialectCodec(read_attribute, read_type))
