"""Client, devices and memories."""

import gzip
import types

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib.xla_client import XlaRuntimeError


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client(num_devices=4)


def test_client_identity(client):
    assert client.platform == "cpu"
    assert isinstance(client.platform_version, str) and client.platform_version
    assert client.runtime_type == "tfrt"
    assert client.device_count() == 4
    assert client.local_device_count() == 4
    assert client.host_id() == 0
    assert client.process_index() == 0
    assert client.devices() == client.local_devices()


def test_default_client_has_one_device():
    assert xla_client.make_cpu_client().device_count() == 1


def test_devices(client):
    for i, d in enumerate(client.devices()):
        assert isinstance(d, xla_client.Device)
        assert isinstance(d, xla_client.CpuDevice)
        assert d.id == i
        assert d.host_id == 0 and d.process_index == 0
        assert d.platform == "cpu"
        assert d.device_kind == "cpu"
        assert d.client is client
        assert d.local_hardware_id == i
        assert repr(d) == f"CpuDevice(id={i})"
    assert len(set(client.devices())) == 4


def test_memories(client):
    d = client.devices()[1]
    kinds = [m.kind for m in d.addressable_memories()]
    assert kinds == ["device", "pinned_host", "unpinned_host"]
    assert d.default_memory().kind == "device"
    m = d.memory("pinned_host")
    assert m.kind == "pinned_host"
    assert m.addressable_by_devices() == [d]
    assert m.process_index == 0
    assert m.platform == "cpu"
    assert repr(m) == "PinnedHostMemory(id=1)"
    with pytest.raises(XlaRuntimeError, match="Got memory kind: hbm"):
        d.memory("hbm")


def test_memory_stats_track_allocations(client):
    d = client.devices()[2]
    before = d.memory_stats()
    for key in ("bytes_in_use", "peak_bytes_in_use", "num_allocs", "largest_alloc_size",
                "bytes_limit"):
        assert key in before
    x = client.buffer_from_pyval(np.zeros(1000, np.float32), d, force_copy=True)
    x.block_until_ready()
    during = d.memory_stats()
    assert during["bytes_in_use"] == before["bytes_in_use"] + 4000
    assert during["num_allocs"] == before["num_allocs"] + 1
    assert during["peak_bytes_in_use"] >= during["bytes_in_use"]
    x.delete()
    assert d.memory_stats()["bytes_in_use"] == before["bytes_in_use"]


def test_device_list_properties(client):
    devs = client.devices()
    dl = xla_client.DeviceList(tuple(devs[:3]))
    assert len(dl) == 3
    assert dl[0] is devs[0]
    assert list(dl[1:]) == devs[1:3]
    assert list(iter(dl)) == devs[:3]
    assert dl.is_fully_addressable
    assert dl.addressable_device_list == dl
    assert dl.process_indices == {0}
    assert dl.default_memory_kind == "device"
    assert dl.memory_kinds == ("device", "pinned_host", "unpinned_host")
    assert dl.device_kind == "cpu"
    assert dl == xla_client.DeviceList(tuple(devs[:3]))
    assert hash(dl) == hash(xla_client.DeviceList(tuple(devs[:3])))
    assert dl != xla_client.DeviceList(tuple(devs[1:4]))
    # Stand-in devices (jax's sharding tests use them) are held, not checked;
    # the process queries read only process_index and client.process_index()
    # (jax's mock TPU devices have them); what needs more says so.
    class Mock:
        def __init__(self, process):
            self.process_index = process
            self.client = types.SimpleNamespace(process_index=lambda: 0)

    mocks = xla_client.DeviceList((Mock(0), Mock(1)))
    assert not mocks.is_fully_addressable and mocks.process_indices == {0, 1}
    assert list(mocks.addressable_device_list) == [mocks[0]]
    fake = xla_client.DeviceList((1, 2))
    assert len(fake) == 2 and fake[1] == 2 and fake == xla_client.DeviceList((1, 2))
    for name in ("is_fully_addressable", "addressable_device_list", "process_indices",
                 "default_memory_kind", "memory_kinds", "device_kind"):
        with pytest.raises(XlaRuntimeError, match=f"DeviceList.{name} needs devices"):
            getattr(fake, name)


def test_default_device_assignment(client):
    grid = client.get_default_device_assignment(2, 2)
    assert [[d.id for d in row] for row in grid] == [[0, 1], [2, 3]]
    with pytest.raises(XlaRuntimeError, match="only 4 are available"):
        client.get_default_device_assignment(5, 1)


