"""The wire format of the coordination service.

gRPC carries the bytes; no protobuf code generation is involved. Each request
and response is one message::

    b"JXC1" | header length (u32, little endian) | JSON header | payload

The JSON header holds the small fields (node id, key, timeouts); the payload
holds raw values (bytes of any size, concatenated when there are several, with
their sizes listed in the header). Anything that does not parse is rejected
with ``INVALID_ARGUMENT``, so garbage sent to the service cannot crash it:
headers nested too deeply, NaN or infinite numbers, integers outside int64
and text that is not UTF-8 included.
"""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Mapping, Sequence
from typing import Any

from jaxlib._src.base.untrusted import is_int, load_json
from jaxlib.distributed.status import invalid_argument

SERVICE_NAME = "jaxlib.distributed.CoordinationService"

# The service's methods. Each is unary-unary: one request, one response.
METHODS = (
    "Register",          # a node announces itself (node id, incarnation)
    "WaitForCluster",    # blocks until every node has registered
    "Heartbeat",         # liveness; answers with the nodes declared dead
    "KeyValueSet",
    "KeyValueGet",       # blocking get, or try-get when timeout_ms is absent
    "KeyValueDirGet",
    "KeyValueDelete",
    "KeyValueIncrement",
    "Barrier",
    "LiveNodes",
    "Shutdown",          # the shutdown barrier
)

_MAGIC = b"JXC1"
_LENGTH = struct.Struct("<I")
_PREFIX_SIZE = len(_MAGIC) + _LENGTH.size
# Headers are small; a huge one is garbage, not a request.
_MAX_HEADER_BYTES = 1 << 20
# Headers nest 3 levels (object, list of pairs, pair); deeper is garbage, and
# json's recursive decoder would raise RecursionError on it.
_MAX_HEADER_DEPTH = 8


def shown(value: Any, limit: int = 100) -> str:
    """``repr(value)``, cut short: error messages quote untrusted values, and
    gRPC drops a status whose message exceeds its metadata limit."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def method_path(method: str) -> str:
    return f"/{SERVICE_NAME}/{method}"


class Message:
    """A decoded message: typed access to header fields, and the payload."""

    def __init__(self, fields: dict[str, Any], payload: bytes = b""):
        self.fields = fields
        self.payload = payload

    def _get(self, name: str, default: Any, required: bool) -> Any:
        if self.fields.get(name) is None:
            if required:
                raise invalid_argument(f"the message lacks the field {name!r}")
            return default
        return self.fields[name]

    def integer(self, name: str, *, minimum: int | None = None) -> int:
        value = self._get(name, None, True)
        # int64, as the protobuf fields of XLA's service: bigger ones would
        # overflow float conversions (timeouts) further on.
        if not is_int(value):
            raise invalid_argument(
                f"the field {name!r} must be an integer (int64), got {shown(value)}")
        if minimum is not None and value < minimum:
            raise invalid_argument(f"the field {name!r} must be >= {minimum}, got {value}")
        return value

    def optional_integer(self, name: str, *, minimum: int | None = None) -> int | None:
        return None if self.fields.get(name) is None else self.integer(name, minimum=minimum)

    def number(self, name: str) -> float:
        value = self._get(name, None, True)
        # NaN compares false with everything: as a timeout it made waits spin.
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or (isinstance(value, int) and not is_int(value))
                or not math.isfinite(value) or value < 0):
            raise invalid_argument(
                f"the field {name!r} must be a finite non-negative number, got {shown(value)}")
        return float(value)

    def string(self, name: str) -> str:
        return self._text(self._get(name, None, True), name)

    @staticmethod
    def _text(value: Any, name: str) -> str:
        if not isinstance(value, str):
            raise invalid_argument(f"the field {name!r} must be a string, got {shown(value)}")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate from a JSON escape
            raise invalid_argument(f"the field {name!r} is not valid Unicode text") from None
        return value

    def boolean(self, name: str, default: bool = False) -> bool:
        value = self._get(name, default, False)
        if not isinstance(value, bool):
            raise invalid_argument(f"the field {name!r} must be a boolean, got {value!r}")
        return value

    def integer_list(self, name: str) -> list[int] | None:
        value = self._get(name, None, False)
        if value is None:
            return None
        if not isinstance(value, list) or not all(is_int(v) for v in value):
            raise invalid_argument(f"the field {name!r} must be a list of integers (int64)")
        return value

    def string_list(self, name: str) -> list[str]:
        value = self._get(name, None, True)
        if not isinstance(value, list):
            raise invalid_argument(f"the field {name!r} must be a list of strings")
        return [self._text(v, f"{name}[{i}]") for i, v in enumerate(value)]

    def pairs(self, name: str, second: type) -> list[tuple[int, Any]]:
        """A list of [integer, ``second``] pairs (empty when absent)."""
        value = self._get(name, [], False)
        if not isinstance(value, list):
            raise invalid_argument(f"the field {name!r} must be a list of pairs")
        result = []
        for i, pair in enumerate(value):
            if not (isinstance(pair, list) and len(pair) == 2 and is_int(pair[0])):
                raise invalid_argument(f"{name}[{i}] must be [integer, {second.__name__}]")
            if second is str:
                result.append((pair[0], self._text(pair[1], f"{name}[{i}]")))
            elif second is int and is_int(pair[1]):
                result.append((pair[0], pair[1]))
            else:
                raise invalid_argument(f"{name}[{i}] must be [integer, {second.__name__}]")
        return result


def encode(fields: Mapping[str, Any], payload: bytes = b"") -> bytes:
    header = json.dumps(dict(fields), separators=(",", ":")).encode()
    return b"".join((_MAGIC, _LENGTH.pack(len(header)), header, payload))


def decode(data: bytes) -> Message:
    """The message in ``data``; ``INVALID_ARGUMENT`` if it is malformed."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise invalid_argument(
            f"a coordination message must be bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) < _PREFIX_SIZE or not data.startswith(_MAGIC):
        raise invalid_argument(
            "not a coordination service message (bad magic number or too short)")
    (header_size,) = _LENGTH.unpack_from(data, len(_MAGIC))
    if header_size > _MAX_HEADER_BYTES or _PREFIX_SIZE + header_size > len(data):
        raise invalid_argument(
            f"malformed coordination message: header of {header_size} bytes "
            f"in a message of {len(data)} bytes")
    header_bytes = data[_PREFIX_SIZE:_PREFIX_SIZE + header_size]
    try:
        fields = load_json(header_bytes, "the header", max_depth=_MAX_HEADER_DEPTH)
    except ValueError as err:
        raise invalid_argument(
            f"malformed coordination message: the header is not JSON ({err})") from None
    if not isinstance(fields, dict):
        raise invalid_argument("malformed coordination message: the header is not an object")
    return Message(fields, bytes(data[_PREFIX_SIZE + header_size:]))


def pack_values(values: Sequence[bytes]) -> tuple[list[int], bytes]:
    """Several values as (their sizes, their concatenation)."""
    return [len(v) for v in values], b"".join(values)


def unpack_values(sizes: Sequence[int], blob: bytes) -> list[bytes]:
    """The values ``pack_values`` concatenated; ``INVALID_ARGUMENT`` unless
    ``sizes`` are integers >= 0 adding up to the blob's length."""
    if (not isinstance(sizes, (list, tuple)) or not all(is_int(s, 0) for s in sizes)
            or sum(sizes) != len(blob)):
        raise invalid_argument("malformed coordination message: value sizes do not add up")
    values, offset = [], 0
    for size in sizes:
        values.append(blob[offset:offset + size])
        offset += size
    return values
