"""Shardings: how an array is laid out over devices.

The ``Sharding`` family is JAX's user-facing interface: ``NamedSharding`` over
a ``Mesh`` with a ``PartitionSpec``, ``SingleDeviceSharding``,
``GSPMDSharding`` and ``PmapSharding``. Each is an ``HloSharding``
(ir/hlo_sharding.py: XLA's sharding, its text and ``OpSharding`` wire format,
re-exported here for the public API) over a device assignment: device ids
inside an ``HloSharding`` are positions in the sharding's device assignment.
"""

from __future__ import annotations

import abc
import enum
import itertools
import sys
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.ir.hlo_sharding import (
    _T,
    HloSharding,
    Index,
    OpSharding,
    Shape,
    _hlo_sharding_indices,
    _is_effectively_replicated,
    _product,
    _TileAssignment,
    mesh_hlo_sharding,
)
from jaxlib._src.runtime.device import CPU_MEMORY_KINDS, Device, DeviceList


def _hlo_shard_shape(sharding: Sharding, hlo: HloSharding, shape: Shape) -> Shape:
    shape = tuple(shape)
    if hlo.is_tuple():
        raise ValueError(f"a tuple sharding {hlo} has no shard shape for one array")
    if _is_effectively_replicated(hlo) or hlo.is_unknown() or hlo.is_unreduced():
        return shape
    ways = hlo.tile_assignment_dimensions()[: hlo.tiled_data_rank()]
    if len(ways) != len(shape):
        raise ValueError(
            f"sharding {hlo} tiles {len(ways)} dimensions but the array has rank {len(shape)}"
        )
    out = []
    for dim, (size, n) in enumerate(zip(shape, ways)):
        quotient, remainder = divmod(size, n)
        if remainder:
            raise ValueError(
                f"Sharding {sharding} implies that array axis {dim} is partitioned "
                f"{n} times, but the dimension size is {size} (full shape: {shape}, "
                f"per-dimension tiling factors: {list(ways)} should evenly divide the shape)"
            )
        out.append(quotient)
    return tuple(out)


# --------------------------------------------------------------------------
# PartitionSpec and Mesh
# --------------------------------------------------------------------------


class _Unconstrained:
    """Marks a dimension whose sharding the compiler may choose."""

    _instance: _Unconstrained | None = None

    def __new__(cls) -> _Unconstrained:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNCONSTRAINED"

    def __reduce__(self):
        return (_Unconstrained, ())


UNCONSTRAINED = _Unconstrained()


def _canonical_partition(entry: Any) -> Any:
    # ('x',) and 'x' mean the same; so do () and None.
    if isinstance(entry, tuple):
        if not entry:
            return None
        return entry[0] if len(entry) == 1 else entry
    return entry


# Sentinels that mean "unconstrained" besides ours (jax registers its own
# PartitionSpec.UNCONSTRAINED through ``_jax.set_pspec_unconstrained``).
_other_unconstrained: list[Any] = []


def register_unconstrained(sentinel: Any) -> None:
    if sentinel is not UNCONSTRAINED and not any(s is sentinel for s in _other_unconstrained):
        _other_unconstrained.append(sentinel)


def _partition_axes(entry: Any) -> tuple[str, ...]:
    if entry is None or entry is UNCONSTRAINED:
        return ()
    if _other_unconstrained and any(entry is s for s in _other_unconstrained):
        return ()
    if isinstance(entry, tuple):
        return entry
    return (entry,)


