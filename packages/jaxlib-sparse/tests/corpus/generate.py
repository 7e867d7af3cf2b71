"""Writes the sparse corpus: programs from ``jax.experimental.sparse`` (BCOO and
BCSR) lowered by the reference JAX on CPU, with inputs and the outputs the
reference computes; and records the custom-call targets its GPU lowering emits
for the same programs (``gpu_targets.json``).

Run it in the reference's virtual environment (never the project's)::

    /work/refvenv/bin/python packages/jaxlib-sparse/tests/corpus/generate.py

For each program ``NAME`` it writes ``programs/NAME.mlir`` (``jax.jit(f).lower(*args)
.as_text()``), ``NAME.npz`` (inputs ``argN``, reference outputs ``outN``) and
``NAME.json`` (input/output dtypes and shapes, tolerances, the custom-call targets
the program calls). ``programs/manifest.json`` lists them all.

Sparse matrices enter as their buffers (BCOO: data, indices; BCSR: data, indices,
indptr) so the programs take plain arrays. BCSR products lower on CPU to the
``cpu_csr_sparse_dense_ffi`` custom call; BCOO ones to gathers/scatters/dots.

Tolerances. A product sums at most ``cols`` terms (``cols <= 7``): the error is a few
ulps of the largest term, so ``rtol = atol = 1e-5`` (single precision, eps 1.2e-7)
and ``1e-12`` (double, eps 2.2e-16) leave a margin of >10x; conversions
(todense/fromdense/transpose) move values and must match exactly (tolerance 0).

GPU targets: each program, and ``lax.linalg.tridiagonal_solve`` (``gtsv2``), is also
lowered for CUDA and ROCm (no GPU needed); the cuSPARSE rules that need the GPU
plugin at lowering time are read from the reference's rule module (see
``_gpu_targets``).
"""

from __future__ import annotations

import inspect
import json
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import sparse

jax.config.update("jax_enable_x64", True)

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
# (Listed here: this runs in the reference's environment, without this jaxlib's tables.)
DTYPES = {"f32": np.float32, "f64": np.float64, "c64": np.complex64, "c128": np.complex128,
          "i32": np.int32}
PRODUCT_TOL = {"f32": 1e-5, "c64": 1e-5, "f64": 1e-12, "c128": 1e-12, "i32": 0.0}
SHAPE = (5, 7)  # rows x cols of the sparse operand
GPU_PLATFORMS = ("cuda", "rocm")


@dataclass
class Program:
    name: str
    fn: Callable
    args: list
    dtype: str
    exact: bool  # conversions move values: no tolerance
    index_dtype: str = "int32"


def _matrix(rng: np.random.Generator, dtype, shape=SHAPE, batch=()) -> np.ndarray:
    """A random matrix with about half its entries zero (and one empty row)."""
    full = batch + shape
    values = rng.integers(-4, 5, size=full) if np.dtype(dtype).kind == "i" else \
        rng.standard_normal(full)
    if np.dtype(dtype).kind == "c":
        values = values + 1j * rng.standard_normal(full)
    mask = rng.random(full) < 0.5
    mask[..., 1, :] = False
    return np.where(mask, values, 0).astype(dtype)


def _dense(rng, dtype, shape) -> np.ndarray:
    if np.dtype(dtype).kind == "i":
        return rng.integers(-4, 5, size=shape).astype(dtype)
    values = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def _bcoo_parts(m: np.ndarray, index_dtype=np.int32, n_batch=0):
    mat = sparse.BCOO.fromdense(jnp.asarray(m), n_batch=n_batch, index_dtype=index_dtype)
    return [np.asarray(mat.data), np.asarray(mat.indices)]


def _bcsr_parts(m: np.ndarray, index_dtype=np.int32):
    mat = sparse.BCSR.fromdense(jnp.asarray(m), index_dtype=index_dtype)
    return [np.asarray(mat.data), np.asarray(mat.indices), np.asarray(mat.indptr)]


