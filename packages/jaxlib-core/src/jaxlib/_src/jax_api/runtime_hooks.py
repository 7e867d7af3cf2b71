"""The small ``_jax`` functions jax calls at import to hand its own types and
settings to jaxlib, plus build information.

The reference keeps these for its C++ fast paths (argument canonicalisation,
tracer checks). This jaxlib's paths are Python and call back into jax, so
most hooks only record what they are given; the records are read here
(``is_tracer``, ``canonicalize_value``) and by the runtime.
"""

from __future__ import annotations

import enum
import sys
import threading
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from jaxlib._src.runtime import array as _array
from jaxlib._src.runtime import sharding as _sharding
from jaxlib._src.runtime import traceback


class _Hooks:
    tracer_class: type | None = None
    typed_ndarray_type: type | None = None
    typed_int_type: type | None = None
    typed_float_type: type | None = None
    typed_complex_type: type | None = None
    valid_dtypes: frozenset = frozenset()
    invalid_input_exception: type[Exception] = TypeError
    exclude_paths: list[str] = []


hooks = _Hooks()


def set_tracer_class(cls: type) -> None:
    """jax's Tracer: ``isinstance(tracer, jax.Array)`` is true from now on."""
    hooks.tracer_class = cls
    _array._ArrayMeta.tracer_class = cls


def is_tracer(x: Any) -> bool:
    cls = hooks.tracer_class
    return cls is not None and isinstance(x, cls)


def set_typed_ndarray_type(cls: type) -> None:
    hooks.typed_ndarray_type = cls


def set_typed_int_type(cls: type) -> None:
    hooks.typed_int_type = cls


def set_typed_float_type(cls: type) -> None:
    hooks.typed_float_type = cls


def set_typed_complex_type(cls: type) -> None:
    hooks.typed_complex_type = cls


def set_valid_dtypes(dtypes: Iterable[Any]) -> None:
    hooks.valid_dtypes = frozenset(np.dtype(d) for d in dtypes)


def set_invalid_input_exception(exc: type[Exception]) -> None:
    hooks.invalid_input_exception = exc


_canonicalize_handlers: dict[type, Callable[[Any], Any]] = {}


def register_canonicalize_value_handler(type_: type, handler: Callable[[Any], Any] | None) -> None:
    _canonicalize_handlers[type_] = handler if handler is not None else (lambda x: x)


def canonicalize_value(x: Any) -> Any:
    """Canonicalises ``x`` with the handler registered for its type (or the
    nearest base class)."""
    for typ in type(x).__mro__:
        handler = _canonicalize_handlers.get(typ)
        if handler is not None:
            return handler(x)
    raise hooks.invalid_input_exception(
        f"Argument '{x}' of type {type(x)} is not a valid JAX type.")


def add_exclude_path(path: str) -> None:
    """Frames under ``path`` are jax internals (hidden from runtime tracebacks).

    jax registers its own files here and in its traceback filter's list at
    once. The reference's dispatch and caches are C++, whose frames Python
    tracebacks never show; ours are Python, so the first registration also
    puts jaxlib's folders on that list: jax's filtered tracebacks then end
    in the user's code, as with the reference."""
    hooks.exclude_paths.append(str(path))
    filter_paths = getattr(sys.modules.get("jax._src.traceback_util"), "_exclude_paths", None)
    if isinstance(filter_paths, list):
        for directory in traceback.JAXLIB_DIRECTORIES:
            if directory not in filter_paths:
                filter_paths.append(directory)


# -- partition specs ---------------------------------------------------------


def set_pspec_unconstrained(sentinel: Any) -> None:
    """jax's ``PartitionSpec.UNCONSTRAINED``: shardings treat it like ours."""
    _sharding.register_unconstrained(sentinel)


def canonicalize_partition(partition: Any) -> Any:
    """One entry of a PartitionSpec: ``()`` is None, a 1-tuple its element,
    lists become tuples; a tuple may not hold another tuple."""
    if isinstance(partition, (tuple, list)):
        if any(isinstance(p, (tuple, list)) for p in partition):
            raise ValueError("A tuple inside PartitionSpec cannot contain a nested tuple. "
                             f"Got partition: {tuple(partition)}")
        if len(partition) == 0:
            return None
        if len(partition) == 1:
            return partition[0]
        return tuple(partition)
    return partition


def canonicalize_partitions(partitions: Iterable[Any]) -> tuple:
    return tuple(canonicalize_partition(p) for p in partitions)


# -- runtime tracebacks --------------------------------------------------------


class RuntimeTracebackMode(enum.IntEnum):
    OFF = 0
    ON = 1
    FULL = 2


_traceback_mode_global = RuntimeTracebackMode.OFF
_traceback_mode_local = threading.local()


def set_send_traceback_to_runtime_global(mode: RuntimeTracebackMode) -> None:
    global _traceback_mode_global
    _traceback_mode_global = RuntimeTracebackMode(mode)


def set_send_traceback_to_runtime_thread_local(mode: RuntimeTracebackMode | None) -> None:
    _traceback_mode_local.mode = None if mode is None else RuntimeTracebackMode(mode)


def send_traceback_to_runtime() -> RuntimeTracebackMode:
    local = getattr(_traceback_mode_local, "mode", None)
    return _traceback_mode_global if local is None else local


class TracebackScope:
    """Bounds the tracebacks captured inside it: they end below the frame
    that entered the scope (jax enters one where it starts tracing a jaxpr,
    so an equation's traceback is rooted there, not at every caller)."""

    __slots__ = ("_saved", "_entered")

    def __init__(self) -> None:
        self._saved: Any = None
        self._entered = False

    def __enter__(self) -> TracebackScope:
        if self._entered:
            raise ValueError("Cannot enter TracebackScope recursively.")
        self._saved = traceback.get_stop_frame()
        self._entered = True
        traceback.set_stop_frame(sys._getframe(1))
        return self

    def __exit__(self, *exc: Any) -> None:
        traceback.set_stop_frame(self._saved)
        self._saved = None
        self._entered = False


# -- garbage collection and build information -----------------------------------


def collect_garbage() -> None:
    """Runs on every Python gc (jax's gc callback); buffers are freed by
    reference counting, so there is nothing to collect."""


def is_optimized_build() -> bool:
    return True


def is_asan() -> bool:
    return False


def is_msan() -> bool:
    return False


def is_tsan() -> bool:
    return False


def is_sanitized() -> bool:
    return False


def get_internal_device_put_info() -> dict[str, int]:
    """How many values went to devices by each internal path so far."""
    return dict(_array.DEVICE_PUT_COUNTS)
