// The contract between the CPU executor and its native kernels.
//
// A kernel is built once at compile time from its op's attributes (Params) and
// the static types of its operands and results (TensorSpec); at run time it
// gets raw, C-contiguous, 64-byte aligned buffers and must not allocate
// Python objects (it runs without the GIL). Kernels register themselves by
// name from their own compile unit (JAXCPU_REGISTER_KERNEL), so each family
// lives in one file of csrc/cpu/kernels/.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace jaxcpu {

// Element types, named as numpy names them (ml_dtypes for bfloat16 etc.).
enum class DType : int {
  kPred, kS8, kS16, kS32, kS64, kU8, kU16, kU32, kU64,
  kF16, kBF16, kF32, kF64, kC64, kC128, kOther,
};

DType DTypeFromName(const std::string& name);
const char* DTypeName(DType dtype);
int64_t DTypeSize(DType dtype);  // bytes per element; 0 for kOther

struct TensorSpec {
  DType dtype = DType::kOther;
  std::string dtype_name;  // the numpy name, kept for kOther types
  std::vector<int64_t> dims;

  int rank() const { return static_cast<int>(dims.size()); }
  int64_t num_elements() const {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    return n;
  }
  int64_t nbytes() const { return num_elements() * DTypeSize(dtype); }
};

// A kernel's compile-time attributes: a flat name -> value map built from a
// Python dict of int, float, str/bytes, list[int] and list[float].
class Params {
 public:
  std::map<std::string, std::vector<int64_t>> ints;
  std::map<std::string, std::vector<double>> floats;
  std::map<std::string, std::string> strings;

  bool has(const std::string& key) const;
  int64_t get_int(const std::string& key) const;
  int64_t get_int(const std::string& key, int64_t fallback) const;
  const std::vector<int64_t>& get_ints(const std::string& key) const;
  double get_float(const std::string& key) const;
  const std::vector<double>& get_floats(const std::string& key) const;
  const std::string& get_string(const std::string& key) const;
};

// Thrown by a factory for a variant it does not handle: the compiler then
// uses the op's reference kernel instead (never an error for the user).
class Unsupported : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Thrown by Run for a run-time failure; surfaces as XlaRuntimeError.
class RuntimeFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Kernel {
 public:
  virtual ~Kernel() = default;
  // inputs[i] / outputs[j] point to the operand / result buffers, laid out as
  // the specs given to the factory. Outputs never alias inputs.
  virtual void Run(const void* const* inputs, void* const* outputs) = 0;
  // Rough work estimate in bytes touched, used to decide whether to release
  // the GIL and run asynchronously; the default is the sum of the buffers.
  virtual int64_t Cost() const { return cost_; }
  void set_cost(int64_t cost) { cost_ = cost; }

  // Row blocks (the executor's "rows" steps): a kernel whose results split
  // into `rows` equal row-major parts of its leading dimensions, part r
  // computed from part r of its operands, can compute parts [r0, r1) alone,
  // on the calling thread. Runs of such kernels then go through memory one
  // block of rows at a time while it is in cache.
  virtual bool SupportsRowBlocks(int64_t /*rows*/) const { return false; }
  // How the kernel runs its work, for tests and profiles (empty: no detail).
  virtual std::string Describe() const { return ""; }
  virtual void RunRowBlock(const void* const* /*inputs*/, void* const* /*outputs*/,
                           int64_t /*rows*/, int64_t /*r0*/, int64_t /*r1*/) {}

 private:
  int64_t cost_ = 0;
};

using KernelFactory = std::function<std::unique_ptr<Kernel>(
    const Params& params, const std::vector<TensorSpec>& inputs,
    const std::vector<TensorSpec>& outputs)>;

bool RegisterKernel(const char* name, KernelFactory factory);
// Builds a kernel; throws Unsupported when no factory has this name.
std::unique_ptr<Kernel> MakeKernel(const std::string& name, const Params& params,
                                   const std::vector<TensorSpec>& inputs,
                                   const std::vector<TensorSpec>& outputs);
std::vector<std::string> RegisteredKernels();

#define JAXCPU_CONCAT_INNER(a, b) a##b
#define JAXCPU_CONCAT(a, b) JAXCPU_CONCAT_INNER(a, b)
// JAXCPU_REGISTER_KERNEL("transpose", MakeTransposeKernel);
#define JAXCPU_REGISTER_KERNEL(name, factory) \
  static const bool JAXCPU_CONCAT(jaxcpu_registered_, __COUNTER__) = \
      ::jaxcpu::RegisterKernel(name, factory)

// ---- threads ---------------------------------------------------------------

// Threads available to kernels (the caller counts as one).
int NumThreads();
// Runs fn(begin, end) over [0, n) split in chunks of at least `grain` items on
// the shared pool; the caller takes part. Runs inline when one chunk suffices.
// fn must not throw.
void ParallelFor(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& fn);
// True on a thread that is running a ParallelFor chunk.
bool InParallel();
// Runs fn(i) for i in [0, n) with all n calls under way at once, for jobs that
// wait on each other; on the pool when it can, else on threads of their own.
void RunConcurrently(int64_t n, const std::function<void(int64_t)>& fn);

// Function multiversioning for hot loops: AVX-512 and AVX2+FMA clones chosen at load time,
// and the portable baseline (wheels are built without -march=native).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define JAXCPU_MULTIVERSION \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define JAXCPU_MULTIVERSION
#endif

}  // namespace jaxcpu