def _programs() -> list[Program]:
    out: list[Program] = []
    rows, cols = SHAPE
    for tag, dtype in DTYPES.items():
        rng = np.random.default_rng(sum(map(ord, tag)))
        m = _matrix(rng, dtype)
        vec, mat = _dense(rng, dtype, (cols,)), _dense(rng, dtype, (cols, 3))
        left = _dense(rng, dtype, (4, rows))

        def bcoo(data, indices, shape=SHAPE):
            return sparse.BCOO((data, indices), shape=shape)

        def bcsr(data, indices, indptr, shape=SHAPE):
            return sparse.BCSR((data, indices, indptr), shape=shape)

        coo, csr = _bcoo_parts(m), _bcsr_parts(m)
        nse = int((m != 0).sum())
        out += [
            Program(f"bcoo_todense_{tag}", lambda d, i: bcoo(d, i).todense(), coo, tag, True),
            Program(f"bcoo_fromdense_{tag}",
                    lambda x, nse=nse: tuple(sparse.BCOO.fromdense(x, nse=nse)._bufs),
                    [m], tag, True),
            Program(f"bcoo_matvec_{tag}", lambda d, i, v: bcoo(d, i) @ v, coo + [vec], tag,
                    False),
            Program(f"bcoo_matmat_{tag}", lambda d, i, b: bcoo(d, i) @ b, coo + [mat], tag,
                    False),
            Program(f"bcoo_dense_matmat_{tag}", lambda a, d, i: a @ bcoo(d, i), [left] + coo,
                    tag, False),
            Program(f"bcoo_transpose_{tag}", lambda d, i: bcoo(d, i).T.todense(), coo, tag,
                    True),
            Program(f"bcsr_todense_{tag}", lambda d, i, p: bcsr(d, i, p).todense(), csr, tag,
                    True),
            Program(f"bcsr_fromdense_{tag}",
                    lambda x, nse=nse: tuple(sparse.BCSR.fromdense(x, nse=nse)._bufs),
                    [m], tag, True),
            Program(f"bcsr_matvec_{tag}", lambda d, i, p, v: bcsr(d, i, p) @ v, csr + [vec],
                    tag, False),
            Program(f"bcsr_matmat_{tag}", lambda d, i, p, b: bcsr(d, i, p) @ b, csr + [mat],
                    tag, False),
            Program(f"bcsr_transpose_{tag}",
                    lambda d, i, p: bcsr(d, i, p).to_bcoo().T.todense(), csr, tag, True),
            Program(f"sparsify_{tag}",
                    lambda d, i, v: sparse.sparsify(lambda a, x: (a * 3) @ x + a.sum(1))(
                        bcoo(d, i), v),
                    coo + [vec], tag, False),
        ]
        if tag in ("f32", "f64"):
            out.append(Program(f"sparsify_bcsr_{tag}",
                               lambda d, i, p, b: sparse.sparsify(lambda a, x: 2 * (a @ x))(
                                   bcsr(d, i, p), b),
                               csr + [mat], tag, False))
    # int64 indices (x64 on), batched BCOO, duplicate entries, padded BCSR.
    rng = np.random.default_rng(7)
    m = _matrix(rng, np.float64)
    vec = _dense(rng, np.float64, (SHAPE[1],))
    mat = _dense(rng, np.float64, (SHAPE[1], 2))
    out.append(Program("bcsr_matmat_index64_f64",
                       lambda d, i, p, b: sparse.BCSR((d, i, p), shape=SHAPE) @ b,
                       _bcsr_parts(m, np.int64) + [mat], "f64", False, "int64"))
    out.append(Program("bcsr_matvec_index64_f64",
                       lambda d, i, p, v: sparse.BCSR((d, i, p), shape=SHAPE) @ v,
                       _bcsr_parts(m, np.int64) + [vec], "f64", False, "int64"))
    out.append(Program("bcoo_matvec_index64_f64",
                       lambda d, i, v: sparse.BCOO((d, i), shape=SHAPE) @ v,
                       _bcoo_parts(m, np.int64) + [vec], "f64", False, "int64"))
    batched = _matrix(rng, np.float32, batch=(3,))
    out.append(Program("bcoo_batched_matmat_f32",
                       lambda d, i, b: sparse.bcoo_dot_general(
                           sparse.BCOO((d, i), shape=(3,) + SHAPE), b,
                           dimension_numbers=(([2], [1]), ([0], [0]))),
                       _bcoo_parts(batched, n_batch=1) + [_dense(rng, np.float32,
                                                                 (3, SHAPE[1], 2))],
                       "f32", False))
    # Two stored entries at (0, 1) and one at (2, 2): products sum the duplicates.
    dup_data = np.array([1.5, -2.0, 4.0], np.float32)
    dup_indices = np.array([1, 1, 2], np.int32)
    dup_indptr = np.array([0, 2, 2, 3, 3, 3], np.int32)
    out.append(Program("bcsr_duplicates_matvec_f32",
                       lambda d, i, p, v: sparse.BCSR((d, i, p), shape=SHAPE) @ v,
                       [dup_data, dup_indices, dup_indptr, _dense(rng, np.float32, (7,))],
                       "f32", False))
    # nse larger than the stored count: BCSR pads data/indices past indptr[-1].
    padded = sparse.BCSR.fromdense(jnp.asarray(m), nse=int((m != 0).sum()) + 4)
    out.append(Program("bcsr_padded_matmat_f64",
                       lambda d, i, p, b: sparse.BCSR((d, i, p), shape=SHAPE) @ b,
                       [np.asarray(b) for b in padded._bufs] + [mat], "f64", False))
    return out


