"""The compiler pipeline: program text → IR → verified IR → CPU program.

``compile_program`` is what ``Client.compile`` runs. It returns a
:class:`CompiledProgram`: the IR it compiled, the lowered entry function and
the facts the runtime needs (parameter/result types, shardings, aliasing,
replica and partition counts). Compiled programs are cached in memory and,
when a persistent cache directory is set (``persistent_cache.py``), on disk.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import jaxlib._src.ops  # noqa: F401  (registers every op)
from jaxlib._src.backends.cpu import native
from jaxlib._src.backends.cpu.lowering import FunctionProgram, ModuleLowering
from jaxlib._src.backends.cpu.plan import NativeProgram, PlanDescription, build_entry_program
from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument, unimplemented
from jaxlib._src.compiler import inspect_sharding, persistent_cache
from jaxlib._src.compiler.custom_partitioning import (
    expand_custom_partitioning,
    has_custom_partitioning,
)
from jaxlib._src.compiler.dump import dump_if_requested
from jaxlib._src.frontends.lexer import ParseError
from jaxlib._src.ir.core import Function, Module, VerificationError, verify_module
from jaxlib._src.ir.types import TensorType, TokenType, TupleType
from jaxlib._src.ops.custom_call import PARTITIONED_HOST_CALLBACK_TARGETS
from jaxlib._src.ops.custom_call_registry import lookup_custom_call_target
from jaxlib._src.passes.async_ops import without_async_ops
from jaxlib._src.passes.constant_branches import without_constant_branches
from jaxlib._src.passes.cse import eliminate_common_subexpressions
from jaxlib._src.passes.entry_layouts import entry_layouts
from jaxlib._src.passes.gspmd_manual import rewrite_manual_regions
from jaxlib._src.passes.refine_shapes import is_polymorphic, refine_function
from jaxlib._src.passes.sharding_propagation import (
    Constraint,
    propagate_result_shardings,
    tiling_text,
)

_MLIR_BYTECODE_MAGIC = b"ML\xefR"

# A backend's last stage: (lowering context, entry function) -> the program that runs.
ProgramBuilder = Callable[[ModuleLowering, Function], Any]


@dataclass
class CompiledProgram:
    """A compiled program. Its IR (``module``, ``entry``) is parsed from
    ``source`` when first asked for if it came from the persistent cache;
    running it never needs the IR."""

    program: NativeProgram | FunctionProgram | None
    # The program text; None for a program compiled from a live IR module
    # (printed from ``ir`` when first asked for).
    source_text: str | None
    entry_name: str
    parameter_types: list[Any]
    result_types: list[Any]
    num_replicas: int = 1
    num_partitions: int = 1
    parameter_shardings: list[str | None] = field(default_factory=list)
    result_shardings: list[str | None] = field(default_factory=list)
    # result index -> parameter index whose buffer it may reuse
    output_aliases: dict[int, int] = field(default_factory=dict)
    donated_parameters: set[int] = field(default_factory=set)
    options: Any = None
    # Shape-polymorphic entry: ``program`` is None; specializations are
    # refined and lowered per argument signature, and cached.
    polymorphic: bool = False
    specializations: dict[Any, CompiledProgram] = field(default_factory=dict)
    # Python callables the host-callback custom calls invoke, by index.
    host_callbacks: list[Any] = field(default_factory=list)
    # ``mhlo.memory_kind`` of each result ("device" when not given).
    result_memory_kinds: list[str] = field(default_factory=list)
    # Each argument's and result's layout, major to minor (None: row-major;
    # empty lists: all row-major); passes/entry_layouts.py.
    parameter_layouts: list[tuple[int, ...] | None] = field(default_factory=list)
    result_layouts: list[tuple[int, ...] | None] = field(default_factory=list)
    # (module, entry function); None until the IR is first asked for.
    ir: tuple[Module, Function] | None = field(default=None, repr=False)
    # The backend stage that built ``program`` (None: the CPU plan).
    program_builder: Any = field(default=None, repr=False)
    # The per-device program of an SPMD program (see ``partitioned``):
    # unset, or (program or None, why None).
    _partitioned: tuple[Any, str | None] | None = field(default=None, repr=False)
    # The partitioner's estimate (Partitioned.faster_apart) once it has run.
    _partition_estimate: Any = field(default=None, repr=False)

    def partitioned(self) -> CompiledProgram | None:
        """The program each of the ``num_partitions`` devices runs on its own
        shards (passes/spmd_partitioner.py), compiled once when first asked
        for; None when the program stays in global view
        (``partition_refusal`` says why)."""
        with _ir_lock:
            cached = self._partitioned
        if cached is not None:
            return cached[0]
        from jaxlib._src.passes.spmd_partitioner import Partitioned, partition_program

        program, reason = None, None
        if self.polymorphic or self.num_partitions <= 1 or self.num_replicas != 1:
            reason = "not an SPMD program over partitions of fixed shapes"
        else:
            module = parse_program(self.source)  # a copy: the pass consumes it
            if has_custom_partitioning(module):  # (the callbacks give the same regions)
                module = _with_custom_partitioning(module, self.options)
            sharding_of, constraint_sharding = sharding_readers(module)
            try:
                found = partition_program(module, self.entry_name, self.parameter_shardings,
                                          self.result_shardings, self.num_partitions,
                                          sharding_of, constraint_sharding)
            except Exception as err:  # the global view stays right: run that
                found = Partitioned(None, f"the partitioner failed: {type(err).__name__}: "
                                          f"{err}")
                _log.warning("SPMD partitioning of %s left in global view: %s",
                             self.entry_name, found.reason)
            reason = found.reason
            self._partition_estimate = found
            if found.module is not None:
                try:
                    verify_module(found.module)
                    program = _compile_module(found.module, None, self.options,
                                              self.host_callbacks, self.program_builder)
                except (VerificationError, XlaRuntimeError, ValueError) as err:
                    reason = f"the per-device program did not compile: {err}"
                    _log.warning("SPMD partitioning of %s left in global view: %s",
                                    self.entry_name, reason)
        with _ir_lock:
            if self._partitioned is None:
                self._partitioned = (program, reason)
            return self._partitioned[0]

    def partition_is_faster(self, devices: int, cores: int) -> bool:
        """Whether the per-device program on ``devices`` devices sharing
        ``cores`` cores should beat one run of the global view, by the
        partitioner's estimate of the work done whole and split."""
        if self.partitioned() is None or self._partition_estimate is None:
            return False
        return self._partition_estimate.faster_apart(devices, cores)

    @property
    def partition_refusal(self) -> str | None:
        """Why ``partitioned()`` gave None (None before it was asked or when
        it gave a program)."""
        return None if self._partitioned is None else self._partitioned[1]

    @property
    def source(self) -> str:
        if self.source_text is None:
            from jaxlib._src.ir.printer import print_module

            self.source_text = print_module(self.module)
        return self.source_text

    @property
    def module(self) -> Module:
        return self._materialized_ir()[0]

    @property
    def entry(self) -> Function:
        return self._materialized_ir()[1]

    def _materialized_ir(self) -> tuple[Module, Function]:
        with _ir_lock:  # one parse, and every caller sees the same objects
            if self.ir is None:
                module = parse_program(self.source)
                self.ir = (module, module.function(self.entry_name))
            return self.ir

    def specialize(self, argument_types: list[Any], dimension_values: dict[int, int]
                   ) -> CompiledProgram:
        key = (tuple(str(t) for t in argument_types), tuple(sorted(dimension_values.items())))
        cached = self.specializations.get(key)
        if cached is None:
            lowering = ModuleLowering(self.module, self.options, lookup_custom_call_target,
                                      self.host_callbacks)
            refined = refine_function(
                self.module, self.entry.name, argument_types, dimension_values,
                lambda: lowering.kernel_builder(self.entry))
            try:
                verify_module(refined)
            except VerificationError as err:
                raise invalid_argument(f"refined program does not verify: {err}") from None
            cached = _compile_module(refined, self.source_text, self.options,
                                     self.host_callbacks, self.program_builder)
            self.specializations[key] = cached
        return cached

    @property
    def fingerprint(self) -> bytes:
        return hashlib.sha256(self.source.encode("utf-8")).digest()


