"""What jax itself calls in jaxlib: pytrees, configs, guards, jit argument parsing,
weakref caches, the pretty printer and small utilities.

This layer sits above ``_src/runtime``: it is the implementation behind the public
modules ``jaxlib._jax`` (``pytree``, ``config``, ``guard_lib``, ``jax_jit``),
``jaxlib.utils``, ``jaxlib.weakref_lru_cache`` and ``jaxlib._pretty_printer``, which
only re-export from here. Several of these paths run on every jax call (flatten,
``Config.value``, the weakref caches), so the code favours ``__slots__`` and tight
loops over indirection.
"""
