"""The GPU client: devices, buffers in device memory, compile and execute.

On CUDA the array namespace is CuPy (memory from its pooling allocator,
kernels compiled with NVRTC and cached by CuPy, GEMMs on cuBLAS, sort on CUB).
Mock GPUs (``make_gpu_client(mock=True)``) run the same step programs with
numpy as the namespace, so programs and sharding logic are testable without a
GPU. Execution is asynchronous: ``execute`` returns once the work is queued on
the device's stream; ``block_until_ready`` waits for it.

The client, its devices, buffers and executables are the core's runtime types
specialized (``Client``, ``Device``, ``Buffer``, ``LoadedExecutable``): arrays
are the core's ``ArrayImpl`` over GPU buffers, so jax's arrays, shardings and
dispatch work on GPUs as they do on the CPU.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument, unimplemented
from jaxlib._src.compiler.pipeline import compile_program
from jaxlib._src.ir.types import TokenType
from jaxlib._src.ops.registry import TOKEN
from jaxlib._src.runtime.array import client_aval
from jaxlib._src.runtime.buffer import Buffer, HostBufferSemantics
from jaxlib._src.runtime.client import Client, _as_program, _compile_options
from jaxlib._src.runtime.device import Device
from jaxlib._src.runtime.executable import (
    ExecuteResults,
    LoadedExecutable,
    ShardedToken,
    Token,
    _donated_twice,
    _FastPath,
    deserialize_compiled,
    device_list,
    fast_path_buffer,
    value_spec,
)
from jaxlib._src.runtime.sharding import SingleDeviceSharding
from jaxlib._src.runtime.traceback import Traceback
from jaxlib.gpu_runtime.carried import CARRIERS, from_carrier, to_carrier
from jaxlib.gpu_runtime.collectives import executing_on
from jaxlib.gpu_runtime.kernels import DEVICE_DTYPES, contiguous, on_device
from jaxlib.gpu_runtime.program import build_gpu_program, to_host
from jaxlib.gpu_runtime.vendor import is_hip

# What a GPU addresses: its own memory, and page-locked host memory.
GPU_MEMORY_KINDS = ("device", "pinned_host")


class GpuDevice(Device):
    """One GPU (or one mock GPU). ``platform`` is "gpu" whatever the GPU's
    maker, as in jax; the client's ``_raw_platform`` says "cuda" or "rocm"."""

    platform = "gpu"

    def __init__(self, client: GpuClient, id: int, local_hardware_id: int,
                 process_index: int, device_kind: str, compute_capability: str,
                 slice_index: int = 0):
        super().__init__(client, id, process_index=process_index,
                         local_hardware_id=local_hardware_id, memory_kinds=GPU_MEMORY_KINDS)
        self.device_kind = device_kind
        self.compute_capability = compute_capability
        self.slice_index = slice_index

    @property
    def core_on_chip(self) -> int:
        return 0

    def get_stream_for_external_ready_events(self) -> int:
        """The CUDA stream this GPU's executions run on (DLPack producers make
        their data ready on it)."""
        client = self.client
        if client.mock:
            return super().get_stream_for_external_ready_events()
        return int(client._stream_context(self).ptr)

    def __repr__(self) -> str:
        kind = "Cuda" if self.client._raw_platform == "cuda" else "Rocm"
        return f"{kind}Device(id={self.id})"

    def __str__(self) -> str:
        return f"{self.client._raw_platform}:{self.id}"


class _StreamEvent:
    """A CUDA event as the core's buffers wait on events (``wait``,
    ``is_ready``, ``error``)."""

    __slots__ = ("_event", "_done")

    def __init__(self, event: Any):
        self._event = event
        self._done = False  # one event serves all of a run's results: wait once

    def wait(self) -> None:
        if not self._done:
            self._event.synchronize()
            self._done = True

    def is_ready(self) -> bool:
        if not self._done:
            self._done = bool(self._event.done)
        return self._done

    def error(self) -> str | None:
        return None  # kernel failures surface at launch, in execute


class GpuBuffer(Buffer):
    """A shard on a GPU. Its storage is the value itself: a CuPy array in
    device memory, or a numpy array on the host (mock GPUs, the
    ``pinned_host`` memory kind, and types without device arithmetic such as
    bfloat16)."""

    __slots__ = ()

    @classmethod
    def of_value(cls, device: GpuDevice, value: Any, event: Any = None,
                 memory_kind: str | None = None, dtype: Any = None) -> GpuBuffer:
        """A buffer over ``value``; ``dtype``: the logical dtype of a carrier
        (a bfloat16 value on the GPU is stored as uint16, carried.py)."""
        buffer = cls(device, tuple(value.shape),
                     np.dtype(dtype if dtype is not None else value.dtype), memory_kind)
        buffer._storage = value
        if event is not None:
            buffer._set_pending(event, None)
        return buffer

    @classmethod
    def _results(cls, device: GpuDevice, values: Sequence[Any], dtypes: Sequence[np.dtype],
                 event: Any, kinds: Sequence[str], traceback: Any) -> list[GpuBuffer]:
        """``of_value`` for each of a run's results (``dtypes``: their logical
        dtypes), sharing ``traceback`` (one capture per execution) and
        ``event``: the dispatch hot path. Sets what ``Buffer.__init__`` sets."""
        return [cls._fresh(device, tuple(value.shape), dtype, kind, traceback, value, event)
                for value, dtype, kind in zip(values, dtypes, kinds)]

    @property
    def value(self) -> Any:
        """The stored array (raises once the buffer is deleted or donated)."""
        storage = self._storage
        if storage is None:
            self.check_alive()
            raise invalid_argument(f"Array has been deleted: its buffer on {self.device} "
                                   "is gone.")
        return storage

    def ndarray(self) -> np.ndarray:
        """The contents on the host, read-only: copied from the GPU once and
        kept (buffers never change)."""
        self.check_alive()
        self.block_until_ready()
        view = self._view_cache
        if view is None:
            host = from_carrier(np.asarray(to_host(self.value)), self.dtype)
            view = host.view()
            view.flags.writeable = False
            self._view_cache = view
        return view

    _live_view = ndarray

    def _copy_within_client(self, device: Device, memory_kind: str | None) -> Buffer:
        return device.client._copy_value(self, device, memory_kind)

    def on_device_size_in_bytes(self) -> int:
        return int(self.value.nbytes)

    def _address(self) -> int:
        value = self.value
        if isinstance(value, np.ndarray):  # (``.data`` fails for bfloat16 and the like)
            return int(value.ctypes.data)
        return int(value.data.ptr)  # CuPy

    @property
    def on_gpu(self) -> bool:
        return not isinstance(self.value, np.ndarray)

    @property
    def cuda_array_interface(self) -> dict | None:
        """CuPy's ``__cuda_array_interface__`` of a value in GPU memory."""
        value = self.value
        return None if isinstance(value, np.ndarray) else value.__cuda_array_interface__

    def _dlpack_source(self) -> Any:
        """The value itself (CuPy: a CUDA tensor; numpy: a host tensor). A
        value of a real GPU's device memory kept on the host (a type without
        device arithmetic, e.g. bfloat16) goes to the GPU as unsigned integers
        of its width: consumers of a GPU array read GPU memory."""
        value = self.value
        client = self.device.client
        if (isinstance(value, np.ndarray) and not client.mock
                and self.memory_kind in (None, "device")):
            from jaxlib._src.runtime.dlpack import _CARRIERS, _CODED_TYPES

            if np.dtype(value.dtype) in _CODED_TYPES:
                value = value.view(_CARRIERS[value.dtype.itemsize])
            with client._device_context(self.device):
                return client.xp.array(value, copy=True)
        if isinstance(value, np.ndarray) and not value.flags.writeable:
            return value.copy()  # DLPack cannot say read-only
        return value


