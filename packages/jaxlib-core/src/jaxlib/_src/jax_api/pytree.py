"""Pytrees: nested containers flattened into a list of leaves and a structure.

A ``PyTreeRegistry`` says which types are containers (nodes). ``flatten`` walks a
tree and returns its leaves plus a ``PyTreeDef``, the structure, from which
``unflatten`` rebuilds a tree of the same shape around new leaves.

Representation. A ``PyTreeDef`` keeps its nodes in post-order, as jaxlib's C++
does, so rebuilding is one pass with a stack:

* ``_sig``: a tuple of interned ``_Node`` tokens, one per node. A token names the
  node's kind and arity (and, for custom nodes, the registered type and its
  ``from_iterable``). Tokens are interned, so comparing and hashing structures is
  tuple equality and hashing done in C, on identities.
* the list part of the ``PyTreeDef`` holds the nodes' data in the same
  post-order: the sorted keys of a dict (one item per key), the class of a
  namedtuple, the aux data of a custom node, the meta-field tuple of a dataclass.

Why a ``list`` subclass: ``gc.get_referents`` of the C++ classes lists every
object a treedef or registry holds (dict keys, types, functions), and jax's
tests check that; the items of a ``list`` base are exactly what the garbage
collector reports, with no copy kept for that purpose.

The flatten loops handle leaf children inline (no call per leaf) and the
rebuilding of a structure used more than once is compiled into closures that
fill whole containers at C speed (see ``_compile``).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import islice
from typing import Any, TypeVar

from jaxlib._src.base.errors import XlaRuntimeError

__all__ = [
    "DictKey",
    "FlattenedIndexKey",
    "GetAttrKey",
    "PyTreeDef",
    "PyTreeRegistry",
    "SequenceKey",
    "all_leaves",
    "default_registry",
    "treedef_tuple",
    "version",
]

version = 3

_T = TypeVar("_T")
_Children = TypeVar("_Children", bound=Iterable[Any])
_KeyLeafPair = TypeVar("_KeyLeafPair", bound=tuple[Any, Any])
_KeyLeafPairs = TypeVar("_KeyLeafPairs", bound=Iterable[tuple[Any, Any]])
_KeyPath = TypeVar("_KeyPath", bound=tuple[Any, ...])
_AuxData = TypeVar("_AuxData", bound=Hashable)

# Node kinds, numbered as jaxlib's C++ PyTreeKind (they appear in pickles).
_LEAF_KIND = 0
_NONE_KIND = 1
_TUPLE_KIND = 2
_NAMEDTUPLE_KIND = 3
_LIST_KIND = 4
_DICT_KIND = 5
_CUSTOM_KIND = 6
_DATACLASS_KIND = 7
# Not a node: a leaf type that warns when flattened (iterators, dict views).
_WARN_KIND = -1


class _Node:
    """One node of a structure; interned per (kind, arity[, family])."""

    __slots__ = ("kind", "arity", "ndata", "family")

    def __init__(self, kind: int, arity: int, ndata: int, family: _Family | None):
        self.kind = kind
        self.arity = arity
        self.ndata = ndata  # how many data items the node owns in the treedef
        self.family = family

    def __repr__(self) -> str:
        return f"_Node(kind={self.kind}, arity={self.arity})"

    def __reduce__(self):
        raise TypeError("pytree nodes are pickled through their PyTreeDef")


class _Family:
    """The identity of a custom or dataclass node type, shared by registries.

    jaxlib compares custom nodes by (type, from_iterable), so two registries
    that register the same type the same way produce equal treedefs."""

    __slots__ = ("kind", "type", "from_iterable", "data_fields", "meta_fields", "_nodes")

    def __init__(self, kind, type_, from_iterable, data_fields=(), meta_fields=()):
        self.kind = kind
        self.type = type_
        self.from_iterable = from_iterable
        self.data_fields = data_fields
        self.meta_fields = meta_fields
        self._nodes: dict[int, _Node] = {}

    def node(self, arity: int) -> _Node:
        node = self._nodes.get(arity)
        if node is None:
            node = self._nodes.setdefault(arity, _Node(self.kind, arity, 1, self))
        return node


_families: dict[tuple, _Family] = {}


def _family(kind, type_, from_iterable, data_fields=(), meta_fields=()) -> _Family:
    if kind == _CUSTOM_KIND:
        key = (kind, type_, from_iterable)
    else:
        key = (kind, type_, data_fields, meta_fields)
    fam = _families.get(key)
    if fam is None:
        fam = _families.setdefault(
            key, _Family(kind, type_, from_iterable, data_fields, meta_fields))
    return fam


_LEAF = _Node(_LEAF_KIND, 0, 0, None)
_NONE_NODE = _Node(_NONE_KIND, 0, 0, None)
_PREBUILT = 64
_TUPLE_NODES = [_Node(_TUPLE_KIND, n, 0, None) for n in range(_PREBUILT)]
_LIST_NODES = [_Node(_LIST_KIND, n, 0, None) for n in range(_PREBUILT)]
_DICT_NODES = [_Node(_DICT_KIND, n, n, None) for n in range(_PREBUILT)]
_NAMEDTUPLE_NODES = [_Node(_NAMEDTUPLE_KIND, n, 1, None) for n in range(_PREBUILT)]
_LEAF_RUNS = [(_LEAF,) * n for n in range(_PREBUILT)]
_BUILTIN_NODES = {
    _TUPLE_KIND: _TUPLE_NODES,
    _LIST_KIND: _LIST_NODES,
    _DICT_KIND: _DICT_NODES,
    _NAMEDTUPLE_KIND: _NAMEDTUPLE_NODES,
}


def _builtin_node(kind: int, arity: int) -> _Node:
    """The interned node of a builtin container kind, growing the table."""
    nodes = _BUILTIN_NODES[kind]
    while len(nodes) <= arity:
        n = len(nodes)
        nodes.append(_Node(kind, n, n if kind == _DICT_KIND else int(kind == _NAMEDTUPLE_KIND),
                           None))
    return nodes[arity]


def _node_for(kind: int, arity: int, family: _Family | None) -> _Node:
    if kind == _LEAF_KIND:
        return _LEAF
    if kind == _NONE_KIND:
        return _NONE_NODE
    if family is not None:
        return family.node(arity)
    return _builtin_node(kind, arity)


class _Registration:
    """How one registry handles one type."""

    __slots__ = ("kind", "type", "to_iterable", "from_iterable", "to_iterable_with_keys",
                 "data_fields", "meta_fields", "family")

    def __init__(self, kind, type_, to_iterable=None, from_iterable=None,
                 to_iterable_with_keys=None, data_fields=(), meta_fields=()):
        self.kind = kind
        self.type = type_
        self.to_iterable = to_iterable
        self.from_iterable = from_iterable
        self.to_iterable_with_keys = to_iterable_with_keys
        self.data_fields = data_fields
        self.meta_fields = meta_fields
        self.family = (_family(kind, type_, from_iterable, data_fields, meta_fields)
                       if kind in (_CUSTOM_KIND, _DATACLASS_KIND) else None)


class _TypeTable(dict):
    """type -> _Registration. Hashable by identity so that the registry's GC
    referents (which include this table) can go in a set, as jax's tests do."""

    __slots__ = ("namedtuple", "no_node_in")
    __hash__ = object.__hash__

    def __init__(self, enable_namedtuple: bool):
        super().__init__()
        self.namedtuple = bool(enable_namedtuple)
        # no_node_in(types): True when no type of the set has a registration (a
        # live view of the keys, so later registrations count).
        self.no_node_in = self.keys().isdisjoint

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other


