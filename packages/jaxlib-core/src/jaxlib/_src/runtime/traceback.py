"""Python tracebacks captured where arrays, executables and traced equations
are created (jax calls ``Traceback.get_traceback()`` on every primitive bind
while tracing, so capture must be cheap).

A traceback keeps ``(code, lasti)`` pairs, innermost first, as jax's
``raw_frames()`` expects; ``Frame`` objects are built only when read.
"""

from __future__ import annotations

import sys
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


def _line_of(code: CodeType, lasti: int) -> int:
    for start, end, line in code.co_lines():
        if start <= lasti < end:
            return line if line is not None else code.co_firstlineno
    return code.co_firstlineno


class Traceback:
    """An immutable list of frames, innermost first; hashable."""

    __slots__ = ("_codes", "_lastis", "_frames", "__weakref__")

    # Capture can be switched off globally (jax's tracebacks config).
    enabled: bool = True

    def __init__(self, frames: tuple[Frame, ...] = (), _raw: tuple | None = None):
        # ``Traceback()`` is empty (jax uses it as a neutral element of ``+``);
        # ``frames`` builds a synthetic one; ``_raw`` holds captured frames.
        self._frames: tuple[Frame, ...] | None = tuple(frames) if frames else None
        codes, lastis = _raw if _raw is not None else ((), ())
        self._codes: tuple[CodeType, ...] = tuple(codes)
        self._lastis: tuple[int, ...] = tuple(lastis)

    @property
    def frames(self) -> tuple[Frame, ...]:
        if self._frames is None:
            self._frames = tuple(
                Frame(code.co_filename, code.co_name, code.co_firstlineno, _line_of(code, lasti))
                for code, lasti in zip(self._codes, self._lastis))
        return self._frames

    @staticmethod
    def get_traceback() -> Traceback | None:
        if not Traceback.enabled:
            return None
        return Traceback(_raw=_capture(sys._getframe(1)))

    def raw_frames(self) -> tuple[list[CodeType], list[int]]:
        """The frames as (code objects, last instruction offsets)."""
        return list(self._codes), list(self._lastis)

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
    def traceback_from_frames(frames: list) -> Traceback:
        return Traceback(tuple(frames))

    def as_python_traceback(self) -> types.TracebackType | None:
        """A Python traceback of these frames (outermost first, as Python
        chains them), for attaching to exceptions. Python cannot make frame
        objects directly: each comes from running a one-line stub compiled
        under the frame's file and function name; the line is the traceback
        entry's own."""
        tb = None
        for frame in self.frames:  # innermost first: each becomes the next's tb_next
            # tb_lasti -1: no instruction of the stub, so the traceback module
            # reports tb_lineno (the real frame's line) rather than the stub's.
            tb = types.TracebackType(tb, _stub_frame(frame.file_name, frame.function_name),
                                     -1, frame.line_num)
        return tb

    def __add__(self, other: Traceback) -> Traceback:
        """This traceback's frames followed by ``other``'s (outer) frames."""
        if not isinstance(other, Traceback):
            return NotImplemented
        if self._frames is not None and not self._codes or (
                other._frames is not None and not other._codes):
            return Traceback(self.frames + other.frames)
        return Traceback(_raw=(self._codes + other._codes, self._lastis + other._lastis))

    def _key(self) -> tuple:
        if self._codes:
            return (self._codes, self._lastis)
        return (self.frames,)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Traceback) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return "\n".join(str(f) for f in self.frames)

    def __repr__(self) -> str:
        return f"Traceback({len(self.frames)} frames)"


def _capture(frame) -> tuple[tuple[CodeType, ...], tuple[int, ...]]:
    codes = []
    lastis = []
    while frame is not None:
        codes.append(frame.f_code)
        lastis.append(frame.f_lasti)
        frame = frame.f_back
    return tuple(codes), tuple(lastis)


class _StubFrameMarker(Exception):
    pass


_stub_frames: dict[tuple[str, str], types.FrameType] = {}


def _stub_frame(file_name: str, function_name: str) -> types.FrameType:
    """A frame object whose code has ``file_name`` and ``function_name``
    (cached: frames of one place are interchangeable in a traceback)."""
    key = (file_name, function_name)
    frame = _stub_frames.get(key)
    if frame is None:
        code = compile("raise _StubFrameMarker", file_name, "exec")
        code = code.replace(co_name=function_name, co_qualname=function_name)
        try:
            exec(code, {"_StubFrameMarker": _StubFrameMarker})
        except _StubFrameMarker as marker:
            frame = marker.__traceback__.tb_next.tb_frame
        _stub_frames[key] = frame
    return frame
