"""Native dot_general and convolution kernels (BLAS GEMM) against the
reference kernels: dimension numbers, layouts, element types, sizes."""

from __future__ import annotations

import math

import numpy as np
import pytest

from jaxlib._src.backends.cpu import native
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.attributes import ConvDimensionNumbers, DotDimensionNumbers
from jaxlib._src.ir.core import Block, Operation
from jaxlib._src.ir.element_types import BLAS_TYPES, BY_MLIR
from jaxlib._src.ir.types import TensorType, numpy_dtype
from jaxlib._src.ops import registry
from jaxlib._src.ops.linalg import _ConvSpec


def test_the_dot_kernels_are_built():
    assert {"dot_general", "convolution"} <= set(native.cpu.registered_kernels())

# The BLAS types (the kernels' element types) and their numpy types.
DTYPES = {t: BY_MLIR[t].dtype.type for t in BLAS_TYPES}
# Relative to the magnitude of the result: BLAS blocks sums differently.
TOLERANCE = {"f32": 2e-5, "f64": 1e-12, "complex<f32>": 2e-5, "complex<f64>": 1e-12}


def random_array(shape, element_type: str, rng) -> np.ndarray:
    dtype = DTYPES[element_type]
    values = rng.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def make_op(name: str, operand_shapes, result_shape, element_type: str,
            attributes: dict) -> Operation:
    block = Block([TensorType(tuple(s), element_type) for s in operand_shapes])
    return Operation(name, block.arguments, [TensorType(tuple(result_shape), element_type)],
                     attributes)


def check_native(op: Operation, element_type: str, rng=None) -> None:
    """Runs op natively and through its reference kernel; they must agree."""
    rng = rng or np.random.default_rng(0)
    kernel = native.lower_op(op)
    assert kernel is not None, "expected a native kernel"
    inputs = [random_array(t.shape, element_type, rng) for t in op.operand_types]
    dtype, shape = native.tensor_spec(op.result_types[0])
    out = np.empty(shape, dtype)
    native.cpu.run_kernel(kernel, inputs, [out])  # inputs are C-contiguous, rank 0 too
    (expected,) = registry.REFERENCE_KERNELS[op.name](op, None)(*inputs)
    assert out.shape == expected.shape and out.dtype == expected.dtype
    scale = max(1.0, float(np.abs(expected).max(initial=0.0)))
    np.testing.assert_allclose(out, expected, rtol=0, atol=TOLERANCE[element_type] * scale)


# -- dot_general -------------------------------------------------------------------


def dot_op(lhs_shape, rhs_shape, element_type="f32", lhs_batch=(), rhs_batch=(),
           lhs_contract=(), rhs_contract=()) -> Operation:
    lhs_free = [d for d in range(len(lhs_shape)) if d not in (*lhs_batch, *lhs_contract)]
    rhs_free = [d for d in range(len(rhs_shape)) if d not in (*rhs_batch, *rhs_contract)]
    result = ([lhs_shape[d] for d in lhs_batch] + [lhs_shape[d] for d in lhs_free]
              + [rhs_shape[d] for d in rhs_free])
    numbers = DotDimensionNumbers(tuple(lhs_batch), tuple(rhs_batch), tuple(lhs_contract),
                                  tuple(rhs_contract))
    return make_op("stablehlo.dot_general", [lhs_shape, rhs_shape], result, element_type,
                   {"dot_dimension_numbers": numbers})


