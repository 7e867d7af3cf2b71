"""GSPMD manual regions (``shard_map`` lowered without Shardy) → per-device ops.

Without Shardy, JAX lowers ``shard_map`` as dataflow between two custom calls::

    %s = custom_call @Sharding(%x) {mhlo.sharding = "{devices=[2,1]<=[2]}"}
    %l = custom_call @SPMDFullToShardShape(%s) {mhlo.sharding = "{manual}"}
    ...per-device code on %l, collectives with device-id replica groups...
    %m = custom_call @Sharding(%r) {mhlo.sharding = "{manual}"}
    %y = custom_call @SPMDShardToFullShape(%m) {mhlo.sharding = "{replicated}"}

The runtime runs programs with partitions in the global view (one run on
global arrays), so the code between the two calls cannot run there: it is
per-device code. This pass finds each such *manual region* and replaces it by
one :data:`MANUAL_REGION_OP` op whose body is the region's code. Like
``sdy.manual_computation`` (ops/sdy.py), that op runs its body once per
device, concurrently, each on the device's block of the operands (as the
``@Sharding`` annotation before each ``SPMDFullToShardShape`` cuts them) and
under a replica context whose partition id is the device's, so that the
collectives inside meet; the results are put together as each
``SPMDShardToFullShape`` result sharding says.

A region is everything that depends on the results of its entries
(``SPMDFullToShardShape`` of a value not yet manual), up to its exits
(``SPMDShardToFullShape`` to a sharding with no manual part). It may also use
values that depend on nothing outside it (constants, ``partition_id``):
those ops are copied into the body. A region op that uses any other value
computed outside the region, or a region value used other than through an
exit, is an error.

Partially manual regions (some mesh axes left to the partitioner, manual
subgroups ``last_tile_dims={manual, ...}``) run the same way: each device's
instance holds its block split along the manual axes only, whole along the
free ones, so devices that differ only on free axes compute the same values
(the collectives' device-id groups already cover every device). The steps
between manual forms inside such a region (``SPMDShardToFullShape`` to a
manual-subgroup sharding, ``SPMDFullToShardShape`` of a value that is already
partly manual) are per-device identities when they keep the shape (the
custom call kernels, ops/custom_call.py); one that splits or joins data along
free axes is rejected there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from jaxlib._src.base.errors import invalid_argument, unimplemented
from jaxlib._src.ir.core import (
    Block,
    Function,
    Module,
    Operation,
    Region,
    Value,
    is_terminator,
)
from jaxlib._src.ir.hlo_sharding import HloSharding, _hlo_sharding_indices
from jaxlib._src.ir.types import TensorType, numpy_dtype
from jaxlib._src.ops.registry import define_op, with_frame
from jaxlib._src.ops.sdy import lower_callees, per_device_machinery, require_global_view

FULL_TO_SHARD = "SPMDFullToShardShape"
SHARD_TO_FULL = "SPMDShardToFullShape"
SHARDING_ANNOTATION = "Sharding"
# The op this pass makes of each manual region (internal: never in program text).
MANUAL_REGION_OP = "jaxlib.gspmd_manual_region"

# How a value of a block relates to the manual regions of that block.
_GLOBAL = "global"  # computed in the global view (the default)
_MANUAL = "manual"  # per-device: depends on a region entry
_FLOATING = "floating"  # depends on nothing (constants, partition_id): usable by both


def rewrite_manual_regions(module: Module, num_partitions: int) -> Module:
    """``module`` itself when it has no GSPMD manual region; otherwise a copy
    in which each region is one :data:`MANUAL_REGION_OP` over
    ``num_partitions`` devices (the original is left as it is: it is what the
    executable prints)."""
    if not any(_target(op) in (FULL_TO_SHARD, SHARD_TO_FULL) for op in module.walk()):
        return module
    functions = []
    for function in module.functions:
        if function.body is not None and any(
                _target(op) in (FULL_TO_SHARD, SHARD_TO_FULL) for op in function.walk()):
            function = _copy_function(function)
            _Rewriter(function, num_partitions).block(function.body.entry)
        functions.append(function)
    return Module(name=module.name, attributes=dict(module.attributes), functions=functions,
                  meshes=dict(module.meshes))


# -- reading the annotations ---------------------------------------------------------


def _target(op: Operation) -> str | None:
    if op.name != "stablehlo.custom_call":
        return None
    return op.attributes.get("call_target_name")


def _parse_sharding(text: Any, what: str) -> HloSharding:
    if not isinstance(text, str):
        raise invalid_argument(f"{what}: mhlo.sharding must be a string, got {text!r}")
    try:
        return HloSharding.from_string(text)
    except ValueError as err:
        raise invalid_argument(f"{what}: bad mhlo.sharding {text!r}: {err}") from None


def has_manual_part(sharding: HloSharding) -> bool:
    """Manual, or tiled with a manual subgroup (partially manual)."""
    if sharding.is_tuple():
        return any(has_manual_part(s) for s in sharding.tuple_elements())
    return sharding.is_manual() or any(
        t.name == "MANUAL" for t in sharding.subgroup_types())


def _operand_sharding(op: Operation, function: Function) -> str | None:
    """The sharding text of ``op``'s operand: the ``@Sharding`` annotation
    that produced it, or the function argument's ``mhlo.sharding``."""
    value = op.operands[0] if op.operands else None
    owner = getattr(value, "owner", None)
    if isinstance(owner, Operation) and _target(owner) == SHARDING_ANNOTATION:
        return owner.attributes.get("mhlo.sharding")
    if isinstance(owner, Block) and function.body is not None and owner is function.body.entry:
        return function.arg_attrs[value.index].get("mhlo.sharding")
    return None


