"""NCCL: collectives between GPUs, on their streams.

XLA's GPU backend runs collectives through NCCL. Here, when the replicas of a
program run on several GPUs (one thread per GPU, collectives.py), each group
of GPUs that meets in a collective gets NCCL communicators, one per GPU, made
together by ``ncclCommInitAll`` the first time the group meets and kept for
the process's lifetime. A group whose GPUs belong to several processes (a
multi-process client) gets them from ``ncclCommInitRank``: one process of the
group makes the group's ``ncclUniqueId`` and the processes share it through
the client's cross-process collectives (Gloo or MPI), before the program runs.
Each replica then queues its part of the collective on its own stream
(``ncclAllReduce``, ``ncclAllGather``, ``ncclReduceScatter``, ``ncclBroadcast``,
and ``ncclSend``/``ncclRecv`` in a group for all-to-all and permutations):
nothing goes through host memory.

The library is NVIDIA's wheel's libnccl (nvidia-nccl-cu12 / -cu13, which jax's
CUDA plugin depends on), one already loaded (CuPy's), or the system's.
Without one (or with ``JAXLIB_GPU_NCCL=0``), collectives exchange device
arrays between the replicas' threads instead (collectives.py), which also
stays on the devices. ``status()`` says which.
"""

from __future__ import annotations

import ctypes
import dataclasses
import os
import threading
from collections.abc import Callable, Sequence
from typing import Any

import ml_dtypes
import numpy as np

# ncclDataType_t
_DATA_TYPES = {np.dtype(np.int8): 0, np.dtype(np.uint8): 1, np.dtype(np.int32): 2,
               np.dtype(np.uint32): 3, np.dtype(np.int64): 4, np.dtype(np.uint64): 5,
               np.dtype(np.float16): 6, np.dtype(np.float32): 7, np.dtype(np.float64): 8,
               np.dtype(ml_dtypes.bfloat16): 9}
BYTES = 1  # ncclUint8: what moves data of any type without arithmetic

# ncclRedOp_t
SUM, PROD, MAX, MIN = 0, 1, 2, 3

# "communicators": GPUs of this process (CUDA ordinals) -> their communicators, or False
# where NCCL refused the group; "across": a group spanning processes (global device
# ids) -> _Across, False where the processes chose host copies, or why it was aborted.
_state: dict[str, Any] = {"library": None, "status": "not used yet", "communicators": {},
                          "across": {}}
_lock = threading.Lock()


class NcclError(RuntimeError):
    pass


_UNIQUE_ID_BYTES = 128  # NCCL_UNIQUE_ID_BYTES


class UniqueId(ctypes.Structure):
    """ncclUniqueId: what every rank of a new communicator is given."""

    _fields_ = [("internal", ctypes.c_char * _UNIQUE_ID_BYTES)]


def enabled() -> bool:
    return os.environ.get("JAXLIB_GPU_NCCL", "1") not in ("0", "")


def status() -> str:
    """'nccl' once collectives have gone through NCCL, 'not used yet', or why
    they exchange device arrays between threads instead."""
    return _state["status"]


def data_type(dtype: np.dtype) -> int | None:
    """NCCL's code for arithmetic on ``dtype`` (None: NCCL cannot reduce it)."""
    return _DATA_TYPES.get(np.dtype(dtype))


# --- the library ----------------------------------------------------------------------

def _candidates() -> list[str]:
    from jaxlib.gpu_runtime.nvrtc import wheel_files

    # RCCL implements NCCL's API on ROCm
    return wheel_files("nccl/lib/libnccl.so*", "cu13/lib/libnccl.so*",
                       "cu12/lib/libnccl.so*") + ["libnccl.so.2", "libnccl.so", "librccl.so.1",
                                                  "librccl.so"]


def _find_library() -> Any:
    from jaxlib.gpu_runtime.cublas import find_library

    library = find_library(["libnccl", "librccl"], _candidates(),
                           "no libnccl or librccl (pip install nvidia-nccl-cu12 or -cu13)")
    _declare(library)
    return library


