"""jaxlib._pretty_printer: documents, layout, colors, HTML, source maps."""

from __future__ import annotations

import pytest

from jaxlib import _pretty_printer as pp


def fmt(doc, width=80, *, use_color=False, output_format=pp.OutputFormat.TEXT,
        separable_lines=False, annotation_prefix=" # ", source_map=None):
    return doc._format(width, use_color=use_color, output_format=output_format,
                       separable_lines=separable_lines, annotation_prefix=annotation_prefix,
                       source_map=source_map)


def join(sep, docs):
    out = [docs[0]]
    for d in docs[1:]:
        out += [sep, d]
    return pp.concat(out)


def test_basics():
    assert fmt(pp.nil()) == ""
    assert fmt(pp.text("testing")) == "testing"
    assert fmt(pp.brk()) == "\n"  # the top level breaks
    assert fmt(pp.group(pp.brk())) == " "
    assert fmt(pp.group(pp.brk()), width=0) == "\n"
    assert fmt(pp.group(pp.brk("-"))) == "-"
    assert fmt(pp.text("a") + pp.text("b")) == "ab"
    words = join(pp.text(",") + pp.brk(), [pp.text(w) for w in "abc"])
    assert fmt(pp.group(words)) == "a, b, c"
    assert fmt(pp.group(words), width=5) == "a,\nb,\nc"


def test_nesting():
    x, y, z = pp.text("x"), pp.text("y"), pp.text("z")
    xbybz = x + pp.brk() + y + pp.brk() + z
    assert fmt(pp.nest(2, pp.group(xbybz)), width=0) == "x\n  y\n  z"
    assert fmt(pp.nest(2, pp.nest(2, pp.group(pp.brk() + x))), width=0) == "\n    x"
    assert fmt(pp.nest(2, pp.group(xbybz))) == "x y z"


def test_groups_decide_independently():
    inner = pp.group(pp.text("aaaa") + pp.brk() + pp.text("bbbb"))
    outer = pp.group(pp.text("[") + pp.nest(1, pp.brk("") + inner + pp.brk("") +
                                            pp.text("cccccccccc")) + pp.text("]"))
    assert fmt(outer, width=12) == "[\n aaaa bbbb\n cccccccccc]"


def test_annotations():
    doc = pp.text("abc", annotation="first") + pp.brk() + pp.text("d", annotation="second")
    assert fmt(doc) == "abc # first\nd   # second"
    two = pp.text("a", annotation="x") + pp.text("b", annotation="y")
    assert fmt(two, annotation_prefix=" ; ") == "ab ; x\n   ; y"


def test_colors():
    doc = pp.color(pp.text("let"), foreground=pp.Color.BLUE, intensity=pp.Intensity.BRIGHT) \
        + pp.text(" ") + pp.color(pp.text("x"), foreground=pp.Color.MAGENTA)
    assert fmt(doc, use_color=True) == "\x1b[34;1mlet\x1b[39;22m \x1b[35mx\x1b[39m"
    assert fmt(doc) == "let x"
    bg = pp.color(pp.text("b"), background=pp.Color.RED)
    assert fmt(bg, use_color=True) == "\x1b[41mb\x1b[49m"
    html = fmt(doc, use_color=True, output_format=pp.OutputFormat.HTML)
    assert html == ('<span class="ansi-fg-34 ansi-intensity-1">let</span> '
                    '<span class="ansi-fg-35">x</span>')


def test_separable_lines():
    doc = pp.color(pp.text("a") + pp.brk() + pp.text("b"), foreground=pp.Color.MAGENTA)
    assert fmt(doc, width=0, use_color=True) == "\x1b[35ma\nb\x1b[39m"
    assert fmt(doc, width=0, use_color=True, separable_lines=True) == \
        "\x1b[35ma\x1b[39m\n\x1b[35mb\x1b[39m"


def test_html_escaping_and_links():
    assert fmt(pp.text("a < b & 'c' > \"d\""), output_format=pp.OutputFormat.HTML) == \
        "a &lt; b &amp; &apos;c&apos; &gt; &quot;d&quot;"
    doc = pp.text("def", anchor="v") + pp.text(" ") + pp.text("use", href="#v")
    assert fmt(doc, output_format=pp.OutputFormat.HTML) == \
        '<a id="v">def</a> <a href="#v">use</a>'
    assert fmt(doc) == "def use"  # links only in HTML


def test_source_map():
    doc = pp.concat([
        pp.text("abc"),
        pp.source_map(pp.text("def"), 101),
        pp.source_map(pp.concat([pp.text("gh"), pp.brk(""), pp.text("ijkl")]), 77),
        pp.text("mn"),
    ])
    source_map = []
    assert fmt(doc, width=8, source_map=source_map) == "abcdefgh\nijklmn"
    assert source_map == [[(3, 6, 101), (6, 8, 77)], [(0, 4, 77)]]


def test_reprs_and_types():
    doc = pp.group(pp.nest(2, pp.concat([
        pp.text("a", annotation="n"), pp.brk(),
        pp.color(pp.text("b"), foreground=pp.Color.RED),
        pp.source_map(pp.nil(), "src")])))
    assert repr(doc) == ('group(nest(2, concat(text("a", annotation="n"), break(" "), '
                         'color(text("b"), red, None, None), source(nil, \'src\'))))')
    assert isinstance(doc, pp.Doc) and type(doc) is pp.GroupDoc
    with pytest.raises(TypeError, match="abstract"):
        pp.Doc()
    with pytest.raises(TypeError):
        pp.concat([pp.text("a"), "not a doc"])


def test_doc_class_accepts_python_methods():
    # jax's pretty_printer adds __str__ and format to this class (use_cpp_class).
    def format_(self, width=80):
        return self._format(width, use_color=False, output_format=pp.OutputFormat.TEXT,
                            separable_lines=False, annotation_prefix=" # ", source_map=None)

    pp.Doc.format = format_
    pp.Doc.__str__ = lambda self: self.format()
    try:
        assert str(pp.text("x") + pp.text("y")) == "xy"
    finally:
        del pp.Doc.format
        del pp.Doc.__str__
