"""Compilation options: DebugOptions, ExecutableBuildOptions, DeviceAssignment
and CompileOptions, with XLA's field names and defaults.

Every options object checks its fields: assigning a name that is not a field
raises AttributeError (so typos fail loudly) and assigning a value of the
wrong type raises TypeError.

``CompileOptions.SerializeAsString`` writes a format of our own (not XLA's
protobuf): a UTF-8 JSON body in jaxlib's envelope (base/envelope.py: magic,
format version, body length, SHA-256 of the body). Parsing checks every part
and the body's schema (JSON nested deeper than ``untrusted.MAX_JSON_DEPTH``
included), and raises ValueError naming what is wrong. No code is ever
evaluated.

Serialized bytes are untrusted: the SHA-256 detects accidents, and anyone can
re-seal a changed body. ``without_side_effects`` is what a serialized
executable's options go through before they are used.
"""

from __future__ import annotations

import base64
import binascii
import difflib
import enum
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from jaxlib._src.base import envelope
from jaxlib._src.base.untrusted import load_json
from jaxlib._src.runtime.types import Shape

__all__ = [
    "COMPILE_OPTIONS_MAGIC",
    "DEVICE_ASSIGNMENT_MAGIC",
    "SERIALIZATION_FORMAT_VERSION",
    "AutotuneCacheMode",
    "CompileOptions",
    "DebugOptions",
    "DeviceAssignment",
    "ExecutableBuildOptions",
]

COMPILE_OPTIONS_MAGIC = b"JXLCOPT"
DEVICE_ASSIGNMENT_MAGIC = b"JXLDASN"
# 2: jaxlib's one envelope (little-endian, 8-byte magic, 64-bit length);
# version 1 (big-endian, 7-byte magic) is not read.
SERIALIZATION_FORMAT_VERSION = 2


# ---------------------------------------------------------------------------
# Sealing: JSON bodies in jaxlib's envelope (base/envelope.py).


def _seal(magic: bytes, body: dict[str, Any]) -> bytes:
    # allow_nan=False: non-finite floats are tagged by the fields, never
    # written as the non-standard NaN/Infinity tokens.
    payload = json.dumps(body, sort_keys=True, separators=(",", ":"), allow_nan=False).encode(
        "utf-8"
    )
    return envelope.seal(magic, SERIALIZATION_FORMAT_VERSION, payload)


def _unseal(magic: bytes, data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"{what} must be parsed from bytes, got {type(data).__name__}")
    payload = envelope.open_envelope(data, magic, SERIALIZATION_FORMAT_VERSION, what)
    body = load_json(payload, f"serialized {what}")
    if not isinstance(body, dict):
        raise _malformed(f"serialized {what} body must be a JSON object")
    return body


def _malformed(message: str) -> ValueError:
    # Wrong types inside serialized data are data errors: always ValueError.
    return ValueError(message)


def _check_keys(obj: Any, expected: Sequence[str], where: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise _malformed(f"{where}: expected an object, found {type(obj).__name__}")
    missing = sorted(set(expected) - set(obj))
    unknown = sorted(set(obj) - set(expected))
    if missing:
        raise ValueError(f"{where}: missing field(s) {', '.join(missing)}")
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(unknown)}")
    return obj


# ---------------------------------------------------------------------------
# Field kinds. Each knows how to check an assigned value, copy it, and turn it
# into JSON and back.


def _type_name(value: Any) -> str:
    return type(value).__name__


def _check_bool(value: Any, where: str) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{where} must be a bool, got {_type_name(value)} ({value!r})")


def _check_int(value: Any, where: str) -> int:
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return int(value)
    raise TypeError(f"{where} must be an int, got {_type_name(value)} ({value!r})")


def _check_proto_int(value: Any, where: str) -> int:
    """An int field of a protobuf message: Python bools are ints there (jax
    clears ``xla_dump_max_hlo_modules`` with False)."""
    if isinstance(value, (bool, np.bool_)):
        return int(value)
    return _check_int(value, where)


