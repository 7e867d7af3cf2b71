"""Ops that move elements without computing on them: broadcasts, reshapes,
transposes, slices, concatenation, padding, reversal, iota, and their dynamic
(shape-as-operand) variants.

Semantics follow the StableHLO spec. Index operands of dynamic_slice and
dynamic_update_slice are clamped so the slice stays inside the operand, as the
spec says. The dynamic-shape ops read their shape operands at run time and
produce arrays of that runtime shape; their static result types may have
``?`` dimensions. Gather/scatter live in gather_scatter.py, sort/top_k in
sort.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from jaxlib._src.ir.core import ELEMENTWISE, FREE, ITEMS, OpDef, Operation, watch_op_table
from jaxlib._src.ir.types import TensorType, numpy_dtype
from jaxlib._src.ops.registry import define_op
from jaxlib._src.ops.signatures import (
    infer_broadcast,
    infer_concatenate,
    infer_dynamic_slice,
    infer_get_dimension_size,
    infer_pad,
    infer_slice,
    infer_transpose,
    same_as_operand,
)

# --- shared helpers -----------------------------------------------------------


def _fail(message: str) -> None:
    raise ValueError(message)


def tensor_type(op: Operation, value_type, what: str) -> TensorType:
    if not isinstance(value_type, TensorType):
        _fail(f"{what} must be a tensor, got {value_type}")
    return value_type


def constant_int(value: Any) -> int | None:
    """The integer a value holds when a constant op defines it with one
    element (a scalar, or a one-element array), else None."""
    owner = value.owner
    if not isinstance(owner, Operation) or owner.name != "stablehlo.constant":
        return None
    array = np.asarray(owner.attributes["value"].array)
    if array.size != 1 or array.dtype.kind not in "iu":
        return None
    return int(array.reshape(-1)[0])


def int_list(op: Operation, name: str, default: Sequence[int] | None = None) -> tuple[int, ...]:
    """A dense-array (or list) attribute as a tuple of Python ints."""
    value = op.attributes.get(name)
    if value is None:
        if default is None:
            _fail(f"missing attribute '{name}'")
        return tuple(default)
    if hasattr(value, "array"):  # a dense elements attribute
        return tuple(int(v) for v in np.asarray(value.array).reshape(-1))
    return tuple(int(v) for v in value)


def int_attr(op: Operation, name: str, default: int | None = None) -> int:
    value = op.attributes.get(name)
    if value is None:
        if default is None:
            _fail(f"missing attribute '{name}'")
        return default
    return int(value)


def dims_compatible(actual: Sequence[int | None], expected: Sequence[int | None]) -> bool:
    """Same rank and equal sizes wherever both are static (``?`` matches any)."""
    if len(actual) != len(expected):
        return False
    return all(a is None or e is None or a == e for a, e in zip(actual, expected))


def check_result_shape(op: Operation, expected: Sequence[int | None], index: int = 0) -> None:
    result = tensor_type(op, op.results[index].type, "result")
    if not dims_compatible(result.shape, expected):
        shown = "x".join("?" if d is None else str(d) for d in expected)
        _fail(f"result type {result} does not match the inferred shape [{shown}]")


def check_same_element_type(op: Operation, a, b, what: str) -> None:
    if a.element_type != b.element_type:
        _fail(f"{what}: element type {b.element_type} differs from {a.element_type}")


def check_unique_dims(dims: Sequence[int], rank: int, what: str) -> None:
    if len(set(dims)) != len(dims):
        _fail(f"{what} {list(dims)} has duplicates")
    for d in dims:
        if not 0 <= d < rank:
            _fail(f"{what} {list(dims)} out of range for rank {rank}")


def shape_from_operand(values: np.ndarray, what: str) -> tuple[int, ...]:
    """A runtime shape tensor (1-D integers) as a tuple; negative sizes are errors."""
    shape = tuple(int(v) for v in np.asarray(values).reshape(-1))
    if any(d < 0 for d in shape):
        raise ValueError(f"{what} has a negative size: {list(shape)}")
    return shape


def clamp_start(start: int, dim: int, size: int) -> int:
    """The spec's clamp(0, start, dim - size) for slice starts."""
    return min(max(int(start), 0), dim - size)


def materialize(x: np.ndarray) -> np.ndarray:
    """A C-contiguous copy of a view (broadcast, transpose, slice), keeping
    0-d arrays 0-d (np.ascontiguousarray would make them 1-d)."""
    return np.array(x, order="C", copy=True)


