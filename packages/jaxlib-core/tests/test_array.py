"""ArrayImpl, host buffer semantics, batched placement and copies."""

import threading

import ml_dtypes
import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib.xla_client import (
    ArrayCopySemantics,
    HostBufferSemantics,
    SingleDeviceSharding,
    XlaRuntimeError,
)


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client(num_devices=4)


@pytest.fixture(scope="module")
def sync_client():
    return xla_client.make_cpu_client(asynchronous=False, num_devices=2)


def test_buffer_from_pyval_basics(client):
    data = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)
    x = client.buffer_from_pyval(data, client.devices()[1])
    assert x.shape == (2, 2)
    assert x.dtype == np.float32
    assert x.ndim == 2 and x.size == 4
    assert x.on_device_size_in_bytes() == 16
    assert x.block_until_ready() is x
    assert x.is_ready()
    assert not x.is_deleted()
    np.testing.assert_array_equal(np.asarray(x), data)
    assert x.sharding == SingleDeviceSharding(client.devices()[1])
    assert x.device is client.devices()[1]
    assert x.committed
    assert len(x) == 2
    assert x.tolist() == data.tolist()
    assert "Array(" in repr(x) and "float32" in repr(x)


def test_default_device_is_first(client):
    x = client.buffer_from_pyval(np.int32(7))
    assert x.device is client.devices()[0]
    assert x.shape == () and int(np.asarray(x)) == 7


@pytest.mark.parametrize(
    "dtype",
    [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
     np.uint64, np.float16, np.float32, np.float64, np.complex64, np.complex128,
     ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2, ml_dtypes.int4,
     ml_dtypes.uint4],
)
def test_round_trip_every_dtype(client, dtype):
    data = (np.arange(12) % 5).astype(dtype).reshape(3, 4)
    for semantics in HostBufferSemantics:
        x = client.buffer_from_pyval(data, host_buffer_semantics=semantics)
        out = np.asarray(x)
        assert out.dtype == np.dtype(dtype)
        np.testing.assert_array_equal(out.view(np.uint8), data.view(np.uint8))


@pytest.mark.parametrize("dtype", [np.float32, np.int8, ml_dtypes.bfloat16, np.complex128])
def test_zero_copy_aliases_host_memory(client, dtype):
    data = np.arange(64).astype(dtype)
    x = client.buffer_from_pyval(data, host_buffer_semantics=HostBufferSemantics.ZERO_COPY)
    assert x.unsafe_buffer_pointer() == data.ctypes.data
    data[0] = 42  # aliasing: the device sees host writes
    assert np.asarray(x)[0] == 42


def test_zero_copy_falls_back_to_copy_when_layout_forbids(client):
    data = np.arange(64, dtype=np.float32)[::2]  # not contiguous
    x = client.buffer_from_pyval(data, host_buffer_semantics=HostBufferSemantics.ZERO_COPY)
    assert x.unsafe_buffer_pointer() != data.ctypes.data
    np.testing.assert_array_equal(np.asarray(x), data)
    big_endian = np.arange(4, dtype=">i4")
    y = client.buffer_from_pyval(big_endian)
    assert y.dtype == np.dtype("int32")
    np.testing.assert_array_equal(np.asarray(y), [0, 1, 2, 3])


def test_force_copy_and_copy_semantics_do_not_alias(client):
    for semantics, force in [
        (HostBufferSemantics.ZERO_COPY, True),
        (HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL, False),
        (HostBufferSemantics.IMMUTABLE_UNTIL_TRANSFER_COMPLETES, False),
    ]:
        data = np.arange(1024, dtype=np.float64)
        x = client.buffer_from_pyval(data, force_copy=force, host_buffer_semantics=semantics)
        if semantics == HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL:
            data[:] = -1.0  # allowed right after the call returns
        else:
            x.block_until_ready()
            data[:] = -1.0
        assert x.unsafe_buffer_pointer() != data.ctypes.data
        np.testing.assert_array_equal(np.asarray(x), np.arange(1024, dtype=np.float64))


def test_device_memory_is_read_only_from_host(client):
    x = client.buffer_from_pyval(np.zeros(3, np.float32), force_copy=True)
    view = np.asarray(x)
    with pytest.raises(ValueError):
        view[0] = 1.0


def test_async_transfer_of_a_large_array(client):
    data = np.random.default_rng(0).standard_normal(4_000_000)
    x = client.buffer_from_pyval(
        data, host_buffer_semantics=HostBufferSemantics.IMMUTABLE_UNTIL_TRANSFER_COMPLETES
    )
    assert isinstance(x.is_ready(), bool)  # may still be copying
    x.block_until_ready()
    assert x.is_ready()
    np.testing.assert_array_equal(np.asarray(x), data)


