"""``chlo`` dialect: op builders generated from the op table, plus CHLO's
attribute classes."""

from __future__ import annotations

from typing import Any

from jaxlib._src.jax_api.mlir.dialect_builders import generate_dialect
from jaxlib._src.jax_api.mlir.stablehlo_attrs import (
    ChloComparisonDirectionAttr as ComparisonDirectionAttr,
)
from jaxlib._src.jax_api.mlir.stablehlo_attrs import (
    ChloComparisonTypeAttr as ComparisonTypeAttr,
)
from jaxlib._src.jax_api.mlir.stablehlo_attrs import (
    ChloPrecisionAttr as PrecisionAttr,
)
from jaxlib._src.jax_api.mlir.stablehlo_attrs import (
    RaggedDotDimensionNumbers,
)

__all__ = ["ComparisonDirectionAttr", "ComparisonTypeAttr", "PrecisionAttr",
           "RaggedDotDimensionNumbers", "register_chlo_dialect", "register_dialect"]

__all__ += list(generate_dialect("chlo", globals()))


def register_dialect(context: Any = None, load: bool = True) -> None:
    """The dialect is always available here: nothing to register."""


def register_chlo_dialect(context: Any = None, load: bool = True) -> None:
    """The dialect is always available here: nothing to register."""
