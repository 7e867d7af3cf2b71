"""StableHLO portable artifacts: VHLO in MLIR bytecode, read into this
project's IR.

A portable artifact (``serialize_portable_artifact`` of the reference
jaxlib, what ``jax.export`` stores) is a module of versioned VHLO ops
(``vhlo.add_v1``, ``vhlo.func_v1``, ...) in MLIR bytecode. This module gives
the bytecode reader (``mlir_bytecode.py``) VHLO's attribute and type codec,
then turns the VHLO ops into StableHLO ops as the reference deserializer
does: each ``name_vN`` is ``stablehlo.name`` (``func_v1``, ``call_v1`` and a
function's ``return_v1`` are ``func``'s), flattened attributes are folded back
into their structured attributes (dot, gather, scatter and convolution
dimension numbers, channel handles, dot algorithms), dimension lists become
dense arrays, and attributes at their defaults are dropped. Older op
versions are read with the attributes they have; an attribute a later
version added is absent, which means its default.

Anything VHLO has and this IR does not (buffers, witnesses, unranked tensors,
mesh-axis replica groups) is an error naming it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from jaxlib._src.frontends import bytecode_builtin, bytecode_sdy
from jaxlib._src.frontends.bytecode_builtin import (
    DYNAMIC,
    NONE_TYPE,
    Location,
    NoneType,
    dense_from_blob,
    float_from_bits,
    integer_width,
    read_complex_type,
    read_float_attribute,
    read_function_type,
    read_integer_attribute,
    read_ranked_tensor_type,
    read_tuple_type,
)
from jaxlib._src.frontends.mlir_bytecode import (
    DEFAULT_PROPERTY_LAYOUTS,
    PROPERTY_LAYOUTS,
    BcBlock,
    BcOp,
    BcRegion,
    BcValue,
    BytecodeError,
    BytecodeModule,
    DialectCodec,
    DialectReader,
    TextualEntry,
    ods_properties,
    op_dialects,
    read_bytecode,
    register_dialect_codec,
)
from jaxlib._src.ir.attributes import (
    UNIT,
    ChannelHandle,
    ComparisonDirection,
    ComparisonType,
    ConvDimensionNumbers,
    DenseArray,
    DenseElements,
    DotAlgorithm,
    DotDimensionNumbers,
    ElementTypeAttr,
    FftType,
    GatherDimensionNumbers,
    IntegerAttr,
    OpaqueAttribute,
    OutputOperandAlias,
    Precision,
    RngAlgorithm,
    RngDistribution,
    ScatterDimensionNumbers,
    SymbolRef,
    Transpose,
    TypeExtensions,
)
from jaxlib._src.ir.core import (
    Block,
    Function,
    Module,
    Operation,
    Region,
    Value,
    VerificationError,
    verify_module,
)
from jaxlib._src.ir.types import (
    FunctionType,
    FutureType,
    QuantizedType,
    TensorType,
    TokenType,
    TupleType,
)

del bytecode_builtin  # imported for its codec registration
SdyPart = bytecode_sdy.SdyPart


class VhloError(ValueError):
    """A VHLO module that breaks VHLO's rules."""


class UnsupportedVhlo(VhloError):
    """A VHLO module using something this IR has no counterpart for."""


# --- VHLO's types ---------------------------------------------------------------------


@dataclass(frozen=True)
class UnsupportedType:
    """A VHLO type this IR has no counterpart for; converting it is an error."""

    name: str

    def __str__(self) -> str:
        return f"!vhlo.{self.name}"


def _integer_type(spelling: str) -> Any:
    return lambda r: spelling


def _storage(r: DialectReader, flags: int) -> str:
    storage = r.type()
    if not isinstance(storage, str) or not storage.startswith(("i", "ui")):
        raise r.error(f"quantized storage type {storage}")
    width = integer_width(storage)
    return f"i{width}" if flags & 1 else f"u{width}"


def _storage_range(storage: str, low: int, high: int) -> tuple[int | None, int | None]:
    """None, None when the range is the storage type's whole range (MLIR
    prints no range then)."""
    width = integer_width(storage)
    if storage.startswith("i"):
        full = (-(1 << (width - 1)), (1 << (width - 1)) - 1)
    else:
        full = (0, (1 << width) - 1)
    return (None, None) if (low, high) == full else (low, high)


def _double(r: DialectReader) -> float:
    return float_from_bits("f64", r.apint(64))


def _quantized(r: DialectReader) -> Any:
    flags = r.varint()
    storage = _storage(r, flags)
    expressed = r.type()
    scale = _double(r)
    zero_point = r.signed_varint()
    low, high = _storage_range(storage, r.signed_varint(), r.signed_varint())
    return QuantizedType(storage, str(expressed), (scale,), (zero_point,), None, low, high)


def _quantized_per_axis(r: DialectReader) -> Any:
    flags = r.varint()
    storage = _storage(r, flags)
    expressed = r.type()
    dimension = r.varint()
    low, high = _storage_range(storage, r.signed_varint(), r.signed_varint())
    scales = tuple(r.list(lambda: _double(r)))
    zero_points = tuple(r.list(r.signed_varint))
    try:
        return QuantizedType(storage, str(expressed), scales, zero_points, dimension, low, high)
    except ValueError as err:
        raise r.error(str(err)) from None


def _unsupported_type(name: str, fields: str = "") -> Any:
    def read(r: DialectReader) -> Any:
        if fields == "types":
            r.types()
        elif fields == "type":
            r.type()
        elif fields == "shape":
            r.signed_varints()
            r.type()
        return UnsupportedType(name)
    return read


