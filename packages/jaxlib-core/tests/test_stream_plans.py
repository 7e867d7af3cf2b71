"""All-native programs too large to run inline go to the device stream as a
plan runner (plan_runner.h): the stream runs them without the GIL."""

import os
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.runtime.buffer import wait_for_event
from jaxlib.xla_client import XlaRuntimeError

N = 1024  # 4 MiB per operand: above the inline limit (plan.py's _INLINE_BYTES)

DOUBLE = f"""
func.func public @main(%x: tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32> {{
  %0 = stablehlo.add %x, %x : tensor<{N}x{N}xf32>
  return %0 : tensor<{N}x{N}xf32>
}}
"""

DONATING = f"""
func.func public @main(%a: tensor<{N}x{N}xf32> {{tf.aliasing_output = 0 : i32}},
                       %b: tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32> {{
  %0 = stablehlo.subtract %a, %b : tensor<{N}x{N}xf32>
  return %0 : tensor<{N}x{N}xf32>
}}
"""


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client()


@pytest.fixture(scope="module")
def double(client):
    return client.compile_and_load(DOUBLE, client.devices()[:1])


def _put(client, value):
    return client.buffer_from_pyval(value, client.devices()[0])


def _matrix(seed=0):
    return np.random.default_rng(seed).standard_normal((N, N)).astype(np.float32)


def test_large_native_programs_get_a_plan_runner(double):
    program = double._compiled.program
    assert not program.runs_inline and program.python_steps == 0
    assert program.runner is not None


def test_the_stream_runs_the_plan_while_the_caller_holds_the_gil(client, double):
    x = _put(client, _matrix())
    previous = sys.getswitchinterval()
    # This thread keeps the GIL for the whole loop: a stream task that needed
    # it could not start.
    sys.setswitchinterval(1000.0)
    try:
        (out,) = double.execute([x])
        deadline = time.perf_counter() + 20.0
        while not out.is_ready() and time.perf_counter() < deadline:
            pass
        ready = out.is_ready()
    finally:
        sys.setswitchinterval(previous)
    assert ready
    np.testing.assert_array_equal(np.asarray(out), 2 * _matrix())


def test_pending_results_feed_the_next_execute(client, double):
    value = _put(client, _matrix())
    for _ in range(5):
        (value,) = double.execute([value])  # waits on the previous run's event
    np.testing.assert_array_equal(np.asarray(value), 32 * _matrix())


def test_results_dropped_while_running_stay_alive_until_done(client, double):
    x = _put(client, _matrix())
    for _ in range(20):
        double.execute([x])  # results dropped at once; the runs still write them
    (out,) = double.execute([x])
    np.testing.assert_array_equal(np.asarray(out), 2 * _matrix())


def test_donated_input_is_deleted_and_read_before_it_is_freed(client):
    exe = client.compile_and_load(DONATING, client.devices()[:1])
    a, b = _put(client, _matrix(1)), _put(client, _matrix(2))
    (out,) = exe.execute([a, b])
    assert a.is_deleted() and not b.is_deleted()
    np.testing.assert_array_equal(np.asarray(out), _matrix(1) - _matrix(2))


def test_run_errors_keep_their_status_code(client, double):
    # The stream's task checks sizes itself: a wrong one fails the event with
    # a message that already names its status.
    stream = client._stream(client.devices()[0])
    x = _put(client, _matrix())
    (out,) = double.execute([x])
    out.block_until_ready()
    address, size = x._buffers[0]._address(), 4 * N * N
    out_address = out._buffers[0]._address()
    event = stream.enqueue_plan(double._compiled.program.runner, [address], [size - 4],
                                [out_address], [size])
    event.wait()
    assert event.error().startswith("INVALID_ARGUMENT: input 0 has 4194300 bytes")
    with pytest.raises(XlaRuntimeError, match=r"^INVALID_ARGUMENT: input 0 has") as info:
        wait_for_event(event)
    assert "INTERNAL" not in str(info.value)
    event = stream.enqueue_plan(double._compiled.program.runner, [address, address],
                                [size, size], [out_address], [size])
    with pytest.raises(XlaRuntimeError, match="takes 1 inputs and 1 outputs, got 2 and 1"):
        wait_for_event(event)


def test_enqueue_plan_rejects_what_is_not_a_plan_runner(client):
    from jaxlib import _native

    stream = client._stream(client.devices()[0])
    bogus = _native.HostBuffer(0, 8)
    with pytest.raises(TypeError):
        stream.enqueue_plan(bogus, [], [], [], [])
    capsule = client.compile_and_load(DOUBLE, client.devices()[:1])._compiled.program.runner
    with pytest.raises(ValueError, match="one size per buffer"):
        stream.enqueue_plan(capsule, [1], [], [], [])


