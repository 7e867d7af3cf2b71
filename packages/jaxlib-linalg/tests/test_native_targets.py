"""getrf, trsm and real potrf run as native steps of the plan (their C
implementations in ``_lapack_kernels.native_targets``, called by core's
``native_custom_call`` kernel with the program's buffers), with the bits of
their Python handlers; a payload that does not match its buffers fails the call
instead of overrunning them; programs of them are written down in the
persistent cache and rebuilt from it."""

from __future__ import annotations

import dataclasses
import itertools
import os
import subprocess
import sys

import numpy as np
import pytest
from test_lapack_contracts import Call, corpus_call, program

from jaxlib import lapack, xla_client
from jaxlib._src.backends.cpu import native
from jaxlib._src.compiler import persistent_cache, pipeline
from jaxlib._src.ir.types import numpy_dtype

PREFIX_TYPES = {"s": "f32", "d": "f64", "c": "complex<f32>", "z": "complex<f64>"}


def _client():
    return xla_client.make_cpu_client()


def _inputs(call: Call, seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    arrays = []
    for shape, element_type in call.operands:
        dtype = np.dtype(numpy_dtype(element_type))
        x = rng.standard_normal(shape)
        if dtype.kind == "c":
            x = x + 1j * rng.standard_normal(shape)
        if len(shape) >= 2 and shape[-1] == shape[-2]:
            x = x + 4 * shape[-1] * np.eye(shape[-1])  # well conditioned
        arrays.append(x.astype(dtype))
    return arrays


def _handler_results(call: Call, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """The Python handler's results for the same call (the oracle)."""
    results = [np.zeros(shape, numpy_dtype(t)) for shape, t in call.results]
    attributes = {key: np.uint8(int(value.split(":")[0])) for key, value in call.config}
    lapack._KERNELS[call.target]([x.copy() for x in inputs], results, attributes)
    return results


def _run_native(call: Call, seed: int = 0) -> None:
    client = _client()
    exe = client.compile_and_load(program(call), client.devices()[:1])
    compiled = exe._compiled.program
    assert compiled.python_steps == 0, "the call did not run natively"
    inputs = _inputs(call, seed)
    args = [client.buffer_from_pyval(x, client.devices()[0]) for x in inputs]
    got = [np.asarray(out) for out in exe.execute(args)]
    want = _handler_results(call, inputs)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def _with_types(call: Call, operands, results) -> Call:
    batch_dims = len(operands[0][0]) - 2
    return dataclasses.replace(call, operands=tuple(operands), results=tuple(results),
                               operand_layouts=None, result_layouts=None,
                               frontend=f'num_batch_dims = "{batch_dims}"')


@pytest.mark.parametrize("prefix", "sdcz")
@pytest.mark.parametrize("batch,m,n", [((3,), 4, 4), ((2,), 5, 3), ((2,), 3, 5), ((), 7, 7),
                                       ((2, 3), 16, 16)])
def test_getrf(prefix, batch, m, n):
    t = PREFIX_TYPES[prefix]
    call = _with_types(corpus_call(f"lapack_{prefix}getrf_ffi"), [((*batch, m, n), t)],
                       [((*batch, m, n), t), ((*batch, min(m, n)), "i32"), (batch, "i32")])
    _run_native(call)


@pytest.mark.parametrize("prefix", "sdcz")
@pytest.mark.parametrize("side,uplo,trans,diag",
                         list(itertools.product("LR", "LU", "NTC", "NU")))
def test_trsm(prefix, side, uplo, trans, diag):
    t = PREFIX_TYPES[prefix]
    m, n = 5, 3
    q = m if side == "L" else n
    call = corpus_call(f"lapack_{prefix}trsm_ffi")
    config = (("diag", f"{ord(diag)} : ui8"), ("side", f"{ord(side)} : ui8"),
              ("trans_x", f"{ord(trans)} : ui8"), ("uplo", f"{ord(uplo)} : ui8"))
    call = dataclasses.replace(
        _with_types(call, [((2, q, q), t), ((2, m, n), t)], [((2, m, n), t)]), config=config)
    _run_native(call, seed=ord(side) + ord(uplo))


@pytest.mark.parametrize("prefix", "sd")
@pytest.mark.parametrize("uplo", "LU")
def test_real_potrf(prefix, uplo):
    t = PREFIX_TYPES[prefix]
    call = dataclasses.replace(
        _with_types(corpus_call(f"lapack_{prefix}potrf_ffi"), [((3, 6, 6), t)],
                    [((3, 6, 6), t), ((3,), "i32")]),
        config=(("uplo", f"{ord(uplo)} : ui8"),))
    client = _client()
    inputs = _inputs(call)
    inputs[0] = inputs[0] @ np.swapaxes(inputs[0], -1, -2)  # symmetric positive definite
    exe = client.compile_and_load(program(call), client.devices()[:1])
    assert exe._compiled.program.python_steps == 0
    got = [np.asarray(o) for o in exe.execute(
        [client.buffer_from_pyval(x, client.devices()[0]) for x in inputs])]
    for g, w in zip(got, _handler_results(call, inputs)):
        np.testing.assert_array_equal(g, w)


def test_complex_potrf_stays_on_its_handler():
    call = corpus_call("lapack_cpotrf_ffi")
    client = _client()
    exe = client.compile_and_load(program(call), client.devices()[:1])
    assert exe._compiled.program.python_steps == 1


@pytest.mark.parametrize("payload,message", [
    (np.array([3, 4, 4], np.int64).tobytes(), None),
    (np.array([3, 4, 5], np.int64).tobytes(), "a has 48 elements; the kernel needs 60"),
    (np.array([4, 4, 4], np.int64).tobytes(), "a has 48 elements; the kernel needs 64"),
    (np.array([3, 4], np.int64).tobytes(), "malformed payload"),
    (np.array([3, -4, 4], np.int64).tobytes(), "malformed payload"),
])
def test_a_payload_that_does_not_fit_its_buffers_fails_the_call(payload, message):
    # What a damaged description could hand the kernel: it is checked against
    # the buffers before anything is written.
    from jaxlib._src.backends.cpu.native_ops.custom_call import native_target_address

    target = "lapack_sgetrf_ffi"
    specs_in = [("float32", (3, 4, 4))]
    specs_out = [("float32", (3, 4, 4)), ("int32", (3, 4)), ("int32", (3,))]
    kernel = native.cpu.make_kernel("native_custom_call", {
        "fn": native_target_address(target), "target": target, "payload": payload},
        specs_in, specs_out)
    a = _inputs(Call(target, (((3, 4, 4), "f32"),), (), (), None, None, None, None))[0]
    if message is None:
        lu, ipiv, info = native.run_native(kernel, [a], [(np.dtype(d), s) for d, s in specs_out])
        assert not info.any() and ipiv.min() >= 1
        return
    with pytest.raises(RuntimeError, match=message):
        native.run_native(kernel, [a], [(np.dtype(d), s) for d, s in specs_out])


def test_the_handlers_run_when_native_targets_are_switched_off():
    script = (
        "import numpy as np, sys\n"
        f"sys.path.insert(0, {os.path.dirname(__file__)!r})\n"
        "from test_lapack_contracts import corpus_call, program\n"
        "from jaxlib import xla_client\n"
        "client = xla_client.make_cpu_client()\n"
        "exe = client.compile_and_load(program(corpus_call('lapack_sgetrf_ffi')),"
        " client.devices()[:1])\n"
        "print(exe._compiled.program.python_steps)\n")
    env = dict(os.environ, JAXLIB_LAPACK_NATIVE="0")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "1"


@pytest.fixture
def cache_dir(tmp_path):
    pipeline.clear_compilation_cache()
    persistent_cache.set_cache_dir(tmp_path / "cache")
    yield tmp_path / "cache"
    persistent_cache.reset_cache_dir()
    pipeline.clear_compilation_cache()


def test_native_lapack_programs_are_written_down_and_rebuilt(cache_dir):
    call = corpus_call("lapack_dgetrf_ffi")
    client = _client()
    inputs = _inputs(call)
    args = [client.buffer_from_pyval(x, client.devices()[0]) for x in inputs]
    want = [np.asarray(o) for o in client.compile_and_load(
        program(call), client.devices()[:1]).execute(args)]
    entries = list(cache_dir.glob("*" + persistent_cache.SUFFIX))
    assert len(entries) == 1  # every step is native: the plan is written down
    key = entries[0].name[:-len(persistent_cache.SUFFIX)]
    stored = persistent_cache.load(cache_dir, key)
    (kernel,) = [k for k in stored.value["plan"]["kernels"] if k["name"] == "native_custom_call"]
    # The C function is written as its target's name, never as an address.
    assert kernel["addresses"] == {"fn": "lapack_dgetrf_ffi"} and "fn" not in kernel["params"]
    pipeline.clear_compilation_cache()
    exe = client.compile_and_load(program(call), client.devices()[:1])
    assert exe._compiled.ir is None  # rebuilt from the entry, not compiled
    for g, w in zip([np.asarray(o) for o in exe.execute(args)], want):
        np.testing.assert_array_equal(g, w)


def test_an_address_written_as_a_value_is_refused():
    description = {"name": "native_custom_call", "addresses": {},
                   "params": {"fn": 4096, "target": "lapack_sgetrf_ffi", "payload": "x"},
                   "inputs": [["float32", [4, 4]]], "outputs": [["float32", [4, 4]]]}
    with pytest.raises(ValueError, match="address parameters"):
        native.kernel_from_json(description)
    description["params"].pop("fn")
    description["addresses"] = {"fn": "lapack_sgetrf_ffi_unknown"}
    with pytest.raises(ValueError):
        native.kernel_from_json(description)
