"""The native step executor (csrc/cpu/executor.cc, backends/cpu/plan.py)
against the Python step loop, which stays the oracle."""

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.backends.cpu import native
from jaxlib._src.backends.cpu.lowering import ModuleLowering
from jaxlib._src.backends.cpu.plan import NativeProgram
from jaxlib._src.compiler.pipeline import clear_compilation_cache, compile_program
from jaxlib.xla_client import XlaRuntimeError


def _both(text: str):
    compiled = compile_program(text)
    assert isinstance(compiled.program, NativeProgram), "the program was not planned"
    python = ModuleLowering(compiled.module).function(compiled.entry.name)
    return compiled.program, python


def _check(text: str, *args):
    native, python = _both(text)
    got = native(*args)
    want = python(*args)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
        assert g.dtype == w.dtype
    return got


WHILE_PERMUTES = """
func.func public @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>,
                                                                  tensor<i32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<5> : tensor<i32>
  %r:3 = stablehlo.while(%i = %c0, %x = %a, %y = %b) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %c1 : tensor<i32>
    %s = stablehlo.add %x, %a : tensor<4xf32>
    stablehlo.return %j, %y, %s : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#1, %r#2, %r#0 : tensor<4xf32>, tensor<4xf32>, tensor<i32>
}
"""


def test_while_that_swaps_its_values_and_reads_captured_ones():
    a = np.arange(4, dtype=np.float32)
    b = np.full(4, 10, np.float32)
    x, y, i = _check(WHILE_PERMUTES, a, b)
    assert int(i) == 5


PING_PONG = """
func.func public @main(%a: tensor<512xf32>, %b: tensor<512xf32>, %n: tensor<i32>)
    -> (tensor<512xf32>, tensor<512xf32>, tensor<512xf32>, tensor<512xf32>, tensor<i32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %r:4 = stablehlo.while(%i = %c0, %x = %a, %y = %b, %z = %a)
      : tensor<i32>, tensor<512xf32>, tensor<512xf32>, tensor<512xf32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %c1 : tensor<i32>
    %s = stablehlo.add %x, %y : tensor<512xf32>
    %t = stablehlo.multiply %y, %b : tensor<512xf32>
    %inner:2 = stablehlo.while(%k = %c0, %v = %t) : tensor<i32>, tensor<512xf32>
    cond {
      %q = stablehlo.compare LT, %k, %i, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %k1 = stablehlo.add %k, %c1 : tensor<i32>
      %v1 = stablehlo.subtract %v, %a : tensor<512xf32>
      stablehlo.return %k1, %v1 : tensor<i32>, tensor<512xf32>
    }
    stablehlo.return %j, %inner#1, %s, %x : tensor<i32>, tensor<512xf32>, tensor<512xf32>,
                                             tensor<512xf32>
  }
  %after = stablehlo.add %r#1, %r#3 : tensor<512xf32>
  return %r#1, %r#2, %r#3, %after, %r#0 : tensor<512xf32>, tensor<512xf32>, tensor<512xf32>,
                                           tensor<512xf32>, tensor<i32>
}
"""


@pytest.mark.parametrize("trips", [0, 1, 2, 5])
def test_carried_values_trade_storage_with_their_results(monkeypatch, trips):
    # Results computed into storage of their own trade places with the
    # carried values after each iteration instead of being copied (x and y
    # here, and the inner loop's v); z takes the old x, so it is copied, and
    # reads the x that was about to move. Odd and even trip counts leave the
    # values in either storage; they end in their own, read after the loop.
    plans = []
    real_plan = native.cpu.Plan

    def recording_plan(slots, regions, *rest):
        plans.append(regions)
        return real_plan(slots, regions, *rest)

    monkeypatch.setattr(native.cpu, "Plan", recording_plan)
    clear_compilation_cache()
    a = np.linspace(-2, 2, 512, dtype=np.float32)
    b = np.linspace(0.5, 1.5, 512, dtype=np.float32)
    _check(PING_PONG, a, b, np.int32(trips))
    loops = [step for regions in plans for region in regions for step in region
             if step[0] == "while"]
    assert sorted(step[7] for step in loops) == [[False, True]] + [[False, True, True, False]]