def _check_nonnegative_int(value: Any, where: str) -> int:
    result = _check_int(value, where)
    if result < 0:
        raise ValueError(f"{where} must be >= 0, got {result}")
    return result


def _check_positive_int(value: Any, where: str) -> int:
    result = _check_int(value, where)
    if result < 1:
        raise ValueError(f"{where} must be >= 1, got {result}")
    return result


def _check_float(value: Any, where: str) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (int, float, np.integer, np.floating)
    ):
        raise TypeError(f"{where} must be a float, got {_type_name(value)} ({value!r})")
    return float(value)


def _check_str(value: Any, where: str) -> str:
    if isinstance(value, str):
        return value
    raise TypeError(f"{where} must be a str, got {_type_name(value)} ({value!r})")


def _check_optional_bytes(value: Any, where: str) -> bytes | None:
    if value is None:
        return None
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError(f"{where} must be bytes or None, got {_type_name(value)}")


def _check_optional_shape(value: Any, where: str) -> Shape | None:
    if value is None or isinstance(value, Shape):
        return value
    raise TypeError(f"{where} must be a Shape or None, got {_type_name(value)}")


def _list_of(check: Callable[[Any, str], Any]) -> Callable[[Any, str], list]:
    def check_list(value: Any, where: str) -> list:
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple, np.ndarray)):
            raise TypeError(f"{where} must be a list, got {_type_name(value)}")
        return [check(item, f"{where}[{i}]") for i, item in enumerate(value)]

    return check_list


def _check_optional_shapes(value: Any, where: str) -> list[Shape] | None:
    if value is None:
        return None
    return _list_of(_check_shape)(value, where)


def _check_shape(value: Any, where: str) -> Shape:
    if isinstance(value, Shape):
        return value
    raise TypeError(f"{where} must be a Shape, got {_type_name(value)}")


_OVERRIDE_VALUE_TYPES = (str, bool, int, float)


def _check_override(value: Any, where: str) -> tuple[str, str | bool | int | float]:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"{where} must be a (name, value) pair, got {value!r}")
    name, option_value = value
    _check_str(name, f"{where} name")
    if isinstance(option_value, np.generic):
        option_value = option_value.item()
    if not isinstance(option_value, _OVERRIDE_VALUE_TYPES):
        raise TypeError(
            f"{where} value must be str, bool, int or float, got {_type_name(option_value)}"
        )
    return (name, option_value)


@dataclass(frozen=True)
class _Field:
    """One typed field: its default, its checker and its JSON conversion."""

    name: str
    default: Callable[[], Any]
    check: Callable[[Any, str], Any]
    to_json: Callable[[Any], Any] = lambda value: value
    from_json: Callable[[Any, str], Any] | None = None

    def decode(self, raw: Any, where: str) -> Any:
        try:
            value = self.from_json(raw, where) if self.from_json else raw
            return self.check(value, where)
        except TypeError as err:  # a type mismatch in data is a data error
            raise ValueError(str(err)) from None


def _plain(name: str, default: Any, check: Callable[[Any, str], Any]) -> _Field:
    return _Field(name, lambda: default, check)


def _bytes_to_json(value: bytes | None) -> str | None:
    return None if value is None else base64.b64encode(value).decode("ascii")