def _declare(lib: Any) -> None:
    vp, i32, size = ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t
    signatures = {
        "ncclGetVersion": [ctypes.POINTER(i32)],
        "ncclCommInitAll": [ctypes.POINTER(vp), i32, ctypes.POINTER(i32)],
        "ncclGetUniqueId": [ctypes.POINTER(UniqueId)],
        "ncclCommInitRank": [ctypes.POINTER(vp), i32, UniqueId, i32],
        "ncclCommAbort": [vp],
        "ncclAllReduce": [vp, vp, size, i32, i32, vp, vp],
        "ncclAllGather": [vp, vp, size, i32, vp, vp],
        "ncclReduceScatter": [vp, vp, size, i32, i32, vp, vp],
        "ncclBroadcast": [vp, vp, size, i32, i32, vp, vp],
        "ncclSend": [vp, size, i32, i32, vp, vp],
        "ncclRecv": [vp, size, i32, i32, vp, vp],
        "ncclGroupStart": [],
        "ncclGroupEnd": [],
    }
    for name, argtypes in signatures.items():
        function = getattr(lib, name)  # AttributeError: an NCCL older than 2.7
        function.argtypes = argtypes
        function.restype = ctypes.c_int
    lib.ncclGetErrorString.argtypes = [i32]
    lib.ncclGetErrorString.restype = ctypes.c_char_p


def library() -> Any | None:
    """The loaded library (declared), or None when there is none or NCCL is
    off; ``status()`` then says why."""
    if not enabled():
        _state["status"] = "off (JAXLIB_GPU_NCCL=0)"
        return None
    if _state["library"] is None:
        if _state["status"] not in ("not used yet", "nccl"):
            return None  # failed before
        try:
            _state["library"] = _find_library()
        except Exception as err:
            _state["status"] = f"device arrays between threads ({type(err).__name__}: {err})"[
                :300]
            return None
    return _state["library"]


def has_library() -> bool:
    """Whether a library is loaded already (on mock GPUs: a stand-in's)."""
    return _state["library"] is not None


def version() -> int | None:
    """NCCL's version code (e.g. 22703 for 2.27.3), None without a library."""
    lib = library()
    if lib is None:
        return None
    code = ctypes.c_int()
    _check(lib, lib.ncclGetVersion(ctypes.byref(code)), "ncclGetVersion")
    return code.value


def _check(lib: Any, code: int, what: str) -> None:
    if code != 0:
        try:
            name = lib.ncclGetErrorString(code)
            name = name.decode() if isinstance(name, bytes) else str(name)
        except Exception:
            name = ""
        raise NcclError(f"{what} failed with ncclResult {code} {name}".strip())


# --- communicators --------------------------------------------------------------------

def communicators(devices: Sequence[int]) -> list[Any] | None:
    """One communicator per GPU of ``devices`` (CUDA ordinals, in rank order),
    made together the first time this group asks; None without NCCL or when
    NCCL refused this group (``status()`` says why)."""
    key = tuple(int(d) for d in devices)
    # Found without the lock: a replica must never wait for the lock while another
    # thread sets up a new group (ncclCommInitAll may wait for this GPU's kernels).
    found = _state["communicators"].get(key)
    if found:
        return found
    with _lock:
        found = _state["communicators"].get(key)
        if found:
            return found
        lib = library()
        if lib is None:
            return None
        if found is False:
            return None  # refused before
        handles = (ctypes.c_void_p * len(key))()
        try:
            _check(lib, lib.ncclCommInitAll(handles, len(key), (ctypes.c_int * len(key))(*key)),
                   f"ncclCommInitAll over GPUs {list(key)}")
        except NcclError as err:  # this group exchanges device arrays instead
            _state["communicators"][key] = False
            _state["status"] = f"device arrays between threads for GPUs {list(key)} ({err})"[
                :300]
            return None
        comms = [ctypes.c_void_p(h) for h in handles]
        _state["communicators"][key] = comms
        _state["status"] = "nccl"
        return comms


