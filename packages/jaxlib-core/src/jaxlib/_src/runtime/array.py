"""``ArrayImpl``: a global array made of per-device shards, and the batched
placement/copy functions of seed 004."""

from __future__ import annotations

import contextlib
import gc
import logging
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from jaxlib import _native
from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument
from jaxlib._src.runtime.buffer import ArrayCopySemantics, Buffer, HostBufferSemantics
from jaxlib._src.runtime.device import Device, DeviceList


class ShapedArray:
    """The abstract value of an array when no JAX is around: shape and dtype."""

    __slots__ = ("shape", "dtype", "weak_type")

    def __init__(self, shape: Sequence[int], dtype: Any, weak_type: bool = False):
        self.shape = tuple(int(d) for d in shape)
        self.dtype = np.dtype(dtype)
        self.weak_type = weak_type

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ShapedArray)
            and (self.shape, self.dtype, self.weak_type)
            == (other.shape, other.dtype, other.weak_type)
        )

    def __hash__(self) -> int:
        return hash((self.shape, self.dtype, self.weak_type))

    def __repr__(self) -> str:
        return f"ShapedArray({self.dtype.name}{list(self.shape)})"


def client_aval(shape: Sequence[int], dtype: Any) -> Any:
    """The aval of an array this jaxlib makes for its caller (not from avals
    jax handed over): jax's ShapedArray when jax is loaded, as the reference
    jaxlib makes them; ours otherwise."""
    shaped_array = getattr(sys.modules.get("jax._src.core"), "ShapedArray", None)
    if shaped_array is not None:
        try:
            return shaped_array(tuple(shape), np.dtype(dtype), weak_type=False)
        except TypeError:  # another jax's signature: ours serves
            pass
    return ShapedArray(shape, dtype)


def single_device_array(buffer: Buffer, committed: bool = True) -> ArrayImpl:
    """An array over one buffer, on its device and memory."""
    from jaxlib._src.runtime.sharding import SingleDeviceSharding

    sharding = SingleDeviceSharding(buffer.device, memory_kind=buffer.memory_kind)
    return ArrayImpl(client_aval(buffer.shape, buffer.dtype), sharding, [buffer], committed,
                     _skip_checks=True)


def _buffers_of(arrays: Sequence[Any]) -> list[Buffer]:
    out = []
    for a in arrays:
        if isinstance(a, Buffer):
            out.append(a)
        elif isinstance(a, ArrayImpl):
            if len(a._buffers) != 1:
                raise ValueError(
                    "When making an array from single-device arrays the input arrays must "
                    f"have one shard each. An argument array had {len(a._buffers)} shard(s).")
            out.append(a._buffers[0])
        else:
            raise TypeError(f"expected ArrayImpl shards, got {type(a).__name__}")
    return out


def _id_set(devices: Sequence[Device]) -> str:
    return "{" + ", ".join(str(i) for i in sorted(d.id for d in devices)) + "}"


