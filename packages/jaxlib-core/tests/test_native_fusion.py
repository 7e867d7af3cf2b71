"""The fusion pass (backends/cpu/fusion.py) and the native fused-kernel
interpreter (csrc/cpu/kernels/fused.cc), checked against the reference kernels.

Every test parses a small program, runs the fused schedule of its main block
(groups natively, other ops by their reference kernels) and compares with the
reference evaluation of the whole program.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import program_text

from jaxlib._src.backends.cpu import fusion, native
from jaxlib._src.backends.cpu.lowering import ModuleLowering
from jaxlib._src.frontends.mlir_text import parse_module
from jaxlib._src.ir.core import TRANSCENDENTAL, load_op_table
from jaxlib._src.ir.element_types import BOOL, BY_MLIR, ELEMENT_TYPES, FLOAT, SINT, UINT
from jaxlib._src.ir.types import TensorType, numpy_dtype
from jaxlib._src.ops import registry
from jaxlib._src.ops.elementwise import BINARY_OPS, UNARY_OPS


def test_the_fused_kernel_is_built():
    assert "fused" in native.cpu.registered_kernels()


# The element types the fused interpreter computes (its encoding's dtype codes),
# by category, in the element-type table's order.
_COMPUTED = {name for name, code in native.cpu.dtype_codes().items()
             if code in set(native.cpu.fused_encoding()["dtypes"])}


def _computed(category: str) -> list[str]:
    return [row.mlir for row in ELEMENT_TYPES if row.category == category
            and row.dtype is not None and row.dtype.name in _COMPUTED]


FLOATS = _computed(FLOAT)
SIGNED = _computed(SINT)
UNSIGNED = _computed(UINT)
INTS = SIGNED + UNSIGNED
ALL = _computed(BOOL) + INTS + FLOATS


# ---------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------


def tensor(shape: tuple[int, ...], element_type: str) -> str:
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element_type}>"


def run_schedule(module, args, function="main", merge_unrelated=False):
    """Runs ``function``'s fused schedule: groups natively, other ops with their
    reference kernels. Returns (results, schedule)."""
    lowering = ModuleLowering(module)
    func = module.function(function)
    ctx = lowering.kernel_builder(func)
    block = func.body.entry
    schedule = fusion.fuse_block(block, merge_unrelated=merge_unrelated)
    kernels = {}
    for item in schedule[:-1]:
        if not isinstance(item, fusion.FusedGroup):
            kernels[id(item)] = registry.REFERENCE_KERNELS[item.name](item, ctx)
    for op in block.operations:
        for value in op.results:
            ctx.slot(value)
    for value in block.arguments:
        ctx.slot(value)
    frame = [None] * (len(ctx.slots) + 8)
    for value, array in zip(block.arguments, args):
        frame[ctx.slot(value)] = np.asarray(array)
    with np.errstate(all="ignore"):
        for item in schedule[:-1]:
            if isinstance(item, fusion.FusedGroup):
                inputs = [frame[ctx.slot(v)] for v in item.inputs]
                outputs = native.run_native(item.kernel, inputs,
                                            [native.tensor_spec(v.type) for v in item.outputs])
                for value, array in zip(item.outputs, outputs):
                    frame[ctx.slot(value)] = array
            else:
                kernel = kernels[id(item)]
                operands = [frame[ctx.slot(v)] for v in item.operands]
                if getattr(kernel, "needs_frame", False):
                    results = kernel(frame, *operands)
                else:
                    results = kernel(*operands)
                for value, array in zip(item.results, results):
                    frame[ctx.slot(value)] = array
    results = [frame[ctx.slot(v)] for v in schedule[-1].operands]
    return results, schedule


def reference(module, args, function="main"):
    return [np.asarray(r) for r in ModuleLowering(module).function(function)(*args)]


def groups(schedule):
    return [item for item in schedule if isinstance(item, fusion.FusedGroup)]


def check(text: str, args, *, rtol: float = 0.0, atol: float = 0.0, function: str = "main",
          fused: int | None = 1):
    """Fused and reference results agree (exactly, or within rtol/atol for
    floats; atol is relative to the largest expected magnitude); ``fused`` is
    the number of groups expected (None: any). Also checks the schedule's
    invariants."""
    module = parse_module(text)
    expected = reference(module, args, function)
    actual, schedule = run_schedule(module, args, function)
    check_invariants(module.function(function).body.entry, schedule)
    if fused is not None:
        assert len(groups(schedule)) == fused, schedule
    for a, e in zip(actual, expected):
        assert a.shape == e.shape and a.dtype == e.dtype
        if (rtol or atol) and a.dtype.kind == "f":
            finite = np.abs(e[np.isfinite(e)])
            scale = float(finite.max()) if finite.size else 0.0
            np.testing.assert_allclose(a, e, rtol=rtol, atol=atol * scale, equal_nan=True)
        else:
            np.testing.assert_array_equal(a, e)
    return schedule


def values(element_type: str, shape: tuple[int, ...], seed: int = 0,
           special: bool = True) -> np.ndarray:
    """Random values of a type, with its edge cases mixed in."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(numpy_dtype(element_type))
    size = int(np.prod(shape))
    if dtype == np.bool_:
        return rng.integers(0, 2, size).astype(bool).reshape(shape)
    if dtype.kind == "f":
        x = (rng.standard_normal(size) * 3).astype(dtype)
        edges = np.array([0.0, -0.0, 0.5, -0.5, 1.5, -2.5, np.inf, -np.inf, np.nan, 1e30,
                          -1e-30, 3e9, -3e9], dtype)
    else:
        info = np.iinfo(dtype)
        x = rng.integers(info.min, info.max, size, dtype=dtype, endpoint=True)
        edges = np.array([0, 1, info.max, info.min, 2, 7] + ([-1] if info.min < 0 else []),
                         dtype)
    if special and size:
        x[rng.integers(0, size, min(size, 4 * len(edges)))] = np.resize(edges,
                                                                        min(size, 4 * len(edges)))
    return x.reshape(shape)


def unary_program(op: str, shape, in_type: str, out_type: str | None = None) -> str:
    out_type = out_type or in_type
    t_in, t_out = tensor(shape, in_type), tensor(shape, out_type)
    return (f"func.func @main(%x: {t_in}) -> {t_out} {{\n"
            f"  %0 = {op} %x : ({t_in}) -> {t_out}\n"
            f"  return %0 : {t_out}\n}}")


def binary_program(op: str, shape, element_type: str, out_type: str | None = None,
                   suffix: str = "") -> str:
    out_type = out_type or element_type
    t, t_out = tensor(shape, element_type), tensor(shape, out_type)
    return (f"func.func @main(%a: {t}, %b: {t}) -> {t_out} {{\n"
            f"  %0 = {op} %a, %b{suffix} : ({t}, {t}) -> {t_out}\n"
            f"  return %0 : {t_out}\n}}")


SHAPES = [(3, 700), (5,), (), (0, 4)]

# ---------------------------------------------------------------------------------
# Elementwise ops
# ---------------------------------------------------------------------------------

OPS = load_op_table()


def fused_functions(functions: dict, transcendental: bool) -> dict[str, list[str]]:
    """The StableHLO ops computing one of ``functions`` (UNARY_OPS/BINARY_OPS)
    with a fused opcode and a result of their operand type, in or out of the
    op table's transcendental cost class: name -> the types of ALL they take."""
    ops = {}
    for name, spec in functions.items():
        op_def = OPS.get(f"stablehlo.{name}")
        if (op_def is not None and op_def.fused is not None and spec.result in ("same", "part")
                and (op_def.cost == TRANSCENDENTAL) == transcendental):
            ops[name] = [t for t in ALL if BY_MLIR[t].category in op_def.element_kinds]
    return ops


# Exact (bit-identical to the reference): every op outside the transcendental
# class, and sqrt, which IEEE 754 rounds correctly.
EXACT_UNARY = {**fused_functions(UNARY_OPS, transcendental=False), "sqrt": FLOATS}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("op", sorted(EXACT_UNARY))
def test_exact_unary(op, shape):
    for element_type in EXACT_UNARY[op]:
        x = values(element_type, shape)
        check(unary_program(f"stablehlo.{op}", shape, element_type), [x])


def test_is_finite_and_square():
    for element_type in FLOATS:
        x = values(element_type, (3, 700))
        check(unary_program("stablehlo.is_finite", (3, 700), element_type, "i1"), [x])
    for element_type in INTS + FLOATS:
        x = values(element_type, (3, 700))
        check(unary_program("chlo.square", (3, 700), element_type), [x])


TRANSCENDENTAL_UNARY = sorted(set(fused_functions(UNARY_OPS, transcendental=True))
                              - set(EXACT_UNARY))


@pytest.mark.parametrize("op", TRANSCENDENTAL_UNARY)
@pytest.mark.parametrize("element_type", FLOATS)
def test_transcendental_unary(op, element_type):
    x = values(element_type, (3, 700))
    rtol = 4e-6 if element_type == "f32" else 1e-13
    check(unary_program(f"stablehlo.{op}", (3, 700), element_type), [x], rtol=rtol)


# CHLO's own fused transcendental functions (chlo.tan is stablehlo.tan's opcode).
CHLO_SPECIAL = sorted(name for name, op_def in OPS.items()
                      if op_def.dialect == "chlo" and op_def.fused is not None
                      and op_def.cost == TRANSCENDENTAL
                      and f"stablehlo.{name.partition('.')[2]}" not in OPS)


