"""``_jax.pjit``: the callable jax's ``jit`` returns, and its shared caches.

A call first looks for an executable compiled for arguments like these: the
key is the call's argument structure (static arguments, keyword names, pytree
structures), each flattened argument's abstract value and sharding, and the
configs jax includes in jit keys (x64, the trace state, ...). A hit runs the
executable directly and wraps its outputs as the first call's did; a miss
runs jax's ``cache_miss(*args, **kwargs)``, which traces, compiles and runs,
and returns the ``MeshExecutableFastpathData`` that the entry is built from.

Anything the fast path does not handle (tracers and other argument types,
layouts, effects: jax returns no fastpath data then) takes the slow path, so
results never differ between the two, only per-call overhead.
"""

from __future__ import annotations

import threading
import types
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from jaxlib import _native
from jaxlib._src.jax_api import config as _config
from jaxlib._src.jax_api import jax_jit
from jaxlib._src.jax_api.pytree import flatten_into
from jaxlib._src.runtime.array import ArrayImpl, array_result_handler, device_put_with_device
from jaxlib._src.runtime.executable import LoadedExecutable
from jaxlib._src.runtime.sharding import Sharding
from jaxlib._src.runtime.traceback import without_jaxlib_frames

# Python scalar types: their signature follows from the type (and x64, which
# is in the key), so the type alone keys them.
_SCALAR_TYPES = frozenset([bool, int, float, complex])


class _FunctionEntries:
    """The executables of one function (one (fun, global key) pair): call key
    -> _Entry, oldest first; ``alive`` turns False when the owning cache
    drops it, so functions holding it look it up again."""

    __slots__ = ("executables", "capacity", "alive", "last", "__weakref__")

    def __init__(self, capacity: int) -> None:
        self.executables: dict[tuple, _Entry] = {}
        # (key list, entry) of the last hit, replaced as one object (threads).
        self.last: tuple[list, _Entry] | None = None
        self.capacity = capacity
        self.alive = True

    def add(self, key: tuple, entry: _Entry) -> None:
        executables = self.executables
        if len(executables) >= self.capacity:
            self.last = None
            try:
                del executables[next(iter(executables))]
            except (StopIteration, KeyError, RuntimeError):
                pass  # emptied or changed by another thread: nothing to evict
        executables[key] = entry


class PjitFunctionCache:
    """Executables shared by the jitted functions of one (function, global
    cache key): ``jax.jit(f)`` made twice, or the per-call jit objects of
    ``jit_p``'s impl, reuse each other's executables. Holds up to
    ``capacity`` functions (oldest dropped first) without keeping them alive."""

    _instances: weakref.WeakSet[PjitFunctionCache] = weakref.WeakSet()
    _lock = threading.Lock()

    def __init__(self, capacity: int = 4096) -> None:
        self._capacity = int(capacity)
        self._functions: dict[tuple, _FunctionEntries] = {}
        self._refs: dict[tuple, weakref.ref] = {}
        self._mutex = threading.RLock()
        with PjitFunctionCache._lock:
            PjitFunctionCache._instances.add(self)

    def capacity(self) -> int:
        return self._capacity

    def size(self) -> int:
        return len(self._functions)

    def _entries_for(self, fun: Any, global_key: Any) -> _FunctionEntries:
        """The shared entries of (fun, global_key); private ones when they
        cannot be shared (fun not weakly referenceable, key not hashable)."""
        key = (id(fun), global_key)
        try:
            hash(key)
        except TypeError:
            return _FunctionEntries(self._capacity)
        # The key's __eq__ may run arbitrary code, even clear this cache: the
        # lookup reads whatever dict is current, and a stale result is harmless.
        entries = self._functions.get(key)
        if entries is not None and entries.alive:
            return entries
        entries = _FunctionEntries(self._capacity)
        cache_ref = weakref.ref(self)

        def drop(_: Any) -> None:
            # fun died: its id may be reused by another function.
            entries.alive = False
            cache = cache_ref()
            if cache is not None:
                with cache._mutex:
                    if cache._functions.get(key) is entries:
                        del cache._functions[key]
                        cache._refs.pop(key, None)

        try:
            fun_ref = weakref.ref(fun, drop)
        except TypeError:
            return entries  # not weakly referenceable: private to the caller
        with self._mutex:
            functions = self._functions
            if len(functions) >= self._capacity:
                oldest = next(iter(functions), None)
                if oldest is not None:
                    functions.pop(oldest).alive = False
                    self._refs.pop(oldest, None)
            functions[key] = entries
            self._refs[key] = fun_ref  # keeps the callback registered
        return entries

    def clear(self) -> None:
        with self._mutex:
            functions, self._functions = self._functions, {}
            self._refs = {}
        for entries in functions.values():
            entries.alive = False
            entries.last = None
            entries.executables.clear()

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


