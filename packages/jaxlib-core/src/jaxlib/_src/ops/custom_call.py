"""``stablehlo.custom_call`` on the CPU backend.

The target is resolved when the program is compiled: host callbacks first
(JAX's ``xla_ffi_python_cpu_callback`` and the legacy
``xla_python_cpu_callback``), then the custom-call registry
(``register_custom_call_target``). An unknown target is a compile-time error
naming it (and the distribution that provides it, for LAPACK/solver and sparse
targets).

API versions. The op's ``api_version`` is XLA's ``CustomCallApiVersion``:
1 ORIGINAL, 2 STATUS_RETURNING, 3 STATUS_RETURNING_UNIFIED, 4 TYPED_FFI (0,
unspecified, means ORIGINAL). A dictionary ``backend_config`` or
``mhlo.backend_config`` (what JAX emits for FFI calls) makes the call a typed
FFI call whatever the number says. In the registry, ``api_version=1`` marks a
typed FFI handler; any other registration is a legacy target.

Calling conventions of Python callables (chosen by the registration):

* legacy target: ``fn(*operands)`` with one read-only numpy array per operand
  (``None`` for tokens); returns one array per result — a single array, or a
  tuple/list when there are several (``None`` or ``()`` when there are none).
  A result of tuple type counts its elements. Raising fails the call.
* typed FFI target (a callable, or a dict whose ``"execute"`` entry is one):
  ``fn(operands, results, attributes)``: ``operands`` is a list of read-only
  arrays, ``results`` a list of preallocated writable arrays the handler fills
  in place (``None`` for tokens; a result aliased to an operand by
  ``output_operand_aliases`` starts as a copy of it), ``attributes`` the
  decoded backend-config dictionary (integers and floats as numpy scalars of
  their declared type, dense arrays as numpy arrays) or, when the op has no
  dictionary, its extra (non-standard) attributes. The return value is
  ignored; raising fails the call.

PyCapsules hold C function pointers with XLA's CPU legacy signatures, chosen by
the op's api_version:

* 1 ORIGINAL:           ``void fn(void* out, const void** in)``
* 2 STATUS_RETURNING:   ``void fn(void* out, const void** in, XlaCustomCallStatus* s)``
* 3 ..._UNIFIED:        ``void fn(void* out, const void** in, const char* opaque,
  size_t opaque_len, XlaCustomCallStatus* s)`` (``opaque`` = ``backend_config``)

``in`` holds one C-contiguous buffer per operand (NULL for tokens); ``out`` is
the result buffer itself when there is exactly one non-tuple result, else a
``void**`` of result buffers. The status is jaxlib's struct (XLA's is opaque):

.. code-block:: c

    typedef struct XlaCustomCallStatus_ XlaCustomCallStatus;
    struct XlaCustomCallStatus_ {
      /* Marks the call failed with `message` (copied; need not be NUL-ended). */
      void (*set_failure)(XlaCustomCallStatus* status, const char* message,
                          size_t length);
      int32_t failed;  /* non-zero once set_failure was called */
    };
    /* XLA's setter, for code written against xla/service/custom_call_status.h: */
    static void XlaCustomCallStatusSetFailure(XlaCustomCallStatus* s,
                                              const char* m, size_t n) {
      s->set_failure(s, m, n);
    }

A failure raises ``XlaRuntimeError`` carrying the message. Typed-FFI capsules
(the XLA FFI C API) are not supported: compiling such a call is an
UNIMPLEMENTED error naming the target.

Contracts. A target registered with a contract (``register_custom_call_contract``;
jaxlib-linalg and jaxlib-sparse register one per target, core one per host
callback target) has every call checked when its kernel is built, i.e. at
compile time on the op's static types (a shape-polymorphic program is checked
when it is specialized): a kernel trusts its buffers to be as large as its
routine writes. A violation is an INVALID_ARGUMENT compile error naming the
target and what is wrong. The verifier also checks what StableHLO's does for
every custom call: ``operand_layouts``/``result_layouts`` (both or neither,
one per operand/result, each a permutation of the dimensions) and
``output_operand_aliases`` (indices in range, aliased types equal).

Host callbacks. ``host_callbacks[i]`` (given to ``compile_and_load``) is called
with numpy arrays (``None`` for tokens) and returns a sequence of arrays, one
per result (token results' entries are ignored). ``xla_ffi_python_cpu_callback``
names ``i`` as ``index`` in its backend config; the legacy
``xla_python_cpu_callback`` passes it as the value of operand 0 (the i64
descriptor), which the callback does not receive. Side-effecting calls are
always run: the CPU program never drops an op.
"""

from __future__ import annotations

import ctypes
import math
import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from jaxlib._src.base.errors import XlaRuntimeError, invalid_argument, not_found, unimplemented
from jaxlib._src.ir.attributes import (
    DenseArray,
    DenseElements,
    FloatAttr,
    IntegerAttr,
    OutputOperandAlias,
)
from jaxlib._src.ir.core import SIDE_EFFECT, Operation
from jaxlib._src.ir.types import (
    TensorType,
    TokenType,
    TupleType,
    integer_bit_width,
    is_integer,
    numpy_dtype,
)
from jaxlib._src.ops.custom_call_registry import (
    CustomCallBuffer,
    CustomCallSignature,
    CustomCallTarget,
    custom_call_contract,
    register_custom_call_contract,
)
from jaxlib._src.ops.registry import TOKEN, define_op

API_VERSION_UNSPECIFIED = 0
API_VERSION_ORIGINAL = 1
API_VERSION_STATUS_RETURNING = 2
API_VERSION_STATUS_RETURNING_UNIFIED = 3
API_VERSION_TYPED_FFI = 4

# The registry's api_version for typed FFI handlers (jaxlib's Python API).
REGISTRATION_TYPED_FFI = 1

# jax names its callbacks by device ("gpu" on cuda/rocm); all run on the host.
FFI_HOST_CALLBACK_TARGETS = frozenset({
    "xla_ffi_python_cpu_callback", "xla_ffi_partitioned_python_cpu_callback",
    "xla_ffi_python_gpu_callback", "xla_ffi_partitioned_python_gpu_callback"})
