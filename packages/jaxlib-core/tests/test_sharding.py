"""Shardings: the OpSharding wire format, HloSharding text and semantics, and
the JAX-facing Sharding classes over a real 8-device CPU client."""

from __future__ import annotations

import itertools
import pickle

import numpy as np
import pytest

from jaxlib._src.runtime.client import make_cpu_client
from jaxlib._src.runtime.device import Device, DeviceList
from jaxlib._src.runtime.sharding import (
    UNCONSTRAINED,
    AxisType,
    Chunked,
    GSPMDSharding,
    HloSharding,
    Mesh,
    NamedSharding,
    NoSharding,
    OpSharding,
    P,
    PartitionSpec,
    PmapSharding,
    Replicated,
    ShardedAxis,
    Sharding,
    ShardingSpec,
    SingleDeviceSharding,
    Unstacked,
)

T = OpSharding.Type
H = HloSharding


@pytest.fixture(scope="module")
def client():
    return make_cpu_client(num_devices=8)


@pytest.fixture(scope="module")
def devices(client):
    return client.devices()


@pytest.fixture(scope="module")
def mesh(devices):
    return Mesh(np.array(devices).reshape(2, 4), ("x", "y"))


# --------------------------------------------------------------------------
# OpSharding wire format
# --------------------------------------------------------------------------


def test_default_op_sharding_serializes_to_nothing():
    proto = OpSharding()
    assert proto.type == T.REPLICATED
    assert proto.SerializeToString() == b""
    assert OpSharding.FromString(b"") == proto


def test_op_sharding_wire_bytes_follow_the_proto_field_numbers():
    proto = OpSharding(
        type=T.OTHER,
        tile_assignment_dimensions=[2, 1],
        tile_assignment_devices=[0, 1],
        replicate_on_last_tile_dim=True,
    )
    # field 1 varint 3; fields 3 and 4 packed; field 6 varint 1.
    assert proto.SerializeToString() == bytes.fromhex("08031a020201220200013001")


def test_op_sharding_round_trips_every_field():
    proto = OpSharding(
        type=T.OTHER,
        tile_shape=b"\x10\x0b",
        tile_assignment_dimensions=[2, 1, 2],
        tile_assignment_devices=[3, 2, 1, 0],
        tuple_shardings=[OpSharding(type=T.MAXIMAL, tile_assignment_devices=[-1])],
        replicate_on_last_tile_dim=True,
        metadata=[b"\x0a\x03add"],
        last_tile_dims=[T.MANUAL, T.REPLICATED],
        iota_reshape_dims=[4],
        iota_transpose_perm=[0],
        is_shard_group=True,
        shard_group_id=1 << 40,
        shard_group_type=OpSharding.ShardGroupType.LIKE,
    )
    data = proto.SerializeToString()
    back = OpSharding()
    assert back.ParseFromString(data) == len(data)
    assert back == proto
    assert back.tuple_shardings[0].tile_assignment_devices == [-1]  # 10-byte negative varint
    assert back.last_tile_dims == [T.MANUAL, T.REPLICATED]
    assert back.shard_group_id == 1 << 40


def test_op_sharding_reads_unpacked_repeated_fields_and_skips_unknown_fields():
    data = bytes.fromhex(
        "0803"  # type OTHER
        "1802"
        "1801"  # tile_assignment_dimensions 2, 1 (unpacked)
        "22020100"  # tile_assignment_devices [1, 0] (packed)
        "f80101"  # unknown field 31, varint
        "a2010300ff00"  # unknown field 20, 3 bytes
        "f90100000000000000ff"  # unknown field 31, fixed64
    )
    proto = OpSharding.FromString(data)
    assert proto.type == T.OTHER
    assert proto.tile_assignment_dimensions == [2, 1]
    assert proto.tile_assignment_devices == [1, 0]
    # A known field with the wrong wire type is malformed.
    with pytest.raises(ValueError, match="field 1"):
        OpSharding.FromString(data + bytes.fromhex("0d01020304"))


@pytest.mark.parametrize(
    "data, message",
    [
        (b"\x08", "truncated varint"),
        (b"\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", "varint"),
        (b"\x1a\x05\x01", "runs past the end"),
        (b"\x7b", "unsupported wire type 3"),  # a group (field 15)
        (b"\x08\x63", "unknown enum value 99"),
        (b"\x00\x00", "field number 0"),
        (b"\x2a\x01\x08", "truncated varint"),  # a truncated nested tuple element
    ],
)
def test_malformed_op_sharding_bytes_raise_value_error(data, message):
    with pytest.raises(ValueError, match=message):
        OpSharding.FromString(data)


def test_op_sharding_is_a_mutable_unhashable_message():
    proto = OpSharding(type=T.MANUAL)
    with pytest.raises(TypeError):
        hash(proto)
    copy = proto.clone()
    copy.type = T.REPLICATED
    assert proto.type == T.MANUAL and copy != proto
    with pytest.raises(TypeError, match="no field"):
        OpSharding(tile_dims=[1])
    assert "MANUAL" in repr(proto)


# --------------------------------------------------------------------------
# HloSharding: constructors, printing, parsing
# --------------------------------------------------------------------------


