"""Cost analysis: flops, transcendentals and bytes accessed, per op and in total.

The model is XLA's HloCostAnalysis in spirit: an elementwise op costs one flop
per output element (transcendental ops count as transcendentals instead), a
``dot_general`` costs 2·(output elements)·(contracted size), a reduction one
flop per input element, and every op accesses the bytes of its operands and
results. Ops in regions (loop bodies, reducers) are counted once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxlib._src.ir.core import (
    CHEAP,
    CONVOLUTION,
    DOT,
    FREE,
    OP_DEFS,
    REDUCTION,
    TRANSCENDENTAL,
    Block,
    Function,
    Module,
    Operation,
    is_terminator,
)
from jaxlib._src.ir.types import QuantizedType, TensorType, numpy_dtype, static_nbytes

# Dialects whose ops cost a flop per result element unless their op-table
# entry gives a cost class (the others' ops cost nothing).
_COMPUTING_DIALECTS = frozenset({"stablehlo", "chlo", "mhlo"})


def _cost_class(name: str) -> str:
    op_def = OP_DEFS.get(name)
    if op_def is not None and op_def.cost is not None:
        return op_def.cost
    return CHEAP if name.partition(".")[0] in _COMPUTING_DIALECTS else FREE


def _elements(t: Any) -> int:
    if isinstance(t, TensorType) and t.is_static:
        return int(np.prod(t.shape, dtype=np.int64))
    return 0


def _bytes(t: Any) -> int:
    if not (isinstance(t, TensorType) and t.is_static):
        return 0
    element = t.element_type
    if isinstance(element, QuantizedType):
        element = element.storage_type
    try:
        itemsize = numpy_dtype(element).itemsize
    except ValueError:
        return 0
    return _elements(t) * itemsize


def _op_cost(op: Operation) -> tuple[float, float]:
    cost = _cost_class(op.name)
    if cost == FREE or not op.results:
        return 0.0, 0.0
    out = sum(_elements(r.type) for r in op.results)
    if cost == DOT:
        dims = op.attributes.get("dot_dimension_numbers")
        lhs = op.operands[0].type
        contracted = 1
        if dims is not None and isinstance(lhs, TensorType):
            for d in dims.lhs_contracting_dimensions:
                contracted *= lhs.shape[d] or 1
        elif isinstance(lhs, TensorType) and lhs.rank:
            contracted = lhs.shape[-1] or 1
        return 2.0 * out * contracted, 0.0
    if cost == REDUCTION:
        inputs = sum(_elements(v.type) for v in op.operands[: len(op.operands) // 2])
        return float(inputs), 0.0
    if cost == CONVOLUTION:
        rhs = op.operands[1].type
        kernel = _elements(rhs)
        out_features = 1
        dims = op.attributes.get("dimension_numbers")
        if dims is not None and isinstance(rhs, TensorType):
            out_features = rhs.shape[dims.kernel_output_feature_dimension] or 1
        return 2.0 * out * kernel / max(out_features, 1), 0.0
    if cost == TRANSCENDENTAL:
        return 0.0, float(out)
    return float(out), 0.0


def cost_analysis(module: Module, entry: Function) -> dict[str, Any]:
    flops = transcendentals = accessed = 0.0
    for op in module.walk():
        f, t = _op_cost(op)
        flops += f
        transcendentals += t
        if not is_terminator(op.name) and op.name.partition(".")[2] != "constant":
            accessed += sum(_bytes(v.type) for v in op.operands)
            accessed += sum(_bytes(r.type) for r in op.results)
    return {
        "flops": flops,
        "transcendentals": transcendentals,
        "bytes accessed": accessed,
    }


# --- memory --------------------------------------------------------------------------

# Ops whose results share their operands' storage (no new buffer).
_ALIASING = frozenset({"stablehlo.reshape", "stablehlo.tuple", "stablehlo.get_tuple_element",
                       "stablehlo.optimization_barrier"})
_ITEMSIZES: dict[Any, int] = {}


def _nbytes(type_: Any) -> int:
    """static_nbytes with the element sizes kept (this runs per value per compile)."""
    if type_.__class__ is not TensorType:
        return static_nbytes(type_)
    shape = type_.shape
    if None in shape:
        return 0
    size = _ITEMSIZES.get(type_.element_type)
    if size is None:
        size = _ITEMSIZES[type_.element_type] = static_nbytes(TensorType((), type_.element_type))
    for dim in shape:
        size *= dim
    return size


@dataclass
class MemoryEstimate:
    """What running a function needs at once: ``peak_bytes`` (its parameters
    plus the peak of the values it defines, by liveness in program order,
    results included) and its largest single buffer anywhere in the module
    (``largest_bytes``, of type ``largest_type``, defined at ``largest_where``)."""

    peak_bytes: int = 0
    largest_bytes: int = 0
    largest_type: Any = None
    largest_where: str | None = None

    def saw(self, size: int, type_: Any, where: Any) -> None:
        if size > self.largest_bytes:
            self.largest_bytes, self.largest_type = size, type_
            self.largest_where = where.location if isinstance(where, Operation | Function) \
                else where


def _block_peak(block: Block, estimate: MemoryEstimate) -> int:
    """Peak bytes of the values ``block``'s ops define while it runs: each
    lives from its op to its last use (a use inside a nested region counts
    at the op holding the region), unused ones only at their op; an op with
    regions adds the peak of its largest region. Records every buffer in
    ``estimate``'s largest."""
    ops = block.operations
    last_use: dict[Any, int] = {}  # Value -> position (values hash by identity)
    for position, op in enumerate(ops):
        for value in op.operands:
            last_use[value] = position
        if op.regions:
            for region in op.regions:
                for nested in region.walk():
                    for value in nested.operands:
                        last_use[value] = position
    live = peak = 0
    sizes: dict[Any, int] = {}
    for position, op in enumerate(ops):
        inner = 0
        if op.regions:
            for region in op.regions:
                for nested_block in region.blocks:
                    for argument in nested_block.arguments:
                        estimate.saw(_nbytes(argument.type), argument.type, op)
                    inner = max(inner, _block_peak(nested_block, estimate))
        unused = 0
        aliasing = op.name in _ALIASING
        for result in op.results:
            size = 0 if aliasing else _nbytes(result.type)
            if size > estimate.largest_bytes:
                estimate.saw(size, result.type, op)
            live += size
            if result in last_use:
                sizes[result] = size
            else:
                unused += size
        if live + inner > peak:
            peak = live + inner
        live -= unused
        for value in op.operands:
            if last_use[value] == position:
                live -= sizes.pop(value, 0)
    return peak


def memory_estimate(module: Module, entry: Function) -> MemoryEstimate:
    """A conservative estimate of the bytes ``entry`` needs (see
    MemoryEstimate): buffers the executor may share or alias count apart."""
    estimate = MemoryEstimate()
    for func in module.functions:
        for argument_type in func.type.inputs:
            estimate.saw(_nbytes(argument_type), argument_type, func)
        if func.body is None:
            continue
        peak = max(_block_peak(block, estimate) for block in func.body.blocks)
        if func is entry:
            estimate.peak_bytes = peak + sum(_nbytes(t) for t in func.type.inputs)
    return estimate
