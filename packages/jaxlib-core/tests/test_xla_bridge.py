"""The backend registry: registration, JAX_PLATFORMS, priorities, failures,
PJRT plugins from the environment and plugin discovery.

Discovery tests run in a subprocess so that the plugins they install never
reach this process's registry; the other tests restore the registry after
each test.
"""

from __future__ import annotations

import importlib.metadata
import itertools
import json
import logging
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from jaxlib import xla_bridge as xb
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.runtime import plugins
from jaxlib._src.runtime.client import Client
from jaxlib._src.runtime.device import Device

_ENVIRONMENT_VARIABLES = (
    "JAX_PLATFORMS",
    "JAX_PLATFORM_NAME",
    "JAX_NUM_CPU_DEVICES",
    "XLA_FLAGS",
    "PJRT_NAMES_AND_LIBRARY_PATHS",
    "JAX_CUDA_VISIBLE_DEVICES",
    "JAX_ROCM_VISIBLE_DEVICES",
)


class ToyBackend:
    """A minimal backend of any platform name, with real devices: what a
    plugin's factory hands to the registry."""

    platform_version = "toy 1"

    def __init__(self, platform: str, num_devices: int = 2):
        self.platform = platform
        self._devices = [Device(self, id=i) for i in range(num_devices)]
        for device in self._devices:
            device.platform = platform

    def devices(self) -> list[Device]:
        return list(self._devices)

    def local_devices(self) -> list[Device]:
        return list(self._devices)

    def device_count(self) -> int:
        return len(self._devices)

    def local_device_count(self) -> int:
        return len(self._devices)

    def process_index(self) -> int:
        return 0


class CountingFactory:
    def __init__(self, platform: str, num_devices: int = 2):
        self.platform = platform
        self.num_devices = num_devices
        self.calls = 0

    def __call__(self) -> ToyBackend:
        self.calls += 1
        return ToyBackend(self.platform, self.num_devices)


def _raise_boom():
    raise ValueError("boom")


@pytest.fixture(autouse=True)
def registry(monkeypatch):
    """A clean environment, and the registry as it was before each test."""
    for variable in _ENVIRONMENT_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    # Plugin discovery is tested in subprocesses; here it must not run.
    monkeypatch.setattr(xb, "_plugin_modules_discovered", True)
    monkeypatch.setattr(xb, "_env_plugins_registered", True)
    factories = dict(xb._backend_factories)
    topologies = dict(xb._topology_factories)
    xb._clear_backends()
    yield monkeypatch
    xb._clear_backends()
    xb._backend_factories.clear()
    xb._backend_factories.update(factories)
    xb._topology_factories.clear()
    xb._topology_factories.update(topologies)


_plugin_names = itertools.count()


@pytest.fixture
def plugin_name():
    name = f"bridge_plugin_{next(_plugin_names)}"
    yield name
    plugins._plugins.pop(name, None)


PLUGIN_SOURCE = """
struct FakePjrtApi { unsigned long struct_size; };
static FakePjrtApi api = {sizeof(FakePjrtApi)};
extern "C" void* GetPjrtApi() { return &api; }
"""


@pytest.fixture(scope="module")
def libraries(tmp_path_factory):
    if shutil.which("g++") is None:
        pytest.skip("g++ is needed to build test PJRT plugin libraries")
    directory = tmp_path_factory.mktemp("bridge_libraries")
    built = {}
    for name, source in [
        ("plugin", PLUGIN_SOURCE),
        ("not_a_plugin", 'extern "C" int f() { return 0; }\n'),
    ]:
        (directory / f"{name}.cc").write_text(source)
        built[name] = str(directory / f"{name}.so")
        subprocess.run(
            ["g++", "-shared", "-fPIC", "-o", built[name], str(directory / f"{name}.cc")],
            check=True,
        )
    return built


# -- the default cpu backend ------------------------------------------------------


