"""Writes the reference corpus: StableHLO programs lowered by the reference JAX,
with their inputs and the outputs the reference computes on CPU.

Run it in a separate virtual environment that holds the reference JAX (never the
project's own jaxlib)::

    python3 -m venv /work/refvenv
    /work/refvenv/bin/pip install "jax==0.10.2" "jaxlib==0.10.2"
    /work/refvenv/bin/python tests/corpus/generate.py          # writes tests/corpus/programs/

The script forces four host CPU devices (``XLA_FLAGS=--xla_force_host_platform_device_count=4``)
before JAX is imported, so the multi-device programs can be compiled and run.
Options: ``--out DIR`` writes elsewhere; ``--only SUBSTRING`` regenerates the
matching programs only (without clearing the directory).

For every program ``NAME`` it writes:

* ``NAME.mlir``: ``jax.jit(f, ...).lower(*args).as_text()``;
* ``NAME.npz``: the inputs ``arg0, arg1, ...`` and reference outputs ``out0, ...``
  (narrow float types that numpy cannot store natively -- bfloat16, float8, int4 --
  are stored as their raw bits in an unsigned integer array; the sidecar names
  the real dtype);
* ``NAME.json``: category, description, device count, mesh shape, for each input
  and output its dtype, shape and (multi-device programs) HloSharding text, and
  for each output the ``rtol``/``atol`` of the comparison with the reason.

A program the reference cannot lower or run is left out and listed in
``manifest.json`` under ``"skipped"`` with the error; nothing is skipped silently.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import traceback
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if "--xla_force_host_platform_device_count" not in os.environ.get("XLA_FLAGS", ""):
    os.environ["XLA_FLAGS"] = (
        os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=4"
    ).strip()
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

REFERENCE_JAX = "0.10.2"
HERE = Path(__file__).resolve().parent

# --------------------------------------------------------------------------
# Tolerances
# --------------------------------------------------------------------------
# Integer and bool results are always compared exactly.  Float results get one
# of these classes, chosen per program:
#
# exact  - outputs come from data movement, comparisons, selects, min/max, sorting,
#          conversions, RNG bit manipulation or single correctly rounded IEEE ops
#          (add, sub, mul, div, sqrt): XLA's CPU results are fully determined.
# math   - elementwise transcendental functions (exp, tanh, erf_inv, ...): XLA uses
#          its own polynomial approximations, accurate to a few ulp, so two correct
#          implementations may differ by a few ulp.
# accum  - reductions, matmuls, convolutions, cumulative sums: the summation order is
#          unspecified, so rounding error grows with the number of terms and with
#          the magnitude of the terms (atol is scaled by max(1, max|reference|)).
# deep   - networks, their gradients, FFTs, long loops: several accumulating stages
#          compound; same scaling as accum.
_EPS_TOLERANCES = {
    # class: {dtype family: (rtol, atol)}
    "math": {"f16": (2e-3, 1e-3), "bf16": (1.6e-2, 1e-2), "f32": (1e-5, 1e-6),
             "f64": (1e-12, 1e-14)},
    "accum": {"f16": (1e-2, 1e-2), "bf16": (5e-2, 5e-2), "f32": (3e-5, 3e-5),
              "f64": (1e-12, 1e-12)},
    "deep": {"f16": (2e-2, 2e-2), "bf16": (1e-1, 1e-1), "f32": (2e-4, 1e-4),
             "f64": (1e-10, 1e-10)},
}
TOLERANCE_REASONS = {
    "exact": "data movement / comparisons / single correctly rounded IEEE ops: "
             "XLA's result is fully determined",
    "math": "elementwise transcendental functions: XLA CPU uses polynomial "
            "approximations accurate to a few ulp",
    "accum": "reduction/matmul/convolution/cumulative: summation order is unspecified; "
             "atol scaled by max(1, max|reference|)",
    "deep": "several accumulating stages (networks, gradients, FFT, loops); "
            "atol scaled by max(1, max|reference|)",
}


def _float_family(dtype: np.dtype) -> str | None:
    if dtype in (np.dtype(np.float16),):
        return "f16"
    if dtype == np.dtype(ml_dtypes.bfloat16):
        return "bf16"
    if dtype in (np.dtype(np.float32), np.dtype(np.complex64)):
        return "f32"
    if dtype in (np.dtype(np.float64), np.dtype(np.complex128)):
        return "f64"
    if dtype.name.startswith("float8"):
        return "bf16"  # only produced by exact conversions in this corpus
    return None


def tolerance_for(value: np.ndarray, tol_class: str) -> tuple[float, float, str]:
    family = _float_family(value.dtype)
    if family is None:
        return 0.0, 0.0, "integer/bool result: exact"
    if tol_class == "exact":
        return 0.0, 0.0, TOLERANCE_REASONS["exact"]
    rtol, atol = _EPS_TOLERANCES[tol_class][family]
    if tol_class in ("accum", "deep"):
        finite = np.abs(value[np.isfinite(value)].astype(np.complex128))
        scale = max(1.0, float(finite.max())) if finite.size else 1.0
        atol *= scale
    return rtol, float(f"{atol:.3g}"), TOLERANCE_REASONS[tol_class]


# --------------------------------------------------------------------------
# Registry
# --------------------------------------------------------------------------


@dataclass
class Program:
    name: str
    category: str
    fn: Callable
    make_args: Callable[[np.random.Generator], list]
    tol: str = "exact"
    description: str = ""
    x64: bool = False
    mesh: tuple[tuple[int, ...], tuple[str, ...]] | None = None
    in_specs: tuple | None = None
    out_specs: Any = None
    shardy: bool = True
    atol_floor: float = 0.0  # a larger absolute tolerance where relative error is meaningless
    poly_shapes: tuple | None = None  # jax.export symbolic shapes, one per argument (or None)
    donate: tuple[int, ...] = ()  # donate_argnums: the text carries tf.aliasing_output
    debug_info: bool = False  # as_text(debug_info=True): keep the loc(...) locations
    extra: dict = field(default_factory=dict)


PROGRAMS: list[Program] = []


def register(name, category, fn, make_args, tol="exact", description="", **kw):
    if any(p.name == name for p in PROGRAMS):
        raise ValueError(f"duplicate program name {name}")
    description = description or (fn.__doc__ or "").strip() or name.replace("_", " ")
    PROGRAMS.append(Program(name, category, fn, make_args, tol, description, **kw))


def program(category, args, tol="exact", name=None, **kw):
    def decorate(fn):
        register(name or fn.__name__, category, fn, args, tol, **kw)
        return fn
    return decorate


# Input helpers: deterministic per program (seeded from the program name).
def normal(r, *shape, dtype=np.float32, scale=1.0):
    return (r.standard_normal(shape) * scale).astype(dtype)


def uniform(r, *shape, lo=-1.0, hi=1.0, dtype=np.float32):
    return r.uniform(lo, hi, shape).astype(dtype)


def ints(r, lo, hi, *shape, dtype=np.int32):
    return r.integers(lo, hi, shape).astype(dtype)


def small_ints_as(r, lo, hi, *shape, dtype=np.float32):
    """Integer-valued floats: sums and products of these are exact."""
    return r.integers(lo, hi, shape).astype(dtype)


def complex64(r, *shape):
    return (r.standard_normal(shape) + 1j * r.standard_normal(shape)).astype(np.complex64)


def threefry_key_data(seed):
    return np.asarray(jax.random.key_data(jax.random.key(seed)))


def rbg_key_data(seed, impl="rbg"):
    return np.asarray(jax.random.key_data(jax.random.key(seed, impl=impl)))


# ==========================================================================
# Elementwise float32 math
# ==========================================================================
_UNARY_MATH = {
    "exp": (jnp.exp, "math", lambda r: [normal(r, 4, 8)]),
    "exp2": (jnp.exp2, "math", lambda r: [normal(r, 4, 8)]),
    "expm1": (jnp.expm1, "math", lambda r: [normal(r, 4, 8, scale=0.1)]),
    "log": (jnp.log, "math", lambda r: [uniform(r, 4, 8, lo=0.01, hi=10)]),
    "log1p": (jnp.log1p, "math", lambda r: [uniform(r, 4, 8, lo=-0.5, hi=2)]),
    "sin": (jnp.sin, "math", lambda r: [normal(r, 4, 8, scale=3)]),
    "cos": (jnp.cos, "math", lambda r: [normal(r, 4, 8, scale=3)]),
    "tan": (jnp.tan, "math", lambda r: [uniform(r, 4, 8, lo=-1.2, hi=1.2)]),
    "tanh": (jnp.tanh, "math", lambda r: [normal(r, 4, 8, scale=2)]),
    "sigmoid": (jax.nn.sigmoid, "math", lambda r: [normal(r, 4, 8, scale=3)]),
    "sqrt": (jnp.sqrt, "exact", lambda r: [uniform(r, 4, 8, lo=0, hi=5)]),
    "rsqrt": (lax.rsqrt, "math", lambda r: [uniform(r, 4, 8, lo=0.1, hi=5)]),
    "cbrt": (jnp.cbrt, "math", lambda r: [normal(r, 4, 8, scale=5)]),
    "erf": (lax.erf, "math", lambda r: [normal(r, 4, 8)]),
    "erfc": (lax.erfc, "math", lambda r: [normal(r, 4, 8)]),
    "erf_inv": (lax.erf_inv, "math", lambda r: [uniform(r, 4, 8, lo=-0.99, hi=0.99)]),
    "digamma": (lax.digamma, "math", lambda r: [uniform(r, 4, 8, lo=0.1, hi=8)]),
    "asin": (jnp.arcsin, "math", lambda r: [uniform(r, 4, 8, lo=-0.99, hi=0.99)]),
    "acos": (jnp.arccos, "math", lambda r: [uniform(r, 4, 8, lo=-0.99, hi=0.99)]),
    "atan": (jnp.arctan, "math", lambda r: [normal(r, 4, 8, scale=3)]),
    "sinh": (jnp.sinh, "math", lambda r: [normal(r, 4, 8)]),
    "cosh": (jnp.cosh, "math", lambda r: [normal(r, 4, 8)]),
    "asinh": (jnp.arcsinh, "math", lambda r: [normal(r, 4, 8, scale=3)]),
    "atanh": (jnp.arctanh, "math", lambda r: [uniform(r, 4, 8, lo=-0.9, hi=0.9)]),
    "softplus": (jax.nn.softplus, "math", lambda r: [normal(r, 4, 8, scale=4)]),
    "gelu_tanh": (lambda x: jax.nn.gelu(x, approximate=True), "math",
                  lambda r: [normal(r, 4, 8, scale=2)]),
    "gelu_erf": (lambda x: jax.nn.gelu(x, approximate=False), "math",
                 lambda r: [normal(r, 4, 8, scale=2)]),
    "rounding": (lambda x: (jnp.floor(x), jnp.ceil(x), jnp.round(x), jnp.trunc(x),
                            lax.round(x, lax.RoundingMethod.AWAY_FROM_ZERO)),
                 "exact",
                 lambda r: [np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, -0.2, 3.7],
                                     np.float32)]),
    "sign_abs_neg": (lambda x: (jnp.sign(x), jnp.abs(x), -x), "exact",
                     lambda r: [np.array([-2.0, -0.0, 0.0, 3.0, np.inf, -np.inf, np.nan, 1e-40],
                                         np.float32)]),
    "is_finite": (lambda x: (jnp.isfinite(x), jnp.isnan(x), jnp.isinf(x)), "exact",
                  lambda r: [np.array([1.0, np.inf, -np.inf, np.nan, 0.0, -3.0], np.float32)]),
    "relu_leaky": (lambda x: (jax.nn.relu(x), jax.nn.leaky_relu(x, 0.25)), "exact",
                   lambda r: [normal(r, 4, 8)]),
    "integer_pow": (lambda x: (x ** 2, x ** 3, lax.integer_pow(x, -2)), "math",
                    lambda r: [uniform(r, 4, 8, lo=0.5, hi=2.0)]),
    "logistic_lax": (lax.logistic, "math", lambda r: [normal(r, 16, scale=4)]),
}
for _name, (_fn, _tol, _args) in _UNARY_MATH.items():
    register(f"f32_{_name}", "elementwise", _fn, _args, _tol,
             description=f"float32 elementwise {_name}")


@program("elementwise", lambda r: [uniform(r, 4, 8, lo=0.1, hi=8)], "math", atol_floor=1e-5)
def f32_lgamma(x):
    """lgamma over (0.1, 8), through its zeros at 1 and 2 where only absolute error is
    meaningful (XLA's absolute error there is about 1e-6)"""
    return lax.lgamma(x)


@program("elementwise", lambda r: [normal(r, 4, 8), normal(r, 4, 8)])
def f32_arith_binary(x, y):
    """add, subtract, multiply, divide, max, min of two float32 arrays"""
    return x + y, x - y, x * y, x / y, jnp.maximum(x, y), jnp.minimum(x, y)


@program("elementwise", lambda r: [uniform(r, 4, 8, lo=0.1, hi=3), normal(r, 4, 8)], "math")
def f32_pow(x, y):
    return jnp.power(x, y)


@program("elementwise", lambda r: [normal(r, 4, 8), normal(r, 4, 8)], "math")
def f32_atan2(y, x):
    return jnp.arctan2(y, x)


@program("elementwise", lambda r: [normal(r, 4, 8, scale=5), uniform(r, 4, 8, lo=0.5, hi=3)])
def f32_remainder(x, y):
    """lax.rem (C fmod semantics) and jnp.remainder (Python semantics)"""
    return lax.rem(x, y), jnp.remainder(x, y)


@program("elementwise", lambda r: [normal(r, 8), normal(r, 8)])
def f32_nextafter(x, y):
    return jnp.nextafter(x, y)


@program("elementwise", lambda r: [
    np.array([1.0, np.nan, -0.0, 0.0, np.inf, -2.0], np.float32),
    np.array([np.nan, 2.0, 0.0, -0.0, 5.0, -np.inf], np.float32)])
def f32_minmax_nan(x, y):
    """NaN propagation in maximum/minimum"""
    return jnp.maximum(x, y), jnp.minimum(x, y), lax.max(x, y), lax.min(x, y)


@program("elementwise", lambda r: [normal(r, 4, 8, scale=3)])
def f32_clamp(x):
    return jnp.clip(x, -1.0, 2.0), lax.clamp(np.float32(-0.5), x, np.float32(0.5))


@program("elementwise", lambda r: [normal(r, 4, 8), normal(r, 4, 8)])
def f32_compare_select(x, y):
    return (x < y, x <= y, x == y, x != y, x > y, x >= y,
            jnp.where(x > y, x, y * 2))


@program("elementwise", lambda r: [uniform(r, 16, lo=1e-20, hi=1e-19),
                                   uniform(r, 8, lo=1e-39, hi=1e-38)])
def f32_denormals(x, sub):
    """results in the float32 subnormal range, and subnormal operands (XLA CPU flushes
    both to zero)"""
    return x * np.float32(1e-19), x / np.float32(1e25), sub * np.float32(1e30), sub + sub


@program("elementwise", lambda r: [normal(r, 16, scale=10)])
def f32_reduce_precision(x):
    return (lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10),
            lax.reduce_precision(x, exponent_bits=8, mantissa_bits=7),
            lax.reduce_precision(x, exponent_bits=4, mantissa_bits=3))


