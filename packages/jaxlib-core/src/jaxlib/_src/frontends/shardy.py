"""Shardy (``sdy``) sharding attributes: reading them and turning them into
XLA's HloSharding.

The MLIR frontend keeps ``sdy`` attributes verbatim (OpaqueAttribute); this
module parses them on demand into small dataclasses:

* a mesh ``<["x"=2, "y"=2]>`` (optionally ``device_ids=[...]``), as written by
  ``sdy.mesh @name = ...`` or inline as ``mesh<...>`` / ``#sdy.mesh<...>``;
* a tensor sharding ``#sdy.sharding<@mesh, [{"x"}, {"y", ?}], replicated={"z"}>``
  (or its stripped form ``<@mesh, [...]>`` inside per-value lists);
* ``#sdy.sharding_per_value<[<...>, ...]>`` and ``#sdy<manual_axes{"x"}>``.

:func:`to_hlo_sharding` converts a tensor sharding to HloSharding with the rule
the runtime's :class:`NamedSharding` uses (``ir/hlo_sharding.mesh_hlo_sharding``:
dimension tiling in axis order, unused axes as a replicated subgroup, the
mesh's device order), so it is derived once. Sub-axes (``"x":(1)2``) are supported by
splitting each axis into the pieces its sub-axes cut it into.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jaxlib._src.base.errors import invalid_argument
from jaxlib._src.frontends.lexer import Lexer, ParseError
from jaxlib._src.ir.attributes import OpaqueAttribute
from jaxlib._src.ir.hlo_sharding import HloSharding, mesh_hlo_sharding

# The most devices a mesh may name (far above any machine's count).
MAX_MESH_DEVICES = 1 << 20

__all__ = [
    "AxisRef",
    "DimSharding",
    "MeshAxis",
    "SdyMesh",
    "TensorSharding",
    "hlo_sharding_text",
    "parse_manual_axes",
    "parse_mesh",
    "parse_sharding",
    "parse_sharding_per_value",
    "resolve_mesh",
    "to_hlo_sharding",
]


# --- the data -----------------------------------------------------------------------


@dataclass(frozen=True)
class MeshAxis:
    name: str
    size: int


@dataclass(frozen=True)
class SdyMesh:
    """A mesh: named axes, major to minor, and the logical device ids laid
    out over them (``device_ids`` None means iota). No axes with one device
    id is a *maximal* mesh (everything on that device)."""

    axes: tuple[MeshAxis, ...]
    device_ids: tuple[int, ...] | None = None

    @property
    def axis_names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.axes)

    @property
    def axis_sizes(self) -> tuple[int, ...]:
        return tuple(a.size for a in self.axes)

    @property
    def size(self) -> int:
        return math.prod(self.axis_sizes)

    @property
    def is_maximal(self) -> bool:
        return not self.axes and self.device_ids is not None and len(self.device_ids) == 1

    def axis_size(self, name: str) -> int:
        for axis in self.axes:
            if axis.name == name:
                return axis.size
        raise ValueError(f"axis {name!r} is not in the mesh {self.axis_names}")

    def logical_ids(self) -> tuple[int, ...]:
        """The logical device id at each mesh position (row-major)."""
        return self.device_ids if self.device_ids is not None else tuple(range(self.size))


@dataclass(frozen=True)
class AxisRef:
    """A mesh axis, or the sub-axis ``name:(pre_size)size`` of it."""

    name: str
    sub_axis: tuple[int, int] | None = None  # (pre_size, size)

    def __str__(self) -> str:
        if self.sub_axis is None:
            return f'"{self.name}"'
        return f'"{self.name}":({self.sub_axis[0]}){self.sub_axis[1]}'


@dataclass(frozen=True)
class DimSharding:
    """The axes one dimension is split over, major to minor. An open
    dimension (``?``) may be sharded further by propagation; for running a
    program it means the same as closed."""

    axes: tuple[AxisRef, ...] = ()
    is_closed: bool = True
    priority: int | None = None


@dataclass(frozen=True)
class TensorSharding:
    """``mesh`` is a mesh name (``@mesh``) or an inline mesh."""

    mesh: str | SdyMesh
    dims: tuple[DimSharding, ...]
    replicated: tuple[AxisRef, ...] = ()
    unreduced: tuple[AxisRef, ...] = ()


# --- parsing ------------------------------------------------------------------------


class _AttrParser:
    """Reads sdy attribute text with the MLIR lexer's tokens."""

    def __init__(self, text: str):
        self.text = text
        self.lexer = Lexer(text)

    @property
    def token(self) -> Any:
        return self.lexer.token

    def fail(self, message: str) -> ValueError:
        return ValueError(f"cannot read sdy attribute {self.text!r}: {message} at column "
                          f"{self.token.column}")

    def at(self, text: str) -> bool:
        return self.token.text == text and self.token.kind in ("punct", "ident", "hash")

    def accept(self, text: str) -> bool:
        if self.at(text):
            self.lexer.advance()
            return True
        return False

    def expect(self, text: str) -> None:
        if not self.accept(text):
            found = self.token.text or "the end"
            raise self.fail(f"expected {text!r}, found {found!r}")

    def integer(self) -> int:
        if self.token.kind != "int":
            raise self.fail(f"expected an integer, found {self.token.text!r}")
        return int(self.lexer.advance().text)

    def string(self) -> str:
        if self.token.kind != "string":
            raise self.fail(f"expected a quoted axis name, found {self.token.text!r}")
        return self.lexer.advance().text[1:-1]

    def end(self) -> None:
        if self.token.kind != "eof":
            raise self.fail(f"unexpected {self.token.text!r} after the attribute")

    # -- grammar ------------------------------------------------------------------

    def mesh_body(self) -> SdyMesh:
        """``<[axes], device_ids=[...]>`` (the ``<`` is next)."""
        self.expect("<")
        self.expect("[")
        axes = []
        while not self.at("]"):
            name = self.string()
            self.expect("=")
            axes.append(MeshAxis(name, self.integer()))
            if not self.accept(","):
                break
        self.expect("]")
        device_ids = None
        if self.accept(","):
            self.expect("device_ids")
            self.expect("=")
            device_ids = tuple(self.integer_list())
        self.expect(">")
        return _checked_mesh(axes, device_ids, self.fail)

    def integer_list(self) -> list[int]:
        self.expect("[")
        values = []
        while not self.at("]"):
            values.append(self.integer())
            if not self.accept(","):
                break
        self.expect("]")
        return values

    def axis_ref(self) -> AxisRef:
        name = self.string()
        if not self.accept(":"):
            return AxisRef(name)
        self.expect("(")
        pre_size = self.integer()
        self.expect(")")
        return AxisRef(name, (pre_size, self.integer()))

    def axis_list(self) -> tuple[AxisRef, ...]:
        """``{"x", "y":(1)2}``."""
        self.expect("{")
        axes = []
        while not self.at("}"):
            if self.at("?"):
                break
            axes.append(self.axis_ref())
            if not self.accept(","):
                break
        return tuple(axes)

    def dim_sharding(self) -> DimSharding:
        axes = self.axis_list()
        is_closed = not self.accept("?")
        self.expect("}")
        priority = None
        if self.token.kind == "ident" and self.token.text[:1] == "p" \
                and self.token.text[1:].isdigit():
            priority = int(self.lexer.advance().text[1:])
        return DimSharding(axes, is_closed, priority)

    def sharding_body(self) -> TensorSharding:
        """``<@mesh | mesh<...>, [dims], replicated={...}, unreduced={...}>``."""
        self.expect("<")
        mesh: str | SdyMesh
        if self.token.kind == "symbol":
            mesh = _symbol(self.lexer.advance().text)
        elif self.accept("mesh") or self.accept("#sdy.mesh"):
            mesh = self.mesh_body()
        else:
            raise self.fail(f"expected a mesh (@name or mesh<...>), found {self.token.text!r}")
        self.expect(",")
        self.expect("[")
        dims = []
        while not self.at("]"):
            dims.append(self.dim_sharding())
            if not self.accept(","):
                break
        self.expect("]")
        replicated: tuple[AxisRef, ...] = ()
        unreduced: tuple[AxisRef, ...] = ()
        while self.accept(","):
            if self.accept("replicated"):
                self.expect("=")
                replicated = self.axis_list()
                self.expect("}")
            elif self.accept("unreduced"):
                if self.at("<"):  # unreduced<max>: a non-sum reduction
                    raise self.fail("unreduced axes with a reduction kind are not supported")
                self.expect("=")
                unreduced = self.axis_list()
                self.expect("}")
            else:
                raise self.fail(f"expected replicated= or unreduced=, found {self.token.text!r}")
        self.expect(">")
        return TensorSharding(mesh, tuple(dims), replicated, unreduced)


