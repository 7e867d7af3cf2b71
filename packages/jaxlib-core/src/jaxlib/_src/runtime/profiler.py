"""A profiling session: trace events collected while it runs, written as an
XSpace (tsl's ``xplane.proto``), the format TensorBoard's profile plugin and
jax's ``ProfileData`` read.

What is collected, on the ``/host:CPU`` plane, one line per thread:

* ``TraceMe`` annotations (jax's ``TraceAnnotation``, ``annotate_function``),
  their keyword arguments as stats;
* the runs of compiled programs (an event named after the program);
* with ``python_tracer_level`` > 0, every Python function call (through
  ``sys.setprofile``), named ``$file.py:line function`` as XLA's Python tracer
  names them.

``stop()`` returns the serialized XSpace; ``stop_and_export(log_dir)`` writes
it to ``log_dir/plugins/profile/<session>/<host>.xplane.pb`` beside a Chrome
trace (``<host>.trace.json.gz``, what jax hands to Perfetto).
"""

from __future__ import annotations

import gzip
import json
import os
import socket
import sys
import threading
import time
from collections.abc import Iterable
from typing import Any

from jaxlib._src.base import protowire

# Events past this many are dropped (and counted in the XSpace's warnings):
# a Python trace of a long program must not exhaust memory.
MAX_EVENTS = 2_000_000

_lock = threading.Lock()
_active: _Collector | None = None


def active() -> _Collector | None:
    """The running session's collector, or None (checked on hot paths)."""
    return _active


class _Collector:
    def __init__(self, python_tracing: bool) -> None:
        self.start_ns = time.time_ns()
        self.start_perf = time.perf_counter_ns()
        # thread id -> (thread name, [(name, start ns, end ns, stats)])
        self.lines: dict[int, tuple[str, list[tuple[str, int, int, dict[str, Any]]]]] = {}
        self.count = 0
        self.dropped = 0
        self.python_tracing = python_tracing
        self.stop_ns = 0  # set when the session stops
        self._stacks = threading.local()

    def now(self) -> int:
        """Nanoseconds since the epoch, from a monotonic clock."""
        return self.start_ns + (time.perf_counter_ns() - self.start_perf)

    def record(self, name: str, start: int, end: int, stats: dict[str, Any] | None = None,
               ) -> None:
        if self.count >= MAX_EVENTS:
            self.dropped += 1
            return
        self.count += 1
        ident = threading.get_ident()
        line = self.lines.get(ident)
        if line is None:
            line = self.lines.setdefault(ident, (threading.current_thread().name, []))
        line[1].append((name, start, end, stats or {}))

    # -- the Python tracer (sys.setprofile) --

    def profile(self, frame: Any, event: str, arg: Any) -> None:
        stack = getattr(self._stacks, "stack", None)
        if stack is None:
            stack = self._stacks.stack = []
        if event == "call":
            code = frame.f_code
            name = f"${os.path.basename(code.co_filename)}:{code.co_firstlineno} " \
                   f"{getattr(code, 'co_qualname', code.co_name)}"
            stack.append((name, self.now()))
        elif event == "c_call":
            module = getattr(arg, "__module__", None) or "builtins"
            stack.append((f"${module} {getattr(arg, '__qualname__', repr(arg))}", self.now()))
        elif event in ("return", "c_return", "c_exception") and stack:
            name, start = stack.pop()
            self.record(name, start, self.now())


class TraceEvent:
    """Times one annotated region into the running session (if any)."""

    __slots__ = ("collector", "name", "stats", "start")

    def __init__(self, collector: _Collector, name: str, stats: dict[str, Any]) -> None:
        self.collector = collector
        self.name = name
        self.stats = stats
        self.start = collector.now()

    def end(self) -> None:
        self.collector.record(self.name, self.start, self.collector.now(), self.stats)


def start(python_tracer_level: int = 0) -> _Collector:
    """Starts collecting; an error if a session is running already."""
    global _active
    with _lock:
        if _active is not None:
            raise RuntimeError("Profile has already been started. Only one profile may be "
                               "run at a time.")
        collector = _Collector(python_tracing=python_tracer_level > 0)
        _active = collector
    if collector.python_tracing:
        threading.setprofile(collector.profile)
        sys.setprofile(collector.profile)
    return collector


