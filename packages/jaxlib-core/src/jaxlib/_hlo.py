"""jaxlib._hlo: HLO-level types jax reads when ``xla_client._version >= 457``
(shardings, layouts, shapes, the HLO printer's options)."""

from jaxlib._src.runtime.hlo_print import HloPrintOptions
from jaxlib._src.runtime.sharding import HloSharding, OpSharding
from jaxlib._src.runtime.types import Layout, PrimitiveType, ProgramShape, Shape

__all__ = [
    "HloPrintOptions", "HloSharding", "Layout", "OpSharding", "PrimitiveType",
    "ProgramShape", "Shape",
]