def test_bad_client_arguments():
    with pytest.raises(XlaRuntimeError, match="num_devices"):
        xla_client.make_cpu_client(num_devices=0)
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: .*2 nodes needs a "
                       "distributed_client"):
        xla_client.make_cpu_client(num_nodes=2, node_id=1)
    with pytest.raises(XlaRuntimeError, match="node_id 2 is out of range for 2 nodes"):
        xla_client.make_cpu_client(num_nodes=2, node_id=2)
    with pytest.raises(XlaRuntimeError, match="distributed_client must be a "
                       "DistributedRuntimeClient"):
        xla_client.make_cpu_client(distributed_client=object(), num_nodes=2, node_id=0)
    with pytest.raises(XlaRuntimeError, match="collectives must be cross-process"):
        xla_client.make_cpu_client(collectives=object())


def test_gpu_client_without_gpu_package():
    try:
        import jaxlib.gpu_backend  # noqa: F401
    except ImportError:
        with pytest.raises(xla_client.GpuLibNotLinkedError, match="jaxlib-core\\[gpu\\]"):
            xla_client.make_gpu_client(platform_name="cuda")
    else:
        with pytest.raises(XlaRuntimeError):
            xla_client.make_gpu_client(platform_name="cuda")


def test_distributed_entry_points_report_what_is_missing():
    try:
        import jaxlib.distributed  # noqa: F401
    except ImportError:
        calls = [
            lambda: xla_client.get_distributed_runtime_service("localhost:1234", 2),
            lambda: xla_client.get_distributed_runtime_client("localhost:1234", 0),
            lambda: xla_client.make_gloo_tcp_collectives(None),
            xla_client.make_mpi_collectives,
        ]
        for call in calls:
            with pytest.raises(ImportError, match="jaxlib-distributed"):
                call()
    else:  # the coordination service, Gloo and MPI are tested with jaxlib-distributed itself
        with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: .*DistributedRuntimeClient"):
            xla_client.make_gloo_tcp_collectives(None)


def _decode_fields(data):
    """A minimal protobuf reader: yields (field number, wire type, value)."""
    i = 0

    def varint():
        nonlocal i
        shift = value = 0
        while True:
            b = data[i]
            i += 1
            value |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return value

    while i < len(data):
        key = varint()
        number, wire = key >> 3, key & 7
        if wire == 0:
            yield number, wire, varint()
        elif wire == 2:
            n = varint()
            yield number, wire, data[i:i + n]
            i += n
        else:
            raise AssertionError(f"unexpected wire type {wire}")


def _varints(payload):
    out, shift, value = [], 0, 0
    for b in payload:
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            out.append(value)
            shift = value = 0
    return out


def test_heap_profile_is_pprof_of_live_buffers(client):
    keep = [client.buffer_from_pyval(np.ones((16, 16), np.float64), force_copy=True)
            for _ in range(3)]
    for k in keep:
        k.block_until_ready()
    raw = gzip.decompress(client.heap_profile())
    fields = list(_decode_fields(raw))
    strings = [v.decode() for n, w, v in fields if n == 6]
    assert strings[0] == ""
    assert {"allocations", "count", "space", "bytes", "kind", "buffer"} <= set(strings)
    assert "TFRT_CPU_0" in strings
    assert any(s.endswith("test_client.py") for s in strings)
    samples = [v for n, w, v in fields if n == 2]
    total_count = total_bytes = 0
    for s in samples:
        (packed,) = [v for n, w, v in _decode_fields(s) if n == 2]
        count, size = _varints(packed)
        total_count += count
        total_bytes += size
    live = client.live_buffers()
    assert total_count == len(live)
    assert total_bytes == sum(b.on_device_size_in_bytes() for b in live)
    assert total_bytes >= 3 * 16 * 16 * 8
    del keep


def test_compiling_pauses_the_garbage_collector_and_restores_it(monkeypatch):
    import gc

    from jaxlib._src.compiler import pipeline

    program = """
    func.func public @main(%x: tensor<3xf32>) -> tensor<3xf32> {
      %0 = stablehlo.add %x, %x : tensor<3xf32>
      return %0 : tensor<3xf32>
    }"""
    seen = []
    real = pipeline._compile_uncached

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(pipeline, "_compile_uncached", spy)
    assert gc.isenabled()
    pipeline.clear_compilation_cache()
    pipeline.compile_program(program)
    assert seen == [False] and gc.isenabled()
    with pytest.raises(Exception, match="cannot parse"):
        pipeline.compile_program("func.func @broken(")
    assert gc.isenabled()
    gc.disable()  # a user's choice stands
    try:
        pipeline.compile_program(program + " ")
        assert not gc.isenabled()
    finally:
        gc.enable()