class _CudaArrayInterface:
    """An object exposing a given ``__cuda_array_interface__`` (what CuPy reads)."""

    def __init__(self, interface: dict):
        self.__cuda_array_interface__ = interface


class GpuClient(Client):
    """A client of the GPUs of one platform (``cuda``, ``rocm``; mock GPUs
    execute on the host)."""

    platform = "gpu"
    runtime_type = "stream_executor"

    def __init__(self, platform: str, xp: Any, device_specs: Sequence[dict],
                 process_index: int = 0, num_processes: int = 1, allocator: Any = None,
                 distributed_client: Any = None, collectives: Any = None):
        self._raw_platform = platform
        self.xp = xp
        self.mock = xp is np
        # "<platform> <runtime version>", as jax and its tests parse it (e.g.
        # "cuda 12080"); mock GPUs have no runtime: version 0.
        version = 0 if self.mock else int(xp.cuda.runtime.runtimeGetVersion())
        self.platform_version = (f"jaxlib-gpu mock {platform} {version}" if self.mock
                                 else f"jaxlib-gpu {platform} {version}")
        self._allocator = allocator
        self._gpu_streams: dict[int, Any] = {}
        # Held by an execution whose devices meet in NCCL: two executions must not
        # queue on one communicator from different threads at once.
        self._collectives_lock = threading.RLock()
        super().__init__(process_index=process_index, num_processes=num_processes,
                         distributed_client=distributed_client, collectives=collectives,
                         make_devices=lambda client: [
                             GpuDevice(client, id=i, **spec)
                             for i, spec in enumerate(device_specs)])

    # -- devices -------------------------------------------------------------------

    def _memory_stats(self, device: Device) -> dict[str, int] | None:
        self._check_own_device(device)
        if self.mock:
            return None
        pool = self.xp.get_default_memory_pool()
        with self.xp.cuda.Device(device.local_hardware_id):
            free, total = self.xp.cuda.runtime.memGetInfo()
        limit = pool.get_limit() or total
        return {"bytes_in_use": int(pool.used_bytes()),
                "pool_bytes": int(pool.total_bytes()),
                "bytes_limit": int(limit), "bytes_free_on_device": int(free)}

    def _device_context(self, device: GpuDevice) -> Any:
        if self.mock:
            import contextlib

            return contextlib.nullcontext()
        return self.xp.cuda.Device(device.local_hardware_id)

    def _stream_context(self, device: GpuDevice) -> Any:
        """Executions run on one stream per device (a created stream: CUDA
        graphs cannot capture the legacy default stream). It synchronizes with
        the default stream, where transfers run."""
        if self.mock:
            import contextlib

            return contextlib.nullcontext()
        stream = self._gpu_streams.get(device.id)
        if stream is None:
            stream = self._gpu_streams[device.id] = self.xp.cuda.Stream(non_blocking=False)
        return stream

    def _on_device_storage(self, buffer: GpuBuffer) -> bool:
        """Whether ``buffer`` is kept in device memory (mock GPUs: their host
        arrays): not pinned_host, not a type without device arithmetic."""
        if buffer.memory_kind not in (None, "device"):
            return False
        storage = buffer.value
        return isinstance(storage, np.ndarray) if self.mock else isinstance(
            storage, self.xp.ndarray)

    def _ready_event(self) -> _StreamEvent | None:
        if self.mock:
            return None
        event = self.xp.cuda.Event(block=False, disable_timing=True)
        event.record()
        return _StreamEvent(event)

    def defragment(self) -> None:
        """Returns the pool's free blocks to the device (what fragmentation
        there is lives in them: live buffers are never moved)."""
        if not self.mock:
            self.xp.get_default_memory_pool().free_all_blocks()

    # -- transfers -----------------------------------------------------------------

    def _stored(self, value: Any, memory_kind: str | None, dtype: Any = None) -> Any:
        """``value`` (host or device; ``dtype``: its logical dtype where it is
        a carrier) as this client stores it: on the GPU for the device memory
        kind and types with device arithmetic (bfloat16 as its carrier), else
        on the host; always a copy of the caller's array."""
        dtype = np.dtype(dtype if dtype is not None else value.dtype)
        on_device = (not self.mock and memory_kind in (None, "device")
                     and (dtype in DEVICE_DTYPES or dtype in CARRIERS))
        if on_device:
            return self.xp.array(to_carrier(value), copy=True)
        return from_carrier(np.array(to_host(value), copy=True), dtype)

    def _program_input(self, value: Any, type_: Any) -> Any:
        """An argument as a program reads it: values kept in host memory
        (``pinned_host``) are copied to the GPU for the device kernels."""
        if on_device(type_):
            value = to_carrier(value)  # bfloat16 as its bits, mock GPUs too
            if not self.mock and isinstance(value, np.ndarray):
                return self.xp.asarray(value)
        return value

    def _result_storage(self, value: Any, memory_kind: str) -> Any:
        """A program's result as it is kept: in host memory for the
        ``pinned_host`` kind (XLA's output streaming), else where it is."""
        if memory_kind == "pinned_host" and not isinstance(value, np.ndarray) \
                and hasattr(value, "shape"):
            return np.asarray(to_host(value))
        return value

    def _buffer_from_host(self, device: Device, value: np.ndarray,
                          semantics: HostBufferSemantics, memory_kind: str | None,
                          force_copy: bool) -> GpuBuffer:
        self._check_own_device(device)
        kind = memory_kind or device.default_memory().kind
        device.memory(kind)  # an unknown memory kind is an error naming the known ones
        with self._device_context(device):
            stored = self._stored(value, kind)
            return GpuBuffer.of_value(device, stored, self._ready_event(), kind, value.dtype)

    def _buffer_from_dlpack(self, device: Device, source: Any, copy: bool | None,
                            view_as: np.dtype | None) -> GpuBuffer:
        """A buffer over a DLPack tensor: one in this GPU's memory is used in
        place (unless ``copy``), one in host memory is copied up."""
        from jaxlib._src.runtime.dlpack import KDL_CUDA, KDL_ROCM, host_value_from_dlpack

        self._check_own_device(device)
        device_type, device_id = source.__dlpack_device__()
        with self._device_context(device):
            if device_type == (KDL_ROCM if is_hip(self.xp) else KDL_CUDA) and not self.mock:
                if device_id != device.local_hardware_id:
                    raise invalid_argument(f"the DLPack tensor is on GPU {device_id}, not on "
                                           f"{device!r}")
                value = self.xp.from_dlpack(source)
                if view_as is not None and view_as not in CARRIERS:
                    value = self.xp.asnumpy(value).view(view_as)  # no device arithmetic
                elif copy:
                    value = self.xp.array(value, copy=True)
            else:
                value = host_value_from_dlpack(source, view_as)
                if copy or not self.mock:
                    value = self._stored(value, "device")
            return GpuBuffer.of_value(device, value, self._ready_event(), dtype=view_as)

    def _buffer_from_cuda_array_interface(self, cai: dict, shape: tuple[int, ...],
                                          dtype: np.dtype, device_id: int | None
                                          ) -> GpuBuffer:
        """A buffer over the GPU memory a ``__cuda_array_interface__`` names
        (core's ``cuda_array_interface_to_buffer`` checked the dict): a view
        of it on the GPU ``device_id``, by default the one holding the data."""
        if self.mock:
            raise invalid_argument("__cuda_array_interface__ names CUDA memory, which mock "
                                   "GPUs do not have")
        pointer = int(cai["data"][0])
        empty = 0 in shape
        if device_id is None and pointer and not empty:
            from jaxlib.cuda import pointer_device_ordinal

            device_id = pointer_device_ordinal(pointer)
        devices = ([d for d in self.devices() if d.local_hardware_id == device_id]
                   if device_id is not None else self.devices()[:1])
        if not devices:
            raise invalid_argument(f"the __cuda_array_interface__ data is on GPU {device_id}, "
                                   f"which is not one of this client's {self.devices()}")
        device = devices[0]
        with self._device_context(device):
            if empty:
                value = self.xp.empty(shape, dtype)
            else:
                # CuPy reads the interface in place (and waits on its stream, version 3).
                view = _CudaArrayInterface({
                    "shape": shape, "typestr": dtype.str, "data": (pointer, False),
                    "version": int(cai.get("version", 2)), "strides": None,
                    **({"stream": cai["stream"]} if cai.get("stream") is not None else {})})
                value = self.xp.asarray(view)
            if np.dtype(dtype) not in DEVICE_DTYPES:
                value = np.asarray(to_host(value))
            return GpuBuffer.of_value(device, value, self._ready_event())

    def _copy_value(self, source: GpuBuffer, device: Device,
                    memory_kind: str | None) -> GpuBuffer:
        """A copy of ``source`` on ``device`` of this client (GPU to GPU
        directly; peer access where the GPUs allow it)."""
        self._check_own_device(device)
        kind = memory_kind or source.memory_kind
        source.block_until_ready()
        with self._device_context(device):
            stored = self._stored(source.value, kind, source.dtype)
            return GpuBuffer.of_value(device, stored, self._ready_event(), kind, source.dtype)

    # -- compilation ----------------------------------------------------------------

    def _partitions_apart(self, executable: Any) -> bool:
        """SPMD programs over several GPUs run as their per-device program
        on every GPU by default (each GPU computes its own shards), not in
        global view on the first GPU; ``JAXLIB_SPMD_PARTITIONS=global`` keeps
        the global view."""
        mode = self._partitions_mode()
        if mode == "auto":
            return len(executable._devices) > 1
        return mode == "apart"

    def _program_builder(self) -> Any:
        return build_gpu_program(self.xp, platform=self._raw_platform)

    def compile_and_load(self, computation: str | bytes, executable_devices: Any = None,
                         compile_options: Any = None, host_callbacks: Sequence[Any] = ()
                         ) -> GpuExecutable:
        options = _compile_options(compile_options)
        devices = (device_list(executable_devices) if executable_devices is not None
                   else [self.local_devices()[0]])
        for device in devices:
            self._check_client_device(device)
        compiled = compile_program(_as_program(computation), options, host_callbacks,
                                   program_builder=self._program_builder())
        return self._load(compiled, devices, executable_devices is not None, options,
                          host_callbacks)

    def deserialize_executable(self, serialized: bytes, executable_devices: Any,
                               options: Any = None, host_callbacks: Sequence[Any] = ()
                               ) -> GpuExecutable:
        build = getattr(options, "executable_build_options", None)
        compiled, stored_options = deserialize_compiled(
            serialized, host_callbacks, getattr(build, "debug_options", None),
            program_builder=self._program_builder())
        devices = device_list(executable_devices)
        for device in devices:
            self._check_client_device(device)
        return self._load(compiled, devices, True,
                          options if options is not None else stored_options, host_callbacks)

    def _load(self, compiled: Any, devices: list[Device], given: bool, options: Any,
              host_callbacks: Sequence[Any]) -> GpuExecutable:
        count = compiled.num_replicas * compiled.num_partitions
        if compiled.num_replicas > 1 and compiled.num_partitions > 1:
            raise unimplemented(
                f"programs over {compiled.num_replicas} replicas x {compiled.num_partitions} "
                f"partitions are not supported by the {self._raw_platform} backend yet "
                "(replicas alone or partitions alone are)")
        if count > 1:
            kind = "replicas" if compiled.num_replicas > 1 else "partitions"
            if not given or len(devices) != count:
                raise invalid_argument(
                    f"the program runs over {count} {kind}; give {count} devices, "
                    f"got {len(devices) if given else 'none'}")
            if compiled.polymorphic:
                raise unimplemented("shape-polymorphic programs over several partitions")
        else:
            devices = devices[:1]
        return GpuExecutable(self, compiled, devices, options, host_callbacks)

    compile = compile_and_load

    def __repr__(self) -> str:
        return f"GpuClient(platform={self._raw_platform!r}, devices={self._devices!r})"


