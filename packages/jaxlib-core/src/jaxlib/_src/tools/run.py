"""``jaxlib-run PROGRAM``: compile and run a StableHLO (.mlir) or HLO (.hlo)
program on the CPU backend, like iree-run-module.

Inputs come from ``--inputs file.npz`` (arrays arg0, arg1, ... or in file
order), from ``--input file.npy`` given once per argument, or are drawn at
random from the program's parameter types (``--seed``). Prints the devices,
the compile time, the execute times (first run and the median of
``--repeat`` runs) and the outputs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np


def random_input(shape: tuple[int, ...], dtype: np.dtype, rng: np.random.Generator) -> Any:
    """Inputs as the shared benchmarks draw them: standard normal, cast; integers
    as abs(x * 1000) cast; booleans as x > 0."""
    values = rng.standard_normal(shape)
    if dtype == np.bool_:
        return values > 0
    if dtype.kind in "iu":
        return np.abs(values * 1000).astype(dtype)
    if dtype.kind == "c":
        return (values + 1j * rng.standard_normal(shape)).astype(dtype)
    return values.astype(dtype)


def _load_inputs(args: argparse.Namespace, count: int) -> list[np.ndarray] | None:
    if args.inputs:
        with np.load(args.inputs) as data:
            names = [f"arg{i}" for i in range(count)]
            if all(n in data.files for n in names):
                return [data[n] for n in names]
            return [data[n] for n in data.files][:count]
    if args.input:
        return [np.load(p) for p in args.input]
    return None


def _summary(value: np.ndarray, limit: int) -> str:
    with np.printoptions(threshold=limit, edgeitems=3, precision=6):
        return np.array2string(np.asarray(value), separator=", ")


def main(argv: list[str] | None = None) -> int:
    from jaxlib import xla_client
    from jaxlib._src.runtime.executable import value_spec

    parser = argparse.ArgumentParser(prog="jaxlib-run", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("program", help="a .mlir (StableHLO) or .hlo (HLO text) file")
    parser.add_argument("--inputs", help=".npz with the arguments (arg0, arg1, ...)")
    parser.add_argument("--input", action="append", help=".npy for one argument (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="seed of random inputs")
    parser.add_argument("--repeat", type=int, default=10, help="timed executions")
    parser.add_argument("--print-limit", type=int, default=20,
                        help="elements printed per output before summarizing")
    parser.add_argument("--output", help="write the outputs to this .npz")
    args = parser.parse_args(argv)

    text = Path(args.program).read_text()
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    print(f"devices: {client.devices()}")
    start = time.perf_counter()
    try:
        executable = client.compile_and_load(text, [device])
    except xla_client.XlaRuntimeError as err:
        print(f"compile failed: {err}", file=sys.stderr)
        return 2
    compile_s = time.perf_counter() - start
    print(f"compile: {compile_s * 1e3:.3f} ms")

    specs = [value_spec(t) for t in executable._compiled.parameter_types]
    values = _load_inputs(args, len(specs))
    if values is None:
        rng = np.random.default_rng(args.seed)
        values = [random_input(shape, dtype, rng) for shape, dtype in specs]
    if len(values) != len(specs):
        print(f"the program takes {len(specs)} arguments, {len(values)} were given",
              file=sys.stderr)
        return 2
    arrays = [client.buffer_from_pyval(np.asarray(v, dtype=dtype).reshape(shape), device)
              for v, (shape, dtype) in zip(values, specs)]
    for i, (shape, dtype) in enumerate(specs):
        print(f"input {i}: {dtype.name}{list(shape)}")

    try:
        start = time.perf_counter()
        outputs = executable.execute(arrays)
        for out in outputs:
            out.block_until_ready()
        first_s = time.perf_counter() - start
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            for out in executable.execute(arrays):
                out.block_until_ready()
            times.append(time.perf_counter() - start)
    except xla_client.XlaRuntimeError as err:
        print(f"execute failed: {err}", file=sys.stderr)
        return 3
    median = statistics.median(times) if times else first_s
    print(f"execute: first {first_s * 1e3:.3f} ms, median of {len(times)} "
          f"{median * 1e3:.3f} ms")
    for i, out in enumerate(outputs):
        value = np.asarray(out)
        print(f"output {i}: {value.dtype.name}{list(value.shape)} = "
              f"{_summary(value, args.print_limit)}")
    if args.output:
        np.savez(args.output, **{f"out{i}": np.asarray(o) for i, o in enumerate(outputs)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
