"""Before every collective, the participants exchange a fixed-size description
of the call they are making (collective, dtype, shape, options) and compare:
mismatched calls become an INVALID_ARGUMENT on every process instead of
garbage or a hang. Shared by the Gloo and MPI engines."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
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
    calls = [bytes(row).rstrip(b"\0").decode(errors="replace") for row in gathered]
    if len(set(calls)) > 1:
        listing = "; ".join(f"process {p}: {c}" for p, c in zip(process_ids, calls))
        raise invalid_argument(f"the processes of {engine} collective disagree: {listing}")
