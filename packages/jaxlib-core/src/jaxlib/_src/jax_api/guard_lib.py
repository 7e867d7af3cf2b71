"""Transfer guards, the garbage-collection guard of arrays, and the thread guard.

jax's config writes the levels into ``global_state()`` and
``thread_local_state()``; the runtime asks ``transfer_guard_action(...)`` before
an implicit or explicit transfer and ``garbage_collect_array_level()`` when an
array is collected (the thread-local level wins over the global one, which wins
over the default, ALLOW).
"""

from __future__ import annotations

import enum
import threading

from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.runtime import array as _array

__all__ = [
    "GarbageCollectionGuardLevel",
    "GuardState",
    "TransferGuardLevel",
    "check_thread_guard",
    "garbage_collect_array_level",
    "global_state",
    "thread_local_state",
    "transfer_guard_action",
    "update_thread_guard_global_state",
]


class TransferGuardLevel(enum.Enum):
    ALLOW = 0
    LOG = 1
    DISALLOW = 2
    LOG_EXPLICIT = 3
    DISALLOW_EXPLICIT = 4


class GarbageCollectionGuardLevel(enum.Enum):
    ALLOW = 0
    LOG = 1
    FATAL = 2


class GuardState:
    """Guard levels; None means "not set here" (fall back to the global state)."""

    __slots__ = ("host_to_device", "device_to_device", "device_to_host",
                 "explicit_device_put", "explicit_device_get", "garbage_collect_array")

    def __init__(self) -> None:
        self.host_to_device: TransferGuardLevel | None = None
        self.device_to_device: TransferGuardLevel | None = None
        self.device_to_host: TransferGuardLevel | None = None
        self.explicit_device_put: bool = False
        self.explicit_device_get: bool = False
        self.garbage_collect_array: GarbageCollectionGuardLevel | None = None

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"GuardState({fields})"


_global_state = GuardState()


class _ThreadGuardState(threading.local):
    def __init__(self) -> None:
        self.state = GuardState()


_thread_local = _ThreadGuardState()


def global_state() -> GuardState:
    return _global_state


def thread_local_state() -> GuardState:
    return _thread_local.state


# -- what the runtime asks ------------------------------------------------------------

ALLOW = "allow"
LOG = "log"
DISALLOW = "disallow"

_ACTIONS = {
    # level: (action for an implicit transfer, action for an explicit one)
    TransferGuardLevel.ALLOW: (ALLOW, ALLOW),
    TransferGuardLevel.LOG: (LOG, ALLOW),
    TransferGuardLevel.DISALLOW: (DISALLOW, ALLOW),
    TransferGuardLevel.LOG_EXPLICIT: (LOG, LOG),
    TransferGuardLevel.DISALLOW_EXPLICIT: (DISALLOW, DISALLOW),
}


def transfer_guard_action(direction: str) -> str:
    """"allow", "log" or "disallow" for a transfer in this thread now.

    ``direction`` is "host_to_device", "device_to_device" or "device_to_host";
    whether the transfer counts as explicit comes from the thread's
    explicit_device_put (or explicit_device_get for device_to_host)."""
    local = _thread_local.state
    level = getattr(local, direction)
    if level is None:
        level = getattr(_global_state, direction)
    if level is None:
        return ALLOW
    explicit = local.explicit_device_get if direction == "device_to_host" \
        else local.explicit_device_put
    return _ACTIONS[level][1 if explicit else 0]


def garbage_collect_array_level() -> GarbageCollectionGuardLevel:
    level = _thread_local.state.garbage_collect_array
    if level is None:
        level = _global_state.garbage_collect_array
    return GarbageCollectionGuardLevel.ALLOW if level is None else level


def _collected_array_guard() -> str:
    return garbage_collect_array_level().name.lower()


_array.collected_array_guard = _collected_array_guard
_array.transfer_guard = transfer_guard_action


# -- thread guard ---------------------------------------------------------------------

_thread_guard_owner: int | None = None
_thread_guard_lock = threading.Lock()


def update_thread_guard_global_state(set_thread_id: bool, /) -> None:
    """Entering a thread guard records this thread as the owner of multi-process
    operations; leaving clears it. Nesting is allowed only in the owning thread."""
    global _thread_guard_owner
    with _thread_guard_lock:
        if set_thread_id:
            me = threading.get_ident()
            if _thread_guard_owner is not None and _thread_guard_owner != me:
                raise XlaRuntimeError(
                    "FAILED_PRECONDITION: The thread guard's global thread ID is already "
                    "set. Nested thread guards in different threads are not supported.")
            _thread_guard_owner = me
        else:
            _thread_guard_owner = None


def check_thread_guard(process_indices) -> None:
    """Raises if a multi-process operation (devices of several processes) runs in
    a thread other than the one that set the thread guard."""
    owner = _thread_guard_owner
    if owner is None or len(set(process_indices)) <= 1:
        return
    me = threading.get_ident()
    if me != owner:
        raise XlaRuntimeError(
            f"FAILED_PRECONDITION: A multi-process JAX operation was called from thread "
            f"{me}. This is not allowed because the thread guard was set in thread "
            f"{owner}.")
