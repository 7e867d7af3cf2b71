"""The CUDA C generated for fused groups, checked without a GPU.

- Every kernel the corpus, the benchmarks and the conformance suite produce
  compiles to PTX with NVRTC (the nvidia NVRTC wheel needs no GPU).
- The same source built as host C++ computes what the ops' reference kernels
  compute, group by group on random inputs, and whole programs run on mock
  GPUs through it (``JAXLIB_GPU_MOCK_CODEGEN=1``) match the recorded outputs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest

from jaxlib._src.backends.cpu import fusion
from jaxlib._src.compiler import pipeline
from jaxlib._src.ir.types import numpy_dtype
from jaxlib.gpu_runtime import codegen, fused
from jaxlib.gpu_runtime.program import build_gpu_program

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared"
IN_CI = bool(os.environ.get("CI"))
MODELS = ROOT / "benchmarks" / "models"
CORPUS = ROOT / "tests" / "corpus" / "programs"


def _nvrtc_available() -> bool:
    from jaxlib.gpu_runtime import nvrtc

    try:
        nvrtc.library()
        return True
    except OSError:
        return False


def _needs_nvrtc() -> None:
    """Skips without NVRTC, except on CI, which installs it (a missing wheel fails)."""
    if not _nvrtc_available():
        if IN_CI:
            pytest.fail("CI installs nvidia-cuda-nvrtc (noxfile PACKAGE_TEST_PIP); not found")
        pytest.skip("no NVRTC here (pip install nvidia-cuda-nvrtc)")


@pytest.mark.skipif(not _nvrtc_available() and not IN_CI,
                    reason="no NVRTC here (pip install nvidia-cuda-nvrtc); CI installs it")
def test_every_generated_kernel_compiles_with_nvrtc():
    folders = [ROOT / "tests" / "corpus" / "programs", MODELS]
    args = ["--programs", *map(str, folders)]
    if (SHARED / "bench").is_dir():
        args.append(str(SHARED / "bench"))
    if (SHARED / "conformance").is_dir():
        args += ["--conformance", str(SHARED / "conformance" / "stablehlo")]
    elif IN_CI:
        pytest.fail("CI runs beside ../shared, whose conformance suite is missing")
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks/gpu/nvrtc_check.py"), *args],
                         capture_output=True, text=True, timeout=1800)
    lines = out.stdout.strip().splitlines()
    assert lines and lines[-1].startswith("{"), out.stdout[-4000:] + out.stderr[-4000:]
    summary = json.loads(lines[-1])
    assert summary["failed"] == 0, out.stdout[-6000:]
    assert summary["kernels"] >= 400  # the suites' fused groups are all generated


_DIVIDE = ('extern "C" __global__ void k(const float* x, const float* y, float* z, int n) {\n'
           '  int i = blockIdx.x * blockDim.x + threadIdx.x;\n'
           '  if (i < n) z[i] = x[i] * y[i] / (x[i] + 1.0f) + sqrtf(y[i]);\n}\n')


def test_host_builds_of_one_kernel_from_many_threads(tmp_path, monkeypatch):
    # Programs jitted from several threads build the same kernel at once
    # (jax's test_concurrent_jit on mock GPUs): each gets the whole build.
    import concurrent.futures
    import ctypes

    monkeypatch.setenv("JAXLIB_GPU_HOST_KERNEL_CACHE", str(tmp_path))
    monkeypatch.setattr(fused, "_HOST_FUNCTIONS", {})
    source = ('extern "C" void k(void** in, void** out, long long n) {\n'
              '  for (long long i = 0; i < n; ++i)\n'
              '    ((float*)out[0])[i] = 2.0f * ((const float*)in[0])[i] - 3.0f;\n}\n')
    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        functions = list(pool.map(lambda _: fused._host_function(source, "k"), range(6)))
    assert all(f is functions[0] for f in functions)
    x, y = np.arange(5, dtype=np.float32), np.zeros(5, np.float32)
    functions[0].argtypes = [ctypes.c_void_p * 1, ctypes.c_void_p * 1, ctypes.c_longlong]
    functions[0]((ctypes.c_void_p * 1)(x.ctypes.data), (ctypes.c_void_p * 1)(y.ctypes.data), 5)
    np.testing.assert_array_equal(y, 2 * x - 3)
    assert [p.suffix for p in tmp_path.iterdir()] == [".so"]  # nothing half-built left


def test_kernels_for_the_gpu_keep_f32_denormals(tmp_path, monkeypatch):
    # CuPy's own compiles add -ftz=true; ours compile without it (XLA's GPU
    # backend keeps denormals), with IEEE divisions and square roots.
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc

    monkeypatch.setenv("JAXLIB_GPU_KERNEL_CACHE", str(tmp_path))
    path = nvrtc.kernel_ptx(_DIVIDE, "80")
    ptx = path.read_text()
    assert path.parent == tmp_path and ".entry k(" in ptx
    assert ".ftz." not in ptx and "div.rn.f32" in ptx and "sqrt.rn.f32" in ptx
    flushing = nvrtc.compile_to_ptx(_DIVIDE, options=("--gpu-architecture=compute_80",
                                                      "-ftz=true"))
    assert ".ftz." in flushing  # what the option would change
    # Cached by hash: the second call compiles nothing; another arch is another file.
    monkeypatch.setattr(nvrtc, "compile_to_ptx", lambda *a, **k: pytest.fail("recompiled"))
    assert nvrtc.kernel_ptx(_DIVIDE, "80") == path
    assert not list(tmp_path.glob("*.tmp"))


def test_device_functions_load_our_cubin_then_ptx_then_fall_back_to_cupy(tmp_path,
                                                                         monkeypatch):
    # A stand-in for CuPy's module API (no GPU here): what RawModule loads is
    # our NVRTC's CUBIN for the GPU; a refused CUBIN (a driver of another
    # major version) turns to the PTX, once and for all; a refused PTX too
    # falls back to RawKernel once and for all.
    _needs_nvrtc()
    monkeypatch.setenv("JAXLIB_GPU_KERNEL_CACHE", str(tmp_path))
    loaded = []
    refuse: set[str] = set()

    class Module:
        def __init__(self, path):
            suffix = path.rsplit(".", 1)[-1]
            if suffix in refuse:
                raise RuntimeError(f"CUDA_ERROR_UNSUPPORTED_{suffix.upper()}_VERSION")
            loaded.append(path)

        def get_function(self, name):
            return ("function", name)

    class StandIn:
        class cuda:  # CuPy's spelling
            class Device:
                compute_capability = "90"

        RawModule = Module

        @staticmethod
        def RawKernel(source, name):  # CuPy's spelling
            return ("cupy", name)

    monkeypatch.setattr(fused, "_DEVICE_MODULES", {})
    monkeypatch.setattr(fused, "_FALLBACK", [])
    monkeypatch.setattr(fused, "_CUBIN_REFUSED", [])
    assert fused.device_function(StandIn, _DIVIDE, "k") == ("function", "k")
    assert fused.device_function(StandIn, _DIVIDE, "k") == ("function", "k")
    assert len(loaded) == 1 and loaded[0].startswith(str(tmp_path))
    assert loaded[0].endswith(".cubin") and Path(loaded[0]).read_bytes()[:4] == b"\x7fELF"
    assert fused.device_function_form() == "cubin"
    refuse.add("cubin")
    second = _DIVIDE.replace("sqrtf", "rsqrtf")
    assert fused.device_function(StandIn, second, "k") == ("function", "k")
    assert loaded[-1].endswith(".ptx") and ".entry k(" in Path(loaded[-1]).read_text()
    assert fused.device_function_form().startswith("ptx (RuntimeError: CUDA_ERROR_UNSUP")
    refuse.clear()  # once refused, the CUBIN is not tried again
    third = second + "// the third\n"
    assert fused.device_function(StandIn, third, "k") == ("function", "k")
    assert loaded[-1].endswith(".ptx")
    refuse.add("ptx")
    other = second + "// another\n"
    assert fused.device_function(StandIn, other, "k") == ("cupy", "k")
    assert "UNSUPPORTED_PTX_VERSION" in fused.device_function_fallback()
    assert fused.device_function_form().startswith("cupy (")
    refuse.clear()  # once fallen back, every kernel stays with CuPy's compile
    assert fused.device_function(StandIn, other + "// more\n", "k") == ("cupy", "k")


def test_cubins_are_compiled_for_the_gpus_architecture(tmp_path, monkeypatch):
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc

    monkeypatch.setenv("JAXLIB_GPU_KERNEL_CACHE", str(tmp_path))
    path = nvrtc.kernel_cubin(_DIVIDE, "90")
    assert path.suffix == ".cubin" and path.read_bytes()[:4] == b"\x7fELF"
    assert nvrtc.kernel_cubin(_DIVIDE, "80") != path  # another architecture, another file
    monkeypatch.setattr(nvrtc, "compile_to_cubin", lambda *a, **k: pytest.fail("recompiled"))
    assert nvrtc.kernel_cubin(_DIVIDE, "90") == path
    monkeypatch.undo()
    with pytest.raises(nvrtc.CompileError, match="gpu-architecture"):
        nvrtc.compile_to_cubin(_DIVIDE, "12")


def test_nvrtc_reports_errors_with_its_log():
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc

    with pytest.raises(nvrtc.CompileError, match="undefined"):
        nvrtc.compile_to_ptx('extern "C" __global__ void k(float* x) { x[0] = nope; }')


def test_the_conformance_suite_runs_through_host_builds_of_the_generated_kernels():
    # The suite's per-op, per-type edge values (division by zero, shifts past the
    # width, NaNs, signed zeros, saturating conversions) through the generated code.
    conformance = SHARED / "conformance" / "stablehlo"
    if not conformance.is_dir():
        if IN_CI:
            pytest.fail("CI runs beside ../shared, whose conformance suite is missing")
        pytest.skip("no ../shared/conformance here")
    if shutil.which(os.environ.get("CXX", "g++")) is None:
        pytest.skip("no host C++ compiler")
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/gpu/conformance.py"), "--backend", "mock",
         "--jobs", "2", str(conformance)], capture_output=True, text=True, timeout=1800,
        env=dict(os.environ, JAXLIB_GPU_MOCK_CODEGEN="1"))
    lines = out.stdout.strip().splitlines()
    assert lines and lines[-1].startswith("{"), out.stdout[-4000:] + out.stderr[-4000:]
    summary = json.loads(lines[-1])["conformance"]
    # The one known failure is the CPU backend's too (a 1-d dynamic_conv given two strides).
    assert summary["failed"] <= 1, out.stdout[-4000:]
    assert summary["passed"] >= 1990


# -- host builds of the generated code against the reference kernels ----------------

needs_compiler = pytest.mark.skipif(shutil.which(os.environ.get("CXX", "g++")) is None,
                                    reason="no host C++ compiler")


def _draw(rng: np.random.Generator, t) -> np.ndarray:
    dtype = np.dtype(numpy_dtype(t.element_type))
    shape = tuple(int(d) for d in t.shape)
    if dtype.kind == "f":
        values = rng.standard_normal(shape) * 3
        # Some specials: NaN, infinities, signed zeros, exact halves.
        specials = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 0.5, -2.5])
        mask = rng.random(shape) < 0.1
        values = np.where(mask, rng.choice(specials, shape), values)
        return np.asarray(values.astype(dtype))
    if dtype.kind == "b":
        return np.asarray(rng.integers(0, 2, shape).astype(bool))
    info = np.iinfo(dtype)
    values = rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    small = rng.integers(-2 if info.min else 0, 70, shape).astype(dtype)  # shifts, divisors
    return np.asarray(np.where(rng.random(shape) < 0.5, small, values))


def _reference(builder, group, inputs: list[np.ndarray]) -> list[np.ndarray]:
    values = {id(v): x for v, x in zip(group.inputs, inputs)}
    with np.errstate(all="ignore"):
        for op in group.ops:
            kernel = builder._kernel(op)
            operands = [values[id(v)] for v in op.operands]
            results = (kernel([None] * 4096, *operands) if getattr(kernel, "needs_frame", False)
                       else kernel(*operands))
            for result, value in zip(op.results, results):
                values[id(result)] = np.asarray(value)
    return [values[id(v)] for v in group.outputs]


def _same(got: np.ndarray, want: np.ndarray) -> bool:
    if got.dtype.kind != "f":
        return np.array_equal(got, want)
    close = np.isclose(got, want, rtol=2e-6, atol=1e-6, equal_nan=True)
    # Reductions sum in another order: a looser bound.
    return bool(close.all() or np.allclose(got, want, rtol=1e-4, atol=1e-4, equal_nan=True))


def _check_groups(path: Path, rng: np.random.Generator) -> int:
    checked = 0
    mismatches = []

    def visit(builder, block):
        nonlocal checked
        for item in fusion.fuse_block(block):
            if not isinstance(item, fusion.FusedGroup):
                continue
            if any(str(v.type.element_type) in ("bf16", "f16")
                   for op in item.ops for v in (*op.operands, *op.results)):
                # The CPU computes 16-bit floats in f32 slots (its own code);
                # the GPU's programs fuse them as they are (the generated 16-bit tests below).
                continue
            try:
                kernel = fused.FusedKernel(item, np)
            except codegen.Unsupported:
                continue
            inputs = [_draw(rng, v.type) for v in item.inputs]
            want = _reference(builder, item, inputs)
            got = kernel(*inputs)
            checked += 1
            for g, w in zip(got, want):
                if not _same(g, w):
                    mismatches.append(f"{path.name}: {[op.name for op in item.ops]}\n"
                                      f"got {g.ravel()[:6]} want {w.ravel()[:6]}")

    def builder_fn(lowering, function):
        for f in lowering.module.functions:
            visit(lowering.kernel_builder(f), f.body.entry)
        return build_gpu_program(np)(lowering, function)

    builder_fn.backend_key = "codegen-check"  # type: ignore[attr-defined]
    pipeline.compile_program(path.read_text(), program_builder=builder_fn)
    assert not mismatches, "\n".join(mismatches[:5])
    return checked


@needs_compiler
@pytest.mark.parametrize("name", sorted(p.stem for p in MODELS.glob("*.mlir")))
def test_generated_kernels_compute_what_the_reference_kernels_do(name):
    checked = _check_groups(MODELS / f"{name}.mlir", np.random.default_rng(0))
    assert checked > 0


@needs_compiler
def test_generated_kernels_of_the_corpus_compute_what_the_reference_kernels_do():
    rng = np.random.default_rng(1)
    manifest = json.loads((CORPUS / "manifest.json").read_text())
    checked = 0
    for entry in manifest["programs"]:
        if entry["num_devices"] == 1:
            checked += _check_groups(CORPUS / f"{entry['name']}.mlir", rng)
    assert checked >= 300


@needs_compiler
@pytest.mark.parametrize("name", sorted(p.stem for p in MODELS.glob("*.mlir")))
def test_model_programs_run_on_mock_gpus_through_generated_kernels(name, monkeypatch):
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    sys.path.insert(0, str(MODELS))
    from inputs import draw

    from jaxlib import xla_client

    client = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    meta = json.loads((MODELS / f"{name}.json").read_text())
    executable = client.compile_and_load((MODELS / f"{name}.mlir").read_text())
    arguments = [client.buffer_from_pyval(x) for x in draw(meta["inputs"], meta["seed"])]
    outputs = [np.asarray(o) for o in executable.execute(arguments)]
    assert executable.compiled.program.fusion["groups"] > 0  # (called functions' included)
    expected = np.load(MODELS / f"{name}.npz")
    for i, actual in enumerate(outputs):
        want = expected[f"out{i}"]
        atol = meta["atol"] * max(1.0, float(np.max(np.abs(want), initial=0)))
        np.testing.assert_allclose(actual, want, rtol=meta["rtol"], atol=atol,
                                   err_msg=f"{name} output {i}")


def test_unsupported_fusion_ir_is_reported_not_guessed():
    with pytest.raises(codegen.Unsupported):
        codegen.decode([2, 0])
    names = dict(fused.OPCODE_NAMES)
    program = [1, 1, 4, -1, -1, -1, 0, 2, 11, 11, 1, 0, 0, 0, 1, 1, 999, 0, 1, 0, -1, -1,
               1, 1]
    with pytest.raises(codegen.Unsupported, match="opcode 999"):
        codegen.generate(program, names, [11])


# A broadcast read by two groups that both recompute the compare reading it
# (fusion copies the compare into each): one of them, a reduction, takes the
# broadcast's group as its prologue; the other still reads the broadcast, so the
# prologue must store it (jnp.nonzero(x, size=...) read garbage before).
SHARED_PROLOGUE = """
func.func @main(%x: tensor<3x4xf32>) -> (tensor<12xi64>, tensor<i64>) {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %z = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
  %m = stablehlo.compare NE, %x, %z, FLOAT : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
  %r = stablehlo.reshape %m : (tensor<3x4xi1>) -> tensor<12xi1>
  %1 = stablehlo.convert %r : (tensor<12xi1>) -> tensor<12xi64>
  %0 = stablehlo.constant dense<0> : tensor<i64>
  %2 = "stablehlo.reduce_window"(%1, %0) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %3 = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %3 : tensor<i64>
    }) {padding = dense<[[11, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 12>,
        window_strides = array<i64: 1>} : (tensor<12xi64>, tensor<i64>) -> tensor<12xi64>
  %4 = stablehlo.convert %m : (tensor<3x4xi1>) -> tensor<3x4xi64>
  %5 = stablehlo.reduce(%4 init: %0) applies stablehlo.add across dimensions = [0, 1]
    : (tensor<3x4xi64>, tensor<i64>) -> tensor<i64>
  return %2, %5 : tensor<12xi64>, tensor<i64>
}
"""


@needs_compiler
def test_a_prologue_stores_what_another_group_reads(monkeypatch):
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    from jaxlib import xla_client

    client = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    x = np.array([[0, 3, 0, 1], [2, 0, 0, 5], [0, 0, 7, 0]], np.float32)
    for _ in range(3):  # (what was read unwritten changed from run to run)
        executable = client.compile_and_load(SHARED_PROLOGUE)
        counts, total = [np.asarray(o) for o in executable.execute(
            [client.buffer_from_pyval(x)])]
        np.testing.assert_array_equal(counts, np.cumsum(x.ravel() != 0))
        assert total == 5


STRIDED = """
func.func @main(%x: tensor<6x8xf32>, %y: tensor<8x6xf32>) -> tensor<6x4xf32> {
  %t = stablehlo.transpose %y, dims = [1, 0] : (tensor<8x6xf32>) -> tensor<6x8xf32>
  %s = stablehlo.slice %x [0:6, 0:8:2] : (tensor<6x8xf32>) -> tensor<6x4xf32>
  %u = stablehlo.slice %t [0:6, 1:8:2] : (tensor<6x8xf32>) -> tensor<6x4xf32>
  %e = stablehlo.exponential %s : tensor<6x4xf32>
  %m = stablehlo.multiply %e, %u : tensor<6x4xf32>
  return %m : tensor<6x4xf32>
}
"""


@needs_compiler
def test_strided_views_are_read_in_place_by_a_variant_kernel(monkeypatch):
    # The transpose and the slices are views on the device; the fused group
    # reading them gets a variant generated for their strides instead of copies.
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    from jaxlib import xla_client

    launched: list = []
    original = fused.GeneratedKernel._launch

    def launch(self, ins, outs):
        launched.append([x.flags.c_contiguous for x in ins])
        return original(self, ins, outs)

    monkeypatch.setattr(fused.GeneratedKernel, "_launch", launch)
    client = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    rng = np.random.default_rng(3)
    x = rng.standard_normal((6, 8)).astype(np.float32)
    y = rng.standard_normal((8, 6)).astype(np.float32)
    got = client.compile_and_load(STRIDED).execute(
        [client.buffer_from_pyval(x), client.buffer_from_pyval(y)])
    want = cpu.compile_and_load(STRIDED, cpu.devices()[:1]).execute(
        [cpu.buffer_from_pyval(x), cpu.buffer_from_pyval(y)])
    np.testing.assert_allclose(np.asarray(got[0]), np.asarray(want[0]), rtol=1e-6)
    assert any(not all(flags) for flags in launched)  # a view went in as it is


def test_strided_variants_compile_with_nvrtc():
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc

    groups = []

    def collect(lowering, function):
        groups.extend(g for g in fusion.fuse_block(function.body.entry)
                      if isinstance(g, fusion.FusedGroup))
        return build_gpu_program(np)(lowering, function)

    collect.backend_key = "strided-check"  # type: ignore[attr-defined]
    pipeline.compile_program(STRIDED, program_builder=collect)
    group = groups[0]
    views = {i: (16, -1) for i in range(len(group.inputs))}  # any strides, negative too
    source, name, _ = fused.group_source(group, "cuda", views)
    assert "jx_view0" in source
    nvrtc.compile_to_ptx(source, f"{name}.cu")


def test_the_lu_pivots_kernel_matches_the_array_path_and_compiles():
    # The generated kernel GPUs run for cu_lu_pivots_to_permutation (one thread
    # per matrix), built for the host, against the array operations mock GPUs run.
    from jaxlib._src.compiler import pipeline as compile_pipeline

    text = ("func.func @main(%p: tensor<6x3xi32>) -> tensor<6x5xi32> {\n"
            "  %0 = stablehlo.custom_call @cu_lu_pivots_to_permutation(%p) {api_version = 4 : "
            "i32, backend_config = {}} : (tensor<6x3xi32>) -> tensor<6x5xi32>\n"
            "  return %0 : tensor<6x5xi32>\n}\n")
    program = compile_pipeline.compile_program(
        text, program_builder=build_gpu_program(np)).program
    pivots = np.array([[0, 1, 2], [4, 3, 2], [1, 1, 4], [-1, 7, 0], [2, 0, 1], [3, 3, 3]],
                      np.int32)
    (want,) = program(pivots)
    source, name = codegen.lu_pivots_to_permutation(3, 5, 6, "host")
    kernel = fused.GeneratedKernel(source, name, 6, 6, "int", [((6, 5), np.int32)], np, "host")
    (got,) = kernel(pivots)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(want[3], [2, 1, 0, 3, 4])  # out-of-range pivots swap nothing
    np.testing.assert_array_equal(want[1], [4, 3, 2, 1, 0])
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc

    nvrtc.compile_to_ptx(codegen.lu_pivots_to_permutation(3, 5, 6, "cuda")[0])


@needs_compiler
@pytest.mark.parametrize("element,dtype", [("float", np.float32), ("double", np.float64),
                                           ("complex64", np.complex64),
                                           ("complex128", np.complex128)])
def test_the_perturbed_tridiagonal_kernel_computes_what_the_cpu_kernel_does(element, dtype):
    # The generated kernel GPUs run for cu_tridiagonal_solve_perturbed, built for
    # the host, against jaxlib-linalg's CPU kernel: its algorithm step for step
    # (bit for bit in real types; complex division rounds a little differently),
    # on systems that need pivoting, are singular, are all zeros or are tiny.
    from jaxlib import lapack

    rng = np.random.default_rng(4)
    for n, k in ((1, 2), (2, 1), (5, 3), (9, 1)):
        count = 6
        dl, d, du = (rng.standard_normal((count, n)).astype(dtype) for _ in range(3))
        if np.dtype(dtype).kind == "c":
            dl = (dl + 1j * rng.standard_normal((count, n))).astype(dtype)
        dl[1] = 0  # nothing to eliminate
        d[2] = 0  # zero pivots unless rows swap
        if n > 1:  # singular: T - lambda I at an eigenvalue lambda of T
            band = 2 * np.eye(n) + np.eye(n, k=1) + np.eye(n, k=-1)
            d[3], dl[3], du[3] = 2 - np.linalg.eigvalsh(band)[0], 1, 1
        d[4] = dl[4] = du[4] = 0
        dl[5] = d[5] = 1e-30
        b = rng.standard_normal((count, n, k)).astype(dtype)
        want = np.empty_like(b)
        lapack._tridiagonal_solve_perturbed([dl, d, du, b], [want], {})
        source, name = codegen.tridiagonal_solve_perturbed(n, k, count, element, "host")
        kernel = fused.per_item_kernel(source, name, count,
                                       [(b.shape, dtype), ((count, 3 * n + k), dtype)], np,
                                       "host")
        got = kernel(dl, d, du, b)[0]
        assert np.isfinite(got).all()
        if np.dtype(dtype).kind == "f":
            np.testing.assert_array_equal(got, want)
        else:
            np.testing.assert_allclose(got, want, rtol=1e-5 if dtype == np.complex64 else 1e-13)
    with pytest.raises(codegen.Unsupported):
        codegen.tridiagonal_solve_perturbed(3, 1, 1, "half", "host")
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc

    nvrtc.compile_to_ptx(codegen.tridiagonal_solve_perturbed(9, 2, 4, element, "cuda")[0])


@needs_compiler
def test_the_threefry_kernel_matches_the_known_answers_and_compiles():
    # The generated kernel GPUs run for cu_threefry2x32_ffi, built for the host:
    # Random123's known-answer vectors, then random words against the core's
    # numpy Threefry (what the CPU's rng_bit_generator and jaxlib.gpu_prng use).
    from jaxlib._src.ops.rng import threefry2x32

    words = np.array([[0, 0, 0, 0], [0xFFFFFFFF] * 4], np.uint32).T  # k0, k1, x0, x1
    source, name = codegen.threefry2x32(2, "host")
    kernel = fused.GeneratedKernel(source, name, 2, 2, "int", [((2,), np.uint32)] * 2, np,
                                   "host")
    first, second = kernel(*words)
    assert [hex(v) for v in first] == ["0x6b200159", "0x1cb996fc"]
    assert [hex(v) for v in second] == ["0x99ba4efe", "0xbb002be7"]
    rng = np.random.default_rng(5)
    k0, k1, x0, x1 = rng.integers(0, 2**32, (4, 3, 7), dtype=np.uint32)
    source, name = codegen.threefry2x32(21, "host")
    kernel = fused.GeneratedKernel(source, name, 21, 21, "int", [((3, 7), np.uint32)] * 2,
                                   np, "host")
    got = kernel(k0, k1, x0, x1)
    with np.errstate(over="ignore"):
        want = threefry2x32(x0, x1, k0, k1)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc

    nvrtc.compile_to_ptx(codegen.threefry2x32(21, "cuda")[0])


def test_rng_bit_generator_kernels_compile():
    # Every algorithm and word width, the pair interleaving of 32-bit Threefry
    # along an odd dimension, and an empty output (the state alone).
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc

    for algorithm, bits, shape, state_size in [("PHILOX", 32, (3, 5), 3),
                                               ("PHILOX", 64, (7,), 2),
                                               ("THREE_FRY", 32, (3, 5), 2),
                                               ("THREE_FRY", 64, (4,), 2),
                                               ("THREE_FRY", 32, (0, 3), 2)]:
        source, name, _ = codegen.rng_bit_generator(algorithm, bits, shape, state_size, "cuda")
        nvrtc.compile_to_ptx(source, f"{name}.cu")
    with pytest.raises(codegen.Unsupported, match="algorithm"):
        codegen.rng_bit_generator("MT19937", 32, (4,), 2)


@needs_compiler
def test_groups_of_views_launch_no_kernel(monkeypatch):
    # A scan body's x[None] before a dynamic_update_slice: a broadcast that only
    # inserts a unit dimension is a view; a kernel would copy it for nothing.
    from jaxlib import xla_client
    from jaxlib.gpu_runtime.program import kernel_sources

    text = ("func.func @main(%x: tensor<3x4xf32>, %buf: tensor<5x3x4xf32>, %i: tensor<i32>)"
            " -> tensor<5x3x4xf32> {\n"
            "  %u = stablehlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<3x4xf32>) -> "
            "tensor<1x3x4xf32>\n"
            "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
            "  %0 = stablehlo.dynamic_update_slice %buf, %u, %i, %z, %z : (tensor<5x3x4xf32>, "
            "tensor<1x3x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5x3x4xf32>\n"
            "  return %0 : tensor<5x3x4xf32>\n}\n")
    assert [name.split("_")[1] for name in kernel_sources(text)] == ["dynamic"]
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    buf = np.zeros((5, 3, 4), np.float32)
    (got,) = [np.asarray(o) for o in gpu.compile_and_load(text).execute(
        [gpu.buffer_from_pyval(v) for v in (x, buf, np.int32(2))])]
    want = buf.copy()
    want[2] = x
    np.testing.assert_array_equal(got, want)


BF16_FUSED = """
func.func @main(%x: tensor<64x33xbf16>, %y: tensor<64x33xbf16>, %d: tensor<64x33xf64>,
                %i: tensor<64x33xi32>, %l: tensor<64x33xi64>, %u: tensor<64x33xui32>)
    -> (tensor<64x33xbf16>, tensor<64xbf16>, tensor<64x33xf32>, tensor<64x33xbf16>) {
  %0 = stablehlo.add %x, %y : tensor<64x33xbf16>
  %1 = stablehlo.multiply %0, %x : tensor<64x33xbf16>
  %2 = stablehlo.tanh %1 : tensor<64x33xbf16>
  %3 = stablehlo.negate %2 : tensor<64x33xbf16>
  %c = stablehlo.constant dense<3.0e+00> : tensor<64x33xbf16>
  %4 = stablehlo.divide %3, %c : tensor<64x33xbf16>
  %z = stablehlo.constant dense<0.0> : tensor<bf16>
  %5 = stablehlo.reduce(%1 init: %z) applies stablehlo.add across dimensions = [1]
       : (tensor<64x33xbf16>, tensor<bf16>) -> tensor<64xbf16>
  %6 = stablehlo.convert %4 : (tensor<64x33xbf16>) -> tensor<64x33xf32>
  %7 = stablehlo.convert %d : (tensor<64x33xf64>) -> tensor<64x33xbf16>
  %8 = stablehlo.convert %i : (tensor<64x33xi32>) -> tensor<64x33xbf16>
  %9 = stablehlo.convert %l : (tensor<64x33xi64>) -> tensor<64x33xbf16>
  %10 = stablehlo.convert %u : (tensor<64x33xui32>) -> tensor<64x33xbf16>
  %11 = stablehlo.add %7, %8 : tensor<64x33xbf16>
  %12 = stablehlo.add %9, %10 : tensor<64x33xbf16>
  %13 = stablehlo.maximum %11, %12 : tensor<64x33xbf16>
  %io = stablehlo.iota dim = 1 : tensor<64x33xbf16>
  %14 = stablehlo.compare GT, %13, %io : (tensor<64x33xbf16>, tensor<64x33xbf16>)
        -> tensor<64x33xi1>
  %15 = stablehlo.select %14, %13, %io : tensor<64x33xi1>, tensor<64x33xbf16>
  return %4, %5, %6, %15 : tensor<64x33xbf16>, tensor<64xbf16>, tensor<64x33xf32>,
      tensor<64x33xbf16>
}
"""


def _bf16_inputs() -> list[np.ndarray]:
    import ml_dtypes

    rng = np.random.default_rng(7)
    shape = (64, 33)
    x = (rng.standard_normal(shape) * 3).astype(ml_dtypes.bfloat16)
    y = (rng.standard_normal(shape) * 3).astype(ml_dtypes.bfloat16)
    x[0, :4] = [np.nan, np.inf, -np.inf, -0.0]
    d = rng.standard_normal(shape) * 10.0 ** rng.integers(-30, 30, shape)
    d[1, :3] = [1 + 2**-8 + 2**-40, 1 + 2**-8, 3.3961e38]  # above a tie; a tie; past the range
    i = rng.integers(-2**31, 2**31 - 1, shape, dtype=np.int64).astype(np.int32)
    i[1, :2] = [2**30 + 2**22 + 1, -(2**30 + 2**22)]  # above a tie (one rounding); a tie
    big = rng.integers(-2**63, 2**63 - 1, shape, dtype=np.int64)
    big[1, :2] = [2**62 + 2**54 + 1, -(2**62 + 2**54)]
    u = rng.integers(0, 2**32 - 1, shape, dtype=np.uint64).astype(np.uint32)
    return [x, y, d, i, big, u]


@pytest.mark.parametrize("element", ["bf16", "f16"])
@pytest.mark.parametrize("generated", [True, False], ids=["generated", "op_by_op"])
def test_16_bit_float_groups_are_generated_and_compute_as_the_cpu(monkeypatch, generated,
                                                                  element):
    # bfloat16 and float16 in generated kernels: loaded from their bits,
    # computed in float, rounded after each op that rounds (wide converts once,
    # through double as the CPU converts; float16 as numpy rounds: subnormal
    # halves, overflow from 65520, NaN payloads kept), stored as their bits:
    # bit for bit the CPU's results. Op by op: bfloat16 through the f32 twins
    # of carried.py, float16 through CuPy's (numpy's on mock GPUs) arithmetic.
    from jaxlib import xla_client

    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1" if generated else "0")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    text = BF16_FUSED.replace("bf16", element)
    executable = gpu.compile_and_load(text)
    program = executable.compiled.program
    assert executable.reference_kernel_steps() == []
    if generated:
        assert program.fusion["groups"] >= 2 and not program.fusion["unfused"]
        assert any(f"jx_{element}_load(in" in s for s in program.kernel_sources.values())
    inputs = _bf16_inputs()
    if element == "f16":
        inputs[:2] = [a.astype(np.float32).astype(np.float16) for a in inputs[:2]]
        inputs[0][1, :6] = [6e-8, -3e-5, 65504, 65519, 1e-4, 2.0**-24]
        inputs[2][2, :5] = [65519.99, 65520.0, 2.0**-25, 2.0**-25 * 1.0000001, -1e-9]
    got = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a) for a in inputs])]
    want = [np.asarray(o) for o in cpu.compile_and_load(text, cpu.devices()[:1]).execute(
        [cpu.buffer_from_pyval(a) for a in inputs])]
    for k, (g, w) in enumerate(zip(got, want)):
        assert g.dtype == w.dtype and g.shape == w.shape
        if k == 1 and not generated:  # the sum rounds at each step, in another order
            np.testing.assert_allclose(g.astype(np.float32), w.astype(np.float32), rtol=2e-2)
            continue
        np.testing.assert_array_equal(g.view(np.dtype(f"u{g.itemsize}")),
                                      w.view(np.dtype(f"u{w.itemsize}")), err_msg=f"result {k}")


SCAN_BODY = """
func.func private @take(%a: tensor<8x4x3xf32>, %i: tensor<i32>) -> tensor<4x3xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %a, %i, %c, %c_0, sizes = [1, 4, 3]
       : (tensor<8x4x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x3xf32>
  %1 = stablehlo.reshape %0 : (tensor<1x4x3xf32>) -> tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}
func.func private @put(%a: tensor<8x4x3xf32>, %u: tensor<4x3xf32>, %i: tensor<i32>)
    -> tensor<8x4x3xf32> {
  %0 = stablehlo.broadcast_in_dim %u, dims = [1, 2] : (tensor<4x3xf32>) -> tensor<1x4x3xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.dynamic_update_slice %a, %0, %i, %c, %c_0
       : (tensor<8x4x3xf32>, tensor<1x4x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>)
       -> tensor<8x4x3xf32>
  return %1 : tensor<8x4x3xf32>
}
func.func @main(%x: tensor<8x4x3xf32>, %y: tensor<8x4x3xf32>, %z: tensor<8x4x3xf32>,
                %i: tensor<i32>) -> (tensor<8x4x3xf32>, tensor<8x4x3xf32>, tensor<8x4x3xf32>,
                                     tensor<4x3xf32>) {
  %a = func.call @take(%x, %i) : (tensor<8x4x3xf32>, tensor<i32>) -> tensor<4x3xf32>
  %b = func.call @take(%y, %i) : (tensor<8x4x3xf32>, tensor<i32>) -> tensor<4x3xf32>
  %s = stablehlo.add %a, %b : tensor<4x3xf32>
  %c = func.call @take(%z, %i) : (tensor<8x4x3xf32>, tensor<i32>) -> tensor<4x3xf32>
  %p = stablehlo.multiply %s, %c : tensor<4x3xf32>
  %u = func.call @put(%x, %p, %i) : (tensor<8x4x3xf32>, tensor<4x3xf32>, tensor<i32>)
       -> tensor<8x4x3xf32>
  %v = func.call @put(%y, %s, %i) : (tensor<8x4x3xf32>, tensor<4x3xf32>, tensor<i32>)
       -> tensor<8x4x3xf32>
  %w = func.call @put(%z, %a, %i) : (tensor<8x4x3xf32>, tensor<4x3xf32>, tensor<i32>)
       -> tensor<8x4x3xf32>
  %r = func.call @take(%v, %i) : (tensor<8x4x3xf32>, tensor<i32>) -> tensor<4x3xf32>
  %t = func.call @put(%w, %r, %i) : (tensor<8x4x3xf32>, tensor<4x3xf32>, tensor<i32>)
       -> tensor<8x4x3xf32>
  return %u, %v, %t, %r : tensor<8x4x3xf32>, tensor<8x4x3xf32>, tensor<8x4x3xf32>,
      tensor<4x3xf32>
}
"""


def test_sibling_slices_of_inlined_helpers_run_as_one_kernel(monkeypatch):
    # jax's scan bodies slice each carried array in a helper function of its
    # own: inlined, the slices at the same index become one kernel (and the
    # updates another), each operand read where it is; a slice of an update's
    # result (%r reads %v) stays after it, and an update of an update (%t of
    # %w) stays apart.
    from jaxlib import xla_client
    from jaxlib.gpu_runtime.program import kernel_sources

    sources = kernel_sources(SCAN_BODY)  # (every function's: the helpers' own too)
    slices = [s for n, s in sources.items() if n.startswith("jx_dynamic_slice")]
    updates = [s for n, s in sources.items() if n.startswith("jx_dynamic_update")]
    assert sum("out2[i] = x2[from]" in s for s in slices) == 1  # x, y and z at once
    assert sum("out1[i]" not in s for s in slices) >= 1  # v's slice after v's update
    assert sum("out2[i] = inside ? upd2[at]" in s and "out3" not in s for s in updates) == 1
    assert sum("out1[i]" not in s and "out0[i] = inside" in s for s in updates) >= 1
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    rng = np.random.default_rng(5)
    inputs = [rng.standard_normal((8, 4, 3)).astype(np.float32) for _ in range(3)]
    for index in (2, 7, 11, -3):  # clamped into [0, 7] as the spec says
        args = [*inputs, np.int32(index)]
        got = gpu.compile_and_load(SCAN_BODY).execute([gpu.buffer_from_pyval(a) for a in args])
        want = cpu.compile_and_load(SCAN_BODY, cpu.devices()[:1]).execute(
            [cpu.buffer_from_pyval(a) for a in args])
        for g, w in zip(got, want):
            np.testing.assert_array_equal(np.asarray(g), np.asarray(w))


def test_bundled_slice_kernels_compile_with_nvrtc():
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc
    from jaxlib.gpu_runtime.program import kernel_sources

    for name, source in kernel_sources(SCAN_BODY).items():
        if "dynamic" in name:
            nvrtc.compile_to_ptx(source, f"{name}.cu")


MIXED_SCAN_BODY = """
func.func @main(%x: tensor<8x4x3xf32>, %y: tensor<8x5x1xi8>, %z: tensor<8x2x6xf64>,
                %w: tensor<8x4x3xbf16>, %i: tensor<i32>)
    -> (tensor<8x4x3xf32>, tensor<8x5x1xi8>, tensor<8x2x6xf64>, tensor<1x4x3xf32>,
        tensor<1x5x1xi8>, tensor<1x2x6xf64>, tensor<1x4x3xbf16>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i, %c, %c, sizes = [1, 4, 3]
       : (tensor<8x4x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x3xf32>
  %b = stablehlo.dynamic_slice %y, %i, %c, %c, sizes = [1, 5, 1]
       : (tensor<8x5x1xi8>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x5x1xi8>
  %d = stablehlo.dynamic_slice %z, %i, %c, %c, sizes = [1, 2, 6]
       : (tensor<8x2x6xf64>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x6xf64>
  %e = stablehlo.dynamic_slice %w, %i, %c, %c, sizes = [1, 4, 3]
       : (tensor<8x4x3xbf16>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x3xbf16>
  %two = stablehlo.constant dense<2.0> : tensor<1x4x3xf32>
  %a2 = stablehlo.multiply %a, %two : tensor<1x4x3xf32>
  %u = stablehlo.dynamic_update_slice %x, %a2, %i, %c, %c
       : (tensor<8x4x3xf32>, tensor<1x4x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>)
       -> tensor<8x4x3xf32>
  %one = stablehlo.constant dense<1> : tensor<1x5x1xi8>
  %b1 = stablehlo.add %b, %one : tensor<1x5x1xi8>
  %v = stablehlo.dynamic_update_slice %y, %b1, %i, %c, %c
       : (tensor<8x5x1xi8>, tensor<1x5x1xi8>, tensor<i32>, tensor<i32>, tensor<i32>)
       -> tensor<8x5x1xi8>
  %d1 = stablehlo.negate %d : tensor<1x2x6xf64>
  %t = stablehlo.dynamic_update_slice %z, %d1, %i, %c, %c
       : (tensor<8x2x6xf64>, tensor<1x2x6xf64>, tensor<i32>, tensor<i32>, tensor<i32>)
       -> tensor<8x2x6xf64>
  return %u, %v, %t, %a, %b, %d, %e : tensor<8x4x3xf32>, tensor<8x5x1xi8>, tensor<8x2x6xf64>,
      tensor<1x4x3xf32>, tensor<1x5x1xi8>, tensor<1x2x6xf64>, tensor<1x4x3xbf16>
}
"""


def test_sibling_slices_of_different_shapes_and_types_run_as_one_kernel(monkeypatch):
    # A scan body slices each of its carried arrays (inputs, saved
    # activations, targets: shapes and types of their own) at the iteration's
    # index: one kernel for all its slices, one for all its updates, a branch
    # per shape (the f32 and bfloat16 slices of one shape in another part).
    from jaxlib import xla_client
    from jaxlib.gpu_runtime.program import kernel_sources

    sources = kernel_sources(MIXED_SCAN_BODY)
    slices = [s for n, s in sources.items() if n.startswith("jx_dynamic_slice")]
    updates = [s for n, s in sources.items() if n.startswith("jx_dynamic_update")]
    assert len(slices) == 1 and len(updates) == 1, sorted(sources)
    assert all(f"out{k}[j]" in slices[0] for k in range(4))
    assert all(f"out{k}[j] = inside ? upd{k}[at]" in updates[0] for k in range(3))
    launches = _counted_launches(monkeypatch)
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    rng = np.random.default_rng(6)
    inputs = [rng.standard_normal((8, 4, 3)).astype(np.float32),
              rng.integers(-128, 127, (8, 5, 1)).astype(np.int8),
              rng.standard_normal((8, 2, 6)),
              rng.standard_normal((8, 4, 3)).astype(ml_dtypes.bfloat16)]
    executable = gpu.compile_and_load(MIXED_SCAN_BODY)
    reference = cpu.compile_and_load(MIXED_SCAN_BODY, cpu.devices()[:1])
    for index in (0, 5, 7, 12, -4):  # clamped into [0, 7] as the spec says
        del launches[:]
        args = [*inputs, np.int32(index)]
        got = executable.execute([gpu.buffer_from_pyval(a) for a in args])
        want = reference.execute([cpu.buffer_from_pyval(a) for a in args])
        for g, w in zip(got, want):
            g, w = np.asarray(g), np.asarray(w)
            assert g.dtype == w.dtype
            np.testing.assert_array_equal(g.view(f"u{g.itemsize}"), w.view(f"u{w.itemsize}"))
        assert sum(n.startswith("jx_dynamic_slice") for n in launches) == 1
        assert sum(n.startswith("jx_dynamic_update") for n in launches) == 1


def test_mixed_slice_kernels_compile_with_nvrtc():
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc
    from jaxlib.gpu_runtime.program import kernel_sources

    for program in (MIXED_SCAN_BODY, STACKING_SCAN):  # (the latter's updates in place)
        for name, source in kernel_sources(program).items():
            nvrtc.compile_to_ptx(source, f"{name}.cu")


@pytest.mark.parametrize("element", ["bf16", "f16"])
def test_16_bit_float_kernels_compile_with_nvrtc(element):
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc
    from jaxlib.gpu_runtime.program import kernel_sources

    sources = kernel_sources(BF16_FUSED.replace("bf16", element))
    assert any(f"jx_{element}_round" in s for s in sources.values())
    for name, source in sources.items():
        nvrtc.compile_to_ptx(source, f"{name}.cu")


REVERSED_SCAN = """
func.func @main(%xs: tensor<6x3xf32>) -> (tensor<3xf32>, tensor<i32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %z = stablehlo.constant dense<0.0> : tensor<3xf32>
  %r:3 = stablehlo.while(%i = %c0, %acc = %z, %x = %xs) : tensor<i32>, tensor<3xf32>,
      tensor<6x3xf32>
  cond {
    %n = stablehlo.constant dense<6> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %five = stablehlo.constant dense<5> : tensor<i32>
    %j = stablehlo.subtract %five, %i : tensor<i32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %row = stablehlo.dynamic_slice %x, %j, %zero, sizes = [1, 3]
        : (tensor<6x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %v = stablehlo.reshape %row : (tensor<1x3xf32>) -> tensor<3xf32>
    %two = stablehlo.constant dense<2.0> : tensor<3xf32>
    %twice = stablehlo.multiply %acc, %two : tensor<3xf32>
    %next = stablehlo.add %twice, %v : tensor<3xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i2, %next, %x : tensor<i32>, tensor<3xf32>, tensor<6x3xf32>
  }
  return %r#1, %r#0 : tensor<3xf32>, tensor<i32>
}
"""


def _counted_launches(monkeypatch) -> list[str]:
    """The names of the generated kernels launched from now on (mock GPUs
    running their host builds)."""
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    launches: list[str] = []
    launch = fused.GeneratedKernel._launch
    monkeypatch.setattr(fused.GeneratedKernel, "_launch",
                        lambda self, ins, outs: launches.append(self.name) or
                        launch(self, ins, outs))
    return launches


THREE_CHAINS = """
func.func @main(%x: tensor<16x128xf32>, %y: tensor<16x128xf32>, %z: tensor<16x128xf32>)
    -> (tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>) {
  %0 = stablehlo.negate %x : tensor<16x128xf32>
  %a = stablehlo.exponential %0 : tensor<16x128xf32>
  %b = stablehlo.tanh %y : tensor<16x128xf32>
  %1 = stablehlo.multiply %z, %z : tensor<16x128xf32>
  %c = stablehlo.add %1, %z : tensor<16x128xf32>
  return %a, %b, %c : tensor<16x128xf32>, tensor<16x128xf32>, tensor<16x128xf32>
}
"""


@pytest.mark.parametrize("horizontal,expected", [("1", 1), ("0", 3)])
def test_unrelated_elementwise_groups_over_one_domain_are_one_launch(monkeypatch, horizontal,
                                                                     expected):
    # An LSTM cell's three gate sigmoids are three such chains: one kernel each
    # cost three launches per scan iteration; horizontally fused, one.
    from jaxlib import xla_client
    from jaxlib._src.compiler import pipeline

    monkeypatch.setenv("JAXLIB_GPU_HORIZONTAL_FUSION", horizontal)
    pipeline.clear_compilation_cache()  # compiled afresh under this setting
    launches = _counted_launches(monkeypatch)
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    rng = np.random.default_rng(3)
    args = [rng.standard_normal((16, 128)).astype(np.float32) for _ in range(3)]
    got = [np.asarray(o) for o in gpu.compile_and_load(THREE_CHAINS).execute(
        [gpu.buffer_from_pyval(a) for a in args])]
    want = [np.asarray(o) for o in cpu.compile_and_load(THREE_CHAINS, cpu.devices()[:1])
            .execute([cpu.buffer_from_pyval(a) for a in args])]
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-6)
    assert len(launches) == expected


def test_counted_loops_read_their_counters_index_arithmetic_from_a_schedule(monkeypatch):
    # A reversed scan's index (5 - i) and the counter's step are scalar integer
    # ops of the counter alone: computed for every iteration when compiling,
    # read from device arrays, so each iteration launches only its update (no
    # scalar kernels; the slice at the known index is a view of the row:
    # known_scalars.py); the final counter is a copy of its own.
    from jaxlib import xla_client

    launches = _counted_launches(monkeypatch)
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    xs = np.arange(18, dtype=np.float32).reshape(6, 3) * 0.5
    executable = gpu.compile_and_load(REVERSED_SCAN)
    got = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(xs)])]
    want = [np.asarray(o) for o in cpu.compile_and_load(REVERSED_SCAN, cpu.devices()[:1])
            .execute([cpu.buffer_from_pyval(xs)])]
    np.testing.assert_array_equal(got[0], want[0])
    assert int(got[1]) == 6 == int(want[1])
    assert len(launches) == 6  # per iteration: the multiply-add


def _loop_writes(text: str, carries: int) -> Any:
    """in_place.Writes of the first while loop of ``text``'s main."""
    from jaxlib._src.frontends.mlir_text import parse_module
    from jaxlib.gpu_runtime.in_place import in_place_writes
    from jaxlib.gpu_runtime.kernels import on_device

    module = parse_module(text)
    loop = next(op for op in module.function("main").body.entry.operations
                if op.name == "stablehlo.while")
    return in_place_writes(loop.regions[1].entry, {j: j for j in range(carries)}, module,
                           on_device)


def _twice_as_the_cpu_leaving_arguments(text: str, args: list[np.ndarray],
                                        tolerance: float = 0.0) -> None:
    """Runs ``text`` twice on a mock GPU (each run starting afresh) against
    the CPU; the caller's arrays are as they were after each run."""
    from jaxlib import xla_client

    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    originals = [a.copy() for a in args]
    executable = gpu.compile_and_load(text)
    want = [np.asarray(o) for o in cpu.compile_and_load(text, cpu.devices()[:1])
            .execute([cpu.buffer_from_pyval(a) for a in args])]
    buffers = [gpu.buffer_from_pyval(a) for a in args]
    for _ in range(2):
        got = [np.asarray(o) for o in executable.execute(buffers)]
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=tolerance, atol=tolerance)
        for buffer, original in zip(buffers, originals):
            np.testing.assert_array_equal(np.asarray(buffer), original)


STACKING_SCAN = """
func.func @main(%xs: tensor<6x3xf32>, %ys: tensor<6x3xf32>, %seen: tensor<6x3xf32>)
    -> (tensor<6x3xf32>, tensor<6x3xf32>, tensor<6x3xf32>, tensor<3xf32>, tensor<6x3xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %z = stablehlo.constant dense<0.0> : tensor<3xf32>
  %zeros = stablehlo.constant dense<0.0> : tensor<f32>
  %stack0 = stablehlo.broadcast_in_dim %zeros, dims = [] : (tensor<f32>) -> tensor<6x3xf32>
  %r:6 = stablehlo.while(%i = %c0, %acc = %z, %x = %xs, %out = %stack0, %y = %ys,
                         %s = %seen)
      : tensor<i32>, tensor<3xf32>, tensor<6x3xf32>, tensor<6x3xf32>, tensor<6x3xf32>,
        tensor<6x3xf32>
  cond {
    %n = stablehlo.constant dense<6> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %row = stablehlo.dynamic_slice %x, %i, %zero, sizes = [1, 3]
        : (tensor<6x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %v = stablehlo.reshape %row : (tensor<1x3xf32>) -> tensor<3xf32>
    %next = stablehlo.add %acc, %v : tensor<3xf32>
    %put = stablehlo.reshape %next : (tensor<3xf32>) -> tensor<1x3xf32>
    %out2 = stablehlo.dynamic_update_slice %out, %put, %i, %zero
        : (tensor<6x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<6x3xf32>
    %y2 = stablehlo.dynamic_update_slice %y, %put, %i, %zero
        : (tensor<6x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<6x3xf32>
    %s2 = stablehlo.dynamic_update_slice %s, %put, %i, %zero
        : (tensor<6x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<6x3xf32>
    %peek = stablehlo.multiply %s, %s : tensor<6x3xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i2, %next, %x, %out2, %y2, %s2 : tensor<i32>, tensor<3xf32>,
        tensor<6x3xf32>, tensor<6x3xf32>, tensor<6x3xf32>, tensor<6x3xf32>
  }
  %last = stablehlo.multiply %ys, %ys : tensor<6x3xf32>
  return %r#3, %r#4, %r#5, %r#1, %last : tensor<6x3xf32>, tensor<6x3xf32>, tensor<6x3xf32>,
      tensor<3xf32>, tensor<6x3xf32>
}
"""


def test_counted_loops_update_their_stacked_outputs_in_place(monkeypatch):
    # A scan stacks each iteration's output into a carried array with a
    # dynamic_update_slice whose operand nothing else reads: written into the
    # loop's own copy of the carry (made once, at entry: the init may be a
    # broadcast constant or the caller's argument, read after the loop), by
    # the kernel computing the update (%next's), a thread per updated
    # element, its start index read on the device. The carry %s is also read
    # by another op (%peek): updated by a copy as before.
    from jaxlib.gpu_runtime.program import kernel_sources

    writes = _loop_writes(STACKING_SCAN, 6)
    assert sorted(writes.ops.values()) == [3, 4] and writes.arguments == {3, 4}
    sources = kernel_sources(STACKING_SCAN)
    updates = [s for n, s in sources.items() if n.startswith("jx_dynamic_update")]
    (writer,) = [n for n, s in sources.items() if "w1[" in s]
    assert "w0[" in sources[writer] and "w2[" not in sources[writer]
    # %s's update: a copy of its own
    assert len(updates) == 1
    assert updates[0].count("[to] = upd") == 0 and updates[0].count("inside ? upd") == 1
    launches = _counted_launches(monkeypatch)
    rng = np.random.default_rng(8)
    _twice_as_the_cpu_leaving_arguments(
        STACKING_SCAN, [rng.standard_normal((6, 3)).astype(np.float32) for _ in range(3)])
    assert sum(n.startswith("jx_dynamic_update") for n in launches) == 2 * 6
    # per iteration %next's kernel (writing both rows) and %peek's; %last's after
    assert sum(n.startswith("jx_fused") for n in launches) == 2 * (2 * 6 + 1)


# (Precisions keep the body's equal products apart: one product would be
# computed once, passes/cse.py.)
ACCUMULATING_SCAN = """
func.func private @cell(%acc: tensor<4x3xf32>, %x: tensor<5x4xf32>, %w: tensor<5x3xf32>)
    -> (tensor<4x3xf32>, tensor<5x4xf32>) {
  %p = stablehlo.dot_general %x, %w, contracting_dims = [0] x [0],
      precision = [HIGH, HIGHEST]
      : (tensor<5x4xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  %next = stablehlo.add %acc, %p : tensor<4x3xf32>
  %y = stablehlo.negate %x : tensor<5x4xf32>
  return %next, %y : tensor<4x3xf32>, tensor<5x4xf32>
}
func.func @main(%xs: tensor<6x5x4xf32>, %w: tensor<5x3xf32>, %a0: tensor<4x3xf32>,
                %d0: tensor<4x3xf32>)
    -> (tensor<4x3xf32>, tensor<3x4xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %b0 = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
  %r:6 = stablehlo.while(%i = %c0, %a = %a0, %b = %b0, %c = %a0, %d = %d0, %e = %b0)
      : tensor<i32>, tensor<4x3xf32>, tensor<3x4xf32>, tensor<4x3xf32>, tensor<4x3xf32>,
        tensor<3x4xf32>
  cond {
    %n = stablehlo.constant dense<6> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %z = stablehlo.constant dense<0> : tensor<i32>
    %row = stablehlo.dynamic_slice %xs, %i, %z, %z, sizes = [1, 5, 4]
        : (tensor<6x5x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x5x4xf32>
    %x = stablehlo.reshape %row : (tensor<1x5x4xf32>) -> tensor<5x4xf32>
    %pa = stablehlo.dot_general %x, %w, contracting_dims = [0] x [0]
        : (tensor<5x4xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
    %a2 = stablehlo.add %pa, %a : tensor<4x3xf32>
    %pb = stablehlo.dot_general %x, %w, contracting_dims = [0] x [0],
        precision = [HIGH, HIGH]
        : (tensor<5x4xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
    %tb = stablehlo.transpose %pb, dims = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
    %b2 = stablehlo.add %b, %tb : tensor<3x4xf32>
    %c2:2 = func.call @cell(%c, %x, %w)
        : (tensor<4x3xf32>, tensor<5x4xf32>, tensor<5x3xf32>) -> (tensor<4x3xf32>, tensor<5x4xf32>)
    %pd = stablehlo.dot_general %x, %w, contracting_dims = [0] x [0],
        precision = [HIGHEST, HIGHEST]
        : (tensor<5x4xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
    %d2 = stablehlo.add %d, %pd : tensor<4x3xf32>
    %seen = stablehlo.multiply %d, %d : tensor<4x3xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i2, %a2, %b2, %c2#0, %d2, %e : tensor<i32>, tensor<4x3xf32>,
        tensor<3x4xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<3x4xf32>
  }
  %after = stablehlo.multiply %a0, %d0 : tensor<4x3xf32>
  return %r#1, %r#2, %r#3, %r#4, %after : tensor<4x3xf32>, tensor<3x4xf32>, tensor<4x3xf32>,
      tensor<4x3xf32>, tensor<4x3xf32>
}
"""


def _counted_accumulations(monkeypatch) -> list[str]:
    """The adds run as one GEMM accumulating (ProductAccumulation) from now
    on, on mock GPUs running their generated kernels."""
    from jaxlib.gpu_runtime import in_place

    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    runs: list[str] = []
    build = in_place.ProductAccumulation.kernel

    def counted(self, xp):
        kernel = build(self, xp)
        return lambda *args: runs.append(self.add.name) or kernel(*args)

    monkeypatch.setattr(in_place.ProductAccumulation, "kernel", counted)
    return runs


def test_products_accumulate_into_carried_accumulators_in_one_step(monkeypatch):
    # A scan's gradient accumulates acc + dot(x, y) in a carry nothing else
    # reads: one GEMM adding into the loop's own copy of the accumulator
    # (cuBLAS's beta = 1; numpy's in-place add on mock GPUs), in the body, in
    # the cell it calls from its one call site, and through a transposed
    # product; %d is also read by another op: a product and an addition.

    writes = _loop_writes(ACCUMULATING_SCAN, 6)
    assert writes.arguments == {1, 2, 3}
    assert sorted(transposed for _, _, transposed in writes.accumulations.values()) == \
        [False, False, True]
    runs = _counted_accumulations(monkeypatch)
    rng = np.random.default_rng(9)
    _twice_as_the_cpu_leaving_arguments(
        ACCUMULATING_SCAN, [rng.standard_normal(s).astype(np.float32)
                            for s in ((6, 5, 4), (5, 3), (4, 3), (4, 3))], 1e-5)
    assert len(runs) == 2 * 3 * 6


# (Precisions keep the equal products apart, as above.)
SUMS_OF_PRODUCTS = """
func.func @main(%x: tensor<4x5xf32>, %w: tensor<5x3xf32>, %r: tensor<4x3xf32>,
                %s: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>) {
  %e = stablehlo.multiply %r, %s : tensor<4x3xf32>
  %p = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  %a = stablehlo.add %p, %e : tensor<4x3xf32>
  %q = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0], precision = [HIGH, HIGH]
      : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  %b = stablehlo.add %q, %r : tensor<4x3xf32>
  %t = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0],
      precision = [HIGHEST, HIGHEST]
      : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
  %f = stablehlo.subtract %r, %s : tensor<4x3xf32>
  %g = stablehlo.add %t, %f : tensor<4x3xf32>
  %c = stablehlo.tanh %g : tensor<4x3xf32>
  return %a, %b, %c : tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>
}
"""


def test_products_add_into_values_of_their_own_block(monkeypatch):
    # dot + e, e computed here into an array of its own and read only there:
    # one GEMM adding into e's array (%a). Not into an argument (%b), nor where
    # the sum goes on into an op it fuses with (%c: the addition fuses).
    from jaxlib._src.frontends.mlir_text import parse_module
    from jaxlib.gpu_runtime import in_place
    from jaxlib.gpu_runtime.kernels import on_device

    block = parse_module(SUMS_OF_PRODUCTS).function("main").body.entry
    found = in_place.local_accumulations(block, on_device)
    adds = [op for op in block.operations if op.name == "stablehlo.add"]
    assert list(found) == [id(adds[0])] and found[id(adds[0])][0] is adds[0].operands[1]
    runs = _counted_accumulations(monkeypatch)
    rng = np.random.default_rng(4)
    _twice_as_the_cpu_leaving_arguments(
        SUMS_OF_PRODUCTS, [rng.standard_normal(s).astype(np.float32)
                           for s in ((4, 5), (5, 3), (4, 3), (4, 3))], 1e-5)
    assert len(runs) == 2


GATES_CONCATENATED = """
func.func @main(%x: tensor<4x5xf32>, %y: tensor<4x5xf32>)
    -> (tensor<4x15xf32>, tensor<12x5xf32>, tensor<4x5xf32>) {
  %a = stablehlo.multiply %x, %y : tensor<4x5xf32>
  %b = stablehlo.abs %x : tensor<4x5xf32>
  %c = stablehlo.subtract %y, %x : tensor<4x5xf32>
  %j = stablehlo.concatenate %a, %b, %c, dim = 1
      : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x15xf32>
  %k = stablehlo.concatenate %c, %a, %a, dim = 0
      : (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<12x5xf32>
  return %j, %k, %b : tensor<4x15xf32>, tensor<12x5xf32>, tensor<4x5xf32>
}
"""


@pytest.mark.parametrize("element", ["f32", "bf16"])
def test_concatenations_of_a_groups_outputs_are_written_by_its_kernel(monkeypatch, element):
    # An LSTM's backward step joins its four gate gradients for one product:
    # the group computing them writes the joined array itself (any dimension,
    # an output repeated), and stores separately only what else is read (%b).
    from jaxlib import xla_client
    from jaxlib.gpu_runtime.program import kernel_sources

    text = GATES_CONCATENATED.replace("f32", element)
    sources = kernel_sources(text)
    (fused_source,) = [s for n, s in sources.items() if n.startswith("jx_fused")]
    assert fused_source.count("o = i / ") == 2 and "out2" in fused_source
    assert "out3" not in fused_source  # %j, %k and %b: %a and %c only joined
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    executable = gpu.compile_and_load(text)
    assert executable.reference_kernel_steps() == []
    rng = np.random.default_rng(10)
    dtype = ml_dtypes.bfloat16 if element == "bf16" else np.float32
    args = [rng.standard_normal((4, 5)).astype(dtype) for _ in range(2)]
    got = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(a) for a in args])]
    want = [np.asarray(o) for o in cpu.compile_and_load(text, cpu.devices()[:1]).execute(
        [cpu.buffer_from_pyval(a) for a in args])]
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.dtype == w.dtype
        np.testing.assert_array_equal(g.view(f"u{g.itemsize}"), w.view(f"u{w.itemsize}"))


@pytest.mark.parametrize("element", ["f32", "bf16"])
def test_concatenating_kernels_compile_with_nvrtc(element):
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc
    from jaxlib.gpu_runtime.program import kernel_sources

    for name, source in kernel_sources(GATES_CONCATENATED.replace("f32", element)).items():
        nvrtc.compile_to_ptx(source, f"{name}.cu")


def _on_mock_and_cpu(text: str, args: list[np.ndarray]) -> tuple[list, list]:
    """``text``'s results on a mock GPU and on the CPU."""
    from jaxlib import xla_client

    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    got = [np.asarray(o) for o in gpu.compile_and_load(text).execute(
        [gpu.buffer_from_pyval(a) for a in args])]
    want = [np.asarray(o) for o in cpu.compile_and_load(text, cpu.devices()[:1]).execute(
        [cpu.buffer_from_pyval(a) for a in args])]
    return got, want


def _epilogue_program(rows: int, cols: int, element: str = "f32") -> str:
    t = f"tensor<{rows}x{cols}x{element}>"
    v = f"tensor<{rows}x{element}>"
    return f"""
func.func @main(%x: {t}, %b: {v}) -> ({v}, {v}, {t}) {{
  %z = stablehlo.constant dense<0.0> : tensor<{element}>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]
      : ({t}, tensor<{element}>) -> {v}
  %n = stablehlo.constant dense<{float(cols)}> : {v}
  %m = stablehlo.divide %s, %n : {v}
  %e = stablehlo.constant dense<1.0> : {v}
  %p = stablehlo.add %m, %e : {v}
  %r = stablehlo.rsqrt %p : {v}
  %o = stablehlo.multiply %r, %b : {v}
  %w = stablehlo.broadcast_in_dim %s, dims = [0] : ({v}) -> {t}
  %d = stablehlo.subtract %x, %w : {t}
  return %o, %m, %d : {v}, {v}, {t}
}}
"""


@pytest.mark.parametrize("rows,cols", [(5, 7), (64, 40), (3, 5000)])
def test_reductions_run_their_elementwise_consumers_as_epilogues(monkeypatch, rows, cols):
    # A layer norm's statistics: the sum's kernel divides, adds, takes the
    # reciprocal square root and scales each sum where it is computed (a
    # thread, a warp or a block per row on a GPU); the sum itself is still
    # stored for the broadcast subtraction that reads it afterwards.
    from jaxlib.gpu_runtime.program import kernel_sources

    text = _epilogue_program(rows, cols)
    sources = kernel_sources(text)
    finishing = [s for s in sources.values() if "jx_finish" in s]
    assert len(finishing) == 1 and "out0[o] = acc;" in finishing[0]  # the sum kept
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    launches = _counted_launches(monkeypatch)
    rng = np.random.default_rng(11)
    args = [rng.integers(-8, 9, (rows, cols)).astype(np.float32),
            rng.standard_normal(rows).astype(np.float32)]
    got, want = _on_mock_and_cpu(text, args)
    for g, w in zip(got, want):  # (integer-valued sums: exact in any order)
        np.testing.assert_allclose(g, w, rtol=2e-7)
    assert len(launches) == 2  # the sum with its epilogue, the subtraction


def test_epilogues_leave_values_read_before_them_and_16_bit_sums_alone(monkeypatch):
    # The sum is read by an op before its consumer group (the sort): it must
    # be stored first, so no epilogue; a bfloat16 sum rounds at each step and
    # is stored as bfloat16: no epilogue either. Both still two kernels.
    from jaxlib import xla_client
    from jaxlib.gpu_runtime.program import kernel_sources

    early = """
func.func @main(%x: tensor<4x6xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]
      : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  %q = "stablehlo.sort"(%s) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<4xf32>) -> tensor<4xf32>
  %m = stablehlo.multiply %s, %q : tensor<4xf32>
  return %m, %q : tensor<4xf32>, tensor<4xf32>
}
"""
    for text in (early, _epilogue_program(4, 6, "bf16")):
        assert not any("jx_finish" in s for s in kernel_sources(text).values())
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    x = np.arange(24, dtype=np.float32).reshape(4, 6)[::-1].copy()
    got = [np.asarray(o) for o in gpu.compile_and_load(early).execute([gpu.buffer_from_pyval(x)])]
    want = [np.asarray(o) for o in cpu.compile_and_load(early, cpu.devices()[:1]).execute(
        [cpu.buffer_from_pyval(x)])]
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_an_epilogue_computes_several_outputs_of_several_shapes(monkeypatch):
    # nbody's update: v + dt * f and x + dt * (v + dt * f) from the force sum,
    # and a transposed copy: all one epilogue of the sum's kernel. (That a
    # sum read by an op recomputed in another group stays stored is checked
    # by nbody_fori itself: test_model_programs_run_on_mock_gpus_through_...)
    from jaxlib import xla_client
    from jaxlib.gpu_runtime.program import kernel_sources

    text = """
func.func @main(%x: tensor<8x16x3xf32>, %v: tensor<8x3xf32>, %p: tensor<8x3xf32>)
    -> (tensor<8x3xf32>, tensor<8x3xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %f = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]
      : (tensor<8x16x3xf32>, tensor<f32>) -> tensor<8x3xf32>
  %dt = stablehlo.constant dense<0.5> : tensor<8x3xf32>
  %a = stablehlo.multiply %dt, %f : tensor<8x3xf32>
  %v2 = stablehlo.add %v, %a : tensor<8x3xf32>
  %b = stablehlo.multiply %dt, %v2 : tensor<8x3xf32>
  %p2 = stablehlo.add %p, %b : tensor<8x3xf32>
  %w = stablehlo.transpose %v2, dims = [1, 0] : (tensor<8x3xf32>) -> tensor<3x8xf32>
  %n = stablehlo.negate %w : tensor<3x8xf32>
  %back = stablehlo.transpose %n, dims = [1, 0] : (tensor<3x8xf32>) -> tensor<8x3xf32>
  return %p2, %back : tensor<8x3xf32>, tensor<8x3xf32>
}
"""
    (source,) = kernel_sources(text).values()
    assert "jx_finish" in source and "out1[o]" in source and "out2" not in source
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    rng = np.random.default_rng(12)
    args = [rng.integers(-4, 5, s).astype(np.float32) for s in ((8, 16, 3), (8, 3), (8, 3))]
    got = [np.asarray(o) for o in gpu.compile_and_load(text).execute(
        [gpu.buffer_from_pyval(a) for a in args])]
    want = [np.asarray(o) for o in cpu.compile_and_load(text, cpu.devices()[:1]).execute(
        [cpu.buffer_from_pyval(a) for a in args])]
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def _sibling_sums_program(rows: int, cols: int, element: str = "f32") -> str:
    t = f"tensor<{rows}x{cols}x{element}>"
    v = f"tensor<{rows}x{element}>"
    return f"""
func.func @main(%x: {t}, %y: {t}) -> ({v}, {v}, {v}) {{
  %z = stablehlo.constant dense<0.0> : tensor<{element}>
  %a = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1]
      : ({t}, tensor<{element}>) -> {v}
  %xy = stablehlo.multiply %x, %y : {t}
  %b = stablehlo.reduce(%xy init: %z) applies stablehlo.add across dimensions = [1]
      : ({t}, tensor<{element}>) -> {v}
  %yy = stablehlo.multiply %y, %y : {t}
  %c = stablehlo.reduce(%yy init: %z) applies stablehlo.add across dimensions = [1]
      : ({t}, tensor<{element}>) -> {v}
  %d = stablehlo.subtract %b, %c : {v}
  return %a, %b, %d : {v}, {v}, {v}
}}
"""


@pytest.mark.parametrize("rows,cols,element", [(5, 7, "f32"), (64, 40, "f32"),
                                               (3, 5000, "f32"), (6, 300, "bf16")])
def test_sibling_reductions_share_one_kernel(monkeypatch, rows, cols, element):
    # A layer norm's backward sums (dy, dy * x, ...): reductions of one domain,
    # reduced alike and independent, are one kernel reading the domain once
    # with an accumulator each (a thread, a warp or a block per row). %c's
    # value only feeds an elementwise op: it keeps its own kernel and runs
    # that op as its epilogue, except as a 16-bit sum (no epilogue: merged).
    from jaxlib import xla_client
    from jaxlib.gpu_runtime.program import kernel_sources

    text = _sibling_sums_program(rows, cols, element)
    sums = [s for s in kernel_sources(text).values() if "jx_partial" in s]
    assert [s.count("acc[1] = ") > 0 for s in sums].count(True) == 1
    assert len(sums) == (1 if element == "bf16" else 2)
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    rng = np.random.default_rng(13)
    dtype = ml_dtypes.bfloat16 if element == "bf16" else np.float32
    args = [rng.integers(-3, 4, (rows, cols)).astype(dtype) for _ in range(2)]
    got = [np.asarray(o) for o in gpu.compile_and_load(text).execute(
        [gpu.buffer_from_pyval(a) for a in args])]
    want = [np.asarray(o) for o in cpu.compile_and_load(text, cpu.devices()[:1]).execute(
        [cpu.buffer_from_pyval(a) for a in args])]
    for g, w in zip(got, want):  # (small integers: exact sums in any order, bf16 too)
        np.testing.assert_array_equal(g.astype(np.float32), w.astype(np.float32))


def test_sibling_reduction_kernels_compile_with_nvrtc():
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc
    from jaxlib.gpu_runtime.program import kernel_sources

    for rows, cols, element in ((5, 7, "f32"), (64, 40, "f32"), (3, 5000, "bf16")):
        for name, source in kernel_sources(_sibling_sums_program(rows, cols, element)).items():
            nvrtc.compile_to_ptx(source, f"{name}.cu")


def test_epilogue_kernels_compile_with_nvrtc():
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc
    from jaxlib.gpu_runtime.program import kernel_sources

    for rows, cols in ((5, 7), (64, 40), (3, 5000)):  # a thread, a warp, a block per row
        for name, source in kernel_sources(_epilogue_program(rows, cols)).items():
            nvrtc.compile_to_ptx(source, f"{name}.cu")



def _prologue_program(rows: int, cols: int, dim: int, epilogue: bool = False) -> str:
    t = f"tensor<{rows}x{cols}xf32>"
    v = f"tensor<{(rows, cols)[1 - dim]}xf32>"
    # with ``epilogue``, the sum's kernel also scales each sum (a norm's statistics)
    scaled = f"""
  %one = stablehlo.constant dense<1.0> : {v}
  %p = stablehlo.add %s, %one : {v}
  %r = stablehlo.abs %p : {v}
  %q = stablehlo.sqrt %r : {v}""" if epilogue else ""
    return f"""
func.func @main(%x: {t}, %y: {t}) -> ({v}, {t}, {t}) {{
  %e = stablehlo.multiply %x, %y : {t}
  %a = stablehlo.abs %x : {t}
  %f = stablehlo.subtract %a, %y : {t}
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [{dim}]
      : ({t}, tensor<f32>) -> {v}{scaled}
  return {"%q" if epilogue else "%s"}, %f, %e : {v}, {t}, {t}
}}
"""


@pytest.mark.parametrize("epilogue", [False, True])
@pytest.mark.parametrize("rows,cols,dim", [(5, 7, 1), (64, 40, 1), (3, 5000, 1), (40, 6, 0)])
def test_reductions_compute_their_producers_in_their_loops(monkeypatch, rows, cols, dim,
                                                           epilogue):
    # A reduction of a value an elementwise group computes with others (a
    # softmax's or a norm's backward): the group runs inside the reduction's
    # loop at each element it reads (a thread, a warp or a block per row on a
    # GPU, a thread per column), storing the group's results read elsewhere
    # (%f, and the summed %e itself): one launch for both, with the sum's
    # epilogue too.
    from jaxlib.gpu_runtime.program import kernel_sources

    text = _prologue_program(rows, cols, dim, epilogue)
    sources = list(kernel_sources(text).values())
    assert len(sources) == 1 and "jx_pro(" in sources[0]
    assert ("jx_finish(" in sources[0]) == epilogue
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    launches = _counted_launches(monkeypatch)
    rng = np.random.default_rng(8)
    args = [rng.integers(-8, 9, (rows, cols)).astype(np.float32) for _ in range(2)]
    got, want = _on_mock_and_cpu(text, args)
    for g, w in zip(got, want):  # (integer-valued sums: exact in any order)
        np.testing.assert_allclose(g, w, rtol=2e-7)
    assert len(launches) == 1


def test_a_long_column_sum_leaves_its_producer_a_kernel_of_its_own():
    # 20000 columns summed over 300 rows, a thread per column: each would
    # compute 300 of the producer's elements in the reduction's loop, where
    # alone it has a thread per element; it keeps its own kernel.
    from jaxlib.gpu_runtime.program import kernel_sources

    sources = list(kernel_sources(_prologue_program(300, 20000, 0)).values())
    assert len(sources) == 2 and not any("jx_pro(" in s for s in sources)


def test_prologue_kernels_compile_with_nvrtc():
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc
    from jaxlib.gpu_runtime.program import kernel_sources

    for rows, cols, dim in ((5, 7, 1), (64, 40, 1), (3, 5000, 1), (40, 6, 0)):
        for epilogue in (False, True):
            text = _prologue_program(rows, cols, dim, epilogue)
            for name, source in kernel_sources(text).items():
                nvrtc.compile_to_ptx(source, f"{name}.cu")


# -- reduce_window as one generated kernel ----------------------------------------------

def _reduce_window_program(shape, element, body, init, window, strides=None, padding=None,
                           base_dilations=None, window_dilations=None) -> str:
    from jaxlib._src.ops.reduction import num_windows

    rank = len(shape)
    strides = strides or (1,) * rank
    padding = padding or ((0, 0),) * rank
    base_dilations = base_dilations or (1,) * rank
    window_dilations = window_dilations or (1,) * rank
    out = [num_windows(n, lo, hi, b, w, s, d) for n, (lo, hi), b, w, s, d in zip(
        shape, padding, base_dilations, window, strides, window_dilations)]

    def tensor(dims):
        return f"tensor<{'x'.join(map(str, dims))}x{element}>"

    def array(values):
        return "array<i64: " + ", ".join(map(str, values)) + ">"

    pads = "[" + ", ".join(f"[{lo}, {hi}]" for lo, hi in padding) + "]"
    return (f"func.func @main(%x: {tensor(shape)}) -> {tensor(out)} {{\n"
            f"  %init = stablehlo.constant dense<{init}> : tensor<{element}>\n"
            f'  %r = "stablehlo.reduce_window"(%x, %init) <{{base_dilations = '
            f"{array(base_dilations)}, padding = dense<{pads}> : tensor<{rank}x2xi64>, "
            f"window_dilations = {array(window_dilations)}, window_dimensions = "
            f"{array(window)}, window_strides = {array(strides)}}}> ({{\n"
            f"  ^bb0(%a: tensor<{element}>, %b: tensor<{element}>):\n"
            f"    %s = {body} %a, %b : tensor<{element}>\n"
            f"    stablehlo.return %s : tensor<{element}>\n"
            f"  }}) : ({tensor(shape)}, tensor<{element}>) -> {tensor(out)}\n"
            f"  return %r : {tensor(out)}\n}}\n")


# name: (shape, element, body, init, window, strides, padding, base/window dilations,
# whether it is a cumulative window run along its lines)
_WINDOWS = {
    "avg_pool_nchw": ((2, 3, 9, 9), "f32", "add", "0.0", (1, 1, 3, 3), (1, 1, 2, 2),
                      ((0, 0), (0, 0), (1, 1), (1, 1)), None, None, False),
    "max_pool_nhwc_with_nan": ((2, 9, 9, 3), "f32", "maximum", "0xFF800000", (1, 3, 3, 1),
                               (1, 2, 2, 1), ((0, 0), (1, 1), (1, 1), (0, 0)), None, None,
                               False),
    "dilated_and_cropped": ((3, 10, 7), "f32", "add", "0.0", (2, 3, 2), (1, 2, 1),
                            ((1, 0), (2, -1), (0, 3)), (1, 2, 1), (2, 1, 2), False),
    "cumsum_past_256": ((4, 300), "f32", "add", "0.0", (1, 300), None,
                        ((0, 0), (299, 0)), None, None, True),
    "reverse_cumsum": ((4, 300), "f32", "add", "0.0", (1, 300), None,
                       ((0, 0), (0, 299)), None, None, True),
    "cumsum_of_a_middle_axis": ((3, 50, 4), "f32", "add", "0.0", (1, 50, 1), None,
                                ((0, 0), (49, 0), (0, 0)), None, None, True),
    "cummax": ((5, 64), "f32", "maximum", "0xFF800000", (1, 64), None, ((0, 0), (63, 0)),
               None, None, True),
    "cumprod_wrapping_i32": ((5, 40), "i32", "multiply", "1", (1, 40), None,
                             ((0, 0), (39, 0)), None, None, True),
    # 1 + 1 is not 1: each output folds its whole window, holes adding the init
    "cumsum_from_one": ((3, 20), "f32", "add", "1.0", (1, 20), None, ((0, 0), (19, 0)),
                        None, None, True),
    "bf16_avg_pool": ((2, 8, 8, 4), "bf16", "add", "0.0", (1, 2, 2, 1), (1, 2, 2, 1), None,
                      None, None, False),
    "bf16_cumsum": ((3, 100), "bf16", "add", "0.0", (1, 100), None, ((0, 0), (99, 0)), None,
                    None, True),
    "f16_max": ((6, 6), "f16", "maximum", "0xFC00", (2, 2), None, None, None, None, False),
    "u8_sum_wraps": ((7, 9), "ui8", "add", "0", (3, 3), (2, 2), None, None, None, False),
    "bool_or": ((5, 5), "i1", "or", "false", (2, 2), None, None, None, None, False),
    "f64_min": ((4, 4, 4), "f64", "minimum", "0x7FF0000000000000", (2, 2, 2), (2, 2, 2), None,
                None, None, False),
    "whole_image": ((2, 40, 40), "f32", "add", "0.0", (1, 40, 40), None, None, None, None,
                    False),
}


def _window_input(rng, shape, element):
    import ml_dtypes

    dtype = {"f32": np.float32, "f16": np.float16, "bf16": ml_dtypes.bfloat16,
             "f64": np.float64, "i32": np.int32, "ui8": np.uint8, "i1": np.bool_}[element]
    if dtype == np.bool_:
        return rng.random(shape) > 0.7
    if np.dtype(dtype).kind in "iu":
        return rng.integers(0, 50, shape).astype(dtype)
    x = (rng.standard_normal(shape) * 3).astype(dtype)
    x.flat[1] = np.nan  # propagated by max/min and sums alike
    x.flat[2] = -0.0
    return x


@needs_compiler
@pytest.mark.parametrize("name", sorted(_WINDOWS))
def test_reduce_window_is_one_generated_kernel_computing_as_the_cpu(monkeypatch, name):
    # Pools, dilated and cropped windows, jax's cumulative reductions (a running
    # value along each line), 16-bit floats rounded at each step, wrapping
    # integers: one launch each, bit for bit the CPU's results.
    from jaxlib import xla_client

    shape, element, body, init, window, strides, padding, base, dilation, cumulative = \
        _WINDOWS[name]
    text = _reduce_window_program(shape, element, f"stablehlo.{body}", init, window, strides,
                                  padding, base, dilation)
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    monkeypatch.setenv("JAXLIB_GPU_STRICT", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    x = _window_input(np.random.default_rng(len(name)), shape, element)
    executable = gpu.compile_and_load(text)
    sources = executable.compiled.program.kernel_sources
    assert [k.rsplit("_", 1)[0] for k in sources] == ["jx_reduce_window"]
    (source,) = sources.values()
    assert ("jx_i64 base" in source) == cumulative  # a thread per line, not per output
    (got,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x)])]
    (want,) = [np.asarray(o) for o in cpu.compile_and_load(text, cpu.devices()[:1]).execute(
        [cpu.buffer_from_pyval(x)])]
    assert got.dtype == want.dtype and got.shape == want.shape
    bits = np.dtype(f"u{got.itemsize}")
    np.testing.assert_array_equal(got.reshape(-1).view(bits), want.reshape(-1).view(bits))


