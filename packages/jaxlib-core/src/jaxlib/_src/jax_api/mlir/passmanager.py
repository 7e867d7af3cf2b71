"""``jaxlib.mlir.passmanager``: the four pass pipelines jax runs, done for
real on the live IR; any other pipeline is a clear error."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from jaxlib._src.ir.attributes import OpaqueAttribute, SymbolRef
from jaxlib._src.ir.core import Block as CoreBlock
from jaxlib._src.ir.core import Operation as CoreOperation
from jaxlib._src.jax_api.mlir.ir import MLIRError, set_parent, unsupported


def _root(op: Any) -> CoreOperation:
    core_op = op._core
    if core_op.name != "builtin.module":
        raise MLIRError(f"pass pipeline anchored on builtin.module run on {core_op.name}")
    return core_op


def _module_block(module_op: CoreOperation) -> CoreBlock:
    return module_op.regions[0].blocks[0]


# --- symbol-dce ------------------------------------------------------------------------


def _symbol_refs(value: Any, out: set[str]) -> None:
    if isinstance(value, SymbolRef):
        out.add(value.name)
    elif isinstance(value, list):
        for item in value:
            _symbol_refs(item, out)
    elif isinstance(value, dict):
        for item in value.values():
            _symbol_refs(item, out)


def symbol_dce(module_op: CoreOperation) -> None:
    """Removes private symbols (functions, meshes) nothing live refers to."""
    block = _module_block(module_op)
    by_name = {op.attributes.get("sym_name"): op for op in block.operations}
    live: set[int] = set()
    pending = [op for op in block.operations
               if op.attributes.get("sym_visibility", "public") != "private"
               and op.name == "func.func"]
    pending += [op for op in block.operations if op.name not in ("func.func", "sdy.mesh")]
    while pending:
        op = pending.pop()
        if id(op) in live:
            continue
        live.add(id(op))
        names: set[str] = set()
        for nested in op.walk():
            for value in nested.attributes.values():
                _symbol_refs(value, names)
                if isinstance(value, OpaqueAttribute):
                    names.update(_MESH_REF_RE.findall(value.text))
        for name in names:
            target = by_name.get(name)
            if target is not None:
                pending.append(target)
    kept = []
    for op in block.operations:
        private = op.attributes.get("sym_visibility", "public") == "private"
        if id(op) in live or not (private or op.name == "sdy.mesh"):
            kept.append(op)
        else:
            set_parent(op, None)
    block.operations[:] = kept


_MESH_REF_RE = re.compile(r"@([A-Za-z_$][\w$.\-]*)")


# --- strip-debuginfo ----------------------------------------------------------------------


def strip_debuginfo(module_op: CoreOperation) -> None:
    """Every location becomes unknown: ops' and block arguments'."""
    for op in module_op.walk():
        op._location = None
        for region in op.regions:
            for block in region.blocks:
                for argument in block.arguments:
                    argument.location = None


# --- sdy-lift-inlined-meshes -------------------------------------------------------------


def _find_inlined_meshes(text: str) -> list[tuple[int, int]]:
    """Spans of ``mesh<...>`` (balanced, strings skipped) inside an sdy attribute."""
    spans = []
    start = 0
    while True:
        index = text.find("mesh<", start)
        if index < 0:
            return spans
        before = text[index - 1] if index else ""
        if before.isalnum() or before in "_.#":
            start = index + 5
            continue
        depth = 0
        position = index + 4
        in_string = False
        while position < len(text):
            char = text[position]
            if in_string:
                if char == "\\":
                    position += 1
                elif char == '"':
                    in_string = False
            elif char == '"':
                in_string = True
            elif char == "<":
                depth += 1
            elif char == ">":
                depth -= 1
                if depth == 0:
                    break
            position += 1
        spans.append((index, position + 1))
        start = position + 1


class _MeshLifter:
    """Rewrites inlined meshes into references (a class, not nested closures:
    a recursive closure is a reference cycle, and jax's tests check that a jit
    leaves no cyclic garbage)."""

    def __init__(self, known: dict[Any, str], taken: set[Any]) -> None:
        self.known = known
        self.taken = taken
        self.new_ops: list[CoreOperation] = []
        self.counter = 0

    def name_for(self, mesh_text: str) -> str:
        from jaxlib._src.frontends.shardy import parse_mesh

        mesh = parse_mesh(OpaqueAttribute(mesh_text))
        name = self.known.get(mesh)
        if name is not None:
            return name
        # The reference's names: by kind, then made unique as a symbol table
        # does (``_0``, ``_1``, ... appended).
        if mesh.is_maximal:
            base = f"maximal_mesh_{mesh.device_ids[0]}"
        elif not mesh.axes and not mesh.device_ids:
            base = "empty_mesh"
        else:
            base = "mesh"
        name = base
        while name in self.taken:
            name = f"{base}_{self.counter}"
            self.counter += 1
        self.taken.add(name)
        self.known[mesh] = name
        self.new_ops.append(CoreOperation("sdy.mesh", attributes={
            "sym_name": name, "mesh": OpaqueAttribute(mesh_text[len("mesh"):])}))
        return name

    def lift(self, value: Any) -> Any:
        if isinstance(value, OpaqueAttribute):
            text = value.text
            if not text.startswith("#sdy.") or "mesh<" not in text:
                return value
            spans = _find_inlined_meshes(text)
            if not spans:
                return value
            pieces = []
            last = 0
            for start, end in spans:
                pieces.append(text[last:start])
                pieces.append("@" + self.name_for(text[start:end]))
                last = end
            pieces.append(text[last:])
            return OpaqueAttribute("".join(pieces))
        if isinstance(value, list):
            return [self.lift(v) for v in value]
        if isinstance(value, dict):
            return {k: self.lift(v) for k, v in value.items()}
        return value


def lift_inlined_meshes(module_op: CoreOperation) -> None:
    """Inlined ``mesh<...>`` in sdy shardings become ``@name`` references to
    module-level ``sdy.mesh`` ops (an equal existing mesh is reused; new names
    are ``maximal_mesh_K`` for device K alone, ``empty_mesh`` for a mesh of no
    axes, else ``mesh``, made unique with ``_0``, ``_1``...), as the reference
    pass does."""
    from jaxlib._src.frontends.shardy import parse_mesh

    block = _module_block(module_op)
    mesh_ops = [op for op in block.operations if op.name == "sdy.mesh"]
    known: dict[Any, str] = {}
    for op in mesh_ops:
        try:
            known.setdefault(parse_mesh(op.attributes["mesh"]), op.attributes["sym_name"])
        except ValueError:
            continue
    lifter = _MeshLifter(known, {op.attributes.get("sym_name") for op in block.operations})
    for op in list(block.operations):
        if op.name == "sdy.mesh":
            continue
        for nested in op.walk():
            attributes = nested.attributes
            for key, value in attributes.items():
                if isinstance(value, (OpaqueAttribute, list, dict)):
                    attributes[key] = lifter.lift(value)
    new_ops = lifter.new_ops
    if new_ops:
        position = 0
        for index, op in enumerate(block.operations):
            if op.name == "sdy.mesh":
                position = index + 1
        block.operations[position:position] = new_ops
        for op in new_ops:
            set_parent(op, block)


_FRONTEND = "mhlo.frontend_attributes"
_ROUND_TRIP_SHARDING = "xla.sdy.sharding"
# Round-trip forms of shard_map and sharding constraints, which this pass
# does not rebuild.
_ROUND_TRIP_CALLS_NOT_READ = ("xla.sdy.GlobalToLocalShape", "xla.sdy.LocalToGlobalShape",
                              "xla.sdy.manual_computation_body", "xla.sdy.ShardingGroup")


def _take_frontend(attributes: dict[str, Any], key: str) -> Any:
    """Removes ``key`` from ``attributes``' frontend attributes (and those
    when they are left empty); returns its value, or None."""
    frontend = attributes.get(_FRONTEND)
    if not isinstance(frontend, dict) or key not in frontend:
        return None
    frontend = dict(frontend)
    value = frontend.pop(key)
    if frontend:
        attributes[_FRONTEND] = frontend
    else:
        del attributes[_FRONTEND]
    return value


def _single_sharding(per_value: str) -> OpaqueAttribute:
    """``#sdy.sharding_per_value<[<X>]>`` -> ``#sdy.sharding<X>``."""
    prefix = "#sdy.sharding_per_value<["
    if not (per_value.startswith(prefix) and per_value.endswith("]>")):
        raise MLIRError(f"expected one sharding per value, got {per_value!r}")
    return OpaqueAttribute("#sdy.sharding" + per_value[len(prefix):-2])


