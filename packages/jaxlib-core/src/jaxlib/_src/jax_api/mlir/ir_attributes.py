"""MLIR Python attribute classes (``ir.Attribute`` and subclasses) over the
core attribute values of ``ir/attributes.py``.

Each wrapper holds in ``_core`` exactly what ``frontends/mlir_text.py`` builds
when it parses the same attribute (``bool``, :class:`IntegerAttr`,
:class:`FloatAttr`, ``str``, ``list``, ``dict``, :class:`DenseArray`,
:class:`DenseElements`, :class:`SymbolRef`, ``UNIT``, a core type,
:class:`OpaqueAttribute`, enums and structured dataclasses), so verifiers,
kernels and the printer see built and parsed modules alike. Equality and
hashing are by that value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from jaxlib._src.ir.attributes import (
    UNIT,
    DenseArray,
    DenseElements,
    ElementTypeAttr,
    OpaqueAttribute,
    SymbolRef,
    _Unit,
)
from jaxlib._src.ir.attributes import (
    FloatAttr as CoreFloatAttr,
)
from jaxlib._src.ir.attributes import (
    IntegerAttr as CoreIntegerAttr,
)
from jaxlib._src.ir.element_types import BY_DTYPE, BY_MLIR, SINT, UINT
from jaxlib._src.ir.types import (
    FunctionType as CoreFunctionType,
)
from jaxlib._src.ir.types import (
    QuantizedType,
    TensorType,
    TokenType,
    is_float,
    numpy_dtype,
)
from jaxlib._src.ir.types import (
    TupleType as CoreTupleType,
)
from jaxlib._src.jax_api.mlir import ir_types
from jaxlib._src.jax_api.mlir.ir_types import Type, unsupported, wrap_type

_CORE_TYPES = (TensorType, TokenType, CoreTupleType, CoreFunctionType, QuantizedType)


def _attr_key(core: Any) -> Any:
    """A hashable key that tells apart values Python calls equal (1 == True,
    IntegerAttr(1, i32) == IntegerAttr(1, i64))."""
    if isinstance(core, (CoreIntegerAttr, CoreFloatAttr)):
        return (type(core), core.type, core)
    if isinstance(core, DenseArray):
        return ("array", core.element_type, tuple(core))
    if isinstance(core, list):
        return ("list", tuple(_attr_key(v) for v in core))
    if isinstance(core, dict):
        return ("dict", tuple((k, _attr_key(v)) for k, v in core.items()))
    return (type(core), core)


class Attribute:
    """An MLIR attribute. ``Attribute(a)`` and ``SubAttr(a)`` cast."""

    __slots__ = ("_core",)
    _core: Any

    def __init__(self, cast_from: Attribute) -> None:
        if not isinstance(cast_from, Attribute):
            raise TypeError(f"expected an ir.Attribute, got {type(cast_from).__name__}")
        if not type(self)._matches(cast_from._core):
            raise ValueError(f"Cannot cast attribute to {type(self).__name__} "
                             f"(from {cast_from})")
        self._core = cast_from._core

    @classmethod
    def _from_core(cls, core: Any) -> Any:
        obj = object.__new__(cls)
        obj._core = core
        return obj

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return True

    @classmethod
    def isinstance(cls, other: Any) -> bool:
        return isinstance(other, Attribute) and cls._matches(other._core)

    @staticmethod
    def parse(asm: str, context: Any = None) -> Attribute:
        from jaxlib._src.frontends.mlir_text import MlirParser, ParseError

        try:
            parser = MlirParser(asm)
            core = parser.parse_attribute()
            if parser.token.kind != "eof":
                raise parser.error("unexpected text after the attribute")
        except ParseError as err:
            raise ValueError(f"Unable to parse attribute: '{asm}': {err}") from None
        return wrap_attribute(core)

    @property
    def context(self) -> Any:
        return ir_types.current_context()

    @property
    def type(self) -> Type:
        core = self._core
        if isinstance(core, (CoreIntegerAttr, CoreFloatAttr)):
            return wrap_type(core.type)
        if isinstance(core, DenseElements):
            return wrap_type(core.type)
        if isinstance(core, bool):
            return wrap_type("i1")
        raise ValueError(f"attribute {self} has no type")

    @property
    def typeid(self) -> Any:
        return type(self)

    def maybe_downcast(self) -> Attribute:
        return wrap_attribute(self._core)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Attribute) and _attr_key(self._core) == _attr_key(other._core)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        try:
            return hash(_attr_key(self._core))
        except TypeError:
            return hash(str(self))

    def __str__(self) -> str:
        from jaxlib._src.ir.printer import format_attribute

        return format_attribute(self._core)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self})"

    def dump(self) -> None:
        print(self)


class NamedAttribute:
    __slots__ = ("name", "attr")

    def __init__(self, name: str, attr: Attribute) -> None:
        self.name = name
        self.attr = attr

    def __repr__(self) -> str:
        return f"NamedAttribute({self.name}={self.attr})"


# --- scalars ------------------------------------------------------------------------


class BoolAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, bool)

    @staticmethod
    def get(value: bool, context: Any = None) -> BoolAttr:
        return BoolAttr._from_core(bool(value))

    @property
    def value(self) -> bool:
        return self._core

    def __bool__(self) -> bool:
        return self._core


class IntegerAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, CoreIntegerAttr)

    @staticmethod
    def get(type: Type, value: int) -> Any:
        spelling = type._core
        if spelling == "i1":  # the parser reads `1 : i1` as a bool
            return BoolAttr._from_core(bool(value))
        return IntegerAttr._from_core(CoreIntegerAttr(int(value), spelling))

    @property
    def value(self) -> int:
        return int(self._core)

    def __int__(self) -> int:
        return int(self._core)


class FloatAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, CoreFloatAttr)

    @staticmethod
    def get(type: Type, value: float, loc: Any = None) -> FloatAttr:
        return FloatAttr._from_core(CoreFloatAttr(float(value), type._core))

    @staticmethod
    def get_f32(value: float, context: Any = None) -> FloatAttr:
        return FloatAttr._from_core(CoreFloatAttr(float(value), "f32"))

    @staticmethod
    def get_f64(value: float, context: Any = None) -> FloatAttr:
        return FloatAttr._from_core(CoreFloatAttr(float(value), "f64"))

    @property
    def value(self) -> float:
        return float(self._core)

    def __float__(self) -> float:
        return float(self._core)


class StringAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, str) and not isinstance(core, ElementTypeAttr)

    @staticmethod
    def get(value: str | bytes, context: Any = None) -> StringAttr:
        if isinstance(value, bytes):
            # MLIR strings hold bytes; the IR holds text: keep the bytes as
            # surrogate escapes so that they print back unchanged.
            value = value.decode("utf-8", errors="surrogateescape")
        return StringAttr._from_core(value)

    @staticmethod
    def get_typed(type: Type, value: str) -> StringAttr:
        return StringAttr._from_core(value)

    @property
    def value(self) -> str:
        return self._core

    @property
    def value_bytes(self) -> bytes:
        return self._core.encode("utf-8", errors="surrogateescape")


class UnitAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, _Unit)

    @staticmethod
    def get(context: Any = None) -> UnitAttr:
        return UnitAttr._from_core(UNIT)


class TypeAttr(Attribute):
    """A type as an attribute. The core value is the type itself (a scalar
    element type is its spelling, a ``str``, as the parser reads it)."""

    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, (*_CORE_TYPES, ElementTypeAttr))

    @staticmethod
    def get(value: Type, context: Any = None) -> TypeAttr:
        core = value._core
        return TypeAttr._from_core(ElementTypeAttr(core) if isinstance(core, str) else core)

    @property
    def value(self) -> Type:
        return wrap_type(self._core)


class FlatSymbolRefAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, SymbolRef) and not core.nested

    @staticmethod
    def get(value: str, context: Any = None) -> FlatSymbolRefAttr:
        return FlatSymbolRefAttr._from_core(SymbolRef(value))

    @property
    def value(self) -> str:
        return self._core.name


class SymbolRefAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, SymbolRef)

    @staticmethod
    def get(symbols: Sequence[str], context: Any = None) -> Any:
        symbols = list(symbols)
        if not symbols:
            raise ValueError("SymbolRefAttr needs at least one symbol")
        return wrap_attribute(SymbolRef(symbols[0], tuple(symbols[1:])))

    @property
    def value(self) -> list[str]:
        return [self._core.name, *self._core.nested]


class OpaqueAttr(Attribute):
    """A dialect attribute kept as its text (``#sdy.sharding<...>``)."""

    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, OpaqueAttribute)

    @staticmethod
    def get(dialect_namespace: str, buffer: bytes | str, type: Type | None = None,
            context: Any = None) -> OpaqueAttr:
        data = buffer.decode() if isinstance(buffer, bytes) else buffer
        return OpaqueAttr._from_core(OpaqueAttribute(f"#{dialect_namespace}<{data}>"))


