"""stablehlo.custom_call on CPU: C targets in PyCapsules (the legacy XLA
signatures and the status API), Python targets of each convention, host
callbacks, unknown-target errors, and the check.* targets of the conformance
programs."""

from __future__ import annotations

import ctypes
import itertools
import shutil
import subprocess

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.compiler.pipeline import compile_program
from jaxlib._src.ops.custom_call_registry import register_custom_call_target
from jaxlib._src.ops.registry import TOKEN
from jaxlib._src.tools import checks

_C_SOURCE = r"""
#include <stddef.h>
#include <stdint.h>
#include <string.h>

extern "C" {
typedef struct XlaCustomCallStatus_ XlaCustomCallStatus;
struct XlaCustomCallStatus_ {
  void (*set_failure)(XlaCustomCallStatus*, const char*, size_t);
  int32_t failed;
};
static void XlaCustomCallStatusSetFailure(XlaCustomCallStatus* s, const char* m, size_t n) {
  s->set_failure(s, m, n);
}

void add_original(void* out, const void** in) {
  const float* a = (const float*)in[0];
  const float* b = (const float*)in[1];
  float* o = (float*)out;
  for (int i = 0; i < 4; ++i) o[i] = a[i] + b[i];
}

void add_sub_original(void* out, const void** in) {
  void** outs = (void**)out;
  const float* a = (const float*)in[0];
  const float* b = (const float*)in[1];
  for (int i = 0; i < 4; ++i) {
    ((float*)outs[0])[i] = a[i] + b[i];
    ((float*)outs[1])[i] = a[i] - b[i];
  }
}

void double_or_fail(void* out, const void** in, XlaCustomCallStatus* status) {
  const float* a = (const float*)in[0];
  float* o = (float*)out;
  for (int i = 0; i < 4; ++i) {
    if (a[i] < 0) {
      const char* message = "negative input";
      XlaCustomCallStatusSetFailure(status, message, strlen(message));
      return;
    }
    o[i] = 2 * a[i];
  }
}

void scale_by_opaque(void* out, const void** in, const char* opaque, size_t length,
                     XlaCustomCallStatus* status) {
  if (length == 0) {
    XlaCustomCallStatusSetFailure(status, "empty opaque", 12);
    return;
  }
  int32_t k = 0;
  for (size_t i = 0; i < length; ++i) k = k * 10 + (opaque[i] - '0');
  const int32_t* a = (const int32_t*)in[0];
  int32_t* o = (int32_t*)out;
  for (int i = 0; i < 4; ++i) o[i] = a[i] * k;
}

void negate_scalar(void* out, const void** in) {
  *(double*)out = -*(const double*)in[0];
}

void increment_in_place(void* out, const void** in) {
  int32_t* o = (int32_t*)out;  /* aliased: starts as a copy of operand 0 */
  for (int i = 0; i < 4; ++i) o[i] += 1;
}
}
"""

_names = itertools.count()


def _unique(stem: str) -> str:
    return f"test_cc_{stem}_{next(_names)}"


def _capsule(address: int) -> object:
    new = ctypes.pythonapi.PyCapsule_New
    new.restype = ctypes.py_object
    new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    return new(address, b"xla._CUSTOM_CALL_TARGET", None)


@pytest.fixture(scope="module")
def c_targets(tmp_path_factory):
    """name in the C library -> registered target name."""
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("g++ is needed to build the C custom-call targets")
    folder = tmp_path_factory.mktemp("custom_call_lib")
    source = folder / "targets.cc"
    source.write_text(_C_SOURCE)
    library = folder / "libtargets.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-O1", "-o", str(library), str(source)],
                   check=True, capture_output=True)
    lib = ctypes.CDLL(str(library))
    names = {}
    for symbol in ("add_original", "add_sub_original", "double_or_fail", "scale_by_opaque",
                   "increment_in_place", "negate_scalar"):
        address = ctypes.cast(getattr(lib, symbol), ctypes.c_void_p).value
        names[symbol] = _unique(symbol)
        register_custom_call_target(names[symbol], _capsule(address), platform="cpu")
    names["_library"] = lib  # keeps the library loaded
    return names


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client(asynchronous=False)


