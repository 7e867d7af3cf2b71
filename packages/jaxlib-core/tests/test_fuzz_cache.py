"""The persistent compilation cache's directory is untrusted storage: an
entry that was corrupted, truncated, swapped, or tampered with by anyone
without this user's key must read as a miss (the program is compiled again
and gives the right result), never a crash, a hang or another exception.
Entries carrying a valid MAC are still checked before the executor sees
them: with the key, tampering may change what a program computes, but must
not crash the process or make it read or write outside its buffers.

Every run that could crash or hang runs in a child process. The key lives
under ``$XDG_CACHE_HOME``, pointed at a temporary directory here.
``JAXLIB_FUZZ_SCALE=N`` runs N times as many entries.
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import os
import random
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.base import envelope
from jaxlib._src.compiler import persistent_cache, pipeline
from jaxlib.xla_client import XlaRuntimeError

ENTRIES = 300  # per loop and unit of scale


def fuzz_scale() -> int:
    """$JAXLIB_FUZZ_SCALE: how many times the default counts to run (>= 1)."""
    value = os.environ.get("JAXLIB_FUZZ_SCALE", "1")
    try:
        scale = int(value)
    except ValueError:
        scale = 0
    if scale < 1:
        raise ValueError(f"$JAXLIB_FUZZ_SCALE must be a whole number >= 1, got {value!r}")
    return scale


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

# An in-place update, an alias (reshape) and two results.
UPDATE = """
func.func public @main(%a: tensor<4x4xf32>, %u: tensor<1x4xf32>, %i: tensor<i32>)
    -> (tensor<16xf32>, tensor<4x4xf32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %b = stablehlo.add %a, %a : tensor<4x4xf32>
  %c = stablehlo.dynamic_update_slice %b, %u, %i, %z
      : (tensor<4x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  %d = stablehlo.multiply %c, %c : tensor<4x4xf32>
  %r = stablehlo.reshape %d : (tensor<4x4xf32>) -> tensor<16xf32>
  %t = stablehlo.transpose %d, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r, %t : tensor<16xf32>, tensor<4x4xf32>
}
"""

# Large enough for its fused kernels to run in blocks of rows (a "rows" step).
ROWS = """
func.func public @main(%x: tensor<128x2048xf32>) -> tensor<128x2048xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1]
      : (tensor<128x2048xf32>, tensor<f32>) -> tensor<128xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<128xf32>) -> tensor<128x2048xf32>
  %d = stablehlo.subtract %x, %mb : tensor<128x2048xf32>
  %e = stablehlo.exponential %d : tensor<128x2048xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<128x2048xf32>, tensor<f32>) -> tensor<128xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<128xf32>) -> tensor<128x2048xf32>
  %r = stablehlo.divide %e, %sb : tensor<128x2048xf32>
  return %r : tensor<128x2048xf32>
}
"""

_RNG = np.random.default_rng(0)
PROGRAMS = {
    "while": (WHILE, [np.float32([1, 2, 3, 4]), np.float32([0.5, 1, -1, 2])]),
    "dot": (DOT, [_RNG.standard_normal((16, 8), np.float32),
                  _RNG.standard_normal((16, 4), np.float32)]),
    "case": (CASE, [np.int32(1), np.float32([1, -2, 3])]),
    "update": (UPDATE, [_RNG.standard_normal((4, 4), np.float32),
                        np.float32([[9, 8, 7, 6]]), np.int32(2)]),
    "rows": (ROWS, [_RNG.standard_normal((128, 2048), np.float32)]),
}


@pytest.fixture
def private_key_home(tmp_path, monkeypatch):
    """This user's key under tmp_path, and a fresh cache directory."""
    monkeypatch.setenv(persistent_cache.KEY_ENV_VAR, str(tmp_path / "xdg"))
    directory = tmp_path / "cache"
    pipeline.clear_compilation_cache()
    persistent_cache.set_cache_dir(directory)
    yield directory
    persistent_cache.reset_cache_dir()
    pipeline.clear_compilation_cache()


def _entries(directory: Path) -> list[Path]:
    return sorted(directory.glob("*" + persistent_cache.SUFFIX)) if directory.exists() else []


# -- the child process -----------------------------------------------------------------