def test_constructors_print_like_xla():
    assert str(H.replicate()) == "{replicated}"
    assert str(H.manual()) == "{manual}"
    assert str(H.unknown()) == "{unknown}"
    assert str(H.maximal(1)) == "{maximal device=1}"
    assert str(H.iota_tile([4, 2])) == "{devices=[4,2]<=[8]}"
    assert str(H.iota_tile([2, 2], [2, 2], [1, 0])) == "{devices=[2,2]<=[2,2]T(1,0)}"
    manual_subgroup = H.iota_tile([2, 1, 2], subgroup_types=[T.MANUAL])
    assert repr(manual_subgroup) == "{devices=[2,1,2]<=[4] last_tile_dims={manual}}"
    partial = H.iota_tile([2, 1, 2], subgroup_types=[T.REPLICATED])
    assert str(partial) == "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"
    explicit = H.subgroup_with_device_ordering(np.array([[0], [1]]))
    tup = H.tuple_sharding([H.replicate(), explicit])
    assert str(tup) == "{{replicated}, {devices=[2,1]0,1}}"


ROUND_TRIP_TEXTS = [
    "{replicated}",
    "{manual}",
    "{unknown}",
    "{unreduced}",
    "{maximal device=1}",
    "{devices=[2,1]0,1}",
    "{devices=[2,1,2]0,1,2,3 last_tile_dim_replicate}",
    "{devices=[4,2]<=[8]}",
    "{devices=[2,2]<=[2,2]T(1,0)}",
    "{devices=[2,1,2]<=[4] last_tile_dims={manual}}",
    "{devices=[2,2,2]<=[2,2,2]T(0,2,1) last_tile_dims={manual, replicated}}",
    "{{replicated}, {devices=[2]0,1}}",
    "{devices=[2]1,0 shard_as 3}",
    "{replicated shard_like 2}",
    "{}",
]


@pytest.mark.parametrize("text", ROUND_TRIP_TEXTS)
def test_from_string_round_trips_xla_text_and_protos(text):
    sharding = H.from_string(text)
    assert str(sharding) == text
    proto = sharding.to_proto()
    assert H.from_proto(OpSharding.FromString(proto.SerializeToString())) == sharding


def test_from_string_normalizes_as_xla_does():
    # Partially replicated groups are sorted.
    assert (
        str(H.from_string("{devices=[2,1,2]1,0,3,2 last_tile_dim_replicate}"))
        == "{devices=[2,1,2]0,1,2,3 last_tile_dim_replicate}"
    )
    # Replication over every device is plain replication.
    assert H.from_string("{devices=[1,1,4]0,1,2,3 last_tile_dim_replicate}") == H.replicate()
    # A size-1 replication dimension disappears.
    assert str(H.from_string("{devices=[2,1]1,0 last_tile_dim_replicate}")) == "{devices=[2]1,0}"
    # One device tiles nothing.
    assert H.from_string("{devices=[1,1]0}") == H.replicate()
    # A manual subgroup with no data tiling is manual.
    assert H.from_string("{devices=[1,4]<=[4] last_tile_dims={manual}}") == H.manual()
    # Subgroups are ordered manual before replicated, keeping each device's role.
    merged = H.from_string("{devices=[2,2,2]<=[8] last_tile_dims={replicated, manual}}")
    assert merged.subgroup_types() == [T.MANUAL, T.REPLICATED]
    reference = np.arange(8).reshape(2, 2, 2).transpose(0, 2, 1)
    assert merged.tile_assignment_devices() == reference.reshape(-1).tolist()


def test_parser_accepts_whitespace_comments_and_metadata():
    text = (
        '{ {replicated}, {devices=[2]0,1 metadata={op_name="a}b" source_line=3}},'
        " {maximal device=0}, {manual}, {unknown}, /*index=5*/{replicated} }"
    )
    sharding = H.from_string(text)
    assert sharding.is_tuple()
    assert len(sharding.tuple_elements()) == 6
    assert str(sharding) == (
        "{{replicated}, {devices=[2]0,1}, {maximal device=0}, {manual}, {unknown}, "
        "/*index=5*/{replicated}}"
    )


@pytest.mark.parametrize(
    "text, column, message",
    [
        ("{devices=[2]0,1", 16, "expected '}'"),
        ("{devicez=[2]0,1}", 2, "unknown sharding attribute 'devicez'"),
        ("{devices=[2]0,1,2}", 2, "needs 2 device ids, got 3"),
        ("{maximal}", 2, "needs device=N"),
        ("{devices=[2,2]<=[4]T(1,0)}", 2, "not a permutation"),
        ("{replicated} x", 14, "trailing text"),
        ("{devices=[2]0,1 last_tile_dims={bogus}}", 33, "unknown subgroup type 'bogus'"),
        ("{devices=[x]0}", 11, "expected an integer"),
        ("replicated", 1, "expected '{'"),
    ],
)
def test_parse_errors_name_the_column(text, column, message):
    with pytest.raises(ValueError, match=message) as info:
        H.from_string(text)
    assert f"at column {column}" in str(info.value)


# --------------------------------------------------------------------------
# HloSharding: queries, equality, protos
# --------------------------------------------------------------------------


