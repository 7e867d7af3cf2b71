"""The coordination service: a gRPC server in front of a ``Coordinator``.

The server registers one generic handler for the service's methods and
passes request bytes through untouched; ``protocol.decode`` does the parsing,
so a malformed request becomes an ``INVALID_ARGUMENT`` answer, never a crash.
A monitor thread declares silent nodes dead.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import grpc

from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument
from jaxlib.distributed import arguments, protocol
from jaxlib.distributed.addresses import grpc_target, parse_address
from jaxlib.distributed.coordinator import Coordinator
from jaxlib.distributed.status import CoordinationError

logger = logging.getLogger(__name__)

# Defaults of XLA's coordination service, in seconds.
DEFAULT_HEARTBEAT_TIMEOUT_S = 100
DEFAULT_CLUSTER_REGISTER_TIMEOUT_S = 60 * 60
DEFAULT_SHUTDOWN_TIMEOUT_S = 5 * 60

# Marks errors the service itself produced, as opposed to transport errors.
SERVICE_ERROR_METADATA = ("x-jaxlib-coordination-error", "1")
CHANNEL_OPTIONS = [
    ("grpc.max_receive_message_length", -1),
    ("grpc.max_send_message_length", -1),
]

_Handler = Callable[[protocol.Message, grpc.ServicerContext], tuple[dict, bytes]]

# Messages quote keys and ids a client chose; gRPC drops a status whose message
# exceeds its metadata limit (the caller then sees only RESOURCE_EXHAUSTED).
# Non-ASCII bytes are percent-encoded on the wire: up to 3 bytes each.
_MAX_DETAILS_BYTES = 2048


def _details(message: str) -> str:
    encoded = message.encode("utf-8", "backslashreplace")
    if len(encoded) <= _MAX_DETAILS_BYTES:
        return encoded.decode("utf-8")
    cut = encoded[:_MAX_DETAILS_BYTES].decode("utf-8", "ignore")
    return f"{cut}... ({len(encoded)} bytes in all)"


class DistributedRuntimeService:
    """Serves one cluster of ``num_nodes`` nodes at ``address``."""

    def __init__(
        self,
        address: str,
        num_nodes: int,
        heartbeat_timeout: float | None = None,
        cluster_register_timeout: float | None = None,
        shutdown_timeout: float | None = None,
    ):
        host, port = parse_address(address, role="service")
        if not arguments.is_int(num_nodes):
            raise TypeError(f"num_nodes must be an int, not {type(num_nodes).__name__}")
        if num_nodes < 1:
            raise invalid_argument(f"num_nodes must be >= 1, got {num_nodes}")
        self.address = address
        self._coordinator = Coordinator(
            num_nodes,
            heartbeat_timeout_s=arguments.seconds(
                "heartbeat_timeout", heartbeat_timeout, DEFAULT_HEARTBEAT_TIMEOUT_S),
            cluster_register_timeout_s=arguments.seconds(
                "cluster_register_timeout", cluster_register_timeout,
                DEFAULT_CLUSTER_REGISTER_TIMEOUT_S),
            shutdown_timeout_s=arguments.seconds(
                "shutdown_timeout", shutdown_timeout, DEFAULT_SHUTDOWN_TIMEOUT_S),
        )
        # Blocking calls hold a worker thread each; leave room for heartbeats.
        self._server = grpc.server(
            ThreadPoolExecutor(max_workers=32 + 16 * num_nodes,
                               thread_name_prefix="coordination-service"),
            handlers=[grpc.method_handlers_generic_handler(
                protocol.SERVICE_NAME,
                {name: self._rpc_handler(name, handler)
                 for name, handler in self._handlers().items()})],
            # Without this, a second service on a busy port would bind silently.
            options=[("grpc.so_reuseport", 0), *CHANNEL_OPTIONS],
        )
        try:
            bound = self._server.add_insecure_port(grpc_target(host, port))
        except RuntimeError as err:
            bound, why = 0, f": {err}"
        else:
            why = ""
        if bound == 0:
            self._server.stop(None)
            raise XlaRuntimeError(
                f"UNAVAILABLE: could not bind the coordination service to {address}{why} "
                "(is the port in use?)")
        self._server.start()
        self._stopped = threading.Event()
        self._monitor = threading.Thread(
            target=self._watch_heartbeats, name="coordination-heartbeat-monitor", daemon=True)
        self._monitor.start()

    def shutdown(self) -> None:
        """Stops serving; calls still waiting end with ``UNAVAILABLE``."""
        if self._stopped.is_set():
            return
        self._stopped.set()
        self._coordinator.stop()
        self._server.stop(grace=1.0).wait()
        self._monitor.join()

    def __del__(self) -> None:
        if hasattr(self, "_stopped") and not self._stopped.is_set():
            self.shutdown()

    def _watch_heartbeats(self) -> None:
        period = min(self._coordinator.heartbeat_timeout_s / 4, 1.0)
        while not self._stopped.wait(period):
            self._coordinator.check_heartbeats()

    # ------------------------------------------------------------ RPC plumbing

    def _rpc_handler(self, name: str, handler: _Handler) -> grpc.RpcMethodHandler:
        def behavior(request: bytes, context: grpc.ServicerContext) -> bytes:
            # Wake blocked waiters as soon as their caller goes away.
            context.add_callback(self._coordinator.wake)
            try:
                fields, payload = handler(protocol.decode(request), context)
                return protocol.encode(fields, payload)
            except CoordinationError as err:
                failure = err
            except Exception as err:  # a bug: answer it rather than hang the caller
                logger.exception("coordination service method %s failed", name)
                failure = CoordinationError("INTERNAL", f"{name}: {type(err).__name__}: {err}")
            context.set_trailing_metadata((SERVICE_ERROR_METADATA,))
            context.abort(failure.grpc_code(), _details(failure.message))

        # No (de)serializers: the handler sees the raw request bytes.
        return grpc.unary_unary_rpc_method_handler(behavior)

    def _handlers(self) -> dict[str, _Handler]:
        c = self._coordinator

        def who(m: protocol.Message) -> tuple[int, int]:
            return m.integer("node_id"), m.integer("incarnation")

        def register(m, context):
            return c.register(*who(m), m.boolean("recoverable")), b""

        def wait_for_cluster(m, context):
            c.wait_for_cluster(*who(m), m.number("timeout_s"), context.is_active)
            return {}, b""

        def heartbeat(m, context):
            failures = c.heartbeat(*who(m))
            return {"failed_nodes": [[n, why] for n, why in sorted(failures.items())]}, b""

        def key_value_set(m, context):
            c.key_value_set(*who(m), m.string("key"), m.payload, m.boolean("allow_overwrite"))
            return {}, b""

        def key_value_get(m, context):
            timeout_ms = m.optional_integer("timeout_ms", minimum=0)
            if timeout_ms is None:
                return {}, c.key_value_try_get(*who(m), m.string("key"))
            return {}, c.key_value_get(*who(m), m.string("key"), timeout_ms, context.is_active)

        def key_value_dir_get(m, context):
            entries = c.key_value_dir_get(*who(m), m.string("key"))
            sizes, blob = protocol.pack_values([v for _, v in entries])
            return {"keys": [k for k, _ in entries], "sizes": sizes}, blob

        def key_value_delete(m, context):
            c.key_value_delete(*who(m), m.string("key"))
            return {}, b""

        def key_value_increment(m, context):
            value = c.key_value_increment(*who(m), m.string("key"), m.integer("increment"))
            return {"value": value}, b""

        def barrier(m, context):
            c.barrier(*who(m), m.string("barrier_id"), m.integer("timeout_ms", minimum=0),
                      m.integer_list("process_ids"), context.is_active)
            return {}, b""

        def live_nodes(m, context):
            live = c.live_nodes(*who(m), m.integer_list("process_ids") or [])
            return {"nodes": [[n, inc] for n, inc in sorted(live.items())]}, b""

        def shutdown(m, context):
            c.shutdown_node(*who(m), m.number("timeout_s"), context.is_active)
            return {}, b""

        handlers = {
            "Register": register, "WaitForCluster": wait_for_cluster,
            "Heartbeat": heartbeat, "KeyValueSet": key_value_set,
            "KeyValueGet": key_value_get, "KeyValueDirGet": key_value_dir_get,
            "KeyValueDelete": key_value_delete, "KeyValueIncrement": key_value_increment,
            "Barrier": barrier, "LiveNodes": live_nodes, "Shutdown": shutdown,
        }
        assert set(handlers) == set(protocol.METHODS)
        return handlers


def get_distributed_runtime_service(
    address: str,
    num_nodes: int,
    heartbeat_timeout: int | None = None,
    cluster_register_timeout: int | None = None,
    shutdown_timeout: int | None = None,
) -> DistributedRuntimeService:
    """Starts a coordination service; timeouts are in seconds, as in jaxlib."""
    return DistributedRuntimeService(
        address, num_nodes, heartbeat_timeout=heartbeat_timeout,
        cluster_register_timeout=cluster_register_timeout, shutdown_timeout=shutdown_timeout)
