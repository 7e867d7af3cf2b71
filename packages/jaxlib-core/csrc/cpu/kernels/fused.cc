// The fused-kernel interpreter ("fused"): runs the register bytecode that
// backends/cpu/fusion.py emits for a group of elementwise ops (optionally
// ending in a reduction) over tiles of the group's index space.
//
// Code layout (params["code"], one int64 list):
//   1, ndims, dims[ndims]                 the domain, collapsed by fusion.py
//   red_op, red_begin, red_end, init      reduction (red_op -1: none): domain
//                                         dims [red_begin, red_end) are reduced
//                                         with binary opcode red_op; init is
//                                         the init value's bits (see Scalar)
//   nslots, dtype[nslots]                 value slots (jaxcpu::DType codes)
//   nloads, {slot, kind, arg, strides[ndims]}...
//                                         kind 0: input `arg` read at linear
//                                         offset sum(strides * index); 1: the
//                                         constant `arg`; 2: iota, the value
//                                         sum(strides * index)
//   ninstr, {opcode, aux, dst, a, b, c}... opcodes of fused_ops.def; aux is
//                                         the compare direction (+8: total order)
//   nout, out_slot[nout]                  the outputs (one for a reduction: its
//                                         operand); further outputs of an
//                                         elementwise group are copied from
//                                         their slots after each tile
//
// Every instruction is a tight loop over one tile (kTile elements) between
// per-thread scratch buffers, which stay in L1/L2. Contiguous inputs are read
// in place and the last instruction writes straight into the output. Runs of
// float32 instructions that feed each other run as one chain, the running
// value in registers (PlanChains, ChainLoop), and two float add/sub/mul as
// one pair loop (PlanPairs).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "fused_encoding.h"
#include "kernel.h"
#include "narrow_float.h"
#include "vmath.h"
#include "vmath_avx512.h"

namespace jaxcpu {
namespace fused {

struct Instr;
using LoopFn = void (*)(const Instr& in, void* const* slots, int64_t n);

struct Instr {
  int op = 0, aux = 0, dst = -1, a = -1, b = -1, c = -1;
  LoopFn fn = nullptr;
  // When operand a (b) is a row-constant load that can stay one value per
  // tile: that load's FillCache index, and the loop for a uniform a (b).
  int uniform_a = -1, uniform_b = -1;
  LoopFn fn_uniform_a = nullptr, fn_uniform_b = nullptr;
  // Set on the first of two instructions run as one pass (PickPairLoop): the
  // second's other operand and destination; the second is then skipped.
  LoopFn pair_fn = nullptr;
  int pair_c = -1, pair_dst = -1;
  // Set on the first instruction of a chain: its index in chains_ and how many
  // instructions it covers (the others are skipped); `chained` on all of them.
  int chain = -1, chain_length = 0;
  bool chained = false;
};

// A chain (PlanChains): the value a, then one step per instruction, each
// combining the running value with its operand slot (none for unary steps);
// the last value goes to dst.
// Float chains use the codes up to kChainExp. 32-bit integer chains hold two
// running values, v and w: every step's result goes to v; the codes up to
// kChainFunnel take their operand from a slot, the ...W codes from w, and the
// last three move values (swap v and w; keep: w = v; load: v = slot).
enum ChainCode : int {
  kChainAdd, kChainMul, kChainSubFrom, kChainSubInto, kChainDivBy, kChainDivInto,
  kChainNeg, kChainTanh, kChainExp, kChainAnd, kChainOr, kChainXor, kChainShl,
  kChainShrLogical, kChainShrArith, kChainNot, kChainFunnel,
  kChainAddW, kChainMulW, kChainSubFromW, kChainSubIntoW, kChainAndW, kChainOrW,
  kChainXorW, kChainShlW, kChainShrLogicalW, kChainShrArithW,
  kChainSwap, kChainKeep, kChainLoad, kNumChainCodes
};
// kChainFunnel is three instructions, v = (v << operand) | (v >>> operand2)
// (a rotate when the counts add up to 32), the two shifts' results in
// registers; every other step is at most one instruction.
struct ChainStep {
  int code = kChainAdd, operand = -1, operand2 = -1;
};
struct Chain;
using ChainFn = void (*)(const Chain& chain, void* const* slots, int64_t n);
struct Chain {
  int a = -1, dst = -1;
  int dst2 = -1;  // an integer chain's second result (w at the end), or -1
  std::vector<ChainStep> steps;
  ChainFn fn = nullptr;  // the float or the integer chain loop
  bool integer = false;
};

struct ReduceFns {
  void (*lanes)(void* lanes, const void* data, int64_t n) = nullptr;
  void (*combine)(void* acc, const void* data, int64_t n) = nullptr;
};

// AVX-512 loops use 512-bit vectors: GCC's generic tuning would otherwise keep
// them at 256 bits, and the interpreter's loops are compute bound in L1.
namespace avx512 {
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512dq,avx512vl,avx2,fma,prefer-vector-width=512")
#define FUSED_AVX512 1
#include "fused_loops.h"
#undef FUSED_AVX512
#pragma GCC pop_options
}  // namespace avx512

namespace avx2 {
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#define FUSED_AVX2 1
#include "fused_loops.h"
#undef FUSED_AVX2
#pragma GCC pop_options
}  // namespace avx2

namespace generic {
#include "fused_loops.h"
}  // namespace generic

namespace {

constexpr int64_t kTile = 512;                 // elements per instruction loop
constexpr int64_t kTileBytes = kTile * 8;      // one scratch buffer
constexpr int kMaxSlots = 256;
constexpr int kMaxDims = 16;
constexpr int kMaxOutputs = 16;
constexpr int64_t kGrainElements = 16384;      // >= 64 KB of f32 per parallel chunk
constexpr int64_t kColumnBlock = 64;           // reduced rows summed per partial
// Reductions whose rows (or columns) are this short evaluate tiles spanning
// many of them: a tile per row would cost more than the row's elements.
constexpr int64_t kShortRow = 64;              // reduced elements per row, inner == 1
constexpr int64_t kNarrowInner = 128;          // kept elements per reduced row
constexpr int kLanes = generic::kLanes;

enum class Isa { kGeneric, kAvx2, kAvx512 };

Isa DetectIsa() {
#if defined(__x86_64__) && defined(__GNUC__)
  // JAXLIB_CPU_ISA=avx2 or generic caps the interpreter's loops (tests run the
  // portable paths on any host with it).
  const char* cap = std::getenv("JAXLIB_CPU_ISA");
  if (cap != nullptr && std::strcmp(cap, "generic") == 0) return Isa::kGeneric;
  const bool below_avx512 = cap != nullptr && std::strcmp(cap, "avx2") == 0;
  // (The chains' tanh is vmath's AVX-512 code: both must agree.)
  if (!below_avx512 && vmath::HostHasAvx512() && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl")) {
    return Isa::kAvx512;
  }
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return Isa::kAvx2;
#endif
  return Isa::kGeneric;
}

Isa HostIsa() {
  static const Isa isa = DetectIsa();
  return isa;
}

LoopFn PickLoop(int op, int aux, DType t, DType to) {
  switch (HostIsa()) {
    case Isa::kAvx512: return avx512::PickLoop(op, aux, t, to);
    case Isa::kAvx2: return avx2::PickLoop(op, aux, t, to);
    default: return generic::PickLoop(op, aux, t, to);
  }
}

LoopFn PickPairLoop(int first, int second, DType t, bool t_left) {
  switch (HostIsa()) {
    case Isa::kAvx512: return avx512::PickPairLoop(first, second, t, t_left);
    case Isa::kAvx2: return avx2::PickPairLoop(first, second, t, t_left);
    default: return generic::PickPairLoop(first, second, t, t_left);
  }
}

LoopFn PickUniformLoop(int op, DType t, bool b_uniform) {
  switch (HostIsa()) {
    case Isa::kAvx512: return avx512::PickUniformLoop(op, t, b_uniform);
    case Isa::kAvx2: return avx2::PickUniformLoop(op, t, b_uniform);
    default: return generic::PickUniformLoop(op, t, b_uniform);
  }
}

bool ChainSupports(int op) {
  switch (HostIsa()) {
    case Isa::kAvx512: return avx512::ChainSupports(op);
    case Isa::kAvx2: return avx2::ChainSupports(op);
    default: return generic::ChainSupports(op);
  }
}

ChainFn PickChainLoop() {
  switch (HostIsa()) {
    case Isa::kAvx512: return &avx512::ChainLoop;
    case Isa::kAvx2: return &avx2::ChainLoop;
    default: return &generic::ChainLoop;
  }
}

bool IntChainSupports(int op) {
  switch (HostIsa()) {
    case Isa::kAvx512: return avx512::IntChainSupports(op);
    case Isa::kAvx2: return avx2::IntChainSupports(op);
    default: return generic::IntChainSupports(op);
  }
}

ChainFn PickIntChainLoop() {
  switch (HostIsa()) {
    case Isa::kAvx512: return &avx512::IntChainLoop;
    case Isa::kAvx2: return &avx2::IntChainLoop;
    default: return &generic::IntChainLoop;
  }
}

ReduceFns PickReduce(int op, DType t) {
  switch (HostIsa()) {
    case Isa::kAvx512: return avx512::PickReduce(op, t);
    case Isa::kAvx2: return avx2::PickReduce(op, t);
    default: return generic::PickReduce(op, t);
  }
}

bool IsFloatType(DType t) { return t == DType::kF32 || t == DType::kF64; }
bool IsSignedType(DType t) {
  return t == DType::kS8 || t == DType::kS16 || t == DType::kS32 || t == DType::kS64;
}

// A scalar of type t from the code's int64 encoding (double bits for floats,
// the two's-complement value for integers), stored in `out` (8 bytes).
void Scalar(int64_t bits, DType t, void* out) {
  double d;
  std::memcpy(&d, &bits, 8);
  switch (t) {
    case DType::kF32: { float f = static_cast<float>(d); std::memcpy(out, &f, 4); return; }
    case DType::kF64: std::memcpy(out, &d, 8); return;
    case DType::kPred: { uint8_t v = bits != 0; std::memcpy(out, &v, 1); return; }
    default: {
      uint64_t v = static_cast<uint64_t>(bits);  // little endian: low bytes first
      std::memcpy(out, &v, static_cast<size_t>(std::min<int64_t>(DTypeSize(t), 8)));
    }
  }
}

// The identity of a reduction (so that lanes can start from it).
void Identity(int op, DType t, void* out) {
  const int64_t size = DTypeSize(t);
  const bool fp = IsFloatType(t), is_signed = IsSignedType(t);
  std::memset(out, 0, 8);
  auto set_double = [&](double v) {
    int64_t bits;
    std::memcpy(&bits, &v, 8);
    Scalar(bits, t, out);
  };
  auto set_int = [&](uint64_t v) { std::memcpy(out, &v, static_cast<size_t>(std::min<int64_t>(size, 8))); };
  const uint64_t all_ones = size == 8 ? ~uint64_t(0) : (uint64_t(1) << (size * 8)) - 1;
  const uint64_t sign = uint64_t(1) << (size * 8 - 1);
  switch (op) {
    case kAdd: if (fp) set_double(-0.0); return;      // -0 + x == x, even for x = -0
    case kMul: if (fp) set_double(1.0); else set_int(1); return;
    case kMax:
      if (fp) set_double(-INFINITY);
      else if (t == DType::kPred) set_int(0);
      else set_int(is_signed ? sign : 0);
      return;
    case kMin:
      if (fp) set_double(INFINITY);
      else if (t == DType::kPred) set_int(1);
      else set_int(is_signed ? sign - 1 : all_ones);
      return;
    case kAnd: set_int(t == DType::kPred ? 1 : all_ones); return;
    default: return;  // or, xor: 0
  }
}

// Broadcast fills run often (row-constant operands, once per row): the
// host's widest stores.
void Fill(void* dst, const void* value, int64_t size, int64_t n) {
  switch (HostIsa()) {
    case Isa::kAvx512: avx512::Fill(dst, value, size, n); return;
    case Isa::kAvx2: avx2::Fill(dst, value, size, n); return;
    default: generic::Fill(dst, value, size, n); return;
  }
}

template <typename T>
void StridedCopy(const T* src, int64_t step, T* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = src[i * step];
}

// A per-thread scratch area, grown once and reused by every run (no heap
// traffic per call).
char* ThreadScratch(size_t bytes) {
  struct Area {
    char* data = nullptr;
    size_t capacity = 0;
    ~Area() { std::free(data); }
  };
  thread_local Area area;
  if (area.capacity < bytes) {
    std::free(area.data);
    size_t capacity = std::max(bytes, area.capacity * 2);
    capacity = (capacity + 63) / 64 * 64;
    area.data = static_cast<char*>(std::aligned_alloc(64, capacity));
    if (area.data == nullptr) throw RuntimeFailure("fused: out of memory for scratch");
    area.capacity = capacity;
  }
  return area.data;
}

enum Access { kContiguous, kScalar, kStrided };

struct Load {
  int slot = -1;
  int kind = kLoadInput;
  int64_t arg = 0;
  std::vector<int64_t> strides;
  Access access = kStrided;
  int64_t size = 0;  // bytes per element
  DType dtype = DType::kOther;
  // Constant along the innermost dimension (a column broadcast): its buffer is
  // kept, and refilled only when a tile moves to another value.
  bool row_constant = false;
  // Row constant read only by instructions with a uniform-operand loop: a
  // tile within one row gets the value once (FillCache::uniform).
  bool uniform_fill = false;
  // The domain as this load walks it, innermost first: neighbouring
  // dimensions merged where the load's offsets continue linearly (contiguous
  // runs, and broadcasts: stride 0 after stride 0). GatherTile copies along it.
  std::vector<int64_t> view_dims, view_strides;
};

// What a row-constant load's buffer holds: `count` copies of the element at
// `offset` (-1: nothing yet).
struct FillCache {
  int64_t offset, count;  // left uninitialised: ResetCaches sets those in use
  bool uniform;           // the buffer holds one value for this whole tile
};

class Cursor {
 public:
  explicit Cursor(const std::vector<int64_t>& code) : code_(code) {}
  int64_t Next() {
    if (pos_ >= code_.size()) throw Unsupported("fused: truncated code");
    return code_[pos_++];
  }
  int64_t Next(int64_t lo, int64_t hi, const char* what) {
    int64_t v = Next();
    if (v < lo || v > hi) throw Unsupported(std::string("fused: bad ") + what);
    return v;
  }
  bool done() const { return pos_ == code_.size(); }

