"""GPU linear-algebra custom-call targets (CUDA/ROCm) of the jaxlib-linalg extra.

Keyed by XLA platform name as JAX expects. The GPU kernels arrive with the GPU
backend; until then no target is registered.
"""

from __future__ import annotations

from typing import Any

_KERNELS: dict[str, dict[str, Any]] = {"CUDA": {}, "ROCM": {}}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    return {
        platform: [(name, fn, 1) for name, fn in sorted(kernels.items())]
        for platform, kernels in _KERNELS.items()
    }
