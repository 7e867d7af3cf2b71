// jaxlib._lapack_kernels: the batch loops behind jaxlib.lapack's custom-call targets.
//
// LAPACK and BLAS are not linked: jaxlib/lapack.py hands over scipy's
// `cython_lapack` / `cython_blas` PyCapsules once (`initialize`), and each
// kernel looks its routine up by name ("sgetrf", "zheevd", ...). Every routine
// is called through its Fortran prototype: all arguments by pointer, character
// arguments as `char*` (scipy's wrappers pass the hidden lengths).
//
// Buffers. Matrices arrive column-major: a C-contiguous array of shape
// (..., columns, rows), i.e. the transpose of each logical matrix in memory,
// exactly what LAPACK reads; the Python side makes and undoes that transpose.
// Vectors (tau, ipiv, eigenvalues, info, ...) are plain C-contiguous arrays.
// Each kernel writes in place and loops over the leading batch dimensions with
// the GIL released.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace py = pybind11;

namespace {

using lapack_int = int;  // scipy's LAPACK uses 32-bit integers

// -- batches over threads -------------------------------------------------------------

// Below this many flops a batch stays on the caller: starting a thread costs
// tens of microseconds.
constexpr double kSplitFlops = 4e6;

int BatchThreads() {
  if (const char* env = std::getenv("JAXLIB_CPU_THREADS")) {
    int n = std::atoi(env);
    if (n > 0) return n;
  }
  unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : static_cast<int>(hw);
}

// Runs fn(begin, end) over the matrices [0, count) split across threads (the
// caller among them) when the batch is big enough: the matrices are
// independent, and fn allocates the workspace of its own range. An exception
// in any part is rethrown here once every part has finished.
template <typename Fn>
void SplitBatch(int64_t count, double flops_per_matrix, const Fn& fn) {
  int64_t threads = std::min<int64_t>(count, BatchThreads());
  if (threads <= 1 || flops_per_matrix * static_cast<double>(count) < kSplitFlops) {
    fn(int64_t{0}, count);
    return;
  }
  const int64_t per = (count + threads - 1) / threads;
  std::vector<std::exception_ptr> errors(static_cast<size_t>(threads));
  std::vector<std::thread> helpers;
  for (int64_t t = 1; t < threads; ++t) {
    const int64_t begin = t * per, end = std::min(count, begin + per);
    if (begin >= end) break;
    helpers.emplace_back([&fn, &errors, t, begin, end] {
      try {
        fn(begin, end);
      } catch (...) {
        errors[static_cast<size_t>(t)] = std::current_exception();
      }
    });
  }
  try {
    fn(int64_t{0}, std::min(count, per));
  } catch (...) {
    errors[0] = std::current_exception();
  }
  for (auto& h : helpers) h.join();
  for (auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

// -- routine table --------------------------------------------------------------------

std::unordered_map<std::string, void*>& Routines() {
  static auto* routines = new std::unordered_map<std::string, void*>();
  return *routines;
}

void Initialize(const py::dict& capsules) {
  for (auto item : capsules) {
    std::string name = py::cast<std::string>(item.first);
    PyObject* capsule = item.second.ptr();
    if (!PyCapsule_CheckExact(capsule)) {
      throw std::invalid_argument("initialize: the value for '" + name + "' is not a PyCapsule");
    }
    void* fn = PyCapsule_GetPointer(capsule, PyCapsule_GetName(capsule));
    if (fn == nullptr) throw py::error_already_set();
    Routines()[name] = fn;
  }
}

template <typename T> struct Traits;
template <> struct Traits<float> {
  using Real = float;
  static constexpr char kPrefix = 's';
  static constexpr bool kComplex = false;
};
template <> struct Traits<double> {
  using Real = double;
  static constexpr char kPrefix = 'd';
  static constexpr bool kComplex = false;
};
template <> struct Traits<std::complex<float>> {
  using Real = float;
  static constexpr char kPrefix = 'c';
  static constexpr bool kComplex = true;
};
template <> struct Traits<std::complex<double>> {
  using Real = double;
  static constexpr char kPrefix = 'z';
  static constexpr bool kComplex = true;
};

template <typename T> using RealOf = typename Traits<T>::Real;

// The routine `<prefix><base>` (the complex spelling when it differs: ungqr, heevd, ...)
// as a pointer of type Fn.
template <typename T, typename Fn>
Fn* Routine(const char* real_base, const char* complex_base = nullptr) {
  std::string name(1, Traits<T>::kPrefix);
  name += (Traits<T>::kComplex && complex_base) ? complex_base : real_base;
  auto it = Routines().find(name);
  if (it == Routines().end()) {
    throw std::runtime_error("LAPACK routine " + name +
                             " was not initialized (jaxlib.lapack passes scipy's capsules)");
  }
  return reinterpret_cast<Fn*>(it->second);
}

// The optimal workspace size a query (lwork = -1) reported.
template <typename T> lapack_int WorkSize(T query) {
  return std::max<lapack_int>(1, static_cast<lapack_int>(std::real(query)));
}

lapack_int Lead(int64_t rows) { return static_cast<lapack_int>(std::max<int64_t>(1, rows)); }

// -- buffers --------------------------------------------------------------------------

template <typename T> constexpr char DtypeChar() {
  if constexpr (std::is_same_v<T, float>) return 'f';
  if constexpr (std::is_same_v<T, double>) return 'd';
  if constexpr (std::is_same_v<T, std::complex<float>>) return 'F';
  if constexpr (std::is_same_v<T, std::complex<double>>) return 'D';
  if constexpr (std::is_same_v<T, int32_t>) return 'i';
  return '?';
}

template <typename T> T* Data(py::array& array, const char* what) {
  py::dtype expected = py::dtype::of<T>();
  if (!array.dtype().is(expected) && !array.dtype().equal(expected)) {
    throw std::invalid_argument(std::string(what) + ": expected dtype " +
                                py::cast<std::string>(py::str(expected)) + ", got " +
                                py::cast<std::string>(py::str(array.dtype())));
  }
  if (!(array.flags() & py::array::c_style) || !array.writeable()) {
    throw std::invalid_argument(std::string(what) + ": needs a writable C-contiguous array");
  }
  return static_cast<T*>(array.mutable_data());
}

// A batch of column-major matrices stored as a C array of shape (..., cols, rows).
struct Batch {
  int64_t count, rows, cols;
};

Batch MatrixBatch(const py::array& array, const char* what) {
  if (array.ndim() < 2) throw std::invalid_argument(std::string(what) + ": needs rank >= 2");
  Batch b{1, array.shape(array.ndim() - 1), array.shape(array.ndim() - 2)};
  for (py::ssize_t i = 0; i + 2 < array.ndim(); ++i) b.count *= array.shape(i);
  return b;
}

// The element type of `array`, one of f, d, F, D.
char Kind(const py::array& array) {
  char kind = array.dtype().char_();
  if (kind != 'f' && kind != 'd' && kind != 'F' && kind != 'D') {
    throw std::invalid_argument("LAPACK kernels take float32, float64, complex64 or complex128, got " +
                                py::cast<std::string>(py::str(array.dtype())));
  }
  return kind;
}

#define DISPATCH(array, KERNEL, ...)                                    \
  switch (Kind(array)) {                                                \
    case 'f': return KERNEL<float>(__VA_ARGS__);                        \
    case 'd': return KERNEL<double>(__VA_ARGS__);                       \
    case 'F': return KERNEL<std::complex<float>>(__VA_ARGS__);          \
    default: return KERNEL<std::complex<double>>(__VA_ARGS__);          \
  }

// -- getrf: LU with partial pivoting ------------------------------------------------------

template <typename T> void Getrf(py::array a, py::array ipiv, py::array info) {
  using Fn = void(lapack_int*, lapack_int*, T*, lapack_int*, lapack_int*, lapack_int*);
  auto* fn = Routine<T, Fn>("getrf");
  Batch b = MatrixBatch(a, "getrf a");
  T* a_data = Data<T>(a, "getrf a");
  int32_t* ipiv_data = Data<int32_t>(ipiv, "getrf ipiv");
  int32_t* info_data = Data<int32_t>(info, "getrf info");
  lapack_int m = b.rows, n = b.cols, lda = Lead(m);
  py::gil_scoped_release release;
  const double flops = 2.0 * m * n * std::min(m, n) / 3.0;
  SplitBatch(b.count, flops, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      fn(&m, &n, a_data + i * m * n, &lda, ipiv_data + i * std::min(m, n), info_data + i);
    }
  });
}

// -- potrf: Cholesky ----------------------------------------------------------------------

template <typename T> void Potrf(char uplo, py::array a, py::array info) {
  using Fn = void(char*, lapack_int*, T*, lapack_int*, lapack_int*);
  auto* fn = Routine<T, Fn>("potrf");
  Batch b = MatrixBatch(a, "potrf a");
  T* a_data = Data<T>(a, "potrf a");
  int32_t* info_data = Data<int32_t>(info, "potrf info");
  lapack_int n = b.cols, lda = Lead(n);
  py::gil_scoped_release release;
  SplitBatch(b.count, double(n) * n * n / 3.0, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) fn(&uplo, &n, a_data + i * n * n, &lda, info_data + i);
  });
}

