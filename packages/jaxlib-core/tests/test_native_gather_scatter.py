"""Native gather and scatter kernels against the reference kernels."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from jaxlib._src.backends.cpu import native
from jaxlib._src.backends.cpu.lowering import ModuleLowering
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.attributes import GatherDimensionNumbers
from jaxlib._src.ir.core import load_op_table
from jaxlib._src.ir.element_types import ELEMENT_TYPES
from jaxlib._src.ops import registry
from jaxlib._src.ops.gather_scatter import gather_result_shape
from jaxlib._src.ops.reduction import REDUCER_UFUNCS

# numpy dtype name -> MLIR element type (the element-type table's rows).
MLIR_TYPES = {row.dtype.name: row.mlir for row in ELEMENT_TYPES
              if row.mlir is not None and row.dtype is not None}


def tensor(shape: tuple[int, ...], dtype: str) -> str:
    dims = "".join(f"{d}x" for d in shape)
    return f"tensor<{dims}{MLIR_TYPES[dtype]}>"


def dims(values: tuple[int, ...] | list[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def single_op(text: str, name: str):
    """The op named ``name`` in @main and its reference kernel."""
    module = parse_module(text)
    function = module.function("main")
    op = next(o for o in function.body.entry.operations if o.name == name)
    kernel = registry.REFERENCE_KERNELS[name](op, ModuleLowering(module).kernel_builder(function))
    return op, kernel


def run_reference(kernel, *args: np.ndarray) -> list[np.ndarray]:
    with np.errstate(all="ignore"):
        if getattr(kernel, "needs_frame", False):
            results = kernel([None] * 64, *args)
        else:
            results = kernel(*args)
    return [np.asarray(r) for r in results]


def run_both(text: str, name: str, *args: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    op, reference = single_op(text, name)
    kernel = native.lower_op(op)
    assert kernel is not None, "expected a native kernel"
    outputs = [np.empty(shape, dtype) for dtype, shape in
               (native.tensor_spec(r.type) for r in op.results)]
    # np.require keeps rank-0 arrays rank 0 (np.ascontiguousarray would not).
    native.cpu.run_kernel(kernel, [np.require(a, requirements="C") for a in args], outputs)
    actual = outputs[0]
    expected = run_reference(reference, *args)[0]
    return actual, expected


def assert_same(actual: np.ndarray, expected: np.ndarray) -> None:
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    if actual.dtype.kind in "fcV":  # floats: same bits, except any NaN matches any NaN
        nan = np.isnan(actual)
        np.testing.assert_array_equal(nan, np.isnan(expected))
        itemsize = actual.dtype.itemsize // (2 if actual.dtype.kind == "c" else 1)
        width = f"u{itemsize}"
        assert np.array_equal(actual[~nan].view(width), expected[~nan].view(width))
    else:
        assert np.array_equal(actual, expected)


def random_array(rng: np.random.Generator, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    return np.asarray(_random_values(rng, shape, dtype))


def _random_values(rng: np.random.Generator, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    if dtype == "bool":
        return rng.integers(0, 2, shape).astype(bool)
    np_dtype = np.dtype(getattr(ml_dtypes, dtype, None) or dtype)
    if np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        return rng.integers(info.min, info.max, shape, dtype=np_dtype, endpoint=True)
    if np_dtype.kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np_dtype)
    return (rng.standard_normal(shape) * 10).astype(np_dtype)


# --- gather --------------------------------------------------------------------------


def gather_text(operand: tuple[int, ...], dtype: str, indices: tuple[int, ...], index_dtype: str,
                *, offset_dims=(), collapsed=(), start_index_map=(), index_vector_dim: int,
                slice_sizes, operand_batching=(), indices_batching=()) -> str:
    dnums = GatherDimensionNumbers(tuple(offset_dims), tuple(collapsed), tuple(operand_batching),
                                   tuple(indices_batching), tuple(start_index_map),
                                   index_vector_dim)
    result = tuple(gather_result_shape(operand, indices, dnums, slice_sizes))
    fields = [f"offset_dims = {dims(offset_dims)}", f"collapsed_slice_dims = {dims(collapsed)}"]
    if operand_batching:
        fields.append(f"operand_batching_dims = {dims(operand_batching)}")
        fields.append(f"start_indices_batching_dims = {dims(indices_batching)}")
    fields += [f"start_index_map = {dims(start_index_map)}",
               f"index_vector_dim = {index_vector_dim}"]
    sizes = ", ".join(str(s) for s in slice_sizes)
    sizes_attr = f"array<i64: {sizes}>" if sizes else "array<i64>"
    t_op, t_idx, t_res = tensor(operand, dtype), tensor(indices, index_dtype), \
        tensor(result, dtype)
    return f"""