@program("elementwise", lambda r: [normal(r, 32)], "math")
def f32_softmax(x):
    return jax.nn.softmax(x), jax.nn.log_softmax(x)


@program("elementwise", lambda r: [normal(r, 4, 8)], "math")
def f32_logsumexp(x):
    return jax.nn.logsumexp(x, axis=1)


# ==========================================================================
# Shapes and data movement
# ==========================================================================
@program("shape", lambda r: [normal(r, 2, 3, 4)])
def reshape_transpose(x):
    return x.reshape(6, 4), jnp.transpose(x, (2, 0, 1)), x.reshape(-1), x[:, None, :, None]


@program("shape", lambda r: [normal(r, 3, 1), normal(r, 4)])
def broadcast_ops(x, y):
    return x + y, jnp.broadcast_to(y, (2, 3, 4)), jnp.outer(x[:, 0], y)


@program("shape", lambda r: [normal(r, 2, 3), normal(r, 2, 2), normal(r, 4, 3)])
def concatenate_stack(a, b, c):
    return (jnp.concatenate([a, b], axis=1), jnp.concatenate([a, c], axis=0),
            jnp.stack([a, a * 2], axis=1))


@program("shape", lambda r: [normal(r, 6, 8)])
def slices_strided(x):
    return x[1:5], x[::2, 1::3], x[::-1, ::-2], x[-3:, :-4]


@program("shape", lambda r: [normal(r, 6, 8), np.array(2, np.int32), np.array(5, np.int32)])
def dynamic_slice_ops(x, i, j):
    """dynamic_slice with in-range and clamped start indices"""
    return lax.dynamic_slice(x, (i, j), (3, 2)), lax.dynamic_slice(x, (j, i), (3, 4))


@program("shape", lambda r: [normal(r, 6, 8), normal(r, 2, 3), np.array(5, np.int32),
                             np.array(-1, np.int32)])
def dynamic_update_slice_ops(x, u, i, j):
    return lax.dynamic_update_slice(x, u, (i, j)), lax.dynamic_update_slice(x, u, (1, 2))


@program("shape", lambda r: [normal(r, 4, 5)])
def pad_variants(x):
    """edge padding, negative padding and interior padding"""
    return (lax.pad(x, np.float32(0), [(1, 2, 0), (0, 1, 0)]),
            lax.pad(x, np.float32(-1), [(-1, 1, 1), (2, -2, 2)]),
            jnp.pad(x, ((1, 1), (2, 0)), mode="reflect"),
            jnp.pad(x, ((0, 2), (1, 1)), mode="edge"))


@program("shape", lambda r: [normal(r, 3, 4, 5)])
def reverse_roll_tile(x):
    return (jnp.flip(x, axis=(0, 2)), jnp.roll(x, 2, axis=1), jnp.tile(x[0], (2, 1)),
            jnp.repeat(x[:, 0], 2, axis=0))


@program("shape", lambda r: [])
def iota_arange(*_):
    return (jnp.arange(10, dtype=jnp.int32), lax.broadcasted_iota(jnp.float32, (3, 4), 1),
            jnp.eye(4, dtype=jnp.float32), jnp.tri(3, 5, 1, dtype=jnp.int32),
            jnp.linspace(0.0, 1.0, 5, dtype=jnp.float32))


@program("shape", lambda r: [normal(r, 4, 4)])
def triu_tril_diag(x):
    return jnp.triu(x), jnp.tril(x, -1), jnp.diagonal(x), jnp.trace(x)


@program("shape", lambda r: [normal(r, 3, 4), normal(r, 3, 4), ints(r, 0, 2, 3, 4).astype(bool)])
def select_where(x, y, m):
    return jnp.where(m, x, y), lax.select(m, y, x)


# ==========================================================================
# Reductions
# ==========================================================================
@program("reduction", lambda r: [normal(r, 6, 8)], "accum")
def reduce_sum_mean_var(x):
    return x.sum(), x.sum(axis=0), x.mean(axis=1), x.var(axis=0), x.std()


@program("reduction", lambda r: [uniform(r, 4, 6, lo=0.5, hi=1.5)], "accum")
def reduce_prod(x):
    return jnp.prod(x, axis=1), jnp.prod(x)


@program("reduction", lambda r: [normal(r, 5, 7)])
def reduce_max_min_argmax(x):
    return (x.max(axis=1), x.min(axis=0), jnp.argmax(x, axis=1), jnp.argmin(x, axis=0),
            jnp.argmax(x))


@program("reduction", lambda r: [np.array([[1.0, np.nan, 3.0], [2.0, 1.0, 0.5]], np.float32)])
def reduce_with_nan(x):
    return x.max(axis=1), x.min(axis=1), jnp.argmax(x, axis=1), jnp.nanmax(x, axis=1)


@program("reduction", lambda r: [ints(r, 0, 2, 4, 6).astype(bool)])
def reduce_any_all(m):
    return m.any(axis=1), m.all(axis=0), m.sum(axis=1), jnp.count_nonzero(m)


@program("reduction", lambda r: [ints(r, -100, 100, 3, 4, 5)])
def reduce_int_multi_axis(x):
    return x.sum(axis=(0, 2)), x.max(axis=(1, 2)), x.min(), jnp.prod(x[:, :2, :2] % 5, axis=1)


@program("reduction", lambda r: [normal(r, 2, 8, 8, 3)], "accum")
def reduce_window_pools(x):
    """max pool, average pool (with padding) and a strided window sum"""
    maxp = lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    avgp = lax.reduce_window(x, 0.0, lax.add, (1, 3, 3, 1), (1, 1, 1, 1), "SAME") / 9.0
    dil = lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1), (1, 3, 3, 1),
                            [(0, 0), (1, 1), (0, 1), (0, 0)], window_dilation=(1, 2, 1, 1))
    return maxp, avgp, dil


@program("reduction", lambda r: [normal(r, 2, 6, 6, 2)], "accum")
def max_pool_grad(x):
    """gradient of max pooling: select_and_scatter_add"""
    def pool(v):
        return lax.reduce_window(v, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID").sum()
    return jax.grad(pool)(x)


@program("reduction", lambda r: [normal(r, 4, 6), ints(r, 0, 3, 6)], "accum")
def segment_sum_max(x, seg):
    return (jax.ops.segment_sum(x.T, seg, num_segments=3),
            jax.ops.segment_max(x.T, seg, num_segments=3))


@program("reduction", lambda r: [normal(r, 8), normal(r, 8)])
def reduce_multi_operand_argmax(x, y):
    """variadic reduce: max of x carrying y along"""
    def comb(a, b):
        take_a = a[0] >= b[0]
        return jnp.where(take_a, a[0], b[0]), jnp.where(take_a, a[1], b[1])
    return lax.reduce((x, y), (np.float32(-np.inf), np.float32(0)), comb, (0,))


@program("reduction", lambda r: [ints(r, 0, 2 ** 16, 4, 6, dtype=np.int64).astype(np.uint32),
                                 ints(r, -50, 50, 4, 6)])
def reduce_bitwise_int(u, x):
    """bitwise and/or/xor reductions, and integer pow/clamp"""
    return (jnp.bitwise_and.reduce(u, axis=1), jnp.bitwise_or.reduce(u, axis=0),
            jnp.bitwise_xor.reduce(x, axis=1), x ** 3, jnp.clip(x, -10, 10),
            lax.integer_pow(x, 2))


# ==========================================================================
# Matmul and convolution
# ==========================================================================
@program("linalg", lambda r: [normal(r, 8, 16), normal(r, 16, 4)], "accum")
def matmul_f32(a, b):
    return a @ b


@program("linalg", lambda r: [normal(r, 3, 4, 5), normal(r, 3, 5, 6)], "accum")
def batched_matmul_einsum(a, b):
    return jnp.einsum("bij,bjk->bik", a, b), jnp.einsum("bij,bij->b", a, a)


@program("linalg", lambda r: [normal(r, 2, 3, 4), normal(r, 4, 3, 5)], "accum")
def dot_general_dims(a, b):
    """dot_general with contracting dims in unusual positions"""
    return (lax.dot_general(a, b, (((2, 1), (0, 1)), ((), ()))),
            jnp.tensordot(a, b, axes=([1], [1])))


@program("linalg", lambda r: [normal(r, 8), normal(r, 8), normal(r, 5, 8)], "accum")
def vector_dots(x, y, m):
    return jnp.dot(x, y), m @ x, x @ m.T, jnp.vdot(x, y)


@program("linalg", lambda r: [ints(r, -128, 128, 4, 8, dtype=np.int8),
                              ints(r, -128, 128, 8, 3, dtype=np.int8)])
def matmul_int8_to_int32(a, b):
    """int8 x int8 with preferred_element_type int32"""
    return lax.dot(a, b, preferred_element_type=jnp.int32), jnp.matmul(a, b)


@program("linalg", lambda r: [normal(r, 4, 8), normal(r, 8, 4)], "accum")
def matmul_precision_highest(a, b):
    return jnp.matmul(a, b, precision=lax.Precision.HIGHEST), \
        lax.dot(a, b, precision=(lax.Precision.DEFAULT, lax.Precision.HIGH))


_CONV_NHWC = ("NHWC", "HWIO", "NHWC")


@program("conv", lambda r: [normal(r, 2, 8, 8, 3), normal(r, 3, 3, 3, 4)], "accum")
def conv2d_nhwc_same(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=_CONV_NHWC)


@program("conv", lambda r: [normal(r, 2, 3, 9, 9), normal(r, 4, 3, 3, 3)], "accum")
def conv2d_nchw_strided_padded(x, w):
    return lax.conv_general_dilated(x, w, (2, 2), [(1, 0), (2, 1)])


@program("conv", lambda r: [normal(r, 1, 7, 7, 2), normal(r, 3, 3, 2, 2)], "accum")
def conv2d_dilated(x, w):
    """rhs (kernel) dilation and lhs (input) dilation"""
    return (lax.conv_general_dilated(x, w, (1, 1), "VALID", rhs_dilation=(2, 2),
                                     dimension_numbers=_CONV_NHWC),
            lax.conv_general_dilated(x, w, (1, 1), [(1, 1), (1, 1)], lhs_dilation=(2, 2),
                                     dimension_numbers=_CONV_NHWC))


@program("conv", lambda r: [normal(r, 2, 6, 6, 4), normal(r, 3, 3, 1, 4)], "accum")
def conv2d_depthwise(x, w):
    """feature_group_count = channels"""
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=_CONV_NHWC,
                                    feature_group_count=4)