def test_queries_on_each_kind():
    rep = H.replicate()
    assert rep.is_replicated() and rep.is_maximal() and not rep.is_tiled()
    assert rep.num_devices() == 1 and rep.tile_assignment_dimensions() == [1]
    assert H.manual().is_manual() and not H.manual().is_tiled()
    assert H.unknown().is_unknown()
    maximal = H.maximal(3)
    assert maximal.is_maximal() and not maximal.is_replicated()
    assert maximal.tile_assignment_devices() == [3] and maximal.unique_device() == 3

    tiled = H.from_string("{devices=[2,1,2]0,2,1,3 last_tile_dim_replicate}")
    assert tiled.is_tiled() and not tiled.is_maximal()
    assert tiled.num_devices() == 4 and tiled.num_dimensions() == 3
    assert tiled.tile_assignment_dimensions() == [2, 1, 2]
    assert tiled.tile_assignment_devices() == [0, 2, 1, 3]
    assert tiled.replicate_on_last_tile_dim() and tiled.subgroup_types() == []
    assert tiled.tiled_data_rank() == 2

    tup = H.tuple_sharding([rep, tiled])
    assert tup.is_tuple() and tup.tuple_elements() == [rep, tiled]
    assert not tup.is_replicated() and H.tuple_sharding([rep, rep]).is_replicated()
    with pytest.raises(ValueError, match="tuple sharding"):
        tup.num_devices()


def test_iota_and_explicit_forms_are_equal_and_hash_alike():
    iota = H.iota_tile([2, 2], [2, 2], [1, 0])
    explicit = H.from_string("{devices=[2,2]0,2,1,3}")
    assert iota == explicit and hash(iota) == hash(explicit)
    assert iota.tile_assignment_devices() == [0, 2, 1, 3]
    assert iota != H.iota_tile([2, 2])
    assert H.from_string("{devices=[2]0,1 shard_as 1}") != H.from_string("{devices=[2]0,1}")
    assert len({H.replicate(), H.replicate(), H.manual()}) == 2


def test_iota_tile_devices_match_numpy_transposes():
    for reshape_dims, perm, dims in [
        ((2, 3, 4), (2, 0, 1), (4, 6)),
        ((4, 2), (1, 0), (2, 2, 2)),
        ((2, 2, 2), (1, 2, 0), (8,)),
    ]:
        sharding = H.iota_tile(dims, reshape_dims, perm)
        expected = np.arange(np.prod(reshape_dims)).reshape(reshape_dims)
        expected = expected.transpose(perm).reshape(-1)
        assert sharding.tile_assignment_devices() == expected.tolist()


def test_subgroup_merging_keeps_each_device_in_its_role():
    # Every combination of two subgroup types over 2x2x2 devices: the merged
    # sharding must give each device the same data tile as numpy says.
    for types in itertools.permutations([T.REPLICATED, T.MANUAL]):
        for reshape_perm in itertools.permutations(range(3)):
            sharding = H.iota_tile([2, 2, 2], [2, 2, 2], reshape_perm, list(types))
            original = np.arange(8).reshape(2, 2, 2).transpose(reshape_perm)
            tile_of = {int(original[i, j, k]): i for i, j, k in np.ndindex(2, 2, 2)}
            merged = np.array(sharding.tile_assignment_devices()).reshape(
                sharding.tile_assignment_dimensions()
            )
            assert sharding.subgroup_types() == [T.MANUAL, T.REPLICATED]
            for i, j, k in np.ndindex(merged.shape):
                assert tile_of[int(merged[i, j, k])] == i


def test_to_proto_matches_xla_field_use():
    iota = H.iota_tile([2, 2], [2, 2], [1, 0]).to_proto()
    assert iota.type == T.OTHER
    assert iota.tile_assignment_dimensions == [2, 2]
    assert iota.iota_reshape_dims == [2, 2] and iota.iota_transpose_perm == [1, 0]
    assert iota.tile_assignment_devices == []
    maximal = H.maximal(2).to_proto()
    assert maximal.type == T.MAXIMAL and maximal.tile_assignment_devices == [2]
    tup = H.tuple_sharding([H.replicate(), H.manual()]).to_proto()
    assert [e.type for e in tup.tuple_shardings] == [T.REPLICATED, T.MANUAL]
    assert H.replicate().to_proto().SerializeToString() == b""


@pytest.mark.parametrize(
    "proto, message",
    [
        (OpSharding(type=T.MAXIMAL), "exactly one"),
        (OpSharding(type=T.OTHER, tile_assignment_dimensions=[2]), "no tile_assignment_devices"),
        (
            OpSharding(
                type=T.OTHER, tile_assignment_dimensions=[3], tile_assignment_devices=[0, 1]
            ),
            "hold 3 devices",
        ),
        (
            OpSharding(type=T.OTHER, tile_assignment_dimensions=[2], iota_reshape_dims=[2]),
            "differ in length",
        ),
        (
            OpSharding(
                type=T.OTHER,
                tile_assignment_dimensions=[2, 2],
                tile_assignment_devices=[0, 1, 2, 3],
                replicate_on_last_tile_dim=True,
                last_tile_dims=[T.MANUAL],
            ),
            "both last_tile_dims",
        ),
    ],
)
def test_from_proto_rejects_inconsistent_protos(proto, message):
    with pytest.raises(ValueError, match=message):
        H.from_proto(proto)


