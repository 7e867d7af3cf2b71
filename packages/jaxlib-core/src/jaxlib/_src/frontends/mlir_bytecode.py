"""MLIR's bytecode format, read into a small dialect-neutral tree.

A bytecode file (magic ``ML\\xefR``) is a version, a producer string and
sections: strings, dialects and op names, attributes and types (each stored
once, referred to by index, decoded by its dialect's codec or kept as its
textual assembly), the IR (ops, regions, blocks, values numbered per
isolated scope), properties, resources. Format versions 0 to 6 are read
(StableHLO portable artifacts pin versions 1 to 6 by target release).

The tree (:class:`BcOp`, :class:`BcBlock`, :class:`BcRegion`,
:class:`BcValue`) keeps every op generic: name, operands, result types,
attributes, properties, regions and location. A frontend (``vhlo.py``)
turns it into this project's IR. Dialect codecs are looked up by dialect
name in :data:`DIALECT_CODECS`; an entry of a dialect without a codec is an
error naming it, as is every malformed byte run: a :class:`BytecodeError`
with the offset where reading stopped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jaxlib._src.ir.types import is_valid_element_type

MAGIC = b"ML\xefR"
MAX_VERSION = 6

# Format versions that change what is read.
_DIALECT_VERSIONING = 1
_LAZY_LOADING = 2
_USE_LIST_ORDERING = 3
_ELIDE_UNKNOWN_BLOCK_ARG_LOCATION = 4
_NATIVE_PROPERTIES = 5

# Section ids.
_STRING, _DIALECT, _ATTR_TYPE, _ATTR_TYPE_OFFSET, _IR = 0, 1, 2, 3, 4
_RESOURCE, _RESOURCE_OFFSET, _DIALECT_VERSIONS, _PROPERTIES = 5, 6, 7, 8
_SECTION_NAMES = ("string", "dialect", "attribute/type", "attribute/type offset", "IR",
                  "resource", "resource offset", "dialect versions", "properties")
_REQUIRED_SECTIONS = (_STRING, _DIALECT, _ATTR_TYPE, _ATTR_TYPE_OFFSET, _IR)

# Bits of an op's encoding mask.
_HAS_ATTRS = 0x01
_HAS_RESULTS = 0x02
_HAS_OPERANDS = 0x04
_HAS_SUCCESSORS = 0x08
_HAS_INLINE_REGIONS = 0x10
_HAS_USE_LIST_ORDERS = 0x20
_HAS_PROPERTIES = 0x40


class BytecodeError(ValueError):
    """Malformed or unsupported bytecode; the message names the byte offset."""


# --- the tree --------------------------------------------------------------------------


@dataclass(eq=False)
class BcValue:
    """An SSA value: a block argument or an op result. ``type`` is None only
    while a forward reference waits for its definition."""

    type: Any = None
    location: Any = None
    defined: bool = False


@dataclass(eq=False)
class BcBlock:
    arguments: list[BcValue] = field(default_factory=list)
    operations: list[BcOp] = field(default_factory=list)


@dataclass(eq=False)
class BcRegion:
    blocks: list[BcBlock] = field(default_factory=list)


@dataclass(eq=False)
class BcOp:
    name: str
    location: Any = None
    attributes: dict[str, Any] = field(default_factory=dict)
    # Inherent attributes stored apart (format >= 5), by name.
    properties: dict[str, Any] = field(default_factory=dict)
    operands: list[BcValue] = field(default_factory=list)
    results: list[BcValue] = field(default_factory=list)
    successors: list[int] = field(default_factory=list)
    regions: list[BcRegion] = field(default_factory=list)


@dataclass
class BytecodeModule:
    version: int
    producer: str
    # The top-level ops (a ``builtin.module``, as MLIR writes a module).
    operations: list[BcOp]
    dialect_versions: dict[str, bytes]


@dataclass(frozen=True)
class TextualEntry:
    """An attribute or type stored as its textual assembly (no bytecode
    encoding in its dialect), e.g. ``#sdy.sharding<...>``."""

    text: str
    is_type: bool


# --- primitives ------------------------------------------------------------------------