@program("conv", lambda r: [normal(r, 2, 6, 6, 4), normal(r, 3, 3, 2, 6)], "accum")
def conv2d_grouped(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "VALID", dimension_numbers=_CONV_NHWC,
                                    feature_group_count=2)


@program("conv", lambda r: [normal(r, 4, 5, 5, 2), normal(r, 3, 3, 2, 4)], "accum")
def conv2d_batch_group(x, w):
    """batch_group_count = 2 (the form of a weight gradient)"""
    return lax.conv_general_dilated(x, w, (1, 1), "VALID", dimension_numbers=_CONV_NHWC,
                                    batch_group_count=2)


@program("conv", lambda r: [normal(r, 2, 10, 3), normal(r, 3, 3, 5)], "accum")
def conv1d_nwc(x, w):
    return lax.conv_general_dilated(x, w, (2,), "SAME", dimension_numbers=("NWC", "WIO", "NWC"))


@program("conv", lambda r: [normal(r, 1, 4, 4, 4, 2), normal(r, 2, 2, 2, 2, 3)], "accum")
def conv3d(x, w):
    return lax.conv_general_dilated(x, w, (1, 1, 1), "VALID",
                                    dimension_numbers=("NDHWC", "DHWIO", "NDHWC"))


@program("conv", lambda r: [normal(r, 1, 5, 5, 2), normal(r, 3, 3, 2, 3)], "accum")
def conv2d_transpose(x, w):
    return lax.conv_transpose(x, w, (2, 2), "SAME", dimension_numbers=_CONV_NHWC)


@program("conv", lambda r: [normal(r, 2, 6, 6, 4), normal(r, 3, 3, 2, 6)], "deep")
def conv2d_grouped_grads(x, w):
    """gradients of a grouped convolution (batch_group_count in the weight gradient)"""
    def f(x, w):
        y = lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=_CONV_NHWC,
                                     feature_group_count=2)
        return jnp.sum(y ** 2)
    return jax.grad(f, argnums=(0, 1))(x, w)


# ==========================================================================
# Networks
# ==========================================================================
def _mlp_params(r, sizes=(8, 16, 16, 4)):
    out = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        out += [normal(r, a, b, scale=1 / np.sqrt(a)), normal(r, b, scale=0.1)]
    return out


def _mlp(params, x):
    h = x
    n = len(params) // 2
    for i in range(n):
        h = h @ params[2 * i] + params[2 * i + 1]
        if i < n - 1:
            h = jnp.tanh(h)
    return h


def _mlp_loss(params, x, y):
    logits = _mlp(params, x)
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(y, 4), axis=-1))


@program("network", lambda r: [*_mlp_params(r), normal(r, 5, 8)], "deep")
def mlp_forward(w1, b1, w2, b2, w3, b3, x):
    return _mlp([w1, b1, w2, b2, w3, b3], x)


@program("network", lambda r: [*_mlp_params(r), normal(r, 5, 8), ints(r, 0, 4, 5)], "deep")
def mlp_loss_and_grad(w1, b1, w2, b2, w3, b3, x, y):
    return jax.value_and_grad(_mlp_loss)([w1, b1, w2, b2, w3, b3], x, y)


@program("network", lambda r: [*_mlp_params(r), normal(r, 5, 8), ints(r, 0, 4, 5)], "deep")
def mlp_sgd_steps(w1, b1, w2, b2, w3, b3, x, y):
    """three SGD steps unrolled in Python"""
    params = [w1, b1, w2, b2, w3, b3]
    for _ in range(3):
        grads = jax.grad(_mlp_loss)(params, x, y)
        params = [p - 0.1 * g for p, g in zip(params, grads)]
    return params


@program("network", lambda r: [*_mlp_params(r), normal(r, 4, 8), ints(r, 0, 4, 4)], "deep")
def mlp_per_example_grads(w1, b1, w2, b2, w3, b3, x, y):
    """vmap(grad) over the batch: per-example gradients"""
    def loss(params, xi, yi):
        return _mlp_loss(params, xi[None], yi[None])
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))([w1, b1, w2, b2, w3, b3], x, y)


@program("network", lambda r: [*_mlp_params(r, (6, 8, 3)), normal(r, 4, 6)], "deep")
def mlp_jacobian(w1, b1, w2, b2, x):
    """forward-mode jacobian of the outputs w.r.t. the inputs (jacfwd)"""
    return jax.vmap(jax.jacfwd(lambda xi: _mlp([w1, b1, w2, b2], xi)))(x)


@program("network", lambda r: [*_mlp_params(r, (6, 8, 3)), normal(r, 4, 6)], "deep")
def mlp_hessian_vector(w1, b1, w2, b2, x):
    """Hessian-vector product via jvp of grad"""
    f = lambda p: jnp.sum(_mlp([p, b1, w2, b2], x) ** 2)  # noqa: E731
    return jax.jvp(jax.grad(f), (w1,), (jnp.ones_like(w1),))[1]


def _cnn_params(r):
    return [normal(r, 3, 3, 1, 4, scale=0.3), normal(r, 4, scale=0.1),
            normal(r, 3, 3, 4, 8, scale=0.2), normal(r, 8, scale=0.1),
            normal(r, 2 * 2 * 8, 3, scale=0.2), normal(r, 3, scale=0.1)]


def _cnn(params, x):
    k1, c1, k2, c2, w, b = params
    h = jax.nn.relu(lax.conv_general_dilated(x, k1, (1, 1), "SAME",
                                             dimension_numbers=_CONV_NHWC) + c1)
    h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    h = jax.nn.relu(lax.conv_general_dilated(h, k2, (1, 1), "SAME",
                                             dimension_numbers=_CONV_NHWC) + c2)
    h = lax.reduce_window(h, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4
    return h.reshape(h.shape[0], -1) @ w + b


@program("network", lambda r: [*_cnn_params(r), normal(r, 2, 8, 8, 1)], "deep")
def cnn_forward(k1, c1, k2, c2, w, b, x):
    """conv-relu-maxpool-conv-relu-avgpool-dense"""
    return _cnn([k1, c1, k2, c2, w, b], x)


@program("network", lambda r: [*_cnn_params(r), normal(r, 2, 8, 8, 1), ints(r, 0, 3, 2)], "deep")
def cnn_grad(k1, c1, k2, c2, w, b, x, y):
    def loss(params):
        logits = _cnn(params, x)
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(y, 3), -1))
    return jax.grad(loss)([k1, c1, k2, c2, w, b])


def _layernorm(x, g, b):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) * lax.rsqrt(var + 1e-5) * g + b


@program("network", lambda r: [normal(r, 4, 16, scale=3), normal(r, 16), normal(r, 16)], "deep")
def layernorm_forward(x, g, b):
    return _layernorm(x, g, b)


@program("network", lambda r: [normal(r, 4, 16, scale=3), normal(r, 16), normal(r, 16)], "deep")
def layernorm_grad(x, g, b):
    return jax.grad(lambda x, g, b: jnp.sum(jnp.sin(_layernorm(x, g, b))),
                    argnums=(0, 1, 2))(x, g, b)


def _attention(q, k, v, causal):
    d = q.shape[-1]
    s = jnp.einsum("...qd,...kd->...qk", q, k) / np.sqrt(d).astype(np.float32)
    if causal:
        n = q.shape[-2]
        s = jnp.where(jnp.tril(jnp.ones((n, n), bool)), s, -1e9)
    return jnp.einsum("...qk,...kd->...qd", jax.nn.softmax(s, axis=-1), v)


@program("network", lambda r: [normal(r, 8, 16), normal(r, 8, 16), normal(r, 8, 16)], "deep")
def attention_single_head(q, k, v):
    return _attention(q, k, v, causal=False)


@program("network", lambda r: [normal(r, 2, 2, 6, 8), normal(r, 2, 2, 6, 8),
                               normal(r, 2, 2, 6, 8)], "deep")
def attention_multihead_causal(q, k, v):
    """batch 2, heads 2, causal mask"""
    return _attention(q, k, v, causal=True)


@program("network", lambda r: [normal(r, 6, 8), normal(r, 6, 8), normal(r, 6, 8)], "deep")
def attention_grad(q, k, v):
    return jax.grad(lambda q, k, v: jnp.sum(_attention(q, k, v, True) ** 2),
                    argnums=(0, 1, 2))(q, k, v)


@program("network", lambda r: [normal(r, 2, 6, 2, 4), normal(r, 2, 6, 2, 4),
                               normal(r, 2, 6, 2, 4)], "deep")
def dot_product_attention_xla(q, k, v):
    """jax.nn.dot_product_attention (implementation='xla'), causal, (B, T, N, H)"""
    return jax.nn.dot_product_attention(q, k, v, is_causal=True, implementation="xla")


@program("network", lambda r: [*_mlp_params(r), normal(r, 5, 8), ints(r, 0, 4, 5)], "deep")
def mlp_grad_rematerialized(w1, b1, w2, b2, w3, b3, x, y):
    """jax.checkpoint (remat): the backward pass recomputes behind optimization_barrier"""
    return jax.grad(jax.checkpoint(_mlp_loss))([w1, b1, w2, b2, w3, b3], x, y)


def _block_params(r, d=8, h=16):
    return [normal(r, d), normal(r, d, scale=0.1), normal(r, d, 3 * d, scale=0.3),
            normal(r, d, d, scale=0.3), normal(r, d, h, scale=0.3), normal(r, h, d, scale=0.3)]


def _block(params, x):
    g, b, wqkv, wo, w1, w2 = params
    h = _layernorm(x, g, b)
    q, k, v = jnp.split(h @ wqkv, 3, axis=-1)
    x = x + _attention(q, k, v, True) @ wo
    h = _layernorm(x, g, b)
    return x + jax.nn.gelu(h @ w1) @ w2


