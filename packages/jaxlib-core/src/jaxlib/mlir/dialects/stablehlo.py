"""``stablehlo`` dialect: op builders generated from the op table, plus the
dialect's attribute and type classes."""

from __future__ import annotations

from typing import Any

from jaxlib._src.jax_api.mlir.dialect_builders import generate_dialect
from jaxlib._src.jax_api.mlir.stablehlo_attrs import (  # noqa: F401
    ChannelHandle,
    ComparisonDirectionAttr,
    ComparisonTypeAttr,
    ConvDimensionNumbers,
    DotAlgorithm,
    DotDimensionNumbers,
    FftTypeAttr,
    FutureType,
    GatherDimensionNumbers,
    OutputOperandAlias,
    PrecisionAttr,
    ResultAccuracyAttr,
    ResultAccuracyModeAttr,
    RngAlgorithmAttr,
    RngDistributionAttr,
    ScatterDimensionNumbers,
    StablehloCompatibilityRequirement,
    TokenType,
    TransposeAttr,
    TypeExtensions,
    get_api_version,
    get_current_version,
    get_minimum_version,
    get_smaller_version,
    get_version_from_compatibility_requirement,
)

generate_dialect("stablehlo", globals())

_GeneratedCompositeOp: Any = globals()["CompositeOp"]


class CompositeOp(_GeneratedCompositeOp):  # type: ignore[misc, valid-type]
    """As the real bindings: the decomposition regions default to none."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if len(args) < 5:
            kwargs.setdefault("num_composite_regions", 0)
        super().__init__(*args, **kwargs)


def register_dialect(context: Any = None, load: bool = True) -> None:
    """The dialect is always available here: nothing to register."""


def register_stablehlo_passes() -> None:
    """StableHLO's passes are not run through MLIR here: nothing to register."""
