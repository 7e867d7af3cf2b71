"""The custom ("pretty") assembly formats of stablehlo, chlo, check,
interpreter and Shardy (sdy) ops, parsed into the same generic Operation form
(same attribute names) as MLIR's generic syntax.

Most ops follow one shape, handled by :func:`_parse_items_op`::

    op-name  item, item, ...  {attr-dict}?  : type-trailer

where an item is an operand ``%x``, a keyword ``dims = [0]`` (table
:data:`_KEYWORDS` maps it to the generic attribute) or a positional enum
(``GT`` in ``compare``). The trailer is a function type ``(T, T) -> R``, chlo's
``T, T -> R``, or a plain type list from which the result types follow
(:func:`_result_types`). Ops with their own shapes (reduce, while,
convolution, ...) have a parser function each.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxlib._src.frontends.lexer import MAX_DECIMAL_DIGITS, ParseError
from jaxlib._src.ir.attributes import (
    ComparisonDirection,
    ComparisonType,
    DenseArray,
    DenseElements,
    DotAlgorithm,
    DotDimensionNumbers,
    EnumAttr,
    FftType,
    FloatAttr,
    IntegerAttr,
    OpaqueAttribute,
    Precision,
    RngAlgorithm,
    RngDistribution,
    SymbolRef,
    make_structured,
)
from jaxlib._src.ir.core import (
    ITEMS,
    ITEMS_NO_RESULTS,
    OP_DEFS,
    Block,
    Operation,
    Region,
    Value,
    is_terminator,
    watch_op_table,
)
from jaxlib._src.ir.printer import (
    format_attribute,
    format_attribute_dict,
    format_dense,
    format_string,
    format_symbol,
)
from jaxlib._src.ir.types import (
    INT64_MAX,
    FunctionType,
    TensorType,
    TupleType,
    Type,
    complex_part_type,
    is_complex,
)

# The parser the rules read with: mlir_text.MlirParser, which imports this
# module (so it is not imported here, not even for type checking).
MlirParser = Any

PrettyParser = Callable[["MlirParser", str], Operation]
PRETTY_PARSERS: dict[str, PrettyParser] = {}

# --- keyword value parsers: each returns the generic attributes it stands for ---

KeywordParser = Callable[["MlirParser"], dict[str, Any]]


# Each keyword parser also knows how to print its keyword: ``printer(attrs)``
# gives the value text and the attributes it spells, or None when the
# attributes at hand would not read back the same (another integer type, ...);
# those stay in the op's attribute dictionary.
KeywordPrinter = Callable[[dict[str, Any]], "tuple[str, tuple[str, ...]] | None"]


def _with_printer(parse: KeywordParser, printer: KeywordPrinter) -> KeywordParser:
    parse.printer = printer  # type: ignore[attr-defined]
    return parse


def _int(attr: str, type_: str = "i64") -> KeywordParser:
    def show(attrs: dict[str, Any]) -> tuple[str, tuple[str, ...]] | None:
        value = attrs.get(attr)
        if isinstance(value, IntegerAttr) and value.type == type_:
            return str(int(value)), (attr,)
        return None
    return _with_printer(lambda p: {attr: IntegerAttr(p.parse_integer(type_), type_)}, show)


def _array(attr: str) -> KeywordParser:
    def show(attrs: dict[str, Any]) -> tuple[str, tuple[str, ...]] | None:
        value = attrs.get(attr)
        if isinstance(value, DenseArray) and value.element_type == "i64":
            return "[" + ", ".join(str(int(v)) for v in value) + "]", (attr,)
        return None
    return _with_printer(lambda p: {attr: DenseArray("i64", tuple(p.parse_integer_list()))},
                         show)


def _enum(attr: str, cls: type[EnumAttr]) -> KeywordParser:
    def parse(p: MlirParser) -> dict[str, Any]:
        token = p.expect_kind("ident", f"a {cls.kind} value")
        try:
            return {attr: cls(token.text)}
        except ValueError as err:
            raise p.error(str(err), token) from err

    def show(attrs: dict[str, Any]) -> tuple[str, tuple[str, ...]] | None:
        value = attrs.get(attr)
        return (value.value, (attr,)) if type(value) is cls else None
    return _with_printer(parse, show)


def _float(attr: str) -> KeywordParser:
    def show(attrs: dict[str, Any]) -> tuple[str, tuple[str, ...]] | None:
        value = attrs.get(attr)
        if isinstance(value, FloatAttr) and value.type == "f64" and math.isfinite(value):
            return repr(float(value)), (attr,)
        return None
    return _with_printer(lambda p: {attr: FloatAttr(float(p.parse_number()), "f64")}, show)


def _string(attr: str) -> KeywordParser:
    def show(attrs: dict[str, Any]) -> tuple[str, tuple[str, ...]] | None:
        value = attrs.get(attr)
        return (format_string(value), (attr,)) if isinstance(value, str) else None
    return _with_printer(lambda p: {attr: p.parse_string()}, show)


def _bool(attr: str) -> KeywordParser:
    def parse(p: MlirParser) -> dict[str, Any]:
        token = p.expect_kind("ident", "true or false")
        if token.text not in ("true", "false"):
            raise p.error("expected true or false", token)
        return {attr: token.text == "true"}

    def show(attrs: dict[str, Any]) -> tuple[str, tuple[str, ...]] | None:
        value = attrs.get(attr)
        return ("true" if value else "false", (attr,)) if isinstance(value, bool) else None
    return _with_printer(parse, show)


def _exponent_mantissa(p: MlirParser) -> dict[str, Any]:
    """``format = e5m10`` -> exponent_bits = 5, mantissa_bits = 10."""
    token = p.expect_kind("ident", "a format like e5m10")
    text = token.text
    exponent, _, mantissa = text[1:].partition("m")
    if not (text.startswith("e") and exponent.isdigit() and mantissa.isdigit()
            and len(exponent) <= 9 and len(mantissa) <= 9):  # (i32 attributes)
        raise p.error(f"expected a format like e5m10, got {text!r}", token)
    return {"exponent_bits": IntegerAttr(int(exponent), "i32"),
            "mantissa_bits": IntegerAttr(int(mantissa), "i32")}


def _show_exponent_mantissa(attrs: dict[str, Any]) -> tuple[str, tuple[str, ...]] | None:
    e, m = attrs.get("exponent_bits"), attrs.get("mantissa_bits")
    if all(isinstance(v, IntegerAttr) and v.type == "i32" and int(v) >= 0 for v in (e, m)):
        return f"e{int(e)}m{int(m)}", ("exponent_bits", "mantissa_bits")
    return None


_exponent_mantissa.printer = _show_exponent_mantissa  # type: ignore[attr-defined]


def _precision_list(p: MlirParser) -> dict[str, Any]:
    """``precision = [DEFAULT, HIGHEST]``."""
    p.expect("[", "to open the precision list")
    values = []
    while not p.at("]"):
        values.append(_enum("x", Precision)(p)["x"])
        if not p.accept(","):
            break
    p.expect("]", "to close the precision list")
    return {"precision_config": values}


def _show_precision_list(attrs: dict[str, Any]) -> tuple[str, tuple[str, ...]] | None:
    values = attrs.get("precision_config")
    if isinstance(values, list) and all(type(v) is Precision for v in values):
        return "[" + ", ".join(v.value for v in values) + "]", ("precision_config",)
    return None


_precision_list.printer = _show_precision_list  # type: ignore[attr-defined]


# Keywords whose value is an integer list (``dims = [0, 1]``) -> the generic
# DenseArray<i64> attribute; kept apart so the fast path reads them too.
_ARRAY_KEYWORDS: dict[str, dict[str, str]] = {
    "stablehlo.broadcast_in_dim": {"dims": "broadcast_dimensions"},
    "stablehlo.dynamic_broadcast_in_dim": {
        "dims": "broadcast_dimensions",
        "known_expanding_dimensions": "known_expanding_dimensions",
        "known_nonexpanding_dimensions": "known_nonexpanding_dimensions"},
    "stablehlo.broadcast": {"sizes": "broadcast_sizes"},
    "stablehlo.transpose": {"dims": "permutation"},
    "stablehlo.reverse": {"dims": "dimensions"},
    "stablehlo.dynamic_slice": {"sizes": "slice_sizes"},
    "stablehlo.pad": {"low": "edge_padding_low", "high": "edge_padding_high",
                      "interior": "interior_padding"},
    "stablehlo.fft": {"length": "fft_length"},
}

_KEYWORDS: dict[str, dict[str, KeywordParser]] = {
    "stablehlo.concatenate": {"dim": _int("dimension")},
    "stablehlo.iota": {"dim": _int("iota_dimension")},
    "stablehlo.dynamic_iota": {"dim": _int("iota_dimension")},
    "stablehlo.get_dimension_size": {"dim": _int("dimension")},
    "stablehlo.fft": {"type": _enum("fft_type", FftType)},
    "stablehlo.rng_bit_generator": {"algorithm": _enum("rng_algorithm", RngAlgorithm)},
    "stablehlo.rng": {"distribution": _enum("rng_distribution", RngDistribution)},
    "stablehlo.reduce_precision": {"format": _exponent_mantissa},
    "stablehlo.dot": {"precision": _precision_list},
    "stablehlo.cholesky": {"lower": _bool("lower")},
    "stablehlo.set_dimension_size": {"dim": _int("dimension")},
    "stablehlo.einsum": {"config": _string("einsum_config")},
    "stablehlo.unary_einsum": {"config": _string("einsum_config")},
    "chlo.top_k": {"k": _int("k"), "is_stable": _bool("is_stable")},
    "check.expect_almost_eq": {"tolerance": _float("tolerance")},
    "check.expect_almost_eq_const": {"tolerance": _float("tolerance")},
    "check.expect_close": {"max_ulp_difference": _int("max_ulp_difference", "ui64"),
                           "min_ulp_difference": _int("min_ulp_difference", "ui64")},
    "check.expect_serialized_eq": {"probe_id": _string("probe_id"),
                                   "iter": _int("iteration", "ui32")},
    "interpreter.probe": {"probe_id": _string("probe_id")},
}
for _op, _table in _ARRAY_KEYWORDS.items():
    for _keyword, _attr in _table.items():
        _KEYWORDS.setdefault(_op, {})[_keyword] = _array(_attr)

# Bare identifiers between the operands, in order (`compare GT, %a, %b, FLOAT`).
_POSITIONAL_ENUMS: dict[str, list[tuple[str, type[EnumAttr]]]] = {
    "stablehlo.compare": [("comparison_direction", ComparisonDirection),
                          ("compare_type", ComparisonType)],
}

# Ops whose trailing `: T, ...` lists operand types and that have no results
# (syntax ITEMS_NO_RESULTS in the op table; filled by _declare below).
NO_RESULT_OPS: set[str] = set()
# Ops whose plain type list gives one result type per listed type.
_ONE_RESULT_PER_TYPE = frozenset({"stablehlo.optimization_barrier"})

# The pretty syntax of the StableHLO test dialects' ops, which are not in the
# op table: tools/checks.py and interpreter_ops.py give them semantics through
# register_op_extension, and programs are parsed before that.
_EXTENSION_SYNTAX = {
    **dict.fromkeys(("check.expect_eq", "check.expect_almost_eq", "check.expect_close",
                     "check.expect_eq_const", "check.expect_almost_eq_const",
                     "check.expect_serialized_eq", "interpreter.print"), ITEMS_NO_RESULTS),
    "interpreter.probe": ITEMS,
}


# --- the common shape ---------------------------------------------------------------


@dataclass
class _Trailer:
    """``: (T) -> R`` / ``: T -> R`` (inputs and results) or ``: T, T`` (types)."""

    inputs: list[Type] | None = None
    results: list[Type] | None = None
    types: list[Type] | None = None


def parse_trailer(p: MlirParser) -> _Trailer:
    p.expect(":", "before the operation's types")
    if p.at("("):
        func_type = p.parse_function_type()
        return _Trailer(list(func_type.inputs), list(func_type.results))
    types = p.parse_type_list()
    if p.accept("->"):
        return _Trailer(types, p.parse_result_types())
    return _Trailer(types=types)


def _result_types(p: MlirParser, name: str, operands: list[Value], trailer: _Trailer,
                  token: Any) -> list[Type]:
    """The op's result types from its trailer, after checking that the
    operand types the trailer spells are the operands' actual types."""
    if trailer.results is not None:
        p.check_operand_types(operands, trailer.inputs or [], token)
        return trailer.results
    types = trailer.types or []
    written = _written_operand_types(name, operands, types)
    if written is not None:
        p.check_operand_types(operands, written, token)
    if name in NO_RESULT_OPS:
        return []
    if name in _ONE_RESULT_PER_TYPE:
        return types
    if name == "stablehlo.select" and len(types) == 2:
        return [types[1]]  # `pred type, result type`
    if len(types) != 1:
        raise p.error(f"{name}: expected one type or a function type, got {len(types)} types",
                      token)
    type_ = types[0]
    if (name in ("stablehlo.real", "stablehlo.imag") and isinstance(type_, TensorType)
            and isinstance(type_.element_type, str) and is_complex(type_.element_type)):
        return [TensorType(type_.shape, complex_part_type(type_.element_type))]
    return [type_]


