"""Tests for DebugOptions, ExecutableBuildOptions, DeviceAssignment and
CompileOptions, including the serialized format."""

from __future__ import annotations

import copy
import hashlib
import json

import numpy as np
import pytest

from jaxlib._src.base import envelope
from jaxlib._src.runtime import options
from jaxlib._src.runtime.options import (
    COMPILE_OPTIONS_MAGIC,
    DEVICE_ASSIGNMENT_MAGIC,
    SERIALIZATION_FORMAT_VERSION,
    AutotuneCacheMode,
    CompileOptions,
    DebugOptions,
    DeviceAssignment,
    ExecutableBuildOptions,
)
from jaxlib._src.runtime.types import Shape

HEADER = envelope.HEADER


def reseal(body: dict, magic: bytes = COMPILE_OPTIONS_MAGIC,
           version: int = SERIALIZATION_FORMAT_VERSION) -> bytes:
    """Builds a well-formed envelope around an arbitrary JSON body, so tests can
    reach the schema checks behind the checksum."""
    return envelope.seal(magic, version, json.dumps(body).encode("utf-8"))


def body_of(data: bytes) -> dict:
    return json.loads(data[HEADER.size :])


def fully_populated() -> CompileOptions:
    opts = CompileOptions()
    opts.argument_layouts = [Shape("f32[2,3]{0,1}"), Shape("(s32[], token[])")]
    opts.parameter_is_tupled_arguments = True
    opts.profile_version = 7
    opts.compile_portable_executable = True
    opts.env_option_overrides = [
        ("xla_gpu_flag", "on"),
        ("xla_bool", True),
        ("xla_int", 12),
        ("xla_float", 0.25),
        ("xla_inf", float("inf")),
    ]
    build = ExecutableBuildOptions()
    build.result_layout = Shape("f32[<=4,?]")
    build.fdo_profile = b"\x00profile\xff"
    build.num_replicas = 2
    build.num_partitions = 2
    build.device_assignment = DeviceAssignment.create(np.array([[0, 1], [2, 3]]))
    build.use_spmd_partitioning = True
    build.use_auto_spmd_partitioning = True
    build.auto_spmd_partitioning_mesh_shape = [2, 2]
    build.auto_spmd_partitioning_mesh_ids = [0, 1, 2, 3]
    build.use_shardy_partitioner = True
    build.exec_time_optimization_effort = -0.5
    build.memory_fitting_effort = 1.0
    build.allow_spmd_sharding_propagation_to_parameters = [True, False]
    build.allow_spmd_sharding_propagation_to_output = [True]
    build.compilation_environments_from_serialized_proto(b"\x0a\x03env")
    debug = build.debug_options
    debug.xla_cpu_enable_fast_math = True
    debug.xla_gpu_enable_fast_min_max = True
    debug.xla_backend_optimization_level = 1
    debug.xla_cpu_enable_xprof_traceme = True
    debug.xla_force_host_platform_device_count = 8
    debug.xla_dump_to = "/tmp/dump \u00e9"
    debug.xla_dump_hlo_module_re = "jit_.*"
    debug.xla_dump_hlo_as_text = True
    debug.xla_dump_hlo_as_proto = True
    debug.xla_detailed_logging = False
    debug.xla_enable_dumping = False
    debug.xla_cpu_fast_math_honor_nans = False
    opts.executable_build_options = build
    return opts


def test_module_exports_exist():
    for name in options.__all__:
        assert hasattr(options, name), name


# DebugOptions ---------------------------------------------------------------

