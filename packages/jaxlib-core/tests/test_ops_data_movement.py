"""Data-movement ops: broadcasts, reshapes, slices, pad, iota, the dynamic-shape
variants, gather/scatter and sort/top_k.

The StableHLO interpreter's own test files must pass whole; gather and scatter
are checked against spec-literal per-element references on index patterns that
include clamped and out-of-bounds starts and batching dims; sort against XLA's
float total order; and the type rules and runtime errors are exercised.
"""

from __future__ import annotations

import itertools

import ml_dtypes
import numpy as np
import pytest
from conftest import find_conformance_dir as _conformance_dir

from jaxlib import xla_client
from jaxlib._src.ir.attributes import GatherDimensionNumbers
from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops import data_movement, gather_scatter, registry, sort
from jaxlib._src.ops.data_movement import pad_array
from jaxlib._src.ops.gather_scatter import gather_array
from jaxlib.xla_client import XlaRuntimeError

# --- the conformance files of these ops ------------------------------------------------

INTERPRET_FILES = [
    "broadcast_in_dim", "concatenate", "dynamic_broadcast_in_dim", "dynamic_gather",
    "dynamic_iota", "dynamic_pad", "dynamic_reshape", "dynamic_slice", "dynamic_update_slice",
    "gather", "get_dimension_size", "iota", "pad", "reshape", "reverse", "scatter", "slice",
    "sort", "transpose",
]

# testdata/ files (exported from JAX) whose subject is one of these ops.
TESTDATA_PREFIXES = (
    "broadcast_in_dim_", "concatenate_", "dynamic_slice_", "dynamic_update_slice_", "gather_",
    "iota_", "pad_", "reshape_", "rev_", "scatter_", "slice_", "sort_", "top_k_", "transpose_",
)

# The ops these families declare: those whose reference kernels live in their modules.
OWN_OPS = {name for name, factory in registry.REFERENCE_KERNELS.items()
           if factory.__module__ in {data_movement.__name__, gather_scatter.__name__,
                                     sort.__name__}}




@pytest.mark.parametrize("name", INTERPRET_FILES)
def test_interpret_file_passes(name):
    from jaxlib._src.tools.conformance import run_file

    results = run_file(_conformance_dir() / "interpret" / f"{name}.mlir")
    assert results
    failures = [r.line() for r in results if not r.passed]
    assert not failures, "\n".join(failures)


def test_testdata_files_fail_only_on_other_ops():
    """Every JAX-exported file about these ops passes, unless it stops at an op
    that another family has not implemented yet."""
    from jaxlib._src.tools.conformance import run_file

    paths = sorted(p for p in (_conformance_dir() / "testdata").glob("*.mlir")
                   if p.name.startswith(TESTDATA_PREFIXES))
    assert len(paths) > 500
    passed, ours = 0, []
    for path in paths:
        for result in run_file(path):
            if result.passed:
                passed += 1
            elif "not supported by the CPU backend" not in result.message or any(
                    f"op {name} " in result.message for name in OWN_OPS):
                ours.append(result.line())
    assert not ours, "\n".join(ours[:20])
    assert passed > 0


# --- running programs through the client ---------------------------------------------------


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client()


def run(client, text: str, *args):
    exe = client.compile_and_load(text, client.devices()[:1])
    buffers = [client.buffer_from_pyval(np.asarray(a), client.devices()[0]) for a in args]
    return [np.asarray(out) for out in exe.execute(buffers)]


def run_lowered(text: str, *args):
    """Runs @main through the compiler's lowering directly: results may have
    runtime-only shapes (the client allocates outputs from static types)."""
    from jaxlib._src.backends.cpu.lowering import ModuleLowering
    from jaxlib._src.frontends.mlir_text import parse_module
    from jaxlib._src.ir.core import verify_module

    module = parse_module(text)
    verify_module(module)
    return list(ModuleLowering(module).function("main")(*(np.asarray(a) for a in args)))


def test_dynamic_slice_and_update_clamp_starts(client):
    text = """
    func.func public @main(%x: tensor<5x4xi32>, %u: tensor<2x3xi32>, %i: tensor<i64>,
                           %j: tensor<i64>) -> (tensor<2x3xi32>, tensor<5x4xi32>) {
      %s = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3]
          : (tensor<5x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x3xi32>
      %d = stablehlo.dynamic_update_slice %x, %u, %i, %j
          : (tensor<5x4xi32>, tensor<2x3xi32>, tensor<i64>, tensor<i64>) -> tensor<5x4xi32>
      return %s, %d : tensor<2x3xi32>, tensor<5x4xi32>
    }"""
    x = np.arange(20, dtype=np.int32).reshape(5, 4)
    u = -np.ones((2, 3), np.int32)
    for i, j in [(0, 0), (9, 9), (-5, 1), (3, -1), (4, 2)]:
        ci, cj = min(max(i, 0), 3), min(max(j, 0), 1)
        sliced, updated = run(client, text, x, u, np.int64(i), np.int64(j))
        np.testing.assert_array_equal(sliced, x[ci:ci + 2, cj:cj + 3])
        expected = x.copy()
        expected[ci:ci + 2, cj:cj + 3] = -1
        np.testing.assert_array_equal(updated, expected)
    np.testing.assert_array_equal(x, np.arange(20).reshape(5, 4))  # input untouched


