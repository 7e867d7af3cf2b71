"""``mhlo`` dialect: jax only registers it; the op table holds mhlo.return."""

from __future__ import annotations

from typing import Any

from jaxlib._src.jax_api.mlir.dialect_builders import generate_dialect

generate_dialect("mhlo", globals())


def register_mhlo_dialect(context: Any = None, load: bool = True) -> None:
    """The dialect is always available here: nothing to register."""
