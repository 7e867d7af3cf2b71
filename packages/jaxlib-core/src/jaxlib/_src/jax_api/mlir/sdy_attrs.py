"""Shardy (``sdy``) attribute classes of the MLIR Python API.

The IR keeps sdy attributes as their MLIR text (``OpaqueAttribute``), which
is what the text parser builds and what frontends/shardy.py reads; these
classes build exactly the text MLIR prints for the same attribute, and read
their fields back through frontends/shardy.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from jaxlib._src.frontends import shardy
from jaxlib._src.ir.attributes import OpaqueAttribute
from jaxlib._src.jax_api.mlir import ir


class _SdyAttribute(ir.Attribute):
    """Wraps an OpaqueAttribute whose text starts with ``_PREFIX``."""

    __slots__ = ()
    _PREFIX: ClassVar[str] = ""

    @classmethod
    def _matches(cls, core_value: Any) -> bool:
        return isinstance(core_value, OpaqueAttribute) and core_value.text.startswith(cls._PREFIX)

    @classmethod
    def _of_text(cls, body: str) -> Any:
        return cls._from_core(OpaqueAttribute(cls._PREFIX + body))

    @property
    def _body(self) -> str:
        return self._core.text[len(self._PREFIX):]


def _text_of(attribute: Any, cls: type[_SdyAttribute]) -> str:
    """The text of ``attribute`` (an instance of ``cls`` or any ir.Attribute
    of that kind) without its ``#sdy...`` prefix."""
    core = getattr(attribute, "_core", None)
    if not cls._matches(core):
        raise TypeError(f"expected a {cls.__name__}, got {attribute}")
    return core.text[len(cls._PREFIX):]


def _quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


class MeshAxisAttr(_SdyAttribute):
    _PREFIX = "#sdy<mesh_axis"

    @classmethod
    def get(cls, name: str, size: int, context: Any = None) -> MeshAxisAttr:
        return cls._of_text(f"{_quote(name)}={int(size)}>")

    @property
    def name(self) -> str:
        return self._body.rpartition("=")[0][1:-1]

    @property
    def size(self) -> int:
        return int(self._body.rpartition("=")[2][:-1])


class MeshAttr(_SdyAttribute):
    _PREFIX = "#sdy.mesh<"

    def __init__(self, cast_from: Any) -> None:
        super().__init__(cast_from)
        if not self._core.text.startswith(self._PREFIX):  # the bare form: give it its prefix
            self._core = OpaqueAttribute("#sdy.mesh" + self._core.text)

    @classmethod
    def _matches(cls, core_value: Any) -> bool:
        # A parsed ``sdy.mesh @m = <[...]>`` op holds its mesh as the bare ``<[...]>``.
        return super()._matches(core_value) or (
            isinstance(core_value, OpaqueAttribute) and core_value.text.startswith("<["))

    @classmethod
    def get(cls, mesh_axes: Sequence[Any], device_ids: Sequence[int] = (),
            context: Any = None) -> MeshAttr:
        axes = ", ".join(_text_of(a, MeshAxisAttr)[:-1] for a in mesh_axes)
        body = f"[{axes}]"
        if len(device_ids):
            body += ", device_ids=[" + ", ".join(str(int(d)) for d in device_ids) + "]"
        return cls._of_text(body + ">")

    def _parsed(self) -> Any:
        return shardy.parse_mesh(self._core)

    @property
    def axes(self) -> list[MeshAxisAttr]:
        return [MeshAxisAttr.get(a.name, a.size) for a in self._parsed().axes]

    @property
    def device_ids(self) -> list[int]:
        return list(self._parsed().device_ids or ())


class SubAxisInfoAttr(_SdyAttribute):
    _PREFIX = "#sdy<sub_axis_info"

    @classmethod
    def get(cls, pre_size: int, size: int, context: Any = None) -> SubAxisInfoAttr:
        return cls._of_text(f"({int(pre_size)}){int(size)}>")


class AxisRefAttr(_SdyAttribute):
    _PREFIX = "#sdy<axis_ref"

    @classmethod
    def get(cls, name: str, sub_axis_info: Any = None, context: Any = None) -> AxisRefAttr:
        sub = "" if sub_axis_info is None else ":" + _text_of(sub_axis_info, SubAxisInfoAttr)[:-1]
        return cls._of_text(f"{_quote(name)}{sub}>")

    @property
    def name(self) -> str:
        body = self._body[:-1]
        return body[1:body.index('"', 1)]


