// Array math for fused kernels: y[i] = f(x[i]) for i in [0, n).
// Inputs and outputs may be the same pointer. Float32 results are within
// 2 ULP of the correctly rounded value; NaN, infinities and signed zeros
// follow IEEE / XLA CPU.
#pragma once

#include <cstdint>

namespace jaxcpu::vmath {

#define JAXCPU_VMATH_UNARY(name)                                \
  void name(const float* x, float* y, int64_t n);               \
  void name(const double* x, double* y, int64_t n);

JAXCPU_VMATH_UNARY(Exp)
JAXCPU_VMATH_UNARY(Expm1)
JAXCPU_VMATH_UNARY(Log)
JAXCPU_VMATH_UNARY(Log1p)
JAXCPU_VMATH_UNARY(Tanh)
JAXCPU_VMATH_UNARY(Logistic)
JAXCPU_VMATH_UNARY(Erf)
JAXCPU_VMATH_UNARY(ErfInv)
JAXCPU_VMATH_UNARY(Sin)
JAXCPU_VMATH_UNARY(Cos)
JAXCPU_VMATH_UNARY(Tan)
JAXCPU_VMATH_UNARY(Sqrt)
JAXCPU_VMATH_UNARY(Rsqrt)
JAXCPU_VMATH_UNARY(Cbrt)
#undef JAXCPU_VMATH_UNARY

// out[i] = atan2(y[i], x[i]); out[i] = pow(x[i], y[i]).
void Atan2(const float* y, const float* x, float* out, int64_t n);
void Atan2(const double* y, const double* x, double* out, int64_t n);
void Pow(const float* x, const float* y, float* out, int64_t n);
void Pow(const double* x, const double* y, double* out, int64_t n);

// Whether the host runs the AVX-512 code of vmath_avx512.h (checked once).
bool HostHasAvx512();

}  // namespace jaxcpu::vmath
