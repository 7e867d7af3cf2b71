"""Collectives of replicated programs on GPUs (collectives.py, nccl.py).

Each program runs over replicas on the GPU client and on the CPU client
(whose collectives are the core's reference kernels) and the results must
agree. On mock GPUs the replicas meet two ways: exchanging their arrays
through the rendezvous, and through NCCL, carried out here by a stand-in
library (nccl_stand_in.py) that does what NCCL's documentation says each call
does, on host memory, through the same pointers, with one thread per rank as
on GPUs. On a
GPU machine the same programs run on as many GPUs as there are (NCCL when
installed), and NCCL's bindings are checked on a communicator of one GPU.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
import time

import ml_dtypes
import numpy as np
import pytest
from nccl_stand_in import StandInNccl

from jaxlib import xla_client
from jaxlib.gpu_runtime import nccl
from jaxlib.xla_client import XlaRuntimeError

pytestmark = [pytest.mark.filterwarnings("error::DeprecationWarning:cupy"),
              pytest.mark.filterwarnings("error::DeprecationWarning:jaxlib")]

BACKEND = os.environ.get("JAXLIB_GPU_TEST_BACKEND", "mock")


@pytest.fixture
def stand_in(monkeypatch):
    """NCCL on mock GPUs: the stand-in library, with fresh communicators."""
    library = StandInNccl()
    monkeypatch.setitem(nccl._state, "library", library)
    monkeypatch.setitem(nccl._state, "communicators", {})
    monkeypatch.setitem(nccl._state, "across", {})
    monkeypatch.setitem(nccl._state, "status", "not used yet")
    return library


def _gpu_client(count: int):
    if BACKEND == "mock":
        return xla_client.make_gpu_client(mock=True, mock_gpu_topology=f"1x1x{count}")
    client = xla_client.make_gpu_client()
    if len(client.devices()) < count:
        pytest.skip(f"needs {count} GPUs")
    return client


def _run_replicas(client, text: str, per_replica: list[list[np.ndarray]]):
    devices = client.devices()[:len(per_replica)]
    executable = client.compile_and_load(text, devices)
    arguments = [[client.buffer_from_pyval(args[i], d) for args, d in zip(per_replica, devices)]
                 for i in range(len(per_replica[0]))]
    outputs = executable.execute_sharded(arguments).disassemble_into_single_device_arrays()
    return executable, [[np.asarray(shard) for shard in shards] for shards in outputs]


_TYPES = {np.float32: "f32", np.float16: "f16", np.float64: "f64", np.int32: "i32",
          np.int16: "i16", np.uint8: "ui8", np.bool_: "i1", np.complex64: "complex<f32>",
          np.int64: "i64", ml_dtypes.bfloat16: "bf16"}


def _tensor(shape, dtype) -> str:
    return f"tensor<{''.join(f'{n}x' for n in shape)}{_TYPES[dtype]}>"


def _module(replicas: int, body: str, operand: str, result: str) -> str:
    return (f"module attributes {{mhlo.num_replicas = {replicas} : i32, "
            "mhlo.num_partitions = 1 : i32} {\n"
            f"  func.func @main(%x: {operand}) -> {result} {{\n{body}\n"
            f"    return %r : {result}\n  }}\n}}\n")


def _groups(groups: list[list[int]]) -> str:
    rows = len(groups)
    return f"dense<{groups}> : tensor<{rows}x{len(groups[0])}xi64>"


def _reducing(name: str, op: str, shape, dtype, groups, attrs: str = "",
              result_shape=None) -> str:
    element = _tensor((), dtype)
    result = _tensor(result_shape or shape, dtype)
    return (f'    %r = "stablehlo.{name}"(%x) ({{\n'
            f"      ^bb0(%a: {element}, %b: {element}):\n"
            f"        %c = stablehlo.{op} %a, %b : {element}\n"
            f"        stablehlo.return %c : {element}\n"
            f"    }}) {{replica_groups = {_groups(groups)}{attrs}}} : "
            f"({_tensor(shape, dtype)}) -> {result}")


def _data(replicas: int, shape, dtype, seed: int = 0) -> list[list[np.ndarray]]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(replicas):
        if dtype == np.bool_:
            value = rng.random(shape) < 0.5
        elif dtype == np.complex64:
            value = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape))
        elif np.dtype(dtype).kind in "iu":
            value = rng.integers(0, 100, shape)
        else:
            value = rng.standard_normal(shape)
        out.append([np.asarray(value).astype(dtype)])
    return out


def _case(name: str) -> tuple[int, str, list[list[np.ndarray]]]:
    """(replicas, program, arguments per replica) of one named case."""
    four = [[0, 1, 2, 3]]
    pairs = [[0, 1], [2, 3]]
    if name.startswith("all_reduce"):
        _, op, dtype = name.split(":")
        dtype = {"f32": np.float32, "f16": np.float16, "i32": np.int32, "i16": np.int16,
                 "bool": np.bool_, "c64": np.complex64, "f64": np.float64,
                 "bf16": ml_dtypes.bfloat16}[dtype]
        shape = () if dtype == np.complex64 and op == "add" else (3, 5)
        body = _reducing("all_reduce", op, shape, dtype, pairs if dtype == np.int32 else four)
        return 4, _module(4, body, _tensor(shape, dtype), _tensor(shape, dtype)), _data(
            4, shape, dtype)
    if name.startswith(("all_gather", "reduce_scatter")):  # along dimension name[1]
        gather = name.startswith("all_gather")
        dim = int(name.split(":")[1])
        shape = (2, 3) if gather else (4, 8)
        dtype = ml_dtypes.bfloat16 if name.endswith(":bf16") else np.float32
        result = list(shape)
        result[dim] = result[dim] * 2 if gather else result[dim] // 4
        if gather:
            body = (f'    %r = "stablehlo.all_gather"(%x) {{all_gather_dim = {dim} : i64, '
                    f"replica_groups = {_groups(pairs)}}} : ({_tensor(shape, dtype)}) -> "
                    f"{_tensor(result, dtype)}")
        else:
            body = _reducing("reduce_scatter", "add", shape, dtype, four,
                             f", scatter_dimension = {dim} : i64", result)
        return 4, _module(4, body, _tensor(shape, dtype), _tensor(result, dtype)), _data(
            4, shape, dtype)
    if name == "all_to_all":
        shape, dtype = (4, 6), np.int32
        result = (8, 3)
        body = ('    %r = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, '
                "concat_dimension = 0 : i64, split_count = 2 : i64, "
                f"replica_groups = {_groups([[0, 2], [1, 3]])}}} : "
                f"({_tensor(shape, dtype)}) -> {_tensor(result, dtype)}")
        return 4, _module(4, body, _tensor(shape, dtype), _tensor(result, dtype)), _data(
            4, shape, dtype)
    if name.startswith("collective_permute"):
        pairs_attr = {"cycle": [[0, 1], [1, 2], [2, 3], [3, 0]],
                      "partial": [[0, 2], [3, 3], [1, 0]]}[name.split(":")[1]]
        shape, dtype = (3, 2), np.float64
        body = ('    %r = "stablehlo.collective_permute"(%x) {source_target_pairs = '
                f"dense<{pairs_attr}> : tensor<{len(pairs_attr)}x2xi64>}} : "
                f"({_tensor(shape, dtype)}) -> {_tensor(shape, dtype)}")
        return 4, _module(4, body, _tensor(shape, dtype), _tensor(shape, dtype)), _data(
            4, shape, dtype)
    if name == "collective_broadcast":
        shape, dtype = (5,), np.int64
        body = ('    %r = "stablehlo.collective_broadcast"(%x) {replica_groups = '
                f"{_groups([[2, 1], [3, 0]])}}} : ({_tensor(shape, dtype)}) -> "
                f"{_tensor(shape, dtype)}")
        return 4, _module(4, body, _tensor(shape, dtype), _tensor(shape, dtype)), _data(
            4, shape, dtype)
    raise KeyError(name)


# (case, whether NCCL serves it: else the replicas exchange their arrays)
CASES = {
    "all_reduce:add:f32": True, "all_reduce:maximum:f16": True, "all_reduce:add:i32": True,
    "all_reduce:multiply:f64": True, "all_reduce:or:bool": True, "all_reduce:and:bool": True,
    "all_reduce:add:c64": True, "all_reduce:xor:i32": False, "all_reduce:add:i16": False,
    "all_reduce:multiply:c64": False, "all_gather:0": True, "all_gather:1": True,
    "reduce_scatter:0": True, "reduce_scatter:1": True, "all_to_all": True,
    "collective_permute:cycle": True, "collective_permute:partial": True,
    "collective_broadcast": True,
    # bfloat16 on its carriers: rounded at each step (NCCL's bfloat16); moved as bits
    "all_reduce:add:bf16": True, "all_reduce:maximum:bf16": True,
    "all_reduce:multiply:bf16": True, "reduce_scatter:1:bf16": True, "all_gather:1:bf16": True,
}


def _expected(text: str, per_replica):
    cpu = xla_client.make_cpu_client(num_devices=len(per_replica))
    return _run_replicas(cpu, text, per_replica)[1]


def _same(got, want, name):
    for g, w in zip(got, want):
        for k, (a, b) in enumerate(zip(g, w)):
            assert a.dtype == b.dtype and a.shape == b.shape, (name, k)
            if a.dtype.kind in "fc":
                np.testing.assert_allclose(a, b, rtol=2e-3 if a.dtype == np.float16 else 1e-6,
                                           err_msg=f"{name} replica {k}")
            else:
                np.testing.assert_array_equal(a, b, err_msg=f"{name} replica {k}")


@pytest.mark.parametrize("name", list(CASES))
def test_replicas_exchange_device_arrays_without_nccl(name, monkeypatch):
    monkeypatch.setenv("JAXLIB_GPU_NCCL", "0")
    replicas, text, per_replica = _case(name)
    executable, got = _run_replicas(_gpu_client(replicas), text, per_replica)
    assert executable.reference_kernel_steps() == []  # a device step, not the host's
    _same(got, _expected(text, per_replica), name)


@pytest.mark.parametrize("name", list(CASES))
def test_replicas_meet_in_nccl(name, stand_in):
    if BACKEND != "mock" and nccl.library() is None:
        pytest.skip(f"no NCCL here: {nccl.status()}")
    replicas, text, per_replica = _case(name)
    executable, got = _run_replicas(_gpu_client(replicas), text, per_replica)
    assert executable.reference_kernel_steps() == []
    _same(got, _expected(text, per_replica), name)
    if BACKEND == "mock":
        nccl_calls = sum(n for call, n in stand_in.calls.items() if call != "ncclCommInitAll")
        assert (nccl_calls > 0) == CASES[name], stand_in.calls
    if CASES[name]:
        assert nccl.status() == "nccl"


def test_replicas_run_repeatedly_and_groups_keep_their_communicators(stand_in):
    replicas, text, per_replica = _case("all_reduce:add:f32")
    client = _gpu_client(replicas)
    devices = client.devices()[:replicas]
    executable = client.compile_and_load(text, devices)
    want = _expected(text, per_replica)
    for _ in range(3):  # eager, then what graph capture leaves (eager: collectives refuse it)
        arguments = [[client.buffer_from_pyval(args[0], d)
                      for args, d in zip(per_replica, devices)]]
        outputs = executable.execute_sharded(arguments).disassemble_into_single_device_arrays()
        _same([[np.asarray(s) for s in shards] for shards in outputs], want, "repeat")
    assert stand_in.calls["ncclCommInitAll"] == 1 and stand_in.calls["ncclAllReduce"] == 12


def test_communicators_are_set_up_before_the_replicas_start(stand_in):
    # ncclCommInitAll while replicas run could wait for a GPU whose NCCL kernel
    # waits for a replica blocked behind it
    for name in ("all_reduce:add:i32", "collective_permute:partial", "all_to_all"):
        replicas, text, per_replica = _case(name)
        _run_replicas(_gpu_client(replicas), text, per_replica)
    assert stand_in.made_by == {threading.main_thread().name}
    # groups [0, 1], [2, 3] (all_reduce), the replica axis (permute), [0, 2], [1, 3]
    assert stand_in.calls["ncclCommInitAll"] == 5


def test_a_failed_replica_aborts_the_communicators_its_peers_wait_in(stand_in):
    """A replica that fails after its peers queued a collective leaves their
    GPUs waiting for it: once every other replica only waits for its device,
    the communicators are aborted, which ends those waits."""
    from jaxlib.gpu_runtime.collectives import join_all

    device_wait = threading.Event()  # a peer's GPU, stuck in the collective
    waiting = [False, False]
    failed = []

    def peer():
        waiting[0] = True
        device_wait.wait(30)

    def failing():
        time.sleep(0.2)
        failed.append(RuntimeError("replica 1 failed"))

    aborted = []
    threads = [threading.Thread(target=peer), threading.Thread(target=failing)]
    for thread in threads:
        thread.start()
    join_all(threads, lambda: bool(failed), waiting,
             lambda: (aborted.append(True), device_wait.set()))
    assert aborted == [True] and not any(t.is_alive() for t in threads)
    # nccl.abort: every communicator over those GPUs, forgotten and set up again
    comms = nccl.communicators([0, 1])
    assert len(comms) == 2 and nccl.communicators([0, 1]) is comms
    nccl.abort([1])
    assert stand_in.calls["ncclCommAbort"] == 2 and nccl._state["communicators"] == {}
    assert nccl.communicators([0, 1]) is not comms


class _Peers:
    """The other process of a two-process group, as communicators_across
    sees it: its answers to each exchange, in order."""

    def __init__(self, *answers: bytes):
        self.answers = list(answers)
        self.offered: list[bytes] = []

    def share(self, payload: bytes) -> list[bytes]:
        self.offered.append(payload)
        return [payload, self.answers.pop(0)]


def _set_up_across(peers: _Peers, willing: bool = True) -> None:
    nccl.communicators_across([5, 9], [(0, 0)], willing, peers.share,
                              lambda ordinal: contextlib.nullcontext())


def test_a_group_across_processes_gets_its_communicator_from_a_shared_id(stand_in):
    peers = _Peers(b"n", b"ok")
    _set_up_across(peers)
    assert stand_in.calls["ncclGetUniqueId"] == 1 and stand_in.calls["ncclCommInitRank"] == 1
    assert len(peers.offered[0]) == 1 + 128 and peers.offered[1] == b"ok"
    comm = nccl.across_communicator([5, 9], 0)
    assert stand_in.comms[comm.value][1:] == (2, 0)  # rank 0 of 2
    _set_up_across(_Peers())  # set up once: no exchange the second time
    # a failed execution aborts it; the peers cannot set it up again with this process
    # alone, so its next use is an error naming why, never a wait for them
    nccl.abort([0])
    assert stand_in.calls["ncclCommAbort"] == 1
    with pytest.raises(nccl.NcclError, match="spans processes, so restart them"):
        nccl.across_communicator([5, 9], 0)


def test_a_group_across_processes_meets_in_nccl_everywhere_or_nowhere(stand_in):
    # the other process has no NCCL: host copies, no communicator made
    _set_up_across(_Peers(b""))
    assert nccl.across_communicator([5, 9], 0) is None
    assert stand_in.calls["ncclCommInitRank"] == 0
    assert nccl.status() == ("host copies between processes for devices [5, 9] "
                             "(a process of the group has no NCCL)")
    # this process has none: it offers nothing, and takes part all the same
    nccl._state["across"].clear()
    peers = _Peers(b"n" + bytes(128))
    _set_up_across(peers, willing=False)
    assert peers.offered == [b""] and nccl.across_communicator([5, 9], 0) is None
    # the other process failed to join: this one's communicator is aborted
    nccl._state["across"].clear()
    _set_up_across(_Peers(b"n", b""))
    assert stand_in.calls["ncclCommInitRank"] == 1 and stand_in.calls["ncclCommAbort"] == 1
    assert nccl.across_communicator([5, 9], 0) is None
    assert nccl.status().endswith("(another process could not set up NCCL)")
    # this one failed to join (NCCL refused): it says so, and both copy through the host
    nccl._state["across"].clear()
    stand_in.refuse = True
    peers = _Peers(b"n", b"ok")
    _set_up_across(peers)
    assert peers.offered[1] == b"" and nccl.across_communicator([5, 9], 0) is None
    assert "ncclCommInitRank (rank 0 of devices [5, 9]) failed with ncclResult 5" in \
        nccl.status()


def test_a_group_nccl_refuses_exchanges_its_arrays(monkeypatch):
    library = StandInNccl(refuse=True)
    monkeypatch.setitem(nccl._state, "library", library)
    monkeypatch.setitem(nccl._state, "communicators", {})
    monkeypatch.setitem(nccl._state, "status", "not used yet")
    replicas, text, per_replica = _case("all_gather:1")
    _, got = _run_replicas(_gpu_client(replicas), text, per_replica)
    _same(got, _expected(text, per_replica), "refused")
    assert library.calls["ncclAllGather"] == 0
    # the groups [0, 1] and [2, 3] each tried once (the status names the last)
    assert library.calls["ncclCommInitAll"] == 2
    assert re.match(r"device arrays between threads for GPUs \[(0, 1|2, 3)\] \(ncclCommInitAll "
                    r"over GPUs \[(0, 1|2, 3)\] failed with ncclResult 5", nccl.status())


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16])
def test_lone_collectives_stay_on_the_device(dtype):
    """A program on one GPU whose collectives are over itself (jax's psum on
    one device): device steps, so it can be captured as a graph."""
    t = _tensor((4,), dtype)
    text = _module(1, _reducing("all_reduce", "add", (4,), dtype, [[0]]), t, t)
    text = text.replace("%r = ", "%s = ").replace(
        "    return %r", '    %r = "stablehlo.collective_permute"(%s) {source_target_pairs = '
        f"dense<[[0, 0]]> : tensor<1x2xi64>}} : ({t}) -> {t}\n    return %r")
    client = _gpu_client(1)
    executable = client.compile_and_load(text, client.devices()[:1])
    assert executable.reference_kernel_steps() == []
    x = np.arange(4).astype(dtype)
    for _ in range(3):
        (out,) = executable.execute([client.buffer_from_pyval(x)])
        np.testing.assert_array_equal(np.asarray(out), x)
    assert executable.graph_status() == ("eager" if BACKEND == "mock" else "graph")


def test_bad_groups_are_errors_at_run_time(stand_in):
    text = _module(2, '    %r = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, '
                      "concat_dimension = 0 : i64, split_count = 2 : i64, "
                      "replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : "
                      "(tensor<4xf32>) -> tensor<4xf32>",
                   _tensor((4,), np.float32), _tensor((4,), np.float32))
    client = _gpu_client(2)
    with pytest.raises(XlaRuntimeError, match="replica_groups|split_count"):
        _run_replicas(client, text, _data(2, (4,), np.float32))


def test_nccl_off_or_missing_is_reported(monkeypatch):
    monkeypatch.setitem(nccl._state, "library", None)
    monkeypatch.setitem(nccl._state, "status", "not used yet")
    monkeypatch.setenv("JAXLIB_GPU_NCCL", "0")
    assert nccl.library() is None and nccl.status() == "off (JAXLIB_GPU_NCCL=0)"
    monkeypatch.delenv("JAXLIB_GPU_NCCL")
    monkeypatch.setitem(nccl._state, "status", "not used yet")
    monkeypatch.setattr(nccl, "_candidates", lambda: ["/nonexistent/libnccl.so.2"])

    def nothing_loaded(prefix, sonames):
        raise OSError(f"no {prefix}")

    monkeypatch.setattr("jaxlib.gpu_runtime.cublas.loaded_library", nothing_loaded)
    assert nccl.library() is None and nccl.communicators([0, 1]) is None
    assert nccl.status().startswith("device arrays between threads (OSError: no libnccl")


def test_the_real_library_on_one_gpu():
    """NCCL's bindings on a communicator of one GPU: every call nccl.py makes."""
    if BACKEND == "mock":
        pytest.skip("needs a GPU")
    import cupy

    if nccl.library() is None:
        pytest.skip(f"no NCCL here: {nccl.status()}")
    assert nccl.version() >= 20700
    (comm,) = nccl.communicators([0])
    with cupy.cuda.Device(0):
        stream = cupy.cuda.Stream(non_blocking=True)
        with stream:
            link = nccl.Link(comm, 0, 1, stream.ptr)
            x = cupy.arange(12, dtype=cupy.float32)
            y = cupy.empty_like(x)
            link.all_reduce(x, y, 12, nccl.data_type(np.dtype(np.float32)), nccl.SUM)
            gathered = cupy.empty_like(x)
            link.all_gather(x, gathered, x.nbytes, nccl.BYTES)
            part = cupy.empty_like(x)
            link.reduce_scatter(x, part, 12, nccl.data_type(np.dtype(np.float32)), nccl.MAX)
            copied = cupy.empty_like(x)
            link.broadcast(x, copied, x.nbytes, nccl.BYTES, 0)
            received = cupy.empty_like(x)
            link.send_and_receive([(x, 0)], [(received, 0)])
            stream.synchronize()
    for result in (y, gathered, part, copied, received):
        np.testing.assert_array_equal(cupy.asnumpy(result), np.arange(12, dtype=np.float32))
    # the multi-process set-up (ncclGetUniqueId, the id by value to ncclCommInitRank) on a
    # group of one process, as a group spanning processes makes its communicators
    nccl._state["across"].pop((7,), None)
    nccl.communicators_across([7], [(0, 0)], True, lambda payload: [payload], cupy.cuda.Device)
    comm = nccl.across_communicator([7], 0)
    assert comm is not None, nccl.status()
    with cupy.cuda.Device(0):
        stream = cupy.cuda.Stream(non_blocking=True)
        x = cupy.arange(12, dtype=cupy.float32)
        y = cupy.empty_like(x)
        nccl.Link(comm, 0, 1, stream.ptr).all_reduce(
            x, y, 12, nccl.data_type(np.dtype(np.float32)), nccl.SUM)
        stream.synchronize()
    np.testing.assert_array_equal(cupy.asnumpy(y), np.arange(12, dtype=np.float32))