def test_cpu_is_registered_and_is_the_default():
    backends = xb.backends()
    assert list(backends) == ["cpu"]
    assert isinstance(backends["cpu"], Client)
    assert xb.default_backend() == "cpu"
    assert xb.get_backend() is backends["cpu"]
    assert xb.backends_are_initialized()


def test_cpu_device_count_from_jax_num_cpu_devices(registry):
    registry.setenv("JAX_NUM_CPU_DEVICES", "3")
    registry.setenv("XLA_FLAGS", "--xla_force_host_platform_device_count=5")
    assert xb.device_count() == 3  # JAX_NUM_CPU_DEVICES wins over XLA_FLAGS


def test_cpu_device_count_from_xla_flags(registry):
    registry.setenv("XLA_FLAGS", "--xla_dump_to=/tmp --xla_force_host_platform_device_count=4")
    assert xb.device_count("cpu") == 4
    assert [d.id for d in xb.devices()] == [0, 1, 2, 3]


def test_xla_client_reads_the_forced_device_count_as_xla_does(monkeypatch):
    # jax passes num_devices=None unless jax_num_cpu_devices is set; XLA then
    # takes the count forced in XLA_FLAGS, the usual way to get several CPUs.
    from jaxlib import xla_client

    monkeypatch.setenv("XLA_FLAGS", "--xla_force_host_platform_device_count=3")
    assert len(xla_client.make_cpu_client(num_devices=None).devices()) == 3
    assert len(xla_client.make_cpu_client(num_devices=2).devices()) == 2  # the argument wins
    monkeypatch.setenv("XLA_FLAGS", "--xla_force_host_platform_device_count=-2")
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: .*positive integer, got '-2'"):
        xla_client.make_cpu_client()
    monkeypatch.delenv("XLA_FLAGS")
    assert len(xla_client.make_cpu_client().devices()) == 1


@pytest.mark.parametrize(
    "variable, value, message",
    [
        ("JAX_NUM_CPU_DEVICES", "many", "JAX_NUM_CPU_DEVICES must be an integer"),
        ("JAX_NUM_CPU_DEVICES", "0", "JAX_NUM_CPU_DEVICES must be positive"),
        ("XLA_FLAGS", "--xla_force_host_platform_device_count=x", "positive integer"),
    ],
)
def test_bad_cpu_device_counts_fail_loudly(registry, variable, value, message):
    registry.setenv(variable, value)
    with pytest.raises(RuntimeError, match=f"Unable to initialize backend 'cpu': .*{message}"):
        xb.backends()
    assert not xb.backends_are_initialized()


def test_device_queries():
    client = xb.get_backend("cpu")
    assert xb.devices() == client.devices()
    assert xb.local_devices() == client.local_devices()
    assert xb.local_devices(process_index=0, backend="cpu") == client.devices()
    assert xb.device_count() == xb.local_device_count() == client.device_count()
    assert xb.process_index() == 0
    assert xb.process_count() == 1
    assert xb.get_device_backend(client.devices()[0]) is client
    assert xb.get_device_backend() is client
    with pytest.raises(ValueError, match="Unknown process_index 3"):
        xb.local_devices(process_index=3)


def test_deprecated_host_aliases_warn():
    with pytest.warns(DeprecationWarning, match="process_index"):
        assert xb.host_id() == 0
    with pytest.warns(DeprecationWarning, match="process_count"):
        assert xb.host_count() == 1
    with pytest.warns(DeprecationWarning, match="host_ids"):
        assert xb.host_ids() == [0]
    with pytest.warns(DeprecationWarning, match="host_id"):
        assert xb.local_devices(host_id=0) == xb.devices()


def test_a_client_passes_through_get_backend_and_lookups_are_cached():
    client = xb.get_backend("cpu")
    other = ToyBackend("toy")
    assert xb.get_backend(other) is other
    assert xb.get_backend("cpu") is client
    assert xb.device_count(other) == 2
    assert xb.backend_pjrt_c_api_version() is None
    assert xb.using_pjrt_c_api() is False