def _bytes_from_json(raw: Any, where: str) -> bytes | None:
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise _malformed(f"{where}: expected base64 text, found {_type_name(raw)}")
    try:
        return base64.b64decode(raw.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise ValueError(f"{where}: invalid base64 data") from None


def _shape_to_json(value: Shape | None) -> str | None:
    return None if value is None else str(value)


def _shape_from_json(raw: Any, where: str) -> Shape | None:
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise _malformed(f"{where}: expected a shape string, found {_type_name(raw)}")
    try:
        return Shape(raw)
    except ValueError as err:
        raise ValueError(f"{where}: {err}") from None


def _shapes_to_json(value: list[Shape] | None) -> list[str] | None:
    return None if value is None else [str(s) for s in value]


def _shapes_from_json(raw: Any, where: str) -> list[Shape] | None:
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise _malformed(f"{where}: expected a list, found {_type_name(raw)}")
    return [_shape_from_json(item, f"{where}[{i}]") for i, item in enumerate(raw)]


def _float_to_json(value: float) -> Any:
    # JSON has no inf/nan; keep them as tagged strings.
    return value if math.isfinite(value) else {"float": repr(value)}


def _float_from_json(raw: Any, where: str) -> Any:
    if isinstance(raw, dict):
        _check_keys(raw, ["float"], where)
        if raw["float"] not in ("inf", "-inf", "nan"):
            raise ValueError(f"{where}: invalid float {raw['float']!r}")
        return float(raw["float"])
    return raw


def _overrides_to_json(value: list[tuple[str, Any]]) -> list[list[Any]]:
    # XLA keeps the overrides in a map: serialized by name (the order they were
    # given in does not change the bytes), a repeated name's last value wins.
    by_name = dict(value)
    return [[name, _float_to_json(v) if isinstance(v, float) else v]
            for name, v in sorted(by_name.items())]


def _overrides_from_json(raw: Any, where: str) -> list[Any]:
    if not isinstance(raw, list):
        raise _malformed(f"{where}: expected a list, found {_type_name(raw)}")
    result = []
    for i, item in enumerate(raw):
        if not isinstance(item, list) or len(item) != 2:
            raise ValueError(f"{where}[{i}]: expected a [name, value] pair")
        result.append((item[0], _float_from_json(item[1], f"{where}[{i}]")))
    return result


# ---------------------------------------------------------------------------
# The base of all options classes.


def _copy_value(value: Any) -> Any:
    """Copies what can change (options, shapes, lists); the rest is immutable."""
    if hasattr(value, "_copy"):
        return value._copy()
    if isinstance(value, list):
        return [_copy_value(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_copy_value(item) for item in value)
    return value


class _Options:
    """Holds typed fields in ``_values``; see the module docstring."""

    _FIELDS: ClassVar[dict[str, _Field]] = {}
    __slots__ = ("_values",)

    def __init__(self) -> None:
        object.__setattr__(self, "_values", {name: f.default() for name, f in self._FIELDS.items()})

    def __getattr__(self, name: str) -> Any:
        # Only called when normal lookup fails, i.e. for fields and typos.
        if name != "_values":
            values = object.__getattribute__(self, "_values")
            if name in values:
                return values[name]
        raise AttributeError(self._unknown_message(name))

    def __setattr__(self, name: str, value: Any) -> None:
        field = self._FIELDS.get(name)
        if field is not None:
            self._values[name] = field.check(value, f"{type(self).__name__}.{name}")
        elif isinstance(getattr(type(self), name, None), property):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(self._unknown_message(name))

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete {type(self).__name__}.{name}")

    def _unknown_message(self, name: str) -> str:
        known = list(self._FIELDS) + [
            n for n, v in vars(type(self)).items() if isinstance(v, property)
        ]
        message = f"{type(self).__name__} has no option {name!r}"
        close = difflib.get_close_matches(name, known, n=1)
        if close:
            message += f"; did you mean {close[0]!r}?"
        return message

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) | set(self._FIELDS))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values == other._values  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable

    def _copy(self) -> Any:
        clone = object.__new__(type(self))
        object.__setattr__(clone, "_values", {})
        for name, value in self._values.items():
            clone._values[name] = _copy_value(value)
        return clone

    def __copy__(self) -> Any:
        return self._copy()

    def __deepcopy__(self, memo: dict) -> Any:
        return self._copy()

    def _to_json(self) -> dict[str, Any]:
        where = type(self).__name__
        # Re-check: lists returned by getters may have been mutated in place.
        return {
            name: f.to_json(f.check(self._values[name], f"{where}.{name}"))
            for name, f in self._FIELDS.items()
        }

    @classmethod
    def _from_json(cls, raw: Any, where: str) -> Any:
        _check_keys(raw, list(cls._FIELDS), where)
        result = cls()
        for name, f in cls._FIELDS.items():
            result._values[name] = f.decode(raw[name], f"{where}.{name}")
        return result

    def _field_reprs(self) -> list[str]:
        parts = []
        for name in self._FIELDS:
            value = self._values[name]
            shown = name.lstrip("_")
            if isinstance(value, bytes):
                parts.append(f"{shown}=<{len(value)} bytes>")
            else:
                parts.append(f"{shown}={value!r}")
        return parts

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(self._field_reprs())})"


