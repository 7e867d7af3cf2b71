"""jaxlib._jax.ffi: the types jax.experimental.buffer_callback exports.

Buffer callbacks hand device buffers to Python during execution, which this
jaxlib's executor does not do; the types exist so jax can import and export
them, and constructing one raises."""

from __future__ import annotations

import enum
from typing import Any

from jaxlib._src.runtime.unsupported import unsupported


class ExecutionStage(enum.IntEnum):
    INSTANTIATE = 0
    PREPARE = 1
    INITIALIZE = 2
    EXECUTE = 3


class Buffer:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        unsupported("jaxlib._jax.ffi.Buffer (buffer callbacks)")


class ExecutionContext:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        unsupported("jaxlib._jax.ffi.ExecutionContext (buffer callbacks)")


__all__ = ["Buffer", "ExecutionContext", "ExecutionStage"]
