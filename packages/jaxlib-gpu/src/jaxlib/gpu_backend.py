"""The CUDA and ROCm backends of jaxlib-gpu, registered with jaxlib.xla_bridge.

``initialize()`` is the plugin hook: xla_bridge finds this module through the
``jax_plugins`` entry-point group and calls it. The factories look for the GPU
driver; with no driver or no device they raise, and (registered with
``fail_quietly=True``) JAX falls back to the CPU. Executing on GPUs is not
implemented in this version: with GPUs present, the factory says so.
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
    platforms = (platform_name,) if platform_name else PLATFORMS
    unknown = [p for p in platforms if p not in PLATFORMS]
    if unknown:
        raise ValueError(f"unknown GPU platform {unknown[0]!r}; expected one of {PLATFORMS}")
    errors = []
    for platform in platforms:
        try:
            count = _visible_device_count(platform)
        except XlaRuntimeError as err:
            errors.append(str(err))
            continue
        raise unimplemented(
            f"{count} {platform} device(s) found, but executing on GPUs is not "
            f"implemented in jaxlib-gpu {__version__}"
        )
    raise XlaRuntimeError("; ".join(errors))


def _factory(platform: str):
    def factory():
        return make_gpu_client(platform_name=platform)

    return factory


def initialize() -> None:
    from jaxlib import xla_bridge

    for platform in PLATFORMS:
        xla_bridge.register_backend_factory(
            platform, _factory(platform), priority=PRIORITY, fail_quietly=True
        )
