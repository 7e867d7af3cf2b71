"""``cpu_csr_sparse_dense_ffi`` called directly: every dtype pair the reference kernel
accepts, against scipy's CSR product, and the explicit errors."""

import numpy as np
import pytest
import scipy.sparse

from jaxlib import cpu_sparse

VALUE_DTYPES = [d.type for d in cpu_sparse.VALUE_DTYPES]


def _random_csr(rng, dtype, index_dtype, rows=6, cols=5):
    dense = rng.integers(-3, 4, size=(rows, cols)).astype(dtype)
    dense[rng.random((rows, cols)) < 0.5] = 0
    dense[2] = 0  # an empty row
    if np.dtype(dtype).kind == "c":
        dense = dense * (1 + 0.5j)
    m = scipy.sparse.csr_matrix(dense)
    return m, m.data.astype(dtype), m.indptr.astype(index_dtype), m.indices.astype(index_dtype)


def _call(operands, result):
    cpu_sparse.csr_sparse_dense(operands, [result], {})
    return result


@pytest.mark.parametrize("index_dtype", [d.type for d in cpu_sparse.INDEX_DTYPES])
@pytest.mark.parametrize("dtype", VALUE_DTYPES)
def test_matmat_and_matvec_match_scipy(dtype, index_dtype):
    rng = np.random.default_rng(0)
    m, data, indptr, indices = _random_csr(rng, dtype, index_dtype)
    rhs = rng.integers(-3, 4, size=(5, 3)).astype(dtype)
    out = _call([data, indptr, indices, rhs], np.full((6, 3), 99, dtype))
    np.testing.assert_allclose(out, m @ rhs, rtol=1e-6)
    vec = rhs[:, 0].copy()
    out = _call([data, indptr, indices, vec], np.full(6, 99, dtype))
    np.testing.assert_allclose(out, m @ vec, rtol=1e-6)
    assert not out[2]  # the empty row is written as zero, not left as it was


def test_duplicates_are_summed_and_padding_ignored():
    data = np.array([1.0, 2.0, 5.0, 777.0, 777.0], np.float64)  # last two: padding
    indices = np.array([0, 0, 1, 9, 9], np.int32)  # padding indices are never read
    indptr = np.array([0, 2, 3], np.int32)
    out = _call([data, indptr, indices, np.array([10.0, 100.0])], np.zeros(2))
    np.testing.assert_array_equal(out, [30.0, 500.0])


@pytest.mark.parametrize("operands, result, message", [
    ([np.ones(1, np.float16), np.array([0, 1], np.int32), np.zeros(1, np.int32),
      np.ones(2, np.float16)], np.zeros(1, np.float16), "value dtype float16"),
    ([np.ones(1, np.float32), np.array([0, 1], np.int32), np.zeros(1, np.int32),
      np.ones(2, np.float64)], np.zeros(1, np.float32), "element type mismatch"),
    ([np.ones(1, np.float32), np.array([0, 1], np.int32), np.zeros(1, np.int64),
      np.ones(2, np.float32)], np.zeros(1, np.float32), "sparse index type mismatch"),
    ([np.ones(1, np.float32), np.array([0, 1], np.uint32), np.zeros(1, np.uint32),
      np.ones(2, np.float32)], np.zeros(1, np.float32), "index dtype uint32"),
    ([np.ones(1, np.float32), np.array([0, 1], np.int32), np.array([2], np.int32),
      np.ones(2, np.float32)], np.zeros(1, np.float32), r"column index 2 .* outside \[0, 2\)"),
    ([np.ones(2, np.float32), np.array([0, 2, 1], np.int32), np.zeros(2, np.int32),
      np.ones(2, np.float32)], np.zeros(2, np.float32), "indptr decreases at row 1"),
    ([np.ones(1, np.float32), np.array([0, 3], np.int32), np.zeros(1, np.int32),
      np.ones(2, np.float32)], np.zeros(1, np.float32), "exceeds the number of stored"),
    ([np.ones(1, np.float32), np.array([0, 1], np.int32), np.zeros(1, np.int32),
      np.ones(2, np.float32)], np.zeros(3, np.float32), "indptr has 2 entries"),
])
def test_malformed_calls_are_explicit_errors(operands, result, message):
    with pytest.raises(ValueError, match=message):
        _call(operands, result)