# VHLO's type codes. Element types have no fields; they are their spelling here.
ELEMENT_TYPE_CODES: dict[str, int] = {
    "i1": 0, "bf16": 2, "f16": 3, "f32": 4, "f64": 5, "f8E4M3FN": 6, "f8E5M2": 7,
    "index": 9, "i4": 10, "i8": 11, "i16": 12, "i32": 13, "i64": 14, "ui4": 15, "ui8": 16,
    "ui16": 17, "ui32": 18, "ui64": 19, "f8E4M3FNUZ": 27, "f8E5M2FNUZ": 28,
    "f8E4M3B11FNUZ": 29, "i2": 31, "ui2": 32, "tf32": 34, "f8E4M3": 35, "f8E3M4": 36,
    "f4E2M1FN": 37, "f6E2M3FN": 38, "f6E3M2FN": 39, "f8E8M0FNU": 40,
}
COMPLEX_TYPE, FUNCTION_TYPE, RANKED_TENSOR_TYPE, RANKED_TENSOR_WITH_ENCODING = 1, 8, 20, 21
TOKEN_TYPE, TUPLE_TYPE, QUANTIZED_TYPE, QUANTIZED_PER_AXIS_TYPE, NONE_TYPE_CODE = (
    22, 23, 24, 30, 33)
FUTURE_TYPE = 42

_TYPES: dict[int, Any] = {
    **{code: _integer_type(spelling) for spelling, code in ELEMENT_TYPE_CODES.items()},
    COMPLEX_TYPE: read_complex_type, FUNCTION_TYPE: read_function_type,
    RANKED_TENSOR_TYPE: read_ranked_tensor_type,
    RANKED_TENSOR_WITH_ENCODING: lambda r: read_ranked_tensor_type(r, with_encoding=True),
    TOKEN_TYPE: lambda r: TokenType(), TUPLE_TYPE: read_tuple_type, QUANTIZED_TYPE: _quantized,
    25: _unsupported_type("unranked_tensor_v1", "type"), 26: _unsupported_type("witness_v1"),
    QUANTIZED_PER_AXIS_TYPE: _quantized_per_axis, NONE_TYPE_CODE: lambda r: NONE_TYPE,
    41: _unsupported_type("buffer_v1", "shape"),
    FUTURE_TYPE: lambda r: FutureType(tuple(r.types())),
}


def read_type(r: DialectReader) -> Any:
    code = r.varint()
    if code not in _TYPES:
        raise r.error(f"unknown VHLO type code {code}")
    return _TYPES[code](r)


# --- VHLO's attributes ----------------------------------------------------------------


@dataclass(frozen=True)
class VhloEnum:
    kind: str
    value: str


@dataclass(frozen=True)
class VhloType:
    """``#vhlo.type_v1<T>``: a type as an attribute (element types are
    strings, so the wrapper keeps them apart from string attributes)."""

    type: Any


@dataclass(frozen=True)
class VhloStructure:
    """A VHLO attribute with no counterpart in this IR, kept to be named."""

    kind: str
    fields: tuple[Any, ...]


@dataclass(frozen=True)
class ResultAccuracy:
    atol: float
    rtol: float
    ulps: int
    mode: str


_ENUMS: dict[str, tuple[str, ...]] = {
    "comparison_direction": ("EQ", "NE", "GE", "GT", "LE", "LT"),
    "comparison_type": ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"),
    "custom_call_api_version": ("API_VERSION_UNSPECIFIED", "API_VERSION_ORIGINAL",
                                "API_VERSION_STATUS_RETURNING",
                                "API_VERSION_STATUS_RETURNING_UNIFIED",
                                "API_VERSION_TYPED_FFI"),
    "fft_type": ("FFT", "IFFT", "RFFT", "IRFFT"),
    "precision": ("DEFAULT", "HIGH", "HIGHEST"),
    "rng_algorithm": ("DEFAULT", "THREE_FRY", "PHILOX"),
    "rng_distribution": ("", "UNIFORM", "NORMAL"),
    "transpose": ("TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"),
    "result_accuracy_mode": ("DEFAULT", "HIGHEST", "TOLERANCE"),
}


def _enum(kind: str) -> Any:
    def read(r: DialectReader) -> Any:
        code = r.varint()
        names = _ENUMS[kind]
        if code >= len(names) or not names[code]:
            raise r.error(f"{code} is not a {kind}")
        return VhloEnum(kind, names[code])
    return read


def _dictionary(r: DialectReader) -> Any:
    items = r.list(lambda: (r.attribute(), r.attribute()))
    result = {}
    for key, value in items:
        if not isinstance(key, str):
            raise r.error(f"dictionary key {key!r} is not a string")
        result[key] = value
    return result


def _output_operand_alias(r: DialectReader) -> Any:
    output = tuple(r.signed_varints())
    operand = r.signed_varint()
    return OutputOperandAlias(output, operand, tuple(r.signed_varints()))


def _tensor(r: DialectReader) -> Any:
    type_ = r.type()
    blob = r.blob()
    if isinstance(type_, TensorType) and type_.element_type == "i1" and type_.is_static:
        count = type_.num_elements
        if len(blob) == 1 and blob[0] == 0xFF:
            blob = b"\x01"  # a splat of true
        elif len(blob) == (count + 7) // 8 and len(blob) != count:
            pass  # bit-packed: make_dense unpacks it
        elif len(blob) == count:
            blob = bytes(1 if b else 0 for b in blob)
    return dense_from_blob(r, type_, blob)


def _type_extensions(r: DialectReader) -> Any:
    return TypeExtensions(tuple(None if b == DYNAMIC else b for b in r.signed_varints()))


def _result_accuracy(r: DialectReader) -> Any:
    atol, rtol, ulps = _double(r), _double(r), r.signed_varint()
    mode = r.attribute()
    if not isinstance(mode, VhloEnum) or mode.kind != "result_accuracy_mode":
        raise r.error(f"result accuracy mode {mode!r}")
    return ResultAccuracy(atol, rtol, ulps, mode.value)


