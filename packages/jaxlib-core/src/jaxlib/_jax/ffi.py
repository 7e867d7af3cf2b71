"""jaxlib._jax.ffi: the types jax.experimental.buffer_callback exports (the
callback's execution context and buffers, _src/ops/ffi_buffers.py)."""

from __future__ import annotations

from jaxlib._src.ops.ffi_buffers import Buffer, ExecutionContext, ExecutionStage

__all__ = ["Buffer", "ExecutionContext", "ExecutionStage"]