def import_shardy_attrs(module_op: CoreOperation) -> None:
    """Exports of jax before mid-2025 stored Shardy's meshes and shardings
    as strings in frontend attributes (``xla.sdy.meshes`` on the module,
    ``xla.sdy.sharding`` on arguments and ops, result shardings on
    ``@xla.sdy.FuncResultSharding`` calls before the return): they become
    ``sdy.mesh`` ops and ``sdy.sharding`` attributes again, as the
    reference pass makes them. shard_map's round-trip form (``@xla.sdy.
    GlobalToLocalShape`` ...) is not rebuilt: a named error."""
    from jaxlib._src.frontends.mlir_text import MlirParser

    block = _module_block(module_op)
    meshes = _take_frontend(module_op.attributes, "xla.sdy.meshes")
    new_meshes = []
    if isinstance(meshes, str):
        try:
            parsed = MlirParser(meshes).parse_attr_dict()
        except ValueError as err:
            raise MLIRError(f"xla.sdy.meshes {meshes!r} does not parse: {err}") from None
        for name, mesh in parsed.items():
            text = getattr(mesh, "text", str(mesh))
            new_meshes.append(CoreOperation("sdy.mesh", attributes={
                "sym_name": name, "mesh": OpaqueAttribute(text.removeprefix("#sdy.mesh"))}))
    for op in block.operations:
        if op.name != "func.func":
            continue
        for attributes in op.attributes.get("arg_attrs") or []:
            sharding = _take_frontend(attributes, _ROUND_TRIP_SHARDING)
            if isinstance(sharding, str):
                attributes["sdy.sharding"] = OpaqueAttribute(sharding)
                attributes.pop("mhlo.sharding", None)
        _import_in_function(op)
    block.operations[0:0] = new_meshes
    for op in new_meshes:
        set_parent(op, block)