def assemble_global(sharding: Any, devices: Sequence[Device], shards: Sequence[np.ndarray],
                    shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    """The global value of ``shards`` (one per device of ``devices``, the
    sharding's device assignment) laid out as ``sharding``: each tile read
    from one replica; an unreduced array's tiles are the sums of their
    unreduced subgroup's partial values."""
    from jaxlib._src.ir.hlo_sharding import (
        _hlo_sharding_indices,
        _OpShardingType,
        subgroup_coordinates,
    )

    hlo = sharding._to_xla_hlo_sharding(len(shape))
    # Not sharding.devices_indices_map: jax's version of it refuses unreduced.
    indices = _hlo_sharding_indices(hlo, tuple(shape), len(devices))
    unreduced = subgroup_coordinates(hlo, _OpShardingType.UNREDUCED, len(devices))
    if not any(unreduced.values()):
        # Each tile from the first device holding it, as jax reads a
        # replicated array from its first shard (replicas of a per-device
        # program's result may differ: a shard_map without replication checks).
        full = np.empty(shape, dtype)
        written: set[tuple] = set()
        for index, shard in zip(indices, shards):
            key = tuple((s.start, s.stop, s.step) for s in index)
            if key not in written:
                written.add(key)
                full[index] = shard
        return full
    replica = subgroup_coordinates(hlo, _OpShardingType.REPLICATED, len(devices))
    full = np.zeros(shape, dtype)
    for k, (index, shard) in enumerate(zip(indices, shards)):
        if replica.get(k, 0) == 0:
            full[index] += shard
    return full


def scatter_global(sharding: Any, devices: Sequence[Device], value: np.ndarray,
                   outs: Sequence[np.ndarray]) -> None:
    """Writes each device's part of ``value`` laid out as ``sharding``; along
    an unreduced subgroup the first device holds the value, the others zeros
    (their sum is the value)."""
    from jaxlib._src.ir.hlo_sharding import (
        _hlo_sharding_indices,
        _OpShardingType,
        subgroup_coordinates,
    )

    hlo = sharding._to_xla_hlo_sharding(value.ndim)
    indices = _hlo_sharding_indices(hlo, value.shape, len(devices))
    unreduced = subgroup_coordinates(hlo, _OpShardingType.UNREDUCED, len(devices))
    for k, (index, out) in enumerate(zip(indices, outs)):
        if unreduced.get(k, 0):
            out[...] = 0
        else:
            np.copyto(out, value[index], casting="no")


class _ArrayMeta(type):
    """``isinstance(x, Array)`` is also true for jax's tracers (the class jax
    hands to ``_jax.set_tracer_class``)."""

    tracer_class: type | None = None

    def __instancecheck__(cls, instance: Any) -> bool:
        if type.__instancecheck__(cls, instance):
            return True
        tracer = _ArrayMeta.tracer_class
        return cls is Array and tracer is not None and type.__instancecheck__(tracer, instance)


class Array(_native.BufferExporter, metaclass=_ArrayMeta):
    """The base class of jax arrays (``jax.Array``); jax adds its methods with
    ``use_cpp_class``. The native base gives arrays the buffer protocol
    (``memoryview(x)``), through ``_buffer_export``."""


# The transfer guards (jax's jax_transfer_guard*): jax_api's guard_lib sets
# the function giving this thread's action for a direction ("host_to_device",
# "device_to_device", "device_to_host"): "allow", "log" or "disallow".
transfer_guard: Callable[[str], str] | None = None
_log = logging.getLogger("jaxlib")


def check_transfer(direction: str, describe: Callable[[], str]) -> None:
    """Applies the transfer guard to a transfer about to happen."""
    guard = transfer_guard
    if guard is None:
        return
    action = guard(direction)
    if action == "allow":
        return
    message = f"{direction.replace('_', '-')} transfer: {describe()}"
    if action == "log":
        _log.warning(message)
        return
    raise XlaRuntimeError(f"INVALID_ARGUMENT: Disallowed {message}")


# The array garbage-collection guard (jax's jax_array_garbage_collection_guard):
# jax_api's guard_lib sets the function that reads its level ("allow", "log"
# or "fatal"). Arrays freed while Python's cyclic collector runs were held in
# a reference cycle; with "log" or "fatal" each says so.
collected_array_guard: Callable[[], str] | None = None
_collecting = False


def _note_collection(phase: str, info: dict) -> None:
    global _collecting
    _collecting = phase == "start"


gc.callbacks.append(_note_collection)


def _report_collected(array: Any) -> None:
    guard = collected_array_guard
    level = guard() if guard is not None else "allow"
    if level == "allow":
        return
    try:
        what = f"{array.aval}"
    except Exception:  # a half-built array still gets reported
        what = "an array"
    message = (
        f"`jax.Array` was deleted by the Python garbage collector instead of reference "
        f"counting ({what}). Break the reference cycle that holds it: arrays freed by the "
        "garbage collector hold their device memory until a collection runs.")
    sys.stderr.write(message + "\n")
    sys.stderr.flush()
    if level == "fatal":  # raised from __del__: Python reports it and goes on
        raise RuntimeError(message)


class ArrayImpl(Array):
    """A (possibly sharded) array living on devices.

    jax replaces most methods with its own (``use_cpp_class``); it keeps
    ``__init__``, ``delete``, ``is_deleted``, ``block_until_ready``,
    ``unsafe_buffer_pointer``, ``on_device_size_in_bytes``,
    ``__cuda_array_interface__`` and the two single-device host-copy methods,
    and reads the plain attributes ``aval``, ``_sharding``, ``_committed``,
    ``_npy_value`` and ``_arrays``.
    """

    def __del__(self) -> None:
        if _collecting:
            _report_collected(self)

    def __init__(
        self,
        aval: Any,
        sharding: Any,
        arrays: Sequence[Any],
        committed: bool,
        _skip_checks: bool = False,
    ):
        self.aval = aval
        self._sharding = sharding
        self._committed = bool(committed)
        buffers = _buffers_of(arrays)
        if not _skip_checks:
            buffers = self._arrange_buffers(buffers)
        self._buffers = buffers
        self._npy_value: np.ndarray | None = None
        self.traceback = buffers[0].traceback if buffers else None

    @classmethod
    def _of_buffer(cls, aval: Any, sharding: Any, buffer: Buffer,
                   committed: bool = True) -> ArrayImpl:
        """A single-device array over ``buffer`` (no checks: the caller
        built both for each other)."""
        array = cls.__new__(cls)
        array.aval = aval
        array._sharding = sharding
        array._committed = committed
        array._buffers = [buffer]
        array._npy_value = None
        array.traceback = buffer.traceback
        return array

    def _arrange_buffers(self, buffers: list[Buffer]) -> list[Buffer]:
        devices = list(self.sharding._internal_device_list.addressable_device_list)
        # The reference's checks, in its order and words (jax's tests match them).
        if len(buffers) != len(devices):
            raise ValueError(
                f"Expected {len(devices)} per-device arrays (this is how many devices are "
                f"addressable by the sharding), but got {len(buffers)}")
        by_device = {}
        for b in buffers:
            if b.device in by_device:
                raise ValueError(
                    "When making an array from single-device arrays, the input arrays must "
                    f"be from distinct devices, but got {[b.device for b in buffers]}")
            by_device[b.device] = b
        missing = [d for d in devices if d not in by_device]
        if missing:
            wanted = set(devices)
            extra = [b.device for b in buffers if b.device not in wanted]
            raise ValueError(
                "Addressable devices and per-device arrays devices do not match. Sharding "
                f"contains devices {_id_set(missing)} that are not present in per-device "
                f"arrays. Per-device arrays contain devices {_id_set(extra)} that are not "
                "present in the sharding.")
        shard_shape = tuple(self.sharding.shard_shape(tuple(self.aval.shape)))
        dtype = np.dtype(self.aval.dtype)
        for b in buffers:
            if b.dtype != dtype:
                raise ValueError(
                    "Input buffers to `Array` must have matching dtypes. Got "
                    f"{b.dtype.name}, expected {dtype.name} for buffer on {b.device!r}")
            if b.shape != shard_shape:
                raise ValueError(
                    f"Expected shard shape {shard_shape} doesn't match the single device "
                    f"array shape {tuple(b.shape)}. Shape of Array is "
                    f"{dtype.name}{list(self.aval.shape)} with sharding {self.sharding}")
        return [by_device[d] for d in devices]

    # -- metadata -------------------------------------------------------------

    @property
    def sharding(self) -> Any:
        return self._sharding

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.aval.shape)

    @property
    def dtype(self) -> np.dtype:
        return np.dtype(self.aval.dtype)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def committed(self) -> bool:
        return self._committed

    @property
    def _arrays(self) -> list[ArrayImpl]:
        """One single-device array per addressable shard, sharing storage
        (the array itself when it has a single one-device shard); None once
        the array is deleted."""
        if self.is_deleted():
            return None
        buffers = self._buffers
        if len(buffers) == 1 and len(self._sharding._internal_device_list) == 1:
            return [self]
        return [self._single(b) for b in buffers]

    def _single_device_array_to_np_array_did_copy(self) -> tuple[np.ndarray, bool]:
        """The host value of a one-shard array and whether it is a copy: on CPU
        it is a read-only view of the buffer, so never."""
        self._check_if_deleted()
        buffer = self._buffers[0]
        value = buffer.ndarray()
        if value.shape != tuple(self.aval.shape):
            value = value.reshape(tuple(self.aval.shape))
        return value, False

    def _copy_single_device_array_to_host_async(self) -> None:
        self._check_if_deleted()  # host and device memory are the same on CPU

    def _fully_replicated_shard(self) -> ArrayImpl:
        self._check_if_deleted()
        return self._single(self._buffers[0])

    @property
    def _pjrt_layout(self) -> Any:
        """The layout of the array's shards in memory (all shards share it)."""
        from jaxlib._src.runtime.types import Layout

        self._check_if_deleted()
        buffer = self._buffers[0]
        layout = buffer._layout
        if layout is not None:
            return Layout(tuple(reversed(layout)))
        return Layout.major_to_minor(len(buffer.shape))

    @property
    def __cuda_array_interface__(self) -> Any:
        """The CUDA array interface of a one-shard array in GPU memory."""
        buffers = self._buffers
        if (len(buffers) == 1 and hasattr(buffers[0], "cuda_array_interface")
                and np.dtype(buffers[0].dtype).kind == "V"):
            # The interface has no type string for ml_dtypes' types (bfloat16, float8,
            # ...; GPUs keep their bits in unsigned integers).
            from jaxlib._src.ir.element_types import BY_DTYPE

            row = BY_DTYPE.get(np.dtype(buffers[0].dtype))
            name = row.xla.upper() if row is not None else np.dtype(buffers[0].dtype).name
            raise AttributeError(f"__cuda_array_interface__ is not supported for {name} "
                                 "buffers.")
        if len(buffers) > 1 and hasattr(buffers[0], "cuda_array_interface"):
            raise AttributeError("__cuda_array_interface__ is only supported for unsharded "
                                 "arrays.")
        interface = (getattr(buffers[0], "cuda_array_interface", None)
                     if len(buffers) == 1 else None)
        if interface is None:
            raise AttributeError("__cuda_array_interface__ is only defined for NVidia GPU "
                                 "buffers.")
        return interface

    def _replace_with(self, other: ArrayImpl) -> None:
        """Makes this array share ``other``'s shards (jax's in-place update)."""
        self._buffers = list(other._buffers)
        self._npy_value = None

    def _rewrap_with_aval_and_sharding(self, aval: Any, sharding: Any) -> ArrayImpl:
        return ArrayImpl(aval, sharding, list(self._buffers), self._committed, True)

    def _single(self, buffer: Buffer) -> ArrayImpl:
        single = single_device_array(buffer, self._committed)
        aval_type = type(self.aval)
        if aval_type is not ShapedArray:
            # The shard's aval is of the caller's aval class (jax's ShapedArray
            # under jax), with the shard's shape.
            try:
                single.aval = aval_type(tuple(buffer.shape), buffer.dtype,
                                        weak_type=getattr(self.aval, "weak_type", False))
            except TypeError:
                pass  # an aval class with another constructor keeps ours
        return single

    def platform(self) -> str:
        """Its client's platform ("cpu", "gpu"): what jax's ``__dlpack_device__`` reads."""
        devices = self.sharding._device_assignment
        return devices[0].client.platform

    def addressable_data(self, index: int) -> ArrayImpl:
        return self._arrays[index]

    def devices(self) -> set[Device]:
        return set(self.sharding.device_set)

    @property
    def device(self) -> Device:
        if len(self._buffers) != 1:
            raise ValueError("device is only defined for single-device arrays")
        return self._buffers[0].device

    # -- lifetime -------------------------------------------------------------

    def is_deleted(self) -> bool:
        return any(b.is_deleted() for b in self._buffers)

    def _check_if_deleted(self) -> None:
        for b in self._buffers:
            b.check_alive()

    def delete(self) -> None:
        for b in self._buffers:
            b.delete()
        self._npy_value = None

    def _donate(self) -> None:
        for b in self._buffers:
            b.delete(donated=True)
        self._npy_value = None

    def is_ready(self) -> bool:
        self._check_if_deleted()
        return all(b.is_ready() for b in self._buffers)

    def block_until_ready(self) -> ArrayImpl:
        self._check_if_deleted()
        for b in self._buffers:
            b.block_until_ready()
        return self

    def copy_to_host_async(self) -> None:
        self._check_if_deleted()  # host and device memory are the same on CPU

    def clone(self) -> ArrayImpl:
        self._check_if_deleted()
        copies = [b.copy_to(b.device, b.memory_kind) for b in self._buffers]
        return ArrayImpl(self.aval, self.sharding, copies, self._committed, True)

    def on_device_size_in_bytes(self) -> int:
        self._check_if_deleted()
        return sum(b.on_device_size_in_bytes() for b in self._buffers)

    def unsafe_buffer_pointer(self) -> int:
        if len(self._buffers) != 1:
            raise ValueError("unsafe_buffer_pointer needs a single-device array")
        return self._buffers[0].unsafe_buffer_pointer()

    # -- host values ----------------------------------------------------------

    @property
    def _value(self) -> np.ndarray:
        return self._host_value()

    def _host_value(self) -> np.ndarray:
        self._check_if_deleted()
        if self._npy_value is not None:
            return self._npy_value
        if len(self._buffers) == 1 and self._buffers[0].shape == self.shape:
            value = self._buffers[0].ndarray()
        else:
            value = self._assemble()
        self._npy_value = value
        return value

    def _assemble(self) -> np.ndarray:
        if not self.sharding.is_fully_addressable:
            raise XlaRuntimeError(
                "INVALID_ARGUMENT: cannot fetch the value of an array that spans "
                "devices of other processes; fetch its addressable shards instead"
            )
        devices = list(self.sharding._device_assignment)  # positions = tile device ids
        by_device = {b.device: b for b in self._buffers}
        out = assemble_global(self.sharding, devices, [by_device[d].ndarray() for d in devices],
                              self.shape, self.dtype)
        out.flags.writeable = False
        return out

    def _buffer_export(self) -> np.ndarray:
        """What ``memoryview(array)`` views: the read-only host value. Element
        types the buffer protocol cannot describe are refused, as XLA does."""
        from jaxlib._src.runtime.types import dtype_to_etype

        if self._buffers and self.platform() != "cpu":  # numpy then uses __array__
            raise BufferError("Python buffer protocol is only defined for CPU buffers.")
        if np.dtype(self.dtype).isbuiltin != 1:  # ml_dtypes types are user-defined
            name = dtype_to_etype(np.dtype(self.dtype)).name
            raise BufferError(f"Buffers of type {name} are not supported by the Python "
                              "buffer protocol.")
        try:
            return self._host_value()
        except XlaRuntimeError as err:
            raise BufferError(str(err)) from None

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        value = self._host_value()
        if dtype is not None and np.dtype(dtype) != value.dtype:
            if copy is False:
                raise ValueError("a dtype conversion needs a copy")
            return value.astype(dtype)
        if copy:
            return value.copy()
        return value

    def tolist(self) -> Any:
        return self._host_value().tolist()

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __repr__(self) -> str:
        if self.is_deleted():
            return f"Array(<deleted>, shape={self.shape}, dtype={self.dtype.name})"
        body = np.array2string(self._host_value(), separator=", ", prefix="Array(")
        return f"Array({body}, dtype={self.dtype.name})"

    def __reduce__(self):
        # Pickles as its host value, as the reference does for CPU arrays.
        return (np.asarray, (np.array(self._host_value()),))


