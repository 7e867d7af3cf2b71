"""Python tracebacks captured where arrays, executables and traced equations
are created (jax calls ``Traceback.get_traceback()`` on every primitive bind
while tracing, so capture must be cheap).

A traceback keeps ``(code, lasti)`` pairs, innermost first, as jax's
``raw_frames()`` expects; ``Frame`` objects are built only when read.
"""

from __future__ import annotations

import os
import sys
import threading
import types
from dataclasses import dataclass
from types import CodeType


@dataclass(frozen=True)
class Frame:
    file_name: str
    function_name: str
    function_start_line: int
    line_num: int

    def __str__(self) -> str:
        return f"{self.file_name}:{self.line_num} ({self.function_name})"


def tracebacks_enabled() -> bool:
    """Whether ``Traceback.get_traceback()`` captures (``_jax.tracebacks_enabled``)."""
    return Traceback.enabled


def set_tracebacks_enabled(enabled: bool) -> None:
    Traceback.enabled = bool(enabled)


def _line_of(code: CodeType, lasti: int) -> int:
    for start, end, line in code.co_lines():
        if start <= lasti < end:
            return line if line is not None else code.co_firstlineno
    return code.co_firstlineno


class Traceback:
    """An immutable list of frames, innermost first; hashable."""

    __slots__ = ("_codes", "_lastis", "_frames", "_clean", "__weakref__")

    # Capture can be switched off globally (jax's tracebacks config).
    enabled: bool = True

    def __init__(self, frames: tuple[Frame, ...] = (), _raw: tuple | None = None):
        # ``Traceback()`` is empty (jax uses it as a neutral element of ``+``);
        # ``frames`` builds a synthetic one; ``_raw`` holds captured frames.
        self._frames: tuple[Frame, ...] | None = tuple(frames) if frames else None
        codes, lastis = _raw if _raw is not None else ((), ())
        self._codes: tuple[CodeType, ...] = tuple(codes)
        self._lastis: tuple[int, ...] = tuple(lastis)
        # Captured frames still hold jaxlib's own, left out when first read:
        # most tracebacks are never read, and capture must stay cheap.
        self._clean = _raw is None

    def _raw(self) -> tuple[tuple[CodeType, ...], tuple[int, ...]]:
        if not self._clean:
            self._codes, self._lastis = _without_jaxlib(self._codes, self._lastis)
            self._clean = True
        return self._codes, self._lastis

    @property
    def frames(self) -> tuple[Frame, ...]:
        if self._frames is None:
            self._frames = tuple(
                Frame(code.co_filename, getattr(code, "co_qualname", code.co_name),
                      code.co_firstlineno, _line_of(code, lasti))
                for code, lasti in zip(*self._raw()))
        return self._frames

    @staticmethod
    def get_traceback() -> Traceback | None:
        if not Traceback.enabled:
            return None
        return Traceback(_raw=_capture(sys._getframe(1)))

    def raw_frames(self) -> tuple[list[CodeType], list[int]]:
        """The frames as (code objects, last instruction offsets)."""
        codes, lastis = self._raw()
        return list(codes), list(lastis)

    @staticmethod
    def code_addr2line(code: CodeType, lasti: int) -> int:
        return _line_of(code, lasti)

    @staticmethod
    def code_addr2location(code: CodeType, lasti: int) -> tuple[int, int, int, int]:
        """(start line, start column, end line, end column) of an instruction."""
        positions = list(code.co_positions())
        index = lasti // 2
        if 0 <= index < len(positions):
            line, end_line, col, end_col = positions[index]
            if line is not None:
                return (line, col or 0, end_line or line, end_col or 0)
        line = _line_of(code, lasti)
        return (line, 0, line, 0)

    @staticmethod
    def traceback_from_frames(frames: list) -> types.TracebackType | None:
        """A Python traceback of ``frames`` (innermost first), as the
        reference's: for attaching to exceptions."""
        return Traceback(tuple(frames)).as_python_traceback()

    def as_python_traceback(self) -> types.TracebackType | None:
        """A Python traceback of these frames (outermost first, as Python
        chains them), for attaching to exceptions. Python cannot make frame
        objects directly: each comes from running a one-line stub compiled
        under the frame's file and function name; the line is the traceback
        entry's own."""
        tb = None
        for frame in self.frames:  # innermost first: each becomes the next's tb_next
            # tb_lasti -1: no instruction of the stub, so the traceback module
            # reports tb_lineno (the real frame's line) rather than the stub's;
            # the stub's own instruction is on that line too, for code (jax's
            # traceback filter) that rebuilds entries from the frame's f_lasti.
            stub = _stub_frame(frame.file_name, frame.function_name, frame.line_num)
            tb = types.TracebackType(tb, stub, -1, frame.line_num)
        return tb

    def __add__(self, other: Traceback) -> Traceback:
        """This traceback's frames followed by ``other``'s (outer) frames."""
        if not isinstance(other, Traceback):
            return NotImplemented
        if self._frames is not None and not self._codes or (
                other._frames is not None and not other._codes):
            return Traceback(self.frames + other.frames)
        codes, lastis = self._raw()
        other_codes, other_lastis = other._raw()
        combined = Traceback(_raw=(codes + other_codes, lastis + other_lastis))
        combined._clean = True
        return combined

    def _key(self) -> tuple:
        if self._codes:
            return self._raw()
        return (self.frames,)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Traceback) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return "\n".join(str(f) for f in self.frames)

    def __repr__(self) -> str:
        return f"Traceback({len(self.frames)} frames)"