// -- geqrf / geqp3 / orgqr / ormqr: Householder QR ---------------------------------------

template <typename T> void Geqrf(py::array a, py::array tau) {
  using Fn = void(lapack_int*, lapack_int*, T*, lapack_int*, T*, T*, lapack_int*, lapack_int*);
  auto* fn = Routine<T, Fn>("geqrf");
  Batch b = MatrixBatch(a, "geqrf a");
  T* a_data = Data<T>(a, "geqrf a");
  T* tau_data = Data<T>(tau, "geqrf tau");
  lapack_int m = b.rows, n = b.cols, lda = Lead(m), k = std::min(m, n), info = 0;
  py::gil_scoped_release release;
  T query{};
  lapack_int lwork = -1;
  fn(&m, &n, nullptr, &lda, nullptr, &query, &lwork, &info);
  lwork = WorkSize(query);
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < b.count; ++i) {
    fn(&m, &n, a_data + i * m * n, &lda, tau_data + i * k, work.data(), &lwork, &info);
  }
}

template <typename T> void Geqp3(py::array a, py::array jpvt, py::array tau) {
  Batch b = MatrixBatch(a, "geqp3 a");
  T* a_data = Data<T>(a, "geqp3 a");
  int32_t* jpvt_data = Data<int32_t>(jpvt, "geqp3 jpvt");
  T* tau_data = Data<T>(tau, "geqp3 tau");
  lapack_int m = b.rows, n = b.cols, lda = Lead(m), k = std::min(m, n), info = 0;
  py::gil_scoped_release release;
  T query{};
  lapack_int lwork = -1;
  if constexpr (Traits<T>::kComplex) {
    using Fn = void(lapack_int*, lapack_int*, T*, lapack_int*, lapack_int*, T*, T*, lapack_int*,
                    RealOf<T>*, lapack_int*);
    auto* fn = Routine<T, Fn>("geqp3");
    std::vector<RealOf<T>> rwork(std::max<int64_t>(1, 2 * n));
    fn(&m, &n, nullptr, &lda, nullptr, nullptr, &query, &lwork, rwork.data(), &info);
    lwork = WorkSize(query);
    std::vector<T> work(lwork);
    for (int64_t i = 0; i < b.count; ++i) {
      fn(&m, &n, a_data + i * m * n, &lda, jpvt_data + i * n, tau_data + i * k, work.data(),
         &lwork, rwork.data(), &info);
    }
  } else {
    using Fn = void(lapack_int*, lapack_int*, T*, lapack_int*, lapack_int*, T*, T*, lapack_int*,
                    lapack_int*);
    auto* fn = Routine<T, Fn>("geqp3");
    fn(&m, &n, nullptr, &lda, nullptr, nullptr, &query, &lwork, &info);
    lwork = WorkSize(query);
    std::vector<T> work(lwork);
    for (int64_t i = 0; i < b.count; ++i) {
      fn(&m, &n, a_data + i * m * n, &lda, jpvt_data + i * n, tau_data + i * k, work.data(),
         &lwork, &info);
    }
  }
}

template <typename T> void Orgqr(py::array a, py::array tau) {
  using Fn = void(lapack_int*, lapack_int*, lapack_int*, T*, lapack_int*, T*, T*, lapack_int*,
                  lapack_int*);
  auto* fn = Routine<T, Fn>("orgqr", "ungqr");
  Batch b = MatrixBatch(a, "orgqr a");
  T* a_data = Data<T>(a, "orgqr a");
  T* tau_data = Data<T>(tau, "orgqr tau");
  lapack_int m = b.rows, n = b.cols, lda = Lead(m), info = 0;
  lapack_int k = static_cast<lapack_int>(tau.shape(tau.ndim() - 1));
  py::gil_scoped_release release;
  T query{};
  lapack_int lwork = -1;
  fn(&m, &n, &k, nullptr, &lda, nullptr, &query, &lwork, &info);
  lwork = WorkSize(query);
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < b.count; ++i) {
    fn(&m, &n, &k, a_data + i * m * n, &lda, tau_data + i * k, work.data(), &lwork, &info);
  }
}

template <typename T>
void Ormqr(char side, char trans, py::array a, py::array tau, py::array c) {
  using Fn = void(char*, char*, lapack_int*, lapack_int*, lapack_int*, T*, lapack_int*, T*, T*,
                  lapack_int*, T*, lapack_int*, lapack_int*);
  auto* fn = Routine<T, Fn>("ormqr", "unmqr");
  Batch ab = MatrixBatch(a, "ormqr a");
  Batch cb = MatrixBatch(c, "ormqr c");
  T* a_data = Data<T>(a, "ormqr a");
  T* tau_data = Data<T>(tau, "ormqr tau");
  T* c_data = Data<T>(c, "ormqr c");
  lapack_int m = cb.rows, n = cb.cols, lda = Lead(ab.rows), ldc = Lead(m), info = 0;
  lapack_int k = static_cast<lapack_int>(tau.shape(tau.ndim() - 1));
  int64_t a_step = ab.rows * ab.cols;
  py::gil_scoped_release release;
  T query{};
  lapack_int lwork = -1;
  fn(&side, &trans, &m, &n, &k, nullptr, &lda, nullptr, nullptr, &ldc, &query, &lwork, &info);
  lwork = WorkSize(query);
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < cb.count; ++i) {
    fn(&side, &trans, &m, &n, &k, a_data + i * a_step, &lda, tau_data + i * k,
       c_data + i * m * n, &ldc, work.data(), &lwork, &info);
  }
}

// -- trsm: triangular solve (BLAS) ----------------------------------------------------

