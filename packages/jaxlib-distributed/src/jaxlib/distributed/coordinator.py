"""The coordination service's state and rules, without any transport.

One ``Coordinator`` holds the nodes of a cluster, the key-value store, the
barriers and the shutdown barrier. All state sits behind one condition
variable: every change notifies it, and every blocking call (registration,
blocking get, barrier, shutdown) waits on it with a deadline, so a waiter
learns of completions, timeouts and dead nodes as soon as they happen. The
gRPC layer (``service.py``) only decodes requests and calls these methods.
"""

from __future__ import annotations

import enum
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from jaxlib.distributed.key_value_store import KeyValueStore
from jaxlib.distributed.status import (
    CoordinationError,
    deadline_exceeded,
    failed_precondition,
    invalid_argument,
    unavailable,
)

_PENDING = object()  # a poll's answer while the awaited event has not happened
# Waiters wake at least this often to notice cancelled RPCs.
_MAX_WAIT_SLICE_S = 0.5


class NodeState(enum.Enum):
    ABSENT = "has never connected"
    CONNECTED = "is connected"
    SHUTTING_DOWN = "is waiting at the shutdown barrier"
    DISCONNECTED = "has shut down"
    DEAD = "was declared dead"


@dataclass
class _Node:
    node_id: int
    state: NodeState = NodeState.ABSENT
    incarnation: int = 0
    recoverable: bool = False
    last_heartbeat: float = 0.0
    failure: str | None = None  # why the node was declared dead


@dataclass
class _Barrier:
    barrier_id: str
    participants: frozenset[int]
    deadline: float
    timeout_ms: int
    arrived: set[int] = field(default_factory=set)
    done: bool = False
    failure: CoordinationError | None = None


@dataclass
class _ShutdownRound:
    deadline: float
    timeout_s: float
    arrived: set[int] = field(default_factory=set)
    done: bool = False
    failure: CoordinationError | None = None


def _nodes_text(node_ids) -> str:
    ids = sorted(node_ids)
    return ("node " if len(ids) == 1 else "nodes ") + ", ".join(map(str, ids))


