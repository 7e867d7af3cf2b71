// Vectorised array math (see vmath.h).
//
// Every function is a loop over branch-free, inlined scalar code that GCC
// auto-vectorises (an AVX2+FMA clone and the portable baseline, chosen at load
// time). Selects are written as ternaries on values computed in every lane;
// integer work stays in the element's width (int64 for double lanes) so the
// AVX2 clone needs no conversions it lacks.
//
// Float32: exp, log, tanh, logistic and rsqrt run in float32 lanes
// (coefficients fitted for float; max errors measured over all 2^32 inputs:
// exp, tanh, rsqrt 1 ULP; logistic 1 ULP with FMA, 2 without). On AVX-512
// hosts exp and tanh run vmath_avx512.h's code instead (exp 1 ULP, tanh 2,
// about 1.8x and 1.3x faster); the others
// evaluate in double precision with polynomials good to ~1e-11 and round once,
// so they stay within 1 ULP of the correctly rounded value.
// Float64: exp, expm1, log, log1p, tanh, logistic, sqrt, rsqrt and cbrt are
// vectorised; sin, cos, tan, erf, atan2 and pow call libm, erfinv refines a
// guess with libm's erf/erfc. Polynomials are near-minimax (Chebyshev) fits.
#include "vmath.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <string>

#include "kernel.h"

#include "vmath_avx512.h"

