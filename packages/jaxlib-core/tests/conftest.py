"""Shared test helpers of jaxlib-core."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def find_conformance_dir() -> Path:
    """The shared StableHLO conformance programs: $JAXLIB_CONFORMANCE_DIR, or
    shared/conformance beside (or inside) the repository."""
    candidates = [os.environ.get("JAXLIB_CONFORMANCE_DIR", "")]
    repo = Path(__file__).resolve().parents[3]
    candidates += [str(repo.parent / "shared" / "conformance"),
                   str(repo / "shared" / "conformance")]
    for candidate in candidates:
        if candidate and (Path(candidate) / "stablehlo").is_dir():
            return Path(candidate) / "stablehlo"
    pytest.fail("conformance corpus not found: set JAXLIB_CONFORMANCE_DIR or place shared/ "
                f"beside the repository (looked in {candidates[1:]})")
