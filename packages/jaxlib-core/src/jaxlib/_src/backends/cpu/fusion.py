"""Loop fusion for the CPU backend: runs of elementwise ops (with broadcasts,
splat constants, iota, converts and relabelling reshapes) and simple
reductions become one native ``fused`` kernel each.

:func:`fuse_block` groups a block's ops XLA style, from consumers back to
producers: an op joins the group(s) of its users when every user is fused
(it is then recomputed inside each of them, at most a few, instead of being
written to memory), and starts a group of its own otherwise. Within a group
every value is evaluated over the group's *domain* (the root's shape, or the
reduce operand's shape) through an index map: strides from domain
coordinates to the value's linear index. Broadcasts and reshapes only change
these maps, so they cost nothing; the group's inputs are read through them.

The kernel is a small register bytecode (see ``csrc/cpu/kernels/fused.cc``
for the encoding) that the native interpreter runs over tiles of the domain.
"""

from __future__ import annotations

import contextvars
import math
import struct
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jaxlib._src.backends.cpu import native
from jaxlib._src.backends.cpu.dataflow import Dataflow
from jaxlib._src.ir.attributes import ComparisonDirection, ComparisonType, DenseElements
from jaxlib._src.ir.core import (
    EXPENSIVE,
    TRANSCENDENTAL,
    Block,
    OpDef,
    Operation,
    Value,
    is_terminator,
    watch_op_table,
)
from jaxlib._src.ir.element_types import BY_DTYPE, FLOAT, SINT
from jaxlib._src.ir.types import TensorType, TokenType

Strides = tuple[int, ...]


@dataclass
class FusedGroup:
    """A fused run of ops: one native kernel from ``inputs`` to ``outputs``."""

    ops: list[Operation]  # fused ops in program order
    inputs: list[Value]  # values defined outside the group, in kernel-input order
    outputs: list[Value]  # group values used after the group, in kernel-output order
    kernel: Any  # the built native kernel (None for types the CPU does not compute)
    params: dict = field(default_factory=dict)  # its "fused" kernel parameters


# ---------------------------------------------------------------------------------
# The bytecode's vocabulary: the native side's numbers (fused_encoding.h) and
# the op table's facts (which op computes with which opcode)
# ---------------------------------------------------------------------------------

_ENCODING = native.cpu.fused_encoding()
# opcode name -> code (csrc/cpu/kernels/fused_ops.def)
OPCODES: dict[str, int] = {name: entry[0] for name, entry in _ENCODING["opcodes"].items()}
_ARITY = {name: entry[1] for name, entry in _ENCODING["opcodes"].items()}
_REDUCING = frozenset(name for name, entry in _ENCODING["opcodes"].items() if entry[2])
_DIRECTIONS: dict[str, int] = dict(_ENCODING["compare_directions"])
_TOTAL_ORDER_FLAG: int = _ENCODING["total_order_flag"]
_LOAD_INPUT, _LOAD_CONSTANT, _LOAD_IOTA = (_ENCODING["load_kinds"][kind]
                                           for kind in ("input", "constant", "iota"))

# Element type codes (jaxcpu::DType) of the types the interpreter computes,
# by numpy name, and the category of each (element_types.py).
_INTERPRETED = frozenset(_ENCODING["dtypes"])
# Types it only stores (bfloat16, float16): their values are computed in f32,
# rounded after each op that can leave the type (_Emitter, "carried" codes).
_STORED = frozenset(_ENCODING["storage_dtypes"])
_COMPUTED = _INTERPRETED | _STORED
# Every element type's code; a backend may compute more types than the CPU's
# interpreter (the GPU's generated kernels compute bfloat16): fuse_block's
# ``extra_types``, which it then gets as they are (no f32 carrying).
_DTYPE_CODES = dict(native.cpu.dtype_codes())
_F32 = _DTYPE_CODES["float32"]
_ROUND_OPCODE = {_DTYPE_CODES["bfloat16"]: "round_bf16", _DTYPE_CODES["float16"]: "round_f16"}
_COMPUTED_NOW: contextvars.ContextVar[frozenset[int]] = contextvars.ContextVar(
    "fusion_computed_codes", default=_COMPUTED)
_CARRIED_NOW: contextvars.ContextVar[frozenset[int]] = contextvars.ContextVar(
    "fusion_carried_codes", default=_STORED)
# Opcodes whose f32 result on values of a 16-bit float type is again such a
# value (no rounding needed after them).
_EXACT_ON_CARRIED = frozenset({"neg", "abs", "sign", "floor", "ceil", "round_even",
                               "round_afz", "copy", "max", "min", "clamp", "select"})
_CATEGORY_OF_CODE = {code: BY_DTYPE[np.dtype(name)].category
                     for name, code in _DTYPE_CODES.items()}
_FLOAT_CODES = frozenset(c for c, k in _CATEGORY_OF_CODE.items() if k == FLOAT)
_SIGNED_CODES = frozenset(c for c, k in _CATEGORY_OF_CODE.items() if k == SINT)


def _codes(kinds: frozenset[str] | None) -> frozenset[int]:
    """The type codes of the element categories ``kinds`` (None: every one)."""
    return frozenset(c for c, k in _CATEGORY_OF_CODE.items() if kinds is None or k in kinds)


# op name -> (opcode, arity, type codes accepted for its first operand): the
# op table's ``fused`` entries; for ternary ops the first operand goes unchecked.
_FUSED: dict[str, tuple[str, int, frozenset[int]]] = {}
# Ops worth recomputing per element only when each element is used once: a
# broadcast would repeat them for every element of the broadcast dimensions
# (the op table's expensive and transcendental cost classes).
_EXPENSIVE: set[str] = set()
# Reduce bodies the kernel runs: body op -> binary opcode.
_REDUCERS: dict[str, str] = {}


def _declare(op_def: OpDef) -> None:
    if op_def.fused is None:
        return
    if op_def.fused not in OPCODES:
        raise ValueError(f"{op_def.name}: no fused opcode {op_def.fused!r} in fused_ops.def")
    _FUSED[op_def.name] = (op_def.fused, _ARITY[op_def.fused], _codes(op_def.element_kinds))
    if op_def.cost in (EXPENSIVE, TRANSCENDENTAL):
        _EXPENSIVE.add(op_def.name)
    if op_def.fused in _REDUCING:
        _REDUCERS[op_def.name] = op_def.fused


watch_op_table(_declare)

_LAYOUT_OPS = frozenset({"stablehlo.broadcast_in_dim", "stablehlo.reshape",
                         "stablehlo.transpose"})
# How many consumer groups may each recompute one op instead of reading it from memory.
# Domains from this size on compute the (smaller) values they broadcast in a
# group of their own rather than once per element.
_MATERIALIZE_UNDER_BROADCAST = 1 << 16
_MAX_DUPLICATES = 2


# ---------------------------------------------------------------------------------
# Types and index maps
# ---------------------------------------------------------------------------------


