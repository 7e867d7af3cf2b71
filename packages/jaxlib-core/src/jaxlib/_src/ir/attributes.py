"""Attribute values of the IR.

Plain Python values wherever MLIR's meaning is plain:

| MLIR                         | Python                                    |
| ---------------------------- | ----------------------------------------- |
| ``true`` / ``false``         | ``bool``                                  |
| ``3 : i32``                  | :class:`IntegerAttr` (an ``int`` that remembers its type) |
| ``1.5 : f32``                | :class:`FloatAttr` (a ``float`` with a type) |
| ``"text"``                   | ``str``                                   |
| ``[a, b]``                   | ``list``                                  |
| ``{k = v}``                  | ``dict``                                  |
| ``array<i64: 1, 2>``         | :class:`DenseArray` (a ``tuple`` with an element type) |
| ``dense<...> : tensor<..>``  | :class:`DenseElements` (numpy array + type) |
| ``@f``                       | :class:`SymbolRef`                        |
| ``unit``                     | :data:`UNIT`                              |
| ``tensor<f32>`` (a type)     | the type object itself                    |

Enums are small typed wrappers (:class:`ComparisonDirection` ...), structured
attributes are frozen dataclasses (:class:`DotDimensionNumbers` ...), and any
dialect attribute without a meaning here is kept verbatim as
:class:`OpaqueAttribute`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

import numpy as np

from jaxlib._src.ir.types import TensorType


class IntegerAttr(int):
    """An integer attribute: behaves as ``int``, remembers its MLIR type."""

    type: str

    def __new__(cls, value: int, type: str = "i64") -> IntegerAttr:
        self = super().__new__(cls, value)
        self.type = type
        return self

    def __repr__(self) -> str:
        return f"IntegerAttr({int(self)}, {self.type!r})"


class FloatAttr(float):
    """A float attribute: behaves as ``float``, remembers its MLIR type."""

    type: str

    def __new__(cls, value: float, type: str = "f64") -> FloatAttr:
        self = super().__new__(cls, value)
        self.type = type
        return self

    def __repr__(self) -> str:
        return f"FloatAttr({float(self)!r}, {self.type!r})"


class DenseArray(tuple):
    """``array<i64: 1, 2>``: a tuple of ints (or bools for ``i1``) with its
    element type. Distinct from a ``list`` (MLIR's ArrayAttr) on purpose."""

    element_type: str

    def __new__(cls, element_type: str, values: Any = ()) -> DenseArray:
        self = super().__new__(cls, values)
        self.element_type = element_type
        return self

    def __repr__(self) -> str:
        return f"DenseArray({self.element_type!r}, {tuple(self)!r})"

    def __getnewargs__(self) -> tuple:  # keeps copy/pickle working
        return (self.element_type, tuple(self))


def i64_array(values: Any) -> DenseArray:
    return DenseArray("i64", tuple(int(v) for v in values))


class ElementTypeAttr(str):
    """A scalar element type used as an attribute (MLIR's TypeAttr of ``f32``):
    its spelling, marked so that it prints bare (``dtype = f32``) rather than
    as the string ``"f32"``. It compares equal to the plain spelling."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"ElementTypeAttr({str.__repr__(self)})"


class _Unit:
    """MLIR's unit attribute: present means true (``{use_global_device_ids}``)."""

    _instance: ClassVar[_Unit | None] = None

    def __new__(cls) -> _Unit:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNIT"


UNIT = _Unit()


@dataclass(frozen=True)
class SymbolRef:
    """``@name`` (``nested`` holds the rest of ``@a::@b``)."""

    name: str
    nested: tuple[str, ...] = ()


@dataclass(frozen=True)
class OpaqueAttribute:
    """A dialect attribute kept as its source text, e.g. ``#sdy.sharding<...>``."""

    text: str


@dataclass(frozen=True, eq=False)
class DenseElements:
    """``dense<...> : tensor<...>``: a numpy array holding the elements (numpy
    or ml_dtypes storage dtype) together with the tensor type.

    A splat literal (``dense<1.0> : tensor<250000000xf32>``) is made by
    :meth:`splat`: its array is a read-only broadcast view of one element
    (all strides 0), so it costs one element until a kernel materializes it.
    Code that may meet huge constants reads :attr:`splat_value` instead of
    copying ``array``."""

    array: np.ndarray
    type: TensorType

    def __post_init__(self) -> None:
        if tuple(self.array.shape) != tuple(self.type.shape):
            raise ValueError(f"dense array of shape {self.array.shape} does not match {self.type}")

    @classmethod
    def splat(cls, value: Any, type: TensorType, dtype: Any = None) -> DenseElements:
        """``value`` (one element) repeated over ``type``'s shape, symbolically."""
        scalar = np.array(value, dtype=dtype).reshape(())
        scalar.flags.writeable = False
        return cls(np.broadcast_to(scalar, tuple(type.shape)), type)

    @property
    def is_symbolic_splat(self) -> bool:
        """Whether the array is one element broadcast (held by :meth:`splat`),
        which must not be copied whole at compile time."""
        array = self.array
        return array.size > 1 and not any(array.strides)

    @property
    def splat_value(self) -> np.ndarray | None:
        """The repeated element as a 0-d array when every element is equal
        (bitwise), else None. O(1) for a symbolic splat."""
        array = self.array
        if array.size == 0:
            return None
        first = array.reshape(-1)[:1].reshape(())
        if array.size == 1 or not any(array.strides):
            return first
        raw = np.ascontiguousarray(array).reshape(-1).view(np.uint8).reshape(array.size, -1)
        return first if bool((raw == raw[0]).all()) else None

    @property
    def is_splat(self) -> bool:
        return self.splat_value is not None

    def _key(self) -> tuple:
        """What equality and hashing compare: a splat by its one element (so
        a symbolic and a materialized splat are equal), else all bytes."""
        value = self.splat_value if self.array.size > 1 else None
        if value is not None:
            return (self.type, self.array.dtype, "splat", value.tobytes())
        return (self.type, self.array.dtype, "dense", self.array.tobytes())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DenseElements):
            return NotImplemented
        if self is other:
            return True
        if self.type != other.type or self.array.dtype != other.array.dtype:
            return False
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


