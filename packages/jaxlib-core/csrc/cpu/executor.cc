// The step executor: runs a program lowered by backends/cpu/plan.py.
//
// A plan is a set of regions (the entry function's body, loop bodies and
// branches; calls are inlined by the planner), each a list of steps over
// numbered slots. A slot is one SSA value with a static type. Its storage
// ("home") is decided at compile time: an offset into the plan's arena
// (temporaries, shared by values whose lifetimes do not overlap), a
// caller-provided output buffer, a constant, a parameter, or none (the
// slot then points at storage produced by another step: an alias or the
// array a Python kernel returned).
//
// Steps: a native kernel; a Python kernel (the reference semantics, for ops
// without a native kernel); an alias (reshape); while; case/if. Loops and
// branches run here, so a small loop body costs no Python per iteration.
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include "host_memory.h"
#include "plan_runner.h"
#include "py_common.h"

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

namespace jaxcpu {
namespace {

py::object& ErrorType() {
  static auto* type = new py::object(py::reinterpret_borrow<py::object>(PyExc_RuntimeError));
  return *type;
}

[[noreturn]] void RaiseRuntimeError(const std::string& message) {
  PyErr_SetString(ErrorType().ptr(), message.c_str());
  throw py::error_already_set();
}

// A failure while a plan runs, GIL held or not; the message starts with a
// status code name. Run turns it into the Python error, RunRaw into text.
class PlanFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Sets FTZ/DAZ for the scope (and, through ParallelFor, on the workers).
class FlushDenormals {
 public:
#if defined(__x86_64__) || defined(__i386__)
  FlushDenormals() : saved_(_mm_getcsr()) { _mm_setcsr(saved_ | 0x8040); }
  ~FlushDenormals() { _mm_setcsr(saved_); }

 private:
  unsigned saved_;
#endif
};

// Slot homes, numbered here only: plan.py reads {name: number} (slot_homes()).
#define JAXCPU_SLOT_HOMES(X) \
  X(kNone, "none") X(kArena, "arena") X(kOutput, "output") X(kConstant, "constant") \
  X(kParam, "param")
enum class Home : int {
#define JAXCPU_HOME(id, name) id,
  JAXCPU_SLOT_HOMES(JAXCPU_HOME)
#undef JAXCPU_HOME
};
enum class StepKind : int { kKernel, kPython, kAlias, kWhile, kCase, kRows };

// Kernels touching more than this many bytes run without the GIL.
constexpr int64_t kReleaseGilBytes = 1 << 16;

struct SlotInfo {
  Home home = Home::kNone;
  int64_t location = 0;  // arena offset, or output / constant / parameter index
  int64_t nbytes = 0;
  py::dtype dtype;
  std::vector<py::ssize_t> shape;
};

struct Step {
  StepKind kind = StepKind::kKernel;
  std::string name;  // the op and its location, for errors
  std::shared_ptr<Kernel> kernel;
  bool release_gil = false;
  bool in_place = false;
  py::object fn;
  std::vector<int> ins, outs;
  // while: cond/body regions; case: branches (region, result slots)
  int cond_region = -1, cond_result = -1, body_region = -1;
  std::vector<int> body_results;
  // while: the carried values (indices) whose body result the planner kept
  // in storage of its own for the whole loop: after each iteration the two
  // storages trade places instead of the result being copied; the others
  // (copy_from -> copy_to) are copied.
  std::vector<int> swapped, copy_from, copy_to;
  bool index_is_pred = false;
  std::vector<int> branch_regions;
  std::vector<std::vector<int>> branch_results;
  // rows: kernel steps run one block of `block_rows` rows (of `rows`) at a time
  std::vector<Step> parts;
  int64_t rows = 0, block_rows = 0;
  // Profiling (Plan::set_profiling): calls and seconds spent in this step.
  mutable int64_t calls = 0;
  mutable double seconds = 0;
};

std::vector<int> IntList(const py::handle& h) {
  std::vector<int> out;
  for (auto v : h) out.push_back(py::cast<int>(v));
  return out;
}

struct Frame {
  // Run from Python: the GIL is held between kernels, and `owners` and
  // Python steps may be used. RunRaw's frames touch no Python object.
  bool python = true;
  const py::list* inputs = nullptr;  // Run's input objects (owners of parameters)
  std::vector<void*> data;
  std::vector<py::object> owners;  // what keeps data alive, for non-arena slots
  char* arena = nullptr;
  py::object arena_owner;          // base object of numpy views into the arena
};

class Plan {
 public:
  Plan(const py::list& slots, const py::list& regions, int entry_region,
       const py::list& params, const py::list& results, int64_t arena_size,
       const py::list& constants)
      : entry_region_(entry_region), arena_size_(arena_size) {
    for (auto s : slots) {
      py::tuple t = py::reinterpret_borrow<py::tuple>(s);
      SlotInfo info;
      info.home = static_cast<Home>(py::cast<int>(t[0]));
      info.location = py::cast<int64_t>(t[1]);
      info.nbytes = py::cast<int64_t>(t[2]);
      info.dtype = py::dtype::from_args(t[3]);
      for (auto d : t[4]) info.shape.push_back(py::cast<py::ssize_t>(d));
      slots_.push_back(std::move(info));
    }
    for (auto r : regions) {
      std::vector<Step> steps;
      for (auto s : r) steps.push_back(ParseStep(py::reinterpret_borrow<py::tuple>(s)));
      regions_.push_back(std::move(steps));
    }
    params_ = IntList(params);
    results_ = IntList(results);
    for (auto c : constants) {
      py::array a = py::array::ensure(c, py::array::c_style);
      if (!a) throw py::value_error("plan constants must be arrays");
      constant_data_.push_back(const_cast<void*>(a.data()));
      constants_.push_back(a);
    }
    if (entry_region_ < 0 || entry_region_ >= static_cast<int>(regions_.size())) {
      throw py::value_error("plan entry region out of range");
    }
  }

