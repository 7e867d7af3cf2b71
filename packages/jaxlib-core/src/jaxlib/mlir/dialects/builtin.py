"""``jaxlib.mlir.dialects.builtin``."""

from jaxlib._src.jax_api.mlir.func_dialect import ModuleOp

__all__ = ["ModuleOp"]