@pytest.mark.parametrize("op", CHLO_SPECIAL)
def test_chlo_special(op):
    for element_type in FLOATS:
        x = values(element_type, (2, 600), special=False)
        if op == "chlo.erf_inv":
            x = np.tanh(x).astype(x.dtype)
        rtol = 1e-5 if element_type == "f32" else 1e-12
        check(unary_program(op, (2, 600), element_type), [x], rtol=rtol)


# As EXACT_UNARY; integer powers are exact too.
EXACT_BINARY = {**fused_functions(BINARY_OPS, transcendental=False), "power": INTS}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("op", sorted(EXACT_BINARY))
def test_exact_binary(op, shape):
    for element_type in EXACT_BINARY[op]:
        a, b = values(element_type, shape, 1), values(element_type, shape, 2)
        if op.startswith("shift") and a.size:
            b = (np.arange(b.size).reshape(shape) % 70 - 3).astype(b.dtype)  # in and out of range
        if op == "power" and a.size:
            b = (np.arange(b.size).reshape(shape) % 40 - 5).astype(b.dtype)
            a = (np.arange(a.size).reshape(shape) % 7 - 3).astype(a.dtype)
        check(binary_program(f"stablehlo.{op}", shape, element_type), [a, b])


def test_integer_division_edges():
    for element_type in SIGNED:
        info = np.iinfo(numpy_dtype(element_type))
        a = np.array([info.min, info.min, 7, -7, 7, -7, 0, 5], numpy_dtype(element_type))
        b = np.array([-1, 0, 2, 2, -2, -2, 0, 0], numpy_dtype(element_type))
        for op in ("divide", "remainder"):
            check(binary_program(f"stablehlo.{op}", (8,), element_type), [a, b])


@pytest.mark.parametrize("op", sorted(fused_functions(BINARY_OPS, transcendental=True)))
def test_float_power_atan2(op):
    for element_type in FLOATS:
        a = np.abs(values(element_type, (3, 500), 1, special=False))
        b = values(element_type, (3, 500), 2, special=False)
        rtol = 1e-5 if element_type == "f32" else 1e-12
        check(binary_program(f"stablehlo.{op}", (3, 500), element_type), [a, b], rtol=rtol)


@pytest.mark.parametrize("direction", ["EQ", "NE", "GE", "GT", "LE", "LT"])
def test_compare(direction):
    cases = [(t, "SIGNED") for t in SIGNED] + [(t, "UNSIGNED") for t in UNSIGNED + ["i1"]]
    cases += [(t, "FLOAT") for t in FLOATS] + [(t, "TOTALORDER") for t in FLOATS]
    for element_type, compare_type in cases:
        a, b = values(element_type, (3, 400), 1), values(element_type, (3, 400), 2)
        b[:, ::3] = a[:, ::3]  # some equal pairs
        if element_type in FLOATS:
            a[0, :8] = [0.0, -0.0, np.nan, -np.nan, np.inf, 1, -0.0, np.nan]
            b[0, :8] = [-0.0, 0.0, np.nan, 1, np.inf, np.nan, -0.0, -np.nan]
        text = binary_program(f"stablehlo.compare {direction},", (3, 400), element_type, "i1",
                              suffix=f", {compare_type}")
        check(text, [a, b])


@pytest.mark.parametrize("source", ALL)
def test_convert(source):
    x = values(source, (3, 300))
    if source in FLOATS:
        x[0, :6] = [2.0**31, -2.0**31 - 1, 2.0**64, 255.7, -128.9, np.nan]
    for target in ALL:
        if target != source:
            check(unary_program("stablehlo.convert", (3, 300), source, target), [x])


def test_select_and_clamp_with_scalars():
    for element_type in ["i1", "i8", "i32", "ui64", "f32", "f64"]:
        shape = (4, 300)
        t, s = tensor(shape, element_type), tensor((), element_type)
        p, ps = tensor(shape, "i1"), tensor((), "i1")
        text = (f"func.func @main(%p: {p}, %q: {ps}, %a: {t}, %b: {t}, %lo: {s}, %hi: {t})"
                f" -> ({t}, {t}, {t}) {{\n"
                f"  %0 = stablehlo.select %p, %a, %b : {p}, {t}\n"
                f"  %1 = stablehlo.select %q, %a, %b : {ps}, {t}\n"
                f"  %2 = stablehlo.clamp %lo, %a, %hi : ({s}, {t}, {t}) -> {t}\n"
                f"  return %0, %1, %2 : {t}, {t}, {t}\n}}")
        args = [values("i1", shape, 3), np.array(True), values(element_type, shape, 4),
                values(element_type, shape, 5), values(element_type, (), 6)[()],
                values(element_type, shape, 7)]
        args[4] = np.asarray(args[4])
        check(text, args, fused=3)


# ---------------------------------------------------------------------------------
# Layout: broadcasts, iota, reshape, constants
# ---------------------------------------------------------------------------------


def test_broadcast_patterns():
    text = """
    func.func @main(%x: tensor<4x5x600xf32>, %s: tensor<f32>, %row: tensor<600xf32>,
                    %col: tensor<4xf32>, %mid: tensor<5xf32>, %t: tensor<600x4xf32>)
        -> tensor<4x5x600xf32> {
      %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x5x600xf32>
      %1 = stablehlo.broadcast_in_dim %row, dims = [2] : (tensor<600xf32>) -> tensor<4x5x600xf32>
      %2 = stablehlo.broadcast_in_dim %col, dims = [0] : (tensor<4xf32>) -> tensor<4x5x600xf32>
      %3 = stablehlo.broadcast_in_dim %mid, dims = [1] : (tensor<5xf32>) -> tensor<4x5x600xf32>
      %4 = stablehlo.broadcast_in_dim %t, dims = [2, 0] : (tensor<600x4xf32>) -> tensor<4x5x600xf32>
      %5 = stablehlo.add %x, %0 : tensor<4x5x600xf32>
      %6 = stablehlo.multiply %5, %1 : tensor<4x5x600xf32>
      %7 = stablehlo.subtract %6, %2 : tensor<4x5x600xf32>
      %8 = stablehlo.add %7, %3 : tensor<4x5x600xf32>
      %9 = stablehlo.maximum %8, %4 : tensor<4x5x600xf32>
      return %9 : tensor<4x5x600xf32>
    }"""
    args = [values("f32", s, i, special=False) for i, s in
            enumerate([(4, 5, 600), (), (600,), (4,), (5,), (600, 4)])]
    check(text, args)


@pytest.mark.parametrize("element_type", FLOATS)
def test_instruction_pairs_round_each_operation(element_type):
    # Chains of add/sub/mul run two instructions per pass; a*b + c must still
    # round a*b first (with c = -round(a*b) the sum is exactly 0, where a
    # fused multiply-add would give the rounding error).
    t = tensor((700,), element_type)
    text = f"""
    func.func @main(%a: {t}, %b: {t}, %c: {t}) -> ({t}, {t}) {{
      %0 = stablehlo.multiply %a, %b : {t}
      %1 = stablehlo.add %0, %c : {t}
      %2 = stablehlo.subtract %a, %b : {t}
      %3 = stablehlo.multiply %c, %2 : {t}
      %4 = stablehlo.add %a, %1 : {t}
      %5 = stablehlo.subtract %3, %4 : {t}
      %6 = stablehlo.multiply %5, %5 : {t}
      return %1, %6 : {t}, {t}
    }}"""
    a = values(element_type, (700,), seed=4, special=False)
    b = values(element_type, (700,), seed=5, special=False)
    c = -(a * b)
    results = run_schedule(parse_module(text), [a, b, c])[0]
    assert not np.any(results[0])  # exactly zero: no contraction
    check(text, [a, b, c], fused=None)


CHAIN_PROGRAM = """
func.func @main(%a: {t}, %b: {t}, %c: {t}) -> ({t}, {t}) {{
  %0 = stablehlo.negate %a : {t}
  %1 = stablehlo.multiply %0, %b : {t}
  %2 = stablehlo.subtract %c, %1 : {t}
  %3 = stablehlo.divide %2, %b : {t}
  %4 = stablehlo.tanh %3 : {t}
  %e = stablehlo.exponential %4 : {t}
  %5 = stablehlo.subtract %e, %a : {t}
  %6 = stablehlo.divide %c, %5 : {t}
  %7 = stablehlo.add %6, %b : {t}
  %8 = stablehlo.multiply %b, %c : {t}
  %9 = stablehlo.add %a, %8 : {t}
  %10 = stablehlo.multiply %9, %7 : {t}
  %11 = stablehlo.subtract %10, %c : {t}
  %12 = stablehlo.multiply %11, %11 : {t}
  return %7, %12 : {t}, {t}
}}"""


def chain_expected(a, b, c):
    """CHAIN_PROGRAM in float32 numpy, one rounding per operation, with the
    native tanh and exp (the chains' must be the same code)."""
    def native_math(fn, x):
        spec = ("float32", x.shape)
        kernel = native.cpu.make_kernel("vmath", {"fn": fn, "inplace": 0}, [spec], [spec])
        return native.run_native(kernel, [x], [(x.dtype, x.shape)])[0]
    with np.errstate(all="ignore"):
        t = native_math("exp", native_math("tanh", (c - (-a) * b) / b))
        first = c / (t - a) + b
        last = ((a + b * c) * first - c)
        return first, last * last


@pytest.mark.parametrize("length", [700, 64, 5])
def test_chains_give_the_bits_of_one_operation_at_a_time(length):
    # f32 runs of 3+ instructions each reading the previous result run as one
    # chain with the value in registers: every operand order, unary steps,
    # tails shorter than a block, a chain feeding another one, special values.
    t = tensor((length,), "f32")
    text = CHAIN_PROGRAM.format(t=t)
    a, b, c = (values("f32", (length,), seed=s) for s in (7, 8, 9))
    results = run_schedule(parse_module(text), [a, b, c])[0]
    for got, want in zip(results, chain_expected(a, b, c)):
        np.testing.assert_array_equal(got, want)
    check(text, [a, b, c], rtol=2e-5, atol=1e-6, fused=None)