class PartitionSpec(tuple):
    """Per array dimension: None (not sharded), a mesh axis name, or a tuple of
    axis names (sharded over their product, major to minor)."""

    UNCONSTRAINED = UNCONSTRAINED

    def __new__(cls, *partitions: Any) -> PartitionSpec:
        entries = []
        for entry in partitions:
            if isinstance(entry, list):
                entry = tuple(entry)
            if isinstance(entry, tuple):
                for name in entry:
                    if not isinstance(name, str):
                        raise TypeError(
                            f"PartitionSpec entries must be None, an axis name or a tuple of "
                            f"axis names; got {name!r} inside {entry!r}"
                        )
            elif entry is not None and entry is not UNCONSTRAINED and not isinstance(entry, str):
                raise TypeError(
                    f"PartitionSpec entries must be None, an axis name, a tuple of axis "
                    f"names or PartitionSpec.UNCONSTRAINED; got {entry!r}"
                )
            entries.append(entry)
        return super().__new__(cls, entries)

    def _canonical(self) -> tuple:
        return tuple(_canonical_partition(e) for e in self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple):
            return self._canonical() == tuple(_canonical_partition(e) for e in other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(self._canonical())

    def __repr__(self) -> str:
        return f"PartitionSpec{tuple.__repr__(self)}"

    def __reduce__(self):
        return (PartitionSpec, tuple(self))

    def _normalized_spec_for_aval(self, ndim: int) -> PartitionSpec:
        if len(self) > ndim:
            raise ValueError(f"{self} has {len(self)} entries, more than the rank {ndim}")
        return PartitionSpec(*self, *([None] * (ndim - len(self))))


P = PartitionSpec


class AxisType(enum.Enum):
    """How a mesh axis is used: left to the compiler (Auto), visible in types
    (Explicit), or already partitioned by the user (Manual, as in shard_map)."""

    Auto = enum.auto()
    Explicit = enum.auto()
    Manual = enum.auto()

    def __repr__(self) -> str:
        return self.name


class Mesh:
    """An n-d array of devices with one name per axis."""

    def __init__(
        self,
        devices: np.ndarray | Sequence[Any],
        axis_names: str | Sequence[str],
        axis_types: AxisType | Sequence[AxisType] | None = None,
    ):
        if isinstance(axis_names, str):
            axis_names = (axis_names,)
        axis_names = tuple(axis_names)
        for name in axis_names:
            if not isinstance(name, str):
                raise TypeError(f"mesh axis names must be str, got {name!r}")
        if len(set(axis_names)) != len(axis_names):
            raise ValueError(f"mesh axis names must be unique, got {axis_names}")
        if isinstance(devices, np.ndarray):
            array = np.array(devices, dtype=object)  # a private copy
        else:
            array = _object_array(devices)
        if array.ndim != len(axis_names):
            raise ValueError(
                "Mesh requires the ndim of its first argument (`devices`) to equal the "
                "length of its second argument (`axis_names`), but got "
                f"devices.ndim == {array.ndim} and len(axis_names) == {len(axis_names)}."
            )
        flat = tuple(array.flat)
        for device in flat:
            if not isinstance(device, Device):
                raise TypeError(f"Mesh devices must be Device objects, got {device!r}")
        if len(set(map(id, flat))) != len(flat):
            raise ValueError(f"Mesh devices must be distinct, got {list(flat)}")
        if axis_types is None:
            axis_types = (AxisType.Auto,) * len(axis_names)
        elif isinstance(axis_types, AxisType):
            axis_types = (axis_types,) * len(axis_names)
        axis_types = tuple(axis_types)
        if len(axis_types) != len(axis_names) or not all(
            isinstance(t, AxisType) for t in axis_types
        ):
            raise ValueError(
                f"axis_types must be one AxisType per axis name {axis_names}, got {axis_types}"
            )
        array.setflags(write=False)
        self._devices = array
        self._axis_names = axis_names
        self._axis_types = axis_types
        self._flat_devices_tuple = flat
        self._internal_device_list = DeviceList(flat)

    @property
    def devices(self) -> np.ndarray:
        return self._devices

    @property
    def axis_names(self) -> tuple[str, ...]:
        return self._axis_names

    @property
    def axis_types(self) -> tuple[AxisType, ...]:
        return self._axis_types

    @property
    def shape(self) -> OrderedDict[str, int]:
        return OrderedDict(zip(self._axis_names, self._devices.shape))

    @property
    def shape_tuple(self) -> tuple[tuple[str, int], ...]:
        return tuple(zip(self._axis_names, self._devices.shape))

    @property
    def axis_sizes(self) -> tuple[int, ...]:
        return tuple(self._devices.shape)

    @property
    def size(self) -> int:
        return int(self._devices.size)

    @property
    def empty(self) -> bool:
        return self._devices.ndim == 0

    @property
    def device_ids(self) -> np.ndarray:
        return np.array([d.id for d in self._flat_devices_tuple], dtype=np.int64).reshape(
            self._devices.shape
        )

    @property
    def manual_axes(self) -> tuple[str, ...]:
        return tuple(n for n, t in zip(self._axis_names, self._axis_types) if t == AxisType.Manual)

    @property
    def is_multi_process(self) -> bool:
        return not self._internal_device_list.is_fully_addressable

    @property
    def local_devices(self) -> list[Device]:
        return list(self._internal_device_list.addressable_device_list)

    def _key(self) -> tuple:
        return (self._axis_names, self._axis_types, self._devices.shape, self._internal_device_list)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mesh):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _axis_types_str(self) -> str:
        return (
            "("
            + ", ".join(t.name for t in self._axis_types)
            + ("," if len(self._axis_types) == 1 else "")
            + ")"
        )

    def __str__(self) -> str:
        sizes = ", ".join(f"'{name}': {size}" for name, size in self.shape.items())
        return f"Mesh({sizes}, axis_types={self._axis_types_str()})"

    def __repr__(self) -> str:
        return (
            f"Mesh(device_ids={self.device_ids!r}, axis_names={self._axis_names!r}, "
            f"axis_types={self._axis_types_str()})"
        )


