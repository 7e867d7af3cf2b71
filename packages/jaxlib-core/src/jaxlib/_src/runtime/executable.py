"""Executables: a compiled program bound to devices, and its execution.

A program runs per device (each device runs the program on its own shards —
replicas, or a single device) or, for SPMD programs with ``num_partitions >
1``, in global view: the shards are assembled by the parameter shardings, the
global program runs once, and the results are split by the result shardings.
Execution is enqueued on the device's native stream when the client is
asynchronous; outputs are returned at once and become ready when it finishes.
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxlib import _native
from jaxlib._src.base import envelope
from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument
from jaxlib._src.base.replica_context import Rendezvous, ReplicaContext, running_as
from jaxlib._src.base.untrusted import load_json
from jaxlib._src.compiler.pipeline import CompiledProgram, compile_program
from jaxlib._src.ir.core import Module
from jaxlib._src.ir.types import TensorType, TokenType, numpy_dtype
from jaxlib._src.ops.registry import TOKEN
from jaxlib._src.passes.refine_shapes import dimension_argument_indices
from jaxlib._src.runtime import profiler
from jaxlib._src.runtime.array import (
    ArrayImpl,
    assemble_global,
    client_aval,
    scatter_global,
    single_device_array,
)
from jaxlib._src.runtime.buffer import (
    Buffer,
    _keep_until_done,
    storage_address,
    wait_for_event,
)
from jaxlib._src.runtime.device import Device, DeviceList
from jaxlib._src.runtime.sharding import SingleDeviceSharding
from jaxlib._src.runtime.traceback import Traceback
from jaxlib._src.runtime.types import Layout

# A JSON body (program text, serialized options) in jaxlib's envelope
# (base/envelope.py). 2: that envelope (8-byte magic, 64-bit length); version
# 1's header is not read.
_SERIAL_MAGIC = b"JXLEXEC"
_SERIAL_VERSION = 2


# -- program facts -------------------------------------------------------------


def value_spec(t: Any) -> tuple[tuple[int | None, ...], np.dtype]:
    """Shape (None for a dynamic dimension) and dtype of a parameter/result;
    tokens are bool[0] arrays."""
    if isinstance(t, TokenType):
        return (0,), np.dtype(np.bool_)
    if isinstance(t, TensorType):
        return tuple(t.shape), numpy_dtype(t.element_type)
    raise XlaRuntimeError(f"UNIMPLEMENTED: values of type {t} at the program boundary")


def _to_program_value(t: Any, value: np.ndarray) -> Any:
    return TOKEN if isinstance(t, TokenType) else value


def _from_program_value(t: Any, value: Any) -> np.ndarray:
    if isinstance(t, TokenType):
        return np.zeros((0,), np.bool_)
    return value


@dataclass
class _FastPath:
    program: Any
    device: Device
    params: list[tuple[tuple[int, ...], np.dtype]]
    results: list[tuple[tuple[int, ...], np.dtype, int, Any]]  # (..., aval)
    sharding: Any
    donates: bool
    # Programs too large to run inline: the plan's runner capsule, which the
    # device stream runs without the GIL, and the parameters' byte sizes.
    runner: Any = None
    param_bytes: list[int] | None = None
    memory_kind: str | None = None  # the device's default memory's


@dataclass
class CompiledMemoryStats:
    generated_code_size_in_bytes: int = 0
    argument_size_in_bytes: int = 0
    output_size_in_bytes: int = 0
    alias_size_in_bytes: int = 0
    temp_size_in_bytes: int = 0
    host_generated_code_size_in_bytes: int = 0
    host_argument_size_in_bytes: int = 0
    host_output_size_in_bytes: int = 0
    host_alias_size_in_bytes: int = 0
    host_temp_size_in_bytes: int = 0
    serialized_buffer_assignment_proto: bytes = b""

    def __str__(self) -> str:
        return (
            "CompiledMemoryStats("
            f"generated_code_size_in_bytes={self.generated_code_size_in_bytes}, "
            f"argument_size_in_bytes={self.argument_size_in_bytes}, "
            f"output_size_in_bytes={self.output_size_in_bytes}, "
            f"alias_size_in_bytes={self.alias_size_in_bytes}, "
            f"temp_size_in_bytes={self.temp_size_in_bytes})"
        )


def _nbytes(t: Any) -> int:
    shape, dtype = value_spec(t)
    if any(d is None for d in shape):
        return 0  # shape-polymorphic: known per specialization only
    return math.prod(shape) * dtype.itemsize


class HloModule:
    """A module as XLA HLO, the way the runtime shows it: an executable's
    compiled module, or a lowered module (``XlaComputation``)."""

    def __init__(self, module: Module, entry: str | None = None, drop_dead: bool = False):
        self._module = module
        self._entry = entry
        self._drop_dead = drop_dead
        self.name = module.name or entry or "main"

    @classmethod
    def of_compiled(cls, compiled: CompiledProgram) -> HloModule:
        """A compiled program's module: its text leaves out the ops nobody
        reads that have no side effects, as XLA's compiled text does."""
        return cls(compiled.module, compiled.entry.name, drop_dead=True)

    def to_string(self, options: Any = None) -> str:
        """XLA HLO text (``HloModule name, entry_computation_layout=...``).
        ``options`` is an ``HloPrintOptions``; of its fields this printer
        honours ``print_large_constants`` (large constants print as ``{...}``
        by default) and ``print_metadata`` (source locations, where the
        module kept them; off without options). It never prints ids."""
        large = bool(getattr(options, "print_large_constants", False))
        metadata = bool(getattr(options, "print_metadata", False))
        return self.as_hlo_text(print_large_constants=large, print_metadata=metadata)

    def as_hlo_text(self, print_large_constants: bool = False,
                    print_metadata: bool = False) -> str:
        from jaxlib._src.ir.hlo_printer import print_hlo_module

        return print_hlo_module(self._module, self._entry,
                                print_large_constants=print_large_constants,
                                sdy_sharding_text=sdy_sharding_converter(self._module),
                                drop_dead=self._drop_dead, print_metadata=print_metadata)

    def to_mlir_text(self) -> str:
        """The module as StableHLO MLIR text (generic op syntax)."""
        from jaxlib._src.ir.printer import print_module

        return print_module(self._module)

    def __str__(self) -> str:
        return self.to_string()


