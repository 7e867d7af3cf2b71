"""Runs jax's own test suite (tag jax-v0.10.2) against this project's jaxlib.

    python tests/jax_suite/run_jax_tests.py --tier A [--tier B ...] [--x64] [--write FILE]
    python tests/jax_suite/run_jax_tests.py --tier gpu-mock --mock-gpu 1x1x1
    python tests/jax_suite/run_jax_tests.py --tier gpu-mock --gpu   # on real GPUs
    python tests/jax_suite/run_jax_tests.py FILE [FILE ...]

``<jax-tests>`` is JAX's test suite beside the repository (``../shared/jax-tests``,
or ``$JAXLIB_JAX_TESTS_DIR``). jax 0.10.2 must be installed over this jaxlib
(the README's install command), with absl-py. Each file runs in its own pytest
process (a crash or a hang costs one file, not the run) with
``jaxlib_alias_plugin`` (next to this file: ``jax.jaxlib`` is this jaxlib, as in
jax's Bazel layout) and jax's pytest settings: warnings are errors,
``--import-mode=importlib``, JAX_PLATFORMS=cpu.

The tiers are issue 16's: A (jaxlib-level), B (one device), C (8 CPU devices),
and ``fast``, a quick slice of B and C for CI; ``gpu-mock`` is meant for
``--mock-gpu`` (jax on jaxlib-gpu's mock GPUs, JAX_PLATFORMS=cuda,cpu). The
script prints, per file,
passed / failed / skipped and the pass rate over the tests that ran, then the
failures grouped by their first line; with ``--write`` it writes that table as
markdown. It exits with 1 when a file passes less than its tier's target.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/: external_data

import external_data  # noqa: E402

# tier -> (target pass %, files relative to <jax-tests>)
TIERS: dict[str, tuple[float, list[str]]] = {
    "A": (98.0, [
        "jaxlib/pytree_test.py", "jaxlib/config_test.py", "jaxlib/weakref_lru_cache_test.py",
        "jaxlib/weak_value_interner_test.py", "tree_util_test.py", "jax_jit_test.py",
        "config_test.py", "util_test.py", "pretty_printer_test.py", "xla_bridge_test.py",
        "device_test.py",
    ]),
    "B": (95.0, [
        "api_test.py", "lax_test.py", "lax_numpy_test.py", "lax_numpy_operators_test.py",
        "lax_numpy_reducers_test.py", "lax_numpy_indexing_test.py", "lax_autodiff_test.py",
        "lax_control_flow_test.py", "lax_vmap_test.py", "batching_test.py", "random_test.py",
        "random_lax_test.py", "linalg_test.py", "fft_test.py", "core_test.py",
        "dtypes_test.py", "x64_context_test.py", "custom_api_test.py",
    ]),
    "C": (90.0, [
        "array_test.py", "pjit_test.py", "shard_map_test.py", "export_test.py",
        "multi_device_test.py",
    ]),
    # What CI runs inside the README's test command: quick files of B and C.
    "fast": (90.0, [
        "core_test.py", "dtypes_test.py", "x64_context_test.py", "batching_test.py",
        "export_back_compat_test.py", "export_serialization_back_compat_test.py",
        "buffer_callback_test.py", "async_collectives_test.py", "control_deps_test.py",
    ]),
    # On jaxlib-gpu's mock GPUs (with --mock-gpu): jax's cuda lowering, the GPU
    # solver targets, the GPU client under jax's arrays and dispatch;
    # jax.distributed's set-up (jaxlib-distributed), which jax tests on GPUs only.
    "gpu-mock": (98.0, [
        "batching_test.py", "linalg_test.py", "distributed_test.py",
        "export_back_compat_test.py", "buffer_callback_test.py", "async_collectives_test.py",
    ]),
}

# The lowest xla_client._version jax 0.10.2 accepts (JAX_SURFACE.md, milestone M0).
_JAX_XLA_CLIENT_VERSION = 463


def run_file(path: Path, timeout: float, extra: list[str], x64: bool,
             mock_gpu: str | None = None, gpu: bool = False) -> dict:
    """pytest over one file in a subprocess: {"passed", "failed", "skipped",
    "failures", "seconds"}."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        env = dict(os.environ)
        env["JAXLIB_ALIAS_REPORT"] = str(report)
        env["JAX_PLATFORMS"] = "cpu"
        if gpu:  # jaxlib-gpu's cuda client on the machine's GPUs
            env["JAX_PLATFORMS"] = "cuda,cpu"
        if mock_gpu:  # jaxlib-gpu's mock GPUs, laid out as SLICESxHOSTSxDEVICES
            env["JAX_PLATFORMS"] = "cuda,cpu"  # the GPU the default, as on a GPU machine
            env["JAX_MOCK_GPU_TOPOLOGY"] = mock_gpu
            env["JAXLIB_MOCK_GPUS"] = "1"
        env.setdefault("JAX_NUM_GENERATED_CASES", "10")
        if x64:
            env["JAX_ENABLE_X64"] = "1"
        env["PYTHONDONTWRITEBYTECODE"] = "1"  # the test folder is not ours to write in
        # The test's folder last: what a test starts with multiprocessing's
        # spawn imports the test module by name (its folders hold no package
        # that would shadow an installed one: jaxlib/ there has no __init__).
        env["PYTHONPATH"] = os.pathsep.join(
            [str(HERE)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
            + [str(path.parent)])
        cmd = [
            sys.executable, "-m", "pytest", "-p", "jaxlib_alias_plugin",
            "-p", "no:cacheprovider",  # nothing written into the shared test folder
            "-c", os.devnull, "--rootdir", str(path.parent),
            "--import-mode=importlib", "-W", "error", "-q", "--no-header",
            *extra, str(path),
        ]
        start = time.perf_counter()
        try:
            # In the temporary folder: what a test writes to a relative path
            # (jax's profiler test writes a profile to "test") stays out of the tree.
            proc = subprocess.run(cmd, env=env, timeout=timeout, capture_output=True,
                                  text=True, cwd=tmp)
            tail = proc.stdout[-3000:] + proc.stderr[-3000:]
            status = f"exit status {proc.returncode}"
        except subprocess.TimeoutExpired:
            tail, status = "", f"timed out after {timeout:.0f} s"
        seconds = time.perf_counter() - start
        if not report.exists():
            return {"passed": 0, "failed": 1, "skipped": 0, "seconds": seconds,
                    "failures": [f"{path.name}: pytest wrote no report ({status}): "
                                 f"{_last_line(tail)}"], "xla_client_version": None}
        data = json.loads(report.read_text())
    counts = {"passed": 0, "failed": 0, "skipped": 0, "failures": []}
    for file_counts in data["files"].values():
        for key in ("passed", "failed", "skipped"):
            counts[key] += file_counts[key]
        counts["failures"] += file_counts["failures"]
    if status.startswith("timed out"):
        counts["failed"] += 1
        counts["failures"].append(f"{path.name}: {status}")
    counts["seconds"] = seconds
    counts["xla_client_version"] = data.get("xla_client_version")
    return counts


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else "?"


def _drop_locations(message: str) -> str:
    """The message without its MLIR locations (``loc(...)``, nested call
    sites that would fill the cause before the message itself)."""
    start = message.find("loc(")
    while start >= 0:
        depth, end = 0, start + 3
        for end in range(start + 3, len(message)):
            depth += {"(": 1, ")": -1}.get(message[end], 0)
            if depth == 0:
                break
        message = message[:start] + "loc(…)" + message[end + 1:]
        start = message.find("loc(", start + len("loc(…)"))
    return message


def _cause(failure: str) -> str:
    """A failure's cause: its message with numbers, quoted names, shapes and
    locations blurred, so that one bug's many tests group together."""
    message = failure.split(": ", 1)[1] if ": " in failure else failure
    message = _drop_locations(message)
    message = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", message)
    message = re.sub(r"\d+", "N", message)
    return message[:160]


def table(results: dict[str, dict], targets: dict[str, float]) -> list[str]:
    lines = ["| file | passed | failed | skipped | pass % | target | seconds |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name, r in results.items():
        ran = r["passed"] + r["failed"]
        rate = 100.0 * r["passed"] / ran if ran else 0.0
        lines.append(f"| {name} | {r['passed']} | {r['failed']} | {r['skipped']} | "
                     f"{rate:.1f} | {targets[name]:.0f} | {r['seconds']:.0f} |")
    return lines


def grouped_failures(results: dict[str, dict]) -> list[str]:
    causes: collections.Counter = collections.Counter()
    example: dict[str, str] = {}
    for r in results.values():
        for failure in r["failures"]:
            cause = _cause(failure)
            causes[cause] += 1
            example.setdefault(cause, failure[:300])
    lines = []
    for cause, count in causes.most_common():
        lines.append(f"- {count} × `{cause}` — e.g. {example[cause]}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", help="test files (instead of --tier)")
    parser.add_argument("--tier", action="append", choices=sorted(TIERS), default=[],
                        help="a tier of issue 16 (repeatable)")
    parser.add_argument("--x64", action="store_true", help="run with JAX_ENABLE_X64=1")
    parser.add_argument("--mock-gpu", metavar="TOPOLOGY",
                        help="run on jaxlib-gpu's mock GPUs (e.g. 1x1x1; JAX_PLATFORMS=cuda) "
                        "instead of the CPU")
    parser.add_argument("--gpu", action="store_true",
                        help="run on this machine's GPUs through jaxlib-gpu (JAX_PLATFORMS=cuda; "
                        "the GPU check)")
    parser.add_argument("--target", type=float, help="pass %% a file needs (default: its "
                        "tier's; 98 for files given by path)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds per file")
    parser.add_argument("--pytest-arg", action="append", default=[],
                        help="extra argument for pytest (repeatable)")
    parser.add_argument("--write", type=Path, help="write the table as markdown here")
    parser.add_argument("--failures", type=Path,
                        help="write each failure here, one per line, as pytest reported it "
                        "(numbers and locations kept, which the grouping by cause drops)")
    parser.add_argument("--no-fail", action="store_true",
                        help="exit 0 even when a file misses its target")
    args = parser.parse_args(argv)

    files: dict[str, Path] = {}
    targets: dict[str, float] = {}
    if args.files:
        suite = external_data.locate("jax-tests")
        for f in args.files:
            path = Path(f).resolve()
            if not path.exists() and suite is not None and (Path(suite) / f).exists():
                path = Path(suite) / f  # a bare name: the file of jax's suite
            if not path.exists():
                print(f"no test file {f} (here or in jax's test suite)")
                return 2
            files[path.name] = path
            targets[path.name] = args.target or 98.0
    else:
        suite = external_data.locate("jax-tests")
        if suite is None:
            print("jax's test suite not found: set JAXLIB_JAX_TESTS_DIR "
                  "(default ../shared/jax-tests)")
            return 2
        for tier in args.tier or ["A"]:
            target, names = TIERS[tier]
            for name in names:
                files[name] = suite / name
                targets[name] = args.target or target

    results: dict[str, dict] = {}
    version = None
    for name, path in files.items():
        r = run_file(path, args.timeout, args.pytest_arg, args.x64, args.mock_gpu, args.gpu)
        version = r.pop("xla_client_version") or version
        results[name] = r
        ran = r["passed"] + r["failed"]
        rate = 100.0 * r["passed"] / ran if ran else 0.0
        print(f"{name:<36} {r['passed']:>6} passed {r['failed']:>6} failed "
              f"{r['skipped']:>6} skipped {rate:>6.1f}% {r['seconds']:>6.0f}s", flush=True)

    lines = table(results, targets)
    failures = grouped_failures(results)
    print("\n".join(["", *lines, "", "failures by cause:", *failures]))
    if version is not None and version < _JAX_XLA_CLIENT_VERSION:
        print(f"note: jaxlib.xla_client._version is {version}; jax 0.10.2 needs "
              f">= {_JAX_XLA_CLIENT_VERSION}")
    if args.failures:
        args.failures.write_text("".join(f"{failure[:2000]}\n" for r in results.values()
                                         for failure in r["failures"]))
    if args.write:
        mode = "64-bit (JAX_ENABLE_X64=1)" if args.x64 else "32-bit"
        args.write.write_text("\n".join([
            f"<!-- written by tests/jax_suite/run_jax_tests.py ({mode}) -->", *lines, "",
            "Failures grouped by cause:", "", *(failures or ["- none"]), ""]))
    ok = all((r["passed"] + r["failed"]) > 0
             and 100.0 * r["passed"] / (r["passed"] + r["failed"]) >= targets[name]
             for name, r in results.items())
    return 0 if ok or args.no_fail else 1


if __name__ == "__main__":
    sys.exit(main())
