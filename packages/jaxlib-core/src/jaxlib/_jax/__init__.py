"""jaxlib._jax: the names jax's ``jax._src.lib`` takes from jaxlib's extension.

Submodules ``pytree``, ``config``, ``guard_lib``, ``jax_jit``, ``ffi`` and
``mlir``; at the top level the runtime (clients, devices, arrays, shardings,
executables), the jit entry point ``pjit`` and the hooks jax calls at import.
Implementations live in ``jaxlib._src.runtime`` and ``jaxlib._src.jax_api``.
"""

from jaxlib._jax import config, ffi, guard_lib, jax_jit, mlir, pytree
from jaxlib._jax.pytree import PyTreeDef
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.jax_api.pjit import PjitFunction, PjitFunctionCache, pjit
from jaxlib._src.jax_api.runtime_hooks import (
    RuntimeTracebackMode,
    TracebackScope,
    add_exclude_path,
    canonicalize_partition,
    canonicalize_partitions,
    canonicalize_value,
    collect_garbage,
    get_internal_device_put_info,
    is_asan,
    is_msan,
    is_optimized_build,
    is_sanitized,
    is_tsan,
    register_canonicalize_value_handler,
    set_invalid_input_exception,
    set_pspec_unconstrained,
    set_send_traceback_to_runtime_global,
    set_send_traceback_to_runtime_thread_local,
    set_tracer_class,
    set_typed_complex_type,
    set_typed_float_type,
    set_typed_int_type,
    set_typed_ndarray_type,
    set_valid_dtypes,
)
from jaxlib._src.jax_api.xla_computation import XlaComputation, hlo_module_cost_analysis
from jaxlib._src.ops.custom_call import approx_top_k_reduction_output_size
from jaxlib._src.runtime.array import (
    Array,
    ArrayImpl,
    ResultHandler,
    array_result_handler,
    batched_block_until_ready,
    batched_copy_array_to_devices_with_sharding,
    batched_device_put,
    reorder_shards,
)
from jaxlib._src.runtime.buffer import ArrayCopySemantics, HostBufferSemantics
from jaxlib._src.runtime.client import Client, make_cpu_client
from jaxlib._src.runtime.device import CpuDevice, Device, DeviceList, Memory
from jaxlib._src.runtime.dlpack import (
    buffer_to_dlpack_managed_tensor,
    cuda_array_interface_to_buffer,
    dlpack_managed_tensor_to_buffer,
)
from jaxlib._src.runtime.executable import ExecuteResults, HloModule, LoadedExecutable
from jaxlib._src.runtime.hlo_print import HloPrintOptions
from jaxlib._src.runtime.options import (
    CompileOptions,
    DebugOptions,
    DeviceAssignment,
    ExecutableBuildOptions,
)
from jaxlib._src.runtime.pprof_json import json_to_pprof_profile, pprof_profile_to_json
from jaxlib._src.runtime.sharding import (
    GSPMDSharding,
    HloSharding,
    NamedSharding,
    OpSharding,
    PmapSharding,
    Sharding,
    SingleDeviceSharding,
)
from jaxlib._src.runtime.traceback import (
    Frame,
    Traceback,
    set_tracebacks_enabled,
    tracebacks_enabled,
)
from jaxlib._src.runtime.types import Layout, PrimitiveType, ProgramShape, Shape

JaxRuntimeError = XlaRuntimeError