def _nested(cls: type[_Options]) -> Callable[[Any, str], Any]:
    def check(value: Any, where: str) -> Any:
        if isinstance(value, cls):
            # Assignment copies, as XLA's value-typed options do.
            return value._copy()
        article = "an" if cls.__name__[0] in "AEIOU" else "a"
        raise TypeError(f"{where} must be {article} {cls.__name__}, got {_type_name(value)}")

    return check


def _nested_field(name: str, cls: type[_Options]) -> _Field:
    return _Field(
        name,
        cls,
        _nested(cls),
        to_json=lambda value: value._to_json(),
        from_json=lambda raw, where: cls._from_json(raw, where),
    )


# ---------------------------------------------------------------------------
# DebugOptions


class AutotuneCacheMode(enum.IntEnum):
    """``DebugOptions.xla_gpu_experimental_autotune_cache_mode``'s values (jax
    lets only process 0 write the autotuning cache)."""

    UNSPECIFIED = 0
    UPDATE = 1
    READ = 2


def _check_autotune_cache_mode(value: Any, where: str) -> AutotuneCacheMode:
    number = _check_proto_int(value, where)
    try:
        return AutotuneCacheMode(number)
    except ValueError:
        raise ValueError(f"{where} must be an AutotuneCacheMode (0, 1 or 2), got {value!r}") \
            from None


class DebugOptions(_Options):
    """Debug and optimization options for XLA, with XLA's defaults."""

    __slots__ = ()
    _FIELDS: ClassVar[dict[str, _Field]] = {
        f.name: f
        for f in [
            # The fields of the API documents.
            _plain("xla_cpu_enable_fast_math", False, _check_bool),
            _plain("xla_gpu_enable_fast_min_max", False, _check_bool),
            _plain("xla_backend_optimization_level", 3, _check_int),
            _plain("xla_cpu_enable_xprof_traceme", False, _check_bool),
            # 0: unset (jax clears it so that it does not enter its cache key).
            _plain("xla_force_host_platform_device_count", 1, _check_nonnegative_int),
            _plain("xla_dump_to", "", _check_str),
            _plain("xla_dump_hlo_module_re", "", _check_str),
            _plain("xla_dump_hlo_as_text", False, _check_bool),
            _plain("xla_dump_hlo_as_proto", False, _check_bool),
            _plain("xla_detailed_logging", True, _check_bool),
            _plain("xla_enable_dumping", True, _check_bool),
            # Other options XLA exposes and JAX sets.
            _plain("xla_cpu_enable_fast_min_max", True, _check_bool),
            _plain("xla_cpu_fast_math_honor_infs", True, _check_bool),
            _plain("xla_cpu_fast_math_honor_nans", True, _check_bool),
            _plain("xla_cpu_fast_math_honor_division", True, _check_bool),
            _plain("xla_cpu_fast_math_honor_functions", True, _check_bool),
            _plain("xla_llvm_disable_expensive_passes", False, _check_bool),
            _plain("xla_dump_hlo_pass_re", "", _check_str),
            _plain("xla_dump_hlo_as_html", False, _check_bool),
            _plain("xla_dump_include_timestamp", False, _check_bool),
            _plain("xla_dump_max_hlo_modules", -1, _check_proto_int),
            _plain("xla_allow_excess_precision", True, _check_bool),
            _plain("xla_gpu_autotune_level", 4, _check_int),
            _plain("xla_gpu_dump_autotune_results_to", "", _check_str),
            _plain("xla_gpu_load_autotune_results_from", "", _check_str),
            _plain("xla_gpu_per_fusion_autotune_cache_dir", "", _check_str),
            _plain("xla_gpu_enable_latency_hiding_scheduler", False, _check_bool),
            _plain("xla_gpu_cuda_data_dir", "./cuda_sdk_lib", _check_str),
            # Set (or cleared for its cache key) by jax 0.10.2; only dumping
            # reads a few of them here, the rest are kept for round trips.
            _plain("xla_dump_hlo_as_dot", False, _check_bool),
            _plain("xla_dump_hlo_as_url", False, _check_bool),
            _plain("xla_dump_hlo_as_long_text", False, _check_bool),
            _plain("xla_dump_hlo_snapshots", False, _check_bool),
            _plain("xla_dump_hlo_pipeline_re", "", _check_str),
            _plain("xla_dump_fusion_visualization", False, _check_bool),
            _plain("xla_dump_module_metadata", False, _check_bool),
            _plain("xla_dump_compress_protos", False, _check_bool),
            _plain("xla_dump_disable_metadata", False, _check_bool),
            _plain("xla_disable_hlo_passes", "", _check_str),
            _plain("xla_test_all_input_layouts", False, _check_bool),
            _plain("xla_gpu_experimental_autotune_cache_mode", AutotuneCacheMode.UPDATE,
                   _check_autotune_cache_mode),
            _plain("xla_gpu_kernel_cache_file", "", _check_str),
            _plain("xla_gpu_enable_llvm_module_compilation_parallelism", False, _check_bool),
            _plain("xla_embed_ir_in_executable", False, _check_bool),
        ]
    }


