// The per-element semantics of the fused interpreter's instructions and
// reductions, as tight loops over one tile. Included twice by fused.cc, inside
// namespace `avx2` (compiled for AVX2+FMA) and `generic` (baseline x86-64), so
// it has no include guard and no includes of its own (fused.cc includes them).
//
// Semantics follow the reference kernels (ops/elementwise.py, conversions.py):
// integers wrap, x/0 = -1 (all ones), x%0 = x, INT_MIN/-1 = INT_MIN, shifts
// past the width give 0 (arithmetic: the sign), float max/min propagate NaN and
// order -0 < +0, float -> int converts truncate and saturate with NaN -> 0.
// Loops never contract a*b+c (each instruction rounds once).

// ---- bit helpers ----------------------------------------------------------------

template <int kBytes> struct UIntOf;
template <> struct UIntOf<1> { using type = uint8_t; };
template <> struct UIntOf<2> { using type = uint16_t; };
template <> struct UIntOf<4> { using type = uint32_t; };
template <> struct UIntOf<8> { using type = uint64_t; };
template <typename T> using UInt = typename UIntOf<sizeof(T)>::type;
template <typename T> using SInt = std::make_signed_t<UInt<T>>;

template <typename T> inline UInt<T> ToBits(T x) { return __builtin_bit_cast(UInt<T>, x); }
template <typename T> inline T FromBits(UInt<T> x) { return __builtin_bit_cast(T, x); }
template <typename T> constexpr UInt<T> kSignBit = UInt<T>(1) << (sizeof(T) * 8 - 1);

// Integer arithmetic modulo 2**bits, without C++'s signed overflow.
template <typename T> inline T WrapAdd(T a, T b) { return T(uint64_t(a) + uint64_t(b)); }
template <typename T> inline T WrapSub(T a, T b) { return T(uint64_t(a) - uint64_t(b)); }
template <typename T> inline T WrapMul(T a, T b) { return T(uint64_t(a) * uint64_t(b)); }

// IEEE maximum / minimum: NaN wins, and -0 < +0 (the equal case combines the
// bit patterns: AND keeps +0, OR keeps -0).
template <typename T> inline T FloatMax(T a, T b) {
  T r = a > b ? a : b;
  r = a == b ? FromBits<T>(ToBits(a) & ToBits(b)) : r;
  return a != a ? a : r;
}
template <typename T> inline T FloatMin(T a, T b) {
  T r = a < b ? a : b;
  r = a == b ? FromBits<T>(ToBits(a) | ToBits(b)) : r;
  return a != a ? a : r;
}

template <typename T> inline T Max(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) return FloatMax(a, b); else return a > b ? a : b;
}
template <typename T> inline T Min(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) return FloatMin(a, b); else return a < b ? a : b;
}

// ---- loop shapes ------------------------------------------------------------------

#define FUSED_SRC(T, x) static_cast<const T*>(slots[in.x])
#define FUSED_DST(T) static_cast<T*>(slots[in.dst])

template <typename T, typename R, typename F>
void UnaryLoop(const Instr& in, void* const* slots, int64_t n) {
  const T* a = FUSED_SRC(T, a);
  R* d = FUSED_DST(R);
  for (int64_t i = 0; i < n; ++i) d[i] = F::Apply(a[i]);
}

template <typename T, typename R, typename F>
void BinaryLoop(const Instr& in, void* const* slots, int64_t n) {
  const T* a = FUSED_SRC(T, a);
  const T* b = FUSED_SRC(T, b);
  R* d = FUSED_DST(R);
  for (int64_t i = 0; i < n; ++i) d[i] = F::Apply(a[i], b[i]);
}

// ---- unary ops --------------------------------------------------------------------

struct NegF { template <typename T> static T Apply(T x) {
  if constexpr (std::is_floating_point_v<T>) return FromBits<T>(ToBits(x) ^ kSignBit<T>);
  else return WrapSub(T(0), x);
} };
struct AbsF { template <typename T> static T Apply(T x) {
  if constexpr (std::is_floating_point_v<T>) return FromBits<T>(ToBits(x) & ~kSignBit<T>);
  else return x < 0 ? WrapSub(T(0), x) : x;
} };
struct SignF { template <typename T> static T Apply(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    // NaN stays; ±0 (and, with DAZ, subnormals, which compare equal to 0) give
    // a zero of their sign, as XLA computes it.
    if (x != x) return x;
    return x == 0 ? std::copysign(T(0), x) : (x < 0 ? T(-1) : T(1));
  } else {
    return T((x > 0) - (x < 0));
  }
} };
struct FloorF { template <typename T> static T Apply(T x) { return std::floor(x); } };
struct CeilF { template <typename T> static T Apply(T x) { return std::ceil(x); } };
struct RoundEvenF { template <typename T> static T Apply(T x) { return std::nearbyint(x); } };
struct RoundAfzF { template <typename T> static T Apply(T x) {
  T whole = std::trunc(x);
  // x - trunc(x) is exact, so halves are recognised exactly.
  return std::fabs(x - whole) >= T(0.5) ? whole + std::copysign(T(1), x) : whole;
} };
struct NotF { template <typename T> static T Apply(T x) { return T(~x); } };
struct NotPredF { static uint8_t Apply(uint8_t x) { return x ^ 1; } };
struct PopcntF { template <typename T> static T Apply(T x) {
  return T(__builtin_popcountll(uint64_t(UInt<T>(x))));
} };
struct ClzF { template <typename T> static T Apply(T x) {
  uint64_t bits = UInt<T>(x);
  return T(bits == 0 ? int(sizeof(T) * 8) : __builtin_clzll(bits) - int(64 - sizeof(T) * 8));
} };
struct IsFiniteF { template <typename T> static uint8_t Apply(T x) {
  return std::fabs(x) <= std::numeric_limits<T>::max();
} };
struct IsInfF { template <typename T> static uint8_t Apply(T x) {
  return std::fabs(x) == std::numeric_limits<T>::infinity();
} };
struct SquareF { template <typename T> static T Apply(T x) {
  if constexpr (std::is_floating_point_v<T>) return x * x; else return WrapMul(x, x);
} };

