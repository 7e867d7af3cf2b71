"""Heap profiles in pprof format (perftools.profiles.Profile, gzipped).

Live buffers are grouped by the Python traceback that created them, their
device and their kind; each group is one sample with two values: the number
of allocations and their bytes. The protobuf encoding is written by hand
(base/protowire.py): a handful of varint and length-delimited fields.
"""

from __future__ import annotations

import gzip
import time
from collections.abc import Iterable
from typing import Any

from jaxlib._src.base import protowire

# Field numbers of profile.proto.
_PROFILE_SAMPLE_TYPE, _PROFILE_SAMPLE, _PROFILE_LOCATION = 1, 2, 4
_PROFILE_FUNCTION, _PROFILE_STRING_TABLE, _PROFILE_TIME_NANOS = 5, 6, 9
_PROFILE_PERIOD_TYPE, _PROFILE_PERIOD, _PROFILE_DEFAULT_SAMPLE_TYPE = 11, 12, 14


class _Strings:
    """The profile's string table; index 0 is the empty string."""

    def __init__(self):
        self.table: list[str] = [""]
        self.index: dict[str, int] = {"": 0}

    def __call__(self, s: str) -> int:
        if s not in self.index:
            self.index[s] = len(self.table)
            self.table.append(s)
        return self.index[s]


def heap_profile(buffers: Iterable[Any], executables: Iterable[Any] = ()) -> bytes:
    strings = _Strings()
    functions: dict[tuple[str, str, int], int] = {}
    locations: dict[tuple[int, int], int] = {}
    function_msgs: list[bytes] = []
    location_msgs: list[bytes] = []

    def location_id(frame) -> int:
        fkey = (frame.function_name, frame.file_name, frame.function_start_line)
        fid = functions.get(fkey)
        if fid is None:
            fid = functions[fkey] = len(functions) + 1
            function_msgs.append(
                protowire.int_field(1, fid)
                + protowire.int_field(2, strings(frame.function_name))
                + protowire.int_field(3, strings(frame.function_name))
                + protowire.int_field(4, strings(frame.file_name))
                + protowire.int_field(5, frame.function_start_line)
            )
        lkey = (fid, frame.line_num)
        lid = locations.get(lkey)
        if lid is None:
            lid = locations[lkey] = len(locations) + 1
            line = protowire.int_field(1, fid) + protowire.int_field(2, frame.line_num)
            location_msgs.append(protowire.int_field(1, lid) + protowire.bytes_field(4, line))
        return lid

    groups: dict[tuple, list[int]] = {}
    for kind, obj, size in _entries(buffers, executables):
        frames = obj.traceback.frames if obj.traceback is not None else ()
        key = (kind, str(obj.device) if hasattr(obj, "device") else "", frames)
        counts = groups.setdefault(key, [0, 0])
        counts[0] += 1
        counts[1] += size

    sample_msgs = []
    for (kind, device, frames), (count, size) in groups.items():
        ids = [location_id(f) for f in frames]
        sample = protowire.packed_field(1, ids) + protowire.packed_field(2, [count, size])
        # Sample.label (field 3) is repeated: one message per label.
        sample += _label(strings, "kind", kind)
        if device:
            sample += _label(strings, "device", device)
        sample_msgs.append(sample)

    def value_type(type_name: str, unit: str) -> bytes:
        return protowire.int_field(1, strings(type_name)) + protowire.int_field(2, strings(unit))

    body = bytearray()
    body += protowire.bytes_field(_PROFILE_SAMPLE_TYPE, value_type("allocations", "count"))
    body += protowire.bytes_field(_PROFILE_SAMPLE_TYPE, value_type("space", "bytes"))
    for msg in sample_msgs:
        body += protowire.bytes_field(_PROFILE_SAMPLE, msg)
    for msg in location_msgs:
        body += protowire.bytes_field(_PROFILE_LOCATION, msg)
    for msg in function_msgs:
        body += protowire.bytes_field(_PROFILE_FUNCTION, msg)
    period_type = value_type("space", "bytes")
    default_sample_type = strings("space")
    for s in strings.table:
        body += protowire.bytes_field(_PROFILE_STRING_TABLE, s.encode("utf-8"))
    body += protowire.int_field(_PROFILE_TIME_NANOS, time.time_ns())
    body += protowire.bytes_field(_PROFILE_PERIOD_TYPE, period_type)
    body += protowire.int_field(_PROFILE_PERIOD, 1)
    body += protowire.int_field(_PROFILE_DEFAULT_SAMPLE_TYPE, default_sample_type)
    return gzip.compress(bytes(body))


def _label(strings: _Strings, key: str, value: str) -> bytes:
    return protowire.bytes_field(
        3, protowire.int_field(1, strings(key)) + protowire.int_field(2, strings(value)))


def _entries(buffers: Iterable[Any], executables: Iterable[Any]):
    for b in buffers:
        yield "buffer", b, b.on_device_size_in_bytes()
    for e in executables:
        size = e.size_of_generated_code_in_bytes()
        yield "executable", e, size