def test_clear_backends_recreates_them_from_the_environment(registry):
    first = xb.get_backend()
    xb._clear_backends()
    assert not xb.backends_are_initialized()
    registry.setenv("JAX_NUM_CPU_DEVICES", "2")
    second = xb.get_backend()
    assert second is not first
    assert second.device_count() == 2


# -- registration, priorities and the default ----------------------------------


def test_priorities_choose_the_default_backend():
    xb.register_backend_factory("alpha", CountingFactory("alpha"), priority=10)
    xb.register_backend_factory("beta", CountingFactory("beta"), priority=5)
    assert list(xb.backends()) == ["cpu", "alpha", "beta"]
    assert xb.default_backend() == "alpha"
    assert xb.get_backend("beta").platform == "beta"


def test_equal_priorities_prefer_the_first_registered():
    xb.register_backend_factory("first", CountingFactory("first"), priority=7)
    xb.register_backend_factory("second", CountingFactory("second"), priority=7)
    assert xb.default_backend() == "first"


def test_jax_platform_name_selects_the_default_lookup(registry):
    xb.register_backend_factory("alpha", CountingFactory("alpha"), priority=10)
    registry.setenv("JAX_PLATFORM_NAME", "CPU")
    assert xb.get_backend().platform == "cpu"


def test_registering_an_initialized_backend_fails():
    xb.backends()
    with pytest.raises(RuntimeError, match="Backend cpu already initialized"):
        xb.register_backend_factory("cpu", CountingFactory("cpu"))
    # A new platform may still be registered; it appears after a clear.
    xb.register_backend_factory("late", CountingFactory("late"))
    assert "late" not in xb.backends()
    xb._clear_backends()
    assert "late" in xb.backends()


def test_unknown_platform_lookup():
    assert not xb.is_known_platform("nope")
    with pytest.raises(
        RuntimeError, match=r"Unknown backend nope. Available backends are \['cpu'\]"
    ):
        xb.get_backend("nope")


def test_known_platforms_and_aliases():
    assert xb.is_known_platform("cpu")
    assert xb.is_known_platform("cuda")  # a gpu alias member, even unregistered
    assert xb.expand_platform_alias("gpu") == ["cuda", "rocm"]
    assert xb.expand_platform_alias("cpu") == ["cpu"]
    assert xb.is_gpu("rocm") and not xb.is_gpu("cpu")
    assert xb.canonicalize_platform("cpu") == "cpu"
    with pytest.raises(RuntimeError, match="no platforms that are instances of gpu"):
        xb.canonicalize_platform("gpu")


def test_gpu_alias_resolves_to_the_registered_gpu_platform():
    xb.register_backend_factory("cuda", CountingFactory("cuda"), priority=400)
    assert xb.canonicalize_platform("gpu") == "cuda"
    assert xb.get_backend("gpu") is xb.get_backend("cuda")
    assert xb.default_backend() == "cuda"


# -- failing factories ------------------------------------------------------------


def test_a_quiet_failure_is_recorded_and_reported_on_lookup(caplog):
    xb.register_backend_factory("broken", _raise_boom, priority=100, fail_quietly=True)
    with caplog.at_level(logging.INFO, logger=xb.__name__):
        assert list(xb.backends()) == ["cpu"]
    assert "Unable to initialize backend 'broken': boom" in caplog.text
    assert xb._backend_errors == {"broken": "boom"}
    assert xb.default_backend() == "cpu"
    with pytest.raises(
        RuntimeError,
        match=r"Backend 'broken' failed to initialize: boom. Available backends are \['cpu'\]",
    ):
        xb.get_backend("broken")