# (lhs shape, rhs shape, lhs batch, rhs batch, lhs contract, rhs contract)
DOT_CASES = {
    "matmul": ((5, 7), (7, 3), (), (), (1,), (0,)),
    "lhs_transposed": ((7, 5), (7, 3), (), (), (0,), (0,)),
    "rhs_transposed": ((5, 7), (3, 7), (), (), (1,), (1,)),
    "both_transposed": ((7, 5), (3, 7), (), (), (0,), (1,)),
    "matrix_vector": ((6, 9), (9,), (), (), (1,), (0,)),
    "vector_matrix": ((9,), (9, 4), (), (), (0,), (0,)),
    "vector_vector": ((9,), (9,), (), (), (0,), (0,)),
    "outer_product": ((4,), (3,), (), (), (), ()),
    "scalar_times_matrix": ((), (3, 4), (), (), (), ()),
    "batch_leading": ((2, 3, 4), (2, 4, 5), (0,), (0,), (2,), (1,)),
    "attention_qk": ((2, 3, 6, 4), (2, 3, 5, 4), (0, 1), (0, 1), (3,), (3,)),
    "attention_pv": ((2, 3, 6, 5), (2, 3, 5, 4), (0, 1), (0, 1), (3,), (2,)),
    "batch_in_middle": ((3, 2, 4), (4, 2, 5), (1,), (1,), (2,), (0,)),
    "batch_last": ((3, 4, 2), (4, 5, 2), (2,), (2,), (1,), (0,)),
    "batch_order_swapped": ((2, 3, 4, 5), (3, 2, 5, 6), (0, 1), (1, 0), (3,), (2,)),
    "two_contracting": ((3, 4, 5), (4, 5, 6), (), (), (1, 2), (0, 1)),
    "contracting_pairs_reversed": ((3, 4, 5), (5, 4, 6), (), (), (1, 2), (1, 0)),
    "contracting_interleaved": ((4, 3, 5), (5, 6, 4), (), (), (0, 2), (2, 0)),
    "several_free": ((2, 3, 4), (4, 5, 6), (), (), (2,), (0,)),
    "free_split_by_contracting": ((2, 4, 3), (4, 5), (), (), (1,), (0,)),
    "rank0_result": ((6,), (6,), (), (), (0,), (0,)),
    "batch_only": ((3, 4), (3, 4), (0, 1), (0, 1), (), ()),
    "size1_dims": ((1, 5, 1), (1, 1, 5, 3), (0,), (0,), (1,), (2,)),
    "zero_contracting": ((3, 0), (0, 4), (), (), (1,), (0,)),
    "zero_free": ((0, 4), (4, 3), (), (), (1,), (0,)),
    "zero_batch": ((0, 2, 4), (0, 4, 3), (0,), (0,), (2,), (1,)),
}


@pytest.mark.parametrize("element_type", ["f32", "f64"])
@pytest.mark.parametrize("case", sorted(DOT_CASES))
def test_dot_general_real(case, element_type):
    lhs, rhs, lb, rb, lc, rc = DOT_CASES[case]
    check_native(dot_op(lhs, rhs, element_type, lb, rb, lc, rc), element_type)


def random_dot_case(rng) -> tuple:
    """Random dimension numbers: shuffled batch, free and contracting dims."""
    n_batch, n_contract = rng.integers(0, 3), rng.integers(0, 3)
    n_lhs_free, n_rhs_free = rng.integers(0, 3), rng.integers(0, 3)
    batch = [int(v) for v in rng.integers(2, 4, n_batch)]
    contract = [int(v) for v in rng.integers(2, 6, n_contract)]

    def operand(n_free):
        kinds = ["b"] * n_batch + ["c"] * n_contract + ["f"] * n_free
        order = rng.permutation(len(kinds))
        shape, batch_dims, contract_dims = [0] * len(kinds), [0] * n_batch, [0] * n_contract
        counters = {"b": 0, "c": 0, "f": 0}
        for position, index in enumerate(order):
            kind = kinds[index]
            i = index - (0 if kind == "b" else n_batch if kind == "c" else n_batch + n_contract)
            counters[kind] += 1
            if kind == "b":
                shape[position], batch_dims[i] = batch[i], position
            elif kind == "c":
                shape[position], contract_dims[i] = contract[i], position
            else:
                shape[position] = int(rng.integers(1, 5))
        return shape, batch_dims, contract_dims

    lhs, lb, lc = operand(n_lhs_free)
    rhs, rb, rc = operand(n_rhs_free)
    return lhs, rhs, lb, rb, lc, rc


@pytest.mark.parametrize("seed", range(60))
def test_dot_general_random_dimension_numbers(seed):
    rng = np.random.default_rng(seed)
    lhs, rhs, lb, rb, lc, rc = random_dot_case(rng)
    check_native(dot_op(lhs, rhs, "f64", lb, rb, lc, rc), "f64", rng)