def _is_entry(op: Operation, function: Function) -> bool:
    """An ``SPMDFullToShardShape`` that starts a region: its operand is not
    manual already (else it is a step inside a partially manual region)."""
    text = _operand_sharding(op, function)
    return text is None or not has_manual_part(_parse_sharding(text, FULL_TO_SHARD))


def _is_exit(op: Operation) -> bool:
    """An ``SPMDShardToFullShape`` that ends a region: its result sharding
    has no manual part (else it is a step inside a partially manual region)."""
    text = op.attributes.get("mhlo.sharding")
    if text is None:
        raise invalid_argument(f"custom call {SHARD_TO_FULL!r}{_where(op)} has no "
                               "mhlo.sharding for its result")
    return not has_manual_part(_parse_sharding(text, SHARD_TO_FULL))


def _check_single_tensor(op: Operation) -> None:
    if len(op.operands) != 1 or len(op.results) != 1 or not all(
            isinstance(t, TensorType) for t in (*op.operand_types, *op.result_types)):
        raise invalid_argument(f"{_describe(op)} takes one tensor and returns one tensor")


def _where(op: Operation) -> str:
    return f" at {op.location}" if op.location else ""


def _describe(op: Operation) -> str:
    target = _target(op)
    return (f"custom_call @{target}" if target else op.name) + _where(op)


# -- values an op uses ----------------------------------------------------------------


def _used_values(op: Operation) -> list[Value]:
    """The operands of ``op`` and the values its nested regions capture from
    outside it."""
    used = list(op.operands)
    if op.regions:
        defined: set[int] = set()
        nested = [inner for region in op.regions for inner in region.walk()]
        for region in op.regions:
            for block in _blocks(region):
                defined.update(id(a) for a in block.arguments)
        for inner in nested:
            defined.update(id(r) for r in inner.results)
        used += [v for inner in nested for v in inner.operands if id(v) not in defined]
    return used


def _blocks(region: Region) -> Iterator[Block]:
    for block in region.blocks:
        yield block
        for op in block.operations:
            for nested in op.regions:
                yield from _blocks(nested)