namespace jaxcpu::vmath {
namespace {

// Helpers are force-inlined (and use builtins rather than libstdc++'s
// wrappers) because GCC does not inline ordinary functions into the
// target_clones copies, which would stop vectorisation there.
#define VMATH_INLINE inline __attribute__((always_inline))

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr float kInfF = std::numeric_limits<float>::infinity();
constexpr float kNaNF = std::numeric_limits<float>::quiet_NaN();

VMATH_INLINE uint32_t Bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
VMATH_INLINE uint64_t Bits(double x) {
  uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
VMATH_INLINE float FloatFromBits(uint32_t u) {
  float x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}
VMATH_INLINE double DoubleFromBits(uint64_t u) {
  double x;
  std::memcpy(&x, &u, sizeof x);
  return x;
}

VMATH_INLINE bool SignBit(double x) { return static_cast<int64_t>(Bits(x)) < 0; }

// c0 + x * (c1 + x * (c2 + ...)), unrolled at compile time.
template <typename T>
VMATH_INLINE T Horner(T, T c0) {
  return c0;
}
template <typename T, typename... Rest>
VMATH_INLINE T Horner(T x, T c0, Rest... rest) {
  return c0 + x * Horner(x, static_cast<T>(rest)...);
}

// ---- double-precision building blocks --------------------------------------

constexpr double kLog2e = 1.4426950408889634;
// ln2 split so that n * kLn2Hi is exact for |n| < 2^21.
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;
// Adding 1.5 * 2^52 rounds a double of magnitude < 2^51 to an integer, which
// then sits in the low bits of the sum.
constexpr double kRound52 = 6755399441055744.0;

// 2^n for n in [-1022, 1023].
VMATH_INLINE double Pow2(int64_t n) {
  return DoubleFromBits(static_cast<uint64_t>(n + 1023) << 52);
}

// Small integers to double without cvtqq2pd (missing before AVX-512).
VMATH_INLINE double SmallIntToDouble(int64_t k) {
  return DoubleFromBits(Bits(kRound52) + static_cast<uint64_t>(k)) - kRound52;
}

// floor(n / 2) for n in [-2048, 2047], with a logical shift (no vpsraq in AVX2).
VMATH_INLINE int64_t HalfFloor(int64_t n) {
  return static_cast<int64_t>(static_cast<uint64_t>(n + 2048) >> 1) - 1024;
}

// expm1(r) for |r| <= ln2/2 (+ a little): degree-12 fit, error < 1e-18.
VMATH_INLINE double Expm1Reduced(double r) {
  return r + r * r * Horner(r, 0.5, 0.1666666666666667, 0.04166666666666667,
                            0.008333333333325973, 0.0013888888888883633,
                            0.0001984126987538548, 2.480158732595111e-05,
                            2.7557254685728803e-06, 2.755727313289604e-07,
                            2.5105513541847086e-08, 2.0914898727175524e-09);
}

struct ReducedLn2 {
  double r;   // x - n ln2, |r| <= ln2/2
  int64_t n;
};

// x = n ln2 + r with n = round(x / ln2); |x| < 2^10.
VMATH_INLINE ReducedLn2 ReduceLn2(double x) {
  double t = x * kLog2e + kRound52;
  int64_t n = static_cast<int64_t>(Bits(t) - Bits(kRound52));
  double nf = t - kRound52;
  return {(x - nf * kLn2Hi) - nf * kLn2Lo, n};
}

VMATH_INLINE double ExpD(double x) {
  x = x < -746.0 ? -746.0 : x;  // rounds to 0 below; NaN passes both clamps
  x = x > 710.0 ? 710.0 : x;    // overflows to inf above
  ReducedLn2 k = ReduceLn2(x);
  double p = 1.0 + Expm1Reduced(k.r);
  // Two factors keep each power of two normal near the ends of the range, and
  // the second product rounds only once into the subnormals.
  int64_t n1 = HalfFloor(k.n);
  return p * Pow2(n1) * Pow2(k.n - n1);
}

// expm1 without the sign of zero (callers restore it).
VMATH_INLINE double Expm1D(double x) {
  x = x < -40.0 ? -40.0 : x;  // expm1 = -1 below
  x = x > 710.0 ? 710.0 : x;
  ReducedLn2 k = ReduceLn2(x);
  double q = Expm1Reduced(k.r);
  // 2^n (q + 1) - 1 = 2^n q + (2^n - 1), exact-ish while 2^n - 1 is exact.
  int64_t n_small = k.n > 60 ? 60 : k.n;
  double s = Pow2(n_small);
  double small = s * q + (s - 1.0);
  int64_t n1 = HalfFloor(k.n);
  double big = (q + 1.0) * Pow2(n1) * Pow2(k.n - n1);
  return k.n > 60 ? big : small;
}

// log(x) for finite x > 0 (subnormals included).
VMATH_INLINE double LogPositiveD(double x) {
  bool subnormal = x < 0x1p-1022;
  x = subnormal ? x * 0x1p54 : x;
  int64_t k_adjust = subnormal ? -54 : 0;
  // Split x = 2^k (1 + f) with 1 + f in [sqrt(2)/2, sqrt(2)).
  uint64_t ix = Bits(x) + (0x3ff0000000000000ull - 0x3fe6a09e667f3bcdull);
  int64_t k = static_cast<int64_t>(ix >> 52) - 1023 + k_adjust;
  double f = DoubleFromBits((ix & 0x000fffffffffffffull) + 0x3fe6a09e667f3bcdull) - 1.0;
  // log(1 + f) = 2 atanh(s), s = f / (2 + f) = f - hfsq + s (hfsq + R).
  double s = f / (2.0 + f);
  double z = s * s;
  double r = z * Horner(z, 0.666666666666667, 0.399999999998995, 0.28571428625978723,
                        0.2222221113426649, 0.18182889163774027, 0.15331720320419312,
                        0.1461646550800543);
  double hfsq = 0.5 * f * f;
  double dk = SmallIntToDouble(k);
  return s * (hfsq + r) + dk * kLn2Lo - hfsq + f + dk * kLn2Hi;
}

VMATH_INLINE double LogD(double x) {
  double y = LogPositiveD(x);
  y = x == 0 ? -kInf : y;
  y = x < 0 ? kNaN : y;
  y = x == kInf ? kInf : y;
  return x != x ? x : y;
}

// log1p(x) = log(u) + (x - (u - 1)) / u with u = 1 + x rounded.
VMATH_INLINE double Log1pD(double x) {
  double u = 1.0 + x;
  double y = LogPositiveD(u) + (x - (u - 1.0)) / u;
  y = x == -1.0 ? -kInf : y;
  y = x < -1.0 ? kNaN : y;
  y = x == kInf ? kInf : y;
  y = x == 0 ? x : y;  // keeps -0
  return x != x ? x : y;
}

VMATH_INLINE double Expm1WithZeroD(double x) {
  double y = Expm1D(x);
  return x == 0 ? x : y;
}

VMATH_INLINE double TanhD(double x) {
  double a = __builtin_fabs(x);
  a = a > 20.0 ? 20.0 : a;  // tanh rounds to 1 beyond
  double t = Expm1D(2.0 * a);
  return __builtin_copysign(t / (t + 2.0), x);
}

VMATH_INLINE double LogisticD(double x) {
  double e = ExpD(-__builtin_fabs(x));
  return (x < 0 ? e : 1.0) / (1.0 + e);
}

// ---- float32 through double: erf, erfinv, trig, atan2, pow, cbrt ------------

// erf(a) = a P(a^2) for |a| <= 1, error < 4e-11.
VMATH_INLINE double ErfSmallD(double a) {
  return a * Horner(a * a, 1.1283791670615435, -0.3761263846802871, 0.11283782495236845,
                    -0.026865430727670243, 0.005221031807858023, -0.0008484080405535107,
                    0.00011265959025606609, -9.667044571486996e-06);
}

// erfcx(a) = exp(a^2) erfc(a) for a in [0.45, 4] as a polynomial in
// 1 / (1 + a), relative error < 3e-11.
VMATH_INLINE double ErfcxMidD(double a) {
  double t = 1.0 / (1.0 + a) - 0.44482758620689655;
  return Horner(t, 0.36822801147735285, 1.0574352172310726, 0.35792565908276874,
                -0.44922028090285965, 0.005413346083005626, 0.3755295101953746,
                -0.3825479728461689, 0.018522895585242612, 0.46394337856193585,
                -0.7213076420240837, 0.4149135576969726, 0.7144736658239189,
                -1.4628715898577875);
}

VMATH_INLINE double ClampErfcxArg(double a) {
  a = a > 4.0 ? 4.0 : a;
  return a < 0.45 ? 0.45 : a;
}

// erf for float32 arguments (|erf| rounds to 1 in float beyond 3.92).
VMATH_INLINE double ErfForFloat(double x) {
  double a = __builtin_fabs(x);
  double ac = ClampErfcxArg(a);
  double big = 1.0 - ExpD(-ac * ac) * ErfcxMidD(ac);
  double small = ErfSmallD(a);
  return __builtin_copysign(a > 1.0 ? big : small, x);
}

// Giles' single-precision erfinv approximation ("Approximating the erfinv
// function", GPU Computing Gems, 2011): relative error ~1e-7. w = -log(1-a^2).
VMATH_INLINE double ErfInvGuess(double a, double w) {
  double ws = w - 2.5;
  double p_small = Horner(ws, 1.50140941, 0.246640727, -0.00417768164, -0.00125372503,
                          0.00021858087, -4.39150654e-06, -3.5233877e-06, 3.43273939e-07,
                          2.81022636e-08);
  double wb = std::sqrt(w) - 3.0;
  double p_big = Horner(wb, 2.83297682, 1.00167406, 0.00943887047, -0.0076224613,
                        0.00573950773, -0.00367342844, 0.00134934322, 0.000100950558,
                        -0.000200214257);
  return (w < 5.0 ? p_small : p_big) * a;
}

constexpr double kTwoOverSqrtPi = 1.1283791670955126;

// erfinv for float32 arguments: Giles' guess and one Halley step on
// erf(r) = a, written with erfc when a > 1/2 so that 1 - a stays exact.
VMATH_INLINE double ErfInvForFloat(double x) {
  double a = __builtin_fabs(x);
  double w = -LogPositiveD((1.0 - a) * (1.0 + a));  // exact product for float a
  double r = ErfInvGuess(a, w);
  double e = ExpD(-r * r);
  double f_small = ErfSmallD(r) - a;
  double rc = ClampErfcxArg(r);
  double f_big = (1.0 - a) - e * ErfcxMidD(rc);
  double delta = (a <= 0.5 ? f_small : f_big) / (kTwoOverSqrtPi * e);
  r -= delta / (1.0 + r * delta);
  r = a == 1.0 ? kInf : r;
  r = a > 1.0 ? kNaN : r;
  r = a == 0 ? 0.0 : r;
  return x != x ? x : __builtin_copysign(r, x);
}

// sin(r), cos(r) for |r| <= pi/4, errors < 3e-14.
VMATH_INLINE double SinReducedD(double r) {
  double z = r * r;
  return r + r * z * Horner(z, -0.1666666666666385, 0.008333333331056203,
                            -0.00019841266894627223, 2.7555984173088083e-06,
                            -2.4805011207486557e-08);
}
VMATH_INLINE double CosReducedD(double r) {
  double z = r * r;
  return 1.0 + z * Horner(z, -0.4999999999996343, 0.04166666663709723,
                          -0.0013888885062374495, 2.479985341950736e-05,
                          -2.7236329068725136e-07);
}

enum class Trig { kSin, kCos, kTan };

// Arguments beyond this go to libm (Cody-Waite reduction below needs
// |x| 2/pi < 2^20).
constexpr float kTrigVectorLimit = 1e6f;

// sin/cos/tan for |x| <= kTrigVectorLimit, float accuracy.
template <Trig kind>
VMATH_INLINE double TrigForFloat(double x) {
  double t = x * 0.63661977236758134308 + kRound52;
  uint64_t quadrant = Bits(t) - Bits(kRound52);
  double j = t - kRound52;
  // pi/2 in three parts; the first two have 33 bits, so j * part is exact.
  double r = ((x - j * 1.57079632673412561417e+00) - j * 6.07710050630396597660e-11) -
             j * 2.02226624879595063154e-21;
  double s = SinReducedD(r);
  double c = CosReducedD(r);
  bool odd = (quadrant & 1) != 0;
  double y;
  if constexpr (kind == Trig::kSin) {
    double v = odd ? c : s;
    y = (quadrant & 2) ? -v : v;
  } else if constexpr (kind == Trig::kCos) {
    double v = odd ? s : c;
    y = ((quadrant + 1) & 2) ? -v : v;
  } else {
    y = (odd ? -c : s) / (odd ? s : c);
  }
  if constexpr (kind != Trig::kCos) y = x == 0 ? x : y;  // keeps -0
  return y;
}

template <Trig kind>
double TrigLibm(double x) {
  if constexpr (kind == Trig::kSin) return std::sin(x);
  if constexpr (kind == Trig::kCos) return std::cos(x);
  return std::tan(x);
}

// Blocks through a stack buffer so that the rare huge arguments can be fixed
// up from the input afterwards, even when x and y are the same array.
template <Trig kind>
VMATH_INLINE void TrigFloat(const float* x, float* y, int64_t n) {
  constexpr int64_t kBlock = 256;
  alignas(64) float buffer[kBlock];
  for (int64_t start = 0; start < n; start += kBlock) {
    int64_t m = n - start < kBlock ? n - start : kBlock;
    const float* xb = x + start;
    int any_large = 0;
    for (int64_t i = 0; i < m; ++i) {
      float v = xb[i];
      buffer[i] = static_cast<float>(TrigForFloat<kind>(v));
      any_large |= __builtin_fabsf(v) > kTrigVectorLimit;
    }
    if (any_large) {
      for (int64_t i = 0; i < m; ++i) {
        if (__builtin_fabsf(xb[i]) > kTrigVectorLimit) {
          buffer[i] = static_cast<float>(TrigLibm<kind>(xb[i]));
        }
      }
    }
    std::memcpy(y + start, buffer, m * sizeof(float));
  }
}

// atan(z) for z in [0, 1], error < 1e-12.
VMATH_INLINE double AtanUnitD(double z) {
  bool upper = z > 0.41421356237309503;  // tan(pi/8): use atan(z) = pi/4 + atan((z-1)/(z+1))
  double u = upper ? (z - 1.0) / (z + 1.0) : z;
  double w = u * u;
  double a = u + u * w * Horner(w, -0.3333333333326591, 0.19999999949666059,
                                -0.14285708090706525, 0.1111081895760763,
                                -0.09084088057480832, 0.07604671530940683,
                                -0.060267193766778436, 0.032946280990914706);
  return upper ? 0.78539816339744830962 + a : a;
}

VMATH_INLINE double Atan2ForFloat(double y, double x) {
  double ay = __builtin_fabs(y), ax = __builtin_fabs(x);
  bool swap = ay > ax;
  double num = swap ? ax : ay;
  double den = swap ? ay : ax;
  double z = num / den;
  z = num == 0 ? 0.0 : z;                              // atan2(±0, ±0)
  z = den == kInf ? (num == kInf ? 1.0 : 0.0) : z;     // infinite arguments
  double a = AtanUnitD(z);
  a = swap ? 1.57079632679489661923 - a : a;
  a = SignBit(x) ? 3.14159265358979323846 - a : a;
  double result = __builtin_copysign(a, y);
  return (x != x || y != y) ? x + y : result;
}

// Integer and odd-integer tests on doubles without conversions.
VMATH_INLINE bool IsInteger(double ay) {  // ay = |y|
  double rounded = (ay + 0x1p52) - 0x1p52;
  return ay >= 0x1p52 || rounded == ay;
}
VMATH_INLINE bool IsOddInteger(double ay) {
  double half = ay * 0.5;
  double rounded_half = (half + 0x1p52) - 0x1p52;
  return ay < 0x1p53 && IsInteger(ay) && rounded_half != half;
}

// pow for float32 arguments as exp(y log|x|) in double (|y log x| < 2^10 unless
// the result over- or underflows in float), then C99's special cases.
VMATH_INLINE double PowForFloat(double x, double y) {
  double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
  double r = ExpD(y * LogD(ax));
  bool odd = IsOddInteger(ay);
  r = (SignBit(x) && odd) ? -r : r;
  r = (x < 0 && x > -kInf && ay < kInf && !IsInteger(ay)) ? kNaN : r;
  r = (ax == 1.0 && ay == kInf) ? 1.0 : r;  // pow(-1, ±inf) = 1
  r = x == 1.0 ? 1.0 : r;                    // even for NaN y
  return y == 0 ? 1.0 : r;                   // even for NaN x
}

// Cube root of a normal a > 0: exponent / 3 guess, then Halley steps.
VMATH_INLINE double CbrtGuess(double a) {
  uint32_t high = static_cast<uint32_t>(Bits(a) >> 32);
  return DoubleFromBits(static_cast<uint64_t>(high / 3 + 715094163u) << 32);
}
// Halley's step t (t^3 + 2a) / (2t^3 + a), arranged not to overflow.
VMATH_INLINE double CbrtHalley(double t, double a) {
  double t3 = t * t * t;
  return t + t * ((a - t3) / (2.0 * t3 + a));
}

VMATH_INLINE double CbrtForFloat(double x) {  // x is a float: never subnormal here
  double a = __builtin_fabs(x);
  double t = CbrtHalley(CbrtHalley(CbrtGuess(a), a), a);
  t = (a == 0 || a == kInf) ? a : t;
  return x != x ? x : __builtin_copysign(t, x);
}

VMATH_INLINE double CbrtD(double x) {
  double a = __builtin_fabs(x);
  // Scale subnormals up and huge values down so that t^3 neither loses bits
  // nor overflows; the cube root scales back by a third of the exponent.
  bool subnormal = a < 0x1p-1022;
  bool huge = a > 0x1p960;
  double as = subnormal ? a * 0x1p54 : (huge ? a * 0x1p-60 : a);
  double t = CbrtHalley(CbrtHalley(CbrtGuess(as), as), as);
  t = t - (t * t * t - as) / (3.0 * t * t);  // final Newton step, small correction
  t = subnormal ? t * 0x1p-18 : (huge ? t * 0x1p20 : t);
  t = (a == 0 || a == kInf) ? a : t;
  return x != x ? x : __builtin_copysign(t, x);
}

// erfinv for doubles: Giles' guess, then Halley steps on erf(r) = a for
// a <= 1/2, and Newton steps on log(erfc(r)) = log(1 - a) above (well
// conditioned far into the tail, where the guess is rough).
double ErfInvScalarD(double x) {
  double a = __builtin_fabs(x);
  if (x != x || a > 1) return kNaN;
  if (a == 1) return __builtin_copysign(kInf, x);
  if (a == 0) return x;
  double r = ErfInvGuess(a, -std::log((1.0 - a) * (1.0 + a)));
  if (a <= 0.5) {
    for (int step = 0; step < 2; ++step) {
      double delta = (std::erf(r) - a) / (kTwoOverSqrtPi * std::exp(-r * r));
      r -= delta / (1.0 + r * delta);
    }
  } else {
    double log_tail = std::log1p(-a);
    for (int step = 0; step < 6; ++step) {
      double erfc = std::erfc(r);
      double slope = -kTwoOverSqrtPi * std::exp(-r * r) / erfc;  // d log(erfc(r)) / dr
      double delta = (std::log(erfc) - log_tail) / slope;
      r -= delta;
      if (__builtin_fabs(delta) <= 1e-17 * r) break;
    }
  }
  return __builtin_copysign(r, x);
}

// ---- float32 lanes: exp and log ---------------------------------------------

VMATH_INLINE float ExpF(float x) {
  x = x < -104.0f ? -104.0f : x;  // rounds to 0 below
  x = x > 89.0f ? 89.0f : x;      // overflows to inf above
  constexpr float kRound23 = 12582912.0f;  // 1.5 * 2^23
  float t = x * 1.44269504088896341f + kRound23;
  int32_t n = static_cast<int32_t>(Bits(t) - Bits(kRound23));
  float nf = t - kRound23;
  // ln2 = 0.693359375 - 2.12194440e-4; the first part has 9 bits.
  float r = (x - nf * 0.693359375f) - nf * -2.12194440e-4f;
  float p = 1.0f + (r + r * r * Horner(r, 0.5f, 0.16666667f, 0.041666463f, 0.0083333107f,
                                       0.00139339f, 0.00019891269f));
  int32_t n1 = n >> 1;  // both factors normal for n in [-150, 128]
  float s1 = FloatFromBits(static_cast<uint32_t>(n1 + 127) << 23);
  float s2 = FloatFromBits(static_cast<uint32_t>(n - n1 + 127) << 23);
  return p * s1 * s2;
}

VMATH_INLINE float LogF(float x) {
  bool subnormal = x < 0x1p-126f;
  float xs = subnormal ? x * 0x1p23f : x;
  int32_t k_adjust = subnormal ? -23 : 0;
  uint32_t ix = Bits(xs) + (0x3f800000u - 0x3f3504f3u);
  int32_t k = static_cast<int32_t>(ix >> 23) - 127 + k_adjust;
  float f = FloatFromBits((ix & 0x007fffffu) + 0x3f3504f3u) - 1.0f;
  float s = f / (2.0f + f);
  float z = s * s;
  float r = z * Horner(z, 0.66666666f, 0.40000122f, 0.2855082f, 0.2333048f);
  float hfsq = 0.5f * f * f;
  float dk = static_cast<float>(k);
  float y = s * (hfsq + r) + dk * -2.12194440e-4f - hfsq + f + dk * 0.693359375f;
  y = x == 0 ? -kInfF : y;
  y = x < 0 ? kNaNF : y;
  y = x == kInfF ? kInfF : y;
  return x != x ? x : y;
}

// Adding 1.5 * 2^23 + 127 rounds y log2(e) to an integer n and leaves n + 127
// (the biased exponent of 2^n) in the low bits of the sum.
constexpr float kExpShift = 12582912.0f + 127.0f;

// exp(y) + 1 for y in [0, 18.1] (NaN passes): no clamps and one power of two,
// since 2^n stays normal. With exp(y) = 2^n (1 + r H(r)), the sum is
// 2^n ((1 + 2^-n) + r H(r)), which rounds once. Degree-6 fit on |r| <= ln2/2,
// error < 0.06 ULP.
VMATH_INLINE float ExpPlusOneF(float y) {
  float t = y * 1.44269504088896341f + kExpShift;
  float nf = t - kExpShift;
  // ln2 = 0.693359375 - 2.12194440e-4; the first part has 9 bits, so nf times
  // it is exact without FMA.
  float r = (y - nf * 0.693359375f) - nf * -2.12194440e-4f;
  float rh = r * Horner(r, 1.0f, 0.4999999404f, 0.1666652113f, 0.04166825861f,
                        0.008368667215f, 0.001382119139f);
  // t's low bits hold n + 127; the rest shift out, leaving 2^n's bits.
  uint32_t biased_n = Bits(t) << 23;
  float scale = FloatFromBits(biased_n);                   // 2^n
  float inverse_scale = FloatFromBits((254u << 23) - biased_n);  // 2^-n
  return ((1.0f + inverse_scale) + rh) * scale;
}

// tanh: odd polynomial below 0.5625, else 1 - 2 / (exp(2|x|) + 1) (both >= 1/2
// there, so the subtraction loses nothing). tanh rounds to 1 from 9.02 on.
VMATH_INLINE float TanhF(float x) {
  float a = __builtin_fabsf(x);
  float z = a * a;
  float small = a + a * z * Horner(z, -0.33333333f, 0.13333322f, -0.053964064f, 0.021811903f,
                                   -0.0084992478f, 0.0024876146f);
  float big = 1.0f - 2.0f / ExpPlusOneF(2.0f * (a > 9.02f ? 9.02f : a));
  return __builtin_copysignf(a < 0.5625f ? small : big, x);
}

// logistic(x) = e / (1 + e) below 0, 1 / (1 + e) above, e = exp(-|x|) <= 1.
// 1 + e is kept as the exact pair sum + tail, and the quotient gets one
// Newton correction: q + (num - q (sum + tail)) / sum; the first product is
// exact with FMA. A plain float quotient measured 2 ULP, this 1 ULP (2 ULP
// in the baseline clone, which has no FMA).
VMATH_INLINE float LogisticF(float x) {
  float e = ExpF(-__builtin_fabsf(x));
  float sum = 1.0f + e;
  float tail = e - (sum - 1.0f);
  float numerator = x < 0 ? e : 1.0f;
  float inverse = 1.0f / sum;
  float q = numerator * inverse;
  float residual = (numerator - q * sum) - q * tail;
  return q + residual * inverse;
}

#ifdef JAXCPU_VMATH_AVX512
#pragma GCC push_options
#pragma GCC target("avx512f,avx512dq")
// y = fn(x) over an array, 16 lanes at a time (the tail masked).
template <__m512 (*kFn)(__m512)>
void ArrayAvx512(const float* x, float* y, int64_t n) {
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {  // two vectors per step: more independent work in flight
    const __m512 lo = kFn(_mm512_loadu_ps(x + i)), hi = kFn(_mm512_loadu_ps(x + i + 16));
    _mm512_storeu_ps(y + i, lo);
    _mm512_storeu_ps(y + i + 16, hi);
  }
  for (; i + 16 <= n; i += 16) _mm512_storeu_ps(y + i, kFn(_mm512_loadu_ps(x + i)));
  if (i < n) {
    const __mmask16 tail = static_cast<__mmask16>((1u << (n - i)) - 1);
    _mm512_mask_storeu_ps(y + i, tail, kFn(_mm512_maskz_loadu_ps(tail, x + i)));
  }
}
#pragma GCC pop_options
#endif

}  // namespace

// ---- the public loops --------------------------------------------------------

#define VMATH_UNARY(Name, float_expr, double_expr)                  \
  JAXCPU_MULTIVERSION void Name(const float* x, float* y, int64_t n) { \
    for (int64_t i = 0; i < n; ++i) {                                \
      float v = x[i];                                                \
      y[i] = (float_expr);                                           \
    }                                                                \
  }                                                                  \
  JAXCPU_MULTIVERSION void Name(const double* x, double* y, int64_t n) { \
    for (int64_t i = 0; i < n; ++i) {                                \
      double v = x[i];                                               \
      y[i] = (double_expr);                                          \
    }                                                                \
  }

#define VIA_DOUBLE(fn) static_cast<float>(fn(static_cast<double>(v)))

VMATH_UNARY(ExpPortable, ExpF(v), ExpD(v))
VMATH_UNARY(Expm1, VIA_DOUBLE(Expm1WithZeroD), Expm1WithZeroD(v))
VMATH_UNARY(Log, LogF(v), LogD(v))
VMATH_UNARY(Log1p, VIA_DOUBLE(Log1pD), Log1pD(v))
VMATH_UNARY(TanhPortable, TanhF(v), TanhD(v))

bool HostHasAvx512() {
#ifdef JAXCPU_VMATH_AVX512
  // JAXLIB_CPU_ISA (avx2 or generic) turns the AVX-512 code off, for tests.
  static const bool yes = std::getenv("JAXLIB_CPU_ISA") == nullptr &&
                          __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
  return yes;
#else
  return false;
#endif
}

// Name over float32 runs vmath_avx512.h's Fn16 where the host has AVX-512,
// else the portable loop NamePortable (float64 always runs that).
#ifdef JAXCPU_VMATH_AVX512
#define VMATH_AVX512_FIRST(Name, Fn16) \
  if (HostHasAvx512()) return ArrayAvx512<avx512::Fn16>(x, y, n);
#else
#define VMATH_AVX512_FIRST(Name, Fn16)
#endif
#define VMATH_WITH_AVX512(Name, Fn16)                              \
  void Name(const float* x, float* y, int64_t n) {                 \
    VMATH_AVX512_FIRST(Name, Fn16)                                 \
    Name##Portable(x, y, n);                                       \
  }                                                                \
  void Name(const double* x, double* y, int64_t n) { Name##Portable(x, y, n); }

VMATH_WITH_AVX512(Exp, Exp16)
VMATH_WITH_AVX512(Tanh, Tanh16)
#undef VMATH_WITH_AVX512
#undef VMATH_AVX512_FIRST

VMATH_UNARY(Logistic, LogisticF(v), LogisticD(v))
VMATH_UNARY(Erf, VIA_DOUBLE(ErfForFloat), std::erf(v))
VMATH_UNARY(ErfInv, VIA_DOUBLE(ErfInvForFloat), ErfInvScalarD(v))
VMATH_UNARY(Sqrt, std::sqrt(v), std::sqrt(v))
VMATH_UNARY(Rsqrt, 1.0f / std::sqrt(v), 1.0 / std::sqrt(v))
VMATH_UNARY(Cbrt, VIA_DOUBLE(CbrtForFloat), CbrtD(v))
#undef VMATH_UNARY

JAXCPU_MULTIVERSION void Sin(const float* x, float* y, int64_t n) {
  TrigFloat<Trig::kSin>(x, y, n);
}
JAXCPU_MULTIVERSION void Cos(const float* x, float* y, int64_t n) {
  TrigFloat<Trig::kCos>(x, y, n);
}
JAXCPU_MULTIVERSION void Tan(const float* x, float* y, int64_t n) {
  TrigFloat<Trig::kTan>(x, y, n);
}
void Sin(const double* x, double* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) y[i] = std::sin(x[i]);
}
void Cos(const double* x, double* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) y[i] = std::cos(x[i]);
}
void Tan(const double* x, double* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) y[i] = std::tan(x[i]);
}

