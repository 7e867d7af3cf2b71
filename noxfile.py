"""Sessions: one test session per distribution, everything together, lint,
the demo (the main job) and the benchmarks.

Per-package sessions install wheels from a local wheelhouse
(``.nox/wheelhouse``), so ``jaxlib-core[extra]`` resolves from this repository
without a package index. A session builds only the wheels it installs, and
only when their sources changed since the last build; a session's virtualenv
is reused and reinstalled only when its wheels changed. The ``tests`` session
installs every distribution in editable mode, so both install modes are
exercised.

System packages: a session that builds C++ or starts MPI jobs first checks for
the Debian/Ubuntu packages it needs (``SYSTEM_NEEDS``) and installs the missing
ones with apt-get when nox runs as root (as CI does). Otherwise it prints the
``sudo apt-get install ...`` line to run and skips (the ``tests`` session runs
without jaxlib-distributed); with ``CI`` set it fails instead.

External test data (``../shared/conformance`` and the like, found by
``tests/external_data.py``): tests that read a missing suite skip, and fail when
``CI`` is set; the test sessions say which suites they found.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import nox

ROOT = Path(__file__).parent
sys.path.append(str(ROOT / "tests"))
import external_data  # noqa: E402

PACKAGES = ["core", "linalg", "sparse", "distributed", "gpu"]
WHEELHOUSE = ROOT / ".nox" / "wheelhouse"
TEST_DEPS = ["pytest>=7", "pytest-timeout"]

nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = [
    "lint",
    *(f"tests-{p}" for p in PACKAGES),
    "tests",
    "strict",
    "fuzz",
    "jax-tests",
]

# The fuzz and concurrency suite (`nox -s fuzz`): crafted programs, blobs,
# cache entries and wire data, custom-call contracts, threads racing the
# runtime. Counts are bounded; JAXLIB_FUZZ_SCALE=N multiplies them.
FUZZ_TESTS = [
    "packages/jaxlib-core/tests/test_hardening_runtime.py",
    "packages/jaxlib-core/tests/test_hardening_compile.py",
    "packages/jaxlib-core/tests/test_custom_call_contracts.py",
    "packages/jaxlib-core/tests/test_fuzz_blobs.py",
    "packages/jaxlib-core/tests/test_fuzz_cache.py",
    "packages/jaxlib-core/tests/test_fuzz_parsers.py",
    "packages/jaxlib-linalg/tests/test_lapack_contracts.py",
    "packages/jaxlib-sparse/tests/test_csr_contracts.py",
    "tests/fuzz",
]

# --- system packages (Debian/Ubuntu names) ------------------------------------------


def _dpkg_installed(name: str) -> bool:
    try:
        status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", name],
                                capture_output=True, text=True).stdout
    except OSError:
        return False
    return "ok installed" in status


SYSTEM_CHECKS = {
    # A C++17 compiler for the pybind11 extensions.
    "g++": lambda: shutil.which(os.environ.get("CXX") or "g++") is not None,
    # Python's headers (already there for a Python not installed by apt).
    "python3-dev": lambda: Path(sysconfig.get_path("include"), "Python.h").is_file(),
    # jaxlib-distributed's CPU collectives link Debian's Gloo library.
    "libgloo-dev": lambda: _dpkg_installed("libgloo-dev") or any(
        Path(prefix, "include/gloo/allreduce.h").is_file() for prefix in ("/usr", "/usr/local")),
    # Its `mpi` extra: mpi4py builds against MPI, the tests start jobs with mpirun.
    "libopenmpi-dev": lambda: shutil.which("mpicc") is not None,
    "openmpi-bin": lambda: shutil.which("mpirun") is not None,
}
_CXX = ("g++", "python3-dev")
SYSTEM_NEEDS = {
    "core": _CXX,
    "linalg": _CXX,
    "sparse": _CXX,
    "distributed": (*_CXX, "libgloo-dev", "libopenmpi-dev", "openmpi-bin"),
    "gpu": (),
}


def _missing_system_packages(packages) -> list[str]:
    needed = dict.fromkeys(name for p in packages for name in SYSTEM_NEEDS[p])
    return [name for name in needed if not SYSTEM_CHECKS[name]()]


def _system_packages(session: nox.Session, packages) -> str | None:
    """Installs the system packages the distributions need (apt-get, as root).
    Returns None when all are there, else what to run; fails under CI."""
    missing = _missing_system_packages(packages)
    if missing and os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get"):
        session.log(f"installing system packages: {' '.join(missing)}")
        session.run_install("apt-get", "update", "-qq", external=True)
        session.run_install("env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install",
                            "-y", "-qq", "--no-install-recommends", *missing, external=True)
        missing = _missing_system_packages(packages)
    if not missing:
        return None
    why = (f"missing system packages for {', '.join(f'jaxlib-{p}' for p in packages)}: "
           f"{' '.join(missing)}; "
           f"run `sudo apt-get install {' '.join(missing)}` (Debian/Ubuntu), or run nox as "
           "root, which installs them")
    if external_data.in_ci():
        session.error(why)
    return why


# --- wheels -------------------------------------------------------------------------


def _sources(package: str) -> list[Path]:
    """The files a distribution's wheel is built from (its folder less tests/,
    build outputs and whatever git ignores)."""
    folder = ROOT / "packages" / f"jaxlib-{package}"
    try:
        listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "--", "."],
                                cwd=folder, capture_output=True, text=True, check=True).stdout
        files = [folder / line for line in listed.splitlines() if line]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout
        files = [p for p in folder.rglob("*") if not {"build", "__pycache__"} & set(p.parts)]
    return sorted(p for p in files if p.is_file() and p.relative_to(folder).parts[0] != "tests")


def _digest(package: str) -> str:
    digest = hashlib.sha256(f"{sys.implementation.cache_tag} {sysconfig.get_platform()}".encode())
    folder = ROOT / "packages" / f"jaxlib-{package}"
    for path in _sources(package):
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


_wheels: dict[str, tuple[Path, str]] = {}  # package -> (wheel, source digest), this run


def _wheel(session: nox.Session, package: str) -> tuple[Path, str]:
    """The distribution's wheel, built unless the wheelhouse has the one built
    from the same sources."""
    if package in _wheels:
        return _wheels[package]
    WHEELHOUSE.mkdir(parents=True, exist_ok=True)
    digest = _digest(package)
    stamp = WHEELHOUSE / f"jaxlib_{package}.sha256"
    wheels = sorted(WHEELHOUSE.glob(f"jaxlib_{package}-*.whl"))
    if len(wheels) == 1 and stamp.is_file() and stamp.read_text() == digest:
        session.log(f"jaxlib-{package}: sources unchanged, reusing {wheels[0].name}")
    else:
        for old in [*wheels, stamp]:
            old.unlink(missing_ok=True)
        session.install("pip>=23")
        session.run(
            "python", "-m", "pip", "wheel", "--no-deps", "--wheel-dir",
            str(WHEELHOUSE), str(ROOT / "packages" / f"jaxlib-{package}"),
        )
        wheels = sorted(WHEELHOUSE.glob(f"jaxlib_{package}-*.whl"))
        stamp.write_text(digest)
    _wheels[package] = (wheels[0], digest)
    return _wheels[package]


def _install_from_wheelhouse(session: nox.Session, *packages: str, test_deps: bool = True,
                             required: bool = False) -> None:
    """Installs jaxlib-core with the other packages as its extras, from wheels;
    skips the session when system packages are missing (fails it if
    `required`, or under CI)."""
    why = _system_packages(session, packages)
    if why and required:
        session.error(why)
    if why:
        session.skip(why)
    built = {p: _wheel(session, p) for p in packages}
    deps = TEST_DEPS if test_deps else []
    # What this venv holds: skip pip when the same wheels are installed already.
    state = {"wheels": {p: digest for p, (_, digest) in built.items()}, "deps": deps}
    stamp = Path(session.virtualenv.location) / "jaxlib-wheels.json"
    if stamp.is_file() and json.loads(stamp.read_text()) == state:
        session.log(f"installed already: {', '.join(w.name for w, _ in built.values())}")
        return
    stamp.unlink(missing_ok=True)
    extras = [p for p in packages if p != "core"]
    requirement = "jaxlib-core" + (f"[{','.join(extras)}]" if extras else "")
    session.install("--find-links", str(WHEELHOUSE), requirement, *deps)
    # Same version numbers across runs: force this run's wheels in.
    session.install("--force-reinstall", "--no-deps", *(str(w) for w, _ in built.values()))
    stamp.write_text(json.dumps(state))


def _pytest(session: nox.Session, *paths: str, external: bool = False) -> None:
    if external:  # say which external suites this run has, and which it skips
        for line in external_data.describe():
            session.log(f"external suite {line}")
    session.run(
        "python", "-m", "pytest", "-q", "--timeout=600", *paths, *session.posargs,
        env={"PYTHONDONTWRITEBYTECODE": "1"},
    )


# jaxlib-gpu's tests run whole programs with LAPACK and cuSPARSE targets (their
# descriptors and host handlers come from jaxlib-linalg and jaxlib-sparse);
# jaxlib-distributed's run multi-process GPU clients too (jaxlib-gpu's mock GPUs).
PACKAGE_TEST_EXTRAS = {"gpu": ["linalg", "sparse"], "distributed": ["gpu"]}
# What a package's tests install beside it: jaxlib-core's `profiler` extra (gRPC,
# for the profiler server), jaxlib-gpu's `codegen` extra (NVRTC, which compiles
# every generated kernel to PTX without a GPU).
PACKAGE_TEST_PIP = {"core": ["grpcio>=1.60"], "gpu": ["nvidia-cuda-nvrtc"]}


def _package_session(package: str):
    def session_fn(session: nox.Session) -> None:
        packages = ["core"] if package == "core" else ["core", package]
        packages += PACKAGE_TEST_EXTRAS.get(package, [])
        _install_from_wheelhouse(session, *packages)
        if package == "distributed":
            # The `mpi` extra of jaxlib-distributed (MPI collectives); it builds
            # against the system's OpenMPI (SYSTEM_NEEDS).
            session.install("mpi4py>=3.1")
        if PACKAGE_TEST_PIP.get(package):
            session.install(*PACKAGE_TEST_PIP[package])
        # Run from the package folder so the tests import the installed wheel.
        session.chdir(ROOT / "packages" / f"jaxlib-{package}")
        _pytest(session, "tests", external=package == "core")

    session_fn.__doc__ = f"Tests of jaxlib-{package}, installed alone (with core)."
    return session_fn


for _package in PACKAGES:
    nox.session(name=f"tests-{_package}")(_package_session(_package))


@nox.session
def tests(session: nox.Session) -> None:
    """Every distribution installed together (editable), every test."""
    packages = list(PACKAGES)
    why = _system_packages(session, packages)
    if why and _missing_system_packages(["core"]):
        session.skip(why)
    if why:  # only jaxlib-distributed's are missing: test the others together
        session.warn(f"{why}; testing without jaxlib-distributed")
        packages.remove("distributed")
    session.install(*TEST_DEPS, "scikit-build-core>=0.10", "pybind11>=2.12")
    session.install("-e", str(ROOT / "packages" / "jaxlib-core"))
    for package in packages[1:]:
        session.install("-e", str(ROOT / "packages" / f"jaxlib-{package}"))
    if "distributed" in packages:
        session.install("mpi4py>=3.1")  # jaxlib-distributed's `mpi` extra
    for package in packages:
        if PACKAGE_TEST_PIP.get(package):
            session.install(*PACKAGE_TEST_PIP[package])
    paths = [str(ROOT / "packages" / f"jaxlib-{p}" / "tests") for p in packages]
    # The program fuzzer runs in its own session (`fuzz`).
    _pytest(session, *paths, str(ROOT / "tests"), f"--ignore={ROOT / 'tests' / 'fuzz'}",
            external=True)


@nox.session
def strict(session: nox.Session) -> None:
    """The hot programs (the model benchmark and the shared benchmark programs)
    compiled with JAXLIB_CPU_STRICT=1: a step that would run on a reference
    (numpy) kernel fails its compile. (The corpus's recorded reference steps are
    checked by the ``tests`` session.)"""
    _install_from_wheelhouse(session, "core", "linalg")
    session.run("python", "-m", "pytest", "-q", "--timeout=600", "-p", "no:cacheprovider",
                str(ROOT / "tests" / "test_models.py"), *session.posargs,
                env={"PYTHONDONTWRITEBYTECODE": "1", "JAXLIB_CPU_STRICT": "1"})


@nox.session
def fuzz(session: nox.Session) -> None:
    """The fuzz and concurrency suite over core, linalg and sparse (wheels);
    JAXLIB_FUZZ_SCALE=N multiplies its counts."""
    _install_from_wheelhouse(session, "core", "linalg", "sparse")
    paths = [str(ROOT / p) for p in FUZZ_TESTS]
    session.run(
        "python", "-m", "pytest", "-q", "--timeout=1800", "-p", "no:cacheprovider", *paths,
        *session.posargs, env={"PYTHONDONTWRITEBYTECODE": "1"},
    )


# jax 0.10.2 over this jaxlib (issue 16), and what jax's tests need beside it.
JAX_REQUIREMENTS = ["jax==0.10.2", "absl-py", "cloudpickle", "flatbuffers", "portpicker",
                    "pytest>=7,<9", "pytest-timeout",
                    "grpcio>=1.60"]  # jaxlib-core's profiler extra (profiler_test)


def _install_jax(session: nox.Session) -> None:
    """jaxlib-core with linalg, sparse and gpu (wheels), then jax 0.10.2 over them
    through the `jaxlib` compatibility distribution (packages/jaxlib-compat),
    never the reference jaxlib wheel."""
    packages = ["core", "linalg", "sparse", "gpu"]
    # jax.distributed (jax's distributed_test) needs jaxlib-distributed, whose
    # system packages are installed here as root (CI), else it is left out.
    if _system_packages(session, ["distributed"]) is None:
        packages.append("distributed")
    _install_from_wheelhouse(session, *packages, test_deps=False)
    session.install("--find-links", str(WHEELHOUSE), str(ROOT / "packages" / "jaxlib-compat"),
                    *JAX_REQUIREMENTS)


def _run_jax_tests(session: nox.Session, *args: str) -> None:
    suite = external_data.locate("jax-tests")
    if suite is None:
        message = "jax's test suite not found (../shared/jax-tests or $JAXLIB_JAX_TESTS_DIR)"
        if os.environ.get("CI"):
            session.error(message)
        session.skip(message)
    session.run("python", str(ROOT / "tests" / "jax_suite" / "run_jax_tests.py"), *args,
                env={"PYTHONDONTWRITEBYTECODE": "1"})


@nox.session(name="jax-tests")
def jax_tests(session: nox.Session) -> None:
    """jax's own tests on this jaxlib: Tier A (jaxlib-level) and a fast slice of
    Tiers B and C (tests/jax_suite/run_jax_tests.py); arguments replace the tiers."""
    _install_jax(session)
    # With jax installed, the jax-dependent tests of jaxlib-core run instead of skipping.
    core_tests = ROOT / "packages" / "jaxlib-core" / "tests"
    session.run("python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout=600",
                str(ROOT / "tests" / "jax_suite"), str(core_tests / "test_jax_pjit_fastpath.py"),
                str(core_tests / "test_jax_export_artifacts.py"),
                str(core_tests / "test_vhlo_artifacts.py"),
                str(core_tests / "test_mlir_dialects.py"),
                str(ROOT / "packages" / "jaxlib-gpu" / "tests" / "test_jax_on_gpu.py"),
                env={"PYTHONDONTWRITEBYTECODE": "1", "JAXLIB_WITH_JAX": "1"})
    _run_jax_tests(session, *(session.posargs or ["--tier", "A", "--tier", "fast"]))
    if not session.posargs:  # jax on jaxlib-gpu's mock GPUs: the cuda lowering, GPU targets
        _run_jax_tests(session, "--tier", "gpu-mock", "--mock-gpu", "1x1x1")


@nox.session(name="jax-tests-full")
def jax_tests_full(session: nox.Session) -> None:
    """Every tier of jax's tests (A, B, C), in 32 and 64 bits; writes the tables
    to docs/jax-compatibility-*.md. Long: not part of the default sessions."""
    _install_jax(session)
    docs = ROOT / "docs"
    _run_jax_tests(session, "--tier", "A", "--tier", "B", "--tier", "C", "--no-fail",
                   "--write", str(docs / "jax-tests-32bit.md"), *session.posargs)
    _run_jax_tests(session, "--tier", "B", "--x64", "--no-fail",
                   "--write", str(docs / "jax-tests-64bit.md"), *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff over the whole repository, and the layer contract of jaxlib-core."""
    session.install("ruff>=0.5")
    session.run("ruff", "check", str(ROOT))
    # The layer contract: no upward import, no import cycle (docs/architecture.md).
    session.run("python", str(ROOT / "tools" / "check_layers.py"))


