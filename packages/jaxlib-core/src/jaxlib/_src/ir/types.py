"""Types of the IR: tensors, tokens, tuples, quantized element types, functions.

Every type is an immutable, hashable value whose ``str()`` is its MLIR spelling,
so the printer and error messages never need a separate formatting table.
Element types are plain strings in MLIR spelling ("f32", "i1", "ui8", "bf16",
"f8E4M3FN", "complex<f32>") or a :class:`QuantizedType`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxlib._src.ir.element_types import BY_MLIR, FLOAT

# Float element types (and the precision-only tf32) with their numpy storage:
# a view of the element-type table (element_types.py).
FLOAT_DTYPES: dict[str, Any] = {
    name: row.dtype.type for name, row in BY_MLIR.items()
    if row.category == FLOAT and row.dtype is not None}
# Every spelling with a storage dtype: the table's rows and aliases.
_STORAGE: dict[str, np.dtype] = {
    name: row.dtype for name, row in BY_MLIR.items() if row.dtype is not None}
_INT_RE = re.compile(r"(si|ui|i)(\d+)\Z")


def is_integer(element_type: ElementType) -> bool:
    """True for iN, siN and uiN (i1 included)."""
    return isinstance(element_type, str) and _INT_RE.match(element_type) is not None


def is_unsigned(element_type: ElementType) -> bool:
    return isinstance(element_type, str) and element_type.startswith("ui")


def is_float(element_type: ElementType) -> bool:
    return isinstance(element_type, str) and element_type in FLOAT_DTYPES


def is_complex(element_type: ElementType) -> bool:
    return isinstance(element_type, str) and element_type.startswith("complex<")


def complex_part_type(element_type: str) -> str:
    """"complex<f32>" -> "f32"."""
    return element_type[len("complex<"):-1]


def integer_bit_width(element_type: str) -> int:
    match = _INT_RE.match(element_type)
    if match is None:
        raise ValueError(f"not an integer element type: {element_type}")
    return int(match.group(2))


def is_valid_element_type(spelling: str) -> bool:
    """Whether ``spelling`` names a scalar element type this IR knows."""
    return spelling in BY_MLIR or (is_integer(spelling) and integer_bit_width(spelling) == 1)


def numpy_dtype(element_type: ElementType) -> np.dtype:
    """The numpy dtype that stores elements of this type (storage type for
    quantized ones). Raises ValueError for types without a storage."""
    if isinstance(element_type, QuantizedType):
        return numpy_dtype(element_type.storage_type)
    dtype = _STORAGE.get(element_type)  # type: ignore[arg-type]
    if dtype is not None:
        return dtype
    raise ValueError(f"element type {element_type} has no numpy storage type")


def _format_float(value: float) -> str:
    text = repr(float(value))
    if "." not in text and "e" in text:  # MLIR float literals need a dot
        mantissa, exponent = text.split("e")
        text = f"{mantissa}.0e{exponent}"
    return text


@dataclass(frozen=True)
class QuantizedType:
    """``!quant.uniform<storage<min:max>:expressed[:axis], scale:zero_point>``.

    Per-tensor quantization has one scale and zero point and ``axis`` None;
    per-axis has one pair per slice along ``quantized_dimension``.
    """

    storage_type: str
    expressed_type: str
    scales: tuple[float, ...]
    zero_points: tuple[int, ...]
    quantized_dimension: int | None = None
    storage_min: int | None = None
    storage_max: int | None = None

    def __post_init__(self) -> None:
        if len(self.scales) != len(self.zero_points) or not self.scales:
            raise ValueError("quantized type needs as many scales as zero points, at least one")
        if self.quantized_dimension is None and len(self.scales) != 1:
            raise ValueError("per-tensor quantized type takes exactly one scale")

    def __str__(self) -> str:
        storage = self.storage_type
        if self.storage_min is not None:
            storage += f"<{self.storage_min}:{self.storage_max}>"
        head = f"{storage}:{self.expressed_type}"
        pairs = [_format_float(s) + (f":{z}" if z else "")
                 for s, z in zip(self.scales, self.zero_points)]
        if self.quantized_dimension is None:
            return f"!quant.uniform<{head}, {pairs[0]}>"
        return f"!quant.uniform<{head}:{self.quantized_dimension}, {{{','.join(pairs)}}}>"


ElementType = str | QuantizedType


# How a TensorType writes its encoding, an attribute: ir/printer.py owns
# attribute text and imports this module, so it installs its format_attribute
# when it loads (the ir package's __init__ loads it with the types).
_format_encoding: Callable[[Any], str] = repr


def set_encoding_formatter(format_attribute: Callable[[Any], str]) -> None:
    global _format_encoding
    _format_encoding = format_attribute


@dataclass(frozen=True)
class TensorType:
    """A ranked tensor. ``None`` in ``shape`` is a dynamic dimension (``?``).
    ``encoding`` is an attribute (e.g. ``#stablehlo.type_extensions<bounds>``)."""

    shape: tuple[int | None, ...]
    element_type: ElementType
    encoding: Any = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape", tuple(self.shape))

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def is_static(self) -> bool:
        return None not in self.shape

    @property
    def num_elements(self) -> int:
        if None in self.shape:
            raise ValueError(f"{self} has dynamic dimensions")
        return math.prod(self.shape)  # type: ignore[arg-type]

    def __str__(self) -> str:
        dims = "".join(("?" if d is None else str(d)) + "x" for d in self.shape)
        encoding = ""
        if self.encoding is not None:
            encoding = ", " + _format_encoding(self.encoding)
        return f"tensor<{dims}{self.element_type}{encoding}>"


@dataclass(frozen=True)
class TokenType:
    """``!stablehlo.token``: orders side effects."""

    def __str__(self) -> str:
        return "!stablehlo.token"


@dataclass(frozen=True)
class TupleType:
    types: tuple[Type, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "types", tuple(self.types))

    def __str__(self) -> str:
        return "tuple<" + ", ".join(str(t) for t in self.types) + ">"


@dataclass(frozen=True)
class FutureType:
    """``!stablehlo.future<...>``: the values an asynchronous op
    (``stablehlo.async_start``) will have once ``stablehlo.async_done`` waits."""

    types: tuple[Type, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "types", tuple(self.types))

    def __str__(self) -> str:
        return "!stablehlo.future<" + ", ".join(str(t) for t in self.types) + ">"


@dataclass(frozen=True)
class FunctionType:
    inputs: tuple[Type, ...]
    results: tuple[Type, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "inputs", tuple(self.inputs))
        object.__setattr__(self, "results", tuple(self.results))

    def __str__(self) -> str:
        inputs = "(" + ", ".join(str(t) for t in self.inputs) + ")"
        if len(self.results) == 1 and not isinstance(self.results[0], FunctionType):
            return f"{inputs} -> {self.results[0]}"
        return f"{inputs} -> (" + ", ".join(str(t) for t in self.results) + ")"


Type = TensorType | TokenType | TupleType | FutureType | FunctionType

INT64_MAX = (1 << 63) - 1


def storage_itemsize(element_type: ElementType) -> int:
    """Bytes per element in memory (numpy storage; sub-byte types take a
    byte each). 0 for element types without a storage."""
    try:
        return numpy_dtype(element_type).itemsize
    except ValueError:
        return 0


def tensor_size_error(type_: Any) -> str | None:
    """Why ``type_`` cannot be allocated: a dimension, element count or byte
    size (also of a bounded dynamic dimension) beyond int64, which XLA's
    shapes, buffer sizes and the native executor all use; None when it fits.
    Tuples are checked element by element."""
    if isinstance(type_, TupleType):
        for inner in type_.types:
            error = tensor_size_error(inner)
            if error is not None:
                return error
        return None
    if not isinstance(type_, TensorType):
        return None
    bounds = getattr(type_.encoding, "bounds", None) or ()
    count = 1
    for index, dim in enumerate(type_.shape):
        if dim is None:
            dim = bounds[index] if index < len(bounds) else None
            if dim is None:
                continue
        if not 0 <= dim <= INT64_MAX:
            return f"dimension {index} of {type_} ({dim}) is not in [0, 2^63-1]"
        count *= dim
    if count > INT64_MAX:
        return f"{type_} has {count} elements, more than 2^63-1"
    nbytes = count * max(storage_itemsize(type_.element_type), 1)
    if nbytes > INT64_MAX:
        return f"{type_} needs {nbytes} bytes, more than 2^63-1"
    return None


def integer_fits(value: int, element_type: str) -> bool:
    """Whether ``value`` is in the range of the integer type (i1 and signless
    types are signed as XLA reads them; "index" is i64). True for non-integer
    types, whose literals other rules check."""
    if element_type == "index":
        element_type = "i64"
    match = _INT_RE.match(element_type)
    if match is None:
        return True
    width = int(match.group(2))
    if match.group(1) == "ui":
        return 0 <= value < (1 << width)
    if width == 1:
        return value in (0, 1, -1)
    return -(1 << (width - 1)) <= value < (1 << (width - 1))


def static_nbytes(type_: Any) -> int:
    """Bytes of a static tensor (tuples: the sum of their elements); 0 for
    dynamic or storage-less types, tokens and functions."""
    if isinstance(type_, TupleType):
        return sum(static_nbytes(t) for t in type_.types)
    if not isinstance(type_, TensorType) or None in type_.shape:
        return 0
    return math.prod(type_.shape) * storage_itemsize(type_.element_type)  # type: ignore[arg-type]
