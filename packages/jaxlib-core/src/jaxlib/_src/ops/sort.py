"""sort (any comparator) and chlo.top_k.

Fast path: a comparator of the form ``compare(LT|GT, f(lhs_k), f(rhs_k))``,
where ``lhs_k``/``rhs_k`` are the two arguments for operand k and ``f`` is the
same small elementwise key function on both sides (identity, or JAX's
"-0 -> 0, NaN -> canonical NaN" canonicalisation built from compare/select/
constant), is a stable numpy argsort on f(operand k); a lexicographic chain
``lt(k0) | (eq(k0) & lt(k1)) ...`` of such keys (JAX's multi-key sorts) is a
numpy lexsort. Floats are ordered by
XLA's total order (-NaN < -inf < ... < -0 < 0 < ... < inf < NaN), which is
what TOTALORDER compares; a FLOAT comparison orders -0 and 0 as equal and
puts NaNs by sign at the ends. Any other comparator made of elementwise ops
is run once on all pairs of each slice (ranks from the comparison matrix);
otherwise a stable merge sort calls the region on scalars.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jaxlib._src.ir.attributes import DenseElements
from jaxlib._src.ir.core import Block, Operation
from jaxlib._src.ir.types import TensorType, is_complex, is_float, is_integer, is_unsigned
from jaxlib._src.ops.data_movement import (
    check_same_element_type,
    dims_compatible,
    int_attr,
    region_is_elementwise,
    run_region_on_arrays,
    tensor_type,
)
from jaxlib._src.ops.elementwise import total_order_key
from jaxlib._src.ops.registry import define_op, with_frame
from jaxlib._src.ops.signatures import infer_top_k


def _fail(message: str) -> None:
    raise ValueError(message)


# --- ordering keys ----------------------------------------------------------------------


def order_key(values: np.ndarray, element_type: Any, compare_type: str | None,
              xp=np) -> np.ndarray:
    """An integer array whose natural order is the comparator's order (``xp``:
    the array namespace, numpy or jaxlib-gpu's CuPy)."""
    if element_type == "i1":
        return values.astype(np.uint8)
    if is_integer(element_type):
        return values.astype(np.uint64 if is_unsigned(element_type) else np.int64)
    if is_float(element_type):
        if compare_type != "TOTALORDER":
            values = values + values.dtype.type(0)  # IEEE: -0 + 0 = +0, so -0 ties with 0
        return total_order_key(values, xp)
    raise ValueError(f"no ordering key for element type {element_type}")


def _descending(key: np.ndarray) -> np.ndarray:
    return ~key  # bitwise not reverses the order of signed and unsigned ints alike


# --- comparator recognition ---------------------------------------------------------------


@dataclass(frozen=True)
class _Const:
    """A constant in an expression tree; equal when the bytes are equal."""

    type: Any
    data: bytes
    array: np.ndarray = field(compare=False, hash=False)


# The ops _expressions below turns into trees (its own branches, not a table's view).
_KEY_OPS = {"stablehlo.constant", "stablehlo.compare", "stablehlo.select", "stablehlo.and",
            "stablehlo.or", "stablehlo.real", "stablehlo.imag"}


def _expressions(block: Block) -> dict[int, Any] | None:
    """Expression trees of the block's values, or None when an op is not one
    the fast path can evaluate."""
    exprs: dict[int, Any] = {id(a): ("arg", i) for i, a in enumerate(block.arguments)}
    for op in block.operations[:-1]:
        if op.name not in _KEY_OPS or len(op.results) != 1 or op.regions:
            return None
        if any(id(v) not in exprs for v in op.operands):
            return None  # reads a value captured from outside the comparator
        if op.name == "stablehlo.constant":
            value = op.attributes.get("value")
            if not isinstance(value, DenseElements) or value.array.shape != ():
                return None
            expr: Any = ("const", _Const(value.type, value.array.tobytes(), value.array))
        elif op.name == "stablehlo.compare":
            direction = op.attributes["comparison_direction"].value
            compare_type = op.attributes.get("compare_type")
            expr = ("compare", direction, getattr(compare_type, "value", None),
                    str(op.operand_types[0].element_type),
                    exprs[id(op.operands[0])], exprs[id(op.operands[1])])
        else:  # select, and, or; real, imag (of a complex argument: jax's complex sorts)
            expr = (op.name.split(".")[1], *(exprs[id(v)] for v in op.operands))
        exprs[id(op.results[0])] = expr
    return exprs


