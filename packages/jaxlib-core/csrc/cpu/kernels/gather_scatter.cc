// stablehlo.gather and stablehlo.scatter (one operand, simple combiners).
//
// Both ops pair a batch of start-index vectors (the index tensor without its
// index_vector_dim) with a window of the operand. The factories turn the
// dimension numbers into strides; Run walks the batch with an odometer.
//
// gather: each start is clamped so the whole slice fits (spec); each batch
// position copies its window, whose dims are merged where contiguous so an
// embedding lookup is one memcpy per row. Batch positions run in parallel.
//
// scatter: the result is a copy of the operand, then every update element
// whose window fits entirely (XLA skips the others) is combined into its
// target in row-major update order. Threads own disjoint ranges of the result
// and each applies, in order, the updates landing in its range, so duplicate
// targets see their updates in the same order as a sequential loop.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "kernel.h"
#include "kernels/narrow_float.h"

namespace jaxcpu {
namespace {

std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (int i = static_cast<int>(dims.size()) - 2; i >= 0; --i) {
    strides[i] = strides[i + 1] * dims[i + 1];
  }
  return strides;
}

int IndexOf(const std::vector<int64_t>& values, int64_t value) {
  auto it = std::find(values.begin(), values.end(), value);
  return it == values.end() ? -1 : static_cast<int>(it - values.begin());
}

bool Contains(const std::vector<int64_t>& values, int64_t value) {
  return IndexOf(values, value) >= 0;
}

void CheckDims(const std::vector<int64_t>& dims, int64_t bound, const char* what) {
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0 || dims[i] >= bound) throw Unsupported(std::string(what) + " out of range");
    for (size_t j = 0; j < i; ++j) {
      if (dims[i] == dims[j]) throw Unsupported(std::string(what) + " has duplicates");
    }
  }
}

bool IsIndexType(DType t) {
  switch (t) {
    case DType::kS8: case DType::kS16: case DType::kS32: case DType::kS64:
    case DType::kU8: case DType::kU16: case DType::kU32: case DType::kU64:
      return true;
    default:
      return false;
  }
}

// An index element as int64; huge unsigned values saturate (they stay out of
// range rather than wrapping to negative), as the reference does.
inline int64_t LoadIndex(const char* base, int64_t i, DType t) {
  switch (t) {
    case DType::kS8: return reinterpret_cast<const int8_t*>(base)[i];
    case DType::kS16: return reinterpret_cast<const int16_t*>(base)[i];
    case DType::kS32: return reinterpret_cast<const int32_t*>(base)[i];
    case DType::kS64: return reinterpret_cast<const int64_t*>(base)[i];
    case DType::kU8: return reinterpret_cast<const uint8_t*>(base)[i];
    case DType::kU16: return reinterpret_cast<const uint16_t*>(base)[i];
    case DType::kU32: return reinterpret_cast<const uint32_t*>(base)[i];
    case DType::kU64: {
      uint64_t v = reinterpret_cast<const uint64_t*>(base)[i];
      uint64_t max = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
      return static_cast<int64_t>(std::min(v, max));
    }
    default: return 0;
  }
}

inline void CopyElement(char* dst, const char* src, int64_t size) {
  switch (size) {
    case 1: *dst = *src; break;
    case 2: std::memcpy(dst, src, 2); break;
    case 4: std::memcpy(dst, src, 4); break;
    case 8: std::memcpy(dst, src, 8); break;
    default: std::memcpy(dst, src, size); break;
  }
}

// The batch of index vectors shared by gather and scatter: the index tensor's
// dims other than index_vector_dim, in order, and where each vector lives.
struct IndexBatch {
  DType dtype = DType::kOther;
  std::vector<int64_t> sizes;          // batch dims
  std::vector<int64_t> index_strides;  // element stride of each batch dim in the indices
  int64_t vector_stride = 0;           // element stride of index_vector_dim
  int64_t vector_size = 1;
  int64_t count = 1;                   // number of batch positions