def _axis_list(axes: Sequence[Any]) -> str:
    return "{" + ", ".join(_text_of(a, AxisRefAttr)[:-1] for a in axes) + "}"


class DimensionShardingAttr(_SdyAttribute):
    _PREFIX = "#sdy<dimension_sharding"

    @classmethod
    def get(cls, axes: Sequence[Any], is_closed: bool, priority: int | None = None,
            context: Any = None) -> DimensionShardingAttr:
        items = [_text_of(a, AxisRefAttr)[:-1] for a in axes]
        if not is_closed:
            items.append("?")
        suffix = "" if priority is None else f"p{int(priority)}"
        return cls._of_text("{" + ", ".join(items) + "}" + suffix + ">")

    @property
    def is_closed(self) -> bool:
        return "?" not in self._body.rpartition("}")[0]

    @property
    def axes(self) -> list[AxisRefAttr]:
        # Read through the sharding parser: a one-dimension sharding on a named mesh.
        (dim,) = shardy.parse_sharding(f"<@m, [{self._body[:-1]}]>").dims
        return [_axis_ref(a) for a in dim.axes]


class TensorShardingAttr(_SdyAttribute):
    _PREFIX = "#sdy.sharding<"

    @classmethod
    def get(cls, mesh_or_ref: Any, dimension_shardings: Sequence[Any],
            replicated_axes: Sequence[Any] = (), unreduced_axes: Sequence[Any] = (),
            context: Any = None) -> TensorShardingAttr:
        if isinstance(mesh_or_ref, str):
            mesh = "@" + mesh_or_ref
        elif isinstance(mesh_or_ref, ir.Attribute) and isinstance(
                getattr(mesh_or_ref, "_core", None), OpaqueAttribute) and \
                mesh_or_ref._core.text.startswith("#sdy.mesh<"):
            mesh = mesh_or_ref._core.text[len("#sdy."):]
        elif isinstance(mesh_or_ref, ir.Attribute) and isinstance(mesh_or_ref._core, str):
            mesh = "@" + mesh_or_ref._core  # a StringAttr / FlatSymbolRefAttr name
        else:
            mesh = "@" + str(getattr(getattr(mesh_or_ref, "_core", None), "name", mesh_or_ref))
        dims = ", ".join(_text_of(d, DimensionShardingAttr)[:-1] for d in dimension_shardings)
        body = f"{mesh}, [{dims}]"
        if len(replicated_axes):
            body += ", replicated=" + _axis_list(replicated_axes)
        if len(unreduced_axes):
            body += ", unreduced=" + _axis_list(unreduced_axes)
        return cls._of_text(body + ">")

    def _parsed(self) -> Any:
        return shardy.parse_sharding(self._core)

    @property
    def replicated_axes(self) -> list[AxisRefAttr]:
        return [_axis_ref(a) for a in self._parsed().replicated]

    @property
    def unreduced_axes(self) -> list[AxisRefAttr]:
        return [_axis_ref(a) for a in self._parsed().unreduced]

    @property
    def dimension_shardings(self) -> list[DimensionShardingAttr]:
        return [DimensionShardingAttr.get([_axis_ref(a) for a in d.axes], d.is_closed, d.priority)
                for d in self._parsed().dims]


def _axis_ref(ref: Any) -> AxisRefAttr:
    sub = None if ref.sub_axis is None else SubAxisInfoAttr.get(*ref.sub_axis)
    return AxisRefAttr.get(ref.name, sub)


class TensorShardingPerValueAttr(_SdyAttribute):
    _PREFIX = "#sdy.sharding_per_value<"

    @classmethod
    def get(cls, shardings: Sequence[Any], context: Any = None) -> TensorShardingPerValueAttr:
        items = ", ".join("<" + _text_of(s, TensorShardingAttr) for s in shardings)
        return cls._of_text(f"[{items}]>")

    @property
    def shardings(self) -> list[TensorShardingAttr]:
        return [TensorShardingAttr._of_text(_sharding_body(s))
                for s in shardy.parse_sharding_per_value(self._core)]


