"""jax on this jaxlib against jax on the reference jaxlib, in the same run:

* dispatch: a jitted function of 3 array arguments on a cache hit, and an
  eager ``x + y`` (microseconds per call);
* compile: ``jax.jit(f).lower(*args).compile()`` of the shared benchmark's
  functions, tracing included, with jax's caches cleared before each.

    python benchmarks/jax_overhead.py --reference-python /path/to/ref-venv/bin/python

Each side runs in its own process (``--worker``); rounds alternate between the
two, and each figure is the median over rounds. ``--write FILE`` appends the
table to a markdown file.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def functions():
    """The shared benchmark's programs (../shared/bench) as jax functions, at
    smaller sizes: compile time does not depend on sizes."""
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax

    rng = np.random.default_rng(0)

    def r(*shape):
        return rng.standard_normal(shape).astype(np.float32)

    def mlp(params, x):
        (w1, b1), (w2, b2) = params
        return jax.nn.log_softmax(jax.nn.relu(x @ w1 + b1) @ w2 + b2)

    def mlp_loss(params, x):
        return jnp.mean(mlp(params, x) ** 2)

    def attention(q, k, v):
        s = jnp.einsum("bhqd,bhkd->bhqk", q, k) / 8.0
        return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)

    def layernorm(x):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) * lax.rsqrt(var + 1e-5)

    def conv_block(x, k):
        y = lax.conv_general_dilated(x, k, (1, 1), "SAME",
                                     dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return jax.nn.relu(y)

    def embedding(table, idx, upd):
        return table[idx].sum(), table.at[idx].add(upd)

    params = ((r(64, 128), r(128)), (r(128, 10), r(10)))
    return {
        "tiny_add": (lambda a, b: a + b, (r(4), r(4))),
        "gelu": (lambda x: jax.nn.gelu(x), (r(1024),)),
        "matmul": (lambda a, b: a @ b, (r(64, 64), r(64, 64))),
        "softmax": (lambda x: jax.nn.softmax(x, axis=-1), (r(32, 128),)),
        "layernorm": (layernorm, (r(32, 128),)),
        "conv_resnet_block": (conv_block, (r(2, 16, 16, 8), r(3, 3, 8, 8))),
        "mlp": (mlp, (params, r(32, 64))),
        "mlp_grad": (jax.grad(mlp_loss), (params, r(32, 64))),
        "fori_small": (lambda x: lax.fori_loop(0, 100, lambda i, c: c * 0.5 + 1.0, x),
                       (r(8),)),
        "sort": (jnp.sort, (r(1000),)),
        "embedding_gather_scatter": (embedding, (r(100, 16), np.arange(8, dtype=np.int32),
                                                 r(8, 16))),
        "attention": (attention, (r(1, 2, 16, 8), r(1, 2, 16, 8), r(1, 2, 16, 8))),
    }


def worker(what: str, repeats: int) -> dict:
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax
    import numpy as np

    out: dict[str, float] = {}
    if what == "dispatch":
        f = jax.jit(lambda a, b, c: a * b + c)
        a, b, c = (jax.device_put(np.ones(16, np.float32)) for _ in range(3))
        for _ in range(200):
            f(a, b, c).block_until_ready()
        n = 2000
        start = time.perf_counter()
        for _ in range(n):
            y = f(a, b, c)
        y.block_until_ready()
        out["jit dispatch, 3 arrays (µs/call)"] = (time.perf_counter() - start) / n * 1e6
        for _ in range(200):
            y = a + b
        start = time.perf_counter()
        for _ in range(n):
            y = a + b
        y.block_until_ready()
        out["eager x + y (µs/call)"] = (time.perf_counter() - start) / n * 1e6
    else:
        for name, (fn, args) in functions().items():
            times = []
            for _ in range(repeats):
                jax.clear_caches()
                start = time.perf_counter()
                jax.jit(fn).lower(*args).compile()
                times.append(time.perf_counter() - start)
            out[f"compile {name} (ms)"] = statistics.median(times) * 1e3
    return out


def run_side(python: str, what: str, repeats: int) -> dict:
    proc = subprocess.run([python, __file__, "--worker", what, "--repeats", str(repeats)],
                          capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        raise SystemExit(f"{python} {what} failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference-python", required="--worker" not in sys.argv)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--worker", choices=["dispatch", "compile"])
    parser.add_argument("--write", type=Path)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.repeats)))
        return
    ours: dict[str, list[float]] = {}
    ref: dict[str, list[float]] = {}
    for _ in range(args.rounds):  # alternate the two sides: this machine is noisy
        for what in ("dispatch", "compile"):
            for side, python in ((ours, sys.executable), (ref, args.reference_python)):
                for key, value in run_side(python, what, args.repeats).items():
                    side.setdefault(key, []).append(value)
    lines = ["| measure | this jaxlib | reference | ratio |", "| --- | ---: | ---: | ---: |"]
    ratios = []
    for key in ours:
        a, b = statistics.median(ours[key]), statistics.median(ref[key])
        ratios.append(a / b)
        lines.append(f"| {key} | {a:.1f} | {b:.1f} | {a / b:.2f} |")
    compile_ratios = [a for key, a in zip(ours, ratios) if key.startswith("compile")]
    if compile_ratios:
        geo = statistics.geometric_mean(compile_ratios)
        lines.append(f"| compile geomean | | | {geo:.2f} |")
    print("\n".join(lines))
    if args.write:
        with open(args.write, "a") as f:
            f.write("\n## jax on this jaxlib: dispatch and compile "
                    f"({time.strftime('%Y-%m-%d')}, medians of {args.rounds} rounds)\n\n")
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
