"""XLA's shardings as the compiler sees them: ``OpSharding`` and ``HloSharding``.

* ``OpSharding`` mirrors XLA's ``OpSharding`` proto (xla_data.proto) and
  reads/writes the protobuf wire format itself (base/protowire.py), so no
  protobuf dependency.
* ``HloSharding`` is XLA's in-memory sharding: replicated, maximal (one
  device), tiled (optionally with partially replicated / manual subgroup
  dimensions), manual, unknown, unreduced, or a tuple of those.  It prints and
  parses the HLO text syntax (``{devices=[2,1]0,1}``, ``{devices=[4]<=[4]}``).

Device ids inside an ``HloSharding`` are positions in a device assignment:
nothing here knows devices, so passes and the compiler use it without the
runtime; the runtime's ``Sharding`` classes (runtime/sharding.py) are built on
it.
"""

from __future__ import annotations

import enum
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from jaxlib._src.base import protowire
from jaxlib._src.base.errors import invalid_argument
from jaxlib._src.base.protowire import (
    WIRE_BYTES,
    WIRE_VARINT,
    WireReader,
    as_int32,
    as_int64,
    read_repeated_ints,
)
from jaxlib._src.base.untrusted import INT64_MAX, INT64_MIN, bounded_product

Shape = tuple[int, ...]
Index = tuple[Any, ...]  # one entry per array dimension: a slice, or an int for pmap's Unstacked

# Bytes and text are untrusted. protobuf's default recursion limit also bounds
# tuple nesting in the text syntax (the parsers recurse once per level).
_MAX_NESTING_DEPTH = 100
# A tuple element is 2 bytes on the wire but ~600 bytes of Python objects:
# bound the count so memory stays proportional to the input.
_MAX_PROTO_MESSAGES = 1 << 18
# Beyond any real system; a device array this size is 32 MiB, and hashing or
# comparing a sharding materializes it.
_MAX_TILE_DEVICES = 1 << 22
# numpy 1.x's largest array rank: a tile assignment must fit in an array.
_MAX_TILE_RANK = 32


class _FieldError(ValueError):
    """A malformed field; its message already names the path to it."""



# --------------------------------------------------------------------------
# OpSharding
# --------------------------------------------------------------------------


class _OpShardingType(enum.IntEnum):
    REPLICATED = 0
    MAXIMAL = 1
    TUPLE = 2
    OTHER = 3
    MANUAL = 4
    UNKNOWN = 5
    UNREDUCED = 6


class _ShardGroupType(enum.IntEnum):
    AS = 0
    LIKE = 1


def _enum_value(enum_cls, value: int, field: str):
    try:
        return enum_cls(value)
    except ValueError:
        raise ValueError(f"OpSharding.{field} has unknown enum value {value}") from None


class OpSharding:
    """XLA's ``OpSharding`` message (xla_data.proto), field for field.

    ``tile_shape`` (a ShapeProto) and ``metadata`` (OpMetadata messages) are
    carried as their serialized bytes: XLA ignores the first and the second is
    debugging information, so nothing here needs to look inside them.
    """

    Type = _OpShardingType
    ShardGroupType = _ShardGroupType

    _LIST_FIELDS = (
        "tile_assignment_dimensions",
        "tile_assignment_devices",
        "tuple_shardings",
        "metadata",
        "last_tile_dims",
        "iota_reshape_dims",
        "iota_transpose_perm",
    )
    _FIELDS = (
        "type",
        "tile_shape",
        "tile_assignment_dimensions",
        "tile_assignment_devices",
        "tuple_shardings",
        "replicate_on_last_tile_dim",
        "metadata",
        "last_tile_dims",
        "iota_reshape_dims",
        "iota_transpose_perm",
        "is_shard_group",
        "shard_group_id",
        "shard_group_type",
    )

    def __init__(self, **fields: Any):
        self.Clear()
        for name, value in fields.items():
            if name not in self._FIELDS:
                raise TypeError(f"OpSharding has no field {name!r}")
            setattr(self, name, list(value) if name in self._LIST_FIELDS else value)

    def Clear(self) -> None:
        self.type: _OpShardingType = _OpShardingType.REPLICATED
        self.tile_shape: bytes | None = None
        self.tile_assignment_dimensions: list[int] = []
        self.tile_assignment_devices: list[int] = []
        self.tuple_shardings: list[OpSharding] = []
        self.replicate_on_last_tile_dim: bool = False
        self.metadata: list[bytes] = []
        self.last_tile_dims: list[_OpShardingType] = []
        self.iota_reshape_dims: list[int] = []
        self.iota_transpose_perm: list[int] = []
        self.is_shard_group: bool = False
        self.shard_group_id: int = 0
        self.shard_group_type: _ShardGroupType = _ShardGroupType.AS

    # -- wire format ----------------------------------------------------------

    def SerializeToString(self) -> bytes:
        out = bytearray()
        protowire.encode_scalar(1, int(self.type), out)
        if self.tile_shape is not None:
            protowire.encode_bytes_field(2, bytes(self.tile_shape), out)
        protowire.encode_packed(3, self.tile_assignment_dimensions, out)
        protowire.encode_packed(4, self.tile_assignment_devices, out)
        for element in self.tuple_shardings:
            protowire.encode_bytes_field(5, element.SerializeToString(), out)
        protowire.encode_scalar(6, int(bool(self.replicate_on_last_tile_dim)), out)
        for metadata in self.metadata:
            protowire.encode_bytes_field(7, bytes(metadata), out)
        protowire.encode_packed(8, [int(t) for t in self.last_tile_dims], out)
        protowire.encode_packed(9, self.iota_reshape_dims, out)
        protowire.encode_packed(10, self.iota_transpose_perm, out)
        protowire.encode_scalar(11, int(bool(self.is_shard_group)), out)
        protowire.encode_scalar(12, int(self.shard_group_id), out)
        protowire.encode_scalar(13, int(self.shard_group_type), out)
        return bytes(out)

    def ParseFromString(self, data: bytes) -> int:
        """Replaces this message's contents with ``data``; returns its length.
        Unknown fields are skipped, as protobuf readers do. Malformed data is a
        ValueError naming the problem; data that is not bytes a TypeError."""
        # bytes(n) of an int would be n zero bytes (or a huge allocation).
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"OpSharding must be parsed from bytes, got {type(data).__name__}")
        data = bytes(data)
        self.Clear()
        self._merge(data, 0, [1], "")
        return len(data)

    @classmethod
    def FromString(cls, data: bytes) -> OpSharding:
        message = cls()
        message.ParseFromString(data)
        return message

    def _merge(self, data: bytes | memoryview, depth: int, messages: list[int],
               where: str) -> None:
        """``depth``: tuple nesting level; ``messages``: a one-element count of
        the messages built by this parse, shared by every level; ``where``:
        the path to this message, for errors."""
        reader = WireReader(data)
        while not reader.at_end():
            key = reader.varint()
            field, wire_type = key >> 3, key & 7
            if field == 0 or field > protowire.MAX_FIELD_NUMBER:
                raise ValueError(f"invalid field number {field} before byte {reader.pos}")
            try:
                self._merge_field(reader, field, wire_type, depth, messages, where)
            except _FieldError:
                raise  # already names its field
            except ValueError as error:
                raise _FieldError(
                    f"malformed OpSharding ({where}field {field}): {error}") from None

    def _merge_field(self, reader: WireReader, field: int, wire_type: int, depth: int,
                     messages: list[int], where: str) -> None:
        def expect(expected: int) -> None:
            if wire_type != expected:
                raise ValueError(f"expected wire type {expected}, got {wire_type}")

        if field == 1:
            expect(WIRE_VARINT)
            self.type = _enum_value(_OpShardingType, reader.varint(), "type")
        elif field == 2:
            expect(WIRE_BYTES)
            self.tile_shape = reader.take(reader.varint())
        elif field == 3:
            self.tile_assignment_dimensions += read_repeated_ints(reader, wire_type, as_int64)
        elif field == 4:
            self.tile_assignment_devices += read_repeated_ints(reader, wire_type, as_int64)
        elif field == 5:
            expect(WIRE_BYTES)
            payload = reader.view(reader.varint())
            if depth >= _MAX_NESTING_DEPTH:
                raise ValueError(
                    f"tuple_shardings nested deeper than {_MAX_NESTING_DEPTH} levels")
            messages[0] += 1
            if messages[0] > _MAX_PROTO_MESSAGES:
                raise ValueError(f"more than {_MAX_PROTO_MESSAGES} tuple_shardings in all")
            element = OpSharding()
            element._merge(payload, depth + 1, messages,
                           f"{where}tuple_shardings[{len(self.tuple_shardings)}] ")
            self.tuple_shardings.append(element)
        elif field == 6:
            expect(WIRE_VARINT)
            self.replicate_on_last_tile_dim = reader.varint() != 0
        elif field == 7:
            expect(WIRE_BYTES)
            self.metadata.append(reader.take(reader.varint()))
        elif field == 8:
            for value in read_repeated_ints(reader, wire_type, as_int32):
                self.last_tile_dims.append(_enum_value(_OpShardingType, value, "last_tile_dims"))
        elif field == 9:
            self.iota_reshape_dims += read_repeated_ints(reader, wire_type, as_int64)
        elif field == 10:
            self.iota_transpose_perm += read_repeated_ints(reader, wire_type, as_int32)
        elif field == 11:
            expect(WIRE_VARINT)
            self.is_shard_group = reader.varint() != 0
        elif field == 12:
            expect(WIRE_VARINT)
            self.shard_group_id = as_int64(reader.varint())
        elif field == 13:
            expect(WIRE_VARINT)
            self.shard_group_type = _enum_value(
                _ShardGroupType, reader.varint(), "shard_group_type"
            )
        else:
            reader.skip(wire_type)

    # -- value semantics --------------------------------------------------------

    def _key(self) -> tuple:
        return tuple(
            tuple(getattr(self, name)) if name in self._LIST_FIELDS else getattr(self, name)
            for name in self._FIELDS
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OpSharding):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # mutable, like protobuf messages

    def CopyFrom(self, other: OpSharding) -> None:
        self.ParseFromString(other.SerializeToString())

    def clone(self) -> OpSharding:
        return OpSharding.FromString(self.SerializeToString())

    def __repr__(self) -> str:
        parts = [f"type: {_OpShardingType(self.type).name}"]
        defaults = OpSharding()
        for name in self._FIELDS[1:]:
            value = getattr(self, name)
            if value != getattr(defaults, name):
                if name == "last_tile_dims":
                    value = [_OpShardingType(t).name for t in value]
                parts.append(f"{name}: {value!r}")
        return f"OpSharding({', '.join(parts)})"


