"""Planning a function for the native step executor (``csrc/cpu/executor.cc``).

The planner walks the entry function once at compile time and produces:

- slots: one per SSA value, with its static type and its storage ("home"):
  a parameter, a constant, an output buffer, an offset into the arena of
  temporaries, or none (aliases and arrays returned by Python kernels);
- regions: step lists for the body, loop bodies and branches. Calls are
  inlined; while/if/case run in C++; every other op runs its native kernel
  when the fusion pass or a native lowering provides one, else its reference
  kernel through Python;
- the arena layout: temporaries whose live ranges do not overlap share bytes
  (live ranges are positions in a depth-first order of all steps; values used
  inside a loop live until the loop ends).

Functions the executor cannot run (tokens, tuples, quantized or dynamic types
anywhere) are left to the Python step loop of ``lowering.py``.
"""

from __future__ import annotations

import functools
import math
import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jaxlib._src.backends.cpu import fusion, native, row_chains
from jaxlib._src.backends.cpu.lowering import ModuleLowering
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.ir.attributes import DenseElements
from jaxlib._src.ir.core import Block, Function, Operation, Value, is_terminator
from jaxlib._src.ir.types import INT64_MAX, TensorType, numpy_dtype
from jaxlib._src.ops.control_flow import LAZY_SPLAT_BYTES
from jaxlib._src.ops.data_movement import constant_int

native.cpu.set_error_type(XlaRuntimeError)

# Slot homes, numbered by executor.cc.
_HOMES = native.cpu.slot_homes()
HOME_NONE, HOME_ARENA, HOME_OUTPUT, HOME_CONSTANT, HOME_PARAM = (
    _HOMES[name] for name in ("none", "arena", "output", "constant", "param"))

_ALIGN = 64
# Carried values below this size are copied after each loop iteration (a few
# cycles) rather than given storage of their own for the whole loop.
_SWAP_MIN_BYTES = 1024
_MAX_INLINE_DEPTH = 64
_INLINE_BYTES = 1 << 22
_ALIAS_OPS = {"stablehlo.reshape"}
# Ops whose native kernels may update their operand 0 in place.
_IN_PLACE_OPS = {"stablehlo.dynamic_update_slice", "stablehlo.scatter"}


@dataclass
class PlanDescription:
    """A native program written down: JSON values (``layout``: slots, kernel
    descriptions, steps, entry region, parameters, results, arena size) and
    the constants' arrays. ``NativeProgram.from_description`` rebuilds it in
    any process with this build of jaxlib."""

    layout: dict[str, Any]
    constants: list[np.ndarray]


class NotPlannable(Exception):
    """The function needs the Python step loop (the message says why)."""


@dataclass
class _Slot:
    dtype: np.dtype
    shape: tuple[int, ...]
    nbytes: int
    home: int = HOME_NONE
    location: int = 0
    defined: int = 0
    last_use: int = 0
    alias_of: int | None = None  # the slot whose storage an alias shares


@dataclass
class _Loop:
    start: int
    captured: set[int] = field(default_factory=set)


class _Scope:
    """SSA values visible in a region: its own, then its parent's."""

    def __init__(self, parent: _Scope | None = None):
        self.parent = parent
        self.values: dict[int, int] = {}

    def bind(self, value: Value, slot: int) -> None:
        self.values[id(value)] = slot

    def lookup(self, value: Value) -> int:
        scope: _Scope | None = self
        while scope is not None:
            slot = scope.values.get(id(value))
            if slot is not None:
                return slot
            scope = scope.parent
        raise NotPlannable(f"value {value} is used outside its scope")


def _where(op: Operation) -> str:
    return f"{op.name} at {op.location}" if op.location else op.name


def _strict() -> bool:
    """``$JAXLIB_CPU_STRICT=1``: a step that would run on its reference (numpy)
    kernel, a failing native lowering or fusion, and a function left to the
    Python step loop are compile errors instead of silent slow paths."""
    return os.environ.get("JAXLIB_CPU_STRICT") == "1"


def _strict_failure(where: str, reason: str) -> XlaRuntimeError:
    return XlaRuntimeError(f"UNIMPLEMENTED: JAXLIB_CPU_STRICT=1: {where} would run on its "
                           f"reference (numpy) kernel: {reason}")


@dataclass(frozen=True)
class ReferenceStep:
    """A step of a compiled program that runs on its reference (numpy) kernel
    instead of a native one, and why."""

    op: str
    location: str
    reason: str

    def as_dict(self) -> dict[str, str]:
        return {"op": self.op, "location": self.location, "reason": self.reason}


def _fuse(block: Block) -> list[Any]:
    """The block's ops with fusible runs replaced by fused groups."""
    if os.environ.get("JAXLIB_CPU_FUSION", "1") == "0":
        return list(block.operations)
    try:
        return fusion.fuse_block(block)
    except Exception:
        if _strict():
            raise
        return list(block.operations)


def _native_kernel(op: Operation) -> tuple[Any | None, str]:
    try:
        return native.lower_op_explained(op)
    except Exception as err:
        if _strict():
            raise
        return None, f"the native lowering failed: {type(err).__name__}: {err}"


# Ops whose Python step is their own implementation, not a stand-in for a
# missing native kernel: custom calls run their registered targets' handlers.
_OWN_IMPLEMENTATION = {"stablehlo.custom_call"}


