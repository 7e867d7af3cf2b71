"""jaxlib._profiler: trace annotations and profiling sessions (the profiler
server and the GPU/TPU profile queries are unsupported in this jaxlib)."""

from jaxlib._src.runtime.profiler_api import (
    ProfileOptions,
    ProfilerServer,
    ProfilerSession,
    TraceMe,
    aggregate_profiled_instructions,
    clear_metadata,
    get_fdo_profile,
    get_instructions_profile,
    get_profiled_instructions_proto,
    register_plugin_profiler,
    register_subprocess,
    set_metadata,
    start_server,
)

__all__ = [
    "ProfileOptions", "ProfilerServer", "ProfilerSession", "TraceMe",
    "aggregate_profiled_instructions", "clear_metadata", "get_fdo_profile",
    "get_instructions_profile", "get_profiled_instructions_proto",
    "register_plugin_profiler", "register_subprocess", "set_metadata", "start_server",
]
