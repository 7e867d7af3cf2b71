"""jaxlib-gpu's runtime: GPU step programs, buffers and clients.

Runs on the mock GPUs (the step programs with numpy) anywhere, and on CUDA
with ``JAXLIB_GPU_TEST_BACKEND=cuda`` (benchmarks/gpu/check.sh on a GPU
machine): the same programs, compared with the CPU backend's results.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib.xla_client import XlaRuntimeError

# jax's tests make every warning an error, so a deprecated CuPy call in a device
# kernel fails whole programs under jax: fail it here first (and ours).
pytestmark = [pytest.mark.filterwarnings("error::DeprecationWarning:cupy"),
              pytest.mark.filterwarnings("error::DeprecationWarning:jaxlib")]

BACKEND = os.environ.get("JAXLIB_GPU_TEST_BACKEND", "mock")
ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="module")
def gpu():
    return xla_client.make_gpu_client(platform_name="cuda", mock=BACKEND == "mock")


@pytest.fixture(scope="module")
def cpu():
    return xla_client.make_cpu_client()


def _run(client, text: str, *args: np.ndarray) -> list[np.ndarray]:
    executable = client.compile_and_load(text, client.devices()[:1])
    buffers = [client.buffer_from_pyval(a, client.devices()[0]) for a in args]
    return [np.asarray(out) for out in executable.execute(buffers)]


def _run_on_the_device(gpu, text: str, *args: np.ndarray) -> list[np.ndarray]:
    """``_run`` on the GPU client, every step a device step (no host step)."""
    executable = gpu.compile_and_load(text)
    outputs = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(a) for a in args])]
    assert executable.reference_kernel_steps() == []
    return outputs


def _type(x: np.ndarray) -> str:
    names = {"float32": "f32", "float16": "f16", "float64": "f64", "int8": "i8",
             "int32": "i32", "int64": "i64", "uint8": "ui8", "uint32": "ui32", "bool": "i1",
             "uint64": "ui64",
             "complex64": "complex<f32>", "complex128": "complex<f64>"}
    return f"tensor<{'x'.join(map(str, x.shape))}{'x' if x.shape else ''}{names[x.dtype.name]}>"


def _program(op: str, args: list[np.ndarray], result_dtype, attrs: str = "") -> str:
    params = ", ".join(f"%a{i}: {_type(a)}" for i, a in enumerate(args))
    result = _type(np.zeros(args[0].shape, result_dtype))
    operands = ", ".join(f"%a{i}" for i in range(len(args)))
    signature = ", ".join(_type(a) for a in args)
    return (f"func.func @main({params}) -> {result} {{\n"
            f"  %0 = \"{op}\"({operands}) {attrs}: ({signature}) -> {result}\n"
            f"  return %0 : {result}\n}}\n")


def _flushed(x: np.ndarray) -> np.ndarray:
    """Denormals as signed zeros: XLA CPU flushes them, GPUs keep them."""
    if x.dtype.kind != "f":
        return x
    with np.errstate(invalid="ignore"):
        return np.where(np.abs(x) < np.finfo(x.dtype).tiny, np.copysign(0, x), x).astype(x.dtype)


def _same(actual: np.ndarray, expected: np.ndarray, exact: bool = True) -> None:
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    actual, expected = _flushed(actual), _flushed(expected)
    if exact or expected.dtype.kind not in "fc":
        np.testing.assert_array_equal(actual, expected)
        if expected.dtype.kind == "f":  # signed zeros too (a NaN's sign means nothing)
            numbers = ~np.isnan(expected)
            assert (np.signbit(actual) == np.signbit(expected))[numbers].all()
    else:
        np.testing.assert_allclose(actual, expected, rtol=2e-6, atol=1e-30)


FLOATS = np.array([0.0, -0.0, 1.5, -2.5, 0.5, -0.5, 2.5, np.inf, -np.inf, np.nan, 1e-30,
                   3.0e38, -7.25, 100.0, 0.49999997], np.float32)
EXACT_UNARY = ["negate", "abs", "floor", "ceil", "round_nearest_even", "round_nearest_afz",
               "sign", "sqrt", "is_finite"]
LIBM_UNARY = ["exponential", "exponential_minus_one", "log", "log_plus_one", "logistic",
              "rsqrt", "cbrt", "tanh", "sine", "cosine", "tan"]


@pytest.mark.parametrize("op", EXACT_UNARY + LIBM_UNARY)
def test_float_unary_ops_match_the_cpu_backend(gpu, cpu, op):
    dtype = np.bool_ if op == "is_finite" else np.float32
    text = _program(f"stablehlo.{op}", [FLOATS], dtype)
    with np.errstate(all="ignore"):
        (want,) = _run(cpu, text, FLOATS)
    (got,) = _run(gpu, text, FLOATS)
    _same(got, want, exact=op in EXACT_UNARY)


INTS = {
    np.int32: np.array([np.iinfo(np.int32).min, -7, -1, 0, 1, 7, 100, np.iinfo(np.int32).max],
                       np.int32),
    np.uint8: np.array([0, 1, 7, 100, 200, 255, 128, 3], np.uint8),
    np.int64: np.array([np.iinfo(np.int64).min, -7, -1, 0, 1, 7, -100, 5], np.int64),
}
DIVISORS = {
    np.int32: np.array([-1, 0, 2, -3, 0, -1, 7, 3], np.int32),
    np.uint8: np.array([0, 2, 3, 0, 7, 255, 1, 2], np.uint8),
    np.int64: np.array([-1, 0, -2, 3, 0, 2, 0, 5], np.int64),
}
SHIFTS = {
    np.int32: np.array([0, 1, 31, 32, 33, -1, 4, 30], np.int32),
    np.uint8: np.array([0, 1, 7, 8, 9, 255, 4, 3], np.uint8),
    np.int64: np.array([0, 63, 64, 65, -1, 1, 2, 3], np.int64),
}


@pytest.mark.parametrize("dtype", list(INTS), ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", ["divide", "remainder", "shift_left", "shift_right_logical",
                                "shift_right_arithmetic", "add", "subtract", "multiply",
                                "maximum", "minimum", "and", "or", "xor"])
def test_integer_binary_ops_follow_xla(gpu, cpu, op, dtype):
    x = INTS[dtype]
    y = SHIFTS[dtype] if op.startswith("shift") else DIVISORS[dtype]
    text = _program(f"stablehlo.{op}", [x, y], dtype)
    (want,) = _run(cpu, text, x, y)
    (got,) = _run(gpu, text, x, y)
    _same(got, want)


@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide", "remainder",
                                "maximum", "minimum", "power", "atan2"])
def test_float_binary_ops_match_the_cpu_backend(gpu, cpu, op):
    x, y = FLOATS, np.roll(FLOATS, 3)
    text = _program(f"stablehlo.{op}", [x, y], np.float32)
    with np.errstate(all="ignore"):
        (want,) = _run(cpu, text, x, y)
    (got,) = _run(gpu, text, x, y)
    _same(got, want, exact=op not in ("power", "atan2"))


@pytest.mark.parametrize("target", [np.int8, np.int32, np.uint8, np.uint32, np.int64,
                                    np.bool_, np.float16], ids=lambda d: np.dtype(d).name)
def test_convert_from_float_saturates_like_xla(gpu, cpu, target):
    x = np.array([np.nan, np.inf, -np.inf, 1e10, -1e10, 2.9, -2.9, 127.5, 128.0, 255.9,
                  256.0, -0.0, 65504.0, 70000.0, 4294967296.0, -129.0], np.float32)
    text = _program("stablehlo.convert", [x], target)
    (want,) = _run(cpu, text, x)
    (got,) = _run(gpu, text, x)
    _same(got, want)


@pytest.mark.parametrize("direction", ["EQ", "NE", "LT", "LE", "GT", "GE"])
def test_compare_with_nans(gpu, cpu, direction):
    x, y = FLOATS, np.roll(FLOATS, 5)
    attrs = f"{{comparison_direction = #stablehlo<comparison_direction {direction}>}} "
    text = _program("stablehlo.compare", [x, y], np.bool_, attrs)
    (want,) = _run(cpu, text, x, y)
    (got,) = _run(gpu, text, x, y)
    _same(got, want)


CONTROL_FLOW = """
func.func @main(%x: tensor<4x3xf32>, %n: tensor<i32>) -> (tensor<4x3xf32>, tensor<i32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %w:2 = stablehlo.while(%i = %c0, %acc = %x) : tensor<i32>, tensor<4x3xf32>
    cond {
      %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %s = stablehlo.sine %acc : tensor<4x3xf32>
      %t = stablehlo.add %s, %x : tensor<4x3xf32>
      %j = stablehlo.add %i, %c1 : tensor<i32>
      stablehlo.return %j, %t : tensor<i32>, tensor<4x3xf32>
    }
  %odd = stablehlo.remainder %w#0, %c1 : tensor<i32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %p = stablehlo.compare EQ, %odd, %z : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %m = stablehlo.multiply %w#1, %x : tensor<4x3xf32>
    stablehlo.return %m : tensor<4x3xf32>
  }, {
    stablehlo.return %x : tensor<4x3xf32>
  }) : (tensor<i1>) -> tensor<4x3xf32>
  return %r, %w#0 : tensor<4x3xf32>, tensor<i32>
}
"""


def test_while_and_if_run_their_regions_on_the_device(gpu, cpu):
    x = np.arange(12, dtype=np.float32).reshape(4, 3) / 7
    n = np.array(5, np.int32)
    want = _run(cpu, CONTROL_FLOW, x, n)
    got = _run(gpu, CONTROL_FLOW, x, n)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-6)
    assert got[1] == 5 and got[1].shape == ()
    executable = gpu.compile_and_load(CONTROL_FLOW)
    assert executable.reference_kernel_steps() == []


COUNTED_LOOP = """
func.func @main(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %acc = %x) : tensor<i32>, tensor<8x8xf32>
    cond {
      %n = stablehlo.constant dense<6> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %d = stablehlo.multiply %acc, %w : tensor<8x8xf32>
      %e = stablehlo.tanh %d : tensor<8x8xf32>
      %t = stablehlo.add %e, %x : tensor<8x8xf32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %t : tensor<i32>, tensor<8x8xf32>
    }
  return %r#1 : tensor<8x8xf32>
}
"""


def test_repeated_runs_with_new_inputs_replay_a_cuda_graph(gpu, cpu):
    executable = gpu.compile_and_load(COUNTED_LOOP)
    rng = np.random.default_rng(0)
    for _ in range(4):
        x, w = (rng.standard_normal((8, 8)).astype(np.float32) for _ in range(2))
        (want,) = _run(cpu, COUNTED_LOOP, x, w)
        (got,) = [np.asarray(o) for o in executable.execute(
            [gpu.buffer_from_pyval(x), gpu.buffer_from_pyval(w)])]
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
    assert executable.graph_status() == ("graph" if BACKEND == "cuda" else "eager")


MANY_ARGUMENTS = """
func.func @main(%a: tensor<3x5xf32>, %b: tensor<7xi8>, %c: tensor<0xf32>, %d: tensor<4xi1>,
                %e: tensor<2x3xf64>) -> (tensor<3x5xf32>, tensor<7xi8>, tensor<0xf32>,
                                         tensor<4xi1>, tensor<2x3xf64>) {
  %a2 = stablehlo.multiply %a, %a : tensor<3x5xf32>
  %b2 = stablehlo.add %b, %b : tensor<7xi8>
  %d2 = stablehlo.not %d : tensor<4xi1>
  %e2 = stablehlo.negate %e : tensor<2x3xf64>
  return %a2, %b2, %c, %d2, %e2 : tensor<3x5xf32>, tensor<7xi8>, tensor<0xf32>, tensor<4xi1>,
                                 tensor<2x3xf64>
}
"""


def test_replayed_graphs_take_new_arguments_and_give_fresh_results(gpu, cpu):
    # Arguments go into the graph's buffers and results out of them in one
    # copy launch each; odd sizes, booleans and empty arrays included.
    executable = gpu.compile_and_load(MANY_ARGUMENTS)
    rng = np.random.default_rng(5)
    kept = []
    for _ in range(4):
        args = [rng.standard_normal((3, 5)).astype(np.float32),
                rng.integers(-100, 100, 7).astype(np.int8), np.zeros(0, np.float32),
                rng.integers(0, 2, 4).astype(bool), rng.standard_normal((2, 3))]
        want = _run(cpu, MANY_ARGUMENTS, *args)
        outputs = executable.execute([gpu.buffer_from_pyval(a) for a in args])
        kept.append((outputs, want))
    for outputs, want in kept:  # earlier results are not overwritten by later runs
        for got, expected in zip(outputs, want):
            np.testing.assert_array_equal(np.asarray(got), expected)
    assert executable.graph_status() == ("graph" if BACKEND == "cuda" else "eager")


# Products in the layouts jax emits (plain, transposed operands as in gradients,
# batched, broadcast-free batched with the batch dimension last), each dtype.
PRODUCTS = {
    "plain": ("8x5", "5x6", "contracting_dims = [1] x [0]", "8x6"),
    "lhs_transposed": ("5x8", "5x6", "contracting_dims = [0] x [0]", "8x6"),
    "rhs_transposed": ("8x5", "6x5", "contracting_dims = [1] x [1]", "8x6"),
    "batched": ("3x8x5", "3x5x6",
                "batching_dims = [0] x [0], contracting_dims = [2] x [1]", "3x8x6"),
    "batch_last": ("8x5x3", "5x6x3",
                   "batching_dims = [2] x [2], contracting_dims = [1] x [0]", "3x8x6"),
}


@pytest.mark.parametrize("dtype", ["f32", "f64", "f16", "complex<f32>"])
@pytest.mark.parametrize("layout", sorted(PRODUCTS))
def test_products_replay_in_cuda_graphs_and_match_the_cpu(gpu, cpu, layout, dtype):
    lhs, rhs, dims, out = PRODUCTS[layout]
    text = (f"func.func @main(%x: tensor<{lhs}x{dtype}>, %w: tensor<{rhs}x{dtype}>) -> "
            f"tensor<{out}x{dtype}> {{\n"
            f"  %d = stablehlo.dot_general %x, %w, {dims} : (tensor<{lhs}x{dtype}>, "
            f"tensor<{rhs}x{dtype}>) -> tensor<{out}x{dtype}>\n"
            f"  %e = stablehlo.add %d, %d : tensor<{out}x{dtype}>\n"
            f"  return %e : tensor<{out}x{dtype}>\n}}\n")
    executable = gpu.compile_and_load(text)
    np_dtype = {"f32": np.float32, "f64": np.float64, "f16": np.float16,
                "complex<f32>": np.complex64}[dtype]
    rng = np.random.default_rng(1)
    shapes = [tuple(int(d) for d in s.split("x")) for s in (lhs, rhs)]
    for _ in range(3):  # eager, captured, replayed
        x, w = (rng.standard_normal(shape).astype(np_dtype) for shape in shapes)
        if dtype.startswith("complex"):
            x = x + 1j * rng.standard_normal(x.shape).astype(np_dtype)
        (want,) = _run(cpu, text, x, w)
        (got,) = [np.asarray(o) for o in executable.execute(
            [gpu.buffer_from_pyval(x), gpu.buffer_from_pyval(w)])]
        tolerance = 2e-2 if dtype == "f16" else 1e-5
        np.testing.assert_allclose(got, want, rtol=tolerance, atol=tolerance)
    if BACKEND == "cuda":
        from jaxlib.gpu_runtime import cublas
        assert cublas.status() == "cublas"
        assert executable.graph_status() == "graph"


def test_a_loop_that_reads_its_predicate_back_runs_eagerly(gpu, cpu):
    executable = gpu.compile_and_load(CONTROL_FLOW)
    x = np.arange(12, dtype=np.float32).reshape(4, 3) / 7
    for n in (3, 5, 2):
        want = _run(cpu, CONTROL_FLOW, x, np.array(n, np.int32))
        got = [np.asarray(o) for o in executable.execute(
            [gpu.buffer_from_pyval(x), gpu.buffer_from_pyval(np.array(n, np.int32))])]
        np.testing.assert_allclose(got[0], want[0], rtol=1e-6)
        assert got[1] == n
    if BACKEND == "cuda":
        assert executable.graph_status().startswith("eager: capture failed")


def test_host_steps_are_listed_and_strict_mode_refuses_them(gpu, cpu, monkeypatch):
    # The Hermitian-free eigendecomposition (LAPACK's geev on the host, as XLA's
    # hybrid kernel) as the example of a host step.
    step = ("  %0:5 = stablehlo.custom_call @cusolver_geev_ffi(%x) {api_version = 4 : i32, "
            "backend_config = {left = false, right = true}} : (tensor<2x2xf32>) -> "
            "(tensor<2x2xf32>, tensor<2xcomplex<f32>>, tensor<2x2xf32>, tensor<2x2xf32>, "
            "tensor<i32>)\n")
    text = ("func.func @main(%x: tensor<2x2xf32>) -> tensor<2xcomplex<f32>> {\n" + step
            + "  return %0#1 : tensor<2xcomplex<f32>>\n}\n")
    executable = gpu.compile_and_load(text)
    steps = executable.reference_kernel_steps()
    assert [s["op"] for s in steps] == ["stablehlo.custom_call"]
    assert steps[0]["reason"] == "no device kernel for these types or attributes"
    x = np.array([[2.0, 1.0], [-1.0, 2.0]], np.float32)
    (got,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x)])]
    np.testing.assert_allclose(sorted(got, key=lambda z: z.imag), [2 - 1j, 2 + 1j], rtol=1e-6)
    monkeypatch.setenv("JAXLIB_GPU_STRICT", "1")
    with pytest.raises(XlaRuntimeError, match="geev.*JAXLIB_GPU_STRICT"):
        gpu.compile_and_load(text.replace("@main", "@main ") + "\n")
    # A called function is lowered at its first call: the refusal comes then, and
    # again at every later call (not a half-lowered function's AttributeError).
    called = ("func.func private @inner(%x: tensor<2x2xf32>) -> tensor<2xcomplex<f32>> {\n"
              + step + "  return %0#1 : tensor<2xcomplex<f32>>\n}\n"
              "func.func @main(%x: tensor<2x2xf32>) -> tensor<2xcomplex<f32>> {\n"
              "  %0 = func.call @inner(%x) : (tensor<2x2xf32>) -> tensor<2xcomplex<f32>>\n"
              "  return %0 : tensor<2xcomplex<f32>>\n}\n")
    try:
        executable = gpu.compile_and_load(called)
    except XlaRuntimeError as err:  # lowered at compile time: refused there
        assert "JAXLIB_GPU_STRICT" in str(err)
        return
    for _ in range(2):
        with pytest.raises(XlaRuntimeError, match="geev.*JAXLIB_GPU_STRICT"):
            executable.execute([gpu.buffer_from_pyval(x)])


@pytest.mark.parametrize("kind,operand,result,lengths", [
    ("FFT", "complex<f32>", "complex<f32>", [6]),
    ("IFFT", "complex<f64>", "complex<f64>", [3, 5]),
    ("RFFT", "f32", "complex<f32>", [4, 6]),
    ("RFFT", "f64", "complex<f64>", [7]),
    ("IRFFT", "complex<f32>", "f32", [2, 3, 8]),
    ("IRFFT", "complex<f64>", "f64", [5]),
])
def test_fft_runs_on_the_device(gpu, cpu, kind, operand, result, lengths):
    # cuFFT (CuPy's plans) on a GPU; the CPU's transform as the expected values,
    # in the result's precision (single stays single).
    rng = np.random.default_rng(len(lengths) + len(kind))
    batch = [2]
    shape = batch + lengths
    if kind == "IRFFT":
        shape = batch + lengths[:-1] + [lengths[-1] // 2 + 1]
    out_shape = batch + lengths
    if kind == "RFFT":
        out_shape = batch + lengths[:-1] + [lengths[-1] // 2 + 1]
    dtype = {"f32": np.float32, "f64": np.float64, "complex<f32>": np.complex64,
             "complex<f64>": np.complex128}[operand]
    x = rng.standard_normal(shape).astype(dtype)
    if dtype in (np.complex64, np.complex128):
        x = (x + 1j * rng.standard_normal(shape)).astype(dtype)
    t_in = f"tensor<{'x'.join(map(str, shape))}x{operand}>"
    t_out = f"tensor<{'x'.join(map(str, out_shape))}x{result}>"
    text = (f"func.func @main(%x: {t_in}) -> {t_out} {{\n  %0 = stablehlo.fft %x, type = {kind}, "
            f"length = {lengths} : ({t_in}) -> {t_out}\n  return %0 : {t_out}\n}}\n")
    executable = gpu.compile_and_load(text)
    assert executable.reference_kernel_steps() == []
    (got,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x)])]
    (want,) = _run(cpu, text, x)
    assert got.dtype == want.dtype and got.shape == want.shape
    single = want.dtype in (np.float32, np.complex64)
    np.testing.assert_allclose(got, want, rtol=1e-4 if single else 1e-10,
                               atol=1e-4 if single else 1e-10)
    # Empty batches give empty results without a plan.
    empty_in, empty_out = t_in.replace("<2x", "<0x"), t_out.replace("<2x", "<0x")
    (got,) = _run(gpu, text.replace(t_in, empty_in).replace(t_out, empty_out),
                  np.zeros([0] + shape[1:], dtype))
    assert got.shape == tuple([0] + out_shape[1:])


@pytest.mark.parametrize("element,dtype", [("f32", np.float32), ("f64", np.float64),
                                           ("f16", np.float16)])
def test_reduce_precision_runs_on_the_device(gpu, cpu, element, dtype):
    # Bit for bit the CPU's: ties to even, overflow to inf, underflow to a signed
    # zero, NaN kept (or inf with no mantissa bits left).
    rng = np.random.default_rng(14)
    x = np.concatenate([rng.standard_normal(40) * 10.0 ** rng.integers(-40, 40, 40),
                        [0, -0.0, np.inf, -np.inf, np.nan, 1e-40, 65504, 70000, 1.0001]])
    with np.errstate(over="ignore"):  # values past f16's range become inf: wanted
        x = x.astype(dtype)
    t = f"tensor<{x.size}x{element}>"
    for exponent, mantissa in ((5, 10), (8, 7), (4, 3), (11, 52), (3, 0)):
        text = (f"func.func @main(%x: {t}) -> {t} {{\n  %0 = stablehlo.reduce_precision %x, "
                f"format = e{exponent}m{mantissa} : {t}\n  return %0 : {t}\n}}\n")
        executable = gpu.compile_and_load(text)
        (got,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x)])]
        assert executable.reference_kernel_steps() == []
        np.testing.assert_array_equal(got.view(np.dtype(f"u{x.itemsize}")),
                                      _run(cpu, text, x)[0].view(np.dtype(f"u{x.itemsize}")))


def test_popcnt_runs_on_the_device_where_kernels_are_generated(gpu, monkeypatch):
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")  # mock GPUs: the host build
    text = ("func.func @main(%x: tensor<8xui32>) -> tensor<8xui32> {\n"
            "  %0 = stablehlo.popcnt %x : tensor<8xui32>\n  return %0 : tensor<8xui32>\n}\n")
    executable = gpu.compile_and_load(text)
    assert executable.reference_kernel_steps() == []
    x = np.array([0, 1, 3, 255, 2**32 - 1, 7, 8, 9], np.uint32)
    (got,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x)])]
    np.testing.assert_array_equal(got, [0, 1, 2, 8, 32, 3, 1, 2])


_BF16_PROGRAM = """
func.func @main(%x: tensor<4x6xbf16>, %y: tensor<4x6xf32>, %d: tensor<4x6xf64>,
                %i: tensor<4x6xi32>) -> (tensor<4x6xbf16>, tensor<4x6xbf16>, tensor<4x6xbf16>,
                tensor<4x6xf32>, tensor<4x6xbf16>, tensor<4x6xbf16>, tensor<6x4xbf16>,
                tensor<4x6xi16>, tensor<4xbf16>, tensor<6xbf16>, tensor<4x6xbf16>,
                tensor<4x6xbf16>, tensor<4x4xf32>, tensor<4x6xi1>) {
  %c = stablehlo.constant dense<1.0078125> : tensor<bf16>
  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<bf16>) -> tensor<4x6xbf16>
  %0 = stablehlo.convert %y : (tensor<4x6xf32>) -> tensor<4x6xbf16>
  %1 = stablehlo.add %x, %0 : tensor<4x6xbf16>
  %2 = stablehlo.multiply %1, %cb : tensor<4x6xbf16>
  %3 = stablehlo.convert %2 : (tensor<4x6xbf16>) -> tensor<4x6xf32>
  %4 = stablehlo.convert %d : (tensor<4x6xf64>) -> tensor<4x6xbf16>
  %5 = stablehlo.convert %i : (tensor<4x6xi32>) -> tensor<4x6xbf16>
  %6 = stablehlo.transpose %2, dims = [1, 0] : (tensor<4x6xbf16>) -> tensor<6x4xbf16>
  %7 = stablehlo.bitcast_convert %2 : (tensor<4x6xbf16>) -> tensor<4x6xi16>
  %z = stablehlo.constant dense<0.0> : tensor<bf16>
  %8 = stablehlo.reduce(%1 init: %z) applies stablehlo.add across dimensions = [1]
       : (tensor<4x6xbf16>, tensor<bf16>) -> tensor<4xbf16>
  %m = stablehlo.constant dense<0xFF80> : tensor<bf16>
  %9 = stablehlo.reduce(%x init: %m) applies stablehlo.maximum across dimensions = [0]
       : (tensor<4x6xbf16>, tensor<bf16>) -> tensor<6xbf16>
  %10 = stablehlo.exponential %x : tensor<4x6xbf16>
  %11 = stablehlo.divide %x, %0 : tensor<4x6xbf16>
  %12 = "stablehlo.dot_general"(%x, %2) {dot_dimension_numbers = #stablehlo.dot<
          lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}
        : (tensor<4x6xbf16>, tensor<4x6xbf16>) -> tensor<4x4xf32>
  %13 = stablehlo.compare GT, %x, %0 : (tensor<4x6xbf16>, tensor<4x6xbf16>) -> tensor<4x6xi1>
  return %2, %4, %5, %3, %10, %11, %6, %7, %8, %9, %1, %1, %12, %13
      : tensor<4x6xbf16>, tensor<4x6xbf16>, tensor<4x6xbf16>, tensor<4x6xf32>,
        tensor<4x6xbf16>, tensor<4x6xbf16>, tensor<6x4xbf16>, tensor<4x6xi16>,
        tensor<4xbf16>, tensor<6xbf16>, tensor<4x6xbf16>, tensor<4x6xbf16>, tensor<4x4xf32>,
        tensor<4x6xi1>
}
"""


def test_bfloat16_runs_on_the_device_as_the_cpu_computes_it(gpu, cpu):
    # bfloat16 lives on the device as its bits and computes in f32, rounded to
    # bfloat16 after each op (ties to even, NaN kept): bit for bit the CPU's.
    import ml_dtypes

    rng = np.random.default_rng(16)
    x = (rng.standard_normal((4, 6)) * 4).astype(ml_dtypes.bfloat16)
    x[0, :3] = [np.nan, np.inf, -0.0]
    # f32 values on bfloat16 rounding ties, past its range, NaN with a payload
    y = np.array([1 + 2**-8, 1 + 3 * 2**-8, -(1 + 2**-8), 3.4e38, -3.4e38, 1e-40] * 4,
                 np.float32).reshape(4, 6)
    y[3, 0] = np.array(0x7FA00001, np.uint32).view(np.float32)  # a signalling NaN
    d = rng.standard_normal((4, 6)) * 1e3
    d[1, :2] = [1 + 2**-8 + 2**-30, 1 + 2**-8]
    i = rng.integers(-2**30, 2**30, (4, 6)).astype(np.int32)
    executable = gpu.compile_and_load(_BF16_PROGRAM)
    assert executable.reference_kernel_steps() == []
    got = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(a) for a in (x, y, d, i)])]
    want = _run(cpu, _BF16_PROGRAM, x, y, d, i)
    for k, (g, w) in enumerate(zip(got, want)):
        assert g.dtype == w.dtype and g.shape == w.shape, k
        if k == 12:  # the product accumulates in another order
            np.testing.assert_allclose(g, w, rtol=1e-5)
        elif k == 8:  # a sum rounded at each step, in another order
            np.testing.assert_allclose(g.astype(np.float32), w.astype(np.float32), rtol=2e-2)
        else:
            np.testing.assert_array_equal(g.view(np.uint16) if g.dtype.itemsize == 2 else g,
                                          w.view(np.uint16) if w.dtype.itemsize == 2 else w,
                                          err_msg=f"result {k}")
    # Results stay bfloat16 arrays on the GPU (carriers inside), usable as
    # arguments again and copied between devices and memory kinds.
    array = gpu.buffer_from_pyval(x)
    assert array.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(np.asarray(array).view(np.uint16), x.view(np.uint16))
    (buffer,) = array._buffers
    device = gpu.devices()[-1]
    for kind in ("device", "pinned_host"):
        moved = buffer.copy_to(device, kind)
        assert moved.dtype == ml_dtypes.bfloat16 and moved.memory_kind == kind
        np.testing.assert_array_equal(np.asarray(moved.ndarray()).view(np.uint16),
                                      x.view(np.uint16))
    (again,) = [np.asarray(o) for o in executable.execute(
        [array, *[gpu.buffer_from_pyval(a) for a in (y, d, i)]])][:1]
    np.testing.assert_array_equal(again.view(np.uint16), got[0].view(np.uint16))


def _eight_bit_program(element):
    t, s = f"tensor<4x6x{element}>", f"tensor<{element}>"
    if element.startswith("f8"):
        bitcast = f"%7 = stablehlo.bitcast_convert %2 : ({t}) -> tensor<4x6xi8>"
    else:  # two 4-bit values to a byte
        bitcast = ("%b0 = stablehlo.constant dense<0> : tensor<i8>\n"
                   f"  %r = stablehlo.reshape %2 : ({t}) -> tensor<4x3x2x{element}>\n"
                   f"  %b = stablehlo.bitcast_convert %r : (tensor<4x3x2x{element}>) -> "
                   "tensor<4x3xi8>\n"
                   "  %7 = stablehlo.pad %b, %b0, low = [0, 0], high = [0, 3], interior = "
                   "[0, 0] : (tensor<4x3xi8>, tensor<i8>) -> tensor<4x6xi8>")
    return f"""
