// Standalone stablehlo.reduce: bodies that are one add / multiply / maximum /
// minimum / and / or / xor per operand, and JAX's argmax / argmin pattern.
//
// Every reduction is brought to [outer, R, inner] (R reduced): directly when
// the reduced dims are adjacent in memory, else through a transpose into a
// scratch [kept..., reduced...] buffer. The order of float sums and products
// follows the reference kernel bit for bit: up to kSequentialLimit elements
// accumulate one by one from init (as XLA's loops do); longer ones take
// numpy's pairwise sum (8 accumulators, blocks of 128) and then add init.
// Max/min propagate NaN; integer arithmetic wraps; pred add/mul/max/min are
// or/and/or/and. bfloat16 and float16 compute in f32 with every step rounded
// to their type, in the reference's order (RowsNarrow).
#include <algorithm>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel.h"
#include "kernels/combiners.h"
#include "kernels/narrow_float.h"
#include "kernels/widened.h"
#include "kernels/strided_copy.h"

namespace jaxcpu {
namespace {

using namespace combiners;  // NOLINT: the reduction ops by name

constexpr int64_t kSequentialLimit = 256;  // ops/reduction.py SEQUENTIAL_LIMIT
constexpr int64_t kPairwiseBlock = 128;    // numpy's PW_BLOCKSIZE
constexpr int64_t kColumnBlock = 256;      // columns reduced together

// -- order-insensitive reductions (any association gives the same result) ----------

// Each row is read as [n / kLanes, kLanes] and its columns reduced first: a
// plain loop over lanes that the vectoriser turns into SIMD (max/min
// included), where an unrolled scalar form stays scalar.
template <typename T, typename Op>
JAXCPU_MULTIVERSION void RowsAnyOrder(const T* x, int64_t rows, int64_t n, T init, T* out) {
  constexpr int64_t kLanes = 64;
  for (int64_t r = 0; r < rows; ++r, x += n) {
    T acc = init;
    int64_t i = 0;
    if (n >= kLanes) {
      T lanes[kLanes];
      for (int64_t w = 0; w < kLanes; ++w) lanes[w] = x[w];
      for (i = kLanes; i + kLanes <= n; i += kLanes) {
        const T* chunk = x + i;
        for (int64_t w = 0; w < kLanes; ++w) lanes[w] = Op::Apply(lanes[w], chunk[w]);
      }
      for (int64_t w = 0; w < kLanes; ++w) acc = Op::Apply(acc, lanes[w]);
    }
    for (; i < n; ++i) acc = Op::Apply(acc, x[i]);
    out[r] = acc;
  }
}

// Columns [0, width) of an [n, stride] block, accumulated row by row from init.
// Also the exact order of the reference for short float sums and products.
template <typename T, typename Op>
JAXCPU_MULTIVERSION void ColumnsInOrder(const T* x, int64_t n, int64_t stride, int64_t width,
                                        T init, T* out) {
  T acc[kColumnBlock];
  for (int64_t w = 0; w < width; ++w) acc[w] = init;
  for (int64_t i = 0; i < n; ++i) {
    const T* row = x + i * stride;
    for (int64_t w = 0; w < width; ++w) acc[w] = Op::Apply(acc[w], row[w]);
  }
  for (int64_t w = 0; w < width; ++w) out[w] = acc[w];
}

// -- float sums and products in the reference's order ------------------------------

template <typename T>
JAXCPU_MULTIVERSION T PairwiseSum(const T* x, int64_t n) {  // numpy's pairwise_sum, n >= 1
  if (n < 8) {
    T res = 0;
    for (int64_t i = 0; i < n; ++i) res += x[i];
    return res;
  }
  if (n <= kPairwiseBlock) {
    T r[8];
    for (int j = 0; j < 8; ++j) r[j] = x[j];
    int64_t i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (int j = 0; j < 8; ++j) r[j] += x[i + j];
    }
    T res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += x[i];
    return res;
  }
  int64_t half = n / 2;
  half -= half % 8;
  return PairwiseSum(x, half) + PairwiseSum(x + half, n - half);
}

// Pairwise sums of `width` columns at once (column w of row i at x[i*stride+w]),
// with sequential leaves of up to 128 rows.
template <typename T>
JAXCPU_MULTIVERSION void PairwiseColumns(const T* x, int64_t n, int64_t stride, int64_t width,
                                         T* res) {  // n >= 1
  if (n <= kPairwiseBlock) {
    // One running sum per column: the columns already give the vector lanes.
    for (int64_t w = 0; w < width; ++w) res[w] = x[w];
    for (int64_t i = 1; i < n; ++i) {
      const T* row = x + i * stride;
      for (int64_t w = 0; w < width; ++w) res[w] += row[w];
    }
    return;
  }
  int64_t half = n / 2;
  half -= half % 8;
  T second[kColumnBlock];
  PairwiseColumns(x, half, stride, width, res);
  PairwiseColumns(x + half * stride, n - half, stride, width, second);
  for (int64_t w = 0; w < width; ++w) res[w] += second[w];
}

template <typename T>
JAXCPU_MULTIVERSION void RowsFloatSum(const T* x, int64_t rows, int64_t n, T init, T* out) {
  for (int64_t r = 0; r < rows; ++r, x += n) {
    if (n <= kSequentialLimit) {
      T acc = init;
      for (int64_t i = 0; i < n; ++i) acc += x[i];
      out[r] = acc;
    } else {
      out[r] = init + (T(0) + PairwiseSum(x, n));
    }
  }
}

template <typename T>
JAXCPU_MULTIVERSION void ColumnsFloatSum(const T* x, int64_t n, int64_t stride, int64_t width,
                                         T init, T* out) {
  if (n <= kSequentialLimit) return ColumnsInOrder<T, AddOp>(x, n, stride, width, init, out);
  T sums[kColumnBlock];
  PairwiseColumns(x, n, stride, width, sums);
  for (int64_t w = 0; w < width; ++w) out[w] = init + (T(0) + sums[w]);
}

template <typename T>
JAXCPU_MULTIVERSION void RowsFloatProduct(const T* x, int64_t rows, int64_t n, T init, T* out) {
  for (int64_t r = 0; r < rows; ++r, x += n) {
    // Short: from init in order; long: numpy's in-order product, then init.
    T acc = n <= kSequentialLimit ? init : T(1);
    for (int64_t i = 0; i < n; ++i) acc *= x[i];
    out[r] = n <= kSequentialLimit ? acc : init * acc;
  }
}

template <typename T>
void ColumnsFloatProduct(const T* x, int64_t n, int64_t stride, int64_t width, T init, T* out) {
  if (n <= kSequentialLimit) return ColumnsInOrder<T, MulOp>(x, n, stride, width, init, out);
  T acc[kColumnBlock];
  ColumnsInOrder<T, MulOp>(x, n, stride, width, T(1), acc);
  for (int64_t w = 0; w < width; ++w) out[w] = init * acc[w];
}

// -- one operand's reduction over [outer, n, inner] -----------------------------------

using RowsFn = void (*)(const void* x, int64_t rows, int64_t n, const void* init, void* out);
using ColumnsFn = void (*)(const void* x, int64_t n, int64_t stride, int64_t width,
                           const void* init, void* out);

template <typename T, typename Op>
void RowsAnyOrderErased(const void* x, int64_t rows, int64_t n, const void* init, void* out) {
  RowsAnyOrder<T, Op>(static_cast<const T*>(x), rows, n, *static_cast<const T*>(init),
                      static_cast<T*>(out));
}
template <typename T, typename Op>
void ColumnsErased(const void* x, int64_t n, int64_t stride, int64_t width, const void* init,
                   void* out) {
  ColumnsInOrder<T, Op>(static_cast<const T*>(x), n, stride, width,
                        *static_cast<const T*>(init), static_cast<T*>(out));
}
template <typename T>
void RowsFloatSumErased(const void* x, int64_t rows, int64_t n, const void* init, void* out) {
  RowsFloatSum<T>(static_cast<const T*>(x), rows, n, *static_cast<const T*>(init),
                  static_cast<T*>(out));
}
template <typename T>
void ColumnsFloatSumErased(const void* x, int64_t n, int64_t stride, int64_t width,
                           const void* init, void* out) {
  ColumnsFloatSum<T>(static_cast<const T*>(x), n, stride, width, *static_cast<const T*>(init),
                     static_cast<T*>(out));
}
template <typename T>
void RowsFloatProductErased(const void* x, int64_t rows, int64_t n, const void* init,
                            void* out) {
  RowsFloatProduct<T>(static_cast<const T*>(x), rows, n, *static_cast<const T*>(init),
                      static_cast<T*>(out));
}
template <typename T>
void ColumnsFloatProductErased(const void* x, int64_t n, int64_t stride, int64_t width,
                               const void* init, void* out) {
  ColumnsFloatProduct<T>(static_cast<const T*>(x), n, stride, width,
                         *static_cast<const T*>(init), static_cast<T*>(out));
}

struct Reducer {
  RowsFn rows = nullptr;
  ColumnsFn columns = nullptr;
  bool order_sensitive = false;
};

template <typename T, typename Op>
Reducer AnyOrder() {
  return {&RowsAnyOrderErased<T, Op>, &ColumnsErased<T, Op>, false};
}

template <typename T>
Reducer ForFloat(const std::string& op) {
  if (op == "add") return {&RowsFloatSumErased<T>, &ColumnsFloatSumErased<T>, true};
  if (op == "multiply") {
    return {&RowsFloatProductErased<T>, &ColumnsFloatProductErased<T>, true};
  }
  if (op == "maximum") return AnyOrder<T, MaxOp>();
  if (op == "minimum") return AnyOrder<T, MinOp>();
  throw Unsupported("reduce: " + op + " on floats");
}

// S: the signed type for max/min; arithmetic and bitwise ops use its unsigned twin.
template <typename S>
Reducer ForInteger(const std::string& op, bool is_signed) {
  using U = std::make_unsigned_t<S>;
  if (op == "add") return AnyOrder<U, AddOp>();
  if (op == "multiply") return AnyOrder<U, MulOp>();
  if (op == "and") return AnyOrder<U, AndOp>();
  if (op == "or") return AnyOrder<U, OrOp>();
  if (op == "xor") return AnyOrder<U, XorOp>();
  if (op == "maximum") return is_signed ? AnyOrder<S, MaxOp>() : AnyOrder<U, MaxOp>();
  if (op == "minimum") return is_signed ? AnyOrder<S, MinOp>() : AnyOrder<U, MinOp>();
  throw Unsupported("reduce: " + op + " on integers");
}

Reducer ForPred(const std::string& op) {  // bytes holding 0 or 1
  if (op == "add" || op == "maximum" || op == "or") return AnyOrder<uint8_t, OrOp>();
  if (op == "multiply" || op == "minimum" || op == "and") return AnyOrder<uint8_t, AndOp>();
  if (op == "xor") return AnyOrder<uint8_t, XorOp>();
  throw Unsupported("reduce: " + op + " on pred");
}

// -- bfloat16 / float16 -----------------------------------------------------------------
// In f32, each step's result rounded to the 16-bit type N. Sums and products go
// in index order: from init up to kSequentialLimit elements; longer ones as the
// reference's numpy reduction does them, then init: bfloat16 (ml_dtypes' loops)
// from the first element, rounding each step; float16 (numpy's own loops) in
// f32 without rounding, sums pairwise, rounded once. Max/min are exact in any
// order.

template <typename N, typename Op>
constexpr bool kLongInF32 = N::kLongReductionsInF32 &&
                            (std::is_same_v<Op, AddOp> || std::is_same_v<Op, MulOp>);

// A long float16 sum or product of a row x[0, n) as numpy's float16 loops
// compute it, in f32 (`wide` holds n floats). (Long sums across columns are
// left to the reference: ReduceKernel.)
template <typename N, typename Op>
float LongInF32(const uint16_t* x, int64_t n, float* wide) {
  for (int64_t i = 0; i < n; ++i) wide[i] = N::Widen(x[i]);
  if constexpr (std::is_same_v<Op, AddOp>) {
    return 0.0f + PairwiseSum(wide, n);
  } else {
    float acc = 1.0f;
    for (int64_t i = 0; i < n; ++i) acc *= wide[i];
    return acc;
  }
}

// kRows rows at a time: their steps are independent, so each one's latency
// hides behind the others'.
template <typename N, typename Op, int kRows>
void RowBlockNarrow(const uint16_t* x, int64_t n, float init, uint16_t* out) {
  float acc[kRows];
  const bool in_order = n <= kSequentialLimit;
  for (int k = 0; k < kRows; ++k) acc[k] = in_order ? init : N::Widen(x[k * n]);
  for (int64_t i = in_order ? 0 : 1; i < n; ++i) {
    for (int k = 0; k < kRows; ++k) acc[k] = narrow::Rounded<N, Op>::Apply(acc[k], N::Widen(x[k * n + i]));
  }
  for (int k = 0; k < kRows; ++k) {
    out[k] = N::Narrow(in_order ? acc[k] : narrow::Rounded<N, Op>::Apply(init, acc[k]));
  }
}

template <typename N, typename Op>
void RowsNarrow(const void* x_data, int64_t rows, int64_t n, const void* init_data,
                void* out_data) {
  const uint16_t* x = static_cast<const uint16_t*>(x_data);
  uint16_t* out = static_cast<uint16_t*>(out_data);
  const float init = N::Widen(*static_cast<const uint16_t*>(init_data));
  if (n == 0) {
    for (int64_t r = 0; r < rows; ++r) out[r] = N::Narrow(init);
    return;
  }
  if constexpr (kLongInF32<N, Op>) {
    if (n > kSequentialLimit) {
      std::vector<float> wide(n);
      for (int64_t r = 0; r < rows; ++r) {
        const float reduced = N::Round(LongInF32<N, Op>(x + r * n, n, wide.data()));
        out[r] = N::Narrow(Op::Apply(init, reduced));
      }
      return;
    }
  }
  constexpr int kBlock = 8;
  int64_t r = 0;
  for (; r + kBlock <= rows; r += kBlock) {
    RowBlockNarrow<N, Op, kBlock>(x + r * n, n, init, out + r);
  }
  for (; r < rows; ++r) RowBlockNarrow<N, Op, 1>(x + r * n, n, init, out + r);
}

// Columns [0, width) of an [n, stride] block, each as RowsNarrow reduces a row.
template <typename N, typename Op>
void ColumnsNarrow(const void* x_data, int64_t n, int64_t stride, int64_t width,
                   const void* init_data, void* out_data) {
  const uint16_t* x = static_cast<const uint16_t*>(x_data);
  uint16_t* out = static_cast<uint16_t*>(out_data);
  const float init = N::Widen(*static_cast<const uint16_t*>(init_data));
  float acc[kColumnBlock];
  for (int64_t c0 = 0; c0 < width; c0 += kColumnBlock) {
    const int64_t w = std::min(kColumnBlock, width - c0);
    const bool in_order = n <= kSequentialLimit;
    for (int64_t c = 0; c < w; ++c) acc[c] = in_order ? init : N::Widen(x[c0 + c]);
    for (int64_t r = in_order ? 0 : 1; r < n; ++r) {
      const uint16_t* row = x + r * stride + c0;
      for (int64_t c = 0; c < w; ++c) acc[c] = narrow::Rounded<N, Op>::Apply(acc[c], N::Widen(row[c]));
    }
    for (int64_t c = 0; c < w; ++c) {
      out[c0 + c] = N::Narrow(in_order ? acc[c] : narrow::Rounded<N, Op>::Apply(init, acc[c]));
    }
  }
}

template <typename N>
Reducer ForNarrow(const std::string& op) {
  if (op == "add") return {&RowsNarrow<N, AddOp>, &ColumnsNarrow<N, AddOp>, true};
  if (op == "multiply") return {&RowsNarrow<N, MulOp>, &ColumnsNarrow<N, MulOp>, true};
  if (op == "maximum") return {&RowsNarrow<N, MaxOp>, &ColumnsNarrow<N, MaxOp>, false};
  if (op == "minimum") return {&RowsNarrow<N, MinOp>, &ColumnsNarrow<N, MinOp>, false};
  throw Unsupported("reduce: " + op + " on 16-bit floats");
}

struct ReducerKinds {
  template <typename T>
  static Reducer Float(const std::string& op) { return ForFloat<T>(op); }
  template <typename S>
  static Reducer Integer(const std::string& op, bool is_signed) {
    return ForInteger<S>(op, is_signed);
  }
  static Reducer Pred(const std::string& op) { return ForPred(op); }
};

Reducer MakeReducer(DType dtype, const std::string& op) {
  if (dtype == DType::kBF16) return ForNarrow<narrow::Bf16>(op);
  if (dtype == DType::kF16) return ForNarrow<narrow::F16>(op);
  return ByElementType<ReducerKinds>(dtype, op, "reduce");
}

// -- argmax / argmin: (value, index) pairs, JAX's body --------------------------------
// pick_value = lhs.v CMP rhs.v || lhs.v != lhs.v
// pick_index = pick_value || (lhs.v == rhs.v && lhs.i < rhs.i)
// The body is associative, so a running scan from init equals the
// reference's tree (init combined first).

template <typename T, typename I, bool kMax>
JAXCPU_MULTIVERSION void ArgColumns(const T* v, const I* idx, int64_t n, int64_t stride,
                                    int64_t width, T init_v, I init_i, T* out_v, I* out_i) {
  T acc_v[kColumnBlock];
  I acc_i[kColumnBlock];
  for (int64_t w = 0; w < width; ++w) {
    acc_v[w] = init_v;
    acc_i[w] = init_i;
  }
  for (int64_t r = 0; r < n; ++r) {
    const T* rv = v + r * stride;
    const I* ri = idx + r * stride;
    for (int64_t w = 0; w < width; ++w) {
      const T a = acc_v[w], b = rv[w];
      const bool pick_value = (kMax ? a > b : a < b) || a != a;
      const bool pick_index = pick_value || (a == b && acc_i[w] < ri[w]);
      acc_v[w] = pick_value ? a : b;
      acc_i[w] = pick_index ? acc_i[w] : ri[w];
    }
  }
  for (int64_t w = 0; w < width; ++w) {
    out_v[w] = acc_v[w];
    out_i[w] = acc_i[w];
  }
}

using ArgFn = void (*)(const void* v, const void* idx, int64_t n, int64_t stride,
                       int64_t width, const void* init_v, const void* init_i, void* out_v,
                       void* out_i);

template <typename T, typename I, bool kMax>
void ArgColumnsErased(const void* v, const void* idx, int64_t n, int64_t stride, int64_t width,
                      const void* init_v, const void* init_i, void* out_v, void* out_i) {
  ArgColumns<T, I, kMax>(static_cast<const T*>(v), static_cast<const I*>(idx), n, stride, width,
                         *static_cast<const T*>(init_v), *static_cast<const I*>(init_i),
                         static_cast<T*>(out_v), static_cast<I*>(out_i));
}

template <typename T, bool kMax>
ArgFn ArgForIndex(DType index) {
  switch (index) {
    case DType::kS32: return &ArgColumnsErased<T, int32_t, kMax>;
    case DType::kS64: return &ArgColumnsErased<T, int64_t, kMax>;
    default: throw Unsupported("reduce: argmax index type");
  }
}

template <bool kMax>
ArgFn ArgFor(DType value, DType index) {
  switch (value) {
    case DType::kF32: return ArgForIndex<float, kMax>(index);
    case DType::kF64: return ArgForIndex<double, kMax>(index);
    case DType::kS32: return ArgForIndex<int32_t, kMax>(index);
    case DType::kS64: return ArgForIndex<int64_t, kMax>(index);
    default: throw Unsupported("reduce: argmax value type");
  }
}

// -- the kernel -----------------------------------------------------------------------

std::vector<std::string> SplitCommas(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, ',')) parts.push_back(part);
  return parts;
}