template <typename T>
void Trsm(char side, char uplo, char trans, char diag, py::array a, py::array b) {
  using Fn = void(char*, char*, char*, char*, lapack_int*, lapack_int*, T*, T*, lapack_int*, T*,
                  lapack_int*);
  auto* fn = Routine<T, Fn>("trsm");
  Batch ab = MatrixBatch(a, "trsm a");
  Batch bb = MatrixBatch(b, "trsm b");
  T* a_data = Data<T>(a, "trsm a");
  T* b_data = Data<T>(b, "trsm b");
  lapack_int m = bb.rows, n = bb.cols, lda = Lead(ab.rows), ldb = Lead(m);
  int64_t a_step = ab.rows * ab.cols;
  py::gil_scoped_release release;
  const double flops = side == 'L' ? double(m) * m * n : double(m) * n * n;
  SplitBatch(bb.count, flops, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      T one(1);  // BLAS takes alpha by pointer: one per range
      fn(&side, &uplo, &trans, &diag, &m, &n, &one, a_data + i * a_step, &lda,
         b_data + i * m * n, &ldb);
    }
  });
}

// -- syevd / heevd: symmetric / Hermitian eigendecomposition --------------------------

template <typename T> void Syevd(char jobz, char uplo, py::array a, py::array w, py::array info) {
  Batch b = MatrixBatch(a, "syevd a");
  T* a_data = Data<T>(a, "syevd a");
  RealOf<T>* w_data = Data<RealOf<T>>(w, "syevd w");
  int32_t* info_data = Data<int32_t>(info, "syevd info");
  lapack_int n = b.cols, lda = Lead(n), q_info = 0;
  py::gil_scoped_release release;
  T query{};
  lapack_int iquery = 0, lwork = -1, liwork = -1;
  if constexpr (Traits<T>::kComplex) {
    using Fn = void(char*, char*, lapack_int*, T*, lapack_int*, RealOf<T>*, T*, lapack_int*,
                    RealOf<T>*, lapack_int*, lapack_int*, lapack_int*, lapack_int*);
    auto* fn = Routine<T, Fn>("syevd", "heevd");
    RealOf<T> rquery{};
    lapack_int lrwork = -1;
    fn(&jobz, &uplo, &n, nullptr, &lda, nullptr, &query, &lwork, &rquery, &lrwork, &iquery,
       &liwork, &q_info);
    lwork = WorkSize(query);
    lrwork = WorkSize(rquery);
    liwork = std::max<lapack_int>(1, iquery);
    std::vector<T> work(lwork);
    std::vector<RealOf<T>> rwork(lrwork);
    std::vector<lapack_int> iwork(liwork);
    for (int64_t i = 0; i < b.count; ++i) {
      fn(&jobz, &uplo, &n, a_data + i * n * n, &lda, w_data + i * n, work.data(), &lwork,
         rwork.data(), &lrwork, iwork.data(), &liwork, info_data + i);
    }
  } else {
    using Fn = void(char*, char*, lapack_int*, T*, lapack_int*, T*, T*, lapack_int*, lapack_int*,
                    lapack_int*, lapack_int*);
    auto* fn = Routine<T, Fn>("syevd");
    fn(&jobz, &uplo, &n, nullptr, &lda, nullptr, &query, &lwork, &iquery, &liwork, &q_info);
    lwork = WorkSize(query);
    liwork = std::max<lapack_int>(1, iquery);
    std::vector<T> work(lwork);
    std::vector<lapack_int> iwork(liwork);
    for (int64_t i = 0; i < b.count; ++i) {
      fn(&jobz, &uplo, &n, a_data + i * n * n, &lda, w_data + i * n, work.data(), &lwork,
         iwork.data(), &liwork, info_data + i);
    }
  }
}

// -- gesdd / gesvd: singular value decomposition ------------------------------------------

// u is (..., ucols, m) and vt (..., n, vtrows) column-major; mode is 'A', 'S' or 'N'.
template <typename T>
void Svd(bool divide_and_conquer, char mode, py::array a, py::array s, py::array u, py::array vt,
         py::array info) {
  Batch b = MatrixBatch(a, "svd a");
  Batch ub = MatrixBatch(u, "svd u");
  Batch vb = MatrixBatch(vt, "svd vt");
  T* a_data = Data<T>(a, "svd a");
  RealOf<T>* s_data = Data<RealOf<T>>(s, "svd s");
  T* u_data = Data<T>(u, "svd u");
  T* vt_data = Data<T>(vt, "svd vt");
  int32_t* info_data = Data<int32_t>(info, "svd info");
  lapack_int m = b.rows, n = b.cols, lda = Lead(m), ldu = Lead(ub.rows), ldvt = Lead(vb.rows);
  int64_t mn = std::min(m, n), mx = std::max(m, n);
  int64_t u_step = ub.rows * ub.cols, vt_step = vb.rows * vb.cols;
  lapack_int q_info = 0, lwork = -1;
  T query{};
  py::gil_scoped_release release;
  int64_t rwork_size = 1;
  if constexpr (Traits<T>::kComplex) {
    rwork_size = std::max<int64_t>(
        1, divide_and_conquer
               ? (mode == 'N' ? 7 * mn
                              : std::max(5 * mn * mn + 5 * mn, 2 * mx * mn + 2 * mn * mn + mn))
               : 5 * mn);
  }
  // Each range of the batch (SplitBatch) has workspace of its own.
  std::vector<lapack_int> iwork(std::max<int64_t>(1, 8 * mn));
  std::vector<RealOf<T>> rwork(rwork_size);
  auto call = [&](T* a_i, RealOf<T>* s_i, T* u_i, T* vt_i, T* work, lapack_int* lw,
                  lapack_int* info_i, lapack_int* iwork, RealOf<T>* rwork) {
    if (divide_and_conquer) {
      if constexpr (Traits<T>::kComplex) {
        using Fn = void(char*, lapack_int*, lapack_int*, T*, lapack_int*, RealOf<T>*, T*,
                        lapack_int*, T*, lapack_int*, T*, lapack_int*, RealOf<T>*, lapack_int*,
                        lapack_int*);
        Routine<T, Fn>("gesdd")(&mode, &m, &n, a_i, &lda, s_i, u_i, &ldu, vt_i, &ldvt, work, lw,
                                rwork, iwork, info_i);
      } else {
        using Fn = void(char*, lapack_int*, lapack_int*, T*, lapack_int*, T*, T*, lapack_int*, T*,
                        lapack_int*, T*, lapack_int*, lapack_int*, lapack_int*);
        Routine<T, Fn>("gesdd")(&mode, &m, &n, a_i, &lda, s_i, u_i, &ldu, vt_i, &ldvt, work, lw,
                                iwork, info_i);
      }
    } else {
      char job = mode;
      if constexpr (Traits<T>::kComplex) {
        using Fn = void(char*, char*, lapack_int*, lapack_int*, T*, lapack_int*, RealOf<T>*, T*,
                        lapack_int*, T*, lapack_int*, T*, lapack_int*, RealOf<T>*, lapack_int*);
        Routine<T, Fn>("gesvd")(&job, &job, &m, &n, a_i, &lda, s_i, u_i, &ldu, vt_i, &ldvt, work,
                                lw, rwork, info_i);
      } else {
        using Fn = void(char*, char*, lapack_int*, lapack_int*, T*, lapack_int*, T*, T*,
                        lapack_int*, T*, lapack_int*, T*, lapack_int*, lapack_int*);
        Routine<T, Fn>("gesvd")(&job, &job, &m, &n, a_i, &lda, s_i, u_i, &ldu, vt_i, &ldvt, work,
                                lw, info_i);
      }
    }
  };
  call(nullptr, nullptr, nullptr, nullptr, &query, &lwork, &q_info, iwork.data(), rwork.data());
  lwork = WorkSize(query);
  const double flops = 4.0 * mx * mn * mn + (mode == 'N' ? 0.0 : 8.0 * mx * mn * mn);
  SplitBatch(b.count, flops, [&](int64_t begin, int64_t end) {
    std::vector<T> work(lwork);
    std::vector<lapack_int> own_iwork(iwork.size());
    std::vector<RealOf<T>> own_rwork(rwork.size());
    for (int64_t i = begin; i < end; ++i) {
      lapack_int lw = lwork;
      call(a_data + i * m * n, s_data + i * mn, u_data + i * u_step, vt_data + i * vt_step,
           work.data(), &lw, info_data + i, own_iwork.data(), own_rwork.data());
    }
  });
}