# --- enums -----------------------------------------------------------------


@dataclass(frozen=True)
class EnumAttr:
    """``#stablehlo<kind VALUE>``. Subclasses fix the kind and legal values."""

    value: str
    dialect: str = "stablehlo"
    kind: ClassVar[str] = ""
    choices: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        if self.value not in self.choices:
            raise ValueError(f"{self.value!r} is not a {self.kind} (expected one of "
                             f"{', '.join(self.choices)})")


class ComparisonDirection(EnumAttr):
    kind = "comparison_direction"
    choices = ("EQ", "NE", "GE", "GT", "LE", "LT")


class ComparisonType(EnumAttr):
    kind = "comparison_type"
    choices = ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED")


class Precision(EnumAttr):
    kind = "precision"
    choices = ("DEFAULT", "HIGH", "HIGHEST")


class FftType(EnumAttr):
    kind = "fft_type"
    choices = ("FFT", "IFFT", "RFFT", "IRFFT")


class RngAlgorithm(EnumAttr):
    kind = "rng_algorithm"
    choices = ("DEFAULT", "THREE_FRY", "PHILOX")


class RngDistribution(EnumAttr):
    kind = "rng_distribution"
    choices = ("UNIFORM", "NORMAL")


class Transpose(EnumAttr):
    kind = "transpose"
    choices = ("TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT")


ENUM_KINDS: dict[str, type[EnumAttr]] = {
    cls.kind: cls
    for cls in (ComparisonDirection, ComparisonType, Precision, FftType, RngAlgorithm,
                RngDistribution, Transpose)
}


# --- structured attributes -------------------------------------------------
# Each is ``#mnemonic<key = value, ...>`` in MLIR; fields left at their default
# are omitted when printed, as MLIR does.


def _dims() -> Any:
    return field(default=())


@dataclass(frozen=True)
class DotDimensionNumbers:
    mnemonic: ClassVar[str] = "stablehlo.dot"
    lhs_batching_dimensions: tuple[int, ...] = _dims()
    rhs_batching_dimensions: tuple[int, ...] = _dims()
    lhs_contracting_dimensions: tuple[int, ...] = _dims()
    rhs_contracting_dimensions: tuple[int, ...] = _dims()


@dataclass(frozen=True)
class RaggedDotDimensionNumbers:
    mnemonic: ClassVar[str] = "chlo.ragged_dot"
    lhs_batching_dimensions: tuple[int, ...] = _dims()
    rhs_batching_dimensions: tuple[int, ...] = _dims()
    lhs_contracting_dimensions: tuple[int, ...] = _dims()
    rhs_contracting_dimensions: tuple[int, ...] = _dims()
    lhs_ragged_dimensions: tuple[int, ...] = _dims()
    rhs_group_dimensions: tuple[int, ...] = _dims()


