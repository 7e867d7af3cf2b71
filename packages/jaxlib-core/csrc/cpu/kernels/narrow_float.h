// bfloat16 and float16 to and from f32 (and f64 or integers): the CPU kernels
// compute these types in f32 and round each result (fused_loops.h, dot.cc,
// reduce.cc). Rounding is to nearest even; NaNs follow the reference
// (ml_dtypes' bfloat16: the sign and a quiet NaN; numpy's float16: the top
// payload bits, never 0).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace jaxcpu {
namespace narrow {

inline uint32_t Bits(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}
inline float Float(uint32_t b) {
  float x;
  std::memcpy(&x, &b, 4);
  return x;
}

// f32 bits -> bfloat16 bits.
inline uint16_t Bf16Bits(float x) {
  const uint32_t b = Bits(x);
  if ((b & 0x7fffffffu) > 0x7f800000u) return uint16_t(((b >> 16) & 0x8000u) | 0x7fc0u);
  return uint16_t((b + 0x7fffu + ((b >> 16) & 1u)) >> 16);
}
inline float FromBf16Bits(uint16_t h) { return Float(uint32_t(h) << 16); }

// f32 bits -> float16 bits.
inline uint16_t F16Bits(float x) {
  uint32_t f = Bits(x);
  const uint32_t sign = (f >> 16) & 0x8000u;
  f &= 0x7fffffffu;
  if (f > 0x7f800000u) {
    const uint32_t payload = (f >> 13) & 0x3ffu;
    return uint16_t(sign | 0x7c00u | (payload == 0 ? 1u : payload));
  }
  if (f >= 0x47800000u) return uint16_t(sign | 0x7c00u);  // >= 2**16 (and inf)
  if (f < 0x38800000u) {  // below 2**-14: a subnormal (or zero) float16
    // Adding 2**-1 lines the float16 quantum up with f32's last bit, and the
    // f32 addition rounds to nearest even.
    const float magic = Float(0x3f000000u);
    return uint16_t(sign | (Bits(Float(f) + magic) - 0x3f000000u));
  }
  const uint32_t odd = (f >> 13) & 1u;
  f += 0xc8000fffu + odd;  // rebias the exponent (-112 << 23, mod 2**32) and round
  return uint16_t(sign | (f >> 13));  // a carry into exponent 31 gives inf
}
inline float FromF16Bits(uint16_t h) {
  const uint32_t sign = uint32_t(h & 0x8000u) << 16;
  const uint32_t em = h & 0x7fffu;
  if (em >= 0x7c00u) return Float(sign | 0x7f800000u | ((em & 0x3ffu) << 13));
  if (em >= 0x0400u) return Float(sign | ((em << 13) + 0x38000000u));
  return Float(sign | Bits(float(em) * 5.9604644775390625e-08f));  // em * 2**-24
}

// f64 -> f32 rounded to odd: a later rounding to nearest into a format of at
// most 22 fraction bits then rounds once (the reference's f64 -> 16-bit path).
inline float OddF32(double d) {
  float f = static_cast<float>(d);
  const double back = static_cast<double>(f);
  if (back == d || d != d) return f;
  uint32_t b = Bits(f);
  if (std::fabs(back) > std::fabs(d)) b -= 1;  // one step toward zero
  return Float(b | 1u);
}
template <typename S> inline float NarrowSource(S x) {
  if constexpr (std::is_same_v<S, float>) return x;
  else return OddF32(static_cast<double>(x));  // integers and f64: through f64, as the reference
}

// The two 16-bit float types, for kernels templated on them.
// Where the reference's loops for the type differ (ml_dtypes' for bfloat16,
// numpy's own for float16): kLongReductionsInF32, long sums and products
// accumulate in f32 rather than in the type; kMaxMinKeepEqual, an elementwise
// max/min keeps its first operand when the two compare equal (-0 and +0).
struct Bf16 {
  static constexpr bool kLongReductionsInF32 = false;
  static constexpr bool kMaxMinKeepEqual = false;
  static float Widen(uint16_t h) { return FromBf16Bits(h); }
  static uint16_t Narrow(float x) { return Bf16Bits(x); }
  static float Round(float x) { return FromBf16Bits(Bf16Bits(x)); }
};
struct F16 {
  static constexpr bool kLongReductionsInF32 = true;
  static constexpr bool kMaxMinKeepEqual = true;
  static float Widen(uint16_t h) { return FromF16Bits(h); }
  static uint16_t Narrow(float x) { return F16Bits(x); }
  static float Round(float x) { return FromF16Bits(F16Bits(x)); }
};

// Op (a struct with a static Apply) on f32 values of the 16-bit type N, each
// result rounded to N: a step of a reduction that rounds as the type does.
template <typename N, typename Op>
struct Rounded {
  template <typename T>
  static T Apply(T a, T b) { return N::Round(Op::Apply(a, b)); }
};

}  // namespace narrow
}  // namespace jaxcpu
