"""jaxlib._jax.pytree: flattening, structures, key paths, errors, pickling."""

from __future__ import annotations

import collections
import copy
import dataclasses
import gc
import pickle
import warnings

import pytest

from jaxlib._jax import pytree
from jaxlib._src.jax_api import pytree as impl

Point = collections.namedtuple("Point", "x y")
registry = pytree.default_registry()


class Box:
    """A custom node: one child, aux data 'label'."""

    def __init__(self, value, label="box"):
        self.value = value
        self.label = label

    def __eq__(self, other):
        return type(other) is Box and other.value == self.value and other.label == self.label


def box_flatten(b):
    return (b.value,), b.label


def box_unflatten(label, children):
    return Box(children[0], label)


custom_registry = pytree.PyTreeRegistry()
custom_registry.register_node(
    Box, box_flatten, box_unflatten,
    lambda b: (((pytree.GetAttrKey("value"), b.value),), b.label))


@dataclasses.dataclass
class DC:
    a: object
    b: object
    meta: str = "m"


custom_registry.register_dataclass_node(DC, ["a", "b"], ["meta"])


def flatten(tree, reg=registry, **kw):
    return reg.flatten(tree, **kw)


# -- flatten / unflatten -------------------------------------------------------------


@pytest.mark.parametrize("tree", [
    None, 1, (), [], {}, (1,), [1, 2], {"b": 1, "a": 2}, (1, (2, [3, {"k": None}])),
    Point(1, (2, 3)), {"x": [Point(1, 2)], "y": (None, 4.0)}, [[], [[]], ((), None)],
])
def test_roundtrip(tree):
    leaves, td = flatten(tree)
    assert td.unflatten(leaves) == tree
    assert td.unflatten(leaves) == tree  # second use: the compiled builder
    assert td.num_leaves == len(leaves)
    assert td.unflatten(iter(leaves)) == tree  # any iterable


def test_leaf_order_and_dict_keys_sorted():
    leaves, td = flatten({"b": 1, "a": (2, 3), "c": [4]})
    assert leaves == [2, 3, 1, 4]
    out = td.unflatten(["A", "B", "C", "D"])
    assert list(out) == ["a", "b", "c"]  # rebuilt in sorted key order
    assert out == {"a": ("A", "B"), "b": "C", "c": ["D"]}


def test_none_is_a_node_without_children():
    leaves, td = flatten((None, 1))
    assert leaves == [1]
    assert str(td) == "PyTreeDef((None, *))"
    none_leaf = pytree.PyTreeRegistry(enable_none=False)
    leaves, td = none_leaf.flatten((None, 1))
    assert leaves == [None, 1]


def test_disabled_kinds_are_leaves():
    reg = pytree.PyTreeRegistry(enable_tuple=False, enable_list=False, enable_dict=False,
                                enable_namedtuple=False)
    for tree in ((1, 2), [1], {"a": 1}, Point(1, 2)):
        assert reg.flatten(tree)[0] == [tree]


def test_namedtuple_and_subclass_of_tuple():
    class NotNamed(tuple):
        pass

    leaves, td = flatten(Point(1, 2))
    assert leaves == [1, 2]
    assert str(td) == "PyTreeDef(CustomNode(namedtuple[Point], [*, *]))"
    assert type(td.unflatten([3, 4])) is Point
    assert flatten(NotNamed((1, 2)))[0] == [NotNamed((1, 2))]  # a leaf
    # Many leaves under a namedtuple: the batch path must not swallow it.
    leaves, _ = flatten([Point(1, 2)] * 5 + [0])
    assert leaves == [1, 2] * 5 + [0]


def test_large_containers():
    tree = {f"k{i:03d}": list(range(i % 7)) for i in range(200)}
    leaves, td = flatten(tree)
    assert td.unflatten(leaves) == tree
    assert td.unflatten(leaves) == tree
    big = tuple(range(300))
    assert flatten(big)[1].unflatten(list(big)) == big