DEBUG_DEFAULTS = {
    "xla_cpu_enable_fast_math": False,
    "xla_gpu_enable_fast_min_max": False,
    "xla_backend_optimization_level": 3,
    "xla_cpu_enable_xprof_traceme": False,
    "xla_force_host_platform_device_count": 1,
    "xla_dump_to": "",
    "xla_dump_hlo_module_re": "",
    "xla_dump_hlo_as_text": False,
    "xla_dump_hlo_as_proto": False,
    "xla_detailed_logging": True,
    "xla_enable_dumping": True,
    "xla_cpu_enable_fast_min_max": True,
    "xla_cpu_fast_math_honor_infs": True,
    "xla_cpu_fast_math_honor_nans": True,
    "xla_cpu_fast_math_honor_division": True,
    "xla_cpu_fast_math_honor_functions": True,
    "xla_llvm_disable_expensive_passes": False,
    "xla_dump_hlo_pass_re": "",
    "xla_dump_hlo_as_html": False,
    "xla_dump_include_timestamp": False,
    "xla_dump_max_hlo_modules": -1,
    "xla_allow_excess_precision": True,
    "xla_gpu_autotune_level": 4,
    "xla_gpu_dump_autotune_results_to": "",
    "xla_gpu_load_autotune_results_from": "",
    "xla_gpu_per_fusion_autotune_cache_dir": "",
    "xla_gpu_enable_latency_hiding_scheduler": False,
    "xla_gpu_cuda_data_dir": "./cuda_sdk_lib",
    "xla_dump_hlo_as_dot": False,
    "xla_dump_hlo_as_url": False,
    "xla_dump_hlo_as_long_text": False,
    "xla_dump_hlo_snapshots": False,
    "xla_dump_hlo_pipeline_re": "",
    "xla_dump_fusion_visualization": False,
    "xla_dump_module_metadata": False,
    "xla_dump_compress_protos": False,
    "xla_dump_disable_metadata": False,
    "xla_disable_hlo_passes": "",
    "xla_test_all_input_layouts": False,
    "xla_gpu_experimental_autotune_cache_mode": AutotuneCacheMode.UPDATE,  # XLA's default
    "xla_gpu_kernel_cache_file": "",
    "xla_gpu_enable_llvm_module_compilation_parallelism": False,
    "xla_embed_ir_in_executable": False,
}


def test_debug_options_defaults_are_xlas():
    debug = DebugOptions()
    for name, default in DEBUG_DEFAULTS.items():
        assert getattr(debug, name) == default, name
        assert type(getattr(debug, name)) is type(default), name
    assert set(DebugOptions._FIELDS) == set(DEBUG_DEFAULTS)


def test_debug_options_assignment_and_repr():
    debug = DebugOptions()
    debug.xla_backend_optimization_level = np.int64(0)
    debug.xla_dump_hlo_as_text = np.bool_(True)
    debug.xla_dump_to = "/tmp/out"
    assert debug.xla_backend_optimization_level == 0
    assert type(debug.xla_backend_optimization_level) is int
    assert debug.xla_dump_hlo_as_text is True
    text = repr(debug)
    assert text.startswith("DebugOptions(xla_cpu_enable_fast_math=False, ")
    for name in DEBUG_DEFAULTS:
        assert f"{name}=" in text
    assert "xla_dump_to='/tmp/out'" in text
    assert "xla_backend_optimization_level=0" in text


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("xla_cpu_enable_fast_math", 1),
        ("xla_cpu_enable_fast_math", "true"),
        ("xla_backend_optimization_level", True),
        ("xla_backend_optimization_level", 2.0),
        ("xla_dump_to", b"/tmp"),
        ("xla_dump_to", None),
    ],
)
def test_debug_options_wrong_type(name, value):
    with pytest.raises(TypeError, match=f"DebugOptions.{name} must be a"):
        setattr(DebugOptions(), name, value)


def test_debug_options_typo_and_range():
    debug = DebugOptions()
    with pytest.raises(AttributeError, match="did you mean 'xla_dump_to'"):
        debug.xla_dump_tos = "/tmp"
    with pytest.raises(AttributeError, match="DebugOptions has no option 'nonsense'"):
        debug.nonsense = 1
    with pytest.raises(AttributeError, match="has no option 'xla_dump_tos'"):
        _ = debug.xla_dump_tos
    debug.xla_force_host_platform_device_count = 0  # unset: jax clears it for its cache key
    with pytest.raises(ValueError, match="must be >= 0"):
        debug.xla_force_host_platform_device_count = -1
    with pytest.raises(AttributeError, match="cannot delete"):
        del debug.xla_dump_to
    assert "xla_dump_to" in dir(debug)


