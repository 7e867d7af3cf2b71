"""Test data that lives outside the repository, found in one place.

Three suites are kept beside the repository, in ``../shared`` (a bare clone has
none of them); each has an environment variable that points at it instead:

- conformance: ``JAXLIB_CONFORMANCE_DIR``, default ``../shared/conformance``
  (the StableHLO conformance suite);
- bench: ``JAXLIB_BENCH_DIR``, default ``../shared/bench`` (benchmark programs);
- jax-tests: ``JAXLIB_JAX_TESTS_DIR``, default ``../shared/jax-tests`` (JAX's tests).

``external_dir(suite)`` returns the suite's folder. When it is absent, the test
is skipped with a one-line reason naming the variable, unless ``CI`` is set: CI
must run every suite, so there the test fails instead. A variable that is set
but points at no such suite always fails (a typo must not skip a suite).

A package's ``conftest.py`` puts this folder on ``sys.path`` and calls
``register(config)`` from its ``pytest_configure``; the plugin then lists the
skipped (or, under CI, missing) suites at the end of the run. The noxfile
imports this module too (without pytest) to say which suites a run will skip.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Suite:
    variable: str
    folder: str  # its name in shared/
    marker: str  # a path inside it that says it is this suite
    what: str


SUITES = {
    "conformance": Suite("JAXLIB_CONFORMANCE_DIR", "conformance", "stablehlo",
                         "the StableHLO conformance suite"),
    "bench": Suite("JAXLIB_BENCH_DIR", "bench", "bench.json", "the shared benchmark programs"),
    "jax-tests": Suite("JAXLIB_JAX_TESTS_DIR", "jax-tests", "api_test.py", "JAX's test suite"),
}

TAG = "[external data]"


def in_ci() -> bool:
    """CI is set (CI=true, as CI services set it; CI=0/false/no count as unset)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _defaults(suite: Suite) -> list[Path]:
    return [REPO.parent / "shared" / suite.folder, REPO / "shared" / suite.folder]


def locate(name: str) -> Path | None:
    """The suite's folder, or None; raises ValueError for a variable that is
    set to a folder that is not the suite."""
    suite = SUITES[name]
    value = os.environ.get(suite.variable, "")
    if value:
        path = Path(value).expanduser()
        if not (path / suite.marker).exists():
            raise ValueError(f"{suite.variable}={value} is not {suite.what} "
                             f"(no {suite.marker} in it)")
        return path
    return next((p for p in _defaults(suite) if (p / suite.marker).exists()), None)


def describe() -> list[str]:
    """One line per suite: where it was found, or the variable to set."""
    lines = []
    for name, suite in SUITES.items():
        try:
            path = locate(name)
        except ValueError as err:
            lines.append(f"{name}: {err}")
            continue
        outcome = "fail, since CI is set" if in_ci() else "skip"
        lines.append(f"{name}: {path}" if path else
                     f"{name}: not found (set {suite.variable}); tests that read it {outcome}")
    return lines


_missing: dict[str, int] = {}  # suite -> tests skipped (or failed under CI) for it


def external_dir(name: str) -> Path:
    """The folder of an external suite (see the module's docstring); skips the
    calling test when it is absent, or fails it when CI is set."""
    import pytest

    suite = SUITES[name]
    try:
        path = locate(name)
    except ValueError as err:
        pytest.fail(f"{TAG} {err}", pytrace=False)
    if path is not None:
        return path
    _missing.setdefault(name, 0)
    default = os.path.relpath(_defaults(suite)[0], REPO)
    reason = (f"{TAG} {name}: {suite.what} not found: set {suite.variable} "
              f"(default {default})")
    if in_ci():
        pytest.fail(f"{reason}; CI is set, so every external suite must be present",
                    pytrace=False)
    pytest.skip(reason)


class _Plugin:
    """Counts the tests each missing suite skipped (or failed) and lists them
    in the terminal summary."""

    def pytest_runtest_logreport(self, report):
        if not (report.skipped or report.failed) or report.when == "teardown":
            return
        text = report.longreprtext
        for name in _missing:
            if f"{TAG} {name}:" in text:
                _missing[name] += 1

    def pytest_terminal_summary(self, terminalreporter):
        if not _missing:
            return
        suites = ", ".join(f"{name} ({SUITES[name].variable}, {count} tests)"
                           for name, count in sorted(_missing.items()))
        if in_ci():
            terminalreporter.write_line(
                f"external suites MISSING (CI is set, their tests failed): {suites}", red=True)
        else:
            terminalreporter.write_line(f"external suites skipped: {suites}", yellow=True)


def register(config) -> None:
    """Registers the summary plugin once per run (several conftests may ask)."""
    if not config.pluginmanager.has_plugin("jaxlib-external-data"):
        config.pluginmanager.register(_Plugin(), "jaxlib-external-data")
