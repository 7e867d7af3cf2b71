"""Traceback.as_python_traceback: what jax attaches to errors raised while tracing."""

import traceback
import types

from jaxlib._src.runtime.traceback import Traceback


def _inner():
    return Traceback.get_traceback()


def _outer():
    return _inner()


def test_python_traceback_has_the_captured_frames_outermost_first():
    captured = _outer()
    summary = traceback.extract_tb(captured.as_python_traceback())
    names = [entry.name for entry in summary]
    assert names[-2:] == ["_outer", "_inner"]
    assert summary[-1].filename == __file__
    assert summary[-1].lineno == captured.frames[0].line_num
    assert "Traceback.get_traceback()" in summary[-1].line


def test_empty_traceback_is_none():
    assert Traceback().as_python_traceback() is None


def test_entries_rebuilt_from_the_frames_keep_their_lines():
    # jax's traceback filter rebuilds each entry from its frame's f_lasti:
    # the stub frame's own instruction must be on the captured line too.
    captured = _outer()
    tb = captured.as_python_traceback()
    rebuilt = None
    entries = []
    while tb is not None:
        entries.append(tb)
        tb = tb.tb_next
    for entry in reversed(entries):
        rebuilt = types.TracebackType(rebuilt, entry.tb_frame, entry.tb_frame.f_lasti,
                                      entry.tb_lineno)
    summary = traceback.extract_tb(rebuilt)
    assert summary[-1].name == "_inner" and summary[-1].lineno == captured.frames[0].line_num
    assert "Traceback.get_traceback()" in summary[-1].line