def scalar_int(value: np.ndarray) -> int:
    """An index scalar as a Python int (unsigned values stay non-negative)."""
    return int(np.asarray(value).reshape(()).item())


# --- running scalar regions on whole arrays ------------------------------------------
# Sort comparators and scatter combiners are written for scalars. When every op
# of the region is elementwise (its kernel is numpy broadcasting arithmetic),
# running the region once on arrays gives every scalar answer at once.

# The op table's ELEMENTWISE ops, with 0-d constants (they broadcast) and scalar
# bitcasts (run_region_on_arrays falls back when a result's shape is off).
ELEMENTWISE_REGION_OPS: set[str] = {"stablehlo.constant", "stablehlo.bitcast_convert"}


def _declare(op_def: OpDef) -> None:
    if ELEMENTWISE in op_def.traits:
        ELEMENTWISE_REGION_OPS.add(op_def.name)


watch_op_table(_declare)


def region_is_elementwise(region) -> bool:
    """Whether a one-block region of scalar arguments uses elementwise ops only."""
    if len(region.blocks) != 1:
        return False
    block = region.entry
    if any(not isinstance(a.type, TensorType) or a.type.rank != 0 for a in block.arguments):
        return False
    return all(op.name in ELEMENTWISE_REGION_OPS and not op.regions
               for op in block.operations[:-1])


def run_region_on_arrays(run_region, frame, args: tuple, shape: tuple) -> tuple | None:
    """Runs a scalar region on arrays of ``shape``; None when a kernel did not
    act elementwise (an error or a result of another shape): callers then fall
    back to calling the region per element."""
    try:
        results = run_region(frame, args)
    except Exception:  # the per-element path reports real errors
        return None
    out = []
    for result in results:
        result = np.asarray(result)
        if result.shape != shape:
            if result.shape != ():
                return None
            result = np.broadcast_to(result, shape)  # e.g. a region returning a constant
        out.append(result)
    return tuple(out)


# --- broadcast_in_dim / broadcast -------------------------------------------------


def broadcast_array(operand: np.ndarray, dims: Sequence[int], shape: Sequence[int]) -> np.ndarray:
    """Places operand dimension i at result dimension dims[i], then broadcasts."""
    order = sorted(range(len(dims)), key=lambda i: dims[i])
    moved = np.transpose(operand, order) if order != list(range(len(dims))) else operand
    expanded = [1] * len(shape)
    for i in order:
        expanded[dims[i]] = operand.shape[i]
    for d, (have, want) in enumerate(zip(expanded, shape)):
        if have != 1 and have != want:
            raise ValueError(f"cannot broadcast operand dimension of size {have} to {want} "
                             f"(result dimension {d})")
    return materialize(np.broadcast_to(moved.reshape(expanded), tuple(shape)))


def _verify_broadcast_dims(op: Operation, operand: TensorType, result: TensorType,
                           dims: Sequence[int]) -> None:
    if len(dims) != operand.rank:
        _fail(f"broadcast_dimensions {list(dims)} must have one entry per operand dimension "
              f"({operand.rank})")
    check_unique_dims(dims, result.rank, "broadcast_dimensions")
    for i, d in enumerate(dims):
        have, want = operand.shape[i], result.shape[d]
        if have is not None and want is not None and have != 1 and have != want:
            _fail(f"operand dimension {i} (size {have}) cannot broadcast to result "
                  f"dimension {d} (size {want})")
    check_same_element_type(op, operand, result, "result")


