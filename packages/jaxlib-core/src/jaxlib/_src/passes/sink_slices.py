"""Slices moved above the elementwise ops and broadcasts they cut.

A recurrent cell computes its gates in one product plus a bias, then slices
the sum into one piece per gate, each read by elementwise code. A fusing
backend that cannot fuse a slice of a value computed in a group writes the
whole sum to memory first: one more kernel per step. When every reader of an
elementwise op (or a broadcast) is a slice, each slice of it equals the op
applied to the same slices of its operands (a broadcast: to the matching cut
of its operand), so the op is rewritten once per slice and the slices move
to the operands, repeatedly: in the cell, down to the product's result and
the bias, which a backend reads in place. No element is computed twice: the
slices must not cover more elements than the op has (XLA's slice sinking).
"""

from __future__ import annotations

from jaxlib._src.ir.attributes import i64_array
from jaxlib._src.ir.core import (
    ELEMENTWISE,
    OP_DEFS,
    SIDE_EFFECT,
    Block,
    Module,
    Operation,
    Value,
    load_op_table,
)
from jaxlib._src.ir.types import TensorType
from jaxlib._src.passes.each_block import each_block


def sink_slices(module: Module) -> int:
    """Rewrites every block of ``module`` as the module docstring says;
    returns how many ops were split among their slices."""
    load_op_table()
    return each_block(module, _sink_in)


def _sink_in(block: Block) -> int:
    split = 0
    readers: dict[int, list[Operation]] = {}  # id(value) -> the ops reading it
    for op in block.operations:
        for reader in op.walk():
            for value in reader.operands:
                readers.setdefault(id(value), []).append(reader)
    top = {id(op) for op in block.operations}
    removed: set[int] = set()
    for op in reversed(list(block.operations)):
        if id(op) in removed or not _splittable(op):
            continue
        users = readers.get(id(op.results[0]), [])
        if not users or not all(u.name == "stablehlo.slice" and id(u) in top and
                                _unit_strides(u) for u in users):
            continue
        if sum(_size(u.results[0].type.shape) for u in users) > \
                _size(op.results[0].type.shape):
            continue  # overlapping slices: elements would be computed twice
        replacing: dict[int, list[Operation]] = {}
        for cut in users:
            new_ops = _split(op, cut)
            for new in new_ops:
                for value in new.operands:
                    readers.setdefault(id(value), []).append(new)
            replacement = new_ops[-1].results[0]
            for reader in readers.pop(id(cut.results[0]), []):
                reader.operands = [replacement if v is cut.results[0] else v
                                   for v in reader.operands]
                readers.setdefault(id(replacement), []).append(reader)
            replacing[id(cut)] = new_ops
            removed.add(id(cut))
            top.update(id(new) for new in new_ops)
        for value in op.operands:
            readers[id(value)] = [r for r in readers.get(id(value), []) if r is not op]
        removed.add(id(op))
        operations: list[Operation] = []
        for existing in block.operations:
            if id(existing) in replacing:
                operations.extend(replacing[id(existing)])
            elif existing is not op:
                operations.append(existing)
        block.operations = operations
        split += 1
    return split


def _splittable(op: Operation) -> bool:
    if len(op.results) != 1 or op.regions or not isinstance(op.results[0].type, TensorType):
        return False
    if op.name == "stablehlo.broadcast_in_dim":
        return True
    op_def = OP_DEFS.get(op.name)
    if op_def is None or ELEMENTWISE not in op_def.traits or SIDE_EFFECT in op_def.traits:
        return False
    shape = op.results[0].type.shape
    return all(isinstance(t, TensorType) and (t.shape == shape or (not t.shape and shape))
               for t in op.operand_types)


def _unit_strides(cut: Operation) -> bool:
    return all(int(s) == 1 for s in cut.attributes["strides"])


def _size(shape: tuple[int, ...]) -> int:
    size = 1
    for n in shape:
        size *= int(n)
    return size


def _split(op: Operation, cut: Operation) -> list[Operation]:
    """The ops computing ``cut`` (a slice of ``op``'s result) from cuts of
    ``op``'s operands: the cuts first, the op last."""
    starts = [int(s) for s in cut.attributes["start_indices"]]
    limits = [int(s) for s in cut.attributes["limit_indices"]]
    new_ops: list[Operation] = []
    if op.name == "stablehlo.broadcast_in_dim":
        operand = op.operands[0]
        dims = [int(d) for d in op.attributes["broadcast_dimensions"]]
        shape = operand.type.shape
        out = op.results[0].type.shape
        # a broadcast (size-1) dimension keeps its one element
        from_dims = [(starts[d], limits[d]) if shape[j] == out[d] else (0, shape[j])
                     for j, d in enumerate(dims)]
        operands = [_cut(operand, [a for a, _ in from_dims], [b for _, b in from_dims],
                         new_ops)]
    else:
        rank = len(op.results[0].type.shape)
        operands = [v if rank and not v.type.shape else _cut(v, starts, limits, new_ops)
                    for v in op.operands]
    new_ops.append(Operation(op.name, operands, [cut.results[0].type], dict(op.attributes),
                             location=op.location))
    return new_ops


def _cut(value: Value, starts: list[int], limits: list[int],
         new_ops: list[Operation]) -> Value:
    """``value[starts:limits]`` (the value itself when that is all of it)."""
    shape = value.type.shape
    if list(starts) == [0] * len(shape) and list(limits) == list(shape):
        return value
    t = value.type
    sliced = TensorType(tuple(b - a for a, b in zip(starts, limits)), t.element_type,
                        t.encoding)
    op = Operation("stablehlo.slice", [value], [sliced],
                   {"start_indices": i64_array(starts), "limit_indices": i64_array(limits),
                    "strides": i64_array([1] * len(shape))})
    new_ops.append(op)
    return op.results[0]
