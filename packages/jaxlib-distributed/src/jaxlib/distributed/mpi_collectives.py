"""Cross-process CPU collectives over MPI (mpi4py, e.g. on OpenMPI).

``make_mpi_collectives()`` gives an ``MpiCollectives`` for the processes that
``mpirun`` started: a process's id is its rank in ``MPI.COMM_WORLD`` (so a
multi-process client's ``node_id`` must equal it). ``communicator(process_ids)``
is an MPI sub-communicator of those processes, ranked in the order of the
list, with the same collectives over numpy arrays as ``GlooCommunicator``.

mpi4py is an optional dependency (the ``mpi`` extra), imported on first use:
importing it initializes MPI. Before each collective the participants exchange
a short description of the call, as with Gloo, so that a mismatched call is an
``INVALID_ARGUMENT`` error on every participant rather than garbage or a hang.
MPI has no timeouts: a peer that dies is handled by the MPI runtime (mpirun
ends the job); an MPI error is ``INTERNAL`` and leaves the communicator failed.
"""

from __future__ import annotations

import functools
import threading
import zlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument
from jaxlib.distributed.call_agreement import (
    check_agreement,
    describe_call,
    gather_bytes,
)
from jaxlib.distributed.gloo_collectives import _process_ids, _reduction

INSTALL_HINT = ("install mpi4py over an MPI library: pip install 'jaxlib-distributed[mpi]' "
                "(Debian/Ubuntu first: apt-get install libopenmpi-dev openmpi-bin), then "
                "start the processes with mpirun")
# numpy kinds MPI reduces natively (by mpi4py's type map); float16 and bool
# are handled below, anything else (strings, objects, datetimes) is refused.
_NATIVE_KINDS = "iufc"
_NUMPY_REDUCTIONS = {"sum": np.add, "prod": np.multiply, "min": np.minimum, "max": np.maximum}


def _load_mpi() -> Any:
    try:
        from mpi4py import MPI
    except ImportError as err:
        raise XlaRuntimeError(
            f"UNIMPLEMENTED: MPI collectives are unavailable ({err}); {INSTALL_HINT}"
        ) from err
    return MPI


