"""Unmodified jax 0.10.2 on the ``cuda`` backend of jaxlib-gpu: its arrays on
the GPUs, jit, grad, transfers to and from the CPU, linear algebra through the
GPU solver targets, shardings over several GPUs.

Here the GPUs are mock GPUs (``JAX_MOCK_GPU_TOPOLOGY``), which run the GPU
step programs on the host; ``JAXLIB_GPU_TEST_BACKEND=cuda`` (the GPU check)
runs the same script on real GPUs. jax skips its ``cuda`` backend where it
finds no /dev/nvidia* files: for mock GPUs the script tells it they are
there. Importing jax patches jaxlib's classes for the whole process, so jax
runs in a subprocess printing its observations as JSON. Skips where jax is not
installed (``nox -s jax-tests`` installs it)."""

from __future__ import annotations

import importlib.metadata
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
if importlib.metadata.version("jax") != "0.10.2":  # e.g. a GPU machine's own jax
    pytest.skip("this jaxlib serves jax 0.10.2", allow_module_level=True)

BACKEND = os.environ.get("JAXLIB_GPU_TEST_BACKEND", "mock")

SCRIPT = textwrap.dedent(r"""
    import json, os, sys
    if os.environ.get("JAX_MOCK_GPU_TOPOLOGY"):
        from jax._src import hardware_utils
        hardware_utils.has_visible_nvidia_gpu = lambda: True  # mock GPUs have no device files
    import numpy as np
    import jax
    import jax.numpy as jnp
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

    out = {}
    gpus = jax.devices()
    out["default_backend"] = jax.default_backend()
    out["platforms"] = sorted({d.platform for d in gpus})
    out["device_strs"] = [str(d) for d in gpus]
    out["device_count"] = jax.device_count()
    out["cuda"] = "cuda" in gpus[0].client.platform_version

    x = jnp.arange(12.0, dtype=jnp.float32).reshape(3, 4)
    out["x_on"] = [str(d) for d in x.devices()]
    f = jax.jit(lambda a, b: jnp.tanh(a @ b.T) * 2 + 1)
    y = f(x, x)
    want = np.tanh(np.asarray(x) @ np.asarray(x).T) * 2 + 1
    out["jit_ok"] = bool(np.allclose(np.asarray(y), want, rtol=1e-5, atol=1e-6))
    out["jit_again_ok"] = bool(np.allclose(np.asarray(f(x, x)), want, rtol=1e-5, atol=1e-6))

    loss = lambda w: jnp.sum(jnp.sin(w) ** 2)
    g = jax.jit(jax.grad(loss))(x)
    out["grad_ok"] = bool(np.allclose(np.asarray(g), np.sin(2 * np.asarray(x)), atol=1e-5))

    cpu = jax.devices("cpu")[0]
    on_cpu = jax.device_put(y, cpu)
    back = jax.device_put(on_cpu, gpus[0])
    out["transfers"] = [str(next(iter(on_cpu.devices()))), str(next(iter(back.devices())))]
    out["transfer_ok"] = bool(np.array_equal(np.asarray(back), np.asarray(y)))

    # DLPack: host tensors to and from the CPU backend; CUDA tensors (CuPy) on GPUs.
    out["dlpack_host_ok"] = bool(np.array_equal(np.from_dlpack(on_cpu), np.asarray(y)))
    if not os.environ.get("JAX_MOCK_GPU_TOPOLOGY"):
        import cupy
        shared = cupy.from_dlpack(y)
        out["dlpack_cuda_ok"] = bool(np.array_equal(cupy.asnumpy(shared), np.asarray(y)))
        z = jax.dlpack.from_dlpack(cupy.arange(5, dtype=cupy.float32))
        out["dlpack_cuda_in"] = [str(next(iter(z.devices()))), np.asarray(z).tolist()]

    key = jax.random.key(0)
    sample = jax.random.normal(key, (1000,))
    out["rng_mean_ok"] = bool(abs(float(sample.mean())) < 0.2)

    # The GPU threefry target (jaxlib.gpu_prng) gives the portable lowering's bits.
    portable = np.asarray(jax.random.uniform(jax.random.key(42), (5,)))
    jax.config.update("jax_threefry_gpu_kernel_lowering", True)
    uniform = jax.jit(lambda k: jax.random.uniform(k, (5,)))
    kernel = np.asarray(uniform(jax.random.key(42)))
    out["threefry_target"] = "cu_threefry2x32_ffi" in uniform.lower(
        jax.random.key(42)).as_text()
    out["threefry_host_steps"] = [
        s["op"] for s in uniform.lower(jax.random.key(42)).compile().runtime_executable()
        .reference_kernel_steps()]
    jax.config.update("jax_threefry_gpu_kernel_lowering", False)
    out["threefry_kernel_ok"] = bool(np.array_equal(portable, kernel))
    # The rbg PRNG (rng_bit_generator) on the device, the same bits as on the CPU.
    rbg_key = jax.random.key(7, impl="rbg")
    rbg = jax.jit(lambda k: jax.random.bits(k, (4, 3)))
    on_cpu = jax.jit(lambda k: jax.random.bits(k, (4, 3)), device=cpu)
    out["rbg"] = [
        [s["op"] for s in rbg.lower(rbg_key).compile().runtime_executable()
         .reference_kernel_steps()],
        bool(np.array_equal(np.asarray(rbg(rbg_key)),
                            np.asarray(on_cpu(jax.device_put(rbg_key, cpu)))))]

    rng = np.random.RandomState(0)
    a = rng.standard_normal((5, 5)).astype(np.float32)
    spd = a @ a.T + 5 * np.eye(5, dtype=np.float32)
    out["solve_ok"] = bool(np.allclose(np.asarray(jnp.linalg.solve(spd, jnp.ones(5))),
                                       np.linalg.solve(spd, np.ones(5)), rtol=1e-4))
    out["cholesky_ok"] = bool(np.allclose(np.asarray(jnp.linalg.cholesky(spd)),
                                          np.linalg.cholesky(spd), rtol=1e-4, atol=1e-5))
    out["eigh_ok"] = bool(np.allclose(np.asarray(jnp.linalg.eigvalsh(spd)),
                                      np.linalg.eigvalsh(spd), rtol=1e-4))
    # Cholesky, LU (solve, inv, det), eigh and QR run as device steps (cuSOLVER, cuBLAS).
    def host_steps(fn, *args):
        compiled = jax.jit(fn).lower(*args).compile()
        return [s["op"] for s in compiled.runtime_executable().reference_kernel_steps()]
    b = np.ones((5, 2), np.float32)
    out["linalg_host_steps"] = {
        name: host_steps(fn, *args) for name, fn, args in (
            ("solve", jnp.linalg.solve, (a, b)), ("inv", jnp.linalg.inv, (a,)),
            ("det", jnp.linalg.det, (a,)), ("cholesky", jnp.linalg.cholesky, (spd,)),
            ("eigh", jnp.linalg.eigh, (spd,)), ("qr", jnp.linalg.qr, (a,)),
            ("svd", jnp.linalg.svd, (a,)),
            ("cho_solve", lambda c, y: jax.scipy.linalg.cho_solve((c, True), y),
             (np.linalg.cholesky(spd), b)))}
    q, r = jnp.linalg.qr(a)
    out["qr_ok"] = bool(np.allclose(np.asarray(q @ r), a, rtol=1e-4, atol=1e-4))
    out["inv_ok"] = bool(np.allclose(np.asarray(jnp.linalg.inv(spd)) @ spd, np.eye(5),
                                     atol=1e-4))
    s = jnp.linalg.svd(a, compute_uv=False)
    out["svd_ok"] = bool(np.allclose(np.asarray(s), np.linalg.svd(a, compute_uv=False),
                                     rtol=1e-4))

    # eig: where the CUDA plugin reports cuSOLVER 11.7.1 or newer (jax_cuda12_plugin's
    # _versions, when installed beside), jax lowers it to cuSOLVER's geev, otherwise
    # to the hybrid kernel; both run. The plugin's report is stood in for here.
    from jax._src.lax import linalg as lax_linalg
    class Cusolver11701:
        cusolver_get_version = staticmethod(lambda: 11701)
    saved, lax_linalg.cuda_versions = lax_linalg.cuda_versions, Cusolver11701
    try:
        for implementation in ("geev", "hybrid"):
            if implementation == "hybrid":
                lax_linalg.cuda_versions = None
            jax.clear_caches()
            eig = jax.jit(lambda m: jnp.linalg.eig(m))
            w, v = eig(a)
            targets = sorted(set(t for t in ("cusolver_geev_ffi", "cuhybrid_eig_real")
                                 if t in eig.lower(a).as_text()))
            out[f"eig_{implementation}"] = [targets, bool(np.allclose(
                a @ np.asarray(v), np.asarray(v) * np.asarray(w), rtol=1e-3, atol=1e-3))]
    finally:
        lax_linalg.cuda_versions = saved

    # jax.experimental.sparse's CSR/COO on cuda: cuSPARSE targets as device steps.
    from jax.experimental import sparse
    m = np.array([[1, 0, 2], [0, 0, 3], [4, 5, 0]], np.float32)
    csr, coo = sparse.CSR.fromdense(m, nse=6), sparse.COO.fromdense(m, nse=6)
    v = np.arange(1.0, 4.0, dtype=np.float32)
    out["sparse"] = {
        name: [host_steps(fn, *args), bool(np.allclose(np.asarray(jax.jit(fn)(*args)), want))]
        for name, fn, args, want in (
            ("csr_matvec", lambda c, y: c @ y, (csr, v), m @ v),
            ("coo_transposed", lambda c, y: c.T @ y, (coo, v), m.T @ v),
            ("csr_fromdense", lambda d: sparse.CSR.fromdense(d, nse=6).todense(), (m,), m))}

    # A bfloat16 training step (mixed precision: bfloat16 products, f32 loss) and
    # FFTs on the device, against the same on the CPU backend.
    def mlp_loss(params, inputs, targets):
        h = jax.nn.gelu(inputs.astype(jnp.bfloat16) @ params["w1"] + params["b1"])
        out = (h @ params["w2"]).astype(jnp.float32)
        return jnp.mean((out - targets) ** 2)
    def train_step(params, inputs, targets):
        loss, grads = jax.value_and_grad(mlp_loss)(params, inputs, targets)
        return loss, jax.tree.map(lambda p, g: p - jnp.asarray(0.1, p.dtype) * g, params, grads)
    params = {name: jnp.asarray(rng.standard_normal(shape) * 0.3, jnp.bfloat16)
              for name, shape in (("w1", (8, 16)), ("b1", (16,)), ("w2", (16, 4)))}
    inputs = rng.standard_normal((32, 8)).astype(np.float32)
    targets = rng.standard_normal((32, 4)).astype(np.float32)
    step = jax.jit(train_step)
    loss, new = step(params, inputs, targets)
    cpu_loss, cpu_new = jax.jit(train_step, device=cpu)(
        jax.device_put(params, cpu), inputs, targets)
    out["bf16_step"] = [
        host_steps(train_step, params, inputs, targets),
        str(new["w1"].dtype), next(iter(new["w1"].devices())).platform,
        bool(np.allclose(float(loss), float(cpu_loss), rtol=2e-2)),
        bool(all(np.allclose(np.asarray(new[k], np.float32), np.asarray(cpu_new[k], np.float32),
                             rtol=2e-2, atol=2e-2) for k in params))]
    signal = rng.standard_normal((4, 16)).astype(np.float32)
    out["fft"] = [host_steps(lambda v: jnp.fft.irfft(jnp.fft.rfft(v) * 2), signal),
                  bool(np.allclose(np.asarray(jax.jit(
                      lambda v: jnp.fft.irfft(jnp.fft.rfft(v) * 2))(signal)), signal * 2,
                      rtol=1e-4, atol=1e-4))]

    # Donation: the donated argument is deleted, the result is right.
    d = jax.device_put(np.ones(8, np.float32), gpus[0])
    r = jax.jit(lambda v: v * 3, donate_argnums=0)(d)
    out["donated"] = [bool(d.is_deleted()), float(np.asarray(r)[0])]

    if len(gpus) >= 2:
        mesh = Mesh(np.array(gpus[:2]), ("x",))
        sharded = jax.device_put(np.arange(16.0, dtype=np.float32).reshape(4, 4),
                                 NamedSharding(mesh, P("x")))
        out["shards"] = sorted(str(s.device) for s in sharded.addressable_shards)
        total = jax.jit(lambda v: jnp.sum(v * 2, axis=0))(sharded)
        out["sharded_sum_ok"] = bool(np.allclose(np.asarray(total),
                                                 np.arange(16.0).reshape(4, 4).sum(0) * 2))
        out["pmap"] = np.asarray(jax.pmap(lambda v: jax.lax.psum(v, "i"), axis_name="i")(
            jnp.arange(2.0))).tolist()
    print(json.dumps(out))
""")


