"""Native sort kernel against the reference kernel (bit-exact, stable)."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from conftest import program_text

from jaxlib._src.backends.cpu import native
from jaxlib._src.backends.cpu.lowering import ModuleLowering
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.element_types import ELEMENT_TYPES, UNSIGNED_OF_SIZE
from jaxlib._src.ops import registry

# numpy dtype name -> MLIR element type (the element-type table's rows).
MLIR_TYPES = {row.dtype.name: row.mlir for row in ELEMENT_TYPES
              if row.mlir is not None and row.dtype is not None}
COMPARE_TYPES = {"f": "FLOAT", "i": "SIGNED", "u": "UNSIGNED", "b": "UNSIGNED", "V": "FLOAT"}
NAN_BITS = {"float16": "0x7E00", "bfloat16": "0x7FC0", "float32": "0x7FC00000",
            "float64": "0x7FF8000000000000"}


def np_dtype(dtype: str) -> np.dtype:
    return np.dtype(getattr(ml_dtypes, dtype, None) or dtype)


def tensor(shape: tuple[int, ...], dtype: str) -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}{MLIR_TYPES[dtype]}>"


def compare_type(dtype: str) -> str:
    return COMPARE_TYPES[np_dtype(dtype).kind]


def canonical(dtype: str, arg: str, name: str) -> tuple[list[str], str]:
    """JAX's -0 -> 0, NaN -> NaN canonicalisation of %arg, as jax.lax.sort writes it."""
    s = tensor((), dtype)
    return [
        f"%{name}_z = stablehlo.constant dense<0.0> : {s}",
        f"%{name}_e = stablehlo.compare EQ, %{arg}, %{name}_z, FLOAT : ({s}, {s}) -> tensor<i1>",
        f"%{name}_s = stablehlo.select %{name}_e, %{name}_z, %{arg} : tensor<i1>, {s}",
        f"%{name}_n = stablehlo.compare NE, %{arg}, %{arg}, FLOAT : ({s}, {s}) -> tensor<i1>",
        f"%{name}_c = stablehlo.constant dense<{NAN_BITS[dtype]}> : {s}",
        f"%{name}_k = stablehlo.select %{name}_n, %{name}_c, %{name}_s : tensor<i1>, {s}",
    ], f"%{name}_k"


def sort_text(shape: tuple[int, ...], dtypes: list[str], dimension: int,
              keys: list[tuple[int, str, str, bool]], *, stable: bool = True) -> str:
    """A sort of operands of ``dtypes``; ``keys`` (operand, direction, compare
    type, canonicalise), most significant first, form JAX's lexicographic chain."""
    types = [tensor(shape, d) for d in dtypes]
    args = [f"%x{i}: {t}" for i, t in enumerate(types)]
    block_args = []
    for i, d in enumerate(dtypes):
        block_args += [f"%a{i}: {tensor((), d)}", f"%b{i}: {tensor((), d)}"]
    lines: list[str] = []
    less, equal = [], []
    for n, (operand, direction, ctype, canonicalise) in enumerate(keys):
        dtype = dtypes[operand]
        s = tensor((), dtype)
        lhs, rhs = f"%a{operand}", f"%b{operand}"
        if canonicalise:
            left, lhs = canonical(dtype, f"a{operand}", f"l{n}")
            right, rhs = canonical(dtype, f"b{operand}", f"r{n}")
            lines += left + right
        lines.append(f"%lt{n} = stablehlo.compare {direction}, {lhs}, {rhs}, {ctype} : "
                     f"({s}, {s}) -> tensor<i1>")
        lines.append(f"%eq{n} = stablehlo.compare EQ, {lhs}, {rhs}, {ctype} : "
                     f"({s}, {s}) -> tensor<i1>")
        less.append(f"%lt{n}")
        equal.append(f"%eq{n}")
    result = less[-1]
    for n in range(len(keys) - 2, -1, -1):
        lines.append(f"%and{n} = stablehlo.and {equal[n]}, {result} : tensor<i1>")
        lines.append(f"%or{n} = stablehlo.or {less[n]}, %and{n} : tensor<i1>")
        result = f"%or{n}"
    body = "\n    ".join(lines)
    results = ", ".join(f"%0#{i}" for i in range(len(dtypes))) if len(dtypes) > 1 else "%0"
    count = f":{len(dtypes)}" if len(dtypes) > 1 else ""
    signature = ", ".join(types)
    return f"""
func.func @main({", ".join(args)}) -> ({signature}) {{
  %0{count} = "stablehlo.sort"({", ".join(f"%x{i}" for i in range(len(dtypes)))})
      <{{dimension = {dimension} : i64, is_stable = {str(stable).lower()}}}> ({{
  ^bb0({", ".join(block_args)}):
    {body}
    stablehlo.return {result} : tensor<i1>
  }}) : ({signature}) -> ({signature})
  return {results} : {signature}
}}"""


