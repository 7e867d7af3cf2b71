"""A rendezvous whose participants live in several processes.

A multi-process execution runs, in each process, the replicas of its local
devices. Replicas of one process meet as in :class:`Rendezvous`; a collective
whose participants include replicas of other processes is completed through
the client's cross-process collectives (an object with
``communicator(process_ids).all_gather(array)``, such as jaxlib-distributed's
``GlooCollectives``): once every local replica has reached the collective,
one thread of each process all-gathers the local contributions among all
processes of the execution.

Collective keys (``(id(op), occurrence)``) differ between processes, so the
cross-process exchanges are matched by order instead: each replica runs the
program's collectives in program order and an exchange completes only when
every local replica has reached it, so every process completes them in the
same order. Each message carries (execution number, exchange number) and a
disagreement is an error, never a silent mix-up.

Limits (explicit errors): every replica of the execution must take part in
each collective that crosses processes (a replica alone in its group skips
the rendezvous and its process then waits for it until the timeout).
"""

from __future__ import annotations

import json
import struct
from collections.abc import Sequence
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument
from jaxlib._src.base.replica_context import Rendezvous
from jaxlib._src.base.untrusted import INT64_MAX, bounded_product, is_int, load_json
from jaxlib._src.ir.element_types import ELEMENT_TYPES

_LENGTH = struct.Struct("<Q")
# A peer's message length comes from the peer; anything longer is a lie that
# would only make this process allocate it.
_MAX_MESSAGE_BYTES = 1 << 40
# The header nests 5 levels (object, values, entry, specs, shape).
_HEADER_DEPTH = 8
# numpy 2's largest array rank.
_MAX_RANK = 64
# The dtypes a program's arrays can have, by the name encode_contributions writes.
_DTYPES = {row.dtype.name: row.dtype for row in ELEMENT_TYPES if row.dtype is not None}