// -- geev: general eigendecomposition -------------------------------------------------

template <typename T> bool AllFinite(const T* data, int64_t size) {
  for (int64_t i = 0; i < size; ++i) {
    if (!std::isfinite(std::real(data[i])) || !std::isfinite(std::imag(data[i]))) return false;
  }
  return true;
}

// Real geev packs a complex-conjugate pair's eigenvectors into two real columns
// (real part, imaginary part); this writes them as complex columns.
template <typename R>
void UnpackEigenvectors(lapack_int n, const R* imag, const R* packed, std::complex<R>* out) {
  for (lapack_int j = 0; j < n;) {
    if (imag[j] == R(0) || std::isnan(imag[j]) || j + 1 == n) {
      for (lapack_int i = 0; i < n; ++i) out[j * n + i] = {packed[j * n + i], R(0)};
      ++j;
    } else {
      for (lapack_int i = 0; i < n; ++i) {
        R re = packed[j * n + i], im = packed[(j + 1) * n + i];
        out[j * n + i] = {re, im};
        out[(j + 1) * n + i] = {re, -im};
      }
      j += 2;
    }
  }
}

// Real: geev(jobvl, jobvr, a, [wr, wi], vl, vr, info) with complex vl, vr.
// Complex: geev(jobvl, jobvr, a, [w], vl, vr, info). Non-finite input: info = -4.
template <typename T>
void Geev(char jobvl, char jobvr, py::array a, py::list eigenvalues, py::array vl, py::array vr,
          py::array info) {
  using R = RealOf<T>;
  using C = std::complex<R>;
  Batch b = MatrixBatch(a, "geev a");
  T* a_data = Data<T>(a, "geev a");
  C* vl_data = Data<C>(vl, "geev vl");
  C* vr_data = Data<C>(vr, "geev vr");
  int32_t* info_data = Data<int32_t>(info, "geev info");
  std::vector<py::array> w_arrays;
  for (auto item : eigenvalues) w_arrays.push_back(py::cast<py::array>(item));
  std::vector<T*> w_data;
  for (auto& w : w_arrays) w_data.push_back(Data<T>(w, "geev eigenvalues"));
  lapack_int n = b.cols, ld = Lead(n), q_info = 0, lwork = -1;
  int64_t nn = static_cast<int64_t>(n) * n;
  py::gil_scoped_release release;
  std::vector<T> a_work(std::max<int64_t>(1, nn));
  T query{};
  if constexpr (Traits<T>::kComplex) {
    using Fn = void(char*, char*, lapack_int*, T*, lapack_int*, T*, T*, lapack_int*, T*,
                    lapack_int*, T*, lapack_int*, R*, lapack_int*);
    auto* fn = Routine<T, Fn>("geev");
    std::vector<R> rwork(std::max<int64_t>(1, 2 * n));
    fn(&jobvl, &jobvr, &n, nullptr, &ld, nullptr, nullptr, &ld, nullptr, &ld, &query, &lwork,
       rwork.data(), &q_info);
    lwork = WorkSize(query);
    std::vector<T> work(lwork);
    for (int64_t i = 0; i < b.count; ++i) {
      std::copy_n(a_data + i * nn, nn, a_work.data());
      if (!AllFinite(a_work.data(), nn)) {
        info_data[i] = -4;
        continue;
      }
      fn(&jobvl, &jobvr, &n, a_work.data(), &ld, w_data[0] + i * n, vl_data + i * nn, &ld,
         vr_data + i * nn, &ld, work.data(), &lwork, rwork.data(), info_data + i);
    }
  } else {
    using Fn = void(char*, char*, lapack_int*, T*, lapack_int*, T*, T*, T*, lapack_int*, T*,
                    lapack_int*, T*, lapack_int*, lapack_int*);
    auto* fn = Routine<T, Fn>("geev");
    std::vector<T> vl_work(std::max<int64_t>(1, nn)), vr_work(std::max<int64_t>(1, nn));
    fn(&jobvl, &jobvr, &n, nullptr, &ld, nullptr, nullptr, nullptr, &ld, nullptr, &ld, &query,
       &lwork, &q_info);
    lwork = WorkSize(query);
    std::vector<T> work(lwork);
    for (int64_t i = 0; i < b.count; ++i) {
      std::copy_n(a_data + i * nn, nn, a_work.data());
      if (!AllFinite(a_work.data(), nn)) {
        info_data[i] = -4;
        continue;
      }
      T* wr = w_data[0] + i * n;
      T* wi = w_data[1] + i * n;
      fn(&jobvl, &jobvr, &n, a_work.data(), &ld, wr, wi, vl_work.data(), &ld, vr_work.data(), &ld,
         work.data(), &lwork, info_data + i);
      if (info_data[i] != 0) continue;
      if (jobvl == 'V') UnpackEigenvectors(n, wi, vl_work.data(), vl_data + i * nn);
      if (jobvr == 'V') UnpackEigenvectors(n, wi, vr_work.data(), vr_data + i * nn);
    }
  }
}

// -- gees: Schur decomposition --------------------------------------------------------

