"""The runtime side of ``jaxlib._jax``/``xla_client`` that jax 0.10.2 needs:
versions, import-time modules, pjit's slow path, ArrayImpl under jax's
``use_cpp_class``, shardings, tracebacks, result handlers."""

import json
import sys
import traceback

import numpy as np
import pytest

import jaxlib
from jaxlib import _jax, xla_client
from jaxlib._src.runtime import array as array_mod
from jaxlib.xla_client import XlaRuntimeError


def test_versions():
    assert jaxlib.version.__version__ == "0.10.2"
    assert jaxlib.version.__version_info__ == (0, 10, 2)
    assert 457 <= xla_client._version <= 467
    assert xla_client._ifrt_version > 0
    assert _jax.JaxRuntimeError is xla_client.XlaRuntimeError


def test_import_time_modules():
    import jaxlib._hlo as hlo
    import jaxlib._ifrt_proxy
    import jaxlib._profile_data
    import jaxlib._profiler as profiler
    import jaxlib.cpu_feature_guard as guard
    import jaxlib.gpu_prng as gpu_prng
    import jaxlib.mosaic.python.tpu

    guard.check_cpu_features()
    assert set(gpu_prng.registrations()) == {"CUDA", "ROCM"}
    assert hlo.HloSharding.replicate().is_replicated()
    opts = hlo.HloPrintOptions.short_parsable()
    opts.print_metadata = True

    class Annotation(profiler.TraceMe):
        pass

    with Annotation("x", step=1):
        pass
    with pytest.raises(NotImplementedError, match="CPU only"):
        jaxlib._ifrt_proxy.get_client("addr", None)
    with pytest.raises(FileNotFoundError):  # profiles are read (test_profiler.py)
        jaxlib._profile_data.ProfileData.from_file("no such profile file")
    with pytest.raises(NotImplementedError, match="get_instructions_profile"):
        profiler.get_instructions_profile(b"")  # (the server: test_profiler_server.py)


def test_pjit_slow_path_and_attributes():
    calls = []

    def fun(x, y=1):
        return x + y

    def cache_miss(*args, **kwargs):
        calls.append((args, kwargs))
        return fun(*args, **kwargs), None, False

    cache = _jax.PjitFunctionCache(capacity=8)
    f = _jax.pjit("fun", fun, cache_miss, (), (), None, None, None, cache)
    assert f(1, y=2) == 3 and calls == [((1,), {"y": 2})]
    f.__wrapped__ = fun  # writable __dict__ (functools.wraps)
    type(f).lower = lambda self: "lowered"
    assert f.lower() == "lowered"
    assert f._cache_size() == 0
    f._clear_cache()
    _jax.PjitFunctionCache.clear_all()
    assert cache.capacity() == 8 and cache.size() == 0

    class C:
        method = _jax.pjit("m", lambda self, v: v * 2,
                           lambda *a: (a[1] * 2, None, False), (), (), None, None, None)

    assert C().method(4) == 8


def _cpu():
    return xla_client.make_cpu_client().devices()[0]


def test_array_impl_accepts_use_cpp_class_setattr():
    device = _cpu()
    sharding = xla_client.SingleDeviceSharding(device)
    aval = array_mod.ShapedArray((3,), np.float32)
    x = xla_client.batched_device_put(aval, sharding, [np.arange(3, dtype=np.float32)],
                                      [device], committed=True)
    value, did_copy = x._single_device_array_to_np_array_did_copy()
    assert value.tolist() == [0, 1, 2] and did_copy is False
    assert x._arrays == [x] and x.sharding is sharding and x._committed
    assert isinstance(x, xla_client.Array)

    class Sub(xla_client.ArrayImpl):  # stand-in for jax's setattr: on a subclass
        pass

    Sub.shape = property(lambda self: ("jax", self.aval.shape))
    y = Sub(aval, sharding, [x], True)
    assert y.shape == ("jax", (3,))
    handler = xla_client.array_result_handler(aval, sharding, True, _skip_checks=True)
    z = handler.wrap(lambda a: a.aval.shape)([x])
    assert z == (3,)
    assert handler.pre_wrap(lambda xs: xs)(x)._buffers == x._buffers


def test_tracer_isinstance():
    class Tracer:
        pass

    old = array_mod._ArrayMeta.tracer_class
    try:
        _jax.set_tracer_class(Tracer)
        assert isinstance(Tracer(), xla_client.Array)
        assert not isinstance(Tracer(), xla_client.ArrayImpl)
    finally:
        array_mod._ArrayMeta.tracer_class = old


def test_shardings_eq_hash():
    device = _cpu()
    a = xla_client.SingleDeviceSharding(device)
    b = xla_client.SingleDeviceSharding(device, memory_kind="device")
    assert a == b and hash(a) == hash(b)
    g1 = xla_client.GSPMDSharding([device], xla_client.HloSharding.replicate())
    g2 = xla_client.GSPMDSharding(xla_client.DeviceList((device,)),
                                  xla_client.HloSharding.replicate())
    assert g1 == g2 and hash(g1) == hash(g2)
    assert isinstance(g1._devices, xla_client.DeviceList)


