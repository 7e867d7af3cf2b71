"""SPMD partitioning (passes/spmd_partitioner.py): programs over four
partitions run as their per-device program (``JAXLIB_SPMD_PARTITIONS=apart``)
and give the same shards as the global view and as numpy."""

# ruff: noqa: E501  (programs are written one op a line, as jax prints them)
from __future__ import annotations

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.ir.hlo_sharding import HloSharding, _hlo_sharding_indices

N = 4
ROWS = "{devices=[4,1]<=[4]}"
COLS = "{devices=[1,4]<=[4]}"
GRID = "{devices=[2,2]<=[4]}"
HALF_ROWS = "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"
ROWS_REVERSED = "{devices=[4,1]0,3,2,1}"
REP = "{replicated}"


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client(num_devices=N)


def _program(params: list[tuple[str, str]], results: list[tuple[str, str]], body: str) -> str:
    args = ", ".join(f'%arg{i}: {t} {{mhlo.sharding = "{s}"}}' for i, (t, s) in enumerate(params))
    outs = ", ".join(f'{t} {{mhlo.sharding = "{s}"}}' if s else t for t, s in results)
    return (f"module @m attributes {{mhlo.num_partitions = {N} : i32, "
            f"mhlo.num_replicas = 1 : i32}} {{\n"
            f"  func.func public @main({args}) -> ({outs}) {{\n{body}\n  }}\n}}\n")


def _run(client, text: str, arrays: list[np.ndarray], mode: str, monkeypatch):
    """The global value of each result, and the executable."""
    monkeypatch.setenv("JAXLIB_SPMD_PARTITIONS", mode)
    devices = client.devices()
    exe = client.compile_and_load(text, devices)
    params = [HloSharding.from_proto(p) for p in exe.get_parameter_shardings()]
    args = []
    for hlo, array in zip(params, arrays):
        indices = _hlo_sharding_indices(hlo, array.shape, N)
        args.append([client.buffer_from_pyval(np.array(np.asarray(array)[i]), d)
                     for i, d in zip(indices, devices)])
    outputs = exe.execute_sharded(args).disassemble_into_single_device_arrays()
    results = []
    for hlo, shards in zip([HloSharding.from_proto(s) for s in exe.get_output_shardings()],
                           outputs):
        shape = list(np.asarray(shards[0]).shape)
        indices = _hlo_sharding_indices(hlo, [0] * len(shape), N)
        for index in indices:  # the global shape from the shards
            if index != (slice(None),) * len(shape):
                for k, s in enumerate(index):
                    if s != slice(None):
                        count = hlo.tile_assignment_dimensions()[k]
                        shape[k] = np.asarray(shards[0]).shape[k] * count
        full = np.zeros(shape, np.asarray(shards[0]).dtype)
        for index, shard in zip(_hlo_sharding_indices(hlo, shape, N), shards):
            full[index] = np.asarray(shard)
        results.append(full)
    return results, exe


def _check(client, monkeypatch, text, arrays, expected=None, collectives=None):
    apart, exe = _run(client, text, arrays, "apart", monkeypatch)
    compiled = exe._compiled
    assert compiled.partition_refusal is None
    local = compiled.partitioned()
    assert local is not None
    whole, _ = _run(client, text, arrays, "global", monkeypatch)
    for a, w in zip(apart, whole):
        np.testing.assert_allclose(a, w, rtol=1e-5, atol=1e-5)
    if expected is not None:
        for a, e in zip(apart, expected):
            np.testing.assert_allclose(a, e, rtol=1e-5, atol=1e-5)
    if collectives is not None:
        names = [op.name for op in local.module.walk()]
        found = {k: names.count(f"stablehlo.{k}") for k in collectives}
        assert found == collectives
    return local


RNG = np.random.default_rng(7)
X = RNG.normal(size=(8, 12)).astype(np.float32)
W = RNG.normal(size=(12, 8)).astype(np.float32)


def test_data_parallel_matmul_needs_no_collective(client, monkeypatch):
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<12x8xf32>", REP)],
                    [("tensor<8x8xf32>", ROWS)], """
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x12xf32>, tensor<12x8xf32>) -> tensor<8x8xf32>
    %1 = stablehlo.tanh %0 : tensor<8x8xf32>
    return %1 : tensor<8x8xf32>""")
    local = _check(client, monkeypatch, text, [X, W], [np.tanh(X @ W)],
                   {"all_gather": 0, "all_reduce": 0})
    assert local.parameter_types[0].shape == (2, 12)


def test_gradient_over_the_batch_is_one_all_reduce(client, monkeypatch):
    dy = RNG.normal(size=(8, 8)).astype(np.float32)
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<8x8xf32>", ROWS)],
                    [("tensor<12x8xf32>", REP)], """
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<8x12xf32>, tensor<8x8xf32>) -> tensor<12x8xf32>
    return %0 : tensor<12x8xf32>""")
    _check(client, monkeypatch, text, [X, dy], [X.T @ dy], {"all_reduce": 1, "all_gather": 0})


def test_a_contraction_tiled_on_one_side_cuts_the_other(client, monkeypatch):
    text = _program([("tensor<8x12xf32>", COLS), ("tensor<12x8xf32>", REP)],
                    [("tensor<8x8xf32>", ROWS)], """
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x12xf32>, tensor<12x8xf32>) -> tensor<8x8xf32>
    return %0 : tensor<8x8xf32>""")
    # (the partial products summed straight into the result's row tiles)
    local = _check(client, monkeypatch, text, [X, W], [X @ W],
                   {"all_reduce": 0, "all_gather": 0, "reduce_scatter": 1})
    dots = [op for op in local.module.walk() if op.name == "stablehlo.dot_general"]
    assert [v.type.shape for v in dots[0].operands] == [(8, 3), (3, 8)]


@pytest.mark.parametrize("init, reducer, expected", [
    ("0.0", "add", lambda x: x.sum(0)),
    ("0xFF800000", "maximum", lambda x: x.max(0)),
    ("0x7F800000", "minimum", lambda x: x.min(0)),
    ("1.0", "multiply", lambda x: x.prod(0)),
])
def test_reductions_over_a_tiled_dimension(client, monkeypatch, init, reducer, expected):
    text = _program([("tensor<8x12xf32>", ROWS)], [("tensor<12xf32>", REP)], f"""
    %z = stablehlo.constant dense<{init}> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.{reducer} across dimensions = [0] : (tensor<8x12xf32>, tensor<f32>) -> tensor<12xf32>
    return %0 : tensor<12xf32>""")
    _check(client, monkeypatch, text, [X], [expected(X)], {"all_reduce": 1, "all_gather": 0})


def test_a_reduction_whose_init_is_not_the_identity_gathers_first(client, monkeypatch):
    text = _program([("tensor<8x12xf32>", ROWS)], [("tensor<12xf32>", REP)], """
    %z = stablehlo.constant dense<5.0> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<8x12xf32>, tensor<f32>) -> tensor<12xf32>
    return %0 : tensor<12xf32>""")
    _check(client, monkeypatch, text, [X], [X.sum(0) + 5], {"all_reduce": 0, "all_gather": 1})


def test_a_variadic_reduction_gathers_the_reduced_dimension(client, monkeypatch):
    iota = np.broadcast_to(np.arange(8, dtype=np.int32)[:, None], (8, 12)).copy()
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<8x12xi32>", ROWS)],
                    [("tensor<12xf32>", REP), ("tensor<12xi32>", REP)], """
    %z = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %zi = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.reduce(%arg0 init: %z), (%arg1 init: %zi) across dimensions = [0] : (tensor<8x12xf32>, tensor<8x12xi32>, tensor<f32>, tensor<i32>) -> (tensor<12xf32>, tensor<12xi32>)
      reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
        %gt = stablehlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %v = stablehlo.select %gt, %a, %c : tensor<i1>, tensor<f32>
        %i = stablehlo.select %gt, %b, %d : tensor<i1>, tensor<i32>
        stablehlo.return %v, %i : tensor<f32>, tensor<i32>
      }
    return %0#0, %0#1 : tensor<12xf32>, tensor<12xi32>""")
    _check(client, monkeypatch, text, [X, iota], [X.max(0), X.argmax(0)])


def test_fsdp_gathers_the_weights_and_keeps_the_batch_tiles(client, monkeypatch):
    # Activations tiled on the batch, weights on their contracted rows (FSDP):
    # the weights are gathered (as XLA does), not the activations moved to
    # the contracted tiling and the products summed.
    w = RNG.normal(size=(12, 8)).astype(np.float32)
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<12x8xf32>", ROWS)],
                    [("tensor<8x8xf32>", ROWS)], """
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x12xf32>, tensor<12x8xf32>) -> tensor<8x8xf32>
    return %0 : tensor<8x8xf32>""")
    _check(client, monkeypatch, text, [X, w], [X @ w],
           {"all_gather": 1, "all_reduce": 0, "all_to_all": 0})


def test_a_gradient_wanted_tiled_is_one_reduce_scatter(client, monkeypatch):
    # FSDP's weight gradient: the batch's partial products summed straight
    # into the weight's row tiles (each device gets its rows' sum only).
    dy = RNG.normal(size=(8, 8)).astype(np.float32)
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<8x8xf32>", ROWS)],
                    [("tensor<12x8xf32>", ROWS)], """
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<8x12xf32>, tensor<8x8xf32>) -> tensor<12x8xf32>
    return %0 : tensor<12x8xf32>""")
    _check(client, monkeypatch, text, [X, dy], [X.T @ dy],
           {"reduce_scatter": 1, "all_reduce": 0, "all_gather": 0})


