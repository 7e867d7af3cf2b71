"""DLPack: an array's buffer exported as a DLPack capsule, and a capsule
imported as an array, sharing memory where the memory allows. Also the CUDA
array interface's import (``cuda_array_interface_to_buffer``).

The capsules are the legacy ``"dltensor"`` kind (what jax 0.10.2 asks for).
Each client makes and reads them with its own array library: numpy for host
memory (the CPU client, ``Buffer._dlpack_source`` / ``Client._buffer_from_dlpack``),
CuPy for GPU memory (jaxlib-gpu). numpy has no DLPack codes for bfloat16 and
the float8 types, so they go through as unsigned integers of their width with
the capsule's type code set to DLPack's (``kDLBfloat``, ``kDLFloat8_*``) on the
way out and read back on the way in.
"""

from __future__ import annotations

import ctypes
from typing import Any

import ml_dtypes
import numpy as np

from jaxlib._src.base.errors import invalid_argument, unimplemented

_NAME = b"dltensor"
# Offsets into DLManagedTensor (its first member is the DLTensor): data (8 bytes),
# device {int32 device_type, int32 device_id}, int32 ndim, dtype {uint8 code,
# uint8 bits, uint16 lanes}.
_DEVICE_TYPE, _DEVICE_ID, _CODE, _BITS, _LANES = 8, 12, 20, 21, 22
_KDL_UINT = 1
# Types numpy cannot name in DLPack: DLPack's type code of each, carried as
# unsigned integers of the same width.
_CODED_TYPES: dict[np.dtype, int] = {
    np.dtype(getattr(ml_dtypes, name)): code for name, code in (
        ("bfloat16", 4), ("float8_e3m4", 7), ("float8_e4m3", 8), ("float8_e4m3b11fnuz", 9),
        ("float8_e4m3fn", 10), ("float8_e4m3fnuz", 11), ("float8_e5m2", 12),
        ("float8_e5m2fnuz", 13), ("float8_e8m0fnu", 14))
    if hasattr(ml_dtypes, name)}  # (older ml_dtypes lack some)
_CODED_BY_CODE = {code: dtype for dtype, code in _CODED_TYPES.items()}
_CARRIERS = {1: np.dtype(np.uint8), 2: np.dtype(np.uint16)}

# DLPack's device types this jaxlib's clients read.
KDL_CPU, KDL_CUDA, KDL_CUDA_HOST, KDL_ROCM = 1, 2, 3, 10

_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_get_pointer.restype = ctypes.c_void_p
_get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_is_valid = ctypes.pythonapi.PyCapsule_IsValid
_is_valid.restype = ctypes.c_int
_is_valid.argtypes = [ctypes.py_object, ctypes.c_char_p]


def _tensor_address(capsule: Any) -> int:
    if type(capsule).__name__ != "PyCapsule" or not _is_valid(capsule, _NAME):
        raise TypeError("expected an unconsumed DLPack capsule (named 'dltensor'), got "
                        f"{type(capsule).__name__}")
    return int(_get_pointer(capsule, _NAME))


def _field(address: int, offset: int, ctype: Any) -> Any:
    return ctype.from_address(address + offset)


class CapsuleSource:
    """A capsule as the object numpy's and CuPy's ``from_dlpack`` read (an
    array with ``__dlpack__`` and ``__dlpack_device__``)."""

    def __init__(self, capsule: Any, device: tuple[int, int]):
        self._capsule = capsule
        self._device = device

    def __dlpack__(self, **kwargs: Any) -> Any:
        return self._capsule

    def __dlpack_device__(self) -> tuple[int, int]:
        return self._device


def buffer_to_dlpack_managed_tensor(array: Any, stream: Any = None) -> Any:
    """A DLPack capsule over ``array``'s single buffer (its memory, not a
    copy: the consumer sees what the array holds)."""
    buffers = getattr(array, "_buffers", None)
    if buffers is None:
        raise TypeError(f"expected a jax array, got {type(array).__name__}")
    if len(buffers) != 1:
        raise BufferError("a DLPack tensor holds one device's buffer; this array has "
                          f"{len(buffers)}")
    buffer = buffers[0]
    buffer.check_alive()
    buffer.block_until_ready()
    source = buffer._dlpack_source()
    code = _CODED_TYPES.get(np.dtype(buffer.dtype))
    if code is not None:
        source = source.view(_CARRIERS[np.dtype(buffer.dtype).itemsize])
    try:
        capsule = source.__dlpack__() if stream is None else source.__dlpack__(stream=stream)
    except (TypeError, ValueError, RuntimeError) as err:  # e.g. a type DLPack cannot name
        raise BufferError(f"cannot export {np.dtype(buffer.dtype).name}"
                          f"{list(buffer.shape)} through DLPack: {err}") from None
    if code is not None:
        _field(_tensor_address(capsule), _CODE, ctypes.c_uint8).value = code
    return capsule