_ir_lock = threading.Lock()


def _bytecode_program_text(data: bytes) -> str:
    """A StableHLO portable artifact (VHLO in MLIR bytecode) as the MLIR
    text of the StableHLO it stands for."""
    from jaxlib._src.frontends.mlir_bytecode import BytecodeError
    from jaxlib._src.frontends.vhlo import UnsupportedVhlo, VhloError, read_portable_artifact
    from jaxlib._src.ir.printer import print_module

    try:
        module = read_portable_artifact(data)
    except UnsupportedVhlo as err:
        raise unimplemented(f"MLIR bytecode program: {err}") from None
    except (BytecodeError, VhloError) as err:
        raise invalid_argument(f"MLIR bytecode program: {err}") from None
    return print_module(module, debug_info=True)


def program_text(computation: str | bytes) -> str:
    if isinstance(computation, bytes):
        if computation.startswith(_MLIR_BYTECODE_MAGIC):
            return _bytecode_program_text(computation)
        try:
            return computation.decode("utf-8")
        except UnicodeDecodeError as err:
            raise invalid_argument(f"program bytes are not UTF-8 text: {err}") from None
    if not isinstance(computation, str):
        raise invalid_argument(
            f"a program is MLIR or HLO text (str or bytes), got {type(computation).__name__}"
        )
    return computation