@pytest.mark.parametrize("element_type", ["complex<f32>", "complex<f64>"])
@pytest.mark.parametrize("case", ["matmul", "batch_in_middle", "two_contracting"])
def test_dot_general_complex_long_contraction(case, element_type):
    # Complex dots go native only past the reference's sequential-sum limit.
    lhs, rhs, lb, rb, lc, rc = DOT_CASES[case]
    lhs, rhs = list(lhs), list(rhs)
    for l_dim, r_dim in zip(lc, rc):
        lhs[l_dim] = rhs[r_dim] = 300 if len(lc) == 1 else 20
    check_native(dot_op(lhs, rhs, element_type, lb, rb, lc, rc), element_type)


def test_short_complex_dot_uses_the_reference():
    assert native.lower_op(dot_op((4, 8), (8, 3), "complex<f32>", (), (), (1,), (0,))) is None


@pytest.mark.parametrize("types", [("i32", "i32", "i32"), ("f32", "f32", "f64"),
                                   ("f32", "f64", "f64"), ("bf16", "f16", "f32"),
                                   ("bf16", "bf16", "f16"), ("f16", "f16", "f64")])
def test_other_element_types_use_the_reference(types):
    block = Block([TensorType((2, 3), types[0]), TensorType((3, 4), types[1])])
    op = Operation("stablehlo.dot_general", block.arguments, [TensorType((2, 4), types[2])],
                   {"dot_dimension_numbers": DotDimensionNumbers((), (), (1,), (0,))})
    assert native.lower_op(op) is None


@pytest.mark.parametrize("dims", [((0,), (0,), (1,), (1,)), ((), (), (2,), (0,)),
                                  ((), (), (1,), (1,)), ((1,), (0,), (0,), (1,))])
def test_inconsistent_dimension_numbers_fall_back(dims):
    numbers = DotDimensionNumbers(*dims)
    op = make_op("stablehlo.dot_general", [(2, 3), (3, 4)], (2, 4), "f32",
                 {"dot_dimension_numbers": numbers})
    assert native.lower_op(op) is None


@pytest.mark.parametrize("shapes", [((2, 3), (3, 4)), ((5,), (5, 2)), ((3, 5), (5,))])
def test_legacy_dot(shapes):
    lhs, rhs = shapes
    result = list(lhs[:-1]) + list(rhs[1:])
    check_native(make_op("stablehlo.dot", [lhs, rhs], result, "f64", {}), "f64")


def test_large_matmul():
    check_native(dot_op((300, 257), (257, 190), "f32", (), (), (1,), (0,)), "f32")


def test_many_small_products_run_on_the_thread_pool():
    check_native(dot_op((64, 8, 16), (64, 16, 8), "f32", (0,), (0,), (2,), (1,)), "f32")


def test_large_batched_transposed():
    check_native(dot_op((4, 2, 128, 64), (4, 2, 96, 64), "f32", (0, 1), (0, 1), (3,), (3,)),
                 "f32")


def test_packed_operand_with_batch():
    # The lhs free dims sit on both sides of the contracting dim: packed first.
    check_native(dot_op((3, 20, 6, 30), (6, 3, 7), "f64", (0,), (1,), (2,), (0,)), "f64")


def test_dot_general_parsed_from_text():
    text = """
func.func public @main(%a: tensor<2x4x8x16xf32>, %b: tensor<2x4x8x16xf32>)
    -> tensor<2x4x8x8xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0, 1] x [0, 1],
      contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT]
      : (tensor<2x4x8x16xf32>, tensor<2x4x8x16xf32>) -> tensor<2x4x8x8xf32>
  return %0 : tensor<2x4x8x8xf32>
}"""
    op = next(o for o in parse_module(text).walk() if o.name == "stablehlo.dot_general")
    check_native(op, "f32")


# -- convolution -------------------------------------------------------------------


