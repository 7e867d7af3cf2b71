"""The jaxlib.lapack API of the linalg extra."""

import subprocess
import sys

import numpy as np
import pytest

import jaxlib
from jaxlib import gpu_linalg, gpu_solver, lapack


def test_namespace_is_shared_with_core():
    from jaxlib import xla_client

    assert jaxlib.__version__ == "0.10.2"  # the jaxlib API level core implements
    assert xla_client.make_cpu_client().device_count() == 1


@pytest.mark.parametrize(
    "dtype, name",
    [(np.float32, "lapack_sgetrf_ffi"), (np.float64, "lapack_dgetrf_ffi"),
     (np.complex64, "lapack_cgetrf_ffi"), (np.complex128, "lapack_zgetrf_ffi")],
)
def test_target_names(dtype, name):
    assert lapack.prepare_lapack_call("getrf_ffi", dtype) == name
    assert lapack.build_lapack_fn_target("getrf_ffi", np.dtype(dtype)) == name
    assert lapack.LAPACK_DTYPE_PREFIX[dtype] == name[7]


def test_unsupported_dtype():
    with pytest.raises(NotImplementedError, match="Unsupported dtype int32"):
        lapack.prepare_lapack_call("getrf_ffi", np.int32)


def test_registrations_cover_the_reference_lapack_targets():
    names = {name for name, _, _ in lapack.registrations()["cpu"]}
    bases = ["getrf", "geqrf", "geqp3", "potrf", "gesdd", "gesvd", "geev", "gees", "gehrd",
             "trsm", "gtsv"]
    expected = {f"lapack_{p}{b}_ffi" for p in "sdcz" for b in bases}
    expected |= {f"lapack_{p}{b}_ffi" for p in "sd" for b in ("orgqr", "ormqr", "syevd", "sytrd")}
    expected |= {f"lapack_{p}{b}_ffi" for p in "cz" for b in ("ungqr", "unmqr", "heevd", "hetrd")}
    expected.add("tridiagonal_solve_perturbed_ffi")  # jaxlib's own kernel, one for all dtypes
    assert names == expected and len(names) == 61  # all of the reference's CPU targets
    assert lapack.batch_partitionable_targets() == sorted(expected)
    from jaxlib import xla_client

    for name in expected:  # importing jaxlib.lapack registered them with core
        assert xla_client.custom_call_targets("cpu")[name] is dict(
            (n, f) for n, f, _ in lapack.registrations()["cpu"])[name]