# What fusion asks about every operand of every op, per type object: id(type)
# -> (type, element type code, shape). The entry holds the type, so its id is
# not reused while the entry lives. (Hashing a type runs Python code; id does not.)
_TYPE_FACTS: dict[int, tuple[Any, int | None, tuple[int, ...] | None]] = {}
_MEMO_LIMIT = 4096


def _remember(table: dict, key: Any, value: Any) -> Any:
    """Stores a memoized answer (a full table starts over) and returns it."""
    if len(table) >= _MEMO_LIMIT:
        table.clear()
    table[key] = value
    return value


def _type_facts(t: Any) -> tuple[Any, int | None, tuple[int, ...] | None]:
    facts = _TYPE_FACTS.get(id(t))
    if facts is None or facts[0] is not t:
        code = _compute_type_code(t)
        shape = tuple(int(d) for d in t.shape) if code is not None else None
        facts = _remember(_TYPE_FACTS, id(t), (t, code, shape))
    return facts


def _type_code(t: Any) -> int | None:
    """The element type code of a static tensor type, or None if not fusible
    (not a static tensor, or a type the kernels being planned do not compute)."""
    facts = _TYPE_FACTS.get(id(t))
    if facts is None or facts[0] is not t:
        facts = _type_facts(t)
    code = facts[1]
    return code if code in _COMPUTED_NOW.get() else None


def element_code(t: Any) -> int | None:
    """The element type code of a static tensor type, whether the CPU's
    interpreter computes it or not (None for other types)."""
    return _type_facts(t)[1]


def _compute_type_code(t: Any) -> int | None:
    if not isinstance(t, TensorType) or not t.is_static or not isinstance(t.element_type, str):
        return None
    try:
        name = native.dtype_name(t.element_type)
    except (ValueError, TypeError):
        return None
    return _DTYPE_CODES.get(name)


def _shape(value: Value) -> tuple[int, ...]:
    t = value.type
    facts = _TYPE_FACTS.get(id(t))
    if facts is None or facts[0] is not t:
        facts = _type_facts(t)
    shape = facts[2]
    if shape is None:  # not a fusible type: no caller gets here, but stay total
        return tuple(int(d) for d in value.type.shape)
    return shape


_LINEAR_STRIDES: dict[tuple[int, ...], tuple[int, ...]] = {}
_IDENTITY_MAPS: dict[tuple[int, ...], Strides] = {}


def _linear_strides(shape: Sequence[int]) -> tuple[int, ...]:
    key = tuple(shape)
    strides = _LINEAR_STRIDES.get(key)
    if strides is None:
        computed, step = [0] * len(key), 1
        for k in range(len(key) - 1, -1, -1):
            computed[k] = step
            step *= key[k]
        strides = _remember(_LINEAR_STRIDES, key, tuple(computed))
    return strides


def _identity_map(domain: Sequence[int]) -> Strides:
    """Each domain element reading the element of the same linear index (strides
    of size-1 dimensions are 0 so that equal maps compare equal)."""
    key = tuple(domain)
    strides = _IDENTITY_MAPS.get(key)
    if strides is None:
        strides = _remember(_IDENTITY_MAPS, key, tuple(
            0 if n <= 1 else s for n, s in zip(key, _linear_strides(key))))
    return strides


# Answers of _decompose and _broadcast_operand_map by their (tuple) arguments:
# programs repeat the same shapes and maps many times.
_DECOMPOSITIONS: dict[tuple, dict[int, int] | None] = {}
_BROADCAST_MAPS: dict[tuple, Strides | None] = {}


def _decompose(strides: Strides, shape: Sequence[int],
               domain: Sequence[int]) -> dict[int, int] | None:
    """Which dimension of ``shape`` each domain dimension walks along under
    ``strides`` (a linear-index map into ``shape``), or None when the map mixes
    dimensions (a reshape that split or merged them). The dict is shared:
    callers must not change it."""
    key = (tuple(strides), tuple(shape), tuple(domain))
    try:
        return _DECOMPOSITIONS[key]
    except KeyError:
        return _remember(_DECOMPOSITIONS, key, _compute_decomposition(*key))


def _compute_decomposition(strides: Strides, shape: tuple[int, ...],
                           domain: tuple[int, ...]) -> dict[int, int] | None:
    linear = _linear_strides(shape)
    mapping: dict[int, int] = {}
    for k, (s, n) in enumerate(zip(strides, domain)):
        if n <= 1 or s == 0:
            continue
        candidates = [j for j, size in enumerate(shape) if size > 1 and linear[j] == s]
        if len(candidates) != 1 or n > shape[candidates[0]] or candidates[0] in mapping.values():
            return None
        mapping[k] = candidates[0]
    return mapping


def _broadcast_operand_map(op: Operation, result_map: Strides,
                           domain: Sequence[int]) -> Strides | None:
    """The map of a broadcast_in_dim's operand, given its result's map."""
    dimensions = op.attributes.get("broadcast_dimensions")
    result_shape = _shape(op.results[0])
    operand_shape = _shape(op.operands[0])
    key = (dimensions, result_shape, operand_shape, tuple(result_map), tuple(domain))
    try:
        return _BROADCAST_MAPS[key]
    except KeyError:
        return _remember(_BROADCAST_MAPS, key, _compute_broadcast_operand_map(*key))
    except TypeError:  # an unhashable attribute value
        return _compute_broadcast_operand_map(*key)


def _compute_broadcast_operand_map(dimensions: Any, result_shape: tuple[int, ...],
                                   operand_shape: tuple[int, ...], result_map: Strides,
                                   domain: tuple[int, ...]) -> Strides | None:
    mapping = _decompose(result_map, result_shape, domain)
    if mapping is None:
        return None
    dims = _int_list(dimensions)
    operand_linear = _linear_strides(operand_shape)
    source = {d: i for i, d in enumerate(dims)}  # result dim -> operand dim
    strides = [0] * len(domain)
    for k, j in mapping.items():
        i = source.get(j)
        if i is not None and operand_shape[i] > 1:
            strides[k] = operand_linear[i]
    return tuple(strides)


def _transpose_operand_map(op: Operation, result_map: Strides,
                           domain: Sequence[int]) -> Strides | None:
    """The map of a transpose's operand, given its result's map: result
    dimension j is operand dimension permutation[j]."""
    permutation = _int_list(op.attributes.get("permutation"))
    result_shape = _shape(op.results[0])
    mapping = _decompose(result_map, result_shape, domain)
    if mapping is None or sorted(permutation) != list(range(len(result_shape))):
        return None
    operand_linear = _linear_strides(_shape(op.operands[0]))
    strides = [0] * len(domain)
    for k, j in mapping.items():
        strides[k] = operand_linear[permutation[j]]
    return tuple(strides)


def _int_list(value: Any) -> tuple[int, ...]:
    if value is None:
        return ()
    if hasattr(value, "array"):
        return tuple(int(v) for v in np.asarray(value.array).reshape(-1))
    return tuple(int(v) for v in value)


# ---------------------------------------------------------------------------------
# Which ops fuse
# ---------------------------------------------------------------------------------

_ELEMENTWISE, _FREE, _REDUCE = "elementwise", "free", "reduce"


