"""Shape refinement: a shape-polymorphic function made static for concrete
argument shapes (and values of its dimension arguments).

The pass clones the function with the concrete argument types and walks its
ops in order. An op whose operands are all known constants (and that has no
side effects or regions) is folded by running its reference kernel, so shape
computations (``get_dimension_size``, arithmetic, ``concatenate`` of sizes)
become constants. An op whose declared result type is dynamic gets the shape
its kernel produces when run on the refined operands — the kernels already
compute results from run-time shapes, so every op's semantics doubles as its
shape rule. Declared static types are kept. ``@shape_assertion`` custom calls
are checked on their folded predicates and removed.

Scalar integer arguments are treated as dimension arguments: their values are
part of the refinement (and of the executable's cache key).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument
from jaxlib._src.frontends import shardy
from jaxlib._src.ir.attributes import DenseArray, DenseElements, IntegerAttr
from jaxlib._src.ir.core import (
    OP_DEFS,
    SIDE_EFFECT,
    Block,
    Function,
    Module,
    Operation,
    Region,
    Value,
)
from jaxlib._src.ir.element_types import ELEMENT_TYPES, SINT, UINT
from jaxlib._src.ir.types import FunctionType, TensorType, numpy_dtype
from jaxlib._src.ops import registry

# Folding runs kernels on constant inputs; keep it to small shape computations.
_FOLD_LIMIT_ELEMENTS = 1 << 16
# The element types of dimension arguments: the 32- and 64-bit integers.
_DIMENSION_TYPES = frozenset(row.mlir for row in ELEMENT_TYPES
                             if row.category in (SINT, UINT) and row.bits in (32, 64))


def is_polymorphic(function: Function) -> bool:
    return any(isinstance(t, TensorType) and not t.is_static for t in function.type.inputs)


def dimension_argument_indices(function: Function) -> list[int]:
    return [i for i, t in enumerate(function.type.inputs)
            if isinstance(t, TensorType) and t.shape == () and t.is_static
            and str(t.element_type) in _DIMENSION_TYPES]


class _Refiner:
    def __init__(self, module: Module, lowering_factory, check_assertions: bool = True):
        self.module = module
        self.make_lowering = lowering_factory
        # False: ``@shape_assertion`` calls are dropped unchecked.
        self.check_assertions = check_assertions
        self.values: dict[int, Value] = {}
        self.constants: dict[int, np.ndarray] = {}
        # The refined op defining each refined value.
        self.producers: dict[int, Operation] = {}

    def new_value(self, old: Value) -> Value:
        try:
            return self.values[id(old)]
        except KeyError:
            raise XlaRuntimeError(f"INTERNAL: value {old!r} used before its definition") \
                from None

    # -- blocks -----------------------------------------------------------------

    def clone_block(self, block: Block, argument_types: list[Any],
                    constants: dict[int, np.ndarray] | None = None) -> Block:
        new = Block(argument_types, argument_names=[a.name_hint for a in block.arguments])
        for old, value in zip(block.arguments, new.arguments):
            self.values[id(old)] = value
        for index, constant in (constants or {}).items():
            self.constants[id(new.arguments[index])] = constant
        for op in block.operations:
            self.refine_into(op, new)
        return new

    def refine_into(self, op: Operation, block: Block) -> None:
        """Appends the refined form of ``op`` to ``block``; calls are inlined
        so that callees are refined for the caller's concrete types."""
        if op.name == "func.call":
            self.inline_call(op, block)
            return
        refined = self.refine_op(op)
        if refined is not None:
            block.append(refined)

    def inline_call(self, op: Operation, block: Block) -> None:
        callee = self.module.function(op.attributes["callee"].name)
        if callee.body is None:
            raise invalid_argument(f"cannot refine a call to the declaration @{callee.name}")
        body = callee.body.entry
        for parameter, operand in zip(body.arguments, op.operands):
            self.values[id(parameter)] = self.new_value(operand)
        for inner in body.operations:
            if inner.name == "func.return":
                for result, returned in zip(op.results, inner.operands):
                    self.values[id(result)] = self.new_value(returned)
            else:
                self.refine_into(inner, block)

    def clone_region(self, region: Region, argument_types: list[Any] | None = None) -> Region:
        blocks = []
        for block in region.blocks:
            types = argument_types if argument_types is not None else [
                a.type for a in block.arguments]
            blocks.append(self.clone_block(block, list(types)))
        return Region(blocks)

    # -- ops ---------------------------------------------------------------------

    def refine_op(self, op: Operation) -> Operation | None:
        operands = [self.new_value(v) for v in op.operands]
        if op.name == "stablehlo.custom_call" and _target(op) == "shape_assertion":
            if self.check_assertions:
                self.check_assertion(op, operands)
            return None
        original = op
        if op.name == "stablehlo.custom_call" and _target(op) in _STATIC_FORMS:
            op = getattr(self, _STATIC_FORMS[_target(op)])(op, operands)
            operands = [self.new_value(v) for v in op.operands]
        if op.name == "stablehlo.custom_call" and "indices_of_shape_operands" in op.attributes:
            op, operands = self.without_shape_operands(op, operands)
        if op.name == "sdy.manual_computation" and not all(
                _is_static(t) for t in op.result_types + _argument_types(op)):
            return self.refine_manual_computation(op, operands)
        regions = []
        for region in op.regions:
            if op.name == "stablehlo.while":
                regions.append(self.clone_region(region, [v.type for v in operands]))
            else:
                regions.append(self.clone_region(region))
        new = Operation(op.name, operands, op.result_types, dict(op.attributes), regions,
                        op.location)
        for old, value in zip(op.results, new.results):
            self.values[id(old)] = value
        for old, value in zip(original.results, new.results):
            self.values[id(old)] = value  # a rewritten op answers for the original
        for value in new.results:
            self.producers[id(value)] = new
        op_def = OP_DEFS.get(op.name)
        foldable = (not regions and op_def is not None and SIDE_EFFECT not in op_def.traits
                    and operands and new.results  # not a terminator (a region's return)
                    and all(id(v) in self.constants for v in operands)
                    and all(self.constants[id(v)].size <= _FOLD_LIMIT_ELEMENTS
                            for v in operands))
        needs_shapes = any(isinstance(t, TensorType) and not t.is_static
                           for t in op.result_types)
        if op.name == "stablehlo.constant":
            self.constants[id(new.results[0])] = np.asarray(op.attributes["value"].array)
            return new
        if op.name == "stablehlo.get_dimension_size" and operands[0].type.is_static:
            # A size is known from the refined type, whatever the data.
            size = operands[0].type.shape[int(op.attributes["dimension"])]
            self.constants[id(new.results[0])] = np.asarray(size, np.int32)
            return new
        if foldable and not needs_shapes and any(
                isinstance(t, TensorType) and math.prod(t.shape) > _FOLD_LIMIT_ELEMENTS
                for t in op.result_types):
            return new  # a big result (a broadcast splat) is not worth holding at compile time
        if not (foldable or needs_shapes):
            return new
        if op.name == "stablehlo.real_dynamic_slice" and needs_shapes and not foldable:
            shape = self.sliced_shape(operands)
            if shape is not None:
                new.results[0].type = TensorType(shape, new.results[0].type.element_type)
                return new
        if op.name == "stablehlo.while":  # results are the carried values' types
            for value, operand in zip(new.results, operands):
                value.type = operand.type
            return new
        if op.name in ("stablehlo.case", "stablehlo.if") and needs_shapes:
            # Results are what the (refined) branches return.
            for index, value in enumerate(new.results):
                returned = [region.blocks[-1].operations[-1].operands[index].type
                            for region in new.regions
                            if region.blocks and region.blocks[-1].operations]
                static = [t for t in returned if isinstance(t, TensorType) and t.is_static]
                if static and isinstance(value.type, TensorType) and not value.type.is_static:
                    value.type = static[0]
            return new
        collective_shapes = _collective_result_shapes(new)
        if collective_shapes is not None:
            # Collectives run only with their devices: their shapes come from a rule.
            for value, shape in zip(new.results, collective_shapes):
                if isinstance(value.type, TensorType) and not value.type.is_static:
                    value.type = TensorType(shape, value.type.element_type)
            return new
        inputs = [self.constants[id(v)] if id(v) in self.constants else _dummy(v.type)
                  for v in operands]
        results = self.run(new, inputs)
        for value, result in zip(new.results, results):
            if not (isinstance(value.type, TensorType) and isinstance(result, np.ndarray)):
                continue
            if not value.type.is_static:
                value.type = TensorType(result.shape, value.type.element_type)
            elif tuple(value.type.shape) != result.shape:
                raise XlaRuntimeError(
                    f"INTERNAL: {op.name} produced shape {list(result.shape)} for its declared "
                    f"type {value.type}")
            if foldable and result.size <= _FOLD_LIMIT_ELEMENTS:
                self.constants[id(value)] = result
        return new

    def sliced_shape(self, operands: list[Value]) -> tuple[int, ...] | None:
        """The result shape of ``real_dynamic_slice(x, start, limit, strides)``
        whose start is known only at run time but whose limit is ``start + C``
        for a constant ``C`` (jax's dynamic_slice under shape polymorphism):
        ``ceil(C / strides)``. None when the limit is not of that form."""
        _, start, limit, strides = operands
        producer = self.producers.get(id(limit))
        if producer is None or producer.name != "stablehlo.add" or id(strides) not in \
                self.constants:
            return None
        lhs, rhs = producer.operands
        size = (self.constants.get(id(rhs)) if lhs is start
                else self.constants.get(id(lhs)) if rhs is start else None)
        if size is None:
            return None
        steps = np.asarray(self.constants[id(strides)]).reshape(-1)
        sizes = np.asarray(size).reshape(-1)
        if sizes.shape != steps.shape or (steps <= 0).any() or (sizes < 0).any():
            return None
        return tuple(int(-(-int(n) // int(k))) for n, k in zip(sizes, steps))

    def run(self, op: Operation, inputs: list[Any]) -> tuple:
        lowering = self.make_lowering()
        kernel = lowering._kernel(op)
        try:
            with np.errstate(all="ignore"):
                if getattr(kernel, "needs_frame", False):
                    return kernel([None] * (len(lowering.slots) + 1), *inputs)
                return kernel(*inputs)
        except MemoryError:
            where = f" at {op.location}" if op.location else ""
            raise XlaRuntimeError(f"RESOURCE_EXHAUSTED: refining {op.name}{where} needs more "
                                  "memory than this machine has") from None

    def static_reduce_window(self, op: Operation, operands: list[Value]) -> Operation:
        """``custom_call @stablehlo.dynamic_reduce_window`` (StableHLO's
        experimental form) with constant window operands → ``reduce_window``."""
        count = len(op.results)
        window = operands[2 * count:]
        if len(window) != 5 or any(id(v) not in self.constants for v in window):
            raise invalid_argument("stablehlo.dynamic_reduce_window needs constant window "
                                   "dimensions, strides, dilations and padding")
        sizes, strides, base, dilations, padding = (self.constants[id(v)] for v in window)
        (callee,) = op.attributes["called_computations"]
        body = self.module.function(callee.name).body
        attributes = {
            "window_dimensions": _i64_array(sizes),
            "window_strides": _i64_array(strides),
            "base_dilations": _i64_array(base),
            "window_dilations": _i64_array(dilations),
            "padding": DenseElements(np.asarray(padding, np.int64).reshape(-1, 2),
                                     TensorType((len(sizes), 2), "i64")),
        }
        rewritten = Operation("stablehlo.reduce_window", op.operands[:2 * count],
                              op.result_types, attributes, [_copy_region(body)], op.location)
        return rewritten

    def _constant_operand(self, op: Operation, value: Value, what: str) -> np.ndarray:
        found = self.constants.get(id(value))
        if found is None:
            raise invalid_argument(f"{_target(op)} needs a constant {what} once shapes are "
                                   "known")
        return found

    def static_rng_bit_generator(self, op: Operation, operands: list[Value]) -> Operation:
        """``custom_call @stablehlo.dynamic_rng_bit_generator(state, shape)``
        with a constant output shape → ``rng_bit_generator``."""
        shape = self._constant_operand(op, operands[1], "output shape")
        output = op.result_types[1]
        types = [op.result_types[0],
                 TensorType(tuple(int(d) for d in np.ravel(shape)), output.element_type)]
        return Operation("stablehlo.rng_bit_generator", op.operands[:1], types,
                         {"rng_algorithm": op.attributes["rng_algorithm"]}, [], op.location)

    def static_top_k(self, op: Operation, operands: list[Value]) -> Operation:
        """``custom_call @stablehlo.dynamic_top_k(operand, k)`` with a
        constant ``k`` → ``chlo.top_k``."""
        k = int(self._constant_operand(op, operands[1], "k"))
        shape = list(op.result_types[0].shape)
        shape[-1] = k
        types = [TensorType(tuple(shape), t.element_type) for t in op.result_types]
        return Operation("chlo.top_k", op.operands[:1], types, {"k": IntegerAttr(k)}, [],
                         op.location)

    def static_approx_top_k(self, op: Operation, operands: list[Value]) -> Operation:
        """``custom_call @stablehlo.dynamic_approx_top_k(arrays..., inits..., k,
        result shapes...)`` with a constant ``k`` → ``ApproxTopK(arrays...,
        inits...)`` with static results (``top_k`` in its backend config)."""
        if "indices_of_shape_operands" in op.attributes:
            op, operands = self.without_shape_operands(op, operands)
        count = len(op.result_types)
        if len(operands) != 2 * count + 1:
            raise invalid_argument(f"{_target(op)} takes {count} arrays, {count} initial "
                                   f"values and k, got {len(operands)} operands")
        k = int(self._constant_operand(op, operands[-1], "k"))
        config = op.attributes.get("mhlo.backend_config")
        dim = int(config.get("reduction_dim", -1)) if isinstance(config, dict) else -1
        for t in op.result_types:
            if not isinstance(t, TensorType) or t.shape[dim] != k:
                raise invalid_argument(f"{_target(op)}: result {t} does not have k = {k} "
                                       f"along dimension {dim}")
        attributes = dict(op.attributes)
        attributes["call_target_name"] = "ApproxTopK"
        if isinstance(config, dict):
            attributes["mhlo.backend_config"] = {**config, "top_k": IntegerAttr(k)}
        return Operation(op.name, op.operands[:2 * count], op.result_types, attributes,
                         op.regions, op.location)

    def without_shape_operands(self, op: Operation, operands: list[Value]
                               ) -> tuple[Operation, list[Value]]:
        """A custom call whose dynamic result shapes are given by extra operands
        (``indices_of_shape_operands``, one per result, as jax writes for
        ``Sharding`` and ``LayoutConstraint`` under shape polymorphism): the
        same call with those shapes folded into static result types and the
        shape operands dropped."""
        indices = [int(i) for i in np.asarray(
            getattr(op.attributes["indices_of_shape_operands"], "array",
                    op.attributes["indices_of_shape_operands"])).reshape(-1)]
        if len(indices) != len(op.results) or any(
                not 0 <= i < len(operands) for i in indices):
            raise invalid_argument(f"{op.name}: indices_of_shape_operands {indices} do not "
                                   f"name one shape operand per result")
        result_types = []
        for index, declared in zip(indices, op.result_types):
            if id(operands[index]) not in self.constants:
                raise invalid_argument(f"{op.name} @{_target(op)}: result shape operand "
                                       f"{index} is not a constant at refinement")
            shape = tuple(int(d) for d in self.constants[id(operands[index])].reshape(-1))
            if not isinstance(declared, TensorType) or not _compatible(
                    declared, TensorType(shape, declared.element_type)):
                raise invalid_argument(f"{op.name} @{_target(op)}: result shape {list(shape)} "
                                       f"does not match the declared type {declared}")
            result_types.append(TensorType(shape, declared.element_type))
        keep = [i for i in range(len(operands)) if i not in set(indices)]
        attributes = dict(op.attributes)
        del attributes["indices_of_shape_operands"]
        layouts = attributes.get("operand_layouts")
        if isinstance(layouts, (list, tuple)) and len(layouts) == len(operands):
            attributes["operand_layouts"] = type(layouts)(layouts[i] for i in keep)
        rewritten = Operation(op.name, [op.operands[i] for i in keep], result_types,
                              attributes, op.regions, op.location)
        return rewritten, [operands[i] for i in keep]

    def refine_manual_computation(self, op: Operation, operands: list[Value]) -> Operation:
        """``sdy.manual_computation`` (shard_map) over dynamic shapes: its body
        sees each operand cut by the manual axes its sharding names, and each
        result is the body's value times those axes."""
        in_shardings = shardy.parse_sharding_per_value(op.attributes["in_shardings"])
        out_shardings = shardy.parse_sharding_per_value(op.attributes["out_shardings"])
        manual = set(shardy.parse_manual_axes(op.attributes["manual_axes"]))

        def factors(sharding: shardy.TensorSharding) -> list[int]:
            mesh = shardy.resolve_mesh(sharding, self.module.meshes)
            return [math.prod(ref.sub_axis[1] if ref.sub_axis else mesh.axis_size(ref.name)
                              for ref in dim.axes if ref.name in manual)
                    for dim in sharding.dims]

        local_types = []
        for value, sharding in zip(operands, in_shardings):
            t = value.type
            if isinstance(t, TensorType):
                cut = factors(sharding)
                if len(cut) != t.rank or any(d % f for d, f in zip(t.shape, cut)):
                    raise invalid_argument(f"sdy.manual_computation: operand of type {t} does "
                                           f"not split evenly over the manual axes")
                t = TensorType(tuple(d // f for d, f in zip(t.shape, cut)), t.element_type)
            local_types.append(t)
        (region,) = op.regions
        body = self.clone_region(region, local_types)
        yielded = body.blocks[0].operations[-1].operand_types
        result_types = []
        for declared, t, sharding in zip(op.result_types, yielded, out_shardings):
            if _is_static(declared) or not isinstance(t, TensorType):
                result_types.append(declared)
                continue
            grow = factors(sharding)
            result_types.append(TensorType(tuple(d * f for d, f in zip(t.shape, grow)),
                                           t.element_type))
        new = Operation(op.name, operands, result_types, dict(op.attributes), [body],
                        op.location)
        for old, value in zip(op.results, new.results):
            self.values[id(old)] = value
        return new

    def check_assertion(self, op: Operation, operands: list[Value]) -> None:
        if not operands or id(operands[0]) not in self.constants:
            raise invalid_argument("a shape assertion could not be decided at refinement")
        if not bool(self.constants[id(operands[0])]):
            message = str(op.attributes.get("error_message", "shape assertion failed"))
            values = [int(self.constants[id(v)]) for v in operands[1:] if id(v) in self.constants]
            try:
                message = message.format(*values)
            except (IndexError, ValueError, KeyError):
                pass
            raise invalid_argument(f"shape assertion failed: {message}")


# Collectives whose results have their operands' shapes.
_SAME_SHAPE_COLLECTIVES = frozenset({
    "stablehlo.all_reduce", "stablehlo.collective_permute", "stablehlo.collective_broadcast",
})


# StableHLO's shape-refinement custom calls and the method making each static.
_STATIC_FORMS = {
    "stablehlo.dynamic_reduce_window": "static_reduce_window",
    "stablehlo.dynamic_rng_bit_generator": "static_rng_bit_generator",
    "stablehlo.dynamic_top_k": "static_top_k",
    "stablehlo.dynamic_approx_top_k": "static_approx_top_k",
}


def _group_size(op: Operation) -> int:
    groups = op.attributes["replica_groups"]
    return int(np.asarray(getattr(groups, "array", groups)).shape[-1])


def _collective_result_shapes(op: Operation) -> list[tuple[int, ...]] | None:
    """The result shapes of a collective from its (static) operand shapes;
    None for other ops, or when an operand is not a static tensor."""
    if op.name not in _SAME_SHAPE_COLLECTIVES and op.name not in (
            "stablehlo.all_gather", "stablehlo.reduce_scatter", "stablehlo.all_to_all"):
        return None
    if not all(isinstance(t, TensorType) and t.is_static for t in op.operand_types):
        return None
    shapes = [list(t.shape) for t in op.operand_types]
    if op.name == "stablehlo.all_gather":
        dim, size = int(op.attributes["all_gather_dim"]), _group_size(op)
        for shape in shapes:
            shape[dim] *= size
    elif op.name == "stablehlo.reduce_scatter":
        dim, size = int(op.attributes["scatter_dimension"]), _group_size(op)
        for shape in shapes:
            shape[dim] //= size
    elif op.name == "stablehlo.all_to_all":
        count = int(op.attributes["split_count"])
        split = int(op.attributes["split_dimension"])
        concat = int(op.attributes["concat_dimension"])
        for shape in shapes:
            shape[split] //= count
            shape[concat] *= count
    return [tuple(shape) for shape in shapes]


def _is_static(t: Any) -> bool:
    return not isinstance(t, TensorType) or t.is_static


def _argument_types(op: Operation) -> list[Any]:
    return [a.type for region in op.regions for block in region.blocks
            for a in block.arguments]


def _i64_array(values: np.ndarray) -> DenseArray:
    return DenseArray("i64", tuple(int(v) for v in np.asarray(values).reshape(-1)))


def _copy_region(region: Region) -> Region:
    """A region with the same ops (shared, they are only read) and the
    function's return turned into the region terminator."""
    block = region.entry
    ops = list(block.operations[:-1])
    ret = block.operations[-1]
    new_block = Block.__new__(Block)
    new_block.arguments = block.arguments
    new_block.operations = ops + [Operation("stablehlo.return", ret.operands, [])]
    return Region([new_block])


def _target(op: Operation) -> str:
    target = op.attributes.get("call_target_name")
    return str(getattr(target, "name", target))


def _dummy(t: Any) -> Any:
    if isinstance(t, TensorType) and t.is_static:
        return np.broadcast_to(np.zeros((), numpy_dtype(t.element_type)), t.shape)
    if isinstance(t, TensorType):
        raise invalid_argument(f"cannot refine: an operand of type {t} is still dynamic")
    return registry.TOKEN


def refine_function(module: Module, name: str, argument_types: list[TensorType],
                    dimension_values: dict[int, int], lowering_factory,
                    check_assertions: bool = True) -> Module:
    """A copy of ``module`` whose function ``name`` is refined for
    ``argument_types``; ``dimension_values`` gives scalar argument values.
    Calls in the refined function are inlined; other functions are kept as
    they are."""
    function = module.function(name)
    for i, (declared, actual) in enumerate(zip(function.type.inputs, argument_types)):
        if not _compatible(declared, actual):
            raise invalid_argument(f"argument {i} of type {actual} does not match {declared}")
    refiner = _Refiner(module, lowering_factory, check_assertions)
    constants = {i: np.asarray(v, numpy_dtype(argument_types[i].element_type))
                 for i, v in dimension_values.items()}
    body = refiner.clone_block(function.body.entry, list(argument_types), constants)
    results = body.operations[-1].operand_types
    refined = Function(function.name, FunctionType(tuple(argument_types), tuple(results)),
                       Region([body]), function.visibility, list(function.arg_attrs),
                       list(function.res_attrs), dict(function.attributes), function.location)
    functions = [refined if f is function else f for f in module.functions]
    return Module(module.name, dict(module.attributes), functions, dict(module.meshes))


def _compatible(declared: Any, actual: Any) -> bool:
    if not isinstance(declared, TensorType):
        return declared == actual
    return (isinstance(actual, TensorType) and declared.rank == actual.rank
            and declared.element_type == actual.element_type
            and all(d is None or d == a for d, a in zip(declared.shape, actual.shape)))
