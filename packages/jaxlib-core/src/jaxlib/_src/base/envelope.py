"""The one envelope of jaxlib's serialized bytes: ``CompileOptions`` and
``DeviceAssignment`` (runtime/options.py), serialized executables
(runtime/executable.py) and persistent compilation cache entries
(compiler/persistent_cache.py)::

    magic (8 bytes, NUL-padded) | format version (u32) | body length (u64)
    | digest (32 bytes) | body

all integers little-endian. What the body holds is each format's own
business; the digest is computed by a function of the header's first 20
bytes (magic, version, length) and the body: SHA-256 of the body by default
(it detects accidents; anyone can re-seal a changed body), an HMAC under a
secret for cache entries (``Digest``).

``open_envelope`` checks every part of untrusted bytes before the body is
looked at and raises ``ValueError`` naming what is wrong; callers turn it into
their documented error.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["HEADER", "MAGIC_SIZE", "Digest", "header", "open_envelope", "seal", "sha256_digest"]

HEADER = struct.Struct("<8sIQ32s")
_PREFIX_SIZE = HEADER.size - 32
MAGIC_SIZE = 8

# (header prefix: magic, version and length; the body's pieces) -> 32 bytes.
Digest = Callable[[bytes, Sequence[Any]], bytes]


def sha256_digest(prefix: bytes, pieces: Sequence[Any]) -> bytes:
    """SHA-256 of the body (the prefix is not covered)."""
    digest = hashlib.sha256()
    for piece in pieces:
        digest.update(piece)
    return digest.digest()


def _magic(magic: bytes) -> bytes:
    if not 0 < len(magic) <= MAGIC_SIZE:
        raise ValueError(f"a magic has 1 to {MAGIC_SIZE} bytes, got {magic!r}")
    return magic.ljust(MAGIC_SIZE, b"\0")


def header(magic: bytes, version: int, pieces: Sequence[Any],
           digest: Digest = sha256_digest) -> bytes:
    """The header of the body made of ``pieces`` (bytes-like, written after it
    in order): for writers that stream large bodies."""
    length = sum(memoryview(piece).nbytes for piece in pieces)
    prefix = HEADER.pack(_magic(magic), version, length, b"\0" * 32)[:_PREFIX_SIZE]
    return prefix + digest(prefix, pieces)


def seal(magic: bytes, version: int, body: bytes, digest: Digest = sha256_digest) -> bytes:
    """``body`` in its envelope."""
    return header(magic, version, [body], digest) + body


def open_envelope(data: Any, magic: bytes, version: int, what: str,
                  digest: Digest = sha256_digest) -> memoryview:
    """The body of ``data`` (any bytes-like object; uncopied) after checking
    its magic, version (exactly ``version``), length and digest; ValueError
    naming ``what`` (``serialized {what} ...``) otherwise."""
    data = memoryview(data).cast("B")
    found, padding = bytes(data[: len(magic)]), bytes(data[len(magic):MAGIC_SIZE])
    if found != magic or padding != _magic(magic)[len(magic):][: len(padding)]:
        raise ValueError(f"not a serialized {what} (bad magic): expected the magic prefix "
                         f"{magic!r}, found {found!r}")
    if len(data) < HEADER.size:
        raise ValueError(f"serialized {what} is truncated: {len(data)} bytes, shorter than "
                         f"its {HEADER.size}-byte header")
    _, found_version, length, expected = HEADER.unpack_from(data)
    if found_version > version:
        raise ValueError(f"serialized {what} uses format version {found_version}, newer than "
                         f"the version this jaxlib reads ({version})")
    if found_version < version:
        raise ValueError(f"serialized {what} has an old or invalid format version "
                         f"{found_version}; this jaxlib reads version {version}")
    body = data[HEADER.size:]
    if len(body) < length:
        raise ValueError(f"serialized {what} is truncated: the header announces a "
                         f"{length}-byte body but only {len(body)} bytes follow")
    if len(body) > length:
        raise ValueError(f"serialized {what} has {len(body) - length} unexpected trailing "
                         f"bytes after its {length}-byte body")
    if not hmac.compare_digest(digest(bytes(data[:_PREFIX_SIZE]), [body]), expected):
        raise ValueError(f"serialized {what} fails its checksum: the data is corrupted, was "
                         f"modified, or was sealed under another key")
    return body
