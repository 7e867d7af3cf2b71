"""Serialized executables are untrusted input: their SHA-256 only detects
accidents, anyone can re-seal a changed body. Crafted blobs must load and
compute the right result, or raise XlaRuntimeError; never another exception,
a crash, a hang, or a side effect of their debug options (dump files).

The fuzz loop runs in a child process (a crash or a hang is a failure, not a
lost test run). ``JAXLIB_FUZZ_SCALE=N`` runs N times as many blobs.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.base import envelope
from jaxlib._src.runtime import executable as executable_module
from jaxlib._src.runtime.options import (
    COMPILE_OPTIONS_MAGIC,
    SERIALIZATION_FORMAT_VERSION,
    CompileOptions,
    DebugOptions,
)
from jaxlib.xla_client import XlaRuntimeError


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


BLOBS = 400  # per unit of scale

PROGRAM = """
module @jit_f {
  func.func public @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
    %0 = stablehlo.add %a, %b : tensor<3xf32>
    %1 = stablehlo.multiply %0, %b : tensor<3xf32>
    return %1 : tensor<3xf32>
  }
}
"""
ARGS = [np.float32([1, 2, 3]), np.float32([4, -5, 6])]
EXPECTED = (ARGS[0] + ARGS[1]) * ARGS[1]

# Takes exponential time in a backtracking engine on a name of a's ending in
# another character.
EVIL_REGEX = "^(a+)+$"
LONG_NAME = "a" * 40 + "_"

# Debug options that act on the process (directories, files, regexes).
SIDE_EFFECT_FIELDS = ("xla_dump_to", "xla_gpu_dump_autotune_results_to",
                      "xla_gpu_load_autotune_results_from",
                      "xla_gpu_per_fusion_autotune_cache_dir", "xla_gpu_cuda_data_dir")


def reseal(body: bytes) -> bytes:
    """A blob around ``body`` with a correct header and SHA-256."""
    return envelope.seal(executable_module._SERIAL_MAGIC, executable_module._SERIAL_VERSION,
                         body)


_OPTIONS_HEADER = envelope.HEADER


def reseal_options(payload: bytes) -> bytes:
    """CompileOptions bytes around ``payload`` with a correct SHA-256."""
    return envelope.seal(COMPILE_OPTIONS_MAGIC, SERIALIZATION_FORMAT_VERSION, payload)


def blob_of(source: str, options: bytes = b"") -> bytes:
    return reseal(json.dumps({"source": source, "options": options.hex()}).encode())


def dump_options(directory: Path, regex: str = "") -> CompileOptions:
    options = CompileOptions()
    debug = options.executable_build_options.debug_options
    debug.xla_dump_to = str(directory / "dump")
    debug.xla_dump_hlo_as_text = True
    debug.xla_dump_hlo_module_re = regex
    debug.xla_gpu_dump_autotune_results_to = str(directory / "autotune.txt")
    debug.xla_gpu_per_fusion_autotune_cache_dir = str(directory / "autotune-cache")
    debug.xla_backend_optimization_level = 1  # shapes the code: kept
    options.env_option_overrides = [("xla_dump_to", str(directory / "override")),
                                    ("xla_cpu_enable_fast_math", False)]
    return options


@pytest.fixture(scope="module")
def client():
    return xla_client.make_cpu_client()


def _run(client, loaded) -> np.ndarray:
    device = client.devices()[0]
    (out,) = loaded.execute([client.buffer_from_pyval(a, device) for a in ARGS])
    return np.asarray(out)


def _child_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "xdg"))
    env.pop("JAXLIB_COMPILATION_CACHE_DIR", None)
    return env


# -- finding 1: debug options of a blob act on the loading process ------------------


def test_blob_dump_options_have_no_side_effects_on_load(client, tmp_path):
    blob = blob_of(PROGRAM, dump_options(tmp_path).SerializeAsString())
    loaded = client.deserialize_executable(blob, client.devices()[:1], None)
    np.testing.assert_array_equal(_run(client, loaded), EXPECTED)
    assert not list(tmp_path.iterdir())  # no dump directory, file or cache directory
    compiled, options = executable_module.deserialize_compiled(blob)
    debug = options.executable_build_options.debug_options
    for name in SIDE_EFFECT_FIELDS:
        assert getattr(debug, name) == getattr(DebugOptions(), name), name
    assert debug.xla_dump_hlo_as_text is False and debug.xla_dump_hlo_module_re == ""
    assert debug.xla_backend_optimization_level == 1
    assert options.env_option_overrides == [("xla_cpu_enable_fast_math", False)]
    assert not list(tmp_path.iterdir())


def test_the_loading_process_own_debug_options_still_apply(tmp_path):
    blob = blob_of(PROGRAM, dump_options(tmp_path / "blob").SerializeAsString())
    own = DebugOptions()
    own.xla_dump_to = str(tmp_path / "own")
    executable_module.deserialize_compiled(blob, debug_options=own)
    assert [p.suffix for p in (tmp_path / "own").iterdir()] == [".mlir"]
    assert not (tmp_path / "blob").exists()


def test_deserialize_executable_applies_the_callers_dump_options(client, tmp_path):
    blob = blob_of(PROGRAM, dump_options(tmp_path / "blob").SerializeAsString())
    options = CompileOptions()
    options.executable_build_options.debug_options.xla_dump_to = str(tmp_path / "own")
    loaded = client.deserialize_executable(blob, client.devices()[:1], options)
    np.testing.assert_array_equal(_run(client, loaded), EXPECTED)
    assert [p.suffix for p in (tmp_path / "own").iterdir()] == [".mlir"]
    assert not (tmp_path / "blob").exists()


_REGEX_CHILD = textwrap.dedent("""
    import sys, time
    from jaxlib import xla_client
    from jaxlib._src.runtime.options import CompileOptions
    client = xla_client.make_cpu_client()
    blob = bytes.fromhex(sys.stdin.read())
    start = time.perf_counter()
    if sys.argv[1] == "load":
        client.deserialize_executable(blob, client.devices()[:1], None)
    else:
        options = CompileOptions.ParseFromString(blob)
        client.compile_and_load(sys.argv[2], client.devices()[:1], options)
    print(time.perf_counter() - start)