  ~Plan() {
    for (char* a : arena_pool_) std::free(a);
  }

  void Run(const py::list& inputs, const py::list& outputs) {
    if (inputs.size() != params_.size() || outputs.size() != results_.size()) {
      throw py::value_error("plan: wrong number of inputs or outputs");
    }
    std::vector<void*> in_ptrs(inputs.size()), out_ptrs(outputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
      in_ptrs[i] = ExternalPointer(inputs[i], slots_[params_[i]], "input", i, false);
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      out_ptrs[i] = ExternalPointer(outputs[i], slots_[results_[i]], "output", i, true);
    }
    Frame frame;
    frame.inputs = &inputs;
    frame.owners.resize(slots_.size());
    try {
      Execute(frame, in_ptrs.data(), out_ptrs.data());
    } catch (const PlanFailure& failure) {
      RaiseRuntimeError(failure.what());
    }
  }

  // Runs the plan on buffers given by address and size, on a thread that
  // does not hold the GIL (the device stream's). Plans with Python steps
  // cannot run this way.
  void RunRaw(const void* const* inputs, const int64_t* input_bytes, size_t num_inputs,
              void* const* outputs, const int64_t* output_bytes, size_t num_outputs) {
    if (python_steps_) throw PlanFailure("INTERNAL: the plan has Python steps");
    if (num_inputs != params_.size() || num_outputs != results_.size()) {
      throw PlanFailure("INVALID_ARGUMENT: the program takes " + std::to_string(params_.size()) +
                        " inputs and " + std::to_string(results_.size()) + " outputs, got " +
                        std::to_string(num_inputs) + " and " + std::to_string(num_outputs));
    }
    auto check = [&](const int64_t* bytes, const std::vector<int>& slots, const char* what) {
      for (size_t i = 0; i < slots.size(); ++i) {
        if (bytes[i] != slots_[slots[i]].nbytes) {
          throw PlanFailure(std::string("INVALID_ARGUMENT: ") + what + " " + std::to_string(i) +
                            " has " + std::to_string(bytes[i]) +
                            " bytes, the program expects " +
                            std::to_string(slots_[slots[i]].nbytes));
        }
      }
    };
    check(input_bytes, params_, "input");
    check(output_bytes, results_, "output");
    Frame frame;
    frame.python = false;
    Execute(frame, const_cast<void* const*>(inputs), outputs);
  }

