"""Small guards shared by the decoders of untrusted bytes and text (sharding
protos and text, serialized topologies, cross-process and coordination
messages): JSON with bounded nesting, integer ranges, and products of sizes
that stop growing once past a limit.

Each guard raises ValueError; callers turn it into their documented error.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

__all__ = [
    "INT64_MAX",
    "INT64_MIN",
    "MAX_JSON_DEPTH",
    "bounded_product",
    "is_int",
    "load_json",
]

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


# Deeper than any body jaxlib writes (options nest ~5 levels): anything deeper
# is malformed, refused before code that walks values recursively (repr in
# error messages, copies) could exhaust the stack.
MAX_JSON_DEPTH = 32


def load_json(payload: bytes | bytearray | memoryview, what: str,
              max_depth: int = MAX_JSON_DEPTH) -> Any:
    """JSON from untrusted bytes: ValueError naming ``what`` for invalid UTF-8,
    invalid JSON, NaN/Infinity tokens or nesting deeper than ``max_depth``
    (``json`` raises RecursionError past ~1000 levels; that is caught too)."""
    try:
        body = json.loads(bytes(payload).decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError) as err:
        raise ValueError(f"{what} has a malformed body: {err}") from None
    except RecursionError:
        raise ValueError(f"{what} has a malformed body: JSON nested too deeply") from None
    _check_depth(body, max_depth, what)
    return body


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-standard JSON constant {name}")


def _check_depth(value: Any, max_depth: int, what: str) -> None:
    # Iterative: a recursive walk is what this guards against.
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > max_depth:
                raise ValueError(
                    f"{what} has a malformed body: JSON nested deeper than {max_depth} levels")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


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