  IndexBatch(const TensorSpec& indices, int64_t index_vector_dim) {
    if (!IsIndexType(indices.dtype)) throw Unsupported("indices must be integers");
    if (index_vector_dim < 0 || index_vector_dim > indices.rank()) {
      throw Unsupported("index_vector_dim out of range");
    }
    dtype = indices.dtype;
    std::vector<int64_t> strides = RowMajorStrides(indices.dims);
    for (int d = 0; d < indices.rank(); ++d) {
      if (d == index_vector_dim) {
        vector_stride = strides[d];
        vector_size = indices.dims[d];
      } else {
        sizes.push_back(indices.dims[d]);
        index_strides.push_back(strides[d]);
        count *= indices.dims[d];
      }
    }
  }

  // Batch axis of index-tensor dimension d.
  int64_t Axis(int64_t d, int64_t index_vector_dim) const {
    return d < index_vector_dim ? d : d - 1;
  }
};

// Walks batch positions [begin, end) in row-major order, keeping the
// multi-index and its offset into the index tensor and one other tensor.
class BatchOdometer {
 public:
  BatchOdometer(const IndexBatch& batch, const std::vector<int64_t>& other_strides,
                int64_t begin)
      : batch_(batch), other_strides_(other_strides), position_(batch.sizes.size(), 0) {
    int64_t rest = begin;
    for (int a = static_cast<int>(batch.sizes.size()) - 1; a >= 0; --a) {
      position_[a] = rest % batch.sizes[a];
      rest /= batch.sizes[a];
      index_offset_ += position_[a] * batch.index_strides[a];
      other_offset_ += position_[a] * other_strides[a];
    }
  }

  void Next() {
    for (int a = static_cast<int>(position_.size()) - 1; a >= 0; --a) {
      index_offset_ += batch_.index_strides[a];
      other_offset_ += other_strides_[a];
      if (++position_[a] < batch_.sizes[a]) return;
      index_offset_ -= batch_.index_strides[a] * batch_.sizes[a];
      other_offset_ -= other_strides_[a] * batch_.sizes[a];
      position_[a] = 0;
    }
  }

  int64_t index_offset() const { return index_offset_; }
  int64_t other_offset() const { return other_offset_; }
  int64_t position(int64_t axis) const { return position_[axis]; }

 private:
  const IndexBatch& batch_;
  const std::vector<int64_t>& other_strides_;
  std::vector<int64_t> position_;
  int64_t index_offset_ = 0, other_offset_ = 0;
};

// Where the start coordinate of one operand dimension comes from.
struct StartSource {
  int64_t component = -1;   // index vector component, or -1
  int64_t batch_axis = -1;  // batch axis (batching dims), or -1
  int64_t max_start = 0;    // gather: clamp bound; scatter: last valid start
  int64_t stride = 0;       // operand element stride
};

// A strided multi-dimensional window copy, dims merged where contiguous.
struct WindowLoops {
  std::vector<int64_t> sizes, src_strides, dst_strides;  // in elements, outermost first

  void Add(int64_t size, int64_t src_stride, int64_t dst_stride) {
    if (size == 1) return;
    if (!sizes.empty() && src_strides.back() == size * src_stride &&
        dst_strides.back() == size * dst_stride) {
      sizes.back() *= size;
      src_strides.back() = src_stride;
      dst_strides.back() = dst_stride;
      return;
    }
    sizes.push_back(size);
    src_strides.push_back(src_stride);
    dst_strides.push_back(dst_stride);
  }
};

// ---- gather ---------------------------------------------------------------------

constexpr size_t kMaxWindowDepth = 16;

