"""Native lowerings of ``dot_general``/``dot`` and ``convolution`` onto BLAS GEMM.

Both kernels call scipy's ``cython_blas`` ``?gemm``, whose address is passed as
an int parameter. Only the BLAS types (f32/f64/c64/c128: element_types.py's
BLAS_PREFIX) with one element type throughout are native, and products and
convolutions of bfloat16 or float16 operands (the f32 kernel on widened
operands, each result rounded once into their type or left f32, as XLA's CPU
backend: kernels/widened.h); integers, other low-precision floats and mixed
types use the reference.
"""

from __future__ import annotations

import ctypes
import functools
import math
from collections.abc import Sequence

from jaxlib._src.backends.cpu.native_lowerings import NativeKernel, native_lowering
from jaxlib._src.ir.attributes import DotDimensionNumbers
from jaxlib._src.ir.core import Operation
from jaxlib._src.ir.element_types import BLAS_PREFIX
from jaxlib._src.ir.types import TensorType
from jaxlib._src.ops.linalg import SEQUENTIAL_COMPLEX_LIMIT, _ConvSpec


@functools.cache
def gemm_address(element_type: str) -> int:
    """The address of scipy's cython_blas ``?gemm`` for this element type."""
    from scipy.linalg import cython_blas

    capsule = cython_blas.__pyx_capi__[BLAS_PREFIX[element_type] + "gemm"]
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype, get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object,
                                                                  ctypes.c_char_p]
    return int(get_pointer(capsule, get_name(capsule)))


def blas_element_type(op: Operation) -> str | None:
    """The one BLAS element type of all operands and results, else None."""
    types = [*op.operand_types, *op.result_types]
    if not all(isinstance(t, TensorType) and t.is_static for t in types):
        return None
    element_types = {t.element_type for t in types}
    if len(element_types) != 1:
        return None
    (element_type,) = element_types
    return element_type if element_type in BLAS_PREFIX else None


# Operand types the dot and convolution kernels widen to f32 (kernels/widened.h).
_WIDENED = ("bf16", "f16")


def gemm_element_type(op: Operation) -> str | None:
    """The element type a product's or convolution's GEMM computes in: the one
    BLAS type of blas_element_type, or f32 for two bfloat16 (float16) operands
    whose result is of their type or f32; None when the kernels have no such op."""
    element_type = blas_element_type(op)
    if element_type is not None:
        return element_type
    types = [*op.operand_types, *op.result_types]
    if len(types) != 3 or not all(isinstance(t, TensorType) and t.is_static for t in types):
        return None
    lhs, rhs, result = (t.element_type for t in types)
    if lhs == rhs and lhs in _WIDENED and result in (lhs, "f32"):
        return "f32"
    return None


def row_major_strides(shape: Sequence[int]) -> list[int]:
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    return strides


class _NotMergeable(Exception):
    pass


def merged_stride(shape: Sequence[int], strides: Sequence[int], dims: Sequence[int]) -> int | None:
    """The one stride that walks ``dims`` (in this order) as a single flattened
    index; None when any stride works (at most one element). Raises
    _NotMergeable when the dims are not laid out consecutively in that order."""
    dims = [d for d in dims if shape[d] != 1]
    if not dims or any(shape[d] == 0 for d in dims):
        return None
    for outer, inner in zip(dims, dims[1:]):
        if strides[outer] != strides[inner] * shape[inner]:
            raise _NotMergeable
    return strides[dims[-1]]


def matrix_layout(shape: Sequence[int], strides: Sequence[int], row_dims: Sequence[int],
                  col_dims: Sequence[int]) -> tuple[int, int] | None:
    """(trans, ld) reading the rows x cols matrix in place, or None when its
    rows and columns cannot both be single strides with one of them 1."""
    rows = math.prod(shape[d] for d in row_dims)
    cols = math.prod(shape[d] for d in col_dims)
    if rows == 0 or cols == 0:
        return 0, max(1, cols)  # never read
    try:
        row_stride = merged_stride(shape, strides, row_dims)
        col_stride = merged_stride(shape, strides, col_dims)
    except _NotMergeable:
        return None
    if col_stride in (None, 1) and (row_stride is None or row_stride >= max(1, cols)):
        return 0, row_stride if row_stride is not None else max(1, cols)
    if row_stride in (None, 1) and (col_stride is None or col_stride >= max(1, rows)):
        return 1, col_stride if col_stride is not None else max(1, rows)
    return None


