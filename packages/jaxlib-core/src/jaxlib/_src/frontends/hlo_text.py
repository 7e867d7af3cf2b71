"""Parses XLA's HLO text into the IR, translating each HLO instruction into the
matching StableHLO op.

* The ENTRY computation becomes the public function ``@main``; its parameters
  are the function's arguments; a tuple-shaped ROOT is returned as several
  results (as PjRt untuples an entry result).
* Computations used by ``to_apply=``, ``condition=``/``body=`` and
  ``true_computation=``/``branch_computations=`` become regions of the op;
  those used by ``call`` and ``fusion`` (``calls=``) become private functions
  called with ``func.call``.
* ``while`` loops over a tuple carry its elements as separate loop values; the
  tuple the HLO body expects is rebuilt with ``stablehlo.tuple`` inside the
  region, and simplification is left to later passes.
* ``metadata=``, ``frontend_attributes=`` and layouts are dropped; ``sharding=``
  is kept verbatim as the ``mhlo.sharding`` string attribute.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jaxlib._src.frontends.lexer import MAX_DECIMAL_DIGITS, ParseError
from jaxlib._src.frontends.mlir_text import make_dense
from jaxlib._src.ir.attributes import (
    ComparisonDirection,
    ComparisonType,
    DenseArray,
    DenseElements,
    DotDimensionNumbers,
    GatherDimensionNumbers,
    IntegerAttr,
    Precision,
    RngAlgorithm,
    ScatterDimensionNumbers,
    SymbolRef,
    TypeExtensions,
)
from jaxlib._src.ir.core import (
    Block,
    Function,
    Module,
    OpDef,
    Operation,
    Region,
    Value,
    load_op_table,
    watch_op_table,
)
from jaxlib._src.ir.element_types import ELEMENT_TYPES
from jaxlib._src.ir.hlo_attributes import (
    DOT_DIMS,
    GATHER_DIMS,
    SCATTER_DIMS,
    parse_dim_labels,
    parse_dimension_numbers,
    parse_int_list,
    parse_window,
)
from jaxlib._src.ir.types import (
    FunctionType,
    TensorType,
    TokenType,
    TupleType,
    Type,
    integer_fits,
    tensor_size_error,
)

__all__ = ["parse_hlo_module"]

# XLA name -> MLIR element type (types the IR can spell).
_ELEMENT_TYPES = {row.xla: row.mlir for row in ELEMENT_TYPES if row.mlir is not None}

# HLO opcode -> StableHLO op for instructions whose operands and result map
# 1:1 (the op table's ``hlo`` opcodes). Where two ops print as one opcode
# (create_token and after_all), it reads back as the op it names.
_ELEMENTWISE: dict[str, str] = {}


def _declare(op_def: OpDef) -> None:
    opcode = op_def.hlo
    if opcode is not None and (opcode not in _ELEMENTWISE or op_def.name.partition(".")[2]
                               == opcode.replace("-", "_")):
        _ELEMENTWISE[opcode] = op_def.name


watch_op_table(_declare)

_API_VERSIONS = {"API_VERSION_ORIGINAL": 1, "API_VERSION_STATUS_RETURNING": 2,
                 "API_VERSION_STATUS_RETURNING_UNIFIED": 3, "API_VERSION_TYPED_FFI": 4}

_SHAPE_RE = re.compile(r"(\w+)\[([^\]]*)\](\{[^}]*\})?")
_NAME_RE = re.compile(r"%?([\w.\-]+)")
_OPCODE_RE = re.compile(r"[a-z][\w\-]*")
_INTEGER_RE = re.compile(r"[+-]?\d+")


def parse_hlo_module(text: str) -> Module:
    """Parses HLO text (``HloModule name, ... ENTRY ... { ... }``) into a Module."""
    load_op_table()
    parser = _HloParser(text)
    try:
        return parser.parse()
    except RecursionError:  # nested shapes or attributes
        raise parser.error("nesting too deep") from None


# --- text structure -------------------------------------------------------------------


@dataclass
class _Instruction:
    name: str
    shape: Type
    opcode: str
    operands: list[str]
    raw_operands: str
    attributes: dict[str, str]
    is_root: bool
    line: int
    column: int


@dataclass
class _Computation:
    name: str
    is_entry: bool
    instructions: list[_Instruction] = field(default_factory=list)

    @property
    def root(self) -> _Instruction:
        for inst in self.instructions:
            if inst.is_root:
                return inst
        return self.instructions[-1]

    def parameters(self) -> list[_Instruction]:
        params = [i for i in self.instructions if i.opcode == "parameter"]
        return sorted(params, key=lambda i: int(i.raw_operands))


class _HloParser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self._line_starts = [0] + [m.end() for m in re.finditer(r"\n", text)]

    # cursor helpers

    def error(self, message: str, pos: int | None = None) -> ParseError:
        line, column = self.line_column(self.pos if pos is None else pos)
        return ParseError(message, line, column)

    def line_column(self, pos: int) -> tuple[int, int]:
        import bisect

        index = bisect.bisect_right(self._line_starts, pos) - 1
        return index + 1, pos - self._line_starts[index] + 1

    def skip_space(self, newlines: bool = True) -> None:
        pattern = r"(?:\s+|//[^\n]*|/\*.*?\*/)*" if newlines else r"(?:[ \t\r]+|/\*.*?\*/)*"
        self.pos = re.compile(pattern, re.DOTALL).match(self.text, self.pos).end()  # type: ignore[union-attr]

    def peek(self, literal: str) -> bool:
        return self.text.startswith(literal, self.pos)

    def expect(self, literal: str, context: str) -> None:
        self.skip_space()
        if not self.peek(literal):
            found = self.text[self.pos:self.pos + 20].split("\n")[0] or "end of input"
            raise self.error(f"expected '{literal}' {context}, got {found!r}")
        self.pos += len(literal)

    def match(self, pattern: re.Pattern[str], what: str) -> re.Match[str]:
        self.skip_space()
        found = pattern.match(self.text, self.pos)
        if found is None:
            got = self.text[self.pos:self.pos + 20].split("\n")[0] or "end of input"
            raise self.error(f"expected {what}, got {got!r}")
        self.pos = found.end()
        return found

    def read_balanced(self, stop: str) -> str:
        """Raw text up to a top-level character in ``stop`` (brackets and
        strings are skipped as units)."""
        start = self.pos
        depth = 0
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char == '"':
                end = re.compile(r'"(?:[^"\\]|\\.)*"').match(text, self.pos)
                if end is None:
                    raise self.error("unterminated string")
                self.pos = end.end()
                continue
            if depth == 0 and char in stop:
                break
            if char in "([{":
                depth += 1
            elif char in ")]}":
                if depth == 0:
                    break
                depth -= 1
            self.pos += 1
        return text[start:self.pos]

    # grammar

    def parse(self) -> Module:
        self.skip_space()
        self.expect("HloModule", "at the start of HLO text")
        name = self.match(_NAME_RE, "the module name").group(1)
        header = self.pos
        module_attrs = self._parse_attribute_list()
        computations: dict[str, _Computation] = {}
        entry: _Computation | None = None
        self.skip_space()
        while self.pos < len(self.text):
            computation = self._parse_computation()
            if computation.name in computations:
                raise self.error(f"computation {computation.name} is defined twice")
            computations[computation.name] = computation
            if computation.is_entry:
                entry = computation
            self.skip_space()
        if entry is None:
            if not computations:
                raise self.error("HLO module has no computations")
            entry = list(computations.values())[-1]  # XLA's rule: the last one
        attributes: dict[str, Any] = {}
        for key, attr in (("num_partitions", "mhlo.num_partitions"),
                          ("replica_count", "mhlo.num_replicas")):
            if key in module_attrs:
                try:
                    count = _integer(module_attrs[key], "i32")
                except ValueError as err:
                    raise self.error(f"{key}: {err}", header) from None
                if count < 1:
                    raise self.error(f"{key} must be positive, got {count}", header)
                attributes[attr] = IntegerAttr(count, "i32")
        return _Translator(self, computations).translate(name, entry, attributes)

    def _parse_attribute_list(self) -> dict[str, str]:
        """``, key=value, key=value`` to the end of the line."""
        attributes: dict[str, str] = {}
        while True:
            self.skip_space(newlines=False)
            if not self.peek(","):
                return attributes
            self.pos += 1
            self.skip_space(newlines=False)
            key = self.match(re.compile(r"[\w.\-]+"), "an attribute name").group()
            self.expect("=", f"after attribute '{key}'")
            attributes[key] = self.read_balanced(",\n").strip()

    def _parse_computation(self) -> _Computation:
        self.skip_space()
        is_entry = False
        if self.peek("ENTRY"):
            is_entry = True
            self.pos += len("ENTRY")
        name = self.match(_NAME_RE, "a computation name").group(1)
        self.skip_space()
        self.read_balanced("{")  # the signature, which parameters repeat
        self.expect("{", f"to open computation {name}")
        computation = _Computation(name, is_entry)
        while True:
            self.skip_space()
            if self.peek("}"):
                self.pos += 1
                break
            if self.pos >= len(self.text):
                raise self.error(f"computation {name} is not closed with '}}'")
            computation.instructions.append(self._parse_instruction())
        if not computation.instructions:
            raise self.error(f"computation {name} is empty")
        self._parse_attribute_list()  # e.g. execution_thread="main"
        return computation

    def _parse_instruction(self) -> _Instruction:
        start = self.pos
        is_root = False
        if self.peek("ROOT ") or self.peek("ROOT\t"):
            is_root = True
            self.pos += 4
        name = self.match(_NAME_RE, "an instruction name").group(1)
        self.expect("=", f"after instruction name {name}")
        shape = self.parse_shape()
        opcode = self.match(_OPCODE_RE, "an opcode").group()
        self.expect("(", f"after opcode {opcode}")
        raw_operands = self.read_balanced(")")
        self.expect(")", f"to close the operands of {name}")
        attributes = self._parse_attribute_list()
        operands = [] if opcode in ("parameter", "constant", "iota") else [
            _operand_name(item) for item in _split_top_level(raw_operands) if item.strip()]
        if opcode == "parameter":
            try:
                _integer(raw_operands)
            except ValueError as err:
                raise self.error(f"parameter {name}: {err}", start) from None
        line, column = self.line_column(start)
        return _Instruction(name, shape, opcode, operands, raw_operands.strip(), attributes,
                            is_root, line, column)

    def parse_shape(self) -> Type:
        self.skip_space()
        if self.peek("("):
            # Elements are read in place, so that their errors have true positions.
            self.pos += 1
            types = []
            self.skip_space()
            while not self.peek(")"):
                types.append(self.parse_shape())
                self.skip_space()
                if self.peek(","):
                    self.pos += 1
                    self.skip_space()
                elif not self.peek(")"):
                    raise self.error("expected ',' or ')' in the tuple shape")
            self.pos += 1
            return TupleType(tuple(types))
        match = self.match(_SHAPE_RE, "a shape like f32[2,3]")
        element, dims_text = match.group(1), match.group(2)
        if element == "token":
            return TokenType()
        if element not in _ELEMENT_TYPES:
            raise self.error(f"unknown HLO element type '{element}'", match.start())
        dims: list[int | None] = []
        bounds: list[int | None] = []
        for dim in filter(None, (d.strip() for d in dims_text.split(","))):
            if dim == "?":
                dims.append(None)
                bounds.append(None)
                continue
            bounded = dim.startswith("<=")
            digits = dim[2:].strip() if bounded else dim
            if not digits.isdigit():
                raise self.error(f"bad dimension {dim!r} in shape {match.group()}", match.start())
            if len(digits) > MAX_DECIMAL_DIGITS:
                raise self.error(f"shape {element}[...] is too large: a dimension of "
                                 f"{len(digits)} digits", match.start())
            dims.append(None if bounded else int(digits))
            bounds.append(int(digits) if bounded else None)
        encoding = TypeExtensions(tuple(bounds)) if any(b is not None for b in bounds) else None
        shape = TensorType(tuple(dims), _ELEMENT_TYPES[element], encoding)
        error = tensor_size_error(shape)
        if error is not None:
            raise self.error(f"shape {match.group()} is too large: {error}", match.start())
        return shape


def _split_top_level(text: str) -> list[str]:
    items, depth, current = [], 0, []
    in_string = False
    for char in text:
        if in_string:
            current.append(char)
            if char == '"':
                in_string = False
            continue
        if char == '"':
            in_string = True
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            items.append("".join(current))
            current = []
            continue
        current.append(char)
    items.append("".join(current))
    return items


def _operand_name(item: str) -> str:
    """``%x``, ``x`` or ``f32[2]{0} %x`` -> ``x``."""
    return item.strip().split()[-1].lstrip("%")


def _integer(text: str, element_type: str = "i64") -> int:
    """An integer attribute value; ValueError (reported at its instruction)
    when it is not one or does not fit ``element_type``: kernels take int64."""
    text = text.strip()
    if not _INTEGER_RE.fullmatch(text):
        raise ValueError(f"expected an integer, got {text!r}")
    if len(text) > MAX_DECIMAL_DIGITS:
        raise ValueError(f"integer of {len(text)} digits does not fit {element_type}")
    value = int(text)
    if not integer_fits(value, element_type):
        raise ValueError(f"integer {value} does not fit {element_type}")
    return value


def _int_list(text: str) -> tuple[int, ...]:
    return parse_int_list(text, _integer)


def _first(values: tuple[int, ...], key: str) -> int:
    if not values:
        raise ValueError(f"{key}= needs a dimension")
    return values[0]


def _computation_names(text: str) -> list[str]:
    return [n.strip().lstrip("%") for n in text.strip().strip("{}").split(",") if n.strip()]


# --- translation to the IR ----------------------------------------------------------------


class _Translator:
    def __init__(self, parser: _HloParser, computations: dict[str, _Computation]) -> None:
        self.parser = parser
        self.computations = computations
        self.functions: dict[str, Function] = {}
        self.order: list[str] = []

    def error(self, inst: _Instruction, message: str) -> ParseError:
        return ParseError(f"{inst.opcode} {inst.name}: {message}", inst.line, inst.column)

    def translate(self, name: str, entry: _Computation, attributes: dict[str, Any]) -> Module:
        params = entry.parameters()
        block = Block([p.shape for p in params], argument_names=[p.name for p in params])
        arg_attrs = [{"mhlo.sharding": p.attributes["sharding"]} if "sharding" in p.attributes
                     else {} for p in params]
        root, _ = self.emit(entry, block, list(block.arguments))
        results = self.flatten(block, root)
        block.append(Operation("func.return", results, []))
        res_attrs = [{} for _ in results]
        if "sharding" in entry.root.attributes and len(results) == 1:
            res_attrs = [{"mhlo.sharding": entry.root.attributes["sharding"]}]
        main = Function("main", FunctionType(tuple(a.type for a in block.arguments),
                                             tuple(v.type for v in results)),
                        Region([block]), "public", arg_attrs, res_attrs)
        return Module(name, attributes, [main] + [self.functions[n] for n in self.order])

    def emit(self, computation: _Computation, block: Block,
             parameters: list[Value]) -> tuple[Value, dict[str, Value]]:
        """Appends the computation's instructions to ``block`` with its
        parameters bound to ``parameters``; returns the root value."""
        values: dict[str, Value] = {}
        for inst in computation.instructions:
            if inst.opcode == "parameter":
                number = int(inst.raw_operands)
                if number >= len(parameters):
                    raise self.error(inst, f"parameter {number} of {len(parameters)}")
                values[inst.name] = parameters[number]
                continue
            operands = []
            for operand in inst.operands:
                if operand not in values:
                    raise self.error(inst, f"operand {operand} is not defined before its use")
                operands.append(values[operand])
            values[inst.name] = self.emit_instruction(inst, operands, block)
        return values[computation.root.name], values

    def flatten(self, block: Block, value: Value) -> list[Value]:
        """A tuple-typed value as its elements (the tuple op's operands where
        the value was built by one), any other value as itself."""
        if not isinstance(value.type, TupleType):
            return [value]
        owner = value.owner
        if isinstance(owner, Operation) and owner.name == "stablehlo.tuple":
            return list(owner.operands)
        return [block.append(Operation("stablehlo.get_tuple_element", [value], [t],
                                       {"index": IntegerAttr(i, "i32")})).result
                for i, t in enumerate(value.type.types)]

    def region(self, computation_name: str, argument_types: list[Type], inst: _Instruction,
               captured: list[Value] | None = None) -> Region:
        """A region running ``computation_name``: its parameters are the block's
        arguments, or, for if/case branches, the ``captured`` outer values."""
        computation = self.lookup(computation_name, inst)
        block = Block(argument_types)
        parameters = captured if captured is not None else list(block.arguments)
        root, _ = self.emit(computation, block, parameters)
        block.append(Operation("stablehlo.return", self.flatten(block, root), []))
        return Region([block])

    def lookup(self, name: str, inst: _Instruction) -> _Computation:
        if name not in self.computations:
            raise self.error(inst, f"unknown computation {name}")
        return self.computations[name]

    def function(self, name: str, inst: _Instruction) -> Function:
        """The private function for a computation used by call/fusion."""
        if name not in self.functions:
            computation = self.lookup(name, inst)
            params = computation.parameters()
            block = Block([p.shape for p in params], argument_names=[p.name for p in params])
            root, _ = self.emit(computation, block, list(block.arguments))
            block.append(Operation("func.return", [root], []))
            self.functions[name] = Function(
                name, FunctionType(tuple(p.shape for p in params), (root.type,)),
                Region([block]), "private")
            self.order.append(name)
        return self.functions[name]

    # instructions

    def emit_instruction(self, inst: _Instruction, operands: list[Value], block: Block) -> Value:
        handler = _HANDLERS.get(inst.opcode)
        attributes: dict[str, Any] = {}
        if "sharding" in inst.attributes:
            attributes["mhlo.sharding"] = inst.attributes["sharding"]
        if inst.opcode == "copy":
            return operands[0]  # a copy is the same value in SSA form
        first = len(block.operations)
        if handler is not None:
            try:
                value = handler(self, inst, operands, block, attributes)
            except ParseError:
                raise
            except (ValueError, IndexError, KeyError, TypeError, OverflowError) as err:
                # Malformed attribute text: reported at its instruction.
                raise self.error(inst, str(err)) from None
        elif inst.opcode in _ELEMENTWISE:
            value = self.op(block, _ELEMENTWISE[inst.opcode], operands, inst.shape, attributes)
        else:
            raise self.error(inst, f"HLO instruction '{inst.opcode}' is not supported")
        # Verifier errors name the instruction's line:column.
        location = f"{inst.line}:{inst.column}"
        for op in block.operations[first:]:
            if op.location is None:
                op.location = location
        return value

    def op(self, block: Block, name: str, operands: list[Value], result: Type | list[Type],
           attributes: dict[str, Any] | None = None, regions: list[Region] | None = None) -> Value:
        """Appends an op; a tuple ``result`` that the op produces as separate
        results (variadic reduce, sort, while...) is passed as a list and
        re-tupled so HLO's get-tuple-element users keep working."""
        types = result if isinstance(result, list) else [result]
        op = block.append(Operation(name, operands, types, attributes or {}, regions or []))
        if isinstance(result, list):
            return block.append(Operation("stablehlo.tuple", op.results,
                                          [TupleType(tuple(types))])).result
        return op.result


