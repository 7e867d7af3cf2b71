"""Collectives across the processes of one execution, process ids, and the
host-transfer ops.

A process is one ``(replica_id, partition_id)`` instance of the program,
running on its own thread under a :class:`ReplicaContext` (see
base/replica_context.py). Collective kernels read the context at run
time, split the process grid into process groups as the StableHLO spec's
"Collective ops" section says (``cross_replica``, ``cross_partition``,
``cross_replica_and_partition``, ``flattened_ids``), and meet the other members
of their group in the context's rendezvous, keyed by ``ctx.next_key(op)``.
A process that is alone in its group computes its result without the
rendezvous, so a single-device program runs collectives over itself.

infeed, outfeed and host-transfer send/recv talk to the *host end* of the
execution, a :class:`HostEndpoint`. ``interpreter.run_parallel`` provides one
(its ``infeed`` attribute fills the infeed queue; sends and receives on the
same channel id meet there). The client runtime has no host end (no
infeed/outfeed transfer API), so those ops fail with UNIMPLEMENTED there.
"""

from __future__ import annotations

import threading
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from jaxlib._src.base import replica_context
from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument, unimplemented
from jaxlib._src.base.replica_context import ReplicaContext
from jaxlib._src.ir.attributes import ChannelHandle, DenseElements
from jaxlib._src.ir.core import ITEMS, SIDE_EFFECT, Operation, Region
from jaxlib._src.ir.types import QuantizedType, TensorType, TokenType, numpy_dtype
from jaxlib._src.ops.reduction import REDUCER_UFUNCS
from jaxlib._src.ops.registry import TOKEN, define_op, with_frame
from jaxlib._src.ops.signatures import (
    infer_all_to_all,
    same_as_operand,
    scalar_result,
    token_result,
)

ProcessId = tuple[int, int]  # (replica_id, partition_id)

CROSS_REPLICA = "cross_replica"
CROSS_PARTITION = "cross_partition"
CROSS_REPLICA_AND_PARTITION = "cross_replica_and_partition"
FLATTENED_IDS = "flattened_ids"


def _fail(message: str) -> None:
    raise ValueError(message)


# -- attributes ------------------------------------------------------------------------


def _int_attr(op: Operation, name: str) -> int:
    value = op.attributes.get(name)
    if value is None:
        _fail(f"missing attribute '{name}'")
    return int(value)


def channel_id(op: Operation) -> int:
    handle = op.attributes.get("channel_handle")
    if handle is None:
        return 0
    if not isinstance(handle, ChannelHandle):
        _fail(f"channel_handle must be #stablehlo.channel_handle, got {handle!r}")
    return int(handle.handle)


def _flag(op: Operation, name: str) -> bool:
    """A unit or bool attribute: present (and not false) means true."""
    value = op.attributes.get(name)
    return value is not None and value is not False


def id_groups(op: Operation, name: str = "replica_groups") -> list[list[int]]:
    """The groups of ``replica_groups`` as lists of ids; ``-1`` pads ragged rows."""
    attr = op.attributes.get(name)
    if attr is None:
        return []
    if not isinstance(attr, DenseElements):
        _fail(f"{name} given as {type(attr).__name__} (e.g. #stablehlo.replica_group_mesh_axes) "
              "is not supported; use a dense tensor of ids")
    array = np.asarray(attr.array)
    if array.size == 0:
        return []
    if array.ndim != 2:
        _fail(f"{name} must be a 2-dimensional tensor, got shape {list(array.shape)}")
    groups = [[int(i) for i in row if i != -1] for row in array.tolist()]
    flat = [i for g in groups for i in g]
    if any(i < 0 for i in flat):
        _fail(f"{name} holds negative ids other than the -1 padding: {array.tolist()}")
    if len(set(flat)) != len(flat):
        _fail(f"{name} ids must be unique, got {array.tolist()}")
    return [g for g in groups if g]


def group_strategy(op: Operation, three_way: bool) -> str:
    """Which process-grid split the op uses (the spec's rules per op)."""
    channel = channel_id(op)
    if not three_way:
        return CROSS_PARTITION if channel > 0 else CROSS_REPLICA
    if _flag(op, "use_global_device_ids"):
        if channel <= 0:
            _fail("use_global_device_ids requires a positive channel_id")
        return FLATTENED_IDS
    return CROSS_REPLICA_AND_PARTITION if channel > 0 else CROSS_REPLICA


# -- process groups --------------------------------------------------------------------


def _check_ids(op_name: str, groups: list[list[int]], limit: int, what: str) -> None:
    for group in groups:
        for i in group:
            if i >= limit:
                raise invalid_argument(
                    f"{op_name}: replica_groups refer to {what} {i}, but the program runs "
                    f"with {limit} {what}{'' if limit == 1 else 's'}")