def test_synchronous_client_is_ready_at_once(sync_client):
    x = sync_client.buffer_from_pyval(np.ones(1000), force_copy=True)
    assert x.is_ready()
    assert np.asarray(x).sum() == 1000


def test_buffer_from_pyval_accepts_scalars_and_lists(client):
    assert np.asarray(client.buffer_from_pyval(3.5)).dtype == np.float64
    assert np.asarray(client.buffer_from_pyval([1, 2, 3])).tolist() == [1, 2, 3]
    assert np.asarray(client.buffer_from_pyval(True)).dtype == np.bool_


def test_buffer_from_pyval_to_a_memory(client):
    mem = client.devices()[3].memory("pinned_host")
    x = client.buffer_from_pyval(np.ones(4, np.float32), mem)
    assert x.device is client.devices()[3]
    assert x.sharding.memory_kind == "pinned_host"


def test_bad_inputs(client):
    with pytest.raises(XlaRuntimeError, match="dtype object have no XLA element type"):
        client.buffer_from_pyval(np.array([object()]))
    with pytest.raises(XlaRuntimeError, match="dtype <U1 have no XLA element type"):
        client.buffer_from_pyval(np.array(["a"]))
    other = xla_client.make_cpu_client()
    with pytest.raises(XlaRuntimeError, match="not a device of this client"):
        client.buffer_from_pyval(np.ones(2), other.devices()[0])


def test_deleted_array_raises(client):
    x = client.buffer_from_pyval(np.ones(4, np.float32))
    x.delete()
    assert x.is_deleted()
    x.delete()  # deleting twice is harmless
    for use in (np.asarray, lambda a: a.block_until_ready(), lambda a: a.is_ready(),
                lambda a: a.clone(), lambda a: a.on_device_size_in_bytes()):
        with pytest.raises(XlaRuntimeError, match="deleted"):
            use(x)
    assert x._arrays is None  # as the reference: jax reads it to see deletion
    assert "deleted" in repr(x)


def test_clone_is_independent(client):
    data = np.arange(10, dtype=np.int32)
    x = client.buffer_from_pyval(data, client.devices()[2])
    y = x.clone()
    assert y.device is x.device
    assert y.unsafe_buffer_pointer() != x.unsafe_buffer_pointer()
    x.delete()
    np.testing.assert_array_equal(np.asarray(y), data)


def test_arrays_of_a_single_device_array(client):
    x = client.buffer_from_pyval(np.arange(6.0).reshape(2, 3))
    (shard,) = x._arrays
    assert shard.shape == (2, 3)
    assert shard.unsafe_buffer_pointer() == x.unsafe_buffer_pointer()
    assert x.traceback is not None
    assert any(f.file_name.endswith("test_array.py") for f in x.traceback.frames)


def test_live_buffers_and_arrays(client):
    fresh = xla_client.make_cpu_client()
    assert fresh.live_buffers() == [] and fresh.live_arrays() == []
    a = fresh.buffer_from_pyval(np.ones(3))
    b = fresh.buffer_from_pyval(np.zeros(5))
    assert len(fresh.live_buffers()) == 2
    shapes = sorted(arr.shape for arr in fresh.live_arrays())
    assert shapes == [(3,), (5,)]
    a.delete()
    assert [x.shape for x in fresh.live_arrays()] == [(5,)]
    del b
    assert fresh.live_executables() == []


def _sharded(client, data, n):
    devices = client.devices()[:n]
    mesh = xla_client.Mesh(np.array(devices), ("x",))
    sharding = xla_client.NamedSharding(mesh, xla_client.PartitionSpec("x"))
    chunks = np.split(data, n)
    aval = xla_client.ShapedArray(data.shape, data.dtype)
    return xla_client.batched_device_put(aval, sharding, chunks, devices, committed=True)


def test_batched_device_put_and_assembly(client):
    data = np.arange(16, dtype=np.float32).reshape(8, 2)
    x = _sharded(client, data, 4)
    assert x.shape == (8, 2)
    assert len(x._arrays) == 4
    assert [a.device.id for a in x._arrays] == [0, 1, 2, 3]
    assert [a.shape for a in x._arrays] == [(2, 2)] * 4
    np.testing.assert_array_equal(np.asarray(x), data)
    np.testing.assert_array_equal(np.asarray(x._arrays[2]), data[4:6])
    assert x.on_device_size_in_bytes() == data.nbytes
    assert x.devices() == set(client.devices())