def _verify_broadcast_in_dim(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    result = tensor_type(op, op.result_types[0], "result")
    _verify_broadcast_dims(op, operand, result, int_list(op, "broadcast_dimensions"))


def _broadcast_in_dim(op: Operation, ctx):
    dims = int_list(op, "broadcast_dimensions")
    shape = op.results[0].type.shape
    if None not in shape:
        return lambda x: (broadcast_array(x, dims, shape),)
    # A '?' result dimension takes the size of the operand dimension mapped to it.
    sources = {d: i for i, d in enumerate(dims)}
    for d, size in enumerate(shape):
        if size is None and d not in sources:
            _fail(f"broadcast_in_dim result dimension {d} is dynamic and no operand "
                  "dimension maps to it (use dynamic_broadcast_in_dim)")

    def kernel(x):
        runtime = tuple(x.shape[sources[d]] if size is None else size
                        for d, size in enumerate(shape))
        return (broadcast_array(x, dims, runtime),)

    return kernel


define_op("stablehlo.broadcast_in_dim",
          signature="operand, broadcast_dimensions: DenseI64Array -> result",
          verify=_verify_broadcast_in_dim,
          reference=_broadcast_in_dim, syntax=ITEMS, cost=FREE)


def _verify_broadcast(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    sizes = int_list(op, "broadcast_sizes")
    check_result_shape(op, tuple(sizes) + tuple(operand.shape))
    check_same_element_type(op, operand, op.result_types[0], "result")


def _broadcast(op: Operation, ctx):
    sizes = int_list(op, "broadcast_sizes")

    def kernel(x):
        return (materialize(np.broadcast_to(x, tuple(sizes) + x.shape)),)

    return kernel


define_op("stablehlo.broadcast",
          signature="operand, broadcast_sizes: DenseI64Array => result",
          infer=infer_broadcast,
          verify=_verify_broadcast, reference=_broadcast, syntax=ITEMS)


def _verify_dynamic_broadcast_in_dim(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    shape = tensor_type(op, op.operand_types[1], "output_dimensions")
    result = tensor_type(op, op.result_types[0], "result")
    if shape.rank != 1 or (shape.shape[0] is not None and shape.shape[0] != result.rank):
        _fail(f"output_dimensions {shape} must be 1-D with {result.rank} elements")
    dims = int_list(op, "broadcast_dimensions")
    _verify_broadcast_dims(op, operand, result, dims)
    expanding = int_list(op, "known_expanding_dimensions", ())
    nonexpanding = int_list(op, "known_nonexpanding_dimensions", ())
    if set(expanding) & set(nonexpanding):
        _fail("a dimension is both known expanding and known non-expanding")
    for d in expanding + nonexpanding:
        if not 0 <= d < operand.rank:
            _fail(f"known (non)expanding dimension {d} out of range for {operand}")


def _dynamic_broadcast_in_dim(op: Operation, ctx):
    dims = int_list(op, "broadcast_dimensions")

    def kernel(x, output_dimensions):
        return (broadcast_array(x, dims, shape_from_operand(output_dimensions,
                                                            "output_dimensions")),)

    return kernel


define_op("stablehlo.dynamic_broadcast_in_dim",
          signature=("operand, output_dimensions, broadcast_dimensions: DenseI64Array, "
                     "known_expanding_dimensions: DenseI64Array?, "
                     "known_nonexpanding_dimensions: DenseI64Array? -> result"),
          verify=_verify_dynamic_broadcast_in_dim,
          reference=_dynamic_broadcast_in_dim, syntax=ITEMS, no_hlo=True)


# --- reshape / transpose -----------------------------------------------------------


def _element_count(shape: Sequence[int | None]) -> int | None:
    count = 1
    for d in shape:
        if d is None:
            return None
        count *= d
    return count


def _verify_reshape(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    result = tensor_type(op, op.result_types[0], "result")
    have, want = _element_count(operand.shape), _element_count(result.shape)
    if have is not None and want is not None and have != want:
        _fail(f"cannot reshape {operand} ({have} elements) to {result} ({want} elements)")
    check_same_element_type(op, operand, result, "result")


def _reshape(op: Operation, ctx):
    shape = op.results[0].type.shape
    if shape.count(None) > 1:
        _fail("reshape with more than one dynamic result dimension (use dynamic_reshape)")
    # One '?' dimension is whatever the element count leaves for it.
    target = tuple(-1 if d is None else d for d in shape)
    return lambda x: (np.reshape(x, target),)


define_op("stablehlo.reshape",
          signature="operand -> result",
          verify=_verify_reshape, reference=_reshape,
          syntax=ITEMS, hlo="reshape", cost=FREE)


def _verify_dynamic_reshape(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    shape = tensor_type(op, op.operand_types[1], "output_shape")
    result = tensor_type(op, op.result_types[0], "result")
    if shape.rank != 1 or (shape.shape[0] is not None and shape.shape[0] != result.rank):
        _fail(f"output_shape {shape} must be 1-D with {result.rank} elements")
    _verify_reshape(op)
    check_same_element_type(op, operand, result, "result")


def _dynamic_reshape(op: Operation, ctx):
    def kernel(x, output_shape):
        shape = shape_from_operand(output_shape, "output_shape")
        if _element_count(shape) != x.size:
            raise ValueError(f"cannot reshape {x.size} elements to shape {list(shape)}")
        return (np.reshape(x, shape),)

    return kernel


define_op("stablehlo.dynamic_reshape",
          signature="operand, output_shape -> result",
          verify=_verify_dynamic_reshape,
          reference=_dynamic_reshape, syntax=ITEMS, no_hlo=True)


def _verify_transpose(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    permutation = int_list(op, "permutation")
    if sorted(permutation) != list(range(operand.rank)):
        _fail(f"permutation {list(permutation)} is not a permutation of 0..{operand.rank - 1}")
    check_result_shape(op, [operand.shape[p] for p in permutation])
    check_same_element_type(op, operand, op.result_types[0], "result")


def _transpose(op: Operation, ctx):
    permutation = int_list(op, "permutation")
    return lambda x: (materialize(np.transpose(x, permutation)),)


define_op("stablehlo.transpose",
          signature="operand, permutation: DenseI64Array => result",
          infer=infer_transpose,
          verify=_verify_transpose, reference=_transpose,
          syntax=ITEMS, cost=FREE)


# --- slices --------------------------------------------------------------------------


def _verify_slice(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    start = int_list(op, "start_indices")
    limit = int_list(op, "limit_indices")
    strides = int_list(op, "strides")
    if not len(start) == len(limit) == len(strides) == operand.rank:
        _fail(f"start_indices/limit_indices/strides need {operand.rank} entries each")
    expected = []
    for d, (s, lim, st) in enumerate(zip(start, limit, strides)):
        size = operand.shape[d]
        if st <= 0:
            _fail(f"stride {st} of dimension {d} must be positive")
        if s < 0 or lim < s or (size is not None and lim > size):
            _fail(f"slice [{s}, {lim}) of dimension {d} is out of bounds for {operand}")
        expected.append(-(-(lim - s) // st))
    check_result_shape(op, expected)
    check_same_element_type(op, operand, op.result_types[0], "result")


def _slice(op: Operation, ctx):
    index = tuple(slice(s, lim, st) for s, lim, st in zip(
        int_list(op, "start_indices"), int_list(op, "limit_indices"), int_list(op, "strides")))
    return lambda x: (materialize(x[index]),)


define_op("stablehlo.slice",
          signature=("operand, start_indices: DenseI64Array, limit_indices: DenseI64Array, "
                     "strides: DenseI64Array => result"),
          infer=infer_slice,
          verify=_verify_slice, reference=_slice, syntax="slice", cost=FREE)


def _verify_real_dynamic_slice(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    result = tensor_type(op, op.result_types[0], "result")
    for name, value_type in zip(("start_indices", "limit_indices", "strides"),
                                op.operand_types[1:]):
        t = tensor_type(op, value_type, name)
        if t.rank != 1 or (t.shape[0] is not None and t.shape[0] != operand.rank):
            _fail(f"{name} {t} must be 1-D with {operand.rank} elements")
    if result.rank != operand.rank:
        _fail(f"result rank {result.rank} differs from operand rank {operand.rank}")
    check_same_element_type(op, operand, result, "result")


def _real_dynamic_slice(op: Operation, ctx):
    def kernel(x, start_indices, limit_indices, strides):
        index = []
        for d, (s, lim, st) in enumerate(zip(np.asarray(start_indices).tolist(),
                                             np.asarray(limit_indices).tolist(),
                                             np.asarray(strides).tolist())):
            size = -(-(lim - s) // st) if st > 0 else -1
            span = (size - 1) * st + 1 if size > 0 else 0
            if st <= 0 or size < 0 or span > x.shape[d]:
                raise ValueError(f"invalid slice start={s} limit={lim} stride={st} for "
                                 f"dimension {d} of size {x.shape[d]}")
            # The spec leaves out-of-range starts undefined; XLA turns this op
            # into dynamic_slice, which clamps the start so the slice fits.
            begin = clamp_start(s, x.shape[d], span)
            index.append(slice(begin, begin + span, st))
        return (materialize(x[tuple(index)]),)

    return kernel


define_op("stablehlo.real_dynamic_slice",
          signature="operand, start_indices, limit_indices, strides -> result",
          verify=_verify_real_dynamic_slice,
          reference=_real_dynamic_slice, syntax=ITEMS, no_hlo=True)


def _verify_scalar_indices(op: Operation, index_types, rank: int) -> None:
    if len(index_types) != rank:
        _fail(f"expected {rank} start indices, got {len(index_types)}")
    element_types = set()
    for t in index_types:
        t = tensor_type(op, t, "start index")
        if t.rank != 0:
            _fail(f"start indices must be 0-d tensors, got {t}")
        element_types.add(t.element_type)
    if len(element_types) > 1:
        _fail(f"start indices have mixed element types {sorted(map(str, element_types))}")


def _verify_dynamic_slice(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    sizes = int_list(op, "slice_sizes")
    if len(sizes) != operand.rank:
        _fail(f"slice_sizes {list(sizes)} needs {operand.rank} entries")
    _verify_scalar_indices(op, op.operand_types[1:], operand.rank)
    for d, size in enumerate(sizes):
        if size < 0 or (operand.shape[d] is not None and size > operand.shape[d]):
            _fail(f"slice size {size} of dimension {d} does not fit {operand}")
    check_result_shape(op, sizes)
    check_same_element_type(op, operand, op.result_types[0], "result")


def _dynamic_slice(op: Operation, ctx):
    sizes = int_list(op, "slice_sizes")

    def kernel(x, *starts):
        index = tuple(
            slice(begin, begin + size)
            for begin, size in ((clamp_start(scalar_int(s), dim, size), size)
                                for s, dim, size in zip(starts, x.shape, sizes)))
        return (materialize(x[index]),)

    return kernel


define_op("stablehlo.dynamic_slice",
          signature="operand, start_indices*, slice_sizes: DenseI64Array => result",
          infer=infer_dynamic_slice,
          verify=_verify_dynamic_slice, reference=_dynamic_slice,
          syntax=ITEMS, cost=FREE)


def _verify_dynamic_update_slice(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    update = tensor_type(op, op.operand_types[1], "update")
    if update.rank != operand.rank:
        _fail(f"update {update} must have the rank of operand {operand}")
    for d, (u, o) in enumerate(zip(update.shape, operand.shape)):
        if u is not None and o is not None and u > o:
            _fail(f"update dimension {d} (size {u}) is larger than the operand's ({o})")
    _verify_scalar_indices(op, op.operand_types[2:], operand.rank)
    check_same_element_type(op, operand, update, "update")
    check_result_shape(op, operand.shape)
    check_same_element_type(op, operand, op.result_types[0], "result")


def _dynamic_update_slice(op: Operation, ctx):
    def kernel(x, update, *starts):
        index = tuple(
            slice(begin, begin + size)
            for begin, size in ((clamp_start(scalar_int(s), dim, size), size)
                                for s, dim, size in zip(starts, x.shape, update.shape)))
        out = x.copy()
        out[index] = update
        return (out,)

    return kernel


define_op("stablehlo.dynamic_update_slice",
          signature="operand, update, start_indices* => result",
          infer=same_as_operand(0),
          verify=_verify_dynamic_update_slice,
          reference=_dynamic_update_slice, syntax=ITEMS, hlo="dynamic-update-slice", cost=FREE)


# --- concatenate / reverse ---------------------------------------------------------


def _verify_concatenate(op: Operation) -> None:
    if not op.operands:
        _fail("concatenate needs at least one operand")
    types = [tensor_type(op, t, "operand") for t in op.operand_types]
    dim = int_attr(op, "dimension")
    rank = types[0].rank
    if not 0 <= dim < rank:
        _fail(f"dimension {dim} out of range for rank {rank}")
    expected: list[int | None] = list(types[0].shape)
    total: int | None = 0
    for t in types:
        if t.rank != rank:
            _fail(f"operand {t} has rank {t.rank}, expected {rank}")
        check_same_element_type(op, types[0], t, "operand")
        for d in range(rank):
            if d != dim and not dims_compatible([t.shape[d]], [expected[d]]):
                _fail(f"operand {t} differs from {types[0]} in dimension {d}")
            if d != dim and expected[d] is None:
                expected[d] = t.shape[d]
        total = None if total is None or t.shape[dim] is None else total + t.shape[dim]
    expected[dim] = total
    check_result_shape(op, expected)
    check_same_element_type(op, types[0], op.result_types[0], "result")


def _concatenate(op: Operation, ctx):
    dim = int_attr(op, "dimension")
    return lambda *xs: (np.concatenate(xs, axis=dim),)


define_op("stablehlo.concatenate",
          signature="inputs*, dimension: I64 => result",
          infer=infer_concatenate,
          verify=_verify_concatenate, reference=_concatenate,
          syntax=ITEMS, cost=FREE)


def _verify_reverse(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    check_unique_dims(int_list(op, "dimensions"), operand.rank, "dimensions")
    check_result_shape(op, operand.shape)
    check_same_element_type(op, operand, op.result_types[0], "result")


def _reverse(op: Operation, ctx):
    dims = int_list(op, "dimensions")
    if not dims:
        return lambda x: (x,)
    return lambda x: (materialize(np.flip(x, axis=dims)),)


define_op("stablehlo.reverse",
          signature="operand, dimensions: DenseI64Array => result",
          infer=same_as_operand(0),
          verify=_verify_reverse, reference=_reverse, syntax=ITEMS, cost=FREE)


# --- pad -----------------------------------------------------------------------------


def padded_shape(shape: Sequence[int | None], low: Sequence[int], high: Sequence[int],
                 interior: Sequence[int]) -> list[int | None]:
    out: list[int | None] = []
    for size, lo, hi, inner in zip(shape, low, high, interior):
        if size is None:
            out.append(None)
        else:
            out.append(lo + size + max(size - 1, 0) * inner + hi)
    return out


def pad_array(x: np.ndarray, value: np.ndarray, low: Sequence[int], high: Sequence[int],
              interior: Sequence[int]) -> np.ndarray:
    """Interior padding spreads the elements ``interior`` apart; negative edge
    padding then crops. Element i of a dimension lands at lo + i*(interior+1)."""
    shape = padded_shape(x.shape, low, high, interior)
    if any(d < 0 for d in shape):  # type: ignore[operator]
        raise ValueError(f"padding produces a negative dimension: {shape}")
    out = np.full(shape, value, dtype=x.dtype)
    source, target = [], []
    for size, lo, inner, extent in zip(x.shape, low, interior, shape):
        step = inner + 1
        # The first and one-past-last source elements whose position is in range.
        first = 0 if lo >= 0 else (-lo + step - 1) // step
        last = min(size, (extent - 1 - lo) // step + 1)
        if last <= first:
            return out  # nothing of the operand survives
        source.append(slice(first, last))
        target.append(slice(lo + first * step, lo + (last - 1) * step + 1, step))
    out[tuple(target)] = x[tuple(source)]
    return out


def _verify_pad_attributes(op: Operation, operand: TensorType, low, high, interior) -> None:
    if not len(low) == len(high) == len(interior) == operand.rank:
        _fail(f"padding attributes need {operand.rank} entries each")
    if any(i < 0 for i in interior):
        _fail(f"interior_padding {list(interior)} must be non-negative")


def _verify_pad(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    value = tensor_type(op, op.operand_types[1], "padding_value")
    if value.rank != 0:
        _fail(f"padding_value must be a 0-d tensor, got {value}")
    check_same_element_type(op, operand, value, "padding_value")
    low = int_list(op, "edge_padding_low")
    high = int_list(op, "edge_padding_high")
    interior = int_list(op, "interior_padding")
    _verify_pad_attributes(op, operand, low, high, interior)
    expected = padded_shape(operand.shape, low, high, interior)
    if any(d is not None and d < 0 for d in expected):
        _fail(f"padding produces a negative dimension: {expected}")
    check_result_shape(op, expected)
    check_same_element_type(op, operand, op.result_types[0], "result")


def _pad(op: Operation, ctx):
    low = int_list(op, "edge_padding_low")
    high = int_list(op, "edge_padding_high")
    interior = int_list(op, "interior_padding")
    return lambda x, value: (pad_array(x, value, low, high, interior),)


define_op("stablehlo.pad",
          signature=("operand, padding_value, edge_padding_low: DenseI64Array, "
                     "edge_padding_high: DenseI64Array, interior_padding: DenseI64Array => "
                     "result"),
          infer=infer_pad,
          verify=_verify_pad, reference=_pad, syntax=ITEMS, cost=FREE)


def _verify_dynamic_pad(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    value = tensor_type(op, op.operand_types[1], "padding_value")
    if value.rank != 0:
        _fail(f"padding_value must be a 0-d tensor, got {value}")
    check_same_element_type(op, operand, value, "padding_value")
    for name, t in zip(("edge_padding_low", "edge_padding_high", "interior_padding"),
                       op.operand_types[2:5]):
        t = tensor_type(op, t, name)
        if t.rank != 1 or (t.shape[0] is not None and t.shape[0] != operand.rank):
            _fail(f"{name} {t} must be 1-D with {operand.rank} elements")
    result = tensor_type(op, op.result_types[0], "result")
    if result.rank != operand.rank:
        _fail(f"result rank {result.rank} differs from operand rank {operand.rank}")
    check_same_element_type(op, operand, result, "result")


def _dynamic_pad(op: Operation, ctx):
    def kernel(x, value, low, high, interior):
        low, high, interior = (np.asarray(v).astype(np.int64).tolist()
                               for v in (low, high, interior))
        if any(i < 0 for i in interior):
            raise ValueError(f"interior padding {interior} must be non-negative")
        return (pad_array(x, value, low, high, interior),)

    return kernel


define_op("stablehlo.dynamic_pad",
          signature=("operand, padding_value, edge_padding_low, edge_padding_high, "
                     "interior_padding -> result"),
          verify=_verify_dynamic_pad, reference=_dynamic_pad,
          syntax=ITEMS, no_hlo=True)


# --- iota / get_dimension_size ---------------------------------------------------------


def iota_array(shape: Sequence[int], dimension: int, dtype: np.dtype) -> np.ndarray:
    counts = np.arange(shape[dimension], dtype=np.int64)
    if dtype == np.bool_:
        values = counts != 0  # iota over i1 is [false, true, true...]; sizes > 2 are unusual
    else:
        values = counts.astype(dtype)  # narrow integers wrap, floats convert exactly
    expanded = [1] * len(shape)
    expanded[dimension] = shape[dimension]
    return materialize(np.broadcast_to(values.reshape(expanded), tuple(shape)))


def _verify_iota(op: Operation) -> None:
    result = tensor_type(op, op.result_types[0], "result")
    dim = int_attr(op, "iota_dimension")
    if not 0 <= dim < result.rank:
        _fail(f"iota_dimension {dim} out of range for {result}")


def _iota(op: Operation, ctx):
    result = op.results[0].type
    if not result.is_static:
        _fail("iota with a dynamic result shape (use dynamic_iota)")
    value = iota_array(result.shape, int_attr(op, "iota_dimension"),
                       numpy_dtype(result.element_type))
    value.flags.writeable = False  # shared by every run; kernels never write inputs
    out = (value,)
    return lambda: out


define_op("stablehlo.iota",
          signature="iota_dimension: I64 -> output",
          verify=_verify_iota, reference=_iota, syntax=ITEMS, cost=FREE)


def _verify_dynamic_iota(op: Operation) -> None:
    _verify_iota(op)
    shape = tensor_type(op, op.operand_types[0], "output_shape")
    result = op.result_types[0]
    if shape.rank != 1 or (shape.shape[0] is not None and shape.shape[0] != result.rank):
        _fail(f"output_shape {shape} must be 1-D with {result.rank} elements")


def _dynamic_iota(op: Operation, ctx):
    dim = int_attr(op, "iota_dimension")
    dtype = numpy_dtype(op.results[0].type.element_type)

    def kernel(output_shape):
        return (iota_array(shape_from_operand(output_shape, "output_shape"), dim, dtype),)

    return kernel


define_op("stablehlo.dynamic_iota",
          signature="output_shape, iota_dimension: I64 -> result",
          verify=_verify_dynamic_iota, reference=_dynamic_iota,
          syntax=ITEMS, no_hlo=True)


def _verify_get_dimension_size(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    dim = int_attr(op, "dimension")
    if not 0 <= dim < operand.rank:
        _fail(f"dimension {dim} out of range for {operand}")
    result = tensor_type(op, op.result_types[0], "result")
    if result.rank != 0 or result.element_type != "i32":
        _fail(f"result must be tensor<i32>, got {result}")


def _get_dimension_size(op: Operation, ctx):
    dim = int_attr(op, "dimension")
    return lambda x: (np.asarray(x.shape[dim], dtype=np.int32),)


define_op("stablehlo.get_dimension_size",
          signature="operand, dimension: I64 => result",
          infer=infer_get_dimension_size,
          verify=_verify_get_dimension_size,
          reference=_get_dimension_size, syntax=ITEMS)
# Parsed and printed, not executed (dynamic shapes are refined away first).
define_op("stablehlo.set_dimension_size",
          signature="operand, size, dimension: I64 => result",
          infer=same_as_operand(0),
          syntax=ITEMS)
