"""The HLO text spellings of instruction attributes, both ways: hlo_printer.py
prints with these codecs and frontends/hlo_text.py parses with them, so the two
directions cannot drift apart.

* dimension lists: ``{0,2}``;
* windows: ``{size=3x3 stride=2x2 pad=1_1x1_1 lhs_dilate=.. rhs_dilate=..
  rhs_reversal=..}`` (only the non-trivial parts besides ``size``, as XLA's
  window_util::ToString prints them);
* convolution dimension labels: ``b01f_01io->b01f``;
* dimension numbers (dot, gather, scatter): ``key={...}`` attributes, one per
  field of the IR's dataclass (:data:`DOT_DIMS`, :data:`GATHER_DIMS`,
  :data:`SCATTER_DIMS`).

Parsing takes the caller's integer parser (the HLO frontend's checks the
range of untrusted text).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from jaxlib._src.ir.attributes import ConvDimensionNumbers

IntegerParser = Callable[[str], int]

# --- dimension lists -------------------------------------------------------------------


def format_int_list(values: Sequence[Any]) -> str:
    return "{" + ",".join(str(int(v)) for v in values) + "}"


def parse_int_list(text: str, integer: IntegerParser = int) -> tuple[int, ...]:
    body = text.strip().strip("{}").strip()
    return tuple(integer(v) for v in body.split(",") if v.strip()) if body else ()


# --- dimension numbers -----------------------------------------------------------------

# (HLO attribute, dataclass field, printed when empty), in XLA's printing order.
DimensionFields = tuple[tuple[str, str, bool], ...]
DOT_DIMS: DimensionFields = (
    ("lhs_batch_dims", "lhs_batching_dimensions", False),
    ("lhs_contracting_dims", "lhs_contracting_dimensions", True),
    ("rhs_batch_dims", "rhs_batching_dimensions", False),
    ("rhs_contracting_dims", "rhs_contracting_dimensions", True),
)
GATHER_DIMS: DimensionFields = (
    ("offset_dims", "offset_dims", True),
    ("collapsed_slice_dims", "collapsed_slice_dims", True),
    ("start_index_map", "start_index_map", True),
    ("operand_batching_dims", "operand_batching_dims", False),
    ("start_indices_batching_dims", "start_indices_batching_dims", False),
)
SCATTER_DIMS: DimensionFields = (
    ("update_window_dims", "update_window_dims", True),
    ("inserted_window_dims", "inserted_window_dims", True),
    ("scatter_dims_to_operand_dims", "scatter_dims_to_operand_dims", True),
    ("input_batching_dims", "input_batching_dims", False),
    ("scatter_indices_batching_dims", "scatter_indices_batching_dims", False),
)


def format_dimension_numbers(dims: Any, fields: DimensionFields) -> list[str]:
    """``key={...}`` for each list field of ``dims`` (empty optional ones left
    out), then ``index_vector_dim=N`` when the dataclass has one."""
    out = [f"{key}={format_int_list(getattr(dims, field))}"
           for key, field, always in fields if always or getattr(dims, field)]
    if hasattr(dims, "index_vector_dim"):
        out.append(f"index_vector_dim={dims.index_vector_dim}")
    return out


def parse_dimension_numbers(cls: type, attributes: Mapping[str, str], fields: DimensionFields,
                            integer: IntegerParser = int) -> Any:
    """The ``cls`` dataclass from an instruction's attributes (absent lists are
    empty, an absent index_vector_dim is 0)."""
    values: dict[str, Any] = {field: parse_int_list(attributes.get(key, "{}"), integer)
                              for key, field, _ in fields}
    if "index_vector_dim" in getattr(cls, "__dataclass_fields__", {}):
        values["index_vector_dim"] = integer(attributes.get("index_vector_dim", "0"))
    return cls(**values)


# --- windows ---------------------------------------------------------------------------


def format_window(size: Sequence[int], stride: Sequence[int], pad: Sequence[tuple[int, int]],
                  lhs_dilate: Sequence[int], rhs_dilate: Sequence[int],
                  reversal: Sequence[bool] = ()) -> str:
    """``{size=.. stride=..}``: only the non-trivial parts besides ``size``."""
    parts = ["size=" + "x".join(str(s) for s in size)]
    if any(s != 1 for s in stride):
        parts.append("stride=" + "x".join(str(s) for s in stride))
    if any(low or high for low, high in pad):
        parts.append("pad=" + "x".join(f"{low}_{high}" for low, high in pad))
    if any(d != 1 for d in lhs_dilate):
        parts.append("lhs_dilate=" + "x".join(str(d) for d in lhs_dilate))
    if any(d != 1 for d in rhs_dilate):
        parts.append("rhs_dilate=" + "x".join(str(d) for d in rhs_dilate))
    if any(reversal):
        parts.append("rhs_reversal=" + "x".join("1" if r else "0" for r in reversal))
    return "{" + " ".join(parts) + "}"


def parse_window(text: str, integer: IntegerParser = int
                 ) -> dict[str, tuple[int, ...] | list[list[int]]]:
    """The parts a window spells: ``size``, ``stride``, ``lhs_dilate``,
    ``rhs_dilate``, ``rhs_reversal`` (tuples) and ``pad`` ([low, high] pairs)."""
    fields = dict(item.split("=", 1) for item in text.strip().strip("{}").split())
    window: dict[str, Any] = {}
    for key in ("size", "stride", "lhs_dilate", "rhs_dilate", "rhs_reversal"):
        if key in fields:
            window[key] = tuple(integer(v) for v in fields[key].split("x"))
    if "pad" in fields:
        window["pad"] = [[integer(v) for v in p.split("_")] for p in fields["pad"].split("x")]
    return window


# --- convolution dimension labels ------------------------------------------------------


def format_dim_labels(dims: ConvDimensionNumbers) -> str:
    """``b01f_01io->b01f``."""

    def labels(batch_label: str, batch: int, feature_label: str, feature: int,
               spatial: Sequence[int]) -> str:
        out = ["?"] * (len(spatial) + 2)
        out[batch] = batch_label
        out[feature] = feature_label
        for index, dim in enumerate(spatial):
            out[dim] = str(index)
        return "".join(out)

    return (labels("b", dims.input_batch_dimension, "f", dims.input_feature_dimension,
                   dims.input_spatial_dimensions) + "_"
            + labels("i", dims.kernel_input_feature_dimension, "o",
                     dims.kernel_output_feature_dimension, dims.kernel_spatial_dimensions)
            + "->" + labels("b", dims.output_batch_dimension, "f", dims.output_feature_dimension,
                            dims.output_spatial_dimensions))


def parse_dim_labels(text: str) -> ConvDimensionNumbers:
    """The dimension numbers ``b01f_01io->b01f`` spells; ValueError if malformed."""
    match = re.fullmatch(r"(\w+)_(\w+)->(\w+)", text)
    if match is None:
        raise ValueError(f"bad dim_labels {text!r}")
    lhs, rhs, out = match.groups()

    def spatial(layout: str) -> tuple[int, ...]:
        digits = sorted((int(c), i) for i, c in enumerate(layout) if c.isdigit())
        return tuple(i for _, i in digits)

    def index(layout: str, label: str) -> int:
        if label not in layout:
            raise ValueError(f"bad dim_labels {text!r}: no {label!r} in {layout!r}")
        return layout.index(label)

    return ConvDimensionNumbers(
        index(lhs, "b"), index(lhs, "f"), spatial(lhs), index(rhs, "i"), index(rhs, "o"),
        spatial(rhs), index(out, "b"), index(out, "f"), spatial(out))