@pytest.mark.parametrize("reducer, collectives", [
    ("add", {"reduce_scatter": 1, "all_reduce": 0, "all_gather": 0}),
    # (no reduce-scatter of a maximum: all-reduced, then each device's tile)
    ("maximum", {"reduce_scatter": 0, "all_reduce": 1, "all_gather": 0}),
])
def test_a_sum_wanted_tiled_is_one_reduce_scatter(client, monkeypatch, reducer, collectives):
    # FSDP's bias gradient: the batch's partial sums go straight into the
    # bias's tiles.
    init = "0.0" if reducer == "add" else "0xFF800000"
    text = _program([("tensor<8x12xf32>", ROWS)], [("tensor<12xf32>", "{devices=[4]<=[4]}")], f"""
    %z = stablehlo.constant dense<{init}> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.{reducer} across dimensions = [0] : (tensor<8x12xf32>, tensor<f32>) -> tensor<12xf32>
    return %0 : tensor<12xf32>""")
    expected = X.sum(0) if reducer == "add" else X.max(0)
    _check(client, monkeypatch, text, [X], [expected], collectives)


def test_an_embedding_gradient_wanted_tiled_is_one_reduce_scatter(client, monkeypatch):
    updates = RNG.normal(size=(8, 6)).astype(np.float32)
    table = RNG.normal(size=(12, 6)).astype(np.float32)
    text = _program([("tensor<12x6xf32>", REP), ("tensor<8x1xi32>", ROWS),
                     ("tensor<8x6xf32>", ROWS)], [("tensor<12x6xf32>", ROWS)], """
    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<12x6xf32>, tensor<8x1xi32>, tensor<8x6xf32>) -> tensor<12x6xf32>
    return %0 : tensor<12x6xf32>""")
    tokens = np.array([[0], [11], [3], [3], [7], [0], [5], [10]], np.int32)
    expected = table.copy()
    np.add.at(expected, tokens[:, 0], updates)
    _check(client, monkeypatch, text, [table, tokens, updates], [expected],
           {"reduce_scatter": 1, "all_reduce": 0, "all_gather": 0})


def test_a_kernel_gradient_wanted_tiled_is_one_reduce_scatter(client, monkeypatch):
    images = RNG.normal(size=(8, 5, 5, 2)).astype(np.float32)
    grads = RNG.normal(size=(8, 5, 5, 4)).astype(np.float32)
    nhwc = "{devices=[4,1,1,1]<=[4]}"
    out_tiles = "{devices=[1,1,1,4]<=[4]}"  # the kernel's output features
    text = _program([("tensor<8x5x5x2xf32>", nhwc), ("tensor<8x5x5x4xf32>", nhwc)],
                    [("tensor<3x3x2x4xf32>", out_tiles)], """
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x5x5x2xf32>, tensor<8x5x5x4xf32>) -> tensor<3x3x2x4xf32>
    return %0 : tensor<3x3x2x4xf32>""")
    _check(client, monkeypatch, text, [images, grads], None,
           {"reduce_scatter": 1, "all_reduce": 0, "all_gather": 0})


def test_a_broadcast_moving_to_other_tiles_moves_its_operand(client, monkeypatch):
    # A bias tiled over its features, added to activations tiled over the
    # batch: the bias is gathered (8 elements) and broadcast again in the
    # batch's tiles, instead of its broadcast (the whole batch) exchanged.
    bias = RNG.normal(size=(8,)).astype(np.float32)
    y = RNG.normal(size=(8, 8)).astype(np.float32)
    text = _program([("tensor<8x8xf32>", ROWS), ("tensor<8xf32>", "{devices=[4]<=[4]}")],
                    [("tensor<8x8xf32>", ROWS)], """
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<8x8xf32>
    return %1 : tensor<8x8xf32>""")
    _check(client, monkeypatch, text, [y, bias], [y + bias],
           {"all_gather": 1, "all_to_all": 0, "all_reduce": 0})


def test_a_value_moved_to_one_tiling_twice_moves_once(client, monkeypatch):
    # FSDP's weights: gathered for the forward product, and the backward's
    # reads the same gathered weights (one all-gather, as XLA's CSE gives).
    w = RNG.normal(size=(12, 8)).astype(np.float32)
    dy = RNG.normal(size=(8, 8)).astype(np.float32)
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<12x8xf32>", ROWS),
                     ("tensor<8x8xf32>", ROWS)],
                    [("tensor<8x8xf32>", ROWS), ("tensor<8x12xf32>", ROWS)], """
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x12xf32>, tensor<12x8xf32>) -> tensor<8x8xf32>
    %1 = stablehlo.dot_general %arg2, %arg1, contracting_dims = [1] x [1] : (tensor<8x8xf32>, tensor<12x8xf32>) -> tensor<8x12xf32>
    return %0, %1 : tensor<8x8xf32>, tensor<8x12xf32>""")
    _check(client, monkeypatch, text, [X, w, dy], [X @ w, dy @ w.T],
           {"all_gather": 1, "all_reduce": 0, "all_to_all": 0})


def test_gradients_wanted_tiled_are_exchanged_together(client, monkeypatch):
    # An FSDP step's weight and bias gradients: one all-reduce of both (with
    # the loss), each device slicing its tiles, instead of one collective each.
    dy = RNG.normal(size=(8, 8)).astype(np.float32)
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<8x8xf32>", ROWS)],
                    [("tensor<12x8xf32>", ROWS), ("tensor<8xf32>", "{devices=[4]<=[4]}"),
                     ("tensor<f32>", REP)], """
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<8x12xf32>, tensor<8x8xf32>) -> tensor<12x8xf32>
    %1 = stablehlo.reduce(%arg1 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x12xf32>, tensor<f32>) -> tensor<f32>
    return %0, %1, %2 : tensor<12x8xf32>, tensor<8xf32>, tensor<f32>""")
    local = _check(client, monkeypatch, text, [X, dy], [X.T @ dy, dy.sum(0), X.sum()],
                   {"reduce_scatter": 0, "all_reduce": 1, "all_gather": 0})
    (combined,) = [op for op in local.module.walk() if op.name == "stablehlo.all_reduce"]
    assert len(combined.operands) == 3


# A 2 x 2 mesh: rows by its first axis (devices {0, 1} and {2, 3}), columns
# by its second ({0, 2} and {1, 3}).
ROWS_BY_FIRST = "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"
COLS_BY_SECOND = "{devices=[1,2,2]<=[2,2]T(1,0) last_tile_dim_replicate}"


def test_a_2d_mesh_product_keeps_both_operands_tiles(client, monkeypatch):
    # Activations on the batch by one axis, weights on their outputs by the
    # other: each device multiplies what it holds (XLA: no collective).
    text = _program([("tensor<8x12xf32>", ROWS_BY_FIRST), ("tensor<12x8xf32>", COLS_BY_SECOND)],
                    [("tensor<8x8xf32>", GRID)], """
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x12xf32>, tensor<12x8xf32>) -> tensor<8x8xf32>
    %1 = stablehlo.tanh %0 : tensor<8x8xf32>
    return %1 : tensor<8x8xf32>""")
    local = _check(client, monkeypatch, text, [X, W], [np.tanh(X @ W)],
                   {"all_gather": 0, "all_reduce": 0, "all_to_all": 0})
    (dot,) = [op for op in local.module.walk() if op.name == "stablehlo.dot_general"]
    assert dot.results[0].type.shape == (4, 4)


def test_a_2d_mesh_weight_gradient_keeps_the_feature_tiles(client, monkeypatch):
    # dW = x^T @ dy with dy tiled on the batch and on its features: the
    # features stay tiled, the batch's partial products meet in one
    # all-reduce over the first axis only; the coarser operand of the
    # elementwise product is cut where each device holds it (no gather).
    dy = RNG.normal(size=(8, 8)).astype(np.float32)
    scale = RNG.normal(size=(8, 8)).astype(np.float32)
    text = _program([("tensor<8x12xf32>", ROWS_BY_FIRST), ("tensor<8x8xf32>", GRID),
                     ("tensor<8x8xf32>", COLS_BY_SECOND)],
                    [("tensor<12x8xf32>", COLS_BY_SECOND)], """
    %0 = stablehlo.multiply %arg1, %arg2 : tensor<8x8xf32>
    %1 = stablehlo.dot_general %arg0, %0, contracting_dims = [0] x [0] : (tensor<8x12xf32>, tensor<8x8xf32>) -> tensor<12x8xf32>
    return %1 : tensor<12x8xf32>""")
    local = _check(client, monkeypatch, text, [X, dy, scale], [X.T @ (dy * scale)],
                   {"all_gather": 0, "all_reduce": 1, "all_to_all": 0})
    (reduce,) = [op for op in local.module.walk() if op.name == "stablehlo.all_reduce"]
    assert reduce.operands[0].type.shape == (12, 4)


