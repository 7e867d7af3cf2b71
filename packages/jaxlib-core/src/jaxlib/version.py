"""The version of jaxlib-core (and of the ``jaxlib`` namespace it owns)."""

__version__ = "0.1.0"
_version = tuple(int(part) for part in __version__.split("."))