def test_custom_and_dataclass_nodes():
    tree = [Box(1), DC(a=(2, 3), b=Box(4, "inner"), meta="z")]
    leaves, td = custom_registry.flatten(tree)
    assert leaves == [1, 2, 3, 4]
    assert td.unflatten(leaves) == tree
    assert td.unflatten(leaves) == tree
    assert str(td) == ("PyTreeDef([CustomNode(Box[box], [*]), CustomNode(DC[('z',)], "
                       "[(*, *), CustomNode(Box[inner], [*])])])")
    # The default registry does not know Box: a leaf there.
    assert registry.flatten(Box(1))[0] == [Box(1)]


def test_custom_node_flatten_errors():
    reg = pytree.PyTreeRegistry()

    class Bad:
        pass

    reg.register_node(Bad, lambda b: "hello", lambda a, c: None)
    with pytest.raises(ValueError, match=r"\(children, aux_data\) tuple, got 'hello'"):
        reg.flatten(Bad())

    class Bad2:
        pass

    reg.register_node(Bad2, lambda b: (7, 7), lambda a, c: None)
    with pytest.raises(ValueError, match="where 'children' is iterable, got \\(7, 7\\)"):
        reg.flatten(Bad2())


def test_duplicate_registration():
    reg = pytree.PyTreeRegistry()
    reg.register_node(Box, box_flatten, box_unflatten)
    with pytest.raises(ValueError, match="Duplicate custom PyTreeDef type registration"):
        reg.register_node(Box, box_flatten, box_unflatten)
    with pytest.raises(ValueError, match="Duplicate custom dataclass PyTreeDef"):
        reg.register_dataclass_node(Box, [], [])


def test_unsortable_dict_keys():
    with pytest.raises(ValueError, match="Comparator raised exception"):
        flatten({1: 1, "a": 2})


def test_unflatten_leaf_count_errors():
    _, td = flatten((1, 2))
    with pytest.raises(ValueError, match="Too few leaves for PyTreeDef; expected 2, got 1"):
        td.unflatten([1])
    with pytest.raises(ValueError, match="Too many leaves for PyTreeDef; expected 2"):
        td.unflatten([1, 2, 3])
    td.unflatten([1, 2])
    with pytest.raises(ValueError, match="Too few leaves"):  # after compiling too
        td.unflatten([1])


def test_is_leaf_predicate():
    tree = {"a": (1, 2), "b": [3, (4,)]}
    leaves, td = flatten(tree, leaf_predicate=lambda x: isinstance(x, tuple))
    assert leaves == [(1, 2), 3, (4,)]
    assert td.unflatten(leaves) == tree
    assert flatten(tree, leaf_predicate=lambda x: None)[0] == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="non-boolean value 1"):
        flatten(tree, leaf_predicate=lambda x: 1)


def test_iterable_leaves_warn():
    for it in (iter([]), (x for x in []), {}.values(), zip(), map(abs, [])):
        with pytest.warns(DeprecationWarning, match="is treated as a leaf in PyTree"):
            assert flatten(it)[0] == [it]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        v = {}.values()
        flatten(v, leaf_predicate=lambda x: x is v)  # a predicate silences it


# -- structures ----------------------------------------------------------------------


def test_equality_and_hash():
    _, a = flatten({"a": (1, 2), "b": Point(1, 2)})
    _, b = flatten({"a": ("x", "y"), "b": Point(3, 4)})
    _, c = flatten({"a": (1, 2), "c": Point(1, 2)})
    assert a == b and hash(a) == hash(b) and not a != b
    assert a != c and not a == c
    assert (a != 5) is False  # jaxlib answers False for non-treedefs, != included
    assert (a == 5) is False
    # Equal structures from two registries that register the same way are equal.
    _, d = pytree.PyTreeRegistry().flatten({"a": (1, 2), "b": Point(1, 2)})
    assert a == d and hash(a) == hash(d)


def test_equality_of_custom_node_data():
    _, a = custom_registry.flatten(Box(1, "x"))
    _, b = custom_registry.flatten(Box(2, "x"))
    _, c = custom_registry.flatten(Box(1, "y"))
    assert a == b and a != c
    assert hash(a) == hash(c)  # node data is not hashed

    class NoEq:
        def __eq__(self, other):
            raise RuntimeError("boom")

        __hash__ = object.__hash__

    _, e = custom_registry.flatten(Box(1, NoEq()))
    _, f = custom_registry.flatten(Box(1, NoEq()))
    with pytest.raises(ValueError, match="Exception raised while checking equality"):
        e == f  # noqa: B015


