"""Elementwise ops: arithmetic, bitwise, compare/select/clamp, conversions and
the CHLO special functions.

The StableHLO interpreter's files for these ops must pass whole, as must the
JAX-exported testdata/ files about them; then XLA's integer and float edge
cases (division by zero, INT_MIN / -1, shifts past the width, saturating
float -> int conversion, NaN propagation, signed zeros, total order, rounding
once for narrow floats) and the type-rule errors are checked directly.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
import scipy.special
from conftest import find_conformance_dir as _conformance_dir

from jaxlib import xla_client
from jaxlib._src.ops.conversions import reduce_precision_bits
from jaxlib._src.ops.elementwise import element_kind
from jaxlib.xla_client import XlaRuntimeError

INTERPRET_FILES = [
    "abs", "add", "and", "atan2", "bitcast_convert", "cbrt", "ceil", "clamp", "compare",
    "complex", "convert", "cosine", "count_leading_zeros", "divide", "exponential",
    "exponential_minus_one", "floor", "imag", "is_finite", "log", "log_plus_one", "logistic",
    "maximum", "minimum", "multiply", "negate", "not", "or", "popcnt", "power", "real",
    "reduce_precision", "remainder", "round_nearest_afz", "round_nearest_even", "rsqrt",
    "select", "shift_left", "shift_right_arithmetic", "shift_right_logical", "sign", "sine",
    "sqrt", "subtract", "tan", "tanh", "xor", "chlo__mulhi",
]

# testdata/ files (exported from JAX) whose subject is one of these ops.
TESTDATA_PREFIXES = tuple(f"{name}_" for name in (
    "abs", "acos", "acosh", "add", "and", "asin", "asinh", "atan", "atan2", "atanh",
    "bessel_i1e", "bitcast_convert_type", "cbrt", "ceil", "clamp", "complex", "conj",
    "convert_element_type", "cos", "cosh", "digamma", "div", "eq", "erf", "erf_inv", "erfc",
    "exp", "expm1", "floor", "ge", "gt", "imag", "integer_pow", "is_finite", "le", "lgamma",
    "log", "log1p", "logistic", "lt", "max", "min", "mul", "ne", "neg", "nextafter", "not",
    "or", "population_count", "pow", "real", "reduce_precision", "rem", "round", "rsqrt",
    "select_n", "shift_left", "shift_right_arithmetic", "shift_right_logical", "sign", "sin",
    "sinh", "sqrt", "sub", "tan", "tanh", "xor"))




@pytest.mark.parametrize("name", INTERPRET_FILES)
def test_interpret_file_passes(name):
    from jaxlib._src.tools.conformance import run_file

    results = run_file(_conformance_dir() / "interpret" / f"{name}.mlir")
    assert results
    failures = [r.line() for r in results if not r.passed]
    assert not failures, "\n".join(failures)


def test_testdata_files_pass():
    from jaxlib._src.tools.conformance import run_file

    paths = sorted(p for p in (_conformance_dir() / "testdata").glob("*.mlir")
                   if p.name.startswith(TESTDATA_PREFIXES))
    assert len(paths) > 300
    failures = [r.line() for path in paths for r in run_file(path) if not r.passed]
    assert not failures, "\n".join(failures[:20])


# --- running programs through the client ---------------------------------------------------


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client()


def run(client, text: str, *args):
    exe = client.compile_and_load(text, client.devices()[:1])
    buffers = [client.buffer_from_pyval(np.asarray(a), client.devices()[0]) for a in args]
    return [np.asarray(out) for out in exe.execute(buffers)]


def unary(client, op: str, x, in_type: str, out_type: str | None = None):
    n = np.asarray(x).size
    out_type = out_type or in_type
    text = f"""
    func.func public @main(%x: tensor<{n}x{in_type}>) -> tensor<{n}x{out_type}> {{
      %r = "{op}"(%x) : (tensor<{n}x{in_type}>) -> tensor<{n}x{out_type}>
      return %r : tensor<{n}x{out_type}>
    }}"""
    return run(client, text, x)[0]


def binary(client, op: str, a, b, in_type: str, out_type: str | None = None, attrs: str = ""):
    n = np.asarray(a).size
    out_type = out_type or in_type
    text = f"""
    func.func public @main(%a: tensor<{n}x{in_type}>, %b: tensor<{n}x{in_type}>)
        -> tensor<{n}x{out_type}> {{
      %r = "{op}"(%a, %b) {attrs} : (tensor<{n}x{in_type}>, tensor<{n}x{in_type}>)
          -> tensor<{n}x{out_type}>
      return %r : tensor<{n}x{out_type}>
    }}"""
    return run(client, text, a, b)[0]


def same_bits(actual, expected):
    actual, expected = np.asarray(actual), np.asarray(expected)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.tobytes() == expected.tobytes(), (actual, expected)


# --- integers ----------------------------------------------------------------------------


@pytest.mark.parametrize("dtype,spelling", [(np.int8, "i8"), (np.int32, "i32"),
                                            (np.int64, "i64")])
def test_signed_division_edge_cases(client, dtype, spelling):
    low = np.iinfo(dtype).min
    a = np.array([7, -7, 7, -7, 5, low, low], dtype)
    b = np.array([2, 2, -2, -2, 0, -1, 0], dtype)
    quotient = binary(client, "stablehlo.divide", a, b, spelling)
    remainder = binary(client, "stablehlo.remainder", a, b, spelling)
    # Truncating division; x/0 = -1, x%0 = x; INT_MIN/-1 = INT_MIN, INT_MIN%-1 = 0.
    same_bits(quotient, np.array([3, -3, -3, 3, -1, low, -1], dtype))
    same_bits(remainder, np.array([1, -1, 1, -1, 5, 0, low], dtype))


def test_unsigned_and_narrow_division(client):
    a, b = np.array([7, 200, 9], np.uint8), np.array([2, 0, 0], np.uint8)
    same_bits(binary(client, "stablehlo.divide", a, b, "ui8"), np.array([3, 255, 255], np.uint8))
    same_bits(binary(client, "stablehlo.remainder", a, b, "ui8"), np.array([1, 200, 9], np.uint8))
    i4 = ml_dtypes.int4
    a, b = np.array([-8, -8, 7], i4), np.array([-1, 0, -2], i4)
    same_bits(binary(client, "stablehlo.divide", a, b, "i4"), np.array([-8, -1, -3], i4))
    same_bits(binary(client, "stablehlo.remainder", a, b, "i4"), np.array([0, -8, 1], i4))


def test_integer_arithmetic_wraps(client):
    same_bits(binary(client, "stablehlo.add", np.array([127, -128], np.int8),
                     np.array([1, -1], np.int8), "i8"), np.array([-128, 127], np.int8))
    same_bits(binary(client, "stablehlo.multiply", np.array([7, -8], ml_dtypes.int4),
                     np.array([7, 3], ml_dtypes.int4), "i4"), np.array([1, -8], ml_dtypes.int4))
    same_bits(binary(client, "stablehlo.subtract", np.array([0, 3], ml_dtypes.uint4),
                     np.array([1, 5], ml_dtypes.uint4), "ui4"), np.array([15, 14], ml_dtypes.uint4))
    same_bits(unary(client, "stablehlo.negate", np.array([-128, 5], np.int8), "i8"),
              np.array([-128, -5], np.int8))
    same_bits(unary(client, "stablehlo.abs", np.array([-128, -5], np.int8), "i8"),
              np.array([-128, 5], np.int8))
    same_bits(unary(client, "stablehlo.negate", np.array([1, 0], np.uint32), "ui32"),
              np.array([2**32 - 1, 0], np.uint32))


def test_integer_power(client):
    a = np.array([2, -2, 2, 1, -1, -1, 0, 3, 5], np.int32)
    b = np.array([10, 3, -1, -5, -3, -2, 0, 40, 0], np.int32)
    expected = np.array([1024, -8, 0, 1, -1, 1, 1, pow(3, 40, 2**32), 1], np.int64)
    expected = expected.astype(np.uint32).view(np.int32)  # 3**40 wraps modulo 2**32
    same_bits(binary(client, "stablehlo.power", a, b, "i32"), expected)
    same_bits(binary(client, "stablehlo.power", np.array([3, 2], np.uint8),
                     np.array([5, 9], np.uint8), "ui8"), np.array([243, 0], np.uint8))


@pytest.mark.parametrize("dtype,spelling,bits", [(np.int8, "i8", 8), (np.uint8, "ui8", 8),
                                                 (np.int64, "i64", 64)])
def test_shifts_past_the_width(client, dtype, spelling, bits):
    signed = np.issubdtype(dtype, np.signedinteger)
    a = np.array([-3 if signed else 0xF3] * 5, dtype)
    counts = [0, 1, bits - 1, bits, bits + 1]
    b = np.array(counts, dtype)
    pattern = int(a[0]) & ((1 << bits) - 1)

    def wrap(v):
        v &= (1 << bits) - 1
        return v - (1 << bits) if signed and v >= 1 << (bits - 1) else v

    as_signed = pattern - (1 << bits) if pattern >> (bits - 1) else pattern
    left = [wrap(pattern << c) if c < bits else 0 for c in counts]
    logical = [wrap(pattern >> c) if c < bits else 0 for c in counts]
    arithmetic = [wrap(as_signed >> min(c, bits - 1)) for c in counts]
    same_bits(binary(client, "stablehlo.shift_left", a, b, spelling), np.array(left, dtype))
    same_bits(binary(client, "stablehlo.shift_right_logical", a, b, spelling),
              np.array(logical, dtype))
    same_bits(binary(client, "stablehlo.shift_right_arithmetic", a, b, spelling),
              np.array(arithmetic, dtype))


def test_negative_shift_counts_are_out_of_range(client):
    a, b = np.array([-16, 16], np.int32), np.array([-1, -1], np.int32)
    same_bits(binary(client, "stablehlo.shift_left", a, b, "i32"), np.array([0, 0], np.int32))
    same_bits(binary(client, "stablehlo.shift_right_arithmetic", a, b, "i32"),
              np.array([-1, 0], np.int32))


def test_bit_counting(client):
    x = np.array([0, 1, -1, 6, -8], ml_dtypes.int4)
    same_bits(unary(client, "stablehlo.popcnt", x, "i4"), np.array([0, 1, 4, 2, 1], ml_dtypes.int4))
    same_bits(unary(client, "stablehlo.count_leading_zeros", x, "i4"),
              np.array([4, 3, 0, 1, 0], ml_dtypes.int4))
    y = np.array([0, 1, 2**63, 2**64 - 1], np.uint64)
    same_bits(unary(client, "stablehlo.count_leading_zeros", y, "ui64"),
              np.array([64, 63, 0, 0], np.uint64))
    same_bits(unary(client, "stablehlo.not", np.array([0, 5], np.uint8), "ui8"),
              np.array([255, 250], np.uint8))


def test_mulhi_64_bit_matches_exact_products(client):
    rng = np.random.default_rng(1)
    a = rng.integers(-2**63, 2**63 - 1, 64, dtype=np.int64, endpoint=True)
    b = rng.integers(-2**63, 2**63 - 1, 64, dtype=np.int64, endpoint=True)
    a[:3], b[:3] = [-2**63, -2**63, -1], [-2**63, 2**63 - 1, -1]
    expected = np.array([(int(x) * int(y)) >> 64 for x, y in zip(a, b)], np.int64)
    same_bits(binary(client, "chlo.mulhi", a, b, "i64"), expected)
    ua, ub = a.view(np.uint64), b.view(np.uint64)
    expected = np.array([(int(x) * int(y)) >> 64 for x, y in zip(ua, ub)], np.uint64)
    same_bits(binary(client, "chlo.mulhi", ua, ub, "ui64"), expected)


# --- floats --------------------------------------------------------------------------------


def test_max_min_propagate_nan_and_order_zeros(client):
    a = np.array([np.nan, 1.0, -0.0, 0.0, 2.0], np.float32)
    b = np.array([1.0, np.nan, 0.0, -0.0, -3.0], np.float32)
    maximum = binary(client, "stablehlo.maximum", a, b, "f32")
    minimum = binary(client, "stablehlo.minimum", a, b, "f32")
    assert np.isnan(maximum[:2]).all() and np.isnan(minimum[:2]).all()
    assert list(np.signbit(maximum[2:4])) == [False, False]
    assert list(np.signbit(minimum[2:4])) == [True, True]
    assert maximum[4] == 2.0 and minimum[4] == -3.0


def test_complex_max_and_compare_are_lexicographic(client):
    a = np.array([1 + 5j, 2 + 0j, 1 + 1j], np.complex64)
    b = np.array([1 + 2j, 1 + 9j, 1 + 1j], np.complex64)
    np.testing.assert_array_equal(binary(client, "stablehlo.maximum", a, b, "complex<f32>"),
                                  [1 + 5j, 2 + 0j, 1 + 1j])
    np.testing.assert_array_equal(binary(client, "stablehlo.minimum", a, b, "complex<f32>"),
                                  [1 + 2j, 1 + 9j, 1 + 1j])
    lt = binary(client, "stablehlo.compare", a, b, "complex<f32>", "i1",
                "{comparison_direction = #stablehlo<comparison_direction LT>}")
    np.testing.assert_array_equal(lt, [False, False, False])


def test_sign_and_rounding(client):
    x = np.array([-0.0, 0.0, np.nan, -2.5, 3.0], np.float64)
    s = unary(client, "stablehlo.sign", x, "f64")
    assert np.signbit(s[0]) and not np.signbit(s[1]) and np.isnan(s[2])
    np.testing.assert_array_equal(s[3:], [-1.0, 1.0])
    halves = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 0.49999999999999994, -0.4], np.float64)
    np.testing.assert_array_equal(unary(client, "stablehlo.round_nearest_afz", halves, "f64"),
                                  [-3, -2, -1, 1, 2, 3, 0, -0.0])
    np.testing.assert_array_equal(unary(client, "stablehlo.round_nearest_even", halves, "f64"),
                                  [-2, -2, -0.0, 0, 2, 2, 0, -0.0])
    assert np.signbit(unary(client, "stablehlo.round_nearest_afz", halves, "f64")[-1])
    c = unary(client, "stablehlo.sign", np.array([3 + 4j, 0j], np.complex128), "complex<f64>")
    np.testing.assert_allclose(c, [0.6 + 0.8j, 0j])


def test_total_order_compare(client):
    ordered = np.array([-np.nan, -np.inf, -1.0, -0.0, 0.0, 1e-45, np.inf, np.nan], np.float32)
    ordered[0] = np.copysign(np.nan, -1.0)
    a = np.repeat(ordered, len(ordered))
    b = np.tile(ordered, len(ordered))
    attrs = ("{comparison_direction = #stablehlo<comparison_direction LT>, "
             "compare_type = #stablehlo<comparison_type TOTALORDER>}")
    lt = binary(client, "stablehlo.compare", a, b, "f32", "i1", attrs)
    index = np.arange(len(ordered))
    np.testing.assert_array_equal(lt, (index[:, None] < index[None, :]).reshape(-1))
    eq_attrs = attrs.replace("LT", "EQ")
    eq = binary(client, "stablehlo.compare", a, b, "f32", "i1", eq_attrs)
    np.testing.assert_array_equal(eq, np.eye(len(ordered), dtype=bool).reshape(-1))


def test_float_compare_with_nan_is_unordered(client):
    a = np.array([np.nan, np.nan, 1.0], np.float16)
    b = np.array([np.nan, 1.0, 1.0], np.float16)
    for direction, expected in [("EQ", [0, 0, 1]), ("NE", [1, 1, 0]), ("GE", [0, 0, 1]),
                                ("LT", [0, 0, 0])]:
        attrs = f"{{comparison_direction = #stablehlo<comparison_direction {direction}>}}"
        np.testing.assert_array_equal(binary(client, "stablehlo.compare", a, b, "f16", "i1",
                                             attrs), np.array(expected, bool))


def test_narrow_float_math_rounds_once_from_f32(client):
    x = np.linspace(-3, 3, 61).astype(ml_dtypes.bfloat16)
    expected = np.exp(x.astype(np.float32)).astype(ml_dtypes.bfloat16)
    same_bits(unary(client, "stablehlo.exponential", x, "bf16"), expected)
    h = np.linspace(0.01, 60000, 97).astype(np.float16)
    with np.errstate(over="ignore"):  # 2h overflows f16 to inf, as it should
        twice, ratio = ((h.astype(np.float32) * 2).astype(np.float16),
                        (h.astype(np.float32) / h[::-1].astype(np.float32)).astype(np.float16))
    same_bits(binary(client, "stablehlo.add", h, h, "f16"), twice)
    same_bits(binary(client, "stablehlo.divide", h, h[::-1].copy(), "f16"), ratio)


def test_f8_and_f4_arithmetic(client):
    a = np.array([1.0, 2.0, -0.5, 448.0], ml_dtypes.float8_e4m3fn)
    b = np.array([0.0625, 0.25, 1.0, 448.0], ml_dtypes.float8_e4m3fn)
    expected = (a.astype(np.float32) + b.astype(np.float32)).astype(ml_dtypes.float8_e4m3fn)
    same_bits(binary(client, "stablehlo.add", a, b, "f8E4M3FN"), expected)
    x = np.array([1.0, 2.0, -0.5, 0.0], ml_dtypes.float4_e2m1fn)
    y = np.array([0.0, 6.0, 1.0, -1.0], ml_dtypes.float4_e2m1fn)
    np.testing.assert_array_equal(
        binary(client, "chlo.next_after", x, y, "f4E2M1FN").astype(np.float32),
        [0.5, 3.0, -0.0, -0.5])
    fnuz = np.array([3.0, 1.0], ml_dtypes.float8_e4m3fnuz)  # reduced through f32
    np.testing.assert_array_equal(
        reduce_precision_bits(fnuz, element_kind("f8E4M3FNUZ"), 8, 0).astype(np.float32),
        [2.0, 1.0])


def _ulp_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance in float32 units in the last place (same-sign values)."""
    def ordered(v):
        bits = v.view(np.int32).astype(np.int64)
        return np.where(bits < 0, -(bits & 0x7FFFFFFF), bits)
    return np.abs(ordered(a) - ordered(b))