# --- shard_map bodies: one instance per GPU ------------------------------------------

SHARD_MAP_PROGRAMS = ["md4_shard_map_psum", "md4_shard_map_all_gather",
                      "md4_shard_map_ppermute", "md4_shard_map_psum_scatter",
                      "md4_shard_map_all_to_all", "md22_shard_map_pmax_pmin",
                      "md2_shard_map_psum", "md4_shard_map_psum_int"]


def _corpus_program(name: str):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests"))
    import test_corpus

    return test_corpus, *test_corpus._load(name)


class _CorpusRun:
    """A multi-device corpus program compiled for as many GPUs, its arguments
    placed as its input shardings say, its outputs checked shard by shard."""

    def __init__(self, name: str):
        self.name = name
        self.corpus, self.meta, text, inputs, self.expected = _corpus_program(name)
        self.n = self.meta["num_devices"]
        self.client = _gpu_client(self.n)
        self.devices = self.client.devices()[:self.n]
        self.executable = self.client.compile_and_load(text, self.devices)
        self.arguments = [[self.client.buffer_from_pyval(np.ascontiguousarray(value[index]), d)
                           for index, d in zip(self.indices(spec, value.shape), self.devices)]
                          for value, spec in zip(inputs, self.meta["inputs"])]

    def indices(self, spec, shape):
        from jaxlib._src.ir.hlo_sharding import HloSharding, _hlo_sharding_indices

        return _hlo_sharding_indices(HloSharding.from_string(spec["sharding"]), shape, self.n)

    def run(self, arguments=None):
        return self.executable.execute_sharded(
            arguments or self.arguments).disassemble_into_single_device_arrays()

    def check(self, outputs) -> None:
        for i, (shards, want, spec) in enumerate(zip(outputs, self.expected,
                                                     self.meta["outputs"])):
            for d, index, shard in zip(self.devices, self.indices(spec, want.shape), shards):
                assert shard.device is d
                self.corpus._check(np.asarray(shard), np.ascontiguousarray(want[index]), spec,
                                   f"{self.name} out{i} on {d!r}")


