"""Cross-process CPU collectives over the real Gloo library (TCP transport).

``make_gloo_tcp_collectives(client)`` gives a ``GlooCollectives``;
``collectives.communicator(process_ids)`` connects those processes (in that
order: a process's rank is its position) in a Gloo full mesh, meeting through
the coordination service's key-value store, and runs collectives over numpy
arrays. Every participant must make the same calls in the same order, as with
any collective library.

Before each collective the participants exchange a short description of the
call (collective, dtype, shape, reduction, root), so that a mismatch is an
``INVALID_ARGUMENT`` error on every participant rather than garbage or a hang.
A peer that dies makes the others fail (``UNAVAILABLE``) instead of hanging;
a peer that stalls makes them fail after ``timeout_s`` (``DEADLINE_EXCEEDED``).
A communicator that failed stays failed.
"""

from __future__ import annotations

import itertools
import re
import threading
import weakref
from collections.abc import Sequence
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument
from jaxlib.distributed.call_agreement import (
    DESCRIPTION_BYTES,
    check_agreement,
    describe_call,
    gather_bytes,
)

DEFAULT_TIMEOUT_S = 30.0
REDUCTIONS = ("sum", "prod", "min", "max")
_INSTALL_HINT = ("install the Gloo library (Debian/Ubuntu: apt-get install libgloo-dev), "
                 "then reinstall jaxlib-distributed so that its extension is built")


def _load_extension() -> Any:
    try:
        from jaxlib.distributed import _gloo
    except ImportError as err:
        raise XlaRuntimeError(
            f"UNIMPLEMENTED: Gloo TCP collectives are unavailable ({err}); {_INSTALL_HINT}"
        ) from err
    return _gloo


# Rendezvous keys must differ between GlooCollectives objects of one client;
# every process numbers its objects in creation order, like its collectives.
_instances_per_client: weakref.WeakKeyDictionary[Any, itertools.count] = (
    weakref.WeakKeyDictionary())
_instances_lock = threading.Lock()


