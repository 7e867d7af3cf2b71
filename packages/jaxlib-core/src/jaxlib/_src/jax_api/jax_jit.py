"""jit's argument parsing and the configs the jit dispatch path reads.

``parse_arguments`` splits a call's arguments into static ones and flattened
dynamic ones, as jax.jit does on every call; the returned ``ArgumentSignature``
keys jax's tracing caches, so its hash and equality are on the hot path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from jaxlib._src.jax_api.config import Config
from jaxlib._src.jax_api.pytree import PyTreeDef, PyTreeRegistry, flatten_into

__all__ = [
    "ArgSignature",
    "ArgumentSignature",
    "_ArgSignatureOfValue",
    "parse_arguments",
    "set_disable_jit_state",
    "set_enable_x64_state",
    "set_post_hook_state",
]

_disable_jit_state: Config | None = None
_enable_x64_state: Config | None = None
_post_hook_state: Config | None = None


def set_disable_jit_state(config: Config) -> None:
    global _disable_jit_state
    _disable_jit_state = config


def set_enable_x64_state(config: Config) -> None:
    global _enable_x64_state
    _enable_x64_state = config


def set_post_hook_state(config: Config) -> None:
    global _post_hook_state
    _post_hook_state = config


def _state(config: Config | None, what: str) -> Config:
    if config is None:
        raise RuntimeError(f"{what} is not set")
    return config


def disable_jit() -> bool:
    """The current value of jax_disable_jit (set by jax's config at import)."""
    return bool(_state(_disable_jit_state, "disable_jit_state").value)


def enable_x64() -> bool:
    return bool(_state(_enable_x64_state, "enable_x64_state").value)


def post_hook():
    """The callable jax runs after each jitted call, or None."""
    return _state(_post_hook_state, "post_hook_state").value


class ArgSignature:
    """The abstract signature of one argument: dtype, shape, weak type."""

    __slots__ = ("dtype", "shape", "weak_type")

    def __init__(self, dtype: np.dtype, shape: tuple[int, ...], weak_type: bool) -> None:
        self.dtype = dtype
        self.shape = shape
        self.weak_type = weak_type

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ArgSignature) and self.dtype == other.dtype
                and self.shape == other.shape and self.weak_type == other.weak_type)

    def __hash__(self) -> int:
        return hash((self.dtype, self.shape, self.weak_type))

    def __repr__(self) -> str:
        weak = ", weak_type=True" if self.weak_type else ""
        return f"ArgSignature({self.dtype.name}{list(self.shape)}{weak})"


# 64-bit types and what they become with jax_enable_x64 off.
_NARROWED = {np.dtype(np.int64): np.dtype(np.int32), np.dtype(np.uint64): np.dtype(np.uint32),
             np.dtype(np.float64): np.dtype(np.float32),
             np.dtype(np.complex128): np.dtype(np.complex64)}


def _ArgSignatureOfValue(value: Any, jax_enable_x64: bool) -> ArgSignature:
    """The signature jit sees for ``value``: jax arrays and typed literals
    keep their aval's; Python scalars are weakly typed at the default width;
    numpy values are narrowed to 32 bits unless x64 is on."""
    if isinstance(value, bool):
        return ArgSignature(np.dtype(np.bool_), (), True)
    if isinstance(value, (int, float, complex)):
        kind = {int: np.int64, float: np.float64, complex: np.complex128}[
            int if isinstance(value, int) else float if isinstance(value, float) else complex]
        dtype = np.dtype(kind)
        return ArgSignature(dtype if jax_enable_x64 else _NARROWED[dtype], (), True)
    aval = getattr(value, "aval", None)  # first: a typed literal is an ndarray too
    if aval is not None:
        return ArgSignature(np.dtype(aval.dtype), tuple(aval.shape),
                            bool(getattr(aval, "weak_type", False)))
    if isinstance(value, (np.ndarray, np.generic)):
        dtype = value.dtype
        if not jax_enable_x64:
            dtype = _NARROWED.get(dtype, dtype)
        return ArgSignature(dtype, tuple(np.shape(value)), False)
    raise TypeError(f"{type(value).__name__} is not a valid jit argument type")