JAXCPU_MULTIVERSION void Atan2(const float* y, const float* x, float* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    out[i] = static_cast<float>(Atan2ForFloat(y[i], x[i]));
  }
}
void Atan2(const double* y, const double* x, double* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = std::atan2(y[i], x[i]);
}
JAXCPU_MULTIVERSION void Pow(const float* x, const float* y, float* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    out[i] = static_cast<float>(PowForFloat(x[i], y[i]));
  }
}
void Pow(const double* x, const double* y, double* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = std::pow(x[i], y[i]);
}

// ---- test kernel ---------------------------------------------------------------
// "vmath": applies one function (param fn) elementwise; inputs and output share
// one dtype (float32 / float64) and element count. With param inplace=1 it
// copies the first input into the output and computes in place, to test the
// aliasing the header allows. Split across threads for large arrays.

namespace {

template <typename T>
using UnaryFn = void (*)(const T*, T*, int64_t);
template <typename T>
using BinaryFn = void (*)(const T*, const T*, T*, int64_t);

template <typename T>
UnaryFn<T> FindUnary(const std::string& name) {
  struct Entry {
    const char* name;
    UnaryFn<T> fn;
  };
  static const Entry kEntries[] = {
      {"exp", Exp},      {"expm1", Expm1}, {"log", Log},           {"log1p", Log1p},
      {"tanh", Tanh},    {"logistic", Logistic}, {"erf", Erf},     {"erfinv", ErfInv},
      {"sin", Sin},      {"cos", Cos},     {"tan", Tan},           {"sqrt", Sqrt},
      {"rsqrt", Rsqrt},  {"cbrt", Cbrt},
  };
  for (const Entry& entry : kEntries) {
    if (name == entry.name) return entry.fn;
  }
  return nullptr;
}

template <typename T>
BinaryFn<T> FindBinary(const std::string& name) {
  if (name == "atan2") return static_cast<BinaryFn<T>>(Atan2);
  if (name == "pow") return static_cast<BinaryFn<T>>(Pow);
  return nullptr;
}

template <typename T>
class VmathKernel : public Kernel {
 public:
  VmathKernel(UnaryFn<T> unary, BinaryFn<T> binary, int64_t n, bool inplace)
      : unary_(unary), binary_(binary), n_(n), inplace_(inplace) {}

