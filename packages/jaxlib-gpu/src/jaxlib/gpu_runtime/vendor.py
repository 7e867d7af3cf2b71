"""Which GPU maker's CuPy build an array namespace is.

The rocm backend is the cuda backend's code over CuPy's ROCm build (HIP):
every step that goes through CuPy (its elementwise kernels, compiled by
hiprtc; matmul on hipBLAS; FFTs on hipFFT; sorts on hipCUB; sparse products
on hipSPARSE) runs as on CUDA. What is written for NVIDIA's libraries or
hardware is off on ROCm, each saying so in its ``status()``:

- generated fused kernels (codegen.py: 32-lane warp reductions, NVRTC's PTX):
  fused groups run op by op through CuPy;
- our cuBLAS handle (cublas.py): CuPy's matmul; bfloat16 products in f32;
- cuDNN (cudnn.py): convolutions on im2col and one product;
- cuSOLVER's and cuSPARSE's bindings (solver.py, tridiagonal.py; csrlsvqr in
  sparse.py): the solver targets and tridiagonal solves run as host steps;
- CUDA graphs: programs run eagerly.

NCCL's API is RCCL's too, so collectives between GPUs find librccl (nccl.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np


def is_hip(xp: Any) -> bool:
    """Whether ``xp`` is CuPy built for ROCm (numpy, for mock GPUs, is not)."""
    if xp is np:
        return False
    runtime = getattr(getattr(xp, "cuda", None), "runtime", None)
    return bool(getattr(runtime, "is_hip", False))


ROCM_OFF = "ROCm: NVIDIA's library is not used there"
