"""Element types, layouts and shapes, as XLA describes them.

* ``PrimitiveType`` carries the numbers of XLA's ``xla_data.proto`` so that
  values can be exchanged with anything speaking XLA's vocabulary.
* The dtype maps connect numpy / ml_dtypes dtypes, XLA's short type names
  ("f32", "bf16", "pred") and MLIR's element type spellings ("f32", "i1",
  "complex<f32>").
* ``Layout``, ``Shape`` and ``ProgramShape`` print in XLA's canonical text form
  ("f32[2,3]{1,0}", "(f32[2]{0}, s32[])") and ``Shape(text)`` parses it back.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from jaxlib._src.ir.element_types import ELEMENT_TYPES

__all__ = [
    "COMBINE_DIMENSION",
    "UNBOUNDED_SIZE",
    "XLA_ELEMENT_TYPE_TO_DTYPE",
    "Layout",
    "PrimitiveType",
    "ProgramShape",
    "Shape",
    "dtype_to_etype",
    "dtype_to_mlir_element_type",
    "dtype_to_xla_name",
    "etype_to_dtype",
    "etype_to_xla_name",
    "mlir_element_type_to_dtype",
    "xla_name_to_dtype",
    "xla_name_to_etype",
]

_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1

# XLA stores an unbounded dynamic dimension ("?") as INT64_MIN.
UNBOUNDED_SIZE = _INT64_MIN
# A tile dimension that combines the remaining dimensions ("*" in T(...)).
COMBINE_DIMENSION = _INT64_MIN


# Element types, numbered exactly as in XLA's xla_data.proto: the element-type
# table's rows (ir/element_types.py) plus the non-array types.
PrimitiveType = enum.IntEnum(  # type: ignore[misc]
    "PrimitiveType",
    [("PRIMITIVE_TYPE_INVALID", 0),
     *((row.xla.upper(), row.primitive) for row in ELEMENT_TYPES if row.primitive is not None),
     ("TUPLE", 13), ("OPAQUE_TYPE", 14), ("TOKEN", 17)],
    module=__name__)
PrimitiveType.__doc__ = "Element types, numbered exactly as in XLA's xla_data.proto."


# Types that do not describe array elements.
_NON_ARRAY_TYPES = frozenset(
    {
        PrimitiveType.PRIMITIVE_TYPE_INVALID,
        PrimitiveType.TUPLE,
        PrimitiveType.OPAQUE_TYPE,
        PrimitiveType.TOKEN,
    }
)


_P = PrimitiveType
# (Older ml_dtypes releases lack some narrow types; those are simply absent.)
_ELEMENT_TYPE_DTYPE_PAIRS: list[tuple[PrimitiveType, np.dtype | None]] = [
    (PrimitiveType(row.primitive), row.dtype) for row in ELEMENT_TYPES
    if row.primitive is not None]

XLA_ELEMENT_TYPE_TO_DTYPE: dict[PrimitiveType, np.dtype] = {
    etype: dtype for etype, dtype in _ELEMENT_TYPE_DTYPE_PAIRS if dtype is not None
}
_DTYPE_TO_ELEMENT_TYPE: dict[np.dtype, PrimitiveType] = {
    dtype: etype for etype, dtype in XLA_ELEMENT_TYPE_TO_DTYPE.items()
}


def _xla_name_of(etype: PrimitiveType) -> str:
    # XLA lowercases the enum name, except that OPAQUE_TYPE prints as "opaque".
    if etype is PrimitiveType.OPAQUE_TYPE:
        return "opaque"
    if etype is PrimitiveType.PRIMITIVE_TYPE_INVALID:
        return "invalid"
    return etype.name.lower()


_ETYPE_TO_XLA_NAME: dict[PrimitiveType, str] = {
    etype: _xla_name_of(etype) for etype in PrimitiveType
}
_XLA_NAME_TO_ETYPE: dict[str, PrimitiveType] = {
    name: etype
    for etype, name in _ETYPE_TO_XLA_NAME.items()
    if etype is not PrimitiveType.PRIMITIVE_TYPE_INVALID
}


def _as_dtype(dtype: Any) -> np.dtype:
    try:
        return np.dtype(dtype)
    except TypeError as err:
        raise TypeError(f"{dtype!r} is not a numpy dtype") from err


def dtype_to_etype(dtype: Any) -> PrimitiveType:
    """The XLA element type of a numpy dtype (or anything ``np.dtype`` takes)."""
    resolved = _as_dtype(dtype)
    try:
        return _DTYPE_TO_ELEMENT_TYPE[resolved]
    except KeyError:
        raise TypeError(
            f"dtype {resolved!s} ({resolved.str}) has no XLA element type; "
            f"supported dtypes: {', '.join(sorted(str(d) for d in _DTYPE_TO_ELEMENT_TYPE))}"
        ) from None


def etype_to_dtype(etype: PrimitiveType | int) -> np.dtype:
    """The numpy dtype of an XLA array element type."""
    resolved = _as_primitive_type(etype)
    try:
        return XLA_ELEMENT_TYPE_TO_DTYPE[resolved]
    except KeyError:
        raise TypeError(f"XLA element type {resolved.name} has no numpy dtype") from None


def _as_primitive_type(etype: PrimitiveType | int) -> PrimitiveType:
    if isinstance(etype, bool) or not isinstance(etype, (int, np.integer)):
        raise TypeError(f"expected a PrimitiveType, got {type(etype).__name__}")
    try:
        return PrimitiveType(int(etype))
    except ValueError:
        raise ValueError(f"{int(etype)} is not an XLA PrimitiveType number") from None


def etype_to_xla_name(etype: PrimitiveType | int) -> str:
    """XLA's short type name, as used in HLO text: F32 -> "f32"."""
    return _ETYPE_TO_XLA_NAME[_as_primitive_type(etype)]