def _symbol(token_text: str) -> str:
    name = token_text[1:]
    return name[1:-1] if name.startswith('"') else name


def _checked_mesh(axes: list[MeshAxis], device_ids: tuple[int, ...] | None, fail) -> SdyMesh:
    names = [a.name for a in axes]
    if len(set(names)) != len(names):
        raise fail(f"duplicate mesh axis names {names}")
    if any(a.size <= 0 for a in axes):
        raise fail("mesh axis sizes must be positive")
    if math.prod(a.size for a in axes) > MAX_MESH_DEVICES:
        # Meshes are enumerated device by device: bound them before that.
        raise fail(f"a mesh of {math.prod(a.size for a in axes)} devices (at most "
                   f"{MAX_MESH_DEVICES})")
    mesh = SdyMesh(tuple(axes), device_ids)
    if device_ids is not None and axes and sorted(device_ids) != list(range(mesh.size)):
        raise fail(f"device_ids {list(device_ids)} are not a permutation of "
                   f"range({mesh.size})")
    if device_ids is not None and not axes and len(device_ids) > 1:
        raise fail("a mesh without axes takes at most one device id")
    return mesh


def _parse(text: str, rule: str) -> Any:
    parser = _AttrParser(text)
    try:
        result = getattr(parser, rule)()
        parser.end()
    except ParseError as err:
        raise ValueError(f"cannot read sdy attribute {text!r}: {err.reason}") from None
    return result