  bool python_steps() const { return python_steps_; }

  int64_t arena_size() const { return arena_size_; }
  size_t num_slots() const { return slots_.size(); }

 private:
  // Both entry points: slot homes from the caller's pointers, the entry
  // region, then results that live elsewhere copied into the outputs.
  void Execute(Frame& frame, void* const* in_ptrs, void* const* out_ptrs) {
    frame.data.assign(slots_.size(), nullptr);
    frame.arena = AcquireArena();
    struct ArenaReturn {
      Plan* plan;
      char* arena;
      ~ArenaReturn() { plan->ReleaseArena(arena); }
    } arena_return{this, frame.arena};
    for (size_t s = 0; s < slots_.size(); ++s) {
      const SlotInfo& info = slots_[s];
      switch (info.home) {
        case Home::kArena:
          frame.data[s] = frame.arena + info.location;
          break;
        case Home::kOutput:
          frame.data[s] = out_ptrs[info.location];
          break;
        case Home::kConstant:
          frame.data[s] = constant_data_[info.location];
          if (frame.python) frame.owners[s] = constants_[info.location];
          break;
        case Home::kParam:
          frame.data[s] = in_ptrs[info.location];
          if (frame.python) {
            frame.owners[s] = py::reinterpret_borrow<py::object>((*frame.inputs)[info.location]);
          }
          break;
        case Home::kNone:
          break;
      }
    }
    FlushDenormals flush;  // XLA's CPU runtime computes with FTZ/DAZ
    RunRegion(entry_region_, frame);
    for (size_t i = 0; i < results_.size(); ++i) {
      void* dst = out_ptrs[i];
      const void* src = frame.data[results_[i]];
      if (src != dst && slots_[results_[i]].nbytes > 0) {
        std::memcpy(dst, src, slots_[results_[i]].nbytes);
      }
    }
  }

