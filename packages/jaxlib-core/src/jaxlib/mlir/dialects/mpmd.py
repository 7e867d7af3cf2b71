"""``mpmd`` dialect: jax only registers it (mlir.py); this jaxlib has no
mpmd ops, so no builders are generated."""

from __future__ import annotations

from typing import Any

from jaxlib._src.jax_api.mlir.dialect_builders import generate_dialect

generate_dialect("mpmd", globals())


def register_dialect(context: Any = None, load: bool = True) -> None:
    """Nothing to register: mpmd programs are not supported by this jaxlib."""
