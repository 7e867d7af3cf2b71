"""The one IR: modules of functions, whose bodies are regions of blocks of
operations on SSA values.

Operations are generic (a name, operands, result types, an attribute dict and
regions) whichever text syntax produced them. Op-agnostic verification lives
here; per-op rules are registered in :data:`OP_DEFS` by the op modules.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from jaxlib._src.ir.types import FunctionType, Type


class VerificationError(ValueError):
    """The IR breaks a rule: names the op and, where known, its location."""


class Value:
    """An SSA value: the result of an operation or an argument of a block.

    ``owner`` is held weakly: an op holds its results and a block its
    arguments, so a strong back-link would make every IR a reference cycle,
    which only Python's cyclic collector frees (jax's tests check that a jit
    leaves no cyclic garbage). A value outlives its owner only if someone
    keeps the value and drops the op; its owner is then None."""

    __slots__ = ("type", "_owner", "index", "name_hint", "location")

    def __init__(self, type: Type, owner: Operation | Block | None, index: int,
                 name_hint: str | None = None) -> None:
        self.type = type
        self._owner = None if owner is None else weakref.ref(owner)
        self.index = index
        self.name_hint = name_hint
        # A block argument's source location ("loc(...)" text or an object
        # printing as such), kept for printing with debug info; None: unknown.
        self.location: Any = None

    @property
    def owner(self) -> Operation | Block | None:
        ref = self._owner
        return None if ref is None else ref()

    @property
    def is_block_argument(self) -> bool:
        return isinstance(self.owner, Block)

    def __repr__(self) -> str:
        name = f"%{self.name_hint}" if self.name_hint else "%?"
        return f"<Value {name}: {self.type}>"


class Operation:
    """``name(operands) {attributes} (regions) : (operand types) -> result types``."""

    def __init__(self, name: str, operands: Sequence[Value] = (),
                 result_types: Sequence[Type] = (), attributes: dict[str, Any] | None = None,
                 regions: Sequence[Region] = (), location: str | None = None) -> None:
        self.name = name
        self.operands: list[Value] = list(operands)
        self.results: list[Value] = [Value(t, self, i) for i, t in enumerate(result_types)]
        self.attributes: dict[str, Any] = dict(attributes or {})
        self.regions: list[Region] = list(regions)
        self._location: Any = location

    @property
    def location(self) -> str | None:
        """Where the op was written (``line:column`` or a ``loc(...)`` text)."""
        location = self._location
        if location.__class__ is tuple:  # (lexer, offset): worked out when first read
            location = self._location = location[0].location_text(location[1])
        return location

    @location.setter
    def location(self, value: str | None) -> None:
        self._location = value

    def set_source_offset(self, lexer: Any, offset: int) -> None:
        """The op's location is ``offset``'s line:column in ``lexer``'s text;
        most locations are never read, so the parser leaves the arithmetic
        to the first read."""
        self._location = (lexer, offset)

    @property
    def result_types(self) -> list[Type]:
        return [r.type for r in self.results]

    @property
    def operand_types(self) -> list[Type]:
        return [v.type for v in self.operands]

    @property
    def result(self) -> Value:
        if len(self.results) != 1:
            raise ValueError(f"{self.name} has {len(self.results)} results, not one")
        return self.results[0]

    def walk(self) -> Iterator[Operation]:
        """This op, then every op nested in its regions, in order."""
        yield self
        for region in self.regions:
            yield from region.walk()

    def __repr__(self) -> str:
        return f"<Operation {self.name} ({len(self.operands)} -> {len(self.results)})>"


class Block:
    """A list of operations with arguments; the last op is a terminator."""

    def __init__(self, argument_types: Sequence[Type] = (),
                 operations: Sequence[Operation] = (),
                 argument_names: Sequence[str | None] | None = None) -> None:
        names = list(argument_names) if argument_names is not None else [None] * len(argument_types)
        self.arguments: list[Value] = [Value(t, self, i, n)
                                       for i, (t, n) in enumerate(zip(argument_types, names))]
        self.operations: list[Operation] = list(operations)

    def add_argument(self, type: Type, name_hint: str | None = None) -> Value:
        value = Value(type, self, len(self.arguments), name_hint)
        self.arguments.append(value)
        return value

    def append(self, op: Operation) -> Operation:
        self.operations.append(op)
        return op

    def walk(self) -> Iterator[Operation]:
        for op in self.operations:
            yield from op.walk()


class Region:
    def __init__(self, blocks: Sequence[Block] = ()) -> None:
        self.blocks: list[Block] = list(blocks)

    @property
    def entry(self) -> Block:
        return self.blocks[0]

    def walk(self) -> Iterator[Operation]:
        for block in self.blocks:
            yield from block.walk()


class Cloner:
    """Clones ops and regions: every type through ``retype``, attributes
    through ``attributes`` (a clone's attributes from the op it copies),
    operands through ``values`` (id(old value) -> new value, filled as ops
    and block arguments are cloned). A use of a value not in ``values`` is a
    capture from outside what is cloned: kept, after ``on_capture(op, value)``."""

    def __init__(self, retype: Callable[[Type], Type] | None = None,
                 attributes: Callable[[Operation], dict[str, Any]] | None = None,
                 on_capture: Callable[[Operation, Value], None] | None = None,
                 values: dict[int, Value] | None = None) -> None:
        self.retype = retype or (lambda t: t)
        self.attributes = attributes or (lambda o: dict(o.attributes))
        self.on_capture = on_capture
        self.values: dict[int, Value] = {} if values is None else values

    def region(self, region: Region) -> Region:
        blocks = []
        for block in region.blocks:
            clone = Block([self.retype(a.type) for a in block.arguments],
                          argument_names=[a.name_hint for a in block.arguments])
            self.values.update((id(old), new)
                               for old, new in zip(block.arguments, clone.arguments))
            for nested in block.operations:
                clone.append(self.op(nested))
            blocks.append(clone)
        return Region(blocks)

    def op(self, op: Operation) -> Operation:
        operands = []
        for v in op.operands:
            inner = self.values.get(id(v))
            if inner is None:
                if self.on_capture is not None:
                    self.on_capture(op, v)
                inner = v
            operands.append(inner)
        clone = Operation(op.name, operands, [self.retype(t) for t in op.result_types],
                          self.attributes(op), [self.region(r) for r in op.regions],
                          op.location)
        self.values.update((id(old), new) for old, new in zip(op.results, clone.results))
        return clone


def retyped_clone(op: Operation, retype: Callable[[Type], Type],
                  attributes: Callable[[Operation], dict[str, Any]] | None = None,
                  on_capture: Callable[[Operation, Value], None] | None = None) -> Operation:
    """``op`` with every type ``t`` replaced by ``retype(t)``: fresh operand
    values, results and nested regions cloned the same way (see Cloner).
    Kernels of a type computed in another (quantized types in their expressed
    type, bfloat16 in f32 on GPUs) are built from such a clone."""
    cloner = Cloner(retype, attributes, on_capture)
    # Regions see their own values only: a use of one of op's operands inside
    # a region is a capture from the enclosing region, not the clone's operand.
    operands = [Value(retype(v.type), None, i, v.name_hint) for i, v in enumerate(op.operands)]
    return Operation(op.name, operands, [retype(t) for t in op.result_types],
                     cloner.attributes(op), [cloner.region(r) for r in op.regions],
                     op.location)


@dataclass
class Function:
    """``func.func``. ``body`` is None for an external declaration."""

    name: str
    type: FunctionType
    body: Region | None = None
    visibility: str = "public"
    arg_attrs: list[dict[str, Any]] = field(default_factory=list)
    res_attrs: list[dict[str, Any]] = field(default_factory=list)
    attributes: dict[str, Any] = field(default_factory=dict)
    location: str | None = None

    def __post_init__(self) -> None:
        if not self.arg_attrs:
            self.arg_attrs = [{} for _ in self.type.inputs]
        if not self.res_attrs:
            self.res_attrs = [{} for _ in self.type.results]

    @property
    def arguments(self) -> list[Value]:
        if self.body is None:
            raise ValueError(f"function @{self.name} is a declaration without a body")
        return self.body.entry.arguments

    def walk(self) -> Iterator[Operation]:
        if self.body is not None:
            yield from self.body.walk()


@dataclass
class Module:
    """``meshes`` holds Shardy ``sdy.mesh @name = <...>`` definitions, kept
    verbatim (OpaqueAttribute) for the sharding layer to interpret."""

    name: str | None = None
    attributes: dict[str, Any] = field(default_factory=dict)
    functions: list[Function] = field(default_factory=list)
    meshes: dict[str, Any] = field(default_factory=dict)

    def function(self, name: str) -> Function:
        for func in self.functions:
            if func.name == name:
                return func
        raise KeyError(f"no function @{name} in module")

    def walk(self) -> Iterator[Operation]:
        for func in self.functions:
            yield from func.walk()

    def structurally_equals(self, other: Module) -> bool:
        """Same functions, ops, types and attributes, values matched by position
        (names and locations are ignored)."""
        return structural_key(self) == structural_key(other)


# --- structural comparison ----------------------------------------------------


def structural_key(module: Module) -> Any:
    """A nested tuple describing ``module`` with values numbered in definition
    order; two modules are structurally equal when their keys are equal."""
    return (module.name, _attrs_key(module.attributes), _attrs_key(module.meshes),
            tuple(_function_key(f) for f in module.functions))


def _attrs_key(attributes: dict[str, Any]) -> Any:
    return tuple(sorted(attributes.items(), key=lambda item: item[0]))


def _function_key(func: Function) -> Any:
    numbers: dict[int, int] = {}
    body = None if func.body is None else region_key(func.body, numbers)
    return (func.name, func.type, func.visibility,
            tuple(_attrs_key(a) for a in func.arg_attrs),
            tuple(_attrs_key(a) for a in func.res_attrs), _attrs_key(func.attributes), body)


def region_key(region: Region, numbers: dict[int, int],
               outside: Callable[[Value], Any] = lambda v: -1,
               attrs_key: Callable[[dict[str, Any]], Any] = _attrs_key) -> Any:
    """A region's structure: values defined inside numbered in definition
    order (``numbers``, shared with the caller), each value from outside as
    ``outside`` names it, attributes as ``attrs_key`` keys them."""
    keys = []
    for block in region.blocks:
        for arg in block.arguments:
            numbers[id(arg)] = len(numbers)
        ops = []
        for op in block.operations:
            operands = tuple(numbers[id(v)] if id(v) in numbers else outside(v)
                             for v in op.operands)
            regions = tuple(region_key(r, numbers, outside, attrs_key) for r in op.regions)
            for result in op.results:
                numbers[id(result)] = len(numbers)
            ops.append((op.name, operands, tuple(op.result_types),
                        attrs_key(op.attributes), regions))
        keys.append((tuple(a.type for a in block.arguments), tuple(ops)))
    return tuple(keys)


# --- per-op definitions ---------------------------------------------------------


# Traits (OpDef.traits).
ELEMENTWISE = "elementwise"  # result element i is a function of operand elements i
COMMUTATIVE = "commutative"  # a binary op whose operands may be swapped
TERMINATOR = "terminator"  # ends a block
# Touches state beyond its operands and results (transfers, collectives,
# custom calls, random state): never folded or dropped.
SIDE_EFFECT = "side_effect"

# Cost classes (OpDef.cost; compiler/cost.py has the formula of each).
FREE = "free"  # moves or relabels data: no flops
CHEAP = "cheap"  # one flop per result element
EXPENSIVE = "expensive"  # one flop per result element, but dear (division)
TRANSCENDENTAL = "transcendental"  # one transcendental per result element
DOT = "dot"  # 2 * result elements * contracted size
CONVOLUTION = "convolution"  # 2 * result elements * kernel window
REDUCTION = "reduction"  # one flop per reduced input element

# Pretty-syntax forms (OpDef.syntax): "items" (``op %a, kw = [..] : T``),
# "items_no_results" (the same, the types are the operands': returns and
# checks) or the name of an op-specific form, which frontends/stablehlo_syntax.py
# maps to its parser. None: only MLIR's generic syntax.
ITEMS, ITEMS_NO_RESULTS = "items", "items_no_results"


@dataclass(frozen=True)
class OpDef:
    """Everything the compiler knows about one op, in one entry (the op
    table); registries, parsers, printers, fusion and cost analysis derive
    their lists from it, and tests/test_op_table.py checks that they agree.

    * ``verify(op)``: the type rule; raises VerificationError (or ValueError)
      when the op breaks it.
    * ``traits``: ELEMENTWISE, COMMUTATIVE, TERMINATOR, SIDE_EFFECT.
    * ``syntax``: the pretty-syntax form (see ITEMS above), None for none.
    * ``hlo``: the HLO opcode, for an op whose HLO instruction has the same
      operands and no attributes (``"exponential-minus-one"``); ops with
      attributes have a printer and a parser function of their own.
    * ``no_hlo``: HLO has no instruction for it (printed as a custom call).
    * ``fused``: the native fused-kernel opcode (csrc/cpu/kernels/fused_ops.def)
      that computes it; ``element_kinds`` the element categories its type rule
      accepts (element_types.py), which fusion also reads.
    * ``cost``: the cost class (above); None: CHEAP for stablehlo/chlo/mhlo
      ops, FREE for others.
    * ``signature``: how the op's MLIR Python builder is called (an
      ``ops.signatures.OpSignature``, or its spec string for ops declared
      below the ops layer; ``ops.signatures.signature_of`` reads either):
      ordered results, operands and attributes, each single/optional/
      variadic, attribute kinds, regions, whether result types may be
      omitted); the jax_api layer generates the
      dialect modules' OpView classes and builder functions from it. None:
      the op has no Python builder.
    * ``infer``: ``(operand Values, attribute values) -> result types`` for a
      builder called without result types (``signature.results_inferred``).
    """

    name: str
    verify: Callable[[Operation], None] | None = None
    traits: frozenset[str] = frozenset()
    syntax: str | None = None
    hlo: str | None = None
    no_hlo: bool = False
    fused: str | None = None
    element_kinds: frozenset[str] | None = None
    cost: str | None = None
    signature: Any = None
    infer: Callable[[Sequence[Value], dict[str, Any]], list[Type]] | None = None

    @property
    def dialect(self) -> str:
        return self.name.partition(".")[0]

    @property
    def is_terminator(self) -> bool:
        return TERMINATOR in self.traits


OP_DEFS: dict[str, OpDef] = {}
# Called with every registered OpDef (those already registered first), so that
# derived tables stay plain dicts and sets that follow late registrations.
_WATCHERS: list[Callable[[OpDef], None]] = []
_TERMINATOR_NAMES: set[str] = set()


def register_op(op_def: OpDef) -> OpDef:
    """Declares an op once; a second declaration of the same name is an error."""
    if op_def.name in OP_DEFS:
        raise ValueError(f"op {op_def.name} is already registered")
    OP_DEFS[op_def.name] = op_def
    if op_def.is_terminator:
        _TERMINATOR_NAMES.add(op_def.name)
    for watcher in list(_WATCHERS):
        watcher(op_def)
    return op_def


def watch_op_table(watcher: Callable[[OpDef], None]) -> None:
    """Calls ``watcher(op_def)`` for every op registered so far and every op
    registered later: how a module keeps a table derived from OP_DEFS."""
    _WATCHERS.append(watcher)
    for op_def in list(OP_DEFS.values()):
        watcher(op_def)


_OP_MODULES = "jaxlib._src.ops"
_loaded = False


def load_op_table() -> dict[str, OpDef]:
    """OP_DEFS with every built-in op declared: imports the op modules the
    first time (frontends and printers call it; they sit below the ops)."""
    global _loaded
    if not _loaded:
        _loaded = True
        import importlib

        importlib.import_module(_OP_MODULES)
    return OP_DEFS


def is_terminator(name: str) -> bool:
    """Whether op ``name`` ends a block."""
    return name in _TERMINATOR_NAMES


# The structural ops every dialect's regions end with.
# (Their builder signatures are spec strings: ops/signatures.py reads them.)
for _name in ("func.return", "stablehlo.return", "chlo.return", "mhlo.return"):
    register_op(OpDef(_name, traits=frozenset({TERMINATOR}), syntax=ITEMS_NO_RESULTS,
                      cost=FREE,
                      signature="operands_* -> " if _name == "func.return" else "results_* -> "))


# --- op-agnostic verification ---------------------------------------------------


def _where(op: Operation) -> str:
    return f" at {op.location}" if op.location else ""


def verify_module(module: Module) -> None:
    """Checks SSA dominance, terminators, return and call signatures and calls
    registered per-op verifiers. Raises VerificationError on the first problem."""
    load_op_table()
    functions: dict[str, Function] = {}
    for func in module.functions:
        if func.name in functions:
            raise VerificationError(f"function @{func.name} is defined twice")
        functions[func.name] = func
    for func in module.functions:
        _verify_function(func, functions)


def _verify_function(func: Function, functions: dict[str, Function]) -> None:
    if func.body is None:
        return
    if (len(func.arg_attrs) != len(func.type.inputs)
            or len(func.res_attrs) != len(func.type.results)):
        raise VerificationError(f"@{func.name}: argument/result attribute lists do not match "
                                "its type")
    entry = func.body.entry
    if [a.type for a in entry.arguments] != list(func.type.inputs):
        raise VerificationError(f"@{func.name}: entry block arguments do not match the signature "
                                f"{func.type}")
    _verify_region(func.body, set(), func, functions, in_function_body=True)


def _verify_region(region: Region, visible: set[int], func: Function,
                   functions: dict[str, Function], in_function_body: bool) -> None:
    if len(region.blocks) != 1:
        raise VerificationError(f"@{func.name}: regions with {len(region.blocks)} blocks are "
                                "not supported (exactly one block expected)")
    for block in region.blocks:
        scope = set(visible)
        scope.update(id(a) for a in block.arguments)
        if not block.operations:
            raise VerificationError(f"@{func.name}: empty block (a terminator is required)")
        last = len(block.operations) - 1
        for position, op in enumerate(block.operations):
            for index, operand in enumerate(op.operands):
                if id(operand) not in scope:
                    raise VerificationError(
                        f"@{func.name}: operand #{index} of {op.name}{_where(op)} is not "
                        "defined before its use in scope")
            terminates = op.name in _TERMINATOR_NAMES
            if position == last and not terminates:
                raise VerificationError(f"@{func.name}: block does not end with a terminator "
                                        f"(last op is {op.name}{_where(op)})")
            if position != last and terminates:
                raise VerificationError(f"@{func.name}: terminator {op.name}{_where(op)} "
                                        "is not the last op of its block")
            if op.name == "func.return":
                if not in_function_body:
                    raise VerificationError(f"@{func.name}: func.return{_where(op)} inside a "
                                            "nested region")
                _check_types(f"@{func.name}: func.return{_where(op)}", op.operand_types,
                             list(func.type.results), "the function's result types")
            elif op.name == "func.call":
                _verify_call(op, func, functions)
            for nested in op.regions:
                _verify_region(nested, scope, func, functions, in_function_body=False)
            op_def = OP_DEFS.get(op.name)
            if op_def is not None and op_def.verify is not None:
                try:
                    op_def.verify(op)
                except VerificationError:
                    raise
                except ValueError as err:
                    raise VerificationError(f"{op.name}{_where(op)}: {err}") from err
                except (TypeError, AttributeError, LookupError, ArithmeticError,
                        StopIteration) as err:
                    # A rule tripped over a malformed op before naming the problem.
                    raise VerificationError(f"{op.name}{_where(op)}: malformed op "
                                            f"({type(err).__name__}: {err})") from err
            scope.update(id(r) for r in op.results)


def _verify_call(op: Operation, func: Function, functions: dict[str, Function]) -> None:
    callee = op.attributes.get("callee")
    name = getattr(callee, "name", None)
    if name not in functions:
        raise VerificationError(f"@{func.name}: func.call{_where(op)} to unknown function "
                                f"@{name}")
    target = functions[name]
    _check_types(f"@{func.name}: call to @{name}{_where(op)}", op.operand_types,
                 list(target.type.inputs), "the callee's argument types")
    _check_types(f"@{func.name}: call to @{name}{_where(op)}", op.result_types,
                 list(target.type.results), "the callee's result types")


def _check_types(what: str, actual: list[Type], expected: list[Type], against: str) -> None:
    if actual != expected:
        raise VerificationError(f"{what} has types ({', '.join(map(str, actual))}) that do not "
                                f"match {against} ({', '.join(map(str, expected))})")