def _written_operand_types(name: str, operands: list[Value], types: list[Type]
                           ) -> list[Type] | None:
    """The operand types a plain trailer ``: T, ...`` spells, as MLIR's
    custom type directives read it: one type per operand (returns,
    optimization_barrier), ``pred, T`` (select), the result's element types
    (tuple), real parts (complex), or else the one type of every operand and
    the result (SameOperandsAndResultType). None where it spells none (a
    malformed trailer, reported by the caller)."""
    # Ops whose `: T, ...` trailer lists one type per operand (check ops may
    # also give one type for all their operands).
    if name in NO_RESULT_OPS or name in _ONE_RESULT_PER_TYPE:
        if len(types) == 1 and not is_terminator(name):
            return types * len(operands)
        return types
    if len(types) == 2 and name == "stablehlo.select":
        return [types[0]] + [types[1]] * (len(operands) - 1)
    if len(types) != 1:
        return None
    (type_,) = types
    if name == "stablehlo.tuple":
        return list(type_.types) if isinstance(type_, TupleType) else None
    if (name == "stablehlo.complex" and isinstance(type_, TensorType)
            and isinstance(type_.element_type, str) and is_complex(type_.element_type)):
        return [TensorType(type_.shape, complex_part_type(type_.element_type))] * len(operands)
    return [type_] * len(operands)