def test_f32_transcendentals_are_within_2_ulp_of_correctly_rounded(client):
    # The accuracy bar (XLA CPU uses approximations too).
    x = np.linspace(-20, 20, 401).astype(np.float32)
    for op, fn in [("stablehlo.tanh", np.tanh), ("stablehlo.sine", np.sin),
                   ("stablehlo.logistic", scipy.special.expit)]:
        got = unary(client, op, x, "f32")
        want = fn(x.astype(np.float64)).astype(np.float32)
        assert _ulp_distance(got, want).max() <= 2, op


def test_complex_functions_near_zero_keep_precision(client):
    z = np.array([1e-20 + 1e-20j, -1e-10 + 2e-10j], np.complex128)
    np.testing.assert_allclose(unary(client, "stablehlo.log_plus_one", z, "complex<f64>"),
                               z - z * z / 2, rtol=1e-12)
    np.testing.assert_allclose(unary(client, "stablehlo.exponential_minus_one", z,
                                     "complex<f64>"), z + z * z / 2, rtol=1e-12)


def test_select_and_clamp_with_scalars(client):
    text = """
    func.func public @main(%p: tensor<i1>, %x: tensor<4xf32>, %lo: tensor<f32>,
                           %hi: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
      %s = stablehlo.select %p, %x, %lo : (tensor<i1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
      %c = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
      return %s, %c : tensor<4xf32>, tensor<4xf32>
    }"""
    x = np.array([-5.0, 0.5, 7.0, np.nan], np.float32)
    with pytest.raises(XlaRuntimeError):  # select needs on_true and on_false shaped alike
        run(client, text, np.bool_(True), x, np.float32(0), np.float32(1))
    text = text.replace("%s = stablehlo.select %p, %x, %lo : (tensor<i1>, tensor<4xf32>, "
                        "tensor<f32>)", "%s = stablehlo.select %p, %x, %x : (tensor<i1>, "
                        "tensor<4xf32>, tensor<4xf32>)")
    selected, clamped = run(client, text, np.bool_(False), x, np.float32(0), np.float32(1))
    np.testing.assert_array_equal(selected, x)
    np.testing.assert_array_equal(clamped, [0.0, 0.5, 1.0, np.nan])


