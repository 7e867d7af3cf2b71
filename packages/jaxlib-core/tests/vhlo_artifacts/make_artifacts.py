"""Makes the StableHLO portable artifacts (VHLO in MLIR bytecode) that
test_vhlo_artifacts.py reads, with the reference jax/jaxlib 0.10.2 -- run it
in the reference's virtual environment, from this folder:

    XLA_FLAGS=--xla_force_host_platform_device_count=2 /work/refvenv/bin/python make_artifacts.py

(``make_artifacts.py chlo`` writes only chlo_rewrites.npz.)

Each case is NAME.npz: ``artifact`` (``Exported.mlir_module_serialized``, as
uint8), ``exported`` (``Exported.serialize()``, jax's flatbuffer around it),
the inputs ``in0, in1, ...`` and the reference's outputs ``out0, ...``.
``versions.npz`` holds one module serialized at several StableHLO targets
(MLIR bytecode format versions 0, 1, 3, 4 and 6) and ``not_vhlo.npz`` a
StableHLO module written as plain MLIR bytecode (not a portable artifact).
"""

from __future__ import annotations

import os

import jax
import jax.numpy as jnp
import numpy as np
from jax import export, lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec

jax.config.update("jax_platforms", "cpu")
HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(0)


def f32(*shape: int) -> np.ndarray:
    return rng.standard_normal(shape).astype(np.float32)


def save(name: str, fn, inputs, *, poly: str | None = None, shardings=None) -> None:
    jitted = jax.jit(fn) if shardings is None else jax.jit(fn, in_shardings=shardings)
    if poly is None:
        specs = [jax.ShapeDtypeStruct(np.shape(x), np.asarray(x).dtype) for x in inputs]
    else:
        specs = export.symbolic_args_specs(inputs, poly)
    exported = export.export(jitted)(*specs)
    outputs = jax.tree.leaves(jitted(*inputs))
    arrays = {"artifact": np.frombuffer(exported.mlir_module_serialized, np.uint8),
              "exported": np.frombuffer(exported.serialize(), np.uint8)}
    arrays.update({f"in{i}": np.asarray(x) for i, x in enumerate(inputs)})
    arrays.update({f"out{i}": np.asarray(x) for i, x in enumerate(outputs)})
    np.savez(os.path.join(HERE, f"{name}.npz"), **arrays)


def cases() -> None:
    save("sin_dot", lambda x, y: jnp.sin(x) @ y + 1, [f32(2, 3), f32(3, 4)])
    save("conv", lambda x, w: lax.conv_general_dilated(
        x, w, (2, 1), "SAME", rhs_dilation=(1, 2), dimension_numbers=("NHWC", "HWIO", "NHWC"),
        feature_group_count=2), [f32(2, 9, 8, 4), f32(3, 3, 2, 6)])
    save("gather_scatter", lambda x, i, v: (x[i], x.at[i].add(v), x.at[i, 1].max(v[:, 0])),
         [f32(5, 3), np.array([4, 0, 2], np.int32), f32(3, 3)])
    save("reductions", lambda x: (jnp.argmax(x, axis=1), jnp.cumsum(x, axis=0),
                                  jnp.sum(x, axis=1, keepdims=True), jnp.max(x),
                                  lax.reduce_window(x, -jnp.inf, lax.max, (2, 2), (1, 1),
                                                    "VALID")),
         [f32(4, 5)])
    save("control_flow", lambda x, n: lax.cond(
        n > 2, lambda v: lax.fori_loop(0, n, lambda i, c: c * 0.5 + i, v), jnp.cos, x),
        [f32(3), np.int32(5)])
    save("sort", lambda x, y: (jnp.sort(x), jnp.argsort(x), lax.sort((x, y), num_keys=1),
                               lax.top_k(x, 2)),
         [f32(6), np.arange(6, dtype=np.int32)])
    a = f32(4, 4) + 4 * np.eye(4, dtype=np.float32)
    save("linalg", lambda a, b: (jnp.linalg.solve(a, b), jnp.linalg.cholesky(a @ a.T)),
         [a, f32(4, 2)])
    save("random", lambda k: (jax.random.normal(jax.random.wrap_key_data(k), (3, 2)),
                              jax.random.bits(jax.random.wrap_key_data(k), (4,), jnp.uint8)),
         [np.array([0, 42], np.uint32)])
    save("dtypes", lambda x, c, b, i: (
        x.astype(jnp.bfloat16) * 2, c * (1 + 2j), jnp.where(b, i, jnp.int8(-3)),
        x.astype(jnp.float16) - 1, jnp.array([True, False, True]) & b[:3]),
        [f32(4), (f32(2) + 1j * f32(2)).astype(np.complex64),
         np.array([True, False, False, True]), np.array([1, -2, 3, 127], np.int8)])
    save("polymorphic", lambda x: jnp.concatenate([x, x * 2], axis=0).sum(axis=1),
         [f32(3, 4)], poly="b, 4")
    mesh = Mesh(np.array(jax.devices()[:2]), ("x",))
    save("sharded", lambda x: jnp.tanh(x) * 3, [f32(4, 2)],
         shardings=NamedSharding(mesh, PartitionSpec("x", None)))


