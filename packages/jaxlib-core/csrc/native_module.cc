// The native core of jaxlib-core: device memory and per-device streams.
//
// A CPU "device" owns 64-byte aligned host allocations (HostBuffer) whose use
// is tracked per device for memory_stats(), and one Stream: a worker thread
// that runs enqueued work in order. Copies and all-native programs (through
// the plan's PlanRunner) run on the stream without the GIL; Python work runs
// with it. Every enqueued task returns an Event that Python waits on with the
// GIL released.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "host_memory.h"
#include "plan_runner.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

namespace py = pybind11;

namespace {

// Allocation counters of one device.
struct AllocationStats {
  std::atomic<int64_t> bytes_in_use{0};
  std::atomic<int64_t> peak_bytes_in_use{0};
  std::atomic<int64_t> num_allocs{0};
  std::atomic<int64_t> largest_alloc_size{0};
};

std::mutex g_stats_mu;
std::map<int, std::unique_ptr<AllocationStats>> g_stats;

AllocationStats& StatsFor(int device) {
  std::lock_guard<std::mutex> lock(g_stats_mu);
  auto& slot = g_stats[device];
  if (!slot) slot = std::make_unique<AllocationStats>();
  return *slot;
}

void UpdateMax(std::atomic<int64_t>& target, int64_t value) {
  int64_t seen = target.load();
  while (value > seen && !target.compare_exchange_weak(seen, value)) {
  }
}

// Large blocks freed by buffers, kept for the next allocation of the same
// size: a program run again allocates outputs of the same sizes, and fresh
// memory from the OS costs a page fault per 4 KB page (about 4 ms per 16 MB
// here) — more than most kernels writing it.
class BlockCache {
 public:
  static constexpr size_t kMinBlock = size_t{1} << 18;    // smaller: malloc is fast
  static constexpr size_t kMaxCached = size_t{1} << 29;   // bytes kept at most

  void* Take(size_t padded) {
    if (padded < kMinBlock) return nullptr;
    std::lock_guard<std::mutex> lock(mu_);
    auto it = blocks_.find(padded);
    if (it == blocks_.end()) return nullptr;
    void* block = it->second;
    blocks_.erase(it);
    cached_ -= padded;
    return block;
  }

  // Keeps `block` for reuse, or frees it when the cache is full.
  void Give(void* block, size_t padded) {
    if (padded >= kMinBlock) {
      std::lock_guard<std::mutex> lock(mu_);
      if (cached_ + padded <= kMaxCached) {
        blocks_.emplace(padded, block);
        cached_ += padded;
        return;
      }
    }
    std::free(block);
  }

 private:
  std::mutex mu_;
  std::multimap<size_t, void*> blocks_;
  size_t cached_ = 0;
};

BlockCache& Blocks() {
  static auto* cache = new BlockCache();  // never destroyed: buffers may outlive statics
  return *cache;
}

// A 64-byte aligned host allocation charged to one device.
class HostBuffer {
 public:
  HostBuffer(int device, size_t nbytes) : device_(device), size_(nbytes) {
    const size_t padded = jaxhost::HostAllocationSize(nbytes);
    padded_ = padded;
    data_ = Blocks().Take(padded);
    if (data_ == nullptr) data_ = jaxhost::AllocateHost(padded);
    if (data_ == nullptr) {
      throw std::runtime_error("RESOURCE_EXHAUSTED: out of memory allocating " +
                               std::to_string(nbytes) + " bytes on device " +
                               std::to_string(device));
    }
    AllocationStats& stats = StatsFor(device_);
    int64_t now = stats.bytes_in_use.fetch_add(size_) + size_;
    UpdateMax(stats.peak_bytes_in_use, now);
    UpdateMax(stats.largest_alloc_size, static_cast<int64_t>(size_));
    stats.num_allocs.fetch_add(1);
  }
  ~HostBuffer() {
    Blocks().Give(data_, padded_);
    StatsFor(device_).bytes_in_use.fetch_sub(size_);
  }
  HostBuffer(const HostBuffer&) = delete;
  HostBuffer& operator=(const HostBuffer&) = delete;

  void* data() const { return data_; }
  size_t size() const { return size_; }
  int device() const { return device_; }
  uintptr_t address() const { return reinterpret_cast<uintptr_t>(data_); }