 private:
  const std::vector<int64_t>& code_;
  size_t pos_ = 0;
};

class FusedKernel final : public Kernel {
 public:
  FusedKernel(const Params& params, const std::vector<TensorSpec>& inputs,
              const std::vector<TensorSpec>& outputs) {
    if (params.has("loop")) {
      // A counted loop whose body is this group: see RunLoop.
      const std::vector<int64_t>& loop = params.get_ints("loop");
      if (loop.size() != 3) throw Unsupported("fused: loop takes [feedback, counter, limit]");
      loop_ = true;
      feedback_arg_ = loop[0];
      counter_arg_ = loop[1];
      limit_ = loop[2];
      if (counter_arg_ < 0 || counter_arg_ >= static_cast<int64_t>(inputs.size()) ||
          feedback_arg_ < 0 || feedback_arg_ >= static_cast<int64_t>(inputs.size()) ||
          outputs.size() != 2 || inputs[counter_arg_].num_elements() != 1 ||
          outputs[1].dtype != inputs[counter_arg_].dtype ||
          (outputs[1].dtype != DType::kS32 && outputs[1].dtype != DType::kS64) ||
          outputs[1].num_elements() != 1 || inputs[feedback_arg_].dtype != outputs[0].dtype ||
          inputs[feedback_arg_].num_elements() != outputs[0].num_elements()) {
        throw Unsupported("fused: malformed loop");
      }
      counter_is_64_ = outputs[1].dtype == DType::kS64;
    }
    Parse(params.get_ints("code"), inputs,
          loop_ ? std::vector<TensorSpec>{outputs[0]} : outputs);
    if (loop_) {
      if (red_op_ >= 0) throw Unsupported("fused: loops of reductions");
      for (const Load& load : loads_) {
        if (load.kind == kLoadInput && load.arg == feedback_arg_) {
          if (load.access != kContiguous || feedback_slot_ >= 0) {
            throw Unsupported("fused: the loop value must be read once, elementwise");
          }
          feedback_slot_ = load.slot;
        }
      }
      if (feedback_slot_ < 0) throw Unsupported("fused: the loop value is never read");
    }
    Plan();
    int64_t cost = 0;
    for (const auto& s : inputs) cost += s.nbytes();
    for (const auto& s : outputs) cost += s.nbytes();
    set_cost(cost);
  }

  // The passes over each tile: an instruction's name, "pair", or a chain
  // ("int chain of 23 instructions, 2 results"), joined by "; ".
  std::string Describe() const override {
    std::string out;
    for (size_t i = 0; i < instrs_.size(); ++i) {
      const Instr& in = instrs_[i];
      if (!out.empty()) out += "; ";
      if (in.chain >= 0) {
        const Chain& chain = chains_[in.chain];
        out += std::string(chain.integer ? "int" : "float") + " chain of " +
               std::to_string(in.chain_length) + " instructions" +
               (chain.dst2 >= 0 ? ", 2 results" : "");
        i += in.chain_length - 1;
      } else if (in.pair_fn != nullptr) {
        out += "pair";
        ++i;
      } else {
        out += kOpcodes[in.op].name;
      }
    }
    return out;
  }

  bool SupportsRowBlocks(int64_t rows) const override {
    if (loop_ || rows <= 0) return false;
    return red_op_ < 0 ? total_ % rows == 0 : outer_ % rows == 0;
  }

  void RunRowBlock(const void* const* inputs, void* const* outputs, int64_t rows, int64_t r0,
                   int64_t r1) override {
    if (red_op_ >= 0 && (outer_ == 0 || inner_ == 0)) return;  // an empty result
    if (red_op_ < 0) {
      const int64_t per_row = total_ / rows;
      const int64_t out_size = DTypeSize(slot_types_[out_slot_]);
      char* out = static_cast<char*>(outputs[0]);
      Chunk chunk;
      StartChunk(inputs, &chunk);
      auto& [slots, caches, scratch, extra] = chunk;
      for (int64_t start = r0 * per_row, end = r1 * per_row; start < end; start += kTile) {
        const int64_t n = std::min(kTile, end - start);
        BindExtraOutputs(slots, outputs, start);
        EvalTile(inputs, slots, scratch, caches, start, n, out + start * out_size);
        StoreExtraOutputs(slots, outputs, start, n);
      }
    } else if (inner_ == 1 && red_ <= kShortRow) {
      const int64_t per_row = outer_ / rows;
      ReduceShortRows(inputs, outputs[0], r0 * per_row, r1 * per_row);
    } else if (inner_ == 1) {
      const int64_t per_row = outer_ / rows;
      ReduceRows(inputs, outputs[0], r0 * per_row, r1 * per_row);
    } else if (inner_ <= kNarrowInner) {
      const int64_t per_row = outer_ / rows;
      ReduceNarrowColumns(inputs, outputs[0], r0 * per_row, r1 * per_row, 0, red_, nullptr);
    } else {
      const int64_t chunks = (inner_ + kTile - 1) / kTile, per_row = outer_ / rows * chunks;
      ReduceColumns(inputs, outputs[0], r0 * per_row, r1 * per_row);
    }
  }

  void Run(const void* const* inputs, void* const* outputs) override {
    if (loop_) {
      RunLoop(inputs, outputs);
    } else if (red_op_ < 0) {
      RunElementwise(inputs, outputs);
    } else if (outer_ == 0 || inner_ == 0) {
      return;  // an empty result (a reduction of a [3, 0] array over its rows)
    } else if (inner_ == 1 && red_ <= kShortRow) {
      RunShortRows(inputs, outputs[0]);
    } else if (inner_ == 1) {
      RunRows(inputs, outputs[0]);
    } else if (inner_ <= kNarrowInner) {
      RunNarrowColumns(inputs, outputs[0]);
    } else {
      RunColumns(inputs, outputs[0]);
    }
  }