class CrossProcessRendezvous(Rendezvous):
    """Meets the replicas of one execution across processes.

    ``participant_processes[i]`` is the process running participant ``i``
    (the flat replica index, which is the device's position in the
    executable's device list).
    """

    # A member meeting other processes reads every local replica's contribution,
    # including those of members whose own exchange stayed local: none is let go.
    releases = False
    # Peers in other processes see host arrays only (a GPU client copies its
    # contributions to the host first).
    crosses_processes = True

    def __init__(self, participant_processes: Sequence[int], own_process: int,
                 collectives: Any, execution_number: int, timeout: float = 300.0):
        super().__init__(timeout)
        self._process_of = list(participant_processes)
        self._own = own_process
        self._local = tuple(i for i, p in enumerate(self._process_of) if p == own_process)
        self._processes = tuple(sorted(set(self._process_of)))
        self._collectives = collectives
        self._execution = execution_number
        self._exchanges = 0  # cross-process exchanges completed, in order
        self._leaders: set[Any] = set()
        self._gathered: dict[Any, dict[int, Any]] = {}

    def exchange(self, key: Any, participant: int, value: Any,
                 participants: tuple[int, ...]) -> list[Any]:
        if all(self._process_of[p] == self._own for p in participants):
            return super().exchange(key, participant, value, participants)
        with self._cond:
            slot = self._slots.setdefault(key, {})
            slot[participant] = value
            self._cond.notify_all()
            ok = self._cond.wait_for(
                lambda: self._aborted is not None or all(p in slot for p in self._local),
                timeout=self._timeout)
            self._raise_if_failed(key, ok, "local replicas",
                                  [p for p in self._local if p not in slot])
            lead = key not in self._leaders
            if lead:
                self._leaders.add(key)
                number = self._exchanges
                self._exchanges += 1
                local_values = {p: slot[p] for p in self._local}
        if lead:
            try:
                gathered = self._all_gather(number, local_values)
            except BaseException as err:
                self.abort(err)
                raise
            with self._cond:
                self._gathered[key] = gathered
                self._cond.notify_all()
        with self._cond:
            ok = self._cond.wait_for(
                lambda: self._aborted is not None or key in self._gathered,
                timeout=self._timeout)
            self._raise_if_failed(key, ok, "the cross-process exchange", [])
            gathered = self._gathered[key]
        missing = [p for p in participants if p not in gathered]
        if missing:
            raise XlaRuntimeError(
                f"INTERNAL: cross-process collective {key!r}: participants {missing} sent "
                "nothing; the processes ran different collectives")
        return [gathered[p] for p in participants]

    def gather_all(self, local_values: dict[int, Any]) -> dict[int, Any]:
        """Every participant's value, this process's given all at once by one
        caller (a global-view execution's argument shards), matched with the
        other processes' by order as the collectives are."""
        with self._cond:
            number = self._exchanges
            self._exchanges += 1
        try:
            return self._all_gather(number, local_values)
        except BaseException as err:
            self.abort(err)
            raise

    def _raise_if_failed(self, key: Any, ok: bool, what: str, missing: list[int]) -> None:
        if self._aborted is not None:
            raise RuntimeError(
                f"collective {key!r} abandoned: another participant failed: {self._aborted}")
        if not ok:
            raise TimeoutError(
                f"cross-process collective {key!r}: {what} {missing or ''} never arrived; "
                "every replica of a multi-process execution must take part in each "
                "collective that crosses processes")

    def _all_gather(self, number: int, local_values: dict[int, Any]) -> dict[int, Any]:
        if self._collectives is None:
            raise XlaRuntimeError(
                "FAILED_PRECONDITION: this program's collectives cross processes, but the "
                "client has no cross-process collectives: pass collectives= (e.g. "
                "make_gloo_tcp_collectives(distributed_client)) to make_cpu_client")
        communicator = self._collectives.communicator(list(self._processes))
        payload = encode_contributions((self._execution, number), local_values)
        messages = self._exchange_bytes(communicator, payload)
        expected = _local_structure(local_values)
        merged: dict[int, Any] = {}
        for process, message in zip(self._processes, messages):
            if process == self._own:
                merged.update(local_values)
                continue
            try:
                tag, values = decode_contributions(message)
                self._check_peer_values(process, values, expected)
            except XlaRuntimeError as err:
                raise XlaRuntimeError(f"{err} (sent by process {process})") from None
            if tag != (self._execution, number):
                raise XlaRuntimeError(
                    f"INTERNAL: cross-process collectives out of step: process {process} "
                    f"sent (execution, exchange) {tag}, this process expected "
                    f"{(self._execution, number)}; every process must run the same "
                    "executables in the same order")
            merged.update(values)
        return merged

    def _exchange_bytes(self, communicator: Any, payload: bytes) -> list[bytes]:
        """Every process's message, in process order: in two round trips
        where the communicator gathers bytes itself (Gloo's), else by an
        all_gather of the lengths and one of the padded messages."""
        gather_bytes = getattr(communicator, "all_gather_bytes", None)
        if gather_bytes is not None:
            messages = list(gather_bytes(payload))
            lengths = [len(m) for m in messages]
        else:
            lengths = [int(n) for n in communicator.all_gather(
                np.asarray(len(payload), np.int64))]
        for process, length in zip(self._processes, lengths):
            if process != self._own and not _LENGTH.size <= length <= _MAX_MESSAGE_BYTES:
                raise invalid_argument(
                    f"malformed cross-process contribution: process {process} announced a "
                    f"message length {length}, outside [{_LENGTH.size}, {_MAX_MESSAGE_BYTES}]")
        if gather_bytes is not None:
            return messages
        padded = np.zeros(max(lengths), np.uint8)
        padded[:len(payload)] = np.frombuffer(payload, np.uint8)
        rows = communicator.all_gather(padded)
        return [bytes(row[:length]) for row, length in zip(rows, lengths)]

    def _check_peer_values(self, process: int, values: dict[int, Any],
                           expected: tuple | None) -> None:
        """A peer contributes only for its own participants, and values shaped
        like this process's (one op, same operand types): anything else would
        overwrite local values or reach the kernels as a mismatched array."""
        for participant, value in values.items():
            owner = self._process_of[participant] if participant < len(self._process_of) else None
            if owner != process:
                runs_in = ("is no participant of this execution" if owner is None
                           else f"runs in process {owner}")
                raise invalid_argument(
                    f"malformed cross-process contribution: a value for participant "
                    f"{participant}, which {runs_in}")
            structure = _structure(value)
            if expected is not None and structure != expected:
                raise invalid_argument(
                    f"malformed cross-process contribution: participant {participant} "
                    f"contributed {_describe(structure)}, this process's participants "
                    f"contribute {_describe(expected)}; the processes ran different programs")


# -- the wire format: a JSON header, then the arrays' bytes ------------------------------


def _arrays_of(value: Any) -> tuple[str, list[np.ndarray]]:
    # order="C" keeps 0-d values 0-d (np.ascontiguousarray would make them 1-d).
    if isinstance(value, tuple):
        return "tuple", [np.asarray(v, order="C") for v in value]
    return "array", [np.asarray(value, order="C")]


def encode_contributions(tag: tuple[int, int], values: dict[int, Any]) -> bytes:
    """``tag`` and each participant's value (an array or a tuple of arrays) as bytes."""
    entries, chunks, offset = [], [], 0
    for participant, value in sorted(values.items()):
        kind, arrays = _arrays_of(value)
        specs = []
        for a in arrays:
            data = a.tobytes()
            specs.append([a.dtype.name, list(a.shape), offset, len(data)])
            chunks.append(data)
            offset += len(data)
        entries.append([participant, kind, specs])
    header = json.dumps({"tag": list(tag), "values": entries}).encode()
    return _LENGTH.pack(len(header)) + header + b"".join(chunks)


