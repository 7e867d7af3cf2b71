"""Native lowering: stablehlo.custom_call of a target with a C implementation.

A target registered with ``register_native_custom_call`` (jaxlib-linalg's
LAPACK targets) runs as core's ``native_custom_call`` kernel
(``csrc/cpu/kernels/custom_call.cc``): its C function is called with the
buffers themselves and the payload its encoder made from the op's types and
attributes; it writes every result (one aliased to an operand by
``output_operand_aliases`` from that operand). Any other target, or a call the
encoder leaves alone (returns None), keeps its Python handler.
"""

from __future__ import annotations

from jaxlib._src.backends.cpu.native_lowerings import NativeKernel, native_lowering
from jaxlib._src.ir.core import Operation
from jaxlib._src.ops.custom_call import capsule_address, check_contract, decoded_attributes
from jaxlib._src.ops.custom_call_registry import native_custom_call


def native_target_address(name: str) -> int | None:
    """The C function of target ``name`` in this process (None: it has none),
    what a rebuilt kernel description calls."""
    native = native_custom_call(name)
    return None if native is None else capsule_address(native.capsule)


@native_lowering("stablehlo.custom_call")
def lower_custom_call(op: Operation) -> NativeKernel | None:
    name = op.attributes.get("call_target_name")
    if not isinstance(name, str) or op.attributes.get("has_side_effect"):
        return None
    native = native_custom_call(name)
    if native is None:
        return None
    check_contract(op, name)  # as the handler's kernel would be checked
    payload = native.encode(op, decoded_attributes(op))
    if payload is None:
        return None
    return NativeKernel("native_custom_call", {
        "fn": capsule_address(native.capsule), "target": name, "payload": bytes(payload)})