def parse_program(text: str) -> Module:
    """Parses MLIR (StableHLO) text or HLO text into the IR."""
    try:
        if text.lstrip().startswith("HloModule"):
            from jaxlib._src.frontends import hlo_text

            return hlo_text.parse_hlo_module(text)
        from jaxlib._src.frontends import mlir_text

        return mlir_text.parse_module(text)
    except ParseError as err:
        raise invalid_argument(f"cannot parse program: {err}") from None


def _entry_function(module: Module) -> Function:
    for name in ("main",):
        try:
            return module.function(name)
        except KeyError:
            pass
    public = [f for f in module.functions if f.visibility == "public" and f.body is not None]
    if len(public) == 1:
        return public[0]
    raise invalid_argument(
        "the program has no entry function: expected @main or a single public function"
    )


# The most replicas or partitions a program may ask for (far above any machine's).
_MAX_DEVICE_COUNT = 1 << 20


def _module_int(module: Module, key: str, default: int) -> int:
    """A replica or partition count from the module's attributes."""
    value = module.attributes.get(key)
    if value is None:
        value = default
    if isinstance(value, bool) or not isinstance(value, int):
        raise invalid_argument(f"module attribute {key} must be an integer, got {value!r}")
    if not 1 <= value <= _MAX_DEVICE_COUNT:
        raise invalid_argument(f"module attribute {key} = {int(value)} is not in "
                               f"[1, {_MAX_DEVICE_COUNT}]")
    return int(value)


def _sharding_text(attrs: dict[str, Any], type_: Any, module: Module) -> str | None:
    """The HloSharding text of a parameter or result: ``mhlo.sharding`` as
    written, or a Shardy ``sdy.sharding`` converted over the module's meshes."""
    value = attrs.get("mhlo.sharding")
    if value is not None:
        return str(value)
    sdy_sharding = attrs.get("sdy.sharding")
    if sdy_sharding is None or not isinstance(type_, TensorType):
        return None
    from jaxlib._src.frontends import shardy

    return shardy.hlo_sharding_text(sdy_sharding, len(type_.shape), module.meshes)