 private:
  int device_;
  size_t size_;
  size_t padded_ = 0;
  void* data_;
};

class Stream;

// Completion of one enqueued task; carries the task's error, if any.
class Event {
 public:
  // The stream whose task sets this event, when the waiter may run that task
  // itself (Wait).
  void SetStream(std::weak_ptr<Stream> stream) { stream_ = std::move(stream); }
  void Set(std::optional<std::string> error) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      ready_ = true;
      error_ = std::move(error);
    }
    cv_.notify_all();
  }
  bool IsReady() {
    std::lock_guard<std::mutex> lock(mu_);
    return ready_;
  }
  // Waits without the GIL; returns false on timeout (seconds < 0: forever).
  // Waiting forever on a task its stream has not started yet, the caller
  // runs the task itself (Stream::RunIfNext).
  bool Wait(double seconds);
  bool WaitNoGil(double seconds) {
    std::unique_lock<std::mutex> lock(mu_);
    if (seconds < 0) {
      cv_.wait(lock, [this] { return ready_; });
      return true;
    }
    return cv_.wait_for(lock, std::chrono::duration<double>(seconds),
                        [this] { return ready_; });
  }
  std::optional<std::string> Error() {
    std::lock_guard<std::mutex> lock(mu_);
    return error_;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool ready_ = false;
  std::optional<std::string> error_;
  std::weak_ptr<Stream> stream_;
};

using EventPtr = std::shared_ptr<Event>;

// One device's in-order work queue, served by a single worker thread. A
// thread that waits for a native task the worker has not started runs it
// instead (RunIfNext): it would only block until the worker woke up and ran
// it, and waking a thread on an idle virtual CPU costs up to a hundred
// microseconds each way.
class Stream : public std::enable_shared_from_this<Stream> {
 public:
  explicit Stream(int device) : device_(device) {
    worker_ = std::thread([this] { Run(); });
  }
  ~Stream() { Shutdown(); }

  // Copies nbytes from src_address into dst once every event in wait_for is
  // ready. The caller keeps the source alive until the returned event is ready.
  EventPtr EnqueueCopy(std::shared_ptr<HostBuffer> dst, uintptr_t src_address,
                       size_t nbytes, std::vector<EventPtr> wait_for) {
    if (nbytes > dst->size()) {
      throw std::invalid_argument("copy of " + std::to_string(nbytes) +
                                  " bytes into a buffer of " +
                                  std::to_string(dst->size()));
    }
    return Enqueue(
        [dst, src_address, nbytes]() -> std::optional<std::string> {
          if (nbytes) {
            std::memcpy(dst->data(), reinterpret_cast<const void*>(src_address),
                        nbytes);
          }
          return std::nullopt;
        },
        std::move(wait_for));
  }

  // Runs a Python callable on the worker with the GIL held. An exception it
  // raises becomes the event's error.
  EventPtr EnqueuePython(py::function fn, std::vector<EventPtr> wait_for) {
    auto holder = std::make_shared<py::object>(std::move(fn));
    return Enqueue(
        [holder]() -> std::optional<std::string> {
          py::gil_scoped_acquire acquire;
          std::optional<std::string> error;
          try {
            (*holder)();
          } catch (py::error_already_set& e) {
            error = std::string(e.what());
          } catch (std::exception& e) {
            error = std::string(e.what());
          }
          *holder = py::none();
          return error;
        },
        std::move(wait_for));
  }

  // Runs a native plan (its runner capsule, see plan_runner.h) on buffers
  // given by address and size, without the GIL: the stream starts it while
  // the caller still holds the GIL. The caller keeps the plan and every
  // buffer alive until the returned event is ready.
  EventPtr EnqueuePlan(py::capsule runner, std::vector<uintptr_t> inputs,
                       std::vector<int64_t> input_bytes, std::vector<uintptr_t> outputs,
                       std::vector<int64_t> output_bytes, std::vector<EventPtr> wait_for) {
    if (std::string(runner.name() ? runner.name() : "") != jaxhost::kPlanRunnerCapsule) {
      throw std::invalid_argument("enqueue_plan needs a plan runner capsule");
    }
    if (inputs.size() != input_bytes.size() || outputs.size() != output_bytes.size()) {
      throw std::invalid_argument("enqueue_plan: one size per buffer");
    }
    const jaxhost::PlanRunner table = *runner.get_pointer<jaxhost::PlanRunner>();
    return Enqueue(
        [table, inputs = std::move(inputs), input_bytes = std::move(input_bytes),
         outputs = std::move(outputs),
         output_bytes = std::move(output_bytes)]() -> std::optional<std::string> {
          char error[1024];
          const bool ok = table.run(
              table.plan, reinterpret_cast<const void* const*>(inputs.data()),
              input_bytes.data(), inputs.size(), reinterpret_cast<void* const*>(outputs.data()),
              output_bytes.data(), outputs.size(), error, sizeof error);
          if (ok) return std::nullopt;
          return std::string(error);
        },
        std::move(wait_for), /*waiter_may_run=*/true);
  }

