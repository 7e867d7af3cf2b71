"""``jaxlib.mlir.ir``: the MLIR Python API over the project's own IR.

One live tree of core objects (``ir/core.py``): an ``ir.Module`` is a core
``builtin.module`` Operation whose one block holds ``func.func`` ops (each
with its body region and the attributes ``sym_name``, ``function_type``,
``sym_visibility``, ``arg_attrs``, ``res_attrs``) and other top-level ops
(``sdy.mesh``). :func:`to_core_module` (also ``Module._core_module()``, which
the runtime calls by duck typing) builds the compiler's ``core.Module`` whose
Function bodies are the SAME Region objects: nothing is printed or copied.

Contract for the dialect builders (helper B) and other code:

* ``Operation.create(name, results=None, operands=None, attributes=None,
  successors=None, regions=0, loc=None, ip=None)`` inserts at ``ip`` or at the
  current InsertionPoint (``ip=False``: nowhere) and returns an ``Operation``;
  ``operands`` are ``Value``s, ``results`` ``Type``s, ``attributes`` a dict of
  name -> ``Attribute``; each region starts empty. Ops are NOT verified when
  created (jax builds them in stages); ``verify()`` runs the core verifier.
* ``OpView.__init__(self, operation)``; subclasses set ``OPERATION_NAME`` and
  are registered by it (``Operation.opview`` and block iteration return them).
  An OpView exposes operation, result(s), operands, attributes, regions, name,
  location.
* Every wrapper (Value, Type, Attribute, Operation, Block, Region) keeps its
  core object in ``_core``. Module-level: ``wrap_value``, ``wrap_type``,
  ``wrap_attribute``, ``register_attribute_wrapper(pred_or_class, cls)``,
  ``register_type_wrapper(pred_or_class, cls)``; ``Attribute._from_core`` and
  ``Type._from_core`` build a wrapper of a given class. Dialect types (the
  stablehlo TokenType) subclass ``Type`` and register with
  ``register_type_wrapper``.

Parent links live on the core objects as ``_ir_parent`` (op -> block, block ->
region, region -> op), set by this layer; trees made elsewhere (the parser,
passes) get them when wrapped into a Module (:func:`_link`). Locations are
kept as data on ``core.Operation._location`` (a :class:`Location`, or None
for unknown) and are not printed.
"""

from __future__ import annotations

import enum
import io
import threading
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from jaxlib._src.ir import core
from jaxlib._src.ir.core import Block as CoreBlock
from jaxlib._src.ir.core import Operation as CoreOperation
from jaxlib._src.ir.core import Region as CoreRegion
from jaxlib._src.ir.core import Value as CoreValue
from jaxlib._src.jax_api.mlir import ir_types as _ir_types
from jaxlib._src.jax_api.mlir.ir_attributes import *  # noqa: F403
from jaxlib._src.jax_api.mlir.ir_attributes import (
    Attribute,
    NamedAttribute,
    StringAttr,
    register_attribute_wrapper,
    wrap_attribute,
)
from jaxlib._src.jax_api.mlir.ir_types import *  # noqa: F403
from jaxlib._src.jax_api.mlir.ir_types import Type, register_type_wrapper, unsupported, wrap_type
from jaxlib._src.ops.signatures import attribute_defaults, is_default_value

__all__ = ["register_attribute_wrapper", "register_type_wrapper", "wrap_attribute", "wrap_type"]