def stop(collector: _Collector) -> None:
    global _active
    collector.stop_ns = collector.now()
    if collector.python_tracing:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]
    with _lock:
        if _active is collector:
            _active = None


# -- the XSpace -------------------------------------------------------------------------
#
# XSpace {planes 1, errors 2, warnings 3, hostnames 4}; XPlane {id 1, name 2,
# lines 3, event_metadata 4 (map), stat_metadata 5 (map), stats 6}; XLine {id 1,
# name 2, timestamp_ns 3, events 4, duration_ps 9, display_id 10,
# display_name 11}; XEvent {metadata_id 1, offset_ps 2, duration_ps 3, stats 4};
# XStat {metadata_id 1, double 2, uint64 3, int64 4, str 5}; XEventMetadata
# {id 1, name 2}; XStatMetadata {id 1, name 2}. A map entry: key 1, value 2.

HOST_PLANE = "/host:CPU"


def _string(field: int, text: str) -> bytes:
    return protowire.bytes_field(field, text.encode("utf-8", errors="replace"))


def _stat(metadata_id: int, value: Any) -> bytes:
    out = protowire.int_field(1, metadata_id)
    if isinstance(value, bool) or (isinstance(value, int) and -(1 << 63) <= value < 1 << 63):
        return out + protowire.int_field(4, int(value))
    if isinstance(value, float):
        import struct

        body = bytearray()
        protowire.encode_tag(2, protowire.WIRE_FIXED64, body)
        body += struct.pack("<d", value)
        return out + bytes(body)
    return out + _string(5, str(value))


# The plane a profile served to another process carries its span (tsl's
# "Task Environment"): that process adds the start back to the timestamps.
TASK_ENVIRONMENT_PLANE = "Task Environment"


def _plane_with_stats(plane_id: int, name: str, stats: dict[str, Any]) -> bytes:
    """A plane without lines holding ``stats`` (its own stat metadata)."""
    out = protowire.int_field(1, plane_id) + _string(2, name)
    for k, key in enumerate(stats, start=1):
        out += protowire.bytes_field(5, protowire.int_field(1, k) + protowire.bytes_field(
            2, protowire.int_field(1, k) + _string(2, key)))
    for k, value in enumerate(stats.values(), start=1):
        out += protowire.bytes_field(6, _stat(k, value))
    return out


def xspace(collector: _Collector, hostname: str | None = None,
           extra_planes: Iterable[bytes] = (), warnings: Iterable[str] = (),
           served: bool = False) -> bytes:
    """The serialized XSpace of what ``collector`` gathered (and
    ``extra_planes``, serialized XPlanes of other processes). ``served``: a
    profile for another process (the profiler server's): the host plane
    names this process (``process_id``), timestamps count from the start,
    and a Task Environment plane holds the span, as tsl serves them."""
    hostname = hostname or socket.gethostname()
    event_ids: dict[str, int] = {}
    stat_ids: dict[str, int] = {}
    origin = collector.start_ns if served else 0

    def stat_id(name: str) -> int:
        return stat_ids.setdefault(name, len(stat_ids) + 1)

    lines = []
    for ident, (thread_name, events) in sorted(collector.lines.items()):
        if not events:
            continue
        base = min(start for _, start, _, _ in events)
        body = protowire.int_field(1, ident % (1 << 63)) + _string(2, thread_name) \
            + protowire.int_field(3, base - origin) \
            + protowire.int_field(10, ident % (1 << 63)) + _string(11, thread_name)
        last = base
        for name, start, end, stats in events:
            metadata_id = event_ids.setdefault(name, len(event_ids) + 1)
            event = protowire.int_field(1, metadata_id) \
                + protowire.int_field(2, (start - base) * 1000) \
                + protowire.int_field(3, max(end - start, 0) * 1000)
            for key, value in stats.items():
                event += protowire.bytes_field(4, _stat(stat_id(str(key)), value))
            body += protowire.bytes_field(4, event)
            last = max(last, end)
        body += protowire.int_field(9, (last - base) * 1000)
        lines.append(protowire.bytes_field(3, body))
    plane = protowire.int_field(1, 0) + _string(2, HOST_PLANE) + b"".join(lines)
    for name, metadata_id in event_ids.items():
        entry = protowire.int_field(1, metadata_id) + protowire.bytes_field(
            2, protowire.int_field(1, metadata_id) + _string(2, name))
        plane += protowire.bytes_field(4, entry)
    for name, metadata_id in stat_ids.items():
        entry = protowire.int_field(1, metadata_id) + protowire.bytes_field(
            2, protowire.int_field(1, metadata_id) + _string(2, name))
        plane += protowire.bytes_field(5, entry)
    pid_stat = stat_id("process_id")
    plane += protowire.bytes_field(5, protowire.int_field(1, pid_stat) + protowire.bytes_field(
        2, protowire.int_field(1, pid_stat) + _string(2, "process_id")))
    plane += protowire.bytes_field(6, _stat(pid_stat, os.getpid()))
    space = protowire.bytes_field(1, plane)
    if served:
        stop = collector.stop_ns or collector.now()
        space += protowire.bytes_field(1, _plane_with_stats(1, TASK_ENVIRONMENT_PLANE, {
            "profile_start_time": collector.start_ns, "profile_stop_time": stop}))
    for other in extra_planes:
        space += protowire.bytes_field(1, other)
    for warning in warnings:
        space += _string(3, warning)
    if collector.dropped:
        space += _string(3, f"{collector.dropped} trace events were dropped past "
                            f"{MAX_EVENTS} events")
    return space + _string(4, hostname)


