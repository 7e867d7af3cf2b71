#!/usr/bin/env bash
# The GPU check: on a machine with an NVIDIA GPU, CuPy and a jax CUDA install,
# runs jaxlib-gpu's tests on CUDA, the corpus and the conformance suite on
# `cuda`, and times the shared and model benchmarks on our backend and on the
# machine's own jax CUDA backend in the same run. About 6-8 minutes.
#
#   bash benchmarks/gpu/check.sh OUTDIR
#
# Prints a compact summary (OUTDIR/summary.txt) and writes the details to
# OUTDIR: env.txt, pytest.log, conformance.log, bench_models.json,
# bench_shared.json, bench.log (the benchmark tables are in the summary).
#
# The packages are built with pip unless GPU_CHECK_PREBUILT names a folder of
# prebuilt extension modules for this Python (jaxlib/_*.so and the
# *.dist-info folders of the wheels):
# then the sources are laid out in a site folder with them, in seconds.
# GPU_CHECK_SHARED is the folder holding conformance/, bench/ and jax-tests/
# (default ../shared beside the checkout). GPU_CHECK_BACKEND=mock runs every
# part on the mock GPUs instead, without a GPU or a reference (to try the
# script). GPU_CHECK_JAX_SITE names a folder with jax 0.10.2 made by
# benchmarks/gpu/carry_jax.py (the machine's own jax is another version): the
# part "jax" then runs jax on our cuda client (test_jax_on_gpu.py and the
# files of jax's tests in GPU_CHECK_JAX_TESTS, default batching_test.py, on
# the real GPU, GPU_CHECK_JAX_TIMEOUT seconds each, default 200, narrowed by a
# pytest -k expression in GPU_CHECK_JAX_K); without it that part is skipped. GPU_CHECK_BUNDLE=1 leaves
# summary.txt and details.tgz (everything else) in OUTDIR. GPU_CHECK_TESTS_S: the
# jaxlib-gpu tests' limit in seconds (default 150; pytest.log lists the 5 slowest);
# GPU_CHECK_TESTS_K narrows them by a pytest -k expression (e.g. to what is not yet
# verified on a GPU, first, on a short lease).
set -u
out=${1:?usage: check.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
shared=${GPU_CHECK_SHARED:-$root/../shared}
backend=${GPU_CHECK_BACKEND:-cuda}
site=${GPU_CHECK_SITE:-/tmp/jaxlib-gpu-check-site}
budget=${GPU_CHECK_BUDGET:-0.5}
# Which parts run (a rerun on a short device lease may skip some).
parts=" ${GPU_CHECK_PARTS:-tests jax probes bench conformance} "
summary=$out/summary.txt
tables=$(mktemp -d)
: >"$summary"
note() { echo "$*" | tee -a "$summary"; }
export PYTHONUNBUFFERED=1

# -- environment and packages -------------------------------------------------------
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1
  python3 -V
  python3 -m pip list 2>/dev/null | grep -iE "^(cupy|jax|jaxlib|numpy|ml.dtypes|scipy|nvidia-cudnn|nvidia-cuda-nvrtc|nvidia-nccl)"
} >"$out/env.txt" 2>&1
note "GPU check $(date -u +%Y-%m-%dT%H:%MZ), backend $backend, $(head -2 "$out/env.txt" | tail -1)"

