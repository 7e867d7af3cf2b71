"""jax's ``custom_partitioning``: the user's partitioner callbacks, at compile time.

Over several devices jax lowers a ``custom_partitioning`` function to a
``CustomSPMDPartitioning`` custom call (its backend config names the Python
callbacks, registered with ``register_custom_call_partitioner``). XLA's SPMD
partitioner asks the callbacks how to partition it; so does this pass, once
per op, before lowering:

* the operands' shardings are the ones forward propagation finds
  (passes/sharding_propagation.py; replicated where it knows none);
* the results' sharding comes from the op's Shardy rule (``sdy.sharding_rule``,
  jax's ``sharding_rule``: a result dimension whose major factor is that of
  a tiled operand dimension takes its tiles), or without one from
  ``infer_sharding_from_operands``; then ``partition`` gives the per-device
  computation (an MLIR module) and the shardings it takes and gives;
* the op becomes that computation in a GSPMD manual region: each operand
  annotated with its sharding and cut to the device's block
  (``SPMDFullToShardShape``), the module's main function called per device
  (its collectives meet across the devices), each result put together from
  the blocks (``SPMDShardToFullShape``), which passes/gspmd_manual.py runs.

What a callback raises fails the compilation with its message. The user-
sharding callback (``propagate_user_sharding``) is not called: propagation
here runs forward only.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument
from jaxlib._src.ir.attributes import SymbolRef
from jaxlib._src.ir.core import Block, Cloner, Function, Module, Operation, Value
from jaxlib._src.ir.hlo_sharding import HloSharding
from jaxlib._src.ir.types import FunctionType, TensorType, TupleType, numpy_dtype
from jaxlib._src.ops.custom_call import CUSTOM_PARTITIONING
from jaxlib._src.ops.custom_call_registry import custom_call_partitioner
from jaxlib._src.passes.constant_branches import renamed_value

__all__ = ["CUSTOM_PARTITIONING", "expand_custom_partitioning", "has_custom_partitioning"]

_SHARDING, _FULL_TO_SHARD, _SHARD_TO_FULL = ("Sharding", "SPMDFullToShardShape",
                                             "SPMDShardToFullShape")
_numbers = itertools.count()


class CallbackShape:
    """The XLA shape jax's partitioner callbacks read (``dimensions()``,
    ``numpy_dtype()``, tuples): an array's or a tuple of them."""

    def __init__(self, dims: Sequence[int] = (), dtype: Any = None,
                 parts: Sequence[CallbackShape] | None = None) -> None:
        self._dims = tuple(int(d) for d in dims)
        self._dtype = None if dtype is None else np.dtype(dtype)
        self._parts = None if parts is None else list(parts)

    @classmethod
    def array_shape(cls, dtype: Any, dims: Sequence[int]) -> CallbackShape:
        return cls(dims, dtype)

    @classmethod
    def tuple_shape(cls, parts: Sequence[CallbackShape]) -> CallbackShape:
        return cls(parts=parts)

    def is_tuple(self) -> bool:
        return self._parts is not None

    def tuple_shapes(self) -> list[CallbackShape]:
        return list(self._parts or ())

    def dimensions(self) -> tuple[int, ...]:
        return self._dims

    def numpy_dtype(self) -> np.dtype:
        return self._dtype

    def rank(self) -> int:
        return len(self._dims)

    def __repr__(self) -> str:
        if self._parts is not None:
            return "(" + ", ".join(map(repr, self._parts)) + ")"
        return f"{self._dtype}{list(self._dims)}"


def has_custom_partitioning(module: Module) -> bool:
    return any(_is_custom_partitioning(op) for op in module.walk())


def _is_custom_partitioning(op: Operation) -> bool:
    return op.name == "stablehlo.custom_call" and \
        op.attributes.get("call_target_name") == CUSTOM_PARTITIONING


def _shape_of(t: Any) -> CallbackShape:
    if not isinstance(t, TensorType) or not t.is_static:
        raise invalid_argument(f"custom_partitioning: operands and results must be arrays of "
                               f"static shape, got {t}")
    return CallbackShape(t.shape, numpy_dtype(t.element_type))


def _leaves(sharding: HloSharding, count: int) -> list[HloSharding]:
    if sharding.is_tuple():
        leaves = sharding.tuple_elements()
        if len(leaves) != count:
            raise invalid_argument(f"custom_partitioning: {len(leaves)} result shardings for "
                                   f"{count} results")
        return leaves
    return [sharding] * count


