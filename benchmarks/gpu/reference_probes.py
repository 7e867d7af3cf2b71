"""What the reference (the GPU machine's own jax and XLA) gives where this
jaxlib's GPU results were questioned by session 35's GPU check:

    python3 benchmarks/gpu/reference_probes.py SHARED_DIR

1. cuBLAS's batched LU of a singular matrix (the columns past its zero pivot);
2. the conformance suite's dots of narrower types into complex (our GPU was
   8-172 ulp off the interpreter's value on one element each: FMA roundoff
   after cancellation, or not?);
3. the tridiagonal reduction as jax's linalg_test checks it (any matrix, its
   diagonal complex).
"""

from __future__ import annotations

import glob
import re
import sys

import jax
import jax.numpy as jnp
import numpy as np
import scipy.linalg

jax.config.update("jax_enable_x64", True)

_TYPES = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "ui8": np.uint8,
          "f16": np.float16, "bf16": jnp.bfloat16, "f32": np.float32, "f64": np.float64,
          "complex<f32>": np.complex64, "complex<f64>": np.complex128}


def constants(text: str) -> list[np.ndarray]:
    """The dense constants of a conformance file, in order."""
    found = []
    for body, tensor in re.findall(r"dense<(.*?)> : tensor<((?:[^<>]|<[^>]*>)*)>", text):
        dims, element = re.match(r"((?:\d+x)*)(.*)", tensor).groups()
        shape = tuple(int(d) for d in dims.split("x") if d)
        literal = re.sub(r"\(([^(),]+),([^(),]+)\)", r"complex(\1,\2)", body)
        found.append(np.array(eval(literal), dtype=_TYPES[element]).reshape(shape))
    return found


def singular_lu() -> None:
    rng = np.random.default_rng(3)
    a = rng.standard_normal((2, 4, 4)).astype(np.float32)
    a[1, :, 1] = 0
    lu, pivots, _ = jax.lax.linalg.lu(jnp.asarray(a))
    print("LU, batched, the singular matrix:\n", np.asarray(lu)[1], np.asarray(pivots)[1])
    lu, pivots, _ = jax.lax.linalg.lu(jnp.asarray(a[1]))
    print("LU, alone:\n", np.asarray(lu), np.asarray(pivots))


def complex_dots(shared: str) -> None:
    pattern = f"{shared}/conformance/stablehlo/testdata/dot_general_*_4_3_complex*_3_6.mlir"
    for path in sorted(glob.glob(pattern)):
        x, y, want = constants(open(path).read())
        result = want.dtype
        got = np.asarray(jax.lax.dot_general(
            jnp.asarray(x).astype(result), jnp.asarray(y).astype(result),
            (((1,), (0,)), ((), ())), precision=jax.lax.Precision.HIGHEST))
        real = np.float32 if result == np.complex64 else np.float64
        ulps = max(float(np.max(np.abs(getattr(got, part) - getattr(want, part))
                                / np.spacing(np.abs(getattr(want, part)).astype(real))))
                   for part in ("real", "imag"))
        print(f"{path.rsplit('/', 1)[-1]}: worst {ulps:.0f} ulp")


def tridiagonal() -> None:
    mismatches = 0
    for shape in [(1, 1), (2, 2, 2), (4, 4), (10, 10), (2, 5, 5)]:
        for dtype, routine in ((np.float32, scipy.linalg.lapack.ssytrd),
                               (np.complex64, scipy.linalg.lapack.chetrd)):
            for lower in (False, True):
                rng = np.random.default_rng(0)
                a = rng.standard_normal(shape).astype(dtype)
                if dtype == np.complex64:
                    a = a + 1j * rng.standard_normal(shape).astype(np.float32)
                got = [np.asarray(v) for v in
                       jax.lax.linalg.tridiagonal(jnp.asarray(a), lower=lower)]
                matrices = a.reshape((-1,) + shape[-2:])
                for i, matrix in enumerate(matrices):
                    want = routine(matrix, lower=lower)[:4]
                    mine = [g.reshape((len(matrices),) + g.shape[len(shape) - 2:])[i]
                            for g in got]
                    if not all(np.allclose(g, w, rtol=1e-4, atol=1e-4)
                               for g, w in zip(mine, want)):
                        mismatches += 1
                        print("tridiagonal differs:", shape, dtype.__name__, lower)
    print("tridiagonal mismatches:", mismatches)


if __name__ == "__main__":
    print(jax.__version__, jax.devices())
    singular_lu()
    complex_dots(sys.argv[1])
    tridiagonal()
