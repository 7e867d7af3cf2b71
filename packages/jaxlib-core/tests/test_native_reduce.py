"""Native standalone reduce (csrc/cpu/kernels/reduce.cc) against the reference
kernel: single-op bodies over every supported element type, reduced-dim sets
(adjacent, non-adjacent, unsorted, none, all), empty dims, variadic reduces,
JAX's argmax/argmin body, and sizes that take the pairwise and threaded paths.
Integers, pred, max and min must match exactly; float sums and products
within a tight tolerance."""

from __future__ import annotations

import math

import numpy as np
import pytest
from test_native_data_movement import ELEMENTS, random_array, single_op, tensor

from jaxlib._src.backends.cpu import native
from jaxlib._src.backends.cpu.native_ops.reduce import argminmax_kind
from jaxlib._src.ir.core import load_op_table
from jaxlib._src.ir.element_types import FLOAT
from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops.reduction import REDUCER_UFUNCS

# The element types reduce.cc and reduce_window.cc instantiate (the kernels'
# own list, no table's; pred is tested apart).
INTEGERS = ["i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64"]
FLOATS = ["f32", "f64"]
# The one-op bodies they run: the reference's reducer ops; on floats, those the
# op table lets take floats.
REDUCERS = [name.removeprefix("stablehlo.") for name in REDUCER_UFUNCS]
FLOAT_REDUCERS = [name.removeprefix("stablehlo.") for name in REDUCER_UFUNCS
                  if FLOAT in load_op_table()[name].element_kinds]


def reduce_program(op_name: str, shape, dims, element: str) -> str:
    kept = [n for d, n in enumerate(shape) if d not in dims]
    t_in, t_out, t_s = tensor(shape, element), tensor(kept, element), tensor((), element)
    return f"""
func.func @main(%x: {t_in}, %init: {t_s}) -> {t_out} {{
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.{op_name}
      across dimensions = [{", ".join(map(str, dims))}] : ({t_in}, {t_s}) -> {t_out}
  return %r : {t_out}
}}"""


def run_both(text: str, *args):
    op, run_reference = single_op(text)
    kernel = native.lower_op(op)
    assert kernel is not None, "reduce did not lower natively"
    outputs = [np.empty(shape, dtype) for dtype, shape in
               (native.tensor_spec(r.type) for r in op.results)]
    native.cpu.run_kernel(kernel, [np.array(a, order="C", copy=True) for a in args], outputs)
    with np.errstate(all="ignore"):
        want = [np.asarray(w) for w in run_reference(*args)]
    return outputs, want


def assert_matches(got: np.ndarray, want: np.ndarray, exact: bool,
                   scale: np.ndarray | float = 1.0) -> None:
    """Exact for integers, pred, max and min; float sums and products may
    associate differently from the reference (which follows numpy's iteration
    order), so they agree to a few ulps of ``scale`` (the sum of magnitudes)."""
    assert got.dtype == want.dtype and got.shape == want.shape
    if exact or got.dtype.kind not in "fc":
        np.testing.assert_array_equal(got, want)
    else:
        eps = np.finfo(got.dtype).eps
        assert np.all(np.abs(got - want) <= 16 * eps * np.abs(scale))


def init_value(op_name: str, element: str, rng) -> np.ndarray:
    """A random, non-neutral init: the kernel must fold it in exactly once."""
    return random_array((), element, rng)


def inputs_for(op_name: str, shape, element: str, rng) -> np.ndarray:
    x = random_array(shape, element, rng)
    if op_name == "multiply" and element in FLOATS:
        # Products of many normals under/overflow; keep them near 1.
        x = (1 + 0.01 * x).astype(x.dtype)
    return x


