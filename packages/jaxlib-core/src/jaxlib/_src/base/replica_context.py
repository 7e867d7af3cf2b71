"""Which replica/partition the running program instance is, and how instances
of one execution meet for collectives.

Each device's instance of a program runs on its own thread (the device's
stream); the runtime sets that thread's :class:`ReplicaContext` around the
run. Collective kernels read it with :func:`current` and exchange values
through the context's shared :class:`Rendezvous`.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

_state = threading.local()


class Rendezvous:
    """Where the instances of one execution exchange values.

    ``exchange(key, participant, value, participants)`` blocks until every
    participant of ``participants`` has contributed under ``key``, then returns
    all contributions ordered as ``participants``. A key is used once per
    execution (collectives are keyed by op and occurrence count). A key's
    contributions are let go once everyone who contributed has returned, so
    collectives in long loops hold no memory of earlier iterations. (Members
    may pass different ``participants`` under one key, as collective_permute's
    do, as long as being a participant is mutual: a member someone waits for
    waits for them too, so nobody returns while a value they gave is still
    needed.)
    """

    # Whether exchange lets a key's contributions go (a subclass that reads them
    # otherwise keeps them: the cross-process rendezvous).
    releases = True

    def __init__(self, timeout: float = 300.0):
        self._cond = threading.Condition()
        self._slots: dict[Any, dict[int, Any]] = {}
        self._returned: dict[Any, set[int]] = {}  # per key: contributors that returned
        self._timeout = timeout
        self._aborted: BaseException | None = None

    def abort(self, error: BaseException) -> None:
        """A participant failed: every waiting and later exchange raises."""
        with self._cond:
            self._aborted = error
            self._cond.notify_all()

    def exchange(self, key: Any, participant: int, value: Any,
                 participants: tuple[int, ...]) -> list[Any]:
        with self._cond:
            slot = self._slots.setdefault(key, {})
            slot[participant] = value
            self._cond.notify_all()
            ok = self._cond.wait_for(
                lambda: self._aborted is not None or all(p in slot for p in participants),
                timeout=self._timeout)
            if self._aborted is not None:
                raise RuntimeError(
                    f"collective {key!r} abandoned: another participant failed: "
                    f"{self._aborted}")
            if not ok:
                missing = [p for p in participants if p not in slot]
                raise TimeoutError(
                    f"collective {key!r}: participants {missing} never arrived")
            values = [slot[p] for p in participants]
            if self.releases:
                returned = self._returned.setdefault(key, set())
                returned.add(participant)
                if returned >= slot.keys():
                    del self._slots[key], self._returned[key]
            return values


    def post(self, key: Any, participant: int, value: Any) -> None:
        """One-sided: leaves ``value`` under ``key`` for ``receive`` (a send)."""
        with self._cond:
            self._slots.setdefault(key, {})[participant] = value
            self._cond.notify_all()

    def receive(self, key: Any, participant: int) -> Any:
        """Waits for what ``participant`` posted under ``key`` (a recv)."""
        with self._cond:
            # The slot is looked up afresh each time: another receiver on the
            # same key (a send op's other pairs) deletes it once it is empty,
            # and a later post makes a new one.
            ok = self._cond.wait_for(
                lambda: self._aborted is not None
                or participant in self._slots.get(key, ()),
                timeout=self._timeout)
            if self._aborted is not None:
                raise RuntimeError(f"transfer {key!r} abandoned: another participant "
                                   f"failed: {self._aborted}")
            if not ok:
                raise TimeoutError(f"transfer {key!r}: {participant} never sent")
            slot = self._slots[key]
            value = slot.pop(participant)  # one receiver per send
            if not slot:
                del self._slots[key]
            return value


@dataclass
class ReplicaContext:
    replica_id: int = 0
    partition_id: int = 0
    num_replicas: int = 1
    num_partitions: int = 1
    rendezvous: Rendezvous = field(default_factory=Rendezvous)
    # How many times each collective op has run in this instance: makes keys
    # unique when a collective sits in a loop body.
    counters: dict[int, int] = field(default_factory=dict)

    @property
    def device_index(self) -> int:
        """The flattened id used by ``flattened_ids`` and collective_permute pairs."""
        return self.replica_id * self.num_partitions + self.partition_id

    def next_key(self, op_key: Any) -> tuple[Any, int]:
        count = self.counters.get(id(op_key), 0)
        self.counters[id(op_key)] = count + 1
        return (id(op_key), count)


_SINGLE = ReplicaContext()


def current() -> ReplicaContext:
    """The running instance's context (a lone replica when none was set)."""
    return getattr(_state, "context", _SINGLE)


@contextlib.contextmanager
def running_as(context: ReplicaContext) -> Iterator[ReplicaContext]:
    previous = getattr(_state, "context", None)
    _state.context = context
    try:
        yield context
    finally:
        if previous is None:
            del _state.context
        else:
            _state.context = previous