def conv_op(layouts: tuple[str, str, str], input_shape, kernel_shape, element_type="f32",
            strides=None, padding=None, lhs_dilation=None, rhs_dilation=None, reversal=None,
            feature_groups=1, batch_groups=1) -> Operation:
    """A convolution with layouts written like "b01f", "01io", "bf01"."""
    lhs_layout, rhs_layout, out_layout = layouts
    spatial = len(lhs_layout) - 2
    numbers = ConvDimensionNumbers(
        input_batch_dimension=lhs_layout.index("b"),
        input_feature_dimension=lhs_layout.index("f"),
        input_spatial_dimensions=tuple(lhs_layout.index(str(i)) for i in range(spatial)),
        kernel_input_feature_dimension=rhs_layout.index("i"),
        kernel_output_feature_dimension=rhs_layout.index("o"),
        kernel_spatial_dimensions=tuple(rhs_layout.index(str(i)) for i in range(spatial)),
        output_batch_dimension=out_layout.index("b"),
        output_feature_dimension=out_layout.index("f"),
        output_spatial_dimensions=tuple(out_layout.index(str(i)) for i in range(spatial)))
    attributes = {"dimension_numbers": numbers, "feature_group_count": feature_groups,
                  "batch_group_count": batch_groups}
    for key, value in (("window_strides", strides), ("padding", padding),
                       ("lhs_dilation", lhs_dilation), ("rhs_dilation", rhs_dilation),
                       ("window_reversal", reversal)):
        if value is not None:
            attributes[key] = tuple(value)
    probe = make_op("stablehlo.convolution", [input_shape, kernel_shape], [0] * len(lhs_layout),
                    element_type, attributes)
    result = _ConvSpec(probe).expected_shape
    return make_op("stablehlo.convolution", [input_shape, kernel_shape], result, element_type,
                   attributes)


NCHW = ("bf01", "oi01", "bf01")
NHWC = ("b01f", "01io", "b01f")


def test_conv_resnet_like_nchw():
    check_native(conv_op(NCHW, (2, 8, 10, 10), (6, 8, 3, 3), padding=((1, 1), (1, 1))), "f32")


def test_conv_nhwc():
    check_native(conv_op(NHWC, (2, 9, 7, 5), (3, 3, 5, 4), padding=((1, 1), (1, 1))), "f32")


@pytest.mark.parametrize("element_type", sorted(DTYPES))
@pytest.mark.parametrize("layouts", [NCHW, NHWC, ("bf01", "01io", "b01f"),
                                     ("b01f", "oi01", "bf01"), ("fb01", "i01o", "f01b"),
                                     ("0bf1", "1oi0", "1f0b"), ("bf01", "oi01", "fb01")])
def test_conv_layouts_and_types(layouts, element_type):
    shapes = {"b": 2, "f": 3, "0": 6, "1": 5}
    kernel = {"o": 4, "i": 3, "0": 3, "1": 2}
    input_shape = [shapes[c] for c in layouts[0]]
    kernel_shape = [kernel[c] for c in layouts[1]]
    check_native(conv_op(layouts, input_shape, kernel_shape, element_type,
                         strides=(2, 1), padding=((1, 0), (2, 1))), element_type)


@pytest.mark.parametrize("layouts", [NCHW, NHWC])
@pytest.mark.parametrize("options", [
    {"strides": (2, 3)},
    {"padding": ((2, 1), (0, 3))},
    {"padding": ((-1, 0), (1, -2))},
    {"lhs_dilation": (2, 3), "padding": ((1, 1), (2, 2))},
    {"rhs_dilation": (2, 1)},
    {"reversal": (True, False)},
    {"lhs_dilation": (2, 1), "rhs_dilation": (1, 2), "strides": (3, 2),
     "padding": ((0, 2), (3, 1)), "reversal": (False, True)},
])
def test_conv_window_options(layouts, options):
    input_shape = (2, 4, 9, 8) if layouts == NCHW else (2, 9, 8, 4)
    kernel_shape = (5, 4, 3, 2) if layouts == NCHW else (3, 2, 4, 5)
    check_native(conv_op(layouts, input_shape, kernel_shape, "f64", **options), "f64")


@pytest.mark.parametrize("layouts", [NCHW, NHWC, ("b01f", "01io", "f01b")])
def test_conv_feature_groups(layouts):
    input_shape = (2, 6, 7, 7) if layouts[0] == "bf01" else (2, 7, 7, 6)
    kernel_shape = (9, 2, 3, 3) if layouts[1] == "oi01" else (3, 3, 2, 9)
    check_native(conv_op(layouts, input_shape, kernel_shape, padding=((1, 1), (1, 1)),
                         feature_groups=3), "f32")


def test_conv_depthwise():
    check_native(conv_op(NHWC, (2, 8, 8, 4), (3, 3, 1, 8), padding=((1, 1), (1, 1)),
                         feature_groups=4), "f32")