def dlpack_managed_tensor_to_buffer(tensor: Any, device: Any, stream: Any = None,
                                    copy: bool | None = None,
                                    dl_device_type: int | None = None) -> Any:
    """The array over a DLPack capsule's tensor on ``device``: sharing its
    memory unless ``copy`` is true or the memory cannot be used in place
    (``copy=False`` then is an error)."""
    from jaxlib._src.runtime.array import client_aval, single_device_array

    address = _tensor_address(tensor)
    code = _field(address, _CODE, ctypes.c_uint8).value
    bits = _field(address, _BITS, ctypes.c_uint8).value
    lanes = _field(address, _LANES, ctypes.c_uint16).value
    where = (_field(address, _DEVICE_TYPE, ctypes.c_int32).value,
             _field(address, _DEVICE_ID, ctypes.c_int32).value)
    if lanes != 1:
        raise invalid_argument(f"DLPack tensors of vector types ({lanes} lanes) are not "
                               "supported")
    view_as = _CODED_BY_CODE.get(code)
    if view_as is not None:
        if bits != 8 * view_as.itemsize:
            raise invalid_argument(f"DLPack type code {code} ({view_as.name}) with {bits} "
                                   "bits is not supported")
        _field(address, _CODE, ctypes.c_uint8).value = _KDL_UINT  # read as unsigned ints
    buffer = device.client._buffer_from_dlpack(device, CapsuleSource(tensor, where), copy,
                                               view_as)
    array = single_device_array(buffer)
    array.aval = client_aval(buffer.shape, buffer.dtype)  # handed to jax as it is
    return array


def host_value_from_dlpack(source: CapsuleSource, view_as: np.dtype | None) -> np.ndarray:
    """A host tensor's numpy view (read-only, sharing the producer's memory)."""
    device_type = source.__dlpack_device__()[0]
    if device_type not in (KDL_CPU, KDL_CUDA_HOST):
        raise invalid_argument(f"a DLPack tensor on device type {device_type} cannot be "
                               "placed on a host device")
    value = np.from_dlpack(source)
    return value.view(view_as) if view_as is not None else value


def _row_major_strides(shape: tuple[int, ...], itemsize: int) -> tuple[int, ...]:
    strides, step = [], itemsize
    for size in reversed(shape):
        strides.append(step)
        step *= max(size, 1)
    return tuple(reversed(strides))


def cuda_array_interface_to_buffer(cai: dict, gpu_backend: Any = None,
                                   device_id: int | None = None) -> Any:
    """The array over a ``__cuda_array_interface__`` (versions 2 and 3): the
    producer's GPU memory in place, on ``gpu_backend``'s GPU ``device_id``
    (by default the one holding the data). Dense row-major arrays only, as XLA."""
    from jaxlib._src.runtime.array import client_aval, single_device_array

    make = getattr(gpu_backend, "_buffer_from_cuda_array_interface", None)
    if make is None:
        raise invalid_argument("cuda_array_interface_to_buffer needs a CUDA backend "
                               f"(gpu_backend), got {type(gpu_backend).__name__}")
    if not isinstance(cai, dict):
        raise invalid_argument("expected the __cuda_array_interface__ dict, got "
                               f"{type(cai).__name__}")
    for key in ("shape", "typestr", "data"):
        if key not in cai:
            raise invalid_argument(f"__cuda_array_interface__ has no {key!r} entry")
    if cai.get("mask") is not None:
        raise unimplemented("__cuda_array_interface__ arrays with a mask are not supported")
    shape = tuple(int(size) for size in cai["shape"])
    try:
        dtype = np.dtype(cai["typestr"])
    except TypeError:
        raise invalid_argument(f"__cuda_array_interface__ type string {cai['typestr']!r} "
                               "names no array type") from None
    strides = cai.get("strides")
    # (Strides of an empty array or of size-1 dimensions say nothing.)
    if strides is not None and 0 not in shape and any(size > 1 for size in shape):
        dense = _row_major_strides(shape, dtype.itemsize)
        if any(given != want for given, want, size in zip(strides, dense, shape)
               if size > 1) or len(strides) != len(shape):
            raise unimplemented(f"__cuda_array_interface__ strides {tuple(strides)} of a "
                                f"{dtype.name}{list(shape)} array: only dense row-major "
                                "arrays are supported")
    buffer = make(cai, shape, dtype, device_id)
    array = single_device_array(buffer)
    array.aval = client_aval(buffer.shape, buffer.dtype)
    return array