def xla_name_to_etype(name: str) -> PrimitiveType:
    """The element type named by XLA's short name: "bf16" -> BF16."""
    try:
        return _XLA_NAME_TO_ETYPE[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown XLA element type name {name!r}; known names: "
            f"{', '.join(sorted(_XLA_NAME_TO_ETYPE))}"
        ) from None


def dtype_to_xla_name(dtype: Any) -> str:
    """XLA's short name of a numpy dtype: float32 -> "f32"."""
    return etype_to_xla_name(dtype_to_etype(dtype))


def xla_name_to_dtype(name: str) -> np.dtype:
    """The numpy dtype named by an XLA short name: "pred" -> bool."""
    return etype_to_dtype(xla_name_to_etype(name))


# MLIR (StableHLO) spellings. Integers are signless ("i8") when signed and
# "ui8" when unsigned; "i1" is the boolean type.
_ETYPE_TO_MLIR: dict[PrimitiveType, str] = {
    PrimitiveType(row.primitive): row.mlir for row in ELEMENT_TYPES
    if row.primitive is not None and row.mlir is not None}
_MLIR_TO_ETYPE: dict[str, PrimitiveType] = {name: etype for etype, name in _ETYPE_TO_MLIR.items()}


def dtype_to_mlir_element_type(dtype: Any) -> str:
    """The MLIR element type spelling of a dtype: bfloat16 -> "bf16"."""
    etype = dtype_to_etype(dtype)
    if etype is PrimitiveType.S1:
        # "i1" is already the boolean type; a signed 1-bit integer has no
        # distinct StableHLO spelling.
        raise TypeError("dtype int1 has no MLIR element type (i1 means bool)")
    return _ETYPE_TO_MLIR[etype]


