"""jaxlib-gpu's runtime: GPU clients over CuPy (CUDA, or ROCm through CuPy's
ROCm build: vendor.py) and mock GPUs over numpy.

``make_client`` is what ``jaxlib.gpu_backend.make_gpu_client`` builds on.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument
from jaxlib.gpu_runtime.client import GpuBuffer, GpuClient, GpuDevice, GpuExecutable

__all__ = ["GpuBuffer", "GpuClient", "GpuDevice", "GpuExecutable", "Processes", "make_client",
           "parse_mock_topology"]


def parse_mock_topology(topology: str | None, default_devices: int = 1) -> tuple[int, int, int]:
    """'SxHxD' (slices x hosts per slice x devices per host), as jax's
    ``jax_mock_gpu_topology``; None or '' gives one host of ``default_devices``."""
    if not topology:
        return 1, 1, default_devices
    parts = topology.lower().split("x")
    try:
        numbers = tuple(int(p) for p in parts)
    except ValueError:
        numbers = ()
    if len(numbers) != 3 or min(numbers) < 1:
        raise invalid_argument(
            f"mock_gpu_topology must be 'SLICESxHOSTSxDEVICES' of positive numbers, e.g. "
            f"'2x2x4', got {topology!r}")
    return numbers  # type: ignore[return-value]


class Processes:
    """The processes of a multi-process GPU client: this one's ``node_id``
    among ``num_nodes``, the coordination service's client that carries their
    device descriptions, and the cross-process collectives (e.g. Gloo's) that
    carry the collectives of programs whose GPUs span processes."""

    def __init__(self, distributed_client: Any, node_id: int, num_nodes: int,
                 collectives: Any = None, timeout_minutes: float = 5):
        self.distributed_client = distributed_client
        self.node_id = node_id
        self.num_nodes = num_nodes
        self.collectives = collectives
        self.timeout_minutes = timeout_minutes

    def exchange(self, local_specs: list[dict]) -> list[dict]:
        """Every process's device descriptions, in process order (global device
        ids follow it, as on the CPU), each marked with its process."""
        import json

        from jaxlib._src.runtime.client import exchange_process_values

        texts = exchange_process_values(self.distributed_client, self.node_id, self.num_nodes,
                                        "gpu_client", json.dumps(local_specs),
                                        self.timeout_minutes)
        specs = []
        for process, text in enumerate(texts):
            for spec in _described_devices(text, process):
                specs.append({**spec, "process_index": process})
        return specs


_SPEC_KEYS = {"local_hardware_id": int, "device_kind": str, "compute_capability": str,
              "slice_index": int}


def _described_devices(text: str, process: int) -> list[dict]:
    """A peer's device descriptions, checked (they come over the network)."""
    import json

    try:
        specs = json.loads(text)
    except ValueError:
        specs = None
    if not isinstance(specs, list) or not all(
            isinstance(spec, dict) and set(spec) == set(_SPEC_KEYS)
            and all(type(spec[k]) is t for k, t in _SPEC_KEYS.items()) for spec in specs):
        raise XlaRuntimeError(f"INTERNAL: process {process} described its GPUs as "
                              f"{text[:200]!r}, not as a list of devices")
    return specs