def abort(devices: Sequence[int]) -> None:
    """Aborts every communicator over any of ``devices`` (NCCL ends their
    unfinished operations: a replica that failed leaves its peers' kernels
    waiting for it on the GPUs) and forgets them; the next execution sets up
    again those within this process. Call it only once no thread will queue
    on them any more."""
    gone = {int(d) for d in devices}
    with _lock:
        lib = _state["library"]
        for key, comms in list(_state["communicators"].items()):
            if gone & set(key):
                del _state["communicators"][key]
                for comm in comms or ():
                    lib.ncclCommAbort(comm)
        # A group spanning processes cannot be set up again by this process alone:
        # its later collectives fail, naming why, instead of waiting for peers.
        for key, entry in list(_state["across"].items()):
            if entry and not isinstance(entry, str) and gone & entry.ordinals:
                for comm in entry.comms.values():
                    lib.ncclCommAbort(comm)
                _state["across"][key] = (
                    f"the NCCL communicator over devices {list(key)} was aborted after a "
                    "failed execution; it spans processes, so restart them to use it again")


@dataclasses.dataclass
class _Across:
    comms: dict[int, Any]  # rank -> communicator, for this process's ranks
    ordinals: frozenset[int]  # their CUDA ordinals


def communicators_across(key: Sequence[int], ranks: Sequence[tuple[int, int]], willing: bool,
                         share: Callable[[bytes], list[bytes]],
                         on_device: Callable[[int], Any]) -> None:
    """Sets up this process's communicators of a group of devices that spans
    processes: ``key`` is the group's global device ids in rank order,
    ``ranks`` this process's members as (rank, CUDA ordinal), ``willing``
    whether this process may use NCCL, ``share(payload)`` every process of the
    group's payload in process order (the client's cross-process collectives),
    ``on_device(ordinal)`` a context making that GPU current.

    Every process of the group calls this for the same groups in the same
    order (before a program's first run). The processes agree: the group
    meets in NCCL in every process or in none (host copies then), so a
    process without NCCL never leaves its peers waiting in it."""
    key = tuple(int(k) for k in key)
    with _lock:
        if key in _state["across"]:
            return
        lib = library() if willing else None
        offer = b""
        if lib is not None:
            offer = b"n"
            if any(rank == 0 for rank, _ in ranks):
                unique = UniqueId()
                try:
                    _check(lib, lib.ncclGetUniqueId(ctypes.byref(unique)), "ncclGetUniqueId")
                    offer += bytes(unique)
                except NcclError as err:
                    _state["status"] = f"host copies between processes ({err})"[:300]
                    offer = b""
        offers = share(offer)
        ids = [o[1:] for o in offers if len(o) > 1]
        if not all(offers) or len(ids) != 1 or len(ids[0]) != _UNIQUE_ID_BYTES:
            _state["across"][key] = False
            if lib is not None:
                why = "a process of the group has no NCCL" if not all(offers) else (
                    f"{len(ids)} unique ids offered")
                _state["status"] = f"host copies between processes for devices {list(key)} " \
                                   f"({why})"
            return
        unique = UniqueId.from_buffer_copy(ids[0])
        cells = [(ctypes.c_void_p * 1)() for _ in ranks]
        error: NcclError | None = None
        try:
            _check(lib, lib.ncclGroupStart(), "ncclGroupStart")
            try:  # several GPUs of this process: their ranks join together
                for cell, (rank, ordinal) in zip(cells, ranks):
                    with on_device(ordinal):
                        _check(lib, lib.ncclCommInitRank(cell, len(key), unique, rank),
                               f"ncclCommInitRank (rank {rank} of devices {list(key)})")
            finally:
                _check(lib, lib.ncclGroupEnd(), "ncclGroupEnd")
        except NcclError as err:
            error = err
        verdicts = share(b"" if error else b"ok")
        if error is None and all(verdicts):
            _state["across"][key] = _Across(
                {rank: ctypes.c_void_p(cell[0]) for cell, (rank, _) in zip(cells, ranks)},
                frozenset(ordinal for _, ordinal in ranks))
            _state["status"] = "nccl"
            return
        for cell in cells:
            if cell[0]:
                lib.ncclCommAbort(ctypes.c_void_p(cell[0]))
        _state["across"][key] = False
        _state["status"] = (f"host copies between processes for devices {list(key)} "
                            f"({error or 'another process could not set up NCCL'})")[:300]


