"""jaxlib-gpu's ctypes declarations of cuBLAS, cuSOLVER, cuSPARSE, cuDNN, NCCL
and NVRTC checked against NVIDIA's headers, without a GPU
(benchmarks/gpu/bindings_check.py: the headers come from the NVIDIA wheels on
PyPI; g++ reports each prototype's parameters).

Most of these routines run only on a GPU machine, which this project is lent
now and then; a wrong argument list there is no Python error but a crash or a
wrong answer, so it is caught here first.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
IN_CI = bool(os.environ.get("CI"))


def _load_checker():
    spec = importlib.util.spec_from_file_location(
        "bindings_check", ROOT / "benchmarks" / "gpu" / "bindings_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def checked():
    """(the checker, the declarations, the probe's report, names missing from
    the headers)."""
    if shutil.which("g++") is None:
        pytest.fail("g++ builds the packages; it is missing")
    checker = _load_checker()
    cache = Path(os.environ.get("JAXLIB_CUDA_HEADERS_CACHE",
                                Path.home() / ".cache" / "jaxlib-cuda-headers"))
    try:
        folders = checker.fetch_headers(cache)
    except OSError as err:  # no network: CI has one (it installs from PyPI)
        if IN_CI:
            raise
        pytest.skip(f"NVIDIA's headers could not be read from PyPI: {err}")
    declared = checker.declarations()
    report, missing = checker.run_probe(sorted(declared), folders)
    return checker, declared, report, missing


def test_every_declaration_matches_its_prototype(checked):
    checker, declared, report, missing = checked
    problems = checker.compare(declared, report, missing, checker.called_names())
    assert problems == []
    # the routines the solver, cuSPARSE, cuDNN and NCCL paths call are all there
    for name in ("cusolverDnSgesvdjBatched", "cusolverDnZheevjBatched", "cusolverDnDsytrd",
                 "cusolverDnCgesvd", "cublasZtrsmBatched", "cusparseCgtsv2",
                 "cudnnConvolutionBackwardFilter", "ncclAllReduce", "ncclCommInitRank",
                 "nvrtcGetPTX"):
        assert name in report["functions"], name
    assert len(report["functions"]) > 100


def test_constants_and_structures_match_the_headers(checked):
    checker, _, report, _ = checked
    assert checker.check_constants(report) == []
    assert report["constants"]["CUDNN_DATA_BFLOAT16"] == 9
    assert report["structures"]["cudnnConvolutionFwdAlgoPerf_t"] == 48
    assert report["structures"]["ncclUniqueId"] == 128  # passed by value to ncclCommInitRank
    wrong = {**report, "constants": {**report["constants"], "ncclFloat32": 8},
             "structures": {**report["structures"], "cudnnConvolutionBwdDataAlgoPerf_t": 40}}
    assert checker.check_constants(wrong) == [
        "nccl._DATA_TYPES[np.dtype(np.float32)] = 7, but ncclFloat32 = 8",
        "cudnn.AlgoPerf is 48 bytes, cudnnConvolutionBwdDataAlgoPerf_t 40"]


def test_a_wrong_declaration_is_reported(checked):
    checker, declared, report, missing = checked
    vp, i32 = ctypes.c_void_p, ctypes.c_int
    wrong = dict(declared)
    where, argtypes, restype = declared["cusparseSgtsv2"]
    wrong["cusparseSgtsv2"] = (where, argtypes[:-1], restype)  # one argument short
    where, argtypes, restype = declared["cusolverDnDsytrd"]
    wrong["cusolverDnDsytrd"] = (where, [vp, vp, *argtypes[2:]], restype)  # uplo a pointer
    where, argtypes, restype = declared["ncclAllReduce"]
    wrong["ncclAllReduce"] = (where, [*argtypes[:2], i32, *argtypes[3:]], restype)  # count
    problems = checker.compare(wrong, report, missing, {"tridiagonal": {"cusparseSgtsv2",
                                                                       "cusparseDestroy"}})
    assert any("cusparseSgtsv2 takes 9 arguments in C, 8 declared" in p for p in problems)
    assert any("cusolverDnDsytrd argument 1: declared ('pointer', 8), C ('int', 4)" in p
               for p in problems)
    assert any("ncclAllReduce argument 2: declared ('int', 4), C ('int', 8)" in p
               for p in problems)
    assert any("calls cusparseDestroy, which no _declare sets up" in p for p in problems)
    assert len(problems) == 4


def test_kinds_of_ctypes_types():
    checker = _load_checker()

    class Pair(ctypes.Structure):
        _fields_ = [("a", ctypes.c_int), ("b", ctypes.c_double)]

    assert checker.ctypes_kind(ctypes.c_void_p) == ("pointer", 8)
    assert checker.ctypes_kind(ctypes.POINTER(Pair)) == ("pointer", 8)
    assert checker.ctypes_kind(ctypes.c_char_p) == ("pointer", 8)
    assert checker.ctypes_kind(ctypes.c_byte) == ("int", 1)
    assert checker.ctypes_kind(ctypes.c_size_t) == ("int", 8)
    assert checker.ctypes_kind(ctypes.c_float) == ("float", 4)
    assert checker.ctypes_kind(Pair) == ("struct", 16)
    assert checker.ctypes_kind(None) == ("void", 0)
