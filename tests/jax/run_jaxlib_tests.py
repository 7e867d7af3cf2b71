"""Runs jax's jaxlib-level tests (Tier A) against this project's jaxlib.

    python tests/jax/run_jaxlib_tests.py [TEST_FILE ...]

By default the four files of ``<jax-tests>/jaxlib/`` that this jaxlib targets:
pytree_test.py, config_test.py, weakref_lru_cache_test.py and
weak_value_interner_test.py. ``<jax-tests>`` is JAX's test suite beside the
repository (``../shared/jax-tests``, or ``$JAXLIB_JAX_TESTS_DIR``); the tests
need absl-py (``python3 -m pip install absl-py``).

pytest runs in a subprocess with ``jaxlib_alias_plugin`` (next to this file),
which makes ``jax.jaxlib`` this project's ``jaxlib`` in that process only, with
jax's pytest settings: warnings are errors, ``--import-mode=importlib``. The
script prints, per file, how many tests passed, failed and were skipped, then
each failure's first line; it exits with 1 when a file passes less than
``--target`` (98%) of its run tests.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/: external_data

import external_data  # noqa: E402

DEFAULT_FILES = ("pytree_test.py", "config_test.py", "weakref_lru_cache_test.py",
                 "weak_value_interner_test.py")


def run(files: list[Path], timeout: float, extra: list[str]) -> dict[str, dict]:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        env = dict(os.environ)
        env["JAXLIB_ALIAS_REPORT"] = str(report)
        env["JAX_PLATFORMS"] = "cpu"
        env["PYTHONDONTWRITEBYTECODE"] = "1"  # the test folder is not ours to write in
        env["PYTHONPATH"] = os.pathsep.join(
            [str(HERE)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        cmd = [
            sys.executable, "-m", "pytest", "-p", "jaxlib_alias_plugin",
            "-p", "no:cacheprovider",  # nothing written into the shared test folder
            "-c", os.devnull, "--rootdir", str(files[0].parent),
            "--import-mode=importlib", "-W", "error", "-q", "--no-header",
            *extra, *map(str, files),
        ]
        proc = subprocess.run(cmd, env=env, timeout=timeout, capture_output=True, text=True)
        if not report.exists():
            sys.stdout.write(proc.stdout[-4000:] + proc.stderr[-4000:])
            raise SystemExit(f"pytest wrote no report (exit status {proc.returncode})")
        report = json.loads(report.read_text())
    # Report under the file names given, whatever pytest's node ids look like.
    by_name = {}
    for f in files:
        match = [v for k, v in report["files"].items() if Path(k).name == f.name]
        by_name[f.name] = match[0] if match else {"passed": 0, "failed": 0, "skipped": 0,
                                                  "failures": ["no test ran"]}
    return by_name, report["xla_client_version"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", help="test files (default: the four Tier A "
                        "jaxlib files)")
    parser.add_argument("--target", type=float, default=98.0,
                        help="minimum pass percentage per file (default 98)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds for pytest")
    parser.add_argument("--pytest-arg", action="append", default=[],
                        help="extra argument for pytest (repeatable)")
    args = parser.parse_args(argv)

    if args.files:
        files = [Path(f).resolve() for f in args.files]
    else:
        suite = external_data.locate("jax-tests")
        if suite is None:
            print("jax's test suite not found: set JAXLIB_JAX_TESTS_DIR "
                  "(default ../shared/jax-tests)")
            return 2
        files = [suite / "jaxlib" / name for name in DEFAULT_FILES]
    results, xla_client_version = run(files, args.timeout, args.pytest_arg)

    ok = True
    print(f"{'file':<32} {'passed':>6} {'failed':>6} {'skipped':>7} {'pass %':>7}")
    for name, r in results.items():
        ran = r["passed"] + r["failed"]
        rate = 100.0 * r["passed"] / ran if ran else 0.0
        ok &= ran > 0 and rate >= args.target
        print(f"{name:<32} {r['passed']:>6} {r['failed']:>6} {r['skipped']:>7} {rate:>6.1f}%")
    for r in results.values():
        for failure in r["failures"]:
            print(f"FAILED {failure}")
    if xla_client_version is not None and xla_client_version < _JAX_XLA_CLIENT_VERSION:
        print(f"note: jaxlib.xla_client._version is {xla_client_version}; jax 0.10.2 needs "
              f">= {_JAX_XLA_CLIENT_VERSION} (tests that branch on it, such as config_test, "
              "take the paths of older jaxlibs)")
    return 0 if ok else 1


# The lowest xla_client._version jax 0.10.2 accepts (JAX_SURFACE.md, milestone M0).
_JAX_XLA_CLIENT_VERSION = 463


if __name__ == "__main__":
    sys.exit(main())