def _is_dot_result(value: Value) -> bool:
    owner = value.owner
    return isinstance(owner, Operation) and owner.name == "stablehlo.dot_general"


def _splat_constant(op: Operation) -> bool:
    value = op.attributes.get("value")
    return (isinstance(value, DenseElements) and value.array.size > 0
            and (value.array.size == 1 or value.is_splat))


def _compare_code(op: Operation, code: int) -> int | None:
    direction = op.attributes.get("comparison_direction")
    if not isinstance(direction, ComparisonDirection):
        return None
    compare_type = op.attributes.get("compare_type")
    name = compare_type.value if isinstance(compare_type, ComparisonType) else "NOTYPE"
    expected = ("FLOAT", "TOTALORDER") if code in _FLOAT_CODES else (
        ("SIGNED",) if code in _SIGNED_CODES else ("UNSIGNED",))
    if name != "NOTYPE" and name not in expected:
        return None
    return _DIRECTIONS[direction.value] + (_TOTAL_ORDER_FLAG if name == "TOTALORDER" else 0)


def _one_op_reducer(op: Operation) -> str | None:
    """The binary opcode of a reduce with one operand, a constant init and a
    body that is a single known op of its two arguments; None otherwise."""
    if len(op.operands) != 2 or len(op.results) != 1 or len(op.regions) != 1:
        return None
    init = op.operands[1].owner
    if not isinstance(init, Operation) or init.name != "stablehlo.constant":
        return None
    code = _type_code(op.operands[0].type)
    if code is None or any(_type_code(t) != code for t in (op.operands[1].type,
                                                             op.results[0].type)):
        return None
    block = op.regions[0].entry
    if len(block.operations) != 2 or len(block.arguments) != 2:
        return None
    body, terminator = block.operations
    if not is_terminator(terminator.name) or len(terminator.operands) != 1:
        return None
    if terminator.operands[0] is not body.results[0] or body.name not in _REDUCERS:
        return None
    if {id(v) for v in body.operands} != {id(a) for a in block.arguments}:
        return None
    if any(_type_code(a.type) != code for a in block.arguments):
        return None
    return _REDUCERS[body.name]


def _reduce_opcode(op: Operation) -> str | None:
    """The reducer of a fusible reduction (a _one_op_reducer whose reduced
    dimensions are adjacent once unit dimensions are dropped); None otherwise."""
    reducer = _one_op_reducer(op)
    if reducer is None:
        return None
    if _type_code(op.operands[0].type) in _CARRIED_NOW.get():
        return None  # a 16-bit accumulator rounds at each step: not a fused reduction
    dims = sorted(_int_list(op.attributes.get("dimensions")))
    shape = _shape(op.operands[0])
    # The reduced dimensions must be adjacent once size-1 dimensions are dropped.
    significant = [d for d in range(len(shape)) if shape[d] != 1]
    reduced = [i for i, d in enumerate(significant) if d in dims]
    if reduced and reduced != list(range(reduced[0], reduced[-1] + 1)):
        return None
    return reducer


def _unit_reducer(op: Operation) -> str | None:
    """The reducer of a reduce over dimensions of extent 1 only (jax's sums of
    a (1, n) gradient): each result element is the body applied once, to the
    init and one operand element, so the reduce is an elementwise op that
    consumers and producers fuse with (XLA's simplifier makes it one too)."""
    if op.name != "stablehlo.reduce":
        return None
    shape = _shape(op.operands[0])
    if any(shape[d] != 1 for d in _int_list(op.attributes.get("dimensions"))):
        return None
    return _one_op_reducer(op)


def takes_part(op: Operation) -> bool:
    """Whether ``op`` can join a fused group (elementwise, layout, reduce ...)."""
    return _classify(op) is not None


def _classify(op: Operation) -> str | None:
    """How ``op`` takes part in fusion (None: it does not)."""
    if len(op.results) != 1 or op.regions and op.name != "stablehlo.reduce":
        return None
    codes = [_type_code(v.type) for v in (*op.operands, *op.results)]
    if None in codes:
        return None
    name = op.name
    if name == "stablehlo.constant":
        return _FREE if _splat_constant(op) else None
    if name == "stablehlo.iota":
        return _FREE
    if name == "stablehlo.reduce":
        # elementwise over unit dimensions; else a reduction if _reduce_opcode
        # accepts it (the caller asks)
        return _ELEMENTWISE if _unit_reducer(op) else _REDUCE
    if name in _LAYOUT_OPS:
        if name == "stablehlo.transpose" and _is_dot_result(op.operands[0]):
            return None  # the planner computes it as the dot with swapped operands
        return _ELEMENTWISE if codes[0] == codes[-1] and len(op.operands) == 1 else None
    fused = _FUSED.get(name)
    if fused is None:
        return None
    opcode, arity, accepted = fused
    if len(op.operands) != arity or (arity < 3 and codes[0] not in accepted):
        return None
    if opcode == "cmp" and _compare_code(op, codes[0]) is None:
        return None
    return _ELEMENTWISE


def _opcode_of(op: Operation) -> str | None:
    fused = _FUSED.get(op.name)
    return None if fused is None else fused[0]


# ---------------------------------------------------------------------------------
# Grouping
# ---------------------------------------------------------------------------------

_EXTERNAL = None  # a use by an unfused op, a nested region or the terminator


@dataclass(eq=False)
class _Draft:
    """A group being formed: its root, domain and each member's index map."""

    root: Operation
    domain: tuple[int, ...]
    maps: dict[int, Strides | None] = field(default_factory=dict)  # id(op) -> map
    members: list[Operation] = field(default_factory=list)
    reducer: str | None = None  # the root reduce's binary opcode
    # Roots of merged sibling groups (_merge_siblings): further outputs,
    # computed over the same domain, written after the root's.
    extra_roots: list[Operation] = field(default_factory=list)
    # (id(user), operand index) -> _operand_map's answer (planning and emission
    # both ask; the answer is fixed once the user has its map)
    operand_maps: dict[tuple[int, int], Strides | None | str] = field(default_factory=dict)

    def add(self, op: Operation, strides: Strides | None) -> None:
        self.maps[id(op)] = strides
        self.members.append(op)

    def reduces(self, op: Operation) -> bool:
        """Whether ``op`` is one of this reduction group's reductions (its
        root, or a merged sibling's)."""
        return self.reducer is not None and (op is self.root or op in self.extra_roots)


def _operand_map(user: Operation, index: int, draft: _Draft) -> Strides | None | str:
    """The index map under which ``user`` (a member of ``draft``) reads its
    operand ``index``; "init" for a reduce's init value; None if it has none."""
    key = (id(user), index)
    try:
        return draft.operand_maps[key]
    except KeyError:
        strides = draft.operand_maps[key] = _compute_operand_map(user, index, draft)
        return strides