@program("network", lambda r: [*_block_params(r), normal(r, 6, 8)], "deep")
def transformer_block(g, b, wqkv, wo, w1, w2, x):
    return _block([g, b, wqkv, wo, w1, w2], x)


@program("network", lambda r: [*_block_params(r), normal(r, 6, 8)], "deep")
def transformer_block_grad(g, b, wqkv, wo, w1, w2, x):
    return jax.grad(lambda p: jnp.mean(_block(p, x) ** 2))([g, b, wqkv, wo, w1, w2])


@program("network", lambda r: [normal(r, 10, 4), ints(r, 0, 10, 6)], "deep")
def embedding_lookup_grad(table, ids):
    """embedding gather and its gradient (scatter-add with repeated ids)"""
    def loss(t):
        return jnp.sum(jnp.tanh(t[ids]) * jnp.arange(4.0))
    return table[ids], jax.grad(loss)(table)


@program("network", lambda r: [normal(r, 8, 6, scale=2), normal(r, 6), normal(r, 6)], "deep")
def batchnorm_train(x, gamma, beta):
    mu = x.mean(0)
    var = x.var(0)
    y = (x - mu) / jnp.sqrt(var + 1e-5) * gamma + beta
    return y, mu, var


@program("network", lambda r: [normal(r, 4, 4, scale=0.5), normal(r, 3, 4, scale=0.5),
                               normal(r, 4), normal(r, 5, 2, 3)], "deep")
def rnn_scan_forward_and_grad(wh, wx, b, xs):
    """an Elman RNN over 5 steps with lax.scan, and its gradient"""
    def run(wh, wx):
        def step(h, x):
            h = jnp.tanh(h @ wh + x @ wx + b)
            return h, h.sum()
        h, ys = lax.scan(step, jnp.zeros((2, 4), xs.dtype), xs)
        return jnp.sum(h ** 2) + ys.sum()
    return run(wh, wx), jax.grad(run, argnums=(0, 1))(wh, wx)


# ==========================================================================
# Control flow
# ==========================================================================
@program("control_flow", lambda r: [normal(r, 6, 3)], "accum")
def scan_cumulative(xs):
    return lax.scan(lambda c, x: (c + x, c * 2), jnp.zeros(3, xs.dtype), xs)


@program("control_flow", lambda r: [normal(r, 5, 2), normal(r, 2)], "accum")
def scan_reverse_tuple_carry(xs, init):
    def step(carry, x):
        a, n = carry
        return (a * 0.5 + x, n + 1), (a, n)
    return lax.scan(step, (init, jnp.int32(0)), xs, reverse=True)


@program("control_flow", lambda r: [normal(r, 8)], "accum")
def scan_unrolled(xs):
    return lax.scan(lambda c, x: (c * 0.9 + x, c), jnp.zeros((), xs.dtype), xs, unroll=3)


@program("control_flow", lambda r: [normal(r, 4), np.array(7, np.int32)], "accum")
def fori_loop_dynamic_trip(x, n):
    """fori_loop whose trip count is a runtime value (lowers to while)"""
    return lax.fori_loop(0, n, lambda i, v: v * 0.5 + i.astype(jnp.float32), x)


@program("control_flow", lambda r: [normal(r, 4)], "accum")
def fori_loop_static(x):
    return lax.fori_loop(0, 5, lambda i, v: jnp.sin(v) + v, x)


