"""Inputs of the model benchmark programs, drawn from each program's JSON spec.

Only numpy: the generator (reference venv), the reference timer and our runner
all draw the same arrays. Each input spec names its shape, dtype and how it is
drawn:

- ``normal``: ``scale * standard_normal`` (``offset`` added when given);
- ``abs_normal``: ``scale * |standard_normal|`` (second moments, variances);
- ``integers``: uniform integers in ``[low, high)`` (labels, token ids);
- ``key``: a raw threefry key, two uint32 words.

Draws come from ``numpy.random.default_rng(seed)`` in argument order; the
stored ``.npz`` of expected outputs was computed by the reference from the
same draws.
"""

from __future__ import annotations

import numpy as np


def draw(specs: list[dict], seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    out = []
    for spec in specs:
        shape, dtype, init = tuple(spec["shape"]), np.dtype(spec["dtype"]), spec["init"]
        if init == "normal":
            a = spec.get("scale", 1.0) * rng.standard_normal(shape) + spec.get("offset", 0.0)
        elif init == "abs_normal":
            a = spec.get("scale", 1.0) * np.abs(rng.standard_normal(shape))
        elif init == "integers":
            a = rng.integers(spec["low"], spec["high"], size=shape)
        elif init == "key":
            a = rng.integers(0, 2**32, size=shape, dtype=np.uint64)
        else:
            raise ValueError(f"unknown input kind {init!r}")
        out.append(np.asarray(a).astype(dtype))
    return out


def shared_inputs(specs: list[dict]) -> list[np.ndarray]:
    """The shared benchmark's inputs (``../shared/bench``, as its own timer draws
    them): standard normal per spec from seed 0, integers as ``|x * 1000|``."""
    rng = np.random.default_rng(0)
    out = []
    for s in specs:
        a = rng.standard_normal(s["shape"])
        if s["dtype"].startswith("int"):
            a = np.abs(a * 1000)
        out.append(a.astype(s["dtype"]))
    return out
