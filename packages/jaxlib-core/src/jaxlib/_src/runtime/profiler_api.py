"""The profiler surface jax imports (``jaxlib._profiler``, ``_profile_data``).

Trace annotations are cheap no-ops: jax wraps hot paths (``np.asarray`` of an
array) in ``TraceAnnotation``, and this jaxlib has no trace collector. Starting
a profiling session or server raises, naming what is unsupported."""

from __future__ import annotations

from typing import Any

from jaxlib._src.runtime.unsupported import unsupported, unsupported_function


class ProfileOptions:
    """Options of a profiling session (plain fields; jax subclasses it)."""

    def __init__(self) -> None:
        self.advanced_configuration: dict[str, Any] = {}
        self.duration_ms = 0
        self.enable_hlo_proto = True
        self.host_tracer_level = 2
        self.include_dataset_ops = True
        self.python_tracer_level = 1
        self.raise_error_on_start_failure = False
        self.repository_path = ""
        self.session_id = ""
        self.start_timestamp_ns = 0


class TraceMe:
    """A trace annotation context manager; records nothing (no collector)."""

    __slots__ = ("__dict__",)  # jax subclasses it; keep instances cheap

    def __init__(self, name: str, **kwargs: Any) -> None:
        pass

    def __enter__(self) -> TraceMe:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def set_metadata(self, **kwargs: Any) -> None:
        pass

    @staticmethod
    def is_enabled() -> bool:
        return False


class ProfilerServer:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        unsupported("jaxlib._profiler.ProfilerServer")


class ProfilerSession:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        unsupported("jaxlib._profiler.ProfilerSession (profiling)")


_metadata: dict[str, str] = {}


def set_metadata(key: str, value: str) -> None:
    _metadata[str(key)] = str(value)


def clear_metadata() -> None:
    _metadata.clear()


start_server = unsupported_function("jaxlib._profiler.start_server")
register_subprocess = unsupported_function("jaxlib._profiler.register_subprocess")
register_plugin_profiler = unsupported_function("jaxlib._profiler.register_plugin_profiler")
get_fdo_profile = unsupported_function("jaxlib._profiler.get_fdo_profile")
get_instructions_profile = unsupported_function("jaxlib._profiler.get_instructions_profile")
get_profiled_instructions_proto = unsupported_function(
    "jaxlib._profiler.get_profiled_instructions_proto")
aggregate_profiled_instructions = unsupported_function(
    "jaxlib._profiler.aggregate_profiled_instructions")


class _ProfileRecord:
    """Profile data (XSpace) is only produced by a profiling session, which
    this jaxlib lacks; the factories raise."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        unsupported(f"jaxlib._profile_data.{type(self).__name__}")

    @classmethod
    def from_file(cls, *args: Any) -> Any:
        unsupported(f"jaxlib._profile_data.{cls.__name__}.from_file")

    @classmethod
    def from_serialized_xspace(cls, *args: Any) -> Any:
        unsupported(f"jaxlib._profile_data.{cls.__name__}.from_serialized_xspace")

    @classmethod
    def from_raw_cpp_ptr(cls, *args: Any) -> Any:
        unsupported(f"jaxlib._profile_data.{cls.__name__}.from_raw_cpp_ptr")


class ProfileData(_ProfileRecord):
    pass


class ProfileEvent(_ProfileRecord):
    pass


class ProfileLine(_ProfileRecord):
    pass


class ProfilePlane(_ProfileRecord):
    pass
