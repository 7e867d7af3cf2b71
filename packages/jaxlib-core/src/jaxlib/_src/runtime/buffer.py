"""One device's storage of one array shard.

A ``Buffer`` owns either a native 64-byte aligned ``HostBuffer`` charged to
its device, or (ZERO_COPY) the caller's numpy array it aliases. Work that
fills it may still be running on the device stream: ``_event`` is then the
native event to wait on, and ``_keepalive`` holds what that work reads until
it has finished.
"""

from __future__ import annotations

import enum
import re
import threading
from typing import TYPE_CHECKING, Any

import numpy as np

from jaxlib import _native
from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument
from jaxlib._src.runtime.traceback import Traceback

if TYPE_CHECKING:  # pragma: no cover
    from jaxlib._src.runtime.device import Device

# The status code names an error message starts with (absl's canonical codes).
_STATUS_PREFIX = re.compile(
    r"(CANCELLED|UNKNOWN|INVALID_ARGUMENT|DEADLINE_EXCEEDED|NOT_FOUND|ALREADY_EXISTS|"
    r"PERMISSION_DENIED|RESOURCE_EXHAUSTED|FAILED_PRECONDITION|ABORTED|OUT_OF_RANGE|"
    r"UNIMPLEMENTED|INTERNAL|UNAVAILABLE|DATA_LOSS|UNAUTHENTICATED): ")

# XLA's CPU runtime needs at least this alignment to use a host buffer in place.
ZERO_COPY_ALIGNMENT = 16


class HostBufferSemantics(enum.IntEnum):
    """How long the runtime may read the caller's host buffer."""

    IMMUTABLE_ONLY_DURING_CALL = 0
    IMMUTABLE_UNTIL_TRANSFER_COMPLETES = 1
    ZERO_COPY = 2


class ArrayCopySemantics(enum.IntEnum):
    """What copying an array to devices may do with the source buffers."""

    ALWAYS_COPY = 0
    REUSE_INPUT = 1
    DONATE_INPUT = 2


def can_alias(value: np.ndarray) -> bool:
    """Whether a numpy array (of a supported dtype) can be used in place as a
    device buffer."""
    return (
        value.flags.c_contiguous
        and value.dtype.isnative
        and value.ctypes.data % ZERO_COPY_ALIGNMENT == 0
    )