def process_groups(op_name: str, strategy: str, groups: list[list[int]],
                   num_replicas: int, num_partitions: int) -> list[list[ProcessId]]:
    """Splits the process grid into groups as the spec's four strategies do.
    Empty ``replica_groups`` mean one group of every replica (or partition)."""
    replicas, partitions = range(num_replicas), range(num_partitions)
    if strategy == CROSS_REPLICA:
        groups = groups or [list(replicas)]
        _check_ids(op_name, groups, num_replicas, "replica")
        return [[(r, p) for r in g] for p in partitions for g in groups]
    if strategy == CROSS_PARTITION:
        groups = groups or [list(partitions)]
        _check_ids(op_name, groups, num_partitions, "partition")
        return [[(r, p) for p in g] for r in replicas for g in groups]
    if strategy == CROSS_REPLICA_AND_PARTITION:
        groups = groups or [list(replicas)]
        _check_ids(op_name, groups, num_replicas, "replica")
        return [[(r, p) for p in partitions for r in g] for g in groups]
    if strategy == FLATTENED_IDS:
        groups = groups or [list(range(num_replicas * num_partitions))]
        _check_ids(op_name, groups, num_replicas * num_partitions, "process")
        return [[divmod(i, num_partitions) for i in g] for g in groups]
    raise ValueError(f"unknown process-group strategy {strategy}")


def flat_id(ctx: ReplicaContext, process: ProcessId) -> int:
    return process[0] * ctx.num_partitions + process[1]


class Grouping:
    """The process groups of one collective op, computed per grid size."""

    def __init__(self, op: Operation, three_way: bool):
        self.op = op
        self.strategy = group_strategy(op, three_way)
        self.groups = id_groups(op)
        self._by_grid: dict[tuple[int, int], dict[ProcessId, list[ProcessId]]] = {}

    def group_of(self, ctx: ReplicaContext) -> list[ProcessId] | None:
        grid = (ctx.num_replicas, ctx.num_partitions)
        membership = self._by_grid.get(grid)
        if membership is None:
            membership = {}
            for group in process_groups(self.op.name, self.strategy, self.groups, *grid):
                for process in group:
                    membership[process] = group
            self._by_grid[grid] = membership
        return membership.get((ctx.replica_id, ctx.partition_id))

    def require_group_of(self, ctx: ReplicaContext) -> list[ProcessId]:
        group = self.group_of(ctx)
        if group is None:
            raise invalid_argument(
                f"{self.op.name}: process (replica {ctx.replica_id}, partition "
                f"{ctx.partition_id}) is in no group of replica_groups {self.groups} "
                f"({self.strategy})")
        return group


def exchange(ctx: ReplicaContext, op: Operation, value: Any,
             group: Sequence[ProcessId]) -> list[Any]:
    """Every member's ``value``, in ``group`` order. A process alone in its
    group skips the rendezvous."""
    me = ctx.device_index
    participants = tuple(flat_id(ctx, p) for p in group)
    if participants == (me,):
        return [value]
    # The others read this value after this process has moved on, when a
    # compiled program may already reuse the operand's memory: they get a copy.
    return ctx.rendezvous.exchange(ctx.next_key(op), me, _owned(value), participants)


