"""The protobuf wire format, as much as jaxlib writes and reads by hand
(``OpSharding`` in ir/hlo_sharding.py, pprof profiles in runtime/profile.py),
so no protobuf dependency: varints, tags, length-delimited and packed fields.

Writers append to a ``bytearray`` (``encode_*``); ``*_field`` return the bytes
of one field. Integers are int64 on the wire: negatives take ten bytes, as
protobuf writes int32 and int64 fields. Proto3 leaves zero scalars and empty
packed fields off the wire, and so do these writers.

``WireReader`` reads untrusted bytes: every malformed input is a ValueError
naming the byte offset.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

__all__ = [
    "MAX_FIELD_NUMBER",
    "WIRE_BYTES",
    "WIRE_FIXED32",
    "WIRE_FIXED64",
    "WIRE_VARINT",
    "WireReader",
    "as_int32",
    "as_int64",
    "bytes_field",
    "encode_bytes_field",
    "encode_packed",
    "encode_scalar",
    "encode_tag",
    "encode_varint",
    "int_field",
    "packed_field",
    "read_repeated_ints",
]

WIRE_VARINT, WIRE_FIXED64, WIRE_BYTES, WIRE_FIXED32 = 0, 1, 2, 5
MAX_FIELD_NUMBER = (1 << 29) - 1  # protobuf's
_UINT64 = 1 << 64


# -- writing ------------------------------------------------------------------------


def encode_varint(value: int, out: bytearray) -> None:
    # Negative integers are written as their 64-bit two's complement (10 bytes),
    # as protobuf does for int32 and int64 fields.
    if value < 0:
        value += _UINT64
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def encode_tag(field: int, wire_type: int, out: bytearray) -> None:
    encode_varint((field << 3) | wire_type, out)


def encode_bytes_field(field: int, payload: bytes, out: bytearray) -> None:
    encode_tag(field, WIRE_BYTES, out)
    encode_varint(len(payload), out)
    out += payload


def encode_packed(field: int, values: Iterable[int], out: bytearray) -> None:
    payload = bytearray()
    for value in values:
        encode_varint(int(value), payload)
    if payload:
        encode_bytes_field(field, bytes(payload), out)


def encode_scalar(field: int, value: int, out: bytearray) -> None:
    if value:  # proto3 leaves default (zero) scalars off the wire
        encode_tag(field, WIRE_VARINT, out)
        encode_varint(int(value), out)


def _field(encode: Callable[..., None], field: int, value: object) -> bytes:
    out = bytearray()
    encode(field, value, out)
    return bytes(out)


def int_field(field: int, value: int) -> bytes:
    return _field(encode_scalar, field, value)


def bytes_field(field: int, payload: bytes) -> bytes:
    return _field(encode_bytes_field, field, payload)


def packed_field(field: int, values: Iterable[int]) -> bytes:
    return _field(encode_packed, field, values)


# -- reading ------------------------------------------------------------------------


class WireReader:
    """Reads varints and length-delimited payloads; every malformed input is a
    ValueError naming the byte offset."""

    def __init__(self, data: bytes | memoryview):
        self.data = memoryview(data)
        self.pos = 0

    def at_end(self) -> bool:
        return self.pos >= len(self.data)

    def varint(self) -> int:
        result = 0
        for shift in range(0, 70, 7):
            if self.pos >= len(self.data):
                raise ValueError(f"truncated varint at byte {self.pos}")
            byte = self.data[self.pos]
            self.pos += 1
            result |= (byte & 0x7F) << shift
            if not byte & 0x80:
                if result >= _UINT64:
                    raise ValueError(f"varint overflows 64 bits before byte {self.pos}")
                return result
        raise ValueError(f"varint longer than 10 bytes before byte {self.pos}")

    def take(self, length: int) -> bytes:
        return bytes(self.view(length))

    def view(self, length: int) -> memoryview:
        """The next ``length`` bytes, uncopied: nested messages are read in
        place (copies at each of 100 levels would multiply memory by 100)."""
        if length > len(self.data) - self.pos:
            raise ValueError(
                f"field of {length} bytes at byte {self.pos} runs past the end "
                f"of the {len(self.data)}-byte message"
            )
        chunk = self.data[self.pos : self.pos + length]
        self.pos += length
        return chunk

    def skip(self, wire_type: int) -> None:
        if wire_type == WIRE_VARINT:
            self.varint()
        elif wire_type == WIRE_FIXED64:
            self.take(8)
        elif wire_type == WIRE_BYTES:
            self.take(self.varint())
        elif wire_type == WIRE_FIXED32:
            self.take(4)
        else:  # 3/4 are deprecated groups, 6/7 do not exist
            raise ValueError(f"unsupported wire type {wire_type} before byte {self.pos}")


def as_int64(value: int) -> int:
    return value - _UINT64 if value >= 1 << 63 else value


def as_int32(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def read_repeated_ints(reader: WireReader, wire_type: int,
                       convert: Callable[[int], int]) -> list[int]:
    """One occurrence of a repeated integer field: packed or a single value."""
    if wire_type == WIRE_VARINT:
        return [convert(reader.varint())]
    if wire_type == WIRE_BYTES:
        inner = WireReader(reader.take(reader.varint()))
        values = []
        while not inner.at_end():
            values.append(convert(inner.varint()))
        return values
    raise ValueError(f"repeated integer field has wire type {wire_type}")
