"""XLA-style dumps of compiled modules, driven by ``DebugOptions``.

With ``xla_dump_to`` set (and the module's name matching
``xla_dump_hlo_module_re`` when given), each compiled module is written there:
``module_NNNN.<name>.mlir`` (the program as compiled) always, and
``module_NNNN.<name>.txt`` (HLO text) with ``xla_dump_hlo_as_text``. HLO
protos have no writer here: asking for them is an explicit error.

``xla_dump_hlo_module_re`` is matched by :func:`module_name_matches`, a small
linear-time engine (not Python's backtracking ``re``, where a pattern such as
``^(a+)+$`` or ``a*a*a*a*a*$`` takes exponential or high polynomial time): XLA
matches it with RE2, and this engine accepts RE2's common syntax.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jaxlib._src.base.errors import invalid_argument, unimplemented

_counter = itertools.count()


def _debug_options(options: Any) -> Any:
    build = getattr(options, "executable_build_options", None)
    return getattr(build, "debug_options", None)


def dump_if_requested(compiled: Any, options: Any) -> list[Path]:
    debug = _debug_options(options)
    if debug is None or not debug.xla_dump_to:
        return []
    name = compiled.module.name or compiled.entry.name
    pattern = debug.xla_dump_hlo_module_re
    if pattern and not module_name_matches(pattern, name):
        return []
    if debug.xla_dump_hlo_as_proto:
        raise unimplemented("xla_dump_hlo_as_proto: this jaxlib writes MLIR and HLO text "
                            "dumps, not HLO protos")
    directory = Path(debug.xla_dump_to)
    directory.mkdir(parents=True, exist_ok=True)
    stem = f"module_{next(_counter):04d}.{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}"
    written = [directory / f"{stem}.mlir"]
    written[0].write_text(compiled.source)
    if debug.xla_dump_hlo_as_text:
        from jaxlib._src.ir.hlo_printer import print_hlo_module

        path = directory / f"{stem}.txt"
        path.write_text(print_hlo_module(compiled.module))
        written.append(path)
    return written


# -- the bounded matcher for xla_dump_hlo_module_re ---------------------------------
#
# The pattern compiles to a Thompson NFA (Pike VM instructions) and the name is
# matched by advancing the set of live states one character at a time: the
# work is at most len(name) x len(program), whatever the pattern. Both are
# capped, so a match costs at most ~_MAX_NAME * _MAX_PROGRAM steps (well under
# a second). Syntax: literals, ``.``, classes ``[...]``/``[^...]``, ``\d \w \s``
# (and negations), ``^ $ \A \z \Z``, groups ``(...)``/``(?:...)``/``(?P<n>...)``,
# ``|``, quantifiers ``* + ? {m} {m,} {m,n}`` (lazy ``?`` suffixes accepted).
# Backreferences, lookarounds, inline flags and ``\b`` are refused, as RE2
# refuses most of them.

_MAX_PATTERN = 1024  # characters of pattern
_MAX_PROGRAM = 2000  # instructions after expanding counted repeats
_MAX_NAME = 1024  # characters of module name compared; longer names never match
_MAX_NESTING = 32  # group depth
_MAX_REPEAT = 1000  # the largest {m,n} bound

_CHAR, _SPLIT, _JMP, _BOL, _EOL, _MATCH = range(6)

CharTest = Callable[[str], bool]

_CLASS_ESCAPES: dict[str, CharTest] = {
    "d": str.isdecimal,
    "D": lambda c: not c.isdecimal(),
    "w": lambda c: c.isalnum() or c == "_",
    "W": lambda c: not (c.isalnum() or c == "_"),
    "s": str.isspace,
    "S": lambda c: not c.isspace(),
}
_CONTROL_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f", "v": "\v", "a": "\a"}
_REPEAT = re.compile(r"\{(\d*)(,(\d*))?\}")


class _PatternError(ValueError):
    pass


class _Parser:
    """Recursive descent over the pattern into a small tree:
    ("char", test) | ("bol",) | ("eol",) | ("cat", [nodes]) | ("alt", [nodes])
    | ("repeat", node, min, max or None)."""

    def __init__(self, pattern: str):
        self.pattern = pattern
        self.pos = 0
        self.depth = 0

    def error(self, what: str) -> _PatternError:
        return _PatternError(f"{what} at position {self.pos}")

    def peek(self) -> str | None:
        return self.pattern[self.pos] if self.pos < len(self.pattern) else None

    def parse(self) -> tuple:
        node = self.alternation()
        if self.pos != len(self.pattern):
            raise self.error("unbalanced ')'")
        return node

    def alternation(self) -> tuple:
        branches = [self.concatenation()]
        while self.peek() == "|":
            self.pos += 1
            branches.append(self.concatenation())
        return branches[0] if len(branches) == 1 else ("alt", branches)

    def concatenation(self) -> tuple:
        items: list[tuple] = []
        while self.peek() not in (None, "|", ")"):
            items.append(self.quantified(self.atom()))
        return ("cat", items)

    def quantified(self, node: tuple) -> tuple:
        char = self.peek()
        if char in ("*", "+", "?"):
            self.pos += 1
            low, high = {"*": (0, None), "+": (1, None), "?": (0, 1)}[char]
        elif char == "{" and (repeat := _REPEAT.match(self.pattern, self.pos)) and (
                repeat.group(1) or repeat.group(3)):
            self.pos = repeat.end()
            low = int(repeat.group(1) or 0)
            high = low if repeat.group(2) is None else (
                int(repeat.group(3)) if repeat.group(3) else None)
            if low > _MAX_REPEAT or (high is not None and (high > _MAX_REPEAT or high < low)):
                raise self.error(f"repeat bounds over {_MAX_REPEAT} or reversed")
        else:
            return node
        if node[0] in ("bol", "eol"):
            raise self.error("nothing to repeat")
        if self.peek() == "?":  # lazy: the same set of matches
            self.pos += 1
        if self.peek() in ("*", "+", "?", "{"):
            if self.peek() != "{" or _REPEAT.match(self.pattern, self.pos):
                raise self.error("multiple repeat")
        return ("repeat", node, low, high)

    def atom(self) -> tuple:
        char = self.pattern[self.pos]
        self.pos += 1
        if char == "(":
            return self.group()
        if char == "[":
            return ("char", self.char_class())
        if char == ".":
            return ("char", lambda c: c != "\n")
        if char == "^":
            return ("bol",)
        if char == "$":
            return ("eol",)
        if char == "\\":
            escaped = self.escape()
            return ("char", escaped[1].__eq__) if escaped[0] == "literal" else escaped
        if char in "*+?":
            raise self.error("nothing to repeat")
        return ("char", char.__eq__)

    def group(self) -> tuple:
        if self.pattern.startswith("?:", self.pos):
            self.pos += 2
        elif self.pattern.startswith("?P<", self.pos):
            end = self.pattern.find(">", self.pos)
            if end < 0 or not self.pattern[self.pos + 3:end].isidentifier():
                raise self.error("bad group name")
            self.pos = end + 1
        elif self.peek() == "?":
            raise self.error("unsupported group syntax (lookarounds, flags, backreferences)")
        self.depth += 1
        if self.depth > _MAX_NESTING:
            raise self.error(f"groups nested deeper than {_MAX_NESTING}")
        node = self.alternation()
        self.depth -= 1
        if self.peek() != ")":
            raise self.error("missing ')'")
        self.pos += 1
        return node

    def escape(self) -> tuple:
        """An escape after the backslash: ("char", test), ("literal", char),
        ("bol",) or ("eol",)."""
        if self.pos >= len(self.pattern):
            raise self.error("bad escape (end of pattern)")
        char = self.pattern[self.pos]
        self.pos += 1
        if char in _CLASS_ESCAPES:
            return ("char", _CLASS_ESCAPES[char])
        if char == "A":
            return ("bol",)
        if char in "zZ":
            return ("eol",)
        if char in _CONTROL_ESCAPES:
            return ("literal", _CONTROL_ESCAPES[char])
        if char.isalnum():  # backreferences, \b, \x.. and friends
            raise self.error(f"unsupported escape \\{char}")
        return ("literal", char)

    def class_escape(self) -> tuple:
        escaped = self.escape()
        if escaped[0] not in ("char", "literal"):
            raise self.error("bad escape in a character set")
        return escaped

    def char_class(self) -> CharTest:
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        tests: list[CharTest] = []
        chars: set[str] = set()
        first = True
        while True:
            if self.pos >= len(self.pattern):
                raise self.error("unterminated character set")
            char = self.pattern[self.pos]
            self.pos += 1
            if char == "]" and not first:
                break
            first = False
            if char == "\\":
                kind, value = self.class_escape()
                if kind == "char":
                    tests.append(value)
                    continue
                char = value
            if (self.peek() == "-" and self.pos + 1 < len(self.pattern)
                    and self.pattern[self.pos + 1] != "]"):
                self.pos += 1
                high = self.pattern[self.pos]
                self.pos += 1
                if high == "\\":
                    kind, high = self.class_escape()
                    if kind != "literal":
                        raise self.error("bad character range")
                if high < char:
                    raise self.error("bad character range")
                tests.append(lambda c, low=char, high=high: low <= c <= high)
            else:
                chars.add(char)
        frozen = frozenset(chars)

        def member(c: str) -> bool:
            return c in frozen or any(test(c) for test in tests)

        return (lambda c: not member(c)) if negated else member


def _compile(node: tuple, program: list[list]) -> None:
    """Appends the instructions of ``node`` (Pike VM: a _CHAR step goes on at
    the next instruction; splits and jumps hold absolute targets)."""
    if len(program) > _MAX_PROGRAM:
        raise _PatternError(f"pattern expands to over {_MAX_PROGRAM} instructions")
    kind = node[0]
    if kind == "char":
        program.append([_CHAR, node[1]])
    elif kind == "bol":
        program.append([_BOL])
    elif kind == "eol":
        program.append([_EOL])
    elif kind == "cat":
        for item in node[1]:
            _compile(item, program)
    elif kind == "alt":
        jumps = []
        for branch in node[1][:-1]:
            split = [_SPLIT, len(program) + 1, None]
            program.append(split)
            _compile(branch, program)
            jumps.append([_JMP, None])
            program.append(jumps[-1])
            split[2] = len(program)
        _compile(node[1][-1], program)
        for jump in jumps:
            jump[1] = len(program)
    else:  # repeat
        _, inner, low, high = node
        for _ in range(low):
            _compile(inner, program)
        if high is None:  # inner*
            split = [_SPLIT, len(program) + 1, None]
            start = len(program)
            program.append(split)
            _compile(inner, program)
            program.append([_JMP, start])
            split[2] = len(program)
        else:  # (inner (inner ...)?)? up to high - low times
            splits = []
            for _ in range(high - low):
                splits.append([_SPLIT, len(program) + 1, None])
                program.append(splits[-1])
                _compile(inner, program)
            for split in splits:
                split[2] = len(program)


_programs: dict[str, list[list]] = {}


def _program(pattern: str) -> list[list]:
    program = _programs.get(pattern)
    if program is None:
        if len(pattern) > _MAX_PATTERN:
            raise _PatternError(f"pattern longer than {_MAX_PATTERN} characters")
        program = []
        _compile(_Parser(pattern).parse(), program)
        program.append([_MATCH])
        if len(program) > _MAX_PROGRAM:
            raise _PatternError(f"pattern expands to over {_MAX_PROGRAM} instructions")
        if len(_programs) > 64:
            _programs.clear()
        _programs[pattern] = program
    return program


def module_name_matches(pattern: str, name: str) -> bool:
    """Whether ``pattern`` is found in ``name`` (``re.search`` semantics), in
    time linear in ``len(name)``; names over 1024 characters never match.
    XlaRuntimeError INVALID_ARGUMENT for a pattern outside the syntax above."""
    try:
        program = _program(pattern)
    except _PatternError as err:
        raise invalid_argument(f"xla_dump_hlo_module_re {pattern[:100]!r}: {err}") from None
    if len(name) > _MAX_NAME:
        return False
    end = len(name)

    def closure(pcs: list[int], position: int) -> set[int]:
        """The consuming and match instructions reachable without input."""
        live: set[int] = set()
        seen: set[int] = set()
        while pcs:
            pc = pcs.pop()
            if pc in seen:
                continue
            seen.add(pc)
            op = program[pc]
            if op[0] == _SPLIT:
                pcs.extend((op[1], op[2]))
            elif op[0] == _JMP:
                pcs.append(op[1])
            elif op[0] == _BOL:
                if position == 0:
                    pcs.append(pc + 1)
            elif op[0] == _EOL:
                if position == end:
                    pcs.append(pc + 1)
            else:
                live.add(pc)
        return live

    match = len(program) - 1
    states = closure([0], 0)
    for position, char in enumerate(name, 1):
        if match in states:
            return True
        # A match may also start at every later position (search, not match).
        following = [pc + 1 for pc in states if pc != match and program[pc][1](char)]
        states = closure([*following, 0], position)
    return match in states
