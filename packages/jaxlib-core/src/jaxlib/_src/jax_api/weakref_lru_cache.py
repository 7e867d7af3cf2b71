"""Caches keyed partly by weak references: jax's tracing caches and interners.

``weakref_lru_cache(context_fn, fn, maxsize)`` caches ``fn(obj, *args, **kwargs)``
holding ``obj`` (the first ``num_weakrefs`` arguments) weakly: when it dies,
every entry made for it goes. The strong part of the key is
``(context_fn(), args, kwargs)``; entries are evicted least-recently-used first
once there are more than ``maxsize`` of them.

Structure: a dict of *buckets* keyed by the weak part (a plain ``weakref.ref``
of the object, which Python shares between callers, so a repeated lookup
matches by identity), each bucket a dict from the strong key to an entry; an
``OrderedDict`` of all entries gives the LRU order. A hit is two dict lookups
and a ``move_to_end``, without a lock; misses, evictions and the weakref
callbacks run under a re-entrant lock (a key's ``__eq__`` may call back into
the cache).

``gc.get_referents`` of the C++ caches lists everything they hold (weakrefs,
arguments, results), and jax's tests check it. These classes subclass ``dict``
and keep, as the dict's items, one reference per held object (counted, keyed by
``id``), which is what the garbage collector reports.
"""

from __future__ import annotations

import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

__all__ = [
    "MultiWeakrefLRUCache",
    "WeakKeyWeakValueCache",
    "WeakValueInterner",
    "WeakrefLRUCache",
    "multi_weakref_lru_cache",
    "weak_key_weak_value_cache",
    "weak_value_interner",
    "weakref_lru_cache",
]

_ref = weakref.ref
_PENDING, _DONE, _FAILED = 0, 1, 2


class WeakrefLRUCacheInfo:
    __slots__ = ("hits", "misses", "maxsize", "currsize")

    def __init__(self, hits: int, misses: int, maxsize: int, currsize: int):
        self.hits = hits
        self.misses = misses
        self.maxsize = maxsize
        self.currsize = currsize

    def __repr__(self) -> str:
        return (f"WeakrefLRUCache(hits={self.hits}, misses={self.misses}, "
                f"maxsize={self.maxsize}, currsize={self.currsize})")


class _Entry:
    __slots__ = ("bucket", "key", "value", "state", "thread", "event", "held", "live")

    def __init__(self, bucket: _Bucket, key: tuple, held: list):
        self.bucket = bucket
        self.key = key
        self.value = None
        self.state = _PENDING
        self.thread = threading.get_ident()
        self.event = threading.Event()
        self.held = held  # what this entry holds, for the GC view (see module doc)
        self.live = True


class _Bucket:
    """The entries of one weak key; ``refs`` carry the death callbacks."""

    __slots__ = ("weak_key", "entries", "refs")

    def __init__(self, weak_key, refs: tuple):
        self.weak_key = weak_key
        self.entries: dict[tuple, _Entry] = {}
        self.refs = refs


class _KeyRef(weakref.ref):
    """A weakref whose callback knows which bucket it belongs to."""

    __slots__ = ("weak_key",)


def _hold(referents: dict, counts: dict, objs) -> None:
    """Records objs in the GC view: dict id -> object, counted."""
    for o in objs:
        k = id(o)
        c = counts.get(k)
        if c is None:
            counts[k] = 1
            referents[k] = o
        else:
            counts[k] = c + 1


def _release(referents: dict, counts: dict, objs) -> None:
    for o in objs:
        k = id(o)
        c = counts.get(k)
        if c == 1:
            del counts[k]
            del referents[k]
        elif c:
            counts[k] = c - 1


def _make_eviction_callback(cache_ref: weakref.ref) -> Callable:
    # Holds the cache weakly: a bucket's refs must not keep the cache alive.
    def on_dead(key_ref: _KeyRef) -> None:
        cache = cache_ref()
        if cache is not None:
            cache._drop_bucket(key_ref.weak_key)

    return on_dead


