"""Native lowering of the window ops (``csrc/cpu/kernels/reduce_window.cc``):
``stablehlo.reduce_window`` over one operand whose body is one add / multiply /
maximum / minimum / and / or / xor of the two body arguments (cumulative
windows, JAX's cumsum and friends, run as a scan), and
``stablehlo.select_and_scatter`` whose select is one comparison and whose
scatter is one such op (max pooling's gradient). Bodies of other shapes, and
what the kernels decline, run the reference kernels.
"""

from __future__ import annotations

from jaxlib._src.backends.cpu.native_lowerings import NativeKernel, native_lowering
from jaxlib._src.ir.core import Operation
from jaxlib._src.ops.reduction import _compare_select, _single_ufunc_body, _WindowSpec


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


_DIRECTIONS = {"GE", "GT", "LE", "LT", "EQ", "NE"}


def _select_direction(op: Operation) -> str | None:
    """The direction when the select body is ``compare DIR, arg0, arg1`` with
    float/integer semantics (as ops/reduction.py's reference recognises it)."""
    if _compare_select(op.regions[0]) is None:
        return None
    compare = op.regions[0].entry.operations[0]
    direction = getattr(compare.attributes.get("comparison_direction"), "value", None)
    return direction if direction in _DIRECTIONS else None


@native_lowering("stablehlo.select_and_scatter")
def lower_select_and_scatter(op: Operation) -> NativeKernel | None:
    if len(op.regions) != 2 or any(len(r.blocks) != 1 for r in op.regions):
        return None
    direction = _select_direction(op)
    names = _single_ufunc_body(op.regions[1], 1)
    rank = len(op.operand_types[0].shape)
    if direction is None or names is None or rank == 0:
        return None
    spec = _WindowSpec(op, rank, dilations=False)
    return NativeKernel("select_and_scatter", {
        "compare": direction,
        "op": names[0].removeprefix("stablehlo."),
        "window": list(spec.window),
        "strides": list(spec.strides),
        "padding": [int(p) for pair in spec.padding for p in pair],
    })
