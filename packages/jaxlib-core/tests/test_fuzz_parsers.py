"""Parsers of untrusted bytes and text: crafted input must parse or raise the
parser's documented error, naming the problem; never another exception, a
crash, a hang, or an allocation far beyond the input's size.

* ``OpSharding.FromString`` (protobuf wire format): ValueError; TypeError for
  a non-bytes argument. ``HloSharding.from_proto`` of what it parses: ValueError.
* ``HloSharding.from_string`` (HLO sharding text): ValueError; TypeError for
  a non-str argument.
* ``DeviceTopology.deserialize``: XlaRuntimeError ``INVALID_ARGUMENT``;
  TypeError for an argument that is not bytes or str.
* ``decode_contributions`` (a peer's cross-process collective message) and the
  exchange around it: XlaRuntimeError ``INVALID_ARGUMENT``.

Each parser has named tests for the review's findings, then a bounded
random-mutation loop. ``JAXLIB_FUZZ_SCALE=N`` runs N times as many inputs.
"""

from __future__ import annotations

import json
import math
import os
import random
import re
import struct
import time
import tracemalloc
from collections.abc import Callable

import ml_dtypes
import numpy as np
import pytest

from jaxlib._src.backends.cpu.cross_process import (
    CrossProcessRendezvous,
    decode_contributions,
    encode_contributions,
)
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.runtime import plugins
from jaxlib._src.runtime.sharding import HloSharding as H
from jaxlib._src.runtime.sharding import OpSharding

T = OpSharding.Type

# A correct parser answers any of these inputs in well under this; more means
# a super-linear path (or a hang, which the loop would otherwise wait out).
PER_INPUT_SECONDS = 10.0  # a hang, not a slow machine
INPUTS = 400  # per parser, per unit of scale


def fuzz_scale() -> int:
    """$JAXLIB_FUZZ_SCALE: how many times the default counts to run (>= 1)."""
    value = os.environ.get("JAXLIB_FUZZ_SCALE", "1")
    try:
        scale = int(value)
    except ValueError:
        scale = 0
    if scale < 1:
        raise ValueError(f"$JAXLIB_FUZZ_SCALE must be a whole number >= 1, got {value!r}")
    return scale


