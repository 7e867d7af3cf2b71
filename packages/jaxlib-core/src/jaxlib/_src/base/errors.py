"""The status errors every layer raises: ``XlaRuntimeError`` (messages start
with a status name, as XLA's do) and its constructors, and
``GpuLibNotLinkedError``."""

from __future__ import annotations


class XlaRuntimeError(RuntimeError):
    """An error from the runtime: bad arguments at execute, deleted arrays,
    unsupported features, failed compilations. The message starts with a
    status code name as XLA's do (``INVALID_ARGUMENT: ...``)."""


class GpuLibNotLinkedError(Exception):
    """Raised when the GPU library is not linked."""

    def __init__(self, message: str | None = None):
        super().__init__(
            message
            or "GPU support is not installed: install it with "
            "`pip install \"jaxlib-core[gpu]\"` (the jaxlib-gpu distribution)."
        )


def invalid_argument(message: str) -> XlaRuntimeError:
    return XlaRuntimeError(f"INVALID_ARGUMENT: {message}")


def unimplemented(message: str) -> XlaRuntimeError:
    return XlaRuntimeError(f"UNIMPLEMENTED: {message}")


def not_found(message: str) -> XlaRuntimeError:
    return XlaRuntimeError(f"NOT_FOUND: {message}")
