"""The profiler server: this process's profiles over gRPC, as tsl's
``tensorflow.ProfilerService`` serves them.

* ``start_server(port)`` (``jax.profiler.start_server``) serves ``Profile``
  (a session of ``duration_ms``, or until ``Terminate`` names it; the XSpace
  in the response, or written under the request's repository as XProf's
  remote capture asks) and ``Terminate``. ``jax.collect_profile``,
  TensorBoard's and XProf's capture dialogs are its clients.
* ``register_subprocess(pid, port)`` (``jax.profiler.register_subprocess``):
  a session started with the advanced option ``profile_subprocesses`` asks
  each registered subprocess's server for a profile of the same span and
  adds its planes, named ``<plane> [<pid>]``.

The messages are tsl's ``profiler_service.proto`` and ``profiler_options.proto``,
encoded here field by field (base/protowire.py). gRPC comes from grpcio,
``jaxlib-core``'s ``profiler`` extra; without it these entry points raise
an error saying so.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from jaxlib._src.base import protowire
from jaxlib._src.runtime import profiler

SERVICE = "tensorflow.ProfilerService"
# A profile "forever": until Terminate (what a parent asks of its subprocesses).
INFINITE_MS = (1 << 64) - 1
# How long a parent waits for a subprocess's profile after terminating it.
SUBPROCESS_TIMEOUT_S = 30.0


def _grpc() -> Any:
    try:
        import grpc
    except ImportError:
        raise RuntimeError("the profiler server needs grpcio: pip install "
                           "'jaxlib-core[profiler]' (or grpcio)") from None
    return grpc


def _identity(data: bytes) -> bytes:
    return data


# -- messages ---------------------------------------------------------------------------


def _string(field: int, text: str) -> bytes:
    return protowire.bytes_field(field, text.encode("utf-8"))


def encode_profile_request(duration_ms: int, session_id: str, emit_xspace: bool,
                           python_tracer_level: int = 0, repository_root: str = "",
                           host_name: str = "") -> bytes:
    """A ProfileRequest {duration_ms 1, opts 4, repository_root 5,
    session_id 6, host_name 7, emit_xspace 9}, for a CPU profile
    (ProfileOptions {python_tracer_level 4, device_type 6 = CPU,
    duration_ms 9, session_id 14})."""
    opts = (protowire.int_field(4, python_tracer_level) + protowire.int_field(6, 1)
            + protowire.int_field(9, duration_ms) + _string(14, session_id))
    out = protowire.int_field(1, duration_ms) + protowire.bytes_field(4, opts)
    if repository_root:
        out += _string(5, repository_root)
    out += _string(6, session_id)
    if host_name:
        out += _string(7, host_name)
    if emit_xspace:
        out += protowire.int_field(9, 1)
    return out


def decode_profile_request(data: bytes) -> dict[str, Any]:
    """The fields of a ProfileRequest this server acts on (ValueError when
    malformed)."""
    request: dict[str, Any] = {"duration_ms": 0, "repository_root": "", "session_id": "",
                               "host_name": "", "emit_xspace": False,
                               "python_tracer_level": 0, "override_hostname": ""}
    for field, _, value in profiler._fields(data):
        if field == 1:
            request["duration_ms"] = int(value)
        elif field == 4:
            for ofield, _, ovalue in profiler._fields(value):
                if ofield == 4:
                    request["python_tracer_level"] = int(ovalue)
                elif ofield == 15:
                    request["override_hostname"] = profiler._text(ovalue)
        elif field == 5:
            request["repository_root"] = profiler._text(value)
        elif field == 6:
            request["session_id"] = profiler._text(value)
        elif field == 7:
            request["host_name"] = profiler._text(value)
        elif field == 9:
            request["emit_xspace"] = bool(value)
    return request


def encode_profile_response(space: bytes, empty: bool, with_xspace: bool) -> bytes:
    """A ProfileResponse {empty_trace 7, xspace 8}."""
    out = protowire.int_field(7, int(empty))
    return out + protowire.bytes_field(8, space) if with_xspace else out


def decode_profile_response(data: bytes) -> tuple[bytes | None, bool]:
    """(the XSpace or None, empty_trace) of a ProfileResponse."""
    space, empty = None, False
    for field, _, value in profiler._fields(data):
        if field == 7:
            empty = bool(value)
        elif field == 8:
            space = bytes(value)
    return space, empty


def encode_terminate_request(session_id: str) -> bytes:
    return _string(1, session_id)


def decode_terminate_request(data: bytes) -> str:
    for field, _, value in profiler._fields(data):
        if field == 1:
            return profiler._text(value)
    return ""


# -- the server -------------------------------------------------------------------------


class ProfilerServer:
    """A running profiler server (``start_server``); it stops when stopped
    or dropped (jax lets go of it in ``stop_server``)."""

    def __init__(self, port: int):
        grpc = _grpc()
        from concurrent import futures

        self.port = int(port)
        self._sessions: dict[str, threading.Event] = {}
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        # (Without SO_REUSEPORT a port another server holds is an error, not
        # two servers sharing it.)
        server = grpc.server(futures.ThreadPoolExecutor(max_workers=4,
                                                        thread_name_prefix="profiler-server"),
                             options=[("grpc.so_reuseport", 0)])
        handlers = {
            "Profile": grpc.unary_unary_rpc_method_handler(
                self._profile, request_deserializer=_identity, response_serializer=_identity),
            "Terminate": grpc.unary_unary_rpc_method_handler(
                self._terminate, request_deserializer=_identity,
                response_serializer=_identity),
        }
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE,
                                                                             handlers),))
        bound = 0
        for address in (f"[::]:{self.port}", f"0.0.0.0:{self.port}"):
            try:
                bound = server.add_insecure_port(address)
            except RuntimeError:
                bound = 0
            if bound:
                break
        if not bound:
            raise RuntimeError(f"the profiler server cannot listen on port {self.port}")
        server.start()
        self._server = server

    def stop(self) -> None:
        """Stops serving; profiles in progress end now."""
        if self._stopped.is_set():
            return
        self._stopped.set()
        with self._lock:
            for done in self._sessions.values():
                done.set()
        self._server.stop(None)

    def __del__(self) -> None:
        try:
            self.stop()
        except Exception:  # interpreter shutdown: grpc may be gone already
            pass

    def _profile(self, data: bytes, context: Any) -> bytes:
        grpc = _grpc()
        try:
            request = decode_profile_request(data)
        except ValueError as err:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"malformed ProfileRequest: {err}")
        session_id = request["session_id"] or time.strftime("%Y_%m_%d_%H_%M_%S")
        done = threading.Event()
        with self._lock:
            if session_id in self._sessions:
                context.abort(grpc.StatusCode.ALREADY_EXISTS,
                              f"a profile with session id {session_id!r} is running")
            self._sessions[session_id] = done
        try:
            try:
                collector = profiler.start(request["python_tracer_level"])
            except RuntimeError as err:  # a session of this process is running
                context.abort(grpc.StatusCode.UNAVAILABLE, str(err))
            context.add_callback(done.set)  # the client went away
            try:
                if self._stopped.is_set():
                    done.set()
                duration_ms = request["duration_ms"]
                done.wait(None if duration_ms >= INFINITE_MS else duration_ms / 1000.0)
            finally:
                profiler.stop(collector)
        finally:
            with self._lock:
                self._sessions.pop(session_id, None)
        host = request["override_hostname"] or request["host_name"] or socket.gethostname()
        space = profiler.xspace(collector, host, served=True)
        empty = not any(events for _, events in collector.lines.values())
        if request["emit_xspace"]:
            return encode_profile_response(space, empty, True)
        root = request["repository_root"]
        if root:  # XProf's remote capture: the run's files in its repository
            folder = os.path.join(root, session_id)
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, f"{host}.xplane.pb"), "wb") as f:
                f.write(space)
        return encode_profile_response(space, empty, False)

    def _terminate(self, data: bytes, context: Any) -> bytes:
        try:
            session_id = decode_terminate_request(data)
        except ValueError as err:
            context.abort(_grpc().StatusCode.INVALID_ARGUMENT,
                          f"malformed TerminateRequest: {err}")
        with self._lock:
            done = self._sessions.get(session_id)
        if done is not None:
            done.set()
        return b""  # TerminateResponse {}


def start_server(port: int) -> ProfilerServer:
    return ProfilerServer(port)


# -- a parent profiling its subprocesses -------------------------------------------------

_subprocesses: dict[int, tuple[int, Any]] = {}  # pid -> (port, channel)
_subprocesses_lock = threading.Lock()


def register_subprocess(pid: int, port: int) -> Callable[[], None]:
    """Registers the profiler server of subprocess ``pid`` (listening on
    ``port`` of this host); returns the function that unregisters it."""
    grpc = _grpc()
    pid, port = int(pid), int(port)
    channel = grpc.insecure_channel(f"localhost:{port}")
    with _subprocesses_lock:
        if pid in _subprocesses:
            channel.close()
            raise ValueError(f"subprocess {pid} is registered already")
        _subprocesses[pid] = (port, channel)

    def unregister() -> None:
        with _subprocesses_lock:
            entry = _subprocesses.pop(pid, None)
        if entry is not None:
            entry[1].close()

    return unregister


class SubprocessProfiles:
    """The registered subprocesses' profiles over one session's span."""

    def __init__(self, python_tracer_level: int = 0):
        grpc = _grpc()
        with _subprocesses_lock:
            registered = dict(_subprocesses)
        stamp = int(time.time() * 1000)
        self._calls = []
        for pid, (_, channel) in sorted(registered.items()):
            session_id = f"subprocess_{pid}_{stamp}"
            profile = channel.unary_unary(f"/{SERVICE}/Profile", request_serializer=_identity,
                                          response_deserializer=_identity)
            request = encode_profile_request(INFINITE_MS, session_id, True, python_tracer_level)
            self._calls.append((pid, channel, session_id,
                                profile.future(request, wait_for_ready=True)))
        self._grpc = grpc

    def collect(self) -> tuple[list[bytes], list[str]]:
        """Terminates the subprocesses' profiles; (their planes, each named
        ``<plane> [<pid>]``, and warnings for those that gave none)."""
        planes: list[bytes] = []
        warnings: list[str] = []
        for pid, channel, session_id, future in self._calls:
            terminate = channel.unary_unary(f"/{SERVICE}/Terminate",
                                            request_serializer=_identity,
                                            response_deserializer=_identity)
            try:
                terminate(encode_terminate_request(session_id), timeout=SUBPROCESS_TIMEOUT_S)
                space, empty = decode_profile_response(future.result(SUBPROCESS_TIMEOUT_S))
            except (self._grpc.RpcError, self._grpc.FutureTimeoutError, ValueError) as err:
                future.cancel()
                warnings.append(f"[Subprocess {pid}] no profile: {err}")
                continue
            if space is None or empty:
                warnings.append(f"No XSpace data returned from subprocess {pid}")
            if space is not None:
                planes.extend(profiler.subprocess_planes(space, pid))
        return planes, warnings
