"""Tokens of MLIR text, produced on demand by one compiled regular expression.

The lexer is a cursor: the parser looks at ``lexer.token``, moves with
``advance()``, and may re-read the raw text at the current token with
``scan_raw()`` where MLIR's grammar is context dependent (``2x3xf32`` in a
tensor type is dimensions, not the integer 2 and an identifier).
"""

from __future__ import annotations

import bisect
import re

# Decimal literals longer than this are out of range of every integer type;
# rejecting them as text keeps int() clear of Python's 4300-digit limit.
MAX_DECIMAL_DIGITS = 40


class ParseError(ValueError):
    """Malformed program text. The message starts with ``line:column``."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.line = line
        self.column = column
        self.reason = message


class Token:
    """One token; its line and column are worked out only when asked for
    (error messages), which keeps lexing cheap."""

    __slots__ = ("kind", "text", "pos", "_lexer")

    def __init__(self, kind: str, text: str, pos: int, lexer: Lexer) -> None:
        # kind: value, symbol, caret, hash, bang, string, float, hex, int, ident, punct, eof
        self.kind = kind
        self.text = text
        self.pos = pos
        self._lexer = lexer

    @property
    def line(self) -> int:
        return self._lexer.line_column(self.pos)[0]

    @property
    def column(self) -> int:
        return self._lexer.line_column(self.pos)[1]

    def __repr__(self) -> str:
        return f"Token({self.kind!r}, {self.text!r}, {self.pos})"


_SKIP_RE = re.compile(r"(?:\s|//[^\n]*)*")
# Leading blanks and comments, then one token (its group names its kind). A
# comment runs to the end of its line: backtracking must not find tokens in it.
# One blank per repetition (not \s+): nested quantifiers over a run of blanks
# backtrack exponentially when no token follows (trailing whitespace).
_TOKEN_RE = re.compile(
    r"""
    (?:\s|//[^\n]*(?![^\n]))*
    (?:
    (?P<value>%[\w$.\-]+(?:\#\d+)?)
  | (?P<symbol>@(?:[\w$.\-]+|"(?:[^"\\\n]|\\.)*"))
  | (?P<caret>\^[\w$.\-]+)
  | (?P<hash>\#[\w$.\-]+)
  | (?P<bang>![\w$.\-]+)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<float>\d+\.\d*(?:[eE][+-]?\d+)?)
  | (?P<hex>0x[0-9a-fA-F]+)
  | (?P<int>\d+)
  | (?P<ident>[A-Za-z_][\w$.]*)
  | (?P<punct>->|::|\{-\#|\#-\}|[()\[\]{}<>,=:*?+\-|])
    )
    """,
    re.VERBOSE,
)


class Lexer:
    def __init__(self, text: str, line_offset: int = 0) -> None:
        self.text = text
        self.line_offset = line_offset
        self._line_starts: list[int] | None = None
        self.token = self._lex_at(0)

    # --- positions -----------------------------------------------------------

    def line_column(self, pos: int) -> tuple[int, int]:
        """1-based line (plus the chunk's line offset) and column of ``pos``."""
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in re.finditer(r"\n", self.text)]
        index = bisect.bisect_right(self._line_starts, pos) - 1
        return index + 1 + self.line_offset, pos - self._line_starts[index] + 1

    def location_text(self, pos: int) -> str:
        """``line:column`` of ``pos`` (what ops without a ``loc(...)`` carry)."""
        line, column = self.line_column(pos)
        return f"{line}:{column}"

    def error(self, message: str, token: Token | None = None) -> ParseError:
        token = token or self.token
        return ParseError(message, token.line, token.column)

    # --- scanning -------------------------------------------------------------

    def _lex_at(self, pos: int) -> Token:
        match = _TOKEN_RE.match(self.text, pos)
        if match is not None:
            kind = match.lastgroup
            text = match.group(kind)
            if kind == "int" and len(text) > MAX_DECIMAL_DIGITS:
                line, column = self.line_column(match.end() - len(text))
                raise ParseError(f"integer literal of {len(text)} digits is out of range", line,
                                 column)
            # Every token ends its match (only blanks come before it).
            return Token(kind, text, match.end() - len(text), self)  # type: ignore[arg-type]
        pos = _SKIP_RE.match(self.text, pos).end()  # type: ignore[union-attr]
        if pos >= len(self.text):
            return Token("eof", "", pos, self)
        line, column = self.line_column(pos)
        raise ParseError(f"unexpected character {self.text[pos]!r}", line, column)

    def advance(self) -> Token:
        """Moves to the next token; returns the one it leaves."""
        current = self.token
        self.token = self._lex_at(current.pos + len(current.text))
        return current

    def jump_to(self, pos: int) -> None:
        """Continues at ``pos`` (the end of text a caller matched itself)."""
        self.token = self._lex_at(pos)

    def scan_raw(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        """Matches ``pattern`` at the start of the current token, ignoring
        token boundaries; on success the lexer continues after the match."""
        match = pattern.match(self.text, self.token.pos)
        if match is not None and match.end() > self.token.pos:
            self.token = self._lex_at(match.end())
        return match

    def skip_balanced(self) -> str:
        """Consumes a bracketed group starting at the current token (one of
        ``( [ { <``) and returns its raw text."""
        openers = {"(": ")", "[": "]", "{": "}", "<": ">"}
        start = self.token
        if start.text not in openers:
            raise self.error(f"expected a bracketed group, got {start.text!r}")
        stack: list[str] = []
        while True:
            token = self.token
            if token.kind == "eof":
                raise self.error(f"unbalanced {start.text!r} opened at {start.line}:{start.column}")
            if token.kind == "punct":
                if token.text in openers:
                    stack.append(openers[token.text])
                elif token.text in (")", "]", "}", ">"):
                    if not stack or token.text != stack[-1]:
                        raise self.error(f"mismatched {token.text!r}")
                    stack.pop()
            self.advance()
            if not stack:
                return self.text[start.pos:token.pos + len(token.text)]
