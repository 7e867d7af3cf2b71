"""Uniform quantization: uniform_quantize / uniform_dequantize (per-tensor and
per-axis, storage bounds, round-to-nearest-even) and the
dequantize–compute–quantize rule for other ops on quantized types."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import find_conformance_dir

from jaxlib import xla_client
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.compiler.pipeline import compile_program
from jaxlib._src.ir.types import QuantizedType
from jaxlib._src.ops.quantization import dequantize, quantize, storage_range


def _per_tensor(scale: float, zero_point: int = 0, storage: str = "i8", **bounds):
    return QuantizedType(storage, "f32", (scale,), (zero_point,), None,
                         bounds.get("low"), bounds.get("high"))


def _run(text: str, *args):
    return compile_program(text).program(*args)


# -- the arithmetic ----------------------------------------------------------------------


def test_quantize_rounds_half_to_even_and_clamps():
    qtype = _per_tensor(0.5, 1)
    values = np.array([0.25, 0.75, -0.25, 1000.0, -1000.0, np.nan], np.float32)
    # x / 0.5 + 1 = 1.5, 2.5, 0.5 -> 2, 2, 0; then the i8 range; NaN -> 0.
    np.testing.assert_array_equal(quantize(values, qtype),
                                  np.array([2, 2, 0, 127, -128, 0], np.int8))


def test_storage_bounds_and_narrow_storage_types():
    bounded = _per_tensor(1.0, 0, low=-100, high=100)
    assert storage_range(bounded) == (-100, 100)
    np.testing.assert_array_equal(quantize(np.array([500.0, -500.0], np.float32), bounded),
                                  np.array([100, -100], np.int8))
    unsigned4 = _per_tensor(1.0, 0, storage="ui4")
    assert storage_range(unsigned4) == (0, 15)
    out = quantize(np.array([-3.0, 7.0, 99.0], np.float32), unsigned4)
    assert out.dtype == ml_dtypes.uint4 and out.astype(int).tolist() == [0, 7, 15]


def test_i32_storage_saturates_instead_of_wrapping():
    qtype = _per_tensor(1.0, 0, storage="i32")
    out = quantize(np.array([3e9, -3e9], np.float32), qtype)
    assert out.tolist() == [2**31 - 1, -(2**31)]


def test_dequantize_per_tensor_uses_wide_subtraction():
    qtype = _per_tensor(0.5, -128)
    # 127 - (-128) = 255 would overflow in i8.
    np.testing.assert_array_equal(dequantize(np.array([127, -128], np.int8), qtype),
                                  np.array([127.5, 0.0], np.float32))


def test_per_axis_parameters_follow_the_quantized_dimension():
    qtype = QuantizedType("i8", "f32", (1.0, 2.0), (0, 10), 1)
    storage = np.array([[1, 12], [3, 14]], np.int8)
    values = dequantize(storage, qtype)
    np.testing.assert_array_equal(values, np.array([[1.0, 4.0], [3.0, 8.0]], np.float32))
    np.testing.assert_array_equal(quantize(values, qtype), storage)


# -- the ops --------------------------------------------------------------------------------

_PER_AXIS_A = "tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>"
_PER_AXIS_B = "tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>"
_QUANTIZE = f"""func.func @main(%x: tensor<2xf32>)
    -> ({_PER_AXIS_A}, {_PER_AXIS_B}, tensor<2xf32>) {{
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> {_PER_AXIS_A}
  %r = stablehlo.uniform_quantize %q : ({_PER_AXIS_A}) -> {_PER_AXIS_B}
  %d = stablehlo.uniform_dequantize %q : ({_PER_AXIS_A}) -> tensor<2xf32>
  return %q, %r, %d : {_PER_AXIS_A}, {_PER_AXIS_B}, tensor<2xf32>
}}"""


def test_spec_examples_quantize_requantize_dequantize():
    q, r, d = _run(_QUANTIZE, np.array([4.0, 15.0], np.float32))
    assert q.dtype == np.int8 and q.tolist() == [10, 10]
    assert r.tolist() == [20, 45]
    np.testing.assert_allclose(d, [4.0, 15.0], rtol=1e-6)


def test_quantized_values_cross_the_program_boundary_as_storage():
    client = xla_client.make_cpu_client(asynchronous=False)
    q = "tensor<3x!quant.uniform<ui8:f32, 0.25:128>>"
    text = f"""func.func @main(%x: tensor<3xf32>) -> {q} {{
      %0 = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> {q}
      return %0 : {q}
    }}"""
    executable = client.compile_and_load(text, client.devices()[:1])
    x = client.buffer_from_pyval(np.array([0.0, 1.0, -32.125], np.float32))
    (out,) = executable.execute([x])
    assert np.asarray(out).dtype == np.uint8 and np.asarray(out).tolist() == [128, 132, 0]


def _unary(op: str, operand: str, result: str) -> str:
    return f"""func.func @main(%x: {operand}) -> {result} {{
      %0 = stablehlo.{op} %x : ({operand}) -> {result}
      return %0 : {result}
    }}"""


@pytest.mark.parametrize("text, message", [
    (_unary("uniform_quantize", "tensor<2xf32>", "tensor<2xi8>"), "must be a quantized tensor"),
    (_unary("uniform_quantize", "tensor<2xf16>", "tensor<2x!quant.uniform<i8:f32, 1.0>>"),
     "expressed type f32 must be f16"),
    (_unary("uniform_quantize", "tensor<3xf32>", "tensor<3x!quant.uniform<i8:f32:0, {1.0,2.0}>>"),
     "2 scales for dimension 0"),
    (_unary("uniform_dequantize", "tensor<2x!quant.uniform<i8:f32, 1.0>>", "tensor<2xf16>"),
     "result element type must be f32"),
])
def test_verifier_rejects_ill_typed_ops(text, message):
    with pytest.raises(XlaRuntimeError, match=message):
        compile_program(text)


# -- dequantize, compute, quantize ---------------------------------------------------------

Q = "!quant.uniform<i8:f32, 0.5:-2>"


def test_elementwise_compare_and_reduce_on_quantized_types():
    text = f"""func.func @main(%a: tensor<4x{Q}>, %b: tensor<4x{Q}>)
        -> (tensor<4x{Q}>, tensor<4xi1>, tensor<{Q}>) {{
      %init = stablehlo.constant() {{value = dense<-2> : tensor<i8>}} : () -> tensor<{Q}>
      %0 = stablehlo.add %a, %b : tensor<4x{Q}>
      %1 = stablehlo.compare GT, %a, %b : (tensor<4x{Q}>, tensor<4x{Q}>) -> tensor<4xi1>
      %2 = stablehlo.reduce(%a init: %init) across dimensions = [0]
          : (tensor<4x{Q}>, tensor<{Q}>) -> tensor<{Q}>
        reducer(%x: tensor<{Q}>, %y: tensor<{Q}>) {{
          %one = stablehlo.constant() {{value = dense<0> : tensor<i8>}} : () -> tensor<{Q}>
          %s = stablehlo.add %x, %y : tensor<{Q}>
          %t = stablehlo.add %s, %one : tensor<{Q}>
          stablehlo.return %t : tensor<{Q}>
        }}
      return %0, %1, %2 : tensor<4x{Q}>, tensor<4xi1>, tensor<{Q}>
    }}"""
    a = np.array([0, 2, 4, 10], np.int8)     # 1, 2, 3, 6
    b = np.array([1, 1, 5, -128], np.int8)   # 1.5, 1.5, 3.5, -63
    total, greater, reduced = _run(text, a, b)
    assert total.dtype == np.int8 and total.tolist() == [3, 5, 11, -116]
    assert greater.tolist() == [False, True, False, True]
    # The body runs in f32 with its constant dequantized (storage 0 -> 1.0):
    # 0 + 1+1, +2+1, +3+1, +6+1 = 16 -> 16 / 0.5 - 2 = 30.
    assert reduced.tolist() == 30


def test_quantized_result_with_other_parameters_requantizes():
    text = f"""func.func @main(%a: tensor<2x{Q}>) -> tensor<2x!quant.uniform<i8:f32, 0.25>> {{
      %0 = stablehlo.negate %a : (tensor<2x{Q}>) -> tensor<2x!quant.uniform<i8:f32, 0.25>>
      return %0 : tensor<2x!quant.uniform<i8:f32, 0.25>>
    }}"""
    (out,) = _run(text, np.array([0, 100], np.int8))  # 1.0, 51.0
    assert out.tolist() == [-4, -128]                 # -4.0, clamped -204


def test_hybrid_dot_general_dequantizes_only_the_quantized_operand():
    rhs_q = "!quant.uniform<i8:f32:1, {0.5,2.0}>"
    text = f"""func.func @main(%a: tensor<1x2xf32>, %w: tensor<2x2x{rhs_q}>) -> tensor<1x2xf32> {{
      %0 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0]
          : (tensor<1x2xf32>, tensor<2x2x{rhs_q}>) -> tensor<1x2xf32>
      return %0 : tensor<1x2xf32>
    }}"""
    weights = np.array([[2, 1], [4, 3]], np.int8)  # [[1, 2], [2, 6]]
    (out,) = _run(text, np.array([[1.0, 1.0]], np.float32), weights)
    np.testing.assert_array_equal(out, np.array([[3.0, 8.0]], np.float32))


def test_region_capturing_an_outer_quantized_value_is_an_explicit_error():
    text = f"""func.func @main(%a: tensor<4x{Q}>, %c: tensor<{Q}>) -> tensor<{Q}> {{
      %0 = stablehlo.reduce(%a init: %c) across dimensions = [0]
          : (tensor<4x{Q}>, tensor<{Q}>) -> tensor<{Q}>
        reducer(%x: tensor<{Q}>, %y: tensor<{Q}>) {{
          %s = stablehlo.add %x, %c : tensor<{Q}>
          stablehlo.return %s : tensor<{Q}>
        }}
      return %0 : tensor<{Q}>
    }}"""
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED.*enclosing region"):
        compile_program(text)


# -- conformance files -----------------------------------------------------------------------

def test_interpret_quantized_ops_file():
    from jaxlib._src.tools.conformance import run_file

    results = run_file(find_conformance_dir() / "interpret" / "quantized_ops.mlir")
    assert results and all(r.passed for r in results), [r.line() for r in results if not r.passed]


_SMALL_QUANTIZED = ["add_qi8.mlir", "sine_qi8.mlir", "convolution_qi8.mlir", "gather_qi8.mlir",
                    "floor_qi8.mlir", "mul_dtypes_lhs_float32_20_20__rhs_float32_20_20_qi8.mlir"]


@pytest.mark.parametrize("name", _SMALL_QUANTIZED)
def test_testdata_quantized_files(name):
    from jaxlib._src.tools.conformance import run_file

    results = run_file(find_conformance_dir() / "testdata" / "quantized" / name)
    assert results and all(r.passed for r in results), [r.line() for r in results if not r.passed]
