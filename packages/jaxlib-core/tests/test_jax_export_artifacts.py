"""jaxlib._jax.mlir: portable artifacts and shape refinement (pure jaxlib),
and jax.export end to end in a subprocess (importing jax patches jaxlib's
classes for the whole process)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from jaxlib._jax import mlir as jax_mlir
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib.mlir import ir
from jaxlib.xla_client import make_cpu_client

STATIC = """
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xf32>) -> (tensor<3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.sine %arg0 : tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}
"""

# A static @main calling a polymorphic callee, with a shape assertion, as
# jax.export's wrapped main looks.
POLY = """
module @jit_g attributes {jax.uses_shape_polymorphism = true} {
  func.func public @main(%arg0: tensor<3x4xf32>) -> tensor<?xf32> {
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<3x4xf32>) -> tensor<i32>
    %c = stablehlo.constant dense<%MIN%> : tensor<i32>
    %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%1, %0) {
        error_message = "b must be >= %MIN%, got {0}", has_side_effect = true
    } : (tensor<i1>, tensor<i32>) -> ()
    %2 = call @inner(%0, %arg0) : (tensor<i32>, tensor<3x4xf32>) -> tensor<?xf32>
    return %2 : tensor<?xf32>
  }
  func.func private @inner(%arg0: tensor<i32>, %arg1: tensor<?x4xf32>) -> tensor<?xf32> {
    %c = stablehlo.constant dense<4> : tensor<i32>
    %0 = stablehlo.multiply %arg0, %c : tensor<i32>
    %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
    %2 = stablehlo.dynamic_reshape %arg1, %1 : (tensor<?x4xf32>, tensor<1xi32>) -> tensor<?xf32>
    return %2 : tensor<?xf32>
  }
}
"""


def _poly(minimum: int = 1) -> str:
    return POLY.replace("%MIN%", str(minimum))


# --- portable artifacts -----------------------------------------------------------------


def test_serialize_round_trips_a_module() -> None:
    with ir.Context():
        module = ir.Module.parse(STATIC)
        artifact = jax_mlir.serialize_portable_artifact(module, "1.15.0")
        assert isinstance(artifact, bytes)
        back = jax_mlir.deserialize_portable_artifact(artifact)
        assert isinstance(back, ir.Module)
        assert str(back) == str(module)


def test_serialize_accepts_text_and_bytes() -> None:
    from_str = jax_mlir.serialize_portable_artifact(STATIC, "1.0.0")
    from_bytes = jax_mlir.serialize_portable_artifact(STATIC.encode(), "1.0.0", True)
    assert from_str == from_bytes
    with ir.Context() as ctx:
        module = jax_mlir.deserialize_portable_artifact(from_str, ctx)
        assert "stablehlo.sine" in str(module)


def test_serialize_rejects_bad_input() -> None:
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT.*target version"):
        jax_mlir.serialize_portable_artifact(STATIC, "x.y")
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT.*does not parse"):
        jax_mlir.serialize_portable_artifact("garbage", "1.0.0")
    with pytest.raises(TypeError):
        jax_mlir.serialize_portable_artifact(42, "1.0.0")


def test_deserialize_names_a_cut_off_reference_artifact() -> None:
    # (whole ones are read: test_vhlo_artifacts.py)
    vhlo = b"ML\xefR\rStableHLO_v1.13.0\x00\x01%\x07"
    with pytest.raises(XlaRuntimeError,
                       match="INVALID_ARGUMENT: Failed to deserialize StableHLO: MLIR bytecode"):
        jax_mlir.deserialize_portable_artifact(vhlo)


def test_deserialize_rejects_other_bytes() -> None:
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT.*not a portable artifact"):
        jax_mlir.deserialize_portable_artifact(b"garbage")
    # This jaxlib's own format (modules VHLO cannot hold), from a newer writer.
    future = b"JAXLIB-PORTABLE-ARTIFACT v99 stablehlo=1.0.0\n" + STATIC.encode()
    with pytest.raises(XlaRuntimeError, match="format v99 is not supported"):
        jax_mlir.deserialize_portable_artifact(future)


# --- shape refinement -------------------------------------------------------------------


def test_refine_makes_the_module_static_and_runnable() -> None:
    refined = jax_mlir.refine_polymorphic_shapes(
        mlir_module=_poly().encode(), enable_shape_assertions=True,
        validate_static_shapes=True, enable_shardy=False)
    assert isinstance(refined, bytes)
    text = refined.decode()
    assert "?" not in text and "shape_assertion" not in text
    assert "@inner" not in text  # inlined, then dropped
    assert "tensor<12xf32>" in text
    with ir.Context():
        ir.Module.parse(refined)  # jax parses the result
    client = make_cpu_client()
    exe = client.compile_and_load(text, client.devices()[:1])
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    (out,) = exe.execute([client.buffer_from_pyval(x)])
    np.testing.assert_array_equal(np.asarray(out), x.reshape(-1))


def test_refine_checks_shape_assertions() -> None:
    with pytest.raises(XlaRuntimeError, match="b must be >= 5, got 3"):
        jax_mlir.refine_polymorphic_shapes(_poly(5).encode())
    refined = jax_mlir.refine_polymorphic_shapes(_poly(5).encode(),
                                                 enable_shape_assertions=False)
    assert b"shape_assertion" not in refined


def test_refine_needs_a_static_main() -> None:
    dynamic_main = """
    func.func public @main(%arg0: tensor<?xf32>) -> tensor<?xf32> {
      return %arg0 : tensor<?xf32>
    }
    """
    with pytest.raises(XlaRuntimeError, match="must have static argument types"):
        jax_mlir.refine_polymorphic_shapes(dynamic_main)


def test_refine_keeps_a_static_module() -> None:
    refined = jax_mlir.refine_polymorphic_shapes(STATIC.encode())
    assert b"stablehlo.sine" in refined and b"tensor<3xf32>" in refined


# A ``Sharding`` custom call whose dynamic result shape is an extra operand
# (``indices_of_shape_operands``), and a platform-index ``case`` whose branch
# returns a constant, as jax lowers them under shape polymorphism.
SHAPE_OPERANDS = """
module {
  func.func public @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %i = stablehlo.constant dense<0> : tensor<i32>
    %p = "stablehlo.case"(%i) ({
      %k = stablehlo.constant dense<0> : tensor<i32>
      "stablehlo.return"(%k) : (tensor<i32>) -> ()
    }) : (tensor<i32>) -> tensor<i32>
    %0 = stablehlo.convert %arg0 : (tensor<3x4xf32>) -> tensor<?x4xf32>
    %1 = call @inner(%p, %0) : (tensor<i32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    %2 = stablehlo.convert %1 : (tensor<?x4xf32>) -> tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
  func.func private @inner(%p: tensor<i32>, %arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
    %d = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
    %r = stablehlo.reshape %d : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<4> : tensor<1xi32>
    %s = stablehlo.concatenate %r, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %0 = stablehlo.custom_call @Sharding(%arg0, %s) {
        indices_of_shape_operands = dense<1> : tensor<1xi64>, mhlo.sharding = "{replicated}"
    } : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
    return %0 : tensor<?x4xf32>
  }
}
"""

# shard_map over a dynamic batch: the body's types are per-device.
MANUAL = """
module @m attributes {mhlo.num_partitions = 2 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = stablehlo.convert %arg0 : (tensor<4x4xf32>) -> tensor<?x4xf32>
    %1 = "sdy.manual_computation"(%0) ({
      ^bb0(%arg1: tensor<?x4xf32>):
        %2 = "stablehlo.collective_permute"(%arg1) {
            source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>,
            channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>
        } : (tensor<?x4xf32>) -> tensor<?x4xf32>
        "sdy.return"(%2) : (tensor<?x4xf32>) -> ()
    }) {in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>,
        out_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>,
        manual_axes = #sdy<manual_axes{"x"}>} : (tensor<?x4xf32>) -> tensor<?x4xf32>
    %3 = stablehlo.convert %1 : (tensor<?x4xf32>) -> tensor<4x4xf32>
    return %3 : tensor<4x4xf32>
  }
}
"""


def test_refine_folds_shape_operands_of_custom_calls() -> None:
    text = jax_mlir.refine_polymorphic_shapes(SHAPE_OPERANDS.encode()).decode()
    assert "?" not in text and "indices_of_shape_operands" not in text
    assert "stablehlo.case" in text
    client = make_cpu_client()
    exe = client.compile_and_load(text, client.devices()[:1])
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    (out,) = exe.execute([client.buffer_from_pyval(x)])
    np.testing.assert_array_equal(np.asarray(out), x)


def test_refine_gives_manual_computations_per_device_types() -> None:
    text = jax_mlir.refine_polymorphic_shapes(MANUAL.encode()).decode()
    assert "?" not in text
    assert "^bb0(%arg1: tensor<2x4xf32>)" in text.replace("  ", " ")
    assert "(tensor<2x4xf32>) -> tensor<2x4xf32>" in text  # the collective's own type
    assert "sdy.mesh @mesh" in text
    assert ") -> tensor<4x4xf32>" in text


def _refine_and_run(text: str, *inputs: np.ndarray) -> list[np.ndarray]:
    refined = jax_mlir.refine_polymorphic_shapes(text.encode()).decode()
    assert "?" not in refined, refined
    client = make_cpu_client()
    exe = client.compile_and_load(refined, client.devices()[:1])
    return [np.asarray(o) for o in exe.execute([client.buffer_from_pyval(x) for x in inputs])]


def test_refine_slices_whose_limit_is_the_start_plus_a_size() -> None:
    # jax's dynamic_slice under shape polymorphism: the start is data, the
    # size a shape computation, the limit their sum.
    text = """
    func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2xi32>) -> tensor<3x2xf32> {
      %0 = stablehlo.convert %arg0 : (tensor<3x4xf32>) -> tensor<?x4xf32>
      %1 = call @inner(%0, %arg1) : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x2xf32>
      %2 = stablehlo.convert %1 : (tensor<?x2xf32>) -> tensor<3x2xf32>
      return %2 : tensor<3x2xf32>
    }
    func.func private @inner(%arg0: tensor<?x4xf32>, %arg1: tensor<2xi32>) -> tensor<?x2xf32> {
      %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
      %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
      %c2 = stablehlo.constant dense<2> : tensor<1xi32>
      %size = stablehlo.concatenate %1, %c2, dim = 0
          : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
      %limit = stablehlo.add %arg1, %size : tensor<2xi32>
      %ones = stablehlo.constant dense<1> : tensor<2xi32>
      %2 = stablehlo.real_dynamic_slice %arg0, %arg1, %limit, %ones : (tensor<?x4xf32>,
          tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x2xf32>
      return %2 : tensor<?x2xf32>
    }"""
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    (out,) = _refine_and_run(text, x, np.array([0, 1], np.int32))
    np.testing.assert_array_equal(out, x[:, 1:3])


def test_refine_takes_branch_results_types_and_empty_ffts() -> None:
    text = """
    func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<i32>,
                           %arg2: tensor<2x0x4xcomplex<f32>>)
        -> (tensor<2x3xf32>, tensor<2x0x4xcomplex<f32>>) {
      %0 = stablehlo.convert %arg0 : (tensor<2x3xf32>) -> tensor<?x3xf32>
      %z = stablehlo.convert %arg2 : (tensor<2x0x4xcomplex<f32>>) -> tensor<?x0x4xcomplex<f32>>
      %1:2 = call @inner(%0, %arg1, %z) : (tensor<?x3xf32>, tensor<i32>,
          tensor<?x0x4xcomplex<f32>>) -> (tensor<?x3xf32>, tensor<?x0x4xcomplex<f32>>)
      %2 = stablehlo.convert %1#0 : (tensor<?x3xf32>) -> tensor<2x3xf32>
      %3 = stablehlo.convert %1#1 : (tensor<?x0x4xcomplex<f32>>) -> tensor<2x0x4xcomplex<f32>>
      return %2, %3 : tensor<2x3xf32>, tensor<2x0x4xcomplex<f32>>
    }
    func.func private @inner(%arg0: tensor<?x3xf32>, %arg1: tensor<i32>,
                             %arg2: tensor<?x0x4xcomplex<f32>>)
        -> (tensor<?x3xf32>, tensor<?x0x4xcomplex<f32>>) {
      %n = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x3xf32>) -> tensor<i32>
      %0 = "stablehlo.case"(%arg1) ({
        %c = stablehlo.constant dense<0.0> : tensor<f32>
        %r = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
        %c3 = stablehlo.constant dense<3> : tensor<1xi32>
        %s = stablehlo.concatenate %r, %c3, dim = 0
            : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
        %b = stablehlo.dynamic_broadcast_in_dim %c, %s, dims = [] : (tensor<f32>, tensor<2xi32>)
            -> tensor<?x3xf32>
        stablehlo.return %b : tensor<?x3xf32>
      }, {
        %d = stablehlo.add %arg0, %arg0 : tensor<?x3xf32>
        stablehlo.return %d : tensor<?x3xf32>
      }) : (tensor<i32>) -> tensor<?x3xf32>
      %f = stablehlo.fft %arg2, type = FFT, length = [4] : tensor<?x0x4xcomplex<f32>>
      return %0, %f : tensor<?x3xf32>, tensor<?x0x4xcomplex<f32>>
    }"""
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    empty = np.zeros((2, 0, 4), np.complex64)
    out, fft = _refine_and_run(text, x, np.int32(1), empty)
    np.testing.assert_array_equal(out, 2 * x)
    assert fft.shape == (2, 0, 4)
    out, _ = _refine_and_run(text, x, np.int32(0), empty)
    np.testing.assert_array_equal(out, np.zeros_like(x))


def test_approx_top_k_reduction_output_sizes_are_xlas() -> None:
    from jaxlib._jax import approx_top_k_reduction_output_size as size
    # (input size, rank, k, recall, aggregate, override) -> the reference jaxlib's answer
    cases = {(2048, 1, 10, 0.95, False, -1): (1024, 1), (1000, 1, 10, 0.95, False, -1): (1000, 0),
             (5000, 2, 3, 0.9, False, -1): (256, 5), (100000, 2, 1, 0.95, False, -1): (128, 10),
             (8000, 2, 50, 0.99, False, 20000): (2048, 2), (300, 2, 4, 0.95, False, -1): (256, 1),
             (300, 2, 4, 0.95, True, -1): (4, -1)}
    for args, expected in cases.items():
        assert size(*args) == expected, args
    with pytest.raises(XlaRuntimeError, match="reduction_input_size_override"):
        size(5000, 2, 3, 0.9, False, 100)


# --- jax.export end to end ---------------------------------------------------------------

_JAX_SCRIPT = textwrap.dedent("""
    import json
    import jax, jax.numpy as jnp, numpy as np
    from jax import export

    out = {}
    exp = export.export(jax.jit(lambda x: jnp.sin(x) * 2))(jnp.ones((3,), jnp.float32))
    out["static"] = np.asarray(exp.call(jnp.arange(3, dtype=jnp.float32))).tolist()
    out["text_has_main"] = "@main" in exp.mlir_module()
    b, = export.symbolic_shape("b")
    def g(x):
        return jnp.sum(x, axis=0) + x.shape[0]
    poly = export.export(jax.jit(g))(jax.ShapeDtypeStruct((b, 4), jnp.float32))
    out["poly2"] = np.asarray(poly.call(jnp.ones((2, 4), jnp.float32))).tolist()
    out["poly5"] = np.asarray(poly.call(jnp.ones((5, 4), jnp.float32))).tolist()
    try:
        poly.call(jnp.ones((0, 4), jnp.float32))
        out["assertion"] = None
    except Exception as e:
        out["assertion"] = str(e)
    back = export.deserialize(poly.serialize())
    out["deserialized"] = np.asarray(back.call(jnp.ones((3, 4), jnp.float32))).tolist()
    sin_sum = export.export(jax.jit(lambda x: jnp.sin(x).sum()))(
        jax.ShapeDtypeStruct((b,), jnp.float32))
    out["grad"] = np.asarray(jax.grad(sin_sum.call)(jnp.zeros((3,), jnp.float32))).tolist()
    print(json.dumps(out))
""")


@pytest.mark.skipif(getattr(importlib.util.find_spec("jax"), "origin", None) is None
                    or importlib.util.find_spec("flatbuffers") is None,
                    reason="needs jax and flatbuffers")
def test_jax_export_end_to_end() -> None:
    proc = subprocess.run([sys.executable, "-c", _JAX_SCRIPT], capture_output=True,
                          text=True, timeout=300, env=_env())
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    np.testing.assert_allclose(out["static"], 2 * np.sin(np.arange(3)), rtol=1e-6)
    assert out["text_has_main"]
    assert out["poly2"] == [4.0] * 4 and out["poly5"] == [10.0] * 4
    assert out["assertion"] and "Expected value >= 1 for dimension variable 'b'" in \
        out["assertion"]
    assert out["deserialized"] == [6.0] * 4
    assert out["grad"] == [1.0] * 3


def _env() -> dict[str, str]:
    import os

    env = dict(os.environ)
    env["JAX_PLATFORMS"] = "cpu"
    return env
