"""NCCL for mock GPUs: a stand-in library that does what NCCL's documentation
says each call does, on host memory, through the same pointers nccl.py passes.

A collective returns once every rank of its communicator has made it, and
grouped sends and receives are matched per pair of ranks in order. Ranks meet
on a board: :class:`ThreadBoard` when they are threads of one process (the
GPUs of one process), :class:`DirectoryBoard` when they are processes (a
multi-process client; each process has its own stand-in and the board is a
directory they share, as NCCL's ranks share a network).

Used by jaxlib-gpu's collective tests and by jaxlib-distributed's
multi-process GPU worker.
"""

from __future__ import annotations

import ctypes
import os
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

NCCL_TYPES = {0: np.int8, 1: np.uint8, 2: np.int32, 3: np.uint32, 4: np.int64, 5: np.uint64,
              6: np.float16, 7: np.float32, 8: np.float64, 9: ml_dtypes.bfloat16}
NCCL_OPS = {0: np.add, 1: np.multiply, 2: np.maximum, 3: np.minimum}
_TIMEOUT_S = 30.0


def value_of(argument: Any) -> Any:
    return getattr(argument, "value", argument)


def memory(pointer: Any, count: int, dtype: Any) -> np.ndarray:
    dtype = np.dtype(dtype)
    raw = (ctypes.c_uint8 * (count * dtype.itemsize)).from_address(value_of(pointer))
    return np.ctypeslib.as_array(raw).view(dtype)


class ThreadBoard:
    """Where ranks that are threads of this process meet."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.posted: dict[tuple, dict[int, np.ndarray]] = {}
        self.finished: Counter = Counter()
        self.mail: dict[tuple, bytes] = {}

    def meet(self, key: tuple, rank: int, size: int, value: np.ndarray) -> list[np.ndarray]:
        with self.cond:
            self.posted.setdefault(key, {})[rank] = value
            self.cond.notify_all()
            assert self.cond.wait_for(lambda: len(self.posted[key]) == size, _TIMEOUT_S)
            return [self.posted[key][r] for r in range(size)]

    def done(self, key: tuple, size: int) -> None:
        """Returns once every rank has its result (the collective completes
        for all of them together)."""
        with self.cond:
            self.finished[key] += 1
            self.cond.notify_all()
            assert self.cond.wait_for(lambda: self.finished[key] == size, _TIMEOUT_S)

    def send(self, key: tuple, data: bytes) -> None:
        with self.cond:
            self.mail[key] = data
            self.cond.notify_all()

    def receive(self, key: tuple) -> bytes:
        with self.cond:
            assert self.cond.wait_for(lambda: key in self.mail, _TIMEOUT_S)
            return self.mail.pop(key)


class DirectoryBoard:
    """Where ranks in several processes meet: one file per rank's
    contribution in a directory they share (written whole, then renamed, so
    a reader never sees half of one)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)

    def _name(self, key: tuple) -> str:
        return "-".join(str(part) for part in key)

    def _write(self, path: Path, value: np.ndarray) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as file:
            np.save(file, value, allow_pickle=False)
        os.replace(file.name, path)

    def _wait(self, paths: list[Path]) -> None:
        deadline = time.monotonic() + _TIMEOUT_S
        while not all(p.exists() for p in paths):
            assert time.monotonic() < deadline, f"never arrived: {paths}"
            time.sleep(0.002)

    def meet(self, key: tuple, rank: int, size: int, value: np.ndarray) -> list[np.ndarray]:
        folder = self.path / self._name(key)
        # as bytes: numpy's files keep no extension types (bfloat16); every rank's
        # contribution has this one's type
        self._write(folder / f"{rank}.npy", np.frombuffer(value.tobytes(), np.uint8))
        paths = [folder / f"{r}.npy" for r in range(size)]
        self._wait(paths)
        return [np.load(p, allow_pickle=False).view(value.dtype) for p in paths]

    def done(self, key: tuple, size: int) -> None:
        pass  # every contribution stays in its file

    def send(self, key: tuple, data: bytes) -> None:
        self._write(self.path / f"mail-{self._name(key)}.npy", np.frombuffer(data, np.uint8))

    def receive(self, key: tuple) -> bytes:
        path = self.path / f"mail-{self._name(key)}.npy"
        self._wait([path])
        return np.load(path, allow_pickle=False).tobytes()


