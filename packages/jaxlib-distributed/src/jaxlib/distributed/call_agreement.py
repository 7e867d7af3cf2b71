"""Before every collective, the participants exchange a fixed-size description
of the call they are making (collective, dtype, shape, options) and compare:
mismatched calls become an INVALID_ARGUMENT on every process instead of
garbage or a hang. Shared by the Gloo and MPI engines."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from jaxlib._src.base.errors import invalid_argument

DESCRIPTION_BYTES = 256


def describe_call(what: str, x: np.ndarray | None, details: dict[str, Any]) -> np.ndarray:
    text = what if x is None else f"{what} of {x.dtype.name}{list(x.shape)}"
    text += "".join(f" {k}={v}" for k, v in sorted(details.items()))
    encoded = text.encode()
    if len(encoded) > DESCRIPTION_BYTES:
        encoded = hashlib.sha256(encoded).hexdigest().encode()
    description = np.zeros(DESCRIPTION_BYTES, np.uint8)
    description[:len(encoded)] = np.frombuffer(encoded, np.uint8)
    return description


def check_agreement(engine: str, process_ids: Sequence[int], gathered: np.ndarray) -> None:
    """``gathered`` holds every participant's description, one row each."""
    # (the text ends at its first NUL: a call may carry data after it)
    calls = [bytes(row).split(b"\0", 1)[0].decode(errors="replace") for row in gathered]
    if len(set(calls)) > 1:
        listing = "; ".join(f"process {p}: {c}" for p, c in zip(process_ids, calls))
        raise invalid_argument(f"the processes of {engine} collective disagree: {listing}")


# A peer's announced length comes from the peer; past this it is a lie that
# would only make this process allocate it.
MAX_BYTES_MESSAGE = 1 << 40


def gather_bytes(engine: str, process_ids: Sequence[int], payload: bytes,
                 gather: Callable[[np.ndarray], np.ndarray]) -> list[bytes]:
    """Every process's ``payload`` (of any length), in rank order, through
    ``gather`` (an all_gather of a uint8 vector into rows): two round trips,
    the call's agreement carrying the lengths in its description's last 8
    bytes (a process making another call sees another description: both
    fail before data moves), then the payloads padded to the longest."""
    mine = describe_call("all_gather_bytes", None, {})
    mine[-8:] = np.frombuffer(np.asarray(len(payload), "<u8").tobytes(), np.uint8)
    gathered = gather(mine)
    check_agreement(engine, process_ids, gathered[:, :-8])
    lengths = [int(np.frombuffer(bytes(row[-8:]), "<u8")[0]) for row in gathered]
    longest = max(lengths)
    if longest > MAX_BYTES_MESSAGE:
        raise invalid_argument(f"all_gather_bytes: a process announced {longest} bytes, "
                               f"more than {MAX_BYTES_MESSAGE}")
    padded = np.zeros(max(longest, 1), np.uint8)
    padded[:len(payload)] = np.frombuffer(payload, np.uint8)
    rows = gather(padded)
    return [bytes(row[:n]) for row, n in zip(rows, lengths)]