func.func @main(%x: {t_op}, %i: {t_idx}) -> {t_res} {{
  %0 = "stablehlo.gather"(%x, %i) <{{dimension_numbers = #stablehlo.gather<{", ".join(fields)}>,
      indices_are_sorted = false, slice_sizes = {sizes_attr}}}> : ({t_op}, {t_idx}) -> {t_res}
  return %0 : {t_res}
}}"""


def indices_for(rng, shape, index_dtype, high) -> np.ndarray:
    """Mostly in range, some past either end (clamped / skipped)."""
    info = np.iinfo(np.dtype(index_dtype))
    low = max(int(info.min), -3)
    top = min(int(info.max), high + 3)
    return rng.integers(low, top, shape, endpoint=True).astype(index_dtype)


GATHER_CASES = {
    # name: (operand, indices shape, attributes)
    "embedding_rows": ((50, 16), (30, 1), dict(
        offset_dims=(1,), collapsed=(0,), start_index_map=(0,), index_vector_dim=1,
        slice_sizes=(1, 16))),
    "implicit_index_vector": ((50, 16), (30,), dict(
        offset_dims=(1,), collapsed=(0,), start_index_map=(0,), index_vector_dim=1,
        slice_sizes=(1, 16))),
    "scalars": ((40,), (7, 5, 1), dict(
        offset_dims=(), collapsed=(0,), start_index_map=(0,), index_vector_dim=2,
        slice_sizes=(1,))),
    "multi_row_windows": ((20, 8), (9, 1), dict(
        offset_dims=(1, 2), start_index_map=(0,), index_vector_dim=1, slice_sizes=(3, 8))),
    "two_component_index": ((5, 6, 7), (4, 3, 2), dict(
        offset_dims=(2, 3), collapsed=(0,), start_index_map=(0, 2), index_vector_dim=2,
        slice_sizes=(1, 3, 4))),
    "index_vector_first": ((6, 7), (2, 5), dict(
        offset_dims=(1,), collapsed=(1,), start_index_map=(1, 0), index_vector_dim=0,
        slice_sizes=(2, 1))),
    "offsets_between_batch_dims": ((6, 7, 8), (3, 4, 2), dict(
        offset_dims=(1, 3), collapsed=(1,), start_index_map=(1, 2), index_vector_dim=2,
        slice_sizes=(4, 1, 2))),
    "window_not_innermost": ((10, 9, 8), (5, 1), dict(
        offset_dims=(1, 2), collapsed=(0,), start_index_map=(0,), index_vector_dim=1,
        slice_sizes=(1, 3, 8))),
    "strided_window": ((10, 9, 8), (5, 1), dict(
        offset_dims=(1, 2), collapsed=(2,), start_index_map=(2,), index_vector_dim=1,
        slice_sizes=(10, 9, 1))),
    "batching_dims": ((3, 10, 4), (3, 5, 1), dict(
        offset_dims=(2,), collapsed=(1,), start_index_map=(1,), index_vector_dim=2,
        slice_sizes=(1, 1, 4), operand_batching=(0,), indices_batching=(0,))),
    "batching_dims_swapped": ((3, 10, 4), (5, 3, 1), dict(
        offset_dims=(2,), collapsed=(1,), start_index_map=(1,), index_vector_dim=2,
        slice_sizes=(1, 1, 4), operand_batching=(0,), indices_batching=(1,))),
    "batching_and_index_map": ((2, 6, 5, 4), (4, 2, 2), dict(
        offset_dims=(2,), collapsed=(1, 2), start_index_map=(1, 2), index_vector_dim=2,
        slice_sizes=(1, 1, 1, 4), operand_batching=(0,), indices_batching=(1,))),
    "full_operand_window": ((4, 5), (3, 0), dict(
        offset_dims=(1, 2), start_index_map=(), index_vector_dim=1, slice_sizes=(4, 5))),
    "empty_batch": ((10, 4), (0, 1), dict(
        offset_dims=(1,), collapsed=(0,), start_index_map=(0,), index_vector_dim=1,
        slice_sizes=(1, 4))),
    "empty_window": ((10, 4), (6, 1), dict(
        offset_dims=(1,), collapsed=(0,), start_index_map=(0,), index_vector_dim=1,
        slice_sizes=(1, 0))),
    "rank0_operand": ((), (5, 0), dict(
        offset_dims=(), start_index_map=(), index_vector_dim=1, slice_sizes=())),
}


@pytest.mark.parametrize("case", sorted(GATHER_CASES))
def test_gather_dimension_numbers(case: str) -> None:
    operand_shape, indices_shape, attributes = GATHER_CASES[case]
    rng = np.random.default_rng(len(case))
    text = gather_text(operand_shape, "float32", indices_shape, "int32", **attributes)
    operand = random_array(rng, operand_shape, "float32")
    high = max(operand_shape) if operand_shape else 1
    indices = indices_for(rng, indices_shape, "int32", high)
    assert_same(*run_both(text, "stablehlo.gather", operand, indices))


@pytest.mark.parametrize("index_dtype", ["int8", "int16", "int32", "int64", "uint8", "uint16",
                                         "uint32", "uint64"])
def test_gather_index_types(index_dtype: str) -> None:
    rng = np.random.default_rng(1)
    text = gather_text((100, 8), "float32", (64, 2), index_dtype, offset_dims=(1, 2),
                       start_index_map=(0, 1), index_vector_dim=1, slice_sizes=(3, 5))
    operand = random_array(rng, (100, 8), "float32")
    indices = indices_for(rng, (64, 2), index_dtype, 100)
    info = np.iinfo(np.dtype(index_dtype))
    indices[:4] = [[info.max, info.min], [info.min, info.max], [info.max, 0], [0, info.max]]
    assert_same(*run_both(text, "stablehlo.gather", operand, indices))


@pytest.mark.parametrize("dtype", ["bool", "int8", "int16", "uint32", "int64", "float16",
                                   "bfloat16", "float64", "complex64", "complex128"])
def test_gather_element_types(dtype: str) -> None:
    rng = np.random.default_rng(2)
    for operand_shape, attributes in [
            ((30, 6), dict(offset_dims=(1,), collapsed=(0,), start_index_map=(0,),
                           index_vector_dim=1, slice_sizes=(1, 6))),
            ((30, 6), dict(offset_dims=(), collapsed=(0, 1), start_index_map=(0, 1),
                           index_vector_dim=1, slice_sizes=(1, 1)))]:
        vector = len(attributes["start_index_map"])
        text = gather_text(operand_shape, dtype, (11, vector), "int64", **attributes)
        operand = random_array(rng, operand_shape, dtype)
        indices = indices_for(rng, (11, vector), "int64", 30)
        assert_same(*run_both(text, "stablehlo.gather", operand, indices))


def test_gather_large_threaded() -> None:
    rng = np.random.default_rng(3)
    rows = gather_text((5000, 64), "float32", (40000, 1), "int32", offset_dims=(1,),
                       collapsed=(0,), start_index_map=(0,), index_vector_dim=1,
                       slice_sizes=(1, 64))
    operand = random_array(rng, (5000, 64), "float32")
    assert_same(*run_both(rows, "stablehlo.gather", operand,
                          indices_for(rng, (40000, 1), "int32", 5000)))
    scalars = gather_text((1 << 16,), "int16", (1 << 19, 1), "int64", offset_dims=(),
                          collapsed=(0,), start_index_map=(0,), index_vector_dim=1,
                          slice_sizes=(1,))
    operand = random_array(rng, (1 << 16,), "int16")
    assert_same(*run_both(scalars, "stablehlo.gather", operand,
                          indices_for(rng, (1 << 19, 1), "int64", 1 << 16)))


# --- scatter -------------------------------------------------------------------------

# Native combiner name (its op's fused opcode) -> the op: the reducer ops.
COMBINER_OPS = {load_op_table()[name].fused: name for name in REDUCER_UFUNCS}


def scatter_text(operand: tuple[int, ...], dtype: str, indices: tuple[int, ...],
                 index_dtype: str, updates: tuple[int, ...], combiner: str, *,
                 update_window_dims=(), inserted=(), scatter_map=(), index_vector_dim: int,
                 input_batching=(), indices_batching=()) -> str:
    scalar = tensor((), dtype)
    if combiner == "replace":
        body = f"stablehlo.return %b : {scalar}"
    elif combiner == "add_then_mul":
        body = (f"%s = stablehlo.add %a, %b : {scalar}\n"
                f"    %t = stablehlo.multiply %s, %b : {scalar}\n"
                f"    stablehlo.return %t : {scalar}")
    else:
        body = (f"%s = {COMBINER_OPS[combiner]} %a, %b : {scalar}\n"
                f"    stablehlo.return %s : {scalar}")
    fields = [f"update_window_dims = {dims(update_window_dims)}",
              f"inserted_window_dims = {dims(inserted)}"]
    if input_batching:
        fields.append(f"input_batching_dims = {dims(input_batching)}")
        fields.append(f"scatter_indices_batching_dims = {dims(indices_batching)}")
    fields += [f"scatter_dims_to_operand_dims = {dims(scatter_map)}",
               f"index_vector_dim = {index_vector_dim}"]
    t_op, t_idx, t_upd = tensor(operand, dtype), tensor(indices, index_dtype), \
        tensor(updates, dtype)
    return f"""
