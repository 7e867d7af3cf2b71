"""GPU programs: the core's verified IR as a step loop over device kernels.

The core compiler parses, verifies and rewrites the program (shape
refinement, manual regions) and hands the entry function here
(``compile_program(..., program_builder=build_gpu_program)``). Each op
becomes one step of a :class:`~jaxlib._src.backends.cpu.lowering.RegionProgram`
whose frame holds device arrays:

- a device kernel (kernels.py) when the op and its types have one;
- control flow (while, if, case, call), tuples and tokens through their
  reference kernels, which only move values and run regions compiled here, so
  loop bodies stay on the device (a while reads its predicate back);
- otherwise the op's reference kernel on the host, its operands copied down
  and its results copied back up. Such steps are listed, with the reason, by
  ``reference_steps`` (``reference_kernel_steps()`` of the executable), and
  ``JAXLIB_GPU_STRICT=1`` makes them compile errors.
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.backends.cpu import fusion
from jaxlib._src.backends.cpu.lowering import (
    FunctionProgram,
    ModuleLowering,
    _FunctionLowering,
    _where,
)
from jaxlib._src.backends.cpu.plan import ReferenceStep
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.ir.core import Block, Cloner, Function, Operation
from jaxlib._src.ir.types import TensorType, TokenType, numpy_dtype
from jaxlib._src.ops import registry
from jaxlib._src.ops.custom_call_registry import lookup_custom_call_target
from jaxlib._src.ops.data_movement import constant_int, int_list
from jaxlib._src.ops.registry import with_frame
from jaxlib._src.passes.cse import eliminate_common_subexpressions
from jaxlib._src.passes.gspmd_manual import MANUAL_REGION_OP
from jaxlib._src.passes.inline_calls import inline_small_calls
from jaxlib._src.passes.sink_slices import sink_slices
from jaxlib._src.passes.unit_contractions import expand_unit_contractions
from jaxlib.gpu_runtime import carried, codegen
from jaxlib.gpu_runtime.buffer_callbacks import BUFFER_CALLBACK_TARGETS, buffer_callback_step
from jaxlib.gpu_runtime.carried import from_carrier, is_carried, to_carrier, uses_carriers
from jaxlib.gpu_runtime.collectives import run_per_device
from jaxlib.gpu_runtime.fused import (
    GENERATED_ON_CARRIERS,
    GENERATED_OPS,
    FusedKernel,
    SliceBundle,
    bundle_slices,
    concatenate_outputs,
    dynamic_update_slice_kernel,
    fuse_epilogues,
    fuse_prologues,
    update_outputs,
)
from jaxlib.gpu_runtime.fused import enabled as fusion_enabled
from jaxlib.gpu_runtime.in_place import (
    ProductAccumulation,
    accumulate_in_place,
    call_sites,
    in_place_writes,
    local_accumulations,
)
from jaxlib.gpu_runtime.kernels import (
    CARRIER_KERNELS,
    DEVICE_KERNELS,
    REGION_KERNELS,
    nothing_to_compute_kernel,
    on_device,
)
from jaxlib.gpu_runtime.known_scalars import VIEW_KERNELS, KnownScalar
from jaxlib.gpu_runtime.window_writes import WindowWrite, write_into_windows

# Manual computations (shard_map): their core kernels slice and assemble with
# the lowering's array namespace and run the body per device through it.
_PER_DEVICE_OPS = frozenset({"sdy.manual_computation", MANUAL_REGION_OP})

# Ops whose reference kernels only route values (and run regions compiled by
# the caller's context), so they run as they are on device values.
_ROUTING_OPS = frozenset({
    "stablehlo.while", "stablehlo.if", "stablehlo.case", "func.call", "stablehlo.tuple",
    "stablehlo.get_tuple_element", "stablehlo.optimization_barrier", "stablehlo.after_all",
    "stablehlo.create_token", "stablehlo.composite",
})


def _target_of(op: Operation) -> str:
    """" @target" of a custom call (for messages), else ""."""
    target = op.attributes.get("call_target_name")
    return f" @{target}" if op.name == "stablehlo.custom_call" and target else ""


def _gpu_target_lookup(platform: str) -> Callable[[str], Any]:
    """Custom-call targets registered for ``platform`` (cuSOLVER's names, ...);
    then the CPU's, which programs lowered for the CPU name (LAPACK's): both
    run as host steps."""

    def lookup(name: str) -> Any:
        return (lookup_custom_call_target(name, platform)
                or lookup_custom_call_target(name, "cpu"))

    return lookup


def _merge_unrelated() -> bool:
    """Whether elementwise groups over one domain that share nothing become one
    kernel (one launch for several; ``JAXLIB_GPU_HORIZONTAL_FUSION=0`` keeps
    them apart)."""
    return os.environ.get("JAXLIB_GPU_HORIZONTAL_FUSION", "1") not in ("0", "")


def strict() -> bool:
    return os.environ.get("JAXLIB_GPU_STRICT", "") not in ("", "0")


class GpuModuleLowering(ModuleLowering):
    """The step-loop lowering of a module with device kernels for one array
    namespace; ``host`` (the core's lowering) builds the host steps' kernels."""

    def __init__(self, host: ModuleLowering, xp: Any, fusion_target: str | None = None,
                 platform: str = "cuda"):
        lookup = _gpu_target_lookup(platform)
        super().__init__(host.module, host.options, lookup, host.host_callbacks)
        # Host steps' kernels come from the host lowering: it looks targets up
        # for this platform too.
        host._custom_call_lookup = lookup
        host.platform = self.platform = platform
        self.host = host
        self.xp = xp
        self.reference_steps: list[ReferenceStep] = []
        # Fused groups' kernels: CUDA C on GPUs, host C++ for mock GPUs (opt-in);
        # an explicit target generates that code whatever the namespace.
        self.fusion = fusion_target is not None or fusion_enabled(xp)
        self.fusion_target = fusion_target or ("host" if xp is np else "cuda")
        self.kernel_sources: dict[str, str] = {}
        self.manual_kernels: dict[int, Any] = {}  # manual computations' kernels, by op
        self.fused_groups = 0  # groups that run as one generated kernel
        self.unfused_groups: list[str] = []  # groups run op by op, and why
        # What counted loops write in place (in_place.py), their bodies and
        # the functions those call: ops by id, accumulations by their add's id
        self.in_place_ops: set[int] = set()
        self.accumulations: dict[int, tuple[Any, Operation, bool]] = {}
        self._call_sites: dict[str, int] | None = None

    def record_writes(self, block: Block, pairs: dict[int, int]) -> set[int]:
        """Notes ``block``'s in-place writes (in_place.in_place_writes) where
        kernels are generated; returns the arguments written."""
        if not self.fusion:
            return set()
        if self._call_sites is None:
            self._call_sites = call_sites(self.module)
        writes = in_place_writes(block, pairs, self.module, on_device, self._call_sites)
        self.in_place_ops.update(writes.ops)
        self.accumulations.update(writes.accumulations)
        return writes.arguments

    @property
    def function_lowering(self) -> type:
        return _GpuFunctionLowering


class _GpuFunctionLowering(_FunctionLowering):
    """The core's function lowering with the kernel of each op chosen here."""

    def __init__(self, module: GpuModuleLowering, function: Function):
        super().__init__(module, function)
        self._host_builder = None  # a host lowering for ops that run on the host
        # Blocks run as they are written: the function body and the regions of
        # control flow. Other regions (reduce, sort, scatter bodies) are applied
        # to whole arrays by their ops' kernels, so they are never fused.
        self._fusable_blocks = {id(function.body.entry)}
        self._clones: list[Any] = []  # loop bodies rewritten here (kept alive)
        # Scalars counted loops know at every iteration, by id of their value
        # in the loop bodies (known_scalars.py)
        self._known: dict[int, KnownScalar] = {}

    @property
    def array_namespace(self) -> Any:
        """What the core's per-device kernels build their results with."""
        return self.module_lowering.xp

    def run_per_device(self, body: Any, frame: list, per_instance: list[tuple],
                       device_ids: Any, what: str) -> list[tuple]:
        """Manual computations' instances, each on its own GPU."""
        return run_per_device(self.module_lowering.xp, body, frame, per_instance,
                              device_ids, what)

    def _allow_fusion_in(self, op: Operation) -> None:
        for region in op.regions:
            self._fusable_blocks.update(id(block) for block in region.blocks)

    def _schedule(self, block: Block) -> list[Any]:
        """The block's ops with fused groups in place of their runs (blocks run
        as written only; see _fusable_blocks)."""
        module = self.module_lowering
        if not module.fusion or id(block) not in self._fusable_blocks:
            return block.operations
        # sums of a product and a value of this block: one GEMM (in_place.py)
        module.accumulations.update(local_accumulations(block, on_device))
        try:
            # 16-bit floats too: the generated kernels compute them (codegen.py)
            schedule = fusion.fuse_block(block, extra_types=("float16", "bfloat16"),
                                         merge_unrelated=_merge_unrelated(),
                                         keep=frozenset(module.accumulations))
        except Exception as err:  # the pass has no answer: op by op
            if strict():
                raise
            module.unfused_groups.append(f"block: {type(err).__name__}: {err}")
            return block.operations
        schedule = write_into_windows(schedule, block, frozenset(module.in_place_ops),
                                      self._known, on_device)
        schedule = update_outputs(schedule, block, frozenset(module.in_place_ops))
        schedule = bundle_slices(schedule, lambda op: all(
            on_device(t) for t in (*op.operand_types, *op.result_types))
            and self._view_kernel(op) is None, frozenset(module.in_place_ops))
        schedule = accumulate_in_place(schedule, module.accumulations)
        schedule = concatenate_outputs(fuse_epilogues(schedule, module.fusion_target), block)
        return fuse_prologues(schedule, block, module.fusion_target)

    def _steps(self, item: Any) -> list[tuple]:
        """A fused group as one generated kernel (its ops one by one when the
        generator has no spelling for it)."""
        if isinstance(item, Operation):
            return [self._step(item)]
        module = self.module_lowering
        if isinstance(item, WindowWrite):
            return [(item.kernel(module.xp), [self.slot(v) for v in item.inputs],
                     [self.slot(v) for v in item.outputs], True, item.producer)]
        if isinstance(item, ProductAccumulation):
            return [(item.kernel(module.xp), [self.slot(v) for v in item.inputs],
                     [self.slot(v) for v in item.outputs], False, item.add)]
        if isinstance(item, SliceBundle):
            try:
                kernel = item.kernel(module.xp, module.fusion_target)
            except codegen.Unsupported:
                return [self._step(op) for op in item.ops]
            module.kernel_sources[kernel.name] = kernel.source
            return [(kernel, [self.slot(v) for v in item.inputs],
                     [self.slot(v) for v in item.outputs], False, item.ops[-1])]
        if all(_is_view(op) for op in item.ops):  # views of their input: no kernel to run
            return [self._step(op) for op in item.ops]
        try:
            kernel = FusedKernel(item, module.xp, module.fusion_target)
        except codegen.Unsupported as err:
            module.unfused_groups.append(str(err))
            return [self._step(op) for op in item.ops]
        module.kernel_sources[kernel.name] = kernel.source
        module.fused_groups += 1
        return [(kernel, [self.slot(v) for v in item.inputs],
                 [self.slot(v) for v in item.outputs], False, item.ops[-1])]

    def _kernel(self, op: Operation) -> Callable[..., tuple]:
        module = self.module_lowering
        xp = module.xp
        if op.name == "stablehlo.constant" and all(on_device(t) for t in op.result_types):
            value = self._host_kernel(op)()
            device_values = tuple(xp.asarray(to_carrier(v)) for v in value)
            return lambda: device_values
        if op.name == "stablehlo.while":
            count = static_trip_count(op)
            if count is not None:
                self._allow_fusion_in(op)
                return self._counted_loop(op, count)
        if op.name in _ROUTING_OPS:
            self._allow_fusion_in(op)
            return registry.REFERENCE_KERNELS[op.name](op, self)
        if op.name in _PER_DEVICE_OPS and all(
                on_device(t) and not is_carried(t)
                for t in (*op.operand_types, *op.result_types) if not isinstance(t, TokenType)):
            # shard_map bodies: compiled here, one instance per GPU (collectives.py)
            self._allow_fusion_in(op)
            kernel = registry.REFERENCE_KERNELS[op.name](op, self)
            self.module_lowering.manual_kernels[id(op)] = kernel
            return kernel
        view = self._view_kernel(op)
        if view is not None:
            return view
        kernel, reason = self._device_kernel(op)
        return kernel if kernel is not None else self._host_step(op, reason)

    def _view_kernel(self, op: Operation) -> Callable[..., tuple] | None:
        """A slice at starts a counted loop knows, as a view of its operand
        at each iteration (known_scalars.py); None for any other op."""
        make = VIEW_KERNELS.get(op.name) if self._known else None
        if make is None or not all(on_device(t) for t in (*op.operand_types, *op.result_types)):
            return None
        return make(op, self._known)

    def _device_kernel(self, op: Operation) -> tuple[Callable[..., tuple] | None, str]:
        """The op's kernel on device values, or None and why there is none."""
        module = self.module_lowering
        xp = module.xp
        if op.name == "stablehlo.custom_call" and \
                op.attributes.get("call_target_name") in BUFFER_CALLBACK_TARGETS:
            return with_frame(buffer_callback_step(op, xp, self)), ""
        nothing = nothing_to_compute_kernel(op, xp)
        if nothing is not None:
            return nothing, ""
        generated = self._generated_kernel(op)
        if generated is not None:
            return generated, ""
        if uses_carriers(op):  # bfloat16, 8-bit floats: the kernel of a twin (carried.py)
            special = CARRIER_KERNELS.get(op.name)
            kernel = special(op, xp) if special is not None else None
            if kernel is not None:
                return kernel, ""
            if carried.rounds_in_regions(op) and op.name != "stablehlo.scatter":
                # rounded at each step: the region kernel on carriers, else the host
                # (a scatter's duplicates add in f32 and round once, as GPUs may)
                region_kernel = REGION_KERNELS.get(op.name)
                kernel = region_kernel(op, xp, self) if region_kernel is not None else None
                if kernel is None:
                    return None, "bfloat16/8-bit float arithmetic in a region, rounded at " \
                        "each step"
                return with_frame(kernel), ""
            found = carried.twin(op)
            if found is None:
                return None, "no device kernel for these bfloat16/8-bit float types here"
            clone, in_f32 = found
            kernel, reason = self._device_kernel(clone)
            if kernel is None or not in_f32:
                return kernel, reason
            return carried.computing_widened(op, kernel, xp), ""
        factory = DEVICE_KERNELS.get(op.name)
        types = [*op.operand_types, *op.result_types]
        if factory is None and op.name not in REGION_KERNELS:
            return None, "no device kernel for this op"
        if not all(on_device(t) for t in types):
            return None, "an element type without device arithmetic"
        kernel = factory(op, xp) if factory is not None else None
        if kernel is not None:
            return kernel, ""
        if op.name in REGION_KERNELS:
            kernel = REGION_KERNELS[op.name](op, xp, self)
            if kernel is not None:
                return with_frame(kernel), ""
        return None, "no device kernel for these types or attributes"

    def _generated_kernel(self, op: Operation) -> Callable[..., tuple] | None:
        """The op as one generated kernel (fused.GENERATED_OPS) where it has
        one for these types; carried types only for the generators that
        compute them (GENERATED_ON_CARRIERS)."""
        module = self.module_lowering
        generate = GENERATED_OPS.get(op.name) if module.fusion else None
        if generate is None or not all(on_device(t) for t in op.operand_types):
            return None
        if id(op) in module.in_place_ops and op.name == "stablehlo.dynamic_update_slice":
            # raw bits: carried types alike
            generate = functools.partial(dynamic_update_slice_kernel, in_place=True)
        elif uses_carriers(op) and op.name not in GENERATED_ON_CARRIERS:
            return None
        try:
            kernel = generate(op, module.xp, module.fusion_target)
        except codegen.Unsupported:
            return None
        module.kernel_sources[kernel.name] = kernel.source
        return kernel

    def _counted_loop(self, op: Operation, count: int) -> Callable[..., tuple]:
        """A while loop whose trip count is known when compiling (fori_loop,
        scan): the body runs ``count`` times with no predicate read back, so
        the loop can be captured in a CUDA graph. The scalar integer values
        that depend only on the counter (the counter's step, a reversed scan's
        index, ...) are computed for every iteration when compiling and read
        from device arrays (a view per iteration, no kernel)."""
        xp = self.module_lowering.xp
        counters = self._counter_schedule(op, count)
        if counters is None:
            owned = self._update_in_place(op.regions[1].entry)
            body = self.compile_region(op.regions[1])

            @with_frame
            def kernel(frame, *values):
                values = _own_copies(xp, values, owned)
                for _ in range(count):
                    values = body.run(frame, values)
                return values

            return kernel
        body, arrays, precomputed_results, owned, iteration_slot = counters

        @with_frame
        def counted(frame, *values):
            values = _own_copies(xp, values, owned)
            for k in range(count):
                frame[iteration_slot] = k  # (the views of known_scalars.py read it)
                extra = [a[k:k + 1].reshape(()) for a in arrays]
                values = body.run(frame, (*values, *extra))
            # Results read from the schedule are copied: they must not be views
            # of the program's constant arrays.
            return tuple(xp.array(v, copy=True) if i in precomputed_results else v
                         for i, v in enumerate(values))

        return counted

    def _counter_schedule(self, op: Operation, count: int) -> tuple | None:
        """(the body with its counter-only scalar ops replaced by extra block
        arguments, compiled; the device arrays holding their values for every
        iteration; the loop results that are such values; the carries the
        loop owns; the frame slot of the running iteration), or None for
        loops too long to tabulate. Counter-only values are the counter's,
        those of other carried scalars stepped from constant starts by such
        values (inductions), and of integer ops on them; slices at them are
        views (known_scalars.py)."""
        facts = counted_loop_facts(op)
        if facts is None or count == 0:
            return None
        _, index, start = facts
        block = op.regions[1].entry
        counter = block.arguments[index]
        yields = block.operations[-1].operands
        # (inductions are stepped one iteration at a time: short loops only)
        inductions = {j: init for j, a in enumerate(block.arguments)
                      if j != index and _scalar_integer(a.type) and j < len(op.operands)
                      and (init := constant_int(op.operands[j])) is not None
                      and count <= _MAX_SCHEDULED_TRIPS}
        while True:  # the inductions whose next value follows from known ones
            known = {id(counter)} | {id(block.arguments[j]) for j in inductions}
            chosen = _counter_ops(block, known)
            lost = [j for j in inductions if id(yields[j]) not in known]
            if not lost:
                break
            for j in lost:
                del inductions[j]
        # Every known value for every iteration, by the ops' reference kernels.
        constants = {id(r): value for nested in block.operations
                     if nested.name == "stablehlo.constant" and id(nested.results[0]) in known
                     for r, value in zip(nested.results, self._host_kernel(nested)())}
        table = _Tabulation(counter, start, count, constants, chosen,
                            [self._host_kernel(nested) for nested in chosen],
                            {block.arguments[j]: (init, yields[j])
                             for j, init in inductions.items()})
        tracked = [counter] + [block.arguments[j] for j in inductions] + \
            [r for c in chosen for r in c.results]
        per_value = table.values(tracked)
        if per_value is None:
            return None
        xp = self.module_lowering.xp
        results = [r for c in chosen for r in c.results]
        arrays = [xp.asarray(np.ascontiguousarray(per_value[id(r)])) for r in results]
        # The body without them: their results become block arguments after the loop's.
        clone = Block([a.type for a in block.arguments] + [r.type for r in results])
        values = {id(a): v for a, v in zip(block.arguments, clone.arguments)}
        values.update((id(r), v) for r, v in zip(results, clone.arguments[len(block.arguments):]))
        cloner = Cloner(values=values)
        skipped = {id(nested) for nested in chosen}
        for nested in block.operations:
            if id(nested) not in skipped:
                clone.append(cloner.op(nested))
        self._clones.append(clone)  # its ops are the program's steps' ops
        self._fusable_blocks.add(id(clone))
        iteration = object()  # the key of the frame slot holding the running iteration
        self._clones.append(iteration)
        slot = self.slot(iteration)
        for v in tracked:
            self._known[id(values[id(v)])] = KnownScalar(slot, per_value[id(v)])
        returned = {id(v) for v in results}
        precomputed_results = {i for i, v in enumerate(block.operations[-1].operands)
                               if id(v) in returned}
        owned = self._update_in_place(clone)
        return self._lower_block(clone), arrays, precomputed_results, owned, slot

    def _update_in_place(self, body: Block) -> frozenset[int]:
        """Notes the loop body's writes of carried arrays that nothing else
        reads (in_place.py); returns the carries the loop must own (copied
        once at entry: the first iteration's operand is the loop's init,
        which may be anyone's)."""
        carries = len(body.operations[-1].operands)
        return frozenset(self.module_lowering.record_writes(
            body, {j: j for j in range(carries)}))

    def _host_kernel(self, op: Operation) -> Callable[..., tuple]:
        if self._host_builder is None:
            self._host_builder = self.module_lowering.host.kernel_builder(self.function_ir)
        return self._host_builder._kernel(op)

    def _host_step(self, op: Operation, reason: str) -> Callable[..., tuple]:
        if strict():
            types = (f"({', '.join(map(str, op.operand_types))}) -> "
                     f"({', '.join(map(str, op.result_types))})")
            raise XlaRuntimeError(
                # the location last: jax's are long call-site chains
                f"UNIMPLEMENTED: {op.name}{_target_of(op)} would run on the host "
                f"({reason}; {types}) "
                f"and JAXLIB_GPU_STRICT is set{_where(op)}")
        self.module_lowering.reference_steps.append(
            ReferenceStep(op.name, str(op.location or ""), reason))
        kernel = self._host_kernel(op)
        needs_frame = getattr(kernel, "needs_frame", False)
        builder = self._host_builder
        xp = self.module_lowering.xp
        upload = [on_device(t) for t in op.result_types]

        # bfloat16 and 8-bit float values cross as carriers (carried.py)
        logical = [numpy_dtype(t.element_type) if is_carried(t) else None
                   for t in op.operand_types]

        def host_step(*operands):
            values = [to_host(v) if d is None else from_carrier(to_host(v), d)
                      for v, d in zip(operands, logical)]
            if needs_frame:  # its regions are isolated: a frame of its own
                results = kernel([None] * builder.program.frame_size, *values)
            else:
                results = kernel(*values)
            return tuple(xp.asarray(to_carrier(r)) if up else r
                         for r, up in zip(results, upload))

        return host_step


def _own_copies(xp: Any, values: tuple, owned: frozenset[int]) -> tuple:
    """``values`` with those at ``owned`` positions copied into new
    contiguous arrays (a loop's carries it updates in place)."""
    if not owned:
        return values
    return tuple(xp.array(v, copy=True, order="C") if i in owned else v
                 for i, v in enumerate(values))


# Scalar integer ops a counted loop computes from its counter alone: their
# values for every iteration are computed when compiling (_counter_schedule).
_COUNTER_OPS = frozenset({
    "stablehlo.add", "stablehlo.subtract", "stablehlo.multiply", "stablehlo.divide",
    "stablehlo.remainder", "stablehlo.compare", "stablehlo.select", "stablehlo.convert",
    "stablehlo.maximum", "stablehlo.minimum", "stablehlo.negate", "stablehlo.clamp",
    "stablehlo.and", "stablehlo.or", "stablehlo.not",
})
# Longer loops have their values computed for all iterations at once
# (_Tabulation), without inductions.
_MAX_SCHEDULED_TRIPS = 4096  # (each trip evaluates the ops on the host when compiling)


@dataclasses.dataclass
class _Tabulation:
    """The values of a counted loop's counter-only scalars at every
    iteration: ``chosen`` ops evaluated by their host ``kernels`` from the
    counter (``start`` + k), ``constants`` and ``inductions`` (block
    argument -> (its start, the value it steps to))."""

    counter: Any
    start: int
    count: int
    constants: dict[int, Any]
    chosen: list[Operation]
    kernels: list[Callable[..., tuple]]
    inductions: dict[Any, tuple[int, Any]]

    def values(self, tracked: list[Any]) -> dict[int, np.ndarray] | None:
        """id(value) -> its value per iteration, for each of ``tracked``; None
        where they cannot be computed for all iterations at once."""
        with np.errstate(all="ignore"):
            if self.count <= _MAX_SCHEDULED_TRIPS:
                return self._stepped(tracked)
            return self._at_once(tracked)

    def _env(self, counter: Any, current: dict[Any, Any]) -> dict[int, Any]:
        env = dict(self.constants)
        env[id(self.counter)] = counter
        for argument, value in current.items():
            env[id(argument)] = value
        for nested, kernel in zip(self.chosen, self.kernels):
            outs = kernel(*[env[id(v)] for v in nested.operands])
            for r, value in zip(nested.results, outs):
                env[id(r)] = np.asarray(value)
        return env

    def _stepped(self, tracked: list[Any]) -> dict[int, np.ndarray]:
        dtype = numpy_dtype(self.counter.type.element_type)
        current = {a: np.asarray(init, numpy_dtype(a.type.element_type))
                   for a, (init, _) in self.inductions.items()}
        per_value: dict[int, list[Any]] = {id(v): [] for v in tracked}
        for k in range(self.count):
            env = self._env(np.asarray(self.start + k, dtype), current)
            for v in tracked:
                per_value[id(v)].append(env[id(v)])
            current = {a: env[id(step)] for a, (_, step) in self.inductions.items()}
        return {key: np.stack(values) for key, values in per_value.items()}

    def _at_once(self, tracked: list[Any]) -> dict[int, np.ndarray] | None:
        """The ops applied to the counter's values as one array (the host
        kernels are elementwise), checked against one iteration at a time at
        the first and last iterations."""
        if self.inductions:
            return None
        dtype = numpy_dtype(self.counter.type.element_type)
        try:
            env = self._env(np.arange(self.start, self.start + self.count).astype(dtype), {})
            table = {id(v): np.broadcast_to(np.asarray(env[id(v)]), (self.count,))
                     for v in tracked}
            for k in (0, self.count - 1):
                one = self._env(np.asarray(self.start + k, dtype), {})
                if any(not np.array_equal(table[id(v)][k], one[id(v)]) for v in tracked):
                    return None
        except Exception:  # a kernel that is not elementwise: stepped loops only
            return None
        return table


def _counter_ops(block: Block, known: set[int]) -> list[Operation]:
    """The block's scalar integer ops computed from ``known`` values and
    constants alone (_COUNTER_OPS); ``known`` gains their results and the
    constants'."""
    chosen: list[Operation] = []
    for nested in block.operations[:-1]:
        if not all(_scalar_integer(t) for t in nested.result_types) or nested.regions:
            continue
        if nested.name == "stablehlo.constant":
            known.update(id(r) for r in nested.results)
        elif nested.name in _COUNTER_OPS and all(id(v) in known for v in nested.operands):
            chosen.append(nested)
            known.update(id(r) for r in nested.results)
    return chosen


def _scalar_integer(t: Any) -> bool:
    if not isinstance(t, TensorType) or t.shape != () or not isinstance(t.element_type, str):
        return False
    try:
        return numpy_dtype(t.element_type).kind in "iub"
    except (TypeError, ValueError, KeyError):
        return False


def _is_view(op: Operation) -> bool:
    """A reshape, or a broadcast_in_dim that only inserts unit dimensions (the
    scan bodies' ``x[None]`` before a dynamic_update_slice): the device kernels
    return views of the operand, so a fused group of them would launch a copy
    for nothing."""
    if op.name == "stablehlo.reshape":
        return True
    if op.name != "stablehlo.broadcast_in_dim":
        return False
    source, result = op.operand_types[0], op.result_types[0]
    dims = list(int_list(op, "broadcast_dimensions"))
    return dims == sorted(dims) and all(
        result.shape[d] == n for d, n in zip(dims, source.shape)) and all(
        n == 1 for k, n in enumerate(result.shape) if k not in dims)


def static_trip_count(op: Operation) -> int | None:
    """How many times a while loop runs, when its condition is ``i < N`` with
    ``i`` starting at a constant and stepped by a constant 1 in the body, and
    ``N`` a constant (in the condition, or a loop value the body passes through
    from a constant start). None for any other loop."""
    facts = counted_loop_facts(op)
    return None if facts is None else facts[0]


def counted_loop_facts(op: Operation) -> tuple[int, int, int] | None:
    """(trip count, the counter's position among the loop values, its start)
    of a loop static_trip_count counts; None for any other loop."""
    cond, body = op.regions[0].entry, op.regions[1].entry
    terminator = cond.operations[-1]
    compare = terminator.operands[0].owner if terminator.operands else None
    if not isinstance(compare, Operation) or compare.name != "stablehlo.compare":
        return None
    direction = compare.attributes.get("comparison_direction")
    if direction is None or direction.value != "LT":
        return None
    lhs, rhs = compare.operands
    args = list(cond.arguments)
    index = next((i for i, a in enumerate(args) if a is lhs), None)
    if index is None or not isinstance(lhs.type, TensorType):
        return None
    start = constant_int(op.operands[index])
    bound = constant_int(rhs)
    if bound is None:
        position = next((i for i, a in enumerate(args) if a is rhs), None)
        if position is None or body.operations[-1].operands[position] is not \
                body.arguments[position]:
            return None
        bound = constant_int(op.operands[position])
    step = body.operations[-1].operands[index].owner
    if start is None or bound is None or not isinstance(step, Operation) or \
            step.name != "stablehlo.add":
        return None
    counter = body.arguments[index]
    others = [v for v in step.operands if v is not counter]
    if len(others) != 1 or len(step.operands) != 2 or constant_int(others[0]) != 1:
        return None
    return max(0, bound - start), index, start


@dataclasses.dataclass(frozen=True)
class PerDeviceEntry:
    """An entry function that is one fully manual computation of its
    arguments (a shard_map or pmap at the top of a jitted function): ``plan``
    is the core's ManualPlan; instance operand i is entry argument
    ``operand_params[i]``'s block, entry result r is instance result
    ``result_sources[r]``."""

    plan: Any
    operand_params: tuple[int, ...]
    result_sources: tuple[int, ...]


def per_device_entry(function: Function, module: GpuModuleLowering) -> PerDeviceEntry | None:
    """The entry's PerDeviceEntry, or None when it is anything else (other ops
    around the computation, tokens, unreduced or partly manual values)."""
    block = function.body.entry
    ops = block.operations
    if len(ops) != 2 or ops[0].name != "sdy.manual_computation":
        return None
    op, ret = ops
    plan = getattr(module.manual_kernels.get(id(op)), "manual_plan", None)
    if plan is None or not plan.fully_manual:
        return None
    if any(layout is None or layout.unreduced_axes
           for layout in (*plan.in_layouts, *plan.out_layouts)):
        return None
    arguments = [id(a) for a in block.arguments]
    results = [id(r) for r in op.results]
    if any(id(v) not in arguments for v in op.operands) or \
            any(id(v) not in results for v in ret.operands):
        return None
    return PerDeviceEntry(plan, tuple(arguments.index(id(v)) for v in op.operands),
                          tuple(results.index(id(v)) for v in ret.operands))


def to_host(value: Any) -> Any:
    """A device array as numpy (tuples element by element; tokens as they are)."""
    if isinstance(value, tuple):
        return tuple(to_host(v) for v in value)
    get = getattr(value, "get", None)
    if callable(get) and not isinstance(value, np.ndarray):
        return get()
    return value


class _FusionSummary:
    """``program.fusion``: {"groups": fused groups run as generated kernels,
    "unfused": groups run op by op and why}, of every function lowered so far
    (called functions are lowered at their first call)."""

    def __init__(self, module: GpuModuleLowering):
        self._module = module

    def __getitem__(self, key: str) -> Any:
        return {"groups": self._module.fused_groups,
                "unfused": self._module.unfused_groups}[key]

    def __repr__(self) -> str:
        return repr({"groups": self["groups"], "unfused": self["unfused"]})


def build_gpu_program(xp: Any, fusion_target: str | None = None, platform: str = "cuda"
                      ) -> Callable[[ModuleLowering, Function], FunctionProgram]:
    """The core compiler's program builder for the array namespace ``xp``
    (``fusion_target``: generate fused kernels for "cuda" or "host" whatever
    the namespace, as the NVRTC check does; ``platform``: whose custom-call
    targets programs call)."""

    def build(lowering: ModuleLowering, function: Function) -> FunctionProgram:
        # Small callees (a scan body's slice helpers) and those called from
        # one place (a scan's cell) in their callers' blocks, where fusion and
        # the merging of sibling slices see them.
        inline_small_calls(lowering.module, called_once=True)
        # What a callee repeats of its caller's work (a variance's mean beside
        # the mean) computed once, now that both are in one block.
        eliminate_common_subexpressions(lowering.module)
        # Products summing one element each (outer products) are multiplies,
        # computed inside the kernels reading them.
        expand_unit_contractions(lowering.module)
        # Slices of a cell's gates cut the product and the bias (read in
        # place), not a sum written first: one kernel fewer per step.
        sink_slices(lowering.module)
        module = GpuModuleLowering(lowering, xp, fusion_target, platform)
        program = module.function(function.name)
        if fusion_target is not None:  # the check: every function's kernels, called or not
            for other in lowering.module.functions:
                if other.body is not None:
                    module.function(other.name)
        program.reference_steps = module.reference_steps
        program.per_device_entry = per_device_entry(function, module)
        program.fusion = _FusionSummary(module)
        program.kernel_sources = module.kernel_sources
        return program

    # Programs with and without generated kernels are cached apart.
    mode = fusion_target or ("fused" if fusion_enabled(xp) else "unfused")
    build.backend_key = f"gpu:{platform}:{xp.__name__}:{mode}"  # type: ignore[attr-defined]
    # GPU buffers are row-major arrays: the compiler lays out results left to
    # it row-major and refuses other layouts by name.
    build.row_major_only = True  # type: ignore[attr-defined]
    return build


def kernel_sources(text: str) -> dict[str, str]:
    """The CUDA source of every kernel the GPU backend generates for the
    program ``text`` (by kernel name), every function's included: what NVRTC
    compiles on a GPU."""
    from jaxlib._src.compiler import pipeline

    compiled = pipeline.compile_program(text, program_builder=build_gpu_program(np, "cuda"))
    return dict(getattr(compiled.program, "kernel_sources", {}))
