"""Slices at start indices a counted loop knows when compiling are views of
their operands (known_scalars.py): no kernel per iteration, the same values
as the CPU, and results that never share an argument's memory."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from jaxlib._src.backends.cpu import lowering

# A loop of 6 with a second induction j (from 2, stepped by 1: clamped at the
# last column from j = 5 on), reading a column at j, a row at i mod 4 (a
# gather of one index) and the element at (i mod 4, j) (a gather of an index
# vector joined from two scalars).
INDUCTIONS = """
func.func @main(%x: tensor<4x6xf32>) -> (tensor<4x1xf32>, tensor<6xf32>, tensor<f32>,
                                         tensor<i32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %z = stablehlo.constant dense<0.0> : tensor<4x1xf32>
  %zr = stablehlo.constant dense<0.0> : tensor<6xf32>
  %zs = stablehlo.constant dense<0.0> : tensor<f32>
  %r:6 = stablehlo.while(%i = %c0, %j = %c2, %acc = %z, %rows = %zr, %s = %zs, %xx = %x)
      : tensor<i32>, tensor<i32>, tensor<4x1xf32>, tensor<6xf32>, tensor<f32>, tensor<4x6xf32>
  cond {
    %n = stablehlo.constant dense<6> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %col = stablehlo.dynamic_slice %xx, %zero, %j, sizes = [4, 1]
        : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<4x1xf32>
    %two = stablehlo.constant dense<2.0> : tensor<4x1xf32>
    %t = stablehlo.multiply %col, %two : tensor<4x1xf32>
    %acc2 = stablehlo.add %acc, %t : tensor<4x1xf32>
    %four = stablehlo.constant dense<4> : tensor<i32>
    %im = stablehlo.remainder %i, %four : tensor<i32>
    %iv = stablehlo.broadcast_in_dim %im, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %row = "stablehlo.gather"(%xx, %iv) <{dimension_numbers = #stablehlo.gather<
        offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0]>,
        indices_are_sorted = true, slice_sizes = array<i64: 1, 6>}>
        : (tensor<4x6xf32>, tensor<1xi32>) -> tensor<6xf32>
    %rows2 = stablehlo.add %rows, %row : tensor<6xf32>
    %a = stablehlo.reshape %im : (tensor<i32>) -> tensor<1xi32>
    %b = stablehlo.reshape %j : (tensor<i32>) -> tensor<1xi32>
    %ab = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %e = "stablehlo.gather"(%xx, %ab) <{dimension_numbers = #stablehlo.gather<
        collapsed_slice_dims = [0, 1], start_index_map = [0, 1]>,
        indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}>
        : (tensor<4x6xf32>, tensor<2xi32>) -> tensor<f32>
    %s2 = stablehlo.add %s, %e : tensor<f32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    %j2 = stablehlo.add %j, %one : tensor<i32>
    stablehlo.return %i2, %j2, %acc2, %rows2, %s2, %xx
        : tensor<i32>, tensor<i32>, tensor<4x1xf32>, tensor<6xf32>, tensor<f32>, tensor<4x6xf32>
  }
  return %r#2, %r#3, %r#4, %r#1 : tensor<4x1xf32>, tensor<6xf32>, tensor<f32>, tensor<i32>
}
"""

# The row read at a start taken from the data (not known when compiling),
# and the last row read carried out of the loop (a view of the argument).
DATA_STARTS = """
func.func @main(%x: tensor<5x3xf32>, %at: tensor<4xi32>) -> (tensor<3xf32>, tensor<1x3xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %z = stablehlo.constant dense<0.0> : tensor<3xf32>
  %zr = stablehlo.constant dense<0.0> : tensor<1x3xf32>
  %r:3 = stablehlo.while(%i = %c0, %acc = %z, %last = %zr)
      : tensor<i32>, tensor<3xf32>, tensor<1x3xf32>
  cond {
    %n = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %k1 = stablehlo.dynamic_slice %at, %i, sizes = [1]
        : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
    %k = stablehlo.reshape %k1 : (tensor<1xi32>) -> tensor<i32>
    %row = stablehlo.dynamic_slice %x, %k, %zero, sizes = [1, 3]
        : (tensor<5x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %v = stablehlo.reshape %row : (tensor<1x3xf32>) -> tensor<3xf32>
    %acc2 = stablehlo.add %acc, %v : tensor<3xf32>
    %mine = stablehlo.dynamic_slice %x, %i, %zero, sizes = [1, 3]
        : (tensor<5x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i2, %acc2, %mine : tensor<i32>, tensor<3xf32>, tensor<1x3xf32>
  }
  return %r#1, %r#2 : tensor<3xf32>, tensor<1x3xf32>
}
"""


def _step_kinds(monkeypatch) -> list[tuple[str, bool]]:
    """(op name, whether it launches) of every step run from now on."""
    seen: list[tuple[str, bool]] = []
    run = lowering.RegionProgram.run

    def recorded(self, frame, values):
        for step in self.steps:
            seen.append((step[4].name, getattr(step[0], "launches", None) != 0))
        return run(self, frame, values)

    monkeypatch.setattr(lowering.RegionProgram, "run", recorded)
    return seen


def _both(text: str, args: list[np.ndarray]) -> tuple[list[np.ndarray], list[np.ndarray],
                                                       list[Any], list[Any]]:
    """(mock GPU results, CPU results, the GPU's result and argument buffers)."""
    from jaxlib import xla_client

    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    inputs = [gpu.buffer_from_pyval(a) for a in args]
    outputs = gpu.compile_and_load(text).execute(inputs)
    got = [np.asarray(o) for o in outputs]
    want = [np.asarray(o) for o in cpu.compile_and_load(text, cpu.devices()[:1])
            .execute([cpu.buffer_from_pyval(a) for a in args])]
    return got, want, outputs, inputs


@pytest.mark.parametrize("codegen", ["1", "0"])
def test_slices_at_an_induction_and_the_counter_are_views(monkeypatch, codegen):
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", codegen)
    steps = _step_kinds(monkeypatch)
    x = np.arange(24, dtype=np.float32).reshape(4, 6) * 0.25
    got, want, _, _ = _both(INDUCTIONS, [x])
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    assert int(got[3]) == 8  # the induction's final value, as the CPU's
    slicing = [launches for name, launches in steps
               if name in ("stablehlo.dynamic_slice", "stablehlo.gather")]
    assert len(slicing) == 3 * 6 and not any(slicing)  # three views per iteration
    # the counter's and the induction's steps are tabulated: no step computes them
    assert not any(name == "stablehlo.remainder" for name, _ in steps)


def test_slices_at_starts_from_the_data_still_run_kernels(monkeypatch):
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    steps = _step_kinds(monkeypatch)
    x = np.arange(15, dtype=np.float32).reshape(5, 3)
    at = np.array([4, 0, 9, -3], np.int32)  # clamped to 4 and 0 like the CPU
    got, want, outputs, inputs = _both(DATA_STARTS, [x, at])
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    kinds = [launches for name, launches in steps if name == "stablehlo.dynamic_slice"]
    # per iteration: the index read at i and the last row are views, the
    # row at the read index is a kernel
    assert sorted(kinds) == [False] * 8 + [True] * 4
    # the last row read (a view of the argument's memory inside the loop) is
    # a result in memory of its own
    start = inputs[0].unsafe_buffer_pointer()
    assert not start <= outputs[1].unsafe_buffer_pointer() < start + x.nbytes


def test_results_in_an_arguments_memory_are_copied():
    from jaxlib.gpu_runtime.client import _own_memory

    argument = np.arange(12, dtype=np.float32).reshape(3, 4)
    fresh = np.ones(3, np.float32)
    rows, whole, own = _own_memory([argument[1:], argument, fresh], [argument])
    assert not np.shares_memory(rows, argument) and not np.shares_memory(whole, argument)
    np.testing.assert_array_equal(rows, argument[1:])
    assert own is fresh
    first, second = _own_memory([fresh[:2], fresh[1:]], [])  # two views of one array
    assert first.base is fresh and not np.shares_memory(second, fresh)
    # arrays over one bytes object's memory (their owner is not an array)
    raw = np.arange(8, dtype=np.float32).tobytes()
    a, b = np.frombuffer(raw, np.float32), np.frombuffer(raw, np.float32)[2:]
    _, moved = _own_memory([a, b], [])
    assert not np.shares_memory(moved, a)
    np.testing.assert_array_equal(moved, a[2:])
    # empty results take no memory: never copied
    empty = argument[:0]
    assert _own_memory([empty], [argument])[0] is empty


# 5000 trips (past the loops stepped one iteration at a time when compiling):
# the reversed index and its remainder are tabulated for all trips at once.
LONG_LOOP = """
func.func @main(%x: tensor<7x2xf32>) -> (tensor<2xf32>, tensor<i32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %z = stablehlo.constant dense<0.0> : tensor<2xf32>
  %r:3 = stablehlo.while(%i = %c0, %acc = %z, %k = %c0) : tensor<i32>, tensor<2xf32>, tensor<i32>
  cond {
    %n = stablehlo.constant dense<5000> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %last = stablehlo.constant dense<4999> : tensor<i32>
    %back = stablehlo.subtract %last, %i : tensor<i32>
    %seven = stablehlo.constant dense<7> : tensor<i32>
    %at = stablehlo.remainder %back, %seven : tensor<i32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %row = stablehlo.dynamic_slice %x, %at, %zero, sizes = [1, 2]
        : (tensor<7x2xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
    %v = stablehlo.reshape %row : (tensor<1x2xf32>) -> tensor<2xf32>
    %acc2 = stablehlo.add %acc, %v : tensor<2xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    %three = stablehlo.constant dense<3> : tensor<i32>
    %k2 = stablehlo.add %k, %three : tensor<i32>
    stablehlo.return %i2, %acc2, %k2 : tensor<i32>, tensor<2xf32>, tensor<i32>
  }
  return %r#1, %r#2 : tensor<2xf32>, tensor<i32>
}
"""


def test_long_loops_tabulate_their_counters_values_at_once(monkeypatch):
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    steps = _step_kinds(monkeypatch)
    x = np.arange(14, dtype=np.float32).reshape(7, 2)
    got, want, _, _ = _both(LONG_LOOP, [x])
    np.testing.assert_allclose(got[0], want[0], rtol=1e-6)
    assert int(got[1]) == int(want[1]) == 15000  # an induction: stepped on the device
    names = [name for name, launches in steps
             if launches and name not in ("stablehlo.constant", "stablehlo.while")]
    # per trip: the accumulation and the induction's step; the counter's step,
    # the index arithmetic and the slice (a view) launch nothing
    assert len(names) == 2 * 5000
    assert "stablehlo.remainder" not in names and "stablehlo.dynamic_slice" not in names


# A scan stacking a product (rows of ys), a join (rows of js) and another
# product along the middle axis (cs: a window that is not contiguous), its
# carry reading the first product after it is stacked. (The products' precisions
# keep them apart: one product would be computed once, passes/cse.py.)
STACKED = """
func.func @main(%xs: tensor<5x3x4xf32>, %w: tensor<4x2xf32>)
    -> (tensor<5x3x2xf32>, tensor<5x3x6xf32>, tensor<3x5x2xf32>, tensor<3x2xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %ys0 = stablehlo.constant dense<0.0> : tensor<5x3x2xf32>
  %js0 = stablehlo.constant dense<0.0> : tensor<5x3x6xf32>
  %cs0 = stablehlo.constant dense<0.0> : tensor<3x5x2xf32>
  %h0 = stablehlo.constant dense<0.0> : tensor<3x2xf32>
  %r:5 = stablehlo.while(%i = %c0, %ys = %ys0, %js = %js0, %cs = %cs0, %h = %h0)
      : tensor<i32>, tensor<5x3x2xf32>, tensor<5x3x6xf32>, tensor<3x5x2xf32>, tensor<3x2xf32>
  cond {
    %n = stablehlo.constant dense<5> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %x1 = stablehlo.dynamic_slice %xs, %i, %zero, %zero, sizes = [1, 3, 4]
        : (tensor<5x3x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x3x4xf32>
    %x = stablehlo.reshape %x1 : (tensor<1x3x4xf32>) -> tensor<3x4xf32>
    %p = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
        : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
    %p1 = stablehlo.reshape %p : (tensor<3x2xf32>) -> tensor<1x3x2xf32>
    %ys2 = stablehlo.dynamic_update_slice %ys, %p1, %i, %zero, %zero
        : (tensor<5x3x2xf32>, tensor<1x3x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>)
        -> tensor<5x3x2xf32>
    %j = stablehlo.concatenate %x, %p, dim = 1 : (tensor<3x4xf32>, tensor<3x2xf32>)
        -> tensor<3x6xf32>
    %j1 = stablehlo.broadcast_in_dim %j, dims = [1, 2] : (tensor<3x6xf32>) -> tensor<1x3x6xf32>
    %js2 = stablehlo.dynamic_update_slice %js, %j1, %i, %zero, %zero
        : (tensor<5x3x6xf32>, tensor<1x3x6xf32>, tensor<i32>, tensor<i32>, tensor<i32>)
        -> tensor<5x3x6xf32>
    %q = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0],
        precision = [HIGHEST, HIGHEST]
        : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
    %q1 = stablehlo.reshape %q : (tensor<3x2xf32>) -> tensor<3x1x2xf32>
    %cs2 = stablehlo.dynamic_update_slice %cs, %q1, %zero, %i, %zero
        : (tensor<3x5x2xf32>, tensor<3x1x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>)
        -> tensor<3x5x2xf32>
    %h2 = stablehlo.add %h, %p : tensor<3x2xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i2, %ys2, %js2, %cs2, %h2
        : tensor<i32>, tensor<5x3x2xf32>, tensor<5x3x6xf32>, tensor<3x5x2xf32>, tensor<3x2xf32>
  }
  return %r#1, %r#2, %r#3, %r#4
      : tensor<5x3x2xf32>, tensor<5x3x6xf32>, tensor<3x5x2xf32>, tensor<3x2xf32>
}
"""


@pytest.mark.parametrize("codegen", ["1", "0"])
def test_stacked_products_and_joins_are_made_in_their_rows(monkeypatch, codegen):
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", codegen)
    seen: list[tuple[str, str]] = []
    run = lowering.RegionProgram.run

    def recorded(self, frame, values):
        seen.extend((step[4].name, getattr(step[0], "__qualname__", "")) for step in self.steps)
        return run(self, frame, values)

    monkeypatch.setattr(lowering.RegionProgram, "run", recorded)
    rng = np.random.default_rng(5)
    xs = rng.standard_normal((5, 3, 4)).astype(np.float32)
    w = rng.standard_normal((4, 2)).astype(np.float32)
    got, want, _, _ = _both(STACKED, [xs, w])
    for g, w_ in zip(got, want):
        np.testing.assert_allclose(g, w_, rtol=1e-6, atol=1e-6)
    writes = [name for name, kernel in seen if kernel.startswith("WindowWrite.")]
    if codegen == "1":  # (in-place updates are the generated kernels' choice)
        assert sorted(writes) == sorted(["stablehlo.dot_general"] * 10 +
                                        ["stablehlo.concatenate"] * 5)
        assert not any(name == "stablehlo.dynamic_update_slice" for name, _ in seen)