def _shard_footprint(type_: Any, sharding: str | None) -> tuple[Any, ...] | None:
    """(element type, elements per device) of a value sharded as ``sharding``
    (a value of a dynamic shape is its type: only the same type matches)."""
    if not isinstance(type_, TensorType):
        return None
    if not type_.is_static:
        return (type_,)
    count = 1
    for size in type_.shape:
        count *= size
    if sharding is not None:
        from jaxlib._src.ir.hlo_sharding import HloSharding

        try:
            hlo = HloSharding.from_string(sharding)
        except ValueError:
            return None
        if hlo.is_tiled():
            for ways in hlo.tile_assignment_dimensions()[:hlo.tiled_data_rank()]:
                count = -(-count // ways) if ways else count
    return type_.element_type, count


def sharding_readers(module: Module) -> tuple[Callable[[dict[str, Any], Sequence[Any]],
                                                         list[str | None] | None],
                                                Callable[[Any], Constraint | None]]:
    """How the sharding passes read ``module``'s annotations: (the HloSharding
    texts of an op's ``mhlo.sharding``/``sdy.sharding`` attribute, one per
    value; the Constraint of a sharding-constraint op, else None)."""
    from jaxlib._src.frontends import shardy
    from jaxlib._src.ir.hlo_sharding import HloSharding

    def sharding_of(attrs: dict[str, Any], types: Sequence[Any]) -> list[str | None] | None:
        value = attrs.get("mhlo.sharding")
        if isinstance(value, str):
            if len(types) == 1:
                return [value]
            try:
                hlo = HloSharding.from_string(value)
            except ValueError:
                return None
            if not hlo.is_tuple() or len(hlo.tuple_elements()) != len(types):
                return None
            return [e.to_string() for e in hlo.tuple_elements()]
        value = attrs.get("sdy.sharding")
        if value is None:
            return None
        ranks = [len(t.shape) if isinstance(t, TensorType) else 0 for t in types]
        try:
            texts = shardy.hlo_sharding_texts(value, ranks, module.meshes)
        except XlaRuntimeError:
            return None
        return [text if isinstance(t, TensorType) else None for text, t in zip(texts, types)]

    def constraint_sharding(op: Any) -> Constraint | None:
        if op.name in ("sdy.sharding_constraint", "sdy.reshard") and op.results:
            attr = op.attributes.get("sharding")
            texts = sharding_of({"sdy.sharding": attr}, [op.results[0].type])
            if not texts or texts[0] is None:
                return None
            try:  # open dimensions without axes leave propagation free there
                open_dims = tuple(i for i, d in enumerate(shardy.parse_sharding(attr).dims)
                                  if not d.is_closed and not d.axes)
            except (ValueError, XlaRuntimeError):
                open_dims = ()
            return Constraint(texts[0], open_dims)
        return None

    return sharding_of, constraint_sharding


def _propagated_result_shardings(module: Module, entry: Function,
                                 parameter_shardings: list[str | None],
                                 result_shardings: list[str | None],
                                 num_partitions: int) -> list[str | None]:
    """Unannotated results get the sharding forward propagation gives them
    (passes/sharding_propagation.py); annotated ones keep theirs. The values
    jax.debug.inspect_array_sharding asks about get theirs reported."""
    sharding_of, constraint_sharding = sharding_readers(module)
    inspected: dict[int, Any] = {}
    propagated = propagate_result_shardings(module, entry, parameter_shardings,
                                            num_partitions, sharding_of, constraint_sharding,
                                            inspected)
    inspect_sharding.report(inspected)
    return [given if given is not None else found
            for given, found in zip(result_shardings, propagated)]


def _check_types_supported(entry: Function) -> None:
    for t in (*entry.type.inputs, *entry.type.results):
        if isinstance(t, TupleType):
            for inner in t.types:
                _check_types_supported_leaf(inner, entry)
        else:
            _check_types_supported_leaf(t, entry)


def _check_types_supported_leaf(t: Any, entry: Function) -> None:
    if isinstance(t, TokenType):
        return
    if not isinstance(t, TensorType):
        raise unimplemented(f"@{entry.name}: parameters/results of type {t} are not supported")


@functools.cache
def machine_memory_bytes() -> int:
    """The memory a program may use: physical memory, or the cgroup's limit
    when lower (containers). Fixed for the process, so whether a program
    compiles does not depend on what else runs at the moment."""
    limit = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            with open(path) as file:
                text = file.read().strip()
        except OSError:
            continue
        if text.isdigit():
            limit = min(limit, int(text))
    return limit


def check_memory(module: Module, entry: Function) -> None:
    """RESOURCE_EXHAUSTED at compile time, before anything is built, when
    running ``entry`` cannot fit this machine: its peak of live buffers
    (compiler/cost.py's estimate) or any single buffer exceeds the memory."""
    from jaxlib._src.compiler.cost import memory_estimate

    estimate = memory_estimate(module, entry)
    available = machine_memory_bytes()
    if max(estimate.peak_bytes, estimate.largest_bytes) <= available:
        return
    if estimate.largest_bytes > available:
        where = f" at {estimate.largest_where}" if estimate.largest_where else ""
        what = (f"a buffer of type {estimate.largest_type}{where} needs "
                f"{estimate.largest_bytes} bytes")
    else:
        what = f"@{entry.name} needs {estimate.peak_bytes} bytes of live buffers at its peak"
    raise XlaRuntimeError(f"RESOURCE_EXHAUSTED: {what}, more than the {available} bytes of "
                          "memory of this machine")


# Compiled programs by (program fingerprint, serialized options, callbacks): a
# program compiled again (jax re-jitting, deserialization) is not recompiled.
_CACHE_SIZE = 256
_cache: OrderedDict[tuple, CompiledProgram] = OrderedDict()
_cache_lock = threading.Lock()


# A pristine options object and its bytes, by options class (the runtime's
# CompileOptions; the compiler never imports it).
_default_options: dict[type, tuple[Any, bytes]] = {}


def _serialized_options(options: Any) -> bytes:
    """The options' bytes for cache keys. Most compiles pass default options,
    whose bytes are kept: serializing re-checks every field (~0.1 ms, a few
    percent of a small program's compile), comparing costs ~2 µs."""
    if options is None:
        return b""
    kind = type(options)
    if kind not in _default_options:
        default = kind()
        _default_options[kind] = (default, default.SerializeAsString())
    default, data = _default_options[kind]
    if options == default:
        return data
    return options.SerializeAsString()


def _cache_key(text: str, serialized_options: bytes, host_callbacks: Sequence[Any]) -> tuple:
    # The executor switches change what a compile builds (or whether it fails).
    switches = tuple(os.environ.get(name, default)
                     for name, default in persistent_cache.EXECUTOR_SWITCHES)
    return (hashlib.sha256(text.encode("utf-8")).digest(), serialized_options,
            tuple(id(cb) for cb in host_callbacks), switches)


def clear_compilation_cache() -> None:
    with _cache_lock:
        _cache.clear()


def compilation_cache_size() -> int:
    with _cache_lock:
        return len(_cache)


_gc_lock = threading.Lock()
_gc_pauses = 0  # compiles in flight that paused the cyclic collector


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pauses Python's cyclic garbage collector while compiling. A compile
    allocates thousands of long-lived objects (IR, plan) in a burst, which
    triggers full collections over the whole process (~15 ms each in a
    process with numpy and scipy loaded) that find nothing to free. Cycles
    made meanwhile are collected once it resumes."""
    global _gc_pauses
    with _gc_lock:
        # Paused already by another compile, or enabled (a user's gc.disable() stands).
        pausing = _gc_pauses > 0 or gc.isenabled()
        if pausing:
            if _gc_pauses == 0:
                gc.disable()
            _gc_pauses += 1
    try:
        yield
    finally:
        if pausing:
            with _gc_lock:
                _gc_pauses -= 1
                if _gc_pauses == 0:
                    gc.enable()


def compile_program(computation: str | bytes | Module, options: Any = None,
                    host_callbacks: Sequence[Any] = (),
                    program_builder: ProgramBuilder | None = None) -> CompiledProgram:
    """``host_callbacks`` are the Python callables the program's host-callback
    custom calls invoke (by index). Text programs are cached in memory, and on
    disk when the persistent cache is on (programs without host callbacks).

    ``program_builder`` is another backend's last stage (jaxlib-gpu's): it gets
    the lowering context and the verified, rewritten entry function and returns
    the program that runs, in place of the CPU plan. Its ``backend_key``
    attribute keeps its programs apart in the cache; they are not written to
    the persistent cache.

    A live IR ``Module`` (what ``jaxlib.mlir.ir.Module`` holds) compiles
    without being printed or parsed; its caller (jax) caches executables
    itself, so it skips the in-memory cache, and it is printed only for the
    persistent cache's key or when its text is asked for."""
    if isinstance(computation, Module):
        directory = persistent_cache.cache_dir()
        if directory is not None and not host_callbacks and program_builder is None:
            from jaxlib._src.ir.printer import print_module

            computation = print_module(computation)
        else:
            with _collector_paused():
                return _guarded_compile(lambda: _compile_live_module(
                    computation, options, host_callbacks, program_builder))
    text = program_text(computation)
    serialized_options = _serialized_options(options)
    key = _cache_key(text, serialized_options, host_callbacks)
    if program_builder is not None:
        key += (getattr(program_builder, "backend_key", id(program_builder)),)
    with _cache_lock:
        cached = _cache.get(key)
        if cached is not None:
            _cache.move_to_end(key)
            return cached
    directory = persistent_cache.cache_dir()
    if program_builder is not None:
        directory = None
    if directory is not None and not host_callbacks:
        persistent_cache.cache_max_size()  # a malformed setting fails before any work
    with _collector_paused():
        if directory is not None and not host_callbacks:
            compiled = _guarded_compile(lambda: _compile_through_directory(
                directory, text, options, serialized_options))
        else:
            compiled = _guarded_compile(lambda: _compile_uncached(
                text, options, host_callbacks, program_builder))
    with _cache_lock:
        _cache[key] = compiled
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return compiled


