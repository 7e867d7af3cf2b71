"""jaxlib.utils: safe_map, safe_zip, foreach, topological_sort, Mutex and logging
knobs (implemented in ``jaxlib._src.jax_api.utils``)."""

from jaxlib._src.jax_api.utils import (
    Mutex,
    absl_set_global_vlog_level,
    absl_set_min_log_level,
    absl_set_stderr_threshold,
    absl_set_vlog_level,
    foreach,
    install_failure_signal_handler,
    safe_map,
    safe_zip,
    topological_sort,
)

__all__ = [
    "Mutex",
    "absl_set_global_vlog_level",
    "absl_set_min_log_level",
    "absl_set_stderr_threshold",
    "absl_set_vlog_level",
    "foreach",
    "install_failure_signal_handler",
    "safe_map",
    "safe_zip",
    "topological_sort",
]