def _text(value: Any) -> str:
    if isinstance(value, OpaqueAttribute):
        return value.text
    if isinstance(value, str):
        return value
    raise ValueError(f"expected an sdy attribute, got {value!r}")


def _strip_prefix(text: str, *prefixes: str) -> str:
    text = text.strip()
    for prefix in prefixes:
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


def parse_mesh(value: Any) -> SdyMesh:
    """``<["x"=2]>``, ``#sdy.mesh<...>`` or ``mesh<...>``."""
    if isinstance(value, SdyMesh):
        return value
    return _parse(_strip_prefix(_text(value), "#sdy.mesh", "mesh"), "mesh_body")


def parse_sharding(value: Any) -> TensorSharding:
    """``#sdy.sharding<...>`` or the stripped ``<...>``."""
    if isinstance(value, TensorSharding):
        return value
    return _parse(_strip_prefix(_text(value), "#sdy.sharding"), "sharding_body")


def parse_sharding_per_value(value: Any) -> list[TensorSharding]:
    """``#sdy.sharding_per_value<[<...>, ...]>``."""
    text = _strip_prefix(_text(value), "#sdy.sharding_per_value")
    parser = _AttrParser(text)
    try:
        parser.expect("<")
        parser.expect("[")
        shardings = []
        while not parser.at("]"):
            shardings.append(parser.sharding_body())
            if not parser.accept(","):
                break
        parser.expect("]")
        parser.expect(">")
        parser.end()
    except ParseError as err:
        raise ValueError(f"cannot read sdy attribute {text!r}: {err.reason}") from None
    return shardings


def parse_manual_axes(value: Any) -> tuple[str, ...]:
    """``#sdy<manual_axes{"x", "y"}>``."""
    text = _text(value).strip()
    if not (text.startswith("#sdy<manual_axes") and text.endswith(">")):
        raise ValueError(f"expected #sdy<manual_axes{{...}}>, got {text!r}")
    parser = _AttrParser(text[len("#sdy<manual_axes"):-1])
    try:
        parser.expect("{")
        names = []
        while not parser.at("}"):
            names.append(parser.string())
            if not parser.accept(","):
                break
        parser.expect("}")
        parser.end()
    except ParseError as err:
        raise ValueError(f"cannot read sdy attribute {text!r}: {err.reason}") from None
    return tuple(names)


def resolve_mesh(sharding: TensorSharding, meshes: dict[str, Any]) -> SdyMesh:
    """The sharding's mesh: inline, or the module's ``sdy.mesh`` of that name."""
    if isinstance(sharding.mesh, SdyMesh):
        return sharding.mesh
    if sharding.mesh not in meshes:
        raise ValueError(f"sharding refers to mesh @{sharding.mesh}, which the module does not "
                         f"define (meshes: {sorted(meshes)})")
    return parse_mesh(meshes[sharding.mesh])


# --- conversion to HloSharding ------------------------------------------------------


