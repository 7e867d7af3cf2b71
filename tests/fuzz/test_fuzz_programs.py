"""Mutated programs (tests/fuzz/harness.py): compiled and run in worker
processes, none may crash the process, hang, raise anything but
XlaRuntimeError, fail with an unexplained INTERNAL error, or compute other
results than the reference kernels.

A bounded count runs in CI (``nox -s fuzz``); ``JAXLIB_FUZZ_SCALE=N``
multiplies it, and ``python tests/fuzz/harness.py --programs 20000`` runs the
large count of the closing notes.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import harness
from mutate import mutate

SCALE = max(1, int(os.environ.get("JAXLIB_FUZZ_SCALE", "1")))


def _describe(findings: list[dict]) -> str:
    return "\n".join(
        f"{f['outcome']} from {f['seed']} (job {f['job']}): {f.get('type', '')} "
        f"{f.get('message', '')}\n{f['text'][:2000]}" for f in findings[:5])


@pytest.mark.parametrize("seed", range(2))
def test_mutated_programs(seed):
    report = harness.fuzz_programs(2000 * SCALE, seed=1000 + seed, timeout=60)
    print(report.summary())
    assert not report.findings, _describe(report.findings)
    assert report.counts["ran"] > 0 and report.counts["error"] > 0


def test_mutations_are_deterministic():
    text = harness.seed_programs()[0][1]
    assert mutate(text, random.Random(5)) == mutate(text, random.Random(5))


def test_the_harness_sees_a_crash_and_a_hang():
    worker = harness.Worker()
    try:
        crash = worker.run({"text": "", "crash": True}, timeout=30)
        assert crash["outcome"] == "crash", crash
        hang = worker.run({"text": "", "sleep": 5}, timeout=1)
        assert hang["outcome"] == "hang", hang
    finally:
        worker.stop()
