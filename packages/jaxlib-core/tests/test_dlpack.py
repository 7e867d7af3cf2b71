"""DLPack: ``_jax.buffer_to_dlpack_managed_tensor`` and
``_jax.dlpack_managed_tensor_to_buffer`` (what ``jax.dlpack`` calls) on the
CPU client: memory shared both ways where it can be, copies where it cannot,
bfloat16 through DLPack's bfloat code, errors for what cannot be done."""

from __future__ import annotations

import ctypes

import ml_dtypes
import numpy as np
import pytest

from jaxlib import _jax, xla_client
from jaxlib.xla_client import XlaRuntimeError


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client()


class Source:
    """A capsule as numpy's from_dlpack reads it."""

    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)


DTYPES = [np.float32, np.float64, np.int8, np.int64, np.uint16, np.complex64, np.bool_,
          np.float16]


@pytest.mark.parametrize("dtype", DTYPES)
def test_export_shares_the_buffer(client, dtype):
    x = (np.arange(12) % 3).astype(dtype).reshape(3, 4)
    array = client.buffer_from_pyval(x)
    capsule = _jax.buffer_to_dlpack_managed_tensor(array)
    value = np.from_dlpack(Source(capsule))
    np.testing.assert_array_equal(value, x)
    assert value.ctypes.data == array.unsafe_buffer_pointer()


@pytest.mark.parametrize("dtype", DTYPES)
def test_import_uses_aligned_memory_in_place(client, dtype):
    x = (np.arange(16) % 5).astype(dtype)
    array = _jax.dlpack_managed_tensor_to_buffer(x.__dlpack__(), client.devices()[0], None, None)
    np.testing.assert_array_equal(np.asarray(array), x)
    if x.ctypes.data % 16 == 0:
        assert array.unsafe_buffer_pointer() == x.ctypes.data
    copied = _jax.dlpack_managed_tensor_to_buffer(x.__dlpack__(), client.devices()[0], None, True)
    assert copied.unsafe_buffer_pointer() != x.ctypes.data
    np.testing.assert_array_equal(np.asarray(copied), x)


@pytest.mark.parametrize("dtype, code", [(ml_dtypes.bfloat16, 4),
                                         (ml_dtypes.float8_e4m3fn, 10),
                                         (ml_dtypes.float8_e5m2, 12),
                                         (ml_dtypes.float8_e4m3fnuz, 11)])
def test_bfloat16_and_float8_round_trip_through_their_dlpack_codes(client, dtype, code):
    x = np.array([1.5, -2.0, 3.25], dtype)
    array = client.buffer_from_pyval(x)
    capsule = _jax.buffer_to_dlpack_managed_tensor(array)
    address = ctypes.pythonapi.PyCapsule_GetPointer
    address.restype, address.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    assert ctypes.c_uint8.from_address(address(capsule, b"dltensor") + 20).value == code
    back = _jax.dlpack_managed_tensor_to_buffer(capsule, client.devices()[0], None, None)
    assert back.dtype == dtype
    np.testing.assert_array_equal(np.asarray(back), x)


def test_unaligned_or_strided_tensors_are_copied_or_refused(client):
    device = client.devices()[0]
    unaligned = np.zeros(17, np.uint8)[1:]
    with pytest.raises(XlaRuntimeError, match="is not aligned to 16 bytes"):
        _jax.dlpack_managed_tensor_to_buffer(unaligned.__dlpack__(), device, None, False)
    copied = _jax.dlpack_managed_tensor_to_buffer(unaligned.__dlpack__(), device, None, None)
    np.testing.assert_array_equal(np.asarray(copied), unaligned)
    strided = np.arange(12.0).reshape(3, 4)[:, ::2]
    array = _jax.dlpack_managed_tensor_to_buffer(strided.__dlpack__(), device, None, None)
    np.testing.assert_array_equal(np.asarray(array), strided)


def test_bad_capsules_and_arrays_are_errors(client):
    device = client.devices()[0]
    x = np.arange(4.0)
    capsule = x.__dlpack__()
    _jax.dlpack_managed_tensor_to_buffer(capsule, device, None, None)
    with pytest.raises(TypeError, match="unconsumed DLPack capsule"):
        _jax.dlpack_managed_tensor_to_buffer(capsule, device, None, None)  # consumed
    with pytest.raises(TypeError, match="DLPack capsule"):
        _jax.dlpack_managed_tensor_to_buffer(x, device, None, None)
    deleted = client.buffer_from_pyval(x)
    deleted.delete()
    with pytest.raises(XlaRuntimeError, match="deleted"):
        _jax.buffer_to_dlpack_managed_tensor(deleted)


def test_devices_for_dlpack(client):
    device = client.devices()[0]
    assert client.device_from_local_hardware_id(device.local_hardware_id) is device
    with pytest.raises(XlaRuntimeError, match="no local cpu device has hardware id 99"):
        client.device_from_local_hardware_id(99)
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED"):
        device.get_stream_for_external_ready_events()
    array = client.buffer_from_pyval(np.zeros(2))
    assert array.platform() == "cpu"
    with pytest.raises(AttributeError, match="only defined for NVidia GPU buffers"):
        array.__cuda_array_interface__  # noqa: B018