start=$(date +%s)
rm -rf "$site" && mkdir -p "$site"
if [ -n "${GPU_CHECK_PREBUILT:-}" ]; then
  for p in core linalg sparse gpu; do cp -r "packages/jaxlib-$p/src/jaxlib" "$site/"; done
  cp "$GPU_CHECK_PREBUILT"/*.so "$site/jaxlib/"
  # The wheels' metadata: the entry points that register jaxlib-linalg's targets.
  cp -r "$GPU_CHECK_PREBUILT"/*.dist-info "$site/" 2>/dev/null || true
  # Entry points as the sources declare them (prebuilt metadata may predate them;
  # jaxlib-gpu's, pure Python, has none prebuilt: its jax_plugins entry point).
  python3 - "$site" <<'PY'
import pathlib, sys, tomllib
site = pathlib.Path(sys.argv[1])
for package in ("core", "linalg", "sparse", "gpu"):
    pyproject = pathlib.Path(f"packages/jaxlib-{package}/pyproject.toml")
    project = tomllib.loads(pyproject.read_text())["project"]
    name, version = project["name"], project["version"]
    dist = site / f"{name.replace('-', '_')}-{version}.dist-info"
    dist.mkdir(exist_ok=True)
    if not (dist / "METADATA").is_file():
        (dist / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    groups = project.get("entry-points", {})
    (dist / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()) + "\n"
        for group, points in groups.items()))
PY
else
  python3 -m pip install -q --no-build-isolation --no-deps --no-compile --target "$site" \
    ./packages/jaxlib-core ./packages/jaxlib-linalg ./packages/jaxlib-sparse \
    ./packages/jaxlib-gpu >"$out/build.log" 2>&1 || { note "build failed (build.log)"; exit 1; }
fi
# Our jaxlib comes first on the path; the reference (its own jaxlib) runs without it.
ours="env PYTHONPATH=$site"
$ours python3 -c "import jaxlib.gpu_runtime" || { note "our packages do not import"; exit 1; }
note "packages ready in $(( $(date +%s) - start )) s"

# -- tests on CUDA (test_codegen.py needs no GPU: CI runs it) -------------------------
if [[ $parts == *" tests "* ]]; then
start=$(date +%s)
# At the limit pytest gets SIGINT, so it still prints what passed and failed so far.
JAXLIB_GPU_TEST_BACKEND=$backend timeout -s INT -k 20 "${GPU_CHECK_TESTS_S:-150}" $ours \
  python3 -m pytest -q -rfEs -p no:cacheprovider --durations=5 \
  -k "not conformance_suite${GPU_CHECK_TESTS_K:+ and ($GPU_CHECK_TESTS_K)}" \
  --ignore=packages/jaxlib-gpu/tests/test_codegen.py \
  packages/jaxlib-gpu/tests >"$out/pytest.log" 2>&1 && rc=0 || rc=$?
stopped=""; [ "$rc" = 124 ] && stopped=", stopped at GPU_CHECK_TESTS_S=${GPU_CHECK_TESTS_S:-150}"
note "tests: $(tail -1 "$out/pytest.log") ($(( $(date +%s) - start )) s$stopped)"
grep -E "^(FAILED|ERROR)" "$out/pytest.log" | head -15 | tee -a "$summary"
fi

# -- jax 0.10.2 on our cuda client ---------------------------------------------------
if [[ $parts == *" jax "* ]]; then
if [ -z "${GPU_CHECK_JAX_SITE:-}" ]; then
  note "jax: skipped (GPU_CHECK_JAX_SITE names no jax 0.10.2 folder; see carry_jax.py)"
else
  start=$(date +%s)
  withjax="env PYTHONPATH=$site:$(cd "$GPU_CHECK_JAX_SITE" && pwd)"
  if $withjax python3 -c "import jax, sys; sys.exit(jax.__version__ != '0.10.2')"; then
    JAXLIB_GPU_TEST_BACKEND=$backend timeout 300 $withjax python3 -m pytest -q \
      -p no:cacheprovider packages/jaxlib-gpu/tests/test_jax_on_gpu.py >"$out/jax_on_gpu.log" 2>&1
    note "jax on our client: $(tail -1 "$out/jax_on_gpu.log")"
    grep -E "^(FAILED|ERROR|E  )" "$out/jax_on_gpu.log" | head -8 | cut -c1-240 | tee -a "$summary"
    where=(--gpu); [ "$backend" = mock ] && where=(--mock-gpu 1x1x1)
    jax_tests=()  # jax's own test files (a few minutes each on a GPU: linalg_test.py)
    for f in ${GPU_CHECK_JAX_TESTS:-batching_test.py}; do jax_tests+=("$shared/jax-tests/$f"); done
    # A file stopped at its limit still reports the tests it ran; -k narrows a file
    # (linalg_test.py runs about 2 tests a second on an H100).
    select=(); [ -n "${GPU_CHECK_JAX_K:-}" ] && select=(--pytest-arg=-k --pytest-arg="$GPU_CHECK_JAX_K")
    limit=${GPU_CHECK_JAX_TIMEOUT:-200}
    timeout $((limit + 60)) $withjax python3 tests/jax_suite/run_jax_tests.py "${where[@]}" \
      --timeout "$limit" "${select[@]}" --failures "$out/jax_failures.txt" \
      --no-fail "${jax_tests[@]}" >"$out/jax_tests.log" 2>&1
    grep -E "^[a-z_]+_test\.py " "$out/jax_tests.log" | tee -a "$summary"
    grep -A 6 "^failures by cause" "$out/jax_tests.log" | cut -c1-240 | tee -a "$summary"
    # The failures as reported (status codes and sizes, which the causes drop).
    [ -s "$out/jax_failures.txt" ] && sed 's/ at loc([^)]*)[^:]*//' "$out/jax_failures.txt" \
      | head -8 | cut -c1-400 | sed 's/^/  /' | tee -a "$summary"
  else
    note "jax: $GPU_CHECK_JAX_SITE holds no jax 0.10.2 that imports over our jaxlib"
  fi
  note "jax part took $(( $(date +%s) - start )) s"
