"""Reductions: reduce, reduce_window and select_and_scatter.

Each op carries a *body* region that combines two values. Three ways to run it,
chosen once at compile time:

* a numpy ufunc, when the body is a single add/multiply/maximum/minimum/and/
  or/xor of its two arguments (the common case, and fast);
* the body run on whole arrays at once, when every op in it is elementwise
  (argmax-style bodies): a tree of log2(n) vectorised calls;
* the body run element by element otherwise.

The spec leaves the reduction order implementation-defined; every path here
combines the init value first and then the elements in ascending index order
(as a balanced tree for the vectorised paths).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from jaxlib._src.ir.core import (
    ELEMENTWISE,
    REDUCTION,
    OpDef,
    Operation,
    Region,
    is_terminator,
    watch_op_table,
)
from jaxlib._src.ir.types import QuantizedType, TensorType, numpy_dtype
from jaxlib._src.ops.registry import define_op, with_frame

# Ops whose kernels are elementwise over their operands (the op table's
# ELEMENTWISE trait), so a body made only of them can run on whole arrays;
# 0-d constants broadcast.
ELEMENTWISE_OPS: set[str] = {"stablehlo.constant"}


def _declare(op_def: OpDef) -> None:
    if ELEMENTWISE in op_def.traits:
        ELEMENTWISE_OPS.add(op_def.name)


watch_op_table(_declare)

# Float sums and products over at most this many elements accumulate one by
# one in index order (as XLA's CPU loops do); longer ones use numpy's pairwise
# reduction, which is no less accurate and far faster.
SEQUENTIAL_LIMIT = 256

# Binary body ops with a numpy ufunc: (for booleans, for everything else). The
# one such table: scatter combiners and collective reductions use it too.
REDUCER_UFUNCS: dict[str, tuple[np.ufunc, np.ufunc]] = {
    "stablehlo.add": (np.logical_or, np.add),
    "stablehlo.multiply": (np.logical_and, np.multiply),
    "stablehlo.maximum": (np.logical_or, np.maximum),  # np.maximum propagates NaN
    "stablehlo.minimum": (np.logical_and, np.minimum),
    "stablehlo.and": (np.logical_and, np.bitwise_and),
    "stablehlo.or": (np.logical_or, np.bitwise_or),
    "stablehlo.xor": (np.logical_xor, np.bitwise_xor),
}

# compare directions a select body may use, as numpy comparisons.
_COMPARISONS: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "GE": np.greater_equal, "GT": np.greater, "LE": np.less_equal, "LT": np.less,
    "EQ": np.equal, "NE": np.not_equal,
}


def _fail(message: str) -> None:
    raise ValueError(message)


def reject_quantized(op: Operation) -> None:
    """Quantized element types are not executed by these kernels."""
    for t in list(op.operand_types) + list(op.result_types):
        if isinstance(t, TensorType) and isinstance(t.element_type, QuantizedType):
            raise NotImplementedError(f"{op.name} on quantized type {t} is not supported")


def has_dynamic_shapes(op: Operation) -> bool:
    """Shape rules are checked once shapes are static (after refinement)."""
    return any(isinstance(t, TensorType) and not t.is_static
               for t in list(op.operand_types) + list(op.result_types))


def int_array_attr(op: Operation, name: str, default: Sequence[int]) -> tuple[int, ...]:
    value = op.attributes.get(name)
    if value is None:
        return tuple(int(v) for v in default)
    if hasattr(value, "array"):  # DenseElements
        return tuple(int(v) for v in np.asarray(value.array).reshape(-1))
    return tuple(int(v) for v in value)


def padding_attr(op: Operation, rank: int) -> tuple[tuple[int, int], ...]:
    value = op.attributes.get("padding")
    if value is None:
        return ((0, 0),) * rank
    array = np.asarray(value.array if hasattr(value, "array") else value, dtype=np.int64)
    if array.size == 0 and rank == 0:
        return ()
    if array.shape != (rank, 2):
        _fail(f"padding has shape {list(array.shape)}, expected [{rank}, 2]")
    return tuple((int(lo), int(hi)) for lo, hi in array)


def num_windows(size: int, lo: int, hi: int, base_dilation: int, window: int,
                stride: int, window_dilation: int) -> int:
    """The spec's window count along one dimension (C15 of reduce_window)."""
    dilated = 0 if size == 0 else (size - 1) * base_dilation + 1
    padded = lo + dilated + hi
    dilated_window = 0 if window == 0 else (window - 1) * window_dilation + 1
    if padded <= 0 or dilated_window > padded:
        return 0
    return (padded - dilated_window) // stride + 1


