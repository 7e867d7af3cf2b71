"""The opt-in persistent compilation cache: compiled programs kept on disk,
shared by the processes of one user.

Off by default. ``$JAXLIB_COMPILATION_CACHE_DIR`` turns it on for a process;
``set_cache_dir`` overrides the variable (``None``: off), ``reset_cache_dir``
goes back to it. ``compiler/pipeline.py`` decides what an entry holds (a
native plan written down and the compiled program's metadata); this module
names, writes, authenticates and reads entries.

**The directory must be private to the user** (mode 0700, as this module
creates it). An entry is a plan the native executor runs without parsing, so
whoever can write entries that pass the checks below can make this process
compute wrong results. Each entry is authenticated with HMAC-SHA256 under a
per-user secret: 32 random bytes in ``$XDG_CACHE_HOME/jaxlib/compilation-cache-key``
(``~/.cache/jaxlib/...``; in the cache directory as ``.jaxlib-cache-key`` when
there is no writable home), created on the first write with mode 0600. A file
changed by anyone who cannot read the key (corruption, another user, a copied
or swapped entry) is a cache miss, never a crash. A key file that is not a
regular file owned by this user without group or other permissions turns the
cache off (logged). Entries written by another user are misses: sharing one
directory between users does not share compilations.

An entry that authenticates is still checked before the native side sees it
(defence in depth): the metadata's JSON nesting and sizes, the arrays' dtypes,
shapes and offsets, and, for pipeline entries, the plan's integers: slot
homes, indices, byte sizes against shapes and dtypes, arena offsets (aligned,
inside the arena), constant and parameter references, step kinds and arity,
regions (a tree: no step reaches its own region), values defined before they
are read, kernel outputs never overlapping their inputs, and bounded counts.
What cannot be checked cheaply here is the meaning of kernel parameters
(e.g. a fused kernel's op codes): the native kernel factories check their
own parameters against the operand shapes, and the MAC is what keeps them
as written.

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

    header   jaxlib's envelope (base/envelope.py): magic b"JXLCACHE", format
             version (u32), body length (u64), and for digest the
             HMAC-SHA256 of the header's first 20 bytes + the entry's key
             (length-prefixed) + the body
    body     metadata length (u64), then
    metadata UTF-8 JSON: {"key", "entry": <the pipeline's JSON>,
             "arrays": [{"dtype", "shape", "offset"}...]}, zero-padded so
             that the payload starts at a 64-byte aligned file offset
    payload  the arrays' raw bytes, each at a 64-byte aligned offset

Writes go to a temporary file in the directory, renamed over the entry
(``os.replace``): readers see a whole entry or none, and processes writing
the same entry at once each write a whole one. A truncated, corrupt,
unauthenticated or foreign-version entry reads as a miss; the compile that
follows overwrites it. Entries are opened without following symbolic links
and must be regular files (a FIFO planted in the directory cannot block).

The directory is bounded: after each write, the least recently used entries
are deleted until the entries total at most the maximum size (1 GiB unless
``$JAXLIB_COMPILATION_CACHE_MAX_SIZE`` or ``set_cache_max_size`` says
otherwise; -1: unbounded). A hit marks its entry used by setting its
modification time; an entry larger than the maximum is neither written nor
read. Temporary files that writers left behind (a killed process) go after
an hour.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import logging
import math
import os
import platform
import secrets
import stat
import struct
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from jaxlib._src.base import envelope

ENV_VAR = "JAXLIB_COMPILATION_CACHE_DIR"
MAX_SIZE_ENV_VAR = "JAXLIB_COMPILATION_CACHE_MAX_SIZE"
DEFAULT_MAX_SIZE = 1 << 30
_STALE_TEMPORARY_S = 3600.0
# 2: the header's digest became an HMAC; 3: jaxlib's one envelope
# (base/envelope.py), the metadata length moved into the body. Entries of
# other versions read as misses.
FORMAT_VERSION = 3
SUFFIX = ".jxc"
# The per-user secret entries are authenticated with (see the module docstring).
KEY_ENV_VAR = "XDG_CACHE_HOME"
KEY_FILE = "compilation-cache-key"
FALLBACK_KEY_FILE = ".jaxlib-cache-key"  # in the cache directory, when home has no room

_MAGIC = b"JXLCACHE"
_METADATA_LENGTH = struct.Struct("<Q")  # the body's first field
_KEY_SIZE = 32
_ALIGN = 64
# Executor switches read by backends/cpu/plan.py, with their defaults.
EXECUTOR_SWITCHES = (("JAXLIB_CPU_EXECUTOR", "native"), ("JAXLIB_CPU_FUSION", "1"),
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
                        for name, default in EXECUTOR_SWITCHES)
    digest = hashlib.sha256()
    for part in (str(FORMAT_VERSION).encode(), _compiler_build_id(), switches.encode(),
                 program_text.encode("utf-8"), serialized_options):
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()


# -- the secret entries are authenticated with -------------------------------------

_warned: set[str] = set()
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def _private_regular_file(fd: int, what: str) -> os.stat_result:
    """fstat of ``fd``; ValueError unless a regular file of this user that
    no one else may read or write."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{what} is not a regular file")
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        raise ValueError(f"{what} belongs to another user (uid {info.st_uid})")
    if os.name == "posix" and info.st_mode & 0o077:
        raise ValueError(f"{what} can be used by other users (mode {info.st_mode & 0o777:o})")
    return info


