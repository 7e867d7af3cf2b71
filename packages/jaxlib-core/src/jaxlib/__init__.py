"""jaxlib: the support library under JAX, written small and readable.

The ``jaxlib`` namespace is shared by several distributions: jaxlib-core ships
this package; jaxlib-linalg, jaxlib-sparse, jaxlib-distributed and jaxlib-gpu
add modules to it. ``extend_path`` lets those modules be found when the
distributions live in different directories (editable installs).
"""

from pkgutil import extend_path

__path__ = extend_path(__path__, __name__)

from jaxlib.version import __version__, _version

__all__ = ["__version__", "_version"]