def check_reduce(op_name: str, shape, dims, element: str, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    x = inputs_for(op_name, shape, element, rng)
    init = init_value(op_name, element, rng)
    (got,), (want,) = run_both(reduce_program(op_name, shape, dims, element), x, init)
    scale = np.ones_like(want)
    if op_name == "add" and element in FLOATS:
        scale = np.add.reduce(np.abs(x), axis=tuple(dims)) + abs(init)
    elif op_name == "multiply" and element in FLOATS:
        # A product's relative error grows with the number of factors.
        scale = np.abs(want) * (np.add.reduce(np.ones_like(x), axis=tuple(dims)) + 1)
    assert_matches(got, want, exact=op_name in ("maximum", "minimum"), scale=scale)


LAYOUTS = [
    ((), ()),
    ((5,), ()),
    ((7,), (0,)),
    ((4, 6), (1,)),
    ((4, 6), (0,)),
    ((4, 6), (0, 1)),
    ((3, 4, 5), (1,)),
    ((3, 4, 5), (1, 2)),
    ((3, 4, 5), (0, 2)),  # not adjacent: transposed first
    ((3, 4, 5), (2, 0)),  # unsorted
    ((3, 1, 4, 5), (0, 2)),  # adjacent once the size-1 dim is dropped
    ((2, 3, 4, 5, 6), (1, 3)),
    ((2, 0, 3), (1,)),  # empty reduced dim: init
    ((0, 3), (1,)),  # empty result
]


@pytest.mark.parametrize("element", INTEGERS)
@pytest.mark.parametrize("op_name", REDUCERS)
@pytest.mark.parametrize("shape,dims", LAYOUTS[:: 2] + LAYOUTS[7:10])
def test_reduce_integers(op_name, element, shape, dims):
    check_reduce(op_name, shape, dims, element)


@pytest.mark.parametrize("element", FLOATS)
@pytest.mark.parametrize("op_name", FLOAT_REDUCERS)
@pytest.mark.parametrize("shape,dims", LAYOUTS)
def test_reduce_floats(op_name, element, shape, dims):
    check_reduce(op_name, shape, dims, element)


@pytest.mark.parametrize("op_name", REDUCERS)
@pytest.mark.parametrize("shape,dims", [((5,), (0,)), ((4, 70), (1,)), ((70, 4), (0,)),
                                        ((3, 4, 5), (0, 2)), ((0, 3), (0,))])
def test_reduce_pred(op_name, shape, dims):
    check_reduce(op_name, shape, dims, "i1")


@pytest.mark.parametrize("element", FLOATS)
@pytest.mark.parametrize("op_name", ["add", "multiply"])
@pytest.mark.parametrize("shape,dims", [
    ((16, 1000), (1,)),  # long rows: numpy's pairwise order
    ((1000, 133), (0,)),  # long columns
    ((7, 300, 5), (1,)),
    ((20, 30, 40), (0, 2)),  # long and transposed
    ((257,), (0,)),
    ((100000,), (0,)),
])
def test_reduce_long_float(op_name, element, shape, dims):
    check_reduce(op_name, shape, dims, element, seed=1)


@pytest.mark.parametrize("op_name", ["add", "maximum"])
@pytest.mark.parametrize("shape,dims", [((4096, 1024), (1,)), ((1024, 4096), (1,)),
                                        ((4, 8, 512, 512), (3,)), ((1024, 2048), (0,))])
def test_reduce_large_threaded(op_name, shape, dims):
    check_reduce(op_name, shape, dims, "f32", seed=2)


def test_reduce_large_integer_threaded():
    check_reduce("add", (2048, 1024), (0,), "i32", seed=3)
    check_reduce("maximum", (1 << 20,), (0,), "i64", seed=3)


@pytest.mark.parametrize("op_name", ["maximum", "minimum"])
@pytest.mark.parametrize("shape,dims", [((6, 40), (1,)), ((40, 6), (0,))])
def test_reduce_max_min_propagate_nan(op_name, shape, dims):
    rng = np.random.default_rng(4)
    x = rng.standard_normal(shape).astype(np.float32)
    x[1, 3] = x[4, 5] = np.nan
    x[2, 2] = np.inf
    x[3, 1] = -np.inf
    text = reduce_program(op_name, shape, dims, "f32")
    for init in (np.float32(0), np.float32(np.nan)):
        (got,), (want,) = run_both(text, x, init)
        np.testing.assert_array_equal(got, want)


def test_reduce_integer_wraps():
    text = reduce_program("add", (300,), (0,), "i8")
    (got,), (want,) = run_both(text, np.full(300, 100, np.int8), np.int8(5))
    np.testing.assert_array_equal(got, want)
    text = reduce_program("multiply", (40,), (0,), "ui16")
    (got,), (want,) = run_both(text, np.full(40, 65535, np.uint16), np.uint16(3))
    np.testing.assert_array_equal(got, want)


# -- variadic --------------------------------------------------------------------------


def test_reduce_variadic_simple_bodies():
    text = """
func.func @main(%x: tensor<6x40xf32>, %y: tensor<6x40xi32>, %a: tensor<f32>, %b: tensor<i32>)
    -> (tensor<40xf32>, tensor<40xi32>) {
  %r:2 = stablehlo.reduce(%x init: %a), (%y init: %b) across dimensions = [0]
      : (tensor<6x40xf32>, tensor<6x40xi32>, tensor<f32>, tensor<i32>)
      -> (tensor<40xf32>, tensor<40xi32>)
   reducer(%p: tensor<f32>, %q: tensor<f32>) (%s: tensor<i32>, %t: tensor<i32>) {
    %0 = stablehlo.add %p, %q : tensor<f32>
    %1 = stablehlo.maximum %t, %s : tensor<i32>
    stablehlo.return %0, %1 : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<40xf32>, tensor<40xi32>
}"""
    rng = np.random.default_rng(5)
    args = (random_array((6, 40), "f32", rng), random_array((6, 40), "i32", rng),
            np.float32(1.5), np.int32(-7))
    got, want = run_both(text, *args)
    assert_matches(got[0], want[0], exact=False, scale=np.abs(args[0]).sum(0) + 1.5)
    assert_matches(got[1], want[1], exact=True)


# -- argmax / argmin -------------------------------------------------------------------


def argminmax_program(direction: str, shape, dims, element: str, index: str,
                      nan_clause: bool = True, swapped: bool = False) -> str:
    kept = [n for d, n in enumerate(shape) if d not in dims]
    tv, ti = tensor(shape, element), tensor(shape, index)
    ov, oi = tensor(kept, element), tensor(kept, index)
    sv, si = tensor((), element), tensor((), index)
    kind = "FLOAT" if element.startswith(("f", "bf")) else "SIGNED"
    lhs, rhs = ("%b", "%a") if swapped else ("%a", "%b")
    nan = (f"""    %2 = stablehlo.compare NE, %a, %a, {kind} : ({sv}, {sv}) -> tensor<i1>
    %3 = stablehlo.or %1, %2 : tensor<i1>""" if nan_clause else
           "    %3 = stablehlo.and %1, %1 : tensor<i1>")
    return f"""
func.func @main(%x: {tv}, %i: {ti}, %x0: {sv}, %i0: {si}) -> ({ov}, {oi}) {{
  %r:2 = stablehlo.reduce(%x init: %x0), (%i init: %i0)
      across dimensions = [{", ".join(map(str, dims))}]
      : ({tv}, {ti}, {sv}, {si}) -> ({ov}, {oi})
   reducer(%a: {sv}, %b: {sv}) (%ia: {si}, %ib: {si}) {{
    %1 = stablehlo.compare {direction}, {lhs}, {rhs}, {kind} : ({sv}, {sv}) -> tensor<i1>
{nan}
    %4 = stablehlo.compare EQ, %a, %b, {kind} : ({sv}, {sv}) -> tensor<i1>
    %5 = stablehlo.compare LT, %ia, %ib, SIGNED : ({si}, {si}) -> tensor<i1>
    %6 = stablehlo.and %4, %5 : tensor<i1>
    %7 = stablehlo.or %3, %6 : tensor<i1>
    %8 = stablehlo.select %3, %a, %b : tensor<i1>, {sv}
    %9 = stablehlo.select %7, %ia, %ib : tensor<i1>, {si}
    stablehlo.return %8, %9 : {sv}, {si}
  }}
  return %r#0, %r#1 : {ov}, {oi}
}}"""


def argminmax_inputs(shape, dims, element: str, index: str, rng):
    x = random_array(shape, element, rng)
    if element.startswith(("f", "bf")) and x.size:
        x = np.round(x * 2).astype(x.dtype)  # many ties
        flat = x.reshape(-1)
        flat[rng.integers(0, flat.size, max(1, flat.size // 20))] = np.nan
        flat[rng.integers(0, flat.size, max(1, flat.size // 20))] = -0.0
    else:
        x = (x % 5).astype(x.dtype)
    # The iota JAX feeds: the position along the (single) reduced dim.
    positions = np.indices(shape)[dims[0]] if shape else np.zeros((), np.int64)
    return x, positions.astype(ELEMENTS[index])


@pytest.mark.parametrize("direction", ["GT", "LT"])
@pytest.mark.parametrize("element,index", [("f32", "i32"), ("f64", "i64"), ("i32", "i32"),
                                           ("i64", "i64"), ("f32", "i64"), ("bf16", "i32"),
                                           ("f16", "i32")])
@pytest.mark.parametrize("shape,dims", [((7, 50), (1,)), ((50, 7), (0,)), ((3, 40, 70), (1,)),
                                        ((300,), (0,)), ((0, 4), (0,)), ((512, 1000), (1,))])
def test_argmax_argmin(direction, element, index, shape, dims):
    rng = np.random.default_rng(6)
    text = argminmax_program(direction, shape, dims, element, index)
    op, _ = single_op(text)
    assert argminmax_kind(op.regions[0]) == ("argmax" if direction == "GT" else "argmin")
    x, positions = argminmax_inputs(shape, dims, element, index, rng)
    init = np.array(-np.inf if direction == "GT" else np.inf, ELEMENTS[element]) \
        if element.startswith(("f", "bf")) else np.array(0, ELEMENTS[element])
    got, want = run_both(text, x, positions, init, np.array(0, ELEMENTS[index]))
    for g, w in zip(got, want):
        wide = (lambda a: a.astype(np.float32)) if g.dtype.kind == "V" else (lambda a: a)
        np.testing.assert_array_equal(wide(g), wide(w))  # (bfloat16 NaNs compare as f32)
        assert g.tobytes() == w.tobytes()  # -0.0 vs 0.0 too


def test_argmax_with_nan_init_and_reversed_indices():
    rng = np.random.default_rng(7)
    text = argminmax_program("GT", (5, 30), (1,), "f32", "i32")
    x, _ = argminmax_inputs((5, 30), (1,), "f32", "i32", rng)
    positions = np.broadcast_to(np.arange(30, 0, -1, dtype=np.int32), (5, 30))
    for init in (np.float32(np.nan), np.float32(1.0)):
        got, want = run_both(text, x, positions, init, np.int32(7))
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)


# -- what falls back -------------------------------------------------------------------


def lowered(text: str):
    op, _ = single_op(text)
    return native.lower_op(op)


def test_unrecognised_bodies_fall_back():
    assert lowered(reduce_program("subtract", (4, 5), (1,), "f32")) is None
    # The select-side comparison swapped (prefers rhs when rhs > lhs): not JAX's body.
    assert lowered(argminmax_program("GT", (4, 5), (1,), "f32", "i32", swapped=True)) is None
    # A float argmax without the NaN clause would pick differently.
    assert lowered(argminmax_program("GT", (4, 5), (1,), "f32", "i32",
                                     nan_clause=False)) is None


@pytest.mark.parametrize("element", ["f8E4M3FN", "complex<f32>"])
def test_other_element_types_fall_back(element):
    assert lowered(reduce_program("add", (4, 5), (1,), element)) is None


def test_long_float16_sums_across_columns_fall_back():
    # numpy sums them as elementwise float16 adds in its buffered order: the
    # reference's, not reproduced natively.
    assert lowered(reduce_program("add", (300, 4), (0,), "f16")) is None
    assert lowered(reduce_program("maximum", (300, 4), (0,), "f16")) is not None
    assert lowered(reduce_program("add", (300, 4), (0,), "bf16")) is not None


def test_bitwise_ops_on_floats_fall_back():
    # Not valid StableHLO, but the kernel must decline rather than compute.
    text = reduce_program("maximum", (4, 5), (1,), "f32").replace("maximum", "and")
    assert lowered(text) is None


# bfloat16 and float16 compute in f32 with each step rounded to their type, in
# the reference's order (in index order from init, or from the first element
# with init last past SEQUENTIAL_LIMIT): bit for bit the reference's results.
HALF_FLOATS = ["bf16", "f16"]


@pytest.mark.parametrize("element", HALF_FLOATS)
@pytest.mark.parametrize("op_name", FLOAT_REDUCERS)
@pytest.mark.parametrize("shape,dims", LAYOUTS + [((9, 300), (1,)), ((300, 9), (0,)),
                                                  ((17, 40), (1,)), ((3, 260, 5), (1,))])
def test_reduce_half_floats_round_each_step(op_name, element, shape, dims):
    rng = np.random.default_rng(3)
    dtype = numpy_dtype(element)
    x = rng.standard_normal(shape).astype(np.float32) * 3
    if op_name == "multiply":
        x = 1 + 0.05 * x
    x = x.astype(dtype)
    init = np.asarray(0.75, dtype)
    kept = math.prod(n for d, n in enumerate(shape) if d not in dims and d > min(dims, default=0))
    if element == "f16" and op_name in ("add", "multiply") and kept > 1 and \
            math.prod(shape[d] for d in dims) > 256:
        # long float16 sums across columns: numpy's buffered order, left to the reference
        assert lowered(reduce_program(op_name, shape, dims, element)) is None
        return
    (got,), (want,) = run_both(reduce_program(op_name, shape, dims, element), x, init)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got.view(np.uint16), want.view(np.uint16))


def test_reduce_bfloat16_sum_rounds_at_each_step():
    # 1 + 127 * 2**-9: each 2**-9 is below half an ulp of 1 in bfloat16, so an
    # in-order sum rounding every step stays at 1 (an f32 sum would give 1.25).
    x = np.array([[1.0] + [2.0**-9] * 127], numpy_dtype("bf16"))
    (got,), _ = run_both(reduce_program("add", (1, 128), (1,), "bf16"), x,
                         np.asarray(0, numpy_dtype("bf16")))
    assert float(got[0]) == 1.0
