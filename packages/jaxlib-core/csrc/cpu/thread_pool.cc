// A fixed pool of worker threads shared by all kernels (ParallelFor).
//
// One job runs at a time (kernels are called from the executor one after the
// other); a nested ParallelFor from inside a worker runs inline. A process
// forked from this one starts a pool of its own on first use (the parent's
// workers do not exist in the child).
#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
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

  // Jobs that wait on each other (BLAS's threaded drivers) must all run at
  // once: on the pool when it has a thread per job and is not the caller,
  // otherwise on threads started for the call.
  void RunConcurrently(int64_t n, const std::function<void(int64_t)>& fn) {
    if (n <= 0) return;
    if (n == 1) {
      fn(0);
      return;
    }
    if (!tls_in_parallel && n <= num_threads_) {
      // Chunks of one job: a thread takes a second job only after finishing
      // its first, which a job that waits on the others does only once all
      // have started.
      // Never solo (see Run): jobs that wait on each other would deadlock
      // on one thread.
      Run(n, 1, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) fn(i);
      }, /*may_run_solo=*/false);
      return;
    }
    // Started threads; one call at a time, and none while the pool runs a job
    // the caller is not part of, so that jobs of two calls never share the
    // per-job state their library keeps.
    static std::mutex started_mutex;
    std::unique_lock<std::mutex> job_lock(job_mutex_, std::defer_lock);
    if (!tls_in_parallel) job_lock.lock();
    std::lock_guard<std::mutex> started_lock(started_mutex);
    std::vector<std::thread> helpers;
    helpers.reserve(static_cast<size_t>(n - 1));
    for (int64_t i = 1; i < n; ++i) {
      helpers.emplace_back([&fn, i] {
        tls_in_parallel = true;
        fn(i);
      });
    }
    const bool was_in_parallel = tls_in_parallel;
    tls_in_parallel = true;
    fn(0);
    tls_in_parallel = was_in_parallel;
    for (auto& h : helpers) h.join();
  }

  // The caller works on the job too and waits only for the chunks taken,
  // never for every worker to check in: a worker the OS has not scheduled
  // (another busy process on the machine) finds the job done when it wakes,
  // instead of the caller waiting a whole time slice for it.
  //
  // `may_run_solo`: whether the job may run on the caller alone after a stall
  // (independent chunks); RunConcurrently's jobs wait on each other and may not.
  void Run(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& fn,
           bool may_run_solo = true) {
    grain = std::max<int64_t>(1, grain);
    int64_t chunks = std::min<int64_t>((n + grain - 1) / grain, num_threads_ * 4);
    if (chunks <= 1 || num_threads_ == 1 || tls_in_parallel || (may_run_solo && Solo())) {
      fn(0, n);
      return;
    }
    std::unique_lock<std::mutex> job_lock(job_mutex_);  // one job at a time
    auto job = std::make_shared<Job>();
    job->fn = &fn;
    job->n = n;
    job->chunk = (n + chunks - 1) / chunks;
    job->chunks = (n + job->chunk - 1) / job->chunk;
#ifdef JAXCPU_HAVE_MXCSR
    job->csr = _mm_getcsr();  // workers flush denormals exactly as the caller does
#endif
    {
      std::lock_guard<std::mutex> lock(mutex_);
      job_ = job;
      generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    tls_in_parallel = true;
    const auto started = std::chrono::steady_clock::now();
    Work(*job);
    tls_in_parallel = false;
    const auto worked = std::chrono::steady_clock::now();
    auto finished = [&] { return job->done.load(std::memory_order_acquire) == job->chunks; };
    SpinUntil(finished);
    if (!finished()) {
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, finished);
    }
    // The caller waited longer for a chunk a worker held than it worked
    // itself: that worker was off its core (another process is busy). For a
    // while jobs run on the caller alone rather than stall on it again.
    const auto waited = std::chrono::steady_clock::now() - worked;
    if (waited > kStallFloor && waited > worked - started) {
      solo_until_.store((std::chrono::steady_clock::now() + kSoloPeriod).time_since_epoch().count(),
                        std::memory_order_relaxed);
    }
    // Every chunk was taken and has run: a worker still holding this job
    // finds nothing left in it, so `fn` (the caller's) is never called again.
  }

 private:
  // After a stall (see Run) jobs run on the caller for this long.
  static constexpr auto kSoloPeriod = std::chrono::milliseconds(20);
  // Waits shorter than this are wake-up latency, not a descheduled worker.
  static constexpr auto kStallFloor = std::chrono::microseconds(200);

  bool Solo() const {
    const int64_t until = solo_until_.load(std::memory_order_relaxed);
    return until != 0 && std::chrono::steady_clock::now().time_since_epoch().count() < until;
  }

  // Spins for up to kSpin for `ready` before the caller blocks: kernels come
  // in quick succession (and a threaded BLAS call hands out many small
  // jobs), and a wake-up through the kernel costs tens of microseconds on a
  // virtual machine.
  template <typename Ready>
  static void SpinUntil(const Ready& ready) {
    constexpr auto kSpin = std::chrono::microseconds(50);
    const auto start = std::chrono::steady_clock::now();
    for (int i = 1; !ready(); ++i) {
#ifdef JAXCPU_HAVE_MXCSR
      _mm_pause();
#endif
      if (i % 16 == 0 && std::chrono::steady_clock::now() - start > kSpin) return;
    }
  }

  // One parallel loop: chunks are claimed through `next` and counted in
  // `done` when they have run. Workers hold it by shared_ptr, so a late one
  // reads a finished job rather than freed memory.
  struct Job {
    const std::function<void(int64_t, int64_t)>* fn = nullptr;
    int64_t n = 0, chunk = 1, chunks = 0;
    unsigned csr = 0;
    std::atomic<int64_t> next{0};
    std::atomic<int64_t> done{0};
  };

  void Work(Job& job) {
    for (;;) {
      int64_t begin = job.next.fetch_add(job.chunk);
      if (begin >= job.n) return;
      (*job.fn)(begin, std::min(job.n, begin + job.chunk));
      if (job.done.fetch_add(1, std::memory_order_acq_rel) + 1 == job.chunks) {
        std::lock_guard<std::mutex> lock(mutex_);
        done_.notify_all();
      }
    }
  }

  void WorkerLoop() {
    pthread_setname_np(pthread_self(), "jaxlib-cpu");  // as ps and /proc show it
    tls_in_parallel = true;
    uint64_t seen = 0;
    for (;;) {
      SpinUntil([&] {
        return generation_.load(std::memory_order_acquire) != seen ||
               stopping_.load(std::memory_order_relaxed);
      });
      std::shared_ptr<Job> job;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stopping_.load() || generation_.load() != seen; });
        if (stopping_.load()) return;
        seen = generation_.load();
        job = job_;
      }