# jax's custom_partitioning over several devices: its partitioner callbacks
# give the per-device computation at compile time (compiler/custom_partitioning.py).
CUSTOM_PARTITIONING = "CustomSPMDPartitioning"
# Called once per device with that device's shards of the operands.
PARTITIONED_HOST_CALLBACK_TARGETS = frozenset({
    "xla_ffi_partitioned_python_cpu_callback", "xla_ffi_partitioned_python_gpu_callback"})
LEGACY_HOST_CALLBACK_TARGET = "xla_python_cpu_callback"

# Targets provided by other distributions, for the "unknown target" message.
_LINALG_PREFIXES = ("lapack_", "blas_", "cusolver_", "hipsolver_", "cublas_", "hipblas_")
_LINALG_TARGETS = frozenset({"Qr", "Eigh", "Svd", "LuDecomposition",
                             "ProductOfElementaryHouseholderReflectors",
                             "cu_lu_pivots_to_permutation", "hip_lu_pivots_to_permutation"})
_SPARSE_PREFIXES = ("cpu_csr_", "cusparse_", "hipsparse_")
# jax.experimental.buffer_callback: the callback fills its results in place
# (the GPU's targets are jaxlib-gpu's steps: gpu_runtime/buffer_callbacks.py).
BUFFER_CALLBACK_TARGET = "xla_buffer_python_cpu_callback"
GPU_BUFFER_CALLBACK_TARGETS = frozenset({"xla_buffer_python_gpu_callback",
                                         "xla_buffer_python_gpu_callback_cmd_buffer"})
_UNSUPPORTED_TARGETS = {
    name: "a GPU buffer callback (jax lowered it for cuda or rocm) runs on jaxlib-gpu's "
          "devices, not as a host step"
    for name in GPU_BUFFER_CALLBACK_TARGETS
}
# GSPMD manual-region boundaries. The compiler turns each region (between its
# entries and exits) into one per-device op (passes/gspmd_manual.py); what is
# left here are the steps between manual forms inside a partially manual
# region, which run per device.
_GSPMD_MANUAL_STEPS = frozenset({"SPMDFullToShardShape", "SPMDShardToFullShape"})
# The GSPMD partitioner's sharding annotation: programs with partitions run in
# the global view (one program on global arrays), where it is an identity.
_SHARDING_ANNOTATION = "Sharding"
# jax's memory-space moves inside a program (``device_put`` to a memory kind
# under jit, ``compute_on``): a placement annotation (``_xla_buffer_placement``)
# that XLA's host-offloading pass turns into copies. Values here live in one
# memory per device while a program runs, so it is an identity; the results'
# memory kinds come from the entry function's ``mhlo.memory_kind`` attributes.
_PLACEMENT_ANNOTATION = "annotate_device_placement"
# jax.debug.inspect_array_sharding: the compiler hands the sharding it chose
# for the operand to a Python callback (compiler/inspect_sharding.py); running
# it returns the operand.
INSPECT_SHARDING = "InspectSharding"
# jax's layout constraint (``with_layout_constraint``, or a sharding
# constraint to a ``Format``): the value unchanged; its layout matters where
# it is a result, which the compiler lays out as asked
# (passes/entry_layouts.py).
LAYOUT_CONSTRAINT = "LayoutConstraint"
# Builtins that return their one operand unchanged.
IDENTITY_TARGETS = frozenset({_SHARDING_ANNOTATION, _PLACEMENT_ANNOTATION, INSPECT_SHARDING,
                              LAYOUT_CONSTRAINT})
# jax's ``lax.dce_sink``: marks its operands used so that the computation
# producing them is kept; running it does nothing.
DCE_SINK = "dce_sink"
# jax.experimental.control_deps' ``control_dep(src, dst)``: XLA schedules src
# before dst; this jaxlib runs ops in program order, so running it does nothing.
CONTROL_DEP = "control_dep"
# The builtins above that take any operands, return nothing and do nothing.
NO_OP_TARGETS = frozenset({DCE_SINK, CONTROL_DEP})
# XLA's builtin for ``lax.empty`` on GPUs and TPUs: a buffer whose contents
# are unspecified (here: zeros).
ALLOCATE_BUFFER = "AllocateBuffer"
# XLA's builtin for ``lax.approx_max_k`` / ``approx_min_k``: exact top-k is an
# approximation of any recall target.
_APPROX_TOP_K = "ApproxTopK"


# -- op facts ---------------------------------------------------------------------------


def _config_dict(op: Operation) -> dict | None:
    for key in ("mhlo.backend_config", "backend_config"):
        value = op.attributes.get(key)
        if isinstance(value, dict):
            return value
    return None


def effective_api_version(op: Operation) -> int:
    """The op's calling convention: its ``api_version``, typed FFI whenever
    the backend config is a dictionary."""
    version = int(op.attributes.get("api_version", API_VERSION_ORIGINAL))
    if version not in range(5):
        raise ValueError(f"custom_call api_version {version} is not one of 0..4")
    if _config_dict(op) is not None:
        return API_VERSION_TYPED_FFI
    return API_VERSION_ORIGINAL if version == API_VERSION_UNSPECIFIED else version


def _opaque(op: Operation) -> bytes:
    value = op.attributes.get("backend_config", "")
    if isinstance(value, bytes):
        return value
    return value.encode("utf-8") if isinstance(value, str) else b""


