"""Reductions, linear algebra and FFT ops: the StableHLO interpreter suites,
XLA CPU numerics edge cases, and compile-time errors."""


import ml_dtypes
import numpy as np
import pytest
from conftest import find_conformance_dir

from jaxlib import xla_client
from jaxlib.xla_client import XlaRuntimeError

SUITES = ["reduce", "reduce_window", "select_and_scatter", "dot_general", "convolution",
          "triangular_solve", "fft", "chlo__ragged_dot", "dynamic_conv"]


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client()


def run(client, text: str, *args):
    exe = client.compile_and_load(text, client.devices()[:1])
    buffers = [client.buffer_from_pyval(np.asarray(a), client.devices()[0]) for a in args]
    return [np.asarray(out) for out in exe.execute(buffers)]


def compile_error(client, text: str) -> str:
    with pytest.raises(XlaRuntimeError) as info:
        client.compile_and_load(text, client.devices()[:1])
    return str(info.value)


@pytest.mark.parametrize("suite", SUITES)
def test_interpreter_suite_passes(suite):
    from jaxlib._src.tools.conformance import run_file

    results = run_file(find_conformance_dir() / "interpret" / f"{suite}.mlir")
    failures = [r.line() for r in results if not r.passed]
    assert results and not failures


# -- reduce ---------------------------------------------------------------------------


def _reduce_program(op: str, element: str, shape: str, out: str, dims: str) -> str:
    return f"""
func.func public @main(%x: tensor<{shape}x{element}>, %init: tensor<{element}>)
    -> tensor<{out}{element}> {{
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.{op} across dimensions = [{dims}]
      : (tensor<{shape}x{element}>, tensor<{element}>) -> tensor<{out}{element}>
  return %r : tensor<{out}{element}>
}}"""


def test_reduce_max_propagates_nan_and_folds_init(client):
    text = _reduce_program("maximum", "f32", "2x3", "2x", "1")
    x = np.float32([[1, np.nan, 3], [-5, -7, -6]])
    (out,) = run(client, text, x, np.float32(-1))
    assert np.isnan(out[0]) and out[1] == -1  # init -1 beats every element of row 1


def test_reduce_integer_sum_wraps_and_bool_sum_is_or(client):
    (out,) = run(client, _reduce_program("add", "i8", "4", "", "0"), np.int8([100] * 4),
                 np.int8(0))
    assert out.dtype == np.int8 and out == np.int8(-112)  # 400 mod 256
    (out,) = run(client, _reduce_program("add", "i1", "3", "", "0"),
                 np.array([False, True, True]), np.array(False))
    assert out.dtype == np.bool_ and out


def test_reduce_over_empty_dimension_gives_init(client):
    (out,) = run(client, _reduce_program("multiply", "f32", "2x0", "2x", "1"),
                 np.zeros((2, 0), np.float32), np.float32(7))
    np.testing.assert_array_equal(out, [7, 7])


def test_reduce_bf16_sum(client):
    x = np.arange(12, dtype=np.float32).reshape(3, 4).astype(ml_dtypes.bfloat16)
    (out,) = run(client, _reduce_program("add", "bf16", "3x4", "4x", "0"), x,
                 np.zeros((), ml_dtypes.bfloat16))
    assert out.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(out.astype(np.float32), [12, 15, 18, 21])


ARGMAX = """
func.func public @main(%x: tensor<3x5xf32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %iota = stablehlo.iota dim = 1 : tensor<3x5xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%iota init: %zero) across dimensions = [1]
      : (tensor<3x5xf32>, tensor<3x5xi32>, tensor<f32>, tensor<i32>)
      -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %pick = stablehlo.or %gt, %nan : tensor<i1>
    %eq = stablehlo.compare EQ, %a, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %b, %d, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %pick_index = stablehlo.or %pick, %tie : tensor<i1>
    %v = stablehlo.select %pick, %a, %c : tensor<i1>, tensor<f32>
    %i = stablehlo.select %pick_index, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xi32>
}"""