@pytest.mark.parametrize("layouts", [NCHW, NHWC])
def test_conv_batch_groups(layouts):
    input_shape = (6, 3, 5, 5) if layouts[0] == "bf01" else (6, 5, 5, 3)
    kernel_shape = (4, 3, 2, 2) if layouts[1] == "oi01" else (2, 2, 3, 4)
    check_native(conv_op(layouts, input_shape, kernel_shape, batch_groups=2), "f32")


@pytest.mark.parametrize("spatial", [0, 1, 3])
def test_conv_other_spatial_ranks(spatial):
    digits = "".join(str(i) for i in range(spatial))
    layouts = (f"b{digits}f", f"{digits}io", f"b{digits}f")
    input_shape = (3, *([6] * spatial), 4)
    kernel_shape = (*([3] * spatial), 4, 5)
    check_native(conv_op(layouts, input_shape, kernel_shape, "f64",
                         padding=((1, 1),) * spatial if spatial else None), "f64")


def test_conv_1d_channels_first():
    check_native(conv_op(("bf0", "oi0", "bf0"), (2, 3, 11), (4, 3, 3), strides=(2,)), "f32")


@pytest.mark.parametrize("case", ["empty_batch", "empty_features", "empty_window",
                                  "empty_output", "empty_input_spatial"])
def test_conv_size_zero(case):
    input_shape, kernel_shape, padding = {
        "empty_batch": ((0, 3, 5, 5), (4, 3, 2, 2), None),
        "empty_features": ((2, 0, 5, 5), (4, 0, 2, 2), None),
        "empty_window": ((2, 3, 5, 5), (4, 3, 0, 2), None),
        "empty_output": ((2, 3, 5, 5), (0, 3, 2, 2), None),
        "empty_input_spatial": ((2, 3, 0, 5), (4, 3, 2, 2), ((1, 2), (0, 0))),
    }[case]
    check_native(conv_op(NCHW, input_shape, kernel_shape, padding=padding), "f32")


def test_conv_large_threaded_nchw():
    check_native(conv_op(NCHW, (3, 16, 40, 40), (32, 16, 3, 3), padding=((1, 1), (1, 1))),
                 "f32")


def test_conv_large_threaded_nhwc():
    check_native(conv_op(NHWC, (3, 40, 40, 16), (3, 3, 16, 32), padding=((1, 1), (1, 1))),
                 "f32")


def test_conv_large_staged_layout():
    check_native(conv_op(("bf01", "oi01", "b0f1"), (2, 16, 30, 30), (24, 16, 3, 3),
                         padding=((1, 1), (1, 1))), "f32")


# Unit strides and >= 32 features per group take the shifted-GEMM path.
@pytest.mark.parametrize("layouts", [NCHW, NHWC, ("bf01", "oi01", "b0f1"),
                                     ("fb01", "i01o", "f01b")])