def _run(client, text: str, *args):
    executable = client.compile_and_load(text, client.devices()[:1])
    buffers = [client.buffer_from_pyval(np.asarray(a)) for a in args]
    return [np.asarray(out) for out in executable.execute(buffers)]


def _compile(client, text: str):
    return client.compile_and_load(text, client.devices()[:1])


F32_4 = "tensor<4xf32>"
A = np.array([0.0, 1.0, 2.0, 3.0], np.float32)
B = np.array([1.0, 1.0, 1.0, 1.0], np.float32)


# -- C targets ----------------------------------------------------------------------------


def test_capsule_original_single_result(client, c_targets):
    text = f"""func.func @main(%a: {F32_4}, %b: {F32_4}) -> {F32_4} {{
      %0 = stablehlo.custom_call @{c_targets['add_original']}(%a, %b)
          : ({F32_4}, {F32_4}) -> {F32_4}
      return %0 : {F32_4}
    }}"""
    (out,) = _run(client, text, A, B)
    np.testing.assert_array_equal(out, A + B)


def test_capsule_original_multiple_results_get_a_pointer_array(client, c_targets):
    text = f"""func.func @main(%a: {F32_4}, %b: {F32_4}) -> ({F32_4}, {F32_4}) {{
      %0:2 = stablehlo.custom_call @{c_targets['add_sub_original']}(%a, %b)
          : ({F32_4}, {F32_4}) -> ({F32_4}, {F32_4})
      return %0#0, %0#1 : {F32_4}, {F32_4}
    }}"""
    total, difference = _run(client, text, A, B)
    np.testing.assert_array_equal(total, A + B)
    np.testing.assert_array_equal(difference, A - B)


def test_capsule_tuple_result(client, c_targets):
    text = f"""func.func @main(%a: {F32_4}, %b: {F32_4}) -> {F32_4} {{
      %0 = stablehlo.custom_call @{c_targets['add_sub_original']}(%a, %b)
          : ({F32_4}, {F32_4}) -> tuple<{F32_4}, {F32_4}>
      %1 = stablehlo.get_tuple_element %0[1] : (tuple<{F32_4}, {F32_4}>) -> {F32_4}
      return %1 : {F32_4}
    }}"""
    (out,) = _run(client, text, A, B)
    np.testing.assert_array_equal(out, A - B)


def _status_program(target: str) -> str:
    return f"""func.func @main(%a: {F32_4}) -> {F32_4} {{
      %0 = stablehlo.custom_call @{target}(%a) {{api_version = 2 : i32}} : ({F32_4}) -> {F32_4}
      return %0 : {F32_4}
    }}"""


def test_capsule_status_returning_success(client, c_targets):
    (out,) = _run(client, _status_program(c_targets["double_or_fail"]), A)
    np.testing.assert_array_equal(out, 2 * A)


def test_capsule_status_returning_failure_raises_with_message(client, c_targets):
    with pytest.raises(XlaRuntimeError, match="negative input"):
        _run(client, _status_program(c_targets["double_or_fail"]), -A - 1)


def _unified_program(target: str, opaque: str) -> str:
    return f"""func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {{
      %0 = stablehlo.custom_call @{target}(%a) {{api_version = 3 : i32,
          backend_config = "{opaque}"}} : (tensor<4xi32>) -> tensor<4xi32>
      return %0 : tensor<4xi32>
    }}"""


def test_capsule_status_returning_unified_gets_the_opaque(client, c_targets):
    x = np.arange(4, dtype=np.int32)
    (out,) = _run(client, _unified_program(c_targets["scale_by_opaque"], "12"), x)
    np.testing.assert_array_equal(out, 12 * x)


def test_capsule_status_returning_unified_failure(client, c_targets):
    x = np.arange(4, dtype=np.int32)
    with pytest.raises(XlaRuntimeError, match="empty opaque"):
        _run(client, _unified_program(c_targets["scale_by_opaque"], ""), x)