def _object_array(nested: Any) -> np.ndarray:
    """A numpy object array from nested lists/tuples of devices, built by hand
    so numpy never tries to look inside the leaves."""
    leaves: list[Any] = []

    def shape_of(node: Any) -> tuple[int, ...]:
        if not isinstance(node, (list, tuple)):
            leaves.append(node)
            return ()
        shapes = {shape_of(child) for child in node}
        if len(shapes) > 1:
            raise ValueError(f"ragged nesting of devices: {nested!r}")
        return (len(node),) + (shapes.pop() if shapes else ())

    shape = shape_of(nested)
    array = np.empty(shape, dtype=object)
    for position, leaf in zip(np.ndindex(shape), leaves):
        array[position] = leaf
    return array


# --------------------------------------------------------------------------
# Sharding interface
# --------------------------------------------------------------------------


def _canonical_memory_kind(memory_kind: str | None, device_list: DeviceList) -> str | None:
    """None means the devices' default memory; any other kind must be one the
    devices address (checked on an addressable device, as JAX does)."""
    if memory_kind is not None and not isinstance(memory_kind, str):
        raise TypeError(f"memory_kind must be a str or None, got {memory_kind!r}")
    if len(device_list) == 0:
        return memory_kind
    if not device_list._real:  # stand-in devices: no memories to check against
        return memory_kind
    addressable = device_list.addressable_device_list
    device = addressable[0] if len(addressable) else device_list[0]
    if memory_kind is None:
        return device.default_memory().kind
    try:
        device.memory(memory_kind)
    except XlaRuntimeError as error:
        message = str(error).removeprefix("INVALID_ARGUMENT: ")
        raise ValueError(message) from None
    return memory_kind


class Sharding(abc.ABC):
    """JAX's ``jax.sharding.Sharding`` interface.  Subclasses say which devices
    (``_internal_device_list``) and how (``_to_xla_hlo_sharding``); device ids
    in the HloSharding are positions in ``_device_assignment``."""

    @property
    @abc.abstractmethod
    def _internal_device_list(self) -> DeviceList: ...

    @property
    @abc.abstractmethod
    def memory_kind(self) -> str | None: ...

    @abc.abstractmethod
    def with_memory_kind(self, kind: str) -> Sharding: ...

    @abc.abstractmethod
    def _to_xla_hlo_sharding(self, num_dimensions: int) -> HloSharding: ...

    @property
    def _device_assignment(self) -> tuple[Device, ...]:
        return tuple(self._internal_device_list)

    @property
    def device_set(self) -> set[Device]:
        return set(self._internal_device_list)

    @property
    def num_devices(self) -> int:
        return len(self._internal_device_list)

    @property
    def is_fully_addressable(self) -> bool:
        return self._internal_device_list.is_fully_addressable

    @property
    def is_fully_replicated(self) -> bool:
        # Rank does not matter for replication; 0 keeps NamedSharding's rank check quiet.
        return _is_effectively_replicated(self._to_xla_hlo_sharding(0))

    @property
    def addressable_devices(self) -> set[Device]:
        return set(self._internal_device_list.addressable_device_list)

    @property
    def _addressable_device_assignment(self) -> tuple[Device, ...]:
        return tuple(self._internal_device_list.addressable_device_list)

    def devices_indices_map(self, global_shape: Shape) -> dict[Device, Index]:
        global_shape = tuple(global_shape)
        hlo = self._to_xla_hlo_sharding(len(global_shape))
        assignment = self._device_assignment
        indices = _hlo_sharding_indices(hlo, global_shape, len(assignment))
        return dict(zip(assignment, indices))

    def addressable_devices_indices_map(self, global_shape: Shape) -> dict[Device, Index]:
        addressable = set(map(id, self._internal_device_list.addressable_device_list))
        return {
            device: index
            for device, index in self.devices_indices_map(global_shape).items()
            if id(device) in addressable
        }

    def shard_shape(self, global_shape: Shape) -> Shape:
        return _hlo_shard_shape(self, self._to_xla_hlo_sharding(len(global_shape)), global_shape)

    def is_equivalent_to(self, other: Sharding, ndim: int) -> bool:
        """Same devices in the same order, same memory kind, and HLO shardings
        that place data the same way."""
        if not isinstance(other, Sharding):
            return False
        if self._internal_device_list != other._internal_device_list:
            return False
        if self.memory_kind != other.memory_kind:
            return False
        mine, theirs = self._to_xla_hlo_sharding(ndim), other._to_xla_hlo_sharding(ndim)
        if _is_effectively_replicated(mine) and _is_effectively_replicated(theirs):
            return True
        return mine == theirs


# --------------------------------------------------------------------------
# NamedSharding
# --------------------------------------------------------------------------


def _jax_check_pspec() -> Any:
    """jax's ``check_pspec`` when jax is in use (never imported from here)."""
    module = sys.modules.get("jax._src.named_sharding")
    return getattr(module, "check_pspec", None)