def _guarded_compile(compile_fn: Callable[[], CompiledProgram]) -> CompiledProgram:
    """Runs ``compile_fn``; whatever a malformed program trips over surfaces as
    an XlaRuntimeError of the compile call, never as an arbitrary exception."""
    try:
        return compile_fn()
    except XlaRuntimeError:
        raise
    except RecursionError:
        raise invalid_argument("the program nests too deeply to compile") from None
    except MemoryError:
        raise XlaRuntimeError("RESOURCE_EXHAUSTED: out of memory compiling the "
                              "program") from None
    except Exception as err:
        raise XlaRuntimeError(f"INTERNAL: compiling the program failed: "
                              f"{type(err).__name__}: {err}") from err


def _compile_live_module(module: Module, options: Any, host_callbacks: Sequence[Any],
                         program_builder: ProgramBuilder | None = None) -> CompiledProgram:
    """Compiles a module built in memory. The module is not changed (passes
    that rewrite work on copies), and the compiled program keeps it as its IR."""
    try:
        verify_module(module)
    except VerificationError as err:
        raise invalid_argument(f"program does not verify: {err}") from None
    compiled = _compile_module(module, None, options, host_callbacks, program_builder)
    dump_if_requested(compiled, options)
    return compiled


# -- the persistent cache (compiler/persistent_cache.py stores the entries) ----------
#
# An entry holds the native plan written down (backends/cpu/plan.py's
# PlanDescription: kernels by registry name and parameters, steps, slots, arena
# size; constants as raw arrays) and the program's metadata, so that a hit
# rebuilds the executable without parsing, passes, fusion or planning. Programs
# with Python steps, host callbacks or a shape-polymorphic entry, and those the
# native executor cannot run, stay in memory only.