def test_partitions_and_hooks():
    assert _jax.canonicalize_partition(()) is None
    assert _jax.canonicalize_partition(("x",)) == "x"
    assert _jax.canonicalize_partitions((None, ["x", "y"])) == (None, ("x", "y"))
    _jax.collect_garbage()
    assert _jax.is_optimized_build() and not _jax.is_sanitized()
    assert set(_jax.get_internal_device_put_info()) >= {"device_put_batched"}
    with _jax.TracebackScope():
        pass
    assert _jax.RuntimeTracebackMode.OFF == 0


def test_traceback_raw_frames_and_add():
    tb = xla_client.Traceback.get_traceback()
    codes, lastis = tb.raw_frames()
    assert codes[0] is sys._getframe().f_code
    line, col, end_line, end_col = xla_client.Traceback.code_addr2location(codes[0], lastis[0])
    assert line > 0 and end_line >= line
    empty = xla_client.Traceback()
    assert empty.raw_frames() == ([], [])
    assert len((tb + empty).frames) == len(tb.frames)
    assert hash(tb) == hash(tb + empty)


def test_gpu_threefry_target_matches_the_reference_bits():
    import jaxlib.gpu_prng as gpu_prng

    (name, handler, api), = gpu_prng.registrations()["CUDA"]
    assert (name, api) == ("cu_threefry2x32_ffi", 1)
    # jax's known-answer vector: threefry_2x32(key 0x13198a2e 0x03707344, count 0x243f6a88
    # 0x85a308d3), from the Random123 test vectors.
    words = [np.full(3, v, np.uint32) for v in (0x13198A2E, 0x03707344, 0x243F6A88, 0x85A308D3)]
    out = [np.zeros(3, np.uint32), np.zeros(3, np.uint32)]
    handler(words, out, {})
    assert [hex(int(o[0])) for o in out] == ["0xc4923a9c", "0x483df7a0"]
    with pytest.raises(ValueError, match="threefry2x32"):
        handler([np.zeros(2, np.int32)] * 4, out, {})


def test_an_error_in_a_jitted_call_shows_no_jaxlib_frames():
    # The reference dispatches in C++: a traceback goes from the caller
    # straight into jax (here: the cache_miss), with no frame of jaxlib's.
    def cache_miss(*args, **kwargs):
        raise ZeroDivisionError("from the slow path")

    f = _jax.pjit("fun", lambda x: x, cache_miss, (), (), None, None, None)
    with pytest.raises(ZeroDivisionError) as info:
        f(1)
    names = [entry.name for entry in traceback.extract_tb(info.value.__traceback__)]
    files = [entry.filename for entry in traceback.extract_tb(info.value.__traceback__)]
    assert names[-2:] == ["test_an_error_in_a_jitted_call_shows_no_jaxlib_frames", "cache_miss"]
    assert not any(f.startswith(tuple(jaxlib.__path__)) for f in files)
    g = _jax.pjit("g", lambda x, y=1: x + y, lambda *a, **k: (a[0] + k.get("y", 1), None, False),
                  (), (), None, None, None)
    assert g(1, y=5) == 6


def test_tracebacks_leave_out_jaxlib_frames_and_stop_at_a_scope():
    def captured():
        return xla_client.Traceback.get_traceback()

    def traced_under_a_scope():
        with _jax.TracebackScope():
            return captured()

    test = "test_tracebacks_leave_out_jaxlib_frames_and_stop_at_a_scope"
    names = [frame.function_name for frame in captured().frames]  # qualified, as the reference
    assert names[:2] == [f"{test}.<locals>.captured", test]
    scoped = [frame.function_name for frame in traced_under_a_scope().frames]
    # the frame that entered the scope and its callers are cut
    assert scoped == [f"{test}.<locals>.captured"]
    # A traceback captured inside jaxlib (here: PjitFunction's dispatch) keeps
    # the user's frames only.
    f = _jax.pjit("f", None, lambda *a: (xla_client.Traceback.get_traceback(), None, False),
                  (), (), None, None, None)
    inside = f()
    files = [frame.file_name for frame in inside.frames]
    assert files and not any(name.startswith(tuple(jaxlib.__path__)) for name in files)
    scope = _jax.TracebackScope()
    with scope:
        with pytest.raises(ValueError, match="recursively"):
            scope.__enter__()


