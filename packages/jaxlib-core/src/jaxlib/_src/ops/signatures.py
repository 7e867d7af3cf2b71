"""Builder signatures of ops (ODS style) and the result-type inference rules
the generated MLIR Python builders use when the caller gives no result types.

An op declares its signature once, in its own ``define_op`` call, as a
compact spec string (``signature="lhs, rhs => result"``) that
:func:`parse_signature` turns into an :class:`OpSignature` (stored on the
OpDef). Grammar::

    [ClassName:] ARGS (-> | =>) RESULTS [{REGIONS}]

* ARGS, in the builder's parameter order (required ones first, the optional
  ones after: they become keyword-only): an operand ``x`` (one value),
  ``x?`` (optional), ``x*`` (variadic), ``x**`` (a variadic group recorded
  in ``operandSegmentSizes``); an attribute ``x: Kind`` or ``x: Kind?``
  (optional), ``x: Kind? = default`` (an optional attribute with a default
  value -- ``false``, ``true``, an integer or ``[]`` -- which a builder does
  not store, as MLIR's printer elides it and the parser then never sees it),
  ``py=attr: Kind`` when the Python name differs. Kinds say how
  a raw Python value converts (see :data:`ATTRIBUTE_KINDS`); ``Attr`` takes
  only an attribute object.
* ``->``: the caller passes result types (first parameters); ``=>``: they may
  be omitted (``results=None``) and come from the op's ``infer`` rule.
* RESULTS: ``r``, ``r?``, ``r*``, ``r**`` like operands.
* REGIONS: names; a trailing ``name*`` is a variadic list whose count is the
  builder parameter ``num_name``.
* ClassName: the OpView class name when it is not the CamelCase of the op
  name plus ``Op`` (``MulOp`` for ``stablehlo.multiply``).

Inference rules take ``(operands, attributes)`` -- the core Values (so a rule
may read a constant operand, as ``stablehlo.rng`` needs) and the core
attribute values -- and return the list of result core types.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jaxlib._src.ir.attributes import DenseElements
from jaxlib._src.ir.types import TensorType, TokenType, TupleType, complex_part_type, is_complex

# Attribute kinds whose raw Python values a builder converts (the rest must be
# attribute objects already): kind -> what the raw value is.
ATTRIBUTE_KINDS: dict[str, str] = {
    "I64": "int -> 64-bit signless IntegerAttr",
    "I32": "int -> 32-bit signless IntegerAttr",
    "F32": "float -> f32 FloatAttr",
    "Bool": "bool -> BoolAttr",
    "Str": "str -> StringAttr",
    "SymbolName": "str -> StringAttr",
    "FlatSymbolRef": "str -> FlatSymbolRefAttr",
    "DenseI64Array": "ints -> DenseI64ArrayAttr",
    "DenseBoolArray": "bools -> DenseBoolArrayAttr",
    "Array": "attributes -> ArrayAttr",
    "Dict": "dict of attributes -> DictAttr",
    "I64Elements": "int array -> dense i64 tensor",
    "Unit": "truthy -> UnitAttr (present), falsy -> absent",
    "Attr": "an attribute object only",
}

SINGLE, OPTIONAL, VARIADIC, SEGMENT = "single", "optional", "variadic", "segment"
_ARITY = {"": SINGLE, "?": OPTIONAL, "*": VARIADIC, "**": SEGMENT}


@dataclass(frozen=True)
class Operand:
    name: str
    arity: str = SINGLE


@dataclass(frozen=True)
class Attribute:
    name: str  # the builder's parameter name
    attr_name: str  # the key in the op's attribute dict
    kind: str
    optional: bool = False
    default: Any = None  # the value not stored (None: every given value is)


@dataclass(frozen=True)
class Result:
    name: str
    arity: str = SINGLE


@dataclass(frozen=True)
class OpSignature:
    """How the MLIR Python builder of an op is called (see module docs)."""

    arguments: tuple[Operand | Attribute, ...]
    results: tuple[Result, ...]
    results_inferred: bool
    regions: tuple[str, ...] = ()
    variadic_regions: bool = False
    class_name: str | None = None

    @property
    def operands(self) -> tuple[Operand, ...]:
        return tuple(a for a in self.arguments if isinstance(a, Operand))

    @property
    def attributes(self) -> tuple[Attribute, ...]:
        return tuple(a for a in self.arguments if isinstance(a, Attribute))

    @property
    def has_operand_segments(self) -> bool:
        return any(o.arity == SEGMENT for o in self.operands)

    @property
    def has_result_segments(self) -> bool:
        return any(r.arity == SEGMENT for r in self.results)

    def is_optional(self, argument: Operand | Attribute) -> bool:
        if isinstance(argument, Operand):
            return argument.arity == OPTIONAL
        return argument.optional

    def parameters(self) -> tuple[list[str], list[str]]:
        """(positional, keyword-only) builder parameter names, without
        ``results``/``loc``/``ip``."""
        positional = [] if self.results_inferred else [r.name for r in self.results]
        keyword: list[str] = []
        for argument in self.arguments:
            (keyword if self.is_optional(argument) else positional).append(argument.name)
        if self.variadic_regions:
            positional.append("num_" + self.regions[-1])
        return positional, keyword


_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_ARG_RE = re.compile(rf"\s*({_NAME})(?:=({_NAME}))?\s*(?::\s*({_NAME})\s*(\??)"
                     rf"(?:\s*=\s*(false|true|-?\d+|\[\]))?|(\*\*|\*|\?)?)\s*\Z")
_DEFAULTS = {"false": False, "true": True, "[]": []}


def _split(text: str) -> list[str]:
    return [part for part in (p.strip() for p in text.split(",")) if part]


def parse_signature(spec: str) -> OpSignature:
    """Parses the compact spec (module docs); raises ValueError naming the
    bad part."""
    text = spec.strip()
    class_name = None
    head = re.match(r"([A-Z][A-Za-z0-9_]*)\s*:", text)  # parameters are lower case
    if head:
        class_name = head.group(1)
        text = text[head.end():]
    regions: list[str] = []
    variadic_regions = False
    if text.endswith("}"):
        text, _, region_text = text[:-1].rpartition("{")
        for i, name in enumerate(_split(region_text)):
            if name.endswith("*"):
                if i != len(_split(region_text)) - 1:
                    raise ValueError(f"{spec!r}: only the last region list may be variadic")
                variadic_regions = True
                name = name[:-1]
            regions.append(name)
    inferred = "=>" in text
    args_text, sep, results_text = text.partition("=>" if inferred else "->")
    if not sep:
        raise ValueError(f"{spec!r}: expected '->' or '=>'")
    arguments: list[Operand | Attribute] = []
    for item in _split(args_text):
        m = _ARG_RE.match(item)
        if not m:
            raise ValueError(f"{spec!r}: cannot read argument {item!r}")
        name, attr_name, kind, attr_optional, default, arity = m.groups()
        if kind is not None:
            if kind not in ATTRIBUTE_KINDS:
                raise ValueError(f"{spec!r}: unknown attribute kind {kind!r}")
            if default is not None and not attr_optional:
                raise ValueError(f"{spec!r}: {name} has a default, so it must be optional")
            value = None if default is None else _DEFAULTS.get(default, None)
            if default is not None and value is None:
                value = int(default)
            arguments.append(Attribute(name, attr_name or name, kind,
                                       bool(attr_optional) or kind == "Unit", value))
        else:
            arguments.append(Operand(name, _ARITY[arity or ""]))
    results = []
    for item in _split(results_text):
        m = re.fullmatch(rf"({_NAME})(\*\*|\*|\?)?", item)
        if not m:
            raise ValueError(f"{spec!r}: cannot read result {item!r}")
        results.append(Result(m.group(1), _ARITY[m.group(2) or ""]))
    return OpSignature(tuple(arguments), tuple(results), inferred, tuple(regions),
                       variadic_regions, class_name)


_PARSED: dict[str, OpSignature] = {}


def signature_of(op_def: Any) -> OpSignature | None:
    """``op_def.signature`` as an OpSignature (spec strings parsed once)."""
    signature = op_def.signature
    if isinstance(signature, str):
        if signature not in _PARSED:
            _PARSED[signature] = parse_signature(signature)
        return _PARSED[signature]
    return signature


def is_default_value(core: Any, default: Any) -> bool:
    """Whether an attribute's core value is its ODS default (``false`` is not
    the integer 0, nor ``[]`` an empty string)."""
    if isinstance(default, bool):
        return isinstance(core, bool) and core == default
    if isinstance(default, list):
        return isinstance(core, list) and core == default
    return isinstance(core, int) and not isinstance(core, bool) and core == default


_DEFAULTS_BY_OP: dict[str, dict[str, Any]] = {}


def attribute_defaults(op_name: str) -> dict[str, Any]:
    """attribute name -> ODS default value, for the op's attributes that have
    one (empty for ops without a signature)."""
    defaults = _DEFAULTS_BY_OP.get(op_name)
    if defaults is None:
        from jaxlib._src.ir.core import OP_DEFS

        op_def = OP_DEFS.get(op_name)
        signature = signature_of(op_def) if op_def is not None else None
        defaults = {} if signature is None else {
            a.attr_name: a.default for a in signature.attributes if a.default is not None}
        _DEFAULTS_BY_OP[op_name] = defaults
    return defaults


# --- inference rules -------------------------------------------------------------

Infer = Callable[[Sequence[Any], dict[str, Any]], list[Any]]


class InferenceError(ValueError):
    """Result types cannot be worked out from the operands and attributes."""


def _tensor(value: Any, what: str) -> TensorType:
    t = value.type
    if not isinstance(t, TensorType):
        raise InferenceError(f"{what} must be a tensor, got {t}")
    return t


def _with_element(t: TensorType, element_type: Any) -> TensorType:
    return TensorType(t.shape, element_type, t.encoding)


def same_as_operand(index: int = 0) -> Infer:
    """One result of operand ``index``'s type."""
    def infer(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
        return [operands[index].type]
    return infer


def same_as_operands(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    """One result per operand, of its type (optimization_barrier, identities)."""
    return [v.type for v in operands]


def elementwise(rule: Callable[[Any], Any], operand: int = 0) -> Infer:
    """Shape of operand ``operand``, element type ``rule(its element type)``."""
    def infer(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
        t = _tensor(operands[operand], "operand")
        return [_with_element(t, rule(t.element_type))]
    return infer


def part_type(element_type: Any) -> Any:
    return complex_part_type(element_type) if isinstance(element_type, str) and \
        is_complex(element_type) else element_type


def token_result(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    return [TokenType()]


def scalar_result(element_type: str) -> Infer:
    def infer(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
        return [TensorType((), element_type)]
    return infer


def infer_constant(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    value = attributes["value"]
    if not isinstance(value, DenseElements):
        raise InferenceError(f"constant value {value!r} has no tensor type")
    return [value.type]


def infer_tuple(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    return [TupleType(tuple(v.type for v in operands))]


def infer_get_tuple_element(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    t = operands[0].type
    if not isinstance(t, TupleType):
        raise InferenceError(f"get_tuple_element operand must be a tuple, got {t}")
    return [t.types[int(attributes["index"])]]


def infer_select(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    return [operands[1].type]


def _dims(values: Any) -> list[int]:
    return [int(v) for v in values]


def infer_slice(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    t = _tensor(operands[0], "operand")
    starts, limits = _dims(attributes["start_indices"]), _dims(attributes["limit_indices"])
    strides = _dims(attributes["strides"])
    shape = tuple(max(0, -(-(hi - lo) // st)) for lo, hi, st in zip(starts, limits, strides))
    return [TensorType(shape, t.element_type)]


def infer_dynamic_slice(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    t = _tensor(operands[0], "operand")
    return [TensorType(tuple(_dims(attributes["slice_sizes"])), t.element_type)]


def infer_concatenate(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    types = [_tensor(v, "input") for v in operands]
    if not types:
        raise InferenceError("concatenate needs at least one input")
    dim = int(attributes["dimension"])
    sizes = [t.shape[dim] for t in types]
    total = None if None in sizes else sum(sizes)  # type: ignore[arg-type]
    shape = list(types[0].shape)
    shape[dim] = total
    return [TensorType(tuple(shape), types[0].element_type)]


def infer_transpose(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    t = _tensor(operands[0], "operand")
    perm = _dims(attributes["permutation"])
    return [TensorType(tuple(t.shape[p] for p in perm), t.element_type)]


def infer_pad(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    t = _tensor(operands[0], "operand")
    low, high = _dims(attributes["edge_padding_low"]), _dims(attributes["edge_padding_high"])
    interior = _dims(attributes["interior_padding"])
    shape = tuple(None if d is None else lo + hi + d + max(d - 1, 0) * it
                  for d, lo, hi, it in zip(t.shape, low, high, interior))
    return [TensorType(shape, t.element_type)]


def infer_broadcast(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    t = _tensor(operands[0], "operand")
    return [TensorType(tuple(_dims(attributes["broadcast_sizes"])) + t.shape, t.element_type)]


def infer_fft(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    t = _tensor(operands[0], "operand")
    kind = attributes["fft_type"].value
    lengths = _dims(attributes["fft_length"])
    shape = list(t.shape)
    if kind == "RFFT":
        shape[-1] = lengths[-1] // 2 + 1
        element = {"f32": "complex<f32>", "f64": "complex<f64>"}[t.element_type]
    elif kind == "IRFFT":
        shape[-1] = lengths[-1]
        element = part_type(t.element_type)
    else:
        element = t.element_type
    return [TensorType(tuple(shape), element)]


def infer_gather(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    """StableHLO's gather shape rule: batch dims of the indices (without the
    index vector dim) interleaved with the kept slice dims at offset_dims."""
    operand = _tensor(operands[0], "operand")
    indices = _tensor(operands[1], "start_indices")
    dnums = attributes["dimension_numbers"]
    if "slice_sizes" in attributes:
        sizes = _dims(attributes["slice_sizes"])
    else:  # dynamic_gather: the sizes are a constant operand
        sizes = _constant_ints(operands[2], "slice_sizes")
    batch = list(indices.shape)
    if dnums.index_vector_dim < len(batch):
        del batch[dnums.index_vector_dim]
    dropped = set(dnums.collapsed_slice_dims) | set(dnums.operand_batching_dims)
    kept = [s for d, s in enumerate(sizes) if d not in dropped]
    rank = len(batch) + len(kept)
    offsets = set(dnums.offset_dims)
    shape, b, k = [], iter(batch), iter(kept)
    for d in range(rank):
        shape.append(next(k) if d in offsets else next(b))
    return [TensorType(tuple(shape), operand.element_type)]


def _constant_ints(value: Any, what: str) -> list[int]:
    owner = value.owner
    attributes = getattr(owner, "attributes", None) or {}
    constant = attributes.get("value")
    if getattr(owner, "name", None) != "stablehlo.constant" or not isinstance(constant,
                                                                                DenseElements):
        raise InferenceError(f"{what} must come from a stablehlo.constant to infer the result "
                             "type; pass results=[...]")
    return [int(v) for v in constant.array.reshape(-1)]


def infer_rng(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    a = _tensor(operands[0], "a")
    return [TensorType(tuple(_constant_ints(operands[2], "shape")), a.element_type)]


def infer_get_dimension_size(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    return [TensorType((), "i32")]


def infer_all_to_all(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    split, concat = int(attributes["split_dimension"]), int(attributes["concat_dimension"])
    count = int(attributes["split_count"])
    out = []
    for v in operands:
        t = _tensor(v, "operand")
        shape = list(t.shape)
        shape[split] = None if shape[split] is None else shape[split] // count
        shape[concat] = None if shape[concat] is None else shape[concat] * count
        out.append(TensorType(tuple(shape), t.element_type))
    return out


def infer_top_k(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    t = _tensor(operands[0], "operand")
    shape = t.shape[:-1] + (int(attributes["k"]),)
    return [TensorType(shape, t.element_type), TensorType(shape, "i32")]


def infer_batch_norm_training(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    t = _tensor(operands[0], "operand")
    feature = TensorType((t.shape[int(attributes["feature_index"])],), t.element_type)
    return [t, feature, feature]


def infer_batch_norm_grad(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    t = _tensor(operands[0], "operand")
    feature = TensorType((t.shape[int(attributes["feature_index"])],), t.element_type)
    return [t, feature, feature]


def no_results(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
    return []


def broadcast_shapes(shapes: Sequence[tuple], dims: Any = None) -> tuple:
    """numpy-style broadcast of ranked shapes (``dims`` places a lower-rank
    operand, as CHLO's broadcast_dimensions does)."""
    rank = max(len(s) for s in shapes)
    expanded = []
    for s in shapes:
        if len(s) == rank:
            expanded.append(tuple(s))
        elif dims is not None and len(s) < rank and len(dims) == len(s):
            full = [1] * rank
            for d, size in zip(dims, s):
                full[int(d)] = size
            expanded.append(tuple(full))
        else:
            expanded.append((1,) * (rank - len(s)) + tuple(s))
    out = []
    for sizes in zip(*expanded):
        known = {d for d in sizes if d is not None and d != 1}
        if len(known) > 1:
            raise InferenceError(f"shapes {list(shapes)} do not broadcast")
        out.append(known.pop() if known else (None if None in sizes else 1))
    return tuple(out)


def broadcasting(rule: Callable[[Any], Any], element_operand: int = 0) -> Infer:
    """CHLO broadcasting ops: the broadcast shape of all operands, element
    type ``rule(element type of operand element_operand)``."""
    def infer(operands: Sequence[Any], attributes: dict[str, Any]) -> list[Any]:
        types = [_tensor(v, "operand") for v in operands]
        shape = broadcast_shapes([t.shape for t in types], attributes.get("broadcast_dimensions"))
        return [TensorType(shape, rule(types[element_operand].element_type))]
    return infer
