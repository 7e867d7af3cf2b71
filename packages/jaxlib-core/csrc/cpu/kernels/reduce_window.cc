// Window ops: standalone stablehlo.reduce_window over one operand whose body
// is one add / multiply / maximum / minimum / and / or / xor, and
// stablehlo.select_and_scatter whose select is one comparison and whose
// scatter is one such op (max pooling's gradient).
//
// Cumulative windows (JAX's cumsum, cumprod, cummax: one dimension's window
// spans it whole, padded by n - 1 on one side, every other dimension left
// alone) run as a scan, O(n) instead of O(n^2), whenever padding with init
// cannot change the result: max / min / and / or, or an init that is the
// op's identity. Every other window folds its elements from init in
// row-major window order, padding and base-dilation holes contributing init
// (the spec's semantics). Trailing dimensions the window leaves alone
// (window 1, stride 1, no padding: NHWC pooling's channels) are combined a
// whole row at a time. Float sums may round differently from the reference
// kernel, which sums each window pairwise. bfloat16 and float16 run the f32
// loops on widened values with every step rounded to their type (Rounded),
// so a 16-bit cumsum rounds at each step as the reference's does.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel.h"
#include "kernels/combiners.h"
#include "kernels/widened.h"

namespace jaxcpu {
namespace {

using namespace combiners;  // NOLINT: the reduction ops by name

constexpr int64_t kRowBlock = 256;  // trailing elements combined together

// The window geometry of the leading (windowed) dimensions.
struct Geometry {
  int rank = 0;  // leading dims
  std::vector<int64_t> in_dims, out_dims, window, strides, base_dilations, window_dilations,
      pad_low;
  int64_t inner = 1;  // elements per position: the untouched trailing dims
};

// A scan: [outer, n, inner], running forwards (prefix) or backwards.
struct ScanShape {
  int64_t outer = 1, n = 1, inner = 1;
  bool reverse = false;
};

template <typename T, typename Op>
JAXCPU_MULTIVERSION void ScanBlock(const T* x, T* out, const ScanShape& s, int64_t o,
                                   int64_t c0, int64_t width, T init) {
  T acc[kRowBlock];
  for (int64_t w = 0; w < width; ++w) acc[w] = init;
  for (int64_t step = 0; step < s.n; ++step) {
    const int64_t i = s.reverse ? s.n - 1 - step : step;
    const int64_t at = (o * s.n + i) * s.inner + c0;
    for (int64_t w = 0; w < width; ++w) {
      acc[w] = Op::Apply(acc[w], x[at + w]);
      out[at + w] = acc[w];
    }
  }
}

template <typename T, typename Op>
void Scan(const void* x, void* out, const ScanShape& s, const void* init) {
  const int64_t blocks = (s.inner + kRowBlock - 1) / kRowBlock;
  const int64_t unit = s.n * std::min(s.inner, kRowBlock) * static_cast<int64_t>(sizeof(T));
  ParallelFor(s.outer * blocks, std::max<int64_t>(1, (64 << 10) / std::max<int64_t>(1, unit)),
              [&](int64_t begin, int64_t end) {
                for (int64_t u = begin; u < end; ++u) {
                  const int64_t o = u / blocks, c0 = (u % blocks) * kRowBlock;
                  ScanBlock<T, Op>(static_cast<const T*>(x), static_cast<T*>(out), s, o, c0,
                                   std::min(kRowBlock, s.inner - c0),
                                   *static_cast<const T*>(init));
                }
              });
}

// Output positions [begin, end) of the leading dims, each a row of g.inner
// elements, folded over the window in row-major order.
template <typename T, typename Op>
JAXCPU_MULTIVERSION void WindowRange(const T* x, T* out, const Geometry& g, int64_t begin,
                                     int64_t end, T init) {
  const int rank = g.rank;
  std::vector<int64_t> in_strides(rank, g.inner), o(rank), k(rank), base(rank);
  for (int d = rank - 2; d >= 0; --d) in_strides[d] = in_strides[d + 1] * g.in_dims[d + 1];
  // The output multi-index of `begin`.
  for (int64_t rest = begin, d = rank - 1; d >= 0; --d) {
    o[d] = rest % g.out_dims[d];
    rest /= g.out_dims[d];
  }
  T acc[kRowBlock];
  for (int64_t position = begin; position < end; ++position) {
    for (int d = 0; d < rank; ++d) base[d] = o[d] * g.strides[d] - g.pad_low[d];
    for (int64_t c0 = 0; c0 < g.inner; c0 += kRowBlock) {
      const int64_t width = std::min(kRowBlock, g.inner - c0);
      for (int64_t w = 0; w < width; ++w) acc[w] = init;
      std::fill(k.begin(), k.end(), 0);
      for (;;) {
        // The window element k: its input offset, or -1 for padding or a hole.
        int64_t offset = c0;
        for (int d = 0; d < rank && offset >= 0; ++d) {
          const int64_t p = base[d] + k[d] * g.window_dilations[d];
          const int64_t bd = g.base_dilations[d];
          if (p < 0 || p > (g.in_dims[d] - 1) * bd || p % bd != 0) offset = -1;
          else offset += (p / bd) * in_strides[d];
        }
        if (offset >= 0) {
          const T* row = x + offset;
          for (int64_t w = 0; w < width; ++w) acc[w] = Op::Apply(acc[w], row[w]);
        } else {
          for (int64_t w = 0; w < width; ++w) acc[w] = Op::Apply(acc[w], init);
        }
        int d = rank - 1;
        for (; d >= 0; --d) {
          if (++k[d] < g.window[d]) break;
          k[d] = 0;
        }
        if (d < 0) break;
      }
      T* dst = out + position * g.inner + c0;
      for (int64_t w = 0; w < width; ++w) dst[w] = acc[w];
    }
    for (int d = rank - 1; d >= 0; --d) {
      if (++o[d] < g.out_dims[d]) break;
      o[d] = 0;
    }
  }
}

// The same fold when every window dimension is trailing (inner == 1: NCHW
// pooling) and there is no base dilation: each window row along the last
// dimension is one tight loop over the input row, padding folding init.
template <typename T, typename Op>
JAXCPU_MULTIVERSION void WindowRangeLastDims(const T* x, T* out, const Geometry& g,
                                             int64_t begin, int64_t end, T init) {
  const int rank = g.rank;
  std::vector<int64_t> in_strides(rank, 1), o(rank), k(rank), base(rank);
  for (int d = rank - 2; d >= 0; --d) in_strides[d] = in_strides[d + 1] * g.in_dims[d + 1];
  for (int64_t rest = begin, d = rank - 1; d >= 0; --d) {
    o[d] = rest % g.out_dims[d];
    rest /= g.out_dims[d];
  }
  const int last = rank - 1;
  const int64_t width = g.window[last], step = g.window_dilations[last], n = g.in_dims[last];
  for (int64_t position = begin; position < end; ++position) {
    for (int d = 0; d < rank; ++d) base[d] = o[d] * g.strides[d] - g.pad_low[d];
    T acc = init;
    std::fill(k.begin(), k.end(), 0);
    for (;;) {
      int64_t offset = 0;
      bool valid = true;
      for (int d = 0; d < last && valid; ++d) {
        const int64_t p = base[d] + k[d] * g.window_dilations[d];
        valid = p >= 0 && p < g.in_dims[d];
        offset += p * in_strides[d];
      }
      if (valid) {
        const T* row = x + offset;
        for (int64_t j = 0; j < width; ++j) {
          const int64_t p = base[last] + j * step;
          acc = Op::Apply(acc, p >= 0 && p < n ? row[p] : init);
        }
      } else {
        for (int64_t j = 0; j < width; ++j) acc = Op::Apply(acc, init);
      }
      int d = last - 1;
      for (; d >= 0; --d) {
        if (++k[d] < g.window[d]) break;
        k[d] = 0;
      }
      if (d < 0) break;
    }
    out[position] = acc;
    for (int d = rank - 1; d >= 0; --d) {
      if (++o[d] < g.out_dims[d]) break;
      o[d] = 0;
    }
  }
}

template <typename T, typename Op>
void Windows(const void* x, void* out, const Geometry& g, const void* init) {
  int64_t positions = 1, window = 1;
  for (int d = 0; d < g.rank; ++d) {
    positions *= g.out_dims[d];
    window *= g.window[d];
  }
  const int64_t unit = std::max<int64_t>(1, window * g.inner * static_cast<int64_t>(sizeof(T)));
  bool unit_base = g.rank > 0;
  for (int d = 0; d < g.rank; ++d) unit_base = unit_base && g.base_dilations[d] == 1;
  const bool last_dims = unit_base && g.inner == 1;
  ParallelFor(positions, std::max<int64_t>(1, (64 << 10) / unit), [&](int64_t begin, int64_t end) {
    if (last_dims) {
      WindowRangeLastDims<T, Op>(static_cast<const T*>(x), static_cast<T*>(out), g, begin,
                                 end, *static_cast<const T*>(init));
    } else {
      WindowRange<T, Op>(static_cast<const T*>(x), static_cast<T*>(out), g, begin, end,
                         *static_cast<const T*>(init));
    }
  });
}

using ScanFn = void (*)(const void*, void*, const ScanShape&, const void*);
using WindowsFn = void (*)(const void*, void*, const Geometry&, const void*);
using IdentityFn = bool (*)(const void* init);

// Whether `init` is the op's identity, so that padding with it is a no-op.
template <typename T>
bool IsZero(const void* init) {
  T zero{};
  return std::memcmp(init, &zero, sizeof(T)) == 0;  // +0.0 only: -0.0 + +0.0 is +0.0
}
template <typename T>
bool IsOne(const void* init) {
  return *static_cast<const T*>(init) == T(1);
}
bool Always(const void*) { return true; }

struct Loops {
  ScanFn scan = nullptr;
  WindowsFn windows = nullptr;
  IdentityFn padding_is_neutral = &Always;  // padding with init leaves a scan's result
};

template <typename T, typename Op>
Loops For(IdentityFn neutral) {
  return {&Scan<T, Op>, &Windows<T, Op>, neutral};
}

template <typename T>
Loops ForFloat(const std::string& op) {
  if (op == "add") return For<T, AddOp>(&IsZero<T>);
  if (op == "multiply") return For<T, MulOp>(&IsOne<T>);
  if (op == "maximum") return For<T, MaxOp>(&Always);
  if (op == "minimum") return For<T, MinOp>(&Always);
  throw Unsupported("reduce_window: " + op + " on floats");
}

template <typename S>
Loops ForInteger(const std::string& op, bool is_signed) {
  using U = std::make_unsigned_t<S>;
  if (op == "add") return For<U, AddOp>(&IsZero<U>);
  if (op == "multiply") return For<U, MulOp>(&IsOne<U>);
  if (op == "xor") return For<U, XorOp>(&IsZero<U>);
  if (op == "and") return For<U, AndOp>(&Always);
  if (op == "or") return For<U, OrOp>(&Always);
  if (op == "maximum") return is_signed ? For<S, MaxOp>(&Always) : For<U, MaxOp>(&Always);
  if (op == "minimum") return is_signed ? For<S, MinOp>(&Always) : For<U, MinOp>(&Always);
  throw Unsupported("reduce_window: " + op + " on integers");
}

Loops ForPred(const std::string& op) {  // bytes holding 0 or 1
  if (op == "add" || op == "maximum" || op == "or") return For<uint8_t, OrOp>(&Always);
  if (op == "multiply" || op == "minimum" || op == "and") {
    return For<uint8_t, AndOp>(&Always);
  }
  if (op == "xor") return For<uint8_t, XorOp>(&IsZero<uint8_t>);
  throw Unsupported("reduce_window: " + op + " on pred");
}

using narrow::Rounded;

template <typename N>
Loops ForNarrow(const std::string& op) {
  if (op == "add") return For<float, Rounded<N, AddOp>>(&IsZero<float>);
  if (op == "multiply") return For<float, Rounded<N, MulOp>>(&IsOne<float>);
  return ForFloat<float>(op);  // max / min are exact
}

struct LoopKinds {
  template <typename T>
  static Loops Float(const std::string& op) { return ForFloat<T>(op); }
  template <typename S>
  static Loops Integer(const std::string& op, bool is_signed) {
    return ForInteger<S>(op, is_signed);
  }
  static Loops Pred(const std::string& op) { return ForPred(op); }
};

// `rounding`: the 16-bit float type whose values the f32 loops compute (kOther: none).
Loops MakeLoops(DType dtype, const std::string& op, DType rounding = DType::kOther) {
  if (rounding == DType::kBF16) return ForNarrow<narrow::Bf16>(op);
  if (rounding == DType::kF16) return ForNarrow<narrow::F16>(op);
  return ByElementType<LoopKinds>(dtype, op, "reduce_window");
}

std::vector<int64_t> IntsOr(const Params& params, const char* name, int rank, int64_t fill) {
  if (!params.has(name)) return std::vector<int64_t>(rank, fill);
  std::vector<int64_t> values = params.get_ints(name);
  if (static_cast<int>(values.size()) != rank) {
    throw Unsupported(std::string("reduce_window: ") + name + " rank");
  }
  return values;
}

class ReduceWindowKernel : public Kernel {
 public:
  ReduceWindowKernel(const Params& params, const std::vector<TensorSpec>& inputs,
                     const std::vector<TensorSpec>& outputs, DType rounding = DType::kOther) {
    if (inputs.size() != 2 || outputs.size() != 1 || inputs[1].rank() != 0 ||
        inputs[1].dtype != inputs[0].dtype || outputs[0].dtype != inputs[0].dtype) {
      throw Unsupported("reduce_window: one operand and its init");
    }
    loops_ = MakeLoops(inputs[0].dtype, params.get_string("op"), rounding);
    const std::vector<int64_t>& in = inputs[0].dims;
    const std::vector<int64_t>& out = outputs[0].dims;
    const int rank = inputs[0].rank();
    const std::vector<int64_t> window = params.get_ints("window");
    const std::vector<int64_t> strides = IntsOr(params, "strides", rank, 1);
    const std::vector<int64_t> base = IntsOr(params, "base_dilations", rank, 1);
    const std::vector<int64_t> dilations = IntsOr(params, "window_dilations", rank, 1);
    const std::vector<int64_t> padding = IntsOr(params, "padding", 2 * rank, 0);
    if (static_cast<int>(window.size()) != rank || static_cast<int>(out.size()) != rank) {
      throw Unsupported("reduce_window: rank");
    }
    auto untouched = [&](int d) {
      return window[d] == 1 && strides[d] == 1 && base[d] == 1 && dilations[d] == 1 &&
             padding[2 * d] == 0 && padding[2 * d + 1] == 0;
    };
    for (int d = 0; d < rank; ++d) {
      if (window[d] <= 0 || strides[d] <= 0 || base[d] <= 0 || dilations[d] <= 0) {
        throw Unsupported("reduce_window: window geometry");
      }
      const int64_t dilated = in[d] == 0 ? 0 : (in[d] - 1) * base[d] + 1;
      const int64_t padded = dilated + padding[2 * d] + padding[2 * d + 1];
      const int64_t span = (window[d] - 1) * dilations[d] + 1;
      const int64_t count = padded < span ? 0 : (padded - span) / strides[d] + 1;
      if (count != out[d]) throw Unsupported("reduce_window: window geometry");
    }
    // A scan: one dim windowed whole (n - 1 padding on one side), others untouched.
    scan_axis_ = -1;
    for (int d = 0; d < rank; ++d) {
      if (untouched(d)) continue;
      const bool whole = window[d] == in[d] && in[d] > 1 && strides[d] == 1 && base[d] == 1 &&
                         dilations[d] == 1;
      const bool prefix = padding[2 * d] == in[d] - 1 && padding[2 * d + 1] == 0;
      const bool suffix = padding[2 * d] == 0 && padding[2 * d + 1] == in[d] - 1;
      if (scan_axis_ >= 0 || !whole || !(prefix || suffix)) {
        scan_axis_ = -2;
        break;
      }
      scan_axis_ = d;
      scan_.reverse = suffix;
    }
    if (scan_axis_ >= 0) {
      for (int d = 0; d < rank; ++d) {
        if (d < scan_axis_) scan_.outer *= in[d];
        else if (d > scan_axis_) scan_.inner *= in[d];
      }
      scan_.n = in[scan_axis_];
    }
    // The general loops: trailing untouched dims become whole rows.
    int lead = rank;
    while (lead > 0 && untouched(lead - 1)) --lead;
    geometry_.rank = lead;
    for (int d = 0; d < rank; ++d) {
      if (d >= lead) {
        geometry_.inner *= in[d];
        continue;
      }
      geometry_.in_dims.push_back(in[d]);
      geometry_.out_dims.push_back(out[d]);
      geometry_.window.push_back(window[d]);
      geometry_.strides.push_back(strides[d]);
      geometry_.base_dilations.push_back(base[d]);
      geometry_.window_dilations.push_back(dilations[d]);
      geometry_.pad_low.push_back(padding[2 * d]);
    }
    empty_ = outputs[0].num_elements() == 0;
  }

