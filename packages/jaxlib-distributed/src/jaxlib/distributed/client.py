"""The coordination client: one per process, talking to the service over gRPC.

Units follow jaxlib: the client's option timeouts are in seconds, the
per-call ``timeout_in_ms`` of blocking gets and barriers in milliseconds.
Every failure is an ``XlaRuntimeError`` whose message starts with a status
code (``DEADLINE_EXCEEDED: ...``, ``ALREADY_EXISTS: ...``).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc

from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib.distributed import arguments, protocol
from jaxlib.distributed.addresses import grpc_target, parse_address
from jaxlib.distributed.heartbeats import HeartbeatSender, log_missed_heartbeat
from jaxlib.distributed.service import CHANNEL_OPTIONS, SERVICE_ERROR_METADATA
from jaxlib.distributed.status import CoordinationError

# Defaults of XLA's client, in seconds (init_timeout: JAX's initialization_timeout).
DEFAULT_RPC_TIMEOUT_S = 120
DEFAULT_INIT_TIMEOUT_S = 300
DEFAULT_SHUTDOWN_TIMEOUT_S = 5 * 60
DEFAULT_HEARTBEAT_TIMEOUT_S = 100
# Blocking calls get this much beyond their own timeout, so that the service's
# precise answer arrives before the transport's deadline.
_BLOCKING_CALL_GRACE_S = 5.0

_T = TypeVar("_T")


@dataclass(frozen=True)
class ClientOptions:
    rpc_timeout_s: float
    init_timeout_s: float
    shutdown_timeout_s: float
    heartbeat_timeout_s: float
    missed_heartbeat_callback: Callable[[XlaRuntimeError], Any]
    shutdown_on_destruction: bool
    use_compression: bool
    recoverable: bool


class _Channel:
    """Calls the service's methods, turning every failure into XlaRuntimeError."""

    def __init__(self, address: str, target: str, use_compression: bool):
        self._address = address
        self._channel = grpc.insecure_channel(
            target, options=CHANNEL_OPTIONS,
            compression=grpc.Compression.Gzip if use_compression else None)
        # No (de)serializers: requests and responses are raw bytes.
        self._methods = {m: self._channel.unary_unary(protocol.method_path(m))
                         for m in protocol.METHODS}

    def call(self, method: str, fields: dict[str, Any], payload: bytes = b"", *,
             timeout_s: float, wait_for_ready: bool = False,
             read: Callable[[protocol.Message], _T] | None = None) -> _T | protocol.Message:
        """Calls ``method``; returns the answer, or what ``read`` takes from it.
        ``read`` checks the answer's fields (protocol.Message accessors): an
        answer that does not parse is an INTERNAL error, never a stray
        exception in the caller or the heartbeat thread."""
        try:
            response = self._methods[method](
                protocol.encode(fields, payload), timeout=timeout_s,
                wait_for_ready=wait_for_ready)
        except grpc.RpcError as err:
            raise self._runtime_error(method, err, timeout_s) from None
        try:
            answer = protocol.decode(response)
            return answer if read is None else read(answer)
        except CoordinationError as err:
            raise XlaRuntimeError(
                f"INTERNAL: malformed answer from the coordination service at "
                f"{self._address} ({method}): {err.message}") from None

    def _runtime_error(self, method: str, err: grpc.RpcError,
                       timeout_s: float) -> XlaRuntimeError:
        code, details = err.code(), err.details()
        if SERVICE_ERROR_METADATA in tuple(err.trailing_metadata() or ()):
            return XlaRuntimeError(f"{code.name}: {details}")
        # The transport's own failure: say which service and call it concerns.
        if code is grpc.StatusCode.DEADLINE_EXCEEDED:
            details = f"no answer within {timeout_s:g} s"
        return XlaRuntimeError(
            f"{code.name}: coordination service at {self._address} ({method}): {details}")

    def close(self) -> None:
        self._channel.close()