class GatherKernel : public Kernel {
 public:
  GatherKernel(const Params& params, const std::vector<TensorSpec>& inputs,
               const std::vector<TensorSpec>& outputs)
      : batch_(inputs.at(1), params.get_int("index_vector_dim")) {
    if (inputs.size() != 2 || outputs.size() != 1) throw Unsupported("gather arity");
    const TensorSpec& operand = inputs[0];
    const TensorSpec& result = outputs[0];
    elem_ = DTypeSize(operand.dtype);
    if (elem_ == 0 || result.dtype_name != operand.dtype_name) {
      throw Unsupported("gather element type");
    }
    const auto& offset_dims = params.get_ints("offset_dims");
    const auto& collapsed = params.get_ints("collapsed_slice_dims");
    const auto& operand_batching = params.get_ints("operand_batching_dims");
    const auto& indices_batching = params.get_ints("start_indices_batching_dims");
    const auto& start_index_map = params.get_ints("start_index_map");
    const auto& slice_sizes = params.get_ints("slice_sizes");
    const int64_t ivd = params.get_int("index_vector_dim");
    const int rank = operand.rank();
    CheckDims(collapsed, rank, "collapsed_slice_dims");
    CheckDims(operand_batching, rank, "operand_batching_dims");
    CheckDims(start_index_map, rank, "start_index_map");
    CheckDims(indices_batching, inputs[1].rank(), "start_indices_batching_dims");
    CheckDims(offset_dims, result.rank(), "offset_dims");
    if (static_cast<int>(slice_sizes.size()) != rank ||
        operand_batching.size() != indices_batching.size() ||
        static_cast<int64_t>(start_index_map.size()) != batch_.vector_size ||
        !std::is_sorted(offset_dims.begin(), offset_dims.end())) {
      throw Unsupported("inconsistent gather dimension numbers");
    }
    const std::vector<int64_t> operand_strides = RowMajorStrides(operand.dims);
    const std::vector<int64_t> result_strides = RowMajorStrides(result.dims);

    // Result dims: batch dims (in order) where offset_dims is not.
    std::vector<int64_t> window_result_dims;
    for (int d = 0; d < result.rank(); ++d) {
      if (Contains(offset_dims, d)) {
        window_result_dims.push_back(d);
      } else {
        const size_t axis = result_batch_strides_.size();
        if (axis >= batch_.sizes.size() || result.dims[d] != batch_.sizes[axis]) {
          throw Unsupported("gather result batch dims do not match the indices");
        }
        result_batch_strides_.push_back(result_strides[d]);
      }
    }
    if (result_batch_strides_.size() != batch_.sizes.size()) {
      throw Unsupported("gather result rank does not match");
    }

    size_t window = 0;
    for (int d = 0; d < rank; ++d) {
      const int64_t size = slice_sizes[d];
      if (size < 0 || size > operand.dims[d]) throw Unsupported("slice size out of range");
      StartSource source;
      source.stride = operand_strides[d];
      source.max_start = operand.dims[d] - size;
      source.component = IndexOf(start_index_map, d);
      const int batching = IndexOf(operand_batching, d);
      if (batching >= 0) {
        const int64_t indices_dim = indices_batching[batching];
        if (indices_dim == ivd) throw Unsupported("batching dim is index_vector_dim");
        source.batch_axis = batch_.Axis(indices_dim, ivd);
        if (batch_.sizes[source.batch_axis] != operand.dims[d]) {
          throw Unsupported("batching dims differ in size");
        }
      }
      if (source.component >= 0 && batching >= 0) throw Unsupported("overlapping dims");
      if (source.component >= 0 || source.batch_axis >= 0) sources_.push_back(source);
      if (Contains(collapsed, d) || batching >= 0) {
        // Dropped from the result; the slice must be exactly the start element.
        if (size != 1) throw Unsupported("collapsed/batching slice size must be 1");
        if (Contains(collapsed, d) && batching >= 0) throw Unsupported("overlapping dims");
        continue;
      }
      if (window >= window_result_dims.size()) throw Unsupported("too few offset_dims");
      const int64_t result_dim = window_result_dims[window++];
      if (result.dims[result_dim] != size) throw Unsupported("offset dim size mismatch");
      loops_.Add(size, operand_strides[d], result_strides[result_dim]);
    }
    if (window != window_result_dims.size()) throw Unsupported("too many offset_dims");
    if (loops_.sizes.size() > kMaxWindowDepth) throw Unsupported("window rank too large");
    // Bytes of one window, for the parallel grain.
    window_elements_ = 1;
    for (int64_t s : loops_.sizes) window_elements_ *= s;
    result_elements_ = result.num_elements();
  }

