"""Checks of the public API's arguments, shared by the service and the client.

Wrong Python types raise ``TypeError`` (as a compiled binding would); values
of the right type that make no sense raise ``XlaRuntimeError``
(``INVALID_ARGUMENT``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from jaxlib._src.base.errors import invalid_argument


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seconds(name: str, value: float | None, default: float) -> float:
    """A timeout option in seconds (as jaxlib's), or its default when None.

    Real jaxlib takes whole seconds; fractions are accepted too, which lets
    tests use sub-second heartbeats.
    """
    if value is None:
        return float(default)
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise TypeError(f"{name} must be a number of seconds, not {type(value).__name__}")
    if not math.isfinite(value) or value <= 0:
        raise invalid_argument(f"{name} must be a positive number of seconds, got {value}")
    return float(value)


def milliseconds(name: str, value: int) -> int:
    if not is_int(value):
        raise TypeError(f"{name} must be an int (milliseconds), not {type(value).__name__}")
    if value < 0:
        raise invalid_argument(f"{name} must be >= 0 milliseconds, got {value}")
    return value


def node_id(name: str, value: int) -> int:
    if not is_int(value):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 0:
        raise invalid_argument(f"{name} must be >= 0, got {value}")
    return value


def node_ids(name: str, values: Sequence[int]) -> list[int]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise TypeError(f"{name} must be a list of ints, not {type(values).__name__}")
    return [node_id(f"{name}[{i}]", v) for i, v in enumerate(values)]


def text(name: str, value: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return value


def value_bytes(name: str, value: str | bytes, *, allow_str: bool) -> bytes:
    if isinstance(value, str) and allow_str:
        return value.encode()
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    wanted = "a str or bytes" if allow_str else "bytes"
    raise TypeError(f"{name} must be {wanted}, not {type(value).__name__}")


def optional_bool(name: str, value: bool | None, default: bool) -> bool:
    if value is None:
        return default
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value