# -- placement and copies (seed 004) -------------------------------------------


def _as_host_array(shard: Any, dtype: np.dtype) -> np.ndarray:
    value = np.asarray(shard)
    if value.dtype != dtype:
        value = value.astype(dtype)
    return value


# How values were put on devices, by path, as XLA counts them (jax's tests read
# them through ``_jax.get_internal_device_put_info``): jit's dispatch putting a
# host argument on its one device; ``batched_device_put`` with one value for
# every device, with a shard per device, or with device arrays to assemble.
DEVICE_PUT_COUNTS = {
    "device_put_with_device": 0,
    "device_put_with_sharding": 0,
    "device_put_fully_replicated": 0,
    "device_put_batched": 0,
    "device_put_assembled": 0,
}


def device_put_with_device(value: Any, dtype: np.dtype, device: Device,
                           sharding: Any) -> ArrayImpl:
    """A host argument of a jitted call on the call's one device, as ``dtype``
    (jax's canonical type of it: a 64-bit numpy array becomes 32 bits without
    x64); an uncommitted array for the execution only."""
    DEVICE_PUT_COUNTS["device_put_with_device"] += 1
    if transfer_guard is not None:
        check_transfer("host_to_device", lambda: _described(value, sharding))
    buffer = device.client._buffer_from_host(
        device, _as_host_array(value, dtype), HostBufferSemantics.ZERO_COPY, None, False)
    # (no aval: nobody reads it, the execution takes the buffer)
    return ArrayImpl._of_buffer(None, sharding, buffer, committed=False)