class Buffer:
    """Storage of one shard on one device."""

    __slots__ = (
        "device", "shape", "dtype", "memory_kind", "traceback", "_storage",
        "_view_cache", "_event", "_keepalive", "_failure", "_deleted", "_donated", "_layout",
        "__weakref__",
    )

    def __init__(
        self,
        device: Device,
        shape: tuple[int, ...],
        dtype: np.dtype,
        memory_kind: str | None = None,
    ):
        self.device = device
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self.memory_kind = memory_kind or device.default_memory().kind
        self.traceback = Traceback.get_traceback()
        self._storage: Any = None  # HostBuffer, or the aliased numpy array
        self._view_cache: np.ndarray | None = None
        self._event: Any = None
        self._keepalive: Any = None
        self._failure: list[BaseException] | None = None
        self._deleted = False
        self._donated = False
        # The order of the elements in memory, major to minor (None: row-major);
        # views show the logical array whatever the layout.
        self._layout: tuple[int, ...] | None = None
        device.client._track_buffer(self)

    # -- construction -------------------------------------------------------

    @classmethod
    def allocate(cls, device: Device, shape, dtype, memory_kind=None,
                 layout: tuple[int, ...] | None = None) -> Buffer:
        """``layout``: the elements' order in memory, major to minor (None:
        row-major)."""
        buf = cls(device, shape, dtype, memory_kind)
        buf._layout = layout
        nbytes = int(np.prod(buf.shape, dtype=np.int64)) * buf.dtype.itemsize
        storage = _host_buffer(device, nbytes)
        buf._storage = storage
        view = _view_of(storage, buf.shape, buf.dtype, layout)
        view.flags.writeable = False  # device memory changes only through the runtime
        buf._view_cache = view
        return buf

    @classmethod
    def _allocate_bytes(cls, device: Device, shape: tuple[int, ...], dtype: np.dtype,
                        nbytes: int) -> Buffer:
        """``allocate`` for callers that know the byte size; the numpy view is
        made when first needed."""
        buf = cls(device, shape, dtype)
        buf._storage = _host_buffer(device, nbytes)
        return buf

    @classmethod
    def _allocate_outputs(cls, device: Device, specs: list, memory_kind: str,
                          traceback: Traceback | None) -> list[Buffer]:
        """``_allocate_bytes`` for each (shape tuple, dtype, nbytes, ...) of
        ``specs``, all with ``traceback`` (one capture per execution): the
        executables' dispatch hot path. Sets what ``__init__`` sets."""
        return [cls._fresh(device, spec[0], spec[1], memory_kind, traceback,
                           _host_buffer(device, spec[2])) for spec in specs]

    @classmethod
    def _fresh(cls, device: Device, shape: tuple[int, ...], dtype: np.dtype,
               memory_kind: str, traceback: Traceback | None, storage: Any,
               event: Any = None) -> Buffer:
        """A buffer over ``storage`` with its fields given (no checks, no
        traceback capture): what ``__init__`` sets, for the dispatch hot paths."""
        buf = object.__new__(cls)
        buf.device = device
        buf.shape = shape
        buf.dtype = dtype
        buf.memory_kind = memory_kind
        buf.traceback = traceback
        buf._storage = storage
        buf._view_cache = None
        buf._event = event
        buf._keepalive = None
        buf._failure = None
        buf._deleted = False
        buf._donated = False
        buf._layout = None
        device.client._track_buffer(buf)
        return buf

    @classmethod
    def alias(cls, device: Device, value: np.ndarray, memory_kind=None) -> Buffer:
        """A buffer that uses ``value``'s memory in place (ZERO_COPY)."""
        buf = cls(device, value.shape, value.dtype, memory_kind)
        buf._storage = value
        view = value.view()
        view.flags.writeable = False
        buf._view_cache = view
        return buf

    @classmethod
    def from_host(
        cls,
        device: Device,
        value: np.ndarray,
        semantics: HostBufferSemantics,
        memory_kind: str | None = None,
        force_copy: bool = False,
    ) -> Buffer:
        if (
            semantics == HostBufferSemantics.ZERO_COPY
            and not force_copy
            and can_alias(value)
        ):
            return cls.alias(device, value, memory_kind)
        buf = cls.allocate(device, value.shape, value.dtype, memory_kind)
        source = np.ascontiguousarray(value)
        if (
            semantics == HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL
            or not device.client.asynchronous
            or source.nbytes == 0
        ):
            # The caller may overwrite its buffer as soon as we return.
            np.copyto(buf._writable_view(), source)
        else:
            event = device.client._stream(device).enqueue_copy(
                buf._storage, source.ctypes.data, source.nbytes
            )
            buf._set_pending(event, source)
        return buf

    def copy_to(self, device: Device, memory_kind: str | None = None) -> Buffer:
        """A new buffer on ``device`` with this buffer's contents."""
        self.check_alive()
        if device.client is not self.device.client:  # another platform: through the host
            return device.client._buffer_from_host(
                device, self.ndarray(), HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL,
                memory_kind, True)
        return self._copy_within_client(device, memory_kind)

    def _copy_within_client(self, device: Device, memory_kind: str | None) -> Buffer:
        """``copy_to`` a device of this buffer's client (other platforms'
        buffers copy on their own devices)."""
        # The bytes are copied as they are: the copy keeps the layout.
        out = Buffer.allocate(device, self.shape, self.dtype, memory_kind, self._layout)
        nbytes = out._storage.size
        if nbytes == 0:
            return out
        if device.client.asynchronous:
            # Taken once, before the copy can start: the source storage must
            # outlive the copy even if deleted meanwhile.
            storage, event, keep = self._storage, self._event, self._keepalive
            if storage is None:
                self.check_alive()
            wait_for = [event] if event is not None else []
            event = device.client._stream(device).enqueue_copy(
                out._storage, storage_address(storage), nbytes, wait_for
            )
            out._set_pending(event, (storage, keep))
        else:
            np.copyto(out._writable_view(), self.ndarray())
        return out

    # -- state ----------------------------------------------------------------

    def _set_pending(self, event: Any, keepalive: Any,
                     failure: list[BaseException] | None = None) -> None:
        """``failure`` receives the exception of the pending Python work, so
        that waiting re-raises it unchanged."""
        self._event = event
        self._keepalive = keepalive
        self._failure = failure

    @property
    def _view(self) -> np.ndarray | None:
        """A read-only numpy view of the storage (made on first use)."""
        view = self._view_cache
        if view is None and self._storage is not None:
            view = _view_of(self._storage, self.shape, self.dtype, self._layout)
            view.flags.writeable = False
            self._view_cache = view
        return view

    @_view.setter
    def _view(self, view: np.ndarray | None) -> None:
        self._view_cache = view

    def _live_view(self) -> np.ndarray:
        """The view, which keeps the storage alive; the deleted error when
        another thread deleted the buffer since it was checked."""
        view = self._view
        if view is None:
            self.check_alive()
            raise invalid_argument(f"Array has been deleted: its buffer on {self.device} is gone.")
        return view

    def _writable_view(self) -> np.ndarray:
        return _view_of(self._storage, self.shape, self.dtype, self._layout)

    def _address(self) -> int:
        storage = self._storage
        if storage is None:
            self.check_alive()
        return storage_address(storage)

    def is_ready(self) -> bool:
        if self._event is None:
            return True
        return self._event.is_ready()

    def block_until_ready(self) -> None:
        event = self._event
        if event is None:
            return
        wait_for_event(event, self._failure)
        self._event = None
        self._keepalive = None
        self._failure = None

    def check_alive(self) -> None:
        if self._deleted:
            what = "donated" if self._donated else "deleted"
            raise invalid_argument(
                f"Array has been {what}: its buffer on {self.device} is gone."
            )

    def ndarray(self) -> np.ndarray:
        """A read-only view of the contents, once they are ready."""
        self.check_alive()
        self.block_until_ready()
        return self._live_view()

    def is_deleted(self) -> bool:
        return self._deleted

    def delete(self, donated: bool = False) -> None:
        if self._deleted:
            return
        self._wait_quietly()
        self._deleted = True
        self._donated = donated
        self._storage = None
        self._view = None
        self.device.client._untrack_buffer(self)

    def _wait_quietly(self) -> None:
        # Work in flight reads or writes this storage: let it finish first.
        if self._event is not None:
            self._event.wait()
            self._keepalive = None

    def on_device_size_in_bytes(self) -> int:
        self.check_alive()
        if isinstance(self._storage, np.ndarray):
            return int(self._storage.nbytes)
        return int(self._storage.size)

    def unsafe_buffer_pointer(self) -> int:
        self.check_alive()
        return self._address()

    def _dlpack_source(self) -> np.ndarray:
        """What a DLPack export wraps: a writable view of the storage (DLPack
        cannot say read-only; consumers share the memory). An aliased caller
        array that is read-only is exported as a copy."""
        view = self._writable_view()
        return view if view.flags.writeable else view.copy()

    def __del__(self):
        # Never block here: the garbage collector may run this on a stream's
        # worker thread, ahead of the very work it would wait for. What
        # pending work reads is kept alive until that work is done instead.
        event = getattr(self, "_event", None)
        if event is not None and not event.is_ready():
            _keep_until_done(event, self._keepalive)

    def __repr__(self) -> str:
        state = "deleted" if self._deleted else "live"
        return f"Buffer({self.dtype}{list(self.shape)}, {self.device!r}, {state})"