def threefry_program(length: int, element_type: str) -> str:
    """Threefry's rounds as jax writes them: x0 += x1; x1 = rotl(x1, r) ^ x0
    with the rotation counts run-time scalars (32 - r computed beside), four
    rounds, then the key injection; both words are results."""
    t, s = tensor((length,), element_type), tensor((), element_type)
    lines = [f"func.func @main(%x0: {t}, %x1: {t}, %k0: {s}, %k1: {s}, %r0: {s}, %r1: {s},"
             f" %r2: {s}, %r3: {s}) -> ({t}, {t}) {{",
             f"  %c32 = stablehlo.constant dense<32> : {s}"]
    x0, x1 = "%x0", "%x1"
    for k in range(4):
        lines += [
            f"  %a{k} = stablehlo.add {x0}, {x1} : {t}",
            f"  %rb{k} = stablehlo.broadcast_in_dim %r{k}, dims = [] : ({s}) -> {t}",
            f"  %l{k} = stablehlo.shift_left {x1}, %rb{k} : {t}",
            f"  %n{k} = stablehlo.subtract %c32, %r{k} : {s}",
            f"  %nb{k} = stablehlo.broadcast_in_dim %n{k}, dims = [] : ({s}) -> {t}",
            f"  %h{k} = stablehlo.shift_right_logical {x1}, %nb{k} : {t}",
            f"  %o{k} = stablehlo.or %l{k}, %h{k} : {t}",
            f"  %e{k} = stablehlo.xor %a{k}, %o{k} : {t}"]
        x0, x1 = f"%a{k}", f"%e{k}"
    lines += [
        f"  %kb0 = stablehlo.broadcast_in_dim %k0, dims = [] : ({s}) -> {t}",
        f"  %kb1 = stablehlo.broadcast_in_dim %k1, dims = [] : ({s}) -> {t}",
        f"  %y0 = stablehlo.add {x0}, %kb0 : {t}",
        f"  %y1a = stablehlo.add {x1}, %kb1 : {t}",
        f"  %y1 = stablehlo.add %y1a, %kb0 : {t}",
        f"  return %y0, %y1 : {t}, {t}",
        "}"]
    return "\n".join(lines)


def threefry_args(length: int, element_type: str, counts=(13, 15, 26, 6)):
    dtype = np.dtype(numpy_dtype(element_type))
    return [values(element_type, (length,), seed=1), values(element_type, (length,), seed=2),
            dtype.type(0x1BD11BDA & 0x7FFFFFFF), dtype.type(7),
            *(dtype.type(c) for c in counts)]


@pytest.mark.parametrize("element_type", ["ui32", "i32"])
@pytest.mark.parametrize("length", [700, 64, 5])
@pytest.mark.parametrize("counts", [(13, 15, 26, 6), (0, 32, 40, 31)])
def test_threefry_rounds_run_whole_in_registers(element_type, length, counts):
    # Integer instructions chain with two running values (x0, x1): the 23
    # instructions of the rounds and key injection run as one chain with both
    # words as results, after the scalar `32 - r` ones (moved first, their
    # own chains). Counts of 0 and 32 or more give the shifts' XLA values
    # (32 - 40 wraps for ui32, is negative for i32: both out of range).
    text = threefry_program(length, element_type)
    schedule = check(text, threefry_args(length, element_type, counts))
    (group,) = groups(schedule)
    passes = group.kernel.describe().split("; ")
    assert passes[-1] == "int chain of 23 instructions, 2 results", passes
    assert all(p.startswith("int chain of 2 instructions") for p in passes[:-1]), passes


INT_CHAIN_OPS = ["add", "subtract", "multiply", "and", "or", "xor", "shift_left",
                 "shift_right_logical", "shift_right_arithmetic"]


def random_int_program(seed: int, element_type: str, length: int) -> str:
    """A random DAG of 32-bit integer ops over three inputs and a shift count,
    biased to reread recent values (which needs the second register, or ends
    a chain when a third would be needed), with rotates, unary ops and two or
    three results."""
    rng = np.random.default_rng(seed)
    t = tensor((length,), element_type)
    names = ["%a", "%b", "%c"]
    lines = [f"func.func @main(%a: {t}, %b: {t}, %c: {t}, %s: {t}, %q: {t}) -> ({t}, {t}, {t}) {{"]

    def recent() -> str:
        return names[-1 - min(int(rng.integers(0, 4)), len(names) - 1)]

    for k in range(40):
        x, pick = recent(), rng.random()
        if pick < 0.1:
            op = "not" if rng.random() < 0.5 else "negate"
            lines.append(f"  %v{k} = stablehlo.{op} {x} : {t}")
        elif pick < 0.25:
            lines += [f"  %p{k} = stablehlo.shift_left {x}, %s : {t}",
                      f"  %m{k} = stablehlo.shift_right_logical {x}, %q : {t}",
                      f"  %v{k} = stablehlo.or %p{k}, %m{k} : {t}"]
        else:
            op = INT_CHAIN_OPS[int(rng.integers(0, len(INT_CHAIN_OPS)))]
            y = recent() if rng.random() < 0.6 else names[int(rng.integers(0, len(names)))]
            if op.startswith("shift") and rng.random() < 0.7:
                y = "%s"
            operands = (x, y) if rng.random() < 0.5 or op.startswith("shift") else (y, x)
            lines.append(f"  %v{k} = stablehlo.{op} {operands[0]}, {operands[1]} : {t}")
        names.append(f"%v{k}")
    outs = [names[-1], names[-2 - int(rng.integers(0, 5))], names[-8 - int(rng.integers(0, 20))]]
    lines += [f"  return {', '.join(outs)} : {t}, {t}, {t}", "}"]
    return "\n".join(lines)


@pytest.mark.parametrize("element_type", ["ui32", "i32"])
def test_random_integer_dags_chain_with_the_bits_of_one_op_at_a_time(element_type):
    chained = total = two_results = 0
    for seed in range(40):
        length = [700, 100, 7][seed % 3]
        text = random_int_program(seed, element_type, length)
        dtype = np.dtype(numpy_dtype(element_type))
        counts = np.random.default_rng(seed).integers(-3, 40, (2, length)).astype(dtype)
        args = [values(element_type, (length,), seed=seed + k) for k in range(3)] + list(counts)
        schedule = check(text, args, fused=None)
        for group in groups(schedule):
            for part in group.kernel.describe().split("; "):
                if part.startswith("int chain of "):
                    chained += int(part.split()[3])
                    two_results += part.endswith("2 results")
                    total += int(part.split()[3])
                else:
                    total += 1
    # Most instructions run inside chains, some of which keep two results.
    assert chained > 0.8 * total and two_results > 0, (chained, total, two_results)


@pytest.mark.parametrize("isa", ["avx2", "generic"])
def test_portable_interpreter_paths_match(isa):
    # JAXLIB_CPU_ISA caps the interpreter's loops, so the AVX2 and baseline
    # code (and their chains, which leave tanh out; integer chains need AVX2)
    # run on any host.
    script = f"""
import numpy as np, sys
sys.path.insert(0, {str(Path(__file__).parent)!r})
from test_native_fusion import CHAIN_PROGRAM, chain_expected, run_schedule, tensor, values
from jaxlib._src.frontends.mlir_text import parse_module
t = tensor((700,), "f32")
a, b, c = (values("f32", (700,), seed=s) for s in (7, 8, 9))
results = run_schedule(parse_module(CHAIN_PROGRAM.format(t=t)), [a, b, c])[0]
for got, want in zip(results, chain_expected(a, b, c)):
    np.testing.assert_array_equal(got, want)
from test_native_fusion import check, random_int_program, threefry_args, threefry_program
for element_type in ("ui32", "i32"):
    check(threefry_program(700, element_type), threefry_args(700, element_type, (0, 32, 40, 31)))
    for seed in range(6):
        text = random_int_program(seed, element_type, 300)
        dtype = values(element_type, (1,)).dtype
        counts = np.random.default_rng(seed).integers(-3, 40, (2, 300)).astype(dtype)
        args = [values(element_type, (300,), seed=seed + k) for k in range(3)] + list(counts)
        check(text, args, fused=None)
print("ok")
"""
    env = dict(os.environ, JAXLIB_CPU_ISA=isa)
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-3000:]


@pytest.mark.parametrize("element_type", FLOATS)
@pytest.mark.parametrize("rows,cols", [(3, 1000), (9, 100), (2, 512)])
def test_row_broadcast_operands_on_either_side(element_type, rows, cols):
    # Row constants read once per tile when a tile lies in one row, filled
    # when it spans rows; on the left and the right of each operation, and
    # beside another row constant (which must not take the one-value form).
    m = tensor((rows,), element_type)
    x = tensor((rows, cols), element_type)
    text = f"""
    func.func @main(%x: {x}, %m: {m}, %s: {m}) -> ({x}, {x}) {{
      %mb = stablehlo.broadcast_in_dim %m, dims = [0] : ({m}) -> {x}
      %sb = stablehlo.broadcast_in_dim %s, dims = [0] : ({m}) -> {x}
      %0 = stablehlo.subtract %x, %mb : {x}
      %1 = stablehlo.divide %sb, %0 : {x}
      %2 = stablehlo.maximum %1, %mb : {x}
      %3 = stablehlo.minimum %mb, %2 : {x}
      %4 = stablehlo.multiply %3, %sb : {x}
      %5 = stablehlo.add %mb, %sb : {x}
      %6 = stablehlo.multiply %4, %5 : {x}
      return %6, %1 : {x}, {x}
    }}"""
    args = [values(element_type, (rows, cols), seed=1),
            values(element_type, (rows,), seed=2), values(element_type, (rows,), seed=3)]
    check(text, args, fused=None)


