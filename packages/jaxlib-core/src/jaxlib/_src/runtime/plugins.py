"""PJRT plugins: loading plugin libraries, plugin-module imports, GPU plugin
options, and device topologies.

This jaxlib runs programs with its own CPU runtime; it does not implement the
PJRT C API runtime. Plugin *libraries* can still be loaded and recorded (so
that registration, discovery and error reporting behave as JAX expects), but
creating a client or a topology through a PJRT C API plugin raises an explicit
``UNIMPLEMENTED`` error.
"""

from __future__ import annotations

import ctypes
import dataclasses
import hashlib
import importlib
import json
import logging
import os
import re
import threading
import warnings
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from jaxlib._src.base.errors import (
    invalid_argument,
    not_found,
    unimplemented,
)
from jaxlib._src.base.untrusted import is_int, load_json
from jaxlib.version import __version__ as _JAXLIB_VERSION

logger = logging.getLogger(__name__)

# The value types a PJRT client accepts as creation options.
NameValueMapping = Mapping[str, str | int | Sequence[int] | float | bool]

# Symbol every PJRT plugin library exports; it returns a `const PJRT_Api*`.
PJRT_API_SYMBOL = "GetPjrtApi"

# ---------------------------------------------------------------------------
# Plugin Python modules (the wheels that ship GPU kernels)
# ---------------------------------------------------------------------------

# Stand-alone plugin wheels, tried after the in-tree module ``jaxlib.<name>``.
_PLUGIN_MODULE_NAMES: dict[str, tuple[str, ...]] = {
    "cuda": ("jax_cuda12_plugin",),
    "rocm": ("jax_rocm7_plugin", "jax_rocm60_plugin"),
}

# A dotted numeric prefix of a PEP 440 version ("0.4.31" in "0.4.31.dev1").
_VERSION_PREFIX = re.compile(r"[0-9]+(?:\.[0-9]+)*")


def _parse_version(version: str) -> tuple[int, ...]:
    match = _VERSION_PREFIX.match(version)
    if match is None:
        raise ValueError(f"Unable to parse version string '{version}'")
    return tuple(int(part) for part in match.group(0).split("."))


def check_plugin_version(
    plugin_name: str, jaxlib_version: str, plugin_version: str
) -> bool:
    """True when the plugin was built for this jaxlib (same numeric version).

    On a mismatch, warns (RuntimeWarning) and returns False: the plugin must
    not be used, since its kernels may not match this jaxlib's ABI.
    """
    if _parse_version(jaxlib_version) != _parse_version(plugin_version):
        warnings.warn(
            f"JAX plugin {plugin_name} version {plugin_version} is installed, "
            "but it is not compatible with the installed jaxlib version "
            f"{jaxlib_version}, so it will not be used.",
            RuntimeWarning,
            stacklevel=2,
        )
        return False
    return True


def _is_missing_module(error: ModuleNotFoundError, module_name: str) -> bool:
    """True if `error` says `module_name` (or a parent package) is absent, as
    opposed to a present module failing on one of its own imports."""
    missing = error.name or ""
    return module_name == missing or module_name.startswith(missing + ".")


def _import_if_present(module_name: str) -> ModuleType | None:
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if _is_missing_module(error, module_name):
            return None
        # The plugin is installed but broken: say so rather than hide it.
        logger.warning("Plugin module %s could not be imported: %s", module_name, error)
        return None
    except ImportError as error:
        logger.warning("Plugin module %s could not be imported: %s", module_name, error)
        return None


def import_from_plugin(
    plugin_name: str, submodule_name: str, *, check_version: bool = True
) -> ModuleType | None:
    """Imports ``submodule_name`` from the plugin for ``plugin_name``.

    Tries ``jaxlib.<plugin_name>.<submodule>`` first, then the stand-alone
    plugin wheels (``jax_cuda12_plugin.<submodule>``...). Returns None if no
    candidate is installed, or if the installed one has an incompatible
    version (with a RuntimeWarning from ``check_plugin_version``).
    """
    if plugin_name not in _PLUGIN_MODULE_NAMES:
        raise ValueError(
            f"Unknown plugin: {plugin_name}; known plugins are "
            f"{sorted(_PLUGIN_MODULE_NAMES)}"
        )
    candidates = (f"jaxlib.{plugin_name}", *_PLUGIN_MODULE_NAMES[plugin_name])
    for package in candidates:
        module = _import_if_present(f"{package}.{submodule_name}")
        if module is None:
            continue
        if not check_version:
            return module
        version_module = _import_if_present(f"{package}.version")
        if version_module is None:
            return module  # an unversioned plugin is trusted, as in JAX
        plugin_version = getattr(version_module, "__version__", "")
        if check_plugin_version(package, _JAXLIB_VERSION, plugin_version):
            return module
    return None


