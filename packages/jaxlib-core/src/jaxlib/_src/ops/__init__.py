"""Every op, declared once: importing this package registers them all."""

from jaxlib._src.ops import (
    chlo_math,  # noqa: F401
    collectives,  # noqa: F401
    control_flow,  # noqa: F401
    conversions,  # noqa: F401
    custom_call,  # noqa: F401
    data_movement,  # noqa: F401
    elementwise,  # noqa: F401
    fft,  # noqa: F401
    gather_scatter,  # noqa: F401
    linalg,  # noqa: F401
    quantization,  # noqa: F401
    reduction,  # noqa: F401
    rng,  # noqa: F401
    sdy,  # noqa: F401
    sort,  # noqa: F401
)
