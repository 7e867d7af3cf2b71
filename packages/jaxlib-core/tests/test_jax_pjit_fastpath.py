"""jit's dispatch fast path (``_jax.pjit``) under unmodified jax 0.10.2: a
cache hit runs the executable without jax's ``cache_miss``, with the slow
path's results and side effects (donation, static arguments, keyword
arguments, pytrees, disable_jit, x64, methods, eager operations).

Importing jax patches jaxlib's classes for the whole process, so the jax part
runs in a subprocess that prints its observations as JSON. Skips where jax is
not installed."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap

import pytest

_JAX = importlib.util.find_spec("jax")
if _JAX is None or _JAX.origin is None:  # origin None: a namespace folder, not jax
    pytest.skip("needs jax installed over this jaxlib", allow_module_level=True)

SCRIPT = textwrap.dedent(r"""
    import json, os
    os.environ["JAX_PLATFORMS"] = "cpu"
    import numpy as np
    import jax
    import jax.numpy as jnp
    from jax._src import util as jax_util

    out = {}
    events = []
    jax_util.test_event_listener = lambda name, *a: events.append(name)

    def counted(f):
        # Counts calls to the jitted function's cache_miss (the slow path).
        box = {"n": 0}
        inner = f._cache_miss
        def miss(*a, **k):
            box["n"] += 1
            return inner(*a, **k)
        f._cache_miss = miss
        return box

    def same(x, y):
        return bool(np.array_equal(np.asarray(x), np.asarray(y)))

    a = jnp.arange(8, dtype=jnp.float32)
    b = jnp.ones(8, jnp.float32)
    c = jnp.full(8, 2.0, jnp.float32)

    # Hits skip cache_miss and agree with numpy.
    f = jax.jit(lambda x, y, z: x * y + z)
    n = counted(f)
    r = [f(a, b, c) for _ in range(5)]
    out["hits"] = {"misses": n["n"], "size": f._cache_size(),
                   "equal": all(same(x, np.arange(8) + 2.0) for x in r),
                   "dtype": str(r[-1].dtype), "committed": r[-1].committed}
    # A new shape is a miss; the old one still hits.
    f(jnp.ones(3), jnp.ones(3), jnp.ones(3))
    f(a, b, c)
    out["shapes"] = {"misses": n["n"], "size": f._cache_size()}
    f._clear_cache()
    f(a, b, c)
    out["clear"] = {"misses": n["n"], "size": f._cache_size()}

    # Python scalars and numpy arrays go through the shard_arg fallback on hits.
    g = jax.jit(lambda x, s: x * s)
    n = counted(g)
    vals = [g(np.arange(4, dtype=np.float32), 3.0) for _ in range(3)]
    out["fallback"] = {"misses": n["n"], "equal": all(same(v, np.arange(4) * 3.0) for v in vals),
                       "weak": [g(a, 2).aval.weak_type, g(a, 2).dtype.name]}

    # On a hit, a numpy array for a one-device call is put on the device by the
    # dispatch itself, as XLA's does (counted as device_put_with_device), a 64-bit
    # one as jax canonicalizes it: float64 -> float32, int64 -> int32 (wrapping).
    from jax._src import test_util as jtu
    h = jax.jit(lambda x, i: (x * 2, i + 1))
    n = counted(h)
    wide = np.array([1.0, 2.5, 1e-40]), np.array([7, 2**40 + 3])
    first = h(*wide)
    with jtu.count_internal_device_puts() as puts:
        again = h(*wide)
    with jtu.count_internal_device_puts() as put_calls:
        jax.device_put(np.arange(3))
    out["numpy_puts"] = {
        "misses": n["n"], "puts": puts(), "device_put": put_calls(),
        "same": all(same(x, y) and x.dtype == y.dtype for x, y in zip(first, again)),
        "dtypes": [again[0].dtype.name, again[1].dtype.name],
        "ints": np.asarray(again[1]).tolist()}

    # jax's typed literals (what grad hands its eager ops): a typed array's
    # aval, weak type included, and a typed scalar's dtype are in the key.
    from jax._src import literals
    lit = jax.jit(lambda x: x * 2)
    n = counted(lit)
    typed = [literals.TypedNdArray(np.ones(3, np.float32)) for _ in range(3)]
    typed_vals = [lit(t) for t in typed]
    typed_scalars = [lit(literals.TypedFloat(1.5, np.dtype(np.float32))) for _ in range(2)]
    out["typed_literals"] = {"misses": n["n"],
                             "equal": all(same(v, np.full(3, 2.0)) for v in typed_vals)
                             and all(same(v, 3.0) for v in typed_scalars)}

    # Static arguments, keyword arguments, pytrees in and out.
    h = jax.jit(lambda x, k, *, scale: {"y": (x * k * scale, x.sum())}, static_argnums=1)
    n = counted(h)
    r1 = h(a, 2, scale=b)
    r2 = h(a, 2, scale=b)
    r3 = h(a, 3, scale=b)
    out["static_kwargs_pytree"] = {
        "misses": n["n"], "size": h._cache_size(),
        "equal": same(r1["y"][0], np.arange(8) * 2.0) and same(r2["y"][0], r1["y"][0])
        and same(r3["y"][0], np.arange(8) * 3.0) and same(r2["y"][1], 28.0),
        "structure": str(jax.tree_util.tree_structure(r2))}
    t = jax.jit(lambda p: (p["w"] @ p["v"], [p["v"]]))
    n = counted(t)
    p = {"w": jnp.eye(3), "v": jnp.arange(3.0)}
    t(p)
    r = t(p)
    out["pytree_io"] = {"misses": n["n"], "equal": same(r[0], np.arange(3.0)),
                        "list": isinstance(r[1], list)}

    # Donation: the donated input is deleted on hits too.
    d = jax.jit(lambda x: x + 1, donate_argnums=0)
    n = counted(d)
    x0 = jnp.zeros(4)
    x1 = d(x0)
    x2 = d(x1)
    out["donation"] = {"misses": n["n"], "deleted": [x0.is_deleted(), x1.is_deleted()],
                       "value": np.asarray(x2).tolist()}
    try:
        d(x1)
        out["donation"]["reuse"] = "no error"
    except Exception as e:
        out["donation"]["reuse"] = type(e).__name__

    # disable_jit runs the Python function on every call.
    calls = []
    def py(x):
        calls.append(1)
        return x * 2
    j = jax.jit(py)
    j(a)
    j(a)
    with jax.disable_jit():
        j(a)
        j(a)
    out["disable_jit"] = len(calls)

    # x64 is in the key: the same function retraces and returns 64-bit values.
    k = jax.jit(lambda x: x * 2)
    n = counted(k)
    x64_in = np.arange(3, dtype=np.float64)
    dt32 = k(x64_in).dtype.name
    jax.config.update("jax_enable_x64", True)
    try:
        dt64 = [k(x64_in).dtype.name, k(x64_in).dtype.name]
    finally:
        jax.config.update("jax_enable_x64", False)
    dt32b = k(x64_in).dtype.name
    out["x64"] = {"dtypes": [dt32, *dt64, dt32b], "misses": n["n"]}

    # Methods (__get__).
    class M:
        def __init__(self, s):
            self.s = s
        def __hash__(self):
            return 1
        def __eq__(self, other):
            return isinstance(other, M) and other.s == self.s
        @jax.jit
        def plain(x, y):
            return x + y
    m = M(2.0)
    out["method"] = same(M.plain(a, b), np.arange(8) + 1.0)
    meth = jax.jit(lambda self, x: x * self.s, static_argnums=0)
    n = counted(meth)
    out["static_self"] = [same(meth(m, a), np.arange(8) * 2.0) for _ in range(3)] + [n["n"]]

    # Eager operations hit after their first call: no jit_cpp_cache_miss event.
    a + b
    a + b
    del events[:]
    y = a + b
    z = jnp.sin(a)
    z = jnp.sin(a)
    del events[:]
    for _ in range(5):
        y = a + b
        z = jnp.sin(a)
    out["eager"] = {"events": events.count("jit_cpp_cache_miss"),
                    "equal": same(y, np.arange(8) + 1.0)
                    and bool(np.allclose(z, np.sin(np.arange(8.0)), atol=1e-6))}

    # Deleted inputs raise as on the slow path.
    e = jax.jit(lambda x: x * 3)
    e(b)
    dead = jnp.ones(8, jnp.float32)
    dead.delete()
    try:
        e(dead)
        out["deleted"] = "no error"
    except RuntimeError as err:
        out["deleted"] = "deleted" in str(err)

    # Non-hashable static arguments: jax's error.
    s = jax.jit(lambda x, k: x, static_argnums=1)
    try:
        s(a, [1])
        out["unhashable"] = "no error"
    except ValueError as err:
        out["unhashable"] = "Non-hashable static arguments" in str(err)

    # Integers that may overflow take the slow path, which reports them.
    o = jax.jit(lambda x: x + 0)
    o(1)
    try:
        o(2**40)
        out["overflow"] = "no error"
    except OverflowError:
        out["overflow"] = True

    # Shared caches: a second jax.jit of the same function reuses executables;
    # clear_caches empties them.
    def shared(x):
        return x - 1
    jax.jit(shared)(a)
    second = jax.jit(shared)
    n = counted(second)
    second(a)
    out["shared"] = {"misses": n["n"], "size": second._cache_size()}
    jax.clear_caches()
    out["cleared_size"] = second._cache_size()
    second(a)
    out["after_clear"] = {"misses": n["n"], "size": second._cache_size()}

    # debug_nans: jax's post hook runs on hits, as on the slow path.
    lg = jax.jit(jnp.log)
    bad = jnp.array([-1.0, 1.0])
    lg(bad)
    lg(bad)
    jax.config.update("jax_debug_nans", True)
    caught = []
    for fn in (lg, jnp.log):
        try:
            fn(bad)
            caught.append("no error")
        except FloatingPointError:
            caught.append("FloatingPointError")
    jax.config.update("jax_debug_nans", False)
    out["debug_nans"] = caught
    print(json.dumps(out))