def test_from_proto_canonicalizes_single_device_tiles_and_iota_shapes():
    single = OpSharding(type=T.OTHER, tile_assignment_dimensions=[1], tile_assignment_devices=[0])
    assert H.from_proto(single) == H.replicate()
    iota = OpSharding(
        type=T.OTHER,
        tile_assignment_dimensions=[6],
        iota_reshape_dims=[2, 3],
        iota_transpose_perm=[0, 1],
    )
    assert str(H.from_proto(iota)) == "{devices=[6]<=[6]}"
    with pytest.raises(TypeError):
        H.from_proto(b"\x08\x00")


# --------------------------------------------------------------------------
# PartitionSpec and Mesh
# --------------------------------------------------------------------------


def test_partition_spec_is_a_tuple_with_canonical_equality():
    spec = P("x", None)
    assert isinstance(spec, tuple) and PartitionSpec is P
    assert repr(spec) == "PartitionSpec('x', None)"
    assert repr(P(("x", "y"))) == "PartitionSpec(('x', 'y'),)"
    assert repr(P()) == "PartitionSpec()"
    assert P(("x",)) == P("x") and hash(P(("x",))) == hash(P("x"))
    assert P(["x", "y"]) == P(("x", "y"))
    assert P("x") != P("x", None)
    assert P("x", None) == ("x", None)
    assert repr(P.UNCONSTRAINED) == "UNCONSTRAINED" and P.UNCONSTRAINED is UNCONSTRAINED
    assert pickle.loads(pickle.dumps(P("x", UNCONSTRAINED))) == P("x", UNCONSTRAINED)
    with pytest.raises(TypeError, match="axis name"):
        P(3)
    with pytest.raises(TypeError, match="axis name"):
        P(("x", 1))


def test_mesh_describes_its_devices(devices, mesh):
    assert mesh.shape == {"x": 2, "y": 4} and list(mesh.shape) == ["x", "y"]
    assert mesh.size == 8 and mesh.axis_names == ("x", "y")
    assert mesh.axis_sizes == (2, 4) and mesh.shape_tuple == (("x", 2), ("y", 4))
    assert mesh.devices.shape == (2, 4) and mesh.devices[1, 0] is devices[4]
    np.testing.assert_array_equal(mesh.device_ids, np.arange(8).reshape(2, 4))
    assert mesh.axis_types == (AxisType.Auto, AxisType.Auto)
    assert isinstance(mesh._internal_device_list, DeviceList)
    assert str(mesh) == "Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto))"
    assert repr(mesh).startswith("Mesh(device_ids=array([[0, 1, 2, 3],")
    assert "axis_names=('x', 'y')" in repr(mesh)
    assert not mesh.is_multi_process and len(mesh.local_devices) == 8


def test_mesh_equality_and_validation(devices, mesh):
    same = Mesh([[devices[i] for i in range(4)], [devices[i] for i in range(4, 8)]], ["x", "y"])
    assert same == mesh and hash(same) == hash(mesh)
    assert Mesh(np.array(devices).reshape(4, 2), ("x", "y")) != mesh
    assert Mesh(np.array(devices).reshape(2, 4), ("a", "y")) != mesh
    assert Mesh(np.array(devices).reshape(2, 4), ("x", "y"), AxisType.Explicit) != mesh
    assert Mesh(np.array(devices[::-1]).reshape(2, 4), ("x", "y")) != mesh
    with pytest.raises(ValueError, match="devices.ndim == 2 and len\\(axis_names\\) == 1"):
        Mesh(np.array(devices).reshape(2, 4), ("x",))
    with pytest.raises(ValueError, match="unique"):
        Mesh(np.array(devices).reshape(2, 4), ("x", "x"))
    with pytest.raises(ValueError, match="distinct"):
        Mesh(np.array([devices[0], devices[0]]), ("x",))
    with pytest.raises(TypeError, match="Device objects"):
        Mesh(np.arange(2), ("x",))
    with pytest.raises(ValueError, match="one AxisType per axis"):
        Mesh(np.array(devices[:2]), ("x",), (AxisType.Auto, AxisType.Auto))


# --------------------------------------------------------------------------
# NamedSharding
# --------------------------------------------------------------------------


def test_named_sharding_basics(devices, mesh):
    s = NamedSharding(mesh, P("x", None))
    assert isinstance(s, Sharding)
    assert s.mesh is mesh and s.spec == P("x", None)
    assert s.memory_kind == "device"
    assert s.device_set == set(devices) and s.num_devices == 8
    assert s._device_assignment == tuple(devices)
    assert isinstance(s._internal_device_list, DeviceList)
    assert s.is_fully_addressable and not s.is_fully_replicated
    assert repr(s) == (
        "NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), "
        "spec=PartitionSpec('x', None), memory_kind=device)"
    )


