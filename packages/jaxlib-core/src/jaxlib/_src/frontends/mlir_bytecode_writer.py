"""MLIR's bytecode format, written (format version 6; the reader is
``mlir_bytecode.py``).

The input is the reader's generic tree (:class:`BcOp` ...), with every
attribute and type given as an :class:`Entry`: the dialect that owns it,
its code in that dialect's encoding and its fields, or its textual assembly
(``text``). Entries are stored once each (equal entries share an index),
strings once each, properties once each. Ops listed in
:data:`ISOLATED_OPS` get their regions in their own lazily loadable section
and their own value numbering, as MLIR writes isolated-from-above ops.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jaxlib._src.frontends.mlir_bytecode import MAGIC, BcBlock, BcOp, BcRegion, BcValue

FORMAT_VERSION = 6
ISOLATED_OPS = frozenset({"builtin.module", "vhlo.func_v1", "sdy.manual_computation"})

_STRING, _DIALECT, _ATTR_TYPE, _ATTR_TYPE_OFFSET, _IR, _PROPERTIES = 0, 1, 2, 3, 4, 8
_HAS_ATTRS, _HAS_RESULTS, _HAS_OPERANDS = 0x01, 0x02, 0x04
_HAS_INLINE_REGIONS, _HAS_PROPERTIES = 0x10, 0x40


@dataclass(frozen=True)
class Entry:
    """An attribute or type to store. ``fields`` are ``(kind, value)`` pairs
    written after the varint ``code``: kinds ``varint``, ``svarint``,
    ``svarints``, ``byte``, ``string`` (a string-table reference), ``blob``,
    ``apint`` (``(bits, width)``), ``attr``/``type`` (an Entry), ``attrs``/
    ``types`` (a tuple of Entries), ``optional`` (an Entry or None),
    ``list`` (a tuple of field tuples, each written in turn after a count).
    With ``text`` set the entry is stored as that textual assembly instead."""

    dialect: str
    is_type: bool
    code: int = 0
    fields: tuple[tuple[str, Any], ...] = ()
    text: str | None = None


class Emitter:
    """A growing byte buffer with the format's primitives."""

    def __init__(self) -> None:
        self.data = bytearray()

    def byte(self, value: int) -> None:
        self.data.append(value & 0xFF)

    def varint(self, value: int) -> None:
        if value < 0:
            raise ValueError(f"varint of a negative value {value}")
        if value >= 1 << 56:
            self.data.append(0)
            self.data += value.to_bytes(8, "little")
            return
        count = 1
        while value >= 1 << (7 * count):
            count += 1
        self.data += (((value << 1) | 1) << (count - 1)).to_bytes(count, "little")

    def svarint(self, value: int) -> None:
        value &= (1 << 64) - 1
        signed = value - (1 << 64) if value >> 63 else value
        self.varint(((signed << 1) ^ (signed >> 63)) & ((1 << 64) - 1))

    def varint_with_flag(self, value: int, flag: bool) -> None:
        self.varint((value << 1) | int(flag))

    def bytes(self, value: bytes) -> None:
        self.data += value

    def section(self, section_id: int, payload: bytes) -> None:
        self.byte(section_id)
        self.varint(len(payload))
        self.data += payload