def test_repr():
    _, td = flatten(((1, "foo"), ["bar", (3, None, 7)], {"a": 1}, (4,)))
    assert str(td) == "PyTreeDef(((*, *), [*, (*, None, *)], {'a': *}, (*,)))"
    assert repr(flatten({})[1]) == "PyTreeDef({})"
    assert repr(flatten(1)[1]) == "PyTreeDef(*)"


def test_children_node_data_and_rebuild():
    tree = {"a": (1, [2, 3]), "b": Point(4, None), "c": 5}
    _, td = flatten(tree)
    kids = td.children()
    assert [str(k) for k in kids] == [
        "PyTreeDef((*, [*, *]))", "PyTreeDef(CustomNode(namedtuple[Point], [*, None]))",
        "PyTreeDef(*)"]
    assert td.node_data() == (dict, ["a", "b", "c"])
    assert kids[1].node_data() == (Point, None)
    assert kids[2].node_data() is None
    rebuilt = pytree.PyTreeDef.from_node_data_and_children(registry, td.node_data(), kids)
    assert rebuilt == td and rebuilt.num_leaves == td.num_leaves
    assert flatten(1)[1].children() == []


def test_from_node_data_custom_and_unknown_type():
    c = DC(1, 2, "q")
    leaves, td = custom_registry.flatten(c)
    td2 = pytree.PyTreeDef.from_node_data_and_children(
        custom_registry, td.node_data(), td.children())
    assert td2.unflatten(leaves) == c and str(td2) == str(td)
    with pytest.raises(RuntimeError, match="Could not find type"):
        pytree.PyTreeDef.from_node_data_and_children(registry, (Box, None), [])


def test_num_nodes_and_walk():
    tree = (1, [2, {"k": 3}], None)
    leaves, td = flatten(tree)
    assert td.num_nodes == 7 and td.num_leaves == 3
    out = td.walk(lambda children, data: (children, data), lambda x: x * 10, leaves)
    assert out == ((10, ((20, ((30,), ["k"])), None), ((), None)), None)


def test_flatten_up_to():
    _, td = flatten((1, [2, 3]))
    assert td.flatten_up_to(({"a": 1}, [(2,), None])) == [{"a": 1}, (2,), None]
    with pytest.raises(ValueError, match="Expected tuple, got"):
        td.flatten_up_to([1, [2, 3]])
    with pytest.raises(ValueError, match="List arity mismatch: 3 != 2"):
        td.flatten_up_to((1, [2, 3, 4]))
    _, td = flatten({"a": 1, "b": 2})
    with pytest.raises(ValueError, match="Dict key mismatch"):
        td.flatten_up_to({"a": 1, "c": 2})
    _, td = flatten(None)
    with pytest.raises(ValueError, match=r"Expected None, got \[2\]"):
        td.flatten_up_to([2])
    Point2 = collections.namedtuple("Point2", "x y")
    _, td = flatten(Point(1, 2))
    with pytest.raises(ValueError, match="Named tuple type mismatch"):
        td.flatten_up_to(Point2(1, 2))
    _, td = custom_registry.flatten([Box(1, "a"), DC(1, 2)])
    assert td.flatten_up_to([Box((5,), "a"), DC([6], 7)]) == [(5,), [6], 7]
    with pytest.raises(ValueError, match="Custom node type mismatch"):
        td.flatten_up_to([DC(1, 2), DC(1, 2)])
    with pytest.raises(ValueError, match="Mismatch custom node data"):
        td.flatten_up_to([Box(1, "b"), DC(1, 2)])


def test_compose_and_treedef_tuple():
    _, outer = flatten((1, [2]))
    _, inner = flatten({"a": 0, "b": (0,)})
    both = outer.compose(inner)
    assert str(both) == "PyTreeDef(({'a': *, 'b': (*,)}, [{'a': *, 'b': (*,)}]))"
    assert both.num_leaves == 4
    assert both.unflatten(range(4)) == ({"a": 0, "b": (1,)}, [{"a": 2, "b": (3,)}])
    tup = pytree.treedef_tuple(registry, [outer, inner])
    assert tup == flatten(((1, [2]), {"a": 0, "b": (0,)}))[1]
    with pytest.raises(ValueError, match="registries of PyTreeDefs passed to Tuple"):
        pytree.treedef_tuple(custom_registry, [outer])
    with pytest.raises(ValueError, match="passed to Compose"):
        outer.compose(custom_registry.flatten(1)[1])