def _python_step_kernel(kernel: Any, op: Operation, frame_size: Any) -> Any:
    """Wraps a reference kernel as the executor calls it: positional numpy
    operands in, a tuple out, failures as XlaRuntimeError naming the op."""
    needs_frame = getattr(kernel, "needs_frame", False)

    def run(*operands: np.ndarray) -> tuple:
        try:
            if needs_frame:
                # Regions of these ops are isolated from above: a private frame.
                return tuple(kernel([None] * frame_size(), *operands))
            return tuple(kernel(*operands))
        except XlaRuntimeError:
            raise
        except Exception as err:
            raise XlaRuntimeError(
                f"INTERNAL: {_where(op)} failed at run time: {type(err).__name__}: {err}"
            ) from err

    return run


class _Planner:
    def __init__(self, lowering: ModuleLowering, function: Function):
        self.lowering = lowering
        self.function = function
        self.kernels = lowering.kernel_builder(function)  # reference kernels
        self.slots: list[_Slot] = []
        self.regions: list[list[tuple]] = []
        self.constants: list[np.ndarray] = []
        self.position = 0
        self.loops: list[_Loop] = []
        self.python_steps = 0
        self.native_steps = 0
        self.reference_steps: list[ReferenceStep] = []
        self.groups: dict[int, Any] = {}  # id(kernel step) -> its FusedGroup
        self.users: dict[int, list[Operation | None]] = {}  # id(value) -> its users
        self.blocks_seen: set[int] = set()
        # Transposes read in place by their one user, a dot (id(result) -> op, scope).
        self.deferred: dict[int, tuple[Operation, _Scope]] = {}
        # Deferred transposes that had to run after all (ids of the ops).
        self.materialized: set[int] = set()
        # Transposes whose value a swapped dot already computed (id(result) -> slot).
        self.computed: dict[int, int] = {}

    # -- slots -------------------------------------------------------------------

    def new_slot(self, value: Value, home: int = HOME_ARENA) -> int:
        try:
            dtype_name, shape = native.tensor_spec(value.type)
        except NotImplementedError as err:
            raise NotPlannable(str(err)) from None
        dtype = np.dtype(numpy_dtype(value.type.element_type))
        nbytes = math.prod(shape) * dtype.itemsize
        self.slots.append(_Slot(dtype, shape, nbytes, home, defined=self.position,
                                last_use=self.position))
        return len(self.slots) - 1

    def use(self, slot: int, position: int | None = None) -> None:
        position = self.position if position is None else position
        while slot is not None:
            info = self.slots[slot]
            info.last_use = max(info.last_use, position)
            for loop in self.loops:
                if info.defined < loop.start:
                    loop.captured.add(slot)
            slot = info.alias_of

    def operands(self, op: Operation, scope: _Scope) -> list[int]:
        slots = [scope.lookup(v) for v in op.operands]
        for slot in slots:
            self.use(slot)
        return slots

    # -- regions -----------------------------------------------------------------

    def new_region(self) -> int:
        self.regions.append([])
        return len(self.regions) - 1

    def emit_block(self, block: Block, scope: _Scope, region: int, depth: int) -> list[int]:
        """Emits the block's steps into ``region``; returns its yielded slots."""
        if id(block) not in self.blocks_seen:  # (an inlined callee's block comes again)
            self.blocks_seen.add(id(block))
            for key, users in _users(block).items():
                # A value captured by a nested region already has a None user.
                self.users.setdefault(key, []).extend(users)
        for item in _fuse(block):
            if isinstance(item, Operation):
                if is_terminator(item.name):
                    return self.operands(item, scope)
                self.emit_op(item, scope, region, depth)
            else:
                self.emit_group(item, scope, region)
        raise NotPlannable("block without a terminator")

    def emit_group(self, group: Any, scope: _Scope, region: int) -> None:
        ins = [scope.lookup(v) for v in group.inputs]
        for slot in ins:
            self.use(slot)
        outs = []
        for value in group.outputs:
            slot = self.new_slot(value)
            scope.bind(value, slot)
            outs.append(slot)
        name = "fusion(" + ", ".join(op.name for op in group.ops[:4]) + \
            (", ..." if len(group.ops) > 4 else "") + ")"
        step = ("kernel", group.kernel, ins, outs, name)
        self.regions[region].append(step)
        self.groups[id(step)] = group
        self.native_steps += 1
        self.position += 1

    def emit_op(self, op: Operation, scope: _Scope, region: int, depth: int) -> None:
        name = op.name
        if name == "func.call":
            self.inline_call(op, scope, region, depth)
            return
        if name == "stablehlo.while":
            self.emit_while(op, scope, region, depth)
            return
        if name in ("stablehlo.if", "stablehlo.case"):
            self.emit_case(op, scope, region, depth)
            return
        if name == "stablehlo.constant":
            if self.emit_splat_fill(op, scope, region):
                return
            slot = self.new_slot(op.results[0], HOME_CONSTANT)
            (value,) = self.kernels._kernel(op)()
            self.slots[slot].location = len(self.constants)
            self.constants.append(np.ascontiguousarray(value, dtype=self.slots[slot].dtype))
            scope.bind(op.results[0], slot)
            return
        if (name == "stablehlo.transpose" and id(op) not in self.materialized
                and self._feeds_one_dot(op)):
            self.deferred[id(op.results[0])] = (op, scope)
            return
        if name == "stablehlo.dot_general" and any(id(v) in self.deferred for v in op.operands):
            self.emit_dot_reading_transposes(op, scope, region, depth)
            return
        if name == "stablehlo.dot_general" and self.emit_transposed_dot(op, scope, region):
            return
        if name == "stablehlo.transpose" and id(op.results[0]) in self.computed:
            scope.bind(op.results[0], self.computed.pop(id(op.results[0])))
            return
        if name in _ALIAS_OPS or name == "stablehlo.optimization_barrier":
            ins = self.operands(op, scope)
            for source, result in zip(ins, op.results):
                slot = self.new_slot(result, HOME_NONE)
                self.slots[slot].alias_of = source
                scope.bind(result, slot)
                self.regions[region].append(("alias", source, slot))
                self.position += 1
            return
        ins = self.operands(op, scope)
        kernel, reason = _native_kernel(op)
        if kernel is not None and self._updates_in_place(op, ins):
            # The operand's value is dead after this op: update its storage.
            (out,) = outs = [self.new_slot(op.results[0], HOME_NONE)]
            self.slots[out].alias_of = ins[0]
            self.regions[region].append(("kernel_in_place", kernel, ins, outs,
                                         f"{_where(op)} (in place)"))
            self.native_steps += 1
        elif kernel is not None:
            outs = [self.new_slot(r) for r in op.results]
            self.regions[region].append(("kernel", kernel, ins, outs, _where(op)))
            self.native_steps += 1
        else:
            if op.name not in _OWN_IMPLEMENTATION:
                if _strict():
                    raise _strict_failure(_where(op), reason)
                self.reference_steps.append(
                    ReferenceStep(op.name, str(op.location or ""), reason))
            outs = [self.new_slot(r, HOME_NONE) for r in op.results]
            reference = self.kernels._kernel(op)
            builder = self.kernels
            step = _python_step_kernel(reference, op, lambda: len(builder.slots))
            self.regions[region].append(("python", step, ins, outs, _where(op)))
            self.python_steps += 1
        for result, slot in zip(op.results, outs):
            scope.bind(result, slot)
        self.position += 1

    def emit_splat_fill(self, op: Operation, scope: _Scope, region: int) -> bool:
        """A big splat constant is one element, broadcast into its buffer
        when the program runs (a native broadcast_in_dim from a scalar
        constant slot): compile time and the program's constants never hold
        the whole value. False when ``op`` is not such a splat."""
        dense = op.attributes.get("value")
        if not (isinstance(dense, DenseElements) and dense.is_symbolic_splat
                and dense.array.nbytes > LAZY_SPLAT_BYTES):
            return False
        result = op.results[0]
        scalar_type = TensorType((), result.type.element_type)
        try:
            kernel = native.build_kernel(
                native.NativeKernel("broadcast_in_dim", {"broadcast_dimensions": []}),
                [scalar_type], [result.type])
        except NotImplementedError:
            return False
        scalar = self.new_slot(Value(scalar_type, None, 0), HOME_CONSTANT)
        self.slots[scalar].location = len(self.constants)
        self.constants.append(np.ascontiguousarray(dense.splat_value.reshape(1),
                                                   dtype=self.slots[scalar].dtype))
        self.use(scalar)
        out = self.new_slot(result)
        self.regions[region].append(("kernel", kernel, [scalar], [out],
                                     f"{_where(op)} (splat filled at run time)"))
        self.native_steps += 1
        scope.bind(result, out)
        self.position += 1
        return True

    def _updates_in_place(self, op: Operation, ins: list[int]) -> bool:
        """Whether ``op`` (an update of its operand 0) may write operand 0's
        storage: its only reader is this op, and that storage is ours to
        change (a temporary, a loop's carried value, or an output being built;
        never a parameter or a constant)."""
        if op.name not in _IN_PLACE_OPS or len(op.results) != 1:
            return False
        users = self.users.get(id(op.operands[0]), [])
        if len(users) != 1 or users[0] is not op:
            return False
        slot = self.slots[ins[0]]
        if slot.home not in (HOME_ARENA, HOME_OUTPUT) or slot.alias_of is not None:
            return False
        if self.loops and slot.defined < self.loops[-1].start:
            return False  # defined outside the loop: the next iteration reads it again
        return slot.dtype == np.dtype(numpy_dtype(op.results[0].type.element_type)) and \
            slot.shape == tuple(int(d) for d in op.results[0].type.shape)

    def _feeds_one_dot(self, op: Operation) -> bool:
        users = self.users.get(id(op.results[0]), [])
        return (len(users) == 1 and users[0] is not None
                and users[0].name == "stablehlo.dot_general")

    def emit_dot_reading_transposes(self, op: Operation, scope: _Scope, region: int,
                                    depth: int) -> None:
        """A dot whose operands are transposes used by it alone reads the
        transposes' inputs through strides (no transposed copy is made);
        when the kernel cannot, the transposes run first."""
        from jaxlib._src.backends.cpu.native_ops.dot import lower_dot_general
        from jaxlib._src.ops.data_movement import int_list

        sources, transposes = [], []
        for value in op.operands:
            deferred = self.deferred.get(id(value))
            if deferred is None:
                sources.append(value)
                transposes.append(None)
            else:
                t_op, _ = deferred
                sources.append(t_op.operands[0])
                transposes.append([int(d) for d in int_list(t_op, "permutation")])
        kernel = None
        try:
            spec = lower_dot_general(op, transposes)
            if spec is not None:
                kernel = native.build_kernel(spec, [v.type for v in sources],
                                             [r.type for r in op.results])
        except NotImplementedError:
            kernel = None
        except Exception:
            if _strict():
                raise
            kernel = None
        if kernel is None:  # run the transposes after all
            for value in op.operands:
                deferred = self.deferred.pop(id(value), None)
                if deferred is not None:
                    self.materialized.add(id(deferred[0]))
                    self.emit_op(deferred[0], deferred[1], region, depth)
            self.emit_op(op, scope, region, depth)
            return
        ins = []
        for value, source in zip(op.operands, sources):
            deferred = self.deferred.pop(id(value), None)
            slot = (deferred[1] if deferred else scope).lookup(source)
            self.use(slot)
            ins.append(slot)
        outs = [self.new_slot(r) for r in op.results]
        self.regions[region].append(("kernel", kernel, ins, outs,
                                     f"{_where(op)} (reading transposed operands)"))
        self.native_steps += 1
        for result, slot in zip(op.results, outs):
            scope.bind(result, slot)
        self.position += 1

    def emit_transposed_dot(self, op: Operation, scope: _Scope, region: int) -> bool:
        """``transpose(dot(a, b))`` that only swaps the free dims of a dot
        without batch dims is ``dot(b, a)``: computed so, into the slot of the
        transpose (the dot's own result is never made). False when it does
        not apply."""
        from jaxlib._src.backends.cpu.native_ops.dot import (
            dot_dimensions,
            dot_kernel,
            gemm_element_type,
        )
        from jaxlib._src.ops.data_movement import int_list

        users = self.users.get(id(op.results[0]), [])
        if len(users) != 1 or users[0] is None or users[0].name != "stablehlo.transpose":
            return False
        transpose = users[0]
        dims = dot_dimensions(op)
        if dims is None or dims[0]:
            return False
        lhs_shape, rhs_shape = (tuple(t.shape) for t in op.operand_types)
        lhs_free = len(lhs_shape) - len(dims[2])
        rhs_free = len(rhs_shape) - len(dims[3])
        swap = [*range(lhs_free, lhs_free + rhs_free), *range(lhs_free)]
        if [int(d) for d in int_list(transpose, "permutation")] != swap:
            return False
        result = transpose.results[0]
        spec = dot_kernel(gemm_element_type(op), rhs_shape, lhs_shape, tuple(result.type.shape),
                          ((), (), dims[3], dims[2]))
        if spec is None:
            return False
        try:
            kernel = native.build_kernel(spec, [op.operand_types[1], op.operand_types[0]],
                                         [result.type])
        except NotImplementedError:
            return False
        lhs, rhs = self.operands(op, scope)
        slot = self.new_slot(result)
        self.regions[region].append(("kernel", kernel, [rhs, lhs], [slot],
                                     f"{_where(op)} (transposed by swapping its operands)"))
        self.native_steps += 1
        self.computed[id(result)] = slot
        self.position += 1
        return True

    def inline_call(self, op: Operation, scope: _Scope, region: int, depth: int) -> None:
        if depth >= _MAX_INLINE_DEPTH:
            raise NotPlannable("calls nested too deeply to inline")
        callee_name = op.attributes["callee"].name
        try:
            callee = self.lowering.module.function(callee_name)
        except KeyError:
            raise NotPlannable(f"no function @{callee_name}") from None
        if callee.body is None:
            raise NotPlannable(f"@{callee_name} has no body")
        ins = self.operands(op, scope)
        callee_scope = _Scope()  # functions see only their arguments
        for argument, slot in zip(callee.body.entry.arguments, ins):
            callee_scope.bind(argument, slot)
        returned = self.emit_block(callee.body.entry, callee_scope, region, depth + 1)
        for result, slot in zip(op.results, returned):
            scope.bind(result, slot)

    def emit_while(self, op: Operation, scope: _Scope, region: int, depth: int) -> None:
        ins = self.operands(op, scope)
        start = self.position
        outs = [self.new_slot(r) for r in op.results]
        self.position += 1
        loop = _Loop(start)
        self.loops.append(loop)
        cond_region, body_region = self.new_region(), self.new_region()
        cond_scope, body_scope = _Scope(scope), _Scope(scope)
        for argument, slot in zip(op.regions[0].entry.arguments, outs):
            cond_scope.bind(argument, slot)
        for argument, slot in zip(op.regions[1].entry.arguments, outs):
            body_scope.bind(argument, slot)
        self._single_block(op)
        (cond_result,) = self.emit_block(op.regions[0].entry, cond_scope, cond_region, depth)
        body_results = self.emit_block(op.regions[1].entry, body_scope, body_region, depth)
        end = self.position
        self.loops.pop()
        for slot in [*loop.captured, *outs, cond_result, *body_results]:
            self.use(slot, end)
        loop_steps = _counted_elementwise_loop(self, op, ins, outs, body_region, body_results,
                                               start)
        if loop_steps is not None:
            self.regions[region].extend(loop_steps)
            self.native_steps += 1
        else:
            swapped = self._swappable_results(outs, body_results, start)
            step = ("while", ins, outs, cond_region, cond_result, body_region, body_results)
            self.regions[region].append((*step, swapped) if any(swapped) else step)
        for result, slot in zip(op.results, outs):
            scope.bind(result, slot)
        self.position += 1

    def _swappable_results(self, outs: list[int], body_results: list[int],
                           start: int) -> list[bool]:
        """Which carried values trade storage with their body result after
        each iteration instead of being copied (the executor's ping-pong): a
        result the body computes into an arena temporary of its own. That
        temporary is then the loop's for the whole loop (its live range starts
        with the loop), so nothing else in the body shares its bytes."""
        swapped = []
        for out, result in zip(outs, body_results):
            info = self.slots[result]
            ok = (info.home == HOME_ARENA and info.alias_of is None and info.defined > start
                  and info.nbytes >= _SWAP_MIN_BYTES
                  and self.slots[out].home == HOME_ARENA and self.slots[out].alias_of is None
                  and body_results.count(result) == 1 and result not in outs)
            if ok:
                info.defined = start
            swapped.append(ok)
        return swapped

    def emit_case(self, op: Operation, scope: _Scope, region: int, depth: int) -> None:
        (index,) = self.operands(op, scope)
        outs = [self.new_slot(r) for r in op.results]
        self.position += 1
        self._single_block(op)
        branch_regions, branch_results = [], []
        for branch in op.regions:
            branch_region = self.new_region()
            results = self.emit_block(branch.entry, _Scope(scope), branch_region, depth)
            for slot in results:
                self.use(slot)
            branch_regions.append(branch_region)
            branch_results.append(results)
            self.position += 1
        self.regions[region].append(("case", index, op.name == "stablehlo.if", outs,
                                     branch_regions, branch_results))
        for result, slot in zip(op.results, outs):
            scope.bind(result, slot)
        self.position += 1

    @staticmethod
    def _single_block(op: Operation) -> None:
        for r in op.regions:
            if len(r.blocks) != 1:
                raise NotPlannable(f"{op.name} has a region with {len(r.blocks)} blocks")

    # -- the whole function ------------------------------------------------------

    def plan(self) -> NativeProgram:
        body = self.function.body
        if body is None or len(body.blocks) != 1:
            raise NotPlannable("the entry function needs exactly one block")
        entry = self.new_region()
        scope = _Scope()
        params = []
        for i, argument in enumerate(body.entry.arguments):
            slot = self.new_slot(argument, HOME_PARAM)
            self.slots[slot].location = i
            scope.bind(argument, slot)
            params.append(slot)
        results = self.emit_block(body.entry, scope, entry, 0)
        for slot in results:
            self.use(slot, self.position + 1)
        bound: set[int] = set()
        for i, slot in enumerate(results):
            if self.slots[slot].home == HOME_ARENA and slot not in bound:
                self.slots[slot].home = HOME_OUTPUT
                self.slots[slot].location = i
                bound.add(slot)
        if os.environ.get("JAXLIB_CPU_ROW_BLOCKS", "1") != "0":
            row_chains.form_row_runs(self.regions, self.groups, self.slots)
        arena_size = self._assign_arena()
        if arena_size > INT64_MAX or any(s.nbytes > INT64_MAX for s in self.slots):
            # The executor sizes buffers in int64 (the compiler's memory check
            # keeps real programs far below this).
            raise XlaRuntimeError(f"RESOURCE_EXHAUSTED: @{self.function.name} needs buffers "
                                  "beyond 2^63-1 bytes")
        slot_specs = [(s.home, s.location, s.nbytes, s.dtype, s.shape) for s in self.slots]
        plan = native.cpu.Plan(slot_specs, self.regions, entry, params, results, arena_size,
                               self.constants)
        result_specs = [(self.slots[s].shape, self.slots[s].dtype) for s in results]
        touched = arena_size + sum(self.slots[s].nbytes for s in (*params, *results))
        program = NativeProgram(self.function.name, plan, result_specs,
                                python_steps=self.python_steps, native_steps=self.native_steps,
                                runs_inline=touched <= _INLINE_BYTES)
        program.reference_steps = list(self.reference_steps)
        recorder = native.active_recorder()
        if recorder is not None and self.python_steps == 0:
            program.description = _describe_plan(
                recorder, program, slot_specs, self.regions, entry, params, results,
                arena_size, self.constants)
        return program

    def _assign_arena(self) -> int:
        """Offsets for arena slots: first fit over live ranges (by definition)."""
        arena = sorted((i for i, s in enumerate(self.slots) if s.home == HOME_ARENA),
                       key=lambda i: (self.slots[i].defined, i))
        active: list[tuple[int, int, int]] = []  # (last_use, offset, size)
        free: list[tuple[int, int]] = []  # (size, offset)
        top = 0
        for index in arena:
            slot = self.slots[index]
            still = []
            for last_use, offset, size in active:
                if last_use < slot.defined:
                    free.append((size, offset))
                else:
                    still.append((last_use, offset, size))
            active = still
            size = max(_ALIGN, -(-slot.nbytes // _ALIGN) * _ALIGN)
            fits = [block for block in free if block[0] >= size]
            if fits:
                block = min(fits)
                free.remove(block)
                offset = block[1]
                if block[0] > size:
                    free.append((block[0] - size, offset + size))
            else:
                offset = top
                top += size
            slot.location = offset
            active.append((slot.last_use, offset, size))
        return top


def _users(block: Block) -> dict[int, list[Operation | None]]:
    """id(value) -> the ops of ``block`` reading it (None: the terminator or a
    nested region, which must see the value itself)."""
    users: dict[int, list[Operation | None]] = {}
    operations = block.operations
    for position, op in enumerate(operations):
        direct = None if position == len(operations) - 1 else op
        for value in op.operands:
            users.setdefault(id(value), []).append(direct)
        for region in op.regions:
            inner = _defined_in(region)
            for nested in region.walk():
                for value in nested.operands:
                    if id(value) not in inner:  # captured from outside the region
                        users.setdefault(id(value), []).append(None)
    return users


def _defined_in(region: Any) -> set[int]:
    """ids of the values a region defines (block arguments and results, nested too)."""
    defined: set[int] = set()
    for block in region.blocks:
        defined.update(id(a) for a in block.arguments)
    for op in region.walk():
        defined.update(id(r) for r in op.results)
        for nested in op.regions:
            for block in nested.blocks:
                defined.update(id(a) for a in block.arguments)
    return defined


def _counter_index(op: Operation) -> tuple[int, int] | None:
    """(k, limit) when ``op`` is ``while (arg_k < limit) {...; arg_k += 1}``
    with a constant limit and a signed scalar counter."""
    cond, body = op.regions[0].entry, op.regions[1].entry
    (predicate,) = cond.operations[-1].operands
    compare = predicate.owner
    if not isinstance(compare, Operation) or compare.name != "stablehlo.compare":
        return None
    direction = compare.attributes.get("comparison_direction")
    compare_type = compare.attributes.get("compare_type")
    if getattr(direction, "value", None) != "LT" or getattr(
            compare_type, "value", "SIGNED") not in ("SIGNED", "NOTYPE"):
        return None
    lhs, rhs = compare.operands
    if lhs not in cond.arguments:
        return None
    k = cond.arguments.index(lhs)
    limit = constant_int(rhs)
    counter_type = op.operands[k].type
    if limit is None or counter_type.shape != () or counter_type.element_type not in ("i32",
                                                                                       "i64"):
        return None
    step = body.operations[-1].operands[k].owner
    if not isinstance(step, Operation) or step.name != "stablehlo.add":
        return None
    a, b = step.operands
    counter = body.arguments[k]
    if not ((a is counter and constant_int(b) == 1) or (b is counter and constant_int(a) == 1)):
        return None
    return k, limit


def _counted_elementwise_loop(planner: _Planner, op: Operation, ins: list[int], outs: list[int],
                              body_region: int, body_results: list[int], start: int
                              ) -> list[tuple] | None:
    """A counted loop whose body updates one value by one fused elementwise
    group (``fori_loop(0, n, lambda i, x: f(x))``) becomes one "fused" kernel
    in loop mode, which runs every iteration per tile; None otherwise."""
    found = _counter_index(op)
    if found is None:
        return None
    k, limit = found
    body = op.regions[1].entry
    yields = body.operations[-1].operands
    updated = [j for j, v in enumerate(yields) if j != k and v is not body.arguments[j]]
    if len(updated) != 1:
        return None
    (u,) = updated
    kernels = [step for step in planner.regions[body_region] if step[0] == "kernel"]
    if len(kernels) != len(planner.regions[body_region]) or len(kernels) != 2:
        return None
    (group_step,) = [s for s in kernels if s[3] == [body_results[u]]] or [None]
    group = planner.groups.get(id(group_step)) if group_step is not None else None
    if group is None or not group.params:
        return None
    inputs = []
    feedback = None
    for i, slot in enumerate(group_step[2]):
        if slot == outs[u]:
            if feedback is not None:
                return None
            feedback = i
            inputs.append(ins[u])
        elif slot in outs or planner.slots[slot].defined >= start:
            return None  # reads another loop value or something the body computes
        else:
            inputs.append(slot)
    if feedback is None:
        return None
    counter = len(inputs)
    inputs.append(ins[k])
    params = dict(group.params, loop=[feedback, counter, limit])
    try:
        kernel = native.build_kernel(native.NativeKernel("fused", params),
                                     [v.type for v in group.inputs] + [op.operands[k].type],
                                     [op.results[u].type, op.results[k].type])
    except NotImplementedError:
        return None
    steps = [("kernel", kernel, inputs, [outs[u], outs[k]],
              f"{_where(op)} (counted loop of one fused group)")]
    for j, (operand, out) in enumerate(zip(ins, outs)):
        if j not in (k, u):  # values the body passes through unchanged
            planner.slots[out].home = HOME_NONE
            planner.slots[out].alias_of = operand
            planner.use(operand, planner.slots[out].last_use)
            steps.append(("alias", operand, out))
    for slot in inputs:
        planner.use(slot)
    return steps


class NativeProgram:
    """A function planned for the native executor. Called like the Python
    step loop's FunctionProgram; ``run_into`` writes results into the
    caller's buffers directly."""

    def __init__(self, name: str, plan: Any, result_specs: list[tuple[tuple[int, ...], Any]],
                 python_steps: int, native_steps: int, runs_inline: bool = False):
        self.name = name
        # Small enough that dispatching to the device stream costs more than
        # running on the caller's thread.
        self.runs_inline = runs_inline
        self.plan = plan
        self.result_specs = result_specs
        self.python_steps = python_steps
        self.native_steps = native_steps
        # How the device stream runs an all-native plan without the GIL
        # (executable._enqueue_plan); None when a step is Python.
        self.runner = plan.runner() if python_steps == 0 and hasattr(plan, "runner") else None
        # The plan written down (persistent cache), when it was planned while
        # kernels were recorded and every step is native.
        self.description: PlanDescription | None = None
        # Steps on reference kernels instead of native ones (custom calls,
        # which run their targets' handlers, are not listed).
        self.reference_steps: list[ReferenceStep] = []

    @classmethod
    def from_description(cls, description: PlanDescription) -> NativeProgram:
        """Rebuilds a described program: its kernels and plan, without the IR.
        Raises ValueError (or the native side's errors) when the description
        is malformed or this build lacks one of its kernels."""
        return _rebuild_plan(description)

    @property
    def all_native(self) -> bool:
        return self.python_steps == 0

    def run_into(self, args: list[np.ndarray], outputs: list[np.ndarray]) -> None:
        if self.python_steps:
            with np.errstate(all="ignore"):  # XLA semantics: overflow and NaN are values
                self.plan.run(args, outputs)
        else:
            self.plan.run(args, outputs)

    def __call__(self, *args: Any) -> tuple:
        outputs = [np.empty(shape, dtype) for shape, dtype in self.result_specs]
        self.run_into([np.require(a, requirements="C") for a in args], outputs)
        return tuple(outputs)


# -- plans written down (the persistent compilation cache) ---------------------------


def _describe_plan(recorder: native.KernelRecorder, program: NativeProgram,
                   slot_specs: list[tuple], regions: list[list[tuple]], entry: int,
                   params: list[int], results: list[int], arena_size: int,
                   constants: list[np.ndarray]) -> PlanDescription | None:
    """The plan's description, or None when a kernel cannot be written down."""
    kernels: list[dict[str, Any]] = []
    kernel_index: dict[int, int] = {}

    def kernel_ref(kernel: Any) -> int:
        if id(kernel) not in kernel_index:
            description = recorder.description(kernel)
            if description is None:
                raise native.NotPortable(f"kernel {kernel} was built without a description")
            kernels.append(native.describe_kernel(description))
            kernel_index[id(kernel)] = len(kernels) - 1
        return kernel_index[id(kernel)]

    def step_json(step: tuple) -> list:
        kind = step[0]
        if kind in ("kernel", "kernel_in_place"):
            return [kind, kernel_ref(step[1]), list(step[2]), list(step[3]), step[4]]
        if kind == "rows":  # ("rows", [kernel steps], rows, block_rows, name)
            return [kind, [step_json(part) for part in step[1]], *step[2:]]
        if kind in ("alias", "while", "case"):
            return [kind, *(list(part) if isinstance(part, list | tuple) else part
                            for part in step[1:])]
        raise native.NotPortable(f"a {kind} step cannot be written down")

    try:
        steps = [[step_json(step) for step in region] for region in regions]
    except native.NotPortable:
        return None
    layout = {
        "name": program.name,
        "slots": [[home, location, nbytes, dtype.name, list(shape)]
                  for home, location, nbytes, dtype, shape in slot_specs],
        "kernels": kernels,
        "regions": steps,
        "entry": entry,
        "params": list(params),
        "results": list(results),
        "arena_size": arena_size,
        "native_steps": program.native_steps,
        "runs_inline": program.runs_inline,
    }
    return PlanDescription(layout, list(constants))


@functools.cache
def _dtype_named(name: str) -> np.dtype:
    dtype = np.dtype(name)
    if dtype.hasobject or dtype.name != name:
        raise ValueError(f"{name!r} is not a plain dtype name")
    return dtype


def _rebuild_plan(description: PlanDescription) -> NativeProgram:
    layout, constants = description.layout, description.constants
    slots, specs = [], []
    for home, location, nbytes, dtype_name, shape in layout["slots"]:
        shape = tuple(map(int, shape))
        slots.append((int(home), int(location), int(nbytes), _dtype_named(dtype_name), shape))
        specs.append((dtype_name, shape))
    kernels = [native.kernel_from_json(k) for k in layout["kernels"]]
    entry, arena_size = int(layout["entry"]), int(layout["arena_size"])
    params = [int(s) for s in layout["params"]]
    results = [int(s) for s in layout["results"]]
    _check_layout(slots, specs, kernels, layout["regions"], entry, params, results,
                  arena_size, constants)
    built = [native.rebuild_kernel(k) for k in kernels]
    regions = [[_step_from_json(step, built) for step in region]
               for region in layout["regions"]]
    plan = native.cpu.Plan(slots, regions, entry, params, results, arena_size, constants)
    result_specs = [(slots[s][4], slots[s][3]) for s in results]
    return NativeProgram(str(layout["name"]), plan, result_specs, python_steps=0,
                         native_steps=int(layout["native_steps"]),
                         runs_inline=bool(layout["runs_inline"]))


def _step_from_json(step: list, kernels: list[Any]) -> tuple:
    if step[0] in ("kernel", "kernel_in_place"):
        return (step[0], kernels[step[1]], step[2], step[3], str(step[4]))
    if step[0] == "rows":
        return ("rows", [_step_from_json(part, kernels) for part in step[1]], *step[2:])
    return tuple(step)


def _check_layout(slots: list[tuple], specs: list[tuple[str, tuple[int, ...]]],
                  kernels: list[native.KernelDescription], regions: list[list[list]],
                  entry: int, params: list[int], results: list[int], arena_size: int,
                  constants: list[np.ndarray]) -> None:
    """Raises ValueError unless every index is in range and every buffer has
    the size its kernels expect (``specs``: each slot's (dtype name, shape)):
    the executor trusts its plan, so a damaged description must not reach it."""

    def check(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"malformed plan description: {what}")

    def slot(index: Any) -> tuple:
        check(type(index) is int and 0 <= index < len(slots), f"slot {index!r}")
        return slots[index]

    def region(index: Any) -> None:
        check(type(index) is int and 0 <= index < len(regions), f"region {index!r}")

    def kernel_step(step: list) -> None:
        check(len(step) == 5 and type(step[1]) is int and 0 <= step[1] < len(kernels),
              "kernel step")
        kernel = kernels[step[1]]
        ins, outs = [slot(i) for i in step[2]], [slot(i) for i in step[3]]
        check([specs[i] for i in step[2]] == list(kernel.inputs)
              and [specs[i] for i in step[3]] == list(kernel.outputs), "kernel operands")
        check(step[0] == "kernel" or (len(ins) >= 1 and len(outs) == 1
                                      and ins[0][2] == outs[0][2]), "in-place step")

    region(entry)
    check(arena_size >= 0, "arena size")
    for home, location, nbytes, dtype, shape in slots:
        check(min(shape, default=0) >= 0 and nbytes == math.prod(shape) * dtype.itemsize,
              "slot size")
        if home == HOME_ARENA:
            check(0 <= location and location + nbytes <= arena_size, "arena slot")
        elif home == HOME_PARAM:
            check(0 <= location < len(params), "parameter slot")
        elif home == HOME_OUTPUT:
            check(0 <= location < len(results), "output slot")
        elif home == HOME_CONSTANT:
            check(0 <= location < len(constants), "constant slot")
            value = constants[location]
            # (by size: the planner keeps scalars as arrays of one element)
            check(value.dtype == dtype and value.nbytes == nbytes and value.flags.c_contiguous,
                  "constant")
        else:
            check(home == HOME_NONE, "slot home")
    for index in (*params, *results):
        slot(index)
    for steps in regions:
        for step in steps:
            kind = step[0]
            if kind in ("kernel", "kernel_in_place"):
                kernel_step(step)
            elif kind == "rows":
                check(len(step) == 5 and step[2] > 0 and step[3] > 0, "rows step")
                for part in step[1]:
                    check(part[0] == "kernel", "rows step part")
                    kernel_step(part)
            elif kind == "alias":
                check(len(step) == 3 and slot(step[1])[2] == slot(step[2])[2], "alias step")
            elif kind == "while":
                check(len(step) in (7, 8), "while step")
                _, ins, outs, cond_region, cond_result, body_region, body_results = step[:7]
                sizes = [slot(i)[2] for i in outs]
                check([slot(i)[2] for i in ins] == sizes
                      and [slot(i)[2] for i in body_results] == sizes
                      and slot(cond_result)[2] == 1, "while step")
                if len(step) == 8:
                    # Swapped carried values: an arena result of its own.
                    check(isinstance(step[7], list) and len(step[7]) == len(outs)
                          and all(type(flag) is bool for flag in step[7]), "while step")
                    for flag, out, result in zip(step[7], outs, body_results):
                        check(not flag or (slot(out)[0] in (HOME_ARENA, HOME_OUTPUT)
                                           and slot(result)[0] == HOME_ARENA
                                           and body_results.count(result) == 1
                                           and result not in outs), "while step")
                region(cond_region)
                region(body_region)
            elif kind == "case":
                check(len(step) == 6 and type(step[2]) is bool, "case step")
                _, index, _, outs, branch_regions, branch_results = step
                check(slot(index)[2] == (1 if step[2] else 4), "case index")  # pred or i32
                sizes = [slot(i)[2] for i in outs]
                for r in branch_regions:
                    region(r)
                for branch in branch_results:
                    check([slot(i)[2] for i in branch] == sizes, "case branch")
            else:
                check(False, f"step kind {kind!r}")


def build_entry_program(lowering: ModuleLowering, function: Function) -> Any:
    """The native program for ``function``, or its Python step loop when the
    native executor cannot run it (or ``$JAXLIB_CPU_EXECUTOR=python``)."""
    reason = "$JAXLIB_CPU_EXECUTOR=python"
    if os.environ.get("JAXLIB_CPU_EXECUTOR", "native") != "python":
        try:
            return _Planner(lowering, function).plan()
        except NotPlannable as err:
            reason = f"the native executor cannot run it: {err}"
            if _strict():
                raise _strict_failure(f"@{function.name}", reason) from None
    program = lowering.function(function.name)
    # Every op of the Python step loop runs its reference kernel.
    program.reference_steps = [ReferenceStep(f"@{function.name}", "", f"whole function: {reason}")]
    return program
