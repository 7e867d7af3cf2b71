#!/usr/bin/env bash
# Makes .gpubuild/, what the GPU check carries to a GPU machine (which has no
# network and its own Python 3.12): prebuilt extension modules for that
# Python, the shared conformance suite and benchmarks, and jax 0.10.2 laid
# out by carry_jax.py. Run it here (with network) at the start of a session
# that is lent a GPU; then, on the device tool (carry [".gpubuild"]):
#
#   GPU_CHECK_PREBUILT=.gpubuild/so GPU_CHECK_SHARED=.gpubuild/shared \
#   GPU_CHECK_JAX_SITE=.gpubuild/jax010 GPU_CHECK_BUNDLE=1 bash benchmarks/gpu/check.sh $OUT
#
#   bash benchmarks/gpu/prepare.sh [PYTHON312]
#
# PYTHON312 defaults to pyenv's 3.12 (the GPU machine's minor version); the
# build needs g++ and a few minutes on two cores. .gpubuild/ is listed in
# .git/info/exclude (it is never committed).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
python=${1:-$(ls -d /root/.pyenv/versions/3.12*/bin/python 2>/dev/null | tail -1)}
[ -x "$python" ] || { echo "no Python 3.12 (pass its path)" >&2; exit 2; }
shared=${GPU_PREPARE_SHARED:-$root/../shared}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== build tools and test dependencies for $($python -V)"
$python -m pip install -q numpy scipy ml_dtypes pybind11 scikit-build-core ninja pytest \
  opt_einsum absl-py

echo "== wheels of the packages with extension modules"
CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2} $python -m pip wheel -q --no-deps \
  --no-build-isolation -w "$work/wheels" packages/jaxlib-core packages/jaxlib-linalg \
  packages/jaxlib-sparse

rm -rf .gpubuild && mkdir -p .gpubuild/so .gpubuild/shared
for wheel in "$work"/wheels/*.whl; do
  $python -m zipfile -e "$wheel" "$work/unpacked"
done
cp "$work"/unpacked/jaxlib/*.so .gpubuild/so/
cp -r "$work"/unpacked/*.dist-info .gpubuild/so/
cp -r "$shared/conformance" "$shared/bench" .gpubuild/shared/

echo "== jax 0.10.2 for that Python"
$python -m venv "$work/jaxvenv"
"$work/jaxvenv/bin/python" -m pip install -q jax==0.10.2 jaxlib==0.10.2 absl-py
site=$("$work/jaxvenv/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
"$work/jaxvenv/bin/python" benchmarks/gpu/carry_jax.py .gpubuild/jax010 --from "$site" \
  --absl-from "$site" --jax-tests "$shared/jax-tests"

grep -qx "/.gpubuild/" .git/info/exclude 2>/dev/null || echo "/.gpubuild/" >> .git/info/exclude
echo "== .gpubuild: $(du -sh .gpubuild | cut -f1) (the device tool carries 64 MiB at most)"
du -sh .gpubuild/* | sed 's/^/   /'
