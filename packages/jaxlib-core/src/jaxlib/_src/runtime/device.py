"""Devices, their memories, and ordered device lists."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from jaxlib._src.base.errors import invalid_argument, unimplemented


class Client(Protocol):
    """What a device uses of its client (runtime/client.py's ``Client``, which
    builds devices and so is not imported here)."""

    def process_index(self) -> int: ...

    def _memory_stats(self, device: Device) -> dict[str, int]: ...

# The memory kinds a CPU device addresses; all are host memory on the CPU.
CPU_MEMORY_KINDS = ("device", "pinned_host", "unpinned_host")
_MEMORY_CLASS_NAMES = {
    "device": "DeviceMemory",
    "pinned_host": "PinnedHostMemory",
    "unpinned_host": "UnpinnedHostMemory",
}


class Memory:
    """One memory space (kind) addressable by a device."""

    def __init__(self, device: Device, kind: str):
        self._device = device
        self.kind = kind

    @property
    def process_index(self) -> int:
        return self._device.process_index

    @property
    def platform(self) -> str:
        return self._device.platform

    def addressable_by_devices(self) -> list[Device]:
        return [self._device]

    def __repr__(self) -> str:
        name = _MEMORY_CLASS_NAMES.get(self.kind, "Memory")
        return f"{name}(id={self._device.id})"

    def __str__(self) -> str:
        return self.kind


class Device:
    """A device of a client. Identity is the (client, id) pair: devices are
    created once per client and compared by identity."""

    platform: str = "cpu"
    device_kind: str = "cpu"

    def __init__(
        self,
        client: Client,
        id: int,
        process_index: int = 0,
        local_hardware_id: int | None = None,
        memory_kinds: Sequence[str] = CPU_MEMORY_KINDS,
        default_memory_kind: str = "device",
    ):
        self.client = client
        self.id = id
        self.process_index = process_index
        self.local_hardware_id = local_hardware_id
        self._memories = {kind: Memory(self, kind) for kind in memory_kinds}
        self._default_memory_kind = default_memory_kind

    @property
    def host_id(self) -> int:
        return self.process_index

    @property
    def task_id(self) -> int:
        return self.process_index

    def memory(self, kind: str) -> Memory:
        try:
            return self._memories[kind]
        except KeyError:
            raise invalid_argument(
                f"Could not find memory addressable by device {self.device_kind}. "
                f"Device {self.device_kind} can address the following memory kinds: "
                f"{', '.join(self._memories)}. Got memory kind: {kind}"
            ) from None

    def default_memory(self) -> Memory:
        return self._memories[self._default_memory_kind]

    def addressable_memories(self) -> list[Memory]:
        return list(self._memories.values())

    def memory_stats(self) -> dict[str, int] | None:
        return self.client._memory_stats(self)

    def get_stream_for_external_ready_events(self) -> int:
        """The stream a DLPack producer should make its data ready on; host
        devices have none (jax then passes no stream)."""
        raise unimplemented(f"{self!r} has no stream for external ready events")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(id={self.id})"

    def __str__(self) -> str:
        return f"{self.platform.upper()}_{self.id}"

    def __reduce__(self):  # devices are bound to a live client
        raise TypeError(f"cannot pickle {self!r}: devices belong to a live client")


class CpuDevice(Device):
    platform = "cpu"
    device_kind = "cpu"

    def __str__(self) -> str:
        return f"TFRT_CPU_{self.id}"


class DeviceList:
    """An immutable ordered tuple of devices with derived properties.

    Like the reference, it also holds objects that are not devices (jax's
    tests build meshes of stand-in devices to check sharding arithmetic):
    such a list can be indexed, compared and hashed, and every property that
    needs real devices raises an INVALID_ARGUMENT error saying so."""

    def __init__(self, device_assignment: tuple[Device, ...]):
        devices = tuple(device_assignment)
        self._devices = devices
        self._real = all(isinstance(d, Device) for d in devices)
        self._hash: int | None = None

    def _require_devices(self, what: str) -> None:
        if not self._real:
            raise invalid_argument(f"DeviceList.{what} needs devices, but the list holds "
                                   "objects that are not jaxlib devices")

    def __len__(self) -> int:
        return len(self._devices)

    def __getitem__(self, index: Any) -> Any:
        return self._devices[index]

    def __iter__(self) -> Iterator[Device]:
        return iter(self._devices)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DeviceList):
            return self._devices == other._devices
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._devices)
        return self._hash

    def __repr__(self) -> str:
        return f"DeviceList({self._devices!r})"

    # is_fully_addressable, addressable_device_list and process_indices read
    # only process_index and client.process_index(): device-like objects
    # serve (jax's tests build meshes of mock TPU devices), as the reference's.
    def _processes(self, what: str) -> list[tuple[int, int]]:
        """(the device's process, its client's process) of each device."""
        try:
            return [(d.process_index, d.client.process_index()) for d in self._devices]
        except AttributeError:
            self._require_devices(what)
            raise

    @property
    def is_fully_addressable(self) -> bool:
        return all(own == client for own, client in self._processes("is_fully_addressable"))

    @property
    def addressable_device_list(self) -> DeviceList:
        processes = self._processes("addressable_device_list")
        if all(own == client for own, client in processes):
            return self
        return DeviceList(tuple(d for d, (own, client) in zip(self._devices, processes)
                                if own == client))

    @property
    def process_indices(self) -> set[int]:
        return {own for own, _ in self._processes("process_indices")}

    @property
    def default_memory_kind(self) -> str | None:
        if not self._devices:
            return None
        self._require_devices("default_memory_kind")
        return self._devices[0].default_memory().kind

    @property
    def memory_kinds(self) -> tuple[str, ...]:
        if not self._devices:
            return ()
        self._require_devices("memory_kinds")
        return tuple(m.kind for m in self._devices[0].addressable_memories())

    @property
    def device_kind(self) -> str:
        if not self._devices:
            raise ValueError("an empty DeviceList has no device kind")
        self._require_devices("device_kind")
        return self._devices[0].device_kind
