"""Row-blocked runs of fused kernels (backends/cpu/row_chains.py and the
executor's "rows" steps): results match the Python step loop, the runs form
where rows are local, and do not where a kernel reads across rows."""

import numpy as np
import pytest

from jaxlib._src.backends.cpu import row_chains
from jaxlib._src.backends.cpu.lowering import ModuleLowering
from jaxlib._src.backends.cpu.plan import NativeProgram
from jaxlib._src.compiler.pipeline import clear_compilation_cache, compile_program


@pytest.fixture(autouse=True)
def small_blocks(monkeypatch):
    # Test-sized tensors: form runs at any size, in blocks of a few rows.
    monkeypatch.setattr(row_chains, "_MIN_RUN_BYTES", 0)
    monkeypatch.setattr(row_chains, "_BLOCK_BYTES", 4096)
    clear_compilation_cache()
    yield
    clear_compilation_cache()


def _run(text: str, *args):
    compiled = compile_program(text)
    program = compiled.program
    assert isinstance(program, NativeProgram), "the program was not planned"
    program.plan.set_profiling(True)
    got = program(*args)
    names = [step[0] for step in program.plan.profile()]
    want = ModuleLowering(compiled.module).function(compiled.entry.name)(*args)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype
        np.testing.assert_allclose(g, w, rtol=2e-6, atol=1e-6)
    return names


def _rows_steps(names):
    return [n for n in names if n.startswith("rows[")]


SOFTMAX = """
func.func public @main(%x: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1]
      : (tensor<64x96xf32>, tensor<f32>) -> tensor<64xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<64xf32>) -> tensor<64x96xf32>
  %d = stablehlo.subtract %x, %mb : tensor<64x96xf32>
  %e = stablehlo.exponential %d : tensor<64x96xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<64x96xf32>, tensor<f32>) -> tensor<64xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<64xf32>) -> tensor<64x96xf32>
  %r = stablehlo.divide %e, %sb : tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}
"""


def test_softmax_runs_in_blocks_of_rows():
    x = np.random.default_rng(0).standard_normal((64, 96)).astype(np.float32) * 4
    names = _run(SOFTMAX, x)
    (step,) = _rows_steps(names)
    assert step.startswith("rows[64/")


# Variance with a scalar side computation (hoisted in front of the run) and a
# 3-D domain whose rows are its two leading dimensions.
LAYERNORM = """
func.func public @main(%x: tensor<4x8x40xf32>, %n: tensor<i32>) -> tensor<4x8x40xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [2]
      : (tensor<4x8x40xf32>, tensor<f32>) -> tensor<4x8xf32>
  %c40 = stablehlo.constant dense<40.0> : tensor<4x8xf32>
  %mean = stablehlo.divide %sum, %c40 : tensor<4x8xf32>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x40xf32>
  %d = stablehlo.subtract %x, %mb : tensor<4x8x40xf32>
  %sq = stablehlo.multiply %d, %d : tensor<4x8x40xf32>
  %ss = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [2]
      : (tensor<4x8x40xf32>, tensor<f32>) -> tensor<4x8xf32>
  %nf = stablehlo.convert %n : (tensor<i32>) -> tensor<f32>
  %count = stablehlo.subtract %nf, %zero : tensor<f32>
  %cb = stablehlo.broadcast_in_dim %count, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  %var = stablehlo.divide %ss, %cb : tensor<4x8xf32>
  %rs = stablehlo.rsqrt %var : tensor<4x8xf32>
  %rb = stablehlo.broadcast_in_dim %rs, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x40xf32>
  %y = stablehlo.multiply %d, %rb : tensor<4x8x40xf32>
  return %y : tensor<4x8x40xf32>
}
"""


def test_layernorm_runs_in_blocks_with_side_computations_hoisted():
    x = np.random.default_rng(1).standard_normal((4, 8, 40)).astype(np.float32)
    names = _run(LAYERNORM, x, np.int32(40))
    (step,) = _rows_steps(names)
    assert step.startswith("rows[32/")