@needs_compiler
@pytest.mark.parametrize("reverse", [False, True])
def test_long_cumulative_sums_over_few_lines_take_the_library_scan(monkeypatch, reverse):
    # A thread per line would walk 5000 steps alone: the array library's scan
    # (CUB's on a GPU) instead; still no host step, the same sums as the CPU's.
    from jaxlib import xla_client
    from jaxlib.gpu_runtime.windows import LIBRARY_SCAN_MIN_LENGTH

    n = LIBRARY_SCAN_MIN_LENGTH + 7
    padding = ((0, 0), (0, n - 1) if reverse else (n - 1, 0))
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    monkeypatch.setenv("JAXLIB_GPU_STRICT", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    x = np.random.default_rng(3).standard_normal((3, n)).astype(np.float32)
    zeros = np.s_[0, -5:] if reverse else np.s_[0, :5]  # where the running sums start
    x[zeros] = -0.0  # a +0 init makes the scan's -0 a +0, as the sequential fold does
    results = []
    for init in ("0.0", "1.0"):  # from 1 every window folds whole: a generated kernel
        text = _reduce_window_program((3, n), "f32", "stablehlo.add", init, (1, n),
                                      padding=padding)
        executable = gpu.compile_and_load(text)
        generated = list(executable.compiled.program.kernel_sources)
        assert bool(generated) == (init == "1.0")
        (got,) = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x)])]
        (want,) = [np.asarray(o) for o in cpu.compile_and_load(text, cpu.devices()[:1]).execute(
            [cpu.buffer_from_pyval(x)])]
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-3)
        results.append((got, want))
    got, want = results[0]
    assert not np.signbit(got[zeros]).any() and not np.signbit(want[zeros]).any()


