"""Shardy (``sdy``) ops, run in the global view of an SPMD program.

The runtime runs a program with ``num_partitions > 1`` once, on global arrays
(executable.py assembles the arguments by their shardings and splits the
results). In that view:

* ``sdy.sharding_constraint``, ``sdy.reshard`` and ``sdy.propagation_barrier``
  only say where data should live: they are identities;
  ``sdy.sharding_group`` (no results) does nothing;
* ``sdy.named_computation`` runs its body in place;
* ``sdy.manual_computation`` (``shard_map``) is the one op that needs the
  devices: its body is per-device code with explicit collectives. It runs the
  body once per mesh device, concurrently on threads, each on that device's
  part of the operands (split along the manual axes as ``in_shardings``
  say) and under a :class:`ReplicaContext` whose partition id is the device's
  logical id, so the collectives inside meet. The results are put together
  as ``out_shardings`` say.

A partially manual computation (``manual_axes`` a strict subset of the mesh
axes) works the same way: each device's instance gets the operands split
along the manual axes only and keeps the free dimensions whole, so the
devices that share manual coordinates compute the same values; one of them
provides each result block.

``sdy.return`` ends the bodies of both region ops.

The per-device machinery (:func:`run_per_device`, :func:`require_global_view`,
:func:`lower_callees`) also runs GSPMD manual regions (passes/gspmd_manual.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxlib import _native
from jaxlib._src.base import replica_context
from jaxlib._src.base.errors import XlaRuntimeError, unimplemented
from jaxlib._src.base.replica_context import Rendezvous, ReplicaContext, running_as
from jaxlib._src.frontends import shardy
from jaxlib._src.ir.core import FREE, ITEMS_NO_RESULTS, TERMINATOR, Operation, Region
from jaxlib._src.ir.types import TensorType, TokenType, numpy_dtype
from jaxlib._src.ops.registry import TOKEN, define_op, with_frame
from jaxlib._src.ops.signatures import no_results, same_as_operand


def _fail(message: str) -> None:
    raise ValueError(message)


def _attribute(op: Operation, name: str) -> Any:
    value = op.attributes.get(name)
    if value is None:
        _fail(f"missing attribute '{name}'")
    return value


def _check_rank(sharding: shardy.TensorSharding, t: Any, what: str) -> None:
    if isinstance(t, TensorType) and len(sharding.dims) != len(t.shape):
        _fail(f"{what}: sharding has {len(sharding.dims)} dimension shardings for {t}")


# -- identities ---------------------------------------------------------------------


def _verify_identity(op: Operation) -> None:
    if len(op.operands) != 1 or len(op.results) != 1:
        _fail("takes one operand and has one result")
    if op.results[0].type != op.operands[0].type:
        _fail(f"result type {op.results[0].type} differs from operand type "
              f"{op.operands[0].type}")


def _verify_sharded_identity(op: Operation) -> None:
    _verify_identity(op)
    _check_rank(shardy.parse_sharding(_attribute(op, "sharding")), op.operands[0].type,
                "operand")


def _identity(op: Operation, ctx: Any):
    return lambda value: (value,)


def _verify_sharding_group(op: Operation) -> None:
    if len(op.operands) != 1 or op.results:
        _fail("takes one operand and has no results")
    _attribute(op, "group_id")


def _no_effect(op: Operation, ctx: Any):
    return lambda value: ()


define_op("sdy.sharding_constraint",
          signature="input, sharding: Attr => result",
          infer=same_as_operand(0),
          verify=_verify_sharded_identity, reference=_identity,
          syntax="sdy_sharded_value")
define_op("sdy.reshard",
          signature="input, sharding: Attr => result",
          infer=same_as_operand(0),
          verify=_verify_sharded_identity, reference=_identity,
          syntax="sdy_sharded_value")
define_op("sdy.propagation_barrier",
          signature="input, allowed_direction: Attr => result",
          infer=same_as_operand(0),
          verify=_verify_identity, reference=_identity,
          syntax="sdy_propagation_barrier")
define_op("sdy.sharding_group",
          signature="input, group_id: I64 =>",
          infer=no_results,
          verify=_verify_sharding_group, reference=_no_effect,
          syntax="sdy_sharding_group")


# -- sdy.return and region ops ---------------------------------------------------------


def _verify_return(op: Operation) -> None:
    if op.results:
        _fail("has no results")


# The lowering takes sdy.return as its block's yield, like stablehlo.return.
define_op("sdy.return",
          signature="results_* ->",
          verify=_verify_return, traits=frozenset({TERMINATOR}),
          syntax=ITEMS_NO_RESULTS, cost=FREE)


def _region_signature(op: Operation) -> tuple[list[Any], list[Any]]:
    """The body's argument types and the types its sdy.return yields."""
    if len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
        _fail("needs a body region of one block")
    block = op.regions[0].entry
    terminator = block.operations[-1] if block.operations else None
    if terminator is None or terminator.name != "sdy.return":
        _fail("body must end with sdy.return")
    return [a.type for a in block.arguments], terminator.operand_types


