"""Benchmarks of the runtime: host-to-device transfer latency and bandwidth.

Prints one line per case with the median of repeated runs. The program
benchmarks of ``../shared/bench`` against the reference jaxlib join this
file with the native CPU backend.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from jaxlib import xla_client
from jaxlib.xla_client import HostBufferSemantics


def _median_s(fn, repeats: int) -> float:
    fn()  # warm up
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    client = xla_client.make_cpu_client()

    print(f"{'case':<58} {'median':>12}")
    tiny = np.float32(1.0)
    for semantics in HostBufferSemantics:
        t = _median_s(lambda s=semantics: client.buffer_from_pyval(
            tiny, host_buffer_semantics=s).block_until_ready(), args.repeats * 10)
        print(f"{'scalar put, ' + semantics.name:<58} {t * 1e6:9.2f} us")

    for mib in (1, 64):
        data = np.ones(mib * 2**20 // 4, np.float32)
        for semantics in HostBufferSemantics:
            t = _median_s(lambda d=data, s=semantics: client.buffer_from_pyval(
                d, host_buffer_semantics=s).block_until_ready(), args.repeats)
            rate = "aliased" if semantics == HostBufferSemantics.ZERO_COPY else (
                f"{mib / 1024 / t:.2f} GiB/s")
            print(f"{f'{mib} MiB put, {semantics.name}':<58} {t * 1e3:9.3f} ms  {rate}")
        x = client.buffer_from_pyval(data, force_copy=True).block_until_ready()
        t = _median_s(lambda x=x: x.clone().block_until_ready(), args.repeats)
        print(f"{f'{mib} MiB clone (device to device)':<58} {t * 1e3:9.3f} ms  "
              f"{mib / 1024 / t:.2f} GiB/s")


if __name__ == "__main__":
    main()
