"""Shared test helpers of jaxlib-core."""

from __future__ import annotations

import sys
from pathlib import Path

# The repository's helpers for external test data (tests/external_data.py):
# one place that finds ../shared/<suite> or $JAXLIB_<SUITE>_DIR.
_REPO_TESTS = str(Path(__file__).resolve().parents[3] / "tests")
if _REPO_TESTS not in sys.path:
    sys.path.append(_REPO_TESTS)

import external_data  # noqa: E402

PROGRAMS = Path(__file__).resolve().parent / "programs"


def pytest_configure(config):
    external_data.register(config)


def find_conformance_dir() -> Path:
    """The StableHLO conformance programs (``<suite>/stablehlo``): from
    $JAXLIB_CONFORMANCE_DIR or ../shared/conformance; the calling test skips
    when they are absent (and fails when CI is set)."""
    return external_data.external_dir("conformance") / "stablehlo"


def program_text(name: str) -> str:
    """A program of this folder's ``programs/`` (small benchmark-like programs
    that ship with the repository)."""
    return (PROGRAMS / name).read_text()