def mlir_element_type_to_dtype(name: str) -> np.dtype:
    """The dtype of an MLIR element type spelling: "f8E4M3FN" -> float8_e4m3fn."""
    if not isinstance(name, str):
        raise TypeError(f"MLIR element type must be a str, got {type(name).__name__}")
    # "complex< f32 >" and "complex<f32>" name the same type.
    canonical = "".join(name.split())
    etype = _MLIR_TO_ETYPE.get(canonical)
    if etype is None:
        if canonical.startswith("si") and canonical[2:].isdigit():
            raise ValueError(
                f"MLIR element type {name!r} is a signed integer type, which "
                f"StableHLO does not use; signed integers are signless: "
                f"'i{canonical[2:]}'"
            )
        raise ValueError(
            f"unknown MLIR element type {name!r}; known types: {', '.join(sorted(_MLIR_TO_ETYPE))}"
        )
    dtype = XLA_ELEMENT_TYPE_TO_DTYPE.get(etype)
    if dtype is None:  # pragma: no cover - only with an old ml_dtypes
        raise TypeError(f"MLIR element type {name!r} needs a newer ml_dtypes")
    return dtype


def _check_int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    return int(value)


class Layout:
    """How an array's elements are ordered in memory.

    ``minor_to_major`` lists dimensions from fastest to slowest varying;
    ``tiling`` is a sequence of tiles, each a tuple of tile sizes (the
    ``COMBINE_DIMENSION`` entry prints as "*"); ``element_size_in_bits`` of 0
    means the natural size of the element type; ``memory_space`` 0 is the
    default memory.
    """

    __slots__ = ("_element_size_in_bits", "_memory_space", "_minor_to_major", "_tiling")

    def __init__(
        self,
        minor_to_major: Sequence[int],
        tiling: Sequence[Sequence[int]] = (),
        element_size_in_bits: int = 0,
        memory_space: int = 0,
    ):
        if isinstance(minor_to_major, (str, bytes)):
            raise TypeError("minor_to_major must be a sequence of ints")
        self._minor_to_major = tuple(_check_int(d, "minor_to_major entry") for d in minor_to_major)
        if sorted(self._minor_to_major) != list(range(len(self._minor_to_major))):
            raise ValueError(
                f"minor_to_major {list(self._minor_to_major)} is not a "
                f"permutation of 0..{len(self._minor_to_major) - 1}"
            )
        tiles = []
        for tile in tiling:
            sizes = tuple(_check_int(t, "tile size") for t in tile)
            if not sizes:
                raise ValueError("a tile needs at least one dimension")
            for size in sizes:
                if size <= 0 and size != COMBINE_DIMENSION:
                    raise ValueError(f"tile sizes must be positive, got {size}")
            tiles.append(sizes)
        self._tiling = tuple(tiles)
        self._element_size_in_bits = _check_int(element_size_in_bits, "element_size_in_bits")
        if self._element_size_in_bits < 0:
            raise ValueError("element_size_in_bits must be >= 0")
        self._memory_space = _check_int(memory_space, "memory_space")
        if self._memory_space < 0:
            raise ValueError("memory_space must be >= 0")

    @staticmethod
    def major_to_minor(rank: int) -> Layout:
        """The default (row-major) layout of a rank-``rank`` array."""
        return Layout(tuple(range(rank - 1, -1, -1)))

    def minor_to_major(self) -> tuple[int, ...]:
        return self._minor_to_major

    def tiling(self) -> tuple[tuple[int, ...], ...]:
        return self._tiling

    def element_size_in_bits(self) -> int:
        return self._element_size_in_bits

    def memory_space(self) -> int:
        return self._memory_space

    def _xla_layout(self) -> Layout:
        """jax reads executables' layouts as PjRtLayouts and asks each for its
        XLA layout; here the two are one class."""
        return self

    def _key(self) -> tuple:
        return (
            self._minor_to_major,
            self._tiling,
            self._element_size_in_bits,
            self._memory_space,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def to_string(self) -> str:
        attributes = ""
        if self._tiling:
            attributes += "T" + "".join(
                "(" + ",".join("*" if s == COMBINE_DIMENSION else str(s) for s in tile) + ")"
                for tile in self._tiling
            )
        if self._element_size_in_bits:
            attributes += f"E({self._element_size_in_bits})"
        if self._memory_space:
            attributes += f"S({self._memory_space})"
        dims = ",".join(str(d) for d in self._minor_to_major)
        return "{" + dims + (":" + attributes if attributes else "") + "}"

    __str__ = to_string

    def __repr__(self) -> str:
        return f"Layout({self.to_string()})"


class _Kind(enum.Enum):
    ARRAY = "array"
    TUPLE = "tuple"
    TOKEN = "token"
    OPAQUE = "opaque"


class Shape:
    """An XLA shape: an array (element type, dimensions, layout), a tuple of
    shapes, a token or an opaque value.

    As in XLA, array shapes always carry a layout: when none is given (in the
    text or to ``array_shape``) the default major-to-minor layout is used.
    Dimensions may be dynamic: bounded ("<=4", the stored size is the bound)
    or unbounded ("?", the stored size is ``UNBOUNDED_SIZE``).
    """

    __slots__ = ("_dims", "_dynamic", "_elements", "_etype", "_kind", "_layout")

    def __init__(self, s: str):
        if not isinstance(s, str):
            raise TypeError(f"Shape() takes a shape string, got {type(s).__name__}")
        parsed = _ShapeParser(s).parse()
        self._copy_from(parsed)

    # Construction -------------------------------------------------------

    @classmethod
    def _make(
        cls,
        kind: _Kind,
        etype: PrimitiveType,
        dims: Sequence[int] = (),
        dynamic: Sequence[bool] = (),
        layout: Layout | None = None,
        elements: Sequence[Shape] = (),
    ) -> Shape:
        shape = object.__new__(cls)
        shape._kind = kind
        shape._etype = etype
        shape._dims = list(dims)
        shape._dynamic = list(dynamic)
        shape._layout = layout
        shape._elements = tuple(elements)
        return shape

    def _copy_from(self, other: Shape) -> None:
        self._kind = other._kind
        self._etype = other._etype
        self._dims = list(other._dims)
        self._dynamic = list(other._dynamic)
        self._layout = other._layout
        self._elements = tuple(e._copy() for e in other._elements)

    def _copy(self) -> Shape:
        shape = object.__new__(Shape)
        shape._copy_from(self)
        return shape

    @staticmethod
    def array_shape(
        type: np.dtype | PrimitiveType,
        dims_seq: Sequence[int] = (),
        layout_seq: Sequence[int] | Layout | None = None,
        dynamic_dimensions: Sequence[bool] | None = None,
    ) -> Shape:
        """An array shape; ``layout_seq`` is minor-to-major (or a Layout),
        defaulting to major-to-minor."""
        if isinstance(type, PrimitiveType):
            etype = type
        else:
            etype = dtype_to_etype(type)
        if etype in _NON_ARRAY_TYPES:
            raise ValueError(f"{etype.name} is not an array element type")
        if isinstance(dims_seq, (str, bytes)):
            raise TypeError("dims_seq must be a sequence of ints")
        dims = [_check_int(d, "dimension") for d in dims_seq]
        for d in dims:
            if d < 0 and d != UNBOUNDED_SIZE:
                raise ValueError(f"dimension sizes must be >= 0, got {dims}")
        if dynamic_dimensions is None:
            dynamic = [d == UNBOUNDED_SIZE for d in dims]
        else:
            dynamic = [bool(x) for x in dynamic_dimensions]
            if len(dynamic) != len(dims):
                raise ValueError(
                    f"dynamic_dimensions has {len(dynamic)} entries for {len(dims)} dimensions"
                )
        for d, is_dynamic in zip(dims, dynamic, strict=True):
            if d == UNBOUNDED_SIZE and not is_dynamic:
                raise ValueError("an unbounded dimension must be dynamic")
        if layout_seq is None:
            layout = Layout.major_to_minor(len(dims))
        elif isinstance(layout_seq, Layout):
            layout = layout_seq
        else:
            layout = Layout(layout_seq)
        if len(layout.minor_to_major()) != len(dims):
            raise ValueError(
                f"layout {layout} has {len(layout.minor_to_major())} dimensions "
                f"but the shape has {len(dims)}"
            )
        return Shape._make(_Kind.ARRAY, etype, dims, dynamic, layout)

    @staticmethod
    def scalar_shape(type: np.dtype | PrimitiveType) -> Shape:
        return Shape.array_shape(type, ())

    @staticmethod
    def tuple_shape(shapes: Iterable[Shape]) -> Shape:
        elements = list(shapes)
        for element in elements:
            if not isinstance(element, Shape):
                raise TypeError(f"tuple_shape takes Shapes, got {type(element).__name__}")
        return Shape._make(_Kind.TUPLE, PrimitiveType.TUPLE, elements=[e._copy() for e in elements])

    @staticmethod
    def token_shape() -> Shape:
        return Shape._make(_Kind.TOKEN, PrimitiveType.TOKEN)

    # Queries ------------------------------------------------------------

    def is_array(self) -> bool:
        return self._kind is _Kind.ARRAY

    def is_tuple(self) -> bool:
        return self._kind is _Kind.TUPLE

    def is_token(self) -> bool:
        return self._kind is _Kind.TOKEN

    def is_opaque(self) -> bool:
        return self._kind is _Kind.OPAQUE

    def element_type(self) -> PrimitiveType:
        return self._etype

    def numpy_dtype(self) -> np.dtype:
        """The array's dtype; tuples report the object dtype, as XLA's do."""
        if self.is_tuple():
            return np.dtype(object)
        if not self.is_array():
            raise TypeError(f"a {self._kind.value} shape has no numpy dtype")
        return etype_to_dtype(self._etype)

    def _require_not_tuple(self, what: str) -> None:
        if self.is_tuple():
            raise ValueError(f"{what} is not defined for the tuple shape {self}")

    def dimensions(self) -> tuple[int, ...]:
        self._require_not_tuple("dimensions()")
        return tuple(self._dims)

    def rank(self) -> int:
        self._require_not_tuple("rank()")
        return len(self._dims)

    def tuple_shapes(self) -> list[Shape]:
        if not self.is_tuple():
            raise ValueError(f"tuple_shapes() needs a tuple shape, got {self}")
        return [e._copy() for e in self._elements]

    def leaf_count(self) -> int:
        """Number of non-tuple shapes in the tree (an empty tuple has none)."""
        if self.is_tuple():
            return sum(e.leaf_count() for e in self._elements)
        return 1

    def layout(self) -> Layout:
        if not self.is_array():
            raise ValueError(f"layout() needs an array shape, got {self}")
        assert self._layout is not None
        return self._layout

    def has_layout(self) -> bool:
        """Whether the shape's arrays carry layouts. Array shapes always do
        here: as in XLA, the parser and ``array_shape`` attach the default
        major-to-minor layout when none is given. Tokens and opaque values
        have nothing to lay out and count as laid out."""
        if self.is_tuple():
            return all(e.has_layout() for e in self._elements)
        return not self.is_array() or self._layout is not None

    def with_major_to_minor_layout_if_absent(self) -> Shape:
        """A copy where every array has a layout, major-to-minor where none
        was given. Since arrays always carry one here, this is a copy."""
        return self._copy()

    def is_dynamic_dimension(self, dimension: int) -> bool:
        return self._dynamic[self._check_dimension(dimension)]

    def is_unbounded_dynamic_dimension(self, dimension: int) -> bool:
        return self._dims[self._check_dimension(dimension)] == UNBOUNDED_SIZE

    def set_dynamic_dimension(self, dimension: int, is_dynamic: bool) -> None:
        """Marks a dimension dynamic (its size becomes the bound) or static."""
        index = self._check_dimension(dimension)
        if not is_dynamic and self._dims[index] == UNBOUNDED_SIZE:
            raise ValueError(f"dimension {dimension} of {self} is unbounded and cannot be static")
        self._dynamic[index] = bool(is_dynamic)

    def _check_dimension(self, dimension: int) -> int:
        if not self.is_array():
            raise ValueError(f"dimension queries need an array shape, got {self}")
        index = _check_int(dimension, "dimension")
        if not 0 <= index < len(self._dims):
            raise IndexError(f"dimension {index} out of range for {self}")
        return index

    def is_static(self) -> bool:
        if self.is_tuple():
            return all(e.is_static() for e in self._elements)
        return not any(self._dynamic)

    # Comparison and printing -------------------------------------------

    def _key(self) -> tuple:
        return (
            self._kind,
            self._etype,
            tuple(self._dims),
            tuple(self._dynamic),
            self._layout,
            tuple(e._key() for e in self._elements),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Shape):
            return NotImplemented
        return self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(self._key())

    def to_string(self) -> str:
        if self.is_tuple():
            return "(" + ", ".join(e.to_string() for e in self._elements) + ")"
        dims = ",".join(
            _dimension_text(size, is_dynamic)
            for size, is_dynamic in zip(self._dims, self._dynamic, strict=True)
        )
        text = f"{etype_to_xla_name(self._etype)}[{dims}]"
        if self._layout is not None:
            layout_text = self._layout.to_string()
            # XLA leaves out a scalar's empty "{}" layout.
            if layout_text != "{}":
                text += layout_text
        return text

    __str__ = to_string
    __repr__ = to_string


def _dimension_text(size: int, is_dynamic: bool) -> str:
    if size == UNBOUNDED_SIZE:
        return "?"
    return f"<={size}" if is_dynamic else str(size)


class ProgramShape:
    """The signature of a computation: parameter shapes and a result shape."""

    __slots__ = ("_parameter_shapes", "_result_shape")

    def __init__(self, parameter_shapes: Iterable[Shape], result_shape: Shape):
        params = list(parameter_shapes)
        for p in params + [result_shape]:
            if not isinstance(p, Shape):
                raise TypeError(f"ProgramShape takes Shapes, got {type(p).__name__}")
        self._parameter_shapes = tuple(p._copy() for p in params)
        self._result_shape = result_shape._copy()

    def parameter_shapes(self) -> list[Shape]:
        return [p._copy() for p in self._parameter_shapes]

    def result_shape(self) -> Shape:
        return self._result_shape._copy()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ProgramShape):
            return NotImplemented
        return (
            self._parameter_shapes == other._parameter_shapes
            and self._result_shape == other._result_shape
        )

    def __hash__(self) -> int:
        return hash((self._parameter_shapes, self._result_shape))

    def __repr__(self) -> str:
        params = ", ".join(str(p) for p in self._parameter_shapes)
        return f"({params}) -> {self._result_shape}"

    __str__ = __repr__


