"""Native lowering of standalone ``stablehlo.reduce`` (``csrc/cpu/kernels/reduce.cc``).

Two kinds of body run natively:

* one add / multiply / maximum / minimum / and / or / xor of the two body
  arguments per operand (any number of operands);
* JAX's argmax / argmin body over (values, indices):
  ``pick = a CMP b or a != a; select(pick, a, b)`` for the value and
  ``select(pick or (a == b and ia < ib), ia, ib)`` for the index.

Anything else returns None and the reference kernel runs.
"""

from __future__ import annotations

from jaxlib._src.backends.cpu.native_lowerings import NativeKernel, native_lowering
from jaxlib._src.ir.core import Operation, Region, Value, is_terminator
from jaxlib._src.ops.reduction import _single_ufunc_body, int_array_attr


@native_lowering("stablehlo.reduce")
def lower_reduce(op: Operation) -> NativeKernel | None:
    if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
        return None
    count = len(op.results)
    dims = list(int_array_attr(op, "dimensions", ()))
    region = op.regions[0]
    names = _single_ufunc_body(region, count)
    if names is not None:
        ops = ",".join(name.removeprefix("stablehlo.") for name in names)
        return NativeKernel("reduce", {"kind": "ops", "ops": ops, "dimensions": dims})
    kind = argminmax_kind(region) if count == 2 else None
    if kind is not None:
        return NativeKernel("reduce", {"kind": kind, "dimensions": dims})
    return None


# -- recognising the argmax / argmin body ---------------------------------------------


def _defining(value: Value, name: str, ops: list[Operation]) -> Operation | None:
    owner = value.owner
    if isinstance(owner, Operation) and owner.name == name and owner in ops:
        return owner
    return None


def _compare(value: Value, ops: list[Operation]) -> tuple[str, Value, Value] | None:
    """(direction, lhs, rhs) when ``value`` is a non-total-order compare."""
    compare = _defining(value, "stablehlo.compare", ops)
    if compare is None or len(compare.operands) != 2:
        return None
    compare_type = compare.attributes.get("compare_type")
    if getattr(compare_type, "value", compare_type) == "TOTALORDER":
        return None
    direction = compare.attributes.get("comparison_direction")
    return getattr(direction, "value", None), compare.operands[0], compare.operands[1]


def _both(value: Value, name: str, ops: list[Operation]) -> tuple[Value, Value] | None:
    op = _defining(value, name, ops)
    if op is None or len(op.operands) != 2:
        return None
    return op.operands[0], op.operands[1]


def _is_value_pick(value: Value, a: Value, b: Value, ops: list[Operation],
                   is_float: bool) -> str | None:
    """'argmax' / 'argmin' when value is ``a GT|LT b`` or'ed with ``a != a``
    (the NaN clause may be absent for integers only)."""

    def direction_of(v: Value) -> str | None:
        compare = _compare(v, ops)
        if compare is None or compare[1] is not a or compare[2] is not b:
            return None
        return {"GT": "argmax", "LT": "argmin"}.get(compare[0])

    def is_nan_test(v: Value) -> bool:
        compare = _compare(v, ops)
        return compare is not None and compare[0] == "NE" and compare[1] is a and compare[2] is a

    pair = _both(value, "stablehlo.or", ops)
    if pair is not None:
        for first, second in (pair, pair[::-1]):
            kind = direction_of(first)
            if kind is not None and is_nan_test(second):
                return kind
    return None if is_float else direction_of(value)


def _is_index_pick(value: Value, pick: Value, a: Value, b: Value, ia: Value, ib: Value,
                   ops: list[Operation]) -> bool:
    """Whether value is ``pick or (a == b and ia < ib)``."""
    pair = _both(value, "stablehlo.or", ops)
    if pair is None:
        return False
    for first, second in (pair, pair[::-1]):
        if first is not pick:
            continue
        tie = _both(second, "stablehlo.and", ops)
        if tie is None:
            return False
        for eq_value, lt_value in (tie, tie[::-1]):
            eq = _compare(eq_value, ops)
            lt = _compare(lt_value, ops)
            if (eq is not None and lt is not None and eq[0] == "EQ" and lt[0] == "LT"
                    and {id(eq[1]), id(eq[2])} == {id(a), id(b)}
                    and lt[1] is ia and lt[2] is ib):
                return True
    return False


def argminmax_kind(region: Region) -> str | None:
    """'argmax' / 'argmin' when the body is JAX's argmax / argmin reducer over
    block arguments (a, ia, b, ib); None otherwise."""
    block = region.entry
    if len(block.arguments) != 4 or not block.operations:
        return None
    a, ia, b, ib = block.arguments
    ops = list(block.operations[:-1])
    terminator = block.operations[-1]
    if not is_terminator(terminator.name) or len(terminator.operands) != 2:
        return None
    if any(o.regions for o in ops):
        return None
    value_select = _defining(terminator.operands[0], "stablehlo.select", ops)
    index_select = _defining(terminator.operands[1], "stablehlo.select", ops)
    if value_select is None or index_select is None:
        return None
    pick, on_true, on_false = value_select.operands
    if on_true is not a or on_false is not b:
        return None
    index_pick, index_true, index_false = index_select.operands
    if index_true is not ia or index_false is not ib:
        return None
    element = getattr(a.type, "element_type", None)
    is_float = isinstance(element, str) and element.startswith(("f", "bf"))
    kind = _is_value_pick(pick, a, b, ops, is_float)
    if kind is None or not _is_index_pick(index_pick, pick, a, b, ia, ib, ops):
        return None
    # Nothing else may happen in the body: 3 or 4 compares, 1 or 2 ors, 1 and, 2 selects.
    expected = 9 if _both(pick, "stablehlo.or", ops) is not None else 7
    return kind if len(ops) == expected else None
