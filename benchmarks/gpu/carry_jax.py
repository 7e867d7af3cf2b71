"""Lays out jax 0.10.2 for the GPU check on a machine that has another jax.

A GPU machine comes with its own jax and CUDA plugin (the benchmark's
reference) and no network. To run unmodified jax 0.10.2 on our ``cuda``
client there, the check puts a folder made here after our site folder on
``PYTHONPATH`` (``GPU_CHECK_JAX_SITE``)::

    python benchmarks/gpu/carry_jax.py --from /path/to/site-packages .gpubuild/jax010

It holds jax 0.10.2 (pure Python, from a site folder where it is installed,
e.g. the reference virtual environment), absl-py (jax's tests use it) and an
empty regular ``jax_plugins`` package: it hides the machine's own CUDA plugin
(a ``jax_plugins`` namespace portion), so that jax finds only jaxlib-gpu's
``cuda`` factory (its entry point names a module that then does not import, which
jax reports as a warning). ``--jax-tests`` also copies jax's test suite into
the shared folder the check reads (``GPU_CHECK_SHARED``).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import shutil
import sys
from pathlib import Path

_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc")


def _copy(source: Path, target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=_IGNORE)


def _distribution(site: Path, name: str) -> importlib.metadata.Distribution:
    for dist in importlib.metadata.distributions(path=[str(site)]):
        if dist.metadata["Name"].lower().replace("_", "-") == name:
            return dist
    raise SystemExit(f"{name} is not installed in {site}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", type=Path, help="the folder to make (e.g. .gpubuild/jax010)")
    parser.add_argument("--from", dest="site", type=Path, required=True,
                        help="a site-packages folder with jax 0.10.2 installed")
    parser.add_argument("--absl-from", type=Path,
                        help="a site-packages folder with absl-py (default: this Python's)")
    parser.add_argument("--jax-tests", type=Path,
                        help="jax's test suite (../shared/jax-tests) to copy into "
                        "TARGET/../shared/jax-tests")
    args = parser.parse_args(argv)

    jax = _distribution(args.site, "jax")
    if jax.version != "0.10.2":
        raise SystemExit(f"{args.site} has jax {jax.version}, not 0.10.2")
    target = args.target
    target.mkdir(parents=True, exist_ok=True)
    _copy(args.site / "jax", target / "jax")
    for info in args.site.glob("jax-0.10.2.dist-info"):
        _copy(info, target / info.name)

    if args.absl_from is not None:
        absl_site = args.absl_from
    else:
        import absl

        absl_site = Path(absl.__file__).resolve().parents[1]
    _copy(absl_site / "absl", target / "absl")
    for info in absl_site.glob("absl_py-*.dist-info"):
        _copy(info, target / info.name)

    shadow = target / "jax_plugins"
    shadow.mkdir(exist_ok=True)
    (shadow / "__init__.py").write_text(
        '"""Hides the machine\'s own jax plugins (see benchmarks/gpu/carry_jax.py)."""\n')

    if args.jax_tests is not None:
        _copy(args.jax_tests, target.parent / "shared" / "jax-tests")
    size = sum(f.stat().st_size for f in target.rglob("*") if f.is_file())
    print(f"{target}: jax {jax.version}, absl, jax_plugins shadow; {size / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
