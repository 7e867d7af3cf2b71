"""jax.debug.inspect_array_sharding: the sharding the compiler chose for a
value, handed to a Python callback at compile time.

jax registers the callback with ``xla_client.encode_inspect_sharding_callback``
and lowers an ``InspectSharding`` custom call whose backend config is the key
that returns; when a program over several devices compiles, the value's
propagated sharding (passes/sharding_propagation.py) goes to the callback as
an ``HloSharding`` (replicated where propagation knows nothing). jax keeps
the callback alive with the executable, so the registry holds it weakly.
"""

from __future__ import annotations

import itertools
import threading
import types
import weakref
from collections.abc import Callable
from typing import Any

from jaxlib._src.ir.core import Module, Operation
from jaxlib._src.ir.hlo_sharding import HloSharding
from jaxlib._src.ops.custom_call import INSPECT_SHARDING

__all__ = ["encode_callback", "has_inspections", "report"]

_PREFIX = b"jaxlib-inspect-sharding:"
# key number -> a function returning the callback (None once it is gone)
_callbacks: dict[int, Callable[[], Any] | Any] = {}
_numbers = itertools.count()
_lock = threading.Lock()


def encode_callback(callback: Callable[[Any], Any]) -> bytes:
    """The key an InspectSharding custom call names ``callback`` by."""
    if not callable(callback):
        raise TypeError(f"the inspect-sharding callback must be callable, got {callback!r}")
    # Functions (jax's) and methods weakly; other callables (a builtin's bound
    # method made for the call, an object) are kept, as nothing else may hold them.
    if isinstance(callback, types.FunctionType):
        held: Any = weakref.ref(callback)
    elif isinstance(callback, types.MethodType):
        held = weakref.WeakMethod(callback)
    else:
        held = lambda: callback  # noqa: E731
    with _lock:
        for number in [n for n, ref in _callbacks.items() if ref() is None]:
            del _callbacks[number]  # those of dropped executables
        number = next(_numbers)
        _callbacks[number] = held
    return _PREFIX + str(number).encode()


def _callback_of(op: Operation) -> Callable[[Any], Any] | None:
    key = op.attributes.get("backend_config")
    if isinstance(key, str):
        key = key.encode()
    if not isinstance(key, bytes) or not key.startswith(_PREFIX):
        return None
    try:
        number = int(key[len(_PREFIX):])
    except ValueError:
        return None
    with _lock:
        held = _callbacks.get(number)
    return held() if held is not None else None


def _inspects(op: Operation) -> bool:
    return op.name == "stablehlo.custom_call" and \
        op.attributes.get("call_target_name") == INSPECT_SHARDING


def has_inspections(module: Module) -> bool:
    return any(_inspects(op) for op in module.walk())


def report(inspected: dict[int, tuple[Operation, str | None]]) -> None:
    """Calls each inspected op's callback with the sharding found for its
    operand (``inspected``: id(op) -> (op, HloSharding text or None)). A
    key whose callback is gone (its executable was dropped) is skipped."""
    for op, text in inspected.values():
        callback = _callback_of(op)
        if callback is not None:
            callback(HloSharding.from_string(text or "{replicated}"))
