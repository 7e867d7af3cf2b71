"""Hardening of the runtime against threads and misuse (issue 14): a buffer a
pending execution reads is never freed under it, concurrent multi-replica
executions never deadlock, and misuse gets an XlaRuntimeError naming it.

Counts are bounded for CI; JAXLIB_FUZZ_SCALE multiplies them.
"""

from __future__ import annotations

import collections
import os
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib.xla_client import XlaRuntimeError

SCALE = max(1, int(os.environ.get("JAXLIB_FUZZ_SCALE", "1")))

LARGE = 1 << 20  # 4 MiB of f32: the program goes to the stream as a plan runner
SMALL = 16  # runs inline on the calling thread


def _tanh_times(n: int) -> str:
    return f"""
func.func public @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{
  %0 = stablehlo.tanh %x : tensor<{n}xf32>
  %1 = stablehlo.multiply %0, %x : tensor<{n}xf32>
  return %1 : tensor<{n}xf32>
}}
"""


EXPECTED = np.tanh(np.float32(0.5)) * np.float32(0.5)


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client()


class _DeletingStream:
    """The device stream, but the moment a plan is enqueued the input is
    deleted and its memory handed out again, as another thread could do
    between the enqueue and the keepalive (the old use-after-free window)."""

    def __init__(self, stream, victim, client):
        self._stream, self._victim, self._client = stream, victim, client
        self.reused = []

    def enqueue_plan(self, *args):
        event = self._stream.enqueue_plan(*args)
        self._victim.delete()
        for _ in range(4):  # the freed block is the next one of its size
            junk = self._client.buffer_from_pyval(np.full(LARGE, 9.0, np.float32))
            self.reused.append(junk)
        return event

    def __getattr__(self, name):
        return getattr(self._stream, name)


def test_delete_right_after_the_plan_is_enqueued_frees_nothing_it_reads(client, monkeypatch):
    exe = client.compile_and_load(_tanh_times(LARGE), client.devices()[:1])
    device = client.devices()[0]
    real = client._stream(device)
    for _ in range(5):
        x = client.buffer_from_pyval(np.full(LARGE, 0.5, np.float32))
        x.block_until_ready()
        real.pause()  # the plan cannot start before the memory is reused
        deleting = _DeletingStream(real, x, client)
        monkeypatch.setattr(client, "_stream", lambda d, s=deleting: s)
        try:
            (y,) = exe.execute([x])
        finally:
            monkeypatch.undo()
            real.resume()
        assert x.is_deleted()
        np.testing.assert_allclose(np.asarray(y), EXPECTED, rtol=1e-6)


def _race_delete_with_execute(client, exe, n: int, rounds: int) -> collections.Counter:
    outcomes = collections.Counter()
    for _ in range(rounds):
        x = client.buffer_from_pyval(np.full(n, 0.5, np.float32))
        go = threading.Event()

        def deleter(x=x, go=go):
            go.wait()
            x.delete()
            client.buffer_from_pyval(np.full(n, 9.0, np.float32)).block_until_ready()

        thread = threading.Thread(target=deleter)
        thread.start()
        go.set()
        try:
            (y,) = exe.execute([x])
            value = np.asarray(y)
            outcomes["ok" if np.allclose(value, EXPECTED) else "wrong"] += 1
        except XlaRuntimeError as err:
            assert "deleted" in str(err), err
            outcomes["deleted"] += 1
        thread.join()
    return outcomes


@pytest.mark.parametrize("n", [SMALL, LARGE], ids=["inline", "stream"])
def test_threads_deleting_inputs_during_executions(client, n):
    exe = client.compile_and_load(_tanh_times(n), client.devices()[:1])
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        rounds = (600 if n == SMALL else 150) * SCALE
        outcomes = _race_delete_with_execute(client, exe, n, rounds)
    finally:
        sys.setswitchinterval(old)
    assert set(outcomes) <= {"ok", "deleted"}, outcomes
    assert sum(outcomes.values()) == rounds