  void Run(const void* const* inputs, void* const* outputs) override {
    if (result_elements_ == 0) return;
    const char* operand = static_cast<const char*>(inputs[0]);
    const char* indices = static_cast<const char*>(inputs[1]);
    char* result = static_cast<char*>(outputs[0]);
    const int64_t grain = std::max<int64_t>(1, (64 << 10) / std::max<int64_t>(
                                                   1, window_elements_ * elem_));
    ParallelFor(batch_.count, grain, [&](int64_t begin, int64_t end) {
      BatchOdometer odometer(batch_, result_batch_strides_, begin);
      for (int64_t p = begin; p < end; ++p, odometer.Next()) {
        int64_t src = 0;
        for (const StartSource& s : sources_) {
          int64_t start;
          if (s.component >= 0) {
            start = LoadIndex(indices, odometer.index_offset() +
                                           s.component * batch_.vector_stride, batch_.dtype);
            start = std::min(std::max<int64_t>(start, 0), s.max_start);
          } else {
            start = odometer.position(s.batch_axis);
          }
          src += start * s.stride;
        }
        CopyWindow(operand + src * elem_, result + odometer.other_offset() * elem_);
      }
    });
  }

 private:
  void CopyWindow(const char* src, char* dst) const {
    const int depth = static_cast<int>(loops_.sizes.size());
    if (depth == 0) {
      CopyElement(dst, src, elem_);
      return;
    }
    const int64_t inner = loops_.sizes[depth - 1];
    const bool contiguous =
        loops_.src_strides[depth - 1] == 1 && loops_.dst_strides[depth - 1] == 1;
    const int64_t s_inner = loops_.src_strides[depth - 1] * elem_;
    const int64_t d_inner = loops_.dst_strides[depth - 1] * elem_;
    int64_t counter[kMaxWindowDepth] = {0};
    for (;;) {
      if (contiguous) {
        std::memcpy(dst, src, inner * elem_);
      } else {
        for (int64_t i = 0; i < inner; ++i) CopyElement(dst + i * d_inner, src + i * s_inner,
                                                        elem_);
      }
      int a = depth - 2;
      for (; a >= 0; --a) {
        src += loops_.src_strides[a] * elem_;
        dst += loops_.dst_strides[a] * elem_;
        if (++counter[a] < loops_.sizes[a]) break;
        src -= loops_.src_strides[a] * loops_.sizes[a] * elem_;
        dst -= loops_.dst_strides[a] * loops_.sizes[a] * elem_;
        counter[a] = 0;
      }
      if (a < 0) return;
    }
  }

  IndexBatch batch_;
  int64_t elem_ = 0;
  std::vector<int64_t> result_batch_strides_;
  std::vector<StartSource> sources_;
  WindowLoops loops_;
  int64_t window_elements_ = 1;
  int64_t result_elements_ = 0;
};

std::unique_ptr<Kernel> MakeGather(const Params& params, const std::vector<TensorSpec>& inputs,
                                   const std::vector<TensorSpec>& outputs) {
  if (inputs.size() != 2 || outputs.size() != 1) throw Unsupported("gather arity");
  return std::make_unique<GatherKernel>(params, inputs, outputs);
}

JAXCPU_REGISTER_KERNEL("gather", MakeGather);

// ---- scatter --------------------------------------------------------------------