# --------------------------------------------------------------------------
# Tile assignments: which device holds each tile
# --------------------------------------------------------------------------


def _product(values: Iterable[int]) -> int:
    return math.prod(int(v) for v in values)


def _checked_tile_sizes(sizes: Sequence[int], what: str) -> Shape:
    """``sizes`` of a tile assignment (or of its iota), checked before anything
    allocates or multiplies them: a bounded rank, positive, and a bounded
    number of devices (XLA's sizes are int64; past that they would overflow)."""
    if len(sizes) > _MAX_TILE_RANK:
        raise ValueError(f"{what} have rank {len(sizes)}, more than {_MAX_TILE_RANK}")
    sizes = tuple(int(d) for d in sizes)
    if any(d < 1 for d in sizes):
        raise ValueError(f"{what} must be positive, got {list(sizes)}")
    if bounded_product(sizes, _MAX_TILE_DEVICES) is None:
        raise ValueError(
            f"{what} {list(sizes)} hold more than {_MAX_TILE_DEVICES} devices")
    return sizes


def _canonicalize_iota(reshape_dims: Sequence[int], perm: Sequence[int]) -> tuple[Shape, Shape]:
    """XLA's canonical form of ``iota(N).reshape(reshape_dims).transpose(perm)``:
    drop size-1 dimensions and fuse dimensions the transpose keeps adjacent and
    in order, until nothing changes.  [3,4,5]T(1,2,0) becomes [3,20]T(1,0)."""
    dims, order = list(reshape_dims), list(perm)
    while True:
        kept = [i for i, d in enumerate(dims) if d != 1]
        renumber = {old: new for new, old in enumerate(kept)}
        dims = [dims[i] for i in kept]
        order = [renumber[p] for p in order if p in renumber]
        for i in range(1, len(order)):
            major, minor = order[i - 1], order[i]
            if minor == major + 1:
                dims[major] *= dims[minor]
                dims[minor] = 1
                break
        else:
            break
    if not dims:
        return (1,), (0,)
    return tuple(dims), tuple(order)


def _common_factors(sizes_a: Sequence[int], sizes_b: Sequence[int]):
    """The finest sequence of factors both size sequences are groupings of,
    as (factor, index into a, index into b); None when no such sequence exists
    (e.g. [2,3] against [3,2])."""
    factors = []
    ia = ib = -1
    rest_a = rest_b = 1
    while True:
        while rest_a == 1 and ia + 1 < len(sizes_a):
            ia += 1
            rest_a = sizes_a[ia]
        while rest_b == 1 and ib + 1 < len(sizes_b):
            ib += 1
            rest_b = sizes_b[ib]
        if rest_a == 1 and rest_b == 1:
            return factors
        common = min(rest_a, rest_b)
        if rest_a % common or rest_b % common:
            return None
        factors.append((common, ia, ib))
        rest_a //= common
        rest_b //= common


def _check_iota_arguments(dims: Sequence[int], reshape_dims: Sequence[int],
                          transpose_perm: Sequence[int],
                          subgroup_types: Sequence[Any]) -> None:
    if not dims:
        raise invalid_argument("`dims` should not be empty.")
    if len(reshape_dims) != len(transpose_perm):
        raise invalid_argument("`reshape_dims` and `transpose_perm` should have the same size.")
    if reshape_dims and _product(reshape_dims) != _product(dims):
        raise invalid_argument(f"Cannot reshape from `dims` {tuple(dims)} to `reshape_dims` "
                               f"{tuple(reshape_dims)}.")
    if len(subgroup_types) > len(dims):
        raise invalid_argument(f"`subgroup_types`({len(subgroup_types)}) should not have more "
                               f"dimensions than `dims`({len(dims)}).")