func.func @main(%x: {t_op}, %i: {t_idx}, %u: {t_upd}) -> {t_op} {{
  %0 = "stablehlo.scatter"(%x, %i, %u) <{{indices_are_sorted = false,
      scatter_dimension_numbers = #stablehlo.scatter<{", ".join(fields)}>,
      unique_indices = false}}> ({{
  ^bb0(%a: {scalar}, %b: {scalar}):
    {body}
  }}) : ({t_op}, {t_idx}, {t_upd}) -> {t_op}
  return %0 : {t_op}
}}"""


SCATTER_CASES = {
    # name: (operand, indices, updates, attributes)
    "rows": ((40, 16), (60, 1), (60, 16), dict(
        update_window_dims=(1,), inserted=(0,), scatter_map=(0,), index_vector_dim=1)),
    "rows_window_first": ((40, 16), (60, 1), (16, 60), dict(
        update_window_dims=(0,), inserted=(0,), scatter_map=(0,), index_vector_dim=1)),
    "scalars": ((30,), (50, 1), (50,), dict(
        inserted=(0,), scatter_map=(0,), index_vector_dim=1)),
    "scalars_implicit_vector": ((30,), (5, 10), (5, 10), dict(
        inserted=(0,), scatter_map=(0,), index_vector_dim=2)),
    "partial_windows": ((20, 9), (25, 1), (25, 4, 9), dict(
        update_window_dims=(1, 2), scatter_map=(0,), index_vector_dim=1)),
    "two_component_index": ((6, 7, 8), (4, 5, 2), (4, 5, 3), dict(
        update_window_dims=(2,), inserted=(0, 2), scatter_map=(2, 0), index_vector_dim=2)),
    "index_vector_first": ((6, 7), (2, 12), (12, 3), dict(
        update_window_dims=(1,), inserted=(1,), scatter_map=(1, 0), index_vector_dim=0)),
    "window_between_batch_dims": ((8, 6, 5), (3, 4, 1), (3, 6, 4, 5), dict(
        update_window_dims=(1, 3), inserted=(0,), scatter_map=(0,), index_vector_dim=2)),
    "batching_dims": ((3, 10, 4), (3, 7, 1), (3, 7, 4), dict(
        update_window_dims=(2,), inserted=(1,), scatter_map=(1,), index_vector_dim=2,
        input_batching=(0,), indices_batching=(0,))),
    "batching_dims_swapped": ((3, 10, 4), (7, 3, 1), (7, 3, 4), dict(
        update_window_dims=(2,), inserted=(1,), scatter_map=(1,), index_vector_dim=2,
        input_batching=(0,), indices_batching=(1,))),
    "empty_updates": ((10, 4), (0, 1), (0, 4), dict(
        update_window_dims=(1,), inserted=(0,), scatter_map=(0,), index_vector_dim=1)),
    "rank0_operand": ((), (6, 0), (6,), dict(index_vector_dim=1)),
}


@pytest.mark.parametrize("combiner", ["add", "replace", "max"])
@pytest.mark.parametrize("case", sorted(SCATTER_CASES))
def test_scatter_dimension_numbers(case: str, combiner: str) -> None:
    operand_shape, indices_shape, updates_shape, attributes = SCATTER_CASES[case]
    rng = np.random.default_rng(len(case))
    text = scatter_text(operand_shape, "float32", indices_shape, "int32", updates_shape,
                        combiner, **attributes)
    operand = random_array(rng, operand_shape, "float32")
    high = max(operand_shape) if operand_shape else 1
    indices = indices_for(rng, indices_shape, "int32", high)
    updates = random_array(rng, updates_shape, "float32")
    # Duplicate targets take their updates in the reference's order: bit-exact.
    assert_same(*run_both(text, "stablehlo.scatter", operand, indices, updates))


@pytest.mark.parametrize("dtype,combiners", [
    ("int8", ["add", "mul", "max", "min", "and", "or", "xor", "replace"]),
    ("uint8", ["add", "mul", "max", "min", "replace"]),
    ("int16", ["add", "mul", "max", "min"]),
    ("uint16", ["mul", "max", "min"]),
    ("int32", ["add", "mul", "max", "min", "xor"]),
    ("uint32", ["add", "max", "min", "or"]),
    ("int64", ["add", "mul", "max", "min", "and"]),
    ("uint64", ["add", "mul", "max", "min"]),
    ("float32", ["add", "mul", "max", "min"]),
    ("float64", ["add", "mul", "max", "min", "replace"]),
    ("bool", ["replace"]),
    ("float16", ["add", "mul", "max", "min", "replace"]),  # in f32, each update rounded
    ("bfloat16", ["add", "mul", "max", "min", "replace"]),
    ("complex64", ["replace"]),
])
def test_scatter_combiners_and_types(dtype: str, combiners: list[str]) -> None:
    rng = np.random.default_rng(4)
    for combiner in combiners:
        text = scatter_text((12, 5), dtype, (40, 1), "int64", (40, 5), combiner,
                            update_window_dims=(1,), inserted=(0,), scatter_map=(0,),
                            index_vector_dim=1)
        operand = random_array(rng, (12, 5), dtype)
        updates = random_array(rng, (40, 5), dtype)
        if dtype.startswith(("float", "bfloat")):  # NaNs and signed zeros meet max/min, add
            operand.reshape(-1)[::7] = np.nan
            updates.reshape(-1)[::5] = np.nan
            operand.reshape(-1)[3::7] = -0.0
            updates.reshape(-1)[2::5] = 0.0
            updates.reshape(-1)[3::5] = -0.0
        indices = indices_for(rng, (40, 1), "int64", 12)
        assert_same(*run_both(text, "stablehlo.scatter", operand, indices, updates))


@pytest.mark.parametrize("index_dtype", ["int8", "uint8", "int16", "uint32", "int64", "uint64"])
def test_scatter_index_types(index_dtype: str) -> None:
    rng = np.random.default_rng(5)
    text = scatter_text((100, 3), "int32", (64, 1), index_dtype, (64, 2, 3), "add",
                        update_window_dims=(1, 2), scatter_map=(0,), index_vector_dim=1)
    operand = random_array(rng, (100, 3), "int32")
    indices = indices_for(rng, (64, 1), index_dtype, 100)
    info = np.iinfo(np.dtype(index_dtype))
    indices[:3, 0] = [info.max, info.min, 99]  # 99: the window would stick out
    updates = random_array(rng, (64, 2, 3), "int32")
    assert_same(*run_both(text, "stablehlo.scatter", operand, indices, updates))


def test_scatter_replace_duplicates_last_wins() -> None:
    text = scatter_text((4,), "int32", (6, 1), "int32", (6,), "replace", inserted=(0,),
                        scatter_map=(0,), index_vector_dim=1)
    operand = np.zeros(4, np.int32)
    indices = np.array([[1], [2], [1], [1], [5], [-1]], np.int32)
    updates = np.arange(10, 16, dtype=np.int32)
    actual, expected = run_both(text, "stablehlo.scatter", operand, indices, updates)
    assert_same(actual, expected)
    assert actual.tolist() == [0, 13, 11, 0]


def test_scatter_large_threaded() -> None:
    rng = np.random.default_rng(6)
    text = scatter_text((20000, 64), "float32", (30000, 1), "int32", (30000, 64), "add",
                        update_window_dims=(1,), inserted=(0,), scatter_map=(0,),
                        index_vector_dim=1)
    operand = random_array(rng, (20000, 64), "float32")
    indices = indices_for(rng, (30000, 1), "int32", 20000)
    updates = random_array(rng, (30000, 64), "float32")
    assert_same(*run_both(text, "stablehlo.scatter", operand, indices, updates))
    text = scatter_text((1 << 20,), "int32", (1 << 18, 1), "int64", (1 << 18,), "replace",
                        inserted=(0,), scatter_map=(0,), index_vector_dim=1)
    operand = random_array(rng, (1 << 20,), "int32")
    indices = indices_for(rng, (1 << 18, 1), "int64", 1 << 20)
    updates = random_array(rng, (1 << 18,), "int32")
    assert_same(*run_both(text, "stablehlo.scatter", operand, indices, updates))


def test_scatter_fallbacks() -> None:
    attributes = dict(update_window_dims=(1,), inserted=(0,), scatter_map=(0,),
                      index_vector_dim=1)
    for dtype, combiner in [("float32", "add_then_mul"), ("float16", "and"),
                            ("bool", "add"), ("complex64", "add")]:
        text = scatter_text((8, 4), dtype, (3, 1), "int32", (3, 4), combiner, **attributes)
        op, _ = single_op(text, "stablehlo.scatter")
        assert native.lower_op(op) is None, (dtype, combiner)


def test_gather_scatter_benchmark_program() -> None:
    """The ops of the embedding benchmark, on its own shapes."""
    rng = np.random.default_rng(7)
    gather = gather_text((50000, 128), "float32", (8192, 1), "int32", offset_dims=(1,),
                         collapsed=(0,), start_index_map=(0,), index_vector_dim=1,
                         slice_sizes=(1, 128))
    table = random_array(rng, (50000, 128), "float32")
    indices = rng.integers(0, 50000, (8192, 1)).astype(np.int32)
    rows, expected_rows = run_both(gather, "stablehlo.gather", table, indices)
    assert_same(rows, expected_rows)
    scatter = scatter_text((50000, 128), "float32", (8192, 1), "int32", (8192, 128), "add",
                           update_window_dims=(1,), inserted=(0,), scatter_map=(0,),
                           index_vector_dim=1)
    assert_same(*run_both(scatter, "stablehlo.scatter", table, indices, rows))
