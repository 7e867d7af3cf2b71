"""The distributed runtime (the jaxlib-distributed extra).

The coordination service and its clients (key-value store, barriers,
heartbeats over gRPC) live in ``service.py`` and ``client.py``. Cross-process
CPU collectives over the real Gloo library live in ``gloo_collectives.py``
(its C++ extension is ``_gloo``). MPI collectives are not implemented in this
version: that entry point raises an ``XlaRuntimeError`` saying so.
"""

from __future__ import annotations

from typing import Any

from jaxlib._src.runtime.errors import unimplemented
from jaxlib.distributed.client import DistributedRuntimeClient, get_distributed_runtime_client
from jaxlib.distributed.gloo_collectives import (
    GlooCollectives,
    GlooCommunicator,
    make_gloo_tcp_collectives,
)
from jaxlib.distributed.service import DistributedRuntimeService, get_distributed_runtime_service

__version__ = "0.1.0"


def _not_yet(what: str):
    return unimplemented(
        f"{what} is not implemented in jaxlib-distributed {__version__}"
    )


def make_mpi_collectives() -> Any:
    raise _not_yet("MPI collectives (make_mpi_collectives)")


__all__ = [
    "DistributedRuntimeClient",
    "DistributedRuntimeService",
    "GlooCollectives",
    "GlooCommunicator",
    "get_distributed_runtime_client",
    "get_distributed_runtime_service",
    "make_gloo_tcp_collectives",
    "make_mpi_collectives",
]
