"""Constants, calls, tuples, tokens and structured control flow.

while / if / case / call / composite / map run nested regions, so their kernels
take the caller's frame (see registry.with_frame).
"""

from __future__ import annotations

import numpy as np

from jaxlib._src.ir.attributes import DenseElements
from jaxlib._src.ir.core import FREE, ITEMS, Operation
from jaxlib._src.ir.types import FutureType, TensorType, TupleType
from jaxlib._src.ops.registry import TOKEN, define_op, with_frame
from jaxlib._src.ops.signatures import (
    infer_constant,
    infer_get_tuple_element,
    infer_tuple,
    same_as_operands,
    token_result,
)


def _fail(message: str) -> None:
    raise ValueError(message)


def _same_types(what: str, actual: list, expected: list) -> None:
    if list(actual) != list(expected):
        _fail(f"{what}: types ({', '.join(map(str, actual))}) differ from "
              f"({', '.join(map(str, expected))})")


def _yielded_types(region) -> list:
    terminator = region.entry.operations[-1]
    return terminator.operand_types


# -- constant --------------------------------------------------------------------


def _verify_constant(op: Operation) -> None:
    value = op.attributes.get("value")
    if not isinstance(value, DenseElements):
        _fail("constant needs a dense 'value' attribute")
    if value.type.shape != op.results[0].type.shape:
        _fail(f"value of type {value.type} does not match result {op.results[0].type}")


# Splat constants above this size are built by the kernel that needs them,
# at run time, never at compile time.
LAZY_SPLAT_BYTES = 1 << 20


def _constant(op: Operation, ctx):
    dense = op.attributes["value"]
    if dense.is_symbolic_splat and dense.array.nbytes > LAZY_SPLAT_BYTES:
        # Built when run, not at compile time (it may be gigabytes); each run
        # gets its own, so nothing huge stays alive with the program.
        def splat() -> tuple:
            value = np.array(dense.array)
            value.flags.writeable = False
            return (value,)
        return splat
    value = np.array(dense.array)  # a private copy, never written
    value.flags.writeable = False
    result = (value,)
    return lambda: result


define_op("stablehlo.constant",
          signature="value: Attr => output",
          infer=infer_constant,
          verify=_verify_constant, reference=_constant,
          syntax="constant", cost=FREE)


# -- calls -----------------------------------------------------------------------


def _call(op: Operation, ctx):
    callee = op.attributes["callee"].name
    # Resolved at first call: the callee may be this function (recursion).
    target = []

    def kernel(*args):
        if not target:
            target.append(ctx.function(callee))
        return target[0](*args)

    return kernel


define_op("func.call", reference=_call, syntax="call")


def _composite(op: Operation, ctx):
    name = op.attributes["decomposition"].name

    def kernel(*args):
        return ctx.function(name)(*args)

    return kernel


define_op("stablehlo.composite",
          signature=("inputs*, name: Str, decomposition: FlatSymbolRef, "
                     "composite_attributes: Dict?, version: I32? -> result* "
                     "{composite_regions*}"),
          reference=_composite, syntax="composite")


# -- tuples and tokens -------------------------------------------------------------


def _verify_tuple(op: Operation) -> None:
    result = op.results[0].type
    if not isinstance(result, TupleType):
        _fail(f"tuple result must be a tuple type, got {result}")
    _same_types("tuple operands", op.operand_types, list(result.types))


define_op("stablehlo.tuple",
          signature="val* => result",
          infer=infer_tuple,
          verify=_verify_tuple,
          reference=lambda op, ctx: lambda *xs: (tuple(xs),), syntax=ITEMS, hlo="tuple", cost=FREE)


def _verify_get_tuple_element(op: Operation) -> None:
    operand = op.operands[0].type
    index = int(op.attributes["index"])
    if not isinstance(operand, TupleType) or not 0 <= index < len(operand.types):
        _fail(f"index {index} out of range for {operand}")
    _same_types("get_tuple_element result", op.result_types, [operand.types[index]])


def _get_tuple_element(op: Operation, ctx):
    index = int(op.attributes["index"])
    return lambda t: (t[index],)


define_op("stablehlo.get_tuple_element",
          signature="operand, index: I32 => result",
          infer=infer_get_tuple_element,
          verify=_verify_get_tuple_element,
          reference=_get_tuple_element, syntax="get_tuple_element", cost=FREE)
define_op("stablehlo.after_all",
          signature="inputs* => result",
          infer=token_result,
          reference=lambda op, ctx: lambda *tokens: (TOKEN,),
          syntax=ITEMS, hlo="after-all", cost=FREE)
