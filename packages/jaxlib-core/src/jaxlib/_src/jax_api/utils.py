"""Small helpers jax uses everywhere: safe_map, safe_zip, foreach (map and zip
that insist on equal lengths and return lists), topological_sort, a
reader-writer Mutex, and logging knobs.

safe_map and safe_zip run on nearly every jax operation: arguments that are
lists or tuples take a C-speed path (``map``/``zip`` after a length check); other
iterables are walked one element at a time, as jaxlib's C++ does, so errors
name the right argument and infinite iterators are not drained.
"""

from __future__ import annotations

import faulthandler
import threading
from collections.abc import Iterable
from typing import Any

__all__ = [
    "Mutex",
    "absl_set_global_vlog_level",
    "absl_set_min_log_level",
    "absl_set_stderr_threshold",
    "absl_set_vlog_level",
    "foreach",
    "install_failure_signal_handler",
    "safe_map",
    "safe_zip",
    "topological_sort",
]

_SIZED = (list, tuple, range)


def safe_map(*args) -> Any:
    """map(f, *iterables) as a list; the iterables must have equal lengths."""
    n = len(args)
    if n == 3:  # the common case, without generator expressions
        f, a, b = args
        if type(a) in _SIZED and type(b) in _SIZED:
            if len(a) != len(b):
                _raise_map_length("safe_map", 2, len(b) > len(a))
            return list(map(f, a, b))
    elif n == 2:
        if type(args[1]) in _SIZED:
            return list(map(args[0], args[1]))
    elif n < 2:
        raise TypeError("safe_map requires at least 2 arguments")
    else:
        iterables = args[1:]
        if _all_sized(iterables):
            length = len(iterables[0])
            for i, a in enumerate(iterables[1:], start=2):
                if len(a) != length:
                    _raise_map_length("safe_map", i, len(a) > length)
            return list(map(args[0], *iterables))
    return _safe_map_slow("safe_map", args[0], args[1:], True)


def _all_sized(iterables: tuple) -> bool:
    for a in iterables:
        if type(a) not in _SIZED:
            return False
    return True


def foreach(*args) -> Any:
    """foreach() applies a function elementwise to one or more iterables, ignoring the
    return values and returns None.

    The iterables must all have the same lengths."""
    if len(args) < 2:
        raise TypeError("foreach() requires at least 2 arguments")
    _safe_map_slow("foreach", args[0], args[1:], False)
    return None


def _raise_map_length(name: str, index: int, longer: bool):
    # Arguments are numbered from 1 after the function, as jaxlib does.
    raise ValueError(f"{name}() argument {index} is {'longer' if longer else 'shorter'} "
                     "than argument 1")


def _safe_map_slow(name: str, f, iterables: tuple, collect: bool):
    iterators = [iter(a) for a in iterables]
    out = [] if collect else None
    missing = _MISSING
    first, rest = iterators[0], iterators[1:]
    while True:
        x = next(first, missing)
        if x is missing:
            for i, it in enumerate(rest, start=2):
                if next(it, missing) is not missing:
                    _raise_map_length(name, i, True)
            return out
        values = [x]
        for i, it in enumerate(rest, start=2):
            y = next(it, missing)
            if y is missing:
                _raise_map_length(name, i, False)
            values.append(y)
        result = f(*values)
        if collect:
            out.append(result)


_MISSING = object()
_DRAIN_LIMIT = 10


def safe_zip(*args) -> Any:
    """zip(*iterables) as a list; the iterables must have equal lengths."""
    if len(args) == 2:  # the common case, without generator expressions
        a, b = args
        if type(a) in _SIZED and type(b) in _SIZED and len(a) == len(b):
            return list(zip(a, b))
    elif not args:
        raise TypeError("safe_zip requires at least 1 argument")
    elif _all_sized(args):
        length = len(args[0])
        for a in args:
            if len(a) != length:
                break
        else:
            return list(zip(*args))
    return _safe_zip_slow(args)


def _safe_zip_slow(args: tuple) -> list:
    iterators = [iter(a) for a in args]
    out = []
    missing = _MISSING
    n = 0
    while True:
        x = next(iterators[0], missing)
        if x is missing:
            for i in range(1, len(iterators)):
                if next(iterators[i], missing) is not missing:
                    _raise_zip_length(iterators, n, i, longer=True)
            return out
        row = [x]
        for i in range(1, len(iterators)):
            y = next(iterators[i], missing)
            if y is missing:
                _raise_zip_length(iterators, n, i, longer=False)
            row.append(y)
        out.append(tuple(row))
        n += 1