def _parse_items(p: MlirParser, name: str) -> tuple[list[Value], dict[str, Any]]:
    """Comma-separated operands, ``keyword = value`` items and positional enums."""
    keywords = _KEYWORDS.get(name, {})
    enums = list(_POSITIONAL_ENUMS.get(name, []))
    operands: list[Value] = []
    attributes: dict[str, Any] = {}
    while True:
        token = p.token
        if token.kind == "value":
            operands.append(p.parse_value_use())
        elif token.kind == "ident" and token.text in keywords and p._next_char_is("="):
            p.lexer.advance()
            p.expect("=", f"after '{token.text}'")
            attributes.update(keywords[token.text](p))
        elif token.kind == "ident" and enums:
            attr, cls = enums.pop(0)
            attributes.update(_enum(attr, cls)(p))
        elif token.kind == "ident" and token.text == "dense" and name.endswith("_const"):
            attributes["value"] = p.parse_dense()
        elif operands or attributes:
            raise p.error(f"{name}: unexpected {token.text!r} in the operand list")
        else:
            break
        if not p.accept(","):
            break
    return operands, attributes


def _parse_items_op(p: MlirParser, name: str) -> Operation:
    token = p.token
    operands, attributes = _parse_items(p, name)
    if p.at("{"):
        attributes.update(p.parse_attr_dict())
    if name in NO_RESULT_OPS and not p.at(":"):
        return Operation(name, operands, [], attributes)
    trailer = parse_trailer(p)
    return Operation(name, operands, _result_types(p, name, operands, trailer, token), attributes)


# --- the fast path for the common shape ------------------------------------------------
# JAX prints most ops as ``%r = OP %a, %b[, dims = [0]] : TYPES`` with plain
# tensor types. One regular expression reads such a statement whole; the result
# is the Operation the token-level parser builds. Anything unusual (other
# spacing, attribute dicts, encodings, an error) is left to that parser, which
# reads the statement again from its start.

_PLAIN_TYPE = r"tensor<(?:(?:\d+|\?)x)*[A-Za-z_][\w$.]*>"
_TYPE_LIST = rf"{_PLAIN_TYPE}(?:, {_PLAIN_TYPE})*"
_RESULTS = rf"{_PLAIN_TYPE}|\((?:{_TYPE_LIST})?\)"
_VALUE = r"%[\w$.\-]+(?:\#\d+)?"
_INTS = r"\[(?:\d+(?:, \d+)*)?\]"
_RESULT = r"(?:(?P<result>%[\w$.\-]+) = )"
_FUNCTION_TRAILER = rf"\((?P<inputs>{_TYPE_LIST})?\) -> (?P<results>{_RESULTS})"
_ITEM = rf"{_VALUE}|[a-z_]+ = {_INTS}|[A-Z][A-Z0-9_]*"
PLAIN_STATEMENT_RE = re.compile(
    rf"{_RESULT}?(?P<op>[A-Za-z_][\w$.]*) "
    rf"(?P<items>(?:{_ITEM})(?:, (?:{_ITEM}))*) : "
    rf"(?:{_FUNCTION_TRAILER}"
    rf"|(?P<types>{_TYPE_LIST})(?: -> (?P<chlo_results>{_RESULTS}))?)")
_PLAIN_CALL_RE = re.compile(
    rf"{_RESULT}(?:func\.)?call @(?P<callee>[\w$.\-]+)\((?P<items>{_VALUE}(?:, {_VALUE})*)?\) : "
    rf"{_FUNCTION_TRAILER}")
_PLAIN_REDUCE_RE = re.compile(
    rf"{_RESULT}stablehlo\.reduce\((?P<items>{_VALUE}) init: (?P<init>{_VALUE})\) "
    rf"applies (?P<body>[A-Za-z_][\w$.]*) across dimensions = (?P<dims>{_INTS}) : "
    rf"{_FUNCTION_TRAILER}")
_PLAIN_DOT_GENERAL_RE = re.compile(
    rf"{_RESULT}stablehlo\.dot_general (?P<items>{_VALUE}, {_VALUE})"
    rf"(?:, batching_dims = (?P<lhs_batching>{_INTS}) x (?P<rhs_batching>{_INTS}))?"
    rf"(?:, contracting_dims = (?P<lhs_contracting>{_INTS}) x (?P<rhs_contracting>{_INTS}))?"
    rf"(?:, precision = \[(?P<precision>[A-Z]+(?:, [A-Z]+)*)\])? : {_FUNCTION_TRAILER}")
_ITEM_RE = re.compile(_ITEM)
_VALUE_RE = re.compile(_VALUE)
_INT_RE = re.compile(r"\d+")


def parse_plain_statement(p: MlirParser, name: str, pos: int
                          ) -> tuple[Operation, re.Match[str]] | None:
    """The op of the statement at ``pos`` (whose op is ``name``) when it has
    one of the plain shapes, with the match (whose end is the statement's);
    None when the statement needs the token-level parser."""
    try:
        return _parse_plain_statement(p, name, pos)
    except _NotPlain:
        return None


def _parse_plain_statement(p: MlirParser, name: str, pos: int
                           ) -> tuple[Operation, re.Match[str]] | None:
    text = p.lexer.text
    if name == "func.call":
        match = _PLAIN_CALL_RE.match(text, pos)
        op = None if match is None else _plain_call(p, match)
    elif name == "stablehlo.reduce":
        match = _PLAIN_REDUCE_RE.match(text, pos)
        op = None if match is None else _plain_reduce(p, match)
    elif name == "stablehlo.dot_general":
        match = _PLAIN_DOT_GENERAL_RE.match(text, pos)
        op = None if match is None else _plain_dot_general(p, match)
    elif PRETTY_PARSERS.get(name) is _parse_items_op:
        match = PLAIN_STATEMENT_RE.match(text, pos)
        op = None if match is None else _plain_items_op(p, name, match)
    else:
        return None
    return None if op is None else (op, match)  # type: ignore[return-value]


def _plain_value(p: MlirParser, text: str) -> Value | None:
    """The value ``%name`` or ``%name#N`` names (None if undefined)."""
    name, _, index_text = text.partition("#")
    defined = p.values.get(name)
    if len(index_text) > MAX_DECIMAL_DIGITS:
        return None
    index = int(index_text) if index_text else 0
    if defined is None or index >= len(defined):
        return None
    return defined[index]


