"""Malformed coordination messages, from a client to the service and from the
service to a client: each is rejected with a clean error, and neither side
dies, hangs or spins.

* ``protocol.decode`` and the ``Message`` accessors raise CoordinationError
  ``INVALID_ARGUMENT``; the service answers it as the RPC's status.
* A client given a malformed answer raises XlaRuntimeError (``INTERNAL``).

Named tests for the review's findings, then bounded random-mutation loops
(in-process, against a real service, and a client against a fake service on
127.0.0.1). ``JAXLIB_FUZZ_SCALE=N`` runs N times as many inputs.
"""

from __future__ import annotations

import json
import logging
import os
import random
import re
import struct
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest
from coordination_harness import free_address

from jaxlib import xla_client
from jaxlib.distributed import protocol
from jaxlib.distributed.service import SERVICE_ERROR_METADATA
from jaxlib.distributed.status import CoordinationError
from jaxlib.xla_client import XlaRuntimeError

PER_INPUT_SECONDS = 10.0  # a hang, not a slow machine
INPUTS = 400  # in-process decodes, per unit of scale
RPC_INPUTS = 150  # requests to a real service / answers to a client, per unit of scale


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


def raw_message(header: bytes, payload: bytes = b"") -> bytes:
    """A message around header bytes that need not be valid JSON."""
    return b"JXC1" + struct.pack("<I", len(header)) + header + payload


def header_of(text: str) -> bytes:
    return raw_message(text.encode("utf-8", "surrogatepass"))


DEEP = "[" * 100_000 + "]" * 100_000


# --------------------------------------------------------------------------
# protocol.decode and the accessors, in process
# --------------------------------------------------------------------------


@pytest.mark.parametrize("data, read, message", [
    pytest.param(header_of(DEEP), None, "nested", id="deep-json"),  # RecursionError before
    pytest.param(header_of('{"a": ' + DEEP + "}"), None, "nested", id="deep-json-field"),
    pytest.param(12, None, "must be bytes", id="not-bytes"),  # TypeError before
    # NaN and Infinity became float timeouts, and NaN made waits spin.
    pytest.param(header_of('{"timeout_s": NaN}'), None, "NaN", id="nan"),
    pytest.param(header_of('{"timeout_s": -Infinity}'), None, "Infinity", id="infinity"),
    pytest.param(header_of('{"timeout_s": 1e999}'), lambda m: m.number("timeout_s"),
                 "finite", id="float-overflow"),
    # float() of it raised OverflowError before.
    pytest.param(header_of('{"timeout_s": 1' + "0" * 400 + "}"),
                 lambda m: m.number("timeout_s"), "finite", id="huge-int-number"),
    # timeout_ms / 1000 raised OverflowError before.
    pytest.param(header_of('{"timeout_ms": 1' + "0" * 400 + "}"),
                 lambda m: m.integer("timeout_ms"), "int64", id="huge-int"),
    pytest.param(header_of('{"node_id": 9223372036854775808}'),
                 lambda m: m.integer("node_id"), "int64", id="int64-overflow"),
    pytest.param(header_of('{"process_ids": [0, 18446744073709551616]}'),
                 lambda m: m.integer_list("process_ids"), "int64", id="int64-list"),
    pytest.param(header_of('{"key": "\\ud800"}'), lambda m: m.string("key"), "Unicode",
                 id="lone-surrogate"),
    pytest.param(header_of('{"nodes": [[0]]}'), lambda m: m.pairs("nodes", int), "nodes\\[0\\]",
                 id="short-pair"),
    pytest.param(header_of('{"nodes": [["a", 1]]}'), lambda m: m.pairs("nodes", int),
                 "nodes\\[0\\]", id="pair-type"),
    pytest.param(header_of('{"failed_nodes": {"0": "x"}}'),
                 lambda m: m.pairs("failed_nodes", str), "list of pairs", id="pairs-type"),
    pytest.param(header_of('{"keys": ["a", 3]}'), lambda m: m.string_list("keys"),
                 "keys\\[1\\]", id="string-list"),
])
def test_malformed_messages_are_invalid_argument(data, read, message):
    with pytest.raises(CoordinationError) as info:
        answer = protocol.decode(data)
        if read is not None:
            read(answer)
    assert info.value.code == "INVALID_ARGUMENT"
    assert re.search(message, info.value.message), info.value.message