# Leaf types that jaxlib warns about: iterators and dict views that look like
# containers but are flattened as single leaves.
_WARN_TYPES = (
    type({}.values()),
    type(x for x in ()),
    zip,
    type(iter([])),
    type(iter(set())),
    map,
    filter,
    enumerate,
    reversed,
    type(iter(())),
    type(iter({})),
    type(iter({}.values())),
    type(iter({}.items())),
)


def _warn_iterable(x) -> None:
    warnings.warn(
        f"Python iterable type '{_type_name(type(x))}' is treated as a leaf in PyTree. "
        "Use is_leaf to suppress this warning if you want this behavior. In a future "
        "version of JAX, this will become an error.",
        DeprecationWarning,
        stacklevel=3,
    )


def _type_name(t: type) -> str:
    # tp_name of builtins has no module, that of other types is module-qualified.
    mod = getattr(t, "__module__", "builtins")
    return t.__qualname__ if mod == "builtins" else f"{mod}.{t.__qualname__}"


def _sorted_keys(d: dict) -> list:
    try:
        return sorted(d)
    except Exception as e:
        raise ValueError(
            "Comparator raised exception while sorting pytree dictionary keys.") from e


def _check_to_iterable_output(out) -> None:
    if not isinstance(out, tuple) or len(out) != 2:
        raise ValueError(
            "The to_iterable function for a custom PyTree node should return a "
            f"(children, aux_data) tuple, got {out!r}")
    try:
        iter(out[0])
    except TypeError:
        raise ValueError(
            "The to_iterable function for a custom PyTree node should return a "
            "(children, aux_data) tuple where 'children' is iterable, got "
            f"{out!r}") from None


def _to_iterable(reg: _Registration, x) -> tuple[Sequence, Any]:
    """Calls a custom node's to_iterable and checks it returned (children, aux)."""
    out = reg.to_iterable(x)
    if not isinstance(out, tuple) or len(out) != 2:
        _check_to_iterable_output(out)
    children, aux = out
    if type(children) is not tuple and type(children) is not list:
        try:
            children = tuple(children)
        except TypeError:
            raise ValueError(
                "The to_iterable function for a custom PyTree node should return a "
                "(children, aux_data) tuple where 'children' is iterable, got "
                f"{out!r}") from None
    return children, aux


def _to_iterable_with_keys(reg: _Registration, x) -> tuple[list[tuple[Any, Any]], Any]:
    if reg.to_iterable_with_keys is None:
        children, aux = _to_iterable(reg, x)
        return [(FlattenedIndexKey(i), c) for i, c in enumerate(children)], aux
    out = reg.to_iterable_with_keys(x)
    if not isinstance(out, tuple) or len(out) != 2:
        raise ValueError(
            "The to_iterable_with_keys function for a custom PyTree node should return "
            f"a (key_leaf_pairs, aux_data) tuple, got {out!r}")
    pairs, aux = out
    try:
        pairs = list(pairs)
    except TypeError:
        raise ValueError(
            "The to_iterable_with_keys function for a custom PyTree node should return "
            "a (key_leaf_pairs, aux_data) tuple where 'key_leaf_pairs' is iterable, "
            f"got {out!r}") from None
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise ValueError(
                "The to_iterable_with_keys function for a custom PyTree node should "
                f"return a (key_leaf_pairs, aux_data) tuple where 'child{pair!r}")
    return pairs, aux


def _dataclass_meta(reg: _Registration, x) -> tuple:
    return tuple([getattr(x, name) for name in reg.meta_fields])


def _is_namedtuple(x, table: _TypeTable) -> bool:
    # jaxlib recognises namedtuples heuristically: a tuple with `_fields`.
    return table.namedtuple and isinstance(x, tuple) and hasattr(x, "_fields")


def _flatten(x, table: _TypeTable, leaves: list, sig: list, data: list) -> None:
    """Appends x's leaves, nodes (post-order) and node data. The hot loop."""
    get = table.get
    reg = get(type(x))
    if reg is None:
        if not _is_namedtuple(x, table):
            leaves.append(x)
            sig.append(_LEAF)
            return
        kind = _NAMEDTUPLE_KIND
        children = x
    else:
        kind = reg.kind
        if kind == _TUPLE_KIND or kind == _LIST_KIND:
            children = x
        elif kind == _DICT_KIND:
            keys = _sorted_keys(x)
            children = list(map(x.__getitem__, keys))
        elif kind == _NONE_KIND:
            sig.append(_NONE_NODE)
            return
        elif kind == _CUSTOM_KIND:
            children, aux = _to_iterable(reg, x)
        elif kind == _DATACLASS_KIND:
            aux = _dataclass_meta(reg, x)
            children = [getattr(x, name) for name in reg.data_fields]
        else:
            _warn_iterable(x)
            leaves.append(x)
            sig.append(_LEAF)
            return
    n = len(children)
    add_node = sig.append
    # Many children that are all leaves (the common case at the bottom of a tree)
    # are recognised from the set of their types and copied in one step.
    if n >= 4 and table.no_node_in(types := set(map(type, children))) \
            and not _any_tuple_type(types):
        leaves.extend(children)
        sig.extend(_LEAF_RUNS[n] if n < _PREBUILT else (_LEAF,) * n)
    else:
        add_leaf = leaves.append
        for c in children:
            # A leaf child is handled here, without a call.
            if get(type(c)) is None and not isinstance(c, tuple):
                add_leaf(c)
                add_node(_LEAF)
            else:
                _flatten(c, table, leaves, sig, data)
    if kind == _TUPLE_KIND:
        add_node(_TUPLE_NODES[n] if n < _PREBUILT else _builtin_node(kind, n))
    elif kind == _LIST_KIND:
        add_node(_LIST_NODES[n] if n < _PREBUILT else _builtin_node(kind, n))
    elif kind == _DICT_KIND:
        data.extend(keys)
        add_node(_DICT_NODES[n] if n < _PREBUILT else _builtin_node(kind, n))
    elif kind == _NAMEDTUPLE_KIND:
        data.append(type(x))
        add_node(_NAMEDTUPLE_NODES[n] if n < _PREBUILT else _builtin_node(kind, n))
    else:
        data.append(aux)
        add_node(reg.family.node(n))