NESTED = """
func.func public @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<3> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %acc = %x) : tensor<i32>, tensor<3xf32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %inner:2 = stablehlo.while(%k = %c0, %v = %acc) : tensor<i32>, tensor<3xf32>
    cond {
      %q = stablehlo.compare LT, %k, %i, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %k1 = stablehlo.add %k, %c1 : tensor<i32>
      %v1 = stablehlo.multiply %v, %x : tensor<3xf32>
      stablehlo.return %k1, %v1 : tensor<i32>, tensor<3xf32>
    }
    %i1 = stablehlo.add %i, %c1 : tensor<i32>
    stablehlo.return %i1, %inner#1 : tensor<i32>, tensor<3xf32>
  }
  return %r#1 : tensor<3xf32>
}
"""


def test_nested_loops():
    _check(NESTED, np.array([1.0, 2.0, -1.5], np.float32))


CASES = """
func.func public @main(%i: tensor<i32>, %x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %r = "stablehlo.case"(%i) ({
    %a = stablehlo.add %x, %x : tensor<2xf32>
    stablehlo.return %a : tensor<2xf32>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<2xf32>
    stablehlo.return %m : tensor<2xf32>
  }, {
    stablehlo.return %x : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %p = stablehlo.compare GT, %i, %zero, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %s = "stablehlo.if"(%p) ({
    stablehlo.return %r : tensor<2xf32>
  }, {
    %n = stablehlo.negate %r : tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %r, %s : tensor<2xf32>, tensor<2xf32>
}
"""


@pytest.mark.parametrize("index", [-1, 0, 1, 2, 7])
def test_case_and_if_including_out_of_range_indices(index):
    _check(CASES, np.array(index, np.int32), np.array([3.0, -2.0], np.float32))


CALLS = """
func.func public @main(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
                                                 tensor<f32>, tensor<3x2xf32>) {
  %a = func.call @twice(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = func.call @twice(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = stablehlo.reshape %b : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %c = stablehlo.constant dense<2.5> : tensor<f32>
  return %r, %x, %b, %c, %r : tensor<3x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>,
      tensor<3x2xf32>
}
func.func private @twice(%y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.add %y, %y : tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}
"""


def test_inlined_calls_aliases_parameters_constants_and_repeated_results():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    r, same_x, b, c, r2 = _check(CALLS, x)
    np.testing.assert_array_equal(b, 4 * x)
    np.testing.assert_array_equal(r, r2)
    assert float(c) == 2.5


CHAIN = """
func.func public @main(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<32xf32>) {
  %a = stablehlo.add %x, %x : tensor<64xf32>
  %s = stablehlo.slice %a [0:64:2] : (tensor<64xf32>) -> tensor<32xf32>
  %b = stablehlo.multiply %a, %a : tensor<64xf32>
  %c = stablehlo.subtract %b, %x : tensor<64xf32>
  %d = stablehlo.multiply %c, %c : tensor<64xf32>
  %e = stablehlo.add %d, %b : tensor<64xf32>
  %f = stablehlo.slice %e [0:64:2] : (tensor<64xf32>) -> tensor<32xf32>
  %g = stablehlo.add %f, %s : tensor<32xf32>
  return %e, %g : tensor<64xf32>, tensor<32xf32>
}
"""


def test_temporaries_share_the_arena_without_clobbering_live_values():
    _check(CHAIN, np.linspace(-2, 2, 64, dtype=np.float32))


def test_a_failing_step_raises_xla_runtime_error():
    text = """
    func.func public @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %r = stablehlo.custom_call @no_such_target_anywhere(%x) : (tensor<2xf32>) -> tensor<2xf32>
      return %r : tensor<2xf32>
    }
    """
    with pytest.raises(XlaRuntimeError):
        compiled = compile_program(text)
        compiled.program(np.zeros(2, np.float32))


def test_programs_with_tokens_stay_on_the_python_step_loop():
    text = """
    func.func public @main(%t: !stablehlo.token, %x: tensor<2xf32>) -> (!stablehlo.token,
                                                                      tensor<2xf32>) {
      %t2 = stablehlo.after_all %t : !stablehlo.token
      return %t2, %x : !stablehlo.token, tensor<2xf32>
    }
    """
    assert not isinstance(compile_program(text).program, NativeProgram)


def test_the_python_executor_can_be_forced(monkeypatch):
    monkeypatch.setenv("JAXLIB_CPU_EXECUTOR", "python")
    compiled = compile_program(CHAIN + "\n// forced python\n")
    assert not isinstance(compiled.program, NativeProgram)


