"""No silent slow paths: a compiled program lists the steps that run on
reference (numpy) kernels instead of native ones, with the reason
(``reference_kernel_steps()``, counted in ``cost_analysis()``), and
``JAXLIB_CPU_STRICT=1`` turns any of them into a compile error."""

from __future__ import annotations

import pytest

from jaxlib import xla_client
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.compiler import pipeline

NATIVE = """
func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.tanh %0 : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}"""

ONE_REFERENCE_STEP = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.cosine %x : tensor<4xf32>
  %1 = stablehlo.reduce_precision %0, format = e5m2 : tensor<4xf32>
  return %1 : tensor<4xf32>
}"""

CUSTOM_CALL = """
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @jaxlib_test_identity(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}"""

TOKENS = """
func.func @main(%t: !stablehlo.token, %x: tensor<4xf32>) -> (!stablehlo.token, tensor<4xf32>) {
  %0 = stablehlo.after_all %t : !stablehlo.token
  return %0, %x : !stablehlo.token, tensor<4xf32>
}"""


@pytest.fixture()
def client():
    pipeline.clear_compilation_cache()  # strict mode must see fresh compiles
    yield xla_client.make_cpu_client()
    pipeline.clear_compilation_cache()


def compile_text(client, text):
    return client.compile_and_load(text, client.devices()[:1])


def test_an_all_native_program_lists_nothing(client):
    executable = compile_text(client, NATIVE)
    assert executable.reference_kernel_steps() == []
    assert executable.cost_analysis()["reference kernel steps"] == 0.0


def test_a_reference_step_is_listed_with_its_reason(client):
    executable = compile_text(client, ONE_REFERENCE_STEP)
    (step,) = executable.reference_kernel_steps()
    assert step["op"] == "stablehlo.reduce_precision"
    assert step["location"] == "4:3"
    assert "no native kernel for stablehlo.reduce_precision (tensor<4xf32>" in step["reason"]
    assert executable.cost_analysis()["reference kernel steps"] == 1.0


def test_strict_mode_turns_a_reference_step_into_an_error(client, monkeypatch):
    monkeypatch.setenv("JAXLIB_CPU_STRICT", "1")
    with pytest.raises(XlaRuntimeError, match=r"UNIMPLEMENTED: JAXLIB_CPU_STRICT=1: "
                       r"stablehlo\.reduce_precision at 4:3 would run on its reference"):
        compile_text(client, ONE_REFERENCE_STEP)
    assert compile_text(client, NATIVE).reference_kernel_steps() == []


def test_custom_calls_run_their_handlers_and_are_not_listed(client):
    xla_client.register_custom_call_target(
        "jaxlib_test_identity", lambda operands, results, attributes: results[0].__setitem__(
            ..., operands[0]), platform="cpu")
    executable = compile_text(client, CUSTOM_CALL)
    assert executable.reference_kernel_steps() == []


def test_a_function_left_to_the_python_step_loop_is_one_entry(client, monkeypatch):
    (step,) = compile_text(client, TOKENS).reference_kernel_steps()
    assert step["op"] == "@main" and step["reason"].startswith("whole function: ")
    monkeypatch.setenv("JAXLIB_CPU_STRICT", "1")
    with pytest.raises(XlaRuntimeError, match="JAXLIB_CPU_STRICT=1: @main would run"):
        compile_text(client, TOKENS)
