"""PyTreeDefProto: the protocol-buffer form of builtin-only pytree structures.

jaxlib's ``pytree.proto`` (proto3), written with the project's wire-format
helpers (``base/protowire``)::

    message DictKeysProto      { repeated uint32 str_id = 1; }            // packed
    message PyTreeNodeDefProto { uint32 arity = 1; PyTreeNodeType type = 2;
                                 DictKeysProto dict_keys = 3; }
    message PyTreeDefProto     { repeated PyTreeNodeDefProto nodes = 1;
                                 repeated string interned_strings = 2; }

Only leaves, None, tuples, lists and dicts with string keys can be written; dict
keys are stored once each in ``interned_strings``.
"""

from __future__ import annotations

from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.base.protowire import (
    WIRE_BYTES,
    WIRE_VARINT,
    WireReader,
    encode_bytes_field,
    encode_packed,
    encode_scalar,
    read_repeated_ints,
)

# pytree kinds (see pytree.py) <-> PyTreeNodeType values of the proto.
_KIND_TO_PROTO = {0: 1, 4: 2, 1: 3, 2: 4, 5: 5}  # leaf, list, none, tuple, dict
_PROTO_TO_KIND = {v: k for k, v in _KIND_TO_PROTO.items()}
_DICT_KIND = 5


def serialize(sig, data) -> bytes:
    """Encodes a structure given as its post-order nodes and node data."""
    interned: dict[str, int] = {}
    out = bytearray()
    di = 0
    for node in sig:
        proto_type = _KIND_TO_PROTO.get(node.kind)
        if proto_type is None:
            raise ValueError(
                "User-defined nodes are not supported when serializing pytrees as "
                "protocol buffers. You should either convert the user-defined nodes to "
                "another type or use pickle instead.")
        msg = bytearray()
        encode_scalar(1, node.arity, msg)
        encode_scalar(2, proto_type, msg)
        if node.kind == _DICT_KIND:
            ids = []
            for key in data[di:di + node.arity]:
                if not isinstance(key, str):
                    raise ValueError(
                        "Only string keys are supported in proto pytree serialization.")
                ids.append(interned.setdefault(key, len(interned)))
            keys_msg = bytearray()
            encode_packed(1, ids, keys_msg)
            encode_bytes_field(3, bytes(keys_msg), msg)  # present even when empty
        di += node.ndata
        encode_bytes_field(1, bytes(msg), out)
    for key in interned:  # dicts keep insertion order: the ids' order
        encode_bytes_field(2, key.encode("utf-8"), out)
    return bytes(out)


def _parse_node(reader: WireReader) -> tuple[int, int, list[int]]:
    arity, proto_type, ids = 0, 0, []
    while not reader.at_end():
        tag = reader.varint()
        field, wire_type = tag >> 3, tag & 7
        if field == 1 and wire_type == WIRE_VARINT:
            arity = reader.varint()
        elif field == 2 and wire_type == WIRE_VARINT:
            proto_type = reader.varint()
        elif field == 3 and wire_type == WIRE_BYTES:
            keys = WireReader(reader.view(reader.varint()))
            while not keys.at_end():
                t = keys.varint()
                if t >> 3 == 1:
                    ids += read_repeated_ints(keys, t & 7, int)
                else:
                    keys.skip(t & 7)
        else:
            reader.skip(wire_type)
    return arity, proto_type, ids


def deserialize(data: bytes) -> list[tuple[int, int, list[str]]]:
    """Decodes to [(kind, arity, dict keys)], nodes in post-order."""
    raw_nodes: list[tuple[int, int, list[int]]] = []
    strings: list[str] = []
    try:
        reader = WireReader(bytes(data))
        while not reader.at_end():
            tag = reader.varint()
            field, wire_type = tag >> 3, tag & 7
            if field == 1 and wire_type == WIRE_BYTES:
                raw_nodes.append(_parse_node(WireReader(reader.view(reader.varint()))))
            elif field == 2 and wire_type == WIRE_BYTES:
                strings.append(reader.take(reader.varint()).decode("utf-8"))
            else:
                reader.skip(wire_type)
    except (ValueError, UnicodeDecodeError) as e:
        raise XlaRuntimeError("Could not deserialize PyTreeDefProto.") from e
    nodes = []
    for arity, proto_type, ids in raw_nodes:
        kind = _PROTO_TO_KIND.get(proto_type)
        if kind is None:
            raise ValueError("Malformed pytree proto (invalid node type)")
        keys: list[str] = []
        if kind == _DICT_KIND:
            for i in ids:
                if i >= len(strings):
                    raise ValueError("Malformed pytree proto (dict_key out of range).")
                keys.append(strings[i])
            if len(keys) != arity:
                raise ValueError("Malformed pytree proto (dict arity mismatch).")
        nodes.append((kind, arity, keys))
    return nodes
