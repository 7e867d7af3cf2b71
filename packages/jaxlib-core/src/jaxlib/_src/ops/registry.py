"""Where each op is declared once: its verifier (type rule) and its reference
semantics, side by side.

An op module calls :func:`define_op` for each op it owns. The verifier goes to
the IR's ``OP_DEFS`` (so ``verify_module`` checks it); the reference
semantics is a *kernel factory*: given the operation and a lowering context,
it does the compile-time work once (reading attributes, compiling regions)
and returns the kernel that runs at execution time on numpy values.

Kernels take the operand values positionally and return a tuple with one value
per result. Tensors are numpy arrays (0-d arrays for scalars, never numpy
scalars), tokens are :data:`TOKEN`, tuples are Python tuples. A kernel that
runs nested regions needs the caller's frame: mark it with :func:`with_frame`
and it is called as ``kernel(frame, *operands)``.

Backends register faster kernels for the same names in their own tables; the
reference kernels stay as the test oracle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from jaxlib._src.ir.core import OpDef, Operation, Region, register_op
from jaxlib._src.ir.types import TensorType, numpy_dtype
from jaxlib._src.ops.signatures import parse_signature

Kernel = Callable[..., tuple]


class CompiledRegion(Protocol):
    """A region compiled against the enclosing frame layout."""

    def run(self, frame: list, args: tuple) -> tuple: ...


class LoweringContext(Protocol):
    """What a kernel factory may ask of the compiler at compile time."""

    def compile_region(self, region: Region) -> CompiledRegion: ...

    def function(self, name: str) -> Callable[..., tuple]: ...

    def custom_call_target(self, name: str) -> Any: ...


KernelFactory = Callable[[Operation, LoweringContext], Kernel]

REFERENCE_KERNELS: dict[str, KernelFactory] = {}


class _Token:
    """The value of ``!stablehlo.token``: ordering only, no data."""

    _instance: _Token | None = None

    def __new__(cls) -> _Token:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "TOKEN"


TOKEN = _Token()


def define_op(
    name: str,
    *,
    verify: Callable[[Operation], None] | None = None,
    reference: KernelFactory | None = None,
    **facts: Any,
) -> None:
    """Declares ``name`` with its verifier, reference kernel factory and the
    rest of its entry in the op table (``facts``: the other fields of
    :class:`OpDef`: traits, syntax, hlo, no_hlo, fused, element_kinds, cost,
    signature -- a spec string, see ops/signatures.py -- and infer)."""
    if isinstance(facts.get("signature"), str):
        facts["signature"] = parse_signature(facts["signature"])
    if "traits" in facts:
        facts["traits"] = frozenset(facts["traits"])
    register_op(OpDef(name, verify, **facts))
    if reference is not None:
        REFERENCE_KERNELS[name] = reference


def reference_for(*names: str, verify: Callable[[Operation], None] | None = None,
                  **facts: Any):
    """Decorator form of :func:`define_op` for a factory shared by ``names``."""

    def decorate(factory: KernelFactory) -> KernelFactory:
        for name in names:
            define_op(name, verify=verify, reference=factory, **facts)
        return factory

    return decorate


def with_frame(kernel: Callable[..., tuple]) -> Callable[..., tuple]:
    kernel.needs_frame = True  # type: ignore[attr-defined]
    return kernel


def result_dtype(op: Operation, index: int = 0) -> np.dtype:
    """The numpy storage dtype of result ``index`` of ``op``."""
    result_type = op.results[index].type
    if not isinstance(result_type, TensorType):
        raise TypeError(f"{op.name} result {index} is {result_type}, not a tensor")
    return numpy_dtype(result_type.element_type)


def result_shape(op: Operation, index: int = 0) -> tuple[int, ...]:
    result_type = op.results[index].type
    if not isinstance(result_type, TensorType) or not result_type.is_static:
        raise TypeError(f"{op.name} result {index} has no static shape: {result_type}")
    return tuple(result_type.shape)  # type: ignore[arg-type]


_RESERVED_DIALECTS = ("stablehlo.", "chlo.", "mhlo.", "func.", "quant.")


def register_op_extension(
    name: str,
    kernel_factory: KernelFactory,
    *,
    verify: Callable[[Operation], None] | None = None,
) -> None:
    """The public op-extension hook: gives an op of a dialect of the user's own
    (e.g. ``check.expect_eq``) a verifier and a kernel factory, exactly as the
    built-in ops declare theirs. Built-in dialects cannot be overridden."""
    if not isinstance(name, str) or "." not in name:
        raise ValueError(f"op extension names are 'dialect.op', got {name!r}")
    if name.startswith(_RESERVED_DIALECTS):
        raise ValueError(f"{name}: the {name.split('.')[0]} dialect is built in")
    if not callable(kernel_factory):
        raise TypeError(f"{name}: kernel_factory must be callable")
    define_op(name, verify=verify, reference=kernel_factory)