def _structure(kind: str, *fields: str) -> Any:
    def read(r: DialectReader) -> Any:
        values = []
        for kind_of_field in fields:
            if kind_of_field == "attr":
                values.append(r.attribute())
            elif kind_of_field == "optional":
                values.append(r.optional_attribute())
            elif kind_of_field == "flagged":
                values.append(r.attribute() if r.varint() else None)
            else:
                values.append(r.signed_varint())
        return VhloStructure(kind, tuple(values))
    return read


# VHLO's attribute codes (0, arg_result_alias, was never written by a release).
ARRAY, BOOLEAN, DICTIONARY, FLOAT, INTEGER, OUTPUT_OPERAND_ALIAS = 1, 2, 6, 8, 9, 10
STRING, TENSOR, TYPE, TYPE_EXTENSIONS, RESULT_ACCURACY = 14, 15, 17, 18, 20
ENUM_CODES: dict[str, int] = {
    "comparison_direction": 3, "comparison_type": 4, "custom_call_api_version": 5,
    "fft_type": 7, "precision": 11, "rng_algorithm": 12, "rng_distribution": 13,
    "transpose": 16, "result_accuracy_mode": 19,
}

_ATTRIBUTES: dict[int, Any] = {
    ARRAY: lambda r: r.attributes(), BOOLEAN: lambda r: bool(r.varint()),
    DICTIONARY: _dictionary, FLOAT: read_float_attribute, INTEGER: read_integer_attribute,
    OUTPUT_OPERAND_ALIAS: _output_operand_alias, STRING: lambda r: r.string(),
    TENSOR: _tensor, TYPE: lambda r: VhloType(r.type()), TYPE_EXTENSIONS: _type_extensions,
    RESULT_ACCURACY: _result_accuracy,
    **{code: _enum(kind) for kind, code in ENUM_CODES.items()},
    21: _structure("sub_axis_info", "int", "int"),
    22: _structure("axis_ref", "attr", "flagged"),
    23: _structure("replica_group_mesh_axes", "attr", "attr"),
    24: _structure("mesh_axis", "attr", "int"), 25: _structure("mesh", "attr", "optional"),
}


def read_attribute(r: DialectReader) -> Any:
    code = r.varint()
    if code not in _ATTRIBUTES:
        raise r.error(f"unknown VHLO attribute code {code}")
    return _ATTRIBUTES[code](r)


register_dialect_codec("vhlo", DialectCodec(read_attribute, read_type))


# --- VHLO ops' inherent attributes ----------------------------------------------------
# Each op's inherent attributes (StableHLO's VHLO op definitions); from
# format version 6 they are stored as properties, in name order.

_OP_ATTRIBUTES_TEXT = """
all_gather_v1: all_gather_dim replica_groups channel_id use_global_device_ids
all_gather_v2: all_gather_dim replica_groups channel_id use_global_device_ids
all_reduce_v1: replica_groups channel_id use_global_device_ids
all_reduce_v2: replica_groups channel_id use_global_device_ids
all_to_all_v1: split_dimension concat_dimension split_count replica_groups channel_id
all_to_all_v2: split_dimension concat_dimension split_count replica_groups channel_id
batch_norm_grad_v1: epsilon feature_index
batch_norm_inference_v1: epsilon feature_index
batch_norm_training_v1: epsilon feature_index
broadcast_in_dim_v1: broadcast_dimensions
broadcast_v1: broadcast_sizes
call_v1: callee
cbrt_v2: result_accuracy
cholesky_v1: lower
collective_broadcast_v1: replica_groups channel_id
collective_broadcast_v2: replica_groups channel_id has_dynamic_root
collective_reduce_v1: replica_groups channel_id use_global_device_ids has_dynamic_root
collective_permute_v1: source_target_pairs channel_id
compare_v1: comparison_direction compare_type
composite_v1: name composite_attributes decomposition version
composite_v2: name composite_attributes decomposition version
concatenate_v1: dimension
constant_v1: value
convolution_v1: window_strides padding lhs_dilation rhs_dilation window_reversal
    input_batch_dimension input_feature_dimension input_spatial_dimensions
    kernel_input_feature_dimension kernel_output_feature_dimension kernel_spatial_dimensions
    output_batch_dimension output_feature_dimension output_spatial_dimensions
    feature_group_count batch_group_count precision_config
cosine_v2: result_accuracy
cross-replica-sum_v1: replica_groups
custom_call_v1: call_target_name has_side_effect backend_config api_version called_computations
    operand_layouts result_layouts output_operand_aliases
custom_call_v2: call_target_name has_side_effect backend_config api_version called_computations
    operand_layouts result_layouts output_operand_aliases result_tilings
dot_general_v1: lhs_batching_dimensions rhs_batching_dimensions lhs_contracting_dimensions
    rhs_contracting_dimensions precision_config
dot_general_v2: lhs_batching_dimensions rhs_batching_dimensions lhs_contracting_dimensions
    rhs_contracting_dimensions precision_config lhs_precision_type rhs_precision_type
    accumulation_type lhs_component_count rhs_component_count num_primitive_operations
    allow_imprecise_accumulation
dot_v1: precision_config
dynamic_broadcast_in_dim_v1: broadcast_dimensions known_expanding_dimensions
    known_nonexpanding_dimensions
dynamic_conv_v1: window_strides padding lhs_dilation rhs_dilation window_reversal
    input_batch_dimension input_feature_dimension input_spatial_dimensions
    kernel_input_feature_dimension kernel_output_feature_dimension kernel_spatial_dimensions
    output_batch_dimension output_feature_dimension output_spatial_dimensions
    feature_group_count batch_group_count precision_config
dynamic_conv_v2: window_strides lhs_dilation rhs_dilation window_reversal input_batch_dimension
    input_feature_dimension input_spatial_dimensions kernel_input_feature_dimension
    kernel_output_feature_dimension kernel_spatial_dimensions output_batch_dimension
    output_feature_dimension output_spatial_dimensions feature_group_count batch_group_count
    precision_config
dynamic_gather_v1: offset_dims collapsed_slice_dims start_index_map index_vector_dim
    indices_are_sorted
dynamic_gather_v2: offset_dims collapsed_slice_dims operand_batching_dims
    start_indices_batching_dims start_index_map index_vector_dim indices_are_sorted
dynamic_iota_v1: iota_dimension
dynamic_slice_v1: slice_sizes
einsum_v1: einsum_config
exponential_minus_one_v2: result_accuracy
exponential_v2: result_accuracy
fft_v1: fft_type fft_length
func_v1: sym_name function_type sym_visibility arg_attrs res_attrs
gather_v1: offset_dims collapsed_slice_dims start_index_map index_vector_dim slice_sizes
    indices_are_sorted
gather_v2: offset_dims collapsed_slice_dims operand_batching_dims start_indices_batching_dims
    start_index_map index_vector_dim slice_sizes indices_are_sorted
get_dimension_size_v1: dimension
get_tuple_element_v1: index
infeed_v1: infeed_config layout
iota_v1: iota_dimension
log_plus_one_v2: result_accuracy
logistic_v2: result_accuracy
log_v2: result_accuracy
map_v1: dimensions
outfeed_v1: outfeed_config
pad_v1: edge_padding_low edge_padding_high interior_padding
recv_v1: channel_id channel_type is_host_transfer
recv_v2: channel_id channel_type is_host_transfer source_target_pairs
reduce_v1: dimensions
reduce_precision_v1: exponent_bits mantissa_bits
reduce_scatter_v1: scatter_dimension replica_groups channel_id use_global_device_ids
reduce_window_v1: window_dimensions window_strides base_dilations window_dilations padding
reverse_v1: dimensions
rng_bit_generator_v1: rng_algorithm
rng_v1: rng_distribution
rsqrt_v2: result_accuracy
scatter_v1: update_window_dims inserted_window_dims scatter_dims_to_operand_dims
    index_vector_dim indices_are_sorted unique_indices
scatter_v2: update_window_dims inserted_window_dims input_batching_dims
    scatter_indices_batching_dims scatter_dims_to_operand_dims index_vector_dim
    indices_are_sorted unique_indices
select_and_scatter_v1: window_dimensions window_strides padding
send_v1: channel_id channel_type is_host_transfer
send_v2: channel_id channel_type is_host_transfer source_target_pairs
set_dimension_size_v1: dimension
sine_v2: result_accuracy
slice_v1: start_indices limit_indices strides
sort_v1: dimension is_stable
sqrt_v2: result_accuracy
tan_v2: result_accuracy
tanh_v2: result_accuracy
torch_index_select_v1: dim batch_dims
transpose_v1: permutation
triangular_solve_v1: left_side lower unit_diagonal transpose_a
unary_einsum_v1: einsum_config
"""