// Real: gees(jobvs, a, vs, [wr, wi], sdim, info); complex: eigenvalues = [w].
template <typename T>
void Gees(char jobvs, py::array a, py::array vs, py::list eigenvalues, py::array sdim,
          py::array info) {
  using R = RealOf<T>;
  Batch b = MatrixBatch(a, "gees a");
  T* a_data = Data<T>(a, "gees a");
  T* vs_data = Data<T>(vs, "gees vs");
  int32_t* sdim_data = Data<int32_t>(sdim, "gees sdim");
  int32_t* info_data = Data<int32_t>(info, "gees info");
  std::vector<py::array> w_arrays;
  for (auto item : eigenvalues) w_arrays.push_back(py::cast<py::array>(item));
  std::vector<T*> w_data;
  for (auto& w : w_arrays) w_data.push_back(Data<T>(w, "gees eigenvalues"));
  lapack_int n = b.cols, ld = Lead(n), q_info = 0, lwork = -1, q_sdim = 0;
  int64_t nn = static_cast<int64_t>(n) * n;
  char sort = 'N';  // the reference's lowering never sorts
  py::gil_scoped_release release;
  T query{};
  if constexpr (Traits<T>::kComplex) {
    using Fn = void(char*, char*, void*, lapack_int*, T*, lapack_int*, lapack_int*, T*, T*,
                    lapack_int*, T*, lapack_int*, R*, lapack_int*, lapack_int*);
    auto* fn = Routine<T, Fn>("gees");
    std::vector<R> rwork(std::max<int64_t>(1, n));
    fn(&jobvs, &sort, nullptr, &n, nullptr, &ld, &q_sdim, nullptr, nullptr, &ld, &query, &lwork,
       rwork.data(), nullptr, &q_info);
    lwork = WorkSize(query);
    std::vector<T> work(lwork);
    for (int64_t i = 0; i < b.count; ++i) {
      fn(&jobvs, &sort, nullptr, &n, a_data + i * nn, &ld, sdim_data + i, w_data[0] + i * n,
         vs_data + i * nn, &ld, work.data(), &lwork, rwork.data(), nullptr, info_data + i);
    }
  } else {
    using Fn = void(char*, char*, void*, lapack_int*, T*, lapack_int*, lapack_int*, T*, T*, T*,
                    lapack_int*, T*, lapack_int*, lapack_int*, lapack_int*);
    auto* fn = Routine<T, Fn>("gees");
    fn(&jobvs, &sort, nullptr, &n, nullptr, &ld, &q_sdim, nullptr, nullptr, nullptr, &ld, &query,
       &lwork, nullptr, &q_info);
    lwork = WorkSize(query);
    std::vector<T> work(lwork);
    for (int64_t i = 0; i < b.count; ++i) {
      fn(&jobvs, &sort, nullptr, &n, a_data + i * nn, &ld, sdim_data + i, w_data[0] + i * n,
         w_data[1] + i * n, vs_data + i * nn, &ld, work.data(), &lwork, nullptr, info_data + i);
    }
  }
}

// -- gehrd / sytrd: Hessenberg and tridiagonal reductions -----------------------------

template <typename T>
void Gehrd(lapack_int low, lapack_int high, py::array a, py::array tau, py::array info) {
  using Fn = void(lapack_int*, lapack_int*, lapack_int*, T*, lapack_int*, T*, T*, lapack_int*,
                  lapack_int*);
  auto* fn = Routine<T, Fn>("gehrd");
  Batch b = MatrixBatch(a, "gehrd a");
  T* a_data = Data<T>(a, "gehrd a");
  T* tau_data = Data<T>(tau, "gehrd tau");
  int32_t* info_data = Data<int32_t>(info, "gehrd info");
  lapack_int n = b.cols, lda = Lead(b.rows), q_info = 0, lwork = -1;
  int64_t tau_step = std::max<int64_t>(0, n - 1), a_step = b.rows * b.cols;
  py::gil_scoped_release release;
  T query{};
  fn(&n, &low, &high, nullptr, &lda, nullptr, &query, &lwork, &q_info);
  lwork = WorkSize(query);
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < b.count; ++i) {
    fn(&n, &low, &high, a_data + i * a_step, &lda, tau_data + i * tau_step, work.data(), &lwork,
       info_data + i);
  }
}

template <typename T>
void Sytrd(char uplo, py::array a, py::array d, py::array e, py::array tau, py::array info) {
  using R = RealOf<T>;
  using Fn = void(char*, lapack_int*, T*, lapack_int*, R*, R*, T*, T*, lapack_int*, lapack_int*);
  auto* fn = Routine<T, Fn>("sytrd", "hetrd");
  Batch b = MatrixBatch(a, "sytrd a");
  T* a_data = Data<T>(a, "sytrd a");
  R* d_data = Data<R>(d, "sytrd d");
  R* e_data = Data<R>(e, "sytrd e");
  T* tau_data = Data<T>(tau, "sytrd tau");
  int32_t* info_data = Data<int32_t>(info, "sytrd info");
  lapack_int n = b.cols, lda = Lead(b.rows), q_info = 0, lwork = -1;
  int64_t off_step = std::max<int64_t>(0, n - 1), a_step = b.rows * b.cols;
  py::gil_scoped_release release;
  T query{};
  fn(&uplo, &n, nullptr, &lda, nullptr, nullptr, nullptr, &query, &lwork, &q_info);
  lwork = WorkSize(query);
  std::vector<T> work(lwork);
  for (int64_t i = 0; i < b.count; ++i) {
    fn(&uplo, &n, a_data + i * a_step, &lda, d_data + i * n, e_data + i * off_step,
       tau_data + i * off_step, work.data(), &lwork, info_data + i);
  }
}

// -- gtsv: tridiagonal solve ------------------------------------------------------------

// dl, d, du: (..., n) with dl[0] and du[n-1] unused (JAX's convention); b column-major.
template <typename T>
void Gtsv(py::array dl, py::array d, py::array du, py::array b, py::array info) {
  using Fn = void(lapack_int*, lapack_int*, T*, T*, T*, T*, lapack_int*, lapack_int*);
  auto* fn = Routine<T, Fn>("gtsv");
  Batch bb = MatrixBatch(b, "gtsv b");
  T* dl_data = Data<T>(dl, "gtsv dl");
  T* d_data = Data<T>(d, "gtsv d");
  T* du_data = Data<T>(du, "gtsv du");
  T* b_data = Data<T>(b, "gtsv b");
  int32_t* info_data = Data<int32_t>(info, "gtsv info");
  lapack_int n = bb.rows, nrhs = bb.cols, ldb = Lead(n);
  py::gil_scoped_release release;
  for (int64_t i = 0; i < bb.count; ++i) {
    T* dl_i = dl_data + i * n;
    fn(&n, &nrhs, n > 0 ? dl_i + 1 : dl_i, d_data + i * n, du_data + i * n, b_data + i * n * nrhs,
       &ldb, info_data + i);
  }
}

// -- tridiagonal_solve_perturbed: jaxlib's own tridiagonal solve ------------------------
//
// Not a LAPACK routine (it follows the ideas of xLAGTF + xLAGTS): Gaussian elimination
// with row pivoting on a tridiagonal matrix, where a tiny pivot of U is nudged by about
// eps * max|U| instead of failing, so a (numerically) singular T still gives a finite,
// large solution. Inverse iteration (eigh_tridiagonal's eigenvectors) solves
// (T - lambda I) x = r with lambda an eigenvalue, which is exactly such a system.

// LAPACK's xLAMCH('S'): the smallest x with 1/x finite.
template <typename R> R SafeMinimum() {
  const R tiny = std::numeric_limits<R>::min();
  const R small = R(1) / std::numeric_limits<R>::max();
  return small < tiny ? tiny : small * (R(1) + std::numeric_limits<R>::epsilon());
}

// Makes `pivot` safe to divide `row` (k entries) by: while
// |pivot| < 1 and row / pivot could overflow, adds `perturb` (with the sign of the
// pivot's real part, doubling each time); a pivot that is tiny but not zero is instead
// scaled up together with the row when that suffices. As in LAPACK's xLAGTS.
template <typename T>
void PerturbPivot(RealOf<T> perturb, T& pivot, T* row, int64_t k) {
  using R = RealOf<T>;
  const R one(1);
  R size = std::abs(pivot);
  if (!(size < one)) return;  // also leaves NaN alone
  const R safe_min = SafeMinimum<R>();
  const R big = one / safe_min;
  R step = std::copysign(std::max(std::abs(perturb), safe_min), std::real(pivot));
  R row_max(0);
  for (int64_t j = 0; j < k; ++j) row_max = std::max(row_max, R(std::abs(row[j])));
  while (size < one) {
    if (size < safe_min) {
      if (size == R(0) || row_max * safe_min > size) {
        pivot += step;
        step *= R(2);
      } else {  // tiny but representable reciprocal: rescale instead of perturbing
        pivot *= big;
        for (int64_t j = 0; j < k; ++j) row[j] *= big;
        return;
      }
    } else if (row_max > size * big) {
      pivot += step;
      step *= R(2);
    } else {
      return;
    }
    size = std::abs(pivot);
  }
}