def _plain_values(p: MlirParser, text: str | None) -> list[Value] | None:
    operands = []
    for item in _VALUE_RE.findall(text or ""):
        value = _plain_value(p, item)
        if value is None:
            return None
        operands.append(value)
    return operands


class _NotPlain(Exception):
    """The statement needs the token-level parser (which reports errors)."""


def _plain_ints(text: str) -> tuple[int, ...]:
    digits = _INT_RE.findall(text)
    if any(len(v) > 18 for v in digits) and any(
            len(v) > MAX_DECIMAL_DIGITS or int(v) > INT64_MAX for v in digits):
        raise _NotPlain
    return tuple(int(v) for v in digits)


def _plain_trailer(p: MlirParser, match: re.Match[str]) -> _Trailer | None:
    """The types after the statement's ``:``; None if one has an element type
    the IR does not know (the token-level parser reports it)."""
    inputs, results = match.group("inputs", "results")
    if results is not None:  # `(T, ...) -> R`
        first, second = inputs or "", results
    else:  # `T, ...` or chlo's `T, ... -> R`
        first, second = match.group("types", "chlo_results")
    listed = p.plain_type_list(first)
    returned = None if second is None else p.plain_type_list(second)
    if listed is None or (second is not None and returned is None):
        return None
    return _Trailer(types=listed) if second is None else _Trailer(listed, returned)


def _plain_finish(p: MlirParser, name: str, operands: list[Value], attributes: dict[str, Any],
                  match: re.Match[str]) -> Operation | None:
    trailer = _plain_trailer(p, match)
    if trailer is None:
        return None
    try:
        result_types = _result_types(p, name, operands, trailer, None)
    except ParseError:
        return None
    return Operation(name, operands, result_types, attributes)


def _plain_items_op(p: MlirParser, name: str, match: re.Match[str]) -> Operation | None:
    """As :func:`_parse_items_op` builds it."""
    keywords = _ARRAY_KEYWORDS.get(name, {})
    enums = _POSITIONAL_ENUMS.get(name, ())
    enum_index = 0
    operands: list[Value] = []
    attributes: dict[str, Any] = {}
    for item in _ITEM_RE.findall(match.group("items")):
        if item[0] == "%":
            value = _plain_value(p, item)
            if value is None:
                return None
            operands.append(value)
        elif item[-1] == "]":
            keyword = item[:item.index(" ")]
            attr = keywords.get(keyword)
            if attr is None:
                return None
            attributes[attr] = DenseArray("i64", _plain_ints(item[len(keyword):]))
        else:
            if enum_index >= len(enums):
                return None
            attr, cls = enums[enum_index]
            enum_index += 1
            try:
                attributes[attr] = cls(item)
            except ValueError:
                return None
    return _plain_finish(p, name, operands, attributes, match)


def _plain_call(p: MlirParser, match: re.Match[str]) -> Operation | None:
    """As :func:`_parse_call` builds it."""
    operands = _plain_values(p, match.group("items"))
    if operands is None:
        return None
    return _plain_finish(p, "func.call", operands, {"callee": SymbolRef(match.group("callee"))},
                         match)


def _plain_reduce(p: MlirParser, match: re.Match[str]) -> Operation | None:
    """As :func:`_parse_reduce` builds the ``applies OP`` form of one operand."""
    operand = _plain_value(p, match.group("items"))
    init = _plain_value(p, match.group("init"))
    body_op = match.group("body")
    if (operand is None or init is None or body_op not in PRETTY_PARSERS
            or not body_op.startswith("stablehlo.")):
        return None
    attributes: dict[str, Any] = {"dimensions": DenseArray("i64", _plain_ints(match.group("dims")))}
    op = _plain_finish(p, "stablehlo.reduce", [operand, init], attributes, match)
    if op is not None:
        op.regions.append(_single_op_body(p, body_op, [init.type], None))
    return op


def _plain_dot_general(p: MlirParser, match: re.Match[str]) -> Operation | None:
    """As :func:`_parse_dot_general` builds it (keywords in JAX's order)."""
    operands = _plain_values(p, match.group("items"))
    if operands is None:
        return None
    dims: dict[str, tuple[int, ...]] = {}
    for prefix in ("batching", "contracting"):
        lhs, rhs = match.group(f"lhs_{prefix}", f"rhs_{prefix}")
        if lhs is not None:
            dims[f"lhs_{prefix}_dimensions"] = _plain_ints(lhs)
            dims[f"rhs_{prefix}_dimensions"] = _plain_ints(rhs)
    attributes: dict[str, Any] = {"dot_dimension_numbers": DotDimensionNumbers(**dims)}
    precision = match.group("precision")
    if precision is not None:
        try:
            attributes["precision_config"] = [Precision(v) for v in precision.split(", ")]
        except ValueError:
            return None
    return _plain_finish(p, "stablehlo.dot_general", operands, attributes, match)


def _finish_with_function_type(p: MlirParser, name: str, operands: list[Value],
                               attributes: dict[str, Any], regions: list[Region] = ()
                               ) -> Operation:
    """``{attr-dict}? : (operand types) -> results``."""
    if p.at("{"):
        attributes.update(p.parse_attr_dict())
    token = p.token
    trailer = parse_trailer(p)
    return Operation(name, operands, _result_types(p, name, operands, trailer, token),
                     attributes, list(regions))


# --- ops with their own shapes -----------------------------------------------------------


def _parse_constant(p: MlirParser, name: str) -> Operation:
    """``stablehlo.constant dense<...> : T`` or, when the result type differs from
    the value's (quantized), ``stablehlo.constant() <{value = ...}> : () -> T``."""
    if p.accept("("):
        p.expect(")", "in stablehlo.constant()")
        attributes: dict[str, Any] = {}
        if p.accept("<"):
            attributes.update(p.parse_attr_dict())
            p.expect(">", "to close the properties")
        if p.at("{"):
            attributes.update(p.parse_attr_dict())
        func_type = p.parse_function_type() if p.accept(":") else None
        if func_type is None or func_type.inputs or len(func_type.results) != 1:
            raise p.error("stablehlo.constant() needs the type `: () -> T`")
        return Operation(name, [], func_type.results, attributes)
    attributes = p.parse_attr_dict() if p.at("{") else {}
    token = p.token
    value = p.parse_attribute()
    if not isinstance(value, DenseElements):
        raise p.error(f"{name} expects a dense<...> value", token)
    attributes["value"] = value
    return Operation(name, [], [value.type], attributes)


def _parse_slice(p: MlirParser, name: str) -> Operation:
    """``stablehlo.slice %x [0:2, 1:3:2] : (T) -> R``."""
    operand = p.parse_value_use()
    p.expect("[", "to open the slice ranges")
    starts, limits, strides = [], [], []
    while not p.at("]"):
        starts.append(p.parse_integer())
        p.expect(":", "between the slice start and limit")
        limits.append(p.parse_integer())
        strides.append(p.parse_integer() if p.accept(":") else 1)
        if not p.accept(","):
            break
    p.expect("]", "to close the slice ranges")
    attributes = {"start_indices": DenseArray("i64", tuple(starts)),
                  "limit_indices": DenseArray("i64", tuple(limits)),
                  "strides": DenseArray("i64", tuple(strides))}
    return _finish_with_function_type(p, name, [operand], attributes)