template <typename S, typename D> struct ConvertF { static D Apply(S x) {
  if constexpr (std::is_floating_point_v<S> && std::is_integral_v<D>) {
    // Truncate toward zero and saturate; NaN -> 0 (as XLA and the reference).
    double t = std::trunc(double(x));
    constexpr double kLow = double(std::numeric_limits<D>::min());
    // max + 1 is a power of two, so exact in double (max itself may not be).
    constexpr double kHighPlusOne = double(std::numeric_limits<D>::max() / 2 + 1) * 2.0;
    if (t != t) return D(0);
    if (t < kLow) return std::numeric_limits<D>::min();
    if (t >= kHighPlusOne) return std::numeric_limits<D>::max();
    return D(t);
  } else {
    return static_cast<D>(x);  // int -> int wraps; -> float rounds once
  }
} };
template <typename S> struct ToPredF { static uint8_t Apply(S x) { return x != 0; } };

// ---- 16-bit floats: storage only ---------------------------------------------------
// bfloat16 and float16 values are loaded into f32 and computed there; the code
// fusion.py emits rounds after each op that can leave the narrow type's values
// (kRoundBf16/kRoundF16), so every value is the narrow op's result exactly
// (conversions: narrow_float.h).
template <typename S> struct ToBf16F {
  static uint16_t Apply(S x) { return narrow::Bf16::Narrow(narrow::NarrowSource(x)); }
};
template <typename S> struct ToF16F {
  static uint16_t Apply(S x) { return narrow::F16::Narrow(narrow::NarrowSource(x)); }
};
struct WidenBf16F { static float Apply(uint16_t h) { return narrow::Bf16::Widen(h); } };
struct WidenF16F { static float Apply(uint16_t h) { return narrow::F16::Widen(h); } };
struct RoundBf16F { static float Apply(float x) { return narrow::Bf16::Round(x); } };
struct RoundF16F { static float Apply(float x) { return narrow::F16::Round(x); } };

// ---- binary ops -------------------------------------------------------------------

struct AddF { static constexpr bool kIntegerOnly = false; template <typename T> static T Apply(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) return a + b; else return WrapAdd(a, b);
} };
struct SubF { template <typename T> static T Apply(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) return a - b; else return WrapSub(a, b);
} };
struct MulF { static constexpr bool kIntegerOnly = false; template <typename T> static T Apply(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) return a * b; else return WrapMul(a, b);
} };
struct DivF { template <typename T> static T Apply(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return a / b;
  } else if constexpr (std::is_signed_v<T>) {
    if (b == 0) return T(-1);
    if (b == -1) return WrapSub(T(0), a);  // INT_MIN / -1 wraps to INT_MIN
    return T(a / b);
  } else {
    return b == 0 ? std::numeric_limits<T>::max() : T(a / b);
  }
} };
struct RemF { template <typename T> static T Apply(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::fmod(a, b);
  } else if constexpr (std::is_signed_v<T>) {
    if (b == 0) return a;
    if (b == -1) return T(0);
    return T(a % b);
  } else {
    return b == 0 ? a : T(a % b);
  }
} };
struct MaxF { static constexpr bool kIntegerOnly = false; template <typename T> static T Apply(T a, T b) { return Max(a, b); } };
struct MinF { static constexpr bool kIntegerOnly = false; template <typename T> static T Apply(T a, T b) { return Min(a, b); } };
struct AndF { static constexpr bool kIntegerOnly = true; template <typename T> static T Apply(T a, T b) { return T(a & b); } };
struct OrF { static constexpr bool kIntegerOnly = true; template <typename T> static T Apply(T a, T b) { return T(a | b); } };
struct XorF { static constexpr bool kIntegerOnly = true; template <typename T> static T Apply(T a, T b) { return T(a ^ b); } };
struct IntPowF { template <typename T> static T Apply(T a, T b) {
  // Square-and-multiply modulo 2**64; negative exponents give 0 except for
  // bases ±1 (integer 1/a^n), as the reference does.
  uint64_t base = uint64_t(int64_t(a));
  uint64_t exponent;
  if constexpr (std::is_signed_v<T>) {
    exponent = b < 0 ? uint64_t(0) - uint64_t(int64_t(b)) : uint64_t(b);
  } else {
    base = uint64_t(a);
    exponent = uint64_t(b);
  }
  uint64_t result = 1;
  while (exponent) {
    if (exponent & 1) result *= base;
    base *= base;
    exponent >>= 1;
  }
  if constexpr (std::is_signed_v<T>) {
    if (b < 0 && a != 1 && a != -1) return T(0);
  }
  return T(result);
} };

template <typename T> inline bool ShiftInRange(T b) {
  if constexpr (std::is_signed_v<T>) return b >= 0 && b < T(sizeof(T) * 8);
  else return b < sizeof(T) * 8;
}
struct ShlF { template <typename T> static T Apply(T a, T b) {
  return ShiftInRange(b) ? T(UInt<T>(UInt<T>(a) << int(b))) : T(0);
} };
struct ShrLogicalF { template <typename T> static T Apply(T a, T b) {
  return ShiftInRange(b) ? T(UInt<T>(a) >> int(b)) : T(0);
} };
struct ShrArithF { template <typename T> static T Apply(T a, T b) {
  int count = ShiftInRange(b) ? int(b) : int(sizeof(T) * 8 - 1);
  return T(SInt<T>(a) >> count);
} };

// IEEE totalOrder as a signed integer order of the bit patterns.
template <typename T> inline SInt<T> TotalOrderKey(T x) {
  SInt<T> s = SInt<T>(ToBits(x));
  return s ^ SInt<T>(UInt<T>(s >> (sizeof(T) * 8 - 1)) >> 1);
}

template <int kDirection> struct CompareF {
  template <typename T> static uint8_t Apply(T a, T b) {
    if constexpr (kDirection == kEq) return a == b;
    if constexpr (kDirection == kNe) return a != b;
    if constexpr (kDirection == kGe) return a >= b;
    if constexpr (kDirection == kGt) return a > b;
    if constexpr (kDirection == kLe) return a <= b;
    return a < b;
  }
};
template <int kDirection> struct TotalCompareF {
  template <typename T> static uint8_t Apply(T a, T b) {
    return CompareF<kDirection>::Apply(TotalOrderKey(a), TotalOrderKey(b));
  }
};

// ---- vector math and ternary ops ----------------------------------------------------