class MLIRError(Exception):
    """A verification or parse failure, with MLIR-style diagnostics."""

    def __init__(self, message: str, error_diagnostics: Sequence[DiagnosticInfo] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.error_diagnostics = list(error_diagnostics)

    def __str__(self) -> str:
        lines = [self.message]
        lines += [f"error: {d.location}: {d.message}" for d in self.error_diagnostics]
        return "\n".join(lines)


class DiagnosticInfo:
    __slots__ = ("severity", "location", "message", "notes")

    def __init__(self, message: str, location: Any = None) -> None:
        self.severity = "error"
        self.location = location if location is not None else Location.unknown()
        self.message = message
        self.notes: list[DiagnosticInfo] = []


class WalkOrder(enum.IntEnum):
    PRE_ORDER = 0
    POST_ORDER = 1


class WalkResult(enum.IntEnum):
    ADVANCE = 0
    INTERRUPT = 1
    SKIP = 2


# --- thread-local "current" stacks ---------------------------------------------------


class _Stacks(threading.local):
    """The thread's ``with`` stacks. As in MLIR's bindings, entering a
    Context starts a fresh frame: the insertion point and location of the
    code around it do not apply inside (jax lowers and compiles nested
    computations in contexts of their own while an outer lowering is open)."""

    def __init__(self) -> None:
        self.contexts: list[Context] = []
        self.locations: list[Location] = []
        self.insertion_points: list[InsertionPoint] = []
        self.saved: list[tuple[list[Location], list[InsertionPoint]]] = []


_STACKS = _Stacks()


class _ClassProperty:
    """``Context.current`` etc.: a property on the class."""

    def __init__(self, getter: Callable[[], Any]) -> None:
        self.getter = getter

    def __get__(self, obj: Any, owner: Any) -> Any:
        return self.getter()


# --- context ----------------------------------------------------------------------


class DialectRegistry:
    """Dialects are built in here: a registry records nothing."""

    __slots__ = ()


class ThreadPool:
    __slots__ = ()

    def get_max_concurrency(self) -> int:
        return 1


_DEFAULT_CONTEXT: Context | None = None


class Context:
    """Holds no state the IR needs (types and attributes are plain values);
    jax subclasses it and skips this __init__, so nothing depends on it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def __enter__(self) -> Context:
        _STACKS.contexts.append(self)
        _STACKS.saved.append((_STACKS.locations, _STACKS.insertion_points))
        _STACKS.locations, _STACKS.insertion_points = [], []
        return self

    def __exit__(self, *exc: Any) -> None:
        _STACKS.contexts.pop()
        _STACKS.locations, _STACKS.insertion_points = _STACKS.saved.pop()

    current = _ClassProperty(lambda: _STACKS.contexts[-1] if _STACKS.contexts else None)

    @staticmethod
    def _current_or_default() -> Context:
        """The innermost active context, else one shared context: an object
        asked for its context outside any ``with`` block still has one."""
        if _STACKS.contexts:
            return _STACKS.contexts[-1]
        global _DEFAULT_CONTEXT
        if _DEFAULT_CONTEXT is None:
            _DEFAULT_CONTEXT = Context()
        return _DEFAULT_CONTEXT

    def append_dialect_registry(self, registry: DialectRegistry) -> None:
        pass

    def load_all_available_dialects(self) -> None:
        pass

    def set_thread_pool(self, pool: ThreadPool) -> None:
        pass

    def enable_multithreading(self, enable: bool) -> None:
        pass

    def is_registered_operation(self, name: str) -> bool:
        return name in core.load_op_table() or name in ("func.func", "builtin.module")

    def get_dialect_descriptor(self, name: str) -> Any:
        raise unsupported(f"Context.get_dialect_descriptor({name!r})")

    @property
    def allow_unregistered_dialects(self) -> bool:
        return True

    @allow_unregistered_dialects.setter
    def allow_unregistered_dialects(self, value: bool) -> None:
        pass

    def attach_diagnostic_handler(self, callback: Callable[..., Any]) -> Any:
        raise unsupported("Context.attach_diagnostic_handler")

    def _get_context_again(self) -> Context:
        return self


# --- locations ----------------------------------------------------------------------


def _quote(text: str) -> str:
    from jaxlib._src.ir.printer import format_string

    return format_string(text)


class Location:
    """Source locations kept as data: ``kind`` is unknown/file/name/callsite/fused.
    Each kind is its own subclass (``NameLoc``, ``CallSiteLoc``, ...), as
    MLIR's Python bindings have them for ``isinstance`` checks."""

    __slots__ = ("kind", "data")

    def __new__(cls, kind: str, data: Any = None) -> Location:
        if cls is Location:
            cls = _LOCATION_CLASSES.get(kind, Location)
        return object.__new__(cls)

    def __init__(self, kind: str, data: Any = None) -> None:
        self.kind = kind
        self.data = data

    def __enter__(self) -> Location:
        _STACKS.locations.append(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        _STACKS.locations.pop()

    current = _ClassProperty(lambda: _STACKS.locations[-1] if _STACKS.locations else None)

    @staticmethod
    def unknown(context: Any = None) -> Location:
        return _UNKNOWN

    @staticmethod
    def file(filename: str, line: int, col: int, end_line: int | None = None,
             end_col: int | None = None, context: Any = None) -> Location:
        return Location("file", (filename, line, col, end_line, end_col))

    @staticmethod
    def name(name: str, childLoc: Location | None = None, context: Any = None) -> Location:
        child = None if childLoc is None or childLoc.kind == "unknown" else childLoc
        return Location("name", (name, child))

    @staticmethod
    def callsite(callee: Location, frames: Sequence[Location], context: Any = None) -> Location:
        if not frames:
            raise ValueError("Location.callsite needs at least one caller frame")
        caller = frames[-1]
        for frame in reversed(frames[:-1]):
            caller = Location("callsite", (frame, caller))
        return Location("callsite", (callee, caller))

    @staticmethod
    def fused(locations: Sequence[Location], metadata: Attribute | None = None,
              context: Any = None) -> Location:
        known = [loc for loc in locations if loc.kind != "unknown"]
        if metadata is None and len(known) == 1:
            return known[0]
        if not known and metadata is None:
            return _UNKNOWN
        return Location("fused", (tuple(known), metadata))

    @property
    def context(self) -> Any:
        return Context._current_or_default()

    def is_a_name(self) -> bool:
        return self.kind == "name"

    def is_a_file(self) -> bool:
        return self.kind == "file"

    def is_a_callsite(self) -> bool:
        return self.kind == "callsite"

    def is_a_fused(self) -> bool:
        return self.kind == "fused"

    @property
    def name_str(self) -> str:
        return self.data[0]

    @property
    def child_loc(self) -> Location:
        return self.data[1] if self.data[1] is not None else _UNKNOWN

    @property
    def filename(self) -> str:
        return self.data[0]

    @property
    def start_line(self) -> int:
        return self.data[1]

    @property
    def start_col(self) -> int:
        return self.data[2]

    @property
    def callee(self) -> Location:
        return self.data[0]

    @property
    def caller(self) -> Location:
        return self.data[1]

    @property
    def locations(self) -> list[Location]:
        return list(self.data[0])

    def _body(self) -> str:
        kind, data = self.kind, self.data
        if kind == "unknown":
            return "unknown"
        if kind == "file":
            filename, line, col, end_line, end_col = data
            text = f"{_quote(filename)}:{line}:{col}"
            if end_col is not None:
                if end_line is None or end_line == line:
                    text += f" to :{end_col}"
                else:
                    text += f" to {end_line}:{end_col}"
            return text
        if kind == "name":
            name, child = data
            return _quote(name) + (f"({child._body()})" if child is not None else "")
        if kind == "callsite":
            return f"callsite({data[0]._body()} at {data[1]._body()})"
        inner = ", ".join(loc._body() for loc in data[0])
        metadata = f"<{data[1]}>" if data[1] is not None else ""
        return f"fused{metadata}[{inner}]"

    def __str__(self) -> str:
        return f"loc({self._body()})"

    def __repr__(self) -> str:
        return str(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Location) and (self.kind, self.data) == (other.kind, other.data)

    def __hash__(self) -> int:
        return hash((self.kind, self.data))


class UnknownLoc(Location):
    __slots__ = ()


class FileLineColLoc(Location):
    __slots__ = ()


class NameLoc(Location):
    __slots__ = ()


class CallSiteLoc(Location):
    __slots__ = ()


class FusedLoc(Location):
    __slots__ = ()


_LOCATION_CLASSES: dict[str, type[Location]] = {
    "unknown": UnknownLoc, "file": FileLineColLoc, "name": NameLoc, "callsite": CallSiteLoc,
    "fused": FusedLoc,
}
_UNKNOWN = Location("unknown")
_ir_types.current_context = lambda: Context.current


def _current_location(loc: Location | None) -> Location | None:
    """The location an op gets: ``loc``, else the current one; None for unknown."""
    if loc is None:
        stack = _STACKS.locations
        loc = stack[-1] if stack else None
    if loc is None or loc.kind == "unknown":
        return None
    return loc


def _location_of(core_op: CoreOperation) -> Location:
    location = core_op._location
    if location is None:
        return _UNKNOWN
    if isinstance(location, Location):
        return location
    return Location("name", (str(core_op.location), None))  # parsed: keep the text


# --- parent links ------------------------------------------------------------------


def _parent(obj: Any) -> Any:
    ref = getattr(obj, "_ir_parent", None)
    return None if ref is None else ref()


def set_parent(obj: Any, parent: Any) -> None:
    """Links ``obj`` to the block, region or op that holds it. The link is
    weak: the IR stays free of reference cycles (jax's tests check that a jit
    leaves no cyclic garbage), and the tree is kept alive from its root."""
    obj._ir_parent = None if parent is None else weakref.ref(parent)


def _link(op: CoreOperation) -> None:
    """Sets the parent links of everything nested in ``op``."""
    for region in op.regions:
        set_parent(region, op)
        for block in region.blocks:
            set_parent(block, region)
            for nested in block.operations:
                set_parent(nested, block)
                if nested.regions:
                    _link(nested)


def _detach(op: CoreOperation) -> None:
    block = _parent(op)
    if block is not None:
        operations = block.operations
        if operations and operations[-1] is op:
            operations.pop()
        else:
            for index, candidate in enumerate(operations):
                if candidate is op:
                    del operations[index]
                    break
        set_parent(op, None)


def _index_in_block(op: CoreOperation) -> int:
    block = _parent(op)
    if block is None:
        raise ValueError(f"operation {op.name} is not in a block")
    for index, candidate in enumerate(block.operations):
        if candidate is op:
            return index
    raise ValueError(f"operation {op.name} is not in its parent block")


# --- values -------------------------------------------------------------------------


class Value:
    """An SSA value; equal (and hashing equal) when it denotes the same value."""

    __slots__ = ("_core",)

    def __init__(self, cast_from: Value) -> None:
        if not isinstance(cast_from, Value):
            raise TypeError(f"expected an ir.Value, got {type(cast_from).__name__}")
        if not type(self)._matches(cast_from._core):
            raise ValueError(f"Cannot cast value to {type(self).__name__}")
        self._core = cast_from._core

    @classmethod
    def _matches(cls, core_value: CoreValue) -> bool:
        return True

    @classmethod
    def isinstance(cls, other: Any) -> bool:
        return isinstance(other, Value) and cls._matches(other._core)

    @property
    def type(self) -> Type:
        return wrap_type(self._core.type)

    def set_type(self, type: Type) -> None:
        self._core.type = type._core

    @property
    def owner(self) -> Any:
        owner = self._core.owner
        if isinstance(owner, CoreBlock):
            return Block._wrap(owner)
        return None if owner is None else Operation._wrap(owner)

    @property
    def context(self) -> Any:
        return Context._current_or_default()

    def get_name(self, use_local_scope: bool = False, use_name_loc_as_prefix: bool = False) -> str:
        core_value = self._core
        if core_value.name_hint:
            return f"%{core_value.name_hint}"
        kind = "arg" if isinstance(core_value.owner, CoreBlock) else ""
        return f"%{kind}{core_value.index}"

    def replace_all_uses_with(self, with_: Value) -> None:
        old, new = self._core, with_._core
        for op in _root_op(self._core).walk():
            operands = op.operands
            for index, operand in enumerate(operands):
                if operand is old:
                    operands[index] = new

    def maybe_downcast(self) -> Value:
        return wrap_value(self._core)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Value) and self._core is other._core

    def __ne__(self, other: object) -> bool:
        return not (isinstance(other, Value) and self._core is other._core)

    def __hash__(self) -> int:
        return id(self._core)

    def __str__(self) -> str:
        return f"Value({self.get_name()} : {self.type})"

    __repr__ = __str__


class OpResult(Value):
    __slots__ = ()

    @classmethod
    def _matches(cls, core_value: CoreValue) -> bool:
        return not isinstance(core_value.owner, CoreBlock)

    @property
    def result_number(self) -> int:
        return self._core.index


class BlockArgument(Value):
    __slots__ = ()

    @classmethod
    def _matches(cls, core_value: CoreValue) -> bool:
        return isinstance(core_value.owner, CoreBlock)

    @property
    def arg_number(self) -> int:
        return self._core.index


def wrap_value(core_value: CoreValue) -> Value:
    """An ``OpResult`` or ``BlockArgument`` for a core Value."""
    obj = object.__new__(BlockArgument if core_value.owner.__class__ is CoreBlock else OpResult)
    obj._core = core_value
    return obj


def _root_op(core_value: CoreValue) -> CoreOperation:
    owner = core_value.owner
    node: Any = owner
    while True:
        parent = _parent(node)
        if parent is None:
            break
        node = parent
    if not isinstance(node, CoreOperation):
        raise ValueError("the value is not inside an operation")
    return node


class _ValueList:
    """A read-only list of values (results, operands, block arguments)."""

    __slots__ = ("_values",)

    def __init__(self, values: list[CoreValue]) -> None:
        self._values = values

    def __len__(self) -> int:
        return len(self._values)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [wrap_value(v) for v in self._values[index]]
        return wrap_value(self._values[index])

    def __iter__(self) -> Iterator[Value]:
        return (wrap_value(v) for v in self._values)

    @property
    def types(self) -> list[Type]:
        return [wrap_type(v.type) for v in self._values]

    def __add__(self, other: Sequence[Value]) -> list[Value]:
        return list(self) + list(other)

    def __radd__(self, other: Sequence[Value]) -> list[Value]:
        return list(other) + list(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)})"