def _raise_zip_length(iterators: list, n: int, mismatch: int, longer: bool):
    """Reports every argument's length; what remains of each is counted, up to
    a cap, so that an infinite iterator does not hang the error path."""
    lengths = []
    capped = []
    for j, it in enumerate(iterators):
        # Elements already taken: n full rows, plus the one just read from the
        # arguments before the mismatch (or from the longer one itself).
        consumed = n + (1 if (j == mismatch if longer else j < mismatch) else 0)
        remaining = 0
        for _ in it:
            remaining += 1
            if remaining >= _DRAIN_LIMIT:
                break
        if remaining >= _DRAIN_LIMIT:
            lengths.append(f"{consumed + _DRAIN_LIMIT}+")
            capped.append(str(j))
        else:
            lengths.append(str(consumed + remaining))
    msg = (f"safe_zip() argument {mismatch} has length {lengths[mismatch]} but argument 0 "
           f"has length {lengths[0]}. All lengths: ({', '.join(lengths)})")
    if capped:
        msg += f" (Note: length capped for argument(s) {', '.join(capped)})"
    raise ValueError(msg)


def topological_sort(parents_attr: str, end_nodes: Iterable) -> list:
    """Computes a topological sort of a graph of objects.

    parents_attr is the name of the attribute on each object that contains the
    list of parent objects. end_nodes is an iterable of objects from which we
    should start a backwards search."""
    # The order matches jax's original Python implementation (tests depend on it).
    end = []
    seen = set()
    for node in end_nodes:
        if id(node) not in seen:
            seen.add(id(node))
            end.append(node)
    if not end:
        return []
    child_counts: dict[int, int] = {}
    stack = list(end)
    while stack:
        node = stack.pop()
        k = id(node)
        count = child_counts.get(k, 0)
        if count == 0:
            stack.extend(getattr(node, parents_attr))
        child_counts[k] = count + 1
    for node in end:
        child_counts[id(node)] -= 1
    sorted_nodes = []
    childless = [node for node in end if child_counts[id(node)] == 0]
    while childless:
        node = childless.pop()
        sorted_nodes.append(node)
        for parent in getattr(node, parents_attr):
            k = id(parent)
            if child_counts[k] == 1:
                childless.append(parent)
            else:
                child_counts[k] -= 1
    sorted_nodes.reverse()
    return sorted_nodes


class Mutex:
    """A reader-writer lock (Python's standard library has none).

    ``lock``/``writer_lock`` take it exclusively, ``reader_lock`` shared; waiting
    releases the GIL."""

    __slots__ = ("_cond", "_writer", "_readers")

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._writer: int | None = None
        self._readers: dict[int, int] = {}

    def lock(self) -> None:
        me = threading.get_ident()
        with self._cond:
            while self._writer is not None or self._readers:
                self._cond.wait()
            self._writer = me

    def unlock(self) -> None:
        with self._cond:
            if self._writer is None:
                raise RuntimeError("Mutex.unlock() called on an unlocked mutex")
            self._writer = None
            self._cond.notify_all()

    def assert_held(self) -> None:
        if self._writer != threading.get_ident():
            raise AssertionError("Mutex is not held exclusively by this thread")

    def reader_lock(self) -> None:
        me = threading.get_ident()
        with self._cond:
            while self._writer is not None:
                self._cond.wait()
            self._readers[me] = self._readers.get(me, 0) + 1

    def reader_unlock(self) -> None:
        me = threading.get_ident()
        with self._cond:
            count = self._readers.get(me, 0)
            if count == 0:
                raise RuntimeError("Mutex.reader_unlock() without reader_lock()")
            if count == 1:
                del self._readers[me]
            else:
                self._readers[me] = count - 1
            if not self._readers:
                self._cond.notify_all()

    def assert_reader_held(self) -> None:
        me = threading.get_ident()
        if self._writer != me and me not in self._readers:
            raise AssertionError("Mutex is not held by this thread")

    writer_lock = lock
    writer_unlock = unlock


def install_failure_signal_handler(call_previous_handler: bool = True) -> None:
    """On a fatal signal (SIGSEGV, SIGABRT, ...) print every thread's Python stack.

    faulthandler re-raises the signal with the previous disposition afterwards,
    which is the ``call_previous_handler`` behaviour; without it the process
    still dies with the signal."""
    del call_previous_handler
    if not faulthandler.is_enabled():
        faulthandler.enable(all_threads=True)


# absl logging levels. There is no C++ absl logging here; the values are kept so
# that callers can read back what they set.
_log_levels = {"min_log_level": 0, "stderr_threshold": 2, "global_vlog_level": 0}
_vlog_levels: dict[str, int] = {}


def absl_set_min_log_level(level: int, /) -> None:
    _log_levels["min_log_level"] = int(level)


def absl_set_vlog_level(module_pattern: str, level: int, /) -> int:
    previous = _vlog_levels.get(module_pattern, _log_levels["global_vlog_level"])
    _vlog_levels[module_pattern] = int(level)
    return previous


def absl_set_global_vlog_level(level: int, /) -> int:
    previous = _log_levels["global_vlog_level"]
    _log_levels["global_vlog_level"] = int(level)
    return previous


def absl_set_stderr_threshold(level: int, /) -> None:
    _log_levels["stderr_threshold"] = int(level)
