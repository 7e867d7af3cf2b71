"""Parses MLIR text (StableHLO as JAX and the StableHLO test suite write it)
into the IR.

Handles modules, ``func.func`` with argument/result attributes, locations and
``#alias = ...`` definitions, MLIR's generic op syntax, and the custom ("pretty")
syntax of stablehlo/chlo/check ops, which stablehlo_syntax.py parses into the
same generic Operation form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import ml_dtypes
import numpy as np

from jaxlib._src.frontends.lexer import MAX_DECIMAL_DIGITS, Lexer, ParseError, Token
from jaxlib._src.frontends.stablehlo_syntax import (
    PLAIN_STATEMENT_RE,
    PRETTY_PARSERS,
    parse_plain_statement,
)
from jaxlib._src.ir.attributes import (
    ENUM_KINDS,
    STRUCTURED_ATTRIBUTES,
    UNIT,
    ConvDimensionNumbers,
    DenseArray,
    DenseElements,
    ElementTypeAttr,
    FloatAttr,
    IntegerAttr,
    OpaqueAttribute,
    SymbolRef,
    make_structured,
)
from jaxlib._src.ir.core import Block, Function, Module, Operation, Region, Value, load_op_table
from jaxlib._src.ir.types import (
    FunctionType,
    FutureType,
    QuantizedType,
    TensorType,
    TokenType,
    TupleType,
    Type,
    complex_part_type,
    integer_fits,
    is_complex,
    is_float,
    is_integer,
    is_valid_element_type,
    numpy_dtype,
    tensor_size_error,
)

__all__ = ["ParseError", "SourceChunk", "parse_module", "parse_source", "split_source"]

_SPLIT_RE = re.compile(r"^// -----.*$", re.MULTILINE)
_DIMS_RE = re.compile(r"(?:(?:\d+|\?)x)*")
# The common spelling of a tensor type (no encoding, a plain element type),
# read in one match; anything else goes through the token-level parser.
_PLAIN_TENSOR_TYPE_RE = re.compile(r"tensor<((?:(?:\d+|\?)x)*)([A-Za-z_][\w$.]*)>")
# Tensor types by spelling: programs repeat a few types many times, and types
# are immutable, so every use can share one object.
_TENSOR_TYPE_CACHE: dict[str, TensorType] = {}
_TENSOR_TYPE_CACHE_LIMIT = 4096
# `%r = OP` or `OP` at the start of a statement: which fast path may apply.
_STATEMENT_HEAD_RE = re.compile(r"(?:%[\w$.\-]+ = )?([A-Za-z_][\w$.]*)")
# `%c = stablehlo.constant dense<LITERAL> : TYPE` with a scalar literal as the
# lexer reads numbers (a float has a dot) and a plain tensor type.
_PLAIN_CONSTANT_RE = re.compile(
    r"(?P<result>%[\w$.\-]+) = stablehlo\.constant "
    r"dense<(?P<literal>-?(?:\d+\.\d*(?:[eE][+-]?\d+)?|\d+)|true|false)> : "
    r"(?P<type>tensor<(?:(?:\d+|\?)x)*[A-Za-z_][\w$.]*>)")
_CONV_LABEL_RE = re.compile(r"[bfio]\Z|\d+\Z")
# `call @f` / `return %x` inside func.func mean the func dialect's ops.
_DEFAULT_DIALECT_OPS = {"call": "func.call", "return": "func.return"}


@dataclass(frozen=True)
class SourceChunk:
    """One ``// -----`` separated part of a file and the number of lines
    before it, so that errors report true line numbers."""

    text: str
    line_offset: int


def split_source(text: str) -> list[SourceChunk]:
    chunks = []
    start = 0
    line_offset = 0
    for match in _SPLIT_RE.finditer(text):
        chunk = text[start:match.start()]
        chunks.append(SourceChunk(chunk, line_offset))
        line_offset += chunk.count("\n") + 1
        start = match.end() + 1
    chunks.append(SourceChunk(text[start:], line_offset))
    return [c for c in chunks if c.text.strip() and _has_code(c.text)]


def _has_code(text: str) -> bool:
    return any(line.strip() and not line.strip().startswith("//") for line in text.splitlines())


def parse_module(text: str, *, line_offset: int = 0) -> Module:
    """Parses one module (or bare functions, which form an unnamed module)."""
    parser = MlirParser(text, line_offset)
    try:
        return parser.parse_top_level()
    except RecursionError:
        # The grammar nests (types, attributes, regions): too deep a nesting
        # is an error where the parser stopped, not a crash of the caller.
        raise parser.error("nesting too deep") from None


def parse_source(text: str) -> list[Module]:
    """Parses every ``// -----`` chunk of ``text``."""
    return [parse_module(c.text, line_offset=c.line_offset) for c in split_source(text)]


_LOCATION_ALIAS_RE = re.compile(r'"(?:[^"\\]|\\.)*"|#[A-Za-z_][\w$.\-]*')


def _resolve_location_aliases(module: Module, aliases: dict[str, str]) -> None:
    """Writes ``#locN`` uses out in full (``loc(#loc3)`` becomes
    ``loc("f"(...))``), so each location reads alone, as it prints."""
    resolved: dict[str, str] = {}

    def body(name: str, depth: int = 0) -> str:
        if name in resolved:
            return resolved[name]
        text = aliases.get(name)
        if text is None or depth > 64:  # unknown or cyclic: kept as written
            return name
        text = _LOCATION_ALIAS_RE.sub(
            lambda m: m.group(0) if m.group(0).startswith('"') else body(m.group(0), depth + 1),
            text)
        resolved[name] = text
        return text

    def resolve(location: Any) -> Any:
        if isinstance(location, str) and "#" in location and location.startswith("loc("):
            return "loc(" + _LOCATION_ALIAS_RE.sub(
                lambda m: m.group(0) if m.group(0).startswith('"') else body(m.group(0)),
                location[4:-1]) + ")"
        return location

    def blocks_of(regions: Any) -> Any:
        for region in regions:
            yield from region.blocks

    for func in module.functions:
        func.location = resolve(func.location)
        pending = [func.body] if func.body is not None else []
        for block in blocks_of(pending):
            for argument in block.arguments:
                argument.location = resolve(argument.location)
        for op in func.walk():
            if op._location.__class__ is str:
                op._location = resolve(op._location)
            for block in blocks_of(op.regions):
                for argument in block.arguments:
                    argument.location = resolve(argument.location)


