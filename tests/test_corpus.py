"""The reference corpus: programs lowered by the reference JAX (tests/corpus/generate.py)
compiled and run by this project's compiler, compared with the reference's outputs.

Each program has ``NAME.mlir`` (the StableHLO text), ``NAME.npz`` (inputs ``argN`` and
expected outputs ``outN``) and ``NAME.json`` (dtypes, tolerances, device count and, for
multi-device programs, the HloSharding of every input and output).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from jaxlib import xla_client
from jaxlib._src.runtime.sharding import GSPMDSharding, HloSharding

PROGRAMS_DIR = Path(__file__).parent / "corpus" / "programs"
PROGRAM_NAMES = sorted(
    p.stem for p in PROGRAMS_DIR.glob("*.json") if p.name != "manifest.json"
)


@functools.cache
def _client(num_devices: int):
    return xla_client.make_cpu_client(num_devices=num_devices)


def _dtype(name: str) -> np.dtype:
    """The sidecar's dtype name; the narrow types (bfloat16, float8_*, int4) are
    ml_dtypes'."""
    return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)


def _restore(stored: np.ndarray, spec: dict) -> np.ndarray:
    """The generator stores ml_dtypes arrays as raw bits: view them back."""
    dtype = _dtype(spec["dtype"])
    value = stored if stored.dtype == dtype else stored.view(dtype)
    assert list(value.shape) == spec["shape"], (spec, value.shape)
    return value


def _load(name: str):
    meta = json.loads((PROGRAMS_DIR / f"{name}.json").read_text())
    text = (PROGRAMS_DIR / f"{name}.mlir").read_text()
    with np.load(PROGRAMS_DIR / f"{name}.npz") as data:
        inputs = [_restore(data[s["name"]], s) for s in meta["inputs"]]
        outputs = [_restore(data[s["name"]], s) for s in meta["outputs"]]
    return meta, text, inputs, outputs


def _comparable(value: np.ndarray) -> np.ndarray:
    # numpy's comparison helpers do not know the ml_dtypes types (kind "V"); widening
    # them to float32 / int32 is exact.
    if value.dtype.kind == "V":
        return value.astype(np.float32 if "float" in value.dtype.name else np.int32)
    return value


def _check(actual, expected: np.ndarray, spec: dict, where: str) -> None:
    actual = np.asarray(actual)
    assert actual.dtype == expected.dtype, f"{where}: dtype {actual.dtype} != {expected.dtype}"
    assert actual.shape == expected.shape, f"{where}: shape {actual.shape} != {expected.shape}"
    actual, expected = _comparable(actual), _comparable(expected)
    if expected.dtype.kind in "biu":
        np.testing.assert_array_equal(actual, expected, err_msg=where)
    else:
        np.testing.assert_allclose(actual, expected, rtol=spec["rtol"], atol=spec["atol"],
                                   equal_nan=True, err_msg=where)