def test_variadic_argmax_reduce(client):
    x = np.float32([[1, 9, 3, 9, 0], [2, np.nan, 5, np.nan, 1], [-4, -3, -2, -1, -9]])
    values, indices = run(client, ARGMAX, x)
    np.testing.assert_array_equal(indices, [1, 1, 3])  # first maximum; first NaN wins
    assert values[0] == 9 and np.isnan(values[1]) and values[2] == -1


def test_reduce_body_with_non_elementwise_op_runs_per_element(client):
    # reshape (not elementwise) keeps the body off the vectorised path.
    text = """
func.func public @main(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %zero) across dimensions = [0]
      : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %s = stablehlo.add %a, %b : tensor<f32>
    %t = stablehlo.reshape %s : (tensor<f32>) -> tensor<f32>
    stablehlo.return %t : tensor<f32>
  }
  return %r : tensor<3xf32>
}"""
    (out,) = run(client, text, np.float32([[1, 2, 3], [4, 5, 6]]))
    np.testing.assert_array_equal(out, [5, 7, 9])


def test_reduce_errors(client):
    bad_dims = _reduce_program("add", "f32", "2x3", "2x", "2")
    assert "dimensions" in compile_error(client, bad_dims)
    bad_shape = _reduce_program("add", "f32", "2x3", "3x", "1")
    assert "result 0 has shape" in compile_error(client, bad_shape)


# -- reduce_window and select_and_scatter ------------------------------------------------


def _naive_reduce_window(x, init, window, strides, base, wdil, padding, fn):
    dilated = np.full([(n - 1) * b + 1 for n, b in zip(x.shape, base)], init, x.dtype)
    dilated[tuple(slice(None, None, b) for b in base)] = x
    padded = np.pad(dilated, padding, constant_values=init)
    out_shape = [(p - ((w - 1) * d + 1)) // s + 1
                 for p, w, d, s in zip(padded.shape, window, wdil, strides)]
    out = np.empty(out_shape, x.dtype)
    for index in np.ndindex(*out_shape):
        sl = tuple(slice(i * s, i * s + (w - 1) * d + 1, d)
                   for i, s, w, d in zip(index, strides, window, wdil))
        out[index] = fn(np.concatenate([[init], padded[sl].reshape(-1)]))
    return out


def test_reduce_window_with_dilations_and_padding_matches_naive(client):
    text = """
func.func public @main(%x: tensor<5x6xi32>, %init: tensor<i32>) -> tensor<4x3xi32> {
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %m = stablehlo.maximum %a, %b : tensor<i32>
      stablehlo.return %m : tensor<i32>
  }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 3, 2>,
      base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 2, 1>,
      padding = dense<[[1, 2], [1, 0]]> : tensor<2x2xi64>}
      : (tensor<5x6xi32>, tensor<i32>) -> tensor<4x3xi32>
  return %r : tensor<4x3xi32>
}"""
    rng = np.random.default_rng(0)
    x = rng.integers(-50, 50, (5, 6)).astype(np.int32)
    (out,) = run(client, text, x, np.int32(-100))
    expected = _naive_reduce_window(x, np.int32(-100), (2, 3), (3, 2), (2, 1), (2, 1),
                                    ((1, 2), (1, 0)), np.max)
    np.testing.assert_array_equal(out, expected)


def test_reduce_window_cumsum_pattern(client):
    text = """
func.func public @main(%x: tensor<6xf32>) -> tensor<6xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %zero) <{padding = dense<[[5, 0]]> : tensor<1x2xi64>,
      window_dimensions = array<i64: 6>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) : (tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}"""
    x = np.float32([1, 2, 3, 4, 5, 6])
    (out,) = run(client, text, x)
    np.testing.assert_array_equal(out, np.cumsum(x))


def test_reduce_window_shape_error(client):
    text = """
func.func public @main(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<3xf32> {
  %r = "stablehlo.reduce_window"(%x, %init) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}
      : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}"""
    assert "expected [2]" in compile_error(client, text)