# --- conversions ---------------------------------------------------------------------------


def test_float_to_integer_saturates_and_maps_nan_to_zero(client):
    x = np.array([np.nan, np.inf, -np.inf, 3e9, -3e9, 2.7, -2.7, -0.5], np.float32)
    same_bits(unary(client, "stablehlo.convert", x, "f32", "i32"),
              np.array([0, 2**31 - 1, -2**31, 2**31 - 1, -2**31, 2, -2, 0], np.int32))
    same_bits(unary(client, "stablehlo.convert", x, "f32", "ui8"),
              np.array([0, 255, 0, 255, 0, 2, 0, 0], np.uint8))
    same_bits(unary(client, "stablehlo.convert", np.array([1e19, 9.3e18, -1.0]), "f64", "i64"),
              np.array([2**63 - 1, 2**63 - 1, -1], np.int64))
    same_bits(unary(client, "stablehlo.convert", np.array([1e20, 1.8e19]), "f64", "ui64"),
              np.array([2**64 - 1, 18000000000000000000], np.uint64))
    same_bits(unary(client, "stablehlo.convert", np.array([9.5, -9.5], np.float32), "f32", "i4"),
              np.array([7, -8], ml_dtypes.int4))


def test_integer_and_bool_conversions(client):
    same_bits(unary(client, "stablehlo.convert", np.array([300, -129], np.int32), "i32", "i8"),
              np.array([44, 127], np.int8))
    same_bits(unary(client, "stablehlo.convert", np.array([-1, 17], np.int32), "i32", "ui4"),
              np.array([15, 1], ml_dtypes.uint4))
    same_bits(unary(client, "stablehlo.convert", np.array([0.0, -0.0, np.nan, 0.1], np.float32),
                    "f32", "i1"), np.array([False, False, True, True]))
    same_bits(unary(client, "stablehlo.convert", np.array([True, False]), "i1", "f16"),
              np.array([1.0, 0.0], np.float16))
    same_bits(unary(client, "stablehlo.convert", np.array([1.5 + 2j, -3 - 1j], np.complex64),
                    "complex<f32>", "i32"), np.array([1, -3], np.int32))
    same_bits(unary(client, "stablehlo.convert", np.array([2**62 + 1], np.uint64), "ui64", "f32"),
              np.array([2**62], np.float32))