# ---------------------------------------------------------------------------
# DeviceAssignment


class DeviceAssignment:
    """Which device runs each (replica, computation) pair: an immutable
    ``[replica_count, computation_count]`` table of device ids."""

    __slots__ = ("_devices",)

    def __init__(self) -> None:
        raise TypeError("use DeviceAssignment.create(array) to build one")

    @staticmethod
    def create(array: Any) -> DeviceAssignment:
        """From an int array of shape ``[replicas, computations]``."""
        devices = np.asarray(array)
        if devices.ndim != 2:
            raise ValueError(
                "DeviceAssignment.create needs a 2D array [replicas, computations], "
                f"got {devices.ndim}D"
            )
        if devices.size and not np.issubdtype(devices.dtype, np.integer):
            raise TypeError(f"device ids must be integers, got an array of {devices.dtype}")
        if devices.shape[0] < 1 or devices.shape[1] < 1:
            raise ValueError(
                f"a device assignment needs at least one replica and one "
                f"computation, got shape {devices.shape}"
            )
        devices = devices.astype(np.int64)
        if (devices < 0).any():
            raise ValueError(f"device ids must be >= 0, got {devices.tolist()}")
        unique, counts = np.unique(devices, return_counts=True)
        if (counts > 1).any():
            raise ValueError(f"device id {int(unique[counts > 1][0])} is assigned more than once")
        devices.setflags(write=False)
        result = object.__new__(DeviceAssignment)
        object.__setattr__(result, "_devices", devices)
        return result

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("DeviceAssignment is immutable")

    def replica_count(self) -> int:
        return int(self._devices.shape[0])

    def computation_count(self) -> int:
        return int(self._devices.shape[1])

    def __getitem__(self, index: tuple[int, int]) -> int:
        """The device id of ``[replica, computation]``."""
        if not (isinstance(index, tuple) and len(index) == 2):
            raise TypeError("index a DeviceAssignment as [replica, computation]")
        replica = _check_int(index[0], "replica")
        computation = _check_int(index[1], "computation")
        if not 0 <= replica < self.replica_count():
            raise IndexError(f"replica {replica} out of range [0, {self.replica_count()})")
        if not 0 <= computation < self.computation_count():
            raise IndexError(
                f"computation {computation} out of range [0, {self.computation_count()})"
            )
        return int(self._devices[replica, computation])

    def to_array(self) -> np.ndarray:
        """A writable copy of the ``[replicas, computations]`` device id table."""
        return self._devices.copy()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DeviceAssignment):
            return NotImplemented
        return np.array_equal(self._devices, other._devices)

    def __hash__(self) -> int:
        return hash((self._devices.shape, self._devices.tobytes()))

    def _copy(self) -> DeviceAssignment:
        return self  # immutable

    def __repr__(self) -> str:
        computations = " ".join(
            f"Computation{c}{{{' '.join(str(d) for d in self._devices[:, c])}}}"
            for c in range(self.computation_count())
        )
        return (
            f"DeviceAssignment{{replica_count={self.replica_count()}, "
            f"computation_count={self.computation_count()}, {computations}}}"
        )

    def _to_json(self) -> dict[str, Any]:
        return {"devices": self._devices.tolist()}

    @staticmethod
    def _from_json(raw: Any, where: str) -> DeviceAssignment:
        _check_keys(raw, ["devices"], where)
        rows = raw["devices"]
        if not isinstance(rows, list) or not all(
            isinstance(row, list)
            and all(isinstance(d, int) and not isinstance(d, bool) for d in row)
            for row in rows
        ):
            raise ValueError(f"{where}.devices: expected a list of lists of ints")
        if len({len(row) for row in rows}) > 1:
            raise ValueError(f"{where}.devices: rows have different lengths")
        try:
            return DeviceAssignment.create(
                np.array(rows, dtype=np.int64).reshape(len(rows), len(rows[0]) if rows else 0)
            )
        except (TypeError, ValueError, OverflowError) as err:
            raise ValueError(f"{where}: {err}") from None

    def serialize(self) -> bytes:
        return _seal(DEVICE_ASSIGNMENT_MAGIC, {"device_assignment": self._to_json()})

    @staticmethod
    def deserialize(data: bytes) -> DeviceAssignment:
        body = _unseal(DEVICE_ASSIGNMENT_MAGIC, data, "DeviceAssignment")
        _check_keys(body, ["device_assignment"], "DeviceAssignment")
        return DeviceAssignment._from_json(body["device_assignment"], "DeviceAssignment")


