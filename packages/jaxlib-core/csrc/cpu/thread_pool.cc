// A fixed pool of worker threads shared by all kernels (ParallelFor).
//
// One job runs at a time (kernels are called from the executor one after the
// other); a nested ParallelFor from inside a worker runs inline.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "kernel.h"

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define JAXCPU_HAVE_MXCSR 1
#endif

namespace jaxcpu {
namespace {

thread_local bool tls_in_parallel = false;

class ThreadPool {
 public:
  explicit ThreadPool(int threads) : num_threads_(std::max(1, threads)) {
    for (int i = 1; i < num_threads_; ++i) workers_.emplace_back([this] { WorkerLoop(); });
  }

  // Workers are detached at exit: joining them from a static destructor can
  // deadlock with the interpreter's shutdown.
  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& w : workers_) w.detach();
  }

  int num_threads() const { return num_threads_; }

  void Run(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& fn) {
    grain = std::max<int64_t>(1, grain);
    int64_t chunks = std::min<int64_t>((n + grain - 1) / grain, num_threads_ * 4);
    if (chunks <= 1 || num_threads_ == 1 || tls_in_parallel) {
      fn(0, n);
      return;
    }
    std::unique_lock<std::mutex> job_lock(job_mutex_);  // one job at a time
    {
      std::lock_guard<std::mutex> lock(mutex_);
      fn_ = &fn;
      n_ = n;
      chunk_ = (n + chunks - 1) / chunks;
      next_.store(0);
      pending_ = num_threads_ - 1;
#ifdef JAXCPU_HAVE_MXCSR
      csr_ = _mm_getcsr();  // workers flush denormals exactly as the caller does
#endif
      ++generation_;
    }
    wake_.notify_all();
    tls_in_parallel = true;
    Work();
    tls_in_parallel = false;
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    fn_ = nullptr;
  }

 private:
  void Work() {
    for (;;) {
      int64_t begin = next_.fetch_add(chunk_);
      if (begin >= n_) return;
      (*fn_)(begin, std::min(n_, begin + chunk_));
    }
  }

  void WorkerLoop() {
    tls_in_parallel = true;
    uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
        if (stopping_) return;
        seen = generation_;
#ifdef JAXCPU_HAVE_MXCSR
        _mm_setcsr(csr_);
#endif
      }
      Work();
      std::lock_guard<std::mutex> lock(mutex_);
      if (--pending_ == 0) done_.notify_one();
    }
  }

  const int num_threads_;
  std::vector<std::thread> workers_;
  std::mutex job_mutex_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  bool stopping_ = false;
  uint64_t generation_ = 0;
  int pending_ = 0;
  const std::function<void(int64_t, int64_t)>* fn_ = nullptr;
  int64_t n_ = 0, chunk_ = 1;
  unsigned csr_ = 0;
  std::atomic<int64_t> next_{0};
};

int ConfiguredThreads() {
  if (const char* env = std::getenv("JAXLIB_CPU_THREADS")) {
    int n = std::atoi(env);
    if (n > 0) return n;
  }
  unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : static_cast<int>(hw);
}

ThreadPool& Pool() {
  static ThreadPool* pool = new ThreadPool(ConfiguredThreads());
  return *pool;
}

}  // namespace

int NumThreads() { return Pool().num_threads(); }

void ParallelFor(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& fn) {
  if (n <= 0) return;
  Pool().Run(n, grain, fn);
}

}  // namespace jaxcpu