class OpResultList(_ValueList):
    __slots__ = ("_op",)

    @property
    def owner(self) -> Any:
        return Operation._wrap(self._values[0].owner) if self._values else None


class OpOperandList(_ValueList):
    __slots__ = ()

    def __setitem__(self, index: int, value: Value) -> None:
        self._values[index] = value._core


class BlockArgumentList(_ValueList):
    __slots__ = ()


# --- operations -----------------------------------------------------------------------


def _core_operand(value: Any) -> CoreValue:
    if isinstance(value, Value):
        return value._core
    if isinstance(value, (Operation, OpView)):
        return value._core.result
    if isinstance(value, OpResultList) and len(value) == 1:
        return value._values[0]
    raise TypeError(f"expected an ir.Value operand, got {type(value).__name__}")


class _OperationBase:
    """What Operation and OpView share (both reach the core op as ``_core``)."""

    __slots__ = ()
    _core: CoreOperation

    @property
    def name(self) -> str:
        return self._core.name

    @property
    def attributes(self) -> OpAttributeMap:
        return OpAttributeMap(self._core)

    @property
    def operands(self) -> OpOperandList:
        return OpOperandList(self._core.operands)

    @property
    def results(self) -> OpResultList:
        return OpResultList(self._core.results)

    @property
    def result(self) -> Value:
        results = self._core.results
        if len(results) != 1:
            raise ValueError(f"Cannot call .result on operation {self._core.name} with "
                             f"{len(results)} results")
        return wrap_value(results[0])

    @property
    def regions(self) -> RegionSequence:
        return RegionSequence(self._core)

    @property
    def location(self) -> Location:
        return _location_of(self._core)

    @location.setter
    def location(self, loc: Location) -> None:
        self._core._location = None if loc.kind == "unknown" else loc

    @property
    def context(self) -> Any:
        return Context._current_or_default()

    @property
    def parent(self) -> Any:
        block = _parent(self._core)
        region = _parent(block) if block is not None else None
        op = _parent(region) if region is not None else None
        return None if op is None else Operation._wrap(op).opview

    @property
    def block(self) -> Block:
        block = _parent(self._core)
        if block is None:
            raise ValueError("the operation is not in a block")
        return Block._wrap(block)

    @property
    def successors(self) -> list[Any]:
        return []

    def verify(self) -> bool:
        _verify(self._core)
        return True

    def erase(self) -> None:
        _detach(self._core)

    def detach_from_parent(self) -> Any:
        _detach(self._core)
        return self

    def move_before(self, other: Any) -> None:
        target = other._core
        _detach(self._core)
        block = _parent(target)
        block.operations.insert(_index_in_block(target), self._core)
        set_parent(self._core, block)

    def move_after(self, other: Any) -> None:
        target = other._core
        _detach(self._core)
        block = _parent(target)
        block.operations.insert(_index_in_block(target) + 1, self._core)
        set_parent(self._core, block)

    def clone(self, ip: InsertionPoint | None = None) -> Any:
        copy = _clone_op(self._core, {})
        _insert(copy, ip)
        return Operation._wrap(copy).opview

    def walk(self, callback: Callable[[Operation], Any],
             walk_order: WalkOrder = WalkOrder.POST_ORDER) -> None:
        _walk(self._core, callback, walk_order)

    def get_asm(self, binary: bool = False, large_elements_limit: int | None = None,
                enable_debug_info: bool = False, pretty_debug_info: bool = False,
                print_generic_op_form: bool = False, use_local_scope: bool = False,
                assume_verified: bool = False, skip_regions: bool = False,
                **kwargs: Any) -> str | bytes:
        text = _print_op(self._core, debug_info=enable_debug_info)
        return text.encode() if binary else text

    def print(self, state: Any = None, file: Any = None, binary: bool = False,
              **kwargs: Any) -> None:
        text = self.get_asm(binary=binary, **kwargs)
        if file is None:
            import sys

            file = sys.stdout
        if binary and isinstance(file, io.TextIOBase):
            text = text.decode()  # type: ignore[union-attr]
        file.write(text)

    def write_bytecode(self, file: Any, desired_version: int | None = None) -> None:
        """The "bytecode" is the printed text, which ``Module.parse`` reads
        back; locations included, as in MLIR's bytecode."""
        file.write(_print_op(self._core, debug_info=True).encode(
            "utf-8", errors="surrogateescape"))

    def __str__(self) -> str:
        return _print_op(self._core)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _OperationBase) and self._core is other._core

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return id(self._core)


