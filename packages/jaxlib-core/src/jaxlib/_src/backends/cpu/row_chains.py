"""Row-blocked runs of fused kernels.

softmax, layernorm and attention scores are a few fused kernels in a row
(reduce, then elementwise on the reduction and the same input, ...), each of
which would stream the whole tensor through memory. When every kernel of such a
run computes row r of its result from row r of the values the run produced
before it, the executor can run them one block of rows at a time
(``("rows", steps, rows, block_rows, name)``): the block is still in cache when
the next kernel reads it, so the tensor crosses memory once.

This pass looks for those runs among a planned region's steps, after fusion
and before arena assignment (the run's values must all stay live for the whole
run, since its kernels interleave).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# A run is worth it when its kernels touch more than a core's L2.
_MIN_RUN_BYTES = 1 << 21
# Bytes of operands and results per block of rows, counting a value once per
# kernel that reads it: the block's distinct data stays within a core's L2.
_BLOCK_BYTES = 1 << 20
_MIN_ROWS = 8


@dataclass
class _Load:
    arg: int  # kernel input index
    strides: list[int]


@dataclass
class _Group:
    """What a fused kernel's code says about its row structure."""

    dims: list[int]
    reduce_begin: int  # -1: elementwise
    loads: list[_Load]
    out_elements: int

    def row_counts(self) -> dict[int, int]:
        """rows -> number of leading domain dims making them (the kernel's
        results split into that many row-major parts)."""
        limit = len(self.dims) if self.reduce_begin < 0 else self.reduce_begin
        counts, product = {}, 1
        for k in range(limit):
            product *= self.dims[k]
            if product > 1:
                counts.setdefault(product, k + 1)
        return counts


def _decode(code: list[int]) -> _Group:
    """The domain, reduction and loads of a fused kernel's code (the layout
    documented in fused.cc)."""
    ndims = code[1]
    dims = list(code[2:2 + ndims])
    pos = 2 + ndims
    red_op, red_begin = code[pos], code[pos + 1]
    pos += 4
    nslots = code[pos]
    pos += 1 + nslots
    nloads = code[pos]
    pos += 1
    loads = []
    for _ in range(nloads):
        kind, arg = code[pos + 1], code[pos + 2]
        strides = list(code[pos + 3:pos + 3 + ndims])
        pos += 3 + ndims
        if kind == 0:
            loads.append(_Load(arg, strides))
    total = 1
    for d in dims:
        total *= d
    reduce_begin = red_begin if red_op >= 0 else -1
    if reduce_begin >= 0:
        out = 1
        for k, d in enumerate(dims):
            if k < red_begin or k >= code[2 + ndims + 2]:
                out *= d
    else:
        out = total
    return _Group(dims, reduce_begin, loads, out)


def _reads_rows_locally(group: _Group, split: int, load: _Load, per_row: int) -> bool:
    """Whether domain row r (the first ``split`` dims) reads only elements
    [r * per_row, (r + 1) * per_row) through ``load``."""
    expected = per_row
    for k in range(split - 1, -1, -1):
        if group.dims[k] != 1 and load.strides[k] != expected:
            return False
        expected *= group.dims[k]
    extent = sum(s * (d - 1) for s, d in zip(load.strides[split:], group.dims[split:]) if d > 1)
    return extent < per_row


@dataclass
class _Member:
    step: tuple
    group: _Group
    nbytes: int


class _Run:
    def __init__(self) -> None:
        self.members: list[_Member] = []
        self.hoisted: list[tuple] = []
        self.rows: set[int] | None = None
        self.produced: dict[int, int] = {}  # slot -> its producer's result elements

    def accepts(self, member: _Member, rows: int) -> bool:
        counts = member.group.row_counts()
        if rows not in counts:
            return False
        split = counts[rows]
        ins = member.step[2]
        for load in member.group.loads:
            slot = ins[load.arg]
            if slot in self.produced:
                elements = self.produced[slot]
                if elements % rows or not _reads_rows_locally(member.group, split, load,
                                                              elements // rows):
                    return False
        return True

    def best_rows(self, member: _Member) -> set[int]:
        """The row counts (of those the run allows) ``member`` can join with."""
        candidates = set(member.group.row_counts())
        if self.rows is not None:
            candidates &= self.rows
        return {r for r in candidates if r >= _MIN_ROWS and self.accepts(member, r)}

    def add(self, member: _Member, rows: set[int]) -> None:
        self.members.append(member)
        self.rows = rows
        for slot in member.step[3]:
            self.produced[slot] = member.group.out_elements


def form_row_runs(regions: list[list[tuple]], groups: dict[int, Any], slots: list[Any]) -> None:
    """Rewrites each region's runs of row-local fused kernels into "rows"
    steps, and widens the live ranges of their values to the whole run."""
    for index, steps in enumerate(regions):
        regions[index] = _rewrite(steps, groups, slots)


def _member(step: tuple, groups: dict[int, Any], slots: list[Any]) -> _Member | None:
    group = groups.get(id(step))
    if step[0] != "kernel" or group is None or "loop" in group.params:
        return None
    nbytes = sum(slots[s].nbytes for s in (*step[2], *step[3]))
    return _Member(step, _decode(group.params["code"]), nbytes)


def _rewrite(steps: list[tuple], groups: dict[int, Any], slots: list[Any]) -> list[tuple]:
    out: list[tuple] = []
    run = _Run()

    def flush() -> None:
        nonlocal run
        out.extend(_emit(run, slots))
        run = _Run()

    for step in steps:
        member = _member(step, groups, slots)
        if member is None:
            flush()
            out.append(step)
            continue
        rows = run.best_rows(member)
        if rows:
            run.add(member, rows)
            continue
        if run.members and not any(s in run.produced for s in step[2]):
            # Independent of the run (a scalar computed on the side): run it first.
            run.hoisted.append(step)
            continue
        flush()
        rows = run.best_rows(member)
        if rows:
            run.add(member, rows)
        else:
            out.append(step)
    flush()
    return out


def _emit(run: _Run, slots: list[Any]) -> list[tuple]:
    members = run.members
    total = sum(m.nbytes for m in members)
    if len(members) < 2 or total < _MIN_RUN_BYTES:
        steps = [m.step for m in members]
        # Keep program order: a hoisted step came after the first members.
        return _in_order(steps, run.hoisted)
    rows = max(run.rows or ())
    per_row = max(1, total // rows)
    block_rows = max(1, min(rows, _BLOCK_BYTES // per_row))
    names = "; ".join(m.step[4] for m in members)
    _widen_live_ranges([*run.hoisted, *(m.step for m in members)], slots)
    step = ("rows", [m.step for m in members], rows, block_rows,
            f"rows[{rows}/{block_rows}]({names})")
    return [*run.hoisted, step]


def _in_order(steps: list[tuple], hoisted: list[tuple]) -> list[tuple]:
    def position(step: tuple) -> int:
        return min(step[3]) if step[3] else 0  # slots are numbered in program order

    return sorted([*steps, *hoisted], key=position)


def _widen_live_ranges(steps: list[tuple], slots: list[Any]) -> None:
    """The run's kernels interleave: every value it reads or writes must keep
    its storage from the run's first step to its last."""
    touched = [s for step in steps for s in (*step[2], *step[3])]
    outputs = [s for step in steps for s in step[3]]
    start = min(slots[s].defined for s in outputs)
    end = max(slots[s].defined for s in outputs)
    for s in touched:
        slots[s].last_use = max(slots[s].last_use, end)
    for s in outputs:
        slots[s].defined = start
