"""Times the reference jaxlib (XLA CPU) on the model benchmark programs.

    /tmp/refvenv/bin/python benchmarks/models/reference_timer.py benchmarks/models [NAME...]

A directory with a ``bench.json`` (the shared benchmark's layout) is timed
with that suite's inputs and no output check. ``JAX_PLATFORMS=cuda`` times
the reference jax's CUDA backend instead (the GPU check,
``benchmarks/gpu/check.sh``); a program the reference cannot compile there
(a CPU-only custom call) prints a line with its error.

Compiles each NAME.mlir with the reference client, draws its inputs from
NAME.json (``inputs.py``), checks the outputs against NAME.npz and prints one
JSON line per program: compile seconds and the median execute seconds (inputs
on device, results blocked on), with the same protocol as our side
(``benchmarks/programs.py``). Run it in the reference's own venv.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

import jax
import numpy as np

from jaxlib import xla_client as xc

sys.path.insert(0, str(Path(__file__).resolve().parent))
from inputs import draw, shared_inputs


def main(directory: str, names: list[str], budget_s: float = 3.0) -> None:
    # jax fills in the LAPACK kernels' function pointers when it first lowers a
    # linear algebra op; programs compiled from text need them filled in first.
    platform = os.environ["JAX_PLATFORMS"].split(",")[0]
    if platform == "cpu":
        from jaxlib import lapack
        lapack._lapack.initialize()
    client = jax.devices(platform)[0].client
    device = client.local_devices()[0]
    shared = Path(directory, "bench.json").is_file()  # the shared programs' layout
    shared_meta = json.loads(Path(directory, "bench.json").read_text()) if shared else {}
    for name in names:
        meta = ({"inputs": shared_meta[name]} if shared
                else json.loads(Path(directory, f"{name}.json").read_text()))
        text = Path(directory, f"{name}.mlir").read_text()
        start = time.perf_counter()
        try:
            executable = client.compile_and_load(text, xc.DeviceList((device,)))
        except Exception as err:  # reported; the other programs go on
            print(json.dumps({"name": name, "error": f"{type(err).__name__}: {err}"[:300]}),
                  flush=True)
            continue
        compile_s = time.perf_counter() - start
        inputs = shared_inputs(meta["inputs"]) if shared else draw(meta["inputs"], meta["seed"])
        args = [jax.device_put(a, device) for a in inputs]

        def run(executable=executable, args=args):
            results = executable.execute_sharded(args).disassemble_into_single_device_arrays()
            for r in results:
                r[0].block_until_ready()
            return results

        outputs = [np.asarray(r[0]) for r in run()]
        expected = {} if shared else np.load(Path(directory, f"{name}.npz"))
        mismatch = None
        for i, actual in enumerate(outputs if not shared else ()):
            want = expected[f"out{i}"]
            atol = meta["atol"] * max(1.0, float(np.max(np.abs(want), initial=0)))
            if platform == "cpu":
                np.testing.assert_allclose(actual, want, rtol=meta["rtol"], atol=atol)
            elif not np.allclose(actual, want, rtol=meta["rtol"], atol=atol):
                # XLA's GPU dots round through TF32 by default: noted, not fatal.
                worst = float(np.max(np.abs(actual - want)))
                mismatch = mismatch or f"out{i} max |diff| {worst:.3g}"
        times = []
        deadline = time.perf_counter() + budget_s
        while len(times) < 5 or (time.perf_counter() < deadline and len(times) < 200):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        row = {"name": name, "compile_s": round(compile_s, 5),
               "exec_s": statistics.median(times), "runs": len(times)}
        if mismatch:
            row["mismatch"] = mismatch
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    main(sys.argv[1], sys.argv[2:])