def test_unsigned_start_indices_clamp_without_wrapping(client):
    text = """
    func.func public @main(%x: tensor<6xf32>, %i: tensor<ui64>) -> tensor<2xf32> {
      %s = stablehlo.dynamic_slice %x, %i, sizes = [2]
          : (tensor<6xf32>, tensor<ui64>) -> tensor<2xf32>
      return %s : tensor<2xf32>
    }"""
    x = np.arange(6, dtype=np.float32)
    (out,) = run(client, text, x, np.uint64(2**64 - 1))
    np.testing.assert_array_equal(out, [4, 5])


def _pad_reference(x, value, low, high, interior):
    out = x
    for axis, (lo, hi, inner) in enumerate(zip(low, high, interior)):
        n = out.shape[axis]
        size = n + max(n - 1, 0) * inner
        spread = np.full(out.shape[:axis] + (size,) + out.shape[axis + 1:], value, x.dtype)
        spread[(slice(None),) * axis + (slice(None, None, inner + 1),)] = out
        if lo >= 0:
            pad = np.full(spread.shape[:axis] + (lo,) + spread.shape[axis + 1:], value, x.dtype)
            spread = np.concatenate([pad, spread], axis)
        else:
            spread = spread[(slice(None),) * axis + (slice(-lo, None),)]
        if hi >= 0:
            pad = np.full(spread.shape[:axis] + (hi,) + spread.shape[axis + 1:], value, x.dtype)
            spread = np.concatenate([spread, pad], axis)
        else:
            spread = spread[(slice(None),) * axis + (slice(None, spread.shape[axis] + hi),)]
        out = spread
    return out


def test_pad_matches_reference_with_negative_and_interior_padding():
    x = np.arange(1, 13, dtype=np.int16).reshape(3, 4)
    for low, high, inner in itertools.product([-3, -1, 0, 2], [-2, 0, 1], [0, 1, 2]):
        config = ([low, -low % 3], [high, 1], [inner, 1])
        if low + high + 3 + 2 * inner < 0:
            with pytest.raises(ValueError, match="negative dimension"):
                pad_array(x, np.int16(-7), *config)
            continue
        expected = _pad_reference(x, np.int16(-7), *config)
        got = pad_array(x, np.int16(-7), *config)
        np.testing.assert_array_equal(got, expected, err_msg=str(config))
        assert got.dtype == np.int16


def test_pad_through_client_with_bf16(client):
    text = """
    func.func public @main(%x: tensor<2x3xbf16>, %v: tensor<bf16>) -> tensor<3x4xbf16> {
      %p = stablehlo.pad %x, %v, low = [1, -1], high = [-1, 0], interior = [1, 1]
          : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<3x4xbf16>
      return %p : tensor<3x4xbf16>
    }"""
    x = np.arange(6).reshape(2, 3).astype(ml_dtypes.bfloat16)
    (out,) = run(client, text, x, ml_dtypes.bfloat16(9))
    expected = _pad_reference(x.astype(np.float32), 9.0, [1, -1], [-1, 0], [1, 1])
    np.testing.assert_array_equal(out.astype(np.float32), expected)
    assert out.dtype == ml_dtypes.bfloat16


def test_broadcast_transpose_reverse_concatenate_reshape(client):
    text = """
    func.func public @main(%x: tensor<2x3xi8>) -> (tensor<3x4x2xi8>, tensor<3x2xi8>,
        tensor<2x3xi8>, tensor<4x3xi8>, tensor<3x2xi8>, tensor<5x2x3xi8>) {
      %b = stablehlo.broadcast_in_dim %x, dims = [2, 0] : (tensor<2x3xi8>) -> tensor<3x4x2xi8>
      %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi8>) -> tensor<3x2xi8>
      %r = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xi8>
      %c = stablehlo.concatenate %x, %r, dim = 0
          : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<4x3xi8>
      %s = stablehlo.reshape %x : (tensor<2x3xi8>) -> tensor<3x2xi8>
      %o = "stablehlo.broadcast"(%x) {broadcast_sizes = array<i64: 5>}
          : (tensor<2x3xi8>) -> tensor<5x2x3xi8>
      return %b, %t, %r, %c, %s, %o : tensor<3x4x2xi8>, tensor<3x2xi8>, tensor<2x3xi8>,
          tensor<4x3xi8>, tensor<3x2xi8>, tensor<5x2x3xi8>
    }"""
    x = np.arange(6, dtype=np.int8).reshape(2, 3)
    b, t, r, c, s, o = run(client, text, x)
    np.testing.assert_array_equal(b, np.broadcast_to(x.T[:, None, :], (3, 4, 2)))
    np.testing.assert_array_equal(t, x.T)
    np.testing.assert_array_equal(r, x[::-1, ::-1])
    np.testing.assert_array_equal(c, np.concatenate([x, x[::-1, ::-1]]))
    np.testing.assert_array_equal(s, x.reshape(3, 2))
    np.testing.assert_array_equal(o, np.broadcast_to(x, (5, 2, 3)))


def test_iota_wraps_narrow_integers_and_converts_floats(client):
    text = """
    func.func public @main() -> (tensor<12xi4>, tensor<2x3xf16>, tensor<i32>) {
      %a = stablehlo.iota dim = 0 : tensor<12xi4>
      %b = stablehlo.iota dim = 1 : tensor<2x3xf16>
      %c = stablehlo.get_dimension_size %b, dim = 1 : (tensor<2x3xf16>) -> tensor<i32>
      return %a, %b, %c : tensor<12xi4>, tensor<2x3xf16>, tensor<i32>
    }"""
    a, b, c = run(client, text)
    assert a.dtype == ml_dtypes.int4
    np.testing.assert_array_equal(a.astype(np.int8), [0, 1, 2, 3, 4, 5, 6, 7, -8, -7, -6, -5])
    np.testing.assert_array_equal(b, np.float16([[0, 1, 2], [0, 1, 2]]))
    assert c.dtype == np.int32 and c.shape == () and int(c) == 3


