"""Tridiagonal solves on the device: jax's ``lax.linalg.tridiagonal_solve``.

jax lowers it for cuda to ``cusparse_gtsv2_ffi`` (systems of 3 rows or more;
smaller ones become array operations), and with ``perturb_singular=True``
(the inverse iteration of ``jax.scipy.linalg.eigh_tridiagonal``) to jaxlib's
own ``cu_tridiagonal_solve_perturbed``, which CPU-lowered programs name
``tridiagonal_solve_perturbed_ffi``. Operands: the diagonals dl, d, du
[..., m] (dl[0] and du[m-1] lie outside the matrix and are not read) and the
right-hand sides b [..., m, n]; the result has b's shape.

* gtsv2 goes to cuSPARSE's gtsv2 (LU with partial pivoting), through ctypes
  on the libcusparse CuPy loads, one call per system as jaxlib's kernel makes
  them, each system's right-hand sides column-major. The binding is checked
  against LAPACK's gtsv at its first use on a device; a failed check turns it
  off (``status()``) and the calls run as host steps. Past
  ``solver.MAX_LOOPED_MATRICES`` systems the step stays on the host. gtsv2 is
  not known to keep off the host inside the library, so programs with it run
  eagerly (``NotCapturable``), as gesvd's and sytrd's do. Mock GPUs call
  LAPACK's gtsv on the same layouts.
* The perturbed solve is one generated kernel, one thread per system
  (``codegen.tridiagonal_solve_perturbed``: the CPU kernel's algorithm step
  for step, complex values as a struct of two reals); mock GPUs run its host
  build with JAXLIB_GPU_MOCK_CODEGEN=1, else jaxlib-linalg's CPU kernel.

ROCm's ``hipsparse_gtsv2_ffi`` and ``hip_tridiagonal_solve_perturbed`` stay
host steps until a ROCm build is tested (vendor.py).
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any

import numpy as np

from jaxlib._src.ir.core import Operation
from jaxlib._src.ir.types import numpy_dtype
from jaxlib.gpu_runtime.solver import MAX_LOOPED_MATRICES, NotCapturable

GTSV2 = "cusparse_gtsv2_ffi"
PERTURBED = frozenset({"cu_tridiagonal_solve_perturbed", "tridiagonal_solve_perturbed_ffi"})
TARGETS = frozenset({GTSV2}) | PERTURBED

_LETTERS = {np.dtype(np.float32): "S", np.dtype(np.float64): "D",
            np.dtype(np.complex64): "C", np.dtype(np.complex128): "Z"}
# codegen.TRIDIAGONAL_TYPES's names
_ELEMENTS = {np.dtype(np.float32): "float", np.dtype(np.float64): "double",
             np.dtype(np.complex64): "complex64", np.dtype(np.complex128): "complex128"}

_state: dict[str, Any] = {"status": "not used yet", "library": None, "handles": {}}


def status() -> str:
    """'cusparse' when gtsv2 runs through cuSPARSE, 'not used yet', or why it
    runs on the host."""
    return _state["status"]


# -- gtsv2: each system's right-hand sides column-major ([count, n, m] storage) ----------


class _Lapack:
    """LAPACK's gtsv on numpy arrays (mock GPUs): LU with partial pivoting, as
    cuSPARSE's gtsv2."""

    def gtsv2(self, dl: np.ndarray, d: np.ndarray, du: np.ndarray,
              storage: np.ndarray) -> None:
        from scipy.linalg import lapack

        gtsv = lapack.get_lapack_funcs("gtsv", dtype=storage.dtype)
        for s in range(storage.shape[0]):
            *_, solution, info = gtsv(dl[s, 1:], d[s], du[s, :-1], storage[s].T)
            # A singular system: cuSPARSE divides by the zero pivot; NaN here,
            # as jaxlib-sparse's host handler gives.
            storage[s] = solution.T if info == 0 else np.nan


