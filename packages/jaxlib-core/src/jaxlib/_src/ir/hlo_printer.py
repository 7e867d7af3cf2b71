"""Prints a Module as XLA HLO text, the way ``HloModule::ToString()`` does.

The inverse of :mod:`jaxlib._src.frontends.hlo_text` wherever HLO can say
what the IR says:

* The entry function becomes ``ENTRY %main.N``; its arguments are
  ``parameter(i)`` instructions named ``Arg_i.N`` and several results are
  returned as a ROOT ``tuple``. The header carries
  ``entry_computation_layout={(...)->...}`` with XLA's default layouts
  (``{rank-1,...,0}``; scalars print none).
* Every region becomes its own computation (``region_K.N``), printed before
  the computation that uses it and referenced by ``to_apply=``,
  ``condition=``/``body=``, ``select=``/``scatter=``,
  ``true_computation=``/``false_computation=`` or ``branch_computations=``.
  Functions reached through ``func.call`` become computations under their
  own name, referenced by ``call(...), to_apply=``.
* Ops with several results produce one tuple-shaped instruction followed by
  a ``get-tuple-element`` for each result. ``while`` carries several values
  as one tuple; its regions unpack it with ``get-tuple-element``.
* ``if``/``case`` regions capture outer values implicitly; HLO branches take
  them as their one parameter: the value itself when a branch captures one,
  a tuple of them when it captures several, an empty tuple when none.
* Tuple plumbing is folded away: ``get_tuple_element`` of a ``tuple`` op is
  the tuple's operand, a ``tuple`` of all the results of one op is that op's
  instruction, and unused ``tuple``/``get_tuple_element`` ops are not
  printed. This makes printing a fixed point of parse-then-print.
* Ops with no HLO instruction (every ``chlo.*`` op, which XLA would have
  decomposed, and the few StableHLO ops marked ``no_hlo`` in the op table) are
  printed as ``custom-call`` with ``custom_call_target="<op name>"`` and
  their attributes as MLIR text in ``backend_config``. Quantized element
  types print as their storage type.
* ``mhlo.sharding`` strings print as ``sharding=``; so do Shardy
  (``sdy.sharding``) shardings when the caller passes a converter, and
  ``sdy.sharding_constraint`` then prints as the ``Sharding`` custom call.
* Locations print as ``metadata={op_name=... source_file=... source_line=...}``
  when asked (``print_metadata``): the op's name from its name locations and
  the innermost frame's file and line. Dropped: custom-call layouts.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ml_dtypes
import numpy as np

from jaxlib._src.ir.attributes import (
    ConvDimensionNumbers,
    DenseElements,
    DotDimensionNumbers,
    EnumAttr,
    OutputOperandAlias,
    SymbolRef,
)
from jaxlib._src.ir.core import (
    OP_DEFS,
    SIDE_EFFECT,
    Block,
    Function,
    Module,
    OpDef,
    Operation,
    Region,
    Value,
    is_terminator,
    load_op_table,
    watch_op_table,
)
from jaxlib._src.ir.element_types import BY_MLIR
from jaxlib._src.ir.hlo_attributes import (
    DOT_DIMS,
    GATHER_DIMS,
    SCATTER_DIMS,
    format_dim_labels,
    format_dimension_numbers,
    format_int_list,
    format_window,
)
from jaxlib._src.ir.types import (
    QuantizedType,
    TensorType,
    TokenType,
    TupleType,
    Type,
    complex_part_type,
    is_complex,
    is_float,
    is_integer,
    is_unsigned,
    numpy_dtype,
)

__all__ = ["hlo_element_type", "hlo_shape", "print_hlo_literal", "print_hlo_module"]

# Constants with more elements than this print as ``{...}`` unless asked
# (XLA's HloPrintOptions::print_large_constants, off by default).
LARGE_CONSTANT_ELEMENTS = 10

# MLIR element type -> XLA name (aliases print as their row's type).
_ELEMENT_TYPES = {name: row.xla for name, row in BY_MLIR.items()}

# StableHLO ops whose HLO instruction takes the same operands and has no
# attributes (the op table's ``hlo`` opcodes): only the opcode's spelling
# differs. Ops marked ``no_hlo`` there (dynamic-shape ops that XLA refines
# away, quantization ops it lowers to integer math, the feed/transfer ops
# whose HLO shapes differ) print as custom calls, as any op without a form.
_SIMPLE_OPCODES: dict[str, str] = {}


def _declare(op_def: OpDef) -> None:
    if op_def.hlo is not None:
        _SIMPLE_OPCODES[op_def.name] = op_def.hlo


watch_op_table(_declare)

_API_VERSIONS = {1: "API_VERSION_ORIGINAL", 2: "API_VERSION_STATUS_RETURNING",
                 3: "API_VERSION_STATUS_RETURNING_UNIFIED", 4: "API_VERSION_TYPED_FFI"}


# --- shapes ---------------------------------------------------------------------------


def hlo_element_type(element_type: Any) -> str:
    """XLA's primitive type name for an IR element type (quantized types print
    as their storage type)."""
    if isinstance(element_type, QuantizedType):
        element_type = element_type.storage_type
    if element_type not in _ELEMENT_TYPES:
        raise ValueError(f"element type {element_type} has no HLO primitive type")
    return _ELEMENT_TYPES[element_type]


def hlo_shape(type_: Type, layout: bool = True) -> str:
    """``f32[2,3]{1,0}``, ``pred[]``, ``token[]``, ``(f32[], s32[4]{0})``,
    ``f32[<=4]{0}`` for a bounded dynamic dimension; ``layout=False`` gives
    the layout-free spelling computation signatures use."""
    if isinstance(type_, TupleType):
        return "(" + ", ".join(hlo_shape(t, layout) for t in type_.types) + ")"
    if isinstance(type_, TokenType):
        return "token[]"
    if not isinstance(type_, TensorType):
        raise ValueError(f"type {type_} has no HLO shape")
    bounds = getattr(type_.encoding, "bounds", ()) or ()
    dims = []
    for index, dim in enumerate(type_.shape):
        if dim is not None:
            dims.append(str(dim))
        else:
            bound = bounds[index] if index < len(bounds) else None
            dims.append("?" if bound is None else f"<={bound}")
    text = f"{hlo_element_type(type_.element_type)}[{','.join(dims)}]"
    if layout and type_.rank:
        text += "{" + ",".join(str(d) for d in reversed(range(type_.rank))) + "}"
    return text


# XLA's memory space of the host memory kinds in a layout (``f32[8]{0:S(5)}``).
_HOST_MEMORY_SPACE = 5


def _entry_layout(type_: Type, attrs: dict) -> str:
    """An entry parameter's or result's shape with its layout, and its memory
    space when it lives in host memory (``mhlo.memory_kind``)."""
    text = hlo_shape(type_)
    if attrs.get("mhlo.memory_kind") not in ("pinned_host", "unpinned_host") \
            or not isinstance(type_, TensorType):
        return text
    space = f":S({_HOST_MEMORY_SPACE})"
    return text[:-1] + space + "}" if text.endswith("}") else text + "{" + space + "}"


def _padded(attrs: Sequence[dict] | None, count: int) -> list[dict]:
    attrs = list(attrs or [])
    return attrs + [{}] * (count - len(attrs))


# --- literals ---------------------------------------------------------------------------


def _max_digits10(dtype: np.dtype) -> int:
    """Decimal digits that always round-trip a value of ``dtype``
    (std::numeric_limits<T>::max_digits10)."""
    mantissa_bits = ml_dtypes.finfo(dtype).nmant + 1
    return math.ceil(1 + mantissa_bits * math.log10(2))


def _format_float(value: Any, dtype: np.dtype) -> str:
    """XLA's RoundTripFpToString: the shortest ``%g`` text that reads back
    to the same value (f32/f64 first try 6/15 digits)."""
    number = float(value)
    if math.isnan(number):
        return "-nan" if math.copysign(1.0, number) < 0 else "nan"
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    short = {np.dtype(np.float32): 6, np.dtype(np.float64): 15}.get(dtype)
    if short is not None:
        text = f"{number:.{short}g}"
        if np.asarray(float(text), dtype) == np.asarray(value, dtype):
            return text
    return f"{number:.{_max_digits10(dtype)}g}"


def _format_scalar(value: Any, element_type: Any, in_array: bool) -> str:
    if isinstance(element_type, QuantizedType):
        element_type = element_type.storage_type
    if element_type == "i1":
        # XLA spells predicates inside arrays as 1/0 to keep them dense.
        if in_array:
            return "1" if bool(value) else "0"
        return "true" if bool(value) else "false"
    if is_complex(element_type):
        part = numpy_dtype(complex_part_type(element_type))
        return f"({_format_float(value.real, part)}, {_format_float(value.imag, part)})"
    if is_float(element_type):
        return _format_float(value, numpy_dtype(element_type))
    return str(int(value))


def print_hlo_literal(dense: DenseElements) -> str:
    """A literal as XLA prints a constant's value on one line:
    ``1.5``, ``{1, 2, 3}``, ``{ { 1, 2 }, { 3, 4 } }`` (ranks above three
    carry ``/*iN=k*/`` index comments, as XLA's do)."""
    array = dense.array
    element_type = dense.type.element_type
    rank = array.ndim
    if rank == 0:
        return _format_scalar(array[()], element_type, in_array=False)
    pieces: list[str] = []

    def open_brace(depth: int, index: tuple[int, ...]) -> str:
        remaining = rank - depth
        if rank == 1:
            return "{"
        if remaining == 1:
            return "{" + ("" if array.shape[-1] <= 1 else " ")
        if rank > 3 and depth > 0:
            return f"{{ /*i{depth - 1}={index[-1]}*/" + (" " if array.shape[depth] > 0 else "")
        return "{ "

    def close_brace(depth: int) -> str:
        remaining = rank - depth
        if rank == 1:
            return "}"
        if remaining == 1:
            return ("" if array.shape[-1] <= 1 else " ") + "}"
        return " }"

    def emit(depth: int, index: tuple[int, ...]) -> None:
        if depth == rank:
            pieces.append(_format_scalar(array[index], element_type, in_array=True))
            return
        pieces.append(open_brace(depth, index))
        size = array.shape[depth]
        for i in range(size):
            emit(depth + 1, index + (i,))
            if i < size - 1:
                pieces.append(", ")
        pieces.append(close_brace(depth))

    emit(0, ())
    return "".join(pieces)


def _escape(text: str) -> str:
    """absl::CEscape, as XLA quotes strings."""
    out = []
    for byte in text.encode("utf-8", errors="surrogateescape"):
        char = chr(byte)
        if char in "\"'\\":
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif char == "\r":
            out.append("\\r")
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append(f"\\{byte:03o}")
    return "".join(out)


# --- attribute spellings ------------------------------------------------------------------


def _braced(values: Sequence[Any]) -> str:
    return format_int_list(values)


def _ints(op: Operation, name: str, default: Sequence[int] = ()) -> tuple[int, ...]:
    value = op.attributes.get(name)
    if value is None:
        return tuple(default)
    if isinstance(value, DenseElements):
        return tuple(int(v) for v in value.array.reshape(-1))
    return tuple(int(v) for v in value)


def _int(op: Operation, name: str, default: int) -> int:
    value = op.attributes.get(name)
    return default if value is None else int(value)


def _flag(op: Operation, name: str) -> bool:
    value = op.attributes.get(name)
    return value is not None and value is not False


def _enum_value(value: Any) -> str:
    return value.value if isinstance(value, EnumAttr) else str(value)


def _padding_pairs(op: Operation, rank: int) -> list[tuple[int, int]]:
    value = op.attributes.get("padding")
    if value is None:
        return [(0, 0)] * rank
    flat = _ints(op, "padding")
    return [(flat[2 * i], flat[2 * i + 1]) for i in range(len(flat) // 2)]


def _window(size: Sequence[int], stride: Sequence[int], pad: Sequence[tuple[int, int]],
            lhs_dilate: Sequence[int], rhs_dilate: Sequence[int],
            reversal: Sequence[bool] = ()) -> str:
    return "window=" + format_window(size, stride, pad, lhs_dilate, rhs_dilate, reversal)


def _precision(op: Operation) -> list[str]:
    config = op.attributes.get("precision_config")
    if not config:
        return []
    names = [_enum_value(p).lower() for p in config]
    if all(n == "default" for n in names):
        return []
    return ["operand_precision={" + ",".join(names) + "}"]


def _default_compare_type(element_type: Any) -> str:
    if isinstance(element_type, QuantizedType):
        element_type = element_type.storage_type
    if element_type == "i1" or is_unsigned(element_type):
        return "UNSIGNED"
    if is_integer(element_type):
        return "SIGNED"
    return "FLOAT"


def _replica_groups(op: Operation) -> str:
    value = op.attributes.get("replica_groups")
    if value is None:
        return "replica_groups={}"
    array = value.array if isinstance(value, DenseElements) else np.asarray(value)
    groups = ["{" + ",".join(str(int(v)) for v in row if int(v) >= 0) + "}"
              for row in array.reshape(array.shape[0] if array.size else 0, -1)]
    return "replica_groups={" + ",".join(groups) + "}"


def _channel(op: Operation) -> list[str]:
    handle = op.attributes.get("channel_handle")
    if handle is None or not getattr(handle, "handle", 0):
        return []
    return [f"channel_id={handle.handle}"]


def _dot_dims(dims: DotDimensionNumbers) -> list[str]:
    return format_dimension_numbers(dims, DOT_DIMS)


# --- module structure ---------------------------------------------------------------------


@dataclass
class _Instruction:
    name: str
    shape: Type
    opcode: str
    operands: list[str]  # already spelled "shape %name"
    attributes: list[str]
    body: str | None = None  # the text inside the parentheses, for constants/parameters
    is_root: bool = False

    def text(self) -> str:
        inside = self.body if self.body is not None else ", ".join(self.operands)
        line = f"%{self.name} = {hlo_shape(self.shape)} {self.opcode}({inside})"
        for attribute in self.attributes:
            line += ", " + attribute
        return ("ROOT " if self.is_root else "") + line


@dataclass
class _Computation:
    """One computation being printed: instructions in order and what each IR
    value is called here."""

    name: str
    names: dict[int, tuple[str, Type]] = field(default_factory=dict)
    instructions: list[_Instruction] = field(default_factory=list)
    parameters: list[tuple[str, Type]] = field(default_factory=list)
    # Outer values an if/case branch receives through its parameter.
    captured: dict[int, Value] = field(default_factory=dict)


# Converts a Shardy sharding attribute to HloSharding text: (attribute, the
# types it shards, whether it is a ``sharding_per_value``) -> text. The
# converter lives above this layer (it needs the module's meshes and the
# Shardy attribute grammar), so callers that print Shardy modules pass it in.
SdyShardingText = Callable[[Any, Sequence[Type], bool], str]


def print_hlo_module(module: Module, entry: str | None = None, *,
                     print_large_constants: bool = False,
                     sdy_sharding_text: SdyShardingText | None = None,
                     drop_dead: bool = False, print_metadata: bool = False) -> str:
    """``module`` as XLA HLO text. ``entry`` names the entry function (by
    default ``main``, else the first public function). Constants with more
    than ten elements print as ``{...}`` unless ``print_large_constants``.
    With ``sdy_sharding_text``, Shardy shardings print as ``sharding=`` and
    ``sdy.sharding_constraint`` as XLA's ``Sharding`` custom call, as XLA's
    Shardy export does; without it they are dropped. ``drop_dead``: ops whose
    results nothing reads and that have no side effects are left out, as
    XLA's compiled text has them (its dead-code elimination).
    ``print_metadata``: each instruction's source location as ``metadata=``."""
    load_op_table()
    printer = _HloPrinter(module, print_large_constants, sdy_sharding_text, drop_dead)
    printer.print_metadata = print_metadata
    return printer.print(_entry_function(module, entry))


def _free_of_effects(op: Operation) -> bool:
    """Whether leaving ``op`` out changes nothing but its unread results: a
    known op without side effects, with none inside its regions (calls,
    unknown ops and custom calls count as having them)."""
    if not op.results or is_terminator(op.name):
        return False
    for nested in op.walk():
        op_def = OP_DEFS.get(nested.name)
        if nested.name == "func.call" or (op_def is None and not is_terminator(nested.name)) \
                or (op_def is not None and SIDE_EFFECT in op_def.traits):
            return False
    return True


def _entry_function(module: Module, entry: str | None) -> Function:
    if entry is not None:
        return module.function(entry)
    for func in module.functions:
        if func.name == "main" and func.body is not None:
            return func
    for func in module.functions:
        if func.visibility == "public" and func.body is not None:
            return func
    raise ValueError("module has no function with a body to print as the HLO entry")


_NAME_CHARS = re.compile(r"[^\w.\-]")

# In a location's text: a name location's name (then its child or its end),
# and a file location ("file":line:col).
_LOC_NAME = re.compile(r'"((?:[^"\\]|\\.)*)"([()])')
_LOC_FILE = re.compile(r'"((?:[^"\\]|\\.)*)":(\d+):(\d+)')


def _metadata(location: Any) -> list[str]:
    """``metadata={...}`` of a location: ``op_name`` from its outer name
    locations (op types, which end with ':', and frames' function names
    left out), ``source_file``/``source_line`` from its first (innermost)
    frame. Nothing for an unknown location."""
    text = str(location) if location is not None else ""
    if not text.startswith("loc("):
        return []
    fields = []
    op_name = None
    position = 4
    while (match := _LOC_NAME.match(text, position)) is not None:
        if _LOC_FILE.match(text, match.end()):
            break  # a frame: the function's name, not the op's
        if not match.group(1).endswith(":"):
            op_name = match.group(1)
        if match.group(2) == ")":
            break
        position = match.end()
    if op_name is not None:
        fields.append(f'op_name="{op_name}"')
    frame = _LOC_FILE.search(text)
    if frame is not None:
        fields.append(f'source_file="{frame.group(1)}" source_line={frame.group(2)}')
    return ["metadata={" + " ".join(fields) + "}"] if fields else []


class _HloPrinter:
    def __init__(self, module: Module, print_large_constants: bool,
                 sdy_sharding_text: SdyShardingText | None = None,
                 drop_dead: bool = False) -> None:
        self.module = module
        self.drop_dead = drop_dead
        self.print_metadata = False
        self.dead: set[int] = set()  # ops left out
        self.print_large_constants = print_large_constants
        self.sdy_sharding_text = sdy_sharding_text
        self.next_id = 1
        self.next_region = 0
        self.texts: list[str] = []  # finished computations, callees first
        self.function_names: dict[str, str] = {}
        self.used_names: set[str] = set()
        self.uses: dict[int, int] = {}

    def unique_id(self) -> int:
        value = self.next_id
        self.next_id += 1
        return value

    # module

    def print(self, entry: Function) -> str:
        self._count_live_uses(entry)
        params = list(entry.body.entry.arguments) if entry.body is not None else []
        computation = _Computation("")
        for index, value in enumerate(params):
            attrs = entry.arg_attrs[index] if index < len(entry.arg_attrs) else {}
            self._parameter(computation, index, value, self.sharding(attrs, [value.type]))
        root = self._emit_block(computation, entry.body.entry)
        result_sharding = self._result_sharding(entry)
        self._set_root(computation, root, "func.return", result_sharding)
        computation.name = f"main.{self.unique_id()}"
        self.texts.append("ENTRY " + self._computation_text(computation))
        header = f"HloModule {_NAME_CHARS.sub('_', self.module.name or 'main')}"
        layout = ", ".join(_entry_layout(t, a) for t, a in
                           zip(entry.type.inputs, _padded(entry.arg_attrs, len(entry.type.inputs))))
        results = list(entry.type.results)
        result_layouts = [_entry_layout(t, a) for t, a in
                          zip(results, _padded(entry.res_attrs, len(results)))]
        result = (result_layouts[0] if len(results) == 1
                  else "(" + ", ".join(result_layouts) + ")")
        header += f", entry_computation_layout={{({layout})->{result}}}"
        aliases = _input_output_aliases(entry)
        if aliases:
            header += f", input_output_alias={{ {aliases} }}"
        for key, name in (("mhlo.num_replicas", "replica_count"),
                          ("mhlo.num_partitions", "num_partitions")):
            value = self.module.attributes.get(key)
            if value is not None and int(value) != 1:
                header += f", {name}={int(value)}"
        return header + "\n\n" + "".join(text + "\n\n" for text in self.texts)

    def _count_live_uses(self, entry: Function) -> None:
        """Counts uses, then drops tuple/get_tuple_element ops nobody reads
        (with ``drop_dead``, every op nobody reads that has no side effects),
        and the uses they made, until none is left to drop."""
        self._count_uses(entry)
        droppable = [op for func in self.module.functions if func.name in self.function_names
                     or func is entry for op in func.walk()
                     if (op.name in ("stablehlo.tuple", "stablehlo.get_tuple_element")
                         and not _is_forwarding_gte(op))
                     or (self.drop_dead and _free_of_effects(op))]
        dead = self.dead
        changed = True
        while changed:
            changed = False
            for op in droppable:
                if id(op) in dead or any(self.uses.get(id(r)) for r in op.results):
                    continue
                changed = True
                for nested in op.walk():  # its regions' ops go with it, each once
                    if id(nested) in dead:
                        continue
                    dead.add(id(nested))
                    for operand in nested.operands:
                        if id(operand) in self.uses:
                            self.uses[id(operand)] -= 1

    def _count_uses(self, func: Function) -> None:
        """Uses of each value that need it printed: a get_tuple_element of a
        tuple op reads the tuple's operand instead and does not count."""
        for op in func.walk():
            if _is_forwarding_gte(op):
                continue
            for operand in op.operands:
                self.uses[id(operand)] = self.uses.get(id(operand), 0) + 1
            if op.name == "func.call":
                callee = self._callee(op)
                if callee is not None and callee.name not in self.function_names:
                    self.function_names[callee.name] = ""  # counted, not yet printed
                    self._count_uses(callee)

    def _callee(self, op: Operation) -> Function | None:
        callee = op.attributes.get("callee")
        name = getattr(callee, "name", None)
        for func in self.module.functions:
            if func.name == name and func.body is not None:
                return func
        return None

    def _computation_text(self, computation: _Computation) -> str:
        params = ", ".join(f"{name}: {hlo_shape(t, layout=False)}"
                           for name, t in computation.parameters)
        root = next(i for i in computation.instructions if i.is_root)
        lines = [f"%{computation.name} ({params}) -> {hlo_shape(root.shape, layout=False)} {{"]
        lines += ["  " + inst.text() for inst in computation.instructions]
        lines.append("}")
        return "\n".join(lines)

    # computations

    def _parameter(self, computation: _Computation, index: int, value: Value | None,
                   sharding: str | None = None, type_: Type | None = None) -> str:
        shape = value.type if value is not None else type_
        name = f"Arg_{index}.{self.unique_id()}"
        attributes = [f"sharding={sharding}"] if sharding else []
        if self.print_metadata and value is not None:
            attributes += _metadata(value.location)
        computation.instructions.append(
            _Instruction(name, shape, "parameter", [], attributes, body=str(index)))
        computation.parameters.append((name, shape))
        if value is not None:
            computation.names[id(value)] = (name, shape)
        return name

    def _region_computation(self, region: Region,
                            bind: Callable[[_Computation, Block], None],
                            extra_results: Sequence[Value] = ()) -> str:
        """Prints ``region`` as a new computation; ``bind`` declares its
        parameters and ``extra_results`` are returned after the region's own.
        Returns the computation's name."""
        computation = _Computation(f"region_{self.next_region}.{self.unique_id()}")
        self.next_region += 1
        block = region.entry
        bind(computation, block)
        root = self._emit_block(computation, block)
        self._set_root(computation, root, "stablehlo.return", None, extra_results)
        self.texts.append(self._computation_text(computation))
        return computation.name

    def _bind_scalars(self, computation: _Computation, block: Block) -> None:
        for index, argument in enumerate(block.arguments):
            self._parameter(computation, index, argument)

    def _bind_tuple(self, computation: _Computation, block: Block) -> None:
        """One parameter; a tuple of the block's arguments when there are
        several, unpacked with get-tuple-element."""
        if len(block.arguments) == 1:
            self._parameter(computation, 0, block.arguments[0])
            return
        shape = TupleType(tuple(a.type for a in block.arguments))
        name = self._parameter(computation, 0, None, type_=shape)
        for index, argument in enumerate(block.arguments):
            computation.names[id(argument)] = self._get_element(computation, name, shape, index)

    def _get_element(self, computation: _Computation, name: str, shape: TupleType,
                     index: int) -> tuple[str, Type]:
        element = shape.types[index]
        gte = f"get-tuple-element.{self.unique_id()}"
        computation.instructions.append(_Instruction(
            gte, element, "get-tuple-element", [f"{hlo_shape(shape)} %{name}"],
            [f"index={index}"]))
        return gte, element

    def _emit_block(self, computation: _Computation, block: Block) -> Operation:
        """Prints the block's ops; returns its terminator."""
        for op in block.operations[:-1]:
            self._emit(computation, op)
        return block.operations[-1]

    def _set_root(self, computation: _Computation, terminator: Operation, expected: str,
                  sharding: str | None, extra_results: Sequence[Value] = ()) -> None:
        if terminator.name != expected and not is_terminator(terminator.name):
            raise ValueError(f"block ends with {terminator.name}, not a return")
        values = list(terminator.operands) + list(extra_results)
        if len(values) == 1:
            name, _ = self._use(computation, values[0])
            root = next(i for i in reversed(computation.instructions) if i.name == name)
            if sharding:
                root.attributes.append(f"sharding={sharding}")
        else:
            attributes = [f"sharding={sharding}"] if sharding else []
            root = self._add(computation, "tuple", TupleType(tuple(v.type for v in values)),
                             [self._operand(computation, v) for v in values], attributes)
        root.is_root = True

    # values

    def _use(self, computation: _Computation, value: Value) -> tuple[str, Type]:
        value = _forwarded(value)
        known = computation.names.get(id(value))
        if known is not None:
            return known
        owner = value.owner
        if isinstance(owner, Operation) and owner.name == "stablehlo.constant":
            # A captured constant: HLO computations cannot capture, so the
            # computation gets its own copy of it.
            self._emit(computation, owner)
            return computation.names[id(value)]
        raise ValueError(f"value {value!r} is used where HLO cannot see it (only if/case "
                         "regions may use values defined outside them)")

    def _operand(self, computation: _Computation, value: Value) -> str:
        name, shape = self._use(computation, value)
        return f"{hlo_shape(shape)} %{name}"

    def _add(self, computation: _Computation, opcode: str, shape: Type, operands: list[str],
             attributes: list[str] | None = None, body: str | None = None) -> _Instruction:
        inst = _Instruction(f"{opcode}.{self.unique_id()}", shape, opcode, operands,
                             attributes or [], body)
        computation.instructions.append(inst)
        return inst

    def _define(self, computation: _Computation, op: Operation, inst: _Instruction) -> None:
        """Names ``op``'s results: the instruction itself for one result, a
        get-tuple-element of it for each of several."""
        if len(op.results) == 1 and op.results[0].type == inst.shape:
            computation.names[id(op.results[0])] = (inst.name, inst.shape)
            return
        computation.names[id(op)] = (inst.name, inst.shape)
        assert isinstance(inst.shape, TupleType)
        # Every element, also the ones a while carries for its captured values:
        # the text then reads the same after a parse-and-print round trip.
        for index in range(len(inst.shape.types)):
            element = self._get_element(computation, inst.name, inst.shape, index)
            if index < len(op.results):
                computation.names[id(op.results[index])] = element

    # ops

    def _emit(self, computation: _Computation, op: Operation) -> None:
        if op.name == "stablehlo.get_tuple_element" and _is_forwarding_gte(op):
            return  # reads the tuple's operand directly
        if op.name == "stablehlo.tuple":
            source = _tuple_of_all_results(op)
            if source is not None and id(source) in computation.names:
                computation.names[id(op.results[0])] = computation.names[id(source)]
                return
        if id(op) in self.dead or (
                op.name in ("stablehlo.tuple", "stablehlo.get_tuple_element")
                and not any(self.uses.get(id(r)) for r in op.results)):
            return  # tuple plumbing nobody reads, or (drop_dead) a dead op
        handler = _HANDLERS.get(op.name)
        if handler is not None:
            inst = handler(self, computation, op)
        elif op.name in _SIMPLE_OPCODES:
            inst = self._add(computation, _SIMPLE_OPCODES[op.name], _result_shape(op),
                             [self._operand(computation, v) for v in op.operands])
        else:
            inst = self._custom_call_for(computation, op)
        if not any(a.startswith("sharding=") for a in inst.attributes):
            sharding = self.sharding(op.attributes, op.result_types, per_value=True)
            if sharding:
                inst.attributes.append(f"sharding={sharding}")
        inst.attributes.extend(_frontend_attributes(op))
        if self.print_metadata:
            inst.attributes.extend(_metadata(op.location))
        self._define(computation, op, inst)

    # shardings

    def sharding(self, attributes: dict[str, Any], types: Sequence[Type],
                 per_value: bool = False) -> str | None:
        """The HloSharding text of an op, argument or result: ``mhlo.sharding``
        as written, else a Shardy ``sdy.sharding`` converted (when the caller
        gave a converter)."""
        value = attributes.get("mhlo.sharding")
        if isinstance(value, str):
            return value
        value = attributes.get("sdy.sharding")
        if value is None or self.sdy_sharding_text is None:
            return None
        return self.sdy_sharding_text(value, list(types), per_value)

    def _result_sharding(self, func: Function) -> str | None:
        texts = [self.sharding(a, [t]) for a, t in zip(func.res_attrs, func.type.results)]
        if not any(texts):
            return None
        if len(texts) == 1:
            return texts[0]
        return "{" + ", ".join(t or "{replicated}" for t in texts) + "}"

    def _simple(self, computation: _Computation, op: Operation, opcode: str,
                attributes: list[str], operands: Sequence[Value] | None = None) -> _Instruction:
        values = op.operands if operands is None else operands
        return self._add(computation, opcode, _result_shape(op),
                         [self._operand(computation, v) for v in values], attributes)

    def _custom_call_for(self, computation: _Computation, op: Operation) -> _Instruction:
        """An op without an HLO instruction, kept visible as a custom call."""
        from jaxlib._src.ir.printer import format_attribute_dict

        attributes = [f'custom_call_target="{_escape(op.name)}"']
        if op.regions:
            names = [self._region_computation(r, self._bind_scalars)
                     for r in op.regions]
            attributes.append("called_computations={" + ", ".join("%" + n for n in names) + "}")
        shown = {k: v for k, v in op.attributes.items()
                 if k not in ("mhlo.sharding", "sdy.sharding")}
        if shown:
            attributes.append(f'backend_config="{_escape(format_attribute_dict(shown))}"')
        return self._simple(computation, op, "custom-call", attributes)

    def _tuple_operand(self, computation: _Computation, values: Sequence[Value]) -> str:
        """One operand carrying ``values``: the value itself when there is one,
        else a tuple instruction built from them."""
        if len(values) == 1:
            return self._operand(computation, values[0])
        shape = TupleType(tuple(v.type for v in values))
        inst = self._add(computation, "tuple", shape,
                         [self._operand(computation, v) for v in values])
        return f"{hlo_shape(shape)} %{inst.name}"

    def function_computation(self, func: Function) -> str:
        """The computation of a called function, printed on first use."""
        name = self.function_names.get(func.name)
        if name:
            return name
        name = _NAME_CHARS.sub("_", func.name)
        while name in self.used_names:
            name += "_"
        self.used_names.add(name)
        self.function_names[func.name] = name
        computation = _Computation(name)
        for index, argument in enumerate(func.body.entry.arguments):
            self._parameter(computation, index, argument)
        root = self._emit_block(computation, func.body.entry)
        self._set_root(computation, root, "func.return", None)
        self.texts.append(self._computation_text(computation))
        return name

    def branch(self, computation: _Computation, region: Region) -> tuple[str, str]:
        """An if/case branch: its computation's name and the operand that
        passes it the outer values it uses."""
        captured = _captured_values(region)
        operand = self._tuple_operand(computation, captured)
        shapes = [self._use(computation, v)[1] for v in captured]

        def bind(branch: _Computation, block: Block) -> None:
            if len(captured) == 1:
                name = self._parameter(branch, 0, None, type_=shapes[0])
                branch.names[id(captured[0])] = (name, shapes[0])
                return
            shape = TupleType(tuple(shapes))
            name = self._parameter(branch, 0, None, type_=shape)
            for index, value in enumerate(captured):
                branch.names[id(value)] = self._get_element(branch, name, shape, index)

        return self._region_computation(region, bind), operand


# --- value forwarding -----------------------------------------------------------------


def _is_forwarding_gte(op: Operation) -> bool:
    return _tuple_source(op) is not None


def _tuple_source(op: Operation) -> Operation | None:
    """The tuple op a get_tuple_element reads from, looking through nested
    get_tuple_elements of tuple ops; None when it reads anything else."""
    if op.name != "stablehlo.get_tuple_element" or not op.operands:
        return None
    owner = _forwarded(op.operands[0]).owner
    if isinstance(owner, Operation) and owner.name == "stablehlo.tuple":
        return owner
    return None


def _forwarded(value: Value) -> Value:
    """get_tuple_element(tuple(a, b), 1) is b."""
    while isinstance(value.owner, Operation):
        source = _tuple_source(value.owner)
        if source is None:
            break
        value = source.operands[int(value.owner.attributes.get("index", 0))]
    return value


def _tuple_of_all_results(op: Operation) -> Operation | None:
    """The op whose results, all and in order, this tuple op packs."""
    values = [_forwarded(v) for v in op.operands]
    if len(values) < 2:
        return None
    owner = values[0].owner
    if not isinstance(owner, Operation) or len(owner.results) != len(values):
        return None
    if all(v is r for v, r in zip(values, owner.results)):
        return owner
    return None


def _captured_values(region: Region) -> list[Value]:
    """Values defined outside ``region`` that its ops read, in first-use order."""
    defined: set[int] = set()
    for op in region.walk():
        for r in op.results:
            defined.add(id(r))
        for nested in op.regions:
            for block in nested.blocks:
                defined.update(id(a) for a in block.arguments)
    for block in region.blocks:
        defined.update(id(a) for a in block.arguments)
    captured: dict[int, Value] = {}
    for op in region.walk():
        if _is_forwarding_gte(op):
            continue
        for operand in op.operands:
            value = _forwarded(operand)
            if id(value) not in defined and id(value) not in captured:
                captured[id(value)] = value
    return list(captured.values())


# --- per-op printing -----------------------------------------------------------------


def _result_shape(op: Operation) -> Type:
    if len(op.results) == 1:
        return op.results[0].type
    return TupleType(tuple(op.result_types))


def _input_output_aliases(func: Function) -> str:
    entries = []
    several = len(func.type.results) != 1
    for index, attrs in enumerate(func.arg_attrs):
        output = attrs.get("tf.aliasing_output")
        if output is not None:
            where = f"{{{int(output)}}}" if several else "{}"
            entries.append(f"{where}: ({index}, {{}}, may-alias)")
    return ", ".join(entries)


def _frontend_attributes(op: Operation) -> list[str]:
    out = []
    frontend = op.attributes.get("mhlo.frontend_attributes")
    if isinstance(frontend, dict) and frontend:
        items = ",".join(f'{k}="{_escape(str(v))}"' for k, v in frontend.items())
        out.append("frontend_attributes={" + items + "}")
    return out


_Handler = Callable[[_HloPrinter, _Computation, Operation], _Instruction]
_HANDLERS: dict[str, _Handler] = {}


def _handles(*names: str) -> Callable[[_Handler], _Handler]:
    def register(fn: _Handler) -> _Handler:
        for name in names:
            _HANDLERS[name] = fn
        return fn
    return register


@_handles("stablehlo.constant")
def _constant(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    value = op.attributes["value"]
    if not isinstance(value, DenseElements):
        raise ValueError(f"constant value {value!r} is not dense elements")
    if value.array.size > LARGE_CONSTANT_ELEMENTS and not p.print_large_constants:
        literal = "{...}"
    else:
        literal = print_hlo_literal(value)
    return p._add(c, "constant", _result_shape(op), [], body=literal)


@_handles("stablehlo.compare")
def _compare(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    attributes = [f"direction={_enum_value(op.attributes['comparison_direction'])}"]
    compare_type = op.attributes.get("compare_type")
    element = op.operands[0].type.element_type
    if compare_type is not None and _enum_value(compare_type) not in (
            "NOTYPE", _default_compare_type(element)):
        attributes.append(f"type={_enum_value(compare_type)}")
    return p._simple(c, op, "compare", attributes)


@_handles("stablehlo.broadcast_in_dim")
def _broadcast_in_dim(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    return p._simple(c, op, "broadcast",
                     [f"dimensions={_braced(_ints(op, 'broadcast_dimensions'))}"])


@_handles("stablehlo.broadcast")
def _broadcast(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    added = len(_ints(op, "broadcast_sizes"))
    rank = op.operands[0].type.rank
    return p._simple(c, op, "broadcast",
                     [f"dimensions={_braced(range(added, added + rank))}"])


@_handles("stablehlo.transpose")
def _transpose(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    return p._simple(c, op, "transpose", [f"dimensions={_braced(_ints(op, 'permutation'))}"])


@_handles("stablehlo.reverse")
def _reverse(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    return p._simple(c, op, "reverse", [f"dimensions={_braced(_ints(op, 'dimensions'))}"])


@_handles("stablehlo.concatenate")
def _concatenate(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    return p._simple(c, op, "concatenate", [f"dimensions={{{_int(op, 'dimension', 0)}}}"])


@_handles("stablehlo.iota")
def _iota(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    return p._simple(c, op, "iota", [f"iota_dimension={_int(op, 'iota_dimension', 0)}"])


@_handles("stablehlo.slice")
def _slice(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    starts, limits = _ints(op, "start_indices"), _ints(op, "limit_indices")
    strides = _ints(op, "strides", [1] * len(starts))
    with_strides = any(s != 1 for s in strides)
    ranges = [f"[{s}:{lim}" + (f":{st}]" if with_strides else "]")
              for s, lim, st in zip(starts, limits, strides)]
    return p._simple(c, op, "slice", ["slice={" + ", ".join(ranges) + "}"])


@_handles("stablehlo.dynamic_slice")
def _dynamic_slice(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    return p._simple(c, op, "dynamic-slice",
                     [f"dynamic_slice_sizes={_braced(_ints(op, 'slice_sizes'))}"])


@_handles("stablehlo.pad")
def _pad(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    low, high = _ints(op, "edge_padding_low"), _ints(op, "edge_padding_high")
    interior = _ints(op, "interior_padding", [0] * len(low))
    with_interior = any(interior)
    dims = [f"{lo}_{hi}" + (f"_{i}" if with_interior else "")
            for lo, hi, i in zip(low, high, interior)]
    return p._simple(c, op, "pad", ["padding=" + "x".join(dims)])


@_handles("stablehlo.dot_general")
def _dot_general(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    dims = op.attributes.get("dot_dimension_numbers", DotDimensionNumbers())
    return p._simple(c, op, "dot", _dot_dims(dims) + _precision(op))


@_handles("stablehlo.dot")
def _dot(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    lhs_rank = op.operands[0].type.rank
    dims = DotDimensionNumbers(lhs_contracting_dimensions=(lhs_rank - 1,),
                               rhs_contracting_dimensions=(0,))
    return p._simple(c, op, "dot", _dot_dims(dims) + _precision(op))


@_handles("stablehlo.convolution")
def _convolution(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    dims: ConvDimensionNumbers = op.attributes["dimension_numbers"]
    spatial = len(dims.kernel_spatial_dimensions)
    kernel_shape = op.operands[1].type.shape
    attributes = []
    if spatial:
        reversal = [bool(v) for v in op.attributes.get("window_reversal", ())]
        attributes.append(_window(
            [kernel_shape[d] for d in dims.kernel_spatial_dimensions],
            _ints(op, "window_strides", [1] * spatial), _padding_pairs(op, spatial),
            _ints(op, "lhs_dilation", [1] * spatial), _ints(op, "rhs_dilation", [1] * spatial),
            reversal))
    attributes.append(f"dim_labels={format_dim_labels(dims)}")
    for key in ("feature_group_count", "batch_group_count"):
        if _int(op, key, 1) != 1:
            attributes.append(f"{key}={_int(op, key, 1)}")
    return p._simple(c, op, "convolution", attributes + _precision(op))


@_handles("stablehlo.reduce")
def _reduce(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    body = p._region_computation(op.regions[0], p._bind_scalars)
    return p._simple(c, op, "reduce", [f"dimensions={_braced(_ints(op, 'dimensions'))}",
                                       f"to_apply=%{body}"])


@_handles("stablehlo.reduce_window")
def _reduce_window(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    size = _ints(op, "window_dimensions")
    rank = len(size)
    window = _window(size, _ints(op, "window_strides", [1] * rank), _padding_pairs(op, rank),
                     _ints(op, "base_dilations", [1] * rank),
                     _ints(op, "window_dilations", [1] * rank))
    body = p._region_computation(op.regions[0], p._bind_scalars)
    return p._simple(c, op, "reduce-window", [window, f"to_apply=%{body}"])


@_handles("stablehlo.select_and_scatter")
def _select_and_scatter(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    size = _ints(op, "window_dimensions")
    rank = len(size)
    window = _window(size, _ints(op, "window_strides", [1] * rank), _padding_pairs(op, rank),
                     [1] * rank, [1] * rank)
    select = p._region_computation(op.regions[0], p._bind_scalars)
    scatter = p._region_computation(op.regions[1], p._bind_scalars)
    return p._simple(c, op, "select-and-scatter",
                     [window, f"select=%{select}", f"scatter=%{scatter}"])


@_handles("stablehlo.map")
def _map(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    body = p._region_computation(op.regions[0], p._bind_scalars)
    return p._simple(c, op, "map", [f"dimensions={_braced(_ints(op, 'dimensions'))}",
                                    f"to_apply=%{body}"])


@_handles("stablehlo.sort")
def _sort(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    dimension = _int(op, "dimension", -1)
    if dimension < 0:
        dimension += op.operands[0].type.rank
    attributes = [f"dimensions={{{dimension}}}"]
    if _flag(op, "is_stable"):
        attributes.append("is_stable=true")
    body = p._region_computation(op.regions[0], p._bind_scalars)
    return p._simple(c, op, "sort", attributes + [f"to_apply=%{body}"])


@_handles("stablehlo.gather")
def _gather(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    attributes = format_dimension_numbers(op.attributes["dimension_numbers"], GATHER_DIMS)
    attributes.append(f"slice_sizes={_braced(_ints(op, 'slice_sizes'))}")
    if _flag(op, "indices_are_sorted"):
        attributes.append("indices_are_sorted=true")
    return p._simple(c, op, "gather", attributes)


@_handles("stablehlo.scatter")
def _scatter(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    attributes = format_dimension_numbers(op.attributes["scatter_dimension_numbers"],
                                          SCATTER_DIMS)
    for key in ("indices_are_sorted", "unique_indices"):
        if _flag(op, key):
            attributes.append(f"{key}=true")
    body = p._region_computation(op.regions[0], p._bind_scalars)
    return p._simple(c, op, "scatter", attributes + [f"to_apply=%{body}"])


@_handles("stablehlo.get_tuple_element")
def _get_tuple_element(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    return p._simple(c, op, "get-tuple-element", [f"index={_int(op, 'index', 0)}"])


@_handles("stablehlo.reduce_precision")
def _reduce_precision(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    return p._simple(c, op, "reduce-precision",
                     [f"exponent_bits={_int(op, 'exponent_bits', 0)}",
                      f"mantissa_bits={_int(op, 'mantissa_bits', 0)}"])


@_handles("stablehlo.custom_call")
def _custom_call(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    from jaxlib._src.ir.printer import format_attribute

    attributes = [f'custom_call_target="{_escape(str(op.attributes.get("call_target_name")))}"']
    called = op.attributes.get("called_computations") or []
    if called:
        names = []
        for ref in called:
            func = next((f for f in p.module.functions
                         if f.name == getattr(ref, "name", None) and f.body is not None), None)
            if func is None:
                raise ValueError(f"custom_call calls unknown function {ref!r}")
            names.append("%" + p.function_computation(func))
        attributes.append("called_computations={" + ", ".join(names) + "}")
    if _flag(op, "has_side_effect"):
        attributes.append("custom_call_has_side_effect=true")
    aliases = op.attributes.get("output_operand_aliases") or []
    if aliases:
        items = [f"{_braced(a.output_tuple_indices)}: ({a.operand_index}, "
                 f"{_braced(a.operand_tuple_indices)})"
                 for a in aliases if isinstance(a, OutputOperandAlias)]
        attributes.append("output_to_operand_aliasing={" + ", ".join(items) + "}")
    version = _int(op, "api_version", 1)
    if version != 1:
        attributes.append(f"api_version={_API_VERSIONS.get(version, str(version))}")
    config = op.attributes.get("backend_config")
    if isinstance(config, str) and config:
        attributes.append(f'backend_config="{_escape(config)}"')
    elif isinstance(config, dict) and config:
        attributes.append(f'backend_config="{_escape(format_attribute(config))}"')
    return p._simple(c, op, "custom-call", attributes)


@_handles("sdy.sharding_constraint", "sdy.reshard")
def _sdy_sharding_constraint(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    """XLA's ``Sharding`` custom call: the form a sharding constraint takes in HLO."""
    if p.sdy_sharding_text is None:
        return p._custom_call_for(c, op)
    sharding = p.sdy_sharding_text(op.attributes["sharding"], op.result_types, False)
    return p._simple(c, op, "custom-call",
                     ['custom_call_target="Sharding"', f"sharding={sharding}"])


@_handles("stablehlo.rng_bit_generator")
def _rng_bit_generator(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    algorithm = _enum_value(op.attributes.get("rng_algorithm", "DEFAULT")).lower()
    return p._simple(c, op, "rng-bit-generator", [f"algorithm=rng_{algorithm}"])


@_handles("stablehlo.rng")
def _rng(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    distribution = _enum_value(op.attributes.get("rng_distribution", "UNIFORM")).lower()
    return p._simple(c, op, "rng", [f"distribution=rng_{distribution}"], op.operands[:2])


@_handles("stablehlo.fft")
def _fft(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    return p._simple(c, op, "fft", [f"fft_type={_enum_value(op.attributes['fft_type'])}",
                                    f"fft_length={_braced(_ints(op, 'fft_length'))}"])


@_handles("stablehlo.cholesky")
def _cholesky(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    return p._simple(c, op, "cholesky", ["lower=true"] if _flag(op, "lower") else [])


@_handles("stablehlo.triangular_solve")
def _triangular_solve(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    attributes = [f"{key}=true" for key in ("left_side", "lower", "unit_diagonal")
                  if _flag(op, key)]
    transpose = _enum_value(op.attributes.get("transpose_a", "NO_TRANSPOSE"))
    if transpose != "NO_TRANSPOSE":
        attributes.append(f"transpose_a={transpose}")
    return p._simple(c, op, "triangular-solve", attributes)


@_handles("stablehlo.batch_norm_training", "stablehlo.batch_norm_inference",
          "stablehlo.batch_norm_grad")
def _batch_norm(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    opcode = op.name.removeprefix("stablehlo.").replace("_", "-")
    epsilon = float(op.attributes.get("epsilon", 0.0))
    return p._simple(c, op, opcode, [f"epsilon={epsilon:g}",
                                     f"feature_index={_int(op, 'feature_index', 0)}"])


@_handles("stablehlo.get_dimension_size", "stablehlo.set_dimension_size")
def _dimension_size(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    opcode = op.name.removeprefix("stablehlo.").replace("_", "-")
    return p._simple(c, op, opcode, [f"dimensions={{{_int(op, 'dimension', 0)}}}"])


@_handles("stablehlo.optimization_barrier")
def _optimization_barrier(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    operand = p._tuple_operand(c, op.operands)
    return p._add(c, "opt-barrier", _result_shape(op), [operand])


@_handles("stablehlo.while")
def _while(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    captured = {id(v): v for region in op.regions for v in _captured_values(region)}
    if not captured:
        operand = p._tuple_operand(c, op.operands)
        condition = p._region_computation(op.regions[0], p._bind_tuple)
        body = p._region_computation(op.regions[1], p._bind_tuple)
        return p._add(c, "while", _result_shape(op), [operand],
                      [f"condition=%{condition}", f"body=%{body}"])
    # Outer values the regions read ride along in the loop tuple, unchanged,
    # as XLA's exporter carries them.
    extra = list(captured.values())
    carried = list(op.operands) + extra
    shape = TupleType(tuple(p._use(c, v)[1] for v in carried))
    operand = p._tuple_operand(c, carried)

    def bind(computation: _Computation, block: Block) -> None:
        name = p._parameter(computation, 0, None, type_=shape)
        values = list(block.arguments) + extra
        for index, value in enumerate(values):
            computation.names[id(value)] = p._get_element(computation, name, shape, index)

    condition = p._region_computation(op.regions[0], bind)
    body = p._region_computation(op.regions[1], bind, extra_results=extra)
    return p._add(c, "while", shape, [operand], [f"condition=%{condition}", f"body=%{body}"])


@_handles("stablehlo.if", "stablehlo.case")
def _conditional(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    branches = [p.branch(c, region) for region in op.regions]
    operands = [p._operand(c, op.operands[0])] + [operand for _, operand in branches]
    names = [name for name, _ in branches]
    if op.name == "stablehlo.if":
        attributes = [f"true_computation=%{names[0]}", f"false_computation=%{names[1]}"]
    else:
        attributes = ["branch_computations={" + ", ".join("%" + n for n in names) + "}"]
    return p._add(c, "conditional", _result_shape(op), operands, attributes)


@_handles("func.call")
def _call(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    callee = p._callee(op)
    if callee is None:
        raise ValueError(f"func.call to {op.attributes.get('callee')!r}, which has no body")
    return p._simple(c, op, "call", [f"to_apply=%{p.function_computation(callee)}"])


@_handles("stablehlo.composite")
def _composite(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    decomposition = op.attributes.get("decomposition")
    callee = next((f for f in p.module.functions if isinstance(decomposition, SymbolRef)
                   and f.name == decomposition.name and f.body is not None), None)
    if callee is None:
        raise ValueError(f"composite decomposition {decomposition!r} has no body")
    return p._simple(c, op, "call", [f"to_apply=%{p.function_computation(callee)}",
                                     "is_composite=true"])


def _collective(opcode: str, dimension_key: str | None = None, with_body: bool = False
                ) -> _Handler:
    def handler(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
        attributes = _channel(op) + [_replica_groups(op)]
        if _flag(op, "use_global_device_ids"):
            attributes.append("use_global_device_ids=true")
        if dimension_key is not None:
            attributes.append(f"dimensions={{{_int(op, dimension_key, 0)}}}")
        if with_body:
            body = p._region_computation(op.regions[0], p._bind_scalars)
            attributes.append(f"to_apply=%{body}")
        return p._simple(c, op, opcode, attributes)
    return handler


_HANDLERS["stablehlo.all_reduce"] = _collective("all-reduce", with_body=True)
_HANDLERS["stablehlo.reduce_scatter"] = _collective("reduce-scatter", "scatter_dimension",
                                                    with_body=True)
_HANDLERS["stablehlo.all_gather"] = _collective("all-gather", "all_gather_dim")
_HANDLERS["stablehlo.all_to_all"] = _collective("all-to-all", "split_dimension")
_HANDLERS["stablehlo.collective_broadcast"] = _collective("collective-broadcast")


@_handles("stablehlo.collective_permute")
def _collective_permute(p: _HloPrinter, c: _Computation, op: Operation) -> _Instruction:
    pairs = _ints(op, "source_target_pairs")
    text = ",".join(f"{{{pairs[i]},{pairs[i + 1]}}}" for i in range(0, len(pairs), 2))
    return p._simple(c, op, "collective-permute",
                     _channel(op) + ["source_target_pairs={" + text + "}"])