define_op("stablehlo.create_token",
          signature="=> output",
          infer=token_result,
          reference=lambda op, ctx: lambda: (TOKEN,),
          syntax=ITEMS, hlo="after-all")


def _verify_identity(op: Operation) -> None:
    _same_types(op.name, op.result_types, op.operand_types)


define_op("stablehlo.optimization_barrier",
          signature="operand* => result*",
          infer=same_as_operands,
          verify=_verify_identity,
          reference=lambda op, ctx: lambda *xs: tuple(xs), syntax=ITEMS, cost=FREE)


# -- asynchronous ops (jax's psum_start(...).done() and the like) -------------------
# An async_start's region computes what its future will hold; async_done waits
# for it. XLA runs a started collective as the collective itself, and so does
# this jaxlib: passes/async_ops.py inlines each region before lowering, so the
# ops have no kernels of their own.


# What an async_start may start (StableHLO's rule): one collective or slice.
_STARTABLE = frozenset({
    "stablehlo.all_reduce", "stablehlo.all_gather", "stablehlo.all_to_all",
    "stablehlo.reduce_scatter", "stablehlo.collective_permute",
    "stablehlo.collective_broadcast", "stablehlo.slice", "stablehlo.dynamic_slice"})


def _verify_async_start(op: Operation) -> None:
    if len(op.result_types) != 1 or not isinstance(op.result_types[0], FutureType):
        _fail(f"async_start must return one !stablehlo.future, got {op.result_types}")
    if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
        _fail("async_start takes one region of one block")
    body = op.regions[0]
    if len(body.entry.operations) != 2:
        _fail("async_start's region must contain exactly one operation and a return")
    if body.entry.operations[0].name not in _STARTABLE:
        _fail("async_start's region must contain a collective or slice operation, not "
              f"{body.entry.operations[0].name}")
    _same_types("async_start region arguments", [a.type for a in body.entry.arguments],
                op.operand_types)
    _same_types("async_start region results", _yielded_types(body),
                list(op.result_types[0].types))


def _verify_async_done(op: Operation) -> None:
    if len(op.operands) != 1 or not isinstance(op.operand_types[0], FutureType):
        _fail(f"async_done takes one !stablehlo.future, got {op.operand_types}")
    _same_types("async_done results", op.result_types, list(op.operand_types[0].types))


def _future_values(operands, attributes) -> list:
    future = operands[0].type
    if not isinstance(future, FutureType):
        raise ValueError(f"async_done takes a !stablehlo.future, got {future}")
    return list(future.types)


define_op("stablehlo.async_start", signature="operands_* -> result {body}",
          verify=_verify_async_start, no_hlo=True)
define_op("stablehlo.async_done", signature="operand => result*", infer=_future_values,
          verify=_verify_async_done, no_hlo=True)


# -- structured control flow -------------------------------------------------------


def _verify_while(op: Operation) -> None:
    _same_types("while results", op.result_types, op.operand_types)
    cond, body = op.regions
    _same_types("while cond arguments", [a.type for a in cond.entry.arguments],
                op.operand_types)
    _same_types("while body arguments", [a.type for a in body.entry.arguments],
                op.operand_types)
    _same_types("while body results", _yielded_types(body), op.operand_types)
    cond_out = _yielded_types(cond)
    if len(cond_out) != 1 or not (isinstance(cond_out[0], TensorType)
                                  and cond_out[0].shape == () and cond_out[0].element_type == "i1"):
        _fail(f"while cond must yield tensor<i1>, got {cond_out}")


def _while(op: Operation, ctx):
    cond = ctx.compile_region(op.regions[0])
    body = ctx.compile_region(op.regions[1])

    @with_frame
    def kernel(frame, *values):
        while cond.run(frame, values)[0]:
            values = body.run(frame, values)
        return values

    return kernel


define_op("stablehlo.while",
          signature="operand* -> result* {cond, body}",
          verify=_verify_while, reference=_while, syntax="while")


def _verify_branches(op: Operation, regions) -> None:
    for i, region in enumerate(regions):
        if region.entry.arguments:
            _fail(f"branch {i} must take no arguments")
        _same_types(f"branch {i} results", _yielded_types(region), op.result_types)


def _verify_if(op: Operation) -> None:
    pred = op.operands[0].type
    if not (isinstance(pred, TensorType) and pred.shape == () and pred.element_type == "i1"):
        _fail(f"if predicate must be tensor<i1>, got {pred}")
    _verify_branches(op, op.regions)


