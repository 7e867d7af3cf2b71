"""Config library"""

from jaxlib._src.jax_api.config import Config, trace_context, trace_context_names, unset

__all__ = ["Config", "trace_context", "trace_context_names", "unset"]