@nox.session
def demo(session: nox.Session) -> None:
    """The main job: real programs on the default CPU backend through the
    xla_client API, then unmodified jax 0.10.2 on this jaxlib training a small
    MLP with jit and grad (builds and installs jaxlib-core, linalg and sparse,
    and only when their sources changed)."""
    why = _system_packages(session, ["core"])
    if why:
        session.error(why)
    _install_jax(session)
    session.run("python", str(ROOT / "examples" / "demo.py"), *session.posargs)
    session.run("python", str(ROOT / "examples" / "jax_mlp.py"))


@nox.session
def bench(session: nox.Session) -> None:
    """The shared benchmark programs, ours and the reference jaxlib's in the same
    run (the reference in a venv of its own), written to docs/performance.md;
    the model benchmark (benchmarks/models/) the same way, quiet and under load;
    then batched linear algebra (jaxlib-linalg against the reference), resident memory
    over 10,000 executions, then transfer micro-benchmarks."""
    _install_from_wheelhouse(session, "core", "linalg")
    reference = ROOT / ".nox" / "bench-reference"
    python = reference / "bin" / "python"
    if not python.exists():
        session.run("python", "-m", "venv", str(reference), external=True)
    session.run(str(python), "-m", "pip", "install", "-q", "jax==0.10.2", "jaxlib==0.10.2",
                external=True)
    session.run("python", str(ROOT / "benchmarks" / "programs.py"), "--reference-python",
                str(python), "--write", str(ROOT / "docs" / "performance.md"),
                *session.posargs)
    # Whole models, quiet and beside one busy process per two cores.
    for load in ([], ["--busy", str(max(1, (os.cpu_count() or 2) // 2))]):
        session.run("python", str(ROOT / "benchmarks" / "programs.py"), "--suite", "models",
                    "--reference-python", str(python), "--write",
                    str(ROOT / "docs" / "performance.md"), *load)
    session.run("python", str(ROOT / "benchmarks" / "linalg_bench.py"), "--reference-python",
                str(python), "--write", str(ROOT / "docs" / "performance.md"))
    session.run("python", str(ROOT / "benchmarks" / "rss.py"), "--write",
                str(ROOT / "docs" / "performance.md"))
    session.run("python", str(ROOT / "benchmarks" / "run.py"))
