"""Fused groups as generated kernels: compiled with NVRTC on a GPU (to PTX
without flush-to-zero, cached on disk by hash: nvrtc.kernel_ptx; loaded by
CuPy), or with the host C++ compiler for mock GPUs when
``JAXLIB_GPU_MOCK_CODEGEN=1`` (to test the generated code without a GPU)."""

from __future__ import annotations

import ctypes
import dataclasses
import hashlib
import math
import os
import subprocess
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from jaxlib._src.backends.cpu import fusion
from jaxlib._src.ir.core import Operation
from jaxlib._src.ir.types import numpy_dtype
from jaxlib.gpu_runtime import codegen
from jaxlib.gpu_runtime.carried import storage_dtype
from jaxlib.gpu_runtime.vendor import is_hip
from jaxlib.gpu_runtime.windows import library_scan, single_op_body, window_geometry

OPCODE_NAMES = {code: name for name, code in fusion.OPCODES.items()}
_THREADS_PER_BLOCK = 256
_MAX_BLOCKS = 65535


def enabled(xp: Any) -> bool:
    """Whether programs for namespace ``xp`` run fused groups as generated
    kernels: on GPUs unless ``JAXLIB_GPU_FUSION=0``; on mock GPUs when
    ``JAXLIB_GPU_MOCK_CODEGEN=1`` (host-compiled, for tests)."""
    if os.environ.get("JAXLIB_GPU_FUSION", "1") in ("0", ""):
        return False
    if is_hip(xp):  # the generated reductions assume 32-lane warps (vendor.py)
        return False
    if xp is np:
        return os.environ.get("JAXLIB_GPU_MOCK_CODEGEN", "") not in ("", "0")
    return True


def group_source(group: Any, target: str = "cuda", input_views: dict | None = None
                 ) -> tuple[str, str, dict]:
    """The generated source of a fusion.FusedGroup (codegen.Unsupported when
    it has no spelling); ``input_views``: input index -> element strides of
    inputs read in place through their strides."""
    windows = group.params.get("windows")
    fused_inputs = group.params.get("reduction_inputs") or \
        group.inputs[:group.params.get("fused_inputs", len(group.inputs))]
    input_codes = [fusion.element_code(v.type) for v in fused_inputs]
    if None in input_codes:
        raise codegen.Unsupported("an input of a type the fusion IR does not compute")
    views = {i: (tuple(int(d) for d in group.inputs[i].type.shape), strides)
             for i, strides in (input_views or {}).items()}
    if windows and views:
        raise codegen.Unsupported("strided inputs of a group writing update windows")
    return codegen.generate(group.params["code"], OPCODE_NAMES, input_codes, target, views,
                            group.params.get("stores"), group.params.get("epilogue"),
                            windows, group.params.get("prologue"))


