"""Parsing of ``host:port`` addresses, so a typo fails at the call with a
clear message instead of as a connection that never succeeds."""

from __future__ import annotations

from jaxlib._src.base.errors import XlaRuntimeError


def parse_address(address: object, *, role: str) -> tuple[str, int]:
    """Splits ``host:port`` or ``[ipv6]:port`` into (host, port).

    ``role`` ("service" or "client") only words the error message.
    """

    def bad(why: str) -> XlaRuntimeError:
        return XlaRuntimeError(
            f"INVALID_ARGUMENT: malformed {role} address {address!r}: {why}; "
            "expected 'host:port', e.g. '127.0.0.1:1234' or '[::1]:1234'"
        )

    if not isinstance(address, str):
        raise bad(f"an address is a str, not {type(address).__name__}")
    if address != address.strip() or any(c.isspace() for c in address):
        raise bad("it contains whitespace")
    if address.startswith("["):
        host, bracket, rest = address[1:].partition("]")
        if not bracket or not rest.startswith(":"):
            raise bad("an IPv6 host needs the form '[host]:port'")
        port_text = rest[1:]
    else:
        host, colon, port_text = address.rpartition(":")
        if not colon:
            raise bad("the port is missing")
        if ":" in host:
            raise bad("an IPv6 host must be written in brackets")
    if not host:
        raise bad("the host is empty")
    if not port_text.isdigit() or not port_text.isascii():
        raise bad(f"the port {port_text!r} is not a number")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise bad(f"the port {port} is outside 1..65535")
    return host, port


def grpc_target(host: str, port: int) -> str:
    """The address in the form gRPC expects (IPv6 hosts in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