def _check_spec(mesh: Any, spec: Any) -> None:
    """The spec checks of jax's ``check_pspec``, for use without jax."""
    seen: set[str] = set()
    for entry in _spec_partitions(spec):
        for name in _partition_axes(entry):
            if name not in mesh.shape:
                raise ValueError(
                    f"Resource axis: {name} of {spec} is not found in mesh: "
                    f"{tuple(mesh.axis_names)}."
                )
            if name in seen:
                raise ValueError(
                    "A single NamedSharding spec specification can map every mesh axis "
                    f"to at most one positional dimension, but {spec} has duplicate "
                    f"entries for `{name}`"
                )
            seen.add(name)
    _check_unreduced(mesh, spec)


def _check_unreduced(mesh: Any, spec: Any) -> None:
    """Unreduced axes (jax's ``P(..., unreduced={...})``) name Explicit mesh axes."""
    unreduced = getattr(spec, "unreduced", None) or ()
    if None in unreduced:
        raise ValueError("unreduced cannot contain None. All elements in unreduced should "
                         "refer to the mesh axes.")
    names = tuple(mesh.axis_names)
    types = dict(zip(names, getattr(mesh, "axis_types", ()) or ()))
    for axis in unreduced:
        if axis not in names:
            raise ValueError(f"Unreduced axes {axis} is not found in mesh.axis_names={names}. "
                             f"Got pspec={spec}")
        if getattr(types.get(axis), "name", None) != "Explicit":
            raise ValueError("Unreduced axes can only refer to mesh axes that is of type "
                             f"`Explicit`. Got unreduced axes: {spec.unreduced} and mesh: "
                             f"{mesh}")


class NamedSharding(Sharding):
    """Shards an array over ``mesh`` as ``spec`` says: dimension i is split
    over the mesh axes named in ``spec[i]``; mesh axes the spec does not use
    replicate the data (or, for Manual axes, are manual subgroups)."""

    def __init__(
        self,
        mesh: Mesh,
        spec: PartitionSpec,
        *,
        memory_kind: str | None = None,
        _logical_device_ids: tuple[int, ...] | None = None,
    ):
        # jax passes its own Mesh/AbstractMesh and PartitionSpec: anything with
        # a ``shape`` mapping and ``axis_names`` is a mesh here.
        if not (hasattr(mesh, "shape") and hasattr(mesh, "axis_names")):
            raise TypeError(f"NamedSharding mesh must be a Mesh, got {type(mesh).__name__}")
        if spec is None:  # the reference's words
            raise TypeError("Unexpected None: NamedSharding spec must be a PartitionSpec")
        if not isinstance(spec, PartitionSpec) and not hasattr(spec, "_partitions"):
            raise TypeError(
                f"NamedSharding spec must be a PartitionSpec, got {type(spec).__name__}: {spec!r}"
            )
        jax_check = _jax_check_pspec()
        if jax_check is not None:
            # Under jax, jax's own spec checks run, as the reference's
            # constructor does: jax catches their error types to re-raise them.
            jax_check(mesh, spec)
        else:
            _check_spec(mesh, spec)
        if _logical_device_ids is not None:
            _logical_device_ids = tuple(int(i) for i in _logical_device_ids)
            if sorted(_logical_device_ids) != list(range(mesh.size)):
                raise ValueError(
                    f"_logical_device_ids must be a permutation of range({mesh.size}), "
                    f"got {_logical_device_ids}"
                )
        self._mesh = mesh
        self._spec = spec
        self._logical_device_ids = _logical_device_ids
        device_list = getattr(mesh, "_internal_device_list", None)
        if device_list is None:
            # An abstract mesh has no devices: a memory kind must be one of
            # the kinds this jaxlib's devices have, and None stays None.
            if memory_kind is not None and memory_kind not in CPU_MEMORY_KINDS:
                raise ValueError(f"Got invalid memory kind: {memory_kind}. Valid memory "
                                 f"kinds are: {', '.join(CPU_MEMORY_KINDS)}")
            self._memory_kind = memory_kind
        else:
            self._memory_kind = _canonical_memory_kind(memory_kind, device_list)

    @property
    def mesh(self) -> Mesh:
        return self._mesh

    @property
    def spec(self) -> PartitionSpec:
        return self._spec

    @property
    def memory_kind(self) -> str | None:
        return self._memory_kind

    @property
    def _internal_device_list(self) -> DeviceList:
        return self._mesh._internal_device_list

    @property
    def _device_assignment(self) -> tuple[Device, ...]:
        return self._mesh._flat_devices_tuple

    @property
    def is_fully_replicated(self) -> bool:
        sizes = self._mesh.shape
        return all(sizes[name] == 1 for entry in _spec_partitions(self._spec)
                   for name in _partition_axes(entry))

    def with_memory_kind(self, kind: str) -> NamedSharding:
        return NamedSharding(
            self._mesh, self._spec, memory_kind=kind, _logical_device_ids=self._logical_device_ids
        )

    def _check_rank(self, num_dimensions: int) -> None:
        if len(self._spec) > num_dimensions:
            raise ValueError(
                f"Sharding {self} is only valid for values of rank at least "
                f"{len(self._spec)}, but was applied to a value of rank {num_dimensions}"
            )

    def _to_xla_hlo_sharding(self, num_dimensions: int) -> HloSharding:
        self._check_rank(num_dimensions)
        mesh = self._mesh
        position = {name: i for i, name in enumerate(mesh.axis_names)}
        dim_axes = [[position[name] for name in _partition_axes(entry)]
                    for entry in _spec_partitions(self._spec)]
        dim_axes += [[]] * (num_dimensions - len(dim_axes))
        manual = [i for i, t in enumerate(mesh.axis_types) if t == AxisType.Manual]
        unreduced = [position[name] for name in getattr(self._spec, "unreduced", ())
                     if name in position]
        return mesh_hlo_sharding(mesh.axis_sizes, dim_axes, manual, self._logical_device_ids,
                                 unreduced_axes=unreduced)

    def _key(self) -> tuple:
        return (
            self._mesh,
            _spec_normalized_key(self._spec),
            self._memory_kind,
            self._logical_device_ids,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NamedSharding):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        memory = "" if self._memory_kind is None else f", memory_kind={self._memory_kind}"
        logical = (
            ""
            if self._logical_device_ids is None
            else f", logical_device_ids={self._logical_device_ids}"
        )
        return f"NamedSharding(mesh={self._mesh}, spec={self._spec}{memory}{logical})"