def mutate_bytes(rng: random.Random, data: bytes, corpus: list[bytes]) -> bytes:
    """One to four random edits: bit flips, random or boundary bytes, inserted,
    deleted or duplicated runs, truncation, splices from other seeds."""
    out = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 3, 4])):
        choice = rng.randrange(9)
        pos = rng.randrange(len(out) + 1)
        if choice == 0 and out:
            i = rng.randrange(len(out))
            out[i] ^= 1 << rng.randrange(8)
        elif choice == 1 and out:
            out[rng.randrange(len(out))] = rng.choice([0, 1, 0x7F, 0x80, 0xFF, rng.randrange(256)])
        elif choice == 2:
            out[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif choice == 3 and out:
            del out[pos:pos + rng.randint(1, 8)]
        elif choice == 4 and out:
            start = rng.randrange(len(out))
            chunk = out[start:start + rng.randint(1, 32)]
            out[pos:pos] = chunk * rng.randint(1, 50)
        elif choice == 5:
            del out[rng.randrange(len(out) + 1):]
        elif choice == 6:
            other = rng.choice(corpus)
            start = rng.randrange(len(other) + 1)
            out[pos:pos] = other[start:start + rng.randint(1, 64)]
        elif choice == 7:
            out[pos:pos] = b"\xff" * rng.randint(1, 12)
        else:
            out[pos:pos] = rng.choice(corpus)
    return bytes(out)


def run_fuzz(name: str, inputs: list, parse: Callable, use: Callable,
             allowed: type[Exception], prefix: str = "") -> dict[str, int]:
    """Feeds every input to ``parse``: it must return, or raise ``allowed``
    with a message starting with ``prefix``. What it returns goes to ``use``
    (everything a parsed value offers), which must not raise at all. Each
    input gets PER_INPUT_SECONDS. Returns how many inputs did which."""
    outcomes = {"parsed": 0, "rejected": 0}
    for data in inputs:
        start = time.monotonic()
        stage = "parsing"
        try:
            value = parse(data)
            stage = "using the parsed value"
            use(value)
        except allowed as err:
            if stage != "parsing" or not str(err).startswith(prefix):
                raise AssertionError(f"{name}: {stage}: {err} for input {data[:300]!r}") from err
            outcomes["rejected"] += 1
        except Exception as err:  # the finding: report the input that caused it
            raise AssertionError(
                f"{name}: {stage}: {type(err).__name__}: {err} for input {data[:300]!r}"
            ) from err
        else:
            outcomes["parsed"] += 1
        elapsed = time.monotonic() - start
        assert elapsed < PER_INPUT_SECONDS, f"{name} took {elapsed:.1f} s on {data[:300]!r}"
    print(f"{name}: {len(inputs)} inputs, {outcomes}")
    return outcomes


def cases(*rows: tuple) -> list:
    """Parametrize rows, each named by its number and expected message (the
    inputs themselves make unreadable test ids)."""
    return [pytest.param(*row, id=f"{i}-{row[-1]}"[:60]) for i, row in enumerate(rows)]


def varint(value: int) -> bytes:
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def nested_tuple_bytes(depth: int) -> bytes:
    """An OpSharding whose tuple_shardings nest ``depth`` levels."""
    data = OpSharding(type=T.REPLICATED).SerializeToString()
    for _ in range(depth):
        data = b"\x08\x02\x2a" + varint(len(data)) + data
    return data


# --------------------------------------------------------------------------
# OpSharding.FromString / HloSharding.from_proto
# --------------------------------------------------------------------------


def test_op_sharding_deep_tuple_nesting_is_a_value_error():
    with pytest.raises(ValueError, match="nested deeper than 100"):
        OpSharding.FromString(nested_tuple_bytes(5000))
    # protobuf's own limit: 100 levels still parse.
    proto = OpSharding.FromString(nested_tuple_bytes(99))
    assert H.from_proto(proto).is_tuple()


def test_op_sharding_deep_programmatic_nesting_is_a_value_error_in_from_proto():
    proto = OpSharding(type=T.REPLICATED)
    for _ in range(3000):
        proto = OpSharding(type=T.TUPLE, tuple_shardings=[proto])
    with pytest.raises(ValueError, match="nested deeper than 100"):
        H.from_proto(proto)


def test_op_sharding_element_count_is_bounded():
    # Two bytes of input per element, each ~600 bytes of Python objects.
    data = b"\x08\x02" + b"\x2a\x00" * 300_000
    with pytest.raises(ValueError, match="more than 262144"):
        OpSharding.FromString(data)


def test_op_sharding_nested_messages_are_not_copied_per_level():
    # Each level copied its payload: 100 levels around 1 MB held ~100 MB.
    data = OpSharding(type=T.REPLICATED, metadata=[b"x" * 1_000_000]).SerializeToString()
    for _ in range(99):
        data = OpSharding(type=T.TUPLE).SerializeToString() + b"\x2a" + varint(len(data)) + data
    tracemalloc.start()
    try:
        OpSharding.FromString(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5 * len(data), peak


@pytest.mark.parametrize("data", [8, 1 << 70, -1, 2.5, None, "0803"])
def test_op_sharding_needs_bytes(data):
    # bytes(8) would be eight zero bytes, bytes(1 << 70) an OverflowError.
    with pytest.raises(TypeError, match="bytes"):
        OpSharding.FromString(data)


def test_op_sharding_accepts_bytes_like_inputs():
    data = OpSharding(type=T.MAXIMAL, tile_assignment_devices=[3]).SerializeToString()
    for form in (data, bytearray(data), memoryview(data)):
        assert OpSharding.FromString(form).tile_assignment_devices == [3]


def test_op_sharding_field_number_beyond_protobuf_range_is_a_value_error():
    key = varint((1 << 40) << 3)  # field 2**40, varint wire type
    with pytest.raises(ValueError, match="field number"):
        OpSharding.FromString(key + b"\x00")


@pytest.mark.parametrize("fields, message", cases(
    # Would materialize 2**41 device ids on the first hash or comparison.
    (dict(tile_assignment_dimensions=[1 << 40, 2], iota_reshape_dims=[1 << 41],
          iota_transpose_perm=[0]), "more than 4194304 devices"),
    # The product overflows int64; as Python ints the sizes agree.
    (dict(tile_assignment_dimensions=[1 << 62, 1 << 62], iota_reshape_dims=[1 << 62, 1 << 62],
          iota_transpose_perm=[1, 0]), "more than 4194304 devices"),
    # numpy cannot hold a device array of this rank.
    (dict(tile_assignment_dimensions=[1] * 70 + [2], iota_reshape_dims=[2],
          iota_transpose_perm=[0]), "rank 71"),
    (dict(tile_assignment_dimensions=[2], iota_reshape_dims=[1] * 70 + [2],
          iota_transpose_perm=list(range(71))), "rank 71"),
    (dict(tile_assignment_dimensions=[2, 2], iota_reshape_dims=[2, 2],
          iota_transpose_perm=[0, 7]), "not a permutation"),
    (dict(tile_assignment_dimensions=[2, -2], iota_reshape_dims=[4],
          iota_transpose_perm=[0]), "must be positive"),
    (dict(tile_assignment_dimensions=[1] * 70 + [2], tile_assignment_devices=[0, 1]),
     "rank 71"),
))
def test_from_proto_bounds_tile_assignments(fields, message):
    data = OpSharding(type=T.OTHER, **fields).SerializeToString()
    with pytest.raises(ValueError, match=message):
        H.from_proto(OpSharding.FromString(data))


def test_from_proto_of_many_tile_dimensions_is_refused_by_rank():
    # The product of 400k sizes of 2 is a 400k-bit number, quadratic to build
    # (seconds): the rank bound refuses it before any product is taken.
    proto = OpSharding(type=T.OTHER, tile_assignment_dimensions=[2] * 400_000,
                       iota_reshape_dims=[2], iota_transpose_perm=[0])
    with pytest.raises(ValueError, match="rank 400000"):
        H.from_proto(OpSharding.FromString(proto.SerializeToString()))


def op_sharding_seeds() -> list[bytes]:
    shardings = [
        H.replicate(), H.manual(), H.unknown(), H.maximal(3),
        H.iota_tile([2, 2]), H.iota_tile([2, 3], [3, 2], [1, 0]),
        H.iota_tile([2, 2, 2], subgroup_types=[T.REPLICATED]),
        H.iota_tile([2, 1, 4], subgroup_types=[T.MANUAL, T.REPLICATED]),
        H.subgroup_with_device_ordering(np.array([[3, 1], [0, 2]])),
        H.subgroup_with_device_ordering(np.array([[0, 2], [1, 3]]), [T.REPLICATED]),
        H.tuple_sharding([H.maximal(0), H.iota_tile([4]), H.replicate()]),
        H.from_string("{devices=[2,2]<=[4] shard_as 3}"),
    ]
    seeds = [s.to_proto().SerializeToString() for s in shardings]
    seeds.append(nested_tuple_bytes(3))
    seeds.append(OpSharding(type=T.OTHER, tile_shape=b"\x08\x0b", metadata=[b"\x0a\x01x"],
                            tile_assignment_dimensions=[2],
                            tile_assignment_devices=[1, 0]).SerializeToString())
    return seeds


POSITIVE = [1, 2, 3, 4, 8, 1 << 31, 1 << 40, 1 << 62, (1 << 63) - 1]
SIZES = [*POSITIVE, 0, -1, -(1 << 63)]


def size(rng: random.Random) -> int:
    """Mostly valid sizes, some huge: those pass the early checks."""
    return rng.choice(POSITIVE if rng.random() < 0.8 else SIZES)


def random_op_sharding(rng: random.Random, depth: int = 0) -> OpSharding:
    """Every field set at random, from sizes near the limits."""
    def ints(most: int = 4) -> list[int]:
        return [size(rng) for _ in range(rng.randint(0, most))]

    kind = T.OTHER if rng.random() < 0.5 else rng.choice(list(T))  # tiled: the most to check
    proto = OpSharding(type=kind)
    if kind == T.TUPLE and depth < 3:
        proto.tuple_shardings = [random_op_sharding(rng, depth + 1)
                                 for _ in range(rng.randint(0, 3))]
    proto.tile_assignment_dimensions = ints()
    if rng.random() < 0.5:
        # Half the time the sizes agree: then only the device count limits them.
        proto.iota_reshape_dims = (ints() if rng.random() < 0.5 else
                                   [math.prod(proto.tile_assignment_dimensions) % (1 << 63)])
        rank = len(proto.iota_reshape_dims)
        proto.iota_transpose_perm = (
            rng.sample(range(rank), rank) if rng.random() < 0.7
            else [rng.choice([0, 1, 2, 3, -1, 1 << 31]) for _ in range(rank)])
    else:
        proto.tile_assignment_devices = [rng.randrange(8) for _ in range(rng.randint(0, 16))]
    proto.replicate_on_last_tile_dim = rng.random() < 0.2
    proto.last_tile_dims = [rng.choice(list(T)) for _ in range(rng.choice([0, 0, 0, 1, 2]))]
    if rng.random() < 0.2:
        proto.is_shard_group = True
        proto.shard_group_id = rng.choice(SIZES)
        proto.shard_group_type = rng.choice(list(OpSharding.ShardGroupType))
    return proto


def parse_op_sharding(data: bytes) -> H:
    return H.from_proto(OpSharding.FromString(data))


def use_sharding(sharding: H) -> None:
    """Everything a parsed sharding offers must work on it."""
    hash(sharding)
    assert sharding == sharding
    repr(sharding.to_proto())
    text = sharding.to_string()
    # Text and protos, not equality: like XLA's, they omit a tuple's shard group.
    assert H.from_string(text).to_string() == text
    data = sharding.to_proto().SerializeToString()
    assert H.from_proto(OpSharding.FromString(data)).to_proto().SerializeToString() == data
    for leaf in sharding.tuple_elements() if sharding.is_tuple() else [sharding]:
        leaf.tile_assignment_devices()
        leaf.num_devices()
        if leaf.is_tiled():
            leaf.tiled_data_rank()


def test_fuzz_op_sharding_from_string():
    rng = random.Random(1401)
    seeds = op_sharding_seeds()
    for seed in seeds:
        use_sharding(parse_op_sharding(seed))
    inputs = [mutate_bytes(rng, rng.choice(seeds), seeds) if rng.random() < 0.6
              else random_op_sharding(rng).SerializeToString()
              for _ in range(INPUTS * fuzz_scale())]
    outcomes = run_fuzz("OpSharding.FromString", inputs, parse_op_sharding, use_sharding,
                        ValueError)
    assert outcomes["rejected"] and outcomes["parsed"]


# --------------------------------------------------------------------------
# HloSharding.from_string
# --------------------------------------------------------------------------


def test_hlo_sharding_deep_braces_are_a_value_error():
    with pytest.raises(ValueError, match="nested deeper than 100"):
        H.from_string("{" * 5000 + "replicated" + "}" * 5000)
    assert H.from_string("{" * 50 + "replicated" + "}" * 50).is_tuple()


@pytest.mark.parametrize("text, message", cases(
    ("{devices=[2]0,99999999999999999999}", "out of the int64 range"),
    ("{maximal device=99999999999999999999}", "out of the int64 range"),
    ("{maximal device=" + "9" * 5000 + "}", "out of the int64 range"),
    ("{devices=[2]0,1 shard_as -99999999999999999999}", "out of the int64 range"),
    ("{devices=[99999999999,1]<=[99999999999]}", "more than 4194304 devices"),
    ("{devices=[99999999999,1]0,1}", "more than 4194304 devices"),
    ("{devices=[4611686018427387904,4611686018427387904]<=[4611686018427387904,"
     "4611686018427387904]T(1,0)}", "more than 4194304 devices"),
    ("{devices=[" + "1," * 70 + "2]<=[2]}", "rank 71"),
    ("{devices=[" + "1," * 70 + "2]0,1}", "rank 71"),
    ("{devices=[2,2]<=[2,2]T(0,9223372036854775807)}", "not a permutation"),
    ("{devices=[2,2]<=[2,2]T(1,1)}", "not a permutation"),
    ("{devices=[2,2]<=[4]T(-1)}", "not a permutation"),
))
def test_hlo_sharding_text_bounds_numbers_and_tile_assignments(text, message):
    with pytest.raises(ValueError, match=message) as info:
        H.from_string(text)
    assert "at column" in str(info.value)


def test_hlo_sharding_text_of_many_tile_dimensions_is_refused_by_rank():
    text = "{devices=[" + "2," * 400_000 + "2]<=[2]}"
    with pytest.raises(ValueError, match="rank 400001"):
        H.from_string(text)


def test_hlo_sharding_errors_quote_long_texts_shortened():
    text = "{devices=[2]0,1 bogus" + " " * 100_000 + "}"
    with pytest.raises(ValueError, match="unknown sharding attribute 'bogus'") as info:
        H.from_string(text)
    assert len(str(info.value)) < 1000


HLO_SHARDING_SEEDS = [
    "{replicated}", "{manual}", "{unknown}", "{unreduced}", "{maximal device=3}",
    "{devices=[2,2]0,1,2,3}", "{devices=[2,2]<=[4]}", "{devices=[2,3]<=[3,2]T(1,0)}",
    "{devices=[2,1,2]<=[4] last_tile_dim_replicate}",
    "{devices=[2,2,2]<=[8] last_tile_dims={manual, replicated}}",
    "{{replicated}, {maximal device=0}, /*index=2*/{devices=[2]1,0}}",
    "{devices=[2]0,1 shard_like 4}", "{devices=[4]<=[4] metadata={op_name=\"a{b}\"}}",
    "{}", "{{{replicated}}}",
]
TOKENS = ["{", "}", "[", "]", "(", ")", ",", "<=", "T", "=", "devices", "device", "maximal",
          "replicated", "manual", "last_tile_dims", "last_tile_dim_replicate", "shard_as",
          "metadata", "/*", "*/", "-", "0", "1", "2", "7", "99999999999", "9" * 25, " ",
          "\"", "\\", "\u00e9", "\x00"]


def mutate_text(rng: random.Random, text: str) -> str:
    out = text
    for _ in range(rng.choice([1, 1, 2, 3])):
        pos = rng.randrange(len(out) + 1)
        choice = rng.randrange(5)
        if choice == 0:
            out = out[:pos] + rng.choice(TOKENS) + out[pos:]
        elif choice == 1:
            out = out[:pos] + out[pos + rng.randint(1, 6):]
        elif choice == 2 and out:
            i = rng.randrange(len(out))
            out = out[:i] + chr(rng.randrange(32, 127)) + out[i + 1:]
        elif choice == 3:
            out = out[:pos] + rng.choice(HLO_SHARDING_SEEDS) + out[pos:]
        else:
            start = rng.randrange(len(out) + 1)
            out = out[:pos] + out[start:start + rng.randint(1, 16)] * rng.randint(1, 40) + out[pos:]
    return out


def product_of(text: str) -> int:
    return math.prod(int(d) for d in text.split(","))


def random_hlo_text(rng: random.Random, depth: int = 0) -> str:
    """Well-formed syntax with sizes, ids and attributes near the limits."""
    def ints(least: int = 0) -> str:
        return ",".join(str(size(rng)) for _ in range(rng.randint(least, 4)))

    choice = rng.randrange(6)
    if choice == 0 and depth < 3:
        return "{" + ", ".join(random_hlo_text(rng, depth + 1)
                               for _ in range(rng.randint(0, 3))) + "}"
    if choice == 1:
        return "{" + rng.choice(["replicated", "manual", "unknown", "unreduced",
                                 f"maximal device={rng.choice(SIZES)}"]) + "}"
    dims = ints(1)
    body = f"devices=[{dims}]"
    if choice in (2, 3):
        # Half the time the sizes agree: then only the device count limits them.
        body += f"<=[{ints(1) if rng.random() < 0.5 else product_of(dims)}]"
        if rng.random() < 0.5:
            body += f"T({','.join(str(rng.choice([0, 1, 2, 3, -1])) for _ in range(4))})"
    else:
        body += ",".join(str(rng.randrange(8)) for _ in range(rng.randint(1, 16)))
    if rng.random() < 0.3:
        body += " last_tile_dim_replicate"
    if rng.random() < 0.3:
        body += " last_tile_dims={" + ", ".join(
            rng.choice(["manual", "replicated", "unreduced", "maximal"])
            for _ in range(rng.randint(1, 3))) + "}"
    if rng.random() < 0.2:
        body += f" {rng.choice(['shard_as', 'shard_like'])} {rng.choice(SIZES)}"
    return "{" + body + "}"


def test_fuzz_hlo_sharding_from_string():
    rng = random.Random(1402)
    for seed in HLO_SHARDING_SEEDS:
        use_sharding(H.from_string(seed))
    inputs = [mutate_text(rng, rng.choice(HLO_SHARDING_SEEDS)) if rng.random() < 0.6
              else random_hlo_text(rng) for _ in range(INPUTS * fuzz_scale())]
    outcomes = run_fuzz("HloSharding.from_string", inputs, H.from_string, use_sharding,
                        ValueError)
    assert outcomes["rejected"] and outcomes["parsed"]


# --------------------------------------------------------------------------
# DeviceTopology.deserialize
# --------------------------------------------------------------------------


def topology_bytes(drop: str = "", **changes) -> bytes:
    payload = {
        "format": "jaxlib.DeviceTopology/1", "platform": "cpu", "platform_version": "cpu 1",
        "devices": [{"id": i, "process_index": 0, "platform": "cpu", "device_kind": "cpu"}
                    for i in range(2)],
    }
    payload.update(changes)
    payload.pop(drop, None)
    return json.dumps(payload).encode()


def test_topology_round_trip_still_works():
    topology = plugins.DeviceTopology.deserialize(topology_bytes())
    assert [d.id for d in topology.device_descriptions] == [0, 1]
    assert plugins.DeviceTopology.deserialize(topology.serialize()) == topology


@pytest.mark.parametrize("data, message", cases(
    # RecursionError before.
    (b"[" * 100_000 + b"]" * 100_000, "nested"),
    (b'{"format": "jaxlib.DeviceTopology/1", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
     "nested"),
    # KeyError before.
    (topology_bytes(drop="devices"), "devices"),
    (json.dumps({"format": "jaxlib.DeviceTopology/1"}).encode(), "platform"),
    # TypeError before.
    (topology_bytes(devices=[5]), "devices\\[0\\]"),
    (topology_bytes(devices=[{"id": 0}]), "devices\\[0\\]"),
    (topology_bytes(devices=[{"id": 0, "process_index": 0, "platform": "cpu",
                              "device_kind": "cpu", "extra": 1}]), "extra"),
    (topology_bytes(devices=7), "devices"),
    # Accepted silently before.
    (topology_bytes(devices=[{"id": "zero", "process_index": 0, "platform": "cpu",
                              "device_kind": "cpu"}]), "id"),
    (topology_bytes(devices=[{"id": 1 << 70, "process_index": 0, "platform": "cpu",
                              "device_kind": "cpu"}]), "id"),
    (topology_bytes(devices=[{"id": True, "process_index": 0, "platform": "cpu",
                              "device_kind": "cpu"}]), "id"),
    (topology_bytes(devices=[{"id": 0, "process_index": -1, "platform": "cpu",
                              "device_kind": "cpu"}]), "process_index"),
    (topology_bytes(devices=[{"id": 0, "process_index": 0, "platform": 3,
                              "device_kind": "cpu"}]), "platform"),
    (topology_bytes(devices=[{"id": 0, "process_index": 0, "platform": "cpu",
                              "device_kind": "cpu"}] * 2), "repeat"),
    (topology_bytes(platform=["cpu"]), "platform"),
    (topology_bytes(platform_version=None), "platform_version"),
    (topology_bytes(extra=1), "extra"),
    (topology_bytes().replace(b'"platform_version": "cpu 1"', b'"platform_version": NaN'),
     "NaN"),
    (b'"jaxlib.DeviceTopology/1"', "not a serialized DeviceTopology"),
    (b"{}", "not a serialized DeviceTopology"),
    (b"\xff garbage", "not a serialized DeviceTopology"),
))
def test_malformed_topologies_are_invalid_argument(data, message):
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT") as info:
        plugins.DeviceTopology.deserialize(data)
    assert re.search(message, str(info.value)), str(info.value)


@pytest.mark.parametrize("data", [None, 12, ["a"], {"format": "jaxlib.DeviceTopology/1"}])
def test_topology_deserialize_needs_bytes(data):
    with pytest.raises(TypeError, match="bytes"):
        plugins.DeviceTopology.deserialize(data)


JSON_VALUES = [None, True, False, 0, -1, 1 << 31, 1 << 70, 1.5, -1e308, "", "cpu", "x" * 300,
               [], [0], {}, {"id": 0}, [[[[[]]]]], "\ud800"]


def mutate_json(rng: random.Random, value):
    """``value`` with one of its leaves, items or keys replaced, dropped or nested."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        value = dict(value)
        key = rng.choice(list(value))
        choice = rng.randrange(4)
        if choice == 0:
            del value[key]
        elif choice == 1:
            value[rng.choice(["extra", key + "_", ""])] = rng.choice(JSON_VALUES)
        else:
            value[key] = mutate_json(rng, value[key])
        return value
    if isinstance(value, list) and value and rng.random() < 0.8:
        value = list(value)
        i = rng.randrange(len(value))
        choice = rng.randrange(4)
        if choice == 0:
            del value[i]
        elif choice == 1:
            value.append(value[i])
        else:
            value[i] = mutate_json(rng, value[i])
        return value
    if rng.random() < 0.1:
        return [value] if rng.random() < 0.5 else {"k": value}
    return rng.choice(JSON_VALUES)


def mutated_json_bytes(rng: random.Random, value, corpus: list[bytes]) -> bytes:
    if rng.random() < 0.6:
        return json.dumps(mutate_json(rng, value)).encode("utf-8", "surrogatepass")
    return mutate_bytes(rng, rng.choice(corpus), corpus)


def test_fuzz_topology_deserialize():
    rng = random.Random(1403)
    seed = json.loads(topology_bytes())
    corpus = [topology_bytes(), b"[" * 2000, b"NaN", b"1e999"]
    inputs = [mutated_json_bytes(rng, seed, corpus) for _ in range(INPUTS * fuzz_scale())]

    def use(topology: plugins.DeviceTopology) -> None:
        assert plugins.DeviceTopology.deserialize(topology.serialize()) == topology
        hash(topology)
        [(str(d), repr(d)) for d in topology._make_compile_only_devices()]

    outcomes = run_fuzz("DeviceTopology.deserialize", inputs, plugins.DeviceTopology.deserialize,
                        use, XlaRuntimeError, "INVALID_ARGUMENT: ")
    assert outcomes["rejected"] and outcomes["parsed"]


# --------------------------------------------------------------------------
# decode_contributions and the cross-process exchange
# --------------------------------------------------------------------------

_LENGTH = struct.Struct("<Q")


def contribution(header, body: bytes = b"") -> bytes:
    text = header if isinstance(header, bytes) else json.dumps(header).encode()
    return _LENGTH.pack(len(text)) + text + body


def good_values() -> dict:
    return {
        3: (np.arange(6, dtype=np.float32).reshape(2, 3), np.asarray(7, np.int64)),
        0: np.asarray([1.5, -2], ml_dtypes.bfloat16),
        1: (np.asarray([True, False]), np.zeros((0, 2), np.complex64)),
    }


def spec_message(specs, kind="array", body=b"\0" * 16, tag=(0, 0)) -> bytes:
    return contribution({"tag": list(tag), "values": [[0, kind, specs]]}, body)


@pytest.mark.parametrize("data, message", cases(
    (b"", "shorter than"),  # struct.error before
    (b"\x01\x02", "shorter than"),
    (_LENGTH.pack(1 << 40) + b"{}", "header of 1099511627776 bytes"),  # JSONDecodeError before
    (contribution(b"[" * 100_000 + b"]" * 100_000), "nested"),  # RecursionError before
    (contribution(b"{\"tag\": NaN}"), "NaN"),
    (contribution(b"\xff\xfe"), "malformed"),
    (contribution([1, 2]), "object"),  # TypeError before
    (contribution({"tag": [0, 0]}), "values"),  # KeyError before
    (contribution({"tag": [0], "values": []}), "tag"),
    (contribution({"tag": [0, "1"], "values": []}), "tag"),
    (contribution({"tag": [0, 0], "values": [[0, "array"]]}), "values\\[0\\]"),
    (contribution({"tag": [0, 0], "values": [5]}), "values\\[0\\]"),
    (contribution({"tag": [0, 0], "values": [[-1, "array", []]]}), "participant"),
    (contribution({"tag": [0, 0], "values": [[True, "array", []]]}), "participant"),
    (spec_message([["float32", [2], 0, 8]], kind="list"), "kind"),
    (spec_message([["float32", [2], 0, 8]] * 2), "one array"),  # silently used the first
    (spec_message([]), "one array"),
    (spec_message([["O", [2], 0, 16]]), "dtype 'O'"),  # ValueError from numpy before
    (spec_message([["finfo", [2], 0, 8]]), "dtype 'finfo'"),  # ml_dtypes attribute before
    (spec_message([["i4,i4", [2], 0, 16]]), "dtype"),  # a structured dtype, accepted before
    (spec_message([[5, [2], 0, 8]]), "dtype"),
    (spec_message([["float32", [3], 0, 8]]), "3 elements"),  # reshape ValueError before
    (spec_message([["float32", [2], 12, 8]]), "past the end"),
    (spec_message([["float32", [2], -8, 8]]), "start"),  # read the body's end before
    (spec_message([["float32", [2], 0, -8]]), "size"),
    (spec_message([["float32", [1 << 40, 1 << 40], 0, 8]]), "elements"),
    (spec_message([["float32", [-2], 0, 8]]), "shape"),
    (spec_message([["float32", [1] * 70 + [2], 0, 8]]), "rank"),
    (spec_message([["float32", 2, 0, 8]]), "shape"),
    (spec_message([["float32", [2], 0, 8, 9]]), "spec"),
    (contribution({"tag": [0, 0], "values": [[0, "array", [["float32", [], 0, 4]]],
                                             [0, "array", [["float32", [], 0, 4]]]]},
                  b"\0" * 4), "twice"),
))
def test_malformed_contributions_are_invalid_argument(data, message):
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT") as info:
        decode_contributions(data)
    assert re.search(message, str(info.value)), str(info.value)


def test_decode_contributions_needs_bytes():
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT"):
        decode_contributions(12)


class FakeCommunicator:
    """Stands in for the peers of an all_gather: ``rows`` are their payloads
    (this process's own row is what it sends)."""

    def __init__(self, peer_payloads: dict[int, bytes], lengths: dict[int, int] | None = None):
        self.peer_payloads = peer_payloads
        self.lengths = lengths or {}
        self.own: bytes | None = None

    def communicator(self, process_ids):
        self.process_ids = list(process_ids)
        return self

    def all_gather(self, x):
        x = np.asarray(x)
        if x.ndim == 0:  # the lengths
            self.own_length = int(x)
            return np.asarray([
                self.lengths.get(p, int(x) if p == 0 else len(self.peer_payloads[p]))
                for p in self.process_ids], np.int64)
        rows = np.zeros((len(self.process_ids), x.shape[0]), np.uint8)
        for i, p in enumerate(self.process_ids):
            data = bytes(x[:self.own_length]) if p == 0 else self.peer_payloads[p]
            data = data[:x.shape[0]]
            rows[i, :len(data)] = np.frombuffer(data, np.uint8)
        return rows


def exchange_with(peer: bytes | None, lengths: dict[int, int] | None = None,
                  value=None):
    """Participant 0 (process 0) exchanges with participant 1 (process 1)."""
    fake = FakeCommunicator({1: peer if peer is not None else b""}, lengths)
    rendezvous = CrossProcessRendezvous([0, 1, 1], 0, fake, execution_number=5, timeout=5)
    own = value if value is not None else np.float32([1, 2])
    return rendezvous.exchange("k", 0, own, (0, 1))


def test_cross_process_exchange_accepts_a_well_formed_peer():
    peer = encode_contributions((5, 0), {1: np.float32([3, 4])})
    own, theirs = exchange_with(peer)
    np.testing.assert_array_equal(theirs, [3, 4])


@pytest.mark.parametrize("peer, lengths, message", cases(
    # np.zeros(-5) raised ValueError before.
    (encode_contributions((5, 0), {1: np.float32([3, 4])}), {1: -5}, "length -5"),
    (encode_contributions((5, 0), {1: np.float32([3, 4])}), {1: 1 << 50}, "length"),
    # The peer claims a participant of this process: it overwrote ours before.
    (encode_contributions((5, 0), {0: np.float32([9, 9]), 1: np.float32([3, 4])}), None,
     "participant 0"),
    (encode_contributions((5, 0), {7: np.float32([3, 4])}), None, "participant 7"),
    # Another structure than this process's values: the kernels would broadcast
    # or fail in numpy.
    (encode_contributions((5, 0), {1: np.float32([3])}), None, "float32\\[1\\]"),
    (encode_contributions((5, 0), {1: np.int32([3, 4])}), None, "int32"),
    (encode_contributions((5, 0), {1: (np.float32([3, 4]),)}), None, "tuple"),
    (b"\x00\x01", None, "process 1"),
))
def test_cross_process_exchange_rejects_malformed_peers(peer, lengths, message):
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT") as info:
        exchange_with(peer, lengths)
    assert re.search(message, str(info.value)), str(info.value)


def contribution_seeds() -> list[bytes]:
    return [
        encode_contributions((4, 9), good_values()),
        encode_contributions((0, 0), {0: np.float32([1, 2])}),
        encode_contributions((1, 2), {5: (np.int8([1]), np.uint64(3))}),
        encode_contributions((0, 1), {}),
    ]


def test_fuzz_decode_contributions():
    rng = random.Random(1404)
    seeds = contribution_seeds()
    headers = []
    for seed in seeds:
        (length,) = _LENGTH.unpack_from(seed)
        headers.append((json.loads(seed[8:8 + length]), seed[8 + length:]))
    inputs = []
    for _ in range(INPUTS * fuzz_scale()):
        if rng.random() < 0.5:
            header, body = rng.choice(headers)
            inputs.append(contribution(
                json.dumps(mutate_json(rng, header)).encode("utf-8", "surrogatepass"), body))
        else:
            inputs.append(mutate_bytes(rng, rng.choice(seeds), seeds))

    def use(decoded) -> None:
        tag, values = decoded
        assert len(tag) == 2 and all(isinstance(t, int) for t in tag)
        for participant, value in values.items():
            assert isinstance(participant, int) and participant >= 0
            for array in value if isinstance(value, tuple) else (value,):
                assert isinstance(array, np.ndarray) and array.flags.writeable
                assert array.size == math.prod(array.shape)
                array.sum() if array.dtype.kind in "biufc" else array.copy()
        # What decodes re-encodes to the same values.
        again = decode_contributions(encode_contributions(tag, values))
        assert again[0] == tag and sorted(again[1]) == sorted(values)

    outcomes = run_fuzz("decode_contributions", inputs, decode_contributions, use,
                        XlaRuntimeError, "INVALID_ARGUMENT: ")
    assert outcomes["rejected"] and outcomes["parsed"]


# --- StableHLO portable artifacts (VHLO in MLIR bytecode) -----------------------------

def _artifact_seeds() -> list[bytes]:
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vhlo_artifacts")
    seeds = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".npz") and name != "chlo_rewrites.npz":
            with np.load(os.path.join(folder, name)) as data:
                seeds += [data[k].tobytes() for k in data.files
                          if k == "artifact" or k.startswith("v")]
    # an asynchronous collective (a future carried by a loop), written here
    from test_async_ops import _LOOP

    from jaxlib._src.jax_api.export_artifacts import serialize_portable_artifact
    seeds.append(serialize_portable_artifact(_LOOP, "1.15.0"))
    return seeds



def _deserialize(data: bytes) -> object:
    from jaxlib._jax import mlir as jax_mlir
    try:
        return jax_mlir.deserialize_portable_artifact(data)
    except XlaRuntimeError as err:
        if not str(err).startswith(("INVALID_ARGUMENT", "UNIMPLEMENTED")):
            raise AssertionError(f"unexpected status: {err}") from err
        raise


def test_fuzz_portable_artifacts():
    """Mutated artifacts (and truncations of each) read to a module or raise
    XlaRuntimeError INVALID_ARGUMENT/UNIMPLEMENTED; memory stays bounded."""
    seeds = _artifact_seeds()
    rng = random.Random(11)
    inputs = [seed[:rng.randrange(len(seed))] for seed in seeds]
    inputs += [mutate_bytes(rng, rng.choice(seeds), seeds) for _ in range(300 * fuzz_scale())]
    tracemalloc.start()
    try:
        run_fuzz("portable artifacts", inputs, _deserialize, str, XlaRuntimeError)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 256 << 20, f"reading artifacts of a few KiB peaked at {peak >> 20} MiB"


def test_crafted_artifact_counts_are_bounded():
    """A count far beyond the bytes that would hold it is refused before
    anything is allocated for it."""
    from jaxlib._jax import mlir as jax_mlir
    from jaxlib._src.frontends.mlir_bytecode_writer import Emitter

    out = Emitter()
    out.bytes(b"ML\xefR")
    out.varint(6)
    out.bytes(b"crafted\0")
    strings = Emitter()
    strings.varint(1 << 40)  # 2**40 strings in a few bytes
    out.section(0, bytes(strings.data))
    for section_id in (1, 2, 3, 4, 8):
        out.section(section_id, b"")
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT.*1099511627776 strings"):
        jax_mlir.deserialize_portable_artifact(bytes(out.data))
