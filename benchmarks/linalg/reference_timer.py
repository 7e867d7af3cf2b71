"""The shared reference timer (``shared/bench/reference_timer.py``) for the
linear-algebra programs: run with the reference's python as

    python benchmarks/linalg/reference_timer.py SHARED_TIMER PROGRAMS_DIR [NAME...]

The reference's LAPACK kernels take their routines from scipy when JAX first
prepares a LAPACK call (``jaxlib.lapack.prepare_lapack_call``); a program compiled
straight from text skips that step and would call null function pointers, so
this does it first, then hands over to the shared timer.
"""

from __future__ import annotations

import importlib.util
import sys

import jax
import numpy as np

from jaxlib import lapack

jax.config.update("jax_enable_x64", True)  # float64 inputs stay float64
lapack.prepare_lapack_call("getrf_ffi", np.float32)  # loads every routine, all dtypes

spec = importlib.util.spec_from_file_location("reference_timer", sys.argv[1])
timer = importlib.util.module_from_spec(spec)
spec.loader.exec_module(timer)
timer.main(sys.argv[2], sys.argv[3:])