def across_communicator(key: Sequence[int], rank: int) -> Any | None:
    """Rank ``rank``'s communicator of the group of devices ``key`` (global
    ids) spanning processes; None where the processes chose host copies."""
    entry = _state["across"].get(tuple(int(k) for k in key))
    if isinstance(entry, str):
        raise NcclError(entry)
    return entry.comms[rank] if entry else None


class Link:
    """One GPU's end of a group's communicator: rank ``rank`` of ``size``,
    queueing on the stream ``stream`` (a pointer; 0 for mock GPUs)."""

    def __init__(self, comm: Any, rank: int, size: int, stream: int):
        self.lib = _state["library"]
        self.comm, self.rank, self.size = comm, rank, size
        self.stream = ctypes.c_void_p(stream)

    def _call(self, name: str, *args: Any) -> None:
        _check(self.lib, getattr(self.lib, name)(*args), name)

    def all_reduce(self, x: Any, y: Any, count: int, dtype: int, op: int) -> None:
        self._call("ncclAllReduce", _ptr(x), _ptr(y), count, dtype, op, self.comm, self.stream)

    def all_gather(self, x: Any, y: Any, count: int, dtype: int) -> None:
        """y holds every rank's ``count`` elements of x, in rank order."""
        self._call("ncclAllGather", _ptr(x), _ptr(y), count, dtype, self.comm, self.stream)

    def reduce_scatter(self, x: Any, y: Any, count: int, dtype: int, op: int) -> None:
        """y = block ``rank`` (``count`` elements) of the ranks' reduced x."""
        self._call("ncclReduceScatter", _ptr(x), _ptr(y), count, dtype, op, self.comm,
                   self.stream)

    def broadcast(self, x: Any, y: Any, count: int, dtype: int, root: int) -> None:
        self._call("ncclBroadcast", _ptr(x), _ptr(y), count, dtype, root, self.comm,
                   self.stream)

    def send_and_receive(self, sends: Sequence[tuple[Any, int]],
                         receives: Sequence[tuple[Any, int]]) -> None:
        """Point-to-point transfers of whole contiguous arrays as bytes, all in
        one NCCL group (so the pairs cannot deadlock): ``sends`` are
        (array, peer rank), ``receives`` (array to fill, peer rank)."""
        lib = self.lib
        _check(lib, lib.ncclGroupStart(), "ncclGroupStart")
        try:
            for array, peer in sends:
                self._call("ncclSend", _ptr(array), array.nbytes, BYTES, peer, self.comm,
                           self.stream)
            for array, peer in receives:
                self._call("ncclRecv", _ptr(array), array.nbytes, BYTES, peer, self.comm,
                           self.stream)
        except BaseException:
            lib.ncclGroupEnd()  # the group closed; the first failure is the one reported
            raise
        _check(lib, lib.ncclGroupEnd(), "ncclGroupEnd")


def _ptr(array: Any) -> ctypes.c_void_p:
    """A device array's address (a host array's on mock GPUs)."""
    data = array.data
    pointer = getattr(data, "ptr", None)
    return ctypes.c_void_p(pointer if pointer is not None else array.ctypes.data)
