"""Native lowering of ``stablehlo.reduce_window``
(``csrc/cpu/kernels/reduce_window.cc``): one operand whose body is one add /
multiply / maximum / minimum / and / or / xor of the two body arguments.
Cumulative windows (JAX's cumsum and friends) run as a scan; anything else
the kernel declines, or a body of another shape, runs the reference kernel.
"""

from __future__ import annotations

from jaxlib._src.backends.cpu.native import NativeKernel, native_lowering
from jaxlib._src.ir.core import Operation
from jaxlib._src.ops.reduction import _single_ufunc_body, _WindowSpec


@native_lowering("stablehlo.reduce_window")
def lower_reduce_window(op: Operation) -> NativeKernel | None:
    if len(op.results) != 1 or len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
        return None
    names = _single_ufunc_body(op.regions[0], 1)
    if names is None:
        return None
    rank = len(op.operand_types[0].shape)
    if rank == 0:
        return None  # a scalar's window is the scalar: the reference is as fast
    spec = _WindowSpec(op, rank)
    return NativeKernel("reduce_window", {
        "op": names[0].removeprefix("stablehlo."),
        "window": list(spec.window),
        "strides": list(spec.strides),
        "base_dilations": list(spec.base_dilations),
        "window_dilations": list(spec.window_dilations),
        "padding": [int(p) for pair in spec.padding for p in pair],
    })
