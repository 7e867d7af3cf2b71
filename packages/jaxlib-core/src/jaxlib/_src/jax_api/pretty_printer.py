"""A Wadler/Lindig-style pretty printer (jax prints jaxprs with it).

Documents are built from text, breaks, concatenation, groups (lay out flat if
the group fits the line, else break every break in it), nesting (indent after
breaks), colors and source maps. ``Doc._format`` lays a document out with an
explicit agenda, like jaxlib's C++: width, ANSI or HTML colors, annotations
printed to the right of their line, and optionally the source regions of each
line. jax's ``pretty_printer.Doc`` adds its Python methods to this ``Doc`` class.

Widths count characters (jaxlib counts UTF-8 bytes; the two agree on ASCII).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

__all__ = [
    "BreakDoc",
    "Color",
    "ColorDoc",
    "ConcatDoc",
    "Doc",
    "GroupDoc",
    "Intensity",
    "NestDoc",
    "NilDoc",
    "OutputFormat",
    "SourceMapDoc",
    "TextDoc",
    "brk",
    "color",
    "concat",
    "group",
    "nest",
    "nil",
    "source_map",
    "text",
]


class Color(enum.Enum):
    BLACK = 30
    RED = 31
    GREEN = 32
    YELLOW = 33
    BLUE = 34
    MAGENTA = 35
    CYAN = 36
    WHITE = 37
    RESET = 39


class Intensity(enum.Enum):
    DIM = 2
    NORMAL = 22
    BRIGHT = 1


class OutputFormat(enum.Enum):
    TEXT = 0
    HTML = 1


class Doc:
    """A document. Built with the module's functions, never instantiated directly."""

    __slots__ = ("_num_annotations",)

    def __new__(cls, *args, **kwargs):
        raise TypeError("Doc is abstract and cannot be instantiated")

    def __repr__(self) -> str:
        raise NotImplementedError

    def __add__(self, other: Doc) -> Doc:
        if not isinstance(other, Doc):
            return NotImplemented
        return _make(ConcatDoc, (self, other))

    def _format(self, width: int, *, use_color: bool, output_format: OutputFormat,
                separable_lines: bool, annotation_prefix: str,
                source_map: list | None) -> str:
        return _format(self, width, use_color, output_format, separable_lines,
                       annotation_prefix, source_map)


class NilDoc(Doc):
    __slots__ = ()

    def __repr__(self) -> str:
        return "nil"


class TextDoc(Doc):
    __slots__ = ("text", "annotation", "anchor", "href")

    def __repr__(self) -> str:
        out = f'text("{self.text}"'
        if self.annotation is not None:
            out += f', annotation="{self.annotation}"'
        if self.anchor is not None:
            out += f', anchor="{self.anchor}"'
        if self.href is not None:
            out += f', href="{self.href}"'
        return out + ")"


class ConcatDoc(Doc):
    __slots__ = ("children",)

    def __repr__(self) -> str:
        return f"concat({', '.join(repr(c) for c in self.children)})"


class BreakDoc(Doc):
    __slots__ = ("text",)

    def __repr__(self) -> str:
        return f'break("{self.text}")'


class GroupDoc(Doc):
    __slots__ = ("child",)

    def __repr__(self) -> str:
        return f"group({self.child!r})"


class NestDoc(Doc):
    __slots__ = ("n", "child")

    def __repr__(self) -> str:
        return f"nest({self.n}, {self.child!r})"


class SourceMapDoc(Doc):
    __slots__ = ("child", "source")

    def __repr__(self) -> str:
        return f"source({self.child!r}, {self.source!r})"


class ColorDoc(Doc):
    __slots__ = ("child", "foreground", "background", "intensity")

    def __repr__(self) -> str:
        def name(v):
            return "None" if v is None else v.name.lower()

        return (f"color({self.child!r}, {name(self.foreground)}, {name(self.background)}, "
                f"{name(self.intensity)})")


_new = object.__new__


def _make(cls, children: tuple = (), annotations: int | None = None) -> Doc:
    doc = _new(cls)
    if cls is ConcatDoc:
        doc.children = children
        doc._num_annotations = sum(c._num_annotations for c in children)
    else:
        doc._num_annotations = 0 if annotations is None else annotations
    return doc


def _check_doc(x, what: str = "child") -> Doc:
    if not isinstance(x, Doc):
        raise TypeError(f"expected a Doc for {what}, got {type(x).__name__}")
    return x


def nil() -> Doc:
    """An empty document."""
    return _make(NilDoc)