func.func @main(%x: {t}, %y: tensor<4x6xf32>, %d: tensor<4x6xf64>, %i: tensor<4x6xi32>)
    -> ({t}, {t}, {t}, tensor<4x6xf32>, {t}, tensor<6x4x{element}>, tensor<4x6xi8>,
        tensor<6x{element}>, tensor<4x4xf32>, tensor<4x6xi1>, tensor<4x6xbf16>, {t}) {{
  %c = stablehlo.constant dense<1.5> : {s}
  %cb = stablehlo.broadcast_in_dim %c, dims = [] : ({s}) -> {t}
  %0 = stablehlo.convert %y : (tensor<4x6xf32>) -> {t}
  %1 = stablehlo.add %x, %0 : {t}
  %2 = stablehlo.multiply %1, %cb : {t}
  %3 = stablehlo.convert %2 : ({t}) -> tensor<4x6xf32>
  %4 = stablehlo.convert %d : (tensor<4x6xf64>) -> {t}
  %5 = stablehlo.convert %i : (tensor<4x6xi32>) -> {t}
  %6 = stablehlo.transpose %2, dims = [1, 0] : ({t}) -> tensor<6x4x{element}>
  {bitcast}
  %9 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [0]
       : ({t}, {s}) -> tensor<6x{element}>
  %12 = "stablehlo.dot_general"(%x, %2) {{dot_dimension_numbers = #stablehlo.dot<
          lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}}
        : ({t}, {t}) -> tensor<4x4xf32>
  %13 = stablehlo.compare GT, %x, %0 : ({t}, {t}) -> tensor<4x6xi1>
  %14 = stablehlo.convert %x : ({t}) -> tensor<4x6xbf16>
  %15 = stablehlo.divide %x, %0 : {t}
  return %2, %4, %5, %3, %1, %6, %7, %9, %12, %13, %14, %15
      : {t}, {t}, {t}, tensor<4x6xf32>, {t}, tensor<6x4x{element}>, tensor<4x6xi8>,
        tensor<6x{element}>, tensor<4x4xf32>, tensor<4x6xi1>, tensor<4x6xbf16>, {t}
}}
"""


@pytest.mark.parametrize("name", ["float8_e4m3fn", "float8_e5m2", "float4_e2m1fn"])
def test_eight_bit_rounding_codes_are_scalars(name):
    # CuPy's where() takes numpy scalars but no 0-d numpy arrays (the mock
    # GPUs' numpy takes both): the narrowing's single codes are scalars.
    import ml_dtypes

    from jaxlib.gpu_runtime.carried import _eight_bit

    table = _eight_bit(getattr(ml_dtypes, name))
    for code in (table.top_code, table.threshold_code, table.overflow_code,
                 *table.zero_codes, *table.nan_codes):
        assert isinstance(code, np.uint8), type(code)
    assert isinstance(table.threshold, np.float32)


@pytest.mark.parametrize("element,name", [("f8E4M3FN", "float8_e4m3fn"),
                                          ("f8E5M2", "float8_e5m2"),
                                          ("f8E4M3FNUZ", "float8_e4m3fnuz"),
                                          ("f8E4M3B11FNUZ", "float8_e4m3b11fnuz"),
                                          ("f4E2M1FN", "float4_e2m1fn")])
def test_eight_bit_floats_run_on_the_device_as_the_cpu_computes_them(gpu, cpu, element, name):
    # float8 (and float4) values live on the device as their byte and compute
    # in f32, rounded after each op as the CPU's ml_dtypes conversions round
    # (overflow to NaN, infinity or the largest value by format): bit for bit.
    import ml_dtypes

    dtype = np.dtype(getattr(ml_dtypes, name))
    top = float(ml_dtypes.finfo(dtype).max)
    rng = np.random.default_rng(17)
    x = (rng.standard_normal((4, 6)) * top / 8).astype(dtype)
    x[0, :2] = [top, -0.0]
    y = (rng.standard_normal((4, 6)) * top / 4).astype(np.float32)
    y[1, :4] = [top * 1.5, -top * 4, np.nan, 1e-30]  # past the range; NaN; underflow
    d = rng.standard_normal((4, 6)) * top / 2
    i = rng.integers(-int(top), int(top), (4, 6)).astype(np.int32)
    text = _eight_bit_program(element)
    executable = gpu.compile_and_load(text)
    # (float4's bitcast packs two values to a byte: on the device too)
    assert executable.reference_kernel_steps() == []
    got = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(a) for a in (x, y, d, i)])]
    with np.errstate(all="ignore"):
        want = _run(cpu, text, x, y, d, i)
    for k, (g, w) in enumerate(zip(got, want)):
        assert g.dtype == w.dtype and g.shape == w.shape, k
        if k == 8:  # the product accumulates in another order
            np.testing.assert_allclose(g, w, rtol=1e-5)
        else:
            bits = {1: np.uint8, 2: np.uint16}.get(g.dtype.itemsize)
            np.testing.assert_array_equal(g.view(bits) if bits and g.dtype.kind == "V"
                                          or g.dtype in (dtype, ml_dtypes.bfloat16)
                                          else g, w.view(bits) if bits and
                                          w.dtype in (dtype, ml_dtypes.bfloat16) else w,
                                          err_msg=f"result {k}")
    array = gpu.buffer_from_pyval(x)  # an argument on the device, as it came
    assert array.dtype == dtype
    np.testing.assert_array_equal(np.asarray(array).view(np.uint8), x.view(np.uint8))


def _narrow_integer_program(element, wide, count):
    t, s = f"tensor<4x{count}x{element}>", f"tensor<{element}>"
    return f"""
