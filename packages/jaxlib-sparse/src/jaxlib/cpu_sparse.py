"""CPU sparse custom-call targets (the jaxlib-sparse extra).

JAX's CPU lowering of ``jax.experimental.sparse`` CSR products emits the
custom call ``cpu_csr_sparse_dense_ffi``. ``registrations()`` lists the
kernels present; the C++ kernel is being added.
"""

from __future__ import annotations

from typing import Any

_KERNELS: dict[str, Any] = {}


def registrations() -> dict[str, list[tuple[str, Any, int]]]:
    return {"cpu": [(name, fn, 1) for name, fn in sorted(_KERNELS.items())]}