def expand_custom_partitioning(module: Module, operand_tilings: dict[int, list[Any]],
                               text_of: Callable[[Any], str | None],
                               parse: Callable[[bytes], Module]) -> Module:
    """A copy of ``module`` with each CustomSPMDPartitioning op replaced by
    the manual region its partitioner gives (``operand_tilings``: each such
    op's operands' propagated tilings, by id(op); ``text_of``: a tiling's
    HloSharding text; ``parse``: the partition callback's module bytes to the
    IR)."""
    functions: list[Function] = []
    added: list[Function] = []
    for function in module.functions:
        if function.body is None or not any(_is_custom_partitioning(op)
                                            for op in function.walk()):
            functions.append(function)
            continue
        function = dataclasses.replace(function, body=Cloner(values={}).region(function.body))
        # (the clone's ops are new objects: the tilings follow them by position)
        originals = [op for op in module.function(function.name).walk()
                     if _is_custom_partitioning(op)]
        clones = [op for op in function.walk() if _is_custom_partitioning(op)]
        tilings = {id(c): operand_tilings.get(id(o)) for o, c in zip(originals, clones)}
        renamed: dict[int, tuple[Value, Value]] = {}
        for block in function.body.blocks:
            _expand_block(block, tilings, text_of, parse, renamed, added)
        functions.append(function)
    return Module(module.name, dict(module.attributes), functions + added, dict(module.meshes))


def _expand_block(block: Block, tilings: dict[int, Any], text_of: Callable,
                  parse: Callable, renamed: dict, added: list[Function]) -> None:
    kept: list[Operation] = []
    for op in block.operations:
        op.operands = [renamed_value(v, renamed) for v in op.operands]
        for region in op.regions:
            for nested in region.blocks:
                _expand_block(nested, tilings, text_of, parse, renamed, added)
        if not _is_custom_partitioning(op):
            kept.append(op)
            continue
        ops, results = _partitioned(op, tilings.get(id(op)), text_of, parse, added)
        kept.extend(ops)
        renamed.update((id(old), (old, new)) for old, new in zip(op.results, results))
    block.operations = kept


def _partitioned(op: Operation, tilings: list[Any] | None, text_of: Callable,
                 parse: Callable, added: list[Function]) -> tuple[list[Operation], list[Value]]:
    """The ops standing for one CustomSPMDPartitioning op, and its results."""
    key = op.attributes.get("backend_config")
    key = key.encode() if isinstance(key, str) else key
    partitioner = custom_call_partitioner(CUSTOM_PARTITIONING)
    if partitioner is None or not isinstance(key, bytes):
        raise invalid_argument("custom_partitioning: no partitioner is registered for "
                               "CustomSPMDPartitioning (jax registers it when imported)")
    arg_shapes = [_shape_of(t) for t in op.operand_types]
    arg_shardings = [HloSharding.from_string(
        (text_of(t) if t is not None else None) or "{replicated}")
        for t in (tilings or [None] * len(arg_shapes))]
    result_types = op.result_types
    result_shape = (_shape_of(result_types[0]) if len(result_types) == 1 else
                    CallbackShape.tuple_shape([_shape_of(t) for t in result_types]))
    rule = op.attributes.get("sdy.sharding_rule")
    try:
        if rule is not None:
            found = _results_by_rule(str(getattr(rule, "text", rule)), tilings or [],
                                     [t.rank for t in result_types])
            texts = [(text_of(t) if t is not None else None) or "{replicated}" for t in found]
            leaves = [HloSharding.from_string(t) for t in texts]
            result_sharding = leaves[0] if len(leaves) == 1 else \
                HloSharding.tuple_sharding(leaves)
        else:
            result_sharding = partitioner.infer_sharding_from_operands(
                arg_shapes, arg_shardings, result_shape, key)
        code, arg_shardings, result_sharding = partitioner.partition(
            arg_shapes, arg_shardings, result_shape, result_sharding, key)
    except XlaRuntimeError:
        raise
    except Exception as err:
        raise XlaRuntimeError(f"INTERNAL: custom_partitioning's callback failed: "
                              f"{type(err).__name__}: {err}") from err
    body = parse(bytes(code))
    main = _rename_functions(body, added)
    if len(main.type.inputs) != len(op.operands) or len(main.type.results) != len(result_types):
        raise invalid_argument(
            f"custom_partitioning: the partitioned computation takes {len(main.type.inputs)} "
            f"operands and gives {len(main.type.results)} results, for "
            f"{len(op.operands)} and {len(result_types)}")
    ops: list[Operation] = []

    def custom_call(target: str, value: Value, t: Any, sharding: str) -> Value:
        call = Operation("stablehlo.custom_call", [value], [t], {
            "call_target_name": target, "mhlo.sharding": sharding})
        ops.append(call)
        return call.result

    local_args = []
    for value, sharding, local in zip(op.operands, arg_shardings, main.type.inputs):
        annotated = custom_call(_SHARDING, value, value.type, str(sharding))
        local_args.append(custom_call(_FULL_TO_SHARD, annotated, local, "{manual}"))
    call = Operation("func.call", local_args, list(main.type.results),
                     {"callee": SymbolRef(main.name)})
    ops.append(call)
    results = []
    for value, sharding, t in zip(call.results, _leaves(result_sharding, len(result_types)),
                                  result_types):
        manual = custom_call(_SHARDING, value, value.type, "{manual}")
        results.append(custom_call(_SHARD_TO_FULL, manual, t, str(sharding)))
    return ops, results