def _structure(value: Any) -> tuple:
    kind, arrays = _arrays_of(value)
    return kind, tuple((a.dtype.name, a.shape) for a in arrays)


def _local_structure(values: dict[int, Any]) -> tuple | None:
    """The structure every local value shares; None when they differ (then
    shapes depend on the participant and peers are not held to one)."""
    structures = {_structure(v) for v in values.values()}
    return structures.pop() if len(structures) == 1 else None


def _describe(structure: tuple) -> str:
    kind, arrays = structure
    text = ", ".join(f"{dtype}{list(shape)}" for dtype, shape in arrays)
    return f"a tuple ({text})" if kind == "tuple" else f"an array {text}"


def _malformed(message: str) -> XlaRuntimeError:
    return invalid_argument(f"malformed cross-process contribution: {message}")


def decode_contributions(data: bytes) -> tuple[tuple[int, int], dict[int, Any]]:
    """The tag and values ``encode_contributions`` wrote. The bytes come from
    another process: every malformed part is an INVALID_ARGUMENT naming it."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise _malformed(f"expected bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) < _LENGTH.size:
        raise _malformed(f"{len(data)} bytes, shorter than the {_LENGTH.size}-byte header length")
    (length,) = _LENGTH.unpack_from(data)
    if length > len(data) - _LENGTH.size:
        raise _malformed(f"a header of {length} bytes in a message of {len(data)} bytes")
    try:
        header = load_json(data[_LENGTH.size:_LENGTH.size + length],
                           "cross-process contribution header", max_depth=_HEADER_DEPTH)
    except ValueError as err:
        raise _malformed(str(err)) from None
    if not isinstance(header, dict) or sorted(header) != ["tag", "values"]:
        raise _malformed("the header must be an object with exactly the keys tag and values")
    tag, entries = header["tag"], header["values"]
    if not (isinstance(tag, list) and len(tag) == 2 and all(is_int(t) for t in tag)):
        raise _malformed(f"tag must be two integers, got {tag!r}"[:300])
    if not isinstance(entries, list):
        raise _malformed("values must be a list")
    body = memoryview(data)[_LENGTH.size + length:]
    values: dict[int, Any] = {}
    for i, entry in enumerate(entries):
        where = f"values[{i}]"
        if not (isinstance(entry, list) and len(entry) == 3):
            raise _malformed(f"{where} must be [participant, kind, specs]")
        participant, kind, specs = entry
        if not is_int(participant, 0):
            raise _malformed(f"{where}: participant must be an integer >= 0, got {participant!r}")
        if participant in values:
            raise _malformed(f"{where}: participant {participant} appears twice")
        if kind not in ("tuple", "array"):
            raise _malformed(f"{where}: kind must be 'tuple' or 'array', got {kind!r}"[:300])
        if not isinstance(specs, list) or (kind == "array" and len(specs) != 1):
            raise _malformed(f"{where}: an 'array' value needs exactly one array spec")
        arrays = tuple(_decode_array(body, spec, f"{where} array {j}")
                       for j, spec in enumerate(specs))
        values[participant] = arrays if kind == "tuple" else arrays[0]
    return (tag[0], tag[1]), values


def _decode_array(body: memoryview, spec: Any, where: str) -> np.ndarray:
    if not (isinstance(spec, list) and len(spec) == 4):
        raise _malformed(f"{where}: a spec must be [dtype, shape, start, size]")
    dtype_name, shape, start, size = spec
    dtype = _DTYPES.get(dtype_name) if isinstance(dtype_name, str) else None
    if dtype is None:
        raise _malformed(f"{where}: unsupported dtype {dtype_name!r}"[:300])
    if not isinstance(shape, list) or not all(is_int(d, 0) for d in shape):
        raise _malformed(f"{where}: shape must be a list of sizes >= 0"[:300])
    if len(shape) > _MAX_RANK:
        raise _malformed(f"{where}: rank {len(shape)} is more than {_MAX_RANK}")
    if not is_int(start, 0):
        raise _malformed(f"{where}: start must be an integer >= 0, got {start!r}")
    if not is_int(size, 0):
        raise _malformed(f"{where}: size must be an integer >= 0, got {size!r}")
    if start + size > len(body):
        raise _malformed(f"{where}: bytes [{start}, {start + size}) run past the end of the "
                         f"{len(body)}-byte body")
    elements = bounded_product(shape, INT64_MAX)
    if elements is None or elements * dtype.itemsize != size:
        count = "too many" if elements is None else str(elements)
        raise _malformed(f"{where}: shape {shape} has {count} elements of {dtype.name}, "
                         f"which is not {size} bytes")
    return np.frombuffer(body[start:start + size], dtype).reshape(tuple(shape)).copy()