def _op_attributes() -> dict[str, tuple[str, ...]]:
    table: dict[str, tuple[str, ...]] = {}
    for entry in re.split(r"\n(?=\S)", _OP_ATTRIBUTES_TEXT.strip()):
        name, _, names = entry.partition(":")
        table[name] = tuple(names.split())
    return table


OP_ATTRIBUTES = _op_attributes()

# The StableHLO release each op version (past v1, or a v1 after 0.9.0) first
# appeared in: a writer targeting a release uses the newest version it has.
_OP_VERSIONS_TEXT = """
all_gather: 2@1.5.0; all_reduce: 2@1.5.0; all_to_all: 2@1.5.0; async_start: 1@1.15.0
async_done: 1@1.15.0; cbrt: 2@1.10.0; collective_broadcast: 1@0.16.0 2@1.20.0
collective_reduce: 1@1.19.0; composite: 1@0.19.0 2@1.14.0; cosine: 2@1.10.0
custom_call: 2@1.18.0; dot_general: 2@1.6.0; dynamic_conv: 2@0.20.0; dynamic_gather: 2@1.1.0
exponential_minus_one: 2@1.10.0; exponential: 2@1.9.0; gather: 2@1.1.0; log_plus_one: 2@1.10.0
logistic: 2@1.10.0; log: 2@1.10.0; recv: 2@1.12.0; rsqrt: 2@1.10.0; scatter: 2@1.1.0
send: 2@1.12.0; sine: 2@1.10.0; sqrt: 2@1.10.0; tan: 1@1.4.0 2@1.10.0; tanh: 2@1.10.0
"""


def parse_version(text: str) -> tuple[int, int, int]:
    parts = text.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{text!r} is not a StableHLO version X.Y.Z")
    return int(parts[0]), int(parts[1]), int(parts[2])


def _op_versions() -> dict[str, tuple[tuple[int, tuple[int, int, int]], ...]]:
    table = {}
    for entry in re.split(r"[;\n]", _OP_VERSIONS_TEXT):
        if entry.strip():
            name, _, versions = entry.partition(":")
            table[name.strip()] = tuple(
                (int(v.split("@")[0]), parse_version(v.split("@")[1])) for v in versions.split())
    return table


OP_VERSIONS = _op_versions()


def op_version(base: str, target: tuple[int, int, int]) -> int | None:
    """The newest version of op ``base`` a release ``target`` has (None:
    the op is newer than the target)."""
    chosen: int | None = 1
    for version, since in OP_VERSIONS.get(base, ()):
        if since <= target:
            chosen = version
        elif version == 1:
            chosen = None
    return chosen
for _name, _attributes in OP_ATTRIBUTES.items():
    PROPERTY_LAYOUTS[f"vhlo.{_name}"] = ods_properties(required=_attributes)
