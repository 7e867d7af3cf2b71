"""Forward sharding propagation: the shardings of the results a program left
unannotated, derived from its parameters' and its constraints' shardings.

XLA's sharding propagation decides how every value of an SPMD program is laid
out; jax then reports the entry results it left unspecified with the
shardings the compiler chose (``jit(f)(x)`` keeps ``x``'s sharding through
elementwise code). This compiler runs SPMD programs in global view, so the
choice only decides how the results are split over the devices, and a
forward pass is enough to make that choice the one a user expects:

* elementwise ops, converts, barriers and memory placements keep an operand's tiling (a sharded
  operand wins over a replicated or unknown one);
* ``transpose``, ``reverse``, ``broadcast_in_dim`` and ``reshape`` move tiles with
  the dimensions they move (a reshape keeps a tiling on dimensions it leaves
  whole or merges at their major end, else replicates them);
* reductions, slices, pads and concatenations replicate the dimensions they
  change; a gather keeps the tiling of the operand dimensions it takes whole;
  ``dot_general`` keeps the batch and free dimensions of the sharded operand
  (its contracted dimensions end up replicated, as after XLA's all-reduce);
* results whose tiling would not split them evenly stay replicated (jax
  holds arrays only in even shards);
* sharding constraints (``sdy.sharding_constraint``, the ``Sharding`` custom
  call), ops carrying ``mhlo.sharding``/``sdy.sharding`` and manual
  computations' ``out_shardings`` set the tiling they name;
* ``func.call`` propagates into its callee; a ``while`` loop's carried values
  take the tiling its body gives them (from their initial values' on, until
  nothing changes: a scan's stacked outputs, written by dynamic_update_slice
  with updates spanning whole dimensions, take the updates' tiling); ``if`` and
  ``case`` results the tiling their branches agree on;
* a value a manual computation takes (``in_shardings``) tiled more finely
  than its producer leaves it, that tiling refining the producer's, takes it
  (XLA's propagation runs both ways; the finer tiling costs no communication);
* values in one sharding group (``sdy.sharding_group``: jax's ``shard_alike``)
  take one tiling, the first member's that is sharded, wherever they are
  (the pass runs again until the groups' tilings settle);
* other ops' results are unknown, which ends up replicated.

A tiling is a device-id array shaped ``(data tile counts..., R)``, the last
dimension being the devices that replicate each tile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxlib._src.ir.core import ELEMENTWISE, OP_DEFS, Function, Module, Operation
from jaxlib._src.ir.hlo_sharding import HloSharding, _OpShardingType
from jaxlib._src.ir.types import TensorType
from jaxlib._src.ops.custom_call import (
    CUSTOM_PARTITIONING,
    IDENTITY_TARGETS,
    INSPECT_SHARDING,
    PARTITIONED_HOST_CALLBACK_TARGETS,
)
from jaxlib._src.ops.custom_call_registry import is_batch_partitionable

__all__ = ["Constraint", "propagate_result_shardings"]

# Converts the sharding attribute of an op, argument or result to HloSharding
# texts, one per value: (attribute dict, value types) -> texts, or None when
# there is none. The caller supplies it (it knows the module's meshes and
# both sharding dialects).
ShardingOf = Callable[[dict[str, Any], Sequence[Any]], "list[str | None] | None"]

_Tiling = np.ndarray  # device ids, shape (data tile counts..., replication)

# Custom calls whose operands' tilings ``partitioned`` receives.
_OPERANDS_RECORDED = PARTITIONED_HOST_CALLBACK_TARGETS | {CUSTOM_PARTITIONING}


@dataclass(frozen=True)
class Constraint:
    """A sharding constraint: its HloSharding text, and its open dimensions
    that name no axes (Shardy's ``{?}``, GSPMD's ``unspecified_dims``), where
    the operand's tiling may stay."""

    text: str
    open_dims: tuple[int, ...] = ()