fi
fi

# -- the reference's answers where ours were questioned (reference_probes.py) -------
if [[ $parts == *" probes "* ]] && [ "$backend" = cuda ]; then
  timeout 120 python3 benchmarks/gpu/reference_probes.py "$shared" >"$out/probes.txt" 2>&1
  note "reference probes: $(grep -c "" "$out/probes.txt") lines (probes.txt); $(tail -1 "$out/probes.txt")"
fi

# -- benchmarks: ours on $backend, the reference on jax's CUDA backend ---------------
reference=()
if [ "$backend" = cuda ]; then reference=(--reference-python python3); fi
start=$(date +%s)
if [[ $parts == *" bench "* ]]; then
for suite in models shared; do
  limit=120; [ $suite = shared ] && limit=90
  JAXLIB_BENCH_DIR=$shared/bench timeout $limit $ours python3 benchmarks/programs.py \
    --suite $suite --backend "$backend" --rounds 1 --budget "$budget" "${reference[@]}" \
    --json "$out/bench_$suite.json" >"$tables/$suite.md" 2>>"$out/bench.log"
  note "benchmark $suite: $(grep -E 'geometric mean' "$tables/$suite.md" | tr -s ' |' ' ')"
  note "  worst: $(grep -E '\*\*worst' "$tables/$suite.md" | tr -s ' |' ' ')"
done
note "benchmarks took $(( $(date +%s) - start )) s"
fi
grep -h "^ours \(kernels\|products\|convolutions\|solver\):" "$out/bench.log" 2>/dev/null | sort -u | tee -a "$summary"
# Which programs replayed a CUDA graph, and why the others did not.
python3 - "$out" <<'PY' | tee -a "$summary"
import json, sys
from pathlib import Path
for suite in ("models", "shared"):
    path = Path(sys.argv[1]) / f"bench_{suite}.json"
    if not path.is_file():
        continue
    ours = json.loads(path.read_text())["ours"]
    graphs = sorted(n for n, r in ours.items() if r.get("graph") == "graph")
    print(f"{suite}: graphs {len(graphs)}/{len(ours)}")
    for name, row in sorted(ours.items()):
        if row.get("graph") != "graph":
            why = row.get("graph") or row.get("error", "?")
            print(f"  {name}: {why[:200]}")
PY

# -- conformance suite on $backend ---------------------------------------------------
if [[ $parts == *" conformance "* ]]; then
start=$(date +%s)
conformance_s=${GPU_CHECK_CONFORMANCE_S:-60}
timeout $((conformance_s + 30)) $ours python3 benchmarks/gpu/conformance.py --backend "$backend" \
  --time-limit "$conformance_s" --jobs "${GPU_CHECK_JOBS:-8}" \
  "$shared/conformance/stablehlo" >"$out/conformance.log" 2>&1
note "conformance: $(tail -1 "$out/conformance.log" | cut -c1-160) ($(( $(date +%s) - start )) s)"
grep FAIL "$out/conformance.log" | head -10 | cut -c1-240 | tee -a "$summary"
fi
cat "$tables/models.md" "$tables/shared.md" >>"$summary" 2>/dev/null
# GPU_CHECK_BUNDLE=1: the details in one archive beside the summary (the device
# tool brings back at most 8 files; a full check writes 9).
if [ -n "${GPU_CHECK_BUNDLE:-}" ]; then
  (cd "$out" && tar czf details.tgz --exclude=details.tgz --exclude=summary.txt . \
    && find . -maxdepth 1 -type f ! -name summary.txt ! -name details.tgz -delete)
fi