def test_core_loads_the_kernels_lazily_on_the_first_unknown_target():
    code = (
        "import sys\n"
        "from jaxlib._src.ops.custom_call_registry import lookup_custom_call_target\n"
        "assert 'jaxlib.lapack' not in sys.modules\n"
        "target = lookup_custom_call_target('lapack_dpotrf_ffi', 'cpu')\n"
        "assert target is not None and target.api_version == 1, target\n"
        "assert 'jaxlib.lapack' in sys.modules\n"
        "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def _call(name, operands, results, **attributes):
    fn = dict((n, f) for n, f, _ in lapack.registrations()["cpu"])[name]
    fn(operands, results, attributes)
    return results


def test_getrf_handler_with_batch_and_readonly_operand():
    a = np.array([[[0.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [2.0, 4.0]]])
    a.flags.writeable = False
    lu, ipiv, info = _call("lapack_dgetrf_ffi", [a],
                           [np.zeros((2, 2, 2)), np.zeros((2, 2), np.int32),
                            np.zeros(2, np.int32)])
    np.testing.assert_array_equal(ipiv, [[2, 2], [2, 2]])  # 1-based, as LAPACK
    np.testing.assert_array_equal(info, [0, 2])  # second matrix: U[1, 1] == 0
    np.testing.assert_allclose(lu[0], [[3.0, 4.0], [0.0, 2.0]])
    assert a[0, 0, 0] == 0.0  # the operand is untouched


def test_trsm_handler_honours_side_uplo_trans_diag():
    a = np.array([[2.0, 0.0], [1.0, 4.0]], np.float32)
    b = np.array([[2.0, 4.0]], np.float32)  # right side: x @ op(a) == b
    (x,) = _call("lapack_strsm_ffi", [a, b], [np.zeros((1, 2), np.float32)],
                 side=np.uint8(ord("R")), uplo=np.uint8(ord("L")),
                 trans_x=np.uint8(ord("T")), diag=np.uint8(ord("N")))
    np.testing.assert_allclose(x @ a.T, b, rtol=1e-6)


def test_gees_with_sorting_is_an_explicit_error():
    a = np.eye(2)
    results = [np.zeros((2, 2)), np.zeros((2, 2)), np.zeros(2), np.zeros(2),
               np.zeros((), np.int32), np.zeros((), np.int32)]
    with pytest.raises(NotImplementedError, match="sort"):
        _call("lapack_dgees_ffi", [a], results, mode=np.uint8(ord("V")),
              sort=np.uint8(ord("S")))


def test_svd_mode_o_is_an_explicit_error():
    a = np.eye(2)
    results = [np.zeros((2, 2)), np.zeros(2), np.zeros((2, 2)), np.zeros((2, 2)),
               np.zeros((), np.int32)]
    with pytest.raises(ValueError, match="SVD mode 'O' is not supported"):
        _call("lapack_dgesdd_ffi", [a], results, mode=np.uint8(ord("O")))


def test_tridiagonal_solve_perturbed_solves_and_keeps_singular_systems_finite():
    # Batch of two 3x3 systems: tridiag(1, 4, 1) (regular) and tridiag(1, 0, 1) - whose
    # eigenvalue 0 makes it singular: the zero pivot is perturbed, not divided by.
    dl = np.array([[0.0, 1, 1], [0, 1, 1]])
    d = np.array([[4.0, 4, 4], [0, 0, 0]])
    du = np.array([[1.0, 1, 0], [1, 1, 0]])
    b = np.array([[[1.0], [2], [3]], [[1], [0], [0]]])  # [1, 0, 0]: not in the range
    for operand in (dl, d, du, b):
        operand.flags.writeable = False
    (x,) = _call("tridiagonal_solve_perturbed_ffi", [dl, d, du, b], [np.zeros((2, 3, 1))])
    dense = np.diag(d[0]) + np.diag(dl[0, 1:], -1) + np.diag(du[0, :-1], 1)
    np.testing.assert_allclose(dense @ x[0], b[0], rtol=1e-14)
    assert np.isfinite(x[1]).all() and np.abs(x[1]).max() > 1e14  # ~ 1 / (eps * max|U|)
    # x is (nearly) the null vector [1, 0, -1] / sqrt(2) scaled up: T x is tiny beside x.
    singular = np.diag(dl[1, 1:], -1) + np.diag(du[1, :-1], 1)
    assert np.abs(singular @ x[1]).max() < 1e-12 * np.abs(x[1]).max()
    np.testing.assert_allclose(x[1, 0] / x[1, 2], -1.0, rtol=1e-12)


def test_kernels_reject_a_wrong_result_dtype():
    a = np.eye(2, dtype=np.float32)
    with pytest.raises(ValueError, match="potrf info: expected dtype int32"):
        _call("lapack_spotrf_ffi", [a], [np.zeros((2, 2), np.float32), np.zeros((), np.int64)],
              uplo=np.uint8(ord("L")))


def test_registrations_list_only_present_kernels():
    regs = lapack.registrations()
    assert set(regs) == {"cpu"}
    for name, fn, api_version in regs["cpu"]:
        assert name.endswith("_ffi") and api_version == 1 and fn is not None
    assert isinstance(lapack.batch_partitionable_targets(), list)
    for module in (gpu_linalg, gpu_solver):
        assert set(module.registrations()) == {"CUDA", "ROCM"}


def test_enums_are_lapack_letters_as_the_reference_sends_them():
    # The reference lowering writes `enum.value` as a ui8 attribute: LAPACK's job letter.
    assert lapack.EigComputationMode.kComputeEigenvectors == ord("V")
    assert lapack.EigComputationMode.kNoEigenvectors == ord("N")
    assert lapack.SchurComputationMode.kComputeSchurVectors == ord("V")
    assert lapack.SchurComputationMode.kNoComputeSchurVectors == ord("N")
    assert lapack.SchurSort.kNoSortEigenvalues == ord("N")
    assert lapack.SchurSort.kSortEigenvalues == ord("S")


def test_unsupported_dtype_is_not_implemented():
    with pytest.raises(NotImplementedError, match="Unsupported dtype float16"):
        lapack.prepare_lapack_call("geqrf_ffi", np.float16)
