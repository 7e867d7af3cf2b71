"""Products and joins written straight into the rows of in-place updates.

In a counted loop a scan's stacked outputs take one row per iteration (an
in-place dynamic_update_slice of a carried array, in_place.py). When that
row's start is known when compiling (known_scalars.py) the row is a view of
the stacked array, so a GEMM whose result is the row writes it there (cuBLAS
with beta = 0) and a concatenate is made there: no copy after either (XLA's
in-place output fusions). Whatever else reads the value reads it from the row.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jaxlib._src.ir.core import Operation, Value
from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops.registry import with_frame
from jaxlib.gpu_runtime.known_scalars import KnownScalar, Start, known_start

# Element types whose products cuBLAS writes into a given array (cublas.store_for).
_PRODUCT_TYPES = frozenset({"f16", "f32", "f64", "complex<f32>", "complex<f64>"})


@dataclass(eq=False)
class WindowWrite:
    """``producer`` (a dot_general or a concatenate) computed into the window
    of the in-place ``update`` (its update is the producer's result, through
    reshapes) at ``starts``. Inputs: the producer's operands, then the
    update's operand; outputs: the producer's result (the window) and the
    update's (its operand, written)."""

    producer: Operation
    update: Operation
    starts: list[Start]

    @property
    def inputs(self) -> list[Value]:
        return [*self.producer.operands, self.update.operands[0]]

    @property
    def outputs(self) -> list[Value]:
        return [self.producer.results[0], self.update.results[0]]

    def kernel(self, xp: Any) -> Callable[..., tuple]:
        shape = tuple(int(d) for d in self.update.operand_types[0].shape)
        sizes = tuple(int(d) for d in self.update.operand_types[1].shape)
        result_shape = tuple(int(d) for d in self.producer.result_types[0].shape)
        starts = self.starts
        produce = _producer_kernel(self.producer, xp)

        @with_frame
        def write(frame: list, *args: Any) -> tuple:
            *operands, target = args
            at = [min(max(s.at(frame) if isinstance(s, KnownScalar) else s, 0), n - w)
                  for s, n, w in zip(starts, shape, sizes)]
            window = target[tuple(slice(a, a + w) for a, w in zip(at, sizes))]
            if not window.flags.c_contiguous:  # (a reshape would copy): copied in
                value = produce(operands, None)
                window[...] = value.reshape(sizes)
                return (value, target)
            out = window.reshape(result_shape)
            produce(operands, out)
            return (out, target)

        return write


def _producer_kernel(op: Operation, xp: Any) -> Callable[[list, Any], Any]:
    """``produce(operands, out)``: the producer's value written into ``out``
    (returned as a new array when ``out`` is None)."""
    if op.name == "stablehlo.concatenate":
        axis = int(op.attributes["dimension"])

        def join(operands: list, out: Any) -> Any:
            return xp.concatenate(operands, axis=axis, out=out)

        return join
    from jaxlib._src.ops.linalg import _dot_numbers, batched_product, matmul_operands
    from jaxlib.gpu_runtime.cublas import matmul_for, store_for

    n = _dot_numbers(op)
    dims = (list(n.lhs_batching_dimensions), list(n.rhs_batching_dimensions),
            list(n.lhs_contracting_dimensions), list(n.rhs_contracting_dimensions))
    dtype = numpy_dtype(op.result_types[0].element_type)
    matmul, store = matmul_for(xp), store_for(xp)

    def product(operands: list, out: Any) -> Any:
        lhs, rhs = (x.astype(dtype, copy=False) for x in operands)
        a, c, shape = matmul_operands(lhs, rhs, *dims, xp)
        if out is None:
            return batched_product(a, c, xp, matmul).reshape(shape)
        store(a, c, out.reshape(a.shape[0], a.shape[1], c.shape[2]))
        return out

    return product