class _ShapeParser:
    """Recursive-descent parser for XLA shape text.

    shape  := '(' [shape (',' shape)*] ')' | name '[' [dim (',' dim)*] ']' [layout]
    dim    := INT | '<=' INT | '?'
    layout := '{' [INT (',' INT)*] [':' ('T' tile+ | 'E(' INT ')' | 'S(' INT ')')*] '}'
    tile   := '(' (INT | '*') (',' (INT | '*'))* ')'
    """

    def __init__(self, text: str):
        self._text = text
        self._pos = 0

    def parse(self) -> Shape:
        shape = self._shape()
        self._skip_space()
        if self._pos != len(self._text):
            self._fail("end of shape")
        return shape

    # Low-level helpers.

    def _fail(self, expected: str) -> None:
        if self._pos >= len(self._text):
            found = "end of string"
        else:
            found = repr(self._text[self._pos])
        raise ValueError(
            f"invalid shape {self._text!r}: at column {self._pos + 1}, "
            f"expected {expected} but found {found}"
        )

    def _skip_space(self) -> None:
        while self._pos < len(self._text) and self._text[self._pos].isspace():
            self._pos += 1

    def _peek(self) -> str:
        self._skip_space()
        return self._text[self._pos] if self._pos < len(self._text) else ""

    def _accept(self, token: str) -> bool:
        self._skip_space()
        if self._text.startswith(token, self._pos):
            self._pos += len(token)
            return True
        return False

    def _expect(self, token: str, expected: str | None = None) -> None:
        if not self._accept(token):
            self._fail(expected or repr(token))

    def _int(self, expected: str) -> int:
        self._skip_space()
        start = self._pos
        while self._pos < len(self._text) and self._text[self._pos] in "0123456789":
            self._pos += 1
        if start == self._pos:
            self._fail(expected)
        value = int(self._text[start : self._pos])
        if value > _INT64_MAX:
            self._pos = start
            self._fail(f"{expected} that fits in 64 bits")
        return value

    # Grammar.

    def _shape(self) -> Shape:
        if self._peek() == "(":
            return self._tuple()
        return self._array_or_token()

    def _tuple(self) -> Shape:
        self._expect("(")
        elements: list[Shape] = []
        if not self._accept(")"):
            while True:
                elements.append(self._shape())
                if self._accept(")"):
                    break
                self._expect(",", "',' or ')'")
        return Shape._make(_Kind.TUPLE, PrimitiveType.TUPLE, elements=elements)

    def _array_or_token(self) -> Shape:
        self._skip_space()
        start = self._pos
        while self._pos < len(self._text) and self._text[self._pos].isalnum():
            self._pos += 1
        name = self._text[start : self._pos]
        if not name:
            self._fail("an element type name or '('")
        etype = _XLA_NAME_TO_ETYPE.get(name)
        if etype is None or etype is PrimitiveType.TUPLE:
            self._pos = start
            self._fail(f"a known element type name (not {name!r})")
        dims_column = self._pos
        self._expect("[")
        dims: list[int] = []
        dynamic: list[bool] = []
        if not self._accept("]"):
            while True:
                size, is_dynamic = self._dimension()
                dims.append(size)
                dynamic.append(is_dynamic)
                if self._accept("]"):
                    break
                self._expect(",", "',' or ']'")
        if etype in (PrimitiveType.TOKEN, PrimitiveType.OPAQUE_TYPE):
            if dims:
                self._pos = dims_column
                self._fail(f"'[]' ({name} shapes have no dimensions)")
            kind = _Kind.TOKEN if etype is PrimitiveType.TOKEN else _Kind.OPAQUE
            return Shape._make(kind, etype)
        if self._peek() == "{":
            layout_column = self._pos
            layout = self._layout()
            if len(layout.minor_to_major()) != len(dims):
                self._pos = layout_column
                self._fail(f"a layout with {len(dims)} dimensions (got {layout.to_string()})")
        else:
            layout = Layout.major_to_minor(len(dims))
        return Shape._make(_Kind.ARRAY, etype, dims, dynamic, layout)

    def _dimension(self) -> tuple[int, bool]:
        if self._accept("?"):
            return UNBOUNDED_SIZE, True
        if self._accept("<="):
            return self._int("a dimension bound"), True
        return self._int("a dimension size, '<=' bound or '?'"), False

    def _layout(self) -> Layout:
        self._expect("{")
        minor_to_major: list[int] = []
        if self._peek() not in (":", "}"):
            while True:
                minor_to_major.append(self._int("a layout dimension"))
                if self._peek() in (":", "}"):
                    break
                self._expect(",", "',', ':' or '}'")
        tiles: list[tuple[int, ...]] = []
        element_size_in_bits = 0
        memory_space = 0
        if self._accept(":"):
            while not self._accept("}"):
                if self._accept("T"):
                    tiles.append(self._tile())
                    while self._peek() == "(":
                        tiles.append(self._tile())
                elif self._accept("E("):
                    element_size_in_bits = self._int("an element size in bits")
                    self._expect(")")
                elif self._accept("S("):
                    memory_space = self._int("a memory space")
                    self._expect(")")
                else:
                    self._fail(
                        "a layout attribute T(...), E(...), S(...) or '}' "
                        "(other XLA layout attributes are not supported)"
                    )
        else:
            self._expect("}", "',', ':' or '}'")
        start = self._pos
        try:
            return Layout(minor_to_major, tiles, element_size_in_bits, memory_space)
        except ValueError as err:
            self._pos = start
            raise ValueError(
                f"invalid shape {self._text!r}: layout ending at column {start}: {err}"
            ) from None

    def _tile(self) -> tuple[int, ...]:
        self._expect("(")
        sizes: list[int] = []
        while True:
            if self._accept("*"):
                sizes.append(COMBINE_DIMENSION)
            else:
                sizes.append(self._int("a tile size or '*'"))
            if self._accept(")"):
                return tuple(sizes)
            self._expect(",", "',' or ')'")
