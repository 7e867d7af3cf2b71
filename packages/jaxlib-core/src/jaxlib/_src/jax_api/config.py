"""Configuration values with a global value and per-thread overrides.

jax subclasses ``Config`` (``jax._src.config.State``) for every option and reads
``.value`` many times per call, so reading is one property over a thread-local
dict. ``trace_context()`` (the tuple of options that key tracing caches) is
cached per thread and rebuilt only after an option it contains changes.
"""

from __future__ import annotations

import threading
from typing import Any, Generic, TypeVar

__all__ = ["Config", "trace_context", "trace_context_names", "unset"]

_T = TypeVar("_T")

# Returned by get_local()/swap_local() when no thread-local value is set; passing
# it to set_local() clears the thread-local value.
unset: object = object()


class _ThreadState(threading.local):
    """Per-thread: the local values (config key -> value) and the cached trace
    context. Class attributes are the defaults every new thread starts from."""

    values: dict[int, Any] = {}  # replaced by a thread's own dict on first write
    trace_context: tuple | None = None
    trace_generation: int = -1


_local = _ThreadState()
_EMPTY: dict[int, Any] = _ThreadState.values

_names: list[str] = []
_jit_key_configs: list[Config] = []
_trace_configs: list[Config] = []
# Bumped whenever the global value of a trace-context config changes (or one is
# created): every thread's cached trace context is then stale.
_generation = 0
_lock = threading.Lock()


class Config(Generic[_T]):
    """One option: a global value, overridable per thread."""

    __slots__ = ("_cfg_key", "_cfg_global", "_cfg_in_trace_context")

    def __init__(self, name: str, value: _T, *, include_in_jit_key: bool = False,
                 include_in_trace_context: bool = False) -> None:
        global _generation
        if not isinstance(name, str):
            raise TypeError(f"Config name must be a str, got {type(name).__name__}")
        with _lock:
            self._cfg_key = len(_names)
            _names.append(name)
        self._cfg_global = value
        self._cfg_in_trace_context = bool(include_in_trace_context)
        if include_in_jit_key:
            _jit_key_configs.append(self)
        if include_in_trace_context:
            _trace_configs.append(self)
            _generation += 1

    @property
    def value(self) -> _T:
        v = _local.values.get(self._cfg_key, unset)
        return self._cfg_global if v is unset else v

    @property
    def name(self) -> str:
        return _names[self._cfg_key]

    def get_local(self) -> Any:
        return _local.values.get(self._cfg_key, unset)

    def get_global(self) -> _T:
        return self._cfg_global

    def set_local(self, value: Any | None) -> None:
        values = _local.values
        if value is unset:
            values.pop(self._cfg_key, None)
        else:
            if values is _EMPTY:
                values = _local.values = {}
            values[self._cfg_key] = value
        if self._cfg_in_trace_context:
            _local.trace_context = None

    def swap_local(self, value: Any | None) -> Any:
        old = _local.values.get(self._cfg_key, unset)
        self.set_local(value)
        return old

    def set_global(self, value: Any | None) -> None:
        global _generation
        self._cfg_global = value
        if self._cfg_in_trace_context:
            _generation += 1


def trace_context() -> tuple:
    """The current values of the configs created with include_in_trace_context."""
    state = _local
    ctx = state.trace_context
    if ctx is not None and state.trace_generation == _generation:
        return ctx
    generation = _generation
    values = state.values
    ctx = tuple([values.get(c._cfg_key, c._cfg_global) for c in _trace_configs])
    state.trace_context = ctx
    state.trace_generation = generation
    return ctx


def trace_context_names() -> tuple:
    return tuple([_names[c._cfg_key] for c in _trace_configs])


def jit_key_values() -> list:
    """The current values of the configs created with include_in_jit_key (for jit's
    C++-style cache keys)."""
    return [c.value for c in _jit_key_configs]


def jit_key_names() -> list[str]:
    return [_names[c._cfg_key] for c in _jit_key_configs]
