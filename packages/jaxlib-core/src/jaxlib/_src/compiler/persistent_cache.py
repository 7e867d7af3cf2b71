"""The opt-in persistent compilation cache: compiled programs kept on disk,
shared by processes.

Off by default. ``$JAXLIB_COMPILATION_CACHE_DIR`` turns it on for a process;
``set_cache_dir`` overrides the variable (``None``: off), ``reset_cache_dir``
goes back to it. ``compiler/pipeline.py`` decides what an entry holds (a
native plan written down and the compiled program's metadata); this module
names, writes and reads entries.

An entry is one file, ``<key>.jxc``, where the key is a SHA-256 of everything
that shapes the compiled code: the program text, the serialized compile
options, this build of the compiler (jaxlib version, the native extension
file, the compiler's Python sources), the machine architecture and the
executor switches (``$JAXLIB_CPU_EXECUTOR``, ``$JAXLIB_CPU_FUSION``,
``$JAXLIB_CPU_STRICT``, ``$JAXLIB_CPU_ROW_BLOCKS``). CPU features are not part
of it: kernels choose their vectorised variants when they are built, in the
process that loads the entry.

File layout (no pickle: reading an entry parses JSON and copies bytes; it
runs nothing)::

    header   magic b"JXLCACHE", format version (u32), metadata length (u64),
             payload length (u64), SHA-256 of metadata + padding + payload
    metadata UTF-8 JSON: {"key", "entry": <the pipeline's JSON>,
             "arrays": [{"dtype", "shape", "offset"}...]}, zero-padded to 64 bytes
    payload  the arrays' raw bytes, each at a 64-byte aligned offset

Writes go to a temporary file in the directory, renamed over the entry
(``os.replace``): readers see a whole entry or none, and processes writing
the same entry at once each write a whole one. A truncated, corrupt or
foreign-version entry reads as a miss; the compile that follows overwrites it.

The directory is bounded: after each write, the least recently used entries
are deleted until the entries total at most the maximum size (1 GiB unless
``$JAXLIB_COMPILATION_CACHE_MAX_SIZE`` or ``set_cache_max_size`` says
otherwise; -1: unbounded). A hit marks its entry used by setting its
modification time; an entry larger than the maximum is not written.
Temporary files that writers left behind (a killed process) go after an hour.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import platform
import struct
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ENV_VAR = "JAXLIB_COMPILATION_CACHE_DIR"
MAX_SIZE_ENV_VAR = "JAXLIB_COMPILATION_CACHE_MAX_SIZE"
DEFAULT_MAX_SIZE = 1 << 30
_STALE_TEMPORARY_S = 3600.0
FORMAT_VERSION = 1
SUFFIX = ".jxc"

_MAGIC = b"JXLCACHE"
_HEADER = struct.Struct("<8sIQQ32s")
_ALIGN = 64
# Executor switches read by backends/cpu/plan.py, with their defaults.
_SWITCHES = (("JAXLIB_CPU_EXECUTOR", "native"), ("JAXLIB_CPU_FUSION", "1"),
             ("JAXLIB_CPU_STRICT", "0"), ("JAXLIB_CPU_ROW_BLOCKS", "1"))

_log = logging.getLogger(__name__)


@dataclass
class CacheEntry:
    """What one file holds: JSON values and arrays (stored as raw bytes)."""

    value: dict[str, Any]
    arrays: list[np.ndarray]


# -- where ------------------------------------------------------------------------

_UNSET = object()
_configured: Any = _UNSET


def set_cache_dir(path: str | os.PathLike | None) -> None:
    """Uses ``path`` as the persistent cache from now on (created when first
    written), overriding ``$JAXLIB_COMPILATION_CACHE_DIR``; ``None`` turns
    the persistent cache off."""
    global _configured
    _configured = None if path is None else Path(path)


def reset_cache_dir() -> None:
    """Goes back to ``$JAXLIB_COMPILATION_CACHE_DIR`` (unset or empty: off)."""
    global _configured
    _configured = _UNSET


def cache_dir() -> Path | None:
    """The directory in use, or None when the persistent cache is off."""
    if _configured is not _UNSET:
        return _configured
    value = os.environ.get(ENV_VAR)
    return Path(value) if value else None


_configured_max_size: int | None = None


def set_cache_max_size(max_bytes: int | None) -> None:
    """Bounds the entries in the cache directory to ``max_bytes`` in total
    (-1: unbounded), overriding ``$JAXLIB_COMPILATION_CACHE_MAX_SIZE``;
    ``None`` goes back to the variable (or the default, 1 GiB)."""
    global _configured_max_size
    if max_bytes is not None:
        _configured_max_size = _checked_max_size(max_bytes, "set_cache_max_size")
    else:
        _configured_max_size = None


def cache_max_size() -> int:
    """The bound on the entries' total size in bytes; -1 when unbounded."""
    if _configured_max_size is not None:
        return _configured_max_size
    value = os.environ.get(MAX_SIZE_ENV_VAR, "").strip()
    if not value:
        return DEFAULT_MAX_SIZE
    try:
        number = int(value)
    except ValueError:
        raise ValueError(f"${MAX_SIZE_ENV_VAR} must be a whole number of bytes (-1: "
                         f"unbounded), got {value!r}") from None
    return _checked_max_size(number, f"${MAX_SIZE_ENV_VAR}")


