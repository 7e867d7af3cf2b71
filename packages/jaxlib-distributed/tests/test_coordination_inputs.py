"""Bad input to the coordination service and client, and garbage on its port.

These run the service and its clients in one process (clients in threads):
what is checked is how requests are rejected, not cross-process behaviour.
"""

from __future__ import annotations

import os
import socket
import threading
import time

import grpc
import pytest
from coordination_harness import free_address

from jaxlib import xla_client
from jaxlib.distributed import protocol
from jaxlib.distributed.service import DistributedRuntimeService
from jaxlib.xla_client import XlaRuntimeError


@pytest.fixture
def service_at():
    services = []

    def start(num_nodes: int, **options) -> str:
        address = free_address()
        services.append(xla_client.get_distributed_runtime_service(address, num_nodes, **options))
        return address

    yield start
    for service in services:
        service.shutdown()


def client(address: str, node_id: int, **options):
    options = {"init_timeout": 10, "shutdown_timeout": 10, **options}
    return xla_client.get_distributed_runtime_client(address, node_id, **options)


def connect_all(*clients) -> None:
    errors = []

    def connect(c):
        try:
            c.connect()
        except XlaRuntimeError as err:
            errors.append(err)

    threads = [threading.Thread(target=connect, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def shutdown_all(*clients) -> None:
    threads = [threading.Thread(target=c.shutdown) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def raw_call(address: str, method: str, request: bytes) -> grpc.RpcError:
    """Sends ``request`` bytes to a service method; returns the error it answers."""
    with grpc.insecure_channel(address) as channel:
        with pytest.raises(grpc.RpcError) as caught:
            channel.unary_unary(protocol.method_path(method))(request, timeout=5)
    return caught.value


@pytest.mark.parametrize("address, why", [
    ("", "the port is missing"),
    ("localhost", "the port is missing"),
    ("localhost:", "the port '' is not a number"),
    (":1234", "the host is empty"),
    ("localhost:http", "is not a number"),
    ("localhost:99999", "outside 1..65535"),
    ("localhost:0", "outside 1..65535"),
    ("::1:1234", "IPv6 host must be written in brackets"),
    ("[::1]1234", "the form '[host]:port'"),
    (" localhost:1234", "whitespace"),
    (1234, "not int"),
])
def test_malformed_addresses_are_rejected(address, why):
    for make in (lambda: xla_client.get_distributed_runtime_service(address, 1),
                 lambda: xla_client.get_distributed_runtime_client(address, 0)):
        with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: malformed") as caught:
            make()
        assert why in str(caught.value)


@pytest.mark.parametrize("make, error, match", [
    (lambda a: xla_client.get_distributed_runtime_service(a, 0), XlaRuntimeError,
     "INVALID_ARGUMENT: num_nodes must be >= 1"),
    (lambda a: xla_client.get_distributed_runtime_service(a, 2.0), TypeError, "num_nodes"),
    (lambda a: xla_client.get_distributed_runtime_service(a, 2, heartbeat_timeout=0),
     XlaRuntimeError, "INVALID_ARGUMENT: heartbeat_timeout must be a positive"),
    (lambda a: xla_client.get_distributed_runtime_client(a, -1), XlaRuntimeError,
     "INVALID_ARGUMENT: node_id must be >= 0"),
    (lambda a: xla_client.get_distributed_runtime_client(a, 0, init_timeout=-5),
     XlaRuntimeError, "INVALID_ARGUMENT: init_timeout"),
    (lambda a: xla_client.get_distributed_runtime_client(a, 0, recoverable="yes"),
     TypeError, "recoverable must be a bool"),
    (lambda a: xla_client.get_distributed_runtime_client(a, 0, missed_heartbeat_callback=3),
     TypeError, "callable"),
])
def test_bad_options_are_rejected(make, error, match):
    with pytest.raises(error, match=match):
        make(free_address())


def test_service_is_reachable_from_xla_client_and_refuses_a_busy_port(service_at):
    address = service_at(1)
    with pytest.raises(XlaRuntimeError, match="UNAVAILABLE: could not bind .* in use"):
        xla_client.get_distributed_runtime_service(address, 1)
    c = client(address, 0)
    c.connect()
    assert c.get_live_nodes([0]).keys() == {0}
    c.shutdown()


def test_node_ids_out_of_range_and_duplicates_are_rejected(service_at):
    address = service_at(2)
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: node id 2 is out of range: "
                       r"the cluster has 2 nodes \(ids 0..1\)"):
        client(address, 2).connect()
    first = client(address, 0)
    connecting = threading.Thread(target=first.connect)
    connecting.start()
    time.sleep(0.3)  # the first node 0 registered and waits for node 1
    with pytest.raises(XlaRuntimeError, match="ALREADY_EXISTS: node 0 is already connected"):
        client(address, 0).connect()
    second = client(address, 1)
    second.connect()
    connecting.join()
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: .* out of range"):
        second.get_live_nodes([0, 5])
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: .* out of range"):
        second.wait_at_barrier("b", 100, process_ids=[1, 7])
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: .* repeat a node"):
        second.wait_at_barrier("b", 100, process_ids=[1, 1])
    shutdown_all(first, second)


def test_registration_timeouts_name_the_missing_nodes(service_at):
    address = service_at(3)
    start = time.monotonic()
    with pytest.raises(XlaRuntimeError, match="DEADLINE_EXCEEDED: cluster registration timed "
                       "out .* 1 of 3 nodes connected; nodes 1, 2 never connected"):
        client(address, 0, init_timeout=0.5).connect()
    assert time.monotonic() - start < 3
    # The failed node may try again; here the service's own deadline ends it.
    strict = service_at(2, cluster_register_timeout=0.5)
    with pytest.raises(XlaRuntimeError, match="DEADLINE_EXCEEDED: cluster registration"):
        client(strict, 1, init_timeout=10).connect()


def test_connect_to_no_service_times_out():
    start = time.monotonic()
    with pytest.raises(XlaRuntimeError, match=r"DEADLINE_EXCEEDED: coordination service at "
                       r".* \(Register\): no answer within 0.5 s"):
        client(free_address(), 0, init_timeout=0.5).connect()
    assert time.monotonic() - start < 3


def test_client_calls_need_a_connection(service_at):
    address = service_at(1)
    c = client(address, 0)
    for call in (lambda: c.key_value_set("k", "v"), lambda: c.key_value_try_get("k"),
                 lambda: c.wait_at_barrier("b", 10), c.shutdown):
        with pytest.raises(XlaRuntimeError, match="FAILED_PRECONDITION: node 0 is not connected"):
            call()
    c.connect()
    with pytest.raises(XlaRuntimeError, match="FAILED_PRECONDITION: node 0 is already connected"):
        c.connect()
    c.shutdown()
    with pytest.raises(XlaRuntimeError, match="FAILED_PRECONDITION: node 0 has shut down"):
        c.key_value_set("k", "v")
    with pytest.raises(XlaRuntimeError, match="only a recoverable client .* may connect again"):
        c.connect()
    with pytest.raises(XlaRuntimeError, match="FAILED_PRECONDITION: node 0 has shut down and "
                       "is not recoverable"):
        client(address, 0).connect()


def test_value_types_and_sizes(service_at):
    address = service_at(1)
    c = client(address, 0, use_compression=True)
    c.connect()
    with pytest.raises(TypeError, match="key must be a str"):
        c.key_value_set(1, "v")
    with pytest.raises(TypeError, match="value must be bytes"):
        c.key_value_set_bytes("k", "text")
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: timeout_in_ms must be >= 0"):
        c.blocking_key_value_get("k", -1)
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: the key '//' is empty"):
        c.key_value_set("//", "v")
    c.key_value_set_bytes("binary", b"\xff\xfe")
    with pytest.raises(XlaRuntimeError, match="not UTF-8 text; read it with the _bytes variant"):
        c.blocking_key_value_get("binary", 100)
    assert c.key_value_try_get_bytes("binary") == b"\xff\xfe"
    big = os.urandom(8 << 20)  # above gRPC's default 4 MiB message limit
    c.key_value_set_bytes("big", big)
    assert c.blocking_key_value_get_bytes("big", 1000) == big
    c.key_value_set("text", "naïve ✓")
    assert c.key_value_try_get("text") == "naïve ✓"
    c.shutdown()


def test_messages_from_unknown_nodes_are_rejected(service_at):
    address = service_at(2)
    a, b = client(address, 0), client(address, 1)
    connect_all(a, b)
    set_from = lambda node, incarnation: protocol.encode(  # noqa: E731
        {"node_id": node, "incarnation": incarnation, "key": "k"}, b"v")
    err = raw_call(address, "KeyValueSet", set_from(7, 1))
    assert err.code() is grpc.StatusCode.INVALID_ARGUMENT and "node id 7 is out of range" in (
        err.details())
    err = raw_call(address, "KeyValueSet", set_from(1, 12345))
    assert err.code() is grpc.StatusCode.ABORTED
    assert "unknown incarnation 12345 of node 1" in err.details()
    with pytest.raises(XlaRuntimeError, match="NOT_FOUND"):
        a.key_value_try_get("k")  # the rejected messages wrote nothing
    shutdown_all(a, b)
    fresh = service_at(2)
    err = raw_call(fresh, "Heartbeat", protocol.encode({"node_id": 1, "incarnation": 1}))
    assert err.code() is grpc.StatusCode.FAILED_PRECONDITION
    assert "node 1 is not registered" in err.details()


@pytest.mark.parametrize("method, request_bytes, expected", [
    ("KeyValueSet", b"", "not a coordination service message"),
    ("KeyValueSet", os.urandom(64), "not a coordination service message"),
    ("KeyValueSet", b"JXC1\xff\xff\xff\x7f{}", "malformed coordination message: header of"),
    ("KeyValueSet", b"JXC1\x03\x00\x00\x00{{{", "the header is not JSON"),
    ("KeyValueSet", protocol.encode({"key": "k"}), "lacks the field 'node_id'"),
    ("Barrier", protocol.encode({"node_id": "zero", "incarnation": 1}),
     "'node_id' must be an integer"),
    ("Register", b"JXC1\x02\x00\x00\x00[]", "the header is not an object"),
])
def test_malformed_requests_are_answered_not_fatal(service_at, method, request_bytes, expected):
    address = service_at(1)
    err = raw_call(address, method, request_bytes)
    assert err.code() is grpc.StatusCode.INVALID_ARGUMENT and expected in err.details()
    with grpc.insecure_channel(address) as channel:
        with pytest.raises(grpc.RpcError) as caught:
            channel.unary_unary("/jaxlib.distributed.CoordinationService/NoSuchMethod")(
                b"", timeout=5)
    assert caught.value.code() is grpc.StatusCode.UNIMPLEMENTED
    c = client(address, 0)
    c.connect()
    c.shutdown()


def test_service_survives_garbage_on_its_port(service_at):
    address = service_at(2)
    host, port = address.rsplit(":", 1)
    garbage = [
        os.urandom(4096),
        b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
        b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + os.urandom(512),  # preface, then noise
        b"",  # connect and hang up at once
    ]
    for payload in garbage:
        with socket.create_connection((host, int(port)), timeout=5) as sock:
            sock.sendall(payload)
            sock.settimeout(1)
            try:
                sock.recv(1024)
            except (TimeoutError, ConnectionError):
                pass
    a, b = client(address, 0), client(address, 1)
    connect_all(a, b)
    a.key_value_set("still", "serving")
    assert b.blocking_key_value_get("still", 1000) == "serving"
    shutdown_all(a, b)


def test_service_shutdown_ends_pending_calls(service_at):
    address = free_address()
    service = DistributedRuntimeService(address, 1)
    c = client(address, 0, heartbeat_timeout=30)
    c.connect()
    outcome = {}

    def wait():
        start = time.monotonic()
        try:
            c.blocking_key_value_get("never", 30_000)
        except XlaRuntimeError as err:
            outcome["error"], outcome["elapsed"] = str(err), time.monotonic() - start

    waiter = threading.Thread(target=wait)
    waiter.start()
    time.sleep(0.3)
    service.shutdown()
    waiter.join(10)
    assert outcome["error"].startswith("UNAVAILABLE: ") and outcome["elapsed"] < 5
    service.shutdown()  # a second shutdown is harmless


def test_lost_service_fires_the_callback():
    address = free_address()
    service = DistributedRuntimeService(address, 1)
    failures = []
    c = client(address, 0, heartbeat_timeout=1, missed_heartbeat_callback=failures.append)
    c.connect()
    service.shutdown()
    deadline = time.monotonic() + 5
    while not failures and time.monotonic() < deadline:
        time.sleep(0.05)
    (failure,) = failures
    assert str(failure).startswith("UNAVAILABLE: lost the coordination service at " + address)


def test_shutdown_barrier_answers_survive_the_service_stopping():
    # The coordinator's process completes the shutdown barrier and stops the
    # service at once; a node still waiting must get its (settled) success,
    # not UNAVAILABLE. Holding the lock across both steps makes the order certain.
    from jaxlib.distributed.coordinator import Coordinator

    coordinator = Coordinator(2, heartbeat_timeout_s=30, cluster_register_timeout_s=30,
                              shutdown_timeout_s=30)
    coordinator.register(0, 100, False)
    coordinator.register(1, 101, False)
    outcome = {}

    def node_1():
        try:
            coordinator.shutdown_node(1, 101, 30, lambda: True)
            outcome["node 1"] = "left"
        except Exception as err:
            outcome["node 1"] = repr(err)

    waiter = threading.Thread(target=node_1)
    waiter.start()
    deadline = time.monotonic() + 10
    while 1 not in getattr(coordinator._shutdown_round, "arrived", ()):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    with coordinator._cond:
        coordinator.shutdown_node(0, 100, 30, lambda: True)
        coordinator.stop()
    waiter.join(10)
    assert outcome == {"node 1": "left"}