def test_select_and_scatter_overlapping_windows_accumulate(client):
    # Max-pool gradient, window 2 stride 1: element 3 is the max of two windows.
    text = """
func.func public @main(%x: tensor<5xf32>, %src: tensor<4xf32>) -> tensor<5xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %src, %zero) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %ge = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %ge : tensor<i1>
  }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>}
      : (tensor<5xf32>, tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}"""
    x = np.float32([1, 3, 2, 7, 7])
    src = np.float32([10, 20, 30, 40])
    (out,) = run(client, text, x, src)
    # windows: [1,3]->1, [3,2]->1, [2,7]->3, [7,7]->3 (ties keep the first: GE)
    np.testing.assert_array_equal(out, [0, 30, 0, 70, 0])


# -- dot_general --------------------------------------------------------------------------


def test_dot_general_batch_layout_matches_einsum(client):
    text = """
func.func public @main(%a: tensor<2x3x4x5xf32>, %b: tensor<5x2x6x4xf32>) -> tensor<2x4x3x6xf32> {
  %r = stablehlo.dot_general %a, %b, batching_dims = [0, 2] x [1, 3],
      contracting_dims = [3] x [0]
      : (tensor<2x3x4x5xf32>, tensor<5x2x6x4xf32>) -> tensor<2x4x3x6xf32>
  return %r : tensor<2x4x3x6xf32>
}"""
    rng = np.random.default_rng(1)
    a = rng.standard_normal((2, 3, 4, 5)).astype(np.float32)
    b = rng.standard_normal((5, 2, 6, 4)).astype(np.float32)
    (out,) = run(client, text, a, b)
    np.testing.assert_allclose(out, np.einsum("bmkc,cbnk->bkmn", a, b), rtol=1e-5)


def test_dot_general_integer_accumulation_wraps_to_result(client):
    text = """
func.func public @main(%a: tensor<4xi8>, %b: tensor<4xi8>) -> (tensor<i8>, tensor<i32>) {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0]
      : (tensor<4xi8>, tensor<4xi8>) -> tensor<i8>
  %w = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0]
      : (tensor<4xi8>, tensor<4xi8>) -> tensor<i32>
  return %r, %w : tensor<i8>, tensor<i32>
}"""
    a = np.int8([100, 100, -128, 1])
    narrow, wide = run(client, text, a, a)
    assert wide == 36385 and narrow.dtype == np.int8 and narrow == 33  # 36385 mod 256


def test_dot_general_bf16_accumulates_in_f32(client):
    text = """
func.func public @main(%a: tensor<3xbf16>, %b: tensor<3xbf16>) -> tensor<bf16> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0]
      : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<bf16>
  return %r : tensor<bf16>
}"""
    # 256 + 1 - 256: bf16 step-by-step accumulation would lose the 1.
    a = np.float32([256, 1, -256]).astype(ml_dtypes.bfloat16)
    b = np.ones(3, ml_dtypes.bfloat16)
    (out,) = run(client, text, a, b)
    assert out.dtype == ml_dtypes.bfloat16 and float(out) == 1.0


def test_dot_general_errors(client):
    text = """
func.func public @main(%a: tensor<2x3xf32>, %b: tensor<4x2xf32>) -> tensor<2x2xf32> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : (tensor<2x3xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}"""
    assert "contracting dimension sizes differ" in compile_error(client, text)


def test_legacy_dot(client):
    text = """
func.func public @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  %r = "stablehlo.dot"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}"""
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    (out,) = run(client, text, a, np.float32([1, 2, 3]))
    np.testing.assert_array_equal(out, a @ np.float32([1, 2, 3]))


# -- convolution ---------------------------------------------------------------------------