def test_broadcast_of_computed_values_and_reshape():
    text = """
    func.func @main(%x: tensor<6x200xf32>, %v: tensor<6xf32>) -> tensor<6x200xf32> {
      %c = stablehlo.constant dense<2.0> : tensor<6xf32>
      %0 = stablehlo.multiply %v, %c : tensor<6xf32>
      %1 = stablehlo.reshape %0 : (tensor<6xf32>) -> tensor<6x1xf32>
      %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x200xf32>
      %3 = stablehlo.add %x, %2 : tensor<6x200xf32>
      %4 = stablehlo.negate %3 : tensor<6x200xf32>
      return %4 : tensor<6x200xf32>
    }"""
    args = [values("f32", (6, 200), 1, special=False), values("f32", (6,), 2, special=False)]
    schedule = check(text, args)
    assert len(groups(schedule)[0].ops) == 6


def test_flattening_reshape_fuses_elementwise_chains():
    text = """
    func.func @main(%x: tensor<6x200xi32>, %y: tensor<1200xi32>) -> tensor<3x400xi32> {
      %0 = stablehlo.reshape %x : (tensor<6x200xi32>) -> tensor<1200xi32>
      %1 = stablehlo.add %0, %y : tensor<1200xi32>
      %2 = stablehlo.reshape %1 : (tensor<1200xi32>) -> tensor<3x400xi32>
      %3 = stablehlo.negate %2 : tensor<3x400xi32>
      return %3 : tensor<3x400xi32>
    }"""
    check(text, [values("i32", (6, 200), 1), values("i32", (1200,), 2)])


def test_lone_reshape_is_left_alone():
    text = """
    func.func @main(%x: tensor<6x200xi32>) -> tensor<1200xi32> {
      %0 = stablehlo.reshape %x : (tensor<6x200xi32>) -> tensor<1200xi32>
      return %0 : tensor<1200xi32>
    }"""
    check(text, [values("i32", (6, 200), 1)], fused=0)


def test_lone_transpose_is_left_to_its_kernel():
    text = """
    func.func @main(%x: tensor<6x200xi32>) -> tensor<200x6xi32> {
      %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<6x200xi32>) -> tensor<200x6xi32>
      return %0 : tensor<200x6xi32>
    }"""
    check(text, [values("i32", (6, 200), 1)], fused=0)


@pytest.mark.parametrize("element_type", ["f32", "i32"])
def test_transposes_fuse_as_index_maps(element_type):
    # A transpose only changes how its operand is read: jax's symmetrisation
    # (x + x^T) / 2 over a batch, a transpose of a broadcast, one of a
    # transpose, and a reduction over a transposed operand, each one group.
    t3 = tensor((4, 33, 33), element_type)
    t2 = tensor((33, 5), element_type)
    text = f"""
    func.func @main(%x: {t3}, %v: {tensor((5, 33), element_type)}) -> ({t3}, {t3}, {t2}) {{
      %xt = stablehlo.transpose %x, dims = [0, 2, 1] : ({t3}) -> {t3}
      %s = stablehlo.add %x, %xt : {t3}
      %b = stablehlo.broadcast_in_dim %v, dims = [2, 1] : ({tensor((5, 33), element_type)})
          -> {tensor((4, 33, 5), element_type)}
      %bt = stablehlo.transpose %b, dims = [2, 1, 0] : ({tensor((4, 33, 5), element_type)})
          -> {tensor((5, 33, 4), element_type)}
      %tt = stablehlo.transpose %bt, dims = [1, 0, 2] : ({tensor((5, 33, 4), element_type)})
          -> {tensor((33, 5, 4), element_type)}
      %z = stablehlo.constant dense<0> : {tensor((), element_type)}
      %r = stablehlo.reduce(%tt init: %z) applies stablehlo.add across dimensions = [2]
          : ({tensor((33, 5, 4), element_type)}, {tensor((), element_type)}) -> {t2}
      %m = stablehlo.multiply %xt, %s : {t3}
      return %s, %m, %r : {t3}, {t3}, {t2}
    }}"""
    schedule = check(text, [values(element_type, (4, 33, 33), 1, special=False),
                            values(element_type, (5, 33), 2, special=False)],
                     rtol=1e-6, fused=None)
    assert not any(getattr(item, "name", "") == "stablehlo.transpose" for item in schedule)


@pytest.mark.parametrize("element_type", ["i32", "ui8", "i64", "f32", "f64", "i1"])
def test_iota(element_type):
    t = tensor((3, 4, 300), element_type)
    text = f"""
    func.func @main(%x: {t}) -> ({t}, {t}, {t}) {{
      %0 = stablehlo.iota dim = 0 : {t}
      %1 = stablehlo.iota dim = 1 : {t}
      %2 = stablehlo.iota dim = 2 : {t}
      %3 = stablehlo.add %x, %0 : {t}
      %4 = stablehlo.add %x, %1 : {t}
      %5 = stablehlo.add %x, %2 : {t}
      return %3, %4, %5 : {t}, {t}, {t}
    }}"""
    check(text, [values(element_type, (3, 4, 300))], fused=3)


def test_splat_constants_of_every_type():
    for element_type in ALL:
        t = tensor((700,), element_type)
        value = {"i1": "true", "f32": "-1.5", "f64": "2.25"}.get(element_type, "-3")
        if element_type.startswith("ui"):
            value = "200"
        text = f"""
        func.func @main(%x: {t}) -> {t} {{
          %c = stablehlo.constant dense<{value}> : {t}
          %0 = stablehlo.maximum %x, %c : {t}
          return %0 : {t}
        }}"""
        check(text, [values(element_type, (700,))])


def test_non_splat_constant_is_an_input():
    text = """
    func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
      %c = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
      %0 = stablehlo.add %x, %c : tensor<3xf32>
      return %0 : tensor<3xf32>
    }"""
    schedule = check(text, [np.array([1, 2, 3], np.float32)])
    assert schedule[0].name == "stablehlo.constant"
    assert len(groups(schedule)[0].inputs) == 2


def test_large_elementwise_runs_threaded():
    shape = (1024, 1031)
    text = binary_program("stablehlo.multiply", shape, "f32")
    check(text, [values("f32", shape, 1), values("f32", shape, 2)])
    text = unary_program("stablehlo.convert", shape, "f32", "i32")
    check(text, [values("f32", shape, 3)])


# ---------------------------------------------------------------------------------
# Reductions
# ---------------------------------------------------------------------------------


def reduce_program(shape, dims, element_type, body, init, producer=None):
    t = tensor(shape, element_type)
    kept = tuple(n for i, n in enumerate(shape) if i not in dims)
    r, s = tensor(kept, element_type), tensor((), element_type)
    source = "%x"
    extra = ""
    if producer:
        extra = f"  %p = {producer} %x : {t}\n"
        source = "%p"
    return (f"func.func @main(%x: {t}) -> {r} {{\n"
            f"  %init = stablehlo.constant dense<{init}> : {s}\n{extra}"
            f"  %0 = stablehlo.reduce({source} init: %init) applies {body} across dimensions = "
            f"{list(dims)} : ({t}, {s}) -> {r}\n"
            f"  return %0 : {r}\n}}")


REDUCE_SHAPES = [((7, 1000), (1,)), ((1000, 7), (0,)), ((3, 600, 5), (1,)),
                 ((4, 5, 6), (0, 1, 2)), ((3, 0), (1,)), ((0, 3), (1,)), ((6, 1, 4), (1,)),
                 ((2, 3, 4, 5), (2, 3)), ((2, 3, 4, 5), (0, 1)),
                 # empty results of non-empty reductions (jnp.sum(zeros((3, 0)), 0)
                 # divided by the empty kept extent: SIGFPE)
                 ((3, 0), (0,)), ((2, 0, 3), (0,)), ((4, 0, 5, 2), (0,)), ((0, 0), (0,))]


@pytest.mark.parametrize("shape,dims", REDUCE_SHAPES)
def test_reduce_shapes(shape, dims):
    for element_type in ["i32", "ui8", "i64"]:
        for body, init in [("stablehlo.add", "3"), ("stablehlo.maximum", "0"),
                           ("stablehlo.minimum", "100"), ("stablehlo.multiply", "1"),
                           ("stablehlo.and", "-1" if element_type[0] == "i" else "255"),
                           ("stablehlo.or", "0"), ("stablehlo.xor", "0")]:
            check(reduce_program(shape, dims, element_type, body, init),
                  [values(element_type, shape)])
    for element_type in FLOATS:
        for body, init in [("stablehlo.add", "0.5"), ("stablehlo.maximum", "0xFF800000"
                            if element_type == "f32" else "0xFFF0000000000000"),
                           ("stablehlo.minimum", "1.0e30")]:
            x = values(element_type, shape, special=False)
            check(reduce_program(shape, dims, element_type, body, init), [x], rtol=1e-5,
                  atol=1e-6)
    for body, init in [("stablehlo.and", "true"), ("stablehlo.or", "false"),
                       ("stablehlo.add", "false"), ("stablehlo.minimum", "true")]:
        check(reduce_program(shape, dims, "i1", body, init), [values("i1", shape)])


def test_reduce_nan_propagates():
    x = values("f32", (4, 700), special=False)
    x[1, 300] = np.nan
    check(reduce_program((4, 700), (1,), "f32", "stablehlo.maximum", "0xFF800000"), [x])
    check(reduce_program((4, 700), (0,), "f32", "stablehlo.minimum", "0x7F800000"), [x])