def test_debug_options_equality_and_copy():
    a, b = DebugOptions(), DebugOptions()
    assert a == b
    b.xla_dump_to = "/x"
    assert a != b
    c = copy.copy(b)
    assert c == b
    c.xla_dump_to = "/y"
    assert b.xla_dump_to == "/x"
    assert a != "DebugOptions"
    with pytest.raises(TypeError, match="unhashable"):
        hash(a)


# ExecutableBuildOptions -------------------------------------------------------


def test_executable_build_options_defaults():
    build = ExecutableBuildOptions()
    assert build.result_layout is None
    assert build.fdo_profile is None
    assert build.num_replicas == 1
    assert build.num_partitions == 1
    assert build.debug_options == DebugOptions()
    assert build.device_assignment is None
    assert build.use_spmd_partitioning is False
    assert build.use_auto_spmd_partitioning is False
    assert build.auto_spmd_partitioning_mesh_shape == []
    assert build.auto_spmd_partitioning_mesh_ids == []
    assert build.use_shardy_partitioner is False
    assert build.exec_time_optimization_effort == 0.0
    assert build.memory_fitting_effort == 0.0
    assert build.allow_spmd_sharding_propagation_to_parameters == [False]
    assert build.allow_spmd_sharding_propagation_to_output == [False]
    assert build.serialized_compilation_environments is None


def test_executable_build_options_debug_options_is_mutable_in_place():
    build = ExecutableBuildOptions()
    build.debug_options.xla_backend_optimization_level = 2
    assert build.debug_options.xla_backend_optimization_level == 2


def test_executable_build_options_assignment_copies():
    debug = DebugOptions()
    build = ExecutableBuildOptions()
    build.debug_options = debug
    debug.xla_dump_to = "/later"
    assert build.debug_options.xla_dump_to == ""
    mesh = [2, 4]
    build.auto_spmd_partitioning_mesh_shape = mesh
    mesh.append(8)
    assert build.auto_spmd_partitioning_mesh_shape == [2, 4]
    build.auto_spmd_partitioning_mesh_ids = (np.int32(0), 1)
    assert build.auto_spmd_partitioning_mesh_ids == [0, 1]
    build.exec_time_optimization_effort = 1
    assert build.exec_time_optimization_effort == 1.0
    build.fdo_profile = bytearray(b"ab")
    assert build.fdo_profile == b"ab"


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("num_replicas", "x", "num_replicas must be an int"),
        ("num_partitions", 1.0, "num_partitions must be an int"),
        ("result_layout", "f32[2]", "result_layout must be a Shape or None"),
        ("fdo_profile", "profile", "fdo_profile must be bytes or None"),
        ("debug_options", {}, "debug_options must be a DebugOptions"),
        ("device_assignment", [[0]], "device_assignment must be a DeviceAssignment"),
        ("use_spmd_partitioning", 1, "use_spmd_partitioning must be a bool"),
        ("auto_spmd_partitioning_mesh_shape", 4, "mesh_shape must be a list"),
        ("auto_spmd_partitioning_mesh_ids", [1, "2"], r"mesh_ids\[1\] must be an int"),
        ("exec_time_optimization_effort", "high", "must be a float"),
        ("memory_fitting_effort", True, "must be a float"),
        ("allow_spmd_sharding_propagation_to_output", [1], r"output\[0\] must be a bool"),
        ("allow_spmd_sharding_propagation_to_parameters", "yes", "must be a list"),
    ],
)
def test_executable_build_options_wrong_type(name, value, message):
    with pytest.raises(TypeError, match=message):
        setattr(ExecutableBuildOptions(), name, value)


def test_executable_build_options_range_and_typo():
    build = ExecutableBuildOptions()
    with pytest.raises(ValueError, match="num_replicas must be >= 1"):
        build.num_replicas = 0
    with pytest.raises(AttributeError, match="did you mean 'num_partitions'"):
        build.num_partition = 2
    with pytest.raises(AttributeError, match="has no option"):
        build.serialized_compilation_environments_typo = b""


def test_compilation_environments():
    build = ExecutableBuildOptions()
    build.compilation_environments_from_serialized_proto(b"\x0a\x01x")
    assert build.serialized_compilation_environments == b"\x0a\x01x"
    assert "compilation_environments=<3 bytes>" in repr(build)
    with pytest.raises(TypeError, match="takes bytes, got str"):
        build.compilation_environments_from_serialized_proto("proto")