 private:
  // ---- building ----------------------------------------------------------------

  void Parse(const std::vector<int64_t>& code, const std::vector<TensorSpec>& inputs,
             const std::vector<TensorSpec>& outputs) {
    Cursor in(code);
    if (in.Next() != 1) throw Unsupported("fused: unknown code version");
    const int ndims = static_cast<int>(in.Next(1, kMaxDims, "rank"));
    total_ = 1;
    for (int k = 0; k < ndims; ++k) {
      dims_.push_back(in.Next(0, int64_t(1) << 40, "dimension"));
      total_ *= dims_.back();
      if (total_ > (int64_t(1) << 48)) throw Unsupported("fused: domain too large");
    }
    red_op_ = static_cast<int>(in.Next(-1, kNumOpcodes - 1, "reduce op"));
    int64_t red_begin = in.Next(-1, ndims, "reduce range");
    int64_t red_end = in.Next(-1, ndims, "reduce range");
    int64_t init_bits = in.Next();
    if (red_op_ >= 0) {
      if (red_begin < 0 || red_end < red_begin) throw Unsupported("fused: bad reduce range");
      outer_ = red_ = inner_ = 1;
      for (int k = 0; k < ndims; ++k) {
        (k < red_begin ? outer_ : k < red_end ? red_ : inner_) *= dims_[k];
      }
    }
    const int nslots = static_cast<int>(in.Next(1, kMaxSlots - 1, "slot count"));
    for (int s = 0; s < nslots; ++s) {
      DType t = static_cast<DType>(in.Next(0, static_cast<int>(DType::kOther), "dtype"));
      if (!ComputesType(t) && !StoresOnly(t)) throw Unsupported("fused: unsupported element type");
      slot_types_.push_back(t);
    }
    std::vector<bool> defined(nslots, false);
    auto define = [&](int64_t slot) {
      if (slot < 0 || slot >= nslots || defined[slot]) throw Unsupported("fused: bad slot");
      defined[slot] = true;
      return static_cast<int>(slot);
    };
    auto use = [&](int64_t slot) {
      if (slot < 0 || slot >= nslots || !defined[slot]) throw Unsupported("fused: bad operand");
      return static_cast<int>(slot);
    };

    const int64_t nloads = in.Next(0, kMaxSlots, "load count");
    for (int64_t i = 0; i < nloads; ++i) {
      Load load;
      load.slot = define(in.Next());
      load.kind = static_cast<int>(in.Next(0, kNumLoadKinds - 1, "load kind"));
      load.arg = in.Next();
      load.dtype = slot_types_[load.slot];
      load.size = DTypeSize(load.dtype);
      if (StoresOnly(load.dtype) && load.kind != kLoadInput) {
        throw Unsupported("fused: a 16-bit float slot can only load an input");
      }
      bool contiguous = true, scalar = true;
      int64_t step = 1, last = 0;
      std::vector<int64_t> strides(ndims);
      for (int k = 0; k < ndims; ++k) strides[k] = in.Next(0, int64_t(1) << 48, "stride");
      for (int k = ndims - 1; k >= 0; --k) {
        if (dims_[k] == 1) strides[k] = 0;
        contiguous = contiguous && (dims_[k] == 1 || strides[k] == step);
        scalar = scalar && strides[k] == 0;
        step *= dims_[k];
        if (dims_[k] > 0) last += strides[k] * (dims_[k] - 1);
      }
      load.strides = strides;
      for (int k = ndims - 1; k >= 0; --k) {
        if (dims_[k] == 1) continue;
        if (!load.view_dims.empty() &&
            strides[k] == load.view_strides.back() * load.view_dims.back()) {
          load.view_dims.back() *= dims_[k];
        } else {
          load.view_dims.push_back(dims_[k]);
          load.view_strides.push_back(strides[k]);
        }
      }
      if (load.view_dims.empty()) {
        load.view_dims.push_back(1);
        load.view_strides.push_back(0);
      }
      if (load.kind == kLoadInput) {
        if (load.arg < 0 || load.arg >= static_cast<int64_t>(inputs.size())) {
          throw Unsupported("fused: bad input index");
        }
        const TensorSpec& spec = inputs[load.arg];
        if (spec.dtype != load.dtype) throw Unsupported("fused: input type mismatch");
        if (total_ > 0 && last >= spec.num_elements()) {
          throw Unsupported("fused: load reads past its input");
        }
        load.access = contiguous && spec.num_elements() == total_ ? kContiguous
                      : scalar                                     ? kScalar
                                                                   : kStrided;
        load.row_constant = load.access == kStrided && strides[ndims - 1] == 0;
      } else if (load.kind == kLoadConstant) {
        load.access = kScalar;
      } else {
        load.access = kStrided;
      }
      loads_.push_back(std::move(load));
    }

    const int64_t ninstr = in.Next(0, kMaxSlots, "instruction count");
    for (int64_t i = 0; i < ninstr; ++i) {
      Instr instr;
      instr.op = static_cast<int>(in.Next(0, kNumOpcodes - 1, "opcode"));
      instr.aux = static_cast<int>(in.Next(0, 15, "aux"));
      int64_t dst = in.Next(), a = in.Next(), b = in.Next(), c = in.Next();
      const OpcodeInfo& info = kOpcodes[instr.op];
      const int arity = info.arity;
      instr.a = use(a);
      if (arity >= 2) instr.b = use(b);
      if (arity >= 3) instr.c = use(c);
      instr.dst = define(dst);
      CheckTypes(instr);
      if (instr.op != kConvert) {
        for (int slot : {instr.a, instr.b, instr.c, instr.dst}) {
          if (slot >= 0 && StoresOnly(slot_types_[slot])) {
            throw Unsupported("fused: only converts read or write 16-bit float slots");
          }
        }
      }
      DType t = slot_types_[info.types == kSelectTypes ? instr.b : instr.a];
      instr.fn = PickLoop(instr.op, instr.aux, t, slot_types_[instr.dst]);
      if (instr.fn == nullptr) throw Unsupported("fused: unsupported op/type");
      instrs_.push_back(instr);
    }
    const int64_t nout = in.Next(1, kMaxOutputs, "output count");
    out_slot_ = use(in.Next());
    for (int64_t k = 1; k < nout; ++k) extra_out_slots_.push_back(use(in.Next()));
    if (!in.done()) throw Unsupported("fused: trailing code");
    if (nout > 1 && (red_op_ >= 0 || loop_)) {
      throw Unsupported("fused: several outputs need an elementwise group");
    }

    if (static_cast<int64_t>(outputs.size()) != nout) {
      throw Unsupported("fused: output count mismatch");
    }
    for (int64_t k = 1; k < nout; ++k) {
      const int slot = extra_out_slots_[k - 1];
      if (outputs[k].dtype != slot_types_[slot] || outputs[k].num_elements() != total_) {
        throw Unsupported("fused: output type or size mismatch");
      }
    }
    const TensorSpec& out = outputs[0];
    const DType out_type = slot_types_[out_slot_];
    if (out.dtype != out_type) throw Unsupported("fused: output type mismatch");
    if (out.num_elements() != (red_op_ >= 0 ? outer_ * inner_ : total_)) {
      throw Unsupported("fused: output size mismatch");
    }
    if (red_op_ >= 0) {
      reduce_ = PickReduce(red_op_, out_type);
      if (reduce_.lanes == nullptr) throw Unsupported("fused: unsupported reduction");
      Scalar(init_bits, out_type, init_);
      Identity(red_op_, out_type, identity_);
    }
  }

  void CheckTypes(const Instr& in) const {
    auto t = [&](int slot) { return slot_types_[slot]; };
    const OpcodeInfo& info = kOpcodes[in.op];
    // The operands after the first are of the first's type (select: the second's).
    bool ok = true;
    const int first = info.types == kSelectTypes ? in.b : in.a;
    for (int s : {in.b, in.c}) {
      if (s >= 0 && s != first) ok = ok && t(s) == t(first);
    }
    switch (info.types) {
      case kSameTypes: ok = ok && t(in.dst) == t(in.a); break;
      case kPredResult: ok = ok && t(in.dst) == DType::kPred; break;
      case kAnyTypes: ok = true; break;
      case kSelectTypes: ok = ok && t(in.a) == DType::kPred && t(in.dst) == t(in.b); break;
    }
    if (!ok) throw Unsupported("fused: operand types do not match");
  }

  // Instructions on values that are constant along the rows (scalars,
  // column broadcasts: jax's `32 - r` beside threefry's rounds) go first, in
  // order, so that they do not cut the chains of the instructions around
  // them. (Not in a loop group, whose last instruction overwrites the loop
  // value in place: every read of it must stay before.)
  void HoistRowConstantInstructions() {
    if (loop_) return;
    std::vector<char> row_constant(slot_types_.size(), 0);
    for (const Load& load : loads_) {
      row_constant[load.slot] = load.access == kScalar || load.row_constant;
    }
    std::vector<Instr> first, rest;
    for (const Instr& in : instrs_) {
      bool hoist = in.dst != out_slot_;
      for (int s : {in.a, in.b, in.c}) hoist = hoist && (s < 0 || row_constant[s]);
      if (hoist) {
        row_constant[in.dst] = 1;
        first.push_back(in);
      } else {
        rest.push_back(in);
      }
    }
    if (first.empty() || rest.empty()) return;
    first.insert(first.end(), rest.begin(), rest.end());
    instrs_ = std::move(first);
  }