# ---------------------------------------------------------------------------
# PJRT plugin libraries
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PjrtPluginHandle:
    """A loaded PJRT plugin: where it came from and its ``PJRT_Api`` address.

    ``library_path`` is None for plugins registered from an in-memory C API.
    """

    plugin_name: str
    library_path: str | None
    api_address: int
    # Keeps the shared library mapped for as long as the handle lives.
    library: ctypes.CDLL | None = dataclasses.field(default=None, compare=False, repr=False)


@dataclasses.dataclass
class _PluginState:
    handle: PjrtPluginHandle
    initialized: bool = False


_plugins: dict[str, _PluginState] = {}
_plugins_lock = threading.Lock()


def pjrt_plugin_loaded(plugin_name: str) -> bool:
    with _plugins_lock:
        return plugin_name in _plugins


def pjrt_plugin_initialized(plugin_name: str) -> bool:
    with _plugins_lock:
        state = _plugins.get(plugin_name)
        return state is not None and state.initialized


def _open_plugin_library(plugin_name: str, library_path: str) -> PjrtPluginHandle:
    if not os.path.isfile(library_path):
        raise not_found(
            f"PJRT plugin '{plugin_name}': library file {library_path} does not exist"
        )
    try:
        library = ctypes.CDLL(library_path)
    except OSError as error:
        raise invalid_argument(
            f"PJRT plugin '{plugin_name}': failed to open {library_path}: {error}"
        ) from None
    try:
        get_pjrt_api = getattr(library, PJRT_API_SYMBOL)
    except AttributeError:
        raise invalid_argument(
            f"{library_path} is not a PJRT plugin: it does not export the "
            f"symbol {PJRT_API_SYMBOL} (plugin '{plugin_name}')"
        ) from None
    get_pjrt_api.restype = ctypes.c_void_p
    get_pjrt_api.argtypes = []
    api_address = get_pjrt_api()
    if not api_address:
        raise invalid_argument(
            f"PJRT plugin '{plugin_name}': {PJRT_API_SYMBOL} in {library_path} "
            "returned a null PJRT_Api"
        )
    return PjrtPluginHandle(plugin_name, library_path, api_address, library)


def load_pjrt_plugin_dynamically(plugin_name: str, library_path: str) -> PjrtPluginHandle:
    """dlopens a PJRT plugin library and records it under ``plugin_name``.

    Loading the same library again returns the existing handle; loading a
    different library under a name already taken is an error.
    """
    library_path = os.path.abspath(library_path)
    with _plugins_lock:
        existing = _plugins.get(plugin_name)
        if existing is not None:
            if existing.handle.library_path == library_path:
                return existing.handle
            raise invalid_argument(
                f"PJRT plugin '{plugin_name}' is already loaded from "
                f"{existing.handle.library_path or 'a C API'}; cannot load it "
                f"again from {library_path}"
            )
        handle = _open_plugin_library(plugin_name, library_path)
        _plugins[plugin_name] = _PluginState(handle)
        return handle


# PyCapsule accessors from the C API, for plugins handing over a capsule.
_capsule_get_name = ctypes.pythonapi.PyCapsule_GetName
_capsule_get_name.restype = ctypes.c_char_p
_capsule_get_name.argtypes = [ctypes.py_object]
_capsule_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_get_pointer.restype = ctypes.c_void_p
_capsule_get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def _c_api_address(c_api: Any) -> int:
    """The PJRT_Api address carried by a handle, PyCapsule or ctypes pointer."""
    if isinstance(c_api, PjrtPluginHandle):
        return c_api.api_address
    if type(c_api).__name__ == "PyCapsule":
        address = _capsule_get_pointer(c_api, _capsule_get_name(c_api))
    elif isinstance(c_api, ctypes.c_void_p):
        address = c_api.value
    elif isinstance(c_api, ctypes._Pointer):
        address = ctypes.cast(c_api, ctypes.c_void_p).value
    else:
        raise TypeError(
            "c_api must be a PjrtPluginHandle, a PyCapsule or a ctypes pointer, "
            f"got {type(c_api).__name__}"
        )
    if not address:
        raise invalid_argument("c_api is a null PJRT_Api pointer")
    return address