def chrome_trace(collector: _Collector) -> dict[str, Any]:
    """The same events as a Chrome trace (Perfetto reads it)."""
    pid = os.getpid()
    events: list[dict[str, Any]] = []
    for ident, (thread_name, line) in sorted(collector.lines.items()):
        events.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": ident,
                       "args": {"name": thread_name}})
        for name, start, end, stats in line:
            events.append({"ph": "X", "name": name, "pid": pid, "tid": ident,
                           "ts": start / 1000.0, "dur": max(end - start, 0) / 1000.0,
                           "args": {k: str(v) for k, v in stats.items()}})
    return {"displayTimeUnit": "ns", "metadata": {"highres-ticks": True},
            "traceEvents": events}


def export(collector: _Collector, space: bytes, log_dir: str, session_id: str = "") -> str:
    """Writes ``space`` (and its Chrome trace) under ``log_dir`` as
    TensorBoard's profile plugin lays runs out; returns the run's folder."""
    run = session_id or time.strftime("%Y_%m_%d_%H_%M_%S", time.localtime())
    folder = os.path.join(str(log_dir), "plugins", "profile", run)
    os.makedirs(folder, exist_ok=True)
    host = socket.gethostname()
    with open(os.path.join(folder, f"{host}.xplane.pb"), "wb") as f:
        f.write(space)
    with gzip.open(os.path.join(folder, f"{host}.trace.json.gz"), "wb") as f:
        f.write(json.dumps(chrome_trace(collector)).encode("utf-8"))
    return folder


def subprocess_planes(space: bytes, pid: int) -> list[bytes]:
    """The serialized planes of a subprocess's served profile ``space`` as
    its parent's profile holds them: each named ``<plane> [<process id>]``
    (the plane's ``process_id`` stat, else ``pid``), timestamps back from
    the Task Environment's start."""
    planes = read_xspace(space)
    start = next((p["stats"].get("profile_start_time", 0) for p in planes
                  if p["name"] == TASK_ENVIRONMENT_PLANE), 0)
    found = next((p["stats"]["process_id"] for p in planes if "process_id" in p["stats"]),
                 pid)
    out_planes = []
    for field, _, plane in _fields(space):
        if field != 1:
            continue
        out = bytearray()
        name = ""
        for pfield, wire, value in _fields(plane):
            if pfield == 2:
                name = _text(value)
            elif pfield == 3 and start:
                protowire.encode_bytes_field(3, _shifted_line(value, start), out)
            else:
                _reencode(pfield, wire, value, out)
        out_planes.append(bytes(out) + _string(2, f"{name} [{found}]"))
    return out_planes


def _shifted_line(line: Any, start: int) -> bytes:
    """An XLine with ``start`` added to its timestamp."""
    out = bytearray()
    timestamp = 0
    for field, wire, value in _fields(line):
        if field == 3:
            timestamp = protowire.as_int64(value)
        else:
            _reencode(field, wire, value, out)
    return bytes(out) + protowire.int_field(3, timestamp + start)