def _any_tuple_type(types: set) -> bool:
    # A tuple subclass may be a namedtuple (a node); the caller takes the slow path.
    for t in types:
        if issubclass(t, tuple):
            return True
    return False


def _predicate_says_leaf(out) -> bool:
    # Historically truthy values were accepted; None means "not a leaf".
    if out is True or out is False:
        return out
    if out is None:
        return False
    if type(out).__module__ == "numpy" and type(out).__name__ in ("bool", "bool_"):
        return bool(out)
    raise ValueError(
        f"is_leaf predicate returned a non-boolean value {out!r}; expected a boolean")


def _flatten_general(x, table: _TypeTable, leaves: list, sig: list, data: list,
                     pred: Callable | None, path: list | None) -> None:
    """flatten with an is_leaf predicate and/or key paths (``path`` not None)."""
    if pred is not None:
        out = pred(x) if path is None else pred(tuple(path), x)
        if _predicate_says_leaf(out):
            leaves.append(x if path is None else (tuple(path), x))
            sig.append(_LEAF)
            return
    reg = table.get(type(x))
    keys = None
    if reg is None:
        if not _is_namedtuple(x, table):
            leaves.append(x if path is None else (tuple(path), x))
            sig.append(_LEAF)
            return
        kind = _NAMEDTUPLE_KIND
        children = x
        if path is not None:
            fields = getattr(x, "_fields", None)
            if not isinstance(fields, tuple) or len(fields) != len(x):
                raise ValueError("A namedtuple's _fields attribute should have the same "
                                 "size as the tuple.")
            keys = [GetAttrKey(str(f)) for f in fields]
    else:
        kind = reg.kind
        if kind == _TUPLE_KIND or kind == _LIST_KIND:
            children = x
            if path is not None:
                keys = [_sequence_key(i) for i in range(len(x))]
        elif kind == _DICT_KIND:
            dict_keys = _sorted_keys(x)
            children = [x[k] for k in dict_keys]
            if path is not None:
                keys = [DictKey(k) for k in dict_keys]
        elif kind == _NONE_KIND:
            sig.append(_NONE_NODE)
            return
        elif kind == _CUSTOM_KIND:
            if path is None:
                children, aux = _to_iterable(reg, x)
            else:
                pairs, aux = _to_iterable_with_keys(reg, x)
                keys = [k for k, _ in pairs]
                children = [c for _, c in pairs]
        elif kind == _DATACLASS_KIND:
            aux = _dataclass_meta(reg, x)
            children = [getattr(x, name) for name in reg.data_fields]
            if path is not None:
                keys = [GetAttrKey(name) for name in reg.data_fields]
        else:
            _warn_iterable(x)
            leaves.append(x if path is None else (tuple(path), x))
            sig.append(_LEAF)
            return
    if path is None:
        for c in children:
            _flatten_general(c, table, leaves, sig, data, pred, None)
    else:
        for k, c in zip(keys, children):
            path.append(k)
            _flatten_general(c, table, leaves, sig, data, pred, path)
            path.pop()
    n = len(children)
    if kind == _DICT_KIND:
        data.extend(dict_keys)
    elif kind == _NAMEDTUPLE_KIND:
        data.append(type(x))
    elif kind == _CUSTOM_KIND or kind == _DATACLASS_KIND:
        data.append(aux)
        sig.append(reg.family.node(n))
        return
    sig.append(_builtin_node(kind, n))


