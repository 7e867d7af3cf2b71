"""docs/performance.md is shared by several benchmark scripts: each owns one
second-level section and replaces only that."""

from __future__ import annotations

import re
from pathlib import Path

HEADER = ("# Performance\n\nEach section is written by the benchmark script it names, as "
          "measured; `nox -s bench` refreshes the program and linear-algebra sections.\n")


def write_section(path: Path, heading: str, text: str) -> None:
    """Replaces the section starting with ``heading`` (a ``## `` line) up to the
    next second-level heading, or appends it."""
    document = path.read_text() if path.exists() else HEADER
    section = f"{heading}\n\n{text.strip()}\n"
    # The whole heading line: "## X" is neither "## X under load" nor "### X".
    found = re.search(rf"(?m)^{re.escape(heading)}$", document)
    if found:
        start = found.start()
        end = document.find("\n## ", start + len(heading))
        rest = document[end + 1:] if end != -1 else ""
        document = document[:start] + section + ("\n" + rest if rest else "")
    else:
        document = document.rstrip("\n") + "\n\n" + section
    path.write_text(document)