def dilate_and_pad(x: np.ndarray, fill, base_dilations: Sequence[int],
                   padding: Sequence[tuple[int, int]], xp=np) -> np.ndarray:
    """``pad(x, fill, lo, hi, interior=base_dilations - 1)``; negative padding
    removes elements, as the spec's pad does. (``xp``: the array namespace,
    numpy or jaxlib-gpu's CuPy.)"""
    if isinstance(fill, np.ndarray):
        fill = fill[()]  # a scalar: CuPy fills from scalars, not host arrays
    dilated_shape = [0 if n == 0 else (n - 1) * d + 1 for n, d in zip(x.shape, base_dilations)]
    grown = [max(lo, 0) + n + max(hi, 0) for n, (lo, hi) in zip(dilated_shape, padding)]
    out = xp.full(grown, fill, dtype=x.dtype)
    placement = tuple(slice(max(lo, 0), max(lo, 0) + n, d)
                      for n, d, (lo, _) in zip(dilated_shape, base_dilations, padding))
    out[placement] = x
    trim = tuple(slice(max(-lo, 0), g - max(-hi, 0)) for g, (lo, hi) in zip(grown, padding))
    return out[trim]


def windows_view(padded: np.ndarray, window: Sequence[int], strides: Sequence[int],
                 window_dilations: Sequence[int], out_shape: Sequence[int], xp=np
                 ) -> np.ndarray:
    """A read-only view of shape ``out_shape + window``: element
    ``[o..., w...]`` is ``padded[o * stride + w * window_dilation]``."""
    rank = padded.ndim
    extent = tuple((w - 1) * d + 1 for w, d in zip(window, window_dilations))
    if any(n == 0 for n in out_shape) or any(w == 0 for w in window):
        return xp.empty(tuple(out_shape) + tuple(window), padded.dtype)
    if xp is np:
        view = sliding_window_view(padded, extent)
    else:  # the same view through as_strided, which every CuPy has
        shape = tuple(n - e + 1 for n, e in zip(padded.shape, extent)) + tuple(extent)
        view = xp.lib.stride_tricks.as_strided(padded, shape, padded.strides * 2)
    select = tuple(slice(0, n * s, s) for n, s in zip(out_shape, strides))
    select += tuple(slice(None, None, d) for d in window_dilations)
    view = view[select]
    assert view.shape[:rank] == tuple(out_shape)
    return view


# -- bodies ------------------------------------------------------------------------


def _body_ops(region: Region) -> tuple[list[Operation], Operation]:
    ops = region.entry.operations
    return ops[:-1], ops[-1]


def _single_ufunc_body(region: Region, count: int) -> list[str] | None:
    """The op names when result i of the body is ``op_i(arg_i, arg_{count+i})``
    (either operand order) and nothing else happens; None otherwise."""
    ops, terminator = _body_ops(region)
    args = region.entry.arguments
    if len(args) != 2 * count or len(ops) != count or not is_terminator(terminator.name):
        return None
    names = []
    for i, value in enumerate(terminator.operands):
        op = value.owner
        if not isinstance(op, Operation) or op not in ops or op.name not in REDUCER_UFUNCS:
            return None
        pair = {id(v) for v in op.operands}
        if len(op.operands) != 2 or pair != {id(args[i]), id(args[count + i])}:
            return None
        if op.result_types[0] != args[i].type:
            return None
        names.append(op.name)
    return names


def region_is_elementwise(region: Region) -> bool:
    ops, _ = _body_ops(region)
    return all(op.name in ELEMENTWISE_OPS and not op.regions for op in ops)


