"""Every LAPACK target's contract is checked when a program compiles.

Each test takes, for every target jaxlib-linalg ships, the first call of it in the
corpus (lowered by the reference JAX: the ground truth of the target's operand and
result types, layouts and attributes), checks that call compiles and runs, then
compiles mutations of it — each result's and operand's shape and element type, the
operand and result counts, each attribute, each layout, the batch-dimension count —
and expects an XlaRuntimeError that names the target and the op's location. A call
whose declared results are smaller than what its routine writes must never reach
the kernel (issue 14: a 1-element pivot buffer for a 64x64 getrf).
"""

from __future__ import annotations

import dataclasses
import functools
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from jaxlib import lapack, xla_client
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.ir.types import numpy_dtype
from jaxlib._src.ops.custom_call_registry import register_custom_call_contract

PROGRAMS_DIR = Path(__file__).parent / "corpus" / "programs"
TARGETS = sorted(name for name, _, _ in lapack.registrations()["cpu"])

REPRODUCER = """func.func @main(%arg0: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {api_version = 4 : i32} : (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<1xi32>, tensor<i32>)
  return %0#0 : tensor<64x64xf32>
}
"""  # noqa: E501 (the issue's program, verbatim)

_OTHER_TYPE = {"f32": "f64", "f64": "f32", "complex<f32>": "complex<f64>",
               "complex<f64>": "complex<f32>", "i32": "i64"}


# -- calls taken from the corpus, and the programs made of them ---------------------------


@dataclasses.dataclass(frozen=True)
class Call:
    """One custom call: types as (shape, element type), attributes as MLIR text."""

    target: str
    operands: tuple[tuple[tuple[int, ...], str], ...]
    results: tuple[tuple[tuple[int, ...], str], ...]
    config: tuple[tuple[str, str], ...]  # mhlo.backend_config entries: (key, value text)
    frontend: str | None  # mhlo.frontend_attributes, inside the braces
    operand_layouts: tuple[tuple[int, ...], ...] | None
    result_layouts: tuple[tuple[int, ...], ...] | None
    aliases: str | None  # output_operand_aliases, inside the brackets


def _split_types(text: str) -> list[str]:
    types, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"<": 1, ">": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            types.append(text[start:i].strip())
            start = i + 1
    types.append(text[start:].strip())
    return [t for t in types if t]


def _parse_type(text: str) -> tuple[tuple[int, ...], str]:
    match = re.fullmatch(r"tensor<((?:\d+x)*)(.+)>", text)
    assert match, text
    return tuple(int(d) for d in match.group(1).split("x") if d), match.group(2)


def _parse_layouts(text: str | None) -> tuple[tuple[int, ...], ...] | None:
    if text is None:
        return None
    return tuple(tuple(int(d) for d in re.findall(r"\d+", body))
                 for body in re.findall(r"dense<([^>]*)>", text))


def _parse_call(line: str) -> Call:
    target = re.search(r"stablehlo\.custom_call @(\w+)\(", line).group(1)
    attrs, signature = line.rsplit("} : (", 1)
    operands, results = signature.split(") -> ", 1)
    results = results.strip()
    if results.startswith("("):
        results = results[1:-1]

    def find(pattern: str) -> str | None:
        match = re.search(pattern, attrs)
        return match.group(1) if match else None

    config = find(r"mhlo\.backend_config = \{([^}]*)\}") or ""
    return Call(
        target=target,
        operands=tuple(_parse_type(t) for t in _split_types(operands)),
        results=tuple(_parse_type(t) for t in _split_types(results)),
        config=tuple(tuple(entry.split(" = ", 1)) for entry in config.split(", ") if entry),
        frontend=find(r"mhlo\.frontend_attributes = \{([^}]*)\}"),
        operand_layouts=_parse_layouts(find(r"operand_layouts = (\[(?:dense<[^>]*> : "
                                            r"tensor<\d+xindex>(?:, )?)*\])")),
        result_layouts=_parse_layouts(find(r"result_layouts = (\[(?:dense<[^>]*> : "
                                           r"tensor<\d+xindex>(?:, )?)*\])")),
        aliases=find(r"output_operand_aliases = \[((?:#stablehlo\.output_operand_alias<"
                     r"[^>]*>(?:, )?)*)\]"),
    )