def test_executable_build_options_repr():
    build = ExecutableBuildOptions()
    build.fdo_profile = b"12345"
    build.result_layout = Shape("f32[2]")
    text = repr(build)
    assert text.startswith("ExecutableBuildOptions(result_layout=f32[2]{0}, ")
    assert "fdo_profile=<5 bytes>" in text
    assert "num_replicas=1" in text
    assert "debug_options=DebugOptions(" in text
    assert "allow_spmd_sharding_propagation_to_output=[False]" in text


# DeviceAssignment -------------------------------------------------------------


def test_device_assignment_basics():
    assignment = DeviceAssignment.create(np.array([[0, 1], [2, 3], [4, 5]]))
    assert assignment.replica_count() == 3
    assert assignment.computation_count() == 2
    assert assignment[0, 0] == 0
    assert assignment[2, 1] == 5
    assert assignment[np.int64(1), 0] == 2
    np.testing.assert_array_equal(assignment.to_array(), [[0, 1], [2, 3], [4, 5]])
    assert repr(assignment) == (
        "DeviceAssignment{replica_count=3, computation_count=2, "
        "Computation0{0 2 4} Computation1{1 3 5}}"
    )


def test_device_assignment_is_immutable():
    source = np.array([[3], [1]])
    assignment = DeviceAssignment.create(source)
    source[0, 0] = 9
    assert assignment[0, 0] == 3
    assignment.to_array()[0, 0] = 9
    assert assignment[0, 0] == 3
    with pytest.raises(AttributeError, match="immutable"):
        assignment.replicas = 2
    with pytest.raises(TypeError, match="DeviceAssignment.create"):
        DeviceAssignment()


def test_device_assignment_equality_and_hash():
    a = DeviceAssignment.create(np.array([[0], [1]]))
    b = DeviceAssignment.create([[0], [1]])
    assert a == b
    assert hash(a) == hash(b)
    assert a != DeviceAssignment.create(np.array([[1], [0]]))
    assert a != DeviceAssignment.create(np.array([[0, 1]]))
    assert a != [[0], [1]]


def test_device_assignment_serialize_round_trip():
    assignment = DeviceAssignment.create(np.array([[4, 5, 6], [7, 8, 9]], dtype=np.int32))
    data = assignment.serialize()
    assert isinstance(data, bytes)
    assert data.startswith(DEVICE_ASSIGNMENT_MAGIC)
    again = DeviceAssignment.deserialize(data)
    assert again == assignment
    assert again.replica_count() == 2
    assert again.computation_count() == 3


def test_device_assignment_create_errors():
    with pytest.raises(ValueError, match="needs a 2D array"):
        DeviceAssignment.create(np.array([0, 1]))
    with pytest.raises(TypeError, match="must be integers"):
        DeviceAssignment.create(np.array([[0.0]]))
    with pytest.raises(ValueError, match="at least one replica"):
        DeviceAssignment.create(np.zeros((0, 1), dtype=int))
    with pytest.raises(ValueError, match="must be >= 0"):
        DeviceAssignment.create(np.array([[-1]]))
    with pytest.raises(ValueError, match="device id 2 is assigned more than once"):
        DeviceAssignment.create(np.array([[2], [2]]))


def test_device_assignment_index_errors():
    assignment = DeviceAssignment.create(np.array([[0], [1]]))
    with pytest.raises(IndexError, match="replica 2 out of range"):
        assignment[2, 0]
    with pytest.raises(IndexError, match="computation 1 out of range"):
        assignment[0, 1]
    with pytest.raises(TypeError, match=r"\[replica, computation\]"):
        assignment[0]
    with pytest.raises(TypeError, match="replica must be an int"):
        assignment[0.0, 0]