def test_a_loud_failure_stops_backend_creation():
    xb.register_backend_factory("loud", _raise_boom, priority=100, fail_quietly=False)
    with pytest.raises(RuntimeError) as error:
        xb.backends()
    message = str(error.value)
    assert message.startswith("Unable to initialize backend 'loud': boom")
    assert "you may need to uninstall the failing plugin package" in message
    assert not xb.backends_are_initialized()


@pytest.mark.parametrize(
    "factory, message",
    [
        (lambda: None, "Could not initialize backend 'odd'"),
        (lambda: ToyBackend("odd", num_devices=0), "Backend 'odd' provides no devices"),
    ],
)
def test_factories_returning_no_backend_or_no_devices_fail(factory, message):
    xb.register_backend_factory("odd", factory, fail_quietly=False)
    with pytest.raises(RuntimeError, match=message):
        xb.backends()


def test_all_backends_failing_quietly_is_an_error():
    xb._backend_factories.pop("cpu")
    xb.register_backend_factory("broken", _raise_boom)
    with pytest.raises(RuntimeError, match="No backend could be initialized.*boom"):
        xb.backends()


# -- JAX_PLATFORMS ----------------------------------------------------------------


def test_jax_platforms_selects_and_orders_backends(registry):
    alpha = CountingFactory("alpha")
    xb.register_backend_factory("alpha", alpha, priority=100)
    xb.register_backend_factory("beta", CountingFactory("beta"), priority=1)
    registry.setenv("JAX_PLATFORMS", "beta, cpu")
    assert list(xb.backends()) == ["beta", "cpu"]
    assert xb.default_backend() == "beta"  # listed first wins over priorities
    assert alpha.calls == 0
    with pytest.raises(RuntimeError, match="Unknown backend alpha"):
        xb.get_backend("alpha")


def test_jax_platforms_accepts_aliases(registry):
    xb.register_backend_factory("rocm", CountingFactory("rocm"))
    registry.setenv("JAX_PLATFORMS", "cpu,GPU")
    assert list(xb.backends()) == ["cpu", "rocm"]
    assert xb.default_backend() == "cpu"
    assert xb.get_backend("gpu").platform == "rocm"


def test_jax_platforms_makes_quiet_factories_fail_loudly(registry):
    xb.register_backend_factory("broken", _raise_boom, fail_quietly=True)
    registry.setenv("JAX_PLATFORMS", "cpu,broken")
    with pytest.raises(RuntimeError) as error:
        xb.backends()
    assert str(error.value) == (
        "Unable to initialize backend 'broken': boom (set JAX_PLATFORMS='' to "
        "automatically choose an available backend)"
    )


@pytest.mark.parametrize("requested", ["tpu", "gpu"])
def test_jax_platforms_with_unknown_platforms_fails(registry, requested):
    registry.setenv("JAX_PLATFORMS", requested)
    with pytest.raises(
        RuntimeError,
        match=f"Unable to initialize backend '{requested}': Backend '{requested}' is not "
        r"in the list of known backends: \['cpu'\]. \(set JAX_PLATFORMS=''",
    ):
        xb.backends()


# -- PJRT plugins -----------------------------------------------------------------


def test_register_plugin_needs_exactly_one_source(plugin_name):
    with pytest.raises(ValueError, match="neither library_path nor c_api"):
        xb.register_plugin(plugin_name)
    with pytest.raises(ValueError, match="not both"):
        xb.register_plugin(plugin_name, library_path="/x.so", c_api=object())


