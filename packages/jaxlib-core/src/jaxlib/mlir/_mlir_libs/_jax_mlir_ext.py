"""``_jax_mlir_ext`` (implemented in jaxlib._src.jax_api.mlir.jax_mlir_ext)."""

from jaxlib._src.jax_api.mlir.jax_mlir_ext import (
    TracebackToLocationCache,
    arith_constant,
    enter_multi_threaded_execution,
    exit_multi_threaded_execution,
    inlined_func_call,
    register_dialects,
)

__all__ = ["TracebackToLocationCache", "arith_constant", "enter_multi_threaded_execution",
           "exit_multi_threaded_execution", "inlined_func_call", "register_dialects"]
