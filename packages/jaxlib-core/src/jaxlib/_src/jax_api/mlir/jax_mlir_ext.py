"""``jaxlib.mlir._mlir_libs._jax_mlir_ext``: dialect registration (nothing to
do here), traceback -> Location conversion and inlined function calls."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from jaxlib._src.ir.core import Operation as CoreOperation
from jaxlib._src.jax_api.mlir.ir import (
    _STACKS,
    Context,
    DialectRegistry,
    Location,
    _clone_op,
    _current_location,
    _insert,
    unsupported,
    wrap_value,
)


def register_dialects(registry: DialectRegistry) -> None:
    """The dialects are built in."""


def enter_multi_threaded_execution(context: Context) -> None:
    pass


def exit_multi_threaded_execution(context: Context) -> None:
    pass


def arith_constant(value: Any, type: Any) -> Any:
    raise unsupported("the arith dialect (arith_constant)")


class TracebackToLocationCache:
    """Builds ``callsite("f"("file":line:col to :end) at ...)`` locations from
    a Traceback's raw frames, skipping frames whose code ``code_to_filename``
    maps to None; frame locations are cached per (code, lasti)."""

    __slots__ = ("_code_to_filename", "_frame_limit", "_frames", "_files")

    def __init__(self, code_to_filename: Callable[[Any], str | None], frame_limit: int,
                 context: Context | None = None) -> None:
        self._code_to_filename = code_to_filename
        self._frame_limit = frame_limit
        self._frames: dict[tuple[Any, int], Location | None] = {}
        self._files: dict[Any, str | None] = {}

    def _frame(self, code: Any, lasti: int) -> Location | None:
        key = (code, lasti)
        try:
            return self._frames[key]
        except KeyError:
            pass
        try:
            filename = self._files[code]
        except KeyError:
            filename = self._files[code] = self._code_to_filename(code)
        location = None
        if filename is not None:
            line, col, end_line, end_col = _position(code, lasti)
            location = Location.name(getattr(code, "co_qualname", code.co_name),
                                     childLoc=Location.file(
                filename, line, col, end_line, end_col))
        self._frames[key] = location
        return location

    def get(self, traceback: Any) -> Location:
        codes, lastis = traceback.raw_frames()
        frames = []
        for code, lasti in zip(codes, lastis):
            location = self._frame(code, lasti)
            if location is not None:
                frames.append(location)
                if len(frames) >= self._frame_limit:
                    break
        if not frames:
            return Location.unknown()
        if len(frames) == 1:
            return frames[0]
        return Location.callsite(frames[0], frames[1:])


# --- locations of inlined ops ------------------------------------------------------------
#
# An op inlined at a call site is named "caller op name/callee op name", keeps
# the caller's op type ("sin:"), and sits at the callee's place called from the
# caller's: the equation's traceback, not the lowering rule's.


def _split_location(location: Any) -> tuple[str, str, Any]:
    """(op type, op name, the rest) of a location: the outer name locations
    that are not a frame's ("name"("file":line:col)); a type ends with ':'."""
    op_type = op_name = ""
    while isinstance(location, Location) and location.kind == "name":
        child = location.data[1]
        if child is not None and child.kind == "file":
            break  # a frame: the function's name at its place
        name = location.data[0]
        if name.endswith(":"):
            op_type = name
        else:
            op_name = name
        location = child
    if not isinstance(location, Location) or location.kind == "unknown":
        location = None
    return op_type, op_name, location


def _relocate(op: CoreOperation, parent: tuple[str, str, Any]) -> None:
    parent_type, parent_name, parent_base = parent
    pending = [op]
    while pending:
        op = pending.pop()
        _, child_name, child_base = _split_location(op._location)
        if child_base is None:
            base = parent_base
        elif parent_base is None:
            base = child_base
        else:
            base = Location("callsite", (child_base, parent_base))
        name = (f"{parent_name}/{child_name}" if parent_name and child_name
                else parent_name or child_name)
        location = Location.name(name, childLoc=base) if name else base
        if parent_type:
            location = Location.name(parent_type, childLoc=location)
        op._location = location
        if op.name == "sdy.manual_computation":
            continue  # its body keeps its own locations, as the reference's
        for region in op.regions:
            for block in region.blocks:
                pending.extend(block.operations)


def _position(code: Any, lasti: int) -> tuple[int, int, int | None, int | None]:
    """(line, column, end line, end column) of the instruction at byte offset ``lasti``."""
    positions = list(code.co_positions())
    index = lasti // 2
    if 0 <= index < len(positions):
        line, end_line, col, end_col = positions[index]
        if line is not None:
            return line, col or 0, end_line, end_col
    return code.co_firstlineno, 0, None, None


def inlined_func_call(callee: Any, args: Sequence[Any], loc: Location | None = None) -> list[Any]:
    """Clones ``callee``'s single-block body at the current insertion point
    with its arguments bound to ``args``; returns the values its return op
    returned."""
    func_op: CoreOperation = callee._core
    regions = func_op.regions
    if not regions or len(regions[0].blocks) != 1:
        raise ValueError("inlined_func_call needs a function with exactly one block")
    block = regions[0].blocks[0]
    if len(args) != len(block.arguments):
        raise ValueError(f"inlined_func_call: {len(args)} arguments for a function of "
                         f"{len(block.arguments)}")
    mapping = {id(param): arg._core for param, arg in zip(block.arguments, args)}
    location = _current_location(loc)
    stack = _STACKS.insertion_points
    if not stack:
        raise ValueError("inlined_func_call needs a current InsertionPoint")
    ip = stack[-1]
    operations = block.operations
    if not operations or operations[-1].name != "func.return":
        raise ValueError("inlined_func_call needs a function ending in func.return")
    parent = _split_location(location)
    for op in operations[:-1]:
        copy = _clone_op(op, mapping)
        _relocate(copy, parent)
        _insert(copy, ip)
    returned = operations[-1].operands
    return [wrap_value(mapping.get(id(v), v)) for v in returned]
