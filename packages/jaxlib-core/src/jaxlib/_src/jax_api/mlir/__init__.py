"""The MLIR Python API (``jaxlib.mlir``) over the project's own IR: ``ir``,
``passmanager``, ``jax_mlir_ext`` and the func/builtin dialects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def unsupported_dialect(module_name: str, dialect: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a dialect this jaxlib has no meaning for
    (GPU, TPU and MLIR's core dialects): the module imports, any name in it is
    an AttributeError that says so."""

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(f"{module_name}.{name}: the {dialect} dialect is not supported by "
                             "this jaxlib (it compiles StableHLO for CPU only)")

    return __getattr__