def _check_optional_device_assignment(value: Any, where: str) -> DeviceAssignment | None:
    if value is None or isinstance(value, DeviceAssignment):
        return value
    raise TypeError(f"{where} must be a DeviceAssignment or None, got {_type_name(value)}")


def _device_assignment_field(name: str) -> _Field:
    return _Field(
        name,
        lambda: None,
        _check_optional_device_assignment,
        to_json=lambda v: None if v is None else v._to_json(),
        from_json=lambda raw, where: (
            None if raw is None else DeviceAssignment._from_json(raw, where)
        ),
    )


# ---------------------------------------------------------------------------
# ExecutableBuildOptions


class ExecutableBuildOptions(_Options):
    """Options for building one executable, with XLA's defaults."""

    __slots__ = ()
    _FIELDS: ClassVar[dict[str, _Field]] = {
        f.name: f
        for f in [
            _Field(
                "result_layout",
                lambda: None,
                _check_optional_shape,
                to_json=_shape_to_json,
                from_json=_shape_from_json,
            ),
            _Field(
                "fdo_profile",
                lambda: None,
                _check_optional_bytes,
                to_json=_bytes_to_json,
                from_json=_bytes_from_json,
            ),
            _plain("num_replicas", 1, _check_positive_int),
            _plain("num_partitions", 1, _check_positive_int),
            _nested_field("debug_options", DebugOptions),
            _device_assignment_field("device_assignment"),
            _plain("use_spmd_partitioning", False, _check_bool),
            _plain("use_auto_spmd_partitioning", False, _check_bool),
            _Field("auto_spmd_partitioning_mesh_shape", list, _list_of(_check_int)),
            _Field("auto_spmd_partitioning_mesh_ids", list, _list_of(_check_int)),
            _plain("use_shardy_partitioner", False, _check_bool),
            _Field(
                "exec_time_optimization_effort",
                lambda: 0.0,
                _check_float,
                to_json=_float_to_json,
                from_json=_float_from_json,
            ),
            _Field(
                "memory_fitting_effort",
                lambda: 0.0,
                _check_float,
                to_json=_float_to_json,
                from_json=_float_from_json,
            ),
            # jax sets these from its EffortLevel configs (ints, 0 = unknown).
            _plain("optimization_level", 0, _check_int),
            _plain("memory_fitting_level", 0, _check_int),
            _Field(
                "allow_spmd_sharding_propagation_to_parameters",
                lambda: [False],
                _list_of(_check_bool),
            ),
            _Field(
                "allow_spmd_sharding_propagation_to_output",
                lambda: [False],
                _list_of(_check_bool),
            ),
            # Set through compilation_environments_from_serialized_proto.
            _Field(
                "_compilation_environments",
                lambda: None,
                _check_optional_bytes,
                to_json=_bytes_to_json,
                from_json=_bytes_from_json,
            ),
        ]
    }

    def compilation_environments_from_serialized_proto(self, serialized_proto: bytes) -> None:
        """Records a serialized CompilationEnvironmentsProto. The bytes are
        kept verbatim (and serialized with the options) for the compiler to
        read; they are not interpreted here."""
        if not isinstance(serialized_proto, (bytes, bytearray, memoryview)):
            raise TypeError(
                "compilation_environments_from_serialized_proto takes bytes, got "
                f"{_type_name(serialized_proto)}"
            )
        self._values["_compilation_environments"] = bytes(serialized_proto)

    @property
    def serialized_compilation_environments(self) -> bytes | None:
        """The bytes given to compilation_environments_from_serialized_proto."""
        return self._values["_compilation_environments"]