  // Runs the task that sets `event` on the calling thread (which holds no
  // GIL) once nothing runs on the stream, if that task is then next in line
  // and what it waits for is ready; otherwise does nothing.
  void RunIfNext(Event* event) {
    // The worker itself (a Python task waiting on an event) only waits.
    if (std::this_thread::get_id() == worker_id_.load()) return;
    Task task;
    {
      std::unique_lock<std::mutex> lock(mu_);
      // The task running now may be the one right before this one (its worker
      // may even have set its event and be about to take the next): let it
      // finish. Anything else, the worker gets to in turn.
      cv_.wait(lock, [&] {
        return !busy_ || event->IsReady() || queue_.empty() ||
               queue_.front().done.get() != event;
      });
      if (busy_ || queue_.empty() || queue_.front().done.get() != event ||
          !queue_.front().waiter_may_run) {
        return;
      }
      for (auto& dependency : queue_.front().wait_for) {
        if (!dependency->IsReady()) return;
      }
      task = std::move(queue_.front());
      queue_.pop_front();
      busy_ = true;
      ++run_by_waiters_;
    }
    RunTask(task);
    {
      std::lock_guard<std::mutex> lock(mu_);
      busy_ = false;
    }
    cv_.notify_all();  // the worker goes on with the tasks behind it
  }

  // An event that is ready once everything enqueued so far has run.
  EventPtr Marker() {
    return Enqueue([]() -> std::optional<std::string> { return std::nullopt; },
                   {});
  }

  // Holds the worker before its next task until Resume (tests: work that
  // only a waiter can run); waiters still run native tasks.
  void Pause() {
    std::lock_guard<std::mutex> lock(mu_);
    paused_ = true;
  }
  void Resume() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      paused_ = false;
    }
    cv_.notify_all();
  }
  // Tasks that a waiting thread ran instead of the worker.
  int64_t run_by_waiters() {
    std::lock_guard<std::mutex> lock(mu_);
    return run_by_waiters_;
  }

  // Drains the queue and joins the worker; later enqueues raise.
  void Shutdown() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
      paused_ = false;
    }
    cv_.notify_all();
    std::lock_guard<std::mutex> join_lock(join_mu_);
    if (!worker_.joinable() || worker_.get_id() == std::this_thread::get_id()) {
      return;
    }
    if (Py_IsInitialized() && PyGILState_Check()) {
      // The worker may need the GIL to finish a Python task.
      py::gil_scoped_release release;
      worker_.join();
    } else {
      worker_.join();
    }
  }

  int device() const { return device_; }
  size_t pending() {
    std::lock_guard<std::mutex> lock(mu_);
    return queue_.size() + (busy_ ? 1 : 0);
  }

 private:
  struct Task {
    std::function<std::optional<std::string>()> body;
    std::vector<EventPtr> wait_for;
    EventPtr done;
    bool waiter_may_run = false;  // needs no GIL and no worker state
  };

  EventPtr Enqueue(std::function<std::optional<std::string>()> body,
                   std::vector<EventPtr> wait_for, bool waiter_may_run = false) {
    auto done = std::make_shared<Event>();
    if (waiter_may_run) done->SetStream(weak_from_this());
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (stopping_) {
        throw std::runtime_error("stream of device " + std::to_string(device_) +
                                 " is shut down");
      }
      queue_.push_back(Task{std::move(body), std::move(wait_for), done, waiter_may_run});
    }
    cv_.notify_one();
    return done;
  }

  static void RunTask(Task& task) {
    std::optional<std::string> error;
    for (auto& dependency : task.wait_for) {
      dependency->WaitNoGil(-1);
      if (!error) error = dependency->Error();
    }
    if (!error) {
      try {
        error = task.body();
      } catch (std::exception& e) {
        error = std::string(e.what());
      }
    }
    // What the task holds (a copy's destination buffer) goes before the
    // event is set: a waiter that then frees the buffer sees exact stats.
    task.body = nullptr;
    task.wait_for.clear();
    task.done->Set(std::move(error));
  }

  void Run() {
    worker_id_.store(std::this_thread::get_id());
    for (;;) {
      Task task;
      {
        std::unique_lock<std::mutex> lock(mu_);
        // A task a waiter runs (busy_) keeps the next one waiting, in order,
        // and keeps a stopping stream from calling itself drained.
        cv_.wait(lock, [this] {
          return (stopping_ && queue_.empty() && !busy_) ||
                 (!queue_.empty() && !busy_ && !paused_);
        });
        if (queue_.empty()) return;  // stopping and drained
        task = std::move(queue_.front());
        queue_.pop_front();
        busy_ = true;
      }
      RunTask(task);
      {
        std::lock_guard<std::mutex> lock(mu_);
        busy_ = false;
      }
      cv_.notify_all();  // a waiter may run the next task (RunIfNext)
    }
  }

  int device_;
  std::mutex mu_;
  std::mutex join_mu_;
  std::condition_variable cv_;
  std::deque<Task> queue_;
  bool stopping_ = false;
  bool busy_ = false;
  bool paused_ = false;
  int64_t run_by_waiters_ = 0;
  std::atomic<std::thread::id> worker_id_{};
  std::thread worker_;
};

