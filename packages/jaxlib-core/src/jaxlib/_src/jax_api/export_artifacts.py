"""``jaxlib._jax.mlir``: the portable artifacts ``jax.export`` stores, and the
shape refinement jax runs before compiling a shape-polymorphic module.

A portable artifact is StableHLO's: VHLO in MLIR bytecode, read by
``frontends/vhlo.py`` and written by ``frontends/vhlo_writer.py``, so
artifacts move between this jaxlib and the reference one both ways. A module
the writer cannot express in VHLO is stored in this jaxlib's own format: one
header line (a magic word, the format version and the StableHLO target
version asked for), then the module as MLIR text, UTF-8, which
``deserialize_portable_artifact`` reads back unchanged.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from jaxlib._src.backends.cpu.lowering import ModuleLowering
from jaxlib._src.base.errors import invalid_argument, unimplemented
from jaxlib._src.frontends.lexer import ParseError
from jaxlib._src.frontends.mlir_bytecode import BytecodeError
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.frontends.vhlo import UnsupportedVhlo, VhloError, read_portable_artifact
from jaxlib._src.frontends.vhlo_writer import NotWritable, write_portable_artifact
from jaxlib._src.ir.attributes import SymbolRef
from jaxlib._src.ir.core import Function, Module, VerificationError, verify_module
from jaxlib._src.ir.printer import print_module
from jaxlib._src.ir.types import TensorType, TupleType
from jaxlib._src.jax_api.mlir import ir
from jaxlib._src.ops.custom_call_registry import lookup_custom_call_target
from jaxlib._src.passes.chlo_legalize import legalize_chlo
from jaxlib._src.passes.refine_shapes import refine_function

__all__ = [
    "ARTIFACT_FORMAT_VERSION",
    "deserialize_portable_artifact",
    "refine_polymorphic_shapes",
    "serialize_portable_artifact",
]

_logger = logging.getLogger(__name__)
_MAGIC = b"JAXLIB-PORTABLE-ARTIFACT"
# Bumped when the text after the header changes meaning.
ARTIFACT_FORMAT_VERSION = 1
_MLIR_BYTECODE_MAGIC = b"ML\xefR"
_VERSION_RE = re.compile(r"\d+\.\d+\.\d+")
_HEADER_RE = re.compile(rb"JAXLIB-PORTABLE-ARTIFACT v(\d+) stablehlo=(\d+\.\d+\.\d+)\n")


# --- module text in, module text out ------------------------------------------------------


def module_from_bytecode(data: bytes, what: str) -> Module:
    """The module of a VHLO portable artifact, errors named for ``what``."""
    try:
        return read_portable_artifact(data)
    except UnsupportedVhlo as err:
        raise unimplemented(f"{what}: {err}") from None
    except (BytecodeError, VhloError) as err:
        raise invalid_argument(f"{what}: {err}") from None


def _module_text(mlir_module: Any) -> str:
    """The MLIR text of an ``ir.Module`` (or its operation), a str, or bytes
    (text, or a VHLO portable artifact in MLIR bytecode)."""
    if isinstance(mlir_module, ir.Module):
        mlir_module = mlir_module.operation
    if isinstance(mlir_module, ir.Operation):  # locations kept, as in MLIR's bytecode
        return mlir_module.get_asm(enable_debug_info=True)
    if isinstance(mlir_module, (bytes, bytearray, memoryview)):
        data = bytes(mlir_module)
        if data.startswith(_MLIR_BYTECODE_MAGIC):
            module = module_from_bytecode(data, "reading an MLIR bytecode module")
            return print_module(module, debug_info=True)
        return data.decode("utf-8", errors="surrogateescape")
    if isinstance(mlir_module, str):
        return mlir_module
    raise TypeError(f"expected an ir.Module, str or bytes, got {type(mlir_module).__name__}")


def _parse(text: str, what: str) -> Module:
    try:
        return parse_module(text)
    except ParseError as err:
        raise invalid_argument(f"{what}: the module does not parse: {err}") from None


# --- portable artifacts -----------------------------------------------------------------


def serialize_portable_artifact(mlir_module: Any, target: str,
                                use_mixed_serialization: bool = False) -> bytes:
    """The artifact for ``mlir_module`` (an ``ir.Module``, or its text as str
    or bytes) at StableHLO version ``target`` ("X.Y.Z").

    The artifact is VHLO in MLIR bytecode, as the reference jaxlib writes
    (``frontends/vhlo_writer.py``), so either jaxlib reads it; CHLO ops are
    first rewritten as StableHLO, as the reference does
    (``passes/chlo_legalize.py``). A module the writer still cannot express
    (CHLO ops without a rewrite here, Shardy ops inside functions, a target
    before StableHLO 1.0.0) is stored in this jaxlib's own format instead,
    which only this jaxlib reads. ``use_mixed_serialization`` (keep
    Shardy outside VHLO) is how the writer always stores Shardy's attributes.
    """
    del use_mixed_serialization
    if not isinstance(target, str) or not _VERSION_RE.fullmatch(target):
        raise invalid_argument(f"Invalid StableHLO target version requested: {target!r}")
    text = _module_text(mlir_module)
    module = _parse(text, "serialize_portable_artifact")  # only a module that reads back
    legalize_chlo(module)  # as the reference: VHLO has no CHLO ops
    try:
        return write_portable_artifact(module, target)
    except NotWritable as err:
        _logger.info("serialize_portable_artifact: stored in this jaxlib's own format, "
                     "not VHLO: %s", err)
    header = b"%s v%d stablehlo=%s\n" % (_MAGIC, ARTIFACT_FORMAT_VERSION, target.encode())
    return header + text.encode("utf-8", errors="surrogateescape")


def _artifact_text(artifact: bytes) -> str:
    match = _HEADER_RE.match(artifact)
    if match is None:
        raise invalid_argument(
            "Failed to deserialize StableHLO: the bytes are not a portable artifact of this "
            "jaxlib")
    version = int(match.group(1))
    if version != ARTIFACT_FORMAT_VERSION:
        raise invalid_argument(
            f"Failed to deserialize StableHLO: artifact format v{version} is not supported "
            f"(this jaxlib reads v{ARTIFACT_FORMAT_VERSION})")
    return artifact[match.end():].decode("utf-8", errors="surrogateescape")


def deserialize_portable_artifact(mlir_module: bytes, context: Any = None) -> ir.Module:
    """The ``ir.Module`` stored in an artifact from ``serialize_portable_artifact``
    (this jaxlib's or the reference's VHLO bytecode), in ``context`` (the
    current one when None)."""
    if not isinstance(mlir_module, (bytes, bytearray, memoryview)):
        raise TypeError(f"expected bytes, got {type(mlir_module).__name__}")
    data = bytes(mlir_module)
    if data.startswith(_MLIR_BYTECODE_MAGIC):
        module = module_from_bytecode(data, "Failed to deserialize StableHLO")
        text = print_module(module, debug_info=True)
    else:
        text = _artifact_text(data)
    try:
        return ir.Module.parse(text, context=context)
    except ir.MLIRError as err:
        raise invalid_argument(f"Failed to deserialize StableHLO: {err}") from None


# --- shape refinement -------------------------------------------------------------------


def _entry_function(module: Module) -> Function:
    for func in module.functions:
        if func.name == "main":
            return func
    public = [f for f in module.functions if f.visibility == "public" and f.body is not None]
    if len(public) == 1:
        return public[0]
    raise invalid_argument("refine_polymorphic_shapes: the module has no @main function")


def _is_static(t: Any) -> bool:
    if isinstance(t, TensorType):
        return t.is_static
    if isinstance(t, TupleType):
        return all(_is_static(e) for e in t.types)
    return True


def _symbols(value: Any, out: set[str]) -> None:
    if isinstance(value, SymbolRef):
        out.add(value.name)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _symbols(item, out)
    elif isinstance(value, dict):
        for item in value.values():
            _symbols(item, out)


def _reachable_functions(module: Module, root: Function) -> list[Function]:
    """The functions ``root`` refers to, directly or through others, in
    module order (refinement inlined calls: the callees it left are dropped)."""
    by_name = {f.name: f for f in module.functions}
    seen = {root.name}
    pending = [root]
    while pending:
        func = pending.pop()
        names: set[str] = set()
        for op in func.walk():
            _symbols(op.attributes, names)
        for name in sorted(names - seen):
            if name in by_name:
                seen.add(name)
                pending.append(by_name[name])
    return [f for f in module.functions if f.name in seen]


def _dynamic_places(module: Module) -> list[str]:
    places = []
    for func in module.functions:
        for i, t in enumerate(func.type.inputs):
            if not _is_static(t):
                places.append(f"argument {i} of @{func.name} ({t})")
        for i, t in enumerate(func.type.results):
            if not _is_static(t):
                places.append(f"result {i} of @{func.name} ({t})")
        for op in func.walk():
            for t in op.result_types:
                if not _is_static(t):
                    where = f" at {op.location}" if op.location else ""
                    places.append(f"{op.name} in @{func.name}{where} ({t})")
    return places


def refine_polymorphic_shapes(mlir_module: bytes | str, enable_shape_assertions: bool = True,
                              validate_static_shapes: bool = True,
                              enable_shardy: bool = False) -> bytes:
    """Refines a module whose ``main`` has static argument types but whose body
    (or callees) is shape-polymorphic: shape computations are folded, dynamic
    result types made static, calls inlined into ``main`` and
    ``@shape_assertion`` calls checked (``enable_shape_assertions``) and
    removed. Returns the refined module's text (``ir.Module.parse`` reads it).

    ``validate_static_shapes``: raise if any type is still dynamic afterwards.
    ``enable_shardy`` changes nothing: Shardy attributes and meshes are kept as
    they are.
    """
    del enable_shardy
    module = _parse(_module_text(mlir_module), "refine_polymorphic_shapes")
    entry = _entry_function(module)
    if entry.body is None:
        raise invalid_argument(f"refine_polymorphic_shapes: @{entry.name} has no body")
    dynamic = [f"argument {i} ({t})" for i, t in enumerate(entry.type.inputs)
               if not _is_static(t)]
    if dynamic:
        raise invalid_argument(
            f"refine_polymorphic_shapes: @{entry.name} must have static argument types; "
            f"dynamic: {', '.join(dynamic)}")
    lowering = ModuleLowering(module, None, lookup_custom_call_target)
    refined = refine_function(module, entry.name, list(entry.type.inputs), {},
                              lambda: lowering.kernel_builder(entry),
                              check_assertions=enable_shape_assertions)
    refined.functions = _reachable_functions(refined, refined.function(entry.name))
    try:
        verify_module(refined)
    except VerificationError as err:
        raise invalid_argument(
            f"refine_polymorphic_shapes: the refined module does not verify: {err}") from None
    if validate_static_shapes:
        places = _dynamic_places(refined)
        if places:
            shown = "; ".join(places[:5]) + ("; ..." if len(places) > 5 else "")
            raise invalid_argument(
                f"refine_polymorphic_shapes: shapes are still dynamic after refinement: {shown}")
    return print_module(refined).encode("utf-8", errors="surrogateescape")
