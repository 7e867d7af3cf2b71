"""Applies a block rewrite to every block of a module, nested ones first."""

from __future__ import annotations

from collections.abc import Callable

from jaxlib._src.ir.core import Block, Module


def each_block(module: Module, rewrite: Callable[[Block], int]) -> int:
    """``rewrite`` applied to every block of ``module``'s functions, the
    blocks of an op's regions before the block holding the op; returns the
    sum of what it returned (how many rewrites)."""
    def visit(block: Block) -> int:
        done = sum(visit(nested) for op in block.operations
                   for region in op.regions for nested in region.blocks)
        return done + rewrite(block)

    return sum(visit(block) for function in module.functions if function.body is not None
               for block in function.body.blocks)
