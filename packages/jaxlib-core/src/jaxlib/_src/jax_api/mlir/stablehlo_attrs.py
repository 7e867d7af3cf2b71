"""StableHLO / CHLO attribute and type classes of the MLIR Python API, over
the core attribute values of ir/attributes.py (the same values the MLIR text
parser builds, so built and parsed modules are alike)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, ClassVar

from jaxlib._src.ir import attributes as core
from jaxlib._src.ir import types as core_types
from jaxlib._src.jax_api.mlir import ir

_DYNAMIC = -9223372036854775808  # ShapedType.get_dynamic_size()


class _CoreAttribute(ir.Attribute):
    """An attribute class whose instances wrap core values of ``_CORE``."""

    __slots__ = ()
    _CORE: ClassVar[type | tuple[type, ...]] = ()

    @classmethod
    def _matches(cls, core_value: Any) -> bool:  # isinstance()/cast predicate
        return isinstance(core_value, cls._CORE)

    @classmethod
    def _make(cls, value: Any) -> Any:
        return cls._from_core(value)


class _EnumAttribute(_CoreAttribute):
    """``#stablehlo<kind VALUE>``: ``.get("LT")`` and ``.value``."""

    _DIALECT: ClassVar[str] = "stablehlo"

    @classmethod
    def _matches(cls, core_value: Any) -> bool:
        return _enum_of(cls)(core_value)

    @classmethod
    def get(cls, value: str, context: Any = None) -> Any:
        return cls._make(cls._CORE(value, cls._DIALECT))  # type: ignore[operator]

    @property
    def value(self) -> str:
        return self._core.value


def _enum(name: str, core_class: type, dialect: str = "stablehlo") -> type:
    cls = type(name, (_EnumAttribute,), {"_CORE": core_class, "_DIALECT": dialect})
    cls.__module__ = __name__
    return cls


ComparisonDirectionAttr = _enum("ComparisonDirectionAttr", core.ComparisonDirection)
ComparisonTypeAttr = _enum("ComparisonTypeAttr", core.ComparisonType)
PrecisionAttr = _enum("PrecisionAttr", core.Precision)
FftTypeAttr = _enum("FftTypeAttr", core.FftType)
RngAlgorithmAttr = _enum("RngAlgorithmAttr", core.RngAlgorithm)
RngDistributionAttr = _enum("RngDistributionAttr", core.RngDistribution)
TransposeAttr = _enum("TransposeAttr", core.Transpose)

# CHLO's own enum attributes print as #chlo<...>.
ChloComparisonDirectionAttr = _enum("ComparisonDirectionAttr", core.ComparisonDirection, "chlo")
ChloComparisonTypeAttr = _enum("ComparisonTypeAttr", core.ComparisonType, "chlo")
ChloPrecisionAttr = _enum("PrecisionAttr", core.Precision, "chlo")


class _Structured(_CoreAttribute):
    """A structured attribute (a frozen dataclass of ir/attributes.py) whose
    fields read back as properties."""

    def __getattr__(self, name: str) -> Any:
        core_value = object.__getattribute__(self, "_core")
        if name in getattr(core_value, "__dataclass_fields__", {}):
            value = getattr(core_value, name)
            return list(value) if isinstance(value, tuple) else value
        raise AttributeError(name)


