"""What jax asks of a CUDA plugin's extension module: ``jnp.array`` of an
object with ``__cuda_array_interface__`` looks up the GPU its data is on here
(jax tries ``jaxlib.cuda.cuda_plugin_extension`` after the CUDA plugins' own)."""

from __future__ import annotations

from jaxlib.cuda import pointer_device_ordinal


def get_device_ordinal(data_value: int) -> int:
    """The ordinal of the GPU holding the memory at address ``data_value``."""
    return pointer_device_ordinal(int(data_value))