def test_capsule_output_operand_alias_starts_from_the_operand(client, c_targets):
    x = np.arange(4, dtype=np.int32)
    text = f"""func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {{
      %0 = stablehlo.custom_call @{c_targets['increment_in_place']}(%a) {{
          output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [],
            operand_index = 0, operand_tuple_indices = []>]}} : (tensor<4xi32>) -> tensor<4xi32>
      return %0 : tensor<4xi32>
    }}"""
    (out,) = _run(client, text, x)
    np.testing.assert_array_equal(out, x + 1)


def test_capsule_scalar_operand_and_result(client, c_targets):
    text = f"""func.func @main(%a: tensor<f64>) -> tensor<f64> {{
      %0 = stablehlo.custom_call @{c_targets['negate_scalar']}(%a) : (tensor<f64>) -> tensor<f64>
      return %0 : tensor<f64>
    }}"""
    (out,) = _run(client, text, np.float64(2.5))
    assert out.shape == () and out == -2.5


def test_typed_ffi_capsule_is_unimplemented_at_compile_time(client, c_targets):
    lib = c_targets["_library"]
    address = ctypes.cast(lib.add_original, ctypes.c_void_p).value
    name = _unique("ffi_capsule")
    register_custom_call_target(name, _capsule(address), platform="cpu", api_version=1)
    text = f"""func.func @main(%a: {F32_4}) -> {F32_4} {{
      %0 = stablehlo.custom_call @{name}(%a) {{api_version = 4 : i32}} : ({F32_4}) -> {F32_4}
      return %0 : {F32_4}
    }}"""
    with pytest.raises(XlaRuntimeError, match=f"UNIMPLEMENTED.*{name}"):
        _compile(client, text)


# -- Python targets --------------------------------------------------------------------------


def test_python_legacy_target_single_and_multiple_results(client):
    one, two = _unique("py_one"), _unique("py_two")
    register_custom_call_target(one, lambda a, b: a * b)
    register_custom_call_target(two, lambda a, b: (a + b, (a - b).astype(np.int32)))
    text = f"""func.func @main(%a: {F32_4}, %b: {F32_4}) -> ({F32_4}, {F32_4}, tensor<4xi32>) {{
      %0 = stablehlo.custom_call @{one}(%a, %b) : ({F32_4}, {F32_4}) -> {F32_4}
      %1:2 = stablehlo.custom_call @{two}(%a, %b) {{api_version = 2 : i32}}
          : ({F32_4}, {F32_4}) -> ({F32_4}, tensor<4xi32>)
      return %0, %1#0, %1#1 : {F32_4}, {F32_4}, tensor<4xi32>
    }}"""
    product, total, difference = _run(client, text, A, B + 1)
    np.testing.assert_array_equal(product, A * 2)
    np.testing.assert_array_equal(total, A + 2)
    np.testing.assert_array_equal(difference, (A - 2).astype(np.int32))


def test_python_target_operands_are_read_only(client):
    name = _unique("writer")

    def writer(a):
        a[0] = 100
        return a

    register_custom_call_target(name, writer)
    text = f"""func.func @main(%a: {F32_4}) -> {F32_4} {{
      %0 = stablehlo.custom_call @{name}(%a) : ({F32_4}) -> {F32_4}
      return %0 : {F32_4}
    }}"""
    with pytest.raises(XlaRuntimeError, match="read-only"):
        _run(client, text, A)


def test_python_target_wrong_result_shape_or_dtype_is_an_error(client):
    name = _unique("bad_result")
    register_custom_call_target(name, lambda a: a.astype(np.float64))
    text = f"""func.func @main(%a: {F32_4}) -> {F32_4} {{
      %0 = stablehlo.custom_call @{name}(%a) : ({F32_4}) -> {F32_4}
      return %0 : {F32_4}
    }}"""
    with pytest.raises(XlaRuntimeError, match=r"returned float64\[4\].*expected float32\[4\]"):
        _run(client, text, A)


def test_python_target_exception_becomes_runtime_error(client):
    name = _unique("raises")

    def raises(a):
        raise ValueError("target says no")

    register_custom_call_target(name, raises)
    text = f"""func.func @main(%a: {F32_4}) -> {F32_4} {{
      %0 = stablehlo.custom_call @{name}(%a) {{has_side_effect = true}} : ({F32_4}) -> {F32_4}
      return %0 : {F32_4}
    }}"""
    with pytest.raises(XlaRuntimeError, match="target says no"):
        _run(client, text, A)