class Coordinator:
    """The rules of the coordination service; thread-safe."""

    def __init__(
        self,
        num_nodes: int,
        heartbeat_timeout_s: float,
        cluster_register_timeout_s: float,
        shutdown_timeout_s: float,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.num_nodes = num_nodes
        self.heartbeat_timeout_s = heartbeat_timeout_s
        self._shutdown_timeout_s = shutdown_timeout_s
        self._clock = clock
        self._cond = threading.Condition()
        self._nodes = [_Node(i) for i in range(num_nodes)]
        self._store = KeyValueStore()
        self._barriers: dict[str, _Barrier] = {}
        self._shutdown_round: _ShutdownRound | None = None
        # Nodes that reached shutdown after a round timed out without them.
        self._late_for_shutdown: dict[int, CoordinationError] = {}
        self._cluster_formed = False
        self._register_deadline = clock() + cluster_register_timeout_s
        # Non-recoverable nodes declared dead: the cluster is broken by them.
        self._cluster_failures: dict[int, str] = {}
        self._stopped = False

    # ----------------------------------------------------------------- helpers

    def wake(self) -> None:
        """Wakes every waiter so it re-checks its condition (e.g. cancellation)."""
        with self._cond:
            self._cond.notify_all()

    def _check_node_id(self, node_id: int) -> _Node:
        if not 0 <= node_id < self.num_nodes:
            raise invalid_argument(
                f"node id {node_id} is out of range: the cluster has {self.num_nodes} "
                f"nodes (ids 0..{self.num_nodes - 1})")
        return self._nodes[node_id]

    def _caller(self, node_id: int, incarnation: int) -> _Node:
        """The node sending a request, rejected unless it is connected as itself."""
        node = self._check_node_id(node_id)
        if node.state is NodeState.ABSENT:
            raise failed_precondition(
                f"node {node_id} is not registered with the coordination service "
                "(call connect() first)")
        if incarnation != node.incarnation:
            raise CoordinationError(
                "ABORTED",
                f"the message comes from an unknown incarnation {incarnation} of node "
                f"{node_id}; the connected one is {node.incarnation}")
        if node.state is NodeState.DEAD:
            raise CoordinationError("ABORTED", f"node {node_id} was declared dead: {node.failure}")
        if node.state is NodeState.DISCONNECTED:
            raise failed_precondition(f"node {node_id} has shut down")
        return node

    def _wait(
        self,
        poll: Callable[[], Any],
        deadline: Callable[[], float],
        on_timeout: Callable[[], CoordinationError],
        is_active: Callable[[], bool],
    ) -> Any:
        """Waits (lock held) until ``poll`` gives an answer, raises, or time is up."""
        while True:
            # An answer settled before the service stopped is still given: the
            # coordinator's own process may stop the service right after the
            # shutdown barrier it completed, before the others have woken.
            result = poll()
            if result is not _PENDING:
                return result
            if self._stopped:
                raise unavailable("the coordination service is shutting down")
            remaining = deadline() - self._clock()
            if remaining <= 0:
                raise on_timeout()
            if not is_active():
                raise CoordinationError("CANCELLED", "the caller went away")
            self._cond.wait(min(remaining, _MAX_WAIT_SLICE_S))

    def _cluster_failure(self) -> CoordinationError | None:
        if not self._cluster_failures:
            return None
        reasons = "; ".join(self._cluster_failures[n] for n in sorted(self._cluster_failures))
        return unavailable(f"the cluster has failed: {reasons}")

    def _fail_barriers_of(self, node_id: int, reason: str) -> None:
        for barrier in list(self._barriers.values()):
            if node_id in barrier.participants:
                self._finish_barrier(barrier, unavailable(
                    f"barrier {barrier.barrier_id!r} cannot complete: {reason}"))

    def _finish_barrier(self, barrier: _Barrier, failure: CoordinationError | None) -> None:
        barrier.done, barrier.failure = True, failure
        if self._barriers.get(barrier.barrier_id) is barrier:
            del self._barriers[barrier.barrier_id]
        self._cond.notify_all()

    def _declare_dead(self, node: _Node, reason: str) -> None:
        node.state, node.failure = NodeState.DEAD, reason
        if not node.recoverable:
            self._cluster_failures[node.node_id] = reason
        self._fail_barriers_of(node.node_id, reason)
        self._cond.notify_all()

    # ------------------------------------------------------ membership, liveness

    def register(self, node_id: int, incarnation: int, recoverable: bool) -> dict[str, Any]:
        with self._cond:
            node = self._check_node_id(node_id)
            if node.state in (NodeState.CONNECTED, NodeState.SHUTTING_DOWN):
                if not (node.recoverable and recoverable):
                    raise CoordinationError(
                        "ALREADY_EXISTS",
                        f"node {node_id} is already connected; every process needs a "
                        "distinct node_id")
                # A recoverable node restarted before its death was noticed.
                self._fail_barriers_of(node_id, f"node {node_id} restarted")
            elif node.state in (NodeState.DISCONNECTED, NodeState.DEAD) and not recoverable:
                raise failed_precondition(
                    f"node {node_id} {node.state.value} and is not recoverable, so it "
                    "cannot connect again (use recoverable=True for nodes that rejoin)")
            if not self._cluster_formed and self._clock() > self._register_deadline:
                raise deadline_exceeded(
                    "the cluster registration deadline (cluster_register_timeout) has passed")
            node.state, node.incarnation = NodeState.CONNECTED, incarnation
            node.recoverable, node.failure = recoverable, None
            node.last_heartbeat = self._clock()
            if self._shutdown_round is not None:
                self._shutdown_round.arrived.discard(node_id)
            if all(n.state is not NodeState.ABSENT for n in self._nodes):
                self._cluster_formed = True
            self._cond.notify_all()
            return {"num_nodes": self.num_nodes,
                    "heartbeat_timeout_s": self.heartbeat_timeout_s}

    def wait_for_cluster(self, node_id: int, incarnation: int, timeout_s: float,
                         is_active: Callable[[], bool]) -> None:
        with self._cond:
            self._caller(node_id, incarnation)
            start = self._clock()

            def deadline() -> float:
                if self._cluster_formed:
                    return start + timeout_s
                return min(start + timeout_s, self._register_deadline)

            def poll():
                if self._cluster_formed:
                    return True
                failure = self._cluster_failure()
                if failure is not None:
                    raise failure
                return _PENDING

            def on_timeout() -> CoordinationError:
                missing = [n.node_id for n in self._nodes if n.state is NodeState.ABSENT]
                node = self._nodes[node_id]
                if node.incarnation == incarnation and node.state is NodeState.CONNECTED:
                    node.state = NodeState.ABSENT  # so that a retry may register again
                return deadline_exceeded(
                    f"cluster registration timed out after {self._clock() - start:.1f} s: "
                    f"{self.num_nodes - len(missing)} of {self.num_nodes} nodes connected; "
                    f"{_nodes_text(missing)} never connected")

            self._wait(poll, deadline, on_timeout, is_active)

    def heartbeat(self, node_id: int, incarnation: int) -> dict[int, str]:
        """Records that the node lives; answers with the nodes that broke the cluster."""
        with self._cond:
            node = self._caller(node_id, incarnation)
            node.last_heartbeat = self._clock()
            return dict(self._cluster_failures)

    def check_heartbeats(self) -> None:
        """Declares dead every node silent for longer than the heartbeat timeout."""
        with self._cond:
            now = self._clock()
            for node in self._nodes:
                silence = now - node.last_heartbeat
                if (node.state in (NodeState.CONNECTED, NodeState.SHUTTING_DOWN)
                        and silence > self.heartbeat_timeout_s):
                    self._declare_dead(node, (
                        f"node {node.node_id} stopped sending heartbeats: none for "
                        f"{silence:.1f} s (heartbeat timeout {self.heartbeat_timeout_s:g} s)"))

    def live_nodes(self, node_id: int, incarnation: int, process_ids: list[int]) -> dict[int, int]:
        """The incarnation of each of ``process_ids`` that is connected now."""
        with self._cond:
            self._caller(node_id, incarnation)
            for p in process_ids:
                self._check_node_id(p)
            live = (NodeState.CONNECTED, NodeState.SHUTTING_DOWN)
            return {p: self._nodes[p].incarnation for p in process_ids
                    if self._nodes[p].state in live}

    # -------------------------------------------------------------- key-value

    def key_value_set(self, node_id: int, incarnation: int, key: str, value: bytes,
                      allow_overwrite: bool) -> None:
        with self._cond:
            self._caller(node_id, incarnation)
            self._store.set(key, value, allow_overwrite)
            self._cond.notify_all()

    def key_value_try_get(self, node_id: int, incarnation: int, key: str) -> bytes:
        with self._cond:
            self._caller(node_id, incarnation)
            value = self._store.get(key)
            if value is None:
                raise CoordinationError("NOT_FOUND", f"the key {key!r} is not set")
            return value

    def key_value_get(self, node_id: int, incarnation: int, key: str, timeout_ms: int,
                      is_active: Callable[[], bool]) -> bytes:
        with self._cond:
            self._caller(node_id, incarnation)
            deadline = self._clock() + timeout_ms / 1000

            def poll():
                value = self._store.get(key)
                if value is not None:
                    return value
                failure = self._cluster_failure()
                if failure is not None:
                    raise unavailable(f"blocking get of key {key!r} aborted: {failure.message}")
                return _PENDING

            return self._wait(poll, lambda: deadline, lambda: deadline_exceeded(
                f"the key {key!r} was not set within {timeout_ms} ms"), is_active)

    def key_value_dir_get(self, node_id: int, incarnation: int,
                          directory: str) -> list[tuple[str, bytes]]:
        with self._cond:
            self._caller(node_id, incarnation)
            return self._store.dir_get(directory)

    def key_value_delete(self, node_id: int, incarnation: int, key: str) -> None:
        with self._cond:
            self._caller(node_id, incarnation)
            self._store.delete(key)

    def key_value_increment(self, node_id: int, incarnation: int, key: str,
                            increment: int) -> int:
        with self._cond:
            self._caller(node_id, incarnation)
            value = self._store.increment(key, increment)
            self._cond.notify_all()
            return value

    # --------------------------------------------------------------- barriers

    def barrier(self, node_id: int, incarnation: int, barrier_id: str, timeout_ms: int,
                process_ids: list[int] | None, is_active: Callable[[], bool]) -> None:
        with self._cond:
            self._caller(node_id, incarnation)
            if not barrier_id:
                raise invalid_argument("the barrier id is empty")
            if process_ids is None:
                participants = frozenset(range(self.num_nodes))
            else:
                for p in process_ids:
                    self._check_node_id(p)
                if len(set(process_ids)) != len(process_ids):
                    raise invalid_argument(
                        f"barrier {barrier_id!r}: process_ids {process_ids} repeat a node")
                participants = frozenset(process_ids)
            if node_id not in participants:
                raise invalid_argument(
                    f"node {node_id} waited at barrier {barrier_id!r} but is not one of its "
                    f"process_ids {sorted(participants)}")
            now = self._clock()
            barrier = self._barriers.get(barrier_id)
            if barrier is None:
                barrier = _Barrier(barrier_id, participants, now + timeout_ms / 1000, timeout_ms)
                self._barriers[barrier_id] = barrier
            elif barrier.participants != participants:
                raise invalid_argument(
                    f"barrier {barrier_id!r} is already waited on by {sorted(barrier.arrived)} "
                    f"with process_ids {sorted(barrier.participants)}, not "
                    f"{sorted(participants)}")
            elif node_id in barrier.arrived:
                raise CoordinationError(
                    "ALREADY_EXISTS",
                    f"node {node_id} is already waiting at barrier {barrier_id!r}")
            else:
                # The earliest deadline of any participant ends the barrier for all.
                if now + timeout_ms / 1000 < barrier.deadline:
                    barrier.deadline, barrier.timeout_ms = now + timeout_ms / 1000, timeout_ms
            barrier.arrived.add(node_id)
            for p in sorted(participants):
                state = self._nodes[p].state
                if state in (NodeState.DEAD, NodeState.DISCONNECTED, NodeState.SHUTTING_DOWN):
                    reason = self._nodes[p].failure if state is NodeState.DEAD else None
                    self._finish_barrier(barrier, unavailable(
                        f"barrier {barrier_id!r} cannot complete: "
                        + (reason or f"node {p} {state.value}")))
                    break
            if not barrier.done and barrier.arrived == participants:
                self._finish_barrier(barrier, None)

            def poll():
                if barrier.failure is not None:
                    raise barrier.failure
                return True if barrier.done else _PENDING

            def on_timeout() -> CoordinationError:
                if not barrier.done:
                    missing = participants - barrier.arrived
                    self._finish_barrier(barrier, deadline_exceeded(
                        f"barrier {barrier_id!r} timed out after {barrier.timeout_ms} ms: "
                        f"{_nodes_text(missing)} did not arrive "
                        f"(arrived: {sorted(barrier.arrived)})"))
                return barrier.failure or deadline_exceeded(f"barrier {barrier_id!r} timed out")

            self._wait(poll, lambda: barrier.deadline, on_timeout, is_active)

    # --------------------------------------------------------------- shutdown

    def shutdown_node(self, node_id: int, incarnation: int, timeout_s: float,
                      is_active: Callable[[], bool]) -> None:
        """The shutdown barrier: returns once no connected node remains.

        Dead nodes are not waited for; recoverable nodes leave at once (they
        may come back) but are waited for by the others while connected.
        """
        with self._cond:
            node = self._caller(node_id, incarnation)
            if node.state is NodeState.SHUTTING_DOWN:
                raise CoordinationError(
                    "ALREADY_EXISTS", f"node {node_id} is already shutting down")
            self._fail_barriers_of(node_id, f"node {node_id} is shutting down")
            if node.recoverable:
                node.state = NodeState.DISCONNECTED
                self._cond.notify_all()
                return
            late = self._late_for_shutdown.pop(node_id, None)
            if late is not None:
                node.state = NodeState.DISCONNECTED
                self._cond.notify_all()
                raise late
            round_ = self._shutdown_round
            if round_ is None or round_.done:
                timeout_s = min(timeout_s, self._shutdown_timeout_s)
                round_ = _ShutdownRound(self._clock() + timeout_s, timeout_s)
                self._shutdown_round = round_
            round_.arrived.add(node_id)
            node.state = NodeState.SHUTTING_DOWN
            self._cond.notify_all()

            def leave_all() -> None:
                round_.done = True
                for n in round_.arrived:
                    if self._nodes[n].state is NodeState.SHUTTING_DOWN:
                        self._nodes[n].state = NodeState.DISCONNECTED
                self._cond.notify_all()

            def still_connected() -> list[int]:
                return [n.node_id for n in self._nodes if n.state is NodeState.CONNECTED]

            def poll():
                if round_.failure is not None:
                    raise round_.failure
                if not round_.done and not still_connected():
                    leave_all()
                return True if round_.done else _PENDING

            def on_timeout() -> CoordinationError:
                if not round_.done:
                    stragglers = still_connected()
                    round_.failure = deadline_exceeded(
                        f"the shutdown barrier timed out after {round_.timeout_s:g} s: "
                        f"{_nodes_text(stragglers)} did not call shutdown")
                    for n in stragglers:
                        self._late_for_shutdown[n] = deadline_exceeded(
                            f"node {n} reached shutdown after the shutdown barrier had timed "
                            f"out without it ({_nodes_text(round_.arrived)} left first)")
                    leave_all()
                return round_.failure

            self._wait(poll, lambda: round_.deadline, on_timeout, is_active)

    def stop(self) -> None:
        """Ends every wait: the service is going away."""
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
