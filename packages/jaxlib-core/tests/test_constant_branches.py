"""Branches a constant rules out (a multi-platform export run on one
platform) are dropped before lowering, with the other platforms' custom
calls in them, as XLA folds them; nothing else changes."""

# ruff: noqa: E501  (programs are written one op a line, as jax prints them)
from __future__ import annotations

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.passes.constant_branches import fold_constant_branches, without_constant_branches

# The shape of jax's call of a function exported for cpu and cuda: the
# platform index, a constant picked by a case, goes through calls to the case
# that holds each platform's code.
PROGRAM = """\
module @jit_call {
  func.func public @main(%arg0: tensor<3xf32>) -> tensor<3xf32> {
    %0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = "stablehlo.case"(%0) ({
      %c = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %2 = call @exported(%1, %arg0) : (tensor<i32>, tensor<3xf32>) -> tensor<3xf32>
    return %2 : tensor<3xf32>
  }
  func.func private @exported(%arg0: tensor<i32>, %arg1: tensor<3xf32>) -> tensor<3xf32> {
    %0 = "stablehlo.case"(%arg0) ({
      %1 = stablehlo.add %arg1, %arg1 : tensor<3xf32>
      stablehlo.return %1 : tensor<3xf32>
    }, {
      %1 = stablehlo.custom_call @cusolver_not_on_this_platform(%arg1) : (tensor<3xf32>) -> tensor<3xf32>
      stablehlo.return %1 : tensor<3xf32>
    }) : (tensor<i32>) -> tensor<3xf32>
    %2 = stablehlo.constant dense<true> : tensor<i1>
    %3 = "stablehlo.if"(%2) ({
      %4 = stablehlo.multiply %0, %0 : tensor<3xf32>
      stablehlo.return %4 : tensor<3xf32>
    }, {
      stablehlo.return %0 : tensor<3xf32>
    }) : (tensor<i1>) -> tensor<3xf32>
    return %3 : tensor<3xf32>
  }
}
"""


def test_a_multi_platform_program_runs_its_own_platforms_branch():
    client = xla_client.make_cpu_client()
    exe = client.compile_and_load(PROGRAM, client.devices()[:1])
    x = np.arange(3, dtype=np.float32)
    out = exe.execute([client.buffer_from_pyval(x, client.devices()[0])])
    np.testing.assert_array_equal(np.asarray(out[0]), (2 * x) ** 2)
    # What the executable shows is the program as written.
    assert "cusolver_not_on_this_platform" in exe.hlo_modules()[0].to_string()


def test_the_fold_takes_constant_branches_only():
    module = parse_module(PROGRAM)
    folded = without_constant_branches(module)
    names = [op.name for op in folded.function("main").walk()]
    assert "stablehlo.case" not in names and "stablehlo.if" not in names
    assert "func.call" not in names and "stablehlo.custom_call" not in names
    # The input is left as it was.
    assert [op.name for op in module.function("exported").walk()].count("stablehlo.case") == 1
    # A branch on a value that is not a constant stays.
    kept = parse_module(PROGRAM.replace('%0 = "stablehlo.case"(%arg0)', '%0 = "stablehlo.case"(%arg9)')
                        .replace("(%arg0: tensor<i32>, %arg1: tensor<3xf32>)",
                                 "(%arg0: tensor<i32>, %arg1: tensor<3xf32>, %arg9: tensor<i32>)")
                        .replace("call @exported(%1, %arg0) : (tensor<i32>, tensor<3xf32>)",
                                 "call @exported(%1, %arg0, %1) : (tensor<i32>, tensor<3xf32>, tensor<i32>)"))
    assert fold_constant_branches(kept) == 2  # main's case and exported's if
    assert [op.name for op in kept.function("exported").walk()].count("stablehlo.case") == 1


def test_an_unknown_target_on_the_taken_branch_still_fails():
    client = xla_client.make_cpu_client()
    taken = PROGRAM.replace("%0 = stablehlo.constant dense<0> : tensor<i32>\n    %1",
                            "%0 = stablehlo.constant dense<1> : tensor<i32>\n    %1") \
        .replace("%c = stablehlo.constant dense<0>", "%c = stablehlo.constant dense<1>")
    with pytest.raises(xla_client.XlaRuntimeError, match="cusolver_not_on_this_platform"):
        client.compile_and_load(taken, client.devices()[:1])