# --- containers ---------------------------------------------------------------------


class ArrayAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, list)

    @staticmethod
    def get(attributes: Sequence[Attribute], context: Any = None) -> ArrayAttr:
        return ArrayAttr._from_core([a._core for a in attributes])

    def __len__(self) -> int:
        return len(self._core)

    def __getitem__(self, index: int) -> Attribute:
        return wrap_attribute(self._core[index])

    def __iter__(self) -> Iterator[Attribute]:
        return (wrap_attribute(v) for v in self._core)

    def __add__(self, other: Sequence[Attribute]) -> ArrayAttr:
        return ArrayAttr._from_core(self._core + [a._core for a in other])


class DictAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, dict)

    @staticmethod
    def get(value: dict[str, Attribute] | None = None, context: Any = None) -> DictAttr:
        return DictAttr._from_core({k: v._core for k, v in (value or {}).items()})

    def __len__(self) -> int:
        return len(self._core)

    def __contains__(self, name: str) -> bool:
        return name in self._core

    def __getitem__(self, key: str | int) -> Any:
        if isinstance(key, int):
            name = list(self._core)[key]
            return NamedAttribute(name, wrap_attribute(self._core[name]))
        return wrap_attribute(self._core[key])

    def __iter__(self) -> Iterator[NamedAttribute]:
        return (NamedAttribute(k, wrap_attribute(v)) for k, v in self._core.items())


