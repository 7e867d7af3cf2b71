"""Jax support library for guards"""

from jaxlib._src.jax_api.guard_lib import (
    GarbageCollectionGuardLevel,
    GuardState,
    TransferGuardLevel,
    global_state,
    thread_local_state,
    update_thread_guard_global_state,
)

__all__ = [
    "GarbageCollectionGuardLevel",
    "GuardState",
    "TransferGuardLevel",
    "global_state",
    "thread_local_state",
    "update_thread_guard_global_state",
]