@pytest.mark.parametrize("shape,dims", [((1, 300000), (1,)), ((300000,), (0,)),
                                        ((64, 4096), (1,)), ((4096, 64), (0,)),
                                        ((16, 500, 40), (1,))])
def test_large_float_sums_are_accurate(shape, dims):
    x = values("f32", shape, special=False)
    check(reduce_program(shape, dims, "f32", "stablehlo.add", "0.0", "stablehlo.exponential"),
          [x], rtol=2e-5)
    check(reduce_program(shape, dims, "f64", "stablehlo.add", "0.0"),
          [x.astype(np.float64)], rtol=1e-12, atol=1e-14)
    check(reduce_program(shape, dims, "i32", "stablehlo.add", "0"), [values("i32", shape)])


def outer_difference_program(shape, a_dims, b_dims, reduce_dims, element_type="f32"):
    """(a - b) * (a - b) + 1 over ``shape``, a and b broadcast from the domain
    dimensions ``a_dims`` / ``b_dims``, reduced over ``reduce_dims`` (or not)."""
    t = tensor(shape, element_type)
    ta = tensor(tuple(shape[d] for d in a_dims), element_type)
    tb = tensor(tuple(shape[d] for d in b_dims), element_type)
    kept = tuple(n for i, n in enumerate(shape) if i not in reduce_dims)
    r = tensor(kept, element_type) if reduce_dims else t
    s = tensor((), element_type)
    body = (f"  %init = stablehlo.constant dense<0.5> : {s}\n"
            f"  %one = stablehlo.constant dense<1.0> : {t}\n"
            f"  %ba = stablehlo.broadcast_in_dim %a, dims = {list(a_dims)} : ({ta}) -> {t}\n"
            f"  %bb = stablehlo.broadcast_in_dim %b, dims = {list(b_dims)} : ({tb}) -> {t}\n"
            f"  %d = stablehlo.subtract %ba, %bb : {t}\n"
            f"  %sq = stablehlo.multiply %d, %d : {t}\n"
            f"  %v = stablehlo.add %sq, %one : {t}\n")
    if reduce_dims:
        body += (f"  %out = stablehlo.reduce(%v init: %init) applies stablehlo.add across "
                 f"dimensions = {list(reduce_dims)} : ({t}, {s}) -> {r}\n")
    else:
        body += f"  %out = stablehlo.add %v, %v : {t}\n"
    return (f"func.func @main(%a: {ta}, %b: {tb}) -> {r} {{\n{body}"
            f"  return %out : {r}\n}}")


# Pairwise differences (N-body, distances): operands broadcast along different
# axes, reduced over the short innermost axis, over the long middle one, or not.
@pytest.mark.parametrize("shape,a_dims,b_dims,reduce_dims", [
    ((256, 256, 3), (1, 2), (0, 2), (2,)),
    ((256, 256, 3), (1, 2), (0, 2), (1,)),
    ((256, 256, 3), (1, 2), (0, 2), ()),
    ((64, 300, 5), (0, 2), (1,), (1,)),
    ((2, 5000, 3), (1, 2), (0, 2), (1,)),
    ((1, 60000, 3), (1, 2), (0, 2), (1,)),
    ((7, 9, 2), (0,), (1, 2), (2,)),
    ((3, 6), (0, 1), (0,), (1,)),
    ((1000, 40), (1,), (0,), (1,)),
    ((40, 1000), (0,), (1,), (0,)),
    ((5, 7, 11, 3), (0, 3), (1, 2), (2,)),
])
def test_outer_differences_and_their_reductions(shape, a_dims, b_dims, reduce_dims):
    a = values("f32", tuple(shape[d] for d in a_dims), seed=1, special=False)
    b = values("f32", tuple(shape[d] for d in b_dims), seed=2, special=False)
    check(outer_difference_program(shape, a_dims, b_dims, reduce_dims), [a, b],
          rtol=2e-5, atol=1e-5)
    if reduce_dims:
        check(outer_difference_program(shape, a_dims, b_dims, reduce_dims, "f64"),
              [a.astype(np.float64), b.astype(np.float64)], rtol=1e-12, atol=1e-12)


# Sibling groups that would recompute the same ops become one group with
# several outputs (threefry's two words, an optimizer's parameter and moments).
def test_two_results_of_one_computation_share_one_group():
    text = """
    func.func @main(%x: tensor<300x7xui32>, %y: tensor<300x7xui32>)
        -> (tensor<300x7xui32>, tensor<300x7xui32>) {
      %c13 = stablehlo.constant dense<13> : tensor<300x7xui32>
      %c19 = stablehlo.constant dense<19> : tensor<300x7xui32>
      %0 = stablehlo.add %x, %y : tensor<300x7xui32>
      %1 = stablehlo.shift_left %y, %c13 : tensor<300x7xui32>
      %2 = stablehlo.shift_right_logical %y, %c19 : tensor<300x7xui32>
      %3 = stablehlo.or %1, %2 : tensor<300x7xui32>
      %4 = stablehlo.xor %3, %0 : tensor<300x7xui32>
      %5 = stablehlo.add %0, %4 : tensor<300x7xui32>
      %6 = stablehlo.xor %4, %5 : tensor<300x7xui32>
      return %5, %6 : tensor<300x7xui32>, tensor<300x7xui32>
    }"""
    schedule = check(text, [values("ui32", (300, 7), seed=1), values("ui32", (300, 7), seed=2)])
    (group,) = groups(schedule)
    assert len(group.outputs) == 2


def test_adam_like_update_writes_three_outputs_from_one_group():
    text = """
    func.func @main(%p: tensor<64x33xf32>, %g: tensor<64x33xf32>, %m: tensor<64x33xf32>,
                    %v: tensor<64x33xf32>)
        -> (tensor<64x33xf32>, tensor<64x33xf32>, tensor<64x33xf32>) {
      %b1 = stablehlo.constant dense<0.9> : tensor<64x33xf32>
      %c1 = stablehlo.constant dense<0.1> : tensor<64x33xf32>
      %eps = stablehlo.constant dense<1.0e-3> : tensor<64x33xf32>
      %0 = stablehlo.multiply %b1, %m : tensor<64x33xf32>
      %1 = stablehlo.multiply %c1, %g : tensor<64x33xf32>
      %m2 = stablehlo.add %0, %1 : tensor<64x33xf32>
      %2 = stablehlo.multiply %g, %g : tensor<64x33xf32>
      %3 = stablehlo.multiply %c1, %2 : tensor<64x33xf32>
      %4 = stablehlo.multiply %b1, %v : tensor<64x33xf32>
      %v2 = stablehlo.add %4, %3 : tensor<64x33xf32>
      %5 = stablehlo.sqrt %v2 : tensor<64x33xf32>
      %6 = stablehlo.add %5, %eps : tensor<64x33xf32>
      %7 = stablehlo.divide %m2, %6 : tensor<64x33xf32>
      %p2 = stablehlo.subtract %p, %7 : tensor<64x33xf32>
      return %p2, %m2, %v2 : tensor<64x33xf32>, tensor<64x33xf32>, tensor<64x33xf32>
    }"""
    args = [values("f32", (64, 33), seed=s, special=False) for s in range(4)]
    args[3] = np.abs(args[3])
    schedule = check(text, args, rtol=1e-6, atol=1e-6)
    (group,) = groups(schedule)
    assert len(group.outputs) == 3


def test_siblings_stay_apart_when_a_root_is_read_before_the_last_root():
    # %r0 is read by a transpose before %r1 is computed: one group at %r1
    # would be too late for it.
    text = """
    func.func @main(%x: tensor<50x40xf32>, %y: tensor<50x40xf32>)
        -> (tensor<40x50xf32>, tensor<50x40xf32>) {
      %0 = stablehlo.multiply %x, %y : tensor<50x40xf32>
      %r0 = stablehlo.add %0, %x : tensor<50x40xf32>
      %t = stablehlo.transpose %r0, dims = [1, 0] : (tensor<50x40xf32>) -> tensor<40x50xf32>
      %r1 = stablehlo.subtract %0, %y : tensor<50x40xf32>
      %out = stablehlo.multiply %r1, %r1 : tensor<50x40xf32>
      return %t, %out : tensor<40x50xf32>, tensor<50x40xf32>
    }"""
    schedule = check(text, [values("f32", (50, 40), seed=1, special=False),
                            values("f32", (50, 40), seed=2, special=False)],
                     rtol=1e-5, atol=1e-5, fused=None)
    assert all(len(g.outputs) == 1 for g in groups(schedule))


UNRELATED_SIBLINGS = """
func.func @main(%x: tensor<50x40xf32>, %y: tensor<50x40xf32>)
    -> (tensor<50x40xf32>, tensor<50x40xf32>, tensor<40x50xf32>) {
  %0 = stablehlo.multiply %x, %x : tensor<50x40xf32>
  %a = stablehlo.add %0, %x : tensor<50x40xf32>
  %1 = stablehlo.exponential %y : tensor<50x40xf32>
  %b = stablehlo.subtract %1, %y : tensor<50x40xf32>
  %t = stablehlo.transpose %b, dims = [1, 0] : (tensor<50x40xf32>) -> tensor<40x50xf32>
  %2 = stablehlo.negate %x : tensor<50x40xf32>
  %c = stablehlo.multiply %2, %y : tensor<50x40xf32>
  return %a, %c, %t : tensor<50x40xf32>, tensor<50x40xf32>, tensor<40x50xf32>
}"""