def key_file() -> Path | None:
    """Where this user's secret lives: ``$XDG_CACHE_HOME/jaxlib`` or
    ``~/.cache/jaxlib``; None when neither names an absolute path."""
    base = os.environ.get(KEY_ENV_VAR) or os.path.join(os.path.expanduser("~"), ".cache")
    path = Path(base)
    return path / "jaxlib" / KEY_FILE if path.is_absolute() else None


def _read_secret(path: Path) -> bytes | None:
    """The key in ``path``; None when there is none yet. ValueError when the
    file exists but cannot be trusted."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as err:  # ELOOP: a symbolic link
        raise ValueError(f"cannot open {path}: {err}") from None
    try:
        info = _private_regular_file(fd, str(path))
        if info.st_size != _KEY_SIZE:
            raise ValueError(f"{path} holds {info.st_size} bytes, not a {_KEY_SIZE}-byte key")
        secret = os.read(fd, _KEY_SIZE + 1)
    finally:
        os.close(fd)
    if len(secret) != _KEY_SIZE:
        raise ValueError(f"{path} changed while it was read")
    return secret


def _create_secret(path: Path) -> bytes | None:
    """Writes a fresh key to ``path`` unless another process wrote one first,
    and returns the key that is there: the key is written to a private
    temporary file and hard-linked into place, which fails if the key exists
    (no process ever sees a partial key)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.parent / f".{uuid.uuid4().hex}.key.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC, 0o600)
    try:
        try:
            os.write(fd, secrets.token_bytes(_KEY_SIZE))
        finally:
            os.close(fd)
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
        except OSError:
            # No hard links on this file system: a rename is atomic too, at
            # the cost of a race that only turns other writers' entries into misses.
            os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    return _read_secret(path)


def _secret(directory: Path, create: bool) -> bytes | None:
    """The key entries are authenticated with: this user's (``key_file()``),
    or, when that cannot be written (no home), one kept in ``directory``.
    None (logged once per directory) when there is none yet or it cannot be
    trusted: a key file that is not this user's alone turns the cache off."""
    try:
        home = key_file()
        if home is not None:
            secret = _read_secret(home)
            if secret is not None:
                return secret
            if create:
                try:
                    return _create_secret(home)
                except OSError as err:
                    _log.info("jaxlib compilation cache: cannot write %s (%s); keeping the "
                              "key in %s", home, err, directory)
        fallback = directory / FALLBACK_KEY_FILE
        secret = _read_secret(fallback)
        if secret is None and create:
            secret = _create_secret(fallback)
        return secret
    except (OSError, ValueError) as err:
        if str(directory) not in _warned:
            _warned.add(str(directory))
            _log.warning("jaxlib compilation cache: %s is not used (its key cannot be "
                         "trusted or created: %s); key files must be private to this user",
                         directory, err)
        return None