// Combiners, as the reference applies them with numpy's ufunc.at.
template <typename T>
struct Replace {
  static void Apply(T* dst, const T* src) { std::memcpy(dst, src, sizeof(T)); }
};
template <typename T>  // T unsigned: wraps around like the signed op
struct Add {
  static void Apply(T* dst, const T* src) { *dst = static_cast<T>(*dst + *src); }
};
template <typename T>
struct Mul {
  static void Apply(T* dst, const T* src) {
    using W = std::conditional_t<std::is_integral<T>::value && sizeof(T) < sizeof(unsigned),
                                 unsigned, T>;
    *dst = static_cast<T>(static_cast<W>(*dst) * static_cast<W>(*src));
  }
};
template <typename T>
struct And {
  static void Apply(T* dst, const T* src) { *dst &= *src; }
};
template <typename T>
struct Or {
  static void Apply(T* dst, const T* src) { *dst |= *src; }
};
template <typename T>
struct Xor {
  static void Apply(T* dst, const T* src) { *dst ^= *src; }
};
// numpy's maximum/minimum: a NaN current value stays; otherwise the update
// wins unless the current value is strictly greater (less).
template <typename T>
struct Max {
  static void Apply(T* dst, const T* src) {
    T a = *dst, b = *src;
    bool keep = a > b;
    if constexpr (std::is_floating_point<T>::value) keep = keep || std::isnan(a);
    if (!keep) *dst = b;
  }
};
template <typename T>
struct Min {
  static void Apply(T* dst, const T* src) {
    T a = *dst, b = *src;
    bool keep = a < b;
    if constexpr (std::is_floating_point<T>::value) keep = keep || std::isnan(a);
    if (!keep) *dst = b;
  }
};

// bfloat16 / float16 (N, bits in uint16_t): the op in f32, each update
// rounded once, as ml_dtypes' and numpy's ufunc.at; max/min as above, except
// that numpy's float16 ones also keep an equal current value (-0 against +0).
enum class NarrowKind { kAdd, kMul, kMax, kMin };
template <typename N, NarrowKind kKind>
struct NarrowCombine {
  template <typename T>
  struct Of {
    static void Apply(T* dst, const T* src) {
      const float a = N::Widen(*dst), b = N::Widen(*src);
      if constexpr (kKind == NarrowKind::kAdd) {
        *dst = N::Narrow(a + b);
      } else if constexpr (kKind == NarrowKind::kMul) {
        *dst = N::Narrow(a * b);
      } else {
        const bool keep = (kKind == NarrowKind::kMax ? a > b : a < b) || std::isnan(a) ||
                          (N::kMaxMinKeepEqual && a == b);
        if (!keep) *dst = *src;
      }
    }
  };
};

struct ScatterPlan {
  IndexBatch batch;
  int64_t elem = 0;
  int64_t operand_elements = 0;
  std::vector<StartSource> sources;  // scatter map dims and batching dims
  // Per update dim: stride in batch positions (scatter dims) and in operand
  // elements (window dims); one of the two is zero.
  std::vector<int64_t> update_dims, batch_strides, window_strides;
  int64_t update_elements = 0;

  ScatterPlan(const IndexBatch& b) : batch(b) {}
};

// Applies, in row-major update order, the updates whose target lies in
// [lo, hi) of the result. `bases` holds each batch position's target base or
// -1 when its window does not fit.
template <typename Combine, typename T>
JAXCPU_MULTIVERSION void ApplyUpdates(const ScatterPlan& plan, const int64_t* bases,
                                      const T* updates, T* result, int64_t lo, int64_t hi) {
  const int rank = static_cast<int>(plan.update_dims.size());
  if (plan.update_elements == 0) return;
  if (rank == 0) {
    int64_t t = bases[0];
    if (t >= lo && t < hi) Combine::Apply(result + t, updates);
    return;
  }
  const int64_t inner = plan.update_dims[rank - 1];
  const int64_t inner_batch = plan.batch_strides[rank - 1];
  const int64_t inner_window = plan.window_strides[rank - 1];
  std::vector<int64_t> counter(rank, 0);
  int64_t batch_pos = 0, window_off = 0;
  const T* u = updates;
  for (;;) {
    if (inner_batch == 0) {
      // The inner dim is a window dim: one batch position for the whole row.
      const int64_t base = bases[batch_pos];
      if (base >= 0) {
        const int64_t first = base + window_off;
        if (inner_window == 1) {
          const int64_t from = std::max<int64_t>(0, lo - first);
          const int64_t to = std::min<int64_t>(inner, hi - first);
          T* out = result + first;
          for (int64_t i = from; i < to; ++i) Combine::Apply(out + i, u + i);
        } else {
          for (int64_t i = 0; i < inner; ++i) {
            const int64_t t = first + i * inner_window;
            if (t >= lo && t < hi) Combine::Apply(result + t, u + i);
          }
        }
      }
    } else {
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t base = bases[batch_pos + i * inner_batch];
        if (base < 0) continue;
        const int64_t t = base + window_off;
        if (t >= lo && t < hi) Combine::Apply(result + t, u + i);
      }
    }
    u += inner;
    int a = rank - 2;
    for (; a >= 0; --a) {
      batch_pos += plan.batch_strides[a];
      window_off += plan.window_strides[a];
      if (++counter[a] < plan.update_dims[a]) break;
      batch_pos -= plan.batch_strides[a] * plan.update_dims[a];
      window_off -= plan.window_strides[a] * plan.update_dims[a];
      counter[a] = 0;
    }
    if (a < 0) return;
  }
}