# --- dense arrays ------------------------------------------------------------------


class _DenseArrayAttr(Attribute):
    __slots__ = ()
    _element: str = ""

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, DenseArray) and core.element_type == cls._element

    @classmethod
    def get(cls, values: Sequence[Any], context: Any = None) -> Any:
        convert = bool if cls._element == "i1" else (
            float if cls._element.startswith("f") else int)
        return cls._from_core(DenseArray(cls._element, tuple(convert(v) for v in values)))

    def __len__(self) -> int:
        return len(self._core)

    def __getitem__(self, index: int) -> Any:
        return self._core[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._core)


def _dense_array_class(name: str, element: str) -> type[_DenseArrayAttr]:
    return type(name, (_DenseArrayAttr,), {"__slots__": (), "_element": element})


DenseBoolArrayAttr = _dense_array_class("DenseBoolArrayAttr", "i1")
DenseI8ArrayAttr = _dense_array_class("DenseI8ArrayAttr", "i8")
DenseI16ArrayAttr = _dense_array_class("DenseI16ArrayAttr", "i16")
DenseI32ArrayAttr = _dense_array_class("DenseI32ArrayAttr", "i32")
DenseI64ArrayAttr = _dense_array_class("DenseI64ArrayAttr", "i64")
DenseF32ArrayAttr = _dense_array_class("DenseF32ArrayAttr", "f32")
DenseF64ArrayAttr = _dense_array_class("DenseF64ArrayAttr", "f64")
_DENSE_ARRAY_CLASSES = {cls._element: cls for cls in (
    DenseBoolArrayAttr, DenseI8ArrayAttr, DenseI16ArrayAttr, DenseI32ArrayAttr,
    DenseI64ArrayAttr, DenseF32ArrayAttr, DenseF64ArrayAttr)}


