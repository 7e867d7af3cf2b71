"""What ``jax.experimental.buffer_callback`` hands its Python callback.

XLA's buffer-callback targets (``xla_buffer_python_cpu_callback``, and the
GPU's) call the callback with an execution context and one ``Buffer`` per
operand and result: the operands' read-only, the results' writeable, which the
callback fills in place. A ``Buffer`` wraps an array of the executor's: numpy
memory on the CPU (``__array__``, ``__dlpack__``), device memory on a GPU
(``__cuda_array_interface__``, ``__dlpack__``); it is valid during the call only.
"""

from __future__ import annotations

import enum
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError


class ExecutionStage(enum.IntEnum):
    """XLA FFI's execution stages (a buffer callback runs at EXECUTE)."""

    INSTANTIATE = 0
    PREPARE = 1
    INITIALIZE = 2
    EXECUTE = 3


class ExecutionContext:
    """The call's context: its stage, and on a GPU the computation's stream."""

    def __init__(self, stage: ExecutionStage = ExecutionStage.EXECUTE,
                 stream: int | None = None) -> None:
        self._stage = ExecutionStage(stage)
        self._stream = stream

    @property
    def stage(self) -> ExecutionStage:
        return self._stage

    @property
    def stream(self) -> int:
        """The CUDA/ROCm stream the program runs on (its handle, an int)."""
        if self._stream is None:
            raise XlaRuntimeError("INTERNAL: XLA FFI GPU context is not available")
        return self._stream

    def __repr__(self) -> str:
        return f"ExecutionContext(stage={self._stage.name})"


class Buffer:
    """One operand's or result's memory during a buffer callback."""

    def __init__(self, array: Any, writeable: bool, dtype: Any = None,
                 on_device: bool = False) -> None:
        # ``dtype``: the logical type where ``array`` carries another's bits
        # (a GPU's bfloat16 as uint16); ``on_device``: numpy memory that
        # stands for a device's (mock GPUs), described as device memory too
        self._array = array
        self._writeable = bool(writeable)
        self._dtype = np.dtype(dtype if dtype is not None else array.dtype)
        self._on_device = on_device

    @property
    def dtype(self) -> np.dtype:
        return self._dtype

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(int(d) for d in self._array.shape)

    @property
    def writeable(self) -> bool:
        return self._writeable

    def _host(self) -> np.ndarray:
        if not isinstance(self._array, np.ndarray):
            raise TypeError("this buffer lives on a GPU: read it through "
                            "__cuda_array_interface__ or DLPack, not as a numpy array")
        view = self._array.view(self._dtype) if self._array.dtype != self._dtype \
            else self._array.view()
        view.flags.writeable = self._writeable
        return view

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        view = self._host()
        if copy:
            view = view.copy()
        return view if dtype is None else view.astype(dtype, copy=bool(copy))

    def __dlpack__(self, **kwargs: Any) -> Any:
        if isinstance(self._array, np.ndarray):
            return self._host().__dlpack__(**kwargs)
        return self._array.__dlpack__(**kwargs)

    def __dlpack_device__(self) -> tuple[int, int]:
        return self._array.__dlpack_device__()

    @property
    def __cuda_array_interface__(self) -> dict:
        if isinstance(self._array, np.ndarray):
            if not self._on_device:
                raise AttributeError("a host buffer has no __cuda_array_interface__")
            host = self._array.__array_interface__
            interface = {"shape": host["shape"], "strides": host["strides"],
                         "data": host["data"], "version": 3, "stream": None}
        else:
            interface = dict(self._array.__cuda_array_interface__)
        interface["typestr"] = self._dtype.str
        interface["data"] = (interface["data"][0], not self._writeable)
        return interface

    def __repr__(self) -> str:
        access = "writeable" if self._writeable else "read-only"
        return f"Buffer({self._dtype}{list(self.shape)}, {access})"
