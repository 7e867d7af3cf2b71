"""jaxlib._jax.mlir: the portable-artifact and shape-refinement functions
``jax.export`` and jax's compile path call (``jax/_src/export/_export.py``,
``jax/_src/interpreters/mlir.py``). Implemented in
``jaxlib._src.jax_api.export_artifacts``."""

from jaxlib._src.jax_api.export_artifacts import (
    deserialize_portable_artifact,
    refine_polymorphic_shapes,
    serialize_portable_artifact,
)

__all__ = [
    "deserialize_portable_artifact",
    "refine_polymorphic_shapes",
    "serialize_portable_artifact",
]