def test_independent_sums_at_one_depth_are_exchanged_together(client, monkeypatch):
    # Layer norm over a tiled hidden dimension: the mean's sum, then the
    # variance's and another sum of the input (independent of each other,
    # both after the mean's): two all-reduces, not three.
    text = _program([("tensor<8x12xf32>", COLS)], [("tensor<8xf32>", REP), ("tensor<8xf32>", REP)],
                    """
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<8x12xf32>, tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<8xf32>) -> tensor<8x12xf32>
    %2 = stablehlo.subtract %arg0, %1 : tensor<8x12xf32>
    %3 = stablehlo.multiply %2, %2 : tensor<8x12xf32>
    %4 = stablehlo.reduce(%3 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<8x12xf32>, tensor<f32>) -> tensor<8xf32>
    %5 = stablehlo.reduce(%2 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<8x12xf32>, tensor<f32>) -> tensor<8xf32>
    return %4, %5 : tensor<8xf32>, tensor<8xf32>""")
    centred = X - X.sum(1, keepdims=True)
    _check(client, monkeypatch, text, [X], [(centred ** 2).sum(1), centred.sum(1)],
           {"all_gather": 0, "all_reduce": 2})


def test_batched_dot_keeps_the_batch_tiles(client, monkeypatch):
    a = RNG.normal(size=(4, 3, 5)).astype(np.float32)
    b = RNG.normal(size=(4, 5, 2)).astype(np.float32)
    rows3 = "{devices=[4,1,1]<=[4]}"
    text = _program([("tensor<4x3x5xf32>", rows3), ("tensor<4x5x2xf32>", REP)],
                    [("tensor<4x3x2xf32>", rows3)], """
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x3x5xf32>, tensor<4x5x2xf32>) -> tensor<4x3x2xf32>
    return %0 : tensor<4x3x2xf32>""")
    _check(client, monkeypatch, text, [a, b], [a @ b], {"all_gather": 0, "all_reduce": 0})


def test_an_rhs_tiled_on_its_free_dimension(client, monkeypatch):
    text = _program([("tensor<8x12xf32>", REP), ("tensor<12x8xf32>", COLS)],
                    [("tensor<8x8xf32>", COLS)], """
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x12xf32>, tensor<12x8xf32>) -> tensor<8x8xf32>
    return %0 : tensor<8x8xf32>""")
    _check(client, monkeypatch, text, [X, W], [X @ W], {"all_gather": 0, "all_reduce": 0})


def test_data_movement_on_tiles(client, monkeypatch):
    text = _program([("tensor<8x12xf32>", GRID), ("tensor<12xf32>", REP)],
                    [("tensor<12x8xf32>", ""), ("tensor<4x24xf32>", ""), ("tensor<8x12xf32>", ""),
                     ("tensor<8x6xf32>", ""), ("tensor<10x12xf32>", ""), ("tensor<16x12xf32>", ""),
                     ("tensor<8x12xf32>", GRID)], """
    %t = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x12xf32>) -> tensor<12x8xf32>
    %r = stablehlo.reshape %arg0 : (tensor<8x12xf32>) -> tensor<4x24xf32>
    %v = stablehlo.reverse %arg0, dims = [0, 1] : tensor<8x12xf32>
    %s = stablehlo.slice %arg0 [0:8, 2:8] : (tensor<8x12xf32>) -> tensor<8x6xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %p = stablehlo.pad %arg0, %zero, low = [1, 0], high = [1, 0], interior = [0, 0] : (tensor<8x12xf32>, tensor<f32>) -> tensor<10x12xf32>
    %c = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<8x12xf32>, tensor<8x12xf32>) -> tensor<16x12xf32>
    %b = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<12xf32>) -> tensor<8x12xf32>
    %m = stablehlo.multiply %arg0, %b : tensor<8x12xf32>
    return %t, %r, %v, %s, %p, %c, %m : tensor<12x8xf32>, tensor<4x24xf32>, tensor<8x12xf32>, tensor<8x6xf32>, tensor<10x12xf32>, tensor<16x12xf32>, tensor<8x12xf32>""")
    v = RNG.normal(size=12).astype(np.float32)
    _check(client, monkeypatch, text, [X, v], [
        X.T, X.reshape(4, 24), X[::-1, ::-1], X[:, 2:8], np.pad(X, ((1, 1), (0, 0))),
        np.concatenate([X, X]), X * v])


def test_dynamic_slices_and_updates(client, monkeypatch):
    u = RNG.normal(size=(8, 3)).astype(np.float32)
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<8x3xf32>", ROWS), ("tensor<i32>", REP)],
                    [("tensor<8x4xf32>", ROWS), ("tensor<8x12xf32>", ROWS)], """
    %z = stablehlo.constant dense<0> : tensor<i32>
    %d = stablehlo.dynamic_slice %arg0, %z, %arg2, sizes = [8, 4] : (tensor<8x12xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
    %u = stablehlo.dynamic_update_slice %arg0, %arg1, %z, %arg2 : (tensor<8x12xf32>, tensor<8x3xf32>, tensor<i32>, tensor<i32>) -> tensor<8x12xf32>
    return %d, %u : tensor<8x4xf32>, tensor<8x12xf32>""")
    updated = X.copy()
    updated[:, 5:8] = u
    _check(client, monkeypatch, text, [X, u, np.int32(5)], [X[:, 5:9], updated],
           {"all_gather": 0})


def test_resharding_between_tilings(client, monkeypatch):
    # Rows to columns, to a partly replicated tiling, to a permuted one.
    text = _program([("tensor<8x12xf32>", ROWS)],
                    [("tensor<8x12xf32>", COLS), ("tensor<8x12xf32>", HALF_ROWS),
                     ("tensor<8x12xf32>", ROWS_REVERSED), ("tensor<8x12xf32>", REP)], """
    %0 = stablehlo.negate %arg0 : tensor<8x12xf32>
    return %0, %0, %0, %0 : tensor<8x12xf32>, tensor<8x12xf32>, tensor<8x12xf32>, tensor<8x12xf32>""")
    _check(client, monkeypatch, text, [X], [-X] * 4)


@pytest.mark.parametrize("source, target", [
    (ROWS, COLS), (COLS, ROWS), (ROWS_REVERSED, "{devices=[1,4]0,3,2,1}"),
    ("{devices=[2,1,2]<=[4] last_tile_dim_replicate}",
     "{devices=[1,2,2]<=[4] last_tile_dim_replicate}"),
])
def test_tiles_moving_between_dimensions_are_one_all_to_all(client, monkeypatch, source, target):
    # Rows to columns (a transpose's layout change): each device sends the
    # others their pieces; nothing is gathered whole.
    text = _program([("tensor<8x12xf32>", source)], [("tensor<8x12xf32>", target)], """
    %0 = stablehlo.negate %arg0 : tensor<8x12xf32>
    return %0 : tensor<8x12xf32>""")
    _check(client, monkeypatch, text, [X], [-X], {"all_to_all": 1, "all_gather": 0})


def test_sharding_constraints_inside_the_program(client, monkeypatch):
    text = """
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %0 = stablehlo.exponential %arg0 : tensor<8x12xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"x", "y"}]> : tensor<8x12xf32>
    %2 = stablehlo.add %1, %1 : tensor<8x12xf32>
    return %2 : tensor<8x12xf32>
  }
}
"""
    local = _check(client, monkeypatch, text, [X], [2 * np.exp(X)])
    shapes = [op.results[0].type.shape for op in local.module.walk()
              if op.name == "stablehlo.add"]
    assert shapes == [(8, 3)]  # the add runs on the constraint's column blocks


def test_ops_without_a_rule_run_on_whole_values(client, monkeypatch):
    text = _program([("tensor<8x12xf32>", ROWS)], [("tensor<8x12xf32>", ROWS)], """
    %0 = "stablehlo.sort"(%arg0) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
        stablehlo.return %lt : tensor<i1>
    }) {dimension = 0 : i64, is_stable = true} : (tensor<8x12xf32>) -> tensor<8x12xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %n = stablehlo.constant dense<3> : tensor<i32>
    %w:2 = stablehlo.while(%i = %c, %v = %0) : tensor<i32>, tensor<8x12xf32>
      cond {
        %k = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %k : tensor<i1>
      } do {
        %one = stablehlo.constant dense<1> : tensor<i32>
        %j = stablehlo.add %i, %one : tensor<i32>
        %d = stablehlo.add %v, %0 : tensor<8x12xf32>
        stablehlo.return %j, %d : tensor<i32>, tensor<8x12xf32>
      }
    return %w#1 : tensor<8x12xf32>""")
    _check(client, monkeypatch, text, [X], [4 * np.sort(X, axis=0)])


def test_programs_left_in_global_view_say_why(client, monkeypatch):
    xla_client.register_custom_call_target("test_spmd_effect", lambda x: x, platform="cpu")
    text = _program([("tensor<8xf32>", "{devices=[4]<=[4]}")], [("tensor<8xf32>", "")], """
    %0 = stablehlo.custom_call @test_spmd_effect(%arg0) {has_side_effect = true} : (tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>""")
    from jaxlib._src.compiler.pipeline import compile_program

    compiled = compile_program(text)
    assert compiled.partitioned() is None
    assert "side effects" in compiled.partition_refusal
    uneven = _program([("tensor<6xf32>", "{devices=[4]<=[4]}")], [("tensor<6xf32>", "")], """
    return %arg0 : tensor<6xf32>""")
    compiled = compile_program(uneven)
    assert compiled.partitioned() is None and "evenly" in compiled.partition_refusal