def test_python_typed_ffi_target_gets_results_and_decoded_attributes(client):
    name = _unique("ffi")
    seen = {}

    def handler(operands, results, attributes):
        seen.update(attributes)
        (x,) = operands
        results[0][...] = x * attributes["scale"] + attributes["offsets"]
        results[1][...] = x.sum()

    register_custom_call_target(name, {"execute": handler}, api_version=1)
    text = f"""func.func @main(%a: {F32_4}) -> ({F32_4}, tensor<f32>) {{
      %0:2 = stablehlo.custom_call @{name}(%a) {{mhlo.backend_config = {{scale = 3.0 : f32,
          offsets = array<i64: 1, 2, 3, 4>, mode = 76 : ui8, label = "x", flag = true}}}}
          : ({F32_4}) -> ({F32_4}, tensor<f32>)
      return %0#0, %0#1 : {F32_4}, tensor<f32>
    }}"""
    scaled, total = _run(client, text, A)
    np.testing.assert_array_equal(scaled, A * 3 + np.array([1, 2, 3, 4]))
    assert total == A.sum()
    assert seen["mode"] == 76 and seen["mode"].dtype == np.uint8
    assert seen["scale"].dtype == np.float32
    assert seen["offsets"].dtype == np.int64 and seen["label"] == "x" and seen["flag"] is True


def test_python_typed_ffi_api_version_4_backend_config(client):
    name = _unique("ffi4")

    def handler(operands, results, attributes):
        results[0][...] = operands[0] + attributes["delta"]

    register_custom_call_target(name, handler, api_version=1)
    text = f"""func.func @main(%a: {F32_4}) -> {F32_4} {{
      %0 = stablehlo.custom_call @{name}(%a) {{api_version = 4 : i32,
          backend_config = {{delta = 5 : i32}}}} : ({F32_4}) -> {F32_4}
      return %0 : {F32_4}
    }}"""
    (out,) = _run(client, text, A)
    np.testing.assert_array_equal(out, A + 5)


def test_typed_ffi_handler_stages_other_than_execute_are_unimplemented(client):
    name = _unique("stages")
    noop = lambda operands, results, attributes: None  # noqa: E731
    register_custom_call_target(name, {"execute": noop, "prepare": noop}, api_version=1)
    text = f"""func.func @main(%a: {F32_4}) -> {F32_4} {{
      %0 = stablehlo.custom_call @{name}(%a) {{api_version = 4 : i32}} : ({F32_4}) -> {F32_4}
      return %0 : {F32_4}
    }}"""
    with pytest.raises(XlaRuntimeError, match=r"UNIMPLEMENTED.*\['prepare'\]"):
        _compile(client, text)


# -- unknown targets ------------------------------------------------------------------------


def _program_calling(target: str) -> str:
    return f"""func.func @main(%a: {F32_4}) -> {F32_4} {{
      %0 = stablehlo.custom_call @{target}(%a) : ({F32_4}) -> {F32_4}
      return %0 : {F32_4}
    }}"""


def test_unknown_target_is_a_compile_time_error_naming_it(client):
    with pytest.raises(XlaRuntimeError, match="NOT_FOUND.*'no_such_target_xyz'"):
        _compile(client, _program_calling("no_such_target_xyz"))


def test_lapack_target_points_at_jaxlib_linalg(client):
    # A LAPACK-style name no kernel provides (jaxlib-linalg may be installed).
    with pytest.raises(XlaRuntimeError, match=r"jaxlib-linalg.*jaxlib-core\[linalg\]"):
        _compile(client, _program_calling("lapack_xnosuchroutine_ffi"))


def test_sparse_target_points_at_jaxlib_sparse(client):
    # A sparse-style name no kernel provides (jaxlib-sparse may be installed).
    with pytest.raises(XlaRuntimeError, match=r"jaxlib-sparse.*jaxlib-core\[sparse\]"):
        _compile(client, _program_calling("cpu_csr_no_such_kernel_ffi"))


