"""``jaxlib.mlir.ir`` (implemented in jaxlib._src.jax_api.mlir.ir)."""

from jaxlib._src.jax_api.mlir.ir import *  # noqa: F403
from jaxlib._src.jax_api.mlir.ir import __all__  # noqa: F401