def test_float_narrowing_rounds_once(client):
    # 1 + 2^-8 + 2^-30 is just above a bf16 tie: one rounding goes up, double rounding
    # through f32 would go down to 1.0.
    x = np.array([1 + 2**-8 + 2**-30, 1 + 2**-8, 1e39, -1e-50], np.float64)
    out = unary(client, "stablehlo.convert", x, "f64", "bf16")
    np.testing.assert_array_equal(out.astype(np.float64), [1 + 2**-7, 1.0, np.inf, -0.0])
    assert np.signbit(out[3].astype(np.float32))
    e4m3 = unary(client, "stablehlo.convert", np.array([448.0, 17.0, 0.0], np.float32), "f32",
                 "f8E4M3FN")
    np.testing.assert_array_equal(e4m3.astype(np.float32), [448.0, 16.0, 0.0])


def test_bitcast_convert_changes_shape_little_endian(client):
    text = """
    func.func public @main(%x: tensor<2xf32>, %y: tensor<2x2xi4>, %z: tensor<8xi1>)
        -> (tensor<2x4xui8>, tensor<2xi8>, tensor<ui8>, tensor<f64>) {
      %a = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2x4xui8>
      %b = stablehlo.bitcast_convert %y : (tensor<2x2xi4>) -> tensor<2xi8>
      %c = stablehlo.bitcast_convert %z : (tensor<8xi1>) -> tensor<ui8>
      %d = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<f64>
      return %a, %b, %c, %d : tensor<2x4xui8>, tensor<2xi8>, tensor<ui8>, tensor<f64>
    }"""
    x = np.array([1.0, -2.5], np.float32)
    y = np.array([[1, -1], [-8, 7]], ml_dtypes.int4)
    z = np.array([1, 0, 1, 0, 0, 0, 0, 1], bool)
    a, b, c, d = run(client, text, x, y, z)
    same_bits(a, x.view(np.uint8).reshape(2, 4))
    same_bits(b, np.array([np.int8(-15), np.int8(0x78)], np.int8))  # low nibble first
    same_bits(c, np.uint8(0b10000101))
    same_bits(d, x.view(np.float64)[0])