def test_batched_device_put_of_arrays_moves_them_to_the_memory_kind(client):
    device = client.devices()[0]
    x = client.buffer_from_pyval(np.arange(4, dtype=np.float32), device)
    aval = xla_client.ShapedArray((4,), np.float32)
    same = xla_client.batched_device_put(aval, xla_client.SingleDeviceSharding(device),
                                         [x], [device])
    assert same._buffers[0] is x._buffers[0]  # already there: not copied
    host = xla_client.SingleDeviceSharding(device, memory_kind="pinned_host")
    moved = xla_client.batched_device_put(aval, host, [x], [device])
    assert moved._buffers[0].memory_kind == "pinned_host"
    np.testing.assert_array_equal(np.asarray(moved), np.arange(4, dtype=np.float32))


def test_batched_device_put_checks_shards(client):
    devices = client.devices()[:2]
    mesh = xla_client.Mesh(np.array(devices), ("x",))
    sharding = xla_client.NamedSharding(mesh, xla_client.PartitionSpec("x"))
    aval = xla_client.ShapedArray((4,), np.float32)
    with pytest.raises(ValueError, match="Expected shard shape \\(2,\\) doesn't match"):
        xla_client.batched_device_put(
            aval, sharding, [np.ones(3, np.float32), np.ones(1, np.float32)], devices)
    with pytest.raises(XlaRuntimeError, match="2 shards for 1 devices"):
        xla_client.batched_device_put(aval, sharding, [np.ones(2)] * 2, devices[:1])


def test_replicated_array(client):
    devices = client.devices()[:3]
    mesh = xla_client.Mesh(np.array(devices), ("x",))
    sharding = xla_client.NamedSharding(mesh, xla_client.PartitionSpec())
    data = np.arange(5, dtype=np.int64)
    aval = xla_client.ShapedArray(data.shape, data.dtype)
    x = xla_client.batched_device_put(aval, sharding, [data] * 3, devices)
    assert not x.committed
    np.testing.assert_array_equal(np.asarray(x), data)
    assert x.on_device_size_in_bytes() == 3 * data.nbytes


def test_array_impl_constructor_and_result_handler(client):
    devices = client.devices()[:2]
    shards = [client.buffer_from_pyval(np.full(2, i, np.float32), d)
              for i, d in enumerate(devices)]
    mesh = xla_client.Mesh(np.array(devices), ("x",))
    sharding = xla_client.NamedSharding(mesh, xla_client.PartitionSpec("x"))
    aval = xla_client.ShapedArray((4,), np.float32)
    handler = xla_client.array_result_handler(aval, sharding, committed=True)
    x = handler(list(reversed(shards)))  # shards are put into device order
    np.testing.assert_array_equal(np.asarray(x), [0, 0, 1, 1])
    y = xla_client.ArrayImpl(aval, sharding, shards, committed=False)
    np.testing.assert_array_equal(np.asarray(y), [0, 0, 1, 1])
    # The reference's errors, word for word (jax's array_test matches them).
    with pytest.raises(ValueError, match="Expected 2 per-device arrays \\(this is how many"):
        xla_client.ArrayImpl(aval, sharding, shards[:1], committed=False)
    with pytest.raises(ValueError, match="must be from distinct devices"):
        xla_client.ArrayImpl(aval, sharding, [shards[0], shards[0]], committed=False)
    others = [client.buffer_from_pyval(np.full(2, i, np.float32), d)
              for i, d in enumerate(client.devices()[2:4])]
    with pytest.raises(ValueError, match="Sharding contains devices \\{0, 1\\} that are not "
                       "present in per-device arrays. Per-device arrays contain devices "
                       "\\{2, 3\\}"):
        xla_client.ArrayImpl(aval, sharding, others, committed=False)
    ints = [client.buffer_from_pyval(np.full(2, i, np.int32), d)
            for i, d in enumerate(devices)]
    with pytest.raises(ValueError, match="must have matching dtypes. Got int32, expected "
                       "float32"):
        xla_client.ArrayImpl(aval, sharding, ints, committed=False)