def test_reduce_window_kernels_compile_with_nvrtc():
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc
    from jaxlib.gpu_runtime.program import kernel_sources

    for name in ("dilated_and_cropped", "cumprod_wrapping_i32", "bf16_cumsum", "f16_max",
                 "bool_or", "f64_min"):
        shape, element, body, init, window, strides, padding, base, dilation, _ = \
            _WINDOWS[name]
        text = _reduce_window_program(shape, element, f"stablehlo.{body}", init, window,
                                      strides, padding, base, dilation)
        (source,) = kernel_sources(text).values()
        nvrtc.compile_to_ptx(source)


def _select_and_scatter_program(shape, element, direction, window, strides, padding,
                                scatter="add", swapped=False) -> tuple[str, list[int]]:
    from jaxlib._src.ops.reduction import num_windows

    rank = len(shape)
    source = [num_windows(n, lo, hi, 1, w, s, 1) for n, (lo, hi), w, s in zip(
        shape, padding, window, strides)]
    compare_type = "SIGNED" if element.startswith("i") else "FLOAT"

    def tensor(dims):
        return f"tensor<{'x'.join(map(str, dims))}x{element}>"

    def array(values):
        return "array<i64: " + ", ".join(map(str, values)) + ">"

    pads = "[" + ", ".join(f"[{lo}, {hi}]" for lo, hi in padding) + "]"
    first, second = ("%b", "%a") if swapped else ("%a", "%b")
    scalar = f"tensor<{element}>"
    text = (f"func.func @main(%x: {tensor(shape)}, %s: {tensor(source)}) -> {tensor(shape)} {{\n"
            f"  %init = stablehlo.constant dense<0> : {scalar}\n"
            f'  %r = "stablehlo.select_and_scatter"(%x, %s, %init) <{{padding = dense<{pads}> '
            f": tensor<{rank}x2xi64>, window_dimensions = {array(window)}, window_strides = "
            f"{array(strides)}}}> ({{\n"
            f"  ^bb0(%a: {scalar}, %b: {scalar}):\n"
            f"    %c = stablehlo.compare {direction}, {first}, {second}, {compare_type} : "
            f"({scalar}, {scalar}) -> tensor<i1>\n"
            f"    stablehlo.return %c : tensor<i1>\n"
            f"  }}, {{\n"
            f"  ^bb0(%a: {scalar}, %b: {scalar}):\n"
            f"    %y = stablehlo.{scatter} %a, %b : {scalar}\n"
            f"    stablehlo.return %y : {scalar}\n"
            f"  }}) : ({tensor(shape)}, {tensor(source)}, {scalar}) -> {tensor(shape)}\n"
            f"  return %r : {tensor(shape)}\n}}\n")
    return text, source