func.func @main(%x: {t}, %y: {t}, %f: tensor<4x{count}xf32>, %i: tensor<4x{count}xi32>)
    -> ({t}, {t}, {t}, {t}, {t}, {t}, {t}, {t}, {t}, {t}, tensor<4x{element}>,
        tensor<{count}x{element}>, tensor<4x{count}xi1>, tensor<4x4xi32>, tensor<4x{wide}>,
        {t}, tensor<{count}x{element}>) {{
  %0 = stablehlo.add %x, %y : {t}
  %1 = stablehlo.multiply %x, %y : {t}
  %2 = stablehlo.negate %x : {t}
  %3 = stablehlo.divide %x, %y : {t}
  %4 = stablehlo.shift_right_logical %x, %y : {t}
  %5 = stablehlo.popcnt %x : {t}
  %6 = stablehlo.count_leading_zeros %x : {t}
  %7 = stablehlo.convert %f : (tensor<4x{count}xf32>) -> {t}
  %8 = stablehlo.convert %i : (tensor<4x{count}xi32>) -> {t}
  %9 = stablehlo.shift_left %x, %y : {t}
  %z = stablehlo.constant dense<1> : {s}
  %10 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]
       : ({t}, {s}) -> tensor<4x{element}>
  %11 = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [0]
       : ({t}, {s}) -> tensor<{count}x{element}>
  %12 = stablehlo.compare LT, %x, %y : ({t}, {t}) -> tensor<4x{count}xi1>
  %13 = "stablehlo.dot_general"(%x, %y) {{dot_dimension_numbers = #stablehlo.dot<
          lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}}
        : ({t}, {t}) -> tensor<4x4xi32>
  %14 = stablehlo.bitcast_convert %x : ({t}) -> tensor<4x{wide}>
  %15 = stablehlo.remainder %x, %y : {t}
  %16 = stablehlo.iota dim = 0 : tensor<{count}x{element}>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16
      : {t}, {t}, {t}, {t}, {t}, {t}, {t}, {t}, {t}, {t}, tensor<4x{element}>,
        tensor<{count}x{element}>, tensor<4x{count}xi1>, tensor<4x4xi32>, tensor<4x{wide}>,
        {t}, tensor<{count}x{element}>
}}
"""


@pytest.mark.parametrize("element,name,wide,count", [("i4", "int4", "i8", 2),
                                                     ("ui4", "uint4", "ui16", 4),
                                                     ("i2", "int2", "ui8", 4)])
def test_narrow_integers_run_on_the_device_as_the_cpu_computes_them(gpu, cpu, element, name,
                                                                   wide, count):
    # int4/uint4/int2 values live on the device one to a byte (ml_dtypes' layout)
    # and compute in 8 bits, wrapped to their width: bit counts and logical shifts
    # on their bits, converts from floats saturated, bitcasts packing them.
    import ml_dtypes

    dtype = np.dtype(getattr(ml_dtypes, name))
    low, high = int(ml_dtypes.iinfo(dtype).min), int(ml_dtypes.iinfo(dtype).max)
    values = np.arange(low, high + 1)
    rng = np.random.default_rng(18)
    x = rng.choice(values, (4, count)).astype(dtype)
    y = rng.choice(values, (4, count)).astype(dtype)
    x[0, :2], y[0, :2] = [low, 1], [-1 if low else 0, 0]  # MIN / -1 and x / 0
    f = (rng.standard_normal((4, count)) * 2 * high).astype(np.float32)
    f[1, :2] = [np.nan, 1e9]
    i = rng.integers(-1000, 1000, (4, count)).astype(np.int32)
    text = _narrow_integer_program(element, wide, count)
    executable = gpu.compile_and_load(text)
    assert executable.reference_kernel_steps() == []
    got = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(a) for a in (x, y, f, i)])]
    want = _run(cpu, text, x, y, f, i)
    for k, (g, w) in enumerate(zip(got, want)):
        assert g.dtype == w.dtype and g.shape == w.shape, k
        np.testing.assert_array_equal(g.view(np.uint8) if g.dtype == dtype else g,
                                      w.view(np.uint8) if w.dtype == dtype else w,
                                      err_msg=f"result {k}")


def test_sub_byte_values_ignore_the_rest_of_their_byte(gpu, cpu):
    # ml_dtypes reads an int4 (uint4, float4) from the low bits of its byte and
    # ignores the rest, which may hold anything (jax's tests view random bytes
    # as int4): the carriers keep only the value's bits.
    import ml_dtypes

    raw = np.random.default_rng(19).integers(0, 256, 8, dtype=np.uint8)
    for dtype, element in ((ml_dtypes.int4, "i4"), (ml_dtypes.uint4, "ui4"),
                           (ml_dtypes.float4_e2m1fn, "f4E2M1FN")):
        x = raw.view(dtype)
        t = f"tensor<8x{element}>"
        text = (f"func.func @main(%x: {t}) -> ({t}, tensor<2xi16>) {{\n"
                f"  %0 = stablehlo.add %x, %x : {t}\n"
                f"  %r = stablehlo.reshape %x : ({t}) -> tensor<2x4x{element}>\n"
                f"  %1 = stablehlo.bitcast_convert %r : (tensor<2x4x{element}>) -> "
                f"tensor<2xi16>\n  return %0, %1 : {t}, tensor<2xi16>\n}}\n")
        got, want = _run(gpu, text, x), _run(cpu, text, x)
        np.testing.assert_array_equal(got[0].astype(np.float32), want[0].astype(np.float32))
        np.testing.assert_array_equal(got[1], want[1])


def test_eight_bit_float_rounding_tables_agree_with_ml_dtypes():
    # The narrowing tables (carried._EightBitFloat) against ml_dtypes' own
    # conversions: every value of the format, every midpoint between two and
    # one f32 step either side, the overflow thresholds, every float16, f32
    # denormals and wide random values, bit for bit.
    import ml_dtypes

    from jaxlib.gpu_runtime import carried

    rng = np.random.default_rng(0)
    assert "f8E8M0FNU" not in carried.EIGHT_BIT_FLOATS  # (stays on the host)
    for dtype in carried.EIGHT_BIT_FLOATS.values():
        tables = carried._eight_bit(dtype)
        values = tables.widen_table[np.isfinite(tables.widen_table)]
        points = [values, tables.middles, -tables.middles, np.float32(
            [tables.threshold, -tables.threshold, np.inf, -np.inf, np.nan, -np.nan, 0, -0.0,
             1e-45, -1e-45, 3.4e38, -3.4e38])]
        for v in (values, tables.middles, -tables.middles):
            points += [np.nextafter(v, np.float32(np.inf)), np.nextafter(v, np.float32(-np.inf))]
        points.append(np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float32))
        points.append(np.arange(0, 1 << 23, 61, dtype=np.uint32).view(np.float32))
        with np.errstate(over="ignore"):
            points.append((rng.standard_normal(20000)
                           * np.exp2(rng.integers(-30, 30, 20000))).astype(np.float32))
        x = np.concatenate([np.asarray(p, np.float32).ravel() for p in points])
        with np.errstate(all="ignore"):
            want = x.astype(dtype).view(np.uint8)
        np.testing.assert_array_equal(carried.narrow(np, dtype)(x), want, err_msg=str(dtype))
        codes = np.arange(1 << ml_dtypes.finfo(dtype).bits, dtype=np.uint8)
        np.testing.assert_array_equal(carried.widen(np, dtype)(codes),
                                      codes.view(dtype).astype(np.float32))


@pytest.mark.parametrize("length,on_device", [(8, True), (300, False)])
def test_bfloat16_reductions_that_round_at_each_step_stay_exact(gpu, cpu, length, on_device):
    # A cumulative sum as a reduce_window (the conformance suite's cumsum): the
    # CPU rounds after each add, in window order from the init; the device
    # does the same, one window element at a time, up to 256 elements (the
    # CPU's sequential limit); longer windows run on the host, or on a GPU
    # as the generated reduce_window kernel, which folds in window order too.
    import ml_dtypes

    t = f"tensor<{length}x3xbf16>"
    text = (f"func.func @main(%x: {t}) -> {t} {{\n"
            "  %z = stablehlo.constant dense<0.0> : tensor<bf16>\n"
            "  %0 = \"stablehlo.reduce_window\"(%x, %z) <{padding = dense<[["
            f"{length - 1}, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = "
            f"array<i64: {length}, 1>}}> ({{\n"
            "  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):\n"
            "    %s = stablehlo.add %a, %b : tensor<bf16>\n"
            "    stablehlo.return %s : tensor<bf16>\n"
            f"  }}) : ({t}, tensor<bf16>) -> {t}\n  return %0 : {t}\n}}\n")
    x = (np.random.default_rng(3).standard_normal((length, 3)) * 5).astype(ml_dtypes.bfloat16)
    executable = gpu.compile_and_load(text)
    steps = executable.reference_kernel_steps()
    if on_device or BACKEND == "cuda":  # (a generated kernel folds any window in order)
        assert steps == []
    else:
        assert [s["op"] for s in steps] == ["stablehlo.reduce_window"]
        assert "rounded at each step" in steps[0]["reason"]
    (got,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x)])]
    np.testing.assert_array_equal(got.view(np.uint16), _run(cpu, text, x)[0].view(np.uint16))


def test_execute_checks_its_arguments(gpu):
    text = ("func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {\n"
            "  %0 = stablehlo.negate %x : tensor<3xf32>\n  return %0 : tensor<3xf32>\n}\n")
    executable = gpu.compile_and_load(text)
    with pytest.raises(XlaRuntimeError, match="supplied 0 buffers but compiled program "
                       "expected 1"):
        executable.execute([])
    with pytest.raises(XlaRuntimeError, match=r"expected float32\[3\], got float32\[4\]"):
        executable.execute([gpu.buffer_from_pyval(np.zeros(4, np.float32))])
    with pytest.raises(XlaRuntimeError, match=r"int32\[3\]"):
        executable.execute([gpu.buffer_from_pyval(np.zeros(3, np.int32))])
    with pytest.raises(XlaRuntimeError, match="expected an array on a device"):
        executable.execute([np.zeros(3, np.float32)])
    cpu_array = xla_client.make_cpu_client().buffer_from_pyval(np.zeros(3, np.float32))
    with pytest.raises(XlaRuntimeError, match="of another client"):
        executable.execute([cpu_array])


REPLICATED = """
module @replicas attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<ui32>) {
    %y = stablehlo.multiply %x, %x : tensor<4xf32>
    %s = "stablehlo.all_reduce"(%y) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %c = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %c : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    %r = stablehlo.replica_id : tensor<ui32>
    return %s, %r : tensor<4xf32>, tensor<ui32>
  }
}
"""


def test_replicas_run_on_their_devices_and_meet_in_collectives():
    client = (xla_client.make_gpu_client(mock=True, mock_gpu_topology="1x1x2")
              if BACKEND == "mock" else xla_client.make_gpu_client())
    if len(client.devices()) < 2:
        pytest.skip("needs 2 GPUs")
    devices = client.devices()[:2]
    executable = client.compile_and_load(REPLICATED, devices)
    xs = [np.arange(4, dtype=np.float32), np.full(4, 2.0, np.float32)]
    for _ in range(2):  # twice: collectives keyed per execution
        sums, ids = executable.execute_sharded(
            [[client.buffer_from_pyval(x, d) for x, d in zip(xs, devices)]]
        ).disassemble_into_single_device_arrays()
        for k, d in enumerate(devices):
            assert sums[k].device is d and ids[k].device is d
            np.testing.assert_allclose(np.asarray(sums[k]), xs[0] ** 2 + xs[1] ** 2)
            assert int(np.asarray(ids[k])) == k
    with pytest.raises(XlaRuntimeError, match="give 2 devices"):
        client.compile_and_load(REPLICATED)
    # A replica that fails releases the one waiting for it in the all_reduce; the
    # error raised is the failure's, not the wait's.
    bad = [client.buffer_from_pyval(xs[0], devices[0]),
           client.buffer_from_pyval(np.zeros(3, np.float32), devices[1])]
    with pytest.raises(XlaRuntimeError, match=r"expected float32\[4\], got float32\[3\]"):
        executable.execute_sharded([bad])


def test_replicas_and_partitions_together_are_an_explicit_error(gpu):
    text = ("module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} "
            "{\nfunc.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
            "  return %x : tensor<2xf32>\n}\n}\n")
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: programs over 2 replicas x 2"):
        gpu.compile_and_load(text)


def _corpus():
    sys.path.insert(0, str(ROOT / "tests"))
    import test_corpus

    return test_corpus


MULTI_DEVICE = sorted(
    p.stem for p in (ROOT / "tests/corpus/programs").glob("md*.json")
    if json.loads(p.read_text())["num_devices"] > 1)


@pytest.mark.parametrize("name", MULTI_DEVICE)
def test_spmd_corpus_programs_run_over_several_gpus(name):
    # Mock GPUs on CI; on a GPU machine, as many GPUs as the program needs.
    from jaxlib._src.ir.hlo_sharding import HloSharding, _hlo_sharding_indices

    corpus = _corpus()
    meta, text, inputs, expected = corpus._load(name)
    n = meta["num_devices"]
    client = (xla_client.make_gpu_client(mock=True, mock_gpu_topology=f"1x1x{n}")
              if BACKEND == "mock" else xla_client.make_gpu_client())
    if len(client.devices()) < n:
        pytest.skip(f"{name} needs {n} GPUs")
    devices = client.devices()[:n]
    executable = client.compile_and_load(text, devices)

    def indices(spec, shape):
        return _hlo_sharding_indices(HloSharding.from_string(spec["sharding"]), shape, n)

    arguments = [[client.buffer_from_pyval(np.ascontiguousarray(value[index]), d)
                  for index, d in zip(indices(spec, value.shape), devices)]
                 for value, spec in zip(inputs, meta["inputs"])]
    outputs = executable.execute_sharded(arguments).disassemble_into_single_device_arrays()
    assert len(outputs) == len(expected)
    for i, (shards, want, spec) in enumerate(zip(outputs, expected, meta["outputs"])):
        for d, index, shard in zip(devices, indices(spec, want.shape), shards):
            assert shard.device is d
            corpus._check(np.asarray(shard), np.ascontiguousarray(want[index]), spec,
                          f"{name} out{i} on {d!r}")
    with pytest.raises(XlaRuntimeError, match="execute_sharded"):
        executable.execute([a[0] for a in arguments])


def test_spmd_programs_check_their_devices_and_shards():
    client = xla_client.make_gpu_client(mock=True, mock_gpu_topology="1x1x2")
    meta, text, inputs, _ = _corpus()._load("md2_elementwise")
    with pytest.raises(XlaRuntimeError, match="give 2 devices"):
        client.compile_and_load(text)
    executable = client.compile_and_load(text, client.devices())
    wrong = [[client.buffer_from_pyval(np.zeros((3, 3), np.float32), d)
              for d in client.devices()] for _ in inputs]
    with pytest.raises(XlaRuntimeError, match="expected"):
        executable.execute_sharded(wrong)


def test_buffers(gpu):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    buffer = gpu.buffer_from_pyval(x)
    assert buffer.shape == (2, 3) and buffer.dtype == np.float32
    assert buffer.block_until_ready() is buffer and buffer.is_ready()
    assert buffer.on_device_size_in_bytes() == 24
    assert buffer.unsafe_buffer_pointer() != 0
    np.testing.assert_array_equal(np.asarray(buffer), x)
    (stored,) = buffer._buffers
    assert stored.memory_kind == "device" and stored.on_gpu == (BACKEND != "mock")
    assert any(b is stored for b in gpu.live_buffers())
    buffer.delete()
    assert buffer.is_deleted() and not any(b is stored for b in gpu.live_buffers())
    with pytest.raises(XlaRuntimeError, match="deleted"):
        buffer.block_until_ready()


def test_devices_describe_the_gpus(gpu):
    device = gpu.devices()[0]
    # As in jax: the platform is "gpu", the client's raw platform "cuda".
    assert device.platform == "gpu" and gpu._raw_platform == "cuda"
    assert repr(device) == "CudaDevice(id=0)" and str(device) == "cuda:0"
    assert [m.kind for m in device.addressable_memories()] == ["device", "pinned_host"]
    if BACKEND == "mock":
        assert device.device_kind == "Mock GPU" and device.memory_stats() is None
    else:
        stats = device.memory_stats()
        assert stats["bytes_limit"] > 0 and stats["bytes_in_use"] >= 0
        assert device.compute_capability.count(".") == 1


def test_mock_topology_lays_out_hosts_and_slices():
    client = xla_client.make_gpu_client(mock=True, mock_gpu_topology="2x2x4", node_id=3)
    devices = client.devices()
    assert len(devices) == 16
    assert [d.process_index for d in devices] == [h for h in range(4) for _ in range(4)]
    assert [d.slice_index for d in devices[::4]] == [0, 0, 1, 1]
    assert [d.id for d in client.local_devices()] == [12, 13, 14, 15]
    assert [d.local_hardware_id for d in client.local_devices()] == [0, 1, 2, 3]
    assert client.process_index() == 3
    with pytest.raises(XlaRuntimeError, match="not addressable"):
        client.buffer_from_pyval(np.zeros(2), devices[0])


@pytest.mark.parametrize("topology", ["2x2", "0x1x1", "axbxc", "1x1x-2"])
def test_malformed_mock_topology(topology):
    with pytest.raises(XlaRuntimeError, match="mock_gpu_topology"):
        xla_client.make_gpu_client(mock=True, mock_gpu_topology=topology)


def _suite(*args: str) -> dict:
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks/gpu/conformance.py"),
                          "--backend", BACKEND, *args], capture_output=True, text=True,
                         timeout=1800)
    lines = out.stdout.strip().splitlines()
    assert lines and lines[-1].startswith("{"), out.stdout[-4000:] + out.stderr[-4000:]
    summary = json.loads(lines[-1])
    summary["failures"] = [line[:300] for line in lines if line.startswith("FAIL")][:10]
    return summary


def test_the_corpus_runs_on_the_gpu_backend():
    summary = _suite("--corpus", str(ROOT / "tests"))
    assert summary["corpus"]["failed"] == 0, summary["failures"]
    assert summary["corpus"]["passed"] >= 240


IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.mark.skipif(not (SHARED / "conformance").is_dir() and not IN_CI,
                    reason="the shared conformance programs are not beside the checkout")
def test_the_conformance_suite_runs_on_the_gpu_backend():
    summary = _suite(str(SHARED / "conformance" / "stablehlo"))
    # The known failure: the refined dynamic 1-d convolution (CPU as well).
    assert summary["conformance"]["failed"] <= 1, summary["failures"]
    assert summary["conformance"]["passed"] >= 1990


@pytest.mark.parametrize("name", sorted(p.stem for p in (ROOT / "benchmarks/models").glob(
    "*.mlir")))
def test_model_benchmark_programs_match_the_reference(gpu, name):
    sys.path.insert(0, str(ROOT / "benchmarks" / "models"))
    from inputs import draw

    meta = json.loads((ROOT / "benchmarks/models" / f"{name}.json").read_text())
    text = (ROOT / "benchmarks/models" / f"{name}.mlir").read_text()
    outputs = _run(gpu, text, *draw(meta["inputs"], meta["seed"]))
    expected = np.load(ROOT / "benchmarks/models" / f"{name}.npz")
    for i, actual in enumerate(outputs):
        want = expected[f"out{i}"]
        atol = meta["atol"] * max(1.0, float(np.max(np.abs(want), initial=0)))
        np.testing.assert_allclose(actual, want, rtol=meta["rtol"], atol=atol)


POTRF = """
func.func @main(%a: tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2xi32>) {
  %0:2 = stablehlo.custom_call @cusolver_potrf_ffi(%a) {
    api_version = 4 : i32, backend_config = {lower = true},
    operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>],
    output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0],
                              operand_index = 0, operand_tuple_indices = []>],
    result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>]
  } : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<2x3x3xf32>, tensor<2xi32>
}
"""


def _potrf_program(shape, element, lower, transpose=False):
    batch = "x".join(str(d) for d in shape[:-2])
    tensor = f"tensor<{'x'.join(str(d) for d in shape)}x{element}>"
    info = f"tensor<{batch}xi32>" if batch else "tensor<i32>"
    body = (f"  %t = stablehlo.transpose %a, dims = [{', '.join(map(str, range(len(shape) - 2)))}"
            f"{', ' if len(shape) > 2 else ''}{len(shape) - 1}, {len(shape) - 2}] : "
            f"({tensor}) -> {tensor}\n" if transpose else "")
    source = "%t" if transpose else "%a"
    return (f"func.func @main(%a: {tensor}) -> ({tensor}, {info}) {{\n{body}"
            f"  %0:2 = stablehlo.custom_call @cusolver_potrf_ffi({source}) {{\n"
            f"    api_version = 4 : i32, backend_config = {{lower = {str(lower).lower()}}}\n"
            f"  }} : ({tensor}) -> ({tensor}, {info})\n"
            f"  return %0#0, %0#1 : {tensor}, {info}\n}}\n")


def _getrf_program(shape, element):
    batch = shape[:-2]
    k = min(shape[-2:])
    tensor = f"tensor<{'x'.join(str(d) for d in shape)}x{element}>"
    pivots = f"tensor<{'x'.join(str(d) for d in (*batch, k))}xi32>"
    info = f"tensor<{'x'.join(str(d) for d in batch)}xi32>" if batch else "tensor<i32>"
    return (f"func.func @main(%a: {tensor}) -> ({tensor}, {pivots}, {info}) {{\n"
            f"  %0:3 = stablehlo.custom_call @cusolver_getrf_ffi(%a) {{api_version = 4 : i32,"
            f" backend_config = {{}}}} : ({tensor}) -> ({tensor}, {pivots}, {info})\n"
            f"  return %0#0, %0#1, %0#2 : {tensor}, {pivots}, {info}\n}}\n")


def _spd(rng, shape, dtype):
    a = rng.standard_normal(shape).astype(dtype)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape).astype(dtype)
    n = shape[-1]
    return (a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)).astype(dtype)


@pytest.mark.parametrize("dtype,element", [(np.float32, "f32"), (np.complex64, "complex<f32>"),
                                           (np.float64, "f64")])
@pytest.mark.parametrize("lower", [True, False])
def test_cholesky_runs_on_the_device_through_the_solver(gpu, dtype, element, lower):
    from scipy.linalg import cholesky

    rng = np.random.default_rng(1)
    spd = _spd(rng, (3, 4, 4), dtype)
    spd[1, 0, 0] = -1  # not positive definite: LAPACK's info, the same partial factor
    executable = gpu.compile_and_load(_potrf_program(spd.shape, element, lower))
    argument = gpu.buffer_from_pyval(spd)
    factor, info = [np.asarray(o) for o in executable.execute([argument])]
    assert executable.reference_kernel_steps() == []  # a device step
    np.testing.assert_array_equal(info, [0, 1, 0])
    triangle = np.tril if lower else np.triu
    for b in (0, 2):
        np.testing.assert_allclose(triangle(factor[b]), cholesky(spd[b], lower=lower),
                                   rtol=1e-4, atol=1e-5)
        # The other triangle keeps the input, as LAPACK's and cuSOLVER's do.
        other = np.triu if lower else np.tril
        np.testing.assert_array_equal(other(factor[b], 1 if lower else -1),
                                      other(spd[b], 1 if lower else -1))
    np.testing.assert_array_equal(np.asarray(argument), spd)  # the argument is untouched


def test_cholesky_of_a_strided_value_and_of_empty_batches(gpu):
    rng = np.random.default_rng(2)
    spd = _spd(rng, (2, 3, 3), np.float32)
    lower_of = np.linalg.cholesky
    executable = gpu.compile_and_load(_potrf_program(spd.shape, "f32", True, transpose=True))
    factor, info = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(spd)])]
    np.testing.assert_allclose(np.tril(factor), lower_of(np.swapaxes(spd, -1, -2)), rtol=1e-4,
                               atol=1e-5)
    executable = gpu.compile_and_load(_potrf_program((0, 3, 3), "f32", True))
    factor, info = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(np.zeros((0, 3, 3), np.float32))])]
    assert factor.shape == (0, 3, 3) and info.shape == (0,)


@pytest.mark.parametrize("shape", [(2, 4, 4), (3, 5), (2, 3, 6), (2, 6, 3), (2, 0, 3)])
@pytest.mark.parametrize("dtype,element", [(np.float32, "f32"), (np.complex128, "complex<f64>")])
def test_lu_runs_on_the_device_through_the_solver(gpu, shape, dtype, element):
    from scipy.linalg import lapack

    rng = np.random.default_rng(3)
    a = rng.standard_normal(shape).astype(dtype)
    if len(shape) == 3 and shape[-1] == shape[-2]:
        # Singular with an exactly zero pivot (a zero column stays zero through the
        # elimination; equal columns leave a roundoff pivot that libraries divide by
        # differently): info names it.
        a[1, :, 1] = 0
    executable = gpu.compile_and_load(_getrf_program(shape, element))
    lu, pivots, info = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a)])]
    assert executable.reference_kernel_steps() == []
    getrf = getattr(lapack, {np.float32: "sgetrf", np.complex128: "zgetrf"}[dtype])
    for index in np.ndindex(shape[:-2]):
        if 0 in shape[-2:]:
            continue
        want_lu, want_pivots, want_info = getrf(a[index])
        assert info[index] == want_info
        # Past the first zero pivot the factors are the library's own (cuBLAS's
        # batched LU leaves the later columns unscaled, as XLA's GPU result):
        # the columns up to it are LAPACK's.
        known = want_info if want_info > 0 else min(shape[-2:])
        np.testing.assert_allclose(lu[index][:, :known], want_lu[:, :known], rtol=1e-4,
                                   atol=1e-5)
        np.testing.assert_array_equal(pivots[index][:known], want_pivots[:known] + 1)  # 1-based
    assert lu.shape == shape and pivots.shape == shape[:-2] + (min(shape[-2:]),)


def test_other_gpu_solver_targets_run_as_host_steps(gpu, monkeypatch):
    # cuSOLVER's names that have no device step here (the polar SVD) find
    # jaxlib-linalg's host kernels: the step is listed as running on the host.
    text = _gesvdj_program((2, 4, 3), "f32", "f32", True, True).replace(
        "cusolver_gesvdj_ffi", "cusolver_gesvdp_ffi")
    a = np.random.RandomState(0).standard_normal((2, 4, 3)).astype(np.float32)
    executable = gpu.compile_and_load(text)
    _, s, _, _, info = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a)])]
    np.testing.assert_array_equal(info, [0, 0])
    np.testing.assert_allclose(s, np.linalg.svd(a, compute_uv=False), rtol=1e-5)
    steps = executable.reference_kernel_steps()
    assert [s["op"] for s in steps] == ["stablehlo.custom_call"]
    # Strict mode's refusal names the target and the types (before the location).
    monkeypatch.setenv("JAXLIB_GPU_STRICT", "1")
    with pytest.raises(XlaRuntimeError, match=r"UNIMPLEMENTED: stablehlo.custom_call "
                       r"@cusolver_gesvdp_ffi would run on the host \(no device kernel.*; "
                       r"\(tensor<2x4x3xf32>\) ->"):
        gpu.compile_and_load(text + "\n")


def test_unknown_gpu_targets_name_the_platform(gpu):
    text = POTRF.replace("cusolver_potrf_ffi", "cusolver_nonesuch_ffi")
    with pytest.raises(XlaRuntimeError, match="NOT_FOUND: no custom call target named "
                                              "'cusolver_nonesuch_ffi' is registered for "
                                              "platform cuda"):
        gpu.compile_and_load(text)


class _Capsule:
    def __init__(self, capsule, device):
        self.capsule, self.device = capsule, device

    def __dlpack__(self, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return self.device


def test_dlpack_export_and_import(gpu):
    from jaxlib import _jax

    device = gpu.devices()[0]
    x = np.arange(6, dtype=np.float32)
    array = gpu.buffer_from_pyval(x)
    capsule = _jax.buffer_to_dlpack_managed_tensor(array)
    if BACKEND == "mock":  # mock GPU memory is host memory
        shared = np.from_dlpack(_Capsule(capsule, (1, 0)))
        with pytest.raises(AttributeError, match="NVidia GPU buffers"):
            array.__cuda_array_interface__  # noqa: B018
    else:
        import cupy

        shared = cupy.from_dlpack(_Capsule(capsule, (2, device.local_hardware_id)))
        assert array.__cuda_array_interface__["data"][0] == shared.data.ptr
    assert int(shared.data.ptr if hasattr(shared.data, "ptr") else shared.ctypes.data) \
        == array.unsafe_buffer_pointer()
    np.testing.assert_array_equal(np.asarray(shared.get() if hasattr(shared, "get")
                                             else shared), x)
    # A host tensor goes up to the GPU.
    placed = _jax.dlpack_managed_tensor_to_buffer(np.arange(4.0).__dlpack__(), device, None,
                                                  None)
    assert placed.device is device and placed._buffers[0].on_gpu == (BACKEND != "mock")
    np.testing.assert_array_equal(np.asarray(placed), np.arange(4.0))
    assert gpu.device_from_local_hardware_id(device.local_hardware_id) is device


def test_results_have_memory_of_their_own(gpu):
    # XLA copies a result that is an argument (or another result) unless donated.
    text = ("func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {\n"
            "  return %x, %x : tensor<3xf32>, tensor<3xf32>\n}\n")
    executable = gpu.compile_and_load(text)
    x = gpu.buffer_from_pyval(np.arange(3, dtype=np.float32))
    a, b = executable.execute([x])
    pointers = {x.unsafe_buffer_pointer(), a.unsafe_buffer_pointer(), b.unsafe_buffer_pointer()}
    assert len(pointers) == 3
    np.testing.assert_array_equal(np.asarray(b), np.arange(3, dtype=np.float32))


def test_allocate_buffer_and_gpu_callback_names():
    from jaxlib._src.ops.custom_call import FFI_HOST_CALLBACK_TARGETS

    assert "xla_ffi_python_gpu_callback" in FFI_HOST_CALLBACK_TARGETS
    gpu = xla_client.make_gpu_client(mock=True)
    text = ('func.func @main() -> tensor<2x3xi32> {\n'
            '  %0 = stablehlo.custom_call @AllocateBuffer() : () -> tensor<2x3xi32>\n'
            '  return %0 : tensor<2x3xi32>\n}\n')
    (out,) = gpu.compile_and_load(text).execute([])
    assert out.shape == (2, 3) and out.dtype == np.int32


def test_gpu_arrays_have_no_buffer_protocol_but_convert(gpu):
    # As in jax: memoryview is for CPU buffers; numpy then converts through __array__.
    array = gpu.buffer_from_pyval(np.arange(3, dtype=np.float32))
    with pytest.raises(BufferError, match="only defined for CPU buffers"):
        memoryview(array)
    np.testing.assert_array_equal(np.array(array), [0, 1, 2])
    gpu.defragment()
    np.testing.assert_array_equal(np.asarray(array), [0, 1, 2])


def test_pinned_host_arguments_and_results_live_in_host_memory(gpu):
    # jax's parameter and output streaming: arguments and results of the
    # pinned_host memory kind stay in host memory; inside the program the
    # placement annotations are identities on device values.
    text = ('func.func @main(%x: tensor<4xf32> {mhlo.memory_kind = "pinned_host"})\n'
            '    -> (tensor<4xf32> {mhlo.memory_kind = "pinned_host"}, tensor<4xf32>) {\n'
            '  %0 = stablehlo.custom_call @annotate_device_placement(%x) {has_side_effect = true,'
            ' mhlo.frontend_attributes = {_xla_buffer_placement = "device"}}'
            ' : (tensor<4xf32>) -> tensor<4xf32>\n'
            '  %1 = stablehlo.multiply %0, %0 : tensor<4xf32>\n'
            '  %2 = stablehlo.custom_call @annotate_device_placement(%1) {has_side_effect = true,'
            ' mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}}'
            ' : (tensor<4xf32>) -> tensor<4xf32>\n'
            '  return %2, %1 : tensor<4xf32>, tensor<4xf32>\n}\n')
    executable = gpu.compile_and_load(text)
    assert executable.get_output_memory_kinds() == [["pinned_host", "device"]]
    assert executable.reference_kernel_steps() == []  # the annotations run on the device
    device = gpu.devices()[0]
    x = gpu.buffer_from_pyval(np.arange(4, dtype=np.float32), device.memory("pinned_host"))
    assert x._buffers[0].memory_kind == "pinned_host" and not x._buffers[0].on_gpu
    host, on_device = executable.execute([x])
    assert host._buffers[0].memory_kind == "pinned_host" and not host._buffers[0].on_gpu
    assert on_device._buffers[0].memory_kind == "device"
    assert on_device._buffers[0].on_gpu == (BACKEND != "mock")
    np.testing.assert_array_equal(np.asarray(host), [0, 1, 4, 9])
    np.testing.assert_array_equal(np.asarray(on_device), [0, 1, 4, 9])


def test_single_device_runs_take_the_dispatch_fast_path(gpu):
    # jit's fast path: arguments that are this device's arrays of the
    # program's shapes run without the general path; anything else falls back.
    text = ("func.func @main(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {\n"
            "  %0 = stablehlo.add %x, %y : tensor<3xf32>\n"
            "  return %0 : tensor<3xf32>\n}\n")
    executable = gpu.compile_and_load(text)
    assert executable._fast is not None
    x = gpu.buffer_from_pyval(np.arange(3, dtype=np.float32))
    (out,) = executable._execute_fast_buffers([x, x])
    np.testing.assert_array_equal(out.ndarray(), [0, 2, 4])
    wrong = gpu.buffer_from_pyval(np.arange(4, dtype=np.float32))
    assert executable._execute_fast_buffers([x, wrong]) is None
    assert executable._execute_fast_buffers([x, np.arange(3, dtype=np.float32)]) is None
    with pytest.raises(XlaRuntimeError, match="expected float32\\[3\\]"):
        executable.execute([x, wrong])
    (out,) = executable.execute([x, x])
    assert out.sharding.memory_kind == "device"
    np.testing.assert_array_equal(np.asarray(out), [0, 2, 4])
    # Results in host memory keep the general path, which labels them.
    pinned = gpu.compile_and_load(
        'func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32> {mhlo.memory_kind = '
        '"pinned_host"}) {\n  return %x : tensor<3xf32>\n}\n')
    assert pinned._fast is None


def test_host_steps_write_into_strided_operands_correctly(gpu, cpu):
    # A scatter whose region is no plain combiner runs on the host; its
    # operand here is a transposed (strided) device value.
    text = """
