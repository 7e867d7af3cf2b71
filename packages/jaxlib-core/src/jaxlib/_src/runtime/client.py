"""The CPU ``Client``: devices, transfers, live objects and profiles."""

from __future__ import annotations

import atexit
import itertools
import os
import threading
import weakref
from collections.abc import Sequence
from typing import Any

import numpy as np

from jaxlib import _native
from jaxlib._src.base.errors import invalid_argument, unimplemented
from jaxlib._src.compiler.pipeline import compile_program
from jaxlib._src.runtime import profile
from jaxlib._src.runtime.array import (
    ArrayImpl,
    check_transfer,
    client_aval,
    single_device_array,
)
from jaxlib._src.runtime.buffer import Buffer, HostBufferSemantics
from jaxlib._src.runtime.device import CpuDevice, Device, Memory
from jaxlib._src.runtime.types import dtype_to_etype
from jaxlib._src.runtime.xla_flags import forced_host_device_count

_alloc_keys = itertools.count()
_live_streams: weakref.WeakSet = weakref.WeakSet()


@atexit.register
def _shutdown_streams() -> None:
    # Worker threads must finish before the interpreter tears down.
    for stream in list(_live_streams):
        stream.shutdown()


def _physical_memory_bytes() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError):
        return 0


class Client:
    """A client of one platform's devices (here: the host CPU)."""

    platform = "cpu"
    _raw_platform = "cpu"
    platform_version = "cpu"
    runtime_type = "tfrt"
    # jax.export asks whether serialized modules should carry Shardy attributes.
    serialize_with_sdy = True

    def __init__(
        self,
        num_devices: int = 1,
        asynchronous: bool = True,
        process_index: int = 0,
        num_processes: int = 1,
        distributed_client: Any = None,
        collectives: Any = None,
        devices_per_process: Sequence[int] | None = None,
        make_devices: Any = None,
    ):
        """``make_devices(client)``, when given, builds the devices (another
        platform's client: jaxlib-gpu's); otherwise they are CPU devices."""
        if num_devices < 1:
            raise invalid_argument(f"num_devices must be at least 1, got {num_devices}")
        self.asynchronous = bool(asynchronous)
        self._process_index = process_index
        self._num_processes = num_processes
        self.distributed_client = distributed_client
        self.collectives = collectives
        if devices_per_process is None:
            devices_per_process = [num_devices if p == process_index else 0
                                   for p in range(num_processes)]
        # Global device ids follow process order; local_hardware_id counts within a process.
        self._devices: list[Device] = []
        for process, count in enumerate(devices_per_process if make_devices is None else ()):
            for local in range(count):
                device = CpuDevice(self, id=len(self._devices), process_index=process,
                                   local_hardware_id=local)
                if process == process_index:
                    device._alloc_key = next(_alloc_keys)
                self._devices.append(device)
        self._executions = itertools.count()  # numbers the multi-process executions
        self._streams: dict[int, Any] = {}
        self._lock = threading.Lock()
        # Held while one multi-device execution puts its replicas on the device
        # streams, so every stream sees executions in the same order: replicas
        # of two executions interleaved differently on two streams would each
        # wait in a different rendezvous forever.
        self._launch_lock = threading.Lock()
        self._buffers: weakref.WeakSet = weakref.WeakSet()
        self._executables: weakref.WeakSet = weakref.WeakSet()
        if make_devices is not None:
            self._devices = list(make_devices(self))

    # -- devices --------------------------------------------------------------

    def device_count(self) -> int:
        return len(self._devices)

    def local_device_count(self) -> int:
        return len(self.local_devices())

    def devices(self) -> list[Device]:
        return list(self._devices)

    def local_devices(self) -> list[Device]:
        return [d for d in self._devices if d.process_index == self._process_index]

    def _get_all_devices(self) -> list[Device]:
        return list(self._devices)

    def device_from_local_hardware_id(self, local_hardware_id: int) -> Device:
        """This process's device with that hardware id (DLPack names devices so)."""
        for device in self.local_devices():
            if device.local_hardware_id == local_hardware_id:
                return device
        raise invalid_argument(f"no local {self.platform} device has hardware id "
                               f"{local_hardware_id}")

    def get_default_layout(self, dtype: Any, shard_shape: Any, device: Any) -> Any:
        """The layout arrays of ``shard_shape`` get unless asked otherwise:
        row-major."""
        from jaxlib._src.runtime.types import Layout

        return Layout.major_to_minor(len(tuple(shard_shape)))

    def host_id(self) -> int:
        return self._process_index

    def process_index(self) -> int:
        return self._process_index

    def get_default_device_assignment(
        self, num_replicas: int, num_partitions: int = 1
    ) -> list[list[Device]] | list[Device]:
        needed = num_replicas * num_partitions
        devices = self.devices()
        if needed > len(devices):
            raise invalid_argument(
                f"Requested {needed} devices ({num_replicas} replicas x "
                f"{num_partitions} partitions), but only {len(devices)} are available"
            )
        grid = [
            [devices[r * num_partitions + p] for p in range(num_partitions)]
            for r in range(num_replicas)
        ]
        return grid

    def _check_client_device(self, device: Device) -> None:
        if not isinstance(device, Device) or device.client is not self:
            raise invalid_argument(f"{device!r} is not a device of this client")

    def _check_own_device(self, device: Device) -> None:
        self._check_client_device(device)
        if device.process_index != self._process_index:
            raise invalid_argument(
                f"{device!r} belongs to process {device.process_index} and is not "
                f"addressable from this process ({self._process_index})")

    def _next_execution_number(self) -> int:
        return next(self._executions)

    def _memory_stats(self, device: Device) -> dict[str, int]:
        self._check_own_device(device)
        stats = dict(_native.memory_stats(device._alloc_key))
        stats["bytes_limit"] = _physical_memory_bytes()
        return stats

    def _stream(self, device: Device):
        with self._lock:
            stream = self._streams.get(device.id)
            if stream is None:
                stream = _native.Stream(device._alloc_key)
                self._streams[device.id] = stream
                _live_streams.add(stream)
            return stream

    # -- transfers ------------------------------------------------------------

    def buffer_from_pyval(
        self,
        argument: Any,
        device: Device | Memory | None = None,
        force_copy: bool = False,
        host_buffer_semantics: HostBufferSemantics = HostBufferSemantics.ZERO_COPY,
    ) -> ArrayImpl:
        memory_kind = None
        if isinstance(device, Memory):
            memory_kind = device.kind
            device = device.addressable_by_devices()[0]
        if device is None:
            device = self.local_devices()[0]
        self._check_own_device(device)
        value = _host_value(argument)
        check_transfer("host_to_device",
                       lambda: f"aval={value.dtype.name}{list(value.shape)}, dst={device!r}")
        buffer = self._buffer_from_host(
            device, value, HostBufferSemantics(host_buffer_semantics), memory_kind,
            force_copy,
        )
        from jaxlib._src.runtime.sharding import SingleDeviceSharding

        sharding = SingleDeviceSharding(device, memory_kind=memory_kind)
        aval = client_aval(value.shape, value.dtype)
        return ArrayImpl(aval, sharding, [buffer], committed=True, _skip_checks=True)

    def _buffer_from_dlpack(self, device: Device, source: Any, copy: bool | None,
                            view_as: np.dtype | None) -> Buffer:
        """A buffer of ``device`` over a DLPack tensor in host memory: the
        producer's memory in place when it is aligned and contiguous and
        ``copy`` is not true; otherwise a copy (an error when ``copy`` is false)."""
        from jaxlib._src.runtime.buffer import ZERO_COPY_ALIGNMENT, can_alias
        from jaxlib._src.runtime.dlpack import host_value_from_dlpack

        self._check_own_device(device)
        value = host_value_from_dlpack(source, view_as)
        try:
            dtype_to_etype(value.dtype)
        except (TypeError, ValueError, KeyError):
            raise invalid_argument(f"DLPack tensors of type {value.dtype} have no XLA "
                                   "element type") from None
        if copy is not True and can_alias(value):
            return Buffer.alias(device, value)
        if copy is False:
            raise invalid_argument(
                f"the DLPack tensor at {value.ctypes.data:#x} is not aligned to "
                f"{ZERO_COPY_ALIGNMENT} bytes or not contiguous, so using it needs a copy")
        return Buffer.from_host(device, value, HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL,
                                None, True)

    def _buffer_from_host(self, device: Device, value: np.ndarray,
                          semantics: HostBufferSemantics, memory_kind: str | None,
                          force_copy: bool) -> Buffer:
        """A buffer of ``device`` (of this client) holding ``value``: where
        every transfer onto this client's devices goes (other clients' too,
        through ``Buffer.copy_to``)."""
        return Buffer.from_host(device, value, semantics, memory_kind, force_copy)

    # -- live objects ---------------------------------------------------------

    def _track_buffer(self, buffer: Buffer) -> None:
        self._buffers.add(buffer)

    def _untrack_buffer(self, buffer: Buffer) -> None:
        self._buffers.discard(buffer)

    # Whether SPMD programs over partitions run as a per-device program on
    # each device (``apart``) or once on the global arrays (``global``).
    # ``auto``: apart when the devices span processes (each process then
    # computes its own shards only), else when the partitioner estimates the
    # devices, sharing this machine's cores, finish sooner than one run of
    # the global view (work split among them, not done whole by each); a
    # backend may choose otherwise.
    PARTITIONS_ENV = "JAXLIB_SPMD_PARTITIONS"

    def _partitions_mode(self) -> str:
        mode = os.environ.get(self.PARTITIONS_ENV, "auto").strip().lower() or "auto"
        if mode not in ("auto", "apart", "global"):
            raise invalid_argument(
                f"{self.PARTITIONS_ENV}={mode!r}: expected auto, apart or global")
        return mode

    def _partitions_apart(self, executable: Any) -> bool:
        mode = self._partitions_mode()
        if mode != "auto":
            return mode == "apart"
        if executable._multi_process:
            return True
        choice = executable.__dict__.get("_apart_choice")
        if choice is None:
            choice = executable._compiled.partition_is_faster(
                len(executable._devices), os.cpu_count() or 1)
            executable._apart_choice = choice
        return choice

    def _track_executable(self, executable: Any) -> None:
        self._executables.add(executable)

    def live_buffers(self) -> list[Buffer]:
        return [b for b in list(self._buffers) if not b.is_deleted()]

    def live_arrays(self) -> list[ArrayImpl]:
        """One single-device array per live buffer."""
        return [single_device_array(b) for b in self.live_buffers()]

    def live_executables(self) -> list[Any]:
        return list(self._executables)

    def heap_profile(self) -> bytes:
        """A gzipped pprof profile of the live buffers, by creation traceback."""
        return profile.heap_profile(self.live_buffers(), self.live_executables())

    # -- compilation ----------------------------------------------------------

    def compile(
        self,
        computation: str | bytes,
        executable_devices: Any = None,
        compile_options: Any = None,
    ) -> Any:
        from jaxlib._src.runtime import executable

        options = _compile_options(compile_options)
        computation = _as_program(computation)
        return executable.Executable(compile_program(computation, options), options)

    def compile_and_load(
        self,
        computation: str | bytes,
        executable_devices: Any,
        compile_options: Any = None,
        host_callbacks: Sequence[Any] = (),
    ) -> Any:
        from jaxlib._src.runtime import executable

        options = _compile_options(compile_options)
        computation = _as_program(computation)
        devices = executable.device_list(executable_devices)
        for device in devices:
            self._check_client_device(device)
        compiled = compile_program(computation, options, host_callbacks)
        return executable.LoadedExecutable(self, compiled, devices, options, host_callbacks)

    def serialize_executable(self, executable: Any) -> bytes:
        from jaxlib._src.runtime.executable import Executable

        if not isinstance(executable, Executable):
            raise invalid_argument(
                f"serialize_executable expects an executable, got {type(executable).__name__}")
        return executable.serialize()

    def deserialize_executable(
        self,
        serialized: bytes,
        executable_devices: Any,
        options: Any = None,
        host_callbacks: Sequence[Any] = (),
    ) -> Any:
        from jaxlib._src.runtime import executable

        # Dump and other side-effecting debug options come from the loading
        # process's own options, never from the (untrusted) blob.
        build = getattr(options, "executable_build_options", None)
        compiled, stored_options = executable.deserialize_compiled(
            serialized, host_callbacks, getattr(build, "debug_options", None))
        devices = executable.device_list(executable_devices)
        for device in devices:
            self._check_client_device(device)
        return executable.LoadedExecutable(
            self, compiled, devices, options if options is not None else stored_options,
            host_callbacks)

    def __repr__(self) -> str:
        return f"Client(platform={self.platform!r}, devices={self._devices!r})"