def test_a_failed_producer_fails_the_native_consumer(client, double):
    def refuse(x):
        raise ValueError("the producer refused")

    xla_client.register_custom_call_target("test_stream_refuse", refuse, platform="cpu")
    producer = client.compile_and_load(f"""
    func.func public @main(%a: tensor<{N}x{N}xf32>) -> tensor<{N}x{N}xf32> {{
      %0 = stablehlo.custom_call @test_stream_refuse(%a) : (tensor<{N}x{N}xf32>)
          -> tensor<{N}x{N}xf32>
      return %0 : tensor<{N}x{N}xf32>
    }}
    """, client.devices()[:1])
    assert producer._compiled.program.runner is None  # a Python step: no runner
    (bad,) = producer.execute([_put(client, _matrix())])
    (out,) = double.execute([bad])
    with pytest.raises(XlaRuntimeError, match="the producer refused"):
        out.block_until_ready()


def test_a_waiter_runs_the_plan_the_stream_has_not_started(client, double):
    stream = client._stream(client.devices()[0])
    x = _put(client, _matrix())
    x._buffers[0].block_until_ready()
    stream.pause()  # the worker takes no task: only a waiter can run this one
    try:
        (out,) = double.execute([x])
        assert not out.is_ready()
        before = stream.run_by_waiters
        out.block_until_ready()
        assert stream.run_by_waiters == before + 1
    finally:
        stream.resume()
    np.testing.assert_array_equal(np.asarray(out), 2 * _matrix())


def test_a_waiter_never_runs_work_out_of_turn(client, double):
    stream = client._stream(client.devices()[0])
    x = _put(client, _matrix())
    x._buffers[0].block_until_ready()
    order = []
    stream.pause()
    try:
        stream.enqueue_python(lambda: order.append("python task"))  # needs the worker
        (out,) = double.execute([x])  # queued behind it
        event = out._buffers[0]._event
        assert not event.wait(0.05)  # a bounded wait never runs the task itself
        waiter = threading.Thread(target=lambda: order.append(out.block_until_ready()))
        waiter.start()
        waiter.join(0.3)
        assert waiter.is_alive() and order == []  # the plan waits for its turn
    finally:
        stream.resume()
    waiter.join(10)
    assert order[0] == "python task" and len(order) == 2
    np.testing.assert_array_equal(np.asarray(out), 2 * _matrix())


def test_threads_waiting_on_one_stream_at_once(client, double):
    x = _put(client, _matrix())
    failures = []

    def loop():
        try:
            for _ in range(15):
                (out,) = double.execute([x])
                np.testing.assert_array_equal(np.asarray(out), 2 * _matrix())
        except BaseException as err:  # reported below
            failures.append(err)

    threads = [threading.Thread(target=loop) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not failures and not any(t.is_alive() for t in threads)


_RIGHT_BEHIND = """
import sys, threading
import numpy as np
from jaxlib import xla_client
sys.path.insert(0, sys.argv[1])
import test_stream_plans as T
client = xla_client.make_cpu_client()
device = client.devices()[0]
double = client.compile_and_load(T.DOUBLE, [device])
stream = client._stream(device)
x = client.buffer_from_pyval(T._matrix(), device)
for i in range(50):
    (first,) = double.execute([x])
    first.block_until_ready()  # often run by the worker
    stream.pause()
    (out,) = double.execute([x])
    waiter = threading.Thread(target=out.block_until_ready, daemon=True)
    waiter.start()
    waiter.join(10)
    hung = waiter.is_alive()
    stream.resume()
    assert not hung, f"the waiter hung at iteration {i}"
np.testing.assert_array_equal(np.asarray(out), 2 * T._matrix())
print("ok")
"""


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="needs sched_setaffinity")
def test_a_waiter_right_behind_the_worker_still_runs_its_task():
    # The worker sets a task's event before it lets go of the stream. On one
    # CPU the woken waiter runs first, in between: it must wait for the
    # worker, not give up on running its own task (with the worker paused,
    # nobody else would).
    cpu = min(os.sched_getaffinity(0))
    result = subprocess.run(
        [sys.executable, "-c", _RIGHT_BEHIND, os.path.dirname(__file__)],
        capture_output=True, text=True, timeout=300,
        preexec_fn=lambda: os.sched_setaffinity(0, {cpu}))
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-3000:]


def test_waiting_on_a_finished_run_never_waits_for_later_work(client, double):
    stream = client._stream(client.devices()[0])
    x = _put(client, _matrix())
    (done,) = double.execute([x])
    event = done._buffers[0]._event
    done.block_until_ready()
    gate = threading.Event()
    stream.enqueue_python(lambda: gate.wait(30))  # keeps the worker busy
    try:
        waiter = threading.Thread(target=event.wait, daemon=True)
        waiter.start()
        waiter.join(10)
        assert not waiter.is_alive()  # returned although the stream is busy
        # The worker itself waiting on a finished run's event returns too.
        seen = []
        gate.set()
        inner = stream.enqueue_python(lambda: seen.append(event.wait()))
        inner.wait(10)
        assert seen == [True]
    finally:
        gate.set()