@pytest.mark.parametrize(
    "spec, ndim, expected",
    [
        (P("x", None), 2, "{devices=[2,1,4]<=[8] last_tile_dim_replicate}"),
        (P("x", "y"), 2, "{devices=[2,4]<=[8]}"),
        (P("y", "x"), 2, "{devices=[4,2]<=[2,4]T(1,0)}"),
        (P("y"), 1, "{devices=[4,2]<=[2,4]T(1,0) last_tile_dim_replicate}"),
        (P(("y", "x")), 1, "{devices=[8]<=[2,4]T(1,0)}"),
        (P(None, ("x", "y")), 3, "{devices=[1,8,1]<=[8]}"),
        (P(), 2, "{replicated}"),
        (P(None, UNCONSTRAINED), 2, "{replicated}"),
    ],
)
def test_named_sharding_to_hlo(mesh, spec, ndim, expected):
    assert str(NamedSharding(mesh, spec)._to_xla_hlo_sharding(ndim)) == expected


def test_named_sharding_manual_axes_become_manual_subgroups(devices):
    mesh = Mesh(np.array(devices[:4]).reshape(2, 2), ("x", "y"), (AxisType.Auto, AxisType.Manual))
    assert mesh.manual_axes == ("y",)
    s = NamedSharding(mesh, P("x", None))
    assert str(s._to_xla_hlo_sharding(2)) == "{devices=[2,1,2]<=[4] last_tile_dims={manual}}"
    mesh3 = Mesh(
        np.array(devices).reshape(2, 2, 2),
        ("x", "y", "z"),
        (AxisType.Auto, AxisType.Manual, AxisType.Auto),
    )
    hlo = NamedSharding(mesh3, P())._to_xla_hlo_sharding(1)
    assert hlo.subgroup_types() == [T.MANUAL, T.REPLICATED]
    assert hlo.tile_assignment_dimensions() == [1, 2, 4]


def test_named_sharding_size_one_axes_and_logical_ids(devices):
    mesh = Mesh(np.array(devices[:2]).reshape(1, 2), ("a", "b"))
    assert str(NamedSharding(mesh, P("b"))._to_xla_hlo_sharding(1)) == "{devices=[2]<=[2]}"
    assert NamedSharding(mesh, P("a")).is_fully_replicated
    assert NamedSharding(mesh, P("a"))._to_xla_hlo_sharding(1) == H.replicate()
    big = Mesh(np.array(devices).reshape(2, 4), ("x", "y"))
    reordered = NamedSharding(big, P("x"), _logical_device_ids=range(7, -1, -1))
    assert str(reordered._to_xla_hlo_sharding(1)) == (
        "{devices=[2,4]4,5,6,7,0,1,2,3 last_tile_dim_replicate}"
    )
    assert "logical_device_ids=(7, 6, 5, 4, 3, 2, 1, 0)" in repr(reordered)
    with pytest.raises(ValueError, match="permutation"):
        NamedSharding(big, P(), _logical_device_ids=[0, 0, 1, 2, 3, 4, 5, 6])


def test_named_sharding_validation(mesh):
    with pytest.raises(
        ValueError, match="Resource axis: z of PartitionSpec\\('z',\\) is not found"
    ):
        NamedSharding(mesh, P("z"))
    with pytest.raises(ValueError, match="duplicate entries for `x`"):
        NamedSharding(mesh, P("x", ("y", "x")))
    with pytest.raises(TypeError, match="PartitionSpec"):
        NamedSharding(mesh, ("x",))
    with pytest.raises(TypeError, match="Mesh"):
        NamedSharding("mesh", P())
    s = NamedSharding(mesh, P("x", "y"))
    with pytest.raises(ValueError, match="only valid for values of rank at least 2"):
        s.devices_indices_map((8,))


def test_named_sharding_devices_indices_map_even(devices, mesh):
    indices = NamedSharding(mesh, P("x", "y")).devices_indices_map((4, 8))
    assert list(indices) == list(devices)
    assert indices[devices[0]] == (slice(0, 2), slice(0, 2))
    assert indices[devices[3]] == (slice(0, 2), slice(6, 8))
    assert indices[devices[5]] == (slice(2, 4), slice(2, 4))
    # Partial replication: the y axis holds copies; unsharded dims are slice(None).
    partial = NamedSharding(mesh, P("x", None)).devices_indices_map((4, 3))
    assert partial[devices[1]] == partial[devices[3]] == (slice(0, 2), slice(None))
    assert partial[devices[4]] == (slice(2, 4), slice(None))
    assert NamedSharding(mesh, P()).devices_indices_map((5,)) == {
        d: (slice(None),) for d in devices
    }
    assert NamedSharding(mesh, P()).devices_indices_map(()) == {d: () for d in devices}


def test_uneven_dimensions_use_ceil_chunks(devices, mesh):
    indices = NamedSharding(mesh, P("y")).devices_indices_map((5,))
    # 5 split 4 ways: chunks of 2, the last one empty.
    assert [indices[devices[i]] for i in range(4)] == [
        (slice(0, 2),),
        (slice(2, 4),),
        (slice(4, 5),),
        (slice(5, 5),),
    ]
    assert indices[devices[4]] == indices[devices[0]]
    with pytest.raises(ValueError, match="array axis 0 is partitioned 4 times.*size is 5"):
        NamedSharding(mesh, P("y")).shard_shape((5,))


