"""The XLA client API (seeds 000, 002, 003, 004): one façade over the runtime.

Everything here is defined in ``jaxlib._src``; this module only gathers the
public names and the client factories that reach into optional extras.
"""

from __future__ import annotations

import importlib
from typing import Any

from jaxlib._src.base.errors import GpuLibNotLinkedError, XlaRuntimeError
from jaxlib._src.ops.custom_call_registry import (
    CustomCallTargetTraits,
    custom_call_targets,
    register_custom_call_as_batch_partitionable,
    register_custom_call_handler,
    register_custom_call_partitioner,
    register_custom_call_target,
)
from jaxlib._src.runtime.array import (
    Array,
    ArrayImpl,
    ResultHandler,
    ShapedArray,
    array_result_handler,
    batched_block_until_ready,
    batched_copy_array_to_devices_with_sharding,
    batched_device_put,
    execution_stream_id,
    get_execution_stream_id,
    reorder_shards,
)
from jaxlib._src.runtime.buffer import ArrayCopySemantics, Buffer, HostBufferSemantics
from jaxlib._src.runtime.client import Client, make_cpu_client
from jaxlib._src.runtime.device import CpuDevice, Device, DeviceList, Memory
from jaxlib._src.runtime.options import (
    AutotuneCacheMode,
    CompileOptions,
    DebugOptions,
    DeviceAssignment,
    ExecutableBuildOptions,
)
from jaxlib._src.runtime.plugins import (
    DeviceTopology,
    check_plugin_version,
    generate_pjrt_gpu_plugin_options,
    get_topology_for_devices,
    import_from_plugin,
    initialize_pjrt_plugin,
    load_pjrt_plugin_dynamically,
    load_pjrt_plugin_with_c_api,
    make_c_api_client,
    make_c_api_device_topology,
    make_tfrt_tpu_c_api_device_topology,
    pjrt_plugin_initialized,
    pjrt_plugin_loaded,
)
from jaxlib._src.runtime.sharding import (
    GSPMDSharding,
    HloSharding,
    Mesh,
    NamedSharding,
    OpSharding,
    PartitionSpec,
    PmapSharding,
    Sharding,
    SingleDeviceSharding,
)
from jaxlib._src.runtime.traceback import Frame, Traceback
from jaxlib._src.runtime.types import (
    XLA_ELEMENT_TYPE_TO_DTYPE,
    Layout,
    PrimitiveType,
    ProgramShape,
    Shape,
    dtype_to_etype,
)

# The extension version jax gates features on (jax._src.lib's
# ``jaxlib_extension_version``). 463: every gate up to 463 is provided
# (trace_context_names, jaxlib._hlo, chlo.mulhi, dynamic ragged_dot); 464
# would make jax use _jax.canonicalize_value instead of its own Python one.
_version = 463
# The IFRT version jax may gate on (the reference 0.10.2 reports 55).
_ifrt_version = 55

JaxRuntimeError = XlaRuntimeError


def make_gpu_client(
    distributed_client: Any = None,
    node_id: int = 0,
    num_nodes: int = 1,
    platform_name: str | None = None,
    allowed_devices: set[int] | None = None,
    mock: bool | None = None,
    mock_gpu_topology: str | None = None,
) -> Client:
    """A client of the CUDA or ROCm GPUs, provided by jaxlib-gpu."""
    try:
        gpu_backend = importlib.import_module("jaxlib.gpu_backend")
    except ImportError as err:
        raise GpuLibNotLinkedError() from err
    return gpu_backend.make_gpu_client(
        distributed_client=distributed_client,
        node_id=node_id,
        num_nodes=num_nodes,
        platform_name=platform_name,
        allowed_devices=allowed_devices,
        mock=mock,
        mock_gpu_topology=mock_gpu_topology,
    )


def _distributed_module():
    try:
        return importlib.import_module("jaxlib.distributed")
    except ImportError as err:
        raise ImportError(
            "the distributed runtime is in the jaxlib-distributed distribution: "
            "pip install \"jaxlib-core[distributed]\""
        ) from err