def _checked_max_size(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < -1:
        raise ValueError(f"{what}: the cache's maximum size is a number of bytes >= 0, or -1 "
                         f"for unbounded; got {value!r}")
    return value


# -- keys -------------------------------------------------------------------------

_build_id: bytes | None = None


def _compiler_build_id() -> bytes:
    """Identifies this build of the compiler: a stale entry of another build
    (an upgrade, a rebuilt extension, an edited source tree) never matches.
    Files are identified by size and modification time, not read."""
    global _build_id
    if _build_id is None:
        import jaxlib
        from jaxlib._src.backends.cpu import native

        extension = os.stat(native.cpu.__file__)
        facts = [jaxlib.__version__, platform.machine(), sys.byteorder,
                 f"{native.cpu.__file__}:{extension.st_size}:{extension.st_mtime_ns}",
                 *_source_facts(os.path.dirname(os.path.dirname(__file__)))]  # jaxlib/_src
        _build_id = hashlib.sha256("\n".join(facts).encode("utf-8")).digest()
    return _build_id


def _source_facts(directory: str) -> list[str]:
    """name:size:mtime of the Python sources under ``directory``, sorted."""
    facts = []
    with os.scandir(directory) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False) and entry.name != "__pycache__":
                facts.extend(_source_facts(entry.path))
            elif entry.name.endswith(".py"):
                stat = entry.stat()
                facts.append(f"{entry.path}:{stat.st_size}:{stat.st_mtime_ns}")
    return sorted(facts)


def entry_key(program_text: str, serialized_options: bytes) -> str:
    """The key of a program compiled with these options, in this build."""
    switches = ";".join(f"{name}={os.environ.get(name) or default}"
                        for name, default in _SWITCHES)
    digest = hashlib.sha256()
    for part in (str(FORMAT_VERSION).encode(), _compiler_build_id(), switches.encode(),
                 program_text.encode("utf-8"), serialized_options):
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()


# -- writing ----------------------------------------------------------------------


