"""MLIR Python type classes (``ir.Type`` and subclasses) over the core types.

Each wrapper holds the core type in ``_core``: a :class:`TensorType`,
:class:`TokenType`, :class:`TupleType`, :class:`FunctionType`,
:class:`QuantizedType` or an element-type spelling (``"f32"``, ``"ui8"``,
``"index"``, ``"complex<f32>"``). Equality and hashing are by the core value;
``str()`` is the MLIR spelling.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from jaxlib._src.ir.element_types import BY_MLIR, FLOAT
from jaxlib._src.ir.types import (
    FunctionType as CoreFunctionType,
)
from jaxlib._src.ir.types import (
    TensorType,
    is_complex,
    is_integer,
)
from jaxlib._src.ir.types import (
    TupleType as CoreTupleType,
)

# MLIR's kDynamic for shapes (ShapedType.get_dynamic_size()).
DYNAMIC_SIZE = -9223372036854775808


def current_context() -> Any:
    """The current ir.Context (ir.py installs the real lookup)."""
    return None


def wrap_attribute_hook(core: Any) -> Any:
    """ir_attributes.wrap_attribute (installed by that module, which imports this one)."""
    raise NotImplementedError


def unsupported(what: str) -> NotImplementedError:
    return NotImplementedError(f"{what} is not supported by this jaxlib")


class Type:
    """An MLIR type. ``Type(t)`` and ``SubType(t)`` cast (ValueError if ``t``
    is not of that kind)."""

    __slots__ = ("_core",)
    _core: Any

    def __init__(self, cast_from: Type) -> None:
        if not isinstance(cast_from, Type):
            raise TypeError(f"expected an ir.Type, got {type(cast_from).__name__}")
        if not type(self)._matches(cast_from._core):
            raise ValueError(f"Cannot cast type to {type(self).__name__} (from {cast_from})")
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
        return isinstance(other, Type) and cls._matches(other._core)

    @staticmethod
    def parse(asm: str, context: Any = None) -> Type:
        from jaxlib._src.frontends.mlir_text import MlirParser, ParseError

        try:
            parser = MlirParser(asm)
            core = parser.parse_type()
            if parser.token.kind != "eof":
                raise parser.error("unexpected text after the type")
        except ParseError as err:
            raise ValueError(f"Unable to parse type: '{asm}': {err}") from None
        return wrap_type(core)

    @property
    def context(self) -> Any:
        return current_context()

    @property
    def typeid(self) -> Any:
        return type(self)

    def maybe_downcast(self) -> Type:
        return wrap_type(self._core)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Type) and self._core == other._core

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self._core)

    def __str__(self) -> str:
        return str(self._core)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._core})"

    def dump(self) -> None:
        print(self)


# --- scalar types -----------------------------------------------------------------


class IntegerType(Type):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, str) and is_integer(core)

    @staticmethod
    def get_signless(width: int, context: Any = None) -> IntegerType:
        return IntegerType._from_core(f"i{int(width)}")

    @staticmethod
    def get_signed(width: int, context: Any = None) -> IntegerType:
        return IntegerType._from_core(f"si{int(width)}")

    @staticmethod
    def get_unsigned(width: int, context: Any = None) -> IntegerType:
        return IntegerType._from_core(f"ui{int(width)}")

    @property
    def width(self) -> int:
        return int(self._core.lstrip("isu"))

    @property
    def is_signless(self) -> bool:
        return self._core.startswith("i")

    @property
    def is_signed(self) -> bool:
        return self._core.startswith("si")

    @property
    def is_unsigned(self) -> bool:
        return self._core.startswith("ui")


class IndexType(Type):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return core == "index"

    @staticmethod
    def get(context: Any = None) -> IndexType:
        return IndexType._from_core("index")


class NoneType(Type):
    """MLIR's ``none`` type: the IR has no such type."""

    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return False

    @staticmethod
    def get(context: Any = None) -> NoneType:
        raise unsupported("ir.NoneType")


class FloatType(Type):
    __slots__ = ()
    _spelling: ClassVar[str | None] = None

    @classmethod
    def _matches(cls, core: Any) -> bool:
        if not isinstance(core, str):
            return False
        if cls._spelling is not None:
            return core == cls._spelling
        row = BY_MLIR.get(core)
        return row is not None and row.category == FLOAT

    @classmethod
    def get(cls, context: Any = None) -> Any:
        if cls._spelling is None:
            raise TypeError("ir.FloatType is abstract: use F32Type.get() etc.")
        return cls._from_core(cls._spelling)

    @property
    def width(self) -> int:
        return BY_MLIR[self._core].bits