func.func @main(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<3x4xf32> {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
  %u = stablehlo.constant dense<0.0> : tensor<3x2xf32>
  %0 = "stablehlo.scatter"(%t, %i, %u) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.sine %a : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0],
      inserted_window_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>}
      : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<3x2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
"""
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    i = np.array([[0], [2]], np.int32)
    (ours,) = _run(gpu, text, x, i)
    (expected,) = _run(cpu, text, x, i)
    np.testing.assert_allclose(ours, expected, rtol=1e-6)
    assert not np.array_equal(expected, x.T)  # the region ran


def test_step_programs_let_go_of_values_after_their_last_use(monkeypatch):
    # A value's device memory is held only until its last use (not until
    # the program returns); values a loop body captures stay for every trip.
    monkeypatch.setenv("JAXLIB_GPU_FUSION", "0")
    gpu = xla_client.make_gpu_client(mock=True)
    text = ("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
            "  %a = stablehlo.exponential %x : tensor<4xf32>\n"
            "  %b = stablehlo.sine %a : tensor<4xf32>\n"
            "  %c = stablehlo.add %b, %x : tensor<4xf32>\n"
            "  return %c : tensor<4xf32>\n}\n")
    body = gpu.compile_and_load(text).compiled.program.body
    names = [op.name.split(".")[1] for _, _, _, _, op in body.steps]
    released = [len(r) for r in body.releases]
    assert names == ["exponential", "sine", "add"] and released == [0, 1, 2]

    loop = """
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %s = stablehlo.multiply %y, %y : tensor<4xf32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %i0, %acc = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %t = stablehlo.add %acc, %s : tensor<4xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %next = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %next, %t : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}
"""
    x, y = np.arange(4, dtype=np.float32), np.full(4, 2, np.float32)
    (out,) = _run(gpu, loop, x, y)
    np.testing.assert_array_equal(out, x + 3 * y * y)


def test_cuda_array_interface_refuses_bfloat16_and_float8(gpu):
    # (the interface has no type string for them; CuPy would say uint16/uint8)
    import ml_dtypes

    for dtype, name in ((ml_dtypes.bfloat16, "BF16"), (ml_dtypes.float8_e4m3fn, "F8E4M3FN")):
        array = gpu.buffer_from_pyval(np.ones(3, dtype))
        with pytest.raises(AttributeError, match=f"not supported for {name} buffers"):
            array.__cuda_array_interface__  # noqa: B018


def test_bfloat16_and_float8_export_through_dlpack_as_gpu_tensors(gpu):
    import ml_dtypes

    from jaxlib import _jax

    device = gpu.devices()[0]
    for dtype, code in ((ml_dtypes.bfloat16, 4), (ml_dtypes.float8_e4m3fn, 10)):
        x = np.arange(6, dtype=np.float32).astype(dtype).reshape(2, 3)
        array = gpu.buffer_from_pyval(x)
        capsule = _jax.buffer_to_dlpack_managed_tensor(array, stream=None)
        # The capsule carries DLPack's type code; read back, it is the same array.
        from jaxlib._src.runtime.dlpack import _CODE, _field, _tensor_address

        assert _field(_tensor_address(capsule), _CODE, __import__("ctypes").c_uint8).value \
            == code
        kind = 1 if BACKEND == "mock" else 2  # kDLCPU for mock GPUs' host memory, else kDLCUDA
        back = _jax.dlpack_managed_tensor_to_buffer(capsule, device, None, None,
                                                    dl_device_type=kind)
        assert back.dtype == np.dtype(dtype)
        np.testing.assert_array_equal(np.asarray(back), x)


def test_cuda_array_interface_import_checks_its_input(gpu, cpu):
    from jaxlib import _jax

    cai = {"shape": (2, 3), "typestr": "<f4", "data": (0, False), "version": 3,
           "strides": None}
    with pytest.raises(XlaRuntimeError, match="needs a CUDA backend"):
        _jax.cuda_array_interface_to_buffer(cai=cai, gpu_backend=cpu, device_id=None)
    with pytest.raises(XlaRuntimeError, match="has no 'typestr' entry"):
        _jax.cuda_array_interface_to_buffer(cai={"shape": (2,), "data": (0, False)},
                                            gpu_backend=gpu)
    with pytest.raises(XlaRuntimeError, match=r"UNIMPLEMENTED: .*strides \(4, 8\).*only dense "
                                              "row-major"):
        _jax.cuda_array_interface_to_buffer(cai=dict(cai, strides=(4, 8)), gpu_backend=gpu)
    if BACKEND == "mock":  # an empty array's strides say nothing: accepted
        with pytest.raises(XlaRuntimeError, match="mock GPUs do not have"):
            _jax.cuda_array_interface_to_buffer(
                cai=dict(cai, shape=(3, 0), strides=(0, 4)), gpu_backend=gpu)
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: .*with a mask"):
        _jax.cuda_array_interface_to_buffer(cai=dict(cai, mask=object()), gpu_backend=gpu)
    with pytest.raises(XlaRuntimeError, match="names no array type"):
        _jax.cuda_array_interface_to_buffer(cai=dict(cai, typestr="<q9"), gpu_backend=gpu)
    if BACKEND == "mock":
        with pytest.raises(XlaRuntimeError, match="mock GPUs do not have"):
            _jax.cuda_array_interface_to_buffer(cai=cai, gpu_backend=gpu)


@pytest.mark.skipif(BACKEND == "mock", reason="CUDA memory: the GPU check runs this")
def test_cuda_array_interface_import_views_the_memory_in_place(gpu):
    import cupy

    from jaxlib import _jax
    from jaxlib.cuda import cuda_plugin_extension

    x = cupy.arange(12, dtype=cupy.float32).reshape(3, 4)
    cai = x.__cuda_array_interface__
    assert cuda_plugin_extension.get_device_ordinal(cai["data"][0]) == x.device.id
    for interface in (dict(cai, strides=None), dict(cai, strides=(16, 4)),
                      {k: v for k, v in cai.items() if k not in ("strides", "stream")}):
        array = _jax.cuda_array_interface_to_buffer(cai=interface, gpu_backend=gpu,
                                                    device_id=None)
        assert array.__cuda_array_interface__["data"][0] == cai["data"][0]
        np.testing.assert_array_equal(np.asarray(array), cupy.asnumpy(x))
    for shape, strides in (((0, 4), None), ((3, 0), (0, 4))):
        empty = _jax.cuda_array_interface_to_buffer(
            cai=dict(cupy.zeros(shape, cupy.int32).__cuda_array_interface__,
                     strides=strides), gpu_backend=gpu)
        assert empty.shape == shape and empty.dtype == np.int32


@pytest.mark.parametrize("left", [True, False])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("transpose", ["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"])
@pytest.mark.parametrize("dtype,element", [(np.float32, "f32"), (np.complex128, "complex<f64>")])
def test_triangular_solve_runs_on_the_device_and_matches_the_cpu(gpu, cpu, left, lower,
                                                                  transpose, dtype, element):
    rng = np.random.default_rng(4)
    k, other = 4, 3
    a = (rng.standard_normal((2, k, k)) + 3 * np.eye(k)).astype(dtype)
    b = rng.standard_normal((2, k, other) if left else (2, other, k)).astype(dtype)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(a.shape)
        b = b + 1j * rng.standard_normal(b.shape)
    for unit in (False, True):
        ta, tb = (f"tensor<{'x'.join(map(str, x.shape))}x{element}>" for x in (a, b))
        text = (f"func.func @main(%a: {ta}, %b: {tb}) -> {tb} {{\n"
                f"  %0 = \"stablehlo.triangular_solve\"(%a, %b) {{left_side = {str(left).lower()},"
                f" lower = {str(lower).lower()}, unit_diagonal = {str(unit).lower()},"
                f" transpose_a = #stablehlo<transpose {transpose}>}} : ({ta}, {tb}) -> {tb}\n"
                f"  return %0 : {tb}\n}}\n")
        (got,) = _run_on_the_device(gpu, text, a, b)
        (want,) = _run(cpu, text, a, b)
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)


def test_lapack_targets_of_cpu_lowered_programs_run_on_the_device(gpu):
    # A program lowered for the CPU names LAPACK's kernels; on GPUs the Cholesky,
    # LU and triangular solves among them run as the same device steps.
    from scipy.linalg import cholesky

    spd = _spd(np.random.default_rng(5), (2, 3, 3), np.float64)
    text = _potrf_program(spd.shape, "f64", False).replace(
        "cusolver_potrf_ffi", "lapack_dpotrf_ffi").replace("lower = false", "uplo = 85 : ui8")
    executable = gpu.compile_and_load(text)
    factor, info = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(spd)])]
    assert executable.reference_kernel_steps() == []
    np.testing.assert_array_equal(info, [0, 0])
    for b in range(2):
        np.testing.assert_allclose(np.triu(factor[b]), cholesky(spd[b]), rtol=1e-10)
    a = np.triu(spd) + 3 * np.eye(3)
    b = np.arange(12, dtype=np.float64).reshape(2, 3, 2)
    text = ("func.func @main(%a: tensor<2x3x3xf64>, %b: tensor<2x3x2xf64>) -> tensor<2x3x2xf64> {\n"
            "  %0 = stablehlo.custom_call @lapack_dtrsm_ffi(%a, %b) {mhlo.backend_config = "
            "{diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}} : "
            "(tensor<2x3x3xf64>, tensor<2x3x2xf64>) -> tensor<2x3x2xf64>\n"
            "  return %0 : tensor<2x3x2xf64>\n}\n")
    executable = gpu.compile_and_load(text)
    (x,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a),
                                                       gpu.buffer_from_pyval(b)])]
    assert executable.reference_kernel_steps() == []
    np.testing.assert_allclose(np.swapaxes(a, -1, -2) @ x, b, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("dtype,element", [(np.float32, "f32"), (np.complex128, "complex<f64>")])
@pytest.mark.parametrize("lower,n", [(True, 4), (False, 4), (True, 50)])
def test_eigh_runs_on_the_device_through_the_solver(gpu, dtype, element, lower, n):
    real = "f32" if element == "f32" else "f64"
    text = (f"func.func @main(%a: tensor<2xNxNxELEMENT>) -> (tensor<2xNxNxELEMENT>, "
            "tensor<2xNxREAL>, tensor<2xi32>) {\n"
            "  %0:3 = stablehlo.custom_call @cusolver_syevd_ffi(%a) {api_version = 4 : i32, "
            f"backend_config = {{algorithm = 0 : ui8, lower = {str(lower).lower()}}}}} : "
            "(tensor<2xNxNxELEMENT>) -> (tensor<2xNxNxELEMENT>, tensor<2xNxREAL>, "
            "tensor<2xi32>)\n"
            "  return %0#0, %0#1, %0#2 : tensor<2xNxNxELEMENT>, tensor<2xNxREAL>, tensor<2xi32>\n"
            "}\n").replace("ELEMENT", element).replace("REAL", real).replace("N", str(n))
    executable = gpu.compile_and_load(text)
    rng = np.random.default_rng(6)
    for _ in range(3):  # the second run would capture a graph: syevd refuses, runs eagerly
        hermitian = _spd(rng, (2, n, n), dtype)
        vectors, values, info = [np.asarray(o) for o in executable.execute(
            [gpu.buffer_from_pyval(hermitian)])]
        assert executable.reference_kernel_steps() == []
        np.testing.assert_array_equal(info, [0, 0])
        np.testing.assert_allclose(values, np.linalg.eigvalsh(hermitian), rtol=1e-4)
        np.testing.assert_allclose(hermitian @ vectors, vectors * values[:, None, :],
                                   rtol=1e-3, atol=1e-3 * n)
    if BACKEND == "cuda":
        assert "NotCapturable: cuSOLVER syevd" in executable.graph_status()


def test_many_small_eighs_run_on_the_device_in_one_call(gpu):
    # 300 matrices of 5 x 5 (past MAX_LOOPED_MATRICES): cuSOLVER's syevjBatched, one
    # call for the batch (jaxlib's choice up to 32 x 32), not 300 host LAPACK calls.
    from jaxlib.gpu_runtime import solver

    count, n = 300, 5
    text = (f"func.func @main(%a: tensor<{count}x{n}x{n}xf32>) -> (tensor<{count}x{n}x{n}xf32>, "
            f"tensor<{count}x{n}xf32>, tensor<{count}xi32>) {{\n"
            "  %0:3 = stablehlo.custom_call @cusolver_syevd_ffi(%a) {api_version = 4 : i32, "
            "backend_config = {algorithm = 0 : ui8, lower = true}} : "
            f"(tensor<{count}x{n}x{n}xf32>) -> (tensor<{count}x{n}x{n}xf32>, "
            f"tensor<{count}x{n}xf32>, tensor<{count}xi32>)\n"
            f"  return %0#0, %0#1, %0#2 : tensor<{count}x{n}x{n}xf32>, tensor<{count}x{n}xf32>, "
            f"tensor<{count}xi32>\n}}\n")
    executable = gpu.compile_and_load(text)
    hermitian = _spd(np.random.default_rng(9), (count, n, n), np.float32)
    vectors, values, info = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(hermitian)])]
    assert executable.reference_kernel_steps() == []
    assert not info.any()
    np.testing.assert_allclose(values, np.linalg.eigvalsh(hermitian), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(hermitian @ vectors, vectors * values[:, None, :],
                               rtol=1e-3, atol=5e-3)
    if BACKEND == "cuda":
        import cupy

        assert solver._binding(cupy).batched_syevj  # checked against the host first


def test_a_cusolver_without_syevj_batched_loops_syevd():
    from jaxlib.gpu_runtime import solver

    class Library:  # no syevjBatched symbols
        pass

    assert solver._declare_syevj(Library()) is False
    binding = type("Binding", (), {"batched_syevj": False})()
    assert solver._loops(solver._syevd, (300, 5, 5), binding)  # per matrix: host past 256
    assert not solver._loops(solver._syevd, (300, 5, 5), type("B", (), {})())


def test_syevd_refuses_a_stream_being_captured():
    # The refusal comes before any library call (cuSOLVER's handle would be
    # left unusable): a stand-in CuPy whose current stream is capturing.
    from jaxlib.gpu_runtime import solver

    class Capturing:
        def is_capturing(self):
            return True

    class FakeCupy:
        class cuda:
            get_current_stream = staticmethod(Capturing)

    binding = object.__new__(solver._Cusolver)
    binding.cupy, binding.lib = FakeCupy, None  # no library: a call would fail otherwise
    with pytest.raises(solver.NotCapturable, match="syevd synchronizes with the host"):
        binding.syevd(np.zeros((1, 4, 4), np.float32), lower=True)


@pytest.mark.parametrize("shape", [(2, 5, 3), (3, 3), (2, 3, 5)])
@pytest.mark.parametrize("dtype,element", [(np.float64, "f64"), (np.complex64, "complex<f32>")])
def test_qr_runs_on_the_device_through_the_solver(gpu, shape, dtype, element):
    rng = np.random.default_rng(7)
    a = rng.standard_normal(shape).astype(dtype)
    batch, (m, n) = shape[:-2], shape[-2:]
    k = min(m, n)
    tensor = f"tensor<{'x'.join(map(str, shape))}x{element}>"
    taus = f"tensor<{'x'.join(map(str, (*batch, k)))}x{element}>"
    q_shape = (*batch, m, k)
    q_tensor = f"tensor<{'x'.join(map(str, q_shape))}x{element}>"
    text = (f"func.func @main(%a: {tensor}) -> ({tensor}, {q_tensor}) {{\n"
            f"  %0:2 = stablehlo.custom_call @cusolver_geqrf_ffi(%a) {{api_version = 4 : i32,"
            f" backend_config = {{}}}} : ({tensor}) -> ({tensor}, {taus})\n"
            f"  %1 = stablehlo.slice %0#0 [{', '.join(f'0:{d}' for d in q_shape)}] : "
            f"({tensor}) -> {q_tensor}\n"
            f"  %2 = stablehlo.custom_call @cusolver_orgqr_ffi(%1, %0#1) {{api_version = 4 : "
            f"i32, backend_config = {{}}}} : ({q_tensor}, {taus}) -> {q_tensor}\n"
            f"  return %0#0, %2 : {tensor}, {q_tensor}\n}}\n")
    executable = gpu.compile_and_load(text)
    factored, q = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a)])]
    assert executable.reference_kernel_steps() == []
    r = np.triu(factored[..., :k, :])
    np.testing.assert_allclose(q @ r, a, rtol=1e-4, atol=1e-4)
    eye = np.broadcast_to(np.eye(k), (*batch, k, k))
    np.testing.assert_allclose(np.conj(np.swapaxes(q, -1, -2)) @ q, eye, atol=1e-5)


def _householder_q(factored: np.ndarray, taus: np.ndarray) -> np.ndarray:
    """The whole Q of geqrf's reflectors (below the diagonal, unit diagonal
    implied) and taus, one matrix: H_1 H_2 ... H_k."""
    m = factored.shape[0]
    q = np.eye(m, dtype=factored.dtype)
    for i, tau in enumerate(taus):
        v = np.zeros(m, factored.dtype)
        v[i], v[i + 1:] = 1, factored[i + 1:, i]
        q = q @ (np.eye(m, dtype=factored.dtype) - tau * np.outer(v, np.conj(v)))
    return q


@pytest.mark.parametrize("left,transpose", [(True, False), (True, True), (False, False),
                                            (False, True)])
@pytest.mark.parametrize("dtype,element", [(np.float32, "f32"), (np.complex128, "complex<f64>")])
def test_products_with_q_run_on_the_device_through_the_solver(gpu, left, transpose, dtype,
                                                              element):
    # jax's ormqr (qr_multiply): Q c, Q^H c, c Q, c Q^H without forming Q
    rng = np.random.default_rng(8)
    batch, m, n = (2,), 5, 3
    a = rng.standard_normal((*batch, m, n)).astype(dtype)
    c = rng.standard_normal((*batch, m, 4) if left else (*batch, 4, m)).astype(dtype)

    def tensor(shape):
        return f"tensor<{'x'.join(map(str, shape))}x{element}>"

    flags = f"left = {str(left).lower()}, transpose = {str(transpose).lower()}"
    text = (f"func.func @main(%a: {tensor(a.shape)}, %c: {tensor(c.shape)}) -> "
            f"({tensor(a.shape)}, {tensor((*batch, n))}, {tensor(c.shape)}) {{\n"
            f"  %0:2 = stablehlo.custom_call @cusolver_geqrf_ffi(%a) {{api_version = 4 : i32,"
            f" backend_config = {{}}}} : ({tensor(a.shape)}) -> ({tensor(a.shape)}, "
            f"{tensor((*batch, n))})\n"
            f"  %1 = stablehlo.custom_call @cusolver_ormqr_ffi(%0#0, %0#1, %c) "
            f"{{api_version = 4 : i32, backend_config = {{{flags}}}}} : ({tensor(a.shape)}, "
            f"{tensor((*batch, n))}, {tensor(c.shape)}) -> {tensor(c.shape)}\n"
            f"  return %0#0, %0#1, %1 : {tensor(a.shape)}, {tensor((*batch, n))}, "
            f"{tensor(c.shape)}\n}}\n")
    factored, taus, product = _run_on_the_device(gpu, text, a, c)
    for b in range(batch[0]):
        q = _householder_q(factored[b], taus[b])
        q = np.conj(q.T) if transpose else q
        want = q @ c[b] if left else c[b] @ q
        np.testing.assert_allclose(product[b], want, rtol=1e-4, atol=1e-4)
    if BACKEND == "cuda":
        import cupy

        from jaxlib.gpu_runtime import solver
        assert solver.part_status("ormqr", cupy) == "cusolver"  # its check passed


def test_the_ormqr_check_passes_on_lapack_and_refuses_a_wrong_product_with_q():
    from jaxlib.gpu_runtime import solver

    host = types.SimpleNamespace(asarray=np.array, asnumpy=np.asarray)
    solver._ormqr_self_test(host, solver._Lapack())

    class Wrong(solver._Lapack):
        def ormqr(self, left, transpose, reflectors, taus, matrices):
            super().ormqr(left, not transpose, reflectors, taus, matrices)

    with pytest.raises(RuntimeError, match="product with Q differs from LAPACK's"):
        solver._ormqr_self_test(host, Wrong())


@pytest.mark.parametrize("transpose", [False, True])
@pytest.mark.parametrize("dtype,element", [(np.float32, "f32"), (np.float64, "f64")])
def test_symmetric_products_run_on_the_device(gpu, transpose, dtype, element):
    # jax's symmetric_product (cusolver_syrk_ffi): alpha a a^T + beta c in the lower
    # triangle, c's upper triangle kept (cuBLAS syrk's contract)
    rng = np.random.default_rng(11)
    a = rng.standard_normal((2, 3, 5)).astype(dtype)
    n = 5 if transpose else 3
    c = rng.standard_normal((2, n, n)).astype(dtype)

    def tensor(shape):
        return f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"

    text = (f"func.func @main(%a: {tensor(a.shape)}, %c: {tensor(c.shape)}) -> "
            f"{tensor(c.shape)} {{\n"
            f"  %alpha = stablehlo.constant dense<2.0> : {tensor(())}\n"
            f"  %beta = stablehlo.constant dense<-0.5> : {tensor(())}\n"
            f"  %0 = stablehlo.custom_call @cusolver_syrk_ffi(%a, %c, %alpha, %beta) "
            f"{{api_version = 4 : i32, backend_config = {{transpose = "
            f"{str(transpose).lower()}}}}} : ({tensor(a.shape)}, {tensor(c.shape)}, "
            f"{tensor(())}, {tensor(())}) -> {tensor(c.shape)}\n"
            f"  return %0 : {tensor(c.shape)}\n}}\n")
    (out,) = _run_on_the_device(gpu, text, a, c)
    at = np.swapaxes(a, -1, -2)
    updated = 2 * (at @ a if transpose else a @ at) - 0.5 * c
    lower = np.tril(np.ones((n, n), bool))
    np.testing.assert_allclose(out, np.where(lower, updated, c), rtol=1e-5, atol=1e-5)
    assert np.array_equal(out[:, ~lower], c[:, ~lower])  # the upper triangle untouched


class _FakeMemory:
    """cupy.cuda.Memory / UnownedMemory / MemoryPointer stand-ins: addresses only."""

    next_address = 1 << 20

    def __init__(self, size, ptr=None, owner=None, device_id=0):
        if ptr is None:
            ptr, _FakeMemory.next_address = _FakeMemory.next_address, \
                _FakeMemory.next_address + size + (1 << 20)
        self.ptr, self.size, self.owner, self.device_id = ptr, size, owner, device_id


class _FakeCupy:
    class cuda:
        Memory = staticmethod(lambda size: _FakeMemory(size))
        UnownedMemory = staticmethod(
            lambda ptr, size, owner, device_id: _FakeMemory(size, ptr, owner, device_id))
        MemoryPointer = staticmethod(lambda memory, offset: memory)


def test_graph_arena_reuses_blocks_freed_during_the_capture():
    from jaxlib.gpu_runtime.client import GraphArena

    arena = GraphArena(_FakeCupy)
    a = arena(1000)
    b = arena(3000)
    assert b.ptr == a.ptr + 1024  # 512-byte aligned, first fit in one chunk
    start = a.ptr
    del a  # freed: the next allocation that fits takes its place
    c = arena(600)
    assert c.ptr == start
    del b, c  # neighbours merge back into one free range
    assert arena.free == [[0, arena.chunks[0].size]]
    # A capture whose values die after their last use holds its peak, not the sum.
    live = []
    for _ in range(50):
        live.append(arena(1 << 20))
        if len(live) > 2:
            live.pop(0)
    assert arena.held_bytes() <= 4 << 20
    big = arena(8 << 20)  # larger than any free range: a new chunk
    assert big.ptr >= arena.chunks[-1].ptr and len(arena.chunks) >= 2


def test_graph_memory_mode_is_checked(monkeypatch):
    from jaxlib.gpu_runtime.client import GraphArena, _graph_allocator, _KeepingAllocator

    monkeypatch.delenv("JAXLIB_GPU_GRAPH_MEMORY", raising=False)
    assert isinstance(_graph_allocator(_FakeCupy), GraphArena)  # the default
    monkeypatch.setenv("JAXLIB_GPU_GRAPH_MEMORY", "sum")

    class WithPool(_FakeCupy):
        class cuda(_FakeCupy.cuda):
            MemoryPool = object

    assert isinstance(_graph_allocator(WithPool), _KeepingAllocator)
    monkeypatch.setenv("JAXLIB_GPU_GRAPH_MEMORY", "most")
    with pytest.raises(XlaRuntimeError, match="expected 'sum' or 'peak'"):
        _graph_allocator(_FakeCupy)


@pytest.mark.skipif(BACKEND == "mock", reason="CUDA graphs: the GPU check runs this")
@pytest.mark.parametrize("name", ["gpt_train", "resnet_nhwc_train", "lstm_scan_grad"])
def test_graphs_holding_their_peak_replay_correctly(gpu, name, monkeypatch):
    sys.path.insert(0, str(ROOT / "benchmarks" / "models"))
    from inputs import draw

    meta = json.loads((ROOT / "benchmarks/models" / f"{name}.json").read_text())
    text = (ROOT / "benchmarks/models" / f"{name}.mlir").read_text()
    expected = np.load(ROOT / "benchmarks/models" / f"{name}.npz")
    held = {}
    for mode in ("sum", "peak"):
        monkeypatch.setenv("JAXLIB_GPU_GRAPH_MEMORY", mode)
        executable = gpu.compile_and_load(text)
        arguments = [gpu.buffer_from_pyval(a) for a in draw(meta["inputs"], meta["seed"])]
        for _ in range(4):  # eager, capture, then replays
            outputs = [np.asarray(o) for o in executable.execute(arguments)]
            for i, actual in enumerate(outputs):
                want = expected[f"out{i}"]
                atol = meta["atol"] * max(1.0, float(np.max(np.abs(want), initial=0)))
                np.testing.assert_allclose(actual, want, rtol=meta["rtol"], atol=atol)
        assert executable.graph_status() == "graph"
        held[mode] = executable.graph_memory_bytes()
    print(f"{name}: graph memory sum {held['sum']} bytes, peak {held['peak']} bytes")
    assert held["peak"] <= held["sum"]


def test_large_batches_take_the_batched_apis_or_stay_on_the_host(gpu):
    # Cholesky (potrfBatched) and LU of small squares (cuBLAS getrfBatched) take
    # any batch in one call; routines called per matrix stay on the host past
    # MAX_LOOPED_MATRICES.
    from scipy.linalg import lapack

    from jaxlib.gpu_runtime.solver import MAX_LOOPED_MATRICES

    count = MAX_LOOPED_MATRICES + 1
    spd = _spd(np.random.default_rng(8), (count, 2, 2), np.float32)
    executable = gpu.compile_and_load(_potrf_program(spd.shape, "f32", True))
    factor, info = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(spd)])]
    assert executable.reference_kernel_steps() == []
    np.testing.assert_allclose(np.tril(factor), np.linalg.cholesky(spd), rtol=1e-4, atol=1e-5)
    assert not info.any()
    general = np.random.default_rng(9).standard_normal((count, 4, 4)).astype(np.float32)
    executable = gpu.compile_and_load(_getrf_program(general.shape, "f32"))
    lu, pivots, info = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(general)])]
    assert executable.reference_kernel_steps() == []
    for b in (0, count - 1):
        want_lu, want_pivots, _ = lapack.sgetrf(general[b])
        np.testing.assert_allclose(lu[b], want_lu, rtol=1e-4, atol=1e-5)
        np.testing.assert_array_equal(pivots[b], want_pivots + 1)
    a = np.random.default_rng(10).standard_normal((count, 3, 5)).astype(np.float32)
    executable = gpu.compile_and_load(_gesvdj_program(a.shape, "f32", "f32", True, True))
    _, singular, *_ = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a)])]
    assert [s["op"] for s in executable.reference_kernel_steps()] == ["stablehlo.custom_call"]
    np.testing.assert_allclose(singular, np.linalg.svd(a, compute_uv=False), rtol=1e-4,
                               atol=1e-5)


def test_library_handles_are_those_of_the_device_a_step_runs_on():
    # A program is built once and runs on every device of its executable: the
    # solver steps look their library handle up on the running device.
    from jaxlib.gpu_runtime.solver import _OnCurrentDevice

    class Device:
        current = 0

        def __init__(self):
            self.id = Device.current

    running = Device

    class FakeXp:
        class cuda:
            Device = running

    handles = {0: types.SimpleNamespace(potrf="handle of GPU 0"),
               1: types.SimpleNamespace(potrf="handle of GPU 1")}
    binding = _OnCurrentDevice(FakeXp, lambda xp: handles.get(xp.cuda.Device().id), "cuSOLVER")
    assert binding.potrf == "handle of GPU 0"
    Device.current = 1
    assert binding.potrf == "handle of GPU 1"
    Device.current = 2
    with pytest.raises(RuntimeError, match="cuSOLVER is off on GPU 2"):
        binding.potrf  # noqa: B018


THREEFRY = """
func.func @main(%k0: tensor<3x5xui32>, %k1: tensor<3x5xui32>, %x0: tensor<3x5xui32>,
                %x1: tensor<3x5xui32>) -> (tensor<3x5xui32>, tensor<3x5xui32>) {
  %0:2 = stablehlo.custom_call @cu_threefry2x32_ffi(%k0, %k1, %x0, %x1) {api_version = 4 : i32,
    backend_config = {}} : (tensor<3x5xui32>, tensor<3x5xui32>, tensor<3x5xui32>,
    tensor<3x5xui32>) -> (tensor<3x5xui32>, tensor<3x5xui32>)
  return %0#0, %0#1 : tensor<3x5xui32>, tensor<3x5xui32>
}
"""


@pytest.mark.parametrize("codegen", ["0", "1"])
def test_threefry_runs_on_the_device(gpu, codegen, monkeypatch):
    # jax's threefry target (jax_threefry_gpu_kernel_lowering) as a device step: a
    # generated kernel (its host build on mock GPUs with JAXLIB_GPU_MOCK_CODEGEN=1,
    # else numpy), against jaxlib.gpu_prng's host handler.
    from jaxlib import gpu_prng

    if codegen == "1" and BACKEND == "mock" and shutil.which("g++") is None:
        pytest.skip("the host build of generated kernels needs a C++ compiler")
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", codegen)
    executable = gpu.compile_and_load(THREEFRY)
    words = np.random.default_rng(9).integers(0, 2**32, (4, 3, 5), dtype=np.uint32)
    for _ in range(3):  # eager, then captured and replayed on a GPU
        got = [np.asarray(o) for o in executable.execute(
            [gpu.buffer_from_pyval(w) for w in words])]
        assert executable.reference_kernel_steps() == []
        want = [np.zeros((3, 5), np.uint32) for _ in range(2)]
        gpu_prng._threefry2x32(list(words), want, {})
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)
        words = words[::-1].copy()


SHARDY_ANNOTATED = """
module @annotated {
  sdy.mesh @mesh = <["x"=1]>
  func.func @main(%a: tensor<4x2xf32>) -> tensor<4x2xf32> {
    %0 = sdy.sharding_constraint %a <@mesh, [{}, {}]> : tensor<4x2xf32>
    %1 = sdy.propagation_barrier %0 allowed_direction=NONE : tensor<4x2xf32>
    sdy.sharding_group %1 group_id=3 : tensor<4x2xf32>
    %2 = stablehlo.add %1, %1 : tensor<4x2xf32>
    %3 = sdy.reshard %2 <@mesh, [{"x"}, {}]> : tensor<4x2xf32>
    return %3 : tensor<4x2xf32>
  }
}
"""


def test_shardy_annotations_are_device_steps(gpu):
    # jax emits sdy.sharding_constraint in ordinary programs (random's): as host
    # steps they kept such programs out of CUDA graphs.
    executable = gpu.compile_and_load(SHARDY_ANNOTATED)
    a = np.arange(8, dtype=np.float32).reshape(4, 2)
    for _ in range(3):
        (got,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a)])]
        np.testing.assert_array_equal(got, 2 * a)
    assert executable.reference_kernel_steps() == []
    assert executable.graph_status() == ("graph" if BACKEND == "cuda" else "eager")


def _random_matrices(seed, shape, dtype):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape).astype(dtype)
    return a + 1j * rng.standard_normal(shape) if np.dtype(dtype).kind == "c" else a


def _run_svd(gpu, text, a):
    """An SVD program's singular values and its third and fourth results,
    checked to run on the device (twice: a capture is refused, eagerly then),
    with info 0 and numpy's singular values."""
    executable = gpu.compile_and_load(text)
    for _ in range(2):
        _, s, third, fourth, info = [np.asarray(o) for o in executable.execute(
            [gpu.buffer_from_pyval(a)])]
    assert executable.reference_kernel_steps() == []
    np.testing.assert_array_equal(info, 0)
    np.testing.assert_allclose(s, np.linalg.svd(a, compute_uv=False), rtol=1e-4, atol=1e-4)
    return executable, s, third, fourth