def _run_single_device(text: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    client = _client(1)
    device = client.devices()[0]
    executable = client.compile_and_load(text, client.devices()[:1])
    buffers = [client.buffer_from_pyval(value, device) for value in inputs]
    return [np.asarray(out) for out in executable.execute(buffers)]


def _shard_indices(devices, sharding_text: str, shape) -> list:
    sharding = GSPMDSharding(devices, HloSharding.from_string(sharding_text))
    index_map = sharding.devices_indices_map(tuple(shape))
    return [index_map[d] for d in devices]


def _run_and_check_multi_device(meta, text, inputs, expected) -> None:
    n = meta["num_devices"]
    client = _client(n)
    devices = client.devices()[:n]
    executable = client.compile_and_load(text, devices)
    arguments = []  # argument-major: one list of per-device shards per input
    for value, spec in zip(inputs, meta["inputs"]):
        indices = _shard_indices(devices, spec["sharding"], value.shape)
        arguments.append([client.buffer_from_pyval(np.ascontiguousarray(value[idx]), d)
                          for idx, d in zip(indices, devices)])
    results = executable.execute_sharded(arguments).disassemble_into_single_device_arrays()
    assert len(results) == len(expected), f"{len(results)} outputs, expected {len(expected)}"
    for i, (shards, want, spec) in enumerate(zip(results, expected, meta["outputs"])):
        assert len(shards) == n, f"out{i}: {len(shards)} shards for {n} devices"
        indices = _shard_indices(devices, spec["sharding"], want.shape)
        for device, idx, shard in zip(devices, indices, shards):
            assert shard.devices() == {device}, \
                f"out{i}: the shard for {device} is on {shard.devices()}"
            _check(shard, np.ascontiguousarray(want[idx]), spec,
                   f"out{i} shard on device {device.id} ({spec['sharding']})")


def test_corpus_is_present_and_complete():
    assert len(PROGRAM_NAMES) >= 150, f"only {len(PROGRAM_NAMES)} programs in {PROGRAMS_DIR}"
    for name in PROGRAM_NAMES:
        assert (PROGRAMS_DIR / f"{name}.mlir").is_file(), name
        assert (PROGRAMS_DIR / f"{name}.npz").is_file(), name
    manifest = json.loads((PROGRAMS_DIR / "manifest.json").read_text())
    assert sorted(p["name"] for p in manifest["programs"]) == PROGRAM_NAMES
    multi = [n for n in PROGRAM_NAMES
             if json.loads((PROGRAMS_DIR / f"{n}.json").read_text())["num_devices"] > 1]
    assert multi, "the corpus has no multi-device programs"


# Programs this jaxlib rejects on purpose, with an explicit compile-time error;
# the test checks that the error is raised and says what is unsupported.
EXPLICITLY_UNSUPPORTED: dict[str, str] = {}


@pytest.mark.parametrize("name", PROGRAM_NAMES)
def test_corpus_program_matches_reference(name: str):
    meta, text, inputs, expected = _load(name)
    if name in EXPLICITLY_UNSUPPORTED:
        client = xla_client.make_cpu_client(num_devices=meta["num_devices"])
        with pytest.raises(xla_client.XlaRuntimeError,
                           match=f"UNIMPLEMENTED: .*{EXPLICITLY_UNSUPPORTED[name]}"):
            client.compile_and_load(text, client.devices()[:meta["num_devices"]])
        return
    if meta["num_devices"] == 1:
        actual = _run_single_device(text, inputs)
        assert len(actual) == len(expected), f"{len(actual)} outputs, expected {len(expected)}"
        for i, (got, want, spec) in enumerate(zip(actual, expected, meta["outputs"])):
            _check(got, want, spec, f"out{i}")
    else:
        _run_and_check_multi_device(meta, text, inputs, expected)


def test_every_corpus_program_prints_as_hlo_text():
    client = xla_client.make_cpu_client(num_devices=4)
    for name in PROGRAM_NAMES:
        if name in EXPLICITLY_UNSUPPORTED:
            continue
        meta, text, _, _ = _load(name)
        executable = client.compile_and_load(text, client.devices()[:meta["num_devices"]])
        hlo = executable.hlo_modules()[0].to_string()
        assert hlo.startswith("HloModule ") and "ENTRY %" in hlo, name


# The corpus steps that run on reference (numpy) kernels, by program (op names):
# exotic types and ops without native kernels. A new one is a regression of the
# native backend (or, when intended, is recorded by running this test with
# JAXLIB_UPDATE_REFERENCE_STEPS=1); one gone is progress to record the same way.
REFERENCE_STEPS_FILE = Path(__file__).parent / "corpus" / "reference_steps.json"


def _reference_steps() -> dict[str, list[str]]:
    found = {}
    for name in PROGRAM_NAMES:
        meta = json.loads((PROGRAMS_DIR / f"{name}.json").read_text())
        n = meta.get("num_devices", 1)
        client = _client(n)
        executable = client.compile_and_load((PROGRAMS_DIR / f"{name}.mlir").read_text(),
                                              client.devices()[:n])
        steps = sorted(step["op"] for step in executable.reference_kernel_steps())
        if steps:
            found[name] = steps
    return found


def test_reference_kernel_steps_of_the_corpus_are_the_recorded_ones():
    import os

    found = _reference_steps()
    if os.environ.get("JAXLIB_UPDATE_REFERENCE_STEPS") == "1":
        REFERENCE_STEPS_FILE.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    recorded = json.loads(REFERENCE_STEPS_FILE.read_text())
    new = {k: v for k, v in found.items() if recorded.get(k) != v}
    gone = {k: v for k, v in recorded.items() if k not in found}
    assert not new and not gone, (f"reference-kernel steps changed: now {new}, "
                                  f"no longer {gone}")