class _TileAssignment:
    """An n-d array of device ids, stored either explicitly or as XLA's compact
    iota form ``iota(N).reshape(reshape_dims).transpose(perm)``, viewed with
    shape ``dims``.  Two assignments are equal when their arrays are."""

    __slots__ = ("dims", "iota", "_array")

    def __init__(self, dims: Sequence[int], iota=None, array: np.ndarray | None = None):
        self.dims: Shape = tuple(int(d) for d in dims)
        self.iota: tuple[Shape, Shape] | None = iota
        self._array = array

    @classmethod
    def from_iota(
        cls,
        dims: Sequence[int],
        reshape_dims: Sequence[int] = (),
        perm: Sequence[int] = (),
    ) -> _TileAssignment:
        if not dims:
            raise ValueError("tile assignment dimensions must be positive, got []")
        dims = _checked_tile_sizes(dims, "tile assignment dimensions")
        if not reshape_dims:
            reshape_dims, perm = (_product(dims),), (0,)
        reshape_dims = _checked_tile_sizes(reshape_dims, "iota reshape_dims")
        if len(perm) > _MAX_TILE_RANK:
            raise ValueError(f"iota transpose_perm has {len(perm)} entries, more than "
                             f"{_MAX_TILE_RANK}")
        perm = tuple(int(p) for p in perm) if perm else tuple(range(len(reshape_dims)))
        if sorted(perm) != list(range(len(reshape_dims))):
            raise ValueError(
                f"iota transpose_perm {list(perm)} is not a permutation of the "
                f"{len(reshape_dims)} reshape dimensions {list(reshape_dims)}"
            )
        if _product(reshape_dims) != _product(dims):
            raise ValueError(
                f"iota reshape_dims {list(reshape_dims)} must hold as many devices "
                f"as the tile dimensions {list(dims)}"
            )
        return cls(dims, iota=_canonicalize_iota(reshape_dims, perm))

    @classmethod
    def from_array(cls, array: Any) -> _TileAssignment:
        array = np.array(array, dtype=np.int64)
        if array.ndim == 0:
            array = array.reshape(1)
        if array.ndim > _MAX_TILE_RANK:
            raise ValueError(
                f"tile assignment dimensions have rank {array.ndim}, more than {_MAX_TILE_RANK}")
        array.setflags(write=False)
        return cls(array.shape, array=array)

    @property
    def array(self) -> np.ndarray:
        if self._array is None:
            reshape_dims, perm = self.iota
            array = np.arange(_product(reshape_dims), dtype=np.int64)
            array = array.reshape(reshape_dims).transpose(perm).reshape(self.dims)
            array.setflags(write=False)
            self._array = array
        return self._array

    @property
    def num_elements(self) -> int:
        return _product(self.dims)

    def devices(self) -> list[int]:
        return [int(d) for d in self.array.reshape(-1)]

    def reshape(self, dims: Sequence[int]) -> _TileAssignment:
        if self.iota is not None:
            return _TileAssignment(dims, iota=self.iota)
        return _TileAssignment.from_array(self.array.reshape(tuple(dims)))

    def transpose(self, perm: Sequence[int]) -> _TileAssignment:
        perm = tuple(perm)
        new_dims = tuple(self.dims[p] for p in perm)
        if self.iota is not None:
            transposed = self._transposed_iota(perm)
            if transposed is not None:
                return _TileAssignment(new_dims, iota=transposed)
        return _TileAssignment.from_array(self.array.transpose(perm))

    def _refined_iota(self):
        """Splits the iota's reshape dimensions so every tile dimension is a run
        of whole factors.  Returns (reshape_dims, factor_to_reshape_dim,
        factors_of_tile_dim) or None when the sizes do not line up."""
        reshape_dims, perm = self.iota
        transposed_sizes = [reshape_dims[p] for p in perm]
        factors = _common_factors(transposed_sizes, self.dims)
        if factors is None:
            return None
        factors_of_transposed: dict[int, list[int]] = defaultdict(list)
        factors_of_tile: dict[int, list[int]] = defaultdict(list)
        for f, (_, t, d) in enumerate(factors):
            factors_of_transposed[t].append(f)
            factors_of_tile[d].append(f)
        refined_dims: list[int] = []
        factor_to_reshape_dim: dict[int, int] = {}
        for reshape_dim in range(len(reshape_dims)):
            for f in factors_of_transposed[perm.index(reshape_dim)]:
                factor_to_reshape_dim[f] = len(refined_dims)
                refined_dims.append(factors[f][0])
        return refined_dims, factor_to_reshape_dim, factors_of_tile

    def _transposed_iota(self, tile_perm: Sequence[int]):
        refined = self._refined_iota()
        if refined is None:
            return None
        refined_dims, factor_to_reshape_dim, factors_of_tile = refined
        new_perm = [factor_to_reshape_dim[f] for d in tile_perm for f in factors_of_tile[d]]
        return _canonicalize_iota(refined_dims, new_perm)

    def with_sorted_last_dim(self) -> _TileAssignment:
        """The same groups along the last dimension, each sorted ascending (what
        XLA does to partially replicated shardings), keeping the iota form when
        it can."""
        if self.iota is not None:
            refined = self._refined_iota()
            if refined is not None:
                refined_dims, factor_to_reshape_dim, factors_of_tile = refined
                last = len(self.dims) - 1
                major = [factor_to_reshape_dim[f] for d in range(last) for f in factors_of_tile[d]]
                minor = sorted(factor_to_reshape_dim[f] for f in factors_of_tile[last])
                return _TileAssignment(
                    self.dims, iota=_canonicalize_iota(refined_dims, major + minor)
                )
        groups = np.sort(self.array.reshape(-1, self.dims[-1]), axis=1)
        return _TileAssignment.from_array(groups.reshape(self.dims))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _TileAssignment):
            return NotImplemented
        if self.dims != other.dims:
            return False
        if self.iota is not None and self.iota == other.iota:
            return True
        return bool(np.array_equal(self.array, other.array))

    def __hash__(self) -> int:
        return hash((self.dims, self.array.tobytes()))

    def __str__(self) -> str:
        dims = ",".join(map(str, self.dims))
        if self.iota is not None:
            reshape_dims, perm = self.iota
            text = f"devices=[{dims}]<=[{','.join(map(str, reshape_dims))}]"
            if len(reshape_dims) > 1:
                text += f"T({','.join(map(str, perm))})"
            return text
        return f"devices=[{dims}]{','.join(map(str, self.devices()))}"


# --------------------------------------------------------------------------
# HloSharding
# --------------------------------------------------------------------------

_T = _OpShardingType

