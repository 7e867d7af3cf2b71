"""PJRT plugin loading, plugin-module imports, GPU options and topologies."""

from __future__ import annotations

import ctypes
import importlib
import itertools
import logging
import shutil
import subprocess
import sys
import warnings

import pytest

from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.runtime import plugins
from jaxlib._src.runtime.client import make_cpu_client
from jaxlib._src.runtime.device import Device
from jaxlib.version import __version__ as JAXLIB_VERSION

PLUGIN_SOURCE = """
struct FakePjrtApi { unsigned long struct_size; };
static FakePjrtApi api = {sizeof(FakePjrtApi)};
extern "C" void* GetPjrtApi() { return &api; }
"""
NOT_A_PLUGIN_SOURCE = 'extern "C" int something_else() { return 1; }\n'


def _compile_shared_library(directory, name: str, source: str) -> str:
    source_path = directory / f"{name}.cc"
    source_path.write_text(source)
    library_path = directory / f"{name}.so"
    subprocess.run(
        ["g++", "-shared", "-fPIC", "-o", str(library_path), str(source_path)],
        check=True,
    )
    return str(library_path)


@pytest.fixture(scope="module")
def libraries(tmp_path_factory):
    if shutil.which("g++") is None:
        pytest.skip("g++ is needed to build test PJRT plugin libraries")
    directory = tmp_path_factory.mktemp("pjrt_libraries")
    return {
        "plugin": _compile_shared_library(directory, "plugin", PLUGIN_SOURCE),
        "plugin_copy": _compile_shared_library(directory, "plugin_copy", PLUGIN_SOURCE),
        "not_a_plugin": _compile_shared_library(directory, "no_symbol", NOT_A_PLUGIN_SOURCE),
    }


_names = itertools.count()


@pytest.fixture
def plugin_name():
    """A fresh plugin name, forgotten by the plugin registry afterwards."""
    name = f"test_plugin_{next(_names)}"
    yield name
    plugins._plugins.pop(name, None)


# -- versions and plugin modules -----------------------------------------------


def test_check_plugin_version_accepts_the_same_numeric_version():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert plugins.check_plugin_version("p", "0.4.31", "0.4.31")
        assert plugins.check_plugin_version("p", "0.4.31", "0.4.31.dev20240101")


def test_check_plugin_version_warns_and_rejects_a_mismatch():
    with pytest.warns(RuntimeWarning, match="p version 0.4.30 is installed"):
        assert plugins.check_plugin_version("p", "0.4.31", "0.4.30") is False


def test_check_plugin_version_rejects_unparsable_versions():
    with pytest.raises(ValueError, match="Unable to parse version string 'abc'"):
        plugins.check_plugin_version("p", "0.4.31", "abc")