  // Assigns scratch buffers to slots: constants and scalars get their own
  // (filled once per chunk), other values share buffers by lifetime.
  void Plan() {
    HoistRowConstantInstructions();
    const int nslots = static_cast<int>(slot_types_.size());
    if (red_op_ < 0) {
      int producer = -1;
      for (size_t i = 0; i < instrs_.size(); ++i) {
        if (instrs_[i].dst == out_slot_) producer = static_cast<int>(i);
      }
      if (producer < 0) {  // the output is a load: copy it
        Instr copy;
        copy.op = kCopy;
        copy.a = out_slot_;
        copy.dst = nslots;
        slot_types_.push_back(slot_types_[out_slot_]);
        copy.fn = PickLoop(kCopy, 0, slot_types_[out_slot_], slot_types_[out_slot_]);
        if (copy.fn == nullptr) throw Unsupported("fused: cannot copy the output");
        instrs_.push_back(copy);
        out_slot_ = copy.dst;
        producer = static_cast<int>(instrs_.size()) - 1;
      }
      // (A loop's last instruction writes the loop value's buffer in place:
      // elementwise, it reads each element before writing it.)
      direct_ = producer;
    }
    const int total_slots = static_cast<int>(slot_types_.size());
    if (total_slots >= kMaxSlots) throw Unsupported("fused: too many slots");
    std::vector<int> last_use(total_slots, -1);
    for (size_t i = 0; i < instrs_.size(); ++i) {
      for (int s : {instrs_[i].a, instrs_[i].b, instrs_[i].c}) {
        if (s >= 0) last_use[s] = static_cast<int>(i);
      }
    }
    if (red_op_ >= 0 || loop_) last_use[out_slot_] = std::numeric_limits<int>::max();
    // Further outputs are copied out after each tile: their buffers live on.
    for (int slot : extra_out_slots_) last_use[slot] = std::numeric_limits<int>::max();
    // An extra output made by an instruction (not a load, not another
    // output's value) is written where it goes.
    extra_out_direct_.assign(extra_out_slots_.size(), false);
    for (size_t k = 0; k < extra_out_slots_.size(); ++k) {
      const int slot = extra_out_slots_[k];
      const bool made = std::any_of(instrs_.begin(), instrs_.end(),
                                    [&](const Instr& in) { return in.dst == slot; });
      extra_out_direct_[k] =
          made && slot != out_slot_ &&
          std::count(extra_out_slots_.begin(), extra_out_slots_.end(), slot) == 1;
    }
    buffer_of_.assign(total_slots, -1);
    std::vector<int> free_buffers;
    auto allocate = [&]() {
      if (!free_buffers.empty()) {
        int b = free_buffers.back();
        free_buffers.pop_back();
        return b;
      }
      return num_buffers_++;
    };
    std::vector<bool> shared(total_slots, false);  // buffer may be recycled
    for (const Load& load : loads_) {
      // A loop's value lives in its own buffer; a loop's loads are read by
      // every iteration, so none of their buffers is recycled.
      bool in_place = load.kind == kLoadInput && load.access == kContiguous &&
                      load.slot != feedback_slot_;
      if (!in_place) buffer_of_[load.slot] = allocate();
      if (load.slot == feedback_slot_) continue;  // RunLoop fills it
      shared[load.slot] = load.access == kStrided && !load.row_constant && !loop_;
      (load.access == kStrided || in_place ? per_tile_ : persistent_).push_back(&load);
    }
    for (size_t i = 0; i < instrs_.size(); ++i) {
      const Instr& instr = instrs_[i];
      // The destination is allocated before the operands die: a widening
      // instruction (pred -> i32) would overwrite its operand as it reads it.
      if (static_cast<int>(i) != direct_) {
        buffer_of_[instr.dst] = allocate();
        shared[instr.dst] = true;
      }
      for (int s : {instr.a, instr.b, instr.c}) {
        if (s >= 0 && last_use[s] == static_cast<int>(i) && shared[s] && buffer_of_[s] >= 0) {
          free_buffers.push_back(buffer_of_[s]);
          shared[s] = false;  // freed once even if read twice
        }
      }
      if (static_cast<int>(i) != direct_ && last_use[instr.dst] < 0) {  // dead value
        free_buffers.push_back(buffer_of_[instr.dst]);
        shared[instr.dst] = false;
      }
    }
    PlanUniformOperands();
    PlanChains(last_use);
    PlanPairs(last_use);
    // Kernels of several short passes touch each input line in their first
    // pass only, and the hardware prefetcher falls behind: the next tile is
    // prefetched (see PrefetchTile). A chain computes long enough per tile
    // for the hardware to keep up, and there a burst of prefetches stalls on
    // the line-fill buffers instead (gelu's two chains: 3.5 -> 4.0 ms).
    int passes = 0;
    for (size_t i = 0; i < instrs_.size(); ++i) {
      ++passes;
      if (instrs_[i].chain >= 0) i += instrs_[i].chain_length - 1;
      else if (instrs_[i].pair_fn != nullptr) ++i;
    }
    prefetch_ = passes >= 2 && chains_.empty();
    // Two extra buffers: the column reduction's accumulators.
    scratch_bytes_ = static_cast<size_t>(num_buffers_ + 2) * kTileBytes;
    // (Reductions of short rows or narrow columns evaluate tiles of whole
    // rows, up to kTile elements.)
    fill_count_ = std::min(kTile, total_);
  }

  enum ChainKind { kNoChain, kFloatChain, kIntChain };

  // The chain a single instruction can join: float32 or 32-bit integer, with
  // no uniform operand (those loops read a value, not a buffer).
  ChainKind ChainKindOf(const Instr& in) const {
    auto all = [&](auto pred) {
      for (int slot : {in.a, in.b, in.dst}) {
        if (slot >= 0 && !pred(slot_types_[slot])) return false;
      }
      return true;
    };
    if (in.c >= 0 || in.uniform_a >= 0 || in.uniform_b >= 0) return kNoChain;
    if (ChainSupports(in.op) && all([](DType t) { return t == DType::kF32; })) {
      return kFloatChain;
    }
    if (IntChainSupports(in.op) &&
        all([](DType t) { return t == DType::kS32 || t == DType::kU32; })) {
      return kIntChain;
    }
    return kNoChain;
  }

  // The step of a float chain at instruction k whose running value is slot
  // `acc` (-1: the chain starts here), or kNoStep. The running value must
  // have no reader after the step (it never reaches its slot).
  static constexpr int kNoStep = -1;
  int PlanFloatStep(size_t k, int acc, const std::vector<int>& last_use, ChainStep* step) const {
    if (k >= instrs_.size() || ChainKindOf(instrs_[k]) != kFloatChain) return kNoStep;
    const Instr& in = instrs_[k];
    if (acc >= 0) {
      if (acc == out_slot_ || last_use[acc] != static_cast<int>(k)) return kNoStep;
      if (in.b < 0 ? in.a != acc : (in.a == acc) == (in.b == acc)) return kNoStep;
    }
    // The running value is operand a of the first instruction, and the
    // previous result in the others.
    const bool acc_left = acc < 0 || in.a == acc;
    *step = ChainStep();
    if (in.b < 0) {
      step->code = in.op == kNeg ? kChainNeg : in.op == kTanh ? kChainTanh : kChainExp;
    } else {
      step->operand = acc_left ? in.b : in.a;
      switch (in.op) {
        case kAdd: step->code = kChainAdd; break;
        case kMul: step->code = kChainMul; break;
        case kSub: step->code = acc_left ? kChainSubFrom : kChainSubInto; break;
        default: step->code = acc_left ? kChainDivBy : kChainDivInto; break;
      }
    }
    return in.dst;
  }

  // A float chain from instruction i: runs of three or more (two run as a
  // pair loop). Returns one past its last instruction, or i if none.
  size_t PlanFloatChain(size_t i, const std::vector<int>& last_use, Chain* chain) const {
    ChainStep step;
    int t = PlanFloatStep(i, -1, last_use, &step);
    if (t == kNoStep) return i;
    chain->a = instrs_[i].a;
    chain->steps.push_back(step);
    size_t end = i + 1;
    while (static_cast<int>(end) - 1 != direct_) {
      const int next = PlanFloatStep(end, t, last_use, &step);
      if (next == kNoStep) break;
      chain->steps.push_back(step);
      t = next;
      ++end;
    }
    chain->dst = t;
    return end - i >= 3 ? end : i;
  }