def load_pjrt_plugin_with_c_api(plugin_name: str, c_api: Any) -> None:
    """Records a plugin whose ``PJRT_Api`` is already in memory (statically
    linked or loaded by the plugin itself)."""
    address = _c_api_address(c_api)
    with _plugins_lock:
        existing = _plugins.get(plugin_name)
        if existing is not None:
            if existing.handle.api_address == address:
                return
            raise invalid_argument(
                f"PJRT plugin '{plugin_name}' is already loaded with a different PJRT_Api"
            )
        library_path = c_api.library_path if isinstance(c_api, PjrtPluginHandle) else None
        _plugins[plugin_name] = _PluginState(
            PjrtPluginHandle(plugin_name, library_path, address)
        )


def initialize_pjrt_plugin(plugin_name: str) -> None:
    """Marks a loaded plugin initialized (JAX does this once, before creating
    its first client)."""
    with _plugins_lock:
        state = _plugins.get(plugin_name)
        if state is None:
            raise not_found(
                f"PJRT plugin '{plugin_name}' is not loaded; call "
                "load_pjrt_plugin_dynamically or load_pjrt_plugin_with_c_api first"
            )
        state.initialized = True


def make_c_api_client(
    plugin_name: str,
    options: NameValueMapping | None = None,
    distributed_client: Any | None = None,
    transfer_server_factory: Any | None = None,
) -> Any:
    """Would create a client running through a PJRT C API plugin; this jaxlib
    has no PJRT C API runtime, so it always raises."""
    del options, distributed_client, transfer_server_factory
    if not pjrt_plugin_loaded(plugin_name):
        raise not_found(f"PJRT plugin '{plugin_name}' is not loaded")
    raise unimplemented(
        f"cannot create a client for PJRT plugin '{plugin_name}': executing "
        "through PJRT C API plugins is not supported by this jaxlib"
    )


# ---------------------------------------------------------------------------
# GPU plugin options
# ---------------------------------------------------------------------------

_GPU_ALLOCATORS = ("default", "platform", "bfc", "cuda_async")
_TRUE_STRINGS = ("true", "1", "yes", "on")
_FALSE_STRINGS = ("false", "0", "no", "off")