class CompileOnlyPyClient:
    """Clients that compile for devices they cannot run on; this jaxlib has
    none, so no client is an instance (jax checks with isinstance)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise NotImplementedError("compile-only clients are not supported by this jaxlib")


# jax.distributed.initialize and jax's multi-process clients: the coordination
# service, its clients, cross-process CPU collectives and preemption sync points
# live in the jaxlib-distributed extra (imported when first asked for).

def get_distributed_runtime_service(address: str, num_nodes: int,
                                    heartbeat_timeout: int | None = None,
                                    cluster_register_timeout: int | None = None,
                                    shutdown_timeout: int | None = None,
                                    recoverable: bool | None = None) -> object:
    """The coordination service (timeouts in seconds). Nodes that may connect
    again after shutting down say so themselves here (their clients'
    ``recoverable=True``); a service-wide ``recoverable`` is not supported."""
    from jaxlib import xla_client
    from jaxlib._src.base.errors import unimplemented

    if recoverable:
        raise unimplemented(
            "a recoverable coordination service (jax_enable_recoverability): clients that "
            "may reconnect pass recoverable=True to get_distributed_runtime_client instead")
    return xla_client.get_distributed_runtime_service(
        address, num_nodes, heartbeat_timeout=heartbeat_timeout,
        cluster_register_timeout=cluster_register_timeout, shutdown_timeout=shutdown_timeout)


def get_distributed_runtime_client(*args: object, **kwargs: object) -> object:
    """A coordination client (``xla_client.get_distributed_runtime_client``)."""
    from jaxlib import xla_client

    return xla_client.get_distributed_runtime_client(*args, **kwargs)


def make_gloo_tcp_collectives(distributed_client: object, hostname: str | None = None,
                              interface: str | None = None) -> object:
    from jaxlib import xla_client

    return xla_client.make_gloo_tcp_collectives(distributed_client, hostname=hostname,
                                                interface=interface)


def make_mpi_collectives() -> object:
    from jaxlib import xla_client

    return xla_client.make_mpi_collectives()


def create_preemption_sync_manager() -> object:
    """The preemption sync manager jax.distributed.initialize starts
    (jaxlib-distributed's ``preemption.py``)."""
    from jaxlib import xla_client

    return xla_client._distributed_module().create_preemption_sync_manager()


__all__ = [
    "approx_top_k_reduction_output_size",
    "Array", "ArrayCopySemantics", "ArrayImpl", "Client", "CompileOnlyPyClient",
    "CompileOptions", "CpuDevice", "DebugOptions", "Device", "DeviceAssignment",
    "DeviceList", "ExecutableBuildOptions", "ExecuteResults", "Frame", "GSPMDSharding",
    "HloModule", "HloPrintOptions", "HloSharding", "HostBufferSemantics", "JaxRuntimeError",
    "Layout",
    "LoadedExecutable", "Memory", "NamedSharding", "OpSharding", "PjitFunction",
    "PjitFunctionCache", "PmapSharding", "PrimitiveType", "ProgramShape", "PyTreeDef",
    "ResultHandler", "RuntimeTracebackMode", "Shape", "Sharding", "SingleDeviceSharding",
    "Traceback", "TracebackScope", "XlaComputation", "add_exclude_path",
    "json_to_pprof_profile", "pprof_profile_to_json", "array_result_handler",
    "set_tracebacks_enabled", "tracebacks_enabled",
    "batched_block_until_ready", "batched_copy_array_to_devices_with_sharding",
    "batched_device_put", "buffer_to_dlpack_managed_tensor", "canonicalize_partition",
    "canonicalize_partitions", "cuda_array_interface_to_buffer",
    "dlpack_managed_tensor_to_buffer",
    "canonicalize_value", "collect_garbage", "config", "create_preemption_sync_manager", "ffi",
    "get_distributed_runtime_client", "get_distributed_runtime_service",
    "get_internal_device_put_info",
    "guard_lib", "hlo_module_cost_analysis", "is_asan", "is_msan", "is_optimized_build",
    "is_sanitized", "is_tsan",
    "jax_jit", "make_cpu_client", "make_gloo_tcp_collectives", "make_mpi_collectives", "mlir",
    "pjit", "pytree", "register_canonicalize_value_handler",
    "reorder_shards", "set_invalid_input_exception", "set_pspec_unconstrained",
    "set_send_traceback_to_runtime_global", "set_send_traceback_to_runtime_thread_local",
    "set_tracer_class", "set_typed_complex_type", "set_typed_float_type",
    "set_typed_int_type", "set_typed_ndarray_type", "set_valid_dtypes",
]