def text(text: str, annotation: str | None = None, anchor: str | None = None,
         href: str | None = None) -> Doc:
    """Literal text."""
    doc = _make(TextDoc, annotations=0 if annotation is None else 1)
    doc.text = str(text)
    doc.annotation = annotation
    doc.anchor = anchor
    doc.href = href
    return doc


def concat(children: Sequence[Doc]) -> Doc:
    """Concatenation of documents."""
    return _make(ConcatDoc, tuple(_check_doc(c) for c in children))


def brk(text: str = " ") -> Doc:
    """A break.

    Prints either as a newline or as `text`, depending on the enclosing group."""
    doc = _make(BreakDoc)
    doc.text = str(text)
    return doc


def group(child: Doc, /) -> Doc:
    """Layout alternative groups.

    Prints the group with its breaks as their text (typically spaces) if the
    entire group would fit on the line when printed that way. Otherwise, breaks
    inside the group as printed as newlines."""
    doc = _make(GroupDoc, annotations=_check_doc(child)._num_annotations)
    doc.child = child
    return doc


def nest(n: int, child: Doc) -> Doc:
    """Increases the indentation level by `n`."""
    doc = _make(NestDoc, annotations=_check_doc(child)._num_annotations)
    doc.n = int(n)
    doc.child = child
    return doc


def color(child: Doc, foreground: Color | None = None, background: Color | None = None,
          intensity: Intensity | None = None) -> Doc:
    """ANSI colors.

    Overrides the foreground/background/intensity of the text for the child doc.
    Requires use_colors=True to be set when printing; otherwise does nothing."""
    doc = _make(ColorDoc, annotations=_check_doc(child)._num_annotations)
    doc.child = child
    doc.foreground = None if foreground is None else Color(foreground)
    doc.background = None if background is None else Color(background)
    doc.intensity = None if intensity is None else Intensity(intensity)
    return doc


def source_map(doc: Doc, source: object) -> Doc:
    """Source mapping.

    A source map associates a region of the pretty-printer's text output with a
    source location that produced it. For the purposes of the pretty printer a
    ``source`` may be any object: we require only that we can compare sources for
    equality. A text region to source object mapping can be populated as a side
    output of the ``format`` method."""
    out = _make(SourceMapDoc, annotations=_check_doc(doc, "doc")._num_annotations)
    out.child = doc
    out.source = source
    return out


# -- layout ---------------------------------------------------------------------------

# Color states are (foreground, background, intensity) code triples.
_DEFAULT_COLORS = (39, 39, 22)
_ANNOTATION_COLORS = (39, 39, 2)
_FLAT, _BREAK = 0, 1


def _fits(doc: Doc, width: int) -> bool:
    """Does doc, laid out flat, fit in width columns?"""
    agenda = [doc]
    while width >= 0 and agenda:
        d = agenda.pop()
        t = type(d)
        if t is TextDoc or t is BreakDoc:
            width -= len(d.text)
        elif t is ConcatDoc:
            agenda.extend(reversed(d.children))
        elif t is not NilDoc:
            agenda.append(d.child)
    return width >= 0


# jaxlib also asks whether a group's annotations are "sparse" (no break between
# two annotations) before laying it out flat; its check counts down from zero and
# so never fails, and for identical output none is made here.


class _State:
    __slots__ = ("width", "agenda", "line", "k", "line_annotations", "color", "html",
                 "source_map", "line_source_map", "source_start", "source", "lines",
                 "separable")

    def __init__(self, width, use_color, html, separable, source_map):
        self.width = width
        self.agenda: list = []
        self.line: list[str] = []
        self.k = 0
        self.line_annotations: list[str] = []
        self.color = _DEFAULT_COLORS if use_color else None
        self.html = html
        self.source_map = source_map
        self.line_source_map: list = []
        self.source_start = 0
        self.source = None
        self.lines: list[tuple[str, int, list[str]]] = []
        self.separable = separable

    def set_color(self, update: tuple) -> str:
        """The escape (ANSI) or tags (HTML) that switch from the current colors to
        ``update``; empty when colors are off or unchanged."""
        state = self.color
        if state is None or state == update:
            return ""
        self.color = update
        if self.html:
            out = "</span>" if state != _DEFAULT_COLORS else ""
            if update != _DEFAULT_COLORS:
                out += _html_span(update)
            return out
        codes = []
        if state[0] != update[0]:
            codes.append(str(update[0]))
        if state[1] != update[1]:
            codes.append(str(update[1] + 10))
        if state[2] != update[2]:
            codes.append(str(update[2]))
        return f"\033[{';'.join(codes)}m"

    def line_length(self) -> int:
        return sum(map(len, self.line))

    def end_line(self, next_indent: int) -> None:
        if self.source_map is not None:
            # Source regions end at line ends, outside any color region, so that
            # HTML tags nest.
            self.line.append(self.set_color(_DEFAULT_COLORS))
            pos = self.line_length()
            if self.source_start != pos and self.source is not None:
                self.line_source_map.append((self.source_start, pos, self.source))
            self.source_map.append(self.line_source_map)
            self.line_source_map = []
            self.source_start = next_indent
        if self.separable or self.line_annotations:
            self.line.append(self.set_color(_DEFAULT_COLORS))
        self.lines.append(("".join(self.line), self.k, self.line_annotations))


