"""The CUDA and ROCm backends of jaxlib-gpu, registered with jaxlib.xla_bridge.

``initialize()`` is the plugin hook: xla_bridge finds this module through the
``jax_plugins`` entry-point group and calls it. The factories look for the GPU
driver; with no driver or no device they raise, and (registered with
``fail_quietly=True``) JAX falls back to the CPU. With a CUDA GPU and CuPy
the ``cuda`` client (jaxlib.gpu_runtime) is jax's default backend: jax's
arrays live on the GPU and its programs run there. ``jax_mock_gpu_topology``
(or ``JAX_MOCK_GPU_TOPOLOGY``) gives mock GPUs that execute on the host.
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
from typing import Any

from jaxlib._src.base.errors import XlaRuntimeError, unimplemented

logger = logging.getLogger(__name__)

__version__ = "0.1.0"
PLATFORMS = ("cuda", "rocm")
# Above the CPU (0) so that a working GPU backend becomes the default.
PRIORITY = 200


def _visible_device_count(platform: str) -> int:
    runtime = importlib.import_module(f"jaxlib.{platform}")
    count = runtime.device_count()
    if count == 0:
        raise XlaRuntimeError(f"NOT_FOUND: the {platform} runtime reports no devices")
    return count


def make_gpu_client(
    distributed_client: Any = None,
    node_id: int = 0,
    num_nodes: int = 1,
    platform_name: str | None = None,
    allowed_devices: set[int] | None = None,
    mock: bool | None = None,
    mock_gpu_topology: str | None = None,
    collectives: Any = None,
) -> Any:
    """A client of this machine's GPUs (seed 000's signature). ``mock=True``
    gives host-executing mock GPUs laid out as ``mock_gpu_topology``.

    With ``distributed_client`` (from ``get_distributed_runtime_client``) the
    client is process ``node_id``'s part of a client of ``num_nodes``
    processes: its ``devices()`` are every process's GPUs (described to each
    other through the coordination service), numbered in process order.
    Programs whose replicas span processes meet in ``collectives`` (e.g.
    ``make_gloo_tcp_collectives(distributed_client)``; by default Gloo's, where
    jaxlib-distributed is installed), through host copies."""
    platforms = (platform_name,) if platform_name else PLATFORMS
    unknown = [p for p in platforms if p not in PLATFORMS]
    if unknown:
        raise ValueError(f"unknown GPU platform {unknown[0]!r}; expected one of {PLATFORMS}")
    from jaxlib import gpu_runtime

    processes = _processes(distributed_client, node_id, num_nodes, collectives, bool(mock))
    if mock:
        return gpu_runtime.make_client(platforms[0], mock=True,
                                       mock_gpu_topology=mock_gpu_topology, node_id=node_id,
                                       processes=processes)
    errors = []
    for platform in platforms:
        try:
            _visible_device_count(platform)
            return gpu_runtime.make_client(platform, allowed_devices=allowed_devices,
                                           processes=processes)
        except XlaRuntimeError as err:
            errors.append(str(err))
    raise XlaRuntimeError("; ".join(errors))


def _processes(distributed_client: Any, node_id: Any, num_nodes: Any, collectives: Any,
               mock: bool) -> Any:
    """The processes of a multi-process client, or None for a client of one
    process (mock GPUs without a distributed client: ``node_id`` picks the
    mock host this process plays)."""
    from jaxlib._src.runtime.client import check_process_arguments
    from jaxlib.gpu_runtime import Processes

    if distributed_client is None and mock:
        return None  # (mock topologies name their hosts; node_id is checked there)
    check_process_arguments("GPU", distributed_client, node_id, num_nodes, collectives)
    if distributed_client is None:
        return None
    if collectives is None and num_nodes > 1:
        collectives = _default_collectives(distributed_client)
    return Processes(distributed_client, node_id, num_nodes, collectives)


def _default_collectives(distributed_client: Any) -> Any:
    """Gloo's TCP collectives where jaxlib-distributed is installed, else None
    (a program whose replicas span processes then fails, naming what it needs)."""
    try:
        from jaxlib import distributed
    except ImportError:
        logger.info("no jaxlib-distributed: GPU programs over several processes need "
                    "collectives= (pip install \"jaxlib-core[distributed]\")")
        return None
    return distributed.make_gloo_tcp_collectives(distributed_client)


def _jax_distributed() -> tuple[Any, int, int]:
    """jax.distributed's client, process id and process count when jax has
    been initialized for several processes (jax hands its GPU plugins these)."""
    module = sys.modules.get("jax._src.distributed")
    state = getattr(module, "global_state", None)
    client = getattr(state, "client", None)
    if client is None:
        return None, 0, 1
    return client, int(state.process_id), int(state.num_processes)


def _plugin_options(platform: str) -> dict[str, Any]:
    """The client options jax gives GPU plugins (``jax_cuda_visible_devices``,
    ``jax_mock_gpu_topology``, ... read from jax's configuration when jax is
    the caller), else the environment's (``JAX_CUDA_VISIBLE_DEVICES``,
    ``JAX_MOCK_GPU_TOPOLOGY``)."""
    options: dict[str, Any] = {}
    jax_bridge = sys.modules.get("jax._src.xla_bridge")
    read = getattr(jax_bridge, "_options_from_jax_configs", None)
    if read is not None:
        try:
            options.update(read(platform))
        except Exception as err:  # another jax version's options
            logger.debug("jax's options for %s could not be read: %s", platform, err)
    if "visible_devices" not in options:
        from jaxlib.xla_bridge import plugin_options_from_environment

        options.update({k: v for k, v in plugin_options_from_environment(platform).items()
                        if k == "visible_devices"})
    if not options.get("mock_gpu_topology") and os.environ.get("JAX_MOCK_GPU_TOPOLOGY"):
        options["mock_gpu_topology"] = os.environ["JAX_MOCK_GPU_TOPOLOGY"]
    return options


def _factory(platform: str):
    def factory():
        options = _plugin_options(platform)
        topology = options.get("mock_gpu_topology") or None
        if topology and platform != "cuda":
            raise unimplemented(f"mock GPUs are {PLATFORMS[0]} GPUs; the {platform} "
                                "backend has none")
        visible = options.get("visible_devices")
        distributed_client, node_id, num_nodes = _jax_distributed()
        return make_gpu_client(distributed_client, node_id, num_nodes, platform_name=platform,
                               allowed_devices=set(visible) if visible else None,
                               mock=bool(topology), mock_gpu_topology=topology)

    return factory


# TPUs come through libtpu's PJRT plugin (seed 001): above the GPUs, as in jax.
TPU_PRIORITY = 300


def tpu_library_path() -> str | None:
    """libtpu's path: TPU_LIBRARY_PATH, else the ``libtpu`` package's."""
    path = os.environ.get("TPU_LIBRARY_PATH")
    if path:
        return path
    try:
        libtpu = importlib.import_module("libtpu")
    except ImportError:
        return None
    get_library_path = getattr(libtpu, "get_library_path", None)
    return get_library_path() if callable(get_library_path) else None


def make_tpu_client(library_path: str | None = None) -> Any:
    """A TPU client through libtpu's PJRT plugin. Without libtpu: NOT_FOUND
    saying TPU support is not installed. With it, the plugin is loaded and
    the client creation fails with UNIMPLEMENTED: this jaxlib does not run
    programs through PJRT C API plugins."""
    from jaxlib._src.runtime import plugins

    path = library_path or tpu_library_path()
    if not path:
        raise XlaRuntimeError(
            "NOT_FOUND: TPU support is not installed: no libtpu (pip install libtpu, or set "
            "TPU_LIBRARY_PATH to libtpu.so)")
    if not plugins.pjrt_plugin_loaded("tpu"):
        plugins.load_pjrt_plugin_dynamically("tpu", path)
    return plugins.make_c_api_client("tpu", {}, None)


def initialize() -> None:
    """Registers the cuda and rocm factories with jaxlib's backend registry
    and, when jax is the caller (its plugin discovery), with jax's; and the
    tpu factory with jaxlib's (jax registers its own, through libtpu)."""
    from jaxlib import xla_bridge

    try:
        xla_bridge.register_backend_factory("tpu", make_tpu_client, priority=TPU_PRIORITY,
                                            fail_quietly=True)
    except RuntimeError as err:  # jaxlib's backends exist already
        logger.debug("tpu not registered: %s", err)

    registries = [xla_bridge]
    jax_bridge = sys.modules.get("jax._src.xla_bridge")
    if jax_bridge is not None and hasattr(jax_bridge, "register_backend_factory"):
        registries.append(jax_bridge)
    for registry in registries:
        for platform in PLATFORMS:
            try:
                registry.register_backend_factory(
                    platform, _factory(platform), priority=PRIORITY, fail_quietly=True)
            except RuntimeError as err:  # that registry's backends exist already
                logger.debug("%s not registered with %s: %s", platform,
                             registry.__name__, err)
