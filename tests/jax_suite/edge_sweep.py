"""jax functions on edge shapes and types, run on this jaxlib and compared
with the reference jaxlib: zero-size arrays (reductions over each axis,
scans, windows, convolutions, linear algebra, sorts, gathers, scatters) and
every integer, boolean and float type on shapes with unit dimensions
(division by zero, shifts past the width, saturating conversions...).

    python tests/jax_suite/edge_sweep.py --reference /path/to/ref/bin/python [--mock-gpu]
    python tests/jax_suite/edge_sweep.py --run OUT.pkl   # one side only

Each side runs in its own process; a case that raises records the error's
type. The comparison lists every case whose kind (value or error), dtype,
shape or values differ. test_jax_edge_sweep.py runs this jaxlib's side in a
subprocess: no case may crash the process.
"""

from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
FLOATS = ("float16", "bfloat16", "float32")
INTEGERS = ("int8", "uint8", "int16", "uint16", "int32", "uint32")
ZERO_SHAPES = [(0,), (3, 0), (0, 3), (2, 0, 3), (0, 0), (1, 0, 1), (4, 0, 5, 2)]
UNIT_SHAPES = [(1,), (1, 1), (3, 1, 5), (1, 7, 1, 2), (2, 1, 1, 1, 3)]
Case = tuple[str, str, tuple[int, ...], Callable[[Any], Any]]


def _reducers(jnp: Any, jax: Any) -> dict[str, Callable]:
    return {"sum": jnp.sum, "max": jnp.max, "min": jnp.min, "prod": jnp.prod,
            "mean": jnp.mean, "var": jnp.var, "any": jnp.any, "all": jnp.all,
            "logsumexp": jax.scipy.special.logsumexp}


def zero_size_cases() -> Iterator[Case]:
    import jax
    import jax.numpy as jnp
    from jax import lax

    for s in ZERO_SHAPES:
        for axis in [*range(len(s)), None]:
            for name, fn in _reducers(jnp, jax).items():
                if name in ("max", "min") and (axis is None or s[axis] == 0):
                    continue  # an identity-less reduction of nothing: an error both sides
                yield f"{name}{s}ax{axis}", "float32", s, (
                    lambda x, fn=fn, axis=axis: fn(x, axis=axis))
            if axis is None:
                continue
            for name in ("cumsum", "cumprod", "sort", "argsort"):
                yield f"{name}{s}ax{axis}", "float32", s, (
                    lambda x, name=name, axis=axis: getattr(jnp, name)(x, axis=axis))
            yield f"cummax{s}ax{axis}", "float32", s, (
                lambda x, axis=axis: lax.cummax(x, axis=axis))
            if s[axis]:
                for name in ("argmax", "argmin"):
                    yield f"{name}{s}ax{axis}", "float32", s, (
                        lambda x, name=name, axis=axis: getattr(jnp, name)(x, axis=axis))
        yield f"exp_add{s}", "float32", s, lambda x: jnp.exp(x) + 1
        yield f"transpose{s}", "float32", s, lambda x: x.T * 2
        yield f"matmul{s}", "float32", s, lambda x: (
            x.reshape(-1, x.shape[-1]).T @ x.reshape(-1, x.shape[-1]))
        yield f"pad{s}", "float32", s, lambda x: jnp.pad(x, 1)
        yield f"concat{s}", "float32", s, lambda x: jnp.concatenate([x, x], 0)
        yield f"scatter{s}", "float32", s, lambda x: x.at[..., :1].add(1.0)
        yield f"reverse_cumsum{s}", "float32", s, lambda x: lax.cumsum(x, 0, reverse=True)
        yield f"softmax{s}", "float32", s, lambda x: jax.nn.softmax(x, axis=-1)
        yield f"grad{s}", "float32", s, lambda x: jax.grad(lambda y: (y * y).sum())(x)
        yield f"fft{s}", "float32", s, lambda x: jnp.fft.fft(x).real
        yield f"int_sum{s}", "float32", s, lambda x: jnp.sum(x.astype(jnp.int32), axis=0)
        yield f"int_max{s}", "float32", s, lambda x: jnp.max(x.astype(jnp.int32), axis=0,
                                                             initial=0)
        yield f"bf16_sum{s}", "float32", s, lambda x: jnp.sum(x.astype(jnp.bfloat16), axis=0)
        yield f"sum_initial{s}", "float32", s, lambda x: jnp.sum(x, axis=0, initial=1.0)
        yield f"layernorm{s}", "float32", s, lambda x: (
            (x - x.mean(-1, keepdims=True)) * lax.rsqrt(x.var(-1, keepdims=True) + 1e-5))
    for s in [(0, 0), (3, 0, 0), (0, 3, 3)]:
        for name, fn in [("cholesky", jnp.linalg.cholesky), ("inv", jnp.linalg.inv),
                         ("det", jnp.linalg.det), ("eigh", lambda x: jnp.linalg.eigh(x)[0]),
                         ("svd", lambda x: jnp.linalg.svd(x)[1]),
                         ("qr", lambda x: jnp.linalg.qr(x)[0]),
                         ("solve", lambda x: jnp.linalg.solve(x, x)),
                         ("lu", lambda x: jax.scipy.linalg.lu(x)[1]),
                         ("eig", lambda x: jnp.linalg.eig(x)[0].real)]:
            yield f"{name}{s}", "float32", s, fn
    for s in [(0, 3, 8, 8), (2, 0, 8, 8), (2, 3, 0, 8)]:
        yield f"conv{s}", "float32", s, lambda x: lax.conv(
            x, jnp.ones((4, x.shape[1], 3, 3)), (1, 1), "SAME")
        yield f"avg_pool{s}", "float32", s, lambda x: lax.reduce_window(
            x, 0.0, lax.add, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
        yield f"max_pool_grad{s}", "float32", s, lambda x: jax.grad(lambda y: lax.reduce_window(
            y, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 1, 1), "SAME").sum())(x)
        yield f"segment_sum{s}", "float32", s, lambda x: jax.ops.segment_sum(
            x.reshape(-1), jnp.zeros(x.size, jnp.int32), 3)
        yield f"scan{s}", "float32", s, lambda x: lax.scan(
            lambda c, y: (c + y.sum(), y * c), 0.0, x)[1]
    for s in [(0, 3, 4), (5, 0, 4), (5, 3, 0), (1, 1, 1)]:  # (time, batch, features)
        yield f"rnn_grad{s}", "float32", s, lambda x: _rnn_gradients(jax, x)


