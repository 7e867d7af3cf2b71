"""The service's key-value store: a dict of normalized keys to bytes.

Keys are paths: ``a//b/`` and ``/a/b`` name the same key ``a/b``, and a
directory get of ``a`` returns every key below ``a/``. Not thread-safe by
itself; the coordinator calls it under its lock.
"""

from __future__ import annotations

from jaxlib.distributed.status import CoordinationError, invalid_argument

_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1


def normalize_key(key: str) -> str:
    """Drops empty path components: leading, trailing and doubled slashes."""
    normalized = "/".join(part for part in key.split("/") if part)
    if not normalized:
        raise invalid_argument(f"the key {key!r} is empty once its slashes are removed")
    return normalized


class KeyValueStore:
    def __init__(self) -> None:
        self._values: dict[str, bytes] = {}

    def get(self, key: str) -> bytes | None:
        return self._values.get(normalize_key(key))

    def set(self, key: str, value: bytes, allow_overwrite: bool) -> None:
        key = normalize_key(key)
        if key in self._values and not allow_overwrite:
            raise CoordinationError(
                "ALREADY_EXISTS",
                f"the key {key!r} is already set; pass allow_overwrite=True to replace it")
        self._values[key] = value

    def dir_get(self, directory: str) -> list[tuple[str, bytes]]:
        prefix = normalize_key(directory) + "/"
        return sorted((k, v) for k, v in self._values.items() if k.startswith(prefix))

    def delete(self, key: str) -> None:
        """Deletes the key and everything below it; a missing key is no error."""
        key = normalize_key(key)
        prefix = key + "/"
        for existing in [k for k in self._values if k == key or k.startswith(prefix)]:
            del self._values[existing]

    def increment(self, key: str, increment: int) -> int:
        key = normalize_key(key)
        current = self._values.get(key, b"0")
        try:
            value = int(current.decode("ascii")) + increment
        except (UnicodeDecodeError, ValueError):
            raise CoordinationError(
                "FAILED_PRECONDITION",
                f"the key {key!r} holds a value that is not an integer") from None
        if not _INT64_MIN <= value <= _INT64_MAX:
            raise CoordinationError("OUT_OF_RANGE", f"incrementing {key!r} overflows int64")
        self._values[key] = str(value).encode("ascii")
        return value
