"""The ROCm (HIP) runtime as seen from jaxlib-gpu: is it there, and how many GPUs."""

from __future__ import annotations

import ctypes

from jaxlib._src.base.errors import XlaRuntimeError

_LIBRARY = "libamdhip64.so"


def _runtime() -> ctypes.CDLL:
    try:
        return ctypes.CDLL(_LIBRARY)
    except OSError as err:
        raise XlaRuntimeError(
            f"NOT_FOUND: no ROCm runtime: {_LIBRARY} could not be loaded ({err})"
        ) from None


def device_count() -> int:
    lib = _runtime()
    count = ctypes.c_int()
    status = lib.hipGetDeviceCount(ctypes.byref(count))
    if status != 0:
        raise XlaRuntimeError(f"INTERNAL: hipGetDeviceCount failed with HIP error {status}")
    return count.value
