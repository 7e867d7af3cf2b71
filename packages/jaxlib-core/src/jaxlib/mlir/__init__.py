"""MLIR Python bindings as jax uses them, over this jaxlib's own IR."""