class ReduceKernel : public Kernel {
 public:
  ReduceKernel(const Params& params, const std::vector<TensorSpec>& inputs,
               const std::vector<TensorSpec>& outputs) {
    const size_t count = outputs.size();
    if (count == 0 || inputs.size() != 2 * count) throw Unsupported("reduce: operand count");
    const TensorSpec& first = inputs[0];
    const int rank = first.rank();
    for (size_t i = 0; i < count; ++i) {
      const TensorSpec& in = inputs[i];
      if (in.dims != first.dims || inputs[count + i].rank() != 0 ||
          inputs[count + i].dtype != in.dtype || outputs[i].dtype != in.dtype ||
          in.dtype == DType::kOther) {
        throw Unsupported("reduce: operand types");
      }
      dtypes_.push_back(in.dtype);
      sizes_.push_back(DTypeSize(in.dtype));
    }
    const std::string kind = params.has("kind") ? params.get_string("kind") : "ops";
    bool order_sensitive = false;
    if (kind == "argmax" || kind == "argmin") {
      if (count != 2) throw Unsupported("reduce: argmax takes two operands");
      arg_ = kind == "argmax" ? ArgFor<true>(dtypes_[0], dtypes_[1])
                              : ArgFor<false>(dtypes_[0], dtypes_[1]);
      order_sensitive = true;  // ties resolve by the reduced-sequence order
    } else if (kind == "ops") {
      std::vector<std::string> ops = SplitCommas(params.get_string("ops"));
      if (ops.size() != count) throw Unsupported("reduce: one op per operand");
      for (size_t i = 0; i < count; ++i) {
        reducers_.push_back(MakeReducer(dtypes_[i], ops[i]));
        order_sensitive = order_sensitive || reducers_.back().order_sensitive;
      }
    } else {
      throw Unsupported("reduce: kind " + kind);
    }

    // Reduced dims, in the attribute's order (the reference flattens them so).
    std::vector<int64_t> dims = params.get_ints("dimensions");
    std::vector<bool> reduced(rank, false);
    for (int64_t d : dims) {
      if (d < 0 || d >= rank || reduced[d]) throw Unsupported("reduce: bad dimensions");
      reduced[d] = true;
    }
    std::vector<int64_t> kept_dims;
    for (int d = 0; d < rank; ++d) {
      if (!reduced[d]) kept_dims.push_back(first.dims[d]);
    }
    for (size_t i = 0; i < count; ++i) {
      if (outputs[i].dims != kept_dims) throw Unsupported("reduce: result shape");
    }
    PlanLayout(first.dims, dims, reduced, order_sensitive);
    for (size_t i = 0; i < reducers_.size(); ++i) {
      if (dtypes_[i] == DType::kF16 && reducers_[i].order_sensitive && inner_ > 1 &&
          n_ > kSequentialLimit) {
        // numpy reduces these as elementwise float16 ops in its buffered order
        throw Unsupported("reduce: long float16 sums across columns");
      }
    }
  }