""")


def _timed_child(tmp_path: Path, data: bytes, *argv: str) -> float:
    """Seconds the child took; fails when it hangs (20 s) or fails."""
    try:
        done = subprocess.run([sys.executable, "-c", _REGEX_CHILD, *argv], input=data.hex(),
                              capture_output=True, text=True, timeout=20,
                              env=_child_env(tmp_path))
    except subprocess.TimeoutExpired:
        pytest.fail("the dump regex hung the process (killed after 20 s)")
    assert done.returncode == 0, done.stderr[-2000:]
    return float(done.stdout.strip().splitlines()[-1])


def test_blob_dump_regex_cannot_hang_load(tmp_path):
    source = PROGRAM.replace("@jit_f", "@" + LONG_NAME)
    blob = blob_of(source, dump_options(tmp_path, EVIL_REGEX).SerializeAsString())
    assert _timed_child(tmp_path, blob, "load") < 10
    assert not (tmp_path / "dump").exists() and not (tmp_path / "override").exists()


def test_user_dump_regex_is_matched_in_bounded_time(tmp_path):
    source = PROGRAM.replace("@jit_f", "@" + LONG_NAME)
    for regex in (EVIL_REGEX, "^a*a*a*a*a*a*a*a*$", "(a|aa)+_x"):
        options = dump_options(tmp_path, regex).SerializeAsString()
        assert _timed_child(tmp_path, options, "compile", source) < 10
        # the name does not match (the override's directory is the one in force)
        assert not (tmp_path / "dump").exists() and not (tmp_path / "override").exists()


def test_user_dump_regex_still_selects_modules(client, tmp_path):
    cases = [("^jit_", True), ("f$", True), ("^(jit_)?[a-z]+$", True), ("^[a-z]+$", False),
             ("^jit_f$", True), ("other", False), (r"\w+_[^x]{1,2}$", True)]
    for index, (regex, dumped) in enumerate(cases):
        options = dump_options(tmp_path / str(index), regex)
        client.compile_and_load(PROGRAM, client.devices()[:1], options)
        # The compile option override (as XLA applies it) names the directory.
        directory = Path(dict(options.env_option_overrides)["xla_dump_to"])
        assert directory.exists() == dumped, regex
    options = dump_options(tmp_path, "(?=lookahead)")
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: xla_dump_hlo_module_re"):
        client.compile_and_load(PROGRAM, client.devices()[:1], options)


# -- finding 2: deeply nested JSON ----------------------------------------------------


@pytest.mark.parametrize("body", [b"[" * 100000, b'{"source":' * 50000,
                                  b'{"source": "x", "options": ' + b"[" * 3000 + b"]" * 3000
                                  + b"}"], ids=["lists", "objects", "options_value"])
def test_deeply_nested_blob_body_is_invalid_argument(client, body):
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: .*nested"):
        client.deserialize_executable(reseal(body), client.devices()[:1], None)


@pytest.mark.parametrize("depth", [100000, 500, 40])
def test_deeply_nested_options_are_invalid_argument(client, depth):
    payload = b'{"compile_options": ' + b"[" * depth + b"]" * depth + b"}"
    options = reseal_options(payload)
    with pytest.raises(ValueError, match="nested"):
        CompileOptions.ParseFromString(options)
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT: .*nested"):
        client.deserialize_executable(blob_of(PROGRAM, options), client.devices()[:1], None)


def test_blob_program_nested_too_deeply_is_invalid_argument(client):
    source = ("func.func @main() -> tensor<f32> {\n  %0 = stablehlo.constant dense<"
              + "[" * 100000 + "> : tensor<f32>\n  return %0 : tensor<f32>\n}\n")
    with pytest.raises(XlaRuntimeError, match="INVALID_ARGUMENT"):
        client.deserialize_executable(blob_of(source), client.devices()[:1], None)


def test_malformed_bodies_name_the_problem(client):
    cases = [
        (b"\xff\xfe", "malformed body"),
        (b"[1, 2]", "options and source"),
        (b'{"source": 1, "options": ""}', "must be strings"),
        (b'{"source": "x", "options": "zz"}', "malformed body"),
        (b'{"source": "x", "options": "", "extra": 1}', "options and source"),
        (b'{"source": "x", "options": NaN}', "NaN"),
    ]
    for body, message in cases:
        with pytest.raises(XlaRuntimeError, match=f"INVALID_ARGUMENT: .*{message}"):
            client.deserialize_executable(reseal(body), client.devices()[:1], None)


# -- the fuzz loop (child process) ------------------------------------------------------


def test_fuzz_resealed_blobs(tmp_path):
    count = BLOBS * fuzz_scale()
    workdir = tmp_path / "work"
    workdir.mkdir()
    started = time.monotonic()
    try:
        done = subprocess.run([sys.executable, __file__, "0", str(count), str(workdir)],
                              capture_output=True, text=True, timeout=120 + count,
                              env=_child_env(tmp_path))
    except subprocess.TimeoutExpired as err:
        last = (err.stdout or b"")[-500:]
        pytest.fail(f"the fuzz loop hung; last output: {last!r}")
    lines = done.stdout.strip().splitlines()
    assert done.returncode == 0, (
        f"the fuzz child died (rc {done.returncode}) after: {lines[-3:]}\n{done.stderr[-3000:]}")
    summary = json.loads(lines[-1])
    print(f"{count} blobs in {time.monotonic() - started:.1f} s: {summary['outcomes']}")
    assert summary["count"] == count
    assert not summary["violations"], summary["violations"][:10]
    assert not any(workdir.rglob("*")), "a blob's options wrote files"


_EVIL = [EVIL_REGEX, "(a|aa)*$", "^a*a*a*a*a*a*a*a*$", "(?=x)", "\\1", "[", "(", "a{99999}",
         "(" * 100 + ")" * 100, "x" * 5000, ".*", "jit_f", ""]
_INT_FIELDS = ["num_replicas", "num_partitions"]


def _random_json(rng: random.Random, depth: int = 0):
    kind = rng.randrange(9 if depth < 4 else 6)
    if kind == 0:
        return rng.choice([0, 1, -1, 2**31, 2**63, -(2**63), 10**30, 7])
    if kind == 1:
        return rng.choice(["", "x" * rng.randrange(1, 5000), "f32[3]", "\u00e9\u0000", "{}"])
    if kind == 2:
        return rng.choice([None, True, False])
    if kind == 3:
        return rng.choice([0.5, -1e308, 1e-320])
    if kind == 4:
        return json.loads("[" * 200 + "]" * 200)
    if kind == 5:
        return [[1]] * rng.randrange(0, 3)
    if kind == 6:
        return [_random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 7:
        return {str(i): _random_json(rng, depth + 1) for i in range(rng.randrange(3))}
    return {"float": rng.choice(["inf", "nan", "1", None])}


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _get_path(root, path):
    for key in path:
        root = root[key]
    return root


def _same_type(rng: random.Random, value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([0, 1, 2, -1, 64, 2**31, 2**63 - 1])
    if isinstance(value, float):
        return rng.choice([0.0, -1.0, 1e300])
    if isinstance(value, str):
        return rng.choice(["", "f32[3]", "/tmp/x", EVIL_REGEX, "x" * 3000])
    if isinstance(value, list):
        return [copy.deepcopy(value[0])] * rng.randrange(0, 100) if value else [True]
    return value


def _set_path(root, path, value):
    target = root
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def _mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randrange(1, 8)):
        op = rng.randrange(3)
        at = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif op == 1:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6)))
        else:
            del data[at:at + rng.randrange(1, 16)]
    return bytes(data)


def _mutate_source(rng: random.Random) -> str:
    source = PROGRAM
    op = rng.randrange(6)
    if op == 0:
        return _mutate_bytes(rng, source.encode()).decode("utf-8", "replace")
    if op == 1:
        return source.replace("3xf32", rng.choice(["3xf64", "4xf32", "0xf32", "3x3xf32",
                                                   "99999999999xf32", "?xf32", "3xi1"]), 1)
    if op == 2:
        return source.replace("stablehlo.add", rng.choice(["stablehlo.subtract",
                                                           "stablehlo.nonsense", "func.call"]))
    if op == 3:
        lines = source.splitlines()
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if op == 4:
        return source.replace("@jit_f", "@" + rng.choice([LONG_NAME, "x" * 5000, "\"a b\""]))
    return source.replace("%1 = stablehlo.multiply %0, %b",
                          "%1 = stablehlo.multiply " + "(" * rng.randrange(1, 5000) + "%0, %b")


def _fuzz_blob(rng: random.Random, index: int, workdir: Path) -> tuple[str, bytes, bool]:
    """(strategy, blob, whether it still holds PROGRAM with harmless options)."""
    strategy = rng.choice(["body_json", "body_bytes", "random_body", "nested", "source",
                           "options_json", "options_bytes", "dump", "huge"])
    good_options = CompileOptions().SerializeAsString()
    if strategy == "body_json":
        body = {"source": PROGRAM, "options": good_options.hex()}
        path = rng.choice(list(_paths(body)))
        if path:
            _set_path(body, path, _random_json(rng))
        else:
            body = _random_json(rng)
        return strategy, reseal(json.dumps(body).encode()), False
    if strategy == "body_bytes":
        return strategy, reseal(_mutate_bytes(rng, blob_of(PROGRAM, good_options)[45:])), False
    if strategy == "random_body":
        return strategy, reseal(rng.randbytes(rng.randrange(0, 4096))), False
    if strategy == "nested":
        opener = rng.choice([b"[", b'{"a":', b'{"source":', b"[1,"])
        return strategy, reseal(opener * rng.randrange(10, 200000)), False
    if strategy == "source":
        return strategy, blob_of(_mutate_source(rng), good_options), False
    if strategy == "options_json":
        body = json.loads(good_options[_OPTIONS_HEADER.size:])
        path = rng.choice(list(_paths(body)))
        if path and rng.random() < 0.5:  # a value of the field's own type
            _set_path(body, path, _same_type(rng, _get_path(body, path)))
        elif path:
            _set_path(body, path, _random_json(rng))
        payload = json.dumps(body).encode()
        if rng.random() < 0.2:
            payload = rng.choice([b"[" * 100000, payload[:rng.randrange(len(payload))],
                                  payload.replace(b"false", b"NaN", 1)])
        return strategy, blob_of(PROGRAM, reseal_options(payload)), False
    if strategy == "options_bytes":
        mutated = _mutate_bytes(rng, good_options)
        if rng.random() < 0.5 and len(mutated) > _OPTIONS_HEADER.size:
            mutated = reseal_options(mutated[_OPTIONS_HEADER.size:])
        return strategy, blob_of(PROGRAM, mutated), False
    if strategy == "dump":
        options = dump_options(workdir / f"d{index}", rng.choice(_EVIL))
        debug = options.executable_build_options.debug_options
        debug.xla_dump_hlo_as_proto = rng.random() < 0.3
        debug.xla_dump_hlo_as_html = rng.random() < 0.3
        debug.xla_gpu_load_autotune_results_from = "/etc/shadow"
        debug.xla_gpu_cuda_data_dir = str(workdir / "cuda")
        debug.xla_dump_hlo_pass_re = rng.choice(_EVIL)
        return strategy, blob_of(PROGRAM, options.SerializeAsString()), True
    # huge values in fields that accept them
    options = CompileOptions()
    build = options.executable_build_options
    choice = rng.randrange(4)
    if choice == 0:
        setattr(build, rng.choice(_INT_FIELDS), rng.choice([2, 2**31, 2**62, 10**30]))
    elif choice == 1:
        build.auto_spmd_partitioning_mesh_shape = [2**62] * rng.randrange(1, 10000)
    elif choice == 2:
        options.profile_version = rng.choice([2**63, -(2**63), 10**400])
    else:
        options.env_option_overrides = [("x" * 1000, "y" * 100000)] * rng.randrange(1, 50)
    return strategy, blob_of(PROGRAM, options.SerializeAsString()), choice != 0


def _fuzz_main(seed: int, count: int, workdir: Path) -> None:
    import faulthandler

    client = xla_client.make_cpu_client()
    devices = client.devices()[:1]
    outcomes: dict[str, int] = {}
    violations: list[str] = []
    for index in range(count):
        rng = random.Random(seed * 1_000_003 + index)
        strategy, blob, intact = _fuzz_blob(rng, index, workdir)
        print(index, strategy, len(blob), flush=True)  # the last line names a hang or crash
        faulthandler.dump_traceback_later(60, exit=True)
        started = time.monotonic()
        try:
            loaded = client.deserialize_executable(blob, devices, None)
            outcome = "loaded"
            try:
                result = _run(client, loaded)
                outcome = "ran"
                if intact and not np.array_equal(result, EXPECTED):
                    violations.append(f"{index} {strategy}: wrong result {result}")
            except XlaRuntimeError:
                outcome = "loaded, run refused"
        except XlaRuntimeError:
            outcome = "refused"
        except Exception as err:  # anything else is what this test looks for
            outcome = "other exception"
            violations.append(f"{index} {strategy}: {type(err).__name__}: {str(err)[:200]}")
        finally:
            faulthandler.cancel_dump_traceback_later()
        if intact and outcome == "refused":
            violations.append(f"{index} {strategy}: a harmless blob was refused")
        if time.monotonic() - started > 10:
            violations.append(f"{index} {strategy}: took {time.monotonic() - started:.1f} s")
        key = f"{strategy}: {outcome}"
        outcomes[key] = outcomes.get(key, 0) + 1
    print(json.dumps({"count": count, "outcomes": dict(sorted(outcomes.items())),
                      "violations": violations}))


if __name__ == "__main__":
    _fuzz_main(int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3]))
