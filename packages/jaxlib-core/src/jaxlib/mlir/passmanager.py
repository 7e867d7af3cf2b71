"""``jaxlib.mlir.passmanager`` (implemented in jaxlib._src.jax_api.mlir.passmanager)."""

from jaxlib._src.jax_api.mlir.passmanager import PassManager

__all__ = ["PassManager"]