  Step ParseStep(const py::tuple& t) {
    Step step;
    std::string kind = py::cast<std::string>(t[0]);
    if (kind == "kernel" || kind == "kernel_in_place") {
      // ("kernel", handle, ins, outs, name); in place: output 0 takes input 0's
      // storage (its value is dead) and the kernel updates it.
      step.kind = StepKind::kKernel;
      step.in_place = kind == "kernel_in_place";
      const KernelHandle& handle = py::cast<const KernelHandle&>(t[1]);
      step.kernel = handle.kernel;
      step.release_gil = handle.kernel->Cost() >= kReleaseGilBytes;
      step.ins = IntList(t[2]);
      step.outs = IntList(t[3]);
      step.name = py::cast<std::string>(t[4]);
      if (step.ins.size() != handle.inputs.size() || step.outs.size() != handle.outputs.size()) {
        throw py::value_error("plan: kernel step arity differs from its kernel: " + step.name);
      }
    } else if (kind == "python") {  // ("python", fn, ins, outs, name)
      step.kind = StepKind::kPython;
      python_steps_ = true;
      step.fn = py::reinterpret_borrow<py::object>(t[1]);
      step.ins = IntList(t[2]);
      step.outs = IntList(t[3]);
      step.name = py::cast<std::string>(t[4]);
    } else if (kind == "alias") {  // ("alias", in, out)
      step.kind = StepKind::kAlias;
      step.ins = {py::cast<int>(t[1])};
      step.outs = {py::cast<int>(t[2])};
    } else if (kind == "while") {
      // ("while", operands, outs, cond_region, cond_result, body_region, body_results)
      step.kind = StepKind::kWhile;
      step.ins = IntList(t[1]);
      step.outs = IntList(t[2]);
      step.cond_region = py::cast<int>(t[3]);
      step.cond_result = py::cast<int>(t[4]);
      step.body_region = py::cast<int>(t[5]);
      step.body_results = IntList(t[6]);
      if (step.ins.size() != step.outs.size() || step.body_results.size() != step.outs.size()) {
        throw py::value_error("plan: malformed while step");
      }
      // (..., swapped): optional, a bool per carried value.
      std::vector<int> swap_flags;
      if (t.size() > 7) swap_flags = IntList(t[7]);
      if (t.size() > 8 || (t.size() > 7 && swap_flags.size() != step.outs.size())) {
        throw py::value_error("plan: malformed while step");
      }
      auto arena_slot = [&](int slot) {
        return slot >= 0 && slot < static_cast<int>(slots_.size()) &&
               slots_[slot].home == Home::kArena;
      };
      for (size_t i = 0; i < step.outs.size(); ++i) {
        if (i < swap_flags.size() && swap_flags[i]) {
          // Storages of one size, the result's in the arena, and the result
          // none of the others.
          const int out = step.outs[i], result = step.body_results[i];
          const bool out_storage = arena_slot(out) || (out >= 0 && out < static_cast<int>(slots_.size()) &&
                                                        slots_[out].home == Home::kOutput);
          if (!out_storage || !arena_slot(result) ||
              slots_[out].nbytes != slots_[result].nbytes ||
              std::count(step.outs.begin(), step.outs.end(), result) != 0 ||
              std::count(step.body_results.begin(), step.body_results.end(), result) != 1) {
            throw py::value_error("plan: malformed while step");
          }
          step.swapped.push_back(static_cast<int>(i));
        } else {
          step.copy_from.push_back(step.body_results[i]);
          step.copy_to.push_back(step.outs[i]);
        }
      }
    } else if (kind == "case") {
      // ("case", index_slot, index_is_pred, outs, [region...], [[result slots]...])
      step.kind = StepKind::kCase;
      step.ins = {py::cast<int>(t[1])};
      step.index_is_pred = py::cast<bool>(t[2]);
      step.outs = IntList(t[3]);
      step.branch_regions = IntList(t[4]);
      for (auto r : t[5]) step.branch_results.push_back(IntList(r));
      if (step.branch_regions.empty() ||
          step.branch_regions.size() != step.branch_results.size()) {
        throw py::value_error("plan: malformed case step");
      }
    } else if (kind == "rows") {
      // ("rows", [kernel steps], rows, block_rows, name): every kernel computes
      // its parts of rows [r0, r1) before the next block of rows starts.
      step.kind = StepKind::kRows;
      int64_t cost = 0;
      for (auto p : t[1]) {
        Step part = ParseStep(py::reinterpret_borrow<py::tuple>(p));
        if (part.kind != StepKind::kKernel || part.in_place) {
          throw py::value_error("plan: a rows step holds kernel steps only");
        }
        cost += part.kernel->Cost();
        step.parts.push_back(std::move(part));
      }
      step.rows = py::cast<int64_t>(t[2]);
      step.block_rows = py::cast<int64_t>(t[3]);
      step.name = py::cast<std::string>(t[4]);
      if (step.parts.empty() || step.rows <= 0 || step.block_rows <= 0) {
        throw py::value_error("plan: malformed rows step");
      }
      for (const Step& part : step.parts) {
        if (!part.kernel->SupportsRowBlocks(step.rows)) {
          throw py::value_error("plan: " + part.name + " cannot run in blocks of rows");
        }
      }
      step.release_gil = cost >= kReleaseGilBytes;
    } else {
      throw py::value_error("plan: unknown step kind " + kind);
    }
    return step;
  }