// One system: dl, d, du of length n (dl[0], du[n-1] unused), rhs and x column-major
// n x k. `u` (3n) holds U's diagonal and two superdiagonals; `row` (k) is scratch.
template <typename T>
void SolveTridiagonalPerturbed(int64_t n, int64_t k, const T* dl, const T* d, const T* du,
                               const T* rhs, T* x, T* u_diag, T* u_sup1, T* u_sup2, T* row) {
  using R = RealOf<T>;
  const T zero(0);
  const R eps = std::numeric_limits<R>::epsilon();
  // Row i of a column-major n x k matrix: entries m[i + j * n].
  auto copy_row = [&](const T* from, int64_t i_from, T* to, int64_t i_to) {
    for (int64_t j = 0; j < k; ++j) to[i_to + j * n] = from[i_from + j * n];
  };
  if (n == 0 || k == 0) return;
  if (n == 1) {
    T pivot = d[0];
    for (int64_t j = 0; j < k; ++j) row[j] = rhs[j * n];
    PerturbPivot<T>(eps * std::abs(pivot), pivot, row, k);
    for (int64_t j = 0; j < k; ++j) x[j * n] = row[j] / pivot;
    return;
  }
  std::fill_n(u_diag, n, zero);
  std::fill_n(u_sup1, n, zero);
  std::fill_n(u_sup2, n, zero);

  // Factorization fused with the forward solve L z = P rhs (z kept in x), choosing at
  // each step the row with the larger entry relative to its row's size.
  u_diag[0] = d[0];
  u_sup1[0] = du[0];
  R max_u = std::max(std::abs(u_diag[0]), std::abs(u_sup1[0]));
  R scale_k = std::abs(u_diag[0]) + std::abs(u_sup1[0]);
  copy_row(rhs, 0, x, 0);
  for (int64_t i = 0; i + 1 < n; ++i) {
    const bool has_next_super = i + 2 < n;  // du[n-1] is outside the matrix
    const T sub = dl[i + 1];
    u_diag[i + 1] = d[i + 1];
    R scale_next = std::abs(sub) + std::abs(u_diag[i + 1]);
    if (has_next_super) scale_next += std::abs(du[i + 1]);
    if (sub == zero) {  // nothing to eliminate
      scale_k = scale_next;
      u_sup1[i + 1] = du[i + 1];
      u_sup2[i] = zero;
      copy_row(rhs, i + 1, x, i + 1);
    } else {
      const R relative_k = u_diag[i] == zero ? R(0) : std::abs(u_diag[i]) / scale_k;
      const R relative_next = std::abs(sub) / scale_next;
      if (relative_next <= relative_k) {  // keep row i as the pivot row
        scale_k = scale_next;
        const T factor = sub / u_diag[i];
        u_diag[i + 1] -= factor * u_sup1[i];
        u_sup1[i + 1] = du[i + 1];
        u_sup2[i] = zero;
        for (int64_t j = 0; j < k; ++j) {
          x[i + 1 + j * n] = rhs[i + 1 + j * n] - factor * x[i + j * n];
        }
      } else {  // row i + 1 becomes the pivot row
        const T factor = u_diag[i] / sub;
        const T old_sup1 = u_sup1[i];
        u_diag[i] = sub;
        u_diag[i + 1] = old_sup1 - factor * d[i + 1];
        u_sup1[i] = d[i + 1];
        if (has_next_super) {
          u_sup2[i] = du[i + 1];
          u_sup1[i + 1] = -factor * du[i + 1];
        }
        for (int64_t j = 0; j < k; ++j) {
          const T z_i = x[i + j * n];
          x[i + 1 + j * n] = z_i - factor * rhs[i + 1 + j * n];
          x[i + j * n] = rhs[i + 1 + j * n];
        }
        scale_k = std::abs(u_diag[i + 1]) + std::abs(u_sup1[i + 1]);
      }
    }
    if (has_next_super) {  // the reference's max|U| skips row n-2's final values
      max_u = std::max({max_u, R(std::abs(u_diag[i])), R(std::abs(u_sup1[i])),
                        R(std::abs(u_sup2[i]))});
    }
  }
  max_u = std::max(max_u, R(std::abs(u_diag[n - 1])));

  // Back substitution U x = z, row by row from the bottom, perturbing tiny pivots.
  const R perturb = eps * max_u;
  for (int64_t i = n - 1; i >= 0; --i) {
    for (int64_t j = 0; j < k; ++j) {
      T value = x[i + j * n];
      if (i + 1 < n) value -= u_sup1[i] * x[i + 1 + j * n];
      if (i + 2 < n) value -= u_sup2[i] * x[i + 2 + j * n];
      row[j] = value;
    }
    T pivot = u_diag[i];
    PerturbPivot<T>(perturb, pivot, row, k);
    const T inverse = T(1) / pivot;
    for (int64_t j = 0; j < k; ++j) x[i + j * n] = row[j] * inverse;
  }
}

// dl, d, du: (..., n); b and x: (..., k, n) column-major (b is only read).
template <typename T>
void TridiagonalSolvePerturbed(py::array dl, py::array d, py::array du, py::array b,
                               py::array x) {
  Batch bb = MatrixBatch(b, "tridiagonal_solve_perturbed b");
  const T* dl_data = Data<T>(dl, "tridiagonal_solve_perturbed dl");
  const T* d_data = Data<T>(d, "tridiagonal_solve_perturbed d");
  const T* du_data = Data<T>(du, "tridiagonal_solve_perturbed du");
  const T* b_data = Data<T>(b, "tridiagonal_solve_perturbed b");
  T* x_data = Data<T>(x, "tridiagonal_solve_perturbed x");
  const int64_t n = bb.rows, k = bb.cols;
  for (py::array* diagonal : {&dl, &d, &du}) {
    if (diagonal->size() != bb.count * n) {
      throw std::invalid_argument("tridiagonal_solve_perturbed: the diagonals must have shape "
                                  "b.shape[:-1]");
    }
  }
  if (x.size() != b.size()) {
    throw std::invalid_argument("tridiagonal_solve_perturbed: x must have b's shape");
  }
  py::gil_scoped_release release;
  std::vector<T> u(3 * std::max<int64_t>(1, n)), row(std::max<int64_t>(1, k));
  for (int64_t i = 0; i < bb.count; ++i) {
    SolveTridiagonalPerturbed<T>(n, k, dl_data + i * n, d_data + i * n, du_data + i * n,
                                 b_data + i * n * k, x_data + i * n * k, u.data(),
                                 u.data() + n, u.data() + 2 * n, row.data());
  }
}

// -- native targets: called by core's executor with the buffers themselves ----------------
//
// The ABI of core's "native_custom_call" kernel (jaxlib-core csrc/cpu/kernels/
// custom_call.cc): outs, ins, the byte sizes of ins then outs, a payload of
// int64 values this file's encoders (lapack.py) write, and jaxlib's
// XlaCustomCallStatus. Buffers are the program's row-major arrays: getrf
// transposes each matrix into a column-major scratch matrix and back (one
// matrix at a time, in cache), trsm and real potrf solve the transposed
// problem on the row-major data in place of a copy. Every size in the payload
// is checked against the buffers before anything is written.