# ---------------------------------------------------------------------------
# CompileOptions


class CompileOptions(_Options):
    """Options for one compilation. ``num_replicas``, ``num_partitions`` and
    ``device_assignment`` are those of ``executable_build_options``, and
    ``tuple_arguments`` is ``parameter_is_tupled_arguments``, as in XLA."""

    __slots__ = ()
    _FIELDS: ClassVar[dict[str, _Field]] = {
        f.name: f
        for f in [
            _Field(
                "argument_layouts",
                lambda: None,
                _check_optional_shapes,
                to_json=_shapes_to_json,
                from_json=_shapes_from_json,
            ),
            _plain("parameter_is_tupled_arguments", False, _check_bool),
            _nested_field("executable_build_options", ExecutableBuildOptions),
            _plain("profile_version", 0, _check_int),
            _plain("compile_portable_executable", False, _check_bool),
            _Field(
                "env_option_overrides",
                list,
                _list_of(_check_override),
                to_json=_overrides_to_json,
                from_json=_overrides_from_json,
            ),
        ]
    }

    @property
    def tuple_arguments(self) -> bool:
        return self.parameter_is_tupled_arguments

    @tuple_arguments.setter
    def tuple_arguments(self, value: bool) -> None:
        self.parameter_is_tupled_arguments = value

    @property
    def num_replicas(self) -> int:
        return self.executable_build_options.num_replicas

    @num_replicas.setter
    def num_replicas(self, value: int) -> None:
        self.executable_build_options.num_replicas = value

    @property
    def num_partitions(self) -> int:
        return self.executable_build_options.num_partitions

    @num_partitions.setter
    def num_partitions(self, value: int) -> None:
        self.executable_build_options.num_partitions = value

    @property
    def device_assignment(self) -> DeviceAssignment | None:
        return self.executable_build_options.device_assignment

    @device_assignment.setter
    def device_assignment(self, value: DeviceAssignment | None) -> None:
        self.executable_build_options.device_assignment = value

    def SerializeAsString(self) -> bytes:  # XLA's (protobuf) spelling
        """These options as bytes in our versioned format (see module doc)."""
        return _seal(COMPILE_OPTIONS_MAGIC, {"compile_options": self._to_json()})

    @staticmethod
    def ParseFromString(s: bytes) -> CompileOptions:  # XLA's (protobuf) spelling
        """Options from ``SerializeAsString`` bytes; ValueError if invalid."""
        body = _unseal(COMPILE_OPTIONS_MAGIC, s, "CompileOptions")
        _check_keys(body, ["compile_options"], "CompileOptions")
        return CompileOptions._from_json(body["compile_options"], "CompileOptions")


# ---------------------------------------------------------------------------
# Options that come with a serialized executable.