def _remap(op: Operation, mapping: dict[int, Value]) -> None:
    """Replaces, in ``op`` and its nested ops, every use of a value in
    ``mapping`` (keyed by id)."""
    for inner in op.walk():
        inner.operands = [mapping.get(id(v), v) for v in inner.operands]


def _copy_function(function: Function) -> Function:
    """A copy of ``function`` with its own ops and values (attributes shared)."""
    assert function.body is not None
    return dataclasses.replace(function, body=_clone_region(function.body, {}),
                               arg_attrs=[dict(a) for a in function.arg_attrs],
                               res_attrs=[dict(a) for a in function.res_attrs])


def _clone_region(region: Region, mapping: dict[int, Value]) -> Region:
    blocks = []
    for block in region.blocks:
        new_block = Block([a.type for a in block.arguments],
                          argument_names=[a.name_hint for a in block.arguments])
        for old, new in zip(block.arguments, new_block.arguments):
            mapping[id(old)] = new
        for op in block.operations:
            new_block.append(_clone(op, mapping))
        blocks.append(new_block)
    return Region(blocks)


def _clone(op: Operation, mapping: dict[int, Value]) -> Operation:
    """A copy of ``op`` (and its regions) using ``mapping``'s values; maps the
    old results (and nested values) to the copy's."""
    regions = [_clone_region(region, mapping) for region in op.regions]
    clone = Operation(op.name, [mapping.get(id(v), v) for v in op.operands], op.result_types,
                      dict(op.attributes), regions, op.location)
    for old, new in zip(op.results, clone.results):
        new.name_hint = old.name_hint
        mapping[id(old)] = new
    return clone


# -- the rewrite ---------------------------------------------------------------------


class _Rewriter:
    def __init__(self, function: Function, num_partitions: int):
        self.function = function
        self.num_partitions = num_partitions

    def block(self, block: Block) -> None:
        # Inner blocks first: a region inside a loop body is that body's.
        for op in block.operations:
            for region in op.regions:
                for inner in region.blocks:
                    self.block(inner)
        _BlockRewrite(self, block).run()