def test_reduce_precision_matches_real_formats():
    rng = np.random.default_rng(0)
    x = (rng.standard_normal(2000) * 10.0 ** rng.integers(-45, 38, 2000)).astype(np.float32)
    f32 = element_kind("f32")
    as_bf16 = reduce_precision_bits(x, f32, 8, 7)
    same_bits(as_bf16, x.astype(ml_dtypes.bfloat16).astype(np.float32))
    normal = x[(np.abs(x) > 6.2e-5) | (x == 0)]  # f16 normals: no subnormal rounding
    with np.errstate(over="ignore"):
        as_f16 = normal.astype(np.float16).astype(np.float32)
    same_bits(reduce_precision_bits(normal, f32, 5, 10), as_f16)
    special = np.array([np.nan, np.inf, -np.inf, 1e30, -1e-30], np.float32)
    out = reduce_precision_bits(special, f32, 5, 10)
    assert np.isnan(out[0]) and list(out[1:]) == [np.inf, -np.inf, np.inf, -0.0]
    assert reduce_precision_bits(special[:1], f32, 5, 0)[0] == np.inf  # NaN without mantissa


# --- CHLO ------------------------------------------------------------------------------------


def test_chlo_special_function_poles(client):
    x = np.array([-np.inf, -2.0, 0.0, 0.5, np.inf], np.float64)
    lgamma = unary(client, "chlo.lgamma", x, "f64")
    np.testing.assert_array_equal(lgamma[[0, 1, 2, 4]], [np.inf] * 4)
    np.testing.assert_allclose(lgamma[3], np.log(np.sqrt(np.pi)))
    digamma = unary(client, "chlo.digamma", x, "f64")
    assert np.isnan(digamma[1:3]).all() and digamma[4] == np.inf
    erf_inv = unary(client, "chlo.erf_inv", np.array([-1.0, 0.5, 1.0, 2.0], np.float32), "f32")
    assert erf_inv[0] == -np.inf and erf_inv[2] == np.inf and np.isnan(erf_inv[3])
    np.testing.assert_allclose(erf_inv[1], scipy.special.erfinv(0.5), rtol=1e-6)