def _owned(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return np.array(value, copy=True)
    if isinstance(value, (tuple, list)):
        return type(value)(_owned(v) for v in value)
    return value


# -- types -----------------------------------------------------------------------------


def _tensor(t: Any, what: str) -> TensorType:
    if not isinstance(t, TensorType):
        _fail(f"{what} must be a tensor, got {t}")
    return t


def zeros_of(t: TensorType) -> np.ndarray:
    """The spec's zero of a result: ``quantize(0)`` (the zero point) for
    quantized types."""
    element = t.element_type
    dtype = numpy_dtype(element)
    if not isinstance(element, QuantizedType):
        return np.zeros(t.shape, dtype)
    points = np.asarray(element.zero_points)
    if element.quantized_dimension is not None:
        shape = [1] * len(t.shape)
        shape[element.quantized_dimension] = len(points)
        points = points.reshape(shape)
    return np.broadcast_to(points, t.shape).astype(dtype)


def _verify_same_types(op: Operation, operand_types: list, result_types: list) -> None:
    if len(operand_types) != len(result_types):
        _fail(f"{len(result_types)} results for {len(operand_types)} operands")
    for i, (a, r) in enumerate(zip(operand_types, result_types)):
        if a != r:
            _fail(f"result {i} has type {r}, expected the operand's type {a}")


def check_result_shape(op: Operation, index: int, value: np.ndarray) -> np.ndarray:
    expected = tuple(op.results[index].type.shape)
    if value.shape != expected:
        raise invalid_argument(
            f"{op.name}: result {index} would have shape {list(value.shape)} in this process "
            f"grid, but its type says {list(expected)}")
    return value


# -- reductions ------------------------------------------------------------------------

# Lone-op computations numpy applies as they are (the reducers' ufuncs).
_FAST_REDUCERS: dict[str, np.ufunc] = {
    name: ufunc for name, (_, ufunc) in REDUCER_UFUNCS.items()}


def _region_element_type(op: Operation, region: Region) -> Any:
    """Checks that ``computation`` is ``(tensor<E>, tensor<E>) -> tensor<E>``; returns E."""
    if len(region.blocks) != 1:
        _fail("computation must have one block")
    block = region.entry
    arg_types = [a.type for a in block.arguments]
    if len(arg_types) != 2 or arg_types[0] != arg_types[1]:
        _fail(f"computation must take two tensors of one type, got {arg_types}")
    arg = _tensor(arg_types[0], "computation argument")
    if arg.shape != ():
        _fail(f"computation arguments must be 0-d tensors, got {arg}")
    yielded = [v.type for v in block.operations[-1].operands]
    if yielded != [arg]:
        _fail(f"computation must return one {arg}, got {yielded}")
    return arg.element_type


def _fast_reducer(region: Region, dtype: np.dtype) -> np.ufunc | None:
    """The numpy ufunc equal to ``computation`` when it is a lone reducer op
    (add, multiply, maximum, minimum, and, or, xor) of its two arguments on a
    native numpy type."""
    block = region.entry
    if len(block.operations) != 2:
        return None
    body, terminator = block.operations
    ufunc = _FAST_REDUCERS.get(body.name)
    if (ufunc is None or len(terminator.operands) != 1
            or terminator.operands[0] is not body.results[0]
            or len(body.operands) != 2
            or {id(v) for v in body.operands} != {id(a) for a in block.arguments}):
        return None
    if dtype.kind in "biuf":
        return ufunc
    if dtype.kind == "c" and ufunc in (np.add, np.multiply):
        return ufunc  # complex max/min order differs from numpy's
    return None  # narrow ml_dtypes types: the region defines the rounding


class _Reducer:
    """Applies ``computation`` to the values of a group, left to right (the
    spec leaves the tree to the implementation)."""

    def __init__(self, op: Operation, ctx: Any):
        region = op.regions[0]
        element = _region_element_type(op, region)
        if isinstance(element, QuantizedType) or any(
                isinstance(t, TensorType) and isinstance(t.element_type, QuantizedType)
                for t in op.operand_types):
            raise NotImplementedError(f"{op.name} on quantized tensors is not supported")
        self.dtype = numpy_dtype(element)
        self.ufunc = _fast_reducer(region, self.dtype)
        self.body = None if self.ufunc is not None else ctx.compile_region(region)

    def reduce(self, frame: list, values: Sequence[np.ndarray]) -> np.ndarray:
        converted = [v if v.dtype == self.dtype else v.astype(self.dtype) for v in values]
        if self.ufunc is not None:
            if len(converted) == 1:
                return np.array(converted[0], copy=True)  # never hand out an operand
            result = self.ufunc(converted[0], converted[1])
            for value in converted[2:]:
                result = self.ufunc(result, value)
            return np.asarray(result, self.dtype)  # 0-d ufunc results are numpy scalars
        result = np.array(converted[0], dtype=self.dtype, copy=True)
        for value in converted[1:]:
            for index in np.ndindex(*result.shape):
                pair = (np.asarray(result[index]), np.asarray(value[index]))
                result[index] = self.body.run(frame, pair)[0]
        return result


# -- replica_id / partition_id ---------------------------------------------------------


def _verify_process_id(op: Operation) -> None:
    if op.operands or len(op.results) != 1:
        _fail("takes no operands and has one result")
    result = op.results[0].type
    if not (isinstance(result, TensorType) and result.shape == ()
            and result.element_type == "ui32"):
        _fail(f"result must be tensor<ui32>, got {result}")


def _replica_id(op: Operation, ctx: Any):
    return lambda: (np.asarray(replica_context.current().replica_id, np.uint32),)


def _partition_id(op: Operation, ctx: Any):
    return lambda: (np.asarray(replica_context.current().partition_id, np.uint32),)


define_op("stablehlo.replica_id",
          signature="=> result",
          infer=scalar_result("ui32"),
          verify=_verify_process_id, reference=_replica_id,
          syntax=ITEMS, hlo="replica-id")
define_op("stablehlo.partition_id",
          signature="=> result",
          infer=scalar_result("ui32"),
          verify=_verify_process_id, reference=_partition_id,
          syntax=ITEMS, hlo="partition-id")


# -- all_reduce ------------------------------------------------------------------------


def _verify_all_reduce(op: Operation) -> None:
    if not op.operands or len(op.results) != len(op.operands):
        _fail(f"needs as many results as operands (at least one), got {len(op.operands)} "
              f"operands and {len(op.results)} results")
    if len(op.regions) != 1:
        _fail("needs one computation region")
    element = _region_element_type(op, op.regions[0])
    for i, (a, r) in enumerate(zip(op.operand_types, op.result_types)):
        a, r = _tensor(a, f"operand {i}"), _tensor(r, f"result {i}")
        if a.shape != r.shape:
            _fail(f"result {i} shape {r} differs from operand shape {a}")
        if r.element_type != element:
            _fail(f"result {i} element type {r.element_type} differs from the computation's "
                  f"{element}")
    id_groups(op)
    group_strategy(op, three_way=True)


def _all_reduce(op: Operation, ctx: Any):
    grouping = Grouping(op, three_way=True)
    reducer = _Reducer(op, ctx)

    @with_frame
    def kernel(frame, *operands):
        context = replica_context.current()
        group = grouping.require_group_of(context)
        contributions = exchange(context, op, operands, group)
        return tuple(reducer.reduce(frame, [c[i] for c in contributions])
                     for i in range(len(operands)))

    return kernel


define_op("stablehlo.all_reduce",
          signature=("operands_*, replica_groups: Attr, channel_handle: Attr?, "
                     "use_global_device_ids: Unit? -> result* {computation}"),
          verify=_verify_all_reduce, reference=_all_reduce,
          traits={SIDE_EFFECT})


# -- all_gather ------------------------------------------------------------------------


def _verify_all_gather(op: Operation) -> None:
    if not op.operands or len(op.results) != len(op.operands):
        _fail("needs as many results as operands (at least one)")
    dim = _int_attr(op, "all_gather_dim")
    for i, (a, r) in enumerate(zip(op.operand_types, op.result_types)):
        a, r = _tensor(a, f"operand {i}"), _tensor(r, f"result {i}")
        if not 0 <= dim < a.rank:
            _fail(f"all_gather_dim {dim} out of range for rank {a.rank}")
        if a.element_type != r.element_type or a.rank != r.rank:
            _fail(f"result {i} type {r} does not match operand {a}")
        for d, (x, y) in enumerate(zip(a.shape, r.shape)):
            if d == dim:
                if x is not None and y is not None and (y % x if x else y):
                    _fail(f"result {i} dimension {d} ({y}) is not a multiple of the operand's "
                          f"({x})")
            elif x != y:
                _fail(f"result {i} dimension {d} ({y}) differs from the operand's ({x})")
    id_groups(op)
    group_strategy(op, three_way=True)


def _all_gather(op: Operation, ctx: Any):
    grouping = Grouping(op, three_way=True)
    dim = _int_attr(op, "all_gather_dim")

    def kernel(*operands):
        context = replica_context.current()
        group = grouping.require_group_of(context)
        contributions = exchange(context, op, operands, group)
        return tuple(
            check_result_shape(op, i, np.concatenate([c[i] for c in contributions], axis=dim))
            for i in range(len(operands)))

    return kernel


define_op("stablehlo.all_gather",
          signature=("operands_*, all_gather_dim: I64, replica_groups: Attr, channel_handle:"
                     " Attr?, use_global_device_ids: Unit? -> result*"),
          verify=_verify_all_gather, reference=_all_gather,
          traits={SIDE_EFFECT})


# -- reduce_scatter --------------------------------------------------------------------


def _verify_reduce_scatter(op: Operation) -> None:
    if len(op.operands) != 1 or len(op.results) != 1:
        _fail("takes one operand and has one result")
    if len(op.regions) != 1:
        _fail("needs one computation region")
    element = _region_element_type(op, op.regions[0])
    a = _tensor(op.operand_types[0], "operand")
    r = _tensor(op.result_types[0], "result")
    dim = _int_attr(op, "scatter_dimension")
    if not 0 <= dim < a.rank:
        _fail(f"scatter_dimension {dim} out of range for rank {a.rank}")
    if r.element_type != element or r.rank != a.rank:
        _fail(f"result {r} does not match operand {a} and computation type {element}")
    for d, (x, y) in enumerate(zip(a.shape, r.shape)):
        if d == dim:
            if x is not None and y is not None and (x % y if y else x):
                _fail(f"operand dimension {d} ({x}) is not a multiple of the result's ({y})")
        elif x != y:
            _fail(f"result dimension {d} ({y}) differs from the operand's ({x})")
    id_groups(op)
    group_strategy(op, three_way=True)


def _reduce_scatter(op: Operation, ctx: Any):
    grouping = Grouping(op, three_way=True)
    reducer = _Reducer(op, ctx)
    dim = _int_attr(op, "scatter_dimension")

    @with_frame
    def kernel(frame, operand):
        context = replica_context.current()
        group = grouping.require_group_of(context)
        if operand.shape[dim] % len(group):
            raise invalid_argument(
                f"{op.name}: scatter dimension of size {operand.shape[dim]} does not split "
                f"into {len(group)} parts")
        reduced = reducer.reduce(frame, exchange(context, op, operand, group))
        part = np.split(reduced, len(group), axis=dim)[group.index(
            (context.replica_id, context.partition_id))]
        return (check_result_shape(op, 0, np.ascontiguousarray(part)),)

    return kernel


define_op("stablehlo.reduce_scatter",
          signature=("operand, scatter_dimension: I64, replica_groups: Attr, channel_handle:"
                     " Attr?, use_global_device_ids: Unit? -> result {computation}"),
          verify=_verify_reduce_scatter, reference=_reduce_scatter,
          traits={SIDE_EFFECT})


# -- all_to_all ------------------------------------------------------------------------


def _verify_all_to_all(op: Operation) -> None:
    if not op.operands or len(op.results) != len(op.operands):
        _fail("needs as many results as operands (at least one)")
    split_dim = _int_attr(op, "split_dimension")
    concat_dim = _int_attr(op, "concat_dimension")
    count = _int_attr(op, "split_count")
    if count <= 0:
        _fail(f"split_count must be positive, got {count}")
    groups = id_groups(op)
    if any(len(g) != count for g in groups):
        _fail(f"replica groups {groups} must each have split_count = {count} members")
    for i, (a, r) in enumerate(zip(op.operand_types, op.result_types)):
        a, r = _tensor(a, f"operand {i}"), _tensor(r, f"result {i}")
        if not (0 <= split_dim < a.rank and 0 <= concat_dim < a.rank):
            _fail(f"split_dimension {split_dim} / concat_dimension {concat_dim} out of range "
                  f"for rank {a.rank}")
        if a.shape[split_dim] is not None and a.shape[split_dim] % count:
            _fail(f"operand {i} dimension {split_dim} ({a.shape[split_dim]}) is not divisible "
                  f"by split_count {count}")
        expected = list(a.shape)
        if split_dim != concat_dim and expected[split_dim] is not None:
            expected[split_dim] //= count
        if split_dim != concat_dim and expected[concat_dim] is not None:
            expected[concat_dim] *= count
        if r.element_type != a.element_type or list(r.shape) != expected:
            _fail(f"result {i} has type {r}, expected shape {expected} of {a.element_type}")
    group_strategy(op, three_way=False)


def _all_to_all(op: Operation, ctx: Any):
    grouping = Grouping(op, three_way=False)
    split_dim = _int_attr(op, "split_dimension")
    concat_dim = _int_attr(op, "concat_dimension")
    count = _int_attr(op, "split_count")

    def kernel(*operands):
        context = replica_context.current()
        group = grouping.require_group_of(context)
        if len(group) != count:
            raise invalid_argument(
                f"{op.name}: process group {group} has {len(group)} members, but "
                f"split_count is {count}")
        position = group.index((context.replica_id, context.partition_id))
        contributions = exchange(context, op, operands, group)
        results = []
        for i in range(len(operands)):
            parts = [np.split(c[i], count, axis=split_dim)[position] for c in contributions]
            results.append(check_result_shape(op, i, np.concatenate(parts, axis=concat_dim)))
        return tuple(results)

    return kernel


define_op("stablehlo.all_to_all",
          signature=("operands_*, split_dimension: I64, concat_dimension: I64, split_count: "
                     "I64, replica_groups: Attr, channel_handle: Attr? => result*"),
          infer=infer_all_to_all,
          verify=_verify_all_to_all, reference=_all_to_all,
          traits={SIDE_EFFECT})


# -- collective_permute ----------------------------------------------------------------


def source_target_pairs(op: Operation) -> list[tuple[int, int]]:
    attr = op.attributes.get("source_target_pairs")
    if not isinstance(attr, DenseElements):
        _fail("needs a dense 'source_target_pairs' attribute")
    array = np.asarray(attr.array)
    if array.size == 0:
        return []
    if array.ndim != 2 or array.shape[1] != 2:
        _fail(f"source_target_pairs must have shape [N, 2], got {list(array.shape)}")
    pairs = [(int(s), int(t)) for s, t in array.tolist()]
    sources, targets = [s for s, _ in pairs], [t for _, t in pairs]
    if len(set(sources)) != len(sources) or len(set(targets)) != len(targets):
        _fail(f"source_target_pairs sources and targets must be unique, got {pairs}")
    if any(i < 0 for pair in pairs for i in pair):
        _fail(f"source_target_pairs ids must be non-negative, got {pairs}")
    return pairs


def _verify_collective_permute(op: Operation) -> None:
    if len(op.operands) != 1:
        _fail("takes one operand")
    _tensor(op.operand_types[0], "operand")
    _verify_same_types(op, op.operand_types, op.result_types)
    source_target_pairs(op)


def pair_ids(context: ReplicaContext, by_partition: bool, op: Operation,
              pairs: list[tuple[int, int]]) -> tuple[int, Callable[[int], ProcessId]]:
    """This instance's id among the ids ``pairs`` name (partitions with a
    channel, else replicas) and the process of such an id; checks the pairs
    name no id the execution lacks."""
    limit = context.num_partitions if by_partition else context.num_replicas
    axis = "partition" if by_partition else "replica"
    for pair in pairs:
        if max(pair) >= limit:
            raise invalid_argument(
                f"{op.name}: source_target_pairs refer to {axis} {max(pair)}, but the "
                f"program runs with {limit} {axis}{'' if limit == 1 else 's'}")
    me = context.partition_id if by_partition else context.replica_id

    def process(i: int) -> ProcessId:
        return (context.replica_id, i) if by_partition else (i, context.partition_id)

    return me, process


def _collective_permute(op: Operation, ctx: Any):
    pairs = source_target_pairs(op)
    by_partition = channel_id(op) > 0
    target_of = dict(pairs)
    source_of = {t: s for s, t in pairs}
    zeros = zeros_of(op.results[0].type)

    def kernel(operand):
        context = replica_context.current()
        me, process = pair_ids(context, by_partition, op, pairs)
        partners = {me} | {i for i in (target_of.get(me), source_of.get(me)) if i is not None}
        if len(partners) == 1 and me not in source_of:
            return (zeros.copy(),)  # nobody sends here and nobody listens for us
        order = sorted(partners)
        values = exchange(context, op, operand, [process(i) for i in order])
        source = source_of.get(me)
        if source is None:
            return (zeros.copy(),)
        return (np.array(values[order.index(source)], copy=True),)

    return kernel


define_op("stablehlo.collective_permute",
          signature="operand, source_target_pairs: I64Elements, channel_handle: Attr? => result",
          infer=same_as_operand(0),
          verify=_verify_collective_permute,
          reference=_collective_permute, traits={SIDE_EFFECT})


# -- collective_broadcast / collective_reduce ------------------------------------------


def data_and_roots(op: Operation) -> tuple[int, bool]:
    """How many data operands the op has, and whether the last operand holds
    the dynamic roots (one ``si32`` group index per data operand)."""
    dynamic = _flag(op, "has_dynamic_root")
    count = len(op.operands) - (1 if dynamic else 0)
    if count < 1:
        _fail("needs at least one data operand")
    if len(op.results) != count:
        _fail(f"{len(op.results)} results for {count} data operands")
    if dynamic:
        roots = _tensor(op.operand_types[-1], "root operand")
        if roots.element_type != "i32" or roots.shape != (count,):
            _fail(f"the root operand must be tensor<{count}xi32>, got {roots}")
    return count, dynamic


def _verify_rooted(op: Operation) -> None:
    count, _ = data_and_roots(op)
    for i in range(count):
        _tensor(op.operand_types[i], f"operand {i}")
    group_strategy(op, three_way=False)
    id_groups(op)


def _verify_collective_broadcast(op: Operation) -> None:
    _verify_rooted(op)
    count, _ = data_and_roots(op)
    _verify_same_types(op, op.operand_types[:count], op.result_types)


def _verify_collective_reduce(op: Operation) -> None:
    _verify_rooted(op)
    count, _ = data_and_roots(op)
    if len(op.regions) != 1:
        _fail("needs one computation region")
    element = _region_element_type(op, op.regions[0])
    for i in range(count):
        a, r = op.operand_types[i], _tensor(op.result_types[i], f"result {i}")
        if a.shape != r.shape or r.element_type != element:
            _fail(f"result {i} has type {r}, expected the shape of {a} and element type "
                  f"{element}")


def root_positions(op: Operation, operands: tuple, count: int, dynamic: bool,
                    group: list[ProcessId]) -> list[int]:
    if not dynamic:
        return [0] * count
    roots = [int(r) for r in np.asarray(operands[-1]).reshape(-1)]
    for root in roots:
        if not 0 <= root < len(group):
            raise invalid_argument(
                f"{op.name}: dynamic root {root} is out of range for a group of "
                f"{len(group)} processes")
    return roots


def _collective_broadcast(op: Operation, ctx: Any):
    grouping = Grouping(op, three_way=False)
    count, dynamic = data_and_roots(op)
    zeros = [zeros_of(r.type) for r in op.results]

    def kernel(*operands):
        context = replica_context.current()
        group = grouping.group_of(context)
        if group is None:
            return tuple(z.copy() for z in zeros)
        roots = root_positions(op, operands, count, dynamic, group)
        contributions = exchange(context, op, operands[:count], group)
        return tuple(np.array(contributions[roots[j]][j], copy=True) for j in range(count))

    return kernel


define_op("stablehlo.collective_broadcast",
          signature="operand, replica_groups: Attr, channel_handle: Attr? => result",
          infer=same_as_operand(0),
          verify=_verify_collective_broadcast,
          reference=_collective_broadcast, traits={SIDE_EFFECT})


def _collective_reduce(op: Operation, ctx: Any):
    grouping = Grouping(op, three_way=False)
    count, dynamic = data_and_roots(op)
    reducer = _Reducer(op, ctx)
    zeros = [zeros_of(r.type) for r in op.results]

    @with_frame
    def kernel(frame, *operands):
        context = replica_context.current()
        group = grouping.group_of(context)
        if group is None:
            return tuple(z.copy() for z in zeros)
        roots = root_positions(op, operands, count, dynamic, group)
        position = group.index((context.replica_id, context.partition_id))
        contributions = exchange(context, op, operands[:count], group)
        return tuple(
            reducer.reduce(frame, [c[j] for c in contributions]) if roots[j] == position
            else zeros[j].copy()
            for j in range(count))

    return kernel


define_op("stablehlo.collective_reduce", verify=_verify_collective_reduce,
          reference=_collective_reduce, no_hlo=True, traits={SIDE_EFFECT})


# -- the host end: infeed, outfeed, host-transfer send/recv ----------------------------


class HostEndpoint:
    """The host side of one parallel run: an infeed queue shared by its
    processes (each entry produces the values of one infeed), the outfeed
    (every outfeed's values, in arrival order), and one FIFO per channel id
    through which host-transfer sends reach receives."""

    def __init__(self, infeed: Sequence[Callable[[], tuple]] = (), timeout: float = 60.0):
        self._cond = threading.Condition()
        self._infeed: deque[Callable[[], tuple]] = deque(infeed)
        self.outfeed: list[tuple[np.ndarray, ...]] = []
        self._channels: dict[int, deque[tuple]] = {}
        self._timeout = timeout
        self._aborted: str | None = None

    def read_infeed(self, op_name: str) -> tuple:
        with self._cond:
            if not self._infeed:
                raise invalid_argument(f"{op_name}: the infeed queue is empty")
            produce = self._infeed.popleft()
        return produce()

    def write_outfeed(self, values: tuple) -> None:
        with self._cond:
            self.outfeed.append(values)

    def send(self, channel: int, values: tuple) -> None:
        with self._cond:
            self._channels.setdefault(channel, deque()).append(values)
            self._cond.notify_all()

    def recv(self, op_name: str, channel: int) -> tuple:
        with self._cond:
            queue = self._channels.setdefault(channel, deque())
            arrived = self._cond.wait_for(lambda: queue or self._aborted, self._timeout)
            if self._aborted:
                raise XlaRuntimeError(f"CANCELLED: {op_name}: {self._aborted}")
            if not arrived:
                raise XlaRuntimeError(
                    f"DEADLINE_EXCEEDED: {op_name}: nothing was sent on channel {channel} "
                    f"within {self._timeout:g} s")
            return queue.popleft()

    def abort(self, reason: str) -> None:
        """Wakes waiting receives with an error (another process failed)."""
        with self._cond:
            self._aborted = reason
            self._cond.notify_all()


_HOST_ENDPOINTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def attach_host_endpoint(rendezvous: Any, endpoint: HostEndpoint) -> None:
    """Makes ``endpoint`` the host end of the execution that meets in ``rendezvous``."""
    _HOST_ENDPOINTS[rendezvous] = endpoint


def _host_of(op_name: str) -> HostEndpoint:
    endpoint = _HOST_ENDPOINTS.get(replica_context.current().rendezvous)
    if endpoint is None:
        raise unimplemented(
            f"{op_name}: this execution has no host end for infeed/outfeed/host transfers "
            "(the CPU client has no infeed/outfeed transfer API; they run inside "
            "interpreter.run_parallel only)")
    return endpoint


def _verify_infeed(op: Operation) -> None:
    if len(op.operands) != 1 or not isinstance(op.operand_types[0], TokenType):
        _fail("takes one token operand")
    if not op.results or not isinstance(op.result_types[-1], TokenType):
        _fail("its last result must be a token")
    for i, t in enumerate(op.result_types[:-1]):
        _tensor(t, f"result {i}")


def _infeed(op: Operation, ctx: Any):
    types = op.result_types[:-1]

    def kernel(token):
        values = tuple(_host_of(op.name).read_infeed(op.name))
        if len(values) != len(types):
            raise invalid_argument(
                f"{op.name}: the infeed produced {len(values)} values, the op reads "
                f"{len(types)}")
        results = []
        for i, (t, value) in enumerate(zip(types, values)):
            value = np.asarray(value)
            if value.shape != tuple(t.shape) or value.dtype != numpy_dtype(t.element_type):
                raise invalid_argument(
                    f"{op.name}: infeed value {i} is {value.dtype}{list(value.shape)}, the op "
                    f"expects {t}")
            results.append(value)
        return (*results, TOKEN)

    return kernel


define_op("stablehlo.infeed",
          signature="token, infeed_config: Str?, layout: Array? -> result*",
          verify=_verify_infeed, reference=_infeed, no_hlo=True,
          traits={SIDE_EFFECT})


def _verify_outfeed(op: Operation) -> None:
    if not op.operands or not isinstance(op.operand_types[-1], TokenType):
        _fail("its last operand must be a token")
    if len(op.results) != 1 or not isinstance(op.result_types[0], TokenType):
        _fail("has one token result")


def _outfeed(op: Operation, ctx: Any):
    def kernel(*operands):
        _host_of(op.name).write_outfeed(tuple(np.array(v, copy=True) for v in operands[:-1]))
        return (TOKEN,)

    return kernel


define_op("stablehlo.outfeed",
          signature="inputs*, token, outfeed_config: Str? => result",
          infer=token_result,
          verify=_verify_outfeed, reference=_outfeed, no_hlo=True,
          traits={SIDE_EFFECT})


def _host_channel(op: Operation) -> int:
    return channel_id(op)


def _verify_send(op: Operation) -> None:
    _verify_outfeed(op)


# -- send / recv between devices ---------------------------------------------------------
#
# jax's psend/precv (GPU lowering): ``send`` and ``recv`` with
# ``is_host_transfer = false`` and ``source_target_pairs``. As in XLA, the
# device-to-device sends and recvs of one block pair up in program order (the
# k-th send with the k-th recv) and a pair names the same source-target pairs
# without a cycle; a program that breaks this would deadlock, so it does not
# compile. A source posts its value for its target without waiting; a target
# waits for its source's value; a device that is no target receives zeros.

def _device_transfer(op: Operation) -> bool:
    return not _flag(op, "is_host_transfer")


def _walk_blocks(module: Any):
    for function in module.functions:
        if function.body is None:
            continue
        stack = list(function.body.blocks)
        while stack:
            block = stack.pop()
            yield block
            for inner in block.operations:
                for region in inner.regions:
                    stack.extend(region.blocks)


def _pair_sends_and_recvs(module: Any) -> dict[int, Operation]:
    """For each device-to-device send and recv of ``module``: the send of its
    pair (which keys the transfer). Raises ValueError for a program whose
    transfers would deadlock."""
    pairing: dict[int, Operation] = {}
    for block in _walk_blocks(module):
        sends = [o for o in block.operations
                 if o.name == "stablehlo.send" and _device_transfer(o)]
        recvs = [o for o in block.operations
                 if o.name == "stablehlo.recv" and _device_transfer(o)]
        if len(sends) != len(recvs):
            extra = (recvs if len(recvs) > len(sends) else sends)[min(len(sends), len(recvs))]
            _fail(f"Expected send to match recv: {len(sends)} device-to-device send(s) and "
                  f"{len(recvs)} recv(s) in one block; a {extra.name} over "
                  f"{source_target_pairs(extra)} has no partner (the k-th send pairs with "
                  "the k-th recv)")
        for send, recv in zip(sends, recvs):
            send_pairs, recv_pairs = source_target_pairs(send), source_target_pairs(recv)
            if sorted(send_pairs) != sorted(recv_pairs):
                # (XLA's words first: jax's tests match them)
                _fail(f"Deadlock detected. Last checked instructions: %psend over "
                      f"{send_pairs} and %precv over {recv_pairs}, paired (the k-th send "
                      "pairs with the k-th recv)")
            if _has_cycle(send_pairs):
                _fail("Expected send and recv instructions to have non-cyclical "
                      f"source-target pairs, got {send_pairs}")
            pairing[id(send)] = pairing[id(recv)] = send
    return pairing


def _has_cycle(pairs: list[tuple[int, int]]) -> bool:
    target_of = dict(pairs)
    for start in target_of:
        seen, node = {start}, target_of[start]
        while node in target_of:
            if node in seen:
                return True
            seen.add(node)
            node = target_of[node]
    return False


def _partner(op: Operation, ctx: Any) -> Operation:
    lowering = ctx.module_lowering  # one per compilation: the pairing is kept there
    pairing = getattr(lowering, "_send_recv_pairing", None)
    if pairing is None:
        pairing = _pair_sends_and_recvs(lowering.module)
        lowering._send_recv_pairing = pairing
    return pairing[id(op)]


def _transfer_roles(op: Operation) -> tuple[list[tuple[int, int]], bool]:
    if op.attributes.get("source_target_pairs") is None:
        raise unimplemented(f"{op.name} between devices without source_target_pairs")
    return source_target_pairs(op), channel_id(op) > 0


def _device_ids(context: ReplicaContext, by_partition: bool, op: Operation,
                pairs: list[tuple[int, int]]) -> tuple[int, Callable[[int], int]]:
    """This instance's id in ``pairs`` and the flat id of an id there."""
    me, process = pair_ids(context, by_partition, op, pairs)
    return me, lambda i: flat_id(context, process(i))


def _device_send(op: Operation, ctx: Any):
    pairs, by_partition = _transfer_roles(op)
    _partner(op, ctx)  # checks the program's pairing
    target_of = dict(pairs)

    def kernel(*operands):
        context = replica_context.current()
        me, flat = _device_ids(context, by_partition, op, pairs)
        count = context.next_key(op)[1]
        if me in target_of:
            context.rendezvous.post(("send", id(op), count), flat(me),
                                    tuple(np.array(v, copy=True) for v in operands[:-1]))
        return (TOKEN,)

    return kernel


def _device_recv(op: Operation, ctx: Any):
    pairs, by_partition = _transfer_roles(op)
    send = _partner(op, ctx)
    source_of = {t: s for s, t in pairs}
    types = op.result_types[:-1]
    zeros = tuple(zeros_of(t) for t in types)

    def kernel(token):
        context = replica_context.current()
        me, flat = _device_ids(context, by_partition, op, pairs)
        count = context.next_key(op)[1]
        source = source_of.get(me)
        if source is None:
            return (*(z.copy() for z in zeros), TOKEN)
        values = context.rendezvous.receive(("send", id(send), count), flat(source))
        if len(values) != len(types):
            raise invalid_argument(
                f"{op.name}: {len(values)} values were sent, the op receives {len(types)}")
        return (*(_as_received(v, z) for v, z in zip(values, zeros)), TOKEN)

    return kernel


def _as_received(value: np.ndarray, zeros: np.ndarray) -> np.ndarray:
    """A sent value in the receiver's type. A transfer moves bytes, as XLA's
    (NCCL's) does: a value of another shape or type fills the receiver's
    buffer as far as it reaches, zeros after."""
    if value.shape == zeros.shape and value.dtype == zeros.dtype:
        return value
    received = zeros.copy()
    target = received.reshape(-1).view(np.uint8)
    source = np.ascontiguousarray(value).reshape(-1).view(np.uint8)
    n = min(target.size, source.size)
    target[:n] = source[:n]
    return received


def _send(op: Operation, ctx: Any):
    if _device_transfer(op):
        return _device_send(op, ctx)
    channel = _host_channel(op)

    def kernel(*operands):
        _host_of(op.name).send(channel, tuple(np.array(v, copy=True) for v in operands[:-1]))
        return (TOKEN,)

    return kernel


define_op("stablehlo.send",
          signature=("inputs*, token, channel_handle: Attr, is_host_transfer: Bool?, "
                     "source_target_pairs: I64Elements? => result"),
          infer=token_result,
          verify=_verify_send, reference=_send, no_hlo=True, traits={SIDE_EFFECT})


def _recv(op: Operation, ctx: Any):
    if _device_transfer(op):
        return _device_recv(op, ctx)
    channel = _host_channel(op)
    types = op.result_types[:-1]

    def kernel(token):
        values = _host_of(op.name).recv(op.name, channel)
        if len(values) != len(types) or any(
                v.shape != tuple(t.shape) or v.dtype != numpy_dtype(t.element_type)
                for v, t in zip(values, types)):
            raise invalid_argument(
                f"{op.name}: channel {channel} carried "
                f"{[f'{v.dtype}{list(v.shape)}' for v in values]}, the op expects "
                f"{[str(t) for t in types]}")
        return (*values, TOKEN)

    return kernel


define_op("stablehlo.recv",
          signature=("token, channel_handle: Attr, is_host_transfer: Bool?, "
                     "source_target_pairs: I64Elements? -> result*"),
          verify=_verify_infeed, reference=_recv, no_hlo=True,
          traits={SIDE_EFFECT})

