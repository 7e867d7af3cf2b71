"""The func dialect's Python builders (``jaxlib.mlir.dialects.func``) and
the builtin ModuleOp view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jaxlib._src.jax_api.mlir.ir import (
    ArrayAttr,
    Attribute,
    Block,
    FlatSymbolRefAttr,
    FunctionType,
    InsertionPoint,
    Location,
    Module,
    Operation,
    OpView,
    Region,
    StringAttr,
    Type,
    TypeAttr,
    Value,
    wrap_attribute,
)


class FuncOp(OpView):
    """``func.func``: its type, visibility, argument/result attributes and body."""

    OPERATION_NAME = "func.func"
    __slots__ = ()

    def __init__(self, name: str, type: FunctionType | tuple[Sequence[Type], Sequence[Type]],
                 *, visibility: str | None = None, body_builder: Any = None,
                 loc: Location | None = None, ip: Any = None) -> None:
        if not isinstance(type, FunctionType):
            type = FunctionType.get(list(type[0]), list(type[1]))
        attributes: dict[str, Attribute] = {"sym_name": StringAttr.get(name),
                                            "function_type": TypeAttr.get(type)}
        if visibility is not None:
            attributes["sym_visibility"] = StringAttr.get(visibility)
        op = Operation.create("func.func", attributes=attributes, regions=1, loc=loc, ip=ip)
        OpView.__init__(self, op)
        if body_builder is not None:
            entry = self.add_entry_block()
            with InsertionPoint(entry):
                body_builder(self)

    @property
    def is_external(self) -> bool:
        return not self._core.regions[0].blocks

    @property
    def body(self) -> Region:
        return self.regions[0]

    @property
    def type(self) -> FunctionType:
        return FunctionType._from_core(self._core.attributes["function_type"])

    @property
    def function_type(self) -> TypeAttr:
        return TypeAttr._from_core(self._core.attributes["function_type"])

    @property
    def visibility(self) -> StringAttr | None:
        visibility = self._core.attributes.get("sym_visibility")
        return None if visibility is None else StringAttr._from_core(visibility)

    @property
    def sym_name(self) -> StringAttr:
        return StringAttr._from_core(self._core.attributes["sym_name"])

    @property
    def name(self) -> StringAttr:  # type: ignore[override]
        return self.sym_name

    @property
    def entry_block(self) -> Block:
        if self.is_external:
            raise IndexError("External function does not have a body")
        return self.regions[0].blocks[0]

    def add_entry_block(self, arg_locs: Sequence[Location] | None = None) -> Block:
        if not self.is_external:
            raise IndexError("The function already has an entry block!")
        return self.body.blocks.append(*self.type.inputs, arg_locs=arg_locs)

    @property
    def arg_attrs(self) -> ArrayAttr:
        value = self._core.attributes.get("arg_attrs")
        if value is None:
            value = [{} for _ in self._core.attributes["function_type"].inputs]
        return ArrayAttr._from_core(value)

    @arg_attrs.setter
    def arg_attrs(self, attribute: ArrayAttr | list[Any]) -> None:
        if not isinstance(attribute, ArrayAttr):
            attribute = ArrayAttr.get(attribute)
        self._core.attributes["arg_attrs"] = attribute._core

    @property
    def arguments(self) -> Any:
        return self.entry_block.arguments

    @property
    def result_attrs(self) -> ArrayAttr:
        value = self._core.attributes.get("res_attrs")
        if value is None:
            value = [{} for _ in self._core.attributes["function_type"].results]
        return ArrayAttr._from_core(value)

    @result_attrs.setter
    def result_attrs(self, attribute: ArrayAttr | list[Any]) -> None:
        if not isinstance(attribute, ArrayAttr):
            attribute = ArrayAttr.get(attribute)
        self._core.attributes["res_attrs"] = attribute._core


def _values(values: Any) -> list[Value]:
    if isinstance(values, (Value, OpView, Operation)):
        return [values]  # type: ignore[list-item]
    return list(values)


class ReturnOp(OpView):
    OPERATION_NAME = "func.return"
    __slots__ = ()

    def __init__(self, operands_: Sequence[Value], *, loc: Location | None = None,
                 ip: Any = None) -> None:
        OpView.__init__(self, Operation.create("func.return", operands=_values(operands_),
                                               loc=loc, ip=ip))


def return_(operands_: Sequence[Value], *, loc: Location | None = None,
            ip: Any = None) -> ReturnOp:
    return ReturnOp(operands_, loc=loc, ip=ip)


class CallOp(OpView):
    """``CallOp(result_types, callee, operands)`` or ``CallOp(func_op, operands)``."""

    OPERATION_NAME = "func.call"
    __slots__ = ()

    def __init__(self, calleeOrResults: Any, argumentsOrCallee: Any,
                 arguments: Sequence[Value] | None = None, *, loc: Location | None = None,
                 ip: Any = None) -> None:
        if isinstance(calleeOrResults, FuncOp):
            results = calleeOrResults.type.results
            callee = FlatSymbolRefAttr.get(calleeOrResults.sym_name.value)
            operands = _values(argumentsOrCallee)
        else:
            results = list(calleeOrResults)
            callee = argumentsOrCallee
            if isinstance(callee, str):
                callee = FlatSymbolRefAttr.get(callee)
            operands = _values(arguments or [])
        op = Operation.create("func.call", results=results, operands=operands,
                              attributes={"callee": callee}, loc=loc, ip=ip)
        OpView.__init__(self, op)

    @property
    def callee(self) -> FlatSymbolRefAttr:
        return wrap_attribute(self._core.attributes["callee"])  # type: ignore[return-value]


def call(result: Sequence[Type], callee: Any, operands_: Sequence[Value], *,
         loc: Location | None = None, ip: Any = None) -> Any:
    op = CallOp(result, callee, operands_, loc=loc, ip=ip)
    results = op.results
    if len(results) == 1:
        return results[0]
    return results if results else op


class ModuleOp(OpView):
    """``builtin.module`` as an op (``Module.operation.opview``)."""

    OPERATION_NAME = "builtin.module"
    __slots__ = ()

    def __init__(self, *, loc: Location | None = None, ip: Any = None) -> None:
        OpView.__init__(self, Module.create(loc).operation)
        if ip is not None:
            ip.insert(self)

    @property
    def body(self) -> Block:
        return self.regions[0].blocks[0]

    @property
    def sym_name(self) -> StringAttr | None:
        name = self._core.attributes.get("sym_name")
        return None if name is None else StringAttr._from_core(name)


__all__ = ["CallOp", "FuncOp", "ModuleOp", "ReturnOp", "call", "return_"]
