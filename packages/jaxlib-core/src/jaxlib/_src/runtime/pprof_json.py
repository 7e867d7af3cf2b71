"""pprof profiles (perftools.profiles.Profile) between protobuf's JSON form
and its wire form, as jax's ``json_to_pprof_profile`` and
``pprof_profile_to_json`` expect (jax builds equation profiles as JSON).

The JSON follows protobuf's mapping: fields read under their proto name or
lowerCamelCase name, 64-bit integers as numbers or strings, a repeated
field as a list or one value; written with
lowerCamelCase names, 64-bit integers as strings, default values left out.
"""

from __future__ import annotations

import json
from typing import Any

from jaxlib._src.base import protowire

# message -> {field number: (proto name, kind, repeated)}; a kind is "int",
# "uint", "bool", "string" or the name of a message.
_SCHEMA: dict[str, dict[int, tuple[str, str, bool]]] = {
    "Profile": {
        1: ("sample_type", "ValueType", True), 2: ("sample", "Sample", True),
        3: ("mapping", "Mapping", True), 4: ("location", "Location", True),
        5: ("function", "Function", True), 6: ("string_table", "string", True),
        7: ("drop_frames", "int", False), 8: ("keep_frames", "int", False),
        9: ("time_nanos", "int", False), 10: ("duration_nanos", "int", False),
        11: ("period_type", "ValueType", False), 12: ("period", "int", False),
        13: ("comment", "int", True), 14: ("default_sample_type", "int", False),
        15: ("doc_url", "int", False),
    },
    "ValueType": {1: ("type", "int", False), 2: ("unit", "int", False)},
    "Sample": {1: ("location_id", "uint", True), 2: ("value", "int", True),
               3: ("label", "Label", True)},
    "Label": {1: ("key", "int", False), 2: ("str", "int", False), 3: ("num", "int", False),
              4: ("num_unit", "int", False)},
    "Mapping": {
        1: ("id", "uint", False), 2: ("memory_start", "uint", False),
        3: ("memory_limit", "uint", False), 4: ("file_offset", "uint", False),
        5: ("filename", "int", False), 6: ("build_id", "int", False),
        7: ("has_functions", "bool", False), 8: ("has_filenames", "bool", False),
        9: ("has_line_numbers", "bool", False), 10: ("has_inline_frames", "bool", False),
    },
    "Location": {1: ("id", "uint", False), 2: ("mapping_id", "uint", False),
                 3: ("address", "uint", False), 4: ("line", "Line", True),
                 5: ("is_folded", "bool", False)},
    "Line": {1: ("function_id", "uint", False), 2: ("line", "int", False),
             3: ("column", "int", False)},
    "Function": {1: ("id", "uint", False), 2: ("name", "int", False),
                 3: ("system_name", "int", False), 4: ("filename", "int", False),
                 5: ("start_line", "int", False)},
}
_SCALARS = ("int", "uint", "bool", "string")


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def _integer(value: Any, kind: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str, float)):
        raise ValueError(f"{where}: expected an integer, got {value!r}")
    try:
        number = int(value)
    except ValueError:
        raise ValueError(f"{where}: expected an integer, got {value!r}") from None
    if isinstance(value, float) and value != number:
        raise ValueError(f"{where}: expected an integer, got {value!r}")
    low = 0 if kind == "uint" else -(1 << 63)
    high = (1 << 64) if kind == "uint" else (1 << 63)
    if not low <= number < high:
        raise ValueError(f"{where}: {number} is out of range for a {kind}64 field")
    return number


def _encode(message: str, value: Any, where: str) -> bytes:
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected an object for {message}, got {value!r}")
    fields = _SCHEMA[message]
    by_name = {}
    for number, (name, _, _) in fields.items():
        by_name[name] = by_name[_camel(name)] = number
    present: dict[int, tuple[str, Any]] = {}
    for key, item in value.items():
        number = by_name.get(key)
        if number is None:
            raise ValueError(f"{where}: {message} has no field {key!r}")
        present[number] = (key, item)
    out = bytearray()
    for number in sorted(present):  # in field order, as protobuf writes them
        key, item = present[number]
        _, kind, repeated = fields[number]
        here = f"{where}.{key}"
        # A repeated field also takes one value (jax writes "comment": id).
        items = item if repeated and isinstance(item, list) else [item]
        if kind in ("int", "uint"):
            numbers = [_integer(x, kind, here) for x in items]
            if repeated:
                protowire.encode_packed(number, numbers, out)
            else:
                protowire.encode_scalar(number, numbers[0], out)
        elif kind == "bool":
            for x in items:
                if not isinstance(x, bool):
                    raise ValueError(f"{here}: expected true or false, got {x!r}")
                protowire.encode_scalar(number, int(x), out)
        elif kind == "string":
            for x in items:
                if not isinstance(x, str):
                    raise ValueError(f"{here}: expected a string, got {x!r}")
                protowire.encode_bytes_field(number, x.encode("utf-8"), out)
        else:
            for index, x in enumerate(items):
                protowire.encode_bytes_field(
                    number, _encode(kind, x, f"{here}[{index}]" if repeated else here), out)
    return bytes(out)


def _decode(message: str, data: bytes | memoryview) -> dict[str, Any]:
    fields = _SCHEMA[message]
    reader = protowire.WireReader(data)
    result: dict[str, Any] = {}
    while not reader.at_end():
        tag = reader.varint()
        number, wire_type = tag >> 3, tag & 7
        spec = fields.get(number)
        if spec is None:
            reader.skip(wire_type)
            continue
        name, kind, repeated = spec
        key = _camel(name)
        if kind in ("int", "uint", "bool"):
            convert = protowire.as_int64 if kind == "int" else int
            values: list[Any] = protowire.read_repeated_ints(reader, wire_type, convert)
            if kind == "bool":
                values = [bool(v) for v in values]
            else:  # protobuf's JSON writes 64-bit integers as strings
                values = [str(v) for v in values]
        else:
            if wire_type != protowire.WIRE_BYTES:
                raise ValueError(f"{message}.{name}: wire type {wire_type}, expected 2")
            payload = reader.view(reader.varint())
            if kind == "string":
                values = [bytes(payload).decode("utf-8", errors="replace")]
            else:
                values = [_decode(kind, payload)]
        if repeated:
            result.setdefault(key, []).extend(values)
        else:
            result[key] = values[-1]
    # Proto3's JSON leaves default scalars out and lists fields in field order.
    order = {_camel(name): number for number, (name, _, _) in fields.items()}
    return {k: result[k] for k in sorted(result, key=order.__getitem__)
            if result[k] not in ("0", False)}


def json_to_pprof_profile(json_text: str | bytes) -> bytes:
    """The serialized Profile of its JSON form."""
    try:
        value = json.loads(json_text)
    except json.JSONDecodeError as err:
        raise ValueError(f"json_to_pprof_profile: not JSON: {err}") from None
    return _encode("Profile", value, "Profile")


def pprof_profile_to_json(profile: bytes) -> str:
    """The JSON form of a serialized (not gzipped) Profile."""
    if not isinstance(profile, (bytes, bytearray, memoryview)):
        raise TypeError(f"expected bytes, got {type(profile).__name__}")
    return json.dumps(_decode("Profile", bytes(profile)), separators=(",", ":"))
