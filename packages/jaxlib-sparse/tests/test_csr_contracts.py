"""``cpu_csr_sparse_dense_ffi``'s contract is checked when a program compiles.

The calls come from the corpus (lowered by the reference JAX: the ground truth of
the target's operand and result types and layouts); each compiles and runs, and
each mutation of one — a shape, an element type, the operand or result count, an
attribute, a layout, the calling convention — is an XlaRuntimeError naming the
target and the op's location, raised before anything runs.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse

from jaxlib import cpu_sparse, xla_client
from jaxlib._src.base.errors import XlaRuntimeError
from jaxlib._src.ir.element_types import BY_MLIR

TARGET = cpu_sparse.CSR_SPARSE_DENSE_TARGET
PROGRAMS_DIR = Path(__file__).parent / "corpus" / "programs"
# One call per shape of the contract: vector and matrix rhs, each index width, an
# integer value type, padded BCSR storage.
PROGRAMS = ["bcsr_matvec_f32", "bcsr_matmat_c128", "bcsr_matvec_index64_f64",
            "bcsr_matmat_index64_f64", "bcsr_matmat_i32", "bcsr_padded_matmat_f64"]
_DTYPES = {t: BY_MLIR[t].dtype for t in cpu_sparse.VALUE_TYPES}
# A wrong type for each (a test choice): the same kind at the other width.
_OTHER_TYPE = {"f32": "f64", "f64": "f32", "complex<f32>": "complex<f64>",
               "complex<f64>": "complex<f32>", "i32": "i64", "i64": "i32"}


@dataclasses.dataclass(frozen=True)
class Call:
    operands: tuple[tuple[tuple[int, ...], str], ...]
    results: tuple[tuple[tuple[int, ...], str], ...]
    layouts: bool = True  # the reference's row-major operand_layouts/result_layouts
    extra: str = ""  # more attributes, as MLIR text


def _parse_type(text: str) -> tuple[tuple[int, ...], str]:
    match = re.fullmatch(r"tensor<((?:\d+x)*)(.+)>", text.strip())
    assert match, text
    return tuple(int(d) for d in match.group(1).split("x") if d), match.group(2)


@functools.cache
def corpus_call(name: str) -> Call:
    text = (PROGRAMS_DIR / f"{name}.mlir").read_text()
    line = next(line for line in text.splitlines() if f"custom_call @{TARGET}(" in line)
    attrs, signature = line.rsplit("} : (", 1)
    operands, result = signature.split(") -> ", 1)
    rank = [len(_parse_type(t)[0]) for t in operands.split(", ")]
    layouts = re.findall(r"dense<([^>]*)> : tensor<\d+xindex>", attrs)
    # the reference declares every buffer row-major
    assert layouts == ["0" if r == 1 else "[1, 0]" for r in (*rank, len(_parse_type(result)[0]))]
    return Call(tuple(_parse_type(t) for t in operands.split(", ")), (_parse_type(result),))


def _type(t: tuple[tuple[int, ...], str]) -> str:
    shape, element_type = t
    return f"tensor<{''.join(f'{d}x' for d in shape)}{element_type}>"


def _layout(rank: int, column_major: bool = False) -> str:
    order = list(range(rank - 1, -1, -1))
    if column_major:
        order = order[::-1]
    return f"dense<[{', '.join(map(str, order))}]> : tensor<{rank}xindex>" if rank else \
        "dense<> : tensor<0xindex>"


def program(call: Call, column_major: int | None = None) -> str:
    """The call as a program; ``column_major``: give buffer i (operands, then the
    result) a column-major layout."""
    buffers = call.operands + call.results
    layouts = [_layout(len(shape), i == column_major) for i, (shape, _) in enumerate(buffers)]
    attrs = ["mhlo.backend_config = {" + call.extra + "}"]
    if call.layouts:
        attrs.append(f"operand_layouts = [{', '.join(layouts[:len(call.operands)])}]")
        attrs.append(f"result_layouts = [{', '.join(layouts[len(call.operands):])}]")
    args = [f"%a{i}" for i in range(len(call.operands))]
    params = ", ".join(f"{a}: {_type(t)}" for a, t in zip(args, call.operands))
    results = ", ".join(_type(t) for t in call.results)
    many = len(call.results) > 1
    value = f"%r:{len(call.results)}" if many else "%r"
    returned = ", ".join(f"%r#{i}" for i in range(len(call.results))) if many else "%r"
    return (f"func.func @main({params}) -> ({results}) {{\n"
            f"  {value} = stablehlo.custom_call @{TARGET}({', '.join(args)}) {{{', '.join(attrs)}}}"
            f" : ({', '.join(_type(t) for t in call.operands)}) -> ({results})\n"
            f"  return {returned} : {results}\n}}\n")


@functools.cache
def _client():
    return xla_client.make_cpu_client()


def compile_program(text: str):
    client = _client()
    return client.compile_and_load(text, client.devices()[:1])


def expect_rejected(text: str, *patterns: str) -> str:
    with pytest.raises(XlaRuntimeError) as caught:
        compile_program(text)
    message = str(caught.value)
    assert message.startswith("INVALID_ARGUMENT"), message
    assert f"custom call '{TARGET}'" in message, message
    assert re.search(r" at \d+:\d+: ", message), message  # the op's line:column
    for pattern in patterns:
        assert re.search(pattern, message), (pattern, message)
    return message


def _replace(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


@pytest.mark.parametrize("name", PROGRAMS)
def test_corpus_call_compiles_and_runs(name):
    call = corpus_call(name)
    (nnz,), value_type = call.operands[0]
    (rows_plus_one,), index_type = call.operands[1]
    rhs_shape = call.operands[3][0]
    rows, cols = rows_plus_one - 1, rhs_shape[0]
    rng = np.random.default_rng(0)
    stored = nnz - 2  # BCSR may pad: the last entries lie past indptr[-1]
    indptr = np.linspace(0, stored, rows + 1).astype(_DTYPES[index_type])
    indices = (np.arange(nnz) * 3 % cols).astype(_DTYPES[index_type])
    data = rng.integers(-3, 4, nnz).astype(_DTYPES[value_type])
    rhs = rng.integers(-3, 4, rhs_shape).astype(_DTYPES[value_type])
    client = _client()
    device = client.devices()[0]
    exe = compile_program(program(call))
    (out,) = exe.execute([client.buffer_from_pyval(x, device)
                          for x in (data, indptr, indices, rhs)])
    csr = scipy.sparse.csr_matrix((data[:stored], indices[:stored], indptr), shape=(rows, cols))
    np.testing.assert_allclose(np.asarray(out), csr @ rhs)
    compile_program(program(dataclasses.replace(call, layouts=False)))  # layouts are optional


@pytest.mark.parametrize("name", PROGRAMS)
def test_each_shape_is_checked(name):
    call = corpus_call(name)
    for which in ("operands", "results"):
        buffers = getattr(call, which)
        for i, (shape, element_type) in enumerate(buffers):
            for d in range(len(shape)):
                if which == "operands" and i == 3 and d == 0:
                    continue  # rhs's rows are the matrix's column count: any is valid
                for size in {shape[d] + 1, max(shape[d] - 1, 0)} - {shape[d]}:
                    wrong = _replace(buffers, i, (_replace(shape, d, size), element_type))
                    expect_rejected(program(dataclasses.replace(call, **{which: wrong})),
                                    "must be")
            wrong = _replace(buffers, i, ((*shape, 1), element_type))
            expect_rejected(program(dataclasses.replace(call, layouts=False, **{which: wrong})))


@pytest.mark.parametrize("name", PROGRAMS)
def test_each_element_type_is_checked(name):
    call = corpus_call(name)
    for which in ("operands", "results"):
        buffers = getattr(call, which)
        for i, (shape, element_type) in enumerate(buffers):
            wrong = _replace(buffers, i, (shape, _OTHER_TYPE[element_type]))
            expect_rejected(program(dataclasses.replace(call, **{which: wrong})))


def test_unsupported_value_and_index_types_are_rejected():
    call = corpus_call("bcsr_matmat_f32")
    half = tuple((shape, "f16" if t == "f32" else t) for shape, t in call.operands)
    expect_rejected(program(dataclasses.replace(
        call, operands=half, results=((call.results[0][0], "f16"),))),
        r"operand 0 \(data\) must be a vector of f32")
    unsigned = tuple((shape, "ui32" if t == "i32" else t) for shape, t in call.operands)
    expect_rejected(program(dataclasses.replace(call, operands=unsigned)),
                    r"operand 1 \(indptr\) must be a non-empty vector of i32 or i64")


def test_operand_and_result_counts_are_checked():
    call = dataclasses.replace(corpus_call("bcsr_matvec_f32"), layouts=False)
    for wrong in (dataclasses.replace(call, operands=call.operands[:3]),
                  dataclasses.replace(call, operands=call.operands + (call.operands[0],)),
                  dataclasses.replace(call, results=call.results * 2)):
        expect_rejected(program(wrong), r"takes 4 operands .* and has 1 result")


def test_attributes_are_rejected():
    call = corpus_call("bcsr_matvec_f32")
    expect_rejected(program(dataclasses.replace(call, extra="transpose = true")),
                    r"takes no attributes, got \['transpose'\]")


@pytest.mark.parametrize("name", ["bcsr_matmat_f32", "bcsr_matmat_c128"])
def test_layouts_are_checked(name):
    call = corpus_call(name)
    for i in (3, 4):  # rhs and the result: the row-major matrices
        expect_rejected(program(call, column_major=i), r"must have layout \[1, 0\], got \[0, 1\]")


def test_a_legacy_calling_convention_is_rejected():
    text = program(corpus_call("bcsr_matvec_f32")).replace(
        "mhlo.backend_config = {}", 'api_version = 2 : i32, backend_config = ""')
    expect_rejected(text, "typed FFI")


def test_a_result_too_small_for_the_rows_never_runs():
    # indptr says 5 rows; a 2-row result would be written past its end.
    call = corpus_call("bcsr_matmat_f64")
    (_, k), value_type = call.results[0][0], call.results[0][1]
    expect_rejected(program(dataclasses.replace(call, results=(((2, k), value_type),))),
                    rf"result 0 \(out: indptr's 5 rows x rhs's columns\) must be f64\[5,{k}\], "
                    rf"got f64\[2,{k}\]")