class _Cusparse:
    """cuSPARSE's gtsv2 on CuPy arrays, on the current stream."""

    def __init__(self, cupy: Any, library: ctypes.CDLL):
        self.cupy, self.lib = cupy, library
        self.handle = ctypes.c_void_p()
        _check(library.cusparseCreate(ctypes.byref(self.handle)), "cusparseCreate")

    def gtsv2(self, dl: Any, d: Any, du: Any, storage: Any) -> None:
        cupy, lib = self.cupy, self.lib
        if cupy.cuda.get_current_stream().is_capturing():
            raise NotCapturable("cuSPARSE gtsv2 is not known to stay off the host")
        count, n, m = storage.shape
        if count == 0 or n == 0 or m == 0:
            return
        letter = _LETTERS[storage.dtype]
        _check(lib.cusparseSetStream(self.handle,
                                     ctypes.c_void_p(cupy.cuda.get_current_stream().ptr)),
               "cusparseSetStream")
        size = ctypes.c_size_t()
        pointers = [ctypes.c_void_p(a.data.ptr) for a in (dl, d, du, storage)]
        _check(getattr(lib, f"cusparse{letter}gtsv2_bufferSizeExt")(
            self.handle, m, n, *pointers, m, ctypes.byref(size)), "gtsv2_bufferSizeExt")
        work = cupy.empty(max(size.value, 1), np.uint8)
        item, rows, system = storage.dtype.itemsize, m * dl.dtype.itemsize, m * n
        for s in range(count):
            _check(getattr(lib, f"cusparse{letter}gtsv2")(
                self.handle, m, n, *(ctypes.c_void_p(a.data.ptr + s * rows)
                                     for a in (dl, d, du)),
                ctypes.c_void_p(storage.data.ptr + s * system * item), m,
                ctypes.c_void_p(work.data.ptr)), "gtsv2")


def _check(code: int, what: str) -> None:
    if code != 0:
        raise RuntimeError(f"cuSPARSE {what} failed with cusparseStatus {code}")


def _declare(lib: ctypes.CDLL) -> None:
    vp, i32 = ctypes.c_void_p, ctypes.c_int
    functions = [(lib.cusparseCreate, [ctypes.POINTER(vp)]), (lib.cusparseSetStream, [vp, vp])]
    for letter in _LETTERS.values():  # (handle, m, n, dl, d, du, B, ldb, ...)
        functions += [(getattr(lib, f"cusparse{letter}gtsv2_bufferSizeExt"),
                       [vp, i32, i32, vp, vp, vp, vp, i32, ctypes.POINTER(ctypes.c_size_t)]),
                      (getattr(lib, f"cusparse{letter}gtsv2"),
                       [vp, i32, i32, vp, vp, vp, vp, i32, vp])]
    for function, argtypes in functions:
        function.argtypes = argtypes
        function.restype = ctypes.c_int


def _self_test(cupy: Any, binding: _Cusparse) -> None:
    """gtsv2 in every type against LAPACK's gtsv, on systems that need pivoting."""
    rng = np.random.default_rng(7)
    host = _Lapack()
    for dtype in _LETTERS:
        dl, d, du = (rng.standard_normal((2, 6)).astype(dtype) for _ in range(3))
        d[:, 1] = 0  # a zero on the diagonal: only pivoting solves these
        storage = rng.standard_normal((2, 3, 6)).astype(dtype)
        want = storage.copy()
        host.gtsv2(dl, d, du, want)
        got = cupy.asarray(storage)
        binding.gtsv2(*(cupy.asarray(a) for a in (dl, d, du)), got)
        if not np.allclose(cupy.asnumpy(got), want, rtol=1e-3, atol=1e-3):
            raise RuntimeError(f"a {dtype} gtsv2 solution differs from LAPACK's gtsv")