class _BlockRewrite:
    """Finds the manual regions of one block and replaces each by one op."""

    def __init__(self, rewriter: _Rewriter, block: Block):
        self.function = rewriter.function
        self.num_partitions = rewriter.num_partitions
        self.block = block
        self.state: dict[int, str] = {}  # value id -> _MANUAL / _FLOATING
        self.producer: dict[int, Operation] = {}  # value id -> op of this block
        self.kind: dict[int, str] = {}  # op id -> entry / exit / _MANUAL / _FLOATING
        self.parent: dict[int, int] = {}  # union-find over region ops, by op id

    def run(self) -> None:
        self._classify()
        groups = self._groups()
        if not groups:
            return
        position = {id(op): i for i, op in enumerate(self.block.operations)}
        replaced_by: dict[int, Operation | None] = {}  # member op id -> region op
        inserted_at: dict[int, Operation] = {}  # op id of the slot -> region op
        results: dict[int, Value] = {}  # exit result id -> region op result
        copied: set[int] = set()  # floating ops copied into some region
        for members in groups:
            region_op, slot = self._build(members, position, results, copied)
            for member in members:
                replaced_by[id(member)] = region_op
            if region_op is not None:
                inserted_at[id(slot)] = region_op
        operations = []
        for op in self.block.operations:
            if id(op) in inserted_at:
                operations.append(inserted_at[id(op)])
            if id(op) not in replaced_by:
                operations.append(op)
        for op in operations:
            _remap(op, results)
        self.block.operations = _drop_unused(operations, copied)

    # -- classification --------------------------------------------------------

    def _classify(self) -> None:
        for op in self.block.operations:
            used = _used_values(op)
            states = [self.state.get(id(v), _GLOBAL) for v in used]
            if is_terminator(op.name):
                for v, s in zip(used, states):
                    if s == _MANUAL:
                        raise invalid_argument(
                            f"GSPMD manual region: the per-device value {_name(v)} is "
                            f"returned by {op.name}{_where(op)} without passing through "
                            f"custom_call @{SHARD_TO_FULL}")
                continue
            target = _target(op)
            if target in (FULL_TO_SHARD, SHARD_TO_FULL):
                _check_single_tensor(op)
            if target == FULL_TO_SHARD and _is_entry(op, self.function):
                if states and states[0] == _MANUAL:
                    raise unimplemented(
                        f"GSPMD manual region: {_describe(op)} of a per-device value (a "
                        "nested manual region) is not supported")
                kind = "entry"
            elif target == SHARD_TO_FULL and _is_exit(op):
                if not states or states[0] == _GLOBAL:
                    raise invalid_argument(
                        f"GSPMD manual region: {_describe(op)} takes {_name(op.operands[0])}"
                        f", a value computed outside any manual region (not after "
                        f"custom_call @{FULL_TO_SHARD})")
                kind = "exit"
            elif _MANUAL in states:
                outside = [v for v, s in zip(used, states) if s == _GLOBAL]
                if outside:
                    raise invalid_argument(
                        f"GSPMD manual region: {_describe(op)} uses the per-device value "
                        f"{_name(used[states.index(_MANUAL)])} and {_name(outside[0])}, "
                        "which is computed outside the region; a manual region may only "
                        f"use values entering through custom_call @{FULL_TO_SHARD} and "
                        "values computed from constants")
                kind = _MANUAL
            elif all(s == _FLOATING for s in states):
                kind = _FLOATING
            else:
                kind = _GLOBAL
            self.kind[id(op)] = kind
            result_state = {"entry": _MANUAL, "exit": _GLOBAL}.get(kind, kind)
            for r in op.results:
                self.producer[id(r)] = op
                if result_state != _GLOBAL:
                    self.state[id(r)] = result_state

    def _find(self, key: int) -> int:
        while self.parent[key] != key:
            self.parent[key] = self.parent[self.parent[key]]
            key = self.parent[key]
        return key

    def _union(self, a: Operation, b: Operation) -> None:
        ra, rb = self._find(id(a)), self._find(id(b))
        if ra != rb:
            self.parent[ra] = rb

    def _groups(self) -> list[list[Operation]]:
        """The regions, each its ops in block order."""
        members = [op for op in self.block.operations
                   if self.kind.get(id(op)) in ("entry", "exit", _MANUAL)]
        for op in members:
            self.parent[id(op)] = id(op)
        for op in members:
            if self.kind[id(op)] == "entry":
                continue
            for v in _used_values(op):
                if self.state.get(id(v)) == _MANUAL:
                    self._union(op, self.producer[id(v)])
        groups: dict[int, list[Operation]] = {}
        for op in members:
            groups.setdefault(self._find(id(op)), []).append(op)
        return list(groups.values())

    # -- building one region op ------------------------------------------------

    def _floating_closure(self, ops: list[Operation]) -> set[int]:
        """The floating ops (by id) whose values ``ops`` use, transitively."""
        needed: set[int] = set()
        stack = [v for op in ops for v in _used_values(op)]
        while stack:
            v = stack.pop()
            if self.state.get(id(v)) != _FLOATING:
                continue
            producer = self.producer[id(v)]
            if id(producer) not in needed:
                needed.add(id(producer))
                stack.extend(_used_values(producer))
        return needed

    def _build(self, members: list[Operation], position: dict[int, int],
               results: dict[int, Value], copied: set[int]
               ) -> tuple[Operation | None, Operation | None]:
        """The region op for ``members`` and the member whose place it takes
        (None, None for entries nothing uses: they are just dropped)."""
        entries = [op for op in members if self.kind[id(op)] == "entry"]
        exits = [op for op in members if self.kind[id(op)] == "exit"]
        inner = [op for op in members if self.kind[id(op)] == _MANUAL]
        if not exits and not inner:
            return None, None
        slot = exits[0] if exits else members[-1]
        for entry in entries:
            producer = getattr(entry.operands[0], "owner", None)
            if id(producer) in position and position[id(producer)] >= position[id(slot)]:
                raise unimplemented(
                    f"GSPMD manual region: {_describe(entry)} takes a value computed after "
                    f"the region's first exit {_describe(slot)} (interleaved regions)")

        in_shardings = []
        for entry in entries:
            text = _operand_sharding(entry, self.function)
            if text is None:
                raise invalid_argument(
                    f"GSPMD manual region: {_describe(entry)} takes a value without a "
                    "sharding (no custom_call @Sharding annotation or argument "
                    "mhlo.sharding says how it is split over the devices)")
            in_shardings.append(str(text))
        out_shardings = [str(x.attributes["mhlo.sharding"]) for x in exits]

        body = Block([e.results[0].type for e in entries])
        mapping: dict[int, Value] = {id(e.results[0]): a for e, a in zip(entries, body.arguments)}
        needed = self._floating_closure(inner + exits)
        copied.update(needed)
        for op in self.block.operations:
            if id(op) in needed:
                body.append(_clone(op, mapping))
        for op in inner:
            _remap(op, mapping)
            body.append(op)
        body.append(Operation("stablehlo.return",
                              [mapping.get(id(x.operands[0]), x.operands[0]) for x in exits]))
        region_op = Operation(
            MANUAL_REGION_OP, [e.operands[0] for e in entries], [x.results[0].type for x in exits],
            {"in_shardings": in_shardings, "out_shardings": out_shardings,
             "num_devices": self.num_partitions},
            [Region([body])], slot.location)
        for x, r in zip(exits, region_op.results):
            results[id(x.results[0])] = r
        return region_op, slot