def test_unrelated_siblings_merge_only_when_asked():
    # Three chains over one domain that share no op: the CPU keeps them apart
    # (nothing to gain); a backend paying a launch per kernel (the GPU) asks
    # for one group. %b is read by a transpose before %c: it stays apart.
    block = parse_module(UNRELATED_SIBLINGS).function("main").body.entry
    assert sorted(len(g.outputs) for g in groups(fusion.fuse_block(block))) == [1, 1, 1]
    schedule = fusion.fuse_block(block, merge_unrelated=True)
    check_invariants(block, schedule)
    assert sorted(len(g.outputs) for g in groups(schedule)) == [1, 2]
    merged = next(g for g in groups(schedule) if len(g.outputs) == 2)
    assert sorted(v.owner.name for v in merged.outputs) == ["stablehlo.add", "stablehlo.multiply"]


def test_kept_ops_stay_out_of_groups():
    # A backend running an op its own way (the GPU's accumulation of a product
    # into a carried buffer) keeps it out of fusion: its neighbours fuse
    # without it, and it reads their group's output.
    text = """
    func.func @main(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
      %0 = stablehlo.exponential %x : tensor<8xf32>
      %1 = stablehlo.add %0, %y : tensor<8xf32>
      %2 = stablehlo.negate %1 : tensor<8xf32>
      return %2 : tensor<8xf32>
    }"""
    block = parse_module(text).function("main").body.entry
    add = block.operations[1]
    schedule = fusion.fuse_block(block, keep=frozenset({id(add)}))
    check_invariants(block, schedule)
    assert schedule[1] is add
    assert [[op.name for op in g.ops] for g in groups(schedule)] == \
        [["stablehlo.exponential"], ["stablehlo.negate"]]
    assert len(groups(fusion.fuse_block(block))) == 1


SIBLING_SUMS = """
func.func @main(%x: tensor<6x10xf32>, %y: tensor<6x10xf32>)
    -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %a = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]
      : (tensor<6x10xf32>, tensor<f32>) -> tensor<6xf32>
  %xy = stablehlo.multiply %x, %y : tensor<6x10xf32>
  %b = stablehlo.reduce(%xy init: %z) applies stablehlo.add across dimensions = [1]
      : (tensor<6x10xf32>, tensor<f32>) -> tensor<6xf32>
  %w = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<6xf32>) -> tensor<6x10xf32>
  %d = stablehlo.subtract %x, %w : tensor<6x10xf32>
  %c = stablehlo.reduce(%d init: %z) applies stablehlo.add across dimensions = [1]
      : (tensor<6x10xf32>, tensor<f32>) -> tensor<6xf32>
  return %a, %b, %c : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}
"""


def test_sibling_reductions_merge_only_when_asked():
    # Reductions of one domain reduced the same way that read nothing of each
    # other merge for a backend paying a launch per kernel: one group with two
    # outputs (no native kernel: the CPU interpreter reduces one output). %c
    # reduces what depends on %a: never with it. The CPU keeps three.
    block = parse_module(SIBLING_SUMS).function("main").body.entry
    cpu_groups = groups(fusion.fuse_block(block))
    assert sorted(len(g.outputs) for g in cpu_groups) == [1, 1, 1]
    schedule = fusion.fuse_block(block, merge_unrelated=True)
    check_invariants(block, schedule)
    merged = [g for g in groups(schedule) if len(g.outputs) == 2]
    assert len(groups(schedule)) == 2 and len(merged) == 1 and merged[0].kernel is None
    assert {v.owner.results[0] is v for v in merged[0].outputs} == {True}
    positions = {block.operations.index(v.owner) for v in merged[0].outputs}
    assert positions in ({1, 3}, {3, 6})  # %b with %a or with %c, never %a with %c


UNIT_DIMENSION_SIBLINGS = """
func.func @main(%x: tensor<16x8xf32>, %y: tensor<1x16x8xf32>, %z: tensor<16x1x8xf32>)
    -> (tensor<16x8xf32>, tensor<1x16x8xf32>, tensor<16x1x8xf32>, tensor<1x16x8xf32>) {
  %a = stablehlo.exponential %x : tensor<16x8xf32>
  %b = stablehlo.negate %y : tensor<1x16x8xf32>
  %c = stablehlo.multiply %z, %z : tensor<16x1x8xf32>
  %w = stablehlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<16x8xf32>) -> tensor<1x16x8xf32>
  %d = stablehlo.add %w, %b : tensor<1x16x8xf32>
  return %a, %b, %c, %d : tensor<16x8xf32>, tensor<1x16x8xf32>, tensor<16x1x8xf32>,
      tensor<1x16x8xf32>
}
"""


def test_siblings_whose_domains_differ_by_unit_dimensions_merge():
    # (16, 8), (1, 16, 8) and (16, 1, 8) are the same elements in the same
    # order: a backend merging unrelated groups makes them one kernel, each
    # group's index maps re-laid on the merged domain.
    module = parse_module(UNIT_DIMENSION_SIBLINGS)
    block = module.function("main").body.entry
    schedule = fusion.fuse_block(block, merge_unrelated=True)
    check_invariants(block, schedule)
    assert [len(g.outputs) for g in groups(schedule)] == [4]
    rng = np.random.default_rng(4)
    args = [rng.standard_normal(s).astype(np.float32) for s in ((16, 8), (1, 16, 8), (16, 1, 8))]
    expected = reference(module, args)
    fused_group = groups(schedule)[0]
    arguments = {id(a): x for a, x in zip(block.arguments, args)}
    outputs = native.run_native(fused_group.kernel,
                                [arguments[id(v)] for v in fused_group.inputs],
                                [native.tensor_spec(v.type) for v in fused_group.outputs])
    results = dict(zip((id(v) for v in fused_group.outputs), outputs))
    for value, want in zip(block.operations[-1].operands, expected):
        np.testing.assert_allclose(results[id(value)], want, rtol=1e-6)


def test_reduce_with_broadcast_producer():
    text = """
    func.func @main(%x: tensor<8x1000xf32>, %m: tensor<8xf32>) -> tensor<8xf32> {
      %init = stablehlo.constant dense<0.0> : tensor<f32>
      %0 = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x1000xf32>
      %1 = stablehlo.subtract %x, %0 : tensor<8x1000xf32>
      %2 = stablehlo.exponential %1 : tensor<8x1000xf32>
      %3 = stablehlo.reduce(%2 init: %init) applies stablehlo.add across dimensions = [1]
          : (tensor<8x1000xf32>, tensor<f32>) -> tensor<8xf32>
      return %3 : tensor<8xf32>
    }"""
    schedule = check(text, [values("f32", (8, 1000), special=False),
                            values("f32", (8,), special=False)], rtol=1e-5)
    assert len(groups(schedule)[0].inputs) == 2


def test_unsupported_reduce_stays_an_op():
    text = """
    func.func @main(%x: tensor<4x6xf32>, %i: tensor<f32>) -> tensor<4xf32> {
      %0 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [1]
          : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
      %1 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0]
          : (tensor<4x6xf32>, tensor<f32>) -> tensor<6xf32>
      return %0 : tensor<4xf32>
    }"""
    schedule = check(text, [values("f32", (4, 6)), np.float32(1.5)], fused=0)
    assert [op.name for op in schedule] == ["stablehlo.reduce", "stablehlo.reduce", "func.return"]


# ---------------------------------------------------------------------------------


@pytest.mark.parametrize("body,init,element_type", [
    ("add", "0.0", "f32"), ("add", "-0.0", "f32"), ("multiply", "2.5", "f64"),
    ("maximum", "0xFF800000", "f32"), ("minimum", "7", "i32"), ("and", "true", "i1"),
    ("add", "1", "ui8")])
def test_reduce_over_unit_dimensions_fuses_with_its_consumer(body, init, element_type):
    # jax's gradient of a broadcast bias sums a (1, n) array over its unit
    # axis: the body applied once per element, elementwise, so one kernel with
    # the accumulation that reads it (the init's sign of zero kept: -0.0 + x).
    t3, t1 = tensor((1, 6, 1), element_type), tensor((6,), element_type)
    scalar = tensor((), element_type)
    text = f"""
    func.func @main(%x: {t3}, %acc: {t1}) -> {t1} {{
      %init = stablehlo.constant dense<{init}> : {scalar}
      %0 = stablehlo.reduce(%x init: %init) applies stablehlo.{body} across dimensions = [0, 2]
          : ({t3}, {scalar}) -> {t1}
      %1 = stablehlo.{body} %acc, %0 : {t1}
      return %1 : {t1}
    }}"""
    schedule = check(text, [values(element_type, (1, 6, 1)), values(element_type, (6,), 1)])
    assert [type(item).__name__ for item in schedule[:-1]] == ["FusedGroup"]


def test_reduce_of_a_unit_reshaped_reduction_is_one_more_op_of_the_consumer():
    # The (n, m) -> (m,) -> (1, m) -> (m,) sums jax emits for a bias gradient:
    # the reduction stays a kernel of its own, the unit reduce and the
    # accumulating add one kernel after it (three before).
    text = """
    func.func @main(%x: tensor<16x12xf32>, %acc: tensor<12xf32>) -> tensor<12xf32> {
      %init = stablehlo.constant dense<0.0> : tensor<f32>
      %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0]
          : (tensor<16x12xf32>, tensor<f32>) -> tensor<12xf32>
      %1 = stablehlo.reshape %0 : (tensor<12xf32>) -> tensor<1x12xf32>
      %2 = stablehlo.reduce(%1 init: %init) applies stablehlo.add across dimensions = [0]
          : (tensor<1x12xf32>, tensor<f32>) -> tensor<12xf32>
      %3 = stablehlo.add %acc, %2 : tensor<12xf32>
      return %3 : tensor<12xf32>
    }"""
    check(text, [values("f32", (16, 12), special=False), values("f32", (12,), 1)],
          rtol=1e-6, fused=2)


