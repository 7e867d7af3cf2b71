"""Prints a Module as StableHLO MLIR text, every op in MLIR's generic syntax
(``"stablehlo.add"(%0, %1) {...} : (...) -> ...``), which the frontend reads back
into a structurally equal module. With a ``pretty`` hook (the frontend's
``pretty_form``, which owns the syntax tables), ops print in their custom
assembly where it has one (``stablehlo.add %0, %1 : tensor<f32>``), as MLIR
itself prints them; that text reads back the same."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import fields
from typing import Any

import numpy as np

from jaxlib._src.ir.attributes import (
    REQUIRED_FIELDS,
    ConvDimensionNumbers,
    DenseArray,
    DenseElements,
    ElementTypeAttr,
    EnumAttr,
    FloatAttr,
    IntegerAttr,
    OpaqueAttribute,
    SymbolRef,
    _Unit,
)
from jaxlib._src.ir.core import Block, Function, Module, Operation, Region, Value
from jaxlib._src.ir.types import (
    FunctionType,
    QuantizedType,
    TensorType,
    TokenType,
    TupleType,
    _format_float,
    complex_part_type,
    is_complex,
    is_float,
    set_encoding_formatter,
)

# An op's custom assembly after ``%r = ``, or None for the generic form:
# (op, its operands' names) -> text; for an op with one single-block region,
# (text before ``(%args) {``, text after the closing ``}``).
PrettyForm = Callable[[Operation, list[str]], "str | tuple[str, str] | None"]

# Dense attributes with more elements than this print as one hex string.
_HEX_THRESHOLD = 16
_TYPES = (TensorType, TokenType, TupleType, FunctionType, QuantizedType)


def format_string(text: str) -> str:
    """A double-quoted MLIR string literal; bytes outside printable ASCII as \\XX."""
    out = ['"']
    for byte in text.encode("utf-8", errors="surrogateescape"):
        char = chr(byte)
        if char in '"\\':
            out.append("\\" + char)
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append(f"\\{byte:02X}")
    out.append('"')
    return "".join(out)


def format_symbol(name: str) -> str:
    if name and all(c.isalnum() or c in "_$.-" for c in name) and not name[0].isdigit():
        return "@" + name
    return "@" + format_string(name)


def format_attribute(value: Any) -> str:
    """MLIR text of an attribute value (see attributes.py for the mapping)."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, IntegerAttr):
        return f"{int(value)} : {value.type}"
    if isinstance(value, int):
        return f"{value} : i64"
    if isinstance(value, FloatAttr):
        return f"{_format_float_element(float(value), value.type)} : {value.type}"
    if isinstance(value, float):
        return f"{_format_float_element(value, 'f64')} : f64"
    if isinstance(value, ElementTypeAttr):
        return str(value)
    if isinstance(value, str):
        return format_string(value)
    if isinstance(value, DenseArray):
        if not value:
            return f"array<{value.element_type}>"
        items = ", ".join(_format_array_item(v) for v in value)
        return f"array<{value.element_type}: {items}>"
    if isinstance(value, list):
        return "[" + ", ".join(format_attribute(v) for v in value) + "]"
    if isinstance(value, dict):
        return format_attribute_dict(value)
    if isinstance(value, DenseElements):
        return format_dense(value)
    if isinstance(value, EnumAttr):
        return f"#{value.dialect}<{value.kind} {value.value}>"
    if isinstance(value, SymbolRef):
        return format_symbol(value.name) + "".join("::" + format_symbol(n) for n in value.nested)
    if isinstance(value, OpaqueAttribute):
        return value.text
    if isinstance(value, _Unit):
        return "unit"
    if isinstance(value, ConvDimensionNumbers):
        return f"#stablehlo.conv<{format_conv_dimensions(value)}>"
    if isinstance(value, _TYPES):
        return str(value)
    if hasattr(value, "mnemonic"):
        return _format_structured(value)
    raise TypeError(f"cannot print attribute value {value!r} of type {type(value).__name__}")


