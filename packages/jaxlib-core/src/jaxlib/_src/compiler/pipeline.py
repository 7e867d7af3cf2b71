"""The compiler pipeline: program text → IR → verified IR → CPU program.

``compile_program`` is what ``Client.compile`` runs. It returns a
:class:`CompiledProgram`: the IR it compiled, the lowered entry function and
the facts the runtime needs (parameter/result types, shardings, aliasing,
replica and partition counts).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import jaxlib._src.ops  # noqa: F401  (registers every op)
from jaxlib._src.backends.cpu.lowering import FunctionProgram, ModuleLowering
from jaxlib._src.backends.cpu.plan import NativeProgram, build_entry_program
from jaxlib._src.compiler.dump import dump_if_requested
from jaxlib._src.frontends.lexer import ParseError
from jaxlib._src.ir.core import Function, Module, VerificationError, verify_module
from jaxlib._src.ir.types import TensorType, TokenType, TupleType
from jaxlib._src.passes.gspmd_manual import rewrite_manual_regions
from jaxlib._src.passes.refine_shapes import is_polymorphic, refine_function
from jaxlib._src.runtime.custom_call import lookup_custom_call_target
from jaxlib._src.runtime.errors import invalid_argument, unimplemented

_MLIR_BYTECODE_MAGIC = b"ML\xefR"


@dataclass
class CompiledProgram:
    module: Module
    entry: Function
    program: NativeProgram | FunctionProgram | None
    source: str
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
            cached = _compile_module(refined, self.source, self.options, self.host_callbacks)
            self.specializations[key] = cached
        return cached

    @property
    def parameter_types(self) -> list[Any]:
        return list(self.entry.type.inputs)

    @property
    def result_types(self) -> list[Any]:
        return list(self.entry.type.results)

    @property
    def fingerprint(self) -> bytes:
        return hashlib.sha256(self.source.encode("utf-8")).digest()


def program_text(computation: str | bytes) -> str:
    if isinstance(computation, bytes):
        if computation.startswith(_MLIR_BYTECODE_MAGIC):
            raise unimplemented(
                "MLIR bytecode programs are not supported; pass the program as "
                "StableHLO/MLIR text or HLO text"
            )
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


def _module_int(module: Module, key: str, default: int) -> int:
    value = module.attributes.get(key)
    return default if value is None else int(value)


def _sharding_text(attrs: dict[str, Any], type_: Any, module: Module) -> str | None:
    """The HloSharding text of a parameter or result: ``mhlo.sharding`` as
    written, or a Shardy ``sdy.sharding`` converted over the module's meshes."""
    value = attrs.get("mhlo.sharding")
    if value is not None:
        return str(value)
    sdy_sharding = attrs.get("sdy.sharding")
    if sdy_sharding is None or not isinstance(type_, TensorType):
        return None
    from jaxlib._src.compiler import shardy

    return shardy.hlo_sharding_text(sdy_sharding, len(type_.shape), module.meshes)


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


# Compiled programs by (program fingerprint, serialized options, callbacks): a
# program compiled again (jax re-jitting, deserialization) is not recompiled.
_CACHE_SIZE = 256
_cache: OrderedDict[tuple, CompiledProgram] = OrderedDict()
_cache_lock = threading.Lock()


def _cache_key(text: str, options: Any, host_callbacks: Sequence[Any]) -> tuple:
    serialized = options.SerializeAsString() if options is not None else b""
    return (hashlib.sha256(text.encode("utf-8")).digest(), serialized,
            tuple(id(cb) for cb in host_callbacks))


def clear_compilation_cache() -> None:
    with _cache_lock:
        _cache.clear()


def compilation_cache_size() -> int:
    with _cache_lock:
        return len(_cache)


def compile_program(computation: str | bytes, options: Any = None,
                    host_callbacks: Sequence[Any] = ()) -> CompiledProgram:
    """``host_callbacks`` are the Python callables the program's host-callback
    custom calls invoke (by index). Results are cached in memory."""
    text = program_text(computation)
    key = _cache_key(text, options, host_callbacks)
    with _cache_lock:
        cached = _cache.get(key)
        if cached is not None:
            _cache.move_to_end(key)
            return cached
    compiled = _compile_uncached(text, options, host_callbacks)
    with _cache_lock:
        _cache[key] = compiled
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return compiled


def _compile_uncached(text: str, options: Any, host_callbacks: Sequence[Any]
                      ) -> CompiledProgram:
    module = parse_program(text)
    try:
        verify_module(module)
    except VerificationError as err:
        raise invalid_argument(f"program does not verify: {err}") from None
    compiled = _compile_module(module, text, options, host_callbacks)
    dump_if_requested(compiled, options)
    return compiled


def _compile_module(module: Module, text: str, options: Any,
                    host_callbacks: Sequence[Any] = ()) -> CompiledProgram:
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
        # GSPMD manual regions become per-device ops in the module that runs;
        # ``module`` itself stays as written (it is what the executable prints).
        lowered = rewrite_manual_regions(module, num_partitions)
        lowering = ModuleLowering(lowered, options, lookup_custom_call_target, host_callbacks)
        program = build_entry_program(lowering, lowered.function(entry.name))
    aliases = {}
    donated = set()
    for index, attrs in enumerate(entry.arg_attrs):
        if "tf.aliasing_output" in attrs:
            aliases[int(attrs["tf.aliasing_output"])] = index
            donated.add(index)
        if attrs.get("jax.buffer_donor") is True:
            donated.add(index)
    return CompiledProgram(
        module=module,
        entry=entry,
        program=program,
        source=text,
        num_replicas=num_replicas,
        num_partitions=num_partitions,
        parameter_shardings=[_sharding_text(a, t, module)
                             for a, t in zip(entry.arg_attrs, entry.type.inputs)],
        result_shardings=[_sharding_text(a, t, module)
                          for a, t in zip(entry.res_attrs, entry.type.results)],
        output_aliases=aliases,
        donated_parameters=donated,
        options=options,
        polymorphic=polymorphic,
        host_callbacks=list(host_callbacks),
    )
