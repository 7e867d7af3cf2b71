"""The distributed runtime (the jaxlib-distributed extra).

The coordination service and its clients (key-value store, barriers,
heartbeats over gRPC) live in ``service.py`` and ``client.py``. Cross-process
CPU collectives over the real Gloo library live in ``gloo_collectives.py``
(its C++ extension is ``_gloo``); MPI collectives, over the optional mpi4py
(the ``mpi`` extra), in ``mpi_collectives.py``; preemption sync points (jax's
``multihost_utils.reached_preemption_sync_point``) in ``preemption.py``.
"""

from __future__ import annotations

from jaxlib.distributed.client import DistributedRuntimeClient, get_distributed_runtime_client
from jaxlib.distributed.gloo_collectives import (
    GlooCollectives,
    GlooCommunicator,
    make_gloo_tcp_collectives,
)
from jaxlib.distributed.mpi_collectives import (
    MpiCollectives,
    MpiCommunicator,
    make_mpi_collectives,
)
from jaxlib.distributed.preemption import PreemptionSyncManager, create_preemption_sync_manager
from jaxlib.distributed.service import DistributedRuntimeService, get_distributed_runtime_service

__version__ = "0.1.0"


__all__ = [
    "DistributedRuntimeClient",
    "DistributedRuntimeService",
    "GlooCollectives",
    "GlooCommunicator",
    "MpiCollectives",
    "MpiCommunicator",
    "PreemptionSyncManager",
    "create_preemption_sync_manager",
    "get_distributed_runtime_client",
    "get_distributed_runtime_service",
    "make_gloo_tcp_collectives",
    "make_mpi_collectives",
]