@pytest.mark.parametrize("sizes, blob", [
    (["a"], b"x"),  # TypeError before
    ([0.5, 0.5], b"x"),  # TypeError from slicing before
    (None, b""),
    ([True], b"x"),
    ([-1, 2], b"x"),
    ([2], b"x"),
])
def test_unpack_values_checks_sizes(sizes, blob):
    with pytest.raises(CoordinationError, match="value sizes do not add up"):
        protocol.unpack_values(sizes, blob)


def test_well_formed_messages_still_decode():
    message = protocol.decode(protocol.encode(
        {"node_id": 1, "timeout_s": 2.5, "key": "naïve ✓", "process_ids": [0, 1],
         "nodes": [[0, 5]], "failed_nodes": [[1, "gone"]], "keys": ["a"]}, b"xy"))
    assert message.integer("node_id") == 1 and message.number("timeout_s") == 2.5
    assert message.string("key") == "naïve ✓" and message.integer_list("process_ids") == [0, 1]
    assert message.pairs("nodes", int) == [(0, 5)]
    assert message.pairs("failed_nodes", str) == [(1, "gone")]
    assert message.pairs("absent", str) == [] and message.string_list("keys") == ["a"]
    assert protocol.unpack_values([1, 1], message.payload) == [b"x", b"y"]


# --------------------------------------------------------------------------
# Fuzzing the decoder and accessors in process
# --------------------------------------------------------------------------

TEMPLATES = {
    "Register": {"node_id": 0, "incarnation": 1, "recoverable": False},
    "WaitForCluster": {"node_id": 0, "incarnation": 1, "timeout_s": 1.0},
    "Heartbeat": {"node_id": 0, "incarnation": 1},
    "KeyValueSet": {"node_id": 0, "incarnation": 1, "key": "dir/k", "allow_overwrite": True},
    "KeyValueGet": {"node_id": 0, "incarnation": 1, "key": "dir/k"},
    "KeyValueDirGet": {"node_id": 0, "incarnation": 1, "key": "dir"},
    "KeyValueDelete": {"node_id": 0, "incarnation": 1, "key": "dir/gone"},
    "KeyValueIncrement": {"node_id": 0, "incarnation": 1, "key": "count", "increment": 3},
    "Barrier": {"node_id": 0, "incarnation": 1, "barrier_id": "b", "timeout_ms": 1000,
                "process_ids": [0]},
    "LiveNodes": {"node_id": 0, "incarnation": 1, "process_ids": [0]},
}
ANSWERS = {
    "LiveNodes": ({"nodes": [[0, 7], [1, 9]]}, b""),
    "KeyValueIncrement": ({"value": 12}, b""),
    "KeyValueDirGet": ({"keys": ["dir/a", "dir/b"], "sizes": [1, 2]}, b"xyz"),
    "KeyValueGet": ({}, b"value"),
    "Heartbeat": ({"failed_nodes": [[1, "node 1 stopped"]]}, b""),
}
WEIRD = [None, True, False, 0, -1, 1 << 63, -(1 << 63) - 1, 1 << 200, 0.5, -0.0, 1e308,
         "", "k", "/", "//", "\ud800", "é" * 50, "x" * 5000, [], [0], [0, 0], [-1], [[0, 1]],
         [["a", "b"]], {}, {"k": 1}, [[[[[]]]]]]
RAW_TOKENS = [b"NaN", b"Infinity", b"-Infinity", b"1e999", b"1" + b"0" * 400, b"[" * 3000,
              b"{\"a\":" * 2000,
              b'"\\ud800"', b"\xff", b"\x00", b"{", b"}", b",", b":", b'"']


