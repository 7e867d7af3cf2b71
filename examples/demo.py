"""The main job: drive the default CPU backend end to end and time it.

Prints the devices, places a real array on them (whole and sharded), checks
the values that come back, reports transfer timings and memory statistics,
and compiles the example program in ``examples/add.hlo``. Run it with
``nox -s demo`` (or ``python examples/demo.py`` where jaxlib-core is installed).
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np

import jaxlib
from jaxlib import xla_bridge, xla_client
from jaxlib.xla_client import HostBufferSemantics, XlaRuntimeError

PROGRAM = Path(__file__).with_name("add.hlo")


def _median_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--devices", type=int, default=2)
    parser.add_argument("--rows", type=int, default=4096)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    print(f"jaxlib {jaxlib.__version__}; default backend: {xla_bridge.default_backend()}")
    client = xla_client.make_cpu_client(num_devices=args.devices)
    print(f"platform={client.platform} runtime={client.runtime_type} "
          f"devices={client.devices()}")

    data = np.random.default_rng(0).standard_normal((args.rows, 1024), dtype=np.float32)
    mb = data.nbytes / 2**20
    for semantics in HostBufferSemantics:
        ms = _median_ms(
            lambda s=semantics: client.buffer_from_pyval(
                data, host_buffer_semantics=s).block_until_ready(),
            args.repeats,
        )
        print(f"buffer_from_pyval {semantics.name:<36} {mb:6.1f} MiB  {ms:8.3f} ms")

    devices = client.devices()
    mesh = xla_client.Mesh(np.array(devices), ("x",))
    sharding = xla_client.NamedSharding(mesh, xla_client.PartitionSpec("x"))
    aval = xla_client.ShapedArray(data.shape, data.dtype)
    shards = [data[index] for index in sharding.devices_indices_map(data.shape).values()]
    start = time.perf_counter()
    sharded = xla_client.batched_device_put(aval, sharding, shards, devices,
                                            force_copy=True).block_until_ready()
    put_ms = (time.perf_counter() - start) * 1e3
    assert np.array_equal(np.asarray(sharded), data)
    print(f"sharded over {len(devices)} devices as {sharding._to_xla_hlo_sharding(2)}: "
          f"shard shape {sharding.shard_shape(data.shape)}, put {put_ms:.3f} ms, "
          "values check")
    for device in devices:
        stats = device.memory_stats()
        print(f"  {device}: {stats['bytes_in_use'] / 2**20:.1f} MiB in use, "
              f"peak {stats['peak_bytes_in_use'] / 2**20:.1f} MiB")

    program = PROGRAM.read_text()
    try:
        start = time.perf_counter()
        executable = client.compile_and_load(program, devices[:1])
        compile_ms = (time.perf_counter() - start) * 1e3
    except XlaRuntimeError as err:
        print(f"compile {PROGRAM.name}: {err}")
        return 0
    a = client.buffer_from_pyval(np.array([1.0, 2.0, 3.0], np.float32))
    b = client.buffer_from_pyval(np.array([4.0, 5.0, 6.0], np.float32))
    start = time.perf_counter()
    (result,) = executable.execute([a, b])
    result.block_until_ready()
    run_ms = (time.perf_counter() - start) * 1e3
    print(f"{PROGRAM.name}: {np.asarray(result)} (compile {compile_ms:.3f} ms, "
          f"execute {run_ms:.3f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