@functools.cache
def corpus_call(target: str) -> Call:
    for path in sorted(PROGRAMS_DIR.glob("*.mlir")):
        for line in path.read_text().splitlines():
            if f"stablehlo.custom_call @{target}(" in line:
                return _parse_call(line)
    raise AssertionError(f"no corpus program calls {target}")


def _type(t: tuple[tuple[int, ...], str]) -> str:
    shape, element_type = t
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element_type}>"


def _layouts(layouts: tuple[tuple[int, ...], ...]) -> str:
    return "[" + ", ".join(f"dense<[{', '.join(map(str, layout))}]> : tensor<{len(layout)}xindex>"
                           if layout else "dense<> : tensor<0xindex>"
                           for layout in layouts) + "]"


def program(call: Call) -> str:
    attrs = [f"mhlo.backend_config = {{{', '.join(f'{k} = {v}' for k, v in call.config)}}}"]
    if call.frontend is not None:
        attrs.append(f"mhlo.frontend_attributes = {{{call.frontend}}}")
    if call.operand_layouts is not None:
        attrs.append(f"operand_layouts = {_layouts(call.operand_layouts)}")
    if call.result_layouts is not None:
        attrs.append(f"result_layouts = {_layouts(call.result_layouts)}")
    if call.aliases is not None:
        attrs.append(f"output_operand_aliases = [{call.aliases}]")
    args = [f"%a{i}" for i in range(len(call.operands))]
    operand_types = ", ".join(_type(t) for t in call.operands)
    result_types = ", ".join(_type(t) for t in call.results)
    count = len(call.results)
    value = "" if not count else "%r = " if count == 1 else f"%r:{count} = "
    returned = "%r" if count == 1 else ", ".join(f"%r#{i}" for i in range(count))
    return (
        f"func.func @main({', '.join(f'{a}: {_type(t)}' for a, t in zip(args, call.operands))})"
        f" -> ({result_types}) {{\n"
        f"  {value}stablehlo.custom_call @{call.target}({', '.join(args)}) "
        f"{{{', '.join(attrs)}}} : ({operand_types}) -> ({result_types})\n"
        f"  return {returned}{' : ' if count else ''}{result_types}\n}}\n")


@functools.cache
def _client():
    return xla_client.make_cpu_client()


def compile_call(call: Call | str):
    client = _client()
    text = call if isinstance(call, str) else program(call)
    return client.compile_and_load(text, client.devices()[:1])


def expect_rejected(call: Call, *patterns: str, status: str = "INVALID_ARGUMENT") -> str:
    with pytest.raises(XlaRuntimeError) as caught:
        compile_call(call)
    message = str(caught.value)
    assert message.startswith(status), message
    assert f"custom call '{call.target}'" in message, message
    assert re.search(r" at \d+:\d+: ", message), message  # the op's line:column
    for pattern in patterns:
        assert re.search(pattern, message), (pattern, message)
    return message


def _unaliased(call: Call) -> Call:
    """The call without aliases (which the verifier checks before the contract)."""
    return dataclasses.replace(call, aliases=None)


def _untyped(call: Call) -> Call:
    """The call without layouts and aliases (which a count change would contradict)."""
    return dataclasses.replace(call, operand_layouts=None, result_layouts=None, aliases=None)


