"""Collectives of GPU programs, on the devices.

The replicas of a program run on their GPUs in threads of their own (client.py,
``_execute_replicas``), each under a :class:`GpuReplicaContext` that says which
GPU each replica has. A collective op is a device step here; at run time it
finds its process group as the core's reference kernel does
(ops/collectives.py's ``Grouping``, the spec's four strategies) and then:

- a process alone in its group (a program on one GPU, a replica group of one)
  computes its result from its own operand, on its device: no host step, so
  the program can be captured as a CUDA graph;
- a group of distinct GPUs with NCCL (nccl.py) meets in NCCL's collectives on
  the replicas' streams (a group spanning the processes of a multi-process
  client too, where every process of it has NCCL): all_reduce, all_gather and
  reduce_scatter directly (reduce_scatter and all_gather along any dimension
  through one transposed copy), collective_broadcast from the group's first
  member, and all_to_all and collective_permute as grouped sends and receives;
- otherwise (no NCCL, two instances on one GPU, a reduction NCCL has no word
  for: xor, 16-bit integers, complex products) the members exchange their
  device arrays through the execution's rendezvous, each copies its peers'
  arrays onto its own device (a peer-to-peer copy) and computes there, in the
  reference's order, so the results are the reference's bit for bit.

NCCL sums in its own order (ring or tree), as XLA's GPU backend's do. Steps
that meet other replicas refuse graph capture (``NotCapturable``: such
programs run eagerly). bfloat16 reductions (on its uint16 carriers) round at
each step, as the reference does (NCCL's bfloat16 arithmetic on GPUs).
Reductions in other bodies and dynamic broadcast roots stay host steps.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from jaxlib._src.base import replica_context
from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument
from jaxlib._src.base.replica_context import Rendezvous, ReplicaContext, running_as
from jaxlib._src.ir.core import Operation
from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops.collectives import (
    Grouping,
    ProcessId,
    channel_id,
    check_result_shape,
    data_and_roots,
    exchange,
    flat_id,
    group_strategy,
    id_groups,
    pair_ids,
    process_groups,
    source_target_pairs,
)
from jaxlib.gpu_runtime import nccl
from jaxlib.gpu_runtime.carried import CARRIERS, narrow, widen
from jaxlib.gpu_runtime.solver import NotCapturable


@dataclasses.dataclass
class GpuReplicaContext(ReplicaContext):
    """A replica's context with the GPU of every process of the execution
    (``ordinals[flat id]``, CUDA ordinals; -1 for another process's GPU),
    their global device ids (``device_ids[flat id]``) and whether NCCL may be
    used."""

    ordinals: tuple[int, ...] = ()
    use_nccl: bool = False
    device_ids: tuple[int, ...] = ()


# body op -> (the array namespace's ufunc, NCCL's operation; None where NCCL has none)
_REDUCTIONS = {"stablehlo.add": ("add", nccl.SUM), "stablehlo.multiply": ("multiply", nccl.PROD),
               "stablehlo.maximum": ("maximum", nccl.MAX),
               "stablehlo.minimum": ("minimum", nccl.MIN),
               "stablehlo.and": ("bitwise_and", None), "stablehlo.or": ("bitwise_or", None),
               "stablehlo.xor": ("bitwise_xor", None)}
_CARRIED_REDUCTIONS = ("stablehlo.add", "stablehlo.multiply", "stablehlo.maximum",
                       "stablehlo.minimum")
# on booleans: add, or, max are or (NCCL's max of bytes); multiply, and, min are and
_BOOLEAN_NCCL = {"stablehlo.add": nccl.MAX, "stablehlo.or": nccl.MAX,
                 "stablehlo.maximum": nccl.MAX, "stablehlo.multiply": nccl.MIN,
                 "stablehlo.and": nccl.MIN, "stablehlo.minimum": nccl.MIN}


def _lone_op_body(region: Any) -> str | None:
    block = region.entry
    ops = block.operations
    if len(block.arguments) != 2 or len(ops) != 2:
        return None
    body, ret = ops
    if [id(v) for v in ret.operands] != [id(body.results[0])] or len(body.operands) != 2:
        return None
    if {id(v) for v in body.operands} != {id(a) for a in block.arguments}:
        return None
    return body.name


class _Reduction:
    """A reduction body as the namespace's ufunc (applied left to right, as
    the reference does) and as NCCL's operation and data type, where it has
    them."""

    def __init__(self, xp: Any, name: str, dtype: np.dtype):
        ufunc, op = _REDUCTIONS[name]
        self.xp = xp
        self.combine = getattr(xp, ufunc)
        self.dtype = dtype
        self.view = dtype  # what NCCL reads the operand as
        # bfloat16 and 8-bit floats are carriers of their bits (carried.py): each
        # step computes in f32 and rounds, as the reference's ml_dtypes ufuncs do
        self.carried = dtype in CARRIERS
        if self.carried:
            if name not in _CARRIED_REDUCTIONS:
                raise ValueError(f"bitwise reduction of {dtype}")
            self.dtype = self.view = CARRIERS[dtype]
            self.widen, self.narrow = widen(xp, dtype), narrow(xp, dtype)
        elif dtype.kind == "b":
            op, self.view = _BOOLEAN_NCCL.get(name), np.dtype(np.uint8)
        elif dtype.kind == "c":  # sums add the real and imaginary parts apart
            op = op if op == nccl.SUM else None
            self.view = np.dtype(np.float32 if dtype.itemsize == 8 else np.float64)
        elif dtype.kind == "f" and name in ("stablehlo.and", "stablehlo.or",
                                            "stablehlo.xor"):
            raise ValueError("bitwise reduction of floats")
        self.nccl_op = op
        self.nccl_type = None if op is None else nccl.data_type(dtype if self.carried
                                                                 else self.view)

    @property
    def on_nccl(self) -> bool:
        return self.nccl_type is not None

    def reduce(self, values: Sequence[Any]) -> Any:
        result = values[0]
        for value in values[1:]:
            if self.carried:
                result = self.narrow(self.combine(self.widen(result), self.widen(value)))
            else:
                result = self.combine(result, value)
        return self.xp.asarray(result, dtype=self.dtype)  # 0-d: numpy gives scalars


def reduction(op: Operation, xp: Any) -> _Reduction | None:
    name = _lone_op_body(op.regions[0])
    if name not in _REDUCTIONS:
        return None
    dtype = numpy_dtype(op.result_types[0].element_type)
    if dtype.kind == "c" and name in ("stablehlo.maximum", "stablehlo.minimum"):
        return None  # complex order: the reference's region
    try:
        return _Reduction(xp, name, dtype)
    except ValueError:
        return None


# --- how the members of a group meet --------------------------------------------------

def _check_not_capturing(xp: Any, op: Operation) -> None:
    if xp is not np and xp.cuda.get_current_stream().is_capturing():
        raise NotCapturable(f"{op.name} meets other replicas")


def _link(context: ReplicaContext, xp: Any, members: Sequence[int]) -> nccl.Link | None:
    """This process's end of an NCCL communicator over the processes
    ``members`` (flat ids, in rank order), or None where NCCL cannot serve
    them (no library, a GPU twice, mock GPUs without a stand-in library)."""
    if not getattr(context, "use_nccl", False):
        return None
    rank = list(members).index(context.device_index)
    stream = 0 if xp is np else xp.cuda.get_current_stream().ptr
    ordinals = tuple(context.ordinals[m] for m in members)
    if -1 in ordinals:  # the group spans processes: set up before the run, or host copies
        try:
            comm = nccl.across_communicator([context.device_ids[m] for m in members], rank)
        except nccl.NcclError as err:
            raise XlaRuntimeError(f"INTERNAL: {err}") from None
        return None if comm is None else nccl.Link(comm, rank, len(members), stream)
    if len(set(ordinals)) != len(ordinals):
        return None
    comms = nccl.communicators(ordinals)
    if comms is None:
        return None
    return nccl.Link(comms[rank], rank, len(members), stream)


def _members(context: ReplicaContext, group: Sequence[ProcessId]) -> list[int]:
    return [flat_id(context, p) for p in group]


def _contiguous(xp: Any, x: Any) -> Any:
    return x if x.flags.c_contiguous else xp.array(x, order="C", copy=True)


def exchanged(context: ReplicaContext, op: Operation, xp: Any, values: tuple,
              group: Sequence[ProcessId]) -> list[tuple]:
    """Every member's ``values`` in group order, as arrays on this device.
    A member's arrays are complete before it offers them (its stream is
    drained); the peers' are copied onto this device (CuPy's copy of an array
    on another device) and the copies finished before this returns (the peers'
    arrays are referenced here until then, so none is freed while copied)."""
    if xp is np:
        return exchange(context, op, values, group)
    if getattr(context.rendezvous, "crosses_processes", False):
        # peers in other processes: their arrays come through the host
        host = tuple(xp.asnumpy(v) for v in values)
        return [tuple(xp.asarray(v) for v in vals)
                for vals in exchange(context, op, host, group)]
    values = tuple(_contiguous(xp, v) for v in values)
    stream = xp.cuda.get_current_stream()
    stream.synchronize()
    everyone = exchange(context, op, values, group)
    mine = group.index((context.replica_id, context.partition_id))
    copied = [vals if k == mine else tuple(v.copy() for v in vals)
              for k, vals in enumerate(everyone)]
    stream.synchronize()
    return copied


def _flat(x: Any, dtype: np.dtype) -> Any:
    """A contiguous array's elements as ``dtype`` (complex as pairs of reals,
    booleans as bytes; 0-d arrays too, which a view alone cannot retype)."""
    return x.reshape(-1).view(dtype)


def _empty(xp: Any, shape: Sequence[int], dtype: np.dtype) -> Any:
    return xp.empty(tuple(shape), dtype)


# --- the ops --------------------------------------------------------------------------

def all_reduce_kernel(op: Operation, xp: Any) -> Callable[..., tuple] | None:
    reducer = reduction(op, xp)
    if reducer is None:
        return None
    grouping = Grouping(op, three_way=True)

    def kernel(*operands):
        context = replica_context.current()
        group = grouping.require_group_of(context)
        if len(group) == 1:
            return tuple(operands)
        _check_not_capturing(xp, op)
        link = _link(context, xp, _members(context, group)) if reducer.on_nccl else None
        if link is None:
            everyone = exchanged(context, op, xp, operands, group)
            return tuple(reducer.reduce([c[i] for c in everyone])
                         for i in range(len(operands)))
        results = []
        for x in operands:
            x = _contiguous(xp, x)
            y = xp.empty_like(x)
            if x.size:
                link.all_reduce(_flat(x, reducer.view), _flat(y, reducer.view),
                                x.size * (x.itemsize // reducer.view.itemsize),
                                reducer.nccl_type, reducer.nccl_op)
            results.append(y)
        return tuple(results)

    return kernel


def all_gather_kernel(op: Operation, xp: Any) -> Callable[..., tuple] | None:
    grouping = Grouping(op, three_way=True)
    dim = int(op.attributes["all_gather_dim"])

    def kernel(*operands):
        context = replica_context.current()
        group = grouping.require_group_of(context)
        if len(group) == 1:
            return tuple(check_result_shape(op, i, x) for i, x in enumerate(operands))
        _check_not_capturing(xp, op)
        link = _link(context, xp, _members(context, group))
        if link is None:
            everyone = exchanged(context, op, xp, operands, group)
            return tuple(check_result_shape(op, i, xp.concatenate([c[i] for c in everyone],
                                                                  axis=dim))
                         for i in range(len(operands)))
        results = []
        for i, x in enumerate(operands):
            x = _contiguous(xp, x)
            gathered = _empty(xp, (len(group), *x.shape), x.dtype)
            if x.size:
                link.all_gather(x, gathered, x.nbytes, nccl.BYTES)
            # rank-major blocks -> the blocks side by side along the gather dimension
            moved = _contiguous(xp, xp.moveaxis(gathered, 0, dim))
            shape = list(x.shape)
            shape[dim] *= len(group)
            results.append(check_result_shape(op, i, moved.reshape(shape)))
        return tuple(results)

    return kernel


def reduce_scatter_kernel(op: Operation, xp: Any) -> Callable[..., tuple] | None:
    reducer = reduction(op, xp)
    if reducer is None:
        return None
    grouping = Grouping(op, three_way=True)
    dim = int(op.attributes["scatter_dimension"])

    def kernel(operand):
        context = replica_context.current()
        group = grouping.require_group_of(context)
        count = len(group)
        if operand.shape[dim] % count:
            raise invalid_argument(
                f"{op.name}: scatter dimension of size {operand.shape[dim]} does not split "
                f"into {count} parts")
        if count == 1:
            return (check_result_shape(op, 0, operand),)
        _check_not_capturing(xp, op)
        link = _link(context, xp, _members(context, group)) if reducer.on_nccl else None
        if link is None:
            everyone = exchanged(context, op, xp, (operand,), group)
            reduced = reducer.reduce([c[0] for c in everyone])
            part = xp.split(reduced, count, axis=dim)[
                group.index((context.replica_id, context.partition_id))]
            return (check_result_shape(op, 0, _contiguous(xp, part)),)
        shape = operand.shape
        # the blocks of the scatter dimension, rank-major: NCCL's send buffer
        split = operand.reshape(*shape[:dim], count, shape[dim] // count, *shape[dim + 1:])
        blocks = _contiguous(xp, xp.moveaxis(split, dim, 0))
        part = _empty(xp, blocks.shape[1:], operand.dtype)
        if part.size:
            link.reduce_scatter(_flat(blocks, reducer.view), _flat(part, reducer.view),
                                part.size * (part.itemsize // reducer.view.itemsize),
                                reducer.nccl_type, reducer.nccl_op)
        return (check_result_shape(op, 0, part),)

    return kernel


def all_to_all_kernel(op: Operation, xp: Any) -> Callable[..., tuple] | None:
    grouping = Grouping(op, three_way=False)
    split_dim = int(op.attributes["split_dimension"])
    concat_dim = int(op.attributes["concat_dimension"])
    count = int(op.attributes["split_count"])

    def kernel(*operands):
        context = replica_context.current()
        group = grouping.require_group_of(context)
        if len(group) != count:
            raise invalid_argument(
                f"{op.name}: process group {group} has {len(group)} members, but "
                f"split_count is {count}")
        if count == 1:
            return tuple(check_result_shape(op, i, x) for i, x in enumerate(operands))
        _check_not_capturing(xp, op)
        position = group.index((context.replica_id, context.partition_id))
        link = _link(context, xp, _members(context, group))
        results = []
        if link is None:
            everyone = exchanged(context, op, xp, operands, group)
            for i in range(len(operands)):
                parts = [xp.split(c[i], count, axis=split_dim)[position] for c in everyone]
                results.append(check_result_shape(op, i, xp.concatenate(parts,
                                                                        axis=concat_dim)))
            return tuple(results)
        for i, x in enumerate(operands):
            blocks = [_contiguous(xp, b) for b in xp.split(x, count, axis=split_dim)]
            received = [blocks[j] if j == position else xp.empty_like(blocks[j])
                        for j in range(count)]
            if x.size:
                others = [j for j in range(count) if j != position]
                link.send_and_receive([(blocks[j], j) for j in others],
                                      [(received[j], j) for j in others])
            results.append(check_result_shape(op, i, xp.concatenate(received,
                                                                    axis=concat_dim)))
        return tuple(results)

    return kernel


def collective_permute_kernel(op: Operation, xp: Any) -> Callable[..., tuple] | None:
    pairs = source_target_pairs(op)
    by_partition = channel_id(op) > 0
    target_of = dict(pairs)
    source_of = {t: s for s, t in pairs}
    result_type = op.result_types[0]
    shape, dtype = tuple(result_type.shape), numpy_dtype(result_type.element_type)

    def kernel(operand):
        context = replica_context.current()
        me, process = pair_ids(context, by_partition, op, pairs)
        target, source = target_of.get(me), source_of.get(me)
        if target in (None, me) and source in (None, me):  # nothing crosses devices
            return (xp.array(operand, copy=True) if source == me else xp.zeros(shape, dtype),)
        _check_not_capturing(xp, op)
        axis = context.num_partitions if by_partition else context.num_replicas
        link = _link(context, xp, [flat_id(context, process(i)) for i in range(axis)])
        if link is None:
            partners = sorted({me} | {i for i in (target, source) if i is not None})
            values = exchanged(context, op, xp, (operand,), [process(i) for i in partners])
            if source is None:
                return (xp.zeros(shape, dtype),)
            return (xp.array(values[partners.index(source)][0], copy=True),)
        # The communicator's ranks over the whole axis are the ids the pairs name;
        # neither end is this process itself here (a pair (me, me) is lone above).
        result = xp.zeros(shape, dtype) if source is None else xp.empty(shape, dtype)
        sends = [(_contiguous(xp, operand), target)] if target is not None else []
        receives = [(result, source)] if source is not None else []
        if operand.size:
            link.send_and_receive(sends, receives)
        return (result,)

    return kernel


def collective_broadcast_kernel(op: Operation, xp: Any) -> Callable[..., tuple] | None:
    count, dynamic = data_and_roots(op)
    if dynamic:
        return None  # the roots are data: the host step reads them
    grouping = Grouping(op, three_way=False)
    specs = [(tuple(t.shape), numpy_dtype(t.element_type)) for t in op.result_types]

    def kernel(*operands):
        context = replica_context.current()
        group = grouping.group_of(context)
        if group is None:
            return tuple(xp.zeros(shape, dtype) for shape, dtype in specs)
        if len(group) == 1:
            return tuple(operands[:count])
        _check_not_capturing(xp, op)
        link = _link(context, xp, _members(context, group))
        if link is None:
            everyone = exchanged(context, op, xp, tuple(operands[:count]), group)
            return tuple(xp.array(everyone[0][j], copy=True) for j in range(count))
        results = []
        for x in operands[:count]:
            x = _contiguous(xp, x)
            y = xp.empty_like(x)
            if x.size:
                link.broadcast(x, y, x.nbytes, nccl.BYTES, 0)
            results.append(y)
        return tuple(results)

    return kernel


def _process_id_kernel(attribute: str) -> Callable[[Operation, Any], Callable[..., tuple]]:
    """replica_id / partition_id: this instance's id as a device scalar, one
    array per device and id, made on the first (eager) run and reused, so
    graph replays read no host memory."""

    def factory(op: Operation, xp: Any) -> Callable[..., tuple]:
        made: dict[tuple[int, int], Any] = {}

        def kernel():
            value = getattr(replica_context.current(), attribute)
            key = (0 if xp is np else xp.cuda.Device().id, value)
            found = made.get(key)
            if found is None:
                found = made[key] = xp.asarray(np.uint32(value))
            return (found,)

        return kernel

    return factory


COLLECTIVE_KERNELS: dict[str, Callable[[Operation, Any], Callable[..., tuple] | None]] = {
    "stablehlo.all_reduce": all_reduce_kernel,
    "stablehlo.all_gather": all_gather_kernel,
    "stablehlo.reduce_scatter": reduce_scatter_kernel,
    "stablehlo.all_to_all": all_to_all_kernel,
    "stablehlo.collective_permute": collective_permute_kernel,
    "stablehlo.collective_broadcast": collective_broadcast_kernel,
    "stablehlo.replica_id": _process_id_kernel("replica_id"),
    "stablehlo.partition_id": _process_id_kernel("partition_id"),
}


# --- per-device instances (shard_map bodies) ---------------------------------------------

_execution = threading.local()  # the running execution: (client, devices, compiled)


@contextlib.contextmanager
def executing_on(client: Any, devices: Sequence[Any], compiled: Any = None) -> Iterator[None]:
    """Marks the execution this thread runs: manual computations inside it run
    their per-device instances on ``devices`` (partition k on devices[k]);
    ``compiled``: the program (its ``module``'s collectives get their
    communicators before the instances start)."""
    previous = getattr(_execution, "state", None)
    _execution.state = (client, tuple(devices), compiled)
    try:
        yield
    finally:
        _execution.state = previous


def use_nccl(client: Any) -> bool:
    """Whether replicas of ``client`` meet through NCCL: on GPUs when NCCL
    is on; mock GPUs only through a stand-in library the tests install."""
    return nccl.enabled() and (not client.mock or nccl.has_library())


def on_this_device(xp: Any, value: Any) -> Any:
    """``value`` in this thread's device's memory (a peer copy if it is on
    another GPU; host arrays of mock GPUs as they are)."""
    if xp is np or not isinstance(value, xp.ndarray):
        return value
    if value.data.device_id == xp.cuda.Device().id:
        return value
    return value.copy()  # CuPy copies an array of another device onto the current one


def _packed(xp: Any, value: Any) -> Any:
    return _contiguous(xp, value) if isinstance(value, xp.ndarray) else value


def run_per_device(xp: Any, body: Any, frame: list, per_instance: list[tuple],
                   device_ids: Sequence[int], what: str) -> list[tuple]:
    """The core's ``run_per_device`` on GPUs (sdy.manual_computation and GSPMD
    manual regions: shard_map bodies). Each instance runs on its own GPU, the
    execution's device of its partition id, in a thread of its own with that
    GPU's stream, its operands copied there and its results copied back; their
    collectives meet as replicas' do (NCCL, or device arrays exchanged). One
    instance runs inline on this device (a one-device mesh), so the program
    can still be captured as a CUDA graph."""
    count = len(per_instance)
    if count == 1:
        context = GpuReplicaContext(replica_id=0, partition_id=device_ids[0])
        with running_as(context):
            return [tuple(body.run(list(frame), per_instance[0]))]
    if xp is not np and xp.cuda.get_current_stream().is_capturing():
        raise NotCapturable(f"{what}: instances on several devices")
    client, devices, compiled = getattr(_execution, "state", None) or (None, (), None)
    if client is None or len(devices) <= max(device_ids):
        raise XlaRuntimeError(f"INTERNAL: {what}: {count} per-device instances outside an "
                              "execution over as many GPUs")
    if xp is not np:
        # Each instance copies its blocks from this device: contiguous and complete
        # first (another device's stream cannot wait for this one's kernels).
        per_instance = [tuple(_packed(xp, v) for v in values) for values in per_instance]
        xp.cuda.get_current_stream().synchronize()
    results = run_instances(xp, client, devices, body, frame, per_instance, device_ids, what,
                            None if compiled is None else compiled.module)
    outputs = [tuple(on_this_device(xp, v) for v in values) for values in results]
    if xp is not np:  # the copies read the instances' memory: done before it is let go
        xp.cuda.get_current_stream().synchronize()
    return outputs


def run_instances(xp: Any, client: Any, devices: Sequence[Any], body: Any, frame: list,
                  per_instance: list[tuple], device_ids: Sequence[int], what: str,
                  module: Any = None) -> list[tuple]:
    """Runs ``body`` once per instance, concurrently, instance k on
    ``devices[device_ids[k]]`` (its stream, its operands copied there where
    they are elsewhere) as partition ``device_ids[k]``; returns each
    instance's results, contiguous, complete and on its own device. The first
    instance to fail releases the others waiting for it in a collective; its
    error is the one raised."""
    count = len(per_instance)
    placed = [devices[i] for i in device_ids]
    ordinals = tuple(d.local_hardware_id for d in devices)
    nccl_ok = use_nccl(client)
    if nccl_ok and module is not None:
        prepare_communicators(module, 1, count, ordinals, nccl_here=True)
    rendezvous = Rendezvous()
    results: list[Any] = [None] * count
    failures: list[BaseException] = []
    waiting = [False] * count
    lock = threading.Lock()

    def run(k: int) -> None:
        context = GpuReplicaContext(replica_id=0, partition_id=device_ids[k], num_replicas=1,
                                    num_partitions=count, rendezvous=rendezvous,
                                    ordinals=ordinals, use_nccl=nccl_ok)
        try:
            with client._device_context(placed[k]), client._stream_context(placed[k]), \
                    running_as(context):
                operands = tuple(on_this_device(xp, v) for v in per_instance[k])
                outputs = tuple(body.run(list(frame), operands))
                if xp is not np:  # read by other devices' streams: packed and complete
                    outputs = tuple(_packed(xp, v) for v in outputs)
                    waiting[k] = True
                    xp.cuda.get_current_stream().synchronize()
                results[k] = outputs
        except BaseException as err:  # the others stop waiting for this one
            with lock:
                if not failures:
                    failures.append(err)
                    rendezvous.abort(err)

    threads = [threading.Thread(target=run, args=(k,), daemon=True,
                                name=f"{what}/{device_ids[k]}") for k in range(count)]
    with client._collectives_lock:  # one execution at a time on the communicators
        for thread in threads:
            thread.start()
        join_all(threads, lambda: bool(failures), waiting,
                 lambda: nccl.abort(ordinals) if nccl_ok else None)
    if failures:
        err = failures[0]
        if isinstance(err, XlaRuntimeError):
            raise err
        raise XlaRuntimeError(f"INTERNAL: {what}: {type(err).__name__}: {err}") from err
    return results


def join_all(threads: Sequence[threading.Thread], failed: Callable[[], bool],
             waiting: Sequence[bool], abort_communicators: Callable[[], Any]) -> None:
    """Waits for the threads of one execution. When one has failed and every
    thread still running has queued all its work and waits for its device,
    those devices may be waiting for the failed one inside an NCCL
    collective: the communicators are aborted (NCCL ends such kernels), so
    the waits end."""
    aborted = False
    while True:
        alive = [k for k, thread in enumerate(threads) if thread.is_alive()]
        if not alive:
            return
        if not aborted and failed() and all(waiting[k] for k in alive):
            abort_communicators()
            aborted = True
        threads[alive[0]].join(timeout=0.05)


def group_members(op: Operation, num_replicas: int, num_partitions: int) -> list[list[int]]:
    """The process groups (flat ids) in which ``op`` meets others in a grid
    of ``num_replicas`` x ``num_partitions``, as its kernel finds them; [] for
    other ops or groups the kernel will report as errors."""
    name = op.name
    if name == "stablehlo.collective_permute":  # a communicator over the whole axis
        replicas, partitions = num_replicas, num_partitions
        if channel_id(op) > 0:
            return [[r * partitions + i for i in range(partitions)] for r in range(replicas)]
        return [[i * partitions + p for i in range(replicas)] for p in range(partitions)]
    three_way = {"stablehlo.all_reduce": True, "stablehlo.all_gather": True,
                 "stablehlo.reduce_scatter": True, "stablehlo.all_to_all": False,
                 "stablehlo.collective_broadcast": False}.get(name)
    if three_way is None:
        return []
    try:
        groups = process_groups(name, group_strategy(op, three_way), id_groups(op),
                                num_replicas, num_partitions)
    except (ValueError, XlaRuntimeError):
        return []
    return [[r * num_partitions + p for r, p in group] for group in groups]


def prepare_communicators(module: Any, num_replicas: int, num_partitions: int,
                          ordinals: Sequence[int], nccl_here: bool,
                          across: _Processes | None = None) -> None:
    """Sets up, before the replicas start, the NCCL communicators of every
    group the module's collectives meet in: set up while replicas run,
    ncclCommInitAll could wait for a GPU whose NCCL kernels wait for a replica
    blocked behind it. ``ordinals``: CUDA ordinals by flat id, -1 for another
    process's GPU; ``nccl_here``: whether this process may use NCCL;
    ``across``: a multi-process client's devices and collectives, for the
    groups that span processes (each process of such a group takes part in
    its set-up, NCCL or not, so the processes agree on how it meets)."""
    for function in module.functions:
        if function.body is None:
            continue
        for op in function.walk():
            for members in group_members(op, num_replicas, num_partitions):
                if len(members) < 2 or max(members) >= len(ordinals):
                    continue
                gpus = [ordinals[m] for m in members]
                if -1 not in gpus:
                    if nccl_here and len(set(gpus)) == len(gpus):
                        nccl.communicators(gpus)
                elif across is not None and len(gpus) > gpus.count(-1):
                    across.set_up(members, gpus, nccl_here)


@dataclasses.dataclass
class _Processes:
    """A multi-process execution's devices (by flat id) and the client's
    cross-process collectives, for NCCL groups spanning processes."""

    devices: Sequence[Any]
    collectives: Any
    on_device: Callable[[int], Any]

    def set_up(self, members: Sequence[int], gpus: Sequence[int], willing: bool) -> None:
        processes = sorted({self.devices[m].process_index for m in members})
        communicator = self.collectives.communicator(processes)
        mine = [(rank, gpu) for rank, gpu in enumerate(gpus) if gpu != -1]
        willing = willing and len({gpu for _, gpu in mine}) == len(mine)
        nccl.communicators_across([self.devices[m].id for m in members], mine, willing,
                                  communicator.all_gather_bytes, self.on_device)


def processes_of(client: Any, devices: Sequence[Any]) -> _Processes | None:
    """What :func:`prepare_communicators` needs of a multi-process client
    (None without cross-process collectives: its programs fail, saying so)."""
    if client.collectives is None:
        return None

    def on_device(ordinal: int) -> Any:
        return contextlib.nullcontext() if client.mock else client.xp.cuda.Device(ordinal)

    return _Processes(devices, client.collectives, on_device)