def _binding(xp: Any) -> Any:
    """The gtsv2 binding on the current device (made and checked at its first
    use), or None when cuSPARSE is off."""
    from jaxlib.gpu_runtime.cublas import checked_binding, cuda_library

    return checked_binding(
        _state, xp, "cusparse",
        lambda: cuda_library("libcusparse", (12, 11), _declare, xp.cuda.device.get_cusparse_handle),
        lambda library: _Cusparse(xp, library), _self_test, mock=_Lapack)


def _gtsv2(xp: Any, count: int, m: int, n: int, shape: tuple[int, ...]
           ) -> Callable[..., tuple] | None:
    if m < 3 or count > MAX_LOOPED_MATRICES or _binding(xp) is None:
        # (cuSPARSE's gtsv2 takes 3 rows or more; jax lowers smaller systems to
        # array operations)
        return None

    def kernel(dl, d, du, b):
        binding = _binding(xp)  # the handle of the device the program runs on
        if binding is None:
            raise RuntimeError(f"cuSPARSE is off on this device: {status()}")
        # Copies with the entries outside the matrix zeroed (cuSPARSE reads them).
        lower, main, upper = (xp.array(v.reshape(count, m), copy=True) for v in (dl, d, du))
        lower[:, 0] = 0
        upper[:, m - 1] = 0
        storage = xp.array(xp.swapaxes(b.reshape(count, m, n), -1, -2), order="C", copy=True)
        binding.gtsv2(lower, main, upper, storage)
        return (xp.array(xp.swapaxes(storage, -1, -2), order="C", copy=True).reshape(shape),)

    return kernel


# -- the perturbed solve ------------------------------------------------------------------


def _perturbed(xp: Any, count: int, m: int, n: int, shape: tuple[int, ...],
               dtype: np.dtype) -> Callable[..., tuple] | None:
    from jaxlib.gpu_runtime import codegen, fused

    target = fused.generated_target(xp)
    if target is None:  # mock GPUs without generated kernels: the CPU kernel
        from jaxlib._src.ops.custom_call_registry import lookup_custom_call_target

        registered = lookup_custom_call_target("tridiagonal_solve_perturbed_ffi", "cpu")
        if registered is None or not callable(registered.fn):
            return None  # (no jaxlib-linalg: a host step, which says so)
        solve = registered.fn

        def host_kernel(dl, d, du, b):
            x = np.empty(shape, dtype)
            solve([np.asarray(v) for v in (dl, d, du, b)], [x], {})
            return (x,)

        return host_kernel
    source, name = codegen.tridiagonal_solve_perturbed(m, n, count, _ELEMENTS[dtype], target)
    generated = fused.per_item_kernel(source, name, count,
                                      [(shape, dtype), ((count, 3 * m + n), dtype)], xp, target)
    return lambda dl, d, du, b: (generated(dl, d, du, b)[0],)


def tridiagonal_kernel(op: Operation, xp: Any) -> Callable[..., tuple] | None:
    """The device step of a tridiagonal solve (``TARGETS``), or None (a host
    step) for other operand types, or gtsv2 when cuSPARSE is off."""
    target = op.attributes.get("call_target_name")
    if target not in TARGETS or len(op.operands) != 4 or len(op.result_types) != 1:
        return None
    *diagonals, b = op.operand_types
    result = op.result_types[0]
    dtype = numpy_dtype(b.element_type)
    shape = tuple(b.shape)
    if dtype not in _LETTERS or len(shape) < 2 or tuple(result.shape) != shape or \
            numpy_dtype(result.element_type) != dtype or any(
                tuple(t.shape) != shape[:-1] or numpy_dtype(t.element_type) != dtype
                for t in diagonals):
        return None
    m, n = shape[-2:]
    count = int(np.prod(shape[:-2], dtype=np.int64))
    if m > 2**31 - 1 or n > 2**31 - 1:
        return None
    if count == 0 or m == 0 or n == 0:
        return lambda *operands: (xp.zeros(shape, dtype),)
    if target == GTSV2:
        return _gtsv2(xp, count, m, n, shape)
    return _perturbed(xp, count, m, n, shape, dtype)