bool Event::Wait(double seconds) {
  if (IsReady()) return true;
  py::gil_scoped_release release;
  if (seconds < 0) {
    if (std::shared_ptr<Stream> stream = stream_.lock()) stream->RunIfNext(this);
  }
  return WaitNoGil(seconds);
}

py::dict MemoryStats(int device) {
  AllocationStats& stats = StatsFor(device);
  py::dict out;
  out["bytes_in_use"] = stats.bytes_in_use.load();
  out["peak_bytes_in_use"] = stats.peak_bytes_in_use.load();
  out["num_allocs"] = stats.num_allocs.load();
  out["largest_alloc_size"] = stats.largest_alloc_size.load();
  return out;
}

// XLA's CPU runtime computes with denormals flushed to zero (FTZ) and
// treated as zero on input (DAZ). The flags are per thread.
bool SetFlushDenormals(bool enable) {
#if defined(__x86_64__) || defined(_M_X64)
  constexpr unsigned kFtzDaz = 0x8040;  // MXCSR FZ (bit 15) | DAZ (bit 6)
  unsigned csr = _mm_getcsr();
  bool previous = (csr & kFtzDaz) == kFtzDaz;
  _mm_setcsr(enable ? (csr | kFtzDaz) : (csr & ~kFtzDaz));
  return previous;
#elif defined(__aarch64__)
  constexpr uint64_t kFz = uint64_t{1} << 24;  // FPCR.FZ
  uint64_t fpcr;
  asm volatile("mrs %0, fpcr" : "=r"(fpcr));
  bool previous = (fpcr & kFz) != 0;
  fpcr = enable ? (fpcr | kFz) : (fpcr & ~kFz);
  asm volatile("msr fpcr, %0" : : "r"(fpcr));
  return previous;
#else
  (void)enable;
  throw std::runtime_error("flushing denormals is not supported on this CPU");
#endif
}

// BufferExporter: a base class that gives its Python subclasses the buffer
// protocol, which a class written in Python cannot have before Python 3.12.
// A subclass defines _buffer_export() returning the object (a NumPy array)
// whose buffer it exports; the view then holds that object, so it outlives a
// later delete() of the subclass instance.
int BufferExporterGetBuffer(PyObject* self, Py_buffer* view, int flags) {
  PyObject* exported = PyObject_CallMethod(self, "_buffer_export", nullptr);
  if (exported == nullptr) {
    view->obj = nullptr;
    return -1;
  }
  int status = PyObject_GetBuffer(exported, view, flags);
  Py_DECREF(exported);
  return status;
}

PyObject* MakeBufferExporterType() {
  static PyType_Slot slots[] = {
      {Py_bf_getbuffer, reinterpret_cast<void*>(&BufferExporterGetBuffer)},
      {Py_tp_doc, const_cast<char*>(
                      "Base class exporting the buffer of self._buffer_export().")},
      {0, nullptr},
  };
  static PyType_Spec spec = {
      "jaxlib._native.BufferExporter", static_cast<int>(sizeof(PyObject)), 0,
      Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, slots};
  return PyType_FromSpec(&spec);
}