def sdy_sharding_converter(module: Module) -> Any:
    """The HLO printer's converter of Shardy shardings over ``module``'s
    meshes: one sharding, or a ``sharding_per_value`` as a tuple sharding."""
    from jaxlib._src.frontends import shardy

    def convert(value: Any, types: list[Any], per_value: bool) -> str:
        texts = shardy.hlo_sharding_texts(value, [_rank(t) for t in types], module.meshes)
        return texts[0] if len(texts) == 1 else "{" + ", ".join(texts) + "}"

    return convert


def _rank(type_: Any) -> int:
    return len(getattr(type_, "shape", ()))


# -- execution results and tokens -----------------------------------------------


class _FailedRun:
    """The completion event of a program that failed while running inline."""

    def __init__(self, error: BaseException):
        self._error = error

    def wait(self) -> None:
        pass

    def is_ready(self) -> bool:
        return True

    def error(self) -> str:
        return str(self._error)


def _fail_outputs(outputs: list[Buffer], error: BaseException) -> tuple[Any, list]:
    """Marks outputs of a failed inline run so that awaiting them raises."""
    failure = [error]
    event = _FailedRun(error)
    for out in outputs:
        out._set_pending(event, None, failure)
    return event, failure


class Token:
    """Completion of one device's execution."""

    def __init__(self, completions: Sequence[Any]):
        # (event, failure box) pairs; None for work that ran synchronously.
        self._completions = [c for c in completions if c is not None]

    def block_until_ready(self) -> None:
        for event, failure in self._completions:
            wait_for_event(event, failure)


class ShardedToken:
    """Completion of an execution across devices."""

    def __init__(self, tokens: dict[int, Token]):
        self._tokens = tokens

    def block_until_ready(self) -> None:
        for token in self._tokens.values():
            token.block_until_ready()

    def get_token(self, device_index: int) -> Token:
        """The token of the execution's ``device_index``-th device (in the
        order of its addressable devices: jax pairs them with its
        ``_local_devices``), not the device with that id."""
        tokens = list(self._tokens.values())
        if not isinstance(device_index, int) or not 0 <= device_index < len(tokens):
            raise invalid_argument(f"no token for device index {device_index!r}: the execution "
                                   f"ran on {len(tokens)} device(s)")
        return tokens[device_index]


class ExecuteResults:
    """Outputs of ``execute_sharded``: ``[output][device]`` buffers."""

    def __init__(self, outputs: list[list[Buffer]], token: ShardedToken):
        self._outputs = outputs
        self._token = token
        self._consumed = False

    def __len__(self) -> int:
        return len(self._outputs)

    def _take(self, n: int | None = None) -> list[list[Buffer]]:
        if self._consumed:
            raise invalid_argument("ExecuteResults were already consumed")
        self._consumed = True
        return self._outputs if n is None else self._outputs[:n]

    @staticmethod
    def _single(buffer: Buffer) -> ArrayImpl:
        return single_device_array(buffer)

    def disassemble_into_single_device_arrays(self) -> list[list[ArrayImpl]]:
        return [[self._single(b) for b in per_device] for per_device in self._take()]

    def disassemble_prefix_into_single_device_arrays(self, n: int) -> list[list[ArrayImpl]]:
        """The first ``n`` outputs (jax's runtime tokens); the rest stay for a
        later call."""
        if self._consumed:
            raise invalid_argument("ExecuteResults were already consumed")
        if not 0 <= n <= len(self._outputs):
            raise invalid_argument(f"prefix {n} out of range for {len(self._outputs)} outputs")
        taken, self._outputs = self._outputs[:n], self._outputs[n:]
        return [[self._single(b) for b in per_device] for per_device in taken]

    def consume_with_handlers(self, handlers: Sequence[Callable], strict: bool = True
                              ) -> list[Any]:
        """Applies ``handlers[i]`` to output i's single-device arrays. With
        ``strict=False`` there may be fewer handlers than outputs: the first
        outputs are consumed and the rest stay for a later call (jax takes
        its effect tokens first)."""
        if self._consumed:
            raise invalid_argument("ExecuteResults were already consumed")
        if strict and len(handlers) != len(self._outputs):
            raise invalid_argument(
                f"{len(handlers)} handlers for {len(self._outputs)} outputs")
        if len(handlers) > len(self._outputs):
            raise invalid_argument(
                f"{len(handlers)} handlers for only {len(self._outputs)} outputs")
        taken = self._outputs[:len(handlers)]
        self._outputs = self._outputs[len(handlers):]
        self._consumed = strict  # a partial consumption leaves the rest, even none
        return [handler([self._single(b) for b in per_device])
                for handler, per_device in zip(handlers, taken)]

    def consume_token(self) -> ShardedToken:
        return self._token


# -- executables ------------------------------------------------------------------