class _Bits(int):
    """A hex integer in a dense literal: the bit pattern of a float element."""


def _describe(token: Token) -> str:
    return "end of input" if token.kind == "eof" else repr(token.text)


class MlirParser:
    def __init__(self, text: str, line_offset: int = 0) -> None:
        load_op_table()  # the pretty syntax of each op is in its op-table entry
        self.lexer = Lexer(text, line_offset)
        self.attribute_aliases: dict[str, Any] = {}
        self.type_aliases: dict[str, Type] = {}
        # `#loc3 = loc(...)`: the alias's body; uses (often before the
        # definition) are resolved once the whole text is read.
        self.location_aliases: dict[str, str] = {}
        self.values: dict[str, list[Value]] = {}
        self.scopes: list[list[str]] = []

    # --- token helpers ----------------------------------------------------------

    @property
    def token(self) -> Token:
        return self.lexer.token

    def error(self, message: str, token: Token | None = None) -> ParseError:
        return self.lexer.error(message, token)

    def at(self, text: str) -> bool:
        token = self.lexer.token
        return token.text == text and token.kind in ("punct", "ident")

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.lexer.advance()
            return True
        return False

    def expect(self, text: str, context: str = "") -> Token:
        if not self.at(text):
            where = f" {context}" if context else ""
            raise self.error(f"expected '{text}'{where}, got {_describe(self.token)}")
        return self.lexer.advance()

    def expect_kind(self, kind: str, what: str) -> Token:
        if self.token.kind != kind:
            raise self.error(f"expected {what}, got {_describe(self.token)}")
        return self.lexer.advance()

    def expect_keyword(self, word: str, context: str = "") -> None:
        self.expect(word, context)

    # --- top level --------------------------------------------------------------

    def parse_top_level(self) -> Module:
        module: Module | None = None
        functions: list[Function] = []
        while self.token.kind != "eof":
            if self._try_alias_definition():
                continue
            if self.at("module"):
                if module is not None or functions:
                    raise self.error("expected one module per source chunk (split files with "
                                     "'// -----')")
                module = self.parse_module()
            elif self.at("func.func"):
                if module is not None:
                    raise self.error("function outside the module")
                functions.append(self.parse_function())
            else:
                raise self.error(f"expected 'module' or 'func.func', got {_describe(self.token)}")
        module = module if module is not None else Module(None, {}, functions)
        if self.location_aliases:
            _resolve_location_aliases(module, self.location_aliases)
        return module

    def _try_alias_definition(self) -> bool:
        token = self.token
        if token.kind not in ("hash", "bang"):
            return False
        self.lexer.advance()
        self.expect("=", f"after alias {token.text}")
        if token.kind == "bang":
            self.type_aliases[token.text] = self.parse_type()
        elif self.at("loc"):
            self.lexer.advance()
            self.location_aliases[token.text] = self.lexer.skip_balanced()[1:-1]
        else:
            self.attribute_aliases[token.text] = self.parse_attribute()
        return True

    def parse_module(self) -> Module:
        self.expect("module")
        name = None
        if self.token.kind == "symbol":
            name = self._symbol_name(self.lexer.advance())
        attributes: dict[str, Any] = {}
        if self.accept("attributes"):
            attributes = self.parse_attr_dict()
        self.expect("{", "to open the module body")
        functions = []
        meshes: dict[str, Any] = {}
        while not self.at("}"):
            if self.at("func.func"):
                functions.append(self.parse_function())
            elif self.at("sdy.mesh"):
                self.lexer.advance()
                mesh_name = self._symbol_name(self.expect_kind("symbol", "a mesh name"))
                self.expect("=", "after the mesh name")
                if self.token.kind == "hash":
                    meshes[mesh_name] = self.parse_attribute()
                else:
                    meshes[mesh_name] = OpaqueAttribute(self.lexer.skip_balanced())
                if self.at("{"):
                    # The op's own attributes (JAX repeats the axes there as
                    # `stablehlo.mesh`): the mesh attribute says it all.
                    self.parse_attr_dict()
                self.parse_optional_location()
            elif self.at("module"):
                raise self.error("nested modules are not supported")
            else:
                raise self.error(f"expected 'func.func' or '}}' in module, got "
                                 f"{_describe(self.token)}")
        self.expect("}")
        self.parse_optional_location()
        return Module(name, attributes, functions, meshes)

    # --- functions --------------------------------------------------------------

    def parse_function(self) -> Function:
        start = self.expect("func.func")
        visibility = "public"
        if self.token.kind == "ident" and self.token.text in ("public", "private", "nested"):
            visibility = self.lexer.advance().text
        name = self._symbol_name(self.expect_kind("symbol", "a function name like @main"))
        self.expect("(", "to open the argument list")
        arg_names: list[str | None] = []
        arg_types: list[Type] = []
        arg_attrs: list[dict[str, Any]] = []
        arg_tokens: list[Token] = []
        arg_locations: list[str | None] = []
        if not self.at(")"):
            while True:
                if self.token.kind == "value":
                    arg_tokens.append(self.token)
                    arg_names.append(self.lexer.advance().text)
                    self.expect(":", "after the argument name")
                else:
                    arg_names.append(None)
                arg_types.append(self.parse_type())
                arg_attrs.append(self.parse_attr_dict() if self.at("{") else {})
                arg_locations.append(self.parse_optional_location())
                if not self.accept(","):
                    break
        self.expect(")", "to close the argument list")
        result_types: list[Type] = []
        res_attrs: list[dict[str, Any]] = []
        if self.accept("->"):
            if self.accept("("):
                if not self.at(")"):
                    while True:
                        result_types.append(self.parse_type())
                        res_attrs.append(self.parse_attr_dict() if self.at("{") else {})
                        if not self.accept(","):
                            break
                self.expect(")", "to close the result list")
            else:
                result_types.append(self.parse_type())
                res_attrs.append({})
        attributes: dict[str, Any] = {}
        if self.accept("attributes"):
            attributes = self.parse_attr_dict()
        func_type = FunctionType(tuple(arg_types), tuple(result_types))
        body = None
        if self.at("{"):
            has_names = all(n is not None for n in arg_names)
            if not has_names:
                raise self.error("a function with a body needs named arguments (%arg0: type)")
            self.values = {}
            self.scopes = []
            body = self.parse_region(list(zip(arg_names, arg_types)), arg_tokens)  # type: ignore[arg-type]
            for argument, location in zip(body.entry.arguments, arg_locations):
                argument.location = location
        location = self.parse_optional_location()
        return Function(name, func_type, body, visibility, arg_attrs, res_attrs, attributes,
                        location or f"{start.line}:{start.column}")

    # --- regions and blocks -----------------------------------------------------

    def parse_region(self, entry_arguments: list[tuple[str, Type]] | None = None,
                     argument_tokens: list[Token] | None = None) -> Region:
        """``{ [^bb0(%a: T, ...):] ops [^bb1: ...] }``. ``entry_arguments`` are
        names and types already declared outside (function or while syntax)."""
        self.expect("{", "to open a region")
        self.scopes.append([])
        try:
            blocks = []
            block = Block()
            if entry_arguments is not None:
                tokens = argument_tokens or [self.token] * len(entry_arguments)
                for (name, type_), token in zip(entry_arguments, tokens):
                    self.define(name, [block.add_argument(type_, name[1:])], token)
            elif self.token.kind == "caret":
                self._parse_block_label(block)
            blocks.append(block)
            while not self.at("}"):
                if self.token.kind == "caret":
                    if not block.operations and len(blocks) == 1 and entry_arguments is None:
                        raise self.error("duplicate label for the entry block")
                    block = Block()
                    self._parse_block_label(block)
                    blocks.append(block)
                    continue
                block.append(self.parse_operation())
            self.expect("}")
        finally:
            for name in self.scopes.pop():
                self.values.pop(name, None)
        return Region(blocks)

    def _parse_block_label(self, block: Block) -> None:
        self.expect_kind("caret", "a block label")
        if self.accept("("):
            if not self.at(")"):
                while True:
                    token = self.expect_kind("value", "a block argument name")
                    self.expect(":", "after the block argument name")
                    type_ = self.parse_type()
                    location = self.parse_optional_location()
                    argument = block.add_argument(type_, token.text[1:])
                    argument.location = location
                    self.define(token.text, [argument], token)
                    if not self.accept(","):
                        break
            self.expect(")", "to close the block arguments")
        self.expect(":", "after the block label")

    # --- SSA names ----------------------------------------------------------------

    def define(self, name: str, values: list[Value], token: Token) -> None:
        if name in self.values:
            raise self.error(f"redefinition of SSA value {name}", token)
        self.values[name] = values
        self.scopes[-1].append(name)

    def parse_value_use(self) -> Value:
        token = self.expect_kind("value", "an SSA value like %0")
        name, _, index_text = token.text.partition("#")
        values = self.values.get(name)
        if values is None:
            raise self.error(f"use of undefined value {name}", token)
        # (a result number longer than any count is past the end, unconverted)
        index = int(index_text) if index_text and len(index_text) <= MAX_DECIMAL_DIGITS else (
            len(values) if index_text else 0)
        if index >= len(values):
            raise self.error(f"{name} has {len(values)} results, no #{index_text}", token)
        return values[index]

    def parse_value_list(self) -> list[Value]:
        """``%a, %b, ...`` (at least one)."""
        values = [self.parse_value_use()]
        while self.at(",") and self._peek_is_value_after_comma():
            self.expect(",")
            values.append(self.parse_value_use())
        return values

    def _peek_is_value_after_comma(self) -> bool:
        text = self.lexer.text
        pos = self.token.pos + 1
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        return text.startswith("%", pos)

    # --- operations ----------------------------------------------------------------

    def parse_operation(self) -> Operation:
        statement = self.token  # an op's position is where its statement starts
        if statement.kind in ("value", "ident"):
            op = self._parse_plain_statement(statement)
            if op is not None:
                return op
        result_names: list[tuple[Token, int]] = []
        if self.token.kind == "value":
            while True:
                token = self.expect_kind("value", "a result name")
                if "#" in token.text:
                    raise self.error("result names cannot carry '#N'", token)
                count = 1
                if self.accept(":"):
                    count = self.parse_integer()
                result_names.append((token, count))
                if not self.accept(","):
                    break
            self.expect("=", "after the result names")
        op_token = self.token
        if op_token.kind == "string":
            op = self.parse_generic_operation()
        elif op_token.kind == "ident":
            name = _DEFAULT_DIALECT_OPS.get(op_token.text, op_token.text)
            parser = PRETTY_PARSERS.get(name)
            if parser is None:
                raise self.error(f"unknown operation '{op_token.text}' in custom syntax (write "
                                 "it in the generic form \"dialect.op\"(...))")
            self.lexer.advance()
            op = parser(self, name)
        else:
            raise self.error(f"expected an operation, got {_describe(op_token)}")
        location = self.parse_optional_location()
        if location:
            op.location = location
        else:
            op.set_source_offset(self.lexer, statement.pos)
        if result_names:
            expected = sum(count for _, count in result_names)
            if expected != len(op.results):
                raise self.error(f"operation defines {len(op.results)} results but {expected} "
                                 "names were given", op_token)
            start = 0
            for token, count in result_names:
                group = op.results[start:start + count]
                for value in group:
                    value.name_hint = token.text[1:]
                self.define(token.text, group, token)
                start += count
        return op

    def _parse_plain_statement(self, statement: Token) -> Operation | None:
        """The common statement shapes (see PLAIN_STATEMENT_RE and
        _PLAIN_CONSTANT_RE) read in one match each; None, with the lexer
        where it was, when the statement needs the token-level parser."""
        lexer = self.lexer
        head = _STATEMENT_HEAD_RE.match(lexer.text, statement.pos)
        if head is None:
            return None
        name = _DEFAULT_DIALECT_OPS.get(head.group(1), head.group(1))
        if name == "stablehlo.constant":
            match = _PLAIN_CONSTANT_RE.match(lexer.text, statement.pos)
            op = None if match is None else self._plain_constant(match)
        else:
            parsed = parse_plain_statement(self, name, statement.pos)
            if parsed is None:
                return None
            op, match = parsed
        if op is None:
            return None
        result = match.group("result")  # type: ignore[union-attr]
        if result is not None and (len(op.results) != 1 or result in self.values):
            return None
        lexer.jump_to(match.end())  # type: ignore[union-attr]
        if (lexer.token.text in (",", "->") and match.re is PLAIN_STATEMENT_RE
                and match.group("types") is not None and match.group("chlo_results") is None):
            lexer.token = statement  # the type list goes on: not the plain shape
            return None
        location = self.parse_optional_location()
        if location:
            op.location = location
        else:
            op.set_source_offset(lexer, statement.pos)
        if result is not None:
            op.results[0].name_hint = result[1:]
            self.define(result, op.results[:1], statement)
        return op

    def _plain_constant(self, match: re.Match[str]) -> Operation | None:
        """``%c = stablehlo.constant dense<1.0> : tensor<f32>`` (a scalar literal)."""
        type_ = self._plain_tensor_type(match.group("type"))
        if type_ is None:
            return None
        text = match.group("literal")
        if len(text) > MAX_DECIMAL_DIGITS:
            return None  # the lexer reports it
        literal: Any
        if text in ("true", "false"):
            literal = text == "true"
        elif "." in text:
            literal = float(text)
        else:
            literal = int(text)
        try:
            value = make_dense(literal, type_)
        except (ValueError, OverflowError, TypeError):
            return None
        return Operation("stablehlo.constant", [], [type_], {"value": value})

    def plain_type_list(self, text: str) -> list[Type] | None:
        """Plain tensor types ``T, T`` or ``(T, T)`` (as PLAIN_STATEMENT_RE
        matched them); None if one has an element type the IR does not know."""
        if text.startswith("("):
            text = text[1:-1]
        types = []
        for spelling in text.split(", ") if text else ():
            type_ = self._plain_tensor_type(spelling)
            if type_ is None:
                return None
            types.append(type_)
        return types

    def parse_generic_operation(self) -> Operation:
        name = self.parse_string()
        self.expect("(", "to open the operand list")
        operands = [] if self.at(")") else self.parse_value_list()
        self.expect(")", "to close the operand list")
        if self.at("["):
            raise self.error("successor blocks (branches) are not supported")
        attributes: dict[str, Any] = {}
        if self.at("<"):
            self.expect("<")
            attributes.update(self.parse_attr_dict())
            self.expect(">", "to close the properties")
        regions = []
        if self.accept("("):
            while True:
                regions.append(self.parse_region())
                if not self.accept(","):
                    break
            self.expect(")", "to close the region list")
        if self.at("{"):
            attributes.update(self.parse_attr_dict())
        self.expect(":", "before the operation's function type")
        func_type = self.parse_function_type()
        self.check_operand_types(operands, func_type.inputs)
        return Operation(name, operands, func_type.results, attributes, regions)

    def check_operand_types(self, operands: list[Value], types: tuple[Type, ...] | list[Type],
                            token: Token | None = None) -> None:
        if len(operands) != len(types):
            raise self.error(f"{len(operands)} operands but the type lists {len(types)}", token)
        for index, (value, type_) in enumerate(zip(operands, types)):
            # (types of one spelling are one object: identity settles most)
            if value.type is not type_ and value.type != type_:
                raise self.error(f"operand #{index} has type {value.type} but the op's type "
                                 f"says {type_}", token)

    def parse_optional_location(self) -> str | None:
        if self.at("loc") and self._next_char_is("("):
            self.lexer.advance()
            return "loc" + self.lexer.skip_balanced()
        return None

    def skip_location(self) -> None:
        self.expect("loc")
        self.lexer.skip_balanced()

    def _next_char_is(self, char: str) -> bool:
        text = self.lexer.text
        pos = self.token.pos + len(self.token.text)
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        return text.startswith(char, pos)

    # --- scalars --------------------------------------------------------------------

    def parse_string(self) -> str:
        token = self.expect_kind("string", "a string literal")
        return _unescape(token.text[1:-1])

    def symbol_text(self, token: Token) -> str:
        """The name of a ``@symbol`` token (quotes removed)."""
        return self._symbol_name(token)

    def _symbol_name(self, token: Token) -> str:
        text = token.text[1:]
        return _unescape(text[1:-1]) if text.startswith('"') else text

    def parse_integer(self, element_type: str = "i64") -> int:
        """An integer literal that must fit ``element_type`` (i64 unless
        said): attributes travel to kernels as int64, never as bignums."""
        negative = self.accept("-")
        token = self.token
        if token.kind == "int":
            value = int(token.text)
        elif token.kind == "hex":
            value = int(token.text, 16)
        else:
            raise self.error(f"expected an integer, got {_describe(token)}")
        value = -value if negative else value
        if not integer_fits(value, element_type):
            raise self.error(f"integer {value} does not fit {element_type}", token)
        self.lexer.advance()
        return value

    def parse_number(self) -> int | float:
        """An integer or float literal, possibly negative (hex stays int)."""
        negative = self.accept("-")
        token = self.token
        if token.kind == "float":
            value: int | float = float(token.text)
        elif token.kind == "int":
            value = int(token.text)
        elif token.kind == "hex":
            value = _Bits(int(token.text, 16))
        elif token.kind == "ident" and token.text in ("inf", "nan"):
            value = float(token.text)
        else:
            raise self.error(f"expected a number, got {_describe(token)}")
        self.lexer.advance()
        if negative:
            if isinstance(value, _Bits):
                raise self.error("a hex literal cannot be negative", token)
            value = -value
        return value

    def parse_integer_list(self) -> list[int]:
        """``[1, 2, 3]`` (possibly empty)."""
        self.expect("[")
        values = []
        if not self.at("]"):
            while True:
                values.append(self.parse_integer())
                if not self.accept(","):
                    break
        self.expect("]", "to close the list")
        return values

    # --- types ------------------------------------------------------------------------

    def parse_type(self) -> Type:
        token = self.token
        if token.kind == "ident":
            if token.text == "tensor":
                return self._parse_plain_tensor_type() or self._parse_tensor_type()
            if token.text == "tuple":
                self.lexer.advance()
                self.expect("<", "after 'tuple'")
                types = [] if self.at(">") else self.parse_type_list()
                self.expect(">", "to close the tuple type")
                return TupleType(tuple(types))
            if token.text in ("vector", "memref"):
                raise self.error(f"{token.text} types are not supported")
            element = self._parse_element_type()
            return element  # type: ignore[return-value]
        if token.kind == "bang":
            if token.text == "!stablehlo.token":
                self.lexer.advance()
                return TokenType()
            if token.text == "!stablehlo.future":
                self.lexer.advance()
                self.expect("<", "after '!stablehlo.future'")
                types = [] if self.at(">") else self.parse_type_list()
                self.expect(">", "to close the future type")
                return FutureType(tuple(types))
            if token.text == "!quant.uniform":
                return self._parse_quantized_type()  # type: ignore[return-value]
            if token.text in self.type_aliases:
                self.lexer.advance()
                return self.type_aliases[token.text]
            raise self.error(f"unsupported type {token.text}")
        if token.text == "(":
            return self.parse_function_type()
        raise self.error(f"expected a type, got {_describe(token)}")

    def parse_type_list(self) -> list[Type]:
        types = [self.parse_type()]
        while self.accept(","):
            types.append(self.parse_type())
        return types

    def parse_function_type(self) -> FunctionType:
        self.expect("(", "to open the function type")
        inputs = [] if self.at(")") else self.parse_type_list()
        self.expect(")", "to close the function type's inputs")
        self.expect("->", "in the function type")
        return FunctionType(tuple(inputs), tuple(self.parse_result_types()))

    def parse_result_types(self) -> list[Type]:
        """After ``->``: one type, or a parenthesized (possibly empty) list."""
        if self.accept("("):
            results = [] if self.at(")") else self.parse_type_list()
            self.expect(")", "to close the result types")
            return results
        return [self.parse_type()]

    def _parse_plain_tensor_type(self) -> TensorType | None:
        """``tensor<2x?xf32>`` in one match (None for any other spelling, which
        the token-level parser reads and reports errors for)."""
        lexer = self.lexer
        match = _PLAIN_TENSOR_TYPE_RE.match(lexer.text, lexer.token.pos)
        if match is None:
            return None
        type_ = self._plain_tensor_type(match.group())
        if type_ is not None:
            lexer.jump_to(match.end())
        return type_

    @staticmethod
    def _plain_tensor_type(spelling: str) -> TensorType | None:
        """The type ``spelling`` (all of _PLAIN_TENSOR_TYPE_RE) names; None if
        its element type is unknown."""
        type_ = _TENSOR_TYPE_CACHE.get(spelling)
        if type_ is None:
            match = _PLAIN_TENSOR_TYPE_RE.match(spelling)
            element_type = match.group(2)  # type: ignore[union-attr]
            if not is_valid_element_type(element_type):
                return None
            dims = match.group(1).split("x")[:-1]  # type: ignore[union-attr]
            if any(len(d) > MAX_DECIMAL_DIGITS for d in dims):
                return None
            type_ = TensorType(tuple(None if d == "?" else int(d) for d in dims), element_type)
            if tensor_size_error(type_) is not None:
                return None  # the token-level parser reports it, with its position
            if len(_TENSOR_TYPE_CACHE) >= _TENSOR_TYPE_CACHE_LIMIT:
                _TENSOR_TYPE_CACHE.clear()
            _TENSOR_TYPE_CACHE[spelling] = type_
        return type_

    def _parse_tensor_type(self) -> TensorType:
        start = self.expect("tensor")
        self.expect("<", "after 'tensor'")
        if self.at("*"):
            raise self.error("unranked tensors are not supported")
        match = self.lexer.scan_raw(_DIMS_RE)
        dims_text = match.group() if match else ""
        dims = dims_text.split("x")[:-1]
        for dim in dims:
            if len(dim) > MAX_DECIMAL_DIGITS:
                raise self.error(f"type too large: a dimension of {len(dim)} digits", start)
        shape = tuple(None if d == "?" else int(d) for d in dims)
        element_type = self._parse_element_type()
        encoding = None
        if self.accept(","):
            encoding = self.parse_attribute()
        self.expect(">", "to close the tensor type")
        type_ = TensorType(shape, element_type, encoding)
        error = tensor_size_error(type_)
        if error is not None:
            raise self.error(f"type too large: {error}", start)
        return type_

    def _parse_element_type(self) -> Any:
        token = self.token
        if token.kind == "bang" and token.text == "!quant.uniform":
            return self._parse_quantized_type()
        if token.kind != "ident":
            raise self.error(f"expected an element type, got {_describe(token)}")
        if token.text == "complex":
            self.lexer.advance()
            self.expect("<", "after 'complex'")
            part = self.expect_kind("ident", "a float type").text
            self.expect(">", "to close the complex type")
            spelling = f"complex<{part}>"
        else:
            self.lexer.advance()
            spelling = token.text
        if not is_valid_element_type(spelling):
            raise self.error(f"unknown element type '{spelling}'", token)
        return spelling

    def _parse_quantized_type(self) -> QuantizedType:
        self.lexer.advance()
        self.expect("<", "after !quant.uniform")
        storage = self.expect_kind("ident", "a storage type like i8").text
        storage_min = storage_max = None
        if self.accept("<"):
            storage_min = self.parse_integer()
            self.expect(":", "in the storage range")
            storage_max = self.parse_integer()
            self.expect(">", "to close the storage range")
        self.expect(":", "after the storage type")
        expressed = self.expect_kind("ident", "an expressed type like f32").text
        axis = None
        if self.accept(":"):
            axis = self.parse_integer()
        self.expect(",", "before the quantization scale")
        scales: list[float] = []
        zero_points: list[int] = []

        def parse_pair() -> None:
            scales.append(float(self.parse_number()))
            zero_points.append(self.parse_integer() if self.accept(":") else 0)

        if self.accept("{"):
            while True:
                parse_pair()
                if not self.accept(","):
                    break
            self.expect("}", "to close the per-axis scales")
        else:
            parse_pair()
        self.expect(">", "to close the quantized type")
        try:
            return QuantizedType(storage, expressed, tuple(scales), tuple(zero_points), axis,
                                 storage_min, storage_max)
        except ValueError as err:
            raise self.error(str(err)) from err

    # --- attributes ---------------------------------------------------------------------

    def parse_attr_dict(self) -> dict[str, Any]:
        self.expect("{", "to open an attribute dictionary")
        attributes: dict[str, Any] = {}
        if not self.at("}"):
            while True:
                token = self.token
                if token.kind == "ident":
                    key = token.text
                elif token.kind == "string":
                    key = _unescape(token.text[1:-1])
                else:
                    raise self.error(f"expected an attribute name, got {_describe(token)}")
                self.lexer.advance()
                attributes[key] = self.parse_attribute() if self.accept("=") else UNIT
                if not self.accept(","):
                    break
        self.expect("}", "to close the attribute dictionary")
        return attributes

    def parse_attribute(self) -> Any:
        token = self.token
        kind = token.kind
        if kind in ("int", "float", "hex") or token.text == "-":
            return self._parse_typed_number()
        if kind == "string":
            self.lexer.advance()
            value = _unescape(token.text[1:-1])
            if self.accept(":"):
                self.parse_type()  # a typed string: the type carries no meaning here
            return value
        if kind == "symbol":
            self.lexer.advance()
            nested = []
            while self.accept("::"):
                nested.append(self._symbol_name(self.expect_kind("symbol", "a nested symbol")))
            return SymbolRef(self._symbol_name(token), tuple(nested))
        if kind == "hash":
            return self._parse_hash_attribute()
        if kind == "bang":
            return self.parse_type()
        if token.text == "[":
            self.lexer.advance()
            items = []
            if not self.at("]"):
                while True:
                    items.append(self.parse_attribute())
                    if not self.accept(","):
                        break
            self.expect("]", "to close the array attribute")
            return items
        if token.text == "{":
            return self.parse_attr_dict()
        if token.text == "(":
            return self.parse_function_type()
        if kind == "ident":
            word = token.text
            if word in ("true", "false"):
                self.lexer.advance()
                return word == "true"
            if word == "unit":
                self.lexer.advance()
                return UNIT
            if word == "dense":
                return self.parse_dense()
            if word == "array":
                return self._parse_dense_array()
            if word in ("dense_resource", "sparse", "affine_map", "strided", "distinct"):
                raise self.error(f"'{word}' attributes are not supported")
            type_ = self.parse_type()
            return ElementTypeAttr(type_) if isinstance(type_, str) else type_
        raise self.error(f"expected an attribute value, got {_describe(token)}")

    def _parse_typed_number(self) -> Any:
        start = self.token
        value = self.parse_number()
        type_ = "f64" if isinstance(value, float) else "i64"
        if self.accept(":"):
            type_token = self.token
            type_ = self.parse_type()  # type: ignore[assignment]
            if not isinstance(type_, str):
                raise self.error("a number attribute needs a scalar type", type_token)
        if is_float(type_):
            if isinstance(value, _Bits):
                bits = np.array([int(value)], dtype=np.uint64)
                value = _bits_to_float(bits, type_)[0]
            return FloatAttr(float(value), type_)
        if isinstance(value, float) or not (is_integer(type_) or type_ == "index"):
            raise self.error(f"number {start.text} does not fit type {type_}", start)
        # A hex literal of a signless type may spell the unsigned bit pattern.
        if not (integer_fits(int(value), type_) or (
                isinstance(value, _Bits) and is_integer(type_) and type_.startswith("i")
                and integer_fits(int(value), "u" + type_))):
            raise self.error(f"integer {int(value)} does not fit {type_}", start)
        if type_ == "i1":
            return bool(value)
        return IntegerAttr(int(value), type_)

    def _parse_dense_array(self) -> DenseArray:
        self.expect("array")
        self.expect("<", "after 'array'")
        element_type = self.expect_kind("ident", "an element type").text
        values: list[Any] = []
        if self.accept(":"):
            while True:
                if self.at("true") or self.at("false"):
                    values.append(self.lexer.advance().text == "true")
                else:
                    token = self.token
                    values.append(self.parse_number())
                    if (isinstance(values[-1], int) and is_integer(element_type)
                            and not integer_fits(values[-1], element_type)):
                        raise self.error(f"integer {values[-1]} does not fit {element_type}",
                                         token)
                if not self.accept(","):
                    break
        self.expect(">", "to close the array")
        return DenseArray(element_type, tuple(values))

    def _parse_hash_attribute(self) -> Any:
        token = self.lexer.advance()
        name = token.text[1:]
        if not self.at("<"):
            if token.text in self.attribute_aliases:
                return self.attribute_aliases[token.text]
            return OpaqueAttribute(token.text)
        if name in ("stablehlo", "chlo"):
            start = self.token
            self.expect("<")
            kind_token = self.token
            if kind_token.kind == "ident" and kind_token.text in ENUM_KINDS:
                self.lexer.advance()
                value_token = self.expect_kind("ident", f"a {kind_token.text} value")
                self.expect(">", "to close the enum attribute")
                try:
                    return ENUM_KINDS[kind_token.text](value_token.text, name)
                except ValueError as err:
                    raise self.error(str(err), value_token) from err
            self.lexer.token = start  # not an enum: re-read the group verbatim
            return OpaqueAttribute(token.text + self.lexer.skip_balanced())
        if name == "stablehlo.conv":
            self.expect("<")
            if self.at("raw"):
                self.lexer.advance()
                fields = self._parse_key_values(">")
                result = make_structured_conv(fields)
            else:
                result = self.parse_conv_dimensions()
            self.expect(">", "to close #stablehlo.conv")
            return result
        if name in STRUCTURED_ATTRIBUTES:
            start = self.token
            self.expect("<")
            fields = self._parse_key_values(">")
            self.expect(">", f"to close #{name}")
            try:
                return make_structured(name, fields)
            except (TypeError, ValueError) as err:
                raise self.error(str(err), start) from err
        return OpaqueAttribute(token.text + self.lexer.skip_balanced())

    def _parse_key_values(self, closer: str) -> dict[str, Any]:
        """``key = value, ...`` inside a structured attribute; values are ints,
        int lists (``?`` for unknown), bools or type names."""
        values: dict[str, Any] = {}
        while not self.at(closer):
            key = self.expect_kind("ident", "a field name").text
            self.expect("=", f"after '{key}'")
            if self.at("["):
                self.lexer.advance()
                items: list[int | None] = []
                if not self.at("]"):
                    while True:
                        items.append(None if self.accept("?") else self.parse_integer())
                        if not self.accept(","):
                            break
                self.expect("]", "to close the list")
                values[key] = tuple(items)
            elif self.at("true") or self.at("false"):
                values[key] = self.lexer.advance().text == "true"
            elif self.token.kind in ("int", "hex") or self.at("-"):
                values[key] = self.parse_integer()
            elif self.token.kind == "ident":
                values[key] = str(self.parse_type())
            else:
                values[key] = self.parse_attribute()
            if not self.accept(","):
                break
        return values

    def parse_conv_dimensions(self) -> ConvDimensionNumbers:
        """``[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]``."""
        start = self.token
        lhs = self._parse_conv_layout()
        separator = self.expect_kind("ident", "'x' between the input and kernel layouts")
        if separator.text != "x":
            raise self.error("expected 'x' between the input and kernel layouts", separator)
        rhs = self._parse_conv_layout()
        self.expect("->", "before the output layout")
        out = self._parse_conv_layout()
        try:
            return ConvDimensionNumbers(
                input_batch_dimension=lhs["b"], input_feature_dimension=lhs["f"],
                input_spatial_dimensions=lhs["spatial"],
                kernel_input_feature_dimension=rhs["i"], kernel_output_feature_dimension=rhs["o"],
                kernel_spatial_dimensions=rhs["spatial"],
                output_batch_dimension=out["b"], output_feature_dimension=out["f"],
                output_spatial_dimensions=out["spatial"])
        except KeyError as err:
            raise self.error(f"convolution layout lacks dimension {err}", start) from err

    def _parse_conv_layout(self) -> dict[str, Any]:
        self.expect("[", "to open a convolution layout")
        labels: dict[str, Any] = {}
        spatial: dict[int, int] = {}
        position = 0
        while not self.at("]"):
            token = self.lexer.advance()
            if not _CONV_LABEL_RE.match(token.text):
                raise self.error(f"unexpected convolution dimension label {token.text!r}", token)
            if token.kind == "int":
                spatial[int(token.text)] = position
            else:
                labels[token.text] = position
            position += 1
            if not self.accept(","):
                break
        self.expect("]", "to close the convolution layout")
        labels["spatial"] = tuple(spatial[i] for i in sorted(spatial))
        return labels

    # --- dense elements -------------------------------------------------------------------

    def parse_dense(self) -> DenseElements:
        start = self.expect("dense")
        self.expect("<", "after 'dense'")
        literal: Any
        if self.at(">"):
            literal = []
        elif self.token.kind == "string":
            literal = self._parse_hex_string()
        else:
            literal = self._parse_dense_literal()
        self.expect(">", "to close the dense literal")
        self.expect(":", "before the dense literal's type")
        type_token = self.token
        type_ = self.parse_type()
        if not isinstance(type_, TensorType):
            raise self.error("a dense literal needs a tensor type", type_token)
        try:
            return make_dense(literal, type_)
        except (ValueError, OverflowError, TypeError) as err:
            raise self.error(f"invalid dense literal for {type_}: {err}", start) from err

    def _parse_hex_string(self) -> bytes:
        token = self.lexer.advance()
        text = token.text[1:-1]
        if not text.startswith("0x"):
            raise self.error("a dense string literal must be hex data starting with 0x", token)
        try:
            return bytes.fromhex(text[2:])
        except ValueError as err:
            raise self.error(f"bad hex data: {err}", token) from err

    def _parse_dense_literal(self) -> Any:
        token = self.token
        if token.text == "[":
            self.lexer.advance()
            items = []
            if not self.at("]"):
                while True:
                    items.append(self._parse_dense_literal())
                    if not self.accept(","):
                        break
            self.expect("]", "to close the dense list")
            return items
        if token.text == "(":
            self.lexer.advance()
            real = self.parse_number()
            self.expect(",", "between the real and imaginary parts")
            imag = self.parse_number()
            self.expect(")", "to close the complex value")
            return (real, imag)
        if token.kind == "ident" and token.text in ("true", "false"):
            self.lexer.advance()
            return token.text == "true"
        return self.parse_number()