def batched_device_put(
    aval: Any,
    sharding: Any,
    shards: Sequence[Any],
    devices: list[Device],
    committed: bool = False,
    force_copy: bool = False,
    host_buffer_semantics: Any = HostBufferSemantics.ZERO_COPY,
    enable_x64: bool | None = None,
) -> ArrayImpl:
    # ``enable_x64`` only matters to a C++ fast path that canonicalises Python
    # scalars; jax hands over values already of ``aval.dtype``.
    DEVICE_PUT_COUNTS["device_put_with_sharding"] += 1
    if shards and all(isinstance(shard, ArrayImpl) for shard in shards):
        DEVICE_PUT_COUNTS["device_put_assembled"] += 1
    elif shards and all(shard is shards[0] for shard in shards):
        DEVICE_PUT_COUNTS["device_put_fully_replicated"] += 1
    else:
        DEVICE_PUT_COUNTS["device_put_batched"] += 1
    if len(shards) != len(devices):
        raise invalid_argument(
            f"batched_device_put got {len(shards)} shards for {len(devices)} devices"
        )
    dtype = np.dtype(aval.dtype)
    memory_kind = getattr(sharding, "memory_kind", None)
    if transfer_guard is not None:
        if not all(isinstance(shard, ArrayImpl) for shard in shards):
            check_transfer("host_to_device", lambda: _described(aval, sharding))
        elif any(_buffers_of([shard])[0].device is not device
                 for shard, device in zip(shards, devices)):
            check_transfer("device_to_device", lambda: _described(aval, sharding))
    buffers = []
    for shard, device in zip(shards, devices):
        if isinstance(shard, ArrayImpl):
            (source,) = _buffers_of([shard])
            if source.device is device and not force_copy and (
                    memory_kind is None or memory_kind == source.memory_kind):
                buffers.append(source)
            else:
                buffers.append(source.copy_to(device, memory_kind))
        else:
            value = _as_host_array(shard, dtype)
            buffers.append(
                device.client._buffer_from_host(
                    device, value, HostBufferSemantics(host_buffer_semantics),
                    memory_kind, force_copy,
                )
            )
    return ArrayImpl(aval, sharding, buffers, committed)