class GpuExecutable(LoadedExecutable):
    """A program compiled for GPUs: one device, replicas (a thread per
    device, collectives through the core's rendezvous) or partitions (in
    global view on the first device)."""


    def __init__(self, client: GpuClient, compiled: Any, devices: list[GpuDevice],
                 options: Any = None, host_callbacks: Sequence[Any] = ()):
        super().__init__(client, compiled, devices, options, host_callbacks)
        # One captured graph per device: replicas run on their devices in
        # threads of their own, each capturing and replaying its own graph.
        self._graphs: dict[int, ProgramGraph] = {}

    def _fast_path_setup(self) -> _FastPath | None:
        """jit's dispatch fast path (``_execute_fast_buffers``): programs on
        one device with fixed shapes, no tokens, results in default memory."""
        compiled = self._compiled
        if (len(self._devices) != 1 or self._multi_process or self._global_view
                or compiled.polymorphic):
            return None
        types = [*compiled.parameter_types, *compiled.result_types]
        if any(isinstance(t, TokenType) for t in types):
            return None
        device = self._devices[0]
        default = device.default_memory().kind
        if any(kind != default for kind in compiled.result_memory_kinds):
            return None
        results = []
        for t in compiled.result_types:
            shape, dtype = value_spec(t)
            results.append((tuple(shape), dtype, 0, client_aval(tuple(shape), dtype)))
        params = [(tuple(shape), dtype) for shape, dtype in self._param_specs]
        return _FastPath(compiled.program, device, params, results,
                         SingleDeviceSharding(device, memory_kind=default),
                         bool(compiled.donated_parameters), memory_kind=default)

    def _execute_fast_buffers(self, arguments: Sequence[Any]) -> list[Buffer] | None:
        """The outputs of a run with arguments that are this device's arrays
        of the program's shapes, queued without the general path's checks and
        wrapping; None when any argument needs the general path (which also
        reports every error)."""
        fast = self._fast
        params = fast.params
        if len(arguments) != len(params):
            return None
        device = fast.device
        buffers = []
        for arg, (shape, dtype) in zip(arguments, params):
            buffer = fast_path_buffer(arg, shape, dtype, device)
            if buffer is None or buffer._storage is None:
                return None
            buffers.append(buffer)
        if fast.donates and _donated_twice(self._compiled.donated_parameters, buffers):
            return None
        outputs = self._run_on(device, buffers)
        if fast.donates:
            self._donate(arguments)
        return outputs

    def reference_kernel_steps(self) -> list[dict[str, str]]:
        """The steps that run on the host's reference kernels, and why (for a
        shape-polymorphic program: of the specializations run so far)."""
        compiled = self._compiled
        programs = ([c.program for c in compiled.specializations.values()]
                    if compiled.polymorphic else [compiled.program])
        return [s.as_dict() for p in programs for s in p.reference_steps]

    @property
    def compiled(self) -> Any:
        return self._compiled

    def hlo_modules_text(self) -> str:
        return self._compiled.source

    def graph_status(self) -> str:
        """How executions run: 'eager' (kernel by kernel: the first run, mock
        GPUs, JAXLIB_GPU_GRAPHS=0), 'graph' (a replayed CUDA graph), or why a
        capture was not possible."""
        graph = self._first_graph()
        return graph.status if graph is not None else "eager"

    def graph_memory_bytes(self) -> int | None:
        """Device memory the captured graphs hold (None without a graph)."""
        held = [g.allocator.held_bytes() for g in list(self._graphs.values())
                if g.allocator is not None]
        return sum(held) if held else None

    def _first_graph(self) -> ProgramGraph | None:
        """The graph of the executable's first device (the status reported)."""
        graphs = self._graphs
        return graphs.get(self._devices[0].id) or next(iter(graphs.values()), None)

    # -- execution -----------------------------------------------------------------

    def _execute_one(self, arguments: Sequence[Any]) -> tuple[list[Any], Any]:
        if len(self._devices) != 1:
            raise invalid_argument(
                f"execute() runs on one device, but this executable has {len(self._devices)};"
                " use execute_sharded()")
        device = self._devices[0]
        inputs = self._check_arguments(arguments, device)
        outputs = self._run_on(device, inputs)
        self._donate(arguments)
        return self._wrap(outputs), _completion(outputs)

    def execute_sharded(self, arguments: Sequence[Any], with_tokens: bool = False
                        ) -> ExecuteResults:
        """``arguments[i]`` is argument i's shards, one per device (or a
        sharded array); the results are ``[output][device]``."""
        per_device = self._per_device_arguments(arguments)
        devices = self._addressable
        # (An entry that is one shard_map runs its instances directly.)
        top_level_shard_map = not self._multi_process and self._global_view \
            and self._per_device_entry() is not None
        partitioned = self._partitioned_program() \
            if self._global_view and not top_level_shard_map else None
        if partitioned is not None:
            outputs = self._execute_partitioned_on_gpus(per_device, partitioned)
        elif self._global_view:
            outputs = self._execute_global(per_device)
        else:
            checked = [self._check_arguments(args, device)
                       for device, args in zip(devices, per_device)]
            if len(devices) == 1 and not self._multi_process:
                by_device = [self._run_on(devices[0], checked[0])]
            else:
                by_device = self._execute_replicas(checked)
            outputs = [list(column) for column in zip(*by_device)]
        for args in per_device:
            self._donate(args)
        token = ShardedToken({d.id: Token([_completion([out[k] for out in outputs])])
                              for k, d in enumerate(devices)})
        return ExecuteResults(outputs, token)

    def _execute_global(self, per_device: list[list[Any]]) -> list[list[GpuBuffer]]:
        """An SPMD program over partitions runs in global view on the first
        device (shard_map bodies inside it one instance per GPU, collectives.py):
        each argument is assembled there from its shards by its sharding, and
        each result split into the devices' parts by its own, with device-to-
        device copies. Values kept in host memory (types without device
        arithmetic, pinned_host) and unreduced shardings go through the host.
        When the devices span processes, each process gathers the other
        processes' argument shards (host copies over the client's cross-process
        collectives), runs the whole global view on its first GPU (the other
        processes' shard_map instances on that GPU too) and keeps its own
        devices' result shards."""
        from jaxlib._src.ir.hlo_sharding import (
            HloSharding,
            _hlo_sharding_indices,
            _OpShardingType,
            subgroup_coordinates,
        )
        from jaxlib._src.runtime.array import assemble_global, scatter_global

        devices = self._devices
        local = self._addressable
        n = len(devices)
        compiled = self._compiled
        client = self.client
        first = local[0]
        across = self._multi_process

        class Layout:  # what assemble_global / scatter_global ask of a sharding
            def __init__(self, text: str | None):
                self.hlo = HloSharding.from_string(text) if text else HloSharding.replicate()

            def _to_xla_hlo_sharding(self, rank: int) -> HloSharding:
                return self.hlo

            def on_device(self, shards: Sequence[Any]) -> bool:
                """Whether the parts move between devices directly."""
                return not across and not any(subgroup_coordinates(
                    self.hlo, _OpShardingType.UNREDUCED, n).values()) and all(
                    client._on_device_storage(b) for b in shards)

        inputs_by_device = [self._check_arguments(args, d, global_shapes=True)
                            for d, args in zip(local, per_device)]
        entry = None if across else self._per_device_entry()
        if entry is not None:  # a shard_map at the top: each device its own blocks
            return self._execute_per_device(entry, inputs_by_device)
        remote: dict[int, Any] = {}  # device index -> its argument shards (other processes)
        if across:
            with client._launch_lock:  # execution numbers in the same order everywhere
                rendezvous = self._rendezvous()
            own = {devices.index(d): tuple(b.ndarray() for b in inputs)
                   for d, inputs in zip(local, inputs_by_device)}
            remote = {k: v for k, v in rendezvous.gather_all(own).items() if k not in own}
        shardings = list(compiled.parameter_shardings) + [None] * len(self._param_specs)
        buffers = []
        for i, (shape, dtype) in enumerate(self._param_specs):
            if isinstance(compiled.parameter_types[i], TokenType):
                buffers.append(client._buffer_from_host(
                    first, np.zeros((0,), np.bool_),
                    HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL, None, True))
                continue
            layout = Layout(shardings[i])
            indices = _hlo_sharding_indices(layout.hlo, shape, n)
            shards = [inputs[i] for inputs in inputs_by_device]
            for d, b in zip(local, shards):
                want = _index_shape(indices[devices.index(d)], shape)
                if b.shape != want:
                    raise invalid_argument(f"argument {i} on {d!r}: expected shard "
                                           f"shape {list(want)}, got {list(b.shape)}")
            if layout.on_device(shards):
                buffers.append(self._assembled_on(first, shards, indices, shape))
                continue
            by_id = {d.id: b for d, b in zip(local, shards)}
            parts = [by_id[d.id].ndarray() if d.id in by_id else remote[k][i]
                     for k, d in enumerate(devices)]
            value = assemble_global(layout, devices, parts, shape, dtype)
            buffers.append(client._buffer_from_host(
                first, value, HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL, None, True))
        # shard_map bodies inside run one instance per device (collectives.py); only
        # programs over partitions get here, so single-device dispatch skips this.
        # Other processes' instances run on this process's first GPU.
        placement = [d if d.process_index == first.process_index else first for d in devices]
        with executing_on(client, placement, compiled):
            results = self._run_on(first, buffers)
        outputs = []
        result_shardings = list(compiled.result_shardings) + [None] * len(results)
        for r, result in enumerate(results):
            layout = Layout(result_shardings[r])
            indices = _hlo_sharding_indices(layout.hlo, result.shape, n)
            if layout.on_device([result]):
                outputs.append(self._split_from(result, indices))
                continue
            value = result.ndarray()
            parts = [np.empty(_index_shape(index, value.shape), value.dtype)
                     for index in indices]
            scatter_global(layout, devices, value, parts)
            outputs.append([client._buffer_from_host(
                d, part, HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL, result.memory_kind,
                True) for part, d in zip(parts, devices) if d.process_index == first.process_index])
        return outputs

    def _per_device_entry(self) -> Any:
        """The program's PerDeviceEntry (program.py) when its blocks are the
        arguments' and results' shards device for device (instance k's block
        is the shard of device ``device_ids[k]``), else None; decided once."""
        cached = self.__dict__.get("_per_device_cache", ())
        if cached != ():
            return cached
        self._per_device_cache = entry = self._matching_per_device_entry()
        return entry

    def _matching_per_device_entry(self) -> Any:
        from jaxlib._src.ir.hlo_sharding import HloSharding, _hlo_sharding_indices

        compiled = self._compiled
        entry = getattr(compiled.program, "per_device_entry", None)
        n = len(self._devices)
        if entry is None or compiled.polymorphic or \
                sorted(entry.plan.device_ids) != list(range(n)):
            return None
        if any(kind not in (None, "device") for kind in compiled.result_memory_kinds):
            return None
        plan = entry.plan

        def agrees(text: str | None, shape: tuple[int, ...], layout: Any) -> bool:
            hlo = HloSharding.from_string(text) if text else HloSharding.replicate()
            try:
                shards = _hlo_sharding_indices(hlo, shape, n)
            except ValueError:
                return False
            return all(_bounds(shards[j], shape) == _bounds(layout.block(coords), shape)
                       for coords, j in zip(plan.coordinates, plan.device_ids))

        parameters = list(compiled.parameter_shardings) + [None] * len(self._param_specs)
        for layout, p in zip(plan.in_layouts, entry.operand_params):
            if not agrees(parameters[p], tuple(self._param_specs[p][0]), layout):
                return None
        results = list(compiled.result_shardings) + [None] * len(entry.result_sources)
        for r, source in enumerate(entry.result_sources):
            layout = plan.out_layouts[source]
            if not agrees(results[r], layout.global_shape, layout):
                return None
        return entry

    def _execute_per_device(self, entry: Any, inputs_by_device: list[list[GpuBuffer]]
                            ) -> list[list[GpuBuffer]]:
        """A fully manual entry (program.py's PerDeviceEntry) with each
        instance on the device holding its blocks: no assembly, no copies."""
        from jaxlib.gpu_runtime.collectives import run_instances

        compiled = self._compiled
        client = self.client
        devices = self._devices
        plan = entry.plan
        per_instance = []
        for coords, j in zip(plan.coordinates, plan.device_ids):
            operands = []
            for layout, p in zip(plan.in_layouts, entry.operand_params):
                buffer = inputs_by_device[j][p]
                want = _index_shape(layout.block(coords), layout.global_shape)
                if buffer.shape != want:
                    raise invalid_argument(f"argument {p} on {devices[j]!r}: expected shard "
                                           f"shape {list(want)}, got {list(buffer.shape)}")
                operands.append(client._program_input(buffer.value,
                                                      compiled.parameter_types[p]))
            per_instance.append(tuple(operands))
        frame = [None] * compiled.program.frame_size
        try:
            results = run_instances(client.xp, client, devices, plan.body, frame, per_instance,
                                    plan.device_ids, "shard_map", compiled.module)
        except XlaRuntimeError:
            raise
        except Exception as err:
            raise XlaRuntimeError(f"INTERNAL: executing on {devices!r} failed: "
                                  f"{type(err).__name__}: {err}") from err
        dtypes = _result_dtypes(compiled)
        traceback = Traceback.get_traceback()
        outputs: list[list[Any]] = [[None] * len(devices) for _ in entry.result_sources]
        for k, j in enumerate(plan.device_ids):
            device = devices[j]
            with client._device_context(device), client._stream_context(device):
                values = _own_memory([_stored_result(client.xp, results[k][s])
                                      for s in entry.result_sources], per_instance[k])
                kinds = self._result_memory_kinds(device, len(values))
                stored = [from_carrier(client._result_storage(v, kind), d)
                          for v, kind, d in zip(values, kinds, dtypes)]
                buffers = GpuBuffer._results(device, stored, dtypes, client._ready_event(),
                                             kinds, traceback)
            for r, buffer in enumerate(buffers):
                outputs[r][j] = buffer
        return outputs

    def _assembled_on(self, device: GpuDevice, shards: list[GpuBuffer], indices: list,
                      shape: tuple[int, ...]) -> GpuBuffer:
        """The global value of ``shards`` on ``device``: each distinct block
        copied from the first device holding it (peer copies)."""
        from jaxlib.gpu_runtime.collectives import on_this_device

        client = self.client
        xp = client.xp
        sources = []
        for shard in shards:
            # Complete and contiguous on its own device first: another device's
            # stream cannot wait for the kernels that made it.
            shard.block_until_ready()
            with client._device_context(shard.device), client._stream_context(shard.device):
                sources.append(contiguous(xp, shard.value))
                if not client.mock:
                    xp.cuda.get_current_stream().synchronize()
        with client._device_context(device), client._stream_context(device):
            full = xp.empty(shape, sources[0].dtype)
            done: set[tuple] = set()
            for source, index in zip(sources, indices):
                key = tuple((s.start, s.stop) for s in index)
                if key not in done:
                    done.add(key)
                    full[index] = on_this_device(xp, source)
            if not client.mock:  # the shards may be donated (freed) once this returns
                xp.cuda.get_current_stream().synchronize()
            return GpuBuffer.of_value(device, full, client._ready_event(),
                                      device.default_memory().kind, shards[0].dtype)

    def _split_from(self, result: GpuBuffer, indices: list) -> list[GpuBuffer]:
        """Each device's part of ``result`` (on the first device), copied to it."""
        client = self.client
        xp = client.xp
        with client._device_context(result.device), client._stream_context(result.device):
            result.block_until_ready()
            value = result.value
            parts = [contiguous(xp, value[index]) for index in indices]
            if not client.mock:
                xp.cuda.get_current_stream().synchronize()  # read by the others' streams
        buffers = []
        for device, part in zip(self._devices, parts):
            with client._device_context(device), client._stream_context(device):
                copied = part.copy()  # CuPy copies an array of another device onto this one
                if not client.mock:  # the part is freed when this returns
                    xp.cuda.get_current_stream().synchronize()
                buffers.append(GpuBuffer.of_value(device, copied, client._ready_event(),
                                                  result.memory_kind, result.dtype))
        return buffers

    def _execute_partitioned_on_gpus(self, per_device: list[list[Any]], partitioned: Any
                                     ) -> list[list[GpuBuffer]]:
        """An SPMD program as its per-device program (core's
        ``CompiledProgram.partitioned``): each GPU runs it on its own argument
        shards as the partition of its place among the executable's devices;
        returns ``[output][device]``."""
        by_device = self._execute_replicas(self._shard_arguments(per_device, partitioned),
                                           partitioned)
        return [list(column) for column in zip(*by_device)]

    def _execute_replicas(self, inputs: list[list[GpuBuffer]], partitioned: Any = None
                          ) -> list[list[GpuBuffer]]:
        """Each device of this process runs the program on its own arguments,
        concurrently; the replicas meet in their collectives (collectives.py:
        NCCL, else device arrays exchanged through a rendezvous; replicas of
        other processes of a multi-process client through the client's
        cross-process collectives, by host copies). With ``partitioned`` (an
        SPMD program's per-device program) each device runs that as a
        partition instead of a replica.
        Returns ``[device][output]``."""
        from jaxlib._src.base.replica_context import running_as
        from jaxlib.gpu_runtime import nccl
        from jaxlib.gpu_runtime.collectives import (
            GpuReplicaContext,
            join_all,
            prepare_communicators,
            processes_of,
        )
        from jaxlib.gpu_runtime.collectives import use_nccl as nccl_for

        devices = self._addressable
        everyone = self._devices  # a replica's id is its device's position here
        results: list[Any] = [None] * len(devices)
        waiting = [False] * len(devices)
        own = self.client.process_index()
        # CUDA ordinals by replica id (-1: another process's GPU)
        ordinals = tuple(d.local_hardware_id if d.process_index == own else -1
                         for d in everyone)
        device_ids = tuple(d.id for d in everyone)
        use_nccl = nccl_for(self.client)
        grid = (len(everyone), 1) if partitioned is None else (1, len(everyone))
        ready_key = "_communicators_ready" if partitioned is None else "_partition_comms_ready"
        ids = [everyone.index(d) for d in devices]

        def replica(k: int) -> None:
            replica_id, partition_id = (ids[k], 0) if partitioned is None else (0, ids[k])
            context = GpuReplicaContext(replica_id=replica_id, partition_id=partition_id,
                                        num_replicas=grid[0], num_partitions=grid[1],
                                        rendezvous=rendezvous, ordinals=ordinals,
                                        use_nccl=use_nccl, device_ids=device_ids)
            try:
                with running_as(context):
                    outputs = self._run_on(devices[k], inputs[k], partitioned)
                    waiting[k] = True
                    for out in outputs:
                        out.block_until_ready()
                    results[k] = outputs
            except BaseException as err:  # the others stop waiting for this replica
                rendezvous.abort(err)
                results[k] = err

        threads = [threading.Thread(target=replica, args=(k,), daemon=True)
                   for k in range(len(devices))]
        with self.client._collectives_lock:  # one execution at a time on the communicators
            # (taken in execution order: a multi-process rendezvous is numbered so, and
            # the processes set up their shared NCCL groups in the same order)
            across = processes_of(self.client, everyone) if self._multi_process else None
            if (use_nccl or across) and not self.__dict__.get(ready_key):
                module = (partitioned or self._compiled).module
                prepare_communicators(module, *grid, ordinals, use_nccl, across)
                self.__dict__[ready_key] = True
            rendezvous = self._rendezvous()
            for thread in threads:
                thread.start()
            join_all(threads, lambda: any(isinstance(r, BaseException) for r in results),
                     waiting, lambda: nccl.abort(ordinals) if use_nccl else None)
        failures = [(k, e) for k, e in enumerate(results) if isinstance(e, BaseException)]
        if failures:  # the replica that failed first, not those it left waiting
            k, error = next(((k, e) for k, e in failures if "abandoned" not in str(e)),
                            failures[0])
            if isinstance(error, XlaRuntimeError):
                raise error
            raise XlaRuntimeError(f"INTERNAL: replica {k} on {devices[k]!r} failed: "
                                  f"{type(error).__name__}: {error}") from error
        return results

    def _run_on(self, device: GpuDevice, inputs: Sequence[GpuBuffer],
                partitioned: Any = None) -> list[GpuBuffer]:
        """Queues the program (or an SPMD program's per-device program,
        ``partitioned``) on ``device``'s stream; the outputs become ready
        when it has run."""
        client = self.client
        compiled = partitioned or self._specialized(list(inputs))
        graph_key = device.id if partitioned is None else -1 - device.id
        program = compiled.program
        plan = _boundary_plan(compiled, device)
        values = plan.program_inputs(client, inputs)
        with client._device_context(device), client._stream_context(device):
            try:
                outputs = None
                graph = self._graphs.get(graph_key)
                if graph is not None:
                    outputs = graph.run(program, values)
                if outputs is None:
                    results = program(*values)
                    outputs = _own_memory([_stored_result(client.xp, r) for r in results],
                                          values)
                    if graph is None and not client.mock and _graphs_enabled() \
                            and not is_hip(client.xp) and not self._compiled.polymorphic:
                        self._graphs[graph_key] = ProgramGraph(client.xp)  # captured next
            except XlaRuntimeError:
                raise
            except Exception as err:
                raise XlaRuntimeError(f"INTERNAL: executing on {device!r} failed: "
                                      f"{type(err).__name__}: {err}") from err
            event = client._ready_event()
            values = plan.stored_results(client, outputs)
            return GpuBuffer._results(device, values, plan.result_dtypes, event,
                                      plan.result_kinds, Traceback.get_traceback())

    def _result_memory_kinds(self, device: GpuDevice, count: int) -> list[str]:
        return _result_memory_kinds(self._compiled, device, count)