def test_shard_shape(mesh):
    assert NamedSharding(mesh, P("x", "y")).shard_shape((4, 8)) == (2, 2)
    assert NamedSharding(mesh, P(("x", "y"))).shard_shape((16, 3)) == (2, 3)
    assert NamedSharding(mesh, P()).shard_shape((3, 5)) == (3, 5)


def test_memory_kinds(devices, mesh):
    pinned = NamedSharding(mesh, P("x"), memory_kind="pinned_host")
    assert pinned.memory_kind == "pinned_host"
    assert pinned.with_memory_kind("device") == NamedSharding(mesh, P("x"))
    assert NamedSharding(mesh, P("x"), memory_kind="device") == NamedSharding(mesh, P("x"))
    assert pinned != NamedSharding(mesh, P("x"))
    with pytest.raises(ValueError, match="Got memory kind: hbm"):
        NamedSharding(mesh, P(), memory_kind="hbm")
    with pytest.raises(ValueError, match="can address the following memory kinds"):
        SingleDeviceSharding(devices[0], memory_kind="hbm")
    with pytest.raises(ValueError, match="hbm"):
        GSPMDSharding.get_replicated(devices, memory_kind="hbm")
    single = SingleDeviceSharding(devices[0]).with_memory_kind("unpinned_host")
    assert single.memory_kind == "unpinned_host"


def test_named_sharding_equality_and_hash(devices, mesh):
    a = NamedSharding(mesh, P("x"))
    b = NamedSharding(Mesh(np.array(devices).reshape(2, 4), ("x", "y")), P(("x",), None))
    assert a == b and hash(a) == hash(b)
    assert a != NamedSharding(mesh, P("y"))
    assert a != NamedSharding(Mesh(np.array(devices[::-1]).reshape(2, 4), ("x", "y")), P("x"))
    assert len({a, b, NamedSharding(mesh, P(None, "x"))}) == 2


def test_is_equivalent_to_compares_placement(devices, mesh):
    named = NamedSharding(mesh, P("x", "y"))
    gspmd = GSPMDSharding(devices, H.from_string("{devices=[2,4]<=[8]}"))
    assert named.is_equivalent_to(gspmd, 2) and gspmd.is_equivalent_to(named, 2)
    assert not named.is_equivalent_to(GSPMDSharding(devices, H.iota_tile([8, 1])), 2)
    replicated = GSPMDSharding.get_replicated(devices)
    assert NamedSharding(mesh, P()).is_equivalent_to(replicated, 2)
    assert not NamedSharding(mesh, P()).is_equivalent_to(
        GSPMDSharding.get_replicated(devices[:4]), 2
    )
    single = SingleDeviceSharding(devices[0])
    assert single.is_equivalent_to(GSPMDSharding.get_replicated([devices[0]]), 1)
    assert single.is_equivalent_to(GSPMDSharding([devices[0]], H.maximal(0)), 1)


def test_addressable_devices_indices_map_keeps_local_devices(client, devices):
    remote = Device(client, id=100, process_index=1)
    mesh = Mesh(np.array([devices[0], remote]), ("x",))
    s = NamedSharding(mesh, P("x"))
    assert not s.is_fully_addressable
    assert s.addressable_devices == {devices[0]}
    assert s.devices_indices_map((4,)) == {devices[0]: (slice(0, 2),), remote: (slice(2, 4),)}
    assert s.addressable_devices_indices_map((4,)) == {devices[0]: (slice(0, 2),)}


# --------------------------------------------------------------------------
# SingleDeviceSharding and GSPMDSharding
# --------------------------------------------------------------------------


def test_single_device_sharding(devices):
    s = SingleDeviceSharding(devices[2])
    assert s.device_set == {devices[2]} and s.num_devices == 1
    assert s.is_fully_replicated and s.is_fully_addressable
    assert s.devices_indices_map((3, 4)) == {devices[2]: (slice(None), slice(None))}
    assert s.shard_shape((3, 4)) == (3, 4)
    assert s._to_xla_hlo_sharding(2) == H.replicate()
    assert s == SingleDeviceSharding(devices[2], memory_kind="device")
    assert hash(s) == hash(SingleDeviceSharding(devices[2]))
    assert s != SingleDeviceSharding(devices[3])
    assert repr(s) == "SingleDeviceSharding(device=CpuDevice(id=2), memory_kind=device)"
    with pytest.raises(TypeError, match="Device"):
        SingleDeviceSharding(2)