@pytest.mark.parametrize("element_type", ["bf16", "f16"])
def test_16_bit_unit_reduce_rounds_once(element_type):
    # A 16-bit accumulator is no fused reduction, but over unit dimensions it
    # is one rounded op: fused, with the reference kernel's bits.
    text = f"""
    func.func @main(%x: tensor<40x1x{element_type}>, %y: tensor<40x{element_type}>)
        -> tensor<40x{element_type}> {{
      %init = stablehlo.constant dense<0.1> : tensor<{element_type}>
      %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1]
          : (tensor<40x1x{element_type}>, tensor<{element_type}>) -> tensor<40x{element_type}>
      %1 = stablehlo.multiply %0, %y : tensor<40x{element_type}>
      return %1 : tensor<40x{element_type}>
    }}"""
    check_half(text, [half_values(element_type, (40, 1)), half_values(element_type, (40,), 1)])
# Schedules
# ---------------------------------------------------------------------------------


def check_invariants(block, schedule):
    """Inputs are defined before their group, outputs used only after it, the
    terminator is last, and every op runs (directly or inside a group)."""
    assert schedule[-1] is block.operations[-1]
    defined = {id(a) for a in block.arguments}
    covered = set()
    for item in schedule[:-1]:
        if isinstance(item, fusion.FusedGroup):
            for v in item.inputs:
                assert id(v) in defined
            defined.update(id(v) for v in item.outputs)
            covered.update(id(op) for op in item.ops)
        else:
            for v in item.operands:
                assert id(v) in defined, item
            for region in item.regions:
                for nested in region.walk():
                    for v in nested.operands:
                        owner = v.owner
                        if getattr(owner, "regions", None) is not None and owner in \
                                block.operations:
                            assert id(v) in defined
            defined.update(id(r) for r in item.results)
            covered.add(id(item))
    for v in schedule[-1].operands:
        assert id(v) in defined
    assert {id(op) for op in block.operations[:-1]} <= covered


def test_multiple_uses_nested_capture_and_returned_intermediates():
    text = """
    func.func @main(%x: tensor<64xf32>, %p: tensor<i1>) -> (tensor<64xf32>, tensor<64xf32>,
                                                          tensor<64xf32>) {
      %0 = stablehlo.exponential %x : tensor<64xf32>
      %1 = stablehlo.add %0, %x : tensor<64xf32>
      %2 = stablehlo.multiply %0, %0 : tensor<64xf32>
      %3 = stablehlo.negate %1 : tensor<64xf32>
      %4 = "stablehlo.if"(%p) ({
        %5 = stablehlo.abs %3 : tensor<64xf32>
        stablehlo.return %5 : tensor<64xf32>
      }, {
        stablehlo.return %2 : tensor<64xf32>
      }) : (tensor<i1>) -> tensor<64xf32>
      %6 = stablehlo.add %4, %1 : tensor<64xf32>
      %7 = stablehlo.sqrt %2 : tensor<64xf32>
      return %6, %7, %1 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
    }"""
    for flag in (True, False):
        args = [values("f32", (64,), special=False), np.array(flag)]
        check(text, args, fused=None, rtol=1e-6)
    block = parse_module(text).function("main").body.entry
    schedule = fusion.fuse_block(block)
    outputs = {id(v) for g in groups(schedule) for v in g.outputs}
    by_name = {op.results[0].name_hint: op for op in block.operations[:-1]}
    # %1 (returned), %2 and %3 (captured by the if) must be materialised.
    for name in ("1", "2", "3"):
        assert id(by_name[name].results[0]) in outputs


def test_unfusible_consumer_splits_groups():
    text = """
    func.func @main(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
      %0 = stablehlo.tanh %x : tensor<8x8xf32>
      %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
      %2 = stablehlo.add %1, %0 : tensor<8x8xf32>
      return %2 : tensor<8x8xf32>
    }"""
    check(text, [values("f32", (8, 8), special=False)], fused=2, rtol=1e-6)


# ---------------------------------------------------------------------------------
# Benchmark programs (smaller)
# ---------------------------------------------------------------------------------


def bench_program(name: str, replacements: dict[str, str] | None = None) -> str:
    """A benchmark-like program of tests/programs (the shape of a shared
    benchmark program at a test's size), with some shapes replaced."""
    text = program_text(f"{name}.mlir")
    for old, new in (replacements or {}).items():
        text = text.replace(old, new)
    return text


def test_gelu_body():
    text = bench_program("gelu")
    schedule = check(text, [values("f32", (64, 96), special=False)], rtol=1e-5)
    assert len(schedule) == 2


def test_softmax_body():
    text = bench_program("softmax")
    x = values("f32", (16, 1200), special=False)
    check(text, [x], rtol=1e-5, fused=3)


def test_big_costly_values_read_by_two_groups_are_computed_once():
    # softmax at 128K elements: exp feeds the sum and the divide; it gets a
    # group of its own instead of being recomputed in both.
    text = bench_program("softmax", {"16x1200": "64x2048", "16x1x": "64x1x",
                                     "16xf32": "64xf32"})
    x = values("f32", (64, 2048), special=False)
    schedule = check(text, [x], rtol=1e-5, fused=5)
    with_exp = [g for g in groups(schedule)
                if any(op.name == "stablehlo.exponential" for op in g.ops)]
    assert len(with_exp) == 1


def test_layernorm_body():
    text = bench_program("layernorm")
    x = values("f32", (24, 900), special=False)
    check(text, [x], rtol=1e-5, atol=1e-6, fused=None)
    module = parse_module(text)
    for function in ("main", "_var"):
        block = module.function(function).body.entry
        check_invariants(block, fusion.fuse_block(block))


def test_fori_body():
    text = bench_program("fori_small")
    x = values("f32", (16,), special=False)
    schedule = check(text, [x], function="closed_call", rtol=0)
    assert len(schedule) == 2


def test_16_bit_floats_fuse_natively_unless_a_backend_computes_them():
    # bfloat16 is computed in f32 slots by the CPU's interpreter (rounded after
    # each op); a backend that computes it itself (the GPU's generated kernels)
    # gets the group as it is, with no native kernel.
    t = "tensor<4x6xbf16>"
    module = parse_module(f"func.func @main(%x: {t}, %y: {t}) -> {t} {{\n"
                          f"  %0 = stablehlo.add %x, %y : {t}\n"
                          f"  %1 = stablehlo.multiply %0, %x : {t}\n"
                          f"  return %1 : {t}\n}}\n")
    block = module.functions[0].body.entry
    (cpu_group,) = [g for g in fusion.fuse_block(block) if isinstance(g, fusion.FusedGroup)]
    assert cpu_group.kernel is not None
    opcodes = {code: name for name, code in fusion.OPCODES.items()}
    assert "round_bf16" in [opcodes[c] for c in _instruction_opcodes(cpu_group.params["code"])]
    groups = [g for g in fusion.fuse_block(block, extra_types=("bfloat16",))
              if isinstance(g, fusion.FusedGroup)]
    assert len(groups) == 1 and groups[0].kernel is None
    assert [op.name for op in groups[0].ops] == ["stablehlo.add", "stablehlo.multiply"]
    assert "round_bf16" not in [opcodes[c] for c in _instruction_opcodes(groups[0].params["code"])]
    # The context ends with the call: the CPU's answer again.
    (again,) = [g for g in fusion.fuse_block(block) if isinstance(g, fusion.FusedGroup)]
    assert again.kernel is not None


def _instruction_opcodes(code: list[int]) -> list[int]:
    """The opcodes of a fused kernel's instructions (the layout in fused.cc)."""
    ndims = code[1]
    pos = 2 + ndims + 4
    pos += 1 + code[pos]  # slot types
    nloads = code[pos]
    pos += 1 + nloads * (3 + ndims)
    count = code[pos]
    return [code[pos + 1 + 6 * i] for i in range(count)]


# -- bfloat16 and float16: computed in f32, rounded after each op --------------------

HALF_FLOATS = ["bf16", "f16"]