def operand_params(side: str, shape: Sequence[int], batch: Sequence[int],
                   row_dims: Sequence[int], col_dims: Sequence[int],
                   transpose: Sequence[int] | None = None) -> dict:
    """Kernel params reading one operand as a batch of rows x cols matrices,
    packing it (batch, rows, cols order) when it cannot be read in place.
    With ``transpose``, the operand is that transpose of the buffer the kernel
    gets (dim d of the operand is dim transpose[d] of the buffer), read in
    place through strides instead of being transposed first."""
    if transpose is None:
        strides = row_major_strides(shape)
    else:
        source_shape = [0] * len(shape)
        for d, s in zip(transpose, shape):
            source_shape[d] = s
        source_strides = row_major_strides(source_shape)
        strides = [source_strides[d] for d in transpose]
    layout = matrix_layout(shape, strides, row_dims, col_dims)
    params: dict = {f"{side}_pack": 0}
    if layout is None:
        perm = [*batch, *row_dims, *col_dims]
        params[f"{side}_pack"] = 1
        if perm:
            # The kernel packs its buffer, so the order is in buffer dims.
            params[f"{side}_perm"] = perm if transpose is None else [transpose[d] for d in perm]
        shape = [shape[d] for d in perm]
        strides = row_major_strides(shape)
        n_batch, n_rows = len(batch), len(row_dims)
        batch = list(range(n_batch))
        layout = matrix_layout(shape, strides, range(n_batch, n_batch + n_rows),
                               range(n_batch + n_rows, len(perm)))
        assert layout is not None  # a packed operand is row-major
    if batch:
        params[f"{side}_batch_strides"] = [strides[d] for d in batch]
    params[f"{side}_trans"], params[f"{side}_ld"] = layout
    return params


def _contract_orders(lhs_contract: Sequence[int], rhs_contract: Sequence[int]):
    """Candidate orders of the contracting pairs: as given, in lhs memory
    order, in rhs memory order (any consistent order gives the same sum)."""
    pairs = list(zip(lhs_contract, rhs_contract))
    yield pairs
    yield sorted(pairs)
    yield sorted(pairs, key=lambda p: p[1])


def dot_general_params(lhs_shape: Sequence[int], rhs_shape: Sequence[int],
                       lhs_batch: Sequence[int], rhs_batch: Sequence[int],
                       lhs_contract: Sequence[int], rhs_contract: Sequence[int],
                       lhs_transpose: Sequence[int] | None = None,
                       rhs_transpose: Sequence[int] | None = None) -> dict:
    """The ``dot_general`` kernel params (without the gemm address)."""
    lhs_free = [d for d in range(len(lhs_shape)) if d not in lhs_batch and d not in lhs_contract]
    rhs_free = [d for d in range(len(rhs_shape)) if d not in rhs_batch and d not in rhs_contract]
    params: dict = {
        "m": math.prod(lhs_shape[d] for d in lhs_free),
        "n": math.prod(rhs_shape[d] for d in rhs_free),
        "k": math.prod(lhs_shape[d] for d in lhs_contract),
    }
    if lhs_batch:
        params["batch_sizes"] = [lhs_shape[d] for d in lhs_batch]
    best = None
    for pairs in _contract_orders(lhs_contract, rhs_contract):
        lc, rc = [p[0] for p in pairs], [p[1] for p in pairs]
        candidate = {**operand_params("lhs", lhs_shape, lhs_batch, lhs_free, lc, lhs_transpose),
                     **operand_params("rhs", rhs_shape, rhs_batch, rc, rhs_free, rhs_transpose)}
        packed = (candidate["lhs_pack"] * math.prod(lhs_shape)
                  + candidate["rhs_pack"] * math.prod(rhs_shape))
        if best is None or packed < best[0]:
            best = (packed, candidate)
        if packed == 0:
            break
    params.update(best[1])
    return params


def _valid_dot(lhs_shape, rhs_shape, result_shape, lhs_batch, rhs_batch, lhs_contract,
               rhs_contract) -> bool:
    """Whether the dimension numbers are consistent (the verifier's checks, so
    that an unverified op falls back instead of failing here)."""
    for shape, batch, contract in ((lhs_shape, lhs_batch, lhs_contract),
                                   (rhs_shape, rhs_batch, rhs_contract)):
        dims = (*batch, *contract)
        if len(set(dims)) != len(dims) or any(not 0 <= d < len(shape) for d in dims):
            return False
    if len(lhs_batch) != len(rhs_batch) or len(lhs_contract) != len(rhs_contract):
        return False
    if any(lhs_shape[a] != rhs_shape[b] for a, b in zip((*lhs_batch, *lhs_contract),
                                                        (*rhs_batch, *rhs_contract))):
        return False
    expected = ([lhs_shape[d] for d in lhs_batch]
                + [s for d, s in enumerate(lhs_shape) if d not in (*lhs_batch, *lhs_contract)]
                + [s for d, s in enumerate(rhs_shape) if d not in (*rhs_batch, *rhs_contract)])
    return list(result_shape) == expected