def test_dynamic_shape_ops_take_their_shapes_at_run_time():
    text = """
    func.func public @main(%x: tensor<2x1xf32>, %shape: tensor<3xi64>, %flat: tensor<1xi32>,
                           %lo: tensor<2xi32>, %hi: tensor<2xi32>, %in: tensor<2xi32>,
                           %start: tensor<2xi32>, %limit: tensor<2xi32>, %stride: tensor<2xi32>)
        -> (tensor<?x?x?xf32>, tensor<?xf32>, tensor<?x?xi32>, tensor<?x?xf32>,
            tensor<?x?xf32>) {
      %b = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [0, 2]
          : (tensor<2x1xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
      %r = stablehlo.dynamic_reshape %x, %flat : (tensor<2x1xf32>, tensor<1xi32>) -> tensor<?xf32>
      %i = stablehlo.dynamic_iota %lo, dim = 1 : (tensor<2xi32>) -> tensor<?x?xi32>
      %zero = stablehlo.constant dense<0.5> : tensor<f32>
      %p = stablehlo.dynamic_pad %x, %zero, %lo, %hi, %in
          : (tensor<2x1xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>)
          -> tensor<?x?xf32>
      %s = stablehlo.real_dynamic_slice %x, %start, %limit, %stride
          : (tensor<2x1xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
      return %b, %r, %i, %p, %s : tensor<?x?x?xf32>, tensor<?xf32>, tensor<?x?xi32>,
          tensor<?x?xf32>, tensor<?x?xf32>
    }"""
    x = np.float32([[1], [2]])
    i32 = np.int32
    lo, hi, interior = i32([2, 3]), i32([0, -1]), i32([1, 0])
    start, limit, stride = i32([1, 0]), i32([2, 1]), i32([1, 1])
    b, r, i, p, s = run_lowered(text, x, np.int64([2, 3, 4]), i32([2]), lo, hi, interior,
                                start, limit, stride)
    np.testing.assert_array_equal(b, np.broadcast_to(x[:, None, :], (2, 3, 4)))
    np.testing.assert_array_equal(r, [1, 2])
    np.testing.assert_array_equal(i, [[0, 1, 2], [0, 1, 2]])
    np.testing.assert_array_equal(p, _pad_reference(x, np.float32(0.5), lo, hi, interior))
    np.testing.assert_array_equal(s, x[1:2, 0:1])


# --- gather / scatter against spec-literal references --------------------------------------

# (operand shape, indices shape, offset_dims, collapsed, operand_batching,
#  indices_batching, start_index_map, index_vector_dim, slice_sizes)
GATHER_CONFIGS = [
    ((5, 4, 3), (2, 3, 2), (2, 3), (0,), (), (), (0, 2), 2, (1, 2, 2)),
    ((3, 4, 3), (2, 4), (0, 2, 3), (), (), (), (1, 0), 0, (2, 1, 3)),
    ((3, 5, 4), (3, 2, 1), (2,), (1,), (0,), (0,), (1,), 2, (1, 1, 3)),
    ((6, 3), (4,), (1,), (0,), (), (), (0,), 1, (1, 3)),
    ((4, 2, 3), (1, 3, 2), (2,), (0,), (1,), (2,), (0,), 0, (1, 1, 2)),
    ((4, 5), (3, 0), (1, 2), (), (), (), (), 1, (2, 3)),
]


def _window_dims(rank, collapsed, batching):
    return [d for d in range(rank) if d not in collapsed and d not in batching]


def _gather_shape(config):
    operand, indices, offset_dims, collapsed, obatch, _, _, ivd, sizes = config
    batch = [s for d, s in enumerate(indices) if d != ivd]
    offsets = [sizes[d] for d in _window_dims(len(operand), collapsed, obatch)]
    rank = len(batch) + len(offsets)
    b, o = iter(batch), iter(offsets)
    return tuple(next(o) if d in offset_dims else next(b) for d in range(rank))


def _index_vector(indices, batch_index, ivd):
    if ivd == indices.ndim:
        return [int(indices[tuple(batch_index)])]
    where = list(batch_index)
    where.insert(ivd, slice(None))
    return [int(v) for v in indices[tuple(where)]]


def _operand_index(config, operand_shape, indices, result_index, clamp):
    """The spec's full_start_index + full_batching_index + full_offset_index."""
    _, _, offset_dims, collapsed, obatch, ibatch, start_map, ivd, sizes = config
    rank = len(operand_shape)
    batch_index = [result_index[d] for d in range(len(result_index)) if d not in offset_dims]
    offset_index = [result_index[d] for d in offset_dims]
    start = _index_vector(indices, batch_index, ivd)
    full = [0] * rank
    for k, d in enumerate(start_map):
        full[d] = start[k]
        if clamp:
            full[d] = min(max(full[d], 0), operand_shape[d] - sizes[d])
    for d, s in zip(obatch, ibatch):
        full[d] += batch_index[s if s < ivd else s - 1]
    for d, offset in zip(_window_dims(rank, collapsed, obatch), offset_index):
        full[d] += offset
    return tuple(full)