@pytest.mark.parametrize("name", SHARD_MAP_PROGRAMS)
def test_shard_map_bodies_run_per_gpu_and_meet_in_nccl(name, stand_in, monkeypatch):
    """Inside a global-view program: the blocks copied to each GPU and back."""
    from jaxlib.gpu_runtime.client import GpuExecutable

    monkeypatch.setattr(GpuExecutable, "_matching_per_device_entry", lambda self: None)
    program = _CorpusRun(name)
    for _ in range(2):
        program.check(program.run())
    # the manual computation, its collectives and partition ids are device steps
    assert program.executable.reference_kernel_steps() == []
    if BACKEND == "mock":
        assert sum(n for call, n in stand_in.calls.items() if call != "ncclCommInitAll") > 0


def test_a_one_device_shard_map_stays_in_the_graph():
    """shard_map over a mesh of one GPU: the body runs inline, on the device."""
    text = """
module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=1]>
  func.func public @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>]
        out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%a: tensor<8xf32>) {
      %1 = stablehlo.multiply %a, %a : tensor<8xf32>
      %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1,
          type = 1>, replica_groups = dense<[[0]]> : tensor<1x1xi64>,
          use_global_device_ids}> ({
        ^bb0(%l: tensor<f32>, %r: tensor<f32>):
          %s = stablehlo.add %l, %r : tensor<f32>
          stablehlo.return %s : tensor<f32>
      }) : (tensor<8xf32>) -> tensor<8xf32>
      %3 = stablehlo.partition_id : tensor<ui32>
      %4 = stablehlo.convert %3 : (tensor<ui32>) -> tensor<f32>
      %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<8xf32>
      %6 = stablehlo.add %2, %5 : tensor<8xf32>
      sdy.return %6 : tensor<8xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
"""
    client = _gpu_client(1)
    executable = client.compile_and_load(text, client.devices()[:1])
    assert executable.reference_kernel_steps() == []
    x = np.arange(8, dtype=np.float32)
    for _ in range(3):
        (out,) = executable.execute([client.buffer_from_pyval(x)])
        np.testing.assert_array_equal(np.asarray(out), x * x)
    assert executable.graph_status() == ("eager" if BACKEND == "mock" else "graph")


