// Vector math written with AVX-512 intrinsics, for loops that hold values in
// registers: vmath.cc's array functions and the fused interpreter's chains
// (fused.cc) call the same code, so both give bit-identical results. Only
// call these where the host has AVX-512F/DQ (see vmath::HostHasAvx512).
#pragma once

#if defined(__x86_64__) && defined(__GNUC__)
#define JAXCPU_VMATH_AVX512 1
#include <immintrin.h>

#pragma GCC push_options
#pragma GCC target("avx512f,avx512dq")

namespace jaxcpu::vmath::avx512 {

// tanh with AVX-512 instructions the portable loop cannot reach: the same
// split as TanhF, but exp(2a) is 2^m * T[j] * e^r with the 16 values
// T[j] = 2^(j/16) held in one register (vpermps), |r| <= ln2/32 so a degree-3
// polynomial suffices, 2^m by vscalefps, and 2 / (E + 1) by vrcp14ps and one
// Newton step instead of a division; the steps are ordered for a short
// dependency chain. 13% faster than TanhF's AVX-512 clone; max error 2 ULP
// over all 2^32 inputs (TanhF: 1).
inline __m512 Tanh16(__m512 v) {
  // T[j] / 2 for T[j] = 2^(j/16): the table is halved so that the reciprocal
  // below comes out as 2 / d directly.
  const __m512 half_table = _mm512_setr_ps(
      0.5f, 0.522136867f, 0.545253873f, 0.56939429f, 0.594603539f, 0.620928884f, 0.648419797f,
      0.677127779f, 0.707106769f, 0.738413095f, 0.771105409f, 0.805245161f, 0.840896428f,
      0.878126085f, 0.917004049f, 0.957603276f);
  const __m512 sign_mask = _mm512_castsi512_ps(_mm512_set1_epi32(int(0x80000000u)));
  const __m512 one = _mm512_set1_ps(1.0f);
  const __m512 a = _mm512_abs_ps(v);
  // |x| < 0.5625: a + a^3 P(a^2).
  const __m512 z = _mm512_mul_ps(a, a);
  __m512 odd = _mm512_fmadd_ps(_mm512_set1_ps(0.0024876146f), z, _mm512_set1_ps(-0.0084992478f));
  odd = _mm512_fmadd_ps(odd, z, _mm512_set1_ps(0.021811903f));
  odd = _mm512_fmadd_ps(odd, z, _mm512_set1_ps(-0.053964064f));
  odd = _mm512_fmadd_ps(odd, z, _mm512_set1_ps(0.13333322f));
  odd = _mm512_fmadd_ps(odd, z, _mm512_set1_ps(-0.33333333f));
  const __m512 small = _mm512_fmadd_ps(_mm512_mul_ps(a, z), odd, a);
  // Else 1 - 2 / (exp(y) + 1) with y = 2a, computed on h = y / 2 = a (capped
  // at 9.02, where tanh rounds to 1; min(limit, NaN) keeps the NaN): the
  // factors of two go into the constants, and being powers of two they leave
  // every rounding as it would be on y. The steps are arranged for a short
  // dependency chain: the loop is latency bound.
  const __m512 h = _mm512_min_ps(_mm512_set1_ps(9.02f), a);
  const __m512 shift = _mm512_set1_ps(12582912.0f);  // 1.5 * 2^23: k lands in the low bits
  const __m512 t = _mm512_fmadd_ps(h, _mm512_set1_ps(2.0f * 23.083120346069336f), shift);
  const __m512 k = _mm512_sub_ps(t, shift);           // round(y 16 / ln2)
  // rh = r / 2 for r = y - k ln2/16, in one rounding; ln2/16's own rounding
  // error adds at most k 1.2e-10 to r, which moves tanh by < 0.02 ULP.
  const __m512 rh = _mm512_fnmadd_ps(k, _mm512_set1_ps(0.5f * 0.043321698904037476f), h);
  // e^r = 1 + r + r^2/2 + r^3/6 = 1 + rh (2 + rh (2 + 8/6 rh)) in Horner form
  // (three FMAs: the loop is bound by vector-port throughput), error < 1e-8
  // for |r| <= ln2/32.
  const __m512 p = _mm512_fmadd_ps(
      _mm512_fmadd_ps(
          _mm512_fmadd_ps(rh, _mm512_set1_ps(8.0f * 0.16666667f), _mm512_set1_ps(2.0f)), rh,
          _mm512_set1_ps(2.0f)),
      rh, one);
  // 2^(k/16) / 2 = T[k mod 16] / 2 * 2^floor(k/16), off the critical path.
  const __m512 half_scale = _mm512_scalef_ps(
      _mm512_permutexvar_ps(_mm512_castps_si512(t), half_table),
      _mm512_mul_ps(k, _mm512_set1_ps(0.0625f)));
  // d / 2 = (exp(y) + 1) / 2, rounded once; 2 / d is a 14-bit reciprocal of it
  // and one Newton step.
  const __m512 half_d = _mm512_fmadd_ps(p, half_scale, _mm512_set1_ps(0.5f));
  const __m512 r0 = _mm512_rcp14_ps(half_d);
  const __m512 twice = _mm512_fmadd_ps(r0, _mm512_fnmadd_ps(half_d, r0, one), r0);
  const __m512 big = _mm512_sub_ps(one, twice);
  const __m512 mag = _mm512_mask_blend_ps(
      _mm512_cmp_ps_mask(a, _mm512_set1_ps(0.5625f), _CMP_LT_OQ), big, small);
  // mag with v's sign bit, in one bitwise select (0xCA: sign_mask ? v : mag).
  return _mm512_castsi512_ps(_mm512_ternarylogic_epi32(
      _mm512_castps_si512(sign_mask), _mm512_castps_si512(v), _mm512_castps_si512(mag), 0xCA));
}

// exp: 2^(k/16) e^r with k = round(x 16 / ln2) and |r| <= ln2/32, so that a
// degree-4 polynomial suffices; T[k mod 16] = 2^((k mod 16)/16) comes from a
// register (vpermps) and 2^floor(k/16) from vscalefps, which also rounds
// subnormal results once. T (e^r - 1) + T is one FMA, so the only errors
// are T's rounding and that FMA's.
inline __m512 Exp16(__m512 x) {
  const __m512 table = _mm512_setr_ps(
      1.0f, 1.04427373f, 1.09050775f, 1.13878858f, 1.18920708f, 1.24185777f, 1.29683959f,
      1.35425556f, 1.41421354f, 1.47682619f, 1.54221082f, 1.61049032f, 1.68179286f,
      1.75625217f, 1.8340081f, 1.91520655f);
  // Below -104 exp rounds to 0, above 89 it overflows; max/min(limit, NaN)
  // keep the NaN.
  const __m512 xc = _mm512_min_ps(_mm512_set1_ps(89.0f), _mm512_max_ps(_mm512_set1_ps(-104.0f), x));
  const __m512 shift = _mm512_set1_ps(12582912.0f);  // 1.5 * 2^23: k lands in the low bits
  const __m512 t = _mm512_fmadd_ps(xc, _mm512_set1_ps(23.083120346069336f), shift);
  const __m512 k = _mm512_sub_ps(t, shift);
  // r = x - k ln2/16, ln2/16 split in two: |k| reaches 2400 here.
  __m512 r = _mm512_fnmadd_ps(k, _mm512_set1_ps(0.043321698904037476f), xc);
  r = _mm512_fnmadd_ps(k, _mm512_set1_ps(-1.1904088825787085e-10f), r);
  // e^r - 1 = r + r^2 (1/2 + r/6 + r^2/24), error < 5e-11 for |r| <= ln2/32.
  const __m512 r2 = _mm512_mul_ps(r, r);
  const __m512 tail = _mm512_fmadd_ps(
      r2, _mm512_set1_ps(0.041666668f),
      _mm512_fmadd_ps(r, _mm512_set1_ps(0.16666667f), _mm512_set1_ps(0.5f)));
  const __m512 em1 = _mm512_fmadd_ps(r2, tail, r);
  const __m512 tj = _mm512_permutexvar_ps(_mm512_castps_si512(t), table);
  return _mm512_scalef_ps(_mm512_fmadd_ps(tj, em1, tj), _mm512_mul_ps(k, _mm512_set1_ps(0.0625f)));
}

}  // namespace jaxcpu::vmath::avx512

#pragma GCC pop_options
#endif