def _result_memory_kinds(compiled: Any, device: GpuDevice, count: int) -> list[str]:
    """Each result's memory kind: its ``mhlo.memory_kind`` where the device
    has that memory, else the device's default."""
    default = device.default_memory().kind
    kinds = list(compiled.result_memory_kinds) + [default] * count
    return [k if k in GPU_MEMORY_KINDS else default for k in kinds[:count]]


def _result_dtypes(compiled: Any) -> list[np.dtype]:
    """The logical dtypes of a program's results (tokens: bool)."""
    return [np.dtype(np.bool_) if isinstance(t, TokenType) else np.dtype(value_spec(t)[1])
            for t in compiled.result_types]


class _BoundaryPlan:
    """How a program's arguments enter it and its results leave it on one
    device, worked out once per program: most values pass as they are, and
    only the few that need it (tokens, carried types, host memory kinds) take
    the general conversions, so a run with many arguments and results does
    little Python work per value (the dispatch hot path)."""

    __slots__ = ("parameter_types", "converted_inputs", "token_inputs", "result_types",
                 "result_dtypes", "result_kinds", "converted_results")

    def __init__(self, compiled: Any, device: GpuDevice):
        self.parameter_types = list(compiled.parameter_types)
        # Parameters other than plain device values (tokens, carriers, host-kept).
        self.converted_inputs = frozenset(
            k for k, t in enumerate(self.parameter_types)
            if isinstance(t, TokenType) or not on_device(t)
            or np.dtype(value_spec(t)[1]) in CARRIERS)
        self.token_inputs = frozenset(k for k, t in enumerate(self.parameter_types)
                                      if isinstance(t, TokenType))
        self.result_types = list(compiled.result_types)
        self.result_dtypes = _result_dtypes(compiled)
        default = device.default_memory().kind
        self.result_kinds = _result_memory_kinds(compiled, device, len(self.result_types))
        self.converted_results = [
            k for k, (t, kind, dtype) in enumerate(zip(self.result_types, self.result_kinds,
                                                       self.result_dtypes))
            if isinstance(t, TokenType) or kind != default or dtype in CARRIERS]

    def program_inputs(self, client: GpuClient, inputs: Sequence[GpuBuffer]) -> list:
        """The values the program reads: device arrays as they are (an
        argument kept on the host, e.g. ``pinned_host``, copied up)."""
        if self.token_inputs:  # a token argument has no value to read
            tokens = self.token_inputs
            values = [TOKEN if k in tokens else b.value for k, b in enumerate(inputs)]
        else:
            values = [b.value for b in inputs]
        if not client.mock:  # (the converted ones keep their own rules)
            xp, converted = client.xp, self.converted_inputs
            values = [xp.asarray(v) if isinstance(v, np.ndarray) and k not in converted
                      else v for k, v in enumerate(values)]
        types = self.parameter_types
        for k in self.converted_inputs:
            t = types[k]
            if not isinstance(t, TokenType):
                values[k] = client._program_input(inputs[k].value, t)
        return values

    def stored_results(self, client: GpuClient, outputs: list) -> list:
        """The outputs as their buffers keep them (tokens as bool[0], the
        ``pinned_host`` kind in host memory, host carriers seen as their
        logical dtypes)."""
        values = list(outputs)
        types, kinds, dtypes = self.result_types, self.result_kinds, self.result_dtypes
        for k in self.converted_results:
            values[k] = from_carrier(client._result_storage(
                _boundary_value(types[k], values[k]), kinds[k]), dtypes[k])
        return values


