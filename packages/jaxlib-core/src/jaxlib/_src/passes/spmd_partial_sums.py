"""Partial sums in the SPMD partitioner: values held *unreduced*.

An unreduced value (jax's ``P(..., unreduced={'x'})``, HloSharding's
``last_tile_dims={unreduced}``) is held as partial values whose sum over a
group of devices is the value: each device of a group holds a summand of the
same block. The partitioner keeps such values apart while only linear ops use
them (sums, transposes, products with one partial factor, reductions by
addition, loop carries), so a gradient accumulated over a loop meets in one
all-reduce at its end, as XLA's partitioner does.

Groups are rows of device ids (every device in exactly one row); the tiling
still says which block each device holds, and the members of a group hold
the same block.
"""

from __future__ import annotations

import numpy as np

from jaxlib._src.ir.hlo_sharding import HloSharding, _OpShardingType

__all__ = ["canonical_groups", "groups_fit", "same_groups", "spread_starts",
           "unreduced_layout"]

_Tiling = np.ndarray


def canonical_groups(groups: np.ndarray) -> np.ndarray:
    """Rows sorted, then the rows in order: one form for one partition."""
    rows = np.sort(np.asarray(groups, np.int64), axis=1)
    return rows[np.lexsort(rows.T[::-1])]


def same_groups(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.shape == b.shape and bool((canonical_groups(a) == canonical_groups(b)).all())


def _tile_positions(tiling: _Tiling) -> dict[int, tuple[int, ...]]:
    """Each device's block position (its index in the tiling, less the
    replication dimension)."""
    return {int(d): index[:-1] for index, d in np.ndenumerate(tiling)}


def groups_fit(tiling: _Tiling, groups: np.ndarray) -> bool:
    """Whether every group's devices hold the same block of ``tiling``."""
    where = _tile_positions(tiling)
    if sorted(where) != sorted(int(d) for d in groups.ravel()):
        return False
    return all(len({where[int(d)] for d in row}) == 1 for row in groups)


def unreduced_layout(text: str, rank: int, num_devices: int
                     ) -> tuple[_Tiling, np.ndarray] | None:
    """(tiling, groups) of an unreduced sharding ``text`` of a rank-``rank``
    value; None when it has no unreduced devices (or is one this pass does not
    follow: then the caller's reading refuses it)."""
    try:
        hlo = HloSharding.from_string(text)
    except ValueError:
        return None
    if hlo.is_tuple():
        return None
    if hlo.is_unreduced():  # every device a summand of the whole value
        devices = np.arange(num_devices)
        return devices.reshape([1] * rank + [num_devices]), devices.reshape(1, -1)
    if not hlo.is_tiled():
        return None
    kinds = hlo.subgroup_types()
    if _OpShardingType.UNREDUCED not in kinds or any(
            k not in (_OpShardingType.UNREDUCED, _OpShardingType.REPLICATED) for k in kinds):
        return None
    dims = list(hlo.tile_assignment_dimensions())
    if len(dims) != rank + len(kinds):
        return None
    tiles = np.array(hlo.tile_assignment_devices()).reshape(dims)
    axis = rank + kinds.index(_OpShardingType.UNREDUCED)
    groups = np.moveaxis(tiles, axis, -1).reshape(-1, dims[axis])
    return tiles.reshape(dims[:rank] + [-1]), groups


def spread_starts(held: _Tiling, target: _Tiling, groups: np.ndarray,
                  block: tuple[int, ...]) -> np.ndarray | None:
    """Each device's start, per dimension, of its ``held`` block (of shape
    ``block``) inside its ``target`` block, when a tiled value becomes
    unreduced without communication: the devices of each group hold
    different parts of their target block, together all of it once, so each
    puts its part in zeros. Shape (devices, rank); None when ``held`` does
    not split the target blocks that way."""
    rank = held.ndim - 1
    held_counts, target_counts = held.shape[:-1], target.shape[:-1]
    if any(h % t for h, t in zip(held_counts, target_counts)) or held_counts == target_counts:
        return None
    ratio = [h // t for h, t in zip(held_counts, target_counts)]
    parts = int(np.prod(ratio))
    held_at, target_at = _tile_positions(held), _tile_positions(target)
    starts = np.zeros((groups.size, rank), np.int64)
    for row in groups:
        inner = set()
        for d in (int(x) for x in row):
            h, t = held_at[d], target_at[d]
            if any(hi // r != ti for hi, r, ti in zip(h, ratio, t)):
                return None  # the held block is not inside the target block
            inner.add(tuple(hi % r for hi, r in zip(h, ratio)))
            starts[d] = [(hi % r) * b for hi, r, b in zip(h, ratio, block)]
        if len(inner) != parts or len(row) != parts:
            return None
    return starts
