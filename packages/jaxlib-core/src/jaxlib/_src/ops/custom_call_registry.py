"""The custom-call target registry.

Targets are registered per platform under a canonical platform name ("cpu",
"cuda", "rocm", ...). The CPU executor looks targets up here when it lowers a
``custom_call``; other backends (jaxlib-gpu) install a handler with
``register_custom_call_handler`` and receive every registration for their
platform, past and future.

Providers. Other distributions (jaxlib-linalg's LAPACK kernels, ...) declare
an entry point in the group ``jaxlib.custom_call_providers``; the first lookup
of a target nobody registered loads them all, once per process (loading a
module registers its targets; a callable entry point is also called). Core
never imports an extra by name, and programs that need no extra never load one.

Contracts. A kernel trusts the buffers it is handed to be as large as its
routine writes, so the operand and result types a program declares for a
target must be the ones the target expects. Whoever registers a target may
register its contract too (``register_custom_call_contract``): a function that
receives the op's :class:`CustomCallSignature` when the op's kernel is built
(at compile time, on static types) and raises ``ValueError`` naming what is
wrong (``NotImplementedError`` for a valid call this backend does not run).
"""

from __future__ import annotations

import enum
import threading
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument

# Spellings accepted for each platform, as XLA's platform names and JAX's.
_PLATFORM_ALIASES = {
    "cpu": "cpu", "host": "cpu",
    "gpu": "cuda", "cuda": "cuda",
    "rocm": "rocm",
    "tpu": "tpu",
}
# Typed-FFI targets are api_version 1 in the registration call; the legacy
# custom-call ABIs (original, status-returning, ...) are versions 0, 2, 3, 4.
API_VERSIONS = (0, 1, 2, 3, 4)


class CustomCallTargetTraits(enum.IntFlag):
    DEFAULT = 0
    COMMAND_BUFFER_COMPATIBLE = 1


@dataclass(frozen=True)
class CustomCallTarget:
    name: str
    fn: Any
    platform: str
    api_version: int
    traits: CustomCallTargetTraits


@dataclass(frozen=True)
class CustomCallPartitioner:
    name: str
    prop_user_sharding: Callable
    partition: Callable
    infer_sharding_from_operands: Callable
    can_side_effecting_have_replicated_sharding: bool
    c_api: Any


CustomCallHandler = Callable[[str, Any, str, int, CustomCallTargetTraits], None]

_lock = threading.RLock()
_targets: dict[str, dict[str, CustomCallTarget]] = {}
_handlers: dict[str, CustomCallHandler] = {}
_partitioners: dict[str, CustomCallPartitioner] = {}
_batch_partitionable: set[str] = set()


def canonical_platform(platform: str) -> str:
    if not isinstance(platform, str) or not platform:
        raise invalid_argument(f"platform must be a non-empty string, got {platform!r}")
    return _PLATFORM_ALIASES.get(platform.lower(), platform.lower())


def _check_fn(name: str, fn: Any, api_version: int) -> None:
    if api_version == 1 and isinstance(fn, dict):
        stages = set(fn)
        if "execute" not in stages:
            raise invalid_argument(
                f"typed FFI target {name!r}: the handler dict needs an 'execute' entry"
            )
        unknown = stages - {"execute", "prepare", "initialize", "instantiate"}
        if unknown:
            raise invalid_argument(
                f"typed FFI target {name!r}: unknown handler stages {sorted(unknown)}"
            )
        return
    if type(fn).__name__ == "PyCapsule" or callable(fn):
        return
    raise invalid_argument(
        f"custom call target {name!r} must be a PyCapsule, a callable, or (for "
        f"api_version=1) a dict of handler capsules; got {type(fn).__name__}"
    )


def register_custom_call_target(
    name: str,
    fn: Any,
    platform: str = "cpu",
    api_version: int = 0,
    traits: CustomCallTargetTraits = CustomCallTargetTraits.DEFAULT,
) -> None:
    if not isinstance(name, str) or not name:
        raise invalid_argument(f"custom call target name must be a non-empty string, got {name!r}")
    if api_version not in API_VERSIONS:
        raise invalid_argument(
            f"custom call target {name!r}: api_version must be one of {API_VERSIONS}, "
            f"got {api_version!r}"
        )
    _check_fn(name, fn, api_version)
    canonical = canonical_platform(platform)
    target = CustomCallTarget(
        name, fn, canonical, api_version, CustomCallTargetTraits(traits)
    )
    with _lock:
        existing = _targets.setdefault(canonical, {}).get(name)
        if existing is not None and (existing.fn is not fn or existing.api_version != api_version):
            raise XlaRuntimeError(
                f"ALREADY_EXISTS: custom call target {name!r} is already registered "
                f"for platform {canonical!r} with a different implementation"
            )
        _targets[canonical][name] = target
        handler = _handlers.get(canonical)
    if handler is not None:
        handler(name, fn, canonical, api_version, target.traits)


