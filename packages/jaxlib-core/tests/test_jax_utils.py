"""jaxlib.utils: safe_map, safe_zip, foreach, topological_sort, Mutex."""

from __future__ import annotations

import itertools
import operator
import threading
import time

import pytest

from jaxlib import utils


def test_safe_map():
    assert utils.safe_map(lambda x: x * 2, [1, 2]) == [2, 4]
    assert utils.safe_map(operator.add, (1, 2), [10, 20]) == [11, 22]
    assert utils.safe_map(lambda *a: a, range(2), iter("ab"), [0, 1]) == [
        (0, "a", 0), (1, "b", 1)]
    assert utils.safe_map(lambda a, b, c: a, [], [], []) == []
    with pytest.raises(TypeError, match="at least 2 arguments"):
        utils.safe_map(abs)
    with pytest.raises(ValueError, match=r"argument 2 is longer than argument 1"):
        utils.safe_map(operator.add, [1], [1, 2])
    with pytest.raises(ValueError, match=r"argument 2 is shorter than argument 1"):
        utils.safe_map(operator.add, iter([1, 2]), iter([1]))
    with pytest.raises(ValueError, match=r"argument 3 is shorter than argument 1"):
        utils.safe_map(lambda *a: a, [1, 2], [1, 2], [1])
    with pytest.raises(TypeError, match="not callable"):
        utils.safe_map(7, [1])


def test_foreach():
    seen = []
    assert utils.foreach(lambda a, b: seen.append(a + b), [1, 2], (3, 4)) is None
    assert seen == [4, 6]
    with pytest.raises(ValueError, match=r"foreach\(\) argument 2 is longer"):
        utils.foreach(print, [], [1])


def test_safe_zip():
    assert utils.safe_zip([1, 2], "ab") == [(1, "a"), (2, "b")]
    assert utils.safe_zip((1,)) == [(1,)]
    assert utils.safe_zip(range(2), range(2), range(2)) == [(0, 0, 0), (1, 1, 1)]
    with pytest.raises(TypeError, match="at least 1 argument"):
        utils.safe_zip()
    with pytest.raises(ValueError, match=r"argument 1 has length 4 but argument 0 has "
                                         r"length 3. All lengths: \(3, 4\)"):
        utils.safe_zip([1, 2, 3], [1, 2, 3, 4])
    with pytest.raises(ValueError, match=r"argument 2 has length 1.*\(3, 3, 1\)"):
        utils.safe_zip(range(3), range(3), range(1))
    with pytest.raises(ValueError, match=r"argument 1 has length 14\+.*capped for "
                                         r"argument\(s\) 1"):
        utils.safe_zip(range(3), itertools.count())
    with pytest.raises(ValueError, match=r"argument 1 has length 3.*capped for "
                                         r"argument\(s\) 0"):
        utils.safe_zip(itertools.count(), range(3))


class Node:
    def __init__(self, name, parents=()):
        self.name = name
        self.parents = list(parents)


def test_topological_sort():
    a = Node("a")
    b = Node("b", [a])
    c = Node("c", [a])
    d = Node("d", [b, c])
    order = [n.name for n in utils.topological_sort("parents", [d])]
    assert order[0] == "a" and order[-1] == "d" and set(order) == set("abcd")
    assert [n.name for n in utils.topological_sort("parents", [d, d, b])][-1] in "bd"
    assert utils.topological_sort("parents", []) == []


def test_mutex_reader_writer():
    m = utils.Mutex()
    m.lock()
    m.assert_held()
    m.unlock()
    with pytest.raises(AssertionError):
        m.assert_held()
    m.reader_lock()
    m.reader_lock()
    m.assert_reader_held()
    events = []

    def writer():
        m.writer_lock()
        events.append("writer")
        m.writer_unlock()

    t = threading.Thread(target=writer)
    t.start()
    time.sleep(0.05)
    assert events == []  # readers hold it
    m.reader_unlock()
    m.reader_unlock()
    t.join(5)
    assert events == ["writer"]


def test_failure_signal_handler_and_log_levels():
    utils.install_failure_signal_handler()
    utils.install_failure_signal_handler(call_previous_handler=False)
    utils.absl_set_min_log_level(1)
    utils.absl_set_stderr_threshold(2)
    previous = utils.absl_set_global_vlog_level(3)
    assert utils.absl_set_global_vlog_level(previous) == 3
    assert utils.absl_set_vlog_level("pjit", 2) == previous
    assert utils.absl_set_vlog_level("pjit", 0) == 2
