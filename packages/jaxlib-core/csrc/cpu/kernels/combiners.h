// The binary ops a one-op reduction body may be (reduce.cc, reduce_window.cc):
// Apply(acc, x) with XLA CPU's semantics.
#pragma once

#include <cstdint>
#include <type_traits>

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

}  // namespace combiners
}  // namespace jaxcpu