using ApplyFn = void (*)(const ScatterPlan&, const int64_t*, const void*, void*, int64_t,
                         int64_t);

template <template <typename> class Combine, typename T>
void ApplyErased(const ScatterPlan& plan, const int64_t* bases, const void* updates,
                 void* result, int64_t lo, int64_t hi) {
  ApplyUpdates<Combine<T>, T>(plan, bases, static_cast<const T*>(updates),
                              static_cast<T*>(result), lo, hi);
}

template <template <typename> class Combine>
ApplyFn PickBySize(int64_t size) {
  switch (size) {
    case 1: return &ApplyErased<Combine, uint8_t>;
    case 2: return &ApplyErased<Combine, uint16_t>;
    case 4: return &ApplyErased<Combine, uint32_t>;
    case 8: return &ApplyErased<Combine, uint64_t>;
    default: return nullptr;
  }
}

template <template <typename> class Combine>
ApplyFn PickOrdered(DType t) {  // max / min depend on signedness and floats
  switch (t) {
    case DType::kS8: return &ApplyErased<Combine, int8_t>;
    case DType::kS16: return &ApplyErased<Combine, int16_t>;
    case DType::kS32: return &ApplyErased<Combine, int32_t>;
    case DType::kS64: return &ApplyErased<Combine, int64_t>;
    case DType::kU8: return &ApplyErased<Combine, uint8_t>;
    case DType::kU16: return &ApplyErased<Combine, uint16_t>;
    case DType::kU32: return &ApplyErased<Combine, uint32_t>;
    case DType::kU64: return &ApplyErased<Combine, uint64_t>;
    case DType::kF32: return &ApplyErased<Combine, float>;
    case DType::kF64: return &ApplyErased<Combine, double>;
    default: return nullptr;
  }
}

bool IsPlainInteger(DType t) { return IsIndexType(t); }

template <typename N>
ApplyFn PickNarrow(const std::string& combiner) {
  if (combiner == "add") return &ApplyErased<NarrowCombine<N, NarrowKind::kAdd>::template Of, uint16_t>;
  if (combiner == "mul") return &ApplyErased<NarrowCombine<N, NarrowKind::kMul>::template Of, uint16_t>;
  if (combiner == "max") return &ApplyErased<NarrowCombine<N, NarrowKind::kMax>::template Of, uint16_t>;
  if (combiner == "min") return &ApplyErased<NarrowCombine<N, NarrowKind::kMin>::template Of, uint16_t>;
  return nullptr;
}