def _html_span(colors: tuple) -> str:
    classes = []
    if colors[0] != 39:
        classes.append(f"ansi-fg-{colors[0]}")
    if colors[1] != 39:
        classes.append(f"ansi-bg-{colors[1] + 10}")
    if colors[2] != 22:
        classes.append(f"ansi-intensity-{colors[2]}")
    return f'<span class="{" ".join(classes)}">'


def _escape_html(s: str) -> str:
    return (s.replace("&", "&amp;").replace('"', "&quot;").replace("'", "&apos;")
            .replace("<", "&lt;").replace(">", "&gt;"))


def _format(doc: Doc, width: int, use_color: bool, output_format: OutputFormat,
            separable_lines: bool, annotation_prefix: str, source_map: list | None) -> str:
    html = OutputFormat(output_format) is OutputFormat.HTML
    st = _State(int(width), bool(use_color), html, bool(separable_lines), source_map)
    agenda = st.agenda
    # Agenda items: (indent, mode, doc, colors, source).
    agenda.append((0, _BREAK, doc, _DEFAULT_COLORS, None))
    while agenda:
        indent, mode, d, colors, source = agenda.pop()
        if source_map is not None and source is not st.source:
            st.line.append(st.set_color(_DEFAULT_COLORS))
            pos = st.line_length()
            if st.source_start != pos and st.source is not None:
                st.line_source_map.append((st.source_start, pos, st.source))
            st.source = source
            st.source_start = pos
        t = type(d)
        if t is TextDoc:
            st.line.append(st.set_color(colors))
            link = html and (d.anchor is not None or d.href is not None)
            if link:
                attrs = ""
                if d.anchor is not None:
                    attrs += f' id="{d.anchor}"'
                if d.href is not None:
                    attrs += f' href="{d.href}"'
                st.line.append(f"<a{attrs}>")
            st.line.append(_escape_html(d.text) if html else d.text)
            if link:
                st.line.append("</a>")
            if d.annotation is not None:
                st.line_annotations.append(d.annotation)
            st.k += len(d.text)
        elif t is ConcatDoc:
            agenda.extend([(indent, mode, c, colors, st.source)
                           for c in reversed(d.children)])
        elif t is BreakDoc:
            if mode == _BREAK:
                st.end_line(indent)
                st.line = [" " * indent]
                st.line_annotations = []
                st.k = indent
            else:
                st.line.append(st.set_color(colors))
                st.line.append(_escape_html(d.text) if html else d.text)
                st.k += len(d.text)
        elif t is GroupDoc:
            flat = _fits(d, st.width - st.k)
            agenda.append((indent, _FLAT if flat else _BREAK, d.child, colors, st.source))
        elif t is NestDoc:
            agenda.append((indent + d.n, mode, d.child, colors, st.source))
        elif t is SourceMapDoc:
            agenda.append((indent, mode, d.child, colors, d.source))
        elif t is ColorDoc:
            colors = (colors[0] if d.foreground is None else d.foreground.value,
                      colors[1] if d.background is None else d.background.value,
                      colors[2] if d.intensity is None else d.intensity.value)
            agenda.append((indent, mode, d.child, colors, st.source))
    st.end_line(0)

    max_width = max(width for _, width, _ in st.lines)
    out: list[str] = []
    for i, (line, line_width, notes) in enumerate(st.lines):
        if i:
            out.append("\n")
        out.append(line)
        for j, annotation in enumerate(notes):
            if j:
                out.append("\n")
            if use_color:
                out.append(st.set_color(_ANNOTATION_COLORS))
            padding = max_width - line_width if j == 0 else max_width
            out.append(" " * padding + annotation_prefix + annotation)
            if use_color:
                out.append(st.set_color(_DEFAULT_COLORS))
    if use_color:
        out.append(st.set_color(_DEFAULT_COLORS))
    return "".join(out)

