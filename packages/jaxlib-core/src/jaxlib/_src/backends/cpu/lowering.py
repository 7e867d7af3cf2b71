"""The Python step loop: the IR as a flat list of reference-kernel steps over slots.

Programs run on the native executor (``plan.py``) whenever it can plan them;
this loop runs the rest (tokens, tuples, quantized or dynamic types), builds
the reference kernels the native plan falls back to, and is the oracle the
native executor is tested against.

Each function becomes a :class:`FunctionProgram`. Every SSA value gets a slot
in the function's frame (a Python list allocated per call); each op becomes a
step ``(kernel, operand slots, result slots)`` whose kernel is the op's
reference semantics. Nested regions
are compiled against the same frame layout, so they can read values of the
enclosing region (implicit capture, as ``if``/``case`` bodies do).

All compile-time work (attribute decoding, region compilation, kernel choice)
happens here, once; running a program is just the step loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.ir.core import Block, Function, Module, Operation, Region, Value, is_terminator
from jaxlib._src.ops import registry


class RegionProgram:
    """A compiled block: argument slots, steps, and the slots it yields.
    ``releases[i]`` are the slots of this block's values that step ``i`` uses
    last: the frame lets go of them then, so a value's memory (a device
    buffer on GPUs) is held no longer than it is needed."""

    __slots__ = ("arg_slots", "steps", "result_slots", "releases")

    def __init__(self, arg_slots: list[int], steps: list[tuple], result_slots: list[int],
                 releases: list[tuple[int, ...]] | None = None):
        self.arg_slots = arg_slots
        self.steps = steps
        self.result_slots = result_slots
        self.releases = releases if releases is not None else [()] * len(steps)

    def run(self, frame: list, args: tuple) -> tuple:
        for slot, value in zip(self.arg_slots, args):
            frame[slot] = value
        for (kernel, operand_slots, result_slots, needs_frame, op), release in zip(
                self.steps, self.releases):
            operands = [frame[i] for i in operand_slots]
            try:
                results = kernel(frame, *operands) if needs_frame else kernel(*operands)
            except XlaRuntimeError:
                raise
            except Exception as err:
                raise XlaRuntimeError(
                    f"INTERNAL: {op.name}{_where(op)} failed at run time: "
                    f"{type(err).__name__}: {err}"
                ) from err
            for slot, value in zip(result_slots, results):
                frame[slot] = value
            for slot in release:
                frame[slot] = None
        return tuple(frame[i] for i in self.result_slots)


class FunctionProgram:
    """A compiled function; calling it runs it in a fresh frame."""

    def __init__(self, name: str):
        self.name = name
        self.frame_size = 0
        self.body: RegionProgram | None = None
        # Every op runs its reference kernel (plan.build_entry_program says why).
        self.reference_steps: list = []

    def __call__(self, *args: Any) -> tuple:
        frame: list = [None] * self.frame_size
        with np.errstate(all="ignore"):  # XLA semantics: overflow and NaN are values
            return self.body.run(frame, args)


def _captured(op: Operation) -> list[Value]:
    """The values ``op``'s regions use that are defined outside them."""
    inner: set[int] = set()
    used: list[Value] = []
    stack = list(op.regions)
    while stack:
        region = stack.pop()
        for block in region.blocks:
            inner.update(id(a) for a in block.arguments)
            for nested in block.operations:
                inner.update(id(r) for r in nested.results)
                used.extend(nested.operands)
                stack.extend(nested.regions)
    return [v for v in used if id(v) not in inner]


def _where(op: Operation) -> str:
    return f" at {op.location}" if op.location else ""