# name: (shape, element, direction, window, strides, padding, scatter body, swapped)
_SELECTS = {
    "max_pool_gradient": ((2, 9, 9, 3), "f32", "GE", (1, 3, 3, 1), (1, 2, 2, 1),
                          ((0, 0), (1, 1), (1, 1), (0, 0)), "add", False),
    "overlapping_windows": ((1, 12, 12, 1), "f32", "GE", (1, 4, 4, 1), (1, 1, 1, 1),
                            ((0, 0),) * 4, "add", False),
    "compare_of_candidate_and_chosen": ((6, 7), "f32", "GT", (2, 3), (2, 2),
                                        ((1, 0), (0, 2)), "add", True),
    "bf16": ((2, 8, 8, 2), "bf16", "GE", (1, 2, 2, 1), (1, 1, 1, 1),
             ((0, 0), (0, 1), (0, 1), (0, 0)), "add", False),
    "f16_min_pool": ((5, 5), "f16", "LE", (2, 2), (1, 1), ((0, 0), (0, 0)), "add", False),
    "i32_scatter_by_max": ((8, 8), "i32", "GT", (3, 3), (2, 2), ((1, 1), (1, 1)), "maximum",
                           False),
    "cropped": ((6, 6), "f32", "GE", (2, 2), (2, 2), ((-1, 1), (0, 0)), "add", False),
}