def _decode_attribute(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, IntegerAttr):
        return numpy_dtype(value.type).type(int(value))
    if isinstance(value, FloatAttr):
        return numpy_dtype(value.type).type(float(value))
    if isinstance(value, DenseArray):
        return np.asarray(tuple(value), numpy_dtype(value.element_type))
    if isinstance(value, DenseElements):
        return np.array(value.array)
    if isinstance(value, dict):
        return {k: _decode_attribute(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decode_attribute(v) for v in value]
    return value


_STANDARD_ATTRIBUTES = frozenset({
    "call_target_name", "has_side_effect", "backend_config", "api_version",
    "called_computations", "operand_layouts", "result_layouts", "result_tilings",
    "output_operand_aliases", "indices_of_shape_operands"})


def decoded_attributes(op: Operation) -> dict[str, Any]:
    """The op's backend-config dictionary as Python/numpy values; without
    one, the op's own extra attributes (not custom_call's standard ones, nor
    ``mhlo.``/``jax.``/``sdy.`` annotations)."""
    config = _config_dict(op)
    if config is None:
        config = {k: v for k, v in op.attributes.items()
                  if k not in _STANDARD_ATTRIBUTES and not k.startswith(("mhlo.", "jax.", "sdy."))}
    return _decode_attribute(config)


def _aliases(op: Operation) -> list[tuple[int, int]]:
    """(result index, operand index) pairs of ``output_operand_aliases``."""
    pairs = []
    for alias in op.attributes.get("output_operand_aliases") or []:
        if not isinstance(alias, OutputOperandAlias):
            continue
        if alias.operand_tuple_indices or len(alias.output_tuple_indices) > 1:
            raise NotImplementedError("output_operand_aliases into tuple elements")
        result = alias.output_tuple_indices[0] if alias.output_tuple_indices else 0
        pairs.append((result, alias.operand_index))
    return pairs


class _ResultSpec:
    """How to allocate and check one result: a tensor, a token, or a tuple."""

    def __init__(self, t: Any, where: str):
        self.type = t
        self.where = where
        self.parts: list[_ResultSpec] | None = None
        if isinstance(t, TupleType):
            self.parts = [_ResultSpec(e, f"{where}.{i}") for i, e in enumerate(t.types)]
        elif isinstance(t, TensorType):
            if not t.is_static:
                raise NotImplementedError(f"{where} has dynamic shape {t}")
            self.shape = tuple(t.shape)
            self.dtype = numpy_dtype(t.element_type)
        elif not isinstance(t, TokenType):
            raise NotImplementedError(f"{where} of type {t} is not supported")

    @property
    def is_token(self) -> bool:
        return isinstance(self.type, TokenType)

    def leaves(self) -> list[_ResultSpec]:
        if self.parts is None:
            return [self]
        return [leaf for p in self.parts for leaf in p.leaves()]

    def allocate(self) -> Any:
        return None if self.is_token else np.zeros(self.shape, self.dtype)

    def check(self, value: Any, target: str) -> np.ndarray:
        array = np.asarray(value)
        if array.shape != self.shape or array.dtype != self.dtype:
            raise XlaRuntimeError(
                f"INTERNAL: custom call {target!r} returned {array.dtype}{list(array.shape)} "
                f"for {self.where}, expected {self.dtype}{list(self.shape)}")
        return array

    def assemble(self, leaves: Sequence[Any]) -> tuple[Any, int]:
        """Builds this result's program value from flat leaf values."""
        if self.parts is None:
            return (TOKEN if self.is_token else leaves[0]), 1
        values, used = [], 0
        for part in self.parts:
            value, n = part.assemble(leaves[used:])
            values.append(value)
            used += n
        return tuple(values), used


def _result_specs(op: Operation) -> list[_ResultSpec]:
    return [_ResultSpec(t, f"result {i}") for i, t in enumerate(op.result_types)]


def _assemble(specs: list[_ResultSpec], leaves: Sequence[Any]) -> tuple:
    results, used = [], 0
    for spec in specs:
        value, n = spec.assemble(leaves[used:])
        results.append(value)
        used += n
    return tuple(results)


def _read_only(value: Any) -> Any:
    if value is TOKEN:
        return None
    if isinstance(value, tuple):
        return tuple(_read_only(v) for v in value)
    view = np.asarray(value).view()
    view.flags.writeable = False
    return view


def _flat_operands(values: Sequence[Any]) -> list[Any]:
    flat = []
    for v in values:
        if isinstance(v, tuple):
            flat.extend(_flat_operands(v))
        else:
            flat.append(v)
    return flat


# -- Python targets -----------------------------------------------------------------------


def _handler_error(name: str, err: Exception) -> XlaRuntimeError:
    # A handler's ValueError rejects its operands' values (an index out of
    # range, a malformed sparse structure); anything else is its own failure.
    status = "INVALID_ARGUMENT" if isinstance(err, ValueError) else "INTERNAL"
    return XlaRuntimeError(f"{status}: custom call {name!r} failed: {type(err).__name__}: {err}")


def _python_legacy_kernel(name: str, fn: Callable, op: Operation):
    specs = _result_specs(op)
    leaves = [leaf for s in specs for leaf in s.leaves()]
    data_leaves = [leaf for leaf in leaves if not leaf.is_token]

    def kernel(*operands):
        try:
            returned = fn(*(_read_only(x) for x in operands))
        except XlaRuntimeError:
            raise
        except Exception as err:
            raise _handler_error(name, err) from err
        if returned is None:
            returned = ()
        elif not isinstance(returned, (tuple, list)):
            returned = (returned,)
        if len(returned) not in (len(leaves), len(data_leaves)):
            raise XlaRuntimeError(
                f"INTERNAL: custom call {name!r} returned {len(returned)} values for "
                f"{len(data_leaves)} results")
        values = iter(returned)
        if len(returned) == len(data_leaves):  # tokens need no value
            flat = [None if leaf.is_token else leaf.check(next(values), name)
                    for leaf in leaves]
        else:
            flat = [None if leaf.is_token else leaf.check(v, name)
                    for leaf, v in zip(leaves, values)]
        return _assemble(specs, flat)

    return kernel


def _python_ffi_kernel(name: str, fn: Callable, op: Operation):
    specs = _result_specs(op)
    leaves = [leaf for s in specs for leaf in s.leaves()]
    attributes = decoded_attributes(op)
    aliases = _aliases(op)

    def kernel(*operands):
        inputs = _flat_operands([_read_only(x) for x in operands])
        results = [leaf.allocate() for leaf in leaves]
        for result_index, operand_index in aliases:
            if results[result_index] is not None:
                np.copyto(results[result_index], inputs[operand_index], casting="no")
        try:
            fn(inputs, results, attributes)
        except XlaRuntimeError:
            raise
        except Exception as err:
            raise _handler_error(name, err) from err
        return _assemble(specs, results)

    return kernel


# -- C targets (PyCapsules) ---------------------------------------------------------------

_SET_FAILURE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)


