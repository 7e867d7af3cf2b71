"""Profiling sessions (``jaxlib._profiler.ProfilerSession``): annotations,
program runs and (when asked) Python calls recorded on the ``/host:CPU``
plane of an XSpace, written where TensorBoard's profile plugin looks, and
read back by ``jaxlib._profile_data``."""

from __future__ import annotations

import gzip
import json
import os

import numpy as np
import pytest

from jaxlib import _profile_data, _profiler, xla_client

PROGRAM = """\
module @jit_twice {
  func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"""


def _marked_python_function():
    return sum(range(10))


def _events(space: bytes) -> list:
    plane = _profile_data.ProfileData.from_serialized_xspace(space).find_plane_with_name(
        "/host:CPU")
    assert plane is not None
    return [event for line in plane.lines for event in line.events]


def test_annotations_and_program_runs_are_recorded():
    assert not _profiler.TraceMe.is_enabled()
    with _profiler.TraceMe("before the session"):
        pass
    client = xla_client.make_cpu_client()
    exe = client.compile_and_load(PROGRAM, client.devices()[:1])
    x = client.buffer_from_pyval(np.ones(4, np.float32), client.devices()[0])
    options = _profiler.ProfileOptions()
    options.python_tracer_level = 0
    session = _profiler.ProfilerSession(options)
    try:
        assert _profiler.TraceMe.is_enabled()
        with pytest.raises(RuntimeError, match="Only one profile may be run at a time"):
            _profiler.ProfilerSession(options)
        with _profiler.TraceMe("step", number=3) as trace:
            trace.set_metadata(phase="train")
            for _ in range(2):
                np.asarray(exe.execute([x])[0])
        _marked_python_function()
    finally:
        space = session.stop()
    assert session.stop() == space  # stopped once
    assert not _profiler.TraceMe.is_enabled()
    events = _events(space)
    names = [e.name for e in events]
    assert "before the session" not in names
    assert names.count("jit_twice") == 2
    step = next(e for e in events if e.name == "step")
    assert dict(step.stats) == {"number": 3, "phase": "train"} and step.duration_ns > 0
    run = next(e for e in events if e.name == "jit_twice")
    assert step.start_ns <= run.start_ns <= step.start_ns + step.duration_ns
    assert not any("_marked_python_function" in n for n in names)  # no Python tracer
    assert _profiler.get_fdo_profile(space) == b""  # no device planes on the CPU


def test_the_python_tracer_names_calls_as_xlas():
    options = _profiler.ProfileOptions()
    options.python_tracer_level = 1
    session = _profiler.ProfilerSession(options)
    try:
        _marked_python_function()
    finally:
        space = session.stop()
    names = [e.name for e in _events(space)]
    line = _marked_python_function.__code__.co_firstlineno
    assert f"$test_profiler.py:{line} _marked_python_function" in names
    assert "$builtins sum" in names


def test_a_session_is_exported_where_tensorboard_looks(tmp_path):
    options = _profiler.ProfileOptions()
    options.python_tracer_level = 0
    options.session_id = "my_run"
    session = _profiler.ProfilerSession(options)
    with _profiler.TraceMe("work"):
        pass
    session.stop_and_export(str(tmp_path))
    run = tmp_path / "plugins" / "profile" / "my_run"
    (space_file,) = run.glob("*.xplane.pb")
    assert b"/host:CPU" in space_file.read_bytes() and b"work" in space_file.read_bytes()
    assert [e.name for e in _events(space_file.read_bytes())] == ["work"]
    data = _profile_data.ProfileData.from_file(str(space_file))
    assert [p.name for p in data.planes] == ["/host:CPU"]
    (trace_file,) = run.glob("*.trace.json.gz")
    trace = json.loads(gzip.decompress(trace_file.read_bytes()))
    assert "metadata" in trace  # jax's Perfetto export drops it
    assert [e["name"] for e in trace["traceEvents"] if e["ph"] == "X"] == ["work"]
    assert os.path.basename(space_file).split(".")[0] == os.path.basename(
        trace_file).split(".")[0]


def test_malformed_profiles_are_errors():
    with pytest.raises(ValueError, match="not a serialized XSpace"):
        _profile_data.ProfileData.from_serialized_xspace(b"\x0a\x05\x12")