def _jaxlib_directories() -> tuple[str, ...]:
    import jaxlib

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    found = {os.path.join(root, "")}
    found.update(os.path.join(os.path.abspath(d), "") for d in getattr(jaxlib, "__path__", ()))
    return tuple(sorted(found))


# jaxlib's own frames are left out: the reference implements jit dispatch,
# caches and the runtime in C++, whose frames no Python traceback shows, and
# jax reads a traceback's outermost non-jax frame as the user's code.
JAXLIB_DIRECTORIES = _jaxlib_directories()
_internal_codes: dict[CodeType, bool] = {}


def without_jaxlib_frames(tb: types.TracebackType | None) -> types.TracebackType | None:
    """A Python traceback like ``tb`` without the entries of jaxlib's own
    frames (new traceback objects: ``tb`` may be shared, e.g. by an
    exception's cause)."""
    kept = []
    while tb is not None:
        code = tb.tb_frame.f_code
        inside = _internal_codes.get(code)
        if inside is None:
            inside = _internal_codes[code] = code.co_filename.startswith(JAXLIB_DIRECTORIES)
        if not inside:
            kept.append(tb)
        tb = tb.tb_next
    result = None
    for entry in reversed(kept):
        result = types.TracebackType(result, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
    return result


class _StopFrame(threading.local):
    frame: types.FrameType | None = None


# Captures stop below this frame (jax's TracebackScope: an equation's
# traceback starts where its jaxpr's tracing started, not at the caller).
_stop = _StopFrame()


def get_stop_frame() -> types.FrameType | None:
    return _stop.frame


def set_stop_frame(frame: types.FrameType | None) -> None:
    _stop.frame = frame


def _capture(frame) -> tuple[tuple[CodeType, ...], tuple[int, ...]]:
    codes = []
    lastis = []
    stop = _stop.frame
    while frame is not None and frame is not stop:
        codes.append(frame.f_code)
        lastis.append(frame.f_lasti)
        frame = frame.f_back
    return tuple(codes), tuple(lastis)


def _without_jaxlib(codes: tuple[CodeType, ...], lastis: tuple[int, ...]
                    ) -> tuple[tuple[CodeType, ...], tuple[int, ...]]:
    internal = _internal_codes
    kept_codes = []
    kept_lastis = []
    for code, lasti in zip(codes, lastis):
        inside = internal.get(code)
        if inside is None:
            inside = internal[code] = code.co_filename.startswith(JAXLIB_DIRECTORIES)
        if not inside:
            kept_codes.append(code)
            kept_lastis.append(lasti)
    return tuple(kept_codes), tuple(kept_lastis)


class _StubFrameMarker(Exception):
    pass


_stub_frames: dict[tuple[str, str, int], types.FrameType] = {}


def _stub_frame(file_name: str, function_name: str, line: int) -> types.FrameType:
    """A frame object whose code has ``file_name`` and ``function_name`` and
    runs on ``line`` (cached: frames of one place are interchangeable in a
    traceback)."""
    key = (file_name, function_name, line)
    frame = _stub_frames.get(key)
    if frame is None:
        padding = "\n" * (max(int(line), 1) - 1)
        code = compile(padding + "raise _StubFrameMarker", file_name, "exec")
        code = code.replace(co_name=function_name, co_qualname=function_name)
        try:
            exec(code, {"_StubFrameMarker": _StubFrameMarker})
        except _StubFrameMarker as marker:
            frame = marker.__traceback__.tb_next.tb_frame
        _stub_frames[key] = frame
    return frame