def _as_program(computation: Any) -> Any:
    """A live ``jaxlib.mlir.ir.Module`` (a higher layer, so duck-typed) hands
    over its core module; text, bytes and core modules pass through."""
    core_module = getattr(computation, "_core_module", None)
    if callable(core_module):
        return core_module()
    return computation


def _compile_options(options: Any) -> Any:
    from jaxlib._src.runtime.options import CompileOptions, apply_option_overrides

    if options is None:
        return CompileOptions()
    if not isinstance(options, CompileOptions):
        raise invalid_argument(
            f"compile_options must be a CompileOptions, got {type(options).__name__}")
    try:
        return apply_option_overrides(options)
    except ValueError as err:
        raise invalid_argument(str(err)) from None


def _host_value(argument: Any) -> np.ndarray:
    if isinstance(argument, ArrayImpl):
        return np.asarray(argument)
    try:
        value = np.asarray(argument)
    except Exception as err:
        raise invalid_argument(
            f"cannot convert {type(argument).__name__} to an array: {err}"
        ) from err
    if not value.dtype.isnative:
        value = value.astype(value.dtype.newbyteorder("="))
    try:
        dtype_to_etype(value.dtype)
    except (TypeError, ValueError, KeyError):
        raise invalid_argument(
            f"arrays of dtype {value.dtype} have no XLA element type and cannot be "
            "placed on a device"
        ) from None
    return value


