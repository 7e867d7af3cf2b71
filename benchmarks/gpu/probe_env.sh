#!/usr/bin/env bash
# The GPU machine's environment and a build of the packages: what the GPU
# check relies on (benchmarks/gpu/check.sh runs this first).
#   bash benchmarks/gpu/probe_env.sh OUTDIR
set -u
out=${1:?usage: probe_env.sh OUTDIR}
mkdir -p "$out"
{
  date -u; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
  python3 -V; which python3; nproc
  python3 -m pip list 2>/dev/null | grep -iE "^(cupy|jax|jaxlib|numpy|ml.dtypes|scipy|pybind11|scikit.build|nvidia-|cuda-)" 
} 2>&1 | tee "$out/env.txt"
start=$(date +%s)
export CMAKE_BUILD_PARALLEL_LEVEL=$(nproc)
rm -rf /tmp/ours
python3 -m pip install -q --no-build-isolation --no-deps --no-compile --target /tmp/ours \
  ./packages/jaxlib-core ./packages/jaxlib-gpu ./packages/jaxlib-linalg ./packages/jaxlib-sparse \
  >"$out/build.log" 2>&1
echo "build rc=$? in $(( $(date +%s) - start )) s" | tee -a "$out/env.txt"
PYTHONPATH=/tmp/ours python3 - <<'PY' 2>&1 | tee -a "$out/env.txt"
import time, numpy as np
import jaxlib, jaxlib.xla_client as xc
print("ours:", jaxlib.__file__)
import cupy as cp
print("cupy", cp.__version__, "cuda runtime", cp.cuda.runtime.runtimeGetVersion(),
      "driver", cp.cuda.runtime.driverGetVersion(), "nvrtc", cp.cuda.nvrtc.getVersion())
props = cp.cuda.runtime.getDeviceProperties(0)
print("device", props["name"], "cc", props["major"], props["minor"], "mem", props["totalGlobalMem"])
k = cp.RawKernel(r'extern "C" __global__ void f(float* x){x[threadIdx.x]*=2;}', "f")
x = cp.arange(4, dtype=cp.float32); k((1,), (4,), (x,)); print("rawkernel", x.get())
for mod in ("cupy.cuda.cudnn", "cupyx.cudnn", "cupy.cuda.cub", "cupy.cuda.thrust", "cupy_backends.cuda.libs.cusolver", "cupy.cuda.nccl", "cupy.cuda.cufft"):
    try:
        __import__(mod); print("module ok", mod)
    except Exception as e:
        print("module missing", mod, type(e).__name__, e)
a = cp.random.rand(2048, 2048, dtype=cp.float32); cp.cuda.Device().synchronize()
t = time.perf_counter()
for _ in range(10): a @ a
cp.cuda.Device().synchronize(); print("sgemm 2048 ms", (time.perf_counter() - t) * 100)
t = time.perf_counter()
for _ in range(1000): a[:1] + 1
cp.cuda.Device().synchronize(); print("tiny op launch us", (time.perf_counter() - t) * 1000)
PY
python3 - <<'PY' 2>&1 | tee -a "$out/env.txt"
import jax
print("reference jax", jax.__version__, jax.devices())
PY