def _drop_unused(operations: list[Operation], candidates: set[int]) -> list[Operation]:
    """``operations`` less the ``candidates`` (floating ops copied into regions)
    nothing uses any more: a collective on ``partition_id`` left in the global
    view would run there too."""
    uses: dict[int, int] = {}
    for op in operations:
        for v in _used_values(op):
            uses[id(v)] = uses.get(id(v), 0) + 1
    kept: list[Operation] = []
    for op in reversed(operations):
        if id(op) in candidates and not any(uses.get(id(r)) for r in op.results):
            for v in _used_values(op):
                uses[id(v)] -= 1
            continue
        kept.append(op)
    kept.reverse()
    return kept


def _name(value: Value) -> str:
    if value.name_hint:
        return f"%{value.name_hint}"
    owner = value.owner
    if isinstance(owner, Operation):
        return f"result {value.index} of {_describe(owner)}"
    return f"block argument {value.index}"


# -- the region op ---------------------------------------------------------------------


def _fail(message: str) -> None:
    raise ValueError(message)


def _region_signature(op: Operation) -> tuple[list[Any], list[Any]]:
    if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
        _fail("needs a body region of one block")
    block = op.regions[0].entry
    terminator = block.operations[-1] if block.operations else None
    if terminator is None or terminator.name != "stablehlo.return":
        _fail("body must end with stablehlo.return")
    return [a.type for a in block.arguments], terminator.operand_types


def _verify_manual_region(op: Operation) -> None:
    in_shardings = op.attributes.get("in_shardings")
    out_shardings = op.attributes.get("out_shardings")
    if not isinstance(in_shardings, list) or len(in_shardings) != len(op.operands):
        _fail(f"needs one in_sharding per operand ({len(op.operands)})")
    if not isinstance(out_shardings, list) or len(out_shardings) != len(op.results):
        _fail(f"needs one out_sharding per result ({len(op.results)})")
    if not isinstance(op.attributes.get("num_devices"), int):
        _fail("needs an integer num_devices")
    arguments, yielded = _region_signature(op)
    for what, global_types, local_types in (("operand", op.operand_types, arguments),
                                            ("result", op.result_types, yielded)):
        if len(global_types) != len(local_types):
            _fail(f"{len(global_types)} {what}s but the body has {len(local_types)}")
        for i, (g, local) in enumerate(zip(global_types, local_types)):
            if not (isinstance(g, TensorType) and isinstance(local, TensorType)):
                _fail(f"{what} {i}: only tensors cross a GSPMD manual region, got {g} and "
                      f"{local}")
            if g.element_type != local.element_type or len(g.shape) != len(local.shape):
                _fail(f"{what} {i}: global type {g} and per-device type {local} differ in "
                      "rank or element type")