def dot_dimensions(op: Operation) -> tuple[tuple[int, ...], ...] | None:
    """(lhs batch, rhs batch, lhs contracting, rhs contracting) of a dot."""
    lhs_shape, rhs_shape = (tuple(t.shape) for t in op.operand_types)
    if op.name == "stablehlo.dot":
        if len(lhs_shape) not in (1, 2) or len(rhs_shape) not in (1, 2):
            return None
        return (), (), (len(lhs_shape) - 1,), (0,)
    numbers = op.attributes.get("dot_dimension_numbers")
    if not isinstance(numbers, DotDimensionNumbers):
        return None
    dims = (numbers.lhs_batching_dimensions, numbers.rhs_batching_dimensions,
            numbers.lhs_contracting_dimensions, numbers.rhs_contracting_dimensions)
    return tuple(tuple(int(d) for d in ds) for ds in dims)


def dot_kernel(element_type: str | None, lhs_shape: Sequence[int], rhs_shape: Sequence[int],
               result_shape: Sequence[int], dims: tuple[tuple[int, ...], ...],
               transposes: Sequence[Sequence[int] | None] = (None, None)
               ) -> NativeKernel | None:
    """The dot_general kernel for these shapes and dimension numbers;
    ``transposes[i]``: operand i is that transpose of the buffer the kernel
    gets instead (see operand_params)."""
    if element_type is None:
        return None
    lhs_batch, rhs_batch, lhs_contract, rhs_contract = dims
    if not _valid_dot(lhs_shape, rhs_shape, tuple(result_shape), lhs_batch, rhs_batch,
                      lhs_contract, rhs_contract):
        return None
    k = math.prod(lhs_shape[d] for d in lhs_contract)
    if element_type.startswith("complex") and k <= SEQUENTIAL_COMPLEX_LIMIT:
        # The reference sums short complex dots in index order (XLA's bits);
        # blocked cgemm would differ in the last bits.
        return None
    params = dot_general_params(lhs_shape, rhs_shape, lhs_batch, rhs_batch,
                                lhs_contract, rhs_contract, *transposes)
    params["gemm"] = gemm_address(element_type)
    return NativeKernel("dot_general", params)


@native_lowering("stablehlo.dot_general", "stablehlo.dot")
def lower_dot_general(op: Operation,
                      transposes: Sequence[Sequence[int] | None] = (None, None)
                      ) -> NativeKernel | None:
    if len(op.operands) != 2:
        return None
    dims = dot_dimensions(op)
    if dims is None:
        return None
    lhs_shape, rhs_shape = (tuple(t.shape) for t in op.operand_types)
    return dot_kernel(gemm_element_type(op), lhs_shape, rhs_shape,
                      tuple(op.result_types[0].shape), dims, transposes)


@native_lowering("stablehlo.convolution")
def lower_convolution(op: Operation) -> NativeKernel | None:
    element_type = gemm_element_type(op)
    if element_type is None or len(op.operands) != 2:
        return None
    try:
        spec = _ConvSpec(op)
    except ValueError:
        return None
    if tuple(op.result_types[0].shape) != spec.expected_shape:
        return None
    dn = spec.dn
    params = {
        "gemm": gemm_address(element_type),
        "input_batch_dim": dn.input_batch_dimension,
        "input_feature_dim": dn.input_feature_dimension,
        "kernel_input_feature_dim": dn.kernel_input_feature_dimension,
        "kernel_output_feature_dim": dn.kernel_output_feature_dimension,
        "output_batch_dim": dn.output_batch_dimension,
        "output_feature_dim": dn.output_feature_dimension,
        "feature_group_count": spec.feature_groups,
        "batch_group_count": spec.batch_groups,
    }
    spatial_lists = {
        "input_spatial_dims": dn.input_spatial_dimensions,
        "kernel_spatial_dims": dn.kernel_spatial_dimensions,
        "output_spatial_dims": dn.output_spatial_dimensions,
        "window_strides": spec.strides,
        "lhs_dilation": spec.lhs_dilation,
        "rhs_dilation": spec.rhs_dilation,
        "padding_low": [lo for lo, _ in spec.padding],
        "padding_high": [hi for _, hi in spec.padding],
        "window_reversal": [int(r) for r in spec.reversal],
    }
    for key, values in spatial_lists.items():
        if len(values):  # an empty list would not arrive as ints
            params[key] = [int(v) for v in values]
    return NativeKernel("convolution", params)