def test_chlo_zeta_and_polygamma(client):
    x = np.array([2.0, 3.0, 0.5, 1.0, 2.0, 3.0, 2.0], np.float64)
    q = np.array([1.0, 2.5, 1.0, 3.0, -2.0, -2.0, -1.5], np.float64)
    zeta = binary(client, "chlo.zeta", x, q, "f64")
    np.testing.assert_allclose(zeta[:2], scipy.special.zeta(x[:2], q[:2]))
    assert np.isnan(zeta[2]) and zeta[3] == np.inf  # x < 1; x == 1
    assert zeta[4] == np.inf and np.isnan(zeta[5])  # pole at integer q <= 0
    np.testing.assert_allclose(zeta[6], sum((-1.5 + k) ** -2 for k in range(2))
                               + scipy.special.zeta(2, 0.5))
    n = np.array([0.0, 1.0, 2.0, 1.5, -1.0], np.float64)
    v = np.array([2.0, 3.0, 0.7, 1.0, 1.0], np.float64)
    poly = binary(client, "chlo.polygamma", n, v, "f64")
    np.testing.assert_allclose(poly[:3], scipy.special.polygamma(n[:3].astype(int), v[:3]))
    assert np.isnan(poly[3:]).all()


def test_chlo_next_after_and_square(client):
    x = np.array([1.0, 0.0, -0.0, 1.0, np.nan, 2.0], ml_dtypes.bfloat16)
    y = np.array([2.0, -1.0, 1.0, 1.0, 0.0, -np.inf], ml_dtypes.bfloat16)
    out = binary(client, "chlo.next_after", x, y, "bf16").view(np.uint16)
    assert list(out[[0, 1, 2, 3, 5]]) == [0x3F81, 0x8001, 0x0001, 0x3F80, 0x3FFF]
    assert np.isnan(out[4:5].view(ml_dtypes.bfloat16).astype(np.float32)).all()
    z = np.array([3 + 3j, 1 + 2j, complex(np.inf, np.inf)], np.complex64)
    sq = unary(client, "chlo.square", z, "complex<f32>")
    assert sq[0] == 18j and sq[1] == -3 + 4j
    assert np.isnan(sq[2].real) and sq[2].imag == np.inf