class _Child:
    """Compiles PROGRAMS into ``directory`` and runs them against damaged entries."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.client = xla_client.make_cpu_client()
        self.device = self.client.devices()[0]
        self.parses = 0
        parse = pipeline.parse_program

        def counting(text):
            self.parses += 1
            return parse(text)

        pipeline.parse_program = counting
        self.expected = {}
        self.entries = {}  # name -> (key, path, pristine bytes)
        persistent_cache.set_cache_dir(None)
        for name in PROGRAMS:
            pipeline.clear_compilation_cache()
            self.expected[name] = self.run(name)
        persistent_cache.set_cache_dir(directory)
        for name in PROGRAMS:
            before = set(_entries(directory))
            pipeline.clear_compilation_cache()
            self.run(name)
            (path,) = set(_entries(directory)) - before
            self.entries[name] = (path.name[:-len(persistent_cache.SUFFIX)], path,
                                  path.read_bytes())

    def run(self, name: str) -> list[np.ndarray]:
        text, args = PROGRAMS[name]
        executable = self.client.compile_and_load(text, [self.device])
        buffers = [self.client.buffer_from_pyval(a, self.device) for a in args]
        return [np.asarray(r) for r in executable.execute(buffers)]

    def attempt(self, name: str) -> tuple[str, bool]:
        """(outcome, whether the results were right) of compiling and running
        ``name`` against what its entry now holds."""
        pipeline.clear_compilation_cache()
        self.parses = 0
        try:
            got = self.run(name)
        except XlaRuntimeError:
            return "XlaRuntimeError", True
        want = self.expected[name]
        right = len(got) == len(want) and all(
            g.dtype == w.dtype and g.shape == w.shape and np.array_equal(g, w, equal_nan=True)
            for g, w in zip(got, want))
        return ("miss" if self.parses else "hit"), right

    def restore(self, name: str) -> None:
        _, path, pristine = self.entries[name]
        if path.is_symlink() or path.exists() and not path.is_file():
            (path.rmdir if path.is_dir() and not path.is_symlink() else path.unlink)()
        path.write_bytes(pristine)


# The body starts with the metadata's length (u64), then the metadata.
_METADATA_START = envelope.HEADER.size + 8


def _split(data: bytes) -> tuple[tuple, dict, bytes]:
    """(header fields, metadata, payload) of an entry file."""
    header = envelope.HEADER
    fields = header.unpack(data[:header.size])
    metadata_size = int.from_bytes(data[header.size:_METADATA_START], "little")
    end = _METADATA_START + metadata_size
    metadata = json.loads(data[_METADATA_START:end].rstrip(b"\0"))
    return fields, metadata, data[end:]


def _join(metadata: dict, payload: bytes, seal) -> bytes:
    """An entry file of ``metadata`` and ``payload``, its header's digest
    computed by ``seal(prefix, body)``."""
    text = json.dumps(metadata, separators=(",", ":")).encode()
    text += b"\0" * (-(_METADATA_START + len(text)) % 64)
    body = len(text).to_bytes(8, "little") + text + payload
    return envelope.seal(b"JXLCACHE", persistent_cache.FORMAT_VERSION, body,
                         lambda prefix, pieces: seal(prefix, b"".join(map(bytes, pieces))))


def _sha256_seal(prefix: bytes, body: bytes) -> bytes:
    """What a writer without the key can put in the header: a plain digest
    (the whole integrity check of format version 1)."""
    return hashlib.sha256(body).digest()


def _keyed_seal(key: str, secret: bytes):
    def seal(prefix: bytes, body: bytes) -> bytes:
        return persistent_cache._mac(secret, key, prefix, [body])
    return seal


def _int_leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _int_leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _int_leaves(v, (*path, i))
    elif isinstance(value, int) and not isinstance(value, bool):
        yield path, value


def _lists(value, path=()):
    if isinstance(value, list):
        yield path, value
    if isinstance(value, dict | list):
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            yield from _lists(v, (*path, k))


def _at(root, path):
    for key in path:
        root = root[key]
    return root


def _new_int(rng: random.Random, old: int) -> int:
    return rng.choice([old + 1, old - 1, 0, -1, old + 64, old - 64, old * 2, 2**31, 2**62,
                       -(2**63), rng.randrange(0, 4096), 1, 2, 3, 4])


def _mutate_plan(rng: random.Random, value: dict) -> str:
    """Changes the pipeline value in place; returns what it did."""
    plan = value["plan"]
    op = rng.randrange(10)
    if op < 5:  # an integer of the plan
        path, old = rng.choice(list(_int_leaves(plan)))
        _at(plan, path[:-1])[path[-1]] = new = _new_int(rng, old)
        return f"plan{list(path)}: {old} -> {new}"
    if op == 5:  # reorder, drop or repeat an element of a list (steps, slots...)
        path, items = rng.choice([(p, v) for p, v in _lists(plan) if v])
        i, j = rng.randrange(len(items)), rng.randrange(len(items))
        how = rng.choice(["swap", "drop", "repeat"])
        if how == "swap":
            items[i], items[j] = items[j], items[i]
        elif how == "drop":
            del items[i]
        else:
            items.insert(j, copy.deepcopy(items[i]))
        return f"plan{list(path)}: {how} {i} {j}"
    if op == 6:  # a dtype or step kind name
        path, items = rng.choice([(p, v) for p, v in _lists(plan)
                                  if v and isinstance(v[0], str)])
        items[0] = rng.choice(["float64", "int8", "bool", "object", "V8", "kernel", "alias",
                               "while", "case", "rows", "kernel_in_place", "python", ""])
        return f"plan{list(path)}[0] = {items[0]!r}"
    if op == 7:  # a kernel parameter list
        kernel = rng.choice(plan["kernels"])
        lists = [k for k, v in kernel["params"].items() if isinstance(v, list) and v]
        if lists:
            key = rng.choice(lists)
            values = kernel["params"][key]
            i = rng.randrange(len(values))
            values[i] = _new_int(rng, int(values[i]))
            return f"kernel {kernel['name']} {key}[{i}]"
        return "no kernel list"
    if op == 8:  # the program's facts around the plan
        key = rng.choice(["parameter_types", "result_types", "output_aliases",
                          "donated_parameters", "num_replicas", "result_shardings"])
        value[key] = rng.choice([[], [[0, 0]], [5], 3, None, [["f32", [2**40]]],
                                 ["{devices=[99]<=[99]}"], [["i1", []]]])
        return f"{key} = {value[key]!r}"
    plan["arena_size"] = rng.choice([0, 64, plan["arena_size"] + 64, 2**40])
    return f"arena_size = {plan['arena_size']}"


def _tamper(rng: random.Random, child: _Child, name: str) -> str:
    """Damages ``name``'s entry as someone without the key can; returns how."""
    key, path, data = child.entries[name]
    strategy = rng.choice(["flip", "truncate", "extend", "swap", "sha256", "header",
                           "other_key", "symlink"])
    if strategy == "flip":
        damaged = bytearray(data)
        for _ in range(rng.randrange(1, 9)):
            damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(damaged))
    elif strategy == "truncate":
        path.write_bytes(data[:rng.randrange(len(data))])
    elif strategy == "extend":
        path.write_bytes(data + rng.randbytes(rng.randrange(1, 200)))
    elif strategy == "swap":
        other = rng.choice([n for n in child.entries if n != name])
        path.write_bytes(child.entries[other][2])
    elif strategy in ("sha256", "other_key"):
        _, metadata, payload = _split(data)
        detail = _mutate_plan(rng, metadata["entry"]) if rng.random() < 0.8 else "as is"
        seal = _sha256_seal if strategy == "sha256" else _keyed_seal(key, os.urandom(32))
        path.write_bytes(_join(metadata, payload, seal))
        strategy += f" ({detail})"
    elif strategy == "header":
        # The version, the body's length or the metadata's length.
        header = envelope.HEADER
        fields = [*header.unpack(data[:header.size]),
                  int.from_bytes(data[header.size:_METADATA_START], "little")]
        index = rng.choice([1, 2, 4])
        new = rng.choice([0, 1, 2, 3, fields[index] + 1, 2**32 - 1, 2**63])
        new %= 2**32 if index == 1 else 2**64
        fields[index] = new if new != fields[index] else new ^ 1
        path.write_bytes(header.pack(*fields[:4]) + fields[4].to_bytes(8, "little")
                         + data[_METADATA_START:])
    else:
        path.unlink()
        target = rng.choice([child.entries[rng.choice(list(child.entries))][1], "/dev/zero"])
        path.symlink_to(target)
    return strategy