def test_gspmd_sharding_from_protos_and_hlo(devices):
    proto = H.from_string("{devices=[2,1,2]<=[4] last_tile_dim_replicate}").to_proto()
    from_proto = GSPMDSharding(devices[:4], proto)
    from_hlo = GSPMDSharding(
        devices[:4], H.from_string("{devices=[2,1,2]0,1,2,3 last_tile_dim_replicate}")
    )
    assert from_proto == from_hlo and hash(from_proto) == hash(from_hlo)
    assert repr(from_proto) == (
        "GSPMDSharding({devices=[2,1,2]<=[4] last_tile_dim_replicate}, memory_kind=device)"
    )
    assert from_proto._to_xla_hlo_sharding(2) is from_proto._hlo_sharding
    assert from_proto.devices_indices_map((4, 4)) == {
        devices[0]: (slice(0, 2), slice(None)),
        devices[1]: (slice(0, 2), slice(None)),
        devices[2]: (slice(2, 4), slice(None)),
        devices[3]: (slice(2, 4), slice(None)),
    }
    assert from_proto.shard_shape((4, 4)) == (2, 4)
    assert not from_proto.is_fully_replicated
    other_order = GSPMDSharding(devices[3::-1], proto)
    assert other_order != from_proto
    explicit = GSPMDSharding(devices[:4], proto, _device_list=DeviceList(tuple(devices[:4])))
    assert explicit == from_proto
    assert from_proto.with_memory_kind("pinned_host").memory_kind == "pinned_host"


def test_gspmd_sharding_device_order_follows_tile_assignment(devices):
    s = GSPMDSharding(devices[:4], H.from_string("{devices=[4]3,2,1,0}"))
    indices = s.devices_indices_map((8,))
    assert indices[devices[3]] == (slice(0, 2),)
    assert indices[devices[0]] == (slice(6, 8),)


def test_gspmd_replicated_maximal_manual_and_subgroups(devices):
    replicated = GSPMDSharding.get_replicated(devices[:2])
    assert replicated.is_fully_replicated
    assert replicated.devices_indices_map((3,)) == {d: (slice(None),) for d in devices[:2]}
    # A one-device sharding is replicated for JAX, whatever its kind.
    maximal = GSPMDSharding([devices[0]], H.maximal(0))
    assert maximal == GSPMDSharding.get_replicated([devices[0]])
    assert hash(maximal) == hash(GSPMDSharding.get_replicated([devices[0]]))
    manual = GSPMDSharding(devices[:2], H.manual())
    assert manual.devices_indices_map((3,)) == {d: (slice(None),) for d in devices[:2]}
    assert manual.shard_shape((3,)) == (3,)
    manual_subgroup = GSPMDSharding(devices[:4], H.iota_tile([2, 2], subgroup_types=[T.MANUAL]))
    assert manual_subgroup.devices_indices_map((6,)) == {
        devices[0]: (slice(0, 3),),
        devices[1]: (slice(0, 3),),
        devices[2]: (slice(3, 6),),
        devices[3]: (slice(3, 6),),
    }
    with pytest.raises(ValueError, match="unknown"):
        GSPMDSharding(devices[:2], H.unknown()).devices_indices_map((2,))
    with pytest.raises(ValueError, match="tuple sharding"):
        GSPMDSharding(devices[:2], H.tuple_sharding([H.replicate()])).devices_indices_map((2,))


def test_gspmd_sharding_errors(devices):
    # Device ids are checked where they are used, as in the reference (jax
    # converts shardings over other device counts to meshes).
    too_many = GSPMDSharding(devices[:2], H.iota_tile([4]))
    with pytest.raises(ValueError, match="uses 4 devices but the device assignment has 2"):
        too_many.devices_indices_map((4,))
    with pytest.raises(TypeError, match="OpSharding or HloSharding"):
        GSPMDSharding(devices[:2], "{replicated}")
    s = GSPMDSharding(devices[:4], H.iota_tile([4]))
    with pytest.raises(ValueError, match="tiles 1 dimensions but the array has rank 2"):
        s.devices_indices_map((4, 4))
    with pytest.raises(ValueError, match="uses 2 devices but the device assignment has 4"):
        GSPMDSharding(devices[:4], H.iota_tile([2])).devices_indices_map((4,))
    with pytest.raises(ValueError, match="partitioned 4 times"):
        s.shard_shape((6,))


# --------------------------------------------------------------------------
# PmapSharding
# --------------------------------------------------------------------------


def test_pmap_default_unstacks_the_leading_dimension(devices):
    s = PmapSharding.default((8, 3), 0, devices)
    assert s.sharding_spec == ShardingSpec((Unstacked(8), NoSharding()), (ShardedAxis(0),))
    assert s.shard_shape((8, 3)) == (3,)
    indices = s.devices_indices_map((8, 3))
    assert indices[devices[0]] == (0, slice(None))
    assert indices[devices[5]] == (5, slice(None))
    assert not s.is_fully_replicated and s.memory_kind == "device"
    assert repr(s) == (
        "PmapSharding(sharding_spec=ShardingSpec((Unstacked(8), NoSharding()), "
        "(ShardedAxis(axis=0),)), device_ids=[0, 1, 2, 3, 4, 5, 6, 7], "
        "device_platform=CPU, device_shape=(8,))"
    )
    assert s == PmapSharding.default((8, 3), 0, list(devices)) and hash(s) == hash(
        PmapSharding.default((8, 3), 0, list(devices))
    )
    assert s.is_equivalent_to(PmapSharding.default((8, 3), 0, devices), 2)
    with pytest.raises(ValueError, match="sharded dimension must be equal"):
        s.devices_indices_map((4, 3))
    with pytest.raises(ValueError, match="unstacked"):
        s._to_xla_hlo_sharding(2)