class MpiCommunicator:
    """Collectives among a fixed list of processes, over one MPI communicator."""

    def __init__(self, mpi: Any, comm: Any, process_ids: tuple[int, ...]):
        self._mpi = mpi
        self._comm = comm
        self._process_ids = process_ids
        self._failure: XlaRuntimeError | None = None
        self._lock = threading.Lock()  # one collective at a time, in the same order everywhere

    @property
    def process_ids(self) -> tuple[int, ...]:
        return self._process_ids

    @property
    def rank(self) -> int:
        return self._comm.Get_rank()

    @property
    def size(self) -> int:
        return self._comm.Get_size()

    # ---------------------------------------------------------- collectives

    def all_reduce(self, x: Any, op: str = "sum") -> np.ndarray:
        """The element-wise reduction of every process's ``x``."""
        x, op = self._reducible(x, op)
        return self._run("all_reduce", x, lambda: self._reduce(x, op), op=op)

    def all_gather(self, x: Any) -> np.ndarray:
        """Every process's ``x`` stacked along a new leading axis (in rank order)."""
        x = self._input(x)
        return self._run("all_gather", x, lambda: self._gather(x))

    def all_gather_bytes(self, payload: bytes) -> list[bytes]:
        """Every process's ``payload`` (of any length), in rank order, in two
        round trips (call_agreement.gather_bytes, which agrees on the call)."""
        if not isinstance(payload, (bytes, bytearray, memoryview)):
            raise invalid_argument(f"all_gather_bytes takes bytes, got {type(payload).__name__}")
        return self._run("all_gather_bytes", None, lambda: gather_bytes(
            "an MPI", self._process_ids, bytes(payload), self._gather), agree=False)

    def reduce_scatter(self, x: Any, op: str = "sum") -> np.ndarray:
        """Rank r's block (of ``size`` along axis 0) of the reduction of every ``x``."""
        x, op = self._reducible(x, op)
        blocks = self._blocks("reduce_scatter", x)

        def scatter() -> np.ndarray:
            if self._native(x):
                out = np.empty((blocks, *x.shape[1:]), x.dtype)
                self._comm.Reduce_scatter_block(x, out, self._mpi_op(op))
                return out
            return self._reduce(x, op)[self.rank * blocks:(self.rank + 1) * blocks].copy()

        return self._run("reduce_scatter", x, scatter, op=op)

    def all_to_all(self, x: Any) -> np.ndarray:
        """Sends block j (of ``size`` along axis 0) to rank j; block j of the
        result came from rank j."""
        x = self._input(x)
        self._blocks("all_to_all", x)

        def exchange() -> np.ndarray:
            out = np.empty_like(x)
            self._comm.Alltoall(self._bytes(x), self._bytes(out))
            return out

        return self._run("all_to_all", x, exchange)

    def broadcast(self, x: Any, root: int = 0) -> np.ndarray:
        """Rank ``root``'s ``x`` on every process (the others pass an array of
        the same dtype and shape, whose values are ignored)."""
        x = self._input(x)
        if isinstance(root, bool) or not isinstance(root, (int, np.integer)) or not (
                0 <= root < self.size):
            raise invalid_argument(f"broadcast root must be a rank in [0, {self.size}), "
                                   f"got {root!r}")

        def send() -> np.ndarray:
            out = x.copy()
            self._comm.Bcast(self._bytes(out), root=int(root))
            return out

        return self._run("broadcast", x, send, root=int(root))

    def barrier(self) -> None:
        """Returns once every process of this communicator has reached it."""
        self._run("barrier", None, self._comm.Barrier)

    # ---------------------------------------------------------- data movement

    def _bytes(self, x: np.ndarray) -> list[Any]:
        # Moving data needs no MPI type: bytes carry every dtype (float16 too).
        return [x, self._mpi.BYTE]

    def _gather(self, x: np.ndarray) -> np.ndarray:
        out = np.empty((self.size, *x.shape), x.dtype)
        self._comm.Allgather(self._bytes(x), self._bytes(out))
        return out

    def _native(self, x: np.ndarray) -> bool:
        return x.dtype.kind in _NATIVE_KINDS and x.dtype != np.float16

    def _mpi_op(self, op: str, boolean: bool = False) -> Any:
        mpi = self._mpi
        if boolean:  # XLA's bool reductions: sum and max are or, prod and min are and
            return mpi.LOR if op in ("sum", "max") else mpi.LAND
        return {"sum": mpi.SUM, "prod": mpi.PROD, "min": mpi.MIN, "max": mpi.MAX}[op]

    def _reduce(self, x: np.ndarray, op: str) -> np.ndarray:
        out = np.empty_like(x)
        if self._native(x):
            self._comm.Allreduce(x, out, self._mpi_op(op))
        elif x.dtype == np.bool_:
            self._comm.Allreduce([x, self._mpi.C_BOOL], [out, self._mpi.C_BOOL],
                                 self._mpi_op(op, boolean=True))
        else:
            # MPI has no float16 type: gather, then reduce in rank order (the
            # same order everywhere, so every process gets the same bits).
            rows = self._gather(x)
            out[...] = functools.reduce(_NUMPY_REDUCTIONS[op], rows)
        return out

    # -------------------------------------------------------------- helpers

    def _input(self, x: Any) -> np.ndarray:
        try:
            x = np.asarray(x, order="C")  # keeps 0-d arrays 0-d
        except Exception as err:
            raise invalid_argument(f"collectives take numpy arrays, got {type(x).__name__}"
                                   ) from err
        if x.dtype.kind not in "biufc":
            raise invalid_argument(f"MPI collectives do not support dtype {x.dtype}")
        return x

    def _reducible(self, x: Any, op: Any) -> tuple[np.ndarray, str]:
        x, op = self._input(x), _reduction(op)
        if x.dtype.kind == "c" and op in ("min", "max"):
            raise invalid_argument("min and max are not defined for complex numbers")
        return x, op

    def _blocks(self, what: str, x: np.ndarray) -> int:
        if x.ndim == 0 or x.shape[0] % self.size:
            raise invalid_argument(
                f"{what} needs axis 0 divisible by the {self.size} processes, "
                f"got shape {x.shape}")
        return x.shape[0] // self.size

    def _run(self, what: str, x: np.ndarray | None, collective: Callable[[], Any],
             agree: bool = True, **details: Any) -> Any:
        with self._lock:
            if self._failure is not None:
                raise XlaRuntimeError(
                    f"FAILED_PRECONDITION: this MPI communicator among processes "
                    f"{list(self._process_ids)} failed earlier: {self._failure}")
            try:
                if agree:
                    self._agree(what, x, details)
                return collective()
            except self._mpi.Exception as err:
                self._failure = XlaRuntimeError(f"INTERNAL: MPI {what} failed: {err}")
                raise self._failure from None

    def _agree(self, what: str, x: np.ndarray | None, details: dict[str, Any]) -> None:
        """Makes every participant check that all of them make the same call."""
        description = describe_call(what, x, details)
        gathered = self._gather(description)
        check_agreement("an MPI", self._process_ids, gathered)


class MpiCollectives:
    """MPI collectives among the processes of ``MPI.COMM_WORLD``."""

    def __init__(self) -> None:
        self._mpi = _load_mpi()
        self._world = self._mpi.COMM_WORLD
        self._communicators: dict[tuple[int, ...], MpiCommunicator] = {}
        self._lock = threading.Lock()

    @property
    def process_id(self) -> int:
        """This process's rank in ``MPI.COMM_WORLD``."""
        return self._world.Get_rank()

    @property
    def num_processes(self) -> int:
        return self._world.Get_size()

    def communicator(self, process_ids: Sequence[int]) -> MpiCommunicator:
        """The communicator among ``process_ids`` (world ranks, this process
        among them), created on first use; every listed process must ask for it."""
        ids = _process_ids(process_ids, self.process_id)
        outside = [i for i in ids if i >= self.num_processes]
        if outside:
            raise invalid_argument(
                f"process_ids {outside} are not MPI ranks: this job has "
                f"{self.num_processes} processes")
        with self._lock:
            communicator = self._communicators.get(ids)
            if communicator is None:
                communicator = self._create(ids)
                self._communicators[ids] = communicator
            return communicator

    def _create(self, ids: tuple[int, ...]) -> MpiCommunicator:
        group = self._world.Get_group().Incl(list(ids))
        # Collective over the group's members only (MPI-3), so processes outside
        # it need not take part; the tag keeps concurrent creations apart.
        tag = zlib.crc32(repr(ids).encode()) % 32768
        try:
            comm = self._world.Create_group(group, tag)
        except self._mpi.Exception as err:
            raise XlaRuntimeError(
                f"INTERNAL: creating the MPI communicator among {list(ids)} failed: {err}"
            ) from None
        finally:
            group.Free()
        return MpiCommunicator(self._mpi, comm, ids)


def make_mpi_collectives() -> MpiCollectives:
    """MPI collectives for the processes of this ``mpirun`` job (needs mpi4py)."""
    return MpiCollectives()
