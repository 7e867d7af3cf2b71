"""The MLIR Python API (``jaxlib.mlir``) over the project's own IR: ``ir``,
``passmanager``, ``jax_mlir_ext`` and the func/builtin dialects."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class UnsupportedDialectError(ImportError):
    """A name of a dialect this jaxlib has no meaning for. An ImportError, as
    jax's callers expect where a kernel language is missing (``try: import
    jax.experimental.pallas.mosaic_gpu except ImportError``)."""


def unsupported_dialect(module_name: str, dialect: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` for a dialect this jaxlib has no meaning for
    (Mosaic/Triton's GPU and TPU dialects, MLIR's core dialects): the module
    imports, any name in it is an UnsupportedDialectError that says so."""

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise UnsupportedDialectError(
            f"{module_name}.{name}: the {dialect} dialect is not supported by this jaxlib "
            "(it compiles StableHLO programs, not Mosaic or Triton kernels)",
            name=module_name)

    return __getattr__