class XlaCustomCallStatus(ctypes.Structure):
    """jaxlib's ``XlaCustomCallStatus`` (see the module docstring)."""

    _fields_ = [("set_failure", _SET_FAILURE), ("failed", ctypes.c_int32)]


_failure_messages: dict[int, str] = {}
_failure_lock = threading.Lock()


def _record_failure(status: int, message: int, length: int) -> None:
    text = ctypes.string_at(message, length).decode("utf-8", "replace") if message else ""
    with _failure_lock:
        _failure_messages[status] = text
    ctypes.cast(status, ctypes.POINTER(XlaCustomCallStatus)).contents.failed = 1


_SET_FAILURE_CALLBACK = _SET_FAILURE(_record_failure)  # kept alive for the process

_VOID_PP = ctypes.POINTER(ctypes.c_void_p)
_C_SIGNATURES = {
    API_VERSION_ORIGINAL: ctypes.CFUNCTYPE(None, ctypes.c_void_p, _VOID_PP),
    API_VERSION_STATUS_RETURNING: ctypes.CFUNCTYPE(
        None, ctypes.c_void_p, _VOID_PP, ctypes.POINTER(XlaCustomCallStatus)),
    API_VERSION_STATUS_RETURNING_UNIFIED: ctypes.CFUNCTYPE(
        None, ctypes.c_void_p, _VOID_PP, ctypes.c_char_p, ctypes.c_size_t,
        ctypes.POINTER(XlaCustomCallStatus)),
}

_capsule_name = ctypes.pythonapi.PyCapsule_GetName
_capsule_name.restype = ctypes.c_char_p
_capsule_name.argtypes = [ctypes.py_object]
_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = ctypes.c_void_p
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def is_capsule(fn: Any) -> bool:
    return type(fn).__name__ == "PyCapsule"


def capsule_address(capsule: Any) -> int:
    """The pointer a PyCapsule holds, whatever its name."""
    address = _capsule_pointer(capsule, _capsule_name(capsule))
    if not address:
        raise ValueError("the PyCapsule holds a NULL pointer")
    return address


def _c_kernel(name: str, capsule: Any, op: Operation, api_version: int):
    function = _C_SIGNATURES[api_version](capsule_address(capsule))
    specs = _result_specs(op)
    leaves = [leaf for s in specs for leaf in s.leaves()]
    single_buffer = len(op.result_types) == 1 and specs[0].parts is None
    opaque = _opaque(op)
    aliases = _aliases(op)

    def kernel(*operands):
        inputs = [None if x is None else np.require(x, requirements="C")
                  for x in (_read_only(v) for v in _flat_operands(operands))]
        in_pointers = (ctypes.c_void_p * max(len(inputs), 1))(
            *[None if x is None else x.ctypes.data for x in inputs])
        results = [leaf.allocate() for leaf in leaves]
        for result_index, operand_index in aliases:
            if results[result_index] is not None:
                np.copyto(results[result_index], inputs[operand_index], casting="no")
        result_pointers = [None if r is None else r.ctypes.data for r in results]
        if single_buffer:
            out = result_pointers[0]
        else:
            out_array = (ctypes.c_void_p * max(len(results), 1))(*result_pointers)
            out = ctypes.addressof(out_array)
        if api_version == API_VERSION_ORIGINAL:
            function(out, in_pointers)
            return _assemble(specs, results)
        status = XlaCustomCallStatus(_SET_FAILURE_CALLBACK, 0)
        if api_version == API_VERSION_STATUS_RETURNING:
            function(out, in_pointers, ctypes.byref(status))
        else:
            function(out, in_pointers, opaque, len(opaque), ctypes.byref(status))
        if status.failed:
            with _failure_lock:
                message = _failure_messages.pop(ctypes.addressof(status), "")
            raise XlaRuntimeError(f"INTERNAL: custom call {name!r} failed: {message}")
        return _assemble(specs, results)

    return kernel


# -- host callbacks ---------------------------------------------------------------------


def _host_callbacks(ctx: Any) -> Sequence[Any]:
    module_lowering = getattr(ctx, "module_lowering", None)
    return getattr(module_lowering, "host_callbacks", None) or ()


def _call_host_callback(name: str, callbacks: Sequence[Any], index: int, args: list):
    if not 0 <= index < len(callbacks):
        raise XlaRuntimeError(
            f"INVALID_ARGUMENT: custom call {name!r} calls host callback {index}, but the "
            f"executable was given {len(callbacks)} host callbacks (pass them to "
            "compile_and_load(..., host_callbacks=...))")
    try:
        return callbacks[index](*args)
    except XlaRuntimeError:
        raise
    except Exception as err:
        raise XlaRuntimeError(
            f"INTERNAL: CpuCallback error calling callback: {type(err).__name__}: {err}"
        ) from err


def _host_callback_kernel(op: Operation, ctx: Any, name: str):
    check_contract(op, name)
    callbacks = _host_callbacks(ctx)
    specs = _result_specs(op)
    leaves = [leaf for s in specs for leaf in s.leaves()]
    legacy = name == LEGACY_HOST_CALLBACK_TARGET
    if legacy:
        if not op.operands:
            raise ValueError(f"{name} needs the callback descriptor as operand 0")
        fixed_index = None
    else:
        config = decoded_attributes(op)
        if "index" not in config:
            raise ValueError(f"{name} needs an 'index' in its backend config")
        fixed_index = int(config["index"])

    module_lowering = getattr(ctx, "module_lowering", None)
    tilings = getattr(module_lowering, "partitioned_operands", {}).get(id(op))
    if tilings is not None and name in PARTITIONED_HOST_CALLBACK_TARGETS:
        return _partitioned_callback_kernel(op, name, callbacks, fixed_index, leaves, specs,
                                            tilings)

    def kernel(*operands):
        if legacy:
            index, operands = int(operands[0]), operands[1:]
        else:
            index = fixed_index
        args = [_read_only(x) for x in _flat_operands(operands)]
        returned = _call_host_callback(name, callbacks, index, args)
        returned = list(returned) if returned is not None else []
        if len(returned) != len(leaves):
            raise XlaRuntimeError(
                f"INTERNAL: host callback {index} returned {len(returned)} values for "
                f"{len(leaves)} results")
        flat = [None if leaf.is_token else leaf.check(v, name)
                for leaf, v in zip(leaves, returned)]
        return _assemble(specs, flat)

    kernel.has_side_effect = bool(op.attributes.get("has_side_effect", False))
    return kernel