# Reductions over a middle dimension (column reductions) in a run.
COLUMNS = """
func.func public @main(%x: tensor<16x12x20xf32>) -> tensor<16x12x20xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<16x12x20xf32>, tensor<f32>) -> tensor<16x20xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0, 2] : (tensor<16x20xf32>) -> tensor<16x12x20xf32>
  %y = stablehlo.subtract %x, %sb : tensor<16x12x20xf32>
  return %y : tensor<16x12x20xf32>
}
"""


def test_column_reductions_run_in_blocks_of_rows():
    x = np.random.default_rng(2).standard_normal((16, 12, 20)).astype(np.float32)
    names = _run(COLUMNS, x)
    (step,) = _rows_steps(names)
    assert step.startswith("rows[16/")


# The second kernel reads the reduction along the other dimension: row i of
# its result needs every row of %s, so no run may form.
ACROSS_ROWS = """
func.func public @main(%x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<32x32xf32>, tensor<f32>) -> tensor<32xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<32xf32>) -> tensor<32x32xf32>
  %y = stablehlo.subtract %x, %sb : tensor<32x32xf32>
  return %y : tensor<32x32xf32>
}
"""


def test_kernels_reading_across_rows_do_not_form_runs():
    x = np.random.default_rng(3).standard_normal((32, 32)).astype(np.float32)
    names = _run(ACROSS_ROWS, x)
    assert not _rows_steps(names)


# Two runs' worth of values live at once: the arena must not let a value of
# the run share bytes with one the run still reads.
ARENA = """
func.func public @main(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %a = stablehlo.exponential %x : tensor<64x64xf32>
  %s = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<64x64xf32>, tensor<f32>) -> tensor<64xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<64xf32>) -> tensor<64x64xf32>
  %b = stablehlo.divide %a, %sb : tensor<64x64xf32>
  %t = stablehlo.reduce(%b init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<64x64xf32>, tensor<f32>) -> tensor<64xf32>
  %tb = stablehlo.broadcast_in_dim %t, dims = [0] : (tensor<64xf32>) -> tensor<64x64xf32>
  %c = stablehlo.multiply %b, %tb : tensor<64x64xf32>
  %d = stablehlo.add %c, %a : tensor<64x64xf32>
  return %d, %s : tensor<64x64xf32>, tensor<64xf32>
}
"""


def test_values_of_a_run_keep_their_storage_for_the_whole_run():
    x = np.random.default_rng(4).standard_normal((64, 64)).astype(np.float32)
    for _ in range(3):  # reused arenas too
        names = _run(ARENA, x)
    assert _rows_steps(names)


def test_row_blocks_can_be_switched_off(monkeypatch):
    monkeypatch.setenv("JAXLIB_CPU_ROW_BLOCKS", "0")
    x = np.random.default_rng(0).standard_normal((64, 96)).astype(np.float32)
    assert not _rows_steps(_run(SOFTMAX, x))


def test_malformed_rows_steps_are_rejected():
    from jaxlib._src.backends.cpu import native

    spec = ("float32", (6,))
    copy = native.cpu.make_kernel("fused", {"code": [1, 1, 6, -1, -1, -1, 0, 1, 11, 1, 0, 0, 0,
                                                      1, 0, 1, 0]}, [spec], [spec])
    slots = [(4, 0, 24, np.dtype("float32"), (6,)), (2, 0, 24, np.dtype("float32"), (6,))]
    with pytest.raises(ValueError, match="cannot run in blocks of rows"):
        native.cpu.Plan(slots, [[("rows", [("kernel", copy, [0], [1], "copy")], 4, 1, "r")]],
                        0, [0], [1], 0, [])
    with pytest.raises(ValueError, match="malformed rows step"):
        native.cpu.Plan(slots, [[("rows", [("kernel", copy, [0], [1], "copy")], 0, 1, "r")]],
                        0, [0], [1], 0, [])