def propagate_result_shardings(module: Module, entry: Function,
                               parameter_shardings: Sequence[str | None],
                               num_devices: int,
                               sharding_of: ShardingOf,
                               constraint_sharding: Callable[[Operation],
                                                             Constraint | None],
                               inspected: dict[int, tuple[Operation, str | None]] | None = None,
                               partitioned: dict[int, list[_Tiling | None]] | None = None,
                               ) -> list[str | None]:
    """The HloSharding text of each entry result as propagated forward from
    ``parameter_shardings``; None where nothing is known (replicated).
    ``inspected`` receives the sharding found for the operand of each
    ``InspectSharding`` custom call (jax.debug.inspect_array_sharding), by
    id(op). ``partitioned`` receives the tilings of the operands of each
    partitioned host callback (jax.debug.print(..., partitioned=True)), by
    id(op): None where an operand is whole on every device."""
    propagation = _Propagation(module, num_devices, sharding_of, constraint_sharding)
    if inspected is not None:
        propagation.inspected = inspected
    if partitioned is not None:
        propagation.partitioned = partitioned
    args = [propagation.tiling(text, t) for text, t in
            zip(parameter_shardings, entry.type.inputs)]
    results = propagation.function(entry, args)
    for _ in range(4 if propagation.groups else 0):
        # (a group's tiling found late reaches its members' uses on the next pass)
        settled = dict(propagation.group_tilings)
        propagation.calls.clear()
        results = propagation.function(entry, args)
        if settled.keys() == propagation.group_tilings.keys():
            break
    return [_text(r) if _divides(r, t) else None
            for r, t in zip(results, entry.type.results)]


def _divides(tiling: _Tiling | None, type_: Any) -> bool:
    """Whether every tiled dimension splits evenly: jax holds arrays only in
    even shards, so an uneven propagated tiling is left replicated."""
    if tiling is None or not isinstance(type_, TensorType) or not type_.is_static:
        return False
    return all(size % count == 0 for size, count in zip(type_.shape, tiling.shape[:-1]))


def _fitted(tiling: _Tiling, shape: Sequence[int]) -> _Tiling:
    """``tiling`` with the dimensions it does not split evenly in ``shape``
    left whole."""
    return _replicate(tiling, [d for d, size in enumerate(shape)
                               if size % tiling.shape[d]])


def _text(tiling: _Tiling | None) -> str | None:
    if tiling is None or all(d == 1 for d in tiling.shape[:-1]):
        return None
    if tiling.shape[-1] == 1:
        return HloSharding.subgroup_with_device_ordering(tiling[..., 0], []).to_string()
    return HloSharding.subgroup_with_device_ordering(
        tiling, [_OpShardingType.REPLICATED]).to_string()


def tiling_text(tiling: _Tiling | None) -> str | None:
    """The HloSharding text of a tiling (None for None)."""
    return _text(tiling)


def _rank(t: Any) -> int | None:
    if isinstance(t, TensorType) and t.is_static:
        return len(t.shape)
    return None


_TERMINATORS = frozenset({"func.return", "stablehlo.return"})


def _unspecified_dims(op: Operation) -> tuple[int, ...]:
    """GSPMD's open dimensions of a ``Sharding`` custom call
    (``backend_config = "unspecified_dims=[0,1]"``)."""
    if op.attributes.get("call_target_name") != "Sharding":
        return ()
    config = op.attributes.get("backend_config")
    if isinstance(config, bytes):
        config = config.decode("utf-8", "replace")
    if not isinstance(config, str) or not config.startswith("unspecified_dims=["):
        return ()
    try:
        return tuple(int(d) for d in config[len("unspecified_dims=["):-1].split(",") if d)
    except ValueError:
        return ()


def _keep_open(operand: _Tiling | None, constrained: _Tiling | None,
               open_dims: tuple[int, ...]) -> _Tiling | None:
    """A constraint keeps the operand's tiling on its open dimensions: with
    its closed dimensions untiled, the operand's tiling less those; else the
    two merged (each device's tile of the open dimensions from the operand,
    of the others from the constraint) where every merged tile is held by as
    many devices, and the constraint as it is where not."""
    if operand is None or constrained is None or operand.ndim != constrained.ndim:
        return constrained
    rank = operand.ndim - 1
    closed = [d for d in range(rank) if d not in open_dims]
    if not _sharded(constrained):
        return _replicate(operand, closed)
    if not any(operand.shape[d] != 1 for d in open_dims if d < rank):
        return constrained
    return _merged(operand, constrained, [d in open_dims for d in range(rank)]) \
        if operand.size == constrained.size else constrained


def _merged(operand: _Tiling, constrained: _Tiling, from_operand: list[bool]) -> _Tiling:
    """Each device's tile along the dimensions ``from_operand`` marks taken
    from ``operand``, along the others from ``constrained``; ``constrained``
    when the tiles so made are not each held by as many devices."""
    where_operand = {int(d): i[:-1] for i, d in np.ndenumerate(operand)}
    where_constrained = {int(d): i[:-1] for i, d in np.ndenumerate(constrained)}
    if where_operand.keys() != where_constrained.keys():
        return constrained
    counts = [operand.shape[k] if own else constrained.shape[k]
              for k, own in enumerate(from_operand)]
    tile_of = {d: tuple(where_operand[d][k] if own else where_constrained[d][k]
                        for k, own in enumerate(from_operand)) for d in where_operand}
    merged = tiling_from_tiles(tile_of, counts)
    return constrained if merged is None else merged


