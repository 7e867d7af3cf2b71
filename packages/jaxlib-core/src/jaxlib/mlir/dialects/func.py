"""``jaxlib.mlir.dialects.func``."""

from jaxlib._src.jax_api.mlir.func_dialect import CallOp, FuncOp, ReturnOp, call, return_

__all__ = ["CallOp", "FuncOp", "ReturnOp", "call", "return_"]