def _through_reshapes(value: Value, chain: list[Operation]) -> Value:
    """The value ``value`` reshapes (unit dimensions added or dropped by
    reshape or broadcast_in_dim), the ops passed appended to ``chain``."""
    while True:
        owner = value.owner
        if not isinstance(owner, Operation) or \
                owner.name not in ("stablehlo.reshape", "stablehlo.broadcast_in_dim") or \
                math.prod(owner.operand_types[0].shape) != math.prod(owner.result_types[0].shape):
            return value
        chain.append(owner)
        value = owner.operands[0]


def _writable(producer: Operation, on_device: Callable[[Any], bool]) -> bool:
    types = [*producer.operand_types, *producer.result_types]
    if not all(on_device(t) for t in types):
        return False
    if producer.name == "stablehlo.concatenate":
        return len({str(t.element_type) for t in types}) == 1
    if producer.name == "stablehlo.dot_general":
        return all(str(t.element_type) == str(producer.result_types[0].element_type)
                   for t in producer.operand_types) and \
            str(producer.result_types[0].element_type) in _PRODUCT_TYPES
    return False


def write_into_windows(schedule: list[Any], block: Any, in_place: frozenset[int],
                       known: dict[int, KnownScalar], on_device: Callable[[Any], bool]
                       ) -> list[Any]:
    """``schedule`` (``block``'s ops and fused groups) with each in-place
    dynamic_update_slice (ids in ``in_place``) at starts ``known`` when
    compiling, whose update is a dot_general's or a concatenate's result (not
    yielded), done by that producer writing into the window (WindowWrite, at
    the producer's place; the update dropped)."""
    if not known:
        return schedule
    position = {id(item): k for k, item in enumerate(schedule)}
    defined_at: dict[int, int] = {}
    for k, item in enumerate(schedule):
        for value in (item.results if isinstance(item, Operation) else item.outputs):
            defined_at[id(value)] = k
    yielded = {id(v) for v in block.operations[-1].operands}
    replaced: dict[int, WindowWrite] = {}
    dropped: set[int] = set()
    chained: set[int] = set()  # the schedule's items holding the updates' reshapes
    holder = {id(op): item for item in schedule if not isinstance(item, Operation)
              for op in getattr(item, "ops", [])}
    for k, item in enumerate(schedule):
        if getattr(item, "name", None) != "stablehlo.dynamic_update_slice" or \
                id(item) not in in_place:
            continue
        starts = [known_start(v, known) for v in item.operands[2:]]
        if None in starts or not any(isinstance(s, KnownScalar) for s in starts):
            continue
        chain: list[Operation] = []
        value = _through_reshapes(item.operands[1], chain)
        producer = value.owner
        if not isinstance(producer, Operation) or id(producer) not in position or \
                id(producer) in replaced or not _writable(producer, on_device):
            continue
        at = position[id(producer)]
        if any(id(r) in yielded for op in (producer, *chain) for r in op.results) or \
                at > k or defined_at.get(id(item.operands[0]), -1) > at or \
                numpy_dtype(producer.result_types[0].element_type) != \
                numpy_dtype(item.operand_types[0].element_type):
            continue
        replaced[id(producer)] = WindowWrite(producer, item, starts)
        dropped.add(id(item))
        chained.update(id(holder.get(id(op), op)) for op in chain)
    if not replaced:
        return schedule
    result = [replaced.get(id(item), item) for item in schedule if id(item) not in dropped]
    return _without_unread(result, yielded, chained)


def _without_unread(schedule: list[Any], yielded: set[int], candidates: set[int]) -> list[Any]:
    """``schedule`` less the items among ``candidates`` (ids) whose results
    nothing reads any more (the reshapes of an update now written in place,
    or the fused group copying them)."""
    while True:
        read = set(yielded)
        for item in schedule:
            if isinstance(item, Operation):
                read.update(id(v) for nested in item.walk() for v in nested.operands)
            else:
                read.update(id(v) for v in item.inputs)
        unread = {id(item) for item in schedule if id(item) in candidates and not any(
            id(v) in read for v in (item.results if isinstance(item, Operation)
                                    else item.outputs))}
        if not unread:
            return schedule
        schedule = [item for item in schedule if id(item) not in unread]

