"""``jaxlib.mlir.dialects.arith``: not supported by this jaxlib (importable only)."""

from jaxlib._src.jax_api.mlir import unsupported_dialect

__all__: list[str] = []
__getattr__ = unsupported_dialect(__name__, "arith")