class EncodingReader:
    """Reads the primitives of the format from ``data[start:end]``."""

    def __init__(self, data: bytes, start: int = 0, end: int | None = None,
                 what: str = "bytecode") -> None:
        self.data = data
        self.pos = start
        self.end = len(data) if end is None else end
        self.what = what

    def error(self, message: str) -> BytecodeError:
        return BytecodeError(f"MLIR bytecode, {self.what} at byte {self.pos}: {message}")

    @property
    def empty(self) -> bool:
        return self.pos >= self.end

    def byte(self) -> int:
        if self.pos >= self.end:
            raise self.error("unexpected end of data")
        value = self.data[self.pos]
        self.pos += 1
        return value

    def bytes(self, count: int) -> bytes:
        if count < 0 or self.pos + count > self.end:
            raise self.error(f"{count} bytes run past the end of the data")
        value = self.data[self.pos:self.pos + count]
        self.pos += count
        return value

    def varint(self) -> int:
        """A PrefixVarInt: the first byte's trailing zero bits count the bytes
        that follow; a zero first byte is followed by all 64 bits."""
        first = self.byte()
        if first == 0:
            return int.from_bytes(self.bytes(8), "little")
        extra = (first & -first).bit_length() - 1
        if extra == 0:
            return first >> 1
        raw = first | (int.from_bytes(self.bytes(extra), "little") << 8)
        return raw >> (extra + 1)

    def signed_varint(self) -> int:
        value = self.varint()
        return (value >> 1) ^ -(value & 1)

    def varint_with_flag(self) -> tuple[int, bool]:
        value = self.varint()
        return value >> 1, bool(value & 1)

    def cstring(self) -> str:
        stop = self.data.find(b"\0", self.pos, self.end)
        if stop < 0:
            raise self.error("string without its terminating NUL")
        text = self.data[self.pos:stop].decode("utf-8", errors="surrogateescape")
        self.pos = stop + 1
        return text

    def align(self, alignment: int) -> None:
        if alignment & (alignment - 1) or alignment == 0:
            raise self.error(f"alignment {alignment} is not a power of two")
        while self.pos % alignment:
            if self.byte() != 0xCB:
                raise self.error("padding byte is not 0xCB")

    def section(self) -> tuple[int, int, int]:
        """(id, start, end) of the next section, its padding skipped."""
        id_and_aligned = self.byte()
        section_id, aligned = id_and_aligned & 0x7F, bool(id_and_aligned & 0x80)
        length = self.varint()
        if aligned:
            self.align(self.varint())
        start = self.pos
        if start + length > self.end:
            raise self.error(f"section {section_id} runs past the end of the data")
        self.pos += length
        return section_id, start, start + length


# --- codecs ----------------------------------------------------------------------------


class DialectReader:
    """What a dialect's codec reads an attribute or type with: the
    primitives plus references to other attributes, types and strings."""

    def __init__(self, file: _FileReader, reader: EncodingReader) -> None:
        self.file = file
        self.reader = reader
        self.version = file.version

    def error(self, message: str) -> BytecodeError:
        return self.reader.error(message)

    def varint(self) -> int:
        return self.reader.varint()

    def signed_varint(self) -> int:
        return self.reader.signed_varint()

    def signed_varints(self) -> list[int]:
        return [self.reader.signed_varint() for _ in range(self.reader.varint())]

    def byte(self) -> int:
        return self.reader.byte()

    def string(self) -> str:
        return self.file.string(self.reader.varint())

    def blob(self) -> bytes:
        return self.reader.bytes(self.reader.varint())

    def attribute(self) -> Any:
        return self.file.attribute(self.reader.varint())

    def optional_attribute(self) -> Any:
        index, present = self.reader.varint_with_flag()
        return self.file.attribute(index) if present else None

    def attributes(self) -> list[Any]:
        return [self.attribute() for _ in range(self.reader.varint())]

    def type(self) -> Any:
        return self.file.type(self.reader.varint())

    def types(self) -> list[Any]:
        return [self.type() for _ in range(self.reader.varint())]

    def list(self, read_one: Callable[[], Any]) -> list[Any]:
        return [read_one() for _ in range(self.reader.varint())]

    def apint(self, width: int) -> int:
        """An integer of ``width`` bits, as its unsigned bit pattern."""
        if width <= 8:
            return self.reader.byte() & ((1 << width) - 1) if width else 0
        if width <= 64:
            return self.reader.signed_varint() & ((1 << width) - 1)
        words = self.reader.varint()
        value = 0
        for i in range(words):
            value |= (self.reader.signed_varint() & ((1 << 64) - 1)) << (64 * i)
        return value & ((1 << width) - 1)