def test_client_execute_runs_native_programs_and_checks_arguments():
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    executable = client.compile_and_load(WHILE_PERMUTES, [device])
    a = np.arange(4, dtype=np.float32)
    b = np.ones(4, np.float32)
    outs = executable.execute([client.buffer_from_pyval(a, device),
                               client.buffer_from_pyval(b, device)])
    want = ModuleLowering(executable._compiled.module).function("main")(a, b)
    for o, w in zip(outs, want):
        np.testing.assert_array_equal(np.asarray(o), w)
    with pytest.raises(XlaRuntimeError, match="argument 1"):
        executable.execute([client.buffer_from_pyval(a, device),
                            client.buffer_from_pyval(np.ones(3, np.float32), device)])
    with pytest.raises(XlaRuntimeError):
        executable.execute([client.buffer_from_pyval(a, device)])


def test_repeated_executions_reuse_temporaries_correctly():
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    executable = client.compile_and_load(CHAIN, [device])
    python = ModuleLowering(executable._compiled.module).function("main")
    rng = np.random.default_rng(0)
    for _ in range(20):
        x = rng.standard_normal(64).astype(np.float32)
        outs = executable.execute([client.buffer_from_pyval(x, device)])
        for o, w in zip(outs, python(x)):
            np.testing.assert_array_equal(np.asarray(o), w)


def _counted_loop(n: int, start: int = 0, counter: str = "i32", shape: str = "16",
                  body: str = "%m = stablehlo.multiply %x, %c : tensor<{s}xf32>\n"
                              "    %y = stablehlo.add %m, %d : tensor<{s}xf32>") -> str:
    s = shape
    return f"""
func.func public @main(%x0: tensor<{s}xf32>, %keep: tensor<3xi32>) -> (tensor<{s}xf32>,
                                                                        tensor<{counter}>,
                                                                        tensor<3xi32>) {{
  %c0 = stablehlo.constant dense<{start}> : tensor<{counter}>
  %r:3 = stablehlo.while(%i = %c0, %x = %x0, %k = %keep) : tensor<{counter}>, tensor<{s}xf32>,
      tensor<3xi32>
  cond {{
    %n = stablehlo.constant dense<{n}> : tensor<{counter}>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<{counter}>, tensor<{counter}>)
        -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }} do {{
    %c = stablehlo.constant dense<0.999> : tensor<{s}xf32>
    %d = stablehlo.constant dense<0.001> : tensor<{s}xf32>
    {body.format(s=s)}
    %one = stablehlo.constant dense<1> : tensor<{counter}>
    %j = stablehlo.add %i, %one : tensor<{counter}>
    stablehlo.return %j, %y, %k : tensor<{counter}>, tensor<{s}xf32>, tensor<3xi32>
  }}
  return %r#1, %r#0, %r#2 : tensor<{s}xf32>, tensor<{counter}>, tensor<3xi32>
}}
"""


@pytest.mark.parametrize("n, start, counter, shape", [
    (100, 0, "i32", "16"), (7, 3, "i64", "16"), (0, 0, "i32", "16"), (5, 9, "i32", "16"),
    (3, -2, "i32", "3000"), (40, 0, "i32", "70000"),
])
def test_counted_elementwise_loops_run_as_one_kernel(n, start, counter, shape):
    text = _counted_loop(n, start, counter, shape)
    native, _ = _both(text)
    assert native.python_steps == 0
    assert any("counted loop" in step for step, *_ in native.plan.profile())
    size = int(shape)
    x = np.linspace(-1, 1, size, dtype=np.float32)
    keep = np.array([4, 5, 6], np.int32)
    y, i, k = _check(text, x, keep)
    assert int(i) == max(n, start)
    np.testing.assert_array_equal(k, keep)


@pytest.mark.parametrize("shape", ["16", "70", "3000"])
def test_counted_loops_whose_body_is_a_chain_update_in_place(shape):
    # The body is one chain (f32 instructions feeding each other, the value in
    # registers) that reads the loop value and writes it in place: every block
    # reads its elements before storing them.
    body = ("%m = stablehlo.multiply %x, %c : tensor<{s}xf32>\n"
            "    %s = stablehlo.subtract %d, %m : tensor<{s}xf32>\n"
            "    %q = stablehlo.divide %s, %c : tensor<{s}xf32>\n"
            "    %y = stablehlo.add %q, %x : tensor<{s}xf32>")
    text = _counted_loop(25, 0, "i32", shape, body)
    native, _ = _both(text)
    assert any("counted loop" in step for step, *_ in native.plan.profile())
    x = np.linspace(-1, 1, int(shape), dtype=np.float32)
    _check(text, x, np.zeros(3, np.int32))