def _format_array_item(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(int(value))


def _format_structured(value: Any) -> str:
    required = REQUIRED_FIELDS.get(type(value), ())
    parts = []
    for f in fields(value):
        item = getattr(value, f.name)
        if f.name not in required and item == f.default:
            continue
        parts.append(f"{f.name} = {_format_plain(item)}")
    return f"#{value.mnemonic}<{', '.join(parts)}>"


def _format_plain(item: Any) -> str:
    """Field values inside ``#name<...>``: bare ints, lists, types, bools."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, tuple):
        return "[" + ", ".join("?" if v is None else str(v) for v in item) + "]"
    return str(item)


def format_attribute_dict(attributes: dict[str, Any]) -> str:
    """``{a = 1 : i64, b}``, sorted by name as MLIR's dictionaries are."""
    parts = []
    for key, value in sorted(attributes.items()):
        name = key if _is_bare_key(key) else format_string(key)
        parts.append(name if isinstance(value, _Unit) else f"{name} = {format_attribute(value)}")
    return "{" + ", ".join(parts) + "}"


def _is_bare_key(key: str) -> bool:
    return bool(key) and (key[0].isalpha() or key[0] == "_") and all(
        c.isalnum() or c in "_$." for c in key)


def format_conv_dimensions(dims: ConvDimensionNumbers) -> str:
    """``[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]``."""

    groups = ((dims.input_batch_dimension, dims.input_feature_dimension,
               *dims.input_spatial_dimensions),
              (dims.kernel_input_feature_dimension, dims.kernel_output_feature_dimension,
               *dims.kernel_spatial_dimensions),
              (dims.output_batch_dimension, dims.output_feature_dimension,
               *dims.output_spatial_dimensions))
    if any(sorted(group) != list(range(len(group))) for group in groups):
        # Not a layout (an unverified module): the fields as they are.
        return "raw " + ", ".join(f"{f.name} = {_format_plain(getattr(dims, f.name))}"
                                  for f in fields(dims))

    def layout(batch_label: str, batch: int, feature_label: str, feature: int,
               spatial: tuple[int, ...]) -> str:
        labels = ["?"] * (len(spatial) + 2)
        labels[batch] = batch_label
        labels[feature] = feature_label
        for index, dim in enumerate(spatial):
            labels[dim] = str(index)
        return "[" + ", ".join(labels) + "]"

    return (layout("b", dims.input_batch_dimension, "f", dims.input_feature_dimension,
                   dims.input_spatial_dimensions) + "x"
            + layout("i", dims.kernel_input_feature_dimension, "o",
                     dims.kernel_output_feature_dimension, dims.kernel_spatial_dimensions)
            + "->" + layout("b", dims.output_batch_dimension, "f", dims.output_feature_dimension,
                            dims.output_spatial_dimensions))


# --- dense elements -------------------------------------------------------------


def format_dense(dense: DenseElements) -> str:
    array = dense.array
    element_type = dense.type.element_type
    if isinstance(element_type, QuantizedType):
        element_type = element_type.storage_type
    if array.size and dense.is_splat:
        body = _format_element(array.reshape(-1)[0], element_type)
    elif array.size == 0:
        body = ""
    elif array.size > _HEX_THRESHOLD and element_type != "i1":
        body = '"0x' + np.ascontiguousarray(array).tobytes().hex().upper() + '"'
    else:
        body = _format_nested(array, element_type)
    return f"dense<{body}> : {dense.type}"


def _format_nested(array: np.ndarray, element_type: str) -> str:
    if array.ndim == 0:
        return _format_element(array[()], element_type)
    return "[" + ", ".join(_format_nested(sub, element_type) for sub in array) + "]"


def _format_element(value: Any, element_type: str) -> str:
    if element_type == "i1":
        return "true" if bool(value) else "false"
    if is_complex(element_type):
        part = complex_part_type(element_type)
        return (f"({_format_float_element(value.real, part)}, "
                f"{_format_float_element(value.imag, part)})")
    if is_float(element_type):
        return _format_float_element(value, element_type)
    return str(int(value))


def _format_float_element(value: Any, element_type: str) -> str:
    number = float(value)
    if math.isfinite(number):
        return _mlir_float(number, element_type)
    # MLIR spells non-finite floats by their bits in the element type.
    from jaxlib._src.ir.types import numpy_dtype

    dtype = numpy_dtype(element_type)
    scalar = np.asarray(value, dtype=dtype) if not isinstance(value, np.generic) else value
    raw = np.asarray(scalar, dtype=dtype).reshape(1).view(np.uint8).tobytes()
    return "0x" + int.from_bytes(raw, "little").to_bytes(len(raw), "big").hex().upper()


def _mlir_float(number: float, element_type: str) -> str:
    """MLIR's spelling: six-digit scientific notation (``1.000000e+00``) when
    it reads back as the same value of the element type, else the shortest
    text that does."""
    from jaxlib._src.ir.types import numpy_dtype

    text = f"{number:.6e}"
    try:
        dtype = numpy_dtype(element_type)
        if np.array(float(text), dtype=dtype) == np.array(number, dtype=dtype):
            return text
    except (TypeError, ValueError, KeyError):
        pass
    return _format_float(number)


# --- module -------------------------------------------------------------------


class _Namer:
    """Numbers values per function: block arguments %argN, results %N."""

    def __init__(self) -> None:
        self.names: dict[int, str] = {}
        self.next_result = 0
        self.next_arg = 0

    def define_results(self, op: Operation) -> str:
        if not op.results:
            return ""
        base = f"%{self.next_result}"
        self.next_result += 1
        if len(op.results) == 1:
            self.names[id(op.results[0])] = base
            return f"{base} = "
        for index, result in enumerate(op.results):
            self.names[id(result)] = f"{base}#{index}"
        return f"{base}:{len(op.results)} = "

    def define_argument(self, value: Value) -> str:
        name = f"%arg{self.next_arg}"
        self.next_arg += 1
        self.names[id(value)] = name
        return name

    def use(self, value: Value) -> str:
        name = self.names.get(id(value))
        if name is None:
            raise ValueError(f"cannot print a use of {value!r}: it is not defined in scope")
        return name


def format_location(location: Any) -> str:
    """``loc(...)`` for an op's, argument's or function's location: the
    text kept from parsing or an object printing as ``loc(...)``; anything
    else (None, a bare line:column of the parsed text) is ``loc(unknown)``."""
    if location is not None:
        text = str(location)
        if text.startswith("loc("):
            return text
    return "loc(unknown)"


def print_module(module: Module, pretty: PrettyForm | None = None,
                 debug_info: bool = False) -> str:
    """The module as MLIR text: generic op syntax, or custom assembly where
    ``pretty`` gives one; with ``debug_info`` every op, argument and
    function carries its location, written in place (``loc(...)``, no
    ``#loc`` aliases)."""
    lines: list[str] = []
    header = "module"
    if module.name is not None:
        header += " " + format_symbol(module.name)
    if module.attributes:
        header += " attributes " + format_attribute_dict(module.attributes)
    lines.append(header + " {")
    for name, mesh in module.meshes.items():
        lines.append(f"  sdy.mesh {format_symbol(name)} = {format_attribute(mesh)}")
    for func in module.functions:
        _print_function(func, lines, pretty, debug_info)
    lines.append("} loc(unknown)" if debug_info else "}")
    return "\n".join(lines) + "\n"


def _print_function(func: Function, lines: list[str], pretty: PrettyForm | None = None,
                    debug_info: bool = False) -> None:
    namer = _Namer()
    args = []
    for index, type_ in enumerate(func.type.inputs):
        attrs = func.arg_attrs[index] if index < len(func.arg_attrs) else {}
        argument = func.body.entry.arguments[index] if func.body is not None else None
        if argument is not None:
            text = f"{namer.define_argument(argument)}: {type_}"
        else:
            text = str(type_)
        if attrs:
            text += " " + format_attribute_dict(attrs)
        if debug_info and argument is not None:
            text += " " + format_location(argument.location)
        args.append(text)
    results = []
    for index, type_ in enumerate(func.type.results):
        attrs = func.res_attrs[index] if index < len(func.res_attrs) else {}
        results.append(f"{type_} {format_attribute_dict(attrs)}" if attrs else str(type_))
    header = f"  func.func {func.visibility} {format_symbol(func.name)}({', '.join(args)})"
    if len(results) == 1 and not (func.res_attrs and func.res_attrs[0]):
        header += " -> " + results[0]  # as MLIR: one plain result needs no parentheses
    elif results:
        header += " -> (" + ", ".join(results) + ")"
    if func.attributes:
        header += " attributes " + format_attribute_dict(func.attributes)
    suffix = " " + format_location(func.location) if debug_info else ""
    if func.body is None:
        lines.append(header + suffix)
        return
    lines.append(header + " {")
    _print_block_ops(func.body.entry, namer, lines, "    ", pretty, debug_info)
    lines.append("  }" + suffix)


def _print_block_ops(block: Block, namer: _Namer, lines: list[str], indent: str,
                     pretty: PrettyForm | None = None, debug_info: bool = False) -> None:
    for op in block.operations:
        _print_operation(op, namer, lines, indent, pretty, debug_info)


def _block_arguments(block: Block, namer: _Namer, debug_info: bool) -> str:
    if debug_info:
        return ", ".join(f"{namer.define_argument(a)}: {a.type} {format_location(a.location)}"
                         for a in block.arguments)
    return ", ".join(f"{namer.define_argument(a)}: {a.type}" for a in block.arguments)


def _print_operation(op: Operation, namer: _Namer, lines: list[str], indent: str,
                     pretty: PrettyForm | None = None, debug_info: bool = False) -> None:
    operands = [namer.use(v) for v in op.operands]
    custom = pretty(op, operands) if pretty is not None else None
    suffix = " " + format_location(op.location) if debug_info else ""
    if isinstance(custom, tuple):
        head, tail = custom
        prefix = namer.define_results(op)
        block = op.regions[0].blocks[0]
        args = _block_arguments(block, namer, debug_info)
        lines.append(f"{indent}{prefix}{head} ({args}) {{")
        _print_block_ops(block, namer, lines, indent + "  ", pretty, debug_info)
        lines.append(f"{indent}}} {tail}{suffix}")
        return
    if custom is not None:
        lines.append(indent + namer.define_results(op) + custom + suffix)
        return
    text = '"' + op.name + '"(' + ", ".join(operands) + ")"
    prefix = namer.define_results(op)  # regions cannot use the op's own results
    signature = (" : (" + ", ".join(str(t) for t in op.operand_types) + ") -> "
                 + _format_results(op.result_types))
    attrs = " " + format_attribute_dict(op.attributes) if op.attributes else ""
    if not op.regions:
        lines.append(indent + prefix + text + attrs + signature + suffix)
        return
    lines.append(indent + prefix + text + " ({")
    for index, region in enumerate(op.regions):
        if index:
            lines.append(indent + "}, {")
        _print_region(region, namer, lines, indent + "  ", pretty, debug_info)
    lines.append(indent + "})" + attrs + signature + suffix)


def _print_region(region: Region, namer: _Namer, lines: list[str], indent: str,
                  pretty: PrettyForm | None = None, debug_info: bool = False) -> None:
    for index, block in enumerate(region.blocks):
        if block.arguments or index:
            args = _block_arguments(block, namer, debug_info)
            lines.append(indent + f"^bb{index}({args}):" if args else indent + f"^bb{index}:")
        _print_block_ops(block, namer, lines, indent + "  ", pretty, debug_info)


def _format_results(types: list[Any]) -> str:
    if len(types) == 1 and not isinstance(types[0], FunctionType):
        return str(types[0])
    return "(" + ", ".join(str(t) for t in types) + ")"


set_encoding_formatter(format_attribute)  # tensor types print their encodings with it
