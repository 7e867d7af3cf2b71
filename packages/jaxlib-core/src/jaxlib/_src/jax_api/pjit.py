"""``_jax.pjit``: the callable jax's ``jit`` returns, and its shared caches.

This is the slow path: every call runs jax's ``cache_miss(*args, **kwargs)``
and returns its outputs. jax keeps that cheap (``_infer_params_cached``
memoises tracing and lowering), so nothing is retraced; what is lost against
a compiled-in fast path is only per-call overhead. The fastpath data that
``cache_miss`` returns is ignored.
"""

from __future__ import annotations

import threading
import types
import weakref
from collections.abc import Callable, Sequence
from typing import Any

from jaxlib._src.jax_api import jax_jit


class PjitFunctionCache:
    """A shared cache of jitted functions' executables. The slow path keeps
    no entries, so this only tracks its capacity and the caches alive (for
    ``clear_all``)."""

    _instances: weakref.WeakSet[PjitFunctionCache] = weakref.WeakSet()
    _lock = threading.Lock()

    def __init__(self, capacity: int = 4096) -> None:
        self._capacity = int(capacity)
        self._functions: weakref.WeakSet[PjitFunction] = weakref.WeakSet()
        with PjitFunctionCache._lock:
            PjitFunctionCache._instances.add(self)

    def capacity(self) -> int:
        return self._capacity

    def size(self) -> int:
        return 0

    def clear(self) -> None:
        for fn in list(self._functions):
            fn._clear_cache()

    @staticmethod
    def clear_all() -> None:
        with PjitFunctionCache._lock:
            caches = list(PjitFunctionCache._instances)
        for cache in caches:
            cache.clear()

    def __getstate__(self) -> dict:
        return {"capacity": self._capacity}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["capacity"])


_default_cache = PjitFunctionCache()


def _jit_disabled() -> bool:
    # Unset until jax registers its config (e.g. jaxlib used without jax).
    state = jax_jit._disable_jit_state
    return state is not None and bool(state.value)


class PjitFunction:
    """A jitted function: callable, a descriptor (so it can be a method), with
    a writable ``__dict__`` (jax applies ``functools.wraps`` to it). Its own
    state lives in slots, not in ``__dict__``: ``functools.wraps(jitted)``
    (e.g. ``jax.vmap(jnp.dot)``) copies ``__dict__`` into the wrapper, which
    must not inherit this function's ``_fun`` and ``_cache_miss``."""

    __slots__ = ("_function_name", "_fun", "_cache_miss", "_static_argnums",
                 "_static_argnames", "_global_cache_key", "_pytree_registry",
                 "_shard_arg_fallback", "_cache", "__dict__", "__weakref__")

    def __init__(
        self,
        function_name: str,
        fun: Callable[..., Any] | None,
        cache_miss: Callable[..., Any],
        static_argnums: Sequence[int],
        static_argnames: Sequence[str],
        global_cache_key: Any,
        pytree_registry: Any,
        shard_arg_fallback: Callable[..., Any],
        cache: PjitFunctionCache | None = None,
    ) -> None:
        self._function_name = function_name
        self._fun = fun
        self._cache_miss = cache_miss
        self._static_argnums = tuple(static_argnums)
        self._static_argnames = tuple(static_argnames)
        self._global_cache_key = global_cache_key
        self._pytree_registry = pytree_registry
        self._shard_arg_fallback = shard_arg_fallback
        self._cache = cache if cache is not None else _default_cache
        self._cache._functions.add(self)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._fun is not None and _jit_disabled():
            return self._fun(*args, **kwargs)
        return self._cache_miss(*args, **kwargs)[0]

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        if obj is None:
            return self
        return types.MethodType(self, obj)

    def _cache_size(self) -> int:
        return 0

    def _clear_cache(self) -> None:
        pass  # the slow path caches nothing

    def __repr__(self) -> str:
        return f"<PjitFunction of {self._fun!r}>"


def pjit(
    function_name: str,
    fun: Callable[..., Any] | None,
    cache_miss: Callable[..., Any],
    static_argnums: Sequence[int],
    static_argnames: Sequence[str],
    global_cache_key: Any,
    pytree_registry: Any,
    shard_arg_fallback: Callable[..., Any],
    cache: PjitFunctionCache | None = None,
) -> PjitFunction:
    return PjitFunction(function_name, fun, cache_miss, static_argnums, static_argnames,
                        global_cache_key, pytree_registry, shard_arg_fallback, cache)