def test_copy_semantics(client):
    devices = client.devices()
    src = _sharded(client, np.arange(4, dtype=np.float32), 2)
    src_ptrs = [a.unsafe_buffer_pointer() for a in src._arrays]
    same = xla_client.DeviceList(tuple(devices[:2]))
    moved = xla_client.DeviceList(tuple(devices[2:4]))
    mesh_moved = xla_client.Mesh(np.array(devices[2:4]), ("x",))
    sharding_moved = xla_client.NamedSharding(mesh_moved, xla_client.PartitionSpec("x"))

    (copied,) = xla_client.batched_copy_array_to_devices_with_sharding(
        [src], [same], [src.sharding], [ArrayCopySemantics.ALWAYS_COPY])
    assert [a.unsafe_buffer_pointer() for a in copied._arrays] != src_ptrs
    (reused,) = xla_client.batched_copy_array_to_devices_with_sharding(
        [src], [same], [src.sharding], [ArrayCopySemantics.REUSE_INPUT])
    assert [a.unsafe_buffer_pointer() for a in reused._arrays] == src_ptrs
    assert not src.is_deleted()
    (elsewhere,) = xla_client.batched_copy_array_to_devices_with_sharding(
        [src], [moved], [sharding_moved], [ArrayCopySemantics.REUSE_INPUT])
    assert [a.device.id for a in elsewhere._arrays] == [2, 3]
    np.testing.assert_array_equal(np.asarray(elsewhere), [0, 1, 2, 3])

    (donated,) = xla_client.batched_copy_array_to_devices_with_sharding(
        [src], [same], [src.sharding], [ArrayCopySemantics.DONATE_INPUT])
    assert src.is_deleted()
    with pytest.raises(XlaRuntimeError, match="donated"):
        np.asarray(src)
    np.testing.assert_array_equal(np.asarray(donated), [0, 1, 2, 3])
    with pytest.raises(XlaRuntimeError, match="equally long"):
        xla_client.batched_copy_array_to_devices_with_sharding(
            [donated], [], [], [])


def test_reorder_shards(client):
    devices = client.devices()[:2]
    x = _sharded(client, np.arange(4, dtype=np.float32), 2)
    mesh_rev = xla_client.Mesh(np.array(devices[::-1]), ("x",))
    rev = xla_client.NamedSharding(mesh_rev, xla_client.PartitionSpec("x"))
    y = xla_client.reorder_shards(x, rev, ArrayCopySemantics.REUSE_INPUT)
    assert [a.device.id for a in y._arrays] == [1, 0]
    # Each device keeps its buffer; only the order of the shards changes.
    np.testing.assert_array_equal(np.asarray(y._arrays[0]), [2, 3])
    assert y._arrays[0].unsafe_buffer_pointer() == x._arrays[1].unsafe_buffer_pointer()
    other = xla_client.NamedSharding(
        xla_client.Mesh(np.array(client.devices()[2:4]), ("x",)),
        xla_client.PartitionSpec("x"))
    with pytest.raises(XlaRuntimeError, match="same devices"):
        xla_client.reorder_shards(x, other, ArrayCopySemantics.ALWAYS_COPY)
    z = xla_client.reorder_shards(x, rev, ArrayCopySemantics.DONATE_INPUT)
    assert x.is_deleted() and not z.is_deleted()


def test_batched_block_until_ready(client):
    arrays = [client.buffer_from_pyval(np.full(100_000, i, np.float64)) for i in range(5)]
    xla_client.batched_block_until_ready(arrays)
    assert all(a.is_ready() for a in arrays)


def test_execution_stream_id_context_manager():
    assert xla_client.get_execution_stream_id() == 0
    with xla_client.execution_stream_id(42):
        assert xla_client.get_execution_stream_id() == 42
        seen = []
        t = threading.Thread(target=lambda: seen.append(xla_client.get_execution_stream_id()))
        t.start()
        t.join()
        assert seen == [0]  # per thread
        with xla_client.execution_stream_id(7):
            assert xla_client.get_execution_stream_id() == 7
        assert xla_client.get_execution_stream_id() == 42
    assert xla_client.get_execution_stream_id() == 0


def test_pickles_as_host_value(client):
    import pickle

    x = client.buffer_from_pyval(np.arange(3, dtype=np.int16))
    y = pickle.loads(pickle.dumps(x))
    assert isinstance(y, np.ndarray) and y.dtype == np.int16
    np.testing.assert_array_equal(y, [0, 1, 2])


def test_arrays_export_the_buffer_protocol(client):
    import ml_dtypes

    data = np.arange(12, dtype=np.float32).reshape(3, 4)
    x = client.buffer_from_pyval(data)
    view = memoryview(x)
    assert view.readonly and view.shape == (3, 4) and view.format == "f"
    assert view.tobytes() == data.tobytes()
    x.delete()  # the view holds the host value: it stays readable
    assert view.tobytes() == data.tobytes()
    with pytest.raises(BufferError, match="Buffers of type BF16 are not supported"):
        memoryview(client.buffer_from_pyval(np.ones(2, ml_dtypes.bfloat16)))
    with pytest.raises(BufferError, match="deleted"):
        memoryview(x)
