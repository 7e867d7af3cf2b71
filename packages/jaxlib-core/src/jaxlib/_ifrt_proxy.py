"""jaxlib._ifrt_proxy: the IFRT proxy client (remote devices) is not part of
this CPU-only jaxlib; jax imports the module and only uses it on request."""

from __future__ import annotations

from jaxlib._src.runtime.unsupported import unsupported_function


class ClientConnectionOptions:
    """Options of a proxy connection; accepted so callers can build them."""

    def __init__(self) -> None:
        self.on_disconnect = None
        self.on_connection_update = None
        self.connection_timeout_in_seconds = None


get_client = unsupported_function("jaxlib._ifrt_proxy.get_client")
