"""A fuzz worker process: compiles and runs the programs its parent sends.

Protocol: one JSON object a line on stdin, ``{"text": ..., "seed": int}``;
one JSON line back on stdout with the outcome. A crash of this process, or
no answer in time, is what the parent (``harness.py``) looks for: anything
that reaches the answer line was handled.

Outcomes: ``ran`` (with a digest of the results), ``error`` (an
XlaRuntimeError, or a documented Python error type of the API), ``unexpected``
(any other exception: a bug, reported with its traceback).
When ``check`` is set, a program that ran is also compiled and run on the
Python step loop (``JAXLIB_CPU_EXECUTOR=python``, the reference kernels) and
the two results compared: a difference is a wrong result.
"""

from __future__ import annotations

import faulthandler
import json
import os
import signal
import sys
import time
import traceback

import numpy as np

from jaxlib import xla_client
from jaxlib.xla_client import XlaRuntimeError

# Errors the API documents besides XlaRuntimeError.
EXPECTED_ERRORS = (XlaRuntimeError,)

# Above this many elements an input is not made: the program is only compiled.
MAX_INPUT_ELEMENTS = 1 << 22


def _import_extras() -> None:
    for name in ("jaxlib.lapack", "jaxlib.cpu_sparse"):
        try:
            __import__(name)
        except ImportError:
            pass


def _inputs(exe, rng: np.random.Generator) -> list | None:
    values = []
    for shape, dtype in exe._param_specs:
        if any(d is None for d in shape) or int(np.prod(shape)) > MAX_INPUT_ELEMENTS:
            return None
        if dtype.kind in "fc" or dtype.name in ("bfloat16",) or dtype.kind == "V":
            value = rng.standard_normal(shape).astype(dtype)
        elif dtype.kind == "b":
            value = rng.random(shape) < 0.5
        else:
            info = np.iinfo(dtype) if dtype.kind in "iu" else None
            low, high = (max(info.min, -100), min(info.max, 100)) if info else (0, 2)
            value = rng.integers(low, high + 1, size=shape).astype(dtype)
        values.append(value)
    return values


def _run(client, text: str, seed: int, report=None) -> list[np.ndarray] | None:
    exe = client.compile_and_load(text, client.devices()[:1])
    values = _inputs(exe, np.random.default_rng(seed))
    if values is None:
        return None
    if report is not None:
        report({"phase": "running"})  # a program may loop forever by itself
    args = [client.buffer_from_pyval(v, client.devices()[0]) for v in values]
    return [np.asarray(out) for out in exe.execute(args)]


def _digest(results: list[np.ndarray]) -> list:
    return [[str(r.dtype), list(r.shape)] for r in results]


def _same(a: list[np.ndarray], b: list[np.ndarray]) -> str | None:
    """Why two result lists differ beyond rounding, or None."""
    if len(a) != len(b):
        return f"{len(a)} results against {len(b)}"
    for i, (x, y) in enumerate(zip(a, b)):
        if x.shape != y.shape or x.dtype != y.dtype:
            return f"result {i}: {x.dtype}{list(x.shape)} against {y.dtype}{list(y.shape)}"
        if x.dtype.kind == "V" or x.dtype.name in ("bfloat16",):
            x, y = x.astype(np.float32), y.astype(np.float32)
        if x.dtype.kind in "fc":
            # Native vector math and the reference differ by a few ULP, more
            # after long chains; a wrong kernel differs by far more.
            close = np.isclose(x, y, rtol=1e-2, atol=1e-3, equal_nan=True)
            finite = np.isfinite(x) & np.isfinite(y)
            bad = ~close & finite
            if np.count_nonzero(bad) > max(2, bad.size // 100):
                return f"result {i}: {np.count_nonzero(bad)} of {bad.size} elements differ"
        elif not np.array_equal(x, y):
            return f"result {i}: {np.count_nonzero(x != y)} of {x.size} elements differ"
    return None


def handle(client, job: dict, report=None) -> dict:
    text, seed = job["text"], int(job.get("seed", 0))
    if job.get("crash"):  # the harness's own test: a dying worker
        os.kill(os.getpid(), signal.SIGSEGV)
    if job.get("sleep"):  # ... and one that stops answering
        time.sleep(float(job["sleep"]))
    try:
        results = _run(client, text, seed, report)
    except EXPECTED_ERRORS as err:
        # INTERNAL is the compiler's catch-all for an exception it did not
        # expect: clean for the user, but a check that is missing.
        outcome = "internal" if str(err).startswith("INTERNAL") else "error"
        return {"outcome": outcome, "type": type(err).__name__, "message": str(err)[:300],
                "traceback": traceback.format_exc()[-3000:] if outcome == "internal" else ""}
    except RecursionError as err:
        return {"outcome": "unexpected", "type": "RecursionError", "message": str(err)[:300]}
    except Exception as err:
        return {"outcome": "unexpected", "type": type(err).__name__, "message": str(err)[:300],
                "traceback": traceback.format_exc()[-3000:]}
    if results is None:
        return {"outcome": "compiled"}
    answer = {"outcome": "ran", "results": _digest(results)}
    if job.get("check"):
        from jaxlib._src.compiler import pipeline

        os.environ["JAXLIB_CPU_EXECUTOR"] = "python"
        pipeline._cache.clear()
        try:
            reference = _run(client, text, seed)
        except Exception as err:  # the reference kernels refusing is not a finding
            answer["reference"] = f"{type(err).__name__}: {str(err)[:200]}"
            reference = None
        finally:
            del os.environ["JAXLIB_CPU_EXECUTOR"]
            pipeline._cache.clear()
        if reference is not None:
            difference = _same(results, reference)
            if difference is not None:
                answer["outcome"] = "wrong"
                answer["message"] = difference
    return answer


def main() -> None:
    # The parent asks for every thread's stack (SIGUSR1) before it kills a
    # worker that stopped answering.
    faulthandler.register(signal.SIGUSR1, all_threads=True)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    _import_extras()
    client = xla_client.make_cpu_client()
    out = sys.stdout
    sys.stdout = sys.stderr  # stray prints from programs must not break the protocol
    def report(message: dict) -> None:
        out.write(json.dumps(message) + "\n")
        out.flush()

    for line in sys.stdin:
        report(handle(client, json.loads(line), report))


if __name__ == "__main__":
    main()
