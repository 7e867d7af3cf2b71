"""Cross-package: the distributions share the jaxlib namespace and core's extras
name them."""

import importlib
import importlib.metadata as metadata

import pytest

import jaxlib

EXTRA_MODULES = {
    "jaxlib-linalg": ["jaxlib.lapack", "jaxlib.gpu_linalg", "jaxlib.gpu_solver"],
    "jaxlib-sparse": ["jaxlib.cpu_sparse", "jaxlib.gpu_sparse"],
    "jaxlib-distributed": ["jaxlib.distributed"],
    "jaxlib-gpu": ["jaxlib.gpu_backend", "jaxlib.cuda", "jaxlib.rocm"],
}


def _installed(dist):
    try:
        metadata.distribution(dist)
        return True
    except metadata.PackageNotFoundError:
        return False


def test_core_metadata_declares_the_extras():
    core = metadata.distribution("jaxlib-core")
    # The distributions carry this project's version; jaxlib.__version__ is
    # the jaxlib API level they implement (what jax checks at import).
    assert jaxlib.__version__ == "0.10.2"
    assert core.version != jaxlib.__version__
    extras = set(core.metadata.get_all("Provides-Extra"))
    assert {"linalg", "sparse", "distributed", "gpu"} <= extras
    requires = core.requires or []
    for extra in ("linalg", "sparse", "distributed", "gpu"):
        assert any(f"jaxlib-{extra}" in r and f'extra == "{extra}"' in r for r in requires)


@pytest.mark.parametrize("dist", sorted(EXTRA_MODULES))
def test_every_installed_extra_contributes_its_modules(dist):
    modules = EXTRA_MODULES[dist]
    if not _installed(dist):
        for name in modules:
            with pytest.raises(ImportError):
                importlib.import_module(name)
        return
    assert metadata.version(dist) == metadata.version("jaxlib-core")
    for name in modules:
        module = importlib.import_module(name)
        assert module.__name__ == name


def test_extras_do_not_ship_the_namespace_init():
    for dist in EXTRA_MODULES:
        if not _installed(dist):
            continue
        files = [str(f) for f in (metadata.distribution(dist).files or [])]
        assert "jaxlib/__init__.py" not in files, dist
