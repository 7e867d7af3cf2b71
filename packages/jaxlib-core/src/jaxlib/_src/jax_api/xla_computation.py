"""``XlaComputation``: a lowered (not compiled) module as XLA HLO, what
``jax.jit(f).lower(x).as_text("hlo")`` and ``compiler_ir("hlo")`` show.

jax hands ``mlir_module_to_xla_computation`` the module jaxlib.mlir wrote
(MLIR text: this jaxlib's ``write_bytecode`` writes text) and prints the
result with ``as_hlo_module().to_string(options)`` or ``as_hlo_text()``.
The HLO text comes from the project's HLO printer over the parsed module, with
Shardy shardings converted to HloShardings as XLA's Shardy export does. XLA's
HloModuleProto is not modelled: asking for it is a named UNIMPLEMENTED error.
"""

from __future__ import annotations

import hashlib
from typing import Any

from jaxlib._src.base.errors import invalid_argument, unimplemented
from jaxlib._src.ir.core import Function, Module
from jaxlib._src.ir.types import TensorType, TokenType, TupleType, numpy_dtype
from jaxlib._src.jax_api.export_artifacts import _module_text, _parse
from jaxlib._src.runtime.executable import HloModule
from jaxlib._src.runtime.types import ProgramShape, Shape, dtype_to_etype

__all__ = ["XlaComputation", "hlo_module_cost_analysis", "mlir_module_to_xla_computation"]


class XlaComputation:
    """A module in XLA's terms: its entry computation's signature and HLO text."""

    def __init__(self, module: Module, entry: str = "main", use_tuple_args: bool = False,
                 return_tuple: bool = False) -> None:
        if not isinstance(module, Module):
            raise unimplemented(
                "XlaComputation from a serialized HloModuleProto is not supported by this "
                "jaxlib; build one with jaxlib._jax.mlir.mlir_module_to_xla_computation")
        self._module = module
        self._entry = _entry_function(module, entry)
        self._use_tuple_args = use_tuple_args
        self._return_tuple = return_tuple

    def name(self) -> str:
        return self._module.name or self._entry.name

    def get_hlo_module(self) -> HloModule:
        return HloModule(self._module, self._entry.name)

    def as_hlo_module(self) -> HloModule:
        return self.get_hlo_module()

    def as_hlo_text(self, print_large_constants: bool = False) -> str:
        return self.get_hlo_module().as_hlo_text(print_large_constants=print_large_constants)

    def program_shape(self) -> ProgramShape:
        params = [_shape(t) for t in self._entry.type.inputs]
        if self._use_tuple_args:
            params = [Shape.tuple_shape(params)]
        results = [_shape(t) for t in self._entry.type.results]
        if len(results) == 1 and not self._return_tuple:
            result = results[0]
        else:
            result = Shape.tuple_shape(results)
        return ProgramShape(params, result)

    def hash(self) -> int:
        digest = hashlib.sha256(self.as_hlo_text(print_large_constants=True).encode())
        return int.from_bytes(digest.digest()[:8], "little", signed=True)

    def as_serialized_hlo_module_proto(self) -> bytes:
        raise unimplemented("HloModuleProto serialization is not supported by this jaxlib "
                            "(it has no HLO protos); use as_hlo_text()")

    def as_hlo_dot_graph(self) -> str:
        raise unimplemented("HLO dot graphs are not supported by this jaxlib; "
                            "use as_hlo_text()")

    def __repr__(self) -> str:
        return f"XlaComputation({self.name()!r})"


def mlir_module_to_xla_computation(mlir_module: Any, use_tuple_args: bool = False,
                                   return_tuple: bool = False) -> XlaComputation:
    """The XlaComputation of an MLIR module (an ``ir.Module``, its text or
    the bytes ``write_bytecode`` wrote)."""
    from jaxlib._src.passes.async_ops import without_async_ops

    module = _parse(_module_text(mlir_module), "mlir_module_to_xla_computation")
    # (asynchronous ops as what they start, as XLA's HLO shows them)
    module = without_async_ops(module)
    return XlaComputation(module, "main", use_tuple_args=use_tuple_args,
                          return_tuple=return_tuple)


def hlo_module_cost_analysis(client: Any, module: HloModule) -> dict[str, Any]:
    """Cost estimates of a lowered module (jax's ``Lowered.cost_analysis``):
    the estimates compiled executables report, over the module as lowered."""
    from jaxlib._src.compiler.cost import cost_analysis

    if not isinstance(module, HloModule):
        raise TypeError(f"hlo_module_cost_analysis takes an HloModule, got "
                        f"{type(module).__name__}")
    return cost_analysis(module._module, _entry_function(module._module,
                                                         module._entry or "main"))


def _entry_function(module: Module, entry: str) -> Function:
    for func in module.functions:
        if func.name == entry and func.body is not None:
            return func
    for func in module.functions:
        if func.visibility == "public" and func.body is not None:
            return func
    raise invalid_argument("the module has no function with a body to be its entry "
                           "computation")


def _shape(t: Any) -> Shape:
    if isinstance(t, TokenType):
        return Shape.token_shape()
    if isinstance(t, TupleType):
        return Shape.tuple_shape([_shape(e) for e in t.types])
    if isinstance(t, TensorType):
        if any(d is None for d in t.shape):
            raise unimplemented(f"program shapes with dynamic dimensions ({t})")
        return Shape.array_shape(dtype_to_etype(numpy_dtype(t.element_type)), t.shape)
    raise unimplemented(f"program shapes of values of type {t}")



def hlo_to_stablehlo(computation: bytes | str) -> bytes:
    """An HLO module as StableHLO (``jax.extend.mlir.hlo_to_stablehlo``), in
    the form ``write_bytecode`` writes: MLIR text. Takes HLO text; an
    HloModuleProto is a named UNIMPLEMENTED error (this jaxlib models no HLO
    protos)."""
    from jaxlib._src.frontends.hlo_text import parse_hlo_module
    from jaxlib._src.frontends.stablehlo_syntax import pretty_form
    from jaxlib._src.ir.core import verify_module
    from jaxlib._src.ir.printer import print_module

    if isinstance(computation, (bytes, bytearray, memoryview)):
        try:
            text = bytes(computation).decode("utf-8")
        except UnicodeDecodeError:
            text = ""
    elif isinstance(computation, str):
        text = computation
    else:
        raise TypeError(f"expected HLO text as str or bytes, got {type(computation).__name__}")
    if not text.lstrip().startswith("HloModule"):
        raise unimplemented("hlo_to_stablehlo: HloModuleProto (serialized HLO) is not supported "
                            "by this jaxlib; pass the module as HLO text (HloModule ...)")
    try:
        module = parse_hlo_module(text)
        verify_module(module)
    except ValueError as err:  # a ParseError or VerificationError
        raise invalid_argument(f"hlo_to_stablehlo: {err}") from None
    return print_module(module, pretty=pretty_form).encode("utf-8")