def _import_in_function(func: CoreOperation) -> None:
    replaced: dict[int, Any] = {}
    result_shardings: dict[int, OpaqueAttribute] = {}
    for region in func.regions:
        for body in region.blocks:
            kept = []
            for op in body.operations:
                for nested in op.walk():
                    nested.operands = [replaced.get(id(v), v) for v in nested.operands]
                target = op.attributes.get("call_target_name")
                if op.name == "stablehlo.custom_call" and target in _ROUND_TRIP_CALLS_NOT_READ:
                    raise unsupported(f"the pass xla-sdy-round-trip-import-shardy-attrs: "
                                      f"round-trip @{target} calls (an exported shard_map "
                                      "in Shardy's round-trip form)")
                if op.name == "stablehlo.custom_call" and target == "xla.sdy.FuncResultSharding":
                    sharding = _take_frontend(op.attributes, _ROUND_TRIP_SHARDING)
                    if isinstance(sharding, str):
                        result_shardings[id(op.results[0])] = _single_sharding(sharding)
                    replaced[id(op.results[0])] = op.operands[0]
                    continue
                for nested in op.walk():
                    sharding = _take_frontend(nested.attributes, _ROUND_TRIP_SHARDING)
                    if isinstance(sharding, str):
                        nested.attributes["sdy.sharding"] = OpaqueAttribute(sharding)
                        nested.attributes.pop("mhlo.sharding", None)
                if op.name == "func.return":
                    res_attrs = func.attributes.get("res_attrs") or [
                        {} for _ in op.operands]
                    for index, value in enumerate(op.operands):
                        sharding = result_shardings.get(id(value))
                        if sharding is None:
                            source = next((k for k, v in replaced.items() if v is value), None)
                            sharding = result_shardings.get(source) if source else None
                        if sharding is not None and index < len(res_attrs):
                            res_attrs[index] = dict(res_attrs[index])
                            res_attrs[index]["sdy.sharding"] = sharding
                            res_attrs[index].pop("mhlo.sharding", None)
                    if any(res_attrs):
                        func.attributes["res_attrs"] = res_attrs
                kept.append(op)
            body.operations[:] = kept


_PASSES: dict[str, Callable[[CoreOperation], None]] = {
    "symbol-dce": symbol_dce,
    "strip-debuginfo": strip_debuginfo,
    "sdy-lift-inlined-meshes": lift_inlined_meshes,
    "xla-sdy-round-trip-import-shardy-attrs": import_shardy_attrs,
}
_PIPELINE_RE = re.compile(r"\s*builtin\.module\((.*)\)\s*\Z", re.DOTALL)


class PassManager:
    """Runs passes on a builtin.module, in order."""

    __slots__ = ("_passes", "__weakref__")

    def __init__(self, anchor_op: str = "builtin.module", context: Any = None) -> None:
        if anchor_op != "builtin.module":
            raise unsupported(f"a PassManager anchored on {anchor_op}")
        self._passes: list[Callable[[CoreOperation], None]] = []

    @staticmethod
    def parse(pipeline: str, context: Any = None) -> PassManager:
        match = _PIPELINE_RE.match(pipeline)
        if match is None:
            raise ValueError("expected pass pipeline to be wrapped with the anchor operation "
                             f"type, e.g. 'builtin.module(...)': {pipeline!r}")
        manager = PassManager()
        for name in (n.strip() for n in match.group(1).split(",")):
            if not name:
                continue
            if name not in _PASSES:
                raise unsupported(f"the pass {name!r} (this jaxlib runs only "
                                  f"{', '.join(sorted(_PASSES))})")
            manager._passes.append(_PASSES[name])
        return manager

    def add(self, pipeline: str) -> None:
        self._passes += PassManager.parse(f"builtin.module({pipeline})")._passes

    def enable_ir_printing(self, *args: Any, **kwargs: Any) -> None:
        pass

    def enable_verifier(self, enable: bool) -> None:
        pass

    def run(self, operation: Any) -> None:
        module_op = _root(operation)
        for run_pass in self._passes:
            run_pass(module_op)