@program("control_flow", lambda r: [np.array([27, 7, 1, 97], np.int32)])
def while_collatz(n):
    """integer while_loop: Collatz step counts, vmapped (batched predicate)"""
    def steps(x):
        def body(c):
            v, k = c
            return jnp.where(v % 2 == 0, v // 2, 3 * v + 1), k + 1
        return lax.while_loop(lambda c: c[0] != 1, body, (x, jnp.int32(0)))[1]
    return jax.vmap(steps)(n)


@program("control_flow", lambda r: [uniform(r, 5, lo=0.5, hi=20)], "math")
def while_newton_sqrt(a):
    def cond(c):
        x, i = c
        return (i < 50) & jnp.any(jnp.abs(x * x - a) > 1e-5 * a)
    def body(c):
        x, i = c
        return 0.5 * (x + a / x), i + 1
    return lax.while_loop(cond, body, (a, 0))[0]


@program("control_flow", lambda r: [normal(r, 4), np.array(True)], "math")
def cond_bool(x, p):
    return lax.cond(p, lambda v: jnp.sin(v), lambda v: jnp.cos(v) * 2, x)


@program("control_flow", lambda r: [normal(r, 4), ints(r, 0, 10, 3)], "math")
def cond_mixed_operands(x, k):
    """cond on a data-dependent predicate, several operands of different dtypes"""
    return lax.cond(x.sum() > 0,
                    lambda a, b: (a * 2, b + 1),
                    lambda a, b: (jnp.exp(a), b * b), x, k)


@program("control_flow", lambda r: [normal(r, 3), np.array(1, np.int32), np.array(7, np.int32)],
         "math")
def switch_three_branches(x, i, j):
    """lax.switch with in-range and out-of-range (clamped) indices"""
    branches = [lambda v: v + 1, lambda v: jnp.tanh(v), lambda v: v * v]
    return lax.switch(i, branches, x), lax.switch(j, branches, x), lax.switch(-j, branches, x)


@program("control_flow", lambda r: [normal(r, 4, 3)], "deep")
def nested_scan_in_while(xs):
    def body(c):
        acc, i = c
        acc2, _ = lax.scan(lambda a, x: (a + jnp.tanh(x * i), None), acc, xs)
        return acc2, i + 1
    return lax.while_loop(lambda c: c[1] < 3, body, (jnp.zeros(3, xs.dtype), 0))


@program("control_flow", lambda r: [normal(r, 6, 2)], "deep")
def cond_inside_scan(xs):
    def step(c, x):
        c = lax.cond(x[0] > 0, lambda: c + x, lambda: c * 0.5 - x)
        return c, c.sum()
    return lax.scan(step, jnp.ones(2, xs.dtype), xs)


@program("control_flow", lambda r: [normal(r, 5), normal(r, 5)], "deep")
def grad_through_scan(xs, w):
    def f(w):
        return lax.scan(lambda c, x: (jnp.sin(c * w + x), None), jnp.zeros(5), xs)[0].sum()
    return jax.grad(f)(w)


@program("control_flow", lambda r: [normal(r, 4)], "math")
def grad_through_cond(x):
    f = lambda v: lax.cond(v.sum() > 0, jnp.sin, jnp.cos, v).sum()  # noqa: E731
    return jax.grad(f)(x), jax.grad(f)(-x)


@program("control_flow", lambda r: [normal(r, 6, 3)], "math")
def lax_map(xs):
    return lax.map(lambda x: jnp.exp(x) / jnp.sum(jnp.exp(x)), xs)


@program("control_flow", lambda r: [normal(r, 4)], "deep")
def fori_grad(x):
    return jax.grad(lambda v: lax.fori_loop(0, 4, lambda i, a: jnp.tanh(a) * 1.5, v).sum())(x)


@program("control_flow", lambda r: [normal(r, 3, 3)], "accum")
def nested_fori_loops(m):
    def outer(i, acc):
        return lax.fori_loop(0, 3, lambda j, a: a.at[i, j].add(m[j, i]), acc)
    return lax.fori_loop(0, 3, outer, m)


@program("control_flow", lambda r: [normal(r, 4)], "math")
def optimization_barrier(x):
    """optimization_barrier around a value used twice"""
    y, z = lax.optimization_barrier((jnp.exp(x), x * 2))
    return y + z


# ==========================================================================
# Random numbers
# ==========================================================================
def _tf(kd):
    return jax.random.wrap_key_data(kd)


def _rbg(kd, impl="rbg"):
    return jax.random.wrap_key_data(kd, impl=impl)


_TF_KEY = lambda r: [threefry_key_data(42)]  # noqa: E731


@program("rng", _TF_KEY)
def threefry_bits_u32(kd):
    return jax.random.bits(_tf(kd), (4, 8), jnp.uint32)


@program("rng", _TF_KEY)
def threefry_bits_u8_u16(kd):
    k1, k2 = jax.random.split(_tf(kd))
    return jax.random.bits(k1, (13,), jnp.uint8), jax.random.bits(k2, (7,), jnp.uint16)


@program("rng", _TF_KEY)
def threefry_split_fold_in(kd):
    keys = jax.random.split(_tf(kd), 4)
    return jax.random.key_data(keys), jax.random.key_data(jax.random.fold_in(_tf(kd), 1234))


@program("rng", _TF_KEY)
def threefry_uniform_f32(kd):
    k = _tf(kd)
    return (jax.random.uniform(k, (5, 7)),
            jax.random.uniform(jax.random.fold_in(k, 1), (9,), minval=-2.0, maxval=3.0))


@program("rng", _TF_KEY, "math")
def threefry_normal_f32(kd):
    return jax.random.normal(_tf(kd), (6, 5))


@program("rng", _TF_KEY, "math")
def threefry_normal_f16_bf16(kd):
    k1, k2 = jax.random.split(_tf(kd))
    return (jax.random.normal(k1, (9,), jnp.float16),
            jax.random.uniform(k2, (9,), jnp.bfloat16))


@program("rng", _TF_KEY)
def threefry_randint_bernoulli(kd):
    k1, k2 = jax.random.split(_tf(kd))
    return jax.random.randint(k1, (10,), -5, 17), jax.random.bernoulli(k2, 0.3, (12,))


@program("rng", _TF_KEY)
def threefry_permutation(kd):
    k1, k2 = jax.random.split(_tf(kd))
    return (jax.random.permutation(k1, 10),
            jax.random.choice(k2, 20, (5,), replace=False))


@program("rng", lambda r: [threefry_key_data(7), normal(r, 4, 6)])
def threefry_categorical(kd, logits):
    return jax.random.categorical(_tf(kd), logits, axis=-1)


@program("rng", lambda r: [np.array(2024, np.int32)])
def threefry_key_from_seed(seed):
    """key creation inside the program from a runtime seed"""
    k = jax.random.key(seed)
    return jax.random.uniform(k, (8,)), jax.random.key_data(jax.random.split(k))


@program("rng", lambda r: [threefry_key_data(3), normal(r, 4, 8)], "math")
def threefry_dropout(kd, x):
    """inverted dropout; "math" tolerance because XLA rewrites x / 0.75 as x * (1 / 0.75)"""
    keep = jax.random.bernoulli(_tf(kd), 0.75, x.shape)
    return jnp.where(keep, x / 0.75, 0.0)


@program("rng", _TF_KEY, "math")
def threefry_gumbel_exponential(kd):
    k1, k2 = jax.random.split(_tf(kd))
    return jax.random.gumbel(k1, (8,)), jax.random.exponential(k2, (8,))


@program("rng", _TF_KEY, "math")
def threefry_truncated_normal(kd):
    return jax.random.truncated_normal(_tf(kd), -1.5, 2.0, (10,))


_RBG_KEY = lambda r: [rbg_key_data(42)]  # noqa: E731


@program("rng", _RBG_KEY)
def rbg_bits(kd):
    return jax.random.bits(_rbg(kd), (4, 8), jnp.uint32)


@program("rng", _RBG_KEY)
def rbg_uniform(kd):
    return jax.random.uniform(_rbg(kd), (5, 7))


@program("rng", _RBG_KEY, "math")
def rbg_normal(kd):
    return jax.random.normal(_rbg(kd), (6, 5))


@program("rng", _RBG_KEY)
def rbg_split_fold_in(kd):
    k = _rbg(kd)
    keys = jax.random.split(k, 3)
    return jax.random.key_data(keys), jax.random.bits(jax.random.fold_in(k, 5), (6,), jnp.uint32)


@program("rng", lambda r: [rbg_key_data(0)])
def rbg_key_zero_bits(kd):
    """the rbg key of jax.random.key(0, impl='rbg') (all-zero state)"""
    return jax.random.bits(_rbg(kd), (16,), jnp.uint32), jax.random.uniform(_rbg(kd), (4,))


@program("rng", lambda r: [rbg_key_data(11, "unsafe_rbg")])
def unsafe_rbg_bits_uniform(kd):
    k = _rbg(kd, "unsafe_rbg")
    return jax.random.bits(k, (10,), jnp.uint32), jax.random.uniform(k, (10,))


@program("rng", lambda r: [np.array([1, 2, 3, 4], np.uint32)])
def rng_bit_generator_threefry(state):
    return lax.rng_bit_generator(state, (3, 5), jnp.uint32,
                                 algorithm=lax.RandomAlgorithm.RNG_THREE_FRY)


@program("rng", lambda r: [np.array([5, 6, 7, 8], np.uint32)])
def rng_bit_generator_philox(state):
    return lax.rng_bit_generator(state, (4, 4), jnp.uint32,
                                 algorithm=lax.RandomAlgorithm.RNG_PHILOX)


@program("rng", lambda r: [np.array([1, 2, 3, 4], np.uint32)])
def rng_bit_generator_default_u8(state):
    return lax.rng_bit_generator(state, (11,), jnp.uint8)


# ==========================================================================
# Sorting
# ==========================================================================
@program("sort", lambda r: [np.array([3.0, np.nan, -1.0, -0.0, 0.0, np.inf, -np.inf, 2.5,
                                      np.nan, 1.0], np.float32)])
def sort_f32_specials(x):
    """NaN, infinities and signed zeros"""
    return jnp.sort(x), jnp.argsort(x), jnp.sort(x, descending=True)


@program("sort", lambda r: [normal(r, 4, 6)])
def sort_along_axes(x):
    return jnp.sort(x, axis=0), jnp.sort(x, axis=1), jnp.argsort(x, axis=0)


@program("sort", lambda r: [ints(r, 0, 4, 12)])
def argsort_stable_ties(x):
    return (jnp.argsort(x, stable=True), jnp.argsort(-x, stable=True),
            jnp.argsort(x, stable=True, descending=True))


@program("sort", lambda r: [ints(r, 0, 3, 10), normal(r, 10), ints(r, 0, 100, 10)])
def sort_multi_operand(k1, v, k2):
    """lax.sort with two keys and a payload"""
    return lax.sort((k1, k2, v), num_keys=2), lax.sort_key_val(v, k1)


@program("sort", lambda r: [normal(r, 3, 10)])
def top_k(x):
    return lax.top_k(x, 4)


@program("sort", lambda r: [ints(r, -50, 50, 16)])
def top_k_int(x):
    return lax.top_k(x, 5)


@program("sort", lambda r: [np.sort(normal(r, 10)), normal(r, 7)])
def searchsorted_methods(a, v):
    return (jnp.searchsorted(a, v), jnp.searchsorted(a, v, side="right", method="sort"),
            jnp.searchsorted(a, v, method="compare_all"))


@program("sort", lambda r: [ints(r, 0, 6, 12)])
def unique_fixed_size(x):
    return jnp.unique(x, size=8, fill_value=-1, return_counts=True)


@program("sort", lambda r: [normal(r, 5, 9)], "math")
def median_quantile(x):
    return jnp.median(x, axis=1), jnp.quantile(x, 0.3, axis=0), jnp.percentile(x, 90)


@program("sort", lambda r: [ints(r, 0, 50, 9, dtype=np.uint32)])
def sort_uint32(x):
    return jnp.sort(x), jnp.argsort(x)


# ==========================================================================
# Gather / scatter: every .at[] operation in every mode
# ==========================================================================
# Out-of-bounds indices (7, -9) exercise clip/drop/fill; promise_in_bounds uses only
# in-bounds ones (its out-of-bounds behaviour is unspecified).
_OOB_IDX = np.array([0, 7, -1, 3, -9], np.int32)
_OOB_IDX_UNIQUE = np.array([4, 7, 1, -9], np.int32)
_IN_IDX = np.array([0, 5, -1, 3, 2], np.int32)
_IN_IDX_DUP = np.array([2, 5, 2, 0, 5], np.int32)
_OOB_IDX_DUP = np.array([2, 7, 2, -9, 5, 0], np.int32)

for _mode in ("clip", "drop", "promise_in_bounds", "fill"):
    _safe = _mode == "promise_in_bounds"
    _get_idx = _IN_IDX if _safe else _OOB_IDX
    _set_idx = np.array([4, 0, 3], np.int32) if _safe else _OOB_IDX_UNIQUE
    _red_idx = _IN_IDX_DUP if _safe else _OOB_IDX_DUP

    def _get(x, i, _m=_mode):
        kw = {"fill_value": -7.0} if _m == "fill" else {}
        return x.at[i].get(mode=_m, **kw)

    register(f"at_get_{_mode}", "gather_scatter", _get,
             lambda r, i=_get_idx: [normal(r, 6, 3), i],
             description=f"x.at[idx].get(mode={_mode!r}) on rows of a 6x3 array")
    if _mode == "clip":
        # clip with duplicates after clamping is nondeterministic for set; keep it unique
        _set_idx = np.array([4, 7, 1], np.int32)
    register(f"at_set_{_mode}", "gather_scatter",
             lambda x, i, u, _m=_mode: x.at[i].set(u, mode=_m),
             lambda r, i=_set_idx: [normal(r, 6), i, normal(r, len(i))],
             description=f"x.at[idx].set(u, mode={_mode!r}), unique effective indices")
    for _op, _dtype in (("add", np.float32), ("mul", np.float32), ("min", np.float32),
                        ("max", np.int32)):
        register(f"at_{_op}_{_mode}", "gather_scatter",
                 lambda x, i, u, _m=_mode, _o=_op: getattr(x.at[i], _o)(u, mode=_m),
                 lambda r, i=_red_idx, d=_dtype: [small_ints_as(r, -4, 5, 6, dtype=d), i,
                                                  small_ints_as(r, -3, 4, len(i), dtype=d)],
                 description=f"x.at[idx].{_op}(u, mode={_mode!r}) with repeated indices "
                             "(integer-valued, so exact)")


@program("gather_scatter", lambda r: [normal(r, 5, 6), ints(r, -5, 5, 3), ints(r, 0, 6, 3)])
def gather_2d_point_indices(x, i, j):
    """advanced indexing x[i, j], x[i], x[:, j] with negative indices"""
    return x[i, j], x[i], x[:, j]


@program("gather_scatter", lambda r: [normal(r, 4, 5), ints(r, 0, 5, 4, 2)])
def take_along_axis(x, idx):
    return jnp.take_along_axis(x, idx, axis=1), jnp.take(x, idx[:, 0], axis=1)


@program("gather_scatter", lambda r: [normal(r, 4, 5), np.array([1, 3], np.int32),
                                      small_ints_as(r, -3, 4, 2, 5)])
def scatter_rows_2d(x, rows, u):
    return x.at[rows].set(u), x.at[rows, 1:3].add(u[:, :2]), x.at[:, rows].multiply(2.0)


@program("gather_scatter", lambda r: [small_ints_as(r, -3, 4, 4, 4),
                                      np.array([[0, 1], [2, 3], [0, 1], [3, 3]], np.int32),
                                      small_ints_as(r, -3, 4, 4)])
def scatter_add_point_duplicates(x, ij, u):
    return x.at[ij[:, 0], ij[:, 1]].add(u)


@program("gather_scatter", lambda r: [ints(r, 0, 5, 8), ints(r, -5, 5, 8)])
def scatter_int_bincount(idx, w):
    return jnp.bincount(idx, length=6), jnp.bincount(idx, weights=w, length=5), \
        jnp.zeros(5, jnp.int32).at[idx].max(w)


@program("gather_scatter", lambda r: [ints(r, 0, 5, 7)])
def one_hot_encode(labels):
    return jax.nn.one_hot(labels, 5), jax.nn.one_hot(labels, 5, dtype=jnp.int32)


@program("gather_scatter", lambda r: [normal(r, 6, 4), ints(r, 0, 2, 6).astype(bool)])
def boolean_mask_fixed_size(x, m):
    """jnp.nonzero with a static size (gather of masked rows)"""
    (idx,) = jnp.nonzero(m, size=6, fill_value=0)
    return idx, x[idx]


@program("gather_scatter", lambda r: [normal(r, 3, 4, 5), ints(r, 0, 3, 2), ints(r, 0, 5, 2)])
def gather_batched_vmap(x, i, j):
    """vmapped dynamic indexing produces gather with batching dims"""
    return jax.vmap(lambda m, a, b: m[a, b], in_axes=(None, 0, 0))(x, i, j), \
        jax.vmap(lambda m, a: m[a], in_axes=(0, None))(x, i)


@program("gather_scatter", lambda r: [normal(r, 3, 5), ints(r, 0, 5, 3), normal(r, 3)])
def scatter_batched_vmap(x, i, u):
    return jax.vmap(lambda row, k, v: row.at[k].set(v))(x, i, u)


# ==========================================================================
# Cumulative ops
# ==========================================================================
@program("cumulative", lambda r: [normal(r, 12)], "accum")
def cumsum_f32(x):
    return jnp.cumsum(x), jnp.cumsum(x[::-1])[::-1]


@program("cumulative", lambda r: [normal(r, 4, 6)], "accum")
def cumsum_axes_reverse(x):
    return jnp.cumsum(x, axis=0), lax.cumsum(x, axis=1, reverse=True)


@program("cumulative", lambda r: [ints(r, -20, 20, 3, 7)])
def cumsum_int(x):
    return jnp.cumsum(x, axis=1), jnp.cumsum(x, axis=0, dtype=jnp.int32)


@program("cumulative", lambda r: [uniform(r, 10, lo=0.5, hi=1.5)], "accum")
def cumprod_f32(x):
    return jnp.cumprod(x), lax.cumprod(x, reverse=True)


@program("cumulative", lambda r: [normal(r, 3, 8), ints(r, -9, 9, 8)])
def cummax_cummin(x, y):
    return lax.cummax(x, axis=1), lax.cummin(x, axis=0), lax.cummax(y), lax.cummin(y, reverse=True)


@program("cumulative", lambda r: [normal(r, 2, 9, scale=3)], "math")
def logcumsumexp(x):
    return lax.cumlogsumexp(x, axis=1), jnp.logaddexp.accumulate(x[0])


@program("cumulative", lambda r: [normal(r, 8)], "accum")
def associative_scan_linear_recurrence(x):
    """h_t = 0.5 h_{t-1} + x_t by associative_scan"""
    def combine(a, b):
        return a[0] * b[0], a[1] * b[0] + b[1]
    return lax.associative_scan(combine, (jnp.full_like(x, 0.5), x))[1]


@program("cumulative", lambda r: [ints(r, 0, 2, 10).astype(bool)])
def cumulative_bool(m):
    return jnp.cumsum(m), lax.cummax(m.astype(jnp.int32)), jnp.logical_or.accumulate(m)


# ==========================================================================
# FFT
# ==========================================================================
@program("fft", lambda r: [complex64(r, 16)], "deep")
def fft_ifft_1d(x):
    return jnp.fft.fft(x), jnp.fft.ifft(x)


@program("fft", lambda r: [normal(r, 3, 16)], "deep")
def rfft_irfft_1d(x):
    return jnp.fft.rfft(x), jnp.fft.irfft(jnp.fft.rfft(x), n=16), jnp.fft.irfft(x[:, :9])


@program("fft", lambda r: [complex64(r, 6, 8)], "deep")
def fft2_ifft2(x):
    return jnp.fft.fft2(x), jnp.fft.ifft2(x)


@program("fft", lambda r: [normal(r, 6, 8)], "deep")
def rfft2_irfft2(x):
    return jnp.fft.rfft2(x), jnp.fft.irfft2(jnp.fft.rfft2(x), s=(6, 8))


@program("fft", lambda r: [complex64(r, 4, 4, 6)], "deep")
def fftn_3d(x):
    return jnp.fft.fftn(x), jnp.fft.ifftn(x, axes=(0, 2))


@program("fft", lambda r: [normal(r, 12)], "deep")
def fft_odd_length_and_norm(x):
    """length 12 and 5 transforms, ortho normalisation, fftshift"""
    return (jnp.fft.fft(x, norm="ortho"), jnp.fft.fft(x[:5]),
            jnp.fft.fftshift(jnp.fft.rfft(x, n=10)))


@program("fft", lambda r: [normal(r, 16), normal(r, 5)], "deep")
def fft_convolution(a, b):
    n = 20
    return jnp.fft.irfft(jnp.fft.rfft(a, n) * jnp.fft.rfft(b, n), n)


# ==========================================================================
# Element types
# ==========================================================================
@program("dtype", lambda r: [ints(r, 0, 2, 10).astype(bool), ints(r, 0, 2, 10).astype(bool)])
def bool_logic(a, b):
    return a & b, a | b, a ^ b, ~a, a == b, a.astype(jnp.int32) + b, jnp.where(a, 1.5, -1.0)


@program("dtype", lambda r: [ints(r, -128, 128, 16, dtype=np.int8),
                             ints(r, -128, 128, 16, dtype=np.int8)])
def int8_wraparound(a, b):
    """int8 overflow wraps; negation of -128"""
    return a + b, a * b, a - b, -a, jnp.abs(a), lax.neg(np.array([-128], np.int8))


@program("dtype", lambda r: [ints(r, -100, 100, 12, dtype=np.int8),
                             np.array([3, -3, 7, -7, 1, -1, 5, -5, 2, -2, 4, -4], np.int8)])
def int8_div_rem(a, b):
    """truncating lax.div/rem and flooring jnp // and %"""
    return lax.div(a, b), lax.rem(a, b), a // b, a % b


@program("dtype", lambda r: [np.array([7, -7, 0, np.iinfo(np.int32).min, np.iinfo(np.int32).min,
                                       5], np.int32),
                             np.array([0, 0, 0, -1, 1, 2], np.int32)])
def int32_division_edge_cases(a, b):
    """division by zero and INT_MIN / -1 (XLA-defined results)"""
    return lax.div(a, b), lax.rem(a, b)


@program("dtype", lambda r: [np.array([7, 0, 4294967295, 12], np.uint32),
                             np.array([0, 0, 2, 5], np.uint32)])
def uint32_division_by_zero(a, b):
    return lax.div(a, b), lax.rem(a, b)


@program("dtype", lambda r: [ints(r, 0, 2 ** 32, 12, dtype=np.int64).astype(np.uint32),
                             ints(r, 0, 2 ** 32, 12, dtype=np.int64).astype(np.uint32)])
def uint32_arith(a, b):
    return a + b, a * b, a - b, a // (b | 1), jnp.maximum(a, b), a > b, a ^ b, a & ~b


@program("dtype", lambda r: [ints(r, -(2 ** 31), 2 ** 31, 8, dtype=np.int64).astype(np.int32),
                             np.array([0, 1, 5, 31, 32, 33, 100, -1], np.int32)])
def shifts_past_bit_width(x, s):
    """shift amounts >= the bit width (and negative) follow XLA's rules"""
    return (lax.shift_left(x, s), lax.shift_right_arithmetic(x, s),
            lax.shift_right_logical(x, s),
            lax.shift_left(x.astype(jnp.uint32), s.astype(jnp.uint32)))


@program("dtype", lambda r: [ints(r, -(2 ** 31), 2 ** 31, 10, dtype=np.int64).astype(np.int32),
                             ints(r, 0, 256, 10, dtype=np.uint8)])
def popcount_clz(x, y):
    return lax.population_count(x), lax.clz(x), lax.population_count(y), lax.clz(y)


@program("dtype", lambda r: [np.array([np.inf, -np.inf, np.nan, 3e9, -3e9, 2.7, -2.7, 255.5,
                                       -0.9, 1e10], np.float32)])
def float_to_int_saturation(x):
    """float -> integer conversion: NaN, infinities and out-of-range values"""
    return (lax.convert_element_type(x, jnp.int32), lax.convert_element_type(x, jnp.uint8),
            lax.convert_element_type(x, jnp.int8), lax.convert_element_type(x, jnp.uint32),
            lax.convert_element_type(x, jnp.int16))


@program("dtype", lambda r: [normal(r, 8), ints(r, -(2 ** 31), 2 ** 31, 8, dtype=np.int64)
                             .astype(np.int32)])
def bitcast_convert(x, i):
    return (lax.bitcast_convert_type(x, jnp.int32), lax.bitcast_convert_type(i, jnp.float32),
            lax.bitcast_convert_type(x, jnp.uint8), lax.bitcast_convert_type(
                x.astype(jnp.float16), jnp.uint16))


@program("dtype", lambda r: [ints(r, -300, 300, 10, dtype=np.int16),
                             ints(r, 0, 65536, 10, dtype=np.int64).astype(np.uint16)])
def int16_uint16_convert(a, b):
    return (a.astype(jnp.int8), a.astype(jnp.uint16), b.astype(jnp.int16), b.astype(jnp.uint8),
            a.astype(jnp.float32), b.astype(jnp.float16), a * a, b + b)


@program("dtype", lambda r: [normal(r, 4, 8, dtype=np.float16), normal(r, 4, 8, dtype=np.float16)],
         "math")
def f16_elementwise(a, b):
    return a + b, a * b, a / b, jnp.exp(a), jnp.tanh(b), jnp.sqrt(jnp.abs(a))


@program("dtype", lambda r: [normal(r, 8, 16, dtype=np.float16),
                             normal(r, 16, 4, dtype=np.float16)], "accum")
def f16_matmul_reduce(a, b):
    return a @ b, a.sum(axis=1), a.mean(), a.max(axis=0)


@program("dtype", lambda r: [normal(r, 4, 8).astype(ml_dtypes.bfloat16),
                             normal(r, 4, 8).astype(ml_dtypes.bfloat16)], "math")
def bf16_elementwise(a, b):
    return a + b, a * b, jnp.exp(a), jax.nn.sigmoid(b), a.astype(jnp.float32)


@program("dtype", lambda r: [normal(r, 8, 16).astype(ml_dtypes.bfloat16),
                             normal(r, 16, 4).astype(ml_dtypes.bfloat16)], "accum")
def bf16_matmul(a, b):
    return a @ b, jnp.matmul(a, b, preferred_element_type=jnp.float32), a.sum(axis=0)


@program("dtype", lambda r: [np.concatenate([normal(r, 12, scale=100),
                                             np.array([65504, 65520, 1e5, 1e-8, 6e-5, 3e-39,
                                                       np.nan, -np.inf], np.float32)])])
def float_narrowing_rounding(x):
    """f32 -> f16/bf16/f8 rounding, overflow to inf, subnormals"""
    return (x.astype(jnp.float16), x.astype(jnp.bfloat16), x.astype(jnp.float8_e4m3fn),
            x.astype(jnp.float8_e5m2), x.astype(jnp.float16).astype(jnp.float32))


@program("dtype", lambda r: [ints(r, -8, 8, 12, dtype=np.int8)])
def int4_convert(x):
    return x.astype(jnp.int4), x.astype(jnp.int4).astype(jnp.int32) * 3


@program("dtype", lambda r: [complex64(r, 8), complex64(r, 8)], "math")
def complex64_arith(a, b):
    return a + b, a * b, a / b, jnp.conj(a), jnp.abs(a), jnp.real(b), jnp.imag(b), jnp.angle(a)


@program("dtype", lambda r: [complex64(r, 8)], "math")
def complex64_transcendental(a):
    return jnp.exp(a), jnp.log(a), jnp.sqrt(a), jnp.sin(a), a ** 2


@program("dtype", lambda r: [complex64(r, 4, 6), complex64(r, 6, 3)], "accum")
def complex64_matmul(a, b):
    return a @ b, jnp.sum(a, axis=0), lax.complex(jnp.real(a), jnp.imag(a) * 2)


@program("dtype", lambda r: [ints(r, 0, 256, 10, dtype=np.uint8), ints(r, 1, 256, 10,
                                                                      dtype=np.uint8)])
def uint8_arith(a, b):
    return a + b, a * b, a - b, a // b, a % b, a >> 2, a << 3


# ==========================================================================
# Module forms: shape polymorphism (jax.export), donation, debug locations
# ==========================================================================
@program("module_form", lambda r: [normal(r, 5, 8), normal(r, 8, 4)], "accum",
         poly_shapes=("b, 8", None))
def shape_poly_matmul_reduce(x, w):
    """jax.export with a symbolic batch dimension: tensor<?x8xf32>, get_dimension_size,
    a shape_assertion custom call and a dimension argument"""
    return jnp.tanh(x @ w).sum(axis=0)


@program("module_form", lambda r: [normal(r, 3, 4)], poly_shapes=("b, n",))
def shape_poly_two_dims(x):
    """two symbolic dimensions: concatenate, reshape to (2*b*n,), iota of size n"""
    y = jnp.concatenate([x, x * 2], axis=0)
    return y.reshape(-1), jnp.arange(x.shape[1], dtype=jnp.int32) + x.shape[0]


@program("module_form", lambda r: [normal(r, 6), ints(r, 0, 9, 6)], "accum",
         poly_shapes=("b", "b"))
def shape_poly_sort_cumsum(x, k):
    return jnp.sort(x), jnp.cumsum(x), jnp.argsort(k, stable=True)


@program("module_form", lambda r: [normal(r, 2, 4, 4, 3), normal(r, 3, 3, 3, 2)], "accum",
         poly_shapes=("b, h, h, 3", None))
def shape_poly_conv_pool(x, w):
    y = lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=_CONV_NHWC)
    return lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")