def _axis_pieces(mesh: SdyMesh, refs: list[AxisRef]) -> dict[str, list[tuple[int, int]]]:
    """Each axis cut where its referenced sub-axes start and end: pieces as
    (pre_size, size), major to minor. An axis without sub-axes is one piece."""
    cuts: dict[str, set[int]] = {a.name: {1, a.size} for a in mesh.axes}
    for ref in refs:
        if ref.name not in cuts:
            raise ValueError(f"axis {ref.name!r} is not in the mesh {mesh.axis_names}")
        if ref.sub_axis is not None:
            pre_size, size = ref.sub_axis
            total = mesh.axis_size(ref.name)
            if pre_size <= 0 or size <= 1 or total % (pre_size * size):
                raise ValueError(f"sub-axis {ref} does not divide axis {ref.name!r} of size "
                                 f"{total}")
            cuts[ref.name] |= {pre_size, pre_size * size}
    pieces = {}
    for name, points in cuts.items():
        ordered = sorted(points)
        for a, b in zip(ordered, ordered[1:]):
            if b % a:
                raise ValueError(f"the sub-axes of {name!r} overlap without nesting")
        pieces[name] = [(a, b // a) for a, b in zip(ordered, ordered[1:])]
    return pieces


def _piece_names(ref: AxisRef, pieces: dict[str, list[tuple[int, int]]]) -> list[str]:
    own = pieces[ref.name]
    if ref.sub_axis is None:
        chosen = own
    else:
        pre_size, size = ref.sub_axis
        chosen = [(p, s) for p, s in own if p >= pre_size and p * s <= pre_size * size]
    return [f"{ref.name}:({p}){s}" for p, s in chosen]


def to_hlo_sharding(sharding: TensorSharding, rank: int, meshes: dict[str, Any]) -> Any:
    """The HloSharding of a tensor of ``rank`` sharded as ``sharding``; device
    ids are the mesh's logical ids."""
    mesh = resolve_mesh(sharding, meshes)
    if mesh.is_maximal:
        return HloSharding.maximal(mesh.device_ids[0])  # type: ignore[index]
    if len(sharding.dims) != rank:
        raise ValueError(f"sharding has {len(sharding.dims)} dimension shardings for a tensor "
                         f"of rank {rank}")
    if not mesh.axes:  # the empty mesh: nothing is sharded
        return HloSharding.replicate()
    refs = ([r for d in sharding.dims for r in d.axes] + list(sharding.replicated)
            + list(sharding.unreduced))
    pieces = _axis_pieces(mesh, refs)
    names = [f"{a.name}:({p}){s}" for a in mesh.axes for p, s in pieces[a.name]]
    sizes = [s for a in mesh.axes for _, s in pieces[a.name]]
    position = {name: i for i, name in enumerate(names)}
    dim_axes = [[position[n] for ref in dim.axes for n in _piece_names(ref, pieces)]
                for dim in sharding.dims]
    used = [i for axes in dim_axes for i in axes]
    repeated = sorted({names[i] for i in used if used.count(i) > 1})
    if repeated:
        raise ValueError(f"invalid sdy sharding: duplicate entries for `{repeated[0]}` (a mesh "
                         f"axis may shard at most one dimension)")
    unreduced = [position[n] for ref in sharding.unreduced for n in _piece_names(ref, pieces)]
    return mesh_hlo_sharding(sizes, dim_axes, (), mesh.device_ids, unreduced_axes=unreduced)


def hlo_sharding_texts(value: Any, ranks: Sequence[int], meshes: dict[str, Any]) -> list[str]:
    """The HloSharding texts of an ``sdy.sharding`` (one value) or an
    ``sdy.sharding_per_value`` attribute, one per value of ``ranks``; an
    invalid argument error when the attribute is malformed or counts another
    number of values."""
    try:
        if "sharding_per_value" in _text(value):
            shardings = parse_sharding_per_value(value)
        else:
            shardings = [parse_sharding(value)]
        if len(shardings) != len(ranks):
            raise ValueError(f"{len(shardings)} shardings for {len(ranks)} values")
        return [to_hlo_sharding(one, rank, meshes).to_string()
                for one, rank in zip(shardings, ranks)]
    except ValueError as err:
        raise invalid_argument(str(err)) from None


def hlo_sharding_text(value: Any, rank: int, meshes: dict[str, Any]) -> str:
    """The HloSharding text of an ``sdy.sharding`` attribute, as an invalid
    argument error when the attribute is malformed."""
    try:
        return to_hlo_sharding(parse_sharding(value), rank, meshes).to_string()
    except ValueError as err:
        raise invalid_argument(str(err)) from None
