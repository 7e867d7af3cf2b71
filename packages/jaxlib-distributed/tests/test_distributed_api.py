"""The distributed extra: reachable from xla_client, explicit about what is missing."""

import pytest

from jaxlib import xla_client
from jaxlib.distributed import __version__
from jaxlib.xla_client import XlaRuntimeError


@pytest.mark.parametrize(
    "call, what",
    [
        (lambda: xla_client.get_distributed_runtime_service("127.0.0.1:0", 2),
         "coordination service"),
        (lambda: xla_client.get_distributed_runtime_client("127.0.0.1:0", 0),
         "coordination client"),
        (lambda: xla_client.make_gloo_tcp_collectives(None), "Gloo"),
        (lambda: xla_client.make_mpi_collectives(), "MPI"),
    ],
)
def test_entry_points_say_they_are_not_implemented(call, what):
    with pytest.raises(XlaRuntimeError, match=f"UNIMPLEMENTED: .*{what}.*{__version__}"):
        call()
