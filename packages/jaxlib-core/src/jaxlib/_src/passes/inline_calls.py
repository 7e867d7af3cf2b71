"""Inlining of small private functions at their calls.

jax wraps little pieces of a scan body in functions of their own
(``dynamic_index_in_dim``, ``dynamic_update_index_in_dim``, ...), called once
per carried array. A backend that schedules a block as a whole (fusion,
merging sibling slices into one kernel) sees only calls there; with the small
callees' bodies in the caller's block it sees their ops. XLA inlines every
call; here only small single-block private functions are, so code size and
compile time stay as they are for the big ones (a layer, a cell).
"""

from __future__ import annotations

from jaxlib._src.ir.core import Block, Cloner, Function, Module, Operation, Value

# A callee of at most this many ops (its return included) is inlined.
SMALL_FUNCTION_OPS = 16


def _inlinable(function: Function | None, limit: int) -> bool:
    if function is None or function.body is None or function.visibility == "public":
        return False
    blocks = function.body.blocks
    if len(blocks) != 1:
        return False
    ops = blocks[0].operations
    if not ops or ops[-1].name != "func.return":
        return False
    return sum(1 for op in ops for _ in op.walk()) <= limit


def inline_small_calls(module: Module, limit: int = SMALL_FUNCTION_OPS,
                       called_once: bool = False) -> int:
    """Replaces each ``func.call`` of a small private function (at most
    ``limit`` ops, one block; see ``_inlinable``) by a copy of its body, in
    every function and nested region; returns how many calls were inlined.
    ``called_once``: private functions called from one place are inlined
    whatever their size (no code is duplicated; a backend that fuses across
    the call, as XLA's, sees one block). Idempotent; callees stay in the
    module (other uses, compiled on demand)."""
    functions = {f.name: f for f in module.functions}
    once = _called_once(module) if called_once else frozenset()
    inlined = 0

    def renaming(v: Value, renamed: dict[int, tuple[Value, Value]]) -> Value:
        found = renamed.get(id(v))
        return found[1] if found is not None and found[0] is v else v

    inlining: list[str] = []  # the callees being inlined (a recursive call stays a call)

    def inline_block(block: Block, renamed: dict[int, tuple[Value, Value]]) -> None:
        nonlocal inlined
        result: list[Operation] = []
        for op in block.operations:
            # Uses of inlined calls' results (earlier in this block or outside it)
            op.operands = [renaming(v, renamed) for v in op.operands]
            for region in op.regions:
                for nested in region.blocks:
                    inline_block(nested, renamed)
            if op.name != "func.call":
                result.append(op)
                continue
            name = op.attributes["callee"].name
            callee = functions.get(name)
            if name in inlining or not _inlinable(callee, (1 << 62) if name in once else limit):
                result.append(op)
                continue
            body = callee.body.entry
            cloner = Cloner(values={id(a): v for a, v in zip(body.arguments, op.operands)})
            clones = [cloner.op(nested) for nested in body.operations[:-1]]
            # The callee's own calls are inlined too (a clone's calls are new ops).
            scratch = Block(operations=clones)
            inlining.append(name)
            inline_block(scratch, renamed)
            inlining.pop()
            result.extend(scratch.operations)
            returned = [cloner.values.get(id(v), v) for v in body.operations[-1].operands]
            returned = [renaming(v, renamed) for v in returned]
            # (the old value kept beside its id: ids of dropped values are reused)
            renamed.update((id(old), (old, new)) for old, new in zip(op.results, returned))
            inlined += 1
        block.operations = result

    for function in module.functions:
        if function.body is not None:
            renamed: dict[int, tuple[Value, Value]] = {}
            for block in function.body.blocks:
                inline_block(block, renamed)
    return inlined


def call_sites(module: Module) -> dict[str, int]:
    """How many ``func.call`` ops name each function of ``module``, in every
    body and nested region."""
    counts: dict[str, int] = {}
    for function in module.functions:
        if function.body is None:
            continue
        for block in function.body.blocks:
            for op in block.operations:
                for nested in op.walk():
                    if nested.name == "func.call":
                        name = nested.attributes["callee"].name
                        counts[name] = counts.get(name, 0) + 1
    return counts


def _called_once(module: Module) -> frozenset[str]:
    """Names of the functions that exactly one ``func.call`` in the module calls."""
    return frozenset(name for name, count in call_sites(module).items() if count == 1)