def _spec_normalized_key(spec: Any) -> Any:
    if not isinstance(spec, PartitionSpec):
        return spec  # jax's PartitionSpec compares (and hashes) itself
    # Trailing unsharded dimensions do not change a NamedSharding.
    entries = list(spec._canonical())
    while entries and entries[-1] is None:
        entries.pop()
    return tuple(entries)


# --------------------------------------------------------------------------
# SingleDeviceSharding and GSPMDSharding
# --------------------------------------------------------------------------


class SingleDeviceSharding(Sharding):
    """The whole array on one device."""

    def __init__(self, device: Device, *, memory_kind: str | None = None):
        if not isinstance(device, Device):
            raise TypeError(f"SingleDeviceSharding expects a Device, got {device!r}")
        self._device = device
        self._device_list = DeviceList((device,))
        self._memory_kind = _canonical_memory_kind(memory_kind, self._device_list)

    @property
    def _internal_device_list(self) -> DeviceList:
        return self._device_list

    @property
    def memory_kind(self) -> str | None:
        return self._memory_kind

    @property
    def is_fully_replicated(self) -> bool:
        return True

    def with_memory_kind(self, kind: str) -> SingleDeviceSharding:
        return SingleDeviceSharding(self._device, memory_kind=kind)

    def _to_xla_hlo_sharding(self, num_dimensions: int) -> HloSharding:
        return HloSharding.replicate()

    def devices_indices_map(self, global_shape: Shape) -> dict[Device, Index]:
        return {self._device: (slice(None),) * len(global_shape)}

    def shard_shape(self, global_shape: Shape) -> Shape:
        return tuple(global_shape)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SingleDeviceSharding):
            return NotImplemented
        return self._device is other._device and self._memory_kind == other._memory_kind

    def __hash__(self) -> int:
        return hash((self._device, self._memory_kind))

    def __repr__(self) -> str:
        return f"SingleDeviceSharding(device={self._device!r}, memory_kind={self._memory_kind})"


class GSPMDSharding(Sharding):
    """An HloSharding over an explicit device assignment: device id i in the
    sharding is ``devices[i]``."""

    def __init__(
        self,
        devices: Sequence[Device],
        op_sharding: OpSharding | HloSharding,
        *,
        memory_kind: str | None = None,
        _device_list: DeviceList | None = None,
    ):
        if _device_list is None:
            flat = (
                tuple(np.asarray(devices, dtype=object).flat)
                if isinstance(devices, np.ndarray)
                else tuple(devices)
            )
            _device_list = DeviceList(flat)
        if isinstance(op_sharding, OpSharding):
            hlo = HloSharding.from_proto(op_sharding)
        elif isinstance(op_sharding, HloSharding):
            hlo = op_sharding
        else:
            raise TypeError(
                "GSPMDSharding expects an OpSharding or HloSharding, got "
                f"{type(op_sharding).__name__}"
            )
        # Device ids are checked where they are used (devices_indices_map,
        # sharded execution), not here: jax builds GSPMDShardings over stand-in
        # devices and shardings of other sizes to convert them to meshes.
        self._device_list = _device_list
        self._hlo_sharding = hlo
        self._memory_kind = _canonical_memory_kind(memory_kind, _device_list)

    @classmethod
    def get_replicated(
        cls, device_assignment: Sequence[Device], *, memory_kind: str | None = None
    ) -> GSPMDSharding:
        return cls(tuple(device_assignment), HloSharding.replicate(), memory_kind=memory_kind)

    @property
    def _devices(self) -> DeviceList:
        return self._device_list

    @property
    def _internal_device_list(self) -> DeviceList:
        return self._device_list

    @property
    def memory_kind(self) -> str | None:
        return self._memory_kind

    def with_memory_kind(self, kind: str) -> GSPMDSharding:
        return GSPMDSharding(
            tuple(self._device_list), self._hlo_sharding, memory_kind=kind,
            _device_list=self._device_list
        )

    def _to_xla_hlo_sharding(self, num_dimensions: int) -> HloSharding:
        return self._hlo_sharding

    def _hlo_key(self) -> Any:
        # Every effectively replicated sharding compares (and hashes) alike.
        return (
            "replicated" if _is_effectively_replicated(self._hlo_sharding) else self._hlo_sharding
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GSPMDSharding):
            return NotImplemented
        return (
            self._device_list == other._device_list
            and self._memory_kind == other._memory_kind
            and self._hlo_key() == other._hlo_key()
        )

    def __hash__(self) -> int:
        return hash((self._device_list, self._memory_kind, self._hlo_key()))

    def __repr__(self) -> str:
        memory = "" if self._memory_kind is None else f", memory_kind={self._memory_kind}"
        return f"GSPMDSharding({self._hlo_sharding!r}{memory})"