def test_from_iterable_tree():
    _, td = flatten(((1, 2), [3, {"a": 4}]))
    out = td.from_iterable_tree([[10, 20], (30, ["A"])])
    assert out == ((10, 20), [30, {"a": "A"}])


def test_all_leaves_and_is_node():
    assert pytree.all_leaves(registry, [1, "a", 2.0])
    assert not pytree.all_leaves(registry, [1, (2,)])
    assert not pytree.all_leaves(registry, [None])
    assert pytree.all_leaves(registry, [iter([])])
    assert registry.is_node(tuple) and registry.is_node(Point)
    assert not registry.is_node(int) and not registry.is_node(type(iter([])))
    assert custom_registry.is_node(Box) and not registry.is_node(Box)


def test_flatten_one_level():
    assert registry.flatten_one_level((1, 2)) == ((1, 2), None)
    assert registry.flatten_one_level({"b": 1, "a": 2}) == ((2, 1), ("a", "b"))
    assert registry.flatten_one_level(None) == ((), None)
    assert registry.flatten_one_level(Point(1, 2)) == ([1, 2], Point)
    assert registry.flatten_one_level(3) is None
    assert custom_registry.flatten_one_level(Box(1, "x")) == ((1,), "x")
    assert custom_registry.flatten_one_level(DC(1, 2, "m")) == ([1, 2], ("m",))
    keyed, data = registry.flatten_one_level_with_keys({"a": 1})
    assert keyed == ((pytree.DictKey("a"), 1),) and data == ("a",)
    keyed, _ = registry.flatten_one_level_with_keys(Point(1, 2))
    assert keyed == [(pytree.GetAttrKey("x"), 1), (pytree.GetAttrKey("y"), 2)]


# -- key paths -----------------------------------------------------------------------


def test_flatten_with_path():
    tree = {"a": [1, Point(2, 3)], "b": (Box(4),)}
    leaves, td = custom_registry.flatten_with_path(tree)
    S, D, G = pytree.SequenceKey, pytree.DictKey, pytree.GetAttrKey
    assert leaves == [
        ((D("a"), S(0)), 1), ((D("a"), S(1), G("x")), 2), ((D("a"), S(1), G("y")), 3),
        ((D("b"), S(0), G("value")), 4)]
    assert td == custom_registry.flatten(tree)[1]
    # Custom nodes without a key function get flattened-index keys.
    reg = pytree.PyTreeRegistry()
    reg.register_node(Box, box_flatten, box_unflatten)
    (path, _), = reg.flatten_with_path(Box(1))[0]
    assert path == (pytree.FlattenedIndexKey(0),)
    # Predicates see the path.
    seen = []
    reg.flatten_with_path((1, (2,)), lambda p, x: seen.append(p) or False)
    assert seen == [(), (S(0),), (S(1),), (S(1), S(0))]


def test_keys():
    S, D, G, F = (pytree.SequenceKey, pytree.DictKey, pytree.GetAttrKey,
                  pytree.FlattenedIndexKey)
    for key, text, rep in [(S(1), "[1]", "SequenceKey(idx=1)"),
                           (D("a"), "['a']", "DictKey(key='a')"),
                           (G("f"), ".f", "GetAttrKey(name='f')"),
                           (F(2), "[<flat index 2>]", "FlattenedIndexKey(key=2)")]:
        assert str(key) == text and repr(key) == rep
        assert pickle.loads(pickle.dumps(key)) == key
        assert copy.deepcopy(key) == key
    assert S(1) == S(1) and hash(S(1)) == 2 and S(1) != F(1)
    assert hash(F(1)) == 43 and hash(D("a")) == hash("a") and hash(G("a")) == hash("a")
    assert S(0) != 0
    match S(3):
        case pytree.SequenceKey(idx=i):
            assert i == 3
    assert S.__match_args__ == ("idx",) and D.__match_args__ == ("key",)
    assert G.__match_args__ == ("name",) and F.__match_args__ == ("key",)
    with pytest.raises(TypeError):
        S(1.5)


