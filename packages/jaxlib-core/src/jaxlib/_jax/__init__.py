"""jaxlib._jax: the names jax's ``jax._src.lib`` takes from jaxlib's extension.

This slice provides the submodules ``pytree``, ``config``, ``guard_lib`` and
``jax_jit`` (and ``PyTreeDef``, which jaxlib also exports at the top level);
the client, arrays, shardings and the rest of ``_jax`` come with later slices.
The implementations live in ``jaxlib._src.jax_api``.
"""

from jaxlib._jax import config, guard_lib, jax_jit, pytree
from jaxlib._jax.pytree import PyTreeDef

__all__ = ["PyTreeDef", "config", "guard_lib", "jax_jit", "pytree"]