_ENTRY_VERSION = 2  # 2: entry layouts
_log = logging.getLogger(__name__)


def _compile_through_directory(directory: Any, text: str, options: Any,
                               serialized_options: bytes) -> CompiledProgram:
    persistent_cache.cache_max_size()  # a malformed setting fails before any work
    key = persistent_cache.entry_key(text, serialized_options)
    entry = persistent_cache.load(directory, key)
    if entry is not None:
        compiled = _compiled_from_entry(entry, text, options)
        if compiled is not None:
            dump_if_requested(compiled, options)
            return compiled
    with native.recording_kernels():
        compiled = _compile_uncached(text, options, ())
    entry = _entry_of(compiled)
    if entry is not None:
        persistent_cache.store(directory, key, entry)
    if getattr(compiled.program, "description", None) is not None:
        compiled.program.description = None  # only needed to write the entry
    return compiled


def _types_json(types: list[Any]) -> list[list] | None:
    """[element type, shape] per type; None unless all are static tensors of
    plain element types (what a native plan takes and returns)."""
    out = []
    for t in types:
        if not (isinstance(t, TensorType) and t.is_static and t.encoding is None
                and isinstance(t.element_type, str)):
            return None
        out.append([t.element_type, [int(d) for d in t.shape]])
    return out


def _types_from_json(items: list) -> list[TensorType]:
    return [TensorType(tuple(int(d) for d in shape), str(element_type))
            for element_type, shape in items]


def _entry_of(compiled: CompiledProgram) -> persistent_cache.CacheEntry | None:
    """What the persistent cache stores for ``compiled``; None when it cannot
    be rebuilt without the IR (see above)."""
    program = compiled.program
    description = getattr(program, "description", None)
    if compiled.polymorphic or compiled.host_callbacks or description is None:
        return None
    parameter_types = _types_json(compiled.parameter_types)
    result_types = _types_json(compiled.result_types)
    if parameter_types is None or result_types is None:
        return None
    value = {
        "version": _ENTRY_VERSION,
        "entry_name": compiled.entry_name,
        "parameter_types": parameter_types,
        "result_types": result_types,
        "num_replicas": compiled.num_replicas,
        "num_partitions": compiled.num_partitions,
        "parameter_shardings": compiled.parameter_shardings,
        "result_shardings": compiled.result_shardings,
        "output_aliases": sorted(compiled.output_aliases.items()),
        "donated_parameters": sorted(compiled.donated_parameters),
        "result_memory_kinds": compiled.result_memory_kinds,
        "parameter_layouts": [None if x is None else list(x)
                              for x in compiled.parameter_layouts],
        "result_layouts": [None if x is None else list(x) for x in compiled.result_layouts],
        "plan": description.layout,
    }
    return persistent_cache.CacheEntry(value, description.constants)