  // An integer chain from instruction i (two instructions or more), its values
  // in two registers: v, which every step's result goes to, and w, which
  // keeps a value the chain reads again (threefry's rounds, x0 += x1;
  // x1 = rotl(x1, r) ^ x0, run whole in registers). A register may be
  // overwritten when its value has no reader left, or is also in its slot
  // (computed before the chain); the chain ends where an instruction would
  // need a third register. Its results are the register values read after it.
  // Returns one past its last instruction, or i if none.
  size_t PlanIntChain(size_t i, const std::vector<int>& last_use, Chain* chain) const {
    struct Reg {
      int slot = -1;       // the value it holds, or -1
      bool stored = true;  // the value is in its slot too (made before the chain)
    };
    Reg v, w;
    std::vector<ChainStep>& steps = chain->steps;
    auto live_after = [&](int slot, size_t k) {
      return slot == out_slot_ || last_use[slot] > static_cast<int>(k);
    };
    auto free_at = [&](const Reg& r, size_t k) {
      return r.slot < 0 || r.stored || !live_after(r.slot, k);
    };
    auto reg_of = [&](int slot) { return slot < 0 ? 0 : slot == v.slot ? 1 : slot == w.slot ? 2 : 0; };
    // Read from its slot: a value made inside the chain is only in a register.
    auto in_slot = [&](int slot) {
      return (slot != v.slot || v.stored) && (slot != w.slot || w.stored);
    };
    auto emit = [&](int code, int operand = -1, int operand2 = -1) {
      ChainStep step;
      step.code = code;
      step.operand = operand;
      step.operand2 = operand2;
      steps.push_back(step);
    };
    auto swap = [&]() {
      emit(kChainSwap);
      std::swap(v, w);
    };
    // Lets v be overwritten by instruction `last`'s result, keeping v's value
    // in w if it is read later; false if w's is read later too.
    auto make_room = [&](size_t last) {
      if (free_at(v, last)) return true;
      if (!free_at(w, last)) return false;
      emit(kChainKeep);
      w = v;
      return true;
    };
    // Puts the running operand `slot` in v (from w by a swap, or loaded) with
    // room for the result; false if that needs a third register.
    auto bring = [&](int slot, size_t last) {
      if (reg_of(slot) == 2) swap();
      if (reg_of(slot) == 1) return make_room(last);
      if (!free_at(v, last)) {
        if (!free_at(w, last)) return false;
        swap();
      }
      emit(kChainLoad, slot);
      v.slot = slot;
      v.stored = true;
      return true;
    };
    auto codes = [](int op, bool acc_left, bool from_w) -> int {
      switch (op) {
        case kAdd: return from_w ? kChainAddW : kChainAdd;
        case kMul: return from_w ? kChainMulW : kChainMul;
        case kAnd: return from_w ? kChainAndW : kChainAnd;
        case kOr: return from_w ? kChainOrW : kChainOr;
        case kXor: return from_w ? kChainXorW : kChainXor;
        case kSub:
          return from_w ? (acc_left ? kChainSubFromW : kChainSubIntoW)
                        : (acc_left ? kChainSubFrom : kChainSubInto);
        case kShl: return acc_left ? (from_w ? kChainShlW : kChainShl) : -1;
        case kShrLogical: return acc_left ? (from_w ? kChainShrLogicalW : kChainShrLogical) : -1;
        case kShrArith: return acc_left ? (from_w ? kChainShrArithW : kChainShrArith) : -1;
        default: return -1;
      }
    };
    auto is_int = [&](size_t k) {
      return k < instrs_.size() && ChainKindOf(instrs_[k]) == kIntChain;
    };
    // A funnel shift at instruction k: shl and shr_logical of one value, or'ed.
    auto funnel_at = [&](size_t k) {
      if (!is_int(k) || !is_int(k + 1) || !is_int(k + 2)) return false;
      const Instr& s0 = instrs_[k];
      const Instr& s1 = instrs_[k + 1];
      const Instr& join = instrs_[k + 2];
      const bool shifts = (s0.op == kShl && s1.op == kShrLogical) ||
                          (s0.op == kShrLogical && s1.op == kShl);
      return shifts && s0.a == s1.a && join.op == kOr && s0.dst != s1.dst &&
             ((join.a == s0.dst && join.b == s1.dst) || (join.a == s1.dst && join.b == s0.dst)) &&
             s0.dst != out_slot_ && s1.dst != out_slot_ &&
             last_use[s0.dst] == static_cast<int>(k + 2) &&
             last_use[s1.dst] == static_cast<int>(k + 2) &&
             static_cast<int>(k) != direct_ && static_cast<int>(k + 1) != direct_;
    };
    size_t k = i;
    while (true) {
      if (k > i && static_cast<int>(k) - 1 == direct_) break;  // the output ends a chain
      const size_t mark = steps.size();
      const Reg saved_v = v, saved_w = w;
      auto undo = [&]() {
        steps.resize(mark);
        v = saved_v;
        w = saved_w;
      };
      if (funnel_at(k)) {
        const Instr& s0 = instrs_[k];
        const Instr& s1 = instrs_[k + 1];
        const int left = s0.op == kShl ? s0.b : s1.b, right = s0.op == kShl ? s1.b : s0.b;
        if (!in_slot(left) || !in_slot(right) || !bring(s0.a, k + 2)) {
          undo();
          break;
        }
        emit(kChainFunnel, left, right);
        v.slot = instrs_[k + 2].dst;
        v.stored = false;
        k += 3;
        continue;
      }
      if (!is_int(k)) break;
      const Instr& in = instrs_[k];
      bool ok;
      if (in.b < 0) {  // neg, not
        ok = bring(in.a, k);
        if (ok) emit(in.op == kNeg ? kChainNeg : kChainNot);
      } else if (in.a == in.b) {
        ok = false;  // x op x: no step reads v twice
      } else if (reg_of(in.a) != 0 && reg_of(in.b) != 0) {
        // Both in registers: the result replaces whichever may go.
        if (!free_at(v, k)) {
          if (free_at(w, k)) swap();
        }
        const bool acc_left = in.a == v.slot;
        const int code = codes(in.op, acc_left, /*from_w=*/true);
        ok = free_at(v, k) && code >= 0;
        if (ok) emit(code);
      } else {
        // The running operand is the one in a register (a if neither is).
        const bool acc_left = reg_of(in.a) != 0 || reg_of(in.b) == 0;
        const int acc = acc_left ? in.a : in.b, operand = acc_left ? in.b : in.a;
        const int code = codes(in.op, acc_left, /*from_w=*/false);
        ok = code >= 0 && in_slot(operand) && bring(acc, k);
        if (ok) emit(code, operand);
      }
      if (!ok) {
        undo();
        break;
      }
      v.slot = in.dst;
      v.stored = false;
      ++k;
    }
    if (k - i < 2) return i;
    // The first step is the load of the chain's first value.
    if (steps.empty() || steps.front().code != kChainLoad) return i;
    chain->a = steps.front().operand;
    steps.erase(steps.begin());
    chain->dst = v.slot;
    const size_t last = k - 1;
    if (w.slot >= 0 && !w.stored && live_after(w.slot, last)) chain->dst2 = w.slot;
    return k;
  }

  // Runs of instructions that feed each other, run as one chain with the
  // running values in registers (PlanFloatChain, PlanIntChain).
  void PlanChains(const std::vector<int>& last_use) {
    for (size_t i = 0; i < instrs_.size(); ++i) {
      Chain chain;
      size_t end = i;
      switch (ChainKindOf(instrs_[i])) {
        case kFloatChain:
          end = PlanFloatChain(i, last_use, &chain);
          chain.fn = PickChainLoop();
          break;
        case kIntChain:
          end = PlanIntChain(i, last_use, &chain);
          chain.fn = PickIntChainLoop();
          chain.integer = true;
          break;
        default: break;
      }
      if (end == i) continue;
      for (size_t k = i; k < end; ++k) instrs_[k].chained = true;
      instrs_[i].chain = static_cast<int>(chains_.size());
      instrs_[i].chain_length = static_cast<int>(end - i);
      chains_.push_back(std::move(chain));
      i = end - 1;
    }
  }

  // Pairs of binary float instructions where the second is the only reader
  // of the first's result run as one pass (the result stays in a register).
  void PlanPairs(const std::vector<int>& last_use) {
    for (size_t i = 0; i + 1 < instrs_.size(); ++i) {
      Instr& first = instrs_[i];
      const Instr& second = instrs_[i + 1];
      const int t = first.dst;
      const bool t_left = second.a == t;
      if (first.chained || second.chained || static_cast<int>(i) == direct_ || t == out_slot_ ||
          last_use[t] != static_cast<int>(i + 1) ||
          first.b < 0 || second.b < 0 || second.c >= 0 || (second.a == t) == (second.b == t) ||
          first.uniform_a >= 0 || first.uniform_b >= 0 || second.uniform_a >= 0 ||
          second.uniform_b >= 0 || slot_types_[first.a] != slot_types_[second.dst] ||
          slot_types_[t] != slot_types_[first.a]) {
        continue;
      }
      LoopFn fn = PickPairLoop(first.op, second.op, slot_types_[first.a], t_left);
      if (fn == nullptr) continue;
      first.pair_fn = fn;
      first.pair_c = t_left ? second.b : second.a;
      first.pair_dst = second.dst;
      ++i;  // the second is not the first of another pair
    }
  }

  // Row-constant loads whose every reader is a binary float instruction with
  // a uniform-operand loop (and a non-row-constant other operand) hold one
  // value per tile instead of a filled buffer.
  void PlanUniformOperands() {
    if (loop_) return;
    auto row_constant_slot = [&](int slot) {
      for (const Load* load : per_tile_) {
        if (load->slot == slot && load->row_constant) return true;
      }
      return false;
    };
    for (size_t k = 0; k < per_tile_.size(); ++k) {
      const Load* load = per_tile_[k];
      const int s = load->slot;
      if (!load->row_constant || s == out_slot_ ||
          std::find(extra_out_slots_.begin(), extra_out_slots_.end(), s) !=
              extra_out_slots_.end()) {
        continue;
      }
      bool ok = true, read = false;
      for (const Instr& instr : instrs_) {
        const bool in_a = instr.a == s, in_b = instr.b == s;
        if (!in_a && !in_b && instr.c != s) continue;
        read = true;
        const int other = in_a ? instr.b : instr.a;
        if (instr.c == s || (in_a && in_b) || other < 0 || row_constant_slot(other) ||
            PickUniformLoop(instr.op, slot_types_[instr.a], in_b) == nullptr) {
          ok = false;
          break;
        }
      }
      if (!ok || !read) continue;
      const_cast<Load*>(load)->uniform_fill = true;
      for (Instr& instr : instrs_) {
        if (instr.a == s) {
          instr.uniform_a = static_cast<int>(k);
          instr.fn_uniform_a = PickUniformLoop(instr.op, slot_types_[instr.a], false);
        } else if (instr.b == s) {
          instr.uniform_b = static_cast<int>(k);
          instr.fn_uniform_b = PickUniformLoop(instr.op, slot_types_[instr.a], true);
        }
      }
    }
  }

  // ---- running -------------------------------------------------------------------

  // Points slots at this thread's scratch and fills constants and scalars.
  char* SetUpChunk(const void* const* inputs, void** slots) const {
    char* scratch = ThreadScratch(scratch_bytes_);
    for (size_t s = 0; s < buffer_of_.size(); ++s) {
      if (buffer_of_[s] >= 0) slots[s] = scratch + buffer_of_[s] * kTileBytes;
    }
    for (const Load* load : persistent_) {
      alignas(8) char value[8];
      if (load->kind == kLoadConstant) {
        Scalar(load->arg, load->dtype, value);
      } else {
        std::memcpy(value, inputs[load->arg], static_cast<size_t>(load->size));
      }
      Fill(slots[load->slot], value, load->size, fill_count_);
    }
    return scratch + static_cast<size_t>(num_buffers_) * kTileBytes;
  }