def _naive_conv_nchw(x, w, strides, padding, lhs_dil, rhs_dil, fgc, bgc):
    """Direct-loop reference: x [N, C, H, W], w [O, I, KH, KW]."""
    n, c, h, wd = x.shape
    o, i, kh, kw = w.shape
    dil = np.zeros((n, c, (h - 1) * lhs_dil[0] + 1, (wd - 1) * lhs_dil[1] + 1), x.dtype)
    dil[:, :, ::lhs_dil[0], ::lhs_dil[1]] = x
    xp = np.pad(dil, ((0, 0), (0, 0), padding[0], padding[1]))
    ekh, ekw = (kh - 1) * rhs_dil[0] + 1, (kw - 1) * rhs_dil[1] + 1
    oh = (xp.shape[2] - ekh) // strides[0] + 1
    ow = (xp.shape[3] - ekw) // strides[1] + 1
    nb, og = n // bgc, o // (fgc * bgc)
    out = np.zeros((nb, o, oh, ow), np.float64)
    for b in range(nb):
        for f in range(o):
            g = f // og
            batch = b + (g * nb if bgc > 1 else 0)
            chans = range(g * i, (g + 1) * i) if fgc > 1 else range(i)
            for y in range(oh):
                for z in range(ow):
                    patch = xp[batch, list(chans), y * strides[0]:y * strides[0] + ekh:rhs_dil[0],
                               z * strides[1]:z * strides[1] + ekw:rhs_dil[1]]
                    out[b, f, y, z] = np.sum(patch * w[f])
    return out


@pytest.mark.parametrize("fgc,bgc", [(1, 1), (2, 1), (1, 2)])
def test_convolution_matches_direct_loops(client, fgc, bgc):
    n, c, o = 2 * bgc, 2 * fgc, 2 * fgc * bgc
    i = c // fgc
    rng = np.random.default_rng(fgc + 10 * bgc)
    x = rng.standard_normal((n, c, 5, 6)).astype(np.float32)
    w = rng.standard_normal((o, i, 2, 3)).astype(np.float32)
    expected = _naive_conv_nchw(x, w, (2, 1), ((1, 0), (2, 1)), (1, 2), (2, 1), fgc, bgc)
    # Feed NHWC / HWIO layouts to exercise the dimension numbers.
    out_shape = "x".join(str(d) for d in (expected.shape[0], expected.shape[2],
                                          expected.shape[3], expected.shape[1]))
    text = f"""
func.func public @main(%x: tensor<{n}x5x6x{c}xf32>, %w: tensor<2x3x{i}x{o}xf32>)
    -> tensor<{out_shape}xf32> {{
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
      window = {{stride = [2, 1], pad = [[1, 0], [2, 1]], lhs_dilate = [1, 2], rhs_dilate = [2, 1]}}
      {{batch_group_count = {bgc} : i64, feature_group_count = {fgc} : i64}}
      : (tensor<{n}x5x6x{c}xf32>, tensor<2x3x{i}x{o}xf32>) -> tensor<{out_shape}xf32>
  return %r : tensor<{out_shape}xf32>
}}"""
    (out,) = run(client, text, x.transpose(0, 2, 3, 1), w.transpose(2, 3, 1, 0))
    np.testing.assert_allclose(out, expected.transpose(0, 2, 3, 1), rtol=1e-4, atol=1e-4)


def test_convolution_window_reversal_flips_the_kernel(client):
    text = """
func.func public @main(%x: tensor<1x1x4xf32>, %w: tensor<1x1x2xf32>) -> tensor<1x1x3xf32> {
  %r = "stablehlo.convolution"(%x, %w) {
    dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>,
    window_reversal = array<i1: true>, batch_group_count = 1 : i64, feature_group_count = 1 : i64
  } : (tensor<1x1x4xf32>, tensor<1x1x2xf32>) -> tensor<1x1x3xf32>
  return %r : tensor<1x1x3xf32>
}"""
    (out,) = run(client, text, np.float32([[[1, 2, 3, 4]]]), np.float32([[[10, 1]]]))
    np.testing.assert_array_equal(out, [[[21, 32, 43]]])  # kernel applied as [1, 10]


def test_convolution_group_count_errors(client):
    text = """
func.func public @main(%x: tensor<2x2x4xf32>, %w: tensor<2x1x2xf32>) -> tensor<1x2x3xf32> {
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {}
      {batch_group_count = 2 : i64, feature_group_count = 2 : i64}
      : (tensor<2x2x4xf32>, tensor<2x1x2xf32>) -> tensor<1x2x3xf32>
  return %r : tensor<1x2x3xf32>
}"""
    assert "cannot both exceed 1" in compile_error(client, text)


