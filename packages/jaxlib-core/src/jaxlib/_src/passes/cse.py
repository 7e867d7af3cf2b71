"""Common subexpression elimination: an op that computes what an earlier op
computes (the same op on the same operands with the same attributes, and
equal regions) is dropped, its uses reading the earlier op's results.

jax's lowerings repeat work XLA's CSE then removes: a layer norm's variance
recomputes the mean in a function of its own (``jnp.var`` beside
``jnp.mean``), broadcasts and iotas are made again per use. Only pure ops
merge: none with side effects (custom calls, collectives, RNG state,
transfers), none that order them (tokens), no calls, no control flow.
An op matches an earlier op of its block or of an enclosing block (whose
results are visible where it is).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jaxlib._src.ir.core import (
    CONVOLUTION,
    DOT,
    EXPENSIVE,
    OP_DEFS,
    REDUCTION,
    SIDE_EFFECT,
    TRANSCENDENTAL,
    Block,
    Module,
    Operation,
    Value,
    region_key,
)
from jaxlib._src.ir.types import TokenType

# Pure ops that still must not merge: barriers exist to keep values apart,
# control flow and Shardy's regions are left whole, tokens order effects.
_KEPT_APART = frozenset({
    "stablehlo.optimization_barrier", "stablehlo.while", "stablehlo.if", "stablehlo.case",
    "stablehlo.after_all", "stablehlo.create_token", "stablehlo.rng", "func.call",
    "func.return", "stablehlo.return",
})


# Ops whose regions use values defined around them (an op inside may take
# an earlier op's results from there).
_SEES_AROUND = frozenset({"stablehlo.while", "stablehlo.if", "stablehlo.case"})


def eliminate_common_subexpressions(module: Module) -> int:
    """Merges repeated pure ops in every function of ``module`` (in place);
    returns how many ops were dropped."""
    dropped = 0
    for function in module.functions:
        if function.body is not None:
            for block in function.body.blocks:
                dropped += _Block(block, [{}]).run()
    return dropped


# Ops worth computing once: reductions, products, convolutions, dear
# elementwise ops (and constants, which cost nothing to share). Cheap ops
# (broadcasts, reshapes, adds) are left repeated: fusion computes each copy
# inside the kernel that reads it, where one shared copy would be a value
# written out for several kernels (slower on the CPU: measured on a GPT step).
_WORTH_SHARING = frozenset({EXPENSIVE, TRANSCENDENTAL, DOT, CONVOLUTION, REDUCTION})
_EFFECT_FREE: dict[str, bool] = {}


def _effect_free_name(name: str) -> bool:
    """Whether ops of this name compute from their operands alone (cached:
    a hot check)."""
    free = _EFFECT_FREE.get(name)
    if free is None:
        op_def = OP_DEFS.get(name)
        free = _EFFECT_FREE[name] = not (
            name in _KEPT_APART or name.startswith("sdy.") or op_def is None
            or SIDE_EFFECT in op_def.traits)
    return free


def _effect_free(op: Operation) -> bool:
    if not _effect_free_name(op.name) or any(isinstance(r.type, TokenType)
                                             for r in op.results):
        return False
    return all(_effect_free(inner) or inner.name in ("stablehlo.return", "func.return")
               for region in op.regions for block in region.blocks
               for inner in block.operations)


def _pure(op: Operation) -> bool:
    """Whether ``op`` may merge with an equal earlier op: worth sharing and
    free of effects, its regions too."""
    if not op.results:
        return False
    op_def = OP_DEFS.get(op.name)
    if op_def is None or not (op.name == "stablehlo.constant"
                              or op_def.cost in _WORTH_SHARING):
        return False
    return _effect_free(op)


_PLAIN = frozenset({int, str, bool, float, type(None)})


def _freeze(value: Any) -> Any:
    """A hashable stand-in for an attribute value; values without a
    meaningful equality (arrays, DenseElements) stand for themselves only
    (constants merge where they share one: copies of an inlined function's)."""
    kind = type(value)
    if kind in _PLAIN:
        return (kind.__name__, value)
    if isinstance(value, (list, tuple)):
        if all(type(v) is int for v in value):
            return ("ints", tuple(value))
        return ("seq", tuple(_freeze(v) for v in value))
    if isinstance(value, dict):
        return ("map", tuple(sorted((str(k), _freeze(v)) for k, v in value.items())))
    if isinstance(value, np.ndarray):
        return ("id", id(value))
    try:
        hash(value)
    except TypeError:
        return ("id", id(value))
    return (type(value).__name__, value)


class _Block:
    """One block's pass: ``scopes`` are the tables of the enclosing blocks
    (outermost first) and this block's, key -> results."""

    def __init__(self, block: Block, scopes: list[dict[Any, list[Value]]],
                 replaced: dict[int, tuple[Value, Value]] | None = None):
        self.block = block
        self.scopes = scopes
        # id(dropped result) -> (the dropped result, what replaces it); the
        # value is kept beside its id (ids of dropped values may be reused).
        self.replaced = replaced if replaced is not None else {}

    def _use(self, value: Value) -> Value:
        found = self.replaced.get(id(value))
        return found[1] if found is not None and found[0] is value else value

    def run(self) -> int:
        dropped = 0
        kept = []
        for op in self.block.operations:
            op.operands = [self._use(v) for v in op.operands]
            # Control flow's blocks see the values around them; other regions
            # (reduction bodies, per-device manual regions) are apart.
            outer = self.scopes if op.name in _SEES_AROUND else []
            for region in op.regions:
                for nested in region.blocks:
                    dropped += _Block(nested, outer + [{}], self.replaced).run()
            if not _pure(op):
                kept.append(op)
                continue
            try:
                key = self._key(op)
                earlier = next((s[key] for s in reversed(self.scopes) if key in s), None)
            except TypeError:  # an attribute or type without a usable equality
                kept.append(op)
                continue
            if earlier is None:
                self.scopes[-1][key] = list(op.results)
                kept.append(op)
                continue
            for result, replacement in zip(op.results, earlier):
                self.replaced[id(result)] = (result, replacement)
            dropped += 1
        self.block.operations = kept
        return dropped

    def _key(self, op: Operation) -> Any:
        # (values from outside a region by identity: ("out", id) never equals
        # an inside value's number)
        numbers: dict[int, int] = {}
        return (op.name, tuple(id(v) for v in op.operands), tuple(op.result_types),
                _freeze(op.attributes),
                tuple(region_key(r, numbers, lambda v: ("out", id(v)), _freeze)
                      for r in op.regions))