def test_chlo_broadcasting_ops(client):
    text = """
    func.func public @main(%a: tensor<2x3xf32>, %b: tensor<2xf32>, %c: tensor<3xf32>,
                           %p: tensor<1x3xi1>)
        -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) {
      %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>}
          : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
      %1 = chlo.broadcast_subtract %a, %c : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
      %2 = chlo.broadcast_compare %a, %c {comparison_direction = #chlo<comparison_direction GT>}
          : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
      %3 = chlo.broadcast_select %p, %a, %0
          : (tensor<1x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
      %4 = "chlo.constant_like"(%a) {value = 2.5 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
      return %0, %1, %2, %3, %4
          : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>
    }"""
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b, c = np.array([10, 20], np.float32), np.array([1, 1, 5], np.float32)
    p = np.array([[True, False, True]])
    added, subtracted, greater, selected, const = run(client, text, a, b, c, p)
    np.testing.assert_array_equal(added, a + b[:, None])
    np.testing.assert_array_equal(subtracted, a - c)
    np.testing.assert_array_equal(greater, a > c)
    np.testing.assert_array_equal(selected, np.where(p, a, a + b[:, None]))
    np.testing.assert_array_equal(const, np.full((2, 3), 2.5, np.float32))


def test_quantized_add_dequantizes_and_requantizes(client):
    q = "!quant.uniform<i8:f32, 5.000000e-01:1>"
    text = f"""
    func.func public @main(%a: tensor<3x{q}>, %b: tensor<3x{q}>) -> tensor<3x{q}> {{
      %r = stablehlo.add %a, %b : tensor<3x{q}>
      return %r : tensor<3x{q}>
    }}"""
    a, b = np.array([3, 1, 127], np.int8), np.array([5, 1, 100], np.int8)
    # (a-1)*0.5 + (b-1)*0.5, then /0.5 + 1, clamped to i8.
    np.testing.assert_array_equal(run(client, text, a, b)[0], np.array([7, 1, 127], np.int8))


# --- type rules ------------------------------------------------------------------------------


