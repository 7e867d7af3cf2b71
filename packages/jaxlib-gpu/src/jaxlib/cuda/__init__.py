"""The CUDA driver as seen from jaxlib-gpu: is it there, and how many GPUs."""

from __future__ import annotations

import ctypes

from jaxlib._src.base.errors import XlaRuntimeError

_LIBRARY = "libcuda.so.1"


def _driver() -> ctypes.CDLL:
    try:
        return ctypes.CDLL(_LIBRARY)
    except OSError as err:
        raise XlaRuntimeError(
            f"NOT_FOUND: no CUDA driver: {_LIBRARY} could not be loaded ({err})"
        ) from None


def _check(lib: ctypes.CDLL, status: int, call: str) -> None:
    if status != 0:
        raise XlaRuntimeError(f"INTERNAL: {call} failed with CUDA error {status}")


def driver_version() -> int:
    """The CUDA driver API version, e.g. 12040 for 12.4."""
    lib = _driver()
    version = ctypes.c_int()
    _check(lib, lib.cuDriverGetVersion(ctypes.byref(version)), "cuDriverGetVersion")
    return version.value


def device_count() -> int:
    lib = _driver()
    _check(lib, lib.cuInit(0), "cuInit")
    count = ctypes.c_int()
    _check(lib, lib.cuDeviceGetCount(ctypes.byref(count)), "cuDeviceGetCount")
    return count.value


# cuPointerGetAttribute's attribute: the ordinal of the device an allocation is on.
_CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9


def pointer_device_ordinal(pointer: int) -> int:
    """The ordinal of the GPU whose memory ``pointer`` points into."""
    lib = _driver()
    _check(lib, lib.cuInit(0), "cuInit")
    ordinal = ctypes.c_int()
    _check(lib, lib.cuPointerGetAttribute(ctypes.byref(ordinal),
                                          _CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                          ctypes.c_void_p(pointer)),
           "cuPointerGetAttribute")
    return ordinal.value
