"""The custom-call registry."""

import ctypes

import pytest

from jaxlib import xla_client
from jaxlib._src.ops import custom_call_registry as custom_call
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


_PROVIDER_MODULE = '''
from jaxlib import xla_client

CALLS = []


def register():
    CALLS.append("register")
    xla_client.register_custom_call_target(
        "test_provided_target", lambda operands, results, attributes: None,
        platform="cpu", api_version=1)


def broken():
    raise RuntimeError("provider is broken")
'''


@pytest.fixture
def provider_entry_points(tmp_path, monkeypatch):
    """Entry points of the ``jaxlib.custom_call_providers`` group naming a real module
    written to tmp_path; the registry forgets that it already loaded its providers."""
    from importlib.metadata import EntryPoint

    (tmp_path / "_test_cc_provider.py").write_text(_PROVIDER_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    entry_points = [
        EntryPoint("broken", "_test_cc_provider:broken", custom_call.CUSTOM_CALL_PROVIDERS_GROUP),
        EntryPoint("demo", "_test_cc_provider:register", custom_call.CUSTOM_CALL_PROVIDERS_GROUP),
    ]
    seen_groups = []

    def fake_entry_points(group):
        seen_groups.append(group)
        return entry_points

    monkeypatch.setattr(custom_call, "_entry_points", fake_entry_points)
    monkeypatch.setattr(custom_call, "_providers_loaded", False)
    yield seen_groups


def test_unknown_target_loads_custom_call_providers_once(provider_entry_points):
    import _test_cc_provider

    with pytest.warns(UserWarning, match="'broken'.*provider is broken"):
        target = custom_call.lookup_custom_call_target("test_provided_target", "cpu")
    assert target is not None and target.api_version == 1
    assert _test_cc_provider.CALLS == ["register"]
    assert provider_entry_points == [custom_call.CUSTOM_CALL_PROVIDERS_GROUP]
    # Loaded once per process: later misses do not reload the providers.
    assert custom_call.lookup_custom_call_target("test_still_missing", "cpu") is None
    assert custom_call.load_custom_call_providers() == []
    assert _test_cc_provider.CALLS == ["register"]
    assert provider_entry_points == [custom_call.CUSTOM_CALL_PROVIDERS_GROUP]


def test_known_targets_do_not_load_providers(provider_entry_points):
    xla_client.register_custom_call_target("test_known_no_load", lambda *a: None, platform="cpu")
    assert custom_call.lookup_custom_call_target("test_known_no_load", "cpu") is not None
    assert provider_entry_points == []
