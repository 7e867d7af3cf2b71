"""The GPU client: devices, buffers in device memory, compile and execute.

On CUDA the array namespace is CuPy (memory from its pooling allocator,
kernels compiled with NVRTC and cached by CuPy, GEMMs on cuBLAS, sort on CUB).
Mock GPUs (``make_gpu_client(mock=True)``) run the same step programs with
numpy as the namespace, so programs and sharding logic are testable without a
GPU. Execution is asynchronous: ``execute`` returns once the work is queued on
the device's stream; ``block_until_ready`` waits for it.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Sequence
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument, unimplemented
from jaxlib._src.compiler.pipeline import compile_program
from jaxlib._src.ir.types import TensorType, numpy_dtype
from jaxlib._src.passes.refine_shapes import dimension_argument_indices
from jaxlib.gpu_runtime.kernels import DEVICE_DTYPES, contiguous
from jaxlib.gpu_runtime.program import build_gpu_program, to_host


class GpuDevice:
    """One GPU (or one mock GPU)."""

    def __init__(self, client: GpuClient, id: int, local_hardware_id: int,
                 process_index: int, device_kind: str, compute_capability: str,
                 slice_index: int = 0):
        self.client = client
        self.id = id
        self.local_hardware_id = local_hardware_id
        self.process_index = process_index
        self.device_kind = device_kind
        self.compute_capability = compute_capability
        self.slice_index = slice_index
        self.platform = client.platform
        self.host_id = process_index

    def memory_stats(self) -> dict[str, int] | None:
        return self.client._memory_stats(self)

    def __repr__(self) -> str:
        kind = "Cuda" if self.platform == "cuda" else "Rocm"
        return f"{kind}Device(id={self.id})"

    def __str__(self) -> str:
        return f"{self.platform}:{self.id}"


class GpuBuffer:
    """A single-device array in device memory (a host array for types without
    device arithmetic, e.g. bfloat16, and for mock GPUs)."""

    def __init__(self, device: GpuDevice, value: Any, event: Any = None):
        self._device = device
        self._value = value
        self._event = event
        self.shape = tuple(value.shape)
        self.dtype = np.dtype(value.dtype)
        device.client._live.add(self)

    def device(self) -> GpuDevice:
        return self._device

    @property
    def value(self) -> Any:
        if self._value is None:
            raise invalid_argument("the buffer has been deleted or donated")
        return self._value

    def is_ready(self) -> bool:
        return self._event is None or self._event.done

    def block_until_ready(self) -> GpuBuffer:
        self.value  # noqa: B018  (raises on a deleted buffer)
        if self._event is not None:
            self._event.synchronize()
        return self

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        host = np.asarray(to_host(self.value))
        return host if dtype is None else host.astype(dtype)

    def to_py(self) -> np.ndarray:
        return np.asarray(self)

    def on_device_size_in_bytes(self) -> int:
        return int(self.value.nbytes)

    def unsafe_buffer_pointer(self) -> int:
        data = getattr(self.value, "data", None)
        ptr = getattr(data, "ptr", None)
        if ptr is not None:
            return int(ptr)
        return int(self.value.ctypes.data)

    def __dlpack__(self, *args: Any, **kwargs: Any) -> Any:
        return self.value.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self) -> Any:
        return self.value.__dlpack_device__()

    def is_deleted(self) -> bool:
        return self._value is None

    def delete(self) -> None:
        self._value = None
        self._device.client._live.discard(self)

    def __repr__(self) -> str:
        return f"GpuBuffer({self.dtype}{list(self.shape)} on {self._device!r})"


class GpuClient:
    """A client of the GPUs of one platform (``cuda``, ``rocm``; mock GPUs
    execute on the host)."""

    runtime_type = "stream_executor"

    def __init__(self, platform: str, xp: Any, device_specs: Sequence[dict],
                 process_index: int = 0, allocator: Any = None):
        self.platform = platform
        self.platform_version = getattr(xp, "__version__", "")
        self.xp = xp
        self.mock = xp is np
        self._process_index = process_index
        self._allocator = allocator
        self._live: weakref.WeakSet = weakref.WeakSet()
        self._devices = [GpuDevice(self, id=i, **spec) for i, spec in enumerate(device_specs)]
        self._streams: dict[int, Any] = {}

    # -- devices -------------------------------------------------------------------

    def devices(self) -> list[GpuDevice]:
        return list(self._devices)

    def local_devices(self) -> list[GpuDevice]:
        return [d for d in self._devices if d.process_index == self._process_index]

    def device_count(self) -> int:
        return len(self._devices)

    def local_device_count(self) -> int:
        return len(self.local_devices())

    def process_index(self) -> int:
        return self._process_index

    host_id = process_index

    def _memory_stats(self, device: GpuDevice) -> dict[str, int] | None:
        if self.mock:
            return None
        pool = self.xp.get_default_memory_pool()
        with self.xp.cuda.Device(device.local_hardware_id):
            free, total = self.xp.cuda.runtime.memGetInfo()
        limit = pool.get_limit() or total
        return {"bytes_in_use": int(pool.used_bytes()),
                "pool_bytes": int(pool.total_bytes()),
                "bytes_limit": int(limit), "bytes_free_on_device": int(free)}

    def live_buffers(self) -> list[GpuBuffer]:
        return [b for b in list(self._live) if not b.is_deleted()]

    def _check_device(self, device: Any) -> GpuDevice:
        if device is None:
            return self.local_devices()[0]
        if not isinstance(device, GpuDevice) or device.client is not self:
            raise invalid_argument(f"{device!r} is not a device of this client")
        if device.process_index != self._process_index:
            raise invalid_argument(f"{device!r} is not addressable from this process")
        return device

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
        stream = self._streams.get(device.id)
        if stream is None:
            stream = self._streams[device.id] = self.xp.cuda.Stream(non_blocking=False)
        return stream

    def _ready_event(self) -> Any:
        if self.mock:
            return None
        event = self.xp.cuda.Event(block=False, disable_timing=True)
        event.record()
        return event

    # -- transfers -----------------------------------------------------------------

    def buffer_from_pyval(self, argument: Any, device: GpuDevice | None = None,
                          force_copy: bool = False, host_buffer_semantics: Any = None
                          ) -> GpuBuffer:
        device = self._check_device(device)
        if isinstance(argument, GpuBuffer):
            argument = np.asarray(argument)
        try:
            host = np.asarray(argument)
        except Exception as err:
            raise invalid_argument(
                f"cannot convert {type(argument).__name__} to an array: {err}") from err
        with self._device_context(device):
            if host.dtype in DEVICE_DTYPES:
                value = self.xp.array(host, copy=True)
            else:
                value = np.array(host, copy=True)
            return GpuBuffer(device, value, self._ready_event())

    # -- compilation ----------------------------------------------------------------

    def compile_and_load(self, computation: str | bytes, executable_devices: Any = None,
                         compile_options: Any = None, host_callbacks: Sequence[Any] = ()
                         ) -> GpuExecutable:
        devices = list(executable_devices) if executable_devices is not None else [
            self.local_devices()[0]]
        for device in devices:
            self._check_device(device)
        compiled = compile_program(computation, compile_options, host_callbacks,
                                   program_builder=build_gpu_program(self.xp))
        count = compiled.num_replicas * compiled.num_partitions
        if compiled.num_replicas > 1 and compiled.num_partitions > 1:
            raise unimplemented(
                f"programs over {compiled.num_replicas} replicas x {compiled.num_partitions} "
                f"partitions are not supported by the {self.platform} backend yet (replicas "
                "alone or partitions alone are)")
        if count > 1:
            kind = "replicas" if compiled.num_replicas > 1 else "partitions"
            if executable_devices is None or len(devices) != count:
                raise invalid_argument(
                    f"the program runs over {count} {kind}; give {count} devices, "
                    f"got {len(devices) if executable_devices is not None else 'none'}")
            if compiled.polymorphic:
                raise unimplemented("shape-polymorphic programs over several partitions")
            return GpuExecutable(self, compiled, devices)
        return GpuExecutable(self, compiled, devices[:1])

    compile = compile_and_load

    def __repr__(self) -> str:
        return f"GpuClient(platform={self.platform!r}, devices={self._devices!r})"


class GpuExecutable:
    """A program compiled for one GPU."""

    def __init__(self, client: GpuClient, compiled: Any, devices: list[GpuDevice]):
        self.client = client
        self.compiled = compiled
        self._devices = devices
        self._parameters = [_expected(t) for t in compiled.parameter_types]
        self._graph: ProgramGraph | None = None

    def local_devices(self) -> list[GpuDevice]:
        return list(self._devices)

    def reference_kernel_steps(self) -> list[dict[str, str]]:
        """The steps that run on the host's reference kernels, and why (for a
        shape-polymorphic program: of the specializations run so far)."""
        programs = ([c.program for c in self.compiled.specializations.values()]
                    if self.compiled.polymorphic else [self.compiled.program])
        return [s.as_dict() for p in programs for s in p.reference_steps]

    def _specialized(self, arguments: Sequence[GpuBuffer]) -> Any:
        """The program for these arguments: a shape-polymorphic entry is refined
        to their shapes (and dimension arguments' values), once per signature."""
        compiled = self.compiled
        if not compiled.polymorphic:
            return compiled.program
        types = [TensorType(b.shape, t.element_type) if isinstance(t, TensorType) else t
                 for b, t in zip(arguments, compiled.parameter_types)]
        dims = {i: int(np.asarray(arguments[i]))
                for i in dimension_argument_indices(compiled.entry)}
        return compiled.specialize(types, dims).program

    def hlo_modules_text(self) -> str:
        return self.compiled.source

    def graph_status(self) -> str:
        """How executions run: 'eager' (kernel by kernel: the first run, mock
        GPUs, JAXLIB_GPU_GRAPHS=0), 'graph' (a replayed CUDA graph), or why a
        capture was not possible."""
        return self._graph.status if self._graph is not None else "eager"

    def execute_sharded(self, arguments: Sequence[Sequence[GpuBuffer]]
                        ) -> list[list[GpuBuffer]]:
        """Runs an SPMD program over its devices: ``arguments[i][k]`` is argument
        i's shard on device k (the parameter shardings lay them out); returns
        ``[output][device]`` shards. The program runs in global view on the
        first device: shards are assembled by their shardings, the results
        split by theirs, moving through host memory (no NCCL yet)."""
        from jaxlib._src.ir.hlo_sharding import HloSharding, _hlo_sharding_indices
        from jaxlib._src.runtime.array import assemble_global, scatter_global

        devices = self._devices
        n = len(devices)
        compiled = self.compiled
        if len(arguments) != len(self._parameters):
            raise invalid_argument(f"the program takes {len(self._parameters)} arguments, "
                                   f"got {len(arguments)}")
        if any(len(list(shards)) != n for shards in arguments):
            raise invalid_argument(f"every argument needs a buffer per device ({n})")
        if compiled.num_replicas > 1:
            return self._execute_replicas([list(a) for a in arguments])

        class Layout:  # what assemble_global / scatter_global ask of a sharding
            def __init__(self, text: str | None):
                self.hlo = HloSharding.from_string(text) if text else HloSharding.replicate()

            def _to_xla_hlo_sharding(self, rank: int) -> HloSharding:
                return self.hlo

        shardings = list(compiled.parameter_shardings) + [None] * len(self._parameters)
        values = []
        for i, (shards, expected) in enumerate(zip(arguments, self._parameters)):
            shards = list(shards)
            if len(shards) != n or any(not isinstance(b, GpuBuffer) for b in shards):
                raise invalid_argument(f"argument {i}: expected a buffer per device ({n})")
            for b, d in zip(shards, devices):
                if b.device() is not d:
                    raise invalid_argument(f"argument {i}: a shard for {d!r} is on "
                                           f"{b.device()!r}")
            if expected is None:
                raise unimplemented("token or tuple arguments of programs over several "
                                    "partitions")
            shape, dtype = expected
            layout = Layout(shardings[i])
            indices = _hlo_sharding_indices(layout.hlo, shape, n)
            for k, (b, index) in enumerate(zip(shards, indices)):
                want = _index_shape(index, shape)
                if b.shape != want or b.dtype != dtype:
                    raise invalid_argument(f"argument {i} on {devices[k]!r}: expected "
                                           f"{dtype}{list(want)}, got {b.dtype}{list(b.shape)}")
            values.append(assemble_global(layout, devices, [np.asarray(b) for b in shards],
                                          shape, dtype))
        first = devices[0]
        results = self._run(first, [self.client.buffer_from_pyval(v, first) for v in values])
        outputs = []
        result_shardings = list(compiled.result_shardings) + [None] * len(results)
        for r, result in enumerate(results):
            value = np.asarray(result)
            layout = Layout(result_shardings[r])
            indices = _hlo_sharding_indices(layout.hlo, value.shape, n)
            parts = [np.empty(_index_shape(index, value.shape), value.dtype)
                     for index in indices]
            scatter_global(layout, devices, value, parts)
            outputs.append([self.client.buffer_from_pyval(part, d)
                            for part, d in zip(parts, devices)])
        return outputs

    def _execute_replicas(self, arguments: list[list[GpuBuffer]]) -> list[list[GpuBuffer]]:
        """Each device runs the program on its own arguments, concurrently; the
        replicas meet in their collectives (host steps through a rendezvous)."""
        import threading

        from jaxlib._src.base.replica_context import Rendezvous, ReplicaContext, running_as

        devices = self._devices
        rendezvous = Rendezvous()
        results: list[Any] = [None] * len(devices)

        def replica(k: int) -> None:
            context = ReplicaContext(replica_id=k, partition_id=0, num_replicas=len(devices),
                                     num_partitions=1, rendezvous=rendezvous)
            try:
                with running_as(context):
                    outputs = self._run(devices[k], [a[k] for a in arguments])
                    for out in outputs:
                        out.block_until_ready()
                    results[k] = outputs
            except BaseException as err:  # the others stop waiting for this replica
                rendezvous.abort(err)
                results[k] = err

        threads = [threading.Thread(target=replica, args=(k,), daemon=True)
                   for k in range(len(devices))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        failures = [(k, e) for k, e in enumerate(results) if isinstance(e, BaseException)]
        if failures:  # the replica that failed first, not those it left waiting
            k, error = next(((k, e) for k, e in failures if "abandoned" not in str(e)),
                            failures[0])
            if isinstance(error, XlaRuntimeError):
                raise error
            raise XlaRuntimeError(f"INTERNAL: replica {k} on {devices[k]!r} failed: "
                                  f"{type(error).__name__}: {error}") from error
        return [list(column) for column in zip(*results)]

    def execute(self, arguments: Sequence[GpuBuffer]) -> list[GpuBuffer]:
        if len(self._devices) > 1:
            raise invalid_argument(f"the program runs over {len(self._devices)} devices: "
                                   "call execute_sharded")
        device = self._devices[0]
        return self._run(device, arguments)

    def _run(self, device: GpuDevice, arguments: Sequence[GpuBuffer]) -> list[GpuBuffer]:
        values = self._argument_values(arguments, device)
        client = self.client
        program = self._specialized(arguments)
        with client._device_context(device), client._stream_context(device):
            try:
                outputs = None
                if self._graph is not None:
                    outputs = self._graph.run(program, values)
                if outputs is None:
                    results = program(*values)
                    outputs = [contiguous(np if isinstance(r, np.ndarray) else client.xp, r)
                               if hasattr(r, "flags") else r for r in results]
                    if self._graph is None and not client.mock and _graphs_enabled() \
                            and not self.compiled.polymorphic:
                        self._graph = ProgramGraph(client.xp)  # captured next time
            except XlaRuntimeError:
                raise
            except Exception as err:
                raise XlaRuntimeError(f"INTERNAL: executing on {device!r} failed: "
                                      f"{type(err).__name__}: {err}") from err
            event = client._ready_event()
            return [GpuBuffer(device, value, event) for value in outputs]

    def _argument_values(self, arguments: Sequence[GpuBuffer], device: GpuDevice) -> list:
        if len(arguments) != len(self._parameters):
            raise invalid_argument(f"the program takes {len(self._parameters)} arguments, "
                                   f"got {len(arguments)}")
        values = []
        for i, (arg, expected) in enumerate(zip(arguments, self._parameters)):
            if not isinstance(arg, GpuBuffer):
                raise invalid_argument(f"argument {i} is a {type(arg).__name__}, not a "
                                       "buffer of this client")
            if arg.device() is not device:
                raise invalid_argument(f"argument {i} is on {arg.device()!r}, the program "
                                       f"runs on {device!r}")
            if expected is not None and (arg.shape, arg.dtype) != expected and not (
                    self.compiled.polymorphic and arg.dtype == expected[1]):
                raise invalid_argument(
                    f"argument {i} is {arg.dtype}{list(arg.shape)}, the program expects "
                    f"{expected[1]}{list(expected[0])}")
            values.append(arg.value)
        return values


def _index_shape(index: tuple, shape: Sequence[int]) -> tuple[int, ...]:
    """The shape of ``array[index]`` for basic slices of an array of ``shape``."""
    return tuple(len(range(*part.indices(size))) if isinstance(part, slice) else 1
                 for part, size in zip(index, shape)) + tuple(shape[len(index):])


def _expected(type_: Any) -> tuple[tuple[int | None, ...], np.dtype] | None:
    if isinstance(type_, TensorType) and isinstance(type_.element_type, str):
        return tuple(type_.shape), numpy_dtype(type_.element_type)
    return None


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
    lifetime: its kernels read and write those addresses on every replay."""

    def __init__(self, cupy: Any):
        self.pool = cupy.cuda.MemoryPool()
        self.kept: list = []

    def __call__(self, size: int) -> Any:
        pointer = self.pool.malloc(size)
        self.kept.append(pointer)
        return pointer


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
        self.allocator: _KeepingAllocator | None = None

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
        self.allocator = _KeepingAllocator(cupy)
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