def generate_pjrt_gpu_plugin_options() -> dict[str, str | int | list[int] | float | bool]:
    """Builds the GPU plugin's client options from the XLA_* variables.

    XLA_PYTHON_CLIENT_ALLOCATOR -> "allocator"; XLA_CLIENT_MEM_FRACTION (or
    the deprecated XLA_PYTHON_CLIENT_MEM_FRACTION) -> "memory_fraction";
    XLA_PYTHON_CLIENT_PREALLOCATE -> "preallocate";
    XLA_PYTHON_CLIENT_COLLECTIVE_MEM_SIZE_MB -> "collective_memory_size" (bytes).
    """
    options: dict[str, str | int | list[int] | float | bool] = {"platform_name": "cuda"}

    allocator = os.getenv("XLA_PYTHON_CLIENT_ALLOCATOR", "default").lower()
    if allocator not in _GPU_ALLOCATORS:
        raise ValueError(
            "XLA_PYTHON_CLIENT_ALLOCATOR env var must be one of "
            f"{', '.join(repr(a) for a in _GPU_ALLOCATORS)}, got {allocator!r}"
        )
    options["allocator"] = allocator

    memory_fraction = os.getenv("XLA_CLIENT_MEM_FRACTION", "")
    deprecated_fraction = os.getenv("XLA_PYTHON_CLIENT_MEM_FRACTION", "")
    if deprecated_fraction:
        if memory_fraction:
            raise ValueError(
                "XLA_CLIENT_MEM_FRACTION is specified together with "
                "XLA_PYTHON_CLIENT_MEM_FRACTION; remove the latter, it is deprecated."
            )
        memory_fraction = deprecated_fraction
    if memory_fraction:
        try:
            fraction = float(memory_fraction)
        except ValueError:
            raise ValueError(
                f"GPU memory fraction must be a number, got {memory_fraction!r}"
            ) from None
        if not 0.0 < fraction <= 1.0:
            raise ValueError(f"GPU memory fraction must be in (0, 1], got {fraction}")
        options["memory_fraction"] = fraction

    preallocate = os.getenv("XLA_PYTHON_CLIENT_PREALLOCATE", "").lower()
    if preallocate:
        if preallocate in _TRUE_STRINGS:
            options["preallocate"] = True
        elif preallocate in _FALSE_STRINGS:
            options["preallocate"] = False
        else:
            raise ValueError(
                "XLA_PYTHON_CLIENT_PREALLOCATE must be true/false (or 1/0), "
                f"got {preallocate!r}"
            )

    collective_mb = os.getenv("XLA_PYTHON_CLIENT_COLLECTIVE_MEM_SIZE_MB", "")
    if collective_mb:
        try:
            megabytes = int(collective_mb)
        except ValueError:
            raise ValueError(
                "XLA_PYTHON_CLIENT_COLLECTIVE_MEM_SIZE_MB must be an integer, "
                f"got {collective_mb!r}"
            ) from None
        options["collective_memory_size"] = megabytes * (1 << 20)
    return options


# ---------------------------------------------------------------------------
# Device topologies
# ---------------------------------------------------------------------------

_TOPOLOGY_FORMAT = "jaxlib.DeviceTopology/1"


@dataclasses.dataclass(frozen=True)
class DeviceDescription:
    """What a compiler needs to know about one device, without the device."""

    id: int
    process_index: int
    platform: str
    device_kind: str


class CompileOnlyDevice:
    """A device that exists only as a compilation target: it belongs to a
    topology, not to a client, and cannot hold arrays or run programs."""

    client = None

    def __init__(self, description: DeviceDescription):
        self._description = description

    @property
    def id(self) -> int:
        return self._description.id

    @property
    def process_index(self) -> int:
        return self._description.process_index

    @property
    def platform(self) -> str:
        return self._description.platform

    @property
    def device_kind(self) -> str:
        return self._description.device_kind

    def __repr__(self) -> str:
        return f"CompileOnlyDevice(id={self.id}, platform={self.platform!r})"

    def __str__(self) -> str:
        return f"{self.platform.upper()}_{self.id}"


@dataclasses.dataclass(frozen=True)
class DeviceTopology:
    """The devices of one platform, described for ahead-of-time compilation."""

    platform: str
    platform_version: str
    device_descriptions: tuple[DeviceDescription, ...]

    def _make_compile_only_devices(self) -> list[CompileOnlyDevice]:
        return [CompileOnlyDevice(d) for d in self.device_descriptions]

    def fingerprint(self) -> int:
        """A 64-bit number that changes with the platform, its version and the
        devices (jax puts it in its compilation-cache keys)."""
        digest = hashlib.sha256(self.serialize()).digest()
        return int.from_bytes(digest[:8], "big")

    def serialize(self) -> bytes:
        payload = {
            "format": _TOPOLOGY_FORMAT,
            "platform": self.platform,
            "platform_version": self.platform_version,
            "devices": [dataclasses.asdict(d) for d in self.device_descriptions],
        }
        return json.dumps(payload, sort_keys=True).encode()

    @classmethod
    def deserialize(cls, data: bytes) -> DeviceTopology:
        """The topology ``serialize`` wrote. The bytes are untrusted: anything
        else is an INVALID_ARGUMENT naming the problem; an argument that is not
        bytes (or str) a TypeError."""
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogatepass")  # lone surrogates fail to decode
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(
                f"DeviceTopology.deserialize expects bytes, got {type(data).__name__}")
        try:
            payload = load_json(data, "serialized DeviceTopology", max_depth=_TOPOLOGY_DEPTH)
        except ValueError as error:
            raise invalid_argument(f"not a serialized DeviceTopology: {error}") from None
        if not isinstance(payload, dict) or payload.get("format") != _TOPOLOGY_FORMAT:
            raise invalid_argument(
                f"not a serialized DeviceTopology (expected format {_TOPOLOGY_FORMAT})"
            )
        _check_fields(payload, ("format", "platform", "platform_version", "devices"),
                      "DeviceTopology")
        devices = payload["devices"]
        if not isinstance(devices, list):
            raise invalid_argument(
                f"serialized DeviceTopology: devices must be a list, got {_json_type(devices)}")
        descriptions = tuple(
            _device_description(d, f"DeviceTopology devices[{i}]") for i, d in enumerate(devices)
        )
        ids = [d.id for d in descriptions]
        if len(set(ids)) != len(ids):
            raise invalid_argument(f"serialized DeviceTopology: device ids repeat: {ids}")
        return cls(
            _check_text(payload["platform"], "DeviceTopology platform"),
            _check_text(payload["platform_version"], "DeviceTopology platform_version"),
            descriptions,
        )