# -- triangular_solve, cholesky -------------------------------------------------------------


@pytest.mark.parametrize("left", [True, False])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("mode", ["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"])
def test_triangular_solve_all_variants(client, left, lower, mode):
    rng = np.random.default_rng(3)
    a = (rng.standard_normal((2, 3, 3)) + 1j * rng.standard_normal((2, 3, 3)) + 4 * np.eye(3))
    a = a.astype(np.complex64)
    b_shape = (2, 3, 2) if left else (2, 2, 3)
    b = (rng.standard_normal(b_shape) + 1j * rng.standard_normal(b_shape)).astype(np.complex64)
    bs = "x".join(map(str, b_shape))
    flag = lambda v: "true" if v else "false"  # noqa: E731
    text = f"""
func.func public @main(%a: tensor<2x3x3xcomplex<f32>>, %b: tensor<{bs}xcomplex<f32>>)
    -> tensor<{bs}xcomplex<f32>> {{
  %r = "stablehlo.triangular_solve"(%a, %b) {{left_side = {flag(left)}, lower = {flag(lower)},
      unit_diagonal = false, transpose_a = #stablehlo<transpose {mode}>}}
      : (tensor<2x3x3xcomplex<f32>>, tensor<{bs}xcomplex<f32>>) -> tensor<{bs}xcomplex<f32>>
  return %r : tensor<{bs}xcomplex<f32>>
}}"""
    (x,) = run(client, text, a, b)
    tri = np.tril(a) if lower else np.triu(a)
    op = {"NO_TRANSPOSE": tri, "TRANSPOSE": np.swapaxes(tri, -1, -2),
          "ADJOINT": np.conj(np.swapaxes(tri, -1, -2))}[mode]
    product = op @ x if left else x @ op
    np.testing.assert_allclose(product, b, rtol=1e-4, atol=1e-4)


def test_triangular_solve_unit_diagonal_ignores_diagonal(client):
    text = """
func.func public @main(%a: tensor<2x2xf32>, %b: tensor<2x1xf32>) -> tensor<2x1xf32> {
  %r = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true,
      unit_diagonal = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}
      : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  return %r : tensor<2x1xf32>
}"""
    a = np.float32([[5, 99], [2, 0]])  # diagonal and upper triangle are never read
    (x,) = run(client, text, a, np.float32([[1], [4]]))
    np.testing.assert_array_equal(x, [[1], [2]])


def test_cholesky_lower_upper_and_not_positive_definite(client):
    text = """
func.func public @main(%a: tensor<2x3x3xf64>) -> (tensor<2x3x3xf64>, tensor<2x3x3xf64>) {
  %l = stablehlo.cholesky %a, lower = true : tensor<2x3x3xf64>
  %u = stablehlo.cholesky %a, lower = false : tensor<2x3x3xf64>
  return %l, %u : tensor<2x3x3xf64>, tensor<2x3x3xf64>
}"""
    m = np.array([[4.0, 2, 0.4], [2, 5, 1], [0.4, 1, 3]])
    bad = -np.eye(3)
    lo, up = run(client, text, np.stack([m, bad]))
    np.testing.assert_allclose(lo[0] @ lo[0].T, m, atol=1e-12)
    np.testing.assert_allclose(up[0].T @ up[0], m, atol=1e-12)
    assert np.allclose(np.triu(lo[0], 1), 0) and np.isnan(lo[1]).all()


# -- batch_norm ------------------------------------------------------------------------------