class GlooCommunicator:
    """Collectives among a fixed list of processes, over one Gloo context."""

    def __init__(self, context: Any, process_ids: tuple[int, ...], timeout_s: float):
        self._context = context
        self._process_ids = process_ids
        self._timeout_s = timeout_s
        self._failure: XlaRuntimeError | None = None
        self._lock = threading.Lock()  # one collective at a time, as Gloo requires

    @property
    def process_ids(self) -> tuple[int, ...]:
        return self._process_ids

    @property
    def rank(self) -> int:
        return self._context.rank

    @property
    def size(self) -> int:
        return self._context.size

    # ---------------------------------------------------------- collectives

    def all_reduce(self, x: Any, op: str = "sum") -> np.ndarray:
        """The element-wise reduction of every process's ``x``."""
        x = self._input(x)
        op = _reduction(op)
        out = x.copy()
        self._run("all_reduce", x, lambda: self._context.all_reduce(out, op), op=op)
        return out

    def all_gather(self, x: Any) -> np.ndarray:
        """Every process's ``x`` stacked along a new leading axis (in rank order)."""
        x = self._input(x)
        out = np.empty((self.size, *x.shape), x.dtype)
        self._run("all_gather", x, lambda: self._context.all_gather(x, out))
        return out

    def all_gather_bytes(self, payload: bytes) -> list[bytes]:
        """Every process's ``payload`` (of any length), in rank order: two
        round trips, the call's agreement carrying the lengths, then the
        payloads padded to the longest (a cross-process exchange of a
        program's collective: each round trip is latency)."""
        if not isinstance(payload, (bytes, bytearray, memoryview)):
            raise invalid_argument(f"all_gather_bytes takes bytes, got {type(payload).__name__}")

        def gather(x: np.ndarray) -> np.ndarray:
            out = np.empty((self.size, x.size), np.uint8)
            self._context.all_gather(x, out)
            return out

        # (gather_bytes agrees on the call itself, with the lengths)
        return self._run("all_gather_bytes", None, lambda: gather_bytes(
            "a Gloo", self._process_ids, bytes(payload), gather), agree=False)

    def reduce_scatter(self, x: Any, op: str = "sum") -> np.ndarray:
        """Rank r's block (of ``size`` along axis 0) of the reduction of every ``x``.

        Runs as a Gloo all_reduce followed by taking the block: simple and
        exact, at the cost of the full reduction's traffic.
        """
        x = self._input(x)
        op = _reduction(op)
        blocks = self._blocks("reduce_scatter", x)
        out = x.copy()
        self._run("reduce_scatter", x, lambda: self._context.all_reduce(out, op), op=op)
        return out[self.rank * blocks:(self.rank + 1) * blocks].copy()

    def all_to_all(self, x: Any) -> np.ndarray:
        """Sends block j (of ``size`` along axis 0) to rank j; block j of the
        result came from rank j."""
        x = self._input(x)
        self._blocks("all_to_all", x)
        out = np.empty_like(x)
        self._run("all_to_all", x, lambda: self._context.all_to_all(x, out))
        return out

    def broadcast(self, x: Any, root: int = 0) -> np.ndarray:
        """Rank ``root``'s ``x`` on every process (the others pass an array of
        the same dtype and shape, whose values are ignored)."""
        x = self._input(x)
        if isinstance(root, bool) or not isinstance(root, (int, np.integer)) or not (
                0 <= root < self.size):
            raise invalid_argument(f"broadcast root must be a rank in [0, {self.size}), "
                                   f"got {root!r}")
        out = x.copy()
        self._run("broadcast", x, lambda: self._context.broadcast(out, int(root)),
                  root=int(root))
        return out

    def barrier(self) -> None:
        """Returns once every process of this communicator has reached it."""
        self._run("barrier", None, self._context.barrier)

    # -------------------------------------------------------------- helpers

    def _input(self, x: Any) -> np.ndarray:
        try:
            return np.asarray(x, order="C")  # keeps 0-d arrays 0-d
        except Exception as err:
            raise invalid_argument(f"collectives take numpy arrays, got {type(x).__name__}"
                                   ) from err

    def _blocks(self, what: str, x: np.ndarray) -> int:
        if x.ndim == 0 or x.shape[0] % self.size:
            raise invalid_argument(
                f"{what} needs axis 0 divisible by the {self.size} processes, "
                f"got shape {x.shape}")
        return x.shape[0] // self.size

    def _run(self, what: str, x: np.ndarray | None, collective, agree: bool = True,
             **details: Any) -> Any:
        with self._lock:
            if self._failure is not None:
                raise XlaRuntimeError(
                    f"FAILED_PRECONDITION: this Gloo communicator among processes "
                    f"{list(self._process_ids)} failed earlier: {self._failure}")
            try:
                if agree:
                    self._agree(what, x, details)
                return collective()
            except XlaRuntimeError as err:
                if not str(err).startswith("INVALID_ARGUMENT"):
                    self._failure = err
                raise
            except ValueError as err:
                # The extension refused the (agreed) arguments before moving data.
                raise invalid_argument(str(err)) from None
            except RuntimeError as err:
                self._failure = XlaRuntimeError(_with_code(str(err)))
                raise self._failure from None

    def _agree(self, what: str, x: np.ndarray | None, details: dict[str, Any]) -> None:
        """Makes every participant check that all of them make the same call."""
        description = describe_call(what, x, details)
        gathered = np.empty((self.size, DESCRIPTION_BYTES), np.uint8)
        try:
            self._context.all_gather(description, gathered)
        except RuntimeError as err:
            # Name the collective the caller asked for, not the agreement step.
            message = _with_code(str(err)).replace("Gloo all_gather", f"Gloo {what}", 1)
            raise XlaRuntimeError(message) from None
        check_agreement("a Gloo", self._process_ids, gathered)