def make_cpu_client(
    asynchronous: bool = True,
    distributed_client: Any = None,
    node_id: int = 0,
    num_nodes: int = 1,
    collectives: Any = None,
    num_devices: int | None = None,
    get_local_topology_timeout_minutes: int | None = None,
    get_global_topology_timeout_minutes: int | None = None,
    transfer_server_factory: Any = None,
) -> Client:
    """A CPU client; with ``distributed_client`` (and ``num_nodes`` > 1) one
    process of a multi-process client whose ``devices()`` are every process's.

    The processes publish their device counts in the coordination service's
    key-value store and number the devices in process order.
    ``collectives`` (e.g. ``make_gloo_tcp_collectives(distributed_client)``)
    carries the collectives of programs whose devices span processes.
    """
    if num_devices is None:  # as XLA: the count forced in XLA_FLAGS, else one device
        try:
            num_devices = forced_host_device_count() or 1
        except ValueError as e:
            raise invalid_argument(str(e)) from None
    if isinstance(num_devices, bool) or not isinstance(num_devices, int) or num_devices < 1:
        raise invalid_argument(f"num_devices must be a positive int, got {num_devices!r}")
    check_process_arguments("CPU", distributed_client, node_id, num_nodes, collectives)
    if transfer_server_factory is not None:
        raise unimplemented("transfer servers are not supported by the CPU client")
    devices_per_process = None
    if distributed_client is not None:
        timeout_minutes = get_global_topology_timeout_minutes or 5
        devices_per_process = _exchange_topology(
            distributed_client, node_id, num_nodes, num_devices, timeout_minutes)
    from jaxlib._src.backends.cpu import native
    from jaxlib._src.runtime import executable  # noqa: F401  (the first compile needs it)

    native.warm_up()  # backend set-up belongs to the client, not to the first compile
    return Client(
        num_devices=num_devices, asynchronous=asynchronous, process_index=node_id,
        num_processes=num_nodes, distributed_client=distributed_client,
        collectives=collectives, devices_per_process=devices_per_process,
    )


