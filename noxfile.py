"""Sessions: one test session per distribution, everything together, lint,
the demo (the main job) and the benchmarks.

Per-package sessions install wheels built once per run into a local
wheelhouse (``.nox/wheelhouse``), so ``jaxlib-core[extra]`` resolves from this
repository without a package index. The ``tests`` session installs every
distribution in editable mode, so both install modes are exercised.
"""

from __future__ import annotations

import glob
from pathlib import Path

import nox

ROOT = Path(__file__).parent
PACKAGES = ["core", "linalg", "sparse", "distributed", "gpu"]
WHEELHOUSE = ROOT / ".nox" / "wheelhouse"
TEST_DEPS = ["pytest>=7", "pytest-timeout"]

nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = [
    "lint",
    *(f"tests-{p}" for p in PACKAGES),
    "tests",
]

_built = False


def _build_wheelhouse(session: nox.Session) -> None:
    """Builds every distribution's wheel once per nox run."""
    global _built
    if _built:
        return
    WHEELHOUSE.mkdir(parents=True, exist_ok=True)
    for old in WHEELHOUSE.glob("jaxlib_*.whl"):
        old.unlink()
    session.install("pip>=23", "wheel")
    for package in PACKAGES:
        session.run(
            "python", "-m", "pip", "wheel", "--no-deps", "--wheel-dir",
            str(WHEELHOUSE), str(ROOT / "packages" / f"jaxlib-{package}"),
        )
    _built = True


def _install_from_wheelhouse(session: nox.Session, *packages: str) -> None:
    _build_wheelhouse(session)
    extras = [p for p in packages if p != "core"]
    requirement = "jaxlib-core" + (f"[{','.join(extras)}]" if extras else "")
    session.install("--find-links", str(WHEELHOUSE), requirement, *TEST_DEPS)
    # Same version numbers across runs: force this run's wheels in.
    wheels = [
        glob.glob(str(WHEELHOUSE / f"jaxlib_{p}-*.whl"))[0] for p in packages
    ]
    session.install("--force-reinstall", "--no-deps", *wheels)


def _pytest(session: nox.Session, *paths: str) -> None:
    session.run(
        "python", "-m", "pytest", "-q", "--timeout=600", *paths, *session.posargs,
        env={"PYTHONDONTWRITEBYTECODE": "1"},
    )


def _package_session(package: str):
    def session_fn(session: nox.Session) -> None:
        packages = ["core"] if package == "core" else ["core", package]
        _install_from_wheelhouse(session, *packages)
        if package == "distributed":
            # The `mpi` extra of jaxlib-distributed (MPI collectives); it builds
            # against the system's OpenMPI, which .ci/run installs.
            session.install("mpi4py>=3.1")
        # Run from the package folder so the tests import the installed wheel.
        session.chdir(ROOT / "packages" / f"jaxlib-{package}")
        _pytest(session, "tests")

    session_fn.__doc__ = f"Tests of jaxlib-{package}, installed alone (with core)."
    return session_fn


for _package in PACKAGES:
    nox.session(name=f"tests-{_package}")(_package_session(_package))


@nox.session
def tests(session: nox.Session) -> None:
    """Every distribution installed together (editable), every test."""
    session.install(*TEST_DEPS, "scikit-build-core>=0.10", "pybind11>=2.12")
    session.install("-e", str(ROOT / "packages" / "jaxlib-core"))
    for package in PACKAGES[1:]:
        session.install("-e", str(ROOT / "packages" / f"jaxlib-{package}"))
    session.install("mpi4py>=3.1")  # jaxlib-distributed's `mpi` extra
    paths = [str(ROOT / "packages" / f"jaxlib-{p}" / "tests") for p in PACKAGES]
    _pytest(session, *paths, str(ROOT / "tests"))


@nox.session
def lint(session: nox.Session) -> None:
    """ruff over the whole repository."""
    session.install("ruff>=0.5")
    session.run("ruff", "check", str(ROOT))


@nox.session
def demo(session: nox.Session) -> None:
    """The main job: a real program on the default CPU backend."""
    _install_from_wheelhouse(session, "core")
    session.run("python", str(ROOT / "examples" / "demo.py"), *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """The shared benchmark programs, ours and the reference jaxlib's in the same
    run (the reference in a venv of its own), written to docs/performance.md;
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
    session.run("python", str(ROOT / "benchmarks" / "linalg_bench.py"), "--reference-python",
                str(python), "--write", str(ROOT / "docs" / "performance.md"))
    session.run("python", str(ROOT / "benchmarks" / "rss.py"), "--write",
                str(ROOT / "docs" / "performance.md"))
    session.run("python", str(ROOT / "benchmarks" / "run.py"))