class GeneratedKernel:
    """A generated kernel as a step: inputs in, new output arrays out. On a
    GPU CuPy compiles the source with NVRTC (cached on disk by hash) at the
    first call; for mock GPUs the host build runs."""

    def __init__(self, source: str, name: str, items: int, threads: int, index: str,
                 outputs: list[tuple[tuple[int, ...], Any]], xp: Any, target: str,
                 written: dict[int, int] | None = None):
        self.xp, self.target = xp, target
        self.source, self.name = source, name
        self.items, self.threads = items, threads
        self.index_type = np.int32 if index == "int" else np.int64
        self.outputs = outputs  # the arrays it allocates for its results
        # result index -> index of the input the kernel writes as that result
        # (updates in place); the other results are ``outputs`` in order
        self.written = written or {}
        self._function: Any = None

    def __call__(self, *inputs: Any) -> tuple:
        xp = self.xp
        if xp is np:  # mock GPUs: numpy may hand over scalars (a reduction's) for 0-d values
            inputs = tuple(np.asarray(x) for x in inputs)
        outs = [xp.empty(shape, dtype) for shape, dtype in self.outputs]
        if not self.items or all(x.flags.c_contiguous for x in inputs):
            ins = list(inputs)
        elif not self.written:
            variant = self._strided_variant(inputs)
            if variant is not None:  # reads the views in place
                return variant._launch(list(inputs), outs)
            ins = [x if x.flags.c_contiguous else xp.ascontiguousarray(x) for x in inputs]
        else:  # (a written input copied is still the result: the update lands there)
            ins = [x if x.flags.c_contiguous else xp.ascontiguousarray(x) for x in inputs]
        if self.items:
            self._launch(ins, outs)
        if not self.written:
            return tuple(outs)
        allocated = iter(outs)
        return tuple(ins[self.written[r]] if r in self.written else next(allocated)
                     for r in range(len(outs) + len(self.written)))

    def _strided_variant(self, inputs: Sequence[Any]) -> GeneratedKernel | None:
        """The kernel reading these non-contiguous inputs through their
        strides (made once per stride pattern); None where there is none."""
        return None

    def _launch(self, ins: list, outs: list) -> tuple:
        xp = self.xp
        if self._function is None:
            self._function = (_host_function(self.source, self.name) if self.target == "host"
                              else device_function(xp, self.source, self.name))
        if self.target == "host":
            pointers = (ctypes.c_void_p * max(len(ins), 1))(*[x.ctypes.data for x in ins])
            results = (ctypes.c_void_p * len(outs))(*[o.ctypes.data for o in outs])
            count = (ctypes.c_int if self.index_type is np.int32 else ctypes.c_longlong)
            self._function(pointers, results, count(self.items))
        else:
            blocks = min(-(-self.threads // _THREADS_PER_BLOCK), _MAX_BLOCKS)
            self._function((blocks,), (_THREADS_PER_BLOCK,),
                           (*ins, *outs, self.index_type(self.items)))
        return tuple(outs)


def _result_layouts(values: Any) -> list[tuple[tuple[int, ...], Any]]:
    """(shape, dtype in memory) of each value: bfloat16 as its carrier."""
    return [(tuple(int(d) for d in v.type.shape), storage_dtype(numpy_dtype(v.type.element_type)))
            for v in values]


class FusedKernel(GeneratedKernel):
    """One fused group's step. Inputs that are strided views (slices,
    transposes) are read in place by a variant generated for their strides."""

    def __init__(self, group: Any, xp: Any, target: str | None = None,
                 input_views: dict | None = None):
        target = target or ("host" if xp is np else "cuda")
        source, name, facts = group_source(group, target, input_views)
        items = facts["elements"]
        # updates written in place (UpdatingGroup): results after the stored ones
        written = dict(group.params.get("written", {}))
        allocated = [v for r, v in enumerate(group.outputs) if r not in written]
        super().__init__(source, name, items, items * facts["threads_per_item"],
                         facts["index"], _result_layouts(allocated), xp, target, written)
        self.group = group
        self._variants: dict[tuple, FusedKernel | None] = {}

    def _strided_variant(self, inputs: Sequence[Any]) -> GeneratedKernel | None:
        key = tuple(None if x.flags.c_contiguous else x.strides for x in inputs)
        if key in self._variants:
            return self._variants[key]
        views = {}
        for i, x in enumerate(inputs):
            if not x.flags.c_contiguous:
                if any(s % x.itemsize for s in x.strides):
                    views = None
                    break
                views[i] = tuple(s // x.itemsize for s in x.strides)
        variant = None
        if views:
            try:
                variant = FusedKernel(self.group, self.xp, self.target, views)
            except codegen.Unsupported:
                variant = None
        self._variants[key] = variant
        return variant


def _index_codes(types: Any) -> list[int]:
    codes = [fusion._type_code(t) for t in types]
    if None in codes:
        raise codegen.Unsupported("a start index of a type the generator does not read")
    return codes


def per_item_kernel(source: str, name: str, items: int, outputs: list, xp: Any,
                    target: str, written: dict[int, int] | None = None) -> GeneratedKernel:
    """A generated kernel of one thread per item (codegen's ``_wrap``), its
    index type as codegen chose it for that many items."""
    return GeneratedKernel(source, name, items, items, "int" if items < 2**31 - 1 else "ll",
                           outputs, xp, target, written)


def generated_target(xp: Any) -> str | None:
    """Where kernels built outside fusion (custom calls, random bits) run: the
    GPU ("cuda"), the host build on mock GPUs with JAXLIB_GPU_MOCK_CODEGEN=1,
    or None (mock GPUs without it: numpy kernels instead)."""
    if xp is not np:
        return "cuda"
    return "host" if enabled(np) else None


def dynamic_slice_kernel(op: Any, xp: Any, target: str) -> GeneratedKernel:
    """stablehlo.dynamic_slice as one generated kernel (codegen.Unsupported
    for element sizes it does not move)."""
    shape = tuple(int(d) for d in op.operand_types[0].shape)
    sizes = tuple(int(d) for d in op.result_types[0].shape)
    item = numpy_dtype(op.result_types[0].element_type).itemsize
    source, name, items = codegen.dynamic_slice(shape, sizes, item,
                                                _index_codes(op.operand_types[1:]), target)
    return per_item_kernel(source, name, items, _result_layouts(op.results), xp, target)


def dynamic_update_slice_kernel(op: Any, xp: Any, target: str, in_place: bool = False
                                ) -> GeneratedKernel:
    """stablehlo.dynamic_update_slice as one generated kernel; ``in_place``:
    writing the update into its operand, which is then the result."""
    return SliceBundle([op], frozenset({id(op)} if in_place else ())).kernel(xp, target)


# One-op reduce_window bodies the generator spells: op name -> fusion IR reducer.
_WINDOW_REDUCERS = {"stablehlo.add": "add", "stablehlo.multiply": "mul",
                    "stablehlo.maximum": "max", "stablehlo.minimum": "min",
                    "stablehlo.and": "and", "stablehlo.or": "or"}


def body_program(region: Any) -> codegen.FusedProgram:
    """A region of scalar elementwise ops (a reduce body) in the fusion IR
    over a one-element domain: its block arguments are the kind-0 loads by
    index, its returned values the outputs (codegen.body_function spells it).
    codegen.Unsupported for ops outside the fusion IR."""
    block = region.entry
    slot_types: list[int] = []
    loads: list[tuple[int, int, int, list[int]]] = []
    instructions: list[tuple[int, int, int, int, int, int]] = []
    slots: dict[int, int] = {}

    def scalar_code(value: Any) -> int:
        code = fusion.element_code(value.type)
        if code is None or tuple(value.type.shape) != ():
            raise codegen.Unsupported("a body value that is not a scalar the fusion IR computes")
        return code

    def new_slot(code: int) -> int:
        slot_types.append(code)
        return len(slot_types) - 1

    for k, argument in enumerate(block.arguments):
        slots[id(argument)] = slot = new_slot(scalar_code(argument))
        loads.append((slot, 0, k, []))
    *ops, terminator = block.operations
    for op in ops:
        if len(op.results) != 1 or op.regions:
            raise codegen.Unsupported(f"{op.name} in a reduction body")
        code = scalar_code(op.results[0])
        if op.name == "stablehlo.constant":
            slot = new_slot(code)
            loads.append((slot, 1, fusion._constant_bits(fusion._scalar_of(op), code), []))
            slots[id(op.results[0])] = slot
            continue
        try:
            sources = [slots[id(v)] for v in op.operands]
        except KeyError:
            raise codegen.Unsupported("a body reading values from outside") from None
        if op.name in fusion._LAYOUT_OPS and slot_types[sources[0]] == code:
            slots[id(op.results[0])] = sources[0]  # a scalar's reshape: the same value
            continue
        opcode = "convert" if op.name == "stablehlo.convert" else fusion._opcode_of(op)
        if opcode is None or opcode not in fusion.OPCODES:
            raise codegen.Unsupported(f"{op.name} in a reduction body")
        aux = 0
        if opcode == "cmp":
            aux = fusion._compare_code(op, slot_types[sources[0]])
            if aux is None:
                raise codegen.Unsupported("a compare type the fusion IR does not spell")
        slot = new_slot(code)
        instructions.append((fusion.OPCODES[opcode], aux, slot,
                             *(sources + [-1] * (3 - len(sources)))))
        slots[id(op.results[0])] = slot
    outputs = [slots[id(v)] for v in terminator.operands]
    return codegen.FusedProgram([1], -1, -1, -1, 0, slot_types, loads,  # type: ignore[arg-type]
                                instructions, outputs)


def reduce_kernel(op: Any, xp: Any, target: str) -> GeneratedKernel:
    """A stablehlo.reduce whose body is elementwise but not one op (argmax's
    and argmin's value-and-index pairs, variadic sums) as one generated
    kernel (codegen.variadic_reduce). One-op bodies stay with the fused
    groups and the array library's reductions (codegen.Unsupported)."""
    from jaxlib._src.ops.reduction import int_array_attr

    count = len(op.results)
    if single_op_body(op.regions[0]) is not None and count == 1:
        raise codegen.Unsupported("a one-op body: fused groups and the array library")
    codes = [fusion.element_code(t) for t in op.operand_types[:count]]
    block = op.regions[0].entry
    argument_codes = [fusion.element_code(a.type) for a in block.arguments]
    result_codes = [fusion.element_code(t) for t in op.result_types]
    if None in codes or argument_codes != codes + codes or result_codes != codes or \
            [fusion.element_code(t) for t in op.operand_types[count:]] != codes:
        raise codegen.Unsupported("a reduction whose types differ from its body's")
    program = body_program(op.regions[0])
    shape = tuple(int(d) for d in op.operand_types[0].shape)
    dims = tuple(int(d) for d in int_array_attr(op, "dimensions", ()))
    body = codegen.body_function("jx_body", program, OPCODE_NAMES, argument_codes)
    source, name, items, per_item = codegen.variadic_reduce(shape, dims, codes, body, target)
    index = "ll" if per_item > 1 or items >= 2**31 - 1 else "int"
    return GeneratedKernel(source, name, items, items * per_item, index,
                           _result_layouts(op.results), xp, target)


def reduce_window_kernel(op: Any, xp: Any, target: str) -> GeneratedKernel:
    """stablehlo.reduce_window of one operand with a one-op body as one
    generated kernel (codegen.reduce_window: every window folded in order,
    cumulative windows as running values along their lines); bfloat16 and
    float16 too, rounded at each step. codegen.Unsupported for the rest
    (several operands, other bodies, types the fusion IR does not compute)."""

    if len(op.results) != 1:
        raise codegen.Unsupported("a reduce_window of several operands")
    reducer = _WINDOW_REDUCERS.get(single_op_body(op.regions[0]) or "")
    if reducer is None:
        raise codegen.Unsupported("a reduce_window body other than one binary op")
    code = fusion.element_code(op.operand_types[0])
    if code is None or fusion.element_code(op.result_types[0]) != code:
        raise codegen.Unsupported("a reduce_window of a type the fusion IR does not compute")
    if library_scan(op) is not None:
        raise codegen.Unsupported("a cumulative sum over few long lines: the library's scan")
    source, name, threads = codegen.reduce_window(window_geometry(op), code, reducer, target)
    return per_item_kernel(source, name, threads, _result_layouts(op.results), xp, target)


def select_and_scatter_kernel(op: Any, xp: Any, target: str) -> GeneratedKernel:
    """stablehlo.select_and_scatter (max pooling's gradient) as one generated
    kernel, when its select body is one compare of its two arguments (in
    either order; not by total order) and its scatter body one op
    (codegen.select_and_scatter gathers each element's sources in order)."""
    from jaxlib._src.ops.reduction import _WindowSpec

    select_block = op.regions[0].entry
    compare = select_block.operations[0] if len(select_block.operations) == 2 else None
    reducer = _WINDOW_REDUCERS.get(single_op_body(op.regions[1]) or "")
    if compare is None or compare.name != "stablehlo.compare" or reducer is None:
        raise codegen.Unsupported("select_and_scatter bodies other than a compare and one op")
    (returned,) = select_block.operations[1].operands
    direction = compare.attributes["comparison_direction"].value
    compare_type = getattr(compare.attributes.get("compare_type"), "value", "NOTYPE")
    arguments = [id(a) for a in select_block.arguments]
    order = [id(v) for v in compare.operands]
    if returned is not compare.results[0] or sorted(order) != sorted(arguments) or \
            len(set(order)) != 2 or compare_type == "TOTALORDER":
        raise codegen.Unsupported("a select body other than one compare of its arguments")
    if order != arguments:  # compare(candidate, chosen): the mirrored direction
        direction = {"GE": "LE", "GT": "LT", "LE": "GE", "LT": "GT"}.get(direction, direction)
    code = fusion.element_code(op.operand_types[0])
    if code is None or fusion.element_code(op.result_types[0]) != code or \
            fusion.element_code(op.operand_types[1]) != code:
        raise codegen.Unsupported("a select_and_scatter of a type the fusion IR does not "
                                  "compute")
    shape = tuple(int(d) for d in op.operand_types[0].shape)
    spec = _WindowSpec(op, len(shape), dilations=False)
    source, name, threads = codegen.select_and_scatter(
        shape, tuple(int(d) for d in op.operand_types[1].shape), tuple(spec.window),
        tuple(spec.strides), tuple((int(lo), int(hi)) for lo, hi in spec.padding), code,
        direction, reducer, target)
    return per_item_kernel(source, name, threads, _result_layouts(op.results), xp, target)


def _slice_part_key(op: Any) -> tuple:
    """A slice's part of a family kernel: (operand shape, window, item bytes)."""
    window = op.result_types[0] if op.name == "stablehlo.dynamic_slice" else \
        op.operand_types[1]
    return (tuple(int(d) for d in op.operand_types[0].shape),
            tuple(int(d) for d in window.shape),
            numpy_dtype(op.result_types[0].element_type).itemsize)


@dataclass(eq=False)
class SliceBundle:
    """Sibling dynamic_slice (or dynamic_update_slice) ops at the same start
    indices (a scan body's slices of its carried arrays, of any shapes and
    types), run as one generated kernel with an output per op. The ops are
    kept by part (codegen.SlicePart: one shape and element size), in order
    of first appearance."""

    ops: list[Any]
    # ids of the updates written into their operands (the lowering's choice)
    in_place: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        parts: dict[tuple, list[Any]] = {}
        for op in self.ops:
            key = (*_slice_part_key(op), id(op) in self.in_place)
            parts.setdefault(key, []).append(op)
        self.ops = [op for members in parts.values() for op in members]
        self.parts = [codegen.SlicePart(shape, window, item, len(members), in_place)
                      for (shape, window, item, in_place), members in parts.items()]

    @property
    def inputs(self) -> list[Any]:
        """Kernel inputs: the operands (then the updates), then the starts."""
        first = self.ops[0]
        arrays = [op.operands[0] for op in self.ops]
        if first.name == "stablehlo.dynamic_update_slice":
            return arrays + [op.operands[1] for op in self.ops] + list(first.operands[2:])
        return arrays + list(first.operands[1:])

    @property
    def outputs(self) -> list[Any]:
        return [op.results[0] for op in self.ops]

    def kernel(self, xp: Any, target: str) -> GeneratedKernel:
        op = self.ops[0]
        starts = op.operand_types[1:] if op.name == "stablehlo.dynamic_slice" else \
            op.operand_types[2:]
        source, name, items = codegen.slice_family(
            op.name.split(".")[1], self.parts, _index_codes(starts), target)
        written = {r: r for r, member in enumerate(self.ops) if id(member) in self.in_place}
        allocated = [v for r, v in enumerate(self.outputs) if r not in written]
        return per_item_kernel(source, name, items, _result_layouts(allocated), xp, target,
                               written)


def _slice_key(op: Any) -> tuple | None:
    """What sibling slices share: the op and the start values themselves
    (None for ops that do not bundle)."""
    if op.name == "stablehlo.dynamic_slice":
        starts = op.operands[1:]
    elif op.name == "stablehlo.dynamic_update_slice":
        starts = op.operands[2:]
    else:
        return None
    return (op.name, tuple(map(_start_key, starts)))


def _start_key(value: Any) -> Any:
    """A start index: the value itself, or a scalar constant's number (each
    inlined slice helper has constants of its own for the other dimensions)."""
    owner = value.owner
    if getattr(owner, "name", None) == "stablehlo.constant":
        array = np.asarray(owner.attributes["value"].array)
        if array.shape == () and array.dtype.kind in "iu":
            return ("constant", str(value.type), int(array))
    return id(value)


def _defined(item: Any) -> list[Any]:
    return list(item.results) if hasattr(item, "results") else list(item.outputs)


def _used(item: Any) -> set[int]:
    if hasattr(item, "walk"):
        return {id(v) for op in item.walk() for v in op.operands}
    return {id(v) for v in item.inputs}


def _updates_at(body: list[Any], positions: list[int], anchor: int,
                uses: list[set[int]]) -> list[int]:
    """The sibling updates that can run at ``anchor`` (itself included): their
    results unread until after it (``uses``: what each item reads), and not
    updating one another."""
    members = [p for p in positions if p <= anchor and (p == anchor or not any(
        id(body[p].results[0]) in uses[q] for q in range(p + 1, anchor + 1)))]
    results = {id(body[p].results[0]) for p in members}
    if any(id(v) in results for v in body[anchor].operands):
        return []
    return [p for p in members if all(id(v) not in results for v in body[p].operands)]


def bundle_slices(schedule: list[Any], bundled: Any, in_place: frozenset[int] = frozenset()
                  ) -> list[Any]:
    """``schedule`` (a block's ops and fused groups, the terminator last) with
    sibling slices (``_slice_key``; ``bundled(op)``: whether an op may join)
    as SliceBundles: dynamic_slices at the first sibling's place (each
    sibling's operand defined before it), dynamic_update_slices at the last
    one's (no sibling's result read before it). ``in_place``: ids of the
    updates written into their operands (SliceBundle.in_place)."""
    body = schedule[:-1]
    families: dict[tuple, list[int]] = {}
    for position, item in enumerate(body):
        key = _slice_key(item) if hasattr(item, "name") and bundled(item) else None
        if key is not None:
            families.setdefault(key, []).append(position)
    where_defined = {id(v): position for position, item in enumerate(body)
                     for v in _defined(item)}
    placed: dict[int, SliceBundle] = {}
    dropped: set[int] = set()
    uses: list[set[int]] | None = None  # what each item reads, when updates need it
    for key, positions in families.items():
        if len(positions) < 2:
            continue
        if key[0] == "stablehlo.dynamic_slice":
            anchor = positions[0]
            members = [p for p in positions
                       if where_defined.get(id(body[p].operands[0]), -1) < anchor]
        else:
            if uses is None:
                uses = [_used(item) for item in body]
            anchor, members = max(
                ((a, _updates_at(body, positions, a, uses)) for a in positions),
                key=lambda found: (len(found[1]), found[0]))
        if len(members) < 2 or anchor not in members:
            continue
        placed[anchor] = SliceBundle([body[p] for p in members], in_place)
        dropped.update(p for p in members if p != anchor)
    if not placed:
        return schedule
    return [placed.get(p, item) for p, item in enumerate(body) if p not in dropped] + \
        schedule[-1:]


# Ops that run as one generated kernel each (instead of the several CuPy
# calls of their DEVICE_KERNELS entry) where fused kernels are generated.
GENERATED_OPS = {"stablehlo.dynamic_slice": dynamic_slice_kernel,
                 "stablehlo.dynamic_update_slice": dynamic_update_slice_kernel,
                 "stablehlo.reduce_window": reduce_window_kernel,
                 "stablehlo.select_and_scatter": select_and_scatter_kernel,
                 "stablehlo.reduce": reduce_kernel}
# Generated kernels that compute bfloat16/float16 themselves (on their 16-bit
# carriers, rounding as the CPU does): tried before the carriers' twins.
GENERATED_ON_CARRIERS = frozenset({"stablehlo.reduce_window", "stablehlo.select_and_scatter",
                                   "stablehlo.reduce"})


_DEVICE_MODULES: dict[tuple[str, str], Any] = {}
# Why kernels fell back to CuPy's own compile (reported once).
_FALLBACK: list[str] = []
# Why our NVRTC's CUBIN did not load, when it did not (PTX is loaded instead).
_CUBIN_REFUSED: list[str] = []


def device_function(xp: Any, source: str, name: str) -> Any:
    """The kernel ``name`` of ``source`` on the current GPU, compiled by our
    NVRTC (IEEE f32 denormals, as XLA's GPU backend): its CUBIN for the GPU
    (nvrtc.kernel_cubin), else its PTX (nvrtc.kernel_ptx), loaded with
    ``cupy.RawModule(path=...)``; where both fail (no NVRTC library, a
    driver older than both), CuPy's RawKernel, which flushes denormals
    (logged once; ``device_function_fallback()`` says why)."""
    from jaxlib.gpu_runtime import nvrtc

    if is_hip(xp):  # no PTX on ROCm: CuPy compiles the source with hiprtc
        return xp.RawKernel(source, name)
    arch = str(xp.cuda.Device().compute_capability)
    key = (source, arch)
    module = _DEVICE_MODULES.get(key)
    if module is None and not _FALLBACK:
        errors = []
        makers = [nvrtc.kernel_ptx] if _CUBIN_REFUSED else [nvrtc.kernel_cubin, nvrtc.kernel_ptx]
        for make in makers:
            try:
                module = xp.RawModule(path=str(make(source, arch)))
                function = module.get_function(name)
            except Exception as err:  # the next form, or CuPy's compile
                errors.append(f"{type(err).__name__}: {err}")
                module = None
                if make is nvrtc.kernel_cubin:
                    _CUBIN_REFUSED.append(errors[-1])
                continue
            _DEVICE_MODULES[key] = module
            return function
        import logging

        _FALLBACK.append("; ".join(errors))
        # (logged, not warned: jax's tests turn warnings into errors)
        logging.getLogger("jaxlib.gpu").warning(
            "generated kernels are compiled by CuPy (f32 denormals flush to zero): "
            "loading our NVRTC's CUBIN and PTX failed: %s", _FALLBACK[0])
    if module is not None:
        return module.get_function(name)
    return xp.RawKernel(source, name)


def device_function_form() -> str:
    """How generated kernels reach the GPU: "cubin", "ptx" (our NVRTC's CUBIN
    did not load: why follows) or "cupy" (neither loaded: why follows)."""
    if _FALLBACK:
        return f"cupy ({_FALLBACK[0]})"
    if _CUBIN_REFUSED:
        return f"ptx ({_CUBIN_REFUSED[0]})"
    return "cubin"


def device_function_fallback() -> str | None:
    """Why generated kernels are compiled by CuPy instead (None: they are not)."""
    return _FALLBACK[0] if _FALLBACK else None


_HOST_FUNCTIONS: dict[tuple[str, str], Any] = {}


def _host_function(source: str, name: str) -> Any:
    """The host build of a generated kernel (g++), cached by source hash
    (not by name alone: the source is what runs)."""
    digest = hashlib.sha1(source.encode()).hexdigest()[:20]
    function = _HOST_FUNCTIONS.get((name, digest))
    if function is not None:
        return function
    cache = Path(os.environ.get("JAXLIB_GPU_HOST_KERNEL_CACHE",
                                Path(tempfile.gettempdir()) / "jaxlib-gpu-host-kernels"))
    cache.mkdir(parents=True, exist_ok=True)
    library = cache / f"{name}_{digest}.so"
    # One build at a time in this process (threads compiling one kernel
    # would write its files under each other), and files of their own per
    # build, renamed whole into place (other processes share the cache).
    with _HOST_BUILD_LOCK:
        function = _HOST_FUNCTIONS.get((name, digest))
        if function is not None:
            return function
        if not library.exists():
            with tempfile.TemporaryDirectory(dir=cache) as scratch:
                path = Path(scratch) / f"{name}.cc"
                path.write_text(source)
                partial = Path(scratch) / f"{name}.so"
                completed = subprocess.run(
                    [os.environ.get("CXX", "g++"), "-std=c++17", "-O1", "-shared", "-fPIC",
                     "-o", str(partial), str(path)], capture_output=True, text=True)
                if completed.returncode != 0:
                    raise RuntimeError(
                        f"the host build of {name} failed:\n{completed.stderr[-2000:]}")
                partial.replace(library)
        function = getattr(ctypes.CDLL(str(library)), name)
        function.restype = None
        _HOST_FUNCTIONS[(name, digest)] = function
    return function


_HOST_BUILD_LOCK = threading.Lock()


@dataclass(eq=False)
class _WritingGroup:
    """A fused elementwise group whose kernel also writes the results of
    ``writes`` (ops that only move its outputs: no kernel of their own after
    it); outputs nothing else reads are not stored. Used as a
    fusion.FusedGroup is."""

    group: Any
    writes: list[Any]
    kept: list[int]  # the group's outputs still stored as they are
    params: dict

    @property
    def ops(self) -> list[Any]:
        return [*self.group.ops, *self.writes]

    @property
    def inputs(self) -> list[Any]:
        return self.group.inputs

    @property
    def outputs(self) -> list[Any]:
        return [self.group.outputs[j] for j in self.kept] + \
            [op.results[0] for op in self.writes]


class ConcatenatedGroup(_WritingGroup):
    """A group that writes the concatenations of its outputs (an LSTM's gate
    gradients joined for their product): each concatenate's result is one
    more output of its kernel."""


class UpdatingGroup(_WritingGroup):
    """A group that writes some of its outputs straight into the windows of
    in-place dynamic_update_slices (a scan's stacked results, one row per
    iteration: XLA's in-place output fusion). Its inputs are the group's,
    then each update's operand and start indices; its outputs the stored
    ones, then the updates' results (their operands, written)."""

    @property
    def inputs(self) -> list[Any]:
        return self.group.inputs + [v for op in self.writes
                                    for v in (op.operands[0], *op.operands[2:])]


def _readers_in(block: Any) -> dict[int, set[int]]:
    """id(value) -> ids of the ops of ``block`` (nested ones too) reading it."""
    readers: dict[int, set[int]] = {}
    for op in block.operations:
        for nested in op.walk():
            for value in nested.operands:
                readers.setdefault(id(value), set()).add(id(nested))
    return readers


def update_outputs(schedule: list[Any], block: Any, in_place: frozenset[int]) -> list[Any]:
    """``schedule`` (``block``'s ops and fused groups) with each in-place
    dynamic_update_slice (ids in ``in_place``: in_place.py's carried arrays)
    whose update is an output of an elementwise fused group, element for
    element, written by that group's kernel (UpdatingGroup) and dropped.
    Start indices must be there before the group runs (constants are moved
    up to it)."""
    position = {id(item): k for k, item in enumerate(schedule)}
    defined_at: dict[int, int] = {}
    for k, item in enumerate(schedule):
        for value in (item.results if isinstance(item, Operation) else item.outputs):
            defined_at[id(value)] = k
    producer: dict[int, tuple[Any, int]] = {}
    for item in schedule:
        if isinstance(item, fusion.FusedGroup) and "stores" not in item.params:
            program = codegen.decode(item.params["code"])
            if program.reducer < 0:
                for j, value in enumerate(item.outputs):
                    producer[id(value)] = (item, j)
    found: dict[int, list[tuple[Any, int]]] = {}  # id(group) -> (update, output)
    hoisted: dict[int, list[Any]] = {}  # id(group) -> constants moved before it
    moved: set[int] = set()
    for item in schedule:
        if getattr(item, "name", None) != "stablehlo.dynamic_update_slice" or \
                id(item) not in in_place:
            continue
        source = producer.get(id(item.operands[1]))
        if source is None:
            continue
        group, j = source
        update_type = item.operand_types[1]
        if str(group.outputs[j].type) != str(update_type) or \
                math.prod(codegen.decode(group.params["code"]).dims) != \
                math.prod(int(d) for d in update_type.shape):
            continue
        try:
            _index_codes(item.operand_types[2:])
        except codegen.Unsupported:
            continue
        if defined_at.get(id(item.operands[0]), -1) > position[id(group)]:
            continue  # its operand comes after the group
        late = []
        for start in item.operands[2:]:
            at = defined_at.get(id(start), -1)
            if at > position[id(group)]:
                owner = schedule[at]
                if getattr(owner, "name", None) != "stablehlo.constant":
                    break
                late.append(owner)
        else:
            found.setdefault(id(group), []).append((item, j))
            for owner in late:
                if id(owner) not in moved:
                    moved.add(id(owner))
                    hoisted.setdefault(id(group), []).append(owner)
    if not found:
        return schedule
    readers = _readers_in(block)
    replaced: dict[int, UpdatingGroup] = {}
    absorbed: set[int] = set(moved)
    for item in schedule:
        pairs = found.get(id(item))
        if pairs is None:
            continue
        updates = [op for op, _ in pairs]
        absorbed.update(id(op) for op in updates)
        kept = [j for j, value in enumerate(item.outputs)
                if not readers.get(id(value), set()) <= {id(op) for op in updates}]
        windows = [codegen.UpdateWindow(j, tuple(int(d) for d in op.operand_types[0].shape),
                                        tuple(int(d) for d in op.operand_types[1].shape),
                                        tuple(_index_codes(op.operand_types[2:])))
                   for op, j in pairs]
        first_window_input = len(item.inputs)
        written, at = {}, first_window_input
        for n, op in enumerate(updates):
            written[len(kept) + n] = at
            at += 1 + len(op.operands) - 2
        replaced[id(item)] = UpdatingGroup(item, updates, kept, {
            **item.params, "stores": [(0, (j,)) for j in kept], "windows": windows,
            "fused_inputs": first_window_input, "written": written})
    result: list[Any] = []
    for item in schedule:
        if id(item) in absorbed:
            continue
        result.extend(hoisted.get(id(item), []))
        result.append(replaced.get(id(item), item))
    return result


def _concatenation_block(op: Any) -> int | None:
    """P of a concatenate of operands of one shape and type (codegen.generate's
    stores): the elements of its dimension and all after it, per operand."""
    types = {str(t) for t in op.operand_types}
    if len(types) != 1 or not op.operands:
        return None
    shape = [int(n) for n in op.operand_types[0].shape]
    block = 1
    for n in shape[int(op.attributes["dimension"]):]:
        block *= n
    return block or None


def concatenate_outputs(schedule: list[Any], block: Any) -> list[Any]:
    """``schedule`` (``block``'s ops and fused groups) with each concatenate
    of outputs of one elementwise fused group (in order, of one shape)
    written by that group's kernel (ConcatenatedGroup) and dropped."""
    producer: dict[int, tuple[Any, int]] = {}
    for item in schedule:
        if isinstance(item, fusion.FusedGroup) and codegen.decode(item.params["code"]).reducer < 0:
            for j, value in enumerate(item.outputs):
                producer[id(value)] = (item, j)
    joined: dict[int, list[Any]] = {}
    for item in schedule:
        if getattr(item, "name", None) != "stablehlo.concatenate" or \
                _concatenation_block(item) is None:
            continue
        found = [producer.get(id(v)) for v in item.operands]
        if None in found or len({id(group) for group, _ in found}) != 1:
            continue
        joined.setdefault(id(found[0][0]), []).append(item)
    if not joined:
        return schedule
    readers = _readers_in(block)
    replaced: dict[int, ConcatenatedGroup] = {}
    absorbed: set[int] = set()
    for item in schedule:
        concats = joined.get(id(item))
        if concats is None:
            continue
        absorbed.update(id(op) for op in concats)
        kept = [j for j, value in enumerate(item.outputs)
                if not readers.get(id(value), set()) <= {id(op) for op in concats}]
        stores = [(0, (j,)) for j in kept] + [
            (_concatenation_block(op), tuple(producer[id(v)][1] for v in op.operands))
            for op in concats]
        replaced[id(item)] = ConcatenatedGroup(item, concats, kept,
                                               {**item.params, "stores": stores})
    return [replaced.get(id(item), item) for item in schedule if id(item) not in absorbed]


@dataclass(eq=False)
class ReductionWithEpilogue:
    """A fused reduction and the elementwise group that reads its value
    where it is computed, as one kernel (codegen.Epilogue): a layer norm's
    statistics after its sums, an accumulated gradient after its sum. Used
    as a fusion.FusedGroup is."""

    reduction: Any
    epilogue: Any
    keep_reduced: bool  # its value is read elsewhere too: stored as well
    params: dict

    @property
    def ops(self) -> list[Any]:
        return [*self.reduction.ops, *self.epilogue.ops]

    @property
    def inputs(self) -> list[Any]:
        reduced = self.reduction.outputs[0]
        return self.reduction.inputs + [v for v in self.epilogue.inputs if v is not reduced]

    @property
    def outputs(self) -> list[Any]:
        return (self.reduction.outputs if self.keep_reduced else []) + self.epilogue.outputs


def _generated(joined: Any, target: str) -> bool:
    """Whether the generator writes the kernel of ``joined`` (what it
    refuses stays two kernels)."""
    try:
        group_source(joined, target)
    except codegen.Unsupported:
        return False
    return True


def fuse_epilogues(schedule: list[Any], target: str) -> list[Any]:
    """``schedule`` (a block's ops and fused groups) with each fused
    reduction whose value an elementwise group reads at its own index (the
    group's domain has the reduction's elements) run with that group as its
    epilogue, at the group's place (ReductionWithEpilogue), where the
    generator (for ``target``) spells them together. Skipped when the value
    is read elsewhere before that place."""
    # value id -> positions of the schedule's items reading it (a group reads
    # its inputs; an op its operands and what its regions capture)
    readers: dict[int, list[int]] = {}
    for k, item in enumerate(schedule):
        if isinstance(item, Operation):
            read = {id(v) for nested in item.walk() for v in nested.operands}
        else:
            read = {id(v) for v in item.inputs}
        for value in read:
            readers.setdefault(value, []).append(k)
    reductions: dict[int, Any] = {}
    for item in schedule:
        if isinstance(item, fusion.FusedGroup) and len(item.outputs) == 1 and \
                codegen.decode(item.params["code"]).reducer >= 0:
            reductions[id(item.outputs[0])] = item
    replaced: dict[int, Any] = {}
    taken: set[int] = set()
    for here, item in enumerate(schedule):
        if not isinstance(item, fusion.FusedGroup) or \
                codegen.decode(item.params["code"]).reducer >= 0:
            continue
        for index, value in enumerate(item.inputs):
            reduction = reductions.get(id(value))
            if reduction is None or id(reduction) in taken:
                continue
            others = [k for k in readers.get(id(value), []) if k != here]
            if any(k < here for k in others):
                continue  # read before the epilogue's place
            codes = [fusion.element_code(v.type) for v in item.inputs]
            if None in codes:
                continue
            epilogue = codegen.Epilogue(tuple(item.params["code"]), tuple(codes), index,
                                        bool(others), len(reduction.inputs))
            joined = ReductionWithEpilogue(reduction, item, bool(others),
                                           {**reduction.params, "epilogue": epilogue})
            if not _generated(joined, target):
                continue
            replaced[id(item)] = joined
            taken.add(id(reduction))
            break
    if not replaced:
        return schedule
    return [replaced.get(id(item), item) for item in schedule
            if not (isinstance(item, fusion.FusedGroup) and id(item) in taken)]


@dataclass(eq=False)
class ReductionWithPrologue:
    """A fused reduction and the elementwise group computing one of its
    inputs, as one kernel (codegen.Prologue): the group runs inside the
    reduction's loop, and its results read elsewhere are stored there. Used
    as a fusion.FusedGroup is; runs at the group's place."""

    reduction: Any
    producer: Any
    value: Any  # the producer's result the reduction reads
    stored: list[int]  # the producer's outputs stored
    params: dict

    @property
    def ops(self) -> list[Any]:
        return [*self.producer.ops, *self.reduction.ops]

    @property
    def inputs(self) -> list[Any]:  # (the reduction's: an epilogue's inputs follow)
        return [v for v in self.reduction.inputs if v is not self.value] + self.producer.inputs

    @property
    def outputs(self) -> list[Any]:
        return self.reduction.outputs + [self.producer.outputs[j] for j in self.stored]


# A reduction takes its producer in only where each of its threads computes at
# most this many of the producer's elements, or the producer is small (launch
# bound): a column sum over a large batch would otherwise serialize it.
_PROLOGUE_ELEMENTS_PER_THREAD = 64
_SMALL_PRODUCER = 1 << 16


def _plain(item: Any) -> bool:
    return isinstance(item, fusion.FusedGroup) and not any(
        key in item.params for key in ("stores", "windows", "epilogue", "prologue", "written"))


def _reduction(item: Any) -> Any | None:
    """The plain fused reduction ``item`` is (alone or with its epilogue)."""
    if isinstance(item, ReductionWithEpilogue):
        item = item.reduction
    if _plain(item) and codegen.decode(item.params["code"]).reducer >= 0:
        return item
    return None


def fuse_prologues(schedule: list[Any], block: Any, target: str) -> list[Any]:
    """``schedule`` (a block's ops and fused groups) with each plain fused
    reduction that reads one output of an elementwise fused group element
    for element (and no other of its outputs) run with that group as its
    prologue, at the group's place (ReductionWithPrologue), where the
    reduction's other inputs are there before it, the generator (for
    ``target``) spells them together, and the reduction's threads are enough
    for the group's elements."""
    readers = _readers_in(block)
    yielded = {id(v) for v in block.operations[-1].operands}
    defined_at: dict[int, int] = {}
    producer: dict[int, tuple[Any, int]] = {}
    for k, item in enumerate(schedule):
        for value in (item.results if isinstance(item, Operation) else item.outputs):
            defined_at[id(value)] = k
        if _plain(item) and codegen.decode(item.params["code"]).reducer < 0:
            for j, value in enumerate(item.outputs):
                producer[id(value)] = (item, j)
    # op -> the groups it is in: fusion can copy an op into several groups (a
    # compare both an elementwise group and a reduction recompute)
    group_ids: dict[int, set[int]] = {}
    for group_item in schedule:
        if not isinstance(group_item, Operation):
            for op in getattr(group_item, "ops", ()):
                group_ids.setdefault(id(op), set()).add(id(group_item))
    replaced: dict[int, Any] = {}
    taken: set[int] = set()
    for item in schedule:
        reduction = _reduction(item)
        if reduction is None:
            continue
        by_group: dict[int, list[tuple[int, Any, int]]] = {}
        for k, v in enumerate(item.inputs):
            if id(v) in producer:
                group, j = producer[id(v)]
                by_group.setdefault(id(group), []).append((k, group, j))
        # (the reduction reads one of the group's outputs: another, being
        # stored by the same kernel, could be read before it is written)
        candidates = [found[0] for found in by_group.values()
                      if len(found) == 1 and id(found[0][1]) not in taken]
        if not candidates:
            continue
        read, group, j = candidates[0]
        if read >= len(reduction.inputs):
            continue  # (an epilogue's input: read at the reduction's outputs)
        at = defined_at[id(group.outputs[j])]
        if any(defined_at.get(id(v), -1) >= at for k, v in enumerate(item.inputs) if k != read):
            continue
        reduction_program = codegen.decode(reduction.params["code"])
        size = math.prod(codegen.decode(group.params["code"]).dims)
        items = math.prod(d for k, d in enumerate(reduction_program.dims)
                          if not reduction_program.reduce_begin <= k < reduction_program.reduce_end)
        extent = max(size // max(items, 1), 1)
        inner = reduction_program.reduce_end == len(reduction_program.dims)
        threads = items * {"thread": 1, "warp": 32, "block": 256}[
            codegen.reduction_strategy(items, extent, inner)]
        if size > _SMALL_PRODUCER and size > _PROLOGUE_ELEMENTS_PER_THREAD * threads:
            continue
        # the group's outputs read by anything but this reduction (or yielded) are stored
        stored = [n for n, value in enumerate(group.outputs)
                  if id(value) in yielded or any(
                      not group_ids.get(r) or group_ids[r] - {id(item), id(group)}
                      for r in readers.get(id(value), set()))]
        codes = [fusion.element_code(v.type) for v in group.inputs]
        if None in codes:
            continue
        prologue = codegen.Prologue(tuple(group.params["code"]), tuple(codes), j, read,
                                    tuple(stored))
        params = {**item.params, "prologue": prologue, "reduction_inputs": list(item.inputs)}
        if "epilogue" in params:  # its inputs come one earlier: the value is not one
            params["epilogue"] = dataclasses.replace(
                params["epilogue"], first_input=params["epilogue"].first_input - 1)
        joined = ReductionWithPrologue(item, group, group.outputs[j], stored, params)
        if not _generated(joined, target):
            continue
        replaced[id(group)] = joined
        taken.add(id(group))
        taken.add(id(item))
    if not replaced:
        return schedule
    return [replaced.get(id(item), item) for item in schedule
            if id(item) not in taken or id(item) in replaced]