def _compiled_from_entry(entry: persistent_cache.CacheEntry, text: str, options: Any
                         ) -> CompiledProgram | None:
    """The program an entry describes, or None (logged) when the entry does
    not rebuild: it is then compiled again and overwritten."""
    value = entry.value
    try:
        if value["version"] != _ENTRY_VERSION:
            raise ValueError(f"entry version {value['version']}")
        program = NativeProgram.from_description(PlanDescription(value["plan"], entry.arrays))
        return CompiledProgram(
            program=program,
            source_text=text,
            entry_name=str(value["entry_name"]),
            parameter_types=_types_from_json(value["parameter_types"]),
            result_types=_types_from_json(value["result_types"]),
            num_replicas=int(value["num_replicas"]),
            num_partitions=int(value["num_partitions"]),
            parameter_shardings=[None if s is None else str(s)
                                 for s in value["parameter_shardings"]],
            result_shardings=[None if s is None else str(s)
                              for s in value["result_shardings"]],
            output_aliases={int(r): int(p) for r, p in value["output_aliases"]},
            donated_parameters={int(p) for p in value["donated_parameters"]},
            result_memory_kinds=[str(k) for k in value["result_memory_kinds"]],
            parameter_layouts=[None if x is None else tuple(int(d) for d in x)
                               for x in value["parameter_layouts"]],
            result_layouts=[None if x is None else tuple(int(d) for d in x)
                            for x in value["result_layouts"]],
            options=options,
        )
    except Exception as err:  # a damaged entry is a miss, whatever the damage
        _log.info("jaxlib compilation cache: entry does not rebuild (%s: %s)",
                  type(err).__name__, err)
        return None


def _compile_uncached(text: str, options: Any, host_callbacks: Sequence[Any],
                      program_builder: ProgramBuilder | None = None) -> CompiledProgram:
    module = parse_program(text)
    try:
        verify_module(module)
    except VerificationError as err:
        raise invalid_argument(f"program does not verify: {err}") from None
    compiled = _compile_module(module, text, options, host_callbacks, program_builder)
    dump_if_requested(compiled, options)
    if isinstance(compiled.program, NativeProgram) and compiled.program.all_native:
        # Running never reads the IR again: let it go now (it is parsed back
        # from the source if asked for) rather than keep thousands of objects
        # alive, which makes every later full garbage collection slower.
        compiled.ir = None
    return compiled


def _with_custom_partitioning(module: Module, options: Any) -> Module:
    """``module`` with jax's custom_partitioning calls partitioned by their
    callbacks (compiler/custom_partitioning.py), from the operands' shardings
    forward propagation finds."""
    build = getattr(options, "executable_build_options", None)
    num_partitions = _module_int(module, "mhlo.num_partitions",
                                 getattr(build, "num_partitions", 1) if build else 1)
    if num_partitions <= 1:
        raise unimplemented("a CustomSPMDPartitioning call in a program of one partition "
                            "(jax inlines custom_partitioning functions there)")
    entry = _entry_function(module)
    sharding_of, constraint_sharding = sharding_readers(module)
    parameters = [_sharding_text(a, t, module) for a, t in zip(entry.arg_attrs, entry.type.inputs)]
    found: dict[int, list[Any]] = {}
    propagate_result_shardings(module, entry, parameters, num_partitions, sharding_of,
                               constraint_sharding, partitioned=found)
    return expand_custom_partitioning(module, found, tiling_text,
                                      lambda code: parse_program(program_text(code)))


def _has_partitioned_callbacks(module: Module) -> bool:
    return any(op.name == "stablehlo.custom_call" and op.attributes.get("call_target_name")
               in PARTITIONED_HOST_CALLBACK_TARGETS for op in module.walk())


def _partitioned_callback_operands(lowered: Module, entry: Function, module: Module,
                                   num_partitions: int) -> dict[int, list[Any]]:
    """The tilings partitioned host callbacks split their operands by (each
    device calls back with its shards), from forward propagation over the
    module that is lowered."""
    sharding_of, constraint_sharding = sharding_readers(lowered)
    parameters = [_sharding_text(a, t, module) for a, t in zip(entry.arg_attrs, entry.type.inputs)]
    found: dict[int, list[Any]] = {}
    propagate_result_shardings(lowered, entry, parameters, num_partitions, sharding_of,
                               constraint_sharding, partitioned=found)
    return found


def _has_unknown_targets(module: Module) -> bool:
    """Whether a custom call of ``module`` names a target this platform lacks."""
    for op in module.walk():
        if op.name == "stablehlo.custom_call":
            target = op.attributes.get("call_target_name")
            if isinstance(target, str) and lookup_custom_call_target(target) is None:
                return True
    return False


