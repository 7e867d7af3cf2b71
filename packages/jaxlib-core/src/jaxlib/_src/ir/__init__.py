"""The project's one intermediate representation (see core.py)."""

from jaxlib._src.ir.core import (
    OP_DEFS,
    Block,
    Function,
    Module,
    OpDef,
    Operation,
    Region,
    Value,
    VerificationError,
    register_op,
    verify_module,
)
from jaxlib._src.ir.printer import print_module
from jaxlib._src.ir.types import FunctionType, QuantizedType, TensorType, TokenType, TupleType

__all__ = [
    "OP_DEFS", "Block", "Function", "FunctionType", "Module", "OpDef", "Operation",
    "QuantizedType", "Region", "TensorType", "TokenType", "TupleType", "Value",
    "VerificationError", "print_module", "register_op", "verify_module",
]
