"""Cost analysis: flops, transcendentals and bytes accessed, per op and in total.

The model is XLA's HloCostAnalysis in spirit: an elementwise op costs one flop
per output element (transcendental ops count as transcendentals instead), a
``dot_general`` costs 2·(output elements)·(contracted size), a reduction one
flop per input element, and every op accesses the bytes of its operands and
results. Ops in regions (loop bodies, reducers) are counted once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jaxlib._src.ir.core import Function, Module, Operation
from jaxlib._src.ir.types import QuantizedType, TensorType, numpy_dtype

_TRANSCENDENTAL = {
    "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic", "tanh",
    "sine", "cosine", "tan", "atan2", "power", "sqrt", "rsqrt", "cbrt", "erf", "erf_inv",
    "lgamma", "digamma", "acos", "asin", "atan", "acosh", "asinh", "atanh", "cosh", "sinh",
}
_FREE = {
    "constant", "broadcast_in_dim", "reshape", "transpose", "slice", "concatenate", "iota",
    "get_tuple_element", "tuple", "bitcast_convert", "return", "optimization_barrier",
    "dynamic_slice", "dynamic_update_slice", "pad", "reverse", "gather", "after_all",
}


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
    dialect, _, short = op.name.partition(".")
    if dialect not in ("stablehlo", "chlo", "mhlo") or short in _FREE or not op.results:
        return 0.0, 0.0
    out = sum(_elements(r.type) for r in op.results)
    if short == "dot_general" or short == "dot":
        dims = op.attributes.get("dot_dimension_numbers")
        lhs = op.operands[0].type
        contracted = 1
        if dims is not None and isinstance(lhs, TensorType):
            for d in dims.lhs_contracting_dimensions:
                contracted *= lhs.shape[d] or 1
        elif isinstance(lhs, TensorType) and lhs.rank:
            contracted = lhs.shape[-1] or 1
        return 2.0 * out * contracted, 0.0
    if short in ("reduce", "reduce_window"):
        inputs = sum(_elements(v.type) for v in op.operands[: len(op.operands) // 2])
        return float(inputs), 0.0
    if short == "convolution":
        rhs = op.operands[1].type
        kernel = _elements(rhs)
        out_features = 1
        dims = op.attributes.get("dimension_numbers")
        if dims is not None and isinstance(rhs, TensorType):
            out_features = rhs.shape[dims.kernel_output_feature_dimension] or 1
        return 2.0 * out * kernel / max(out_features, 1), 0.0
    if short in _TRANSCENDENTAL:
        return 0.0, float(out)
    return float(out), 0.0


def cost_analysis(module: Module, entry: Function) -> dict[str, Any]:
    flops = transcendentals = accessed = 0.0
    for op in module.walk():
        f, t = _op_cost(op)
        flops += f
        transcendentals += t
        if op.name.partition(".")[2] not in ("return", "constant"):
            accessed += sum(_bytes(v.type) for v in op.operands)
            accessed += sum(_bytes(r.type) for r in op.results)
    return {
        "flops": flops,
        "transcendentals": transcendentals,
        "bytes accessed": accessed,
    }
