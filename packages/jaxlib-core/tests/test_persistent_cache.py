"""The persistent compilation cache (compiler/persistent_cache.py): entries on
disk that rebuild a compiled program without parsing or planning."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.backends.cpu.plan import NativeProgram
from jaxlib._src.base import envelope
from jaxlib._src.compiler import persistent_cache, pipeline

WHILE = """
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
    %s = stablehlo.multiply %x, %y : tensor<4xf32>
    %t = stablehlo.add %y, %a : tensor<4xf32>
    stablehlo.return %j, %s, %t : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#1, %r#2, %r#0 : tensor<4xf32>, tensor<4xf32>, tensor<i32>
}
"""

# Carried values big enough to trade storage with their results (ping-pong).
WHILE_BIG = WHILE.replace("tensor<4xf32>", "tensor<512xf32>")

# A dot reading a transposed operand, plus a dense constant (stored as raw bytes).
DOT = """
func.func public @main(%a: tensor<16x8xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %at = stablehlo.transpose %a, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
  %d = stablehlo.dot_general %at, %b, contracting_dims = [1] x [0]
      : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %bias = stablehlo.constant dense<[0.5, -1.0, 2.0, 3.25]> : tensor<4xf32>
  %bb = stablehlo.broadcast_in_dim %bias, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
  %r = stablehlo.add %d, %bb : tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
"""

# Large enough for the fused reductions to run in blocks of rows.
SOFTMAX = """
func.func public @main(%x: tensor<256x4096xf32>) -> tensor<256x4096xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1]
      : (tensor<256x4096xf32>, tensor<f32>) -> tensor<256xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<256xf32>) -> tensor<256x4096xf32>
  %d = stablehlo.subtract %x, %mb : tensor<256x4096xf32>
  %e = stablehlo.exponential %d : tensor<256x4096xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<256x4096xf32>, tensor<f32>) -> tensor<256xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<256xf32>) -> tensor<256x4096xf32>
  %r = stablehlo.divide %e, %sb : tensor<256x4096xf32>
  return %r : tensor<256x4096xf32>
}
"""

CASE = """
func.func public @main(%i: tensor<i32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %r = "stablehlo.case"(%i) ({
    %n = stablehlo.negate %x : tensor<3xf32>
    stablehlo.return %n : tensor<3xf32>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<3xf32>
    stablehlo.return %m : tensor<3xf32>
  }) : (tensor<i32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}
"""

ADD = """
func.func public @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %r = stablehlo.add %a, %b : tensor<3xf32>
  return %r : tensor<3xf32>
}
"""

# Shape-polymorphic: refined and planned per argument signature, in memory.
POLYMORPHIC = """
func.func public @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %r = stablehlo.add %a, %a : tensor<?xf32>
  return %r : tensor<?xf32>
}
"""

_RNG = np.random.default_rng(0)
PROGRAMS = {
    "while": (WHILE, [np.float32([1, 2, 3, 4]), np.float32([0.5, 1, -1, 2])]),
    "while_big": (WHILE_BIG, [np.linspace(-1, 1, 512, dtype=np.float32),
                              np.linspace(0.5, 1.5, 512, dtype=np.float32)]),
    "dot": (DOT, [_RNG.standard_normal((16, 8), np.float32),
                  _RNG.standard_normal((16, 4), np.float32)]),
    "softmax": (SOFTMAX, [_RNG.standard_normal((256, 4096), np.float32)]),
    "case": (CASE, [np.int32(1), np.float32([1, -2, 3])]),
}


@pytest.fixture
def client():
    return xla_client.make_cpu_client()


@pytest.fixture
def cache_dir(tmp_path):
    """A fresh persistent cache, and an empty in-memory cache around the test."""
    directory = tmp_path / "cache"
    pipeline.clear_compilation_cache()
    persistent_cache.set_cache_dir(directory)
    yield directory
    persistent_cache.reset_cache_dir()
    pipeline.clear_compilation_cache()


def _entries(directory: Path) -> list[Path]:
    return sorted(directory.glob("*" + persistent_cache.SUFFIX)) if directory.exists() else []


def _count_parses(monkeypatch) -> list[int]:
    """Counts parses from now on (a list holding the count, once one happened)."""
    parses: list[int] = []
    real = pipeline.parse_program

    def counting(text):
        parses[:] = [parses[0] + 1 if parses else 1]
        return real(text)

    monkeypatch.setattr(pipeline, "parse_program", counting)
    return parses


def _run(client, text: str, args: list[np.ndarray], options=None):
    device = client.devices()[0]
    executable = client.compile_and_load(text, [device], options)
    buffers = [client.buffer_from_pyval(a, device) for a in args]
    return executable, [np.asarray(r) for r in executable.execute(buffers)]


def _fresh_results(client, text: str, args: list[np.ndarray]) -> list[np.ndarray]:
    """Results of a compile that sees no cache at all."""
    saved = persistent_cache.cache_dir()
    persistent_cache.set_cache_dir(None)
    pipeline.clear_compilation_cache()
    try:
        return _run(client, text, args)[1]
    finally:
        persistent_cache.set_cache_dir(saved)
        pipeline.clear_compilation_cache()


def _refuse_parsing(monkeypatch) -> None:
    def refuse(text: str):
        raise AssertionError("the program was parsed")

    monkeypatch.setattr(pipeline, "parse_program", refuse)


def test_disabled_by_default(client, monkeypatch, tmp_path):
    monkeypatch.delenv(persistent_cache.ENV_VAR, raising=False)
    persistent_cache.reset_cache_dir()
    assert persistent_cache.cache_dir() is None

    def no_store(*args, **kwargs):
        raise AssertionError("stored while the persistent cache is off")

    monkeypatch.setattr(persistent_cache, "store", no_store)
    pipeline.clear_compilation_cache()
    _, (result,) = _run(client, ADD, [np.float32([1, 2, 3]), np.float32([1, 1, 1])])
    np.testing.assert_array_equal(result, [2, 3, 4])
    pipeline.clear_compilation_cache()


def test_environment_variable_turns_it_on(client, monkeypatch, tmp_path):
    directory = tmp_path / "from-env"
    monkeypatch.setenv(persistent_cache.ENV_VAR, str(directory))
    persistent_cache.reset_cache_dir()
    assert persistent_cache.cache_dir() == directory
    pipeline.clear_compilation_cache()
    try:
        _run(client, ADD, [np.float32([1, 2, 3]), np.float32([1, 1, 1])])
    finally:
        pipeline.clear_compilation_cache()
    assert len(_entries(directory)) == 1
    persistent_cache.set_cache_dir(None)  # the explicit setting wins over the variable
    assert persistent_cache.cache_dir() is None
    persistent_cache.reset_cache_dir()


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_hit_rebuilds_without_parsing_and_matches_a_fresh_compile(client, cache_dir,
                                                                    monkeypatch, name):
    text, args = PROGRAMS[name]
    want = _fresh_results(client, text, args)
    first = client.compile_and_load(text, client.devices()[:1])
    assert isinstance(first._compiled.program, NativeProgram)
    assert len(_entries(cache_dir)) == 1
    pipeline.clear_compilation_cache()
    with monkeypatch.context() as patch:
        _refuse_parsing(patch)
        executable, got = _run(client, text, args)
        assert executable._compiled.ir is None  # the IR was not needed to run
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_array_equal(g, w)


def test_the_ir_of_a_hit_is_parsed_when_asked_for(client, cache_dir):
    text, args = PROGRAMS["dot"]
    fresh = client.compile_and_load(text, client.devices()[:1])
    fresh_hlo = fresh.hlo_modules()[0].to_string()
    fresh_mlir = fresh.hlo_modules()[0].to_mlir_text()
    fresh_cost = fresh.cost_analysis()
    pipeline.clear_compilation_cache()
    hit = client.compile_and_load(text, client.devices()[:1])
    assert hit._compiled.ir is None
    assert hit.hlo_modules()[0].to_string() == fresh_hlo
    assert hit.hlo_modules()[0].to_mlir_text() == fresh_mlir
    assert hit.cost_analysis() == fresh_cost
    assert hit._compiled.ir is not None
    assert hit.fingerprint == fresh.fingerprint
    assert hit.get_compiled_memory_stats().argument_size_in_bytes == (16 * 8 + 16 * 4) * 4


def test_metadata_survives_a_hit(client, cache_dir):
    text = """
    func.func public @main(%a: tensor<4xf32> {tf.aliasing_output = 0 : i32},
                           %b: tensor<4xf32> {jax.buffer_donor = true})
        -> (tensor<4xf32> {mhlo.sharding = "{replicated}",
                           mhlo.memory_kind = "pinned_host"}, tensor<4xf32>) {
      %r = stablehlo.add %a, %b : tensor<4xf32>
      return %r, %r : tensor<4xf32>, tensor<4xf32>
    }
    """
    fresh = pipeline.compile_program(text)
    pipeline.clear_compilation_cache()
    hit = pipeline.compile_program(text)
    assert hit.ir is None
    for attribute in ("entry_name", "parameter_types", "result_types", "num_replicas",
                      "num_partitions", "parameter_shardings", "result_shardings",
                      "output_aliases", "donated_parameters", "polymorphic",
                      "result_memory_kinds"):
        assert getattr(hit, attribute) == getattr(fresh, attribute), attribute
    assert hit.output_aliases == {0: 0} and hit.donated_parameters == {0, 1}
    assert hit.result_memory_kinds == ["pinned_host", "device"]
    assert hit.result_shardings == ["{replicated}", None]


_CHILD = textwrap.dedent("""
    import json, sys
    import numpy as np
    from jaxlib import xla_client
    from jaxlib._src.compiler import pipeline

    parses = []
    parse = pipeline.parse_program

    def counting_parse(text):
        parses.append(1)
        return parse(text)

    pipeline.parse_program = counting_parse
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    text = open(sys.argv[1]).read()
    args = [np.asarray(a, np.float32) for a in json.loads(sys.argv[2])]
    executable = client.compile_and_load(text, [device])
    parsed_to_compile = len(parses)
    outs = executable.execute([client.buffer_from_pyval(a, device) for a in args])
    print(json.dumps({"parsed": parsed_to_compile,
                      "results": [np.asarray(o).tolist() for o in outs],
                      "hlo": executable.hlo_modules()[0].to_string()}))
