"""The MLIR Python op builders of a dialect, generated from the op table.

Every OpDef of the dialect with a ``signature`` (ops/signatures.py) becomes
an ``ir.OpView`` subclass (``AddOp``) whose constructor takes the parameters
of the real generated bindings, in their order and with their names, and a
snake_case function (``add``; Python keywords get a trailing ``_``:
``while_``, ``and_``, ``return_``). There is no second list of ops: the
dialect modules call :func:`generate_dialect` at import time.

Semantics follow the real bindings: the function returns ``.result`` for an
op with one single result, the result list (or the one result, or the op
when there is none) for variadic results; ``results=None`` on ops whose
result types may be omitted asks the op's ``infer`` rule; optional
attributes and operands may be None; raw Python values convert per
attribute kind (``[1, 2]`` -> DenseI64ArrayAttr, ``3`` -> IntegerAttr ...).
"""

from __future__ import annotations

import keyword
from collections.abc import Sequence
from typing import Any

import numpy as np

from jaxlib._src.ir import attributes as core_attrs
from jaxlib._src.ir.core import OpDef, load_op_table
from jaxlib._src.ir.types import TensorType
from jaxlib._src.jax_api.mlir import ir
from jaxlib._src.ops.signatures import (
    OPTIONAL,
    SEGMENT,
    SINGLE,
    VARIADIC,
    Attribute,
    Operand,
    OpSignature,
    is_default_value,
    signature_of,
)

__all__ = ["generate_dialect", "class_name", "function_name", "builder_specs"]


def class_name(op_def: OpDef, signature: OpSignature) -> str:
    if signature.class_name:
        return signature.class_name
    short = op_def.name.split(".", 1)[1]
    camel = "".join(p[:1].upper() + p[1:] for p in short.split("_") if p)
    return ("_" if short.startswith("_") else "") + camel + "Op"


def function_name(op_def: OpDef) -> str:
    short = op_def.name.split(".", 1)[1]
    return short + "_" if keyword.iskeyword(short) else short


def builder_specs(dialect: str) -> list[tuple[OpDef, OpSignature]]:
    """The op table's ops of ``dialect`` that have a Python builder."""
    out = []
    for op_def in load_op_table().values():
        if op_def.dialect == dialect:
            signature = signature_of(op_def)
            if signature is not None:
                out.append((op_def, signature))
    return out


# --- raw Python values -> attributes ------------------------------------------------


def _i64_elements(value: Any) -> Any:
    array = np.asarray(value, dtype=np.int64)
    return core_attrs.DenseElements(array, TensorType(array.shape, "i64"))


_CONVERTERS: dict[str, Any] = {
    "I64": lambda v: core_attrs.IntegerAttr(int(v), "i64"),
    "I32": lambda v: core_attrs.IntegerAttr(int(v), "i32"),
    "F32": lambda v: core_attrs.FloatAttr(float(v), "f32"),
    "Bool": bool,
    "Str": str,
    "SymbolName": str,
    "FlatSymbolRef": lambda v: core_attrs.SymbolRef(str(v)),
    "DenseI64Array": lambda v: core_attrs.DenseArray("i64", tuple(int(x) for x in v)),
    "DenseBoolArray": lambda v: core_attrs.DenseArray("i1", tuple(bool(x) for x in v)),
    "Array": lambda v: [_core_attribute(x, "Attr", "element") for x in v],
    "Dict": lambda v: {k: _core_attribute(x, "Attr", k) for k, x in v.items()},
    "I64Elements": _i64_elements,
}


def _core_attribute(value: Any, kind: str, name: str) -> Any:
    """The core value of attribute ``name`` given as an ir.Attribute or, for
    convertible kinds, a raw Python value."""
    if isinstance(value, ir.Attribute):
        return value._core
    converter = _CONVERTERS.get(kind)
    if converter is None:
        raise TypeError(f"attribute {name!r} must be an ir.Attribute, got {type(value).__name__}")
    return converter(value)


# --- values ------------------------------------------------------------------------


def _value(value: Any, name: str) -> Any:
    """An ir.Value from a Value, an OpView/Operation with one result."""
    if isinstance(value, ir.Value):
        return value
    if isinstance(value, (ir.OpView, ir.Operation)):
        results = value.results
        if len(results) != 1:
            raise ValueError(f"operand {name!r}: an op with {len(results)} results is not a value")
        return results[0]
    raise TypeError(f"operand {name!r} must be an ir.Value, got {type(value).__name__}")


def _values(values: Any, name: str) -> list[Any]:
    if isinstance(values, (ir.OpView, ir.Operation)):
        return list(values.results)
    if isinstance(values, ir.Value):
        raise TypeError(f"operand {name!r} is variadic: pass a sequence of values")
    return [_value(v, name) for v in values]


# --- building ----------------------------------------------------------------------


