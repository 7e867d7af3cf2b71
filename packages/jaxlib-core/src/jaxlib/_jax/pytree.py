"""Python tree library"""

from jaxlib._src.jax_api.pytree import (
    DictKey,
    FlattenedIndexKey,
    GetAttrKey,
    PyTreeDef,
    PyTreeRegistry,
    SequenceKey,
    _default_registry,
    all_leaves,
    default_registry,
    treedef_tuple,
    version,
)

__all__ = [
    "DictKey",
    "FlattenedIndexKey",
    "GetAttrKey",
    "PyTreeDef",
    "PyTreeRegistry",
    "SequenceKey",
    "_default_registry",
    "all_leaves",
    "default_registry",
    "treedef_tuple",
    "version",
]