# XLA orders subgroup dimensions by this list when it normalizes them.
_SUBGROUP_ORDER = (
    _T.MAXIMAL,
    _T.TUPLE,
    _T.OTHER,
    _T.MANUAL,
    _T.UNREDUCED,
    _T.REPLICATED,
    _T.UNKNOWN,
)
_SUBGROUP_NAMES = {
    _T.MANUAL: "manual",
    _T.MAXIMAL: "maximal",
    _T.REPLICATED: "replicated",
    _T.UNREDUCED: "unreduced",
}
_SUBGROUP_BY_NAME = {name: t for t, name in _SUBGROUP_NAMES.items()}

_REPLICATED, _MANUAL, _UNKNOWN, _UNREDUCED = "replicated", "manual", "unknown", "unreduced"
_MAXIMAL, _TILED, _TUPLE = "maximal", "tiled", "tuple"
_LEAF_KINDS_WITHOUT_TILES = (_REPLICATED, _MANUAL, _UNKNOWN, _UNREDUCED)


class HloSharding:
    """XLA's HloSharding.  Immutable and hashable; equal when the device arrays
    agree, whether written out or in iota form.  Build one with the static
    constructors, ``from_proto`` or ``from_string``."""

    __slots__ = (
        "_kind",
        "_tiles",
        "_device",
        "_replicate_on_last_tile_dim",
        "_subgroup_types",
        "_elements",
        "_shard_group",
    )

    def __init__(
        self,
        _kind: str,
        _tiles: _TileAssignment | None = None,
        _device: int = 0,
        _replicate_on_last_tile_dim: bool = False,
        _subgroup_types: Sequence[_OpShardingType] = (),
        _elements: Sequence[HloSharding] = (),
        _shard_group: tuple[int, bool] | None = None,
    ):
        # Internal: the static constructors below are the public way in.
        if _kind not in (*_LEAF_KINDS_WITHOUT_TILES, _MAXIMAL, _TILED, _TUPLE):
            raise ValueError(f"unknown HloSharding kind {_kind!r}; use the static constructors")
        self._kind = _kind
        self._tiles = _tiles
        self._device = int(_device)
        self._replicate_on_last_tile_dim = bool(_replicate_on_last_tile_dim)
        self._subgroup_types = tuple(_OpShardingType(t) for t in _subgroup_types)
        self._elements = tuple(_elements)
        self._shard_group = _shard_group  # (id, shard_as) or None

    # -- constructors ----------------------------------------------------------

    @staticmethod
    def replicate() -> HloSharding:
        return HloSharding(_REPLICATED)

    @staticmethod
    def manual() -> HloSharding:
        return HloSharding(_MANUAL)

    @staticmethod
    def unknown() -> HloSharding:
        return HloSharding(_UNKNOWN)

    @staticmethod
    def unreduced() -> HloSharding:
        return HloSharding(_UNREDUCED)

    @staticmethod
    def maximal(device_id: int) -> HloSharding:
        return HloSharding(_MAXIMAL, _device=device_id)

    assign_device = maximal

    @staticmethod
    def iota_tile(
        dims: Sequence[int],
        reshape_dims: Sequence[int] = (),
        transpose_perm: Sequence[int] = (),
        subgroup_types: Sequence[_OpShardingType] = (),
    ) -> HloSharding:
        """Tiles ``dims`` with devices ``iota(N).reshape(reshape_dims)
        .transpose(transpose_perm)``; the last ``len(subgroup_types)``
        dimensions are subgroups (replicated, manual, ...) instead of data.
        Bad arguments are INVALID_ARGUMENT errors with XLA's messages."""
        _check_iota_arguments(dims, reshape_dims, transpose_perm, subgroup_types)
        tiles = _TileAssignment.from_iota(dims, reshape_dims, transpose_perm)
        return HloSharding._subgroup(tiles, subgroup_types)

    @staticmethod
    def subgroup_with_device_ordering(
        tile_assignment: Any, subgroup_types: Sequence[_OpShardingType] = ()
    ) -> HloSharding:
        """Tiles with an explicit n-d array of device ids."""
        return HloSharding._subgroup(_TileAssignment.from_array(tile_assignment), subgroup_types)

    @staticmethod
    def tuple_sharding(*args: Any) -> HloSharding:
        """A tuple of shardings: ``tuple_sharding(shardings)``, or XLA's
        ``tuple_sharding(shape, shardings)`` (the shape is not needed)."""
        if len(args) not in (1, 2):
            raise TypeError(f"tuple_sharding takes (shardings) or (shape, shardings), "
                            f"got {len(args)} arguments")
        shardings = args[-1]
        elements = []
        for sharding in shardings:
            if not isinstance(sharding, HloSharding):
                raise TypeError(f"tuple_sharding expects HloSharding elements, got {sharding!r}")
            # XLA stores a flat list of leaves in pre-order.
            elements.extend(sharding._elements if sharding.is_tuple() else [sharding])
        return HloSharding(_TUPLE, _elements=elements)

    @staticmethod
    def _tiled(
        tiles: _TileAssignment,
        replicate_on_last_tile_dim: bool = False,
        subgroup_types: Sequence[_OpShardingType] = (),
    ) -> HloSharding:
        return HloSharding(
            _TILED,
            _tiles=tiles,
            _replicate_on_last_tile_dim=replicate_on_last_tile_dim,
            _subgroup_types=subgroup_types,
        )

    @staticmethod
    def _partial_tile(tiles: _TileAssignment) -> HloSharding:
        """Tiled on all but the last dimension, replicated across the last."""
        dims = tiles.dims
        if len(dims) == 1 or dims[-1] == tiles.num_elements:
            return HloSharding.replicate()
        if dims[-1] == 1:
            return HloSharding._tiled(tiles.reshape(dims[:-1]))
        return HloSharding._tiled(tiles.with_sorted_last_dim(), replicate_on_last_tile_dim=True)

    @staticmethod
    def _subgroup(tiles: _TileAssignment, subgroup_types: Sequence[_OpShardingType]) -> HloSharding:
        """XLA's HloSharding::Subgroup: normalizes the subgroup dimensions (drops
        size-1 ones, merges equal types, orders them) and canonicalizes to
        replicated/manual when no data dimension is tiled."""
        types = [_OpShardingType(t) for t in subgroup_types]
        if not types:
            return HloSharding._tiled(tiles)
        data_rank = len(tiles.dims) - len(types)
        if data_rank < 0:
            raise ValueError(
                f"{len(types)} subgroup types given for a tile assignment of rank {len(tiles.dims)}"
            )
        for t in types:
            if t not in (_T.REPLICATED, _T.MANUAL, _T.UNREDUCED):
                raise ValueError(
                    f"subgroup type {t.name} is not supported (use REPLICATED, MANUAL or UNREDUCED)"
                )
        if len(set(types)) == 1 and _product(tiles.dims[:data_rank]) == 1:
            return {
                _T.MANUAL: HloSharding.manual,
                _T.REPLICATED: HloSharding.replicate,
                _T.UNREDUCED: HloSharding.unreduced,
            }[types[0]]()

        dims_by_type: dict[_OpShardingType, list[int]] = defaultdict(list)
        removed: list[int] = []
        for i, t in enumerate(types):
            dim = data_rank + i
            if tiles.dims[dim] == 1:
                removed.append(dim)
            else:
                dims_by_type[t].append(dim)
        needs_merging = (
            bool(removed) or len(dims_by_type) > 1 or any(len(v) > 1 for v in dims_by_type.values())
        )
        if needs_merging:
            perm = list(range(data_rank))
            merged_dims = list(tiles.dims[:data_rank])
            types = []
            for t in _SUBGROUP_ORDER:
                if dims_by_type.get(t):
                    perm += dims_by_type[t]
                    merged_dims.append(_product(tiles.dims[d] for d in dims_by_type[t]))
                    types.append(t)
            tiles = tiles.transpose(perm + removed).reshape(merged_dims)

        if types == [_T.REPLICATED]:
            return HloSharding._partial_tile(tiles)
        if types == [_T.MANUAL] and tiles.num_elements == tiles.dims[-1]:
            return HloSharding.manual()
        if types and types[-1] == _T.REPLICATED:
            partial = HloSharding._partial_tile(tiles)
            return HloSharding._tiled(partial._tiles, subgroup_types=types)
        return HloSharding._tiled(tiles, subgroup_types=types)

    # -- proto conversion --------------------------------------------------------

    @staticmethod
    def from_proto(proto: OpSharding) -> HloSharding:
        """The sharding an OpSharding describes; ValueError if it is invalid."""
        return HloSharding._from_proto(proto, 0)

    @staticmethod
    def _from_proto(proto: OpSharding, depth: int) -> HloSharding:
        if not isinstance(proto, OpSharding):
            raise TypeError(f"from_proto expects an OpSharding, got {type(proto).__name__}")
        # A message built in Python can nest deeper than a parsed one.
        if depth > _MAX_NESTING_DEPTH:
            raise ValueError(
                f"OpSharding tuple_shardings nested deeper than {_MAX_NESTING_DEPTH} levels")
        sharding = HloSharding._from_proto_body(proto, depth)
        if proto.is_shard_group:
            sharding = sharding._with_shard_group(
                proto.shard_group_id, proto.shard_group_type == _ShardGroupType.AS
            )
        return sharding

    @staticmethod
    def _from_proto_body(proto: OpSharding, depth: int) -> HloSharding:
        kind = _OpShardingType(proto.type)
        if kind == _T.TUPLE:
            return HloSharding.tuple_sharding(
                [HloSharding._from_proto(e, depth + 1) for e in proto.tuple_shardings]
            )
        if kind == _T.REPLICATED:
            return HloSharding.replicate()
        if kind == _T.MANUAL:
            return HloSharding.manual()
        if kind == _T.UNKNOWN:
            return HloSharding.unknown()
        if kind == _T.UNREDUCED:
            return HloSharding.unreduced()
        if kind == _T.MAXIMAL:
            if len(proto.tile_assignment_devices) != 1:
                raise ValueError(
                    "a MAXIMAL OpSharding needs exactly one tile_assignment_devices "
                    f"entry, got {len(proto.tile_assignment_devices)}"
                )
            return HloSharding.maximal(proto.tile_assignment_devices[0])

        # OTHER: a tiled sharding.
        use_iota = bool(proto.iota_reshape_dims)
        if use_iota:
            if proto.tile_assignment_devices:
                raise ValueError(
                    "OpSharding sets both iota_reshape_dims and tile_assignment_devices"
                )
            if len(proto.iota_reshape_dims) != len(proto.iota_transpose_perm):
                raise ValueError(
                    "OpSharding iota_reshape_dims and iota_transpose_perm differ in length"
                )
            if all(d == 1 for d in proto.iota_reshape_dims):
                return HloSharding.replicate()
        else:
            if not proto.tile_assignment_devices:
                raise ValueError("a tiled (OTHER) OpSharding has no tile_assignment_devices")
            if len(proto.tile_assignment_devices) == 1:
                return HloSharding.replicate()
        dims = list(proto.tile_assignment_dimensions)
        if not dims:
            raise ValueError("a tiled (OTHER) OpSharding has no tile_assignment_dimensions")
        if use_iota:
            tiles = _TileAssignment.from_iota(
                dims, proto.iota_reshape_dims, proto.iota_transpose_perm
            )
        else:
            dims = list(_checked_tile_sizes(dims, "tile_assignment_dimensions"))
            if _product(dims) != len(proto.tile_assignment_devices):
                raise ValueError(
                    f"tile_assignment_dimensions {dims} hold {_product(dims)} devices but "
                    f"tile_assignment_devices has {len(proto.tile_assignment_devices)}"
                )
            tiles = _TileAssignment.from_array(np.reshape(proto.tile_assignment_devices, dims))
        if proto.last_tile_dims:
            if proto.replicate_on_last_tile_dim:
                raise ValueError(
                    "OpSharding sets both last_tile_dims and replicate_on_last_tile_dim"
                )
            return HloSharding._subgroup(tiles, proto.last_tile_dims)
        if proto.replicate_on_last_tile_dim:
            return HloSharding._partial_tile(tiles)
        return HloSharding._tiled(tiles)

    def to_proto(self) -> OpSharding:
        proto = OpSharding()
        if self._kind == _TUPLE:
            proto.type = _T.TUPLE
            proto.tuple_shardings = [e.to_proto() for e in self._elements]
            return proto
        proto.type = {
            _REPLICATED: _T.REPLICATED,
            _MANUAL: _T.MANUAL,
            _UNKNOWN: _T.UNKNOWN,
            _UNREDUCED: _T.UNREDUCED,
            _MAXIMAL: _T.MAXIMAL,
            _TILED: _T.OTHER,
        }[self._kind]
        if self._kind == _MAXIMAL:
            proto.tile_assignment_devices = [self._device]
        elif self._kind == _TILED:
            proto.tile_assignment_dimensions = list(self._tiles.dims)
            if self._tiles.iota is not None:
                proto.iota_reshape_dims = list(self._tiles.iota[0])
                proto.iota_transpose_perm = list(self._tiles.iota[1])
            else:
                proto.tile_assignment_devices = self._tiles.devices()
            proto.replicate_on_last_tile_dim = self._replicate_on_last_tile_dim
            proto.last_tile_dims = list(self._subgroup_types)
        if self._shard_group is not None:
            proto.is_shard_group = True
            proto.shard_group_id = self._shard_group[0]
            proto.shard_group_type = (
                _ShardGroupType.AS if self._shard_group[1] else _ShardGroupType.LIKE
            )
        return proto

    def _with_shard_group(self, group_id: int, shard_as: bool) -> HloSharding:
        return HloSharding(
            self._kind,
            self._tiles,
            self._device,
            self._replicate_on_last_tile_dim,
            self._subgroup_types,
            self._elements,
            (int(group_id), bool(shard_as)),
        )

    # -- queries -------------------------------------------------------------------

    def is_tuple(self) -> bool:
        return self._kind == _TUPLE

    def tuple_elements(self) -> list[HloSharding]:
        return list(self._elements)

    def _all_leaves(self, predicate) -> bool:
        if self._kind == _TUPLE:
            return all(predicate(e) for e in self._elements)
        return predicate(self)

    def is_replicated(self) -> bool:
        return self._all_leaves(lambda s: s._kind == _REPLICATED)

    def is_manual(self) -> bool:
        return self._all_leaves(lambda s: s._kind == _MANUAL)

    def is_unknown(self) -> bool:
        return self._all_leaves(lambda s: s._kind == _UNKNOWN)

    def is_unreduced(self) -> bool:
        return self._all_leaves(lambda s: s._kind == _UNREDUCED)

    def is_maximal(self) -> bool:
        """Tile-maximal, as XLA's IsTileMaximal: one device or replicated."""
        return self._all_leaves(lambda s: s._kind in (_MAXIMAL, _REPLICATED))

    def is_tiled(self) -> bool:
        return self._all_leaves(lambda s: s._kind == _TILED)

    def is_tile_assignment_iota(self) -> bool:
        """Whether the device array is in XLA's compact iota form."""
        return self._kind == _TILED and self._tiles is not None and self._tiles.iota is not None

    def get_axis_sizes(self) -> list[int]:
        """The sizes of the mesh axes the tiling is made of (jax builds a mesh
        from them): the iota's reshape dimensions, each split where a tile
        dimension boundary cuts it. ``[6,35]<=[7,10,3]T(2,1,0)`` reads the
        devices as 3, 10, 7 over tiles 6, 35, which cuts 10 into 2 and 5:
        the axes are [7, 2, 5, 3]."""
        if not self.is_tile_assignment_iota():
            raise ValueError(f"get_axis_sizes needs an iota tile assignment, not {self}")
        reshape_dims, perm = self._tiles.iota
        tiles = [d for d in self._tiles.dims if d != 1]
        pieces: list[list[int]] = [[] for _ in reshape_dims]
        tile = 0
        for axis in perm:
            size = reshape_dims[axis]
            while size > 1:
                while tile < len(tiles) and tiles[tile] == 1:
                    tile += 1
                if tile == len(tiles):
                    raise ValueError(f"{self}: the tile dimensions hold fewer devices than "
                                     "the iota")
                if tiles[tile] % size == 0:
                    piece = size
                elif size % tiles[tile] == 0:
                    piece = tiles[tile]
                else:
                    raise ValueError(f"{self}: iota dimension {reshape_dims[axis]} does not "
                                     "split along the tile dimensions")
                pieces[axis].append(piece)
                size //= piece
                tiles[tile] //= piece
        return [piece for axis_pieces in pieces for piece in axis_pieces]

    def _require_leaf(self, what: str) -> None:
        if self._kind == _TUPLE:
            raise ValueError(
                f"{what} is not defined for the tuple sharding {self}; ask its elements"
            )

    def tile(self, shape: Any) -> Any:
        """The shape of one device's tile of ``shape`` (an XLA shape: its
        class builds the result), dimensions rounded up as XLA tiles them."""
        if shape.is_tuple():
            parts = shape.tuple_shapes()
            leaves = self.tuple_elements() if self.is_tuple() else [self] * len(parts)
            return type(shape).tuple_shape([s.tile(p) for s, p in zip(leaves, parts)])
        dims = list(shape.dimensions())
        if self._kind == _TILED:
            ways = self.tile_assignment_dimensions()[:self.tiled_data_rank()]
            if len(ways) != len(dims):
                raise ValueError(f"sharding {self} tiles {len(ways)} dimensions, the shape "
                                 f"has {len(dims)}")
            dims = [-(-d // w) for d, w in zip(dims, ways)]
        return type(shape).array_shape(shape.numpy_dtype(), dims)

    def tile_assignment_dimensions(self) -> list[int]:
        self._require_leaf("tile_assignment_dimensions")
        return list(self._tiles.dims) if self._kind == _TILED else [1]

    def tile_assignment_devices(self) -> list[int]:
        self._require_leaf("tile_assignment_devices")
        if self._kind == _TILED:
            return self._tiles.devices()
        if self._kind == _MAXIMAL:
            return [self._device]
        return []  # replicated and manual shardings have no tile assignment

    def num_devices(self) -> int:
        self._require_leaf("num_devices")
        return self._tiles.num_elements if self._kind == _TILED else 1

    def num_dimensions(self) -> int:
        return len(self.tile_assignment_dimensions())

    def replicate_on_last_tile_dim(self) -> bool:
        return self._replicate_on_last_tile_dim

    def subgroup_types(self) -> list[_OpShardingType]:
        return list(self._subgroup_types)

    def tiled_data_rank(self) -> int:
        """Tile dimensions that split data (the rest are subgroups)."""
        if self._kind != _TILED:
            raise ValueError(f"tiled_data_rank needs a tiled sharding, got {self}")
        return (
            len(self._tiles.dims)
            - int(self._replicate_on_last_tile_dim)
            - len(self._subgroup_types)
        )

    def unique_device(self) -> int | None:
        return self._device if self._kind == _MAXIMAL else None

    # -- equality, hashing, printing -------------------------------------------

    def _key(self) -> tuple:
        return (
            self._kind,
            self._tiles,
            self._device,
            self._replicate_on_last_tile_dim,
            self._subgroup_types,
            self._elements,
            self._shard_group,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HloSharding):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def to_string(self) -> str:
        if self._kind == _TUPLE:
            if not self._elements:
                return "{}"
            parts = [self._elements[0].to_string()]
            for i, element in enumerate(self._elements[1:], start=1):
                # XLA numbers every fifth element to keep long tuples readable.
                separator = f", /*index={i}*/" if i % 5 == 0 else ", "
                parts.append(separator + element.to_string())
            return "{" + "".join(parts) + "}"
        if self._kind in _LEAF_KINDS_WITHOUT_TILES:
            body = self._kind
        elif self._kind == _MAXIMAL:
            body = f"maximal device={self._device}"
        else:
            body = str(self._tiles)
            if self._replicate_on_last_tile_dim:
                body += " last_tile_dim_replicate"
            if self._subgroup_types:
                names = ", ".join(
                    _SUBGROUP_NAMES.get(t, "error_type.") for t in self._subgroup_types
                )
                body += f" last_tile_dims={{{names}}}"
        if self._shard_group is not None:
            group_id, shard_as = self._shard_group
            body += f" {'shard_as' if shard_as else 'shard_like'} {group_id}"
        return "{" + body + "}"

    __str__ = to_string
    __repr__ = to_string

    # -- parsing -------------------------------------------------------------------

    @staticmethod
    def from_string(text: str) -> HloSharding:
        """Parses XLA's HLO text syntax, e.g. ``{devices=[2,1,2]<=[4]
        last_tile_dim_replicate}``.  ``metadata={...}`` is accepted and
        dropped: it is debugging information this HloSharding does not keep."""
        parser = _ShardingParser(text)
        sharding = parser.sharding(0)
        parser.expect_end()
        return sharding


def _shortened(text: str, limit: int = 200) -> str:
    # Errors quote the input; a huge one would make a huge message.
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text)} characters)"