def _tamper_with_key(rng: random.Random, child: _Child, name: str) -> str:
    """Changes ``name``'s entry and seals it with the real key (defence in
    depth: what the checks after the MAC catch)."""
    key, path, data = child.entries[name]
    _, metadata, payload = _split(data)
    if rng.random() < 0.85:
        detail = _mutate_plan(rng, metadata["entry"])
    else:
        spec = rng.choice(metadata["arrays"]) if metadata["arrays"] else {}
        if spec:
            field = rng.choice(["dtype", "shape", "offset"])
            spec[field] = rng.choice(["float64", "object", [2**40], [-1], [], 1, 63, 2**62,
                                      len(payload)])
        detail = f"array spec {spec}"
    secret = persistent_cache._secret(child.directory, create=False)
    path.write_bytes(_join(metadata, payload, _keyed_seal(key, secret)))
    return detail


_LOOPS = {"tamper": _tamper, "keyed": _tamper_with_key}


# Seconds one attempt may take before the watchdog ends the child: attempts
# take milliseconds.
_WATCHDOG_S = 20


def _child_main(mode: str, seed: int, start: int, count: int, directory: Path) -> None:
    """Attempts entries ``start`` to ``count``; prints a line naming each
    before it runs (the last line names a crash or a hang), then its result
    as JSON."""
    import faulthandler

    logging.disable(logging.CRITICAL)
    child = _Child(directory)
    names = sorted(PROGRAMS)
    for index in range(start, count):
        rng = random.Random(seed * 1_000_003 + index)
        name = rng.choice(names)
        how = _LOOPS[mode](rng, child, name)
        print("attempt", index, name, how, flush=True)
        faulthandler.dump_traceback_later(_WATCHDOG_S, exit=True)
        violation = None
        try:
            outcome, right = child.attempt(name)
        except Exception as err:
            outcome, right = type(err).__name__, True
            violation = f"{type(err).__name__}: {str(err)[:200]}"
        finally:
            faulthandler.cancel_dump_traceback_later()
        if mode == "tamper" and outcome != "miss":
            violation = f"{outcome}, not a miss"
        if mode == "tamper" and not right:
            violation = "wrong result"
        print(json.dumps({"what": f"{index} {name} {how}", "outcome": outcome,
                          "right": right, "violation": violation}), flush=True)
        child.restore(name)


