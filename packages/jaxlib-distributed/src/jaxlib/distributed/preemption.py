"""Preemption sync points: after one process is told it will be preempted
(SIGTERM, as cluster schedulers send it), every process of the job agrees on
one step of the training loop at which all of them save a checkpoint.

jax's ``jax.distributed.initialize`` creates the manager
(``create_preemption_sync_manager``) and ``initialize``\\ s it with the
coordination client; ``multihost_utils.reached_preemption_sync_point(step)``
asks it once a step. As in XLA's manager, the step is chosen in the
background, so the training loop never waits for it:

- the process that receives SIGTERM sets a notice key in the coordination
  service's key-value store (the signal no longer ends the process: it is
  expected to checkpoint and exit);
- each process's watcher thread waits for that key; once it is there, it
  publishes the last step its process reported, waits at a barrier of every
  process, and takes the largest published step plus one as the sync point;
- ``reached_sync_point(step)`` is true exactly at that step.
"""

from __future__ import annotations

import signal
import threading
from typing import Any

from jaxlib._src.base.errors import XlaRuntimeError

_NOTICE = "jaxlib/preemption/notice"
_STEPS = "jaxlib/preemption/steps/"
_BARRIER = "jaxlib/preemption/sync"
_POLL_MS = 1000  # how long a watcher's wait for the notice lasts before it looks again
_AGREE_MS = 10 * 60 * 1000  # how long the processes may take to reach the barrier


def _failed_precondition(message: str) -> XlaRuntimeError:
    return XlaRuntimeError(f"FAILED_PRECONDITION: {message}")


class PreemptionSyncManager:
    def __init__(self) -> None:
        self._client: Any = None
        self._lock = threading.Lock()
        self._last_step = -1
        self._sync_step: int | None = None
        self._stopped = threading.Event()
        self._previous_handler: Any = None
        self._watcher: threading.Thread | None = None
        self.error: str | None = None  # why no sync point could be agreed on

    def initialize(self, distributed_client: Any) -> None:
        """Starts watching for preemption notices through ``distributed_client``
        (connected); in the main thread, SIGTERM becomes this process's notice."""
        if self._client is not None:
            raise _failed_precondition("the preemption sync manager is initialized already")
        for method in ("key_value_set", "blocking_key_value_get", "wait_at_barrier",
                       "key_value_dir_get"):
            if not callable(getattr(distributed_client, method, None)):
                raise XlaRuntimeError(
                    "INVALID_ARGUMENT: the preemption sync manager needs a "
                    f"DistributedRuntimeClient, got {type(distributed_client).__name__}")
        self._client = distributed_client
        if threading.current_thread() is threading.main_thread():
            self._previous_handler = signal.signal(signal.SIGTERM, self._on_sigterm)
        self._watcher = threading.Thread(target=self._watch, name="preemption-watcher",
                                         daemon=True)
        self._watcher.start()

    def reached_sync_point(self, step_counter: int) -> bool:
        """Whether this step is the one every process checkpoints at."""
        if self._client is None:
            raise _failed_precondition("initialize the preemption sync manager first")
        with self._lock:
            self._last_step = max(self._last_step, int(step_counter))
            return self._sync_step is not None and int(step_counter) == self._sync_step

    def notify(self) -> None:
        """Announces that this process will be preempted (what SIGTERM does)."""
        try:
            self._client.key_value_set(_NOTICE, str(getattr(self._client, "node_id", "")))
        except XlaRuntimeError as err:
            if "ALREADY_EXISTS" not in str(err):  # another process announced first
                raise

    def shutdown(self) -> None:
        self._stopped.set()
        if self._previous_handler is not None:
            try:
                signal.signal(signal.SIGTERM, self._previous_handler)
            except ValueError:  # not the main thread: the handler stays (it only announces)
                pass
            self._previous_handler = None

    # -- the background -------------------------------------------------------------

    def _on_sigterm(self, signum: int, frame: Any) -> None:
        # A signal handler must not block on the network: the announcement is
        # made from a thread of its own.
        threading.Thread(target=self._announce_quietly, daemon=True).start()

    def _announce_quietly(self) -> None:
        try:
            self.notify()
        except XlaRuntimeError as err:
            self.error = f"the preemption notice could not be sent: {err}"

    def _watch(self) -> None:
        client = self._client
        while not self._stopped.is_set():
            try:
                client.blocking_key_value_get(_NOTICE, _POLL_MS)
                break
            except XlaRuntimeError as err:
                if "DEADLINE_EXCEEDED" not in str(err):
                    return  # the client shut down
        else:
            return
        try:
            with self._lock:
                step = self._last_step
            node = getattr(client, "node_id", 0)
            client.key_value_set(f"{_STEPS}{node}", str(step))
            client.wait_at_barrier(_BARRIER, _AGREE_MS)
            steps = [int(value) for _, value in client.key_value_dir_get(_STEPS)]
        except (XlaRuntimeError, ValueError) as err:
            self.error = f"no preemption sync point was agreed on: {err}"
            return
        with self._lock:
            self._sync_step = max(steps) + 1


def create_preemption_sync_manager() -> PreemptionSyncManager:
    return PreemptionSyncManager()
