"""The CUDA and ROCm backends of jaxlib-gpu, registered with jaxlib.xla_bridge.

``initialize()`` is the plugin hook: xla_bridge finds this module through the
``jax_plugins`` entry-point group and calls it. The factories look for the GPU
driver; with no driver or no device they raise, and (registered with
``fail_quietly=True``) JAX falls back to the CPU. With a CUDA GPU and CuPy
the ``cuda`` client (jaxlib.gpu_runtime) compiles and runs programs on it.
"""

from __future__ import annotations

import importlib
from typing import Any

from jaxlib._src.base.errors import XlaRuntimeError, unimplemented

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
) -> Any:
    """A client of this machine's GPUs (seed 000's signature). ``mock=True``
    gives host-executing mock GPUs laid out as ``mock_gpu_topology``."""
    platforms = (platform_name,) if platform_name else PLATFORMS
    unknown = [p for p in platforms if p not in PLATFORMS]
    if unknown:
        raise ValueError(f"unknown GPU platform {unknown[0]!r}; expected one of {PLATFORMS}")
    from jaxlib import gpu_runtime

    if mock:
        return gpu_runtime.make_client(platforms[0], mock=True,
                                       mock_gpu_topology=mock_gpu_topology, node_id=node_id)
    if num_nodes != 1 or distributed_client is not None:
        raise unimplemented("multi-process GPU clients are not supported by jaxlib-gpu yet")
    errors = []
    for platform in platforms:
        try:
            _visible_device_count(platform)
            return gpu_runtime.make_client(platform, allowed_devices=allowed_devices)
        except XlaRuntimeError as err:
            errors.append(str(err))
    raise XlaRuntimeError("; ".join(errors))


def _factory(platform: str):
    def factory():
        make_gpu_client(platform_name=platform)
        # The client runs programs (xla_client.make_gpu_client), but jax's
        # arrays need the core's Array/sharding types on it: until then jax
        # keeps to the CPU (the factory fails quietly).
        raise unimplemented(
            f"the {platform} client of jaxlib-gpu {__version__} runs compiled programs "
            "(xla_client.make_gpu_client) but is not a jax backend yet")

    return factory


def initialize() -> None:
    from jaxlib import xla_bridge

    for platform in PLATFORMS:
        xla_bridge.register_backend_factory(
            platform, _factory(platform), priority=PRIORITY, fail_quietly=True
        )