class _FunctionLowering:
    """Lowers one function; implements the registry's LoweringContext."""

    def __init__(self, module_lowering: ModuleLowering, function: Function):
        self.module_lowering = module_lowering
        self.function_ir = function
        self.slots: dict[int, int] = {}
        self.program = FunctionProgram(function.name)

    def slot(self, value: Value) -> int:
        key = id(value)
        if key not in self.slots:
            self.slots[key] = len(self.slots)
        return self.slots[key]

    # -- LoweringContext -------------------------------------------------------

    def compile_region(self, region: Region) -> RegionProgram:
        if len(region.blocks) != 1:
            raise XlaRuntimeError(
                f"UNIMPLEMENTED: regions with {len(region.blocks)} blocks are not supported"
            )
        return self._lower_block(region.entry)

    def function(self, name: str) -> Callable[..., tuple]:
        return self.module_lowering.function(name)

    def custom_call_target(self, name: str) -> Any:
        return self.module_lowering.custom_call_target(name)

    @property
    def platform(self) -> str:
        return self.module_lowering.platform

    @property
    def options(self) -> Any:
        return self.module_lowering.options

    # -- lowering --------------------------------------------------------------

    def lower(self) -> FunctionProgram:
        self.program.body = self._lower_block(self.function_ir.body.entry)
        self.program.frame_size = len(self.slots)
        return self.program

    def _lower_block(self, block: Block) -> RegionProgram:
        arg_slots = [self.slot(a) for a in block.arguments]
        steps = []
        result_slots: list[int] = []
        for item in self._schedule(block):
            if isinstance(item, Operation) and is_terminator(item.name):
                result_slots = [self.slot(v) for v in item.operands]
                continue
            steps += self._steps(item)
        releases = self._releases(arg_slots, steps, result_slots)
        program = RegionProgram(arg_slots, steps, result_slots, releases)
        self.program.frame_size = max(self.program.frame_size, len(self.slots))
        return program

    def _releases(self, arg_slots: list[int], steps: list[tuple], result_slots: list[int]
                  ) -> list[tuple[int, ...]]:
        """Per step, the slots of values defined in this block (its arguments
        and its steps' results) that no later step uses, nor the block's
        yield: values captured from enclosing blocks belong to those (a loop
        body runs again), and a use inside an op's regions is a use by that op."""
        defined = set(arg_slots)
        for _, _, results, _, _ in steps:
            defined.update(results)
        defined.difference_update(result_slots)
        last: dict[int, int] = {}
        for index, (_, operands, results, _, op) in enumerate(steps):
            for slot in results:
                last.setdefault(slot, index)  # unused: let go at once
            for slot in operands:
                last[slot] = index
            if op.regions:
                for value in _captured(op):
                    slot = self.slots.get(id(value))
                    if slot is not None:
                        last[slot] = index
        releases: list[list[int]] = [[] for _ in steps]
        for slot, index in last.items():
            if slot in defined:
                releases[index].append(slot)
        return [tuple(r) for r in releases]

    def _schedule(self, block: Block) -> list[Any]:
        """What the block's steps are made of, in order: its operations here;
        a backend may group some (jaxlib-gpu's fused groups)."""
        return block.operations

    def _steps(self, item: Any) -> list[tuple]:
        """The steps of one scheduled item: (kernel, operand slots, result
        slots, whether the kernel takes the frame, op for messages)."""
        return [self._step(item)]

    def _step(self, op: Operation) -> tuple:
        kernel = self._kernel(op)
        return (kernel, [self.slot(v) for v in op.operands], [self.slot(r) for r in op.results],
                getattr(kernel, "needs_frame", False), op)

    def _kernel(self, op: Operation) -> Callable[..., tuple]:
        factory = registry.REFERENCE_KERNELS.get(op.name)
        if factory is None:
            raise XlaRuntimeError(
                f"UNIMPLEMENTED: op {op.name}{_where(op)} is not supported by the CPU backend"
            )
        # Ops on !quant.uniform types run their float kernel between
        # dequantize and quantize (the spec's dequantize_op_quantize).
        from jaxlib._src.ops.quantization import kernel_for

        try:
            return kernel_for(op, self, factory)
        except XlaRuntimeError:
            raise
        except NotImplementedError as err:  # a variant this backend does not support
            raise XlaRuntimeError(
                f"UNIMPLEMENTED: cannot compile {op.name}{_where(op)}: {err}"
            ) from err
        except (ValueError, TypeError, LookupError, ArithmeticError, StopIteration) as err:
            # A malformed op that its builder rejects in its own way.
            raise XlaRuntimeError(
                f"INVALID_ARGUMENT: cannot compile {op.name}{_where(op)}: {err}"
            ) from err


class ModuleLowering:
    """Lowers the functions of a module on demand (callees when first called).

    ``function_lowering`` lowers one function; another backend's subclass
    (jaxlib-gpu's) swaps in one that picks its own kernel per op."""

    function_lowering: type = _FunctionLowering
    # The platform whose custom-call targets the lookup finds (errors name it).
    platform: str = "cpu"

    def __init__(self, module: Module, options: Any = None,
                 custom_call_lookup: Callable[[str], Any] | None = None,
                 host_callbacks: Sequence[Any] = ()):
        self.module = module
        self.options = options
        self._custom_call_lookup = custom_call_lookup
        # Called by index by the host-callback custom calls.
        self.host_callbacks = list(host_callbacks)
        # Partitioned host callbacks (jax.debug.print(..., partitioned=True)) of
        # programs over several devices: id(op) -> each operand's tiling
        # (passes/sharding_propagation.py), set by the compiler before lowering.
        self.partitioned_operands: dict[int, list[Any]] = {}
        self._programs: dict[str, FunctionProgram] = {}

    def function(self, name: str) -> FunctionProgram:
        program = self._programs.get(name)
        if program is None:
            try:
                function = self.module.function(name)
            except KeyError:
                raise XlaRuntimeError(f"INVALID_ARGUMENT: no function @{name}") from None
            if function.body is None:
                raise XlaRuntimeError(
                    f"INVALID_ARGUMENT: function @{name} is a declaration without a body"
                )
            lowering = self.function_lowering(self, function)
            # Registered before lowering so recursive references resolve; taken
            # back if lowering fails, so a later call reports the same error
            # instead of running a program without a body.
            self._programs[name] = lowering.program
            try:
                lowering.lower()
            except BaseException:
                del self._programs[name]
                raise
            program = lowering.program
        return program

    def custom_call_target(self, name: str) -> Any:
        if self._custom_call_lookup is None:
            return None
        return self._custom_call_lookup(name)

    def kernel_builder(self, function: Function) -> _FunctionLowering:
        """A lowering context for building single kernels of ``function``'s ops
        (used by passes that evaluate ops at compile time)."""
        return _FunctionLowering(self, function)