class PyTreeRegistry(list):
    """Which types are pytree nodes, and how to take them apart and rebuild them.

    The list part records every object a registration holds (types, functions,
    field names) for ``gc.get_referents``; lookups use ``_table``."""

    __slots__ = ("_table", "_leaf_treedef", "__dict__", "__weakref__")

    def __init__(self, enable_none: bool = True, enable_tuple: bool = True,
                 enable_namedtuple: bool = True, enable_list: bool = True,
                 enable_dict: bool = True) -> None:
        super().__init__()
        table = _TypeTable(enable_namedtuple)
        for enabled, t, kind in ((enable_none, type(None), _NONE_KIND),
                                 (enable_tuple, tuple, _TUPLE_KIND),
                                 (enable_list, list, _LIST_KIND),
                                 (enable_dict, dict, _DICT_KIND)):
            if enabled:
                table[t] = _Registration(kind, t)
                self.append(t)
        for t in _WARN_TYPES:
            table[t] = _Registration(_WARN_KIND, t)
        self._table = table
        self._leaf_treedef = _make_treedef(self, (_LEAF,), (), 1)

    # A registry is an identity object, never a list value.
    __hash__ = object.__hash__

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        return f"<{type(self).__module__}.PyTreeRegistry object at {id(self):#x}>"

    def __reduce__(self) -> str:
        # Pickled by reference: jax names its registries (tree_util.default_registry).
        return self.__name__

    def _add(self, reg: _Registration) -> None:
        existing = self._table.get(reg.type)
        if existing is not None and existing.kind != _WARN_KIND:
            what = "dataclass " if reg.kind == _DATACLASS_KIND else ""
            raise ValueError(
                f"Duplicate custom {what}PyTreeDef type registration for {reg.type!r}.")
        self._table[reg.type] = reg
        self.append(reg.type)
        for obj in (reg.to_iterable, reg.from_iterable, reg.to_iterable_with_keys):
            if obj is not None:
                self.append(obj)
        self.extend(reg.data_fields)
        self.extend(reg.meta_fields)

    def register_node(
        self,
        type: type[_T],  # jaxlib's keyword name
        to_iterable: Callable[[_T], tuple[_Children, _AuxData]],
        from_iterable: Callable[[_AuxData, _Children], _T],
        to_iterable_with_keys: Callable[[_T], tuple[_KeyLeafPairs, _AuxData]] | None = None,
    ) -> Any:
        self._add(_Registration(_CUSTOM_KIND, type, to_iterable, from_iterable,
                                to_iterable_with_keys))

    def register_dataclass_node(self, type: type, data_fields: Sequence[str],
                                meta_fields: Sequence[str], /) -> Any:
        self._add(_Registration(_DATACLASS_KIND, type, data_fields=tuple(map(str, data_fields)),
                                meta_fields=tuple(map(str, meta_fields))))

    def is_node(self, type: type) -> bool:
        reg = self._table.get(type)
        if reg is not None:
            return reg.kind != _WARN_KIND
        return _is_tuple_type_with_fields(type)

    def flatten(self, tree: Any, leaf_predicate: Callable[[Any], bool] | None = None,
                ) -> tuple[list[Any], PyTreeDef]:
        table = self._table
        if leaf_predicate is None:
            if table.get(type(tree)) is None and not isinstance(tree, tuple):
                # A single leaf: its structure is shared (treedefs are immutable).
                return [tree], self._leaf_treedef
            leaves: list = []
            sig: list = []
            treedef = _new_list(PyTreeDef)
            _flatten(tree, table, leaves, sig, treedef)
        else:
            leaves = []
            sig = []
            treedef = _new_list(PyTreeDef)
            _flatten_general(tree, table, leaves, sig, treedef, leaf_predicate, None)
        treedef._registry = self
        treedef._sig = tuple(sig)
        treedef._num_leaves = len(leaves)
        treedef._hash = None
        treedef._builder = None
        return leaves, treedef

    def flatten_with_path(
        self, tree: Any, leaf_predicate: Callable[[Any, Any], bool] | None = None,
    ) -> tuple[list[tuple[_KeyPath, Any]], PyTreeDef]:
        leaves: list = []
        sig: list = []
        treedef = _new_treedef()
        _flatten_general(tree, self._table, leaves, sig, treedef, leaf_predicate, [])
        treedef._registry = self
        treedef._sig = tuple(sig)
        treedef._num_leaves = len(leaves)
        return leaves, treedef

    def flatten_one_level(self, tree: Any) -> tuple[Iterable[Any], Any] | None:
        return self._flatten_one_level(tree, False)

    def flatten_one_level_with_keys(self, tree: Any,
                                    ) -> tuple[Iterable[_KeyLeafPair], Any] | None:
        return self._flatten_one_level(tree, True)

    def _flatten_one_level(self, x, with_keys: bool):
        table = self._table
        reg = table.get(type(x))
        if reg is None:
            if not _is_namedtuple(x, table):
                return None
            if with_keys:
                fields = getattr(x, "_fields", None)
                if not isinstance(fields, tuple) or len(fields) != len(x):
                    raise ValueError("A namedtuple's _fields attribute should have the same "
                                     "size as the tuple.")
                return [(GetAttrKey(str(f)), v) for f, v in zip(fields, x)], type(x)
            return list(x), type(x)
        kind = reg.kind
        if kind == _NONE_KIND:
            return (), None
        if kind == _TUPLE_KIND or kind == _LIST_KIND:
            if with_keys:
                return tuple([(_sequence_key(i), v) for i, v in enumerate(x)]), None
            return x, None
        if kind == _DICT_KIND:
            keys = _sorted_keys(x)
            if with_keys:
                return tuple([(DictKey(k), x[k]) for k in keys]), tuple(keys)
            return tuple([x[k] for k in keys]), tuple(keys)
        if kind == _CUSTOM_KIND:
            if with_keys:
                return _to_iterable_with_keys(reg, x)
            # The children are returned as to_iterable gave them (any iterable).
            out = reg.to_iterable(x)
            _check_to_iterable_output(out)
            return out[0], out[1]
        if kind == _DATACLASS_KIND:
            if with_keys:
                leaves = [(GetAttrKey(f), getattr(x, f)) for f in reg.data_fields]
            else:
                leaves = [getattr(x, f) for f in reg.data_fields]
            return leaves, _dataclass_meta(reg, x)
        return None


def flatten_into(registry: PyTreeRegistry, tree: Any, leaves: list) -> PyTreeDef:
    """Flattens ``tree`` appending its leaves to ``leaves``; returns the structure.

    For callers that flatten several trees into one leaf list (jit's argument
    parsing) without a list per tree."""
    table = registry._table
    if table.get(type(tree)) is None and not isinstance(tree, tuple):
        leaves.append(tree)
        return registry._leaf_treedef
    sig: list = []
    treedef = _new_treedef()
    start = len(leaves)
    _flatten(tree, table, leaves, sig, treedef)
    treedef._registry = registry
    treedef._sig = tuple(sig)
    treedef._num_leaves = len(leaves) - start
    return treedef


def _is_tuple_type_with_fields(t) -> bool:
    try:
        return issubclass(t, tuple) and hasattr(t, "_fields")
    except TypeError:
        return False


_new_list = list.__new__


def _new_treedef() -> PyTreeDef:
    # Bypasses PyTreeDef.__init__, which refuses construction from Python.
    td = _new_list(PyTreeDef)
    td._hash = None
    td._builder = None
    return td


def _make_treedef(registry: PyTreeRegistry, sig, data, num_leaves: int | None = None):
    td = _new_treedef()
    td.extend(data)
    td._registry = registry
    td._sig = tuple(sig)
    td._num_leaves = td._sig.count(_LEAF) if num_leaves is None else num_leaves
    return td


_MISSING = object()  # "no more leaves" from next(it, _MISSING)
_UNFLATTEN_AGAIN = object()  # marks a treedef unflattened once: compile on reuse