def _verify_named_computation(op: Operation) -> None:
    if not isinstance(op.attributes.get("name"), str):
        _fail("needs a string 'name'")
    arguments, yielded = _region_signature(op)
    if arguments != op.operand_types:
        _fail(f"body arguments {arguments} differ from the operand types {op.operand_types}")
    if yielded != op.result_types:
        _fail(f"body yields {yielded} but the results are {op.result_types}")


def _named_computation(op: Operation, ctx: Any):
    body = ctx.compile_region(op.regions[0])

    @with_frame
    def kernel(frame: list, *operands: Any) -> tuple:
        return body.run(frame, operands)

    return kernel


define_op("sdy.named_computation",
          signature=("name: Str, operands_*, in_shardings: Attr?, out_shardings: Attr? -> "
                     "result* {body}"),
          verify=_verify_named_computation,
          reference=_named_computation, syntax="sdy_named_computation")


# -- sdy.manual_computation --------------------------------------------------------------


def _verify_manual_computation(op: Operation) -> None:
    """The checks that need no mesh; the shapes against the mesh are checked
    when the op is compiled."""
    in_shardings = shardy.parse_sharding_per_value(_attribute(op, "in_shardings"))
    out_shardings = shardy.parse_sharding_per_value(_attribute(op, "out_shardings"))
    shardy.parse_manual_axes(_attribute(op, "manual_axes"))
    if len(in_shardings) != len(op.operands):
        _fail(f"{len(in_shardings)} in_shardings for {len(op.operands)} operands")
    if len(out_shardings) != len(op.results):
        _fail(f"{len(out_shardings)} out_shardings for {len(op.results)} results")
    arguments, yielded = _region_signature(op)
    _check_local_types("operand", op.operand_types, arguments, in_shardings)
    _check_local_types("result", op.result_types, yielded, out_shardings)


def _check_local_types(what: str, global_types: list[Any], local_types: list[Any],
                       shardings: list[shardy.TensorSharding]) -> None:
    if len(global_types) != len(local_types):
        _fail(f"{len(global_types)} {what}s but the body has {len(local_types)}")
    for i, (g, local, sharding) in enumerate(zip(global_types, local_types, shardings)):
        if isinstance(g, TensorType) and isinstance(local, TensorType):
            if g.element_type != local.element_type or len(g.shape) != len(local.shape):
                _fail(f"{what} {i}: global type {g} and local (body) type {local} differ in "
                      "rank or element type")
            _check_rank(sharding, g, f"{what} {i}")
        elif g != local:
            _fail(f"{what} {i}: global type {g} and local (body) type {local} differ")