def test_a_registered_pjrt_plugin_fails_loudly_as_unimplemented(
    libraries, plugin_name, registry, caplog
):
    handle = xb.register_plugin(plugin_name, library_path=libraries["plugin"])
    assert handle.api_address != 0
    assert plugins.pjrt_plugin_loaded(plugin_name)
    assert xb.is_known_platform(plugin_name)
    registration = xb._backend_factories[plugin_name]
    assert registration.priority == 400
    assert registration.experimental and not registration.fail_quietly
    with caplog.at_level(logging.WARNING, logger=xb.__name__), pytest.raises(
        RuntimeError
    ) as error:
        xb.backends()
    assert f"Platform '{plugin_name}' is experimental" in caplog.text
    message = str(error.value)
    assert message.startswith(f"Unable to initialize backend '{plugin_name}': UNIMPLEMENTED:")
    assert "executing through PJRT C API plugins is not supported" in message
    assert plugins.pjrt_plugin_initialized(plugin_name)
    # Choosing other platforms skips the plugin.
    registry.setenv("JAX_PLATFORMS", "cpu")
    assert list(xb.backends()) == ["cpu"]
    with pytest.raises(XlaRuntimeError, match="UNIMPLEMENTED: .*topology"):
        xb.make_pjrt_topology(plugin_name)


def test_plugin_options_from_the_environment(registry):
    assert xb.plugin_options_from_environment("cuda") == {}
    registry.setenv("JAX_CUDA_VISIBLE_DEVICES", "0,2")
    registry.setenv("JAX_ROCM_VISIBLE_DEVICES", "1")
    assert xb.plugin_options_from_environment("cuda") == {"visible_devices": [0, 2]}
    assert xb.plugin_options_from_environment("rocm") == {"visible_devices": [1]}
    assert xb.plugin_options_from_environment("cpu") == {}
    registry.setenv("JAX_CUDA_VISIBLE_DEVICES", "first")
    with pytest.raises(ValueError, match="JAX_CUDA_VISIBLE_DEVICES must be 'all'"):
        xb.plugin_options_from_environment("cuda")


def test_parse_pjrt_names_and_library_paths(caplog):
    parse = xb._get_pjrt_plugin_names_and_library_paths
    assert parse("") == {}
    assert parse("a:/lib/a.so, b:/etc/b.json") == {"a": "/lib/a.so", "b": "/etc/b.json"}
    with caplog.at_level(logging.WARNING, logger=xb.__name__):
        assert parse("no_path,c:/c.so,:/d.so") == {"c": "/c.so"}
    assert "invalid value no_path in env var PJRT_NAMES_AND_LIBRARY_PATHS" in caplog.text
    assert "invalid value :/d.so" in caplog.text


def test_pjrt_plugins_from_the_environment(libraries, plugin_name, tmp_path, registry):
    config_name = plugin_name + "_json"
    config = tmp_path / "plugin.json"
    config.write_text(json.dumps({
        "library_path": libraries["plugin"],
        "create_options": {"memory_fraction": 0.5, "visible_devices": [0]},
    }))
    assert xb._get_pjrt_plugin_config(str(config)) == (
        libraries["plugin"], {"memory_fraction": 0.5, "visible_devices": [0]}
    )
    registry.setenv(
        "PJRT_NAMES_AND_LIBRARY_PATHS",
        f"{plugin_name}:{libraries['plugin']},{config_name}:{config}",
    )
    try:
        xb.register_pjrt_plugin_factories_from_env()
        assert plugins.pjrt_plugin_loaded(plugin_name)
        assert plugins.pjrt_plugin_loaded(config_name)
        assert {plugin_name, config_name} <= set(xb._backend_factories)
    finally:
        plugins._plugins.pop(config_name, None)


def test_a_plugin_config_without_library_path_is_rejected(tmp_path, registry):
    config = tmp_path / "bad.json"
    config.write_text(json.dumps({"create_options": {}}))
    registry.setenv("PJRT_NAMES_AND_LIBRARY_PATHS", f"bad:{config}")
    with pytest.raises(ValueError, match='should contain a "library_path" field'):
        xb.register_pjrt_plugin_factories_from_env()