def _replace(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def _inputs(call: Call) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    arrays = []
    for shape, element_type in call.operands:
        if element_type == "i32":
            arrays.append(np.zeros(shape, np.int32))
            continue
        dtype = numpy_dtype(element_type)
        arrays.append((rng.standard_normal(shape) + 4 * (shape[-1:] == shape[-2:-1])
                       ).astype(dtype))
    return arrays


# -- the reproducer ---------------------------------------------------------------------------


def test_issue_14_reproducer_is_a_compile_error():
    with pytest.raises(XlaRuntimeError) as caught:
        compile_call(REPRODUCER)
    message = str(caught.value)
    assert message.startswith("INVALID_ARGUMENT"), message
    assert "custom call 'lapack_sgetrf_ffi'" in message and " at 2:" in message, message
    assert "result 1 (ipiv[min(m,n)]) must be i32[64], got i32[1]" in message, message


_RUN_REPRODUCER = f"""
import numpy as np
from jaxlib import xla_client
client = xla_client.make_cpu_client()
try:
    exe = client.compile_and_load({REPRODUCER!r}, client.devices()[:1])
    x = client.buffer_from_pyval(np.eye(64, dtype=np.float32), client.devices()[0])
    print("RAN", np.asarray(exe.execute([x])[0]).sum())  # fetching waits for the run
except Exception as err:
    print("REJECTED", type(err).__name__, err)
"""


def test_issue_14_reproducer_does_not_crash_the_process():
    # Before the contracts this compiled, ran and overflowed the pivot buffer (SIGSEGV):
    # run it the way a user would, in a process of its own.
    done = subprocess.run([sys.executable, "-c", _RUN_REPRODUCER], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert done.stdout.startswith("REJECTED XlaRuntimeError INVALID_ARGUMENT"), done.stdout
    assert "must be i32[64], got i32[1]" in done.stdout


_RUN_WITHOUT_CONTRACT = f"""
import numpy as np
from jaxlib import lapack, xla_client
from jaxlib._src.ops.custom_call_registry import register_custom_call_contract
register_custom_call_contract("lapack_sgetrf_ffi", lambda signature: None)  # a broken checker
client = xla_client.make_cpu_client()
exe = client.compile_and_load({REPRODUCER!r}, client.devices()[:1])
x = client.buffer_from_pyval(np.eye(64, dtype=np.float32), client.devices()[0])
try:
    print("RAN", np.asarray(exe.execute([x])[0]).sum())  # fetching waits for the run
except Exception as err:
    print("REJECTED", type(err).__name__, err)
"""


def test_a_contract_that_lets_a_bad_call_through_still_cannot_overflow():
    # The handler checks the buffers against what the C++ kernel indexes.
    done = subprocess.run([sys.executable, "-c", _RUN_WITHOUT_CONTRACT], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert done.stdout.startswith("REJECTED XlaRuntimeError"), done.stdout
    assert "getrf: ipiv has 1 elements; the kernel needs 64" in done.stdout


# -- every target, every mutation -------------------------------------------------------------


def test_every_target_has_a_contract_and_a_corpus_call():
    assert len(TARGETS) == 61
    for target in TARGETS:
        assert corpus_call(target).target == target


@pytest.mark.parametrize("target", TARGETS)
def test_corpus_call_compiles_and_runs(target):
    call = corpus_call(target)
    exe = compile_call(call)
    client = _client()
    args = [client.buffer_from_pyval(x, client.devices()[0]) for x in _inputs(call)]
    outputs = [np.asarray(out) for out in exe.execute(args)]
    assert [(o.shape, str(o.dtype)) for o in outputs] == [
        (shape, str(numpy_dtype(t))) for shape, t in call.results]
    # The same call with neither layouts nor aliases (e.g. written by hand) is as valid.
    compile_call(_untyped(call))


@pytest.mark.parametrize("target", TARGETS)
def test_each_result_shape_is_checked(target):
    call = _unaliased(corpus_call(target))
    for i, (shape, element_type) in enumerate(call.results):
        for d in range(len(shape)):
            for size in {shape[d] + 1, max(shape[d] - 1, 0)} - {shape[d]}:
                wrong = _replace(call.results, i, (_replace(shape, d, size), element_type))
                expect_rejected(dataclasses.replace(call, results=wrong),
                                rf"result {i} \(.*\) must be ")
        # a result of another rank (no layouts: they would contradict it first)
        wrong = _replace(call.results, i, ((*shape, 1), element_type))
        expect_rejected(dataclasses.replace(_untyped(call), results=wrong), rf"result {i} ")


@pytest.mark.parametrize("target", TARGETS)
def test_each_result_element_type_is_checked(target):
    call = _unaliased(corpus_call(target))
    for i, (shape, element_type) in enumerate(call.results):
        wrong = _replace(call.results, i, (shape, _OTHER_TYPE[element_type]))
        message = expect_rejected(dataclasses.replace(call, results=wrong),
                                  rf"result {i} \(.*\) must be {re.escape(element_type)}\[")
        assert f"got {_OTHER_TYPE[element_type]}[" in message


# A dim the contract leaves free: ormqr's a may hold more columns than tau has reflectors.
_FREE_OPERAND_DIMS = {("ormqr", 0, -1), ("unmqr", 0, -1)}


@pytest.mark.parametrize("target", TARGETS)
def test_each_operand_shape_is_checked(target):
    call = _unaliased(corpus_call(target))
    routine = re.sub(r"^lapack_[sdcz]|_ffi$", "", target)
    for i, (shape, element_type) in enumerate(call.operands):
        for d in range(len(shape)):
            if (routine, i, d - len(shape)) in _FREE_OPERAND_DIMS:
                continue
            wrong = _replace(call.operands, i, (_replace(shape, d, shape[d] + 100), element_type))
            expect_rejected(dataclasses.replace(call, operands=wrong))
        wrong = _replace(call.operands, i, ((1, *shape), element_type))
        expect_rejected(dataclasses.replace(_untyped(call), operands=wrong))


@pytest.mark.parametrize("target", TARGETS)
def test_each_operand_element_type_is_checked(target):
    call = _unaliased(corpus_call(target))
    for i, (shape, element_type) in enumerate(call.operands):
        wrong = _replace(call.operands, i, (shape, _OTHER_TYPE[element_type]))
        expect_rejected(dataclasses.replace(call, operands=wrong))


@pytest.mark.parametrize("target", TARGETS)
def test_operand_and_result_counts_are_checked(target):
    call = _untyped(corpus_call(target))
    scalar = ((), "i32")
    expect_rejected(dataclasses.replace(call, operands=call.operands[:-1]),
                    rf"takes {len(call.operands)} operand\(s\)")
    expect_rejected(dataclasses.replace(call, operands=call.operands + (scalar,)),
                    rf"takes {len(call.operands)} operand\(s\)")
    expect_rejected(dataclasses.replace(call, results=call.results[:-1]),
                    rf"takes {len(call.results)} result\(s\)")
    expect_rejected(dataclasses.replace(call, results=call.results + (scalar,)),
                    rf"takes {len(call.results)} result\(s\)")


def _bad_values(value: str) -> list[str]:
    """Values of another type, and values outside the contract, for an attribute."""
    if value.endswith(": ui8"):  # a LAPACK letter
        return [value.replace("ui8", "i32"), "88 : ui8", "true"]
    if value in ("true", "false"):
        return ["1 : ui8", "1 : i32"]
    assert value.endswith(": i32"), value
    return [value.replace("i32", "i64"), "0 : i32", "99 : i32"]


@pytest.mark.parametrize("target", TARGETS)
def test_attributes_are_checked(target):
    call = corpus_call(target)
    for i, (key, value) in enumerate(call.config):
        missing = call.config[:i] + call.config[i + 1:]
        expect_rejected(dataclasses.replace(call, config=missing), f"missing attribute '{key}'")
        for bad in _bad_values(value):
            expect_rejected(dataclasses.replace(call, config=_replace(call.config, i, (key, bad))),
                            f"attributes? .*'{key}'")
    extra = call.config + (("bogus", "1 : i32"),)
    expect_rejected(dataclasses.replace(call, config=extra), "unexpected attribute 'bogus'")


@pytest.mark.parametrize("target", TARGETS)
def test_layouts_are_checked(target):
    call = corpus_call(target)
    assert call.operand_layouts is not None and call.result_layouts is not None
    checked = 0
    for field in ("operand_layouts", "result_layouts"):
        layouts = getattr(call, field)
        for i, layout in enumerate(layouts):
            if len(layout) < 2:
                continue  # a vector or scalar has one layout only
            other = tuple(reversed(range(len(layout))))  # row-major
            if other == layout:
                other = (len(layout) - 2, len(layout) - 1, *other[2:])  # column-major
            expect_rejected(dataclasses.replace(call, **{field: _replace(layouts, i, other)}),
                            r"must have layout \[")
            checked += 1
    assert checked  # every LAPACK call has a matrix


@pytest.mark.parametrize("target", TARGETS)
def test_batch_dimension_count_is_checked(target):
    call = corpus_call(target)
    assert call.frontend is not None and "num_batch_dims" in call.frontend
    wrong = re.sub(r'num_batch_dims = "(\d+)"', lambda m: f'num_batch_dims = "{int(m[1]) + 1}"',
                   call.frontend)
    expect_rejected(dataclasses.replace(call, frontend=wrong), "num_batch_dims")


def test_a_legacy_calling_convention_is_rejected():
    call = corpus_call("lapack_sgetrf_ffi")
    text = program(call).replace("mhlo.backend_config = {}", 'api_version = 2 : i32, '
                                 'backend_config = ""')
    with pytest.raises(XlaRuntimeError, match=r"lapack_sgetrf_ffi.*typed FFI"):
        compile_call(text)


def test_unsupported_but_valid_attribute_values_are_unimplemented():
    call = corpus_call("lapack_dgees_ffi")
    config = tuple((k, "83 : ui8" if k == "sort" else v) for k, v in call.config)
    expect_rejected(dataclasses.replace(call, config=config), "sort='S'", status="UNIMPLEMENTED")


def test_svd_without_vectors_accepts_the_reference_full_and_economy_shapes():
    # compute_uv=False sends mode 'N' with u, vt sized as for full_matrices (True or False).
    call = corpus_call("lapack_sgesdd_ffi")
    (m, n), element_type = call.operands[0][0][-2:], call.operands[0][1]
    k = min(m, n)
    config = (("mode", "78 : ui8"),)
    for u, vt in (((m, m), (n, n)), ((m, k), (k, n))):
        results = _replace(_replace(call.results, 2, (u, element_type)), 3, (vt, element_type))
        compile_call(dataclasses.replace(_untyped(call), config=config, results=results))
    results = _replace(call.results, 2, ((m, m + 1), element_type))
    expect_rejected(dataclasses.replace(_untyped(call), config=config, results=results),
                    "full .* or economy")


# -- shape-polymorphic programs are checked once specialized -----------------------------------

_POLYMORPHIC = """func.func public @main(%x: tensor<?x4x4xf32>)
    -> (tensor<2x4x4xf32>, tensor<2x{p}xi32>) {{
  %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%x) {{mhlo.backend_config = {{}}}}
      : (tensor<?x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<2x{p}xi32>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<2x4x4xf32>, tensor<2x{p}xi32>
}}
"""


def test_a_specialized_shape_polymorphic_program_is_checked_again():
    client = _client()
    device = client.devices()[0]
    a = np.stack([np.eye(4, dtype=np.float32) * 2] * 2)
    good = client.compile_and_load(_POLYMORPHIC.format(p=4), client.devices()[:1])
    lu, pivots = (np.asarray(o) for o in good.execute([client.buffer_from_pyval(a, device)]))
    np.testing.assert_array_equal(lu, a)
    np.testing.assert_array_equal(pivots, [[1, 2, 3, 4]] * 2)
    # Refined for a batch of 3, the declared batch of 2 no longer fits the operand.
    with pytest.raises(XlaRuntimeError, match=r"lapack_sgetrf_ffi.*result 0 .*must be "
                                              r"f32\[3,4,4\], got f32\[2,4,4\]"):
        good.execute([client.buffer_from_pyval(np.zeros((3, 4, 4), np.float32), device)])
    # A pivot buffer too small for the refined operand is caught before anything runs.
    bad = client.compile_and_load(_POLYMORPHIC.format(p=1), client.devices()[:1])
    with pytest.raises(XlaRuntimeError, match=r"INVALID_ARGUMENT.*lapack_sgetrf_ffi.*"
                                              r"result 1 .*must be i32\[2,4\], got i32\[2,1\]"):
        bad.execute([client.buffer_from_pyval(a, device)])


# -- the handlers' own guards ----------------------------------------------------------------


def _handler(name: str):
    return dict((n, f) for n, f, _ in lapack.registrations()["cpu"])[name]


@pytest.mark.parametrize("name, operands, results, attributes, message", [
    ("lapack_sgetrf_ffi", [np.eye(8, dtype=np.float32)],
     [np.zeros((8, 8), np.float32), np.zeros(1, np.int32), np.zeros((), np.int32)], {},
     "getrf: ipiv has 1 elements; the kernel needs 8"),
    ("lapack_dpotrf_ffi", [np.eye(3)[:2]], [np.zeros((2, 3)), np.zeros((), np.int32)],
     {"uplo": np.uint8(ord("L"))}, "potrf: expected square matrices"),
    ("lapack_dsyevd_ffi", [np.eye(4)], [np.zeros((4, 4)), np.zeros(2), np.zeros((), np.int32)],
     {"mode": np.uint8(ord("V")), "uplo": np.uint8(ord("L"))}, "syevd: w has 2 elements"),
    ("lapack_dgesdd_ffi", [np.eye(4)],
     [np.zeros((4, 4)), np.zeros(4), np.zeros((4, 2)), np.zeros((4, 4)), np.zeros((), np.int32)],
     {"mode": np.uint8(ord("A"))}, r"svd: u\[4, 2\] or vt\[4, 4\] is too small"),
    ("lapack_dgeev_ffi", [np.eye(3)],
     [np.zeros(3), np.zeros((3, 3), np.complex128), np.zeros((3, 3), np.complex128),
      np.zeros((), np.int32)],
     {"compute_left": np.uint8(ord("N")), "compute_right": np.uint8(ord("V"))},
     "geev: expected 2 eigenvalue results, got 1"),
    ("lapack_dgehrd_ffi", [np.eye(5)], [np.zeros((5, 5)), np.zeros(2), np.zeros((), np.int32)],
     {"low": np.int32(1), "high": np.int32(5)}, "gehrd: tau has 2 elements; the kernel needs 4"),
    ("lapack_dorgqr_ffi", [np.eye(3), np.zeros(5)], [np.zeros((3, 3))], {},
     "orgqr: needs k <= n <= m"),
    ("lapack_dgtsv_ffi", [np.ones(4), np.ones(4), np.ones(4), np.ones((4, 1))],
     [np.zeros(4), np.zeros(2), np.zeros(4), np.zeros((4, 1)), np.zeros((), np.int32)], {},
     "gtsv: d has 2 elements"),
])
def test_handlers_refuse_buffers_smaller_than_their_kernel_writes(name, operands, results,
                                                                  attributes, message):
    with pytest.raises(ValueError, match=message):
        _handler(name)(operands, results, attributes)


def test_contracts_are_registered_for_every_target():
    for target in TARGETS:
        assert callable(lapack.contract(target))
    with pytest.raises(KeyError):
        lapack.contract("lapack_sfoo_ffi")
    # Registering again (a provider imported twice) replaces, it does not fail.
    register_custom_call_contract(TARGETS[0], lapack.contract(TARGETS[0]))