def _aligned(n: int) -> int:
    return -(-n // _ALIGN) * _ALIGN


def _array_bytes(array: np.ndarray) -> memoryview:
    return memoryview(np.ascontiguousarray(array).reshape(-1).view(np.uint8))


def store(directory: Path, key: str, entry: CacheEntry) -> bool:
    """Writes the entry atomically, then evicts the least recently used
    entries beyond the maximum size; False (logged) when the directory
    cannot be written or the entry alone is over the maximum. Never raises
    for I/O problems: the cache is an optimisation."""
    specs, offset = [], 0
    for array in entry.arrays:
        specs.append({"dtype": array.dtype.name, "shape": list(array.shape), "offset": offset})
        offset = _aligned(offset + array.nbytes)
    metadata = json.dumps({"key": key, "entry": entry.value, "arrays": specs},
                          separators=(",", ":")).encode("utf-8")
    metadata += b"\0" * (_aligned(_HEADER.size + len(metadata)) - _HEADER.size - len(metadata))
    pieces: list[bytes | memoryview] = [metadata]
    position = 0
    for array, spec in zip(entry.arrays, specs):
        pieces.append(b"\0" * (spec["offset"] - position))
        pieces.append(_array_bytes(array))
        position = spec["offset"] + array.nbytes
    digest = hashlib.sha256()
    for piece in pieces:
        digest.update(piece)
    header = _HEADER.pack(_MAGIC, FORMAT_VERSION, len(metadata), position, digest.digest())
    max_size = cache_max_size()
    if max_size >= 0 and _HEADER.size + len(metadata) + position > max_size:
        _log.info("jaxlib compilation cache: an entry of %d bytes is over the maximum of %d; "
                  "not written", _HEADER.size + len(metadata) + position, max_size)
        return False
    temporary = directory / f".{key}.{os.getpid()}.{uuid.uuid4().hex}.tmp"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with open(temporary, "xb") as f:
            f.write(header)
            for piece in pieces:
                f.write(piece)
        os.replace(temporary, directory / (key + SUFFIX))
    except OSError as err:
        _log.warning("jaxlib compilation cache: cannot write %s: %s", directory, err)
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass
        return False
    if max_size >= 0:
        evict(directory, max_size, keep=key)
    return True


def evict(directory: Path, max_size: int, keep: str | None = None) -> list[str]:
    """Deletes the least recently used entries (oldest modification time
    first) until the entries total at most ``max_size`` bytes, never the
    entry ``keep``, and temporary files older than an hour; returns the keys
    deleted. Entries other processes delete meanwhile are skipped."""
    entries = []
    now = time.time()
    try:
        with os.scandir(directory) as listing:
            for item in listing:
                try:
                    stat = item.stat(follow_symlinks=False)
                except OSError:
                    continue
                if item.name.endswith(SUFFIX) and not item.name.startswith("."):
                    entries.append((stat.st_mtime_ns, item.name, stat.st_size))
                elif (item.name.startswith(".") and item.name.endswith(".tmp")
                      and now - stat.st_mtime > _STALE_TEMPORARY_S):
                    _unlink_quietly(Path(item.path))
    except OSError as err:
        _log.info("jaxlib compilation cache: cannot list %s: %s", directory, err)
        return []
    total = sum(size for _, _, size in entries)
    deleted = []
    for _, name, size in sorted(entries):
        if total <= max_size:
            break
        key = name[:-len(SUFFIX)]
        if key == keep:
            continue
        _unlink_quietly(directory / name)
        total -= size
        deleted.append(key)
    return deleted


def _unlink_quietly(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError as err:
        _log.info("jaxlib compilation cache: cannot delete %s: %s", path, err)


# -- reading ----------------------------------------------------------------------


def _plain_dtype(name: str) -> np.dtype:
    """A dtype of plain numbers by name; never one holding Python objects."""
    dtype = np.dtype(name)
    if dtype.hasobject or dtype.fields is not None or dtype.subdtype is not None \
            or dtype.name != name:
        raise ValueError(f"dtype {name!r} is not a plain numeric dtype")
    return dtype


def load(directory: Path, key: str) -> CacheEntry | None:
    """The entry stored under ``key``, or None when there is none or it is
    unreadable (truncated, corrupt, another format version)."""
    path = directory / (key + SUFFIX)
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            data = np.empty(size, np.uint8)  # numpy memory: arrays below are aligned views
            if f.readinto(memoryview(data)) != size:
                raise ValueError("short read")
        entry = _parse(data, key)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, IndexError) as err:
        _log.info("jaxlib compilation cache: ignoring %s: %s", path, err)
        return None
    try:
        os.utime(path)  # used now: the last to be evicted
    except OSError:
        pass  # a read-only cache still serves hits
    return entry


def _parse(data: np.ndarray, key: str) -> CacheEntry:
    if data.size < _HEADER.size:
        raise ValueError("truncated header")
    magic, version, metadata_size, payload_size, digest = _HEADER.unpack(
        data[:_HEADER.size].tobytes())
    if magic != _MAGIC:
        raise ValueError("not a jaxlib compilation cache entry")
    if version != FORMAT_VERSION:
        raise ValueError(f"format version {version}, this jaxlib reads {FORMAT_VERSION}")
    if data.size != _HEADER.size + metadata_size + payload_size:
        raise ValueError("truncated or oversized entry")
    body = memoryview(data)[_HEADER.size:]
    if hashlib.sha256(body).digest() != digest:
        raise ValueError("checksum mismatch")
    metadata = json.loads(bytes(body[:metadata_size]).rstrip(b"\0").decode("utf-8"))
    if metadata["key"] != key:
        raise ValueError("the entry belongs to another key")
    payload = data[_HEADER.size + metadata_size:]
    arrays = []
    for spec in metadata["arrays"]:
        dtype = _plain_dtype(spec["dtype"])
        shape = tuple(int(d) for d in spec["shape"])
        offset = int(spec["offset"])
        nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
        if min(shape, default=0) < 0 or offset < 0 or offset + nbytes > payload_size:
            raise ValueError("array out of bounds")
        arrays.append(payload[offset:offset + nbytes].view(dtype).reshape(shape))
    return CacheEntry(metadata["entry"], arrays)