@pytest.mark.parametrize("options", [
    {"padding": ((1, 1), (1, 1))},
    {},
    {"padding": ((2, 0), (-1, 3)), "rhs_dilation": (2, 1)},
    {"padding": ((1, 1), (1, 1)), "reversal": (True, True)},
    {"padding": ((1, 1), (1, 1)), "feature_groups": 2},
    {"padding": ((0, 1), (1, 0)), "batch_groups": 2},
])
def test_conv_shifted_gemms(layouts, options):
    sizes = {"b": 4, "f": 64, "0": 9, "1": 7}
    groups = options.get("feature_groups", 1)
    kernel = {"o": 6 * options.get("batch_groups", 1), "i": 64 // groups, "0": 3, "1": 2}
    input_shape = [sizes[c] for c in layouts[0]]
    kernel_shape = [kernel[c] for c in layouts[1]]
    check_native(conv_op(layouts, input_shape, kernel_shape, "f64", **options), "f64")


@pytest.mark.parametrize("element_type", sorted(DTYPES))
def test_conv_shifted_gemms_types_and_3d(element_type):
    check_native(conv_op(("bf012", "oi012", "bf012"), (2, 32, 5, 6, 4), (3, 32, 3, 2, 2),
                         element_type, padding=((1, 1), (0, 1), (1, 0))), element_type)


def test_conv_shifted_gemms_feature_minor_many_features():
    # NHWC outputs take the shifted GEMMs only from 256 features per group.
    check_native(conv_op(NHWC, (2, 6, 5, 256), (3, 3, 256, 8), padding=((1, 1), (1, 1))),
                 "f32")


def test_conv_shifted_gemms_many_images():
    # Several chunks of images, the last one partial.
    check_native(conv_op(NCHW, (37, 32, 48, 48), (8, 32, 3, 3), padding=((1, 1), (1, 1))),
                 "f32")


# Few output positions under a large window (filter gradients): one GEMM per
# output position on zero-padded phase grids of the input.
FILTER_GRADIENT_LAYOUTS = [("f01b", "i01o", "01bf"), ("fb01", "io01", "bf01"), NHWC, NCHW,
                           ("bf01", "01io", "f01b")]


@pytest.mark.parametrize("layouts", FILTER_GRADIENT_LAYOUTS)
@pytest.mark.parametrize("options", [
    {"padding": ((1, 1), (1, 1))},
    {},
    {"padding": ((1, 0), (0, 1)), "rhs_dilation": (2, 2)},
    {"padding": ((2, -1), (-4, -3)), "rhs_dilation": (2, 1)},
    {"padding": ((1, 1), (1, 1)), "reversal": (True, False)},
    {"padding": ((1, 1), (1, 1)), "feature_groups": 2},
    {"padding": ((1, 0), (0, 1)), "batch_groups": 3},
    {"padding": ((2, 2), (1, 2)), "strides": (2, 3)},
    {"padding": ((1, 0), (0, 1)), "rhs_dilation": (2, 2), "strides": (3, 2)},
])
def test_conv_window_gemms(layouts, options):
    dilated = options.get("rhs_dilation", (1, 1)) != (1, 1)
    sizes = {"b": 6, "f": 4, "0": 20 if dilated else 12, "1": 18 if dilated else 10}
    window = (10, 9) if dilated else (11, 9)
    kernel = {"o": 6, "i": 4 // options.get("feature_groups", 1), "0": window[0],
              "1": window[1]}
    input_shape = [sizes[c] for c in layouts[0]]
    kernel_shape = [kernel[c] for c in layouts[1]]
    check_native(conv_op(layouts, input_shape, kernel_shape, "f64", **options), "f64")


@pytest.mark.parametrize("element_type", sorted(DTYPES))
def test_conv_window_gemms_types_and_ranks(element_type):
    check_native(conv_op(("f012b", "i012o", "012bf"), (3, 7, 8, 6, 5), (3, 6, 7, 5, 4),
                         element_type, padding=((1, 0), (0, 0), (1, 1))), element_type)
    check_native(conv_op(("fb0", "io0", "bf0"), (3, 5, 40), (3, 4, 38), element_type,
                         padding=((1, 1),)), element_type)


def test_conv_window_gemms_resnet_filter_gradient():
    # The filter gradient of a stride-2 3x3 NHWC conv, as jax emits it.
    check_native(conv_op(("f01b", "i01o", "01bf"), (4, 16, 16, 8), (4, 8, 8, 16),
                         padding=((0, -1), (0, -1)), rhs_dilation=(2, 2)), "f32")
    check_native(conv_op(("f01b", "i01o", "01bf"), (4, 16, 16, 8), (4, 8, 8, 16),
                         padding=((1, 0), (1, 0)), rhs_dilation=(2, 2)), "f32")


# Input (lhs) dilation with unit strides (data gradients of strided convs):
# split by output phase into convolutions with sub-kernels.
@pytest.mark.parametrize("layouts", [NHWC, NCHW, ("b01f", "01oi", "b01f"),
                                     ("bf01", "01io", "f01b")])
@pytest.mark.parametrize("options", [
    {"lhs_dilation": (2, 2), "padding": ((2, 1), (2, 1))},
    {"lhs_dilation": (2, 2), "padding": ((1, 2), (0, 1))},
    {"lhs_dilation": (3, 2), "padding": ((0, 0), (3, -1))},
    {"lhs_dilation": (2, 2), "padding": ((2, 1), (1, 1)), "reversal": (True, False)},
    {"lhs_dilation": (2, 3), "rhs_dilation": (3, 2), "padding": ((4, 4), (2, 3))},
    {"lhs_dilation": (4, 1), "padding": ((1, 1), (1, 1))},
])
def test_conv_input_dilation_by_phases(layouts, options):
    sizes = {"b": 3, "f": 40, "0": 6, "1": 5}
    kernel = {"o": 7, "i": 40, "0": 3, "1": 3}
    input_shape = [sizes[c] for c in layouts[0]]
    kernel_shape = [kernel[c] for c in layouts[1]]
    check_native(conv_op(layouts, input_shape, kernel_shape, "f64", **options), "f64")
    small = {"b": 2, "f": 3, "0": 6, "1": 5}
    check_native(conv_op(layouts, [small[c] for c in layouts[0]],
                         [dict(kernel, i=3)[c] for c in layouts[1]], "f32", **options), "f32")


def test_conv_input_dilation_with_phases_that_read_nothing():
    # A 1x1 kernel over a 2x-dilated input: odd output positions are zero.
    check_native(conv_op(NHWC, (2, 5, 5, 4), (1, 1, 4, 3), lhs_dilation=(2, 2),
                         padding=((0, 1), (1, 0))), "f32")
    check_native(conv_op(NHWC, (2, 5, 5, 4), (2, 1, 4, 3), lhs_dilation=(3, 3),
                         padding=((0, 1), (1, 1))), "f32")


@pytest.mark.parametrize("element_type", sorted(DTYPES))
def test_conv_input_dilation_types_and_ranks(element_type):
    check_native(conv_op(("b012f", "012io", "b012f"), (2, 4, 3, 5, 6), (3, 2, 3, 6, 4),
                         element_type, lhs_dilation=(2, 1, 2),
                         padding=((2, 1), (1, 1), (1, 2))), element_type)
    check_native(conv_op(("bf0", "oi0", "bf0"), (2, 5, 9), (4, 5, 4), element_type,
                         lhs_dilation=(3,), padding=((3, 2),)), element_type)


def test_conv_other_element_types_use_the_reference():
    op = conv_op(NHWC, (1, 4, 4, 2), (2, 2, 2, 3), "f32")
    for lhs, rhs in (("bf16", "f16"), ("f32", "bf16"), ("i32", "i32")):
        block = Block([TensorType((1, 4, 4, 2), lhs), TensorType((2, 2, 2, 3), rhs)])
        mixed = Operation(op.name, block.arguments, op.result_types, op.attributes)
        assert native.lower_op(mixed) is None


def test_conv_parsed_from_text():
    text = """
func.func public @main(%x: tensor<2x8x12x12xf32>, %w: tensor<8x8x3x3xf32>)
    -> tensor<2x8x12x12xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
      window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1],
      rhs_dilate = [1, 1], reverse = [false, false]}
      {batch_group_count = 1 : i64, feature_group_count = 1 : i64,
       precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}
      : (tensor<2x8x12x12xf32>, tensor<8x8x3x3xf32>) -> tensor<2x8x12x12xf32>
  return %0 : tensor<2x8x12x12xf32>
}"""
    op = next(o for o in parse_module(text).walk() if o.name == "stablehlo.convolution")
    check_native(op, "f32")


def test_kernel_cost_counts_work():
    op = dot_op((64, 64), (64, 64), "f32", (), (), (1,), (0,))
    assert native.lower_op(op).cost >= math.prod((64, 64, 64))


def test_end_to_end_through_the_client():
    from jaxlib import xla_client

    text = """
func.func public @main(%q: tensor<2x3x40x16xf32>, %k: tensor<2x3x24x16xf32>,
                       %x: tensor<2x40x10x10xf32>, %w: tensor<8x40x3x3xf32>)
    -> (tensor<2x3x40x24xf32>, tensor<2x8x10x10xf32>) {
  %s = stablehlo.dot_general %q, %k, batching_dims = [0, 1] x [0, 1],
      contracting_dims = [3] x [3] : (tensor<2x3x40x16xf32>, tensor<2x3x24x16xf32>)
      -> tensor<2x3x40x24xf32>
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
      window = {stride = [1, 1], pad = [[1, 1], [1, 1]]}
      {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
      : (tensor<2x40x10x10xf32>, tensor<8x40x3x3xf32>) -> tensor<2x8x10x10xf32>
  return %s, %c : tensor<2x3x40x24xf32>, tensor<2x8x10x10xf32>
}"""
    rng = np.random.default_rng(1)
    q, k = (rng.standard_normal(s).astype(np.float32) for s in ((2, 3, 40, 16), (2, 3, 24, 16)))
    x = rng.standard_normal((2, 40, 10, 10)).astype(np.float32)
    w = rng.standard_normal((8, 40, 3, 3)).astype(np.float32)
    client = xla_client.make_cpu_client()
    exe = client.compile_and_load(text, client.devices()[:1])
    buffers = [client.buffer_from_pyval(a, client.devices()[0]) for a in (q, k, x, w)]
    scores, conv = (np.asarray(out) for out in exe.execute(buffers))
    np.testing.assert_allclose(scores, np.einsum("bhqd,bhkd->bhqk", q, k), rtol=1e-4,
                               atol=1e-4)
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    expected = sum(np.einsum("bchw,oc->bohw", padded[:, :, i:i + 10, j:j + 10], w[:, :, i, j])
                   for i in range(3) for j in range(3))
    np.testing.assert_allclose(conv, expected, rtol=1e-4, atol=1e-3)


# bfloat16 / float16 operands: the f32 kernel on widened operands, each result
# rounded once into their type (or left f32), as XLA's CPU backend computes them.


def check_16_bit(op: Operation, element_type: str, result_type: str) -> None:
    kernel = native.lower_op(op)
    assert kernel is not None
    rng = np.random.default_rng(5)
    dtype = numpy_dtype(element_type)
    inputs = [rng.standard_normal(t.shape).astype(dtype) for t in op.operand_types]
    out_dtype, out_shape = native.tensor_spec(op.result_types[0])
    out = np.empty(out_shape, out_dtype)
    native.cpu.run_kernel(kernel, inputs, [out])
    (expected,) = registry.REFERENCE_KERNELS[op.name](op, None)(*inputs)
    assert out.dtype == expected.dtype and out.shape == expected.shape
    # f32 sums in another order, then one rounding: within an ulp of the result type.
    ulp = 2.0**-7 if result_type == "bf16" else 2.0**-10 if result_type == "f16" else 1e-5
    scale = max(1.0, float(np.abs(expected.astype(np.float32)).max()))
    np.testing.assert_allclose(out.astype(np.float32), expected.astype(np.float32), rtol=0,
                               atol=ulp * scale)


def retyped(op: Operation, element_type: str, result_type: str) -> Operation:
    block = Block([TensorType(tuple(t.shape), element_type) for t in op.operand_types])
    return Operation(op.name, block.arguments,
                     [TensorType(tuple(op.result_types[0].shape), result_type)], op.attributes)
@pytest.mark.parametrize("element_type,result_type", [("bf16", "bf16"), ("f16", "f16"),
                                                      ("bf16", "f32"), ("f16", "f32")])
@pytest.mark.parametrize("case", ["matmul", "batch_in_middle", "two_contracting"])
def test_dot_general_16_bit_floats(case, element_type, result_type):
    lhs_shape, rhs_shape, dims = {
        "matmul": ((9, 70), (70, 5), ((), (), (1,), (0,))),
        "batch_in_middle": ((6, 3, 40), (3, 40, 7), ((1,), (0,), (2,), (1,))),
        "two_contracting": ((4, 10, 6), (6, 10, 3), ((), (), (1, 2), (1, 0))),
    }[case]
    op = retyped(dot_op(lhs_shape, rhs_shape, "f32", *dims), element_type, result_type)
    check_16_bit(op, element_type, result_type)


@pytest.mark.parametrize("element_type,result_type", [("bf16", "bf16"), ("f16", "f16"),
                                                      ("bf16", "f32")])
@pytest.mark.parametrize("layouts", [NCHW, ("b01f", "01io", "b01f")])
def test_conv_16_bit_floats(layouts, element_type, result_type):
    shapes = {NCHW: ((2, 3, 9, 8), (4, 3, 3, 3))}.get(layouts, ((2, 9, 8, 3), (3, 3, 3, 4)))
    op = retyped(conv_op(layouts, *shapes, padding=((1, 1), (0, 1)), strides=(2, 1)),
                 element_type, result_type)
    check_16_bit(op, element_type, result_type)