def test_the_mode_variable_is_checked(client, monkeypatch):
    text = _program([("tensor<8x12xf32>", ROWS)], [("tensor<8x12xf32>", ROWS)], """
    return %arg0 : tensor<8x12xf32>""")
    with pytest.raises(xla_client.XlaRuntimeError, match="JAXLIB_SPMD_PARTITIONS"):
        _run(client, text, [X], "sometimes", monkeypatch)


TABLE = RNG.normal(size=(10, 6)).astype(np.float32)
TOKENS = RNG.integers(0, 10, size=(8, 1)).astype(np.int32)


def test_an_embedding_lookup_gathers_each_devices_rows(client, monkeypatch):
    text = _program([("tensor<10x6xf32>", REP), ("tensor<8x1xi32>", ROWS)],
                    [("tensor<8x6xf32>", ROWS)], """
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 6>} : (tensor<10x6xf32>, tensor<8x1xi32>) -> tensor<8x6xf32>
    return %0 : tensor<8x6xf32>""")
    _check(client, monkeypatch, text, [TABLE, TOKENS], [TABLE[TOKENS[:, 0]]],
           {"all_gather": 0, "all_reduce": 0})


def test_an_embedding_gradient_scatters_and_sums(client, monkeypatch):
    updates = RNG.normal(size=(8, 6)).astype(np.float32)
    text = _program([("tensor<10x6xf32>", REP), ("tensor<8x1xi32>", ROWS),
                     ("tensor<8x6xf32>", ROWS)], [("tensor<10x6xf32>", REP)], """
    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<10x6xf32>, tensor<8x1xi32>, tensor<8x6xf32>) -> tensor<10x6xf32>
    return %0 : tensor<10x6xf32>""")
    expected = TABLE.copy()
    np.add.at(expected, TOKENS[:, 0], updates)
    _check(client, monkeypatch, text, [TABLE, TOKENS, updates], [expected],
           {"all_gather": 0, "all_reduce": 1})


def test_a_lookup_in_a_vocabulary_tiled_table_sums_each_devices_rows(client, monkeypatch):
    # Megatron's vocabulary-parallel embedding: each device looks up the
    # tokens in its rows (zeros for the others') and the devices sum; the
    # table is never gathered. Indices past either end clamp as a whole
    # gather's do.
    table = RNG.normal(size=(12, 6)).astype(np.float32)
    tokens = np.array([[0], [11], [5], [40], [-3], [6], [2], [9]], np.int32)
    text = _program([("tensor<12x6xf32>", ROWS), ("tensor<8x1xi32>", REP)],
                    [("tensor<8x6xf32>", REP)], """
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 6>} : (tensor<12x6xf32>, tensor<8x1xi32>) -> tensor<8x6xf32>
    return %0 : tensor<8x6xf32>""")
    _check(client, monkeypatch, text, [table, tokens], [table[np.clip(tokens[:, 0], 0, 11)]],
           {"all_gather": 0, "all_reduce": 1})


def test_take_along_vocabulary_tiled_logits_is_a_sum_of_blocks(client, monkeypatch):
    # A cross-entropy's take_along_axis on logits tiled over the vocabulary
    # (an operand batching dimension, an index vector of one).
    logits = RNG.normal(size=(8, 12)).astype(np.float32)
    labels = np.array([3, 0, 11, 7, 5, 9, 1, 6], np.int32).reshape(8, 1, 1)
    text = _program([("tensor<8x12xf32>", COLS), ("tensor<8x1x1xi32>", REP)],
                    [("tensor<8x1xf32>", REP)], """
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>} : (tensor<8x12xf32>, tensor<8x1x1xi32>) -> tensor<8x1xf32>
    return %0 : tensor<8x1xf32>""")
    want = np.take_along_axis(logits, labels[:, :, 0], 1)
    _check(client, monkeypatch, text, [logits, labels], [want],
           {"all_gather": 0, "all_reduce": 1})


@pytest.mark.parametrize("combiner, combine", [("add", np.add.at), ("maximum", np.maximum.at)])
def test_a_scatter_into_a_vocabulary_tiled_table_stays_in_each_block(client, monkeypatch,
                                                                     combiner, combine):
    # The gradient of a vocabulary-parallel lookup: each device scatters the
    # updates of its rows (indices outside the table are skipped everywhere).
    table = RNG.normal(size=(12, 6)).astype(np.float32)
    updates = RNG.normal(size=(8, 6)).astype(np.float32)
    tokens = np.array([[0], [11], [5], [40], [-3], [5], [2], [9]], np.int32)
    text = _program([("tensor<12x6xf32>", ROWS), ("tensor<8x1xi32>", REP),
                     ("tensor<8x6xf32>", REP)], [("tensor<12x6xf32>", ROWS)], f"""
    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({{
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.{combiner} %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }}) {{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}} : (tensor<12x6xf32>, tensor<8x1xi32>, tensor<8x6xf32>) -> tensor<12x6xf32>
    return %0 : tensor<12x6xf32>""")
    expected = table.copy()
    inside = (tokens[:, 0] >= 0) & (tokens[:, 0] < 12)
    combine(expected, tokens[inside, 0], updates[inside])
    _check(client, monkeypatch, text, [table, tokens, updates], [expected],
           {"all_gather": 0, "all_reduce": 0, "all_to_all": 0})


def test_batched_gathers_and_scatters_stay_in_their_blocks(client, monkeypatch):
    # take_along_axis and its gradient: the batch dimension pairs operand and indices.
    labels = RNG.integers(0, 12, size=(8, 1, 1)).astype(np.int32)
    picked = RNG.normal(size=(8, 1)).astype(np.float32)
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<8x1x1xi32>", "{devices=[4,1,1]<=[4]}"),
                     ("tensor<8x1xf32>", ROWS)],
                    [("tensor<8x1xf32>", ROWS), ("tensor<8x12xf32>", ROWS)], """
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>} : (tensor<8x12xf32>, tensor<8x1x1xi32>) -> tensor<8x1xf32>
    %1 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<8x12xf32>, tensor<8x1x1xi32>, tensor<8x1xf32>) -> tensor<8x12xf32>
    return %0, %1 : tensor<8x1xf32>, tensor<8x12xf32>""")
    rows = np.arange(8)
    scattered = X.copy()
    scattered[rows, labels[:, 0, 0]] += picked[:, 0]
    _check(client, monkeypatch, text, [X, labels, picked],
           [X[rows, labels[:, 0, 0]][:, None], scattered], {"all_gather": 0, "all_reduce": 0})


def test_gathers_and_scatters_through_whole_windows_stay_in_their_blocks(client, monkeypatch):
    # A column of batch-tiled rows gathered at a whole index (XLA's passthrough
    # dimensions) and written back by a scatter into a whole operand (cut to
    # the updates' tiles); a batched gather from a batch-tiled operand at whole
    # indices and the scatter of its gradient from batch-tiled updates: no
    # collective, the results batch tiled (output shardings left to propagation).
    index = np.array([5], np.int32)
    cols = RNG.integers(0, 12, size=(8, 1, 1)).astype(np.int32)
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<1xi32>", REP),
                     ("tensor<8x1x1xi32>", REP)],
                    [("tensor<8x1xf32>", ""), ("tensor<8x12xf32>", ""), ("tensor<8x1xf32>", ""),
                     ("tensor<8x12xf32>", "")], """
    %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1], index_vector_dim = 0>, slice_sizes = array<i64: 8, 1>} : (tensor<8x12xf32>, tensor<1xi32>) -> tensor<8x1xf32>
    %z = stablehlo.constant dense<0.0> : tensor<8x12xf32>
    %1 = "stablehlo.scatter"(%z, %arg1, %0) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        stablehlo.return %b : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 1], scatter_dims_to_operand_dims = [1], index_vector_dim = 0>} : (tensor<8x12xf32>, tensor<1xi32>, tensor<8x1xf32>) -> tensor<8x12xf32>
    %2 = "stablehlo.gather"(%arg0, %arg2) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>} : (tensor<8x12xf32>, tensor<8x1x1xi32>) -> tensor<8x1xf32>
    %3 = "stablehlo.scatter"(%z, %arg2, %2) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<8x12xf32>, tensor<8x1x1xi32>, tensor<8x1xf32>) -> tensor<8x12xf32>
    return %0, %1, %2, %3 : tensor<8x1xf32>, tensor<8x12xf32>, tensor<8x1xf32>, tensor<8x12xf32>""")
    rows = np.arange(8)
    column = X[:, 5:6]
    written = np.zeros_like(X)
    written[:, 5:6] = column
    taken = X[rows, cols[:, 0, 0]][:, None]
    summed = np.zeros_like(X)
    summed[rows, cols[:, 0, 0]] += taken[:, 0]
    _check(client, monkeypatch, text, [X, index, cols], [column, written, taken, summed],
           {"all_gather": 0, "all_reduce": 0, "all_to_all": 0})
    _, exe = _run(client, text, [X, index, cols], "apart", monkeypatch)
    found = [HloSharding.from_proto(p) for p in exe.get_output_shardings()]
    assert all(f.tile_assignment_dimensions()[0] == N for f in found), found