class PyTreeDef(list):
    """The structure of a pytree (see the module docstring for the layout)."""

    __slots__ = ("_registry", "_sig", "_num_leaves", "_hash", "_builder")

    def __init__(self, *args, **kwargs):
        raise TypeError("PyTreeDef objects are created by PyTreeRegistry.flatten")

    # -- identity, hashing, printing -------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not PyTreeDef:
            return False
        if self is other:
            return True
        if self._sig != other._sig:
            return False
        try:
            return list.__eq__(self, other)
        except Exception as e:
            raise ValueError(
                "Exception raised while checking equality of metadata fields of pytree. "
                "Make sure that metadata fields are hashable and have simple equality "
                "semantics. (Note: arrays cannot be passed as metadata fields!)") from e

    def __ne__(self, other: object) -> bool:
        # jaxlib answers False for a non-PyTreeDef, for != as for ==.
        if type(other) is not PyTreeDef:
            return False
        return not self.__eq__(other)

    def __hash__(self) -> int:
        # Only the kinds, arities and custom types: node data need not be hashable.
        h = self._hash
        if h is None:
            h = self._hash = hash(self._sig)
        return h

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        agenda: list[str] = []
        di = 0
        for node in self._sig:
            n = node.arity
            kind = node.kind
            if kind == _LEAF_KIND:
                agenda.append("*")
                continue
            children = agenda[len(agenda) - n:] if n else []
            if n:
                del agenda[-n:]
            if kind == _NONE_KIND:
                text = "None"
            elif kind == _TUPLE_KIND:
                text = "(" + ", ".join(children) + ("," if n == 1 else "") + ")"
            elif kind == _LIST_KIND:
                text = "[" + ", ".join(children) + "]"
            elif kind == _DICT_KIND:
                keys = self[di:di + n]
                text = "{" + ", ".join(f"{k!r}: {c}" for k, c in zip(keys, children)) + "}"
            elif kind == _NAMEDTUPLE_KIND:
                cls = self[di]
                text = f"CustomNode(namedtuple[{cls.__name__}], [{', '.join(children)}])"
            else:
                name = node.family.type.__name__
                text = f"CustomNode({name}[{self[di]}], [{', '.join(children)}])"
            di += node.ndata
            agenda.append(text)
        if len(agenda) != 1:
            raise RuntimeError("PyTreeDef traversal did not yield a singleton.")
        return f"PyTreeDef({agenda[0]})"

    __str__ = __repr__

    # -- sizes ---------------------------------------------------------------------

    @property
    def num_leaves(self) -> int:
        return self._num_leaves

    @property
    def num_nodes(self) -> int:
        return len(self._sig)

    # -- rebuilding ----------------------------------------------------------------

    def unflatten(self, leaves: Iterable[Any], /) -> Any:
        n = self._num_leaves
        if type(leaves) is not list and type(leaves) is not tuple:
            # At most one leaf too many is taken, as jaxlib's C++ does.
            leaves = list(islice(leaves, n + 1))
        if len(leaves) != n:
            if len(leaves) < n:
                raise ValueError(
                    f"Too few leaves for PyTreeDef; expected {n}, got {len(leaves)}")
            raise ValueError(f"Too many leaves for PyTreeDef; expected {n}.")
        builder = self._builder
        if builder is None:
            self._builder = _UNFLATTEN_AGAIN
            return self._unflatten_loop(leaves)
        if builder is _UNFLATTEN_AGAIN:
            builder = self._builder = _compile(self._sig, self)
        return builder(iter(leaves))

    def _unflatten_loop(self, leaves: list) -> Any:
        """One pass over the nodes with a stack; ``leaves`` has the right length."""
        stack: list = []
        push = stack.append
        next_leaf = iter(leaves).__next__
        di = 0
        for node in self._sig:
            if node is _LEAF:
                push(next_leaf())
                continue
            n = node.arity
            if n:
                children = stack[-n:]
                del stack[-n:]
            else:
                children = []
            kind = node.kind
            if kind == _TUPLE_KIND:
                push(tuple(children))
            elif kind == _LIST_KIND:
                push(children)
            elif kind == _DICT_KIND:
                push(dict(zip(self[di:di + n], children)))
            elif kind == _NONE_KIND:
                push(None)
            else:
                push(_make_node(node, self[di], children))
            di += node.ndata
        return stack[0]

    def walk(self, f_node: Callable[[Any, Any], Any], f_leaf: Callable[[_T], Any] | None,
             leaves: Iterable[Any], /) -> Any:
        """Walk pytree, calling f_node(node, node_data) at nodes, and f_leaf at leaves"""
        stack: list = []
        it = iter(leaves)
        di = 0
        for node in self._sig:
            if node.kind == _LEAF_KIND:
                leaf = next(it, _MISSING)
                if leaf is _MISSING:
                    raise ValueError("Too few leaves for PyTreeDef")
                stack.append(leaf if f_leaf is None else f_leaf(leaf))
                continue
            n = node.arity
            children = tuple(stack[len(stack) - n:]) if n else ()
            if n:
                del stack[-n:]
            stack.append(f_node(children, self._node_data_of(node, di)))
            di += node.ndata
        if next(it, _MISSING) is not _MISSING:
            raise ValueError("Too many leaves for PyTreeDef")
        return stack[0]

    def _node_data_of(self, node: _Node, di: int):
        """The node data as f_node and node_data() show it."""
        if node.kind == _DICT_KIND:
            return self[di:di + node.arity]
        if node.ndata:
            return self[di]
        return None

    def from_iterable_tree(self, xs: Any, /) -> Any:
        sig = self._sig
        spans = _subtree_spans(sig)
        pos = [len(sig) - 1]

        def build(x):
            if pos[0] < 0:
                raise ValueError("Tree structures did not match.")
            i = pos[0]
            pos[0] -= 1
            node = sig[i]
            if node.kind == _LEAF_KIND:
                return x
            ys = list(x)
            if len(ys) != node.arity:
                raise ValueError("Arity mismatch between trees")
            for j in range(node.arity - 1, -1, -1):
                ys[j] = build(ys[j])
            return _build_node(node, self, spans[i][2] - node.ndata, ys)

        out = build(xs)
        if pos[0] != -1:
            raise ValueError("Tree structures did not match.")
        return out

    # -- taking other trees apart along this structure -------------------------------

    def flatten_up_to(self, tree: Any) -> list:
        sig = self._sig
        table = self._registry._table
        leaves = [None] * self._num_leaves
        leaf = self._num_leaves - 1
        agenda = [tree]
        pos = len(sig) - 1
        di = len(self)  # node data is consumed from the end
        while agenda:
            if pos < 0:
                raise ValueError(f"Tree structures did not match: {tree!r} vs {self}")
            node = sig[pos]
            pos -= 1
            obj = agenda.pop()
            kind = node.kind
            if kind == _LEAF_KIND:
                if leaf < 0:
                    raise RuntimeError("Leaf count mismatch.")
                leaves[leaf] = obj
                leaf -= 1
            elif kind == _NONE_KIND:
                if obj is not None:
                    raise ValueError(
                        f"Expected None, got {obj!r}.\n\nIn previous releases of JAX, "
                        "flatten-up-to used to consider None to be a tree-prefix of non-None "
                        "values. To obtain the previous behavior, you can usually write:\n"
                        "  jax.tree.map(lambda x, y: None if x is None else f(x, y), a, b, "
                        "is_leaf=lambda x: x is None)")
            elif kind == _TUPLE_KIND:
                if type(obj) is not tuple:
                    raise ValueError(f"Expected tuple, got {obj!r}.")
                if len(obj) != node.arity:
                    raise ValueError(f"Tuple arity mismatch: {len(obj)} != {node.arity}; "
                                     f"tuple: {obj!r}.")
                agenda.extend(obj)
            elif kind == _LIST_KIND:
                if type(obj) is not list:
                    raise ValueError(f"Expected list, got {obj!r}.")
                if len(obj) != node.arity:
                    raise ValueError(f"List arity mismatch: {len(obj)} != {node.arity}; "
                                     f"list: {obj!r}.")
                agenda.extend(obj)
            elif kind == _DICT_KIND:
                if type(obj) is not dict:
                    raise ValueError(f"Expected dict, got {obj!r}.")
                keys = _sorted_keys(obj)
                di -= node.arity
                expected = self[di:di + node.arity]
                if len(keys) != len(expected) or any(a != b for a, b in zip(keys, expected)):
                    raise ValueError(f"Dict key mismatch; expected keys: {expected!r}; "
                                     f"present keys: {keys!r}.")
                agenda.extend([obj[k] for k in keys])
            elif kind == _NAMEDTUPLE_KIND:
                if not isinstance(obj, tuple) or not hasattr(obj, "_fields"):
                    raise ValueError(f"Expected named tuple, got {obj!r}.")
                if len(obj) != node.arity:
                    raise ValueError(f"Named tuple arity mismatch: {len(obj)} != "
                                     f"{node.arity}; tuple: {obj!r}.")
                di -= 1
                if type(obj) is not self[di]:
                    raise ValueError(f"Named tuple type mismatch: expected type: "
                                     f"{self[di]!r}, tuple: {obj!r}.")
                agenda.extend(obj)
            else:
                di -= 1
                agenda.extend(self._custom_children_up_to(node, table, obj, self[di]))
        if pos != -1 or leaf != -1:
            raise ValueError(f"Tree structures did not match: {tree!r} vs {self}")
        return leaves

    def _custom_children_up_to(self, node: _Node, table: _TypeTable, obj, node_data):
        reg = table.get(type(obj))
        fam = node.family
        dataclass = node.kind == _DATACLASS_KIND
        if reg is None or reg.family is not fam:
            what = "Custom dataclass node" if dataclass else "Custom node"
            raise ValueError(f"{what} type mismatch: expected type: {fam.type!r}, "
                             f"value: {obj!r}.")
        if dataclass:
            aux = _dataclass_meta(reg, obj)
            children = [getattr(obj, f) for f in reg.data_fields]
        else:
            children, aux = _to_iterable(reg, obj)
        if node_data != aux:
            what = "custom dataclass node data" if dataclass else "custom node data"
            raise ValueError(f"Mismatch {what}: {node_data!r} != {aux!r}; value: {obj!r}.")
        if len(children) != node.arity:
            raise ValueError(f"Custom type arity mismatch: {len(children)} != {node.arity}; "
                             f"value: {obj!r}.")
        return children

    # -- structure surgery -----------------------------------------------------------

    def children(self) -> list[PyTreeDef]:
        sig = self._sig
        if not sig:
            return []
        spans = _subtree_spans(sig)
        root = sig[-1]
        out = []
        # The root's children are the subtrees that end right before it.
        end = len(sig) - 1
        for _ in range(root.arity):
            start, dstart, dend = spans[end - 1]
            out.append(_make_treedef(self._registry, sig[start:end], self[dstart:dend]))
            end = start
        out.reverse()
        return out

    def compose(self, inner: PyTreeDef, /) -> PyTreeDef:
        if inner._registry is not self._registry:
            raise ValueError("PyTree registries of PyTreeDefs passed to Compose() must match.")
        sig: list = []
        data: list = []
        di = 0
        for node in self._sig:
            if node.kind == _LEAF_KIND:
                sig.extend(inner._sig)
                data.extend(inner)
            else:
                sig.append(node)
                data.extend(self[di:di + node.ndata])
                di += node.ndata
        return _make_treedef(self._registry, sig, data,
                             self._num_leaves * inner._num_leaves)

    def node_data(self) -> tuple[type, Any] | None:
        """Returns None if a leaf-pytree, else (type, node_data)"""
        sig = self._sig
        if not sig:
            raise RuntimeError("empty PyTreeDef traversal.")
        node = sig[-1]
        kind = node.kind
        if kind == _LEAF_KIND:
            return None
        di = len(self) - node.ndata
        if kind == _NONE_KIND:
            return type(None), None
        if kind == _TUPLE_KIND:
            return tuple, None
        if kind == _LIST_KIND:
            return list, None
        if kind == _DICT_KIND:
            return dict, self[di:]
        if kind == _NAMEDTUPLE_KIND:
            return self[di], None
        return node.family.type, self[di]

    @staticmethod
    def from_node_data_and_children(registry: PyTreeRegistry,
                                    node_data: tuple[type, Any] | None,
                                    children: Iterable[PyTreeDef]) -> PyTreeDef:
        """Reconstructs a pytree from `node_data()` and `children()`."""
        sig: list = []
        data: list = []
        arity = 0
        num_leaves = 0
        for child in children:
            if type(child) is not PyTreeDef:
                raise TypeError(f"expected a PyTreeDef, got {type(child).__name__}")
            sig.extend(child._sig)
            data.extend(child)
            num_leaves += child._num_leaves
            arity += 1
        if node_data is None:
            sig.append(_LEAF)
            return _make_treedef(registry, sig, data, num_leaves + 1)
        node_type, aux = node_data
        if _is_tuple_type_with_fields(node_type):
            data.append(node_type)
            sig.append(_builtin_node(_NAMEDTUPLE_KIND, arity))
            return _make_treedef(registry, sig, data, num_leaves)
        reg = registry._table.get(node_type)
        if reg is None or reg.kind == _WARN_KIND:
            raise RuntimeError(f"Could not find type: {node_type!r}.")
        kind = reg.kind
        if kind == _CUSTOM_KIND or kind == _DATACLASS_KIND:
            data.append(aux)
            sig.append(reg.family.node(arity))
        elif kind == _DICT_KIND:
            keys = list(aux)
            data.extend(keys)
            sig.append(_builtin_node(_DICT_KIND, len(keys)))
        else:
            sig.append(_node_for(kind, arity, None))
        return _make_treedef(registry, sig, data, num_leaves)

    # -- pickling and serialization --------------------------------------------------

    def __getstate__(self) -> object:
        traversal = []
        leaves_stack: list[tuple[int, int]] = []
        di = 0
        for node in self._sig:
            # num_leaves and num_nodes of each subtree, as jaxlib pickles them.
            n = node.arity
            nl = int(node.kind == _LEAF_KIND)
            nn = 1
            for _ in range(n):
                cl, cn = leaves_stack.pop()
                nl += cl
                nn += cn
            leaves_stack.append((nl, nn))
            if node.kind == _DICT_KIND:
                node_data = self[di:di + n]
            elif node.ndata:
                node_data = self[di]
            else:
                node_data = None
            custom_type = node.family.type if node.family is not None else None
            traversal.append((node.kind, n, node_data, custom_type, nl, nn))
            di += node.ndata
        return (self._registry, traversal)

    def __setstate__(self, state: object, /) -> None:
        if not isinstance(state, tuple) or len(state) != 2:
            raise XlaRuntimeError("Malformed pickled PyTreeDef, expected 2-tuple")
        registry, traversal = state
        sig = []
        data: list = []
        for item in traversal:
            if len(item) != 6:
                raise XlaRuntimeError("Malformed pickled PyTreeDef")
            kind, arity, node_data, custom_type, _, _ = item
            if kind == _DICT_KIND:
                data.extend(node_data)
                sig.append(_builtin_node(kind, arity))
            elif kind == _NAMEDTUPLE_KIND:
                data.append(node_data)
                sig.append(_builtin_node(kind, arity))
            elif kind == _CUSTOM_KIND or kind == _DATACLASS_KIND:
                reg = registry._table.get(custom_type) if custom_type is not None else None
                if reg is None or reg.family is None:
                    raise XlaRuntimeError(
                        f"Unknown custom type in pickled PyTreeDef: {custom_type!r}")
                data.append(node_data)
                sig.append(reg.family.node(arity))
            elif kind in (_LEAF_KIND, _NONE_KIND, _TUPLE_KIND, _LIST_KIND):
                if node_data is not None or custom_type is not None:
                    raise XlaRuntimeError("Malformed pickled PyTreeDef")
                sig.append(_node_for(kind, arity, None))
            else:
                raise XlaRuntimeError("Malformed pickled PyTreeDef")
        self.clear()
        self.extend(data)
        self._registry = registry
        self._sig = tuple(sig)
        self._num_leaves = self._sig.count(_LEAF)
        self._hash = None
        self._builder = None

    def __reduce__(self):
        return (_new_treedef, (), self.__getstate__())

    def serialize_using_proto(self) -> bytes:
        from jaxlib._src.jax_api import _pytree_proto

        return _pytree_proto.serialize(self._sig, self)

    @staticmethod
    def deserialize_using_proto(registry: PyTreeRegistry, data: bytes) -> PyTreeDef:
        from jaxlib._src.jax_api import _pytree_proto

        nodes = _pytree_proto.deserialize(data)
        sig = []
        items: list = []
        for kind, arity, dict_keys in nodes:
            if kind == _DICT_KIND:
                items.extend(dict_keys)
                sig.append(_builtin_node(kind, len(dict_keys)))
            else:
                sig.append(_node_for(kind, arity, None))
        return _make_treedef(registry, sig, items)


