"""pytest plugin: runs jax's jaxlib-level tests against this project's jaxlib.

jax's own ``jaxlib/*_test.py`` files import ``from jax.jaxlib import _jax`` (the
Bazel layout, where jaxlib lives inside jax). Loaded with ``-p
jaxlib_alias_plugin``, this plugin installs, in the test process only, a stand-in
``jax`` package before collection:

* ``jax.jaxlib`` *is* this project's ``jaxlib`` module, and any
  ``jax.jaxlib.<name>`` import returns the very module ``jaxlib.<name>`` (no second
  copy of a module, so classes and registries are shared);
* ``jax._src.util.weak_value_interner`` is ``jaxlib.weakref_lru_cache``'s, the one
  line of jax 0.10.2's ``jax/_src/util.py`` that weak_value_interner_test.py uses.

When jax itself is importable (jax 0.10.2 installed over this jaxlib), only the
``jax.jaxlib`` alias is added and the real ``jax`` is used; otherwise the stand-in
``jax`` package above is installed. Nothing of jax is patched, with one
exception: with ``JAXLIB_MOCK_GPUS=1`` (``run_jax_tests.py --mock-gpu``), jax's
probe for NVIDIA device files says yes, since jaxlib-gpu's mock GPUs (which
run on the host) have none and jax would not create a ``cuda`` backend (with
``JAXLIB_MOCK_NCCL=1`` too, ``--mock-nccl``, their collectives go through
jaxlib-gpu's NCCL stand-in, the code paths NCCL takes on GPUs). When
``JAXLIB_ALIAS_REPORT`` names a file, the plugin writes there, as JSON, each test
file's outcomes and the first line of each failure, and the
``jaxlib.xla_client._version`` the tests saw (some branch on it): as it goes
(every few seconds), so a run stopped at its time limit leaves its counts.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import time
import types

_PREFIX = "jax.jaxlib."


class _AliasLoader(importlib.abc.Loader):
    """Loads ``jax.jaxlib.X`` as the already-imported module ``jaxlib.X``."""

    def __init__(self, target: str):
        self.target = target

    def create_module(self, spec):
        return importlib.import_module(self.target)

    def exec_module(self, module):
        pass  # the target module ran when it was imported under its own name


class _AliasFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname == _PREFIX[:-1]:
            real = "jaxlib"
        elif fullname.startswith(_PREFIX):
            real = "jaxlib." + fullname[len(_PREFIX):]
        else:
            return None
        if importlib.util.find_spec(real) is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(real))


def _package(name: str) -> types.ModuleType:
    module = types.ModuleType(name, "stand-in created by jaxlib_alias_plugin")
    module.__path__ = []  # a package, so that submodule imports are attempted
    sys.modules[name] = module
    return module


def _real_jax_importable() -> bool:
    if "jax" in sys.modules:
        return not getattr(sys.modules["jax"], "__jaxlib_alias__", False)
    return importlib.util.find_spec("jax") is not None


def install() -> None:
    """Aliases ``jax.jaxlib`` to ``jaxlib``: over the real jax when it is
    installed, else inside a stand-in ``jax`` package (idempotent)."""
    if getattr(sys.modules.get("jax"), "__jaxlib_alias__", False):
        return
    if any(isinstance(f, _AliasFinder) for f in sys.meta_path):
        return
    if _real_jax_importable():
        sys.meta_path.insert(0, _AliasFinder())
        return
    import jaxlib
    import jaxlib.weakref_lru_cache

    jax = _package("jax")
    jax.__jaxlib_alias__ = True
    jax.jaxlib = jaxlib
    sys.modules["jax.jaxlib"] = jaxlib
    src = _package("jax._src")
    jax._src = src
    util = types.ModuleType("jax._src.util", "stand-in: what jax's util takes from jaxlib")
    util.weak_value_interner = jaxlib.weakref_lru_cache.weak_value_interner
    sys.modules["jax._src.util"] = util
    src.util = util
    sys.meta_path.insert(0, _AliasFinder())


# test file -> {"passed", "failed", "skipped", "failures"}
_results: dict[str, dict] = {}


def _counts(path: str) -> dict:
    return _results.setdefault(path, {"passed": 0, "failed": 0, "skipped": 0,
                                      "failures": []})


def _first_line(report) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    text = (crash.message if crash is not None else str(report.longrepr)).strip()
    return text.splitlines()[0] if text else "?"


def _pretend_nvidia_device_files() -> None:
    """Mock GPUs have no /dev/nvidia* files: jax's backend set-up skips
    ``cuda`` without them (hardware_utils.has_visible_nvidia_gpu)."""
    from jax._src import hardware_utils

    hardware_utils.has_visible_nvidia_gpu = lambda: True


def _install_nccl_stand_in() -> None:
    """jaxlib-gpu's NCCL stand-in (its tests' ``nccl_stand_in.py``) as the
    library mock GPUs' collectives call: the NCCL code paths, run on the host."""
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "packages" / "jaxlib-gpu"
                           / "tests"))
    from nccl_stand_in import StandInNccl

    from jaxlib.gpu_runtime import nccl

    nccl._state["library"] = StandInNccl()


def pytest_configure(config):
    install()
    if os.environ.get("JAXLIB_MOCK_GPUS") == "1":
        _pretend_nvidia_device_files()
        if os.environ.get("JAXLIB_MOCK_NCCL") == "1":
            _install_nccl_stand_in()
    # The markers jax's pyproject registers (its settings make unknown marks errors).
    config.addinivalue_line("markers", "multiaccelerator: may use several accelerators")
    config.addinivalue_line("markers", "SlurmMultiNodeGpuTest: Slurm multinode GPU test")


def pytest_collectreport(report):
    # A file that fails to import counts as one failure of that file.
    if report.failed:
        path = report.nodeid.split("::")[0]
        counts = _counts(path)
        counts["failed"] += 1
        counts["failures"].append(f"{path} (collection): {_first_line(report)}")


def pytest_runtest_logreport(report):
    counts = _counts(report.nodeid.split("::")[0])
    if report.when == "call" or (report.when == "setup" and not report.passed):
        if report.passed:
            counts["passed"] += 1
        elif report.skipped:
            counts["skipped"] += 1
        else:
            counts["failed"] += 1
            counts["failures"].append(f"{report.nodeid}: {_first_line(report)}")
    elif report.when == "teardown" and report.failed:
        counts["failed"] += 1
        counts["failures"].append(f"{report.nodeid} (teardown): {_first_line(report)}")
    if report.when == "teardown" and time.monotonic() - _written[0] > 2:
        _write_report()  # a run killed at its time limit still leaves its counts so far


_written = [time.monotonic()]


def _write_report() -> None:
    out = os.environ.get("JAXLIB_ALIAS_REPORT")
    if out:
        report = {"files": _results, "xla_client_version": _xla_client_version()}
        partial = out + ".partial"
        with open(partial, "w") as f:
            json.dump(report, f, indent=1)
        os.replace(partial, out)  # whole or not at all, should the run be killed
    _written[0] = time.monotonic()


def pytest_sessionfinish(session, exitstatus):
    _write_report()


def _xla_client_version() -> int | None:
    # Some tests branch on it (config_test: the Config constructor of jaxlib >= 376).
    module = sys.modules.get("jaxlib.xla_client")
    return getattr(module, "_version", None)
