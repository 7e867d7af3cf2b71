"""A batch-partitionable LAPACK call (``num_batch_dims``, as jax lowers
``cholesky`` on a batch sharded over devices) runs per device on each
device's batch tiles: no device gathers the batch, as with XLA's partitioner."""

# ruff: noqa: E501  (the program is written one op a line, as jax prints it)
from __future__ import annotations

import numpy as np
import pytest

import jaxlib.lapack  # noqa: F401  (registers the LAPACK targets, batch-partitionable)
from jaxlib import xla_client

ROWS = "{devices=[2,1,1]<=[2]}"
PROGRAM = f"""\
module @jit_cholesky attributes {{mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32}} {{
  func.func public @main(%arg0: tensor<4x3x3xf32> {{mhlo.sharding = "{ROWS}"}}) -> (tensor<4x3x3xf32> {{mhlo.sharding = "{ROWS}"}}, tensor<4xi32>) {{
    %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%arg0) {{mhlo.backend_config = {{uplo = 76 : ui8}}, mhlo.frontend_attributes = {{num_batch_dims = "1"}}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>]}} : (tensor<4x3x3xf32>) -> (tensor<4x3x3xf32>, tensor<4xi32>)
    %1 = stablehlo.iota dim = 0 : tensor<3x3xi32>
    %2 = stablehlo.iota dim = 1 : tensor<3x3xi32>
    %3 = stablehlo.compare GE, %1, %2, SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %4 = stablehlo.broadcast_in_dim %3, dims = [1, 2] : (tensor<3x3xi1>) -> tensor<4x3x3xi1>
    %5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<4x3x3xf32>
    %7 = stablehlo.select %4, %0#0, %6 : (tensor<4x3x3xi1>, tensor<4x3x3xf32>, tensor<4x3x3xf32>) -> tensor<4x3x3xf32>
    return %7, %0#1 : tensor<4x3x3xf32>, tensor<4xi32>
  }}
}}
"""


@pytest.mark.parametrize("mode", ["apart", "global"])
def test_a_batched_cholesky_runs_on_each_devices_batch_tiles(mode, monkeypatch):
    monkeypatch.setenv("JAXLIB_SPMD_PARTITIONS", mode)
    client = xla_client.make_cpu_client(num_devices=2)
    devices = client.devices()
    exe = client.compile_and_load(PROGRAM, devices)
    compiled = exe._compiled
    if mode == "apart":
        assert compiled.partition_refusal is None
        local = compiled.partitioned().module
        names = [op.name for op in local.walk()]
        assert not any(n.startswith(("stablehlo.all_", "stablehlo.collective")) for n in names)
        call = next(op for op in local.walk() if op.name == "stablehlo.custom_call")
        assert [t.shape for t in call.result_types] == [(2, 3, 3), (2,)]
    rng = np.random.default_rng(0)
    x = rng.standard_normal((4, 3, 3)).astype(np.float32)
    spd = x @ x.transpose(0, 2, 1) + 3 * np.eye(3, dtype=np.float32)
    args = [[client.buffer_from_pyval(spd[2 * d:2 * d + 2], devices[d]) for d in range(2)]]
    factor, info = exe.execute_sharded(args).disassemble_into_single_device_arrays()
    assert [np.asarray(b).shape for b in factor] == [(2, 3, 3), (2, 3, 3)]
    got = np.concatenate([np.asarray(b) for b in factor])
    np.testing.assert_allclose(got, np.linalg.cholesky(spd), rtol=1e-5, atol=1e-5)
    # The info result, unannotated, takes the call's batch tiles (sharding
    # propagation through the call), in both modes alike.
    assert xla_client.HloSharding.from_proto(exe.get_output_shardings()[1]).to_string() == \
        "{devices=[2]0,1}"
    for shard in info:
        np.testing.assert_array_equal(np.asarray(shard), np.zeros(2, np.int32))