# A codec decodes one dialect's custom-encoded entries.
@dataclass(frozen=True)
class DialectCodec:
    read_attribute: Callable[[DialectReader], Any]
    read_type: Callable[[DialectReader], Any]


DIALECT_CODECS: dict[str, DialectCodec] = {}

# How a registered op's properties are laid out (format >= 5): a function
# reading them into a dictionary of inherent attributes, by op name.
PROPERTY_LAYOUTS: dict[str, Callable[[DialectReader], dict[str, Any]]] = {}


def ods_properties(required: tuple[str, ...] = (), optional: tuple[str, ...] = ()
                   ) -> Callable[[DialectReader], dict[str, Any]]:
    """The layout ODS generates: every inherent attribute in name order, a
    required one as a reference, an optional one as an optional reference."""
    order = sorted([(name, False) for name in required] + [(name, True) for name in optional])

    def read(reader: DialectReader) -> dict[str, Any]:
        values = {}
        for name, is_optional in order:
            value = reader.optional_attribute() if is_optional else reader.attribute()
            if value is not None:
                values[name] = value
        return values
    return read


# A dialect's layout for its ops not in PROPERTY_LAYOUTS.
DEFAULT_PROPERTY_LAYOUTS: dict[str, Callable[[DialectReader], dict[str, Any]]] = {}

PROPERTY_LAYOUTS["builtin.module"] = ods_properties(optional=("sym_name", "sym_visibility"))


def register_dialect_codec(dialect: str, codec: DialectCodec) -> None:
    DIALECT_CODECS[dialect] = codec


# --- the file --------------------------------------------------------------------------


@dataclass
class _Entry:
    dialect: str
    start: int
    end: int
    custom: bool
    value: Any = None
    decoded: bool = False
    decoding: bool = False


@dataclass
class _OpName:
    dialect: str
    name: str
    registered: bool = True

    @property
    def full_name(self) -> str:
        # An empty name is the old form of an op of an unregistered dialect.
        return f"{self.dialect}.{self.name}" if self.name else self.dialect


class _ValueScope:
    """The values of one isolated-from-above scope: each region reserves its
    count of slots, numbered on from the enclosing regions'."""

    def __init__(self) -> None:
        self.values: list[BcValue | None] = []
        self.next_ids: list[int] = []

    def push_region(self, count: int) -> None:
        self.next_ids.append(len(self.values))
        self.values.extend([None] * count)

    def pop_region(self, count: int) -> None:
        self.next_ids.pop()
        del self.values[len(self.values) - count:]

    def define(self, reader: EncodingReader, value: BcValue) -> None:
        index = self.next_ids[-1]
        if index >= len(self.values):
            raise reader.error("more values defined than the region declared")
        existing = self.values[index]
        if existing is not None and not existing.defined:
            existing.type, existing.location = value.type, value.location
            value = existing
        value.defined = True
        self.values[index] = value
        self.next_ids[-1] = index + 1

    def define_result(self, reader: EncodingReader, value: BcValue) -> BcValue:
        self.define(reader, value)
        return self.values[self.next_ids[-1] - 1]  # type: ignore[return-value]

    def use(self, reader: EncodingReader, index: int) -> BcValue:
        if index >= len(self.values):
            raise reader.error(f"operand refers to value {index}, past the {len(self.values)} "
                               "values in scope")
        value = self.values[index]
        if value is None:  # a forward reference (graph regions): filled in when defined
            value = self.values[index] = BcValue()
        return value