def test_bad_pjrt_libraries_from_the_environment_fail(libraries, tmp_path, plugin_name, registry):
    registry.setenv("PJRT_NAMES_AND_LIBRARY_PATHS", f"{plugin_name}:{tmp_path}/missing.so")
    with pytest.raises(XlaRuntimeError, match="NOT_FOUND: .*missing.so does not exist"):
        xb.register_pjrt_plugin_factories_from_env()
    registry.setenv("PJRT_NAMES_AND_LIBRARY_PATHS", f"{plugin_name}:{libraries['not_a_plugin']}")
    with pytest.raises(XlaRuntimeError, match="is not a PJRT plugin"):
        xb.register_pjrt_plugin_factories_from_env()
    assert plugin_name not in xb._backend_factories


# -- topologies -------------------------------------------------------------------


def test_cpu_topology(registry):
    registry.setenv("JAX_NUM_CPU_DEVICES", "2")
    topology = xb.make_pjrt_topology("cpu")
    assert topology.platform == "cpu"
    assert [d.id for d in topology.device_descriptions] == [0, 1]
    with pytest.raises(ValueError, match="named topologies and options are not supported"):
        xb.make_pjrt_topology("cpu", "2x2")


def test_topology_of_a_platform_without_one():
    xb.register_backend_factory("alpha", CountingFactory("alpha"))
    with pytest.raises(NotImplementedError, match="topology not implemented for alpha"):
        xb.make_pjrt_topology("alpha")


# -- discovery, in a subprocess ---------------------------------------------------

TOY_PLUGIN_MODULE = """
from jaxlib import xla_bridge
from jaxlib._src.runtime.device import Device


class Backend:
    platform_version = "toy"

    def __init__(self, platform):
        self.platform = platform
        self._devices = [Device(self, id=0)]
        self._devices[0].platform = platform

    def devices(self):
        return list(self._devices)

    local_devices = devices

    def device_count(self):
        return 1

    local_device_count = device_count

    def process_index(self):
        return 0


def initialize():
    xla_bridge.register_backend_factory(
        PLATFORM, lambda: Backend(PLATFORM), priority=PRIORITY, fail_quietly=True
    )
"""

REPORT_SCRIPT = """
import json, sys
from jaxlib import xla_bridge as xb
report = {"errors": dict(xb._plugin_errors)}
try:
    report["backends"] = list(xb.backends())
    report["default"] = xb.default_backend()
    report["backend_errors"] = dict(xb._backend_errors)
except Exception as e:
    report["raised"] = str(e)
report["errors"] = dict(xb._plugin_errors)
print(json.dumps(report))
"""


def _toy_plugin(platform: str, priority: int) -> str:
    return f"PLATFORM = {platform!r}\nPRIORITY = {priority}\n" + TOY_PLUGIN_MODULE


def _run_report(path_entry, **environment: str) -> tuple[dict, str]:
    env = {k: v for k, v in os.environ.items() if k not in _ENVIRONMENT_VARIABLES}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(path_entry), env.get("PYTHONPATH")]))
    env.update(environment)
    completed = subprocess.run(
        [sys.executable, "-c", REPORT_SCRIPT],
        env=env, capture_output=True, text=True, timeout=60, check=True,
    )
    return json.loads(completed.stdout.strip().splitlines()[-1]), completed.stderr


def test_discovery_through_the_jax_plugins_namespace_package(tmp_path):
    namespace = tmp_path / "jax_plugins"  # no __init__.py: a namespace package
    (namespace / "toy").mkdir(parents=True)
    (namespace / "toy" / "__init__.py").write_text(_toy_plugin("toy", 500))
    (namespace / "failing_toy.py").write_text(
        _toy_plugin("failing_toy", 600).replace(
            "lambda: Backend(PLATFORM)", "lambda: 1 / 0"
        )
    )
    (namespace / "raising.py").write_text("def initialize():\n    raise ValueError('bad init')\n")
    (namespace / "no_initialize.py").write_text("VALUE = 1\n")

    report, stderr = _run_report(tmp_path)
    assert report["backends"] == ["cpu", "toy"]
    assert report["default"] == "toy"
    # jaxlib-gpu, when installed, adds its own quietly failing cuda/rocm/tpu backends.
    toy_errors = {k: v for k, v in report["backend_errors"].items()
                  if k not in ("cuda", "rocm", "tpu")}
    assert toy_errors == {"failing_toy": "division by zero"}
    assert report["errors"] == {
        "jax_plugins.no_initialize": "has no initialize() function",
        "jax_plugins.raising": "initialize() raised ValueError('bad init')",
    }
    assert "Exception when calling jax_plugins.raising.initialize()" in stderr
    assert "jax_plugins.no_initialize has no initialize() function" in stderr


