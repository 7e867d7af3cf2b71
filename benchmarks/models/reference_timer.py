"""Times the reference jaxlib (XLA CPU) on the model benchmark programs.

    /tmp/refvenv/bin/python benchmarks/models/reference_timer.py benchmarks/models [NAME...]

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
from inputs import draw


def main(directory: str, names: list[str], budget_s: float = 3.0) -> None:
    # jax fills in the LAPACK kernels' function pointers when it first lowers a
    # linear algebra op; programs compiled from text need them filled in first.
    from jaxlib import lapack
    lapack._lapack.initialize()
    client = jax.devices("cpu")[0].client
    device = client.local_devices()[0]
    for name in names:
        meta = json.loads(Path(directory, f"{name}.json").read_text())
        text = Path(directory, f"{name}.mlir").read_text()
        start = time.perf_counter()
        executable = client.compile_and_load(text, xc.DeviceList((device,)))
        compile_s = time.perf_counter() - start
        args = [jax.device_put(a, device) for a in draw(meta["inputs"], meta["seed"])]

        def run(executable=executable, args=args):
            results = executable.execute_sharded(args).disassemble_into_single_device_arrays()
            for r in results:
                r[0].block_until_ready()
            return results

        expected = np.load(Path(directory, f"{name}.npz"))
        outputs = [np.asarray(r[0]) for r in run()]
        for i, actual in enumerate(outputs):
            want = expected[f"out{i}"]
            atol = meta["atol"] * max(1.0, float(np.max(np.abs(want), initial=0)))
            np.testing.assert_allclose(actual, want, rtol=meta["rtol"], atol=atol)
        times = []
        deadline = time.perf_counter() + budget_s
        while len(times) < 5 or (time.perf_counter() < deadline and len(times) < 200):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        print(json.dumps({"name": name, "compile_s": round(compile_s, 5),
                          "exec_s": statistics.median(times), "runs": len(times)}), flush=True)


if __name__ == "__main__":
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    main(sys.argv[1], sys.argv[2:])