# Values of each field's own type, at the edges: requests that decode and
# reach the coordinator's rules.
TYPED = {
    int: [0, 1, -1, 2, 1 << 62, (1 << 63) - 1, -(1 << 63)],
    float: [0.0, 5e-324, 0.001, 1e308],
    str: ["", "/", "//", "a/b/", "é✓", "x" * 5000, "dir", "dir/k", "count"],
    bool: [True, False],
    list: [[], [0], [0, 0], [1], [-1], [(1 << 63) - 1]],
}


def typed_mutation(rng: random.Random, fields: dict) -> dict:
    fields = dict(fields)
    if not fields:
        return fields
    key = rng.choice(list(fields))
    fields[key] = rng.choice(TYPED[type(fields[key])])
    return fields


def mutate_value(rng: random.Random, value):
    if isinstance(value, dict) and value and rng.random() < 0.8:
        value = dict(value)
        key = rng.choice(list(value))
        choice = rng.randrange(4)
        if choice == 0:
            del value[key]
        elif choice == 1:
            value[key] = rng.choice(WEIRD)
        else:
            value[key] = mutate_value(rng, value[key])
        return value
    if isinstance(value, list) and value and rng.random() < 0.7:
        value = list(value)
        i = rng.randrange(len(value))
        value[i] = mutate_value(rng, value[i])
        return value
    return rng.choice(WEIRD)


def mutate_message(rng: random.Random, fields: dict, payload: bytes = b"") -> bytes:
    """A message with a field's value replaced, a raw token spliced into its
    header, or its bytes (prefix, length, payload) edited."""
    choice = rng.randrange(5)
    if choice >= 3:
        return protocol.encode(typed_mutation(rng, fields), payload)
    if choice == 0:
        text = json.dumps(mutate_value(rng, fields)).encode("utf-8", "surrogatepass")
        return raw_message(text, payload)
    header = json.dumps(fields).encode()
    if choice == 1:
        pos = rng.randrange(len(header) + 1)
        end = pos + rng.choice([0, 0, 1, 3])
        return raw_message(header[:pos] + rng.choice(RAW_TOKENS) + header[end:], payload)
    data = bytearray(raw_message(header, payload))
    for _ in range(rng.randint(1, 3)):
        pos = rng.randrange(len(data) + 1)
        edit = rng.randrange(4)
        if edit == 0 and data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif edit == 1:
            del data[pos:pos + rng.randint(1, 8)]
        elif edit == 2:
            data[pos:pos] = os.urandom(rng.randint(1, 8))
        else:
            del data[pos:]
    return bytes(data)


def read_everything(message: protocol.Message) -> None:
    """Every accessor the service and the client use, on every field."""
    for name in ("node_id", "incarnation", "timeout_ms", "increment", "value"):
        for read in (lambda n: message.integer(n, minimum=0), message.optional_integer):
            try:
                read(name)
            except CoordinationError as err:
                assert err.code == "INVALID_ARGUMENT"
    for read in (message.number, message.string, message.boolean, message.integer_list,
                 message.string_list, lambda n: message.pairs(n, int),
                 lambda n: message.pairs(n, str)):
        for name in ("timeout_s", "key", "barrier_id", "recoverable", "process_ids", "keys",
                     "nodes", "failed_nodes", "sizes"):
            try:
                read(name)
            except CoordinationError as err:
                assert err.code == "INVALID_ARGUMENT"
    try:
        sizes = message.integer_list("sizes")
        protocol.unpack_values(sizes if sizes is not None else [], message.payload)
    except CoordinationError as err:
        assert err.code == "INVALID_ARGUMENT"


