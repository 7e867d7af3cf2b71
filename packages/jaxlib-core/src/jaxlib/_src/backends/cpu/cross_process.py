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

from jaxlib._src.backends.cpu.replica_context import Rendezvous
from jaxlib._src.runtime.errors import XlaRuntimeError

_LENGTH = struct.Struct("<Q")


class CrossProcessRendezvous(Rendezvous):
    """Meets the replicas of one execution across processes.

    ``participant_processes[i]`` is the process running participant ``i``
    (the flat replica index, which is the device's position in the
    executable's device list).
    """

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
        lengths = communicator.all_gather(np.asarray(len(payload), np.int64))
        padded = np.zeros(int(lengths.max()), np.uint8)
        padded[:len(payload)] = np.frombuffer(payload, np.uint8)
        rows = communicator.all_gather(padded)
        merged: dict[int, Any] = {}
        for process, row, length in zip(self._processes, rows, lengths):
            tag, values = decode_contributions(bytes(row[:int(length)]))
            if tag != (self._execution, number):
                raise XlaRuntimeError(
                    f"INTERNAL: cross-process collectives out of step: process {process} "
                    f"sent (execution, exchange) {tag}, this process expected "
                    f"{(self._execution, number)}; every process must run the same "
                    "executables in the same order")
            merged.update(values)
        return merged


# -- the wire format: a JSON header, then the arrays' bytes ------------------------------


def _arrays_of(value: Any) -> tuple[str, list[np.ndarray]]:
    # order="C" keeps 0-d values 0-d (np.ascontiguousarray would make them 1-d).
    if isinstance(value, tuple):
        return "tuple", [np.asarray(v, order="C") for v in value]
    return "array", [np.asarray(value, order="C")]


def _dtype_named(name: str) -> np.dtype:
    try:
        return np.dtype(name)
    except TypeError:
        import ml_dtypes  # bfloat16, float8 types: numpy knows them by ml_dtypes

        return np.dtype(getattr(ml_dtypes, name))


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


def decode_contributions(data: bytes) -> tuple[tuple[int, int], dict[int, Any]]:
    (length,) = _LENGTH.unpack_from(data)
    header = json.loads(data[_LENGTH.size:_LENGTH.size + length])
    body = memoryview(data)[_LENGTH.size + length:]
    values: dict[int, Any] = {}
    for participant, kind, specs in header["values"]:
        arrays = [
            np.frombuffer(body[start:start + size], _dtype_named(dtype))
            .reshape(tuple(shape)).copy()
            for dtype, shape, start, size in specs
        ]
        values[int(participant)] = tuple(arrays) if kind == "tuple" else arrays[0]
    return tuple(header["tag"]), values