def _args_of(expr: Any) -> set[int]:
    if expr[0] == "arg":
        return {expr[1]}
    if expr[0] == "const":
        return set()
    return set().union(*(_args_of(e) for e in expr if isinstance(e, tuple)))


def _substitute(expr: Any, old: int, new: int) -> Any:
    if expr[0] == "arg":
        return ("arg", new) if expr[1] == old else expr
    if expr[0] == "const":
        return expr
    return tuple(_substitute(e, old, new) if isinstance(e, tuple) else e for e in expr)


def _compare_values(direction: str, compare_type: str | None, element_type: str,
                    lhs: np.ndarray, rhs: np.ndarray, xp=np) -> np.ndarray:
    if compare_type == "TOTALORDER" and is_float(element_type):
        lhs, rhs = total_order_key(lhs, xp), total_order_key(rhs, xp)
    return {"EQ": xp.equal, "NE": xp.not_equal, "LT": xp.less, "LE": xp.less_equal,
            "GT": xp.greater, "GE": xp.greater_equal}[direction](lhs, rhs)


def evaluate_key(expr: Any, x: np.ndarray, xp=np) -> np.ndarray:
    """Evaluates a one-argument key expression on the whole array ``x`` (in
    the array namespace ``xp``: numpy, or jaxlib-gpu's CuPy)."""
    kind = expr[0]
    if kind == "arg":
        return x
    if kind == "const":
        return expr[1].array if xp is np else xp.asarray(expr[1].array)
    if kind == "compare":
        _, direction, compare_type, element_type, lhs, rhs = expr
        return _compare_values(direction, compare_type, element_type,
                               evaluate_key(lhs, x, xp), evaluate_key(rhs, x, xp), xp)
    if kind in ("real", "imag"):  # a part of a complex argument
        return getattr(evaluate_key(expr[1], x, xp), kind)
    pred, on_true, on_false = (evaluate_key(e, x, xp) for e in expr[1:])
    # (keys of a complex operand select among its parts)
    return xp.where(pred, on_true, on_false).astype(x.real.dtype)


@dataclass(frozen=True)
class SortKey:
    """One key of a recognised comparator: an elementwise function of one operand."""

    operand: int
    key_expr: Any  # of ("arg", 2 * operand)
    compare_type: str | None
    descending: bool
    element_type: str  # of the key's values: the operand's, or its parts' for complex


def recognise_comparator(op: Operation) -> list[SortKey] | None:
    """The keys, most significant first, of a comparator that is a
    lexicographic less-than: ``lt(k0)`` or ``lt(k0) | (eq(k0) & rest)``
    (how JAX writes sorts with several keys). None for anything else."""
    block = op.regions[0].entry
    exprs = _expressions(block)
    terminator = block.operations[-1]
    if exprs is None or len(terminator.operands) != 1:
        return None
    final = exprs.get(id(terminator.operands[0]))
    keys: list[SortKey] = []
    while final is not None and final[0] == "or":
        less, tie = final[1:] if final[2][0] == "and" else final[:0:-1]
        if tie[0] != "and":
            return None
        equal, rest = tie[1:] if tie[1][0] == "compare" and tie[1][1] == "EQ" else tie[:0:-1]
        if equal[0] != "compare" or equal[1] != "EQ":
            return None
        key = _single_key(op, less)
        _, _, eq_type, _, eq_lhs, eq_rhs = equal
        if key is None or eq_type != less[2] or {eq_lhs, eq_rhs} != {less[4], less[5]}:
            return None
        keys.append(key)
        final = rest
    key = _single_key(op, final)
    return None if key is None else keys + [key]


def _single_key(op: Operation, expr: Any) -> SortKey | None:
    """``compare(LT|GT, f(lhs_k), f(rhs_k))`` as a key of operand k."""
    if expr is None or expr[0] != "compare" or expr[1] not in ("LT", "GT"):
        return None
    _, direction, compare_type, _, lhs, rhs = expr
    lhs_args, rhs_args = _args_of(lhs), _args_of(rhs)
    if len(lhs_args) != 1 or len(rhs_args) != 1:
        return None
    a, b = lhs_args.pop(), rhs_args.pop()
    if a // 2 != b // 2 or a == b or _substitute(lhs, a, b) != rhs:
        return None
    operand = a // 2
    operand_type = op.operand_types[operand].element_type
    if not isinstance(operand_type, str):
        return None
    parts = is_complex(operand_type)
    if not _keeps_operand_type(lhs, parts):
        return None
    element_type = _PART_TYPES.get(operand_type) if parts else operand_type
    if element_type is None:
        return None
    descending = (direction == "GT") != (a % 2 == 1)
    return SortKey(operand, _substitute(lhs, a, 2 * operand), compare_type, descending,
                   element_type)