def test_discovery_through_entry_points(tmp_path):
    (tmp_path / "toy_ep_plugin.py").write_text(_toy_plugin("toy_ep", 450))
    # "module:attribute" entry points name an object with initialize().
    (tmp_path / "toy_attr_plugin.py").write_text(
        _toy_plugin("toy_attr", 0) + "\n\nclass Entry:\n    initialize = staticmethod(initialize)\n"
    )
    dist_info = tmp_path / "toy_ep_dist-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: toy-ep-dist\nVersion: 1.0\n"
    )
    (dist_info / "entry_points.txt").write_text(
        "[jax_plugins]\ntoy_ep = toy_ep_plugin\ntoy_attr = toy_attr_plugin:Entry\n"
        "missing = module_that_is_not_there\n"
    )

    report, stderr = _run_report(tmp_path, JAX_PLATFORMS="toy_ep,cpu,toy_attr")
    assert report["backends"] == ["toy_ep", "cpu", "toy_attr"]
    assert report["default"] == "toy_ep"
    assert list(report["errors"]) == ["module_that_is_not_there"]
    assert "Plugin module module_that_is_not_there does not exist" in stderr


def test_pjrt_plugin_from_the_environment_in_a_fresh_process(tmp_path, libraries):
    report, _ = _run_report(
        tmp_path, PJRT_NAMES_AND_LIBRARY_PATHS=f"envplugin:{libraries['plugin']}"
    )
    assert report["raised"].startswith("Unable to initialize backend 'envplugin': UNIMPLEMENTED")
    assert "set JAX_PLATFORMS=cpu to skip this backend" in report["raised"]

    report, _ = _run_report(
        tmp_path,
        PJRT_NAMES_AND_LIBRARY_PATHS=f"envplugin:{libraries['plugin']}",
        JAX_PLATFORMS="cpu",
    )
    assert report["backends"] == ["cpu"]


def test_missing_pjrt_library_in_the_environment_fails_in_a_fresh_process(tmp_path):
    report, _ = _run_report(
        tmp_path, PJRT_NAMES_AND_LIBRARY_PATHS=f"envplugin:{tmp_path}/none.so"
    )
    assert "NOT_FOUND" in report["raised"] and "none.so does not exist" in report["raised"]


def test_xla_bridge_does_not_import_gpu_support(tmp_path):
    # GPU support arrives only through plugin discovery (jaxlib-gpu's entry
    # point), never by xla_bridge importing it: with jaxlib-gpu installed,
    # backends() imports it; importing xla_bridge alone never does.
    try:
        importlib.metadata.distribution("jaxlib-gpu")
        call_backends = ""
    except importlib.metadata.PackageNotFoundError:
        call_backends = "xla_bridge.backends()"
    script = textwrap.dedent(f"""
        import sys
        from jaxlib import xla_bridge
        {call_backends}
        gpu_prefixes = ("jaxlib.cuda", "jaxlib.gpu", "jax_cuda")
        print(sorted(m for m in sys.modules if m.startswith(gpu_prefixes)))
    """)
    completed = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True,
        env={k: v for k, v in os.environ.items() if k not in _ENVIRONMENT_VARIABLES},
    )
    assert completed.stdout.strip() == "[]"