ApplyFn PickCombiner(const std::string& combiner, DType t, int64_t elem) {
  if (combiner == "replace") return PickBySize<Replace>(elem);
  if (t == DType::kBF16) return PickNarrow<narrow::Bf16>(combiner);
  if (t == DType::kF16) return PickNarrow<narrow::F16>(combiner);
  if (combiner == "max") return PickOrdered<Max>(t);
  if (combiner == "min") return PickOrdered<Min>(t);
  if (t == DType::kF32) {
    if (combiner == "add") return &ApplyErased<Add, float>;
    if (combiner == "mul") return &ApplyErased<Mul, float>;
    return nullptr;
  }
  if (t == DType::kF64) {
    if (combiner == "add") return &ApplyErased<Add, double>;
    if (combiner == "mul") return &ApplyErased<Mul, double>;
    return nullptr;
  }
  if (!IsPlainInteger(t)) return nullptr;
  // Integer add/mul/bitwise ops are the same on unsigned bits of the width.
  if (combiner == "add") return PickBySize<Add>(elem);
  if (combiner == "mul") return PickBySize<Mul>(elem);
  if (combiner == "and") return PickBySize<And>(elem);
  if (combiner == "or") return PickBySize<Or>(elem);
  if (combiner == "xor") return PickBySize<Xor>(elem);
  return nullptr;
}

class ScatterKernel : public Kernel {
 public:
  ScatterKernel(ScatterPlan plan, ApplyFn apply) : plan_(std::move(plan)), apply_(apply) {}

  void Run(const void* const* inputs, void* const* outputs) override {
    const char* operand = static_cast<const char*>(inputs[0]);
    const char* indices = static_cast<const char*>(inputs[1]);
    const void* updates = inputs[2];
    char* result = static_cast<char*>(outputs[0]);
    const int64_t n = plan_.operand_elements;
    if (n == 0) return;
    std::vector<int64_t> bases(static_cast<size_t>(std::max<int64_t>(1, plan_.batch.count)));
    ComputeBases(indices, bases.data());
    const int64_t elem = plan_.elem;
    // Each part copies its slice of the operand, then applies its updates.
    const int64_t work = (n + plan_.update_elements) * elem;
    const int64_t parts = work >= (1 << 20) ? NumThreads() : 1;
    ParallelFor(parts, 1, [&](int64_t begin, int64_t end) {
      for (int64_t part = begin; part < end; ++part) {
        const int64_t lo = n * part / parts, hi = n * (part + 1) / parts;
        // In place (result == operand) would be valid too: only the copy goes.
        if (result != operand) {
          std::memcpy(result + lo * elem, operand + lo * elem, (hi - lo) * elem);
        }
        apply_(plan_, bases.data(), updates, result, lo, hi);
      }
    });
  }

 private:
  void ComputeBases(const char* indices, int64_t* bases) const {
    const IndexBatch& batch = plan_.batch;
    std::vector<int64_t> zeros(batch.sizes.size(), 0);
    BatchOdometer odometer(batch, zeros, 0);
    for (int64_t p = 0; p < batch.count; ++p, odometer.Next()) {
      int64_t base = 0;
      for (const StartSource& s : plan_.sources) {
        int64_t start;
        if (s.component >= 0) {
          start = LoadIndex(indices, odometer.index_offset() + s.component * batch.vector_stride,
                            batch.dtype);
          if (start < 0 || start > s.max_start) {
            base = -1;
            break;
          }
        } else {
          start = odometer.position(s.batch_axis);
        }
        base += start * s.stride;
      }
      bases[p] = base;
    }
  }

  ScatterPlan plan_;
  ApplyFn apply_;
};