def test_a_loop_carry_takes_the_tiling_its_body_gives_it(client, monkeypatch):
    # h = tanh(h @ w + x[t]) over a scan of batch tiled inputs: h starts whole
    # (zeros) and becomes batch tiled; no gather inside the loop.
    xs = RNG.normal(size=(3, 8, 12)).astype(np.float32)
    w = (RNG.normal(size=(12, 12)) * 0.3).astype(np.float32)
    text = _program([("tensor<3x8x12xf32>", "{devices=[1,4,1]<=[4]}"), ("tensor<12x12xf32>", REP)],
                    [("tensor<8x12xf32>", ROWS)], """
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %h0 = stablehlo.constant dense<0.0> : tensor<8x12xf32>
    %n = stablehlo.constant dense<3> : tensor<i32>
    %w:2 = stablehlo.while(%i = %c0, %h = %h0) : tensor<i32>, tensor<8x12xf32>
      cond {
        %k = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %k : tensor<i1>
      } do {
        %z = stablehlo.constant dense<0> : tensor<i32>
        %x = stablehlo.dynamic_slice %arg0, %i, %z, %z, sizes = [1, 8, 12] : (tensor<3x8x12xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x12xf32>
        %x2 = stablehlo.reshape %x : (tensor<1x8x12xf32>) -> tensor<8x12xf32>
        %d = stablehlo.dot_general %h, %arg1, contracting_dims = [1] x [0] : (tensor<8x12xf32>, tensor<12x12xf32>) -> tensor<8x12xf32>
        %a = stablehlo.add %d, %x2 : tensor<8x12xf32>
        %t = stablehlo.tanh %a : tensor<8x12xf32>
        %one = stablehlo.constant dense<1> : tensor<i32>
        %j = stablehlo.add %i, %one : tensor<i32>
        stablehlo.return %j, %t : tensor<i32>, tensor<8x12xf32>
      }
    return %w#1 : tensor<8x12xf32>""")
    h = np.zeros((8, 12), np.float32)
    for t in range(3):
        h = np.tanh(h @ w + xs[t])
    local = _check(client, monkeypatch, text, [xs, w], [h], {"all_gather": 0, "all_reduce": 0})
    loops = [op for op in local.module.walk() if op.name == "stablehlo.while"]
    assert loops[0].results[1].type.shape == (2, 12)


def test_branches_return_one_tiling(client, monkeypatch):
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<i1>", REP)], [("tensor<8x12xf32>", ROWS)], """
    %0 = "stablehlo.if"(%arg1) ({
      %e = stablehlo.exponential %arg0 : tensor<8x12xf32>
      stablehlo.return %e : tensor<8x12xf32>
    }, {
      %z = stablehlo.constant dense<0.0> : tensor<8x12xf32>
      stablehlo.return %z : tensor<8x12xf32>
    }) : (tensor<i1>) -> tensor<8x12xf32>
    return %0 : tensor<8x12xf32>""")
    _check(client, monkeypatch, text, [X, np.bool_(True)], [np.exp(X)], {"all_gather": 0})
    _check(client, monkeypatch, text, [X, np.bool_(False)], [np.zeros_like(X)])


def test_convolutions_over_a_tiled_batch(client, monkeypatch):
    images = RNG.normal(size=(8, 5, 5, 2)).astype(np.float32)
    kernel = RNG.normal(size=(3, 3, 2, 4)).astype(np.float32)
    grads = RNG.normal(size=(8, 5, 5, 4)).astype(np.float32)
    nhwc = "{devices=[4,1,1,1]<=[4]}"
    text = _program([("tensor<8x5x5x2xf32>", nhwc), ("tensor<3x3x2x4xf32>", REP),
                     ("tensor<8x5x5x4xf32>", nhwc)],
                    [("tensor<8x5x5x4xf32>", nhwc), ("tensor<3x3x2x4xf32>", REP)], """
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<8x5x5x4xf32>
    %1 = stablehlo.convolution(%arg0, %arg2) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x5x5x2xf32>, tensor<8x5x5x4xf32>) -> tensor<3x3x2x4xf32>
    return %0, %1 : tensor<8x5x5x4xf32>, tensor<3x3x2x4xf32>""")
    _check(client, monkeypatch, text, [images, kernel, grads], None,
           {"all_gather": 0, "all_reduce": 1})


def test_values_made_from_nothing_are_made_in_the_tiles_their_uses_want(client, monkeypatch):
    # iota -> arithmetic -> a row tiled result: no device makes the whole [16].
    text = _program([("tensor<f32>", REP)], [("tensor<16x3xf32>", "{devices=[4,1]<=[4]}")], """
    %i = stablehlo.iota dim = 0 : tensor<16x3xf32>
    %b = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<16x3xf32>
    %m = stablehlo.multiply %i, %b : tensor<16x3xf32>
    %c = stablehlo.constant dense<1.0> : tensor<16x3xf32>
    %r = stablehlo.add %m, %c : tensor<16x3xf32>
    return %r : tensor<16x3xf32>""")
    expected = np.arange(16, dtype=np.float32)[:, None] * 2.5 + np.ones((16, 3), np.float32)
    local = _check(client, monkeypatch, text, [np.float32(2.5)], [expected],
                   {"all_gather": 0, "dynamic_slice": 1})  # (the offset table's)
    shapes = {op.results[0].type.shape for op in local.module.walk()
              if op.results and op.results[0].type.shape and op.name != "stablehlo.constant"}
    assert (16, 3) not in shapes and (4, 3) in shapes


def test_the_executables_text_is_the_per_device_program(client, monkeypatch):
    text = _program([("tensor<8x12xf32>", ROWS)], [("tensor<12xf32>", REP)], """
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<8x12xf32>, tensor<f32>) -> tensor<12xf32>
    return %0 : tensor<12xf32>""")
    monkeypatch.setenv("JAXLIB_SPMD_PARTITIONS", "global")
    exe = client.compile_and_load(text, client.devices())
    hlo = exe.hlo_modules()[0].to_string()
    assert "f32[2,12]" in hlo and "all-reduce(" in hlo and "f32[8,12]" not in hlo


def test_a_failing_partitioner_leaves_the_global_view(client, monkeypatch):
    from jaxlib._src.compiler.pipeline import compile_program
    from jaxlib._src.passes import spmd_partitioner

    def broken(*args, **kwargs):
        raise KeyError("a bug")

    monkeypatch.setattr(spmd_partitioner, "partition_program", broken)
    text = _program([("tensor<8x12xf32>", ROWS)], [("tensor<8x12xf32>", ROWS)], """
    %0 = stablehlo.negate %arg0 : tensor<8x12xf32>
    return %0 : tensor<8x12xf32>""")
    compiled = compile_program(text)
    assert compiled.partitioned() is None
    assert "the partitioner failed: KeyError" in compiled.partition_refusal
    (result,), _ = _run(client, text, [X], "apart", monkeypatch)
    np.testing.assert_array_equal(result, -X)


def test_a_manual_computation_runs_its_body_in_line(client, monkeypatch):
    # jax's lowering of shard_map(psum(h.sum(0)) + h) between two global ops.
    text = """
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]>
  func.func public @main(%arg0: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = stablehlo.exponential %arg0 : tensor<8x12xf32>
    %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<2x12xf32>) {
      %2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.reduce(%arg1 init: %2) applies stablehlo.add across dimensions = [0] : (tensor<2x12xf32>, tensor<f32>) -> tensor<12xf32>
      %5 = stablehlo.broadcast_in_dim %3, dims = [1] : (tensor<12xf32>) -> tensor<1x12xf32>
      %6 = "stablehlo.all_reduce"(%5) ({
        ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
          %7 = stablehlo.add %arg4, %arg5 : tensor<f32>
          stablehlo.return %7 : tensor<f32>
      }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids = true} : (tensor<1x12xf32>) -> tensor<1x12xf32>
      %8 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x12xf32>) -> tensor<2x12xf32>
      %9 = stablehlo.add %8, %arg1 : tensor<2x12xf32>
      sdy.return %9 : tensor<2x12xf32>
    } : (tensor<8x12xf32>) -> tensor<8x12xf32>
    %10 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<8x12xf32>
    %12 = stablehlo.multiply %1, %11 : tensor<8x12xf32>
    return %12 : tensor<8x12xf32>
  }
}
"""
    e = np.exp(X)
    local = _check(client, monkeypatch, text, [X], [2 * (e.sum(0, keepdims=True) + e)],
                   {"all_gather": 0, "all_reduce": 1})
    assert "sdy.manual_computation" not in [op.name for op in local.module.walk()]


def test_a_partially_manual_computation_partitions_its_body_over_the_free_axes(
        client, monkeypatch):
    # jax's shard_map(..., axis_names={'x'}) on an x*y mesh: psum over x (an
    # all-reduce of global device ids), axis_index('x') (a nested manual
    # computation over y reading partition_id), and ops tiled over y.
    text = """
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] manual_axes={"x"} (%arg1: tensor<4x4xf32>) {
      %1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.reduce(%arg1 init: %1) applies stablehlo.add across dimensions = [0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
      %4 = sdy.sharding_constraint %2 <@mesh, [{"y"}]> : tensor<4xf32>
      %5 = "stablehlo.all_reduce"(%4) ({
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %6 = stablehlo.add %a, %b : tensor<f32>
          stablehlo.return %6 : tensor<f32>
      }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids = true} : (tensor<4xf32>) -> tensor<4xf32>
      %8 = sdy.manual_computation() in_shardings=[] out_shardings=[<@mesh, []>] manual_axes={"y"} () {
        %9 = stablehlo.constant dense<2> : tensor<ui32>
        %11 = stablehlo.partition_id : tensor<ui32>
        %12 = stablehlo.divide %11, %9 : tensor<ui32>
        %13 = stablehlo.remainder %12, %9 : tensor<ui32>
        %14 = stablehlo.convert %13 : (tensor<ui32>) -> tensor<f32>
        sdy.return %14 : tensor<f32>
      } : () -> tensor<f32>
      %15 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %16 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
      %18 = stablehlo.multiply %arg1, %16 : tensor<4x4xf32>
      %19 = sdy.sharding_constraint %18 <@mesh, [{}, {"y"}]> : tensor<4x4xf32>
      %20 = stablehlo.broadcast_in_dim %5, dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
      %24 = stablehlo.add %19, %20 : tensor<4x4xf32>
      %28 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
      %29 = stablehlo.add %24, %28 : tensor<4x4xf32>
      sdy.return %29 : tensor<4x4xf32>
    } : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}
