"""Custom-call contracts: the registry extras attach checkers to, the contracts of
core's host-callback targets, and the layout and alias rules the verifier applies to
every custom call. A contract runs when the op's kernel is built (at compile time,
on static types; a shape-polymorphic program once specialized) and a violation is an
error naming the target and the op's location."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.compiler.pipeline import compile_program
from jaxlib._src.ops.custom_call_registry import (
    CustomCallSignature,
    custom_call_contract,
    register_custom_call_contract,
    register_custom_call_target,
)
from jaxlib._src.ops.registry import TOKEN

FFI_CALLBACK = "xla_ffi_python_cpu_callback"
LEGACY_CALLBACK = "xla_python_cpu_callback"
_counter = itertools.count()


def _unique(stem: str) -> str:
    return f"contract_test_{stem}_{next(_counter)}"


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client(asynchronous=False)


def _compile(client, text: str, host_callbacks=()):
    return client.compile_and_load(text, client.devices()[:1], host_callbacks=host_callbacks)


def _run(client, text: str, *args, host_callbacks=()):
    exe = _compile(client, text, host_callbacks)
    device = client.devices()[0]
    return [np.asarray(o) for o in exe.execute([client.buffer_from_pyval(a, device)
                                                for a in args])]


def _rejected(client, text: str, target: str, pattern: str, status: str = "INVALID_ARGUMENT",
              host_callbacks=()) -> str:
    with pytest.raises(XlaRuntimeError) as caught:
        _compile(client, text, host_callbacks)
    message = str(caught.value)
    assert message.startswith(status), message
    assert f"custom call '{target}'" in message, message
    assert re.search(r" at \d+:\d+: ", message), message  # the op's line:column
    assert re.search(pattern, message), (pattern, message)
    return message


# -- the registry ---------------------------------------------------------------------------


def _double_target() -> str:
    name = _unique("double")

    def handler(operands, results, attributes):
        results[0][...] = operands[0] * 2

    register_custom_call_target(name, handler, api_version=1)
    return name


def _double_program(name: str, operand: str = "tensor<4xf32>", result: str = "tensor<4xf32>",
                    attributes: str = "") -> str:
    return f"""func.func @main(%a: {operand}) -> {result} {{
  %0 = stablehlo.custom_call @{name}(%a) {{mhlo.backend_config = {{{attributes}}},
      mhlo.frontend_attributes = {{num_batch_dims = "0"}},
      operand_layouts = [dense<0> : tensor<1xindex>],
      result_layouts = [dense<0> : tensor<1xindex>]}}
      : ({operand}) -> {result}
  return %0 : {result}
}}"""


def test_a_contract_sees_the_static_signature_and_rejects_with_the_location(client):
    name = _double_target()
    seen: list[CustomCallSignature] = []

    def contract(signature: CustomCallSignature) -> None:
        seen.append(signature)
        (result,) = signature.results
        if result.shape != signature.operands[0].shape:
            raise ValueError(f"result 0 must be {signature.operands[0]}, got {result}")

    register_custom_call_contract(name, contract)
    assert custom_call_contract(name) is contract and custom_call_contract(name, "cuda") is None
    (out,) = _run(client, _double_program(name, attributes="mode = 76 : ui8"),
                  np.arange(4, dtype=np.float32))
    np.testing.assert_array_equal(out, np.arange(4) * 2)
    (signature,) = seen
    assert signature.target == name and signature.api_version == 4
    assert str(signature.operands[0]) == "f32[4]" and signature.operands[0].layout == (0,)
    assert signature.results[0].kind == "tensor" and signature.results[0].layout == (0,)
    assert signature.attributes["mode"] == 76 and isinstance(signature.attributes["mode"],
                                                             np.uint8)
    assert dict(signature.frontend_attributes) == {"num_batch_dims": "0"}
    message = _rejected(client, _double_program(name, result="tensor<2xf32>"), name,
                        r"result 0 must be f32\[4\], got f32\[2\]")
    assert " at 2:" in message  # the custom_call's line


def test_a_contract_may_declare_a_valid_call_unsupported(client):
    name = _double_target()

    def contract(signature: CustomCallSignature) -> None:
        raise NotImplementedError("mode 'Q' is not supported")

    register_custom_call_contract(name, contract)
    _rejected(client, _double_program(name), name, "mode 'Q' is not supported",
              status="UNIMPLEMENTED")


def test_a_broken_contract_fails_the_compile_rather_than_letting_the_call_run(client):
    name = _double_target()
    ran = []

    def handler(operands, results, attributes):
        ran.append(True)

    register_custom_call_target(name + "_x", handler, api_version=1)
    register_custom_call_contract(name + "_x", lambda signature: signature.operands[7])
    with pytest.raises(XlaRuntimeError, match=rf"INTERNAL: the contract check of custom call "
                                              rf"'{name}_x' failed: IndexError"):
        _compile(client, _double_program(name + "_x"))
    assert not ran


def test_contracts_are_per_platform_and_validated():
    name = _unique("platform")
    register_custom_call_contract(name, lambda signature: None, platform="gpu")
    assert custom_call_contract(name, "cuda") is not None
    assert custom_call_contract(name, "cpu") is None
    with pytest.raises(XlaRuntimeError, match="must be callable"):
        register_custom_call_contract(name, "not a function")
    with pytest.raises(XlaRuntimeError, match="non-empty string"):
        register_custom_call_contract("", lambda signature: None)


_POLYMORPHIC = """func.func public @main(%x: tensor<?x3xf32>) -> tensor<2x3xf32> {{
  %0 = stablehlo.custom_call @{name}(%x) {{mhlo.backend_config = {{}}}}
      : (tensor<?x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}}"""


def test_a_shape_polymorphic_program_is_checked_once_specialized(client):
    name = _double_target()
    seen = []

    def contract(signature: CustomCallSignature) -> None:
        seen.append((signature.operands[0].shape, signature.results[0].shape))
        if signature.operands[0].shape != signature.results[0].shape:
            raise ValueError("the result must have the operand's shape")

    register_custom_call_contract(name, contract)
    exe = _compile(client, _POLYMORPHIC.format(name=name))
    assert seen == []  # nothing is checked on dynamic shapes
    device = client.devices()[0]
    x = np.ones((2, 3), np.float32)
    (out,) = exe.execute([client.buffer_from_pyval(x, device)])
    np.testing.assert_array_equal(np.asarray(out), 2 * x)
    assert seen == [((2, 3), (2, 3))]
    with pytest.raises(XlaRuntimeError, match=rf"INVALID_ARGUMENT.*custom call '{name}': the "
                                              "result must have the operand's shape"):
        exe.execute([client.buffer_from_pyval(np.ones((5, 3), np.float32), device)])
    assert seen[-1] == ((5, 3), (2, 3))


# -- host callbacks -------------------------------------------------------------------------


def _ffi_callback(config: str = "index = 0 : ui64", layouts: str = "",
                  target: str = FFI_CALLBACK) -> str:
    extra = f", {layouts}" if layouts else ""
    return f"""func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {{
  %0 = stablehlo.custom_call @{target}(%a) {{api_version = 4 : i32,
      mhlo.backend_config = {{{config}}}, has_side_effect = true{extra}}}
      : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}}"""


_ROW_MAJOR = ("operand_layouts = [dense<[1, 0]> : tensor<2xindex>], "
              "result_layouts = [dense<[1, 0]> : tensor<2xindex>]")


@pytest.mark.parametrize("target", [FFI_CALLBACK, "xla_ffi_partitioned_python_cpu_callback"])
def test_ffi_host_callbacks_run_with_the_reference_attributes(client, target):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    for layouts in ("", _ROW_MAJOR):
        (out,) = _run(client, _ffi_callback(layouts=layouts, target=target), x,
                      host_callbacks=[lambda a: (a + 1,)])
        np.testing.assert_array_equal(out, x + 1)


@pytest.mark.parametrize("target", [FFI_CALLBACK, "xla_ffi_partitioned_python_cpu_callback"])
@pytest.mark.parametrize("config, pattern", [
    ("", "needs 'index'"),
    ("index = 0 : i64", "'index' must be a ui64"),
    ("index = 0 : i32", "'index' must be a ui64"),
    ('index = "0"', "'index' must be a ui64"),
    ("index = 0.0 : f32", "'index' must be a ui64"),
])
def test_ffi_host_callback_index_is_checked(client, target, config, pattern):
    _rejected(client, _ffi_callback(config, target=target), target, pattern,
              host_callbacks=[lambda a: (a,)])


@pytest.mark.parametrize("layouts, pattern", [
    ("operand_layouts = [dense<[0, 1]> : tensor<2xindex>], "
     "result_layouts = [dense<[1, 0]> : tensor<2xindex>]",
     r"operand 0 \(f32\[2,3\]\) has layout \[0, 1\]; host callbacks take the default "
     r"row-major layout \[1, 0\]"),
    ("operand_layouts = [dense<[1, 0]> : tensor<2xindex>], "
     "result_layouts = [dense<[0, 1]> : tensor<2xindex>]", r"result 0 .* has layout \[0, 1\]"),
])
def test_host_callback_layouts_must_be_row_major(client, layouts, pattern):
    _rejected(client, _ffi_callback(layouts=layouts), FFI_CALLBACK, pattern,
              host_callbacks=[lambda a: (a,)])


def _legacy(descriptor: str, value: str = "tensor<3xf32>",
            layouts: tuple[str, str] | None = None) -> str:
    """A legacy callback of ``value`` returning a 1-tuple; ``layouts``: the value
    operand's and the tuple element's."""
    extra = ""
    if layouts is not None:
        extra = (f", operand_layouts = [dense<> : tensor<0xindex>, {layouts[0]}], "
                 f"result_layouts = [{layouts[1]}]")
    return f"""func.func @main(%d: {descriptor}, %a: {value}) -> {value} {{
  %0 = stablehlo.custom_call @{LEGACY_CALLBACK}(%d, %a) {{api_version = 2 : i32,
      backend_config = "0", has_side_effect = true{extra}}} : ({descriptor}, {value})
      -> tuple<{value}>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<{value}>) -> {value}
  return %1 : {value}
}}"""


_VECTOR = "dense<0> : tensor<1xindex>"
_ROWS, _COLUMNS = "dense<[1, 0]> : tensor<2xindex>", "dense<[0, 1]> : tensor<2xindex>"


def test_legacy_host_callback_runs_with_a_64_bit_descriptor(client):
    x = np.arange(3, dtype=np.float32)
    for descriptor, layouts in ((np.int64(0), None), (np.uint64(0), (_VECTOR, _VECTOR))):
        element = "i64" if descriptor.dtype == np.int64 else "ui64"
        exe = compile_program(_legacy(f"tensor<{element}>", layouts=layouts), None,
                              host_callbacks=[lambda a: [a * 3]])
        (out,) = exe.program(np.asarray(descriptor), x)
        np.testing.assert_array_equal(out, x * 3)


@pytest.mark.parametrize("descriptor", ["tensor<i32>", "tensor<1xi64>", "tensor<f64>",
                                        "!stablehlo.token"])
def test_legacy_host_callback_descriptor_is_checked(client, descriptor):
    _rejected(client, _legacy(descriptor), LEGACY_CALLBACK,
              "operand 0 must be the callback descriptor, a 64-bit integer scalar")


def test_legacy_host_callback_tuple_result_layouts_are_checked(client):
    matrix = "tensor<3x2xf32>"
    compile_program(_legacy("tensor<i64>", matrix, (_ROWS, _ROWS)), None)
    _rejected(client, _legacy("tensor<i64>", matrix, (_ROWS, _COLUMNS)), LEGACY_CALLBACK,
              r"result 0 \(f32\[3,2\]\) has layout \[0, 1\]")
    _rejected(client, _legacy("tensor<i64>", matrix, (_COLUMNS, _ROWS)), LEGACY_CALLBACK,
              r"operand 1 \(f32\[3,2\]\) has layout \[0, 1\]")


def test_token_operands_of_host_callbacks_are_accepted(client):
    text = f"""func.func @main(%t: !stablehlo.token, %a: tensor<3xf32>) -> tensor<3xf32> {{
  %0:2 = stablehlo.custom_call @{FFI_CALLBACK}(%t, %a) {{mhlo.backend_config = {{index = 0 : ui64}},
      has_side_effect = true, operand_layouts = [dense<> : tensor<0xindex>,
      dense<0> : tensor<1xindex>], result_layouts = [dense<> : tensor<0xindex>,
      dense<0> : tensor<1xindex>]}} : (!stablehlo.token, tensor<3xf32>)
      -> (!stablehlo.token, tensor<3xf32>)
  return %0#1 : tensor<3xf32>
}}"""
    exe = compile_program(text, None, host_callbacks=[lambda t, a: (t, a * 2)])
    (out,) = exe.program(TOKEN, np.ones(3, np.float32))
    np.testing.assert_array_equal(out, 2 * np.ones(3))


# -- what the verifier checks of every custom call ---------------------------------------------


def _plain(attributes: str, operand: str = "tensor<2x3xf32>",
           result: str = "tensor<2x3xf32>") -> str:
    return f"""func.func @main(%a: {operand}) -> {result} {{
  %0 = stablehlo.custom_call @some_target(%a) {{{attributes}}} : ({operand}) -> {result}
  return %0 : {result}
}}"""


@pytest.mark.parametrize("attributes, pattern", [
    ("operand_layouts = [dense<[1, 0]> : tensor<2xindex>]",
     "operand_layouts and result_layouts must be given together"),
    ("operand_layouts = [], result_layouts = [dense<[1, 0]> : tensor<2xindex>]",
     "1 operands but 0 operand layouts"),
    ("operand_layouts = [dense<[1, 1]> : tensor<2xindex>], "
     "result_layouts = [dense<[1, 0]> : tensor<2xindex>]",
     r"operand 0 of type tensor<2x3xf32> has layout \[1, 1\], which is not a permutation "
     r"of \[0, 2\)"),
    ("operand_layouts = [dense<[1, 0]> : tensor<2xindex>], "
     "result_layouts = [dense<[2, 1, 0]> : tensor<3xindex>]", r"result 0 .* not a permutation"),
    ("output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], "
     "operand_index = 1, operand_tuple_indices = []>]", r"operand index 1 is out of range"),
])
def test_verifier_checks_layouts_and_aliases_of_every_custom_call(client, attributes, pattern):
    message = _rejected(client, _plain(attributes), "some_target", pattern)
    assert "program does not verify" in message


def test_verifier_checks_aliased_types(client):
    attributes = ("output_operand_aliases = [#stablehlo.output_operand_alias<"
                  "output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]")
    _rejected(client, _plain(attributes, result="tensor<3x2xf32>"), "some_target",
              r"operand part tensor<2x3xf32> and output part tensor<3x2xf32> differ")


def test_verifier_rejects_layouts_on_tuples_and_tokens(client):
    text = """func.func @main(%t: !stablehlo.token) -> !stablehlo.token {
  %0 = stablehlo.custom_call @some_target(%t) {operand_layouts = [dense<0> : tensor<1xindex>],
      result_layouts = [dense<> : tensor<0xindex>]} : (!stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}"""
    _rejected(client, text, "some_target", r"operand 0 of type !stablehlo.token cannot have "
                                           r"layout \[0\]")
    text = """func.func @main(%a: tuple<tensor<2xf32>>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @some_target(%a) {operand_layouts = [dense<0> : tensor<1xindex>],
      result_layouts = [dense<0> : tensor<1xindex>]} : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}"""
    _rejected(client, text, "some_target", "operand 0 is a tuple: tuples cannot have layouts")