def test_batch_norm_training_inference_and_grad(client):
    text = """
func.func public @main(%x: tensor<4x3x2xf32>, %scale: tensor<3xf32>, %offset: tensor<3xf32>,
                       %dy: tensor<4x3x2xf32>)
    -> (tensor<4x3x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x3x2xf32>,
        tensor<4x3x2xf32>, tensor<3xf32>, tensor<3xf32>) {
  %y, %mean, %var = "stablehlo.batch_norm_training"(%x, %scale, %offset)
      {epsilon = 0.001 : f32, feature_index = 1 : i64}
      : (tensor<4x3x2xf32>, tensor<3xf32>, tensor<3xf32>)
      -> (tensor<4x3x2xf32>, tensor<3xf32>, tensor<3xf32>)
  %inf = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var)
      {epsilon = 0.001 : f32, feature_index = 1 : i64}
      : (tensor<4x3x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
      -> tensor<4x3x2xf32>
  %dx, %dscale, %doffset = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy)
      {epsilon = 0.001 : f32, feature_index = 1 : i64}
      : (tensor<4x3x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x3x2xf32>)
      -> (tensor<4x3x2xf32>, tensor<3xf32>, tensor<3xf32>)
  return %y, %mean, %var, %inf, %dx, %dscale, %doffset
      : tensor<4x3x2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x3x2xf32>,
        tensor<4x3x2xf32>, tensor<3xf32>, tensor<3xf32>
}"""
    rng = np.random.default_rng(5)
    x = rng.standard_normal((4, 3, 2)).astype(np.float32)
    scale, offset = np.float32([1, 2, 3]), np.float32([0, -1, 1])
    dy = rng.standard_normal((4, 3, 2)).astype(np.float32)
    y, mean, var, inf, dx, dscale, doffset = run(client, text, x, scale, offset, dy)
    axes = (0, 2)
    m, v = x.mean(axes), x.var(axes)
    bc = lambda t: t[None, :, None]  # noqa: E731
    xhat = (x - bc(m)) / np.sqrt(bc(v) + 1e-3)
    np.testing.assert_allclose(mean, m, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(var, v, rtol=1e-5)
    np.testing.assert_allclose(y, xhat * bc(scale) + bc(offset), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(inf, y, rtol=1e-5, atol=1e-6)
    count = x.size / 3
    expected_dx = (bc(scale) / np.sqrt(bc(v) + 1e-3) / count) * (
        count * dy - bc(dy.sum(axes)) - xhat * bc((dy * xhat).sum(axes)))
    np.testing.assert_allclose(dx, expected_dx, rtol=1e-3, atol=1e-4)
    np.testing.assert_allclose(dscale, (dy * xhat).sum(axes), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(doffset, dy.sum(axes), rtol=1e-5, atol=1e-6)


# -- fft ------------------------------------------------------------------------------------


def test_rfft_irfft_single_precision_round_trip(client):
    text = """
func.func public @main(%x: tensor<3x4x6xf32>) -> (tensor<3x4x4xcomplex<f32>>, tensor<3x4x6xf32>) {
  %f = stablehlo.fft %x, type = RFFT, length = [4, 6]
      : (tensor<3x4x6xf32>) -> tensor<3x4x4xcomplex<f32>>
  %b = stablehlo.fft %f, type = IRFFT, length = [4, 6]
      : (tensor<3x4x4xcomplex<f32>>) -> tensor<3x4x6xf32>
  return %f, %b : tensor<3x4x4xcomplex<f32>>, tensor<3x4x6xf32>
}"""
    x = np.random.default_rng(7).standard_normal((3, 4, 6)).astype(np.float32)
    forward, back = run(client, text, x)
    assert forward.dtype == np.complex64 and back.dtype == np.float32
    np.testing.assert_allclose(forward, np.fft.rfftn(x, axes=(1, 2)), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(back, x, rtol=1e-4, atol=1e-5)


def test_fft_type_errors(client):
    text = """
func.func public @main(%x: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  %f = stablehlo.fft %x, type = FFT, length = [4] : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return %f : tensor<4xcomplex<f32>>
}"""
    assert "FFT maps a complex type to itself" in compile_error(client, text)


# -- chlo.ragged_dot --------------------------------------------------------------------------


def _ragged_program(lhs: str, rhs: str, out: str, dims: str) -> str:
    return f"""
func.func public @main(%a: tensor<{lhs}xf32>, %b: tensor<{rhs}xf32>, %g: tensor<2xi64>)
    -> tensor<{out}xf32> {{
  %r = "chlo.ragged_dot"(%a, %b, %g) {{ragged_dot_dimension_numbers = #chlo.ragged_dot<{dims}>}}
      : (tensor<{lhs}xf32>, tensor<{rhs}xf32>, tensor<2xi64>) -> tensor<{out}xf32>
  return %r : tensor<{out}xf32>
}}"""


def test_ragged_dot_ragged_contracting_dimension(client):
    text = _ragged_program(
        "2x5", "5x3", "2x2x3",
        "lhs_batching_dimensions = [], rhs_batching_dimensions = [], "
        "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], "
        "lhs_ragged_dimensions = [1], rhs_group_dimensions = []")
    rng = np.random.default_rng(8)
    a = rng.standard_normal((2, 5)).astype(np.float32)
    b = rng.standard_normal((5, 3)).astype(np.float32)
    (out,) = run(client, text, a, b, np.int64([2, 3]))
    np.testing.assert_allclose(out[0], a[:, :2] @ b[:2], rtol=1e-5)
    np.testing.assert_allclose(out[1], a[:, 2:] @ b[2:], rtol=1e-5)


def test_ragged_dot_rows_past_the_groups_are_zero(client):
    text = _ragged_program(
        "5x2", "2x2x3", "5x3",
        "lhs_batching_dimensions = [], rhs_batching_dimensions = [], "
        "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], "
        "lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]")
    rng = np.random.default_rng(9)
    a = rng.standard_normal((5, 2)).astype(np.float32)
    b = rng.standard_normal((2, 2, 3)).astype(np.float32)
    (out,) = run(client, text, a, b, np.int64([1, 2]))
    np.testing.assert_allclose(out[0], a[0] @ b[0], rtol=1e-5)
    np.testing.assert_allclose(out[1:3], a[1:3] @ b[1], rtol=1e-5)
    np.testing.assert_array_equal(out[3:], 0)


def test_reference_kernels_reject_quantized_types_explicitly():
    # The CPU lowering routes quantized ops through dequantize-op-quantize; the
    # reference kernels themselves refuse storage integers instead of misreading them.
    from jaxlib._src.ir.core import Operation
    from jaxlib._src.ir.types import QuantizedType, TensorType
    from jaxlib._src.ops.registry import REFERENCE_KERNELS

    q = TensorType((2, 2), QuantizedType("i8", "f32", (0.5,), (0,)))
    op = Operation("stablehlo.dot_general", result_types=[q])
    op.operands = []
    with pytest.raises(NotImplementedError, match="quantized"):
        REFERENCE_KERNELS["stablehlo.dot_general"](op, None)


@pytest.mark.parametrize("body", ["maximum", "minimum", "and", "add"])
def test_reductions_of_narrow_integers(client, body):
    # ml_dtypes' int4 has no max/min/bitwise reduce loop that takes a dtype:
    # jnp.max of an int4 array failed on the CPU.
    x = np.array([[1, 2, -8], [-1, 7, 3]], ml_dtypes.int4)
    text = ("func.func @main(%x: tensor<2x3xi4>) -> tensor<3xi4> {\n"
            "  %z = stablehlo.constant dense<0> : tensor<i4>\n"
            f"  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.{body} across "
            "dimensions = [0] : (tensor<2x3xi4>, tensor<i4>) -> tensor<3xi4>\n"
            "  return %0 : tensor<3xi4>\n}\n")
    (got,) = run(client, text, x)
    wide = x.astype(np.int8)
    want = {"maximum": np.maximum(wide.max(0), 0), "minimum": np.minimum(wide.min(0), 0),
            "and": np.zeros(3, np.int8), "add": wide.sum(0)}[body]
    assert got.dtype == ml_dtypes.int4
    np.testing.assert_array_equal(got.astype(np.int8), want.astype(ml_dtypes.int4).astype(np.int8))
