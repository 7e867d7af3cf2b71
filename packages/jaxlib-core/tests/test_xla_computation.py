"""jaxlib._jax.mlir.mlir_module_to_xla_computation: the HLO view of a lowered
module (jax's ``lower(...).as_text("hlo")`` and ``compiler_ir("hlo")``)."""

from __future__ import annotations

import pytest

from jaxlib import _jax
from jaxlib.xla_client import XlaRuntimeError

SHARDED = """\
module @jit_f attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=1]>
  func.func public @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, \
[{}, {}]>}) -> (tensor<8x8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.sine %arg0 : tensor<8x8xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
    return %1 : tensor<8x8xf32>
  }
}
"""


def test_shardy_shardings_print_as_hlo_shardings():
    computation = _jax.mlir.mlir_module_to_xla_computation(SHARDED.encode())
    text = computation.as_hlo_text()
    assert text.startswith("HloModule jit_f, entry_computation_layout="
                           "{(f32[8,8]{1,0})->f32[8,8]{1,0}}, num_partitions=2")
    assert "parameter(0), sharding={replicated}" in text
    assert " sine(" in text
    assert 'custom_call_target="Sharding", sharding={devices=[2,1]<=[2]}' in text
    # jax's as_text("hlo") path: as_hlo_module().to_string(HloPrintOptions).
    options = _jax.HloPrintOptions.short_parsable()
    assert computation.as_hlo_module().to_string(options) == \
        computation.as_hlo_text(print_large_constants=True)
    assert computation.name() == "jit_f"


def test_program_shape_and_unsupported_views():
    computation = _jax.mlir.mlir_module_to_xla_computation(SHARDED, use_tuple_args=True)
    shape = computation.program_shape()
    assert [str(p) for p in shape.parameter_shapes()] == ["(f32[8,8]{1,0})"]
    assert str(shape.result_shape()) == "f32[8,8]{1,0}"
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: HloModuleProto"):
        computation.as_serialized_hlo_module_proto()
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: XlaComputation from a serialized"):
        _jax.XlaComputation(b"\x08\x01")


def test_malformed_modules_are_invalid_arguments():
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: mlir_module_to_xla_computation"):
        _jax.mlir.mlir_module_to_xla_computation("module {")
    # Bytecode is read as a StableHLO portable artifact: a cut-off one is malformed.
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT.*MLIR bytecode.*at byte"):
        _jax.mlir.mlir_module_to_xla_computation(b"ML\xefR\x00")


def test_cost_analysis_of_a_lowered_module():
    computation = _jax.mlir.mlir_module_to_xla_computation(SHARDED)
    costs = _jax.hlo_module_cost_analysis(None, computation.as_hlo_module())
    assert costs["flops"] >= 0 and costs["transcendentals"] == 64


LOCATED = """\
module @jit_f {
  func.func public @main(%arg0: tensor<f32> loc("x")) -> tensor<f32> {
    %0 = stablehlo.sine %arg0 : tensor<f32> loc(#loc3)
    %1 = stablehlo.multiply %0, %0 : tensor<f32> loc("mul:"("jit(f)/mul"(#loc2)))
    return %1 : tensor<f32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc1 = loc("/tmp/f.py":3:11 to :21)
#loc2 = loc("f"(#loc1))
#loc3 = loc("jit(f)/sin"(callsite(#loc2 at "<module>"("/tmp/f.py":5:0))))
"""


def test_locations_print_as_hlo_metadata_when_asked():
    hlo = _jax.mlir.mlir_module_to_xla_computation(LOCATED).as_hlo_module()
    options = _jax.HloPrintOptions.short_parsable()
    assert "metadata" not in hlo.to_string(options) and "metadata" not in hlo.to_string()
    options.print_metadata = True  # jax's lower(...).as_text("hlo", debug_info=True)
    text = hlo.to_string(options)
    assert 'parameter(0), metadata={op_name="x"}' in text
    # The op's name (op types, "mul:", and frames' function names left out)
    # and the innermost frame's file and line.
    assert 'sine(f32[] %Arg_0.1), metadata={op_name="jit(f)/sin" source_file="/tmp/f.py" ' \
           'source_line=3}' in text
    assert 'metadata={op_name="jit(f)/mul" source_file="/tmp/f.py" source_line=3}' in text


def test_hlo_text_becomes_stablehlo():
    text = _jax.mlir.hlo_to_stablehlo(
        b"HloModule m\nENTRY main {\n  p = f32[2] parameter(0)\n  ROOT a = f32[2] add(p, p)\n}\n")
    assert b"stablehlo.add %arg0, %arg0 : tensor<2xf32>" in text
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: hlo_to_stablehlo: HloModuleProto"):
        _jax.mlir.hlo_to_stablehlo(b"\x0a\x03abc")
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: hlo_to_stablehlo"):
        _jax.mlir.hlo_to_stablehlo("HloModule m\nENTRY main {\n  ROOT a = f32[2] bogus()\n}\n")
