"""Native reduce_window (csrc/cpu/kernels/reduce_window.cc) against the
reference kernel: cumulative windows (the scan), pooling windows with padding,
strides and dilations, every one-op body over every supported element type,
non-neutral inits, empty operands, and sizes that take the threaded paths.
Integers, pred, max and min must match exactly; float sums and products
within a tight tolerance (the reference sums each window pairwise)."""

from __future__ import annotations

import numpy as np
import pytest
from test_native_data_movement import ELEMENTS, i64_array, random_array, single_op, tensor
from test_native_reduce import FLOAT_REDUCERS, FLOATS, INTEGERS, REDUCERS, assert_matches
from test_native_reduce import run_both as run_both_kernels

from jaxlib import xla_client
from jaxlib._src.backends.cpu import native
from jaxlib._src.ir.types import numpy_dtype


def window_program(op_name: str, shape, element: str, window, strides=None,
                   base_dilations=None, window_dilations=None, padding=None,
                   out_shape=None) -> str:
    rank = len(shape)
    strides = strides or [1] * rank
    base_dilations = base_dilations or [1] * rank
    window_dilations = window_dilations or [1] * rank
    padding = padding or [(0, 0)] * rank
    if out_shape is None:
        out_shape = []
        for n, w, s, bd, wd, (lo, hi) in zip(shape, window, strides, base_dilations,
                                             window_dilations, padding):
            dilated = 0 if n == 0 else (n - 1) * bd + 1
            span = (w - 1) * wd + 1
            padded = dilated + lo + hi
            out_shape.append(0 if padded < span else (padded - span) // s + 1)
    t_in, t_out, t_s = tensor(shape, element), tensor(out_shape, element), tensor((), element)
    pads = ", ".join(f"[{lo}, {hi}]" for lo, hi in padding)
    return f"""
func.func @main(%x: {t_in}, %init: {t_s}) -> {t_out} {{
  %r = "stablehlo.reduce_window"(%x, %init) <{{
      window_dimensions = {i64_array(window)}, window_strides = {i64_array(strides)},
      base_dilations = {i64_array(base_dilations)},
      window_dilations = {i64_array(window_dilations)},
      padding = dense<[{pads}]> : tensor<{rank}x2xi64>}}> ({{
    ^bb0(%a: {t_s}, %b: {t_s}):
      %c = stablehlo.{op_name} %a, %b : {t_s}
      stablehlo.return %c : {t_s}
  }}) : ({t_in}, {t_s}) -> {t_out}
  return %r : {t_out}
}}"""


def run_both(text: str, *args):
    """The native kernel's result and the reference kernel's."""
    (got,), (want,) = run_both_kernels(text, *args)
    return got, want


def identity(op_name: str, element: str) -> np.ndarray:
    dtype = np.dtype(ELEMENTS[element])
    if op_name in ("add", "or", "xor"):
        return np.zeros((), dtype)
    if op_name in ("multiply",):
        return np.ones((), dtype)
    if op_name == "and":
        return np.array(True if dtype == np.bool_ else -1).astype(dtype)
    if dtype.kind == "f":
        return np.array(-np.inf if op_name == "maximum" else np.inf, dtype)
    if dtype == np.bool_:
        return np.array(op_name == "minimum")
    info = np.iinfo(dtype)
    return np.array(info.min if op_name == "maximum" else info.max, dtype)


def check(op_name: str, element: str, shape, window, *, init=None, seed=0, **geometry) -> None:
    rng = np.random.default_rng(seed)
    x = random_array(shape, element, rng)
    if op_name == "multiply" and element in FLOATS:
        x = (1 + 0.01 * x).astype(x.dtype)
    if init is None:
        init = identity(op_name, element)
    got, want = run_both(window_program(op_name, shape, element, window, **geometry), x, init)
    exact = op_name not in ("add", "multiply") or element not in FLOATS
    scale = 1.0
    if op_name == "add" and element in FLOATS:
        scale = np.abs(x).sum() + abs(float(init)) * 4
    elif op_name == "multiply" and element in FLOATS:
        scale = np.abs(want) * (np.prod(window) + 2) + 1e-30
    assert_matches(got, want, exact, scale)


def cumulative(n: int, axis: int, rank: int, reverse: bool = False) -> dict:
    window = [1] * rank
    window[axis] = n
    padding = [(0, 0)] * rank
    padding[axis] = (0, n - 1) if reverse else (n - 1, 0)
    return {"window": window, "padding": padding}


@pytest.mark.parametrize("op_name", FLOAT_REDUCERS)
@pytest.mark.parametrize("element", FLOATS)
@pytest.mark.parametrize("axis,reverse", [(0, False), (1, False), (2, True), (1, True)])
def test_cumulative_windows_over_floats(op_name, element, axis, reverse):
    shape = (3, 40, 5)
    check(op_name, element, shape, **cumulative(shape[axis], axis, 3, reverse))


@pytest.mark.parametrize("op_name", REDUCERS)
@pytest.mark.parametrize("element", INTEGERS)
def test_cumulative_windows_over_integers(op_name, element):
    check(op_name, element, (6, 33), **cumulative(33, 1, 2))
    check(op_name, element, (33, 6), **cumulative(33, 0, 2, reverse=True))


@pytest.mark.parametrize("op_name", REDUCERS)
def test_pred_windows(op_name):
    check(op_name, "i1", (4, 17), **cumulative(17, 1, 2))
    check(op_name, "i1", (9, 9), [2, 3], strides=[1, 2], padding=[(1, 0), (1, 1)])


@pytest.mark.parametrize("op_name,element", [("add", "f32"), ("add", "i32"),
                                             ("multiply", "i64"), ("xor", "ui8"),
                                             ("maximum", "f32"), ("minimum", "i16")])
def test_non_neutral_inits_count_once_per_padded_element(op_name, element):
    # A cumulative window padded with a non-neutral init is not a scan: the
    # padding contributes init once per padded element, as the spec says.
    rng = np.random.default_rng(3)
    init = random_array((), element, rng)
    if element == "f32":
        init = np.float32(0.75)
    check(op_name, element, (5, 12), init=init, **cumulative(12, 1, 2))
    check(op_name, element, (5, 12), init=init, **cumulative(5, 0, 2, reverse=True))


@pytest.mark.parametrize("op_name", ["maximum", "add"])
@pytest.mark.parametrize("element", ["f32", "i32"])
def test_pooling_windows(op_name, element):
    # NHWC: the channels are untouched (whole rows); NCHW: windows on the last dims.
    check(op_name, element, (2, 9, 10, 7), [1, 3, 3, 1], strides=[1, 2, 2, 1],
          padding=[(0, 0), (1, 1), (1, 1), (0, 0)])
    check(op_name, element, (2, 7, 9, 10), [1, 1, 2, 2], strides=[1, 1, 2, 2])
    check(op_name, element, (2, 7, 9, 10), [1, 1, 3, 3], strides=[1, 1, 1, 1],
          padding=[(0, 0), (0, 0), (1, 1), (1, 1)])


def test_dilations_and_asymmetric_padding():
    for element in ("f64", "i64"):
        check("add", element, (7, 11), [3, 2], strides=[2, 3], base_dilations=[2, 1],
              window_dilations=[1, 3], padding=[(2, 1), (0, 4)])
        check("maximum", element, (5, 6, 4), [2, 2, 2], base_dilations=[3, 2, 1],
              window_dilations=[2, 1, 2], padding=[(1, 0), (2, 2), (0, 1)])


@pytest.mark.parametrize("op_name,element", [("add", "f32"), ("maximum", "f64"),
                                             ("multiply", "i32"), ("minimum", "ui16")])
def test_windows_on_the_last_dims(op_name, element):
    # Every windowed dim trailing (NCHW pooling, average-pool gradients): one
    # tight loop per window row, padding and non-neutral inits included.
    rng = np.random.default_rng(5)
    init = random_array((), element, rng)
    check(op_name, element, (3, 4, 17, 17), [1, 1, 4, 4], init=init)
    check(op_name, element, (2, 3, 11, 9), [1, 1, 3, 2], strides=[1, 1, 2, 3],
          window_dilations=[1, 1, 2, 3], padding=[(0, 0), (1, 0), (2, 3), (1, 4)], init=init)
    check(op_name, element, (5, 13), [2, 5], strides=[2, 1], padding=[(1, 1), (4, 4)],
          init=init)


def test_windows_over_an_empty_operand_are_all_padding():
    check("add", "i32", (0, 4), [2, 1], padding=[(1, 1), (0, 0)], init=np.int32(5),
          out_shape=[1, 4])
    check("maximum", "f32", (3, 0), [1, 1], out_shape=[3, 0])


def test_large_windows_take_the_threaded_paths():
    check("add", "f32", (64, 2048), **cumulative(2048, 1, 2))
    check("maximum", "f32", (4, 64, 64, 32), [1, 3, 3, 1], strides=[1, 2, 2, 1],
          padding=[(0, 0), (1, 1), (1, 1), (0, 0)])
    check("add", "i64", (8, 300, 300), **cumulative(300, 2, 3, reverse=True))


def test_bodies_of_other_shapes_stay_on_the_reference_kernel():
    text = window_program("add", (4, 4), "f32", [2, 2]).replace(
        "%c = stablehlo.add %a, %b : tensor<f32>",
        "%d = stablehlo.add %a, %b : tensor<f32>\n      %c = stablehlo.multiply %d, %d : "
        "tensor<f32>")
    op, _ = single_op(text)
    assert native.lower_op(op) is None
    for unsupported in ("subtract", "divide"):
        op, _ = single_op(window_program(unsupported, (4, 4), "f32", [2, 2]))
        assert native.lower_op(op) is None


def test_cumsum_runs_natively_as_a_scan():
    # JAX lowers cumsum to a window as long as the axis: the native scan does
    # O(n) work where the reference kernel's windows do O(n^2).
    n = 1 << 20
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    text = window_program("add", (n,), "f32", **cumulative(n, 0, 1))
    executable = client.compile_and_load(text, [device])
    assert executable._compiled.program.python_steps == 0
    x = np.random.default_rng(0).random(n, dtype=np.float32)
    args = [client.buffer_from_pyval(v, device) for v in (x, np.float32(0))]
    (out,) = executable.execute(args)
    # One running sum from the first element, as np.cumsum adds.
    np.testing.assert_array_equal(np.asarray(out), np.cumsum(x))


# -- select_and_scatter ---------------------------------------------------------------


def scatter_program(shape, element: str, window, strides, padding, compare: str = "GE",
                    scatter: str = "add") -> str:
    rank = len(shape)
    out_shape = [(n + lo + hi - w) // s + 1
                 for n, w, s, (lo, hi) in zip(shape, window, strides, padding)]
    t_in, t_src, t_s = tensor(shape, element), tensor(out_shape, element), tensor((), element)
    kind = "FLOAT" if element.startswith("f") else (
        "UNSIGNED" if element.startswith("ui") else "SIGNED")
    pads = ", ".join(f"[{lo}, {hi}]" for lo, hi in padding)
    return f"""
func.func @main(%x: {t_in}, %src: {t_src}, %init: {t_s}) -> {t_in} {{
  %r = "stablehlo.select_and_scatter"(%x, %src, %init) <{{
      window_dimensions = {i64_array(window)}, window_strides = {i64_array(strides)},
      padding = dense<[{pads}]> : tensor<{rank}x2xi64>}}> ({{
    ^bb0(%a: {t_s}, %b: {t_s}):
      %c = stablehlo.compare {compare}, %a, %b, {kind} : ({t_s}, {t_s}) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
  }}, {{
    ^bb0(%a: {t_s}, %b: {t_s}):
      %c = stablehlo.{scatter} %a, %b : {t_s}
      stablehlo.return %c : {t_s}
  }}) : ({t_in}, {t_src}, {t_s}) -> {t_in}
  return %r : {t_in}
}}""", out_shape


def check_scatter(shape, element: str, window, strides, padding, compare="GE", scatter="add",
                  seed=0, ties=False) -> None:
    rng = np.random.default_rng(seed)
    text, out_shape = scatter_program(shape, element, window, strides, padding, compare, scatter)
    x = random_array(shape, element, rng)
    if ties:  # few distinct values: which equal element a window picks matters
        x = (rng.integers(0, 3, shape)).astype(x.dtype)
    source = random_array(out_shape, element, rng)
    if element.startswith(("i", "ui")):
        source = (source % 50).astype(source.dtype)
    init = random_array((), element, rng)
    got, want = run_both(text, x, source, init)
    exact = scatter != "add" or not element.startswith("f")
    scale = np.abs(source).sum() + abs(float(init)) if not exact else 1.0
    assert_matches(got, want, exact, scale)


@pytest.mark.parametrize("element", ["f32", "f64", "i32", "i64", "ui32", "ui64"])
@pytest.mark.parametrize("compare", ["GE", "GT", "LE", "LT", "EQ", "NE"])
def test_select_and_scatter_comparisons(element, compare):
    check_scatter((2, 6, 7, 3), element, [1, 2, 2, 1], [1, 2, 2, 1],
                  [(0, 0), (0, 0), (0, 1), (0, 0)], compare=compare, ties=True)


@pytest.mark.parametrize("scatter", sorted(FLOAT_REDUCERS))
def test_select_and_scatter_overlapping_windows_fold_in_source_order(scatter):
    # 3x3 windows, stride 2, SAME padding: targets receive several sources.
    check_scatter((2, 9, 9, 4), "f64", [1, 3, 3, 1], [1, 2, 2, 1],
                  [(0, 0), (1, 1), (1, 1), (0, 0)], scatter=scatter)
    check_scatter((2, 9, 9, 4), "i32", [1, 3, 3, 1], [1, 1, 1, 1],
                  [(0, 0), (1, 1), (1, 1), (0, 0)], scatter=scatter, ties=True)


def test_select_and_scatter_layouts_and_all_padding_windows():
    # NCHW (no trailing rows), every dim windowed (one slice), and windows that
    # see only padding (they scatter nowhere).
    check_scatter((2, 3, 8, 8), "f32", [1, 1, 2, 2], [1, 1, 2, 2],
                  [(0, 0), (0, 0), (0, 0), (0, 0)])
    check_scatter((5, 7), "f32", [2, 3], [1, 2], [(1, 1), (2, 2)])
    check_scatter((4, 4), "i64", [2, 2], [2, 2], [(2, 2), (0, 0)])
    check_scatter((3, 64, 64, 16), "f32", [1, 3, 3, 1], [1, 2, 2, 1],
                  [(0, 0), (1, 1), (1, 1), (0, 0)])


def test_select_and_scatter_bodies_of_other_shapes_stay_on_the_reference_kernel():
    text, _ = scatter_program((4, 4), "f32", [2, 2], [2, 2], [(0, 0), (0, 0)])
    op, _ = single_op(text.replace("FLOAT", "TOTALORDER"))
    assert native.lower_op(op) is None
    op, _ = single_op(text.replace("%c = stablehlo.add %a, %b", "%c = stablehlo.subtract %a, %b"))
    assert native.lower_op(op) is None
    op, _ = single_op(text)
    assert native.lower_op(op) is not None


@pytest.mark.parametrize("name,params", [
    ("reduce_window", {"op": "add", "window": [2], "strides": [0], "padding": [0, 0]}),
    ("reduce_window", {"op": "add", "window": [0], "strides": [1], "padding": [0, 0]}),
    ("select_and_scatter", {"compare": "GE", "op": "add", "window": [2], "strides": [0],
                            "padding": [0, 0]}),
])
def test_malformed_window_parameters_are_declined_not_crashed_on(name, params):
    # A damaged persistent-cache entry could carry these: the factory declines.
    specs = {"reduce_window": ([("float32", (8,)), ("float32", ())], [("float32", (4,))]),
             "select_and_scatter": ([("float32", (8,)), ("float32", (4,)), ("float32", ())],
                                    [("float32", (8,))])}[name]
    with pytest.raises(NotImplementedError, match="window geometry"):
        native.cpu.make_kernel(name, params, *specs)


# -- bfloat16 / float16: the f32 loops on widened values, each step rounded ---------------

HALF_FLOATS = ["bf16", "f16"]


def half_array(shape, element: str, rng, op_name: str = "add") -> np.ndarray:
    x = rng.standard_normal(shape).astype(np.float32) * 3
    if op_name == "multiply":
        x = 1 + 0.05 * x
    return x.astype(numpy_dtype(element))


def assert_same_bits(got: np.ndarray, want: np.ndarray) -> None:
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got.view(np.uint16), want.view(np.uint16))