class ArgumentSignature:
    """The static part of a call's arguments: what jit caches are keyed on."""

    __slots__ = ("static_args", "static_arg_names", "dynamic_arg_names",
                 "dynamic_arg_treedefs", "_hash")

    def __init__(self, static_args: list, static_arg_names: list[str],
                 dynamic_arg_names: list[str], dynamic_arg_treedefs: list[PyTreeDef]):
        self.static_args = static_args
        self.static_arg_names = static_arg_names
        self.dynamic_arg_names = dynamic_arg_names
        self.dynamic_arg_treedefs = dynamic_arg_treedefs
        self._hash: int | None = None

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            static_hashes = []
            for arg in self.static_args:
                try:
                    static_hashes.append(hash(arg))
                except TypeError as e:
                    raise ValueError(
                        "Non-hashable static arguments are not supported. An error "
                        "occurred while trying to hash an object of type "
                        f"{type(arg)}, {arg}. The error was:\n{e}\n") from e
            h = self._hash = hash((tuple(self.dynamic_arg_treedefs),
                                   tuple(self.dynamic_arg_names), tuple(static_hashes),
                                   tuple(self.static_arg_names)))
        return h

    def __eq__(self, other: object) -> bool:
        if type(other) is not ArgumentSignature:
            return False
        if self is other:
            return True
        if (self.dynamic_arg_treedefs != other.dynamic_arg_treedefs
                or self.dynamic_arg_names != other.dynamic_arg_names
                or self.static_arg_names != other.static_arg_names
                or len(self.static_args) != len(other.static_args)):
            return False
        for a, b in zip(self.static_args, other.static_args):
            if a is b:
                continue
            if type(a) is not type(b):
                return False
            try:
                if not a == b:
                    return False
            except Exception as e:
                raise ValueError(
                    "static arguments should be comparable using __eq__.The following "
                    "error was raised when comparing two objects of types "
                    f"{type(a)} and {type(b)}. The error was:\n{e}") from e
        return True

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __repr__(self) -> str:
        return (
            f"static args (positional + keyword): [{','.join(map(str, self.static_args))}], "
            f"static arg keyword names: [{','.join(self.static_arg_names)}], "
            "dynamic arg signatures (positional + keyword): "
            f"[{','.join(self.dynamic_arg_names)}], "
            f"dynamic arg shardings: [{'| '.join(map(str, self.dynamic_arg_treedefs))}]")

    __str__ = __repr__


def parse_arguments(positional_args: Sequence[object], keyword_args: Sequence[object],
                    kwnames: tuple[str, ...], static_argnums: Sequence[int],
                    static_argnames: Sequence[str], pytree_registry: PyTreeRegistry,
                    ) -> tuple[ArgumentSignature, list[object]]:
    """Parses the arguments to a function as jax.jit would.

    Returns a ArgumentSignature and the flattened dynamic arguments."""
    if not isinstance(positional_args, (list, tuple)):
        positional_args = _as_sequence(positional_args, "positional_args")
    if not isinstance(keyword_args, (list, tuple)):
        keyword_args = _as_sequence(keyword_args, "keyword_args")
    flat: list = []
    treedefs: list[PyTreeDef] = []
    static_args: list = []
    if not static_argnums:
        for arg in positional_args:
            treedefs.append(flatten_into(pytree_registry, arg, flat))
    else:
        n = len(positional_args)
        static = {i if i >= 0 else i + n for i in static_argnums}
        for i, arg in enumerate(positional_args):
            if i in static:
                static_args.append(arg)
            else:
                treedefs.append(flatten_into(pytree_registry, arg, flat))
    static_names: list[str] = []
    dynamic_names: list[str] = []
    if keyword_args:
        # jaxlib orders keyword arguments by (interned) name, whatever the call order.
        for name, value in sorted(zip(kwnames, keyword_args), key=_first):
            if name in static_argnames:
                static_names.append(name)
                static_args.append(value)
            else:
                dynamic_names.append(name)
                treedefs.append(flatten_into(pytree_registry, value, flat))
    return ArgumentSignature(static_args, static_names, dynamic_names, treedefs), flat


def _first(pair):
    return pair[0]


def _as_sequence(x: Any, what: str) -> list:
    try:
        return list(x)
    except TypeError:
        raise TypeError(f"{what} must be a list or tuple") from None
