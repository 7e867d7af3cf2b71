"""The devices an SPMD partitioner builder partitions over.

Outside manual computations that is every device. Inside a *partially*
manual computation (a ``shard_map`` over some mesh axes, the others left to
the partitioner) each device runs the body on its manual block, and the body
is partitioned over the free axes only: a builder there works with
*positions* along the free axes, each standing for one device per manual
coordinate. Tilings of body values are over positions; what reaches the
per-device program (collective groups, tables indexed by the partition id)
is expanded to the devices of every manual coordinate.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from jaxlib._src.passes.sharding_propagation import tiling_from_tiles

__all__ = ["DeviceSpace"]


@dataclass(frozen=True)
class DeviceSpace:
    """``ids[m, p]``: the device of manual coordinate ``m`` at position ``p``
    (one row when nothing is manual: positions are devices). ``manual``: the
    mesh axes that are manual here."""

    ids: np.ndarray
    manual: frozenset[str] = field(default_factory=frozenset)

    @staticmethod
    def whole(num_devices: int) -> DeviceSpace:
        return DeviceSpace(np.arange(num_devices).reshape(1, num_devices))

    @staticmethod
    def of_mesh(axis_names: tuple[str, ...], axis_sizes: tuple[int, ...],
                logical_ids: tuple[int, ...], manual: frozenset[str]) -> DeviceSpace:
        """The space of a mesh whose ``manual`` axes are manual."""
        ids = np.array(logical_ids, np.int64).reshape(axis_sizes)
        manual_axes = [k for k, name in enumerate(axis_names) if name in manual]
        free_axes = [k for k, name in enumerate(axis_names) if name not in manual]
        moved = ids.transpose(manual_axes + free_axes)
        groups = int(np.prod([axis_sizes[k] for k in manual_axes]))
        return DeviceSpace(moved.reshape(groups, -1), frozenset(manual))

    @property
    def size(self) -> int:
        """The number of positions."""
        return int(self.ids.shape[1])

    @property
    def is_whole(self) -> bool:
        return self.ids.shape[0] == 1

    def table(self, per_position: np.ndarray) -> np.ndarray:
        """A table over positions as one over devices (each device takes its
        position's entry)."""
        if self.is_whole:
            return per_position
        per_device = np.empty(self.ids.size, per_position.dtype)
        for row in self.ids:
            per_device[row] = per_position
        return per_device

    def groups(self, rows: np.ndarray) -> np.ndarray:
        """Groups of positions as groups of devices: each group once per
        manual coordinate."""
        rows = np.asarray(rows, np.int64)
        if self.is_whole:
            return rows
        return np.concatenate([row[rows] for row in self.ids])

    def sub(self, tiling: np.ndarray | None) -> np.ndarray | None:
        """A tiling over all devices as one over positions: the tiles a
        device holds within its manual block. None when the manual
        coordinates do not all see the same tiling of their blocks."""
        if tiling is None or self.is_whole:
            return tiling
        where = {int(d): index[:-1] for index, d in np.ndenumerate(tiling)}
        if len(where) != self.ids.size or any(int(d) not in where for d in self.ids.ravel()):
            return None
        rank = tiling.ndim - 1
        first: list[tuple[int, ...]] | None = None
        counts: list[int] = []
        for row in self.ids:
            held = [where[int(d)] for d in row]
            values = [sorted({t[k] for t in held}) for k in range(rank)]
            relative = [tuple(values[k].index(t[k]) for k in range(rank)) for t in held]
            if first is None:
                first, counts = relative, [len(v) for v in values]
            elif relative != first or counts != [len(v) for v in values]:
                return None
        return tiling_from_tiles(dict(enumerate(first or [])), counts)