def _random_indices(rng, config):
    operand, indices_shape = config[0], config[1]
    high = max(operand) + 2
    return rng.integers(-2, high, size=indices_shape).astype(np.int32)


@pytest.mark.parametrize("config", GATHER_CONFIGS)
def test_gather_matches_spec_reference(config):
    rng = np.random.default_rng(0)
    operand = rng.standard_normal(config[0]).astype(np.float32)
    dnums = GatherDimensionNumbers(*config[2:8])
    for _ in range(3):
        indices = _random_indices(rng, config)
        got = gather_array(operand, indices, dnums, config[8])
        shape = _gather_shape(config)
        expected = np.empty(shape, np.float32)
        for result_index in np.ndindex(*shape):
            expected[result_index] = operand[_operand_index(config, operand.shape, indices,
                                                            result_index, clamp=True)]
        np.testing.assert_array_equal(got, expected)


def _dims(values):
    return "[" + ", ".join(map(str, values)) + "]"


def _scatter_program(config, combine_body: str, dtype: str = "f32") -> str:
    operand, indices, offset_dims, collapsed, obatch, ibatch, start_map, ivd, _ = config
    updates = _gather_shape(config)

    def t(shape, element):
        return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"

    return f"""
    func.func public @main(%x: {t(operand, dtype)}, %i: {t(indices, "i32")},
                           %u: {t(updates, dtype)}) -> {t(operand, dtype)} {{
      %r = "stablehlo.scatter"(%x, %i, %u) ({{
        ^bb0(%a: tensor<{dtype}>, %b: tensor<{dtype}>):
          {combine_body}
      }}) {{
        scatter_dimension_numbers = #stablehlo.scatter<
          update_window_dims = {_dims(offset_dims)}, inserted_window_dims = {_dims(collapsed)},
          input_batching_dims = {_dims(obatch)}, scatter_indices_batching_dims = {_dims(ibatch)},
          scatter_dims_to_operand_dims = {_dims(start_map)}, index_vector_dim = {ivd}>,
        indices_are_sorted = false, unique_indices = false
      }} : ({t(operand, dtype)}, {t(indices, "i32")}, {t(updates, dtype)}) -> {t(operand, dtype)}
      return %r : {t(operand, dtype)}
    }}"""


def _scatter_reference(config, x, indices, updates, combine):
    """Row-major over the updates; a window that does not fit whole is skipped."""
    _, _, offset_dims, collapsed, obatch, _, start_map, _, _ = config
    out = x.copy()
    window_sizes = [1] * x.ndim
    for d, u in zip(_window_dims(x.ndim, collapsed, obatch), offset_dims):
        window_sizes[d] = updates.shape[u]
    for update_index in np.ndindex(*updates.shape):
        zero_offsets = tuple(0 if d in offset_dims else v for d, v in enumerate(update_index))
        start = _operand_index(config, x.shape, indices, zero_offsets, clamp=False)
        if any(start[d] < 0 or start[d] + window_sizes[d] > x.shape[d] for d in start_map):
            continue
        target = _operand_index(config, x.shape, indices, update_index, clamp=False)
        out[target] = combine(out[target], updates[update_index])
    return out


SCATTER_REGIONS = {
    "add": ("%s = stablehlo.add %a, %b : tensor<f32>\n stablehlo.return %s : tensor<f32>",
            lambda old, new: old + new),
    "max": ("%s = stablehlo.maximum %b, %a : tensor<f32>\n stablehlo.return %s : tensor<f32>",
            max),
    "replace": ("stablehlo.return %b : tensor<f32>", lambda old, new: new),
    # Not a recognised combiner: runs the region per element.
    "constant": ("%c = stablehlo.constant dense<7.0> : tensor<f32>\n"
                 " stablehlo.return %c : tensor<f32>", lambda old, new: np.float32(7)),
}


@pytest.mark.parametrize("region", sorted(SCATTER_REGIONS))
@pytest.mark.parametrize("config", GATHER_CONFIGS[:5])
def test_scatter_matches_spec_reference(client, config, region):
    body, combine = SCATTER_REGIONS[region]
    rng = np.random.default_rng(1)
    x = rng.integers(-9, 9, size=config[0]).astype(np.float32)
    updates = rng.integers(-9, 9, size=_gather_shape(config)).astype(np.float32)
    indices = _random_indices(rng, config)
    (got,) = run(client, _scatter_program(config, body), x, indices, updates)
    expected = _scatter_reference(config, x, indices, updates, combine)
    # Duplicate targets of "replace": the last update in row-major order wins.
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("extra", [
    "",  # elementwise: combined on arrays, one round per duplicate depth
    "%t = stablehlo.reshape %s : (tensor<f32>) -> tensor<f32>",  # forces per-element calls
])
def test_scatter_with_order_dependent_region(client, extra):
    result = "%t" if extra else "%s"
    body = (f"%s = stablehlo.subtract %a, %b : tensor<f32>\n {extra}\n"
            f" stablehlo.return {result} : tensor<f32>")
    config = ((4, 3), (6, 1), (1,), (0,), (), (), (0,), 1, (1, 3))
    rng = np.random.default_rng(4)
    x = rng.integers(-9, 9, size=(4, 3)).astype(np.float32)
    updates = rng.integers(-9, 9, size=(6, 3)).astype(np.float32)
    indices = np.int32([[1], [1], [3], [1], [5], [3]])
    (got,) = run(client, _scatter_program(config, body), x, indices, updates)
    expected = _scatter_reference(config, x, indices, updates, lambda old, new: old - new)
    np.testing.assert_array_equal(got, expected)


