"""Small guards shared by the decoders of untrusted bytes and text (sharding
protos and text, serialized topologies, cross-process and coordination
messages): JSON with bounded nesting, integer ranges, and products of sizes
that stop growing once past a limit.

Each guard raises ValueError; callers turn it into their documented error.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from jaxlib._src.runtime.options import MAX_JSON_DEPTH, parse_json_body

__all__ = [
    "INT64_MAX",
    "INT64_MIN",
    "MAX_JSON_DEPTH",
    "bounded_product",
    "is_int",
    "load_json",
]

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


def load_json(payload: bytes | bytearray | memoryview, what: str,
              max_depth: int = MAX_JSON_DEPTH) -> Any:
    """JSON from untrusted bytes; ValueError naming ``what`` for invalid UTF-8
    or JSON, NaN/Infinity tokens, or nesting deeper than ``max_depth``."""
    return parse_json_body(bytes(payload), what, max_depth)


def is_int(value: Any, minimum: int = INT64_MIN, maximum: int = INT64_MAX) -> bool:
    """Whether a decoded value is an integer (JSON's ``true`` is not) within
    ``[minimum, maximum]``."""
    return isinstance(value, int) and not isinstance(value, bool) and minimum <= value <= maximum


def bounded_product(values: Iterable[int], limit: int) -> int | None:
    """The product of non-negative ``values``, or None when it exceeds
    ``limit``. Stops early: the exact product of many sizes is a huge integer
    whose computation alone takes quadratic time."""
    values = list(values)
    if 0 in values:
        return 0
    product = 1
    for value in values:
        product *= value
        if product > limit:
            return None
    return product