struct NativeStatus {
  void (*set_failure)(NativeStatus* status, const char* message, size_t length);
  int32_t failed;
};

void Fail(NativeStatus* status, const std::string& message) {
  status->set_failure(status, message.data(), message.size());
}

// The payload's values, checked for their count and range.
bool Payload(const char* payload, size_t length, size_t count, int64_t* values) {
  if (length != count * sizeof(int64_t)) return false;
  std::memcpy(values, payload, length);
  for (size_t i = 0; i < count; ++i) {
    if (values[i] < 0 || values[i] > (int64_t{1} << 31)) return false;
  }
  return true;
}

// Buffer `what` of `size` bytes holds exactly `elements` values of `element_size`
// bytes (the handlers' message when it does not).
void Need(const char* what, int64_t size, int64_t elements, size_t element_size) {
  const int64_t each = static_cast<int64_t>(element_size);
  if (elements < 0 || size != elements * each) {
    throw std::invalid_argument(std::string(what) + " has " + std::to_string(size / each) +
                                " elements; the kernel needs " + std::to_string(elements));
  }
}

// Runs body() and turns an exception into the status's failure.
template <typename Body>
void Guarded(const char* name, NativeStatus* status, const Body& body) {
  try {
    body();
  } catch (const std::exception& err) {
    Fail(status, std::string(name) + ": " + err.what());
  }
}

// getrf: payload {count, m, n}; ins {a}, outs {lu, ipiv, info}.
template <typename T>
void NativeGetrf(void* const* outs, const void* const* ins, const int64_t* sizes,
                 const char* payload, size_t length, NativeStatus* status) {
  Guarded("getrf", status, [&] {
    int64_t v[3];
    if (!Payload(payload, length, 3, v)) throw std::invalid_argument("malformed payload");
    const int64_t count = v[0], rows = v[1], cols = v[2], k = std::min(rows, cols);
    Need("a", sizes[0], count * rows * cols, sizeof(T));
    Need("lu", sizes[1], count * rows * cols, sizeof(T));
    Need("ipiv", sizes[2], count * k, 4);
    Need("info", sizes[3], count, 4);
    using Fn = void(lapack_int*, lapack_int*, T*, lapack_int*, lapack_int*, lapack_int*);
    auto* fn = Routine<T, Fn>("getrf");
    const T* a = static_cast<const T*>(ins[0]);
    T* lu = static_cast<T*>(outs[0]);
    int32_t* ipiv = static_cast<int32_t*>(outs[1]);
    int32_t* info = static_cast<int32_t*>(outs[2]);
    lapack_int m = static_cast<lapack_int>(rows), n = static_cast<lapack_int>(cols);
    lapack_int lda = Lead(rows);
    const double flops = 2.0 * rows * cols * k / 3.0;
    SplitBatch(count, flops, [&](int64_t begin, int64_t end) {
      std::vector<T> work(static_cast<size_t>(std::max<int64_t>(1, rows * cols)));
      for (int64_t i = begin; i < end; ++i) {
        const T* src = a + i * rows * cols;
        T* dst = lu + i * rows * cols;
        for (int64_t r = 0; r < rows; ++r) {
          for (int64_t c = 0; c < cols; ++c) work[r + c * rows] = src[r * cols + c];
        }
        fn(&m, &n, work.data(), &lda, ipiv + i * k, info + i);
        for (int64_t r = 0; r < rows; ++r) {
          for (int64_t c = 0; c < cols; ++c) dst[r * cols + c] = work[r + c * rows];
        }
      }
    });
  });
}

// trsm: payload {count, m, n, side, uplo, trans, diag} (letters as codes);
// ins {a[q, q], b[m, n]}, outs {x[m, n]}, q = m for side L, else n.
template <typename T>
void NativeTrsm(void* const* outs, const void* const* ins, const int64_t* sizes,
                const char* payload, size_t length, NativeStatus* status) {
  Guarded("trsm", status, [&] {
    int64_t v[7];
    if (!Payload(payload, length, 7, v)) throw std::invalid_argument("malformed payload");
    const int64_t count = v[0], rows = v[1], cols = v[2];
    const char side = static_cast<char>(v[3]), uplo = static_cast<char>(v[4]);
    char trans = static_cast<char>(v[5]), diag = static_cast<char>(v[6]);
    if ((side != 'L' && side != 'R') || (uplo != 'L' && uplo != 'U') ||
        (trans != 'N' && trans != 'T' && trans != 'C') || (diag != 'N' && diag != 'U')) {
      throw std::invalid_argument("malformed payload");
    }
    const int64_t q = side == 'L' ? rows : cols;
    Need("a", sizes[0], count * q * q, sizeof(T));
    Need("b", sizes[1], count * rows * cols, sizeof(T));
    Need("x", sizes[2], count * rows * cols, sizeof(T));
    using Fn = void(char*, char*, char*, char*, lapack_int*, lapack_int*, T*, T*, lapack_int*,
                    T*, lapack_int*);
    auto* fn = Routine<T, Fn>("trsm");
    // Row-major a and b hold column-major a^T and b^T: op(a) x = b (side L)
    // is x^T op(a)^T = b^T, op applied to a^T with the same letter, so the
    // transposed problem (side and triangle flipped) runs on them as they lie.
    char t_side = side == 'L' ? 'R' : 'L', t_uplo = uplo == 'L' ? 'U' : 'L';
    T* a = const_cast<T*>(static_cast<const T*>(ins[0]));  // BLAS only reads it
    T* x = static_cast<T*>(outs[0]);
    if (sizes[1] > 0) std::memcpy(x, ins[1], static_cast<size_t>(sizes[1]));
    lapack_int m = static_cast<lapack_int>(cols), n = static_cast<lapack_int>(rows);
    lapack_int lda = Lead(q), ldb = Lead(cols);
    const double flops = side == 'L' ? double(rows) * rows * cols : double(rows) * cols * cols;
    SplitBatch(count, flops, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) {
        T one(1);
        fn(&t_side, &t_uplo, &trans, &diag, &m, &n, &one, a + i * q * q, &lda,
           x + i * rows * cols, &ldb);
      }
    });
  });
}

// Real potrf: payload {count, n, uplo}; ins {a}, outs {factor, info}. A
// row-major symmetric matrix is its own column-major transpose: the factor of
// the other triangle, in place of transposing copies.
template <typename T>
void NativePotrf(void* const* outs, const void* const* ins, const int64_t* sizes,
                 const char* payload, size_t length, NativeStatus* status) {
  Guarded("potrf", status, [&] {
    int64_t v[3];
    if (!Payload(payload, length, 3, v)) throw std::invalid_argument("malformed payload");
    const int64_t count = v[0], order = v[1];
    const char uplo = static_cast<char>(v[2]);
    if (uplo != 'L' && uplo != 'U') throw std::invalid_argument("malformed payload");
    Need("a", sizes[0], count * order * order, sizeof(T));
    Need("factor", sizes[1], count * order * order, sizeof(T));
    Need("info", sizes[2], count, 4);
    using Fn = void(char*, lapack_int*, T*, lapack_int*, lapack_int*);
    auto* fn = Routine<T, Fn>("potrf");
    T* f = static_cast<T*>(outs[0]);
    int32_t* info = static_cast<int32_t*>(outs[1]);
    if (sizes[0] > 0) std::memcpy(f, ins[0], static_cast<size_t>(sizes[0]));
    char t_uplo = uplo == 'L' ? 'U' : 'L';
    lapack_int n = static_cast<lapack_int>(order), lda = Lead(order);
    SplitBatch(count, double(order) * order * order / 3.0, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) fn(&t_uplo, &n, f + i * order * order, &lda, info + i);
    });
  });
}

