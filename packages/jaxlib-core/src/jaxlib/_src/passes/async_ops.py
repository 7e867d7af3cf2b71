"""Asynchronous ops run as what they start, before lowering.

jax's ``psum_start(x).done()`` (and ``all_gather_start``, ``ppermute_start``
...) lowers to ``stablehlo.async_start`` around the collective, returning a
``!stablehlo.future``, and ``stablehlo.async_done`` waiting for it. XLA turns
such a pair into the collective itself (its scheduler may overlap it); this
jaxlib's executors run each op when its operands are ready, so the pass
replaces the pair by the region's ops: a copy of the module in which each
``!stablehlo.future<T>`` is a ``T`` (a future of several values a tuple of
them; futures carried by loops or passed to functions too), each
async_start's region is inlined where the op was, and each async_done is the
value(s) it waits for.
"""

from __future__ import annotations

import dataclasses

from jaxlib._src.ir.attributes import IntegerAttr
from jaxlib._src.ir.core import Block, Cloner, Function, Module, Operation, Value
from jaxlib._src.ir.types import FunctionType, FutureType, TupleType, Type
from jaxlib._src.passes.constant_branches import renamed_value

__all__ = ["ASYNC_OPS", "has_async_ops", "without_async_ops"]

ASYNC_START, ASYNC_DONE = "stablehlo.async_start", "stablehlo.async_done"
ASYNC_OPS = frozenset({ASYNC_START, ASYNC_DONE})


def has_async_ops(module: Module) -> bool:
    return any(op.name in ASYNC_OPS for op in module.walk())


def without_async_ops(module: Module) -> Module:
    """A copy of ``module`` without async ops (``module`` itself when it has
    none)."""
    if not has_async_ops(module):
        return module
    copy = Module(module.name, dict(module.attributes),
                  [_copy_function(f) for f in module.functions], dict(module.meshes))
    for function in copy.functions:
        if function.body is not None:
            renamed: dict[int, tuple[Value, Value]] = {}
            for block in function.body.blocks:
                _run_in_place(block, renamed)
    return copy


def _awaited(t: Type) -> Type:
    """``t`` with each future replaced by the value it holds."""
    if isinstance(t, FutureType):
        if len(t.types) == 1:
            return _awaited(t.types[0])
        return TupleType(tuple(_awaited(e) for e in t.types))
    if isinstance(t, TupleType):
        return TupleType(tuple(_awaited(e) for e in t.types))
    if isinstance(t, FunctionType):
        return FunctionType(tuple(map(_awaited, t.inputs)), tuple(map(_awaited, t.results)))
    return t


def _copy_function(function: Function) -> Function:
    if function.body is None:
        return dataclasses.replace(function, type=_awaited(function.type))
    return dataclasses.replace(function, type=_awaited(function.type),
                               body=Cloner(retype=_awaited).region(function.body),
                               arg_attrs=[dict(a) for a in function.arg_attrs],
                               res_attrs=[dict(a) for a in function.res_attrs])


def _run_in_place(block: Block, renamed: dict[int, tuple[Value, Value]]) -> None:
    """Replaces, in ``block`` and the blocks nested in it, each async_start by
    its region's ops and each async_done by its operand (``renamed``: the
    values that stand for removed ops' results)."""
    kept: list[Operation] = []
    for op in block.operations:
        op.operands = [renamed_value(v, renamed) for v in op.operands]
        if op.name == ASYNC_START:
            body = op.regions[0].blocks[0]
            cloner = Cloner(values={id(a): v for a, v in zip(body.arguments, op.operands)})
            inlined = Block(operations=[cloner.op(nested) for nested in body.operations[:-1]])
            _run_in_place(inlined, renamed)
            kept.extend(inlined.operations)
            values = [renamed_value(cloner.values.get(id(v), v), renamed)
                      for v in body.operations[-1].operands]
            if len(values) == 1:
                value = values[0]
            else:  # (several values: a tuple, as _awaited types the future)
                bundle = Operation("stablehlo.tuple", values, [_awaited(op.result_types[0])])
                kept.append(bundle)
                value = bundle.result
            renamed[id(op.results[0])] = (op.results[0], value)
            continue
        if op.name == ASYNC_DONE:
            if len(op.results) == 1:
                renamed[id(op.results[0])] = (op.results[0], op.operands[0])
                continue
            for i, result in enumerate(op.results):
                part = Operation("stablehlo.get_tuple_element", [op.operands[0]],
                                 [result.type], {"index": IntegerAttr(i, "i32")})
                kept.append(part)
                renamed[id(result)] = (result, part.result)
            continue
        for region in op.regions:
            for nested in region.blocks:
                _run_in_place(nested, renamed)
        kept.append(op)
    block.operations = kept
