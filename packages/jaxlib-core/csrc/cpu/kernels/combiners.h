// The binary ops a one-op reduction body may be (reduce.cc, reduce_window.cc):
// Apply(acc, x) with XLA CPU's semantics.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "kernel.h"

namespace jaxcpu {
namespace combiners {

// Integer arithmetic runs on unsigned types (wrap-around without UB), wide
// enough that small types are not promoted to int.
template <typename T>
using Wide = std::conditional_t<(sizeof(T) < 4), uint32_t, T>;

struct AddOp {
  template <typename T>
  static T Apply(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return a + b;
    else return static_cast<T>(static_cast<Wide<T>>(a) + static_cast<Wide<T>>(b));
  }
};
struct MulOp {
  template <typename T>
  static T Apply(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return a * b;
    else return static_cast<T>(static_cast<Wide<T>>(a) * static_cast<Wide<T>>(b));
  }
};
// NaN wins (np.maximum). Written as two selects without || so it vectorises.
struct MaxOp {
  template <typename T>
  static T Apply(T a, T b) {
    const T larger = a > b ? a : b;
    return a != a ? a : larger;
  }
};
struct MinOp {
  template <typename T>
  static T Apply(T a, T b) {
    const T smaller = a < b ? a : b;
    return a != a ? a : smaller;
  }
};
struct AndOp {
  template <typename T>
  static T Apply(T a, T b) { return static_cast<T>(a & b); }
};
struct OrOp {
  template <typename T>
  static T Apply(T a, T b) { return static_cast<T>(a | b); }
};
struct XorOp {
  template <typename T>
  static T Apply(T a, T b) { return static_cast<T>(a ^ b); }
};

// Kind::template Float<T>(op), Kind::template Integer<S>(op, is_signed) (S the
// signed type of the width) or Kind::Pred(op), by element type.
template <typename Kind>
auto ByElementType(DType dtype, const std::string& op, const char* kernel)
    -> decltype(Kind::Pred(op)) {
  switch (dtype) {
    case DType::kF32: return Kind::template Float<float>(op);
    case DType::kF64: return Kind::template Float<double>(op);
    case DType::kS8: return Kind::template Integer<int8_t>(op, true);
    case DType::kS16: return Kind::template Integer<int16_t>(op, true);
    case DType::kS32: return Kind::template Integer<int32_t>(op, true);
    case DType::kS64: return Kind::template Integer<int64_t>(op, true);
    case DType::kU8: return Kind::template Integer<int8_t>(op, false);
    case DType::kU16: return Kind::template Integer<int16_t>(op, false);
    case DType::kU32: return Kind::template Integer<int32_t>(op, false);
    case DType::kU64: return Kind::template Integer<int64_t>(op, false);
    case DType::kPred: return Kind::Pred(op);
    default: throw Unsupported(std::string(kernel) + ": element type " + DTypeName(dtype));
  }
}

}  // namespace combiners
}  // namespace jaxcpu