class Operation(_OperationBase):
    __slots__ = ("_core",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("ir.Operation cannot be constructed directly: use Operation.create")

    @classmethod
    def _wrap(cls, core_op: CoreOperation) -> Operation:
        obj = object.__new__(Operation)
        obj._core = core_op
        return obj

    @staticmethod
    def create(name: str, results: Sequence[Type] | None = None,
               operands: Sequence[Any] | None = None,
               attributes: dict[str, Attribute] | None = None,
               successors: Sequence[Any] | None = None, regions: int = 0,
               loc: Location | None = None, ip: Any = None,
               infer_type: bool = False) -> Operation:
        if successors:
            raise unsupported(f"operation {name} with successor blocks")
        if infer_type:
            raise unsupported(f"Operation.create(infer_type=True) for {name}")
        core_operands = [_core_operand(v) for v in operands] if operands else []
        result_types = [t._core for t in results] if results else []
        core_attrs = {k: v._core for k, v in attributes.items() if v is not None} \
            if attributes else {}
        if core_attrs:
            # An attribute at its ODS default is not stored: MLIR's printer
            # elides it, so text never has it, and built IR must match parsed IR.
            for key, default in attribute_defaults(name).items():
                if key in core_attrs and is_default_value(core_attrs[key], default):
                    del core_attrs[key]
        core_regions = [CoreRegion() for _ in range(regions)]
        op = CoreOperation(name, core_operands, result_types, core_attrs, core_regions,
                           _current_location(loc))  # type: ignore[arg-type]
        for region in core_regions:
            set_parent(region, op)
        _insert(op, ip)
        obj = object.__new__(Operation)
        obj._core = op
        return obj

    @staticmethod
    def parse(source: str, source_name: str = "", context: Any = None) -> Operation:
        return Module.parse(source).operation

    @property
    def operation(self) -> Operation:
        return self

    @property
    def opview(self) -> OpView:
        cls = _OPVIEW_CLASSES.get(self._core.name, OpView)
        view = object.__new__(cls)
        view._operation = self
        return view

    def __repr__(self) -> str:
        return f"<ir.Operation {self._core.name}>"


_OPVIEW_CLASSES: dict[str, type[OpView]] = {}


class OpView(_OperationBase):
    """A typed view of an operation. Subclasses with ``OPERATION_NAME`` are
    what ``Operation.opview`` and block iteration return for that op."""

    __slots__ = ("_operation",)
    OPERATION_NAME: str | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name = cls.__dict__.get("OPERATION_NAME")
        if name:
            _OPVIEW_CLASSES[name] = cls

    def __init__(self, operation: Any) -> None:
        if isinstance(operation, OpView):
            operation = operation._operation
        if not isinstance(operation, Operation):
            raise TypeError(f"OpView needs an ir.Operation, got {type(operation).__name__}")
        self._operation = operation

    @property
    def _core(self) -> CoreOperation:  # type: ignore[override]
        return self._operation._core

    @property
    def operation(self) -> Operation:
        return self._operation

    @property
    def opview(self) -> OpView:
        return self

    @classmethod
    def build_generic(cls, results: Sequence[Type] | None = None,
                      operands: Sequence[Any] | None = None,
                      attributes: dict[str, Attribute] | None = None,
                      successors: Sequence[Any] | None = None, regions: int | None = None,
                      loc: Location | None = None, ip: Any = None) -> Any:
        if cls.OPERATION_NAME is None:
            raise TypeError(f"{cls.__name__} has no OPERATION_NAME")
        op = Operation.create(cls.OPERATION_NAME, results, operands, attributes, successors,
                              regions or 0, loc, ip)
        view = object.__new__(cls)
        view._operation = op
        return view

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._core.name}>"