@pytest.mark.parametrize("name", ["md2_elementwise", "md4_shard_map_psum",
                                  "md4_shard_map_all_gather"])
def test_partitioned_programs_move_shards_between_devices(name, monkeypatch):
    """Global-view programs assemble their arguments and split their results
    with device-to-device copies: nothing is read back to the host."""
    from jaxlib.gpu_runtime.client import GpuBuffer

    program = _CorpusRun(name)
    read_back = GpuBuffer.ndarray

    def refuse(self):
        raise AssertionError("a shard went through host memory")

    monkeypatch.setattr(GpuBuffer, "ndarray", refuse)
    outputs = program.run()
    monkeypatch.setattr(GpuBuffer, "ndarray", read_back)
    program.check(outputs)


@pytest.mark.parametrize("name", SHARD_MAP_PROGRAMS)
def test_a_top_level_shard_map_runs_on_each_devices_own_shards(name, stand_in, monkeypatch):
    """An entry that is one shard_map: each device runs its instance on the
    shards it holds, with no global value assembled on the first device."""
    from jaxlib.gpu_runtime.client import GpuExecutable

    program = _CorpusRun(name)
    assert program.executable._per_device_entry() is not None

    def global_view(*args, **kwargs):
        raise AssertionError("ran in global view")

    for method in ("_assembled_on", "_split_from", "_run_on"):
        monkeypatch.setattr(GpuExecutable, method, global_view)
    for _ in range(2):
        program.check(program.run())
    wrong = [[program.client.buffer_from_pyval(np.zeros((1,) * len(a[0].shape), a[0].dtype), d)
              for d in program.devices] for a in program.arguments]
    with pytest.raises(XlaRuntimeError, match="expected shard shape"):
        program.run(wrong)