def test_device_assignment_deserialize_errors():
    with pytest.raises(ValueError, match="not a serialized DeviceAssignment"):
        DeviceAssignment.deserialize(fully_populated().SerializeAsString())
    body = {"device_assignment": {"devices": [[0, 1], [2]]}}
    with pytest.raises(ValueError, match="rows have different lengths"):
        DeviceAssignment.deserialize(reseal(body, DEVICE_ASSIGNMENT_MAGIC))
    body = {"device_assignment": {"devices": [[0, True]]}}
    with pytest.raises(ValueError, match="list of lists of ints"):
        DeviceAssignment.deserialize(reseal(body, DEVICE_ASSIGNMENT_MAGIC))
    body = {"device_assignment": {"devices": []}}
    with pytest.raises(ValueError, match="at least one replica"):
        DeviceAssignment.deserialize(reseal(body, DEVICE_ASSIGNMENT_MAGIC))
    body = {"device_assignment": {"devices": [[0]]}, "extra": 1}
    with pytest.raises(ValueError, match="unknown field"):
        DeviceAssignment.deserialize(reseal(body, DEVICE_ASSIGNMENT_MAGIC))


# CompileOptions ---------------------------------------------------------------


def test_compile_options_defaults():
    opts = CompileOptions()
    assert opts.argument_layouts is None
    assert opts.parameter_is_tupled_arguments is False
    assert opts.tuple_arguments is False
    assert opts.executable_build_options == ExecutableBuildOptions()
    assert opts.num_replicas == 1
    assert opts.num_partitions == 1
    assert opts.profile_version == 0
    assert opts.device_assignment is None
    assert opts.compile_portable_executable is False
    assert opts.env_option_overrides == []


def test_compile_options_forward_to_build_options():
    opts = CompileOptions()
    opts.num_replicas = 4
    opts.num_partitions = 2
    assignment = DeviceAssignment.create(np.arange(8).reshape(4, 2))
    opts.device_assignment = assignment
    build = opts.executable_build_options
    assert build.num_replicas == 4
    assert build.num_partitions == 2
    assert build.device_assignment == assignment
    opts.tuple_arguments = True
    assert opts.parameter_is_tupled_arguments is True
    opts.parameter_is_tupled_arguments = False
    assert opts.tuple_arguments is False
    with pytest.raises(TypeError, match="ExecutableBuildOptions.num_replicas must be an int"):
        opts.num_replicas = "x"
    with pytest.raises(TypeError, match="parameter_is_tupled_arguments must be a bool"):
        opts.tuple_arguments = "yes"


def test_compile_options_seed_usage_example():
    compile_options = CompileOptions()
    compile_options.num_replicas = 1
    compile_options.num_partitions = 1
    build_options = ExecutableBuildOptions()
    build_options.debug_options.xla_backend_optimization_level = 2
    build_options.debug_options.xla_dump_hlo_as_text = True
    compile_options.executable_build_options = build_options
    debug = compile_options.executable_build_options.debug_options
    assert debug.xla_backend_optimization_level == 2
    assert debug.xla_dump_hlo_as_text is True


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("argument_layouts", [Shape("f32[]"), "f32[]"], r"argument_layouts\[1\] must be a Shape"),
        ("argument_layouts", Shape("f32[]"), "argument_layouts must be a list"),
        ("executable_build_options", DebugOptions(), "must be an ExecutableBuildOptions"),
        ("profile_version", "1", "profile_version must be an int"),
        ("compile_portable_executable", None, "must be a bool"),
        ("env_option_overrides", [("a",)], r"env_option_overrides\[0\] must be a \(name, value\)"),
        ("env_option_overrides", [(1, "a")], r"env_option_overrides\[0\] name must be a str"),
        ("env_option_overrides", [("a", None)], "value must be str, bool, int or float"),
        ("env_option_overrides", "a=b", "must be a list"),
    ],
)
def test_compile_options_wrong_type(name, value, message):
    with pytest.raises(TypeError, match=message):
        setattr(CompileOptions(), name, value)


def test_compile_options_typo():
    with pytest.raises(AttributeError, match="did you mean 'num_replicas'"):
        CompileOptions().num_replica = 2
    with pytest.raises(AttributeError, match="did you mean 'tuple_arguments'"):
        CompileOptions().tuple_argument = True


