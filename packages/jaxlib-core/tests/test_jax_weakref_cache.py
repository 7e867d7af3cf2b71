"""jaxlib.weakref_lru_cache: weakref LRU caches, weak-key/weak-value caches, interners."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from jaxlib import weakref_lru_cache as wlc
from jaxlib._jax import pytree


class Key:
    pass


def counting(fn):
    calls = []

    def wrapped(*args, **kwargs):
        calls.append((args, kwargs))
        return fn(*args, **kwargs)

    return wrapped, calls


def test_hits_misses_and_info():
    fn, calls = counting(lambda k, x, y=0: (x, y))
    cache = wlc.weakref_lru_cache(lambda: "ctx", fn, 16)
    k = Key()
    assert cache(k, 1) == (1, 0)
    assert cache(k, 1) == (1, 0)
    assert cache(k, 1, y=2) == (1, 2)
    assert cache(k, 1, y=2) == (1, 2)
    assert len(calls) == 2
    info = cache.cache_info()
    assert (info.hits, info.misses, info.maxsize, info.currsize) == (2, 2, 16, 2)
    assert repr(info) == "WeakrefLRUCache(hits=2, misses=2, maxsize=16, currsize=2)"
    keys = cache.cache_keys()
    assert {(args, tuple(kw.items())) for _, _, args, kw in keys} == {((1,), ()),
                                                                      ((1,), (("y", 2),))}
    assert all(ref() is k and ctx == "ctx" for ref, ctx, _, _ in keys)
    cache.cache_clear()
    assert cache.cache_info().currsize == 0 and cache.cache_info().misses == 0
    cache(k, 1)
    assert len(calls) == 3


def test_context_is_part_of_the_key():
    ctx = ["a"]
    fn, calls = counting(lambda k: ctx[0])
    cache = wlc.weakref_lru_cache(lambda: ctx[0], fn)
    k = Key()
    assert cache(k) == "a"
    ctx[0] = "b"
    assert cache(k) == "b"
    ctx[0] = "a"
    assert cache(k) == "a" and len(calls) == 2


def test_equal_weak_keys_share_entries():
    class ValueKey:
        def __init__(self, v):
            self.v = v

        def __eq__(self, other):
            return isinstance(other, ValueKey) and self.v == other.v

        def __hash__(self):
            return hash(self.v)

    fn, calls = counting(lambda k: k.v)
    cache = wlc.weakref_lru_cache(lambda: None, fn)
    a, b = ValueKey(1), ValueKey(1)
    cache(a)
    cache(b)
    assert len(calls) == 1


def test_entries_die_with_their_weak_key():
    deleted = []

    class Value:
        def __init__(self, i):
            self.i = i

        def __del__(self):
            deleted.append(self.i)

    cache = wlc.weakref_lru_cache(lambda: None, lambda k, i: Value(i))
    k = Key()
    for i in range(3):
        cache(k, i)
    other = Key()
    cache(other, 9)
    assert cache.cache_info().currsize == 4
    del k
    assert sorted(deleted) == [0, 1, 2]
    assert cache.cache_info().currsize == 1
    cache.evict_weakref(other)
    assert sorted(deleted) == [0, 1, 2, 9] and cache.cache_info().currsize == 0


def test_lru_eviction_order():
    cache = wlc.weakref_lru_cache(lambda: None, lambda k, x: x, 2)
    k = Key()
    cache(k, 1)
    cache(k, 2)
    cache(k, 1)  # 1 becomes most recent
    cache(k, 3)  # evicts 2
    assert {args for _, _, args, _ in cache.cache_keys()} == {(1,), (3,)}
    assert cache.cache_info().currsize == 2


def test_unbounded_and_non_weakrefable():
    cache = wlc.weakref_lru_cache(lambda: None, lambda k, x: x, None)
    k = Key()
    for i in range(3000):
        cache(k, i)
    assert cache.cache_info().currsize == 3000 and cache.cache_info().maxsize == -1
    with pytest.raises(TypeError):
        cache(1, 2)  # ints cannot be weakly referenced
    with pytest.raises(TypeError, match="Missing weakref_key"):
        cache()


def test_recursion_and_failures():
    k = Key()

    def recursive(key, x):
        return cache(key, x)

    cache = wlc.weakref_lru_cache(lambda: None, recursive)
    with pytest.raises(RecursionError, match="Recursively calling"):
        cache(k, 1)
    attempts = []

    def flaky(key, x):
        attempts.append(x)
        if len(attempts) == 1:
            raise ValueError("first time fails")
        return x

    cache = wlc.weakref_lru_cache(lambda: None, flaky)
    with pytest.raises(ValueError):
        cache(k, 5)
    assert cache(k, 5) == 5 and cache(k, 5) == 5
    assert attempts == [5, 5]  # failures are not cached, successes are


def test_concurrent_callers_wait_for_one_computation():
    started, release = threading.Event(), threading.Event()
    fn_calls = []

    def slow(key, x):
        fn_calls.append(x)
        started.set()
        release.wait(5)
        return x * 2

    cache = wlc.weakref_lru_cache(lambda: None, slow)
    k = Key()
    results = []
    t1 = threading.Thread(target=lambda: results.append(cache(k, 21)))
    t1.start()
    started.wait(5)
    t2 = threading.Thread(target=lambda: results.append(cache(k, 21)))
    t2.start()
    release.set()
    t1.join()
    t2.join()
    assert results == [42, 42] and fn_calls == [21]


def test_num_weakrefs_and_explain():
    explained = []
    cache = wlc.weakref_lru_cache(
        lambda: None, lambda a, b, x: x, num_weakrefs=2,
        explain=lambda: (lambda keys, *args: explained.append((len(keys), args[2:]))))
    a, b = Key(), Key()
    cache(a, b, 1)
    cache(a, b, 1)
    cache(a, b, 2)
    assert explained == [(0, (1,)), (1, (2,))]
    del b
    assert cache.cache_info().currsize == 0
    with pytest.raises(TypeError, match="tuple of weak keys"):
        cache.evict_weakref(a)
    with pytest.raises(ValueError, match="Incorrect number"):
        cache.evict_weakref((a,))


def test_gc_referents():
    def ctx_fn():
        return None

    def fn(k, x, **kw):
        return f"value{x}"

    cache = wlc.weakref_lru_cache(ctx_fn, fn)
    k = Key()
    cache(k, "arg", kwname="kwvalue")
    refs = gc.get_referents(cache)
    for obj in (ctx_fn, fn, wlc.WeakrefLRUCache, weakref.ref(k), "arg", "kwname",
                "kwvalue", "value{}".format("arg")):
        assert obj in refs
    del k
    assert "value{}".format("arg") not in gc.get_referents(cache)  # released on eviction


def test_cache_is_weakly_referenceable_and_hashable():
    cache = wlc.weakref_lru_cache(lambda: None, lambda k: 1)
    registry = weakref.WeakKeyDictionary()
    registry[cache] = "for jax's cache registry"
    assert cache in registry and cache == cache
    assert cache != wlc.weakref_lru_cache(lambda: None, lambda k: 1)


def test_multi_weakref_cache():
    class Weak:
        pass

    calls = []

    def fn(*args, **kwargs):
        calls.append(1)  # not the arguments: they would outlive their weak keys
        return len(calls)

    reg = pytree.PyTreeRegistry(enable_none=False, enable_namedtuple=False,
                                enable_list=False)
    cache = wlc.multi_weakref_lru_cache(lambda: None, fn, maxsize=8, registry=reg,
                                        weak_types={Weak})
    w1, w2 = Weak(), Weak()
    cache((w1, 3), {"k": w2}, flag=True)
    cache((w1, 3), {"k": w2}, flag=True)
    assert len(calls) == 1
    cache((w1, 4), {"k": w2}, flag=True)
    assert len(calls) == 2 and cache.cache_info().currsize == 2
    del w2  # a weak leaf dies: entries holding it go
    gc.collect()
    assert cache.cache_info().currsize == 0
    cache((1, 2))  # no weak leaves at all: cached under an empty weak key
    cache((1, 2))
    assert len(calls) == 3


def test_weak_key_weak_value_cache():
    class Obj:
        pass

    made = []

    def compute(x):
        made.append(type(x))  # not x itself: that would keep the key alive
        return Obj()

    cache = wlc.weak_key_weak_value_cache(compute)
    k1 = Obj()
    v1 = cache(k1)
    assert cache(k1) is v1 and len(made) == 1
    del v1  # the value dies: recomputed
    v2 = cache(k1)
    assert len(made) == 2 and cache(k1) is v2
    del k1
    gc.collect()
    assert len(cache) == 0  # the entry went with its key
    with pytest.raises(TypeError, match="exactly one positional argument"):
        cache(1, 2)


def test_weak_value_interner():
    class Obj:
        def __init__(self, *args, **kwargs):
            self.args = (args, kwargs)

    interner = wlc.weak_value_interner(Obj)
    a = interner(1, y=2)
    assert interner(1, y=2) is a
    assert interner(1, 2) is not a and interner(1, y=3) is not a
    b = interner(x=1, z=2)
    assert interner(z=2, x=1) is b  # keyword order does not matter
    a_id = id(a)
    del a
    gc.collect()
    c = interner(1, y=2)
    assert c.args == ((1,), {"y": 2}) and len(interner._entries) >= 1
    del c
    gc.collect()
    assert all(r() is not None for r in interner._entries.values())
    assert isinstance(a_id, int)