def tiling_from_tiles(tile_of: dict[int, tuple[int, ...]], counts: list[int]
                      ) -> _Tiling | None:
    """The tiling in which device d holds tile ``tile_of[d]`` of a value cut
    in ``counts`` tiles; None unless every tile is held by as many devices."""
    held: dict[tuple[int, ...], list[int]] = {}
    for d in sorted(tile_of):
        held.setdefault(tile_of[d], []).append(d)
    sizes = {len(v) for v in held.values()}
    if len(held) != int(np.prod(counts)) or len(sizes) != 1:
        return None
    tiling = np.empty(list(counts) + [sizes.pop()], np.int64)
    for tile, devices in held.items():
        tiling[tile] = devices
    return tiling


def _same(a: _Tiling | None, b: _Tiling | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.shape == b.shape and bool((a == b).all())


def _sharded(tiling: _Tiling | None) -> bool:
    return tiling is not None and any(d != 1 for d in tiling.shape[:-1])


def _replicate(tiling: _Tiling, dims: Sequence[int]) -> _Tiling:
    """Moves the tile counts of ``dims`` into the replication dimension."""
    dims = sorted(set(dims))
    if not dims:
        return tiling
    rank = tiling.ndim - 1
    keep = [i for i in range(rank) if i not in dims]
    moved = tiling.transpose(keep + dims + [rank])
    shape = [1 if i in dims else tiling.shape[i] for i in range(rank)]
    return moved.reshape(shape + [-1])


def _drop(tiling: _Tiling, dims: Sequence[int]) -> _Tiling:
    """Removes ``dims`` (replicating them first)."""
    tiling = _replicate(tiling, dims)
    rank = tiling.ndim - 1
    return tiling.reshape([tiling.shape[i] for i in range(rank) if i not in dims]
                          + [tiling.shape[-1]])


def _insert(tiling: _Tiling, positions: dict[int, int], rank: int) -> _Tiling:
    """A tiling of rank ``rank`` whose dimension ``positions[i]`` is the
    operand's dimension i; the other dimensions are untiled."""
    order = sorted(positions, key=lambda i: positions[i])
    moved = tiling.transpose(order + [tiling.ndim - 1])
    shape = [1] * rank
    for i in order:
        shape[positions[i]] = tiling.shape[i]
    return moved.reshape(shape + [tiling.shape[-1]])


_BATCHED_MATRIX_OPS = frozenset({"stablehlo.triangular_solve", "stablehlo.cholesky"})


def batch_partitioned_dims(op: Operation) -> int:
    """How many leading dimensions a custom call maps one to one from its
    operands to its results (XLA's ``num_batch_dims`` frontend attribute, on
    a target registered as batch-partitionable: jax's LAPACK and solver
    calls), or that StableHLO's batched matrix ops (triangular_solve,
    cholesky: jax's lowering for GPUs) batch over: each batch tile is computed
    alone. 0 for any other op."""
    if op.name in _BATCHED_MATRIX_OPS:
        types = [v.type for v in op.operands] + [r.type for r in op.results]
        if not all(isinstance(t, TensorType) and t.is_static and t.rank >= 3 for t in types):
            return 0
        count = types[0].rank - 2
        batch = types[0].shape[:count]
        return count if all(t.rank == count + 2 and t.shape[:count] == batch
                            for t in types) else 0
    if op.name != "stablehlo.custom_call":
        return 0
    target = op.attributes.get("call_target_name")
    frontend = op.attributes.get("mhlo.frontend_attributes")
    if not isinstance(target, str) or not isinstance(frontend, dict) \
            or not is_batch_partitionable(target):
        return 0
    try:
        count = int(str(frontend.get("num_batch_dims", "0")))
    except ValueError:
        return 0
    types = [v.type for v in op.operands] + [r.type for r in op.results]
    if count <= 0 or not all(isinstance(t, TensorType) and t.is_static and t.rank >= count
                             for t in types):
        return 0
    batch = types[0].shape[:count]
    return count if all(t.shape[:count] == batch for t in types) else 0


def batch_tiling(tiling: _Tiling, count: int, rank: int) -> _Tiling:
    """``tiling``'s first ``count`` dimensions' tiles for a value of rank
    ``rank``, its other dimensions whole."""
    kept = _drop(tiling, list(range(count, tiling.ndim - 1)))
    return _insert(kept, {i: i for i in range(count)}, rank)


def _reshape(tiling: _Tiling, old: Sequence[int], new: Sequence[int]) -> _Tiling | None:
    """Tile counts through a reshape: a dimension kept whole keeps its count;
    merged dimensions keep the major one's (the minor ones are replicated); a
    split dimension gives its count to its major part when that divides;
    anything else is replicated."""
    counts = list(tiling.shape[:-1])
    groups = _reshape_groups(old, new)
    if groups is None:
        return None
    new_counts = [1] * len(new)
    replicate = []
    for gi, gj in groups:
        sharded = [d for d in gi if counts[d] != 1]
        if not sharded or not gj:
            replicate += sharded
            continue
        major_old = next(d for d in gi if old[d] != 1)
        major_new = next((d for d in gj if new[d] != 1), gj[0])
        if major_old in sharded and new[major_new] % counts[major_old] == 0:
            new_counts[major_new] = counts[major_old]
            replicate += [d for d in sharded if d != major_old]
        else:
            replicate += sharded
    tiling = _replicate(tiling, replicate)
    if int(np.prod(new_counts)) * tiling.shape[-1] != tiling.size:
        return None
    return tiling.reshape(new_counts + [tiling.shape[-1]])


def _reshape_groups(old: Sequence[int], new: Sequence[int]
                    ) -> list[tuple[list[int], list[int]]] | None:
    """Consecutive dimensions of ``old`` and ``new`` with equal element counts."""
    groups = []
    i = j = 0
    while i < len(old) or j < len(new):
        gi, gj = [], []
        size_old = size_new = 1
        if i < len(old):
            gi.append(i)
            size_old *= old[i]
            i += 1
        if j < len(new):
            gj.append(j)
            size_new *= new[j]
            j += 1
        while size_old != size_new:
            if size_old < size_new and i < len(old):
                gi.append(i)
                size_old *= old[i]
                i += 1
            elif size_new < size_old and j < len(new):
                gj.append(j)
                size_new *= new[j]
                j += 1
            else:
                return None
        groups.append((gi, gj))
    return groups


class _Propagation:
    def __init__(self, module: Module, num_devices: int, sharding_of: ShardingOf,
                 constraint_sharding: Callable[[Operation], Constraint | None]) -> None:
        self.module = module
        self.num_devices = num_devices
        self.sharding_of = sharding_of
        self.constraint_sharding = constraint_sharding
        self.functions = {f.name: f for f in module.functions if f.body is not None}
        self.calls: dict[tuple, list[_Tiling | None]] = {}
        # sharding groups: id(member value) -> group id; group id -> its tiling
        self.groups: dict[int, int] = {}
        for op in module.walk():
            if op.name == "sdy.sharding_group" and len(op.operands) == 1:
                group = op.attributes.get("group_id")
                self.groups[id(op.operands[0])] = int(getattr(group, "value", group))
        self.group_tilings: dict[int, _Tiling] = {}
        # id(value) -> the in_shardings text a manual computation takes it with
        self.wanted: dict[int, tuple[str, Any]] = {}
        for op in module.walk():
            if op.name == "sdy.manual_computation" and "in_shardings" in op.attributes:
                texts = sharding_of({"sdy.sharding": op.attributes["in_shardings"]},
                                    [v.type for v in op.operands])
                for value, text in zip(op.operands, texts or ()):
                    if text is not None:
                        self.wanted.setdefault(id(value), (text, value.type))
        self.inspected: dict[int, tuple[Operation, str | None]] = {}
        self.partitioned: dict[int, list[_Tiling | None]] = {}

    def _refined(self, value: Any, tiling: _Tiling | None) -> _Tiling | None:
        """``tiling``, or the finer one a manual computation takes ``value``
        with when that one refines it (the same tiles on what ``tiling``
        tiles, more tiles elsewhere)."""
        want = self.wanted.get(id(value))
        if want is None:
            return tiling
        wanted = self.tiling(*want)
        if not _sharded(wanted) or (tiling is not None and tiling.ndim != wanted.ndim):
            return tiling
        if tiling is None or not _sharded(tiling):
            return wanted if tiling is None or tiling.size == wanted.size else tiling
        extra = [d for d in range(tiling.ndim - 1)
                 if tiling.shape[d] == 1 and wanted.shape[d] != 1]
        if extra and _same(_replicate(wanted, extra), tiling):
            return wanted
        return tiling

    def _grouped(self, value: Any, tiling: _Tiling | None) -> _Tiling | None:
        """``value``'s tiling: its group's where it is in one (the first
        sharded tiling a member had), else ``tiling``."""
        group = self.groups.get(id(value))
        if group is None:
            return tiling
        if group not in self.group_tilings and _sharded(tiling):
            self.group_tilings[group] = tiling
        return self.group_tilings.get(group, tiling)

    def tiling(self, text: str | None, type_: Any) -> _Tiling | None:
        """A tiling of a value of ``type_`` sharded as ``text`` (None for
        shardings this pass does not follow: manual, maximal, tuples)."""
        rank = _rank(type_)
        if text is None or rank is None:
            return None
        try:
            hlo = HloSharding.from_string(text)
        except ValueError:
            return None
        if hlo.is_replicated():
            return np.arange(self.num_devices).reshape([1] * rank + [self.num_devices])
        if not hlo.is_tiled() or any(t != _OpShardingType.REPLICATED
                                     for t in hlo.subgroup_types()):
            return None
        dims = hlo.tile_assignment_dimensions()
        tiles = np.array(hlo.tile_assignment_devices()).reshape(dims)
        if hlo.replicate_on_last_tile_dim() or hlo.subgroup_types():
            if len(dims) != rank + 1:
                return None
            return tiles
        if len(dims) != rank:
            return None
        return tiles.reshape(list(dims) + [1])

    def function(self, func: Function, args: list[_Tiling | None]) -> list[_Tiling | None]:
        return self.block(func.body.entry, args, len(func.type.results))

    def block(self, block: Any, args: list[_Tiling | None], count: int
              ) -> list[_Tiling | None]:
        """The tilings of what ``block`` returns (its terminator's operands)."""
        env: dict[int, _Tiling | None] = {}
        for value, tiling in zip(block.arguments, args):
            env[id(value)] = self._grouped(value, tiling)
        for op in block.operations:
            if op.name in _TERMINATORS:
                return [env.get(id(v)) for v in op.operands]
            if op.name == "stablehlo.custom_call" and op.attributes.get(
                    "call_target_name") in _OPERANDS_RECORDED:
                tilings = [env.get(id(v)) for v in op.operands]
                self.partitioned[id(op)] = [
                    t if _sharded(t) and _divides(t, v.type) else None
                    for t, v in zip(tilings, op.operands)]
            explicit = self.constraint_sharding(op) is not None or \
                "mhlo.sharding" in op.attributes or "sdy.sharding" in op.attributes
            for result, tiling in zip(op.results, self.op(op, env)):
                if not explicit:  # (a sharding the program names stays)
                    tiling = self._refined(result, tiling)
                env[id(result)] = self._grouped(result, tiling)
        return [None] * count

    def _while(self, op: Operation, ins: list[_Tiling | None]) -> list[_Tiling | None]:
        """A loop's carried values keep a tiling the body keeps: starting from
        the initial values', a carried value the body returns sharded (a
        scan's stacked outputs, built by dynamic_update_slice) takes that
        tiling, until nothing changes."""
        body = op.regions[1].entry
        carried = list(ins)
        for _ in range(4):
            out = self.block(body, carried, len(carried))
            merged = [c if _sharded(c) or not _sharded(o) else o
                      for c, o in zip(carried, out)]
            if all(_same(a, b) for a, b in zip(merged, carried)):
                break
            carried = merged
        return carried

    def _branches(self, op: Operation) -> list[_Tiling | None]:
        """``if``/``case``: a result is tiled where every branch that tiles it
        agrees."""
        count = len(op.results)
        outs = [self.block(region.entry, [], count) for region in op.regions]
        results: list[_Tiling | None] = []
        for i in range(count):
            tiled = [o[i] for o in outs if _sharded(o[i])]
            agreed = tiled and all(_same(t, tiled[0]) for t in tiled)
            results.append(tiled[0] if agreed else None)
        return results

    def op(self, op: Operation, env: dict[int, _Tiling | None]) -> list[_Tiling | None]:
        results = op.results
        explicit: list[str | None] | None = None
        open_dims: tuple[int, ...] = ()
        constraint = self.constraint_sharding(op)
        if constraint is not None:
            explicit, open_dims = [constraint.text], constraint.open_dims
        elif "mhlo.sharding" in op.attributes or "sdy.sharding" in op.attributes:
            explicit = self.sharding_of(op.attributes, [r.type for r in results])
            open_dims = _unspecified_dims(op)
        if explicit is not None and len(explicit) == len(results):
            tilings = [self.tiling(text, r.type) for text, r in zip(explicit, results)]
            if open_dims and len(results) == 1 and op.operands:
                return [_keep_open(env.get(id(op.operands[0])), tilings[0], open_dims)]
            return tilings
        try:
            return self._derive(op, [env.get(id(v)) for v in op.operands])
        except (ValueError, IndexError, KeyError, TypeError):
            return [None] * len(results)

    def _derive(self, op: Operation, ins: list[_Tiling | None]) -> list[_Tiling | None]:
        name = op.name
        results = op.results
        out_rank = [_rank(r.type) for r in results]
        in_types = [v.type for v in op.operands]
        op_def = OP_DEFS.get(name)
        if (op_def is not None and ELEMENTWISE in op_def.traits) or name in (
                "stablehlo.convert", "stablehlo.bitcast_convert", "stablehlo.select",
                "stablehlo.clamp", "stablehlo.reduce_precision"):
            if len(results) != 1 or (name == "stablehlo.bitcast_convert"
                                     and in_types[0].shape != results[0].type.shape):
                return [None] * len(results)
            return [self._elementwise(op, ins)]
        if name in ("stablehlo.optimization_barrier", "sdy.propagation_barrier"):
            return list(ins)
        if (name == "stablehlo.custom_call" and len(ins) == 1 and len(results) == 1
                and op.attributes.get("call_target_name") in IDENTITY_TARGETS):
            if op.attributes.get("call_target_name") == INSPECT_SHARDING:
                fits = _divides(ins[0], in_types[0])
                self.inspected[id(op)] = (op, _text(ins[0]) if fits else None)
            return list(ins)  # memory placement (a Sharding has its constraint)
        batch = batch_partitioned_dims(op)
        if batch:
            tiled = [batch_tiling(t, batch, batch) for t in ins if t is not None]
            tiled = [t for t in tiled if _sharded(t)]
            if not tiled:
                return [None] * len(results)
            lead = max(tiled, key=lambda t: t.size // t.shape[-1])
            return [batch_tiling(lead, batch, rank) for rank in out_rank]
        if name == "stablehlo.transpose":
            perm = list(op.attributes["permutation"])
            return [None if ins[0] is None else ins[0].transpose(perm + [len(perm)])]
        if name == "stablehlo.broadcast_in_dim":
            t = ins[0]
            if t is None:
                return [None]
            dims = list(op.attributes["broadcast_dimensions"])
            src = in_types[0].shape
            dst = results[0].type.shape
            expanded = [i for i, d in enumerate(dims) if src[i] != dst[d]]
            t = _replicate(t, expanded)
            return [_insert(t, dict(enumerate(dims)), out_rank[0])]
        if name == "stablehlo.reshape":
            if ins[0] is None:
                return [None]
            return [_reshape(ins[0], in_types[0].shape, results[0].type.shape)]
        if name == "stablehlo.reduce":
            dims = list(op.attributes["dimensions"])
            half = len(op.operands) // 2
            return [None if t is None else _drop(t, dims) for t in ins[:half]]
        if name == "stablehlo.reverse":
            # The tiles stay, in reverse order along the reversed dimensions.
            dims = list(op.attributes["dimensions"])
            return [None if ins[0] is None else np.flip(ins[0], axis=dims)]
        if name == "stablehlo.while":
            return self._while(op, ins)
        if name in ("stablehlo.if", "stablehlo.case"):
            return self._branches(op)
        if name == "stablehlo.dynamic_update_slice" and not _sharded(ins[0]) \
                and _sharded(ins[1]):
            # An update spanning whole dimensions lends them its tiling (a
            # scan's stacked outputs are written slice by slice).
            src, upd = in_types[0].shape, in_types[1].shape
            return [_replicate(ins[1], [i for i in range(len(src)) if src[i] != upd[i]])]
        if name in ("stablehlo.slice", "stablehlo.pad", "stablehlo.dynamic_slice",
                    "stablehlo.concatenate",
                    "stablehlo.dynamic_update_slice"):
            t = ins[0]
            if t is None or in_types[0].shape is None:
                return [None]
            src, dst = in_types[0].shape, results[0].type.shape
            changed = [i for i in range(len(src)) if src[i] != dst[i]]
            if name == "stablehlo.concatenate":
                changed = [int(op.attributes["dimension"])]
            return [_replicate(t, changed)]
        if name == "stablehlo.dot_general":
            return [self._dot(op, ins, out_rank[0])]
        if name in ("stablehlo.reduce_window", "stablehlo.select_and_scatter"):
            # Windows keep their operands' tiles (the partitioner exchanges halos).
            sources = ins[:len(results)] if name == "stablehlo.reduce_window" else ins[:1]
            return [None if t is None else _fitted(t, r.type.shape)
                    for t, r in zip(sources, results)]
        if name == "stablehlo.sort":
            dim = int(op.attributes.get("dimension", -1)) % max(out_rank[0] or 1, 1)
            return [None if t is None else _replicate(t, [dim]) for t in ins[:len(results)]]
        if name == "stablehlo.convolution":
            return [self._convolution(op, ins, out_rank[0])]
        if name == "stablehlo.gather":
            return [self._gather(op, ins[0], out_rank[0], ins[1])]
        if name == "stablehlo.scatter" and len(op.operands) == 3:
            return [self._scatter(op, ins[0], ins[2])]
        if name == "func.call":
            callee = self.functions.get(getattr(op.attributes.get("callee"), "name", None))
            if callee is None:
                return [None] * len(results)
            key = (callee.name, tuple(None if t is None else (t.shape, t.tobytes())
                                      for t in ins))
            if key not in self.calls:
                self.calls[key] = [None] * len(results)  # recursion guard
                self.calls[key] = self.function(callee, ins)
            return self.calls[key]
        if name == "sdy.manual_computation":
            out = op.attributes.get("out_shardings")
            if out is None:
                return [None] * len(results)
            texts = self.sharding_of({"sdy.sharding": out}, [r.type for r in results])
            if texts is None or len(texts) != len(results):
                return [None] * len(results)
            return [self.tiling(text, r.type) for text, r in zip(texts, results)]
        return [None] * len(results)

    def _elementwise(self, op: Operation, ins: list[_Tiling | None]) -> _Tiling | None:
        result_type = op.results[0].type
        same = [t for t, v in zip(ins, op.operands) if t is not None
                and getattr(v.type, "shape", None) == getattr(result_type, "shape", None)]
        sharded = [t for t in same if _sharded(t)]
        if sharded:  # the finest (as the partitioner cuts the others to it)
            return max(sharded, key=lambda t: int(np.prod(t.shape[:-1])))
        return same[0] if same else None

    def _convolution(self, op: Operation, ins: list[_Tiling | None],
                     rank: int) -> _Tiling | None:
        """The input's batch and spatial tiles, or else the kernel's output
        feature tiles, become the result's (a tiled input feature is a
        contraction: nothing is known)."""
        dn = op.attributes["dimension_numbers"]
        lhs, rhs = ins[0], ins[1]
        if _sharded(lhs) and lhs.shape[int(dn.input_feature_dimension)] == 1:
            moved = {int(dn.input_batch_dimension): int(dn.output_batch_dimension)}
            moved.update({int(i): int(o) for i, o in zip(dn.input_spatial_dimensions,
                                                       dn.output_spatial_dimensions)})
            kept = _drop(lhs, [int(dn.input_feature_dimension)])
            order = sorted(moved)
            return _fitted(_insert(kept, {k: moved[d] for k, d in enumerate(order)}, rank),
                           op.results[0].type.shape)
        if _sharded(rhs):
            feature = int(dn.kernel_output_feature_dimension)
            others = [d for d in range(rhs.ndim - 1) if d != feature]
            if any(rhs.shape[d] != 1 for d in others):
                return None
            kept = _drop(rhs, others)
            return _insert(kept, {0: int(dn.output_feature_dimension)}, rank)
        return None

    def _gather(self, op: Operation, tiling: _Tiling | None, rank: int,
                indices: _Tiling | None = None) -> _Tiling | None:
        """Operand dimensions a gather takes whole keep their tiling in the
        offset (window) dimensions of the result; the rest are replicated.
        With nothing tiled there, the indices' batch tiles become the
        result's batch dimensions' (each device gathers its indices' rows)."""
        dims = op.attributes["dimension_numbers"]
        result = None
        if tiling is not None:
            sizes = list(op.attributes["slice_sizes"])
            shape = op.operands[0].type.shape
            dropped = list(dims.collapsed_slice_dims) + list(dims.operand_batching_dims)
            window = [d for d in range(len(shape)) if d not in dropped]
            partial = [d for d in window if sizes[d] != shape[d]]
            kept = _drop(_replicate(tiling, partial), dropped)
            result = _insert(kept, dict(enumerate(dims.offset_dims)), rank)
        batch = [d for d in range(rank) if d not in dims.offset_dims]
        if not _sharded(result) and _sharded(tiling) and not _sharded(indices):
            # Tiled on batching dimensions: the result's paired batch dimensions.
            counts = tiling.shape[:-1]
            tiled = [d for d, c in enumerate(counts) if c != 1]
            pairs = dict(zip((int(d) for d in dims.operand_batching_dims),
                             (int(d) for d in dims.start_indices_batching_dims)))
            ivd = int(dims.index_vector_dim)
            index_batch = [d for d in range(op.operands[1].type.rank) if d != ivd]
            if tiled and all(d in pairs for d in tiled) and len(index_batch) == len(batch):
                core = _drop(tiling, [d for d in range(len(counts)) if d not in tiled])
                return _insert(core, {i: batch[index_batch.index(pairs[d])]
                                      for i, d in enumerate(tiled)}, rank)
        if _sharded(result) or not _sharded(indices):
            return result
        ivd = int(dims.index_vector_dim)
        if ivd < indices.ndim - 1:
            indices = _drop(indices, [ivd])
        if len(batch) != indices.ndim - 1:
            return result
        return _insert(indices, dict(enumerate(batch)), rank)

    def _scatter(self, op: Operation, operand: _Tiling | None,
                 updates: _Tiling | None) -> _Tiling | None:
        """A scatter keeps its operand's tiling; an operand with none takes
        the updates' tiles on update window dimensions that span the
        operand's (each device writes its windows' blocks)."""
        if _sharded(operand) or not _sharded(updates):
            return operand
        dims = op.attributes["scatter_dimension_numbers"]
        t, update_t = op.operands[0].type, op.operands[2].type
        removed = set(dims.inserted_window_dims) | set(dims.input_batching_dims)
        kept = [d for d in range(t.rank) if d not in removed]
        windows = sorted(int(d) for d in dims.update_window_dims)
        counts = updates.shape[:-1]
        scattered = [d for d in range(update_t.rank) if d not in windows]
        if any(counts[d] != 1 for d in scattered):
            # Tiled on batching dimensions only: the operand's paired ones.
            index_rank = op.operands[1].type.rank
            ivd = int(dims.index_vector_dim)
            batch = [d for d in range(index_rank) if d != ivd]
            pairs = dict(zip((int(d) for d in dims.scatter_indices_batching_dims),
                             (int(d) for d in dims.input_batching_dims)))
            if len(batch) != len(scattered) or any(counts[w] != 1 for w in windows) or any(
                    counts[u] != 1 and batch[i] not in pairs for i, u in enumerate(scattered)):
                return operand
            tiled = [i for i, u in enumerate(scattered) if counts[u] != 1]
            core = _drop(updates, windows)
            core = _drop(core, [i for i in range(len(scattered)) if i not in tiled])
            return _insert(core, {k: pairs[batch[i]] for k, i in enumerate(tiled)}, t.rank)
        if len(kept) != len(windows):
            return operand
        if any(counts[w] != 1 and update_t.shape[w] != t.shape[d]
               for d, w in zip(kept, windows)):
            return operand
        window_tiling = _drop(updates, [d for d in range(update_t.rank) if d not in windows])
        return _insert(window_tiling, dict(enumerate(kept)), t.rank)

    def _dot(self, op: Operation, ins: list[_Tiling | None], rank: int) -> _Tiling | None:
        dims = op.attributes["dot_dimension_numbers"]
        lhs_batch, rhs_batch = list(dims.lhs_batching_dimensions), list(
            dims.rhs_batching_dimensions)
        lhs_contract = list(dims.lhs_contracting_dimensions)
        rhs_contract = list(dims.rhs_contracting_dimensions)
        lhs_rank = len(op.operands[0].type.shape)
        rhs_rank = len(op.operands[1].type.shape)
        lhs_free = [d for d in range(lhs_rank) if d not in lhs_batch + lhs_contract]
        rhs_free = [d for d in range(rhs_rank) if d not in rhs_batch + rhs_contract]
        nb = len(lhs_batch)
        lhs, rhs = ins
        # Result dims: batch, lhs free, rhs free.
        lhs_pos = {d: i for i, d in enumerate(lhs_batch)}
        lhs_pos.update({d: nb + i for i, d in enumerate(lhs_free)})
        rhs_pos = {d: i for i, d in enumerate(rhs_batch)}
        rhs_pos.update({d: nb + len(lhs_free) + i for i, d in enumerate(rhs_free)})
        found = []
        for tiling, contract, pos in ((lhs, lhs_contract, lhs_pos),
                                      (rhs, rhs_contract, rhs_pos)):
            if tiling is None:
                continue
            kept = _drop(tiling, contract)
            if not _sharded(kept):
                continue
            remaining = [d for d in sorted(pos)]
            found.append(_insert(kept, {i: pos[d] for i, d in enumerate(remaining)}, rank))
        if len(found) == 2:
            # Both operands tiled on their own result dimensions over crossing
            # device axes (a 2-D mesh): the result takes both tilings.
            a, b = found
            from_a = [a.shape[d] != 1 for d in range(rank)]
            if a.size == b.size and not any(
                    own and b.shape[d] != 1 for d, own in enumerate(from_a)):
                crossed = _merged(a, b, from_a)
                if crossed is not b or not _sharded(a):
                    return crossed
        return found[0] if found else None
