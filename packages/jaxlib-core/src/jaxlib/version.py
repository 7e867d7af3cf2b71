"""The version of jaxlib-core (and of the ``jaxlib`` namespace it owns).

jax checks ``__version__`` at import: its numeric prefix must lie between
jax's minimum jaxlib version and jax's own version, so this number follows the
jax release whose interface this jaxlib implements (jax 0.10.2).
"""

__version__ = "0.10.2"
# The reference exposes the base version string as ``_version``.
_version = __version__
_minimum_jaxlib_version = "0.10.1"


def _version_as_tuple(version_str: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version_str.split(".") if part.isdigit())


__version_info__ = _version_as_tuple(__version__)
_minimum_jaxlib_version_info = _version_as_tuple(_minimum_jaxlib_version)
