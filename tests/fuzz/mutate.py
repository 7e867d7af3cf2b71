"""Mutations of program text for the fuzz suite.

Each mutation is small and textual, the way a hand-edited or corrupted
program differs from a valid one: a number, a type, an op name, a line or a
few bytes changed. Deterministic for a given ``random.Random``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

_NUMBER = re.compile(r"(?<![%#\w.])-?\d+(?![\w.])")
_ELEMENT_TYPE = re.compile(
    r"\b(f16|bf16|f32|f64|i1|i4|i8|i16|i32|i64|ui8|ui16|ui32|ui64|complex<f32>|complex<f64>)\b")
_OP_NAME = re.compile(r"\b(stablehlo|chlo|func|sdy|mhlo)\.[a-z_]+\b")
_SSA = re.compile(r"%[\w#]+")

# Values at the edges of what a dimension, an index or an attribute can hold.
INTERESTING_NUMBERS = [
    "0", "1", "-1", "2", "3", "7", "64", "255", "256", "65536", "2147483647", "2147483648",
    "-2147483648", "4294967296", "4611686018427387904", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "99999999999999999999", "250000000",
]
ELEMENT_TYPES = ["f16", "bf16", "f32", "f64", "i1", "i8", "i32", "i64", "ui8", "ui32",
                 "complex<f32>", "i4", "f8E4M3FN", "index"]
JUNK = ["(", ")", "{", "}", "<", ">", "[", "]", ",", ":", "=", "%", "@", "^", "\"", "x",
        "\\", "\0", "\u00e9", "-", "0x", "...", "dense<", "tensor<", "?"]


def _replace_match(text: str, pattern: re.Pattern, rng: random.Random,
                   choose: Callable[[str], str]) -> str:
    matches = list(pattern.finditer(text))
    if not matches:
        return text
    m = rng.choice(matches)
    return text[:m.start()] + choose(m.group(0)) + text[m.end():]


def _number(text: str, rng: random.Random) -> str:
    def choose(old: str) -> str:
        if rng.random() < 0.3:
            return str(int(old) + rng.choice([-1, 1, 2]))
        return rng.choice(INTERESTING_NUMBERS)

    return _replace_match(text, _NUMBER, rng, choose)


def _element_type(text: str, rng: random.Random) -> str:
    return _replace_match(text, _ELEMENT_TYPE, rng, lambda old: rng.choice(ELEMENT_TYPES))


def _op_name(text: str, rng: random.Random) -> str:
    names = sorted(set(m.group(0) for m in _OP_NAME.finditer(text)))
    if not names:
        return text
    return _replace_match(text, _OP_NAME, rng, lambda old: rng.choice(names))


def _ssa_name(text: str, rng: random.Random) -> str:
    names = sorted(set(m.group(0) for m in _SSA.finditer(text)))
    if len(names) < 2:
        return text
    return _replace_match(text, _SSA, rng, lambda old: rng.choice(names))


def _lines(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    if len(lines) < 3:
        return text
    i = rng.randrange(1, len(lines) - 1)
    kind = rng.randrange(3)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    else:
        j = rng.randrange(1, len(lines) - 1)
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _bytes(text: str, rng: random.Random) -> str:
    if not text:
        return rng.choice(JUNK)
    i = rng.randrange(len(text))
    kind = rng.randrange(3)
    if kind == 0:
        return text[:i] + text[i + rng.randrange(1, 8):]
    if kind == 1:
        return text[:i] + rng.choice(JUNK) + text[i:]
    return text[:i] + rng.choice(JUNK) + text[i + 1:]


def _truncate(text: str, rng: random.Random) -> str:
    return text[:rng.randrange(len(text) + 1)]


def _nest(text: str, rng: random.Random) -> str:
    # Deep nesting where the grammar allows it: attributes and types.
    depth = rng.choice([100, 1000, 20000])
    opener = rng.choice(["[", "{", "tensor<", "(", "dense<"])
    i = rng.randrange(len(text) + 1)
    return text[:i] + opener * depth + text[i:]


MUTATIONS: list[Callable[[str, random.Random], str]] = [
    _number, _number, _number, _element_type, _element_type, _op_name, _ssa_name,
    _lines, _bytes, _bytes, _truncate, _nest,
]


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to three mutations applied."""
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        text = rng.choice(MUTATIONS)(text, rng)
    return text