def _assert_orthonormal_columns(q):
    gram = np.conj(np.swapaxes(q, -1, -2)) @ q
    np.testing.assert_allclose(gram, np.broadcast_to(np.eye(q.shape[-1]), gram.shape), atol=1e-4)


def _gesvdj_program(shape, element, real, full, compute_uv):
    batch, (m, n) = shape[:-2], shape[-2:]
    k = min(m, n)
    econ = not full
    ucols, vcols = (k, k) if econ else (m, n)

    def tensor(dims, elem):
        return f"tensor<{'x'.join(map(str, dims))}x{elem}>" if dims else f"tensor<{elem}>"

    results = [tensor(shape, element), tensor(batch + (k,), real),
               tensor(batch + (m, ucols), element), tensor(batch + (n, vcols), element),
               tensor(batch, "i32")]
    return (f"func.func @main(%a: {results[0]}) -> ({', '.join(results)}) {{\n"
            f"  %0:5 = stablehlo.custom_call @cusolver_gesvdj_ffi(%a) {{api_version = 4 : i32, "
            f"backend_config = {{compute_uv = {str(compute_uv).lower()}, "
            f"full_matrices = {str(full).lower()}}}}} : ({results[0]}) -> "
            f"({', '.join(results)})\n"
            f"  return %0#0, %0#1, %0#2, %0#3, %0#4 : {', '.join(results)}\n}}\n")


@pytest.mark.parametrize("shape,full", [((2, 3, 5), True), ((2, 5, 3), True),
                                        ((3, 40, 33), False), ((2, 33, 40), True),
                                        ((4, 0, 3), True)])
@pytest.mark.parametrize("dtype,element,real", [(np.float32, "f32", "f32"),
                                                (np.complex128, "complex<f64>", "f64")])
def test_jacobi_svd_runs_on_the_device_through_the_solver(gpu, shape, full, dtype, element,
                                                         real):
    # jax's default GPU SVD up to 1024 x 1024: U and V (not V^H), square with
    # full_matrices, k columns without; gesvdjBatched for full ones up to 32 x 32.
    a = _random_matrices(10, shape, dtype)
    for compute_uv in (True, False):
        executable, s, u, v = _run_svd(
            gpu, _gesvdj_program(shape, element, real, full, compute_uv), a)
        k = min(shape[-2:])
        if not compute_uv:
            continue
        if k == 0:  # nothing to factor: identity bases
            np.testing.assert_array_equal(u, np.broadcast_to(np.eye(shape[-2]), u.shape))
            continue
        rebuilt = (u[..., :k] * s[..., None, :]) @ np.conj(np.swapaxes(v[..., :k], -1, -2))
        np.testing.assert_allclose(rebuilt, a, rtol=1e-4, atol=1e-4)
        for q in (u, v):
            _assert_orthonormal_columns(q)
    if BACKEND == "cuda":
        assert "NotCapturable: cuSOLVER gesvdj" in executable.graph_status()
        import cupy

        from jaxlib.gpu_runtime import solver
        assert solver.svd_status(cupy) == "cusolver"



def _tensor(dims, element):
    return f"tensor<{'x'.join(map(str, dims))}x{element}>" if dims else f"tensor<{element}>"


def _gesvd_program(shape, element, real, full, compute_uv):
    # jax's QR-iteration SVD: U and V^H, swapped (and row-major) for wide matrices
    batch, (m, n) = shape[:-2], shape[-2:]
    k = min(m, n)
    u, vt = ((batch + (m, m if full else k), batch + (n if full else k, n)) if compute_uv
             else ((), ()))
    transposed = m < n
    middle = (vt, u) if transposed else (u, vt)
    results = [_tensor(shape, element), _tensor(batch + (k,), real),
               *(_tensor(d, element) for d in middle), _tensor(batch, "i32")]
    flags = (f"compute_uv = {str(compute_uv).lower()}, full_matrices = {str(full).lower()}, "
             f"transposed = {str(transposed).lower()}")
    return (f"func.func @main(%a: {results[0]}) -> ({', '.join(results)}) {{\n"
            f"  %0:5 = stablehlo.custom_call @cusolver_gesvd_ffi(%a) {{api_version = 4 : i32, "
            f"backend_config = {{{flags}}}}} : ({results[0]}) -> ({', '.join(results)})\n"
            f"  return %0#0, %0#1, %0#2, %0#3, %0#4 : {', '.join(results)}\n}}\n")


@pytest.mark.parametrize("shape", [(2, 6, 4), (3, 4, 7), (5, 5)])
@pytest.mark.parametrize("dtype,element,real", [(np.float32, "f32", "f32"),
                                                (np.complex128, "complex<f64>", "f64")])
def test_qr_iteration_svd_runs_on_the_device_through_the_solver(gpu, shape, dtype, element,
                                                               real):
    # jax's SVD past 1024 x 1024 or with SvdAlgorithm.QR: cuSOLVER's gesvd, which
    # takes tall matrices only; a wide one is factored as its transpose.
    a = _random_matrices(11, shape, dtype)
    m, n = shape[-2:]
    k = min(m, n)
    for full, compute_uv in ((True, True), (False, True), (False, False)):
        executable, s, third, fourth = _run_svd(
            gpu, _gesvd_program(shape, element, real, full, compute_uv), a)
        if not compute_uv:
            assert third.shape == fourth.shape == ()
            continue
        u, vt = (fourth, third) if m < n else (third, fourth)
        assert u.shape == shape[:-2] + (m, m if full else k)
        assert vt.shape == shape[:-2] + (n if full else k, n)
        rebuilt = (u[..., :k] * s[..., None, :]) @ vt[..., :k, :]
        np.testing.assert_allclose(rebuilt, a, rtol=1e-4, atol=1e-4)
        for q in (u, np.conj(np.swapaxes(vt, -1, -2))):
            _assert_orthonormal_columns(q)
    if BACKEND == "cuda":
        assert "NotCapturable: cuSOLVER gesvd" in executable.graph_status()
        import cupy

        from jaxlib.gpu_runtime import solver
        assert solver.part_status("gesvd", cupy) == "cusolver"


def _sytrd_program(shape, element, real, target, flag):
    batch, n = shape[:-2], shape[-1]
    results = [_tensor(shape, element), _tensor(batch + (n,), real),
               _tensor(batch + (n - 1,), real), _tensor(batch + (n - 1,), element),
               _tensor(batch, "i32")]
    return (f"func.func @main(%a: {results[0]}) -> ({', '.join(results)}) {{\n"
            f"  %0:5 = stablehlo.custom_call @{target}(%a) {{api_version = 4 : i32, "
            f"backend_config = {{{flag}}}}} : ({results[0]}) -> ({', '.join(results)})\n"
            f"  return %0#0, %0#1, %0#2, %0#3, %0#4 : {', '.join(results)}\n}}\n")


@pytest.mark.parametrize("shape", [(2, 5, 5), (4, 4), (1, 1)])
@pytest.mark.parametrize("dtype,element,real,letter", [
    (np.float32, "f32", "f32", "s"), (np.complex128, "complex<f64>", "f64", "z")])
@pytest.mark.parametrize("lower", [True, False])
def test_tridiagonal_reduction_runs_on_the_device_through_the_solver(gpu, shape, dtype, element,
                                                                    real, letter, lower):
    # jax's lax.linalg.tridiagonal: cuSOLVER's sytrd/hetrd (and LAPACK's names in
    # programs lowered for the CPU); LAPACK's results, reflectors in the other triangle.
    from scipy.linalg import lapack

    from jaxlib.gpu_runtime.solver import tridiagonal_rebuilt

    a = _random_matrices(12, shape, dtype)
    hermitian = a + np.conj(np.swapaxes(a, -1, -2))
    routine = getattr(lapack, letter + ("hetrd" if letter in "cz" else "sytrd"))
    lapack_name = f"lapack_{letter}{'hetrd' if letter in 'cz' else 'sytrd'}_ffi"
    for target, flag in (("cusolver_sytrd_ffi", f"lower = {str(lower).lower()}"),
                         (lapack_name, f"uplo = {ord('L' if lower else 'U')} : ui8")):
        executable = gpu.compile_and_load(_sytrd_program(shape, element, real, target, flag))
        for _ in range(2):
            reduced, d, e, taus, info = [np.asarray(o) for o in executable.execute(
                [gpu.buffer_from_pyval(hermitian)])]
        assert executable.reference_kernel_steps() == []
        np.testing.assert_array_equal(info, 0)
        np.testing.assert_allclose(tridiagonal_rebuilt(reduced, d, e, taus, lower), hermitian,
                                   rtol=1e-4, atol=1e-4)
        for index in np.ndindex(shape[:-2]):  # LAPACK's results, up to roundoff
            want = routine(hermitian[index], lower=int(lower))
            for got, expected in zip((reduced[index], d[index], e[index], taus[index]), want):
                np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)
        # jax's test gives any matrix: one triangle read, the diagonal taken as
        # real (LAPACK's hetrd leaves it real in the result, 1 x 1 too)
        results = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a)])]
        for index in np.ndindex(shape[:-2]):
            want = routine(a[index], lower=int(lower))
            for got, expected in zip((r[index] for r in results[:4]), want):
                np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)
    if BACKEND == "cuda":
        import cupy

        from jaxlib.gpu_runtime import solver
        assert solver.part_status("sytrd", cupy) == "cusolver"


def test_cusolver_binding_leaves_one_by_one_hermitian_diagonals_real():
    # (1 x 1 matrices never reach the library: the binding writes LAPACK's
    # result itself; numpy stands in for CuPy here)
    from jaxlib.gpu_runtime import solver

    stream = types.SimpleNamespace(is_capturing=lambda: False)
    fake = types.ModuleType("fake_cupy")
    fake.__dict__.update({k: v for k, v in np.__dict__.items() if not k.startswith("__")})
    fake.cuda = types.SimpleNamespace(get_current_stream=lambda: stream)
    binding = solver._Cusolver.__new__(solver._Cusolver)
    binding.cupy = fake
    matrices = np.array([[[1 + 2j]], [[-3 - 1j]]], np.complex64)
    d, e, taus, info = binding.sytrd(matrices, lower=True)
    np.testing.assert_array_equal(matrices, [[[1]], [[-3]]])
    np.testing.assert_array_equal(d, [[1], [-3]])
    assert e.shape == taus.shape == (2, 0) and not info.any()