class DistributedRuntimeClient:
    """A node of the cluster: key-value store, barriers, heartbeats."""

    def __init__(self, address: str, node_id: int, options: ClientOptions):
        host, port = parse_address(address, role="client")
        self._address = address
        self._node_id = arguments.node_id("node_id", node_id)
        self._options = options
        self._channel = _Channel(address, grpc_target(host, port), options.use_compression)
        self._lock = threading.Lock()  # serializes connect and shutdown
        self._state = "not connected"  # then "connected", then "shut down"
        self._incarnation = 0
        self._heartbeats: HeartbeatSender | None = None

    @property
    def node_id(self) -> int:
        return self._node_id

    # ------------------------------------------------------ connect, shutdown

    def connect(self) -> None:
        """Registers this node, then waits until every node has registered."""
        with self._lock:
            if self._state == "connected":
                raise XlaRuntimeError(f"FAILED_PRECONDITION: node {self._node_id} is "
                                      "already connected")
            if self._state == "shut down" and not self._options.recoverable:
                raise XlaRuntimeError(
                    f"FAILED_PRECONDITION: node {self._node_id} has shut down; only a "
                    "recoverable client (recoverable=True) may connect again")
            incarnation = secrets.randbits(63)
            deadline = time.monotonic() + self._options.init_timeout_s
            who = {"node_id": self._node_id, "incarnation": incarnation}
            # wait_for_ready: the service may not be up yet; keep trying until the deadline.
            service_heartbeat_timeout_s = self._channel.call(
                "Register", {**who, "recoverable": self._options.recoverable},
                timeout_s=self._options.init_timeout_s, wait_for_ready=True,
                read=lambda m: m.number("heartbeat_timeout_s"))
            heartbeats = self._start_heartbeats(who, service_heartbeat_timeout_s)
            try:
                remaining = max(deadline - time.monotonic(), 0.0)
                self._channel.call("WaitForCluster", {**who, "timeout_s": remaining},
                                   timeout_s=remaining + _BLOCKING_CALL_GRACE_S)
            except BaseException:
                heartbeats.leaving()
                heartbeats.stop()
                raise
            self._incarnation, self._heartbeats = incarnation, heartbeats
            self._state = "connected"

    def _start_heartbeats(self, who: dict[str, int],
                          service_timeout_s: float) -> HeartbeatSender:
        # Several heartbeats fit in the shorter of the two timeouts.
        timeout_s = min(service_timeout_s, self._options.heartbeat_timeout_s)
        interval_s = min(max(timeout_s / 5, 0.05), 10.0)

        channel = self._channel  # not self: the thread must not keep the client alive

        def send(rpc_timeout_s: float) -> dict[int, str]:
            return channel.call("Heartbeat", who, timeout_s=rpc_timeout_s,
                                read=lambda m: dict(m.pairs("failed_nodes", str)))

        return HeartbeatSender(send, interval_s, self._options.heartbeat_timeout_s,
                               self._options.missed_heartbeat_callback,
                               self._address).start()

    def shutdown(self) -> None:
        """Waits at the shutdown barrier (up to shutdown_timeout), then leaves."""
        with self._lock:
            who = self._who()
            heartbeats = self._heartbeats
            assert heartbeats is not None
            heartbeats.leaving()
            try:
                timeout_s = self._options.shutdown_timeout_s
                self._channel.call("Shutdown", {**who, "timeout_s": timeout_s},
                                   timeout_s=timeout_s + _BLOCKING_CALL_GRACE_S)
            finally:
                heartbeats.stop()
                self._heartbeats, self._state = None, "shut down"

    def __del__(self) -> None:
        if getattr(self, "_state", None) != "connected":
            return
        if self._options.shutdown_on_destruction:
            try:
                self.shutdown()
            except Exception:  # nobody is left to tell
                pass
        elif self._heartbeats is not None:
            self._heartbeats.leaving()
            self._heartbeats.stop()

    def _who(self) -> dict[str, int]:
        if self._state != "connected":
            raise XlaRuntimeError(
                f"FAILED_PRECONDITION: node {self._node_id} is {self._state} "
                "(call connect() first)" if self._state == "not connected" else
                f"FAILED_PRECONDITION: node {self._node_id} has shut down")
        return {"node_id": self._node_id, "incarnation": self._incarnation}

    def _blocking_timeout_s(self, timeout_in_ms: int) -> float:
        return timeout_in_ms / 1000 + min(_BLOCKING_CALL_GRACE_S, self._options.rpc_timeout_s)

    # -------------------------------------------------------------- key-value

    def key_value_set(self, key: str, value: str | bytes, allow_overwrite: bool = False) -> None:
        """Sets ``key``; setting it again needs ``allow_overwrite=True``."""
        self._set(key, arguments.value_bytes("value", value, allow_str=True), allow_overwrite)

    def key_value_set_bytes(self, key: str, value: bytes, allow_overwrite: bool = False) -> None:
        self._set(key, arguments.value_bytes("value", value, allow_str=False), allow_overwrite)

    def _set(self, key: str, value: bytes, allow_overwrite: bool) -> None:
        fields = {**self._who(), "key": arguments.text("key", key),
                  "allow_overwrite": arguments.optional_bool(
                      "allow_overwrite", allow_overwrite, False)}
        self._channel.call("KeyValueSet", fields, value, timeout_s=self._options.rpc_timeout_s)

    def blocking_key_value_get(self, key: str, timeout_in_ms: int) -> str:
        """Waits up to ``timeout_in_ms`` for ``key`` to be set; its value as text."""
        return _as_text(key, self.blocking_key_value_get_bytes(key, timeout_in_ms))

    def blocking_key_value_get_bytes(self, key: str, timeout_in_ms: int) -> bytes:
        timeout_in_ms = arguments.milliseconds("timeout_in_ms", timeout_in_ms)
        fields = {**self._who(), "key": arguments.text("key", key), "timeout_ms": timeout_in_ms}
        return self._channel.call("KeyValueGet", fields,
                                  timeout_s=self._blocking_timeout_s(timeout_in_ms)).payload

    def key_value_try_get(self, key: str) -> str:
        """The value of ``key`` now, or ``NOT_FOUND``."""
        return _as_text(key, self.key_value_try_get_bytes(key))

    def key_value_try_get_bytes(self, key: str) -> bytes:
        fields = {**self._who(), "key": arguments.text("key", key)}
        return self._channel.call("KeyValueGet", fields,
                                  timeout_s=self._options.rpc_timeout_s).payload

    def key_value_dir_get(self, key: str) -> list[tuple[str, str]]:
        """Every (key, value) below the directory ``key``, sorted by key."""
        return [(k, _as_text(k, v)) for k, v in self.key_value_dir_get_bytes(key)]

    def key_value_dir_get_bytes(self, key: str) -> list[tuple[str, bytes]]:
        fields = {**self._who(), "key": arguments.text("key", key)}
        return self._channel.call("KeyValueDirGet", fields,
                                  timeout_s=self._options.rpc_timeout_s, read=_directory)

    def key_value_delete(self, key: str) -> None:
        """Deletes ``key`` and every key below it."""
        fields = {**self._who(), "key": arguments.text("key", key)}
        self._channel.call("KeyValueDelete", fields, timeout_s=self._options.rpc_timeout_s)

    def key_value_increment(self, key: str, increment: int) -> int:
        """Adds ``increment`` to the integer at ``key`` (0 when unset); the new value."""
        if not arguments.is_int(increment):
            raise TypeError(f"increment must be an int, not {type(increment).__name__}")
        fields = {**self._who(), "key": arguments.text("key", key), "increment": increment}
        return self._channel.call("KeyValueIncrement", fields,
                                  timeout_s=self._options.rpc_timeout_s,
                                  read=lambda m: m.integer("value"))

    # ------------------------------------------------------- barriers, liveness

    def wait_at_barrier(self, barrier_id: str, timeout_in_ms: int,
                        process_ids: list[int] | None = None) -> None:
        """Waits until every node of ``process_ids`` (all when None) arrives."""
        timeout_in_ms = arguments.milliseconds("timeout_in_ms", timeout_in_ms)
        fields = {**self._who(), "barrier_id": arguments.text("barrier_id", barrier_id),
                  "timeout_ms": timeout_in_ms,
                  "process_ids": None if process_ids is None
                  else arguments.node_ids("process_ids", process_ids)}
        self._channel.call("Barrier", fields, timeout_s=self._blocking_timeout_s(timeout_in_ms))

    def get_live_nodes(self, process_ids: Sequence[int]) -> dict[int, int]:
        """For each connected node of ``process_ids``, its incarnation id."""
        fields = {**self._who(), "process_ids": arguments.node_ids("process_ids", process_ids)}
        return self._channel.call("LiveNodes", fields, timeout_s=self._options.rpc_timeout_s,
                                  read=lambda m: dict(m.pairs("nodes", int)))