def test_loops_whose_body_reads_the_counter_still_run():
    body = ("%f = stablehlo.convert %i : (tensor<i32>) -> tensor<f32>\n"
            "    %b = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<{s}xf32>\n"
            "    %m = stablehlo.multiply %x, %c : tensor<{s}xf32>\n"
            "    %y = stablehlo.add %m, %b : tensor<{s}xf32>")
    text = _counted_loop(10, 0, "i32", "8", body)
    _check(text, np.ones(8, np.float32), np.zeros(3, np.int32))


@pytest.mark.parametrize("perm, lhs_shape, dims", [
    ([1, 0], "8x5", "contracting_dims = [1] x [0]"),
    ([0, 2, 1], "2x7x3", "batching_dims = [0] x [0], contracting_dims = [2] x [1]"),
    ([2, 0, 1], "7x2x3", "batching_dims = [0] x [0], contracting_dims = [2] x [1]"),
])
def test_dots_read_transposed_operands_in_place(perm, lhs_shape, dims):
    lhs = [int(d) for d in lhs_shape.split("x")]
    source = [0] * len(lhs)
    for d, p in enumerate(perm):
        source[p] = lhs[d]
    rhs = ([lhs[0], lhs[-1], 4] if len(lhs) == 3 else [lhs[-1], 4])
    result = ([lhs[0], lhs[1], 4] if len(lhs) == 3 else [lhs[0], 4])
    t = "x".join(map(str, source))
    r = "x".join(map(str, rhs))
    o = "x".join(map(str, result))
    text = f"""
    func.func public @main(%a: tensor<{t}xf32>, %b: tensor<{r}xf32>) -> tensor<{o}xf32> {{
      %t = stablehlo.transpose %a, dims = {perm} : (tensor<{t}xf32>) -> tensor<{lhs_shape}xf32>
      %d = stablehlo.dot_general %t, %b, {dims} : (tensor<{lhs_shape}xf32>, tensor<{r}xf32>)
          -> tensor<{o}xf32>
      return %d : tensor<{o}xf32>
    }}"""
    native, _ = _both(text)
    steps = [step for step, *_ in native.plan.profile()]
    assert len(steps) == 1 and "transposed operands" in steps[0]
    rng = np.random.default_rng(1)
    got = _check_close(text, rng.standard_normal(source).astype(np.float32),
                       rng.standard_normal(rhs).astype(np.float32))
    assert got[0].shape == tuple(result)


def _check_close(text: str, *args):
    native, python = _both(text)
    got = native(*args)
    for g, w in zip(got, python(*args)):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)
    return got


def test_transposed_dot_results_come_from_swapped_operands():
    text = """
    func.func public @main(%a: tensor<6x5xf32>, %b: tensor<6x7xf32>) -> (tensor<7x5xf32>,
                                                                        tensor<5x7xf32>) {
      %d = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0]
          : (tensor<6x5xf32>, tensor<6x7xf32>) -> tensor<5x7xf32>
      %t = stablehlo.transpose %d, dims = [1, 0] : (tensor<5x7xf32>) -> tensor<7x5xf32>
      %e = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0],
          precision = [HIGHEST, HIGHEST]
          : (tensor<6x5xf32>, tensor<6x7xf32>) -> tensor<5x7xf32>
      return %t, %e : tensor<7x5xf32>, tensor<5x7xf32>
    }"""
    # (%e's precision keeps it apart from %d: the same product would be
    # computed once, passes/cse.py)
    native, _ = _both(text)
    steps = [step for step, *_ in native.plan.profile()]
    assert len(steps) == 2 and any("swapping" in step for step in steps)
    rng = np.random.default_rng(2)
    t, e = _check_close(text, rng.standard_normal((6, 5)).astype(np.float32),
                        rng.standard_normal((6, 7)).astype(np.float32))
    np.testing.assert_allclose(t, e.T, rtol=1e-6)


def test_freed_large_blocks_are_reused_and_memory_stats_stay_exact():
    from jaxlib import _native

    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    before = device.memory_stats()["bytes_in_use"]
    first = _native.HostBuffer(device._alloc_key, 3 << 20)
    address = first.address
    assert device.memory_stats()["bytes_in_use"] == before + (3 << 20)
    del first
    assert device.memory_stats()["bytes_in_use"] == before
    second = _native.HostBuffer(device._alloc_key, 3 << 20)
    assert second.address == address  # the same block, without new page faults
    del second


