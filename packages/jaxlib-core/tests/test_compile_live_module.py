"""Compiling a live IR module (what jaxlib.mlir.ir.Module holds): no text on the way."""

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.compiler import pipeline
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.core import Operation
from jaxlib.xla_client import XlaRuntimeError

PROGRAM = """
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>) {
    %0 = stablehlo.add %a, %b : tensor<3xf32>
    %1 = stablehlo.multiply %0, %b : tensor<3xf32>
    return %1 : tensor<3xf32>
  }
}
"""


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client()


def _put(client, array):
    return client.buffer_from_pyval(array, client.devices()[0])


def test_live_module_compiles_without_printing(client, monkeypatch):
    module = parse_module(PROGRAM)
    printed = []
    from jaxlib._src.ir import printer

    real_print = printer.print_module
    monkeypatch.setattr(printer, "print_module",
                        lambda m: printed.append(m) or real_print(m))
    exe = client.compile_and_load(module, client.devices()[:1])
    (out,) = exe.execute([_put(client, np.float32([1, 2, 3])),
                          _put(client, np.float32([4, 5, 6]))])
    np.testing.assert_array_equal(np.asarray(out), [20, 35, 54])
    assert printed == []  # compiled and ran from the objects themselves
    # The text exists when asked for, printed from the same module.
    assert "stablehlo.multiply" in exe.hlo_modules()[0].to_mlir_text()


def test_live_module_is_not_changed_by_compiling(client):
    module = parse_module(PROGRAM)
    before = parse_module(PROGRAM)
    client.compile_and_load(module, client.devices()[:1])
    assert module.structurally_equals(before)


def test_live_module_that_does_not_verify_is_invalid_argument(client):
    module = parse_module(PROGRAM)
    body = module.function("main").body.entry
    add = body.operations[0]
    # An add whose result type disagrees with its operands.
    from jaxlib._src.ir.types import TensorType

    body.operations[0] = Operation("stablehlo.add", add.operands, [TensorType((4,), "f32")])
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT"):
        client.compile_and_load(module, client.devices()[:1])


def test_live_module_with_persistent_cache_goes_through_text(client, tmp_path, monkeypatch):
    from jaxlib._src.compiler import persistent_cache

    monkeypatch.setattr(persistent_cache, "cache_dir", lambda: tmp_path)
    compiled = pipeline.compile_program(parse_module(PROGRAM))
    assert compiled.source_text is not None and "stablehlo.add" in compiled.source