def test_fuzz_decode_in_process():
    rng = random.Random(1411)
    templates = [(f, b"") for f in TEMPLATES.values()] + list(ANSWERS.values())
    outcomes = {"parsed": 0, "rejected": 0}
    for _ in range(INPUTS * fuzz_scale()):
        data = mutate_message(rng, *rng.choice(templates))
        start = time.monotonic()
        try:
            message = protocol.decode(data)
        except CoordinationError as err:
            assert err.code == "INVALID_ARGUMENT", err
            outcomes["rejected"] += 1
        except Exception as err:
            raise AssertionError(f"{type(err).__name__}: {err} for {data[:300]!r}") from err
        else:
            try:
                read_everything(message)
            except Exception as err:
                raise AssertionError(f"{type(err).__name__}: {err} for {data[:300]!r}") from err
            outcomes["parsed"] += 1
        elapsed = time.monotonic() - start
        assert elapsed < PER_INPUT_SECONDS, f"{elapsed:.1f} s on {data[:300]!r}"
    print(f"protocol.decode: {outcomes}")
    assert outcomes["parsed"] and outcomes["rejected"]


# --------------------------------------------------------------------------
# A real service given malformed requests
# --------------------------------------------------------------------------


@pytest.fixture
def service():
    address = free_address()
    services = [xla_client.get_distributed_runtime_service(address, 1)]

    def start(num_nodes: int = 1) -> str:
        if num_nodes == 1:
            return address
        other = free_address()
        services.append(xla_client.get_distributed_runtime_service(other, num_nodes))
        return other

    yield start
    for s in services:
        s.shutdown()


class RawCaller:
    def __init__(self, address: str):
        self.channel = grpc.insecure_channel(address)

    def __call__(self, method: str, request: bytes, timeout: float = 5) -> grpc.RpcError | bytes:
        """The answer's bytes, or the RPC error the service answered."""
        try:
            return self.channel.unary_unary(protocol.method_path(method))(request,
                                                                          timeout=timeout)
        except grpc.RpcError as err:
            return err

    def close(self) -> None:
        self.channel.close()


def register(call: RawCaller, node_id: int = 0, incarnation: int = 1) -> None:
    answer = call("Register", protocol.encode({"node_id": node_id, "incarnation": incarnation}))
    assert isinstance(answer, bytes), answer


def test_deeply_nested_request_is_invalid_argument_not_internal(service, caplog):
    call = RawCaller(service())
    err = call("KeyValueGet", header_of(DEEP))
    assert err.code() is grpc.StatusCode.INVALID_ARGUMENT and "nested" in err.details()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    call.close()


def test_nan_timeout_is_rejected_at_once_not_spun_on(service):
    address = service(2)  # node 1 never comes: a valid timeout would wait
    call = RawCaller(address)
    register(call)
    for method in ("WaitForCluster", "Shutdown"):
        # A spinning service would end in DEADLINE_EXCEEDED instead.
        err = call(method, header_of('{"node_id": 0, "incarnation": 1, "timeout_s": NaN}'),
                   timeout=3)
        assert err.code() is grpc.StatusCode.INVALID_ARGUMENT, err
    call.close()


def test_huge_integer_timeout_is_invalid_argument_not_internal(service):
    call = RawCaller(service())
    register(call)
    err = call("KeyValueGet", header_of(
        '{"node_id": 0, "incarnation": 1, "key": "k", "timeout_ms": 1' + "0" * 400 + "}"))
    assert err.code() is grpc.StatusCode.INVALID_ARGUMENT and "int64" in err.details()
    call.close()


def test_errors_quoting_huge_keys_still_reach_the_caller(service):
    address = service()
    client = xla_client.get_distributed_runtime_client(address, 0, init_timeout=10,
                                                       shutdown_timeout=10)
    client.connect()
    # The status once exceeded gRPC's metadata limit: RESOURCE_EXHAUSTED instead.
    with pytest.raises(XlaRuntimeError, match="NOT_FOUND: the key 'kkk.*bytes in all"):
        client.key_value_try_get("k" * 200_000)
    with pytest.raises(XlaRuntimeError, match="NOT_FOUND: the key '.*bytes in all"):
        client.key_value_try_get("é" * 100_000)
    client.shutdown()