def test_asarray_racing_delete_gives_the_value_or_the_deleted_error(client):
    # Both wait for the output of a pending execution, then race.
    exe = client.compile_and_load(_tanh_times(LARGE), client.devices()[:1])
    x = client.buffer_from_pyval(np.full(LARGE, 0.5, np.float32))
    outcomes = collections.Counter()
    for _ in range(100 * SCALE):
        (y,) = exe.execute([x])
        thread = threading.Thread(target=y.delete)
        thread.start()
        try:
            outcomes["ok" if np.allclose(np.asarray(y), EXPECTED) else "wrong"] += 1
        except XlaRuntimeError as err:
            assert "deleted" in str(err), err
            outcomes["deleted"] += 1
        thread.join()
    assert set(outcomes) <= {"ok", "deleted"}, outcomes


def test_eight_threads_of_multi_replica_executions_finish():
    # In a subprocess: a deadlock would otherwise hang pytest itself.
    script = textwrap.dedent(f"""
        import sys, threading
        import numpy as np
        from jaxlib import xla_client
        sys.setswitchinterval(1e-6)
        PROGRAM = '''
        module @f attributes {{mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 2 : i32}} {{
          func.func public @main(%x: tensor<3xf32>) -> tensor<3xf32> {{
            %0 = "stablehlo.all_reduce"(%x) ({{
              ^bb0(%a: tensor<f32>, %b: tensor<f32>):
                %s = stablehlo.add %a, %b : tensor<f32>
                stablehlo.return %s : tensor<f32>
            }}) {{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}}
              : (tensor<3xf32>) -> tensor<3xf32>
            return %0 : tensor<3xf32>
          }}
        }}
        '''
        for asynchronous in (True, False):
            client = xla_client.make_cpu_client(num_devices=2, asynchronous=asynchronous)
            exe = client.compile_and_load(PROGRAM, client.devices())
            errors = []

            def work(t):
                try:
                    for i in range({100 * SCALE}):
                        xs = [np.float32([t, i, 1]), np.float32([1, 1, 1])]
                        args = [[client.buffer_from_pyval(x, d)
                                 for x, d in zip(xs, client.devices())]]
                        out = exe.execute_sharded(args).disassemble_into_single_device_arrays()
                        for shard in out[0]:
                            assert np.array_equal(np.asarray(shard), [t + 1, i + 1, 2])
                except BaseException as err:
                    errors.append(err)

            threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert not errors, errors[:3]
        print("finished")
    """)
    # The child imports what this process imports (also when run with -S).
    flags = ["-S"] if sys.flags.no_site else []
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run([sys.executable, *flags, "-c", script], capture_output=True,
                            text=True, timeout=120, env=env)
    assert result.returncode == 0 and "finished" in result.stdout, result.stderr[-2000:]


def _donates_first(n: int) -> str:
    return f"""
func.func public @main(%a: tensor<{n}xf32> {{tf.aliasing_output = 0 : i32}},
                       %b: tensor<{n}xf32>) -> tensor<{n}xf32> {{
  %0 = stablehlo.subtract %a, %b : tensor<{n}xf32>
  return %0 : tensor<{n}xf32>
}}
"""


@pytest.mark.parametrize("n", [4, LARGE], ids=["inline", "stream"])
def test_a_donated_buffer_passed_twice_is_rejected(client, n):
    exe = client.compile_and_load(_donates_first(n), client.devices()[:1])
    x = client.buffer_from_pyval(np.ones(n, np.float32))
    with pytest.raises(XlaRuntimeError, match="donated buffer is also passed"):
        exe.execute([x, x])
    assert not x.is_deleted()  # nothing was donated
    y = client.buffer_from_pyval(np.ones(n, np.float32))
    (out,) = exe.execute([x, y])
    assert np.asarray(out)[0] == 0 and x.is_deleted()


def test_a_buffer_of_another_client_is_named_as_such(client):
    exe = client.compile_and_load(_tanh_times(SMALL), client.devices()[:1])
    other = xla_client.make_cpu_client()
    x = other.buffer_from_pyval(np.zeros(SMALL, np.float32))
    with pytest.raises(XlaRuntimeError, match="of another client"):
        exe.execute([x])


def test_out_of_memory_on_a_host_transfer_is_resource_exhausted(client):
    huge = np.broadcast_to(np.float32(1), (1 << 42,))  # 16 TiB, no memory of its own
    with pytest.raises(XlaRuntimeError, match="RESOURCE_EXHAUSTED"):
        client.buffer_from_pyval(huge)