def _compile_module(module: Module, text: str | None, options: Any,
                    host_callbacks: Sequence[Any] = (),
                    program_builder: ProgramBuilder | None = None) -> CompiledProgram:
    # Asynchronous ops run as what they start (XLA's too): the module from
    # here on, the compiled text included, holds the synchronous ops.
    module = without_async_ops(module)
    if has_custom_partitioning(module):
        module = _with_custom_partitioning(module, options)
    entry = _entry_function(module)
    _check_types_supported(entry)
    polymorphic = is_polymorphic(entry)
    build = getattr(options, "executable_build_options", None)
    num_replicas = _module_int(module, "mhlo.num_replicas",
                               getattr(build, "num_replicas", 1) if build else 1)
    num_partitions = _module_int(module, "mhlo.num_partitions",
                                 getattr(build, "num_partitions", 1) if build else 1)
    program = None
    if not polymorphic:
        check_memory(module, entry)
        # GSPMD manual regions become per-device ops in the module that runs;
        # ``module`` itself stays as written (it is what the executable prints).
        # Other platforms' custom calls under branches a constant rules out
        # (a multi-platform export) are dropped first, as XLA folds them.
        runs = without_constant_branches(module) if _has_unknown_targets(module) else module
        lowered = rewrite_manual_regions(runs, num_partitions)
        # Repeated products, reductions and dear elementwise ops computed once
        # (within each function: the CPU plans calls as they are; inlining
        # functions called once, as the GPU's builder does before its own
        # pass, slowed the CPU's fused plans of an RNG program by 10 %).
        eliminate_common_subexpressions(lowered)
        lowering = ModuleLowering(lowered, options, lookup_custom_call_target, host_callbacks)
        if num_partitions > 1 and _has_partitioned_callbacks(lowered):
            lowering.partitioned_operands = _partitioned_callback_operands(
                lowered, lowered.function(entry.name), module, num_partitions)
        build = program_builder or build_entry_program
        program = build(lowering, lowered.function(entry.name))
    parameter_shardings = [_sharding_text(a, t, module)
                           for a, t in zip(entry.arg_attrs, entry.type.inputs)]
    result_shardings = [_sharding_text(a, t, module)
                        for a, t in zip(entry.res_attrs, entry.type.results)]
    if num_partitions > 1 and (any(s is None for s in result_shardings)
                               or inspect_sharding.has_inspections(module)):
        result_shardings = _propagated_result_shardings(
            module, entry, parameter_shardings, result_shardings, num_partitions)
    try:
        parameter_layouts, result_layouts = entry_layouts(
            entry, choose=not getattr(program_builder, "row_major_only", False))
    except ValueError as err:
        raise invalid_argument(f"@{entry.name}: {err}") from None
    if getattr(program_builder, "row_major_only", False) and any(
            x is not None for x in (*parameter_layouts, *result_layouts)):
        raise unimplemented(
            f"@{entry.name}: this backend keeps arrays row-major; layouts other than the "
            f"default are not supported (arguments {parameter_layouts}, results "
            f"{result_layouts}, major to minor)")
    aliases = {}
    donated = set()
    donors = []
    for index, attrs in enumerate(entry.arg_attrs):
        if "tf.aliasing_output" in attrs:
            aliases[int(attrs["tf.aliasing_output"])] = index
            donated.add(index)
        if attrs.get("jax.buffer_donor") is True:
            donors.append(index)
    # A buffer donor is donated only when a result whose per-device buffer
    # has its element type and size is there to take it (XLA's rule: an
    # unusable donation leaves the input alive).
    unclaimed = [r for r in range(len(entry.type.results)) if r not in aliases]
    for index in donors:
        want = _shard_footprint(entry.type.inputs[index], parameter_shardings[index])
        match = next((r for r in unclaimed if want is not None and want == _shard_footprint(
            entry.type.results[r], result_shardings[r])), None)
        if match is not None:
            unclaimed.remove(match)
            donated.add(index)
    return CompiledProgram(
        program=program,
        source_text=text,
        entry_name=entry.name,
        parameter_types=list(entry.type.inputs),
        result_types=list(entry.type.results),
        num_replicas=num_replicas,
        num_partitions=num_partitions,
        parameter_shardings=parameter_shardings,
        result_shardings=result_shardings,
        output_aliases=aliases,
        donated_parameters=donated,
        options=options,
        polymorphic=polymorphic,
        host_callbacks=list(host_callbacks),
        result_memory_kinds=[str(a.get("mhlo.memory_kind", "device")) for a in entry.res_attrs],
        parameter_layouts=parameter_layouts,
        result_layouts=result_layouts,
        ir=(module, entry),
        program_builder=program_builder,
    )