def _host_buffer(device: Device, nbytes: int) -> Any:
    """A native allocation charged to ``device``; running out of memory is
    an XlaRuntimeError (RESOURCE_EXHAUSTED), as in PJRT."""
    try:
        return _native.HostBuffer(device._alloc_key, nbytes)
    except (RuntimeError, MemoryError, OverflowError, TypeError) as err:
        message = str(err)
        if not message.startswith("RESOURCE_EXHAUSTED"):
            message = (f"RESOURCE_EXHAUSTED: cannot allocate {nbytes} bytes on "
                       f"{device}: {message}")
        raise XlaRuntimeError(message) from None


def storage_address(storage: Any) -> int:
    """The first byte of a buffer's storage (a HostBuffer or an aliased array)."""
    if isinstance(storage, np.ndarray):
        return storage.ctypes.data
    return storage.address


def wait_for_event(event: Any, failure: list[BaseException] | None = None) -> None:
    """Waits for stream work; its error becomes an XlaRuntimeError (the Python
    exception of the work itself when ``failure`` caught one)."""
    event.wait()
    error = event.error()
    if error is None:
        return
    if failure and isinstance(failure[0], XlaRuntimeError):
        raise XlaRuntimeError(str(failure[0]))
    if failure:
        raise XlaRuntimeError(f"INTERNAL: {type(failure[0]).__name__}: {failure[0]}")
    if _STATUS_PREFIX.match(error):  # native work names its status itself
        raise XlaRuntimeError(error)
    raise XlaRuntimeError(f"INTERNAL: {error}")


_orphans: list[tuple[Any, Any]] = []
_orphans_lock = threading.Lock()


def _keep_until_done(event: Any, keepalive: Any) -> None:
    with _orphans_lock:
        _orphans[:] = [(e, k) for e, k in _orphans if not e.is_ready()]
        _orphans.append((event, keepalive))


def _view_of(storage: Any, shape: tuple[int, ...], dtype: np.dtype,
             layout: tuple[int, ...] | None = None) -> np.ndarray:
    """The logical array over ``storage``, whose elements lie in ``layout``'s
    order (major to minor; None: row-major)."""
    count = int(np.prod(shape, dtype=np.int64))
    flat = np.frombuffer(storage, dtype=np.uint8, count=count * dtype.itemsize)
    if layout is None:
        return flat.view(dtype).reshape(shape)
    physical = flat.view(dtype).reshape([shape[d] for d in layout])
    return physical.transpose([layout.index(d) for d in range(len(shape))])
