"""scipy's OpenBLAS on the kernels' thread pool (csrc/cpu/kernels/gemm.h).

Once a GEMM kernel is built, OpenBLAS hands the jobs of its threaded drivers
to the pool, for jaxlib's products and for anyone else's calls in the process.
Each scenario runs in a subprocess of its own: the BLAS settings are
process-wide, and two of them fork or change the thread count.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

# Builds a 512 x 512 x 512 matmul executable, checks it, and defines
# scipy_product(n) (scipy's sgemm on random matrices, checked against numpy in
# float64) for the scenarios below.
PRELUDE = textwrap.dedent("""
    import numpy as np
    import scipy.linalg.blas as blas
    from jaxlib import xla_client
    from jaxlib._src.backends.cpu import native

    T = "tensor<512x512xf32>"
    MATMUL = (
        f"func.func public @main(%a: {T}, %b: {T}) -> {T} {{\\n"
        f"  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : ({T}, {T}) -> {T}\\n"
        f"  return %0 : {T}\\n}}\\n")
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    executable = client.compile_and_load(MATMUL, [device])
    rng = np.random.default_rng(0)

    def check(got, a, b):
        want = a.astype(np.float64) @ b.astype(np.float64)
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-3 * np.abs(want).max())

    def our_product():
        a, b = (rng.standard_normal((512, 512)).astype(np.float32) for _ in range(2))
        (out,) = executable.execute([client.buffer_from_pyval(x, device) for x in (a, b)])
        check(np.asarray(out), a, b)

    def scipy_product(n=768):
        a = np.asfortranarray(rng.standard_normal((n, n)).astype(np.float32))
        b = np.asfortranarray(rng.standard_normal((n, n)).astype(np.float32))
        check(blas.sgemm(1.0, a, b), a, b)

    our_product()
    MODE = native.cpu.blas_threading()
""")


def run_scenario(body: str, env: dict[str, str] | None = None) -> str:
    import os

    code = PRELUDE + textwrap.dedent(body)
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               timeout=120, env={**os.environ, **(env or {})})
    assert completed.returncode == 0, completed.stderr[-3000:]
    return completed.stdout


def test_scipy_openblas_runs_on_the_pool():
    out = run_scenario("""
        import os, time

        def cpu_ticks():
            ticks = {}
            for t in os.listdir("/proc/self/task"):
                name = open(f"/proc/self/task/{t}/comm").read().strip()
                fields = open(f"/proc/self/task/{t}/stat").read().rsplit(")", 1)[1].split()
                ticks[t] = (name, int(fields[11]) + int(fields[12]))
            return ticks

        time.sleep(1.0)  # OpenBLAS's threads spin a while after they start
        a = np.asfortranarray(rng.standard_normal((1024, 1024)).astype(np.float32))
        before = cpu_ticks()
        products = [blas.sgemm(1.0, a, a) for _ in range(4)]
        after = cpu_ticks()
        for product in products:  # numpy's own BLAS: outside the window
            check(product, a, a)
        busy = {after[t][0] for t in after
                if t != str(os.getpid()) and after[t][1] > before.get(t, ("", 0))[1]}
        print(MODE, native.cpu.num_threads(), ",".join(sorted(busy)) or "-")
    """)
    mode, threads, busy = out.split()
    # scipy's wheels bundle OpenBLAS >= 0.3.27, which has the callback.
    assert mode == "pooled"
    # Besides the main thread, only the pool's workers did the work.
    assert busy in ({"-", "jaxlib-cpu"} if int(threads) > 1 else {"-"}), busy


def test_concurrent_callers_share_the_pool():
    run_scenario("""
        import threading
        errors = []
        def work(fn):
            try:
                for _ in range(5):
                    fn()
            except Exception as err:  # reported below
                errors.append(err)
        threads = [threading.Thread(target=work, args=(fn,))
                   for fn in (our_product, scipy_product, our_product, scipy_product)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=100)
        assert not any(t.is_alive() for t in threads), "a BLAS call hung"
        assert not errors, errors
    """)


def test_more_blas_threads_than_the_pool_has():
    # The jobs of one call must all run at once: past the pool's size they get
    # threads of their own.
    run_scenario("""
        import ctypes
        import glob, os, scipy
        libs = glob.glob(os.path.join(os.path.dirname(scipy.__file__), "..", "scipy.libs",
                                      "*openblas*"))
        lib = ctypes.CDLL(libs[0])
        lib.openblas_set_num_threads_local(native.cpu.num_threads() + 2)
        scipy_product()
        our_product()
    """, env={"JAXLIB_CPU_THREADS": "2"})


def test_one_thread():
    out = run_scenario("""
        scipy_product()
        our_product()
        print(native.cpu.num_threads())
    """, env={"JAXLIB_CPU_THREADS": "1"})
    assert out.split() == ["1"]


@pytest.mark.skipif(sys.platform != "linux", reason="fork start method")
def test_a_forked_child_gets_a_pool_of_its_own():
    # The parent's workers do not exist in the child: without a pool of its
    # own the child's first parallel kernel, or BLAS call, would wait forever.
    out = run_scenario("""
        import os
        pid = os.fork()
        if pid == 0:
            import signal
            signal.alarm(60)  # a hung child ends instead of hanging the test
            try:
                our_product()
                scipy_product()
                os._exit(0)
            except BaseException:
                os._exit(1)
        _, status = os.waitpid(pid, 0)
        print(os.waitstatus_to_exitcode(status))
        our_product()
    """)
    assert out.split() == ["0"]