  // A thread's state for a run of tiles: slot pointers, fill caches, its
  // scratch, and the scratch past the slots' buffers (`extra`).
  struct Chunk {
    void* slots[kMaxSlots];
    FillCache caches[kMaxSlots];
    char* scratch;
    char* extra;
  };

  void StartChunk(const void* const* inputs, Chunk* chunk) const {
    ResetCaches(chunk->caches);
    chunk->scratch = ThreadScratch(scratch_bytes_);
    chunk->extra = SetUpChunk(inputs, chunk->slots);
  }

  void ResetCaches(FillCache* caches) const {
    for (size_t i = 0; i < per_tile_.size(); ++i) caches[i] = FillCache{-1, 0, false};
  }

  // Calls emit(position in tile, offset, step, run length) for each stretch of
  // the tile [start, start + n) along the innermost domain dimension.
  template <typename Emit>
  void ForEachRun(const std::vector<int64_t>& strides, int64_t start, int64_t n,
                  Emit&& emit) const {
    const int r = static_cast<int>(dims_.size());
    int64_t index[kMaxDims];
    int64_t rest = start, offset = 0;
    for (int k = r - 1; k >= 0; --k) {
      index[k] = rest % dims_[k];
      rest /= dims_[k];
      offset += index[k] * strides[k];
    }
    const int64_t inner = dims_[r - 1], step = strides[r - 1];
    int64_t pos = 0;
    while (true) {
      const int64_t run = std::min(n - pos, inner - index[r - 1]);
      emit(pos, offset, step, run);
      pos += run;
      if (pos >= n) return;
      offset -= index[r - 1] * step;
      index[r - 1] = 0;
      for (int k = r - 2; k >= 0; --k) {
        offset += strides[k];
        if (++index[k] < dims_[k]) break;
        offset -= dims_[k] * strides[k];
        index[k] = 0;
      }
    }
  }

  void* LoadStrided(const Load& load, const void* input, int64_t start, int64_t n,
                    void* buffer, FillCache* cache) const {
    const char* base = static_cast<const char*>(input);
    const int64_t size = load.size;
    const int r = static_cast<int>(dims_.size());
    const int64_t inner = dims_[r - 1];
    if (start % inner + n <= inner) {
      // The tile lies in one innermost run.
      int64_t offset = 0, rest = start;
      for (int k = r - 1; k >= 0; --k) {
        offset += (rest % dims_[k]) * load.strides[k];
        rest /= dims_[k];
      }
      if (load.strides[r - 1] == 1) {  // contiguous: read in place
        return const_cast<char*>(base + offset * size);
      }
      if (load.row_constant) {
        if (load.uniform_fill) {
          if (cache->offset != offset || !cache->uniform) {
            std::memcpy(buffer, base + offset * size, static_cast<size_t>(size));
            cache->offset = offset;
            cache->uniform = true;
          }
          return buffer;
        }
        if (cache->offset != offset || cache->count < n) {
          Fill(buffer, base + offset * size, size, n);
          cache->offset = offset;
          cache->count = n;
        }
        return buffer;
      }
    }
    cache->offset = -1;
    cache->uniform = false;
    switch (size) {
      case 1: GatherTile<uint8_t>(load, base, start, n, buffer); break;
      case 2: GatherTile<uint16_t>(load, base, start, n, buffer); break;
      case 4: GatherTile<uint32_t>(load, base, start, n, buffer); break;
      default: GatherTile<uint64_t>(load, base, start, n, buffer); break;
    }
    return buffer;
  }

  // Copies domain elements [start, start + n) of a load into `out`, walking the
  // load's own view of the domain (Load::view_dims): whole runs of the inner
  // view dimension at once, and blocks of short runs (the innermost few
  // elements of an outer difference, a value repeated along a small axis) in
  // one tight two-level loop, or by doubling copies when the block repeats.
  template <typename T>
  static void GatherTile(const Load& load, const char* base, int64_t start, int64_t n,
                         void* out) {
    const T* src = reinterpret_cast<const T*>(base);
    T* dst = static_cast<T*>(out);
    const int r = static_cast<int>(load.view_dims.size());
    const int64_t* dims = load.view_dims.data();
    const int64_t* strides = load.view_strides.data();
    int64_t index[kMaxDims];
    int64_t rest = start, offset = 0;
    for (int k = 0; k < r; ++k) {
      index[k] = rest % dims[k];
      rest /= dims[k];
      offset += index[k] * strides[k];
    }
    const int64_t d0 = dims[0], s0 = strides[0];
    const int64_t d1 = r > 1 ? dims[1] : 1, s1 = r > 1 ? strides[1] : 0;
    int64_t pos = 0;
    while (pos < n) {
      int64_t advance_rows = 0;  // whole inner runs done (carried into dim 1)
      if (index[0] == 0 && r > 1 && d0 < 64 && n - pos >= 2 * d0) {
        // A block of whole short runs along dimension 1.
        const int64_t rows = std::min((n - pos) / d0, d1 - index[1]);
        T* d = dst + pos;
        if (s1 == 0) {  // the same run repeated: write it once, then double
          for (int64_t j = 0; j < d0; ++j) d[j] = src[offset + j * s0];
          int64_t have = d0, want = rows * d0;
          while (have < want) {
            const int64_t copy = std::min(have, want - have);
            std::memcpy(d + have, d, static_cast<size_t>(copy) * sizeof(T));
            have += copy;
          }
        } else if (s0 == 0) {  // each value repeated d0 times
          for (int64_t i = 0; i < rows; ++i) {
            const T v = src[offset + i * s1];
            for (int64_t j = 0; j < d0; ++j) d[i * d0 + j] = v;
          }
        } else {
          for (int64_t i = 0; i < rows; ++i) {
            const T* row = src + offset + i * s1;
            for (int64_t j = 0; j < d0; ++j) d[i * d0 + j] = row[j * s0];
          }
        }
        pos += rows * d0;
        offset += rows * s1;
        index[1] += rows;
        advance_rows = -1;  // index[1] already moved
      } else {
        const int64_t run = std::min(n - pos, d0 - index[0]);
        const T* from = src + offset;
        T* to = dst + pos;
        if (s0 == 1) {
          std::memcpy(to, from, static_cast<size_t>(run) * sizeof(T));
        } else if (s0 == 0) {
          const T v = *from;
          for (int64_t i = 0; i < run; ++i) to[i] = v;
        } else {
          for (int64_t i = 0; i < run; ++i) to[i] = from[i * s0];
        }
        pos += run;
        index[0] += run;
        offset += run * s0;
        if (index[0] < d0) continue;  // the tile ended inside the run
        offset -= d0 * s0;
        index[0] = 0;
        advance_rows = 1;
      }
      if (pos >= n) break;
      // Carry into the outer dimensions.
      if (advance_rows == 1 && r > 1) {
        ++index[1];
        offset += s1;
      }
      for (int k = 1; k < r - 1 && index[k] >= dims[k]; ++k) {
        offset -= dims[k] * strides[k];
        index[k] = 0;
        ++index[k + 1];
        offset += strides[k + 1];
      }
    }
  }

  template <typename T>
  static void StoreIota(void* out, int64_t pos, int64_t value, int64_t step, int64_t run) {
    T* dst = static_cast<T*>(out) + pos;
    for (int64_t i = 0; i < run; ++i) {
      const int64_t v = value + i * step;
      if constexpr (std::is_same_v<T, bool>) dst[i] = v != 0;
      else dst[i] = static_cast<T>(v);
    }
  }

  void LoadIota(const Load& load, int64_t start, int64_t n, void* buffer) const {
    ForEachRun(load.strides, start, n, [&](int64_t pos, int64_t value, int64_t step,
                                           int64_t run) {
      switch (load.dtype) {
        case DType::kPred: StoreIota<bool>(buffer, pos, value, step, run); break;
        case DType::kS8: StoreIota<int8_t>(buffer, pos, value, step, run); break;
        case DType::kS16: StoreIota<int16_t>(buffer, pos, value, step, run); break;
        case DType::kS32: StoreIota<int32_t>(buffer, pos, value, step, run); break;
        case DType::kS64: StoreIota<int64_t>(buffer, pos, value, step, run); break;
        case DType::kU8: StoreIota<uint8_t>(buffer, pos, value, step, run); break;
        case DType::kU16: StoreIota<uint16_t>(buffer, pos, value, step, run); break;
        case DType::kU32: StoreIota<uint32_t>(buffer, pos, value, step, run); break;
        case DType::kU64: StoreIota<uint64_t>(buffer, pos, value, step, run); break;
        case DType::kF32: StoreIota<float>(buffer, pos, value, step, run); break;
        default: StoreIota<double>(buffer, pos, value, step, run); break;
      }
    });
  }

  // Evaluates the program on domain elements [start, start + n) (n <= kTile);
  // `out` (or null) receives the output slot's values.
  void EvalTile(const void* const* inputs, void** slots, char* scratch, FillCache* caches,
                int64_t start, int64_t n, void* out) const {
    char* next_out = out == nullptr ? nullptr
                                    : static_cast<char*>(out) + n * DTypeSize(slot_types_[out_slot_]);
    PrefetchTile(inputs, start + n, n, next_out);
    EvalTileLoads(inputs, slots, scratch, caches, start, n);
    RunInstructions(slots, caches, n, out);
  }

  // Asks for the next tile's contiguous inputs (and output lines) while this
  // one computes: the interpreter touches each input line only in its first
  // pass, so the hardware prefetcher, which follows accesses, falls behind.
  void PrefetchTile(const void* const* inputs, int64_t start, int64_t n, char* out) const {
    if (!prefetch_ || start >= total_) return;
    n = std::min(n, total_ - start);
    for (const Load* load : per_tile_) {
      if (load->kind != kLoadInput || load->access != kContiguous) continue;
      const char* p = static_cast<const char*>(inputs[load->arg]) + start * load->size;
      for (int64_t b = 0; b < n * load->size; b += 64) __builtin_prefetch(p + b, 0, 3);
    }
    if (out != nullptr) {
      const int64_t bytes = n * DTypeSize(slot_types_[out_slot_]);
      for (int64_t b = 0; b < bytes; b += 64) __builtin_prefetch(out + b, 1, 3);
    }
  }

