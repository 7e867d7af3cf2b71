"""Shardy's (``sdy``) attributes in MLIR bytecode, decoded to their text.

This IR keeps Shardy attributes as their MLIR text (``OpaqueAttribute``,
read by ``shardy.py`` where shardings matter), so the codec renders each
encoded attribute as the text Shardy prints: ``#sdy.sharding<@mesh, [{"x"},
{}]>``, ``#sdy.mesh<["x"=2]>``, ``#sdy.sharding_per_value<[...]>``,
``#sdy<manual_axes{"x"}>``, ``#sdy.op_sharding_rule<...>``. It also gives the
property layouts of the Shardy ops a StableHLO artifact may hold (meshes,
sharding constraints, manual computations).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jaxlib._src.frontends.mlir_bytecode import (
    PROPERTY_LAYOUTS,
    DialectCodec,
    DialectReader,
    ods_properties,
    register_dialect_codec,
)
from jaxlib._src.ir.attributes import OpaqueAttribute, SymbolRef
from jaxlib._src.ir.printer import format_string


@dataclass(frozen=True)
class SdyPart(OpaqueAttribute):
    """An attribute of Shardy's: ``text`` is how it prints standing alone,
    ``inner`` how it prints inside another (``<...>`` without the prefix)."""

    inner: str = ""


def _part(prefix: str, inner: str) -> SdyPart:
    return SdyPart(prefix + inner, inner)


def _inner(r: DialectReader, value: Any) -> str:
    if isinstance(value, SdyPart):
        return value.inner
    raise r.error(f"expected a Shardy attribute, got {value!r}")


def _references(r: DialectReader) -> list[str]:
    return [_inner(r, r.attribute()) for _ in range(r.varint())]


def _manual_axes(r: DialectReader) -> Any:
    names = [r.attribute() for _ in range(r.varint())]
    return _part("#sdy<manual_axes", "{" + ", ".join(format_string(n) for n in names) + "}>")


def _mesh_axis(r: DialectReader) -> Any:
    name = r.string()
    return _part("", f"{format_string(name)}={r.signed_varint()}")


def _mesh(r: DialectReader) -> Any:
    axes = _references(r)
    device_ids = [r.signed_varint() for _ in range(r.varint())]
    text = "<[" + ", ".join(axes) + "]"
    if device_ids:
        text += ", device_ids=[" + ", ".join(map(str, device_ids)) + "]"
    return _part("#sdy.mesh", text + ">")


def _sub_axis_info(r: DialectReader) -> Any:
    pre_size = r.signed_varint()
    return _part("", f"({pre_size}){r.signed_varint()}")


def _axis_ref(r: DialectReader) -> Any:
    name = format_string(r.string())
    sub = r.optional_attribute()
    return _part("", name if sub is None else f"{name}:{_inner(r, sub)}")


def _dimension_sharding(r: DialectReader) -> Any:
    axes = _references(r)
    is_closed = bool(r.byte())
    priority, has_priority = r.reader.varint_with_flag()
    text = "{" + ", ".join(axes)
    if not is_closed:
        text += ", ?" if axes else "?"
    text += "}"
    if has_priority:
        text += f"p{priority}"
    return _part("", text)


_REDUCTIONS = ("sum", "max", "min", "product")


def _tensor_sharding(version: int) -> Any:
    def read(r: DialectReader) -> Any:
        mesh = r.attribute()
        if isinstance(mesh, SymbolRef):
            mesh_text = "@" + mesh.name
        elif isinstance(mesh, SdyPart):
            mesh_text = "mesh" + mesh.inner
        else:
            raise r.error(f"a sharding's mesh is {mesh!r}")
        dims = _references(r)
        replicated = _references(r)
        unreduced = _references(r) if version >= 2 else []
        reduction = r.signed_varint() if version >= 3 else 0
        text = f"<{mesh_text}, [" + ", ".join(dims) + "]"
        if replicated:
            text += ", replicated={" + ", ".join(replicated) + "}"
        if unreduced:
            kind = "" if reduction == 0 else f"<{_REDUCTIONS[reduction % len(_REDUCTIONS)]}>"
            text += f", unreduced{kind}={{" + ", ".join(unreduced) + "}"
        return _part("#sdy.sharding", text + ">")
    return read


def _sharding_per_value(r: DialectReader) -> Any:
    return _part("#sdy.sharding_per_value", "<[" + ", ".join(_references(r)) + "]>")


def _factor(index: int) -> str:
    return chr(ord("i") + index) if index < 18 else f"z_{index - 17}"


def _dim_mapping(r: DialectReader) -> Any:
    return _part("", "".join(_factor(f) for f in r.signed_varints()))


def _tensor_mapping(r: DialectReader) -> Any:
    return _part("", "[" + ", ".join(_references(r)) + "]")


def _sharding_rule(r: DialectReader) -> Any:
    sizes = r.signed_varints()
    operands = _references(r)
    results = _references(r)
    groups = [("reduction", r.signed_varints()), ("need_replication", r.signed_varints()),
              ("permutation", r.signed_varints()), ("blocked_propagation", r.signed_varints())]
    custom = bool(r.byte())
    text = f"<({', '.join(operands)})->({', '.join(results)})"
    text += " {" + ", ".join(f"{_factor(i)}={s}" for i, s in enumerate(sizes)) + "}"
    for name, factors in groups:
        if factors:
            text += f" {name}={{" + ", ".join(_factor(f) for f in factors) + "}"
    if custom:
        text += ", custom"
    return _part("#sdy.op_sharding_rule", text + ">")


def _axis_ref_list(r: DialectReader) -> Any:
    return _part("#sdy<axis_ref_list", "{" + ", ".join(_references(r)) + "}>")


def _list_of_axis_ref_lists(r: DialectReader) -> Any:
    lists = [_inner(r, r.attribute()).removesuffix(">") for _ in range(r.varint())]
    return _part("#sdy<list_of_axis_ref_lists", "[" + ", ".join(lists) + "]>")


def _all_to_all_param(r: DialectReader) -> Any:
    axes = _references(r)
    source = r.signed_varint()
    return _part("", "{" + ", ".join(axes) + f"}}: {source}->{r.signed_varint()}")


def _all_to_all_params(r: DialectReader) -> Any:
    return _part("#sdy<all_to_all_param_list", "[" + ", ".join(_references(r)) + "]>")


# Attribute codes of Shardy's bytecode, in code order.
_ATTRIBUTES = (
    _manual_axes, _mesh_axis, _mesh, _sub_axis_info, _axis_ref, _dimension_sharding,
    _tensor_sharding(1), _sharding_per_value, _dim_mapping, _tensor_mapping, _sharding_rule,
    _axis_ref_list, _list_of_axis_ref_lists, _all_to_all_param, _all_to_all_params,
    _tensor_sharding(2), _sharding_per_value, _tensor_sharding(3),
)


def read_attribute(r: DialectReader) -> Any:
    code = r.varint()
    if code >= len(_ATTRIBUTES):
        raise r.error(f"unknown Shardy attribute code {code}")
    return _ATTRIBUTES[code](r)


def read_type(r: DialectReader) -> Any:
    raise r.error("Shardy has no encoded types")


register_dialect_codec("sdy", DialectCodec(read_attribute, read_type))

for _name, _required, _optional in (
        ("mesh", ("mesh", "sym_name"), ()),
        ("sharding_constraint", ("sharding",), ()),
        ("reshard", ("sharding",), ()),
        ("manual_computation", ("in_shardings", "manual_axes", "out_shardings"), ()),
        ("sharding_group", ("group_id",), ()),
        ("propagation_barrier", ("allowed_direction",), ()),
        ("named_computation", ("name",), ("in_shardings", "out_shardings")),
        ("return", (), ())):
    PROPERTY_LAYOUTS[f"sdy.{_name}"] = ods_properties(_required, _optional)