@needs_compiler
@pytest.mark.parametrize("name", sorted(_SELECTS))
def test_select_and_scatter_is_one_generated_kernel_computing_as_the_cpu(monkeypatch, name):
    # Max pooling's gradient gathered per operand element: each window's choice
    # in window order (the first of ties, NaN chosen as the CPU chooses it),
    # sources folded in source order: no atomics, the CPU's bits.
    import ml_dtypes

    from jaxlib import xla_client

    shape, element, direction, window, strides, padding, scatter, swapped = _SELECTS[name]
    text, source_shape = _select_and_scatter_program(shape, element, direction, window,
                                                     strides, padding, scatter, swapped)
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    monkeypatch.setenv("JAXLIB_GPU_STRICT", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    rng = np.random.default_rng(len(name))
    dtype = {"f32": np.float32, "bf16": ml_dtypes.bfloat16, "f16": np.float16,
             "i32": np.int32}[element]
    if element == "i32":
        x = rng.integers(-9, 9, shape).astype(dtype)  # ties often
        s = rng.integers(-9, 9, source_shape).astype(dtype)
    else:
        x = rng.standard_normal(shape).astype(dtype)
        x.reshape(-1)[3] = np.nan
        x.reshape(-1)[7:11] = 1  # ties
        s = rng.standard_normal(source_shape).astype(dtype)
    executable = gpu.compile_and_load(text)
    sources = executable.compiled.program.kernel_sources
    assert [k.rsplit("_", 1)[0] for k in sources] == ["jx_select_and_scatter"]
    (got,) = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(x), gpu.buffer_from_pyval(s)])]
    (want,) = [np.asarray(o) for o in cpu.compile_and_load(text, cpu.devices()[:1]).execute(
        [cpu.buffer_from_pyval(x), cpu.buffer_from_pyval(s)])]
    bits = np.dtype(f"u{got.itemsize}")
    np.testing.assert_array_equal(got.reshape(-1).view(bits), want.reshape(-1).view(bits))


