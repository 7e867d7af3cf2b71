"""Coordination failures as status codes, the way XLA reports them.

Every failure inside the coordination service is a ``CoordinationError``
carrying a gRPC status code name; the service sends it as the RPC's status and
the client turns it back into an ``XlaRuntimeError("CODE: message")``.
"""

from __future__ import annotations

import grpc

from jaxlib._src.base.errors import XlaRuntimeError

_CODE_NAMES = frozenset(code.name for code in grpc.StatusCode)


class CoordinationError(Exception):
    """A coordination step that failed, with the status code naming its kind."""

    def __init__(self, code: str, message: str):
        if code not in _CODE_NAMES:
            raise ValueError(f"unknown status code {code!r}")
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def grpc_code(self) -> grpc.StatusCode:
        return grpc.StatusCode[self.code]

    def to_runtime_error(self) -> XlaRuntimeError:
        return XlaRuntimeError(f"{self.code}: {self.message}")


def invalid_argument(message: str) -> CoordinationError:
    return CoordinationError("INVALID_ARGUMENT", message)


def failed_precondition(message: str) -> CoordinationError:
    return CoordinationError("FAILED_PRECONDITION", message)


def deadline_exceeded(message: str) -> CoordinationError:
    return CoordinationError("DEADLINE_EXCEEDED", message)


def unavailable(message: str) -> CoordinationError:
    return CoordinationError("UNAVAILABLE", message)