def _parse_get_tuple_element(p: MlirParser, name: str) -> Operation:
    """``stablehlo.get_tuple_element %t[0] : (tuple<...>) -> T``."""
    operand = p.parse_value_use()
    p.expect("[", "before the tuple index")
    index = p.parse_integer()
    p.expect("]", "after the tuple index")
    return _finish_with_function_type(p, name, [operand], {"index": IntegerAttr(index, "i32")})


def _parse_call(p: MlirParser, name: str) -> Operation:
    """``call @f(%a, %b) : (T, T) -> R``."""
    token = p.expect_kind("symbol", "the callee like @f")
    callee = SymbolRef(p.symbol_text(token))
    p.expect("(", "to open the call's operands")
    operands = [] if p.at(")") else p.parse_value_list()
    p.expect(")", "to close the call's operands")
    return _finish_with_function_type(p, name, operands, {"callee": callee})


def _parse_custom_call(p: MlirParser, name: str) -> Operation:
    """``stablehlo.custom_call @target(%a) {attrs} : (T) -> R``."""
    token = p.expect_kind("symbol", "the custom call target like @foo")
    p.expect("(", "to open the custom call's operands")
    operands = [] if p.at(")") else p.parse_value_list()
    p.expect(")", "to close the custom call's operands")
    attributes = {"call_target_name": p.symbol_text(token)}
    return _finish_with_function_type(p, name, operands, attributes)


def _parse_composite(p: MlirParser, name: str) -> Operation:
    """``stablehlo.composite "name" %a, %b {attrs} : (T) -> R``."""
    attributes: dict[str, Any] = {"name": p.parse_string()}
    operands = p.parse_value_list() if p.token.kind == "value" else []
    return _finish_with_function_type(p, name, operands, attributes)


def _parse_dot_general(p: MlirParser, name: str) -> Operation:
    """``stablehlo.dot_general %a, %b, batching_dims = [0] x [0],
    contracting_dims = [1] x [0], precision = [...], algorithm = <...> : ...``."""
    operands = [p.parse_value_use()]
    p.expect(",", "between the dot_general operands")
    operands.append(p.parse_value_use())
    dims: dict[str, tuple[int, ...]] = {}
    attributes: dict[str, Any] = {}
    while p.accept(","):
        key = p.expect_kind("ident", "batching_dims, contracting_dims, precision or algorithm")
        p.expect("=", f"after '{key.text}'")
        if key.text in ("batching_dims", "contracting_dims"):
            lhs = p.parse_integer_list()
            separator = p.expect_kind("ident", "'x' between lhs and rhs dimensions")
            if separator.text != "x":
                raise p.error("expected 'x' between lhs and rhs dimensions", separator)
            rhs = p.parse_integer_list()
            prefix = "batching" if key.text == "batching_dims" else "contracting"
            dims[f"lhs_{prefix}_dimensions"] = tuple(lhs)
            dims[f"rhs_{prefix}_dimensions"] = tuple(rhs)
        elif key.text == "precision":
            attributes.update(_precision_list(p))
        elif key.text == "algorithm":
            p.expect("<", "to open the dot algorithm")
            fields = p._parse_key_values(">")
            p.expect(">", "to close the dot algorithm")
            try:
                attributes["algorithm"] = make_structured(DotAlgorithm.mnemonic, fields)
            except (TypeError, ValueError) as err:
                raise p.error(str(err), key) from err
        else:
            raise p.error(f"unknown dot_general keyword {key.text!r}", key)
    attributes = {"dot_dimension_numbers": DotDimensionNumbers(**dims), **attributes}
    return _finish_with_function_type(p, name, operands, attributes)


_WINDOW_KEYS = {"stride": "window_strides", "lhs_dilate": "lhs_dilation",
                "rhs_dilate": "rhs_dilation", "pad": "padding", "reverse": "window_reversal"}


def _parse_convolution(p: MlirParser, name: str) -> Operation:
    """``stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f],
    window = {stride = [..], pad = [[..]], lhs_dilate = [..], rhs_dilate = [..],
    reverse = [..]} {attrs} : (...) -> ...``."""
    p.expect("(", "to open the convolution operands")
    operands = p.parse_value_list()
    p.expect(")", "to close the convolution operands")
    p.expect("dim_numbers", "after the convolution operands")
    p.expect("=")
    attributes: dict[str, Any] = {"dimension_numbers": p.parse_conv_dimensions()}
    p.expect(",", "before 'window'")
    p.expect("window")
    p.expect("=")
    p.expect("{", "to open the window attributes")
    while not p.at("}"):
        key = p.expect_kind("ident", "a window attribute")
        if key.text not in _WINDOW_KEYS:
            raise p.error(f"unknown window attribute {key.text!r}", key)
        p.expect("=", f"after '{key.text}'")
        if key.text == "pad":
            attributes["padding"] = _parse_padding(p)
        elif key.text == "reverse":
            attributes["window_reversal"] = _parse_bool_array(p)
        else:
            attributes[_WINDOW_KEYS[key.text]] = DenseArray("i64", tuple(p.parse_integer_list()))
        if not p.accept(","):
            break
    p.expect("}", "to close the window attributes")
    return _finish_with_function_type(p, name, operands, attributes)


def _parse_padding(p: MlirParser) -> DenseElements:
    p.expect("[", "to open the padding")
    rows = []
    while not p.at("]"):
        row = p.parse_integer_list()
        if len(row) != 2:
            raise p.error("each padding entry is [low, high]")
        rows.append(row)
        if not p.accept(","):
            break
    p.expect("]", "to close the padding")
    array = np.array(rows, dtype=np.int64).reshape(len(rows), 2)
    return DenseElements(array, TensorType((len(rows), 2), "i64"))


def _parse_bool_array(p: MlirParser) -> DenseArray:
    p.expect("[", "to open the list")
    values = []
    while not p.at("]"):
        if p.at("true") or p.at("false"):
            values.append(p.lexer.advance().text == "true")
        else:
            values.append(bool(p.parse_integer()))
        if not p.accept(","):
            break
    p.expect("]", "to close the list")
    return DenseArray("i1", tuple(values))