class _ShardingParser:
    """Recursive-descent parser for the HLO sharding syntax.  Errors are
    ValueErrors naming the 1-based column."""

    def __init__(self, text: str):
        if not isinstance(text, str):
            raise TypeError(f"HloSharding.from_string expects str, got {type(text).__name__}")
        self.text = text
        self.pos = 0

    def error(self, message: str, pos: int | None = None) -> ValueError:
        column = (self.pos if pos is None else pos) + 1
        return ValueError(
            f"invalid HLO sharding {_shortened(self.text)}: {message} at column {column}")

    def skip_space(self) -> None:
        while self.pos < len(self.text):
            if self.text[self.pos].isspace():
                self.pos += 1
            elif self.text.startswith("/*", self.pos):
                end = self.text.find("*/", self.pos + 2)
                if end < 0:
                    raise self.error("unterminated comment")
                self.pos = end + 2
            else:
                return

    def peek(self, token: str) -> bool:
        self.skip_space()
        return self.text.startswith(token, self.pos)

    def accept(self, token: str) -> bool:
        if self.peek(token):
            self.pos += len(token)
            return True
        return False

    def expect(self, token: str) -> None:
        if not self.accept(token):
            found = self.text[self.pos : self.pos + 10] or "end of text"
            raise self.error(f"expected {token!r}, found {found!r}")

    def expect_end(self) -> None:
        self.skip_space()
        if self.pos != len(self.text):
            raise self.error(f"unexpected trailing text {_shortened(self.text[self.pos :])}")

    def word(self) -> str:
        self.skip_space()
        start = self.pos
        while self.pos < len(self.text) and (
            self.text[self.pos].isalnum() or self.text[self.pos] == "_"
        ):
            self.pos += 1
        return self.text[start : self.pos]

    def integer(self) -> int:
        self.skip_space()
        start = self.pos
        if self.pos < len(self.text) and self.text[self.pos] == "-":
            self.pos += 1
        while self.pos < len(self.text) and self.text[self.pos].isdigit():
            self.pos += 1
        digits = self.text[start : self.pos]
        if digits in ("", "-"):
            self.pos = start
            raise self.error("expected an integer")
        # XLA's integers are int64; the length check comes first because
        # int() of a long digit string is quadratic (and capped by Python).
        if len(digits) > 20 or not INT64_MIN <= int(digits) <= INT64_MAX:
            self.pos = start
            raise self.error(f"integer {_shortened(digits)} is out of the int64 range")
        return int(digits)

    def integer_list(self, open_: str, close: str) -> list[int]:
        self.expect(open_)
        values: list[int] = []
        if self.accept(close):
            return values
        while True:
            values.append(self.integer())
            if self.accept(close):
                return values
            self.expect(",")

    def skip_balanced_braces(self) -> None:
        self.expect("{")
        depth = 1
        in_string = False
        while depth:
            if self.pos >= len(self.text):
                raise self.error("unterminated metadata={...}")
            char = self.text[self.pos]
            if in_string:
                if char == "\\":
                    self.pos += 1
                elif char == '"':
                    in_string = False
            elif char == '"':
                in_string = True
            elif char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
            self.pos += 1

    def sharding(self, depth: int) -> HloSharding:
        if depth > _MAX_NESTING_DEPTH:
            raise self.error(f"tuple shardings nested deeper than {_MAX_NESTING_DEPTH} levels")
        self.expect("{")
        if self.accept("}"):
            return HloSharding.tuple_sharding([])
        if self.peek("{"):
            elements = [self.sharding(depth + 1)]
            while self.accept(","):
                elements.append(self.sharding(depth + 1))
            self.expect("}")
            return HloSharding.tuple_sharding(elements)
        return self.leaf()

    def leaf(self) -> HloSharding:
        kind: str | None = None
        kind_pos = self.pos
        device: int | None = None
        tile_dims: list[int] | None = None
        devices: list[int] | None = None
        iota: tuple[list[int], list[int]] | None = None
        last_tile_dim_replicate = False
        subgroup_types: list[_OpShardingType] = []
        shard_group: tuple[int, bool] | None = None

        while not self.accept("}"):
            self.skip_space()
            start = self.pos
            name = self.word()
            if not name:
                if self.pos >= len(self.text):
                    raise self.error("expected '}'")
                raise self.error(f"unexpected {self.text[self.pos]!r}")
            if name in (_REPLICATED, _MANUAL, _UNKNOWN, _UNREDUCED, _MAXIMAL):
                if kind is not None:
                    raise self.error(f"{name!r} conflicts with {kind!r}", start)
                kind, kind_pos = name, start
            elif name == "device":
                self.expect("=")
                device = self.integer()
            elif name == "devices":
                self.expect("=")
                tile_dims = self.integer_list("[", "]")
                if not tile_dims:
                    raise self.error("devices=[] needs at least one dimension", start)
                if self.accept("<="):
                    reshape_dims = self.integer_list("[", "]")
                    perm = (
                        self.integer_list("(", ")")
                        if self.accept("T")
                        else list(range(len(reshape_dims)))
                    )
                    iota = (reshape_dims, perm)
                else:
                    devices = [self.integer()]
                    while self.accept(","):
                        devices.append(self.integer())
                        if len(devices) > _MAX_TILE_DEVICES:
                            raise self.error(f"more than {_MAX_TILE_DEVICES} device ids")
            elif name == "last_tile_dim_replicate":
                last_tile_dim_replicate = True
            elif name == "last_tile_dims":
                self.expect("=")
                self.expect("{")
                while True:
                    type_pos = self.pos
                    type_name = self.word()
                    if type_name not in _SUBGROUP_BY_NAME:
                        raise self.error(f"unknown subgroup type {type_name!r}", type_pos)
                    subgroup_types.append(_SUBGROUP_BY_NAME[type_name])
                    if self.accept("}"):
                        break
                    self.expect(",")
            elif name in ("shard_as", "shard_like"):
                shard_group = (self.integer(), name == "shard_as")
            elif name == "metadata":
                self.expect("=")
                self.skip_balanced_braces()
            else:
                raise self.error(f"unknown sharding attribute {name!r}", start)

        if kind == _MAXIMAL:
            if device is None:
                raise self.error("maximal sharding needs device=N", kind_pos)
            sharding = HloSharding.maximal(device)
        elif kind is not None:
            if tile_dims is not None or device is not None:
                raise self.error(f"{kind!r} sharding takes no devices", kind_pos)
            sharding = HloSharding(kind)
        else:
            if tile_dims is None:
                raise self.error(
                    "expected replicated, manual, unknown, unreduced, maximal or devices=[...]",
                    kind_pos,
                )
            if device is not None:
                raise self.error("device= is only valid with maximal", kind_pos)
            if last_tile_dim_replicate and subgroup_types:
                raise self.error(
                    "last_tile_dim_replicate and last_tile_dims are exclusive", kind_pos
                )
            try:
                if iota is not None:
                    tiles = _TileAssignment.from_iota(tile_dims, *iota)
                else:
                    tile_dims = list(_checked_tile_sizes(tile_dims, "tile assignment dimensions"))
                    if len(devices) != _product(tile_dims):
                        raise ValueError(
                            f"devices=[{','.join(map(str, tile_dims))}] needs "
                            f"{_product(tile_dims)} device ids, got {len(devices)}"
                        )
                    tiles = _TileAssignment.from_array(np.reshape(devices, tile_dims))
            except ValueError as error:
                raise self.error(str(error), kind_pos) from None
            if tiles.num_elements == 1:
                sharding = HloSharding.replicate()  # as XLA's FromProto does
            elif subgroup_types:
                sharding = HloSharding._subgroup(tiles, subgroup_types)
            elif last_tile_dim_replicate:
                sharding = HloSharding._partial_tile(tiles)
            else:
                sharding = HloSharding._tiled(tiles)
        if shard_group is not None:
            sharding = sharding._with_shard_group(*shard_group)
        return sharding