class _Entry:
    """What a cache hit needs, from the first call's fastpath data."""

    __slots__ = ("executable", "fast", "consts", "kept", "direct", "in_shardings",
                 "out_avals", "out_shardings", "out_committed", "out_treedef", "single",
                 "handlers", "outputs", "moves", "plain")

    def __init__(self, executable: LoadedExecutable, consts: list, kept: list[int],
                 direct: list[bool], in_shardings: list, out_avals: list,
                 out_shardings: list, out_committed: list[bool], out_treedef: Any,
                 single: bool) -> None:
        self.executable = executable
        self.fast = executable._fast is not None
        self.consts = consts
        self.kept = kept
        self.direct = direct
        self.in_shardings = in_shardings
        self.out_avals = out_avals
        self.out_shardings = out_shardings
        self.out_committed = out_committed
        self.out_treedef = out_treedef
        self.single = single
        self.handlers = [array_result_handler(a, s, c, True)
                         for a, s, c in zip(out_avals, out_shardings, out_committed)]
        self.outputs = list(zip(out_avals, out_shardings, out_committed))
        # Per kept argument: its index in the flat arguments, None when it is
        # passed as is or the sharding shard_arg_fallback puts it on, and
        # (dtype, device) where it is a host array put on the call's one device.
        self.moves = [(i, None if d else s, None)
                      for i, d, s in zip(kept, direct, in_shardings[len(consts):])]
        # Every argument passed as is, in order: the flat arguments are the inputs.
        self.plain = False  # set by _make_entry, which knows the argument count


def _make_entry(fastpath: Any, flat: list) -> _Entry | None:
    """The entry for ``fastpath`` (jax's MeshExecutableFastpathData), or None
    when the fast path cannot reproduce the slow path's call."""
    executable = fastpath.xla_executable
    if not isinstance(executable, LoadedExecutable):
        return None
    if any(layout is not None for layout in fastpath.in_device_local_layouts):
        return None
    const_args = list(fastpath.const_args)
    bitvec = list(fastpath.kept_var_bitvec)
    n_consts = len(const_args)
    if len(bitvec) != n_consts + len(flat):
        return None
    in_shardings = list(fastpath.in_shardings)
    consts = [c for c, kept in zip(const_args, bitvec) if kept]
    kept = [i for i in range(len(flat)) if bitvec[n_consts + i]]
    if len(consts) + len(kept) != len(in_shardings):
        return None
    for c, s in zip(consts, in_shardings):
        if type(c) is not ArrayImpl or not _same_sharding(c._sharding, s):
            return None
    # An argument already sharded as the executable wants is passed as is;
    # others go through jax's shard_arg fallback (the slow path's shard_args).
    direct = []
    for i, s in zip(kept, in_shardings[len(consts):]):
        x = flat[i]
        direct.append(type(x) is ArrayImpl and _same_sharding(x._sharding, s))
    out_shardings = list(fastpath.out_shardings)
    if not all(isinstance(s, Sharding) for s in out_shardings):
        return None  # e.g. unspecified: the slow path's handlers know better
    out_treedef = fastpath.out_pytree_def
    out_avals = list(fastpath.out_avals)
    single = out_treedef.num_leaves == 1 and out_treedef.num_nodes == 1
    entry = _Entry(executable, consts, kept, direct, in_shardings, out_avals,
                   out_shardings, [bool(c) for c in fastpath.out_committed],
                   out_treedef, single)
    entry.plain = not consts and all(direct) and kept == list(range(len(flat)))
    params = executable._param_specs
    entry.moves = [(i, s, _host_put(flat[i], s, params[len(consts) + k][1]))
                   for k, (i, s, _) in enumerate(entry.moves)]
    return entry