# The other VHLO ops have no inherent attributes.
DEFAULT_PROPERTY_LAYOUTS["vhlo"] = ods_properties()


# --- VHLO ops to StableHLO ops ---------------------------------------------------------

_VERSION_SUFFIX = re.compile(r"_v\d+\Z")

# Dimension lists StableHLO holds as ``array<i64: ...>`` (``array<i1: ...>``
# for window_reversal), by op.
_DENSE_ARRAYS: dict[str, frozenset[str]] = {
    name: frozenset(attributes.split()) for name, attributes in {
        "broadcast": "broadcast_sizes",
        "broadcast_in_dim": "broadcast_dimensions",
        "convolution": "window_strides lhs_dilation rhs_dilation window_reversal",
        "dynamic_broadcast_in_dim":
            "broadcast_dimensions known_expanding_dimensions known_nonexpanding_dimensions",
        "dynamic_conv": "window_strides lhs_dilation rhs_dilation window_reversal",
        "dynamic_slice": "slice_sizes",
        "fft": "fft_length",
        "gather": "slice_sizes",
        "map": "dimensions",
        "pad": "edge_padding_low edge_padding_high interior_padding",
        "reduce": "dimensions",
        "reduce_window": "window_dimensions window_strides base_dilations window_dilations",
        "reverse": "dimensions",
        "select_and_scatter": "window_dimensions window_strides",
        "slice": "start_indices limit_indices strides",
        "transpose": "permutation",
    }.items()}

# Collectives whose ``channel_id`` is StableHLO's ``channel_handle`` (type 0)
# and whose boolean flags are unit attributes when set.
_CHANNEL_ID_OPS = frozenset({"all_gather", "all_reduce", "all_to_all", "collective_permute",
                             "reduce_scatter", "collective_broadcast", "collective_reduce"})
_UNIT_FLAGS = frozenset({"use_global_device_ids", "has_dynamic_root"})

_ENUM_ATTRIBUTES: dict[str, Any] = {
    "comparison_direction": ComparisonDirection, "comparison_type": ComparisonType,
    "precision": Precision, "fft_type": FftType, "rng_algorithm": RngAlgorithm,
    "rng_distribution": RngDistribution, "transpose": Transpose,
}

_ELEMENTWISE_WITH_ACCURACY = frozenset({
    "cbrt", "cosine", "exponential", "exponential_minus_one", "log", "log_plus_one",
    "logistic", "rsqrt", "sine", "sqrt", "tan", "tanh"})


def _format_float(value: float) -> str:
    return repr(float(value)).replace("inf", "0x7FF0000000000000")


def convert_type(t: Any) -> Any:
    """A VHLO type in this IR; an error for those it has no counterpart for."""
    if isinstance(t, UnsupportedType):
        raise UnsupportedVhlo(f"VHLO type {t} has no StableHLO counterpart here")
    if isinstance(t, TensorType):
        convert_type(t.element_type)
        if t.encoding is not None and not isinstance(t.encoding, TypeExtensions):
            return TensorType(t.shape, t.element_type, convert_attribute(t.encoding))
        return t
    if isinstance(t, TupleType):
        return TupleType(tuple(convert_type(e) for e in t.types))
    if isinstance(t, FutureType):
        return FutureType(tuple(convert_type(e) for e in t.types))
    if isinstance(t, FunctionType):
        return FunctionType(tuple(convert_type(e) for e in t.inputs),
                            tuple(convert_type(e) for e in t.results))
    if isinstance(t, NoneType):
        raise VhloError("the none type is not a value's type")
    if isinstance(t, TextualEntry):
        raise UnsupportedVhlo(f"type {t.text} is not supported")
    return t


def convert_attribute(value: Any) -> Any:
    """A VHLO (or builtin) attribute value as this IR's."""
    if isinstance(value, VhloEnum):
        if value.kind == "custom_call_api_version":
            return IntegerAttr(_ENUMS[value.kind].index(value.value), "i32")
        if value.kind == "result_accuracy_mode":
            return OpaqueAttribute(f"#stablehlo<result_accuracy_mode {value.value}>")
        return _ENUM_ATTRIBUTES[value.kind](value.value)
    if isinstance(value, list):
        return [convert_attribute(item) for item in value]
    if isinstance(value, dict):
        return {key: convert_attribute(item) for key, item in value.items()}
    if isinstance(value, VhloType):
        if isinstance(value.type, NoneType):
            raise UnsupportedVhlo("the none type as an attribute is not supported")
        converted = convert_type(value.type)
        return ElementTypeAttr(converted) if isinstance(converted, str) else converted
    if isinstance(value, ResultAccuracy):
        return OpaqueAttribute(
            f"#stablehlo.result_accuracy<atol = {_format_float(value.atol)}, rtol = "
            f"{_format_float(value.rtol)}, ulps = {value.ulps}, mode = "
            f"#stablehlo.result_accuracy_mode<{value.mode}>>")
    if isinstance(value, VhloStructure):
        raise UnsupportedVhlo(f"VHLO {value.kind} attributes (Shardy-style replica groups and "
                        "meshes in StableHLO collectives) are not supported")
    if isinstance(value, TextualEntry):
        return _textual_attribute(value.text)
    if isinstance(value, SdyPart):
        return OpaqueAttribute(value.text)
    if isinstance(value, Location):
        raise VhloError("a location used as an attribute value")
    return value


def _textual_attribute(text: str) -> Any:
    """An attribute stored as its text: what this IR's parser makes of it
    (CHLO's enums and structures), else the text kept as it is."""
    if not text.startswith("#sdy"):
        from jaxlib._src.frontends.mlir_text import MlirParser
        try:
            parser = MlirParser(text)
            value = parser.parse_attribute()
            if parser.token.kind == "eof":
                return value
        except (ValueError, RecursionError):
            pass
    return OpaqueAttribute(text)