def _rnn_gradients(jax: Any, x: Any) -> Any:
    """A tanh RNN over lax.scan and its weight and bias gradients: stacked
    outputs, products accumulated over the steps, joined gates, a bias sum."""
    import jax.numpy as jnp
    from jax import lax

    features = x.shape[2]

    def loss(params):
        w, b = params

        def cell(h, xt):
            z = jnp.concatenate([xt, h], -1) @ w + b
            gate, value = jnp.split(z, 2, -1)
            h = jax.nn.sigmoid(gate) * jnp.tanh(value) + h
            return h, h

        _, hs = lax.scan(cell, jnp.zeros(x.shape[1:], x.dtype), x)
        return (hs * hs).sum()

    w = jnp.full((2 * features, 2 * features), 0.1, x.dtype)
    b = jnp.full((2 * features,), 0.2, x.dtype)
    gw, gb = jax.grad(loss)((w, b))
    return jnp.concatenate([gw.ravel(), gb])


def typed_cases() -> Iterator[Case]:
    import jax
    import jax.numpy as jnp
    from jax import lax

    for dtype in (*INTEGERS, "bool", *FLOATS):
        for s in UNIT_SHAPES:
            def case(name: str, fn: Callable, dtype: str = dtype, s: tuple = s) -> Case:
                return f"{name}_{dtype}{s}", dtype, s, fn

            yield case("sum", lambda x: jnp.sum(x, axis=-1))
            yield case("cumsum", lambda x: jnp.cumsum(x, axis=0))
            yield case("max", lambda x: jnp.max(x, axis=0))
            yield case("argmax", lambda x: jnp.argmax(x, axis=-1))
            yield case("sort", lambda x: jnp.sort(x, axis=-1))
            yield case("argsort", lambda x: jnp.argsort(x, axis=0, stable=True))
            yield case("flip", lambda x: x[::-1].T)
            yield case("pad", lambda x: jnp.pad(x, 1, constant_values=1))
            yield case("gather", lambda x: x[jnp.array([0, 0])])
            yield case("scatter_add", lambda x: x.at[0].add(x[0]))
            yield case("to_int8", lambda x: (x.astype(jnp.float32) * 50).astype(jnp.int8))
            yield case("to_uint8", lambda x: (x.astype(jnp.float32) * -50).astype(jnp.uint8))
            if dtype == "bool":
                continue
            yield case("abs", jnp.abs)
            yield case("neg", lambda x: -x)
            yield case("square", lambda x: x * x)
            yield case("clip", lambda x: jnp.clip(x, 1, 5))
            yield case("matmul", lambda x: x.reshape(-1, x.shape[-1]) @
                       x.reshape(-1, x.shape[-1]).T)
            yield case("prod", lambda x: jnp.prod(x, axis=0))
            if dtype in INTEGERS:
                yield case("div_by_zero", lambda x: lax.div(x, jnp.zeros_like(x)))
                yield case("rem_by_zero", lambda x: lax.rem(x, jnp.zeros_like(x)))
                yield case("floordiv", lambda x: x // jnp.array(3, x.dtype))
                yield case("shift_left", lambda x: lax.shift_left(x, jnp.full_like(x, 3)))
                yield case("shift_past_width", lambda x: lax.shift_right_arithmetic(
                    x, jnp.full_like(x, 8 * x.dtype.itemsize + 1)))
                yield case("popcount", lax.population_count)
                yield case("clz", lax.clz)
                yield case("cube", lambda x: lax.integer_pow(x, 3))
            else:
                yield case("exp", jnp.exp)
                yield case("tanh", jnp.tanh)
                yield case("round", jnp.round)
                yield case("softmax", jax.nn.softmax)
                yield case("var", jnp.var)
                yield case("conv", lambda x: lax.conv_general_dilated(
                    x.reshape((1, 1, -1)), jnp.ones((1, 1, 3), x.dtype), (1,), "SAME"))


def cases() -> Iterator[Case]:
    yield from zero_size_cases()
    yield from typed_cases()


def _input(dtype: str, shape: tuple[int, ...]) -> np.ndarray:
    import ml_dtypes

    rng = np.random.default_rng(0)
    if dtype == "bool":
        return rng.random(shape) > 0.5
    if dtype in FLOATS:
        return (rng.standard_normal(shape) * 4).astype(
            ml_dtypes.bfloat16 if dtype == "bfloat16" else dtype)
    info = np.iinfo(dtype)
    return rng.integers(max(info.min, -100), min(info.max, 100), shape,
                        endpoint=True).astype(dtype)


def run(out: str) -> int:
    """Runs every case on the jaxlib this process imports; pickles
    {name: ("ok", values as float64, dtype, shape) or ("err", error type)}."""
    if os.environ.get("JAXLIB_MOCK_GPUS") == "1":  # jaxlib-gpu's mock GPUs as jax's cuda
        sys.path.insert(0, str(HERE))
        import jaxlib_alias_plugin

        jaxlib_alias_plugin._pretend_nvidia_device_files()
    import jax

    results = {}
    for name, dtype, shape, fn in cases():
        try:
            value = np.asarray(jax.jit(fn)(_input(dtype, shape)))
            results[name] = ("ok", value.astype(np.float64), str(value.dtype), value.shape)
        except Exception as err:  # the error's type is compared, not its text
            results[name] = ("err", type(err).__name__, None, None)
    with open(out, "wb") as f:
        pickle.dump(results, f)
    return len(results)


def compare(ours: dict, reference: dict) -> list[str]:
    differences = []
    for name, (kind, values, dtype, shape) in ours.items():
        ref_kind, ref_values, ref_dtype, ref_shape = reference[name]
        if kind != ref_kind:
            differences.append(f"{name}: {kind} {values if kind == 'err' else ''} | reference "
                               f"{ref_kind} {ref_values if ref_kind == 'err' else ''}")
        elif kind == "ok" and (dtype, shape) != (ref_dtype, ref_shape):
            differences.append(f"{name}: {dtype}{shape} | reference {ref_dtype}{ref_shape}")
        elif kind == "ok":
            tol = 2e-2 if ("float16" in name or "bfloat16" in name) else 1e-5
            if not np.allclose(values, ref_values, rtol=tol, atol=tol, equal_nan=True):
                differences.append(f"{name}: {values.ravel()[:6]} | reference "
                                   f"{ref_values.ravel()[:6]}")
    return differences


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", metavar="OUT", help="run this jaxlib's side only, into OUT")
    parser.add_argument("--reference", metavar="PYTHON",
                        help="a Python with the reference jax and jaxlib")
    parser.add_argument("--mock-gpu", action="store_true",
                        help="this side on jaxlib-gpu's mock GPUs (jax's cuda backend)")
    args = parser.parse_args(argv)
    if args.run:
        print(f"{run(args.run)} cases")
        return 0
    if not args.reference:
        parser.error("--reference PYTHON or --run OUT")
    env = dict(os.environ, JAX_PLATFORMS="cpu")
    ours_env = dict(env)
    if args.mock_gpu:
        ours_env.update(JAX_PLATFORMS="cuda,cpu", JAX_MOCK_GPU_TOPOLOGY="1x1x1",
                        JAXLIB_MOCK_GPUS="1")
    with tempfile.TemporaryDirectory() as tmp:
        ours, ref = Path(tmp) / "ours.pkl", Path(tmp) / "reference.pkl"
        subprocess.run([sys.executable, __file__, "--run", str(ours)], env=ours_env,
                       check=True)
        subprocess.run([args.reference, __file__, "--run", str(ref)], env=env, check=True,
                       cwd=tmp)  # not from the repository: the reference's jaxlib
        with open(ours, "rb") as f, open(ref, "rb") as g:
            differences = compare(pickle.load(f), pickle.load(g))
    for line in differences:
        print(line)
    print(f"{len(differences)} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
