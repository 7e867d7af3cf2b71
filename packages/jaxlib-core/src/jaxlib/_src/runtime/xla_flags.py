"""The XLA flags this runtime reads from ``XLA_FLAGS``.

XLA parses ``XLA_FLAGS`` into its debug options; of those, the CPU client's
device count is the one users set from the environment
(``--xla_force_host_platform_device_count=8`` is the usual way to get several
CPU devices under jax). Other flags are left alone: XLA's would tune its own
compiler.
"""

from __future__ import annotations

import os
import re

_FORCED_COUNT = re.compile(r"--xla_force_host_platform_device_count=(\S*)")


def forced_host_device_count() -> int | None:
    """``--xla_force_host_platform_device_count`` in ``XLA_FLAGS``, or None
    when it is absent; the last occurrence wins, as with command-line flags."""
    flags = _FORCED_COUNT.findall(os.getenv("XLA_FLAGS", ""))
    if not flags:
        return None
    value = flags[-1]
    if not value.isdigit() or int(value) < 1:
        raise ValueError(
            "--xla_force_host_platform_device_count in XLA_FLAGS must be a "
            f"positive integer, got {value!r}"
        )
    return int(value)
