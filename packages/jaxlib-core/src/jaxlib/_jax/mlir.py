"""jaxlib._jax.mlir: the portable-artifact and shape-refinement functions
``jax.export`` and jax's compile path call (``jax/_src/export/_export.py``,
``jax/_src/interpreters/mlir.py``), implemented in
``jaxlib._src.jax_api.export_artifacts``, and the HLO view of a lowering
(``jax/_src/stages.py``), in ``jaxlib._src.jax_api.xla_computation``."""

from jaxlib._src.jax_api.export_artifacts import (
    deserialize_portable_artifact,
    refine_polymorphic_shapes,
    serialize_portable_artifact,
)
from jaxlib._src.jax_api.xla_computation import hlo_to_stablehlo, mlir_module_to_xla_computation

__all__ = [
    "deserialize_portable_artifact",
    "hlo_to_stablehlo",
    "mlir_module_to_xla_computation",
    "refine_polymorphic_shapes",
    "serialize_portable_artifact",
]
