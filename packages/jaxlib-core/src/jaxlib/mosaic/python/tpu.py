"""jaxlib.mosaic.python.tpu: jax imports it at start-up; its dialect is only
used by Pallas kernels, which this CPU-only jaxlib does not compile."""
