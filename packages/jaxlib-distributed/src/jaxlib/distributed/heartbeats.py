"""The client's heartbeat thread.

It tells the service this node lives, and learns from the answers which nodes
the service declared dead. Each failure is reported once through the
``missed_heartbeat_callback``: a peer that died, this node declared dead
(e.g. after being stopped), or the service itself unreachable for longer than
the heartbeat timeout.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from jaxlib._src.base.errors import XlaRuntimeError

logger = logging.getLogger(__name__)

# Answers meaning the service no longer accepts this node: no use retrying.
_REJECTIONS = ("ABORTED:", "FAILED_PRECONDITION:", "INVALID_ARGUMENT:")


def log_missed_heartbeat(error: XlaRuntimeError) -> None:
    """The default callback. (XLA's terminates the process; this one logs.)"""
    logger.error("coordination service: %s", error)


class HeartbeatSender:
    def __init__(
        self,
        send: Callable[[float], dict[int, str]],
        interval_s: float,
        timeout_s: float,
        callback: Callable[[XlaRuntimeError], None],
        service_address: str,
    ):
        self._send = send  # (rpc timeout) -> {dead node: reason}
        self._interval_s = interval_s
        self._timeout_s = timeout_s
        self._callback = callback
        self._service_address = service_address
        self._stop = threading.Event()
        self._leaving = threading.Event()
        self._thread = threading.Thread(target=self._run, name="coordination-heartbeats",
                                        daemon=True)

    def start(self) -> HeartbeatSender:
        self._thread.start()
        return self

    def leaving(self) -> None:
        """The node is shutting down: a rejection now is expected, not a failure."""
        self._leaving.set()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not threading.current_thread() and self._thread.is_alive():
            self._thread.join()

    def _report(self, error: XlaRuntimeError) -> None:
        try:
            self._callback(error)
        except Exception:  # a broken callback must not kill the heartbeats
            logger.exception("missed_heartbeat_callback raised")

    def _run(self) -> None:
        last_answer = time.monotonic()
        reported: set[int] = set()
        rpc_timeout = max(min(self._timeout_s, 2 * self._interval_s), 0.5)
        while not self._stop.wait(self._interval_s):
            try:
                failed_nodes = self._send(rpc_timeout)
            except XlaRuntimeError as err:
                if str(err).startswith(_REJECTIONS):
                    if not self._leaving.is_set():
                        self._report(err)
                    return
                silence = time.monotonic() - last_answer
                if silence > self._timeout_s and not self._stop.is_set():
                    self._report(XlaRuntimeError(
                        f"UNAVAILABLE: lost the coordination service at "
                        f"{self._service_address}: no heartbeat answer for {silence:.1f} s "
                        f"(heartbeat timeout {self._timeout_s:g} s); last error: {err}"))
                    return
                continue
            last_answer = time.monotonic()
            for node, reason in sorted(failed_nodes.items()):
                if node not in reported:
                    reported.add(node)
                    self._report(XlaRuntimeError(f"UNAVAILABLE: {reason}"))