@program("module_form", lambda r: [normal(r, 4, 3), normal(r, 4, 3)], donate=(0,))
def donated_argument(x, y):
    """donate_argnums=0: the parameter carries tf.aliasing_output"""
    return x * 2, x + y


@program("module_form", lambda r: [*_mlp_params(r), normal(r, 5, 8)], "deep", debug_info=True)
def mlp_forward_with_locations(w1, b1, w2, b2, w3, b3, x):
    """as_text(debug_info=True): every op carries a loc(...) source location"""
    return _mlp([w1, b1, w2, b2, w3, b3], x)


@program("module_form", lambda r: [normal(r, 6, 8), normal(r, 6, 8), normal(r, 6, 8)], "deep",
         debug_info=True)
def attention_grad_with_locations(q, k, v):
    return jax.grad(lambda q: jnp.sum(_attention(q, k, v, True) ** 2))(q)


# ==========================================================================
# float64 / int64 (x64 pass)
# ==========================================================================
def x64_program(category, args, tol="exact"):
    def decorate(fn):
        register(fn.__name__, category, fn, args, tol, x64=True)
        return fn
    return decorate


@x64_program("dtype_x64", lambda r: [ints(r, -(2 ** 62), 2 ** 62, 8, dtype=np.int64),
                                     ints(r, -(2 ** 62), 2 ** 62, 8, dtype=np.int64)])
def int64_arith(a, b):
    return a + b, a * b, a - b, lax.div(a, b | 1), a % (b | 1), a >> 7, jnp.maximum(a, b)


@x64_program("dtype_x64", lambda r: [np.array([5, 0, 2 ** 64 - 1, 2 ** 63], np.uint64),
                                     np.array([0, 7, 3, 65], np.uint64)])
def uint64_div_shift(a, b):
    return lax.div(a, b), lax.rem(a, b), lax.shift_left(a, b), lax.shift_right_logical(a, b)