# --- helpers -----------------------------------------------------------------------------


_ESCAPE_RE = re.compile(r"\\(?:([0-9a-fA-F]{2})|(.))", re.DOTALL)


def _unescape(text: str) -> str:
    if "\\" not in text:
        return text
    out = bytearray()
    pos = 0
    for match in _ESCAPE_RE.finditer(text):
        out += text[pos:match.start()].encode("utf-8", errors="surrogateescape")
        if match.group(1):
            out.append(int(match.group(1), 16))
        else:
            char = match.group(2)
            out += {"n": b"\n", "t": b"\t", '"': b'"', "\\": b"\\"}.get(
                char, char.encode("utf-8"))
        pos = match.end()
    out += text[pos:].encode("utf-8", errors="surrogateescape")
    return out.decode("utf-8", errors="surrogateescape")


def make_structured_conv(fields: dict[str, Any]) -> ConvDimensionNumbers:
    return ConvDimensionNumbers(**{k: tuple(v) if isinstance(v, list) else v
                                   for k, v in fields.items()})


def _bits_to_float(bits: np.ndarray, element_type: str) -> np.ndarray:
    dtype = numpy_dtype(element_type)
    unsigned = np.dtype(f"u{dtype.itemsize}")
    return bits.astype(unsigned).view(dtype)