def test_separately_checked_solver_routines_pass_their_checks_on_lapack():
    # The checks a GPU runs before using gesvdj, gesvd and sytrd accept LAPACK's
    # answers (the mock binding) and refuse a wrong one.
    from jaxlib.gpu_runtime import solver

    host = types.SimpleNamespace(asarray=np.array, asnumpy=np.asarray)
    for _, check in solver._PARTS.values():
        check(host, solver._Lapack())

    class Wrong(solver._Lapack):
        def gesvd(self, matrices, full, vectors):
            values, u, vt, info = super().gesvd(matrices, full, vectors)
            return values, u, -vt if vectors else vt, info

        def sytrd(self, matrices, lower):
            d, e, taus, info = super().sytrd(matrices, lower)
            return d, -e, np.conj(taus), info  # T's sign is free; Q's conjugate is not

    with pytest.raises(RuntimeError, match="gesvd .* does not give back its input"):
        solver._gesvd_self_test(host, Wrong())
    with pytest.raises(RuntimeError, match="tridiagonal reduction .* does not give back"):
        solver._sytrd_self_test(host, Wrong())
    with pytest.raises(ValueError, match="unknown solver part"):
        solver.part_status("gesvdp")


def _tridiagonal_solve_program(target, shape, element):
    diagonal, system = _tensor(shape[:-1], element), _tensor(shape, element)
    return (f"func.func @main(%dl: {diagonal}, %d: {diagonal}, %du: {diagonal}, %b: {system})"
            f" -> {system} {{\n"
            f"  %0 = stablehlo.custom_call @{target}(%dl, %d, %du, %b) {{api_version = 4 : i32,"
            f" backend_config = {{}}}} : ({diagonal}, {diagonal}, {diagonal}, {system})"
            f" -> {system}\n  return %0 : {system}\n}}\n")


def _tridiagonal_systems(seed, shape, dtype):
    """dl, d, du, b: random systems, one that needs pivoting (a zero
    diagonal) and one that is singular (a shifted eigenvalue)."""
    rng = np.random.default_rng(seed)
    dl, d, du = (_random_matrices(rng.integers(1 << 30), shape[:-1], dtype).astype(dtype)
                 for _ in range(3))
    b = _random_matrices(rng.integers(1 << 30), shape, dtype).astype(dtype)
    flat = [v.reshape(-1, shape[-2]) for v in (dl, d, du)]
    if flat[0].shape[0] >= 2 and shape[-2] >= 2:
        flat[1][0] = 0
        m = shape[-2]
        band = np.diag(np.full(m, 2.0)) + np.diag(np.ones(m - 1), 1) + np.diag(np.ones(m - 1), -1)
        flat[0][1], flat[2][1] = 1, 1
        flat[1][1] = 2 - np.linalg.eigvalsh(band)[0]
    return dl, d, du, b


def _tridiagonal_matrices(dl, d, du):
    m = d.shape[-1]
    dense = np.zeros(d.shape + (m,), d.dtype)
    rows = np.arange(m)
    dense[..., rows, rows] = d
    dense[..., rows[1:], rows[:-1]] = dl[..., 1:]
    dense[..., rows[:-1], rows[1:]] = du[..., :-1]
    return dense


@pytest.mark.parametrize("target", ["cusparse_gtsv2_ffi", "cu_tridiagonal_solve_perturbed",
                                    "tridiagonal_solve_perturbed_ffi"])
@pytest.mark.parametrize("shape", [(3, 6, 2), (5, 1), (2, 1, 3)])
@pytest.mark.parametrize("dtype,element", [(np.float32, "f32"), (np.float64, "f64"),
                                           (np.complex64, "complex<f32>"),
                                           (np.complex128, "complex<f64>")])
def test_tridiagonal_solves_run_on_the_device(gpu, target, shape, dtype, element):
    # jax's tridiagonal_solve: cuSPARSE's gtsv2 (pivoted LU), or with
    # perturb_singular jaxlib's own kernel as a generated one, which nudges tiny
    # pivots instead of failing (eigh_tridiagonal's inverse iteration).
    from jaxlib import lapack

    # cuSPARSE's gtsv2 takes 3 rows or more (jax lowers smaller systems to array
    # operations): a crafted smaller one is a host step
    on_host = target == "cusparse_gtsv2_ffi" and shape[-2] < 3
    dl, d, du, b = _tridiagonal_systems(13, shape, dtype)
    executable = gpu.compile_and_load(_tridiagonal_solve_program(target, shape, element))
    for _ in range(2):  # (the second run replays a captured graph where there is one)
        (x,) = [np.asarray(o) for o in executable.execute(
            [gpu.buffer_from_pyval(v) for v in (dl, d, du, b)])]
    assert bool(executable.reference_kernel_steps()) == on_host
    assert x.shape == b.shape and x.dtype == b.dtype
    tolerance = 1e-3 if dtype in (np.float32, np.complex64) else 1e-9
    matrices = _tridiagonal_matrices(dl, d, du)
    regular = [i for i in np.ndindex(shape[:-2]) if i != (1,) or shape[-2] < 2]
    for index in regular:
        np.testing.assert_allclose(matrices[index] @ x[index], b[index], rtol=tolerance,
                                   atol=tolerance)
    if target != "cusparse_gtsv2_ffi":
        want = np.empty_like(b)
        lapack._tridiagonal_solve_perturbed([dl, d, du, b], [want], {})
        for index in regular:
            np.testing.assert_allclose(x[index], want[index], rtol=tolerance, atol=tolerance)
        assert np.isfinite(x).all()  # the singular system too: a large, finite solution
        for index in set(np.ndindex(shape[:-2])) - set(regular):
            # Its solution is the nudged pivot's, which roundoff (the GPU's fused
            # multiply-adds) moves: a small backward error, as the host's has.
            a, got = matrices[index].astype(np.complex128), x[index].astype(np.complex128)
            scale = np.abs(a).sum(axis=1).max() * np.abs(got).max()
            assert np.abs(a @ got - b[index]).max() <= tolerance * scale
    if BACKEND == "cuda" and target == "cusparse_gtsv2_ffi" and not on_host:
        import cupy  # noqa: F401

        from jaxlib.gpu_runtime import tridiagonal
        assert tridiagonal.status() == "cusparse"
        assert "NotCapturable: cuSPARSE gtsv2" in executable.graph_status()


def test_library_bindings_are_made_once_per_device_and_a_failed_check_turns_them_off():
    # cublas.checked_binding: what the cuSOLVER and cuSPARSE bindings (solver.py,
    # tridiagonal.py) go through on a GPU, with a stand-in for CuPy's device.
    from jaxlib.gpu_runtime.cublas import checked_binding

    current = {"id": 0}
    xp = types.SimpleNamespace(cuda=types.SimpleNamespace(
        Device=lambda: types.SimpleNamespace(id=current["id"])))
    loads, checks = [], []
    state = {"status": "not used yet", "library": None, "handles": {}}

    def load():
        loads.append(1)
        return "lib"

    def check(namespace, binding):
        checks.append(binding)
        if binding[1] == 1:
            raise RuntimeError("a wrong answer")

    make = lambda library: (library, current["id"])  # noqa: E731
    assert checked_binding(state, xp, "ours", load, make, check) == ("lib", 0)
    assert checked_binding(state, xp, "ours", load, make, check) == ("lib", 0)
    assert state["status"] == "ours" and len(loads) == 1 and len(checks) == 1
    current["id"] = 1  # another device: its own binding, checked; this one fails
    assert checked_binding(state, xp, "ours", load, make, check) is None
    assert state["status"] == "host (RuntimeError: a wrong answer)"
    current["id"] = 0  # off for the process now
    assert checked_binding(state, xp, "ours", load, make, check) is None
    # mock GPUs get the mock's binding; ROCm none (NVIDIA's library), and says why
    assert checked_binding(state, np, "ours", load, make, check, mock=lambda: "m") == "m"
    hip = types.SimpleNamespace(cuda=types.SimpleNamespace(
        runtime=types.SimpleNamespace(is_hip=True)))
    fresh = {"status": "not used yet", "library": None, "handles": {}}
    assert checked_binding(fresh, hip, "ours", load, make, check) is None
    assert fresh["status"].startswith("host (ROCm")
    # a library that is not there: the loader's error, after CuPy was asked to load it
    from jaxlib.gpu_runtime.cublas import cuda_library

    prepared = []
    with pytest.raises(OSError, match="no libjaxlibnothere"):
        cuda_library("libjaxlibnothere", (99,), lambda library: None,
                     lambda: prepared.append(1))
    assert prepared == [1]


def test_the_gtsv2_check_passes_on_lapack_and_refuses_a_wrong_binding():
    from jaxlib.gpu_runtime import tridiagonal

    host = types.SimpleNamespace(asarray=np.array, asnumpy=np.asarray)
    tridiagonal._self_test(host, tridiagonal._Lapack())

    class Wrong(tridiagonal._Lapack):
        def gtsv2(self, dl, d, du, storage):  # no pivoting: wrong where d has a zero
            for s in range(storage.shape[0]):
                matrix = np.diag(d[s]) + np.diag(dl[s, 1:], -1) + np.diag(du[s, :-1], 1)
                matrix[1, 1] = 1
                storage[s] = np.linalg.solve(matrix, storage[s].T).T

    with pytest.raises(RuntimeError, match="gtsv2 solution differs"):
        tridiagonal._self_test(host, Wrong())


COMPLEX_AND_CHLO = """
func.func @main(%x: tensor<6xf32>, %y: tensor<6xf32>) -> (tensor<6xcomplex<f32>>, tensor<6xf32>,
    tensor<6xf32>, tensor<6xf32>, tensor<6xcomplex<f64>>, tensor<6xf32>, tensor<6xf32>,
    tensor<6xf32>) {
  %c = stablehlo.complex %x, %y : tensor<6xcomplex<f32>>
  %s = stablehlo.sqrt %c : tensor<6xcomplex<f32>>
  %e = stablehlo.exponential %s : tensor<6xcomplex<f32>>
  %l = stablehlo.log %e : tensor<6xcomplex<f32>>
  %n = stablehlo.negate %l : tensor<6xcomplex<f32>>
  %r = stablehlo.real %n : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %i = stablehlo.imag %n : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %a = stablehlo.abs %n : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %w = stablehlo.convert %n : (tensor<6xcomplex<f32>>) -> tensor<6xcomplex<f64>>
  %f = stablehlo.convert %n : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %na = chlo.next_after %x, %y : tensor<6xf32>, tensor<6xf32> -> tensor<6xf32>
  %ec = chlo.erfc %x : tensor<6xf32> -> tensor<6xf32>
  return %n, %r, %i, %a, %w, %f, %na, %ec : tensor<6xcomplex<f32>>, tensor<6xf32>,
    tensor<6xf32>, tensor<6xf32>, tensor<6xcomplex<f64>>, tensor<6xf32>, tensor<6xf32>,
    tensor<6xf32>
}
"""


def test_complex_ops_next_after_and_erfc_run_on_the_device(gpu, cpu):
    # jax's nn and random functions use them (complex sqrt, real -> complex
    # converts, nextafter in uniform sampling, erfc in GELU): host steps before.
    x = np.array([1.5, -2, 0, np.inf, 3, -0.0], np.float32)
    y = np.array([0.5, 2, -1, 1, np.inf, 0.0], np.float32)
    executable = gpu.compile_and_load(COMPLEX_AND_CHLO)
    got = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x),
                                                      gpu.buffer_from_pyval(y)])]
    assert executable.reference_kernel_steps() == []
    want = _run(cpu, COMPLEX_AND_CHLO, x, y)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype
        np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-7, equal_nan=True)
    np.testing.assert_array_equal(got[6], want[6])  # nextafter: exact, denormals too


Z = np.array([1 + 2j, -0.5 + 0j, 0j, complex(np.nan, 1), 1 + 2j, 3 - 1j, complex(np.inf, 0),
              -2 - 2j], np.complex64)
W = np.array([1 + 2j, 0.5 + 1j, -0j, 1 + 0j, 1 + 3j, 3 - 2j, 1 + 0j, 0.5 + 0.25j], np.complex64)
F = np.array([np.nan, -np.nan, -0.0, 0.0, -np.inf, 1.0, -1.0, np.inf], np.float32)
CUTS = np.array([complex(2, 0.0), complex(2, -0.0), complex(-2, 0.0), complex(-2, -0.0),
                 complex(0.0, 2), complex(-0.0, -2), 0.5 + 0.25j, -3 + 4j], np.complex64)
BF16 = np.array([0, -0.0, 1, -1, 3.5, np.inf, np.nan, 1e-40], "bfloat16")
C8 = "tensor<8xcomplex<f32>>"
MORE_TYPES = {  # found by jax's tests under JAXLIB_GPU_STRICT=1: host steps before
    # case: (op, result type, arguments)
    "compare_eq_complex": (f"stablehlo.compare EQ, %a, %b : ({C8}, {C8}) -> tensor<8xi1>",
                           "tensor<8xi1>", [Z, W]),
    "compare_ne_complex": (f"stablehlo.compare NE, %a, %b : ({C8}, {C8}) -> tensor<8xi1>",
                           "tensor<8xi1>", [Z, W]),
    "compare_ge_complex": (f"stablehlo.compare GE, %a, %b : ({C8}, {C8}) -> tensor<8xi1>",
                           "tensor<8xi1>", [Z, W]),
    "compare_lt_complex": (f"stablehlo.compare LT, %a, %b : ({C8}, {C8}) -> tensor<8xi1>",
                           "tensor<8xi1>", [Z, W]),
    "compare_totalorder": ("stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<8xf32>, "
                           "tensor<8xf32>) -> tensor<8xi1>", "tensor<8xi1>", [F, np.roll(F, 3)]),
    "compare_totalorder_scalars": ("stablehlo.compare GT, %a, %b, TOTALORDER : (tensor<f32>, "
                                   "tensor<f32>) -> tensor<i1>", "tensor<i1>",
                                   [np.float32(-0.0), np.float32(0.0)]),
    "sign_complex": (f"stablehlo.sign %a : {C8}", C8, [Z]),
    "power_complex": (f"stablehlo.power %a, %b : {C8}", C8, [Z, W]),
    "tan_complex": (f"stablehlo.tan %a : {C8}", C8, [W]),
    "sine_complex": (f"stablehlo.sine %a : {C8}", C8, [W]),
    "tanh_complex": (f"stablehlo.tanh %a : {C8}", C8, [W]),
    "square_complex": (f"chlo.square %a : {C8} -> {C8}", C8, [Z]),
    "sinh_complex": (f"chlo.sinh %a : {C8} -> {C8}", C8, [W]),
    # the inverse functions on and off their branch cuts (signed zeros)
    **{f"{name}_complex": (f"chlo.{name} %a : {C8} -> {C8}", C8, [CUTS])
       for name in ("asin", "acos", "atan", "asinh", "acosh", "atanh")},
    "cosh_complex": (f"chlo.cosh %a : {C8} -> {C8}", C8, [W]),
    "expm1_complex": (f"stablehlo.exponential_minus_one %a : {C8}", C8, [W * 1e-3]),
    "log1p_complex": (f"stablehlo.log_plus_one %a : {C8}", C8, [W * 1e-3]),
    "top_k": ("%v, %0 = chlo.top_k(%a, k = 5) : tensor<8xf32> -> (tensor<5xf32>, "
              "tensor<5xi32>)", "tensor<5xi32>", [F]),  # NaNs, signed zeros, ties
    "argmax_pool": (  # a variadic reduce_window: the indices of each window's maximum
        '%w, %0 = "stablehlo.reduce_window"(%a, %b, %c, %d) ({\n'
        '  ^bb0(%v1: tensor<f32>, %i1: tensor<i32>, %v2: tensor<f32>, %i2: tensor<i32>):\n'
        '    %g = stablehlo.compare GE, %v1, %v2 : (tensor<f32>, tensor<f32>) -> tensor<i1>\n'
        '    %v = stablehlo.select %g, %v1, %v2 : tensor<i1>, tensor<f32>\n'
        '    %i = stablehlo.select %g, %i1, %i2 : tensor<i1>, tensor<i32>\n'
        '    stablehlo.return %v, %i : tensor<f32>, tensor<i32>\n'
        '  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>} : '
        '(tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, '
        'tensor<3xi32>)', "tensor<3xi32>",
        [np.array([1, 5, 2, 2, 7, 0, 3, 3], np.float32), np.arange(8, dtype=np.int32),
         np.float32(-np.inf), np.int32(-1)]),
    "sort_complex": (  # keys of the parts (jnp.sort, jnp.unique of complex arrays)
        '"stablehlo.sort"(%a) ({\n'
        '  ^bb0(%x: tensor<complex<f32>>, %y: tensor<complex<f32>>):\n'
        '    %xr = stablehlo.real %x : (tensor<complex<f32>>) -> tensor<f32>\n'
        '    %yr = stablehlo.real %y : (tensor<complex<f32>>) -> tensor<f32>\n'
        '    %xi = stablehlo.imag %x : (tensor<complex<f32>>) -> tensor<f32>\n'
        '    %yi = stablehlo.imag %y : (tensor<complex<f32>>) -> tensor<f32>\n'
        '    %lt = stablehlo.compare LT, %xr, %yr, TOTALORDER : (tensor<f32>, tensor<f32>) '
        '-> tensor<i1>\n'
        '    %eq = stablehlo.compare EQ, %xr, %yr, TOTALORDER : (tensor<f32>, tensor<f32>) '
        '-> tensor<i1>\n'
        '    %li = stablehlo.compare LT, %xi, %yi, TOTALORDER : (tensor<f32>, tensor<f32>) '
        '-> tensor<i1>\n'
        '    %t = stablehlo.and %eq, %li : tensor<i1>\n'
        '    %p = stablehlo.or %lt, %t : tensor<i1>\n'
        '    stablehlo.return %p : tensor<i1>\n'
        f'  }}) {{dimension = 0 : i64, is_stable = true}} : ({C8}) -> {C8}', C8, [Z]),
    "ragged_dot": (  # jax.lax.ragged_dot (mixture of experts): the group sizes stay put
        '"chlo.ragged_dot"(%a, %b, %c) {ragged_dot_dimension_numbers = #chlo.ragged_dot<'
        'lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], '
        'lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x4xf32>, '
        'tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<6x5xf32>', "tensor<6x5xf32>",
        [np.arange(24, dtype=np.float32).reshape(6, 4) / 7,
         np.arange(60, dtype=np.float32).reshape(3, 4, 5) / 11, np.array([2, 0, 3], np.int32)]),
    "conj_complex": (f"chlo.conj %a : {C8} -> {C8}", C8, [Z]),
    "iota_complex": ("stablehlo.iota dim = 0 : tensor<5xcomplex<f32>>",
                     "tensor<5xcomplex<f32>>", []),
    "pad_of_nothing": ("stablehlo.pad %a, %b, low = [2, 0], high = [1, 0], interior = [3, 0] "
                       ": (tensor<0x3xf32>, tensor<f32>) -> tensor<3x3xf32>", "tensor<3x3xf32>",
                       [np.zeros((0, 3), np.float32), np.float32(7)]),
    "reduce_of_nothing": ("stablehlo.reduce(%a init: %b) applies stablehlo.add across "
                          "dimensions = [1] : (tensor<3x0xcomplex<f32>>, tensor<complex<f32>>) "
                          "-> tensor<3xcomplex<f32>>", "tensor<3xcomplex<f32>>",
                          [np.zeros((3, 0), np.complex64), np.complex64(2 - 1j)]),
    "reduce_of_nothing_to_a_scalar": (  # logsumexp of nothing: a 0-d result stays 0-d
        "stablehlo.reduce(%a init: %b) applies stablehlo.maximum across dimensions = [0] : "
        "(tensor<0xf32>, tensor<f32>) -> tensor<f32>", "tensor<f32>",
        [np.zeros(0, np.float32), np.float32(-np.inf)]),
    "reduce_window_of_nothing": (
        '"stablehlo.reduce_window"(%a, %b) ({\n  ^bb0(%x: tensor<i32>, %y: tensor<i32>):\n'
        '    %r = stablehlo.multiply %x, %y : tensor<i32>\n    stablehlo.return %r : '
        'tensor<i32>\n  }) {window_dimensions = array<i64: 1, 2>} : (tensor<0x4xi32>, '
        'tensor<i32>) -> tensor<0x3xi32>', "tensor<0x3xi32>",
        [np.zeros((0, 4), np.int32), np.int32(1)]),
    "reduce_of_nothing_bf16": ("stablehlo.reduce(%a init: %b) applies stablehlo.multiply "
                               "across dimensions = [0] : (tensor<0x4xbf16>, tensor<bf16>) -> "
                               "tensor<4xbf16>", "tensor<4xbf16>",
                               [np.zeros((0, 4), "bfloat16"), np.array(1.5, "bfloat16")]),
    "popcnt_i8": ("stablehlo.popcnt %a : tensor<6xi8>", "tensor<6xi8>",
                  [np.array([0, 1, -1, 127, -128, 85], np.int8)]),
    "popcnt_ui64": ("stablehlo.popcnt %a : tensor<4xui64>", "tensor<4xui64>",
                    [np.array([0, 2**64 - 1, 2**63, 12345678901234], np.uint64)]),
    "count_leading_zeros_i32": ("stablehlo.count_leading_zeros %a : tensor<6xi32>",
                                "tensor<6xi32>",
                                [np.array([0, 1, -1, 2**31 - 1, 65536, 3], np.int32)]),
    "count_leading_zeros_ui8": ("stablehlo.count_leading_zeros %a : tensor<4xui8>",
                                "tensor<4xui8>", [np.array([0, 1, 255, 16], np.uint8)]),
    "zeta": ("chlo.zeta %a, %b : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>",
             "tensor<8xf32>", [np.array([2, 3, 1, 0.5, 4, 2.5, 3, 2], np.float32),
                               np.array([1, 2.5, 1, 1, -1.5, -2, -3, 0.25], np.float32)]),
    "polygamma": ("chlo.polygamma %a, %b : tensor<6xf32>, tensor<6xf32> -> tensor<6xf32>",
                  "tensor<6xf32>", [np.array([0, 1, 2, 1.5, -1, 3], np.float32),
                                    np.array([2.5, 1, 0.5, 2, 1, -0.5], np.float32)]),
    # jnp.spacing in bfloat16: the f32 twin stepped an f32 ulp and rounded back
    "next_after_bf16": ("chlo.next_after %a, %b : tensor<8xbf16>, tensor<8xbf16> -> "
                        "tensor<8xbf16>", "tensor<8xbf16>",
                        [BF16, np.array([1, 1, 2, -np.inf, 0, 0, 1, 1], "bfloat16")]),
    # integer convolutions (im2col and an integer matmul): i8 into i32, and i32
    # products that wrap
    "convolution_i8_to_i32": (
        "stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], "
        "window = {stride = [2], pad = [[1, 1]]} {batch_group_count = 1 : i64, "
        "feature_group_count = 1 : i64} : (tensor<2x7x3xi8>, tensor<3x3x4xi8>) -> "
        "tensor<2x4x4xi32>", "tensor<2x4x4xi32>",
        [np.arange(42, dtype=np.int8).reshape(2, 7, 3) * 3 - 60,
         np.arange(36, dtype=np.int8).reshape(3, 3, 4) - 18]),
    "convolution_i32_wraps": (
        "stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], "
        "window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : "
        "(tensor<1x3x2xi32>, tensor<2x2x1xi32>) -> tensor<1x2x1xi32>", "tensor<1x2x1xi32>",
        [np.array([[[2**30, 3], [2**29, -7], [5, 2**31 - 1]]], np.int32),
         np.array([[[4], [2]], [[-8], [3]]], np.int32)]),
    "get_dimension_size": ("stablehlo.get_dimension_size %a, dim = 1 : (tensor<3x5xf32>) "
                           "-> tensor<i32>", "tensor<i32>", [np.zeros((3, 5), np.float32)]),
    # complex max/min (lexicographic), atan2, cbrt, logistic, chlo.tan; complex
    # converts to integers and predicates (of the real part)
    "maximum_complex": ("stablehlo.maximum %a, %b : tensor<4xcomplex<f32>>",
                        "tensor<4xcomplex<f32>>",
                        [np.array([1.5 + 2.5j, 1.5 + 7.5j, 0 + 1.5j, 3 - 1j], np.complex64),
                         np.array([7.5 + 1.5j, 1.5 + 2.5j, -0.0 + 2.5j, 3 - 1j],
                                  np.complex64)]),
    "minimum_complex": ("stablehlo.minimum %a, %b : tensor<4xcomplex<f64>>",
                        "tensor<4xcomplex<f64>>",
                        [np.array([1.5 + 2.5j, 1.5 + 7.5j, 0 + 1.5j, 3 - 1j]),
                         np.array([7.5 + 1.5j, 1.5 + 2.5j, -0.0 + 2.5j, 3 - 2j])]),
    "atan2_complex": ("stablehlo.atan2 %a, %b : tensor<3xcomplex<f32>>",
                      "tensor<3xcomplex<f32>>",
                      [np.array([1 + 1j, -2 + 0.5j, 0.5 - 3j], np.complex64),
                       np.array([2 - 1j, 1 + 1j, -1 + 0.25j], np.complex64)]),
    "cbrt_complex": ("stablehlo.cbrt %a : tensor<4xcomplex<f64>>", "tensor<4xcomplex<f64>>",
                     [np.array([8, -8, 1j, -2 - 2j])]),
    "logistic_complex": ("stablehlo.logistic %a : tensor<3xcomplex<f32>>",
                         "tensor<3xcomplex<f32>>",
                         [np.array([0.5 + 1j, -2 + 0.1j, 3 - 3j], np.complex64)]),
    "chlo_tan": ("chlo.tan %a : tensor<3xcomplex<f64>> -> tensor<3xcomplex<f64>>",
                 "tensor<3xcomplex<f64>>", [np.array([0.5 + 1j, -2 + 0.1j, 1 - 0.5j])]),
    "convert_complex_to_i64": ("stablehlo.convert %a : (tensor<4xcomplex<f64>>) -> "
                               "tensor<4xi64>", "tensor<4xi64>",
                               [np.array([-1.5 + 0j, 0 + 1j, 1e30 + 0j, np.nan + 0j])]),
    "convert_complex_to_i1": ("stablehlo.convert %a : (tensor<3xcomplex<f32>>) -> "
                              "tensor<3xi1>", "tensor<3xi1>",
                              [np.array([-1 + 0j, 0 + 1j, 1 + 0j], np.complex64)]),
    # integer powers (wrapping; negative exponents give 0 unless the base is +-1)
    "power_i64": ("stablehlo.power %a, %b : tensor<7xi64>", "tensor<7xi64>",
                  [np.array([-1, -1, -1, 2, 3, 7, 2**40], np.int64),
                   np.array([1, 0, -3, -3, 3, 30, 2], np.int64)]),
    "power_ui8": ("stablehlo.power %a, %b : tensor<4xui8>", "tensor<4xui8>",
                  [np.array([5, 0, 3, 2], np.uint8), np.array([0, 1, 5, 9], np.uint8)]),
    # jax's lax.dce_sink (checkify) does nothing; lax.empty's AllocateBuffer gives zeros
    "dce_sink_and_allocate_buffer_bf16": (
        "stablehlo.custom_call @dce_sink(%a) {has_side_effect = true, api_version = 4 : i32}"
        " : (tensor<3xf32>) -> ()\n  %0 = stablehlo.custom_call @AllocateBuffer() "
        "{api_version = 4 : i32} : () -> tensor<2x2xbf16>", "tensor<2x2xbf16>",
        [np.ones(3, np.float32)]),
}