template <typename T, void (*kFn)(const T*, T*, int64_t)>
void VMathLoop(const Instr& in, void* const* slots, int64_t n) {
  kFn(FUSED_SRC(T, a), FUSED_DST(T), n);
}
template <typename T, void (*kFn)(const T*, const T*, T*, int64_t)>
void VMathBinaryLoop(const Instr& in, void* const* slots, int64_t n) {
  kFn(FUSED_SRC(T, a), FUSED_SRC(T, b), FUSED_DST(T), n);
}

template <typename T>
void SelectLoop(const Instr& in, void* const* slots, int64_t n) {
  const uint8_t* p = FUSED_SRC(uint8_t, a);
  const T* a = FUSED_SRC(T, b);
  const T* b = FUSED_SRC(T, c);
  T* d = FUSED_DST(T);
  for (int64_t i = 0; i < n; ++i) d[i] = p[i] ? a[i] : b[i];
}

template <typename T, typename MaxOp, typename MinOp>
void ClampLoop(const Instr& in, void* const* slots, int64_t n) {
  const T* lo = FUSED_SRC(T, a);
  const T* x = FUSED_SRC(T, b);
  const T* hi = FUSED_SRC(T, c);
  T* d = FUSED_DST(T);
  for (int64_t i = 0; i < n; ++i) d[i] = MinOp::Apply(MaxOp::Apply(x[i], lo[i]), hi[i]);
}

template <typename T>
void CopyLoop(const Instr& in, void* const* slots, int64_t n) {
  std::memcpy(slots[in.dst], slots[in.a], size_t(n) * sizeof(T));
}

#undef FUSED_SRC
#undef FUSED_DST

// ---- reductions -------------------------------------------------------------------

// Row reduction: 32 independent lanes (vectorisable, and for float sums far
// more accurate than one running total); Finish folds them as a tree.
constexpr int kLanes = 32;

template <typename T, typename F>
void AccumulateLanes(void* lanes_data, const void* data, int64_t n) {
  // The lanes live in a local copy (registers) while the loop runs: through
  // the pointer, every step would store them and reload them.
  T lanes[kLanes];
  std::memcpy(lanes, lanes_data, sizeof lanes);
  const T* v = static_cast<const T*>(data);
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int j = 0; j < kLanes; ++j) lanes[j] = F::Apply(lanes[j], v[i + j]);
  }
  for (int j = 0; i < n; ++i, ++j) lanes[j] = F::Apply(lanes[j], v[i]);
  std::memcpy(lanes_data, lanes, sizeof lanes);
}

// Binary loops with one operand uniform over the tile, read once from its
// buffer: a row-constant broadcast then needs no fill (layernorm, softmax).
template <typename T, typename F>
void BinaryUniformALoop(const Instr& in, void* const* slots, int64_t n) {
  const T a = *static_cast<const T*>(slots[in.a]);
  const T* b = static_cast<const T*>(slots[in.b]);
  T* d = static_cast<T*>(slots[in.dst]);
  for (int64_t i = 0; i < n; ++i) d[i] = F::Apply(a, b[i]);
}

template <typename T, typename F>
void BinaryUniformBLoop(const Instr& in, void* const* slots, int64_t n) {
  const T* a = static_cast<const T*>(slots[in.a]);
  const T b = *static_cast<const T*>(slots[in.b]);
  T* d = static_cast<T*>(slots[in.dst]);
  for (int64_t i = 0; i < n; ++i) d[i] = F::Apply(a[i], b);
}

// The uniform-operand loop of a float add/sub/mul/div/max/min (`b_uniform`:
// operand b is the uniform one, else a); nullptr for other instructions.
inline LoopFn PickUniformLoop(int op, DType t, bool b_uniform) {
  auto pick = [&](auto f) -> LoopFn {
    using F = decltype(f);
    if (t == DType::kF32) {
      return b_uniform ? &BinaryUniformBLoop<float, F> : &BinaryUniformALoop<float, F>;
    }
    if (t == DType::kF64) {
      return b_uniform ? &BinaryUniformBLoop<double, F> : &BinaryUniformALoop<double, F>;
    }
    return nullptr;
  };
  switch (op) {
    case kAdd: return pick(AddF());
    case kSub: return pick(SubF());
    case kMul: return pick(MulF());
    case kDiv: return pick(DivF());
    case kMax: return pick(MaxF());
    case kMin: return pick(MinF());
    default: return nullptr;
  }
}

// Two float instructions in one pass, the first one's result t kept in a
// register: d = G(F(a, b), c) (kTLeft) or G(c, F(a, b)). Each operation still
// rounds once (fused.cc is compiled with -ffp-contract=off).
template <typename T, typename F, typename G, bool kTLeft>
void PairLoop(const Instr& in, void* const* slots, int64_t n) {
  const T* a = static_cast<const T*>(slots[in.a]);
  const T* b = static_cast<const T*>(slots[in.b]);
  const T* c = static_cast<const T*>(slots[in.pair_c]);
  T* d = static_cast<T*>(slots[in.pair_dst]);
  for (int64_t i = 0; i < n; ++i) {
    const T t = F::Apply(a[i], b[i]);
    d[i] = kTLeft ? G::Apply(t, c[i]) : G::Apply(c[i], t);
  }
}

// The pair loop for float add/sub/mul followed by add/sub/mul; nullptr else.
inline LoopFn PickPairLoop(int first, int second, DType t, bool t_left) {
  auto with_second = [&](auto f) -> LoopFn {
    using F = decltype(f);
    auto finish = [&](auto g) -> LoopFn {
      using G = decltype(g);
      if (t == DType::kF32) {
        return t_left ? &PairLoop<float, F, G, true> : &PairLoop<float, F, G, false>;
      }
      if (t == DType::kF64) {
        return t_left ? &PairLoop<double, F, G, true> : &PairLoop<double, F, G, false>;
      }
      return nullptr;
    };
    switch (second) {
      case kAdd: return finish(AddF());
      case kSub: return finish(SubF());
      case kMul: return finish(MulF());
      default: return nullptr;
    }
  };
  switch (first) {
    case kAdd: return with_second(AddF());
    case kSub: return with_second(SubF());
    case kMul: return with_second(MulF());
    default: return nullptr;
  }
}

// ---- chains --------------------------------------------------------------------
// A chain (fused.cc's PlanChains) runs float32 instructions that each take the
// previous one's result as one operand, 64 elements at a time: the running
// value stays in vector registers, and only the operands are read from
// memory. Each operation rounds once, as in the per-instruction loops, so
// chains give the same bits.

