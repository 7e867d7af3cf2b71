"""jaxlib.weakref_lru_cache: caches keyed by weak references, and interners
(implemented in ``jaxlib._src.jax_api.weakref_lru_cache``)."""

from jaxlib._src.jax_api.weakref_lru_cache import (
    MultiWeakrefLRUCache,
    WeakKeyWeakValueCache,
    WeakrefLRUCache,
    WeakValueInterner,
    multi_weakref_lru_cache,
    weak_key_weak_value_cache,
    weak_value_interner,
    weakref_lru_cache,
)

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