def check_process_arguments(kind: str, distributed_client: Any, node_id: Any, num_nodes: Any,
                            collectives: Any) -> None:
    """The checks of a (multi-process) client's process arguments, for a
    ``kind`` ("CPU", "GPU") of client."""
    for name, value in (("node_id", node_id), ("num_nodes", num_nodes)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise invalid_argument(f"{name} must be an int, got {value!r}")
    if num_nodes < 1:
        raise invalid_argument(f"num_nodes must be at least 1, got {num_nodes}")
    if not 0 <= node_id < num_nodes:
        raise invalid_argument(f"node_id {node_id} is out of range for {num_nodes} nodes")
    if num_nodes > 1 and distributed_client is None:
        raise invalid_argument(
            f"a {kind} client of {num_nodes} nodes needs a distributed_client (from "
            "get_distributed_runtime_client) to exchange the processes' devices")
    if collectives is not None and not callable(getattr(collectives, "communicator", None)):
        raise invalid_argument(
            "collectives must be cross-process collectives (e.g. from "
            f"make_gloo_tcp_collectives), got {type(collectives).__name__}")


# Several clients may share one coordination client: each process numbers its
# clients in creation order, so their topology keys differ and match across processes.
_clients_per_coordinator: weakref.WeakKeyDictionary[Any, dict[str, itertools.count]] = (
    weakref.WeakKeyDictionary())
_clients_lock = threading.Lock()


def _exchange_topology(distributed_client: Any, node_id: int, num_nodes: int,
                       num_devices: int, timeout_minutes: float) -> list[int]:
    """Every process's local device count, in process order, through the
    coordination service's key-value store."""
    texts = exchange_process_values(distributed_client, node_id, num_nodes, "cpu_client",
                                    str(num_devices), timeout_minutes)
    return [int(text) for text in texts]


def exchange_process_values(distributed_client: Any, node_id: int, num_nodes: int,
                            kind: str, value: str, timeout_minutes: float) -> list[str]:
    """Every process's ``value``, in process order, through the coordination
    service's key-value store: what the processes of a multi-process client
    of ``kind`` (e.g. "cpu_client", "gpu_client") tell each other about their
    devices. Each process numbers its clients of a kind in creation order, so
    several clients may share one coordination client."""
    for method in ("key_value_set", "blocking_key_value_get"):
        if not callable(getattr(distributed_client, method, None)):
            raise invalid_argument(
                "distributed_client must be a DistributedRuntimeClient (from "
                f"get_distributed_runtime_client), got {type(distributed_client).__name__}")
    own = getattr(distributed_client, "node_id", node_id)
    if own != node_id:
        raise invalid_argument(
            f"node_id {node_id} differs from the distributed client's node_id {own}")
    _connect_once(distributed_client)
    with _clients_lock:
        counters = _clients_per_coordinator.setdefault(distributed_client, {})
        counter = counters.setdefault(kind, itertools.count())
        prefix = f"jaxlib/{kind}/{next(counter)}"
    distributed_client.key_value_set(f"{prefix}/devices/{node_id}", value)
    timeout_ms = int(timeout_minutes * 60_000)
    return [distributed_client.blocking_key_value_get(f"{prefix}/devices/{node}", timeout_ms)
            for node in range(num_nodes)]


def _connect_once(distributed_client: Any) -> None:
    """Connects a client that was not connected yet (as the seed's setup expects)."""
    from jaxlib._src.base.errors import XlaRuntimeError

    try:
        distributed_client.connect()
    except XlaRuntimeError as err:
        if "already connected" not in str(err):
            raise
