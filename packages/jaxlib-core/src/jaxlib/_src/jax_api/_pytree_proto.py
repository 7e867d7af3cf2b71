"""PyTreeDefProto: the protocol-buffer form of builtin-only pytree structures.

The wire format of jaxlib's ``pytree.proto`` (proto3), written by hand so that no
protobuf runtime is needed::

    message DictKeysProto      { repeated uint32 str_id = 1; }            // packed
    message PyTreeNodeDefProto { uint32 arity = 1; PyTreeNodeType type = 2;
                                 DictKeysProto dict_keys = 3; }
    message PyTreeDefProto     { repeated PyTreeNodeDefProto nodes = 1;
                                 repeated string interned_strings = 2; }

Only leaves, None, tuples, lists and dicts with string keys can be written; dict
keys are stored once each in ``interned_strings``.
"""

from __future__ import annotations

# pytree kinds (see pytree.py) <-> PyTreeNodeType values of the proto.
_KIND_TO_PROTO = {0: 1, 4: 2, 1: 3, 2: 4, 5: 5}  # leaf, list, none, tuple, dict
_PROTO_TO_KIND = {v: k for k, v in _KIND_TO_PROTO.items()}
_DICT_KIND = 5


def _varint(value: int, out: bytearray) -> None:
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def _field(number: int, wire_type: int, out: bytearray) -> None:
    _varint((number << 3) | wire_type, out)


def _length_delimited(number: int, payload: bytes, out: bytearray) -> None:
    _field(number, 2, out)
    _varint(len(payload), out)
    out += payload


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
        if node.arity:
            _field(1, 0, msg)
            _varint(node.arity, msg)
        _field(2, 0, msg)
        _varint(proto_type, msg)
        if node.kind == _DICT_KIND:
            ids = bytearray()
            for key in data[di:di + node.arity]:
                if not isinstance(key, str):
                    raise ValueError(
                        "Only string keys are supported in proto pytree serialization.")
                _varint(interned.setdefault(key, len(interned)), ids)
            keys_msg = bytearray()
            if ids:
                _length_delimited(1, bytes(ids), keys_msg)
            _length_delimited(3, bytes(keys_msg), msg)
        di += node.ndata
        _length_delimited(1, bytes(msg), out)
    for key in interned:  # dicts keep insertion order: the ids' order
        _length_delimited(2, key.encode("utf-8"), out)
    return bytes(out)


class _Reader:
    __slots__ = ("buf", "pos", "end")

    def __init__(self, buf: bytes, pos: int = 0, end: int | None = None):
        self.buf = buf
        self.pos = pos
        self.end = len(buf) if end is None else end

    def done(self) -> bool:
        return self.pos >= self.end

    def varint(self) -> int:
        result = 0
        shift = 0
        while True:
            if self.pos >= self.end or shift > 63:
                raise _Malformed
            byte = self.buf[self.pos]
            self.pos += 1
            result |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return result
            shift += 7

    def bytes(self) -> _Reader:
        n = self.varint()
        start = self.pos
        if start + n > self.end:
            raise _Malformed
        self.pos += n
        return _Reader(self.buf, start, start + n)

    def skip(self, wire_type: int) -> None:
        if wire_type == 0:
            self.varint()
        elif wire_type == 1:
            self.pos += 8
        elif wire_type == 2:
            self.bytes()
        elif wire_type == 5:
            self.pos += 4
        else:
            raise _Malformed
        if self.pos > self.end:
            raise _Malformed


class _Malformed(Exception):
    pass


def _parse_dict_keys(r: _Reader) -> list[int]:
    ids: list[int] = []
    while not r.done():
        tag = r.varint()
        number, wire_type = tag >> 3, tag & 7
        if number == 1 and wire_type == 2:  # packed
            packed = r.bytes()
            while not packed.done():
                ids.append(packed.varint())
        elif number == 1 and wire_type == 0:
            ids.append(r.varint())
        else:
            r.skip(wire_type)
    return ids


def deserialize(data: bytes) -> tuple[list[tuple[int, int, list[str]]], list[str]]:
    """Decodes to [(kind, arity, dict keys)] in post-order and the interned strings."""
    raw_nodes: list[tuple[int, int, list[int]]] = []
    strings: list[str] = []
    try:
        r = _Reader(bytes(data))
        while not r.done():
            tag = r.varint()
            number, wire_type = tag >> 3, tag & 7
            if number == 1 and wire_type == 2:
                m = r.bytes()
                arity, proto_type, ids = 0, 0, []
                while not m.done():
                    t = m.varint()
                    f, w = t >> 3, t & 7
                    if f == 1 and w == 0:
                        arity = m.varint()
                    elif f == 2 and w == 0:
                        proto_type = m.varint()
                    elif f == 3 and w == 2:
                        ids = _parse_dict_keys(m.bytes())
                    else:
                        m.skip(w)
                raw_nodes.append((arity, proto_type, ids))
            elif number == 2 and wire_type == 2:
                s = r.bytes()
                strings.append(bytes(s.buf[s.pos:s.end]).decode("utf-8"))
            else:
                r.skip(wire_type)
    except (_Malformed, UnicodeDecodeError):
        raise RuntimeError("Could not deserialize PyTreeDefProto.") from None
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
    return nodes, strings