def register_operation_view(cls: type[OpView]) -> type[OpView]:
    """Registers an OpView subclass for its OPERATION_NAME (subclassing does it too)."""
    if cls.OPERATION_NAME:
        _OPVIEW_CLASSES[cls.OPERATION_NAME] = cls
    return cls


class OpAttributeMap:
    __slots__ = ("_op",)

    def __init__(self, core_op: CoreOperation) -> None:
        self._op = core_op

    def __getitem__(self, key: str | int) -> Any:
        attributes = self._op.attributes
        if isinstance(key, int):
            name = list(attributes)[key]
            return NamedAttribute(name, wrap_attribute(attributes[name]))
        try:
            return wrap_attribute(attributes[key])
        except KeyError:
            raise KeyError(f"attempt to access a non-existent attribute '{key}'") from None

    def __setitem__(self, key: str, value: Attribute) -> None:
        self._op.attributes[key] = value._core

    def __delitem__(self, key: str) -> None:
        del self._op.attributes[key]

    def __contains__(self, key: str) -> bool:
        return key in self._op.attributes

    def __len__(self) -> int:
        return len(self._op.attributes)

    def __iter__(self) -> Iterator[NamedAttribute]:
        return (NamedAttribute(k, wrap_attribute(v)) for k, v in list(self._op.attributes.items()))

    def get(self, key: str, default: Any = None) -> Any:
        value = self._op.attributes.get(key)
        return default if value is None else wrap_attribute(value)


# --- regions and blocks --------------------------------------------------------------


class Region:
    __slots__ = ("_core",)

    @classmethod
    def _wrap(cls, core_region: CoreRegion) -> Region:
        obj = object.__new__(Region)
        obj._core = core_region
        return obj

    @property
    def blocks(self) -> BlockList:
        return BlockList(self._core)

    @property
    def owner(self) -> Any:
        op = _parent(self._core)
        return None if op is None else Operation._wrap(op).opview

    def __iter__(self) -> Iterator[Block]:
        return (Block._wrap(b) for b in list(self._core.blocks))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Region) and self._core is other._core

    def __hash__(self) -> int:
        return id(self._core)


class RegionSequence:
    __slots__ = ("_op",)

    def __init__(self, core_op: CoreOperation) -> None:
        self._op = core_op

    def __len__(self) -> int:
        return len(self._op.regions)

    def __getitem__(self, index: int) -> Region:
        return Region._wrap(self._op.regions[index])

    def __iter__(self) -> Iterator[Region]:
        return (Region._wrap(r) for r in self._op.regions)


class BlockList:
    __slots__ = ("_region",)

    def __init__(self, core_region: CoreRegion) -> None:
        self._region = core_region

    def __len__(self) -> int:
        return len(self._region.blocks)

    def __getitem__(self, index: int) -> Block:
        return Block._wrap(self._region.blocks[index])

    def __iter__(self) -> Iterator[Block]:
        return (Block._wrap(b) for b in list(self._region.blocks))

    def append(self, *args: Type, arg_locs: Sequence[Location] | None = None) -> Block:
        block = CoreBlock([t._core for t in args])
        _set_argument_locations(block, arg_locs)
        set_parent(block, self._region)
        self._region.blocks.append(block)
        return Block._wrap(block)


def _set_argument_locations(block: CoreBlock, locations: Sequence[Location] | None) -> None:
    """Block arguments keep their locations (printed with debug info)."""
    if locations is None:
        return
    if len(locations) != len(block.arguments):
        raise ValueError(f"Expected {len(block.arguments)} locations, got: {len(locations)}")
    for argument, location in zip(block.arguments, locations):
        argument.location = None if location.kind == "unknown" else location