def _make_node(node: _Node, node_data, children: list):
    """Builds a namedtuple, custom or dataclass node from its children."""
    kind = node.kind
    if kind == _NAMEDTUPLE_KIND:
        return node_data(*children)
    fam = node.family
    if kind == _CUSTOM_KIND:
        return fam.from_iterable(node_data, tuple(children))
    kwargs = dict(zip(fam.meta_fields, node_data))
    kwargs.update(zip(fam.data_fields, children))
    return fam.type(**kwargs)


def _build_node(node: _Node, data: list, di: int, children: list):
    kind = node.kind
    if kind == _TUPLE_KIND:
        return tuple(children)
    if kind == _LIST_KIND:
        return list(children)
    if kind == _DICT_KIND:
        return dict(zip(data[di:di + node.arity], children))
    if kind == _NONE_KIND:
        return None
    return _make_node(node, data[di], children)


def _subtree_spans(sig: tuple) -> list[tuple[int, int, int]]:
    """For each node: (first node index, first data index, data end) of its subtree."""
    spans: list[tuple[int, int, int]] = []
    stack: list[tuple[int, int]] = []
    di = 0
    for i, node in enumerate(sig):
        n = node.arity
        if n:
            start, dstart = stack[-n]
            del stack[-n:]
        else:
            start, dstart = i, di
        di += node.ndata
        stack.append((start, dstart))
        spans.append((start, dstart, di))
    return spans