# Codes the service answers for requests it refuses; INTERNAL would be a bug,
# a transport DEADLINE_EXCEEDED a hang.
CLEAN_CODES = {grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND,
               grpc.StatusCode.ALREADY_EXISTS, grpc.StatusCode.FAILED_PRECONDITION,
               grpc.StatusCode.ABORTED, grpc.StatusCode.OUT_OF_RANGE,
               grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.UNAVAILABLE}


def test_fuzz_service_requests(service, caplog):
    address = service()
    call = RawCaller(address)
    register(call)
    call("KeyValueSet", protocol.encode(TEMPLATES["KeyValueSet"], b"v"))
    rng = random.Random(1412)
    outcomes = {"answered": 0, "refused": 0}
    for _ in range(RPC_INPUTS * fuzz_scale()):
        method = rng.choice(list(TEMPLATES))
        request = mutate_message(rng, TEMPLATES[method], rng.choice([b"", b"payload"]))
        start = time.monotonic()
        answer = call(method, request)
        elapsed = time.monotonic() - start
        assert elapsed < PER_INPUT_SECONDS, f"{method} took {elapsed:.1f} s on {request[:300]!r}"
        if isinstance(answer, bytes):
            protocol.decode(answer)
            outcomes["answered"] += 1
            continue
        assert answer.code() in CLEAN_CODES, (method, request[:300], answer)
        # Refused by the service itself, not by the transport.
        assert SERVICE_ERROR_METADATA in tuple(answer.trailing_metadata() or ()), answer
        outcomes["refused"] += 1
    print(f"service requests: {outcomes}")
    assert outcomes["answered"] and outcomes["refused"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # Still serving: a fresh well-formed request is answered.
    answer = call("KeyValueSet", protocol.encode(TEMPLATES["KeyValueSet"], b"after"))
    assert isinstance(answer, bytes) or answer.code() in CLEAN_CODES
    assert isinstance(call("Register", protocol.encode({"node_id": 0, "incarnation": 1})),
                      grpc.RpcError)  # already connected, and says so
    call.close()


# --------------------------------------------------------------------------
# A client given malformed answers by a fake service
# --------------------------------------------------------------------------


class FakeService:
    """Answers each method with ``answers[method]()`` (bytes); registration,
    WaitForCluster and heartbeats are well-formed unless replaced."""

    def __init__(self):
        self.answers: dict[str, Callable[[], bytes]] = {
            "Register": lambda: protocol.encode({"num_nodes": 1, "heartbeat_timeout_s": 100}),
            "WaitForCluster": lambda: protocol.encode({}),
            "Heartbeat": lambda: protocol.encode({}),
            "Shutdown": lambda: protocol.encode({}),
        }
        handlers = {m: grpc.unary_unary_rpc_method_handler(
            lambda request, context, m=m: self.answers[m]()) for m in protocol.METHODS}
        self.server = grpc.server(ThreadPoolExecutor(max_workers=8),
                                  handlers=[grpc.method_handlers_generic_handler(
                                      protocol.SERVICE_NAME, handlers)])
        port = self.server.add_insecure_port("127.0.0.1:0")
        self.address = f"127.0.0.1:{port}"
        self.server.start()

    def stop(self) -> None:
        self.server.stop(None)


@pytest.fixture
def fake():
    service = FakeService()
    yield service
    service.stop()


def connected_client(fake: FakeService, **options):
    options = {"init_timeout": 5, "shutdown_timeout": 5, "rpc_timeout": 5,
               "shutdown_on_destruction": False, **options}
    client = xla_client.get_distributed_runtime_client(fake.address, 0, **options)
    client.connect()
    return client


@pytest.mark.parametrize("method, answer, call", [
    # ValueError, TypeError, KeyError before.
    ("LiveNodes", protocol.encode({"nodes": [["a", 1]]}), lambda c: c.get_live_nodes([0])),
    ("LiveNodes", protocol.encode({"nodes": 5}), lambda c: c.get_live_nodes([0])),
    ("LiveNodes", protocol.encode({"nodes": [[0, 1, 2]]}), lambda c: c.get_live_nodes([0])),
    # CoordinationError (not an XlaRuntimeError) before.
    ("KeyValueIncrement", protocol.encode({}), lambda c: c.key_value_increment("k", 1)),
    ("KeyValueIncrement", protocol.encode({"value": "1"}),
     lambda c: c.key_value_increment("k", 1)),
    # TypeError from zip before.
    ("KeyValueDirGet", protocol.encode({"keys": 3, "sizes": []}),
     lambda c: c.key_value_dir_get("d")),
    ("KeyValueDirGet", protocol.encode({"keys": ["a", "b"], "sizes": [0]}),
     lambda c: c.key_value_dir_get("d")),
    ("KeyValueDirGet", protocol.encode({"keys": ["a"], "sizes": [5]}, b"x"),
     lambda c: c.key_value_dir_get_bytes("d")),
    ("KeyValueGet", os.urandom(64), lambda c: c.key_value_try_get_bytes("k")),
    ("KeyValueGet", header_of(DEEP), lambda c: c.key_value_try_get_bytes("k")),
], ids=lambda v: v if isinstance(v, str) else type(v).__name__)
def test_malformed_answers_are_xla_runtime_errors(fake, method, answer, call):
    client = connected_client(fake)
    fake.answers[method] = lambda: answer
    with pytest.raises(XlaRuntimeError, match=f"INTERNAL: malformed answer .*\\({method}\\)"):
        call(client)


def test_malformed_registration_answer_fails_connect(fake):
    # A NaN heartbeat timeout once made the heartbeat thread spin.
    fake.answers["Register"] = lambda: header_of('{"heartbeat_timeout_s": NaN}')
    client = xla_client.get_distributed_runtime_client(fake.address, 0, init_timeout=5,
                                                       shutdown_on_destruction=False)
    with pytest.raises(XlaRuntimeError, match="INTERNAL: malformed answer .*Register"):
        client.connect()


def test_malformed_heartbeat_answers_reach_the_callback(fake):
    failures = []
    client = connected_client(fake, heartbeat_timeout=1,
                              missed_heartbeat_callback=failures.append)
    # A ValueError once killed the heartbeat thread; nothing was reported.
    fake.answers["Heartbeat"] = lambda: protocol.encode({"failed_nodes": [["x", "y"]]})
    deadline = time.monotonic() + 10
    while not failures and time.monotonic() < deadline:
        time.sleep(0.05)
    (failure,) = failures
    assert "malformed answer" in str(failure) and "Heartbeat" in str(failure)
    del client


def test_fuzz_client_answers(fake):
    client = connected_client(fake)
    rng = random.Random(1413)
    calls = {
        "LiveNodes": lambda: client.get_live_nodes([0, 1]),
        "KeyValueIncrement": lambda: client.key_value_increment("count", 1),
        "KeyValueDirGet": lambda: client.key_value_dir_get_bytes("dir"),
        "KeyValueGet": lambda: client.key_value_try_get_bytes("k"),
    }
    outcomes = {"returned": 0, "raised": 0}
    for _ in range(RPC_INPUTS * fuzz_scale()):
        method = rng.choice(list(calls))
        answer = mutate_message(rng, *ANSWERS[method])
        fake.answers[method] = lambda answer=answer: answer
        start = time.monotonic()
        try:
            calls[method]()
        except XlaRuntimeError as err:
            assert str(err).startswith("INTERNAL: malformed answer"), err
            outcomes["raised"] += 1
        except Exception as err:
            raise AssertionError(f"{method}: {type(err).__name__}: {err} for answer "
                                 f"{answer[:300]!r}") from err
        else:
            outcomes["returned"] += 1
        elapsed = time.monotonic() - start
        assert elapsed < PER_INPUT_SECONDS, f"{method} took {elapsed:.1f} s on {answer[:300]!r}"
    print(f"client answers: {outcomes}")
    assert outcomes["returned"] and outcomes["raised"]
    # The heartbeat thread lives through all of it.
    assert client._heartbeats._thread.is_alive()
