"""``sdy`` (Shardy) dialect: op builders generated from the op table, plus
the sharding attribute classes."""

from __future__ import annotations

from typing import Any

from jaxlib._src.jax_api.mlir.dialect_builders import generate_dialect
from jaxlib._src.jax_api.mlir.sdy_attrs import (  # noqa: F401
    AxisRefAttr,
    CompatibilityRequirement,
    DimensionShardingAttr,
    DimMappingAttr,
    ManualAxesAttr,
    MeshAttr,
    MeshAxisAttr,
    OpShardingRuleAttr,
    SubAxisInfoAttr,
    TensorMappingAttr,
    TensorShardingAttr,
    TensorShardingPerValueAttr,
)

generate_dialect("sdy", globals())


def register_dialect(context: Any = None, load: bool = True) -> None:
    """The dialect is always available here: nothing to register."""