def _compile(sig: tuple, data: list) -> Callable[[Any], Any]:
    """Turns a structure into nested closures that rebuild it from a leaf iterator.

    Containers whose children are all leaves are filled straight from the
    iterator (``tuple(islice(it, n))`` and the like), so a typical argument tree
    costs a handful of Python calls however many leaves it has."""
    stack: list[tuple[bool, Callable]] = []  # (is_leaf, builder)
    di = 0
    for node in sig:
        kind = node.kind
        if kind == _LEAF_KIND:
            stack.append((True, next))
            continue
        n = node.arity
        kids = stack[len(stack) - n:] if n else []
        if n:
            del stack[-n:]
        all_leaves = all(is_leaf for is_leaf, _ in kids)
        builders = tuple(b for _, b in kids)
        stack.append((False, _node_builder(node, data, di, n, all_leaves, builders)))
        di += node.ndata
    return stack[0][1]


def _node_builder(node: _Node, data: list, di: int, n: int, all_leaves: bool,
                  builders: tuple) -> Callable:
    kind = node.kind
    if kind == _NONE_KIND:
        return lambda it: None
    if all_leaves:
        if kind == _TUPLE_KIND:
            return lambda it: tuple(islice(it, n))
        if kind == _LIST_KIND:
            return lambda it: list(islice(it, n))
        if kind == _DICT_KIND:
            keys = tuple(data[di:di + n])
            return lambda it: dict(zip(keys, islice(it, n)))
        if kind == _NAMEDTUPLE_KIND:
            cls = data[di]
            return lambda it: cls(*islice(it, n))
        node_data = data[di]
        return lambda it: _make_node(node, node_data, list(islice(it, n)))
    if kind == _TUPLE_KIND:
        # Small tuples (jit's (args, kwargs), pairs) without a comprehension frame.
        if n == 2:
            b0, b1 = builders
            return lambda it: (b0(it), b1(it))
        if n == 3:
            b0, b1, b2 = builders
            return lambda it: (b0(it), b1(it), b2(it))
        return lambda it: tuple([b(it) for b in builders])
    if kind == _LIST_KIND:
        return lambda it: [b(it) for b in builders]
    if kind == _DICT_KIND:
        keys = tuple(data[di:di + n])
        return lambda it: dict(zip(keys, [b(it) for b in builders]))
    node_data = data[di]
    return lambda it: _make_node(node, node_data, [b(it) for b in builders])