def _build(view: Any, op_def: OpDef, signature: OpSignature, params: Sequence[Any],
           results: Any, loc: Any, ip: Any) -> None:
    """Creates the op from the builder's parameters (in ``signature.parameters()``
    order: positional then keyword-only) and initialises ``view`` on it."""
    positional, keyword_only = signature.parameters()
    bound = dict(zip(positional + keyword_only, params))
    operands: list[Any] = []
    operand_segments: list[int] = []
    attributes: dict[str, Any] = {}
    core_attributes: dict[str, Any] = {}
    for argument in signature.arguments:
        given = bound[argument.name]
        if isinstance(argument, Operand):
            if argument.arity == SINGLE:
                group = [_value(given, argument.name)]
            elif argument.arity == OPTIONAL:
                group = [] if given is None else [_value(given, argument.name)]
            else:
                group = _values(given, argument.name)
            operands.extend(group)
            operand_segments.append(len(group))
        else:
            if given is None or (argument.kind == "Unit" and not given):
                if not argument.optional:
                    raise ValueError(f"{op_def.name}: attribute {argument.name!r} is required")
                continue
            if argument.kind == "Unit":
                core = core_attrs.UNIT
            else:
                core = _core_attribute(given, argument.kind, argument.name)
            if argument.default is not None and is_default_value(core, argument.default):
                continue  # not stored: the printed form never has it either
            core_attributes[argument.attr_name] = core
            attributes[argument.attr_name] = (given if isinstance(given, ir.Attribute)
                                              else ir.wrap_attribute(core))
    if signature.has_operand_segments:
        segments = core_attrs.DenseArray("i32", tuple(operand_segments))
        attributes["operandSegmentSizes"] = ir.wrap_attribute(segments)

    result_types = _result_types(op_def, signature, bound, results, operands, core_attributes)
    if signature.has_result_segments and not signature.results_inferred:
        sizes = tuple(len(bound[r.name]) if r.arity in (VARIADIC, SEGMENT)
                      else (0 if bound[r.name] is None else 1) if r.arity == OPTIONAL else 1
                      for r in signature.results)
        attributes["resultSegmentSizes"] = ir.wrap_attribute(core_attrs.DenseArray("i32", sizes))

    regions = len(signature.regions)
    if signature.variadic_regions:
        regions += int(bound["num_" + signature.regions[-1]]) - 1
    operation = ir.Operation.create(op_def.name, results=result_types, operands=operands,
                                    attributes=attributes, regions=regions, loc=loc, ip=ip)
    ir.OpView.__init__(view, operation)


def _result_types(op_def: OpDef, signature: OpSignature, bound: dict[str, Any], results: Any,
                  operands: list[Any], core_attributes: dict[str, Any]) -> list[Any]:
    if not signature.results_inferred:
        types: list[Any] = []
        for result in signature.results:
            given = bound[result.name]
            if result.arity in (VARIADIC, SEGMENT):
                types.extend(given)
            elif result.arity == OPTIONAL:
                if given is not None:
                    types.append(given)
            else:
                types.append(given)
        return types
    if results is not None:
        return list(results)
    if op_def.infer is None:
        raise ValueError(f"{op_def.name}: this jaxlib cannot infer its result types; "
                         "pass results=[...]")
    inferred = op_def.infer([v._core for v in operands], core_attributes)
    return [ir.wrap_type(t) for t in inferred]


# --- accessors ---------------------------------------------------------------------


def _operand_property(signature: OpSignature, index: int) -> property:
    """The operand group ``index`` of the op's operands (sizes from the
    segment attribute, or the variadic part between fixed operands)."""
    operands = signature.operands
    groups = [o.arity for o in operands]

    def get(self: Any) -> Any:
        values = list(self.operation.operands)
        if "operandSegmentSizes" in self.operation.attributes:
            sizes = [int(n) for n in self.operation.attributes["operandSegmentSizes"]._core]
        else:
            sizes = _group_sizes(groups, len(values))
        start = sum(sizes[:index])
        group = values[start:start + sizes[index]]
        if groups[index] == SINGLE:
            return group[0]
        if groups[index] == OPTIONAL:
            return group[0] if group else None
        return group

    return property(get)


def _group_sizes(groups: list[str], total: int) -> list[int]:
    """Sizes of operand groups without a segment attribute: fixed ones take
    one, the variadic ones share the rest equally (ODS's SameVariadic...)."""
    fixed = sum(1 for g in groups if g == SINGLE)
    variadic = [i for i, g in enumerate(groups) if g != SINGLE]
    each = (total - fixed) // len(variadic) if variadic else 0
    return [1 if g == SINGLE else each for g in groups]


def _attribute_property(argument: Attribute) -> property:
    key = argument.attr_name

    def get(self: Any) -> Any:
        attrs = self.operation.attributes
        if key in attrs:
            return attrs[key]
        if argument.kind == "Unit":
            return False
        return None

    def set_(self: Any, value: Any) -> None:
        if value is None:
            if not argument.optional:
                raise ValueError("'None' not allowed as value for mandatory attributes")
            if key in self.operation.attributes:
                del self.operation.attributes[key]
            return
        core = core_attrs.UNIT if argument.kind == "Unit" else _core_attribute(
            value, argument.kind, key)
        self.operation.attributes[key] = (value if isinstance(value, ir.Attribute)
                                          else ir.wrap_attribute(core))

    return property(get, set_)