@pytest.mark.parametrize("case", sorted(MORE_TYPES))
def test_more_types_run_on_the_device(gpu, cpu, case):
    body, result, args = MORE_TYPES[case]
    args = [np.asarray(a) for a in args]
    types = [f"tensor<{'x'.join(map(str, a.shape))}{'x' if a.shape else ''}bf16>"
             if a.dtype.name == "bfloat16" else _type(a) for a in args]
    params = ", ".join(f"%{name}: {t}" for name, t in zip("abcd", types))
    text = (f"func.func @main({params}) -> {result} {{\n"
            f"  {body if body.startswith(('%', 'stablehlo.custom_call')) else '%0 = ' + body}\n"
            f"  return %0 : {result}\n}}\n")
    executable = gpu.compile_and_load(text)
    (got,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a)
                                                         for a in args])]
    assert executable.reference_kernel_steps() == []
    with np.errstate(all="ignore"):
        (want,) = _run(cpu, text, *args)
    assert got.dtype == want.dtype and got.shape == want.shape
    if got.dtype.name == "bfloat16":  # bit for bit
        np.testing.assert_array_equal(got.view(np.uint16), want.view(np.uint16))
    else:  # (CuPy's transcendental functions are not numpy's to the last ulp)
        np.testing.assert_allclose(got, want, rtol=2e-5, atol=1e-6, equal_nan=True)


def _scatter_program(element, body, unique=False, window=1):
    # updates [6, window] into x[10, window]: rows by index (duplicates, and
    # rows 10 and -1, outside: dropped)
    t = f"tensor<{element}>"
    x, u = f"tensor<10x{window}x{element}>", f"tensor<6x{window}x{element}>"
    return (f"func.func @main(%x: {x}, %i: tensor<6x1xi32>, %u: {u}) -> {x} {{\n"
            f"  %0 = \"stablehlo.scatter\"(%x, %i, %u) ({{\n"
            f"    ^bb0(%a: {t}, %b: {t}):\n      {body}\n      stablehlo.return %r : {t}\n"
            f"  }}) {{indices_are_sorted = false, scatter_dimension_numbers = "
            f"#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], "
            f"scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, "
            f"unique_indices = {str(unique).lower()}}} : ({x}, tensor<6x1xi32>, {u}) -> {x}\n"
            f"  return %0 : {x}\n}}\n")


SCATTER_COMBINERS = {  # combiners without an atomic: their region runs on the device
    "multiply_f32": ("f32", np.float32, "%r = stablehlo.multiply %a, %b : tensor<f32>"),
    "atan2_f64": ("f64", np.float64, "%r = stablehlo.atan2 %a, %b : tensor<f64>"),  # ordered
    "apply_sine": ("f32", np.float32, "%r = stablehlo.sine %a : tensor<f32>"),
    "add_i8": ("i8", np.int8, "%r = stablehlo.add %a, %b : tensor<i8>"),
    "multiply_complex": ("complex<f32>", np.complex64,
                         "%r = stablehlo.multiply %a, %b : tensor<complex<f32>>"),
    "or_bool": ("i1", np.bool_, "%r = stablehlo.or %a, %b : tensor<i1>"),
}


@pytest.mark.parametrize("case", sorted(SCATTER_COMBINERS))
@pytest.mark.parametrize("indices", [[3, 1, 3, 10, 3, -1], [0, 1, 2, 3, 4, 5]],
                         ids=["duplicates", "unique"])
def test_scatters_without_atomics_run_their_region_on_the_device(gpu, cpu, case, indices):
    # jax's .at[].multiply / .apply / 8-bit sums / ...: host steps before. Each
    # target sees its updates in update order, as on the CPU.
    element, dtype, body = SCATTER_COMBINERS[case]
    rng = np.random.default_rng(13)
    x = (rng.standard_normal((10, 2)) * 3).astype(dtype)
    u = (rng.standard_normal((6, 2)) * 3).astype(dtype)
    if np.dtype(dtype).kind == "c":
        x, u = x + 1j * x[::-1], u - 0.5j * u
    i = np.array(indices, np.int32).reshape(6, 1)
    for unique in {False, indices == sorted(set(indices))}:
        text = _scatter_program(element, body, unique=unique, window=2)
        executable = gpu.compile_and_load(text)
        args = [x, i, u]
        for _ in range(2):
            (got,) = [np.asarray(o) for o in executable.execute(
                [gpu.buffer_from_pyval(a) for a in args])]
        assert executable.reference_kernel_steps() == []
        (want,) = _run(cpu, text, *args)
        np.testing.assert_allclose(got, want, rtol=1e-6)
        if BACKEND == "cuda":  # unique indices need no count on the host
            assert (executable.graph_status() == "graph") == unique, \
                executable.graph_status()


def _approx_top_k_program(element):
    t = f"tensor<{element}>"
    return (f"func.func public @top_k_gt(%a: {t}, %b: {t}, %c: tensor<i32>, %d: tensor<i32>)"
            f" -> tensor<i1> {{\n"
            f"  %0 = stablehlo.compare GT, %a, %b : ({t}, {t}) -> tensor<i1>\n"
            f"  stablehlo.return %0 : tensor<i1>\n}}\n"
            f"func.func public @main(%x: tensor<4x10x{element}>) -> (tensor<4x3x{element}>, "
            f"tensor<4x3xi32>) {{\n"
            f"  %0 = stablehlo.iota dim = 1 : tensor<4x10xi32>\n"
            f"  %1 = stablehlo.constant dense<-1> : tensor<i32>\n"
            f"  %2 = stablehlo.constant dense<0xFF80{'0000' if element == 'f32' else ''}> : {t}\n"
            f"  %3:2 = stablehlo.custom_call @ApproxTopK(%x, %0, %2, %1) {{backend_config = \"\","
            f" called_computations = [@top_k_gt], mhlo.backend_config = {{aggregate_to_topk = "
            f"true, is_fallback = true, recall_target = 9.500000e-01 : f32, reduction_dim = 1 : "
            f"i64, reduction_input_size_override = -1 : i64, top_k = 3 : i64}}}} : "
            f"(tensor<4x10x{element}>, tensor<4x10xi32>, {t}, tensor<i32>) -> "
            f"(tensor<4x3x{element}>, tensor<4x3xi32>)\n"
            f"  return %3#0, %3#1 : tensor<4x3x{element}>, tensor<4x3xi32>\n}}\n")


@pytest.mark.parametrize("element,dtype", [("f32", np.float32), ("bf16", "bfloat16")])
def test_approx_top_k_runs_on_the_device(gpu, cpu, element, dtype):
    # jax.lax.approx_max_k (exact, as XLA's fallback): bfloat16 through its f32 twin.
    rng = np.random.default_rng(15)
    x = rng.integers(-5, 5, (4, 10)).astype(dtype)  # ties: the lower index first
    text = _approx_top_k_program(element)
    executable = gpu.compile_and_load(text)
    got = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x)])]
    assert executable.reference_kernel_steps() == []
    for g, w in zip(got, _run(cpu, text, x)):
        assert g.dtype == w.dtype
        np.testing.assert_array_equal(g, w)


def _select_and_scatter_program(element, scatter_op, padding):
    t = f"tensor<{element}>"
    x, s = f"tensor<1x7x7x2x{element}>", f"tensor<1x{3 + padding}x{3 + padding}x2x{element}>"
    pad = ("dense<0> : tensor<4x2xi64>" if not padding else
           "dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>")
    return (f"func.func @main(%x: {x}, %s: {s}, %i: {t}) -> {x} {{\n"
            f"  %0 = \"stablehlo.select_and_scatter\"(%x, %s, %i) ({{\n"
            f"    ^bb0(%a: {t}, %b: {t}):\n"
            f"      %c = stablehlo.compare GE, %a, %b : ({t}, {t}) -> tensor<i1>\n"
            f"      stablehlo.return %c : tensor<i1>\n  }}, {{\n"
            f"    ^bb0(%a: {t}, %b: {t}):\n      %r = stablehlo.{scatter_op} %a, %b : {t}\n"
            f"      stablehlo.return %r : {t}\n  }}) {{padding = {pad}, window_dimensions = "
            f"array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}} : "
            f"({x}, {s}, {t}) -> {x}\n  return %0 : {x}\n}}\n")


@pytest.mark.parametrize("element,dtype,scatter_op", [
    ("f32", np.float32, "add"), ("f64", np.float64, "add"), ("i8", np.int8, "add"),
    ("f32", np.float32, "multiply"), ("bf16", "bfloat16", "add")])
@pytest.mark.parametrize("padding", [0, 1])
def test_select_and_scatter_runs_on_the_device(gpu, cpu, element, dtype, scatter_op, padding):
    # max pooling's gradient (overlapping 3 x 3 windows, stride 2; padding never
    # chosen): an atomic add where there is one, else the scatter body in rounds.
    rng = np.random.default_rng(14)
    x = rng.integers(-4, 4, (1, 7, 7, 2)).astype(dtype)  # ties: the first wins
    source = rng.integers(1, 4, (1, 3 + padding, 3 + padding, 2)).astype(dtype)
    init = np.array(1 if scatter_op == "multiply" else 0, dtype)
    text = _select_and_scatter_program(element, scatter_op, padding)
    executable = gpu.compile_and_load(text)
    (got,) = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(a) for a in (x, source, init)])]
    assert executable.reference_kernel_steps() == []
    (want,) = _run(cpu, text, x, source, init)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("element,dtype", [("ui32", np.uint32), ("i32", np.int32),
                                           ("ui64", np.uint64), ("i64", np.int64),
                                           ("i8", np.int8), ("ui16", np.uint16)])
def test_mulhi_runs_on_the_device(gpu, cpu, element, dtype):
    # jax.random's uniform integers draw through chlo.mulhi.
    info = np.iinfo(dtype)
    rng = np.random.default_rng(11)
    a, b = rng.integers(info.min, info.max, (2, 16), dtype=dtype, endpoint=True)
    a[:3], b[:3] = [info.min, info.max, 0], [info.min, info.min, info.max]
    t = f"tensor<16x{element}>"
    text = (f"func.func @main(%a: {t}, %b: {t}) -> {t} {{\n"
            f"  %0 = chlo.mulhi %a, %b : {t}, {t} -> {t}\n  return %0 : {t}\n}}\n")
    executable = gpu.compile_and_load(text)
    (got,) = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(a), gpu.buffer_from_pyval(b)])]
    assert executable.reference_kernel_steps() == []
    np.testing.assert_array_equal(got, _run(cpu, text, a, b)[0])


def test_bitcasts_between_widths_run_on_the_device(gpu, cpu):
    # rng_bit_generator's 64-bit draws: u32 pairs into u64 (and back into halves).
    x = np.random.default_rng(12).integers(0, 2**32, (3, 2), dtype=np.uint32)
    text = ("func.func @main(%a: tensor<3x2xui32>) -> (tensor<3xui64>, tensor<3x2x2xui16>) {\n"
            "  %0 = stablehlo.bitcast_convert %a : (tensor<3x2xui32>) -> tensor<3xui64>\n"
            "  %1 = stablehlo.bitcast_convert %a : (tensor<3x2xui32>) -> tensor<3x2x2xui16>\n"
            "  return %0, %1 : tensor<3xui64>, tensor<3x2x2xui16>\n}\n")
    executable = gpu.compile_and_load(text)
    got = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x)])]
    assert executable.reference_kernel_steps() == []
    for g, w in zip(got, _run(cpu, text, x)):
        np.testing.assert_array_equal(g, w)


def _sparse_program(operation, operands, results, fields):
    from jaxlib import gpu_sparse

    builder = getattr(gpu_sparse._cusparse, f"build_{operation}_descriptor")
    if operation.endswith(("matvec", "matmat")):
        _, opaque = builder(None, None, None, None, fields["rows"], fields["cols"],
                            *([2] if operation.endswith("matmat") else []), fields["nnz"],
                            fields["transpose"])
    else:
        _, opaque = builder(None, None, fields["rows"], fields["cols"], fields["nnz"])
    escaped = opaque.decode().replace('"', '\\"')
    args = ", ".join(f"%a{i}" for i in range(len(operands)))
    params = ", ".join(f"%a{i}: {_type(x)}" for i, x in enumerate(operands))
    outs = ", ".join(_type(x) for x in results)
    names = ", ".join(f"%0#{i}" for i in range(len(results)))
    return (f"func.func @main({params}) -> ({outs}) {{\n"
            f"  %0:{len(results)} = stablehlo.custom_call @cusparse_{operation}_ffi({args}) "
            f"{{api_version = 4 : i32, backend_config = {{opaque = \"{escaped}\"}}}} : "
            f"({', '.join(_type(x) for x in operands)}) -> ({outs})\n"
            f"  return {names} : {outs}\n}}\n")


@pytest.mark.parametrize("operation,transpose", [
    *((f"{fmt}_{kind}", False) for fmt in ("coo", "csr") for kind in ("todense", "fromdense")),
    *((f"{fmt}_{kind}", t) for fmt in ("coo", "csr") for kind in ("matvec", "matmat")
      for t in (False, True))])
def test_cusparse_targets_run_on_the_device(gpu, operation, transpose):
    # jax.experimental.sparse's COO/CSR on cuda, against jaxlib-sparse's host
    # handlers: duplicate entries, an index outside the matrix (COO), entries
    # past the row pointer's end (CSR), nonzeros fewer than nnz (fromdense).
    gpu_sparse = pytest.importorskip("jaxlib.gpu_sparse",
                                     reason="jaxlib-sparse makes the descriptors")
    rows, cols, nnz = 4, 3, 7
    fields = {"rows": rows, "cols": cols, "nnz": nnz, "transpose": transpose}
    dense = np.array([[1, 0, 2], [0, 0, 3], [4, 5, 0], [0, 0, 0]], np.float32)
    data = np.array([1, 2, 3, 4, 5, 6, 7], np.float32)
    if operation.startswith("coo"):
        sparse_operands = [data, np.array([0, 0, 1, 2, 2, 2, 9], np.int32),  # row 9: outside
                           np.array([0, 2, 2, 0, 1, 1, 0], np.int32)]  # (2, 1) twice
    else:
        sparse_operands = [data, np.array([0, 2, 2, 0, 1, 1, 2], np.int32),
                           np.array([0, 2, 3, 6, 6], np.int32)]  # the 7th entry: no row
    workspace = np.zeros(8, np.int8)
    kind = operation.split("_")[1]
    if kind == "todense":
        operands, results = sparse_operands, [np.zeros((rows, cols), np.float32), workspace]
    elif kind == "fromdense":
        indices = [np.zeros(nnz, np.int32), np.zeros(nnz if operation.startswith("coo")
                                                     else rows + 1, np.int32)]
        operands, results = [dense], [np.zeros(nnz, np.float32), *indices, workspace]
    else:
        length = rows if transpose else cols
        x = np.arange(1, length + 1, dtype=np.float32)
        if kind == "matmat":
            x = np.stack([x, -2 * x], axis=1)
        out = np.zeros(((cols if transpose else rows),) + x.shape[1:], np.float32)
        operands, results = [*sparse_operands, x], [out, workspace]
    text = _sparse_program(operation, operands, results, fields)
    executable = gpu.compile_and_load(text)
    got = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(x) for x in operands])]
    assert executable.reference_kernel_steps() == []
    want = [np.zeros_like(r) for r in results]
    handler = dict((name, fn) for name, fn, _ in gpu_sparse.registrations()["CUDA"])
    handler[f"cusparse_{operation}_ffi"](operands, want, {
        "opaque": text.split('opaque = "')[1].split('"}')[0].replace('\\"', '"').encode()})
    for g, w in zip(got[:-1], want[:-1]):
        np.testing.assert_allclose(g, w, rtol=1e-6)


@pytest.mark.parametrize("codegen", ["0", "1"])
@pytest.mark.parametrize("algorithm,state_size", [("THREE_FRY", 2), ("PHILOX", 2),
                                                  ("PHILOX", 3), ("DEFAULT", 3)])
def test_rng_bit_generator_runs_on_the_device(gpu, cpu, codegen, algorithm, state_size,
                                              monkeypatch):
    # jax's rbg PRNGs: one generated kernel reading the state on the device, bit
    # for bit the CPU's (XLA's expansion), the state advanced without a read-back.
    if codegen == "1" and BACKEND == "mock" and shutil.which("g++") is None:
        pytest.skip("the host build of generated kernels needs a C++ compiler")
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", codegen)
    st = f"tensor<{state_size}xui64>"
    state = np.array([0x123456789ABCDEF0, 2**64 - 2, 2**64 - 1][:state_size], np.uint64)
    for shape, element in [((), "ui32"), ((3, 5), "ui32"), ((2, 3, 5), "f32"), ((7,), "ui64"),
                           ((3, 4), "ui8"), ((5,), "i16"), ((2, 3), "f64"), ((0, 3), "ui32")]:
        out = f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"
        text = (f"func.func @main(%s: {st}) -> ({st}, {out}) {{\n"
                f"  %0:2 = stablehlo.rng_bit_generator %s, algorithm = {algorithm} : "
                f"({st}) -> ({st}, {out})\n  return %0#0, %0#1 : {st}, {out}\n}}\n")
        executable = gpu.compile_and_load(text)
        got = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(state)])]
        assert executable.reference_kernel_steps() == [], (shape, element)
        for g, w in zip(got, _run(cpu, text, state)):
            assert g.dtype == w.dtype and g.shape == w.shape
            np.testing.assert_array_equal(g.reshape(-1).view(np.uint8),
                                          w.reshape(-1).view(np.uint8))


@pytest.mark.parametrize("op", ["asin", "acos", "atan", "asinh", "acosh", "atanh", "sinh",
                                "cosh", "bessel_i1e", "lgamma", "digamma"])
