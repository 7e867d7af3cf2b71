// CSR sparse x dense products for jaxlib-sparse's `cpu_csr_sparse_dense_ffi`.
//
// out[rows, k] = A[rows, cols] @ rhs[cols, k], with A given in compressed
// sparse row form (data[nnz], indptr[rows + 1], indices[nnz]) and the dense
// operands row-major (k = 1 for a vector). Entries that share a position are
// summed, as for any CSR product. The Python handler checks shapes and dtypes;
// this file checks the index structure (out-of-range indices would otherwise
// read or write outside the buffers) and runs the loops.

#include <pybind11/complex.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <complex>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace py = pybind11;

namespace {

template <typename Index>
void CheckStructure(const Index* indptr, const Index* indices, int64_t rows, int64_t cols,
                    int64_t nnz) {
  if (indptr[0] < 0) {
    throw std::invalid_argument("indptr[0] is negative");
  }
  for (int64_t row = 0; row < rows; ++row) {
    if (indptr[row + 1] < indptr[row]) {
      throw std::invalid_argument("indptr decreases at row " + std::to_string(row));
    }
  }
  if (indptr[rows] > nnz) {
    throw std::invalid_argument("indptr[-1] = " + std::to_string(indptr[rows]) +
                                " exceeds the number of stored entries " +
                                std::to_string(nnz));
  }
  for (int64_t i = indptr[0]; i < indptr[rows]; ++i) {
    if (indices[i] < 0 || indices[i] >= cols) {
      throw std::invalid_argument("column index " + std::to_string(indices[i]) +
                                  " at entry " + std::to_string(i) + " is outside [0, " +
                                  std::to_string(cols) + ")");
    }
  }
}

// The product itself: one pass over each row's stored entries, each scaling a
// row of rhs into the output row (rhs rows are contiguous: cache friendly).
template <typename T, typename Index>
void CsrTimesDense(const T* data, const Index* indptr, const Index* indices, const T* rhs,
                   T* out, int64_t rows, int64_t k) {
  for (int64_t row = 0; row < rows; ++row) {
    T* out_row = out + row * k;
    for (int64_t j = 0; j < k; ++j) out_row[j] = T(0);
    for (Index i = indptr[row]; i < indptr[row + 1]; ++i) {
      const T value = data[i];
      const T* rhs_row = rhs + static_cast<int64_t>(indices[i]) * k;
      for (int64_t j = 0; j < k; ++j) out_row[j] += value * rhs_row[j];
    }
  }
}

template <typename T, typename Index>
void Run(py::array data, py::array indptr, py::array indices, py::array rhs, py::array out,
         int64_t rows, int64_t cols, int64_t k) {
  auto d = py::array_t<T, py::array::c_style>::ensure(data);
  auto p = py::array_t<Index, py::array::c_style>::ensure(indptr);
  auto ix = py::array_t<Index, py::array::c_style>::ensure(indices);
  auto r = py::array_t<T, py::array::c_style>::ensure(rhs);
  if (!d || !p || !ix || !r) throw std::invalid_argument("operand conversion failed");
  if (!(out.flags() & py::array::c_style) || !out.writeable()) {
    throw std::invalid_argument("the result must be a writable C-contiguous array");
  }
  // Entries past indptr[-1] (BCSR pads to a fixed count) are never read.
  const int64_t stored = std::min<int64_t>(d.size(), ix.size());
  CheckStructure(p.data(), ix.data(), rows, cols, stored);
  T* out_ptr = static_cast<T*>(out.mutable_data());
  {
    py::gil_scoped_release release;  // pure C++ from here on
    CsrTimesDense(d.data(), p.data(), ix.data(), r.data(), out_ptr, rows, k);
  }
}

template <typename T>
void DispatchIndex(py::array data, py::array indptr, py::array indices, py::array rhs,
                   py::array out, int64_t rows, int64_t cols, int64_t k) {
  const char kind = indptr.dtype().kind();
  const auto size = indptr.dtype().itemsize();
  if (kind == 'i' && size == 4) return Run<T, int32_t>(data, indptr, indices, rhs, out, rows, cols, k);
  if (kind == 'i' && size == 8) return Run<T, int64_t>(data, indptr, indices, rhs, out, rows, cols, k);
  throw std::invalid_argument("unsupported index dtype (int32 or int64 only)");
}

// csr_matmat(data, indptr, indices, rhs, out): out = CSR(data, indptr, indices) @ rhs,
// rhs viewed as (cols, k) and out as (rows, k).
void CsrMatmat(py::array data, py::array indptr, py::array indices, py::array rhs,
               py::array out) {
  if (indptr.ndim() != 1 || indices.ndim() != 1 || data.ndim() != 1) {
    throw std::invalid_argument("data, indptr and indices must be vectors");
  }
  if (!indptr.dtype().is(indices.dtype())) {
    throw std::invalid_argument("indptr and indices must have the same dtype");
  }
  if (!data.dtype().is(rhs.dtype()) || !data.dtype().is(out.dtype())) {
    throw std::invalid_argument("data, rhs and the result must have the same dtype");
  }
  if (rhs.ndim() < 1 || rhs.ndim() > 2 || out.ndim() != rhs.ndim()) {
    throw std::invalid_argument("rhs and the result must both be vectors or both matrices");
  }
  const int64_t rows = out.shape(0);
  const int64_t cols = rhs.shape(0);
  const int64_t k = rhs.ndim() == 2 ? rhs.shape(1) : 1;
  if (indptr.shape(0) != rows + 1) {
    throw std::invalid_argument("indptr has " + std::to_string(indptr.shape(0)) +
                                " entries; the result's " + std::to_string(rows) +
                                " rows need " + std::to_string(rows + 1));
  }
  if (rhs.ndim() == 2 && out.shape(1) != k) {
    throw std::invalid_argument("the result's columns differ from rhs's");
  }
  const char kind = data.dtype().kind();
  const auto size = data.dtype().itemsize();
  if (kind == 'f' && size == 4) return DispatchIndex<float>(data, indptr, indices, rhs, out, rows, cols, k);
  if (kind == 'f' && size == 8) return DispatchIndex<double>(data, indptr, indices, rhs, out, rows, cols, k);
  if (kind == 'c' && size == 8) return DispatchIndex<std::complex<float>>(data, indptr, indices, rhs, out, rows, cols, k);
  if (kind == 'c' && size == 16) return DispatchIndex<std::complex<double>>(data, indptr, indices, rhs, out, rows, cols, k);
  if (kind == 'i' && size == 4) return DispatchIndex<int32_t>(data, indptr, indices, rhs, out, rows, cols, k);
  if (kind == 'i' && size == 8) return DispatchIndex<int64_t>(data, indptr, indices, rhs, out, rows, cols, k);
  throw std::invalid_argument(
      "unsupported value dtype (float32, float64, complex64, complex128, int32, int64)");
}

}  // namespace

PYBIND11_MODULE(_sparse_kernels, m) {
  m.doc() = "CSR sparse x dense product kernels of jaxlib-sparse";
  m.def("csr_matmat", &CsrMatmat, py::arg("data"), py::arg("indptr"), py::arg("indices"),
        py::arg("rhs"), py::arg("out"),
        "out = CSR(data, indptr, indices) @ rhs (rhs a vector or a row-major matrix).");
}