def sort_op(text: str):
    module = parse_module(text)
    function = module.function("main")
    op = next(o for o in function.body.entry.operations if o.name == "stablehlo.sort")
    reference = registry.REFERENCE_KERNELS[op.name](
        op, ModuleLowering(module).kernel_builder(function))
    return op, reference


def assert_bits_equal(actual: np.ndarray, expected: np.ndarray) -> None:
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    view = UNSIGNED_OF_SIZE[min(actual.dtype.itemsize, 8)]  # complex128: two halves
    assert np.array_equal(actual.view(view), expected.view(view))


def check_sort(text: str, *operands: np.ndarray) -> None:
    op, reference = sort_op(text)
    kernel = native.lower_op(op)
    assert kernel is not None, "expected a native kernel"
    outputs = [np.empty(x.shape, x.dtype) for x in operands]
    native.cpu.run_kernel(kernel, [np.require(x, requirements="C") for x in operands], outputs)
    with np.errstate(all="ignore"):
        expected = reference(*operands)
    for actual, want in zip(outputs, expected):
        assert_bits_equal(actual, np.asarray(want))


def special_values(dtype: str, size: int, rng: np.random.Generator) -> np.ndarray:
    """Values with many ties, and for floats +-0, +-inf and NaNs of both signs
    and several payloads (signalling ones too)."""
    dt = np_dtype(dtype)
    if dtype == "bool":
        return rng.integers(0, 2, size).astype(bool)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        values = rng.integers(info.min, info.max, size, dtype=dt, endpoint=True)
        values[::3] = rng.integers(-3 if dt.kind == "i" else 0, 4, values[::3].size).astype(dt)
        values[:2] = [info.min, info.max]
        return values
    values = np.round(rng.standard_normal(size) * 4).astype(dt)  # ties
    bits = UNSIGNED_OF_SIZE[dt.itemsize].type
    one = bits(1)
    exponent_top = {"float16": 0x7C00, "bfloat16": 0x7F80, "float32": 0x7F800000,
                    "float64": 0x7FF0000000000000}[dtype]
    sign = bits(1) << bits(dt.itemsize * 8 - 1)
    specials = [bits(exponent_top) | one,  # signalling NaN
                bits(exponent_top) | (one << bits(3)), bits(exponent_top) | bits(7),
                bits(exponent_top), bits(0), sign]  # +inf, +0, -0
    specials += [s | sign for s in specials[:4]]
    special = np.array(specials, bits).view(dt)
    positions = rng.integers(0, size, max(1, size // 5))
    values[positions] = special[rng.integers(0, len(special), positions.size)]
    return values


# The key types sort.cc instantiates (the kernel's own list, no table's).
FLOATS = ["float16", "bfloat16", "float32", "float64"]
INTS = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]


@pytest.mark.parametrize("dtype", FLOATS + INTS)
@pytest.mark.parametrize("direction", ["LT", "GT"])
@pytest.mark.parametrize("size", [7, 1000])
def test_sort_plain_compare(dtype: str, direction: str, size: int) -> None:
    rng = np.random.default_rng(size)
    values = special_values(dtype, size, rng)
    payload = np.arange(size, dtype=np.int32)
    types = ["TOTALORDER", "FLOAT"] if dtype in FLOATS else [compare_type(dtype)]
    for ctype in types:
        text = sort_text((size,), [dtype, "int32"], 0, [(0, direction, ctype, False)])
        check_sort(text, values, payload)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("direction", ["LT", "GT"])
def test_sort_jax_canonicalised_keys(dtype: str, direction: str) -> None:
    rng = np.random.default_rng(1)
    for size in [5, 3000]:
        values = special_values(dtype, size, rng)
        text = sort_text((size,), [dtype], 0, [(0, direction, "TOTALORDER", True)])
        check_sort(text, values)


def test_sort_benchmark_program() -> None:
    """sort_1m: JAX's canonicalised TOTALORDER sort of 2**20 float32 (threaded radix)."""
    module = parse_module(benchmark_text("sort_1m.mlir"))
    function = module.function("sort")
    op = next(o for o in function.body.entry.operations if o.name == "stablehlo.sort")
    reference = registry.REFERENCE_KERNELS[op.name](
        op, ModuleLowering(module).kernel_builder(function))
    kernel = native.lower_op(op)
    assert kernel is not None
    values = special_values("float32", 1 << 20, np.random.default_rng(2))
    out = np.empty_like(values)
    native.cpu.run_kernel(kernel, [values], [out])
    with np.errstate(all="ignore"):
        assert_bits_equal(out, reference(values)[0])


def benchmark_text(name: str) -> str:
    """A benchmark-like program of tests/programs: sort_1m.mlir is the shared
    sort_1m benchmark's shape (JAX's comparator over 2**20 float32)."""
    return program_text(name)


@pytest.mark.parametrize("shape", [(6, 5, 40), (3, 70, 4), (2, 3, 1), (1, 9, 1), (5, 0, 3)])
def test_sort_dimensions(shape: tuple[int, ...]) -> None:
    rng = np.random.default_rng(3)
    size = int(np.prod(shape))
    values = special_values("float32", max(size, 1), rng)[:size].reshape(shape)
    labels = rng.integers(0, 100, shape).astype(np.int64)
    for dimension in range(len(shape)):
        text = sort_text(shape, ["float32", "int64"], dimension,
                         [(0, "LT", "TOTALORDER", True)])
        check_sort(text, values, labels)
        text = sort_text(shape, ["int64", "float32"], dimension, [(0, "GT", "SIGNED", False)])
        check_sort(text, labels, values)


def test_sort_many_rows_threaded() -> None:
    rng = np.random.default_rng(4)
    values = special_values("float64", 512 * 600, rng).reshape(512, 600)
    text = sort_text((512, 600), ["float64"], 1, [(0, "LT", "FLOAT", False)])
    check_sort(text, values)
    short = special_values("int16", 40000 * 9, rng).reshape(40000, 9)
    text = sort_text((40000, 9), ["int16"], 1, [(0, "GT", "SIGNED", False)])
    check_sort(text, short)


@pytest.mark.parametrize("size", [20, 5000, 200000])
def test_sort_multi_key(size: int) -> None:
    rng = np.random.default_rng(5)
    first = rng.integers(0, 4, size).astype(np.int32)
    second = special_values("float32", size, rng)
    third = rng.integers(0, 3, size).astype(np.uint8)
    payload = (rng.standard_normal(size) + 1j * rng.standard_normal(size)).astype(np.complex64)
    dtypes = ["int32", "float32", "uint8", "complex64"]
    for keys in [
        [(0, "LT", "SIGNED", False), (1, "GT", "TOTALORDER", True)],
        [(2, "GT", "UNSIGNED", False), (0, "LT", "SIGNED", False), (1, "LT", "FLOAT", False)],
        [(1, "LT", "FLOAT", False), (0, "LT", "SIGNED", False)],
    ]:
        check_sort(sort_text((size,), dtypes, 0, keys), first, second, third, payload)


def test_sort_not_stable_flag_still_matches() -> None:
    rng = np.random.default_rng(6)
    values = rng.integers(0, 5, 3000).astype(np.int8)
    payload = np.arange(3000, dtype=np.uint16)
    text = sort_text((3000,), ["int8", "uint16"], 0, [(0, "LT", "SIGNED", False)],
                     stable=False)
    check_sort(text, values, payload)


def test_sort_size_zero() -> None:
    text = sort_text((0,), ["float32", "int32"], 0, [(0, "LT", "FLOAT", False)])
    check_sort(text, np.zeros(0, np.float32), np.zeros(0, np.int32))


def test_sort_unrecognised_comparator_falls_back() -> None:
    s = "tensor<f32>"
    text = f"""
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {{
  %0 = "stablehlo.sort"(%x) <{{dimension = 0 : i64, is_stable = true}}> ({{
  ^bb0(%a: {s}, %b: {s}):
    %n = stablehlo.negate %a : {s}
    %r = stablehlo.compare LT, %n, %b, FLOAT : ({s}, {s}) -> tensor<i1>
    stablehlo.return %r : tensor<i1>
  }}) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}}"""
    op, _ = sort_op(text)
    assert native.lower_op(op) is None