  void EvalTileLoads(const void* const* inputs, void** slots, char* scratch,
                     FillCache* caches, int64_t start, int64_t n) const {
    for (size_t i = 0; i < per_tile_.size(); ++i) {
      const Load* load = per_tile_[i];
      if (load->kind == kLoadIota) {
        LoadIota(*load, start, n, scratch + buffer_of_[load->slot] * kTileBytes);
        slots[load->slot] = scratch + buffer_of_[load->slot] * kTileBytes;
      } else if (load->access == kContiguous) {
        slots[load->slot] =
            const_cast<char*>(static_cast<const char*>(inputs[load->arg])) + start * load->size;
      } else {
        slots[load->slot] = LoadStrided(*load, inputs[load->arg], start, n,
                                        scratch + buffer_of_[load->slot] * kTileBytes,
                                        &caches[i]);
      }
    }
  }

  void RunInstructions(void** slots, const FillCache* caches, int64_t n, void* out) const {
    const int count = static_cast<int>(instrs_.size());
    for (int i = 0; i < count; ++i) {
      const Instr& instr = instrs_[i];
      if (instr.chain >= 0) {
        const int last = i + instr.chain_length - 1;
        const Chain& chain = chains_[instr.chain];
        if (last == direct_) slots[chain.dst] = out;
        chain.fn(chain, slots, n);
        i = last;
        continue;
      }
      if (instr.pair_fn != nullptr) {
        if (i + 1 == direct_) slots[instr.pair_dst] = out;
        instr.pair_fn(instr, slots, n);
        ++i;
        continue;
      }
      if (i == direct_) slots[instr.dst] = out;
      LoopFn fn = instr.fn;
      if (instr.uniform_b >= 0 && caches[instr.uniform_b].uniform) {
        fn = instr.fn_uniform_b;
      } else if (instr.uniform_a >= 0 && caches[instr.uniform_a].uniform) {
        fn = instr.fn_uniform_a;
      }
      fn(instr, slots, n);
    }
  }

  // A counted loop `while (counter < limit) { value = f(value); ++counter }`
  // whose body f is this group: every element evolves on its own, so each
  // tile runs all the iterations while it stays in L1.
  void RunLoop(const void* const* inputs, void* const* outputs) const {
    const void* counter_in = inputs[counter_arg_];
    int64_t counter = counter_is_64_ ? *static_cast<const int64_t*>(counter_in)
                                     : *static_cast<const int32_t*>(counter_in);
    const int64_t trips = limit_ > counter ? limit_ - counter : 0;
    if (counter_is_64_) {
      *static_cast<int64_t*>(outputs[1]) = counter + trips;
    } else {
      *static_cast<int32_t*>(outputs[1]) = static_cast<int32_t>(counter + trips);
    }
    const int64_t size = DTypeSize(slot_types_[out_slot_]);
    const char* initial = static_cast<const char*>(inputs[feedback_arg_]);
    char* result = static_cast<char*>(outputs[0]);
    if (trips == 0 || total_ == 0) {
      if (total_ > 0) std::memcpy(result, initial, static_cast<size_t>(total_ * size));
      return;
    }
    ForEachTile(inputs, 1, [&](void** slots, char* scratch, FillCache* caches, int64_t start,
                                int64_t n) {
      char* value = scratch + buffer_of_[feedback_slot_] * kTileBytes;
      // Loads (the loop value's in-place pointer is replaced below).
      EvalTileLoads(inputs, slots, scratch, caches, start, n);
      std::memcpy(value, initial + start * size, static_cast<size_t>(n * size));
      slots[feedback_slot_] = value;
      for (int64_t i = 0; i < trips; ++i) RunInstructions(slots, caches, n, value);
      std::memcpy(result + start * size, value, static_cast<size_t>(n * size));
    });
  }

  // Calls body(slots, scratch, caches, start, n) for every tile of the domain,
  // chunks of at least `grain` tiles to a thread, each thread with its own
  // scratch set up once per chunk.
  template <typename Body>
  void ForEachTile(const void* const* inputs, int64_t grain, Body&& body) const {
    auto run_tiles = [&](int64_t first, int64_t last) {
      Chunk chunk;
      StartChunk(inputs, &chunk);
      auto& [slots, caches, scratch, extra] = chunk;
      for (int64_t t = first; t < last; ++t) {
        const int64_t start = t * kTile;
        body(slots, scratch, caches, start, std::min(kTile, total_ - start));
      }
    };
    const int64_t tiles = (total_ + kTile - 1) / kTile;
    if (tiles <= grain) {
      run_tiles(0, tiles);
    } else {
      ParallelFor(tiles, grain, run_tiles);
    }
  }

  void RunElementwise(const void* const* inputs, void* const* outputs) const {
    if (total_ == 0) return;
    const int64_t out_size = DTypeSize(slot_types_[out_slot_]);
    ForEachTile(inputs, std::max<int64_t>(1, kGrainElements / kTile),
                [&](void** slots, char* scratch, FillCache* caches, int64_t start, int64_t n) {
                  BindExtraOutputs(slots, outputs, start);
                  EvalTile(inputs, slots, scratch, caches, start, n,
                           static_cast<char*>(outputs[0]) + start * out_size);
                  StoreExtraOutputs(slots, outputs, start, n);
                });
  }

  // Outputs after the first that an instruction computes are computed
  // straight into the output: their slots point there for the tile (those
  // values are kept to the tile's end anyway, so no other value shares them).
  void BindExtraOutputs(void** slots, void* const* outputs, int64_t start) const {
    for (size_t k = 0; k < extra_out_slots_.size(); ++k) {
      if (!extra_out_direct_[k]) continue;
      const int slot = extra_out_slots_[k];
      slots[slot] = static_cast<char*>(outputs[k + 1]) + start * DTypeSize(slot_types_[slot]);
    }
  }

  // Outputs after the first (a group whose values are also read elsewhere,
  // computed once): the tile's values copied out of their slots.
  void StoreExtraOutputs(void* const* slots, void* const* outputs, int64_t start,
                         int64_t n) const {
    for (size_t k = 0; k < extra_out_slots_.size(); ++k) {
      if (extra_out_direct_[k]) continue;
      const int slot = extra_out_slots_[k];
      const int64_t size = DTypeSize(slot_types_[slot]);
      std::memcpy(static_cast<char*>(outputs[k + 1]) + start * size, slots[slot],
                  static_cast<size_t>(n * size));
    }
  }

  // Reduces elements [begin, end) of row `row` into `lanes` (kLanes values).
  void AccumulateRow(const void* const* inputs, void** slots, char* scratch, FillCache* caches,
                     int64_t row, int64_t begin, int64_t end, void* lanes) const {
    const int64_t size = DTypeSize(slot_types_[out_slot_]);
    Fill(lanes, identity_, size, kLanes);
    for (int64_t k = begin; k < end; k += kTile) {
      const int64_t n = std::min(kTile, end - k);
      EvalTile(inputs, slots, scratch, caches, row * red_ + k, n, nullptr);
      reduce_.lanes(lanes, slots[out_slot_], n);
    }
    // Fold the lanes as a tree: lanes[j] op= lanes[j + width].
    char* l = static_cast<char*>(lanes);
    for (int width = kLanes / 2; width >= 1; width /= 2) {
      reduce_.combine(l, l + width * size, width);
    }
  }

  void RunRows(const void* const* inputs, void* output) const {
    const int64_t size = DTypeSize(slot_types_[out_slot_]);
    char* out = static_cast<char*>(output);
    if (outer_ == 0) return;
    // Long rows with few of them are split into parts reduced in parallel.
    const int64_t parts = outer_ >= NumThreads() ? 1
        : std::max<int64_t>(1, std::min<int64_t>(NumThreads() * 4, red_ / (4 * kGrainElements)));
    const int64_t part_length = (red_ + parts - 1) / parts;
    std::vector<char> partial_storage;
    char* partials = nullptr;
    if (parts > 1) {
      partial_storage.resize(static_cast<size_t>(outer_ * parts * 8));
      partials = partial_storage.data();
    }
    auto run = [&](int64_t first, int64_t last) {
      if (parts == 1) {
        ReduceRows(inputs, output, first, last);
        return;
      }
      Chunk chunk;
      StartChunk(inputs, &chunk);
      auto& [slots, caches, scratch, extra] = chunk;
      alignas(64) char lanes[kLanes * 8];
      for (int64_t unit = first; unit < last; ++unit) {
        const int64_t row = unit / parts, part = unit % parts;
        const int64_t begin = part * part_length, end = std::min(red_, begin + part_length);
        AccumulateRow(inputs, slots, scratch, caches, row, begin, end, lanes);
        std::memcpy(partials + unit * size, lanes, static_cast<size_t>(size));
      }
    };
    const int64_t units = outer_ * parts;
    const int64_t grain = parts > 1 ? 1 : std::max<int64_t>(1, kGrainElements / std::max<int64_t>(red_, 1));
    if (units <= grain) run(0, units);
    else ParallelFor(units, grain, run);
    if (parts > 1) {
      for (int64_t row = 0; row < outer_; ++row) {
        char* acc = partials + row * parts * size;
        for (int64_t part = 1; part < parts; ++part) {
          reduce_.combine(acc, acc + part * size, 1);
        }
        std::memcpy(out + row * size, init_, static_cast<size_t>(size));
        reduce_.combine(out + row * size, acc, 1);
      }
    }
  }

  // Output rows [first, last) of a reduction over whole rows, on this thread.
  void ReduceRows(const void* const* inputs, void* output, int64_t first, int64_t last) const {
    const int64_t size = DTypeSize(slot_types_[out_slot_]);
    char* out = static_cast<char*>(output);
    Chunk chunk;
    StartChunk(inputs, &chunk);
    auto& [slots, caches, scratch, extra] = chunk;
    alignas(64) char lanes[kLanes * 8];
    for (int64_t row = first; row < last; ++row) {
      AccumulateRow(inputs, slots, scratch, caches, row, 0, red_, lanes);
      std::memcpy(out + row * size, init_, static_cast<size_t>(size));
      reduce_.combine(out + row * size, lanes, 1);
    }
  }