# One class per float element type jax names (mlir.py's dtype table).
_FLOAT_CLASSES: dict[str, type[FloatType]] = {}


def _float_class(name: str, spelling: str) -> type[FloatType]:
    cls = type(name, (FloatType,), {"__slots__": (), "_spelling": spelling})
    _FLOAT_CLASSES[spelling] = cls
    return cls


F16Type = _float_class("F16Type", "f16")
BF16Type = _float_class("BF16Type", "bf16")
F32Type = _float_class("F32Type", "f32")
F64Type = _float_class("F64Type", "f64")
FloatTF32Type = _float_class("FloatTF32Type", "tf32")
Float8E4M3FNType = _float_class("Float8E4M3FNType", "f8E4M3FN")
Float8E5M2Type = _float_class("Float8E5M2Type", "f8E5M2")
Float8E4M3Type = _float_class("Float8E4M3Type", "f8E4M3")
Float8E4M3FNUZType = _float_class("Float8E4M3FNUZType", "f8E4M3FNUZ")
Float8E4M3B11FNUZType = _float_class("Float8E4M3B11FNUZType", "f8E4M3B11FNUZ")
Float8E5M2FNUZType = _float_class("Float8E5M2FNUZType", "f8E5M2FNUZ")
Float8E3M4Type = _float_class("Float8E3M4Type", "f8E3M4")
Float8E8M0FNUType = _float_class("Float8E8M0FNUType", "f8E8M0FNU")
Float4E2M1FNType = _float_class("Float4E2M1FNType", "f4E2M1FN")
Float6E2M3FNType = _float_class("Float6E2M3FNType", "f6E2M3FN")
Float6E3M2FNType = _float_class("Float6E3M2FNType", "f6E3M2FN")


class ComplexType(Type):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, str) and is_complex(core)

    @staticmethod
    def get(element_type: Type) -> ComplexType:
        if element_type._core not in ("f32", "f64"):
            raise unsupported(f"complex<{element_type}> (only complex<f32> and complex<f64>)")
        return ComplexType._from_core(f"complex<{element_type._core}>")

    @property
    def element_type(self) -> Type:
        return wrap_type(self._core[len("complex<"):-1])


# --- shaped types -----------------------------------------------------------------


class ShapedType(Type):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, TensorType)

    @staticmethod
    def get_dynamic_size() -> int:
        return DYNAMIC_SIZE

    @staticmethod
    def is_dynamic_size(dim: int) -> bool:
        return dim == DYNAMIC_SIZE

    @property
    def element_type(self) -> Type:
        return wrap_type(self._core.element_type)

    @property
    def has_rank(self) -> bool:
        return True

    @property
    def rank(self) -> int:
        return len(self._core.shape)

    @property
    def shape(self) -> list[int]:
        return [DYNAMIC_SIZE if d is None else d for d in self._core.shape]

    @property
    def has_static_shape(self) -> bool:
        return None not in self._core.shape

    def is_dynamic_dim(self, dim: int) -> bool:
        return self._core.shape[dim] is None

    def get_dim_size(self, dim: int) -> int:
        size = self._core.shape[dim]
        return DYNAMIC_SIZE if size is None else size

    def get_num_elements(self) -> int:
        return self._core.num_elements


class RankedTensorType(ShapedType):
    __slots__ = ()

    @staticmethod
    def get(shape: Sequence[int], element_type: Type, encoding: Any = None,
            loc: Any = None) -> RankedTensorType:
        dims = tuple(None if d == DYNAMIC_SIZE else int(d) for d in shape)
        core_encoding = None if encoding is None else encoding._core
        return RankedTensorType._from_core(TensorType(dims, element_type._core, core_encoding))

    @property
    def encoding(self) -> Any:
        encoding = self._core.encoding
        return None if encoding is None else wrap_attribute_hook(encoding)


class _UnsupportedShaped(ShapedType):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return False

    @classmethod
    def get(cls, *args: Any, **kwargs: Any) -> Any:
        raise unsupported(f"ir.{cls.__name__}")


class UnrankedTensorType(_UnsupportedShaped):
    __slots__ = ()