@pytest.mark.parametrize("body,message", [
    ('%r = "stablehlo.abs"(%x) : (tensor<2xui32>) -> tensor<2xui32>', "not supported"),
    ('%r = "stablehlo.add"(%x, %y) : (tensor<2xui32>, tensor<2xi32>) -> tensor<2xui32>',
     "differ"),
    ('%r = "stablehlo.add"(%x, %x) : (tensor<2xui32>, tensor<2xui32>) -> tensor<3xui32>',
     "shapes differ"),
    ('%r = stablehlo.compare LT, %x, %x, SIGNED : (tensor<2xui32>, tensor<2xui32>) -> '
     'tensor<2xi1>', "compare_type SIGNED"),
    ('%r = "stablehlo.remainder"(%c, %c) : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> '
     'tensor<2xcomplex<f32>>', "not supported"),
    ('%r = stablehlo.bitcast_convert %x : (tensor<2xui32>) -> tensor<2x3xui8>',
     "last result dimension"),
    ('%r = stablehlo.reduce_precision %f, format = e0m3 : tensor<2xf32>', "exponent_bits"),
    ('%r = "stablehlo.is_finite"(%f) : (tensor<2xf32>) -> tensor<2xf32>', "should be i1"),
    ('%r = chlo.broadcast_add %f, %g : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>',
     "do not broadcast"),
    ('%r = "chlo.lgamma"(%x) : (tensor<2xui32>) -> tensor<2xui32>', "not supported"),
])
def test_type_rule_errors(client, body, message):
    text = f"""
    func.func public @main(%x: tensor<2xui32>, %y: tensor<2xi32>, %f: tensor<2xf32>,
                           %g: tensor<3xf32>, %c: tensor<2xcomplex<f32>>) {{
      {body}
      return
    }}"""
    with pytest.raises(XlaRuntimeError, match=message):
        client.compile_and_load(text, client.devices()[:1])


# --- complex functions at non-finite arguments -----------------------------------------

_INF, _NAN = np.inf, np.nan

# (op, argument, XLA's value: the reference jaxlib 0.10.2's on the CPU[, the one
# width it is for]), where C99's
# (numpy's) differs. Finite arguments keep the precise kernels' values, which can be
# more accurate than XLA's f32 formulas (expm1(89 + 2i) = -1.87e38 - inf i, not -inf).
COMPLEX_SPECIAL_VALUES = [
    ("stablehlo.exponential", complex(-_INF, _INF), complex(_NAN, _NAN)),
    ("stablehlo.exponential", complex(_INF, _NAN), complex(_NAN, _NAN)),
    ("stablehlo.exponential", complex(_INF, 0.0), complex(_INF, 0.0)),
    ("stablehlo.exponential", complex(-_INF, 2.0), complex(-0.0, 0.0)),
    # (in complex64: exp(89) overflows f32, but the product with cos(2) does not)
    ("stablehlo.exponential_minus_one", complex(1.7e23, 2.0), complex(-_INF, _INF)),
    ("stablehlo.exponential_minus_one", complex(3.4e38, 1e-15), complex(_INF, _INF)),
    ("stablehlo.exponential_minus_one", complex(89.0, -2.0), complex(-1.868338e38, -_INF), 64),
    ("chlo.cosh", complex(-_INF, _INF), complex(_NAN, _NAN)),
    ("chlo.cosh", complex(0.0, _INF), complex(_NAN, _NAN)),
    ("chlo.sinh", complex(0.0, _NAN), complex(_NAN, _NAN)),
    ("stablehlo.tanh", complex(0.0, _INF), complex(_NAN, _NAN)),
    ("stablehlo.tan", complex(_INF, 0.0), complex(_NAN, _NAN)),
    ("chlo.tan", complex(_NAN, -0.0), complex(_NAN, _NAN)),
    ("stablehlo.sign", complex(-_INF, 2.0), complex(_NAN, 0.0)),
    ("stablehlo.sign", complex(2.0, -_INF), complex(0.0, _NAN)),
    ("stablehlo.sign", complex(_INF, _INF), complex(_NAN, _NAN)),
    ("stablehlo.sign", complex(3.0, 4.0), complex(0.6, 0.8)),
    ("stablehlo.sign", complex(0.0, 0.0), complex(0.0, 0.0)),
    ("stablehlo.log_plus_one", complex(1.7e308, 1.7e308), complex(710.0734105, 0.7853982), 128),
]


@pytest.mark.parametrize("width", [64, 128])
def test_complex_functions_take_xla_values_at_non_finite_arguments(client, width):
    dtype = np.complex64 if width == 64 else np.complex128
    for op, argument, want, *only in COMPLEX_SPECIAL_VALUES:
        if only and only[0] != width:
            continue
        got = unary(client, op, np.array([argument], dtype),
                    f"complex<f{width // 2}>")[0]
        for part, g, w in (("real", got.real, want.real), ("imag", got.imag, want.imag)):
            if np.isnan(w) or np.isinf(w) or w == 0:
                assert (np.isnan(g) and np.isnan(w)) or g == w, (op, argument, part, got)
                assert np.signbit(g) == np.signbit(w) or np.isnan(w), (op, argument, part, got)
            else:
                assert g == pytest.approx(w, rel=1e-6), (op, argument, part, got)
