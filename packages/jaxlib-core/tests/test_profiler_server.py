"""The profiler server (``jaxlib._profiler.start_server``): profiles of this
process served over gRPC as tsl's ProfilerService serves them, to a remote
capture and to a parent process profiling its subprocesses
(``register_subprocess``), with real gRPC on 127.0.0.1 and a real
subprocess."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time

import pytest

from jaxlib import _profile_data, _profiler
from jaxlib._src.runtime import profiler, profiler_server

grpc = pytest.importorskip("grpc", reason="the profiler server needs grpcio "
                                          "(jaxlib-core's profiler extra)")

WORKER = r"""
import os, sys, time
from jaxlib import _profiler
server = _profiler.start_server(int(sys.argv[1]))
print("serving", os.getpid(), flush=True)
deadline = time.time() + 60
while time.time() < deadline:
    with _profiler.TraceMe("worker_step"):
        with _profiler.TraceMe("work"):
            time.sleep(0.02)
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _call(port: int, method: str, request: bytes, timeout: float = 30) -> bytes:
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        call = channel.unary_unary(f"/{profiler_server.SERVICE}/{method}",
                                   request_serializer=lambda b: b,
                                   response_deserializer=lambda b: b)
        return call(request, timeout=timeout, wait_for_ready=True)


def _annotate_for(seconds: float, name: str) -> threading.Thread:
    def work():
        deadline = time.time() + seconds
        while time.time() < deadline:
            with _profiler.TraceMe(name):
                time.sleep(0.01)

    thread = threading.Thread(target=work)
    thread.start()
    return thread


@pytest.fixture
def server():
    port = _free_port()
    served = _profiler.start_server(port)
    yield port
    served.stop()


def test_a_profile_of_a_duration_is_served_with_its_span(server):
    thread = _annotate_for(0.8, "served_work")
    start = time.time_ns()
    request = profiler_server.encode_profile_request(300, "run1", emit_xspace=True)
    space, empty = profiler_server.decode_profile_response(_call(server, "Profile", request))
    thread.join()
    assert space is not None and not empty
    data = _profile_data.ProfileData.from_serialized_xspace(space)
    host = data.find_plane_with_name("/host:CPU")
    assert dict(host.stats)["process_id"] == os.getpid()
    assert "served_work" in {e.name for line in host.lines for e in line.events}
    span = dict(data.find_plane_with_name(profiler.TASK_ENVIRONMENT_PLANE).stats)
    took = span["profile_stop_time"] - span["profile_start_time"]
    assert 0.25e9 <= took < 20e9 and span["profile_start_time"] >= start - 10**9
    # times count from the span's start (the client adds it back)
    assert all(0 <= e.start_ns < took for line in host.lines for e in line.events)


def test_a_remote_capture_is_written_to_its_repository(server, tmp_path):
    request = profiler_server.encode_profile_request(
        100, "2026_11_30_capture", emit_xspace=False, repository_root=str(tmp_path),
        host_name="worker-7")
    space, _ = profiler_server.decode_profile_response(_call(server, "Profile", request))
    assert space is None  # not in the response: in the repository
    written = tmp_path / "2026_11_30_capture" / "worker-7.xplane.pb"
    assert _profile_data.ProfileData.from_file(str(written)).find_plane_with_name("/host:CPU")


def test_terminate_ends_an_endless_profile(server):
    request = profiler_server.encode_profile_request(profiler_server.INFINITE_MS, "endless",
                                                     emit_xspace=True)
    result = {}
    caller = threading.Thread(target=lambda: result.update(
        response=_call(server, "Profile", request)))
    caller.start()
    time.sleep(0.5)
    assert caller.is_alive()
    _call(server, "Terminate", profiler_server.encode_terminate_request("endless"))
    caller.join(30)
    assert not caller.is_alive()
    space, _ = profiler_server.decode_profile_response(result["response"])
    assert space is not None


def test_errors_are_grpc_statuses(server):
    with pytest.raises(grpc.RpcError) as bad:
        _call(server, "Profile", b"\x0a\xff")  # a field running past the end
    assert bad.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    session = _profiler.ProfilerSession()  # one session at a time in a process
    try:
        with pytest.raises(grpc.RpcError) as busy:
            _call(server, "Profile", profiler_server.encode_profile_request(10, "x", True))
        assert busy.value.code() == grpc.StatusCode.UNAVAILABLE
    finally:
        session.stop()
    with pytest.raises(RuntimeError, match="cannot listen on port"):
        _profiler.start_server(server)  # the port is taken


def test_a_parent_profiles_its_subprocess():
    port = _free_port()
    worker = subprocess.Popen([sys.executable, "-c", WORKER, str(port)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert worker.stdout.readline().startswith("serving")
        unregister = _profiler.register_subprocess(worker.pid, port)
        options = _profiler.ProfileOptions()
        options.python_tracer_level = 0
        options.advanced_configuration = {"profile_subprocesses": True}
        start = time.time_ns()
        session = _profiler.ProfilerSession(options)
        with _profiler.TraceMe("main_step"):
            time.sleep(0.5)
        space = session.stop()
        stop = time.time_ns()
        unregister()
    finally:
        worker.kill()
        worker.wait()
    data = _profile_data.ProfileData.from_serialized_xspace(space)
    own = data.find_plane_with_name("/host:CPU")
    assert {e.name for line in own.lines for e in line.events} == {"main_step"}
    theirs = data.find_plane_with_name(f"/host:CPU [{worker.pid}]")
    assert theirs is not None
    events = [e for line in theirs.lines for e in line.events]
    assert {"worker_step", "work"} <= {e.name for e in events}
    # back in this process's clock: inside the session's span
    assert all(start - 10**9 <= e.start_ns <= stop + 10**9 for e in events)


def test_a_subprocess_that_does_not_answer_is_a_warning(monkeypatch):
    monkeypatch.setattr(profiler_server, "SUBPROCESS_TIMEOUT_S", 1.0)
    unregister = _profiler.register_subprocess(999_999_999, _free_port())  # nobody there
    try:
        options = _profiler.ProfileOptions()
        options.advanced_configuration = {"profile_subprocesses": True}
        session = _profiler.ProfilerSession(options)
        space = session.stop()
    finally:
        unregister()
    assert b"[Subprocess 999999999] no profile" in space
    assert _profile_data.ProfileData.from_serialized_xspace(space).find_plane_with_name(
        "/host:CPU")


def test_without_grpcio_the_server_says_what_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "grpc", None)  # import grpc fails
    with pytest.raises(RuntimeError, match=r"needs grpcio.*jaxlib-core\[profiler\]"):
        _profiler.start_server(_free_port())