@pytest.mark.parametrize("element", HALF_FLOATS)
@pytest.mark.parametrize("op_name", FLOAT_REDUCERS)
def test_half_float_windows_round_each_step(op_name, element):
    # In row-major window order from init, every step rounded: the reference's
    # order for windows of up to 256 elements, so bit for bit its results.
    rng = np.random.default_rng(7)
    init = np.asarray(0.5 if op_name in ("add", "multiply") else -np.inf, numpy_dtype(element))
    for shape, geometry in [
        ((3, 40, 5), cumulative(40, 1, 3)),                       # cumsum (a scan)
        ((3, 40, 5), cumulative(40, 1, 3, reverse=True)),
        ((2, 9, 9, 4), {"window": [1, 3, 3, 1], "strides": [1, 2, 2, 1],
                        "padding": [(0, 0), (1, 1), (1, 1), (0, 0)]}),  # pooling
        ((2, 4, 8, 8), {"window": [1, 1, 2, 2], "strides": [1, 1, 2, 2]}),
    ]:
        x = half_array(shape, element, rng, op_name)
        got, want = run_both(window_program(op_name, shape, element, **geometry), x, init)
        assert_same_bits(got, want)


def test_bfloat16_cumsum_rounds_at_each_step():
    x = np.array([1.0] + [2.0**-9] * 63, numpy_dtype("bf16"))
    got, _ = run_both(window_program("add", (64,), "bf16", **cumulative(64, 0, 1)),
                      x, np.asarray(0, numpy_dtype("bf16")))
    assert float(got[-1]) == 1.0  # each 2**-9 is below half an ulp of 1


@pytest.mark.parametrize("element", HALF_FLOATS)
@pytest.mark.parametrize("scatter", sorted(FLOAT_REDUCERS))
def test_half_float_select_and_scatter(scatter, element):
    rng = np.random.default_rng(8)
    for shape, window, strides, padding in [
        ((2, 9, 9, 4), [1, 3, 3, 1], [1, 2, 2, 1], [(0, 0), (1, 1), (1, 1), (0, 0)]),
        ((2, 4, 8, 8), [1, 1, 2, 2], [1, 1, 2, 2], [(0, 0)] * 4),
    ]:
        text, out_shape = scatter_program(shape, element, window, strides, padding,
                                          "GE", scatter)
        x = half_array(shape, element, rng)
        source = half_array(out_shape, element, rng, scatter)
        init = np.asarray(0.25 if scatter != "multiply" else 1.0, numpy_dtype(element))
        got, want = run_both(text, x, source, init)
        assert_same_bits(got, want)