def _described(value: Any, sharding: Any) -> str:
    aval = value if not isinstance(value, np.ndarray) else \
        f"{value.dtype.name}{list(value.shape)}"
    return f"aval={aval}, dst_sharding={sharding}"


def _copy_with_semantics(
    source: Buffer, device: Device, memory_kind: str | None,
    semantics: ArrayCopySemantics,
) -> Buffer:
    source.check_alive()
    if semantics != ArrayCopySemantics.ALWAYS_COPY and source.device is device and (
        memory_kind is None or memory_kind == source.memory_kind
    ):
        return source
    return source.copy_to(device, memory_kind)


def batched_copy_array_to_devices_with_sharding(
    arrays: Sequence[ArrayImpl],
    devices: Sequence[DeviceList],
    sharding: Sequence[Any],
    array_copy_semantics: Sequence[ArrayCopySemantics],
) -> Sequence[ArrayImpl]:
    if not (len(arrays) == len(devices) == len(sharding) == len(array_copy_semantics)):
        raise invalid_argument(
            "batched_copy_array_to_devices_with_sharding needs equally long "
            "arrays, devices, sharding and array_copy_semantics"
        )
    results = []
    for array, device_list, dst, semantics in zip(
        arrays, devices, sharding, array_copy_semantics
    ):
        array._check_if_deleted()
        targets = list(device_list)
        if len(targets) != len(array._buffers):
            raise invalid_argument(
                f"array has {len(array._buffers)} shards but {len(targets)} "
                "destination devices were given"
            )
        semantics = ArrayCopySemantics(semantics)
        memory_kind = getattr(dst, "memory_kind", None)
        if transfer_guard is not None and any(
                b.device is not d for b, d in zip(array._buffers, targets)):
            check_transfer("device_to_device",
                           lambda array=array, dst=dst: _described(array.aval, dst))
        copies = [
            _copy_with_semantics(b, d, memory_kind, semantics)
            for b, d in zip(array._buffers, targets)
        ]
        results.append(ArrayImpl(array.aval, dst, copies, array.committed))
        if semantics == ArrayCopySemantics.DONATE_INPUT:
            _donate_unshared(array, copies)
    return results