"""
    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    expected = np.concatenate([2 * x[:4] + x.sum(0), 2 * x[4:] + x.sum(0) + 1])
    local = _check(client, monkeypatch, text, [x], [expected])
    ops = list(local.module.walk())
    assert "sdy.manual_computation" not in [op.name for op in ops]
    # The body's ops run on the y blocks: the doubling is a [4, 2] multiply.
    multiplies = [op for op in ops if op.name == "stablehlo.multiply"]
    assert [m.results[0].type.shape for m in multiplies] == [(4, 2)]


def test_manual_computations_the_partitioner_does_not_take_say_why():
    from jaxlib._src.compiler.pipeline import compile_program

    text = """
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %1 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}], unreduced={"y"}>] manual_axes={"x"} (%arg1: tensor<4x12xf32>) {
      %9 = stablehlo.negate %arg1 : tensor<4x12xf32>
      sdy.return %9 : tensor<4x12xf32>
    } : (tensor<8x12xf32>) -> tensor<8x12xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{"x"}, {}]> : tensor<8x12xf32>
    return %2 : tensor<8x12xf32>
  }
}
"""
    compiled = compile_program(text)
    assert compiled.partitioned() is None
    assert "unreduced value in a partially manual computation" in compiled.partition_refusal


def test_auto_runs_apart_where_the_work_splits(client, monkeypatch):
    """In one CPU process, auto runs the per-device program when the work is
    split among the devices, the global view when each device would do it
    whole (a sort over the tiled dimension)."""
    split = _program([("tensor<8x12xf32>", ROWS), ("tensor<12x8xf32>", REP)],
                     [("tensor<8x8xf32>", ROWS)], """
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x12xf32>, tensor<12x8xf32>) -> tensor<8x8xf32>
    return %0 : tensor<8x8xf32>""")
    whole = _program([("tensor<8x12xf32>", ROWS)], [("tensor<8x12xf32>", ROWS)], """
    %0 = "stablehlo.sort"(%arg0) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
        stablehlo.return %lt : tensor<i1>
    }) {dimension = 0 : i64, is_stable = true} : (tensor<8x12xf32>) -> tensor<8x12xf32>
    return %0 : tensor<8x12xf32>""")
    monkeypatch.setenv("JAXLIB_SPMD_PARTITIONS", "auto")
    for text, apart in ((split, True), (whole, False)):
        exe = client.compile_and_load(text, client.devices())
        assert exe._compiled.partition_is_faster(N, 2) is apart
        assert exe._compiled.partition_is_faster(N, N) is apart
        assert exe.client._partitions_apart(exe) is apart
        (result,), _ = _run(client, text, [X, W][:2 if text is split else 1], "auto",
                            monkeypatch)
        np.testing.assert_allclose(result, X @ W if apart else np.sort(X, axis=0), rtol=1e-5)


def test_windows_and_sorts_along_whole_dimensions_keep_the_batch_tiles(client, monkeypatch):
    images = RNG.normal(size=(8, 4, 4, 2)).astype(np.float32)
    nhwc = "{devices=[4,1,1,1]<=[4]}"
    text = _program([("tensor<8x4x4x2xf32>", nhwc), ("tensor<8x12xf32>", ROWS)],
                    [("tensor<8x2x2x2xf32>", nhwc), ("tensor<8x12xf32>", ROWS),
                     ("tensor<8x3xf32>", ROWS), ("tensor<8x3xi32>", ROWS)], """
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %ninf) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %m = stablehlo.maximum %a, %b : tensor<f32>
        stablehlo.return %m : tensor<f32>
    }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<8x4x4x2xf32>, tensor<f32>) -> tensor<8x2x2x2xf32>
    %1 = "stablehlo.sort"(%arg1) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
        stablehlo.return %lt : tensor<i1>
    }) {dimension = 1 : i64, is_stable = true} : (tensor<8x12xf32>) -> tensor<8x12xf32>
    %2:2 = chlo.top_k(%arg1, k = 3) : tensor<8x12xf32> -> (tensor<8x3xf32>, tensor<8x3xi32>)
    return %0, %1, %2#0, %2#1 : tensor<8x2x2x2xf32>, tensor<8x12xf32>, tensor<8x3xf32>, tensor<8x3xi32>""")
    pooled = images.reshape(8, 2, 2, 2, 2, 2).max(axis=(2, 4))
    order = np.argsort(-X, axis=1, kind="stable")[:, :3].astype(np.int32)
    _check(client, monkeypatch, text, [images, X],
           [pooled, np.sort(X, axis=1), np.take_along_axis(X, order, 1), order],
           {"all_gather": 0, "all_reduce": 0})


def test_wrong_shard_shapes_are_refused_per_device(client, monkeypatch):
    text = _program([("tensor<8x12xf32>", ROWS)], [("tensor<8x12xf32>", ROWS)], """
    %0 = stablehlo.negate %arg0 : tensor<8x12xf32>
    return %0 : tensor<8x12xf32>""")
    monkeypatch.setenv("JAXLIB_SPMD_PARTITIONS", "apart")
    exe = client.compile_and_load(text, client.devices())
    whole = [[client.buffer_from_pyval(X, d) for d in client.devices()]]
    with pytest.raises(xla_client.XlaRuntimeError, match="expected shard shape"):
        exe.execute_sharded(whole)


# -- unreduced values: partial sums kept apart (passes/spmd_partial_sums.py) ----------

UNREDUCED = "{unreduced}"
# Rows over x (2), unreduced over y (2): devices 0,1 hold rows 0-3, 2,3 rows 4-7.
ROWS_UNREDUCED = "{devices=[2,1,2]<=[4] last_tile_dims={unreduced}}"


def _shards(client, monkeypatch, text, arrays, mode="apart"):
    """Each device's shard of each result, as the executable gives them."""
    monkeypatch.setenv("JAXLIB_SPMD_PARTITIONS", mode)
    devices = client.devices()
    exe = client.compile_and_load(text, devices)
    args = []
    for hlo, array in zip([HloSharding.from_proto(p) for p in exe.get_parameter_shardings()],
                          arrays):
        if isinstance(array, list):  # one summand per device, as given
            args.append([client.buffer_from_pyval(a, d) for a, d in zip(array, devices)])
            continue
        indices = _hlo_sharding_indices(hlo, array.shape, N)
        args.append([client.buffer_from_pyval(np.array(array[i]), d)
                     for i, d in zip(indices, devices)])
    outputs = exe.execute_sharded(args).disassemble_into_single_device_arrays()
    return [[np.asarray(s) for s in shards] for shards in outputs], exe


def test_a_batch_gradient_kept_unreduced_is_each_devices_partial_product(client, monkeypatch):
    dy = RNG.normal(size=(8, 8)).astype(np.float32)
    text = _program([("tensor<8x12xf32>", ROWS), ("tensor<8x8xf32>", ROWS)],
                    [("tensor<12x8xf32>", UNREDUCED)], """
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<8x12xf32>, tensor<8x8xf32>) -> tensor<12x8xf32>
    return %0 : tensor<12x8xf32>""")
    (shards,), exe = _shards(client, monkeypatch, text, [X, dy])
    for k, shard in enumerate(shards):  # no all-reduce: device k's rows only
        np.testing.assert_allclose(shard, X[2 * k:2 * k + 2].T @ dy[2 * k:2 * k + 2],
                                   rtol=1e-5, atol=1e-5)
    local = exe._compiled.partitioned()
    assert not [op for op in local.module.walk() if op.name == "stablehlo.all_reduce"]
    # The global view holds the same value: the sum of the shards.
    (whole,), _ = _shards(client, monkeypatch, text, [X, dy], mode="global")
    np.testing.assert_allclose(sum(whole), X.T @ dy, rtol=1e-4, atol=1e-4)


