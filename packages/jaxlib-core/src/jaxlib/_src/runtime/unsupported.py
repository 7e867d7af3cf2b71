"""One error for features that exist only in GPU/TPU builds of jaxlib."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn


class UnsupportedFeatureError(NotImplementedError):
    """Raised by GPU/TPU/profiler entry points this CPU-only jaxlib lacks."""


def unsupported(what: str) -> NoReturn:
    raise UnsupportedFeatureError(f"{what} is not supported by this jaxlib (CPU only)")


def unsupported_function(what: str) -> Callable[..., Any]:
    """A function that raises the unsupported error naming ``what`` when called."""

    def fn(*args: Any, **kwargs: Any) -> NoReturn:
        unsupported(what)

    fn.__name__ = what.rsplit(".", 1)[-1]
    return fn