""")


def _child(program: Path, args: list, cache: Path) -> dict:
    env = dict(os.environ, **{persistent_cache.ENV_VAR: str(cache)})
    done = subprocess.run([sys.executable, "-c", _CHILD, str(program), json.dumps(args)],
                          env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_fresh_process_hits_without_parsing(tmp_path):
    program = tmp_path / "while.mlir"
    program.write_text(WHILE)
    args = [[1, 2, 3, 4], [0.5, 1, -1, 2]]
    cache = tmp_path / "cache"
    cold = _child(program, args, cache)
    assert cold["parsed"] == 1 and len(_entries(cache)) == 1
    hit = _child(program, args, cache)
    assert hit["parsed"] == 0
    assert hit["results"] == cold["results"]
    assert hit["hlo"] == cold["hlo"]  # the IR is still there when asked for


def test_processes_compiling_at_once_leave_one_whole_entry(tmp_path):
    program = tmp_path / "dot.mlir"
    program.write_text(DOT)
    cache = tmp_path / "cache"
    env = dict(os.environ, **{persistent_cache.ENV_VAR: str(cache)})
    args = json.dumps([np.ones((16, 8)).tolist(), np.ones((16, 4)).tolist()])
    children = [subprocess.Popen([sys.executable, "-c", _CHILD, str(program), args], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for _ in range(3)]
    outputs = [json.loads(c.communicate()[0].strip().splitlines()[-1]) for c in children]
    assert all(c.returncode == 0 for c in children)
    assert len({json.dumps(o["results"]) for o in outputs}) == 1
    (entry,) = _entries(cache)
    assert not [p for p in cache.iterdir() if p != entry]  # no temporary files left
    assert persistent_cache.load(cache, entry.name[:-len(persistent_cache.SUFFIX)]) is not None


@pytest.mark.parametrize("damage", ["truncate", "flip_payload", "flip_metadata", "garbage",
                                    "empty", "other_version"])
def test_damaged_entries_are_recompiled_and_overwritten(client, cache_dir, damage, monkeypatch):
    text, args = PROGRAMS["dot"]
    want = _fresh_results(client, text, args)
    client.compile_and_load(text, client.devices()[:1])
    (entry,) = _entries(cache_dir)
    data = bytearray(entry.read_bytes())
    if damage == "truncate":
        data = data[:len(data) // 2]
    elif damage == "flip_payload":
        data[-3] ^= 0xFF
    elif damage == "flip_metadata":
        data[envelope.HEADER.size + 8 + 10] ^= 0x01  # after the metadata's length
    elif damage == "garbage":
        data = bytearray(b"not an entry at all" * 10)
    elif damage == "empty":
        data = bytearray()
    elif damage == "other_version":
        data[8:12] = (persistent_cache.FORMAT_VERSION + 1).to_bytes(4, "little")
    entry.write_bytes(bytes(data))
    key = entry.name[:-len(persistent_cache.SUFFIX)]
    assert persistent_cache.load(cache_dir, key) is None
    pipeline.clear_compilation_cache()
    parses = _count_parses(monkeypatch)
    executable, got = _run(client, text, args)
    assert parses == [1]  # compiled again
    np.testing.assert_array_equal(got[0], want[0])
    assert persistent_cache.load(cache_dir, key) is not None  # and written again


def test_an_entry_whose_plan_does_not_check_out_is_recompiled(client, cache_dir, monkeypatch):
    """A well-formed file whose plan indexes out of range never reaches the executor."""
    text, args = PROGRAMS["dot"]
    want = _fresh_results(client, text, args)
    client.compile_and_load(text, client.devices()[:1])
    (entry,) = _entries(cache_dir)
    key = entry.name[:-len(persistent_cache.SUFFIX)]
    stored = persistent_cache.load(cache_dir, key)
    stored.value["plan"]["arena_size"] = 0  # arena slots now lie outside the arena
    assert persistent_cache.store(cache_dir, key, stored)
    pipeline.clear_compilation_cache()
    parses = _count_parses(monkeypatch)
    executable, got = _run(client, text, args)
    assert parses == [1]
    np.testing.assert_array_equal(got[0], want[0])


@pytest.mark.parametrize("flags", [[1, 1, 1], [True, True], [None, True, True], "yes"])
def test_an_entry_with_bad_swap_flags_is_recompiled(client, cache_dir, monkeypatch, flags):
    """A while step's swap flags (storages that trade places) are checked
    before they reach the executor: one per carried value, bools, and only
    for arena results of their own."""
    text, args = PROGRAMS["while_big"]
    want = _fresh_results(client, text, args)
    client.compile_and_load(text, client.devices()[:1])
    (entry,) = _entries(cache_dir)
    key = entry.name[:-len(persistent_cache.SUFFIX)]
    stored = persistent_cache.load(cache_dir, key)
    (loop,) = [step for region in stored.value["plan"]["regions"] for step in region
               if step[0] == "while"]
    assert len(loop) == 8 and loop[7] == [False, True, True]  # the planner swapped x and y
    loop[7] = flags
    assert persistent_cache.store(cache_dir, key, stored)
    pipeline.clear_compilation_cache()
    parses = _count_parses(monkeypatch)
    executable, got = _run(client, text, args)
    assert parses == [1]
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_arrays_of_python_objects_are_refused(tmp_path):
    entry = persistent_cache.CacheEntry({"x": 1}, [np.arange(4, dtype=np.int64)])
    assert persistent_cache.store(tmp_path, "k", entry)
    path = tmp_path / ("k" + persistent_cache.SUFFIX)
    data = path.read_bytes()
    # Rewrite the dtype in place and seal it again with the key: a deliberate,
    # authenticated file.
    tampered = data.replace(b'"dtype":"int64"', b'"dtype":"object"')
    mac = functools.partial(persistent_cache._mac,
                            persistent_cache._secret(tmp_path, create=False), "k")
    path.write_bytes(envelope.seal(b"JXLCACHE", persistent_cache.FORMAT_VERSION,
                                   tampered[envelope.HEADER.size:], mac))
    assert persistent_cache.load(tmp_path, "k") is None


def test_options_and_switches_select_different_entries(client, cache_dir, monkeypatch):
    args = [np.float32([1, 2, 3]), np.float32([1, 1, 1])]
    _run(client, ADD, args)
    options = xla_client.CompileOptions()
    options.profile_version = 7
    _run(client, ADD, args, options)
    assert len(_entries(cache_dir)) == 2
    # A dot alone is native with and without fusion.
    matmul = """
    func.func public @main(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
      %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
          : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      return %r : tensor<4x4xf32>
    }
    """
    square = [np.eye(4, dtype=np.float32)] * 2
    _run(client, matmul, square)
    assert len(_entries(cache_dir)) == 3
    monkeypatch.setenv("JAXLIB_CPU_FUSION", "0")
    pipeline.clear_compilation_cache()
    _run(client, matmul, square)
    assert len(_entries(cache_dir)) == 4
    monkeypatch.setenv("JAXLIB_CPU_FUSION", "1")  # the default, spelled out: same entry
    pipeline.clear_compilation_cache()
    _run(client, matmul, square)
    assert len(_entries(cache_dir)) == 4
    key = persistent_cache.entry_key(ADD, b"")
    assert key == persistent_cache.entry_key(ADD, b"")
    assert key != persistent_cache.entry_key(ADD + " ", b"")
    assert key != persistent_cache.entry_key(ADD, b"\x01")


def test_programs_that_need_python_stay_in_memory(client, cache_dir):
    pipeline.compile_program(POLYMORPHIC)
    assert not _entries(cache_dir)
    pipeline.compile_program(ADD, host_callbacks=[lambda: None])
    assert not _entries(cache_dir)
    cholesky = """
    func.func public @main(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
      %r = stablehlo.cholesky %x, lower = true : tensor<3x3xf32>
      return %r : tensor<3x3xf32>
    }
    """
    compiled = pipeline.compile_program(cholesky)
    assert compiled.program.python_steps == 1  # its reference kernel runs as a Python step
    assert not _entries(cache_dir)
    pipeline.clear_compilation_cache()
    assert pipeline.compile_program(cholesky).ir is not None  # compiled again


def test_an_unwritable_directory_only_costs_the_entry(client, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    persistent_cache.set_cache_dir(blocker / "cache")  # cannot be created
    pipeline.clear_compilation_cache()
    try:
        _, (result,) = _run(client, ADD, [np.float32([1, 2, 3]), np.float32([1, 1, 1])])
    finally:
        persistent_cache.reset_cache_dir()
        pipeline.clear_compilation_cache()
    np.testing.assert_array_equal(result, [2, 3, 4])


# -- the directory's bound ----------------------------------------------------------


def _scaled(factor: int) -> str:
    """A distinct small program per factor (one entry each)."""
    return f"""
    func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {{
      %c = stablehlo.constant dense<{factor}.0> : tensor<4xf32>
      %r = stablehlo.multiply %a, %c : tensor<4xf32>
      return %r : tensor<4xf32>
    }}
    """


def _age(path: Path, seconds_ago: float) -> None:
    stamp = path.stat().st_mtime - seconds_ago
    os.utime(path, (stamp, stamp))


@pytest.fixture
def bounded(cache_dir):
    yield cache_dir
    persistent_cache.set_cache_max_size(None)


def test_least_recently_used_entries_go_first_beyond_the_maximum(client, bounded, monkeypatch):
    for factor in (1, 2, 3):
        pipeline.compile_program(_scaled(factor))
    entries = _entries(bounded)
    assert len(entries) == 3
    size = max(p.stat().st_size for p in entries)
    # Which file is which: a hit on program k makes k's file the newest.
    by_text = {}
    for factor in (1, 2, 3):
        for p in _entries(bounded):
            _age(p, 1000)
        pipeline.clear_compilation_cache()
        pipeline.compile_program(_scaled(factor))
        newest = max(_entries(bounded), key=lambda p: p.stat().st_mtime)
        by_text[factor] = newest.name
    assert len(set(by_text.values())) == 3
    assert len(_entries(bounded)) == 3  # hits write nothing new
    for age, factor in ((300, 1), (200, 2), (100, 3)):  # 1 is the oldest
        path = bounded / by_text[factor]
        stamp = path.stat().st_mtime
        os.utime(path, (stamp - age, stamp - age))
    pipeline.clear_compilation_cache()
    parses = _count_parses(monkeypatch)
    pipeline.compile_program(_scaled(1))  # a hit makes the oldest the newest
    assert not parses
    persistent_cache.set_cache_max_size(3 * size + size // 2)
    pipeline.compile_program(_scaled(4))  # the fourth entry: one must go, program 2's
    names = {p.name for p in _entries(bounded)}
    assert by_text[2] not in names and by_text[1] in names and by_text[3] in names
    assert len(names) == 3


def test_an_entry_over_the_maximum_is_not_written(client, bounded):
    persistent_cache.set_cache_max_size(100)
    _, (result,) = _run(client, _scaled(2), [np.float32([1, 2, 3, 4])])
    np.testing.assert_array_equal(result, [2, 4, 6, 8])
    assert not _entries(bounded)


def test_unbounded_never_evicts_and_zero_keeps_nothing(client, bounded):
    persistent_cache.set_cache_max_size(-1)
    for factor in range(1, 6):
        pipeline.compile_program(_scaled(factor))
    assert len(_entries(bounded)) == 5
    assert persistent_cache.evict(bounded, 1 << 40) == []
    removed = persistent_cache.evict(bounded, 0)
    assert len(removed) == 5 and not _entries(bounded)


def test_stale_temporary_files_are_removed_and_fresh_ones_kept(bounded):
    bounded.mkdir(parents=True, exist_ok=True)
    stale = bounded / ".abc.1.dead.tmp"
    fresh = bounded / ".abc.2.live.tmp"
    for path in (stale, fresh):
        path.write_bytes(b"partial")
    _age(stale, 2 * 3600)
    persistent_cache.evict(bounded, 1 << 30)
    assert not stale.exists() and fresh.exists()


def test_the_maximum_comes_from_the_environment_or_the_setter(monkeypatch):
    persistent_cache.set_cache_max_size(None)
    monkeypatch.delenv(persistent_cache.MAX_SIZE_ENV_VAR, raising=False)
    assert persistent_cache.cache_max_size() == persistent_cache.DEFAULT_MAX_SIZE == 1 << 30
    monkeypatch.setenv(persistent_cache.MAX_SIZE_ENV_VAR, "12345")
    assert persistent_cache.cache_max_size() == 12345
    monkeypatch.setenv(persistent_cache.MAX_SIZE_ENV_VAR, "-1")
    assert persistent_cache.cache_max_size() == -1
    persistent_cache.set_cache_max_size(777)  # the setter wins over the variable
    assert persistent_cache.cache_max_size() == 777
    persistent_cache.set_cache_max_size(None)
    monkeypatch.setenv(persistent_cache.MAX_SIZE_ENV_VAR, "1GB")
    with pytest.raises(ValueError, match=r"JAXLIB_COMPILATION_CACHE_MAX_SIZE must be a whole "
                                         r"number of bytes .* got '1GB'"):
        persistent_cache.cache_max_size()
    monkeypatch.setenv(persistent_cache.MAX_SIZE_ENV_VAR, "-5")
    with pytest.raises(ValueError, match="-1 for unbounded; got -5"):
        persistent_cache.cache_max_size()
    for bad in (-2, 1.5, "10", True):
        with pytest.raises(ValueError, match="set_cache_max_size"):
            persistent_cache.set_cache_max_size(bad)


def test_a_bad_maximum_fails_the_compile_before_any_work(client, cache_dir, monkeypatch):
    monkeypatch.setenv(persistent_cache.MAX_SIZE_ENV_VAR, "lots")
    parses = _count_parses(monkeypatch)
    with pytest.raises(ValueError, match="JAXLIB_COMPILATION_CACHE_MAX_SIZE"):
        pipeline.compile_program(_scaled(9))
    assert not parses and not _entries(cache_dir)


def test_buffer_donors_are_donated_only_into_a_matching_result():
    # XLA's rule: a donor is donated when a result of its element type and
    # per-device size takes its buffer; otherwise the input stays alive.
    text = """
    func.func public @main(%a: tensor<4xf32> {jax.buffer_donor = true},
                           %b: tensor<2x2xf32> {jax.buffer_donor = true},
                           %c: tensor<4xi32> {jax.buffer_donor = true})
        -> (tensor<4xf32>, tensor<4xf32>) {
      %r = stablehlo.reshape %b : (tensor<2x2xf32>) -> tensor<4xf32>
      return %a, %r : tensor<4xf32>, tensor<4xf32>
    }
    """
    assert pipeline.compile_program(text).donated_parameters == {0, 1}
