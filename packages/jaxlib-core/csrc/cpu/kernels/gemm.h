// Calling scipy's BLAS GEMM (cython_blas) from kernels: dot_general and convolution.
//
// Python hands the address of scipy.linalg.cython_blas's ?gemm (a C function with
// the Fortran calling convention minus hidden lengths) as the int parameter
// "gemm"; the element type picks s/d/c/z. BLAS here takes 32-bit ints, so
// factories check every size with FitsBlasInt and throw Unsupported otherwise.
#pragma once

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "kernel.h"

namespace jaxcpu::gemm {

using GemmFn = void (*)(char* transa, char* transb, int* m, int* n, int* k, void* alpha,
                        void* a, int* lda, void* b, int* ldb, void* beta, void* c, int* ldc);

inline bool FitsBlasInt(int64_t v) { return v >= 0 && v <= INT_MAX; }

// A symbol of the library that holds `gemm`; null when it has none.
template <typename Fn>
Fn FindBlasSymbol(const void* gemm, const char* name) {
  Dl_info info;
  if (dladdr(const_cast<void*>(gemm), &info) == 0 || info.dli_fname == nullptr) return nullptr;
  void* handle = dlopen(info.dli_fname, RTLD_NOLOAD | RTLD_LAZY);
  if (handle == nullptr) return nullptr;
  // The handle stays open: the library is already loaded for the process's life.
  return reinterpret_cast<Fn>(dlsym(handle, name));
}

// OpenBLAS's thread count (process-wide in its pthreads builds, whatever the
// name says); returns the previous count.
using SetThreadsFn = int (*)(int);
// OpenBLAS (>= 0.3.27) hands the jobs of its threaded drivers to a callback
// instead of waking threads of its own.
using BlasDoJob = void (*)(int thread, void* job, int data);
using BlasThreadsCallback = void (*)(int sync, BlasDoJob dojob, int jobs, size_t job_size,
                                     void* job_array, int data);
using SetThreadsCallbackFn = void (*)(BlasThreadsCallback);

// OpenBLAS's jobs run on the kernels' pool. Its level-3 jobs wait on each
// other, so all of a call's jobs run at once (RunConcurrently).
inline void RunBlasJobs(int /*sync*/, BlasDoJob dojob, int jobs, size_t job_size,
                        void* job_array, int data) {
  auto* base = static_cast<char*>(job_array);
  RunConcurrently(jobs, [&](int64_t i) {
    dojob(static_cast<int>(i), base + i * static_cast<int64_t>(job_size), data);
  });
}

// How the BLAS library runs threads, settled by the first GEMM kernel built.
// With OpenBLAS's callback ("pooled"), a large product is one call that
// OpenBLAS splits over the kernels' pool, sharing its packed panels between
// threads; the thread count is set once to the pool's. Without it, products
// are split over the pool by C's rows or columns, each a single-threaded call.
// Either way OpenBLAS's own threads stay asleep: awake, they spin after each
// call and take the cores from the pool.
struct BlasThreading {
  SetThreadsFn set_threads = nullptr;
  bool pooled = false;
  std::mutex mutex;
  int single_sections = 0;  // SingleThreadedBlas objects alive
  int saved_threads = 1;    // the count they replaced
};

// Null until the first GEMM kernel is built.
inline std::atomic<BlasThreading*>& ThreadingState() {
  static std::atomic<BlasThreading*> state{nullptr};
  return state;
}

inline BlasThreading& Threading(const void* gemm) {
  static BlasThreading* state = [gemm] {
    auto* t = new BlasThreading;
    t->set_threads = FindBlasSymbol<SetThreadsFn>(gemm, "openblas_set_num_threads_local");
    auto install =
        FindBlasSymbol<SetThreadsCallbackFn>(gemm, "openblas_set_threads_callback_function");
    if (t->set_threads != nullptr && install != nullptr) {
      install(&RunBlasJobs);
      t->set_threads(NumThreads());
      t->pooled = true;
    }
    ThreadingState().store(t);
    return t;
  }();
  return *state;
}

// While alive, BLAS runs single-threaded: for calls made from the pool's own
// threads (a batch of products shared out over them), which must not hand
// jobs to the pool they are part of. Nests and overlaps across threads.
class SingleThreadedBlas {
 public:
  explicit SingleThreadedBlas(BlasThreading& t) : t_(t) {
    if (t_.set_threads == nullptr) return;
    std::lock_guard<std::mutex> lock(t_.mutex);
    if (t_.single_sections++ == 0) t_.saved_threads = t_.set_threads(1);
  }
  ~SingleThreadedBlas() {
    if (t_.set_threads == nullptr) return;
    std::lock_guard<std::mutex> lock(t_.mutex);
    if (--t_.single_sections == 0) t_.set_threads(t_.saved_threads);
  }
  SingleThreadedBlas(const SingleThreadedBlas&) = delete;
  SingleThreadedBlas& operator=(const SingleThreadedBlas&) = delete;

