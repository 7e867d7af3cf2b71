"""Jax C++ jit library (this slice: argument parsing and the jit configs)."""

from jaxlib._src.jax_api.config import Config as _Config
from jaxlib._src.jax_api.jax_jit import (
    ArgSignature,
    ArgumentSignature,
    _ArgSignatureOfValue,
    parse_arguments,
    set_disable_jit_state,
    set_enable_x64_state,
    set_post_hook_state,
)
from jaxlib._src.jax_api.pytree import PyTreeDef as _PyTreeDef
from jaxlib._src.jax_api.pytree import PyTreeRegistry as _PyTreeRegistry

__all__ = [
    "ArgSignature",
    "ArgumentSignature",
    "_ArgSignatureOfValue",
    "_Config",
    "_PyTreeDef",
    "_PyTreeRegistry",
    "parse_arguments",
    "set_disable_jit_state",
    "set_enable_x64_state",
    "set_post_hook_state",
]
