"""Branches chosen by constants, taken before lowering.

A function jax exports for several platforms (``export(..., platforms=["cpu",
"cuda"])``) picks its platform's code with ``stablehlo.case`` on a platform
index; calling it passes the index as a constant, through calls. The other
platforms' branches name their own custom calls (cuSOLVER's, say), which the
CPU does not have. XLA inlines the calls and folds the cases on constants
before it compiles; so does this pass, for the programs that need it: a copy
of the module with every call inlined and each ``case``/``if`` whose index or
predicate is a constant replaced by the ops of the branch it takes.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from jaxlib._src.ir.attributes import DenseElements
from jaxlib._src.ir.core import Block, Cloner, Function, Module, Operation, Region, Value
from jaxlib._src.passes.inline_calls import inline_small_calls

__all__ = ["fold_constant_branches", "renamed_value", "without_constant_branches"]


def _constant_scalar(value: Value) -> int | None:
    owner = value.owner
    if not isinstance(owner, Operation) or owner.name != "stablehlo.constant":
        return None
    dense = owner.attributes.get("value")
    if not isinstance(dense, DenseElements):
        return None
    array = np.asarray(dense.array)
    if array.size != 1:
        return None
    return int(array.reshape(()))


def _taken(op: Operation) -> Region | None:
    """The region a case/if with a constant index/predicate runs, or None."""
    if op.name not in ("stablehlo.case", "stablehlo.if") or not op.operands:
        return None
    chosen = _constant_scalar(op.operands[0])
    if chosen is None:
        return None
    if op.name == "stablehlo.if":
        return op.regions[0] if chosen else op.regions[1]
    last = len(op.regions) - 1
    return op.regions[chosen if 0 <= chosen <= last else last]  # out of range: the last


def fold_constant_branches(module: Module) -> int:
    """Replaces, in place, each case/if of ``module`` whose index or
    predicate is a constant by its taken branch's ops (a one-block branch);
    returns how many were folded. A folded branch may make the next index a
    constant (a case returning a constant): the pass runs to a fixed point."""
    folded = 0

    def fold_block(block: Block, renamed: dict[int, tuple[Value, Value]]) -> None:
        nonlocal folded
        result: list[Operation] = []
        for op in block.operations:
            op.operands = [renamed_value(v, renamed) for v in op.operands]
            region = _taken(op)
            if region is None or len(region.blocks) != 1:
                for nested_region in op.regions:
                    for nested in nested_region.blocks:
                        fold_block(nested, renamed)
                result.append(op)
                continue
            body = region.blocks[0]
            cloner = Cloner()
            clones = Block(operations=[cloner.op(nested) for nested in body.operations[:-1]])
            fold_block(clones, renamed)
            result.extend(clones.operations)
            returned = [renamed_value(cloner.values.get(id(v), v), renamed)
                        for v in body.operations[-1].operands]
            renamed.update((id(old), (old, new)) for old, new in zip(op.results, returned))
            folded += 1
        block.operations = result

    for function in module.functions:
        if function.body is not None:
            renamed: dict[int, tuple[Value, Value]] = {}
            for block in function.body.blocks:
                fold_block(block, renamed)
    return folded


def renamed_value(value: Value, renamed: dict[int, tuple[Value, Value]]) -> Value:
    """What stands for ``value`` once the ops that defined it were replaced
    (``renamed``: id(old value) -> (old value, new value), the old value kept
    beside its id as ids of dropped values are reused)."""
    found = renamed.get(id(value))
    while found is not None and found[0] is value:
        value = found[1]
        found = renamed.get(id(value))
    return value


def without_constant_branches(module: Module) -> Module:
    """A copy of ``module`` with every call inlined and every branch chosen
    by a constant taken (``module`` itself when nothing folds)."""
    copy = Module(module.name, dict(module.attributes),
                  [_copy_function(f) for f in module.functions], dict(module.meshes))
    inline_small_calls(copy, limit=1 << 62)
    total = 0
    while (count := fold_constant_branches(copy)) and total < 1 << 16:
        total += count
    return copy if total else module


def _copy_function(function: Function) -> Function:
    if function.body is None:
        return function
    return dataclasses.replace(function, body=Cloner().region(function.body),
                               arg_attrs=[dict(a) for a in function.arg_attrs],
                               res_attrs=[dict(a) for a in function.res_attrs])