  // The memory of a caller's buffer: a numpy array or any object exporting
  // the buffer protocol (the runtime's HostBuffer), of exactly the slot's size.
  void* ExternalPointer(const py::handle& h, const SlotInfo& info, const char* what, size_t i,
                        bool writable) {
    Py_buffer view;
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(h.ptr(), &view, flags) != 0) {
      PyErr_Clear();
      RaiseRuntimeError(std::string("INVALID_ARGUMENT: ") + what + " " + std::to_string(i) +
                        " is not a C-contiguous" + (writable ? " writable" : "") + " buffer");
    }
    void* ptr = view.buf;
    int64_t len = view.len;
    PyBuffer_Release(&view);  // the owner keeps the memory alive for the run
    if (len != info.nbytes) {
      RaiseRuntimeError(std::string("INVALID_ARGUMENT: ") + what + " " + std::to_string(i) +
                        " has " + std::to_string(len) + " bytes, the program expects " +
                        std::to_string(info.nbytes));
    }
    return ptr;
  }

  char* AcquireArena() {
    {
      std::lock_guard<std::mutex> lock(arena_mutex_);
      if (!arena_pool_.empty()) {
        char* a = arena_pool_.back();
        arena_pool_.pop_back();
        return a;
      }
    }
    char* a = static_cast<char*>(
        jaxhost::AllocateHost(jaxhost::HostAllocationSize(static_cast<size_t>(arena_size_))));
    if (a == nullptr) throw PlanFailure("RESOURCE_EXHAUSTED: cannot allocate the program's temporaries");
    return a;
  }

  void ReleaseArena(char* arena) {
    std::lock_guard<std::mutex> lock(arena_mutex_);
    if (arena_pool_.size() < 2) {
      arena_pool_.push_back(arena);
    } else {
      std::free(arena);
    }
  }

  // A numpy view of a slot, for Python kernels.
  py::array View(Frame& frame, int slot) {
    const SlotInfo& info = slots_[slot];
    py::handle base = frame.owners[slot];
    if (!base) {
      if (!frame.arena_owner) frame.arena_owner = py::capsule(frame.arena, "jaxlib.cpu.arena");
      base = frame.arena_owner;
    }
    return py::array(info.dtype, info.shape, frame.data[slot], base);
  }

  void SetFromPython(Frame& frame, int slot, py::handle value, const Step& step) {
    const SlotInfo& info = slots_[slot];
    py::array a = py::array::ensure(value, py::array::c_style);
    if (!a) {
      PyErr_Clear();
      RaiseRuntimeError("INTERNAL: " + step.name + " returned a value that is not an array");
    }
    if (!a.dtype().is(info.dtype) && !a.dtype().equal(info.dtype)) {
      a = py::array::ensure(a.attr("astype")(info.dtype), py::array::c_style);
    }
    if (static_cast<int64_t>(a.nbytes()) != info.nbytes) {
      RaiseRuntimeError("INTERNAL: " + step.name + " returned " + std::to_string(a.nbytes()) +
                        " bytes for a result of " + std::to_string(info.nbytes));
    }
    if (info.home == Home::kArena || info.home == Home::kOutput) {
      if (info.nbytes > 0) std::memcpy(frame.data[slot], a.data(), info.nbytes);
    } else {
      const char* data = static_cast<const char*>(a.data());
      if (data >= frame.arena && data < frame.arena + arena_size_) {
        // A view of a temporary whose bytes may be reused: keep a copy.
        a = py::array::ensure(a.attr("copy")(), py::array::c_style);
      }
      frame.data[slot] = const_cast<void*>(a.data());
      frame.owners[slot] = a;
    }
  }

