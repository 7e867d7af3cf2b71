"""Compile-time hardening (issue 14): sizes beyond int64, huge splat
constants and buffers, written operand types, malformed HLO integers.

Every program here is rejected (or compiled) at compile time with a clean
XlaRuntimeError naming the place in the text, never a crash in the native
plan or a multi-gigabyte allocation.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tracemalloc

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.backends.cpu import native
from jaxlib._src.compiler import pipeline
from jaxlib._src.frontends import ParseError, parse_module
from jaxlib._src.ir.types import TensorType
from jaxlib.xla_client import XlaRuntimeError

# 2^48 f32 elements: 1 PiB, more than any machine these tests run on.
PEBI_F32 = "281474976710656xf32"


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client()


def _compile(client, text: str):
    return client.compile_and_load(text, client.devices()[:1])


def _identity(type_text: str) -> str:
    return (f"func.func @main(%a: {type_text}) -> {type_text} {{\n"
            f"  return %a : {type_text}\n}}")


# --- 1. dimensions, element counts and byte sizes beyond int64 -----------------------

TOO_LARGE_TYPES = {
    # 2^62 f32 elements: 2^64 bytes (the dimension itself fits int64).
    "bytes": ("tensor<4611686018427387904xf32>", "needs 18446744073709551616 bytes"),
    "dimension": ("tensor<99999999999999999999xf32>", "dimension 0 of"),
    "elements": ("tensor<4294967296x4294967296xi8>", "has 18446744073709551616 elements"),
}


@pytest.mark.parametrize("kind", sorted(TOO_LARGE_TYPES))
@pytest.mark.parametrize("place", ["parameter", "constant", "result"])
def test_types_beyond_int64_are_rejected_at_their_position(client, kind, place):
    type_text, reason = TOO_LARGE_TYPES[kind]
    if place == "parameter":
        text = (f"func.func @main(%a: {type_text}) -> tensor<f32> {{\n"
                "  %0 = stablehlo.constant dense<1.0> : tensor<f32>\n"
                "  return %0 : tensor<f32>\n}")
        position = "1:21"
    elif place == "constant":
        text = ("func.func @main() -> tensor<f32> {\n"
                f"  %0 = stablehlo.constant dense<1> : {type_text}\n"
                "  %1 = stablehlo.constant dense<1.0> : tensor<f32>\n"
                "  return %1 : tensor<f32>\n}")
        position = "2:38"
    else:
        text = (f"func.func @main(%a: tensor<f32>) -> {type_text} {{\n"
                f"  %0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> {type_text}\n"
                f"  return %0 : {type_text}\n}}")
        position = "1:37"
    with pytest.raises(XlaRuntimeError) as info:
        _compile(client, text)
    message = str(info.value)
    assert message.startswith(f"INVALID_ARGUMENT: cannot parse program: {position}: "
                              "type too large:"), message
    assert type_text in message and reason in message


def test_a_bounded_dynamic_dimension_beyond_int64_is_rejected():
    text = ("func.func @main(%a: tensor<?xf32, #stablehlo.type_extensions<bounds = "
            "[99999999999999999999]>>) {\n  func.return\n}")
    with pytest.raises(ParseError, match=r"^1:72: integer 99999999999999999999 does not fit"):
        parse_module(text)


INTEGER_ATTRIBUTES = {
    "keyword list": ("%0 = stablehlo.broadcast_in_dim %a, dims = [99999999999999999999] : "
                     "(tensor<4xf32>) -> tensor<4xf32>", "2:47"),
    "keyword int": ("%0 = stablehlo.iota dim = 99999999999999999999 : tensor<4xf32>", "2:29"),
    "slice": ("%0 = stablehlo.slice %a [0:1:99999999999999999999] : "
              "(tensor<4xf32>) -> tensor<1xf32>", "2:32"),
    "dense array": ('%0 = "stablehlo.transpose"(%a) <{permutation = array<i64: '
                    "99999999999999999999>}> : (tensor<4xf32>) -> tensor<4xf32>", "2:61"),
    "typed integer": ('%0 = "stablehlo.iota"() <{iota_dimension = 3000000000 : i32}> : '
                      "() -> tensor<4xf32>", "2:46"),
    "negative": ("%0 = stablehlo.iota dim = -9223372036854775809 : tensor<4xf32>", "2:30"),
}


@pytest.mark.parametrize("case", sorted(INTEGER_ATTRIBUTES))
def test_integer_attributes_must_fit_their_type(case):
    statement, position = INTEGER_ATTRIBUTES[case]
    text = f"func.func @main(%a: tensor<4xf32>) {{\n  {statement}\n  func.return\n}}"
    with pytest.raises(ParseError) as info:
        parse_module(text)
    assert str(info.value).startswith(f"{position}: integer "), str(info.value)
    assert "does not fit" in str(info.value)


DIGITS = "9" * 5000  # beyond Python's 4300-digit int() limit: a ValueError before
LONG_LITERALS = {
    "dimension": (f"func.func @main(%a: tensor<{DIGITS}xf32>) {{\n  func.return\n}}",
                  "1:28: integer literal of 5000 digits is out of range"),
    "attribute": ("func.func @main(%a: tensor<4xf32>) {\n"
                  f"  %0 = stablehlo.iota dim = {DIGITS} : tensor<4xf32>\n  func.return\n}}",
                  "2:29: integer literal of 5000 digits is out of range"),
    "dense": ("func.func @main() {\n"
              f"  %0 = stablehlo.constant dense<{DIGITS}> : tensor<i32>\n  func.return\n}}",
              "2:33: integer literal of 5000 digits is out of range"),
    "result number": ("func.func @main(%a: tensor<4xf32>) {\n"
                      f"  %0 = stablehlo.negate %a#{DIGITS} : tensor<4xf32>\n  func.return\n}}",
                      "2:25: %a has 1 results, no #999"),
    "hlo dimension": (f"HloModule m\n\nENTRY main {{\n  ROOT p0 = f32[{DIGITS}]{{0}} "
                      "parameter(0)\n}\n", "4:13: shape f32[...] is too large: a dimension "
                      "of 5000 digits"),
    "hlo parameter": (f"HloModule m\n\nENTRY main {{\n  ROOT p0 = f32[4]{{0}} "
                      f"parameter({DIGITS})\n}}\n",
                      "4:3: parameter p0: integer of 5000 digits does not fit i64"),
    "hlo literal": (f"HloModule m\n\nENTRY main {{\n  ROOT c = s32[] constant({DIGITS})\n}}\n",
                    "4:3: constant c: bad literal: integer literal of 5000 digits"),
}


@pytest.mark.parametrize("case", sorted(LONG_LITERALS))
def test_integer_literals_of_thousands_of_digits_are_parse_errors(case):
    text, message = LONG_LITERALS[case]
    with pytest.raises(XlaRuntimeError) as info:
        pipeline.compile_program(text)
    assert str(info.value).startswith(f"INVALID_ARGUMENT: cannot parse program: {message}"), \
        str(info.value)


def test_hex_bit_patterns_of_signless_integers_still_parse():
    module = parse_module('func.func @main() attributes {x = 0xFFFFFFFF : i32, '
                          'y = -1 : i64, z = 255 : ui8} {\n  func.return\n}')
    assert module.functions[0].attributes["x"] == 0xFFFFFFFF


# --- 2. splat constants stay one element; huge buffers are RESOURCE_EXHAUSTED ---------

_RSS_PROBE = textwrap.dedent("""
    import resource, sys
    from jaxlib import xla_client
    client = xla_client.make_cpu_client()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    client.compile(sys.argv[1])
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print((after - before) // 1024)  # MiB (ru_maxrss is in KiB on Linux)
""")


def test_a_huge_splat_constant_compiles_without_materializing():
    # A short text spelling a 1 GB constant: it used to make the compiler's
    # peak RSS jump from ~70 MB to ~2 GB.
    text = ("func.func @main() -> tensor<250000000xf32> {\n"
            "  %0 = stablehlo.constant dense<1.0> : tensor<250000000xf32>\n"
            "  return %0 : tensor<250000000xf32>\n}")
    run = subprocess.run([sys.executable, "-c", _RSS_PROBE, text], capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    grown_mib = int(run.stdout.split()[-1])
    assert grown_mib < 100, f"compiling grew the peak RSS by {grown_mib} MiB"


SPLATS = """
func.func @main(%x: tensor<N>, %u: tensor<4xf32>, %i: tensor<i32>)
    -> (tensor<N>, tensor<N>, tensor<N>, tensor<N>, tensor<N>) {
  %0 = stablehlo.constant dense<1.5> : tensor<N>
  %1 = stablehlo.add %x, %0 : tensor<N>
  %2 = stablehlo.constant dense<0.0> : tensor<N>
  %3 = stablehlo.dynamic_update_slice %2, %u, %i : (tensor<N>, tensor<4xf32>, tensor<i32>)
      -> tensor<N>
  %4 = stablehlo.constant dense<"0x0000803F"> : tensor<N>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %r:2 = stablehlo.while(%k = %c0, %acc = %x) : tensor<i32>, tensor<N>
   cond {
    %p = stablehlo.compare LT, %k, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %two = stablehlo.constant dense<2.0> : tensor<N>
    %m = stablehlo.multiply %acc, %two : tensor<N>
    %k1 = stablehlo.add %k, %c1 : tensor<i32>
    stablehlo.return %k1, %m : tensor<i32>, tensor<N>
  }
  return %0, %1, %3, %4, %r#1 : tensor<N>, tensor<N>, tensor<N>, tensor<N>, tensor<N>
}
""".replace("tensor<N>", "tensor<2097152xf32>")


def test_big_splat_constants_are_filled_at_run_time(client):
    n = 2097152  # 8 MiB of f32: above the size kept as a constant array
    pipeline.clear_compilation_cache()
    with native.recording_kernels():
        compiled = pipeline.compile_program(SPLATS)
    program = compiled.program
    assert program.all_native
    # The plan holds scalars, not the splats (written down for the cache).
    assert max(a.nbytes for a in program.description.constants) <= 16
    exe = _compile(client, SPLATS)
    x = np.arange(n, dtype=np.float32)
    u = np.float32([1, 2, 3, 4])
    for start in (5, 0):  # a second run sees a freshly filled buffer again
        outs = exe.execute([client.buffer_from_pyval(x), client.buffer_from_pyval(u),
                            client.buffer_from_pyval(np.int32(start))])
        values = [np.asarray(o) for o in outs]
        expected = np.zeros(n, np.float32)
        expected[start:start + 4] = u
        np.testing.assert_array_equal(values[0], np.full(n, 1.5, np.float32))
        np.testing.assert_array_equal(values[1], x + np.float32(1.5))
        np.testing.assert_array_equal(values[2], expected)
        np.testing.assert_array_equal(values[3], np.ones(n, np.float32))
        np.testing.assert_array_equal(values[4], x * np.float32(8))


def test_splat_constants_compare_and_print_by_their_element():
    module = parse_module(
        "func.func @main() -> tensor<250000000xf32> {\n"
        "  %0 = stablehlo.constant dense<1.0> : tensor<250000000xf32>\n"
        "  return %0 : tensor<250000000xf32>\n}")
    dense = module.functions[0].body.entry.operations[0].attributes["value"]
    assert dense.is_symbolic_splat and dense.is_splat
    assert dense.array.strides == (0,)
    assert float(dense.splat_value) == 1.0
    from jaxlib._src.ir import print_module

    printed = print_module(module)
    assert "dense<1.000000e+00> : tensor<250000000xf32>" in printed
    assert parse_module(printed).structurally_equals(module)
    small = parse_module("func.func @main() {\n"
                         '  %0 = stablehlo.constant dense<[2, 2, 2]> : tensor<3xi32>\n'
                         '  %1 = stablehlo.constant dense<2> : tensor<3xi32>\n'
                         "  func.return\n}").functions[0].body.entry.operations
    materialized, symbolic = (op.attributes["value"] for op in small[:2])
    assert not materialized.is_symbolic_splat and symbolic.is_symbolic_splat
    assert materialized == symbolic and hash(materialized) == hash(symbolic)


HUGE_SPLAT = """
func.func @main() -> tensor<250000000xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<250000000xf32>
  return %0 : tensor<250000000xf32>
}
"""


def _traced_peak(fn) -> int:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_reference_kernels_build_big_splats_only_when_run():
    # The Python step loop (tokens, tuples, quantized types) compiles its
    # kernels ahead: the constant's must not hold the 1 GB value.
    from jaxlib._src.backends.cpu.lowering import ModuleLowering

    module = parse_module(HUGE_SPLAT)
    peak = _traced_peak(lambda: ModuleLowering(module).function("main"))
    assert peak < 10 << 20, peak


def test_quantized_splat_constants_dequantize_as_one_element():
    from jaxlib._src.ops.quantization import _float_attributes

    module = parse_module(
        "func.func @main() {\n"
        "  %0 = stablehlo.constant() <{value = dense<3> : tensor<250000000xi8>}> : () -> "
        "tensor<250000000x!quant.uniform<i8:f32, 0.5:1>>\n  func.return\n}")
    op = module.functions[0].body.entry.operations[0]
    value = None

    def dequantize() -> None:
        nonlocal value
        value = _float_attributes(op)["value"]

    assert _traced_peak(dequantize) < 10 << 20
    assert str(value.type) == "tensor<250000000xf32>" and value.is_symbolic_splat
    assert float(value.splat_value) == 1.0  # (3 - 1) * 0.5


HUGE = {
    "splat constant": (f"%0 = stablehlo.constant dense<1.0> : tensor<{PEBI_F32}>", "2:3"),
    "iota": (f"%0 = stablehlo.iota dim = 0 : tensor<{PEBI_F32}>", "2:3"),
    "broadcast": (f"%0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> "
                  f"tensor<{PEBI_F32}>", "2:3"),
}


@pytest.mark.parametrize("case", sorted(HUGE))
def test_buffers_beyond_the_machine_memory_are_resource_exhausted(client, case):
    statement, position = HUGE[case]
    text = (f"func.func @main(%a: tensor<f32>) -> tensor<{PEBI_F32}> {{\n"
            f"  {statement}\n  return %0 : tensor<{PEBI_F32}>\n}}")
    with pytest.raises(XlaRuntimeError) as info:
        _compile(client, text)
    message = str(info.value)
    assert message.startswith(f"RESOURCE_EXHAUSTED: a buffer of type tensor<{PEBI_F32}> at "
                              f"{position} needs 1125899906842624 bytes"), message


def test_a_parameter_beyond_the_machine_memory_is_resource_exhausted(client):
    # 2^62 bytes fit int64 (the type is legal) but no machine.
    with pytest.raises(XlaRuntimeError, match=r"^RESOURCE_EXHAUSTED: a buffer of type "
                                              r"tensor<4611686018427387904xi8> at 1:1"):
        _compile(client, _identity("tensor<4611686018427387904xi8>"))


def test_the_issue_sizes_against_a_smaller_machine(client, monkeypatch):
    # The issue's 400 GB splat (a MemoryError before): judged against 16 GiB.
    monkeypatch.setattr(pipeline, "machine_memory_bytes", lambda: 16 << 30)
    text = ("func.func @main() -> tensor<100000000000xf32> {\n"
            "  %0 = stablehlo.constant dense<1.0> : tensor<100000000000xf32>\n"
            "  return %0 : tensor<100000000000xf32>\n}")
    with pytest.raises(XlaRuntimeError, match=r"^RESOURCE_EXHAUSTED: a buffer of type "
                                              r"tensor<100000000000xf32> at 2:3 needs "
                                              r"400000000000 bytes, more than the 17179869184"):
        pipeline.compile_program(text)


def test_the_peak_of_live_buffers_counts_too(monkeypatch):
    # Three live 4 MiB values: each fits a 10 MiB machine, together they do not.
    monkeypatch.setattr(pipeline, "machine_memory_bytes", lambda: 10 << 20)
    pipeline.clear_compilation_cache()
    t = "tensor<1048576xf32>"
    text = (f"func.func @main(%a: {t}) -> ({t}, {t}) {{\n"
            f"  %0 = stablehlo.negate %a : {t}\n"
            f"  %1 = stablehlo.exponential %a : {t}\n"
            f"  return %0, %1 : {t}, {t}\n}}")
    with pytest.raises(XlaRuntimeError, match=r"^RESOURCE_EXHAUSTED: @main needs 12582912 "
                                              r"bytes of live buffers at its peak"):
        pipeline.compile_program(text)
    monkeypatch.setattr(pipeline, "machine_memory_bytes", lambda: 12 << 20)
    pipeline.compile_program(text)  # exactly fits


def test_machine_memory_is_the_physical_memory_or_less():
    import os

    physical = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    assert 0 < pipeline.machine_memory_bytes() <= physical


POLYMORPHIC_BROADCAST = """
func.func @main(%n: tensor<i64>, %x: tensor<?xf32>) -> tensor<f32> {
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<25000000xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%b init: %z) applies stablehlo.add across dimensions = [0]
      : (tensor<25000000xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
"""


def test_shape_refinement_does_not_fold_big_broadcasts():
    pipeline.clear_compilation_cache()
    compiled = pipeline.compile_program(POLYMORPHIC_BROADCAST)
    assert compiled.polymorphic
    tracemalloc.start()
    try:
        compiled.specialize([TensorType((), "i64"), TensorType((3,), "f32")], {0: 3})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 << 20, f"refinement allocated {peak} bytes (the broadcast is 100 MB)"


# --- 3. written operand types must be the operands' types -----------------------------

HEADER = ("func.func @main(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, "
          "%t: !stablehlo.token) {\n")

WRONG_TYPES = {
    "select pred": ("%r = stablehlo.select %p, %a, %b : tensor<3xi1>, tensor<4xf32>",
                    "2:25: operand #0 has type tensor<4xi1> but the op's type says "
                    "tensor<3xi1>"),
    "select value": ("%r = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf64>",
                     "2:25: operand #1 has type tensor<4xf32> but the op's type says "
                     "tensor<4xf64>"),
    "elementwise": ("%r = stablehlo.add %a, %b : tensor<3xf32>",
                    "2:22: operand #0 has type tensor<4xf32> but the op's type says "
                    "tensor<3xf32>"),
    "unary": ("%r = stablehlo.negate %p : tensor<4xf32>",
              "2:25: operand #0 has type tensor<4xi1>"),
    "clamp": ("%r = stablehlo.clamp %a, %b, %p : tensor<4xf32>",
              "2:24: operand #2 has type tensor<4xi1>"),
    "complex": ("%r = stablehlo.complex %a, %b : tensor<4xcomplex<f64>>",
                "2:26: operand #0 has type tensor<4xf32> but the op's type says "
                "tensor<4xf64>"),
    "tuple": ("%r = stablehlo.tuple %a, %b : tuple<tensor<4xf32>, tensor<4xi1>>",
              "2:24: operand #1 has type tensor<4xf32> but the op's type says tensor<4xi1>"),
    "optimization_barrier": ("%r:2 = stablehlo.optimization_barrier %a, %p : "
                             "tensor<4xf32>, tensor<4xf32>",
                             "2:41: operand #1 has type tensor<4xi1>"),
    "after_all": ("%r = stablehlo.after_all %t, %a : !stablehlo.token",
                  "2:28: operand #1 has type tensor<4xf32>"),
    "return count": ("func.return %a, %b : tensor<4xf32>",
                     "2:15: 2 operands but the type lists 1"),
    "check": ("check.expect_eq %a, %p : tensor<4xf32>", "2:19: operand #1 has type "
              "tensor<4xi1>"),
    "function type": ("%r = stablehlo.add %a, %b : (tensor<4xf32>, tensor<4xf64>) -> "
                      "tensor<4xf32>", "2:22: operand #1 has type tensor<4xf32>"),
}


@pytest.mark.parametrize("case", sorted(WRONG_TYPES))
def test_written_operand_types_must_match_the_operands(case):
    statement, message = WRONG_TYPES[case]
    tail = "" if statement.startswith("func.return") else "  func.return\n"
    with pytest.raises(ParseError) as info:
        parse_module(f"{HEADER}  {statement}\n{tail}}}")
    assert str(info.value).startswith(message), str(info.value)


def test_the_select_of_the_issue_no_longer_compiles(client):
    text = ("func.func @main(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>) "
            "-> tensor<4xf32> {\n"
            "  %r = stablehlo.select %p, %a, %b : tensor<3xi1>, tensor<4xf32>\n"
            "  return %r : tensor<4xf32>\n}")
    with pytest.raises(XlaRuntimeError, match=r"^INVALID_ARGUMENT: cannot parse program: "
                                              r"2:25: operand #0 has type tensor<4xi1> but the "
                                              r"op's type says tensor<3xi1>"):
        _compile(client, text)


def test_well_typed_short_forms_still_parse():
    text = HEADER + textwrap.indent(textwrap.dedent("""\
        %0 = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
        %1 = stablehlo.complex %a, %b : tensor<4xcomplex<f32>>
        %2 = stablehlo.real %1 : tensor<4xcomplex<f32>>
        %3 = stablehlo.tuple %a, %p : tuple<tensor<4xf32>, tensor<4xi1>>
        %4:2 = stablehlo.optimization_barrier %a, %p : tensor<4xf32>, tensor<4xi1>
        %5 = stablehlo.after_all %t, %t : !stablehlo.token
        %6 = stablehlo.clamp %a, %b, %a : tensor<4xf32>
        check.expect_eq %a, %b : tensor<4xf32>
        check.expect_close %a, %b, max_ulp_difference = 3 : tensor<4xf32>, tensor<4xf32>
        func.return
        """), "  ") + "}"
    ops = parse_module(text).functions[0].body.entry.operations
    assert [str(t) for t in ops[2].result_types] == ["tensor<4xf32>"]
    assert str(ops[1].result_types[0]) == "tensor<4xcomplex<f32>>"


# --- 4. HLO text: shapes and integer attributes ---------------------------------------


def _hlo(root: str, params: str = "p0 = f32[4]{0} parameter(0)") -> str:
    return f"HloModule m\n\nENTRY main {{\n  {params}\n  ROOT r = {root}\n}}\n"


SCALAR = "p0 = f32[] parameter(0)"
BIG = "99999999999999999999"
HLO_CASES = {
    "dim 2^62": (_hlo("f32[4611686018427387904]{0} broadcast(p0), dimensions={}", SCALAR),
                 "5:12: shape f32[4611686018427387904]{0} is too large"),
    "dim beyond int64": (_hlo(f"f32[{BIG}]{{0}} broadcast(p0), dimensions={{}}", SCALAR),
                         f"5:12: shape f32[{BIG}]{{0}} is too large"),
    "negative dim": (_hlo("f32[4]{0} add(p0, p0)", "p0 = f32[-4]{0} parameter(0)"),
                     "4:8: bad dimension '-4'"),
    "bad dim": (_hlo("f32[4]{0} add(p0, p0)", "p0 = f32[x]{0} parameter(0)"),
                "4:8: bad dimension 'x'"),
    "tuple element": (_hlo("f32[4]{0} get-tuple-element(p0), index=0",
                           "p0 = (f32[4]{0}, f32[x]) parameter(0)"),
                      "4:20: bad dimension 'x' in shape f32[x]"),
    "bound": (_hlo("f32[4]{0} add(p0, p0)", f"p0 = f32[<={BIG}]{{0}} parameter(0)"),
              f"4:8: shape f32[<={BIG}]{{0}} is too large"),
    "parameter number": (_hlo("f32[4]{0} add(p0, p0)", f"p0 = f32[4]{{0}} parameter({BIG})"),
                         f"4:3: parameter p0: integer {BIG} does not fit i64"),
    "parameter text": (_hlo("f32[4]{0} add(p0, p0)", "p0 = f32[4]{0} parameter(x)"),
                       "4:3: parameter p0: expected an integer, got 'x'"),
    "dimensions": (_hlo(f"f32[4]{{0}} broadcast(p0), dimensions={{{BIG}}}"),
                   f"5:3: broadcast r: integer {BIG} does not fit i64"),
    "dimensions text": (_hlo("f32[4]{0} broadcast(p0), dimensions={a}"),
                        "5:3: broadcast r: expected an integer, got 'a'"),
    "slice": (_hlo(f"f32[1]{{0}} slice(p0), slice={{[0:1:{BIG}]}}"),
              f"5:3: slice r: integer {BIG} does not fit i64"),
    "iota": (_hlo(f"f32[4]{{0}} iota(), iota_dimension={BIG}"),
             f"5:3: iota r: integer {BIG} does not fit i64"),
    "pad": (_hlo("f32[6]{0} pad(p0, z), padding=1_x", "p0 = f32[4]{0} parameter(0)\n"
                 "  z = f32[] constant(0)"), "6:3: pad r: expected an integer, got ''"),
    "window": (_hlo(f"f32[4]{{0}} reduce-window(p0, z), window={{size={BIG}}}, to_apply=add",
                    "p0 = f32[4]{0} parameter(0)\n  z = f32[] constant(0)"),
               f"6:3: reduce-window r: integer {BIG} does not fit i64"),
    "i32 attribute": (_hlo(f"f32[4]{{0}} reduce-precision(p0), exponent_bits={BIG}, "
                           "mantissa_bits=2"),
                      f"5:3: reduce-precision r: integer {BIG} does not fit i32"),
    "empty dimensions": (_hlo("f32[8]{0} concatenate(p0, p0), dimensions={}"),
                         "5:3: concatenate r: dimensions= needs a dimension"),
    "replica_count": (f"HloModule m, replica_count={BIG}\n\nENTRY main {{\n"
                      "  ROOT p0 = f32[4]{0} parameter(0)\n}\n",
                      f"1:12: replica_count: integer {BIG} does not fit i32"),
    "num_partitions": ("HloModule m, num_partitions=0\n\nENTRY main {\n"
                       "  ROOT p0 = f32[4]{0} parameter(0)\n}\n",
                       "1:12: num_partitions must be positive"),
}


@pytest.mark.parametrize("case", sorted(HLO_CASES))
def test_hlo_shapes_and_integers_are_checked_at_their_instruction(case):
    text, message = HLO_CASES[case]
    with pytest.raises(XlaRuntimeError) as info:
        pipeline.compile_program(text)
    assert str(info.value).startswith(f"INVALID_ARGUMENT: cannot parse program: {message}"), \
        str(info.value)


def test_hlo_ops_carry_their_instruction_position_into_verifier_errors():
    with pytest.raises(XlaRuntimeError, match=r"^INVALID_ARGUMENT: program does not verify: "
                                              r"stablehlo.iota at 5:3: iota_dimension 3"):
        pipeline.compile_program(_hlo("f32[4]{0} iota(), iota_dimension=3"))


def test_huge_hlo_buffers_are_resource_exhausted():
    text = _hlo("f32[281474976710656]{0} broadcast(z), dimensions={}", "z = f32[] constant(1)")
    with pytest.raises(XlaRuntimeError, match=r"^RESOURCE_EXHAUSTED: a buffer of type "
                                              rf"tensor<{PEBI_F32}> at 5:3"):
        pipeline.compile_program(text)


# -- found by the program fuzzer (tests/fuzz) ------------------------------------------


@pytest.mark.parametrize("value", ["i32", "0 : i32", "-1 : i32", "99999999 : i32", '"4"'])
def test_replica_and_partition_counts_are_checked(client, value):
    text = (f"module @m attributes {{mhlo.num_partitions = {value}}} {{\n"
            "  func.func @main() -> () { return }\n}")
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: module attribute "
                                              "mhlo.num_partitions"):
        client.compile_and_load(text, client.devices()[:1])


@pytest.mark.parametrize("opener", ["tensor<", "[", "(", "{"])
def test_deep_nesting_is_a_parse_error(client, opener):
    text = ("func.func @main() -> () {\n  %0 = stablehlo.constant dense<"
            + opener * 20000 + "> : tensor<f32>\n  return\n}")
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT"):
        client.compile_and_load(text, client.devices()[:1])


def test_deeply_nested_hlo_text_is_a_parse_error(client):
    text = "HloModule m\nENTRY e { p = " + "(" * 5000 + "f32[] parameter(0) }"
    with pytest.raises(XlaRuntimeError, match="2:.*nesting too deep"):
        client.compile_and_load(text, client.devices()[:1])


def test_gather_with_too_few_offset_dims_is_invalid_argument(client):
    text = """
func.func @main(%x: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<
      offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0],
      index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}
      : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}"""
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT.*stablehlo.gather"):
        client.compile_and_load(text, client.devices()[:1])


def test_a_mesh_too_large_to_enumerate_is_invalid_argument(client):
    text = """
module @m attributes {mhlo.num_partitions = 1 : i32} {
  sdy.mesh @mesh = <["x"=99999999999, "y"=99999999999]>
  func.func @main(%x: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
      -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}"""
    with pytest.raises(XlaRuntimeError, match="mesh of"):
        client.compile_and_load(text, client.devices()[:1])