def _result_property(signature: OpSignature, index: int) -> property:
    arities = [r.arity for r in signature.results]

    def get(self: Any) -> Any:
        values = list(self.operation.results)
        sizes = _group_sizes(arities, len(values))
        if "resultSegmentSizes" in self.operation.attributes:
            sizes = [int(n) for n in self.operation.attributes["resultSegmentSizes"]._core]
        start = sum(sizes[:index])
        group = values[start:start + sizes[index]]
        if arities[index] == SINGLE:
            return group[0]
        if arities[index] == OPTIONAL:
            return group[0] if group else None
        return group

    return property(get)


def _region_property(signature: OpSignature, index: int) -> property:
    variadic = signature.variadic_regions and index == len(signature.regions) - 1

    def get(self: Any) -> Any:
        regions = self.operation.regions
        return list(regions)[index:] if variadic else regions[index]

    return property(get)


# --- classes and functions ---------------------------------------------------------


def _make_class(op_def: OpDef, signature: OpSignature) -> type:
    positional, keyword_only = signature.parameters()
    names = positional + keyword_only
    # A tiny trampoline per op gives the constructor the real parameter list
    # (names, order, keyword-only optionals) at plain-call speed.
    params = ", ".join(positional + ["*"] +
                       [f"{k}=None" for k in keyword_only] +
                       (["results=None"] if signature.results_inferred else []) +
                       ["loc=None", "ip=None"])
    source = (f"def __init__(self, {params}):\n"
              f"    _build(self, _op_def, _signature, ({', '.join(names)}{',' if names else ''}),"
              f" {'results' if signature.results_inferred else 'None'}, loc, ip)\n")
    namespace: dict[str, Any] = {"_build": _build, "_op_def": op_def, "_signature": signature}
    exec(source, namespace)  # source generated from the op table only
    body: dict[str, Any] = {
        "OPERATION_NAME": op_def.name,
        "__init__": namespace["__init__"],
        "__doc__": f"``{op_def.name}``, built from the op table.",
        "_ODS_SIGNATURE": signature,
    }
    taken = set(dir(ir.OpView))
    for i, operand in enumerate(signature.operands):
        if operand.name not in taken:
            body[operand.name] = _operand_property(signature, i)
    for argument in signature.attributes:
        if argument.name not in taken:
            body[argument.name] = _attribute_property(argument)
    for i, result in enumerate(signature.results):
        # A variadic group named ``result`` gets no property, as in the real
        # bindings: ``op.result`` stays OpView's (the one result, jax relies
        # on it for ReduceOp and friends).
        if result.name not in taken or (result.name == "result" and result.arity == SINGLE):
            body.setdefault(result.name, _result_property(signature, i))
    for i, region in enumerate(signature.regions):
        if region not in taken:
            body[region] = _region_property(signature, i)
    return type(class_name(op_def, signature), (ir.OpView,), body)


def _make_function(cls: type, op_def: OpDef, signature: OpSignature) -> Any:
    positional, keyword_only = signature.parameters()
    params = ", ".join(positional + ["*"] + [f"{k}=None" for k in keyword_only] +
                       (["results=None"] if signature.results_inferred else []) +
                       ["loc=None", "ip=None"])
    args = ", ".join(positional + [f"{k}={k}" for k in keyword_only] +
                     (["results=results"] if signature.results_inferred else []) +
                     ["loc=loc", "ip=ip"])
    single = len(signature.results) == 1 and signature.results[0].arity == SINGLE
    fixed = bool(signature.results) and all(r.arity == SINGLE for r in signature.results)
    if single:
        ret = "return _cls(" + args + ").result"
    elif fixed:
        ret = "return _cls(" + args + ").results"
    else:
        ret = ("op = _cls(" + args + "); results = op.results\n"
               "    return results if len(results) > 1 else "
               "(results[0] if len(results) == 1 else op)")
    name = function_name(op_def)
    source = f"def {name}({params}):\n    {ret}\n"
    namespace: dict[str, Any] = {"_cls": cls}
    exec(source, namespace)  # source generated from the op table only
    function = namespace[name]
    function.__doc__ = f"Builds ``{op_def.name}`` (see {cls.__name__})."
    return function


_GENERATED: dict[str, dict[str, Any]] = {}


def generate_dialect(dialect: str, namespace: dict[str, Any] | None = None) -> dict[str, Any]:
    """The OpView classes and builder functions of ``dialect`` by name (made
    once), also stored into ``namespace`` (a dialect module's globals)."""
    if dialect not in _GENERATED:
        generated: dict[str, Any] = {}
        for op_def, signature in builder_specs(dialect):
            cls = _make_class(op_def, signature)
            generated[cls.__name__] = cls
            generated[function_name(op_def)] = _make_function(cls, op_def, signature)
        _GENERATED[dialect] = generated
    if namespace is not None:
        module = namespace.get("__name__")
        for value in _GENERATED[dialect].values():
            if module and value.__module__ in (__name__, "builtins"):
                value.__module__ = module
        namespace.update(_GENERATED[dialect])
    return _GENERATED[dialect]