class Block:
    __slots__ = ("_core",)

    @classmethod
    def _wrap(cls, core_block: CoreBlock) -> Block:
        obj = object.__new__(Block)
        obj._core = core_block
        return obj

    @staticmethod
    def create_at_start(parent: Region, arg_types: Sequence[Type] = (),
                        arg_locs: Sequence[Location] | None = None) -> Block:
        block = CoreBlock([t._core for t in arg_types])
        _set_argument_locations(block, arg_locs)
        set_parent(block, parent._core)
        parent._core.blocks.insert(0, block)
        return Block._wrap(block)

    @property
    def arguments(self) -> BlockArgumentList:
        return BlockArgumentList(self._core.arguments)

    @property
    def operations(self) -> OperationList:
        return OperationList(self._core)

    @property
    def owner(self) -> Any:
        region = _parent(self._core)
        op = _parent(region) if region is not None else None
        return None if op is None else Operation._wrap(op).opview

    @property
    def region(self) -> Region:
        region = _parent(self._core)
        if region is None:
            raise ValueError("the block is not in a region")
        return Region._wrap(region)

    def add_argument(self, type: Type, loc: Location | None = None) -> Value:
        argument = self._core.add_argument(type._core)
        argument.location = _current_location(loc)
        return wrap_value(argument)

    def erase_argument(self, index: int) -> None:
        arguments = self._core.arguments
        del arguments[index]
        for position, argument in enumerate(arguments):
            argument.index = position

    def append(self, operation: Any) -> None:
        op = operation._core
        _detach(op)
        self._core.operations.append(op)
        set_parent(op, self._core)

    def __iter__(self) -> Iterator[OpView]:
        return iter(self.operations)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Block) and self._core is other._core

    def __hash__(self) -> int:
        return id(self._core)

    def __str__(self) -> str:
        return "\n".join(_print_op(op) for op in self._core.operations)


class OperationList:
    __slots__ = ("_block",)

    def __init__(self, core_block: CoreBlock) -> None:
        self._block = core_block

    def __len__(self) -> int:
        return len(self._block.operations)

    def __getitem__(self, index: int) -> OpView:
        return Operation._wrap(self._block.operations[index]).opview

    def __iter__(self) -> Iterator[OpView]:
        # A snapshot: jax moves ops to another block while iterating.
        return (Operation._wrap(op).opview for op in list(self._block.operations))


# --- insertion points --------------------------------------------------------------------


class InsertionPoint:
    """Before ``ref`` (a core op) in ``block``, or at the block's end (ref None)."""

    __slots__ = ("_block", "_ref")

    def __init__(self, beforeOperation: Any) -> None:
        if isinstance(beforeOperation, Block):
            self._block = beforeOperation._core
            self._ref = None
        else:
            op = beforeOperation._core
            block = _parent(op)
            if block is None:
                raise ValueError("InsertionPoint: the operation is not in a block")
            self._block = block
            self._ref = op

    @staticmethod
    def at_block_begin(block: Block) -> InsertionPoint:
        ip = object.__new__(InsertionPoint)
        ip._block = block._core
        operations = block._core.operations
        ip._ref = operations[0] if operations else None
        return ip

    @staticmethod
    def at_block_terminator(block: Block) -> InsertionPoint:
        operations = block._core.operations
        if not operations or not core.is_terminator(operations[-1].name):
            raise ValueError("Block has no terminator")
        ip = object.__new__(InsertionPoint)
        ip._block = block._core
        ip._ref = operations[-1]
        return ip

    current = _ClassProperty(
        lambda: _STACKS.insertion_points[-1] if _STACKS.insertion_points else None)

    @property
    def block(self) -> Block:
        return Block._wrap(self._block)

    @property
    def ref_operation(self) -> Any:
        return None if self._ref is None else Operation._wrap(self._ref).opview

    def insert(self, operation: Any) -> None:
        op = operation._core
        _detach(op)
        self._insert_core(op)

    def _insert_core(self, op: CoreOperation) -> None:
        operations = self._block.operations
        if self._ref is None:
            operations.append(op)
        else:
            operations.insert(_index_in_block(self._ref), op)
        set_parent(op, self._block)

    def __enter__(self) -> InsertionPoint:
        _STACKS.insertion_points.append(self)
        return self

    def __exit__(self, *exc: Any) -> None:
        _STACKS.insertion_points.pop()


def _insert(op: CoreOperation, ip: Any) -> None:
    """Inserts a new (detached) op at ``ip``, else at the current insertion
    point; ``ip=False`` leaves it detached."""
    if ip is False:
        return
    if ip is None:
        stack = _STACKS.insertion_points
        if not stack:
            return
        ip = stack[-1]
    if ip._ref is None:
        ip._block.operations.append(op)
        set_parent(op, ip._block)
    else:
        ip._insert_core(op)


# --- cloning and walking ------------------------------------------------------------------


def _clone_op(op: CoreOperation, mapping: dict[int, CoreValue]) -> CoreOperation:
    operands = [mapping.get(id(v), v) for v in op.operands]
    regions = [_clone_region(r, mapping) for r in op.regions]
    copy = CoreOperation(op.name, operands, op.result_types, dict(op.attributes), regions,
                         op._location)
    for old, new in zip(op.results, copy.results):
        new.name_hint = old.name_hint
        mapping[id(old)] = new
    for region in regions:
        set_parent(region, copy)
    return copy


def _clone_region(region: CoreRegion, mapping: dict[int, CoreValue]) -> CoreRegion:
    new_region = CoreRegion()
    for block in region.blocks:
        new_block = CoreBlock([a.type for a in block.arguments],
                              argument_names=[a.name_hint for a in block.arguments])
        for old, new in zip(block.arguments, new_block.arguments):
            mapping[id(old)] = new
        set_parent(new_block, new_region)
        new_region.blocks.append(new_block)
    for block, new_block in zip(region.blocks, new_region.blocks):
        for op in block.operations:
            copy = _clone_op(op, mapping)
            set_parent(copy, new_block)
            new_block.operations.append(copy)
    return new_region