# --- dense elements ----------------------------------------------------------------


def _element_spelling(dtype: np.dtype, signless: bool) -> str:
    row = BY_DTYPE.get(dtype)
    if row is None or row.mlir is None:
        raise unsupported(f"a dense attribute of numpy dtype {dtype}")
    spelling = row.mlir
    if row.category == UINT and signless:
        spelling = spelling[1:]  # MLIR reads unsigned numpy data as signless
    return spelling


def _element_core(element_type: Any) -> Any:
    """The storage element type of a tensor type (quantized: its storage)."""
    return element_type.storage_type if isinstance(element_type, QuantizedType) else element_type


class DenseElementsAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, DenseElements)

    @classmethod
    def get(cls, array: Any, signless: bool = True, type: Type | None = None,
            shape: Sequence[int] | None = None, context: Any = None) -> Any:
        array = np.asarray(array)
        if type is not None:
            element = type._core
            if isinstance(element, TensorType):  # a full tensor type
                shape = element.shape if shape is None else shape
                element = element.element_type
        else:
            element = _element_spelling(array.dtype, signless)
        shape = tuple(array.shape if shape is None else shape)
        dtype = numpy_dtype(_element_core(element))
        if array.dtype != dtype:
            if array.dtype.itemsize == dtype.itemsize and array.dtype.kind in "iub" and \
                    dtype.kind in "iub" and array.dtype != np.bool_ and dtype != np.bool_:
                array = array.view(dtype)  # signless/unsigned bits of one width
            else:
                array = array.astype(dtype)
        if array.size != int(np.prod(shape, dtype=np.int64)):
            raise ValueError(f"a dense attribute of shape {list(shape)} cannot hold "
                             f"{array.size} elements")
        array = np.ascontiguousarray(array).reshape(shape)
        return wrap_attribute(DenseElements(array, TensorType(shape, element)))

    @staticmethod
    def get_splat(shaped_type: Type, element_attr: Attribute) -> Any:
        core_type = shaped_type._core
        value = element_attr._core
        dtype = numpy_dtype(_element_core(core_type.element_type))
        return wrap_attribute(DenseElements.splat(value, core_type, dtype))

    @property
    def is_splat(self) -> bool:
        return self._core.is_splat

    def get_splat_value(self) -> Attribute:
        value = self._core.splat_value
        if value is None:
            raise ValueError("the dense attribute is not a splat")
        return _scalar_attribute(value.item(), self._core.type.element_type)

    def __len__(self) -> int:
        return int(self._core.array.size)

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        array = np.array(self._core.array)
        return array if dtype is None else array.astype(dtype)

    def __iter__(self) -> Iterator[Any]:
        element = self._core.type.element_type
        return (_scalar_attribute(v, element) for v in self._core.array.reshape(-1).tolist())

    def __getitem__(self, index: int) -> Any:
        return _scalar_attribute(self._core.array.reshape(-1)[index].item(),
                                 self._core.type.element_type)


def _scalar_attribute(value: Any, element_type: str) -> Attribute:
    if element_type == "i1":
        return BoolAttr._from_core(bool(value))
    if is_float(element_type):
        return FloatAttr._from_core(CoreFloatAttr(float(value), element_type))
    if isinstance(value, (int, np.integer)):
        return IntegerAttr._from_core(CoreIntegerAttr(int(value), element_type))
    raise unsupported(f"reading elements of type {element_type}")


class DenseIntElementsAttr(DenseElementsAttr):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        if not isinstance(core, DenseElements):
            return False
        element = _element_core(core.type.element_type)
        row = BY_MLIR.get(element)
        return row is not None and (row.category in (SINT, UINT) or element == "i1")