# --------------------------------------------------------------------------
# Shardings over a mesh
# --------------------------------------------------------------------------


def mesh_hlo_sharding(
    axis_sizes: Sequence[int],
    dim_axes: Sequence[Sequence[int]],
    manual_axes: Iterable[int] = (),
    logical_device_ids: Sequence[int] | None = None,
    unreduced_axes: Iterable[int] = (),
) -> HloSharding:
    """The HloSharding of an array over a mesh of ``axis_sizes``: array
    dimension i is tiled over the mesh axes (by position) ``dim_axes[i]``,
    major to minor; mesh axes no dimension uses become trailing subgroup
    dimensions, one per kind (manual for ``manual_axes``, unreduced for
    ``unreduced_axes``, else replicated; axes of size 1 vanish). Device ids
    are mesh positions in row-major order, or ``logical_device_ids[position]``
    when given. JAX's NamedSharding rule,
    shared by runtime/sharding.py and Shardy's ``#sdy.sharding``."""
    sizes = tuple(int(s) for s in axis_sizes)
    manual = set(manual_axes)
    unreduced = set(unreduced_axes)
    tile_dims = [1] * len(dim_axes)
    perm: list[int] = []  # mesh axes in the order they tile the array
    for dim, axes in enumerate(dim_axes):
        for axis in axes:
            if axis in perm:
                raise ValueError(f"mesh axis {axis} tiles more than one array dimension")
            tile_dims[dim] *= sizes[axis]
            perm.append(axis)
    unused_by_type: dict[_OpShardingType, list[int]] = defaultdict(list)
    trivial: list[int] = []
    for i, size in enumerate(sizes):
        if i in perm:
            continue
        if size == 1:
            trivial.append(i)
        else:
            kind = (_T.MANUAL if i in manual else _T.UNREDUCED if i in unreduced
                    else _T.REPLICATED)
            unused_by_type[kind].append(i)
    subgroup_types = []
    for kind in sorted(unused_by_type):
        axes = unused_by_type[kind]
        tile_dims.append(_product(sizes[i] for i in axes))
        perm += axes
        subgroup_types.append(kind)
    perm += trivial
    if not subgroup_types and _product(tile_dims) == 1:
        return HloSharding.replicate()
    if logical_device_ids is None:
        tiles = _TileAssignment.from_iota(tile_dims or [1], sizes or (1,), perm or (0,))
    else:
        ids = np.asarray(logical_device_ids, dtype=np.int64).reshape(sizes)
        tiles = _TileAssignment.from_array(ids.transpose(perm).reshape(tile_dims or [1]))
    return HloSharding._subgroup(tiles, subgroup_types)