def register_custom_call_handler(platform: str, handler: CustomCallHandler) -> None:
    """Installs the backend hook for ``platform`` and replays the targets
    registered for it so far."""
    canonical = canonical_platform(platform)
    with _lock:
        if canonical in _handlers and _handlers[canonical] is not handler:
            raise XlaRuntimeError(
                f"ALREADY_EXISTS: a custom call handler for platform {canonical!r} "
                "is already registered"
            )
        _handlers[canonical] = handler
        pending = list(_targets.get(canonical, {}).values())
    for t in pending:
        handler(t.name, t.fn, t.platform, t.api_version, t.traits)


def custom_call_targets(platform: str) -> dict[str, Any]:
    with _lock:
        return {
            name: t.fn for name, t in _targets.get(canonical_platform(platform), {}).items()
        }


CUSTOM_CALL_PROVIDERS_GROUP = "jaxlib.custom_call_providers"
_providers_loaded = False
_providers_lock = threading.RLock()


def _entry_points(group: str) -> list[Any]:
    from importlib.metadata import entry_points

    return list(entry_points(group=group))


def load_custom_call_providers() -> list[str]:
    """Loads every ``jaxlib.custom_call_providers`` entry point (once per
    process); returns the names of those loaded by this call. A provider that
    fails to load is reported with a warning, not raised: the lookup then says
    which target is missing."""
    global _providers_loaded
    loaded: list[str] = []
    with _providers_lock:  # re-entrant: a provider may look targets up while loading
        if _providers_loaded:
            return loaded
        _providers_loaded = True
        for entry_point in _entry_points(CUSTOM_CALL_PROVIDERS_GROUP):
            try:
                provider = entry_point.load()
                if callable(provider):
                    provider()
            except Exception as err:  # a broken extra must not break unrelated programs
                warnings.warn(f"custom call provider {entry_point.name!r} ({entry_point.value}) "
                              f"failed to load: {type(err).__name__}: {err}", stacklevel=2)
                continue
            loaded.append(entry_point.name)
    return loaded


def lookup_custom_call_target(name: str, platform: str = "cpu") -> CustomCallTarget | None:
    """The registered target, loading the custom-call providers on the first miss."""
    canonical = canonical_platform(platform)
    with _lock:
        target = _targets.get(canonical, {}).get(name)
    if target is not None:
        return target
    load_custom_call_providers()
    with _lock:
        return _targets.get(canonical, {}).get(name)


def register_custom_call_partitioner(
    name: str,
    prop_user_sharding: Callable,
    partition: Callable,
    infer_sharding_from_operands: Callable,
    can_side_effecting_have_replicated_sharding: bool = False,
    c_api: Any | None = None,
) -> None:
    for label, fn in (
        ("prop_user_sharding", prop_user_sharding),
        ("partition", partition),
        ("infer_sharding_from_operands", infer_sharding_from_operands),
    ):
        if not callable(fn):
            raise invalid_argument(f"custom call partitioner {name!r}: {label} must be callable")
    with _lock:
        _partitioners[name] = CustomCallPartitioner(
            name, prop_user_sharding, partition, infer_sharding_from_operands,
            bool(can_side_effecting_have_replicated_sharding), c_api,
        )


def register_module_targets(module: Any) -> None:
    """Registers a provider module's ``registrations()`` (``{platform:
    [(name, fn, api_version), ...]}``, the shape jax reads too) and its
    ``batch_partitionable_targets()``, when it has them."""
    for platform, targets in module.registrations().items():
        for name, fn, api_version in targets:
            register_custom_call_target(name, fn, platform=platform, api_version=api_version)
    for name in getattr(module, "batch_partitionable_targets", list)():
        register_custom_call_as_batch_partitionable(name)


def custom_call_partitioner(name: str) -> CustomCallPartitioner | None:
    with _lock:
        return _partitioners.get(name)


def register_custom_call_as_batch_partitionable(
    target_name: str, c_api: Any | None = None
) -> None:
    with _lock:
        _batch_partitionable.add(target_name)


def is_batch_partitionable(target_name: str) -> bool:
    with _lock:
        return target_name in _batch_partitionable