# --------------------------------------------------------------------------
# pmap shardings
# --------------------------------------------------------------------------


class NoSharding:
    """This array dimension is not sharded."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NoSharding)

    def __hash__(self) -> int:
        return hash(NoSharding)

    def __repr__(self) -> str:
        return "NoSharding()"


class Chunked:
    """This dimension is cut into ``prod(chunks)`` equal chunks, one mesh axis
    per entry of ``chunks`` (major to minor)."""

    def __init__(self, chunks: Sequence[int]):
        self.chunks = tuple(int(c) for c in chunks)
        if any(c < 1 for c in self.chunks):
            raise ValueError(f"Chunked chunks must be positive, got {self.chunks}")

    @property
    def size(self) -> int:
        return _product(self.chunks)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chunked) and self.chunks == other.chunks

    def __hash__(self) -> int:
        return hash((Chunked, self.chunks))

    def __repr__(self) -> str:
        return f"Chunked({list(self.chunks)})"


class Unstacked:
    """This dimension of ``size`` is split into ``size`` pieces and removed:
    each device holds one slice along it (pmap's mapped axis)."""

    def __init__(self, size: int):
        self.size = int(size)
        if self.size < 1:
            raise ValueError(f"Unstacked size must be positive, got {size}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unstacked) and self.size == other.size

    def __hash__(self) -> int:
        return hash((Unstacked, self.size))

    def __repr__(self) -> str:
        return f"Unstacked({self.size})"


class ShardedAxis:
    """A mesh axis that runs over the ``axis``-th sharded array axis."""

    def __init__(self, axis: int):
        self.axis = int(axis)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ShardedAxis) and self.axis == other.axis

    def __hash__(self) -> int:
        return hash((ShardedAxis, self.axis))

    def __repr__(self) -> str:
        return f"ShardedAxis(axis={self.axis})"


class Replicated:
    """A mesh axis of ``replicas`` devices holding the same data."""

    def __init__(self, replicas: int):
        self.replicas = int(replicas)
        if self.replicas < 1:
            raise ValueError(f"Replicated replicas must be positive, got {replicas}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Replicated) and self.replicas == other.replicas

    def __hash__(self) -> int:
        return hash((Replicated, self.replicas))

    def __repr__(self) -> str:
        return f"Replicated(replicas={self.replicas})"


class ShardingSpec:
    """pmap's sharding description: per array dimension how it is split
    (``sharding``), and per logical mesh axis what runs along it
    (``mesh_mapping``)."""

    def __init__(self, sharding: Sequence[Any], mesh_mapping: Sequence[Any]):
        self.sharding = tuple(sharding)
        self.mesh_mapping = tuple(mesh_mapping)
        for s in self.sharding:
            if not isinstance(s, (NoSharding, Chunked, Unstacked)):
                raise TypeError(
                    "ShardingSpec.sharding entries must be NoSharding, Chunked or Unstacked, "
                    f"got {s!r}"
                )
        for m in self.mesh_mapping:
            if not isinstance(m, (ShardedAxis, Replicated)):
                raise TypeError(
                    "ShardingSpec.mesh_mapping entries must be ShardedAxis or Replicated, "
                    f"got {m!r}"
                )
        sharded = sorted(m.axis for m in self.mesh_mapping if isinstance(m, ShardedAxis))
        if sharded != list(range(len(self._sharded_axis_sizes()))):
            raise ValueError(
                f"{self}: mesh_mapping must name each of the "
                f"{len(self._sharded_axis_sizes())} sharded axes exactly once"
            )

    def _sharded_axis_sizes(self) -> list[int]:
        sizes: list[int] = []
        for s in self.sharding:
            if isinstance(s, Unstacked):
                sizes.append(s.size)
            elif isinstance(s, Chunked):
                sizes.extend(s.chunks)
        return sizes

    @property
    def mesh_shape(self) -> tuple[int, ...]:
        sizes = self._sharded_axis_sizes()
        return tuple(
            m.replicas if isinstance(m, Replicated) else sizes[m.axis] for m in self.mesh_mapping
        )

    def indices(self, shape: Shape) -> np.ndarray:
        """The index each mesh position holds, as an object array shaped like
        the mesh."""
        shape = tuple(shape)
        if len(shape) != len(self.sharding):
            raise ValueError(f"{self} describes rank {len(self.sharding)}, got shape {shape}")
        mesh_axis_of = {
            m.axis: i for i, m in enumerate(self.mesh_mapping) if isinstance(m, ShardedAxis)
        }
        mesh_shape = self.mesh_shape
        result = np.empty(mesh_shape, dtype=object)
        for position in itertools.product(*(range(n) for n in mesh_shape)):
            index: list[Any] = []
            next_axis = 0
            for size, s in zip(shape, self.sharding):
                if isinstance(s, NoSharding):
                    index.append(slice(None))
                elif isinstance(s, Unstacked):
                    if size != s.size:
                        raise ValueError(
                            f"{s} does not match dimension size {size} of shape {shape}"
                        )
                    index.append(position[mesh_axis_of[next_axis]])
                    next_axis += 1
                else:
                    chunk, ragged = divmod(size, s.size)
                    if ragged:
                        raise ValueError(
                            f"{s} does not evenly divide dimension size {size} of shape {shape}"
                        )
                    which = 0
                    for n in s.chunks:
                        which = which * n + position[mesh_axis_of[next_axis]]
                        next_axis += 1
                    index.append(slice(which * chunk, (which + 1) * chunk))
            result[position] = tuple(index)
        return result

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ShardingSpec):
            return NotImplemented
        return self.sharding == other.sharding and self.mesh_mapping == other.mesh_mapping

    def __hash__(self) -> int:
        return hash((self.sharding, self.mesh_mapping))

    def __repr__(self) -> str:
        return f"ShardingSpec({self.sharding}, {self.mesh_mapping})"


class PmapSharding(Sharding):
    """The sharding of a pmap result: ``devices`` laid out as the spec's mesh."""

    def __init__(self, devices: np.ndarray | Sequence[Device], sharding_spec: ShardingSpec):
        if not isinstance(sharding_spec, ShardingSpec):
            raise TypeError(f"PmapSharding expects a ShardingSpec, got {sharding_spec!r}")
        array = devices.copy() if isinstance(devices, np.ndarray) else _object_array(list(devices))
        flat = tuple(array.flat)
        for device in flat:
            if not isinstance(device, Device):
                raise TypeError(f"PmapSharding devices must be Device objects, got {device!r}")
        mesh_size = _product(sharding_spec.mesh_shape)
        if len(flat) != mesh_size:
            raise ValueError(
                f"{sharding_spec} lays data out over {mesh_size} devices, but "
                f"{len(flat)} devices were given"
            )
        array.setflags(write=False)
        self.devices = array
        self.sharding_spec = sharding_spec
        self._device_list = DeviceList(flat)

    @classmethod
    def default(
        cls, shape: Shape, sharded_dim: int | None = 0, devices: Sequence[Device] | None = None
    ) -> PmapSharding:
        """pmap's default: dimension ``sharded_dim`` unstacked over the
        devices, or, with ``sharded_dim=None``, replicated over them."""
        shape = tuple(shape)
        if devices is None:
            raise ValueError(
                "PmapSharding.default needs `devices`: this jaxlib has no default "
                "backend to take local devices from"
            )
        devices = (
            list(np.asarray(devices, dtype=object).flat)
            if isinstance(devices, np.ndarray)
            else list(devices)
        )
        if sharded_dim is None:
            spec = ShardingSpec(tuple(NoSharding() for _ in shape), (Replicated(len(devices)),))
            return cls(_object_array(devices), spec)
        if not -len(shape) <= sharded_dim < len(shape):
            raise ValueError(f"sharded_dim {sharded_dim} is out of range for shape {shape}")
        sharded_dim %= len(shape)
        size = shape[sharded_dim]
        if len(devices) != size:
            raise ValueError(
                f"Length of devices passed to PmapSharding.default ({len(devices)}) must be "
                f"equal to the size of the sharded dimension ({size})"
            )
        sharding = [NoSharding() for _ in shape]
        sharding[sharded_dim] = Unstacked(size)
        return cls(_object_array(devices), ShardingSpec(sharding, (ShardedAxis(0),)))

    @property
    def _internal_device_list(self) -> DeviceList:
        return self._device_list

    @property
    def memory_kind(self) -> str | None:
        return _canonical_memory_kind(None, self._device_list)

    def with_memory_kind(self, kind: str) -> PmapSharding:
        raise NotImplementedError("pmap does not support memories.")

    @property
    def is_fully_replicated(self) -> bool:
        return all(isinstance(s, NoSharding) for s in self.sharding_spec.sharding)

    def _to_xla_hlo_sharding(self, num_dimensions: int) -> HloSharding:
        """The spec as an HloSharding over ``devices.flat``; Unstacked
        dimensions have no HLO equivalent (the dimension disappears)."""
        spec = self.sharding_spec
        if len(spec.sharding) != num_dimensions:
            raise ValueError(f"{spec} describes rank {len(spec.sharding)}, not {num_dimensions}")
        if all(isinstance(m, Replicated) for m in spec.mesh_mapping):
            return HloSharding.replicate()
        mesh_axis_of = {
            m.axis: i for i, m in enumerate(spec.mesh_mapping) if isinstance(m, ShardedAxis)
        }
        tile_dims: list[int] = []
        perm: list[int] = []
        next_axis = 0
        for s in spec.sharding:
            if isinstance(s, Unstacked):
                raise ValueError("Cannot convert unstacked sharding specs to XLA OpSharding")
            if isinstance(s, NoSharding):
                tile_dims.append(1)
            else:
                for _ in s.chunks:
                    perm.append(mesh_axis_of[next_axis])
                    next_axis += 1
                tile_dims.append(s.size)
        replicated = [i for i, m in enumerate(spec.mesh_mapping) if isinstance(m, Replicated)]
        subgroup_types = []
        if replicated:
            perm += replicated
            tile_dims.append(_product(spec.mesh_mapping[i].replicas for i in replicated))
            subgroup_types.append(_T.REPLICATED)
        tiles = _TileAssignment.from_iota(tile_dims, spec.mesh_shape, perm)
        return HloSharding._subgroup(tiles, subgroup_types)

    def devices_indices_map(self, global_shape: Shape) -> dict[Device, Index]:
        global_shape = tuple(global_shape)
        self.shard_shape(global_shape)  # raises the clearer error first
        indices = self.sharding_spec.indices(global_shape)
        return dict(zip(self.devices.flat, indices.flat))

    def shard_shape(self, global_shape: Shape) -> Shape:
        global_shape = tuple(global_shape)
        if len(global_shape) != len(self.sharding_spec.sharding):
            raise ValueError(
                f"{self.sharding_spec} describes rank {len(self.sharding_spec.sharding)}, "
                f"got shape {global_shape}"
            )
        for dim, s in enumerate(self.sharding_spec.sharding):
            if isinstance(s, (Unstacked, Chunked)):
                if isinstance(s, Unstacked) and global_shape[dim] != s.size:
                    raise ValueError(
                        "The sharded dimension must be equal to the number of devices passed "
                        f"to PmapSharding. Got sharded dimension {dim} with value "
                        f"{global_shape[dim]} in shape {global_shape} and the number of "
                        f"devices={len(self._device_list)}"
                    )
                if isinstance(s, Unstacked):
                    return global_shape[:dim] + global_shape[dim + 1 :]
                chunk, ragged = divmod(global_shape[dim], s.size)
                if ragged:
                    raise ValueError(
                        f"dimension {dim} of shape {global_shape} does not divide into "
                        f"{s.size} chunks"
                    )
                return global_shape[:dim] + (chunk,) + global_shape[dim + 1 :]
        return global_shape

    def is_equivalent_to(self, other: Sharding, ndim: int) -> bool:
        return self == other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PmapSharding):
            return NotImplemented
        return (
            self.sharding_spec == other.sharding_spec
            and self.devices.shape == other.devices.shape
            and self._device_list == other._device_list
        )

    def __hash__(self) -> int:
        return hash((self.sharding_spec, self.devices.shape, self._device_list))

    def __repr__(self) -> str:
        ids = [d.id for d in self._device_list]
        platform = self._device_list[0].platform.upper() if len(self._device_list) else "NONE"
        return (
            f"PmapSharding(sharding_spec={self.sharding_spec}, device_ids={ids}, "
            f"device_platform={platform}, device_shape={self.devices.shape})"
        )


__all__ = [
    "AxisType",
    "Chunked",
    "GSPMDSharding",
    "HloSharding",
    "Mesh",
    "NamedSharding",
    "NoSharding",
    "OpSharding",
    "P",
    "PartitionSpec",
    "PmapSharding",
    "Replicated",
    "ShardedAxis",
    "Sharding",
    "ShardingSpec",
    "SingleDeviceSharding",
    "UNCONSTRAINED",
    "Unstacked",
]


def _spec_partitions(spec: Any) -> tuple:
    """The per-dimension entries of a PartitionSpec. jax's refuses iteration
    when it has unreduced or reduced axes, and keeps its entries in
    ``_partitions``."""
    partitions = getattr(spec, "_partitions", None)
    return tuple(partitions) if partitions is not None else tuple(spec)