class _CacheBase(dict):
    """The machinery shared by WeakrefLRUCache and MultiWeakrefLRUCache."""

    __slots__ = ("_context_fn", "_fn", "_maxsize", "_explain", "_buckets", "_lru",
                 "_hits", "_misses", "_callback", "_counts", "_lock", "__weakref__")

    def __init__(self, context_fn: Callable, fn: Callable, maxsize: int | None,
                 explain: Callable | None):
        super().__init__()
        if not callable(context_fn) or not callable(fn):
            raise TypeError("cache_context_fn and fn must be callable")
        self._context_fn = context_fn
        self._fn = fn
        self._maxsize = -1 if maxsize is None else int(maxsize)
        self._explain = explain
        self._buckets: dict[Any, _Bucket] = {}
        self._lru: OrderedDict[_Entry, None] = OrderedDict()
        self._hits = 0
        self._misses = 0
        self._counts: dict[int, int] = {}
        self._lock = threading.RLock()
        self._callback = _make_eviction_callback(weakref.ref(self))
        _hold(self, self._counts, (context_fn, fn) if explain is None
              else (context_fn, fn, explain))

    # A cache is an identity object (jax keeps its caches in a WeakKeyDictionary).
    __hash__ = object.__hash__

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._fn!r} at {id(self):#x}>"

    def __reduce__(self):
        raise TypeError(f"cannot pickle {type(self).__name__} objects")

    # -- lookup ----------------------------------------------------------------------

    def _lookup(self, weak_key, key: tuple, args: tuple, kwargs: dict):
        bucket = self._buckets.get(weak_key)
        if bucket is not None:
            entry = bucket.entries.get(key)
            if entry is not None and entry.state == _DONE:
                self._hits += 1
                try:
                    self._lru.move_to_end(entry)
                except KeyError:  # evicted by another thread meanwhile
                    pass
                return entry.value
        return self._miss(weak_key, key, args, kwargs)

    def _held_by(self, weak_key, key: tuple) -> tuple:
        """The objects an entry holds (its GC view): weakrefs, context, arguments."""
        refs = (weak_key,) if type(weak_key) is weakref.ref else weak_key
        held = (*refs, key[0], *key[1])
        if len(key) > 2:
            for name, value in key[2]:
                held += (name, value)
        return held

    def _miss(self, weak_key, key: tuple, args: tuple, kwargs: dict):
        explainer = miss_keys = evicted = None
        with self._lock:
            bucket = self._buckets.get(weak_key)
            if bucket is None:
                bucket = self._new_bucket(weak_key)
            entry = bucket.entries.get(key)
            inserted = entry is None
            if inserted:
                held = self._held_by(weak_key, key)
                entry = _Entry(bucket, key, list(held))
                bucket.entries[key] = entry
                self._misses += 1
                self._lru[entry] = None
                _hold(self, self._counts, held)
                if 0 < self._maxsize < len(self._lru):
                    evicted = self._evict_lru()
                if self._explain is not None:
                    explainer = self._explain()
                    miss_keys = self.cache_keys() if explainer is not None else None
            else:
                self._hits += 1
                try:
                    self._lru.move_to_end(entry)
                except KeyError:
                    pass
        # The evicted entry's result is freed here, outside the lock: its
        # destructor may run arbitrary code.
        del evicted
        if inserted:
            return self._compute(entry, explainer, miss_keys, args, kwargs)
        if entry.state == _PENDING:
            if entry.thread == threading.get_ident():
                raise RecursionError(f"Recursively calling {_weak_key_repr(weak_key)}")
            entry.event.wait()
        if entry.state == _DONE:
            return entry.value
        # The computation failed: run the function again, uncached.
        return self._fn(*args, **kwargs)

    def _compute(self, entry: _Entry, explainer, miss_keys, args: tuple, kwargs: dict):
        try:
            if explainer is not None:
                explainer(miss_keys, *args, **kwargs)
            value = self._fn(*args, **kwargs)
        except BaseException:
            entry.state = _FAILED
            entry.event.set()
            with self._lock:
                self._remove_entry(entry)
            raise
        entry.value = value
        entry.state = _DONE
        entry.event.set()
        if entry.live:
            with self._lock:
                if entry.live:
                    entry.held.append(value)
                    _hold(self, self._counts, (value,))
        return value

    def _new_bucket(self, weak_key) -> _Bucket:
        refs = []
        for r in ((weak_key,) if isinstance(weak_key, weakref.ref) else weak_key):
            key_ref = _KeyRef(r(), self._callback)
            key_ref.weak_key = weak_key
            refs.append(key_ref)
        bucket = _Bucket(weak_key, tuple(refs))
        self._buckets[weak_key] = bucket
        return bucket

    # -- removal (under self._lock; callers keep the removed entries until the
    # structures are consistent again, so destructors of results run after) ----------

    def _remove_entry(self, entry: _Entry) -> _Entry:
        if not entry.live:
            return entry
        entry.live = False
        bucket = entry.bucket
        if bucket.entries.get(entry.key) is entry:
            del bucket.entries[entry.key]
        self._lru.pop(entry, None)
        _release(self, self._counts, entry.held)
        if not bucket.entries and self._buckets.get(bucket.weak_key) is bucket:
            del self._buckets[bucket.weak_key]
        return entry

    def _evict_lru(self) -> _Entry:
        entry, _ = self._lru.popitem(last=False)
        return self._remove_entry(entry)

    def _drop_bucket(self, weak_key) -> None:
        with self._lock:
            bucket = self._buckets.get(weak_key)
            if bucket is None or bucket.weak_key is not weak_key:
                return
            del self._buckets[weak_key]
            removed = list(bucket.entries.values())
            for entry in removed:
                self._remove_entry(entry)

    # -- public --------------------------------------------------------------------

    def cache_keys(self) -> list[object]:
        keys = []
        for entry in list(self._lru):
            if entry.state == _DONE:
                keys.append(self._describe(entry))
        return keys

    def _describe(self, entry: _Entry) -> tuple:
        ctx, args = entry.key[0], entry.key[1]
        kwargs = dict(entry.key[2]) if len(entry.key) > 2 else {}
        return (entry.bucket.weak_key, ctx, args, kwargs)

    def cache_info(self) -> WeakrefLRUCacheInfo:
        return WeakrefLRUCacheInfo(self._hits, self._misses, self._maxsize, len(self._lru))

    def cache_clear(self) -> None:
        with self._lock:
            removed = list(self._lru)
            for entry in removed:
                entry.live = False
            self._buckets = {}
            self._lru = OrderedDict()
            held = (self._context_fn, self._fn) if self._explain is None \
                else (self._context_fn, self._fn, self._explain)
            dict.clear(self)
            self._counts = {}
            _hold(self, self._counts, held)
            self._hits = self._misses = 0


def _weak_key_repr(weak_key) -> str:
    return repr(weak_key)


def _sorted_kwargs(kwargs: dict) -> tuple:
    # Keyword order does not matter: f(a=1, b=2) and f(b=2, a=1) are one entry.
    return tuple(sorted(kwargs.items(), key=_first))


def _first(pair):
    return pair[0]


class WeakrefLRUCache(_CacheBase):
    """A cache where the first ``num_weakrefs`` positional arguments are weak."""

    __slots__ = ("_num_weak",)
    WeakrefLRUCacheInfo = WeakrefLRUCacheInfo

    def __init__(self, cache_context_fn: Callable, fn: Callable, maxsize: int | None = 2048,
                 explain: Callable | None = None, num_weakrefs: int = 1):
        super().__init__(cache_context_fn, fn, maxsize, explain)
        self._num_weak = int(num_weakrefs)

    def __call__(self, *args, **kwargs):
        ctx = self._context_fn()
        if self._num_weak == 1 and args:
            # The hot path, inlined: one weak argument, a hit.
            weak_key = _ref(args[0])
            key = (ctx, args[1:], _sorted_kwargs(kwargs)) if kwargs else (ctx, args[1:])
            bucket = self._buckets.get(weak_key)
            if bucket is not None:
                entry = bucket.entries.get(key)
                if entry is not None and entry.state == _DONE:
                    self._hits += 1
                    try:
                        self._lru.move_to_end(entry)
                    except KeyError:  # evicted by another thread meanwhile
                        pass
                    return entry.value
            return self._miss(weak_key, key, args, kwargs)
        n = self._num_weak
        if len(args) < n:
            raise TypeError(f"Missing weakref_key argument(s). Expected {n}")
        weak_key = tuple([_ref(a) for a in args[:n]])
        strong = args[n:]
        key = (ctx, strong, _sorted_kwargs(kwargs)) if kwargs else (ctx, strong)
        return self._lookup(weak_key, key, args, kwargs)

    def evict_weakref(self, weakref_key: object, /) -> None:
        n = self._num_weak
        if n == 1:
            weak_key = _ref(weakref_key)
        else:
            if not isinstance(weakref_key, tuple):
                raise TypeError(
                    "evict_weakref expects a tuple of weak keys for multi-weakref cache")
            if len(weakref_key) != n:
                raise ValueError("Incorrect number of weak keys")
            weak_key = tuple([_ref(a) for a in weakref_key])
        with self._lock:
            bucket = self._buckets.pop(weak_key, None)
            if bucket is None:
                return
            removed = list(bucket.entries.values())
            for entry in removed:
                self._remove_entry(entry)


class MultiWeakrefLRUCache(_CacheBase):
    """A cache that flattens its arguments as pytrees and holds weakly the leaves
    whose type is in ``weak_types`` (and callables); the rest is the strong key."""

    __slots__ = ("_registry", "_weak_types")

    def __init__(self, cache_context_fn: Callable, fn: Callable, maxsize: int | None,
                 explain: Callable | None, registry, weak_types: set):
        super().__init__(cache_context_fn, fn, maxsize, explain)
        self._registry = registry
        self._weak_types = weak_types
        _hold(self, self._counts, (registry, weak_types))

    def __call__(self, *args, **kwargs):
        from jaxlib._src.jax_api.pytree import flatten_into

        ctx = self._context_fn()
        registry = self._registry
        leaves: list = []
        treedefs = [flatten_into(registry, a, leaves) for a in args]
        kwnames = ()
        if kwargs:
            kwnames = tuple(sorted(kwargs))
            treedefs.extend(flatten_into(registry, kwargs[k], leaves) for k in kwnames)
        weak_types = self._weak_types
        weak = []
        strong = []
        for leaf in leaves:
            if type(leaf) in weak_types or callable(leaf):
                weak.append(_ref(leaf))
            else:
                strong.append(leaf)
        weak_key = tuple(weak)
        strong = tuple(strong)
        key = (ctx, strong, kwnames, tuple(treedefs))
        return self._lookup(weak_key, key, args, kwargs)

    def _held_by(self, weak_key, key: tuple) -> tuple:
        ctx, strong, kwnames, treedefs = key
        return (*weak_key, ctx, *strong, *kwnames, *treedefs)

    def _describe(self, entry: _Entry) -> tuple:
        ctx, strong, kwnames, _ = entry.key
        return (entry.bucket.weak_key, ctx, strong, dict.fromkeys(kwnames))


def weakref_lru_cache(cache_context_fn: Callable, fn: Callable, maxsize: int | None = 2048,
                      explain: Callable | None = None, num_weakrefs: int = 1,
                      ) -> WeakrefLRUCache:
    return WeakrefLRUCache(cache_context_fn, fn, maxsize, explain, num_weakrefs)


def multi_weakref_lru_cache(cache_context_fn: Callable, fn: Callable, *,
                            maxsize: int | None = 2048, explain: Callable | None = None,
                            registry: object, weak_types: set) -> MultiWeakrefLRUCache:
    return MultiWeakrefLRUCache(cache_context_fn, fn, maxsize, explain, registry, weak_types)


# -- weak key -> weak value -----------------------------------------------------------


class _PairRef(weakref.ref):
    """A weakref in a WeakKeyWeakValueCache entry: the key's ref carries the
    value's ref in ``value``; both know the key's id."""

    __slots__ = ("key_id", "value")


class WeakKeyWeakValueCache(dict):
    """``fn(x)`` cached by the identity of ``x``; both ``x`` and the result are held
    weakly, and the entry goes when either dies. The dict part maps id(x) to the
    key's weakref (the GC view of the C++ class)."""

    __slots__ = ("_fn", "_callback", "_lock", "__weakref__")

    def __init__(self, fn: Callable):
        super().__init__()
        self._fn = fn
        self._lock = threading.RLock()
        cache_ref = weakref.ref(self)

        def on_dead(r: _PairRef) -> None:
            cache = cache_ref()
            if cache is not None:
                cache._forget(r)

        self._callback = on_dead

    __hash__ = object.__hash__

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    def __bool__(self) -> bool:
        return True

    def __call__(self, *args):
        if len(args) != 1:
            raise TypeError("WeakKeyWeakValueCache expects exactly one positional argument")
        x = args[0]
        key_ref = self.get(id(x))
        if key_ref is not None and key_ref() is x:
            value = key_ref.value()
            if value is not None:
                return value
        result = self._fn(x)
        new_ref = _PairRef(x, self._callback)
        new_ref.key_id = id(x)
        value_ref = _PairRef(result, self._callback)
        value_ref.key_id = id(x)
        value_ref.value = None
        new_ref.value = value_ref
        with self._lock:
            key_ref = self.get(id(x))
            if key_ref is not None and key_ref() is x:
                existing = key_ref.value()
                if existing is not None:
                    return existing
                key_ref.value = value_ref
            else:
                self[id(x)] = new_ref
        return result

    def _forget(self, dead: _PairRef) -> None:
        with self._lock:
            key_ref = self.get(dead.key_id)
            if key_ref is not None and (key_ref is dead or key_ref.value is dead):
                del self[dead.key_id]


def weak_key_weak_value_cache(fn: Callable) -> WeakKeyWeakValueCache:
    return WeakKeyWeakValueCache(fn)


# -- interning ------------------------------------------------------------------------


class _ValueRef(weakref.ref):
    __slots__ = ("key",)


_KWARGS = object()  # separates positional from keyword arguments in interner keys


class WeakValueInterner:
    """``fn(*args, **kwargs)`` interned: while a result is alive, the same
    arguments return that very object. Results are held weakly."""

    __slots__ = ("_fn", "_entries", "_callback", "_lock", "__weakref__")

    def __init__(self, fn: Callable):
        self._fn = fn
        self._entries: dict[tuple, _ValueRef] = {}
        self._lock = threading.RLock()
        interner_ref = weakref.ref(self)

        def on_dead(r: _ValueRef, is_finalizing: Callable[[], bool] = sys.is_finalizing) -> None:
            # At interpreter exit the keys' own modules may already be torn
            # down (hashing them would fail), and nobody looks entries up.
            interner = interner_ref()
            if interner is not None and not is_finalizing():
                with interner._lock:
                    if interner._entries.get(r.key) is r:
                        del interner._entries[r.key]

        self._callback = on_dead

    def __call__(self, *args, **kwargs):
        key = (args, _KWARGS, _sorted_kwargs(kwargs)) if kwargs else args
        ref = self._entries.get(key)
        if ref is not None:
            value = ref()
            if value is not None:
                return value
        result = self._fn(*args, **kwargs)
        new_ref = _ValueRef(result, self._callback)
        new_ref.key = key
        with self._lock:
            ref = self._entries.get(key)
            if ref is not None:
                value = ref()
                if value is not None:
                    return value  # another thread interned first
            self._entries[key] = new_ref
        return result

    def __repr__(self) -> str:
        return f"<WeakValueInterner of {self._fn!r}>"


def weak_value_interner(fn: Callable) -> WeakValueInterner:
    return WeakValueInterner(fn)