def test_an_accumulated_gradient_is_summed_once_after_its_loop(client, monkeypatch):
    # A minibatch loop adds each step's batch gradient (unreduced) to an
    # unreduced accumulator; the sum over the devices comes once, at the end.
    xs = RNG.normal(size=(3, 8, 12)).astype(np.float32)
    text = _program([("tensor<3x8x12xf32>", "{devices=[1,4,1]<=[4]}")],
                    [("tensor<12x12xf32>", REP)], """
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %z = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<12x12xf32>
    %acc0 = stablehlo.custom_call @Sharding(%z) {mhlo.sharding = "{unreduced}"} : (tensor<12x12xf32>) -> tensor<12x12xf32>
    %i0 = stablehlo.constant dense<0> : tensor<i32>
    %w:2 = stablehlo.while(%i = %i0, %acc = %acc0) : tensor<i32>, tensor<12x12xf32>
      cond {
        %n = stablehlo.constant dense<3> : tensor<i32>
        %lt = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %lt : tensor<i1>
      } do {
        %c0 = stablehlo.constant dense<0> : tensor<i32>
        %s = stablehlo.dynamic_slice %arg0, %i, %c0, %c0, sizes = [1, 8, 12] : (tensor<3x8x12xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x12xf32>
        %x = stablehlo.reshape %s : (tensor<1x8x12xf32>) -> tensor<8x12xf32>
        %g = stablehlo.dot_general %x, %x, contracting_dims = [0] x [0] : (tensor<8x12xf32>, tensor<8x12xf32>) -> tensor<12x12xf32>
        %gu = stablehlo.custom_call @Sharding(%g) {mhlo.sharding = "{unreduced}"} : (tensor<12x12xf32>) -> tensor<12x12xf32>
        %t = stablehlo.transpose %gu, dims = [1, 0] : (tensor<12x12xf32>) -> tensor<12x12xf32>
        %sum = stablehlo.add %acc, %t : tensor<12x12xf32>
        %one = stablehlo.constant dense<1> : tensor<i32>
        %next = stablehlo.add %i, %one : tensor<i32>
        stablehlo.return %next, %sum : tensor<i32>, tensor<12x12xf32>
      }
    %r = stablehlo.custom_call @Sharding(%w#1) {mhlo.sharding = "{replicated}"} : (tensor<12x12xf32>) -> tensor<12x12xf32>
    return %r : tensor<12x12xf32>""")
    local = _check(client, monkeypatch, text, [xs],
                   [sum(x.T @ x for x in xs)], {"all_reduce": 1, "all_gather": 0})
    loop = next(op for op in local.module.walk() if op.name == "stablehlo.while")
    assert not [op for op in loop.walk() if op.name == "stablehlo.all_reduce"]


def test_values_become_unreduced_without_communication(client, monkeypatch):
    # Replicated: one device of each group keeps the value, the others hold
    # zeros; tiled across the group: each device puts its tile in zeros.
    text = _program([("tensor<8x4xf32>", REP), ("tensor<8x4xf32>", ROWS)],
                    [("tensor<8x4xf32>", UNREDUCED), ("tensor<8x4xf32>", UNREDUCED),
                     ("tensor<8x4xf32>", ROWS_UNREDUCED)], """
    return %arg0, %arg1, %arg0 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>""")
    a = RNG.normal(size=(8, 4)).astype(np.float32)
    (kept, spread, half), exe = _shards(client, monkeypatch, text, [a, X[:, :4]])
    np.testing.assert_array_equal(kept[0], a)
    for k in range(1, N):
        np.testing.assert_array_equal(kept[k], np.zeros_like(a))
    for k in range(N):
        expected = np.zeros_like(a)
        expected[2 * k:2 * k + 2] = X[2 * k:2 * k + 2, :4]
        np.testing.assert_array_equal(spread[k], expected)
    # Rows over x, unreduced over y: devices 0 and 2 keep their rows.
    for k in range(N):
        rows = a[:4] if k < 2 else a[4:]
        np.testing.assert_array_equal(half[k], rows if k % 2 == 0 else np.zeros_like(rows))
    names = [op.name for op in exe._compiled.partitioned().module.walk()]
    assert "stablehlo.all_reduce" not in names and "stablehlo.all_gather" not in names