def _device_blocks(text: str, global_type: TensorType, local_type: TensorType,
                   num_devices: int, what: str) -> list[tuple[slice, ...]]:
    """Which block of the global array each device's instance holds."""
    if not global_type.is_static or not local_type.is_static:
        raise unimplemented(f"{MANUAL_REGION_OP}: {what} has a dynamic shape "
                            f"({global_type} / {local_type})")
    sharding = _parse_sharding(text, what)
    if sharding.is_tuple() or sharding.is_unknown() or sharding.is_unreduced() \
            or has_manual_part(sharding) or sharding.unique_device() is not None:
        raise unimplemented(f"GSPMD manual region: {what} with sharding {text} (only "
                            "replicated and tiled shardings cross a manual region)")
    try:
        blocks = _hlo_sharding_indices(sharding, global_type.shape, num_devices)
    except ValueError as err:
        raise invalid_argument(f"GSPMD manual region: {what}: {err}") from None
    for device, block in enumerate(blocks):
        shape = tuple(len(range(*s.indices(n))) for s, n in zip(block, global_type.shape))
        if shape != tuple(local_type.shape):
            raise unimplemented(
                f"GSPMD manual region: {what} {global_type} split by {text} gives device "
                f"{device} a block of shape {list(shape)}, but the region's per-device value "
                f"is {local_type} (uneven splits and splits along axes that are not manual "
                "are not supported)")
    return blocks


def _manual_region(op: Operation, ctx: Any):
    num_devices = op.attributes["num_devices"]
    if num_devices < 1:
        _fail(f"num_devices must be positive, got {num_devices}")
    arguments, yielded = _region_signature(op)
    in_blocks = [_device_blocks(text, g, local, num_devices, f"operand {i}")
                 for i, (text, g, local) in enumerate(zip(
                     op.attributes["in_shardings"], op.operand_types, arguments))]
    out_blocks = [_device_blocks(text, g, local, num_devices, f"result {i}")
                  for i, (text, g, local) in enumerate(zip(
                      op.attributes["out_shardings"], op.result_types, yielded))]
    # One device writes each distinct block of a result: the first that holds it.
    writers = []
    for blocks in out_blocks:
        seen: set[tuple] = set()
        devices = []
        for device, block in enumerate(blocks):
            key = tuple((s.start, s.stop) for s in block)
            if key not in seen:
                seen.add(key)
                devices.append(device)
        writers.append(devices)
    out_specs = [(tuple(t.shape), numpy_dtype(t.element_type)) for t in op.result_types]
    body = ctx.compile_region(op.regions[0])
    lower_callees(op.regions[0], ctx)
    device_ids = list(range(num_devices))
    xp, per_device = per_device_machinery(ctx)

    @with_frame
    def kernel(frame: list, *operands: Any) -> tuple:
        require_global_view("a GSPMD manual region")
        per_instance = [tuple(value[blocks[device]] for value, blocks in zip(operands, in_blocks))
                        for device in device_ids]
        results = per_device(body, frame, per_instance, device_ids,
                                 "GSPMD manual region")
        assembled = []
        for r, ((shape, dtype), blocks, devices) in enumerate(zip(out_specs, out_blocks,
                                                                 writers)):
            out = xp.empty(shape, dtype)
            for device in devices:
                out[blocks[device]] = results[device][r]
            assembled.append(out)
        return tuple(assembled)

    return kernel


define_op(MANUAL_REGION_OP, verify=_verify_manual_region, reference=_manual_region)