def _targets(text: str) -> list[str]:
    return sorted(set(re.findall(r"custom_call @([\w.]+)", text)))


def _spec(x: np.ndarray, name: str) -> dict:
    return {"name": name, "dtype": np.asarray(x).dtype.name, "shape": list(np.shape(x))}


def _write(program: Program) -> dict:
    jitted = jax.jit(program.fn)
    args = [jnp.asarray(a) for a in program.args]
    text = jitted.lower(*args).as_text()
    outputs = jax.tree_util.tree_leaves(jitted(*args))
    tol = 0.0 if program.exact else PRODUCT_TOL[program.dtype]
    meta = {
        "name": program.name,
        "index_dtype": program.index_dtype,
        "inputs": [_spec(a, f"arg{i}") for i, a in enumerate(program.args)],
        "outputs": [dict(_spec(o, f"out{i}"), rtol=tol, atol=tol)
                    for i, o in enumerate(outputs)],
        "tolerance_reason": "exact: values are only moved" if program.exact else
        "a sum of <= 7 products: a few ulps of the largest term (see generate.py)",
        "targets": _targets(text),
    }
    (PROGRAMS / f"{program.name}.mlir").write_text(text)
    np.savez(PROGRAMS / f"{program.name}.npz",
             **{f"arg{i}": np.asarray(a) for i, a in enumerate(program.args)},
             **{f"out{i}": np.asarray(o) for i, o in enumerate(outputs)})
    (PROGRAMS / f"{program.name}.json").write_text(json.dumps(meta, indent=1) + "\n")
    return meta


def _gpu_targets(programs: list[Program]) -> dict[str, dict[str, list[str]]]:
    """Targets of the GPU lowering. The cuSPARSE product/conversion rules need the
    CUDA/ROCm plugin at lowering time (it builds their opaque descriptors), so
    those names are read from the reference's lowering rules
    (``jax.experimental.sparse._lowerings``: ``f"{target_name_prefix}sparse_..._ffi"``)
    and the rest come from lowering the programs."""
    from jax.experimental.sparse import _lowerings

    found: dict[str, dict[str, list[str]]] = {p: {} for p in GPU_PLATFORMS}
    prefix = {"cuda": "cu", "rocm": "hip"}
    rule_source = inspect.getsource(_lowerings)
    for suffix in sorted(set(re.findall(r'f"\{target_name_prefix\}(sparse_\w+_ffi)"',
                                        rule_source))):
        for platform in GPU_PLATFORMS:
            found[platform][prefix[platform] + suffix] = ["jax.experimental.sparse._lowerings"]
    extra = [Program(f"tridiagonal_solve_{tag}",
                     lambda dl, d, du, b: lax.linalg.tridiagonal_solve(dl, d, du, b),
                     [np.ones(5, t), np.ones(5, t), np.ones(5, t), np.ones((5, 2), t)], tag,
                     False) for tag, t in DTYPES.items() if tag != "i32"]
    for program in programs + extra:
        args = [jax.ShapeDtypeStruct(np.shape(a), np.asarray(a).dtype) for a in program.args]
        for platform in GPU_PLATFORMS:
            try:
                lowered = jax.jit(program.fn).trace(*args).lower(lowering_platforms=(platform,))
            except AttributeError as err:  # a cuSPARSE rule asking the absent plugin
                if "descriptor" not in str(err):
                    raise
                continue
            for target in _targets(lowered.as_text()):
                found[platform].setdefault(target, []).append(program.name)
    return {p: dict(sorted(t.items())) for p, t in found.items()}


def main() -> None:
    if PROGRAMS.exists():
        shutil.rmtree(PROGRAMS)
    PROGRAMS.mkdir(parents=True)
    programs = _programs()
    metas = [_write(p) for p in programs]
    manifest = {"generator": "packages/jaxlib-sparse/tests/corpus/generate.py",
                "jax_version": jax.__version__,
                "programs": [{"name": m["name"], "targets": m["targets"]} for m in metas]}
    (PROGRAMS / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    gpu = {"generator": "packages/jaxlib-sparse/tests/corpus/generate.py",
           "jax_version": jax.__version__, "targets": _gpu_targets(programs)}
    (HERE / "gpu_targets.json").write_text(json.dumps(gpu, indent=1) + "\n")
    print(len(metas), "programs;", sum("cpu_csr_sparse_dense_ffi" in m["targets"]
                                       for m in metas), "call cpu_csr_sparse_dense_ffi")
    for platform, targets in gpu["targets"].items():
        print(platform, sorted(targets))


if __name__ == "__main__":
    main()
