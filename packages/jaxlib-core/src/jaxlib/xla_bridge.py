"""The backend registry: which platforms exist, which one is the default, and
how plugins add platforms.

A *backend* is a client for one platform ("cpu", "cuda", ...). Backends are
registered as factories with a priority and created together, lazily, the
first time any of them is asked for. The highest-priority backend that
initializes becomes the default.

There is no JAX config here, so configuration comes from the environment and
is read when backends are first created (and again after ``_clear_backends``):

* ``JAX_PLATFORMS``: comma-separated platforms to create, in priority order
  (aliases such as "gpu" allowed). Only these are created, and any failure is
  an error.
* ``JAX_PLATFORM_NAME``: the platform ``get_backend()`` returns by default.
* ``JAX_CUDA_VISIBLE_DEVICES`` / ``JAX_ROCM_VISIBLE_DEVICES``: "all" or a
  comma list of device ids, passed to cuda/rocm plugins as "visible_devices".
* ``JAX_NUM_CPU_DEVICES``, or ``--xla_force_host_platform_device_count=N`` in
  ``XLA_FLAGS``: the number of CPU devices.
* ``PJRT_NAMES_AND_LIBRARY_PATHS``: PJRT plugins to register, as
  "name:path,name2:path2" where a path is a library or a ".json" config.

Plugins are Python modules in the ``jax_plugins`` namespace package or
advertised under the ``jax_plugins`` entry-point group; each module's
``initialize()`` registers its backend. GPU support (the jaxlib-gpu
distribution) arrives that way: this module never imports it.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import logging
import os
import pkgutil
import threading
import warnings
from collections.abc import Callable, Mapping
from functools import cache, partial
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from jaxlib._src.runtime import plugins
from jaxlib._src.runtime.xla_flags import forced_host_device_count

if TYPE_CHECKING:  # pragma: no cover
    from jaxlib._src.runtime.client import Client
    from jaxlib._src.runtime.device import Device

logger = logging.getLogger(__name__)

BackendFactory = Callable[[], "Client | None"]
TopologyFactory = Callable[..., "plugins.DeviceTopology | None"]
PluginOptions = Mapping[str, "str | int | list[int] | float | bool"]


@dataclasses.dataclass
class BackendRegistration:
    factory: BackendFactory
    # Higher is preferred when choosing the default backend.
    priority: int
    # A quiet failure is recorded and logged; a loud one stops backends().
    # Plugins fail loudly: one installs a plugin in order to use it.
    fail_quietly: bool = False
    # Experimental platforms warn when initialized, to set expectations.
    experimental: bool = False


_backend_factories: dict[str, BackendRegistration] = {}
_topology_factories: dict[str, TopologyFactory] = {}
_backends: dict[str, Client] = {}
_backend_errors: dict[str, str] = {}
_default_backend: Client | None = None
_backend_lock = threading.Lock()

# Plugin modules are discovered once per process; PJRT libraries named in the
# environment are registered until that succeeds (a failure raises each time).
_plugin_lock = threading.RLock()  # re-entrant: initialize() may look backends up
_plugin_modules_discovered = False
_env_plugins_registered = False
# Plugin module name -> why it could not be loaded or initialized.
_plugin_errors: dict[str, str] = {}

# Plugins known to pass JAX's tests; other plugins are flagged experimental.
_nonexperimental_plugins: set[str] = {"cuda"}

# Concrete platform -> the alias that covers it.
_platform_aliases: dict[str, str] = {"cuda": "gpu", "rocm": "gpu"}
_alias_to_platforms: dict[str, list[str]] = {}
for _platform, _alias in _platform_aliases.items():
    _alias_to_platforms.setdefault(_alias, []).append(_platform)

_JAX_PLATFORMS_HINT = (
    " (set JAX_PLATFORMS='' to automatically choose an available backend)"
)
_PLUGIN_FAILURE_HINT = (
    " (you may need to uninstall the failing plugin package, or set "
    "JAX_PLATFORMS=cpu to skip this backend.)"
)


# ---------------------------------------------------------------------------
# Registration
# ---------------------------------------------------------------------------


def register_backend_factory(
    name: str,
    factory: BackendFactory,
    *,
    priority: int = 0,
    fail_quietly: bool = True,
    experimental: bool = False,
    make_topology: TopologyFactory | None = None,
) -> None:
    """Registers (or replaces) the factory for platform ``name``."""
    with _backend_lock:
        if name in _backends:
            raise RuntimeError(f"Backend {name} already initialized")
        _backend_factories[name] = BackendRegistration(
            factory, priority, fail_quietly, experimental
        )
        if make_topology is not None:
            _topology_factories[name] = make_topology


def _cpu_device_count_from_environment() -> int | None:
    """JAX_NUM_CPU_DEVICES, else XLA_FLAGS' forced host device count, else
    None (the client's own default)."""
    value = os.getenv("JAX_NUM_CPU_DEVICES", "").strip()
    if value and value != "-1":
        try:
            count = int(value)
        except ValueError:
            raise ValueError(
                f"JAX_NUM_CPU_DEVICES must be an integer, got {value!r}"
            ) from None
        if count < 1:
            raise ValueError(f"JAX_NUM_CPU_DEVICES must be positive, got {count}")
        return count
    return forced_host_device_count()


def make_cpu_client() -> Client:
    """The factory of the default "cpu" backend."""
    from jaxlib._src.runtime.client import make_cpu_client as _make_client

    return _make_client(num_devices=_cpu_device_count_from_environment())


def _make_cpu_topology(topology_name: str = "", **kwargs: Any) -> plugins.DeviceTopology:
    """The topology of this process's CPU devices; CPUs have no named
    topologies to choose from."""
    if topology_name or kwargs:
        raise ValueError(
            "the cpu platform has a single topology (its devices); named "
            f"topologies and options are not supported, got {topology_name!r} "
            f"with options {sorted(kwargs)}"
        )
    return plugins.get_topology_for_devices(get_backend("cpu").devices())


register_backend_factory(
    "cpu", make_cpu_client, priority=0, fail_quietly=False,
    make_topology=_make_cpu_topology,
)


# ---------------------------------------------------------------------------
# PJRT plugins
# ---------------------------------------------------------------------------


def _visible_devices_from_environment(platform: str) -> list[int] | None:
    variable = f"JAX_{platform.upper()}_VISIBLE_DEVICES"
    value = os.getenv(variable, "all").strip()
    if value == "all":
        return None
    try:
        return [int(x) for x in value.split(",")]
    except ValueError:
        raise ValueError(
            f"{variable} must be 'all' or a comma-separated list of device ids, "
            f"got {value!r}"
        ) from None


def plugin_options_from_environment(platform: str) -> dict[str, Any]:
    """Client options a platform's plugin takes from the environment: the
    visible devices of cuda and rocm."""
    if platform not in ("cuda", "rocm"):
        return {}
    visible = _visible_devices_from_environment(platform)
    return {} if visible is None else {"visible_devices": visible}


def register_plugin(
    plugin_name: str,
    priority: int = 400,
    library_path: str | None = None,
    options: PluginOptions | None = None,
    c_api: Any | None = None,
) -> Any:
    """Registers a PJRT plugin (a library path or an in-memory C API) as the
    backend ``plugin_name``; returns the plugin's C API handle."""
    if library_path and c_api is not None:
        raise ValueError(
            f"PJRT plugin {plugin_name}: give either library_path or c_api, not both"
        )
    if not library_path and c_api is None:
        raise ValueError(
            f"PJRT plugin {plugin_name}: neither library_path nor c_api was given"
        )

    def factory() -> Client:
        if not plugins.pjrt_plugin_initialized(plugin_name):
            plugins.initialize_pjrt_plugin(plugin_name)
        client_options = dict(options or {})
        client_options.update(plugin_options_from_environment(plugin_name))
        return plugins.make_c_api_client(plugin_name, client_options, None)

    logger.debug("registering PJRT plugin %s from %s", plugin_name, library_path)
    if library_path:
        c_api = plugins.load_pjrt_plugin_dynamically(plugin_name, library_path)
    else:
        plugins.load_pjrt_plugin_with_c_api(plugin_name, c_api)
    register_backend_factory(
        plugin_name,
        factory,
        priority=priority,
        fail_quietly=False,
        experimental=plugin_name not in _nonexperimental_plugins,
        make_topology=partial(plugins.make_c_api_device_topology, c_api),
    )
    return c_api


def _get_pjrt_plugin_names_and_library_paths(plugins_from_env: str) -> dict[str, str]:
    """Parses "name1:path1,name2:path2" (";" instead of ":" on Windows)."""
    named_paths: dict[str, str] = {}
    for entry in filter(None, (e.strip() for e in plugins_from_env.split(","))):
        name, separator, path = entry.partition(os.path.pathsep)
        if not separator or not name or not path or os.path.pathsep in path:
            logger.warning(
                "invalid value %s in env var PJRT_NAMES_AND_LIBRARY_PATHS %s",
                entry, plugins_from_env,
            )
            continue
        named_paths[name] = path
    return named_paths


def _get_pjrt_plugin_config(json_path: str) -> tuple[str, PluginOptions | None]:
    """Reads a plugin config: {"library_path": ..., "create_options": {...}}."""
    with open(json_path) as f:
        config = json.load(f)
    if not isinstance(config, dict) or "library_path" not in config:
        raise ValueError(
            f'PJRT plugin config file {json_path} should contain a "library_path" field.'
        )
    return config["library_path"], config.get("create_options")


def register_pjrt_plugin_factories_from_env() -> None:
    """Registers every plugin named in PJRT_NAMES_AND_LIBRARY_PATHS."""
    named_paths = _get_pjrt_plugin_names_and_library_paths(
        os.getenv("PJRT_NAMES_AND_LIBRARY_PATHS", "")
    )
    for plugin_name, path in named_paths.items():
        options: PluginOptions | None = None
        if path.endswith(".json"):
            path, options = _get_pjrt_plugin_config(path)
        register_plugin(plugin_name, library_path=path, options=options)


def _plugin_module_names() -> list[str]:
    """Names of plugin modules: those under the `jax_plugins` namespace
    package, then those advertised under the "jax_plugins" entry points."""
    names: list[str] = []
    try:
        import jax_plugins  # type: ignore[import-not-found]
    except ModuleNotFoundError as error:
        if error.name != "jax_plugins":
            logger.error("Failed to import jax_plugins: %s", error)
        jax_plugins = None
    except ImportError as error:
        logger.error("Failed to import jax_plugins: %s", error)
        jax_plugins = None
    if jax_plugins is not None:
        for module_info in pkgutil.iter_modules(
            jax_plugins.__path__, jax_plugins.__name__ + "."
        ):
            logger.debug("Discovered path based JAX plugin: %s", module_info.name)
            names.append(module_info.name)
    for entry_point in entry_points(group="jax_plugins"):
        logger.debug("Discovered entry-point based JAX plugin: %s", entry_point.value)
        names.append(entry_point.value)
    return list(dict.fromkeys(names))  # drop duplicates, keep discovery order


def _load_plugin_target(name: str) -> Any:
    """Imports "module" or "module:attribute" (entry-point syntax)."""
    module_name, _, attribute = name.partition(":")
    target: Any = importlib.import_module(module_name.strip())
    for part in filter(None, attribute.strip().split(".")):
        target = getattr(target, part)
    return target


def discover_pjrt_plugins() -> None:
    """Imports every plugin module and calls its ``initialize()``, which is
    expected to call ``register_plugin`` or ``register_backend_factory``.

    A plugin that cannot be imported or initialized does not stop discovery:
    the failure is logged and kept in ``_plugin_errors``.
    """
    for name in _plugin_module_names():
        logger.debug("Loading plugin module %s", name)
        try:
            target = _load_plugin_target(name)
        except ModuleNotFoundError as error:
            _plugin_errors[name] = f"module not found: {error}"
            logger.warning(
                "Jax plugin configuration error: Plugin module %s does not exist (%s)",
                name, error,
            )
            continue
        except Exception as error:
            _plugin_errors[name] = f"could not be loaded: {error!r}"
            logger.exception(
                "Jax plugin configuration error: Plugin module %s could not be loaded",
                name,
            )
            continue
        initialize = getattr(target, "initialize", None)
        if not callable(initialize):
            _plugin_errors[name] = "has no initialize() function"
            logger.warning(
                "Jax plugin configuration error: Plugin module %s has no "
                "initialize() function", name,
            )
            continue
        try:
            initialize()
        except Exception as error:
            _plugin_errors[name] = f"initialize() raised {error!r}"
            logger.exception(
                "Jax plugin configuration error: Exception when calling %s.initialize()",
                name,
            )


def _discover_and_register_pjrt_plugins() -> None:
    global _plugin_modules_discovered, _env_plugins_registered
    with _plugin_lock:
        if not _plugin_modules_discovered:
            _plugin_modules_discovered = True
            discover_pjrt_plugins()
        if not _env_plugins_registered:
            register_pjrt_plugin_factories_from_env()
            _env_plugins_registered = True


# ---------------------------------------------------------------------------
# Platform names
# ---------------------------------------------------------------------------


def is_known_platform(platform: str) -> bool:
    """True for a registered platform or an alias member, even one that
    failed to initialize: "known" means "not a typo"."""
    return platform in _backend_factories or platform in _platform_aliases


def canonicalize_platform(platform: str) -> str:
    """Replaces an alias ("gpu") by the platform present ("cuda" or "rocm")."""
    platforms = _alias_to_platforms.get(platform)
    if platforms is None:
        return platform
    present = backends()
    for candidate in platforms:
        if candidate in present:
            return candidate
    raise RuntimeError(
        f"Unknown backend: '{platform}' requested, but no platforms that are "
        f"instances of {platform} are present. Platforms present are: "
        + ",".join(present)
    )


def expand_platform_alias(platform: str) -> list[str]:
    """"gpu" -> ["cuda", "rocm"]; any other name -> [name]."""
    return list(_alias_to_platforms.get(platform, [platform]))


def is_gpu(platform: str) -> bool:
    return platform in ("cuda", "rocm")


# ---------------------------------------------------------------------------
# Creating backends
# ---------------------------------------------------------------------------


def backends_are_initialized() -> bool:
    with _backend_lock:
        return len(_backends) != 0


def _requested_platforms(jax_platforms: str) -> list[str]:
    """The JAX_PLATFORMS list with aliases replaced by their registered
    members (an alias with none stays, and fails as an unknown backend)."""
    requested: list[str] = []
    for name in filter(None, (p.strip().lower() for p in jax_platforms.split(","))):
        members = [p for p in _alias_to_platforms.get(name, []) if p in _backend_factories]
        requested.extend(members or [name])
    return list(dict.fromkeys(requested))


def _init_backend(platform: str) -> Client:
    registration = _backend_factories.get(platform)
    if registration is None:
        raise RuntimeError(
            f"Backend '{platform}' is not in the list of known backends: "
            f"{list(_backend_factories)}."
        )
    if registration.experimental:
        logger.warning(
            "Platform '%s' is experimental and not all JAX functionality may be "
            "correctly supported!", platform,
        )
    logger.debug("Initializing backend '%s'", platform)
    backend = registration.factory()
    if backend is None:
        raise RuntimeError(f"Could not initialize backend '{platform}'")
    if backend.device_count() == 0:
        raise RuntimeError(f"Backend '{platform}' provides no devices.")
    logger.debug(
        "Backend '%s' initialized: process_index=%d device_count=%d",
        platform, backend.process_index(), backend.device_count(),
    )
    return backend


def backends() -> dict[str, Client]:
    """All backends, created on first use: those listed in JAX_PLATFORMS, or
    else every registered one that initializes."""
    global _default_backend
    _discover_and_register_pjrt_plugins()
    with _backend_lock:
        if _backends:
            return _backends
        jax_platforms = os.getenv("JAX_PLATFORMS", "").strip()
        if jax_platforms:
            requested = _requested_platforms(jax_platforms)
            # Listed first is most preferred; listed platforms fail loudly.
            plan = [(p, len(requested) - i, False) for i, p in enumerate(requested)]
        else:
            plan = [
                (p, r.priority, r.fail_quietly) for p, r in _backend_factories.items()
            ]
        default_priority = None
        for platform, priority, fail_quietly in plan:
            try:
                backend = _init_backend(platform)
            except Exception as error:
                if fail_quietly:
                    _backend_errors[platform] = str(error)
                    logger.info("Unable to initialize backend '%s': %s", platform, error)
                    continue
                message = f"Unable to initialize backend '{platform}': {error}"
                message += _JAX_PLATFORMS_HINT if jax_platforms else _PLUGIN_FAILURE_HINT
                # A half-built registry must not look initialized.
                _backends.clear()
                _default_backend = None
                raise RuntimeError(message) from error
            _backends[platform] = backend
            if default_priority is None or priority > default_priority:
                _default_backend = backend
                default_priority = priority
        if _default_backend is None:
            raise RuntimeError(
                "No backend could be initialized; errors: "
                f"{dict(_backend_errors) or 'no backends are registered'}"
            )
        return _backends


def _clear_backends() -> None:
    """Forgets the created backends (registrations stay), so the next call
    creates them again from the current environment."""
    global _backends, _backend_errors, _default_backend
    logger.info("Clearing JAX backend caches.")
    with _backend_lock:
        _backends = {}
        _backend_errors = {}
        _default_backend = None
    get_backend.cache_clear()


# ---------------------------------------------------------------------------
# Looking backends up
# ---------------------------------------------------------------------------


def _get_backend_uncached(platform: None | str | Client = None) -> Client:
    if platform is not None and not isinstance(platform, str):
        return platform  # already a client
    platform = platform or os.getenv("JAX_PLATFORM_NAME", "").strip().lower() or None
    present = backends()
    if platform is None:
        assert _default_backend is not None
        return _default_backend
    platform = canonicalize_platform(platform)
    backend = present.get(platform)
    if backend is not None:
        return backend
    if platform in _backend_errors:
        raise RuntimeError(
            f"Backend '{platform}' failed to initialize: "
            f"{_backend_errors[platform]}. Available backends are {list(present)}"
        )
    raise RuntimeError(
        f"Unknown backend {platform}. Available backends are {list(present)}"
    )


@cache
def get_backend(platform: None | str | Client = None) -> Client:
    """The backend for ``platform`` (a name or alias), the default backend
    for None, or ``platform`` itself if it is already a client."""
    return _get_backend_uncached(platform)


def get_device_backend(device: Device | None = None) -> Client:
    """The backend that owns ``device``, or the default backend."""
    if device is not None:
        return device.client
    return get_backend()


def default_backend() -> str:
    """The platform name of the default backend."""
    return get_backend(None).platform


def backend_pjrt_c_api_version(platform: None | str | Client = None) -> tuple[int, int] | None:
    """The PJRT C API version of the backend; None when it does not use it."""
    backend = get_backend(platform)
    major = getattr(backend, "pjrt_c_api_major_version", None)
    minor = getattr(backend, "pjrt_c_api_minor_version", None)
    if major is None or minor is None:
        return None
    return (major, minor)


def using_pjrt_c_api(backend: None | str | Client = None) -> bool:
    return "PJRT C API" in get_backend(backend).platform_version


def devices(backend: None | str | Client = None) -> list[Device]:
    """All devices of a backend (of every process)."""
    return get_backend(backend).devices()


def device_count(backend: None | str | Client = None) -> int:
    return int(get_backend(backend).device_count())


def local_device_count(backend: None | str | Client = None) -> int:
    return int(get_backend(backend).local_device_count())


def process_index(backend: None | str | Client = None) -> int:
    return get_backend(backend).process_index()


def process_count(backend: None | str | Client = None) -> int:
    return max(d.process_index for d in devices(backend)) + 1


def local_devices(
    process_index: int | None = None,
    backend: None | str | Client = None,
    host_id: int | None = None,
) -> list[Device]:
    """The devices of one process (by default this one)."""
    if host_id is not None:
        warnings.warn(
            "The argument to local_devices has been renamed from `host_id` to "
            "`process_index`; the alias will be removed.",
            DeprecationWarning,
            stacklevel=2,
        )
        process_index = host_id
    if process_index is None:
        process_index = get_backend(backend).process_index()
    if not 0 <= process_index < process_count(backend):
        raise ValueError(f"Unknown process_index {process_index}")
    return [d for d in devices(backend) if d.process_index == process_index]


def host_id(backend: None | str | Client = None) -> int:
    warnings.warn(
        "host_id has been renamed to process_index; the alias will be removed.",
        DeprecationWarning,
        stacklevel=2,
    )
    return process_index(backend)


def host_count(backend: None | str | Client = None) -> int:
    warnings.warn(
        "host_count has been renamed to process_count; the alias will be removed.",
        DeprecationWarning,
        stacklevel=2,
    )
    return process_count(backend)


def host_ids(backend: None | str | Client = None) -> list[int]:
    warnings.warn(
        "host_ids is deprecated; use range(process_count()) instead.",
        DeprecationWarning,
        stacklevel=2,
    )
    return list(range(process_count(backend)))


# ---------------------------------------------------------------------------
# Topologies
# ---------------------------------------------------------------------------


def make_pjrt_topology(
    platform: str, topology_name: str = "", **kwargs: Any
) -> plugins.DeviceTopology:
    """A device topology of ``platform`` for ahead-of-time compilation."""
    _discover_and_register_pjrt_plugins()
    actual_platform = canonicalize_platform(platform)
    with _backend_lock:
        make_topology = _topology_factories.get(actual_platform)
    if make_topology is None:
        raise NotImplementedError(f"topology not implemented for {platform}")
    # Called outside the lock: a factory may need get_backend().
    return make_topology(topology_name, **kwargs)