@x64_program("dtype_x64", lambda r: [normal(r, 4, 8, dtype=np.float64)], "math")
def f64_transcendental(x):
    return jnp.exp(x), jnp.log(jnp.abs(x)), jnp.sin(x), jnp.tanh(x), lax.erf(x)


@x64_program("dtype_x64", lambda r: [normal(r, 6, 8, dtype=np.float64),
                                     normal(r, 8, 5, dtype=np.float64)], "accum")
def f64_matmul_reduce(a, b):
    return a @ b, a.sum(axis=0), jnp.cumsum(a, axis=1), a.var()


@x64_program("dtype_x64", lambda r: [normal(r, 12, dtype=np.float64), normal(r, 12)])
def f64_f32_conversions(x, y):
    return x.astype(jnp.float32), y.astype(jnp.float64), x.astype(jnp.int64), \
        (x * 1e12).astype(jnp.int64)


@x64_program("dtype_x64", lambda r: [np.array([3.0, np.nan, -0.0, 0.0, -np.inf, 1e-300],
                                              np.float64)])
def f64_sort_argsort(x):
    return jnp.sort(x), jnp.argsort(x)


@x64_program("dtype_x64", lambda r: [ints(r, -1000, 1000, 3, 5, dtype=np.int64)])
def int64_reductions_iota(x):
    return (x.sum(axis=1), jnp.argmax(x, axis=1), jnp.cumsum(x, axis=0),
            jnp.arange(6), jnp.argsort(x[0]))


@x64_program("dtype_x64", lambda r: [(normal(r, 16) + 1j * normal(r, 16)).astype(np.complex128)],
             "deep")
def complex128_fft(x):
    return jnp.fft.fft(x), jnp.fft.ifft(x), jnp.abs(x) * x


@x64_program("dtype_x64", lambda r: [*[p.astype(np.float64) for p in _mlp_params(r)],
                                     normal(r, 5, 8, dtype=np.float64), ints(r, 0, 4, 5)],
             "deep")
def f64_mlp_grad(w1, b1, w2, b2, w3, b3, x, y):
    return jax.grad(_mlp_loss)([w1, b1, w2, b2, w3, b3], x, y)


@x64_program("rng", lambda r: [threefry_key_data(5)])
def threefry_x64_bits_uniform(kd):
    k1, k2 = jax.random.split(_tf(kd))
    return (jax.random.bits(k1, (6,), jnp.uint64), jax.random.uniform(k2, (6,), jnp.float64),
            jax.random.randint(k2, (6,), -(2 ** 40), 2 ** 40, jnp.int64))


@x64_program("rng", lambda r: [rbg_key_data(5)], "math")
def rbg_x64_normal(kd):
    return jax.random.normal(_rbg(kd), (6,), jnp.float64), jax.random.bits(_rbg(kd), (3,),
                                                                           jnp.uint64)


@x64_program("rng", lambda r: [np.array([1, 2], np.uint64)])
def rng_bit_generator_u64(state):
    return (lax.rng_bit_generator(state, (5,), jnp.uint64,
                                  algorithm=lax.RandomAlgorithm.RNG_THREE_FRY),
            lax.rng_bit_generator(state + np.uint64(7), (5,), jnp.uint64,
                                  algorithm=lax.RandomAlgorithm.RNG_PHILOX))


@x64_program("gather_scatter", lambda r: [normal(r, 8, dtype=np.float64),
                                          np.array([1, 9, -2, 3], np.int64)])
def at_ops_int64_indices(x, i):
    return x.at[i].get(mode="fill", fill_value=0.5), x.at[i].add(1.0, mode="drop"), \
        x.at[i].set(2.0, mode="clip")


# ==========================================================================
# Multi-device (SPMD over NamedSharding meshes of 2 and 4 devices)
# ==========================================================================
M2 = ((2,), ("x",))
M4 = ((4,), ("x",))
M22 = ((2, 2), ("x", "y"))


def md_program(category, args, mesh, in_specs, out_specs, tol="exact", name=None, shardy=True):
    def decorate(fn):
        register(name or fn.__name__, category, fn, args, tol, mesh=mesh, in_specs=in_specs,
                 out_specs=out_specs, shardy=shardy)
        return fn
    return decorate


@md_program("multi_device", lambda r: [normal(r, 8, 4), normal(r, 8, 4)], M2,
            (P("x"), P("x")), P("x"), "math")
def md2_elementwise(x, y):
    return jnp.sin(x) + y * 2


@md_program("multi_device", lambda r: [normal(r, 8, 16), normal(r, 16, 4)], M2,
            (P("x", None), P()), P("x", None), "accum")
def md2_matmul_sharded_batch(x, w):
    return x @ w


@md_program("multi_device", lambda r: [normal(r, 8, 6)], M2, (P("x", None),), (P(), P()),
            "accum")
def md2_reduce_sharded_axis(x):
    """sum and max over the sharded axis (needs an all-reduce)"""
    return x.sum(axis=0), x.max(axis=0)


@md_program("multi_device", lambda r: [normal(r, 6, 8)], M2, (P(),), P(None, "x"), "math")
def md2_replicated_in_sharded_out(x):
    return jnp.exp(x)


@md_program("multi_device", lambda r: [ints(r, -50, 50, 8, 4)], M2, (P("x"),), P(None, "x"))
def md2_int_reshard(x):
    """an integer program whose output sharding differs from the input's"""
    return x * 3 + 1


@md_program("multi_device", lambda r: [normal(r, 8, 4), normal(r, 8, 4)], M4,
            (P("x"), P("x")), P("x"), "math")
def md4_elementwise(x, y):
    return jnp.tanh(x) * y


@md_program("multi_device", lambda r: [normal(r, 8, 16), normal(r, 16, 4)], M4,
            (P("x", None), P()), P("x", None), "accum")
def md4_matmul_sharded_batch(x, w):
    return jax.nn.relu(x @ w)


@md_program("multi_device", lambda r: [normal(r, 8, 6)], M4, (P("x", None),), (P(), P("x")),
            "accum")
def md4_reduce_sharded_axis(x):
    return x.mean(axis=0), x.sum(axis=1)


@md_program("multi_device", lambda r: [normal(r, 4, 8), normal(r, 8, 6)], M4,
            (P(None, "x"), P("x", None)), P(), "accum")
def md4_matmul_sharded_contraction(a, b):
    """contraction dimension sharded: partial sums then all-reduce"""
    return a @ b


@md_program("multi_device", lambda r: [normal(r, 8)], M4, (P("x"),), P("x"), "accum")
def md4_cumsum_sharded(x):
    return jnp.cumsum(x)


@md_program("multi_device", lambda r: [normal(r, 12)], M4, (P("x"),), (P(), P()))
def md4_sort_sharded(x):
    return jnp.sort(x), jnp.argsort(x)


@md_program("multi_device", lambda r: [normal(r, 8, 4), normal(r, 4, 6)], M22,
            (P("x", "y"), P("y", None)), P("x", None), "accum")
def md22_matmul_2d(x, w):
    return x @ w


@md_program("multi_device", lambda r: [normal(r, 4, 8)], M22, (P("x", "y"),), P("y", "x"))
def md22_transpose_reshard(x):
    return x.T


@md_program("multi_device", lambda r: [normal(r, 8, 6), normal(r, 6)], M22,
            (P("x", None), P()), (P("x", None), P(None)), "math")
def md22_partial_replication(x, b):
    """operands sharded over one mesh axis, replicated over the other"""
    return jax.nn.sigmoid(x + b), (x * b).sum(axis=0)


@md_program("multi_device", lambda r: [*_mlp_params(r), normal(r, 8, 8), ints(r, 0, 4, 8)], M4,
            (P(), P(), P(), P(), P(), P(), P("x"), P("x")), P(), "deep")
def md4_mlp_data_parallel_grad(w1, b1, w2, b2, w3, b3, x, y):
    """data-parallel gradient: batch sharded, parameters replicated"""
    return jax.grad(_mlp_loss)([w1, b1, w2, b2, w3, b3], x, y)


@md_program("multi_device", lambda r: [normal(r, 8, 4), ints(r, 0, 8, 5)], M2,
            (P("x"), P()), P(), "exact")
def md2_gather_sharded_operand(x, idx):
    return x[idx]


@md_program("multi_device", lambda r: [threefry_key_data(1)], M4, (P(),), P("x"))
def md4_threefry_sharded_output(kd):
    """partitionable threefry with a sharded output"""
    return jax.random.uniform(_tf(kd), (8, 4))


def _shard_map(fn, mesh_shape, names, in_specs, out_specs):
    def wrapped(*args):
        mesh = _mesh(mesh_shape, names)
        return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)(*args)
    return wrapped


def _register_shard_map(name, body, args, mesh, in_specs, out_specs, tol="exact", shardy=True,
                        description=""):
    register(name, "multi_device_shard_map", _shard_map(body, *mesh, in_specs, out_specs), args,
             tol, description=description or (body.__doc__ or "").strip(), mesh=mesh,
             in_specs=in_specs, out_specs=out_specs, shardy=shardy)


def _psum_body(x):
    """shard_map: per-shard sums combined with psum"""
    return lax.psum(x.sum(axis=0), "x")


_register_shard_map("md2_shard_map_psum", _psum_body, lambda r: [normal(r, 8, 4)], M2,
                    (P("x"),), P(), "accum")
_register_shard_map("md4_shard_map_psum", _psum_body, lambda r: [normal(r, 8, 4)], M4,
                    (P("x"),), P(), "accum")
_register_shard_map("md4_shard_map_psum_int", _psum_body, lambda r: [ints(r, -9, 9, 8, 4)], M4,
                    (P("x"),), P())


def _all_gather_body(x):
    """shard_map: all_gather of the shards (tiled), each device then scales its own"""
    full = lax.all_gather(x, "x", tiled=True)
    return full * (lax.axis_index("x") + 1).astype(x.dtype)


_register_shard_map("md4_shard_map_all_gather", _all_gather_body, lambda r: [normal(r, 8)], M4,
                    (P("x"),), P("x"))


def _ppermute_body(x):
    """shard_map: ring shift with ppermute"""
    return lax.ppermute(x, "x", [(i, (i + 1) % 4) for i in range(4)])


_register_shard_map("md4_shard_map_ppermute", _ppermute_body, lambda r: [normal(r, 8, 2)], M4,
                    (P("x"),), P("x"))


def _psum_scatter_body(x):
    """shard_map: reduce-scatter (psum_scatter, tiled)"""
    return lax.psum_scatter(x, "x", tiled=True)


_register_shard_map("md4_shard_map_psum_scatter", _psum_scatter_body,
                    lambda r: [small_ints_as(r, -5, 5, 16, 2)], M4, (P("x"),), P("x"))


def _all_to_all_body(x):
    """shard_map: all_to_all splitting axis 1 and concatenating axis 0"""
    return lax.all_to_all(x, "x", 1, 0, tiled=True)


_register_shard_map("md4_shard_map_all_to_all", _all_to_all_body,
                    lambda r: [normal(r, 8, 8)], M4, (P("x"),), P(None, "x"))


def _pmax_axis_index_body(x):
    """shard_map: pmax/pmin and axis_index over one axis of a 2x2 mesh"""
    return lax.pmax(x, "y") + lax.axis_index("y").astype(x.dtype), lax.pmin(x, "x")


_register_shard_map("md22_shard_map_pmax_pmin", _pmax_axis_index_body,
                    lambda r: [normal(r, 4, 4)], M22, (P("x", "y"),),
                    (P("x", "y"), P("x", "y")))

# The same kinds of programs lowered without Shardy (jax_use_shardy_partitioner=False):
# the older GSPMD form with mhlo.sharding attributes and Sharding/SPMD* custom calls.
md_program("multi_device_gspmd", lambda r: [normal(r, 8, 4), normal(r, 8, 4)], M2,
           (P("x"), P("x")), P("x"), "math", name="md2_elementwise_gspmd",
           shardy=False)(lambda x, y: jnp.sin(x) + y * 2)