class BytecodeWriter:
    def __init__(self, producer: str) -> None:
        self.producer = producer
        self.strings: dict[str, int] = {}
        self.dialects: dict[str, int] = {}
        self.op_names: dict[str, int] = {}
        self.attributes: dict[Entry, int] = {}
        self.types: dict[Entry, int] = {}
        self.attribute_data: list[tuple[Entry, bytes]] = []
        self.type_data: list[tuple[Entry, bytes]] = []
        self.properties: dict[bytes, int] = {}

    # --- tables --------------------------------------------------------------------------

    def string(self, text: str) -> int:
        index = self.strings.get(text)
        if index is None:
            index = self.strings[text] = len(self.strings)
        return index

    def dialect(self, name: str) -> int:
        index = self.dialects.get(name)
        if index is None:
            self.string(name)
            index = self.dialects[name] = len(self.dialects)
        return index

    def op_name(self, full_name: str) -> int:
        index = self.op_names.get(full_name)
        if index is None:
            dialect, _, name = full_name.partition(".")
            self.dialect(dialect)
            self.string(name)
            index = self.op_names[full_name] = len(self.op_names)
        return index

    def entry(self, entry: Entry) -> int:
        table = self.types if entry.is_type else self.attributes
        index = table.get(entry)
        if index is not None:
            return index
        self.dialect(entry.dialect)
        index = table[entry] = len(table)
        data_list = self.type_data if entry.is_type else self.attribute_data
        data_list.append((entry, b""))  # reserved: encoding may add entries
        data_list[index] = (entry, self._encode(entry))
        return index

    def _encode(self, entry: Entry) -> bytes:
        out = Emitter()
        if entry.text is not None:
            out.bytes(entry.text.encode("utf-8", errors="surrogateescape") + b"\0")
            return bytes(out.data)
        out.varint(entry.code)
        self._fields(out, entry.fields)
        return bytes(out.data)

    def _fields(self, out: Emitter, fields: tuple[tuple[str, Any], ...]) -> None:
        for kind, value in fields:
            if kind == "varint":
                out.varint(value)
            elif kind == "svarint":
                out.svarint(value)
            elif kind == "svarints":
                out.varint(len(value))
                for item in value:
                    out.svarint(item)
            elif kind == "byte":
                out.byte(value)
            elif kind == "string":
                out.varint(self.string(value))
            elif kind == "blob":
                out.varint(len(value))
                out.bytes(value)
            elif kind == "apint":
                bits, width = value
                if width <= 8:
                    out.byte(bits)
                elif width <= 64:
                    out.svarint(bits)
                else:
                    words = [(bits >> (64 * i)) & ((1 << 64) - 1)
                             for i in range((width + 63) // 64)]
                    out.varint(len(words))
                    for word in words:
                        out.svarint(word)
            elif kind in ("attr", "type"):
                out.varint(self.entry(value))
            elif kind in ("attrs", "types"):
                out.varint(len(value))
                for item in value:
                    out.varint(self.entry(item))
            elif kind == "optional":
                if value is None:
                    out.varint(0)
                else:
                    out.varint_with_flag(self.entry(value), True)
            elif kind == "list":
                out.varint(len(value))
                for item in value:
                    self._fields(out, item)
            else:
                raise ValueError(f"unknown field kind {kind!r}")

    def properties_entry(self, values: list[tuple[Entry | None, bool]]) -> int:
        """Properties written as ODS writes them: each value a reference, an
        optional one (second item True) flagged."""
        out = Emitter()
        for value, optional in values:
            if optional:
                if value is None:
                    out.varint(0)
                else:
                    out.varint_with_flag(self.entry(value), True)
            else:
                assert value is not None
                out.varint(self.entry(value))
        data = bytes(out.data)
        index = self.properties.get(data)
        if index is None:
            index = self.properties[data] = len(self.properties)
        return index

    # --- the IR --------------------------------------------------------------------------

    def _number(self, region: BcRegion, base: int, ids: dict[int, int]) -> int:
        """Numbers the values a region defines from ``base`` (block
        arguments, then each op's results, block by block); returns the count.
        Nested non-isolated regions number on from the end of this range."""
        next_id = base
        for block in region.blocks:
            for value in block.arguments:
                ids[id(value)] = next_id
                next_id += 1
            for op in block.operations:
                for value in op.results:
                    ids[id(value)] = next_id
                    next_id += 1
        count = next_id - base
        for block in region.blocks:
            for op in block.operations:
                if op.name not in ISOLATED_OPS:
                    for nested in op.regions:
                        self._number(nested, base + count, ids)
        return count

    def _op(self, out: Emitter, op: BcOp, ids: dict[int, int], counts: dict[int, int]) -> None:
        out.varint(self.op_name(op.name))
        mask = 0
        if op.attributes:
            mask |= _HAS_ATTRS
        if op.properties is not None:
            mask |= _HAS_PROPERTIES
        if op.results:
            mask |= _HAS_RESULTS
        if op.operands:
            mask |= _HAS_OPERANDS
        if op.regions:
            mask |= _HAS_INLINE_REGIONS
        out.byte(mask)
        out.varint(self.entry(op.location))
        if mask & _HAS_ATTRS:
            out.varint(self.entry(op.attributes))
        if mask & _HAS_PROPERTIES:
            out.varint(op.properties)
        if mask & _HAS_RESULTS:
            out.varint(len(op.results))
            for value in op.results:
                out.varint(self.entry(value.type))
        if mask & _HAS_OPERANDS:
            out.varint(len(op.operands))
            for value in op.operands:
                out.varint(ids[id(value)])
        if not op.regions:
            return
        isolated = op.name in ISOLATED_OPS
        out.varint_with_flag(len(op.regions), isolated)
        if isolated:
            inner_ids: dict[int, int] = {}
            inner_counts: dict[int, int] = {}
            for region in op.regions:
                inner_counts[id(region)] = self._number(region, 0, inner_ids)
            nested = Emitter()
            for region in op.regions:
                self._region(nested, region, inner_ids, inner_counts)
            out.section(_IR, bytes(nested.data))
        else:
            for region in op.regions:
                self._region(out, region, ids, counts)

    def _region(self, out: Emitter, region: BcRegion, ids: dict[int, int],
                counts: dict[int, int]) -> None:
        out.varint(len(region.blocks))
        if not region.blocks:
            return
        count = counts.get(id(region))
        if count is None:
            count = sum(len(b.arguments) + sum(len(op.results) for op in b.operations)
                        for b in region.blocks)
        out.varint(count)
        for block in region.blocks:
            self._block(out, block, ids, counts)

    def _block(self, out: Emitter, block: BcBlock, ids: dict[int, int],
               counts: dict[int, int]) -> None:
        out.varint_with_flag(len(block.operations), bool(block.arguments))
        if block.arguments:
            out.varint(len(block.arguments))
            for value in block.arguments:
                has_location = value.location is not None
                out.varint_with_flag(self.entry(value.type), has_location)
                if has_location:
                    out.varint(self.entry(value.location))
            out.byte(0)  # no use-list orders
        for op in block.operations:
            self._op(out, op, ids, counts)

    def _name_ops(self, operations: list[BcOp]) -> None:
        """Numbers the op names as the dialect section lists them: grouped
        by dialect (an op refers to its name by that position)."""
        seen: dict[str, None] = {}

        def walk(ops: list[BcOp]) -> None:
            for op in ops:
                seen.setdefault(op.name)
                for region in op.regions:
                    for block in region.blocks:
                        walk(block.operations)

        walk(operations)
        by_dialect: dict[str, list[str]] = {}
        for name in seen:
            by_dialect.setdefault(name.partition(".")[0], []).append(name)
        for names in by_dialect.values():
            for name in names:
                self.op_name(name)

    def write(self, operations: list[BcOp]) -> bytes:
        self._name_ops(operations)
        ir = Emitter()
        ir.varint_with_flag(len(operations), False)
        for op in operations:
            self._op(ir, op, {}, {})
        return self._file(bytes(ir.data))

    def _file(self, ir: bytes) -> bytes:
        strings = Emitter()
        names = list(self.strings)
        strings.varint(len(names))
        encoded = [name.encode("utf-8", errors="surrogateescape") + b"\0" for name in names]
        for item in reversed(encoded):
            strings.varint(len(item))
        for item in encoded:
            strings.bytes(item)

        dialects = Emitter()
        dialects.varint(len(self.dialects))
        for name in self.dialects:
            dialects.varint_with_flag(self.strings[name], False)
        dialects.varint(len(self.op_names))
        groups: dict[int, list[tuple[int, bool]]] = {}
        for full_name in self.op_names:
            dialect, _, name = full_name.partition(".")
            groups.setdefault(self.dialects[dialect], []).append((self.strings[name], True))
        for dialect_index, name_indices in groups.items():
            dialects.varint(dialect_index)
            dialects.varint(len(name_indices))
            for name_index, registered in name_indices:
                dialects.varint_with_flag(name_index, registered)

        offsets = Emitter()
        data = Emitter()
        offsets.varint(len(self.attribute_data))
        offsets.varint(len(self.type_data))
        for entries in (self.attribute_data, self.type_data):
            runs: list[tuple[str, list[tuple[int, bool]]]] = []
            for entry, payload in entries:
                if not runs or runs[-1][0] != entry.dialect:
                    runs.append((entry.dialect, []))
                runs[-1][1].append((len(payload), entry.text is None))
                data.bytes(payload)
            for dialect, sizes in runs:
                offsets.varint(self.dialects[dialect])
                offsets.varint(len(sizes))
                for size, custom in sizes:
                    offsets.varint_with_flag(size, custom)

        properties = Emitter()
        properties.varint(len(self.properties))
        for payload in self.properties:
            properties.varint(len(payload))
            properties.bytes(payload)

        out = Emitter()
        out.bytes(MAGIC)
        out.varint(FORMAT_VERSION)
        out.bytes(self.producer.encode() + b"\0")
        out.section(_DIALECT, bytes(dialects.data))
        out.section(_ATTR_TYPE_OFFSET, bytes(offsets.data))
        out.section(_ATTR_TYPE, bytes(data.data))
        out.section(_IR, ir)
        out.section(_STRING, bytes(strings.data))
        out.section(_PROPERTIES, bytes(properties.data))
        return bytes(out.data)


__all__ = ["BcBlock", "BcOp", "BcRegion", "BcValue", "BytecodeWriter", "Entry",
           "FORMAT_VERSION"]