def _compute_operand_map(user: Operation, index: int, draft: _Draft) -> Strides | None | str:
    domain = draft.domain
    if draft.reduces(user):
        return _identity_map(domain) if index == 0 else "init"
    user_map = draft.maps[id(user)]
    if user_map is None:  # constants and iota have no operands
        return None
    if user.name == "stablehlo.reduce":  # over unit dimensions: elementwise
        return user_map if index == 0 else (0,) * len(domain)
    if user.name == "stablehlo.broadcast_in_dim":
        return _broadcast_operand_map(user, user_map, domain)
    if user.name == "stablehlo.transpose":
        return _transpose_operand_map(user, user_map, domain)
    if user.name == "stablehlo.reshape":
        return user_map
    if not user.operands[index].type.shape and user.results[0].type.shape:
        return (0,) * len(domain)  # a scalar operand of select/clamp
    return user_map


def _uses(block: Block) -> dict[int, list[tuple[Operation | None, int]]]:
    """Every use of every value in ``block``: (user, operand index), with user
    None for the terminator and for ops whose nested regions read the value."""
    uses: dict[int, list[tuple[Operation | None, int]]] = {}
    ops = block.operations
    for position, op in enumerate(ops):
        terminator = position == len(ops) - 1
        for index, value in enumerate(op.operands):
            uses.setdefault(id(value), []).append((None if terminator else op, index))
        for region in op.regions:
            for nested in region.walk():
                for value in nested.operands:
                    uses.setdefault(id(value), []).append((_EXTERNAL, -1))
    return uses


def _plan_groups(block: Block, keep: frozenset[int] = frozenset()
                 ) -> tuple[list[_Draft], dict[int, Operation]]:
    """Forms groups from the last op back; returns them and the ops that stay
    in the block as they are (by id; ``keep``: ids of ops that must)."""
    ops = block.operations
    uses = _uses(block)
    drafts: list[_Draft] = []
    membership: dict[int, list[_Draft]] = {}  # id(op) -> groups holding it
    kept: dict[int, Operation] = {}
    for op in reversed(ops[:-1] if ops else []):
        kind = None if id(op) in keep else _classify(op)
        if kind is None:
            kept[id(op)] = op
            continue
        if kind == _REDUCE:
            reducer = _reduce_opcode(op)
            if reducer is None:
                kept[id(op)] = op
                continue
            draft = _Draft(op, _shape(op.operands[0]), reducer=reducer)
            draft.add(op, None)
            drafts.append(draft)
            membership[id(op)] = [draft]
            continue
        external = False
        wanted: dict[int, tuple[_Draft, set]] = {}  # id(draft) -> (draft, maps wanted)
        for user, index in uses.get(id(op.results[0]), []):
            if user is None or id(user) not in membership:
                external = True
                continue
            for draft in membership[id(user)]:
                entry = wanted.setdefault(id(draft), (draft, set()))
                entry[1].add(_operand_map(user, index, draft))
        targets = [draft for draft, _ in wanted.values()]
        if kind == _FREE:
            # Constants and iota are recomputed wherever they are read.
            placed = []
            for draft, maps in wanted.values():
                strides = _free_map(op, maps, draft)
                if strides is False:
                    external = True
                    continue
                draft.add(op, strides)
                placed.append(draft)
            if placed:
                membership[id(op)] = placed
            if external or not placed:
                kept[id(op)] = op
            continue
        if not external and targets and _can_join(op, wanted):
            for draft, maps in wanted.values():
                draft.add(op, next(iter(maps)))
            membership[id(op)] = targets
            continue
        draft = _Draft(op, _shape(op.results[0]))
        draft.add(op, _identity_map(draft.domain))
        drafts.append(draft)
        membership[id(op)] = [draft]
    return drafts, kept


def _free_map(op: Operation, maps: set, draft: _Draft) -> Strides | None | bool:
    """The map a constant or iota takes in ``draft`` (None for a constant);
    False when it cannot be placed there."""
    if op.name == "stablehlo.constant":
        return None
    maps.discard("init")
    if len(maps) != 1 or None in maps:
        return False
    strides = next(iter(maps))
    mapping = _decompose(strides, _shape(op.results[0]), draft.domain)
    dim = int(op.attributes.get("iota_dimension", 0))
    if mapping is None:
        return False
    return strides if dim < len(_shape(op.results[0])) else False


def _can_join(op: Operation, wanted: dict[int, tuple[_Draft, set]]) -> bool:
    """Whether ``op`` may be computed inside each of the groups reading it."""
    if len(wanted) > _MAX_DUPLICATES:
        return False
    elements = math.prod(_shape(op.results[0]))
    expensive = op.name in _EXPENSIVE
    if expensive and len(wanted) > 1 and elements >= _MATERIALIZE_UNDER_BROADCAST:
        # Big values of costly ops read by two groups (softmax's exp) are
        # computed once: the groups usually run as one row-blocked run
        # (row_chains.py), where reading the value back costs a cache hit.
        return False
    for draft, maps in wanted.values():
        if len(maps) != 1:
            return False  # needed under two different maps
        strides = next(iter(maps))
        if strides is None or strides == "init":
            return False
        domain = math.prod(draft.domain)
        if domain > elements and (expensive or (domain >= _MATERIALIZE_UNDER_BROADCAST
                                                and op.name not in _LAYOUT_OPS)):
            # It would be recomputed for every broadcast copy: in a big group
            # computing it once into a small buffer is cheaper.
            return False
        if op.name in ("stablehlo.broadcast_in_dim", "stablehlo.transpose"):
            operand_map = (_broadcast_operand_map if op.name == "stablehlo.broadcast_in_dim"
                           else _transpose_operand_map)(op, strides, draft.domain)
            if operand_map is None:
                return False  # its operand would have no index map
            # What _operand_map answers once op joins under ``strides``.
            draft.operand_maps[(id(op), 0)] = operand_map
    return True


# ---------------------------------------------------------------------------------
# Bytecode emission
# ---------------------------------------------------------------------------------


def _constant_bits(value: Any, code: int) -> int:
    """A scalar as the int64 the kernel decodes: double bits for floats, the
    two's-complement value for integers."""
    if code in _FLOAT_CODES:
        return struct.unpack("<q", struct.pack("<d", float(value)))[0]
    integer = int(value)
    return integer - (1 << 64) if integer >= 1 << 63 else integer


def _scalar_of(op: Operation) -> Any:
    return np.asarray(op.attributes["value"].array).reshape(-1)[0]