md_program("multi_device_gspmd", lambda r: [normal(r, 8, 16), normal(r, 16, 4)], M4,
           (P("x", None), P()), P("x", None), "accum", name="md4_matmul_gspmd",
           shardy=False)(lambda x, w: x @ w)
md_program("multi_device_gspmd", lambda r: [normal(r, 4, 8), normal(r, 8, 6)], M22,
           (P("x", "y"), P("y", None)), P(), "accum", name="md22_matmul_gspmd",
           shardy=False)(lambda x, w: x @ w)
_register_shard_map("md2_shard_map_psum_gspmd", _psum_body, lambda r: [normal(r, 8, 4)], M2,
                    (P("x"),), P(), "accum", shardy=False)
_register_shard_map("md4_shard_map_all_gather_gspmd", _all_gather_body,
                    lambda r: [normal(r, 8)], M4, (P("x"),), P("x"), shardy=False)
_register_shard_map("md4_shard_map_ppermute_gspmd", _ppermute_body,
                    lambda r: [normal(r, 8, 2)], M4, (P("x"),), P("x"), shardy=False)
_register_shard_map("md22_shard_map_pmax_pmin_gspmd", _pmax_axis_index_body,
                    lambda r: [normal(r, 4, 4)], M22, (P("x", "y"),),
                    (P("x", "y"), P("x", "y")), shardy=False)


def _partial_psum_body(x):
    """partially manual shard_map (y left to the partitioner): psum over x of the
    shards plus axis_index, then scaled outside"""
    return lax.psum(x + lax.axis_index("x").astype(x.dtype), "x")


def _partial_manual(x):
    mesh = _mesh(*M22)
    inner = jax.shard_map(_partial_psum_body, mesh=mesh, in_specs=P("x"), out_specs=P(),
                          axis_names={"x"})
    return inner(x) * 2


register("md22_shard_map_partial_manual_gspmd", "multi_device_shard_map", _partial_manual,
         lambda r: [normal(r, 8, 4)], "accum", mesh=M22, in_specs=(P("x", "y"),),
         out_specs=P(), shardy=False)


# --------------------------------------------------------------------------
# Generation
# --------------------------------------------------------------------------
def _mesh(shape, names):
    n = int(np.prod(shape))
    return Mesh(np.array(jax.devices()[:n]).reshape(shape), names)


def _storable(value: np.ndarray) -> np.ndarray:
    """numpy cannot round-trip ml_dtypes through .npz: store their bits."""
    if type(value.dtype).__module__.startswith("ml_dtypes") or value.dtype.name in (
            "bfloat16", "int4", "uint4") or value.dtype.name.startswith("float8"):
        bits = {1: np.uint8, 2: np.uint16}[value.dtype.itemsize]
        return value.view(bits)
    return value


def _describe(value: np.ndarray) -> dict:
    return {"dtype": value.dtype.name, "shape": list(value.shape)}


_WIDER = {np.dtype(np.float16): np.float64, np.dtype(ml_dtypes.bfloat16): np.float64,
          np.dtype(np.float32): np.float64, np.dtype(np.complex64): np.complex128}


def _widened(a: np.ndarray) -> np.ndarray:
    return a.astype(_WIDER.get(a.dtype, a.dtype))


def f64_crosscheck(p: Program, args: list, outputs: list, specs: list) -> dict:
    """Evaluates the program again in float64 (x64 on, f16/bf16/f32/c64 inputs widened)
    and measures how much of each tolerance the narrow reference itself uses against
    that more precise answer.  An independent implementation as accurate as XLA's then
    passes with room to spare; a ratio near or over 1 flags a tolerance that is too tight."""
    if p.tol == "exact" or p.x64 or p.mesh is not None or p.category == "rng":
        # (random streams differ between x32 and x64, so RNG programs are not comparable)
        return {"status": "not applicable"}
    narrow = [i for i, o in enumerate(outputs) if o.dtype in _WIDER]
    if not narrow:
        return {"status": "not applicable"}
    jax.config.update("jax_enable_x64", True)
    try:
        wide_out = [np.asarray(o) for o in jax.tree.leaves(
            jax.jit(p.fn)(*[_widened(a) for a in args]))]
    except Exception as err:
        return {"status": f"not run: {type(err).__name__}"}
    finally:
        jax.config.update("jax_enable_x64", False)
    worst = 0.0
    for i in narrow:
        if wide_out[i].shape != outputs[i].shape:
            return {"status": "not run: shapes differ in x64"}
        ref = outputs[i].astype(np.complex128)
        wide = wide_out[i].astype(np.complex128)
        finite = np.isfinite(ref) & np.isfinite(wide)
        allowed = specs[i]["atol"] + specs[i]["rtol"] * np.abs(wide[finite])
        err = np.abs(ref[finite] - wide[finite])
        if err.size:
            worst = max(worst, float(np.max(err / np.maximum(allowed, 1e-300))))
    return {"status": "checked", "max_error_over_tolerance": round(worst, 4)}


def generate_one(p: Program, out_dir: Path) -> dict:
    rng = np.random.default_rng(zlib.crc32(p.name.encode()))
    args = [np.asarray(a) for a in p.make_args(rng)]
    jit_kwargs: dict[str, Any] = {"keep_unused": True}
    mesh = None
    if p.mesh is not None:
        mesh = _mesh(*p.mesh)
        to_named = lambda spec: NamedSharding(mesh, spec)  # noqa: E731
        jit_kwargs["in_shardings"] = tuple(to_named(s) for s in p.in_specs)
        jit_kwargs["out_shardings"] = jax.tree.map(
            to_named, p.out_specs, is_leaf=lambda s: isinstance(s, P))
    if p.donate:
        jit_kwargs["donate_argnums"] = p.donate
    jitted = jax.jit(p.fn, **jit_kwargs)
    lowered = jitted.lower(*args)
    for i, (a, aval) in enumerate(zip(args, lowered.in_avals[0])):
        if np.dtype(aval.dtype) != a.dtype or tuple(aval.shape) != a.shape:
            raise TypeError(f"arg{i}: input {a.dtype}{a.shape} lowered as {aval}")
    text = lowered.as_text(debug_info=p.debug_info)
    if p.poly_shapes is not None:
        # The shape-polymorphic module replaces the concrete one; the reference outputs
        # are those of the concrete shapes the inputs have.
        specs = jax.export.symbolic_args_specs(args, list(p.poly_shapes))
        text = jax.export.export(jax.jit(p.fn))(*specs).mlir_module()
    compiled = lowered.compile()
    outputs = [np.asarray(o) for o in jax.tree.leaves(compiled(*[a.copy() for a in args]))]

    meta: dict[str, Any] = {
        "name": p.name, "category": p.category, "description": p.description,
        "reference": f"jax {jax.__version__}, jaxlib {jax.lib.__version__}, CPU",
        "x64": p.x64, "tolerance_class": p.tol,
        "shape_polymorphic": p.poly_shapes is not None, "donated_args": list(p.donate),
        "num_devices": 1, "mesh_shape": None,
    }
    in_shardings = out_shardings = None
    if mesh is not None:
        meta["num_devices"] = int(mesh.size)
        meta["mesh_shape"] = dict(zip(mesh.axis_names, (int(s) for s in mesh.devices.shape)))
        meta["partitioner"] = "shardy" if p.shardy else "gspmd"
        in_shardings = [str(s._to_xla_hlo_sharding(a.ndim))
                        for s, a in zip(jax.tree.leaves(compiled.input_shardings[0]), args)]
        out_shardings = [str(s._to_xla_hlo_sharding(o.ndim))
                         for s, o in zip(jax.tree.leaves(compiled.output_shardings), outputs)]
        if len(in_shardings) != len(args) or len(out_shardings) != len(outputs):
            raise RuntimeError("sharding count does not match the flat arguments/outputs")
    arrays = {}
    meta["inputs"] = []
    for i, a in enumerate(args):
        entry = {"name": f"arg{i}", **_describe(a)}
        if in_shardings is not None:
            entry["sharding"] = in_shardings[i]
        meta["inputs"].append(entry)
        arrays[f"arg{i}"] = _storable(a)
    meta["outputs"] = []
    for i, o in enumerate(outputs):
        rtol, atol, reason = tolerance_for(o, p.tol)
        if p.atol_floor > atol and _float_family(o.dtype) is not None:
            atol = p.atol_floor
            reason += f"; atol raised to {p.atol_floor:g}: {p.description}"
        entry = {"name": f"out{i}", **_describe(o), "rtol": rtol, "atol": atol,
                 "tolerance_reason": reason}
        if out_shardings is not None:
            entry["sharding"] = out_shardings[i]
        meta["outputs"].append(entry)
        arrays[f"out{i}"] = _storable(o)

    meta["f64_crosscheck"] = f64_crosscheck(p, args, outputs, meta["outputs"])
    (out_dir / f"{p.name}.mlir").write_text(text)
    np.savez_compressed(out_dir / f"{p.name}.npz", **arrays)
    (out_dir / f"{p.name}.json").write_text(json.dumps(meta, indent=1) + "\n")
    return meta


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HERE / "programs")
    parser.add_argument("--only", default=None)
    opts = parser.parse_args(argv)
    if jax.__version__ != REFERENCE_JAX:
        print(f"warning: reference is jax {REFERENCE_JAX}, running {jax.__version__}",
              file=sys.stderr)
    if len(jax.devices()) < 4:
        raise SystemExit("need 4 CPU devices: set XLA_FLAGS before JAX is imported")
    out_dir: Path = opts.out
    if opts.only is None and out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)

    selected = [p for p in PROGRAMS if opts.only is None or opts.only in p.name]
    written, skipped = [], []
    # The x32 programs first, then the x64 ones; shardy is toggled per program.
    for x64 in (False, True):
        jax.config.update("jax_enable_x64", x64)
        for p in (p for p in selected if p.x64 == x64):
            jax.config.update("jax_use_shardy_partitioner", p.shardy)
            try:
                meta = generate_one(p, out_dir)
            except Exception as err:  # recorded in the manifest, never silently
                print(f"SKIPPED {p.name}: {type(err).__name__}: {err}", file=sys.stderr)
                traceback.print_exc(limit=2)
                skipped.append({"name": p.name, "category": p.category,
                                "error": f"{type(err).__name__}: {err}"[:500]})
                continue
            written.append({"name": p.name, "category": p.category,
                            "num_devices": meta["num_devices"]})
    jax.config.update("jax_enable_x64", False)
    jax.config.update("jax_use_shardy_partitioner", True)

    print(f"wrote {len(written)} programs, skipped {len(skipped)}")
    manifest_path = out_dir / "manifest.json"
    if opts.only is not None and manifest_path.exists():
        # Regenerating a subset: keep the other programs' entries.
        old = json.loads(manifest_path.read_text())
        redone = {p.name for p in selected}
        written = [e for e in old["programs"] if e["name"] not in redone] + written
        skipped = [e for e in old["skipped"] if e["name"] not in redone] + skipped
    written.sort(key=lambda e: (e["category"], e["name"]))
    manifest = {"reference_jax": jax.__version__, "programs": written, "skipped": skipped}
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")
    checks = [json.loads((out_dir / f"{e['name']}.json").read_text())["f64_crosscheck"]
              for e in written]
    tight = [(e["name"], c["max_error_over_tolerance"]) for e, c in zip(written, checks)
             if c.get("max_error_over_tolerance", 0) > 0.5]
    for name, ratio in tight:
        print(f"warning: {name}: the reference uses {ratio:.2f} of its tolerance "
              "against float64", file=sys.stderr)
    total = sum(f.stat().st_size for f in out_dir.iterdir())
    print(f"the corpus holds {len(written)} programs ({total / 1e6:.2f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