  void Run(const void* const* inputs, void* const* outputs) override {
    if (empty_) return;
    const void* init = inputs[1];
    if (scan_axis_ >= 0 && loops_.padding_is_neutral(init)) {
      loops_.scan(inputs[0], outputs[0], scan_, init);
      return;
    }
    loops_.windows(inputs[0], outputs[0], geometry_, init);
  }

 private:
  Loops loops_;
  int scan_axis_ = -1;
  ScanShape scan_;
  Geometry geometry_;
  bool empty_ = false;
};

// -- select_and_scatter -------------------------------------------------------------
//
// Each source element picks one operand element of its window: the first in
// row-major window order, replaced by each later one the select rejects
// (select(current, candidate) false); padding is never picked. The picked
// element then folds the source value into the result (init everywhere
// else), in source order. Leading dims the window leaves alone split the
// work (their slices scatter into disjoint parts); trailing ones are rows.

struct Ge { template <typename T> static bool Keep(T a, T b) { return a >= b; } };
struct Gt { template <typename T> static bool Keep(T a, T b) { return a > b; } };
struct Le { template <typename T> static bool Keep(T a, T b) { return a <= b; } };
struct Lt { template <typename T> static bool Keep(T a, T b) { return a < b; } };
struct Eq { template <typename T> static bool Keep(T a, T b) { return a == b; } };
struct Ne { template <typename T> static bool Keep(T a, T b) { return a != b; } };

struct ScatterGeometry {
  Geometry windows;          // over the windowed dims (rank >= 1), inner = trailing rows
  int64_t slices = 1;        // the leading untouched dims
  int64_t slice_in = 0, slice_out = 0;  // operand / source elements per slice
};

// Op on T; integer arithmetic on the unsigned twin U (wraps without UB).
template <typename T, typename U, typename Op>
T Combine(T a, T b) {
  if constexpr (std::is_same_v<Op, MaxOp> || std::is_same_v<Op, MinOp>) {
    return Op::Apply(a, b);
  } else {
    return static_cast<T>(Op::Apply(static_cast<U>(a), static_cast<U>(b)));
  }
}

// Slices [begin, end): picks and scatters every source element of them.
template <typename T, typename U, typename Select, typename Op>
JAXCPU_MULTIVERSION void ScatterSlices(const T* operand, const T* source, T* out,
                                       const ScatterGeometry& sg, int64_t begin, int64_t end) {
  const Geometry& g = sg.windows;
  const int rank = g.rank;
  std::vector<int64_t> in_strides(rank, g.inner), o(rank), k(rank);
  for (int d = rank - 2; d >= 0; --d) in_strides[d] = in_strides[d + 1] * g.in_dims[d + 1];
  int64_t positions = 1;
  for (int d = 0; d < rank; ++d) positions *= g.out_dims[d];
  T chosen[kRowBlock];
  int64_t chosen_at[kRowBlock];
  for (int64_t slice = begin; slice < end; ++slice) {
    const T* x = operand + slice * sg.slice_in;
    const T* src = source + slice * sg.slice_out;
    T* dst = out + slice * sg.slice_in;
    std::fill(o.begin(), o.end(), 0);
    for (int64_t position = 0; position < positions; ++position) {
      for (int64_t c0 = 0; c0 < g.inner; c0 += kRowBlock) {
        const int64_t width = std::min(kRowBlock, g.inner - c0);
        for (int64_t w = 0; w < width; ++w) chosen_at[w] = -1;
        std::fill(k.begin(), k.end(), 0);
        for (;;) {
          int64_t offset = c0;
          for (int d = 0; d < rank && offset >= 0; ++d) {
            const int64_t p = o[d] * g.strides[d] - g.pad_low[d] + k[d];
            if (p < 0 || p >= g.in_dims[d]) offset = -1;
            else offset += p * in_strides[d];
          }
          if (offset >= 0) {
            for (int64_t w = 0; w < width; ++w) {
              const T candidate = x[offset + w];
              if (chosen_at[w] < 0 || !Select::Keep(chosen[w], candidate)) {
                chosen[w] = candidate;
                chosen_at[w] = offset + w;
              }
            }
          }
          int d = rank - 1;
          for (; d >= 0; --d) {
            if (++k[d] < g.window[d]) break;
            k[d] = 0;
          }
          if (d < 0) break;
        }
        const T* values = src + position * g.inner + c0;
        for (int64_t w = 0; w < width; ++w) {
          if (chosen_at[w] >= 0) {
            dst[chosen_at[w]] = Combine<T, U, Op>(dst[chosen_at[w]], values[w]);
          }
        }
      }
      for (int d = rank - 1; d >= 0; --d) {
        if (++o[d] < g.out_dims[d]) break;
        o[d] = 0;
      }
    }
  }
}

template <typename T, typename U, typename Select, typename Op>
void SelectScatter(const void* operand, const void* source, const void* init, void* out,
                   const ScatterGeometry& sg) {
  T* result = static_cast<T*>(out);
  const T fill = *static_cast<const T*>(init);
  const int64_t total = sg.slices * sg.slice_in;
  ParallelFor(total, 1 << 16, [&](int64_t begin, int64_t end) {
    std::fill(result + begin, result + end, fill);
  });
  int64_t window = 1;
  for (int64_t w : sg.windows.window) window *= w;
  const int64_t unit = std::max<int64_t>(1, sg.slice_out * window * static_cast<int64_t>(sizeof(T)));
  ParallelFor(sg.slices, std::max<int64_t>(1, (64 << 10) / unit), [&](int64_t begin, int64_t end) {
    ScatterSlices<T, U, Select, Op>(static_cast<const T*>(operand), static_cast<const T*>(source),
                                 result, sg, begin, end);
  });
}

using SelectScatterFn = void (*)(const void*, const void*, const void*, void*,
                                 const ScatterGeometry&);

template <typename T, typename U, typename Op>
SelectScatterFn WithSelect(const std::string& compare) {
  if (compare == "GE") return &SelectScatter<T, U, Ge, Op>;
  if (compare == "GT") return &SelectScatter<T, U, Gt, Op>;
  if (compare == "LE") return &SelectScatter<T, U, Le, Op>;
  if (compare == "LT") return &SelectScatter<T, U, Lt, Op>;
  if (compare == "EQ") return &SelectScatter<T, U, Eq, Op>;
  if (compare == "NE") return &SelectScatter<T, U, Ne, Op>;
  throw Unsupported("select_and_scatter: comparison " + compare);
}

// T compares (signed or float); U combines (unsigned twin for integer arithmetic).
template <typename T, typename U>
SelectScatterFn ForScatter(const std::string& compare, const std::string& op) {
  if (op == "add") return WithSelect<T, U, AddOp>(compare);
  if (op == "multiply") return WithSelect<T, U, MulOp>(compare);
  if (op == "maximum") return WithSelect<T, U, MaxOp>(compare);
  if (op == "minimum") return WithSelect<T, U, MinOp>(compare);
  if constexpr (!std::is_floating_point_v<T>) {
    if (op == "and") return WithSelect<T, U, AndOp>(compare);
    if (op == "or") return WithSelect<T, U, OrOp>(compare);
    if (op == "xor") return WithSelect<T, U, XorOp>(compare);
  }
  throw Unsupported("select_and_scatter: scatter " + op);
}

template <typename N>
SelectScatterFn ForNarrowScatter(const std::string& compare, const std::string& op) {
  if (op == "add") return WithSelect<float, float, Rounded<N, AddOp>>(compare);
  if (op == "multiply") return WithSelect<float, float, Rounded<N, MulOp>>(compare);
  return ForScatter<float, float>(compare, op);  // max / min are exact
}

// `rounding` as MakeLoops'.
SelectScatterFn MakeSelectScatter(DType dtype, const std::string& compare, const std::string& op,
                                  DType rounding = DType::kOther) {
  if (rounding == DType::kBF16) return ForNarrowScatter<narrow::Bf16>(compare, op);
  if (rounding == DType::kF16) return ForNarrowScatter<narrow::F16>(compare, op);
  switch (dtype) {
    case DType::kF32: return ForScatter<float, float>(compare, op);
    case DType::kF64: return ForScatter<double, double>(compare, op);
    case DType::kS32: return ForScatter<int32_t, uint32_t>(compare, op);
    case DType::kS64: return ForScatter<int64_t, uint64_t>(compare, op);
    case DType::kU32: return ForScatter<uint32_t, uint32_t>(compare, op);
    case DType::kU64: return ForScatter<uint64_t, uint64_t>(compare, op);
    default:
      throw Unsupported(std::string("select_and_scatter: element type ") + DTypeName(dtype));
  }
}

class SelectAndScatterKernel : public Kernel {
 public:
  SelectAndScatterKernel(const Params& params, const std::vector<TensorSpec>& inputs,
                         const std::vector<TensorSpec>& outputs, DType rounding = DType::kOther) {
    if (inputs.size() != 3 || outputs.size() != 1 || inputs[2].rank() != 0) {
      throw Unsupported("select_and_scatter: operand, source and init");
    }
    const DType dtype = inputs[0].dtype;
    for (const TensorSpec* spec : {&inputs[1], &inputs[2], &outputs[0]}) {
      if (spec->dtype != dtype) throw Unsupported("select_and_scatter: one element type");
    }
    run_ = MakeSelectScatter(dtype, params.get_string("compare"), params.get_string("op"),
                             rounding);
    const std::vector<int64_t>& in = inputs[0].dims;
    const std::vector<int64_t>& src = inputs[1].dims;
    const int rank = inputs[0].rank();
    const std::vector<int64_t> window = params.get_ints("window");
    const std::vector<int64_t> strides = IntsOr(params, "strides", rank, 1);
    const std::vector<int64_t> padding = IntsOr(params, "padding", 2 * rank, 0);
    if (static_cast<int>(window.size()) != rank || static_cast<int>(src.size()) != rank ||
        outputs[0].dims != in) {
      throw Unsupported("select_and_scatter: rank");
    }
    auto untouched = [&](int d) {
      return window[d] == 1 && strides[d] == 1 && padding[2 * d] == 0 && padding[2 * d + 1] == 0;
    };
    for (int d = 0; d < rank; ++d) {
      if (window[d] <= 0 || strides[d] <= 0) {
        throw Unsupported("select_and_scatter: window geometry");
      }
      const int64_t padded = in[d] + padding[2 * d] + padding[2 * d + 1];
      const int64_t count = padded < window[d] ? 0 : (padded - window[d]) / strides[d] + 1;
      if (count != src[d]) throw Unsupported("select_and_scatter: window geometry");
    }
    int first = 0, lead = rank;
    while (first < rank && untouched(first)) ++first;
    while (lead > first && untouched(lead - 1)) --lead;
    Geometry& g = geometry_.windows;
    for (int d = 0; d < rank; ++d) {
      if (d < first) {
        geometry_.slices *= in[d];
      } else if (d >= lead) {
        g.inner *= in[d];
      } else {
        g.in_dims.push_back(in[d]);
        g.out_dims.push_back(src[d]);
        g.window.push_back(window[d]);
        g.strides.push_back(strides[d]);
        g.base_dilations.push_back(1);
        g.window_dilations.push_back(1);
        g.pad_low.push_back(padding[2 * d]);
      }
    }
    g.rank = lead - first;
    geometry_.slice_in = g.inner;
    geometry_.slice_out = g.inner;
    for (int d = 0; d < g.rank; ++d) {
      geometry_.slice_in *= g.in_dims[d];
      geometry_.slice_out *= g.out_dims[d];
    }
  }