def _results_of(shape: Type) -> Type | list[Type]:
    """Several results for a tuple shape, else the shape itself."""
    return list(shape.types) if isinstance(shape, TupleType) else shape


def _scalar(type_: Type) -> Type:
    if not isinstance(type_, TensorType):
        raise ValueError(f"expected a tensor, got {type_}")
    return TensorType((), type_.element_type)


Handler = Callable[[_Translator, _Instruction, list[Value], Block, dict[str, Any]], Value]
_HANDLERS: dict[str, Handler] = {}


def _handler(*opcodes: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for opcode in opcodes:
            _HANDLERS[opcode] = fn
        return fn
    return register


def _require(t: _Translator, inst: _Instruction, key: str) -> str:
    if key not in inst.attributes:
        raise t.error(inst, f"missing attribute {key}=")
    return inst.attributes[key]


@_handler("constant")
def _constant(t, inst, operands, block, attrs):
    if not isinstance(inst.shape, TensorType):
        raise t.error(inst, "tuple-shaped constants are not supported")
    try:
        value = make_dense(_parse_literal(inst.raw_operands), inst.shape)
    except (ValueError, OverflowError, TypeError) as err:
        raise t.error(inst, f"bad literal: {err}") from err
    attrs["value"] = value
    return t.op(block, "stablehlo.constant", [], inst.shape, attrs)


_LITERAL_TOKEN_RE = re.compile(r"\s*([{}(),]|[^\s{}(),]+)")


def _parse_literal(text: str) -> Any:
    tokens = [m.group(1) for m in _LITERAL_TOKEN_RE.finditer(text)]
    position = 0

    def parse() -> Any:
        nonlocal position
        token = tokens[position]
        position += 1
        if token == "{":
            items = []
            while tokens[position] != "}":
                items.append(parse())
                if tokens[position] == ",":
                    position += 1
            position += 1
            return items
        if token == "(":
            real = parse()
            position += 1  # ','
            imag = parse()
            position += 1  # ')'
            return (float(real), float(imag))
        return _literal_scalar(token)

    if not tokens:
        raise ValueError("empty literal")
    try:
        return parse()
    except IndexError:
        raise ValueError(f"unbalanced literal {text!r}") from None


def _literal_scalar(token: str) -> Any:
    if token in ("true", "false"):
        return token == "true"
    lowered = token.lower()
    if lowered in ("inf", "+inf", "-inf", "nan", "-nan", "+nan"):
        return float(lowered)
    if re.fullmatch(r"[+-]?\d+", token):
        if len(token) > MAX_DECIMAL_DIGITS:
            raise ValueError(f"integer literal of {len(token)} digits is out of range")
        return int(token)
    return float(token)


@_handler("compare")
def _compare(t, inst, operands, block, attrs):
    try:
        attrs["comparison_direction"] = ComparisonDirection(_require(t, inst, "direction"))
        if "type" in inst.attributes:
            attrs["compare_type"] = ComparisonType(inst.attributes["type"])
    except ValueError as err:
        raise t.error(inst, str(err)) from err
    return t.op(block, "stablehlo.compare", operands, inst.shape, attrs)


@_handler("broadcast")
def _broadcast(t, inst, operands, block, attrs):
    dims = _int_list(inst.attributes.get("dimensions", "{}"))
    attrs["broadcast_dimensions"] = DenseArray("i64", dims)
    return t.op(block, "stablehlo.broadcast_in_dim", operands, inst.shape, attrs)


@_handler("transpose")
def _transpose(t, inst, operands, block, attrs):
    attrs["permutation"] = DenseArray("i64", _int_list(_require(t, inst, "dimensions")))
    return t.op(block, "stablehlo.transpose", operands, inst.shape, attrs)


@_handler("reverse")
def _reverse(t, inst, operands, block, attrs):
    attrs["dimensions"] = DenseArray("i64", _int_list(_require(t, inst, "dimensions")))
    return t.op(block, "stablehlo.reverse", operands, inst.shape, attrs)


@_handler("concatenate")
def _concatenate(t, inst, operands, block, attrs):
    dims = _int_list(_require(t, inst, "dimensions"))
    attrs["dimension"] = IntegerAttr(_first(dims, "dimensions"), "i64")
    return t.op(block, "stablehlo.concatenate", operands, inst.shape, attrs)


@_handler("iota")
def _iota(t, inst, operands, block, attrs):
    attrs["iota_dimension"] = IntegerAttr(_integer(_require(t, inst, "iota_dimension")), "i64")
    return t.op(block, "stablehlo.iota", [], inst.shape, attrs)


@_handler("slice")
def _slice(t, inst, operands, block, attrs):
    ranges = re.findall(r"\[([^\]]*)\]", _require(t, inst, "slice"))
    starts, limits, strides = [], [], []
    for item in ranges:
        parts = [_integer(p) for p in item.split(":")]
        starts.append(parts[0])
        limits.append(parts[1])
        strides.append(parts[2] if len(parts) > 2 else 1)
    attrs.update(start_indices=DenseArray("i64", tuple(starts)),
                 limit_indices=DenseArray("i64", tuple(limits)),
                 strides=DenseArray("i64", tuple(strides)))
    return t.op(block, "stablehlo.slice", operands, inst.shape, attrs)


@_handler("dynamic-slice")
def _dynamic_slice(t, inst, operands, block, attrs):
    attrs["slice_sizes"] = DenseArray("i64", _int_list(_require(t, inst, "dynamic_slice_sizes")))
    return t.op(block, "stablehlo.dynamic_slice", operands, inst.shape, attrs)


@_handler("dynamic-update-slice")
def _dynamic_update_slice(t, inst, operands, block, attrs):
    return t.op(block, "stablehlo.dynamic_update_slice", operands, inst.shape, attrs)


@_handler("pad")
def _pad(t, inst, operands, block, attrs):
    low, high, interior = [], [], []
    for dim in _require(t, inst, "padding").split("x"):
        parts = [_integer(p) for p in dim.split("_")]
        low.append(parts[0])
        high.append(parts[1])
        interior.append(parts[2] if len(parts) > 2 else 0)
    attrs.update(edge_padding_low=DenseArray("i64", tuple(low)),
                 edge_padding_high=DenseArray("i64", tuple(high)),
                 interior_padding=DenseArray("i64", tuple(interior)))
    return t.op(block, "stablehlo.pad", operands, inst.shape, attrs)


def _precision_config(inst: _Instruction) -> list[Precision] | None:
    if "operand_precision" not in inst.attributes:
        return None
    names = inst.attributes["operand_precision"].strip("{}").split(",")
    return [Precision(n.strip().upper()) for n in names if n.strip()]


@_handler("dot")
def _dot(t, inst, operands, block, attrs):
    attrs["dot_dimension_numbers"] = parse_dimension_numbers(
        DotDimensionNumbers, inst.attributes, DOT_DIMS, _integer)
    precision = _precision_config(inst)
    if precision is not None:
        attrs["precision_config"] = precision
    return t.op(block, "stablehlo.dot_general", operands, inst.shape, attrs)


@_handler("reduce")
def _reduce(t, inst, operands, block, attrs):
    count = len(operands) // 2
    attrs["dimensions"] = DenseArray("i64", _int_list(_require(t, inst, "dimensions")))
    scalars = [_scalar(v.type) for v in operands[count:]]
    body = t.region(_require(t, inst, "to_apply").lstrip("%"), scalars * 2, inst)
    return t.op(block, "stablehlo.reduce", operands, _results_of(inst.shape), attrs, [body])


@_handler("sort")
def _sort(t, inst, operands, block, attrs):
    attrs["dimension"] = IntegerAttr(_first(_int_list(_require(t, inst, "dimensions")),
                                            "dimensions"), "i64")
    attrs["is_stable"] = inst.attributes.get("is_stable", "false") == "true"
    scalars = [s for v in operands for s in (_scalar(v.type),) * 2]
    body = t.region(_require(t, inst, "to_apply").lstrip("%"), scalars, inst)
    return t.op(block, "stablehlo.sort", operands, _results_of(inst.shape), attrs, [body])


@_handler("while")
def _while(t, inst, operands, block, attrs):
    state = operands[0]
    if isinstance(state.type, TupleType):
        elements = t.flatten(block, state)
        types = list(state.type.types)
    else:
        elements, types = [state], [state.type]
    regions = []
    for key in ("condition", "body"):
        computation = t.lookup(_require(t, inst, key).lstrip("%"), inst)
        region_block = Block(types)
        args = list(region_block.arguments)
        carried = args[0] if not isinstance(state.type, TupleType) else region_block.append(
            Operation("stablehlo.tuple", args, [state.type])).result
        root, _ = t.emit(computation, region_block, [carried])
        returned = [root] if key == "condition" else t.flatten(region_block, root)
        region_block.append(Operation("stablehlo.return", returned, []))
        regions.append(Region([region_block]))
    result = types if isinstance(state.type, TupleType) else state.type
    return t.op(block, "stablehlo.while", elements, result, attrs, regions)


@_handler("conditional")
def _conditional(t, inst, operands, block, attrs):
    selector, branch_operands = operands[0], operands[1:]
    if "branch_computations" in inst.attributes:
        names = _computation_names(inst.attributes["branch_computations"])
        op_name = "stablehlo.case"
    else:
        names = [_require(t, inst, "true_computation").lstrip("%"),
                 _require(t, inst, "false_computation").lstrip("%")]
        op_name = "stablehlo.if"
    if len(names) != len(branch_operands):
        raise t.error(inst, f"{len(names)} branches but {len(branch_operands)} branch operands")
    regions = [t.region(name, [], inst, captured=[operand])
               for name, operand in zip(names, branch_operands)]
    return t.op(block, op_name, [selector], _results_of(inst.shape), attrs, regions)


@_handler("call")
def _call(t, inst, operands, block, attrs):
    callee = t.function(_require(t, inst, "to_apply").lstrip("%"), inst)
    attrs["callee"] = SymbolRef(callee.name)
    return t.op(block, "func.call", operands, inst.shape, attrs)


@_handler("fusion")
def _fusion(t, inst, operands, block, attrs):
    callee = t.function(_require(t, inst, "calls").lstrip("%"), inst)
    attrs["callee"] = SymbolRef(callee.name)
    return t.op(block, "func.call", operands, inst.shape, attrs)


@_handler("tuple")
def _tuple(t, inst, operands, block, attrs):
    return t.op(block, "stablehlo.tuple", operands, inst.shape, attrs)


@_handler("get-tuple-element")
def _get_tuple_element(t, inst, operands, block, attrs):
    attrs["index"] = IntegerAttr(_integer(_require(t, inst, "index"), "i32"), "i32")
    return t.op(block, "stablehlo.get_tuple_element", operands, inst.shape, attrs)


@_handler("reduce-precision")
def _reduce_precision(t, inst, operands, block, attrs):
    attrs["exponent_bits"] = IntegerAttr(_integer(_require(t, inst, "exponent_bits"), "i32"),
                                         "i32")
    attrs["mantissa_bits"] = IntegerAttr(_integer(_require(t, inst, "mantissa_bits"), "i32"),
                                         "i32")
    return t.op(block, "stablehlo.reduce_precision", operands, inst.shape, attrs)


@_handler("custom-call")
def _custom_call(t, inst, operands, block, attrs):
    attrs["call_target_name"] = _unquote(_require(t, inst, "custom_call_target"))
    if "backend_config" in inst.attributes:
        attrs["backend_config"] = _unquote(inst.attributes["backend_config"])
    if "api_version" in inst.attributes:
        version = inst.attributes["api_version"]
        if version not in _API_VERSIONS:
            raise t.error(inst, f"unknown api_version {version}")
        attrs["api_version"] = IntegerAttr(_API_VERSIONS[version], "i32")
    if inst.attributes.get("custom_call_has_side_effect") == "true":
        attrs["has_side_effect"] = True
    return t.op(block, "stablehlo.custom_call", operands, _results_of(inst.shape), attrs)


@_handler("rng-bit-generator")
def _rng_bit_generator(t, inst, operands, block, attrs):
    algorithm = inst.attributes.get("algorithm", "rng_default").upper().removeprefix("RNG_")
    attrs["rng_algorithm"] = RngAlgorithm(algorithm)
    return t.op(block, "stablehlo.rng_bit_generator", operands, _results_of(inst.shape), attrs)


def _parse_window(text: str) -> dict[str, tuple[int, ...] | list[list[int]]]:
    return parse_window(text, _integer)


def _padding_attr(pad: list[list[int]]) -> DenseElements:
    array = np.array(pad, dtype=np.int64).reshape(len(pad), 2)
    return DenseElements(array, TensorType((len(pad), 2), "i64"))


@_handler("reduce-window")
def _reduce_window(t, inst, operands, block, attrs):
    count = len(operands) // 2
    window = _parse_window(_require(t, inst, "window"))
    attrs["window_dimensions"] = DenseArray("i64", window["size"])
    for key, name in (("stride", "window_strides"), ("lhs_dilate", "base_dilations"),
                      ("rhs_dilate", "window_dilations")):
        if key in window:
            attrs[name] = DenseArray("i64", window[key])
    if "pad" in window:
        attrs["padding"] = _padding_attr(window["pad"])
    scalars = [_scalar(v.type) for v in operands[count:]]
    body = t.region(_require(t, inst, "to_apply").lstrip("%"), scalars * 2, inst)
    return t.op(block, "stablehlo.reduce_window", operands, _results_of(inst.shape), attrs, [body])


@_handler("convolution")
def _convolution(t, inst, operands, block, attrs):
    attrs["dimension_numbers"] = parse_dim_labels(_require(t, inst, "dim_labels"))
    if "window" in inst.attributes:
        window = _parse_window(inst.attributes["window"])
        for key, name in (("stride", "window_strides"), ("lhs_dilate", "lhs_dilation"),
                          ("rhs_dilate", "rhs_dilation")):
            if key in window:
                attrs[name] = DenseArray("i64", window[key])
        if "pad" in window:
            attrs["padding"] = _padding_attr(window["pad"])
    get = inst.attributes.get
    attrs["feature_group_count"] = IntegerAttr(_integer(get("feature_group_count", "1")))
    attrs["batch_group_count"] = IntegerAttr(_integer(get("batch_group_count", "1")))
    precision = _precision_config(inst)
    if precision is not None:
        attrs["precision_config"] = precision
    return t.op(block, "stablehlo.convolution", operands, inst.shape, attrs)


@_handler("gather")
def _gather(t, inst, operands, block, attrs):
    get = inst.attributes.get
    attrs["dimension_numbers"] = parse_dimension_numbers(
        GatherDimensionNumbers, inst.attributes, GATHER_DIMS, _integer)
    attrs["slice_sizes"] = DenseArray("i64", _int_list(_require(t, inst, "slice_sizes")))
    attrs["indices_are_sorted"] = get("indices_are_sorted", "false") == "true"
    return t.op(block, "stablehlo.gather", operands, inst.shape, attrs)


@_handler("scatter")
def _scatter(t, inst, operands, block, attrs):
    get = inst.attributes.get
    attrs["scatter_dimension_numbers"] = parse_dimension_numbers(
        ScatterDimensionNumbers, inst.attributes, SCATTER_DIMS, _integer)
    attrs["indices_are_sorted"] = get("indices_are_sorted", "false") == "true"
    attrs["unique_indices"] = get("unique_indices", "false") == "true"
    count = (len(operands) - 1) // 2
    scalars = [_scalar(v.type) for v in operands[:count]]
    body = t.region(_require(t, inst, "to_apply").lstrip("%"), scalars * 2, inst)
    return t.op(block, "stablehlo.scatter", operands, _results_of(inst.shape), attrs, [body])


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return re.sub(r"\\(.)", r"\1", text[1:-1])
    return text