def test_chlo_special_functions_run_on_the_device(gpu, cpu, op):
    # jax.lax's special functions: CuPy's (scipy's on mock GPUs), with CHLO's
    # rules at poles and outside the domains (NaN, inf), as the CPU computes.
    x = np.array([-3.0, -2.5, -1, -0.5, 0, 0.25, 0.5, 0.99, 1, 2, 3.5, 10, np.inf, -np.inf,
                  np.nan], np.float32)
    text = (f"func.func @main(%x: tensor<15xf32>) -> tensor<15xf32> {{\n"
            f"  %0 = chlo.{op} %x : tensor<15xf32> -> tensor<15xf32>\n"
            f"  return %0 : tensor<15xf32>\n}}\n")
    executable = gpu.compile_and_load(text)
    (got,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x)])]
    assert executable.reference_kernel_steps() == []
    np.testing.assert_allclose(got, _run(cpu, text, x)[0], rtol=2e-6, atol=0, equal_nan=True)


@pytest.mark.parametrize("element,dtype,result,result_dtype", [
    ("i32", np.int32, "i32", np.int32), ("ui32", np.uint32, "ui32", np.uint32),
    ("i8", np.int8, "i8", np.int8), ("i8", np.int8, "i32", np.int32),
    ("i1", np.bool_, "i1", np.bool_), ("ui16", np.uint16, "ui16", np.uint16)])
def test_integer_and_predicate_dots_run_on_the_device(gpu, cpu, element, dtype, result,
                                                      result_dtype):
    # Wrapping at the result's width (extremes included), OR of ANDs for predicates.
    rng = np.random.default_rng(13)
    if dtype is np.bool_:
        a, b = rng.random((2, 4, 3)) > 0.6, rng.random((2, 3, 5)) > 0.6
    else:
        info = np.iinfo(dtype)
        a = rng.integers(info.min, info.max, (2, 4, 3), dtype=dtype, endpoint=True)
        b = rng.integers(info.min, info.max, (2, 3, 5), dtype=dtype, endpoint=True)
    text = (f"func.func @main(%a: tensor<2x4x3x{element}>, %b: tensor<2x3x5x{element}>) -> "
            f"tensor<2x4x5x{result}> {{\n"
            f"  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], "
            f"contracting_dims = [2] x [1] : (tensor<2x4x3x{element}>, "
            f"tensor<2x3x5x{element}>) -> tensor<2x4x5x{result}>\n"
            f"  return %0 : tensor<2x4x5x{result}>\n}}\n")
    executable = gpu.compile_and_load(text)
    (got,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a),
                                                         gpu.buffer_from_pyval(b)])]
    assert executable.reference_kernel_steps() == []
    assert got.dtype == result_dtype
    np.testing.assert_array_equal(got, _run(cpu, text, a, b)[0])


def test_cusparse_todense_of_complex_entries(gpu):
    # CuPy's add.at takes real types only: complex entries add up part by part.
    pytest.importorskip("jaxlib.gpu_sparse", reason="jaxlib-sparse makes the descriptors")
    fields = {"rows": 2, "cols": 3, "nnz": 4, "transpose": False}
    operands = [np.array([1 + 2j, 3 - 1j, 0.5j, -2], np.complex64),
                np.array([0, 1, 1, 0], np.int32), np.array([2, 0, 0, 2], np.int32)]
    results = [np.zeros((2, 3), np.complex64), np.zeros(8, np.int8)]
    text = _sparse_program("coo_todense", operands, results, fields)
    executable = gpu.compile_and_load(text)
    dense = np.asarray(executable.execute([gpu.buffer_from_pyval(x) for x in operands])[0])
    assert executable.reference_kernel_steps() == []
    np.testing.assert_array_equal(dense, [[0, 0, -1 + 2j], [3 - 0.5j, 0, 0]])


def _csrlsvqr_program(n, nnz, element):
    vector, values = _tensor((n,), element), _tensor((nnz,), element)
    indices, indptr = _tensor((nnz,), "i32"), _tensor((n + 1,), "i32")
    return (f"func.func @main(%d: {values}, %i: {indices}, %p: {indptr}, %b: {vector})"
            f" -> {vector} {{\n"
            f"  %0 = stablehlo.custom_call @cusolver_csrlsvqr_ffi(%d, %i, %p, %b) "
            f"{{api_version = 4 : i32, backend_config = {{reorder = 1 : i32, "
            f"tol = 1.0e-06 : f64}}}} : ({values}, {indices}, {indptr}, {vector}) -> {vector}\n"
            f"  return %0 : {vector}\n}}\n")


@pytest.mark.parametrize("dtype,element", [(np.float32, "f32"), (np.float64, "f64"),
                                           (np.complex128, "complex<f64>")])
def test_sparse_solves_run_on_the_device(gpu, dtype, element):
    # jax.experimental.sparse.linalg.spsolve: cuSOLVER's sparse QR (csrlsvqr) on
    # a square CSR matrix; its entries past the last row's end belong to no row.
    import scipy.sparse

    rng = np.random.default_rng(14)
    dense = _random_matrices(15, (6, 6), dtype).astype(dtype)
    dense[rng.random((6, 6)) < 0.5] = 0
    dense += 4 * np.eye(6, dtype=dtype)
    matrix = scipy.sparse.csr_matrix(dense)
    nnz = matrix.nnz + 2
    data = np.concatenate([matrix.data, np.ones(2, dtype)]).astype(dtype)
    indices = np.concatenate([matrix.indices, [0, 99]]).astype(np.int32)
    indptr = matrix.indptr.astype(np.int32)
    b = _random_matrices(16, (6,), dtype).astype(dtype)
    executable = gpu.compile_and_load(_csrlsvqr_program(6, nnz, element))
    (x,) = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(v) for v in (data, indices, indptr, b)])]
    assert executable.reference_kernel_steps() == []
    tolerance = 1e-4 if dtype == np.float32 else 1e-10
    np.testing.assert_allclose(dense @ x, b, rtol=tolerance, atol=tolerance)
    # indices no CSR matrix has: an error naming the call, not a read outside arrays
    bad = indices.copy()
    bad[0] = 6
    with pytest.raises(XlaRuntimeError, match="csrlsvqr: indices and indptr are not a CSR"):
        executable.execute([gpu.buffer_from_pyval(v) for v in (data, bad, indptr, b)])
    if BACKEND == "cuda":
        assert "NotCapturable: cuSOLVER csrlsvqr" in executable.graph_status()


def test_float_max_min_scatters_keep_nans_over_nan_dropping_atomics():
    # CuPy's atomic max/min go through fmaxf/fminf, which drop NaN updates and
    # overwrite NaNs already there; numpy's fmax.at does the same here, and the
    # wrapper must give what maximum.at (XLA's combiner) gives.
    from jaxlib.gpu_runtime.kernels import _nan_propagating

    base = np.array([1.0, np.nan, 3.0, -2.0, 0.5, 7.0], np.float32)
    targets = np.array([0, 1, 2, 2, 3, 5, 5])
    values = np.array([5.0, 2.0, np.nan, 1.0, -1.0, 8.0, 6.0], np.float32)
    for fast, exact in ((np.fmax.at, np.maximum.at), (np.fmin.at, np.minimum.at)):
        got, want = base.copy(), base.copy()
        _nan_propagating(np, fast)(got, targets, values)
        with np.errstate(invalid="ignore"):  # NaN compares: what is tested
            exact(want, targets, values)
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("element,dtype", [("f16", np.float16), ("f32", np.float32),
                                           ("f64", np.float64)])
def test_next_after_and_erfc_of_every_float_width_run_on_the_device(gpu, cpu, element,
                                                                    dtype):
    # chlo.next_after on the bits (CuPy's nextafter has no float16), erfc of
    # float16 in f32 rounded once; next_after exact, denormals and zeros too.
    t = f"tensor<8x{element}>"
    text = (f"func.func @main(%x: {t}, %y: {t}) -> ({t}, {t}) {{\n"
            f"  %0 = chlo.next_after %x, %y : {t}, {t} -> {t}\n"
            f"  %1 = chlo.erfc %x : {t} -> {t}\n"
            f"  return %0, %1 : {t}, {t}\n}}\n")
    tiny = np.finfo(dtype).smallest_subnormal
    x = np.array([1.5, -2, 0, np.inf, 3, -0.0, tiny, np.nan], dtype)
    y = np.array([0.5, 2, -1, 1, np.inf, 0.0, 0, 1], dtype)
    executable = gpu.compile_and_load(text)
    assert executable.reference_kernel_steps() == []
    got = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x),
                                                      gpu.buffer_from_pyval(y)])]
    want = _run(cpu, text, x, y)
    unsigned = np.dtype(f"u{np.dtype(dtype).itemsize}")
    np.testing.assert_array_equal(got[0].view(unsigned)[:7], want[0].view(unsigned)[:7])
    assert np.isnan(got[0][7])
    np.testing.assert_allclose(got[1].astype(np.float64), want[1].astype(np.float64),
                               rtol=1e-3 if dtype == np.float16 else 1e-6, equal_nan=True)


def test_generated_kernels_keep_f32_denormals(gpu, monkeypatch):
    # A fused multiply-add whose products are f32 denormals: XLA's GPU backend
    # keeps them (xla_gpu_ftz is false; its CPU backend flushes them, as ours
    # does), and so do our kernels (nvrtc.kernel_ptx compiles without -ftz,
    # which CuPy's own compiles add).
    from jaxlib.gpu_runtime import fused

    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")  # mock GPUs: the host build
    t = "tensor<1024xf32>"
    text = (f"func.func @main(%x: {t}, %y: {t}, %z: {t}) -> {t} {{\n"
            f"  %0 = stablehlo.multiply %x, %y : {t}\n"
            f"  %1 = stablehlo.add %0, %z : {t}\n"
            f"  %2 = stablehlo.divide %1, %y : {t}\n"
            f"  return %2 : {t}\n}}\n")
    x = np.full(1024, 1e-20, np.float32)
    y = np.linspace(1e-19, 1e-18, 1024).astype(np.float32)
    z = np.zeros(1024, np.float32)
    (got,) = _run(gpu, text, x, y, z)
    want = (x * y + z) / y  # numpy keeps denormals: IEEE f32
    assert np.all(want != 0)
    np.testing.assert_array_equal(got, want)
    if BACKEND != "mock":
        # (our NVRTC's CUBIN: a driver may not JIT a newer NVRTC's PTX)
        assert fused.device_function_form() == "cubin", fused.device_function_form()


_WINDOWS_AND_ARGMAX = """
func.func @main(%x: tensor<2x3x33x33xf32>, %g: tensor<2x3x16x16xf32>, %v: tensor<8x5000xf32>,
                %c: tensor<4x700xbf16>) -> (tensor<2x3x16x16xf32>, tensor<2x3x33x33xf32>,
                tensor<8xi32>, tensor<4x700xbf16>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %pool = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>} :
     (tensor<2x3x33x33xf32>, tensor<f32>) -> tensor<2x3x16x16xf32>
  %grad = "stablehlo.select_and_scatter"(%x, %g, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>} :
     (tensor<2x3x33x33xf32>, tensor<2x3x16x16xf32>, tensor<f32>) -> tensor<2x3x33x33xf32>
  %iota = stablehlo.iota dim = 1 : tensor<8x5000xi32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%v init: %ninf), (%iota init: %i0) across dimensions = [1] :
      (tensor<8x5000xf32>, tensor<8x5000xi32>, tensor<f32>, tensor<i32>)
      -> (tensor<8xf32>, tensor<8xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %take = stablehlo.or %gt, %nan : tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lower = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lower : tensor<i1>
    %keep = stablehlo.or %take, %tie : tensor<i1>
    %m = stablehlo.select %take, %a, %b : tensor<i1>, tensor<f32>
    %i = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %m, %i : tensor<f32>, tensor<i32>
  }
  %bz = stablehlo.constant dense<0.0> : tensor<bf16>
  %cum = "stablehlo.reduce_window"(%c, %bz) ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) {window_dimensions = array<i64: 1, 700>,
      padding = dense<[[0, 0], [699, 0]]> : tensor<2x2xi64>} :
     (tensor<4x700xbf16>, tensor<bf16>) -> tensor<4x700xbf16>
  return %pool, %grad, %r#1, %cum : tensor<2x3x16x16xf32>, tensor<2x3x33x33xf32>,
      tensor<8xi32>, tensor<4x700xbf16>
}
"""


def test_windows_pool_gradients_and_argmax_run_on_the_device(gpu, cpu):
    # An average pool, max pooling's gradient, jnp.argmax over long rows (a
    # block per row on a GPU) and a bfloat16 cumsum: one generated kernel each
    # on a GPU (NVRTC), on the device either way, as the CPU computes them.
    import ml_dtypes

    rng = np.random.default_rng(31)
    x = rng.standard_normal((2, 3, 33, 33)).astype(np.float32)
    g = rng.standard_normal((2, 3, 16, 16)).astype(np.float32)
    v = rng.standard_normal((8, 5000)).astype(np.float32)
    v[1, 4000] = v[1, 4500] = 9.0  # a tie: the first wins
    v[2, 3000] = v[2, 100] = np.nan  # NaN: the first wins
    c = rng.standard_normal((4, 700)).astype(ml_dtypes.bfloat16)
    executable = gpu.compile_and_load(_WINDOWS_AND_ARGMAX)
    if BACKEND != "mock" or os.environ.get("JAXLIB_GPU_MOCK_CODEGEN") == "1":
        # (op by op, the bfloat16 cumsum past 256 elements is a host step)
        assert executable.reference_kernel_steps() == []
        names = {k.rsplit("_", 1)[0] for k in executable.compiled.program.kernel_sources}
        assert {"jx_reduce_window", "jx_select_and_scatter", "jx_reduce"} <= names
    args = [x, g, v, c]
    got = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a) for a in args])]
    want = _run(cpu, _WINDOWS_AND_ARGMAX, *args)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got[1], want[1], rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(got[2], want[2])
    assert got[2][1] == 4000 and got[2][2] == 100
    np.testing.assert_allclose(got[3].astype(np.float32), want[3].astype(np.float32),
                               rtol=2e-2, atol=0.1)


def _twice_as_the_cpu(executable: Any, cpu: Any, text: str, args: list[np.ndarray],
                      gpu: Any) -> None:
    """Runs ``executable`` (``text`` on ``gpu``) twice on the same buffers
    (the second run replays a captured graph) against the CPU; the
    arguments are as they were after each run."""
    want = _run(cpu, text, *args)
    buffers = [gpu.buffer_from_pyval(a) for a in args]
    for _ in range(2):
        got = [np.asarray(o) for o in executable.execute(buffers)]
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)
        for buffer, original in zip(buffers, args):
            np.testing.assert_array_equal(np.asarray(buffer), original)


def test_scan_carries_update_and_accumulate_in_place_on_the_device(gpu, cpu):
    # A scan's stacked outputs take each row in place (a generated kernel
    # writing only the update) and its gradients accumulate acc + dot(x, y) in
    # one GEMM with beta = 1 (cuBLAS on a GPU, whose self-test checks that
    # product first), in the loop's own copies of the carries: the caller's
    # arrays are as they were after each run, and a second run starts afresh.
    from test_codegen import ACCUMULATING_SCAN, STACKING_SCAN

    rng = np.random.default_rng(32)
    for text, shapes in ((STACKING_SCAN, [(6, 3)] * 3),
                         (ACCUMULATING_SCAN, [(6, 5, 4), (5, 3), (4, 3), (4, 3)])):
        args = [rng.standard_normal(s).astype(np.float32) for s in shapes]
        executable = gpu.compile_and_load(text)
        if BACKEND != "mock" or os.environ.get("JAXLIB_GPU_MOCK_CODEGEN") == "1":
            assert executable.reference_kernel_steps() == []
        _twice_as_the_cpu(executable, cpu, text, args, gpu)


def test_known_rows_products_in_rows_and_prologues_run_on_the_device(gpu, cpu):
    # Session 30's device paths: slices at a counted loop's known starts are
    # views (a GEMM reads the row in place), products and joins are made in
    # their stacked rows (cuBLAS with beta = 0 into the row), a product adds
    # into a value of its block (beta = 1), an outer product is a multiply,
    # and reductions run their producers in their loops (a thread, a warp, a
    # block per row). Twice each: the second run replays the captured graph.
    from test_codegen import SUMS_OF_PRODUCTS, _prologue_program
    from test_known_scalars import INDUCTIONS, STACKED

    outer_product = """
func.func @main(%dy: tensor<32x1xf32>, %w: tensor<64x1xf32>) -> tensor<32x64xf32> {
  %o = stablehlo.dot_general %dy, %w, contracting_dims = [1] x [1]
      : (tensor<32x1xf32>, tensor<64x1xf32>) -> tensor<32x64xf32>
  %t = stablehlo.tanh %o : tensor<32x64xf32>
  return %t : tensor<32x64xf32>
}"""

    rng = np.random.default_rng(30)
    cases = [(INDUCTIONS, [(4, 6)]), (STACKED, [(5, 3, 4), (4, 2)]),
             (SUMS_OF_PRODUCTS, [(4, 5), (5, 3), (4, 3), (4, 3)]),
             (outer_product, [(32, 1), (64, 1)])]
    cases += [(_prologue_program(r, c, d, epilogue), [(r, c), (r, c)])
              for r, c, d in ((5, 7, 1), (64, 40, 1), (3, 5000, 1), (40, 6, 0))
              for epilogue in (False, True)]
    for text, shapes in cases:
        args = [rng.integers(-8, 9, s).astype(np.float32) for s in shapes]
        _twice_as_the_cpu(gpu.compile_and_load(text), cpu, text, args, gpu)


def test_tokens_made_in_a_program_need_no_host_step(gpu):
    # jax's jit of a function returning lax.create_token(): the token is made
    # where the program runs (no data), not in a host step.
    text = ("func.func @main(%x: tensor<3xf32>) -> (!stablehlo.token, tensor<3xf32>) {\n"
            "  %t = stablehlo.create_token : !stablehlo.token\n"
            "  %u = stablehlo.after_all %t : !stablehlo.token\n"
            "  %y = stablehlo.add %x, %x : tensor<3xf32>\n"
            "  return %u, %y : !stablehlo.token, tensor<3xf32>\n}\n")
    executable = gpu.compile_and_load(text, gpu.devices()[:1])
    x = np.arange(3, dtype=np.float32)
    token, y = executable.execute([gpu.buffer_from_pyval(x, gpu.devices()[0])])
    np.testing.assert_array_equal(np.asarray(y), 2 * x)
    assert executable.reference_kernel_steps() == []


def _buffer_callback_program(target: str) -> str:
    return (f"func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xbf16>) "
            f"-> (tensor<2x3xf32>, tensor<3xbf16>) {{\n"
            f"  %0:2 = stablehlo.custom_call @{target}(%a, %b) {{api_version = 4 : i32, "
            f"backend_config = {{index = 0 : ui64}}}} : (tensor<2x3xf32>, tensor<3xbf16>) "
            f"-> (tensor<2x3xf32>, tensor<3xbf16>)\n"
            f"  return %0#0, %0#1 : tensor<2x3xf32>, tensor<3xbf16>\n}}\n")


@pytest.mark.parametrize("recorded", [False, True])
def test_buffer_callbacks_fill_device_buffers_on_the_stream(gpu, recorded):
    # jax.experimental.buffer_callback for cuda: the callback gets the stream and
    # device buffers (__cuda_array_interface__; bfloat16 as its own type over its
    # carrier's memory) and fills the results there. A command-buffer-compatible
    # one is recorded into the program's CUDA graph (called while capturing, not at
    # replays); the other kind keeps the program eager.
    import ml_dtypes

    calls = []

    def callback(context, a, b, out_a, out_b):
        calls.append(context.stream)
        assert (a.shape, a.dtype, a.writeable) == ((2, 3), np.float32, False)
        assert (out_b.shape, out_b.dtype, out_b.writeable) == ((3,), ml_dtypes.bfloat16, True)
        interface = out_a.__cuda_array_interface__
        assert interface["shape"] == (2, 3) and interface["typestr"] == "<f4"
        assert b.__cuda_array_interface__["typestr"] == np.dtype(ml_dtypes.bfloat16).str
        if BACKEND == "cuda":
            import cupy

            cupy.asarray(out_a)[...] = cupy.asarray(a) * 2

            def bits(buffer):  # (CuPy has no bfloat16: its bits as uint16)
                pointer = buffer.__cuda_array_interface__["data"][0]
                memory = cupy.cuda.UnownedMemory(pointer, 6, None)
                return cupy.ndarray((3,), cupy.uint16, cupy.cuda.MemoryPointer(memory, 0))

            bits(out_b)[...] = bits(b)
        else:
            np.asarray(out_a)[...] = np.asarray(a) * 2
            np.asarray(out_b)[...] = np.asarray(b)

    target = "xla_buffer_python_gpu_callback" + ("_cmd_buffer" if recorded else "")
    executable = gpu.compile_and_load(_buffer_callback_program(target),
                                      host_callbacks=[callback])
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.array([1.5, -2, 3], ml_dtypes.bfloat16)
    for _ in range(3):  # eager, then captured where it can be, then replayed
        got_a, got_b = [np.asarray(o) for o in executable.execute(
            [gpu.buffer_from_pyval(a), gpu.buffer_from_pyval(b)])]
        np.testing.assert_array_equal(got_a, a * 2)
        np.testing.assert_array_equal(got_b.view(np.uint16), b.view(np.uint16))
    assert executable.reference_kernel_steps() == []
    if BACKEND == "cuda":
        assert all(isinstance(s, int) for s in calls)
        if recorded:
            assert executable.graph_status() == "graph" and len(calls) == 2
        else:
            assert "NotCapturable: a buffer callback" in executable.graph_status()
            assert len(calls) == 3
    else:
        assert calls == [0, 0, 0]


_LAID_OUT = """
func.func public @main(%x: tensor<2x3xf32> {mhlo.layout_mode = "auto"})
    -> (tensor<3x2xf32> {mhlo.layout_mode = "RESULT"}) {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
"""


def test_gpu_arrays_are_row_major_and_other_layouts_are_refused(gpu):
    """GPU buffers are row-major: layouts left to the compiler are row-major,
    one asked for otherwise is a named error (the CPU lays it out)."""
    executable = gpu.compile_and_load(_LAID_OUT.replace("RESULT", "auto"))
    assert executable.get_output_layouts()[0].minor_to_major() == (1, 0)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    (out,) = executable.execute([gpu.buffer_from_pyval(x)])
    np.testing.assert_array_equal(np.asarray(out), x.T)
    assert out._pjrt_layout.minor_to_major() == (1, 0)
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED.*row-major.*results "
                                              r"\[\(1, 0\)\]"):
        gpu.compile_and_load(_LAID_OUT.replace("RESULT", "{0,1}"))