class GlooCollectives:
    """Gloo TCP collectives for the processes of one coordination cluster."""

    def __init__(self, distributed_client: Any, hostname: str | None = None,
                 interface: str | None = None, timeout_s: float = DEFAULT_TIMEOUT_S):
        for method in ("key_value_set_bytes", "blocking_key_value_get_bytes"):
            if not callable(getattr(distributed_client, method, None)):
                raise invalid_argument(
                    "make_gloo_tcp_collectives needs a DistributedRuntimeClient (from "
                    f"get_distributed_runtime_client), got {type(distributed_client).__name__}")
        for name, value in (("hostname", hostname), ("interface", interface)):
            if value is not None and (not isinstance(value, str) or not value):
                raise invalid_argument(f"{name} must be a non-empty string or None, got {value!r}")
        if isinstance(timeout_s, bool) or not isinstance(timeout_s, (int, float)) or not (
                timeout_s > 0):
            raise invalid_argument(f"timeout_s must be a positive number, got {timeout_s!r}")
        self._gloo = _load_extension()
        self._client = distributed_client
        self._hostname = hostname or ""
        self._interface = interface or ""
        self._timeout_s = float(timeout_s)
        with _instances_lock:
            counter = _instances_per_client.setdefault(distributed_client, itertools.count())
            self._instance = next(counter)
        self._communicators: dict[tuple[int, ...], GlooCommunicator] = {}
        self._lock = threading.Lock()

    @property
    def process_id(self) -> int:
        return self._client.node_id

    def communicator(self, process_ids: Sequence[int]) -> GlooCommunicator:
        """The communicator among ``process_ids`` (this process among them),
        connecting them on first use; every listed process must ask for it."""
        ids = _process_ids(process_ids, self.process_id)
        with self._lock:
            communicator = self._communicators.get(ids)
            if communicator is None:
                communicator = self._connect(ids)
                self._communicators[ids] = communicator
            return communicator

    def _connect(self, ids: tuple[int, ...]) -> GlooCommunicator:
        prefix = f"jaxlib/gloo/{self._instance}/{'-'.join(map(str, ids))}"
        timeout_ms = int(self._timeout_s * 1000)
        try:
            context = self._gloo.Context(
                rank=ids.index(self.process_id), size=len(ids), prefix=prefix,
                store_set=self._client.key_value_set_bytes,
                store_get=self._client.blocking_key_value_get_bytes,
                hostname=self._hostname, interface=self._interface, timeout_ms=timeout_ms)
        except RuntimeError as err:
            raise XlaRuntimeError(_with_code(str(err))) from None
        return GlooCommunicator(context, ids, self._timeout_s)


def make_gloo_tcp_collectives(
    distributed_client: Any, hostname: str | None = None, interface: str | None = None
) -> GlooCollectives:
    """Gloo collectives over TCP; ``hostname``/``interface`` choose the address
    this process listens on (default: the machine's hostname)."""
    return GlooCollectives(distributed_client, hostname=hostname, interface=interface)


def _reduction(op: Any) -> str:
    if op not in REDUCTIONS:
        raise invalid_argument(f"unknown reduction {op!r}; expected one of {', '.join(REDUCTIONS)}")
    return op


def _process_ids(process_ids: Any, own_id: int) -> tuple[int, ...]:
    try:
        ids = tuple(process_ids)
    except TypeError:
        raise invalid_argument(
            f"process_ids must be a sequence of node ids, got {process_ids!r}") from None
    if not ids or any(isinstance(i, bool) or not isinstance(i, (int, np.integer)) or i < 0
                      for i in ids):
        raise invalid_argument(f"process_ids must be non-negative node ids, got {process_ids!r}")
    ids = tuple(int(i) for i in ids)
    if len(set(ids)) != len(ids):
        raise invalid_argument(f"process_ids has duplicates: {list(ids)}")
    if own_id not in ids:
        raise invalid_argument(f"process {own_id} is not among process_ids {list(ids)}")
    return ids


def _with_code(message: str) -> str:
    """Messages from the extension start with a status code; others get INTERNAL."""
    return message if re.match(r"[A-Z_]+: ", message) else f"INTERNAL: {message}"