def _mac(secret: bytes, key: str, header_prefix: bytes, body: list[Any]) -> bytes:
    mac = hmac.new(secret, digestmod=hashlib.sha256)
    mac.update(header_prefix)
    encoded = key.encode("utf-8")
    mac.update(len(encoded).to_bytes(8, "little"))
    mac.update(encoded)
    for piece in body:
        mac.update(piece)
    return mac.digest()


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
    start = envelope.HEADER.size + _METADATA_LENGTH.size  # the metadata's file offset
    metadata += b"\0" * (_aligned(start + len(metadata)) - start - len(metadata))
    pieces: list[bytes | memoryview] = [_METADATA_LENGTH.pack(len(metadata)), metadata]
    position = 0
    for array, spec in zip(entry.arrays, specs):
        pieces.append(b"\0" * (spec["offset"] - position))
        pieces.append(_array_bytes(array))
        position = spec["offset"] + array.nbytes
    max_size = cache_max_size()
    if max_size >= 0 and start + len(metadata) + position > max_size:
        _log.info("jaxlib compilation cache: an entry of %d bytes is over the maximum of %d; "
                  "not written", start + len(metadata) + position, max_size)
        return False
    secret = _secret(directory, create=True)
    if secret is None:
        return False
    header = envelope.header(_MAGIC, FORMAT_VERSION, pieces, functools.partial(_mac, secret, key))
    temporary = directory / f".{key}.{os.getpid()}.{uuid.uuid4().hex}.tmp"
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)  # private when ours
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC,
                     0o600)
        with open(fd, "wb") as f:
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
                    info = item.stat(follow_symlinks=False)
                except OSError:
                    continue
                if item.name.endswith(SUFFIX) and not item.name.startswith("."):
                    entries.append((info.st_mtime_ns, item.name, info.st_size))
                elif (item.name.startswith(".") and item.name.endswith(".tmp")
                      and now - info.st_mtime > _STALE_TEMPORARY_S):
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


_plain_dtypes: dict[str, np.dtype] = {}


def _plain_dtype(name: Any) -> np.dtype:
    """A dtype of plain numbers by name; never one holding Python objects."""
    if not isinstance(name, str) or len(name) > 64:
        raise ValueError(f"dtype {name!r} is not a dtype name")
    dtype = _plain_dtypes.get(name)
    if dtype is None:
        dtype = _plain_dtypes[name] = _checked_dtype(name)
    return dtype


def _checked_dtype(name: str) -> np.dtype:
    try:
        dtype = np.dtype(name)
    except TypeError:
        raise ValueError(f"dtype {name!r} is unknown") from None
    if dtype.hasobject or dtype.fields is not None or dtype.subdtype is not None \
            or dtype.name != name or dtype.kind in "OUSMm" or dtype.itemsize == 0:
        raise ValueError(f"dtype {name!r} is not a plain numeric dtype")
    return dtype