  void Run(const void* const* inputs, void* const* outputs) override {
    const size_t count = dtypes_.size();
    std::vector<const char*> sources(count);
    std::vector<std::vector<char>> scratch(transpose_ ? count : 0);
    for (size_t i = 0; i < count; ++i) {
      sources[i] = static_cast<const char*>(inputs[i]);
      if (transpose_) {
        scratch[i].resize(outer_ * n_ * inner_ * sizes_[i] + 64);
        char* aligned = scratch[i].data() + (64 - reinterpret_cast<uintptr_t>(
                                                      scratch[i].data()) % 64) % 64;
        transposes_[i].Run(sources[i], aligned);
        sources[i] = aligned;
      }
    }
    if (arg_ != nullptr) {
      RunArg(sources, inputs, outputs);
      return;
    }
    for (size_t i = 0; i < count; ++i) {
      RunOne(reducers_[i], sources[i], inputs[count + i], static_cast<char*>(outputs[i]),
             sizes_[i]);
    }
  }

 private:
  // [outer, n, inner] when the reduced dims (ignoring size 1) are adjacent and,
  // for order-sensitive bodies, listed in memory order; else a transpose.
  void PlanLayout(const std::vector<int64_t>& shape, const std::vector<int64_t>& dims,
                  const std::vector<bool>& reduced, bool order_sensitive) {
    const int rank = static_cast<int>(shape.size());
    int first = -1, last = -1;
    bool adjacent = true;
    for (int d = 0; d < rank; ++d) {
      if (shape[d] == 1) continue;
      if (reduced[d]) {
        if (first < 0) first = d;
        if (last >= 0 && last != d) {
          // a kept dim of size > 1 sits between reduced ones
          for (int k = last + 1; k < d; ++k) {
            if (!reduced[k] && shape[k] != 1) adjacent = false;
          }
        }
        last = d;
      }
    }
    if (order_sensitive) {
      int previous = -1;
      for (int64_t d : dims) {
        if (shape[d] == 1) continue;
        if (d < previous) adjacent = false;
        previous = static_cast<int>(d);
      }
    }
    outer_ = n_ = inner_ = 1;
    if (adjacent) {
      for (int d = 0; d < rank; ++d) {
        if (reduced[d]) n_ *= shape[d];
        else if (first >= 0 && d < first) outer_ *= shape[d];
        else if (first >= 0) inner_ *= shape[d];
        else outer_ *= shape[d];
      }
      return;
    }
    // Scratch layout: kept dims in order, then reduced dims in the attribute's order.
    transpose_ = true;
    const std::vector<int64_t> strides = strided::RowMajorStrides(shape);
    std::vector<int64_t> order_dims, order_strides;
    for (int d = 0; d < rank; ++d) {
      if (reduced[d]) continue;
      order_dims.push_back(shape[d]);
      order_strides.push_back(strides[d]);
      outer_ *= shape[d];
    }
    for (int64_t d : dims) {
      order_dims.push_back(shape[d]);
      order_strides.push_back(strides[d]);
      n_ *= shape[d];
    }
    for (int64_t size : sizes_) {
      transposes_.emplace_back(order_dims, order_strides, strided::RowMajorStrides(order_dims),
                               size);
    }
  }