def test_scatter_skips_partially_out_of_bounds_windows(client):
    config = ((5,), (3, 1), (1,), (), (), (), (0,), 1, (2,))
    body, _ = SCATTER_REGIONS["add"]
    x = np.zeros(5, np.float32)
    updates = np.float32([[1, 2], [10, 20], [100, 200]])
    indices = np.int32([[3], [4], [-1]])  # fits, overhangs by one, starts before 0
    (got,) = run(client, _scatter_program(config, body), x, indices, updates)
    np.testing.assert_array_equal(got, [0, 0, 0, 1, 2])


def test_scatter_add_wraps_integers_and_accumulates_duplicates(client):
    config = ((3,), (4, 1), (), (0,), (), (), (0,), 1, (1,))
    body = "%s = stablehlo.add %a, %b : tensor<i8>\n stablehlo.return %s : tensor<i8>"
    x = np.int8([120, 0, 0])
    (got,) = run(client, _scatter_program(config, body, "i8"), x, np.int32([[0], [0], [2], [0]]),
                 np.int8([5, 5, 1, 5]))
    np.testing.assert_array_equal(got, np.int8([-121, 0, 1]))  # 120 + 15 wraps


def test_multi_operand_scatter(client):
    text = """
    func.func public @main(%x: tensor<4xi32>, %y: tensor<4xf32>, %i: tensor<2x1xi32>,
                           %u: tensor<2xi32>, %v: tensor<2xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
      %r:2 = "stablehlo.scatter"(%x, %y, %i, %u, %v) ({
        ^bb0(%a: tensor<i32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<f32>):
          %m = stablehlo.maximum %a, %c : tensor<i32>
          stablehlo.return %m, %d : tensor<i32>, tensor<f32>
      }) {
        scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0],
          scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
      } : (tensor<4xi32>, tensor<4xf32>, tensor<2x1xi32>, tensor<2xi32>, tensor<2xf32>)
          -> (tensor<4xi32>, tensor<4xf32>)
      return %r#0, %r#1 : tensor<4xi32>, tensor<4xf32>
    }"""
    ints, floats = run(client, text, np.int32([5, 5, 5, 5]), np.float32([0, 0, 0, 0]),
                       np.int32([[1], [3]]), np.int32([9, 1]), np.float32([1.5, 2.5]))
    np.testing.assert_array_equal(ints, [5, 9, 5, 5])
    np.testing.assert_array_equal(floats, [0, 1.5, 0, 2.5])


# --- sort / top_k ---------------------------------------------------------------------------

# The comparator JAX emits for floats: -0 -> 0 and NaN -> canonical NaN, then
# a TOTALORDER less-than.
JAX_FLOAT_SORT = """
func.func public @main(%x: tensor<{n}xf32>, %i: tensor<{n}xi32>)
    -> (tensor<{n}xf32>, tensor<{n}xi32>) {
  %r:2 = "stablehlo.sort"(%x, %i) ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<i32>):
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.compare  EQ, %arg0, %cst,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %4 = stablehlo.select %3, %cst, %arg0 : tensor<i1>, tensor<f32>
    %5 = stablehlo.compare  NE, %arg0, %arg0,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %6 = stablehlo.select %5, %cst_1, %4 : tensor<i1>, tensor<f32>
    %7 = stablehlo.compare  EQ, %arg1, %cst,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.select %7, %cst, %arg1 : tensor<i1>, tensor<f32>
    %9 = stablehlo.compare  NE, %arg1, %arg1,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %10 = stablehlo.select %9, %cst_1, %8 : tensor<i1>, tensor<f32>
    %11 = stablehlo.compare  {direction}, %6, %10,  TOTALORDER
        : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %11 : tensor<i1>
  }}) {{dimension = 0 : i64, is_stable = true}}
      : (tensor<{n}xf32>, tensor<{n}xi32>) -> (tensor<{n}xf32>, tensor<{n}xi32>)
  return %r#0, %r#1 : tensor<{n}xf32>, tensor<{n}xi32>
}}
"""


def _fmt(template: str, **values) -> str:
    # The program text is full of braces: substitute only the named fields.
    text = template.replace("{{", "\0").replace("}}", "\1")
    for key, value in values.items():
        text = text.replace("{" + key + "}", str(value))
    return text.replace("\0", "{").replace("\1", "}")


def test_sort_with_jax_comparator_canonicalises_zero_and_nan(client):
    x = np.float32([3, -0.0, np.nan, -np.inf, 0.0, -np.nan, 1, np.inf, -2])
    iota = np.arange(x.size, dtype=np.int32)
    values, order = run(client, _fmt(JAX_FLOAT_SORT, n=x.size, direction="LT"), x, iota)
    # -0 and 0 tie (stable: index 1 before 4); both NaNs tie at the end.
    np.testing.assert_array_equal(order, [3, 8, 1, 4, 6, 0, 7, 2, 5])
    np.testing.assert_array_equal(values, x[order])
    values, order = run(client, _fmt(JAX_FLOAT_SORT, n=x.size, direction="GT"), x, iota)
    np.testing.assert_array_equal(order, [2, 5, 7, 0, 6, 1, 4, 8, 3])


