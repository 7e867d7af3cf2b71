"""A pytest plugin: mock GPUs run their convolutions through cudnn.py's plans
and the stand-in cuDNN of packages/jaxlib-gpu/tests/test_cudnn_calls.py (which
carries out cuDNN's documented semantics on host memory), so jax's own
convolution tests check the plans without a GPU:

    PYTHONPATH=benchmarks/gpu python tests/jax_suite/run_jax_tests.py --mock-gpu 1x1x1 \
        --pytest-arg=-p --pytest-arg=cudnn_standin_plugin --pytest-arg=-k \
        --pytest-arg=Conv ../shared/jax-tests/lax_test.py ../shared/jax-tests/lax_autodiff_test.py

Counts of plans and calls, and any configuration refused, are appended to
$CUDNN_STANDIN_STATS (default /tmp/cudnn_standin_stats.txt).
"""
import collections
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "packages/jaxlib-gpu/tests"))
import test_cudnn_calls as t

from jaxlib._src.ir.types import numpy_dtype
from jaxlib.gpu_runtime import cudnn, kernels

LIB = t._Library()
HANDLE = t._Handle(LIB)
STATS = collections.Counter()
_orig = kernels.convolution_kernel


def _patched(op, spec, xp, fallback):
    if xp is not np:
        return _orig(op, spec, xp, fallback)
    result = op.result_types[0]
    shapes = [tuple(x.shape) for x in (*op.operand_types[:2], result)]
    plan = cudnn.plan_convolution(spec, *shapes, tuple(numpy_dtype(x.element_type) for x in (
        op.operand_types[0], op.operand_types[1], result)))
    if isinstance(plan, str):
        STATS["plan refused: " + plan.split(" ")[0]] += 1
        return fallback
    STATS["planned " + plan.mode] += 1
    kernel = cudnn.CudnnConvolution(plan, t._Cupy(), fallback, shapes[2],
                                    handle_for=lambda xp: HANDLE,
                                    alternative=cudnn.forward_plan(spec, plan, *shapes))

    def run(lhs, rhs):
        out = kernel(t._wrap(np.asarray(lhs)), t._wrap(np.asarray(rhs)))
        return tuple(np.array(o) for o in out)
    return run


kernels.convolution_kernel = _patched


def pytest_sessionfinish(session, exitstatus):
    with open(os.environ.get("CUDNN_STANDIN_STATS", "/tmp/cudnn_standin_stats.txt"), "a") as out:
        print("STANDIN", dict(STATS), dict(LIB.calls), file=out)
        for key, reason in list(cudnn.refused().items())[:30]:
            print("REFUSED", key[0].mode, key[0].dtype, key[1:], reason, file=out)