std::unique_ptr<Kernel> MakeScatter(const Params& params, const std::vector<TensorSpec>& inputs,
                                    const std::vector<TensorSpec>& outputs) {
  if (inputs.size() != 3 || outputs.size() != 1) throw Unsupported("variadic scatter");
  const TensorSpec& operand = inputs[0];
  const TensorSpec& update = inputs[2];
  const int64_t ivd = params.get_int("index_vector_dim");
  ScatterPlan plan{IndexBatch(inputs[1], ivd)};
  plan.elem = DTypeSize(operand.dtype);
  if (plan.elem == 0 || update.dtype_name != operand.dtype_name ||
      outputs[0].dtype_name != operand.dtype_name || outputs[0].dims != operand.dims) {
    throw Unsupported("scatter types");
  }
  ApplyFn apply = PickCombiner(params.get_string("combiner"), operand.dtype, plan.elem);
  if (apply == nullptr) throw Unsupported("scatter combiner for this type");

  const auto& update_window_dims = params.get_ints("update_window_dims");
  const auto& inserted = params.get_ints("inserted_window_dims");
  const auto& input_batching = params.get_ints("input_batching_dims");
  const auto& indices_batching = params.get_ints("scatter_indices_batching_dims");
  const auto& scatter_map = params.get_ints("scatter_dims_to_operand_dims");
  const int rank = operand.rank();
  CheckDims(update_window_dims, update.rank(), "update_window_dims");
  CheckDims(inserted, rank, "inserted_window_dims");
  CheckDims(input_batching, rank, "input_batching_dims");
  CheckDims(scatter_map, rank, "scatter_dims_to_operand_dims");
  CheckDims(indices_batching, inputs[1].rank(), "scatter_indices_batching_dims");
  if (input_batching.size() != indices_batching.size() ||
      static_cast<int64_t>(scatter_map.size()) != plan.batch.vector_size ||
      !std::is_sorted(update_window_dims.begin(), update_window_dims.end())) {
    throw Unsupported("inconsistent scatter dimension numbers");
  }
  std::vector<int64_t> window_dims;  // operand dims that are update windows
  for (int d = 0; d < rank; ++d) {
    const bool in_inserted = Contains(inserted, d), in_batching = Contains(input_batching, d);
    if (in_inserted && in_batching) throw Unsupported("overlapping dims");
    if (!in_inserted && !in_batching) window_dims.push_back(d);
  }
  if (window_dims.size() != update_window_dims.size() ||
      update.rank() != static_cast<int>(plan.batch.sizes.size() + window_dims.size())) {
    throw Unsupported("scatter update rank does not match");
  }
  const std::vector<int64_t> operand_strides = RowMajorStrides(operand.dims);
  // Batch strides in batch positions (row-major over the batch dims).
  std::vector<int64_t> batch_position_strides = RowMajorStrides(plan.batch.sizes);
  size_t batch_axis = 0;
  for (int u = 0; u < update.rank(); ++u) {
    plan.update_dims.push_back(update.dims[u]);
    const int k = IndexOf(update_window_dims, u);
    if (k >= 0) {
      const int64_t d = window_dims[k];
      if (update.dims[u] > operand.dims[d]) throw Unsupported("update window too large");
      plan.batch_strides.push_back(0);
      plan.window_strides.push_back(operand_strides[d]);
    } else {
      if (update.dims[u] != plan.batch.sizes[batch_axis]) {
        throw Unsupported("update scatter dims do not match the indices");
      }
      plan.batch_strides.push_back(batch_position_strides[batch_axis++]);
      plan.window_strides.push_back(0);
    }
  }
  for (int d = 0; d < rank; ++d) {
    StartSource source;
    source.stride = operand_strides[d];
    source.component = IndexOf(scatter_map, d);
    const int batching = IndexOf(input_batching, d);
    if (source.component >= 0 && batching >= 0) throw Unsupported("overlapping dims");
    const int k = IndexOf(window_dims, d);
    const int64_t window = k >= 0 ? update.dims[update_window_dims[k]] : 1;
    source.max_start = operand.dims[d] - window;
    if (batching >= 0) {
      const int64_t indices_dim = indices_batching[batching];
      if (indices_dim == ivd) throw Unsupported("batching dim is index_vector_dim");
      source.batch_axis = plan.batch.Axis(indices_dim, ivd);
      if (plan.batch.sizes[source.batch_axis] != operand.dims[d]) {
        throw Unsupported("batching dims differ in size");
      }
    }
    if (source.component >= 0 || source.batch_axis >= 0) plan.sources.push_back(source);
    // Inserted dims outside the scatter map sit at coordinate 0, which must exist.
    if (k < 0 && batching < 0 && source.component < 0 && operand.dims[d] == 0) {
      throw Unsupported("empty inserted dim");
    }
  }
  plan.operand_elements = operand.num_elements();
  plan.update_elements = update.num_elements();
  return std::make_unique<ScatterKernel>(std::move(plan), apply);
}

JAXCPU_REGISTER_KERNEL("scatter", MakeScatter);

}  // namespace
}  // namespace jaxcpu