def half_values(element_type: str, shape: tuple[int, ...], seed: int = 0,
                special: bool = True) -> np.ndarray:
    """Random values of a 16-bit float type with its edge cases (infinities,
    NaN, signed zeros, subnormals, values that overflow float16)."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(numpy_dtype(element_type))
    size = int(np.prod(shape))
    x = (rng.standard_normal(size) * 3).astype(dtype)
    if special and size:
        tiny = 1e-40 if element_type == "bf16" else 3e-7
        edges = np.array([0.0, -0.0, 0.5, -2.5, np.inf, -np.inf, np.nan, 6e4, -tiny, tiny,
                          1e4, 255.5], np.float32).astype(dtype)
        x[rng.integers(0, size, min(size, 4 * len(edges)))] = np.resize(edges,
                                                                        min(size, 4 * len(edges)))
    return x.reshape(shape)


def check_half(text: str, args, rtol: float = 0.0, fused: int | None = 1) -> None:
    """As check; results compared as f32 (NaNs of any sign alike), exactly
    unless rtol is given."""
    module = parse_module(text)
    expected = reference(module, args)
    actual, schedule = run_schedule(module, args)
    check_invariants(module.function("main").body.entry, schedule)
    if fused is not None:
        assert len(groups(schedule)) == fused, schedule
    for a, e in zip(actual, expected):
        assert a.shape == e.shape and a.dtype == e.dtype
        a32 = a.astype(np.float32) if a.dtype.itemsize == 2 else a
        e32 = e.astype(np.float32) if e.dtype.itemsize == 2 else e
        if rtol:
            np.testing.assert_allclose(a32, e32, rtol=rtol, equal_nan=True)
        else:
            np.testing.assert_array_equal(a32, e32)


@pytest.mark.parametrize("element_type", HALF_FLOATS)
def test_half_floats_exact_ops(element_type):
    # f32 has more than twice their precision plus two bits, so an f32 add,
    # multiply, divide or sqrt rounded to them is their correctly rounded op.
    shape = (3, 300)
    for op in sorted(EXACT_UNARY):
        if "f32" in EXACT_UNARY[op]:
            check_half(unary_program(f"stablehlo.{op}", shape, element_type),
                       [half_values(element_type, shape)])
    for op in sorted(EXACT_BINARY):
        if "f32" in EXACT_BINARY[op]:
            a, b = half_values(element_type, shape, 1), half_values(element_type, shape, 2)
            check_half(binary_program(f"stablehlo.{op}", shape, element_type), [a, b])


@pytest.mark.parametrize("element_type", HALF_FLOATS)
def test_half_floats_transcendental_ops(element_type):
    shape = (2, 400)
    rtol = 1e-2 if element_type == "bf16" else 1e-3  # one ulp of the narrow type
    for op in TRANSCENDENTAL_UNARY:
        check_half(unary_program(f"stablehlo.{op}", shape, element_type),
                   [half_values(element_type, shape, special=False)], rtol=rtol)


@pytest.mark.parametrize("element_type", HALF_FLOATS)
def test_half_float_converts(element_type):
    # Into the 16-bit type from f32 (and the other 16-bit type) by one rounding;
    # from f64 and integers once too, through f32 rounded to odd, as the reference.
    shape = (3, 300)
    x = half_values(element_type, shape)
    for target in ALL + [t for t in HALF_FLOATS if t != element_type]:
        check_half(unary_program("stablehlo.convert", shape, element_type, target), [x])
    for source in ALL + [t for t in HALF_FLOATS if t != element_type]:
        y = half_values(source, shape) if source in HALF_FLOATS else values(source, shape)
        if source == "f64":
            y[0, :4] = [1 + 2.0**-8 + 2.0**-30, 1 + 2.0**-11 + 2.0**-40, 65519.99, 1e300]
        check_half(unary_program("stablehlo.convert", shape, source, element_type), [y])


@pytest.mark.parametrize("element_type", HALF_FLOATS)
def test_half_float_chain_with_broadcasts_iota_compare_and_select(element_type):
    t, s = tensor((16, 300), element_type), tensor((300,), element_type)
    p = tensor((16, 300), "i1")
    text = (f"func.func @main(%a: {t}, %b: {s}) -> ({t}, {p}) {{\n"
            f"  %c = stablehlo.constant dense<0.3> : tensor<{element_type}>\n"
            f"  %cb = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<{element_type}>) -> {t}\n"
            f"  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : ({s}) -> {t}\n"
            f"  %i = stablehlo.iota dim = 1 : {t}\n"
            f"  %0 = stablehlo.multiply %a, %bb : {t}\n"
            f"  %1 = stablehlo.add %0, %i : {t}\n"
            f"  %2 = stablehlo.exponential %cb : {t}\n"
            f"  %3 = stablehlo.divide %1, %2 : {t}\n"
            f"  %4 = stablehlo.compare GT, %3, %a : ({t}, {t}) -> {p}\n"
            f"  %5 = stablehlo.select %4, %3, %cb : {p}, {t}\n"
            f"  return %5, %4 : {t}, {p}\n}}")
    check_half(text, [half_values(element_type, (16, 300), 1),
                      half_values(element_type, (300,), 2)], fused=None)


def test_16_bit_float_slots_only_load_inputs_and_convert():
    # Crafted codes: the interpreter refuses (NotImplementedError), never computes
    # in a 16-bit slot or fills one with an iota or a constant.
    bf16 = native.cpu.dtype_codes()["bfloat16"]
    f32 = native.cpu.dtype_codes()["float32"]
    i32 = native.cpu.dtype_codes()["int32"]
    neg, convert = fusion.OPCODES["neg"], fusion.OPCODES["convert"]

    def build(code, out_type="bf16"):
        return native.build_kernel(native.NativeKernel("fused", {"code": code}),
                                   [TensorType((4,), "bf16")], [TensorType((4,), out_type)])

    head = [1, 1, 4, -1, -1, -1, 0]
    load_input = [0, 0, 0, 1]
    ok = head + [3, bf16, f32, bf16, 1, *load_input, 2, convert, 0, 1, 0, -1, -1,
                 convert, 0, 2, 1, -1, -1, 1, 2]
    build(ok)  # widen and narrow: accepted
    for code, out_type in (
        (head + [1, bf16, 1, 0, 2, 0, 1, 0, 1, 0], "bf16"),  # iota into a bf16 slot
        (head + [1, bf16, 1, 0, 1, 0, 0, 0, 1, 0], "bf16"),  # constant into a bf16 slot
        (head + [2, bf16, bf16, 1, *load_input, 1, neg, 0, 1, 0, -1, -1, 1, 1], "bf16"),
        (head + [2, bf16, i32, 1, *load_input, 1, convert, 0, 1, 0, -1, -1, 1, 1], "i32"),
    ):
        with pytest.raises(NotImplementedError, match="16-bit|unsupported op"):
            build(code, out_type)


STACKED_CELL = """
func.func @main(%x: tensor<4x8xf32>, %h: tensor<4x8xf32>, %s0: tensor<3x4x8xf32>,
                %s1: tensor<3x4x8xf32>, %i: tensor<i32>)
    -> (tensor<3x4x8xf32>, tensor<3x4x8xf32>, tensor<4x8xf32>, tensor<1x4x8xf32>) {
  %a = stablehlo.logistic %x : tensor<4x8xf32>
  %ra = stablehlo.reshape %a : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %s0n = stablehlo.dynamic_update_slice %s0, %ra, %i, %z, %z
      : (tensor<3x4x8xf32>, tensor<1x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>)
      -> tensor<3x4x8xf32>
  %b = stablehlo.multiply %a, %h : tensor<4x8xf32>
  %t = stablehlo.tanh %b : tensor<4x8xf32>
  %rb = stablehlo.reshape %t : (tensor<4x8xf32>) -> tensor<1x4x8xf32>
  %s1n = stablehlo.dynamic_update_slice %s1, %rb, %i, %z, %z
      : (tensor<3x4x8xf32>, tensor<1x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>)
      -> tensor<3x4x8xf32>
  %c = stablehlo.add %t, %a : tensor<4x8xf32>
  %row = stablehlo.dynamic_slice %s1n, %i, %z, %z, sizes = [1, 4, 8]
      : (tensor<3x4x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x8xf32>
  %d = stablehlo.negate %row : tensor<1x4x8xf32>
  return %s0n, %s1n, %c, %d : tensor<3x4x8xf32>, tensor<3x4x8xf32>, tensor<4x8xf32>,
      tensor<1x4x8xf32>
}"""


def test_groups_merge_across_the_ops_reading_them_when_the_dataflow_allows():
    # A scan body's cell: each result is stacked by an update between the
    # ops computing the next (placed where one of them was, a group could
    # not hold both). With merge_unrelated the elementwise groups of one
    # domain (up to unit dimensions) become one whenever no path leaves the
    # group and comes back: the updates run after it, and %d, which reads
    # an update's result, stays apart (a group holding it would need its own
    # output first). Values read only inside (%a, %b) are not written out.
    module = parse_module(STACKED_CELL)
    block = module.function("main").body.entry
    assert len(groups(fusion.fuse_block(block))) == 4
    rng = np.random.default_rng(11)
    args = [rng.standard_normal(s).astype(np.float32)
            for s in ((4, 8), (4, 8), (3, 4, 8), (3, 4, 8))] + [np.int32(1)]
    expected = reference(module, args)
    actual, schedule = run_schedule(module, args, merge_unrelated=True)
    check_invariants(block, schedule)
    merged, negated = groups(schedule)
    assert sorted(str(v.owner.name) for v in merged.outputs) == \
        ["stablehlo.add", "stablehlo.reshape", "stablehlo.reshape"]
    assert [op.name for op in negated.ops] == ["stablehlo.negate"]
    names = [getattr(item, "name", "group") for item in schedule]
    assert names.index("group") < names.index("stablehlo.dynamic_update_slice")
    for got, want in zip(actual, expected):
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)


def test_the_dataflow_merges_only_what_keeps_it_acyclic():
    from jaxlib._src.backends.cpu.dataflow import Dataflow

    # 0 -> 1 -> 2, 0 -> 2, 3 alone, 2 -> 4
    flow = Dataflow(5, [(0, 1), (1, 2), (0, 2), (2, 4)])
    assert not flow.can_merge(0, 2)  # 0 -> 1 -> 2 would come back
    assert flow.can_merge(0, 1) and flow.can_merge(1, 2) and flow.can_merge(3, 0)
    flow.merge(0, 1)
    assert flow.find(1) == 0
    assert flow.can_merge(0, 2)  # now 0 -> 2 directly only
    assert not flow.can_merge(1, 0)  # one node already
    flow.merge(3, 4)  # 2 -> 4: 0 -> 2 -> {3, 4}
    assert not flow.can_merge(0, 3)  # through 2
    assert flow.order([0, 1, 2, 3, 4]) == [0, 2, 3]
    # the keys choose among ready nodes
    assert Dataflow(3, [(0, 2)]).order([5, 1, 9]) == [1, 0, 2]
    with pytest.raises(ValueError, match="against the node order"):
        Dataflow(2, [(1, 0)])
