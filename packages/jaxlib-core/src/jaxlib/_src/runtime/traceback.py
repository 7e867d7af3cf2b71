"""Python tracebacks captured where arrays and executables are created.

They name the user code behind each live buffer in ``Client.heap_profile()``
and are exposed as ``ArrayImpl.traceback``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Frame:
    file_name: str
    function_name: str
    function_start_line: int
    line_num: int

    def __str__(self) -> str:
        return f"{self.file_name}:{self.line_num} ({self.function_name})"


class Traceback:
    """An immutable list of frames, innermost first."""

    # Capture is cheap: the walk keeps (code, line) pairs and Frame objects are
    # built only when someone reads them. It can be switched off globally.
    enabled: bool = True

    def __init__(self, frames: tuple[Frame, ...] = (), _raw: tuple | None = None):
        self._frames: tuple[Frame, ...] | None = tuple(frames) if _raw is None else None
        self._raw = _raw

    @property
    def frames(self) -> tuple[Frame, ...]:
        if self._frames is None:
            self._frames = tuple(
                Frame(code.co_filename, code.co_name, code.co_firstlineno, line)
                for code, line in self._raw)
        return self._frames

    @staticmethod
    def get_traceback() -> Traceback | None:
        if not Traceback.enabled:
            return None
        raw = []
        frame = sys._getframe(1)
        while frame is not None:
            raw.append((frame.f_code, frame.f_lineno))
            frame = frame.f_back
        return Traceback(_raw=tuple(raw))

    def raw_frames(self) -> tuple[list[str], list[int]]:
        return [f.file_name for f in self.frames], [f.line_num for f in self.frames]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Traceback) and self.frames == other.frames

    def __hash__(self) -> int:
        return hash(self.frames)

    def __str__(self) -> str:
        return "\n".join(str(f) for f in self.frames)

    def __repr__(self) -> str:
        return f"Traceback({len(self.frames)} frames)"
