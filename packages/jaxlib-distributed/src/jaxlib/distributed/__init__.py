"""The distributed runtime (the jaxlib-distributed extra).

Multi-process jaxlib needs a coordination service (key-value store, barriers,
heartbeats over gRPC) and cross-process CPU collectives (Gloo, MPI). They are
not implemented in this version: every entry point raises an
``XlaRuntimeError`` saying so, so that callers learn it at the call, not from
a hang.
"""

from __future__ import annotations

from typing import Any

from jaxlib._src.runtime.errors import unimplemented

__version__ = "0.1.0"


def _not_yet(what: str):
    return unimplemented(
        f"{what} is not implemented in jaxlib-distributed {__version__}"
    )


def get_distributed_runtime_service(address: str, num_nodes: int, **options: Any) -> Any:
    raise _not_yet("the coordination service (get_distributed_runtime_service)")


def get_distributed_runtime_client(address: str, node_id: int, **options: Any) -> Any:
    raise _not_yet("the coordination client (get_distributed_runtime_client)")


def make_gloo_tcp_collectives(
    distributed_client: Any, hostname: str | None = None, interface: str | None = None
) -> Any:
    raise _not_yet("Gloo TCP collectives (make_gloo_tcp_collectives)")


def make_mpi_collectives() -> Any:
    raise _not_yet("MPI collectives (make_mpi_collectives)")