def _reencode(field: int, wire: int, value: Any, out: bytearray) -> None:
    """A field as it was read (zero and empty values kept: in a repeated
    field they count)."""
    protowire.encode_tag(field, wire, out)
    if wire == protowire.WIRE_VARINT:
        protowire.encode_varint(value, out)
    elif wire == protowire.WIRE_BYTES:
        protowire.encode_varint(len(value), out)
        out += bytes(value)
    else:  # fixed 64 or 32 bits, as read
        out += value


# -- reading an XSpace back (jax's ProfileData) ------------------------------------------


def _fields(data: bytes | memoryview) -> Iterable[tuple[int, int, Any]]:
    reader = protowire.WireReader(data)
    while not reader.at_end():
        tag = reader.varint()
        field, wire = tag >> 3, tag & 7
        if wire == protowire.WIRE_VARINT:
            yield field, wire, reader.varint()
        elif wire == protowire.WIRE_BYTES:
            yield field, wire, reader.view(reader.varint())
        elif wire == protowire.WIRE_FIXED64:
            yield field, wire, reader.take(8)
        elif wire == protowire.WIRE_FIXED32:
            yield field, wire, reader.take(4)
        else:
            raise ValueError(f"unsupported wire type {wire} before byte {reader.pos}")


def _text(value: Any) -> str:
    return bytes(value).decode("utf-8", errors="replace")


def _stat_value(data: Any, names: dict[int, str]) -> tuple[str, Any]:
    import struct

    name, value = "", None
    for field, _, raw in _fields(data):
        if field == 1:
            name = names.get(raw, str(raw))
        elif field == 2:
            value = struct.unpack("<d", bytes(raw))[0]
        elif field in (3, 7):
            value = raw
        elif field == 4:
            value = protowire.as_int64(raw)
        elif field == 5:
            value = _text(raw)
        elif field == 6:
            value = bytes(raw)
    return name, value


def read_xspace(data: bytes) -> list[dict[str, Any]]:
    """The planes of a serialized XSpace: {"name", "lines": [{"name",
    "events": [{"name", "start_ns", "duration_ns", "stats"}]}], "stats"}."""
    planes = []
    for field, _, plane_data in _fields(data):
        if field != 1:
            continue
        name, raw_lines, event_names, stat_names, raw_stats = "", [], {}, {}, []
        for pfield, _, value in _fields(plane_data):
            if pfield == 2:
                name = _text(value)
            elif pfield == 3:
                raw_lines.append(value)
            elif pfield in (4, 5):
                key, label = 0, ""
                for efield, _, evalue in _fields(value):
                    if efield == 1:
                        key = evalue
                    elif efield == 2:
                        for mfield, _, mvalue in _fields(evalue):
                            if mfield == 2:
                                label = _text(mvalue)
                (event_names if pfield == 4 else stat_names)[key] = label
            elif pfield == 6:
                raw_stats.append(value)
        lines = []
        for line_data in raw_lines:
            line_name, timestamp, events = "", 0, []
            for lfield, _, value in _fields(line_data):
                if lfield == 2:
                    line_name = _text(value)
                elif lfield == 3:
                    timestamp = protowire.as_int64(value)
                elif lfield == 4:
                    metadata, offset, duration, stats = 0, 0, 0, {}
                    for efield, _, evalue in _fields(value):
                        if efield == 1:
                            metadata = evalue
                        elif efield == 2:
                            offset = protowire.as_int64(evalue)
                        elif efield == 3:
                            duration = protowire.as_int64(evalue)
                        elif efield == 4:
                            key, stat = _stat_value(evalue, stat_names)
                            stats[key] = stat
                    events.append({"name": event_names.get(metadata, ""),
                                   "start_ns": offset / 1000.0,
                                   "duration_ns": duration / 1000.0, "stats": stats})
            for event in events:  # (the timestamp may come after the events)
                event["start_ns"] += timestamp
            lines.append({"name": line_name, "events": events})
        planes.append({"name": name, "lines": lines,
                       "stats": dict(_stat_value(s, stat_names) for s in raw_stats)})
    return planes
