"""Which carried arrays of a counted loop a GPU program writes in place.

XLA keeps a while loop's carried values in buffers of their own and updates
them in place where nothing else reads them: a scan's stacked outputs take
each iteration's row (dynamic_update_slice), a gradient accumulates
``acc + dot(x, y)`` in one GEMM with beta = 1. Here the same holds for
counted loops: a carried array whose only use in the body is such an update,
whose result goes only to the body's yield at the array's own position, is
written in place; the loop copies those carries once at entry (the first
iteration's operand is the loop's init, which may be anyone's). A carry
passed to a private function called from this one place is followed into it
(jax's scan bodies call the cell), where the same rule holds between its
argument and the result returned at that position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jaxlib._src.ir.core import Block, Operation, Value
from jaxlib._src.ir.types import TensorType
from jaxlib._src.ops.data_movement import int_list
from jaxlib._src.passes.inline_calls import call_sites

# Element types whose products accumulate in place (cuBLAS's beta = 1). Not
# float16: cuBLAS would round the sum once where the product and the addition
# round twice (the CPU's and the unfused program's bits).
_GEMM_TYPES = frozenset({"f32", "f64", "complex<f32>", "complex<f64>"})


@dataclass
class Writes:
    """What a block (and the functions it calls) writes in place."""

    # id(op) -> the yielded position: updates (dynamic_update_slice) and
    # accumulations (add of a product) written into their carried operand
    ops: dict[int, int] = field(default_factory=dict)
    # id(add) -> (its accumulator, the dot_general, whether transposed) of
    # the accumulations among ``ops``
    accumulations: dict[int, tuple[Value, Operation, bool]] = field(default_factory=dict)
    # the block's arguments written in place (directly or by a callee)
    arguments: set[int] = field(default_factory=set)

    def merge(self, other: Writes) -> None:
        self.ops.update(other.ops)
        self.accumulations.update(other.accumulations)


def _uses(block: Block) -> dict[int, list[tuple[Operation, int]]]:
    uses: dict[int, list[tuple[Operation, int]]] = {}
    for op in block.operations:
        for nested in op.walk():
            for index, value in enumerate(nested.operands):
                uses.setdefault(id(value), []).append((nested, index))
    return uses


def accumulated_product(add: Operation, accumulator: Value,
                        uses: dict[int, list[tuple[Operation, int]]]
                        ) -> tuple[Operation, bool] | None:
    """(the dot_general, whether its result is transposed) when ``add`` adds
    ``accumulator`` and a product used nowhere else (directly, or through
    the transpose of a 2-D product), all of one type cuBLAS accumulates;
    None otherwise."""
    if add.name != "stablehlo.add" or len(add.operands) != 2:
        return None
    others = [v for v in add.operands if v is not accumulator]
    if len(others) != 1:
        return None
    product = others[0]
    transposed = False
    owner = product.owner
    if isinstance(owner, Operation) and owner.name == "stablehlo.transpose":
        if list(int_list(owner, "permutation")) != [1, 0] or len(uses.get(id(product), [])) != 1:
            return None
        product, transposed = owner.operands[0], True
        owner = product.owner
    if not isinstance(owner, Operation) or owner.name != "stablehlo.dot_general" or \
            len(uses.get(id(product), [])) != 1:
        return None
    numbers = owner.attributes.get("dot_dimension_numbers")
    if transposed and (numbers is None or list(numbers.lhs_batching_dimensions)):
        return None
    types = [*owner.operand_types, *owner.result_types, accumulator.type]
    if not all(isinstance(t, TensorType) and t.element_type in _GEMM_TYPES and
               t.element_type == types[0].element_type for t in types):
        return None
    return owner, transposed


def in_place_writes(block: Block, pairs: dict[int, int], module: Any,
                    on_device: Any, call_counts: dict[str, int] | None = None,
                    _open: frozenset[str] = frozenset()) -> Writes:
    """The in-place writes of ``block`` (of ``module``), whose argument ``a``
    may be written in place when its value is yielded (returned) at position
    ``pairs[a]``; those of the private functions it calls from their one call
    site with such arguments, followed in; ``on_device``: whether a type
    lives in device memory."""
    if call_counts is None:
        call_counts = call_sites(module)
    terminator = block.operations[-1]
    uses = _uses(block)
    top_level = {id(op) for op in block.operations}
    writes = Writes()
    for position, argument in enumerate(block.arguments):
        returned = pairs.get(position)
        readers = uses.get(id(argument), [])
        if returned is None or len(readers) != 1:
            continue
        user, index = readers[0]
        if id(user) not in top_level or not all(
                on_device(t) for t in (*user.operand_types, *user.result_types)):
            continue
        if user.name == "func.call":
            callee = _single_site_body(user, module, call_counts, _open)
            result = next((r for r, value in enumerate(user.results)
                           if _only_yielded(value, returned, uses, terminator)), None)
            if callee is None or result is None:
                continue
            name = user.attributes["callee"].name
            inner = in_place_writes(callee, {index: result}, module, on_device, call_counts,
                                    _open | {name})
            writes.merge(inner)
            if index in inner.arguments:
                writes.arguments.add(position)
            continue
        if len(user.results) != 1 or \
                not _only_yielded(user.results[0], returned, uses, terminator):
            continue  # (the yield itself, when the carry passes through)
        product = accumulated_product(user, argument, uses)
        if product is not None:
            writes.accumulations[id(user)] = (argument, *product)
        if product is not None or (user.name == "stablehlo.dynamic_update_slice" and
                                   index == 0):
            writes.ops[id(user)] = returned
            writes.arguments.add(position)
    return writes


# Elementwise ops whose device kernels (and fused groups) return arrays of
# their own, never views of an operand.
_FRESH_RESULTS = frozenset(f"stablehlo.{name}" for name in (
    "add", "subtract", "multiply", "divide", "negate", "maximum", "minimum", "select",
    "exponential", "tanh", "logistic", "abs", "sqrt", "rsqrt", "log", "clamp", "power"))


def local_accumulations(block: Block, on_device: Any
                        ) -> dict[int, tuple[Value, Operation, bool]]:
    """Additions ``add(dot(x, y), e)`` to run as one GEMM adding the product
    into ``e``'s array (cuBLAS's beta = 1, as XLA rewrites such additions into
    its GEMMs' C operand): ``e`` computed in ``block`` by an elementwise op
    into an array of its own and read only by the addition, whose result no
    op that fuses reads (with one, the addition is better fused with it). By
    id(add), as Writes.accumulations."""
    from jaxlib._src.backends.cpu.fusion import takes_part

    uses = _uses(block)
    top_level = {id(op) for op in block.operations}
    found: dict[int, tuple[Value, Operation, bool]] = {}
    for op in block.operations:
        if op.name != "stablehlo.add" or len(op.operands) != 2 or \
                op.operands[0] is op.operands[1] or \
                not all(on_device(t) for t in (*op.operand_types, *op.result_types)) or \
                any(takes_part(user) for user, _ in uses.get(id(op.results[0]), [])):
            continue
        for addend in op.operands:
            owner = addend.owner
            if not isinstance(owner, Operation) or id(owner) not in top_level or \
                    owner.name not in _FRESH_RESULTS or len(uses.get(id(addend), [])) != 1:
                continue
            product = accumulated_product(op, addend, uses)
            if product is not None:
                found[id(op)] = (addend, *product)
                break
    return found


def _single_site_body(call: Operation, module: Any, call_counts: dict[str, int],
                      open_calls: frozenset[str]) -> Block | None:
    """The one-block body of the private function ``call`` names, when this is
    its only call (and it is not being followed already)."""
    name = call.attributes["callee"].name
    if call_counts.get(name) != 1 or name in open_calls:
        return None
    try:
        function = module.function(name)
    except KeyError:
        return None
    if function.body is None or function.visibility == "public" or \
            len(function.body.blocks) != 1:
        return None
    return function.body.entry


def _only_yielded(value: Value, position: int, uses: dict[int, list[tuple[Operation, int]]],
                  terminator: Operation) -> bool:
    found = uses.get(id(value), [])
    return len(found) == 1 and found[0][0] is terminator and found[0][1] == position


@dataclass(eq=False)
class ProductAccumulation:
    """``acc + dot(x, y)`` (or the transpose of a 2-D dot) where ``acc`` is
    written in place: one GEMM adding the product into the accumulator's
    buffer (cuBLAS's beta = 1) instead of a product and an addition kernel."""

    dot: Operation
    add: Operation
    accumulator: Value
    transposed: bool

    @property
    def inputs(self) -> list[Value]:
        return [*self.dot.operands, self.accumulator]

    @property
    def outputs(self) -> list[Value]:
        return [self.add.results[0]]

    def kernel(self, xp: Any) -> Any:
        from jaxlib._src.ops.linalg import matmul_operands
        from jaxlib.gpu_runtime.cublas import accumulate_for

        numbers = self.dot.attributes["dot_dimension_numbers"]
        dims = [list(numbers.lhs_batching_dimensions), list(numbers.rhs_batching_dimensions),
                list(numbers.lhs_contracting_dimensions),
                list(numbers.rhs_contracting_dimensions)]
        if self.transposed:  # (x . y)^T = y . x: the operands swapped
            dims = [dims[1], dims[0], dims[3], dims[2]]
        transposed = self.transposed
        accumulate = accumulate_for(xp)

        def accumulate_into(lhs: Any, rhs: Any, acc: Any) -> tuple:
            if transposed:
                lhs, rhs = rhs, lhs
            if not acc.flags.c_contiguous or not getattr(acc.flags, "writeable", True) or \
                    acc.base is not None:  # (a view: then this copy is the result)
                acc = xp.array(acc, copy=True, order="C")
            a, c, _ = matmul_operands(lhs, rhs, *dims, xp)
            accumulate(a, c, acc.reshape(a.shape[0], a.shape[1], c.shape[2]))
            return (acc,)

        return accumulate_into


def accumulate_in_place(schedule: list[Any],
                        accumulations: dict[int, tuple[Value, Operation, bool]]) -> list[Any]:
    """``schedule`` (a block's ops and fused groups) with each accumulation
    of ``accumulations`` (Writes.accumulations; fusion keeps their adds as
    they are, and never fuses a dot or the transpose of its result) as one
    ProductAccumulation at the add's place, its dot (and transpose) dropped."""
    positions = {id(item) for item in schedule}
    replaced: dict[int, Any] = {}
    dropped: set[int] = set()
    for item in schedule:
        found = accumulations.get(id(item)) if isinstance(item, Operation) else None
        if found is None:
            continue
        accumulator, dot, transposed = found
        product = next(v for v in item.operands if v is not accumulator)
        kept = [dot, product.owner] if transposed else [dot]
        if all(id(op) in positions for op in kept):
            replaced[id(item)] = ProductAccumulation(dot, item, accumulator, transposed)
            dropped.update(id(op) for op in kept)
    if not replaced:
        return schedule
    return [replaced.get(id(item), item) for item in schedule if id(item) not in dropped]
