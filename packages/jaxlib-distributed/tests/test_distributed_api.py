"""The distributed extra: reachable from xla_client."""

from coordination_harness import free_address

from jaxlib import xla_client
from jaxlib.distributed import (
    DistributedRuntimeClient,
    DistributedRuntimeService,
)


def test_coordination_is_reachable_from_xla_client():
    address = free_address()
    service = xla_client.get_distributed_runtime_service(address, 1)
    try:
        assert isinstance(service, DistributedRuntimeService)
        client = xla_client.get_distributed_runtime_client(address, 0, init_timeout=10)
        assert isinstance(client, DistributedRuntimeClient)
        client.connect()
        client.key_value_set("k", "v")
        assert client.blocking_key_value_get("k", 1000) == "v"
        client.shutdown()
    finally:
        service.shutdown()