def _named_main(cases: list[str], directory: Path) -> None:
    """Applies each named damage in turn; prints one JSON line per case."""
    import faulthandler

    logging.disable(logging.CRITICAL)
    child = _Child(directory)
    for case in cases:
        name, damage = NAMED[case]
        key, path, data = child.entries[name]
        _, metadata, payload = _split(data)
        if damage is None:  # without the key: a plain digest over the changed entry
            metadata["entry"]["plan"]["slots"][2][0] = 0  # a constant's slot loses its storage
            seal = _sha256_seal
        else:
            damage(metadata["entry"]["plan"])
            seal = _keyed_seal(key, persistent_cache._secret(directory, create=False))
        path.write_bytes(_join(metadata, payload, seal))
        print(json.dumps({"case": case, "started": True}), flush=True)
        faulthandler.dump_traceback_later(30, exit=True)
        outcome, right = child.attempt(name)
        faulthandler.cancel_dump_traceback_later()
        print(json.dumps({"case": case, "outcome": outcome, "right": right}), flush=True)
        child.restore(name)


def _set(path, value):
    def damage(plan):
        _at(plan, path[:-1])[path[-1]] = value
    return damage


def _output_slot_of_another_result(plan):
    # The second result's output slot names the first result's buffer.
    plan["slots"][plan["results"][1]][1] = 0


def _read_before_in_place_update(plan):
    region = plan["regions"][plan["entry"]]
    update = next(i for i, step in enumerate(region) if step[0] == "kernel_in_place")
    region[update], region[update + 1] = region[update + 1], region[update]


def _body_is_its_own_region(plan):
    step = next(s for r in plan["regions"] for s in r if s[0] == "while")
    step[5] = plan["entry"]


def _kernel_writes_parameter(plan):
    step = next(s for s in plan["regions"][plan["entry"]] if s[0] == "kernel")
    param = plan["params"][0]
    step[3] = [param]


def _misalign_arena_slot(plan):
    slot = next(s for s in plan["slots"] if s[0] == 1)
    slot[1] += 4
    plan["arena_size"] += 64


# Damages that reached the executor before the plan was checked (crashes,
# writes into a caller's input, reads of unwritten memory), each sealed with
# the real key: caught by the checks, not the MAC. (name, damage to the plan)
NAMED = {
    "sha256-resealed": ("while", None),
    "constant-slot-without-storage": ("while", _set(("slots", 2, 0), 0)),
    "while-body-is-its-own-region": ("while", _body_is_its_own_region),
    "kernel-writes-a-parameter": ("update", _kernel_writes_parameter),
    "read-before-an-in-place-update-defines-it": ("update", _read_before_in_place_update),
    "misaligned-arena-slot": ("update", _misalign_arena_slot),
    "output-slot-of-another-result": ("update", _output_slot_of_another_result),
    "parameter-slot-of-another-parameter": ("dot", _set(("slots", 0, 1), 1)),
}


