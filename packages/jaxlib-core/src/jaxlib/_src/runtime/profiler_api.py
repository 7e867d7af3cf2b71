"""The profiler surface jax imports (``jaxlib._profiler``, ``_profile_data``).

Trace annotations cost one check when no session runs (jax wraps hot paths,
``np.asarray`` of an array, in ``TraceAnnotation``); while a ``ProfilerSession``
runs they are recorded (runtime/profiler.py). The profiler server (remote
capture, subprocesses' profiles) is runtime/profiler_server.py; the GPU/TPU
profile queries raise, naming what is unsupported."""

from __future__ import annotations

import os
from typing import Any

from jaxlib._src.runtime import profiler, profiler_server
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
    """A trace annotation context manager: records its region, with its
    keyword arguments as stats, while a profiling session runs."""

    __slots__ = ("__dict__",)  # jax subclasses it; keep instances cheap

    def __init__(self, name: str, **kwargs: Any) -> None:
        collector = profiler.active()
        if collector is not None:
            self.__dict__["_event"] = (collector, name, kwargs)

    def __enter__(self) -> TraceMe:
        pending = self.__dict__.get("_event")
        if pending is not None:
            collector, name, kwargs = pending
            self.__dict__["_event"] = profiler.TraceEvent(collector, str(name), dict(kwargs))
        return self

    def __exit__(self, *exc: Any) -> None:
        event = self.__dict__.pop("_event", None)
        if isinstance(event, profiler.TraceEvent):
            event.end()

    def set_metadata(self, **kwargs: Any) -> None:
        event = self.__dict__.get("_event")
        if isinstance(event, profiler.TraceEvent):
            event.stats.update(kwargs)

    @staticmethod
    def is_enabled() -> bool:
        return profiler.active() is not None




class ProfilerSession:
    """A profiling session: collection starts when it is made (``options``:
    a ``ProfileOptions``; ``python_tracer_level`` > 0 traces Python calls,
    ``session_id`` names the run's folder)."""

    def __init__(self, options: ProfileOptions | None = None) -> None:
        options = options if options is not None else ProfileOptions()
        self._session_id = str(getattr(options, "session_id", "") or "")
        level = int(getattr(options, "python_tracer_level", 0) or 0)
        self._collector: Any = profiler.start(level)
        self._space: bytes | None = None
        # The registered subprocesses' profiles of the same span, when asked for.
        advanced = getattr(options, "advanced_configuration", None) or {}
        self._subprocesses = None
        if advanced.get("profile_subprocesses"):
            try:
                self._subprocesses = profiler_server.SubprocessProfiles(level)
            except BaseException:
                profiler.stop(self._collector)
                raise

    def _finish(self) -> bytes:
        if self._space is None:
            if self._collector is None:
                raise RuntimeError("the profiling session has not been started")
            profiler.stop(self._collector)
            planes, warnings = (self._subprocesses.collect() if self._subprocesses is not None
                                else ([], []))
            self._space = profiler.xspace(self._collector, extra_planes=planes,
                                          warnings=warnings)
        return self._space

    def stop(self) -> bytes:
        """Stops collecting; the serialized XSpace."""
        return self._finish()

    def stop_and_export(self, tensorboard_dir: str) -> None:
        """Stops collecting and writes the run under ``tensorboard_dir``."""
        space = self._finish()
        profiler.export(self._collector, space, os.fspath(tensorboard_dir), self._session_id)

    def export(self, xspace: bytes, tensorboard_dir: str) -> None:
        profiler.export(self._collector, bytes(xspace), os.fspath(tensorboard_dir),
                        self._session_id)


_metadata: dict[str, str] = {}


def set_metadata(key: str, value: str) -> None:
    _metadata[str(key)] = str(value)


def clear_metadata() -> None:
    _metadata.clear()


ProfilerServer = profiler_server.ProfilerServer
start_server = profiler_server.start_server
register_subprocess = profiler_server.register_subprocess
register_plugin_profiler = unsupported_function("jaxlib._profiler.register_plugin_profiler")
def get_fdo_profile(xspace: bytes, as_textproto: bool = False) -> bytes | str:
    """The profiled-instructions proto (per-instruction device costs, for
    XLA GPU's scheduler) of a profile. Its costs come from device planes;
    this jaxlib's sessions record the host's plane only, so it is empty."""
    planes = profiler.read_xspace(bytes(xspace))
    if any(p["name"].startswith("/device:") for p in planes):
        unsupported("jaxlib._profiler.get_fdo_profile of device planes")
    return "" if as_textproto else b""


get_instructions_profile = unsupported_function("jaxlib._profiler.get_instructions_profile")
get_profiled_instructions_proto = unsupported_function(
    "jaxlib._profiler.get_profiled_instructions_proto")
aggregate_profiled_instructions = unsupported_function(
    "jaxlib._profiler.aggregate_profiled_instructions")


class ProfileEvent:
    """One event of a profile line."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.name: str = data["name"]
        self.start_ns: float = data["start_ns"]
        self.duration_ns: float = data["duration_ns"]
        self.stats = list(data["stats"].items())

    def __repr__(self) -> str:
        return f"ProfileEvent({self.name!r}, start_ns={self.start_ns}, " \
               f"duration_ns={self.duration_ns})"


class ProfileLine:
    """A line (a thread) of a profile plane."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.name: str = data["name"]
        self.events = [ProfileEvent(e) for e in data["events"]]


class ProfilePlane:
    """A plane (``/host:CPU``, a device) of a profile."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.name: str = data["name"]
        self.lines = [ProfileLine(line) for line in data["lines"]]
        self.stats = list(data["stats"].items())


class ProfileData:
    """A profile (an XSpace) read back: its planes, lines and events."""

    def __init__(self, planes: list[ProfilePlane]) -> None:
        self.planes = planes

    @classmethod
    def from_serialized_xspace(cls, data: bytes) -> ProfileData:
        try:
            planes = profiler.read_xspace(bytes(data))
        except ValueError as err:
            raise ValueError(f"not a serialized XSpace: {err}") from None
        return cls([ProfilePlane(p) for p in planes])

    @classmethod
    def from_file(cls, path: str) -> ProfileData:
        with open(os.fspath(path), "rb") as f:
            return cls.from_serialized_xspace(f.read())

    @classmethod
    def from_raw_cpp_ptr(cls, *args: Any) -> Any:
        unsupported("jaxlib._profile_data.ProfileData.from_raw_cpp_ptr (a C++ XSpace)")

    def find_plane_with_name(self, name: str) -> ProfilePlane | None:
        return next((p for p in self.planes if p.name == name), None)