@dataclass(frozen=True)
class GatherDimensionNumbers:
    mnemonic: ClassVar[str] = "stablehlo.gather"
    offset_dims: tuple[int, ...] = _dims()
    collapsed_slice_dims: tuple[int, ...] = _dims()
    operand_batching_dims: tuple[int, ...] = _dims()
    start_indices_batching_dims: tuple[int, ...] = _dims()
    start_index_map: tuple[int, ...] = _dims()
    index_vector_dim: int = 0


@dataclass(frozen=True)
class ScatterDimensionNumbers:
    mnemonic: ClassVar[str] = "stablehlo.scatter"
    update_window_dims: tuple[int, ...] = _dims()
    inserted_window_dims: tuple[int, ...] = _dims()
    input_batching_dims: tuple[int, ...] = _dims()
    scatter_indices_batching_dims: tuple[int, ...] = _dims()
    scatter_dims_to_operand_dims: tuple[int, ...] = _dims()
    index_vector_dim: int = 0


@dataclass(frozen=True)
class ConvDimensionNumbers:
    """Printed as ``#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>``."""

    mnemonic: ClassVar[str] = "stablehlo.conv"
    input_batch_dimension: int = 0
    input_feature_dimension: int = 0
    input_spatial_dimensions: tuple[int, ...] = _dims()
    kernel_input_feature_dimension: int = 0
    kernel_output_feature_dimension: int = 0
    kernel_spatial_dimensions: tuple[int, ...] = _dims()
    output_batch_dimension: int = 0
    output_feature_dimension: int = 0
    output_spatial_dimensions: tuple[int, ...] = _dims()


@dataclass(frozen=True)
class ChannelHandle:
    mnemonic: ClassVar[str] = "stablehlo.channel_handle"
    handle: int = 0
    type: int = 0


@dataclass(frozen=True)
class DotAlgorithm:
    mnemonic: ClassVar[str] = "stablehlo.dot_algorithm"
    lhs_precision_type: str = "f32"
    rhs_precision_type: str = "f32"
    accumulation_type: str = "f32"
    lhs_component_count: int = 1
    rhs_component_count: int = 1
    num_primitive_operations: int = 1
    allow_imprecise_accumulation: bool = False


@dataclass(frozen=True)
class OutputOperandAlias:
    mnemonic: ClassVar[str] = "stablehlo.output_operand_alias"
    output_tuple_indices: tuple[int, ...] = _dims()
    operand_index: int = 0
    operand_tuple_indices: tuple[int, ...] = _dims()


@dataclass(frozen=True)
class TypeExtensions:
    """Tensor encoding with upper bounds of dynamic dimensions (None: unbounded)."""

    mnemonic: ClassVar[str] = "stablehlo.type_extensions"
    bounds: tuple[int | None, ...] = _dims()


STRUCTURED_ATTRIBUTES: dict[str, type] = {
    cls.mnemonic: cls  # type: ignore[attr-defined]
    for cls in (DotDimensionNumbers, RaggedDotDimensionNumbers, GatherDimensionNumbers,
                ScatterDimensionNumbers, ChannelHandle, DotAlgorithm, OutputOperandAlias,
                TypeExtensions)
}

# Fields that must always be printed (MLIR's parser requires them).
REQUIRED_FIELDS: dict[type, tuple[str, ...]] = {
    DotAlgorithm: tuple(f.name for f in fields(DotAlgorithm)),
    ChannelHandle: ("handle", "type"),
    OutputOperandAlias: ("output_tuple_indices", "operand_index", "operand_tuple_indices"),
    TypeExtensions: ("bounds",),
}


def make_structured(mnemonic: str, values: dict[str, Any]) -> Any:
    """Builds the dataclass registered for ``mnemonic`` from parsed key/values.
    Raises ValueError naming an unknown key."""
    cls = STRUCTURED_ATTRIBUTES[mnemonic]
    known = {f.name: f for f in fields(cls)}
    converted = {}
    for key, value in values.items():
        if key not in known:
            raise ValueError(f"unknown field {key!r} in #{mnemonic}<...>")
        converted[key] = tuple(value) if isinstance(value, list) else value
    return cls(**converted)