# The float type of a complex type's parts.
_PART_TYPES = {"complex<f32>": "f32", "complex<f64>": "f64"}


def _keeps_operand_type(expr: Any, parts: bool = False) -> bool:
    """Key functions the fast path evaluates: the argument itself (with
    ``parts``, of a complex operand: its real or imaginary part) or selects
    among it and constants (a boolean-valued key goes to the generic path)."""
    if expr[0] == "const":
        return True
    if expr[0] == "arg":
        return not parts
    if expr[0] in ("real", "imag"):
        return parts and expr[1][0] == "arg"
    if expr[0] == "select":
        return all(_keeps_operand_type(e, parts) for e in expr[2:]) and \
            _is_predicate(expr[1], parts)
    return False


def _is_predicate(expr: Any, parts: bool = False) -> bool:
    return expr[0] == "compare" and all(
        _keeps_operand_type(e, parts) for e in expr[4:])


# --- sort ------------------------------------------------------------------------------------


def _verify_sort(op: Operation) -> None:
    if not op.operands:
        _fail("sort needs at least one operand")
    types = [tensor_type(op, t, "operand") for t in op.operand_types]
    for t in types[1:]:
        if not dims_compatible(t.shape, types[0].shape):
            _fail(f"operands {types[0]} and {t} differ in shape")
    if list(op.result_types) != list(types):
        _fail("result types must equal the operand types")
    dim = int_attr(op, "dimension", -1)
    rank = types[0].rank
    if not -rank <= dim < rank:
        _fail(f"dimension {dim} out of range for rank {rank}")
    if not op.regions:
        _fail("sort needs a comparator region")
    block = op.regions[0].entry
    expected = [TensorType((), t.element_type) for t in types for _ in range(2)]
    if [a.type for a in block.arguments] != expected:
        _fail(f"comparator must take ({', '.join(map(str, expected))})")
    returned = block.operations[-1].operand_types
    if len(returned) != 1 or returned[0] != TensorType((), "i1"):
        _fail(f"comparator must return tensor<i1>, got {returned}")


def _sort(op: Operation, ctx):
    rank = op.operand_types[0].rank
    dim = int_attr(op, "dimension", -1) % max(rank, 1)
    keys = recognise_comparator(op)
    if keys is not None:
        element_types = [k.element_type for k in keys]

        def kernel(*operands):
            if rank == 0:
                return operands
            orders = []
            for key, element_type in zip(keys, element_types):
                values = evaluate_key(key.key_expr, operands[key.operand])
                order = order_key(values, element_type, key.compare_type)
                orders.append(_descending(order) if key.descending else order)
            if len(orders) == 1:
                permutation = np.argsort(orders[0], axis=dim, kind="stable")
            else:  # lexsort is stable and takes the most significant key last
                permutation = np.lexsort(orders[::-1], axis=dim)
            return tuple(np.take_along_axis(x, permutation, axis=dim) for x in operands)

        return kernel

    comparator = ctx.compile_region(op.regions[0])
    merge_sort = _merge_sort_kernel(dim, rank, comparator.run)
    if not region_is_elementwise(op.regions[0]):
        return with_frame(merge_sort)

    def kernel(frame, *operands):
        if rank == 0:
            return operands
        ranked = _sort_by_ranks(frame, operands, dim, comparator.run)
        return ranked if ranked is not None else merge_sort(frame, *operands)

    return with_frame(kernel)


# Largest comparison matrix (elements over all slices) the rank method builds.
_RANK_METHOD_LIMIT = 1 << 22


