"""A block's dataflow between the things a backend schedules (fused groups and
the ops left as they are), as a graph whose nodes may be merged while it stays
acyclic, and the order that then runs it.

Fusion that places a group where one of its ops was (fusion.py's sibling
merges) can only merge groups that nothing outside them reads in between.
Merging nodes of a DAG is safe whenever no path leaves the pair and comes
back to it; a topological order of the merged graph then gives each group a
place. Reachability is kept as bit sets (Python ints), updated per merge.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence


class Dataflow:
    """Nodes 0..count-1, numbered in a topological order (the block's), with
    ``edges`` (producer, consumer)."""

    def __init__(self, count: int, edges: Iterable[tuple[int, int]]):
        self._successors: list[set[int]] = [set() for _ in range(count)]
        self._predecessors: list[set[int]] = [set() for _ in range(count)]
        for producer, consumer in edges:
            if producer == consumer:
                continue
            if producer > consumer:
                raise ValueError(f"edge {producer} -> {consumer} against the node order")
            self._successors[producer].add(consumer)
            self._predecessors[consumer].add(producer)
        self._representative = list(range(count))
        # reach[n]: bit m set when a path leads from n to m
        self._reach = [0] * count
        for node in reversed(range(count)):
            bits = 0
            for successor in self._successors[node]:
                bits |= (1 << successor) | self._reach[successor]
            self._reach[node] = bits

    def find(self, node: int) -> int:
        """The node that ``node`` was merged into (itself if it was not)."""
        root = node
        while self._representative[root] != root:
            root = self._representative[root]
        while self._representative[node] != root:  # shorter paths next time
            self._representative[node], node = root, self._representative[node]
        return root

    def can_merge(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` as one node keep the graph acyclic: no path
        from one to the other passes through a third node."""
        a, b = self.find(a), self.find(b)
        return a != b and not self._through(a, b) and not self._through(b, a)

    def _through(self, start: int, end: int) -> bool:
        bit = 1 << end
        return any(s != end and self._reach[s] & bit for s in self._successors[start])

    def merge(self, a: int, b: int) -> None:
        """``b`` joins ``a`` (``can_merge`` said yes)."""
        a, b = self.find(a), self.find(b)
        a_bit, b_bit = 1 << a, 1 << b
        self._representative[b] = a
        for successor in self._successors[b]:
            self._predecessors[successor].discard(b)
            if successor != a:
                self._predecessors[successor].add(a)
        for predecessor in self._predecessors[b]:
            self._successors[predecessor].discard(b)
            if predecessor != a:
                self._successors[predecessor].add(a)
        self._successors[a] = (self._successors[a] | self._successors[b]) - {a, b}
        self._predecessors[a] = (self._predecessors[a] | self._predecessors[b]) - {a, b}
        self._successors[b] = set()
        self._predecessors[b] = set()
        merged = (self._reach[a] | self._reach[b]) & ~(a_bit | b_bit)
        self._reach[a] = merged
        self._reach[b] = 0
        # What reached either now reaches the merged node and all after it.
        for node, bits in enumerate(self._reach):
            if bits & (a_bit | b_bit):
                self._reach[node] = (bits | a_bit | merged) & ~b_bit

    def order(self, keys: Sequence[float]) -> list[int]:
        """The remaining nodes in a topological order; among the nodes ready
        to run, the one of smallest ``keys[node]`` first (the block's own
        order when nothing was merged and keys are the node numbers)."""
        nodes = [n for n in range(len(self._representative)) if self.find(n) == n]
        waiting = {n: len(self._predecessors[n]) for n in nodes}
        ready = [(keys[n], n) for n in nodes if waiting[n] == 0]
        heapq.heapify(ready)
        result: list[int] = []
        while ready:
            _, node = heapq.heappop(ready)
            result.append(node)
            for successor in self._successors[node]:
                waiting[successor] -= 1
                if waiting[successor] == 0:
                    heapq.heappush(ready, (keys[successor], successor))
        if len(result) != len(nodes):
            raise AssertionError("the merged dataflow has a cycle")
        return result