class _Emitter:
    """Turns a draft into the kernel's code (see fused.cc for the layout)."""

    def __init__(self, draft: _Draft, order: dict[int, int]):
        self.draft = draft
        # 16-bit float codes computed here in f32 slots (see _STORED)
        self.carried = _CARRIED_NOW.get()
        self.domain = draft.domain
        self.members = sorted(draft.members, key=lambda op: order[id(op)])
        self.slot_types: list[int] = []
        self.loads: list[tuple[int, int, int, Strides]] = []
        self.instructions: list[tuple[int, int, int, int, int, int]] = []
        self.inputs: list[Value] = []
        self.input_index: dict[int, int] = {}
        self.load_slots: dict[tuple[int, Strides], int] = {}
        self.value_slots: dict[int, int] = {}
        self.constant_slots: dict[tuple[int, int], int] = {}

    def new_slot(self, code: int) -> int:
        self.slot_types.append(code)
        return len(self.slot_types) - 1

    def operand_slot(self, op: Operation, index: int) -> int:
        value = op.operands[index]
        owner = value.owner
        if isinstance(owner, Operation) and id(owner) in self.draft.maps:
            if owner.name == "stablehlo.constant":
                return self.constant_slot(owner)
            if id(value) in self.value_slots:
                return self.value_slots[id(value)]
        strides = _operand_map(op, index, self.draft)
        if not isinstance(strides, tuple):
            raise NotImplementedError("operand without an index map")
        key = (id(value), strides)
        if key not in self.load_slots:
            if id(value) not in self.input_index:
                self.input_index[id(value)] = len(self.inputs)
                self.inputs.append(value)
            code = _type_code(value.type)
            slot = self.new_slot(code)
            self.loads.append((slot, _LOAD_INPUT, self.input_index[id(value)], strides))
            if code in self.carried:
                slot = self.instruction("convert", 0, _F32, slot)  # widened once
            self.load_slots[key] = slot
        return self.load_slots[key]

    def constant_slot(self, op: Operation) -> int:
        code = _type_code(op.results[0].type)
        bits = _constant_bits(_scalar_of(op), code)
        code = self.physical(code)  # a 16-bit float's value is exact in f32
        key = (code, bits)
        if key not in self.constant_slots:
            slot = self.new_slot(code)
            self.loads.append((slot, _LOAD_CONSTANT, bits, (0,) * len(self.domain)))
            self.constant_slots[key] = slot
        return self.constant_slots[key]

    def physical(self, code: int) -> int:
        """The slot type holding values of type ``code``."""
        return _F32 if code in self.carried else code

    def rounded(self, slot: int, code: int) -> int:
        """``slot``'s f32 values rounded to the carried type ``code``."""
        return self.instruction(_ROUND_OPCODE[code], 0, _F32, slot)

    def instruction(self, opcode: str, aux: int, code: int, *sources: int) -> int:
        dst = self.new_slot(code)
        padded = list(sources) + [-1] * (3 - len(sources))
        self.instructions.append((OPCODES[opcode], aux, dst, *padded))
        return dst

    def emit_member(self, op: Operation) -> None:
        result = op.results[0]
        code = _type_code(result.type)
        if op.name == "stablehlo.constant":
            return  # emitted where it is read
        if op.name == "stablehlo.iota":
            strides = self.draft.maps[id(op)]
            mapping = _decompose(strides, _shape(result), self.domain) or {}
            dim = int(op.attributes.get("iota_dimension", 0))
            coefficients = tuple(1 if mapping.get(k) == dim else 0
                                 for k in range(len(self.domain)))
            slot = self.new_slot(self.physical(code))
            self.loads.append((slot, _LOAD_IOTA, 0, coefficients))
            if code in self.carried:
                slot = self.rounded(slot, code)
            self.value_slots[id(result)] = slot
            return
        if self.draft.reduces(op):
            self.value_slots[id(result)] = self.operand_slot(op, 0)  # reduced by the kernel
            return
        if op.name == "stablehlo.reduce":  # over unit dimensions: the body, once
            element, init = self.operand_slot(op, 0), self.operand_slot(op, 1)
            opcode = _unit_reducer(op)
            slot = self.instruction(opcode, 0, self.physical(code), init, element)
            if code in self.carried and opcode not in _EXACT_ON_CARRIED:
                slot = self.rounded(slot, code)
            self.value_slots[id(result)] = slot
            return
        sources = [self.operand_slot(op, i) for i in range(len(op.operands))]
        if op.name in _LAYOUT_OPS:
            self.value_slots[id(result)] = sources[0]
            return
        if op.name == "stablehlo.convert":
            self.value_slots[id(result)] = self.converted(op, sources[0], code)
            return
        opcode = _opcode_of(op)
        aux = _compare_code(op, self.slot_types[sources[0]]) if opcode == "cmp" else 0
        slot = self.instruction(opcode, aux, self.physical(code), *sources)
        if code in self.carried and opcode not in _EXACT_ON_CARRIED:
            slot = self.rounded(slot, code)
        self.value_slots[id(result)] = slot

    def converted(self, op: Operation, source: int, code: int) -> int:
        """The slot of a convert's result (its operand's slot when nothing changes)."""
        held = self.slot_types[source]
        if _type_code(op.operands[0].type) == code:
            return source
        if code not in self.carried:
            # from a carried type: its f32 value converts as the narrow value would
            return source if held == code else self.instruction("convert", 0, code, source)
        if held == _F32:
            return self.rounded(source, code)  # f32, or another carried type: exact in f32
        # wider and integer sources round once, straight to the 16-bit type
        narrow = self.instruction("convert", 0, code, source)
        return self.instruction("convert", 0, _F32, narrow)

    def code(self) -> tuple[list[int], list[Value]]:
        for op in self.members:
            self.emit_member(op)
        root = self.draft.root
        out_slots = []
        for r in (root, *self.draft.extra_roots):
            slot = self.value_slots[id(r.results[0])]
            code = _type_code(r.results[0].type)
            if code in self.carried:
                if self.draft.reduces(r):
                    raise NotImplementedError("a reduction into a 16-bit float")
                slot = self.instruction("convert", 0, code, slot)  # exact: already rounded
            out_slots.append(slot)
        reducer = root if self.draft.reducer is not None else None
        return self._encode(out_slots, reducer), self.inputs

    def _encode(self, out_slots: list[int], reducer: Operation | None) -> list[int]:
        domain = list(self.domain) or [1]
        patterns = [list(strides) or [0] for _, _, _, strides in self.loads]
        reduced = [False] * len(domain)
        if reducer is not None:
            for d in _int_list(reducer.attributes.get("dimensions")):
                reduced[d] = True
        dims, patterns, reduced = _collapse(domain, patterns, reduced)
        code = [1, len(dims), *dims]
        if reducer is None:
            code += [-1, -1, -1, 0]
        else:
            begin = reduced.index(True) if True in reduced else len(dims)
            end = begin + sum(reduced)
            init = reducer.operands[1].owner
            bits = _constant_bits(_scalar_of(init), _type_code(init.results[0].type))
            code += [OPCODES[self.draft.reducer], begin, end, bits]  # type: ignore[index]
        code += [len(self.slot_types), *self.slot_types]
        code.append(len(self.loads))
        for (slot, kind, arg, _), pattern in zip(self.loads, patterns):
            code += [slot, kind, arg, *pattern]
        code.append(len(self.instructions))
        for instruction in self.instructions:
            code += list(instruction)
        code += [len(out_slots), *out_slots]
        return code