def _host_put(x: Any, sharding: Any, dtype: np.dtype) -> tuple[np.dtype, Any] | None:
    """(dtype, device) when a numpy array like ``x`` goes to a sharding of one
    device in the device's default memory: jit's dispatch puts it there itself
    (as XLA's does), as ``dtype``, the executable's parameter type: ``x``'s
    type or the 32-bit type jax canonicalizes a 64-bit one to. None: jax's
    shard_arg fallback puts it."""
    if type(x) is not np.ndarray or sharding is None or not isinstance(dtype, np.dtype):
        return None
    devices = getattr(sharding, "_internal_device_list", ())
    if len(devices) != 1:
        return None
    device = devices[0]
    if sharding.memory_kind not in (None, device.default_memory().kind):
        return None
    have = x.dtype
    if have != dtype and not (have.kind == dtype.kind and have.itemsize == 2 * dtype.itemsize
                              and have.itemsize == 8 * (2 if have.kind == "c" else 1)):
        return None
    return dtype, device


def _same_sharding(a: Any, b: Any) -> bool:
    if a is b:
        return True
    try:
        return bool(a == b)
    except Exception:
        return False


# -- the jit key's configs -------------------------------------------------------------

# The configs jax includes in jit keys that trace_context() (cached per thread)
# lacks; recomputed when configs are added.
_extra_key_configs: list = []
_extra_key_count = -1


def _extra_configs() -> list:
    global _extra_key_configs, _extra_key_count
    if _extra_key_count != len(_jit_key_configs):
        _extra_key_count = len(_jit_key_configs)
        _extra_key_configs = [c for c in _jit_key_configs
                              if not c._cfg_in_trace_context]
    return _extra_key_configs


_jit_key_configs = _config._jit_key_configs  # appended to in place as configs are made
_trace_context = _config.trace_context
_local = _config._local
_unset = _config.unset