def _directory(answer: protocol.Message) -> list[tuple[str, bytes]]:
    keys = answer.string_list("keys")
    sizes = answer.integer_list("sizes")
    if sizes is None or len(sizes) != len(keys):
        raise CoordinationError("INVALID_ARGUMENT", "keys and sizes differ in number")
    return list(zip(keys, protocol.unpack_values(sizes, answer.payload)))


def _as_text(key: str, value: bytes) -> str:
    try:
        return value.decode()
    except UnicodeDecodeError:
        raise XlaRuntimeError(
            f"INVALID_ARGUMENT: the value of {key!r} is not UTF-8 text; "
            "read it with the _bytes variant") from None


def get_distributed_runtime_client(
    address: str,
    node_id: int,
    rpc_timeout: int | None = None,
    init_timeout: int | None = None,
    shutdown_timeout: int | None = None,
    heartbeat_timeout: int | None = None,
    missed_heartbeat_callback: Any | None = None,
    shutdown_on_destruction: bool | None = None,
    use_compression: bool | None = None,
    recoverable: bool | None = None,
) -> DistributedRuntimeClient:
    """A client for the service at ``address``; timeouts are in seconds, as in
    jaxlib. ``missed_heartbeat_callback(error)`` gets an ``XlaRuntimeError``."""
    if missed_heartbeat_callback is not None and not callable(missed_heartbeat_callback):
        raise TypeError("missed_heartbeat_callback must be callable")
    options = ClientOptions(
        rpc_timeout_s=arguments.seconds("rpc_timeout", rpc_timeout, DEFAULT_RPC_TIMEOUT_S),
        init_timeout_s=arguments.seconds("init_timeout", init_timeout, DEFAULT_INIT_TIMEOUT_S),
        shutdown_timeout_s=arguments.seconds(
            "shutdown_timeout", shutdown_timeout, DEFAULT_SHUTDOWN_TIMEOUT_S),
        heartbeat_timeout_s=arguments.seconds(
            "heartbeat_timeout", heartbeat_timeout, DEFAULT_HEARTBEAT_TIMEOUT_S),
        missed_heartbeat_callback=missed_heartbeat_callback or log_missed_heartbeat,
        shutdown_on_destruction=arguments.optional_bool(
            "shutdown_on_destruction", shutdown_on_destruction, True),
        use_compression=arguments.optional_bool("use_compression", use_compression, False),
        recoverable=arguments.optional_bool("recoverable", recoverable, False),
    )
    return DistributedRuntimeClient(address, node_id, options)