def test_bad_api_version_does_not_verify(client):
    text = f"""func.func @main(%a: {F32_4}) -> {F32_4} {{
      %0 = stablehlo.custom_call @x(%a) {{api_version = 7 : i32}} : ({F32_4}) -> {F32_4}
      return %0 : {F32_4}
    }}"""
    with pytest.raises(XlaRuntimeError, match="api_version 7"):
        _compile(client, text)


# -- host callbacks -------------------------------------------------------------------------

_CALLBACKS = """func.func @main(%a: tensor<3xf32>, %t: !stablehlo.token)
    -> (tensor<3xf32>, tensor<3xf32>, !stablehlo.token, tensor<3xf32>) {
  %c = stablehlo.constant dense<2> : tensor<i64>
  %0 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%a) {api_version = 4 : i32,
      backend_config = {index = 0 : ui64}, has_side_effect = false}
      : (tensor<3xf32>) -> tensor<3xf32>
  %1:2 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%t, %a) {
      mhlo.backend_config = {index = 1 : ui64}, has_side_effect = true}
      : (!stablehlo.token, tensor<3xf32>) -> (!stablehlo.token, tensor<3xf32>)
  %2 = stablehlo.custom_call @xla_python_cpu_callback(%c, %a) {api_version = 2 : i32,
      backend_config = "2", has_side_effect = true} : (tensor<i64>, tensor<3xf32>)
      -> tuple<tensor<3xf32>>
  %3 = stablehlo.get_tuple_element %2[0] : (tuple<tensor<3xf32>>) -> tensor<3xf32>
  return %0, %1#1, %1#0, %3 : tensor<3xf32>, tensor<3xf32>, !stablehlo.token, tensor<3xf32>
}"""


def test_host_callbacks_by_index_with_tokens_and_legacy_descriptor():
    calls = []

    def double(x):
        calls.append(("double", x.flags.writeable))
        return (x * 2,)

    def with_token(token, x):
        calls.append(("token", token))
        return (token, x + 1)

    def legacy(x):
        calls.append(("legacy", x.shape))
        return [x - 1]

    compiled = compile_program(_CALLBACKS, None, host_callbacks=[double, with_token, legacy])
    x = np.arange(3, dtype=np.float32)
    doubled, incremented, token, decremented = compiled.program(x, TOKEN)
    np.testing.assert_array_equal(doubled, 2 * x)
    np.testing.assert_array_equal(incremented, x + 1)
    np.testing.assert_array_equal(decremented, x - 1)
    assert token is TOKEN
    assert calls == [("double", False), ("token", None), ("legacy", (3,))]


def test_missing_host_callback_is_a_clear_error():
    compiled = compile_program(_CALLBACKS, None, host_callbacks=[])
    with pytest.raises(XlaRuntimeError, match="host callback 0.*given 0 host callbacks"):
        compiled.program(np.zeros(3, np.float32), TOKEN)


def test_host_callback_errors_and_bad_results_raise():
    text = """func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
      %0 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%a) {
          mhlo.backend_config = {index = 0 : ui64}} : (tensor<2xf32>) -> tensor<2xf32>
      return %0 : tensor<2xf32>
    }"""

    def fails(x):
        raise RuntimeError("callback broke")

    with pytest.raises(XlaRuntimeError, match="CpuCallback error.*callback broke"):
        compile_program(text, None, host_callbacks=[fails]).program(np.zeros(2, np.float32))
    wrong = compile_program(text, None, host_callbacks=[lambda x: (x.astype(np.int32),)])
    with pytest.raises(XlaRuntimeError, match=r"int32\[2\].*expected float32\[2\]"):
        wrong.program(np.zeros(2, np.float32))


def test_side_effecting_callback_without_results_runs():
    seen = []
    text = """func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {
      stablehlo.custom_call @xla_ffi_python_cpu_callback(%a) {
          mhlo.backend_config = {index = 0 : ui64}, has_side_effect = true}
          : (tensor<2xi32>) -> ()
      return %a : tensor<2xi32>
    }"""
    compiled = compile_program(text, None, host_callbacks=[lambda x: seen.append(x.tolist())])
    compiled.program(np.array([4, 5], np.int32))
    assert seen == [[4, 5]]