def _walk(op: CoreOperation, callback: Callable[[Any], Any], order: WalkOrder) -> bool:
    """False when the walk was interrupted."""
    if order == WalkOrder.PRE_ORDER:
        result = callback(Operation._wrap(op))
        if result == WalkResult.INTERRUPT:
            return False
        if result == WalkResult.SKIP:
            return True
    for region in op.regions:
        for block in list(region.blocks):
            for nested in list(block.operations):
                if not _walk(nested, callback, order):
                    return False
    if order == WalkOrder.POST_ORDER:
        return callback(Operation._wrap(op)) != WalkResult.INTERRUPT
    return True


# --- modules ---------------------------------------------------------------------------

_FUNC_ATTRS = ("sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs")


def _module_op_from_core(module: core.Module) -> CoreOperation:
    """A builtin.module op tree holding ``module``'s functions (their body
    regions are taken over, not copied)."""
    attributes: dict[str, Any] = {}
    if module.name is not None:
        attributes["sym_name"] = module.name
    attributes.update(module.attributes)
    body = CoreBlock()
    for name, mesh in module.meshes.items():
        body.operations.append(CoreOperation("sdy.mesh", attributes={"sym_name": name,
                                                                     "mesh": mesh}))
    for func in module.functions:
        func_attrs: dict[str, Any] = {"sym_name": func.name, "function_type": func.type}
        if func.visibility != "public":
            func_attrs["sym_visibility"] = func.visibility
        if any(func.arg_attrs):
            func_attrs["arg_attrs"] = list(func.arg_attrs)
        if any(func.res_attrs):
            func_attrs["res_attrs"] = list(func.res_attrs)
        func_attrs.update(func.attributes)
        region = func.body if func.body is not None else CoreRegion()
        body.operations.append(CoreOperation("func.func", attributes=func_attrs,
                                             regions=[region], location=func.location))
    op = CoreOperation("builtin.module", attributes=attributes, regions=[CoreRegion([body])])
    _link(op)
    return op


def _function_from_op(op: CoreOperation) -> core.Function:
    attributes = op.attributes
    func_type = attributes["function_type"]
    region = op.regions[0]
    extra = {k: v for k, v in attributes.items() if k not in _FUNC_ATTRS}
    arg_attrs = attributes.get("arg_attrs")
    res_attrs = attributes.get("res_attrs")
    location = op._location
    return core.Function(
        attributes["sym_name"], func_type, region if region.blocks else None,
        attributes.get("sym_visibility", "public"),
        list(arg_attrs) if arg_attrs else [], list(res_attrs) if res_attrs else [], extra,
        None if location is None else str(location) if isinstance(location, Location)
        else op.location)


def to_core_module(module: Any) -> core.Module:
    """The compiler's ``core.Module`` for an ``ir.Module`` (or its module op):
    functions share their body regions with the live tree."""
    op = module._core if not isinstance(module, CoreOperation) else module
    if op.name != "builtin.module":
        raise ValueError(f"expected a builtin.module, got {op.name}")
    attributes = dict(op.attributes)
    name = attributes.pop("sym_name", None)
    functions: list[core.Function] = []
    meshes: dict[str, Any] = {}
    for nested in op.regions[0].blocks[0].operations:
        if nested.name == "func.func":
            functions.append(_function_from_op(nested))
        elif nested.name == "sdy.mesh":
            meshes[nested.attributes["sym_name"]] = nested.attributes["mesh"]
        else:
            raise ValueError(f"top-level operation {nested.name} is not supported in a module "
                             "(only func.func and sdy.mesh)")
    return core.Module(name, attributes, functions, meshes)


class Module:
    __slots__ = ("_core", "__weakref__")

    @classmethod
    def _wrap(cls, core_op: CoreOperation) -> Module:
        obj = object.__new__(Module)
        obj._core = core_op
        return obj

    @staticmethod
    def create(loc: Location | None = None) -> Module:
        op = CoreOperation("builtin.module", regions=[CoreRegion([CoreBlock()])],
                           location=_current_location(loc))  # type: ignore[arg-type]
        _link(op)
        op._ir_context = Context._current_or_default()
        return Module._wrap(op)

    @staticmethod
    def parse(asm: str | bytes, context: Any = None) -> Module:
        """MLIR text, or MLIR bytecode holding a StableHLO portable artifact
        (VHLO, read as the StableHLO it stands for)."""
        from jaxlib._src.frontends.mlir_bytecode import BytecodeError, is_bytecode
        from jaxlib._src.frontends.mlir_text import ParseError, parse_module
        from jaxlib._src.frontends.vhlo import VhloError, read_portable_artifact

        if is_bytecode(asm):
            try:
                module = read_portable_artifact(bytes(asm))
            except (BytecodeError, VhloError) as err:
                raise MLIRError(f"Unable to read module bytecode: {err}",
                                [DiagnosticInfo(str(err))]) from None
        else:
            text = (asm.decode("utf-8", errors="surrogateescape")
                    if isinstance(asm, (bytes, bytearray, memoryview)) else asm)
            try:
                module = parse_module(text)
            except ParseError as err:
                raise MLIRError(f"Unable to parse module assembly: {err}",
                                [DiagnosticInfo(str(err))]) from None
        op = _module_op_from_core(module)
        op._ir_context = context if context is not None else Context._current_or_default()
        return Module._wrap(op)

    @property
    def body(self) -> Block:
        return Block._wrap(self._core.regions[0].blocks[0])

    @property
    def operation(self) -> Operation:
        return Operation._wrap(self._core)

    @property
    def context(self) -> Any:
        context = getattr(self._core, "_ir_context", None)
        return context if context is not None else Context._current_or_default()

    def _core_module(self) -> core.Module:
        return to_core_module(self._core)

    def dump(self) -> None:
        print(self)

    def __str__(self) -> str:
        return _print_op(self._core)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Module) and self._core is other._core

    def __hash__(self) -> int:
        return id(self._core)


# --- symbol tables ------------------------------------------------------------------------