def ufunc_reduce(ufunc: np.ufunc, values: np.ndarray, axis: Any, dtype: np.dtype) -> Any:
    """``ufunc.reduce`` over ``axis`` into ``dtype``: sums and products
    accumulate in it; the others (max, min, bitwise) keep their operand's
    type anyway, and ml_dtypes' narrow integers have no loop for them that
    takes a dtype (nor booleans' logical ops)."""
    if ufunc in (np.add, np.multiply) and dtype != np.bool_:
        return ufunc.reduce(values, axis=axis, dtype=dtype)
    return np.asarray(ufunc.reduce(values, axis=axis), dtype=dtype)


def _ufunc_for(name: str, dtype: np.dtype) -> np.ufunc:
    for_bool, other = REDUCER_UFUNCS[name]
    return for_bool if dtype == np.bool_ else other


class Combiner:
    """Applies a binary body ``(a..., b...) -> (c...)`` to tuples of arrays of a
    common (broadcastable) shape, by the fastest correct means."""

    def __init__(self, region: Region, ctx, count: int, what: str):
        self.count = count
        args = region.entry.arguments
        if len(args) != 2 * count:
            _fail(f"{what} takes {len(args)} arguments, expected {2 * count}")
        self.arg_dtypes = [numpy_dtype(a.type.element_type) for a in args[:count]]
        _, terminator = _body_ops(region)
        out_types = terminator.operand_types
        if len(out_types) != count:
            _fail(f"{what} returns {len(out_types)} values, expected {count}")
        self.out_dtypes = [numpy_dtype(t.element_type) for t in out_types]
        names = _single_ufunc_body(region, count)
        self.ufuncs = (None if names is None else
                       [_ufunc_for(n, d) for n, d in zip(names, self.arg_dtypes)])
        self.vectorised = self.ufuncs is None and region_is_elementwise(region)
        self.body = None if self.ufuncs is not None else ctx.compile_region(region)

    def __call__(self, frame, lhs: Sequence[np.ndarray], rhs: Sequence[np.ndarray]
                 ) -> tuple[np.ndarray, ...]:
        shape = np.broadcast_shapes(*[np.shape(v) for v in (*lhs, *rhs)])
        if self.ufuncs is not None:
            return tuple(np.asarray(f(a, b), dtype=d)
                         for f, a, b, d in zip(self.ufuncs, lhs, rhs, self.out_dtypes))
        if self.vectorised or shape == ():
            results = self.body.run(frame, tuple(lhs) + tuple(rhs))
            return tuple(np.broadcast_to(np.asarray(r, dtype=d), shape)
                         for r, d in zip(results, self.out_dtypes))
        outs = [np.empty(shape, d) for d in self.out_dtypes]
        lhs = [np.broadcast_to(v, shape) for v in lhs]
        rhs = [np.broadcast_to(v, shape) for v in rhs]
        for index in np.ndindex(*shape):
            args = tuple(np.asarray(v[index]) for v in (*lhs, *rhs))
            for out, value in zip(outs, self.body.run(frame, args)):
                out[index] = value
        return tuple(outs)

    def convert_inputs(self, values: Sequence[np.ndarray]) -> list[np.ndarray]:
        """Inputs promoted to the body's argument types (the spec's
        ``to_destination_type``)."""
        return [v if v.dtype == d else v.astype(d) for v, d in zip(values, self.arg_dtypes)]

    def reduce_last_axis(self, frame, values: Sequence[np.ndarray],
                         inits: Sequence[np.ndarray]) -> tuple[np.ndarray, ...]:
        """Reduces each of ``values`` (shape ``(..., n)``) along its last axis,
        the init value combined first."""
        n = values[0].shape[-1]
        batch = values[0].shape[:-1]
        if n == 0:
            return tuple(np.broadcast_to(np.asarray(i, dtype=d), batch).copy()
                         for i, d in zip(inits, self.out_dtypes))
        if self.ufuncs is not None:
            if n <= SEQUENTIAL_LIMIT and not self.order_insensitive():
                # XLA's CPU loops accumulate in index order, starting from init.
                acc = [np.broadcast_to(i, batch) for i in inits]
                for k in range(n):
                    acc = self(frame, acc, [v[..., k] for v in values])
                return tuple(np.array(a) for a in acc)
            reduced = [ufunc_reduce(f, v, -1, d)
                       for f, v, d in zip(self.ufuncs, values, self.out_dtypes)]
            return tuple(np.array(r) for r in self(frame, inits, reduced))
        current = list(values)
        while n > 1:  # pairwise tree: (x0 x1) (x2 x3) ... keeps the in-order sequence
            half = n // 2
            left = [v[..., 0:2 * half:2] for v in current]
            right = [v[..., 1:2 * half:2] for v in current]
            paired = self(frame, left, right)
            if n % 2:
                paired = tuple(np.concatenate([p, v[..., -1:]], axis=-1)
                               for p, v in zip(paired, current))
            current = list(paired)
            n = current[0].shape[-1]
        last = [v[..., 0] for v in current]
        return tuple(np.array(r) for r in self(frame, inits, last))

    def order_insensitive(self) -> bool:
        """Whether every ufunc gives the same result in any order: max/min and
        the bitwise ops always, add/multiply on integers (exact, wrapping)."""
        return all(f not in (np.add, np.multiply) or d.kind in "iub"
                   or (d.kind == "V" and _is_narrow_int(d))
                   for f, d in zip(self.ufuncs, self.out_dtypes))