def _donate_unshared(array: ArrayImpl, kept: list[Buffer]) -> None:
    """Marks the donated input deleted. Buffers reused by the result stay
    alive in the result; the input array just stops owning them."""
    kept_ids = {id(b) for b in kept}
    for b in array._buffers:
        if id(b) not in kept_ids:
            b.delete(donated=True)
    array._buffers = [_donated_marker(b) for b in array._buffers]
    array._npy_value = None


def _donated_marker(buffer: Buffer) -> Buffer:
    marker = Buffer.__new__(Buffer)
    for slot in ("device", "shape", "dtype", "memory_kind", "traceback"):
        setattr(marker, slot, getattr(buffer, slot))
    marker._storage = marker._view = marker._event = marker._keepalive = None
    marker._failure = None
    marker._deleted = True
    marker._donated = True
    return marker


def reorder_shards(
    x: ArrayImpl,
    dst_sharding: Any,
    array_copy_semantics: ArrayCopySemantics,
) -> ArrayImpl:
    x._check_if_deleted()
    semantics = ArrayCopySemantics(array_copy_semantics)
    by_device = {b.device: b for b in x._buffers}
    targets = list(dst_sharding._internal_device_list.addressable_device_list)
    if set(targets) != set(by_device):
        raise invalid_argument(
            "reorder_shards needs the destination sharding to use the same devices "
            f"as the array: {sorted(d.id for d in targets)} vs "
            f"{sorted(d.id for d in by_device)}"
        )
    memory_kind = getattr(dst_sharding, "memory_kind", None)
    buffers = [
        _copy_with_semantics(by_device[d], d, memory_kind, semantics) for d in targets
    ]
    result = ArrayImpl(x.aval, dst_sharding, buffers, x.committed)
    if semantics == ArrayCopySemantics.DONATE_INPUT:
        _donate_unshared(x, buffers)
    return result