def _boundary_plan(compiled: Any, device: GpuDevice) -> _BoundaryPlan:
    """The program's boundary plan for ``device`` (kept on the program)."""
    program = compiled.program
    plans = getattr(program, "boundary_plans", None)
    if plans is None:
        plans = program.boundary_plans = {}
    plan = plans.get(device.id)
    if plan is None:
        plan = plans[device.id] = _BoundaryPlan(compiled, device)
    return plan


def _stored_result(xp: Any, value: Any) -> Any:
    """A program's result as a buffer keeps it: a row-major array (host
    steps may return numpy scalars, e.g. of bfloat16)."""
    if isinstance(value, np.generic):
        return np.asarray(value)
    if isinstance(value, np.ndarray):
        return contiguous(np, value)
    return contiguous(xp, value) if hasattr(value, "flags") else value


def _allocation(value: Any) -> int | None:
    """Which allocation an array's memory is in (a slice of an argument is in
    that argument's too): a device array's allocation address, or minus the
    identity of the object owning a host array's memory (cheaper than
    numpy's address; negative, apart from device addresses); None for
    scalars, tokens and empty arrays."""
    if isinstance(value, np.ndarray):
        owner = value
        while isinstance(owner.base, np.ndarray):
            owner = owner.base
        if owner.base is not None:  # memory of a non-array object (bytes, mmap)
            owner = owner.base
        return -id(owner) if value.nbytes else None
    memory = getattr(getattr(value, "data", None), "mem", None)  # CuPy
    pointer = getattr(memory, "ptr", None)
    return int(pointer) if pointer is not None and value.nbytes else None