def _symbol_name(op: CoreOperation) -> str | None:
    name = op.attributes.get("sym_name")
    return name if isinstance(name, str) else None


class SymbolTable:
    """The symbols of an op's (first) block, with MLIR's renaming on insert
    (``name_N``, one counter per table)."""

    __slots__ = ("_op", "_counter")

    def __init__(self, symbol_table_op: Any) -> None:
        self._op = symbol_table_op._core
        self._counter = 0

    def _block(self) -> CoreBlock:
        return self._op.regions[0].blocks[0]

    def _find(self, name: str) -> CoreOperation | None:
        for op in self._block().operations:
            if op.attributes.get("sym_name") == name:
                return op
        return None

    def __getitem__(self, name: str) -> OpView:
        op = self._find(name)
        if op is None:
            raise KeyError(f"Symbol '{name}' not in the symbol table.")
        return Operation._wrap(op).opview

    def __contains__(self, name: str) -> bool:
        return self._find(name) is not None

    def insert(self, operation: Any) -> StringAttr:
        op = operation._core
        name = _symbol_name(op)
        if name is None:
            raise ValueError("Expected operation to have a symbol name.")
        block = self._block()
        taken = {_symbol_name(o) for o in block.operations if o is not op}
        if name in taken:
            while True:
                candidate = f"{name}_{self._counter}"
                self._counter += 1
                if candidate not in taken:
                    break
            op.attributes["sym_name"] = candidate
        if _parent(op) is not block:
            _detach(op)
            block.operations.append(op)
            set_parent(op, block)
        return StringAttr._from_core(op.attributes["sym_name"])

    def erase(self, operation: Any) -> None:
        _detach(operation._core)

    def __delitem__(self, name: str) -> None:
        op = self._find(name)
        if op is None:
            raise KeyError(name)
        _detach(op)

    @staticmethod
    def get_symbol_name(symbol: Any) -> StringAttr:
        name = _symbol_name(symbol._core)
        if name is None:
            raise ValueError("Expected operation to have a symbol name.")
        return StringAttr._from_core(name)

    @staticmethod
    def set_symbol_name(symbol: Any, name: str | StringAttr) -> None:
        symbol._core.attributes["sym_name"] = name._core if isinstance(name, StringAttr) \
            else name

    @staticmethod
    def get_visibility(symbol: Any) -> StringAttr:
        return StringAttr._from_core(symbol._core.attributes.get("sym_visibility", "public"))

    @staticmethod
    def set_visibility(symbol: Any, visibility: str) -> None:
        if visibility == "public":
            symbol._core.attributes.pop("sym_visibility", None)
        else:
            symbol._core.attributes["sym_visibility"] = visibility

    @staticmethod
    def replace_all_symbol_uses(old_symbol: str, new_symbol: str, from_op: Any) -> None:
        from jaxlib._src.ir.attributes import SymbolRef

        def rename(value: Any) -> Any:
            if isinstance(value, SymbolRef):
                return SymbolRef(new_symbol, value.nested) if value.name == old_symbol else value
            if isinstance(value, list):
                return [rename(v) for v in value]
            if isinstance(value, dict):
                return {k: rename(v) for k, v in value.items()}
            return value

        for op in from_op._core.walk():
            attributes = op.attributes
            for key, value in attributes.items():
                if isinstance(value, (SymbolRef, list, dict)):
                    attributes[key] = rename(value)

    @staticmethod
    def walk_symbol_tables(from_op: Any, all_sym_uses_visible: bool,
                           callback: Callable[..., Any]) -> None:
        raise unsupported("SymbolTable.walk_symbol_tables")


# --- verification and printing -----------------------------------------------------------


def _verify(op: CoreOperation) -> None:
    node = op
    while _parent(node) is not None:
        node = _parent(node)
    if not isinstance(node, CoreOperation) or node.name != "builtin.module":
        raise MLIRError("Verification failed: the operation is not inside a module",
                        [DiagnosticInfo("operation is not inside a builtin.module",
                                        _location_of(op))])
    try:
        core.verify_module(to_core_module(node))
    except (core.VerificationError, ValueError) as err:
        raise MLIRError("Verification failed:", [DiagnosticInfo(str(err))]) from None


def _print_op(op: CoreOperation, debug_info: bool = False) -> str:
    """MLIR text as jax shows it: ops in their custom assembly, like MLIR's
    own printer (``stablehlo.add %0, %1 : tensor<f32>``); with
    ``debug_info`` each op's location follows it (``loc(...)``)."""
    from jaxlib._src.frontends.stablehlo_syntax import pretty_form
    from jaxlib._src.ir import printer

    if op.name == "builtin.module":
        return printer.print_module(to_core_module(op), pretty=pretty_form,
                                    debug_info=debug_info)
    lines: list[str] = []
    if op.name == "func.func" and "function_type" in op.attributes:
        printer._print_function(_function_from_op(op), lines, pretty_form, debug_info)
        return "\n".join(line[2:] for line in lines)
    printer._print_operation(op, _LenientNamer(), lines, "", pretty_form, debug_info)
    return "\n".join(lines)


def _lenient_namer_class() -> type:
    from jaxlib._src.ir.printer import _Namer

    class Namer(_Namer):
        """Names values defined outside the printed op as MLIR does."""

        def use(self, value: CoreValue) -> str:
            return self.names.get(id(value), "<<UNKNOWN SSA VALUE>>")

    return Namer


def _LenientNamer() -> Any:  # built on first use (the printer loads lazily)
    global _LENIENT_NAMER
    if _LENIENT_NAMER is None:
        _LENIENT_NAMER = _lenient_namer_class()
    return _LENIENT_NAMER()


_LENIENT_NAMER: type | None = None


__all__ = sorted(
    name for name, value in globals().items()
    if not name.startswith("_") and name not in ("annotations", "core", "enum", "io",
                                                  "threading", "Any", "Callable", "Iterator",
                                                  "Sequence", "CoreBlock", "CoreOperation",
                                                  "CoreRegion", "CoreValue", "unsupported"))
