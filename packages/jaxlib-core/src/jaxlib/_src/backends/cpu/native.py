"""The native half of the CPU backend: loading ``jaxlib._cpu`` and the table of
op lowerings to native kernels.

A native lowering looks at one operation at compile time and returns the
native kernel that runs it (a name registered in ``csrc/cpu/kernels`` and its
parameters), or ``None`` when it does not handle this variant; the executor
then runs the op's reference kernel. ``$JAXLIB_CPU_EXTENSION`` names a
development build of the extension to load instead of the installed one
(``tools/devbuild.sh``).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np

from jaxlib._src.ir.core import Operation
from jaxlib._src.ir.types import TensorType, numpy_dtype


def _load_extension() -> ModuleType:
    path = os.environ.get("JAXLIB_CPU_EXTENSION")
    if path:
        spec = importlib.util.spec_from_file_location("jaxlib._cpu", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules["jaxlib._cpu"] = module
        return module
    from jaxlib import _cpu

    return _cpu


cpu = _load_extension()


@dataclass
class NativeKernel:
    """A native kernel for one op (or a fused group): its registered name and
    the parameters its factory reads."""

    name: str
    params: dict[str, Any] = field(default_factory=dict)


NativeLowering = Callable[[Operation], "NativeKernel | None"]

NATIVE_LOWERINGS: dict[str, NativeLowering] = {}


def native_lowering(*op_names: str) -> Callable[[NativeLowering], NativeLowering]:
    """Registers a function lowering the named ops to native kernels."""

    def register(fn: NativeLowering) -> NativeLowering:
        for name in op_names:
            NATIVE_LOWERINGS[name] = fn
        return fn

    return register


@functools.cache
def dtype_name(element_type: str) -> str:
    """The numpy name of an IR element type (``f32`` -> ``float32``)."""
    return np.dtype(numpy_dtype(element_type)).name


def tensor_spec(t: Any) -> tuple[str, tuple[int, ...]]:
    """The (numpy dtype name, shape) spec of a static tensor type."""
    if not isinstance(t, TensorType) or not t.is_static or not isinstance(t.element_type, str):
        raise NotImplementedError(f"{t} is not a statically shaped tensor of a plain type")
    return dtype_name(t.element_type), tuple(int(d) for d in t.shape)


def build_kernel(kernel: NativeKernel, operand_types: list[Any], result_types: list[Any]) -> Any:
    """Builds ``kernel`` for these operand and result types; raises
    NotImplementedError when the native side lacks the variant."""
    return cpu.make_kernel(kernel.name, kernel.params,
                           [tensor_spec(t) for t in operand_types],
                           [tensor_spec(t) for t in result_types])


def lower_op(op: Operation) -> Any | None:
    """The built native kernel for ``op``, or None to use its reference kernel."""
    lowering = NATIVE_LOWERINGS.get(op.name)
    if lowering is None:
        return None
    try:
        kernel = lowering(op)
        if kernel is None:
            return None
        return build_kernel(kernel, [v.type for v in op.operands], [r.type for r in op.results])
    except NotImplementedError:
        return None


def run_native(kernel: Any, inputs: list[np.ndarray], output_specs: list[Any]) -> list[np.ndarray]:
    """Runs a built kernel on numpy inputs into fresh outputs (tests, folding)."""
    outputs = [np.empty(shape, dtype) for dtype, shape in output_specs]
    cpu.run_kernel(kernel, [np.require(a, requirements="C") for a in inputs], outputs)
    return outputs


def warm_up() -> None:
    """One-time set-up of the native kernels (BLAS function lookups), so that
    the first compilation does not pay for it."""
    from jaxlib._src.backends.cpu.native_ops import dot

    for element_type in ("f32", "f64"):
        dot.gemm_address(element_type)
    # Modules the first compilation would otherwise import.
    importlib.import_module("jaxlib._src.frontends.stablehlo_syntax")
    importlib.import_module("jaxlib._src.runtime.executable")


def _register_families() -> None:
    from jaxlib._src.backends.cpu import native_ops  # noqa: F401  (registers lowerings)


_register_families()
