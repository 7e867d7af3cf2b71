"""jaxlib._jax.config, guard_lib and jax_jit's config setters."""

from __future__ import annotations

import threading

import pytest

from jaxlib._jax import config, guard_lib, jax_jit
from jaxlib._src.jax_api import config as config_impl
from jaxlib._src.jax_api import guard_lib as guard_impl
from jaxlib._src.jax_api import jax_jit as jit_impl


def test_global_and_local_values():
    c = config.Config("test_basic", 1)
    assert c.name == "test_basic"
    assert c.value == 1 and c.get_global() == 1 and c.get_local() is config.unset
    c.set_global(2)
    assert c.value == 2
    c.set_local(3)
    assert c.value == 3 and c.get_global() == 2 and c.get_local() == 3
    c.set_global(4)
    assert c.value == 3
    assert c.swap_local(config.unset) == 3
    assert c.value == 4 and c.get_local() is config.unset
    assert c.swap_local(None) is config.unset
    assert c.value is None  # None is a value, not "unset"
    c.set_local(config.unset)
    assert c.value == 4


def test_locals_are_per_thread():
    c = config.Config("test_threads", "global")
    c.set_local("main")
    seen = {}

    def body(i):
        seen[f"before{i}"] = c.value
        for j in range(50):
            c.set_local((i, j))
            assert c.value == (i, j) and c.get_global() == "global"
        seen[f"after{i}"] = c.value

    threads = [threading.Thread(target=body, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(seen[f"before{i}"] == "global" for i in range(4))
    assert all(seen[f"after{i}"] == (i, 49) for i in range(4))
    assert c.value == "main"
    c.set_local(config.unset)


def test_subclass_with_slots_like_jax_state():
    class State(config.Config):
        __slots__ = ("_name", "_hook", "__doc__", "__name__")

        def __init__(self, name, default):
            super().__init__(name, default, include_in_jit_key=True)
            self._name = name
            self.__name__ = name[4:]
            self.__doc__ = f"doc of {name}"

        @property
        def name(self):
            return self._name

    s = State("jax_sub", 7)
    assert s.value == 7 and s.name == "jax_sub" and s.__name__ == "sub"
    assert s.__doc__ == "doc of jax_sub"
    assert config.Config[int] is not None  # generic, as jax annotates it
    assert "jax_sub" in config_impl.jit_key_names()


def test_trace_context_follows_changes():
    a = config.Config("test_tc_a", 1, include_in_trace_context=True)
    b = config.Config("test_tc_b", "x", include_in_trace_context=True)
    names = config.trace_context_names()
    ia, ib = names.index("test_tc_a"), names.index("test_tc_b")
    ctx = config.trace_context()
    assert ctx[ia] == 1 and ctx[ib] == "x"
    assert config.trace_context() is ctx  # cached while nothing changes
    a.set_global(2)
    assert config.trace_context()[ia] == 2
    b.set_local("y")
    assert config.trace_context()[ib] == "y"
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("ctx", config.trace_context()))
    t.start()
    t.join()
    assert out["ctx"][ib] == "x"  # another thread does not see this thread's local
    b.set_local(config.unset)
    assert config.trace_context()[ib] == "x"


def test_config_name_must_be_str():
    with pytest.raises(TypeError):
        config.Config(1)


def test_guard_states():
    g = guard_lib.global_state()
    assert g is guard_lib.global_state()
    local = guard_lib.thread_local_state()
    assert local is not g and local is guard_lib.thread_local_state()
    assert g.host_to_device is None and g.explicit_device_put is False
    other = {}
    t = threading.Thread(target=lambda: other.setdefault("s", guard_lib.thread_local_state()))
    t.start()
    t.join()
    assert other["s"] is not local
    levels = guard_lib.TransferGuardLevel
    assert [lv.value for lv in levels] == [0, 1, 2, 3, 4]
    assert guard_lib.GarbageCollectionGuardLevel.FATAL.value == 2
    try:
        g.host_to_device = levels.DISALLOW
        assert guard_impl.transfer_guard_action("host_to_device") == "disallow"
        local.explicit_device_put = True
        assert guard_impl.transfer_guard_action("host_to_device") == "allow"
        local.host_to_device = levels.LOG_EXPLICIT
        assert guard_impl.transfer_guard_action("host_to_device") == "log"
        assert guard_impl.transfer_guard_action("device_to_host") == "allow"
        g.garbage_collect_array = guard_lib.GarbageCollectionGuardLevel.LOG
        assert guard_impl.garbage_collect_array_level().name == "LOG"
    finally:
        g.host_to_device = local.host_to_device = None
        local.explicit_device_put = False
        g.garbage_collect_array = None


def test_thread_guard():
    guard_lib.update_thread_guard_global_state(True)
    try:
        guard_lib.update_thread_guard_global_state(True)  # nested, same thread
        guard_impl.check_thread_guard([0, 0])
        guard_impl.check_thread_guard([0, 1])
        errors = []

        def other():
            try:
                guard_lib.update_thread_guard_global_state(True)
            except RuntimeError as e:
                errors.append(str(e))
            try:
                guard_impl.check_thread_guard([0, 1])
            except RuntimeError as e:
                errors.append(str(e))

        t = threading.Thread(target=other)
        t.start()
        t.join()
        assert "Nested thread guards in different threads" in errors[0]
        assert "multi-process JAX operation was called from thread" in errors[1]
    finally:
        guard_lib.update_thread_guard_global_state(False)


def test_jit_state_setters():
    disable = config.Config("test_disable_jit", False)
    x64 = config.Config("test_x64", True)
    hook = config.Config("test_post_hook", None)
    old = (jit_impl._disable_jit_state, jit_impl._enable_x64_state, jit_impl._post_hook_state)
    try:
        jax_jit.set_disable_jit_state(disable)
        jax_jit.set_enable_x64_state(x64)
        jax_jit.set_post_hook_state(hook)
        assert jit_impl.disable_jit() is False and jit_impl.enable_x64() is True
        disable.set_local(True)
        assert jit_impl.disable_jit() is True
        disable.set_local(config.unset)
        assert jit_impl.post_hook() is None
    finally:
        (jit_impl._disable_jit_state, jit_impl._enable_x64_state,
         jit_impl._post_hook_state) = old
