"""GPU sparse (cuSPARSE/hipSPARSE) custom-call targets of the jaxlib-sparse extra.

Keyed by XLA platform name as JAX expects; the kernels arrive with the GPU
backend, so none is registered yet.
"""

from __future__ import annotations

from typing import Any

_KERNELS: dict[str, dict[str, Any]] = {"CUDA": {}, "ROCM": {}}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    return {
        platform: [(name, fn, 1) for name, fn in sorted(kernels.items())]
        for platform, kernels in _KERNELS.items()
    }