def versions() -> None:
    from jaxlib.mlir._mlir_libs import _stablehlo as stablehlo

    text = """module @versions {
  func.func public @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<3xf32>
    %c = stablehlo.constant dense<[1.5, -2.0, 0.25]> : tensor<3xf32>
    %1 = stablehlo.multiply %0, %c : tensor<3xf32>
    %2 = stablehlo.compare GT, %1, %arg1, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    %3 = stablehlo.select %2, %1, %arg0 : tensor<3xi1>, tensor<3xf32>
    return %3 : tensor<3xf32>
  }
}"""
    targets = ["0.9.0", "0.10.0", "0.12.0", "0.14.0", "1.0.0", stablehlo.get_current_version()]
    arrays = {f"v{t}": np.frombuffer(stablehlo.serialize_portable_artifact_str(text, t),
                                     np.uint8) for t in targets}
    arrays["in0"], arrays["in1"] = f32(3), f32(3)
    x, y = arrays["in0"], arrays["in1"]
    product = (x + y) * np.array([1.5, -2.0, 0.25], np.float32)
    arrays["out0"] = np.where(product > y, product, x)
    np.savez(os.path.join(HERE, "versions.npz"), **arrays)

    from jax._src.interpreters import mlir

    from jaxlib.mlir import ir
    with mlir.make_ir_context():
        module = ir.Module.parse(text)
        import io
        buffer = io.BytesIO()
        module.operation.write_bytecode(buffer)
    np.savez(os.path.join(HERE, "not_vhlo.npz"),
             artifact=np.frombuffer(buffer.getvalue(), np.uint8))


def chlo_rewrites() -> None:
    """Inputs and the reference's values of the CHLO ops this jaxlib
    rewrites as StableHLO for artifacts (passes/chlo_legalize.py)."""
    grid = np.concatenate([np.linspace(-1, 1, 2001), [-1.5, 1.5, np.nan, 1 - 1e-7, -1 + 1e-7,
                                                      1e-30, -0.0]]).astype(np.float32)
    wide = np.concatenate([np.linspace(-6, 6, 2401),
                           [np.inf, -np.inf, np.nan, 1e-30, -0.0]]).astype(np.float32)
    ties = np.array([[3.0, np.nan, 1.0, 3.0, -0.0, 0.0, -np.inf, 7.0],
                     [2.0, 2.0, 2.0, 1.0, np.inf, -1.0, 5.0, 2.0]], np.float32)
    ints = np.array([[5, -3, 5, 9, 0, -3]], np.int32)
    complexes = (rng.standard_normal(6) + 1j * rng.standard_normal(6)).astype(np.complex64)
    arrays = {
        "erf_inv_in": grid, "erf_inv_out": np.asarray(lax.erf_inv(grid)),
        "erf_inv_bf16_out": np.asarray(lax.erf_inv(grid.astype(jnp.bfloat16))).astype(
            np.float32),
        "erf_in": wide, "erf_out": np.asarray(lax.erf(wide)),
        "top_k_in": ties, "top_k_values": np.asarray(lax.top_k(ties, 5)[0]),
        "top_k_indices": np.asarray(lax.top_k(ties, 5)[1]),
        "top_k_int_in": ints, "top_k_int_values": np.asarray(lax.top_k(ints, 4)[0]),
        "top_k_int_indices": np.asarray(lax.top_k(ints, 4)[1]),
        "conj_in": complexes, "conj_out": np.asarray(lax.conj(complexes)),
        "square_in": wide, "square_out": np.asarray(lax.square(wide)),
        "atan_out": np.asarray(lax.atan(wide)), "atanh_out": np.asarray(lax.atanh(grid)),
        "sinh_in": np.concatenate([wide, np.linspace(-95, 95, 381, dtype=np.float32)]),
        "mulhi_in": np.array([7, -7, 2**31 - 1, -2**31, 123456789, -1], np.int32),
        "mulhi_other": np.array([9, 3, 2**31 - 1, 5, -987654321, -1], np.int32),
        "next_after_x": np.array([0.0, -0.0, 1.0, 1.0, -1.0, np.inf, np.nan, 3.0], np.float32),
        "next_after_y": np.array([1.0, -1.0, 2.0, 0.0, -np.inf, 0.0, 1.0, 3.0], np.float32),
    }
    gamma_in = np.concatenate([np.linspace(-7.5, 12, 1561), [0.0, -1.0, -2.0, 1.0, 2.0, 1e-20,
                                                          50.5, 1e10, np.inf, -np.inf, np.nan]])
    arrays["gamma_in"] = gamma_in.astype(np.float32)
    arrays["lgamma_out"] = np.asarray(lax.lgamma(arrays["gamma_in"]))
    arrays["digamma_out"] = np.asarray(lax.digamma(arrays["gamma_in"]))
    with jax.enable_x64(True):
        arrays["erf_inv_f64_in"] = np.concatenate([np.linspace(-1, 1, 4001), [
            1 - 1e-12, -1 + 1e-15, 1e-300, 0.9999999, np.nan, 2.0]])
        arrays["erf_inv_f64_out"] = np.asarray(lax.erf_inv(arrays["erf_inv_f64_in"]))
    arrays["sinh_out"] = np.asarray(lax.sinh(arrays["sinh_in"]))
    arrays["cosh_out"] = np.asarray(lax.cosh(arrays["sinh_in"]))
    arrays["sinh_bf16_out"] = np.asarray(
        lax.sinh(arrays["sinh_in"].astype(jnp.bfloat16))).astype(np.float32)
    arrays["mulhi_out"] = np.asarray(lax.mulhi(arrays["mulhi_in"], arrays["mulhi_other"]))
    arrays["mulhi_u_out"] = np.asarray(lax.mulhi(arrays["mulhi_in"].view(np.uint32),
                                                  arrays["mulhi_other"].view(np.uint32)))
    arrays["next_after_out"] = np.asarray(lax.nextafter(arrays["next_after_x"],
                                                        arrays["next_after_y"]))
    np.savez(os.path.join(HERE, "chlo_rewrites.npz"), **arrays)


if __name__ == "__main__":
    import sys
    # ``chlo``: only chlo_rewrites.npz (the other files' bytes change per run)
    if sys.argv[1:] != ["chlo"]:
        cases()
        versions()
    chlo_rewrites()