def test_unreduced_parameters_are_summed_where_a_use_needs_the_value(client, monkeypatch):
    # Linear uses (sums, products with one unreduced factor, moves of data,
    # sums by reduction) keep the summands; tanh needs the value.
    parts = [RNG.normal(size=(8, 4)).astype(np.float32) for _ in range(N)]
    b = RNG.normal(size=(8, 4)).astype(np.float32)
    text = _program([("tensor<8x4xf32>", UNREDUCED), ("tensor<8x4xf32>", REP)],
                    [("tensor<4xf32>", UNREDUCED), ("tensor<8x4xf32>", REP)], """
    %m = stablehlo.multiply %arg0, %arg1 : tensor<8x4xf32>
    %t = stablehlo.transpose %m, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %r = stablehlo.reduce(%t init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %h = stablehlo.tanh %arg0 : tensor<8x4xf32>
    return %r, %h : tensor<4xf32>, tensor<8x4xf32>""")
    (reduced, tanh), exe = _shards(client, monkeypatch, text, [parts, b])
    for k in range(N):
        np.testing.assert_allclose(reduced[k], (parts[k] * b).sum(0), rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(tanh[k], np.tanh(sum(parts)), rtol=1e-5, atol=1e-5)
    names = [op.name for op in exe._compiled.partitioned().module.walk()]
    assert names.count("stablehlo.all_reduce") == 1


def test_a_segment_sum_over_tiled_indices_stays_unreduced(client, monkeypatch):
    data = np.arange(8, dtype=np.float32)
    segments = np.array([[0], [0], [1], [1], [1], [2], [2], [3]], np.int32)
    text = _program([("tensor<8xf32>", "{devices=[4]<=[4]}"),
                     ("tensor<8x1xi32>", ROWS)], [("tensor<4xf32>", UNREDUCED)], """
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %z = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %0 = "stablehlo.scatter"(%z, %arg1, %arg0) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xf32>, tensor<8x1xi32>, tensor<8xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>""")
    (shards,), exe = _shards(client, monkeypatch, text, [data, segments])
    expected = [[1, 0, 0, 0], [0, 5, 0, 0], [0, 4, 5, 0], [0, 0, 6, 7]]  # as XLA gives
    for shard, e in zip(shards, expected):
        np.testing.assert_array_equal(shard, np.array(e, np.float32))
    names = [op.name for op in exe._compiled.partitioned().module.walk()]
    assert "stablehlo.all_reduce" not in names


def test_a_manual_computation_returns_its_bodys_partial_sums(client, monkeypatch):
    # jax's shard_map(a @ b, out_specs=P('x', None, unreduced={'y'})): each
    # device's product of its blocks is its summand; the later constraint to
    # P('x', None) sums over y.
    text = """
module @m attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %arg1: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}], unreduced={"y"}>}, tensor<2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {"y"}]>, <@mesh, [{"y"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}], unreduced={"y"}>] manual_axes={"x", "y"} (%a: tensor<1x2xf32>, %b: tensor<2x2xf32>) {
      %1 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
      sdy.return %1 : tensor<1x2xf32>
    } : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %2 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> : tensor<2x2xf32>
    return %0, %2 : tensor<2x2xf32>, tensor<2x2xf32>
  }
}
"""
    a, b = np.arange(8.0, dtype=np.float32).reshape(2, 4), np.arange(8.0, dtype=np.float32).reshape(4, 2)
    (partial, summed), exe = _shards(client, monkeypatch, text, [a, b])
    expected = [[[2, 3]], [[26, 31]], [[10, 19]], [[66, 79]]]  # as XLA gives
    for shard, e in zip(partial, expected):
        np.testing.assert_array_equal(shard, np.array(e, np.float32))
    for k, shard in enumerate(summed):
        np.testing.assert_array_equal(shard, (a @ b)[k // 2:k // 2 + 1])
    names = [op.name for op in exe._compiled.partitioned().module.walk()]
    assert names.count("stablehlo.all_reduce") == 1


def test_windows_over_tiled_dimensions_exchange_halos(client, monkeypatch):
    # Rows tiled over 4 devices: a 3-row max window (SAME: -inf past the ends),
    # a stride-2 window whose blocks start where the input's do, and a VALID
    # sum whose output blocks start at a different place on each device: each
    # device takes the rows its windows reach from its neighbours (one
    # collective_permute each way at most), and the results keep the tiles.
    x = RNG.normal(size=(16, 6)).astype(np.float32)
    text = _program([("tensor<16x6xf32>", ROWS)],
                    [("tensor<16x6xf32>", ROWS), ("tensor<8x6xf32>", ROWS),
                     ("tensor<12x6xf32>", ROWS)], """
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %ninf) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %m = stablehlo.maximum %a, %b : tensor<f32>
        stablehlo.return %m : tensor<f32>
    }) {window_dimensions = array<i64: 3, 1>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<16x6xf32>, tensor<f32>) -> tensor<16x6xf32>
    %1 = "stablehlo.reduce_window"(%arg0, %ninf) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %m = stablehlo.maximum %a, %b : tensor<f32>
        stablehlo.return %m : tensor<f32>
    }) {window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>, padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>} : (tensor<16x6xf32>, tensor<f32>) -> tensor<8x6xf32>
    %2 = "stablehlo.reduce_window"(%arg0, %zero) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {window_dimensions = array<i64: 5, 1>} : (tensor<16x6xf32>, tensor<f32>) -> tensor<12x6xf32>
    return %0, %1, %2 : tensor<16x6xf32>, tensor<8x6xf32>, tensor<12x6xf32>""")
    padded = np.pad(x, ((1, 1), (0, 0)), constant_values=-np.inf)
    same = np.max([padded[i:i + 16] for i in range(3)], axis=0)
    strided = np.max([padded[i:i + 16:2] for i in range(3)], axis=0)
    valid = np.sum([x[i:i + 12] for i in range(5)], axis=0)
    local = _check(client, monkeypatch, text, [x], [same, strided, valid],
                   {"all_gather": 0, "all_reduce": 0})
    names = [op.name for op in local.module.walk()]
    assert names.count("stablehlo.collective_permute") == 2 + 1 + 2
    assert "stablehlo.dynamic_slice" in names  # the VALID sum's blocks start unevenly


def test_convolutions_over_tiled_spatial_dimensions_exchange_halos(client, monkeypatch):
    # NHWC images tiled on H (4 devices) and on H and W (2 x 2): each device
    # convolves its block plus the neighbours' rows (and columns) its kernel
    # reaches, zeros past the ends being the padding; a strided convolution
    # needs only the rows before its block. The gradient of a max pool whose
    # windows tile the blocks runs on each device's blocks.
    images = RNG.normal(size=(2, 16, 8, 3)).astype(np.float32)
    kernel = RNG.normal(size=(3, 3, 3, 4)).astype(np.float32)
    rows = "{devices=[1,4,1,1]<=[4]}"
    grid = "{devices=[1,2,2,1]<=[4]}"
    text = _program([("tensor<2x16x8x3xf32>", rows), ("tensor<3x3x3x4xf32>", REP),
                     ("tensor<2x16x8x3xf32>", grid), ("tensor<2x8x4x3xf32>", rows)],
                    [("tensor<2x16x8x4xf32>", rows), ("tensor<2x8x4x4xf32>", rows),
                     ("tensor<2x16x8x4xf32>", grid), ("tensor<2x16x8x3xf32>", rows)], """
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x16x8x4xf32>
    %1 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 0], [1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x8x4x4xf32>
    %2 = stablehlo.convolution(%arg2, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x16x8x4xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %3 = "stablehlo.select_and_scatter"(%arg0, %arg3, %zero) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %ge = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
        stablehlo.return %ge : tensor<i1>
    }, {
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<2x16x8x3xf32>, tensor<2x8x4x3xf32>, tensor<f32>) -> tensor<2x16x8x3xf32>
    return %0, %1, %2, %3 : tensor<2x16x8x4xf32>, tensor<2x8x4x4xf32>, tensor<2x16x8x4xf32>, tensor<2x16x8x3xf32>""")
    grads = RNG.normal(size=(2, 8, 4, 3)).astype(np.float32)
    local = _check(client, monkeypatch, text, [images, kernel, images, grads], None,
                   {"all_gather": 0, "all_reduce": 0})
    names = [op.name for op in local.module.walk()]
    assert names.count("stablehlo.collective_permute") == 2 + 1 + 4


def test_windows_sorts_and_convolutions_propagate_their_inputs_tiles(client, monkeypatch):
    # Results jit leaves unspecified: a window over tiled rows, a sort along
    # the untiled dimension and a convolution over tiled rows keep the tiles,
    # as XLA's propagation gives them.
    x = RNG.normal(size=(16, 6)).astype(np.float32)
    images = RNG.normal(size=(2, 16, 8, 3)).astype(np.float32)
    kernel = RNG.normal(size=(3, 3, 3, 4)).astype(np.float32)
    rows = "{devices=[1,4,1,1]<=[4]}"
    text = _program([("tensor<16x6xf32>", ROWS), ("tensor<2x16x8x3xf32>", rows),
                     ("tensor<3x3x3x4xf32>", REP)],
                    [("tensor<16x6xf32>", ""), ("tensor<16x6xf32>", ""),
                     ("tensor<2x16x8x4xf32>", "")], """
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %zero) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {window_dimensions = array<i64: 3, 1>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<16x6xf32>, tensor<f32>) -> tensor<16x6xf32>
    %1 = "stablehlo.sort"(%arg0) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
        stablehlo.return %lt : tensor<i1>
    }) {dimension = 1 : i64, is_stable = true} : (tensor<16x6xf32>) -> tensor<16x6xf32>
    %2 = stablehlo.convolution(%arg1, %arg2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x16x8x4xf32>
    return %0, %1, %2 : tensor<16x6xf32>, tensor<16x6xf32>, tensor<2x16x8x4xf32>""")
    _, exe = _run(client, text, [x, images, kernel], "apart", monkeypatch)
    shardings = [HloSharding.from_proto(s) for s in exe.get_output_shardings()]
    assert shardings == [HloSharding.from_string(t) for t in (ROWS, ROWS, rows)]


_PARTITIONED_BODY = """module @tmp {
  func.func public @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %two = stablehlo.constant dense<2.0> : tensor<2x4xf32>
    %0 = stablehlo.multiply %x, %two : tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
}"""


@pytest.mark.parametrize("with_rule", [True, False])
def test_custom_partitioning_runs_what_its_callbacks_give(client, monkeypatch, with_rule):
    # jax's custom_partitioning: the partitioner callbacks get the operands'
    # propagated shardings (and the results' from the Shardy rule, or else
    # from infer_sharding_from_operands) and give the per-device computation,
    # which runs on each device's block; a callback's error fails the compile.
    from jaxlib._src.ops.custom_call_registry import (
        custom_call_partitioner,
        register_custom_call_partitioner,
    )

    seen = []

    def infer(arg_shapes, arg_shardings, result_shape, key):
        seen.append(("infer", key))
        return arg_shardings[0]

    def partition(arg_shapes, arg_shardings, result_shape, result_sharding, key):
        seen.append(("partition", list(arg_shardings), result_sharding,
                     [tuple(s.dimensions()) for s in arg_shapes],
                     tuple(result_sharding.tile(result_shape).dimensions())))
        if key == b"broken":
            raise ValueError("Mismatch in result shapes.")
        return _PARTITIONED_BODY.encode(), arg_shardings, result_sharding

    rule = (', sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4}>'
            if with_rule else "")
    text = _program([("tensor<8x4xf32>", ROWS)], [("tensor<8x4xf32>", "")], f"""
    %0 = stablehlo.custom_call @CustomSPMDPartitioning(%arg0) {{api_version = 2 : i32,
        backend_config = "KEY"{rule}}} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>""")
    before = custom_call_partitioner("CustomSPMDPartitioning")
    register_custom_call_partitioner("CustomSPMDPartitioning", lambda *a: None, partition, infer)
    try:
        x = RNG.normal(size=(8, 4)).astype(np.float32)
        (got,), exe = _run(client, text.replace("KEY", "k"), [x], "apart", monkeypatch)
        np.testing.assert_allclose(got, 2 * x, rtol=1e-6)
        assert [HloSharding.from_proto(p) for p in exe.get_output_shardings()] == [
            HloSharding.from_string(ROWS)]
        rows = HloSharding.from_string(ROWS)
        assert seen[-1] == ("partition", [rows], rows, [(8, 4)], (2, 4))
        assert (("infer", b"k") in seen) == (not with_rule)
        with pytest.raises(xla_client.XlaRuntimeError, match="Mismatch in result shapes"):
            _run(client, text.replace("KEY", "broken"), [x], "apart", monkeypatch)
    finally:
        if before is not None:
            register_custom_call_partitioner(
                "CustomSPMDPartitioning", before.prop_user_sharding, before.partition,
                before.infer_sharding_from_operands)


def test_batched_triangular_solves_and_choleskys_stay_in_their_blocks(client, monkeypatch):
    # jax's GPU lowering of batched linear algebra: StableHLO's triangular_solve
    # and cholesky batch over their leading dimensions, one block per device.
    a = RNG.normal(size=(8, 3, 3)).astype(np.float32)
    spd = a @ np.swapaxes(a, -1, -2) + 3 * np.eye(3, dtype=np.float32)
    b = RNG.normal(size=(8, 3, 2)).astype(np.float32)
    batch = "{devices=[4,1,1]<=[4]}"
    text = _program([("tensor<8x3x3xf32>", batch), ("tensor<8x3x2xf32>", batch)],
                    [("tensor<8x3x3xf32>", ""), ("tensor<8x3x2xf32>", "")], """
    %l = "stablehlo.cholesky"(%arg0) {lower = true} : (tensor<8x3x3xf32>) -> tensor<8x3x3xf32>
    %x = "stablehlo.triangular_solve"(%l, %arg1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<8x3x3xf32>, tensor<8x3x2xf32>) -> tensor<8x3x2xf32>
    return %l, %x : tensor<8x3x3xf32>, tensor<8x3x2xf32>""")
    lower = np.linalg.cholesky(spd)
    solved = np.linalg.solve(lower, b)
    _check(client, monkeypatch, text, [spd, b], [lower, solved],
           {"all_gather": 0, "all_reduce": 0, "all_to_all": 0})
    _, exe = _run(client, text, [spd, b], "apart", monkeypatch)
    found = [HloSharding.from_proto(p) for p in exe.get_output_shardings()]
    assert found == [HloSharding.from_string(batch)] * 2