class Executable:
    """A compiled program (not yet bound for execution): metadata only."""

    def __init__(self, compiled: CompiledProgram, options: Any = None):
        self._compiled = compiled
        self._options = options

    def hlo_modules(self) -> list[HloModule]:
        """The compiled module; for an SPMD program that partitions, its
        per-device program (shard shapes, collectives), as XLA shows an
        SPMD executable, whichever way this process runs it."""
        compiled = self._compiled
        if compiled.num_partitions > 1 and not compiled.polymorphic:
            compiled = compiled.partitioned() or compiled
        return [HloModule.of_compiled(compiled)]

    def get_output_memory_kinds(self) -> list[list[str]]:
        return [list(self._compiled.result_memory_kinds)]

    def _shardings(self, texts: list[str | None]) -> list[Any] | None:
        # One device: no SPMD program, no shardings (as XLA). Several: every
        # value has the sharding it runs with, replicated where none was
        # written (what this compiler does with an unannotated value; jax
        # takes the shardings of outputs it left unspecified from here).
        if all(t is None for t in texts) and self._compiled.num_partitions <= 1:
            return None
        from jaxlib._src.runtime.sharding import HloSharding

        return [
            (HloSharding.from_string(t) if t is not None else HloSharding.replicate()).to_proto()
            for t in texts
        ]

    def get_output_shardings(self) -> list[Any] | None:
        return self._shardings(self._compiled.result_shardings)

    def get_parameter_shardings(self) -> list[Any] | None:
        return self._shardings(self._compiled.parameter_shardings)

    def get_parameter_layouts(self) -> list[Layout]:
        compiled = self._compiled
        return [_layout_of(t, x) for t, x in zip(compiled.parameter_types, _layouts(
            compiled.parameter_layouts, len(compiled.parameter_types)))]

    def get_output_layouts(self) -> list[Layout]:
        compiled = self._compiled
        return [_layout_of(t, x) for t, x in zip(compiled.result_types, _layouts(
            compiled.result_layouts, len(compiled.result_types)))]

    def size_of_generated_code_in_bytes(self) -> int:
        # The interpreter's "code" is its program text; report what it holds.
        return len(self._compiled.source.encode("utf-8"))

    def get_compiled_memory_stats(self) -> CompiledMemoryStats:
        compiled = self._compiled
        arguments = sum(_nbytes(t) for t in compiled.parameter_types)
        outputs = sum(_nbytes(t) for t in compiled.result_types)
        aliased = sum(_nbytes(compiled.result_types[i]) for i in compiled.output_aliases)
        return CompiledMemoryStats(
            generated_code_size_in_bytes=self.size_of_generated_code_in_bytes(),
            argument_size_in_bytes=arguments,
            output_size_in_bytes=outputs,
            alias_size_in_bytes=aliased,
            temp_size_in_bytes=_peak_temp_bytes(compiled),
        )

    def cost_analysis(self) -> dict[str, Any]:
        from jaxlib._src.compiler.cost import cost_analysis

        analysis = cost_analysis(self._compiled.module, self._compiled.entry)
        # Steps on reference (numpy) kernels: reference_kernel_steps() lists them.
        analysis["reference kernel steps"] = float(len(self.reference_kernel_steps()))
        return analysis

    def reference_kernel_steps(self) -> list[dict[str, str]]:
        """The steps of this program that run on reference (numpy) kernels
        instead of native ones, each with its op, location and the reason
        (``JAXLIB_CPU_STRICT=1`` makes any of them a compile error). A program
        left to the Python step loop is one entry for the whole function;
        custom calls run their targets' handlers and are not listed. Empty for
        a shape-polymorphic program until it is specialised."""
        program = self._compiled.program
        return [step.as_dict() for step in getattr(program, "reference_steps", [])]

    @property
    def fingerprint(self) -> bytes:
        return self._compiled.fingerprint

    def serialize(self) -> bytes:
        return serialize_compiled(self._compiled, self._options)


def _shape_matches(actual: tuple[int, ...], declared: tuple[int | None, ...]) -> bool:
    return len(actual) == len(declared) and all(
        d is None or d == a for a, d in zip(actual, declared))


def _layouts(layouts: list, count: int) -> list[tuple[int, ...] | None]:
    """A program's per-value layouts (an empty list: all row-major)."""
    return list(layouts) if layouts else [None] * count


def _layout_of(t: Any, major_to_minor: tuple[int, ...] | None) -> Layout:
    """The XLA layout of a value of type ``t`` laid out ``major_to_minor``
    (None: row-major)."""
    if major_to_minor is not None:
        return Layout(tuple(reversed(major_to_minor)))
    shape, _ = value_spec(t)
    return Layout(tuple(range(len(shape) - 1, -1, -1)))


def _peak_temp_bytes(compiled: CompiledProgram) -> int:
    """Peak bytes of intermediate values of the entry function, by liveness."""
    ops = compiled.entry.body.entry.operations
    last_use: dict[int, int] = {}
    for position, op in enumerate(ops):
        for v in op.operands:
            last_use[id(v)] = position
    live = peak = 0
    sizes: dict[int, int] = {}
    for position, op in enumerate(ops):
        for r in op.results:
            if isinstance(r.type, TensorType) and r.type.is_static:
                sizes[id(r)] = int(np.prod(r.type.shape, dtype=np.int64)) * numpy_dtype(
                    r.type.element_type).itemsize
                live += sizes[id(r)]
        peak = max(peak, live)
        for v in op.operands:
            if last_use.get(id(v)) == position and id(v) in sizes:
                live -= sizes.pop(id(v))
    return peak