def _own_memory(outputs: list, arguments: Sequence[Any]) -> list:
    """Each output in memory of its own: one in an argument's memory
    (``jit(lambda x: x)``, a slice of an argument) or another output's is
    copied, as XLA copies such results unless their argument is donated."""
    taken = {p for p in map(_allocation, arguments) if p is not None}
    owned = []
    for value in outputs:
        where = _allocation(value)
        if where is not None and where in taken:
            value = value.copy()
            where = _allocation(value)
        if where is not None:
            taken.add(where)
        owned.append(value)
    return owned


def _boundary_value(type_: Any, value: Any) -> Any:
    """A result as a buffer holds it: tokens are bool[0] arrays."""
    if isinstance(type_, TokenType) or value is TOKEN:
        return np.zeros((0,), np.bool_)
    return value


def _completion(outputs: Sequence[GpuBuffer]) -> tuple[Any, None] | None:
    """The (event, failure box) a Token waits on for these outputs."""
    for out in outputs:
        if out._event is not None:
            return out._event, None
    return None


def _bounds(index: tuple, shape: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """(start, stop) per dimension of a block given by basic slices."""
    return tuple(part.indices(size)[:2] for part, size in zip(index, shape))


def _index_shape(index: tuple, shape: Sequence[int]) -> tuple[int, ...]:
    """The shape of ``array[index]`` for basic slices of an array of ``shape``."""
    return tuple(len(range(*part.indices(size))) if isinstance(part, slice) else 1
                 for part, size in zip(index, shape)) + tuple(shape[len(index):])


def _graphs_enabled() -> bool:
    return os.environ.get("JAXLIB_GPU_GRAPHS", "1") not in ("0", "")


_BATCHED_COPY: list = []
_COPY_THREADS, _COPY_BLOCKS = 256, 64


def copy_all(cupy: Any, sources: Sequence[Any], targets: Sequence[Any]) -> None:
    """targets[i][...] = sources[i] for contiguous arrays of equal sizes, in one
    kernel launch (a table of pointers and sizes), not a launch per array."""
    pairs = [(s, t) for s, t in zip(sources, targets) if s.nbytes]
    if len(pairs) < 3 or not all(s.flags.c_contiguous and t.flags.c_contiguous
                                 for s, t in pairs):
        for source, target in pairs:
            target[...] = source
        return
    rows = [(s.data.ptr, t.data.ptr, s.nbytes) for s, t in pairs]
    if not _BATCHED_COPY:
        from jaxlib.gpu_runtime import codegen

        _BATCHED_COPY.append(cupy.RawKernel(codegen.BATCHED_COPY_SOURCE,
                                            codegen.BATCHED_COPY_NAME))
    table = cupy.asarray(np.array(rows, np.uint64).reshape(-1))
    largest = max(r[2] for r in rows)
    blocks_x = min(_COPY_BLOCKS, max(1, -(-largest // (16 * _COPY_THREADS))))
    _BATCHED_COPY[0]((blocks_x, min(len(rows), 65535)), (_COPY_THREADS,),
                     (table, np.int32(len(rows))))


class _KeepingAllocator:
    """CuPy allocations made while capturing a graph, kept for the graph's
    lifetime: its kernels read and write those addresses on every replay.
    The graph holds the sum of the capture's allocations (JAXLIB_GPU_GRAPH_MEMORY=sum);
    GraphArena, the default, holds the peak."""

    def __init__(self, cupy: Any):
        self.pool = cupy.cuda.MemoryPool()
        self.kept: list = []

    def __call__(self, size: int) -> Any:
        pointer = self.pool.malloc(size)
        self.kept.append(pointer)
        return pointer

    def held_bytes(self) -> int:
        return int(self.pool.total_bytes())


class GraphArena:
    """The memory of one captured graph, reused within the capture: a block
    freed while capturing (a value past its last use) serves later allocations
    of the same capture, which stream order runs after every kernel that used
    it, so the graph holds the capture's peak, not the sum of its allocations.
    Chunks come from cudaMalloc and stay until the graph goes; no other code
    allocates from them (JAXLIB_GPU_GRAPH_MEMORY=peak, the default since the
    GPU check replayed gpt, resnet and lstm under it against the reference)."""

    ALIGN = 512
    MIN_CHUNK = 2 << 20

    def __init__(self, cupy: Any):
        self.cupy = cupy
        self.chunks: list = []  # cupy.cuda.Memory
        self.free: list[list[int]] = []  # per chunk: sorted [offset, size, ...] pairs, flat

    def __call__(self, size: int) -> Any:
        size = max(-(-size // self.ALIGN) * self.ALIGN, self.ALIGN)
        place = self._take(size)
        if place is None:
            chunk_size = max(size, self.MIN_CHUNK, self.held_bytes())  # doubling
            self.chunks.append(self.cupy.cuda.Memory(chunk_size))
            self.free.append([0, chunk_size])
            place = self._take(size)
        chunk, offset = place
        block = _ArenaBlock(self, chunk, offset, size)
        base = self.chunks[chunk]
        memory = self.cupy.cuda.UnownedMemory(base.ptr + offset, size, block, base.device_id)
        return self.cupy.cuda.MemoryPointer(memory, 0)

    def _take(self, size: int) -> tuple[int, int] | None:
        """First fit: (chunk, offset) of ``size`` bytes, cut from a free range."""
        for chunk, ranges in enumerate(self.free):
            for i in range(0, len(ranges), 2):
                offset, length = ranges[i], ranges[i + 1]
                if length >= size:
                    if length == size:
                        del ranges[i:i + 2]
                    else:
                        ranges[i], ranges[i + 1] = offset + size, length - size
                    return chunk, offset
        return None

    def give_back(self, chunk: int, offset: int, size: int) -> None:
        """Returns a block to its chunk's free ranges, merged with neighbours."""
        ranges = self.free[chunk]
        i = 0
        while i < len(ranges) and ranges[i] < offset:
            i += 2
        ranges[i:i] = [offset, size]
        if i + 2 < len(ranges) and ranges[i] + ranges[i + 1] == ranges[i + 2]:
            ranges[i + 1] += ranges[i + 3]
            del ranges[i + 2:i + 4]
        if i >= 2 and ranges[i - 2] + ranges[i - 1] == ranges[i]:
            ranges[i - 1] += ranges[i + 1]
            del ranges[i:i + 2]

    def held_bytes(self) -> int:
        return sum(int(c.size) for c in self.chunks)


class _ArenaBlock:
    """The owner of one arena block: CuPy drops it with the last array on the
    block, which gives the block back."""

    __slots__ = ("arena", "chunk", "offset", "size")

    def __init__(self, arena: GraphArena, chunk: int, offset: int, size: int):
        self.arena, self.chunk, self.offset, self.size = arena, chunk, offset, size

    def __del__(self) -> None:
        try:
            self.arena.give_back(self.chunk, self.offset, self.size)
        except Exception:  # interpreter shutdown: nothing left to give back to
            pass


def _graph_allocator(cupy: Any) -> Any:
    """How a capture allocates: the arena (peak, the default) or every block
    kept (sum)."""
    mode = os.environ.get("JAXLIB_GPU_GRAPH_MEMORY", "peak")
    if mode not in ("sum", "peak"):
        raise invalid_argument(f"JAXLIB_GPU_GRAPH_MEMORY={mode!r}: expected 'sum' or 'peak'")
    return GraphArena(cupy) if mode == "peak" else _KeepingAllocator(cupy)


class ProgramGraph:
    """A program captured once as a CUDA graph and replayed: each run copies
    the arguments into the captured inputs, launches the graph (one launch for
    all its kernels) and copies the outputs out. A program that cannot be
    captured (it reads values back to the host: a data-dependent loop, an
    index, a step on the host) runs eagerly from then on; ``status`` says why."""

    def __init__(self, cupy: Any):
        self.cupy = cupy
        self.status = "eager (captured on the next run)"
        self.graph = None
        self.inputs: list = []
        self.outputs: list = []
        self.allocator: _KeepingAllocator | GraphArena | None = None

    def run(self, program: Any, values: list) -> list | None:
        """The outputs, or None when this program runs eagerly."""
        if self.graph is None:
            if self.status != "eager (captured on the next run)":
                return None
            try:
                self._capture(program, values)
            except Exception as err:
                self.status = f"eager: capture failed ({type(err).__name__}: {err})"[:300]
                self.graph, self.inputs, self.outputs, self.allocator = None, [], [], None
                return None
            self.status = "graph"
        else:
            copy_all(self.cupy, values, self.inputs)
        self.graph.launch(self.cupy.cuda.get_current_stream())
        return self._copied_outputs()

    def _copied_outputs(self) -> list:
        """The outputs copied out of the graph's buffers (which the next replay
        overwrites): one allocation, views into it, one copy launch."""
        cupy = self.cupy
        sizes = [-(-o.nbytes // 256) * 256 for o in self.outputs]
        base = cupy.empty(max(sum(sizes), 1), np.uint8)
        results, offset = [], 0
        for output, size in zip(self.outputs, sizes):
            results.append(cupy.ndarray(output.shape, output.dtype, base.data + offset))
            offset += size
        copy_all(cupy, self.outputs, results)
        return results

    def _capture(self, program: Any, values: list) -> None:
        cupy = self.cupy
        host_steps = getattr(program, "reference_steps", ())
        if host_steps:  # they copy through host memory, which a graph would freeze
            raise ValueError(f"{len(host_steps)} steps run on the host")
        if any(not isinstance(v, cupy.ndarray) for v in values):
            raise ValueError("an argument lives on the host")
        stream = cupy.cuda.get_current_stream()
        self.allocator = _graph_allocator(cupy)
        with cupy.cuda.using_allocator(self.allocator):
            self.inputs = [cupy.array(v, copy=True) for v in values]
            stream.synchronize()
            # Relaxed: the pool may cudaMalloc while capturing.
            relaxed = getattr(cupy.cuda.runtime, "streamCaptureModeRelaxed", None)
            stream.begin_capture(*(() if relaxed is None else (relaxed,)))
            try:
                results = program(*self.inputs)
                outputs = [contiguous(cupy, r) for r in results]
            finally:
                graph = stream.end_capture()
        if any(not isinstance(o, cupy.ndarray) for o in outputs):
            raise ValueError("an output lives on the host")
        self.graph, self.outputs = graph, outputs