typedef float ChainVec __attribute__((vector_size(64)));

inline bool ChainSupports(int op) {
  switch (op) {
    case kAdd: case kSub: case kMul: case kDiv: case kNeg: return true;
#ifdef FUSED_AVX512
    case kTanh: case kExp: return true;
#endif
    default: return false;
  }
}

inline float ChainScalar(int code, float acc, float o) {
  switch (code) {
    case kChainAdd: return acc + o;
    case kChainMul: return acc * o;
    case kChainSubFrom: return acc - o;
    case kChainSubInto: return o - acc;
    case kChainDivBy: return acc / o;
    case kChainDivInto: return o / acc;
    case kChainNeg: return -acc;
    // The vector path's code, one element at a time.
    case kChainTanh: vmath::Tanh(&acc, &acc, 1); return acc;
    default: vmath::Exp(&acc, &acc, 1); return acc;
  }
}

// v = fn(v) for vmath's AVX-512 functions (fn: Tanh16, Exp16).
#ifdef FUSED_AVX512
#define FUSED_CHAIN_VMATH(fn, v) \
  v = reinterpret_cast<ChainVec>(vmath::avx512::fn(reinterpret_cast<__m512>(v)))
#else
#define FUSED_CHAIN_VMATH(fn, v) (void)0  // never planned without AVX-512
#endif

// A chain block: 64 elements of a 4-byte type as four 64-byte vectors.
template <typename V, typename T>
inline void LoadChainBlock(const T* p, V& v0, V& v1, V& v2, V& v3) {
  __builtin_memcpy(&v0, p, 64);
  __builtin_memcpy(&v1, p + 16, 64);
  __builtin_memcpy(&v2, p + 32, 64);
  __builtin_memcpy(&v3, p + 48, 64);
}
template <typename V, typename T>
inline void StoreChainBlock(T* p, const V& v0, const V& v1, const V& v2, const V& v3) {
  __builtin_memcpy(p, &v0, 64);
  __builtin_memcpy(p + 16, &v1, 64);
  __builtin_memcpy(p + 32, &v2, 64);
  __builtin_memcpy(p + 48, &v3, 64);
}

// The chain loops' threaded dispatch: each step jumps to the next from its own
// branch, which the predictor learns per site (one shared switch mispredicts
// often). Both loops name their locals step, end, kTargets and block_done.
#define FUSED_CHAIN_NEXT()                   \
  do {                                       \
    if (++step == end) goto block_done;      \
    goto* kTargets[step->code];              \
  } while (0)