class PjitFunction(_native.CallsWithoutOwnFrames):
    """A jitted function: callable, a descriptor (so it can be a method), with
    a writable ``__dict__`` (jax applies ``functools.wraps`` to it). Its own
    state lives in slots, not in ``__dict__``: ``functools.wraps(jitted)``
    (e.g. ``jax.vmap(jnp.dot)``) copies ``__dict__`` into the wrapper, which
    must not inherit this function's ``_fun`` and ``_cache_miss``.

    A call runs ``_call`` from the native base, and an error's traceback
    leaves out jaxlib's frames: the reference dispatches in C++, so a user's
    traceback goes from their call straight into jax."""

    __slots__ = ("_function_name", "_fun", "_cache_miss", "_static_argnums",
                 "_static_argnames", "_global_cache_key", "_pytree_registry",
                 "_shard_arg_fallback", "_cache", "_entries", "__dict__", "__weakref__")

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
        self._entries: _FunctionEntries | None = None  # looked up at the first call

    def _key(self, args: tuple, kwargs: dict) -> tuple[list | None, list]:
        """(the call's cache key as a list, or None when it cannot be
        cached; the flattened dynamic arguments)."""
        registry = self._pytree_registry
        flat: list = []
        if not kwargs and not self._static_argnums:
            key: list = [flatten_into(registry, arg, flat) for arg in args]
            key.append(len(args))  # ends the structures (every other item is a leaf key)
        else:
            signature, flat = jax_jit.parse_arguments(
                args, list(kwargs.values()), tuple(kwargs), self._static_argnums,
                self._static_argnames, registry)
            key = [signature]
        append = key.append
        append(_trace_context())
        extras = _extra_key_configs
        if _extra_key_count != len(_jit_key_configs):
            extras = _extra_configs()
        if extras:
            values = _local.values
            for c in extras:
                v = values.get(c._cfg_key, _unset)
                append(c._cfg_global if v is _unset else v)
        for x in flat:
            t = type(x)
            if t is ArrayImpl:
                append(x.aval)
                append(x._sharding)
                append(x._committed)
                buffers = x._buffers  # a layout of its own is another executable's input
                append(buffers[0]._layout if buffers else None)
            elif t in _SCALAR_TYPES:
                if t is int and not -0x80000000 <= x <= 0x7FFFFFFF:
                    return None, flat  # may overflow: jax's slow path says where
                append(t)
            elif t is np.ndarray:
                append(t)
                append(x.dtype)
                append(x.shape)
            elif isinstance(x, np.generic):
                append(t)
            elif isinstance(x, np.ndarray):  # jax's TypedNdArray literals: weakly typed or not
                append(t)
                append(getattr(x, "aval", None) or (x.dtype, x.shape))
            elif isinstance(x, (int, float, complex)) and hasattr(x, "dtype"):
                append(t)  # jax's TypedInt/TypedFloat/TypedComplex literals
                append(x.dtype)
            else:
                return None, flat  # tracers and other values: the slow path
        return key, flat

    _hide_frames = staticmethod(without_jaxlib_frames)

    def _call(self, *args: Any, **kwargs: Any) -> Any:
        fun = self._fun
        if fun is not None:
            state = jax_jit._disable_jit_state
            if state is not None:
                disabled = _local.values.get(state._cfg_key, _unset)
                if disabled is _unset:
                    disabled = state._cfg_global
                if disabled:
                    return fun(*args, **kwargs)
        entries = self._entries
        if entries is None or not entries.alive:
            entries = self._entries = self._cache._entries_for(fun, self._global_cache_key)
        try:
            key, flat = self._key(args, kwargs)
        except Exception:  # bad static arguments and the like: jax's slow path reports them
            return self._cache_miss(*args, **kwargs)[0]
        if key is None:
            return self._cache_miss(*args, **kwargs)[0]
        # The last hit first: comparing keys of the same objects is identity
        # checks, where a dict lookup would hash every item of the key.
        last = entries.last
        if last is not None and last[0] == key:
            entry = last[1]
        else:
            tkey = tuple(key)
            entry = entries.executables.get(tkey)
            if entry is None:
                outs, fastpath, need_rebuild = self._cache_miss(*args, **kwargs)
                if fastpath is not None and not need_rebuild:
                    new = _make_entry(fastpath, flat)
                    if new is not None:
                        entries.add(tkey, new)
                return outs
            entries.last = (key, entry)
        # The hit: the executable's inputs.
        if entry.plain:
            inputs = flat
        else:
            inputs = list(entry.consts)
            fallback = self._shard_arg_fallback
            for i, s, put in entry.moves:
                x = flat[i]
                if put is not None:
                    inputs.append(device_put_with_device(x, put[0], put[1], s))
                else:
                    inputs.append(x if s is None else fallback(x, s, None))
        executable = entry.executable
        buffers = executable._execute_fast_buffers(inputs) if entry.fast else None
        if buffers is not None:
            new_array = ArrayImpl.__new__
            outs = []
            for (aval, sharding, committed), b in zip(entry.outputs, buffers):
                # ArrayImpl._of_buffer, inlined: this is the hot path.
                array = new_array(ArrayImpl)
                array.aval = aval
                array._sharding = sharding
                array._committed = committed
                array._buffers = [b]
                array._npy_value = None
                array.traceback = b.traceback
                outs.append(array)
        else:
            outs = executable.execute_sharded(inputs).consume_with_handlers(entry.handlers)
        out = outs[0] if entry.single else entry.out_treedef.unflatten(outs)
        hook = jax_jit._post_hook_state
        if hook is not None:
            hook = hook.value
            if hook is not None:
                hook(self, args, kwargs, out)
        return out

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        if obj is None:
            return self
        return types.MethodType(self, obj)

    def _cache_size(self) -> int:
        entries = self._entries
        if entries is None or not entries.alive:
            return 0
        return len(entries.executables)

    def _clear_cache(self) -> None:
        entries = self._entries
        if entries is not None:
            entries.last = None
            entries.executables.clear()

    def __repr__(self) -> str:
        try:
            return f"<PjitFunction of {self.__wrapped__!r}>"
        except Exception:  # a malformed object, or a function whose repr fails
            return "<PjitFunction>"

    # Pickling: the function and its jit parameters (jax pickles jitted
    # functions, e.g. with cloudpickle); caches are not pickled.
    _PICKLE_VERSION = 1

    def __getstate__(self) -> dict:
        return {"version": self._PICKLE_VERSION, "function_name": self._function_name,
                "fun": self._fun, "cache_miss": self._cache_miss,
                "static_argnums": self._static_argnums,
                "static_argnames": self._static_argnames,
                "global_cache_key": self._global_cache_key,
                "pytree_registry": self._pytree_registry,
                "shard_arg_fallback": self._shard_arg_fallback, "cache": self._cache,
                **({"__dict__": dict(self.__dict__)} if self.__dict__ else {})}

    def __setstate__(self, state: dict) -> None:
        if state.get("version") != self._PICKLE_VERSION:
            raise ValueError(f"PjitFunction pickle version {state.get('version')!r} is not "
                             f"{self._PICKLE_VERSION}")
        self.__init__(state["function_name"], state["fun"], state["cache_miss"],
                      state["static_argnums"], state["static_argnames"],
                      state["global_cache_key"], state["pytree_registry"],
                      state["shard_arg_fallback"], state["cache"])
        self.__dict__.update(state.get("__dict__", {}))


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