class LoadedExecutable(Executable):
    """A compiled program bound to devices of a client, ready to execute."""

    def __init__(self, client: Any, compiled: CompiledProgram, devices: Sequence[Device],
                 options: Any = None, host_callbacks: Sequence[Any] = ()):
        super().__init__(compiled, options)
        self.client = client
        self._devices = list(devices)
        self.traceback = Traceback.get_traceback()
        self._host_callbacks = list(host_callbacks)
        self._kept_alive = False
        self._param_specs = [value_spec(t) for t in compiled.parameter_types]
        self._result_specs = [value_spec(t) for t in compiled.result_types]
        # Results laid out other than row-major, and whether any argument is
        # (such programs take the general path, which lays values out).
        self._result_layouts = _layouts(compiled.result_layouts, len(compiled.result_types))
        self._custom_layouts = any(x is not None for x in (
            *compiled.parameter_layouts, *compiled.result_layouts))
        replicas, partitions = compiled.num_replicas, compiled.num_partitions
        if replicas * partitions not in (1, len(self._devices)):
            raise invalid_argument(
                f"the program needs {replicas} replicas x {partitions} partitions = "
                f"{replicas * partitions} devices, but {len(self._devices)} were given")
        self._global_view = partitions > 1
        # The devices this process runs; the others belong to other processes
        # of a multi-process client and run their own replicas.
        own = client.process_index()
        self._addressable = [d for d in self._devices if d.process_index == own]
        self._multi_process = len(self._addressable) != len(self._devices)
        client._track_executable(self)
        self._fast = self._fast_path_setup()

    def _fast_path_setup(self) -> _FastPath | None:
        """What a single-device execute of an all-native program needs,
        computed once (see ``_execute_fast``)."""
        compiled = self._compiled
        program = compiled.program
        inline = getattr(program, "runs_inline", False)
        runner = None if inline else getattr(program, "runner", None)
        if (len(self._devices) != 1 or self._multi_process or self._global_view
                or compiled.polymorphic or not (inline or runner is not None)
                or self._custom_layouts):
            return None
        device = self._devices[0]
        results = []
        for t in compiled.result_types:
            shape, dtype = value_spec(t)
            nbytes = math.prod(shape) * dtype.itemsize
            results.append((shape, dtype, nbytes, client_aval(shape, dtype)))
        params = [(tuple(shape), dtype) for shape, dtype in self._param_specs]
        param_bytes = [math.prod(shape) * dtype.itemsize
                       for shape, dtype in params]
        memory_kind = device.default_memory().kind
        return _FastPath(program, device, params, results,
                         SingleDeviceSharding(device, memory_kind=memory_kind),
                         bool(compiled.donated_parameters), runner, param_bytes, memory_kind)

    def _execute_fast(self, arguments: Sequence[Any]) -> list[ArrayImpl] | None:
        """Runs a small all-native program at once on the calling thread, or
        enqueues a larger one whose stream task needs no GIL; None when any
        argument needs the general path (which also reports every error)."""
        outputs = self._execute_fast_buffers(arguments)
        if outputs is None:
            return None
        fast = self._fast
        sharding = fast.sharding
        return [ArrayImpl._of_buffer(aval, sharding, b)
                for (_, _, _, aval), b in zip(fast.results, outputs)]

    def _execute_fast_buffers(self, arguments: Sequence[Any]) -> list[Buffer] | None:
        """``_execute_fast`` up to the output buffers (jit's dispatch fast
        path wraps them with its own avals and shardings); None when the
        general path is needed. Needs ``self._fast``."""
        fast = self._fast
        params = fast.params
        if len(arguments) != len(params) or profiler.active() is not None:
            return None  # (a profiling session times runs on the general path)
        enqueue = fast.runner is not None
        if enqueue and not self.client.asynchronous:
            return None
        device = fast.device
        buffers = []
        storages = []
        for arg, (shape, dtype) in zip(arguments, params):
            buffer = fast_path_buffer(arg, shape, dtype, device)
            if buffer is None:
                return None
            # Taken once: from here on this reference keeps the memory alive
            # even if another thread deletes the buffer while the program runs.
            storage = buffer._storage
            if storage is None:
                return None
            if buffer._event is not None and not enqueue:
                if not buffer.is_ready():
                    return None
                buffer.block_until_ready()
            buffers.append(buffer)
            storages.append(storage)
        if fast.donates and _donated_twice(self._compiled.donated_parameters, buffers):
            return None  # the general path reports it
        outputs = Buffer._allocate_outputs(device, fast.results, fast.memory_kind,
                                           Traceback.get_traceback())
        if enqueue:
            self._enqueue_plan(fast, buffers, storages, outputs)
        else:
            self._run_inline(fast, storages, outputs)
        if fast.donates:
            self._donate(arguments)
        return outputs

    def _enqueue_plan(self, fast: _FastPath, inputs: list[Buffer], storages: list[Any],
                      outputs: list[Buffer]) -> None:
        """Hands the plan to the device's stream, which starts it at once
        (no GIL hand-over); what it reads and writes stays alive until done:
        ``storages`` were taken before the plan could start, so a concurrent
        ``delete()`` of an input frees nothing the plan reads."""
        wait_for = []
        keep_inputs = []
        for b, storage in zip(inputs, storages):
            event, keep = b._event, b._keepalive
            if event is not None:
                wait_for.append(event)
            keep_inputs.append((storage, keep))
        output_storages = [b._storage for b in outputs]
        keepalive = (fast.program, keep_inputs, output_storages)
        event = self.client._stream(fast.device).enqueue_plan(
            fast.runner, [storage_address(s) for s in storages], fast.param_bytes,
            [s.address for s in output_storages], [nbytes for _, _, nbytes, _ in fast.results],
            wait_for)
        for out in outputs:
            out._set_pending(event, keepalive)
        if not outputs:  # nothing holds the keepalive: keep it until the run is done
            _keep_until_done(event, keepalive)

    def _run_inline(self, fast: _FastPath, storages: list[Any], outputs: list[Buffer]) -> None:
        program = fast.program
        try:
            if program.python_steps:  # reference kernels may read the replica context
                with running_as(ReplicaContext()):
                    program.run_into(storages, [b._storage for b in outputs])
            else:
                program.run_into(storages, [b._storage for b in outputs])
        except Exception as err:  # surfaces where the outputs are awaited, as if async
            if not self.client.asynchronous:
                raise
            _fail_outputs(outputs, err)

    def local_devices(self) -> list[Device]:
        return list(self._addressable)

    def keep_alive(self) -> None:
        self._kept_alive = True

    def delete(self) -> None:
        self._kept_alive = False

    # -- argument checks -----------------------------------------------------

    def _check_arguments(self, args: Sequence[Any], device: Device,
                         global_shapes: bool = False) -> list[Buffer]:
        if len(args) != len(self._param_specs):
            raise invalid_argument(
                f"Execution supplied {len(args)} buffers but compiled program expected "
                f"{len(self._param_specs)} buffers")
        buffers = []
        for i, (arg, (shape, dtype)) in enumerate(zip(args, self._param_specs)):
            if not isinstance(arg, ArrayImpl):
                raise invalid_argument(
                    f"argument {i} is a {type(arg).__name__}, expected an array on a device")
            arg._check_if_deleted()
            if len(arg._buffers) != 1:
                raise invalid_argument(
                    f"argument {i} spans {len(arg._buffers)} devices; pass per-device shards")
            buffer = arg._buffers[0]
            if buffer.device.client is not self.client:
                raise invalid_argument(
                    f"argument {i} is on {buffer.device!r} of another client; this "
                    f"executable belongs to a different client (move it with device_put)")
            if buffer.device is not device:
                raise invalid_argument(
                    f"argument {i} is on {buffer.device!r}, but this execution runs on "
                    f"{device!r}")
            if buffer.dtype != dtype or (not global_shapes and not _shape_matches(buffer.shape,
                                                                                 shape)):
                expected = ", ".join("?" if d is None else str(d) for d in shape)
                raise invalid_argument(
                    f"argument {i}: expected {dtype.name}[{expected}], got "
                    f"{buffer.dtype.name}{list(buffer.shape)}")
            buffers.append(buffer)
        donated = self._compiled.donated_parameters
        if donated and _donated_twice(donated, buffers):
            raise invalid_argument(
                "a donated buffer is also passed as another argument of the same "
                "execution; donate a buffer only once and do not reuse it")
        return buffers

    # -- running -------------------------------------------------------------

    def _donate(self, args: Sequence[ArrayImpl]) -> None:
        for index in self._compiled.donated_parameters:
            args[index]._donate()

    def _run(self, device: Device, inputs: list[Buffer], outputs: list[Buffer],
             assemble: Callable[[list[np.ndarray]], list[Any]] | None = None,
             scatter: Callable[[tuple], None] | None = None,
             context: ReplicaContext | None = None,
             compiled: CompiledProgram | None = None) -> Any:
        """Runs the program on ``device``'s stream; returns (event, failure box),
        or None when it ran at once."""
        compiled = compiled or self._compiled
        param_types, result_types = compiled.parameter_types, compiled.result_types
        # Views taken now keep the inputs' storage alive even if an input is
        # donated or deleted (by another thread too) before the task runs.
        views = [b._live_view() for b in inputs]
        laid_out = any(b._layout is not None for b in inputs)

        failure: list[BaseException] = []

        def task() -> None:
            collector = profiler.active()
            if collector is not None:  # a profiling session times each run
                event = profiler.TraceEvent(collector, compiled.module.name
                                            or compiled.entry_name, {"device": device.id})
            try:
                run()
                if collector is not None:
                    event.end()
            except BaseException as err:
                failure.append(err)  # re-raised as-is where the outputs are awaited
                if context is not None:
                    context.rendezvous.abort(err)  # release replicas waiting on this one
                raise

        def run() -> None:
            values = assemble(views) if assemble else views
            if laid_out:  # programs read row-major values
                values = [np.ascontiguousarray(v) for v in values]
            program = compiled.program
            # XLA's CPU runtime flushes denormals to zero while a program runs.
            previous = _native.set_flush_denormals(True)
            try:
                if scatter is None and hasattr(program, "run_into"):
                    # The native executor writes results into the outputs
                    # (row-major: others are laid out from a row-major copy).
                    targets = [out._writable_view() for out in outputs]
                    written = [t if out._layout is None else np.empty(t.shape, t.dtype)
                               for out, t in zip(outputs, targets)]
                    with running_as(context or ReplicaContext()):
                        program.run_into(values, written)
                    for out, target, value in zip(outputs, targets, written):
                        if out._layout is not None:
                            np.copyto(target, value, casting="no")
                    return
                args = [_to_program_value(t, v) for t, v in zip(param_types, values)]
                with running_as(context or ReplicaContext()):
                    results = compiled.program(*args)
            finally:
                _native.set_flush_denormals(previous)
            if scatter is not None:
                scatter(results)
                return
            for t, out, value in zip(result_types, outputs, results):
                np.copyto(out._writable_view(), _from_program_value(t, value), casting="no")

        alone = context is None or context.num_replicas * context.num_partitions == 1
        # Small native programs whose inputs are ready run at once on the
        # calling thread: handing them to the stream costs more than running.
        inline = alone and (not self.client.asynchronous or (
            getattr(compiled.program, "runs_inline", False)
            and all(b.is_ready() for b in inputs)))
        if inline:
            for b in inputs:
                b.block_until_ready()
            if not self.client.asynchronous:
                task()
                return None
            try:
                task()
            except Exception as err:  # surfaces where the outputs are awaited, as if async
                return _fail_outputs(outputs, err)
            return None
        # Replicas run concurrently (they may meet in collectives) even when the
        # client is synchronous; execute_sharded then waits for them.
        wait_for = [b._event for b in inputs if b._event is not None]
        event = self.client._stream(device).enqueue_python(task, wait_for)
        keepalive = [(view, b._keepalive) for b, view in zip(inputs, views)]
        for out in outputs:
            out._set_pending(event, keepalive, failure)
        return event, failure

    def _allocate_outputs(self, device: Device, specs: list[Any]) -> list[Buffer]:
        return [Buffer.allocate(device, shape, dtype, layout=layout)
                for (shape, dtype), layout in zip(specs, self._result_layouts)]

    def _specialized(self, inputs: list[Buffer]) -> CompiledProgram:
        """The program for these inputs: refined and cached per argument
        signature when the entry is shape-polymorphic."""
        compiled = self._compiled
        if not compiled.polymorphic:
            return compiled
        types = [TensorType(b.shape, t.element_type) if isinstance(t, TensorType) else t
                 for b, t in zip(inputs, compiled.parameter_types)]
        dims = {i: int(inputs[i].ndarray()) for i in dimension_argument_indices(compiled.entry)}
        return compiled.specialize(types, dims)

    def _wrap(self, buffers: list[Buffer]) -> list[ArrayImpl]:
        return [single_device_array(b) for b in buffers]

    def execute(self, arguments: Sequence[ArrayImpl]) -> list[ArrayImpl]:
        if self._fast is not None:
            outputs = self._execute_fast(arguments)
            if outputs is not None:
                return outputs
        outputs, _ = self._execute_one(arguments)
        return outputs

    def execute_with_token(self, arguments: Sequence[ArrayImpl]) -> tuple[list[ArrayImpl], Token]:
        outputs, event = self._execute_one(arguments)
        return outputs, Token([event])

    def _execute_one(self, arguments: Sequence[ArrayImpl]) -> tuple[list[ArrayImpl], Any]:
        if len(self._devices) != 1 or self._multi_process:
            raise invalid_argument(
                f"execute() runs on one device, but this executable has {len(self._devices)};"
                " use execute_sharded()")
        device = self._devices[0]
        inputs = self._check_arguments(arguments, device)
        compiled = self._specialized(inputs)
        outputs = self._allocate_outputs(device, [value_spec(t) for t in compiled.result_types])
        event = self._run(device, inputs, outputs, compiled=compiled)
        self._donate(arguments)
        return self._wrap(outputs), event

    def execute_sharded(self, arguments: Sequence[Any], with_tokens: bool = False
                        ) -> ExecuteResults:
        per_device = self._per_device_arguments(arguments)
        if self._global_view:
            if self._compiled.polymorphic:
                raise XlaRuntimeError(
                    "UNIMPLEMENTED: shape-polymorphic programs with num_partitions > 1")
            partitioned = self._partitioned_program()
            if partitioned is not None:
                outputs, tokens = self._execute_partitioned(per_device, partitioned)
            else:
                outputs, tokens = self._execute_global(per_device)
        else:
            outputs_by_device = []
            tokens = {}
            count = len(self._devices)
            checked = [self._check_arguments(args, device)
                       for device, args in zip(self._addressable, per_device)]
            launches = []
            for device, inputs in zip(self._addressable, checked):
                compiled = self._specialized(inputs)
                outs = self._allocate_outputs(
                    device, [value_spec(t) for t in compiled.result_types])
                launches.append((device, inputs, outs, compiled))
                outputs_by_device.append(outs)
            # All replicas of this execution are enqueued together (see
            # Client._launch_lock); the execution number of a multi-process
            # rendezvous is taken in the same order. One device alone needs no
            # order, and may run at once on this thread: a host callback in it
            # may then run another program (jnp inside a pure_callback).
            alone = count == 1 and not self._multi_process
            with contextlib.nullcontext() if alone else self.client._launch_lock:
                rendezvous = self._rendezvous()
                for device, inputs, outs, compiled in launches:
                    # The replica id is the device's position among all the devices;
                    # each device runs one replica and they meet in the rendezvous.
                    context = ReplicaContext(replica_id=self._devices.index(device),
                                             partition_id=0, num_replicas=count,
                                             num_partitions=1, rendezvous=rendezvous)
                    tokens[device.id] = Token([self._run(device, inputs, outs,
                                                         context=context, compiled=compiled)])
            outputs = [list(col) for col in zip(*outputs_by_device)] if outputs_by_device \
                else []
            if not self._result_specs:
                outputs = []
        for args in per_device:
            self._donate(args)
        token = ShardedToken(tokens)
        if not self.client.asynchronous:
            token.block_until_ready()
        return ExecuteResults(outputs, token)

    def _partitioned_program(self) -> CompiledProgram | None:
        """The per-device program of this SPMD program when the client runs
        partitions on their own devices (``Client.partitions_apart``), else
        None (global view)."""
        if not self.client._partitions_apart(self):
            return None
        return self._compiled.partitioned()

    def _execute_partitioned(self, per_device: list[list[ArrayImpl]],
                             partitioned: CompiledProgram):
        """An SPMD program as its per-device program: each device runs it on
        its own argument shards, as partition ``k`` (its place among the
        executable's devices); they meet in the collectives."""
        launches = []
        outputs_by_device = []
        for device, inputs in zip(self._addressable,
                                  self._shard_arguments(per_device, partitioned)):
            outs = self._allocate_outputs(
                device, [value_spec(t) for t in partitioned.result_types])
            launches.append((device, inputs, outs))
            outputs_by_device.append(outs)
        count = len(self._devices)
        tokens = {}
        with self.client._launch_lock:
            rendezvous = self._rendezvous()
            for device, inputs, outs in launches:
                context = ReplicaContext(replica_id=0, partition_id=self._devices.index(device),
                                         num_replicas=1, num_partitions=count,
                                         rendezvous=rendezvous)
                tokens[device.id] = Token([self._run(device, inputs, outs, context=context,
                                                     compiled=partitioned)])
        outputs = [list(col) for col in zip(*outputs_by_device)] if outputs_by_device else []
        return outputs, tokens

    def _shard_arguments(self, per_device: list[list[ArrayImpl]],
                         partitioned: CompiledProgram) -> list[list[Buffer]]:
        """Each device's argument buffers, checked against the per-device
        program's shard types."""
        checked = []
        for device, args in zip(self._addressable, per_device):
            inputs = self._check_arguments(args, device, global_shapes=True)
            for p, (buffer, t) in enumerate(zip(inputs, partitioned.parameter_types)):
                if tuple(buffer.shape) != tuple(t.shape):
                    raise invalid_argument(
                        f"argument {p} on {device!r}: expected shard shape {list(t.shape)}, "
                        f"got {list(buffer.shape)}")
            checked.append(inputs)
        return checked

    def _rendezvous(self) -> Rendezvous:
        """Where this execution's replicas meet: across processes when the
        devices span processes of a multi-process client."""
        if not self._multi_process:
            return Rendezvous()
        from jaxlib._src.backends.cpu.cross_process import CrossProcessRendezvous

        return CrossProcessRendezvous(
            [d.process_index for d in self._devices], self.client.process_index(),
            self.client.collectives, self.client._next_execution_number())

    def _per_device_arguments(self, arguments: Sequence[Any]) -> list[list[ArrayImpl]]:
        """Accepts argument-major lists (``[arg][device]``, or sharded arrays) and
        device-major lists (``[device][arg]``) over this process's devices;
        returns ``[device][arg]``."""
        n = len(self._addressable)
        arg_major = []
        for arg in arguments:
            if isinstance(arg, ArrayImpl):
                arg._check_if_deleted()
                arg_major.append(arg._arrays)
            else:
                arg_major.append(list(arg))
        devices = self._addressable

        def placed(rows: list[list[ArrayImpl]]) -> bool:
            return all(len(row) == n and all(
                isinstance(a, ArrayImpl) and len(a._buffers) == 1
                and a._buffers[0].device is d for a, d in zip(row, devices)) for row in rows)

        if placed(arg_major):
            return [list(col) for col in zip(*arg_major)] if arg_major else [[] for _ in devices]
        if len(arg_major) == n and all(
            all(isinstance(a, ArrayImpl) and len(a._buffers) == 1
                and a._buffers[0].device is d for a in row)
            for row, d in zip(arg_major, devices)
        ):
            return arg_major
        raise invalid_argument(
            f"execute_sharded expects, for each of the {len(self._param_specs)} arguments, "
            f"one array per device on {devices} (in that order)")

    def _execute_global(self, per_device: list[list[ArrayImpl]]):
        """An SPMD program over partitions, in global view: one run on the
        global arguments assembled from their shards, its results split into
        the devices' shards. When the devices span processes, each process
        gathers the other processes' argument shards (through the client's
        cross-process collectives) and runs the whole program; it keeps its
        own devices' result shards."""
        from jaxlib._src.runtime.sharding import GSPMDSharding, HloSharding

        compiled = self._compiled
        devices = self._devices
        local = self._addressable

        def sharding_of(text: str | None) -> GSPMDSharding:
            hlo = HloSharding.from_string(text) if text else HloSharding.replicate()
            return GSPMDSharding(devices, hlo)

        param_shardings = [sharding_of(t) for t in compiled.parameter_shardings]
        result_shardings = [sharding_of(t) for t in compiled.result_shardings]
        inputs_by_device = [self._check_arguments(args, d, global_shapes=True)
                            for d, args in zip(local, per_device)]
        for p, (shape, _) in enumerate(self._param_specs):
            expected = tuple(param_shardings[p].shard_shape(shape))
            for d, inputs in zip(local, inputs_by_device):
                if inputs[p].shape != expected:
                    raise invalid_argument(
                        f"argument {p} on {d!r}: expected shard shape {list(expected)}, got "
                        f"{list(inputs[p].shape)}")
        outputs = []
        for r, (shape, dtype) in enumerate(self._result_specs):
            shard_shape = tuple(result_shardings[r].shard_shape(shape))
            layout = self._result_layouts[r]
            outputs.append([Buffer.allocate(d, shard_shape, dtype, layout=layout)
                            for d in local])

        num_params = len(self._param_specs)
        position = {d.id: k for k, d in enumerate(local)}  # a device's place among `local`
        remote: dict[int, Any] = {}  # device index -> its argument shards (other processes)
        if self._multi_process:
            with self.client._launch_lock:  # execution numbers in the same order everywhere
                rendezvous = self._rendezvous()
            own = {devices.index(d): tuple(b.ndarray() for b in inputs)
                   for d, inputs in zip(local, inputs_by_device)}
            remote = {k: v for k, v in rendezvous.gather_all(own).items() if k not in own}

        def assemble(views: list[np.ndarray]) -> list[np.ndarray]:
            # views are [local device][param], flattened in local device order.
            values = []
            for p, (shape, dtype) in enumerate(self._param_specs):
                shards = [views[position[d.id] * num_params + p] if d.id in position
                          else remote[k][p] for k, d in enumerate(devices)]
                values.append(assemble_global(param_shardings[p], devices, shards, shape,
                                              dtype))
            return values

        def scatter(results: tuple) -> None:
            for r, (t, value) in enumerate(zip(compiled.result_types, results)):
                value = _from_program_value(t, value)
                shard_shape = tuple(result_shardings[r].shard_shape(value.shape))
                parts = [outputs[r][position[d.id]]._writable_view() if d.id in position
                         else np.empty(shard_shape, value.dtype) for d in devices]
                scatter_global(result_shardings[r], devices, value, parts)

        all_inputs = [b for inputs in inputs_by_device for b in inputs]
        all_outputs = [b for per_output in outputs for b in per_output]
        event = self._run(local[0], all_inputs, all_outputs, assemble, scatter)
        tokens = {d.id: Token([event]) for d in local}
        return outputs, tokens