# serialize() writes 3 levels (object, device list, device); a little slack.
_TOPOLOGY_DEPTH = 8
# Device ids and process indices are C ints in XLA.
_INT32_MAX = (1 << 31) - 1


def _json_type(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _check_fields(payload: dict[str, Any], fields: Sequence[str], where: str) -> None:
    missing = [f for f in fields if f not in payload]
    unknown = sorted(set(payload) - set(fields))
    if missing or unknown:
        raise invalid_argument(
            f"serialized {where}: "
            + "; ".join(
                ([f"missing fields {missing}"] if missing else [])
                + ([f"unknown fields {unknown}"] if unknown else [])
            )
        )


def _check_text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise invalid_argument(f"serialized {where} must be a string, got {_json_type(value)}")
    return value


def _device_description(raw: Any, where: str) -> DeviceDescription:
    if not isinstance(raw, dict):
        raise invalid_argument(f"serialized {where} must be an object, got {_json_type(raw)}")
    _check_fields(raw, ("id", "process_index", "platform", "device_kind"), where)
    for name in ("id", "process_index"):
        if not is_int(raw[name], 0, _INT32_MAX):
            raise invalid_argument(
                f"serialized {where}: {name} must be an integer in [0, {_INT32_MAX}], "
                f"got {raw[name]!r}"[:300]
            )
    return DeviceDescription(
        raw["id"],
        raw["process_index"],
        _check_text(raw["platform"], f"{where} platform"),
        _check_text(raw["device_kind"], f"{where} device_kind"),
    )


def get_topology_for_devices(devices: Sequence[Any]) -> DeviceTopology:
    """The topology of ``devices``, which must all belong to one client."""
    devices = list(devices)
    if not devices:
        raise invalid_argument("get_topology_for_devices requires at least one device")
    platforms = {d.platform for d in devices}
    if len(platforms) != 1:
        raise invalid_argument(
            "get_topology_for_devices requires devices of one platform, got "
            f"{sorted(platforms)}"
        )
    client = devices[0].client
    if any(d.client is not client for d in devices):
        raise invalid_argument(
            "get_topology_for_devices requires devices of one client"
        )
    return DeviceTopology(
        platform=devices[0].platform,
        platform_version=client.platform_version,
        device_descriptions=tuple(
            DeviceDescription(d.id, d.process_index, d.platform, d.device_kind)
            for d in devices
        ),
    )


def make_c_api_device_topology(
    c_api: Any, topology_name: str = "", **kwargs: Any
) -> DeviceTopology:
    """Would ask a PJRT C API plugin for a topology; unsupported here."""
    del c_api, kwargs
    raise unimplemented(
        f"cannot make device topology {topology_name!r} through a PJRT C API "
        "plugin: PJRT C API plugins are not supported by this jaxlib"
    )


def make_tfrt_tpu_c_api_device_topology(
    topology_name: str | None = None, **kwargs: Any
) -> DeviceTopology:
    """Would describe a TPU slice through libtpu; TPUs are not supported."""
    del kwargs
    raise unimplemented(
        f"cannot make TPU device topology {topology_name!r}: TPU (libtpu) "
        "topologies are not supported by this jaxlib"
    )