def _is_narrow_int(dtype: np.dtype) -> bool:
    return dtype.name in ("int2", "int4", "uint2", "uint4")


# -- reduce ------------------------------------------------------------------------


def _verify_reduce(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    count = len(op.results)
    if len(op.operands) != 2 * count or count == 0:
        _fail(f"reduce takes N inputs and N init values for N results, got "
              f"{len(op.operands)} operands and {count} results")
    inputs, inits = op.operand_types[:count], op.operand_types[count:]
    dims = int_array_attr(op, "dimensions", ())
    shape = inputs[0].shape
    if any(t.shape != shape for t in inputs):
        _fail("reduce inputs must all have the same shape")
    if len(set(dims)) != len(dims) or any(not 0 <= d < len(shape) for d in dims):
        _fail(f"dimensions {list(dims)} are not unique dimensions of rank {len(shape)}")
    if any(t.shape != () for t in inits):
        _fail("reduce init values must be 0-dimensional")
    kept = tuple(n for i, n in enumerate(shape) if i not in dims)
    for i, t in enumerate(op.result_types):
        if t.shape != kept:
            _fail(f"result {i} has shape {list(t.shape)}, expected {list(kept)}")
    _verify_body(op, op.regions[0], count, list(op.result_types))


def _verify_body(op: Operation, region: Region, count: int, result_types: list) -> None:
    args = region.entry.arguments
    if len(args) != 2 * count:
        _fail(f"body takes {len(args)} arguments, expected {2 * count}")
    returned = region.entry.operations[-1].operand_types
    if len(returned) != count:
        _fail(f"body returns {len(returned)} values, expected {count}")
    for i, (t, r) in enumerate(zip(returned, result_types)):
        if getattr(t, "element_type", None) != getattr(r, "element_type", None):
            _fail(f"body result {i} is {t}, but the op result {i} is {r}")


def _reduce(op: Operation, ctx):
    reject_quantized(op)
    count = len(op.results)
    dims = int_array_attr(op, "dimensions", ())
    combiner = Combiner(op.regions[0], ctx, count, "reduce body")
    rank = op.operand_types[0].rank
    kept = [d for d in range(rank) if d not in dims]
    order = kept + list(dims)

    @with_frame
    def kernel(frame, *operands):
        inputs = combiner.convert_inputs(operands[:count])
        inits = combiner.convert_inputs(operands[count:])
        if (combiner.ufuncs is not None and combiner.order_insensitive()
                and all(inputs[0].shape[d] > 0 for d in dims)):
            reduced = [ufunc_reduce(f, v, tuple(dims), d)
                       for f, v, d in zip(combiner.ufuncs, inputs, combiner.out_dtypes)]
            return tuple(np.array(r) for r in combiner(frame, inits, reduced))
        kept_shape = tuple(inputs[0].shape[d] for d in kept)
        size = int(np.prod([inputs[0].shape[d] for d in dims], dtype=np.int64))
        flat = [np.transpose(v, order).reshape(kept_shape + (size,)) for v in inputs]
        return combiner.reduce_last_axis(frame, flat, inits)

    return kernel


define_op("stablehlo.reduce",
          signature="inputs*, init_values*, dimensions: DenseI64Array -> result* {body}",
          verify=_verify_reduce, reference=_reduce,
          syntax="reduce", cost=REDUCTION)


# -- reduce_window -----------------------------------------------------------------


class _WindowSpec:
    def __init__(self, op: Operation, rank: int, *, dilations: bool = True):
        self.window = int_array_attr(op, "window_dimensions", ())
        if len(self.window) != rank:
            _fail(f"window_dimensions has {len(self.window)} entries for rank {rank}")
        self.strides = int_array_attr(op, "window_strides", (1,) * rank)
        self.base_dilations = (int_array_attr(op, "base_dilations", (1,) * rank)
                               if dilations else (1,) * rank)
        self.window_dilations = (int_array_attr(op, "window_dilations", (1,) * rank)
                                 if dilations else (1,) * rank)
        self.padding = padding_attr(op, rank)
        for name in ("strides", "base_dilations", "window_dilations"):
            values = getattr(self, name)
            if len(values) != rank:
                _fail(f"{name} has {len(values)} entries for rank {rank}")
            if any(v <= 0 for v in values):
                _fail(f"{name} must be positive, got {list(values)}")
        if any(w <= 0 for w in self.window):
            _fail(f"window_dimensions must be positive, got {list(self.window)}")

    def out_shape(self, shape: Sequence[int]) -> tuple[int, ...]:
        return tuple(num_windows(n, lo, hi, bd, w, s, wd) for n, (lo, hi), bd, w, s, wd in zip(
            shape, self.padding, self.base_dilations, self.window, self.strides,
            self.window_dilations))


def _verify_reduce_window(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    count = len(op.results)
    if len(op.operands) != 2 * count or count == 0:
        _fail("reduce_window takes N inputs and N init values for N results")
    shape = op.operand_types[0].shape
    if any(t.shape != shape for t in op.operand_types[:count]):
        _fail("reduce_window inputs must all have the same shape")
    spec = _WindowSpec(op, len(shape))
    expected = spec.out_shape(shape)
    for i, t in enumerate(op.result_types):
        if t.shape != expected:
            _fail(f"result {i} has shape {list(t.shape)}, expected {list(expected)}")
    _verify_body(op, op.regions[0], count, list(op.result_types))


def _reduce_window(op: Operation, ctx):
    reject_quantized(op)
    count = len(op.results)
    shape = op.operand_types[0].shape
    spec = _WindowSpec(op, len(shape))
    out_shape = spec.out_shape(shape)
    window_size = int(np.prod(spec.window, dtype=np.int64))
    combiner = Combiner(op.regions[0], ctx, count, "reduce_window body")
    rank = len(shape)
    window_axes = tuple(range(rank, 2 * rank))

    @with_frame
    def kernel(frame, *operands):
        inputs = combiner.convert_inputs(operands[:count])
        inits = combiner.convert_inputs(operands[count:])
        windows = [windows_view(dilate_and_pad(x, init, spec.base_dilations, spec.padding),
                                spec.window, spec.strides, spec.window_dilations, out_shape)
                   for x, init in zip(inputs, inits)]
        if combiner.ufuncs is not None and combiner.order_insensitive():
            reduced = [ufunc_reduce(f, w, window_axes, d)
                       for f, w, d in zip(combiner.ufuncs, windows, combiner.out_dtypes)]
            return tuple(np.array(r) for r in combiner(frame, inits, reduced))
        flat = [w.reshape(tuple(out_shape) + (window_size,)) for w in windows]
        return combiner.reduce_last_axis(frame, flat, inits)

    return kernel


define_op("stablehlo.reduce_window",
          signature=("inputs*, init_values*, window_dimensions: DenseI64Array, "
                     "window_strides: DenseI64Array?, base_dilations: DenseI64Array?, "
                     "window_dilations: DenseI64Array?, padding: I64Elements? -> result* "
                     "{body}"),
          verify=_verify_reduce_window, reference=_reduce_window,
          cost=REDUCTION)


# -- select_and_scatter ------------------------------------------------------------


def _verify_select_and_scatter(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    operand, source, init = op.operand_types
    spec = _WindowSpec(op, operand.rank, dilations=False)
    expected = spec.out_shape(operand.shape)
    if source.shape != expected:
        _fail(f"source has shape {list(source.shape)}, expected {list(expected)}")
    if init.shape != ():
        _fail("init_value must be 0-dimensional")
    if op.result_types[0].shape != operand.shape:
        _fail("result shape must equal the operand shape")
    select_out = op.regions[0].entry.operations[-1].operand_types
    if len(select_out) != 1 or select_out[0].element_type != "i1":
        _fail(f"select must return tensor<i1>, got {select_out}")


def _compare_select(region: Region) -> Callable | None:
    """A numpy comparison when the select body is ``compare DIR, arg0, arg1``
    with float/integer comparison semantics (no total order)."""
    ops, terminator = _body_ops(region)
    args = region.entry.arguments
    if (len(ops) != 1 or ops[0].name != "stablehlo.compare"
            or terminator.operands[0].owner is not ops[0]):
        return None
    compare = ops[0]
    if [id(v) for v in compare.operands] != [id(a) for a in args]:
        return None
    compare_type = compare.attributes.get("compare_type")
    if compare_type is not None and getattr(compare_type, "value", compare_type) == "TOTALORDER":
        return None
    direction = compare.attributes.get("comparison_direction")
    return _COMPARISONS.get(getattr(direction, "value", None))


def _select_and_scatter(op: Operation, ctx):
    reject_quantized(op)
    operand_type = op.operand_types[0]
    rank = operand_type.rank
    spec = _WindowSpec(op, rank, dilations=False)
    out_shape = spec.out_shape(operand_type.shape)
    window_size = int(np.prod(spec.window, dtype=np.int64))
    comparison = _compare_select(op.regions[0])
    select = None if comparison is not None else Combiner(op.regions[0], ctx, 1, "select")
    scatter = Combiner(op.regions[1], ctx, 1, "scatter")
    result_dtype = numpy_dtype(op.result_types[0].element_type)
    ones = (1,) * rank
    window_shape = tuple(out_shape) + (window_size,)

    def select_keeps(frame, current, candidate):
        if comparison is not None:
            return comparison(current, candidate)
        return select(frame, [current], [candidate])[0]

    @with_frame
    def kernel(frame, operand, source, init):
        size = operand.size
        flat_index = np.arange(size, dtype=np.int64).reshape(operand.shape)
        # Padding is never selected: it carries index -1.
        values = windows_view(dilate_and_pad(operand, np.zeros((), operand.dtype), ones,
                                             spec.padding),
                              spec.window, spec.strides, ones, out_shape).reshape(window_shape)
        indices = windows_view(dilate_and_pad(flat_index, -1, ones, spec.padding),
                               spec.window, spec.strides, ones, out_shape).reshape(window_shape)
        chosen_value, chosen_index = values[..., 0], indices[..., 0]
        for k in range(1, window_size):
            candidate, index = values[..., k], indices[..., k]
            keep = np.asarray(select_keeps(frame, chosen_value, candidate), dtype=bool)
            take = (index >= 0) & ((chosen_index < 0) | ~keep)
            chosen_value = np.where(take, candidate, chosen_value)
            chosen_index = np.where(take, index, chosen_index)
        result = np.full(size, init, dtype=result_dtype)
        targets = chosen_index.reshape(-1)
        sources = np.asarray(source).reshape(-1)
        valid = targets >= 0
        targets, sources = targets[valid], sources[valid]
        # Scatter in rounds: round r applies the r-th source value of every
        # target, so each round has unique targets and keeps source order.
        order = np.argsort(targets, kind="stable")
        targets, sources = targets[order], sources[order]
        starts = np.searchsorted(targets, targets, side="left")
        occurrence = np.arange(targets.size) - starts
        for r in range(int(occurrence.max(initial=-1)) + 1):
            pick = occurrence == r
            where = targets[pick]
            result[where] = scatter(frame, [result[where]], [sources[pick].astype(result_dtype)])[0]
        return (result.reshape(operand.shape),)

    return kernel


define_op("stablehlo.select_and_scatter",
          signature=("operand, source, init_value, window_dimensions: DenseI64Array?, "
                     "window_strides: DenseI64Array?, padding: I64Elements? -> result "
                     "{select, scatter}"),
          verify=_verify_select_and_scatter,
          reference=_select_and_scatter)