def fast_path_buffer(arg: Any, shape: tuple[int, ...], dtype: np.dtype,
                     device: Device) -> Buffer | None:
    """The buffer of ``arg`` when it is an array of one buffer on ``device``
    with this shape and dtype (what a fast-path execute takes as it is);
    None when the general path must look at it."""
    if type(arg) is not ArrayImpl:
        return None
    arg_buffers = arg._buffers
    if len(arg_buffers) != 1:
        return None
    buffer = arg_buffers[0]
    if (buffer.device is not device or buffer.shape != shape
            or (buffer.dtype is not dtype and buffer.dtype != dtype)
            or buffer._layout is not None):  # the general path lays it out
        return None
    return buffer


def _donated_twice(donated: Sequence[int], buffers: Sequence[Buffer]) -> bool:
    """Whether a donated buffer also appears at another argument position
    (PJRT rejects it: the program would read memory it may overwrite)."""
    for index in donated:
        target = buffers[index]
        if any(b is target for i, b in enumerate(buffers) if i != index):
            return True
    return False


# -- serialization ---------------------------------------------------------------


def serialize_compiled(compiled: CompiledProgram, options: Any) -> bytes:
    options_bytes = options.SerializeAsString() if options is not None else b""
    body = json.dumps({
        "source": compiled.source,
        "options": options_bytes.hex(),
    }, sort_keys=True).encode("utf-8")
    return envelope.seal(_SERIAL_MAGIC, _SERIAL_VERSION, body)