SIMPLE_SORT = """
func.func public @main(%x: tensor<{shape}x{t}>) -> tensor<{shape}x{t}> {
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<{t}>, %b: tensor<{t}>):
    %p = stablehlo.compare {direction}, {lhs}, {rhs}, {ctype}
        : (tensor<{t}>, tensor<{t}>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = {dim} : i64} : (tensor<{shape}x{t}>) -> tensor<{shape}x{t}>
  return %r : tensor<{shape}x{t}>
}
"""


def test_sort_total_order_puts_negative_nan_first(client):
    x = np.float32([1, np.nan, -0.0, 0.0, -np.nan, -np.inf])
    text = _fmt(SIMPLE_SORT, shape=6, t="f32", direction="LT", lhs="%a", rhs="%b",
                ctype="TOTALORDER", dim=0)
    (got,) = run(client, text, x)
    bits = got.view(np.uint32)
    assert np.isnan(got[0]) and bits[0] >> 31 == 1  # -NaN
    np.testing.assert_array_equal(got[1:5], [-np.inf, -0.0, 0.0, 1])
    assert np.signbit(got[2]) and not np.signbit(got[3])
    assert np.isnan(got[5]) and bits[5] >> 31 == 0


@pytest.mark.parametrize("element", ["i8", "ui32", "bf16", "i1"])
def test_sort_along_inner_dimension_descending_via_swapped_arguments(client, element):
    dtype = numpy_dtype(element)
    ctype = {"i8": "SIGNED", "ui32": "UNSIGNED", "bf16": "FLOAT", "i1": "UNSIGNED"}[element]
    rng = np.random.default_rng(2)
    x = rng.integers(-50 if element == "i8" else 0, 50, size=(3, 7)).astype(dtype)
    text = _fmt(SIMPLE_SORT, shape="3x7", t=element, direction="LT", lhs="%b", rhs="%a",
                ctype=ctype, dim=1)
    (got,) = run(client, text, x)
    expected = -np.sort(-x.astype(np.float64), axis=1)
    np.testing.assert_array_equal(got.astype(np.float64), expected)
    assert got.dtype == dtype


def test_sort_with_unrecognised_comparator_runs_the_region(client):
    # A constant "false" comparator: every pair is equivalent, stable keeps order.
    text = """
    func.func public @main(%x: tensor<2x5xi32>, %y: tensor<2x5xf32>)
        -> (tensor<2x5xi32>, tensor<2x5xf32>) {
      %r:2 = "stablehlo.sort"(%x, %y) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
        %f = stablehlo.constant dense<false> : tensor<i1>
        stablehlo.return %f : tensor<i1>
      }) {dimension = 1 : i64, is_stable = true}
          : (tensor<2x5xi32>, tensor<2x5xf32>) -> (tensor<2x5xi32>, tensor<2x5xf32>)
      return %r#0, %r#1 : tensor<2x5xi32>, tensor<2x5xf32>
    }"""
    x = np.int32([[5, 1, 4, 2, 3], [0, 9, 8, 7, 6]])
    y = x.astype(np.float32) / 2
    a, b = run(client, text, x, y)
    np.testing.assert_array_equal(a, x)
    np.testing.assert_array_equal(b, y)


LEXICOGRAPHIC_SORT = """
func.func public @main(%x: tensor<4x9xi32>, %y: tensor<4x9xf32>)
    -> (tensor<4x9xi32>, tensor<4x9xf32>) {
  %r:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %lt0 = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %eq0 = stablehlo.compare EQ, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %lt1 = stablehlo.compare GT, %c, %d, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %tie = stablehlo.and %eq0, %lt1 : tensor<i1>
    %p = stablehlo.or %lt0, %tie : tensor<i1>
    {extra}
  }) {dimension = 1 : i64, is_stable = true}
      : (tensor<4x9xi32>, tensor<4x9xf32>) -> (tensor<4x9xi32>, tensor<4x9xf32>)
  return %r#0, %r#1 : tensor<4x9xi32>, tensor<4x9xf32>
}
"""


@pytest.mark.parametrize("extra", [
    # Elementwise ops only: the comparator runs once on all pairs.
    "stablehlo.return %p : tensor<i1>",
    # A reshape is not on the elementwise list: the merge sort calls it per pair.
    "%q = stablehlo.reshape %p : (tensor<i1>) -> tensor<i1>\n stablehlo.return %q : tensor<i1>",
])
def test_lexicographic_sort_with_general_comparator(client, extra):
    rng = np.random.default_rng(3)
    x = rng.integers(0, 3, size=(4, 9)).astype(np.int32)
    y = rng.integers(0, 4, size=(4, 9)).astype(np.float32)
    text = _fmt(LEXICOGRAPHIC_SORT, extra=extra)
    a, b = run(client, text, x, y)
    order = np.stack([np.lexsort((-y[r], x[r])) for r in range(4)])
    np.testing.assert_array_equal(a, np.take_along_axis(x, order, 1))
    np.testing.assert_array_equal(b, np.take_along_axis(y, order, 1))


def test_lexicographic_comparator_is_recognised_as_keys():
    from jaxlib._src.frontends.mlir_text import parse_module
    from jaxlib._src.ops.sort import recognise_comparator

    module = parse_module(_fmt(LEXICOGRAPHIC_SORT, extra="stablehlo.return %p : tensor<i1>"))
    sort_op = next(op for op in module.walk() if op.name == "stablehlo.sort")
    keys = recognise_comparator(sort_op)
    assert [(k.operand, k.compare_type, k.descending) for k in keys] == [
        (0, "SIGNED", False), (1, "FLOAT", True)]



