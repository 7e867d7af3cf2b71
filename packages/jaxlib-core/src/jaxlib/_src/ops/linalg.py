"""Linear algebra: dot_general (and legacy dot), convolution, chlo.ragged_dot,
triangular_solve, cholesky and the batch_norm ops.

Numerics follow XLA's CPU backend: integer products accumulate in 64 bits and
wrap to the result type; f16/bf16/f8 accumulate in f32 and round once to the
result type; f32 stays f32 and f64 stays f64. ``precision_config`` and dot
``algorithm`` attributes are accepted and do not change CPU results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from jaxlib._src.ir.attributes import ConvDimensionNumbers, DotDimensionNumbers, Transpose
from jaxlib._src.ir.core import CONVOLUTION, DOT, ITEMS, Operation
from jaxlib._src.ir.element_types import BLAS_DTYPES
from jaxlib._src.ir.types import TensorType, is_complex, is_float, numpy_dtype
from jaxlib._src.ops.reduction import (
    dilate_and_pad,
    has_dynamic_shapes,
    int_array_attr,
    num_windows,
    padding_attr,
    reject_quantized,
    windows_view,
)
from jaxlib._src.ops.registry import define_op
from jaxlib._src.ops.signatures import (
    infer_batch_norm_grad,
    infer_batch_norm_training,
    same_as_operand,
)

# Complex dots contracting at most this many elements accumulate in index order.
SEQUENTIAL_COMPLEX_LIMIT = 256


def _fail(message: str) -> None:
    raise ValueError(message)


def accumulation_dtype(element_types: Sequence[str]) -> np.dtype:
    """The dtype products are summed in, given the operand and result element
    types: the widest of complex/float involved, else 64-bit integers."""
    wide = any(t in ("f64", "complex<f64>") for t in element_types)
    if any(is_complex(t) for t in element_types):
        return np.dtype(np.complex128 if wide else np.complex64)
    if any(is_float(t) for t in element_types):
        return np.dtype(np.float64 if wide else np.float32)
    return np.dtype(np.int64)  # integers and i1: wrapped to the result afterwards


def to_result(values: np.ndarray, dtype: np.dtype, xp=np) -> np.ndarray:
    """Accumulated values in the result dtype: integers wrap (two's
    complement), i1 is "any non-zero", floats round to nearest even."""
    if dtype == np.bool_:
        return xp.asarray(values != 0)
    if values.dtype.kind == "c" and dtype.kind != "c":
        values = values.real
    return values.astype(dtype)


def _element_types(op: Operation) -> list[str]:
    return [t.element_type for t in list(op.operand_types) + list(op.result_types)
            if isinstance(t, TensorType)]


# -- dot_general ---------------------------------------------------------------------


def dot_general_arrays(lhs: np.ndarray, rhs: np.ndarray, lhs_batch: Sequence[int],
                       rhs_batch: Sequence[int], lhs_contract: Sequence[int],
                       rhs_contract: Sequence[int], xp=np,
                       matmul: Callable | None = None) -> np.ndarray:
    """``dot_general`` in the operands' (common) dtype: result dims are batch,
    then lhs free, then rhs free, as the spec lays them out. (``xp``: the array
    namespace, CuPy for jaxlib-gpu; ``matmul``: its batched [b, m, k] @ [b, k, n]
    product, ``xp.matmul`` by default.)"""
    a, c, shape = matmul_operands(lhs, rhs, lhs_batch, rhs_batch, lhs_contract, rhs_contract,
                                  xp)
    return batched_product(a, c, xp, matmul).reshape(shape)


def batched_product(a: Any, c: Any, xp=np, matmul: Callable | None = None) -> Any:
    """[b, m, k] @ [b, k, n] as ``dot_general`` computes it (``matmul``: the
    namespace's batched product, ``xp.matmul`` by default)."""
    k = a.shape[2]
    if a.dtype.kind == "c" and k <= SEQUENTIAL_COMPLEX_LIMIT and xp is np:
        # XLA's CPU dot accumulates complex products one k at a time; BLAS's
        # blocked cgemm differs in the last bits, which cancellation magnifies.
        # (On a GPU, XLA's is cuBLAS's cgemm, as is ours: 2 launches per k here.)
        values = xp.zeros((a.shape[0], a.shape[1], c.shape[2]), np.result_type(a.dtype, c.dtype))
        for i in range(k):
            values = values + a[:, :, i, None] * c[:, None, i, :]
        return values
    return (matmul or xp.matmul)(a, c)


def matmul_operands(lhs: np.ndarray, rhs: np.ndarray, lhs_batch: Sequence[int],
                    rhs_batch: Sequence[int], lhs_contract: Sequence[int],
                    rhs_contract: Sequence[int], xp=np) -> tuple[Any, Any, list[int]]:
    """``dot_general``'s operands as a batched product's [b, m, k] and
    [b, k, n] (views where the layout allows), and the result's shape: batch,
    then lhs free, then rhs free dimensions."""
    lhs_free = [d for d in range(lhs.ndim) if d not in lhs_batch and d not in lhs_contract]
    rhs_free = [d for d in range(rhs.ndim) if d not in rhs_batch and d not in rhs_contract]
    size = lambda dims, shape: int(np.prod([shape[d] for d in dims], dtype=np.int64))  # noqa: E731
    b, k = size(lhs_batch, lhs.shape), size(lhs_contract, lhs.shape)
    a = xp.transpose(lhs, [*lhs_batch, *lhs_free, *lhs_contract]).reshape(
        b, size(lhs_free, lhs.shape), k)
    c = xp.transpose(rhs, [*rhs_batch, *rhs_contract, *rhs_free]).reshape(
        b, k, size(rhs_free, rhs.shape))
    shape = [lhs.shape[d] for d in (*lhs_batch, *lhs_free)] + [rhs.shape[d] for d in rhs_free]
    return a, c, shape


def _dot_numbers(op: Operation) -> DotDimensionNumbers:
    numbers = op.attributes.get("dot_dimension_numbers")
    if not isinstance(numbers, DotDimensionNumbers):
        _fail("dot_general needs a dot_dimension_numbers attribute")
    return numbers


def _check_dims(what: str, dims: Sequence[int], rank: int) -> None:
    if any(not 0 <= d < rank for d in dims):
        _fail(f"{what} {list(dims)} out of range for rank {rank}")


def _verify_dot_general(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    n = _dot_numbers(op)
    lhs, rhs = op.operand_types
    result = op.result_types[0]
    if len(n.lhs_batching_dimensions) != len(n.rhs_batching_dimensions):
        _fail("lhs and rhs have different numbers of batching dimensions")
    if len(n.lhs_contracting_dimensions) != len(n.rhs_contracting_dimensions):
        _fail("lhs and rhs have different numbers of contracting dimensions")
    for side, t, batch, contract in (
            ("lhs", lhs, n.lhs_batching_dimensions, n.lhs_contracting_dimensions),
            ("rhs", rhs, n.rhs_batching_dimensions, n.rhs_contracting_dimensions)):
        _check_dims(f"{side} batching/contracting dimensions", (*batch, *contract), t.rank)
        if len(set(batch) | set(contract)) != len(batch) + len(contract):
            _fail(f"{side} batching and contracting dimensions are not unique")
    for kind, ld, rd in (("batching", n.lhs_batching_dimensions, n.rhs_batching_dimensions),
                         ("contracting", n.lhs_contracting_dimensions,
                          n.rhs_contracting_dimensions)):
        for a, b in zip(ld, rd):
            if lhs.shape[a] != rhs.shape[b]:
                _fail(f"{kind} dimension sizes differ: lhs[{a}]={lhs.shape[a]}, "
                      f"rhs[{b}]={rhs.shape[b]}")
    expected = ([lhs.shape[d] for d in n.lhs_batching_dimensions]
                + [s for d, s in enumerate(lhs.shape) if d not in n.lhs_batching_dimensions
                   and d not in n.lhs_contracting_dimensions]
                + [s for d, s in enumerate(rhs.shape) if d not in n.rhs_batching_dimensions
                   and d not in n.rhs_contracting_dimensions])
    if list(result.shape) != expected:
        _fail(f"result shape {list(result.shape)} does not match the expected {expected}")


def _dot_general(op: Operation, ctx):
    reject_quantized(op)
    n = _dot_numbers(op)
    acc = accumulation_dtype(_element_types(op))
    out = numpy_dtype(op.result_types[0].element_type)
    dims = (n.lhs_batching_dimensions, n.rhs_batching_dimensions,
            n.lhs_contracting_dimensions, n.rhs_contracting_dimensions)

    def kernel(lhs, rhs):
        return (to_result(dot_general_arrays(lhs.astype(acc), rhs.astype(acc), *dims), out),)

    return kernel


define_op("stablehlo.dot_general",
          signature=("lhs, rhs, dot_dimension_numbers: Attr, precision_config: Attr?, "
                     "algorithm: Attr? -> result"),
          verify=_verify_dot_general, reference=_dot_general,
          syntax="dot_general", cost=DOT)


def _verify_dot(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    lhs, rhs = op.operand_types
    if lhs.rank not in (1, 2) or rhs.rank not in (1, 2):
        _fail(f"dot takes rank-1 or rank-2 operands, got ranks {lhs.rank} and {rhs.rank}")
    if lhs.shape[-1] != rhs.shape[0]:
        _fail(f"contracting dimension sizes differ: {lhs.shape[-1]} and {rhs.shape[0]}")
    expected = list(lhs.shape[:-1]) + list(rhs.shape[1:])
    if list(op.result_types[0].shape) != expected:
        _fail(f"result shape {list(op.result_types[0].shape)} does not match {expected}")


def _dot(op: Operation, ctx):
    reject_quantized(op)
    acc = accumulation_dtype(_element_types(op))
    out = numpy_dtype(op.result_types[0].element_type)
    lhs_rank = op.operand_types[0].rank

    def kernel(lhs, rhs):
        values = dot_general_arrays(lhs.astype(acc), rhs.astype(acc), (), (),
                                    (lhs_rank - 1,), (0,))
        return (to_result(values, out),)

    return kernel


define_op("stablehlo.dot",
          signature="lhs, rhs, precision_config: Attr? -> result",
          verify=_verify_dot, reference=_dot, syntax=ITEMS, cost=DOT)


# -- convolution -------------------------------------------------------------------


class _ConvSpec:
    """The convolution attributes, decoded and checked once."""

    def __init__(self, op: Operation, padding: Sequence[tuple[int, int]] | None = None):
        dn = op.attributes.get("dimension_numbers")
        if not isinstance(dn, ConvDimensionNumbers):
            _fail("convolution needs a dimension_numbers attribute")
        self.dn = dn
        lhs, rhs = op.operand_types[:2]
        rank = lhs.rank
        spatial = rank - 2
        self.spatial = spatial
        if rhs.rank != rank:
            _fail(f"lhs rank {rank} and rhs rank {rhs.rank} differ")
        for what, dims in (
                ("input", [dn.input_batch_dimension, *dn.input_spatial_dimensions,
                           dn.input_feature_dimension]),
                ("kernel", [*dn.kernel_spatial_dimensions, dn.kernel_input_feature_dimension,
                            dn.kernel_output_feature_dimension]),
                ("output", [dn.output_batch_dimension, *dn.output_spatial_dimensions,
                            dn.output_feature_dimension])):
            if sorted(dims) != list(range(rank)):
                _fail(f"{what} dimension numbers {dims} are not a permutation of 0..{rank - 1}")
        self.strides = int_array_attr(op, "window_strides", (1,) * spatial)
        self.lhs_dilation = int_array_attr(op, "lhs_dilation", (1,) * spatial)
        self.rhs_dilation = int_array_attr(op, "rhs_dilation", (1,) * spatial)
        reversal = op.attributes.get("window_reversal")
        self.reversal = tuple(bool(v) for v in reversal) if reversal is not None else (
            (False,) * spatial)
        self.padding = tuple(padding) if padding is not None else padding_attr(op, spatial)
        for name in ("strides", "lhs_dilation", "rhs_dilation", "reversal"):
            values = getattr(self, name)
            if len(values) != spatial:
                _fail(f"{name} has {len(values)} entries, expected {spatial}")
        for name in ("strides", "lhs_dilation", "rhs_dilation"):
            if any(v <= 0 for v in getattr(self, name)):
                _fail(f"{name} must be positive, got {list(getattr(self, name))}")
        self.feature_groups = int(op.attributes.get("feature_group_count", 1))
        self.batch_groups = int(op.attributes.get("batch_group_count", 1))
        if self.feature_groups < 1 or self.batch_groups < 1:
            _fail("feature_group_count and batch_group_count must be positive")
        if self.feature_groups > 1 and self.batch_groups > 1:
            _fail("feature_group_count and batch_group_count cannot both exceed 1")
        batch = lhs.shape[dn.input_batch_dimension]
        features = lhs.shape[dn.input_feature_dimension]
        kernel_in = rhs.shape[dn.kernel_input_feature_dimension]
        kernel_out = rhs.shape[dn.kernel_output_feature_dimension]
        if batch % self.batch_groups:
            _fail(f"batch size {batch} is not a multiple of batch_group_count "
                  f"{self.batch_groups}")
        if features % self.feature_groups or kernel_in != features // self.feature_groups:
            _fail(f"input features {features} / feature_group_count {self.feature_groups} "
                  f"!= kernel input features {kernel_in}")
        groups = self.feature_groups * self.batch_groups
        if kernel_out % groups:
            _fail(f"kernel output features {kernel_out} are not a multiple of the group "
                  f"count {groups}")
        self.kernel_window = tuple(rhs.shape[d] for d in dn.kernel_spatial_dimensions)
        self.out_spatial = tuple(
            num_windows(lhs.shape[d], lo, hi, ld, k, s, rd)
            for d, (lo, hi), ld, k, s, rd in zip(
                dn.input_spatial_dimensions, self.padding, self.lhs_dilation,
                self.kernel_window, self.strides, self.rhs_dilation))
        expected = [0] * rank
        expected[dn.output_batch_dimension] = batch // self.batch_groups
        expected[dn.output_feature_dimension] = kernel_out
        for d, size in zip(dn.output_spatial_dimensions, self.out_spatial):
            expected[d] = size
        self.expected_shape = tuple(expected)


def _verify_convolution(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    spec = _ConvSpec(op)
    if op.result_types[0].shape != spec.expected_shape:
        _fail(f"result shape {list(op.result_types[0].shape)} does not match the expected "
              f"{list(spec.expected_shape)}")


def _conv_kernel(op: Operation, spec: _ConvSpec, xp=np, matmul: Callable | None = None):
    """The convolution as im2col + one batched matmul over the groups (``xp``:
    the array namespace, ``matmul`` its batched product; jaxlib-gpu runs this
    on the device with CuPy and cuBLAS)."""
    dn = spec.dn
    acc = accumulation_dtype(_element_types(op))
    out_dtype = numpy_dtype(op.result_types[0].element_type)
    n_spatial = spec.spatial
    lhs_order = [dn.input_batch_dimension, *dn.input_spatial_dimensions,
                 dn.input_feature_dimension]
    rhs_order = [*dn.kernel_spatial_dimensions, dn.kernel_input_feature_dimension,
                 dn.kernel_output_feature_dimension]
    # Our working layout is [batch, spatial..., feature]; map it to the result's.
    source_axis = [0] * (n_spatial + 2)
    source_axis[dn.output_batch_dimension] = 0
    for i, d in enumerate(dn.output_spatial_dimensions):
        source_axis[d] = 1 + i
    source_axis[dn.output_feature_dimension] = n_spatial + 1
    flip_axes = tuple(i for i, r in enumerate(spec.reversal) if r)
    window_size = int(np.prod(spec.kernel_window, dtype=np.int64))
    bg, fg = spec.batch_groups, spec.feature_groups
    groups = bg * fg

    def kernel(lhs, rhs):
        x = xp.transpose(lhs, lhs_order).astype(acc)  # [N, spatial..., C]
        w = xp.transpose(rhs, rhs_order).astype(acc)  # [k..., Cg, O]
        if flip_axes:
            w = xp.flip(w, flip_axes)
        n, c = x.shape[0], x.shape[-1]
        cg, o = w.shape[-2], w.shape[-1]
        padded = dilate_and_pad(x, np.zeros((), acc), (1, *spec.lhs_dilation, 1),
                                ((0, 0), *spec.padding, (0, 0)), xp)
        patches = windows_view(padded, (1, *spec.kernel_window, c), (1, *spec.strides, 1),
                               (1, *spec.rhs_dilation, 1), (n, *spec.out_spatial, 1), xp)
        positions = int(np.prod(spec.out_spatial, dtype=np.int64))
        nb = n // bg
        # [bg, nb, P, K, fg, cg] -> [groups, nb*P, K*cg]
        patches = patches.reshape(bg, nb, positions, window_size, fg, cg)
        patches = patches.transpose(0, 4, 1, 2, 3, 5).reshape(groups, nb * positions,
                                                              window_size * cg)
        # [K, cg, groups, og] -> [groups, K*cg, og]
        weights = w.reshape(window_size, cg, groups, o // groups).transpose(2, 0, 1, 3)
        weights = weights.reshape(groups, window_size * cg, o // groups)
        values = (matmul or xp.matmul)(patches, weights)  # [groups, nb*P, og]
        values = values.transpose(1, 0, 2).reshape(nb, *spec.out_spatial, o)
        return (to_result(xp.transpose(values, source_axis), out_dtype, xp),)

    return kernel


def _convolution(op: Operation, ctx):
    reject_quantized(op)
    return _conv_kernel(op, _ConvSpec(op))


define_op("stablehlo.convolution",
          signature=("lhs, rhs, dimension_numbers: Attr, feature_group_count: I64, "
                     "batch_group_count: I64, window_strides: DenseI64Array?, padding: "
                     "I64Elements?, lhs_dilation: DenseI64Array?, rhs_dilation: "
                     "DenseI64Array?, window_reversal: DenseBoolArray?, precision_config: "
                     "Attr? -> result"),
          verify=_verify_convolution, reference=_convolution,
          syntax="convolution", cost=CONVOLUTION)


def _verify_dynamic_conv(op: Operation) -> None:
    padding = op.operand_types[2]
    spatial = op.operand_types[0].rank - 2
    if padding.is_static and tuple(padding.shape) != (spatial, 2):
        _fail(f"padding operand has shape {list(padding.shape)}, expected [{spatial}, 2]")
    if has_dynamic_shapes(op):
        return
    _ConvSpec(op, ((0, 0),) * spatial)  # attribute checks; shapes wait for the padding


def _dynamic_conv(op: Operation, ctx):
    """convolution with the padding given as an operand at run time."""
    reject_quantized(op)
    result_shape = tuple(op.result_types[0].shape)
    kernels: dict[tuple, object] = {}  # one compiled convolution per padding seen

    def kernel(lhs, rhs, padding):
        key = tuple((int(lo), int(hi)) for lo, hi in np.asarray(padding).reshape(-1, 2))
        if key not in kernels:
            spec = _ConvSpec(op, key)
            if len(spec.expected_shape) != len(result_shape) or any(
                    d is not None and d != e  # a dynamic result dimension takes any size
                    for d, e in zip(result_shape, spec.expected_shape)):
                raise ValueError(f"padding {[list(p) for p in key]} gives result shape "
                                 f"{list(spec.expected_shape)}, not {list(result_shape)}")
            kernels[key] = _conv_kernel(op, spec)
        return kernels[key](lhs, rhs)

    return kernel


define_op("stablehlo.dynamic_conv",
          signature=("lhs, rhs, padding, dimension_numbers: Attr, feature_group_count: I64, "
                     "batch_group_count: I64, window_strides: DenseI64Array?, lhs_dilation: "
                     "DenseI64Array?, rhs_dilation: DenseI64Array?, window_reversal: "
                     "DenseBoolArray?, precision_config: Attr? -> result"),
          verify=_verify_dynamic_conv, reference=_dynamic_conv,
          no_hlo=True)


# -- chlo.ragged_dot -----------------------------------------------------------------


def _ragged_numbers(op: Operation):
    numbers = op.attributes.get("ragged_dot_dimension_numbers")
    if numbers is None:
        _fail("ragged_dot needs a ragged_dot_dimension_numbers attribute")
    return numbers


def _verify_ragged_dot(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    n = _ragged_numbers(op)
    lhs, rhs, group_sizes = op.operand_types
    if len(n.lhs_ragged_dimensions) != 1:
        _fail("ragged_dot needs exactly one lhs ragged dimension")
    if len(n.rhs_group_dimensions) > 1:
        _fail("ragged_dot takes at most one rhs group dimension")
    _check_dims("lhs dimensions", (*n.lhs_batching_dimensions, *n.lhs_contracting_dimensions,
                                   *n.lhs_ragged_dimensions), lhs.rank)
    _check_dims("rhs dimensions", (*n.rhs_batching_dimensions, *n.rhs_contracting_dimensions,
                                   *n.rhs_group_dimensions), rhs.rank)


def _ragged_dot(op: Operation, ctx):
    reject_quantized(op)
    return ragged_dot_kernel(op)


def ragged_dot_kernel(op: Operation, xp=np, matmul: Callable | None = None) -> Callable:
    """chlo.ragged_dot as one masked product per group (no group size read
    back: jaxlib-gpu runs it on the device with ``xp`` CuPy and its ``matmul``)."""
    n = _ragged_numbers(op)
    lhs_type, rhs_type, _ = op.operand_types
    acc = accumulation_dtype(_element_types(op))
    out_dtype = numpy_dtype(op.result_types[0].element_type)
    ragged = n.lhs_ragged_dimensions[0]
    lhs_batch, rhs_batch = tuple(n.lhs_batching_dimensions), tuple(n.rhs_batching_dimensions)
    lhs_contract = tuple(n.lhs_contracting_dimensions)
    rhs_contract = tuple(n.rhs_contracting_dimensions)
    group_dim = n.rhs_group_dimensions[0] if n.rhs_group_dimensions else None
    # Without the group dimension, rhs batch dims shift down past it.
    rhs_batch_ng = tuple(d - (group_dim is not None and d > group_dim) for d in rhs_batch)
    rhs_contract_ng = tuple(d - (group_dim is not None and d > group_dim) for d in rhs_contract)
    if ragged in lhs_contract:
        mode = "contracting"
    elif ragged in lhs_batch:
        mode = "batch"
    else:
        mode = "non_contracting"
    if mode == "non_contracting" and group_dim is None:
        _fail("ragged_dot with a ragged non-contracting dimension needs an rhs group "
              "dimension")
    if mode != "non_contracting" and group_dim is not None:
        _fail(f"ragged_dot with a ragged {mode} dimension takes no rhs group dimension")
    ragged_size = lhs_type.shape[ragged]
    lhs_rank = lhs_type.rank

    def group_masks(group_sizes: np.ndarray, lhs_shape) -> np.ndarray:
        """[g, *lhs_shape] booleans: which lhs elements belong to group g."""
        sizes = group_sizes.astype(np.int64)
        ends = xp.cumsum(sizes, axis=-1)
        starts = ends - sizes
        position = xp.arange(ragged_size)
        # masks over (batch-prefix..., g, ragged)
        inside = ((position >= starts[..., None]) & (position < ends[..., None]))
        g = sizes.shape[-1]
        mask_shape = [1] * lhs_rank
        masks = []
        for gi in range(g):
            m = inside[..., gi, :]
            shape = list(mask_shape)
            shape[ragged] = ragged_size
            if m.ndim > 1:  # per-batch group sizes: leading dims follow lhs batch dims
                for axis, d in enumerate(lhs_batch[:m.ndim - 1]):
                    shape[d] = m.shape[axis]
                order = list(lhs_batch[:m.ndim - 1]) + [ragged]
                m = m.transpose(tuple(int(i) for i in np.argsort(order)))
            masks.append(xp.broadcast_to(m.reshape(shape), lhs_shape))
        return xp.stack(masks) if masks else xp.zeros((0, *lhs_shape), bool)

    def kernel(lhs, rhs, group_sizes):
        x, w = lhs.astype(acc), rhs.astype(acc)
        masks = group_masks(group_sizes, x.shape)
        if mode == "contracting":
            parts = [dot_general_arrays(xp.where(m, x, 0), w, lhs_batch, rhs_batch,
                                        lhs_contract, rhs_contract, xp, matmul) for m in masks]
            return (to_result(xp.stack(parts), out_dtype, xp),)
        if mode == "batch":
            covered = masks.any(axis=0)
            values = dot_general_arrays(xp.where(covered, x, 0), w, lhs_batch, rhs_batch,
                                        lhs_contract, rhs_contract, xp, matmul)
            return (to_result(values, out_dtype, xp),)
        total = None
        for g, m in enumerate(masks):
            wg = xp.take(w, g, axis=group_dim)
            part = dot_general_arrays(xp.where(m, x, 0), wg, lhs_batch, rhs_batch_ng,
                                      lhs_contract, rhs_contract_ng, xp, matmul)
            total = part if total is None else total + part
        if total is None:
            total = xp.zeros(op.result_types[0].shape, acc)
        return (to_result(total, out_dtype, xp),)

    return kernel


define_op("chlo.ragged_dot",
          signature=("lhs, rhs, group_sizes, ragged_dot_dimension_numbers: Attr, "
                     "precision_config: Attr? -> result"),
          verify=_verify_ragged_dot, reference=_ragged_dot)


# -- triangular_solve and cholesky -------------------------------------------------------


def _solve_dtype(element_type: str) -> np.dtype:
    """Narrow floats solve in f32; the BLAS types (f32/f64/complex) in their own."""
    dtype = numpy_dtype(element_type)
    if dtype in BLAS_DTYPES:
        return dtype
    return np.dtype(np.float32)


def _verify_triangular_solve(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    a, b = op.operand_types
    if a.rank < 2 or a.shape[-1] != a.shape[-2]:
        _fail(f"a must be a batch of square matrices, got {a}")
    if b.rank != a.rank or a.shape[:-2] != b.shape[:-2]:
        _fail(f"a {a} and b {b} have different batch dimensions")
    side = b.shape[-2] if op.attributes.get("left_side") else b.shape[-1]
    if side != a.shape[-1]:
        _fail(f"b {b} does not match a {a} on the solved side")
    if op.result_types[0].shape != b.shape:
        _fail("result shape must equal the shape of b")
    transpose = op.attributes.get("transpose_a")
    if isinstance(transpose, Transpose) and transpose.value == "TRANSPOSE_INVALID":
        _fail("transpose_a TRANSPOSE_INVALID is not a valid choice")


def forward_substitution(lower: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Solves ``lower @ x = b`` for batches of lower-triangular matrices
    ``[..., n, n]`` and right-hand sides ``[..., n, m]``. A zero pivot gives
    inf/NaN, as LAPACK's trsm does, instead of an error."""
    n = lower.shape[-1]
    x = np.zeros(b.shape, np.result_type(lower, b))
    for i in range(n):
        partial = np.matmul(lower[..., i:i + 1, :i], x[..., :i, :])
        x[..., i, :] = (b[..., i, :] - partial[..., 0, :]) / lower[..., i, i][..., None]
    return x


def _triangular_solve(op: Operation, ctx):
    reject_quantized(op)
    left = bool(op.attributes.get("left_side"))
    lower = bool(op.attributes.get("lower"))
    unit = bool(op.attributes.get("unit_diagonal"))
    transpose = op.attributes.get("transpose_a")
    mode = transpose.value if isinstance(transpose, Transpose) else "NO_TRANSPOSE"
    if mode == "TRANSPOSE_INVALID":
        _fail("transpose_a TRANSPOSE_INVALID is not a valid choice")
    dtype = _solve_dtype(op.operand_types[0].element_type)
    out = numpy_dtype(op.result_types[0].element_type)
    swap = lambda m: np.swapaxes(m, -1, -2)  # noqa: E731

    def kernel(a, b):
        a, b = a.astype(dtype), b.astype(dtype)
        n = a.shape[-1]
        tri = np.tril(a) if lower else np.triu(a)
        if unit:
            tri = tri.copy()
            tri[..., np.arange(n), np.arange(n)] = 1
        matrix = {"NO_TRANSPOSE": tri, "TRANSPOSE": swap(tri),
                  "ADJOINT": np.conj(swap(tri))}[mode]
        rhs = b
        if not left:  # x @ M = b  <=>  M^T @ x^T = b^T
            matrix, rhs = swap(matrix), swap(b)
        is_lower = (lower == (mode == "NO_TRANSPOSE")) == left
        if not is_lower:  # reverse the unknowns: an upper system becomes lower
            x = np.flip(forward_substitution(np.flip(matrix, (-1, -2)), np.flip(rhs, -2)), -2)
        else:
            x = forward_substitution(matrix, rhs)
        if not left:
            x = swap(x)
        return (np.array(x.astype(out)),)

    return kernel


define_op("stablehlo.triangular_solve",
          signature=("a, b, left_side: Bool, lower: Bool, unit_diagonal: Bool, transpose_a: "
                     "Attr => result"),
          infer=same_as_operand(1),
          verify=_verify_triangular_solve,
          reference=_triangular_solve)


def _verify_cholesky(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    a = op.operand_types[0]
    if a.rank < 2 or a.shape[-1] != a.shape[-2]:
        _fail(f"cholesky takes a batch of square matrices, got {a}")
    if op.result_types[0].shape != a.shape:
        _fail("cholesky result shape must equal the operand shape")


def _cholesky(op: Operation, ctx):
    reject_quantized(op)
    lower = bool(op.attributes.get("lower", False))
    dtype = _solve_dtype(op.operand_types[0].element_type)
    out = numpy_dtype(op.result_types[0].element_type)

    def factor(matrices: np.ndarray) -> np.ndarray:
        try:
            return np.linalg.cholesky(matrices)
        except np.linalg.LinAlgError:  # not positive definite: NaN, as XLA CPU gives
            flat = matrices.reshape(-1, *matrices.shape[-2:])
            result = np.empty_like(flat)
            for i, m in enumerate(flat):
                try:
                    result[i] = np.linalg.cholesky(m)
                except np.linalg.LinAlgError:
                    result[i] = np.nan
            return result.reshape(matrices.shape)

    def kernel(a):
        a = a.astype(dtype)
        if lower:  # numpy reads the lower triangle only
            result = factor(a)
        else:  # a = U^H U: factor the lower triangle of a^H (a's upper triangle)
            result = np.conj(np.swapaxes(factor(np.conj(np.swapaxes(a, -1, -2))), -1, -2))
        return (np.array(result.astype(out)),)

    return kernel


define_op("stablehlo.cholesky",
          signature="a, lower: Bool? => result",
          infer=same_as_operand(0),
          verify=_verify_cholesky, reference=_cholesky, syntax=ITEMS)
# Parsed, not executed (deprecated ops, which frameworks no longer emit).
define_op("stablehlo.einsum",
          signature="lhs, rhs, einsum_config: Str -> result",
          syntax=ITEMS, no_hlo=True)
define_op("stablehlo.unary_einsum",
          signature="operand, einsum_config: Str -> result",
          syntax=ITEMS, no_hlo=True)


# -- batch_norm -------------------------------------------------------------------------


def _feature_index(op: Operation) -> int:
    index = int(op.attributes.get("feature_index", 0))
    rank = op.operand_types[0].rank
    if not 0 <= index < rank:
        _fail(f"feature_index {index} out of range for rank {rank}")
    return index


def _verify_batch_norm(op: Operation) -> None:
    if has_dynamic_shapes(op):
        return
    index = _feature_index(op)
    operand = op.operand_types[0]
    features = operand.shape[index]
    for i, t in enumerate(op.operand_types[1:], start=1):
        if op.name == "stablehlo.batch_norm_grad" and i == 4:
            if t.shape != operand.shape:
                _fail("grad_output must have the operand's shape")
            continue
        if t.shape != (features,):
            _fail(f"operand {i} has shape {list(t.shape)}, expected [{features}]")
    if op.result_types[0].shape != operand.shape:
        _fail("the first result must have the operand's shape")
    for t in op.result_types[1:]:
        if t.shape != (features,):
            _fail(f"per-feature results must have shape [{features}]")


class _BatchNormShapes:
    def __init__(self, op: Operation):
        self.index = _feature_index(op)
        self.epsilon = float(op.attributes.get("epsilon", 0.0))
        rank = op.operand_types[0].rank
        self.axes = tuple(d for d in range(rank) if d != self.index)
        self.dtype = _solve_dtype(op.operand_types[0].element_type)
        self.out = [numpy_dtype(t.element_type) for t in op.result_types]
        self.rank = rank

    def per_feature(self, v: np.ndarray) -> np.ndarray:
        """A [features] vector shaped to broadcast along feature_index."""
        shape = [1] * self.rank
        shape[self.index] = v.shape[0]
        return v.astype(self.dtype).reshape(shape)

    def results(self, *values: np.ndarray) -> tuple:
        return tuple(np.array(np.asarray(v).astype(d))
                     for v, d in zip(values, self.out))


def _batch_norm_inference(op: Operation, ctx):
    reject_quantized(op)
    s = _BatchNormShapes(op)

    def kernel(operand, scale, offset, mean, variance):
        x = operand.astype(s.dtype)
        normalized = (x - s.per_feature(mean)) / np.sqrt(s.per_feature(variance) + s.epsilon)
        return s.results(normalized * s.per_feature(scale) + s.per_feature(offset))

    return kernel


def _batch_norm_training(op: Operation, ctx):
    reject_quantized(op)
    s = _BatchNormShapes(op)

    def kernel(operand, scale, offset):
        x = operand.astype(s.dtype)
        mean = x.mean(axis=s.axes)
        variance = np.square(x - s.per_feature(mean)).mean(axis=s.axes)
        normalized = (x - s.per_feature(mean)) / np.sqrt(s.per_feature(variance) + s.epsilon)
        return s.results(normalized * s.per_feature(scale) + s.per_feature(offset),
                         mean, variance)

    return kernel


def _batch_norm_grad(op: Operation, ctx):
    reject_quantized(op)
    s = _BatchNormShapes(op)

    def kernel(operand, scale, mean, variance, grad_output):
        x, dy = operand.astype(s.dtype), grad_output.astype(s.dtype)
        count = x.size / x.shape[s.index] if x.size else 0.0
        centered = x - s.per_feature(mean)
        var_eps = s.per_feature(variance) + s.epsilon
        stddev = np.sqrt(var_eps)
        sum_dy = dy.sum(axis=s.axes)
        sum_dy_centered = (dy * centered).sum(axis=s.axes)
        # XLA's batchnorm_expander formula, as the spec gives it.
        i6 = (dy * count - s.per_feature(sum_dy)
              - s.per_feature(sum_dy_centered) * centered / var_eps)
        grad_operand = s.per_feature(scale) / stddev / count * i6
        grad_scale = (dy * (centered / stddev)).sum(axis=s.axes)
        return s.results(grad_operand, grad_scale, sum_dy)

    return kernel


define_op("stablehlo.batch_norm_inference",
          signature=("operand, scale, offset, mean, variance, epsilon: F32, feature_index: "
                     "I64 => result"),
          infer=same_as_operand(0),
          verify=_verify_batch_norm,
          reference=_batch_norm_inference)
define_op("stablehlo.batch_norm_training",
          signature=("operand, scale, offset, epsilon: F32, feature_index: I64 => output, "
                     "batch_mean, batch_var"),
          infer=infer_batch_norm_training,
          verify=_verify_batch_norm,
          reference=_batch_norm_training)
define_op("stablehlo.batch_norm_grad",
          signature=("operand, scale, mean, variance, grad_output, epsilon: F32, "
                     "feature_index: I64 => grad_operand, grad_scale, grad_offset"),
          infer=infer_batch_norm_grad,
          verify=_verify_batch_norm, reference=_batch_norm_grad)