def deserialize_compiled(data: bytes, host_callbacks: Sequence[Any] = (),
                         debug_options: Any = None, program_builder: Any = None
                         ) -> tuple[CompiledProgram, Any]:
    """The program of a ``serialize_compiled`` blob, compiled, and its options.
    The blob is untrusted (its SHA-256 only detects accidents): every defect
    is XlaRuntimeError INVALID_ARGUMENT, and its debug options that act on
    this process (dumps and the like) are replaced by defaults, or by the
    loading process's own ``debug_options`` when given. ``program_builder``:
    another backend's last stage, as for ``compile_program``."""
    from jaxlib._src.runtime.options import CompileOptions, without_side_effects

    if not isinstance(data, (bytes, bytearray)):
        raise invalid_argument(f"serialized executable must be bytes, got {type(data).__name__}")
    try:
        body = envelope.open_envelope(data, _SERIAL_MAGIC, _SERIAL_VERSION, "executable")
        payload = load_json(body, "serialized executable", max_depth=1)
    except ValueError as err:  # it names the problem
        raise invalid_argument(str(err)) from None
    try:
        if not isinstance(payload, dict) or set(payload) != {"source", "options"}:
            raise ValueError("expected an object with the fields options and source")
        source, options_hex = payload["source"], payload["options"]
        if not isinstance(source, str) or not isinstance(options_hex, str):
            raise ValueError("source and options must be strings")
        options = CompileOptions.ParseFromString(bytes.fromhex(options_hex)) \
            if options_hex else None
    except (ValueError, KeyError, TypeError) as err:
        raise invalid_argument(f"serialized executable has a malformed body: {err}") from None
    # Anyone can re-seal a blob: its options must not act on this process
    # (dump files and directories, regexes, autotuning files...).
    if options is not None:
        options = without_side_effects(options, debug_options)
    elif debug_options is not None:
        options = CompileOptions()
        options.executable_build_options.debug_options = debug_options
    try:
        compiled = compile_program(source, options, host_callbacks, program_builder)
    except XlaRuntimeError:
        raise
    except RecursionError:
        raise invalid_argument("serialized executable's program is nested too deeply "
                               "to compile") from None
    except MemoryError:
        raise XlaRuntimeError("RESOURCE_EXHAUSTED: out of memory compiling the serialized "
                              "executable's program") from None
    except Exception as err:  # the program text is untrusted: every failure is its error
        raise invalid_argument(f"serialized executable's program does not compile: "
                               f"{type(err).__name__}: {err}") from err
    return compiled, options


def device_list(executable_devices: Any) -> list[Device]:
    if isinstance(executable_devices, DeviceList):
        return list(executable_devices)
    devices = list(executable_devices)
    if not devices or not all(isinstance(d, Device) for d in devices):
        raise invalid_argument("executable_devices must be a non-empty sequence of devices")
    return devices