// {routine: {prefix: capsule}} of the native targets.
py::dict NativeTargets() {
  using NativeFn = void (*)(void* const*, const void* const*, const int64_t*, const char*,
                            size_t, NativeStatus*);
  auto capsule = [](NativeFn fn) {
    return py::capsule(reinterpret_cast<void*>(fn), "jaxlib.native_custom_call");
  };
  py::dict targets;
  py::dict getrf, trsm, potrf;
  getrf["s"] = capsule(&NativeGetrf<float>);
  getrf["d"] = capsule(&NativeGetrf<double>);
  getrf["c"] = capsule(&NativeGetrf<std::complex<float>>);
  getrf["z"] = capsule(&NativeGetrf<std::complex<double>>);
  trsm["s"] = capsule(&NativeTrsm<float>);
  trsm["d"] = capsule(&NativeTrsm<double>);
  trsm["c"] = capsule(&NativeTrsm<std::complex<float>>);
  trsm["z"] = capsule(&NativeTrsm<std::complex<double>>);
  potrf["s"] = capsule(&NativePotrf<float>);
  potrf["d"] = capsule(&NativePotrf<double>);
  targets["getrf"] = getrf;
  targets["trsm"] = trsm;
  targets["potrf"] = potrf;
  return targets;
}

// -- bindings -----------------------------------------------------------------------------

void GetrfAny(py::array a, py::array ipiv, py::array info) { DISPATCH(a, Getrf, a, ipiv, info); }
void PotrfAny(char uplo, py::array a, py::array info) { DISPATCH(a, Potrf, uplo, a, info); }
void GeqrfAny(py::array a, py::array tau) { DISPATCH(a, Geqrf, a, tau); }
void Geqp3Any(py::array a, py::array jpvt, py::array tau) { DISPATCH(a, Geqp3, a, jpvt, tau); }
void OrgqrAny(py::array a, py::array tau) { DISPATCH(a, Orgqr, a, tau); }
void OrmqrAny(char side, char trans, py::array a, py::array tau, py::array c) {
  DISPATCH(a, Ormqr, side, trans, a, tau, c);
}
void TrsmAny(char side, char uplo, char trans, char diag, py::array a, py::array b) {
  DISPATCH(a, Trsm, side, uplo, trans, diag, a, b);
}
void SyevdAny(char jobz, char uplo, py::array a, py::array w, py::array info) {
  DISPATCH(a, Syevd, jobz, uplo, a, w, info);
}
void SvdAny(bool divide_and_conquer, char mode, py::array a, py::array s, py::array u,
            py::array vt, py::array info) {
  if (mode != 'A' && mode != 'S' && mode != 'N') {
    throw std::invalid_argument(std::string("SVD mode '") + mode +
                                "' is not supported (only 'A', 'S' and 'N')");
  }
  DISPATCH(a, Svd, divide_and_conquer, mode, a, s, u, vt, info);
}
void GeevAny(char jobvl, char jobvr, py::array a, py::list w, py::array vl, py::array vr,
             py::array info) {
  DISPATCH(a, Geev, jobvl, jobvr, a, w, vl, vr, info);
}
void GeesAny(char jobvs, py::array a, py::array vs, py::list w, py::array sdim, py::array info) {
  DISPATCH(a, Gees, jobvs, a, vs, w, sdim, info);
}
void GehrdAny(lapack_int low, lapack_int high, py::array a, py::array tau, py::array info) {
  DISPATCH(a, Gehrd, low, high, a, tau, info);
}
void SytrdAny(char uplo, py::array a, py::array d, py::array e, py::array tau, py::array info) {
  DISPATCH(a, Sytrd, uplo, a, d, e, tau, info);
}
void GtsvAny(py::array dl, py::array d, py::array du, py::array b, py::array info) {
  DISPATCH(b, Gtsv, dl, d, du, b, info);
}
void TridiagonalSolvePerturbedAny(py::array dl, py::array d, py::array du, py::array b,
                                  py::array x) {
  DISPATCH(b, TridiagonalSolvePerturbed, dl, d, du, b, x);
}

}  // namespace

PYBIND11_MODULE(_lapack_kernels, m) {
  m.doc() = "Batched LAPACK/BLAS kernels over column-major buffers (scipy's routines)";
  m.def("initialize", &Initialize, py::arg("capsules"),
        "Records LAPACK/BLAS routines: {name: PyCapsule holding the Fortran entry point}.");
  m.def("initialized_routines", [] {
    std::vector<std::string> names;
    for (auto& item : Routines()) names.push_back(item.first);
    std::sort(names.begin(), names.end());
    return names;
  });
  m.def("native_targets", &NativeTargets,
        "{routine: {prefix: PyCapsule}}: getrf, trsm and real potrf for core's "
        "native_custom_call kernel (the buffers themselves, no Python).");
  m.def("getrf", &GetrfAny, py::arg("a"), py::arg("ipiv"), py::arg("info"));
  m.def("potrf", &PotrfAny, py::arg("uplo"), py::arg("a"), py::arg("info"));
  m.def("geqrf", &GeqrfAny, py::arg("a"), py::arg("tau"));
  m.def("geqp3", &Geqp3Any, py::arg("a"), py::arg("jpvt"), py::arg("tau"));
  m.def("orgqr", &OrgqrAny, py::arg("a"), py::arg("tau"));
  m.def("ormqr", &OrmqrAny, py::arg("side"), py::arg("trans"), py::arg("a"), py::arg("tau"),
        py::arg("c"));
  m.def("trsm", &TrsmAny, py::arg("side"), py::arg("uplo"), py::arg("trans"), py::arg("diag"),
        py::arg("a"), py::arg("b"));
  m.def("syevd", &SyevdAny, py::arg("jobz"), py::arg("uplo"), py::arg("a"), py::arg("w"),
        py::arg("info"));
  m.def("svd", &SvdAny, py::arg("divide_and_conquer"), py::arg("mode"), py::arg("a"),
        py::arg("s"), py::arg("u"), py::arg("vt"), py::arg("info"));
  m.def("geev", &GeevAny, py::arg("jobvl"), py::arg("jobvr"), py::arg("a"), py::arg("w"),
        py::arg("vl"), py::arg("vr"), py::arg("info"));
  m.def("gees", &GeesAny, py::arg("jobvs"), py::arg("a"), py::arg("vs"), py::arg("w"),
        py::arg("sdim"), py::arg("info"));
  m.def("gehrd", &GehrdAny, py::arg("low"), py::arg("high"), py::arg("a"), py::arg("tau"),
        py::arg("info"));
  m.def("sytrd", &SytrdAny, py::arg("uplo"), py::arg("a"), py::arg("d"), py::arg("e"),
        py::arg("tau"), py::arg("info"));
  m.def("gtsv", &GtsvAny, py::arg("dl"), py::arg("d"), py::arg("du"), py::arg("b"),
        py::arg("info"));
  m.def("tridiagonal_solve_perturbed", &TridiagonalSolvePerturbedAny, py::arg("dl"),
        py::arg("d"), py::arg("du"), py::arg("b"), py::arg("x"),
        "jaxlib's tridiagonal solve that perturbs tiny pivots (no LAPACK routine).");
}