def test_other_partitioned_programs_stay_in_global_view():
    assert _CorpusRun("md2_elementwise").executable._per_device_entry() is None


# A data-parallel step over four GPUs: rows of x on each, w whole; the
# gradient x^T @ (x @ w) is summed over the devices.
_DATA_PARALLEL = """
module @dp attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%x: tensor<8x12xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"},
                         %w: tensor<12x8xf32> {mhlo.sharding = "{replicated}"})
      -> (tensor<8x8xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"},
          tensor<12x8xf32> {mhlo.sharding = "{replicated}"}) {
    %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<8x12xf32>, tensor<12x8xf32>) -> tensor<8x8xf32>
    %t = stablehlo.tanh %y : tensor<8x8xf32>
    %g = stablehlo.dot_general %x, %t, contracting_dims = [0] x [0]
      : (tensor<8x12xf32>, tensor<8x8xf32>) -> tensor<12x8xf32>
    return %t, %g : tensor<8x8xf32>, tensor<12x8xf32>
  }
}
"""


# FSDP: the weights' rows split over the GPUs too: the forward gathers them,
# the weight gradient is summed straight into each GPU's rows (a reduce-scatter).
_FSDP = _DATA_PARALLEL.replace(
    '%w: tensor<12x8xf32> {mhlo.sharding = "{replicated}"}',
    '%w: tensor<12x8xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"}').replace(
    'tensor<12x8xf32> {mhlo.sharding = "{replicated}"}) {',
    'tensor<12x8xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"}) {')