  void RunColumns(const void* const* inputs, void* output) const {
    const int64_t chunks = (inner_ + kTile - 1) / kTile;
    const int64_t units = outer_ * chunks;
    if (units == 0) return;
    auto run = [&](int64_t first, int64_t last) { ReduceColumns(inputs, output, first, last); };
    const int64_t grain =
        std::max<int64_t>(1, kGrainElements / std::max<int64_t>(red_ * std::min(kTile, inner_), 1));
    if (units <= grain) run(0, units);
    else ParallelFor(units, grain, run);
  }

  // Units [first, last) of a reduction over middle dimensions (a unit: one
  // outer index and one tile of inner ones), on this thread.
  void ReduceColumns(const void* const* inputs, void* output, int64_t first,
                     int64_t last) const {
    const int64_t size = DTypeSize(slot_types_[out_slot_]);
    char* out = static_cast<char*>(output);
    const int64_t chunks = (inner_ + kTile - 1) / kTile;
    Chunk chunk;
    StartChunk(inputs, &chunk);
    auto& [slots, caches, scratch, total] = chunk;
    char* block = total + kTileBytes;
    for (int64_t unit = first; unit < last; ++unit) {
      const int64_t o = unit / chunks, i0 = (unit % chunks) * kTile;
      const int64_t n = std::min(kTile, inner_ - i0);
      Fill(total, identity_, size, n);
      // Partial sums over blocks of reduced rows keep float sums accurate.
      for (int64_t k0 = 0; k0 < red_; k0 += kColumnBlock) {
        Fill(block, identity_, size, n);
        for (int64_t k = k0; k < std::min(red_, k0 + kColumnBlock); ++k) {
          EvalTile(inputs, slots, scratch, caches, (o * red_ + k) * inner_ + i0, n, nullptr);
          reduce_.combine(block, slots[out_slot_], n);
        }
        reduce_.combine(total, block, n);
      }
      char* dst = out + (o * inner_ + i0) * size;
      Fill(dst, init_, size, n);
      reduce_.combine(dst, total, n);
    }
  }

  // ---- reductions of short rows and narrow columns ----------------------------

  // out[i] = in[i * step] for i < n, by element size.
  static void StridedGather(const char* src, int64_t step, int64_t size, char* dst, int64_t n) {
    switch (size) {
      case 1: StridedCopy(reinterpret_cast<const uint8_t*>(src), step,
                          reinterpret_cast<uint8_t*>(dst), n); break;
      case 2: StridedCopy(reinterpret_cast<const uint16_t*>(src), step,
                          reinterpret_cast<uint16_t*>(dst), n); break;
      case 4: StridedCopy(reinterpret_cast<const uint32_t*>(src), step,
                          reinterpret_cast<uint32_t*>(dst), n); break;
      default: StridedCopy(reinterpret_cast<const uint64_t*>(src), step,
                           reinterpret_cast<uint64_t*>(dst), n); break;
    }
  }

  void RunShortRows(const void* const* inputs, void* output) const {
    if (outer_ == 0) return;
    auto run = [&](int64_t first, int64_t last) {
      ReduceShortRows(inputs, output, first, last);
    };
    const int64_t grain = std::max<int64_t>(1, kGrainElements / std::max<int64_t>(red_, 1));
    if (outer_ <= grain) run(0, outer_);
    else ParallelFor(outer_, grain, run);
  }

  // Output rows [first, last) of a reduction over short whole rows: one tile
  // holds kTile / red_ rows, and column j of those rows is combined into their
  // outputs at once (out = init, then out op= element j, in order).
  void ReduceShortRows(const void* const* inputs, void* output, int64_t first,
                       int64_t last) const {
    const int64_t size = DTypeSize(slot_types_[out_slot_]);
    char* out = static_cast<char*>(output);
    Chunk chunk;
    StartChunk(inputs, &chunk);
    auto& [slots, caches, scratch, column] = chunk;
    if (red_ == 0) {
      Fill(out + first * size, init_, size, last - first);
      return;
    }
    const int64_t per_tile = std::max<int64_t>(1, kTile / red_);
    for (int64_t row = first; row < last; row += per_tile) {
      const int64_t rows = std::min(per_tile, last - row);
      EvalTile(inputs, slots, scratch, caches, row * red_, rows * red_, nullptr);
      const char* values = static_cast<const char*>(slots[out_slot_]);
      char* dst = out + row * size;
      Fill(dst, init_, size, rows);
      for (int64_t j = 0; j < red_; ++j) {
        StridedGather(values + j * size, red_, size, column, rows);
        reduce_.combine(dst, column, rows);
      }
    }
  }

  void RunNarrowColumns(const void* const* inputs, void* output) const {
    if (outer_ == 0) return;
    const int64_t size = DTypeSize(slot_types_[out_slot_]);
    const int64_t per_outer = std::max<int64_t>(red_ * inner_, 1);
    // Few outputs and long columns: the reduced range is split into parts,
    // reduced in parallel and combined in order.
    const int64_t parts = outer_ >= NumThreads() ? 1
        : std::max<int64_t>(1, std::min<int64_t>(NumThreads() * 4,
                                                 per_outer / (4 * kGrainElements)));
    if (parts == 1) {
      auto run = [&](int64_t first, int64_t last) {
        ReduceNarrowColumns(inputs, output, first, last, 0, red_, nullptr);
      };
      const int64_t grain = std::max<int64_t>(1, kGrainElements / per_outer);
      if (outer_ <= grain) run(0, outer_);
      else ParallelFor(outer_, grain, run);
      return;
    }
    const int64_t part_length = (red_ + parts - 1) / parts;
    std::vector<char> partials(static_cast<size_t>(outer_ * parts * inner_ * size));
    ParallelFor(outer_ * parts, 1, [&](int64_t first, int64_t last) {
      for (int64_t unit = first; unit < last; ++unit) {
        const int64_t o = unit / parts, part = unit % parts;
        const int64_t begin = std::min(red_, part * part_length);
        const int64_t end = std::min(red_, begin + part_length);
        ReduceNarrowColumns(inputs, nullptr, o, o + 1, begin, end,
                            partials.data() + unit * inner_ * size);
      }
    });
    char* out = static_cast<char*>(output);
    for (int64_t o = 0; o < outer_; ++o) {
      char* dst = out + o * inner_ * size;
      Fill(dst, init_, size, inner_);
      for (int64_t part = 0; part < parts; ++part) {
        reduce_.combine(dst, partials.data() + (o * parts + part) * inner_ * size, inner_);
      }
    }
  }

  // Outer indices [first, last) of a reduction over a middle dimension whose
  // kept (inner) extent is small: a tile holds kTile / inner_ whole reduced
  // rows, folded pairwise in place, then added to the running total. With
  // `partial`, reduced rows [begin, end) of one outer index are reduced into
  // it without the init value; otherwise whole columns go to `output`.
  void ReduceNarrowColumns(const void* const* inputs, void* output, int64_t first,
                           int64_t last, int64_t begin, int64_t end, char* partial) const {
    const int64_t size = DTypeSize(slot_types_[out_slot_]);
    const int64_t row_bytes = inner_ * size;
    Chunk chunk;
    StartChunk(inputs, &chunk);
    auto& [slots, caches, scratch, total] = chunk;
    char* block = total + kTileBytes;
    const int64_t per_tile = std::max<int64_t>(1, kTile / inner_);
    for (int64_t o = first; o < last; ++o) {
      char* acc = partial != nullptr ? partial : total;
      Fill(acc, identity_, size, inner_);
      for (int64_t k0 = begin; k0 < end; k0 += per_tile) {
        int64_t rows = std::min(per_tile, end - k0);
        EvalTile(inputs, slots, scratch, caches, (o * red_ + k0) * inner_, rows * inner_,
                 nullptr);
        std::memcpy(block, slots[out_slot_], static_cast<size_t>(rows * row_bytes));
        while (rows > 1) {
          const int64_t half = rows / 2;
          reduce_.combine(block, block + (rows - half) * row_bytes, half * inner_);
          rows -= half;
        }
        reduce_.combine(acc, block, inner_);
      }
      if (partial == nullptr) {
        char* dst = static_cast<char*>(output) + o * row_bytes;
        Fill(dst, init_, size, inner_);
        reduce_.combine(dst, acc, inner_);
      }
    }
  }

  std::vector<int64_t> dims_;
  int64_t total_ = 0;
  int red_op_ = -1;
  int64_t outer_ = 1, red_ = 1, inner_ = 1;
  ReduceFns reduce_;
  alignas(8) char init_[8] = {};
  alignas(8) char identity_[8] = {};
  std::vector<DType> slot_types_;
  std::vector<Load> loads_;
  std::vector<Instr> instrs_;
  std::vector<Chain> chains_;
  bool prefetch_ = false;
  int out_slot_ = -1;
  std::vector<int> extra_out_slots_;  // outputs 1, 2, ... (elementwise groups)
  std::vector<bool> extra_out_direct_;  // computed in place (BindExtraOutputs)
  int direct_ = -1;  // the instruction that writes the output in place
  // Loop mode (params["loop"]): the group is the body of a counted loop.
  bool loop_ = false, counter_is_64_ = false;
  int64_t feedback_arg_ = -1, counter_arg_ = -1, limit_ = 0;
  int feedback_slot_ = -1;
  std::vector<int> buffer_of_;
  int num_buffers_ = 0;
  size_t scratch_bytes_ = 0;
  int64_t fill_count_ = 0;
  std::vector<const Load*> persistent_, per_tile_;
};

std::unique_ptr<Kernel> MakeFusedKernel(const Params& params,
                                        const std::vector<TensorSpec>& inputs,
                                        const std::vector<TensorSpec>& outputs) {
  if (!params.has("code")) throw Unsupported("fused: missing code");
  return std::make_unique<FusedKernel>(params, inputs, outputs);
}

JAXCPU_REGISTER_KERNEL("fused", MakeFusedKernel);

}  // namespace
}  // namespace fused
}  // namespace jaxcpu
