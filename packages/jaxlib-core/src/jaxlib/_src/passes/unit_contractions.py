"""Products without a sum: dot_generals over contracting dimensions of one element.

A dot_general whose contracting dimensions all have one element (or that has
none) sums nothing: each result element is one product, as in the gradient
of a layer with one output unit (dy of [batch, 1] times its weights' row).
It is rewritten as a multiply of its operands laid out as the result (batch
dimensions, the lhs's free ones, the rhs's free ones: a transpose where the
order differs, a reshape dropping the unit contracting dimensions, a
broadcast), which a fusing backend computes inside the kernel reading it
instead of launching a GEMM for it (XLA's algebraic simplifier makes the
same rewrite). Operands of another element type than the result's are
converted first, as the product's preferred type computes them. The one
product is the GEMM's (a sum of one term), up to the sign of a zero.
"""

from __future__ import annotations

from jaxlib._src.ir.attributes import i64_array
from jaxlib._src.ir.core import Block, Module, Operation, Value
from jaxlib._src.ir.types import TensorType
from jaxlib._src.passes.each_block import each_block


def expand_unit_contractions(module: Module) -> int:
    """Rewrites every such dot_general of ``module`` as the module docstring
    says; returns how many."""
    return each_block(module, _expand_in)


def _expand_in(block: Block) -> int:
    rewritten = 0
    replaced: dict[int, list[Operation]] = {}
    values: dict[int, Value] = {}
    for op in block.operations:
        new_ops = _as_product(op) if op.name == "stablehlo.dot_general" else None
        if new_ops is not None:
            replaced[id(op)] = new_ops
            values[id(op.results[0])] = new_ops[-1].results[0]
    if not replaced:
        return 0
    operations: list[Operation] = []
    for op in block.operations:
        operations.extend(replaced.get(id(op), [op]))
    block.operations = operations
    for op in operations:
        for reader in op.walk():
            if any(id(v) in values for v in reader.operands):
                reader.operands = [values.get(id(v), v) for v in reader.operands]
    return rewritten + len(replaced)


def _static(t: object) -> bool:
    return isinstance(t, TensorType) and all(isinstance(n, int) for n in t.shape)


def _as_product(op: Operation) -> list[Operation] | None:
    """The ops computing ``op`` (a dot_general) as a multiply, or None when
    it sums over more than one element (or has a dot algorithm, dynamic
    shapes, predicate or quantized types)."""
    numbers = op.attributes.get("dot_dimension_numbers")
    if numbers is None or op.attributes.get("algorithm") is not None or \
            len(op.operands) != 2 or len(op.results) != 1:
        return None
    lhs, rhs = op.operands
    result = op.results[0].type
    if not all(_static(t) for t in (lhs.type, rhs.type, result)):
        return None
    element = result.element_type
    if not isinstance(element, str) or element == "i1" or \
            not all(isinstance(t.element_type, str) and t.element_type != "i1"
                    for t in (lhs.type, rhs.type)):
        return None
    lhs_batch = [int(d) for d in numbers.lhs_batching_dimensions]
    rhs_batch = [int(d) for d in numbers.rhs_batching_dimensions]
    lhs_contract = [int(d) for d in numbers.lhs_contracting_dimensions]
    rhs_contract = [int(d) for d in numbers.rhs_contracting_dimensions]
    if any(lhs.type.shape[d] != 1 for d in lhs_contract) or \
            any(rhs.type.shape[d] != 1 for d in rhs_contract):
        return None
    lhs_free = [d for d in range(lhs.type.rank) if d not in lhs_batch + lhs_contract]
    rhs_free = [d for d in range(rhs.type.rank) if d not in rhs_batch + rhs_contract]
    batch, left = len(lhs_batch), len(lhs_free)
    new_ops: list[Operation] = []
    sides = [
        _laid_out(lhs, lhs_batch + lhs_free + lhs_contract, batch + left,
                  list(range(batch + left)), result, new_ops),
        _laid_out(rhs, rhs_batch + rhs_free + rhs_contract, batch + len(rhs_free),
                  list(range(batch)) + list(range(batch + left, result.rank)), result,
                  new_ops)]
    new_ops.append(Operation("stablehlo.multiply", sides, [result], {},
                             location=op.location))
    return new_ops


def _laid_out(value: Value, order: list[int], kept: int, positions: list[int],
              result: TensorType, new_ops: list[Operation]) -> Value:
    """``value`` transposed to ``order``, its trailing unit dimensions after
    ``kept`` dropped, converted to the result's element type and broadcast
    to the result's shape at ``positions``."""
    t = value.type
    if order != list(range(t.rank)):
        shape = tuple(t.shape[d] for d in order)
        value = _emit(new_ops, "stablehlo.transpose", value, TensorType(shape, t.element_type),
                      {"permutation": i64_array(order)})
    if kept != value.type.rank:
        value = _emit(new_ops, "stablehlo.reshape", value,
                      TensorType(value.type.shape[:kept], t.element_type), {})
    if t.element_type != result.element_type:
        value = _emit(new_ops, "stablehlo.convert", value,
                      TensorType(value.type.shape, result.element_type), {})
    return _emit(new_ops, "stablehlo.broadcast_in_dim", value, result,
                 {"broadcast_dimensions": i64_array(positions)})


def _emit(new_ops: list[Operation], name: str, operand: Value, result: TensorType,
          attributes: dict) -> Value:
    op = Operation(name, [operand], [result], attributes)
    new_ops.append(op)
    return op.results[0]