def _parse_reduce(p: MlirParser, name: str) -> Operation:
    """``stablehlo.reduce(%x init: %i), ... applies OP across dimensions = [..] : ...``
    or the same with ``across dimensions = [..] : ... reducer(%a: T, %c: T)
    (%b: T, %d: T) { ... }``."""
    inputs: list[Value] = []
    inits: list[Value] = []
    while True:
        p.expect("(", "to open a reduce operand pair")
        inputs.append(p.parse_value_use())
        p.expect("init", "in the reduce operand pair")
        p.expect(":", "after 'init'")
        inits.append(p.parse_value_use())
        p.expect(")", "to close the reduce operand pair")
        if not p.accept(","):
            break
    body_op: str | None = None
    body_token = p.token
    if p.accept("applies"):
        body_token = p.token
        body_op = p.expect_kind("ident", "the reducing op like stablehlo.add").text
    p.expect("across", "in stablehlo.reduce")
    p.expect("dimensions", "after 'across'")
    p.expect("=")
    attributes: dict[str, Any] = {"dimensions": DenseArray("i64", tuple(p.parse_integer_list()))}
    operands = inputs + inits
    op = _finish_with_function_type(p, name, operands, attributes)
    if body_op is not None:
        op.regions.append(_single_op_body(p, body_op, [v.type for v in inits], body_token))
        return op
    p.expect("reducer", "(the reduce body) after the reduce's types")
    firsts: list[tuple[str, Type]] = []
    seconds: list[tuple[str, Type]] = []
    tokens_first, tokens_second = [], []
    for _ in inputs:
        p.expect("(", "to open a reducer argument pair")
        for names, tokens in ((firsts, tokens_first), (seconds, tokens_second)):
            token = p.expect_kind("value", "a reducer argument name")
            p.expect(":", "after the reducer argument")
            names.append((token.text, p.parse_type()))
            tokens.append(token)
            p.accept(",")
        p.expect(")", "to close a reducer argument pair")
    op.regions.append(p.parse_region(firsts + seconds, tokens_first + tokens_second))
    return op


def _single_op_body(p: MlirParser, op_name: str, init_types: list[Type], token: Any) -> Region:
    """The region ``applies OP`` stands for: ``%r = OP %a, %b; return %r``."""
    if op_name not in PRETTY_PARSERS or not op_name.startswith("stablehlo."):
        raise p.error(f"unknown reducing op {op_name!r}", token)
    block = Block([t for t in init_types] * 2)
    count = len(init_types)
    results: list[Value] = []
    for index, type_ in enumerate(init_types):
        combine = Operation(op_name, [block.arguments[index], block.arguments[index + count]],
                            [type_])
        block.append(combine)
        results.append(combine.results[0])
    block.append(Operation("stablehlo.return", results, []))
    return Region([block])


def _parse_while(p: MlirParser, name: str) -> Operation:
    """``stablehlo.while(%it = %init, ...) : T, ... cond { ... } do { ... }``."""
    p.expect("(", "to open the while operands")
    arg_tokens = []
    operands = []
    while not p.at(")"):
        arg_tokens.append(p.expect_kind("value", "a loop variable like %iterArg"))
        p.expect("=", "after the loop variable")
        operands.append(p.parse_value_use())
        if not p.accept(","):
            break
    p.expect(")", "to close the while operands")
    types: list[Type] = []
    if p.accept(":"):
        types = p.parse_type_list()
    p.check_operand_types(operands, types, arg_tokens[0] if arg_tokens else None)
    attributes = p.parse_attr_dict() if p.accept("attributes") else {}
    entry = [(t.text, ty) for t, ty in zip(arg_tokens, types)]
    p.expect("cond", "before the while condition region")
    cond = p.parse_region(entry, arg_tokens)
    p.expect("do", "before the while body region")
    body = p.parse_region(entry, arg_tokens)
    return Operation(name, operands, types, attributes, [cond, body])


def _parse_top_k(p: MlirParser, name: str) -> Operation:
    """``chlo.top_k(%x, k = 3[, is_stable = true]) : T -> (T, T)``."""
    p.expect("(", "after chlo.top_k")
    token = p.token
    operands, attributes = _parse_items(p, name)
    p.expect(")", "to close chlo.top_k's operands")
    if len(operands) != 1 or "k" not in attributes:
        raise p.error("chlo.top_k takes one operand and k = N", token)
    return _finish_with_function_type(p, name, operands, attributes)


def _parse_scan(p: MlirParser, name: str) -> Operation:
    """``chlo.scan(%in, ...) inits(%init, ...) dimension=0 [attributes {..}]
    { region } : (...) -> (...)``."""
    p.expect("(", "after chlo.scan")
    inputs = p.parse_value_list()
    p.expect(")", "to close the scan inputs")
    p.expect("inits", "after the scan inputs")
    p.expect("(", "after 'inits'")
    inits = [] if p.at(")") else p.parse_value_list()
    p.expect(")", "to close the scan inits")
    p.expect("dimension", "in chlo.scan")
    p.expect("=")
    attributes: dict[str, Any] = {"dimension": IntegerAttr(p.parse_integer(), "i64")}
    if p.accept("attributes"):
        attributes.update(p.parse_attr_dict())
    attributes["operandSegmentSizes"] = DenseArray("i32", (len(inputs), len(inits)))
    region = p.parse_region()
    op = _finish_with_function_type(p, name, inputs + inits, attributes, [region])
    op.attributes["resultSegmentSizes"] = DenseArray("i32", (len(op.results) - len(inits),
                                                              len(inits)))
    return op


# --- Shardy (sdy) ops ---------------------------------------------------------------------
# Shardy attributes stay verbatim (OpaqueAttribute) as the generic parser keeps
# them; the pretty syntax drops their dialect prefixes, which are put back here
# so that both syntaxes give the same attribute text.


def _sdy_sharding(p: MlirParser) -> OpaqueAttribute:
    """A tensor sharding: stripped ``<@mesh, [...]>`` or a full ``#sdy.sharding<...>``."""
    if p.token.kind == "hash":
        value = p.parse_attribute()
        if not isinstance(value, OpaqueAttribute):
            raise p.error("expected an sdy sharding")
        return value
    if not p.at("<"):
        raise p.error("expected a sharding like <@mesh, [{\"x\"}, {}]>")
    return OpaqueAttribute("#sdy.sharding" + p.lexer.skip_balanced())


def _sdy_keyword(p: MlirParser, keyword: str) -> None:
    p.expect(keyword, "in the sdy op")
    p.expect("=", f"after '{keyword}'")


def _sdy_sharding_list(p: MlirParser, keyword: str) -> OpaqueAttribute:
    """``in_shardings=[<@mesh, [...]>, ...]`` -> #sdy.sharding_per_value<[...]>."""
    _sdy_keyword(p, keyword)
    if not p.at("["):
        raise p.error(f"expected a list of shardings after '{keyword}='")
    return OpaqueAttribute("#sdy.sharding_per_value<" + p.lexer.skip_balanced() + ">")


def _parse_sdy_sharded_value(p: MlirParser, name: str) -> Operation:
    """``sdy.sharding_constraint %x <@mesh, [{"x"}, {}]> : T`` (and sdy.reshard)."""
    token = p.token
    operand = p.parse_value_use()
    attributes: dict[str, Any] = {"sharding": _sdy_sharding(p)}
    return _finish_with_type(p, name, operand, attributes, token, has_result=True)


def _parse_sdy_keyword_value(keyword: str, parse_value: KeywordParser,
                             has_result: bool) -> PrettyParser:
    """``sdy.OP %x keyword=VALUE : T`` (sharding_group, propagation_barrier)."""
    def parse(p: MlirParser, name: str) -> Operation:
        token = p.token
        operand = p.parse_value_use()
        _sdy_keyword(p, keyword)
        return _finish_with_type(p, name, operand, parse_value(p), token, has_result)
    return parse