@pytest.fixture(scope="module")
def observations():
    env = dict(os.environ)
    env["JAX_PLATFORMS"] = "cuda,cpu"
    if BACKEND == "mock":
        env["JAX_MOCK_GPU_TOPOLOGY"] = "1x1x2"
    completed = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                               env=env, timeout=600)
    assert completed.returncode == 0, completed.stderr[-4000:]
    return json.loads(completed.stdout.strip().splitlines()[-1])


def test_jax_runs_on_the_gpus(observations):
    assert observations["default_backend"] == "gpu"
    assert observations["platforms"] == ["gpu"]
    assert observations["device_strs"][0] == "cuda:0" and observations["cuda"]
    assert observations["x_on"] == ["cuda:0"]
    assert observations["jit_ok"] and observations["jit_again_ok"] and observations["grad_ok"]
    assert observations["rng_mean_ok"]
    assert observations["threefry_target"] and observations["threefry_kernel_ok"]
    assert observations["threefry_host_steps"] == []  # a device step (gpu_runtime/prng.py)
    assert observations["rbg"] == [[], True]


def test_arrays_move_between_the_cpu_and_the_gpus(observations):
    assert observations["transfers"] == ["TFRT_CPU_0", "cuda:0"]
    assert observations["transfer_ok"]
    assert observations["donated"] == [True, 3.0]
    assert observations["dlpack_host_ok"]
    if BACKEND != "mock":
        assert observations["dlpack_cuda_ok"]
        assert observations["dlpack_cuda_in"] == ["cuda:0", [0.0, 1.0, 2.0, 3.0, 4.0]]