def _ints(value: Any, what: str) -> tuple[int, ...]:
    if isinstance(value, DenseElements) and value.array.dtype.kind in "iub":
        return tuple(int(v) for v in value.array.reshape(-1))
    if isinstance(value, (list, tuple)) and all(isinstance(v, int) for v in value):
        return tuple(int(v) for v in value)
    raise VhloError(f"{what}: expected a list of integers, got {value!r}")


def _int(value: Any, what: str) -> int:
    if isinstance(value, int):
        return int(value)
    raise VhloError(f"{what}: expected an integer, got {value!r}")


def _is_splat(value: Any, element: Any) -> bool:
    return (isinstance(value, DenseElements)
            and bool((value.array == element).all()))


def _is_none_type(value: Any) -> bool:
    return isinstance(value, VhloType) and isinstance(value.type, NoneType)


def _require(attrs: dict[str, Any], name: str, what: str) -> Any:
    if name not in attrs:
        raise VhloError(f"{what} has no {name} attribute")
    return attrs.pop(name)


def _pop_ints(attrs: dict[str, Any], name: str, what: str) -> tuple[int, ...]:
    return _ints(attrs.pop(name), f"{what}'s {name}") if name in attrs else ()


def _fold_structures(base: str, attrs: dict[str, Any]) -> dict[str, Any]:
    """The structured attributes VHLO stores flattened, folded back."""
    out: dict[str, Any] = {}
    if base in ("convolution", "dynamic_conv"):
        names = ("input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions",
                 "kernel_input_feature_dimension", "kernel_output_feature_dimension",
                 "kernel_spatial_dimensions", "output_batch_dimension",
                 "output_feature_dimension", "output_spatial_dimensions")
        fields = {}
        for name in names:
            value = _require(attrs, name, base)
            fields[name] = (_ints(value, name) if name.endswith("dimensions")
                            else _int(value, name))
        out["dimension_numbers"] = ConvDimensionNumbers(**fields)
    elif base == "dot_general":
        out["dot_dimension_numbers"] = DotDimensionNumbers(*(
            _pop_ints(attrs, name, base) for name in (
                "lhs_batching_dimensions", "rhs_batching_dimensions",
                "lhs_contracting_dimensions", "rhs_contracting_dimensions")))
        algorithm = ("lhs_precision_type", "rhs_precision_type", "accumulation_type",
                     "lhs_component_count", "rhs_component_count", "num_primitive_operations",
                     "allow_imprecise_accumulation")
        values = [attrs.pop(name, None) for name in algorithm]
        if values[0] is not None and not _is_none_type(values[0]):
            types = [str(convert_type(v.type)) if isinstance(v, VhloType) else None
                     for v in values[:3]]
            if None in types:
                raise VhloError("dot_general: a dot algorithm's precision types are not types")
            out["algorithm"] = DotAlgorithm(
                *types, _int(values[3], "lhs_component_count"),
                _int(values[4], "rhs_component_count"),
                _int(values[5], "num_primitive_operations"), bool(values[6]))
    elif base in ("gather", "dynamic_gather"):
        out["dimension_numbers"] = GatherDimensionNumbers(
            _pop_ints(attrs, "offset_dims", base), _pop_ints(attrs, "collapsed_slice_dims", base),
            _pop_ints(attrs, "operand_batching_dims", base),
            _pop_ints(attrs, "start_indices_batching_dims", base),
            _pop_ints(attrs, "start_index_map", base),
            _int(_require(attrs, "index_vector_dim", base), "index_vector_dim"))
    elif base == "scatter":
        out["scatter_dimension_numbers"] = ScatterDimensionNumbers(
            _pop_ints(attrs, "update_window_dims", base),
            _pop_ints(attrs, "inserted_window_dims", base),
            _pop_ints(attrs, "input_batching_dims", base),
            _pop_ints(attrs, "scatter_indices_batching_dims", base),
            _pop_ints(attrs, "scatter_dims_to_operand_dims", base),
            _int(_require(attrs, "index_vector_dim", base), "index_vector_dim"))
    elif base in ("send", "recv"):
        out["channel_handle"] = ChannelHandle(
            _int(_require(attrs, "channel_id", base), "channel_id"),
            _int(_require(attrs, "channel_type", base), "channel_type"))
    return out