 private:
  BlasThreading& t_;
};

// True for the element types BLAS GEMM handles (f32, f64, c64, c128).
inline bool IsBlasType(DType dtype) {
  return dtype == DType::kF32 || dtype == DType::kF64 || dtype == DType::kC64 ||
         dtype == DType::kC128;
}

class Gemm {
 public:
  // Reads the "gemm" function address; throws Unsupported for non-BLAS types.
  Gemm(const Params& params, DType dtype) : size_(DTypeSize(dtype)) {
    if (!IsBlasType(dtype)) throw Unsupported("gemm: element type is not f32/f64/c64/c128");
    if (!params.has("gemm") || params.get_int("gemm") == 0) {
      throw Unsupported("gemm: no BLAS function address");
    }
    fn_ = reinterpret_cast<GemmFn>(static_cast<intptr_t>(params.get_int("gemm")));
    threading_ = &Threading(reinterpret_cast<const void*>(fn_));
    std::memset(one_, 0, sizeof(one_));
    std::memset(zero_, 0, sizeof(zero_));
    // The real part of 1 in the element's own float type (complex: {1, 0}).
    if (dtype == DType::kF32 || dtype == DType::kC64) {
      const float f = 1.0f;
      std::memcpy(one_, &f, sizeof(f));
    } else {
      const double d = 1.0;
      std::memcpy(one_, &d, sizeof(d));
    }
  }

  int64_t element_size() const { return size_; }

  // Column-major C[m x n] (+)= op(A)[m x k] * op(B)[k x n]. Sizes must be
  // positive and fit BLAS ints (checked by the factory).
  void operator()(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const void* a,
                  int64_t lda, const void* b, int64_t ldb, void* c, int64_t ldc,
                  bool accumulate = false) const {
    char ta = trans_a ? 'T' : 'N', tb = trans_b ? 'T' : 'N';
    int im = static_cast<int>(m), in = static_cast<int>(n), ik = static_cast<int>(k);
    int ilda = static_cast<int>(lda), ildb = static_cast<int>(ldb);
    int ildc = static_cast<int>(ldc);
    fn_(&ta, &tb, &im, &in, &ik, const_cast<unsigned char*>(one_), const_cast<void*>(a), &ilda,
        const_cast<void*>(b), &ildb,
        const_cast<unsigned char*>(accumulate ? one_ : zero_), c, &ildc);
  }

  // Single-threaded BLAS for the products a ParallelFor shares out (one
  // object around the whole loop, made outside it).
  SingleThreadedBlas SingleThreaded() const { return SingleThreadedBlas(*threading_); }

  // The same product with the pool's threads: one call that OpenBLAS splits
  // (pooled), or blocks of C's rows or columns, whichever dimension is
  // longer, one single-threaded call each. Small products run at once.
  void Parallel(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, const void* a,
                int64_t lda, const void* b, int64_t ldb, void* c, int64_t ldc,
                bool accumulate = false) const {
    // OpenBLAS's threaded drivers make their jobs wait on each other: one
    // job whose thread the OS has not scheduled (another busy process)
    // stalls them all for a time slice. Only products big enough for its
    // shared packing to pay go to it; the rest split into independent calls,
    // which the pool finishes without waiting for late threads.
    if (threading_->pooled && !InParallel() && m * n * k >= kPooledWork) {
      (*this)(trans_a, trans_b, m, n, k, a, lda, b, ldb, c, ldc, accumulate);
      return;
    }
    SingleThreadedBlas single(*threading_);
    const int threads = NumThreads();
    if (threads == 1 || m * n * k < kParallelWork || (m < 32 && n < 32)) {
      (*this)(trans_a, trans_b, m, n, k, a, lda, b, ldb, c, ldc, accumulate);
      return;
    }
    const auto* pa = static_cast<const unsigned char*>(a);
    const auto* pb = static_cast<const unsigned char*>(b);
    auto* pc = static_cast<unsigned char*>(c);
    const bool split_rows = m >= n;
    const int64_t extent = split_rows ? m : n;
    // Blocks of a multiple of 16 so each GEMM keeps whole vector panels.
    int64_t block = (extent + threads - 1) / threads;
    block = std::max<int64_t>(16, (block + 15) / 16 * 16);
    const int64_t blocks = (extent + block - 1) / block;
    ParallelFor(blocks, 1, [&](int64_t first, int64_t last) {
      for (int64_t t = first; t < last; ++t) {
        const int64_t begin = t * block, count = std::min(block, extent - begin);
        if (split_rows) {  // rows of op(A) and C
          (*this)(trans_a, trans_b, count, n, k, pa + (trans_a ? begin * lda : begin) * size_,
                  lda, b, ldb, pc + begin * size_, ldc, accumulate);
        } else {  // columns of op(B) and C
          (*this)(trans_a, trans_b, m, count, k, a, lda,
                  pb + (trans_b ? begin : begin * ldb) * size_, ldb, pc + begin * ldc * size_,
                  ldc, accumulate);
        }
      }
    });
  }