def test_compile_options_env_overrides_normalized():
    opts = CompileOptions()
    opts.env_option_overrides = [["a", "b"], ("n", np.int32(3))]
    assert opts.env_option_overrides == [("a", "b"), ("n", 3)]
    assert type(opts.env_option_overrides[1][1]) is int


def test_compile_options_repr():
    text = repr(fully_populated())
    assert text.startswith("CompileOptions(argument_layouts=[f32[2,3]{0,1}, (s32[], token[])], ")
    assert "executable_build_options=ExecutableBuildOptions(" in text
    assert "device_assignment=DeviceAssignment{replica_count=2" in text
    assert "env_option_overrides=[('xla_gpu_flag', 'on')" in text


def test_default_compile_options_round_trip():
    data = CompileOptions().SerializeAsString()
    assert isinstance(data, bytes)
    assert data.startswith(COMPILE_OPTIONS_MAGIC)
    assert CompileOptions.ParseFromString(data) == CompileOptions()


def test_fully_populated_round_trip_preserves_every_field():
    original = fully_populated()
    data = original.SerializeAsString()
    parsed = CompileOptions.ParseFromString(data)
    # The overrides are a map in XLA: they come back by name.
    assert parsed.env_option_overrides == sorted(original.env_option_overrides)
    parsed.env_option_overrides = original.env_option_overrides
    assert parsed == original
    assert parsed.SerializeAsString() == data
    assert parsed.argument_layouts == [Shape("f32[2,3]{0,1}"), Shape("(s32[], token[])")]
    overrides = dict(parsed.env_option_overrides)
    assert overrides["xla_bool"] is True
    assert type(overrides["xla_int"]) is int
    assert type(overrides["xla_float"]) is float
    assert overrides["xla_inf"] == float("inf")
    build = parsed.executable_build_options
    assert build.result_layout == Shape("f32[<=4,?]")
    assert build.fdo_profile == b"\x00profile\xff"
    assert build.device_assignment[1, 0] == 2
    assert build.serialized_compilation_environments == b"\x0a\x03env"
    assert build.exec_time_optimization_effort == -0.5
    assert build.allow_spmd_sharding_propagation_to_parameters == [True, False]
    assert build.debug_options.xla_dump_to == "/tmp/dump \u00e9"
    assert build.debug_options.xla_cpu_fast_math_honor_nans is False
    assert parsed.num_replicas == 2
    assert parsed.tuple_arguments is True


def test_nan_effort_round_trips():
    opts = CompileOptions()
    opts.executable_build_options.memory_fitting_effort = float("nan")
    parsed = CompileOptions.ParseFromString(opts.SerializeAsString())
    assert np.isnan(parsed.executable_build_options.memory_fitting_effort)


def test_serialization_rechecks_lists_mutated_in_place():
    opts = CompileOptions()
    opts.env_option_overrides.append(("ok", object()))
    with pytest.raises(TypeError, match="value must be str, bool, int or float"):
        opts.SerializeAsString()


def test_serialized_header_layout():
    data = CompileOptions().SerializeAsString()
    magic, version, length, digest = HEADER.unpack_from(data)
    assert magic == b"JXLCOPT\0"
    assert version == SERIALIZATION_FORMAT_VERSION == 2
    assert length == len(data) - HEADER.size
    assert digest == hashlib.sha256(data[HEADER.size :]).digest()
    assert "compile_options" in body_of(data)


def test_parse_rejects_non_bytes():
    with pytest.raises(TypeError, match="must be parsed from bytes, got str"):
        CompileOptions.ParseFromString("JXLCOPT")


def test_parse_accepts_bytearray():
    data = bytearray(CompileOptions().SerializeAsString())
    assert CompileOptions.ParseFromString(data) == CompileOptions()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "expected the magic prefix b'JXLCOPT', found b''"),
        (b"garbage garbage garbage", "not a serialized CompileOptions"),
        (b"\x08\x01\x10\x01", "not a serialized CompileOptions"),
        (b"JXLDASN" + b"\x00" * 60, "found b'JXLDASN'"),
        (b"JXLCOPT\x00\x01", "truncated: 9 bytes, shorter than its 52-byte header"),
        (b"JXLCOPT\x01" + b"\x00" * 60, "found b'JXLCOPT'"),
    ],
)
def test_parse_garbage_and_wrong_magic(data, message):
    with pytest.raises(ValueError, match=message):
        CompileOptions.ParseFromString(data)