def test_pmap_default_other_dimensions_and_replication(devices):
    s = PmapSharding.default((3, 4), 1, devices[:4])
    assert s.shard_shape((3, 4)) == (3,)
    assert s.devices_indices_map((3, 4))[devices[2]] == (slice(None), 2)
    replicated = PmapSharding.default((5,), None, devices[:2])
    assert replicated.is_fully_replicated
    assert replicated.devices_indices_map((5,)) == {d: (slice(None),) for d in devices[:2]}
    assert replicated._to_xla_hlo_sharding(1) == H.replicate()
    with pytest.raises(ValueError, match="must be equal to the size of the sharded dimension"):
        PmapSharding.default((3, 4), 0, devices[:4])
    with pytest.raises(ValueError, match="needs `devices`"):
        PmapSharding.default((8,))
    with pytest.raises(NotImplementedError, match="pmap does not support memories"):
        s.with_memory_kind("pinned_host")


def test_pmap_chunked_and_replicated_mesh_mapping(devices):
    spec = ShardingSpec((Chunked([2]), NoSharding()), (ShardedAxis(0), Replicated(2)))
    assert spec.mesh_shape == (2, 2)
    s = PmapSharding(np.array(devices[:4]).reshape(2, 2), spec)
    indices = s.devices_indices_map((6, 5))
    assert indices[devices[0]] == indices[devices[1]] == (slice(0, 3), slice(None))
    assert indices[devices[2]] == indices[devices[3]] == (slice(3, 6), slice(None))
    assert s.shard_shape((6, 5)) == (3, 5)
    assert str(s._to_xla_hlo_sharding(2)) == "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"
    # Replicated major, sharded minor: the tile assignment transposes the mesh.
    swapped = ShardingSpec((Chunked([2]),), (Replicated(2), ShardedAxis(0)))
    hlo = PmapSharding(np.array(devices[:4]), swapped)._to_xla_hlo_sharding(1)
    assert str(hlo) == "{devices=[2,2]<=[2,2]T(1,0) last_tile_dim_replicate}"
    two_way = ShardingSpec((Chunked([2, 2]),), (ShardedAxis(1), ShardedAxis(0)))
    indices = PmapSharding(np.array(devices[:4]).reshape(2, 2), two_way).devices_indices_map((8,))
    # Mesh position (i, j) runs sharded axis 1 along i and axis 0 along j: chunk 2*j + i.
    assert indices[devices[1]] == (slice(4, 6),)
    assert indices[devices[2]] == (slice(2, 4),)


def test_pmap_spec_validation(devices):
    with pytest.raises(ValueError, match="exactly once"):
        ShardingSpec((Unstacked(2),), (Replicated(2),))
    with pytest.raises(TypeError, match="NoSharding, Chunked or Unstacked"):
        ShardingSpec((None,), ())
    with pytest.raises(ValueError, match="over 2 devices, but 3"):
        PmapSharding(np.array(devices[:3]), ShardingSpec((Unstacked(2),), (ShardedAxis(0),)))
    assert repr(Chunked([2])) == "Chunked([2])" and repr(Replicated(3)) == "Replicated(replicas=3)"
    assert ShardingSpec((NoSharding(),), (Replicated(2),)) == ShardingSpec(
        (NoSharding(),), (Replicated(2),)
    )


def test_iota_tile_assignment_and_axis_sizes():
    # Values read off the reference jaxlib 0.10.2.
    from jaxlib.xla_client import HloSharding

    cases = [(((4, 2), (2, 4), (1, 0)), [2, 4]), (((8,),), [8]),
             (((2, 4), (2, 2, 2), (0, 2, 1)), [2, 2, 2]),
             # An iota dimension cut by a tile boundary splits in two: 10 -> 2, 5.
             (((6, 35), (7, 10, 3), (2, 1, 0)), [7, 2, 5, 3]),
             (((2, 2, 2),), [2, 2, 2])]
    for args, sizes in cases:
        sharding = HloSharding.iota_tile(*args)
        assert sharding.is_tile_assignment_iota() and sharding.get_axis_sizes() == sizes
    assert not HloSharding.replicate().is_tile_assignment_iota()
    with pytest.raises(ValueError, match="iota"):
        HloSharding.replicate().get_axis_sizes()


def test_iota_tile_rejects_bad_arguments_with_xla_messages():
    from jaxlib.xla_client import HloSharding, XlaRuntimeError

    for args, kwargs, message in [
            (((),), {}, "`dims` should not be empty."),
            (((2, 2),), {"reshape_dims": (2, 4), "transpose_perm": (1, 0)},
             "Cannot reshape from"),
            (((2, 2),), {"transpose_perm": (1, 0)},
             "`reshape_dims` and `transpose_perm` should have the same size"),
            (((2, 2),), {"subgroup_types": [T.REPLICATED] * 3},
             r"`subgroup_types`\(3\) should not have more dimensions than `dims`\(2\)")]:
        with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: " + message):
            HloSharding.iota_tile(*args, **kwargs)


def test_untiled_shardings_have_no_tile_assignment_devices():
    assert H.replicate().tile_assignment_devices() == []
    assert H.manual().tile_assignment_devices() == []
    assert H.maximal(3).tile_assignment_devices() == [3]
