"""Custom-call targets with a native implementation (register_native_custom_call)
run as the executor's ``native_custom_call`` kernel: the C function gets the
program's buffers, their sizes and its encoder's payload, with no Python step;
its failure is the call's error; a call its encoder declines, or a target whose
registered handler is not the one the implementation stands for, keeps the
Python handler. The C function here is a ctypes callback (a real C function
pointer), so core's tests need no compiled extra."""

import ctypes

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.compiler.pipeline import clear_compilation_cache
from jaxlib._src.ops import custom_call_registry as registry
from jaxlib.xla_client import XlaRuntimeError


class _Status(ctypes.Structure):
    pass


_SET_FAILURE = ctypes.CFUNCTYPE(None, ctypes.POINTER(_Status), ctypes.c_char_p, ctypes.c_size_t)
_Status._fields_ = [("set_failure", _SET_FAILURE), ("failed", ctypes.c_int32)]
_NATIVE_FN = ctypes.CFUNCTYPE(None, ctypes.POINTER(ctypes.c_void_p),
                              ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_int64),
                              ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(_Status))

calls: list[tuple[list[int], bytes]] = []


def _scale(outs, ins, sizes, payload, length, status):
    """out[0] = in[0] * payload (an f32 factor), for n elements."""
    data = ctypes.string_at(payload, length)
    byte_sizes = [sizes[0], sizes[1]]
    calls.append((byte_sizes, data))
    if data == b"fail":
        message = b"the payload asked to fail"
        status.contents.set_failure(status, message, len(message))
        return
    factor = np.frombuffer(data, np.float32)[0]
    n = byte_sizes[0] // 4
    src = np.ctypeslib.as_array(ctypes.cast(ins[0], ctypes.POINTER(ctypes.c_float)), (n,))
    dst = np.ctypeslib.as_array(ctypes.cast(outs[0], ctypes.POINTER(ctypes.c_float)), (n,))
    dst[:] = src * factor


_SCALE = _NATIVE_FN(_scale)  # kept alive for the process


def _capsule(address: int):
    make = ctypes.pythonapi.PyCapsule_New
    make.restype = ctypes.py_object
    make.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    return make(address, b"jaxlib.native_custom_call", None)


def _handler(operands, results, attributes):  # the Python target the native one stands for
    results[0][...] = operands[0] * np.float32(attributes["factor"])


def _encode(op, attributes):
    factor = float(attributes["factor"])
    if factor == 0:
        return None  # left to the handler
    return b"fail" if factor < 0 else np.float32(factor).tobytes()


xla_client.register_custom_call_target("test_native_scale", _handler, platform="cpu",
                                       api_version=1)
registry.register_native_custom_call(
    "test_native_scale", _capsule(ctypes.cast(_SCALE, ctypes.c_void_p).value), _encode, _handler)

PROGRAM = """
func.func @main(%x: tensor<5xf32>) -> tensor<5xf32> {{
  %y = stablehlo.custom_call @test_native_scale(%x) {{api_version = 4 : i32,
      mhlo.backend_config = {{factor = {factor} : f32}}}} : (tensor<5xf32>) -> tensor<5xf32>
  return %y : tensor<5xf32>
}}
"""


def _compile_and_run(factor: float):
    clear_compilation_cache()
    client = xla_client.make_cpu_client()
    exe = client.compile_and_load(PROGRAM.format(factor=factor), client.devices()[:1])
    x = np.arange(5, dtype=np.float32)
    out = np.asarray(exe.execute([client.buffer_from_pyval(x, client.devices()[0])])[0])
    return exe._compiled.program, x, out


def test_the_c_function_gets_the_buffers_sizes_and_payload():
    calls.clear()
    program, x, out = _compile_and_run(2.5)
    assert program.python_steps == 0
    np.testing.assert_array_equal(out, x * np.float32(2.5))
    assert calls == [([20, 20], np.float32(2.5).tobytes())]


def test_a_failure_is_the_calls_error():
    with pytest.raises(XlaRuntimeError, match="custom call 'test_native_scale' failed: "
                                              "the payload asked to fail"):
        _compile_and_run(-1.0)


def test_a_declined_call_runs_the_handler():
    calls.clear()
    program, x, out = _compile_and_run(0.0)
    assert program.python_steps == 1 and calls == []
    np.testing.assert_array_equal(out, x * 0)


def test_only_while_its_handler_is_the_registered_one(monkeypatch):
    other = registry.NativeCustomCall("test_native_scale", registry.native_custom_call(
        "test_native_scale").capsule, _encode, handler=lambda *args: None)
    monkeypatch.setitem(registry._native["cpu"], "test_native_scale", other)
    assert registry.native_custom_call("test_native_scale") is None
    program, x, out = _compile_and_run(3.0)
    assert program.python_steps == 1
    np.testing.assert_array_equal(out, x * np.float32(3.0))


def test_registration_needs_a_capsule_and_an_encoder():
    with pytest.raises(XlaRuntimeError, match="needs a PyCapsule and an encoder"):
        registry.register_native_custom_call("t", 1234, _encode, _handler)