def _spawn(tmp_path: Path, argv: list[str], timeout: float) -> subprocess.CompletedProcess:
    env = dict(os.environ, **{persistent_cache.KEY_ENV_VAR: str(tmp_path / "xdg")})
    env.pop(persistent_cache.ENV_VAR, None)
    try:
        return subprocess.run([sys.executable, __file__, *argv], capture_output=True,
                              text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired as err:
        out = err.stdout.decode() if isinstance(err.stdout, bytes) else (err.stdout or "")
        pytest.fail(f"the child hung (killed after {timeout} s); last output: {out[-500:]}")


def _run_named(tmp_path: Path, cases: list[str]) -> dict[str, dict]:
    done = _spawn(tmp_path, ["named", ",".join(cases), str(tmp_path / "cache")], 120)
    reports = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    finished = {r["case"]: r for r in reports if "outcome" in r}
    if done.returncode != 0:
        started = [r["case"] for r in reports if "started" in r]
        pytest.fail(f"the child died (rc {done.returncode}) running {started[-1:]}: "
                    f"{done.stderr[-2000:]}")
    return finished


# -- finding 3: tampered entries reached the executor ---------------------------------


def test_sha256_resealed_tampering_is_a_miss_not_a_crash(tmp_path):
    """Someone without the key fixes up the digest after changing a plan (all
    format version 1 checked): the entry must not authenticate."""
    (report,) = _run_named(tmp_path, ["sha256-resealed"]).values()
    assert report == {"case": "sha256-resealed", "outcome": "miss", "right": True}


@pytest.mark.parametrize("case", [c for c in NAMED if c != "sha256-resealed"])
def test_plan_integers_are_checked_even_under_a_valid_mac(tmp_path, case):
    report = _run_named(tmp_path, [case])[case]
    assert report["outcome"] == "miss" and report["right"], report


def test_a_fifo_or_directory_in_place_of_an_entry_is_a_miss_not_a_hang(tmp_path):
    done = _spawn(tmp_path, ["fifo", str(tmp_path / "cache")], 60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["fifo:", "miss", "True", "directory:", "miss", "True"]


def _fifo_main(directory: Path) -> None:
    logging.disable(logging.CRITICAL)
    child = _Child(directory)
    _, path, _ = child.entries["dot"]
    path.unlink()
    os.mkfifo(path)  # opening it for reading would wait for a writer forever
    print("fifo:", *child.attempt("dot"), flush=True)
    path.unlink(missing_ok=True)
    path.mkdir()
    print("directory:", *child.attempt("dot"), flush=True)


def test_entries_and_the_key_are_private(private_key_home):
    text, args = PROGRAMS["dot"]
    pipeline.compile_program(text)
    (entry,) = _entries(private_key_home)
    key_file = persistent_cache.key_file()
    assert stat.S_IMODE(entry.stat().st_mode) == 0o600
    assert stat.S_IMODE(private_key_home.stat().st_mode) == 0o700
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(key_file.parent.stat().st_mode) == 0o700
    assert key_file.stat().st_size == 32


@pytest.mark.parametrize("problem", ["readable by others", "a symbolic link", "wrong size"])
def test_a_key_file_that_is_not_private_turns_the_cache_off(private_key_home, problem, caplog):
    text, args = PROGRAMS["dot"]
    pipeline.compile_program(text)
    (entry,) = _entries(private_key_home)
    key = entry.name[:-len(persistent_cache.SUFFIX)]
    assert persistent_cache.load(private_key_home, key) is not None
    key_file = persistent_cache.key_file()
    if problem == "readable by others":
        key_file.chmod(0o644)
    elif problem == "a symbolic link":
        real = key_file.with_name("elsewhere")
        key_file.rename(real)
        key_file.symlink_to(real)
    else:
        key_file.write_bytes(key_file.read_bytes() + b"x")
    persistent_cache._warned.clear()
    with caplog.at_level(logging.WARNING, logger=persistent_cache.__name__):
        assert persistent_cache.load(private_key_home, key) is None
        assert not persistent_cache.store(private_key_home, key,
                                          persistent_cache.CacheEntry({}, []))
    assert "private to this user" in caplog.text
    pipeline.clear_compilation_cache()
    client = xla_client.make_cpu_client()
    device = client.devices()[0]
    executable = client.compile_and_load(text, [device])
    (out,) = executable.execute([client.buffer_from_pyval(a, device) for a in args])
    assert out.shape == (8, 4)  # compiles and runs, without the cache


def test_entries_written_under_another_key_are_misses(private_key_home, tmp_path, monkeypatch):
    text, _ = PROGRAMS["dot"]
    pipeline.compile_program(text)
    (entry,) = _entries(private_key_home)
    key = entry.name[:-len(persistent_cache.SUFFIX)]
    monkeypatch.setenv(persistent_cache.KEY_ENV_VAR, str(tmp_path / "another-user"))
    assert persistent_cache.load(private_key_home, key) is None  # no key yet: nothing trusted
    assert persistent_cache.store(private_key_home, "other", persistent_cache.CacheEntry({}, []))
    assert persistent_cache.load(private_key_home, key) is None  # a key, not the writer's
    assert persistent_cache.load(private_key_home, "other") is not None


def test_without_a_home_the_key_is_kept_in_the_directory(private_key_home, monkeypatch):
    monkeypatch.setenv(persistent_cache.KEY_ENV_VAR, "relative/path")
    monkeypatch.setenv("HOME", "relative")
    assert persistent_cache.key_file() is None
    assert persistent_cache.store(private_key_home, "k", persistent_cache.CacheEntry({}, []))
    fallback = private_key_home / persistent_cache.FALLBACK_KEY_FILE
    assert stat.S_IMODE(fallback.stat().st_mode) == 0o600
    assert persistent_cache.load(private_key_home, "k") is not None


# -- finding 4: fuzzing ------------------------------------------------------------------


def _fuzz(tmp_path: Path, mode: str) -> dict:
    """Runs the ``mode`` loop in a child; a crash or a hang fails the test,
    except, with the key, a hang of the while program: a plan whose loop
    never ends is a valid plan (it is reported). The child then starts
    again after that entry."""
    count = ENTRIES * fuzz_scale()
    started = time.monotonic()
    total = {"count": 0, "outcomes": {}, "violations": [], "wrong": [], "hangs": []}
    first = 0
    while first < count:
        done = _spawn(tmp_path, [mode, "0", str(first), str(count), str(tmp_path / "cache")],
                      120 + count)
        lines = done.stdout.strip().splitlines()
        for line in lines:
            if line.startswith("{"):
                result = json.loads(line)
                total["count"] += 1
                outcome = result["outcome"]
                total["outcomes"][outcome] = total["outcomes"].get(outcome, 0) + 1
                if result["violation"]:
                    total["violations"].append(f"{result['what']}: {result['violation']}")
                elif not result["right"]:
                    total["wrong"].append(result["what"])
        if done.returncode == 0:
            break
        last = lines[-1] if lines else ""
        hung = "Timeout (" in done.stderr and last.split()[:1] == ["attempt"] \
            and last.split()[2:3] == ["while"]
        assert mode == "keyed" and hung, (
            f"the fuzz child died (rc {done.returncode}) at: {last}\n{done.stderr[-3000:]}")
        total["hangs"].append(last)
        total["count"] += 1
        first = int(last.split()[1]) + 1
        shutil.rmtree(tmp_path / "cache")
    print(f"{mode}: {count} entries in {time.monotonic() - started:.1f} s: "
          f"{total['outcomes']}, {len(total['wrong'])} wrong results, "
          f"{len(total['hangs'])} endless loops {total['hangs']}")
    assert total["count"] == count
    assert not total["violations"], total["violations"][:10]
    return total


def test_fuzz_tampered_entries_are_misses(tmp_path):
    summary = _fuzz(tmp_path, "tamper")
    assert summary["outcomes"] == {"miss": ENTRIES * fuzz_scale()}


def test_fuzz_plans_sealed_with_the_key_never_crash(tmp_path):
    """With the key a plan can be changed into another valid one (wrong
    results are possible and counted); it must never crash, hang or raise
    anything but XlaRuntimeError."""
    summary = _fuzz(tmp_path, "keyed")
    assert summary["outcomes"].get("miss", 0) > 0


if __name__ == "__main__":
    if sys.argv[1] == "named":
        _named_main(sys.argv[2].split(","), Path(sys.argv[3]))
    elif sys.argv[1] == "fifo":
        _fifo_main(Path(sys.argv[2]))
    else:
        _child_main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]),
                    Path(sys.argv[5]))
