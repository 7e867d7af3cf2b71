"""The table of op lowerings to native kernels.

A native lowering looks at one operation at compile time and returns the
:class:`NativeKernel` that runs it (a name registered in ``csrc/cpu/kernels``
and its parameters), or ``None`` when it does not handle this variant; the
executor then runs the op's reference kernel. The families in ``native_ops/``
register theirs with ``@native_lowering``; ``native.py`` imports them, builds
the kernels and answers ``lower_op``. This module imports neither, so the
families and ``native.py`` do not import each other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jaxlib._src.ir.core import Operation


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