class _FileReader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        reader = EncodingReader(data)
        if reader.bytes(4) != MAGIC:
            raise reader.error("not MLIR bytecode (no ML\\xefR magic)")
        self.version = reader.varint()
        if self.version > MAX_VERSION:
            raise reader.error(f"format version {self.version} is newer than this reader "
                               f"(versions 0 to {MAX_VERSION})")
        self.producer = reader.cstring()
        self.sections: dict[int, tuple[int, int]] = {}
        while not reader.empty:
            section_id, start, end = reader.section()
            if section_id >= len(_SECTION_NAMES):
                raise reader.error(f"unknown section id {section_id}")
            if section_id in self.sections:
                raise reader.error(f"duplicate {_SECTION_NAMES[section_id]} section")
            self.sections[section_id] = (start, end)
        for section_id in _REQUIRED_SECTIONS:
            if section_id not in self.sections:
                raise reader.error(f"missing {_SECTION_NAMES[section_id]} section")
        if self.version >= _NATIVE_PROPERTIES and _PROPERTIES not in self.sections:
            # Written only when some op has properties.
            self.sections[_PROPERTIES] = (0, 0)
        self._read_strings()
        self._read_dialects()
        self._read_attr_type_offsets()
        self._read_properties_offsets()

    def _section_reader(self, section_id: int) -> EncodingReader:
        start, end = self.sections[section_id]
        return EncodingReader(self.data, start, end, f"{_SECTION_NAMES[section_id]} section")

    # strings: sizes listed last string first, the data packed at the section's end
    def _read_strings(self) -> None:
        reader = self._section_reader(_STRING)
        count = reader.varint()
        if count > reader.end - reader.pos:
            raise reader.error(f"{count} strings in {reader.end - reader.pos} bytes")
        sizes = [reader.varint() for _ in range(count)]
        end = reader.end
        strings: list[str] = [""] * count
        for i, size in enumerate(sizes):
            index = count - 1 - i
            if size == 0 or end - size < reader.pos:
                raise reader.error(f"string {index} does not fit in the section")
            raw = self.data[end - size:end - 1]
            strings[index] = raw.decode("utf-8", errors="surrogateescape")
            end -= size
        self.strings = strings

    def string(self, index: int) -> str:
        if index >= len(self.strings):
            raise BytecodeError(f"MLIR bytecode: string index {index} out of range "
                                f"({len(self.strings)} strings)")
        return self.strings[index]

    def _read_dialects(self) -> None:
        reader = self._section_reader(_DIALECT)
        self.dialects: list[str] = []
        self.dialect_versions: dict[str, bytes] = {}
        for _ in range(reader.varint()):
            if self.version < _DIALECT_VERSIONING:
                self.dialects.append(self.string(reader.varint()))
                continue
            name_index, has_version = reader.varint_with_flag()
            name = self.string(name_index)
            self.dialects.append(name)
            if has_version:
                section_id, start, end = reader.section()
                if section_id != _DIALECT_VERSIONS:
                    raise reader.error(f"the {name} dialect's version is not a version section")
                self.dialect_versions[name] = self.data[start:end]
        self.op_names: list[_OpName] = []
        if self.version >= _ELIDE_UNKNOWN_BLOCK_ARG_LOCATION:
            reader.varint()  # the count of op names: the groups below say it again
        while not reader.empty:
            dialect = self._dialect(reader, reader.varint())
            for _ in range(reader.varint()):
                if self.version >= _NATIVE_PROPERTIES:
                    name_index, registered = reader.varint_with_flag()
                else:
                    name_index, registered = reader.varint(), True
                name = self.string(name_index)
                self.op_names.append(_OpName(dialect, name, registered))

    def _dialect(self, reader: EncodingReader, index: int) -> str:
        if index >= len(self.dialects):
            raise reader.error(f"dialect index {index} out of range")
        return self.dialects[index]

    def _read_attr_type_offsets(self) -> None:
        reader = self._section_reader(_ATTR_TYPE_OFFSET)
        data_start, data_end = self.sections[_ATTR_TYPE]
        num_attributes, num_types = reader.varint(), reader.varint()
        offset = data_start
        entries: list[_Entry] = []
        for total in (num_attributes, num_attributes + num_types):
            while len(entries) < total:
                dialect = self._dialect(reader, reader.varint())
                for _ in range(reader.varint()):
                    size, custom = reader.varint_with_flag()
                    if offset + size > data_end:
                        raise reader.error("attribute/type entry runs past its section")
                    entries.append(_Entry(dialect, offset, offset + size, custom))
                    offset += size
                if len(entries) > total:
                    raise reader.error("attribute and type entries overlap")
        self.attribute_entries = entries[:num_attributes]
        self.type_entries = entries[num_attributes:]

    def _read_properties_offsets(self) -> None:
        self.properties: list[tuple[int, int]] = []
        if _PROPERTIES not in self.sections or self.sections[_PROPERTIES] == (0, 0):
            return
        reader = self._section_reader(_PROPERTIES)
        for _ in range(reader.varint()):
            size = reader.varint()
            start = reader.pos
            reader.bytes(size)
            self.properties.append((start, start + size))

    def attribute(self, index: int) -> Any:
        return self._decode(self.attribute_entries, index, is_type=False)

    def type(self, index: int) -> Any:
        return self._decode(self.type_entries, index, is_type=True)

    def _decode(self, entries: list[_Entry], index: int, is_type: bool) -> Any:
        kind = "type" if is_type else "attribute"
        if index >= len(entries):
            raise BytecodeError(f"MLIR bytecode: {kind} index {index} out of range "
                                f"({len(entries)} {kind}s)")
        entry = entries[index]
        if entry.decoded:
            return entry.value
        if entry.decoding:
            raise BytecodeError(f"MLIR bytecode: {kind} {index} refers to itself")
        entry.decoding = True
        reader = EncodingReader(self.data, entry.start, entry.end,
                                f"{entry.dialect} {kind} {index}")
        if not entry.custom:
            text = reader.cstring()
            if reader.pos != entry.end:
                raise reader.error("data after the textual entry")
            # Element types without an encoding (float8 before MLIR gave them
            # codes) are written as their spelling.
            value: Any = (text if is_type and is_valid_element_type(text)
                          else TextualEntry(text, is_type))
        else:
            codec = DIALECT_CODECS.get(entry.dialect)
            if codec is None:
                raise reader.error(f"no reader for the {entry.dialect} dialect's encoded "
                                   f"{kind}s")
            dialect_reader = DialectReader(self, reader)
            value = (codec.read_type if is_type else codec.read_attribute)(dialect_reader)
        entry.value, entry.decoded, entry.decoding = value, True, False
        return value

    # --- the IR ----------------------------------------------------------------------

    def read_ir(self) -> list[BcOp]:
        reader = self._section_reader(_IR)
        scope = _ValueScope()
        top = BcBlock()
        scope.push_region(0)
        self._read_block(reader, scope, top)
        if not reader.empty:
            raise reader.error("data after the top-level operations")
        return top.operations

    def _read_block(self, reader: EncodingReader, scope: _ValueScope, block: BcBlock) -> None:
        num_ops, has_args = reader.varint_with_flag()
        if has_args:
            for _ in range(reader.varint()):
                if self.version >= _ELIDE_UNKNOWN_BLOCK_ARG_LOCATION:
                    type_index, has_location = reader.varint_with_flag()
                    location = self.attribute(reader.varint()) if has_location else None
                else:
                    type_index = reader.varint()
                    location = self.attribute(reader.varint())
                value = BcValue(self.type(type_index), location)
                scope.define(reader, value)
                block.arguments.append(scope.values[scope.next_ids[-1] - 1])  # type: ignore[arg-type]
            if self.version >= _USE_LIST_ORDERING and reader.byte():
                self._skip_use_list_orders(reader, len(block.arguments))
        for _ in range(num_ops):
            block.operations.append(self._read_op(reader, scope))

    def _skip_use_list_orders(self, reader: EncodingReader, num_values: int) -> None:
        """Use-list orders say in which order a range of values' uses were
        listed; this IR keeps no use lists, so they are read past."""
        entries = reader.varint() if num_values > 1 else 1
        for _ in range(entries):
            if num_values > 1:
                reader.varint()  # the value's index in the range
            count, _pairs = reader.varint_with_flag()
            for _ in range(count):
                reader.varint()

    def _read_op(self, reader: EncodingReader, scope: _ValueScope) -> BcOp:
        name_index = reader.varint()
        if name_index >= len(self.op_names):
            raise reader.error(f"op name index {name_index} out of range")
        op_name = self.op_names[name_index]
        mask = reader.byte()
        op = BcOp(op_name.full_name, location=self.attribute(reader.varint()))
        if mask & _HAS_ATTRS:
            attributes = self.attribute(reader.varint())
            if not isinstance(attributes, dict):
                raise reader.error(f"{op.name}: its attributes are not a dictionary")
            op.attributes = dict(attributes)
        if mask & _HAS_PROPERTIES:
            if self.version < _NATIVE_PROPERTIES:
                raise reader.error("properties before format version 5")
            op.properties = self._read_properties(reader.varint(), op_name)
        if mask & _HAS_RESULTS:
            result_types = [self.type(reader.varint()) for _ in range(reader.varint())]
        else:
            result_types = []
        if mask & _HAS_OPERANDS:
            op.operands = [scope.use(reader, reader.varint()) for _ in range(reader.varint())]
        if mask & _HAS_SUCCESSORS:
            op.successors = [reader.varint() for _ in range(reader.varint())]
        if mask & _HAS_USE_LIST_ORDERS:
            if self.version < _USE_LIST_ORDERING:
                raise reader.error("use-list orders before format version 3")
            self._skip_use_list_orders(reader, len(result_types))
        num_regions, isolated = 0, False
        if mask & _HAS_INLINE_REGIONS:
            num_regions, isolated = reader.varint_with_flag()
        for result_type in result_types:
            op.results.append(scope.define_result(reader, BcValue(result_type)))
        if num_regions:
            if isolated and self.version >= _LAZY_LOADING:
                section_id, start, end = reader.section()
                if section_id != _IR:
                    raise reader.error(f"{op.name}: its regions are not an IR section")
                region_reader = EncodingReader(self.data, start, end, f"regions of {op.name}")
                op.regions = self._read_regions(region_reader, _ValueScope(), num_regions)
                if not region_reader.empty:
                    raise region_reader.error("data after the regions")
            else:
                op.regions = self._read_regions(reader, _ValueScope() if isolated else scope,
                                                num_regions)
        return op

    def _read_regions(self, reader: EncodingReader, scope: _ValueScope,
                      count: int) -> list[BcRegion]:
        regions = []
        for _ in range(count):
            region = BcRegion()
            num_blocks = reader.varint()
            if num_blocks:
                num_values = reader.varint()
                if num_values > reader.end - reader.pos:  # each takes a byte at least
                    raise reader.error(f"a region of {num_values} values in "
                                       f"{reader.end - reader.pos} bytes")
                scope.push_region(num_values)
                for _ in range(num_blocks):
                    block = BcBlock()
                    self._read_block(reader, scope, block)
                    region.blocks.append(block)
                for value in scope.values[len(scope.values) - num_values:]:
                    if value is not None and not value.defined:
                        raise reader.error("an operand refers to a value never defined")
                scope.pop_region(num_values)
            regions.append(region)
        return regions

    def _read_properties(self, index: int, op_name: _OpName) -> Any:
        if index >= len(self.properties):
            raise BytecodeError(f"MLIR bytecode: properties index {index} out of range")
        start, end = self.properties[index]
        reader = EncodingReader(self.data, start, end, f"properties of {op_name.full_name}")
        dialect_reader = DialectReader(self, reader)
        if not op_name.registered:
            # Written as one attribute: the dictionary of the op's inherent ones.
            properties = dialect_reader.attribute()
        else:
            layout = (PROPERTY_LAYOUTS.get(op_name.full_name)
                      or DEFAULT_PROPERTY_LAYOUTS.get(op_name.dialect))
            if layout is None:
                raise reader.error(f"the properties of {op_name.full_name} are not known to "
                                   "this reader")
            properties = layout(dialect_reader)
        if not reader.empty:
            raise reader.error("data after the properties (an op version this reader does "
                               "not know?)")
        if not isinstance(properties, dict):
            raise reader.error(f"properties of {op_name.full_name} are not a dictionary")
        return properties


def is_bytecode(data: Any) -> bool:
    return isinstance(data, (bytes, bytearray, memoryview)) and bytes(data[:4]) == MAGIC


def op_dialects(data: bytes) -> set[str]:
    """The dialects of the ops a bytecode file holds (its dialect section
    only, no IR read). Raises :class:`BytecodeError`."""
    return {name.dialect for name in _FileReader(bytes(data)).op_names}


def read_bytecode(data: bytes) -> BytecodeModule:
    """The tree of an MLIR bytecode file. Raises :class:`BytecodeError`."""
    data = bytes(data)
    try:
        file = _FileReader(data)
        operations = file.read_ir()
    except RecursionError:
        raise BytecodeError("MLIR bytecode: nesting too deep") from None
    return BytecodeModule(file.version, file.producer, operations, file.dialect_versions)
