"""Native lowerings of the CPU backend, one module per op family. Importing a
module registers its lowerings in ``native_lowerings.NATIVE_LOWERINGS``."""

from jaxlib._src.backends.cpu.native_ops import (  # noqa: F401
    custom_call,
    data_movement,
    dot,
    gather_scatter,
    reduce,
    reduce_window,
    sort,
)