def load(directory: Path, key: str) -> CacheEntry | None:
    """The entry stored under ``key``, or None when there is none or it is
    unusable (truncated, corrupt, unauthenticated, another format version,
    malformed): the cache is an optimisation, so nothing in a file is an
    error for the caller."""
    path = directory / (key + SUFFIX)
    try:
        secret = _secret(directory, create=False)
        if secret is None:
            return None
        try:
            fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
        except FileNotFoundError:
            return None
        with open(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise ValueError("not a regular file")
            size = info.st_size
            max_size = cache_max_size()
            if size < envelope.HEADER.size or (max_size >= 0 and size > max_size):
                raise ValueError(f"{size} bytes: no entry has that size")
            data = _aligned_buffer(size)
            if f.readinto(memoryview(data)) != size:
                raise ValueError("short read")
            try:
                if os.utime in os.supports_fd:
                    os.utime(f.fileno())  # used now: the last to be evicted
            except OSError:
                pass  # a read-only cache still serves hits
        return _parse(data, key, secret)
    except Exception as err:  # whatever is wrong with the file, it is a miss
        _log.info("jaxlib compilation cache: ignoring %s: %s: %s", path,
                  type(err).__name__, err)
        return None


def _aligned_buffer(size: int) -> np.ndarray:
    """``size`` bytes of numpy memory starting on a 64-byte boundary, so the
    arrays of an entry (64-byte aligned offsets) are aligned as the native
    kernels expect."""
    raw = np.empty(size + _ALIGN, np.uint8)
    start = -raw.ctypes.data % _ALIGN
    return raw[start:start + size]


# Bounds on what an entry may describe: far above any real program, low
# enough that no size or index overflows the native side's 64-bit (sizes)
# and 32-bit (indices) integers.
_MAX_COUNT = 1 << 24
_MAX_BYTES = 1 << 48
_MAX_RANK = 255
_MAX_TEXT = 1 << 20


def _parse(data: np.ndarray, key: str, secret: bytes) -> CacheEntry:
    body = envelope.open_envelope(data, _MAGIC, FORMAT_VERSION, "compilation cache entry",
                                  functools.partial(_mac, secret, key))
    if len(body) < _METADATA_LENGTH.size:
        raise ValueError("truncated entry")
    (metadata_size,) = _METADATA_LENGTH.unpack_from(body)
    start = _METADATA_LENGTH.size
    if metadata_size > len(body) - start:
        raise ValueError("the metadata runs past the end of the entry")
    metadata = _json(bytes(body[start:start + metadata_size]).rstrip(b"\0"))
    _check(isinstance(metadata, dict) and set(metadata) == {"key", "entry", "arrays"},
           "metadata fields")
    _check(metadata["key"] == key, "the entry belongs to another key")
    _check(isinstance(metadata["entry"], dict), "entry value")
    specs = metadata["arrays"]
    _check(isinstance(specs, list) and len(specs) <= _MAX_COUNT, "arrays")
    payload_start = envelope.HEADER.size + start + metadata_size
    _check(payload_start % _ALIGN == 0, "payload unaligned")
    payload = data[payload_start:]
    payload_size = payload.size
    arrays = []
    for spec in specs:
        _check(isinstance(spec, dict) and set(spec) == {"dtype", "shape", "offset"},
               "array fields")
        dtype = _plain_dtype(spec["dtype"])
        shape = _shape(spec["shape"], "array shape")
        offset = spec["offset"]
        nbytes = math.prod(shape) * dtype.itemsize
        _check(_is_int(offset) and offset % _ALIGN == 0 and 0 <= offset
               and offset + nbytes <= payload_size, "array out of bounds or unaligned")
        arrays.append(payload[offset:offset + nbytes].view(dtype).reshape(shape))
    entry = CacheEntry(metadata["entry"], arrays)
    if "plan" in entry.value:
        check_pipeline_entry(entry)
    return entry


def _json(text: bytes) -> Any:
    # json raises RecursionError for nesting past the interpreter's limit;
    # below it, nothing that reads an entry recurses into its values.
    try:
        return json.loads(text.decode("utf-8"))
    except RecursionError:
        raise ValueError("metadata JSON nested too deeply") from None


# -- checking a pipeline entry's plan ------------------------------------------------
#
# The native executor (csrc/cpu/executor.cc) trusts its plan: slot indices,
# homes and sizes are used as pointers and lengths without checks. What the
# planner (backends/cpu/plan.py) always produces is checked here; plan.py's
# _check_layout then checks each kernel step's buffers against its kernel.

_HOME_NONE, _HOME_ARENA, _HOME_OUTPUT, _HOME_CONSTANT, _HOME_PARAM = range(5)
_WRITABLE = (_HOME_ARENA, _HOME_OUTPUT)


class MalformedEntry(ValueError):
    """An entry whose contents do not describe a program this jaxlib writes."""


def _check(ok: bool, what: str, *args: Any) -> None:
    # The message is formatted on failure only: this runs for every slot and
    # step of every hit.
    if not ok:
        raise MalformedEntry("malformed entry: " + (what % args if args else what))


def _is_int(value: Any) -> bool:
    return type(value) is int and -(1 << 63) <= value < (1 << 63)


def _index(value: Any, count: int, what: str) -> int:
    _check(type(value) is int and 0 <= value < count, "%s %r out of range", what, value)
    return value


def _list(value: Any, what: str, limit: int = _MAX_COUNT) -> list:
    _check(isinstance(value, list) and len(value) <= limit, what)
    return value


def _text(value: Any, what: str) -> str:
    _check(isinstance(value, str) and len(value) <= _MAX_TEXT, what)
    return value


def _shape(value: Any, what: str) -> tuple[int, ...]:
    # (hot on hits: kept to plain loops)
    if type(value) is not list or len(value) > _MAX_RANK:
        raise MalformedEntry(f"malformed entry: {what}")
    elements = 1
    for d in value:
        if type(d) is not int or d < 0:
            raise MalformedEntry(f"malformed entry: {what}: dimension {d!r}")
        elements *= d or 1  # zero-size arrays still have strides
    if elements > _MAX_BYTES:
        raise MalformedEntry(f"malformed entry: {what}: too many elements")
    return tuple(value)


def _spec(value: Any, what: str) -> tuple[str, tuple[int, ...]]:
    _check(type(value) is list and len(value) == 2, what)
    _plain_dtype(value[0])
    return (value[0], _shape(value[1], what))


def _numbers(values: list) -> bool:
    """Int64s, or ints and floats (what a list parameter may hold)."""
    types = set(map(type, values))
    if types == {int}:
        return -(1 << 63) <= min(values) and max(values) < (1 << 63)
    return types <= {int, float}


def _check_kernel(kernel: Any, index: int) -> tuple[list, list]:
    what = "a kernel"
    _check(type(kernel) is dict
           and {"name", "params", "addresses", "inputs", "outputs"} <= kernel.keys(), what)
    _check(type(kernel["name"]) is str and 0 < len(kernel["name"]) <= 256, what)
    params = kernel["params"]
    _check(type(params) is dict and len(params) <= 1024, what)
    for name, value in params.items():
        kind = type(value)
        if kind is int:
            ok = -(1 << 63) <= value < (1 << 63)
        elif kind is list:
            ok = len(value) <= _MAX_COUNT and _numbers(value)
        elif kind is dict:
            ok = value.keys() == {"hex"} and type(value["hex"]) is str \
                and len(value["hex"]) <= 2 * _MAX_TEXT
        else:
            ok = kind is float or (kind is str and len(value) <= _MAX_TEXT)
        _check(ok and len(name) <= _MAX_TEXT, "%s parameter %r", what, name)
    addresses = kernel["addresses"]
    _check(type(addresses) is dict
           and all(type(k) is str and type(v) is str for k, v in addresses.items()), what)
    inputs = [_spec(s, what) for s in _list(kernel["inputs"], what)]
    outputs = [_spec(s, what) for s in _list(kernel["outputs"], what)]
    return inputs, outputs


def check_pipeline_entry(entry: CacheEntry) -> None:
    """Raises MalformedEntry unless ``entry`` (as compiler/pipeline.py writes
    them) describes a plan the native executor can run without reading or
    writing outside its buffers; see the module docstring."""
    value, constants = entry.value, entry.arrays
    plan = value["plan"]
    _check(isinstance(plan, dict), "plan")
    for name in ("name", "slots", "kernels", "regions", "entry", "params", "results",
                 "arena_size", "native_steps", "runs_inline"):
        _check(name in plan, "plan field %s", name)
    _text(plan["name"], "plan name")
    _check(type(plan["runs_inline"]) is bool, "runs_inline")
    _check(type(plan["native_steps"]) is int and 0 <= plan["native_steps"] <= _MAX_COUNT,
           "native_steps")
    arena_size = plan["arena_size"]
    _check(type(arena_size) is int and 0 <= arena_size <= _MAX_BYTES
           and arena_size % _ALIGN == 0, "arena size")

    slots = []  # (home, location, nbytes, dtype name, shape)
    for i, slot in enumerate(_list(plan["slots"], "slots")):
        _check(type(slot) is list and len(slot) == 5, "slot %d", i)
        home, location, nbytes, dtype_name, shape = slot
        dtype = _plain_dtype(dtype_name)
        shape = _shape(shape, "slot shape")
        _check(type(home) is int and _HOME_NONE <= home <= _HOME_PARAM, "slot %d home", i)
        _check(type(location) is int and type(nbytes) is int
               and nbytes == math.prod(shape) * dtype.itemsize, "slot %d size", i)
        slots.append((home, location, nbytes, dtype_name, shape, dtype))
    kernels = [_check_kernel(k, i) for i, k in enumerate(_list(plan["kernels"], "kernels"))]
    regions = _list(plan["regions"], "regions")
    for region in regions:
        _list(region, "region")
    params = [_index(s, len(slots), "parameter slot") for s in _list(plan["params"], "params")]
    results = [_index(s, len(slots), "result slot") for s in _list(plan["results"], "results")]
    entry_region = _index(plan["entry"], len(regions), "entry region")

    for i, (home, location, nbytes, _, _, dtype) in enumerate(slots):
        if home == _HOME_ARENA:
            _check(location % _ALIGN == 0 and 0 <= location
                   and location + nbytes <= arena_size, "slot %d: arena offset", i)
        elif home == _HOME_PARAM:
            _check(params[_index(location, len(params), "parameter")] == i,
                   "slot %d: parameter", i)
        elif home == _HOME_OUTPUT:
            _check(results[_index(location, len(results), "result")] == i, "slot %d: result", i)
        elif home == _HOME_CONSTANT:
            array = constants[_index(location, len(constants), "constant")]
            _check(array.dtype == dtype and array.nbytes == nbytes
                   and array.flags.c_contiguous, "slot %d: constant", i)
    for i, slot in enumerate(params):
        _check(slots[slot][0] == _HOME_PARAM and slots[slot][1] == i, "parameter %d", i)

    _check_program_types(value, slots, params, results)
    _PlanWalk(slots, kernels, regions).run(entry_region, results)


def _check_program_types(value: dict, slots: list[tuple], params: list[int],
                         results: list[int]) -> None:
    """The compiled program's facts around the plan: its types are those of
    the plan's parameter and result slots, indices are in range."""
    from jaxlib._src.ir.hlo_sharding import HloSharding
    from jaxlib._src.ir.types import numpy_dtype

    def types(name: str, plan_slots: list[int]) -> None:
        items = _list(value.get(name), name)
        _check(len(items) == len(plan_slots), "%s: count", name)
        for item, slot in zip(items, plan_slots):
            _check(isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                   and len(item[0]) <= 64, name)
            try:
                dtype_name = np.dtype(numpy_dtype(item[0])).name
            except Exception:
                raise MalformedEntry(f"malformed entry: {name}: {item[0]!r}") from None
            _check((dtype_name, _shape(item[1], name)) == (slots[slot][3], slots[slot][4]),
                   f"{name}: differ from the plan")

    types("parameter_types", params)
    types("result_types", results)
    for name in ("num_replicas", "num_partitions"):
        _check(type(value.get(name)) is int and 1 <= value[name] <= _MAX_COUNT, name)
    for name, count in (("parameter_shardings", len(params)),
                        ("result_shardings", len(results))):
        items = _list(value.get(name), name)
        _check(len(items) == count, name)
        for text in items:
            if text is not None:
                try:
                    HloSharding.from_string(_text(text, name))
                except Exception:
                    raise MalformedEntry(f"malformed entry: {name}") from None
    for pair in _list(value.get("output_aliases"), "output_aliases"):
        _check(isinstance(pair, list) and len(pair) == 2, "output_aliases")
        _index(pair[0], len(results), "aliased result")
        _index(pair[1], len(params), "aliased parameter")
    for index in _list(value.get("donated_parameters"), "donated_parameters"):
        _index(index, len(params), "donated parameter")
    for name, items in (("parameter_layouts", params), ("result_layouts", results)):
        layouts = _list(value.get(name), name)
        _check(len(layouts) == len(items), name)
        for layout, slot in zip(layouts, items):
            _check(layout is None or (isinstance(layout, list) and all(
                type(d) is int for d in layout) and sorted(layout) == list(
                range(len(slots[slot][4])))), name)
    kinds = _list(value.get("result_memory_kinds"), "result_memory_kinds")
    _check(len(kinds) == len(results) and all(isinstance(k, str) and len(k) <= 256
                                              for k in kinds), "result_memory_kinds")
    _text(value.get("entry_name"), "entry_name")


class _PlanWalk:
    """Walks the regions reachable from the entry in execution order: each
    region is entered by one step at most (so none runs inside itself), every
    slot is written (or, without storage of its own, aliased by one step)
    before any step reads it, and no kernel writes storage it reads, a
    parameter or a constant."""

    def __init__(self, slots: list[tuple], kernels: list[tuple], regions: list[list]):
        self.slots = slots
        self.kernels = kernels
        self.regions = regions
        self.entered: set[int] = set()
        self.defined_once: set[int] = set()
        self.root: dict[int, int] = {}  # home-none slot -> the slot whose storage it uses
        self.steps = 0

    def run(self, entry: int, results: list[int]) -> None:
        self.entered.add(entry)
        defined = self.region(entry, set(), 0)
        for slot in results:
            self.readable(slot, defined, "result")

    def slot(self, index: Any, what: str) -> int:
        return _index(index, len(self.slots), what)

    def readable(self, index: Any, defined: set[int], what: str) -> int:
        slot = self.slot(index, what)
        # Parameters and constants hold values from the start; any other
        # slot only once a step wrote it (or aliased it), in this region or
        # an enclosing one: no step reads a null pointer or stale bytes.
        _check(self.slots[slot][0] in (_HOME_PARAM, _HOME_CONSTANT) or slot in defined,
               "%s slot %d is read before it is defined", what, slot)
        return slot

    def writable(self, index: Any, what: str) -> int:
        slot = self.slot(index, what)
        _check(self.slots[slot][0] in _WRITABLE, "%s slot %d is not writable storage", what, slot)
        return slot

    def define(self, index: Any, source: int, defined: set[int], what: str) -> None:
        slot = self.slot(index, what)
        _check(self.slots[slot][0] == _HOME_NONE and slot not in self.defined_once
               and self.slots[slot][2] == self.slots[source][2], "%s slot %d", what, slot)
        self.defined_once.add(slot)
        self.root[slot] = self.root.get(source, source)
        defined.add(slot)

    def storage(self, slot: int) -> tuple:
        slot = self.root.get(slot, slot)
        home, location, nbytes = self.slots[slot][:3]
        return (home, location, nbytes)

    def disjoint(self, a: int, b: int) -> bool:
        (home_a, at_a, size_a), (home_b, at_b, size_b) = self.storage(a), self.storage(b)
        if home_a != home_b:
            return True
        if home_a == _HOME_ARENA:
            return size_a == 0 or size_b == 0 or at_a + size_a <= at_b or at_b + size_b <= at_a
        return at_a != at_b

    def enter(self, index: Any, defined: set[int], depth: int) -> set[int]:
        region = _index(index, len(self.regions), "region")
        _check(region not in self.entered, "region %d is entered twice", region)
        _check(depth < 256, "regions nested too deeply")
        self.entered.add(region)
        return self.region(region, set(defined), depth + 1)

    def region(self, index: int, defined: set[int], depth: int) -> set[int]:
        for step in self.regions[index]:
            self.steps += 1
            _check(self.steps <= _MAX_COUNT, "too many steps")
            _check(isinstance(step, list) and step and isinstance(step[0], str), "step")
            kind = step[0]
            if kind in ("kernel", "kernel_in_place"):
                self.kernel_step(step, defined)
            elif kind == "rows":
                _check(len(step) == 5 and type(step[2]) is int and type(step[3]) is int
                       and 0 < step[2] <= _MAX_BYTES and 0 < step[3] <= _MAX_BYTES
                       and isinstance(step[4], str), "rows step")
                parts = _list(step[1], "rows step", 4096)
                _check(bool(parts), "rows step")
                for part in parts:
                    _check(isinstance(part, list) and part and part[0] == "kernel",
                           "rows step part")
                    self.kernel_step(part, defined)
            elif kind == "alias":
                _check(len(step) == 3, "alias step")
                source = self.readable(step[1], defined, "alias")
                self.define(step[2], source, defined, "alias result")
            elif kind == "while":
                self.while_step(step, defined, depth)
            elif kind == "case":
                self.case_step(step, defined, depth)
            else:
                _check(False, "step kind %r", kind)
        return defined

    def kernel_step(self, step: list, defined: set[int]) -> None:
        _check(len(step) == 5 and isinstance(step[4], str), "kernel step")
        inputs, outputs = self.kernels[_index(step[1], len(self.kernels), "kernel")]
        ins = [self.readable(s, defined, "kernel operand") for s in _list(step[2], "operands")]
        outs = _list(step[3], "results")
        _check(len(ins) == len(inputs) and len(outs) == len(outputs), "kernel step arity")
        if step[0] == "kernel_in_place":
            _check(len(ins) >= 1 and len(outs) == 1, "in-place step")
            target = ins[0]
            _check(self.storage(target)[0] in _WRITABLE, "in-place step updates read-only storage")
            _check(all(self.disjoint(target, s) for s in ins[1:]), "in-place step operands")
            self.define(outs[0], target, defined, "in-place result")
            return
        written = [self.writable(s, "kernel result") for s in outs]
        for k, out in enumerate(written):
            _check(all(self.disjoint(out, s) for s in ins)
                   and all(self.disjoint(out, s) for s in written[k + 1:]),
                   "kernel results overlap its operands or each other")
        defined.update(written)

    def while_step(self, step: list, defined: set[int], depth: int) -> None:
        _check(len(step) in (7, 8), "while step")
        _, ins, outs, cond_region, cond_result, body_region, body_results = step[:7]
        ins = [self.readable(s, defined, "while operand") for s in _list(ins, "while")]
        outs = [self.writable(s, "while result") for s in _list(outs, "while")]
        _check(len(ins) == len(outs) == len(_list(body_results, "while")), "while arity")
        _check(len(set(outs)) == len(outs), "while results")
        if len(step) == 8:
            # Carried values whose storage trades places with their body
            # result's: an arena result of the same size, not another one's.
            flags = _list(step[7], "while swap flags")
            _check(len(flags) == len(outs) and all(type(f) is bool for f in flags),
                   "while swap flags")
            for flag, out, result in zip(flags, outs, body_results):
                if flag:
                    result = self.slot(result, "while body result")
                    _check(self.slots[result][0] == _HOME_ARENA
                           and self.slots[result][2] == self.slots[out][2]
                           and body_results.count(result) == 1 and result not in outs,
                           "while swap of slot %d", result)
        defined.update(outs)  # the operands are copied into them first
        after_cond = self.enter(cond_region, defined, depth)
        self.readable(cond_result, after_cond, "while condition")
        after_body = self.enter(body_region, defined, depth)
        for slot in body_results:
            self.readable(slot, after_body, "while body result")

    def case_step(self, step: list, defined: set[int], depth: int) -> None:
        _check(len(step) == 6 and type(step[2]) is bool, "case step")
        _, index, is_pred, outs, branch_regions, branch_results = step
        self.readable(index, defined, "case index")
        outs = [self.writable(s, "case result") for s in _list(outs, "case")]
        _check(len(set(outs)) == len(outs), "case results")
        branches = _list(branch_regions, "case branches", 1 << 16)
        results = _list(branch_results, "case branches", 1 << 16)
        # An if's predicate picks branch 0 or 1: both must exist.
        _check(len(branches) == len(results) and len(branches) >= 1
               and (len(branches) == 2 or not is_pred), "case branch count")
        for region, branch in zip(branches, results):
            after = self.enter(region, defined, depth)
            _check(len(_list(branch, "case branch")) == len(outs), "case branch arity")
            for slot in branch:
                self.readable(slot, after, "case branch result")
        defined.update(outs)