def _mock_client(platform: str, topology: str | None, node_id: int,
                 processes: Processes | None = None) -> GpuClient:
    slices, hosts, per_host = parse_mock_topology(topology)
    specs = []
    for host in range(slices * hosts):
        for local in range(per_host):
            specs.append(dict(local_hardware_id=local, process_index=host,
                              device_kind="Mock GPU", compute_capability="0.0",
                              slice_index=host // hosts))
    if not 0 <= node_id < slices * hosts:
        raise invalid_argument(f"node_id {node_id} is out of range for the mock topology "
                               f"{topology!r} ({slices * hosts} hosts)")
    if processes is None:
        return GpuClient(platform, np, specs, process_index=node_id,
                         num_processes=slices * hosts)
    # Real processes, one a mock host: each describes its own GPUs, as real ones do.
    if processes.num_nodes != slices * hosts:
        raise invalid_argument(f"the mock topology {topology!r} has {slices * hosts} hosts, "
                               f"but the client has {processes.num_nodes} processes")
    own = [{k: spec[k] for k in _SPEC_KEYS} for spec in specs
           if spec["process_index"] == node_id]
    return GpuClient(platform, np, processes.exchange(own), process_index=node_id,
                     num_processes=processes.num_nodes,
                     distributed_client=processes.distributed_client,
                     collectives=processes.collectives)


def _apply_allocator_options(cupy: Any) -> dict[str, Any]:
    """XLA_PYTHON_CLIENT_ALLOCATOR, XLA_CLIENT_MEM_FRACTION and
    XLA_PYTHON_CLIENT_PREALLOCATE applied to CuPy's pooling allocator. Unlike
    XLA, the pool does not preallocate unless asked to."""
    from jaxlib._src.runtime.plugins import generate_pjrt_gpu_plugin_options

    options = generate_pjrt_gpu_plugin_options()
    if options.get("allocator") == "platform":
        cupy.cuda.set_allocator(None)  # cudaMalloc/cudaFree per buffer, no pool
        return options
    pool = cupy.get_default_memory_pool()
    fraction = options.get("memory_fraction")
    if fraction is not None:
        pool.set_limit(fraction=float(fraction))
    if os.environ.get("XLA_PYTHON_CLIENT_PREALLOCATE", "").lower() in ("1", "true"):
        size = pool.get_limit() or int(cupy.cuda.runtime.memGetInfo()[1] * 0.75)
        block = pool.malloc(size)
        del block  # back to the pool, which keeps it
    return options


def _cupy_client(platform: str, allowed_devices: set[int] | None,
                 processes: Processes | None = None) -> GpuClient:
    """A client of the GPUs CuPy sees: CuPy's CUDA build for ``cuda``, its
    ROCm (HIP) build for ``rocm`` (vendor.py says what ROCm leaves to CuPy)."""
    from jaxlib.gpu_runtime.vendor import is_hip

    wanted = ("CuPy (pip install cupy-cuda12x or cupy-cuda13x, matching the driver's CUDA "
              "major version)" if platform == "cuda" else
              "CuPy built for ROCm (CuPy's ROCm wheels or a source build with ROCm)")
    try:
        import cupy
    except ImportError as err:
        raise XlaRuntimeError(f"NOT_FOUND: the {platform} backend needs {wanted}: {err}"
                              ) from None
    hip = is_hip(cupy)
    if hip != (platform == "rocm"):
        built = "ROCm" if hip else "CUDA"
        raise XlaRuntimeError(
            f"NOT_FOUND: the {platform} backend needs {wanted}; this CuPy "
            f"({getattr(cupy, '__version__', '?')}) is built for {built}")
    maker = "ROCm" if hip else "CUDA"
    try:
        count = cupy.cuda.runtime.getDeviceCount()
    except Exception as err:  # a runtime error without a driver or device
        raise XlaRuntimeError(f"NOT_FOUND: CuPy finds no {maker} device: {err}") from None
    chosen = [i for i in range(count) if allowed_devices is None or i in allowed_devices]
    if not chosen:
        raise XlaRuntimeError(f"NOT_FOUND: none of the {count} {maker} devices is allowed "
                              f"(allowed_devices={sorted(allowed_devices or ())})")
    _apply_allocator_options(cupy)
    specs = []
    for hardware_id in chosen:
        props = cupy.cuda.runtime.getDeviceProperties(hardware_id)
        name = _text(props["name"])
        # AMD GPUs are named by their architecture (gfx90a, ...), as in jax
        capability = (_text(props.get("gcnArchName", b"")).split(":")[0] if hip
                      else f"{props['major']}.{props['minor']}")
        specs.append(dict(local_hardware_id=hardware_id, device_kind=name,
                          compute_capability=capability, slice_index=0))
    if processes is None:
        return GpuClient(platform, cupy, [{**spec, "process_index": 0} for spec in specs])
    return GpuClient(platform, cupy, processes.exchange(specs), process_index=processes.node_id,
                     num_processes=processes.num_nodes,
                     distributed_client=processes.distributed_client,
                     collectives=processes.collectives)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def make_client(platform: str, allowed_devices: set[int] | None = None,
                mock: bool | None = None, mock_gpu_topology: str | None = None,
                node_id: int = 0, processes: Processes | None = None) -> GpuClient:
    """A client of this machine's GPUs (or mock GPUs); with ``processes``, one
    process's part of a client whose devices are every process's."""
    if mock:
        return _mock_client(platform, mock_gpu_topology, node_id, processes)
    return _cupy_client(platform, allowed_devices, processes)