def test_pprof_profiles_between_json_and_the_wire_form():
    profile = {"string_table": ["", "a", "b"],
               "sample": [{"location_id": [1, 2], "value": [3],
                           "label": [{"key": 1, "str": 2}]}],
               "location": [{"id": 1, "line": [{"function_id": 1, "line": -5}]}],
               "function": [{"id": 1, "name": 1, "start_line": 3}],
               "comment": 2, "time_nanos": "123"}
    wire = _jax.json_to_pprof_profile(json.dumps(profile))
    # The reference jaxlib 0.10.2's bytes and JSON for the same profile.
    assert wire.hex() == ("120d0a0201021201031a040801100222110801220d080110fbffffffffffffffff01"
                          "2a060801100128033200320161320162487b6a0102")
    assert _jax.pprof_profile_to_json(wire) == (
        '{"sample":[{"locationId":["1","2"],"value":["3"],"label":[{"key":"1","str":"2"}]}],'
        '"location":[{"id":"1","line":[{"functionId":"1","line":"-5"}]}],'
        '"function":[{"id":"1","name":"1","startLine":"3"}],"stringTable":["","a","b"],'
        '"timeNanos":"123","comment":["2"]}')
    assert _jax.json_to_pprof_profile(_jax.pprof_profile_to_json(wire)) == wire
    for bad, message in [({"nope": 1}, "no field 'nope'"),
                         ({"sample": [{"value": ["x"]}]}, "expected an integer"),
                         ({"string_table": [3]}, "expected a string"),
                         ({"time_nanos": 1 << 63}, "out of range")]:
        with pytest.raises(ValueError, match=message):
            _jax.json_to_pprof_profile(json.dumps(bad))
    with pytest.raises(ValueError, match="not JSON"):
        _jax.json_to_pprof_profile("{")
    with pytest.raises(ValueError, match="truncated|past the end"):
        _jax.pprof_profile_to_json(b"\x12\x05\x0a")


def test_arrays_freed_by_the_cyclic_collector_are_reported_when_asked(capsys):
    import gc

    guard = _jax.guard_lib
    client = xla_client.make_cpu_client()

    def cycle():
        a = client.buffer_from_pyval(np.ones(3, np.float32), client.devices()[0])
        holder = [a]
        holder.append(holder)  # the list holds itself: only the collector frees it
        a.holder = holder

    state = guard.thread_local_state()
    try:
        cycle()
        gc.collect()
        assert "deleted by the Python garbage collector" not in capsys.readouterr().err
        state.garbage_collect_array = guard.GarbageCollectionGuardLevel.LOG
        cycle()
        gc.collect()
        err = capsys.readouterr().err
        assert "`jax.Array` was deleted by the Python garbage collector" in err
        assert "float32[3]" in err
    finally:
        state.garbage_collect_array = None
    # An array freed by reference counting says nothing.
    plain = client.buffer_from_pyval(np.ones(2, np.float32), client.devices()[0])
    state.garbage_collect_array = guard.GarbageCollectionGuardLevel.LOG
    try:
        del plain
        assert capsys.readouterr().err == ""
    finally:
        state.garbage_collect_array = None


def test_transfer_guards_apply_to_the_runtimes_transfers(caplog):
    guard = _jax.guard_lib
    client = xla_client.make_cpu_client(num_devices=2)
    devices = client.devices()
    state = guard.thread_local_state()
    on_0 = client.buffer_from_pyval(np.ones(2, np.float32), devices[0])
    sharding = xla_client.SingleDeviceSharding(devices[1])
    try:
        state.host_to_device = guard.TransferGuardLevel.DISALLOW
        with pytest.raises(XlaRuntimeError, match="Disallowed host-to-device transfer"):
            client.buffer_from_pyval(np.ones(2, np.float32), devices[0])
        with pytest.raises(XlaRuntimeError, match="Disallowed host-to-device transfer"):
            array_mod.device_put_with_device(np.ones(2), np.dtype(np.float32), devices[0],
                                             sharding)
        state.explicit_device_put = True  # jax.device_put: an explicit transfer
        client.buffer_from_pyval(np.ones(2, np.float32), devices[0])
        state.explicit_device_put = False
        state.host_to_device = guard.TransferGuardLevel.LOG
        with caplog.at_level("WARNING", logger="jaxlib"):
            client.buffer_from_pyval(np.ones(3, np.float32), devices[0])
        assert "host-to-device transfer: aval=float32[3]" in caplog.text
        state.host_to_device = None
        state.device_to_device = guard.TransferGuardLevel.DISALLOW
        moves = [xla_client.ArrayCopySemantics.ALWAYS_COPY]
        with pytest.raises(XlaRuntimeError, match="Disallowed device-to-device transfer"):
            _jax.batched_copy_array_to_devices_with_sharding(
                [on_0], [xla_client.DeviceList((devices[1],))], [sharding], moves)
        same = xla_client.SingleDeviceSharding(devices[0])
        _jax.batched_copy_array_to_devices_with_sharding(  # a copy on its device: no transfer
            [on_0], [xla_client.DeviceList((devices[0],))], [same], moves)
    finally:
        state.host_to_device = state.device_to_device = None
        state.explicit_device_put = False
