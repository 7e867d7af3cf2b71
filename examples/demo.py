"""The main job: compile and run real programs on the default CPU backend.

1. ``examples/mlp.mlir`` — a two-layer perceptron with a softmax head, in the
   StableHLO that ``jax.jit`` prints — on random inputs, checked against numpy.
2. ``examples/add.hlo`` — the HLO text example of seed 003.
3. The same MLP's first layer as an SPMD program over two CPU devices.

Prints the devices, the results, and compile and execute times. Run it with
``nox -s demo`` (or ``python examples/demo.py`` where jaxlib-core is installed).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import numpy as np

import jaxlib
from jaxlib import xla_bridge, xla_client

HERE = Path(__file__).parent


def _timed(fn, repeats: int = 1):
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1e3)
    return result, statistics.median(times)


def _run(executable, arrays):
    outputs = executable.execute(arrays)
    for out in outputs:
        out.block_until_ready()
    return outputs


def mlp(client) -> None:
    device = client.devices()[0]
    text = (HERE / "mlp.mlir").read_text()
    executable, compile_ms = _timed(lambda: client.compile_and_load(text, [device]))
    rng = np.random.default_rng(0)
    shapes = [(64, 128), (128, 256), (256,), (256, 10), (10,)]
    values = [rng.standard_normal(s).astype(np.float32) * 0.1 for s in shapes]
    arrays = [client.buffer_from_pyval(v, device) for v in values]
    (probs,), first_ms = _timed(lambda: _run(executable, arrays))
    _, median_ms = _timed(lambda: _run(executable, arrays), repeats=20)
    x, w1, b1, w2, b2 = values
    logits = np.maximum(x @ w1 + b1, 0) @ w2 + b2
    expected = np.exp(logits - logits.max(1, keepdims=True))
    expected /= expected.sum(1, keepdims=True)
    result = np.asarray(probs)
    error = float(np.abs(result - expected).max())
    print(f"mlp.mlir: output {result.dtype}{list(result.shape)}, row sums "
          f"{result.sum(1)[:3].round(6)}..., max |ours - numpy| = {error:.2e}")
    print(f"  compile {compile_ms:.2f} ms, first execute {first_ms:.2f} ms, "
          f"median execute {median_ms:.3f} ms")
    assert error < 1e-5, "the MLP disagrees with numpy"


def hlo_add(client) -> None:
    device = client.devices()[0]
    text = (HERE / "add.hlo").read_text()
    executable, compile_ms = _timed(lambda: client.compile_and_load(text, [device]))
    a = client.buffer_from_pyval(np.array([1.0, 2.0, 3.0], np.float32), device)
    b = client.buffer_from_pyval(np.array([4.0, 5.0, 6.0], np.float32), device)
    (out,), run_ms = _timed(lambda: _run(executable, [a, b]))
    print(f"add.hlo: {np.asarray(out)} (compile {compile_ms:.2f} ms, execute {run_ms:.3f} ms)")


SPMD_LAYER = """
module @jit_layer attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<64x128xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"},
                         %w: tensor<128x256xf32> {mhlo.sharding = "{replicated}"})
      -> (tensor<64x256xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"}) {
    %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
        : (tensor<64x128xf32>, tensor<128x256xf32>) -> tensor<64x256xf32>
    return %0 : tensor<64x256xf32>
  }
}
"""


def spmd(client) -> None:
    devices = client.devices()[:2]
    executable, compile_ms = _timed(lambda: client.compile_and_load(SPMD_LAYER, devices))
    rng = np.random.default_rng(1)
    x = rng.standard_normal((64, 128)).astype(np.float32)
    w = rng.standard_normal((128, 256)).astype(np.float32)
    args = [[client.buffer_from_pyval(x[:32], devices[0]),
             client.buffer_from_pyval(x[32:], devices[1])],
            [client.buffer_from_pyval(w, devices[0]), client.buffer_from_pyval(w, devices[1])]]
    results, run_ms = _timed(lambda: executable.execute_sharded(args))
    (shards,) = results.disassemble_into_single_device_arrays()
    full = np.concatenate([np.asarray(s) for s in shards])
    error = float(np.abs(full - x @ w).max())
    print(f"SPMD layer on {devices}: shards {[list(s.shape) for s in shards]} on devices "
          f"{[s.device.id for s in shards]}, max |ours - numpy| = {error:.2e} "
          f"(compile {compile_ms:.2f} ms, execute {run_ms:.3f} ms)")
    assert error < 1e-3


def main() -> int:
    print(f"jaxlib {jaxlib.__version__}; default backend: {xla_bridge.default_backend()}")
    client = xla_client.make_cpu_client(num_devices=2)
    print(f"platform={client.platform} devices={client.devices()}")
    mlp(client)
    hlo_add(client)
    spmd(client)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