@pytest.mark.parametrize("with_nccl", [False, True])
def test_fsdp_gathers_weights_and_scatters_their_gradient(with_nccl, stand_in, monkeypatch):
    if not with_nccl:
        monkeypatch.setenv("JAXLIB_GPU_NCCL", "0")
    rng = np.random.default_rng(4)
    x = rng.normal(size=(8, 12)).astype(np.float32)
    w = rng.normal(size=(12, 8)).astype(np.float32)
    client = _gpu_client(4)
    devices = client.devices()[:4]
    executable = client.compile_and_load(_FSDP, devices)
    args = [[client.buffer_from_pyval(x[2 * k:2 * k + 2], d) for k, d in enumerate(devices)],
            [client.buffer_from_pyval(w[3 * k:3 * k + 3], d) for k, d in enumerate(devices)]]
    ys, gs = [[np.asarray(s) for s in shards] for shards in
              executable.execute_sharded(args).disassemble_into_single_device_arrays()]
    local = executable._compiled.partitioned()
    names = [op.name for op in local.module.walk()]
    assert names.count("stablehlo.reduce_scatter") == 1 and "stablehlo.all_reduce" not in names
    t = np.tanh(x @ w)
    np.testing.assert_allclose(np.concatenate(ys), t, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.concatenate(gs), x.T @ t, rtol=1e-5, atol=1e-5)


