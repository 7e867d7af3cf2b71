"""jaxlib.gpu_triton: GPU kernels, absent from this CPU-only jaxlib.

jax imports this module unconditionally and looks for its optional functions
with hasattr, so the module exists and defines none of them."""