class VectorType(_UnsupportedShaped):
    __slots__ = ()


class MemRefType(_UnsupportedShaped):
    __slots__ = ()


class UnrankedMemRefType(_UnsupportedShaped):
    __slots__ = ()


# --- other types ------------------------------------------------------------------


class TupleType(Type):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, CoreTupleType)

    @staticmethod
    def get_tuple(elements: Sequence[Type], context: Any = None) -> TupleType:
        return TupleType._from_core(CoreTupleType(tuple(t._core for t in elements)))

    @property
    def num_types(self) -> int:
        return len(self._core.types)

    def get_type(self, pos: int) -> Type:
        return wrap_type(self._core.types[pos])


class FunctionType(Type):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return isinstance(core, CoreFunctionType)

    @staticmethod
    def get(inputs: Sequence[Type], results: Sequence[Type], context: Any = None) -> FunctionType:
        return FunctionType._from_core(CoreFunctionType(tuple(t._core for t in inputs),
                                                        tuple(t._core for t in results)))

    @property
    def inputs(self) -> list[Type]:
        return [wrap_type(t) for t in self._core.inputs]

    @property
    def results(self) -> list[Type]:
        return [wrap_type(t) for t in self._core.results]


class OpaqueType(Type):
    __slots__ = ()

    @classmethod
    def _matches(cls, core: Any) -> bool:
        return False

    @staticmethod
    def get(*args: Any, **kwargs: Any) -> OpaqueType:
        raise unsupported("ir.OpaqueType")


# --- wrapping ---------------------------------------------------------------------

# Extra (predicate, class) pairs, newest first: dialect types (stablehlo.TokenType).
_TYPE_WRAPPERS: list[tuple[Callable[[Any], bool], type[Type]]] = []


def register_type_wrapper(predicate_or_class: Any, wrapper_class: type[Type]) -> None:
    """Core types matching ``predicate_or_class`` (a predicate or a core class)
    wrap as ``wrapper_class`` (e.g. TokenType -> stablehlo.TokenType)."""
    if isinstance(predicate_or_class, type):
        core_class = predicate_or_class

        def predicate(core: Any) -> bool:
            return isinstance(core, core_class)
    else:
        predicate = predicate_or_class
    _TYPE_WRAPPERS.insert(0, (predicate, wrapper_class))
    _WRAP_CACHE.clear()


# Wrapper class by core type (types are few and immutable).
_WRAP_CACHE: dict[Any, type[Type]] = {}


def _wrapper_class(core: Any) -> type[Type]:
    for predicate, cls in _TYPE_WRAPPERS:
        if predicate(core):
            return cls
    if isinstance(core, TensorType):
        return RankedTensorType
    if isinstance(core, str):
        if core in _FLOAT_CLASSES:
            return _FLOAT_CLASSES[core]
        if is_integer(core):
            return IntegerType
        if is_complex(core):
            return ComplexType
        if core == "index":
            return IndexType
    if isinstance(core, CoreFunctionType):
        return FunctionType
    if isinstance(core, CoreTupleType):
        return TupleType
    return Type  # TokenType (until the stablehlo module registers it), QuantizedType


def wrap_type(core: Any) -> Type:
    """The most specific ``ir.Type`` class for a core type."""
    try:
        cls = _WRAP_CACHE.get(core)
    except TypeError:  # an unhashable encoding
        cls = None
    if cls is None:
        cls = _wrapper_class(core)
        try:
            _WRAP_CACHE[core] = cls
        except TypeError:
            pass
    obj = object.__new__(cls)
    obj._core = core
    return obj


__all__ = [
    "BF16Type", "ComplexType", "F16Type", "F32Type", "F64Type", "Float4E2M1FNType",
    "Float6E2M3FNType", "Float6E3M2FNType", "Float8E3M4Type", "Float8E4M3B11FNUZType",
    "Float8E4M3FNType", "Float8E4M3FNUZType", "Float8E4M3Type", "Float8E5M2FNUZType",
    "Float8E5M2Type", "Float8E8M0FNUType", "FloatTF32Type", "FloatType", "FunctionType",
    "IndexType", "IntegerType", "MemRefType", "NoneType", "OpaqueType", "RankedTensorType",
    "ShapedType", "TupleType", "Type", "UnrankedMemRefType", "UnrankedTensorType", "VectorType",
    "register_type_wrapper", "wrap_type",
]