def _run_data_parallel(client, x, w):
    devices = client.devices()[:4]
    executable = client.compile_and_load(_DATA_PARALLEL, devices)
    args = [[client.buffer_from_pyval(x[2 * k:2 * k + 2], d) for k, d in enumerate(devices)],
            [client.buffer_from_pyval(w, d) for d in devices]]
    outputs = executable.execute_sharded(args).disassemble_into_single_device_arrays()
    return executable, [[np.asarray(s) for s in shards] for shards in outputs]


@pytest.mark.parametrize("with_nccl", [False, True])
def test_spmd_programs_run_per_gpu_on_their_own_shards(with_nccl, stand_in, monkeypatch):
    """By default an SPMD program over several GPUs runs its per-device
    program (core's SPMD partitioner) on every GPU: nothing is assembled on
    the first GPU, the gradient meets in one all-reduce (NCCL or device
    arrays exchanged)."""
    from jaxlib.gpu_runtime.client import GpuExecutable

    if not with_nccl:
        monkeypatch.setenv("JAXLIB_GPU_NCCL", "0")
    rng = np.random.default_rng(3)
    x = rng.normal(size=(8, 12)).astype(np.float32)
    w = rng.normal(size=(12, 8)).astype(np.float32)
    client = _gpu_client(4)

    def global_view(*args, **kwargs):
        raise AssertionError("ran in global view")

    with monkeypatch.context() as patched:
        patched.setattr(GpuExecutable, "_assembled_on", global_view)
        patched.setattr(GpuExecutable, "_execute_global", global_view)
        for _ in range(2):
            executable, (ys, gs) = _run_data_parallel(client, x, w)
    assert executable._compiled.partition_refusal is None
    t = np.tanh(x @ w)
    np.testing.assert_allclose(np.concatenate(ys), t, rtol=1e-5, atol=1e-6)
    for g in gs:
        np.testing.assert_allclose(g, x.T @ t, rtol=1e-5, atol=1e-5)
    if BACKEND == "mock":
        assert (stand_in.calls.get("ncclAllReduce", 0) > 0) == with_nccl, stand_in.calls
    monkeypatch.setenv("JAXLIB_SPMD_PARTITIONS", "global")
    _, (ys_global, gs_global) = _run_data_parallel(client, x, w)
    np.testing.assert_allclose(np.concatenate(ys_global), np.concatenate(ys), rtol=1e-6)
    np.testing.assert_allclose(gs_global[0], gs[0], rtol=1e-5, atol=1e-5)
