"""The native half of the CPU backend: loading ``jaxlib._cpu``, building
kernels, and lowering ops through the table of native lowerings
(``native_lowerings.py``, filled by the families in ``native_ops/``).

``lower_op`` builds the native kernel an op's lowering returns, or returns
``None`` when the lowering does not handle this variant; the executor then
runs the op's reference kernel. ``$JAXLIB_CPU_EXTENSION`` names a
development build of the extension to load instead of the installed one
(``tools/devbuild.sh``).

While ``recording_kernels()`` is active, ``build_kernel`` remembers how each
kernel was made (a :class:`KernelDescription`), so that a planned program can
be described and rebuilt in another process (the persistent compilation
cache). Parameters holding process addresses (``gemm``: a BLAS function) are
described by what they point to and resolved again when rebuilt.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import os
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from jaxlib._src.backends.cpu import native_ops  # noqa: F401  (registers the lowerings)
from jaxlib._src.backends.cpu.native_lowerings import NATIVE_LOWERINGS, NativeKernel
from jaxlib._src.ir.core import Operation
from jaxlib._src.ir.element_types import BLAS_TYPES
from jaxlib._src.ir.types import TensorType, is_complex, numpy_dtype


def _load_extension() -> ModuleType:
    path = os.environ.get("JAXLIB_CPU_EXTENSION")
    if path:
        spec = importlib.util.spec_from_file_location("jaxlib._cpu", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules["jaxlib._cpu"] = module
        return module
    from jaxlib import _cpu

    return _cpu


cpu = _load_extension()


@functools.cache
def dtype_name(element_type: str) -> str:
    """The numpy name of an IR element type (``f32`` -> ``float32``)."""
    return np.dtype(numpy_dtype(element_type)).name


def tensor_spec(t: Any) -> tuple[str, tuple[int, ...]]:
    """The (numpy dtype name, shape) spec of a static tensor type."""
    if not isinstance(t, TensorType) or not t.is_static or not isinstance(t.element_type, str):
        raise NotImplementedError(f"{t} is not a statically shaped tensor of a plain type")
    return dtype_name(t.element_type), tuple(int(d) for d in t.shape)


TensorSpec = tuple[str, tuple[int, ...]]


@dataclass(frozen=True)
class KernelDescription:
    """How a native kernel was built: the arguments ``cpu.make_kernel`` got."""

    name: str
    params: dict[str, Any]
    inputs: tuple[TensorSpec, ...]
    outputs: tuple[TensorSpec, ...]


class KernelRecorder:
    """The descriptions of the kernels built while it is active, by kernel."""

    def __init__(self) -> None:
        # id(kernel) -> (kernel, description); the kernel is held so that its
        # id is not reused by another object while the recorder lives.
        self._built: dict[int, tuple[Any, KernelDescription]] = {}

    def record(self, kernel: Any, description: KernelDescription) -> None:
        self._built[id(kernel)] = (kernel, description)

    def description(self, kernel: Any) -> KernelDescription | None:
        entry = self._built.get(id(kernel))
        return entry[1] if entry is not None and entry[0] is kernel else None


_recording = threading.local()


@contextlib.contextmanager
def recording_kernels() -> Iterator[KernelRecorder]:
    """Records the kernels this thread builds until the block ends."""
    previous = getattr(_recording, "recorder", None)
    recorder = KernelRecorder()
    _recording.recorder = recorder
    try:
        yield recorder
    finally:
        _recording.recorder = previous


def active_recorder() -> KernelRecorder | None:
    return getattr(_recording, "recorder", None)


def build_kernel(kernel: NativeKernel, operand_types: list[Any], result_types: list[Any]) -> Any:
    """Builds ``kernel`` for these operand and result types; raises
    NotImplementedError when the native side lacks the variant."""
    inputs = tuple(tensor_spec(t) for t in operand_types)
    outputs = tuple(tensor_spec(t) for t in result_types)
    built = cpu.make_kernel(kernel.name, kernel.params, list(inputs), list(outputs))
    recorder = active_recorder()
    if recorder is not None:
        recorder.record(built, KernelDescription(kernel.name, dict(kernel.params), inputs,
                                                 outputs))
    return built


def rebuild_kernel(description: KernelDescription) -> Any:
    """The kernel a description describes, built in this process."""
    return cpu.make_kernel(description.name, description.params, list(description.inputs),
                           list(description.outputs))


# -- portable descriptions (JSON values) ----------------------------------------------

class NotPortable(Exception):
    """A kernel description that cannot be written down for another process."""


@functools.cache
def _gemm_addresses() -> dict[int, str]:
    from jaxlib._src.backends.cpu.native_ops.dot import gemm_address

    return {gemm_address(t): t for t in BLAS_TYPES}


def _gemm_name(address: Any, params: dict[str, Any]) -> str | None:
    return _gemm_addresses().get(address) if isinstance(address, int) else None


def _gemm_address(name: str, params: dict[str, Any]) -> int | None:
    from jaxlib._src.backends.cpu.native_ops.dot import gemm_address

    return gemm_address(name) if name in BLAS_TYPES else None


def _target_name(address: Any, params: dict[str, Any]) -> str | None:
    target = params.get("target")
    return target if isinstance(target, str) and _target_address(target, params) == address \
        else None


def _target_address(name: str, params: dict[str, Any]) -> int | None:
    from jaxlib._src.backends.cpu.native_ops.custom_call import native_target_address

    return native_target_address(name) if params.get("target") == name else None


# Parameters whose value is a process address, written down as a name and
# resolved again: (the name of an address, the address of a name), None when
# unknown. A BLAS ``?gemm`` by its element type (``native_ops/dot.py``); a
# custom-call target's C function (``fn``) by the kernel's ``target``
# (``native_ops/custom_call.py``). A new address parameter must be added here,
# else programs using it are not portable.
_ADDRESS_PARAMS: dict[str, tuple[Any, Any]] = {
    "gemm": (_gemm_name, _gemm_address),
    "fn": (_target_name, _target_address),
}


def _portable_value(key: str, value: Any) -> Any:
    """A parameter as a JSON value that converts to the same native parameter
    (bytes become ``{"hex": ...}``: a dict is never a parameter)."""
    if isinstance(value, bool | int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return {"hex": value.hex()}
    if isinstance(value, list | tuple):
        if all(isinstance(v, bool | int) for v in value):
            return [int(v) for v in value]
        if all(isinstance(v, bool | int | float) for v in value):
            return [float(v) for v in value]  # the native side reads any mix as floats
    raise NotPortable(f"kernel parameter {key!r} has a value of type {type(value).__name__}")


def _native_value(value: Any) -> Any:
    if isinstance(value, dict):
        return bytes.fromhex(value["hex"])
    return value


def describe_kernel(description: KernelDescription) -> dict[str, Any]:
    """A JSON-ready form of ``description``; raises NotPortable."""
    params, addresses = {}, {}
    for key, value in description.params.items():
        if key in _ADDRESS_PARAMS:
            target = _ADDRESS_PARAMS[key][0](value, description.params)
            if target is None:
                raise NotPortable(f"kernel parameter {key!r} is an unknown address")
            addresses[key] = target
        else:
            params[key] = _portable_value(key, value)
    return {"name": description.name, "params": params, "addresses": addresses,
            "inputs": [[d, list(s)] for d, s in description.inputs],
            "outputs": [[d, list(s)] for d, s in description.outputs]}


def kernel_from_json(data: dict[str, Any]) -> KernelDescription:
    """The description ``describe_kernel`` wrote, with this process's
    addresses; raises ValueError/KeyError/TypeError when malformed."""
    params = {str(k): _native_value(v) for k, v in data["params"].items()}
    if _ADDRESS_PARAMS.keys() & params.keys():  # addresses come from this process only
        raise ValueError(f"address parameters {sorted(_ADDRESS_PARAMS.keys() & params.keys())} "
                         "written as values")
    for key, target in data["addresses"].items():
        address = (_ADDRESS_PARAMS[key][1](target, params)
                   if key in _ADDRESS_PARAMS and isinstance(target, str) else None)
        if address is None:
            raise ValueError(f"unknown address parameter {key!r} -> {target!r}")
        params[key] = address

    def specs(items: list) -> tuple[TensorSpec, ...]:
        return tuple((str(d), tuple(map(int, s))) for d, s in items)

    return KernelDescription(str(data["name"]), params, specs(data["inputs"]),
                             specs(data["outputs"]))


def lower_op(op: Operation) -> Any | None:
    """The built native kernel for ``op``, or None to use its reference kernel."""
    return lower_op_explained(op)[0]


def lower_op_explained(op: Operation) -> tuple[Any | None, str]:
    """The built native kernel for ``op`` and "", or None and why its reference
    kernel runs instead (what ``JAXLIB_CPU_STRICT`` and the fallback report say)."""
    lowering = NATIVE_LOWERINGS.get(op.name)
    types = ", ".join(str(t) for t in (*op.operand_types, *op.result_types))
    if lowering is None:
        return None, f"no native kernel for {op.name} ({types}) outside a fused group"
    try:
        kernel = lowering(op)
        if kernel is None:
            return None, f"the native {op.name} does not handle ({types}) or these attributes"
        return build_kernel(kernel, [v.type for v in op.operands],
                            [r.type for r in op.results]), ""
    except NotImplementedError as err:
        return None, f"the native {op.name} declined: {err}"


def run_native(kernel: Any, inputs: list[np.ndarray], output_specs: list[Any]) -> list[np.ndarray]:
    """Runs a built kernel on numpy inputs into fresh outputs (tests, folding)."""
    outputs = [np.empty(shape, dtype) for dtype, shape in output_specs]
    cpu.run_kernel(kernel, [np.require(a, requirements="C") for a in inputs], outputs)
    return outputs


def warm_up() -> None:
    """One-time set-up of the native kernels (BLAS function lookups), so that
    the first compilation does not pay for it."""
    from jaxlib._src.backends.cpu.native_ops import dot

    for element_type in BLAS_TYPES:
        if not is_complex(element_type):  # the real ones: complex GEMMs are rarer
            dot.gemm_address(element_type)
    # A module the first compilation would otherwise import.
    importlib.import_module("jaxlib._src.frontends.stablehlo_syntax")

