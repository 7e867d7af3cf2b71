"""Entry layouts: how each argument and result of a program lies in memory.

jax asks for them with ``mhlo.layout_mode`` on the entry function's
arguments and results (``jax.jit(..., in_shardings=Format(...))``, and
``device_put`` to a ``Format``, which jits an identity): ``"default"``
(row-major), ``"auto"`` (the compiler chooses) or a concrete XLA layout,
``"{0,1}"`` (dimensions minor to major). Inside a program a
``LayoutConstraint`` custom call (``with_layout_constraint``, or a
``with_sharding_constraint`` to a ``Format``) asks for a layout of one value.

The choices for ``auto`` follow XLA's CPU layout assignment, as the
reference makes them: an argument gets the default layout; a result gets
the layout that makes the ops computing it free. A transpose then only
relabels its operand's memory, elementwise ops keep their operand's layout,
a ``LayoutConstraint`` sets one, and anything else computes a default-layout
value. Programs compute on row-major values whatever the layouts; the
runtime lays arguments and results out as these layouts say.

Layouts here are major-to-minor dimension tuples (the order jax's
``Layout.major_to_minor`` uses), ``None`` for the default layout.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from jaxlib._src.ir.core import ELEMENTWISE, OP_DEFS, Function, Operation, Value
from jaxlib._src.ir.types import TensorType
from jaxlib._src.ops.custom_call import IDENTITY_TARGETS, LAYOUT_CONSTRAINT

LAYOUT_MODE = "mhlo.layout_mode"

# Ops that keep their operand's layout as XLA's layout assignment does (their
# result element i comes from operand element i).
_ELEMENTWISE_LIKE = frozenset({
    "stablehlo.convert", "stablehlo.select", "stablehlo.clamp",
    "stablehlo.reduce_precision", "stablehlo.bitcast_convert",
})
# Values that have no layout of their own to keep: broadcasts, constants and
# iotas are made in whatever layout their consumer wants.
_LAYOUT_FREE = frozenset({
    "stablehlo.constant", "stablehlo.broadcast_in_dim", "stablehlo.iota",
})
_PASS_THROUGH = frozenset({"sdy.sharding_constraint", "stablehlo.optimization_barrier",
                           "sdy.propagation_barrier"})
_CONCRETE = re.compile(r"\{\s*(\d+(?:\s*,\s*\d+)*)?\s*(?::(.*))?\}\Z")


def parse_layout_mode(text: Any, rank: int, what: str) -> tuple[str, tuple[int, ...] | None]:
    """("default" | "auto" | "concrete", the concrete layout or None) of an
    ``mhlo.layout_mode`` value; ValueError naming ``what`` when malformed or
    asking for what this jaxlib does not lay out (tiles, element sizes)."""
    if text is None or text == "default":
        return "default", None
    if text == "auto":
        return "auto", None
    match = _CONCRETE.match(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"{what}: mhlo.layout_mode {text!r} is not 'default', 'auto' or an "
                         "XLA layout such as '{1,0}'")
    if match.group(2):
        raise ValueError(f"{what}: layout {text!r} has attributes (tiles, element sizes, "
                         "memory spaces), which this jaxlib does not support")
    minor_to_major = tuple(int(d) for d in match.group(1).split(",")) if match.group(1) \
        else ()
    if sorted(minor_to_major) != list(range(rank)):
        raise ValueError(f"{what}: layout {text!r} is not a permutation of the dimensions of "
                         f"a rank-{rank} value")
    return "concrete", _normalized(tuple(reversed(minor_to_major)))


def _normalized(major_to_minor: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """None for the default (row-major) layout."""
    if major_to_minor is None or major_to_minor == tuple(range(len(major_to_minor))):
        return None
    return major_to_minor


def _rank(t: Any) -> int | None:
    return len(t.shape) if isinstance(t, TensorType) and t.is_static else None


def entry_layouts(function: Function, choose: bool = True
                  ) -> tuple[list[tuple[int, ...] | None], list[tuple[int, ...] | None]]:
    """The layouts of ``function``'s arguments and results. ``choose``:
    results left to the compiler get the layouts that make their ops free
    (the CPU's choice); otherwise the default (a backend that keeps every
    value row-major). ValueError for a malformed or unsupported mode."""
    params = [mode[1] for mode in _modes(function.arg_attrs, function.type.inputs,
                                         "argument")]  # "auto": the default, as XLA's CPU
    block = function.body.entry if function.body is not None else None
    returned = block.operations[-1].operands if block is not None and block.operations else []
    results: list[tuple[int, ...] | None] = []
    chosen: dict[int, tuple[int, ...] | None] | None = None
    for k, (kind, layout) in enumerate(_modes(function.res_attrs, function.type.results,
                                              "result")):
        if kind == "auto" and choose and k < len(returned):
            if chosen is None:
                chosen = _free_layouts(function, params)
            layout = _normalized(chosen.get(id(returned[k])))
        results.append(layout)
    return params, results


def _modes(attrs: list[dict[str, Any]], types: list[Any], what: str
           ) -> list[tuple[str, tuple[int, ...] | None]]:
    """(kind, layout) of each value's ``mhlo.layout_mode`` (tokens and
    values without one: the default)."""
    modes = []
    for k, (a, t) in enumerate(zip(attrs, types)):
        rank, mode = _rank(t), a.get(LAYOUT_MODE)
        modes.append(("default", None) if rank is None or mode is None
                     else parse_layout_mode(mode, rank, f"{what} {k}"))
    return modes


def _free_layouts(function: Function, params: list[tuple[int, ...] | None]
                  ) -> dict[int, tuple[int, ...] | None]:
    """Each entry-block value's layout that costs no copy (by id; absent:
    the default), in one pass over the block in program order."""
    layouts: dict[int, tuple[int, ...] | None] = {}
    free: set[int] = set()  # values without a layout of their own
    block = function.body.entry
    for argument, layout in zip(block.arguments, params):
        layouts[id(argument)] = layout
    for op in block.operations:
        for result, layout in zip(op.results, _result_layouts(op, layouts, free)):
            if layout is not None:
                layouts[id(result)] = layout
        if op.name in _LAYOUT_FREE:
            free.update(id(r) for r in op.results)
    return layouts


def _layout_of(value: Value, layouts: dict[int, tuple[int, ...] | None]
               ) -> tuple[int, ...]:
    layout = layouts.get(id(value))
    return layout if layout is not None else tuple(range(_rank(value.type) or 0))


def _result_layouts(op: Operation, layouts: dict[int, tuple[int, ...] | None],
                    free: set[int]) -> list[tuple[int, ...] | None]:
    name = op.name
    none = [None] * len(op.results)
    if any(_rank(r.type) is None for r in op.results):
        return none
    if name == "stablehlo.transpose":
        perm = [int(d) for d in op.attributes["permutation"]]
        operand = _layout_of(op.operands[0], layouts)
        # Result dimension i is operand dimension perm[i]: kept in the
        # operand's memory order, the transpose moves nothing.
        return [tuple(perm.index(d) for d in operand)]
    if name == "stablehlo.custom_call":
        target = op.attributes.get("call_target_name")
        if target == LAYOUT_CONSTRAINT:
            return [_constraint_layout(op)]
        if target in IDENTITY_TARGETS and len(op.operands) == len(op.results):
            return [layouts.get(id(v)) for v in op.operands]
        return none
    if name in _PASS_THROUGH and len(op.operands) == len(op.results):
        return [layouts.get(id(v)) for v in op.operands]
    op_def = OP_DEFS.get(name)
    if (op_def is not None and ELEMENTWISE in op_def.traits) or name in _ELEMENTWISE_LIKE:
        if len(op.results) != 1:
            return none
        rank = _rank(op.results[0].type)
        for operand in op.operands:
            if id(operand) not in free and _rank(operand.type) == rank:
                return [layouts.get(id(operand))]
        return none
    return none


def _constraint_layout(op: Operation) -> tuple[int, ...] | None:
    """The layout a LayoutConstraint asks for (its ``result_layouts``,
    minor to major)."""
    layouts = op.attributes.get("result_layouts")
    try:
        first = list(layouts)[0]
        minor_to_major = [int(d) for d in np.asarray(getattr(first, "array", first)).reshape(-1)]
    except (TypeError, ValueError, IndexError):
        raise ValueError("LayoutConstraint needs result_layouts with one layout") from None
    rank = _rank(op.results[0].type)
    if sorted(minor_to_major) != list(range(rank or 0)):
        raise ValueError(f"LayoutConstraint: layout {minor_to_major} is not a permutation of "
                         f"the dimensions of a rank-{rank} value")
    return tuple(reversed(minor_to_major))