class StandInNccl:
    """NCCL's calls as documented, on host memory. ``board``: where the
    ranks meet (a ThreadBoard by default); ``refuse``: ncclCommInitAll fails
    as NCCL does for a group it cannot serve."""

    def __init__(self, refuse: bool = False, board: Any = None) -> None:
        self.board = board or ThreadBoard()
        self.lock = threading.Lock()
        # handle -> (the group's name, its size, this rank)
        self.comms: dict[int, tuple[str, int, int]] = {}
        self.handles = 1000
        self.sequence: Counter = Counter()  # handle -> collectives made so far
        self.pairs: Counter = Counter()
        self.grouped = threading.local()
        self.calls: Counter = Counter()
        self.made_by: set[str] = set()  # the threads that set up communicators
        self.refuse = refuse

    def _new_comm(self, group: str, size: int, rank: int) -> int:
        with self.lock:
            self.handles += 1
            self.comms[self.handles] = (group, size, rank)
            return self.handles

    def ncclGetVersion(self, reference):
        reference._obj.value = 22703
        return 0

    def ncclGetErrorString(self, code):
        return b"ncclInvalidUsage (stand-in)"

    def ncclCommAbort(self, comm):
        self.calls["ncclCommAbort"] += 1
        self.comms.pop(value_of(comm))
        return 0

    def ncclCommInitAll(self, handles, count, devices):
        self.calls["ncclCommInitAll"] += 1
        self.made_by.add(threading.current_thread().name)
        gpus = tuple(devices[:count])
        if self.refuse or len(set(gpus)) != len(gpus):
            return 5  # ncclInvalidUsage: a GPU twice
        # (a group of this process's GPUs: another process's GPUs have the same ordinals)
        group = f"gpus-{os.getpid()}-" + "-".join(map(str, gpus))
        for rank in range(count):
            handles[rank] = self._new_comm(group, count, rank)
        return 0

    def ncclGetUniqueId(self, reference):
        self.calls["ncclGetUniqueId"] += 1
        unique = reference._obj
        ctypes.memmove(ctypes.addressof(unique), os.urandom(ctypes.sizeof(unique)),
                       ctypes.sizeof(unique))
        return 0

    def ncclCommInitRank(self, cell, size, unique, rank):
        self.calls["ncclCommInitRank"] += 1
        self.made_by.add(threading.current_thread().name)
        if self.refuse or not 0 <= rank < size:
            return 5
        cell[0] = self._new_comm("id-" + bytes(unique)[:16].hex(), size, rank)
        return 0

    # collectives: meet every rank, compute this rank's result, finish together
    def _collective(self, name, comm, send, result):
        self.calls[name] += 1
        handle = value_of(comm)
        group, size, rank = self.comms[handle]
        key = (group, self.sequence[handle])
        self.sequence[handle] += 1
        everyone = self.board.meet(key, rank, size, send)
        result(rank, everyone)
        self.board.done(key, size)
        return 0

    def ncclAllReduce(self, send, recv, count, dtype, op, comm, stream):
        values = memory(send, count, NCCL_TYPES[dtype]).copy()

        def result(rank, everyone):
            total = everyone[0]
            for value in everyone[1:]:
                total = NCCL_OPS[op](total, value)
            memory(recv, count, NCCL_TYPES[dtype])[...] = total
        return self._collective("ncclAllReduce", comm, values, result)

    def ncclAllGather(self, send, recv, count, dtype, comm, stream):
        values = memory(send, count, NCCL_TYPES[dtype]).copy()

        def result(rank, everyone):
            memory(recv, count * len(everyone), NCCL_TYPES[dtype])[...] = np.concatenate(
                everyone)
        return self._collective("ncclAllGather", comm, values, result)

    def ncclReduceScatter(self, send, recv, count, dtype, op, comm, stream):
        size = self.comms[value_of(comm)][1]
        values = memory(send, count * size, NCCL_TYPES[dtype]).copy()

        def result(rank, everyone):
            total = everyone[0]
            for value in everyone[1:]:
                total = NCCL_OPS[op](total, value)
            memory(recv, count, NCCL_TYPES[dtype])[...] = total[rank * count:(rank + 1) * count]
        return self._collective("ncclReduceScatter", comm, values, result)

    def ncclBroadcast(self, send, recv, count, dtype, root, comm, stream):
        rank = self.comms[value_of(comm)][2]
        values = memory(send, count if rank == root else 0, NCCL_TYPES[dtype]).copy()

        def result(rank, everyone):
            memory(recv, count, NCCL_TYPES[dtype])[...] = everyone[root]
        return self._collective("ncclBroadcast", comm, values, result)

    # point to point: only inside a group here (as nccl.py makes them)
    def ncclGroupStart(self):
        self.grouped.calls = []
        return 0

    def ncclSend(self, send, count, dtype, peer, comm, stream):
        self.calls["ncclSend"] += 1
        self.grouped.calls.append(("send", memory(send, count, NCCL_TYPES[dtype]).tobytes(),
                                   peer, comm))
        return 0

    def ncclRecv(self, recv, count, dtype, peer, comm, stream):
        self.calls["ncclRecv"] += 1
        self.grouped.calls.append(("recv", memory(recv, count, NCCL_TYPES[dtype]), peer, comm))
        return 0

    def ncclGroupEnd(self):
        calls, self.grouped.calls = self.grouped.calls, None
        receives = []
        for kind, data, peer, comm in calls or ():
            group, _, rank = self.comms[value_of(comm)]
            src, dst = (rank, peer) if kind == "send" else (peer, rank)
            with self.lock:
                pair = (group, src, dst, kind)
                key = (group, src, dst, self.pairs[pair])
                self.pairs[pair] += 1
            if kind == "send":
                self.board.send(key, data)
            else:
                receives.append((key, data))
        for key, target in receives:
            data = self.board.receive(key)
            assert len(data) == target.nbytes, "send and receive sizes differ"
            target[...] = np.frombuffer(data, target.dtype)
        return 0