# jax's comparator for complex operands: real parts, then imaginary parts, each
# with -0 as +0 and NaNs made one NaN, in total order.
_CANONICAL_PART = """\
    %{p}0 = stablehlo.compare EQ, %{p}, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %{p}1 = stablehlo.select %{p}0, %zero, %{p} : tensor<i1>, tensor<f32>
    %{p}n = stablehlo.compare NE, %{p}, %{p}, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %{p}k = stablehlo.select %{p}n, %nan, %{p}1 : tensor<i1>, tensor<f32>
"""
COMPLEX_SORT = """
func.func @main(%x: tensor<9xcomplex<f32>>) -> tensor<9xcomplex<f32>> {
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %ar = stablehlo.real %a : (tensor<complex<f32>>) -> tensor<f32>
    %ai = stablehlo.imag %a : (tensor<complex<f32>>) -> tensor<f32>
    %br = stablehlo.real %b : (tensor<complex<f32>>) -> tensor<f32>
    %bi = stablehlo.imag %b : (tensor<complex<f32>>) -> tensor<f32>
{canonical}
    %lti = stablehlo.compare LT, %aik, %bik, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %ltr = stablehlo.compare LT, %ark, %brk, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eqr = stablehlo.compare EQ, %ark, %brk, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %tie = stablehlo.and %eqr, %lti : tensor<i1>
    %p = stablehlo.or %ltr, %tie : tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<9xcomplex<f32>>) -> tensor<9xcomplex<f32>>
  return %0 : tensor<9xcomplex<f32>>
}
""".replace("{canonical}", "".join(_CANONICAL_PART.format(p=part)
                                     for part in ("ar", "ai", "br", "bi")))


def test_complex_sorts_take_the_fast_path_by_parts(client):
    # Keys of the real and imaginary parts (jax's jnp.sort/unique of complex
    # arrays), as numpy sorts complex numbers: lexicographically, NaNs last.
    from jaxlib._src.frontends.mlir_text import parse_module
    from jaxlib._src.ops.sort import recognise_comparator

    sort_op = next(op for op in parse_module(COMPLEX_SORT).walk()
                   if op.name == "stablehlo.sort")
    keys = recognise_comparator(sort_op)
    assert [(k.operand, k.element_type, k.descending) for k in keys] == [
        (0, "f32", False), (0, "f32", False)]
    x = np.array([1 + 2j, -0.0 + 1j, 1 - 1j, complex(np.nan, 0), 0 + 1j, -3 + 5j, 1 + 2j,
                  2 + 0j, 1 + 0j], np.complex64)
    (got,) = run(client, COMPLEX_SORT, x)
    np.testing.assert_array_equal(got, np.sort(x))

def test_sort_with_non_strict_comparator_still_sorts(client):
    text = _fmt(SIMPLE_SORT, shape=8, t="i32", direction="LE", lhs="%a", rhs="%b",
                ctype="SIGNED", dim=0)
    x = np.int32([5, 1, 5, 0, 3, 1, 9, 0])
    (got,) = run(client, text, x)
    np.testing.assert_array_equal(got, np.sort(x))


def test_sort_generic_path_orders_with_the_comparator():
    """The merge sort behind unrecognised comparators, driven by a Python
    comparator (what the compiled region computes)."""
    from jaxlib._src.ops.sort import _merge_sort_kernel

    x = np.int32([[3, 1, 2, 1], [0, -1, 5, 5]])
    tag = np.arange(8, dtype=np.int32).reshape(2, 4)

    def by_value_descending(frame, args):  # args: x_lhs, x_rhs, tag_lhs, tag_rhs
        return (np.asarray(args[0] > args[1]),)

    a, b = _merge_sort_kernel(1, 2, by_value_descending)(None, x, tag)
    np.testing.assert_array_equal(a, [[3, 2, 1, 1], [5, 5, 0, -1]])
    np.testing.assert_array_equal(b, [[0, 2, 1, 3], [6, 7, 4, 5]])  # ties stay in order


def test_top_k_values_indices_ties_and_nan(client):
    text = """
    func.func public @main(%x: tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
      %v, %i = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
      return %v, %i : tensor<2x3xf32>, tensor<2x3xi32>
    }"""
    x = np.float32([[1, 3, 3, 2, 0], [np.nan, -1, np.inf, -np.inf, 5]])
    values, indices = run(client, text, x)
    assert indices.dtype == np.int32
    np.testing.assert_array_equal(indices, [[1, 2, 3], [0, 2, 4]])
    np.testing.assert_array_equal(values, [[3, 3, 2], [np.nan, np.inf, 5]])


# --- type rules and errors -------------------------------------------------------------------


@pytest.mark.parametrize("body, message", [
    ("%r = stablehlo.transpose %x, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x2xf32>",
     "permutation"),
    ('%r = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 1>, '
     "limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 1>} "
     ": (tensor<2x3xf32>) -> tensor<2x3xf32>", "out of bounds"),
    ("%r = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<5xf32>", "cannot reshape"),
    ("%r = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x4xf32>",
     "cannot broadcast"),
    ("%r = stablehlo.concatenate %x, %x, dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) "
     "-> tensor<2x5xf32>", "does not match"),
    ("%r = stablehlo.iota dim = 2 : tensor<2x3xf32>", "iota_dimension"),
    ('%r = "stablehlo.gather"(%x, %x) {dimension_numbers = #stablehlo.gather<offset_dims = [1], '
     "collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, "
     "slice_sizes = array<i64: 1, 3>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>",
     "must be integers"),
])
def test_type_rules_reject_bad_ops(client, body, message):
    text = f"""
    func.func public @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {{
      {body}
      return %x : tensor<2x3xf32>
    }}"""
    with pytest.raises(XlaRuntimeError, match=message):
        client.compile_and_load(text, client.devices()[:1])