def _collapse(dims: list[int], patterns: list[list[int]],
              reduced: list[bool]) -> tuple[list[int], list[list[int]], list[bool]]:
    """Drops size-1 domain dimensions and merges neighbours that every load
    walks as one (so the common cases become 1-D or 2-D loops)."""
    if math.prod(dims) == 0:
        # Nothing to read: keep only the outer / reduced / inner extents.
        if any(reduced):
            first = reduced.index(True)
            last = len(reduced) - reduced[::-1].index(True)
            outer = math.prod(dims[:first])
            red = math.prod(dims[first:last])
            inner = math.prod(dims[last:])
            return ([outer, red, inner], [[0, 0, 0] for _ in patterns],
                    [False, True, False])
        return [0], [[0] for _ in patterns], [False]
    keep = [k for k, n in enumerate(dims) if n != 1]
    if not keep:
        return [1], [[0] for _ in patterns], [False]
    out_dims = [dims[keep[0]]]
    out_patterns = [[p[keep[0]]] for p in patterns]
    out_reduced = [reduced[keep[0]]]
    for k in keep[1:]:
        n = dims[k]
        mergeable = out_reduced[-1] == reduced[k] and all(
            q[-1] == p[k] * n for p, q in zip(patterns, out_patterns))
        if mergeable:
            out_dims[-1] *= n
            for p, q in zip(patterns, out_patterns):
                q[-1] = p[k]
        else:
            out_dims.append(n)
            for p, q in zip(patterns, out_patterns):
                q.append(p[k])
            out_reduced.append(reduced[k])
    return out_dims, out_patterns, out_reduced


# ---------------------------------------------------------------------------------
# The pass
# ---------------------------------------------------------------------------------


def _only_layout(draft: _Draft) -> bool:
    """A lone reshape or transpose of an input: a copy, better left to its own
    kernel (the transpose's goes through memory in cache-sized blocks)."""
    return all(op.name in ("stablehlo.reshape", "stablehlo.transpose", "stablehlo.constant")
               for op in draft.members)


def build_group(draft: _Draft, order: dict[int, int]) -> FusedGroup:
    """Builds the native kernel of one draft; raises NotImplementedError when
    the native side lacks a variant."""
    emitter = _Emitter(draft, order)
    code, inputs = emitter.code()
    outputs = [r.results[0] for r in (draft.root, *draft.extra_roots)]
    params = {"code": code}
    types = set(emitter.slot_types)
    if not types <= _COMPUTED or types & (_STORED - emitter.carried) or \
            (draft.reducer is not None and draft.extra_roots):
        # types only the caller's kernels compute (fuse_block's extra_types),
        # or sibling reductions (merge_unrelated's): no native kernel, the
        # caller generates its own from the code
        return FusedGroup(ops=list(emitter.members), inputs=inputs, outputs=outputs,
                          kernel=None, params=params)
    kernel = native.build_kernel(native.NativeKernel("fused", params),
                                 [v.type for v in inputs], [v.type for v in outputs])
    return FusedGroup(ops=list(emitter.members), inputs=inputs, outputs=outputs, kernel=kernel,
                      params=params)


# Sibling groups merged into one kernel have at most this many outputs.
_MAX_OUTPUTS = 4
# With fuse_block's ``merge_unrelated`` (a backend whose every kernel costs a
# launch: the GPU), siblings that share nothing merge too, up to this many outputs.
_MAX_UNRELATED_OUTPUTS = 16
_MERGE_UNRELATED_NOW: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "merge_unrelated", default=False)


def _merge_siblings(drafts: list[_Draft], block: Block, order: dict[int, int],
                    related_only: bool = False) -> list[_Draft]:
    """Elementwise groups over the same domain that recompute the same ops, or
    where one reads another's result elementwise (two results of one
    computation: threefry's two words, an optimizer's parameter and moments),
    become one group with several outputs: shared ops run once and no result
    is read back. A group is placed at its last root: the merge is skipped
    when an earlier root is read before that by an op outside the group, or
    read inside it under another index map (a broadcast of it).
    ``related_only``: unrelated siblings stay apart even with
    ``merge_unrelated`` (_merge_clusters merges them later, related first)."""
    readers: dict[int, list[int]] = {}  # id(value) -> positions of ops reading it
    for position, op in enumerate(block.operations):
        for value in op.operands:
            readers.setdefault(id(value), []).append(position)
        for region in op.regions:
            for nested in region.walk():
                for value in nested.operands:
                    readers.setdefault(id(value), []).append(position)
    holders: dict[int, set[int]] = {}  # id(op) -> ids of the drafts holding it
    for d in drafts:
        for op in d.members:
            holders.setdefault(id(op), set()).add(id(d))
    alive = [d for d in drafts if d.reducer is None]
    unrelated = _MERGE_UNRELATED_NOW.get()
    most = _MAX_UNRELATED_OUTPUTS if unrelated else _MAX_OUTPUTS
    merged_away: set[int] = set()
    for i, a in enumerate(alive):
        if id(a) in merged_away:
            continue
        for original in alive[i + 1:]:
            if id(original) in merged_away or \
                    _squeezed(a.domain) != _squeezed(original.domain) or \
                    1 + len(a.extra_roots) + 1 + len(original.extra_roots) > most:
                continue
            b = _on_domain(original, a.domain)
            related = _related(a, b)
            if related is None:
                continue
            roots_a = [a.root, *a.extra_roots]
            roots_b = [b.root, *b.extra_roots]
            if not related and (not unrelated or related_only):
                continue  # unrelated: nothing to gain on the CPU
            last = max(order[id(r)] for r in (*roots_a, *roots_b))
            # Readers computed only inside the merged group (an op duplicated
            # into a third group would read the value there, too early).
            roots = sorted((*roots_a, *roots_b), key=lambda r: order[id(r)])
            if _read_before(roots[:-1], last, a, b, id(original), order, holders, readers):
                continue
            # b joins a; the group's root is the last of all roots.
            _absorb(a, b, id(original), holders, roots[-1], roots)
            merged_away.add(id(original))
    drafts = [d for d in drafts if id(d) not in merged_away]
    if unrelated:
        drafts = _merge_sibling_reductions(drafts, block.operations, order, readers, holders,
                                           most)
    return drafts


def _related(a: _Draft, b: _Draft) -> bool | None:
    """Whether two elementwise drafts over one domain share an op or one
    reads the other's results; None when they cannot be one group (a shared
    op under two index maps, or a root read under another map than the one
    it is computed with)."""
    shared = [op for op in b.members if id(op) in a.maps and op.name not in _FREE_OPS]
    if any(a.maps[id(op)] != b.maps[id(op)] for op in shared):
        return None
    roots_a = [a.root, *a.extra_roots]
    roots_b = [b.root, *b.extra_roots]
    if not (_reads_internally(b, roots_a, a) and _reads_internally(a, roots_b, b)):
        return None
    return bool(shared) or _reads(b, roots_a) or _reads(a, roots_b)


def _inputs_before(position: int, members: Sequence[Operation], order: dict[int, int]) -> bool:
    """Whether every value ``members`` read from outside them is defined
    before ``position`` in the block (or outside it)."""
    inside = {id(op) for op in members}
    return all(not isinstance(v.owner, Operation) or id(v.owner) in inside or
               order.get(id(v.owner), -1) < position
               for op in members for v in op.operands)


