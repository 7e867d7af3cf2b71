"""Slices at start indices a counted loop knows when compiling.

A counted loop's scalar integers that follow from its counter alone (the
counter, other inductions stepped by constants, a reversed scan's index:
program._counter_schedule) have a value known at every iteration. A
dynamic_slice whose starts are such values or constants, or a gather of one
index vector made of them, is a view of its operand at that iteration: no
kernel runs, and the GEMM or fused kernel reading it reads the operand's rows
where they are (XLA's loops read such slices in place too). The running
iteration is kept in a frame slot, so concurrent executions (replicas run in
threads) do not share it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxlib._src.ir.core import Operation, Value
from jaxlib._src.ops.data_movement import constant_int, int_list
from jaxlib._src.ops.registry import with_frame


@dataclass(frozen=True, eq=False)
class KnownScalar:
    """A loop body's scalar whose value at iteration k is ``values[k]``; the
    running k is in frame slot ``slot``."""

    slot: int
    values: np.ndarray

    def at(self, frame: list) -> int:
        return int(self.values[frame[self.slot]])


# A start index: a constant, or a scalar known per iteration.
Start = int | KnownScalar


def known_start(value: Value, known: dict[int, KnownScalar]) -> Start | None:
    """``value`` as a Start (through reshapes and broadcasts of one element:
    a gather's index vector of one scalar), or None when it is not known."""
    while True:
        constant = constant_int(value)
        if constant is not None:
            return constant
        found = known.get(id(value))
        if found is not None:
            return found
        owner = value.owner
        if not isinstance(owner, Operation) or \
                owner.name not in ("stablehlo.reshape", "stablehlo.broadcast_in_dim") or \
                int(np.prod(owner.operand_types[0].shape, dtype=np.int64)) != 1:
            return None
        value = owner.operands[0]


def _clamped(start: int, dim: int, size: int) -> int:
    return min(max(start, 0), dim - size)  # (XLA clamps, so the window fits)


def _window_kernel(shape: tuple[int, ...], sizes: tuple[int, ...], starts: list[Start | None],
                   result_shape: tuple[int, ...]) -> Callable[..., tuple]:
    """A frame kernel returning the view of its first input at ``starts``
    (None: 0) of window ``sizes``, reshaped to ``result_shape`` (unit
    dimensions only: still a view)."""
    fixed = [_clamped(s, n, w) if isinstance(s, int) else 0 if s is None else None
             for s, n, w in zip(starts, shape, sizes)]
    moving = [(k, s) for k, s in enumerate(starts) if isinstance(s, KnownScalar)]
    reshaped = tuple(sizes) != tuple(result_shape)

    @with_frame
    def view(frame: list, operand: Any, *_: Any) -> tuple:
        at = list(fixed)
        for k, start in moving:
            at[k] = _clamped(start.at(frame), shape[k], sizes[k])
        window = operand[tuple(slice(a, a + w) for a, w in zip(at, sizes))]
        return (window.reshape(result_shape) if reshaped else window,)

    view.launches = 0  # type: ignore[attr-defined]  # (benchmarks/gpu/launches.py)
    return view


def _shape(t: Any) -> tuple[int, ...]:
    return tuple(int(d) for d in t.shape)


def dynamic_slice_view(op: Operation, known: dict[int, KnownScalar]
                       ) -> Callable[..., tuple] | None:
    """A dynamic_slice at known starts (at least one per iteration) as a view
    kernel; None for any other."""
    starts = [known_start(v, known) for v in op.operands[1:]]
    if None in starts or not any(isinstance(s, KnownScalar) for s in starts):
        return None
    shape = _shape(op.operand_types[0])
    sizes = tuple(int(n) for n in int_list(op, "slice_sizes"))
    return _window_kernel(shape, sizes, starts, _shape(op.result_types[0]))


def gather_view(op: Operation, known: dict[int, KnownScalar]) -> Callable[..., tuple] | None:
    """A gather of one index vector whose entries are known (no batching
    dimensions), i.e. a dynamic_slice whose result drops the collapsed unit
    dimensions and may add unit batch dimensions, as a view kernel; None for
    any other gather."""
    dnums = op.attributes["dimension_numbers"]
    if list(dnums.operand_batching_dims) or list(dnums.start_indices_batching_dims):
        return None
    indices = op.operands[1]
    index_shape = _shape(op.operand_types[1])
    vector_dim = int(dnums.index_vector_dim)
    batch = [n for k, n in enumerate(index_shape) if k != vector_dim]
    if any(n != 1 for n in batch):
        return None
    start_map = [int(d) for d in dnums.start_index_map]
    entries = _index_entries(indices, len(start_map), known)
    if entries is None or not any(isinstance(s, KnownScalar) for s in entries):
        return None
    shape = _shape(op.operand_types[0])
    sizes = tuple(int(n) for n in int_list(op, "slice_sizes"))
    starts: list[Start | None] = [None] * len(shape)
    for d, entry in zip(start_map, entries):
        starts[d] = entry
    offset_dims = [int(d) for d in dnums.offset_dims]
    if offset_dims != sorted(offset_dims):
        return None
    return _window_kernel(shape, sizes, starts, _shape(op.result_types[0]))


def _index_entries(indices: Value, count: int, known: dict[int, KnownScalar]
                   ) -> list[Start] | None:
    """The ``count`` entries of a gather's one index vector as Starts: one
    scalar reshaped or broadcast to it, a concatenate of such (``x[i, j]``),
    or constants; None when one is not known."""
    owner = indices.owner
    if count == 1:
        entry = known_start(indices, known)
        return None if entry is None else [entry]
    if isinstance(owner, Operation) and owner.name == "stablehlo.concatenate" and \
            all(int(np.prod(t.shape, dtype=np.int64)) == 1 for t in owner.operand_types):
        entries = [known_start(v, known) for v in owner.operands]
        return None if None in entries or len(entries) != count else entries
    if isinstance(owner, Operation) and owner.name == "stablehlo.constant":
        array = np.asarray(owner.attributes["value"].array).reshape(-1)
        if array.size == count and array.dtype.kind in "iu":
            return [int(v) for v in array]
    return None


VIEW_KERNELS = {"stablehlo.dynamic_slice": dynamic_slice_view,
                "stablehlo.gather": gather_view}
