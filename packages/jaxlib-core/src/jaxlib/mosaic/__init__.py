"""Mosaic (Pallas TPU/GPU compilers): absent from this CPU-only jaxlib."""