def treedef_tuple(registry: PyTreeRegistry, treedefs: Sequence[PyTreeDef], /) -> PyTreeDef:
    sig: list = []
    data: list = []
    num_leaves = 0
    treedefs = list(treedefs)
    for td in treedefs:
        if td._registry is not registry:
            raise ValueError("PyTree registries of PyTreeDefs passed to Tuple() must match.")
        sig.extend(td._sig)
        data.extend(td)
        num_leaves += td._num_leaves
    sig.append(_builtin_node(_TUPLE_KIND, len(treedefs)))
    return _make_treedef(registry, sig, data, num_leaves)


def all_leaves(registry: PyTreeRegistry, iterable: Iterable, /) -> bool:
    table = registry._table
    for x in iterable:
        reg = table.get(type(x))
        if reg is not None:
            if reg.kind != _WARN_KIND:
                return False
        elif _is_namedtuple(x, table):
            return False
    return True


# -- key path entries ---------------------------------------------------------------


class SequenceKey(Hashable):
    """The index of a child in a tuple or list."""

    __slots__ = ("_idx",)
    __match_args__ = ("idx",)

    def __init__(self, idx: int) -> None:
        self._idx = _as_int(idx)

    @property
    def idx(self) -> int:
        return self._idx

    def __str__(self) -> str:
        return f"[{self._idx}]"

    def __repr__(self) -> str:
        return f"SequenceKey(idx={self._idx})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SequenceKey) and self._idx == other._idx

    def __hash__(self) -> int:
        return self._idx + 1

    def __getstate__(self) -> tuple:
        return (self._idx,)

    def __setstate__(self, state: tuple, /) -> None:
        if len(state) != 1:
            raise XlaRuntimeError("Malformed pickled SequenceKey, expected 1-tuple")
        self._idx = _as_int(state[0])


class DictKey(Hashable):
    """The key of a child in a dict."""

    __slots__ = ("_key",)
    __match_args__ = ("key",)

    def __init__(self, key: object | None) -> None:
        self._key = key

    @property
    def key(self) -> object:
        return self._key

    def __str__(self) -> str:
        return f"[{self._key!r}]"

    def __repr__(self) -> str:
        return f"DictKey(key={self._key!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DictKey) and bool(self._key == other._key)

    def __hash__(self) -> int:
        return hash(self._key)

    def __getstate__(self) -> tuple:
        return (self._key,)

    def __setstate__(self, state: tuple, /) -> None:
        if len(state) != 1:
            raise XlaRuntimeError("Malformed pickled DictKey, expected 1-tuple")
        self._key = state[0]


class GetAttrKey(Hashable):
    """The attribute name of a child (namedtuple fields, dataclass fields)."""

    __slots__ = ("_name",)
    __match_args__ = ("name",)

    def __init__(self, name: str) -> None:
        if not isinstance(name, str):
            raise TypeError(f"GetAttrKey name must be a str, got {type(name).__name__}")
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    def __str__(self) -> str:
        return f".{self._name}"

    def __repr__(self) -> str:
        return f"GetAttrKey(name='{self._name}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GetAttrKey) and self._name == other._name

    def __hash__(self) -> int:
        return hash(self._name)

    def __getstate__(self) -> tuple:
        return (self._name,)

    def __setstate__(self, state: tuple, /) -> None:
        if len(state) != 1:
            raise XlaRuntimeError("Malformed pickled GetAttrKey, expected 1-tuple")
        self._name = str(state[0])


class FlattenedIndexKey(Hashable):
    """The position of a child of a custom node that has no key function."""

    __slots__ = ("_key",)
    __match_args__ = ("key",)

    def __init__(self, key: int) -> None:
        self._key = _as_int(key)

    @property
    def key(self) -> int:
        return self._key

    def __str__(self) -> str:
        return f"[<flat index {self._key}>]"

    def __repr__(self) -> str:
        return f"FlattenedIndexKey(key={self._key})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FlattenedIndexKey) and self._key == other._key

    def __hash__(self) -> int:
        return self._key + 42

    def __getstate__(self) -> tuple:
        return (self._key,)

    def __setstate__(self, state: tuple, /) -> None:
        if len(state) != 1:
            raise XlaRuntimeError("Malformed pickled FlattenedIndexKey, expected 1-tuple")
        self._key = _as_int(state[0])


def _as_int(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            return int(value.__index__())
        except AttributeError:
            raise TypeError(f"expected an int, got {type(value).__name__}") from None
    return int(value)


# Keys are immutable, so the small sequence keys of key paths are shared.
_SEQUENCE_KEYS = [SequenceKey(i) for i in range(256)]


def _sequence_key(i: int) -> SequenceKey:
    return _SEQUENCE_KEYS[i] if i < 256 else SequenceKey(i)


_default_registry = PyTreeRegistry()


def default_registry() -> PyTreeRegistry:
    return _default_registry
