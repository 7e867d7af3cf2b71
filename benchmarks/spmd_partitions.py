"""A data-parallel train step over two processes, one CPU device each (or,
with ``--one-process``, one process with two CPU devices); with
``--accumulate K``, a step over K microbatches whose gradients are summed
unreduced (jax's explicit sharding: ``P(unreduced=...)``), one all-reduce a
step; with ``--fsdp``, the parameters sharded over the devices too (fully
sharded data parallelism: weights gathered for use, gradients reduce-scattered):
how long a step takes when every process runs the whole program in global
view (``JAXLIB_SPMD_PARTITIONS=global``) and when each runs its per-device
program (``apart``, the default across processes), and, with ``--reference
PYTHON``, under the real jaxlib (Gloo CPU collectives) in the same run.

    python benchmarks/spmd_partitions.py [--steps 20] [--rounds 3] [--reference PYTHON]
                                         [--one-process] [--accumulate K] [--fsdp]

Prints the median step time of each side per round (rounds alternate the
sides: the machine is noisy) and the ratios against the reference.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import time

# The model: a 3-layer MLP on a batch split over the two processes.
BATCH, WIDTH, DEPTH = 2048, 512, 3


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def worker(port: int, process_id: int, modes: list[str], steps: int, reference: bool,
           accumulate: int = 0, fsdp: bool = False) -> None:
    os.environ["JAX_PLATFORMS"] = "cpu"
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import NamedSharding, PartitionSpec

    one_process = port == 0
    if one_process:
        jax.config.update("jax_num_cpu_devices", 2)
    else:
        if reference:  # the real jaxlib's CPU collectives across processes
            jax.config.update("jax_cpu_collectives_implementation", "gloo")
        jax.distributed.initialize(f"127.0.0.1:{port}", num_processes=2,
                                   process_id=process_id)
    from jax.sharding import AxisType, reshard

    kinds = (AxisType.Explicit,) if accumulate else (AxisType.Auto,)
    mesh = jax.make_mesh((2,), ("batch",), axis_types=kinds)
    micro = max(accumulate, 1)
    # The batch split over the devices (in microbatches: dimension 1).
    rows = NamedSharding(mesh, PartitionSpec(*([None] if accumulate else []), "batch"))
    whole = NamedSharding(mesh, PartitionSpec(reduced={"batch"}) if accumulate
                          else PartitionSpec("batch") if fsdp else PartitionSpec())
    rng = np.random.default_rng(0)
    params = [((rng.normal(size=(WIDTH, WIDTH)) / np.sqrt(WIDTH)).astype(np.float32),
               np.zeros(WIDTH, np.float32)) for _ in range(DEPTH)]
    params = jax.device_put(params, whole)
    local = BATCH if one_process else BATCH // 2
    shape = (micro, BATCH // micro, WIDTH) if accumulate else (BATCH, WIDTH)
    local_shape = (micro, local // micro, WIDTH) if accumulate else (local, WIDTH)
    x = jax.make_array_from_process_local_data(
        rows, rng.normal(size=local_shape).astype(np.float32), shape)
    y = jax.make_array_from_process_local_data(
        rows, rng.normal(size=local_shape).astype(np.float32), shape)

    def loss(params, x, y):
        for w, b in params:
            if accumulate:  # (jax adds a batch-tiled value to a replicated one only)
                b = reshard(b, PartitionSpec())
            x = jnp.tanh(x @ w + b)
        return jnp.mean((x - y) ** 2)

    # (FSDP: the updated parameters stay sharded as they came)
    @jax.jit if not fsdp else jax.jit(out_shardings=(whole, NamedSharding(mesh, PartitionSpec())))
    def step(params, x, y):
        if not accumulate:
            value, grads = jax.value_and_grad(loss)(params, x, y)
            return jax.tree.map(lambda p, g: p - 0.01 * g, params, grads), value

        def microbatch(carry, xy):
            total, acc = carry
            value, grads = jax.value_and_grad(loss)(params, *xy)
            return (total + value, jax.tree.map(jnp.add, acc, grads)), None

        acc = reshard(jax.tree.map(jnp.zeros_like, params), PartitionSpec(unreduced={"batch"}))
        (total, acc), _ = jax.lax.scan(microbatch, (jnp.zeros(()), acc), (x, y))
        acc = reshard(acc, PartitionSpec())  # the one all-reduce of the step
        new = jax.tree.map(lambda p, g: reshard(p, PartitionSpec()) - 0.01 * g / micro,
                           params, acc)
        return jax.tree.map(lambda p: reshard(p, whole.spec), new), total / micro

    times: dict[str, list[float]] = {}
    context = jax.set_mesh(mesh) if accumulate else contextlib.nullcontext()
    with context:
        _time_modes(jax, step, params, x, y, modes, steps, times)
    if not one_process:
        jax.distributed.shutdown()
    print(json.dumps(times), flush=True)


def _time_modes(jax, step, params, x, y, modes: list[str], steps: int,
                times: dict[str, list[float]]) -> None:
    for mode in modes:
        os.environ["JAXLIB_SPMD_PARTITIONS"] = mode
        p = params
        p, value = step(p, x, y)  # warm up (compiles once; the mode is read per run)
        jax.block_until_ready(value)
        samples = []
        for _ in range(steps):
            start = time.perf_counter()
            p, value = step(p, x, y)
            jax.block_until_ready(value)
            samples.append(time.perf_counter() - start)
        times[mode] = samples
        times[mode + "_loss"] = [float(value)]


def run_pair(python: str, modes: list[str], steps: int, reference: bool,
             one_process: bool = False, accumulate: int = 0, fsdp: bool = False) -> dict:
    port = 0 if one_process else _free_port()
    command = [python, __file__, "--worker", str(port), "PID", ",".join(modes), str(steps),
               str(accumulate)]
    if reference:
        command.append("--as-reference")
    if fsdp:
        command.append("--fsdp")
    env = dict(os.environ)
    env.pop("JAXLIB_SPMD_PARTITIONS", None)
    procs = [subprocess.Popen([c if c != "PID" else str(i) for c in command],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
             for i in range(1 if one_process else 2)]
    outputs = [p.communicate(timeout=900) for p in procs]
    for p, (_, err) in zip(procs, outputs):
        if p.returncode != 0:
            raise RuntimeError(f"worker failed ({p.returncode}):\n{err[-3000:]}")
    return json.loads(outputs[0][0].strip().splitlines()[-1])


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        port, pid, modes, steps, accumulate = sys.argv[2:7]
        worker(int(port), int(pid), modes.split(","), int(steps), "--as-reference" in sys.argv,
               int(accumulate), "--fsdp" in sys.argv)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reference", help="a Python with the real jax/jaxlib 0.10.2")
    parser.add_argument("--one-process", action="store_true",
                        help="one process with two CPU devices instead of two processes")
    parser.add_argument("--accumulate", type=int, default=0, metavar="K",
                        help="K microbatches a step, gradients summed unreduced")
    parser.add_argument("--fsdp", action="store_true",
                        help="parameters sharded over the devices (not with --accumulate)")
    args = parser.parse_args()
    if args.fsdp and args.accumulate:
        parser.error("--fsdp and --accumulate are separate settings")
    where = "1 process x 2 CPU devices" if args.one_process else "2 processes x 1 CPU device"
    how = f" in {args.accumulate} microbatches" if args.accumulate else \
        ", parameters sharded (FSDP)" if args.fsdp else ""
    print(f"MLP {DEPTH}x{WIDTH}, batch {BATCH}{how} over {where}; median ms per step")
    rows = []
    for round_ in range(args.rounds):
        order = ["global", "apart"] if round_ % 2 == 0 else ["apart", "global"]
        ours = run_pair(sys.executable, order, args.steps, False, args.one_process,
                        args.accumulate, args.fsdp)
        row = {m: 1e3 * statistics.median(ours[m]) for m in order}
        losses = {m: ours[m + "_loss"][0] for m in order}
        if args.reference:
            ref = run_pair(args.reference, ["reference"], args.steps, True, args.one_process,
                           args.accumulate, args.fsdp)
            row["reference"] = 1e3 * statistics.median(ref["reference"])
            losses["reference"] = ref["reference_loss"][0]
        rows.append(row)
        print(f"round {round_ + 1}: " + "  ".join(f"{k} {v:.1f}" for k, v in sorted(row.items()))
              + "   loss " + "  ".join(f"{k} {v:.6f}" for k, v in sorted(losses.items())))
    best = {k: min(r[k] for r in rows) for k in rows[0]}
    print("best: " + "  ".join(f"{k} {v:.1f}" for k, v in sorted(best.items())))
    print(f"apart / global: {best['apart'] / best['global']:.2f}")
    if "reference" in best:
        print(f"apart / reference: {best['apart'] / best['reference']:.2f}   "
              f"global / reference: {best['global'] / best['reference']:.2f}")


if __name__ == "__main__":
    main()