  // Copies `from[i]` into the homes of `to[i]`; stages through a scratch copy
  // when a source is another destination (a loop that permutes its values).
  void CopyInto(Frame& frame, const std::vector<int>& from, const std::vector<int>& to) {
    bool stage = false;
    for (size_t i = 0; i < from.size() && !stage; ++i) {
      for (size_t j = 0; j < to.size(); ++j) {
        if (i != j && frame.data[from[i]] == frame.data[to[j]] && slots_[to[j]].nbytes > 0) {
          stage = true;
          break;
        }
      }
    }
    if (!stage) {
      for (size_t i = 0; i < from.size(); ++i) {
        void* dst = frame.data[to[i]];
        const void* src = frame.data[from[i]];
        if (dst != src && slots_[to[i]].nbytes > 0) std::memcpy(dst, src, slots_[to[i]].nbytes);
      }
      return;
    }
    std::vector<std::vector<char>> scratch(from.size());
    for (size_t i = 0; i < from.size(); ++i) {
      const char* src = static_cast<const char*>(frame.data[from[i]]);
      scratch[i].assign(src, src + slots_[to[i]].nbytes);
    }
    for (size_t i = 0; i < from.size(); ++i) {
      if (!scratch[i].empty()) std::memcpy(frame.data[to[i]], scratch[i].data(), scratch[i].size());
    }
  }

  void RunKernel(const Step& step, Frame& frame) {
    if (step.in_place) {
      frame.data[step.outs[0]] = frame.data[step.ins[0]];
      if (frame.python) frame.owners[step.outs[0]] = frame.owners[step.ins[0]];
    }
    constexpr size_t kInline = 32;
    const void* in_inline[kInline];
    void* out_inline[kInline];
    std::vector<const void*> in_heap;
    std::vector<void*> out_heap;
    const void** in = in_inline;
    void** out = out_inline;
    if (step.ins.size() > kInline) {
      in_heap.resize(step.ins.size());
      in = in_heap.data();
    }
    if (step.outs.size() > kInline) {
      out_heap.resize(step.outs.size());
      out = out_heap.data();
    }
    for (size_t i = 0; i < step.ins.size(); ++i) in[i] = frame.data[step.ins[i]];
    for (size_t i = 0; i < step.outs.size(); ++i) out[i] = frame.data[step.outs[i]];
    std::string failure;
    try {
      if (step.release_gil && frame.python) {
        py::gil_scoped_release release;
        step.kernel->Run(in, out);
      } else {
        step.kernel->Run(in, out);
      }
    } catch (const RuntimeFailure& err) {
      failure = err.what();
    } catch (const std::exception& err) {
      failure = std::string("internal error: ") + err.what();
    }
    if (!failure.empty()) throw PlanFailure("INTERNAL: " + step.name + ": " + failure);
  }

  void RunRows(const Step& step, Frame& frame) {
    std::vector<std::vector<const void*>> ins(step.parts.size());
    std::vector<std::vector<void*>> outs(step.parts.size());
    for (size_t k = 0; k < step.parts.size(); ++k) {
      for (int slot : step.parts[k].ins) ins[k].push_back(frame.data[slot]);
      for (int slot : step.parts[k].outs) outs[k].push_back(frame.data[slot]);
    }
    const int64_t blocks = (step.rows + step.block_rows - 1) / step.block_rows;
    std::mutex failure_mutex;
    std::string failure;
    auto run_blocks = [&](int64_t first, int64_t last) {
      try {
        for (int64_t b = first; b < last; ++b) {
          const int64_t r0 = b * step.block_rows;
          const int64_t r1 = std::min(step.rows, r0 + step.block_rows);
          for (size_t k = 0; k < step.parts.size(); ++k) {
            step.parts[k].kernel->RunRowBlock(ins[k].data(), outs[k].data(), step.rows, r0, r1);
          }
        }
      } catch (const std::exception& err) {
        std::lock_guard<std::mutex> lock(failure_mutex);
        if (failure.empty()) failure = err.what();
      }
    };
    if (step.release_gil && frame.python) {
      py::gil_scoped_release release;
      ParallelFor(blocks, 1, run_blocks);
    } else {
      ParallelFor(blocks, 1, run_blocks);
    }
    if (!failure.empty()) throw PlanFailure("INTERNAL: " + step.name + ": " + failure);
  }