// Declares V x0..x3 and loads the block at element i of slot `slot` (type T).
#define FUSED_CHAIN_LOAD(V, T, slot, x) \
  V x##0, x##1, x##2, x##3;             \
  LoadChainBlock(static_cast<const T*>(slots[slot]) + i, x##0, x##1, x##2, x##3)

// The running value is four named vectors (64 elements), so that GCC keeps
// them in registers across the steps' switch.
inline void ChainLoop(const Chain& chain, void* const* slots, int64_t n) {
  const float* a = static_cast<const float*>(slots[chain.a]);
  float* d = static_cast<float*>(slots[chain.dst]);
  const ChainStep* steps = chain.steps.data();
  const int count = static_cast<int>(chain.steps.size());
  int64_t i = 0;
  for (; i + 64 <= n; i += 64) {
    ChainVec v0, v1, v2, v3;
    LoadChainBlock(a + i, v0, v1, v2, v3);
    const ChainStep* step = steps;
    const ChainStep* const end = steps + count;
#define FUSED_CHAIN_OPERAND() FUSED_CHAIN_LOAD(ChainVec, float, step->operand, o)
    static const void* const kTargets[] = {&&add, &&mul, &&sub_from, &&sub_into,
                                           &&div_by, &&div_into, &&neg, &&tanh, &&exp};
    if (step == end) goto block_done;
    goto* kTargets[step->code];
  add: { FUSED_CHAIN_OPERAND(); v0 += o0; v1 += o1; v2 += o2; v3 += o3; FUSED_CHAIN_NEXT(); }
  mul: { FUSED_CHAIN_OPERAND(); v0 *= o0; v1 *= o1; v2 *= o2; v3 *= o3; FUSED_CHAIN_NEXT(); }
  sub_from: { FUSED_CHAIN_OPERAND(); v0 -= o0; v1 -= o1; v2 -= o2; v3 -= o3; FUSED_CHAIN_NEXT(); }
  sub_into: {
    FUSED_CHAIN_OPERAND();
    v0 = o0 - v0; v1 = o1 - v1; v2 = o2 - v2; v3 = o3 - v3;
    FUSED_CHAIN_NEXT();
  }
  div_by: { FUSED_CHAIN_OPERAND(); v0 /= o0; v1 /= o1; v2 /= o2; v3 /= o3; FUSED_CHAIN_NEXT(); }
  div_into: {
    FUSED_CHAIN_OPERAND();
    v0 = o0 / v0; v1 = o1 / v1; v2 = o2 / v2; v3 = o3 / v3;
    FUSED_CHAIN_NEXT();
  }
  neg: { v0 = -v0; v1 = -v1; v2 = -v2; v3 = -v3; FUSED_CHAIN_NEXT(); }
  tanh: {
    FUSED_CHAIN_VMATH(Tanh16, v0); FUSED_CHAIN_VMATH(Tanh16, v1);
    FUSED_CHAIN_VMATH(Tanh16, v2); FUSED_CHAIN_VMATH(Tanh16, v3);
    FUSED_CHAIN_NEXT();
  }
  exp: {
    FUSED_CHAIN_VMATH(Exp16, v0); FUSED_CHAIN_VMATH(Exp16, v1);
    FUSED_CHAIN_VMATH(Exp16, v2); FUSED_CHAIN_VMATH(Exp16, v3);
    FUSED_CHAIN_NEXT();
  }
#undef FUSED_CHAIN_OPERAND
  block_done:
    // Stores come last: d may share a buffer with an operand read above.
    StoreChainBlock(d + i, v0, v1, v2, v3);
  }
  for (; i < n; ++i) {
    float acc = a[i];
    for (int k = 0; k < count; ++k) {
      const ChainStep& step = steps[k];
      const float o = step.operand >= 0 ? static_cast<const float*>(slots[step.operand])[i] : 0.0f;
      acc = ChainScalar(step.code, acc, o);
    }
    d[i] = acc;
  }
}
#undef FUSED_CHAIN_VMATH

// ---- 32-bit integer chains ----------------------------------------------------------
// The same scheme for i32/u32 instructions (threefry's rounds: add, shifts,
// or, xor): every op here gives the same bits for signed and unsigned 32-bit
// values (wrapping add/sub/mul; an arithmetic shift reads its operand as
// signed by definition), so one loop serves both. Variable shifts are the
// instructions whose semantics are XLA's: counts of 32 or more (or negative,
// read as unsigned) give 0, or the sign for arithmetic shifts.

typedef uint32_t IntChainVec __attribute__((vector_size(64)));

inline bool IntChainSupports(int op) {
#if defined(FUSED_AVX512) || defined(FUSED_AVX2)
  switch (op) {
    case kAdd: case kSub: case kMul: case kAnd: case kOr: case kXor: case kShl:
    case kShrLogical: case kShrArith: case kNot: case kNeg: return true;
    default: return false;
  }
#else
  return false;  // no variable vector shifts below AVX2
#endif
}

#if defined(FUSED_AVX512)
inline IntChainVec ShlVec(IntChainVec v, IntChainVec o) {
  return reinterpret_cast<IntChainVec>(
      _mm512_sllv_epi32(reinterpret_cast<__m512i>(v), reinterpret_cast<__m512i>(o)));
}
inline IntChainVec ShrLogicalVec(IntChainVec v, IntChainVec o) {
  return reinterpret_cast<IntChainVec>(
      _mm512_srlv_epi32(reinterpret_cast<__m512i>(v), reinterpret_cast<__m512i>(o)));
}
inline IntChainVec ShrArithVec(IntChainVec v, IntChainVec o) {
  return reinterpret_cast<IntChainVec>(
      _mm512_srav_epi32(reinterpret_cast<__m512i>(v), reinterpret_cast<__m512i>(o)));
}
#elif defined(FUSED_AVX2)
// Two 256-bit halves per 64-byte vector.
#define FUSED_INT_SHIFT_AVX2(name, intrinsic)                   \
  inline IntChainVec name(IntChainVec v, IntChainVec o) {       \
    __m256i vh[2], oh[2];                                       \
    __builtin_memcpy(vh, &v, 64);                               \
    __builtin_memcpy(oh, &o, 64);                               \
    vh[0] = intrinsic(vh[0], oh[0]);                            \
    vh[1] = intrinsic(vh[1], oh[1]);                            \
    __builtin_memcpy(&v, vh, 64);                               \
    return v;                                                   \
  }
FUSED_INT_SHIFT_AVX2(ShlVec, _mm256_sllv_epi32)
FUSED_INT_SHIFT_AVX2(ShrLogicalVec, _mm256_srlv_epi32)
FUSED_INT_SHIFT_AVX2(ShrArithVec, _mm256_srav_epi32)
#undef FUSED_INT_SHIFT_AVX2
#endif

// One element of a chain's steps (the vector loop's tail).
inline void IntChainScalarSteps(const Chain& chain, void* const* slots, int64_t i,
                                uint32_t* v_out, uint32_t* w_out) {
  auto slot = [&](int s) { return static_cast<const uint32_t*>(slots[s])[i]; };
  // The ...W codes, in order, as the slot-operand codes of the same operations.
  static constexpr int kSlotForm[] = {kChainAdd, kChainMul, kChainSubFrom, kChainSubInto,
                                      kChainAnd, kChainOr, kChainXor, kChainShl,
                                      kChainShrLogical, kChainShrArith};
  static_assert(sizeof(kSlotForm) / sizeof(kSlotForm[0]) == kChainShrArithW - kChainAddW + 1);
  uint32_t v = slot(chain.a), w = 0;
  for (const ChainStep& step : chain.steps) {
    int code = step.code;
    uint32_t o = step.operand >= 0 ? slot(step.operand) : 0u;
    if (code >= kChainAddW && code <= kChainShrArithW) {
      o = w;
      code = kSlotForm[code - kChainAddW];
    }
    switch (code) {
      case kChainAdd: v = v + o; break;
      case kChainMul: v = v * o; break;
      case kChainSubFrom: v = v - o; break;
      case kChainSubInto: v = o - v; break;
      case kChainAnd: v = v & o; break;
      case kChainOr: v = v | o; break;
      case kChainXor: v = v ^ o; break;
      case kChainShl: v = ShlF::Apply(v, o); break;
      case kChainShrLogical: v = ShrLogicalF::Apply(v, o); break;
      case kChainShrArith: v = ShrArithF::Apply(v, o); break;
      case kChainNot: v = ~v; break;
      case kChainNeg: v = 0u - v; break;
      case kChainFunnel: v = ShlF::Apply(v, o) | ShrLogicalF::Apply(v, slot(step.operand2)); break;
      case kChainSwap: std::swap(v, w); break;
      case kChainKeep: w = v; break;
      default: v = o; break;  // kChainLoad
    }
  }
  *v_out = v;
  *w_out = w;
}

#if defined(FUSED_AVX512) || defined(FUSED_AVX2)
inline void IntChainLoop(const Chain& chain, void* const* slots, int64_t n) {
  const uint32_t* a = static_cast<const uint32_t*>(slots[chain.a]);
  uint32_t* d = static_cast<uint32_t*>(slots[chain.dst]);
  uint32_t* d2 = chain.dst2 >= 0 ? static_cast<uint32_t*>(slots[chain.dst2]) : nullptr;
  const ChainStep* steps = chain.steps.data();
  const int count = static_cast<int>(chain.steps.size());
  IntChainVec w0 = {}, w1 = {}, w2 = {}, w3 = {};
  int64_t i = 0;
  for (; i + 64 <= n; i += 64) {
    IntChainVec v0, v1, v2, v3;
    LoadChainBlock(a + i, v0, v1, v2, v3);
    const ChainStep* step = steps;
    const ChainStep* const end = steps + count;
#define FUSED_INT_LOAD(slot, x) FUSED_CHAIN_LOAD(IntChainVec, uint32_t, slot, x)
// v = expr(v, o) per vector, o the slot operand (o) or w.
#define FUSED_CHAIN_APPLY(expr, src)                                  \
  { IntChainVec& v = v0; const IntChainVec& o = src##0; v = expr; }   \
  { IntChainVec& v = v1; const IntChainVec& o = src##1; v = expr; }   \
  { IntChainVec& v = v2; const IntChainVec& o = src##2; v = expr; }   \
  { IntChainVec& v = v3; const IntChainVec& o = src##3; v = expr; }
#define FUSED_CHAIN_BINARY(expr)                 \
  {                                              \
    FUSED_INT_LOAD(step->operand, o);          \
    FUSED_CHAIN_APPLY(expr, o);                  \
    FUSED_CHAIN_NEXT();                          \
  }
#define FUSED_CHAIN_BINARY_W(expr) \
  {                                \
    FUSED_CHAIN_APPLY(expr, w);    \
    FUSED_CHAIN_NEXT();            \
  }
    // Indexed by ChainCode; the float-only codes are never planned here.
    static const void* const kTargets[] = {
        &&add, &&mul, &&sub_from, &&sub_into, &&block_done, &&block_done, &&neg,
        &&block_done, &&block_done, &&and_, &&or_, &&xor_, &&shl, &&shr_logical,
        &&shr_arith, &&not_, &&funnel, &&add_w, &&mul_w, &&sub_from_w, &&sub_into_w,
        &&and_w, &&or_w, &&xor_w, &&shl_w, &&shr_logical_w, &&shr_arith_w, &&swap,
        &&keep, &&load};
    static_assert(sizeof(kTargets) / sizeof(kTargets[0]) == kNumChainCodes);
    if (step == end) goto block_done;
    goto* kTargets[step->code];
  add: FUSED_CHAIN_BINARY(v + o)
  mul: FUSED_CHAIN_BINARY(v * o)
  sub_from: FUSED_CHAIN_BINARY(v - o)
  sub_into: FUSED_CHAIN_BINARY(o - v)
  and_: FUSED_CHAIN_BINARY(v & o)
  or_: FUSED_CHAIN_BINARY(v | o)
  xor_: FUSED_CHAIN_BINARY(v ^ o)
  shl: FUSED_CHAIN_BINARY(ShlVec(v, o))
  shr_logical: FUSED_CHAIN_BINARY(ShrLogicalVec(v, o))
  shr_arith: FUSED_CHAIN_BINARY(ShrArithVec(v, o))
  add_w: FUSED_CHAIN_BINARY_W(v + o)
  mul_w: FUSED_CHAIN_BINARY_W(v * o)
  sub_from_w: FUSED_CHAIN_BINARY_W(v - o)
  sub_into_w: FUSED_CHAIN_BINARY_W(o - v)
  and_w: FUSED_CHAIN_BINARY_W(v & o)
  or_w: FUSED_CHAIN_BINARY_W(v | o)
  xor_w: FUSED_CHAIN_BINARY_W(v ^ o)
  shl_w: FUSED_CHAIN_BINARY_W(ShlVec(v, o))
  shr_logical_w: FUSED_CHAIN_BINARY_W(ShrLogicalVec(v, o))
  shr_arith_w: FUSED_CHAIN_BINARY_W(ShrArithVec(v, o))
  funnel: {
    FUSED_INT_LOAD(step->operand, o);
    FUSED_INT_LOAD(step->operand2, q);
    v0 = ShlVec(v0, o0) | ShrLogicalVec(v0, q0);
    v1 = ShlVec(v1, o1) | ShrLogicalVec(v1, q1);
    v2 = ShlVec(v2, o2) | ShrLogicalVec(v2, q2);
    v3 = ShlVec(v3, o3) | ShrLogicalVec(v3, q3);
    FUSED_CHAIN_NEXT();
  }
  neg: { v0 = -v0; v1 = -v1; v2 = -v2; v3 = -v3; FUSED_CHAIN_NEXT(); }
  not_: { v0 = ~v0; v1 = ~v1; v2 = ~v2; v3 = ~v3; FUSED_CHAIN_NEXT(); }
  swap: {
    std::swap(v0, w0); std::swap(v1, w1); std::swap(v2, w2); std::swap(v3, w3);
    FUSED_CHAIN_NEXT();
  }
  keep: { w0 = v0; w1 = v1; w2 = v2; w3 = v3; FUSED_CHAIN_NEXT(); }
  load: {
    FUSED_INT_LOAD(step->operand, o);
    v0 = o0; v1 = o1; v2 = o2; v3 = o3;
    FUSED_CHAIN_NEXT();
  }
#undef FUSED_CHAIN_BINARY_W
#undef FUSED_CHAIN_BINARY
#undef FUSED_CHAIN_APPLY
#undef FUSED_INT_LOAD
  block_done:
    // Stores come last: d may share a buffer with an operand read above.
    StoreChainBlock(d + i, v0, v1, v2, v3);
    if (d2 != nullptr) StoreChainBlock(d2 + i, w0, w1, w2, w3);
  }
  for (; i < n; ++i) {
    uint32_t v, w;
    IntChainScalarSteps(chain, slots, i, &v, &w);
    d[i] = v;
    if (d2 != nullptr) d2[i] = w;
  }
}
#else
inline void IntChainLoop(const Chain&, void* const*, int64_t) {}  // never planned
#endif
#undef FUSED_CHAIN_LOAD
#undef FUSED_CHAIN_NEXT

// dst[0, n) = value (the value's bytes; 1, 2, 4 or 8 of them).
template <typename U>
void FillWith(void* dst, const void* value, int64_t n) {
  U v;
  std::memcpy(&v, value, sizeof v);
  U* d = static_cast<U*>(dst);
  for (int64_t i = 0; i < n; ++i) d[i] = v;
}

inline void Fill(void* dst, const void* value, int64_t size, int64_t n) {
  switch (size) {
    case 1: FillWith<uint8_t>(dst, value, n); return;
    case 2: FillWith<uint16_t>(dst, value, n); return;
    case 4: FillWith<uint32_t>(dst, value, n); return;
    default: FillWith<uint64_t>(dst, value, n); return;
  }
}

// acc[i] = f(acc[i], v[i]): reductions over a leading dimension.
template <typename T, typename F>
void CombineInto(void* acc_data, const void* data, int64_t n) {
  T* acc = static_cast<T*>(acc_data);
  const T* v = static_cast<const T*>(data);
  for (int64_t i = 0; i < n; ++i) acc[i] = F::Apply(acc[i], v[i]);
}

// ---- dispatch tables ----------------------------------------------------------------

template <typename T, typename F> LoopFn U() { return &UnaryLoop<T, T, F>; }
template <typename T, typename F> LoopFn B() { return &BinaryLoop<T, T, F>; }

inline bool IsFloatDType(DType t) { return t == DType::kF32 || t == DType::kF64; }

// Calls fn.template operator()<T>() for the C++ type of `dtype`.
template <typename Fn>
LoopFn ForType(DType dtype, Fn fn) {
  switch (dtype) {
    case DType::kPred: return fn(uint8_t());
    case DType::kS8: return fn(int8_t());
    case DType::kS16: return fn(int16_t());
    case DType::kS32: return fn(int32_t());
    case DType::kS64: return fn(int64_t());
    case DType::kU8: return fn(uint8_t());
    case DType::kU16: return fn(uint16_t());
    case DType::kU32: return fn(uint32_t());
    case DType::kU64: return fn(uint64_t());
    case DType::kF32: return fn(float());
    case DType::kF64: return fn(double());
    default: return nullptr;
  }
}

// As ForType, for integer types only (ops that have no float form).
template <typename Fn>
LoopFn ForIntType(DType dtype, Fn fn) {
  return IsFloatDType(dtype) ? nullptr : ForType(dtype, [&](auto x) -> LoopFn {
    if constexpr (std::is_integral_v<decltype(x)>) return fn(x); else return nullptr;
  });
}

inline bool IsFloat(DType t) { return t == DType::kF32 || t == DType::kF64; }
inline bool IsSigned(DType t) {
  return t == DType::kS8 || t == DType::kS16 || t == DType::kS32 || t == DType::kS64;
}
inline bool IsUnsigned(DType t) {
  return t == DType::kU8 || t == DType::kU16 || t == DType::kU32 || t == DType::kU64;
}
inline bool IsInteger(DType t) { return IsSigned(t) || IsUnsigned(t); }

// The unsigned type of the same width: wrapping ops ignore signedness.
inline DType Unsigned(DType t) {
  switch (t) {
    case DType::kS8: case DType::kPred: return DType::kU8;
    case DType::kS16: return DType::kU16;
    case DType::kS32: return DType::kU32;
    case DType::kS64: return DType::kU64;
    default: return t;
  }
}

#define FUSED_VMATH(name)                                        \
  (t == DType::kF32   ? &VMathLoop<float, &vmath::name>         \
   : t == DType::kF64 ? &VMathLoop<double, &vmath::name>        \
                      : LoopFn(nullptr))

template <typename S>
LoopFn ConvertFrom(DType to) {
  switch (to) {
    case DType::kPred: return &UnaryLoop<S, uint8_t, ToPredF<S>>;
    case DType::kS8: return &UnaryLoop<S, int8_t, ConvertF<S, int8_t>>;
    case DType::kS16: return &UnaryLoop<S, int16_t, ConvertF<S, int16_t>>;
    case DType::kS32: return &UnaryLoop<S, int32_t, ConvertF<S, int32_t>>;
    case DType::kS64: return &UnaryLoop<S, int64_t, ConvertF<S, int64_t>>;
    case DType::kU8: return &UnaryLoop<S, uint8_t, ConvertF<S, uint8_t>>;
    case DType::kU16: return &UnaryLoop<S, uint16_t, ConvertF<S, uint16_t>>;
    case DType::kU32: return &UnaryLoop<S, uint32_t, ConvertF<S, uint32_t>>;
    case DType::kU64: return &UnaryLoop<S, uint64_t, ConvertF<S, uint64_t>>;
    case DType::kF32: return &UnaryLoop<S, float, ConvertF<S, float>>;
    case DType::kF64: return &UnaryLoop<S, double, ConvertF<S, double>>;
    case DType::kBF16: return &UnaryLoop<S, uint16_t, ToBf16F<S>>;
    case DType::kF16: return &UnaryLoop<S, uint16_t, ToF16F<S>>;
    default: return nullptr;
  }
}

template <template <int> class Cmp>
LoopFn CompareFor(int direction, DType t) {
  return ForType(t, [&](auto x) -> LoopFn {
    using T = decltype(x);
    switch (direction) {
      case kEq: return &BinaryLoop<T, uint8_t, Cmp<kEq>>;
      case kNe: return &BinaryLoop<T, uint8_t, Cmp<kNe>>;
      case kGe: return &BinaryLoop<T, uint8_t, Cmp<kGe>>;
      case kGt: return &BinaryLoop<T, uint8_t, Cmp<kGt>>;
      case kLe: return &BinaryLoop<T, uint8_t, Cmp<kLe>>;
      case kLt: return &BinaryLoop<T, uint8_t, Cmp<kLt>>;
      default: return nullptr;
    }
  });
}

// The loop of one instruction: `t` is its first operand's type (the value
// operand's for select and clamp), `to` its result's. nullptr: unsupported.
inline LoopFn PickLoop(int op, int aux, DType t, DType to) {
  const bool pred = t == DType::kPred, fp = IsFloat(t), integer = IsInteger(t);
  const DType u = Unsigned(t);
  auto floats = [&](auto f) -> LoopFn {
    using F = decltype(f);
    if (t == DType::kF32) return U<float, F>();
    if (t == DType::kF64) return U<double, F>();
    return nullptr;
  };
  auto numeric_unary = [&](auto f, DType as) -> LoopFn {
    using F = decltype(f);
    return ForType(as, [](auto x) -> LoopFn { return U<decltype(x), F>(); });
  };
  auto numeric_binary = [&](auto f, DType as) -> LoopFn {
    using F = decltype(f);
    return ForType(as, [](auto x) -> LoopFn { return B<decltype(x), F>(); });
  };
  auto int_unary = [&](auto f, DType as) -> LoopFn {
    using F = decltype(f);
    return ForIntType(as, [](auto x) -> LoopFn { return U<decltype(x), F>(); });
  };
  auto int_binary = [&](auto f, DType as) -> LoopFn {
    using F = decltype(f);
    return ForIntType(as, [](auto x) -> LoopFn { return B<decltype(x), F>(); });
  };
  switch (op) {
    case kNeg: return pred ? nullptr : numeric_unary(NegF(), fp ? t : u);
    case kAbs: return (fp || IsSigned(t)) ? numeric_unary(AbsF(), t) : nullptr;
    case kSign: return (fp || IsSigned(t)) ? numeric_unary(SignF(), t) : nullptr;
    case kFloor: return floats(FloorF());
    case kCeil: return floats(CeilF());
    case kRoundEven: return floats(RoundEvenF());
    case kRoundAfz: return floats(RoundAfzF());
    case kNot:
      if (pred) return &UnaryLoop<uint8_t, uint8_t, NotPredF>;
      return integer ? int_unary(NotF(), u) : nullptr;
    case kPopcnt: return integer ? int_unary(PopcntF(), u) : nullptr;
    case kClz: return integer ? int_unary(ClzF(), u) : nullptr;
    case kIsFinite:
      if (t == DType::kF32) return &UnaryLoop<float, uint8_t, IsFiniteF>;
      if (t == DType::kF64) return &UnaryLoop<double, uint8_t, IsFiniteF>;
      return nullptr;
    case kIsInf:
      if (t == DType::kF32) return &UnaryLoop<float, uint8_t, IsInfF>;
      if (t == DType::kF64) return &UnaryLoop<double, uint8_t, IsInfF>;
      return nullptr;
    case kSquare: return pred ? nullptr : numeric_unary(SquareF(), fp ? t : u);
    case kExp: return FUSED_VMATH(Exp);
    case kExpm1: return FUSED_VMATH(Expm1);
    case kLog: return FUSED_VMATH(Log);
    case kLog1p: return FUSED_VMATH(Log1p);
    case kTanh: return FUSED_VMATH(Tanh);
    case kLogistic: return FUSED_VMATH(Logistic);
    case kSin: return FUSED_VMATH(Sin);
    case kCos: return FUSED_VMATH(Cos);
    case kTan: return FUSED_VMATH(Tan);
    case kSqrt: return FUSED_VMATH(Sqrt);
    case kRsqrt: return FUSED_VMATH(Rsqrt);
    case kCbrt: return FUSED_VMATH(Cbrt);
    case kErf: return FUSED_VMATH(Erf);
    case kErfInv: return FUSED_VMATH(ErfInv);
    case kConvert:
      // 16-bit floats only widen to f32 (fusion.py converts on from there).
      if (t == DType::kBF16) return to == DType::kF32 ? &UnaryLoop<uint16_t, float, WidenBf16F> : nullptr;
      if (t == DType::kF16) return to == DType::kF32 ? &UnaryLoop<uint16_t, float, WidenF16F> : nullptr;
      return ForType(t, [&](auto x) -> LoopFn { return ConvertFrom<decltype(x)>(to); });
    case kRoundBf16: return t == DType::kF32 ? U<float, RoundBf16F>() : nullptr;
    case kRoundF16: return t == DType::kF32 ? U<float, RoundF16F>() : nullptr;
    case kCopy: return ForType(u, [](auto x) -> LoopFn { return &CopyLoop<decltype(x)>; });
    case kAdd: return pred ? B<uint8_t, OrF>() : numeric_binary(AddF(), fp ? t : u);
    case kSub: return pred ? nullptr : numeric_binary(SubF(), fp ? t : u);
    case kMul: return pred ? B<uint8_t, AndF>() : numeric_binary(MulF(), fp ? t : u);
    case kDiv: return pred ? nullptr : numeric_binary(DivF(), t);
    case kRem: return pred ? nullptr : numeric_binary(RemF(), t);
    case kMax: return pred ? B<uint8_t, OrF>() : numeric_binary(MaxF(), t);
    case kMin: return pred ? B<uint8_t, AndF>() : numeric_binary(MinF(), t);
    case kPow:
      if (t == DType::kF32) return &VMathBinaryLoop<float, &vmath::Pow>;
      if (t == DType::kF64) return &VMathBinaryLoop<double, &vmath::Pow>;
      return integer ? int_binary(IntPowF(), t) : nullptr;
    case kAtan2:
      if (t == DType::kF32) return &VMathBinaryLoop<float, &vmath::Atan2>;
      if (t == DType::kF64) return &VMathBinaryLoop<double, &vmath::Atan2>;
      return nullptr;
    case kAnd: return fp ? nullptr : int_binary(AndF(), u);
    case kOr: return fp ? nullptr : int_binary(OrF(), u);
    case kXor: return fp ? nullptr : int_binary(XorF(), u);
    case kShl: return integer ? int_binary(ShlF(), t) : nullptr;
    case kShrLogical: return integer ? int_binary(ShrLogicalF(), t) : nullptr;
    case kShrArith: return integer ? int_binary(ShrArithF(), t) : nullptr;
    case kCmp:
      if (aux & kTotalOrderFlag) {
        return fp ? CompareFor<TotalCompareF>(aux & ~kTotalOrderFlag, t) : nullptr;
      }
      return CompareFor<CompareF>(aux, t);
    case kSelect:
      return ForType(u, [](auto x) -> LoopFn { return &SelectLoop<decltype(x)>; });
    case kClamp:
      if (pred) return &ClampLoop<uint8_t, OrF, AndF>;
      return ForType(t, [](auto x) -> LoopFn {
        return &ClampLoop<decltype(x), MaxF, MinF>;
      });
    default: return nullptr;
  }
}
#undef FUSED_VMATH

// Reduction loops for body op `op` over elements of type t.
inline ReduceFns PickReduce(int op, DType t) {
  const bool pred = t == DType::kPred, fp = IsFloat(t);
  const DType u = Unsigned(t);
  auto make = [&](auto f, DType as) -> ReduceFns {
    using F = decltype(f);
    ReduceFns fns;
    ForType(as, [&](auto x) -> LoopFn {
      using T = decltype(x);
      if constexpr (std::is_integral_v<T> || !F::kIntegerOnly) {
        fns.lanes = &AccumulateLanes<T, F>;
        fns.combine = &CombineInto<T, F>;
      }
      return nullptr;
    });
    return fns;
  };
  switch (op) {
    case kAdd: return pred ? make(OrF(), u) : make(AddF(), fp ? t : u);
    case kMul: return pred ? make(AndF(), u) : make(MulF(), fp ? t : u);
    case kMax: return pred ? make(OrF(), u) : make(MaxF(), t);
    case kMin: return pred ? make(AndF(), u) : make(MinF(), t);
    case kAnd: return fp ? ReduceFns() : make(AndF(), u);
    case kOr: return fp ? ReduceFns() : make(OrF(), u);
    case kXor: return fp ? ReduceFns() : make(XorF(), u);
    default: return ReduceFns();
  }
}