def test_parse_truncated_body():
    data = fully_populated().SerializeAsString()
    with pytest.raises(ValueError, match="truncated: the header announces a"):
        CompileOptions.ParseFromString(data[:-10])


def test_parse_trailing_bytes():
    data = CompileOptions().SerializeAsString()
    with pytest.raises(ValueError, match="3 unexpected trailing bytes"):
        CompileOptions.ParseFromString(data + b"xyz")


def test_parse_future_and_invalid_versions():
    data = bytearray(CompileOptions().SerializeAsString())
    data[8:12] = (3).to_bytes(4, "little")
    with pytest.raises(ValueError, match="format version 3, newer than the version"):
        CompileOptions.ParseFromString(bytes(data))
    data[8:12] = (1).to_bytes(4, "little")
    with pytest.raises(ValueError, match="old or invalid format version 1"):
        CompileOptions.ParseFromString(bytes(data))
    data[8:12] = (0).to_bytes(4, "little")
    with pytest.raises(ValueError, match="invalid format version 0"):
        CompileOptions.ParseFromString(bytes(data))


def test_parse_tampered_body_fails_checksum():
    data = bytearray(fully_populated().SerializeAsString())
    body = bytes(data[HEADER.size :])
    position = HEADER.size + body.index(b'"num_replicas":2') + len('"num_replicas":')
    data[position : position + 1] = b"3"
    with pytest.raises(ValueError, match="fails its checksum"):
        CompileOptions.ParseFromString(bytes(data))


def test_parse_tampered_digest_fails_checksum():
    data = bytearray(CompileOptions().SerializeAsString())
    data[20] ^= 0xFF
    with pytest.raises(ValueError, match="fails its checksum"):
        CompileOptions.ParseFromString(bytes(data))


def _valid_body() -> dict:
    return body_of(fully_populated().SerializeAsString())


def test_parse_malformed_json_body():
    payload = b"{not json"
    data = envelope.seal(COMPILE_OPTIONS_MAGIC, SERIALIZATION_FORMAT_VERSION, payload)
    with pytest.raises(ValueError, match="malformed body"):
        CompileOptions.ParseFromString(data)
    payload = b'{"compile_options": NaN}'
    data = envelope.seal(COMPILE_OPTIONS_MAGIC, SERIALIZATION_FORMAT_VERSION, payload)
    with pytest.raises(ValueError, match="non-standard JSON constant NaN"):
        CompileOptions.ParseFromString(data)
    with pytest.raises(ValueError, match="body must be a JSON object"):
        CompileOptions.ParseFromString(reseal([1, 2]))


def mutate(path: list, value) -> bytes:
    body = _valid_body()
    target = body
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return reseal(body)


EBO = ["compile_options", "executable_build_options"]


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["compile_options", "profile_version"], KeyError, "missing field.*profile_version"),
        (["compile_options", "surprise"], 1, r"CompileOptions: unknown field\(s\) surprise"),
        (["compile_options", "profile_version"], "7", "profile_version must be an int"),
        (["compile_options", "argument_layouts"], ["f32[2"], r"argument_layouts\[0\].*column"),
        (["compile_options", "argument_layouts"], [3], "expected a shape string"),
        (["compile_options", "argument_layouts"], "f32[]", "expected a list"),
        (["compile_options", "env_option_overrides"], [["a"]], r"\[name, value\] pair"),
        (["compile_options", "env_option_overrides"], [["a", {"float": "1"}]], "invalid float"),
        (["compile_options", "env_option_overrides"], [["a", None]], "value must be str"),
        (["compile_options", "env_option_overrides"], {}, "expected a list"),
        (["compile_options", "executable_build_options"], [], "expected an object"),
        ([*EBO, "num_replicas"], 0, "num_replicas must be >= 1"),
        ([*EBO, "num_replicas"], True, "num_replicas must be an int"),
        ([*EBO, "fdo_profile"], "!!!", "invalid base64"),
        ([*EBO, "fdo_profile"], 5, "expected base64 text"),
        ([*EBO, "result_layout"], "f32[2]{0,1}", "result_layout.*layout with 1 dimensions"),
        ([*EBO, "device_assignment"], {"devices": [[0], [0]]}, "assigned more than once"),
        ([*EBO, "device_assignment"], {"ids": [[0]]}, "device_assignment: missing field"),
        ([*EBO, "auto_spmd_partitioning_mesh_shape"], [1.5], r"mesh_shape\[0\] must be an int"),
        ([*EBO, "debug_options", "xla_dump_to"], 3, "xla_dump_to must be a str"),
        ([*EBO, "debug_options", "xla_unknown_flag"], 3, "unknown field.*xla_unknown_flag"),
        ([*EBO, "memory_fitting_effort"], {"float": "big"}, "invalid float 'big'"),
        ([*EBO, "memory_fitting_effort"], {"x": "inf"}, "missing field.*float"),
    ],
)
def test_parse_schema_errors_name_the_field(path, value, message):
    with pytest.raises(ValueError, match=message):
        CompileOptions.ParseFromString(mutate(path, value))


