"""The custom-call registry."""

import ctypes

import pytest

from jaxlib import xla_client
from jaxlib._src.runtime import custom_call
from jaxlib.xla_client import CustomCallTargetTraits, XlaRuntimeError


def _capsule(address: int, name: bytes = b"xla._CUSTOM_CALL_TARGET"):
    make = ctypes.pythonapi.PyCapsule_New
    make.restype = ctypes.py_object
    make.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    return make(address, name, None)


def test_register_and_list_python_and_capsule_targets():
    fn = lambda *args: None  # noqa: E731
    xla_client.register_custom_call_target("test_py_target", fn, platform="cpu")
    libc = ctypes.CDLL(None)
    cap = _capsule(ctypes.cast(libc.memcpy, ctypes.c_void_p).value)
    xla_client.register_custom_call_target("test_capsule_target", cap, platform="Host")
    targets = xla_client.custom_call_targets("cpu")
    assert targets["test_py_target"] is fn
    assert targets["test_capsule_target"] is cap
    assert xla_client.custom_call_targets("host") == targets
    entry = custom_call.lookup_custom_call_target("test_py_target")
    assert entry.api_version == 0 and entry.traits == CustomCallTargetTraits.DEFAULT


def test_ffi_handler_dicts_and_traits():
    fn = lambda *args: None  # noqa: E731
    xla_client.register_custom_call_target(
        "test_ffi", {"execute": fn, "prepare": fn}, platform="cpu", api_version=1,
        traits=CustomCallTargetTraits.COMMAND_BUFFER_COMPATIBLE)
    entry = custom_call.lookup_custom_call_target("test_ffi", "cpu")
    assert entry.api_version == 1
    assert entry.traits == CustomCallTargetTraits.COMMAND_BUFFER_COMPATIBLE
    with pytest.raises(XlaRuntimeError, match="'execute' entry"):
        xla_client.register_custom_call_target("bad_ffi", {"prepare": fn}, api_version=1)
    with pytest.raises(XlaRuntimeError, match="unknown handler stages"):
        xla_client.register_custom_call_target(
            "bad_ffi", {"execute": fn, "run": fn}, api_version=1)


def test_registration_errors():
    fn = lambda: None  # noqa: E731
    with pytest.raises(XlaRuntimeError, match="api_version"):
        xla_client.register_custom_call_target("t", fn, api_version=9)
    with pytest.raises(XlaRuntimeError, match="PyCapsule"):
        xla_client.register_custom_call_target("t", 42)
    with pytest.raises(XlaRuntimeError, match="non-empty"):
        xla_client.register_custom_call_target("", fn)
    xla_client.register_custom_call_target("test_dup", fn)
    xla_client.register_custom_call_target("test_dup", fn)  # same fn: idempotent
    with pytest.raises(XlaRuntimeError, match="ALREADY_EXISTS"):
        xla_client.register_custom_call_target("test_dup", lambda: 1)


def test_handler_receives_past_and_future_registrations():
    seen = []
    fn = lambda: None  # noqa: E731
    xla_client.register_custom_call_target("test_rocm_before", fn, platform="ROCM")
    xla_client.register_custom_call_handler(
        "rocm", lambda name, f, platform, version, traits: seen.append((name, platform)))
    xla_client.register_custom_call_target("test_rocm_after", fn, platform="rocm")
    assert ("test_rocm_before", "rocm") in seen
    assert ("test_rocm_after", "rocm") in seen
    with pytest.raises(XlaRuntimeError, match="ALREADY_EXISTS"):
        xla_client.register_custom_call_handler("rocm", lambda *a: None)


def test_gpu_alias_and_platform_separation():
    fn = lambda: None  # noqa: E731
    xla_client.register_custom_call_target("test_cuda_only", fn, platform="gpu")
    assert "test_cuda_only" in xla_client.custom_call_targets("CUDA")
    assert "test_cuda_only" not in xla_client.custom_call_targets("cpu")


def test_partitioner_and_batch_partitionable():
    calls = (lambda *a: None, lambda *a: None, lambda *a: None)
    xla_client.register_custom_call_partitioner("test_part", *calls,
                                                can_side_effecting_have_replicated_sharding=True)
    p = custom_call.custom_call_partitioner("test_part")
    assert p.partition is calls[1]
    assert p.can_side_effecting_have_replicated_sharding
    with pytest.raises(XlaRuntimeError, match="must be callable"):
        xla_client.register_custom_call_partitioner("bad", None, *calls[1:])
    xla_client.register_custom_call_as_batch_partitionable("test_batch")
    assert custom_call.is_batch_partitionable("test_batch")
    assert not custom_call.is_batch_partitionable("test_part")