def _partitioned_callback_kernel(op: Operation, name: str, callbacks: Sequence[Any],
                                 index: int | None, leaves: list, specs: list,
                                 tilings: list[Any]):
    """A partitioned host callback of a program over several devices: the
    callback runs once per device on that device's shards of the operands
    (as XLA runs it on each device), its result tokens passed on. ``tilings``:
    each flat operand's device-id tiling (None: the whole value on every
    device)."""
    devices = next((t.size for t in tilings if t is not None), 1)
    if any(not leaf.is_token for leaf in leaves):
        raise ValueError(f"{name} returns nothing but tokens")

    def block(t: Any, tiling: Any, device: int) -> tuple[slice, ...] | None:
        """The device's block of an operand of type ``t`` (None: all of it)."""
        if tiling is None or not isinstance(t, TensorType):
            return None
        where = np.argwhere(tiling == device)[0][:-1]  # (the replica position dropped)
        return tuple(slice(int(i) * (n // c), (int(i) + 1) * (n // c))
                     for i, n, c in zip(where, t.shape, tiling.shape))

    # (worked out once: each device's block of each operand)
    blocks = [[block(t, tiling, d) for t, tiling in zip(op.operand_types, tilings)]
              for d in range(devices)]

    def kernel(*operands):
        for parts in blocks:
            _call_host_callback(name, callbacks, index, [
                _read_only(v) if part is None or v is TOKEN else _read_only(np.asarray(v)[part])
                for v, part in zip(operands, parts)])
        return _assemble(specs, [None] * len(leaves))

    kernel.has_side_effect = True
    return kernel


def buffer_callback_kernel(op: Operation, ctx: Any, name: str, xp: Any = np,
                           stream: Callable[[], int | None] = lambda: None,
                           on_device: bool = False,
                           storage: Callable[[np.dtype], np.dtype] = lambda d: d):
    """``callback(context, *operands, *results)`` with ``Buffer``s: the
    operands read-only, the results writeable and zeroed first (an aliased
    result starts as a copy of its operand, which the callback then sees in
    that same memory, read-only), returned as the callback left them. ``xp``:
    the arrays' namespace (CuPy's on a GPU, whose context gives ``stream()``;
    ``on_device``: numpy memory standing for a mock GPU's; ``storage``: the
    dtype a result is stored in, a carrier's for bfloat16 on a GPU)."""
    from jaxlib._src.ops.ffi_buffers import Buffer, ExecutionContext

    check_contract(op, name)
    callbacks = _host_callbacks(ctx)
    config = decoded_attributes(op)
    if "index" not in config:
        raise ValueError(f"{name} needs an 'index' in its backend config")
    index = int(config["index"])
    specs = _result_specs(op)
    leaves = [leaf for s in specs for leaf in s.leaves()]
    if any(leaf.is_token for leaf in leaves) or any(
            not isinstance(t, TensorType) for t in op.operand_types):
        raise ValueError(f"{name} takes and returns arrays only")
    aliases = dict(_aliases(op))  # result -> operand
    logical = [numpy_dtype(t.element_type) for t in op.operand_types] + [
        leaf.dtype for leaf in leaves]

    def kernel(*operands):
        operands = [xp.asarray(x) for x in operands]
        results = [xp.array(operands[aliases[i]], order="C", copy=True) if i in aliases
                   else xp.zeros(leaf.shape, storage(leaf.dtype))
                   for i, leaf in enumerate(leaves)]
        for i, operand in aliases.items():
            operands[operand] = results[i]
        buffers = [Buffer(x, False, d, on_device) for x, d in zip(operands, logical)]
        buffers += [Buffer(r, True, d, on_device)
                    for r, d in zip(results, logical[len(operands):])]
        returned = _call_host_callback(name, callbacks, index,
                                       [ExecutionContext(stream=stream()), *buffers])
        if returned:
            raise XlaRuntimeError(f"INTERNAL: buffer callback {index} returned values; it "
                                  "must fill its result buffers instead")
        return _assemble(specs, results)

    kernel.has_side_effect = bool(op.attributes.get("has_side_effect", False))
    return kernel


# -- contracts --------------------------------------------------------------------------


def _layouts(op: Operation, key: str) -> list[tuple[int, ...]] | None:
    value = op.attributes.get(key)
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{key} must be an array of layouts, got {value!r}")
    layouts = []
    for entry in value:
        if isinstance(entry, DenseElements):
            layouts.append(tuple(int(d) for d in np.asarray(entry.array).reshape(-1)))
        elif isinstance(entry, DenseArray):
            layouts.append(tuple(int(d) for d in entry))
        else:
            raise ValueError(f"{key} entries must be dense index arrays, got {entry!r}")
    return layouts


def _result_layout_types(op: Operation) -> list[Any]:
    """The types ``result_layouts`` describes: a single tuple result's elements."""
    types = list(op.result_types)
    if len(types) == 1 and isinstance(types[0], TupleType):
        return list(types[0].types)
    return types


def _verify_layouts(op: Operation) -> None:
    operand_layouts = _layouts(op, "operand_layouts")
    result_layouts = _layouts(op, "result_layouts")
    if (operand_layouts is None) != (result_layouts is None):
        raise ValueError("operand_layouts and result_layouts must be given together")
    if operand_layouts is None or result_layouts is None:
        return
    for what, types, layouts in (("operand", list(op.operand_types), operand_layouts),
                                 ("result", _result_layout_types(op), result_layouts)):
        if len(types) != len(layouts):
            raise ValueError(f"{len(types)} {what}s but {len(layouts)} {what} layouts")
        for i, (t, layout) in enumerate(zip(types, layouts)):
            if isinstance(t, TupleType):
                raise ValueError(f"{what} {i} is a tuple: tuples cannot have layouts")
            if not isinstance(t, TensorType):
                if layout:
                    raise ValueError(f"{what} {i} of type {t} cannot have layout {list(layout)}")
            elif sorted(layout) != list(range(t.rank)):
                raise ValueError(f"{what} {i} of type {t} has layout {list(layout)}, which is "
                                 f"not a permutation of [0, {t.rank})")


def _tuple_part(t: Any, indices: Sequence[int], what: str) -> Any:
    for i in indices:
        if not isinstance(t, TupleType) or not 0 <= i < len(t.types):
            raise ValueError(f"output_operand_aliases: {what} tuple index {i} is out of bounds")
        t = t.types[i]
    return t


def _same_type(a: Any, b: Any) -> bool:
    if isinstance(a, TensorType) and isinstance(b, TensorType):
        return (a.element_type == b.element_type and a.rank == b.rank
                and all(x is None or y is None or x == y for x, y in zip(a.shape, b.shape)))
    return a == b


def _verify_aliases(op: Operation) -> None:
    results = list(op.result_types)
    output = results[0] if len(results) == 1 else TupleType(tuple(results))
    for alias in op.attributes.get("output_operand_aliases") or []:
        if not isinstance(alias, OutputOperandAlias):
            continue
        if not 0 <= alias.operand_index < len(op.operands):
            raise ValueError(f"output_operand_aliases: operand index {alias.operand_index} is "
                             f"out of range [0, {len(op.operands)})")
        operand_part = _tuple_part(op.operand_types[alias.operand_index],
                                   alias.operand_tuple_indices, "operand")
        output_part = _tuple_part(output, alias.output_tuple_indices, "output")
        if not _same_type(operand_part, output_part):
            raise ValueError(f"output_operand_aliases: operand part {operand_part} and output "
                             f"part {output_part} differ")


def _buffers(types: Sequence[Any], layouts: list[tuple[int, ...]] | None
             ) -> tuple[CustomCallBuffer, ...] | None:
    """The contract's view of ``types``; None when a shape is not static."""
    buffers = []
    for i, t in enumerate(types):
        layout = layouts[i] if layouts is not None and i < len(layouts) else None
        if isinstance(t, TensorType):
            if not t.is_static:
                return None
            buffers.append(CustomCallBuffer("tensor", tuple(t.shape), str(t.element_type),
                                            layout))
        elif isinstance(t, TokenType):
            buffers.append(CustomCallBuffer("token", layout=layout))
        elif isinstance(t, TupleType):
            elements = _buffers(t.types, None)
            if elements is None:
                return None
            buffers.append(CustomCallBuffer("tuple", elements=elements))
        else:  # any other type: contracts see its spelling as the kind
            buffers.append(CustomCallBuffer(str(t), layout=layout))
    return tuple(buffers)


def contract_signature(op: Operation, name: str) -> CustomCallSignature | None:
    """What ``name``'s contract sees of ``op``; None while a type is dynamic (a
    shape-polymorphic op is checked once refined, when its kernel is built)."""
    operands = _buffers(op.operand_types, _layouts(op, "operand_layouts"))
    result_types, result_layouts = op.result_types, _layouts(op, "result_layouts")
    if len(result_types) == 1 and isinstance(result_types[0], TupleType):
        # result_layouts describe a single tuple result's elements
        elements = _buffers(result_types[0].types, result_layouts)
        results = None if elements is None else (CustomCallBuffer("tuple", elements=elements),)
    else:
        results = _buffers(result_types, result_layouts)
    if operands is None or results is None:
        return None
    frontend = op.attributes.get("mhlo.frontend_attributes")
    return CustomCallSignature(
        target=name, operands=operands, results=results,
        attributes=decoded_attributes(op),
        frontend_attributes={str(k): str(v) for k, v in frontend.items()}
        if isinstance(frontend, dict) else {},
        api_version=effective_api_version(op))


def check_contract(op: Operation, name: str, platform: str = "cpu") -> None:
    """Runs the contract registered for ``name`` on ``op``'s types. A violation
    is a ValueError naming the target (the compiler reports it with the op's
    location); a checker that breaks fails the compile rather than letting an
    unchecked kernel run."""
    contract = custom_call_contract(name, platform)
    if contract is None:
        return
    signature = contract_signature(op, name)
    if signature is None:
        return
    try:
        contract(signature)
    except NotImplementedError as err:
        raise NotImplementedError(f"custom call {name!r}: {err}") from None
    except ValueError as err:
        raise ValueError(f"custom call {name!r}: {err}") from None
    except Exception as err:
        raise XlaRuntimeError(f"INTERNAL: the contract check of custom call {name!r} "
                              f"failed: {type(err).__name__}: {err}") from err


def _check_row_major(signature: CustomCallSignature) -> None:
    # Callbacks get and return numpy arrays in row-major order: any other
    # declared layout would silently be read transposed.
    results = [leaf for r in signature.results for leaf in r.leaves()]
    for what, buffers in (("operand", signature.operands), ("result", results)):
        for i, b in enumerate(buffers):
            expected = tuple(range(b.rank - 1, -1, -1))
            if b.kind == "tensor" and b.layout is not None and b.layout != expected:
                raise ValueError(f"{what} {i} ({b}) has layout {list(b.layout)}; host callbacks "
                                 f"take the default row-major layout {list(expected)}")


def _check_ffi_host_callback(signature: CustomCallSignature) -> None:
    index = signature.attributes.get("index")
    if index is None:
        raise ValueError("the backend config needs 'index' (which host callback to call)")
    if not isinstance(index, np.uint64):  # XLA decodes it as a uint64_t
        raise ValueError(f"'index' must be a ui64 integer, got {index!r}")
    _check_row_major(signature)


def _check_legacy_host_callback(signature: CustomCallSignature) -> None:
    first = signature.operands[0] if signature.operands else None
    if (first is None or first.kind != "tensor" or first.rank != 0
            or not is_integer(first.element_type)
            or integer_bit_width(first.element_type) != 64):
        raise ValueError("operand 0 must be the callback descriptor, a 64-bit integer scalar; "
                         f"got {first if first is not None else 'no operands'}")
    _check_row_major(signature)


for _name in (*FFI_HOST_CALLBACK_TARGETS, BUFFER_CALLBACK_TARGET, *GPU_BUFFER_CALLBACK_TARGETS):
    register_custom_call_contract(_name, _check_ffi_host_callback)
register_custom_call_contract(LEGACY_HOST_CALLBACK_TARGET, _check_legacy_host_callback)


# -- the op --------------------------------------------------------------------------


def _unknown_target(name: str, platform: str = "cpu") -> XlaRuntimeError:
    message = f"no custom call target named {name!r} is registered for platform {platform}"
    if name.startswith(_LINALG_PREFIXES) or name in _LINALG_TARGETS:
        message += ("; it is a LAPACK/solver target provided by jaxlib-linalg: "
                    "install it with `pip install \"jaxlib-core[linalg]\"`")
    elif name.startswith(_SPARSE_PREFIXES):
        message += ("; it is a sparse target provided by jaxlib-sparse: "
                    "install it with `pip install \"jaxlib-core[sparse]\"`")
    return not_found(message)


def _verify_custom_call(op: Operation) -> None:
    name = op.attributes.get("call_target_name")
    if not isinstance(name, str) or not name:
        raise ValueError("custom_call needs a non-empty call_target_name")
    effective_api_version(op)
    config = op.attributes.get("backend_config")
    if config is not None and not isinstance(config, (str, bytes, dict)):
        raise ValueError(f"backend_config must be a string or a dictionary, got {config!r}")
    if int(op.attributes.get("api_version", 1)) == API_VERSION_TYPED_FFI and isinstance(
            config, (str, bytes)) and config:
        raise ValueError("a typed FFI custom_call (api_version 4) takes a dictionary "
                         "backend_config, not a string")
    try:
        _verify_layouts(op)
        _verify_aliases(op)
    except ValueError as err:
        raise ValueError(f"custom call {name!r}: {err}") from None


def _custom_call(op: Operation, ctx: Any):
    name = op.attributes["call_target_name"]
    if name in FFI_HOST_CALLBACK_TARGETS or name == LEGACY_HOST_CALLBACK_TARGET:
        return _host_callback_kernel(op, ctx, name)
    if name == BUFFER_CALLBACK_TARGET:
        return buffer_callback_kernel(op, ctx, name)
    if name in _UNSUPPORTED_TARGETS:
        raise unimplemented(f"custom call {name!r}: {_UNSUPPORTED_TARGETS[name]}")
    if name in _GSPMD_MANUAL_STEPS:
        return _manual_step_kernel(op, name)
    if name in IDENTITY_TARGETS:
        if len(op.operands) != 1 or op.result_types != op.operand_types:
            raise ValueError(f"custom call {name!r} takes one operand and returns it")
        return lambda value: (value,)
    if name == ALLOCATE_BUFFER:
        return _allocate_buffer_kernel(op)
    if name == _APPROX_TOP_K:
        return approx_top_k_kernel(op, ctx)
    if name in NO_OP_TARGETS:
        if op.results:
            raise ValueError(f"custom call {name!r} has no results")

        def sink(*values: Any) -> tuple:
            return ()

        sink.has_side_effect = True  # type: ignore[attr-defined]
        return sink
    target = ctx.custom_call_target(name)
    if target is None:
        raise _unknown_target(name, getattr(ctx, "platform", "cpu"))
    kernel = target_kernel(op, target)
    kernel.has_side_effect = bool(op.attributes.get("has_side_effect", False))
    return kernel


def _allocate_buffer_kernel(op: Operation):
    if op.operands or len(op.result_types) != 1:
        raise ValueError("custom call 'AllocateBuffer' takes no operands and has one result")
    (result,) = op.result_types
    if not isinstance(result, TensorType) or not result.is_static:
        raise ValueError(f"custom call 'AllocateBuffer' makes a static tensor, not {result}")
    shape, dtype = tuple(result.shape), numpy_dtype(result.element_type)
    return lambda: (np.zeros(shape, dtype),)


# XLA's tilings of the reduced dimension: rank-1 operands, and the others.
_APPROX_TOP_K_TILING = {1: 1024}
_APPROX_TOP_K_LANE_TILING = 128


def approx_top_k_reduction_output_size(input_size: int, rank: int, top_k: int,
                                       recall_target: float, aggregate_to_topk: bool = True,
                                       input_size_override: int = -1) -> tuple[int, int]:
    """XLA's size of ApproxTopK's reduced dimension and its log2 reduction
    (-1 when the output is the exact top k): the number M of windows with
    recall = (1 - 1/M)^(k-1) ~ exp((1 - k) / M), rounded to whole tiles."""
    if aggregate_to_topk:
        return top_k, -1
    tiling = _APPROX_TOP_K_TILING.get(rank, _APPROX_TOP_K_LANE_TILING)
    if input_size <= tiling:
        return input_size, 0
    if input_size_override >= 0 and input_size > input_size_override:
        raise invalid_argument(f"reduction_input_size_override: {input_size_override} should "
                               f"be greater equals to operands[reduction_dim]: {input_size}")
    logical_size = input_size_override if input_size_override >= 0 else input_size

    def log2_ceil(value: int) -> int:
        return 0 if value <= 1 else (value - 1).bit_length()

    if top_k == 1:
        return tiling, log2_ceil(-(-logical_size // tiling))
    windows = int((1.0 - top_k) / math.log(float(np.float32(recall_target))))
    windows = min(max(windows, tiling), input_size)
    quotient = logical_size // windows
    log2_reduction = quotient.bit_length() - 1 if quotient else 0
    if log2_reduction == 0:
        return input_size, 0
    log2_reduction = min(log2_reduction, log2_ceil(input_size // tiling))
    tiles = -(-input_size // tiling)
    return -(-tiles // (1 << log2_reduction)) * tiling, log2_reduction


def approx_top_k_kernel(op: Operation, ctx: Any, xp: Any = np):
    """ApproxTopK(arrays..., inits...) along ``reduction_dim`` by a comparator
    ``compare(GT|LT, a, b)`` of the first array: the results' size of that
    dimension of its greatest (GT) or least (LT) entries, in order, with the
    other arrays' entries at the same positions."""
    from jaxlib._src.ops.sort import _descending, order_key

    config = decoded_attributes(op)
    n = len(op.operands) // 2
    if n < 1 or len(op.operands) != 2 * n or len(op.result_types) != n:
        raise ValueError("custom call 'ApproxTopK' takes N arrays and N initial values and "
                         "has N results")
    arrays = op.operand_types[:n]
    if not all(isinstance(t, TensorType) and t.is_static for t in (*arrays, *op.result_types)):
        raise ValueError("custom call 'ApproxTopK' needs static tensor operands and results")
    rank = arrays[0].rank
    dim = int(config.get("reduction_dim", -1))
    dim = dim + rank if dim < 0 else dim
    if not 0 <= dim < rank or any(t.shape != arrays[0].shape for t in arrays):
        raise ValueError(f"custom call 'ApproxTopK': reduction_dim {dim} does not fit "
                         f"operands {[str(t) for t in arrays]}")
    size = op.result_types[0].shape[dim]
    expected = tuple(arrays[0].shape[:dim]) + (size,) + tuple(arrays[0].shape[dim + 1:])
    if size > arrays[0].shape[dim] or any(tuple(t.shape) != expected
                                          for t in op.result_types):
        raise ValueError(f"custom call 'ApproxTopK': results must have shape {list(expected)}")
    direction, compare_type = _comparator_direction(op, ctx)
    element_type = arrays[0].element_type

    def kernel(*operands):  # (``xp``: numpy, or jaxlib-gpu's CuPy: its argsort is stable)
        key = order_key(operands[0], element_type, compare_type, xp)
        if direction == "GT":
            key = _descending(key)
        order = xp.argsort(key, axis=dim, **({"kind": "stable"} if xp is np else {}))
        order = xp.take(order, xp.arange(size), axis=dim)
        return tuple(xp.take_along_axis(x, order, axis=dim) for x in operands[:n])

    return kernel


def _comparator_direction(op: Operation, ctx: Any) -> tuple[str, str | None]:
    """GT or LT (and the compare type) of an ApproxTopK comparator:
    ``compare(a0, b0)`` of its first two arguments, returned."""
    called = op.attributes.get("called_computations") or []
    names = [getattr(c, "name", getattr(c, "value", c)) for c in called]
    if len(names) != 1:
        raise ValueError("custom call 'ApproxTopK' needs one comparator in "
                         "called_computations")
    module = ctx.module_lowering.module
    try:
        body = module.function(str(names[0])).body.entry
    except KeyError:
        raise ValueError(f"custom call 'ApproxTopK': no comparator @{names[0]}") from None
    (returned,) = body.operations[-1].operands or (None,)
    compare = returned.owner if returned is not None else None
    args = list(body.arguments)
    if (compare is None or compare.name != "stablehlo.compare"
            or list(compare.operands) != args[:2]):
        raise unimplemented("custom call 'ApproxTopK' with a comparator other than "
                            "compare(GT|LT) of the first operand's two values")
    direction = getattr(compare.attributes.get("comparison_direction"), "value",
                        compare.attributes.get("comparison_direction"))
    compare_type = compare.attributes.get("compare_type")
    compare_type = getattr(compare_type, "value", compare_type)
    if str(direction) not in ("GT", "LT"):
        raise unimplemented(f"custom call 'ApproxTopK' ordering by {direction}")
    return str(direction), (str(compare_type) if compare_type is not None else None)


def _manual_step_kernel(op: Operation, name: str):
    """A manual-form step left inside a GSPMD manual region (e.g. JAX's
    ``axis_index`` in a partially manual ``shard_map``: a fully manual scalar
    made partially manual). Each device's instance holds its own value whole
    along the free axes, so a step that keeps the shape is an identity; one
    that would split or join data along free axes is not supported."""
    if len(op.operands) != 1 or len(op.results) != 1:
        raise ValueError(f"custom call {name!r} takes one operand and has one result")
    if op.result_types != op.operand_types:
        raise unimplemented(
            f"custom call {name!r} from {op.operand_types[0]} to {op.result_types[0]} "
            "inside a GSPMD manual region (a split or join of data along axes that are "
            "not manual, in a partially manual shard_map) is not supported")
    return lambda value: (value,)


def target_kernel(op: Operation, target: CustomCallTarget):
    """The kernel calling registered ``target`` for ``op`` (after its contract
    accepted ``op``'s types)."""
    name, fn = target.name, target.fn
    check_contract(op, name, target.platform)
    api_version = effective_api_version(op)
    registered_ffi = target.api_version == REGISTRATION_TYPED_FFI
    if isinstance(fn, dict):  # typed FFI handler stages
        extra = sorted(set(fn) - {"execute"})
        if extra:
            raise unimplemented(f"custom call {name!r}: typed FFI handler stages {extra} "
                                "are not supported (only 'execute')")
        fn = fn["execute"]
        registered_ffi = True
    if is_capsule(fn):
        if registered_ffi or api_version == API_VERSION_TYPED_FFI:
            raise unimplemented(
                f"custom call {name!r} is a typed FFI (XLA FFI C API) handler in a "
                "PyCapsule; the CPU backend runs typed FFI targets only as Python callables")
        return _c_kernel(name, fn, op, api_version)
    if not callable(fn):
        raise TypeError(f"custom call target {name!r} is neither a callable nor a PyCapsule")
    if registered_ffi:
        return _python_ffi_kernel(name, fn, op)
    return _python_legacy_kernel(name, fn, op)


define_op("stablehlo.custom_call",
          signature=("inputs*, call_target_name: Str, has_side_effect: Bool? = false, "
                     "backend_config: Attr?, api_version: Attr? = 1, "
                     "called_computations: Attr? = [], operand_layouts: Attr?, "
                     "result_layouts: Attr?, "
                     "output_operand_aliases: Attr? -> result*"),
          verify=_verify_custom_call, reference=_custom_call,
          syntax="custom_call", traits={SIDE_EFFECT})