def test_linear_algebra_runs_through_the_gpu_solver_targets(observations):
    for name in ("solve_ok", "cholesky_ok", "eigh_ok", "svd_ok", "qr_ok", "inv_ok"):
        assert observations[name], name
    assert observations["sparse"] == {name: [[], True] for name in (
        "csr_matvec", "coo_transposed", "csr_fromdense")}
    assert observations["eig_geev"] == [["cusolver_geev_ffi"], True]
    assert observations["eig_hybrid"] == [["cuhybrid_eig_real"], True]
    # No host step in these (on a GPU: cuSOLVER and cuBLAS passed their self-tests).
    assert observations["linalg_host_steps"] == {
        name: [] for name in ("solve", "inv", "det", "cholesky", "eigh", "qr", "svd",
                              "cho_solve")}


def test_bfloat16_training_and_ffts_run_on_the_device(observations):
    steps, dtype, platform, loss_ok, params_ok = observations["bf16_step"]
    assert steps == [] and dtype == "bfloat16" and platform == "gpu"
    assert loss_ok and params_ok
    assert observations["fft"] == [[], True]


def test_shardings_over_several_gpus(observations):
    if observations["device_count"] < 2:
        pytest.skip("needs 2 GPUs")
    assert observations["shards"] == ["cuda:0", "cuda:1"]
    assert observations["sharded_sum_ok"]
    assert observations["pmap"] == [1.0, 1.0]
