"""SPMD partitioning: a program over N partitions, written in global view,
becomes the per-device program that each partition runs on its own shards,
with collectives where the shards must meet.

The runtime can run an SPMD program in global view (one run on the global
arrays). That is right but does not scale: one device (or every process of
a multi-process job) computes everything. The program this pass makes runs
once per device, concurrently, under a replica context whose partition id is
the device's (like a ``shard_map`` body), so N devices share the work.

Every value gets a *tiling* (sharding_propagation.py's form: a device-id
array shaped ``(tile counts..., replication)``) that says which block of it
each device holds. Parameters start from their shardings; each op then runs
on its operands' blocks:

* elementwise ops, converts, selects, clamps keep a sharded operand's tiling
  (the other operands are resliced to it);
* ``broadcast_in_dim``, ``transpose``, ``reshape``, ``reverse`` move the tiles
  with the dimensions they move (reshape: the major dimension of a merged or
  split group keeps its tiles, others are gathered first);
* ``dot_general``: an operand tiled on batch or free dimensions keeps them
  (the other operand is gathered, its batch dimensions cut alike); operands
  tiled alike on contracted dimensions multiply their blocks and meet in an
  all-reduce sum (a data-parallel gradient);
* ``reduce`` with one input and a reducer of one associative op (add, mul,
  max, min, and, or, xor) and its identity as initial value reduces the
  block and meets in an all-reduce over the reduced dimensions' tiles;
* slices, pads, dynamic slices and updates, concatenations run on blocks
  whose changed dimensions are whole (gathered first when they are not);
* sharding constraints reslice or gather to the sharding they name;
* unreduced values (``unreduced={...}``) are held as each device's summand
  while only ops linear in them use them, and summed by an all-reduce where
  a use needs the value (spmd_partial_sums.py);
* manual computations (shard_map): a fully manual body goes in line; a
  partially manual one is partitioned in line over its free axes
  (spmd_device_space.py);
* other ops (loops, gathers, convolutions, windows, sorts: see the handlers
  below) keep the tiles they can; any op without a rule runs on whole
  operands, gathered first: each device computes it, as the global view
  would.

Moving between tilings: an ``all_gather`` per tiled dimension to make a value
whole, a ``dynamic_slice`` at the device's offset (a table indexed by
``partition_id``) to cut it, one ``all_to_all`` when a tile count moves from
one dimension to another; partial sums wanted tiled (a dot's or a
convolution's products, a reduction's, a scatter-add's: FSDP's gradients)
are summed by one ``reduce_scatter``; a broadcast wanted in other tiles is
broadcast again from its operand moved there (a bias gathered, not its
broadcast over the batch exchanged). Results end in the shardings the executable
reports. Programs the pass does not take (collectives outside manual bodies,
side effects, tokens, shardings it does not follow, uneven tiles) get None
and a reason, and run in global view as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxlib._src.ir.attributes import (
    UNIT,
    ChannelHandle,
    ComparisonDirection,
    ComparisonType,
    DenseArray,
    DenseElements,
    IntegerAttr,
    i64_array,
)
from jaxlib._src.ir.core import (
    ELEMENTWISE,
    OP_DEFS,
    Block,
    Cloner,
    Function,
    Module,
    Operation,
    Region,
    Value,
)
from jaxlib._src.ir.types import FunctionType, TensorType, TokenType, numpy_dtype
from jaxlib._src.ops.custom_call import (
    FFI_HOST_CALLBACK_TARGETS,
    IDENTITY_TARGETS,
    LEGACY_HOST_CALLBACK_TARGET,
)
from jaxlib._src.passes.inline_calls import inline_small_calls
from jaxlib._src.passes.sharding_propagation import (
    Constraint,
    _drop,
    _insert,
    _keep_open,
    _Propagation,
    _replicate,
    _reshape_groups,
    _sharded,
    _unspecified_dims,
    batch_partitioned_dims,
    batch_tiling,
    tiling_from_tiles,
)
from jaxlib._src.passes.sharding_propagation import (
    _reshape as _reshape_tiling,
)
from jaxlib._src.passes.spmd_device_space import DeviceSpace
from jaxlib._src.passes.spmd_partial_sums import (
    canonical_groups,
    groups_fit,
    same_groups,
    spread_starts,
    unreduced_layout,
)

__all__ = ["Partitioned", "partition_program"]

_Tiling = np.ndarray

# Ops whose presence leaves the program in global view.
_REFUSED_OPS = frozenset({
    "stablehlo.all_reduce", "stablehlo.all_gather", "stablehlo.reduce_scatter",
    "stablehlo.all_to_all", "stablehlo.collective_permute",
    "stablehlo.collective_broadcast", "stablehlo.partition_id", "stablehlo.replica_id",
    "stablehlo.infeed", "stablehlo.outfeed", "stablehlo.send", "stablehlo.recv",
    "stablehlo.rng", "jaxlib.gspmd_manual_region",
})
_MANUAL_COMPUTATION = "sdy.manual_computation"
_MANUAL_TARGETS = frozenset({"SPMDFullToShardShape", "SPMDShardToFullShape"})
_PASS_THROUGH = frozenset({"stablehlo.optimization_barrier", "sdy.propagation_barrier"})
_ELEMENTWISE_LIKE = frozenset({
    "stablehlo.convert", "stablehlo.select", "stablehlo.clamp", "stablehlo.reduce_precision",
    "stablehlo.bitcast_convert",
})
# The reducers whose partial results devices can combine (with an identity
# as the initial value).
_REDUCERS = ("stablehlo.add", "stablehlo.multiply", "stablehlo.maximum", "stablehlo.minimum",
             "stablehlo.and", "stablehlo.or", "stablehlo.xor")


class _Refused(Exception):
    """The program stays in global view; the message says why."""


class _NeedsSum(Exception):
    """An op tried on unreduced summands needs one of them summed first."""


@dataclass
class Partitioned:
    """The per-device program: ``module`` (its entry has the shards' types),
    or None with ``reason`` saying why the program stays in global view.
    ``whole_work`` and ``split_work``: the work (see ``_work``) of the ops
    every device does whole and of those split among the devices."""

    module: Module | None
    reason: str | None = None
    whole_work: float = 0.0
    split_work: float = 0.0
    # Parameters or results held unreduced: their shards are the devices'
    # partial sums only when each device runs this program.
    partial_sums: bool = False

    def faster_apart(self, devices: int, cores: int) -> bool:
        """Whether ``devices`` devices sharing ``cores`` cores run the
        per-device program faster than one run of the global view (which
        runs on one device's thread): apart, each device does the whole work
        plus its share of the split work, ``devices / min(devices, cores)``
        devices to a core."""
        if self.module is None:
            return False
        if self.partial_sums:
            return True
        apart = (self.whole_work + self.split_work / devices) * devices / min(devices, cores)
        return apart < self.whole_work + self.split_work


@dataclass
class _Local:
    """A value of the global program as one device holds it: ``value`` (its
    block, in the per-device program) and the tiling of the blocks. With
    ``groups`` (rows of device ids) the value is unreduced: the blocks a
    group's devices hold sum to the block (spmd_partial_sums.py)."""

    value: Value
    tiling: _Tiling
    groups: np.ndarray | None = None


def partition_program(module: Module, entry_name: str,
                      parameter_shardings: Sequence[str | None],
                      result_shardings: Sequence[str | None], num_partitions: int,
                      sharding_of: Callable[[dict[str, Any], Sequence[Any]], Any],
                      constraint_sharding: Callable[[Operation], Constraint | None],
                      ) -> Partitioned:
    """The per-device program of ``module`` (which this consumes: pass a
    copy), or the reason it stays in global view."""
    try:
        inline_small_calls(module, limit=1 << 30)
        entry = module.function(entry_name)
        _check_takes(module, entry)
        propagation = _Propagation(module, num_partitions, sharding_of, constraint_sharding)
        builder = _Builder(num_partitions, propagation, constraint_sharding)
        function = builder.entry(entry, parameter_shardings, result_shardings)
    except _Refused as err:
        return Partitioned(None, str(err))
    functions = [function] + [f for f in module.functions if f.name != entry_name]
    return Partitioned(Module(module.name, dict(module.attributes), functions,
                              dict(module.meshes)), None, *builder.costs,
                       partial_sums=builder.partial_sums)


def _outside_manual_bodies(module: Module) -> Iterator[Operation]:
    """Every op of ``module`` but those inside manual computations' bodies
    (per-device code already, with its own collectives), which are checked
    to hold no GSPMD manual region."""
    def walk(op: Operation) -> Iterator[Operation]:
        yield op
        if op.name == _MANUAL_COMPUTATION:
            for nested in op.regions[0].walk():
                if nested.name == "stablehlo.custom_call" \
                        and nested.attributes.get("call_target_name") in _MANUAL_TARGETS:
                    raise _Refused("a GSPMD manual region inside a manual computation")
            return
        for region in op.regions:
            for block in region.blocks:
                for nested in block.operations:
                    yield from walk(nested)

    for function in module.functions:
        if function.body is not None:
            for block in function.body.blocks:
                for op in block.operations:
                    yield from walk(op)


def _check_takes(module: Module, entry: Function) -> None:
    for t in [*entry.type.inputs, *entry.type.results]:
        if not isinstance(t, TensorType) or not t.is_static:
            raise _Refused(f"a parameter or result of type {t}")
    for op in _outside_manual_bodies(module):
        if op.name in _REFUSED_OPS:
            raise _Refused(f"the program has {op.name}")
        if op.name == "stablehlo.custom_call":
            target = op.attributes.get("call_target_name")
            if target in _MANUAL_TARGETS:
                raise _Refused(f"the program has a manual region ({target})")
            if bool(op.attributes.get("has_side_effect", False)):
                raise _Refused(f"custom call {target!r} has side effects")
            if target in FFI_HOST_CALLBACK_TARGETS or target == LEGACY_HOST_CALLBACK_TARGET:
                # (run once in global view; per device it would run once a device)
                raise _Refused(f"the program calls back to Python ({target})")
        if any(isinstance(t, TokenType) for t in op.result_types):
            raise _Refused(f"{op.name} makes a token")


def _work(op: Operation) -> float:
    """A rough measure of an op's work: its results' elements, times the
    elements each one sums over for products and convolutions; nothing for
    constants and the like."""
    if op.name in ("stablehlo.constant", "stablehlo.iota") or not op.results:
        return 0.0
    elements = 0.0
    for r in op.results:
        if isinstance(r.type, TensorType) and r.type.is_static:
            elements += float(np.prod(r.type.shape, dtype=np.float64))
    if op.name == "stablehlo.dot_general":
        lhs = op.operands[0].type.shape
        dims = op.attributes["dot_dimension_numbers"]
        elements *= float(np.prod([lhs[d] for d in dims.lhs_contracting_dimensions]))
    elif op.name == "stablehlo.convolution":
        kernel = op.operands[1].type.shape
        dn = op.attributes["dimension_numbers"]
        elements *= float(np.prod(kernel)) / max(kernel[dn.kernel_output_feature_dimension], 1)
    return elements


def _counts(tiling: _Tiling) -> list[int]:
    return list(tiling.shape[:-1])


def _equivalent(a: _Tiling, b: _Tiling) -> bool:
    """Same tiles, each held by the same devices (in any order)."""
    return a.shape == b.shape and bool((np.sort(a, axis=-1) == np.sort(b, axis=-1)).all())


def _local_type(t: TensorType, tiling: _Tiling) -> TensorType:
    shape = []
    for size, count in zip(t.shape, _counts(tiling)):
        if size % count:
            raise _Refused(f"{t} does not split evenly into {_counts(tiling)} tiles")
        shape.append(size // count)
    return TensorType(tuple(shape), t.element_type, t.encoding)


def _is_reducer_identity(name: str, value: np.ndarray) -> bool:
    """Whether ``value`` is the identity of the reducer ``name``: partial
    results of every device then reduce to the whole result."""
    dtype = value.dtype
    is_float = dtype.kind in "fV"
    if dtype.kind == "c":
        return False
    v = float(value.astype(np.float64)) if is_float else value.reshape(()).item()
    if name in ("stablehlo.add", "stablehlo.or", "stablehlo.xor"):
        return v == 0 or v is False
    if name == "stablehlo.multiply":
        return v == 1
    if name == "stablehlo.and":
        return v is True or v == -1 or (dtype.kind == "u" and v == np.iinfo(dtype).max)
    if name == "stablehlo.maximum":
        if is_float:
            return v == float("-inf")
        return v is False or (dtype.kind in "iu" and v == np.iinfo(dtype).min)
    if name == "stablehlo.minimum":
        if is_float:
            return v == float("inf")
        return v is True or (dtype.kind in "iu" and v == np.iinfo(dtype).max)
    return False


def _reducer_op(region: Region) -> str | None:
    """The one op of a ``(a, b) -> op(a, b)`` reducer, else None."""
    if len(region.blocks) != 1:
        return None
    block = region.blocks[0]
    ops = block.operations
    if len(ops) != 2 or ops[0].name not in _REDUCERS or len(block.arguments) != 2:
        return None
    if {id(v) for v in ops[0].operands} != {id(a) for a in block.arguments}:
        return None
    if len(ops[1].operands) != 1 or ops[1].operands[0] is not ops[0].results[0]:
        return None
    return ops[0].name


class _Builder:
    """Builds one block of the per-device program (a child builder builds
    each nested region; values of enclosing blocks are found through the
    parents)."""

    def __init__(self, num_partitions: int, propagation: _Propagation,
                 constraint_sharding: Callable[[Operation], Constraint | None],
                 parent: _Builder | None = None, space: DeviceSpace | None = None) -> None:
        # The devices partitioned over: all, or inside a partially manual
        # computation the positions along its free axes (spmd_device_space.py).
        self.space = space or (parent.space if parent is not None
                               else DeviceSpace.whole(num_partitions))
        self.n = self.space.size
        self.propagation = propagation
        self.constraint_sharding = constraint_sharding
        self.parent = parent
        self.ops: list[Operation] = []
        self.env: dict[int, _Local] = {}
        # Channel ids are unique over the whole program.
        self._channels: list[int] = parent._channels if parent is not None else [0]
        # The tiling later uses want of a value (results' shardings, sharding
        # constraints, through the ops that keep tiles): a value made from
        # whole values (iota, constants, broadcasts) is made in those tiles.
        self.wanted: dict[int, _Tiling] = parent.wanted if parent is not None else {}
        # The work of the ops each device does whole, and of those it does a
        # block of (see _work), over the program; a probe does not count.
        self.costs: list[float] = parent.costs if parent is not None else [0.0, 0.0]
        self.counting = parent.counting if parent is not None else True
        # A probe's ops are thrown away: it resolves partial sums itself.
        self.probing = parent.probing if parent is not None else False
        # Unreduced values made whole (all-reduced) here, by their value's id,
        # and the ids of the per-device values this block's env holds.
        self._resolved: dict[int, _Local] = {}
        self._holds: set[int] = set()
        self.partial_sums = False  # (the entry's) parameters or results unreduced
        # Values the program makes unreduced (a constraint or result says so):
        # the ops that make them leave their partial sums unsummed.
        self.summands_wanted: set[int] = parent.summands_wanted if parent is not None else set()
        # While an op runs on summands (_on_summands): get() leaves them
        # unreduced, and summing one of them gives up (_NeedsSum).
        self._raw_reads: set[int] | None = None
        self._partition: Value | None = None
        self._offsets: dict[tuple, Value] = {}
        # The reduce-scatters made here, by op id: (the op, its target
        # tiling, scatter dimension, block size), for _combine_all_reduces.
        self.scatters: dict[int, tuple[Operation, _Tiling, int, int]] = {}
        # Values moved to other tilings in this block: (the value, its move)
        # by (the value's id, the tiling).
        self._moved: dict[tuple, tuple[Value, Value]] = {}
        # Per-device broadcast results by value id -> (the operand as the
        # devices held it, the program's broadcast, the device space): moved
        # to other tiles, such a value is broadcast again from its operand
        # moved there, the smaller value (a bias gathered, not its
        # broadcast over the batch exchanged).
        self.broadcasts: dict[int, tuple[Value, _Local, Operation, DeviceSpace]] = \
            parent.broadcasts if parent is not None else {}
        self._zero: Value | None = None

    # -- tilings ----------------------------------------------------------------

    def replicated(self, rank: int) -> _Tiling:
        return np.arange(self.n).reshape([1] * rank + [self.n])

    def read_tiling(self, text: str, t: Any) -> _Tiling | None:
        """The tiling ``text`` (a sharding over every device) gives a value
        of type ``t`` here (over this builder's positions)."""
        return self.space.sub(self.propagation.tiling(text, t))

    def tiling_of(self, text: str | None, t: TensorType) -> _Tiling:
        if text is None:
            return self.replicated(t.rank)
        tiling = self.read_tiling(text, t)
        if tiling is None:
            raise _Refused(f"sharding {text} is not one this pass follows")
        _local_type(t, tiling)
        return tiling

    def layout_of(self, text: str | None, t: Any) -> tuple[_Tiling, np.ndarray | None]:
        """``text``'s tiling and, for an unreduced sharding, its groups."""
        if text is not None and isinstance(t, TensorType):
            found = unreduced_layout(text, t.rank, self.space.ids.size)
            if found is not None and not self.space.is_whole:
                raise _Refused("an unreduced value in a partially manual computation")
            if found is not None:
                tiling, groups = found
                _local_type(t, tiling)
                if not groups_fit(tiling, groups):
                    raise _Refused(f"sharding {text} is not one this pass follows")
                return tiling, canonical_groups(groups)
        return self.tiling_of(text, t), None

    # -- emitting ---------------------------------------------------------------

    def emit(self, name: str, operands: Sequence[Value], result_types: Sequence[Any],
             attributes: dict[str, Any] | None = None, regions: Sequence[Region] = ()
             ) -> Operation:
        op = Operation(name, operands, result_types, attributes, regions)
        self.ops.append(op)
        return op

    def constant(self, array: np.ndarray, element_type: str) -> Value:
        t = TensorType(tuple(array.shape), element_type)
        return self.emit("stablehlo.constant", [], [t],
                         {"value": DenseElements(array, t)}).result

    def partition_index(self) -> Value:
        """This device's partition id, as an i32 scalar (made once)."""
        if self._partition is None:
            pid = self.emit("stablehlo.partition_id", [], [TensorType((), "ui32")]).result
            self._partition = self.emit("stablehlo.convert", [pid],
                                        [TensorType((), "i32")]).result
        return self._partition

    def offset(self, tiling: _Tiling, dim: int, block: int) -> Value:
        """The start of this device's block along ``dim``: a table indexed by
        the partition id."""
        table = np.zeros(self.n, np.int32)
        for index in np.ndindex(*tiling.shape):
            table[tiling[index]] = index[dim] * block
        return self.per_device(table)

    def per_device(self, table: np.ndarray) -> Value:
        """``table[partition id]``, an i32 scalar (made once per table)."""
        table = self.space.table(np.asarray(table, np.int32))
        key = table.tobytes()
        if key not in self._offsets:
            if not table.any():
                value = self.zero()
            else:
                t = self.constant(table, "i32")
                one = self.emit("stablehlo.dynamic_slice", [t, self.partition_index()],
                                [TensorType((1,), "i32")],
                                {"slice_sizes": i64_array([1])}).result
                value = self.emit("stablehlo.reshape", [one], [TensorType((), "i32")]).result
            self._offsets[key] = value
        return self._offsets[key]

    def _groups_attr(self, groups: np.ndarray) -> DenseElements:
        groups = np.asarray(groups, np.int64)
        return DenseElements(groups, TensorType(tuple(groups.shape), "i64"))

    def _channel(self) -> ChannelHandle:
        self._channels[0] += 1
        return ChannelHandle(handle=self._channels[0], type=1)

    def all_gather(self, local: _Local, dim: int) -> _Local:
        tiling = local.tiling
        count = tiling.shape[dim]
        groups = self.space.groups(_along(tiling, dim))
        t = local.value.type
        shape = list(t.shape)
        shape[dim] *= count
        result = self.emit("stablehlo.all_gather", [local.value],
                           [TensorType(tuple(shape), t.element_type, t.encoding)],
                           {"all_gather_dim": IntegerAttr(dim),
                            "replica_groups": self._groups_attr(groups),
                            "channel_handle": self._channel(),
                            "use_global_device_ids": UNIT}).result
        return _Local(result, _replicate(tiling, [dim]))

    def all_reduce(self, value: Value, groups: np.ndarray, reducer: str) -> Value:
        t = value.type
        return self.emit("stablehlo.all_reduce", [value], [t],
                         {"replica_groups": self._groups_attr(self.space.groups(groups)),
                          "channel_handle": self._channel(),
                          "use_global_device_ids": UNIT},
                         [_reducer_region(reducer, t.element_type)]).result

    def reduce_scatter(self, value: Value, groups: np.ndarray, target: _Tiling) -> Value | None:
        """Partial sums over ``groups`` summed straight into ``target``'s
        blocks: one reduce-scatter (each device gets the sum of its block
        only) instead of an all-reduce of the whole value and a slice. None
        when ``target`` does not tile one dimension across each group, in the
        group's order (the gradient of FSDP's sharded weights does)."""
        counts = _counts(target)
        tiled = [d for d, c in enumerate(counts) if c != 1]
        t = value.type
        if len(tiled) != 1 or counts[tiled[0]] != groups.shape[1] \
                or t.shape[tiled[0]] % groups.shape[1]:
            return None
        dim = tiled[0]
        where = {int(dev): index[dim] for index, dev in np.ndenumerate(target)}
        if any([where.get(int(dev)) for dev in row] != list(range(len(row))) for row in groups):
            return None
        shape = list(t.shape)
        shape[dim] //= groups.shape[1]
        op = self.emit("stablehlo.reduce_scatter", [value],
                       [TensorType(tuple(shape), t.element_type, t.encoding)],
                       {"scatter_dimension": IntegerAttr(dim),
                        "replica_groups": self._groups_attr(self.space.groups(groups)),
                        "channel_handle": self._channel(),
                        "use_global_device_ids": UNIT},
                       [_reducer_region("stablehlo.add", t.element_type)])
        self.scatters[id(op)] = (op, target, dim, shape[dim])
        return op.result

    def halo(self, local: _Local, dim: int, left: int, right: int,
             fill: Value | None) -> Value | None:
        """``local``'s block along ``dim`` (tiled) widened by ``left`` elements
        of the previous device's block and ``right`` of the next one's, each
        sent by one collective_permute; past the ends of the dimension the
        value ``fill`` (a scalar; None: zeros, which a permute gives a device
        nobody sends to). None when a neighbour's block is too small to give
        its part."""
        value = local.value
        t = value.type
        size = t.shape[dim]
        if max(left, right) > size or min(left, right) < 0:
            return None
        rows = self.space.groups(_along(local.tiling, dim))
        position = {int(dev): index[dim] for index, dev in np.ndenumerate(local.tiling)}
        count = local.tiling.shape[dim]

        def part(start: int, stop: int) -> Value:
            shape = list(t.shape)
            shape[dim] = stop - start
            starts, limits = [0] * t.rank, list(t.shape)
            starts[dim], limits[dim] = start, stop
            return self.emit("stablehlo.slice", [value], [TensorType(tuple(shape),
                             t.element_type, t.encoding)],
                             {"start_indices": i64_array(starts),
                              "limit_indices": i64_array(limits),
                              "strides": i64_array([1] * t.rank)}).result

        def received(piece: Value, forward: bool, edge: int) -> Value:
            pairs = [(int(row[j]), int(row[j + 1])) if forward else
                     (int(row[j + 1]), int(row[j])) for row in rows
                     for j in range(len(row) - 1)]
            pairs_array = np.asarray(pairs, np.int64).reshape(-1, 2)
            got = self.emit("stablehlo.collective_permute", [piece], [piece.type],
                            {"source_target_pairs": DenseElements(
                                pairs_array, TensorType(pairs_array.shape, "i64")),
                             "channel_handle": self._channel()}).result
            if fill is None:
                return got
            table = np.zeros(self.n, np.int32)
            for dev, index in position.items():
                table[dev] = int(index == edge)
            at_edge = self.emit("stablehlo.compare", [self.per_device(table), self.zero()],
                                [TensorType((), "i1")],
                                {"comparison_direction": ComparisonDirection("NE"),
                                 "compare_type": ComparisonType("SIGNED")}).result
            filled = self.emit("stablehlo.broadcast_in_dim", [fill], [piece.type],
                               {"broadcast_dimensions": i64_array([])}).result
            return self.emit("stablehlo.select", [at_edge, filled, got], [piece.type]).result

        pieces = []
        if left > 0:
            pieces.append(received(part(size - left, size), True, 0))
        pieces.append(value)
        if right > 0:
            pieces.append(received(part(0, right), False, count - 1))
        if len(pieces) == 1:
            return value
        shape = list(t.shape)
        shape[dim] = sum(v.type.shape[dim] for v in pieces)
        return self.emit("stablehlo.concatenate", pieces,
                         [TensorType(tuple(shape), t.element_type, t.encoding)],
                         {"dimension": IntegerAttr(dim)}).result

    def reshard(self, local: _Local, target: _Tiling) -> Value:
        """``local``'s value in ``target``'s blocks (summed first if unreduced,
        unless it is a summand an op runs on where it is: _on_summands)."""
        if local.groups is not None:
            return self._reshard(local, target)
        # One move per value and tiling: the weights an FSDP forward gathered
        # are not gathered again for its backward.
        key = (id(local.value), target.shape, target.tobytes())
        builder: _Builder | None = self
        while builder is not None:
            found = builder._moved.get(key)
            if found is not None and found[0] is local.value and builder.space is self.space:
                return found[1]
            builder = builder.parent
        moved = self._reshard(local, target)
        if moved is not local.value:
            self._moved[key] = (local.value, moved)
        return moved

    def _reshard(self, local: _Local, target: _Tiling) -> Value:
        if local.groups is not None and self._raw_reads is not None \
                and id(local.value) in self._raw_reads and _equivalent(local.tiling, target):
            return local.value
        local = self.resolve(local)
        tiling = local.tiling
        if _equivalent(tiling, target):
            return local.value
        broadcast = self._broadcast_again(local, target)
        if broadcast is not None:
            return broadcast
        sliced = self._slice_within(local, target)
        if sliced is not None:
            return sliced
        exchanged = self._all_to_all(local, target)
        if exchanged is not None:
            return exchanged
        # Only gathering a few dimensions of the current tiling?
        tiled = [d for d, c in enumerate(_counts(tiling)) if c != 1]
        keep = [d for d in tiled if _counts(target)[d] == tiling.shape[d]]
        gather = [d for d in tiled if d not in keep]
        if _equivalent(_replicate(tiling, gather), target):
            for d in gather:
                local = self.all_gather(local, d)
            return local.value
        for d in tiled:
            local = self.all_gather(local, d)
        if not _sharded(target):
            return local.value
        t = local.value.type
        local_t = _local_type(t, target)
        remade = self.remade_smaller(local.value, local_t, target)
        if remade is not None:
            return remade
        starts = []
        for d, (size, block) in enumerate(zip(t.shape, local_t.shape)):
            starts.append(self.zero() if size == block else self.offset(target, d, block))
        return self.emit("stablehlo.dynamic_slice", [local.value, *starts], [local_t],
                         {"slice_sizes": i64_array(local_t.shape)}).result

    def _slice_within(self, local: _Local, target: _Tiling) -> Value | None:
        """``target``'s block cut from the block each device holds, where it
        lies within it (a finer tiling of the same devices: no exchange);
        None elsewhere."""
        counts, wanted = _counts(local.tiling), _counts(target)
        if any(w % c for c, w in zip(counts, wanted)) or counts == wanted:
            return None
        t = local.value.type
        try:
            local_t = _local_type(TensorType(
                tuple(size * c for size, c in zip(t.shape, counts)), t.element_type,
                t.encoding), target)
        except _Refused:
            return None
        held = {int(dev): index[:-1] for index, dev in np.ndenumerate(local.tiling)}
        tables = [np.zeros(self.n, np.int64) for _ in counts]
        for index, dev in np.ndenumerate(target):
            source = held.get(int(dev))
            if source is None:
                return None
            for d, (c, w) in enumerate(zip(counts, wanted)):
                per = w // c  # target blocks per held block along d
                if index[d] // per != source[d]:
                    return None  # another device's block: an exchange
                tables[d][int(dev)] = (index[d] % per) * local_t.shape[d]
        starts = [self.per_device(table) if table.any() else self.zero() for table in tables]
        return self.emit("stablehlo.dynamic_slice", [local.value, *starts], [local_t],
                         {"slice_sizes": i64_array(local_t.shape)}).result

    def _broadcast_again(self, local: _Local, target: _Tiling) -> Value | None:
        """``local``, a broadcast of a smaller operand, broadcast again in
        ``target``'s blocks from its operand moved to the matching tiles."""
        found = self.broadcasts.get(id(local.value))
        # (the value kept beside its id: a probe's values die, their ids recur)
        if found is None or found[0] is not local.value or found[3] is not self.space:
            return None
        _, operand, op, _ = found
        src, dst = op.operands[0].type.shape, op.results[0].type.shape
        if int(np.prod(src)) >= int(np.prod(dst)):
            return None
        dims = list(op.attributes["broadcast_dimensions"])
        operand_tiling = _broadcast_operand_tiling(target, dims, src, dst)
        try:
            local_t = _local_type(op.results[0].type, target)
            _local_type(op.operands[0].type, operand_tiling)
        except _Refused:
            return None
        moved = self.reshard(operand, operand_tiling)
        return self.emit("stablehlo.broadcast_in_dim", [moved], [local_t],
                         dict(op.attributes)).result

    def _all_to_all(self, local: _Local, target: _Tiling) -> Value | None:
        """A dimension's tiles moving to another dimension over the same
        devices (rows to columns): one all-to-all, each device sending each
        other its piece, instead of gathering the whole value and cutting it.
        None when ``target`` is not ``local``'s tiling so moved."""
        tiling = local.tiling
        counts, wanted = _counts(tiling), _counts(target)
        t = local.value.type
        for a, count in enumerate(counts):
            if count == 1 or wanted[a] != 1:
                continue
            for b in range(len(counts)):
                if counts[b] != 1 or wanted[b] != count or t.shape[b] % count \
                        or not _equivalent(np.swapaxes(tiling, a, b), target):
                    continue
                groups = self.space.groups(_along(tiling, a))
                shape = list(t.shape)
                shape[a] *= count
                shape[b] //= count
                return self.emit("stablehlo.all_to_all", [local.value],
                                 [TensorType(tuple(shape), t.element_type, t.encoding)],
                                 {"split_dimension": IntegerAttr(b),
                                  "concat_dimension": IntegerAttr(a),
                                  "split_count": IntegerAttr(count),
                                  "replica_groups": self._groups_attr(groups),
                                  "channel_handle": self._channel()}).result
        return None

    def zero(self) -> Value:
        if self._zero is None:
            self._zero = self.constant(np.zeros((), np.int32), "i32")
        return self._zero

    def remade_smaller(self, value: Value, local_t: TensorType, target: _Tiling
                       ) -> Value | None:
        """A whole value made again at the block's shape instead of cut: a
        splat constant, a broadcast along the cut dimensions, an iota (plus
        the block's offset along its dimension)."""
        owner = value.owner
        if not isinstance(owner, Operation):
            return None
        if owner.name == "stablehlo.iota":
            return self._local_iota(owner, local_t, target)
        if owner.name == "stablehlo.constant":
            splat = owner.attributes["value"].splat_value
            if splat is None:
                return None
            return self.emit("stablehlo.constant", [], [local_t], {
                "value": DenseElements.splat(splat, local_t, splat.dtype)}).result
        if owner.name != "stablehlo.broadcast_in_dim":
            return None
        dims = list(owner.attributes["broadcast_dimensions"])
        src = owner.operands[0].type.shape
        for d, (size, block) in enumerate(zip(value.type.shape, local_t.shape)):
            if size != block and d in dims and src[dims.index(d)] != 1:
                return None
        return self.emit("stablehlo.broadcast_in_dim", [owner.operands[0]], [local_t],
                         dict(owner.attributes)).result

    def _local_iota(self, op: Operation, local_t: TensorType, target: _Tiling) -> Value | None:
        dim = int(op.attributes["iota_dimension"])
        element = local_t.element_type
        if not isinstance(element, str) or element == "i1" or element.startswith("complex"):
            return None
        iota = self.emit("stablehlo.iota", [], [local_t], dict(op.attributes)).result
        if target.shape[dim] == 1:
            return iota
        offset = self.offset(target, dim, local_t.shape[dim])
        scalar = TensorType((), element)
        if element != "i32":
            offset = self.emit("stablehlo.convert", [offset], [scalar]).result
        spread = self.emit("stablehlo.broadcast_in_dim", [offset], [local_t],
                           {"broadcast_dimensions": i64_array([])}).result
        return self.emit("stablehlo.add", [iota, spread], [local_t]).result

    def whole(self, local: _Local) -> Value:
        return self.reshard(local, self.replicated(local.value.type.rank))

    # -- partial sums (spmd_partial_sums.py) --------------------------------------

    def resolve(self, local: _Local) -> _Local:
        """An unreduced value summed over its groups (one all-reduce per
        value, placed in the block that holds it unless this is a probe)."""
        if local.groups is None:
            return local
        key = id(local.value)
        if self._raw_reads is not None and key in self._raw_reads:
            raise _NeedsSum
        owner: _Builder | None = self
        while owner is not None:
            if key in owner._resolved:
                return owner._resolved[key]
            owner = owner.parent
        owner = self
        if not self.probing:
            while owner.parent is not None and key not in owner._holds:
                owner = owner.parent
            if key not in owner._holds:
                owner = self
        element = local.value.type.element_type
        reducer = "stablehlo.or" if element == "i1" else "stablehlo.add"
        done = _Local(owner.all_reduce(local.value, local.groups, reducer), local.tiling)
        owner._resolved[key] = done
        return done

    def to_layout(self, local: _Local, target: _Tiling, groups: np.ndarray | None) -> Value:
        """``local``'s value in ``target``'s blocks, unreduced over
        ``groups`` when given."""
        if groups is None:
            return self.reshard(local, target)
        if local.groups is not None and same_groups(local.groups, groups) \
                and _equivalent(local.tiling, target):
            return local.value
        return self.made_partial(self.resolve(local), target, groups)

    def made_partial(self, local: _Local, target: _Tiling, groups: np.ndarray) -> Value:
        """A value made unreduced over ``groups`` without communication: a
        tiled value whose tiles the groups' devices share out is put in
        zeros at each device's place; otherwise one device of each group
        keeps the value and the others hold zeros."""
        block = tuple(local.value.type.shape)
        starts = spread_starts(local.tiling, target, groups, block) \
            if _sharded(local.tiling) and local.tiling.ndim == target.ndim else None
        t = local.value.type
        if starts is not None:
            shape = tuple(b * h // c for b, h, c in
                          zip(block, _counts(local.tiling), _counts(target)))
            local_t = TensorType(shape, t.element_type, t.encoding)
            zeros = self._zeros(local_t)
            positions = [self.per_device(starts[:, d]) for d in range(len(shape))]
            return self.emit("stablehlo.dynamic_update_slice",
                             [zeros, local.value, *positions], [local_t]).result
        value = self.reshard(local, target)
        keeps = np.zeros(self.n, np.int32)
        keeps[canonical_groups(groups)[:, 0]] = 1
        if keeps.all() or _zeros_from(value):
            return value
        local_t = value.type
        flag = self.emit("stablehlo.convert", [self.per_device(keeps)],
                         [TensorType((), "i1")]).result
        mask = self.emit("stablehlo.broadcast_in_dim", [flag],
                         [TensorType(local_t.shape, "i1")],
                         {"broadcast_dimensions": i64_array([])}).result
        return self.emit("stablehlo.select", [mask, value, self._zeros(local_t)],
                         [local_t]).result

    def _zeros(self, t: TensorType) -> Value:
        zero = np.zeros((), numpy_dtype(t.element_type))
        return self.emit("stablehlo.constant", [], [t],
                         {"value": DenseElements.splat(zero, t, zero.dtype)}).result

    def bind(self, old: Value, local: _Local) -> None:
        self.env[id(old)] = local
        self._holds.add(id(local.value))

    # -- the program ------------------------------------------------------------

    def entry(self, entry: Function, parameter_shardings: Sequence[str | None],
              result_shardings: Sequence[str | None]) -> Function:
        params = [self.layout_of(s, t) for s, t in zip(parameter_shardings, entry.type.inputs)]
        block = Block([_local_type(t, p) for t, (p, _) in zip(entry.type.inputs, params)],
                      argument_names=[a.name_hint for a in entry.arguments])
        for old, new, (tiling, groups) in zip(entry.arguments, block.arguments, params):
            self.bind(old, _Local(new, tiling, groups))
        body = entry.body.entry
        outs = [self.layout_of(text, t) for text, t in zip(result_shardings, entry.type.results)]
        self.partial_sums = any(g is not None for _, g in [*params, *outs])
        self._find_summands_wanted(body, [g for _, g in outs])
        self.want(body, [tiling if text is not None else None
                         for text, (tiling, _) in zip(result_shardings, outs)])
        for op in body.operations:
            if op.name == "func.return":
                results = [self.to_layout(self.get_partial(v), tiling, groups)
                           for v, (tiling, groups) in zip(op.operands, outs)]
                self.emit("func.return", results, [])
                break
            for old, new in zip(op.results, self.op(op)):
                self.bind(old, new)
        block.operations = _without_dead_ops(_combine_all_reduces(self.ops, self))
        result_types = [v.type for v in block.operations[-1].operands]
        keep = ("jax.result_info", "mhlo.memory_kind")
        return Function(entry.name,
                        FunctionType([a.type for a in block.arguments], result_types),
                        Region([block]), entry.visibility,
                        [{k: v for k, v in a.items() if k in ("mhlo.memory_kind",)}
                         for a in entry.arg_attrs],
                        [{k: v for k, v in a.items() if k in keep} for a in entry.res_attrs],
                        dict(entry.attributes), entry.location)

    def want(self, block: Block, returned: Sequence[_Tiling | None]) -> None:
        """Fills ``wanted`` backwards through ``block`` from the tilings its
        terminator's operands are wanted in and the sharding constraints."""
        wanted = self.wanted

        def wish(value: Value, tiling: _Tiling | None) -> None:
            if tiling is not None and _sharded(tiling) and id(value) not in wanted \
                    and isinstance(value.type, TensorType) and tiling.ndim == value.type.rank + 1:
                wanted[id(value)] = tiling

        ops = block.operations
        if ops:
            for v, tiling in zip(ops[-1].operands, returned):
                wish(v, tiling)
        for op in reversed(ops[:-1]):
            try:
                self._want_op(op, wish)
            except (KeyError, ValueError, IndexError, TypeError):
                continue

    def _want_op(self, op: Operation, wish: Callable[[Value, _Tiling | None], None]) -> None:
        name = op.name
        constraint = self.constraint_sharding(op)
        if constraint is not None and len(op.operands) == 1 and not constraint.open_dims:
            t = op.results[0].type
            found = unreduced_layout(constraint.text, t.rank, self.space.ids.size) \
                if isinstance(t, TensorType) else None
            wish(op.operands[0], found[0] if found is not None
                 else self.read_tiling(constraint.text, t))
            return
        outs = [self.wanted.get(id(r)) for r in op.results]
        if all(o is None for o in outs):
            return
        op_def = OP_DEFS.get(name)
        if (op_def is not None and ELEMENTWISE in op_def.traits) or name in _ELEMENTWISE_LIKE:
            if self._elementwise_shapes(op):
                for v in op.operands:
                    if v.type.shape == op.results[0].type.shape:
                        wish(v, outs[0])
        elif name in _PASS_THROUGH:
            for v, o in zip(op.operands, outs):
                wish(v, o)
        elif name == "stablehlo.broadcast_in_dim":
            dims = list(op.attributes["broadcast_dimensions"])
            wish(op.operands[0], _broadcast_operand_tiling(
                outs[0], dims, op.operands[0].type.shape, op.results[0].type.shape))
        elif name == "stablehlo.transpose":
            perm = list(op.attributes["permutation"])
            inverse = [perm.index(d) for d in range(len(perm))]
            wish(op.operands[0], outs[0].transpose(inverse + [len(perm)]))
        elif name == "stablehlo.reshape" and outs[0] is not None:
            wish(op.operands[0], _reshape_tiling(outs[0], op.results[0].type.shape,
                                                 op.operands[0].type.shape))
        elif name == "stablehlo.reduce" and outs[0] is not None:
            # The operand in the result's tiles, its reduced dimensions whole
            # (a sum wanted sharded is then summed straight into its tiles).
            half = len(op.operands) // 2
            dims = sorted(int(d) for d in op.attributes["dimensions"])
            rank = op.operands[0].type.rank
            kept = [d for d in range(rank) if d not in dims]
            tiling = _insert(outs[0], dict(enumerate(kept)), rank)
            for v in op.operands[:half]:
                wish(v, tiling)
        elif name == "stablehlo.while" and _single_blocks(op):
            for v, o in zip(op.operands, outs):
                wish(v, o)
            self.want(op.regions[1].blocks[0], outs)

    def get(self, value: Value) -> _Local:
        """``value`` as the devices hold it, summed if it was unreduced."""
        local = self.get_partial(value)
        return local if self._raw_reads is not None else self.resolve(local)

    def get_partial(self, value: Value) -> _Local:
        """``value`` as the devices hold it, unreduced or not (for the ops
        that keep partial sums apart)."""
        local = self.lookup(id(value))
        if local is None:
            raise _Refused(f"a use of {value!r} defined outside the entry function")
        return local

    def lookup(self, key: int) -> _Local | None:
        builder: _Builder | None = self
        while builder is not None:
            local = builder.env.get(key)
            if local is not None:
                return local
            builder = builder.parent
        return None

    def child(self) -> _Builder:
        return _Builder(self.n, self.propagation, self.constraint_sharding, parent=self)

    def in_space(self, space: DeviceSpace) -> _Builder:
        """A builder over ``space`` whose ops go in line into this one's."""
        return _Builder(space.size, self.propagation, self.constraint_sharding, parent=self,
                        space=space)

    def region(self, block: Block, tilings: Sequence[_Tiling],
               want: Callable[[list[_Local]], list[Any]], probe: bool = False,
               groups: Sequence[np.ndarray | None] | None = None
               ) -> tuple[Region, list[_Tiling], list[np.ndarray | None]]:
        """``block`` (a region's only block) per device, its arguments tiled
        as ``tilings`` (unreduced over ``groups`` where given); what it
        returns (unreduced or not) goes to ``want(returned)``: a tiling, or a
        (tiling, groups) pair to keep it unreduced. A ``probe`` only finds
        the tilings (its work is not counted). Returns the region and the
        tilings and groups it returns."""
        child = self.child()
        child.counting = self.counting and not probe
        child.probing = self.probing or probe
        new = Block([_local_type(a.type, t) for a, t in zip(block.arguments, tilings)],
                    argument_names=[a.name_hint for a in block.arguments])
        groups = groups or [None] * len(tilings)
        for old, arg, tiling, g in zip(block.arguments, new.arguments, tilings, groups):
            child.bind(old, _Local(arg, tiling, g))
        targets: list[_Tiling] = []
        target_groups: list[np.ndarray | None] = []
        for op in block.operations:
            if op.name in ("stablehlo.return", "func.return"):
                returned = [child.get_partial(v) for v in op.operands]
                wanted = [w if isinstance(w, tuple) else (w, None) for w in want(returned)]
                targets = [t for t, _ in wanted]
                target_groups = [g for _, g in wanted]
                values = [child.to_layout(r, t, g) for r, (t, g) in zip(returned, wanted)]
                child.emit(op.name, values, [])
                break
            for old, local in zip(op.results, child.op(op)):
                child.bind(old, local)
        new.operations = _without_dead_ops(_combine_all_reduces(child.ops, child))
        return Region([new]), targets, target_groups

    def op(self, op: Operation) -> list[_Local]:
        locals_ = self._op(op)
        if self.counting:
            cost = _work(op)
            if cost and all(not _sharded(local.tiling) for local in locals_):
                self.costs[0] += cost
            else:
                self.costs[1] += cost
        return locals_

    def _constraint_of(self, op: Operation) -> Constraint | None:
        constraint = self.constraint_sharding(op)
        if constraint is None and op.name == "stablehlo.custom_call" and \
                op.attributes.get("call_target_name") == "Sharding":
            texts = self.propagation.sharding_of(op.attributes, op.result_types)
            if texts and texts[0] is not None:
                constraint = Constraint(texts[0], _unspecified_dims(op))
        return constraint

    def _find_summands_wanted(self, body: Block, results: list[np.ndarray | None]) -> None:
        for op in body.walk():
            constraint = self._constraint_of(op)
            if constraint is not None and len(op.operands) == 1 and \
                    isinstance(op.operands[0].type, TensorType) and unreduced_layout(
                        constraint.text, op.operands[0].type.rank, self.space.ids.size) is not None:
                self.summands_wanted.add(id(op.operands[0]))
        for v, groups in zip(body.operations[-1].operands, results):
            if groups is not None:
                self.summands_wanted.add(id(v))

    def _op(self, op: Operation) -> list[_Local]:
        name = op.name
        constraint = self._constraint_of(op)
        if constraint is not None and len(op.operands) == 1 and len(op.results) == 1:
            return [self.constrained(op, constraint)]
        op_def = OP_DEFS.get(name)
        if ((op_def is not None and ELEMENTWISE in op_def.traits) or name in _ELEMENTWISE_LIKE) \
                and self._elementwise_shapes(op):
            return [self.elementwise(op)]
        if name in _PASS_THROUGH or (
                name == "stablehlo.custom_call" and len(op.operands) == 1
                and op.attributes.get("call_target_name") in IDENTITY_TARGETS):
            ins = [self.get(v) for v in op.operands]
            result = self.clone(op, [i.value for i in ins],
                                [_local_type(r.type, i.tiling) for r, i in zip(op.results, ins)])
            return [_Local(r, i.tiling) for r, i in zip(result.results, ins)]
        handler = _HANDLERS.get(name)
        if handler is not None and name in _MOVES_SUMMANDS:
            done = self._on_summands(op, handler)
            if done is not None:
                return done
        if handler is not None:
            done = handler(self, op)
            if done is not None:
                return done
        return self.on_whole_values(op)

    def _elementwise_shapes(self, op: Operation) -> bool:
        """One result, each operand of its shape or a scalar (select, clamp)."""
        if len(op.results) != 1 or not isinstance(op.results[0].type, TensorType):
            return False
        shape = op.results[0].type.shape
        return any(v.type.shape == shape for v in op.operands) and all(
            isinstance(v.type, TensorType) and (v.type.shape == shape or not v.type.shape)
            for v in op.operands)

    def clone(self, op: Operation, operands: Sequence[Value], result_types: Sequence[Any],
              attributes: dict[str, Any] | None = None) -> Operation:
        cloner = Cloner(values=self._captures())
        regions = [cloner.region(r) for r in op.regions]
        attrs = dict(op.attributes) if attributes is None else attributes
        return self.emit(op.name, operands, result_types, attrs, regions)

    def _captures(self) -> dict[int, Value]:
        return _CaptureMap(self)

    def on_whole_values(self, op: Operation) -> list[_Local]:
        """Any op: each device computes it on whole operands."""
        operands = [self.whole(self.get(v)) for v in op.operands]
        clone = self.clone(op, operands, op.result_types)
        return [_Local(r, self.replicated(r.type.rank)) for r in clone.results]

    def constrained(self, op: Operation, constraint: Constraint) -> _Local:
        t = op.results[0].type
        found = unreduced_layout(constraint.text, t.rank, self.space.ids.size) \
            if isinstance(t, TensorType) else None
        if found is not None:
            target, groups = self.layout_of(constraint.text, t)
            value = self.to_layout(self.get_partial(op.operands[0]), target, groups)
            return _Local(value, target, groups)
        local = self.get(op.operands[0])
        target = self.read_tiling(constraint.text, t)
        if target is None:
            raise _Refused(f"constraint {constraint.text} is not one this pass follows")
        if constraint.open_dims:
            target = _keep_open(local.tiling, target, constraint.open_dims)
        _local_type(t, target)
        return _Local(self.reshard(local, target), target)

    def elementwise(self, op: Operation) -> _Local:
        shape = op.results[0].type.shape
        kept = self._partial_elementwise(op)
        if kept is not None:
            return kept
        ins = [self.get(v) for v in op.operands]
        same = [i for i, v in zip(ins, op.operands) if v.type.shape == shape]
        sharded = [i.tiling for i in same if _sharded(i.tiling)]
        wanted = self.wanted.get(id(op.results[0]))
        # The finest tiling: a coarser operand is cut from what each device
        # holds (_slice_within), a finer one would be gathered.
        finest = max(sharded, key=lambda t: int(np.prod(_counts(t))), default=None)
        target = finest if finest is not None else (wanted if wanted is not None
                                                    else self.replicated(len(shape)))
        operands = [self.reshard(i, target) if v.type.shape == shape else self.whole(i)
                    for i, v in zip(ins, op.operands)]
        result = self.clone(op, operands, [_local_type(op.results[0].type, target)])
        return _Local(result.result, target)

    def _on_summands(self, op: Operation,
                     handler: Callable[[_Builder, Operation], list[_Local] | None]
                     ) -> list[_Local] | None:
        """An op that only moves data (broadcasts, reshapes, slices, updates,
        concatenations...) on operands unreduced alike: run on their
        summands, its result is unreduced alike. Tried by running the
        handler on the unreduced blocks: kept when it used each of them as
        it is, undone when it needed one summed (to move it between devices)."""
        data = _MOVES_SUMMANDS[op.name](op)
        if data is None:
            return None
        raws = [self.get_partial(op.operands[k]) for k in data]
        lead = raws[0]
        if not all(r.groups is not None and same_groups(r.groups, lead.groups) for r in raws):
            return None
        saved = (len(self.ops), dict(self._offsets), self._partition, self._zero,
                 dict(self._resolved), set(self._holds))
        self._raw_reads = {id(r.value) for r in raws}
        try:
            results = handler(self, op)
        except _NeedsSum:
            results = None
        finally:
            self._raw_reads = None
        used = {id(v) for new in self.ops[saved[0]:] for nested in new.walk()
                for v in nested.operands}
        if results is not None and all(id(r.value) in used for r in raws) and all(
                groups_fit(r.tiling, lead.groups) for r in results):
            return [_Local(r.value, r.tiling, lead.groups) for r in results]
        del self.ops[saved[0]:]
        self._offsets, self._partition, self._zero = saved[1], saved[2], saved[3]
        self._resolved, self._holds = saved[4], saved[5]
        return None

    def _partial_elementwise(self, op: Operation) -> _Local | None:
        """The op on unreduced operands' summands, when it is linear in them:
        sums and differences of values unreduced alike, negations, widening
        conversions, products and quotients with one unreduced factor (the
        numerator). None: the caller sums them first."""
        ins = [self.get_partial(v) for v in op.operands]
        partial = [k for k, i in enumerate(ins) if i.groups is not None]
        if not partial:
            return None
        lead = ins[partial[0]]
        shape = op.results[0].type.shape
        if any(v.type.shape != shape for v in op.operands) or not all(
                _equivalent(ins[k].tiling, lead.tiling) and same_groups(ins[k].groups, lead.groups)
                for k in partial):
            return None
        name = op.name
        if name in ("stablehlo.add", "stablehlo.subtract"):
            linear = len(partial) == len(ins)
        elif name == "stablehlo.negate":
            linear = True
        elif name == "stablehlo.convert":
            linear = _widening(op.operands[0].type.element_type, op.results[0].type.element_type)
        elif name == "stablehlo.multiply":
            linear = len(partial) == 1
        elif name == "stablehlo.divide":
            linear = partial == [0]
        else:
            linear = False
        if not linear or op.results[0].type.element_type == "i1":
            return None
        operands = [i.value if i.groups is not None else self.reshard(i, lead.tiling)
                    for i in ins]
        result = self.clone(op, operands, [_local_type(op.results[0].type, lead.tiling)])
        return _Local(result.result, lead.tiling, lead.groups)


def _along(tiling: _Tiling, dim: int) -> np.ndarray:
    """Groups of the devices that hold a value's consecutive tiles along
    ``dim`` (the same other tiles and copy), in tile order."""
    return np.moveaxis(tiling, dim, -1).reshape(-1, tiling.shape[dim])


def _reducer_region(reducer: str, element_type: Any) -> Region:
    """The region of a collective that combines two scalars with ``reducer``."""
    scalar = TensorType((), element_type)
    body = Block([scalar, scalar])
    combined = Operation(reducer, list(body.arguments), [scalar])
    body.append(combined)
    body.append(Operation("stablehlo.return", [combined.result], []))
    return Region([body])


def _zeros_from(value: Value) -> bool:
    """A splat zero constant, or a broadcast of one (summands as they are)."""
    owner = value.owner
    while isinstance(owner, Operation) and owner.name == "stablehlo.broadcast_in_dim":
        owner = owner.operands[0].owner
    if not isinstance(owner, Operation) or owner.name != "stablehlo.constant":
        return False
    splat = owner.attributes["value"].splat_value
    return splat is not None and not np.any(splat)


def _widening(source: Any, target: Any) -> bool:
    """A conversion that keeps every value of ``source`` (float to a wider or
    as wide float, integer to a wider or as wide integer of the same sign)."""
    if not isinstance(source, str) or not isinstance(target, str) or source == "i1":
        return False
    floats = ("bf16", "f16", "f32", "f64")
    if source in floats and target in floats:
        return source == target or (floats.index(source) < floats.index(target)
                                    and (source, target) != ("bf16", "f16"))
    for kind in ("i", "ui"):
        if source.startswith(kind) and target.startswith(kind) \
                and source[len(kind):].isdigit() and target[len(kind):].isdigit():
            return int(source[len(kind):]) <= int(target[len(kind):])
    return False


def _all_reduce_key(op: Operation) -> tuple | None:
    """What all-reduces must share to be combined: their groups of device ids
    (as the partitioner makes them: a channel, global device ids), reducer
    and element type; None for an all-reduce of another form (a manual
    computation's body may hold any)."""
    attrs = op.attributes
    flattened = attrs.get("use_global_device_ids") not in (None, False) and \
        attrs.get("channel_handle") is not None
    groups = attrs.get("replica_groups")
    body = op.regions[0].blocks[0].operations if op.regions and op.regions[0].blocks else []
    if not flattened or not isinstance(groups, DenseElements) or len(body) != 2 \
            or body[0].name not in _REDUCERS:
        return None
    array = groups.array
    return (array.shape, array.tobytes(), body[0].name, op.operands[0].type.element_type)


def _combine_all_reduces(ops: list[Operation], builder: _Builder) -> list[Operation]:
    """The block's all-reduces of the same devices, reducer and element type
    made one (variadic) all-reduce where none needs another's result (those
    as many collectives deep in the block's dependences), placed where the
    last of them was: the ops between that use their results move after it.
    A data-parallel gradient step then exchanges its gradients once, not once
    per gradient. The reduce-scatters the builder made join them, each device
    then slicing its block (XLA's CPU choice: one exchange of every gradient
    of an FSDP step; a reduce-scatter saves no work in this runtime, whose
    collectives gather every contribution)."""
    def candidate(op: Operation) -> tuple | None:
        if (op.name == "stablehlo.all_reduce" and len(op.operands) == 1) or (
                op.name == "stablehlo.reduce_scatter" and id(op) in builder.scatters):
            return _all_reduce_key(op)
        return None

    # An op's depth: how many candidate collectives lie on its longest chain
    # of operands; candidates of one depth need nothing of one another.
    # (a value's depth: its op's, plus one past a candidate)
    after: dict[int, int] = {}
    groups: dict[tuple, list[Operation]] = {}
    for op in ops:
        level = max((after.get(id(v), 0) for nested in op.walk() for v in nested.operands),
                    default=0)
        key = candidate(op)
        for r in op.results:
            after[id(r)] = level + (key is not None)
        if key is not None:
            groups.setdefault((level, key), []).append(op)
    for members in groups.values():
        if len(members) > 1:
            ops = _combined(ops, members, builder)
    return ops


def _combined(ops: list[Operation], members: list[Operation], builder: _Builder
              ) -> list[Operation]:
    """``ops`` with ``members`` (independent candidates, in block order) made
    one all-reduce where the last of them was."""
    ids = {id(m) for m in members}
    positions = [i for i, op in enumerate(ops) if id(op) in ids]
    first, last = positions[0], positions[-1]
    tainted = {id(m.results[0]) for m in members}
    stay: list[Operation] = []
    moved: list[Operation] = []
    for op in ops[first:last + 1]:
        if id(op) in ids:
            continue
        if any(id(v) in tainted for nested in op.walk() for v in nested.operands):
            moved.append(op)
            tainted.update(id(r) for r in op.results)
        else:
            stay.append(op)
    head = members[0]
    attributes = {k: v for k, v in head.attributes.items() if k != "scatter_dimension"}
    combined = Operation("stablehlo.all_reduce", [m.operands[0] for m in members],
                         [m.operands[0].type for m in members], attributes, head.regions)
    made: list[Operation] = [combined]
    renamed: dict[int, Value] = {}
    for old, new in zip(members, combined.results):
        renamed[id(old.results[0])] = new if old.name == "stablehlo.all_reduce" \
            else _block_of(builder, new, old, made)
    rest = moved + ops[last + 1:]
    for op in rest:
        for nested in op.walk():
            nested.operands = [renamed.get(id(v), v) for v in nested.operands]
    return ops[:first] + stay + made + rest


def _block_of(builder: _Builder, whole: Value, scatter: Operation,
              out: list[Operation]) -> Value:
    """This device's block of the reduce-scatter ``scatter``'s all-reduced
    operand ``whole`` (a dynamic slice at its offset), appended to ``out``."""
    _, target, dim, block = builder.scatters[id(scatter)]
    # (fresh offsets: the builder's cached ones may be defined later in the block)
    saved = builder.ops, builder._offsets, builder._zero, builder._partition
    builder.ops, builder._offsets, builder._zero, builder._partition = out, {}, None, None
    try:
        t = whole.type
        starts = [builder.offset(target, d, block) if d == dim else builder.zero()
                  for d in range(t.rank)]
        local_t = scatter.results[0].type
        return builder.emit("stablehlo.dynamic_slice", [whole, *starts], [local_t],
                            {"slice_sizes": i64_array(local_t.shape)}).result
    finally:
        builder.ops, builder._offsets, builder._zero, builder._partition = saved


def _without_dead_ops(ops: list[Operation]) -> list[Operation]:
    """Drops ops whose results nothing uses (every op of a partitioned
    program is free of side effects but its collectives, and every device
    drops the same ones): the whole values a block was remade from."""
    used: set[int] = set()
    kept: list[Operation] = []
    for op in reversed(ops):
        if op is not ops[-1] and op.results and not any(id(r) in used for r in op.results):
            continue
        kept.append(op)
        for nested in op.walk():
            used.update(id(v) for v in nested.operands)
    kept.reverse()
    return kept


class _CaptureMap(dict):
    """Values a cloned region uses from outside it: their whole form."""

    def __init__(self, builder: _Builder) -> None:
        super().__init__()
        self.builder = builder

    def get(self, key: int, default: Any = None) -> Any:
        if key in self:
            return self[key]
        local = self.builder.lookup(key)
        if local is None:
            return default
        whole = self.builder.whole(local)
        self[key] = whole
        return whole


# -- op handlers: None means "run it on whole values" ------------------------------------


def _broadcast(b: _Builder, op: Operation) -> list[_Local] | None:
    local = b.get(op.operands[0])
    dims = list(op.attributes["broadcast_dimensions"])
    src, dst = op.operands[0].type.shape, op.results[0].type.shape
    expanded = [i for i, d in enumerate(dims) if src[i] != dst[d]]
    tiling = _replicate(local.tiling, expanded)
    wanted = b.wanted.get(id(op.results[0]))
    if not _sharded(tiling) and wanted is not None:
        tiling = _broadcast_operand_tiling(wanted, dims, src, dst)
    operand = b.reshard(local, tiling)
    result_tiling = _insert(tiling, dict(enumerate(dims)), len(dst))
    out = b.clone(op, [operand], [_local_type(op.results[0].type, result_tiling)])
    b.broadcasts[id(out.result)] = (out.result, _Local(operand, tiling), op, b.space)
    return [_Local(out.result, result_tiling)]


def _custom_call(b: _Builder, op: Operation) -> list[_Local] | None:
    """A batch-partitionable custom call (jax's LAPACK and solver calls), or
    a batched triangular_solve or cholesky, on
    each device's tiles of its batch dimensions, as XLA partitions it: the
    operands cut the same way along them, whole along the others. None (the
    call on whole values) when no operand's batch dimensions are tiled."""
    count = batch_partitioned_dims(op)
    if not count:
        return None
    ins = [b.get(v) for v in op.operands]
    lead = max((batch_tiling(i.tiling, count, count) for i in ins),
               key=lambda t: t.size // t.shape[-1])
    if not _sharded(lead):
        return None
    operands = [b.reshard(i, batch_tiling(lead, count, v.type.rank))
                for i, v in zip(ins, op.operands)]
    tilings = [batch_tiling(lead, count, r.type.rank) for r in op.results]
    out = b.clone(op, operands, [_local_type(r.type, t) for r, t in zip(op.results, tilings)])
    return [_Local(r, t) for r, t in zip(out.results, tilings)]


def _transpose(b: _Builder, op: Operation) -> list[_Local] | None:
    local = b.get(op.operands[0])
    perm = list(op.attributes["permutation"])
    tiling = local.tiling.transpose(perm + [len(perm)])
    out = b.clone(op, [local.value], [_local_type(op.results[0].type, tiling)])
    return [_Local(out.result, tiling)]


def _reverse(b: _Builder, op: Operation) -> list[_Local] | None:
    local = b.get(op.operands[0])
    tiling = np.flip(local.tiling, axis=list(op.attributes["dimensions"]))
    out = b.clone(op, [local.value], [_local_type(op.results[0].type, tiling)])
    return [_Local(out.result, np.ascontiguousarray(tiling))]


def _reshape(b: _Builder, op: Operation) -> list[_Local] | None:
    local = b.get(op.operands[0])
    old, new = op.operands[0].type.shape, op.results[0].type.shape
    groups = _reshape_groups(old, new)
    if groups is None:
        return None
    counts = _counts(local.tiling)
    new_counts = [1] * len(new)
    gather = []
    for gi, gj in groups:
        tiled = [d for d in gi if counts[d] != 1]
        if not tiled:
            continue
        major_old = next((d for d in gi if old[d] != 1), None)
        major_new = next((d for d in gj if new[d] != 1), None)
        if (tiled == [major_old] and major_new is not None
                and new[major_new] % counts[major_old] == 0):
            new_counts[major_new] = counts[major_old]
        else:
            gather += tiled
    tiling = _replicate(local.tiling, gather)
    operand = b.reshard(local, tiling)
    result_tiling = tiling.reshape(new_counts + [tiling.shape[-1]])
    out = b.clone(op, [operand], [_local_type(op.results[0].type, result_tiling)])
    return [_Local(out.result, result_tiling)]


def _summed(b: _Builder, value: Value, groups: np.ndarray, result: Value,
            rank: int) -> _Local:
    """Whole-shaped partial sums over ``groups`` summed: straight into the
    tiles ``result`` is wanted in when they split one dimension across each
    group (one reduce-scatter, each device getting its tile's sum: a
    gradient wanted sharded, FSDP's), else by an all-reduce."""
    wanted = b.wanted.get(id(result))
    if wanted is not None and value.type.element_type != "i1":
        scattered = b.reduce_scatter(value, groups, wanted)
        if scattered is not None:
            return _Local(scattered, wanted)
    return _Local(b.all_reduce(value, groups, "stablehlo.add"), b.replicated(rank))


def _reduce(b: _Builder, op: Operation) -> list[_Local] | None:
    half = len(op.operands) // 2
    dims = sorted(int(d) for d in op.attributes["dimensions"])
    # (unreduced operands stay so here: reshard sums them where it must)
    ins = [b.get_partial(v) for v in op.operands[:half]]
    inits = [b.whole(b.get(v)) for v in op.operands[half:]]
    first = ins[0].tiling
    reduced_tiled = [d for d in dims if first.shape[d] != 1]
    reducer = _reducer_op(op.regions[0]) if half == 1 else None
    identity = False
    init_op = op.operands[half].owner
    if reducer is not None and isinstance(init_op, Operation) \
            and init_op.name == "stablehlo.constant":
        value = init_op.attributes["value"].splat_value
        identity = value is not None and _is_reducer_identity(reducer, value)
    if ins[0].groups is not None and identity and reducer == "stablehlo.add" \
            and not reduced_tiled:  # a sum of summands: still unreduced
        result_tiling = _drop(first, dims)
        out = b.clone(op, [ins[0].value, *inits],
                      [_local_type(r.type, result_tiling) for r in op.results])
        return [_Local(out.result, result_tiling, ins[0].groups)]
    identity = identity and bool(reduced_tiled)
    tiling = first if identity else _replicate(first, reduced_tiled)
    operands = [b.reshard(i, tiling) for i in ins]
    result_tiling = _drop(tiling, dims)
    out = b.clone(op, [*operands, *inits],
                  [_local_type(r.type, result_tiling) for r in op.results])
    results = list(out.results)
    if identity:
        rank = tiling.ndim - 1
        kept = [d for d in range(rank) if d not in dims]
        groups = tiling.transpose(kept + [rank] + dims).reshape(
            -1, int(np.prod([tiling.shape[d] for d in dims])))
        if reducer == "stablehlo.add" and op.results[0].type.element_type != "i1" \
                and id(op.results[0]) in b.summands_wanted:
            # Each device's sum of its block: the partial sums of the
            # result, summed when a use needs the whole value.
            return [_Local(results[0], result_tiling, canonical_groups(groups))]
        if reducer == "stablehlo.add" and not _sharded(result_tiling):
            return [_summed(b, results[0], groups, op.results[0], rank - len(dims))]
        results = [b.all_reduce(results[0], groups, reducer)]
        # The result tiles are now held by every device of their group.
    return [_Local(r, result_tiling) for r in results]


def _dot(b: _Builder, op: Operation) -> list[_Local] | None:
    dims = op.attributes["dot_dimension_numbers"]
    lhs_batch, rhs_batch = list(dims.lhs_batching_dimensions), list(dims.rhs_batching_dimensions)
    lhs_contract = list(dims.lhs_contracting_dimensions)
    rhs_contract = list(dims.rhs_contracting_dimensions)
    lhs_rank, rhs_rank = op.operands[0].type.rank, op.operands[1].type.rank
    rank = op.results[0].type.rank
    # (unreduced operands stay so here: reshard sums them where it must, and
    # one used as it is makes the product unreduced alike)
    lhs, rhs = b.get_partial(op.operands[0]), b.get_partial(op.operands[1])
    sides = [(lhs, lhs_batch, lhs_contract, lhs_rank), (rhs, rhs_batch, rhs_contract, rhs_rank)]

    def contract_tiled(local: _Local, contract: list[int]) -> bool:
        return any(local.tiling.shape[d] != 1 for d in contract)

    for k in (0, 1):
        # One operand tiled on contracted and free dimensions, the other on
        # the contracted ones only: the free tiles stay.
        other, _, other_contract, _ = sides[1 - k]
        if contract_tiled(sides[k][0], sides[k][2]) \
                and not _sharded(_drop(other.tiling, other_contract)):
            kept = _contract_keeping_free_tiles(b, op, sides, k)
            if kept is not None:
                return kept
    prefer = None
    for k in (0, 1):
        local, batch, contract, r = sides[k]
        if not contract_tiled(local, contract):
            continue
        other, other_batch, other_contract, other_rank = sides[1 - k]
        if _sharded(_drop(other.tiling, other_contract)) \
                and not contract_tiled(other, other_contract):
            # The other operand is tiled on its batch or free dimensions: keep
            # those tiles and gather this one (FSDP's weights), as XLA does,
            # rather than moving the other and summing the products.
            prefer = 1 - k
            continue
        # Both operands tiled alike on the contracted dimensions only: each
        # device multiplies its blocks; the partial products are summed.
        free = [d for d in range(r) if d not in contract]
        mine = _replicate(local.tiling, free)
        core = _drop(mine, free)  # (contracted tile counts..., replication)
        theirs = _insert(core, {i: other_contract[i] for i in range(len(contract))},
                         other_rank)
        operands = [b.reshard(local, mine), b.reshard(other, theirs)]
        if k == 1:
            operands.reverse()
        result_type = op.results[0].type
        out = b.clone(op, operands, [result_type])
        reps = core.shape[-1]
        groups = np.moveaxis(core, -1, 0).reshape(reps, -1)
        if result_type.element_type == "i1":
            return [_Local(b.all_reduce(out.result, groups, "stablehlo.or"), b.replicated(rank))]
        if id(op.results[0]) in b.summands_wanted:
            # Wanted unreduced: the partial products, summed when a use needs
            # the whole value (a gradient accumulated unreduced is summed
            # once, after its loop).
            return [_Local(out.result, b.replicated(rank), canonical_groups(groups))]
        return [_summed(b, out.result, groups, op.results[0], rank)]
    if prefer is None:
        crossed = _dot_on_both_free_tiles(b, op, sides)
        if crossed is not None:
            return crossed
    # No contracted dimension is tiled: the sharded operand keeps its batch
    # and free tiles; the other is whole but for its batch dimensions.
    k = 0 if _sharded(lhs.tiling) or not _sharded(rhs.tiling) else 1
    if prefer is not None:
        k = prefer
    local, batch, contract, r = sides[k]
    other, other_batch, _, other_rank = sides[1 - k]
    free = [d for d in range(r) if d not in batch + contract]
    batch_core = _drop(local.tiling, free + contract)  # batch dims in operand order
    ordered = sorted(batch)
    batch_core = batch_core.transpose([ordered.index(d) for d in batch] + [len(batch)])
    theirs = _insert(batch_core, {i: other_batch[i] for i in range(len(batch))}, other_rank)
    other_value = b.reshard(other, theirs)
    nb = len(batch)
    positions = {i: i for i in range(nb)}
    if k == 0:
        positions.update({nb + i: nb + i for i in range(len(free))})
    else:
        lhs_free = lhs_rank - len(lhs_batch) - len(lhs_contract)
        positions.update({nb + i: nb + lhs_free + i for i in range(len(free))})
    kept = _drop(local.tiling, contract)  # batch then free dims, in operand order
    order = batch + free
    # _drop keeps the operand's dimension order; reorder to batch, free.
    remaining = [d for d in range(r) if d not in contract]
    kept = kept.transpose([remaining.index(d) for d in order] + [len(remaining)])
    result_tiling = _insert(kept, positions, rank)
    operands = [local.value, other_value] if k == 0 else [other_value, local.value]
    out = b.clone(op, operands, [_local_type(op.results[0].type, result_tiling)])
    return [_Local(out.result, result_tiling, local.groups)]


def _contract_keeping_free_tiles(b: _Builder, op: Operation, sides: list[tuple], k: int
                                 ) -> list[_Local] | None:
    """Operand ``k`` tiled on contracted and on free dimensions (not on
    batch ones; a 2-D mesh's activations, batch by one axis and features by
    the other, in a weight gradient): its free tiles are kept (the result is
    tiled on them) and the other operand is cut on the contracted dimensions
    alike; the partial products are summed over the contracted tiles only.
    None where the operand's free dimensions are whole (the caller's case)."""
    local, batch, contract, r = sides[k]
    other, _, other_contract, other_rank = sides[1 - k]
    counts = _counts(local.tiling)
    free = [d for d in range(r) if d not in batch + contract]
    if all(counts[d] == 1 for d in free) or any(counts[d] != 1 for d in batch) \
            or local.groups is not None or other.groups is not None:
        return None
    kept = [d for d in range(r) if d not in contract]
    core = _drop(local.tiling, kept)  # (contracted tile counts..., replication)
    theirs = _insert(core, {i: other_contract[i] for i in range(len(contract))}, other_rank)
    operands = [local.value, b.reshard(other, theirs)]
    if k == 1:
        operands.reverse()
    # Devices differing only in their contracted tiles hold one block's partial products.
    moved = local.tiling.transpose(free + [r] + contract + batch)
    c = int(np.prod([counts[d] for d in contract]))
    groups = moved.reshape(-1, c)
    free_tiling = moved.reshape([counts[d] for d in free] + [-1])
    nb = len(batch)
    start = nb if k == 0 else nb + (sides[0][3] - len(sides[0][1]) - len(sides[0][2]))
    rank = op.results[0].type.rank
    result_tiling = _insert(free_tiling, {i: start + i for i in range(len(free))}, rank)
    out = b.clone(op, operands, [_local_type(op.results[0].type, result_tiling)])
    if op.results[0].type.element_type == "i1":
        return [_Local(b.all_reduce(out.result, groups, "stablehlo.or"), result_tiling)]
    if id(op.results[0]) in b.summands_wanted:
        return [_Local(out.result, result_tiling, canonical_groups(groups))]
    return [_Local(b.all_reduce(out.result, groups, "stablehlo.add"), result_tiling)]


def _dot_on_both_free_tiles(b: _Builder, op: Operation, sides: list[tuple]
                            ) -> list[_Local] | None:
    """Both operands tiled on free dimensions over crossing device axes (a 2-D
    mesh: activations on the batch by one axis, weights on their outputs by
    the other): each device multiplies the blocks it holds into the result's
    block of both tilings, no communication (XLA's choice). None where the
    blocks do not meet that way (each result block held by as many devices,
    the batch tiles alike)."""
    (lhs, lhs_batch, lhs_contract, lhs_rank), (rhs, rhs_batch, rhs_contract, rhs_rank) = sides
    if lhs.groups is not None or rhs.groups is not None:
        return None
    lhs_free = [d for d in range(lhs_rank) if d not in lhs_batch + lhs_contract]
    rhs_free = [d for d in range(rhs_rank) if d not in rhs_batch + rhs_contract]
    lc, rc = _counts(lhs.tiling), _counts(rhs.tiling)
    if any(lc[d] != 1 for d in lhs_contract) or any(rc[d] != 1 for d in rhs_contract) \
            or all(lc[d] == 1 for d in lhs_free) or all(rc[d] == 1 for d in rhs_free):
        return None
    if [lc[d] for d in lhs_batch] != [rc[d] for d in rhs_batch]:
        return None

    def where(tiling: _Tiling) -> dict[int, tuple[int, ...]]:
        return {int(dev): index[:-1] for index, dev in np.ndenumerate(tiling)}

    on_lhs, on_rhs = where(lhs.tiling), where(rhs.tiling)
    if set(on_lhs) != set(on_rhs):
        return None
    shape = [lc[d] for d in lhs_batch] + [lc[d] for d in lhs_free] + [rc[d] for d in rhs_free]
    tile_of = {}
    for dev, li in on_lhs.items():
        ri = on_rhs[dev]
        if [li[d] for d in lhs_batch] != [ri[d] for d in rhs_batch]:
            return None
        tile_of[dev] = tuple(li[d] for d in lhs_batch) + tuple(li[d] for d in lhs_free) + \
            tuple(ri[d] for d in rhs_free)
    tiling = tiling_from_tiles(tile_of, shape)
    if tiling is None:
        return None
    out = b.clone(op, [lhs.value, rhs.value], [_local_type(op.results[0].type, tiling)])
    return [_Local(out.result, tiling)]


def _whole_dims_op(b: _Builder, op: Operation, changed: list[int],
                   attributes: Callable[[TensorType, _Tiling], dict[str, Any]] | None = None,
                   ) -> list[_Local] | None:
    """An op that keeps its operand's unchanged dimensions (slices, pads):
    runs on blocks whose changed dimensions are whole."""
    local = b.get(op.operands[0])
    tiling = _replicate(local.tiling, changed)
    operand = b.reshard(local, tiling)
    rest = [b.whole(b.get(v)) for v in op.operands[1:]]
    result_type = _local_type(op.results[0].type, tiling)
    attrs = dict(op.attributes)
    if attributes is not None:
        attrs.update(attributes(operand.type, tiling))
    out = b.clone(op, [operand, *rest], [result_type], attrs)
    return [_Local(out.result, tiling)]


def _slice(b: _Builder, op: Operation) -> list[_Local] | None:
    src, dst = op.operands[0].type.shape, op.results[0].type.shape
    starts, limits = list(op.attributes["start_indices"]), list(op.attributes["limit_indices"])
    strides = list(op.attributes["strides"])
    changed = [d for d in range(len(src)) if src[d] != dst[d] or starts[d] != 0
               or strides[d] != 1]

    def attributes(t: TensorType, tiling: _Tiling) -> dict[str, Any]:
        new_limits = [t.shape[d] if d not in changed else limits[d] for d in range(len(src))]
        return {"limit_indices": DenseArray("i64", tuple(new_limits))}

    return _whole_dims_op(b, op, changed, attributes)


def _pad(b: _Builder, op: Operation) -> list[_Local] | None:
    low, high = list(op.attributes["edge_padding_low"]), list(op.attributes["edge_padding_high"])
    interior = list(op.attributes["interior_padding"])
    changed = [d for d in range(len(low)) if low[d] or high[d] or interior[d]]
    return _whole_dims_op(b, op, changed)


def _dynamic_slice(b: _Builder, op: Operation) -> list[_Local] | None:
    src, dst = op.operands[0].type.shape, op.results[0].type.shape
    changed = [d for d in range(len(src)) if src[d] != dst[d]]

    def attributes(t: TensorType, tiling: _Tiling) -> dict[str, Any]:
        return {"slice_sizes": i64_array(_local_type(op.results[0].type, tiling).shape)}

    return _whole_dims_op(b, op, changed, attributes)


def _dynamic_update_slice(b: _Builder, op: Operation) -> list[_Local] | None:
    src, upd = op.operands[0].type.shape, op.operands[1].type.shape
    changed = [d for d in range(len(src)) if src[d] != upd[d]]
    operand, update = b.get(op.operands[0]), b.get(op.operands[1])
    base = operand.tiling if _sharded(operand.tiling) else update.tiling
    tiling = _replicate(base, changed)
    values = [b.reshard(operand, tiling), b.reshard(update, tiling)]
    values += [b.whole(b.get(v)) for v in op.operands[2:]]
    out = b.clone(op, values, [_local_type(op.results[0].type, tiling)])
    return [_Local(out.result, tiling)]


def _concatenate(b: _Builder, op: Operation) -> list[_Local] | None:
    dim = int(op.attributes["dimension"])
    ins = [b.get(v) for v in op.operands]
    sharded = [i.tiling for i in ins if _sharded(_replicate(i.tiling, [dim]))]
    tiling = _replicate(sharded[0], [dim]) if sharded else b.replicated(op.results[0].type.rank)
    values = [b.reshard(i, tiling) for i in ins]
    out = b.clone(op, values, [_local_type(op.results[0].type, tiling)])
    return [_Local(out.result, tiling)]


def _tiled_indices(b: _Builder, op: Operation, index_vector_dim: int
                   ) -> tuple[_Tiling, Value, list[int]] | None:
    """A gather's or scatter's indices (operand 1) with their index vector
    dimension whole: (their tiling without that dimension, i.e. over their
    batch dimensions in order; the value; those batch dimensions); None when
    they are not tiled."""
    indices = b.get(op.operands[1])
    tiling = indices.tiling
    rank = tiling.ndim - 1
    value = indices.value
    if index_vector_dim < rank:
        tiling = _replicate(tiling, [index_vector_dim])
        value = b.reshard(indices, tiling)
        tiling = _drop(tiling, [index_vector_dim])
    if not _sharded(tiling):
        return None
    return tiling, value, [d for d in range(rank) if d != index_vector_dim]


def _paired(core: _Tiling, own: list[int], batch_dims: list[int], positions: list[int],
            rank: int) -> _Tiling:
    """A tiling of rank ``rank`` whose dimension ``positions[i]`` is tiled as
    the batch dimension ``own[i]`` of ``core`` (a tiling over the batch
    dimensions ``batch_dims``); the others whole."""
    kept = [d for d in range(len(batch_dims)) if batch_dims[d] not in own]
    reduced = _drop(core, kept)  # the paired dims, in batch order
    order = sorted(own, key=batch_dims.index)
    reduced = reduced.transpose([order.index(d) for d in own] + [len(own)])
    return _insert(reduced, dict(enumerate(positions)), rank)


def _gather(b: _Builder, op: Operation) -> list[_Local] | None:
    """Indices tiled on their batch dimensions: each device gathers its
    indices' rows from the whole operand (or, for batching dimensions, from
    the operand's block of the same batch)."""
    dims = op.attributes["dimension_numbers"]
    found = _tiled_indices(b, op, int(dims.index_vector_dim)) or _indices_as_operand(b, op)
    if found is None:
        return _gather_passing_tiles(b, op) or _gather_from_tiled_rows(b, op)
    core, index_value, batch_dims = found
    operand = b.get(op.operands[0])
    ob, ib = list(dims.operand_batching_dims), list(dims.start_indices_batching_dims)
    operand_target = _paired(core, ib, batch_dims, ob, op.operands[0].type.rank)
    operand_value = b.reshard(operand, operand_target)
    rank = op.results[0].type.rank
    result_batch = [d for d in range(rank) if d not in dims.offset_dims]
    result_tiling = _insert(core, dict(enumerate(result_batch)), rank)
    out = b.clone(op, [operand_value, index_value],
                  [_local_type(op.results[0].type, result_tiling)])
    return [_Local(out.result, result_tiling)]


def _passed_through(tiling: _Tiling, t: TensorType, indexed: list[int], removed: list[int],
                    sizes: list[int] | None) -> tuple[list[int], _Tiling] | None:
    """For a gather's operand (a scatter's operand) tiled only on dimensions
    its slices (update windows) take whole, never indexed: the dimensions the
    window keeps, in order, and the tiling restricted to them; None
    otherwise (or when nothing is tiled)."""
    counts = _counts(tiling)
    tiled = [d for d, c in enumerate(counts) if c != 1]
    if not tiled or any(d in indexed or d in removed or (sizes is not None
                                                         and sizes[d] != t.shape[d])
                        for d in tiled):
        return None
    kept = [d for d in range(t.rank) if d not in removed]
    return kept, _drop(tiling, removed)


def _gather_passing_tiles(b: _Builder, op: Operation) -> list[_Local] | None:
    """Whole indices into an operand tiled on dimensions every slice takes
    whole (a column of pivots gathered from batch-tiled rows, XLA's
    passthrough case): each device gathers from its own block, and the
    result's matching offset dimensions keep the tiles. No communication."""
    dims = op.attributes["dimension_numbers"]
    operand = b.get(op.operands[0])
    t, result_t = op.operands[0].type, op.results[0].type
    removed = sorted({int(d) for d in dims.collapsed_slice_dims}
                     | {int(d) for d in dims.operand_batching_dims})
    sizes = [int(x) for x in op.attributes["slice_sizes"]]
    found = _passed_through(operand.tiling, t, [int(d) for d in dims.start_index_map],
                            removed, sizes)
    if found is None or operand.groups is not None:
        return None
    kept, kept_tiling = found
    offset = sorted(int(d) for d in dims.offset_dims)
    result_tiling = _insert(kept_tiling, dict(enumerate(offset)), result_t.rank)
    local_sizes = [n // c for n, c in zip(sizes, _counts(operand.tiling))]
    attributes = dict(op.attributes, slice_sizes=i64_array(local_sizes))
    out = b.clone(op, [operand.value, b.whole(b.get(op.operands[1]))],
                  [_local_type(result_t, result_tiling)], attributes)
    return [_Local(out.result, result_tiling)]


def _indices_as_operand(b: _Builder, op: Operation) -> tuple[_Tiling, Value, list[int]] | None:
    """Whole indices of a gather whose operand is tiled on batching
    dimensions only: the indices cut to the paired batch tiles, as
    ``_tiled_indices`` gives tiled ones (each device gathers its batch from
    its block)."""
    dims = op.attributes["dimension_numbers"]
    operand = b.get(op.operands[0])
    index_t = op.operands[1].type
    counts = _counts(operand.tiling)
    tiled = [d for d, c in enumerate(counts) if c != 1]
    pairs = dict(zip((int(d) for d in dims.operand_batching_dims),
                     (int(d) for d in dims.start_indices_batching_dims)))
    if not tiled or operand.groups is not None or any(d not in pairs for d in tiled):
        return None
    ivd = int(dims.index_vector_dim)
    batch_dims = [d for d in range(index_t.rank) if d != ivd]
    over_tiled = _drop(operand.tiling, [d for d in range(len(counts)) if d not in tiled])
    core = _insert(over_tiled, {i: batch_dims.index(pairs[d]) for i, d in enumerate(tiled)},
                   len(batch_dims))
    target = _insert(core, dict(enumerate(batch_dims)), index_t.rank)
    return core, b.reshard(b.get(op.operands[1]), target), batch_dims


def _indices_as_updates(b: _Builder, op: Operation) -> tuple[_Tiling, Value, list[int]] | None:
    """Whole indices of a scatter whose updates are tiled on batching
    dimensions only (a batched gather's gradient): the indices cut to the
    updates' batch tiles, as ``_tiled_indices`` gives tiled ones (each
    device then scatters its batch into its block of the operand)."""
    dims = op.attributes["scatter_dimension_numbers"]
    updates = b.get(op.operands[2])
    update_t, index_t = op.operands[2].type, op.operands[1].type
    windows = [int(d) for d in dims.update_window_dims]
    scattered = [d for d in range(update_t.rank) if d not in windows]
    counts = _counts(updates.tiling)
    ivd = int(dims.index_vector_dim)
    batch_dims = [d for d in range(index_t.rank) if d != ivd]
    paired = {int(d) for d in dims.scatter_indices_batching_dims}
    if updates.groups is not None or len(batch_dims) != len(scattered) or any(
            counts[w] != 1 for w in windows) or not _sharded(updates.tiling) or any(
            counts[u] != 1 and batch_dims[i] not in paired for i, u in enumerate(scattered)):
        return None
    core = _drop(updates.tiling, windows)  # over the indices' batch dimensions, in order
    target = _insert(core, dict(enumerate(batch_dims)), index_t.rank)
    return core, b.reshard(b.get(op.operands[1]), target), batch_dims


def _scatter_passing_tiles(b: _Builder, op: Operation) -> list[_Local] | None:
    """Whole indices, the operand and the updates tiled alike on update
    window dimensions that span the operand's (either tiled, the other
    whole: the whole one is cut to the tiles): each device scatters its
    windows' blocks into its block. No communication."""
    dims = op.attributes["scatter_dimension_numbers"]
    t, update_t = op.operands[0].type, op.operands[2].type
    operand, updates = b.get(op.operands[0]), b.get(op.operands[2])
    removed = sorted({int(d) for d in dims.inserted_window_dims}
                     | {int(d) for d in dims.input_batching_dims})
    indexed = [int(d) for d in dims.scatter_dims_to_operand_dims]
    windows = sorted(int(d) for d in dims.update_window_dims)
    kept = [d for d in range(t.rank) if d not in removed]
    if len(kept) != len(windows) or operand.groups is not None or updates.groups is not None:
        return None
    # (the window must span the operand's dimension for its tiles to line up)
    spans = [update_t.shape[w] == t.shape[d] for d, w in zip(kept, windows)]
    found = _passed_through(operand.tiling, t, indexed, removed, None)
    if found is None:  # the operand whole: the updates' window tiles decide
        update_counts = _counts(updates.tiling)
        if any(update_counts[d] != 1 for d in range(update_t.rank) if d not in windows):
            return None
        window_tiling = _drop(updates.tiling, [d for d in range(update_t.rank)
                                               if d not in windows])
        target = _insert(window_tiling, dict(enumerate(kept)), t.rank)
        if _passed_through(target, t, indexed, removed, None) is None:
            return None
    else:
        target = operand.tiling
    target_counts = _counts(target)
    if any(target_counts[d] != 1 and not spans[i] for i, d in enumerate(kept)):
        return None
    window_tiling = _drop(target, removed)
    update_target = _insert(window_tiling, dict(enumerate(windows)), update_t.rank)
    out = b.clone(op, [b.reshard(operand, target), b.whole(b.get(op.operands[1])),
                       b.reshard(updates, update_target)], [_local_type(t, target)])
    return [_Local(out.result, target)]


def _indices_in_blocks(b: _Builder, operand: _Local, local_t: TensorType, t: TensorType,
                       indices: Value, index_t: TensorType, ivd: int, start_map: list[int],
                       tiled: list[int], clamp: bool) -> tuple[Value, Value]:
    """A gather's or scatter's whole indices moved into each device's block
    of an operand tiled on ``tiled`` (indexed dimensions): each index
    component of a tiled dimension less the block's start (clamped to the
    whole operand first with ``clamp``, as a gather clamps), and whether each
    index vector falls in the block (i1, the indices' batch shape)."""
    index_element = index_t.element_type
    irank = index_t.rank
    component_t = TensorType(tuple(1 if d == ivd else n for d, n in enumerate(index_t.shape)),
                             index_element)
    scalar_t = TensorType((), index_element)

    def scalar(value: Value | int) -> Value:
        if isinstance(value, int):
            return b.constant(np.array(value, numpy_dtype(index_element)), index_element)
        if index_element != "i32":
            value = b.emit("stablehlo.convert", [value], [scalar_t]).result
        return value

    def spread(value: Value) -> Value:
        return b.emit("stablehlo.broadcast_in_dim", [value], [component_t],
                      {"broadcast_dimensions": i64_array([])}).result

    parts, masks = [], []
    for k, d in enumerate(start_map):
        if ivd < irank:
            start = [0] * irank
            start[ivd] = k
            limit = list(index_t.shape)
            limit[ivd] = k + 1
            part = b.emit("stablehlo.slice", [indices], [component_t],
                          {"start_indices": i64_array(start), "limit_indices": i64_array(limit),
                           "strides": i64_array([1] * irank)}).result
        else:
            part = indices
        if d in tiled:
            if clamp:
                part = b.emit("stablehlo.clamp", [scalar(0), part, scalar(t.shape[d] - 1)],
                              [component_t]).result
            block_start = scalar(b.offset(operand.tiling, d, local_t.shape[d]))
            part = b.emit("stablehlo.subtract", [part, spread(block_start)], [component_t]).result
            mask_t = TensorType(component_t.shape, "i1")
            kind = ComparisonType("SIGNED" if index_element.startswith("i") else "UNSIGNED")
            low = b.emit("stablehlo.compare", [part, spread(scalar(0))], [mask_t],
                         {"comparison_direction": ComparisonDirection("GE"),
                          "compare_type": kind}).result
            high = b.emit("stablehlo.compare", [part, spread(scalar(local_t.shape[d]))],
                          [mask_t], {"comparison_direction": ComparisonDirection("LT"),
                                     "compare_type": kind}).result
            masks.append(b.emit("stablehlo.and", [low, high], [mask_t]).result)
        parts.append(part)
    if ivd < irank and len(parts) > 1:
        moved = b.emit("stablehlo.concatenate", parts, [index_t],
                       {"dimension": IntegerAttr(ivd)}).result
    else:
        moved = parts[0]
    mask = masks[0]
    for other in masks[1:]:
        mask = b.emit("stablehlo.and", [mask, other], [mask.type]).result
    if ivd < irank:
        batch_shape = tuple(n for i, n in enumerate(index_t.shape) if i != ivd)
        mask = b.emit("stablehlo.reshape", [mask], [TensorType(batch_shape, "i1")]).result
    return moved, mask


def _gather_from_tiled_rows(b: _Builder, op: Operation) -> list[_Local] | None:
    """A gather of single rows (slice size 1) along operand dimensions that
    are tiled, the indices whole (a vocabulary-parallel embedding lookup, a
    cross-entropy's ``take_along_axis`` on vocabulary-tiled logits): each
    device gathers from its block at the indices moved by its block's start,
    keeps what falls in its block (zeros elsewhere), and the devices of the
    tiled dimensions sum (XLA's choice: no gather of the whole operand).
    Indices are clamped as the whole gather would clamp them first."""
    dims = op.attributes["dimension_numbers"]
    operand = b.get(op.operands[0])
    counts = _counts(operand.tiling)
    tiled = [d for d, c in enumerate(counts) if c != 1]
    sizes = [int(x) for x in op.attributes["slice_sizes"]]
    start_map = [int(d) for d in dims.start_index_map]
    t, index_t, result_t = op.operands[0].type, op.operands[1].type, op.results[0].type
    element = result_t.element_type
    index_element = index_t.element_type
    if not tiled or operand.groups is not None or element == "i1" \
            or not isinstance(index_element, str) or index_element[:1] not in ("i", "u") \
            or index_element == "i1" or any(d not in start_map or sizes[d] != 1 for d in tiled):
        return None
    local_t = _local_type(t, operand.tiling)
    local_indices, mask = _indices_in_blocks(b, operand, local_t, t, b.whole(
        b.get(op.operands[1])), index_t, int(dims.index_vector_dim), start_map, tiled,
        clamp=True)
    gathered = b.clone(op, [operand.value, local_indices], [result_t]).result
    result_batch = [d for d in range(result_t.rank) if d not in dims.offset_dims]
    keep = b.emit("stablehlo.broadcast_in_dim", [mask], [TensorType(result_t.shape, "i1")],
                  {"broadcast_dimensions": i64_array(result_batch)}).result
    zero = b.constant(np.zeros((), numpy_dtype(element)), element)
    zeros = b.emit("stablehlo.broadcast_in_dim", [zero], [result_t],
                   {"broadcast_dimensions": i64_array([])}).result
    mine = b.emit("stablehlo.select", [keep, gathered, zeros], [result_t]).result
    rank = operand.tiling.ndim - 1
    untiled = [d for d in range(rank) if d not in tiled]
    groups = operand.tiling.transpose(untiled + [rank] + tiled).reshape(
        -1, int(np.prod([counts[d] for d in tiled])))
    if id(op.results[0]) in b.summands_wanted:
        return [_Local(mine, b.replicated(result_t.rank), canonical_groups(groups))]
    return [_Local(b.all_reduce(mine, groups, "stablehlo.add"), b.replicated(result_t.rank))]


def _scatter(b: _Builder, op: Operation) -> list[_Local] | None:
    """Indices tiled on their batch dimensions: each device scatters its
    updates. Into the operand's own block when every tiled index dimension is
    a batching dimension; else (an add) into zeros, summed over the devices
    and added to the operand."""
    if len(op.operands) != 3:
        return None
    dims = op.attributes["scatter_dimension_numbers"]
    found = _tiled_indices(b, op, int(dims.index_vector_dim)) or _indices_as_updates(b, op)
    if found is None:
        return _scatter_passing_tiles(b, op) or _scatter_into_tiled_rows(b, op)
    core, index_value, batch_dims = found
    operand, updates = b.get(op.operands[0]), b.get(op.operands[2])
    ob, ib = list(dims.input_batching_dims), list(dims.scatter_indices_batching_dims)
    t = op.operands[0].type
    operand_target = _paired(core, ib, batch_dims, ob, t.rank)
    update_rank = op.operands[2].type.rank
    update_scatter = [d for d in range(update_rank) if d not in dims.update_window_dims]
    update_target = _insert(core, dict(enumerate(update_scatter)), update_rank)
    update_value = b.reshard(updates, update_target)
    free_tiled = [i for i, d in enumerate(batch_dims) if d not in ib and core.shape[i] != 1]
    local_t = _local_type(t, operand_target)
    if not free_tiled:
        operand_value = b.reshard(operand, operand_target)
        out = b.clone(op, [operand_value, index_value, update_value], [local_t])
        return [_Local(out.result, operand_target)]
    if _reducer_op(op.regions[0]) != "stablehlo.add" or t.element_type == "i1":
        return None
    # Devices that differ only in the free (non-batching) index tiles hold
    # partial sums: the operand (on one of them) plus their own updates,
    # summed when a use needs the whole value (segment sums, bincounts).
    rank = core.ndim - 1
    others = [d for d in range(rank) if d not in free_tiled]
    groups = canonical_groups(core.transpose(others + [rank] + free_tiled).reshape(
        -1, int(np.prod([core.shape[d] for d in free_tiled]))))
    if not groups_fit(operand_target, groups):
        return None
    start = b.made_partial(_Local(b.reshard(operand, operand_target), operand_target),
                           operand_target, groups)
    out = b.clone(op, [start, index_value, update_value], [local_t])
    partial = _Local(out.result, operand_target, groups)
    if id(op.results[0]) in b.summands_wanted:
        return [partial]
    if not _sharded(operand_target):  # (an embedding's gradient wanted sharded)
        return [_summed(b, out.result, groups, op.results[0], t.rank)]
    return [b.resolve(partial)]


def _scatter_into_tiled_rows(b: _Builder, op: Operation) -> list[_Local] | None:
    """A scatter into single rows (inserted window dimensions) along operand
    dimensions that are tiled, indices and updates whole (the gradient of a
    vocabulary-parallel lookup): each device scatters into its block at the
    indices moved by its block's start; what falls outside the block is
    skipped there, as a scatter skips indices outside its operand, so each
    row gets exactly its updates, in their order (any combiner). No
    communication, and the result keeps the operand's tiles."""
    dims = op.attributes["scatter_dimension_numbers"]
    operand = b.get(op.operands[0])
    counts = _counts(operand.tiling)
    tiled = [d for d, c in enumerate(counts) if c != 1]
    start_map = [int(d) for d in dims.scatter_dims_to_operand_dims]
    inserted = [int(d) for d in dims.inserted_window_dims]
    t, index_t = op.operands[0].type, op.operands[1].type
    index_element = index_t.element_type
    if not tiled or operand.groups is not None or not isinstance(index_element, str) \
            or index_element[:1] not in ("i", "u") or index_element == "i1" \
            or any(d not in start_map or d not in inserted for d in tiled):
        return None
    local_t = _local_type(t, operand.tiling)
    moved, _ = _indices_in_blocks(b, operand, local_t, t, b.whole(b.get(op.operands[1])),
                                  index_t, int(dims.index_vector_dim), start_map, tiled,
                                  clamp=False)
    updates = b.whole(b.get(op.operands[2]))
    out = b.clone(op, [operand.value, moved, updates], [local_t])
    return [_Local(out.result, operand.tiling)]


def _single_blocks(op: Operation) -> bool:
    return all(len(r.blocks) == 1 for r in op.regions)


def _while(b: _Builder, op: Operation) -> list[_Local] | None:
    """The loop runs per device: its carried values keep one tiling through
    the iterations, their initial values' unless the body tiles a value
    they leave whole (a carry computed from tiled inputs, a scan's stacked
    outputs), found by partitioning the body until nothing changes."""
    if not _single_blocks(op):
        return None
    ins = [b.get_partial(v) for v in op.operands]
    tilings = [i.tiling if _sharded(i.tiling) or id(r) not in b.wanted else b.wanted[id(r)]
               for i, r in zip(ins, op.results)]
    # A carry unreduced on the way in or out of the body stays unreduced
    # (a gradient accumulated over the iterations is summed once, after).
    groups = [i.groups for i in ins]
    cond, body = op.regions[0].blocks[0], op.regions[1].blocks[0]
    for _ in range(4):
        _, returned, returned_groups = b.region(
            body, tilings, lambda outs: [(o.tiling, o.groups) for o in outs], probe=True,
            groups=groups)
        merged = [o if _sharded(o) and not _sharded(t) else t
                  for t, o in zip(tilings, returned)]
        merged_groups = [g if g is not None else r for g, r in zip(groups, returned_groups)]
        merged_groups = [g if g is not None and groups_fit(t, g) else None
                         for g, t in zip(merged_groups, merged)]
        if all(_equivalent(m, t) for m, t in zip(merged, tilings)) and all(
                same_groups(m, g) for m, g in zip(merged_groups, groups)):
            break
        tilings, groups = merged, merged_groups
    cond_region, _, _ = b.region(
        cond, tilings, lambda outs: [b.replicated(o.tiling.ndim - 1) for o in outs],
        groups=groups)
    body_region, _, _ = b.region(body, tilings, lambda outs: list(zip(tilings, groups)),
                                 groups=groups)
    operands = [b.to_layout(i, t, g) for i, t, g in zip(ins, tilings, groups)]
    out = b.emit(op.name, operands, [v.type for v in operands], dict(op.attributes),
                 [cond_region, body_region])
    return [_Local(r, t, g) for r, t, g in zip(out.results, tilings, groups)]


def _branches(b: _Builder, op: Operation) -> list[_Local] | None:
    """``if``/``case`` per device on a whole predicate or index; every branch
    returns the first branch's tilings."""
    if not _single_blocks(op) or not op.regions:
        return None
    selector = b.whole(b.get(op.operands[0]))
    _, tilings, _ = b.region(op.regions[0].blocks[0], [],
                             lambda outs: [o.tiling for o in outs], probe=True)
    regions = [b.region(r.blocks[0], [], lambda outs: list(tilings))[0] for r in op.regions]
    out = b.emit(op.name, [selector], [_local_type(r.type, t) for r, t in zip(op.results, tilings)],
                 dict(op.attributes), regions)
    return [_Local(r, t) for r, t in zip(out.results, tilings)]


def _convolution(b: _Builder, op: Operation) -> list[_Local] | None:
    """A batch tiled input convolves with a whole kernel into a batch tiled
    output; inputs tiled alike on the contracted feature dimension (a kernel
    gradient: the batch is there) convolve their blocks and meet in an
    all-reduce sum."""
    done = _convolution_halo(b, op)
    if done is not None:
        return done
    dn = op.attributes["dimension_numbers"]
    feature_groups = int(op.attributes.get("feature_group_count", 1))
    batch_groups = int(op.attributes.get("batch_group_count", 1))
    lhs, rhs = b.get(op.operands[0]), b.get(op.operands[1])
    lhs_rank, rhs_rank = op.operands[0].type.rank, op.operands[1].type.rank
    result_type = op.results[0].type
    feature, batch = int(dn.input_feature_dimension), int(dn.input_batch_dimension)
    tiling = lhs.tiling
    if tiling.shape[feature] != 1 and feature_groups == 1 and batch_groups == 1:
        others = [d for d in range(lhs_rank) if d != feature]
        mine = _replicate(tiling, others)
        core = _drop(mine, others)
        theirs = _insert(core, {0: int(dn.kernel_input_feature_dimension)}, rhs_rank)
        out = b.clone(op, [b.reshard(lhs, mine), b.reshard(rhs, theirs)], [result_type])
        groups = np.moveaxis(core, -1, 0).reshape(core.shape[-1], -1)
        return [_summed(b, out.result, groups, op.results[0], result_type.rank)]
    if tiling.shape[batch] != 1 and batch_groups == 1:
        others = [d for d in range(lhs_rank) if d != batch]
        mine = _replicate(tiling, others)
        core = _drop(mine, others)
        result_tiling = _insert(core, {0: int(dn.output_batch_dimension)}, result_type.rank)
        out = b.clone(op, [b.reshard(lhs, mine), b.whole(rhs)],
                      [_local_type(result_type, result_tiling)])
        return [_Local(out.result, result_tiling)]
    return None


def _convolution_halo(b: _Builder, op: Operation) -> list[_Local] | None:
    """An input tiled on spatial dimensions (and perhaps its batch) convolves
    with the whole kernel: each device takes the halo its windows reach from
    its neighbours (zeros past the ends: the padding) and its output keeps
    the input's tiles, as XLA's windowed partitioning does."""
    dn = op.attributes["dimension_numbers"]
    if int(op.attributes.get("feature_group_count", 1)) != 1 or \
            int(op.attributes.get("batch_group_count", 1)) != 1:
        return None
    lhs = b.get(op.operands[0])
    tiling = lhs.tiling
    feature = int(dn.input_feature_dimension)
    spatial = [int(d) for d in dn.input_spatial_dimensions]
    tiled = [k for k, d in enumerate(spatial) if tiling.shape[d] != 1]
    if lhs.groups is not None or not tiled or tiling.shape[feature] != 1:
        return None
    count = len(spatial)
    strides = _per_dim(op, "window_strides", count, 1)
    lhs_dilation = _per_dim(op, "lhs_dilation", count, 1)
    rhs_dilation = _per_dim(op, "rhs_dilation", count, 1)
    pads = _paddings(op, count)
    reversal = op.attributes.get("window_reversal")
    if any(lhs_dilation[k] != 1 for k in tiled) or (reversal is not None and any(reversal)):
        return None
    kernel_shape = op.operands[1].type.shape
    result_type = op.results[0].type
    out_spatial = [int(d) for d in dn.output_spatial_dimensions]
    dims, out_sizes = {}, {}
    for k in tiled:
        kernel_size = kernel_shape[int(dn.kernel_spatial_dimensions[k])]
        dims[spatial[k]] = _WindowDim(kernel_size, strides[k], rhs_dilation[k],
                                      int(pads[k][0]), int(pads[k][1]))
        out_sizes[spatial[k]] = result_type.shape[out_spatial[k]]
    out_shape = [out_sizes.get(d, 0) for d in range(op.operands[0].type.rank)]
    widened = _halo_operands(b, [lhs], dims, out_shape, [None])
    if widened is None:
        return None
    moved = {int(dn.input_batch_dimension): int(dn.output_batch_dimension)}
    moved.update(dict(zip(spatial, out_spatial)))
    order = sorted(moved)
    result_tiling = _insert(_drop(tiling, [feature]), {k: moved[d] for k, d in enumerate(order)},
                            result_type.rank)
    out = b.clone(op, [widened[0], b.whole(b.get(op.operands[1]))],
                  [_local_type(result_type, result_tiling)], _unpadded(op, pads, tiled))
    return [_Local(out.result, result_tiling)]


def _broadcast_operand_tiling(wanted: _Tiling, dims: list[int], src: Sequence[int],
                              dst: Sequence[int]) -> _Tiling:
    """The operand tiling of a broadcast whose result is wanted in
    ``wanted``: its dimensions tiled as the result dimensions they become,
    those the broadcast expands whole."""
    rank = len(dst)
    expanded = [dims[i] for i in range(len(dims)) if src[i] != dst[dims[i]]]
    kept = _replicate(wanted, expanded)
    dropped = _drop(kept, [d for d in range(rank) if d not in dims])
    ordered = sorted(dims)
    return dropped.transpose([ordered.index(d) for d in dims] + [len(dims)])


def _manual_computation(b: _Builder, op: Operation) -> list[_Local] | None:
    """A fully manual computation (``shard_map``) is per-device code already:
    its operands cut as its ``in_shardings`` say, its body in line, its
    results tiled as its ``out_shardings`` say. A partially manual one's body
    is partitioned in line over its free axes (spmd_device_space.py)."""
    from jaxlib._src.frontends import shardy

    in_shardings = shardy.parse_sharding_per_value(op.attributes["in_shardings"])
    out_shardings = shardy.parse_sharding_per_value(op.attributes["out_shardings"])
    manual = shardy.parse_manual_axes(op.attributes["manual_axes"])
    everything = in_shardings + out_shardings
    if not everything:
        raise _Refused("a manual computation without values")
    mesh = shardy.resolve_mesh(everything[0], b.propagation.module.meshes)
    if b.space.ids.size != len(mesh.logical_ids()):
        raise _Refused("a manual computation over another mesh size")
    manual_here = frozenset(manual) | b.space.manual
    if not manual_here <= set(mesh.axis_names):
        raise _Refused("a manual computation over axes of another mesh")
    if any(not isinstance(t, TensorType) for t in [*op.operand_types, *op.result_types]):
        raise _Refused("a manual computation of tokens")
    in_texts = b.propagation.sharding_of({"sdy.sharding": op.attributes["in_shardings"]},
                                         op.operand_types)
    out_texts = b.propagation.sharding_of({"sdy.sharding": op.attributes["out_shardings"]},
                                          op.result_types)
    if in_texts is None or out_texts is None:
        raise _Refused("a manual computation's shardings are not ones this pass follows")
    body = op.regions[0].blocks[0]
    if manual_here != set(mesh.axis_names):
        space = DeviceSpace.of_mesh(mesh.axis_names, mesh.axis_sizes, mesh.logical_ids(),
                                    manual_here)
        return _partially_manual(b, op, b.in_space(space), in_texts, out_texts)
    if any(nested.name == _MANUAL_COMPUTATION for nested in body.walk()):
        raise _Refused("a manual computation inside a fully manual computation")
    locals_in = []
    for v, text, arg in zip(op.operands, in_texts, body.arguments):
        tiling, groups = b.layout_of(text, v.type)  # (unreduced: each device's summand)
        if _local_type(v.type, tiling) != arg.type:
            raise _Refused(f"a manual computation's block {arg.type} is not its operand's "
                           f"{v.type} cut as {text}")
        locals_in.append(b.to_layout(b.get_partial(v), tiling, groups))
    cloner = Cloner(values={id(arg): value for arg, value in zip(body.arguments, locals_in)})
    for nested in body.operations[:-1]:
        b.ops.append(cloner.op(nested))
    results = []
    for v, text, r in zip(body.operations[-1].operands, out_texts, op.results):
        tiling, groups = b.layout_of(text, r.type)
        value = cloner.values.get(id(v), v)
        if _local_type(r.type, tiling) != value.type:
            raise _Refused(f"a manual computation's result block {value.type} is not its "
                           f"result {r.type} cut as {text}")
        results.append(_Local(value, tiling, groups))
    return results


def _partially_manual(b: _Builder, op: Operation, inner: _Builder,
                      in_texts: list[str | None], out_texts: list[str | None]
                      ) -> list[_Local]:
    """The body of a manual computation over some mesh axes, partitioned by
    ``inner`` over the others: each device's operand blocks are its blocks of
    the body's arguments (tiled over the free axes), the body's ops go in
    line, and its results come back as blocks of the out shardings."""
    body = op.regions[0].blocks[0]
    for text, t in zip([*in_texts, *out_texts], [*op.operand_types, *op.result_types]):
        if text is not None and unreduced_layout(text, t.rank, inner.space.ids.size) is not None:
            raise _Refused("an unreduced value in a partially manual computation")
    returned = [inner.tiling_of(text, r.type) for text, r in zip(out_texts, op.results)]
    inner.want(body, returned)
    for v, text, arg in zip(op.operands, in_texts, body.arguments):
        outer = b.tiling_of(text, v.type)
        tiling = inner.tiling_of(text, v.type)
        if _local_type(v.type, outer) != _local_type(arg.type, tiling):
            raise _Refused(f"a manual computation's block {arg.type} is not its operand's "
                           f"{v.type} cut as {text}")
        inner.bind(arg, _Local(b.reshard(b.get(v), outer), tiling))
    for nested in body.operations[:-1]:
        for old, new in zip(nested.results, inner.op(nested)):
            inner.bind(old, new)
    results = []
    for v, text, r, tiling in zip(body.operations[-1].operands, out_texts, op.results, returned):
        outer = b.tiling_of(text, r.type)
        if _local_type(r.type, outer) != _local_type(v.type, tiling):
            raise _Refused(f"a manual computation's result {v.type} is not its result "
                           f"{r.type} cut as {text}")
        results.append(_Local(inner.reshard(inner.get(v), tiling), outer))
    b.ops.extend(inner.ops)
    return results


def _per_position(b: _Builder, op: Operation, independent: list[int]
                  ) -> list[_Local] | None:
    """An op whose ``independent`` dimensions only index (sorts along another
    dimension, windows of one element there): its tensor operands and
    results keep their tiles there and are whole elsewhere; scalars whole."""
    rank = op.operands[0].type.rank
    first = b.get(op.operands[0])
    tiling = _replicate(first.tiling, [d for d in range(rank) if d not in independent])
    if not _sharded(tiling):
        return None
    values = [b.reshard(b.get(v), tiling) if v.type.rank == rank else b.whole(b.get(v))
              for v in op.operands]
    out = b.clone(op, values, [_local_type(r.type, tiling) for r in op.results])
    return [_Local(r, tiling) for r in out.results]


def _per_dim(op: Operation, name: str, count: int, default: int) -> list[int]:
    """An integer array attribute of a windowed op (``count`` entries)."""
    value = op.attributes.get(name)
    return [default] * count if value is None else [int(v) for v in value]


def _paddings(op: Operation, count: int) -> np.ndarray:
    padding = op.attributes.get("padding")
    return (np.zeros((count, 2), np.int64) if padding is None
            else np.asarray(padding.array).reshape(count, 2))


def _unpadded(op: Operation, pads: np.ndarray, dims: Sequence[int]) -> dict[str, Any]:
    """``op``'s attributes with no padding along ``dims`` (a halo is there)."""
    local = pads.copy()
    local[list(dims)] = 0
    attributes = dict(op.attributes)
    attributes["padding"] = DenseElements(local, TensorType(local.shape, "i64"))
    return attributes


def _window_independent(op: Operation, rank: int) -> list[int]:
    """The dimensions a windowed op's window spans one element of, with unit
    strides and dilations and no padding."""
    window = _per_dim(op, "window_dimensions", rank, 1)
    strides = _per_dim(op, "window_strides", rank, 1)
    base = _per_dim(op, "base_dilations", rank, 1)
    dilations = _per_dim(op, "window_dilations", rank, 1)
    pads = _paddings(op, rank)
    return [d for d in range(rank) if window[d] == strides[d] == base[d] == dilations[d] == 1
            and not pads[d].any()]


def _windowed(b: _Builder, op: Operation) -> list[_Local] | None:
    done = (_reduce_window_halo(b, op) if op.name == "stablehlo.reduce_window"
            else _select_and_scatter_in_blocks(b, op))
    if done is not None:
        return done
    return _per_position(b, op, _window_independent(op, op.operands[0].type.rank))


def _select_and_scatter_in_blocks(b: _Builder, op: Operation) -> list[_Local] | None:
    """A select_and_scatter whose windows tile its operand's blocks exactly
    (window = stride, no padding, blocks a whole number of windows: max
    pooling's gradient over tiled spatial dimensions) runs on each device's
    blocks: no window crosses one."""
    operand = b.get(op.operands[0])
    tiling = operand.tiling
    rank = op.operands[0].type.rank
    window = _per_dim(op, "window_dimensions", rank, 1)
    strides = _per_dim(op, "window_strides", rank, 1)
    pads = _paddings(op, rank)
    shape = op.operands[0].type.shape
    tiled = [d for d in range(rank) if tiling.shape[d] != 1]
    if operand.groups is not None or not tiled or any(
            window[d] != strides[d] or pads[d].any()
            or (shape[d] // tiling.shape[d]) % strides[d] for d in tiled):
        return None
    source = b.reshard(b.get(op.operands[1]), tiling)
    out = b.clone(op, [operand.value, source, b.whole(b.get(op.operands[2]))],
                  [_local_type(op.results[0].type, tiling)])
    return [_Local(out.result, tiling)]


@dataclass(frozen=True)
class _WindowDim:
    """One dimension of a window: its size, stride, window dilation and
    low/high padding (base dilation 1)."""

    window: int
    stride: int
    dilation: int
    low: int
    high: int

    def reach(self, size: int, count: int, out_size: int) -> tuple[list[int], int] | None:
        """Where each of ``count`` devices' windows start relative to its
        block of ``size`` elements (negative: before it, in the previous
        block), and how many input elements its block of the ``out_size``
        windows spans; None when the windows do not split evenly."""
        if out_size % count:
            return None
        windows = out_size // count
        extent = (self.window - 1) * self.dilation + 1
        starts = [i * windows * self.stride - self.low - i * size for i in range(count)]
        return starts, (windows - 1) * self.stride + extent


def _halo_operands(b: _Builder, values: list[_Local], dims: dict[int, _WindowDim],
                   out_shape: Sequence[int], fills: list[Value | None]
                   ) -> list[Value] | None:
    """Each value's elements under its device's windows along the tiled
    windowed ``dims`` (the same tiling for all): its block widened by halos
    from its neighbours, then cut where the windows start (a dynamic slice
    where that differs between devices). None if a window reaches past a
    neighbour's block."""
    tiling = values[0].tiling
    results = [v.value for v in values]
    for d, geometry in dims.items():
        count = tiling.shape[d]
        size = values[0].value.type.shape[d]
        found = geometry.reach(size, count, out_shape[d])
        if found is None:
            return None
        starts, length = found
        left = max(0, -min(starts))
        right = max(0, max(start + length for start in starts) - size)
        if left > size or right > size:
            return None
        position = {int(dev): index[d] for index, dev in np.ndenumerate(tiling)}
        for k, fill in enumerate(fills):
            widened = b.halo(_Local(results[k], tiling), d, left, right, fill)
            if widened is None:
                return None
            results[k] = _window_cut(b, widened, d, [left + start for start in starts],
                                     length, position)
    return results


def _window_cut(b: _Builder, value: Value, dim: int, offsets: list[int], length: int,
                position: dict[int, int]) -> Value:
    """``length`` elements of ``value`` along ``dim`` from each device's
    offset (``offsets`` by block index): a slice, or a dynamic slice when
    the offsets differ."""
    t = value.type
    if offsets[0] == 0 and length == t.shape[dim] and len(set(offsets)) == 1:
        return value
    shape = list(t.shape)
    shape[dim] = length
    cut_t = TensorType(tuple(shape), t.element_type, t.encoding)
    if len(set(offsets)) == 1:
        starts, limits = [0] * t.rank, list(t.shape)
        starts[dim], limits[dim] = offsets[0], offsets[0] + length
        return b.emit("stablehlo.slice", [value], [cut_t],
                      {"start_indices": i64_array(starts), "limit_indices": i64_array(limits),
                       "strides": i64_array([1] * t.rank)}).result
    table = np.zeros(b.n, np.int32)
    for dev, index in position.items():
        table[dev] = offsets[index]
    starts = [b.zero()] * t.rank
    starts[dim] = b.per_device(table)
    return b.emit("stablehlo.dynamic_slice", [value, *starts], [cut_t],
                  {"slice_sizes": i64_array(shape)}).result


def _reduce_window_halo(b: _Builder, op: Operation) -> list[_Local] | None:
    """A reduce_window over tiled dimensions: each device reduces its own
    block plus the neighbours' elements its windows reach (a halo, one
    collective_permute each way, the init past the ends), with no padding
    there; the result keeps the operands' tiles. As XLA's windowed
    partitioning: no all-gather."""
    count = len(op.results)
    rank = op.operands[0].type.rank
    values = [b.get(v) for v in op.operands[:count]]
    if any(v.groups is not None for v in values):
        return None
    tiling = values[0].tiling
    if any(not _equivalent(v.tiling, tiling) for v in values):
        return None
    window = _per_dim(op, "window_dimensions", rank, 1)
    strides = _per_dim(op, "window_strides", rank, 1)
    base = _per_dim(op, "base_dilations", rank, 1)
    dilations = _per_dim(op, "window_dilations", rank, 1)
    pads = _paddings(op, rank)
    independent = set(_window_independent(op, rank))
    dims = {d: _WindowDim(window[d], strides[d], dilations[d], int(pads[d][0]),
                          int(pads[d][1]))
            for d in range(rank) if tiling.shape[d] != 1 and d not in independent}
    if not dims or any(base[d] != 1 for d in dims):
        return None
    fills = [b.whole(b.get(v)) for v in op.operands[count:]]
    out_shape = op.results[0].type.shape
    widened = _halo_operands(b, values, dims, out_shape, fills)
    if widened is None:
        return None
    out = b.clone(op, [*widened, *fills],
                  [_local_type(r.type, tiling) for r in op.results],
                  _unpadded(op, pads, list(dims)))
    return [_Local(r, tiling) for r in out.results]


def _sort(b: _Builder, op: Operation) -> list[_Local] | None:
    rank = op.operands[0].type.rank
    dimension = int(op.attributes.get("dimension", -1)) % max(rank, 1)
    return _per_position(b, op, [d for d in range(rank) if d != dimension])


def _top_k(b: _Builder, op: Operation) -> list[_Local] | None:
    rank = op.operands[0].type.rank
    return _per_position(b, op, list(range(rank - 1)))


def _constant_like(b: _Builder, op: Operation) -> list[_Local] | None:
    wanted = b.wanted.get(id(op.results[0])) if len(op.results) == 1 else None
    if wanted is not None and _sharded(wanted):
        whole = b.clone(op, [], op.result_types).result
        remade = b.remade_smaller(whole, _local_type(op.results[0].type, wanted), wanted)
        if remade is not None:
            return [_Local(remade, wanted)]
        return [_Local(b.reshard(_Local(whole, b.replicated(whole.type.rank)), wanted),
                       wanted)]
    out = b.clone(op, [], op.result_types)
    return [_Local(r, b.replicated(r.type.rank)) for r in out.results]


def _first_operand(op: Operation) -> list[int] | None:
    return [0]


def _padded_with_zero(op: Operation) -> list[int] | None:
    """A pad is linear in its operand only when it pads with zeros."""
    return [0] if _zeros_from(op.operands[1]) else None


# Ops that only move data, and which operands they move (None: not linear):
# run on unreduced operands' summands, they give the summands of the result.
_MOVES_SUMMANDS: dict[str, Callable[[Operation], list[int] | None]] = {
    "stablehlo.broadcast_in_dim": _first_operand,
    "stablehlo.transpose": _first_operand,
    "stablehlo.reshape": _first_operand,
    "stablehlo.reverse": _first_operand,
    "stablehlo.slice": _first_operand,
    "stablehlo.dynamic_slice": _first_operand,
    "stablehlo.dynamic_update_slice": lambda op: [0, 1],
    "stablehlo.concatenate": lambda op: list(range(len(op.operands))),
    "stablehlo.pad": _padded_with_zero,
}


_HANDLERS: dict[str, Callable[[_Builder, Operation], list[_Local] | None]] = {
    "stablehlo.broadcast_in_dim": _broadcast,
    "stablehlo.transpose": _transpose,
    "stablehlo.reverse": _reverse,
    "stablehlo.reshape": _reshape,
    "stablehlo.reduce": _reduce,
    "stablehlo.dot_general": _dot,
    "stablehlo.slice": _slice,
    "stablehlo.pad": _pad,
    "stablehlo.dynamic_slice": _dynamic_slice,
    "stablehlo.dynamic_update_slice": _dynamic_update_slice,
    "stablehlo.concatenate": _concatenate,
    "stablehlo.gather": _gather,
    "stablehlo.reduce_window": _windowed,
    "stablehlo.select_and_scatter": _windowed,
    "stablehlo.sort": _sort,
    "chlo.top_k": _top_k,
    "sdy.manual_computation": _manual_computation,
    "stablehlo.while": _while,
    "stablehlo.if": _branches,
    "stablehlo.case": _branches,
    "stablehlo.convolution": _convolution,
    "stablehlo.scatter": _scatter,
    "stablehlo.constant": _constant_like,
    "stablehlo.iota": _constant_like,
    "stablehlo.custom_call": _custom_call,
    "stablehlo.triangular_solve": _custom_call,  # (batched matrix ops: the same rule)
    "stablehlo.cholesky": _custom_call,
}