@pytest.fixture
def cuda_plugin_dir(tmp_path, monkeypatch):
    """A stand-alone `jax_cuda12_plugin` package on sys.path."""
    package = tmp_path / "jax_cuda12_plugin"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "_kernels.py").write_text("KIND = 'kernels'\n")
    (package / "_broken.py").write_text("import a_module_that_does_not_exist\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    yield package
    for name in [m for m in sys.modules if m.startswith("jax_cuda12_plugin")]:
        del sys.modules[name]


def test_import_from_plugin_rejects_unknown_plugins():
    with pytest.raises(ValueError, match="Unknown plugin: tpu"):
        plugins.import_from_plugin("tpu", "_kernels")


def test_import_from_plugin_returns_none_when_no_plugin_is_installed():
    assert plugins.import_from_plugin("rocm", "_kernels") is None


def test_import_from_plugin_imports_a_plugin_of_this_version(cuda_plugin_dir):
    (cuda_plugin_dir / "version.py").write_text(f"__version__ = {JAXLIB_VERSION!r}\n")
    module = plugins.import_from_plugin("cuda", "_kernels")
    assert module is not None
    assert module.__name__ == "jax_cuda12_plugin._kernels"
    assert module.KIND == "kernels"


def test_import_from_plugin_refuses_a_plugin_of_another_version(cuda_plugin_dir):
    (cuda_plugin_dir / "version.py").write_text("__version__ = '99.0.0'\n")
    with pytest.warns(RuntimeWarning, match="not compatible"):
        assert plugins.import_from_plugin("cuda", "_kernels") is None
    unchecked = plugins.import_from_plugin("cuda", "_kernels", check_version=False)
    assert unchecked is not None and unchecked.KIND == "kernels"


def test_import_from_plugin_trusts_an_unversioned_plugin(cuda_plugin_dir):
    module = plugins.import_from_plugin("cuda", "_kernels")
    assert module is not None and module.KIND == "kernels"


def test_import_from_plugin_logs_a_broken_plugin_module(cuda_plugin_dir, caplog):
    with caplog.at_level(logging.WARNING, logger=plugins.__name__):
        assert plugins.import_from_plugin("cuda", "_broken") is None
    assert "jax_cuda12_plugin._broken could not be imported" in caplog.text
    assert "a_module_that_does_not_exist" in caplog.text


def test_import_from_plugin_returns_none_for_an_absent_submodule(cuda_plugin_dir, caplog):
    with caplog.at_level(logging.WARNING, logger=plugins.__name__):
        assert plugins.import_from_plugin("cuda", "_absent") is None
    assert caplog.text == ""


# -- loading plugin libraries ---------------------------------------------------


def test_load_plugin_library(libraries, plugin_name):
    assert not plugins.pjrt_plugin_loaded(plugin_name)
    handle = plugins.load_pjrt_plugin_dynamically(plugin_name, libraries["plugin"])
    assert handle.plugin_name == plugin_name
    assert handle.library_path == libraries["plugin"]
    assert handle.api_address != 0
    assert plugins.pjrt_plugin_loaded(plugin_name)
    assert not plugins.pjrt_plugin_initialized(plugin_name)
    # Loading the same library again is harmless and returns the same handle.
    assert plugins.load_pjrt_plugin_dynamically(plugin_name, libraries["plugin"]) is handle


def test_loading_another_library_under_a_taken_name_fails(libraries, plugin_name):
    plugins.load_pjrt_plugin_dynamically(plugin_name, libraries["plugin"])
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: .* already loaded"):
        plugins.load_pjrt_plugin_dynamically(plugin_name, libraries["plugin_copy"])


def test_loading_a_missing_library_fails(tmp_path, plugin_name):
    missing = tmp_path / "missing.so"
    with pytest.raises(XlaRuntimeError, match=f"NOT_FOUND: .*{missing} does not exist"):
        plugins.load_pjrt_plugin_dynamically(plugin_name, str(missing))
    assert not plugins.pjrt_plugin_loaded(plugin_name)


def test_loading_a_library_without_get_pjrt_api_fails(libraries, plugin_name):
    with pytest.raises(XlaRuntimeError, match="is not a PJRT plugin: .*GetPjrtApi"):
        plugins.load_pjrt_plugin_dynamically(plugin_name, libraries["not_a_plugin"])
    assert not plugins.pjrt_plugin_loaded(plugin_name)


def test_loading_a_file_that_is_not_a_library_fails(tmp_path, plugin_name):
    text_file = tmp_path / "text.so"
    text_file.write_text("not an ELF file")
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: .*failed to open"):
        plugins.load_pjrt_plugin_dynamically(plugin_name, str(text_file))


def test_initialize_requires_a_loaded_plugin(libraries, plugin_name):
    with pytest.raises(XlaRuntimeError, match=f"NOT_FOUND: PJRT plugin '{plugin_name}'"):
        plugins.initialize_pjrt_plugin(plugin_name)
    plugins.load_pjrt_plugin_dynamically(plugin_name, libraries["plugin"])
    plugins.initialize_pjrt_plugin(plugin_name)
    assert plugins.pjrt_plugin_initialized(plugin_name)


_api_struct = ctypes.c_uint64(8)  # stands in for an in-memory PJRT_Api


def _make_capsule(address: int):
    new_capsule = ctypes.pythonapi.PyCapsule_New
    new_capsule.restype = ctypes.py_object
    new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    return new_capsule(address, b"pjrt_c_api", None)


def test_load_with_c_api_accepts_a_pycapsule(plugin_name):
    address = ctypes.addressof(_api_struct)
    plugins.load_pjrt_plugin_with_c_api(plugin_name, _make_capsule(address))
    assert plugins.pjrt_plugin_loaded(plugin_name)
    assert plugins._plugins[plugin_name].handle.api_address == address
    # The same API again is accepted; a different one is not.
    plugins.load_pjrt_plugin_with_c_api(plugin_name, ctypes.c_void_p(address))
    other = ctypes.c_uint64(0)
    with pytest.raises(XlaRuntimeError, match="different PJRT_Api"):
        plugins.load_pjrt_plugin_with_c_api(plugin_name, ctypes.pointer(other))


def test_load_with_c_api_accepts_a_handle(libraries, plugin_name):
    handle = plugins.load_pjrt_plugin_dynamically(plugin_name + "_lib", libraries["plugin"])
    try:
        plugins.load_pjrt_plugin_with_c_api(plugin_name, handle)
        recorded = plugins._plugins[plugin_name].handle
        assert recorded.api_address == handle.api_address
        assert recorded.library_path == libraries["plugin"]
    finally:
        plugins._plugins.pop(plugin_name + "_lib", None)


def test_load_with_c_api_rejects_null_and_foreign_values(plugin_name):
    with pytest.raises(XlaRuntimeError, match="null PJRT_Api"):
        plugins.load_pjrt_plugin_with_c_api(plugin_name, ctypes.c_void_p(None))
    with pytest.raises(TypeError, match="PyCapsule or a ctypes pointer, got int"):
        plugins.load_pjrt_plugin_with_c_api(plugin_name, 1234)
    assert not plugins.pjrt_plugin_loaded(plugin_name)


def test_make_c_api_client_is_unimplemented(libraries, plugin_name):
    with pytest.raises(XlaRuntimeError, match=f"NOT_FOUND: PJRT plugin '{plugin_name}'"):
        plugins.make_c_api_client(plugin_name)
    plugins.load_pjrt_plugin_dynamically(plugin_name, libraries["plugin"])
    with pytest.raises(XlaRuntimeError) as error:
        plugins.make_c_api_client(plugin_name, {"visible_devices": [0]})
    message = str(error.value)
    assert message.startswith("UNIMPLEMENTED: ")
    assert plugin_name in message
    assert "executing through PJRT C API plugins is not supported" in message


# -- GPU plugin options --------------------------------------------------------

_GPU_VARIABLES = (
    "XLA_PYTHON_CLIENT_ALLOCATOR",
    "XLA_CLIENT_MEM_FRACTION",
    "XLA_PYTHON_CLIENT_MEM_FRACTION",
    "XLA_PYTHON_CLIENT_PREALLOCATE",
    "XLA_PYTHON_CLIENT_COLLECTIVE_MEM_SIZE_MB",
)


@pytest.fixture
def gpu_env(monkeypatch):
    for variable in _GPU_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    return monkeypatch


def test_gpu_options_defaults(gpu_env):
    assert plugins.generate_pjrt_gpu_plugin_options() == {
        "platform_name": "cuda",
        "allocator": "default",
    }


def test_gpu_options_from_every_variable(gpu_env):
    gpu_env.setenv("XLA_PYTHON_CLIENT_ALLOCATOR", "Platform")
    gpu_env.setenv("XLA_CLIENT_MEM_FRACTION", ".5")
    gpu_env.setenv("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    gpu_env.setenv("XLA_PYTHON_CLIENT_COLLECTIVE_MEM_SIZE_MB", "64")
    assert plugins.generate_pjrt_gpu_plugin_options() == {
        "platform_name": "cuda",
        "allocator": "platform",
        "memory_fraction": 0.5,
        "preallocate": False,
        "collective_memory_size": 64 * 1024 * 1024,
    }


def test_gpu_options_accept_the_deprecated_fraction_alone(gpu_env):
    gpu_env.setenv("XLA_PYTHON_CLIENT_MEM_FRACTION", "0.25")
    gpu_env.setenv("XLA_PYTHON_CLIENT_PREALLOCATE", "1")
    options = plugins.generate_pjrt_gpu_plugin_options()
    assert options["memory_fraction"] == 0.25
    assert options["preallocate"] is True


@pytest.mark.parametrize(
    "variable, value, message",
    [
        ("XLA_PYTHON_CLIENT_ALLOCATOR", "magic", "must be one of .*got 'magic'"),
        ("XLA_CLIENT_MEM_FRACTION", "lots", "must be a number, got 'lots'"),
        ("XLA_CLIENT_MEM_FRACTION", "1.5", r"must be in \(0, 1\], got 1.5"),
        ("XLA_PYTHON_CLIENT_PREALLOCATE", "maybe", "true/false .*got 'maybe'"),
        ("XLA_PYTHON_CLIENT_COLLECTIVE_MEM_SIZE_MB", "1.5", "must be an integer"),
    ],
)
def test_gpu_options_reject_bad_values(gpu_env, variable, value, message):
    gpu_env.setenv(variable, value)
    with pytest.raises(ValueError, match=message):
        plugins.generate_pjrt_gpu_plugin_options()


def test_gpu_options_reject_both_memory_fractions(gpu_env):
    gpu_env.setenv("XLA_CLIENT_MEM_FRACTION", "0.5")
    gpu_env.setenv("XLA_PYTHON_CLIENT_MEM_FRACTION", "0.5")
    with pytest.raises(ValueError, match="specified together"):
        plugins.generate_pjrt_gpu_plugin_options()


# -- topologies ----------------------------------------------------------------


def test_topology_of_cpu_devices():
    client = make_cpu_client(num_devices=3)
    topology = plugins.get_topology_for_devices(client.devices())
    assert topology.platform == "cpu"
    assert topology.platform_version == client.platform_version
    assert [d.id for d in topology.device_descriptions] == [0, 1, 2]
    assert {d.device_kind for d in topology.device_descriptions} == {"cpu"}
    assert {d.process_index for d in topology.device_descriptions} == {0}


def test_topology_compile_only_devices():
    client = make_cpu_client(num_devices=2)
    topology = plugins.get_topology_for_devices(client.devices())
    devices = topology._make_compile_only_devices()
    assert [(d.id, d.platform, d.device_kind) for d in devices] == [
        (0, "cpu", "cpu"),
        (1, "cpu", "cpu"),
    ]
    assert devices[1].client is None
    assert str(devices[1]) == "CPU_1"


def test_topology_serialization_round_trips():
    topology = plugins.get_topology_for_devices(make_cpu_client(num_devices=2).devices())
    data = topology.serialize()
    assert isinstance(data, bytes)
    assert plugins.DeviceTopology.deserialize(data) == topology
    with pytest.raises(XlaRuntimeError, match="not a serialized DeviceTopology"):
        plugins.DeviceTopology.deserialize(b"{}")
    with pytest.raises(XlaRuntimeError, match="not a serialized DeviceTopology"):
        plugins.DeviceTopology.deserialize(b"\xff garbage")


def test_topology_requires_devices():
    with pytest.raises(XlaRuntimeError, match="requires at least one device"):
        plugins.get_topology_for_devices([])


def test_topology_requires_one_platform_and_one_client():
    client = make_cpu_client(num_devices=1)

    class OtherPlatformDevice(Device):
        platform = "other"

    mixed = [client.devices()[0], OtherPlatformDevice(client, id=7)]
    with pytest.raises(XlaRuntimeError, match=r"one platform, got \['cpu', 'other'\]"):
        plugins.get_topology_for_devices(mixed)
    two_clients = client.devices() + make_cpu_client(num_devices=1).devices()
    with pytest.raises(XlaRuntimeError, match="devices of one client"):
        plugins.get_topology_for_devices(two_clients)


def test_c_api_topologies_are_unimplemented():
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: .*PJRT C API plugins"):
        plugins.make_c_api_device_topology(object(), "v5e:2x2")
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: .*TPU"):
        plugins.make_tfrt_tpu_c_api_device_topology("v4:2x2x1")