  void RunPython(const Step& step, Frame& frame) {
    py::tuple args(step.ins.size());
    for (size_t i = 0; i < step.ins.size(); ++i) args[i] = View(frame, step.ins[i]);
    py::object result = step.fn(*args);
    py::tuple values = py::reinterpret_borrow<py::tuple>(result);
    if (!py::isinstance<py::tuple>(result) || values.size() != step.outs.size()) {
      RaiseRuntimeError("INTERNAL: " + step.name + " returned the wrong number of results");
    }
    for (size_t i = 0; i < step.outs.size(); ++i) SetFromPython(frame, step.outs[i], values[i], step);
  }

  void RunWhile(const Step& step, Frame& frame) {
    CopyInto(frame, step.ins, step.outs);
    if (step.swapped.empty()) {
      for (;;) {
        RunRegion(step.cond_region, frame);
        if (*static_cast<const uint8_t*>(frame.data[step.cond_result]) == 0) break;
        RunRegion(step.body_region, frame);
        CopyInto(frame, step.body_results, step.outs);
      }
      return;
    }
    // Ping-pong: a swapped value's two storages trade places each iteration;
    // at the end the value goes back to its own (one copy, if it is away).
    std::vector<void*> homes;
    for (int i : step.swapped) homes.push_back(frame.data[step.outs[i]]);
    for (;;) {
      RunRegion(step.cond_region, frame);
      if (*static_cast<const uint8_t*>(frame.data[step.cond_result]) == 0) break;
      RunRegion(step.body_region, frame);
      // The copies first: their sources may be carried values about to move.
      CopyInto(frame, step.copy_from, step.copy_to);
      for (int i : step.swapped) {
        std::swap(frame.data[step.outs[i]], frame.data[step.body_results[i]]);
      }
    }
    for (size_t k = 0; k < step.swapped.size(); ++k) {
      const int out = step.outs[step.swapped[k]], result = step.body_results[step.swapped[k]];
      if (frame.data[out] == homes[k]) continue;
      std::memcpy(homes[k], frame.data[out], static_cast<size_t>(slots_[out].nbytes));
      frame.data[result] = frame.data[out];
      frame.data[out] = homes[k];
    }
  }

  void RunCase(const Step& step, Frame& frame) {
    const void* index = frame.data[step.ins[0]];
    int64_t branches = static_cast<int64_t>(step.branch_regions.size());
    int64_t chosen;
    if (step.index_is_pred) {
      chosen = *static_cast<const uint8_t*>(index) ? 0 : 1;  // if: true runs the first region
    } else {
      int32_t i = *static_cast<const int32_t*>(index);
      chosen = (i < 0 || i >= branches) ? branches - 1 : i;  // out of range: the last branch
    }
    RunRegion(step.branch_regions[chosen], frame);
    CopyInto(frame, step.branch_results[chosen], step.outs);
  }

  void RunRegion(int region, Frame& frame) {
    for (const Step& step : regions_[region]) {
      if (profiling_ && (step.kind == StepKind::kKernel || step.kind == StepKind::kPython ||
                         step.kind == StepKind::kRows)) {
        auto start = std::chrono::steady_clock::now();
        RunStep(step, frame);
        step.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                            .count();
        ++step.calls;
      } else {
        RunStep(step, frame);
      }
    }
  }

  void RunStep(const Step& step, Frame& frame) {
      switch (step.kind) {
        case StepKind::kKernel:
          RunKernel(step, frame);
          break;
        case StepKind::kPython:
          RunPython(step, frame);
          break;
        case StepKind::kAlias:
          frame.data[step.outs[0]] = frame.data[step.ins[0]];
          if (frame.python) frame.owners[step.outs[0]] = frame.owners[step.ins[0]];
          break;
        case StepKind::kWhile:
          RunWhile(step, frame);
          break;
        case StepKind::kCase:
          RunCase(step, frame);
          break;
        case StepKind::kRows:
          RunRows(step, frame);
          break;
      }
  }

 public:
  void set_profiling(bool enable) { profiling_ = enable; }