def _if(op: Operation, ctx):
    true_branch = ctx.compile_region(op.regions[0])
    false_branch = ctx.compile_region(op.regions[1])

    @with_frame
    def kernel(frame, pred):
        return (true_branch if pred else false_branch).run(frame, ())

    return kernel


define_op("stablehlo.if",
          signature="pred -> result* {true_branch, false_branch}",
          verify=_verify_if, reference=_if)


def _verify_case(op: Operation) -> None:
    index = op.operands[0].type
    if not (isinstance(index, TensorType) and index.shape == () and index.element_type == "i32"):
        _fail(f"case index must be tensor<i32>, got {index}")
    if not op.regions:
        _fail("case needs at least one branch")
    _verify_branches(op, op.regions)


def _case(op: Operation, ctx):
    branches = [ctx.compile_region(r) for r in op.regions]
    last = len(branches) - 1

    @with_frame
    def kernel(frame, index):
        i = int(index)
        # Out-of-range indices select the last branch (the spec's default).
        return branches[i if 0 <= i <= last else last].run(frame, ())

    return kernel


define_op("stablehlo.case",
          signature="index -> result* {branches*}",
          verify=_verify_case, reference=_case)


def _map(op: Operation, ctx):
    body = ctx.compile_region(op.regions[0])
    out_type = op.results[0].type
    from jaxlib._src.ir.types import numpy_dtype

    dtype = numpy_dtype(out_type.element_type)

    @with_frame
    def kernel(frame, *inputs):
        out = np.empty(out_type.shape, dtype)
        for index in np.ndindex(*out_type.shape):
            args = tuple(np.asarray(x[index]) for x in inputs)
            out[index] = body.run(frame, args)[0]
        return (out,)

    return kernel


define_op("stablehlo.map",
          signature="inputs*, dimensions: DenseI64Array -> result {computation}",
          reference=_map)


def _scan_segments(op: Operation) -> tuple[int, int]:
    inputs, inits = (int(n) for n in op.attributes["operandSegmentSizes"])
    return inputs, inits


def _verify_scan(op: Operation) -> None:
    inputs, inits = _scan_segments(op)
    if inputs + inits != len(op.operands):
        _fail(f"operandSegmentSizes {inputs}+{inits} do not cover {len(op.operands)} operands")
    dimension = int(op.attributes["dimension"])
    outputs = len(op.results) - inits
    if outputs < 0:
        _fail(f"{len(op.results)} results cannot hold {inits} carries")
    for t in op.operand_types[:inputs]:
        if not isinstance(t, TensorType) or not 0 <= dimension < t.rank:
            _fail(f"dimension {dimension} is out of range for input {t}")
    _same_types("scan carries", op.result_types[outputs:], op.operand_types[inputs:])


def _scan(op: Operation, ctx):
    """chlo.scan: the body maps (input slices..., carries...) to (output
    slices..., new carries...) at each position along ``dimension``; outputs
    are stacked along it, the final carries follow."""
    body = ctx.compile_region(op.regions[0])
    inputs, inits = _scan_segments(op)
    outputs = len(op.results) - inits
    dimension = int(op.attributes["dimension"])
    reverse = bool(op.attributes.get("is_reverse", False))
    from jaxlib._src.ir.types import numpy_dtype

    dtypes = [numpy_dtype(t.element_type) for t in op.result_types[:outputs]]

    @with_frame
    def kernel(frame, *operands):
        xs, carries = operands[:inputs], tuple(operands[inputs:])
        length = xs[0].shape[dimension] if xs else 0
        order = range(length - 1, -1, -1) if reverse else range(length)
        slices: list[list[np.ndarray]] = [[None] * length for _ in range(outputs)]
        for i in order:
            args = tuple(np.asarray(np.take(x, i, axis=dimension)) for x in xs) + carries
            results = body.run(frame, args)
            for k in range(outputs):
                slices[k][i] = results[k]
            carries = tuple(results[outputs:])
        stacked = tuple(np.stack(s, axis=dimension).astype(d, copy=False) if length else
                        np.empty(t.shape, d)
                        for s, d, t in zip(slices, dtypes, op.result_types[:outputs]))
        return stacked + carries

    return kernel


define_op("chlo.scan",
          signature=("inputs**, inits**, dimension: I64, scan_dim_size: I64?, is_reverse: "
                     "Bool?, is_associative: Bool? -> outputs**, carries** {body}"),
          verify=_verify_scan, reference=_scan, syntax="scan")