  void Run(const void* const* inputs, void* const* outputs) override {
    run_(inputs[0], inputs[1], inputs[2], outputs[0], geometry_);
  }

 private:
  SelectScatterFn run_ = nullptr;
  ScatterGeometry geometry_;
};

// bfloat16 / float16 windows: the f32 kernel on widened values (widened.h),
// each step rounded to the 16-bit type.
template <typename WindowKernel>
std::unique_ptr<Kernel> MakeWindowKernel(const Params& params,
                                         const std::vector<TensorSpec>& inputs,
                                         const std::vector<TensorSpec>& outputs) {
  const DType dtype = inputs.empty() ? DType::kOther : inputs[0].dtype;
  if (!IsNarrowFloat(dtype)) return std::make_unique<WindowKernel>(params, inputs, outputs);
  for (const auto* specs : {&inputs, &outputs}) {
    for (const TensorSpec& spec : *specs) {
      if (spec.dtype != dtype) throw Unsupported("window kernels: one element type");
    }
  }
  return MakeWidened(
      [dtype](const Params& p, const std::vector<TensorSpec>& in,
              const std::vector<TensorSpec>& out) -> std::unique_ptr<Kernel> {
        return std::make_unique<WindowKernel>(p, in, out, dtype);
      },
      params, inputs, outputs);
}

std::unique_ptr<Kernel> MakeSelectAndScatter(const Params& params,
                                             const std::vector<TensorSpec>& inputs,
                                             const std::vector<TensorSpec>& outputs) {
  return MakeWindowKernel<SelectAndScatterKernel>(params, inputs, outputs);
}

std::unique_ptr<Kernel> MakeReduceWindow(const Params& params,
                                         const std::vector<TensorSpec>& inputs,
                                         const std::vector<TensorSpec>& outputs) {
  return MakeWindowKernel<ReduceWindowKernel>(params, inputs, outputs);
}

}  // namespace

JAXCPU_REGISTER_KERNEL("reduce_window", MakeReduceWindow);
JAXCPU_REGISTER_KERNEL("select_and_scatter", MakeSelectAndScatter);

}  // namespace jaxcpu