# -- buffer callbacks (jax.experimental.buffer_callback) ----------------------------------

_BUFFER_CALLBACK = """func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xi32>)
    -> (tensor<2x3xf32>, tensor<3xi32>) {
  %0:2 = stablehlo.custom_call @xla_buffer_python_cpu_callback(%a, %b) {api_version = 4 : i32,
      backend_config = {index = 0 : ui64}, has_side_effect = false{aliases}}
      : (tensor<2x3xf32>, tensor<3xi32>) -> (tensor<2x3xf32>, tensor<3xi32>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<3xi32>
}"""


def _buffer_program(aliases: str = "") -> str:
    return _BUFFER_CALLBACK.replace("{aliases}", aliases)


def test_buffer_callbacks_fill_their_results_in_place():
    from jaxlib._jax import ffi

    seen = {}

    def callback(context, a, b, out_a, out_b):
        seen["stage"] = context.stage
        with pytest.raises(XlaRuntimeError, match="XLA FFI GPU context is not available"):
            _ = context.stream
        seen["buffers"] = [(x.shape, x.dtype, x.writeable) for x in (a, b, out_a, out_b)]
        with pytest.raises(ValueError, match="read-only"):
            np.asarray(a)[...] = 0  # operands are read-only
        np.asarray(out_a)[...] = np.asarray(a) * 2
        np.from_dlpack(b)  # DLPack on the CPU too
        np.asarray(out_b)[...] = np.asarray(b) + 1

    compiled = compile_program(_buffer_program(), None, host_callbacks=[callback])
    a, b = np.arange(6, dtype=np.float32).reshape(2, 3), np.array([1, 2, 3], np.int32)
    out_a, out_b = compiled.program(a, b)
    np.testing.assert_array_equal(out_a, a * 2)
    np.testing.assert_array_equal(out_b, b + 1)
    np.testing.assert_array_equal(a, np.arange(6).reshape(2, 3))  # the operand untouched
    assert seen["stage"] == ffi.ExecutionStage.EXECUTE
    assert seen["buffers"] == [((2, 3), np.float32, False), ((3,), np.int32, False),
                               ((2, 3), np.float32, True), ((3,), np.int32, True)]


def test_buffer_callback_aliases_share_memory_and_results_start_zeroed():
    def callback(context, a, b, out_a, out_b):
        assert np.asarray(a).ctypes.data == np.asarray(out_a).ctypes.data  # aliased
        assert not np.asarray(out_b).any()  # a fresh result is zeros
        np.asarray(out_a)[0] += 10

    aliases = (", output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_"
               "indices = [0], operand_index = 0, operand_tuple_indices = []>]")
    compiled = compile_program(_buffer_program(aliases), None, host_callbacks=[callback])
    a = np.ones((2, 3), np.float32)
    out_a, out_b = compiled.program(a, np.zeros(3, np.int32))
    np.testing.assert_array_equal(out_a, [[11, 11, 11], [1, 1, 1]])
    np.testing.assert_array_equal(a, np.ones((2, 3)))  # the caller's operand untouched
    assert not out_b.any()


def test_buffer_callbacks_that_return_values_or_fail_raise():
    compiled = compile_program(_buffer_program(), None, host_callbacks=[lambda *args: (1,)])
    with pytest.raises(XlaRuntimeError, match="returned values; it must fill"):
        compiled.program(np.zeros((2, 3), np.float32), np.zeros(3, np.int32))

    def fails(*args):
        raise RuntimeError("callback broke")

    compiled = compile_program(_buffer_program(), None, host_callbacks=[fails])
    with pytest.raises(XlaRuntimeError, match="callback broke"):
        compiled.program(np.zeros((2, 3), np.float32), np.zeros(3, np.int32))
    with pytest.raises(XlaRuntimeError, match="'index' must be a ui64"):
        compile_program(_buffer_program().replace("0 : ui64", "0 : i32"), None,
                        host_callbacks=[fails])