  // (step name, kind, calls, seconds) for every kernel and Python step.
  py::list Profile() const {
    py::list out;
    for (const auto& region : regions_) {
      for (const Step& step : region) {
        if (step.kind != StepKind::kKernel && step.kind != StepKind::kPython &&
            step.kind != StepKind::kRows) {
          continue;
        }
        out.append(py::make_tuple(step.name, step.kind == StepKind::kPython ? "python" : "native",
                                  step.calls, step.seconds));
      }
    }
    return out;
  }

 private:
  bool profiling_ = false;

  std::vector<SlotInfo> slots_;
  std::vector<std::vector<Step>> regions_;
  int entry_region_;
  std::vector<int> params_, results_;
  int64_t arena_size_;
  std::vector<py::array> constants_;
  std::vector<void*> constant_data_;  // constants_[i]'s bytes, for frames without the GIL
  bool python_steps_ = false;
  std::mutex arena_mutex_;
  std::vector<char*> arena_pool_;
};

// PlanRunner::run (plan_runner.h): any exception becomes the message.
bool RunPlanRaw(const void* plan, const void* const* inputs, const int64_t* input_bytes,
                size_t num_inputs, void* const* outputs, const int64_t* output_bytes,
                size_t num_outputs, char* error, size_t error_size) {
  std::string message;
  try {
    const_cast<Plan*>(static_cast<const Plan*>(plan))
        ->RunRaw(inputs, input_bytes, num_inputs, outputs, output_bytes, num_outputs);
    return true;
  } catch (const PlanFailure& failure) {
    message = failure.what();
  } catch (const std::exception& failure) {
    message = std::string("INTERNAL: ") + failure.what();
  } catch (...) {
    message = "INTERNAL: unknown failure while running the program";
  }
  if (error_size > 0) {
    const size_t n = std::min(message.size(), error_size - 1);
    std::memcpy(error, message.data(), n);
    error[n] = '\0';
  }
  return false;
}

}  // namespace

void RegisterExecutor(py::module_& m) {
  m.def("set_error_type", [](py::object type) { ErrorType() = type; },
        "Sets the exception type raised for run-time failures (XlaRuntimeError).");
  m.def(
      "slot_homes",
      [] {
        py::dict homes;
#define JAXCPU_HOME(id, name) homes[name] = static_cast<int>(Home::id);
        JAXCPU_SLOT_HOMES(JAXCPU_HOME)
#undef JAXCPU_HOME
        return homes;
      },
      "{name: number} of the slot homes a plan's slots name.");
  py::class_<Plan>(m, "Plan")
      .def(py::init<const py::list&, const py::list&, int, const py::list&, const py::list&,
                    int64_t, const py::list&>(),
           py::arg("slots"), py::arg("regions"), py::arg("entry_region"), py::arg("params"),
           py::arg("results"), py::arg("arena_size"), py::arg("constants"))
      .def("run", &Plan::Run, py::arg("inputs"), py::arg("outputs"),
           "Runs the program: reads `inputs`, writes every result into `outputs`.")
      .def(
          "runner",
          [](Plan& plan) -> py::object {
            if (plan.python_steps()) return py::none();
            auto* runner = new jaxhost::PlanRunner{&plan, &RunPlanRaw};
            return py::capsule(runner, jaxhost::kPlanRunnerCapsule, [](PyObject* capsule) {
              delete static_cast<jaxhost::PlanRunner*>(
                  PyCapsule_GetPointer(capsule, jaxhost::kPlanRunnerCapsule));
            });
          },
          "A capsule through which the device stream runs this plan without the GIL (None "
          "when the plan has Python steps). The plan must outlive every run through it.")
      .def("set_profiling", &Plan::set_profiling, py::arg("enable"),
           "Times every kernel and Python step from now on (see profile()).")
      .def("profile", &Plan::Profile,
           "[(step, 'native' | 'python', calls, seconds)] since profiling was enabled.")
      .def_property_readonly("arena_size", &Plan::arena_size)
      .def_property_readonly("num_slots", &Plan::num_slots);
}

}  // namespace jaxcpu
