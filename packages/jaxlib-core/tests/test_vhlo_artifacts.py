"""StableHLO portable artifacts written by the reference jaxlib (VHLO in MLIR
bytecode, made by vhlo_artifacts/make_artifacts.py) are read, run and give
the reference's outputs; every MLIR bytecode format version StableHLO
writes is read; malformed bytes are clean errors."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap

import ml_dtypes
import numpy as np
import pytest

from jaxlib._jax import mlir as jax_mlir
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.frontends.mlir_bytecode import BytecodeError, read_bytecode
from jaxlib._src.frontends.vhlo import UnsupportedVhlo, VhloError, read_portable_artifact
from jaxlib._src.frontends.vhlo_writer import NotWritable, write_portable_artifact
from jaxlib._src.ir.printer import print_module
from jaxlib.mlir import ir
from jaxlib.xla_client import make_cpu_client

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vhlo_artifacts")
# The LAPACK custom calls of the "linalg" case are jaxlib-linalg's (a core-only
# install lacks them); jax's export end to end needs jax and flatbuffers.
HAS_LINALG = importlib.util.find_spec("jaxlib.lapack") is not None
HAS_JAX = all(importlib.util.find_spec(name) is not None for name in ("jax", "flatbuffers"))
LINALG = pytest.param("linalg", marks=pytest.mark.skipif(
    not HAS_LINALG, reason="LAPACK custom calls need jaxlib-linalg"))
# Cases whose @main runs as it is (no symbolic shapes, one device).
RUNNABLE = ["sin_dot", "conv", "gather_scatter", "reductions", "control_flow", "sort",
            LINALG, "random", "dtypes"]
ALL_CASES = ["sin_dot", "conv", "gather_scatter", "reductions", "control_flow", "sort",
             "linalg", "random", "dtypes", "polymorphic", "sharded"]


def _load(name: str) -> dict[str, np.ndarray]:
    with np.load(os.path.join(HERE, f"{name}.npz")) as data:
        arrays = {key: data[key] for key in data.files}
    # npz keeps bfloat16 as two raw bytes
    return {key: value.view(ml_dtypes.bfloat16) if value.dtype == np.dtype("V2") else value
            for key, value in arrays.items()}


def _numbered(data: dict[str, np.ndarray], prefix: str) -> list[np.ndarray]:
    count = sum(1 for key in data if key.startswith(prefix) and key[len(prefix):].isdigit())
    return [data[f"{prefix}{i}"] for i in range(count)]


def _run(client, text: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    executable = client.compile_and_load(text, client.devices()[:1])
    buffers = [client.buffer_from_pyval(x) for x in inputs]
    return [np.asarray(out) for out in executable.execute(buffers)]


def _assert_close(actual: list[np.ndarray], expected: list[np.ndarray]) -> None:
    assert len(actual) == len(expected)
    for got, want in zip(actual, expected):
        assert got.dtype == want.dtype and got.shape == want.shape
        if want.dtype == ml_dtypes.bfloat16:
            np.testing.assert_array_equal(got.astype(np.float32), want.astype(np.float32))
        elif np.issubdtype(want.dtype, np.inexact):
            np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-6)
        else:
            np.testing.assert_array_equal(got, want)


@pytest.fixture(scope="module")
def client():
    return make_cpu_client()


@pytest.mark.parametrize("name", RUNNABLE)
def test_reference_artifacts_run_with_the_reference_outputs(client, name: str) -> None:
    data = _load(name)
    module = jax_mlir.deserialize_portable_artifact(data["artifact"].tobytes())
    assert isinstance(module, ir.Module)
    text = str(module)
    assert "vhlo" not in text and "func.func public @main" in text
    _assert_close(_run(client, text, _numbered(data, "in")), _numbered(data, "out"))


@pytest.mark.parametrize("name", ALL_CASES)
def test_reference_artifacts_parse_as_modules(name: str) -> None:
    artifact = _load(name)["artifact"].tobytes()
    with ir.Context():
        module = ir.Module.parse(artifact)  # MLIR's parser takes bytecode too
    assert "stablehlo." in str(module)
    # Source locations survive, as the reference prints them with debug info.
    assert 'loc("' in module.operation.get_asm(enable_debug_info=True)


def test_shardy_meshes_and_shardings_are_read() -> None:
    module = read_portable_artifact(_load("sharded")["artifact"].tobytes())
    assert module.meshes and all("x" in str(m.text) for m in module.meshes.values())
    shardings = [attrs.get("sdy.sharding") for attrs in module.function("main").arg_attrs]
    assert shardings and "#sdy.sharding<@" in shardings[0].text


@pytest.mark.parametrize("target,format_version", [
    ("0.9.0", 0), ("0.10.0", 1), ("0.12.0", 3), ("0.14.0", 4), ("1.0.0", 6)])
def test_every_bytecode_format_version_is_read(client, target: str, format_version: int
                                                ) -> None:
    data = _load("versions")
    artifact = data[f"v{target}"].tobytes()
    bytecode = read_bytecode(artifact)
    assert bytecode.version == format_version
    assert bytecode.producer == f"StableHLO_v{target}"
    text = str(jax_mlir.deserialize_portable_artifact(artifact))
    _assert_close(_run(client, text, _numbered(data, "in")), _numbered(data, "out"))


def test_the_newest_target_is_read(client) -> None:
    data = _load("versions")
    newest = max((k for k in data if k.startswith("v")),
                 key=lambda k: tuple(int(p) for p in k[1:].split(".")))
    text = str(jax_mlir.deserialize_portable_artifact(data[newest].tobytes()))
    _assert_close(_run(client, text, _numbered(data, "in")), _numbered(data, "out"))


def test_plain_stablehlo_bytecode_is_a_named_error() -> None:
    artifact = _load("not_vhlo")["artifact"].tobytes()
    with pytest.raises(UnsupportedVhlo, match="func, stablehlo ops is not supported"):
        read_portable_artifact(artifact)
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED.*only StableHLO portable"):
        jax_mlir.deserialize_portable_artifact(artifact)
    client = make_cpu_client()
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED.*MLIR bytecode program"):
        client.compile_and_load(artifact, client.devices()[:1])


def test_compile_takes_an_artifact(client) -> None:
    data = _load("sin_dot")
    outputs = _run(client, data["artifact"].tobytes(), _numbered(data, "in"))
    _assert_close(outputs, _numbered(data, "out"))


@pytest.mark.parametrize("name", ALL_CASES)
def test_written_artifacts_read_back_the_same(name: str) -> None:
    """Reading a reference artifact, writing it, reading that: the same
    module, locations included."""
    module = read_portable_artifact(_load(name)["artifact"].tobytes())
    written = write_portable_artifact(module, "1.15.0")
    assert read_bytecode(written).producer == "StableHLO_v1.15.0"
    again = read_portable_artifact(written)
    assert print_module(again, debug_info=True) == print_module(module, debug_info=True)


@pytest.mark.parametrize("name", ["sin_dot", "conv", LINALG, "control_flow"])
def test_written_artifacts_run(client, name: str) -> None:
    data = _load(name)
    module = read_portable_artifact(data["artifact"].tobytes())
    artifact = jax_mlir.serialize_portable_artifact(print_module(module), "1.15.0")
    assert artifact.startswith(b"ML\xefR")  # VHLO bytecode, which the reference reads
    text = str(jax_mlir.deserialize_portable_artifact(artifact))
    _assert_close(_run(client, text, _numbered(data, "in")), _numbered(data, "out"))


SDY_OPS = """
module @jit_f attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2]>
  func.func public @main(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
      -> (tensor<4x2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.sine %arg0 : tensor<4x2xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> : tensor<4x2xf32>
    %2 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{"x"}, {}]>]
        out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<2x2xf32>) {
      %3 = stablehlo.add %arg1, %arg1 : tensor<2x2xf32>
      sdy.return %3 : tensor<2x2xf32>
    } : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %4 = stablehlo.multiply %2, %1 : tensor<4x2xf32>
    return %4 : tensor<4x2xf32>
  }
}
"""


def test_shardy_ops_are_written_mixed_as_the_reference_writes_them() -> None:
    """Shardy ops on builtin types, VHLO ops on VHLO's, casts between, once
    per block and value; the module reads back the same."""
    from jaxlib._src.frontends.mlir_text import parse_module
    module = parse_module(SDY_OPS)
    written = write_portable_artifact(module, "1.15.0")
    tree = read_bytecode(written)
    func = tree.operations[0].regions[0].blocks[0].operations[1]
    names = [op.name for op in func.regions[0].blocks[0].operations]
    assert names == ["vhlo.sine_v2", "builtin.unrealized_conversion_cast",
                     "sdy.sharding_constraint", "sdy.manual_computation",
                     "builtin.unrealized_conversion_cast", "builtin.unrealized_conversion_cast",
                     "vhlo.multiply_v1", "vhlo.return_v1"]
    body = func.regions[0].blocks[0].operations[3].regions[0].blocks[0]
    assert [op.name for op in body.operations] == [
        "builtin.unrealized_conversion_cast", "vhlo.add_v1",
        "builtin.unrealized_conversion_cast", "sdy.return"]
    again = read_portable_artifact(written)
    assert print_module(again) == print_module(parse_module(SDY_OPS))


def test_op_versions_follow_the_target() -> None:
    module = read_portable_artifact(_load("sin_dot")["artifact"].tobytes())
    newer = {op.name for op in read_bytecode(write_portable_artifact(module, "1.15.0"))
             .operations[0].regions[0].blocks[0].operations[0].regions[0].blocks[0].operations}
    older = {op.name for op in read_bytecode(write_portable_artifact(module, "1.5.0"))
             .operations[0].regions[0].blocks[0].operations[0].regions[0].blocks[0].operations}
    assert {"vhlo.sine_v2", "vhlo.dot_general_v2"} <= newer
    assert {"vhlo.sine_v1", "vhlo.dot_general_v1"} <= older
    with pytest.raises(NotWritable, match="older than 1.0.0"):
        write_portable_artifact(module, "0.19.0")


def test_what_vhlo_cannot_hold_is_stored_in_this_jaxlibs_format() -> None:
    text = """
    func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
      %0 = chlo.acosh %arg0 : tensor<4xf32> -> tensor<4xf32>
      return %0 : tensor<4xf32>
    }"""
    from jaxlib._src.frontends.mlir_text import parse_module
    with pytest.raises(NotWritable, match="chlo.acosh has no VHLO form"):
        write_portable_artifact(parse_module(text), "1.15.0")
    artifact = jax_mlir.serialize_portable_artifact(text, "1.15.0")
    assert artifact.startswith(b"JAXLIB-PORTABLE-ARTIFACT")
    assert "chlo.acosh" in str(jax_mlir.deserialize_portable_artifact(artifact))


def test_chlo_ops_with_a_rewrite_are_written_as_stablehlo(client) -> None:
    text = """
    func.func public @main(%arg0: tensor<5xf32>) -> (tensor<5xf32>, tensor<2xf32>) {
      %0 = chlo.erf_inv %arg0 : tensor<5xf32> -> tensor<5xf32>
      %v, %i = chlo.top_k(%0, k = 2) : tensor<5xf32> -> (tensor<2xf32>, tensor<2xi32>)
      return %0, %v : tensor<5xf32>, tensor<2xf32>
    }"""
    artifact = jax_mlir.serialize_portable_artifact(text, "1.15.0")
    assert artifact.startswith(b"ML\xefR")
    module = str(jax_mlir.deserialize_portable_artifact(artifact))
    assert "chlo." not in module and "stablehlo.sort" in module
    x = np.array([-0.5, 0.0, 0.25, 0.9, -1.0], np.float32)
    erf_inv, top = _run(client, module, [x])
    original = _run(client, text, [x])
    np.testing.assert_allclose(erf_inv, original[0], rtol=1e-6)
    np.testing.assert_allclose(top, original[1], rtol=1e-6)


def _clean_error(artifact: bytes) -> None:
    try:
        jax_mlir.deserialize_portable_artifact(artifact)
    except XlaRuntimeError as err:
        assert str(err).startswith(("INVALID_ARGUMENT", "UNIMPLEMENTED")), str(err)


@pytest.mark.parametrize("name", ["sin_dot", "control_flow", "sharded", "dtypes"])
def test_malformed_artifacts_are_clean_errors(name: str) -> None:
    """Truncations and random byte changes: an XlaRuntimeError or a module,
    never another exception (and never a crash)."""
    artifact = _load(name)["artifact"].tobytes()
    for end in range(0, len(artifact), max(1, len(artifact) // 97)):
        _clean_error(artifact[:end])
    rng = np.random.default_rng(7)
    for _ in range(250):
        mutated = bytearray(artifact)
        for _ in range(int(rng.integers(1, 4))):
            position = int(rng.integers(4, len(mutated)))
            mutated[position] = int(rng.integers(0, 256))
        _clean_error(bytes(mutated))


def test_reader_errors_name_the_place() -> None:
    artifact = _load("sin_dot")["artifact"].tobytes()
    with pytest.raises(BytecodeError, match=r"MLIR bytecode.*at byte \d+"):
        read_bytecode(artifact[:40])
    with pytest.raises(BytecodeError, match="format version 7 is newer"):
        read_bytecode(b"ML\xefR\x0fproducer\x00")
    with pytest.raises(BytecodeError, match="no ML"):
        read_bytecode(b"MLIR")
    assert issubclass(UnsupportedVhlo, VhloError)


_JAX_SCRIPT = textwrap.dedent("""
    import json, sys
    import ml_dtypes
    import numpy as np
    import jax
    from jax import export
    names = json.loads(sys.argv[1])
    folder = sys.argv[2]
    failures = []
    for name in names:
        with np.load(f"{folder}/{name}.npz") as data:
            arrays = {k: data[k] for k in data.files}
        arrays = {k: v.view(ml_dtypes.bfloat16) if v.dtype == np.dtype("V2") else v
                  for k, v in arrays.items()}
        exported = export.deserialize(bytearray(arrays["exported"].tobytes()))
        count = sum(1 for k in arrays if k.startswith("in"))
        inputs = [arrays[f"in{i}"] for i in range(count)]
        if exported.nr_devices > 1:
            mesh = jax.sharding.Mesh(np.array(jax.devices()[:exported.nr_devices]), ("x",))
            inputs = [jax.device_put(x, s)
                      for x, s in zip(inputs, exported.in_shardings_jax(mesh))]
        outputs = jax.tree.leaves(exported.call(*inputs))
        expected = [arrays[f"out{i}"] for i in range(len(outputs))]
        for got, want in zip(outputs, expected):
            got = np.asarray(got)
            if got.dtype != want.dtype or got.shape != want.shape:
                failures.append(f"{name}: {got.dtype}{got.shape} != {want.dtype}{want.shape}")
            elif not np.allclose(*(a.astype(np.complex128) for a in (got, want)),
                                 rtol=2e-5, atol=2e-6):
                failures.append(f"{name}: values differ")
        assert "stablehlo" in exported.mlir_module()
    print(json.dumps(failures))
""")


@pytest.mark.skipif(not (HAS_JAX and HAS_LINALG), reason="needs jax, flatbuffers and "
                    "jaxlib-linalg")
def test_jax_export_deserializes_and_calls_reference_exports() -> None:
    """jax.export.deserialize on what the reference's Exported.serialize()
    wrote: the calls give the reference's outputs (symbolic shapes refined
    at the call; the sharded export on two CPU devices)."""
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=2",
               JAX_PLATFORMS="cpu")
    proc = subprocess.run([sys.executable, "-c", _JAX_SCRIPT, json.dumps(ALL_CASES), HERE],
                          capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == []


def test_quantized_types_round_trip() -> None:
    from jaxlib._src.frontends.mlir_text import parse_module
    text = """
    func.func public @main(%a: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:3>> {
      %0 = stablehlo.uniform_quantize %a : (tensor<4xf32>)
          -> tensor<4x!quant.uniform<i8:f32, 0.5:3>>
      return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:3>>
    }"""
    module = parse_module(text)
    again = read_portable_artifact(write_portable_artifact(module, "1.15.0"))
    assert print_module(again) == print_module(module)