def test_gpu_buffer_callbacks_on_the_cpu_are_an_explicit_unimplemented():
    text = _buffer_program().replace("xla_buffer_python_cpu_callback",
                                     "xla_buffer_python_gpu_callback")
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED.*runs on jaxlib-gpu's devices"):
        compile_program(text, None, host_callbacks=[lambda *args: None])

# -- check.* targets ----------------------------------------------------------------------


def _check_program(target: str, element: str, attributes: str = "") -> str:
    extra = f", {attributes}" if attributes else ""
    t = f"tensor<3x{element}>"
    return f"""func.func @main(%a: {t}, %b: {t}) -> {t} {{
      stablehlo.custom_call @{target}(%a, %b) {{has_side_effect = true{extra}}} : ({t}, {t}) -> ()
      return %a : {t}
    }}"""


def test_check_targets_pass_and_fail(client):
    checks.ensure_registered()
    x = np.array([1.0, 2.0, 3.0], np.float32)
    _run(client, _check_program("check.expect_eq", "f32"), x, x)
    with pytest.raises(XlaRuntimeError, match="expect_eq"):
        _run(client, _check_program("check.expect_eq", "f32"), x, x + 1)
    _run(client, _check_program("check.expect_almost_eq", "f32"), x, x + 5e-4)
    with pytest.raises(XlaRuntimeError, match="expect_almost_eq"):
        _run(client, _check_program("check.expect_almost_eq", "f32"), x, x + 1e-2)


def test_check_expect_close_ulp_bounds(client):
    checks.ensure_registered()
    x = np.array([1.0, 2.0, 3.0], np.float32)
    three_ulps = np.nextafter(np.nextafter(np.nextafter(x, 9), 9), 9).astype(np.float32)
    _run(client, _check_program("check.expect_close", "f32"), x, three_ulps)  # default 0..3
    narrow = "mhlo.backend_config = {max_ulp_difference = 2 : i64}"
    with pytest.raises(XlaRuntimeError, match="expect_close"):
        _run(client, _check_program("check.expect_close", "f32", narrow), x, three_ulps)
    exact_not_allowed = "min_ulp_difference = 1 : i64"
    with pytest.raises(XlaRuntimeError, match="expect_close"):
        _run(client, _check_program("check.expect_close", "f32", exact_not_allowed), x, x)


def test_check_eq_returns_true_or_fails(client):
    checks.ensure_registered()
    text = """func.func @main(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<i1> {
      %0 = stablehlo.custom_call @check.eq(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<i1>
      return %0 : tensor<i1>
    }"""
    a = np.array([1, 2], np.int32)
    (ok,) = _run(client, text, a, a)
    assert ok.dtype == np.bool_ and bool(ok)
    with pytest.raises(XlaRuntimeError, match="expect_eq"):
        _run(client, text, a, a + 1)


def test_testdata_style_file_runs_through_conformance(tmp_path):
    from jaxlib._src.tools.conformance import run_file

    program = tmp_path / "close.mlir"
    program.write_text("""// RUN: stablehlo-translate --interpret -split-input-file %s
module {
  func.func @main() -> tensor<2xf32> {
    %0 = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
    %1 = stablehlo.constant dense<[1.0, 2.5]> : tensor<2xf32>
    stablehlo.custom_call @check.expect_close(%0, %1) {has_side_effect = true}
        : (tensor<2xf32>, tensor<2xf32>) -> ()
    return %0 : tensor<2xf32>
  }
}
""")
    results = run_file(program)
    assert [r.passed for r in results] == [True], [r.message for r in results]


def test_dce_sink_keeps_its_operands_and_does_nothing(client):
    # jax's lax.dce_sink(..., prevent_mlir_dce=True): a side-effecting sink.
    text = """
    func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
      %0 = stablehlo.add %a, %a : tensor<4xf32>
      stablehlo.custom_call @dce_sink(%0) {has_side_effect = true, api_version = 4 : i32,
                                         backend_config = {}} : (tensor<4xf32>) -> ()
      return %a : tensor<4xf32>
    }
    """
    (out,) = _run(client, text, A)
    np.testing.assert_array_equal(out, A)
    with pytest.raises(XlaRuntimeError, match="'dce_sink' has no results"):
        _compile(client, text.replace("-> ()", "-> tensor<4xf32>").replace(
            "stablehlo.custom_call", "%1 = stablehlo.custom_call"))