# --------------------------------------------------------------------------
# Per-device indices for an HloSharding
# --------------------------------------------------------------------------


def subgroup_coordinates(hlo: HloSharding, kind: _OpShardingType,
                         num_devices: int) -> dict[int, int]:
    """Each device id's position along the subgroup dimension of ``kind``
    (0 for every device when the sharding has none). An unreduced array's
    value is the sum over its unreduced subgroup; a replicated subgroup
    holds copies, of which position 0 is the one to read. A sharding that is
    wholly replicated (or unreduced) is one subgroup of all the devices."""
    if hlo._kind == _REPLICATED and kind == _T.REPLICATED or (
            hlo._kind == _UNREDUCED and kind == _T.UNREDUCED):
        return {d: d for d in range(num_devices)}
    if hlo.is_tuple() or hlo._kind != _TILED or kind not in hlo._subgroup_types:
        devices = hlo.tile_assignment_devices() if hlo._kind == _TILED else []
        return dict.fromkeys(devices, 0)
    axis = hlo.tiled_data_rank() + list(hlo._subgroup_types).index(kind)
    array = hlo._tiles.array
    return {int(device): int(index[axis]) for index, device in np.ndenumerate(array)}


def _is_effectively_replicated(hlo: HloSharding) -> bool:
    """JAX's rule: a sharding over one device, or a replicated one, puts the
    whole array everywhere."""
    if hlo.is_tuple():
        return False
    return hlo.is_replicated() or hlo.num_devices() == 1