#ifdef JAXCPU_HAVE_MXCSR
      _mm_setcsr(job->csr);
#endif
      Work(*job);
    }
  }

  const int num_threads_;
  std::vector<std::thread> workers_;
  std::mutex job_mutex_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::atomic<bool> stopping_{false};
  std::atomic<uint64_t> generation_{0};
  std::atomic<int64_t> solo_until_{0};  // steady_clock ticks; 0: never stalled
  std::shared_ptr<Job> job_;  // the latest job (guarded by mutex_)
};

int ConfiguredThreads() {
  if (const char* env = std::getenv("JAXLIB_CPU_THREADS")) {
    int n = std::atoi(env);
    if (n > 0) return n;
  }
  unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : static_cast<int>(hw);
}

// The pool of this process. A forked child builds its own on first use; the
// parent's is left as it was, never destroyed (its mutexes may have been held
// at the fork).
std::atomic<ThreadPool*> pool{nullptr};
std::atomic<bool> forked{false};
std::mutex pool_mutex;

// The child has one thread: the mutex may be rebuilt in place.
void MarkForked() {
  new (&pool_mutex) std::mutex();
  forked.store(true, std::memory_order_relaxed);
}

ThreadPool& Pool() {
  ThreadPool* current = pool.load(std::memory_order_acquire);
  if (current != nullptr && !forked.load(std::memory_order_relaxed)) return *current;
  std::lock_guard<std::mutex> lock(pool_mutex);
  current = pool.load(std::memory_order_acquire);
  if (current == nullptr) {
    pthread_atfork(nullptr, nullptr, &MarkForked);
  } else if (!forked.load(std::memory_order_relaxed)) {
    return *current;
  }
  forked.store(false, std::memory_order_relaxed);
  current = new ThreadPool(ConfiguredThreads());
  pool.store(current, std::memory_order_release);
  return *current;
}

}  // namespace

int NumThreads() { return Pool().num_threads(); }

bool InParallel() { return tls_in_parallel; }

void RunConcurrently(int64_t n, const std::function<void(int64_t)>& fn) {
  Pool().RunConcurrently(n, fn);
}

void ParallelFor(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& fn) {
  if (n <= 0) return;
  Pool().Run(n, grain, fn);
}

}  // namespace jaxcpu