def test_allocate_buffer_gives_a_buffer_of_its_type(client):
    # lax.empty on GPUs and TPUs: XLA's builtin target; its contents are unspecified.
    text = """
    func.func public @main() -> tensor<2x3xf32> {
      %0 = stablehlo.custom_call @AllocateBuffer() : () -> tensor<2x3xf32>
      return %0 : tensor<2x3xf32>
    }
    """
    (out,) = _run(client, text)
    assert out.shape == (2, 3) and out.dtype == np.float32
    with pytest.raises(XlaRuntimeError, match="'AllocateBuffer' takes no operands"):
        _compile(client, """
    func.func public @main(%a: tensor<2xf32>) -> tensor<2xf32> {
      %0 = stablehlo.custom_call @AllocateBuffer(%a) : (tensor<2xf32>) -> tensor<2xf32>
      return %0 : tensor<2xf32>
    }
    """)


def test_memory_placement_annotations_are_identities(client):
    # jax's device_put to a memory kind inside jit (XLA's host offloading moves
    # the value; here every value of a running program lives in one memory).
    text = """
    func.func public @main(%a: tensor<3xf32>) -> tensor<3xf32> {
      %0 = stablehlo.custom_call @annotate_device_placement(%a) {has_side_effect = true,
        mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}}
        : (tensor<3xf32>) -> tensor<3xf32>
      return %0 : tensor<3xf32>
    }
    """
    (out,) = _run(client, text, np.arange(3, dtype=np.float32))
    np.testing.assert_array_equal(out, [0, 1, 2])
    with pytest.raises(XlaRuntimeError, match="'annotate_device_placement' takes one operand"):
        _compile(client, text.replace("-> tensor<3xf32>\n      return",
                                      "-> tensor<3xi32>\n      return").replace(
            "return %0 : tensor<3xf32>", "return %a : tensor<3xf32>"))


APPROX_TOP_K = """
module @jit_approx attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @cmp(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<i32>,
                        %arg3: tensor<i32>) -> tensor<i1> {
    %0 = stablehlo.compare DIRECTION, %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %0 : tensor<i1>
  }
  func.func public @main(%arg0: tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>) {
    %0 = stablehlo.iota dim = 1 : tensor<2x5xi32>
    %1 = stablehlo.constant dense<-1> : tensor<i32>
    %2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %3:2 = stablehlo.custom_call @ApproxTopK(%arg0, %0, %2, %1) {backend_config = "",
      called_computations = [@cmp], mhlo.backend_config = {aggregate_to_topk = true,
      is_fallback = true, recall_target = 9.500000e-01 : f32, reduction_dim = 1 : i64,
      reduction_input_size_override = -1 : i64, top_k = 2 : i64}}
      : (tensor<2x5xf32>, tensor<2x5xi32>, tensor<f32>, tensor<i32>)
      -> (tensor<2x2xf32>, tensor<2x2xi32>)
    return %3#0, %3#1 : tensor<2x2xf32>, tensor<2x2xi32>
  }
}
"""


@pytest.mark.parametrize("direction", ["GT", "LT"])
def test_approx_top_k_is_exact_top_k(client, direction):
    # lax.approx_max_k / approx_min_k (jax's fallback lowering on CPU and GPU).
    x = np.array([[0.5, 3.0, -1.0, 3.0, 2.0], [-4.0, 1.0, 0.0, 7.0, -2.0]], np.float32)
    values, indices = _run(client, APPROX_TOP_K.replace("DIRECTION", direction), x)
    order = np.argsort(-x if direction == "GT" else x, axis=1, kind="stable")[:, :2]
    np.testing.assert_array_equal(indices, order)
    np.testing.assert_array_equal(values, np.take_along_axis(x, order, axis=1))
    with pytest.raises(XlaRuntimeError,
                       match="UNIMPLEMENTED: custom call 'ApproxTopK' ordering by EQ"):
        _compile(client, APPROX_TOP_K.replace("DIRECTION", "EQ"))