def _reduction_key(draft: _Draft) -> tuple | None:
    """What sibling reductions share to be one kernel (reduced together over
    one domain): the domain, reducer, reduced dimensions, init and type."""
    root = draft.root
    if draft.reducer is None or draft.extra_roots:
        return None
    init = root.operands[1].owner
    code = _type_code(root.results[0].type)
    return (draft.domain, draft.reducer, tuple(sorted(_int_list(
        root.attributes.get("dimensions")))), code, _constant_bits(_scalar_of(init), code))


def _merge_sibling_reductions(drafts: list[_Draft], ops: Sequence[Operation],
                              order: dict[int, int], readers: dict[int, list[int]],
                              holders: dict[int, set[int]], most: int) -> list[_Draft]:
    """Reductions over one domain with one reducer, reduced dimensions and init
    (a layer norm's gradient sums) that read nothing of one another become one
    group with an output per reduction: one kernel reading the domain once
    (the GPU's; the CPU's interpreter reduces one output). Not those whose
    value only elementwise ops read: a backend may run those ops in the
    reduction's kernel (jaxlib-gpu's epilogues, of sums wider than 16 bits),
    which saves as much."""
    merged_away: set[int] = set()

    def consumed_elementwise(draft: _Draft) -> bool:
        if _type_code(draft.root.results[0].type) in _ROUND_OPCODE:  # a 16-bit sum
            return False
        positions = readers.get(id(draft.root.results[0]), [])
        return bool(positions) and all(_classify(ops[p]) == _ELEMENTWISE for p in positions)

    candidates = [d for d in drafts
                  if _reduction_key(d) is not None and not consumed_elementwise(d)]
    for i, a in enumerate(candidates):
        if id(a) in merged_away:
            continue
        key = _reduction_key(a)
        for b in candidates[i + 1:]:
            if id(b) in merged_away or _reduction_key(b) != key or \
                    1 + len(a.extra_roots) + 1 > most:
                continue
            roots_a = [a.root, *a.extra_roots]
            if _reads(b, roots_a) or _reads(a, [b.root]):
                continue  # one reduces what the other reduced: not siblings
            shared = [op for op in b.members if id(op) in a.maps]
            if any(a.maps[id(op)] != b.maps[id(op)] for op in shared
                   if op.name not in ("stablehlo.constant", "stablehlo.iota")):
                continue
            roots = sorted((*roots_a, b.root), key=lambda r: order[id(r)])
            last = order[id(roots[-1])]
            if not _read_before(roots[:-1], last, a, b, id(b), order, holders, readers):
                placed = roots[-1]  # at the last root: nothing reads the others before
            elif _inputs_before(order[id(roots[0])], (*a.members, *b.members), order):
                placed = roots[0]  # at the first: what the others read is there already
            else:
                continue
            _absorb(a, b, id(b), holders, placed, roots)
            merged_away.add(id(b))
    return [d for d in drafts if id(d) not in merged_away]


def _read_before(roots: Sequence[Operation], last: int, a: _Draft, b: _Draft, b_id: int,
                 order: dict[int, int], holders: dict[int, set[int]],
                 readers: dict[int, list[int]]) -> bool:
    """Whether an op outside drafts ``a`` and ``b`` (``b_id``: the id ``b`` is
    held under) reads one of ``roots`` at or before position ``last``:
    merged and placed there, the group would compute it too late. Ops
    computed only inside the pair count as inside (an op duplicated into a
    third group would read the value there, too early)."""
    pair = {id(a), b_id}
    inside = {order[id(op)] for op in (*a.members, *b.members)
              if holders.get(id(op), set()) <= pair}
    return any(p <= last and p not in inside
               for r in roots for p in readers.get(id(r.results[0]), []))


def _absorb(a: _Draft, b: _Draft, b_id: int, holders: dict[int, set[int]],
            placed: Operation, roots: Sequence[Operation]) -> None:
    """``b`` (held under ``b_id``) joins ``a``, whose group runs at the root
    ``placed``, the other ``roots`` further outputs."""
    for op in b.members:
        if id(op) not in a.maps:
            a.add(op, b.maps[id(op)])
    a.operand_maps.update(b.operand_maps)
    for op in b.members:
        holders[id(op)] = (holders[id(op)] - {b_id}) | {id(a)}
    a.root, a.extra_roots = placed, [r for r in roots if r is not placed]