 private:
  // Products below this many multiply-adds are not split across threads.
  static constexpr int64_t kParallelWork = int64_t{1} << 18;
  // Products from this many multiply-adds up are one call OpenBLAS threads.
  static constexpr int64_t kPooledWork = int64_t{1} << 30;

  GemmFn fn_ = nullptr;
  BlasThreading* threading_ = nullptr;
  int64_t size_ = 0;
  alignas(16) unsigned char one_[16];
  alignas(16) unsigned char zero_[16];
};

// A small owned buffer aligned for vector loads (scratch space in Run).
class Scratch {
 public:
  explicit Scratch(int64_t bytes)
      : data_(bytes > 0 ? static_cast<unsigned char*>(
                              ::operator new[](static_cast<size_t>(bytes), std::align_val_t(64)))
                        : nullptr) {}
  ~Scratch() {
    if (data_) ::operator delete[](data_, std::align_val_t(64));
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  unsigned char* data() const { return data_; }

 private:
  unsigned char* data_;
};

// Elements of 4, 8 or 16 bytes moved as opaque words (copies are type-agnostic).
struct Word16 {
  uint64_t lo, hi;
};

template <typename T>
void StridedCopyT(const T* src, const int64_t* src_strides, T* dst, const int64_t* dst_strides,
                  const int64_t* dims, int rank) {
  if (rank == 0) {
    *dst = *src;
    return;
  }
  for (int d = 0; d < rank; ++d) {
    if (dims[d] == 0) return;
  }
  const int64_t inner = dims[rank - 1];
  const int64_t s_in = src_strides[rank - 1], d_in = dst_strides[rank - 1];
  int64_t index[16] = {0};
  for (;;) {
    int64_t s_off = 0, d_off = 0;
    for (int d = 0; d + 1 < rank; ++d) {
      s_off += index[d] * src_strides[d];
      d_off += index[d] * dst_strides[d];
    }
    const T* s = src + s_off;
    T* o = dst + d_off;
    if (s_in == 1 && d_in == 1) {
      std::memcpy(o, s, static_cast<size_t>(inner) * sizeof(T));
    } else {
      for (int64_t i = 0; i < inner; ++i) o[i * d_in] = s[i * s_in];
    }
    int d = rank - 2;
    for (; d >= 0; --d) {
      if (++index[d] < dims[d]) break;
      index[d] = 0;
    }
    if (d < 0) return;
  }
}

// dst[i] = src[i] over an n-d index space (rank <= 16) with per-dimension
// element strides on both sides; elements of 4, 8 or 16 bytes.
inline void StridedCopy(int64_t element_size, const void* src, const int64_t* src_strides,
                        void* dst, const int64_t* dst_strides, const int64_t* dims, int rank) {
  switch (element_size) {
    case 4:
      StridedCopyT(static_cast<const uint32_t*>(src), src_strides, static_cast<uint32_t*>(dst),
                   dst_strides, dims, rank);
      break;
    case 8:
      StridedCopyT(static_cast<const uint64_t*>(src), src_strides, static_cast<uint64_t*>(dst),
                   dst_strides, dims, rank);
      break;
    default:
      StridedCopyT(static_cast<const Word16*>(src), src_strides, static_cast<Word16*>(dst),
                   dst_strides, dims, rank);
      break;
  }
}

// Row-major element strides of `dims`.
inline std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (int d = static_cast<int>(dims.size()) - 2; d >= 0; --d) {
    strides[d] = strides[d + 1] * dims[d + 1];
  }
  return strides;
}

// An int-list parameter, empty when absent (Python cannot send an empty int list).
inline std::vector<int64_t> IntsOrEmpty(const Params& params, const std::string& key) {
  auto it = params.ints.find(key);
  return it == params.ints.end() ? std::vector<int64_t>() : it->second;
}

}  // namespace jaxcpu::gemm