  void Run(const void* const* inputs, void* const* outputs) override {
    const T* a = static_cast<const T*>(inputs[0]);
    const T* b = binary_ ? static_cast<const T*>(inputs[1]) : nullptr;
    T* out = static_cast<T*>(outputs[0]);
    if (inplace_) {
      std::memcpy(out, a, n_ * sizeof(T));
      a = out;
    }
    ParallelFor(n_, 16384, [&](int64_t begin, int64_t end) {
      if (binary_) {
        binary_(a + begin, b + begin, out + begin, end - begin);
      } else {
        unary_(a + begin, out + begin, end - begin);
      }
    });
  }

 private:
  UnaryFn<T> unary_;
  BinaryFn<T> binary_;
  int64_t n_;
  bool inplace_;
};

template <typename T>
std::unique_ptr<Kernel> MakeTyped(const std::string& fn, size_t arity, int64_t n,
                                  bool inplace) {
  UnaryFn<T> unary = FindUnary<T>(fn);
  BinaryFn<T> binary = FindBinary<T>(fn);
  if (!unary && !binary) throw Unsupported("vmath: unknown function " + fn);
  if (arity != (unary ? 1u : 2u)) throw Unsupported("vmath: wrong number of inputs for " + fn);
  return std::make_unique<VmathKernel<T>>(unary, binary, n, inplace);
}

std::unique_ptr<Kernel> MakeVmathKernel(const Params& params,
                                        const std::vector<TensorSpec>& inputs,
                                        const std::vector<TensorSpec>& outputs) {
  if (inputs.empty() || outputs.size() != 1) throw Unsupported("vmath: bad signature");
  DType dtype = outputs[0].dtype;
  int64_t n = outputs[0].num_elements();
  for (const TensorSpec& spec : inputs) {
    if (spec.dtype != dtype || spec.num_elements() != n) {
      throw Unsupported("vmath: inputs must match the output's dtype and size");
    }
  }
  const std::string& fn = params.get_string("fn");
  bool inplace = params.get_int("inplace", 0) != 0;
  std::unique_ptr<Kernel> kernel;
  if (dtype == DType::kF32) {
    kernel = MakeTyped<float>(fn, inputs.size(), n, inplace);
  } else if (dtype == DType::kF64) {
    kernel = MakeTyped<double>(fn, inputs.size(), n, inplace);
  } else {
    throw Unsupported("vmath: float32 and float64 only");
  }
  kernel->set_cost(n * DTypeSize(dtype) * static_cast<int64_t>(inputs.size() + 1));
  return kernel;
}

}  // namespace

JAXCPU_REGISTER_KERNEL("vmath", MakeVmathKernel);

}  // namespace jaxcpu::vmath