def test_select_and_scatter_kernels_compile_with_nvrtc():
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc
    from jaxlib.gpu_runtime.program import kernel_sources

    for name in ("max_pool_gradient", "bf16", "i32_scatter_by_max", "cropped"):
        text, _ = _select_and_scatter_program(*_SELECTS[name])
        (source,) = kernel_sources(text).values()
        nvrtc.compile_to_ptx(source)


# -- reductions with elementwise bodies (argmax) as one generated kernel ----------------

def _argmax_program(shape, element, dims, direction="GT", init="0xFF800000") -> str:
    compare_type = "SIGNED" if element.startswith("i") else "FLOAT"
    kept = [d for k, d in enumerate(shape) if k not in dims]

    def tensor(dims_, element_):
        return f"tensor<{''.join(f'{d}x' for d in dims_)}{element_}>"

    t, ti = tensor(shape, element), tensor(shape, "i32")
    out, outi = tensor(kept, element), tensor(kept, "i32")
    scalar = f"tensor<{element}>"
    return f"""func.func @main(%x: {t}) -> ({out}, {outi}) {{
  %iota = stablehlo.iota dim = {dims[-1]} : {ti}
  %init = stablehlo.constant dense<{init}> : {scalar}
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %init), (%iota init: %zero) across dimensions = {list(dims)} :
      ({t}, {ti}, {scalar}, tensor<i32>) -> ({out}, {outi})
   reducer(%a: {scalar}, %b: {scalar}) (%ai: tensor<i32>, %bi: tensor<i32>) {{
    %gt = stablehlo.compare {direction}, %a, %b, {compare_type} : ({scalar}, {scalar}) -> tensor<i1>
    %nan = stablehlo.compare NE, %a, %a, {compare_type} : ({scalar}, {scalar}) -> tensor<i1>
    %take = stablehlo.or %gt, %nan : tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, {compare_type} : ({scalar}, {scalar}) -> tensor<i1>
    %lower = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lower : tensor<i1>
    %keep = stablehlo.or %take, %tie : tensor<i1>
    %v = stablehlo.select %take, %a, %b : tensor<i1>, {scalar}
    %i = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : {scalar}, tensor<i32>
  }}
  return %r#0, %r#1 : {out}, {outi}
}}
"""