// CallsWithoutOwnFrames: a base class whose instances are called through
// tp_call, which runs self._call(*args, **kwargs). Written in C, the call adds
// no Python frame of its own to a traceback; on an error it hands the
// traceback to self._hide_frames(tb), which returns it without the frames the
// subclass wants hidden (jaxlib's own Python, where the reference has C++).
PyObject* CallsWithoutOwnFramesCall(PyObject* self, PyObject* args, PyObject* kwargs) {
  PyObject* method = PyObject_GetAttrString(self, "_call");
  if (method == nullptr) return nullptr;
  PyObject* result = PyObject_Call(method, args, kwargs);
  Py_DECREF(method);
  if (result != nullptr) return result;
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  if (traceback != nullptr) {
    PyObject* kept = PyObject_CallMethod(self, "_hide_frames", "O", traceback);
    if (kept == nullptr) {
      PyErr_Clear();  // keep the original traceback
    } else {
      Py_DECREF(traceback);
      traceback = kept == Py_None ? nullptr : kept;
      if (kept == Py_None) Py_DECREF(kept);
      if (value != nullptr && traceback != nullptr) {
        PyException_SetTraceback(value, traceback);
      } else if (value != nullptr) {
        PyException_SetTraceback(value, Py_None);
      }
    }
  }
  PyErr_Restore(type, value, traceback);
  return nullptr;
}

PyObject* MakeCallsWithoutOwnFramesType() {
  static PyType_Slot slots[] = {
      {Py_tp_call, reinterpret_cast<void*>(&CallsWithoutOwnFramesCall)},
      {Py_tp_doc, const_cast<char*>(
                      "Base class called as self._call(...), adding no frame of its own.")},
      {0, nullptr},
  };
  static PyType_Spec spec = {
      "jaxlib._native.CallsWithoutOwnFrames", static_cast<int>(sizeof(PyObject)), 0,
      Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, slots};
  return PyType_FromSpec(&spec);
}

}  // namespace

PYBIND11_MODULE(_native, m) {
  m.doc() = "jaxlib-core native runtime: aligned device memory and streams";
  m.attr("ALIGNMENT") = jaxhost::kAlignment;

  py::class_<HostBuffer, std::shared_ptr<HostBuffer>>(m, "HostBuffer",
                                                      py::buffer_protocol())
      .def(py::init<int, size_t>(), py::arg("device"), py::arg("nbytes"))
      .def_property_readonly("size", &HostBuffer::size)
      .def_property_readonly("device", &HostBuffer::device)
      .def_property_readonly("address", &HostBuffer::address)
      .def_buffer([](HostBuffer& b) {
        return py::buffer_info(b.data(), 1, "B", 1,
                               {static_cast<py::ssize_t>(b.size())}, {1});
      });

  py::class_<Event, EventPtr>(m, "Event")
      .def("is_ready", &Event::IsReady)
      .def("wait", &Event::Wait, py::arg("timeout") = -1.0)
      .def("error", &Event::Error);

  py::class_<Stream, std::shared_ptr<Stream>>(m, "Stream")
      .def(py::init<int>(), py::arg("device"))
      .def("enqueue_copy", &Stream::EnqueueCopy, py::arg("dst"),
           py::arg("src_address"), py::arg("nbytes"),
           py::arg("wait_for") = std::vector<EventPtr>{})
      .def("enqueue_python", &Stream::EnqueuePython, py::arg("fn"),
           py::arg("wait_for") = std::vector<EventPtr>{})
      .def("enqueue_plan", &Stream::EnqueuePlan, py::arg("runner"), py::arg("inputs"),
           py::arg("input_bytes"), py::arg("outputs"), py::arg("output_bytes"),
           py::arg("wait_for") = std::vector<EventPtr>{})
      .def("pause", &Stream::Pause)
      .def("resume", &Stream::Resume)
      .def_property_readonly("run_by_waiters", &Stream::run_by_waiters)
      .def("marker", &Stream::Marker)
      .def("shutdown", &Stream::Shutdown)
      .def("pending", &Stream::pending)
      .def_property_readonly("device", &Stream::device);

  PyObject* exporter = MakeBufferExporterType();
  if (exporter == nullptr) throw py::error_already_set();
  m.attr("BufferExporter") = py::reinterpret_steal<py::object>(exporter);
  PyObject* calls = MakeCallsWithoutOwnFramesType();
  if (calls == nullptr) throw py::error_already_set();
  m.attr("CallsWithoutOwnFrames") = py::reinterpret_steal<py::object>(calls);

  m.def("set_flush_denormals", &SetFlushDenormals, py::arg("enable"),
        "Sets this thread's flush-to-zero/denormals-are-zero mode; returns the "
        "previous mode.");
  m.def("memory_stats", &MemoryStats, py::arg("device"),
        "Allocation counters of one device's HostBuffers.");
}