def _squeezed(domain: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(n for n in domain if n != 1)


def _on_domain(draft: _Draft, domain: tuple[int, ...]) -> _Draft:
    """An elementwise ``draft`` seen over ``domain``, which differs from its
    own by unit dimensions only (a cell's (16, 128) results and their
    (1, 16, 128) broadcasts into a scan's stacked outputs): the same elements
    in the same order, its index maps re-laid (a unit dimension's stride is
    never used)."""
    if draft.domain == domain:
        return draft

    def onto(strides: Any) -> Any:
        if not isinstance(strides, tuple):
            return strides  # None (constants) and "init"
        kept = iter(s for s, n in zip(strides, draft.domain) if n != 1)
        return tuple(0 if n == 1 else next(kept) for n in domain)

    moved = _Draft(draft.root, domain, {k: onto(v) for k, v in draft.maps.items()},
                   list(draft.members), None, list(draft.extra_roots),
                   {k: onto(v) for k, v in draft.operand_maps.items()})
    return moved


def _reads(reader: _Draft, roots: list[Operation]) -> bool:
    values = {id(r.results[0]) for r in roots}
    return any(id(v) in values for op in reader.members for v in op.operands)


def _reads_internally(reader: _Draft, roots: list[Operation], owner: _Draft) -> bool:
    """Whether every read of ``roots`` (of ``owner``) by ``reader``'s members is
    under the map those roots are computed with: after a merge the read takes
    the value computed inside the group."""
    values = {id(r.results[0]): r for r in roots}
    for op in reader.members:
        for index, value in enumerate(op.operands):
            root = values.get(id(value))
            if root is not None and \
                    _operand_map(op, index, reader) != owner.maps[id(root)]:
                return False
    return True


def fuse_block(block: Block, extra_types: Sequence[str] = (), merge_unrelated: bool = False,
               keep: frozenset[int] = frozenset()) -> list[Operation | FusedGroup]:
    """The block's operations in an executable order, fused runs replaced by
    groups (the terminator stays last). ``extra_types``: numpy names of
    element types the caller's kernels compute beyond the CPU interpreter's;
    ``merge_unrelated``: elementwise groups over one domain merge even when they
    share nothing (one kernel launch instead of several: the GPU's choice);
    ``keep``: ids of ops the caller runs as they are (never fused)."""
    if merge_unrelated:
        token = _MERGE_UNRELATED_NOW.set(True)
        try:
            return fuse_block(block, extra_types, keep=keep)
        finally:
            _MERGE_UNRELATED_NOW.reset(token)
    if extra_types:
        extra = frozenset(_DTYPE_CODES[name] for name in extra_types)
        token = _COMPUTED_NOW.set(_COMPUTED | extra)
        carried = _CARRIED_NOW.set(_STORED - extra)
        try:
            return _fuse_block(block, keep)
        finally:
            _COMPUTED_NOW.reset(token)
            _CARRIED_NOW.reset(carried)
    return _fuse_block(block, keep)


def _fuse_block(block: Block, keep: frozenset[int] = frozenset()
                ) -> list[Operation | FusedGroup]:
    ops = block.operations
    if not ops:
        return []
    order = {id(op): i for i, op in enumerate(ops)}
    drafts, kept = _plan_groups(block, keep)
    clusters = _MERGE_UNRELATED_NOW.get()
    drafts = _merge_siblings(drafts, block, order, related_only=clusters)
    if clusters:
        merged = _merge_clusters(block, drafts, kept, order)
        if merged is not None:
            return merged
        drafts = _merge_siblings(drafts, block, order)  # the block's order, unrelated too
    groups: dict[int, FusedGroup] = {}  # id(root) -> group
    for draft in drafts:
        group = _built(draft, order)
        if group is not None:
            groups[id(draft.root)] = group
        else:
            for op in draft.members:
                kept[id(op)] = op  # run as it is
    schedule: list[Operation | FusedGroup] = []
    for op in ops[:-1]:
        if id(op) in groups:
            schedule.append(groups[id(op)])
        elif id(op) in kept:
            schedule.append(op)
    schedule.append(ops[-1])
    return schedule


def _built(draft: _Draft, order: dict[int, int]) -> FusedGroup | None:
    """The draft's group; None when its ops run as they are (a lone layout
    op, or a variant the native side lacks)."""
    if _only_layout(draft):
        return None
    try:
        return build_group(draft, order)
    except NotImplementedError:
        return None


# ---------------------------------------------------------------------------------
# Clusters (merge_unrelated): groups merged wherever the dataflow allows
# ---------------------------------------------------------------------------------


def _merge_clusters(block: Block, drafts: list[_Draft], kept: dict[int, Operation],
                    order: dict[int, int]) -> list[Operation | FusedGroup] | None:
    """With ``merge_unrelated`` (a backend whose every kernel costs a launch):
    elementwise groups over one domain (up to unit dimensions) merge whenever
    the block's dataflow stays acyclic with them as one node, whatever reads
    their results in between (a scan body's updates of its stacked outputs,
    each reading one result of a cell). The block is then scheduled in a
    topological order of the merged dataflow, its own order where it can
    (dataflow.py). Results read only inside a merged group are no longer
    written out. None when the block's ops do not form the expected graph
    (the caller schedules as without clusters)."""
    ops = block.operations
    items: list[_Draft | Operation] = [*drafts, *kept.values()]
    place = {id(item): order[id(item.root if isinstance(item, _Draft) else item)]
             for item in items}
    items.sort(key=lambda item: place[id(item)])
    producer: dict[int, int] = {}  # id(value) -> the node computing it for others
    for n, item in enumerate(items):
        if isinstance(item, _Draft):
            for root in (item.root, *item.extra_roots):
                producer[id(root.results[0])] = n
        else:
            for value in item.results:
                producer[id(value)] = n
    edges: list[tuple[int, int]] = []

    def read(value: Value, n: int) -> bool:
        owner = value.owner
        if not isinstance(owner, Operation) or id(owner) not in order:
            return True  # defined outside the block
        source = producer.get(id(value))
        if source is None:
            return False  # an inner value of some group: not the graph expected
        edges.append((source, n))
        return True

    ordered_effects: list[int] = []  # nodes whose relative order is kept as written
    for n, item in enumerate(items):
        if isinstance(item, _Draft):
            for op in item.members:
                for value in op.operands:
                    owner = value.owner
                    if not (isinstance(owner, Operation) and id(owner) in item.maps) and \
                            not read(value, n):
                        return None
            continue
        if item.regions or item.name == "stablehlo.custom_call" or any(
                isinstance(t, TokenType) for t in (*item.operand_types, *item.result_types)):
            ordered_effects.append(n)
        for value in item.operands:
            if not read(value, n):
                return None
        for region in item.regions:
            for nested in region.walk():
                for value in nested.operands:
                    if not read(value, n):
                        return None
    edges.extend(zip(ordered_effects, ordered_effects[1:]))
    try:
        flow = Dataflow(len(items), edges)
    except ValueError:
        return None
    uses = _uses(block)
    holders: dict[int, set[int]] = {}  # id(op) -> ids of the drafts holding it
    for d in drafts:
        for op in d.members:
            holders.setdefault(id(op), set()).add(id(d))
    keys = [float(place[id(item)]) for item in items]
    by_domain: dict[tuple[int, ...], list[int]] = {}
    for n, item in enumerate(items):
        if isinstance(item, _Draft) and item.reducer is None:
            by_domain.setdefault(_squeezed(item.domain), []).append(n)
    # Related groups first (sharing ops, or one reading the other), then any:
    # a group merged with an unrelated one first might lose a related one.
    for related in (True, False):
        for nodes in by_domain.values():
            _merge_domain(nodes, items, flow, keys, order, uses, holders, related)
    schedule: list[Operation | FusedGroup] = []
    for n in flow.order(keys):
        item = items[n]
        if not isinstance(item, _Draft):
            schedule.append(item)
            continue
        group = _built(item, order)
        if group is not None:
            schedule.append(group)
        else:  # its ops one by one, in the block's order
            schedule.extend(sorted(item.members, key=lambda op: order[id(op)]))
    schedule.append(ops[-1])
    return schedule


def _merge_domain(nodes: list[int], items: list, flow: Dataflow, keys: list[float],
                  order: dict[int, int], uses: dict, holders: dict[int, set[int]],
                  related: bool) -> None:
    """Merges the elementwise groups ``nodes`` (of one domain) pairwise where
    _merge_clusters allows; ``related``: only pairs that share an op or where
    one reads the other."""
    for i, na in enumerate(nodes):
        if flow.find(na) != na:
            continue
        a = items[na]
        for nb in nodes[i + 1:]:
            if flow.find(nb) != nb:
                continue
            original = items[nb]
            b = _on_domain(original, a.domain)
            pair_related = _related(a, b)
            if pair_related is None or (related and not pair_related):
                continue
            roots_a = [a.root, *a.extra_roots]
            roots_b = [b.root, *b.extra_roots]
            roots = sorted((*roots_a, *roots_b), key=lambda r: order[id(r)])
            pair = {id(a), id(original)}
            outputs = [r for r in roots if _read_outside(r, pair, uses, holders)]
            if len(outputs) > _MAX_UNRELATED_OUTPUTS or not flow.can_merge(na, nb):
                continue
            outputs = outputs or roots[-1:]  # a dead group still computes something
            _absorb(a, b, id(original), holders, outputs[0], outputs)
            flow.merge(na, nb)
            keys[na] = min(keys[na], keys[nb])


_FREE_OPS = ("stablehlo.constant", "stablehlo.iota")


def _read_outside(root: Operation, pair: set[int], uses: dict, holders: dict[int, set[int]]
                  ) -> bool:
    """Whether anything but the members of the drafts ``pair`` (ids) reads
    ``root``'s result: the terminator, an unfused op, another group."""
    for user, _ in uses.get(id(root.results[0]), []):
        if user is None or not holders.get(id(user), set()) <= pair or \
                not holders.get(id(user)):
            return True
    return False