def batched_block_until_ready(x: Sequence[Any]) -> None:
    for a in x:
        a.block_until_ready()


class ResultHandler:
    """Builds an output array from its per-device shards. ``wrap(after)``
    applies ``after`` to the result, after the earlier wraps; ``pre_wrap(f)``
    applies ``f`` to the built array before everything added so far (jax
    wraps handlers for PRNG keys and float0, and pre-wraps NaN checks)."""

    __slots__ = ("_build", "_pre", "_post")

    def __init__(self, fn: Callable[[Sequence[Any]], Any],
                 pre: tuple = (), post: tuple = ()):
        self._build = fn
        self._pre = pre  # in the order they run
        self._post = post

    def __call__(self, arrays: Sequence[Any]) -> Any:
        x = self._build(arrays)
        for f in self._pre:
            x = f(x)
        for f in self._post:
            x = f(x)
        return x

    def wrap(self, after: Callable[[Any], Any]) -> ResultHandler:
        return ResultHandler(self._build, self._pre, self._post + (after,))

    def pre_wrap(self, before: Callable[[Any], Any]) -> ResultHandler:
        return ResultHandler(self._build, (before,) + self._pre, self._post)


def array_result_handler(
    aval: Any, sharding: Any, committed: bool, _skip_checks: bool = False
) -> ResultHandler:
    def handler(arrays: Sequence[Any]) -> ArrayImpl:
        if isinstance(arrays, ArrayImpl):
            # One (possibly multi-shard) array: rewrap its shards (jax's
            # device_put hands the result of shard_args over like this).
            return ArrayImpl(aval, sharding, list(arrays._buffers), committed, True)
        return ArrayImpl(aval, sharding, arrays, committed, _skip_checks)

    return ResultHandler(handler)


# -- execution streams ---------------------------------------------------------

_stream_state = threading.local()


def get_execution_stream_id() -> int:
    return getattr(_stream_state, "id", 0)


def set_execution_stream_id(new_id: int) -> None:
    _stream_state.id = int(new_id)


@contextlib.contextmanager
def execution_stream_id(new_id: int) -> Iterator[None]:
    """Overrides the calling thread's execution stream id inside the block."""
    previous = get_execution_stream_id()
    set_execution_stream_id(new_id)
    try:
        yield
    finally:
        set_execution_stream_id(previous)
