"""``jaxlib.gpu_linalg`` / ``jaxlib.gpu_solver``: the CUDA/ROCm target names the
reference's GPU lowering emits (recorded by tests/corpus/gpu_targets.py), each
mapped to a handler that fails with UNIMPLEMENTED naming the GPU backend."""

import json
from pathlib import Path

import numpy as np
import pytest

from jaxlib import gpu_linalg, gpu_solver
from jaxlib._src.base.errors import XlaRuntimeError

RECORD = json.loads((Path(__file__).parent / "corpus" / "gpu_targets.json").read_text())
PLATFORMS = {"CUDA": "cuda", "ROCM": "rocm"}


def _names(module, platform):
    return [name for name, _, _ in module.registrations()[platform]]


def _is_sparse_library(name: str) -> bool:  # gtsv2 belongs to jaxlib.gpu_sparse
    return name.startswith(("cusparse_", "hipsparse_"))


@pytest.mark.parametrize("platform", sorted(PLATFORMS))
def test_linalg_and_solver_cover_the_reference_targets_exactly(platform):
    recorded = {name for name in RECORD["targets"][PLATFORMS[platform]]
                if not _is_sparse_library(name)}
    linalg, solver = _names(gpu_linalg, platform), _names(gpu_solver, platform)
    assert not set(linalg) & set(solver)
    assert set(linalg) | set(solver) == recorded


def test_the_names_the_issue_lists_are_present():
    cuda = set(_names(gpu_solver, "CUDA")) | set(_names(gpu_linalg, "CUDA"))
    for name in ("cusolver_getrf_ffi", "cusolver_potrf_ffi", "cusolver_syevd_ffi",
                 "cusolver_gesvdj_ffi", "cu_lu_pivots_to_permutation"):
        assert name in cuda
    assert "hip_lu_pivots_to_permutation" in _names(gpu_linalg, "ROCM")


def test_api_versions_follow_the_reference():
    for platform in PLATFORMS:
        assert {api for _, _, api in gpu_linalg.registrations()[platform]} == {1}
        for name, _, api in gpu_solver.registrations()[platform]:
            assert api == 1, name  # *_ffi and the hybrid kernels are all typed FFI
    assert gpu_linalg.batch_partitionable_targets() == [
        "cu_lu_pivots_to_permutation", "hip_lu_pivots_to_permutation"]
    assert "cuhybrid_eig_real" in gpu_solver.batch_partitionable_targets()
    assert gpu_solver.has_magma() is False
    assert gpu_solver.initialize_hybrid_kernels() is None


@pytest.mark.parametrize("module", [gpu_linalg, gpu_solver])
@pytest.mark.parametrize("platform", sorted(PLATFORMS))
def test_handlers_raise_unimplemented_naming_the_gpu_backend(module, platform):
    regs = module.registrations()[platform]
    assert regs
    for name, handler, _ in regs:
        with pytest.raises(XlaRuntimeError, match=rf"UNIMPLEMENTED: custom call '{name}' is a "
                                                  rf"{platform} .*GPU backend \(jaxlib-gpu\)"):
            handler([np.eye(2, dtype=np.float32)], [np.zeros((2, 2), np.float32)], {})