def _drop_defaults(base: str, attrs: dict[str, Any]) -> None:
    """Attributes VHLO spells out at their defaults, dropped as StableHLO
    leaves them out (a missing attribute means its default)."""
    def drop_if(name: str, test: Any) -> None:
        if name in attrs and test(attrs[name]):
            del attrs[name]

    def is_false(v: Any) -> bool:
        return v is False

    def is_empty(v: Any) -> bool:
        return (v == "" or v == [] or v == {}
                or (isinstance(v, DenseElements) and v.array.size == 0))

    def all_default_precision(v: Any) -> bool:
        return isinstance(v, list) and all(
            isinstance(p, VhloEnum) and p.value == "DEFAULT" for p in v)

    if base in _CHANNEL_ID_OPS:
        drop_if("channel_id", lambda v: v == 0)
    for flag in _UNIT_FLAGS | {"is_host_transfer", "indices_are_sorted", "unique_indices",
                               "is_stable", "has_side_effect", "lower"}:
        drop_if(flag, is_false)
    drop_if("precision_config", all_default_precision)
    if base == "func":
        drop_if("sym_visibility", lambda v: v == "")
        drop_if("arg_attrs", lambda v: v == [])
        drop_if("res_attrs", lambda v: v == [])
    elif base == "compare":
        drop_if("compare_type", lambda v: isinstance(v, VhloEnum) and v.value == "NOTYPE")
    elif base == "composite":
        drop_if("version", lambda v: v == 0)
        drop_if("composite_attributes", lambda v: v == {})
    elif base in ("convolution", "dynamic_conv", "reduce_window", "select_and_scatter"):
        for name in ("window_strides", "lhs_dilation", "rhs_dilation", "base_dilations",
                     "window_dilations"):
            drop_if(name, lambda v: _is_splat(v, 1))
        drop_if("window_reversal", lambda v: _is_splat(v, False))
        if base != "dynamic_conv":
            drop_if("padding", lambda v: _is_splat(v, 0))
        else:
            attrs.pop("padding", None)  # v1's unused attribute; the padding is an operand
    elif base == "custom_call":
        drop_if("backend_config", is_empty)
        drop_if("api_version", lambda v: isinstance(v, VhloEnum)
                and v.value == "API_VERSION_ORIGINAL")
        drop_if("called_computations", is_empty)
        if is_empty(attrs.get("operand_layouts", [])) and is_empty(
                attrs.get("result_layouts", [])):
            attrs.pop("operand_layouts", None)
            attrs.pop("result_layouts", None)
        drop_if("output_operand_aliases", is_empty)
        drop_if("result_tilings", is_empty)
    elif base == "dynamic_broadcast_in_dim":
        drop_if("known_expanding_dimensions", is_empty)
        drop_if("known_nonexpanding_dimensions", is_empty)
    elif base == "infeed":
        drop_if("infeed_config", is_empty)
        drop_if("layout", is_empty)
    elif base == "outfeed":
        drop_if("outfeed_config", is_empty)
    elif base in ("send", "recv"):
        drop_if("source_target_pairs", is_empty)
    elif base == "sort":
        drop_if("dimension", lambda v: v == -1)
    if base in _ELEMENTWISE_WITH_ACCURACY:
        drop_if("result_accuracy", lambda v: isinstance(v, ResultAccuracy) and (
            v.atol == 0 and v.rtol == 0 and v.ulps == 0 and v.mode == "DEFAULT"))


def _symbol(value: Any, what: str) -> SymbolRef:
    if not isinstance(value, str):
        raise VhloError(f"{what}: expected a symbol name, got {value!r}")
    return SymbolRef(value)


def convert_op_attributes(base: str, attrs: dict[str, Any]) -> dict[str, Any]:
    """An op's VHLO attributes (inherent and discardable) as StableHLO's."""
    attrs = dict(attrs)
    _drop_defaults(base, attrs)
    out = _fold_structures(base, attrs)
    dense_arrays = _DENSE_ARRAYS.get(base, frozenset())
    for name, value in attrs.items():
        if base in _CHANNEL_ID_OPS and name == "channel_id":
            out["channel_handle"] = ChannelHandle(_int(value, name), 0)
        elif name in _UNIT_FLAGS and base in _CHANNEL_ID_OPS:
            if value is True:
                out[name] = UNIT
        elif base == "custom_call" and name == "called_computations":
            if not isinstance(value, list):
                raise VhloError(f"called_computations is {value!r}, not a list")
            out[name] = [_symbol(v, name) for v in value]
        elif (base == "composite" and name == "decomposition") or (
                base == "call" and name == "callee"):
            out[name] = _symbol(value, name)
        elif name in dense_arrays:
            values = _ints(value, name)
            if name == "window_reversal":
                out[name] = DenseArray("i1", tuple(bool(v) for v in values))
            else:
                out[name] = DenseArray("i64", values)
        else:
            out[name] = convert_attribute(value)
    return out


def _location_text(location: Any) -> str | None:
    if isinstance(location, Location) and location.text != "unknown":
        return str(location)
    return None


