"""gather, dynamic_gather and scatter, by index arithmetic on whole arrays.

Both ops pair a "batch" of start indices (the index tensor without its
index_vector_dim) with a window of the operand. We build, for every operand
dimension, an integer array broadcastable to the result (gather) or update
(scatter) shape holding the operand coordinate of each element:

    coordinate = start (from the index vector, or the batch position for
                 batching dims) + window offset (an iota along the window dim)

Gather clamps each start so the whole slice fits (spec). Scatter does not
clamp: as XLA does, an update window that does not fit entirely inside the
operand is skipped as a whole. Updates are applied in row-major order of the
update tensor; combining regions that are a single add/multiply/max/min/and/
or/xor of (current, update), or that return the update, use numpy's
``ufunc.at`` / assignment; other regions of elementwise ops run on arrays, one
round per duplicate depth; anything else is called per element.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from jaxlib._src.ir.attributes import GatherDimensionNumbers, ScatterDimensionNumbers
from jaxlib._src.ir.core import FREE, Operation
from jaxlib._src.ir.types import TensorType
from jaxlib._src.ops.data_movement import (
    check_result_shape,
    check_same_element_type,
    dims_compatible,
    int_list,
    materialize,
    region_is_elementwise,
    run_region_on_arrays,
    shape_from_operand,
    tensor_type,
)
from jaxlib._src.ops.reduction import REDUCER_UFUNCS
from jaxlib._src.ops.registry import define_op, with_frame
from jaxlib._src.ops.signatures import infer_gather


def _fail(message: str) -> None:
    raise ValueError(message)


# --- shared index machinery ----------------------------------------------------------


def index_vectors(indices: np.ndarray, index_vector_dim: int, xp=np) -> np.ndarray:
    """The index tensor with its index vector as the last axis (an implicit
    trailing size-1 vector when index_vector_dim == rank), as int64.

    ``xp`` (here and below) is the array namespace: numpy for the reference,
    CuPy when jaxlib-gpu runs these index computations on the device."""
    if indices.dtype.kind == "u":  # keep huge unsigned values huge, not negative
        indices = xp.minimum(indices.astype(np.uint64),
                             np.uint64(np.iinfo(np.int64).max)).astype(np.int64)
    else:
        indices = indices.astype(np.int64)
    if index_vector_dim == indices.ndim:
        return indices[..., None]
    return xp.moveaxis(indices, index_vector_dim, -1)


def _batch_axis(indices_dim: int, index_vector_dim: int) -> int:
    """Position of an index-tensor dimension among the batch dims."""
    return indices_dim if indices_dim < index_vector_dim else indices_dim - 1


def _lift(values: np.ndarray, positions: Sequence[int], rank: int) -> np.ndarray:
    """Reshapes an array whose axes go to ``positions`` (increasing) of a
    rank-``rank`` array, size 1 elsewhere, so it broadcasts there."""
    shape = [1] * rank
    for position, size in zip(positions, values.shape):
        shape[position] = size
    return values.reshape(shape)


def _iota_at(size: int, position: int, rank: int, xp=np) -> np.ndarray:
    shape = [1] * rank
    shape[position] = size
    return xp.arange(size, dtype=np.int64).reshape(shape)


def _check_dims(dims: Sequence[int], bound: int, what: str, *, sorted_: bool = False) -> None:
    if len(set(dims)) != len(dims):
        _fail(f"{what} {list(dims)} has duplicates")
    if sorted_ and list(dims) != sorted(dims):
        _fail(f"{what} {list(dims)} must be sorted")
    for d in dims:
        if not 0 <= d < bound:
            _fail(f"{what} {list(dims)} out of range [0, {bound})")


def _batch_shape(indices_shape: Sequence[int | None], index_vector_dim: int) -> list[int | None]:
    return [s for d, s in enumerate(indices_shape) if d != index_vector_dim]


def _index_vector_size(indices_shape: Sequence[int | None], index_vector_dim: int) -> int | None:
    if index_vector_dim == len(indices_shape):
        return 1
    return indices_shape[index_vector_dim]


# --- gather ----------------------------------------------------------------------------


def _gather_dnums(op: Operation) -> GatherDimensionNumbers:
    dnums = op.attributes.get("dimension_numbers")
    if not isinstance(dnums, GatherDimensionNumbers):
        _fail(f"dimension_numbers must be #stablehlo.gather<...>, got {dnums!r}")
    return dnums


def gather_result_shape(operand: Sequence[int | None], indices: Sequence[int | None],
                        dnums: GatherDimensionNumbers,
                        slice_sizes: Sequence[int | None]) -> list[int | None]:
    """Batch dims (the index shape less index_vector_dim) interleaved with the
    slice sizes of the kept operand dims at offset_dims."""
    batch = _batch_shape(indices, dnums.index_vector_dim)
    dropped = set(dnums.collapsed_slice_dims) | set(dnums.operand_batching_dims)
    offsets = [slice_sizes[d] for d in range(len(operand)) if d not in dropped]
    rank = len(batch) + len(offsets)
    batch_iter, offset_iter = iter(batch), iter(offsets)
    return [next(offset_iter) if d in dnums.offset_dims else next(batch_iter)
            for d in range(rank)]


def _verify_gather_common(op: Operation, slice_sizes: Sequence[int | None]) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    indices = tensor_type(op, op.operand_types[1], "start_indices")
    dnums = _gather_dnums(op)
    ivd = dnums.index_vector_dim
    if not 0 <= ivd <= indices.rank:
        _fail(f"index_vector_dim {ivd} out of range for {indices}")
    if not isinstance(indices.element_type, str) or not (
            indices.element_type.startswith(("i", "si", "ui")) and indices.element_type != "i1"):
        _fail(f"start_indices must be integers, got {indices}")
    if len(slice_sizes) != operand.rank:
        _fail(f"slice_sizes needs {operand.rank} entries, got {len(slice_sizes)}")
    _check_dims(dnums.collapsed_slice_dims, operand.rank, "collapsed_slice_dims", sorted_=True)
    _check_dims(dnums.operand_batching_dims, operand.rank, "operand_batching_dims",
                sorted_=True)
    if set(dnums.collapsed_slice_dims) & set(dnums.operand_batching_dims):
        _fail("collapsed_slice_dims and operand_batching_dims overlap")
    _check_dims(dnums.start_indices_batching_dims, indices.rank, "start_indices_batching_dims")
    if ivd in dnums.start_indices_batching_dims:
        _fail("start_indices_batching_dims contains index_vector_dim")
    if len(dnums.operand_batching_dims) != len(dnums.start_indices_batching_dims):
        _fail("operand_batching_dims and start_indices_batching_dims differ in size")
    for o, s in zip(dnums.operand_batching_dims, dnums.start_indices_batching_dims):
        if not dims_compatible([operand.shape[o]], [indices.shape[s]]):
            _fail(f"batching dims: operand dim {o} and start_indices dim {s} differ in size")
    vector_size = _index_vector_size(indices.shape, ivd)
    if vector_size is not None and len(dnums.start_index_map) != vector_size:
        _fail(f"start_index_map {list(dnums.start_index_map)} must have {vector_size} entries")
    _check_dims(dnums.start_index_map, operand.rank, "start_index_map")
    if set(dnums.start_index_map) & set(dnums.operand_batching_dims):
        _fail("start_index_map and operand_batching_dims overlap")
    for d, size in enumerate(slice_sizes):
        if size is None:
            continue
        if size < 0 or (operand.shape[d] is not None and size > operand.shape[d]):
            _fail(f"slice size {size} of dimension {d} does not fit {operand}")
        if (d in dnums.collapsed_slice_dims or d in dnums.operand_batching_dims) and size > 1:
            _fail(f"collapsed/batching dimension {d} must have slice size <= 1, got {size}")
    expected = gather_result_shape(operand.shape, indices.shape, dnums, slice_sizes)
    _check_dims(dnums.offset_dims, len(expected), "offset_dims", sorted_=True)
    check_result_shape(op, expected)
    check_same_element_type(op, operand, op.result_types[0], "result")


def _verify_gather(op: Operation) -> None:
    _verify_gather_common(op, int_list(op, "slice_sizes"))


def gather_array(operand: np.ndarray, indices: np.ndarray, dnums: GatherDimensionNumbers,
                 slice_sizes: Sequence[int], xp=np) -> np.ndarray:
    starts = index_vectors(indices, dnums.index_vector_dim, xp)
    batch_shape = starts.shape[:-1]
    dropped = set(dnums.collapsed_slice_dims) | set(dnums.operand_batching_dims)
    window_dims = [d for d in range(operand.ndim) if d not in dropped]
    rank = len(batch_shape) + len(window_dims)
    batch_positions = [d for d in range(rank) if d not in dnums.offset_dims]
    result_shape = gather_result_shape(operand.shape, indices.shape, dnums, slice_sizes)
    if 0 in result_shape:
        return xp.empty(result_shape, operand.dtype)
    coordinates = []
    for d in range(operand.ndim):
        coordinate: np.ndarray = xp.zeros((1,) * rank, np.int64)
        if d in dnums.start_index_map:
            start = starts[..., dnums.start_index_map.index(d)]
            start = xp.clip(start, 0, operand.shape[d] - slice_sizes[d])
            coordinate = _lift(start, batch_positions, rank)
        elif d in dnums.operand_batching_dims:
            indices_dim = dnums.start_indices_batching_dims[dnums.operand_batching_dims.index(d)]
            axis = _batch_axis(indices_dim, dnums.index_vector_dim)
            coordinate = _iota_at(batch_shape[axis], batch_positions[axis], rank, xp)
        if d in window_dims:
            position = dnums.offset_dims[window_dims.index(d)]
            coordinate = coordinate + _iota_at(slice_sizes[d], position, rank, xp)
        coordinates.append(coordinate)
    gathered = operand[tuple(coordinates)] if coordinates else operand[()]
    if xp is not np:
        return xp.array(xp.broadcast_to(gathered, tuple(result_shape)), order="C", copy=True)
    return materialize(np.broadcast_to(gathered, tuple(result_shape)))


def _gather(op: Operation, ctx):
    dnums = _gather_dnums(op)
    slice_sizes = int_list(op, "slice_sizes")
    return lambda operand, indices: (gather_array(operand, indices, dnums, slice_sizes),)


define_op("stablehlo.gather",
          signature=("operand, start_indices, dimension_numbers: Attr, slice_sizes: "
                     "DenseI64Array, indices_are_sorted: Bool? => result"),
          infer=infer_gather,
          verify=_verify_gather, reference=_gather, cost=FREE)


def _verify_dynamic_gather(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    sizes = tensor_type(op, op.operand_types[2], "slice_sizes")
    if sizes.rank != 1 or (sizes.shape[0] is not None and sizes.shape[0] != operand.rank):
        _fail(f"slice_sizes {sizes} must be 1-D with {operand.rank} elements")
    _verify_gather_common(op, [None] * operand.rank)


def _dynamic_gather(op: Operation, ctx):
    dnums = _gather_dnums(op)

    def kernel(operand, indices, slice_sizes):
        sizes = shape_from_operand(slice_sizes, "slice_sizes")
        for d, (size, dim) in enumerate(zip(sizes, operand.shape)):
            if size > dim:
                raise ValueError(f"slice size {size} exceeds operand dimension {d} ({dim})")
        return (gather_array(operand, indices, dnums, sizes),)

    return kernel


define_op("stablehlo.dynamic_gather",
          signature=("operand, start_indices, slice_sizes, dimension_numbers: Attr, "
                     "indices_are_sorted: Bool? => result"),
          infer=infer_gather,
          verify=_verify_dynamic_gather, reference=_dynamic_gather,
          no_hlo=True)


# --- scatter ---------------------------------------------------------------------------


def _scatter_dnums(op: Operation) -> ScatterDimensionNumbers:
    dnums = op.attributes.get("scatter_dimension_numbers")
    if not isinstance(dnums, ScatterDimensionNumbers):
        _fail(f"scatter_dimension_numbers must be #stablehlo.scatter<...>, got {dnums!r}")
    return dnums


def _verify_scatter(op: Operation) -> None:
    count = len(op.operands)
    if count < 3 or count % 2 != 1:
        _fail(f"scatter takes N inputs, indices and N updates; got {count} operands")
    n = count // 2
    inputs = [tensor_type(op, t, "input") for t in op.operand_types[:n]]
    indices = tensor_type(op, op.operand_types[n], "scatter_indices")
    updates = [tensor_type(op, t, "update") for t in op.operand_types[n + 1:]]
    dnums = _scatter_dnums(op)
    for t in inputs[1:]:
        if not dims_compatible(t.shape, inputs[0].shape):
            _fail(f"inputs {inputs[0]} and {t} differ in shape")
    for t in updates[1:]:
        if not dims_compatible(t.shape, updates[0].shape):
            _fail(f"updates {updates[0]} and {t} differ in shape")
    for i, (x, u) in enumerate(zip(inputs, updates)):
        check_same_element_type(op, x, u, f"updates #{i}")
    if list(op.result_types) != list(inputs):
        _fail(f"result types ({', '.join(map(str, op.result_types))}) must equal the input "
              f"types ({', '.join(map(str, inputs))})")
    ivd = dnums.index_vector_dim
    if not 0 <= ivd <= indices.rank:
        _fail(f"index_vector_dim {ivd} out of range for {indices}")
    rank = inputs[0].rank
    update = updates[0]
    _check_dims(dnums.update_window_dims, update.rank, "update_window_dims", sorted_=True)
    _check_dims(dnums.inserted_window_dims, rank, "inserted_window_dims", sorted_=True)
    _check_dims(dnums.input_batching_dims, rank, "input_batching_dims", sorted_=True)
    if set(dnums.inserted_window_dims) & set(dnums.input_batching_dims):
        _fail("inserted_window_dims and input_batching_dims overlap")
    _check_dims(dnums.scatter_indices_batching_dims, indices.rank,
                "scatter_indices_batching_dims")
    if ivd in dnums.scatter_indices_batching_dims:
        _fail("scatter_indices_batching_dims contains index_vector_dim")
    if len(dnums.input_batching_dims) != len(dnums.scatter_indices_batching_dims):
        _fail("input_batching_dims and scatter_indices_batching_dims differ in size")
    vector_size = _index_vector_size(indices.shape, ivd)
    if vector_size is not None and len(dnums.scatter_dims_to_operand_dims) != vector_size:
        _fail(f"scatter_dims_to_operand_dims must have {vector_size} entries")
    _check_dims(dnums.scatter_dims_to_operand_dims, rank, "scatter_dims_to_operand_dims")
    if set(dnums.scatter_dims_to_operand_dims) & set(dnums.input_batching_dims):
        _fail("scatter_dims_to_operand_dims and input_batching_dims overlap")
    batch = _batch_shape(indices.shape, ivd)
    window_dims = [d for d in range(rank) if d not in dnums.inserted_window_dims
                   and d not in dnums.input_batching_dims]
    if update.rank != len(batch) + len(dnums.update_window_dims) or \
            len(window_dims) != len(dnums.update_window_dims):
        _fail(f"updates {update} do not match the indices {indices} and window dims")
    scatter_dims = [d for d in range(update.rank) if d not in dnums.update_window_dims]
    if not dims_compatible([update.shape[d] for d in scatter_dims], batch):
        _fail(f"update scatter dims of {update} do not match the index batch {batch}")
    for u_dim, x_dim in zip(dnums.update_window_dims, window_dims):
        u, x = update.shape[u_dim], inputs[0].shape[x_dim]
        if u is not None and x is not None and u > x:
            _fail(f"update window dim {u_dim} (size {u}) exceeds input dim {x_dim} ({x})")
    body = op.regions[0].entry if op.regions else None
    if body is None or len(body.arguments) != 2 * n:
        _fail(f"update_computation must take {2 * n} scalar arguments")


# Single-op combiners with a numpy ufunc whose .at applies duplicates in order:
# the reducers' ufuncs (on bools, their elementwise results are the boolean ones).
_COMBINER_UFUNCS: dict[str, np.ufunc] = {
    name: ufunc for name, (_, ufunc) in REDUCER_UFUNCS.items()}

_REPLACE = "replace"  # the region returns the update
_KEEP = "keep"  # the region returns the current value


def recognise_combiners(op: Operation, n: int) -> list | None:
    """Per result: a ufunc, _REPLACE or _KEEP when the region is that simple;
    None when the region needs to be run."""
    block = op.regions[0].entry
    args = block.arguments
    for i, x in enumerate(op.operand_types[:n]):
        scalar = TensorType((), x.element_type)
        if args[i].type != scalar or args[n + i].type != scalar:
            return None  # promoted argument types need the region's conversions
    terminator = block.operations[-1]
    used_ops = set()
    plan: list = []
    for i, value in enumerate(terminator.operands):
        if value is args[n + i]:
            plan.append(_REPLACE)
            continue
        if value is args[i]:
            plan.append(_KEEP)
            continue
        producer = value.owner
        if (not isinstance(producer, Operation) or producer.name not in _COMBINER_UFUNCS
                or len(producer.operands) != 2 or producer.regions
                or {id(v) for v in producer.operands} != {id(args[i]), id(args[n + i])}
                or producer.results[0].type != args[i].type):
            return None
        used_ops.add(id(producer))
        plan.append(_COMBINER_UFUNCS[producer.name])
    if len(block.operations) - 1 != len(used_ops):
        return None  # other ops in the region: run it
    return plan


class _ScatterPlan:
    """Compile-time facts of one scatter; ``targets`` maps runtime arrays to
    the flat input positions and the update elements that land there."""

    def __init__(self, dnums: ScatterDimensionNumbers, input_shape: Sequence[int],
                 update_shape: Sequence[int]) -> None:
        self.dnums = dnums
        self.input_shape = tuple(input_shape)
        self.update_shape = tuple(update_shape)
        rank = len(self.input_shape)
        self.window_dims = [d for d in range(rank) if d not in dnums.inserted_window_dims
                            and d not in dnums.input_batching_dims]
        self.scatter_positions = [d for d in range(len(self.update_shape))
                                  if d not in dnums.update_window_dims]
        self.strides = [int(np.prod(self.input_shape[d + 1:], dtype=np.int64))
                        for d in range(rank)]

    def targets(self, indices: np.ndarray, xp=np, dummy: int | None = None
                ) -> tuple[np.ndarray, np.ndarray | None]:
        """(flat input position, flat update position) of every update element
        whose window fits, in row-major update order. With ``dummy``, every
        update element in order (update positions None), the ones that do not
        fit sent to the position ``dummy``: no host round trip for the count."""
        dnums = self.dnums
        starts = index_vectors(indices, dnums.index_vector_dim, xp)
        batch_shape = starts.shape[:-1]
        rank = len(self.update_shape)
        valid = xp.ones(batch_shape, dtype=bool)
        linear = xp.zeros((1,) * rank, np.int64)
        for d, (dim, stride) in enumerate(zip(self.input_shape, self.strides)):
            if d in dnums.scatter_dims_to_operand_dims:
                start = starts[..., dnums.scatter_dims_to_operand_dims.index(d)]
                window = (self.update_shape[dnums.update_window_dims[self.window_dims.index(d)]]
                          if d in self.window_dims else 1)
                # XLA skips a window that does not fit whole inside the input.
                valid &= (start >= 0) & (start <= dim - window)
                coordinate = _lift(start, self.scatter_positions, rank)
            elif d in dnums.input_batching_dims:
                indices_dim = dnums.scatter_indices_batching_dims[
                    dnums.input_batching_dims.index(d)]
                axis = _batch_axis(indices_dim, dnums.index_vector_dim)
                coordinate = _iota_at(batch_shape[axis], self.scatter_positions[axis], rank, xp)
            else:
                coordinate = xp.zeros((1,) * rank, np.int64)
            if d in self.window_dims:
                position = dnums.update_window_dims[self.window_dims.index(d)]
                coordinate = coordinate + _iota_at(self.update_shape[position], position, rank,
                                                   xp)
            linear = linear + coordinate * stride
        linear = xp.broadcast_to(linear, self.update_shape)
        mask = xp.broadcast_to(_lift(valid, self.scatter_positions, rank), self.update_shape)
        if dummy is not None:
            return xp.where(mask, linear, dummy).reshape(-1), None
        return linear[mask], xp.flatnonzero(mask)


def _scatter(op: Operation, ctx):
    n = len(op.operands) // 2
    dnums = _scatter_dnums(op)
    plans: dict[tuple, _ScatterPlan] = {}

    def plan_for(inputs: tuple, updates: tuple) -> _ScatterPlan:
        # Keyed by runtime shapes: operands typed with '?' dims get their plan here.
        key = (inputs[0].shape, updates[0].shape)
        if key not in plans:
            plans[key] = _ScatterPlan(dnums, *key)
        return plans[key]

    combiners = recognise_combiners(op, n)

    if combiners is not None:
        def kernel(*operands):
            inputs, indices, updates = operands[:n], operands[n], operands[n + 1:]
            targets, sources = plan_for(inputs, updates).targets(indices)
            results = []
            for x, u, combine in zip(inputs, updates, combiners):
                if combine is _KEEP or targets.size == 0:
                    results.append(x)
                    continue
                out = np.array(x, order="C", copy=True)  # flat views write through
                flat = out.reshape(-1)
                values = u.reshape(-1)[sources]
                if combine is _REPLACE:
                    flat[targets] = values  # duplicates: the last update wins
                else:
                    combine.at(flat, targets, values)
                results.append(out)
            return tuple(results)

        return kernel

    body = ctx.compile_region(op.regions[0])
    per_element = _generic_scatter_kernel(n, plan_for, body.run)
    if not region_is_elementwise(op.regions[0]):
        return with_frame(per_element)

    def kernel(frame, *operands):
        plan = plan_for(operands[:n], operands[n + 1:])
        combined = _scatter_in_rounds(frame, operands, n, plan, body.run)
        return combined if combined is not None else per_element(frame, *operands)

    return with_frame(kernel)


def occurrence(targets: np.ndarray, xp=np) -> np.ndarray:
    """For each entry of the 1-d ``targets``, how many earlier entries have
    the same target (``xp``: the array namespace, numpy or jaxlib-gpu's CuPy,
    whose argsort is a stable radix sort)."""
    order = xp.argsort(targets, **({"kind": "stable"} if xp is np else {}))
    ordered = targets[order]
    positions = xp.arange(targets.size)
    # the first position of each entry's value in the sorted targets
    group_start = xp.searchsorted(ordered, ordered, side="left")
    result = xp.empty_like(positions)
    result[order] = positions - group_start
    return result


def _scatter_in_rounds(frame, operands: tuple, n: int, plan: _ScatterPlan,
                       run_region: Callable) -> tuple | None:
    """Runs an elementwise combiner on arrays: round k combines the k-th
    update of every target, so each target still sees its updates in order."""
    inputs, indices, updates = operands[:n], operands[n], operands[n + 1:]
    targets, sources = plan.targets(indices)
    outs = [np.array(x, order="C", copy=True) for x in inputs]
    flats = [o.reshape(-1) for o in outs]
    update_flats = [u.reshape(-1) for u in updates]
    depth = occurrence(targets)
    for k in range(int(depth.max()) + 1 if targets.size else 0):
        chosen = depth == k
        where, source = targets[chosen], sources[chosen]
        args = tuple(f[where] for f in flats) + tuple(u[source] for u in update_flats)
        combined = run_region_on_arrays(run_region, frame, args, where.shape)
        if combined is None:
            return None
        for flat, value in zip(flats, combined):
            flat[where] = value
    return tuple(outs)


def _generic_scatter_kernel(n: int, plan_for: Callable, run_region: Callable) -> Callable:
    def kernel(frame, *operands):
        inputs, indices, updates = operands[:n], operands[n], operands[n + 1:]
        targets, sources = plan_for(inputs, updates).targets(indices)
        outs = [np.array(x, order="C", copy=True) for x in inputs]
        flats = [o.reshape(-1) for o in outs]
        update_flats = [u.reshape(-1) for u in updates]
        for target, source in zip(targets.tolist(), sources.tolist()):
            args = tuple(np.array(f[target]) for f in flats) + tuple(
                np.array(u[source]) for u in update_flats)
            combined = run_region(frame, args)
            for flat, value in zip(flats, combined):
                flat[target] = value
        return tuple(outs)

    return kernel


define_op("stablehlo.scatter",
          signature=("inputs*, scatter_indices, updates*, scatter_dimension_numbers: Attr, "
                     "indices_are_sorted: Bool?, unique_indices: Bool? -> result* "
                     "{update_computation}"),
          verify=_verify_scatter, reference=_scatter)