def _sort_by_ranks(frame, operands: tuple, dim: int, run_region: Callable) -> tuple | None:
    """Runs an elementwise comparator once on all pairs (i, j) of each slice.
    For a strict weak order, element i's stable position is the number of
    elements less than it plus the number of equivalent ones before it. None
    when the matrix would be too large or the answers are not such an order."""
    moved = [np.moveaxis(x, dim, -1) for x in operands]
    length = moved[0].shape[-1]
    shape = moved[0].shape + (length,)
    if int(np.prod(shape, dtype=np.int64)) > _RANK_METHOD_LIMIT:
        return None
    args = []
    for m in moved:
        args.append(np.broadcast_to(m[..., :, None], shape))  # lhs: element i
        args.append(np.broadcast_to(m[..., None, :], shape))  # rhs: element j
    answers = run_region_on_arrays(run_region, frame, tuple(args), shape)
    if answers is None:
        return None
    less = answers[0].astype(bool)  # less[..., i, j]: is i before j
    greater = np.swapaxes(less, -1, -2)  # greater[..., i, j]: is j before i
    earlier = np.tri(length, k=-1, dtype=bool).astype(bool)  # [i, j]: j < i
    ranks = greater.sum(axis=-1) + (~less & ~greater & earlier).sum(axis=-1)
    if not (np.sort(ranks, axis=-1) == np.arange(length)).all():
        return None  # not a strict weak order: let the merge sort decide
    permutation = np.argsort(ranks, axis=-1)
    return tuple(np.moveaxis(np.take_along_axis(m, permutation, axis=-1), -1, dim)
                 for m in moved)


class _SortItem:
    """One element being sorted; ``a < b`` asks the comparator region."""

    __slots__ = ("index", "values", "frame", "run_region")

    def __init__(self, index: int, values: tuple, frame: list, run_region: Callable) -> None:
        self.index = index
        self.values = values
        self.frame = frame
        self.run_region = run_region

    def __lt__(self, other: _SortItem) -> bool:
        args = tuple(v for pair in zip(self.values, other.values) for v in pair)
        return bool(self.run_region(self.frame, args)[0])


def _merge_sort_kernel(dim: int, rank: int, run_region: Callable) -> Callable:
    """Sorts each 1-D slice with Python's stable merge sort (timsort), which
    only asks "is a < b", answered by the comparator."""

    def kernel(frame, *operands):
        if rank == 0:
            return operands
        moved = [np.moveaxis(x, dim, -1) for x in operands]
        permutation = np.empty(moved[0].shape, np.int64)
        length = moved[0].shape[-1]
        for batch in np.ndindex(*moved[0].shape[:-1]):
            # Each element as its comparator arguments' halves: (x0[i], x1[i], ...).
            columns = [[np.array(v) for v in m[batch]] for m in moved]
            elements = [tuple(column[i] for column in columns) for i in range(length)]
            permutation[batch] = [item.index for item in
                                  sorted(_SortItem(i, e, frame, run_region)
                                         for i, e in enumerate(elements))]
        return tuple(np.moveaxis(np.take_along_axis(m, permutation, axis=-1), -1, dim)
                     for m in moved)

    return kernel


define_op("stablehlo.sort",
          signature="inputs*, dimension: I64?, is_stable: Bool? -> result* {comparator}",
          verify=_verify_sort, reference=_sort)


# --- chlo.top_k --------------------------------------------------------------------------------


def _verify_top_k(op: Operation) -> None:
    operand = tensor_type(op, op.operand_types[0], "operand")
    k = int_attr(op, "k")
    if operand.rank < 1:
        _fail("top_k needs an operand of rank >= 1")
    last = operand.shape[-1]
    if k < 0 or (last is not None and k > last):
        _fail(f"k = {k} out of range for {operand}")
    if len(op.results) != 2:
        _fail("top_k has two results (values, indices)")
    values, indices = (tensor_type(op, t, "result") for t in op.result_types)
    expected = tuple(operand.shape[:-1]) + (k,)
    if not dims_compatible(values.shape, expected) or not dims_compatible(indices.shape,
                                                                           expected):
        _fail(f"results must have shape {list(expected)}")
    check_same_element_type(op, operand, values, "values")
    if indices.element_type != "i32":
        _fail(f"indices must be i32, got {indices.element_type}")


def top_k_arrays(x: np.ndarray, k: int, element_type: Any, xp=np) -> tuple:
    """The k largest of the last dimension in total order and their indices
    (i32), ties keeping the lower index first (``xp``: numpy, or jaxlib-gpu's
    CuPy, whose argsort is stable)."""
    key = _descending(order_key(x, element_type, "TOTALORDER", xp))
    indices = xp.argsort(key, axis=-1, **({"kind": "stable"} if xp is np else {}))[..., :k]
    return xp.take_along_axis(x, indices, axis=-1), indices.astype(np.int32)


def _top_k(op: Operation, ctx):
    k = int_attr(op, "k")
    element_type = op.operand_types[0].element_type
    if is_complex(element_type):
        _fail("top_k of complex values")
    return lambda x: top_k_arrays(x, k, element_type)


define_op("chlo.top_k",
          signature="operand, k: I64 => values, indices",
          infer=infer_top_k,
          verify=_verify_top_k, reference=_top_k, syntax="top_k")