def test_concurrent_executions_of_one_program_do_not_share_temporaries():
    import threading

    text = """
    func.func public @main(%x: tensor<256x512xf32>) -> tensor<256x512xf32> {
      %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1]
          : (tensor<256x512xf32>, tensor<f32>) -> tensor<256xf32>
      %b = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<256xf32>) -> tensor<256x512xf32>
      %d = stablehlo.subtract %x, %b : tensor<256x512xf32>
      %e = stablehlo.exponential %d : tensor<256x512xf32>
      %zero = stablehlo.constant dense<0.0> : tensor<f32>
      %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1]
          : (tensor<256x512xf32>, tensor<f32>) -> tensor<256xf32>
      %bs = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<256xf32>) -> tensor<256x512xf32>
      %r = stablehlo.divide %e, %bs : tensor<256x512xf32>
      return %r : tensor<256x512xf32>
    }"""
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    executable = client.compile_and_load(text, [device])
    rng = np.random.default_rng(3)
    inputs = [rng.standard_normal((256, 512)).astype(np.float32) for _ in range(4)]
    expected = [np.asarray(executable.execute([client.buffer_from_pyval(x, device)])[0])
                for x in inputs]
    failures = []

    def worker(k: int) -> None:
        for i in range(15):
            j = (k + i) % len(inputs)
            out = executable.execute([client.buffer_from_pyval(inputs[j], device)])[0]
            if not np.array_equal(np.asarray(out), expected[j]):
                failures.append((k, i))

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures


SCAN = """
func.func public @main(%xs: tensor<6x4xf32>, %outer: tensor<6x4xf32>) -> (tensor<6x4xf32>,
                                                                          tensor<6x4xf32>,
                                                                          tensor<6x4xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %z = stablehlo.constant dense<0.0> : tensor<6x4xf32>
  %ys0 = stablehlo.add %z, %z : tensor<6x4xf32>
  %r:3 = stablehlo.while(%i = %c0, %ys = %ys0, %o = %outer) : tensor<i32>, tensor<6x4xf32>,
      tensor<6x4xf32>
  cond {
    %n = stablehlo.constant dense<6> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %row = stablehlo.dynamic_slice %xs, %i, %zero, sizes = [1, 4]
        : (tensor<6x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
    %sq = stablehlo.multiply %row, %row : tensor<1x4xf32>
    %ys1 = stablehlo.dynamic_update_slice %ys, %sq, %i, %zero
        : (tensor<6x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<6x4xf32>
    %captured = stablehlo.dynamic_update_slice %outer, %sq, %i, %zero
        : (tensor<6x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<6x4xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %ys1, %captured : tensor<i32>, tensor<6x4xf32>, tensor<6x4xf32>
  }
  %a = stablehlo.add %xs, %xs : tensor<6x4xf32>
  %u = stablehlo.constant dense<7.0> : tensor<1x4xf32>
  %k = stablehlo.constant dense<2> : tensor<i32>
  %b = stablehlo.dynamic_update_slice %a, %u, %k, %c0
      : (tensor<6x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<6x4xf32>
  return %r#1, %r#2, %b : tensor<6x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>
}
"""


def test_dead_operands_are_updated_in_place_and_live_ones_are_not():
    native, _ = _both(SCAN)
    in_place = [step for step, *_ in native.plan.profile() if "(in place)" in step]
    # The carried ys and the straight-line %a; never %outer (read by every iteration).
    assert len(in_place) == 2
    rng = np.random.default_rng(4)
    xs = rng.standard_normal((6, 4)).astype(np.float32)
    outer = rng.standard_normal((6, 4)).astype(np.float32)
    ys, last, b = _check(SCAN, xs, outer)
    np.testing.assert_array_equal(ys, xs * xs)
    expected_last = outer.copy()
    expected_last[5] = xs[5] ** 2
    np.testing.assert_array_equal(last, expected_last)
    # Running twice gives the same: nothing leaked between executions.
    _check(SCAN, xs, outer)


def test_transposes_feeding_dots_without_native_kernels_still_run():
    text = """
    func.func public @main(%a: tensor<3x4xi32>, %b: tensor<3x5xi32>) -> tensor<4x5xi32> {
      %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<3x4xi32>) -> tensor<4x3xi32>
      %d = stablehlo.dot_general %t, %b, contracting_dims = [1] x [0]
          : (tensor<4x3xi32>, tensor<3x5xi32>) -> tensor<4x5xi32>
      return %d : tensor<4x5xi32>
    }"""
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    b = np.arange(15, dtype=np.int32).reshape(3, 5)
    (d,) = _check(text, a, b)
    np.testing.assert_array_equal(d, a.T @ b)