  void RunOne(const Reducer& reducer, const char* x, const void* init, char* out,
              int64_t size) {
    if (inner_ == 1) {
      const int64_t grain = std::max<int64_t>(1, (64 << 10) / std::max<int64_t>(1, n_ * size));
      ParallelFor(outer_, grain, [&](int64_t begin, int64_t end) {
        reducer.rows(x + begin * n_ * size, end - begin, n_, init, out + begin * size);
      });
      return;
    }
    const int64_t blocks = (inner_ + kColumnBlock - 1) / kColumnBlock;
    const int64_t unit = std::max<int64_t>(1, n_ * kColumnBlock * size);
    ParallelFor(outer_ * blocks, std::max<int64_t>(1, (64 << 10) / unit),
                [&](int64_t begin, int64_t end) {
                  for (int64_t u = begin; u < end; ++u) {
                    const int64_t o = u / blocks, c0 = (u % blocks) * kColumnBlock;
                    const int64_t width = std::min(kColumnBlock, inner_ - c0);
                    reducer.columns(x + (o * n_ * inner_ + c0) * size, n_, inner_, width, init,
                                    out + (o * inner_ + c0) * size);
                  }
                });
  }

  void RunArg(const std::vector<const char*>& sources, const void* const* inputs,
              void* const* outputs) {
    const int64_t vs = sizes_[0], is = sizes_[1];
    const int64_t blocks = (inner_ + kColumnBlock - 1) / kColumnBlock;
    const int64_t unit = std::max<int64_t>(1, n_ * std::min(inner_, kColumnBlock) * (vs + is));
    char* out_v = static_cast<char*>(outputs[0]);
    char* out_i = static_cast<char*>(outputs[1]);
    ParallelFor(outer_ * blocks, std::max<int64_t>(1, (64 << 10) / unit),
                [&](int64_t begin, int64_t end) {
                  for (int64_t u = begin; u < end; ++u) {
                    const int64_t o = u / blocks, c0 = (u % blocks) * kColumnBlock;
                    const int64_t width = std::min(kColumnBlock, inner_ - c0);
                    const int64_t in_at = o * n_ * inner_ + c0, out_at = o * inner_ + c0;
                    arg_(sources[0] + in_at * vs, sources[1] + in_at * is, n_, inner_, width,
                         inputs[2], inputs[3], out_v + out_at * vs, out_i + out_at * is);
                  }
                });
  }

  std::vector<DType> dtypes_;
  std::vector<int64_t> sizes_;
  std::vector<Reducer> reducers_;
  ArgFn arg_ = nullptr;
  int64_t outer_ = 1, n_ = 1, inner_ = 1;
  bool transpose_ = false;
  std::vector<strided::StridedCopy> transposes_;
};

std::unique_ptr<Kernel> MakeReduce(const Params& params, const std::vector<TensorSpec>& inputs,
                                   const std::vector<TensorSpec>& outputs) {
  const std::string kind = params.has("kind") ? params.get_string("kind") : "ops";
  if (kind != "ops" && !inputs.empty() && IsNarrowFloat(inputs[0].dtype)) {
    // argmax / argmin of 16-bit floats: exact comparisons of their f32 values (widened.h).
    return MakeWidened(
        [](const Params& p, const std::vector<TensorSpec>& in,
           const std::vector<TensorSpec>& out) -> std::unique_ptr<Kernel> {
          return std::make_unique<ReduceKernel>(p, in, out);
        },
        params, inputs, outputs);
  }
  return std::make_unique<ReduceKernel>(params, inputs, outputs);
}

}  // namespace

JAXCPU_REGISTER_KERNEL("reduce", MakeReduce);

}  // namespace jaxcpu