def _literal_shape(literal: Any) -> tuple[int, ...] | None:
    """Shape of a nested list literal (None for a scalar splat)."""
    if not isinstance(literal, list):
        return None
    shape = []
    level: Any = literal
    while isinstance(level, list):
        shape.append(len(level))
        if not level:
            break
        level = level[0]
    return tuple(shape)


def _flatten(literal: Any, out: list[Any]) -> None:
    if isinstance(literal, list):
        for item in literal:
            _flatten(item, out)
    else:
        out.append(literal)


def make_dense(literal: Any, type_: TensorType) -> DenseElements:
    """Builds DenseElements from a parsed literal: hex ``bytes``, a scalar
    (splat) or nested lists matching the tensor's shape."""
    if not type_.is_static:
        raise ValueError("dense literals need a static shape")
    element_type = type_.element_type
    storage_type = element_type
    if isinstance(element_type, QuantizedType):
        storage_type = element_type.storage_type
    dtype = numpy_dtype(storage_type)
    shape = type_.shape
    count = type_.num_elements
    if isinstance(literal, bytes):
        if len(literal) == dtype.itemsize and count != 1 and not (
                storage_type == "i1" and len(literal) == (count + 7) // 8):
            return DenseElements.splat(np.frombuffer(literal, dtype=dtype)[0], type_)
        return DenseElements(_array_from_bytes(literal, dtype, shape, count, storage_type), type_)
    literal_shape = _literal_shape(literal)
    if literal_shape is None:
        flat = [literal]
    else:
        if literal_shape != tuple(shape) and not (count == 0 and literal == []):
            raise ValueError(f"literal of shape {list(literal_shape)} does not match the type's "
                             f"shape {list(shape)}")
        flat = []
        _flatten(literal, flat)
        if len(flat) != count:
            raise ValueError("ragged nested list")
    array = _convert_elements(flat, storage_type, dtype)
    if literal_shape is None and count != 1:
        # Kept as one element: a few bytes of text may spell gigabytes.
        return DenseElements.splat(array.reshape(()), type_)
    return DenseElements(array.reshape(shape), type_)


def _array_from_bytes(data: bytes, dtype: np.dtype, shape: tuple, count: int,
                      element_type: str) -> np.ndarray:
    itemsize = dtype.itemsize
    if element_type == "i1" and len(data) == (count + 7) // 8 and len(data) != count:
        bits = np.unpackbits(np.frombuffer(data, np.uint8), bitorder="little")[:count]
        return bits.astype(np.bool_).reshape(shape)
    if len(data) == itemsize and count != 1:
        return np.broadcast_to(np.frombuffer(data, dtype=dtype), (count,)).reshape(shape).copy()
    if len(data) != itemsize * count:
        raise ValueError(f"hex data has {len(data)} bytes, expected {itemsize * count}")
    return np.frombuffer(data, dtype=dtype).reshape(shape).copy()


_INTEGER_INFO: dict[np.dtype, Any] = {}


def _integer_info(dtype: np.dtype) -> Any:
    """``ml_dtypes.iinfo(dtype)``, kept per dtype (building one is not cheap)."""
    info = _INTEGER_INFO.get(dtype)
    if info is None:
        info = _INTEGER_INFO[dtype] = ml_dtypes.iinfo(dtype)
    return info


def _convert_elements(flat: list[Any], element_type: str, dtype: np.dtype) -> np.ndarray:
    if element_type == "i1":
        for item in flat:
            if not (isinstance(item, bool) or item in (0, 1)) or isinstance(item, float):
                raise ValueError(f"{item!r} is not a boolean")
        return np.array([bool(v) for v in flat], dtype=np.bool_)
    if is_complex(element_type):
        part = complex_part_type(element_type)
        parts = []
        for item in flat:
            if not isinstance(item, tuple):
                raise ValueError(f"{item!r} is not a complex value (re, im)")
            parts.extend(item)
        values = _convert_elements(parts, part, numpy_dtype(part))
        return values.view(dtype)
    if is_float(element_type):
        if any(isinstance(v, bool) or isinstance(v, tuple) for v in flat):
            raise ValueError("expected floating point elements")
        if not any(isinstance(v, _Bits) for v in flat):
            return np.array(flat, dtype=np.float64).astype(dtype)
        out = np.empty(len(flat), dtype=dtype)
        for index, item in enumerate(flat):
            if isinstance(item, _Bits):
                out[index] = _bits_to_float(np.array([int(item)], dtype=np.uint64), element_type)[0]
            else:
                out[index] = item
        return out
    if is_integer(element_type) or element_type == "index":
        for item in flat:
            if isinstance(item, (float, tuple, bool)):
                raise ValueError(f"{item!r} is not an integer")
        info = _integer_info(dtype)
        if flat and (min(flat) < info.min or max(flat) > info.max):
            raise ValueError(f"integer out of range for {element_type}")
        return np.array([int(v) for v in flat], dtype=dtype)
    raise ValueError(f"dense literals of {element_type} are not supported")