""")


@pytest.fixture(scope="module")
def observed() -> dict:
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    env.pop("JAX_ENABLE_X64", None)
    proc = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_hits_skip_cache_miss(observed):
    assert observed["hits"] == {"misses": 1, "size": 1, "equal": True, "dtype": "float32",
                                "committed": False}


def test_new_shapes_miss_and_clear_cache(observed):
    assert observed["shapes"] == {"misses": 2, "size": 2}
    assert observed["clear"] == {"misses": 3, "size": 1}


def test_scalars_and_numpy_arguments(observed):
    assert observed["fallback"]["misses"] == 1
    assert observed["fallback"]["equal"]
    assert observed["fallback"]["weak"] == [False, "float32"]


def test_numpy_arguments_go_to_the_device_in_dispatch(observed):
    puts = observed["numpy_puts"]
    assert puts["misses"] == 1 and puts["same"]
    assert puts["puts"] == {"device_put_with_device": 2}
    assert puts["device_put"] == {"device_put_with_sharding": 1,
                                  "device_put_fully_replicated": 1}
    assert puts["dtypes"] == ["float32", "int32"] and puts["ints"] == [8, 4]


def test_typed_literals_hit(observed):
    # Two misses: the array and the scalar; the repeats hit.
    assert observed["typed_literals"] == {"misses": 2, "equal": True}


def test_static_kwargs_pytrees(observed):
    r = observed["static_kwargs_pytree"]
    assert r["misses"] == 2 and r["size"] == 2 and r["equal"]
    assert r["structure"] == "PyTreeDef({'y': (*, *)})"
    assert observed["pytree_io"] == {"misses": 1, "equal": True, "list": True}


def test_donation(observed):
    r = observed["donation"]
    assert r["misses"] == 1
    assert r["deleted"] == [True, True]
    assert r["value"] == [2.0] * 4
    assert r["reuse"] == "RuntimeError"


def test_disable_jit(observed):
    assert observed["disable_jit"] == 3  # one trace, then two Python calls


def test_x64_in_key(observed):
    assert observed["x64"] == {"dtypes": ["float32", "float64", "float64", "float32"],
                               "misses": 2}


def test_methods(observed):
    assert observed["method"] is True
    assert observed["static_self"] == [True, True, True, 1]


def test_eager_ops_hit(observed):
    assert observed["eager"] == {"events": 0, "equal": True}


def test_errors_match_slow_path(observed):
    assert observed["deleted"] is True
    assert observed["unhashable"] is True
    assert observed["overflow"] is True


def test_shared_cache_and_clear_caches(observed):
    assert observed["shared"] == {"misses": 0, "size": 1}
    assert observed["cleared_size"] == 0
    assert observed["after_clear"] == {"misses": 1, "size": 1}


def test_debug_nans_post_hook(observed):
    assert observed["debug_nans"] == ["FloatingPointError", "FloatingPointError"]


CALLBACKS = textwrap.dedent(r"""
    import jax, jax.numpy as jnp, numpy as np
    # A host callback that runs jax itself, in a program small enough to run
    # at once on the calling thread, and in one that runs on the device's stream.
    small = jax.jit(lambda x: x + jax.pure_callback(
        lambda a: jnp.array(1, dtype=jnp.int32), jax.ShapeDtypeStruct((), jnp.int32), x))
    big = jax.jit(lambda x: (x @ x).sum() + jax.pure_callback(
        lambda a: np.asarray(jnp.sum(jnp.asarray(a)), np.float32),
        jax.ShapeDtypeStruct((), jnp.float32), x @ x))
    print(int(small(1)), float(big(jnp.ones((300, 300)))))
""")


def test_host_callbacks_may_run_jax():
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    proc = subprocess.run([sys.executable, "-c", CALLBACKS], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert proc.stdout.split() == ["2", str(2 * 300.0 ** 3)]