# The DebugOptions fields that only shape the compiled code. Every other field
# can act on the loading process (dump directories and files, the dump and pass
# regexes, autotuning result files and cache directories, the CUDA library
# directory, logging, profiler hooks, the host device count), so a serialized
# executable's values for them are dropped on load. An allowlist: a field
# added later is dropped until it is known to be harmless.
LOAD_SAFE_DEBUG_OPTIONS = frozenset({
    "xla_cpu_enable_fast_math",
    "xla_gpu_enable_fast_min_max",
    "xla_backend_optimization_level",
    "xla_cpu_enable_fast_min_max",
    "xla_cpu_fast_math_honor_infs",
    "xla_cpu_fast_math_honor_nans",
    "xla_cpu_fast_math_honor_division",
    "xla_cpu_fast_math_honor_functions",
    "xla_llvm_disable_expensive_passes",
    "xla_allow_excess_precision",
    "xla_gpu_autotune_level",
    "xla_gpu_enable_latency_hiding_scheduler",
})


def without_side_effects(options: CompileOptions,
                         debug_options: DebugOptions | None = None) -> CompileOptions:
    """A copy of options read from a serialized executable, safe to compile
    with: DebugOptions fields outside ``LOAD_SAFE_DEBUG_OPTIONS`` take their
    defaults, or the loading process's own values from ``debug_options``,
    and ``env_option_overrides`` naming such fields are dropped."""
    if not isinstance(options, CompileOptions):
        raise TypeError(f"options must be CompileOptions, got {_type_name(options)}")
    result = options._copy()
    stored = result.executable_build_options.debug_options
    own = debug_options._copy() if debug_options is not None else DebugOptions()
    for name in DebugOptions._FIELDS:
        if name in LOAD_SAFE_DEBUG_OPTIONS:
            own._values[name] = stored._values[name]
    result.executable_build_options._values["debug_options"] = own
    result._values["env_option_overrides"] = [
        (name, value) for name, value in result.env_option_overrides
        if name in LOAD_SAFE_DEBUG_OPTIONS
    ]
    return result


# ---------------------------------------------------------------------------
# Compile options given as (name, value) overrides (jax's ``compiler_options``).

# ExecutableBuildOptions fields an override may set; every other name must be
# a DebugOptions field.
_BUILD_OVERRIDES = ("exec_time_optimization_effort", "memory_fitting_effort",
                    "optimization_level", "memory_fitting_level")


def _override_value(name: str, value: Any, default: Any) -> Any:
    """``value`` as the field's type; strings are parsed as XLA parses flag
    values (``"true"``/``"false"``, numbers)."""
    if not isinstance(value, str) or isinstance(default, str):
        return value
    if isinstance(default, bool):
        if value.lower() in ("true", "false"):
            return value.lower() == "true"
        raise ValueError(f"'{value}' is not a valid bool value.")
    try:
        return int(value) if isinstance(default, int) else float(value)
    except ValueError:
        kind = "int" if isinstance(default, int) else "float"
        raise ValueError(f"'{value}' is not a valid {kind} value.") from None


def apply_option_overrides(options: CompileOptions) -> CompileOptions:
    """``options`` with its ``env_option_overrides`` applied to the debug and
    build options (a copy; ``options`` itself is unchanged). A value of the
    wrong type, or a name that is neither an option here nor an XLA flag
    (``xla_*``), raises ValueError with XLA's message. XLA flags this compiler
    does not model tune passes of XLA's that do not exist here: they are
    accepted and have no effect, so programs that pass them compile as with
    the reference."""
    overrides = options.env_option_overrides
    if not overrides:
        return options
    result = options._copy()
    build = result.executable_build_options
    debug = build.debug_options
    for name, value in overrides:
        if name in _BUILD_OVERRIDES:
            target = build
        elif name in DebugOptions._FIELDS:
            target = debug
        elif isinstance(name, str) and name.startswith("xla_"):
            continue
        else:
            raise ValueError(f"No such compile option: '{name}'")
        default = target._FIELDS[name].default()
        try:
            setattr(target, name, _override_value(name, value, default))
        except TypeError as err:
            raise ValueError(f"compile option '{name}': {err}") from None
    return result