def _finish_with_type(p: MlirParser, name: str, operand: Value, attributes: dict[str, Any],
                      token: Any, has_result: bool) -> Operation:
    """``{attr-dict}? : T`` where T is the operand's (and the result's) type."""
    if p.at("{"):
        attributes.update(p.parse_attr_dict())
    p.expect(":", f"before the type of {name}")
    type_ = p.parse_type()
    p.check_operand_types([operand], [type_], token)
    return Operation(name, [operand], [type_] if has_result else [], attributes)


def _sdy_direction(p: MlirParser) -> dict[str, Any]:
    token = p.expect_kind("ident", "a propagation direction like NONE")
    return {"allowed_direction": OpaqueAttribute(f"#sdy<propagation_direction {token.text}>")}


def _sdy_region(p: MlirParser) -> Region:
    """``(%a: T, ...) { ops }``: a single block whose arguments are named first."""
    p.expect("(", "to open the region's arguments")
    tokens = []
    types: list[Type] = []
    locations = []
    while not p.at(")"):
        tokens.append(p.expect_kind("value", "a block argument like %arg1"))
        p.expect(":", "after the block argument")
        types.append(p.parse_type())
        locations.append(p.parse_optional_location())
        if not p.accept(","):
            break
    p.expect(")", "to close the region's arguments")
    region = p.parse_region([(t.text, ty) for t, ty in zip(tokens, types)], tokens)
    for argument, location in zip(region.blocks[0].arguments, locations):
        argument.location = location
    return region


def _sdy_operands(p: MlirParser) -> list[Value]:
    p.expect("(", "to open the operands")
    operands = [] if p.at(")") else p.parse_value_list()
    p.expect(")", "to close the operands")
    return operands


def _parse_manual_computation(p: MlirParser, name: str) -> Operation:
    """``sdy.manual_computation(%x) in_shardings=[...] out_shardings=[...]
    manual_axes={"x"} (%a: T) { ... sdy.return %r : R } : (T) -> R``."""
    operands = _sdy_operands(p)
    attributes: dict[str, Any] = {
        "in_shardings": _sdy_sharding_list(p, "in_shardings"),
        "out_shardings": _sdy_sharding_list(p, "out_shardings"),
    }
    _sdy_keyword(p, "manual_axes")
    if not p.at("{"):
        raise p.error("expected manual_axes={\"x\", ...}")
    attributes["manual_axes"] = OpaqueAttribute("#sdy<manual_axes" + p.lexer.skip_balanced()
                                                + ">")
    region = _sdy_region(p)
    return _finish_with_function_type(p, name, operands, attributes, [region])


def _parse_named_computation(p: MlirParser, name: str) -> Operation:
    """``sdy.named_computation<"name">(%x) [in_shardings=[...]] [out_shardings=[...]]
    (%a: T) { ... } : (T) -> R``."""
    p.expect("<", "after sdy.named_computation")
    attributes: dict[str, Any] = {"name": p.parse_string()}
    p.expect(">", "to close the computation's name")
    operands = _sdy_operands(p)
    for keyword in ("in_shardings", "out_shardings"):
        if p.at(keyword):
            attributes[keyword] = _sdy_sharding_list(p, keyword)
    region = _sdy_region(p)
    return _finish_with_function_type(p, name, operands, attributes, [region])


# The parser of each pretty-syntax form an op-table entry may name (OpDef.syntax).
SYNTAX_FORMS: dict[str, PrettyParser] = {
    ITEMS: _parse_items_op,
    ITEMS_NO_RESULTS: _parse_items_op,
    "constant": _parse_constant,
    "slice": _parse_slice,
    "get_tuple_element": _parse_get_tuple_element,
    "custom_call": _parse_custom_call,
    "composite": _parse_composite,
    "dot_general": _parse_dot_general,
    "convolution": _parse_convolution,
    "reduce": _parse_reduce,
    "while": _parse_while,
    "top_k": _parse_top_k,
    "scan": _parse_scan,
    "call": _parse_call,
    "sdy_sharded_value": _parse_sdy_sharded_value,
    "sdy_sharding_group": _parse_sdy_keyword_value("group_id", _int("group_id"), False),
    "sdy_propagation_barrier": _parse_sdy_keyword_value(
        "allowed_direction", _sdy_direction, True),
    "sdy_manual_computation": _parse_manual_computation,
    "sdy_named_computation": _parse_named_computation,
}


def _declare(name: str, syntax: str | None) -> None:
    """Makes op ``name`` parse in its pretty-syntax form ``syntax``."""
    if syntax is None:
        return
    parser = SYNTAX_FORMS.get(syntax)
    if parser is None:
        raise ValueError(f"{name}: unknown pretty-syntax form {syntax!r}")
    PRETTY_PARSERS[name] = parser
    if syntax == ITEMS_NO_RESULTS:
        NO_RESULT_OPS.add(name)


for _name, _syntax in _EXTENSION_SYNTAX.items():
    _declare(_name, _syntax)
watch_op_table(lambda op_def: _declare(op_def.name, op_def.syntax))


# --- printing the pretty syntax -----------------------------------------------------
# The inverse of the rules above, for the printer's ``pretty`` hook: an op's
# custom-assembly text (after ``%r = ``), or None to print it in MLIR's
# generic form. Whatever is printed here reads back through the rules above
# into the same op; attributes a keyword cannot spell stay in ``{...}``.

# The func dialect's ops print without their prefix (func.func's default dialect).
_SHORT_NAMES = {"func.return": "return", "func.call": "call"}