# -- contracts --------------------------------------------------------------------------


@dataclass(frozen=True)
class CustomCallBuffer:
    """One operand or result of a custom call, as its contract sees it.

    ``kind`` is "tensor", "token" or "tuple" (with its ``elements``);
    ``element_type`` is the MLIR spelling ("f32", "i32", "complex<f64>"; "" for
    tokens and tuples); ``layout`` is the op's minor-to-major
    ``operand_layouts``/``result_layouts`` entry, or None when the op gives none."""

    kind: str
    shape: tuple[int, ...] = ()
    element_type: str = ""
    layout: tuple[int, ...] | None = None
    elements: tuple[CustomCallBuffer, ...] = ()

    @property
    def rank(self) -> int:
        return len(self.shape)

    def leaves(self) -> list[CustomCallBuffer]:
        if self.kind != "tuple":
            return [self]
        return [leaf for e in self.elements for leaf in e.leaves()]

    def __str__(self) -> str:
        if self.kind == "tuple":
            return f"tuple<{', '.join(map(str, self.elements))}>"
        if self.kind != "tensor":
            return self.kind
        return f"{self.element_type}[{','.join(map(str, self.shape))}]"


@dataclass(frozen=True)
class CustomCallSignature:
    """What a contract checks: the op's static operand and result types,
    its decoded backend config (integers and floats as numpy scalars of their
    declared types, e.g. ``numpy.uint8`` for a ``ui8``) and its
    ``mhlo.frontend_attributes``. ``api_version`` is the op's effective one
    (4 for a typed FFI call)."""

    target: str
    operands: tuple[CustomCallBuffer, ...]
    results: tuple[CustomCallBuffer, ...]
    attributes: Mapping[str, Any] = field(default_factory=dict)
    frontend_attributes: Mapping[str, str] = field(default_factory=dict)
    api_version: int = 4


CustomCallContract = Callable[[CustomCallSignature], None]

_contracts: dict[str, dict[str, CustomCallContract]] = {}


@dataclass(frozen=True)
class NativeCustomCall:
    """A target's C implementation, run as a native step (no Python handler):
    ``capsule`` holds a function with the ABI of core's ``native_custom_call``
    kernel (csrc/cpu/kernels/custom_call.cc); ``encode(op, attributes)`` gives
    the payload bytes it reads for one call (decoded ``attributes``), or None
    when that call is left to the Python handler; ``handler`` is the Python
    target it stands for, and it is used only while that handler is the one
    registered under the name."""

    name: str
    capsule: Any
    encode: Callable[[Any, Mapping[str, Any]], bytes | None]
    handler: Any


_native: dict[str, dict[str, NativeCustomCall]] = {}


def register_native_custom_call(name: str, capsule: Any,
                                encode: Callable[[Any, Mapping[str, Any]], bytes | None],
                                handler: Any, platform: str = "cpu") -> None:
    """Gives target ``name`` (whose Python handler is ``handler``) a native
    implementation; a second registration replaces the first."""
    if type(capsule).__name__ != "PyCapsule" or not callable(encode):
        raise invalid_argument(f"native custom call {name!r} needs a PyCapsule and an encoder")
    with _lock:
        _native.setdefault(canonical_platform(platform), {})[name] = NativeCustomCall(
            name, capsule, encode, handler)


def native_custom_call(name: str, platform: str = "cpu") -> NativeCustomCall | None:
    """The native implementation of target ``name`` while its registered
    handler is the one it stands for (providers are loaded on a miss)."""
    target = lookup_custom_call_target(name, platform)
    with _lock:
        native = _native.get(canonical_platform(platform), {}).get(name)
    if native is None or target is None or target.fn is not native.handler:
        return None
    return native


def register_custom_call_contract(
    name: str, check: CustomCallContract, platform: str = "cpu"
) -> None:
    """Attaches ``check`` to target ``name``: every op calling it is checked
    when its kernel is built, before anything runs. A second registration
    replaces the first (a provider re-imported by a test)."""
    if not isinstance(name, str) or not name:
        raise invalid_argument(f"custom call target name must be a non-empty string, got {name!r}")
    if not callable(check):
        raise invalid_argument(f"custom call contract of {name!r} must be callable")
    with _lock:
        _contracts.setdefault(canonical_platform(platform), {})[name] = check


def custom_call_contract(name: str, platform: str = "cpu") -> CustomCallContract | None:
    with _lock:
        return _contracts.get(canonical_platform(platform), {}).get(name)