_FACTOR = re.compile(r"z_\d+|[a-z]")


def _parse_rule(text: str) -> tuple[list[list[list[str]]], list[list[list[str]]], dict[str, int],
                                    set[str]]:
    """A ``#sdy.op_sharding_rule<([ij, k], [l])->([ij]) {i=2, ...} ...>``: each
    operand's and result's dimensions as factor lists, the factor sizes, the
    factors that need replication."""
    match = re.search(r"<\((.*?)\)\s*->\s*\((.*?)\)\s*\{([^}]*)\}(.*)>", text, re.S)
    if match is None:
        raise invalid_argument(f"custom_partitioning: a sharding rule this jaxlib cannot read: "
                               f"{text[:200]}")

    def tensors(part: str) -> list[list[list[str]]]:
        return [[_FACTOR.findall(dim) for dim in body.split(",") if body.strip()]
                for body in re.findall(r"\[([^\]]*)\]", part)]

    sizes = {name.strip(): int(size) for name, size in
             (item.split("=") for item in match.group(3).split(",") if "=" in item)}
    replicated = re.search(r"need_replication=\{([^}]*)\}", match.group(4))
    need = set(_FACTOR.findall(replicated.group(1))) if replicated else set()
    return tensors(match.group(1)), tensors(match.group(2)), sizes, need


def _results_by_rule(text: str, tilings: Sequence[Any], ranks: Sequence[int]) -> list[Any]:
    """Each result's tiling by the rule: a result dimension whose major
    factor is the major factor of a tiled operand dimension (tiled within that
    factor) takes the operand dimension's tiles, from the operand giving the
    most tiles; None where no operand is tiled."""
    from jaxlib._src.passes.sharding_propagation import _drop, _insert, _sharded

    operands, results, sizes, need = _parse_rule(text)
    found = []
    for mapping, rank in zip(results, ranks):
        best, most = None, 1
        for tiling, dims in zip(tilings, operands):
            if not _sharded(tiling) or len(dims) != tiling.ndim - 1:
                continue
            positions = {}
            for d, factors in enumerate(dims):
                count = tiling.shape[d]
                if count == 1 or not factors or factors[0] in need \
                        or sizes.get(factors[0], 0) % count:
                    continue
                target = next((r for r, fs in enumerate(mapping) if fs and fs[0] == factors[0]),
                              None)
                if target is not None and target not in positions.values():
                    positions[d] = target
            if not positions:
                continue
            kept = sorted(positions)
            candidate = _insert(_drop(tiling, [d for d in range(len(dims)) if d not in kept]),
                                {i: positions[d] for i, d in enumerate(kept)}, rank)
            tiles = int(np.prod(candidate.shape[:-1]))
            if tiles > most:
                best, most = candidate, tiles
        found.append(best)
    return found


def _rename_functions(body: Module, added: list[Function]) -> Function:
    """``body``'s functions, renamed apart and appended to ``added``; its main."""
    number = next(_numbers)
    names = {f.name: f"custom_partitioning_{number}_{f.name}" for f in body.functions}
    main = None
    for function in body.functions:
        if function.body is not None:
            for op in function.walk():
                callee = op.attributes.get("callee")
                if op.name == "func.call" and isinstance(callee, SymbolRef) \
                        and callee.name in names:
                    op.attributes["callee"] = SymbolRef(names[callee.name])
        renamed = dataclasses.replace(function, name=names[function.name], visibility="private")
        added.append(renamed)
        if function.name == "main" or (main is None and function.visibility == "public"):
            main = renamed
    if main is None:
        raise invalid_argument("custom_partitioning: the partitioned computation has no main "
                               "function")
    if not isinstance(main.type, FunctionType) or any(
            isinstance(t, TupleType) for t in main.type.results):
        raise invalid_argument("custom_partitioning: tuple results are not supported")
    return main