# -- pickling, protos, GC ------------------------------------------------------------


def test_pickle_and_copy():
    registry.__module__ = "jaxlib._jax.pytree"
    registry.__name__ = "_default_registry"
    try:
        tree = {"a": (1, [2]), "p": Point(1, None)}
        leaves, td = flatten(tree)
        td2 = pickle.loads(pickle.dumps(td))
        assert td2 == td and td2.unflatten(leaves) == tree
        assert copy.deepcopy(td) == td and copy.copy(td) == td
        state = td.__getstate__()
        assert state[0] is registry
        assert state[1][-1] == (impl._DICT_KIND, 2, ["a", "p"], None, 3, 8)
    finally:
        del registry.__module__, registry.__name__


def test_proto_roundtrip_and_errors():
    o = object()
    for tree in [({"a": o, "b": o}, [o, (o, o), None]), o, (), {"": [], "k": {}}]:
        _, td = flatten(tree)
        data = td.serialize_using_proto()
        assert isinstance(data, bytes)
        assert pytree.PyTreeDef.deserialize_using_proto(registry, data) == td
    with pytest.raises(ValueError, match="User-defined nodes are not supported"):
        flatten(Point(1, 2))[1].serialize_using_proto()
    with pytest.raises(ValueError, match="Only string keys"):
        flatten({1: 2})[1].serialize_using_proto()
    with pytest.raises(RuntimeError, match="Could not deserialize"):
        pytree.PyTreeDef.deserialize_using_proto(registry, b"\x0a\xff")


def test_gc_referents():
    _, td = flatten([1, {"k1": 2, "k2": Point(1, 2)}])
    refs = set(gc.get_referents(td))
    assert {pytree.PyTreeDef, registry, "k1", "k2", Point} <= refs
    reg = pytree.PyTreeRegistry()
    reg.register_node(Box, box_flatten, box_unflatten)
    assert {pytree.PyTreeRegistry, Box, box_flatten, box_unflatten} <= set(
        gc.get_referents(reg))


def test_treedef_is_not_constructible_and_registry_identity():
    with pytest.raises(TypeError):
        pytree.PyTreeDef()
    a, b = pytree.PyTreeRegistry(), pytree.PyTreeRegistry()
    assert a != b and a == a and bool(a) and hash(a) != hash(b)
    assert bool(flatten([])[1])  # an empty structure is still truthy


def test_parse_arguments():
    from jaxlib._jax import jax_jit

    sig, args = jax_jit.parse_arguments(
        positional_args=[1, 2, 3], keyword_args=[4, 5], kwnames=("a", "b"),
        static_argnums=[0, 2], static_argnames=["a"], pytree_registry=registry)
    _, leaf = registry.flatten(0)
    assert args == [2, 5]
    assert sig.static_args == [1, 3, 4]
    assert sig.static_arg_names == ["a"]
    assert sig.dynamic_arg_names == ["b"]
    assert sig.dynamic_arg_treedefs == [leaf, leaf]
    sig2, _ = jax_jit.parse_arguments((7, {"x": 8}, 9), (), (), (-3, 2), (), registry)
    assert sig2.static_args == [7, 9]
    assert sig2.dynamic_arg_treedefs == [flatten({"x": 0})[1]]
    # Keyword order does not matter; equal signatures hash alike.
    s1, a1 = jax_jit.parse_arguments([], [1, (2, 3)], ("z", "y"), [], [], registry)
    s2, a2 = jax_jit.parse_arguments([], [(4, 5), 6], ("y", "z"), [], [], registry)
    assert s1 == s2 and hash(s1) == hash(s2) and a1 == [2, 3, 1] and a2 == [4, 5, 6]
    s3, _ = jax_jit.parse_arguments([[]], [], (), [0], [], registry)
    with pytest.raises(ValueError, match="Non-hashable static arguments"):
        hash(s3)
    s4, _ = jax_jit.parse_arguments([1.0], [], (), [0], [], registry)
    s5, _ = jax_jit.parse_arguments([1], [], (), [0], [], registry)
    assert s4 != s5  # static args of different types never match
    assert "static args" in repr(s4)