@dataclass(frozen=True)
class _ManualLayout:
    """How one operand or result of a manual computation is cut: per
    dimension, the mesh axes (positions) that split it, major to minor."""

    global_shape: tuple[int, ...]
    dim_axes: tuple[tuple[int, ...], ...]
    axis_sizes: tuple[int, ...]
    # Manual axes the value is unreduced over: each device holds a partial
    # value, and the value is their sum.
    unreduced_axes: tuple[int, ...] = ()

    def block(self, coordinates: tuple[int, ...]) -> tuple[slice, ...]:
        """The part of the global array the device at ``coordinates`` holds."""
        index = []
        for size, axes in zip(self.global_shape, self.dim_axes):
            count, position = 1, 0
            for axis in axes:
                count *= self.axis_sizes[axis]
                position = position * self.axis_sizes[axis] + coordinates[axis]
            chunk = size // count
            index.append(slice(position * chunk, (position + 1) * chunk))
        return tuple(index)

    def is_writer(self, coordinates: tuple[int, ...],
                  among: frozenset[int] | None = None) -> bool:
        """One device per block assembles a result: the one at coordinate 0
        on every axis (of ``among``, by default all) that does not pick the
        block (along unreduced axes every device adds its partial value)."""
        used = {a for axes in self.dim_axes for a in axes} | set(self.unreduced_axes)
        return all(c == 0 for axis, c in enumerate(coordinates)
                   if axis not in used and (among is None or axis in among))

    def holds_value(self, coordinates: tuple[int, ...]) -> bool:
        """An unreduced operand reaches the body as partial values: the whole
        value on the first device of its unreduced axes, zeros elsewhere."""
        return all(coordinates[a] == 0 for a in self.unreduced_axes)