class _Converter:
    def __init__(self) -> None:
        self.values: dict[int, Value] = {}

    def value(self, value: BcValue, op_name: str) -> Value:
        converted = self.values.get(id(value))
        if converted is None:
            raise VhloError(f"{op_name}: an operand is used before it is defined")
        return converted

    def block(self, block: BcBlock, parent: str) -> Block:
        converted = Block([convert_type(a.type) for a in block.arguments])
        for source, target in zip(block.arguments, converted.arguments):
            self.values[id(source)] = target
            target.location = _location_text(source.location)
        for op in block.operations:
            if op.name == "builtin.unrealized_conversion_cast":
                self.forward_cast(op)
            else:
                converted.operations.append(self.op(op, parent))
        return converted

    def forward_cast(self, op: BcOp) -> None:
        """Casts between VHLO's and builtin types (around Shardy ops in
        mixed artifacts) are the same types here: each result is its operand."""
        if len(op.operands) != len(op.results):
            raise VhloError("builtin.unrealized_conversion_cast with "
                            f"{len(op.operands)} operands and {len(op.results)} results")
        for operand, result in zip(op.operands, op.results):
            value = self.value(operand, op.name)
            if value.type != convert_type(result.type):
                raise VhloError(f"builtin.unrealized_conversion_cast from {value.type} to "
                                f"{convert_type(result.type)}")
            self.values[id(result)] = value

    def region(self, region: BcRegion, parent: str) -> Region:
        return Region([self.block(b, parent) for b in region.blocks])

    def op(self, op: BcOp, parent: str) -> Operation:
        dialect, _, versioned = op.name.partition(".")
        if dialect == "sdy":
            return self.generic_op(op, op.name)
        if dialect != "vhlo":
            raise UnsupportedVhlo(f"operation {op.name} inside a function is not supported (only "
                            "VHLO and Shardy ops are read)")
        base = _VERSION_SUFFIX.sub("", versioned)
        if base == "func":
            raise VhloError("vhlo.func_v1 nested in an operation")
        if op.successors:
            raise UnsupportedVhlo(f"{op.name}: successor blocks (branches) are not supported")
        if base == "return":
            name = "func.return" if parent == "func" else "stablehlo.return"
        elif base == "call":
            name = "func.call"
        else:
            name = f"stablehlo.{base}"
        attributes = convert_op_attributes(base, {**op.attributes, **op.properties})
        return self.generic_op(op, name, attributes, base)

    def generic_op(self, op: BcOp, name: str, attributes: dict[str, Any] | None = None,
                   parent: str = "") -> Operation:
        if attributes is None:
            attributes = {k: convert_attribute(v)
                          for k, v in {**op.attributes, **op.properties}.items()}
        operands = [self.value(v, op.name) for v in op.operands]
        result_types = [convert_type(r.type) for r in op.results]
        regions = [self.region(r, parent) for r in op.regions]
        converted = Operation(name, operands, result_types, attributes, regions,
                              _location_text(op.location))
        for source, target in zip(op.results, converted.results):
            self.values[id(source)] = target
        return converted

    def function(self, op: BcOp) -> Function:
        attrs = {**op.attributes, **op.properties}
        inherent = {name: attrs.pop(name) for name in OP_ATTRIBUTES["func_v1"] if name in attrs}
        converted = convert_op_attributes("func", inherent)
        name = converted.get("sym_name")
        func_type = converted.get("function_type")
        if not isinstance(name, str) or not isinstance(func_type, FunctionType):
            raise VhloError("vhlo.func_v1 without a name and a function type")
        visibility = converted.get("sym_visibility", "public") or "public"
        if visibility not in ("public", "private", "nested"):
            raise VhloError(f"function @{name}: visibility {visibility!r}")
        arg_attrs = converted.get("arg_attrs") or [{} for _ in func_type.inputs]
        res_attrs = converted.get("res_attrs") or [{} for _ in func_type.results]
        for what, attrs_list, count in (("argument", arg_attrs, len(func_type.inputs)),
                                        ("result", res_attrs, len(func_type.results))):
            if (not isinstance(attrs_list, list) or len(attrs_list) != count
                    or not all(isinstance(a, dict) for a in attrs_list)):
                raise VhloError(f"function @{name}: its {what} attributes are not one "
                                f"dictionary per {what}")
        if len(op.regions) != 1:
            raise VhloError(f"function @{name} has {len(op.regions)} regions")
        body = self.region(op.regions[0], "func") if op.regions[0].blocks else None
        if body is not None:
            if len(body.blocks) != 1:
                raise VhloError(f"function @{name}: only one block is supported")
            got = tuple(a.type for a in body.entry.arguments)
            if got != func_type.inputs:
                raise VhloError(f"function @{name}: its arguments do not match its type")
        return Function(name, func_type, body, visibility, list(arg_attrs), list(res_attrs),
                        {k: convert_attribute(v) for k, v in attrs.items()},
                        _location_text(op.location))


def module_from_vhlo(bytecode: BytecodeModule) -> Module:
    """The StableHLO module of a VHLO bytecode module. Raises
    :class:`VhloError` for what this IR cannot hold."""
    tops = bytecode.operations
    if len(tops) != 1 or tops[0].name != "builtin.module":
        names = ", ".join(op.name for op in tops) or "nothing"
        raise VhloError(f"expected one builtin.module at the top level, got {names}")
    top = tops[0]
    attrs = {**top.attributes, **top.properties}
    name = attrs.pop("sym_name", None)
    attrs.pop("sym_visibility", None)
    module = Module(name if isinstance(name, str) else None,
                    {k: convert_attribute(v) for k, v in attrs.items()})
    if len(top.regions) != 1 or len(top.regions[0].blocks) > 1:
        raise VhloError("builtin.module must hold one block")
    converter = _Converter()
    for block in top.regions[0].blocks:
        for op in block.operations:
            if op.name == "vhlo.func_v1":
                module.functions.append(converter.function(op))
            elif op.name == "sdy.mesh":
                mesh, name = op.properties.get("mesh"), op.properties.get("sym_name")
                if isinstance(mesh, TextualEntry) and mesh.text.startswith("#sdy.mesh<"):
                    mesh = SdyPart(mesh.text, mesh.text.removeprefix("#sdy.mesh"))
                if not isinstance(mesh, SdyPart) or not isinstance(name, str):
                    raise VhloError("sdy.mesh without a name and a mesh")
                module.meshes[name] = OpaqueAttribute(mesh.inner)
            else:
                raise UnsupportedVhlo(f"{op.name} at module level is not supported (only "
                                "vhlo.func_v1 and sdy.mesh)")
    return module


def _walk(ops: list[BcOp]) -> Any:
    for op in ops:
        yield op
        for region in op.regions:
            for block in region.blocks:
                yield from _walk(block.operations)


_READ_DIALECTS = frozenset({"builtin", "vhlo", "sdy"})


def read_portable_artifact(data: bytes) -> Module:
    """The module of a StableHLO portable artifact (VHLO in MLIR bytecode).
    Raises :class:`BytecodeError` for malformed bytes, :class:`VhloError`
    for a malformed module and :class:`UnsupportedVhlo` for what this IR
    has no counterpart for (including bytecode of other dialects, such as
    a StableHLO module written as bytecode without VHLO)."""
    others = sorted(op_dialects(data) - _READ_DIALECTS)
    if others:
        raise UnsupportedVhlo(
            f"MLIR bytecode with {', '.join(others)} ops is not supported: only StableHLO "
            "portable artifacts (VHLO, with Shardy) are read")
    bytecode = read_bytecode(data)
    try:
        module = module_from_vhlo(bytecode)
        verify_module(module)
    except RecursionError:
        raise VhloError("the module nests too deep") from None
    except VerificationError as err:
        raise VhloError(f"the module does not verify: {err}") from None
    return module


__all__ = ["BytecodeError", "UnsupportedVhlo", "VhloError", "module_from_vhlo",
           "read_portable_artifact"]