def test_parse_requires_compile_options_key():
    with pytest.raises(ValueError, match="missing field.*compile_options"):
        CompileOptions.ParseFromString(reseal({}))


def test_parse_device_assignment_bytes_as_compile_options_fails():
    data = DeviceAssignment.create(np.array([[0]])).serialize()
    with pytest.raises(ValueError, match="expected the magic prefix b'JXLCOPT'"):
        CompileOptions.ParseFromString(data)


def test_options_copy_semantics():
    original = fully_populated()
    clone = copy.deepcopy(original)
    assert clone == original
    clone.executable_build_options.debug_options.xla_dump_to = "/elsewhere"
    clone.argument_layouts[0].set_dynamic_dimension(0, True)
    assert original.executable_build_options.debug_options.xla_dump_to == "/tmp/dump \u00e9"
    assert original.argument_layouts[0] == Shape("f32[2,3]{0,1}")
    assert clone != original


def test_option_overrides_apply_by_name_with_xla_messages():
    from jaxlib._src.runtime.options import apply_option_overrides

    options = CompileOptions()
    options.env_option_overrides = [("xla_embed_ir_in_executable", "true"),
                                    ("exec_time_optimization_effort", -0.5),
                                    ("xla_dump_to", "/tmp/x")]
    applied = apply_option_overrides(options)
    build = applied.executable_build_options
    assert build.debug_options.xla_embed_ir_in_executable is True
    assert build.exec_time_optimization_effort == -0.5
    assert build.debug_options.xla_dump_to == "/tmp/x"
    assert options.executable_build_options.debug_options.xla_dump_to == ""  # a copy
    # An XLA flag this compiler does not model has no effect.
    options.env_option_overrides = [("xla_gpu_auto_spmd_partitioning_memory_budget_ratio", 0.5)]
    ignored = apply_option_overrides(options).executable_build_options
    assert ignored.debug_options == DebugOptions()
    assert ignored.exec_time_optimization_effort == 0.0
    options.env_option_overrides = [("invalid_key", "x")]
    with pytest.raises(ValueError, match="No such compile option: 'invalid_key'"):
        apply_option_overrides(options)
    options.env_option_overrides = [("xla_embed_ir_in_executable", "invalid_value")]
    with pytest.raises(ValueError, match="'invalid_value' is not a valid bool value."):
        apply_option_overrides(options)


def test_the_autotune_cache_mode_is_an_enum_as_xlas():
    options = CompileOptions()
    debug = options.executable_build_options.debug_options
    debug.xla_gpu_experimental_autotune_cache_mode = 2  # jax: READ outside process 0
    assert debug.xla_gpu_experimental_autotune_cache_mode is AutotuneCacheMode.READ
    back = CompileOptions.ParseFromString(options.SerializeAsString())
    mode = back.executable_build_options.debug_options.xla_gpu_experimental_autotune_cache_mode
    assert mode is AutotuneCacheMode.READ
    with pytest.raises(ValueError, match="must be an AutotuneCacheMode"):
        debug.xla_gpu_experimental_autotune_cache_mode = 7