class DenseFPElementsAttr(DenseElementsAttr):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, DenseElements) and is_float(core.type.element_type)


class DenseResourceElementsAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return False

    @staticmethod
    def get_from_buffer(*args: Any, **kwargs: Any) -> Any:
        raise unsupported("ir.DenseResourceElementsAttr")


class StridedLayoutAttr(Attribute):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return False

    @staticmethod
    def get(*args: Any, **kwargs: Any) -> Any:
        raise unsupported("ir.StridedLayoutAttr")


class AffineMapAttr(StridedLayoutAttr):
    __slots__ = ()

    @staticmethod
    def get(*args: Any, **kwargs: Any) -> Any:
        raise unsupported("ir.AffineMapAttr")


# --- wrapping ---------------------------------------------------------------------

_ATTRIBUTE_WRAPPERS: list[tuple[Callable[[Any], bool], type[Attribute]]] = []
_BY_CORE_CLASS: dict[type, type[Attribute]] = {
    bool: BoolAttr,
    CoreIntegerAttr: IntegerAttr,
    CoreFloatAttr: FloatAttr,
    str: StringAttr,
    list: ArrayAttr,
    dict: DictAttr,
    _Unit: UnitAttr,
    OpaqueAttribute: OpaqueAttr,
}


def register_attribute_wrapper(predicate_or_class: Any, wrapper_class: type[Attribute]) -> None:
    """Core attribute values matching ``predicate_or_class`` (a predicate, or a
    core class matched by isinstance) wrap as ``wrapper_class``; the newest
    registration wins (e.g. DotDimensionNumbers -> stablehlo.DotDimensionNumbers)."""
    if isinstance(predicate_or_class, type):
        core_class = predicate_or_class

        def predicate(core: Any) -> bool:
            return isinstance(core, core_class)
    else:
        predicate = predicate_or_class
    _ATTRIBUTE_WRAPPERS.insert(0, (predicate, wrapper_class))


def _attribute_class(core: Any) -> type[Attribute]:
    for predicate, cls in _ATTRIBUTE_WRAPPERS:
        if predicate(core):
            return cls
    cls = _BY_CORE_CLASS.get(type(core))
    if cls is not None:
        return cls
    if isinstance(core, DenseArray):
        return _DENSE_ARRAY_CLASSES.get(core.element_type, Attribute)
    if isinstance(core, DenseElements):
        for dense_cls in (DenseIntElementsAttr, DenseFPElementsAttr):
            if dense_cls._matches(core):
                return dense_cls
        return DenseElementsAttr
    if isinstance(core, SymbolRef):
        return SymbolRefAttr if core.nested else FlatSymbolRefAttr
    if isinstance(core, _CORE_TYPES):
        return TypeAttr
    if isinstance(core, int):
        return IntegerAttr
    return Attribute


def wrap_attribute(core: Any) -> Attribute:
    """The most specific ``ir.Attribute`` class for a core attribute value."""
    obj = object.__new__(_attribute_class(core))
    obj._core = core
    return obj


ir_types.wrap_attribute_hook = wrap_attribute

__all__ = [
    "AffineMapAttr", "ArrayAttr", "Attribute", "BoolAttr", "DenseBoolArrayAttr",
    "DenseElementsAttr", "DenseF32ArrayAttr", "DenseF64ArrayAttr", "DenseFPElementsAttr",
    "DenseI16ArrayAttr", "DenseI32ArrayAttr", "DenseI64ArrayAttr", "DenseI8ArrayAttr",
    "DenseIntElementsAttr", "DenseResourceElementsAttr", "DictAttr", "FlatSymbolRefAttr",
    "FloatAttr", "IntegerAttr", "NamedAttribute", "OpaqueAttr", "StridedLayoutAttr",
    "StringAttr", "SymbolRefAttr", "TypeAttr", "UnitAttr", "register_attribute_wrapper",
    "wrap_attribute",
]