def test_gather_slice_larger_than_operand_is_rejected(client):
    text = """
    func.func public @main(%x: tensor<4xf32>, %i: tensor<1x1xi32>) -> tensor<1x5xf32> {
      %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<
          offset_dims = [1], start_index_map = [0], index_vector_dim = 1>,
          slice_sizes = array<i64: 5>} : (tensor<4xf32>, tensor<1x1xi32>) -> tensor<1x5xf32>
      return %r : tensor<1x5xf32>
    }"""
    with pytest.raises(XlaRuntimeError, match="slice size 5"):
        client.compile_and_load(text, client.devices()[:1])


def test_dynamic_reshape_with_wrong_element_count_fails_at_run_time():
    text = """
    func.func public @main(%x: tensor<6xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
      %r = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
      return %r : tensor<?x?xf32>
    }"""
    x = np.arange(6, dtype=np.float32)
    (ok,) = run_lowered(text, x, np.int32([3, 2]))
    np.testing.assert_array_equal(ok, x.reshape(3, 2))
    with pytest.raises(XlaRuntimeError, match="cannot reshape 6 elements"):
        run_lowered(text, x, np.int32([4, 2]))


def test_static_ops_with_dynamic_results_are_an_explicit_error(client):
    text = """
    func.func public @main(%x: tensor<2xf32>) -> tensor<?x2xf32> {
      %r = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<2xf32>) -> tensor<?x2xf32>
      return %r : tensor<?x2xf32>
    }"""
    with pytest.raises(XlaRuntimeError, match="no operand dimension maps to it"):
        client.compile_and_load(text, client.devices()[:1])


def test_static_shape_ops_on_dynamic_operands_use_runtime_sizes():
    text = """
    func.func public @main(%x: tensor<?xf32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>)
        -> (tensor<3x?xf32>, tensor<?xf32>, tensor<?xf32>) {
      %b = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<?xf32>) -> tensor<3x?xf32>
      %r = stablehlo.reshape %b : (tensor<3x?xf32>) -> tensor<?xf32>
      %s = "stablehlo.scatter"(%x, %i, %u) ({
        ^bb0(%a: tensor<f32>, %c: tensor<f32>):
          %m = stablehlo.multiply %a, %c : tensor<f32>
          stablehlo.return %m : tensor<f32>
      }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0],
          scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
          : (tensor<?xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<?xf32>
      return %b, %r, %s : tensor<3x?xf32>, tensor<?xf32>, tensor<?xf32>
    }"""
    x = np.float32([1, 2, 3, 4])
    b, r, s = run_lowered(text, x, np.int32([[1], [1]]), np.float32([10, 3]))
    np.testing.assert_array_equal(b, np.broadcast_to(x, (3, 4)))
    np.testing.assert_array_equal(r, np.tile(x, 3))
    np.testing.assert_array_equal(s, [1, 60, 3, 4])


def test_real_dynamic_slice_clamps_out_of_range_starts_like_xla():
    text = """
    func.func public @main(%x: tensor<5xi32>, %s: tensor<1xi32>, %l: tensor<1xi32>,
                           %t: tensor<1xi32>) -> tensor<?xi32> {
      %r = stablehlo.real_dynamic_slice %x, %s, %l, %t
          : (tensor<5xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>
      return %r : tensor<?xi32>
    }"""
    x = np.arange(5, dtype=np.int32)
    i32 = np.int32
    (inside,) = run_lowered(text, x, i32([1]), i32([5]), i32([2]))
    np.testing.assert_array_equal(inside, [1, 3])
    (clamped,) = run_lowered(text, x, i32([4]), i32([7]), i32([1]))  # 3 elements from 2
    np.testing.assert_array_equal(clamped, [2, 3, 4])
    with pytest.raises(XlaRuntimeError, match="invalid slice"):
        run_lowered(text, x, i32([0]), i32([9]), i32([1]))  # longer than the operand


def test_rank_zero_results_stay_rank_zero(client):
    text = """
    func.func public @main(%x: tensor<f32>, %m: tensor<2x2xf32>, %i: tensor<2xi32>)
        -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
      %b = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<f32>
      %t = stablehlo.transpose %x, dims = [] : (tensor<f32>) -> tensor<f32>
      %r = stablehlo.reverse %x, dims = [] : tensor<f32>
      %g = "stablehlo.gather"(%m, %i) {dimension_numbers = #stablehlo.gather<
          collapsed_slice_dims = [0, 1], start_index_map = [0, 1]>,
          indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}
          : (tensor<2x2xf32>, tensor<2xi32>) -> tensor<f32>
      return %b, %t, %r, %g : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
    }"""
    outs = run(client, text, np.float32(2.5), np.float32([[1, 2], [3, 4]]), np.int32([1, 0]))
    assert [o.shape for o in outs] == [()] * 4
    assert [float(o) for o in outs] == [2.5, 2.5, 2.5, 3.0]