def _hlo_sharding_indices(hlo: HloSharding, shape: Shape, num_devices: int) -> list[Index]:
    """The index of the array each of ``num_devices`` device-assignment
    positions holds.  A dimension split n ways is cut in chunks of
    ceil(size/n); trailing chunks may be short or empty, as in XLA."""
    full = (slice(None),) * len(shape)
    if hlo.is_tuple():
        raise ValueError(f"a tuple sharding {hlo} has no per-device indices for one array")
    if hlo.is_unknown():
        raise ValueError("an unknown sharding {unknown} has no per-device indices")
    if _is_effectively_replicated(hlo):
        # Replicated, maximal and manual: every device holds the whole shape
        # (for manual, the shape a device sees is already its own part).
        return [full] * num_devices
    data_rank = hlo.tiled_data_rank()
    if len(shape) != data_rank:
        raise ValueError(
            f"sharding {hlo} tiles {data_rank} dimensions but the array has rank "
            f"{len(shape)} (shape {tuple(shape)})"
        )
    tiles = hlo._tiles
    if tiles.num_elements != num_devices:
        raise ValueError(
            f"sharding {hlo} uses {tiles.num_elements} devices but the device "
            f"assignment has {num_devices}"
        )
    ways = tiles.dims[:data_rank]
    chunks = [-(-size // n) for size, n in zip(shape, ways)]
    indices: list[Index | None] = [None] * num_devices
    for tile_index, device in np.ndenumerate(tiles.array):
        device = int(device)
        if not 0 <= device < num_devices or indices[device] is not None:
            raise ValueError(f"sharding {hlo} has an invalid or repeated device id {device}")
        index = []
        for i, (size, n, chunk) in enumerate(zip(shape, ways, chunks)):
            if n == 1:
                index.append(slice(None))
            else:
                position = tile_index[i]
                index.append(slice(min(position * chunk, size), min((position + 1) * chunk, size)))
        indices[device] = tuple(index)
    return indices  # type: ignore[return-value]