# name: (shape, element, reduced dims, direction, init, a block per output?)
_ARGMAXES = {
    "rows_a_block_each": ((8, 1000), "f32", (1,), "GT", "0xFF800000", True),
    "many_short_rows": ((4096, 10), "f32", (1,), "GT", "0xFF800000", False),
    "over_the_leading_axis": ((700, 5), "f32", (0,), "GT", "0xFF800000", True),
    "argmin": ((3, 2000), "f32", (1,), "LT", "0x7F800000", True),
    "bf16": ((4, 600), "bf16", (1,), "GT", "0xFF80", True),
    "int32_with_ties": ((5, 900), "i32", (1,), "GT", "-2147483648", True),
    "one_long_row": ((1, 100000), "f32", (1,), "GT", "0xFF800000", True),
    "two_axes": ((3, 40, 30), "f32", (1, 2), "GT", "0xFF800000", True),
}


@needs_compiler
@pytest.mark.parametrize("name", sorted(_ARGMAXES))
def test_argmax_is_one_generated_kernel_computing_as_the_cpu(monkeypatch, name):
    # jnp.argmax's value-and-index reduce: a thread per output folding in order,
    # or a block per output whose threads fold contiguous chunks paired in order
    # (host builds run the block's threads one by one): the first maximum and
    # the first NaN win, as on the CPU.
    import ml_dtypes

    from jaxlib import xla_client

    shape, element, dims, direction, init, block = _ARGMAXES[name]
    text = _argmax_program(shape, element, dims, direction, init)
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    monkeypatch.setenv("JAXLIB_GPU_STRICT", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    cpu = xla_client.make_cpu_client()
    rng = np.random.default_rng(len(name))
    if element == "i32":
        x = rng.integers(-5, 5, shape).astype(np.int32)
    else:
        x = rng.standard_normal(shape).astype(ml_dtypes.bfloat16 if element == "bf16"
                                              else np.float32)
        flat = x.reshape(-1)
        flat[[5, 900, 901, 1500] if flat.size > 1500 else [5]] = np.nan
        flat[[20, 40]] = 50  # a tied maximum
    executable = gpu.compile_and_load(text)
    sources = executable.compiled.program.kernel_sources
    reduces = [s for k, s in sources.items() if k.startswith("jx_reduce_")]
    assert len(reduces) == 1 and ("jx_chunk" in reduces[0]) == block
    got = [np.asarray(o) for o in executable.execute([gpu.buffer_from_pyval(x)])]
    want = [np.asarray(o) for o in cpu.compile_and_load(text, cpu.devices()[:1]).execute(
        [cpu.buffer_from_pyval(x)])]
    for g, w in zip(got, want):
        bits = np.dtype(f"u{g.itemsize}")
        np.testing.assert_array_equal(g.reshape(-1).view(bits), w.reshape(-1).view(bits))


@needs_compiler
def test_variadic_sums_are_one_generated_kernel(monkeypatch):
    # Two sums in one body (not one op): generated too; integers add exactly.
    from jaxlib import xla_client

    text = """func.func @main(%x: tensor<6x700xi32>, %y: tensor<6x700xi32>)
    -> (tensor<6xi32>, tensor<6xi32>) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %z), (%y init: %one) across dimensions = [1] :
      (tensor<6x700xi32>, tensor<6x700xi32>, tensor<i32>, tensor<i32>)
      -> (tensor<6xi32>, tensor<6xi32>)
   reducer(%a: tensor<i32>, %b: tensor<i32>) (%c: tensor<i32>, %d: tensor<i32>) {
    %s = stablehlo.add %a, %b : tensor<i32>
    %t = stablehlo.multiply %c, %d : tensor<i32>
    stablehlo.return %s, %t : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<6xi32>, tensor<6xi32>
}
"""
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    monkeypatch.setenv("JAXLIB_GPU_STRICT", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    executable = gpu.compile_and_load(text)
    assert any(k.startswith("jx_reduce_") for k in executable.compiled.program.kernel_sources)
    rng = np.random.default_rng(2)
    x = rng.integers(-1000, 1000, (6, 700)).astype(np.int32)
    y = rng.integers(-3, 4, (6, 700)).astype(np.int32)
    got = [np.asarray(o) for o in executable.execute(
        [gpu.buffer_from_pyval(x), gpu.buffer_from_pyval(y)])]
    np.testing.assert_array_equal(got[0], x.sum(1, dtype=np.int32))
    np.testing.assert_array_equal(got[1], np.prod(y, 1, dtype=np.int32))


def test_argmax_kernels_compile_with_nvrtc():
    _needs_nvrtc()
    from jaxlib.gpu_runtime import nvrtc
    from jaxlib.gpu_runtime.program import kernel_sources

    for name in ("rows_a_block_each", "many_short_rows", "bf16", "int32_with_ties"):
        shape, element, dims, direction, init, _ = _ARGMAXES[name]
        sources = kernel_sources(_argmax_program(shape, element, dims, direction, init))
        reduces = [s for key, s in sources.items() if key.startswith("jx_reduce_")]
        assert len(reduces) == 1
        nvrtc.compile_to_ptx(reduces[0])


@needs_compiler
def test_kernels_differing_only_in_how_they_store_16_bit_results_are_two(monkeypatch):
    # A reduction of nothing into bfloat16 and the same into float16 share their
    # body; only the wrapper's store differs. The name once hashed the body
    # alone, so the second program ran the first's host build (a float16 NaN
    # where jnp.nanmax(zeros((0,)), initial=1) is 1).
    from jaxlib import xla_client
    from jaxlib.gpu_runtime.program import kernel_sources

    def program(element: str, minus_inf: str) -> str:
        return f"""func.func @main(%a: tensor<i32>) -> tensor<{element}> {{
  %0 = stablehlo.constant dense<{minus_inf}> : tensor<{element}>
  %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<{element}>) -> tensor<0x{element}>
  %2 = stablehlo.reduce(%1 init: %0) applies stablehlo.maximum across dimensions = [0] :
      (tensor<0x{element}>, tensor<{element}>) -> tensor<{element}>
  %3 = stablehlo.convert %a : (tensor<i32>) -> tensor<{element}>
  %4 = stablehlo.maximum %3, %2 : tensor<{element}>
  return %4 : tensor<{element}>
}}
"""

    bf16, f16 = program("bf16", "0xFF80"), program("f16", "0xFC00")
    assert not set(kernel_sources(bf16)) & set(kernel_sources(f16))
    monkeypatch.setenv("JAXLIB_GPU_MOCK_CODEGEN", "1")
    gpu = xla_client.make_gpu_client(platform_name="cuda", mock=True)
    for text in (bf16, f16):
        (got,) = gpu.compile_and_load(text).execute([gpu.buffer_from_pyval(np.int32(1))])
        assert float(np.asarray(got)) == 1.0


GATES_OF_A_PRODUCT = """
func.func @main(%x: tensor<4x6xf32>, %w: tensor<6x8xf32>, %b: tensor<1x8xf32>)
    -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %p = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<4x6xf32>, tensor<6x8xf32>) -> tensor<4x8xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
  %g = stablehlo.add %p, %bb : tensor<4x8xf32>
  %i = stablehlo.slice %g [0:4, 0:4] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %f = stablehlo.slice %g [0:4, 4:8] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %si = stablehlo.logistic %i : tensor<4x4xf32>
  %tf = stablehlo.tanh %f : tensor<4x4xf32>
  return %si, %tf : tensor<4x4xf32>, tensor<4x4xf32>
}
"""


def test_gates_sliced_from_a_product_plus_bias_take_one_kernel(monkeypatch):
    # The slices move to the product and the bias (passes/sink_slices.py),
    # which the gates' kernel reads in place: no kernel writes the sum first.
    from jaxlib.gpu_runtime.program import kernel_sources

    fused_kernels = [n for n in kernel_sources(GATES_OF_A_PRODUCT) if n.startswith("jx_fused")]
    assert len(fused_kernels) == 1
    launches = _counted_launches(monkeypatch)
    rng = np.random.default_rng(13)
    _twice_as_the_cpu_leaving_arguments(
        GATES_OF_A_PRODUCT, [rng.standard_normal(s).astype(np.float32)
                             for s in ((4, 6), (6, 8), (1, 8))], 1e-6)
    assert len(launches) == 2  # one kernel per run