def _manual_layout(sharding: shardy.TensorSharding, mesh: shardy.SdyMesh,
                   manual: tuple[str, ...], global_type: Any, local_type: Any,
                   what: str) -> _ManualLayout | None:
    if isinstance(global_type, TokenType):
        return None
    if not isinstance(global_type, TensorType) or not global_type.is_static:
        raise unimplemented(f"sdy.manual_computation: {what} of type {global_type} (only "
                            "statically shaped tensors and tokens are supported)")
    position = {name: i for i, name in enumerate(mesh.axis_names)}
    dim_axes = []
    for dim, dim_sharding in enumerate(sharding.dims):
        axes = []
        free_seen = False
        for ref in dim_sharding.axes:
            if ref.name not in position:
                _fail(f"{what}: axis {ref.name!r} is not in the mesh {mesh.axis_names}")
            if ref.name not in manual:
                free_seen = True
                continue
            if free_seen:
                _fail(f"{what}: manual axis {ref.name!r} comes after a free axis in "
                      f"dimension {dim}")
            if ref.sub_axis is not None:
                raise unimplemented(f"sdy.manual_computation: {what} is split over the "
                                    f"sub-axis {ref} of a manual axis")
            axes.append(position[ref.name])
        dim_axes.append(tuple(axes))
    unreduced = tuple(position[ref.name] for ref in sharding.unreduced
                      if ref.name in manual and ref.name in position)
    layout = _ManualLayout(tuple(global_type.shape), tuple(dim_axes), mesh.axis_sizes,
                           unreduced)
    expected = []
    for size, axes in zip(layout.global_shape, layout.dim_axes):
        count = int(np.prod([mesh.axis_sizes[a] for a in axes], dtype=np.int64))
        if size % count:
            _fail(f"{what}: dimension of size {size} does not split evenly over {count} "
                  "devices")
        expected.append(size // count)
    if tuple(expected) != tuple(local_type.shape):
        _fail(f"{what}: the body sees {local_type}, but {global_type} split as its sharding "
              f"says has shape {expected}")
    return layout


def _operand_part(value: Any, layout: _ManualLayout, coordinates: tuple[int, ...],
                  xp: Any = np) -> Any:
    part = value[layout.block(coordinates)]
    return part if layout.holds_value(coordinates) else xp.zeros_like(part)


def per_device_machinery(ctx: Any) -> tuple[Any, Callable[..., list[tuple]]]:
    """The array namespace a lowering's kernels compute in and the function
    that runs a body once per device (``run_per_device``'s signature): a
    backend's lowering may provide its own (``array_namespace``,
    ``run_per_device``: jaxlib-gpu runs each instance on its own GPU)."""
    return (getattr(ctx, "array_namespace", np),
            getattr(ctx, "run_per_device", run_per_device))


def _mesh_of(shardings: list[shardy.TensorSharding], meshes: dict[str, Any]) -> shardy.SdyMesh:
    found = {shardy.resolve_mesh(s, meshes) for s in shardings}
    if len(found) > 1:
        _fail("in_shardings and out_shardings refer to different meshes")
    if not found:
        _fail("a manual computation without operands or results has no mesh")
    return found.pop()


def _module_meshes(ctx: Any) -> dict[str, Any]:
    """The ``sdy.mesh`` definitions of the module being lowered."""
    module = getattr(getattr(ctx, "module_lowering", None), "module", None)
    return dict(module.meshes) if module is not None else {}


def _manual_computation(op: Operation, ctx: Any):
    in_shardings = shardy.parse_sharding_per_value(op.attributes["in_shardings"])
    out_shardings = shardy.parse_sharding_per_value(op.attributes["out_shardings"])
    manual = shardy.parse_manual_axes(op.attributes["manual_axes"])
    mesh = _mesh_of(in_shardings + out_shardings, _module_meshes(ctx))
    if mesh.is_maximal or not mesh.axes:
        raise unimplemented("sdy.manual_computation over a maximal or empty mesh")
    unknown = [a for a in manual if a not in mesh.axis_names]
    if unknown:
        _fail(f"manual axes {unknown} are not in the mesh {mesh.axis_names}")
    arguments, yielded = _region_signature(op)
    in_layouts = [_manual_layout(s, mesh, manual, g, local, f"operand {i}")
                  for i, (s, g, local) in enumerate(zip(in_shardings, op.operand_types,
                                                        arguments))]
    out_layouts = [_manual_layout(s, mesh, manual, g, local, f"result {i}")
                   for i, (s, g, local) in enumerate(zip(out_shardings, op.result_types,
                                                         yielded))]
    out_dtypes = [numpy_dtype(t.element_type) if isinstance(t, TensorType) else None
                  for t in op.result_types]
    body = ctx.compile_region(op.regions[0])
    lower_callees(op.regions[0], ctx)
    coordinates = list(np.ndindex(*mesh.axis_sizes))
    device_ids = mesh.logical_ids()
    xp, per_device = per_device_machinery(ctx)

    position = {name: i for i, name in enumerate(mesh.axis_names)}
    manual_positions = frozenset(position[a] for a in manual)

    def assemble(instances: list[tuple[tuple[int, ...], tuple]],
                 among: frozenset[int] | None) -> tuple:
        assembled = []
        for r, (layout, dtype) in enumerate(zip(out_layouts, out_dtypes)):
            if layout is None:
                assembled.append(TOKEN)
                continue
            if layout.unreduced_axes:
                out = xp.zeros(layout.global_shape, dtype)
                for coords, values in instances:
                    if layout.is_writer(coords, among):
                        out[layout.block(coords)] += values[r]
            else:
                out = xp.empty(layout.global_shape, dtype)
                for coords, values in instances:
                    if layout.is_writer(coords, among):
                        out[layout.block(coords)] = values[r]
            assembled.append(out)
        return tuple(assembled)

    def nested(frame: list, operands: tuple, outer: ReplicaContext) -> tuple:
        """Inside an instance of an enclosing manual computation over the same
        mesh, this instance plays its own device: it runs the body once on
        its part, and the instances that differ only on this computation's
        manual axes exchange their parts to assemble the results."""
        if outer.num_replicas != 1 or outer.num_partitions != len(device_ids) \
                or outer.partition_id not in device_ids:
            require_global_view("sdy.manual_computation")
        mine = coordinates[device_ids.index(outer.partition_id)]
        parts = tuple(value if layout is None else _operand_part(value, layout, mine, xp)
                      for value, layout in zip(operands, in_layouts))
        results = tuple(body.run(list(frame), parts))
        everyone = outer.rendezvous.exchange(outer.next_key(op), outer.partition_id,
                                             results, tuple(device_ids))
        peers = [(coords, values) for coords, values in zip(coordinates, everyone)
                 if all(coords[a] == mine[a] for a in range(len(mine))
                        if a not in manual_positions)]
        return assemble(peers, manual_positions)

    @with_frame
    def kernel(frame: list, *operands: Any) -> tuple:
        outer = replica_context.current()
        if outer.num_replicas * outer.num_partitions != 1:
            return nested(frame, operands, outer)
        per_instance = [
            tuple(value if layout is None else _operand_part(value, layout, coords, xp)
                  for value, layout in zip(operands, in_layouts))
            for coords in coordinates]
        results = per_device(body, frame, per_instance, device_ids,
                                 "sdy.manual_computation")
        return assemble(list(zip(coordinates, results)), None)

    # What a backend needs to run the body on each device's own blocks directly
    # (jaxlib-gpu, when the whole entry function is this computation).
    kernel.manual_plan = ManualPlan(body, in_layouts, out_layouts, coordinates, device_ids,
                                    len(manual) == len(mesh.axis_names))
    return kernel


@dataclass(frozen=True)
class ManualPlan:
    """A manual computation's compiled body and how its operands and results
    are cut: instance k runs at mesh ``coordinates[k]`` as device
    ``device_ids[k]``; a layout of None is a token."""

    body: Any
    in_layouts: list[_ManualLayout | None]
    out_layouts: list[_ManualLayout | None]
    coordinates: list[tuple[int, ...]]
    device_ids: list[int]
    fully_manual: bool


def lower_callees(region: Region, ctx: Any) -> None:
    """Lowers now every function ``region`` calls, directly or not. Calls
    otherwise lower their callee when first run, and the per-device threads
    would all do that at once."""
    module = getattr(getattr(ctx, "module_lowering", None), "module", None)
    pending = [o.attributes["callee"].name for o in region.walk() if o.name == "func.call"]
    seen: set[str] = set()
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        ctx.function(name)
        if module is not None:
            pending += [o.attributes["callee"].name for o in module.function(name).walk()
                        if o.name == "func.call"]


def require_global_view(what: str) -> None:
    """Manual computations run from the global view only: one per-device
    instance cannot itself split into per-device instances."""
    outer = replica_context.current()
    if outer.num_replicas * outer.num_partitions != 1:
        raise unimplemented(
            f"{what} inside a per-device instance (a nested manual computation, or a "
            "program run once per replica) is not supported")


def run_per_device(body: Any, frame: list, per_instance: list[tuple],
                   device_ids: Sequence[int], what: str) -> list[tuple]:
    """Runs ``body`` once per device, concurrently (they meet in collectives),
    each in its own copy of the frame and under a :class:`ReplicaContext` whose
    partition id is ``device_ids[k]``; returns each instance's results. The
    first instance to fail aborts the rendezvous, so that peers waiting for it
    in a collective fail at once; its error is the one raised. ``what`` names
    the op in thread names and errors."""
    count = len(per_instance)
    rendezvous = Rendezvous()
    results: list[tuple | None] = [None] * count
    first_failure: list[BaseException] = []
    lock = threading.Lock()

    def run(k: int) -> None:
        context = ReplicaContext(replica_id=0, partition_id=device_ids[k], num_replicas=1,
                                 num_partitions=count, rendezvous=rendezvous)
        # Like the runtime's own device threads: XLA's CPU numerics.
        previous = _native.set_flush_denormals(True)
        try:
            with running_as(context), np.errstate(all="ignore"):
                results[k] = body.run(list(frame), per_instance[k])
        except BaseException as err:  # re-raised by the caller
            with lock:
                if not first_failure:
                    first_failure.append(err)
                    rendezvous.abort(err)
        finally:
            _native.set_flush_denormals(previous)

    if count == 1:
        run(0)
    else:
        threads = [threading.Thread(target=run, args=(k,), daemon=True,
                                    name=f"{what}/{device_ids[k]}")
                   for k in range(count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    if first_failure:
        err = first_failure[0]
        if isinstance(err, XlaRuntimeError):
            raise err
        raise XlaRuntimeError(f"INTERNAL: {what}: {type(err).__name__}: "
                              f"{err}") from err
    return results  # type: ignore[return-value]


define_op("sdy.manual_computation",
          signature=("tensors*, in_shardings: Attr, out_shardings: Attr, manual_axes: Attr "
                     "-> results_* {body}"),
          verify=_verify_manual_computation,
          reference=_manual_computation, syntax="sdy_manual_computation")


# ``sdy.mesh @name = <...>``: a module-level symbol (the module keeps meshes
# by name, core.Module.meshes); declared for its builder (sdy.MeshOp).
define_op("sdy.mesh", signature="sym_name: SymbolName, mesh: Attr -> ")