def pretty_form(op: Operation, operand_names: list[str]) -> str | tuple[str, str] | None:
    """``op`` in its custom assembly (``stablehlo.add %0, %1 : tensor<f32>``),
    or None where only the generic form is printed (ops whose syntax this
    printer does not write). An op with a one-block region gives the text
    before its ``(%args) {`` and the text after its closing ``}``."""
    op_def = OP_DEFS.get(op.name)
    syntax = op_def.syntax if op_def is not None else _EXTENSION_SYNTAX.get(op.name)
    if syntax == "sdy_manual_computation":
        return _pretty_manual_computation(op, operand_names)
    if op.regions:
        return None
    if syntax in (ITEMS, ITEMS_NO_RESULTS):
        return _pretty_items(op, operand_names, syntax)
    if syntax == "constant":
        value = op.attributes.get("value")
        if (set(op.attributes) == {"value"} and isinstance(value, DenseElements)
                and list(op.result_types) == [value.type]):
            return f"{op.name} {format_dense(value)}"
        return None
    if syntax in ("call", "custom_call"):
        key = "callee" if syntax == "call" else "call_target_name"
        target = op.attributes.get(key)
        target = target.name if isinstance(target, SymbolRef) else target
        if not isinstance(target, str) or (syntax == "call" and set(op.attributes) != {key}):
            return None
        rest = {k: v for k, v in op.attributes.items() if k != key}
        name = _SHORT_NAMES.get(op.name, op.name)
        return (f"{name} {format_symbol(target)}({', '.join(operand_names)})"
                f"{_attr_dict(rest)} : {_function_type(op)}")
    if syntax == "composite":
        label = op.attributes.get("name")
        if not isinstance(label, str):
            return None
        # MLIR leaves out the attributes at their defaults.
        rest = {k: v for k, v in op.attributes.items() if k != "name"
                and not (k == "composite_attributes" and v == {})
                and not (k == "version" and isinstance(v, int) and int(v) == 0)}
        operands = (" " + ", ".join(operand_names)) if operand_names else ""
        return f"{op.name} {format_string(label)}{operands}{_attr_dict(rest)} : " \
               f"{_function_type(op)}"
    if syntax == "dot_general" and len(operand_names) == 2:
        return _pretty_dot_general(op, operand_names)
    if syntax == "top_k" and len(operand_names) == 1:
        attributes = dict(op.attributes)
        items = list(operand_names)
        for keyword, parse in _KEYWORDS.get(op.name, {}).items():
            shown = parse.printer(attributes)  # type: ignore[attr-defined]
            if shown is not None:
                items.append(f"{keyword} = {shown[0]}")
                for attr in shown[1]:
                    del attributes[attr]
        if len(items) < 2:
            return None  # k is required
        results = ", ".join(str(t) for t in op.result_types)
        return (f"{op.name}({', '.join(items)}){_attr_dict(attributes)} : "
                f"{op.operand_types[0]} -> ({results})")
    if syntax == "sdy_sharded_value":
        sharding = op.attributes.get("sharding")
        text = sharding.text if isinstance(sharding, OpaqueAttribute) else None
        if text is None or not text.startswith("#sdy.sharding<") or len(operand_names) != 1:
            return None
        rest = {k: v for k, v in op.attributes.items() if k != "sharding"}
        return (f"{op.name} {operand_names[0]} {text[len('#sdy.sharding'):]}"
                f"{_attr_dict(rest)} : {op.result_types[0]}")
    return None


def _pretty_dot_general(op: Operation, operand_names: list[str]) -> str | None:
    """``stablehlo.dot_general %a, %b, batching_dims = [0] x [0],
    contracting_dims = [2] x [1], precision = [...], algorithm = <...> : ...``."""
    attributes = dict(op.attributes)
    dims = attributes.pop("dot_dimension_numbers", None)
    if not isinstance(dims, DotDimensionNumbers):
        return None

    def ints(values: tuple[int, ...]) -> str:
        return "[" + ", ".join(str(v) for v in values) + "]"

    items = list(operand_names)
    if dims.lhs_batching_dimensions or dims.rhs_batching_dimensions:
        items.append(f"batching_dims = {ints(dims.lhs_batching_dimensions)} x "
                     f"{ints(dims.rhs_batching_dimensions)}")
    items.append(f"contracting_dims = {ints(dims.lhs_contracting_dimensions)} x "
                 f"{ints(dims.rhs_contracting_dimensions)}")
    precision = _show_precision_list(attributes)
    if precision is not None:
        items.append(f"precision = {precision[0]}")
        del attributes["precision_config"]
    algorithm = attributes.get("algorithm")
    if isinstance(algorithm, DotAlgorithm):
        text = format_attribute(algorithm)
        items.append(f"algorithm = {text[len('#' + DotAlgorithm.mnemonic):]}")
        del attributes["algorithm"]
    return f"{op.name} {', '.join(items)}{_attr_dict(attributes)} : {_function_type(op)}"


def _pretty_manual_computation(op: Operation, operand_names: list[str]
                               ) -> tuple[str, str] | None:
    """``sdy.manual_computation(%x) in_shardings=[...] out_shardings=[...]
    manual_axes={...}`` ... ``: (T) -> R``."""
    texts = {k: v.text for k, v in op.attributes.items() if isinstance(v, OpaqueAttribute)}
    if (set(op.attributes) != {"in_shardings", "out_shardings", "manual_axes"}
            or len(texts) != 3 or len(op.regions) != 1 or len(op.regions[0].blocks) != 1):
        return None
    lists = []
    for key in ("in_shardings", "out_shardings"):
        text = texts[key]
        if not (text.startswith("#sdy.sharding_per_value<") and text.endswith(">")):
            return None
        lists.append(f"{key}={text[len('#sdy.sharding_per_value<'):-1]}")
    axes = texts["manual_axes"]
    if not (axes.startswith("#sdy<manual_axes{") and axes.endswith("}>")):
        return None
    head = (f"{op.name}({', '.join(operand_names)}) {' '.join(lists)} "
            f"manual_axes={axes[len('#sdy<manual_axes'):-1]}")
    return head, f": {_function_type(op)}"


def _pretty_items(op: Operation, operand_names: list[str], syntax: str) -> str | None:
    name = op.name
    if name.endswith("_const"):
        return None  # the test dialect's dense-literal forms: generic is fine
    attributes = dict(op.attributes)
    leading, trailing = [], []
    for index, (attr, cls) in enumerate(_POSITIONAL_ENUMS.get(name, [])):
        value = attributes.get(attr)
        if type(value) is not cls:
            break  # positional: a later one cannot be written without this one
        (leading if index == 0 else trailing).append(value.value)
        del attributes[attr]
    items = leading + list(operand_names) + trailing
    for keyword, parse in _KEYWORDS.get(name, {}).items():
        show = getattr(parse, "printer", None)
        shown = show(attributes) if show is not None else None
        if shown is None:
            continue
        text, consumed = shown
        items.append(f"{keyword} = {text}")
        for attr in consumed:
            del attributes[attr]
    head = _SHORT_NAMES.get(name, name)
    text = head + (" " + ", ".join(items) if items else "") + _attr_dict(attributes)
    operand_types = list(op.operand_types)
    results = list(op.result_types)
    if syntax == ITEMS_NO_RESULTS:
        if results:
            return None
        return text + (" : " + ", ".join(str(t) for t in operand_types) if operand_types else "")
    if name in _ONE_RESULT_PER_TYPE:
        if results != operand_types:
            return None
        return text + " : " + ", ".join(str(t) for t in results)
    if len(results) == 1 and all(t == results[0] for t in operand_types) \
            and name not in ("stablehlo.tuple", "stablehlo.real", "stablehlo.imag",
                             "stablehlo.complex", "stablehlo.select"):
        return f"{text} : {results[0]}"
    return f"{text} : {_function_type(op)}"


def _attr_dict(attributes: dict[str, Any]) -> str:
    return " " + format_attribute_dict(attributes) if attributes else ""


def _function_type(op: Operation) -> str:
    inputs = ", ".join(str(t) for t in op.operand_types)
    results = list(op.result_types)
    if len(results) == 1 and not isinstance(results[0], FunctionType):
        return f"({inputs}) -> {results[0]}"
    return f"({inputs}) -> (" + ", ".join(str(t) for t in results) + ")"