def _sharding_body(sharding: Any) -> str:
    # Re-print a parsed sharding in the attribute's own syntax.
    mesh = sharding.mesh
    if isinstance(mesh, str):
        mesh_text = "@" + mesh
    else:
        axes = ", ".join(f"{_quote(a.name)}={a.size}" for a in mesh.axes)
        ids = "" if not mesh.device_ids else ", device_ids=[" + ", ".join(
            str(d) for d in mesh.device_ids) + "]"
        mesh_text = f"mesh<[{axes}]{ids}>"
    attr = TensorShardingAttr.get(
        mesh_text[1:] if mesh_text.startswith("@") else MeshAttr._of_text(mesh_text[5:]),
        [DimensionShardingAttr.get([_axis_ref(a) for a in d.axes], d.is_closed, d.priority)
         for d in sharding.dims],
        [_axis_ref(a) for a in sharding.replicated], [_axis_ref(a) for a in sharding.unreduced])
    return attr._body


class ManualAxesAttr(_SdyAttribute):
    _PREFIX = "#sdy<manual_axes"

    @classmethod
    def get(cls, manual_axes: Sequence[Any], context: Any = None) -> ManualAxesAttr:
        names = []
        for axis in manual_axes:
            core = getattr(axis, "_core", axis)
            if not isinstance(core, str):
                raise TypeError(f"manual axes are StringAttrs, got {axis}")
            names.append(_quote(core))
        return cls._of_text("{" + ", ".join(names) + "}>")

    def __len__(self) -> int:
        return len(shardy.parse_manual_axes(self._core))


_FACTOR_LETTERS = "ijklmnopqrstuvwxyz"


def _factor(index: int) -> str:
    if index < len(_FACTOR_LETTERS):
        return _FACTOR_LETTERS[index]
    return f"z_{index - len(_FACTOR_LETTERS) + 1}"


class DimMappingAttr(_SdyAttribute):
    _PREFIX = "#sdy.dim_mapping"

    @classmethod
    def get(cls, factor_indices: Sequence[int], context: Any = None) -> DimMappingAttr:
        return cls._of_text("".join(_factor(int(i)) for i in factor_indices))


class TensorMappingAttr(_SdyAttribute):
    _PREFIX = "#sdy<tensor_mapping"

    @classmethod
    def get(cls, dim_mappings: Sequence[Any], context: Any = None) -> TensorMappingAttr:
        dims = ", ".join(_text_of(d, DimMappingAttr) for d in dim_mappings)
        return cls._of_text(f"[{dims}]>")


class OpShardingRuleAttr(_SdyAttribute):
    _PREFIX = "#sdy.op_sharding_rule<"

    @classmethod
    def get(cls, factor_sizes: Sequence[int], operand_mappings: Sequence[Any],
            result_mappings: Sequence[Any], reduction_factors: Sequence[int] = (),
            need_replication_factors: Sequence[int] = (), permutation_factors: Sequence[int] = (),
            blocked_propagation_factors: Sequence[int] = (), is_custom: bool = False,
            context: Any = None) -> OpShardingRuleAttr:
        def mappings(values: Sequence[Any]) -> str:
            return "(" + ", ".join(_text_of(v, TensorMappingAttr)[:-1] for v in values) + ")"

        body = mappings(operand_mappings) + "->" + mappings(result_mappings)
        body += " {" + ", ".join(f"{_factor(i)}={int(s)}" for i, s in enumerate(factor_sizes))
        body += "}"
        for label, factors in (("reduction", reduction_factors),
                               ("need_replication", need_replication_factors),
                               ("permutation", permutation_factors),
                               ("blocked_propagation", blocked_propagation_factors)):
            if len(factors):
                body += f" {label}={{" + ", ".join(_factor(int(f)) for f in factors) + "}"
        if is_custom:
            body += ", custom"
        return cls._of_text(body + ">")


class CompatibilityRequirement:
    NONE = "NONE"
    WEEK_4 = "WEEK_4"
    WEEK_12 = "WEEK_12"
    MAX = "MAX"


def register_wrappers() -> None:
    for cls in (MeshAxisAttr, MeshAttr, SubAxisInfoAttr, AxisRefAttr, DimensionShardingAttr,
                TensorShardingPerValueAttr, TensorShardingAttr, ManualAxesAttr, DimMappingAttr,
                TensorMappingAttr, OpShardingRuleAttr):
        ir.register_attribute_wrapper(cls._matches, cls)


register_wrappers()