def _ints(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


class DotDimensionNumbers(_Structured):
    _CORE = core.DotDimensionNumbers

    @classmethod
    def get(cls, lhs_batching_dimensions: Sequence[int], rhs_batching_dimensions: Sequence[int],
            lhs_contracting_dimensions: Sequence[int], rhs_contracting_dimensions: Sequence[int],
            context: Any = None) -> DotDimensionNumbers:
        return cls._make(core.DotDimensionNumbers(
            _ints(lhs_batching_dimensions), _ints(rhs_batching_dimensions),
            _ints(lhs_contracting_dimensions), _ints(rhs_contracting_dimensions)))


class RaggedDotDimensionNumbers(_Structured):
    _CORE = core.RaggedDotDimensionNumbers

    @classmethod
    def get(cls, lhs_batching_dimensions: Sequence[int], rhs_batching_dimensions: Sequence[int],
            lhs_contracting_dimensions: Sequence[int], rhs_contracting_dimensions: Sequence[int],
            lhs_ragged_dimensions: Sequence[int], rhs_group_dimensions: Sequence[int],
            context: Any = None) -> RaggedDotDimensionNumbers:
        return cls._make(core.RaggedDotDimensionNumbers(
            _ints(lhs_batching_dimensions), _ints(rhs_batching_dimensions),
            _ints(lhs_contracting_dimensions), _ints(rhs_contracting_dimensions),
            _ints(lhs_ragged_dimensions), _ints(rhs_group_dimensions)))


class GatherDimensionNumbers(_Structured):
    _CORE = core.GatherDimensionNumbers

    @classmethod
    def get(cls, offset_dims: Sequence[int], collapsed_slice_dims: Sequence[int],
            operand_batching_dims: Sequence[int], start_indices_batching_dims: Sequence[int],
            start_index_map: Sequence[int], index_vector_dim: int,
            context: Any = None) -> GatherDimensionNumbers:
        return cls._make(core.GatherDimensionNumbers(
            _ints(offset_dims), _ints(collapsed_slice_dims), _ints(operand_batching_dims),
            _ints(start_indices_batching_dims), _ints(start_index_map), int(index_vector_dim)))


class ScatterDimensionNumbers(_Structured):
    _CORE = core.ScatterDimensionNumbers

    @classmethod
    def get(cls, update_window_dims: Sequence[int], inserted_window_dims: Sequence[int],
            input_batching_dims: Sequence[int], scatter_indices_batching_dims: Sequence[int],
            scattered_dims_to_operand_dims: Sequence[int], index_vector_dim: int,
            context: Any = None) -> ScatterDimensionNumbers:
        return cls._make(core.ScatterDimensionNumbers(
            _ints(update_window_dims), _ints(inserted_window_dims), _ints(input_batching_dims),
            _ints(scatter_indices_batching_dims), _ints(scattered_dims_to_operand_dims),
            int(index_vector_dim)))

    @property
    def scattered_dims_to_operand_dims(self) -> list[int]:
        return list(self._core.scatter_dims_to_operand_dims)


class ConvDimensionNumbers(_Structured):
    _CORE = core.ConvDimensionNumbers

    @classmethod
    def get(cls, input_batch_dimension: int, input_feature_dimension: int,
            input_spatial_dimensions: Sequence[int], kernel_input_feature_dimension: int,
            kernel_output_feature_dimension: int, kernel_spatial_dimensions: Sequence[int],
            output_batch_dimension: int, output_feature_dimension: int,
            output_spatial_dimensions: Sequence[int], context: Any = None
            ) -> ConvDimensionNumbers:
        return cls._make(core.ConvDimensionNumbers(
            int(input_batch_dimension), int(input_feature_dimension),
            _ints(input_spatial_dimensions), int(kernel_input_feature_dimension),
            int(kernel_output_feature_dimension), _ints(kernel_spatial_dimensions),
            int(output_batch_dimension), int(output_feature_dimension),
            _ints(output_spatial_dimensions)))


class ChannelHandle(_Structured):
    _CORE = core.ChannelHandle

    @classmethod
    def get(cls, handle: int, type: int, context: Any = None) -> ChannelHandle:
        return cls._make(core.ChannelHandle(int(handle), int(type)))

    @property
    def channel_type(self) -> int:
        return self._core.type


def _element_type(t: Any) -> str:
    value = t._core if isinstance(t, ir.Type) else t
    if not isinstance(value, str):
        raise TypeError(f"expected an element type, got {t}")
    return value


class DotAlgorithm(_Structured):
    _CORE = core.DotAlgorithm

    @classmethod
    def get(cls, lhs_precision_type: Any, rhs_precision_type: Any, accumulation_type: Any,
            lhs_component_count: int, rhs_component_count: int, num_primitive_operations: int,
            allow_imprecise_accumulation: bool, context: Any = None) -> DotAlgorithm:
        return cls._make(core.DotAlgorithm(
            _element_type(lhs_precision_type), _element_type(rhs_precision_type),
            _element_type(accumulation_type), int(lhs_component_count),
            int(rhs_component_count), int(num_primitive_operations),
            bool(allow_imprecise_accumulation)))

    def __getattr__(self, name: str) -> Any:
        value = _Structured.__getattr__(self, name)
        if name.endswith("_type"):
            return ir.wrap_type(value)
        return value


class OutputOperandAlias(_Structured):
    _CORE = core.OutputOperandAlias

    @classmethod
    def get(cls, output_tuple_indices: Sequence[int], operand_index: int,
            operand_tuple_indices: Sequence[int], ctx: Any = None) -> OutputOperandAlias:
        return cls._make(core.OutputOperandAlias(
            _ints(output_tuple_indices), int(operand_index), _ints(operand_tuple_indices)))


class TypeExtensions(_Structured):
    _CORE = core.TypeExtensions

    @classmethod
    def get(cls, bounds: Sequence[int], context: Any = None) -> TypeExtensions:
        return cls._make(core.TypeExtensions(
            tuple(None if int(b) == _DYNAMIC else int(b) for b in bounds)))

    @property
    def bounds(self) -> list[int]:
        return [_DYNAMIC if b is None else b for b in self._core.bounds]


# Result accuracy has no meaning for this jaxlib's kernels: kept verbatim as
# the text MLIR prints, which the text parser also keeps (OpaqueAttribute).
_ACCURACY_MODES = ("DEFAULT", "HIGHEST", "TOLERANCE")


def _opaque_with(prefix: str) -> Any:
    return lambda a: isinstance(a, core.OpaqueAttribute) and a.text.startswith(prefix)


class ResultAccuracyModeAttr(_CoreAttribute):
    _PREFIX = "#stablehlo.result_accuracy_mode<"

    @classmethod
    def _matches(cls, core_value: Any) -> bool:
        return _opaque_with(cls._PREFIX)(core_value)

    @classmethod
    def get(cls, value: str, context: Any = None) -> ResultAccuracyModeAttr:
        if value not in _ACCURACY_MODES:
            raise ValueError(f"unknown result accuracy mode {value!r}")
        return cls._make(core.OpaqueAttribute(f"{cls._PREFIX}{value}>"))

    @property
    def value(self) -> str:
        return self._core.text[len(self._PREFIX):-1]


def _format_float(value: float) -> str:
    return f"{value:.6e}"


class ResultAccuracyAttr(_CoreAttribute):
    _PREFIX = "#stablehlo.result_accuracy<"

    @classmethod
    def _matches(cls, core_value: Any) -> bool:
        return _opaque_with(cls._PREFIX)(core_value)

    @classmethod
    def get(cls, atol: float, rtol: float, ulps: int, mode: str,
            context: Any = None) -> ResultAccuracyAttr:
        if mode not in _ACCURACY_MODES:
            raise ValueError(f"unknown result accuracy mode {mode!r}")
        fields = []
        if atol:
            fields.append(f"atol = {_format_float(atol)}")
        if rtol:
            fields.append(f"rtol = {_format_float(rtol)}")
        if ulps:
            fields.append(f"ulps = {int(ulps)}")
        fields.append(f"mode = #stablehlo.result_accuracy_mode<{mode}>")
        return cls._make(core.OpaqueAttribute(cls._PREFIX + ", ".join(fields) + ">"))

    def _field(self, name: str) -> Any:
        import re

        text = self._core.text
        if name == "mode":
            return re.search(r"result_accuracy_mode<(\w+)>", text).group(1)  # type: ignore
        m = re.search(rf"\b{name} = ([^,>]+)", text)
        if not m:
            return 0 if name == "ulps" else 0.0
        return int(m.group(1)) if name == "ulps" else float(m.group(1))

    atol = property(lambda self: self._field("atol"))
    rtol = property(lambda self: self._field("rtol"))
    ulps = property(lambda self: self._field("ulps"))
    mode = property(lambda self: self._field("mode"))


class TokenType(ir.Type):
    """``!stablehlo.token``."""

    @classmethod
    def get(cls, context: Any = None) -> TokenType:
        return cls._from_core(core_types.TokenType())

    __slots__ = ()

    @classmethod
    def _matches(cls, core_value: Any) -> bool:
        return isinstance(core_value, core_types.TokenType)


class FutureType(ir.Type):
    """``!stablehlo.future<...>``: what ``stablehlo.async_start`` returns."""

    @classmethod
    def get(cls, types: Sequence[Any], context: Any = None) -> FutureType:
        return cls._from_core(core_types.FutureType(tuple(t._core for t in types)))

    __slots__ = ()

    @classmethod
    def _matches(cls, core_value: Any) -> bool:
        return isinstance(core_value, core_types.FutureType)

    @property
    def types(self) -> list[ir.Type]:
        return [ir.wrap_type(t) for t in self._core.types]


# --- versions ----------------------------------------------------------------------
# The StableHLO versions this jaxlib reads and writes are those of the
# reference release (its compatibility windows), so exports agree.

CURRENT_VERSION = "1.17.0"
MINIMUM_VERSION = "0.9.0"
API_VERSION = 9


class StablehloCompatibilityRequirement(enum.Enum):
    NONE = 0
    WEEK_4 = 1
    WEEK_12 = 2
    MAX = 3


_REQUIREMENT_VERSIONS = {"NONE": CURRENT_VERSION, "WEEK_4": "1.15.0", "WEEK_12": "1.13.7",
                         "MAX": MINIMUM_VERSION}


def get_version_from_compatibility_requirement(requirement: Any) -> str:
    return _REQUIREMENT_VERSIONS[requirement.name]


def _version_key(version: str) -> tuple[int, ...]:
    try:
        return tuple(int(p) for p in version.split("."))
    except ValueError:
        raise ValueError(f"invalid StableHLO version {version!r}") from None


def get_smaller_version(version1: str, version2: str) -> str:
    return version1 if _version_key(version1) <= _version_key(version2) else version2


def get_current_version() -> str:
    return CURRENT_VERSION


def get_minimum_version() -> str:
    return MINIMUM_VERSION


def get_api_version() -> int:
    return API_VERSION


def _enum_of(cls: Any) -> Any:
    return lambda a: isinstance(a, cls._CORE) and a.dialect == cls._DIALECT


def register_wrappers() -> None:
    """Makes ``ir.wrap_attribute`` return these classes for their core values."""
    for cls in (ComparisonDirectionAttr, ComparisonTypeAttr, PrecisionAttr, FftTypeAttr,
                RngAlgorithmAttr, RngDistributionAttr, TransposeAttr,
                ChloComparisonDirectionAttr, ChloComparisonTypeAttr, ChloPrecisionAttr):
        ir.register_attribute_wrapper(_enum_of(cls), cls)
    for cls in (DotDimensionNumbers, RaggedDotDimensionNumbers, GatherDimensionNumbers,
                ScatterDimensionNumbers, ConvDimensionNumbers, ChannelHandle, DotAlgorithm,
                OutputOperandAlias, TypeExtensions):
        ir.register_attribute_wrapper(cls._CORE, cls)
    ir.register_attribute_wrapper(_opaque_with(ResultAccuracyModeAttr._PREFIX),
                                  ResultAccuracyModeAttr)
    ir.register_attribute_wrapper(_opaque_with(ResultAccuracyAttr._PREFIX), ResultAccuracyAttr)
    ir.register_type_wrapper(core_types.TokenType, TokenType)


register_wrappers()