def get_distributed_runtime_service(
    address: str,
    num_nodes: int,
    heartbeat_timeout: int | None = None,
    cluster_register_timeout: int | None = None,
    shutdown_timeout: int | None = None,
) -> Any:
    return _distributed_module().get_distributed_runtime_service(
        address, num_nodes, heartbeat_timeout=heartbeat_timeout,
        cluster_register_timeout=cluster_register_timeout,
        shutdown_timeout=shutdown_timeout,
    )


def get_distributed_runtime_client(
    address: str,
    node_id: int,
    rpc_timeout: int | None = None,
    init_timeout: int | None = None,
    shutdown_timeout: int | None = None,
    heartbeat_timeout: int | None = None,
    missed_heartbeat_callback: Any | None = None,
    shutdown_on_destruction: bool | None = None,
    use_compression: bool | None = None,
    recoverable: bool | None = None,
) -> Any:
    return _distributed_module().get_distributed_runtime_client(
        address, node_id, rpc_timeout=rpc_timeout, init_timeout=init_timeout,
        shutdown_timeout=shutdown_timeout, heartbeat_timeout=heartbeat_timeout,
        missed_heartbeat_callback=missed_heartbeat_callback,
        shutdown_on_destruction=shutdown_on_destruction,
        use_compression=use_compression, recoverable=recoverable,
    )


def make_gloo_tcp_collectives(
    distributed_client: Any, hostname: str | None = None, interface: str | None = None
) -> Any:
    return _distributed_module().make_gloo_tcp_collectives(
        distributed_client, hostname=hostname, interface=interface
    )


def make_mpi_collectives() -> Any:
    return _distributed_module().make_mpi_collectives()


def encode_inspect_sharding_callback(callback: Any) -> bytes:
    """The backend config of an ``InspectSharding`` custom call that hands
    ``callback`` the sharding the compiler chose (jax.debug.inspect_array_sharding)."""
    from jaxlib._src.compiler.inspect_sharding import encode_callback

    return encode_callback(callback)


__all__ = [
    "Array", "ArrayCopySemantics", "ArrayImpl", "JaxRuntimeError", "ResultHandler",
    "Buffer", "Client", "CompileOptions",
    "AutotuneCacheMode", "CpuDevice", "CustomCallTargetTraits", "DebugOptions", "Device",
    "DeviceAssignment", "DeviceList", "DeviceTopology", "ExecutableBuildOptions",
    "Frame", "GSPMDSharding", "GpuLibNotLinkedError", "HloSharding",
    "HostBufferSemantics", "Layout", "Memory", "Mesh", "NamedSharding", "OpSharding",
    "PartitionSpec", "PmapSharding", "PrimitiveType", "ProgramShape", "Shape",
    "ShapedArray", "Sharding", "SingleDeviceSharding", "Traceback",
    "XLA_ELEMENT_TYPE_TO_DTYPE", "XlaRuntimeError", "array_result_handler",
    "batched_block_until_ready", "batched_copy_array_to_devices_with_sharding",
    "batched_device_put", "check_plugin_version", "custom_call_targets",
    "dtype_to_etype", "encode_inspect_sharding_callback", "execution_stream_id",
    "generate_pjrt_gpu_plugin_options",
    "get_distributed_runtime_client", "get_distributed_runtime_service",
    "get_execution_stream_id", "get_topology_for_devices", "import_from_plugin",
    "initialize_pjrt_plugin", "load_pjrt_plugin_dynamically",
    "load_pjrt_plugin_with_c_api", "make_c_api_client", "make_c_api_device_topology",
    "make_cpu_client", "make_gloo_tcp_collectives", "make_gpu_client",
    "make_mpi_collectives", "make_tfrt_tpu_c_api_device_topology",
    "pjrt_plugin_initialized", "pjrt_plugin_loaded",
    "register_custom_call_as_batch_partitionable", "register_custom_call_handler",
    "register_custom_call_partitioner", "register_custom_call_target",
    "reorder_shards",
]
