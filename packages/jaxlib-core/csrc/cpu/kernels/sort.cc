// stablehlo.sort with a recognised comparator: a lexicographic less-than
// over keys, each an operand read through an order-preserving key function.
//
// Every key becomes an unsigned integer whose natural order is the
// comparator's: integers flip their sign bit, floats use XLA's total order
// (-NaN < -inf < ... < -0 < +0 < ... < inf < +NaN) after the optional JAX
// canonicalisation (NaN -> one NaN, +-0 -> one zero) and, for FLOAT compares,
// the reference's "x + 0" (quiets NaNs, -0 -> +0); descending keys are
// bit-inverted. Each row (a 1-D slice along the sort dimension) is then sorted
// stably: an LSD radix sort of (key, index) pairs, least significant key
// first, or an insertion sort for short rows; the operands are gathered by
// the permutation. Rows run in parallel; one long row runs its radix passes
// on all threads (each thread scatters its own chunk, so the order stays
// stable).
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "kernel.h"

namespace jaxcpu {
namespace {

enum FloatMode : int64_t { kNotFloat = 0, kTotalOrder = 1, kFloatCompare = 2 };

struct KeySpec {
  int64_t operand = 0;
  DType dtype = DType::kOther;
  bool descending = false;
  int64_t float_mode = kNotFloat;
  bool canonicalise = false;  // JAX's NaN -> nan_bits, +-0 -> zero_bits
  uint64_t nan_bits = 0, zero_bits = 0;
  bool wide = false;  // 64-bit key
};

// IEEE layout of one float type, as unsigned bits.
struct FloatLayout {
  uint64_t sign, exponent, mantissa, quiet;
  bool quieting_drops_payload;  // bfloat16 arithmetic returns the default NaN
};

constexpr FloatLayout kF16{0x8000, 0x7C00, 0x03FF, 0x0200, false};
constexpr FloatLayout kBF16{0x8000, 0x7F80, 0x007F, 0x0040, true};
constexpr FloatLayout kF32{0x80000000u, 0x7F800000u, 0x007FFFFFu, 0x00400000u, false};
constexpr FloatLayout kF64{0x8000000000000000ull, 0x7FF0000000000000ull,
                           0x000FFFFFFFFFFFFFull, 0x0008000000000000ull, false};

inline uint64_t FloatKey(uint64_t bits, const FloatLayout& f, const KeySpec& k) {
  const bool nan = (bits & f.exponent) == f.exponent && (bits & f.mantissa) != 0;
  const bool zero = (bits & ~f.sign) == 0;
  if (k.canonicalise) {
    if (nan) {
      bits = k.nan_bits;
    } else if (zero) {
      bits = k.zero_bits;
    }
  }
  if (k.float_mode == kFloatCompare) {
    const bool is_nan = (bits & f.exponent) == f.exponent && (bits & f.mantissa) != 0;
    if (is_nan) {
      bits = f.quieting_drops_payload ? (bits & f.sign) | f.exponent | f.quiet : bits | f.quiet;
    } else if ((bits & ~f.sign) == 0) {
      bits = 0;
    }
  }
  return (bits & f.sign) ? ~bits & (f.sign | f.exponent | f.mantissa) : bits | f.sign;
}

// The ordered key of element i of a strided row, by element type.
template <typename Elem>
struct KeyOf;

#define JAXCPU_INT_KEY(T, FLIP)                                             \
  template <>                                                               \
  struct KeyOf<T> {                                                         \
    static uint64_t Get(const char* p, const KeySpec&) {                    \
      T v;                                                                  \
      std::memcpy(&v, p, sizeof(T));                                        \
      using U = std::make_unsigned_t<T>;                                    \
      return static_cast<U>(static_cast<U>(v) ^ (FLIP));                    \
    }                                                                       \
  };
JAXCPU_INT_KEY(int8_t, 0x80u)
JAXCPU_INT_KEY(int16_t, 0x8000u)
JAXCPU_INT_KEY(int32_t, 0x80000000u)
JAXCPU_INT_KEY(int64_t, 0x8000000000000000ull)
JAXCPU_INT_KEY(uint8_t, 0u)
JAXCPU_INT_KEY(uint16_t, 0u)
JAXCPU_INT_KEY(uint32_t, 0u)
JAXCPU_INT_KEY(uint64_t, 0u)
#undef JAXCPU_INT_KEY

template <int kBytes, const FloatLayout& kLayout>
struct FloatTag {};

template <int kBytes, const FloatLayout& kLayout>
struct KeyOf<FloatTag<kBytes, kLayout>> {
  static uint64_t Get(const char* p, const KeySpec& k) {
    uint64_t bits = 0;
    std::memcpy(&bits, p, kBytes);  // little-endian: the low bytes
    return FloatKey(bits, kLayout, k);
  }
};

using F16Tag = FloatTag<2, kF16>;
using BF16Tag = FloatTag<2, kBF16>;
using F32Tag = FloatTag<4, kF32>;
using F64Tag = FloatTag<8, kF64>;

// Fills out[i] with the key of row element perm[i] (perm == nullptr: i).
template <typename Tag, typename KeyT>
void FillKeysT(const KeySpec& k, const char* row, int64_t stride, const uint32_t* perm,
               int64_t n, KeyT* out) {
  const KeyT flip = k.descending ? static_cast<KeyT>(~KeyT{0}) : KeyT{0};
  for (int64_t i = 0; i < n; ++i) {
    const int64_t j = perm ? perm[i] : i;
    out[i] = static_cast<KeyT>(KeyOf<Tag>::Get(row + j * stride, k)) ^ flip;
  }
}

template <typename KeyT>
void FillKeys(const KeySpec& k, const char* row, int64_t stride, const uint32_t* perm,
              int64_t n, KeyT* out) {
  switch (k.dtype) {
    case DType::kPred: case DType::kU8: return FillKeysT<uint8_t>(k, row, stride, perm, n, out);
    case DType::kS8: return FillKeysT<int8_t>(k, row, stride, perm, n, out);
    case DType::kS16: return FillKeysT<int16_t>(k, row, stride, perm, n, out);
    case DType::kU16: return FillKeysT<uint16_t>(k, row, stride, perm, n, out);
    case DType::kS32: return FillKeysT<int32_t>(k, row, stride, perm, n, out);
    case DType::kU32: return FillKeysT<uint32_t>(k, row, stride, perm, n, out);
    case DType::kS64: return FillKeysT<int64_t>(k, row, stride, perm, n, out);
    case DType::kU64: return FillKeysT<uint64_t>(k, row, stride, perm, n, out);
    case DType::kF16: return FillKeysT<F16Tag>(k, row, stride, perm, n, out);
    case DType::kBF16: return FillKeysT<BF16Tag>(k, row, stride, perm, n, out);
    case DType::kF32: return FillKeysT<F32Tag>(k, row, stride, perm, n, out);
    case DType::kF64: return FillKeysT<F64Tag>(k, row, stride, perm, n, out);
    default: return;  // rejected in the factory
  }
}

template <typename KeyT>
struct Item {
  KeyT key;
  uint32_t index;
};

constexpr int kDigitBits = 8;
constexpr int kBuckets = 1 << kDigitBits;

// Per-thread buffers for one row.
struct Scratch {
  std::vector<uint32_t> perm;
  std::vector<char> items_a, items_b;
  std::vector<uint64_t> small_keys;

  template <typename KeyT>
  Item<KeyT>* Items(std::vector<char>& buffer, int64_t n) {
    buffer.resize(n * sizeof(Item<KeyT>));
    return reinterpret_cast<Item<KeyT>*>(buffer.data());
  }
};

// Stable LSD radix sort of items by key; returns where the result lies (a or b).
template <typename KeyT>
Item<KeyT>* RadixSortItems(Item<KeyT>* a, Item<KeyT>* b, int64_t n) {
  constexpr int kDigits = sizeof(KeyT) * 8 / kDigitBits;
  // Histograms of every digit in one read.
  std::vector<uint32_t> counts(static_cast<size_t>(kDigits) * kBuckets, 0);
  for (int64_t i = 0; i < n; ++i) {
    KeyT key = a[i].key;
    for (int d = 0; d < kDigits; ++d) {
      ++counts[d * kBuckets + ((key >> (d * kDigitBits)) & (kBuckets - 1))];
    }
  }
  for (int d = 0; d < kDigits; ++d) {
    uint32_t* count = &counts[d * kBuckets];
    // A digit shared by every key leaves the order as it is.
    if (std::find(count, count + kBuckets, static_cast<uint32_t>(n)) != count + kBuckets) {
      continue;
    }
    uint32_t offsets[kBuckets];
    uint32_t sum = 0;
    for (int v = 0; v < kBuckets; ++v) {
      offsets[v] = sum;
      sum += count[v];
    }
    const int shift = d * kDigitBits;
    for (int64_t i = 0; i < n; ++i) {
      b[offsets[(a[i].key >> shift) & (kBuckets - 1)]++] = a[i];
    }
    std::swap(a, b);
  }
  return a;
}

// The same, with each pass split over threads: every thread histograms and
// then scatters its own contiguous chunk, chunks in order, so it stays stable.
template <typename KeyT>
Item<KeyT>* ParallelRadixSortItems(Item<KeyT>* a, Item<KeyT>* b, int64_t n, int parts) {
  constexpr int kDigits = sizeof(KeyT) * 8 / kDigitBits;
  std::vector<uint32_t> counts(static_cast<size_t>(parts) * kBuckets);
  auto chunk = [&](int64_t part, int64_t* begin, int64_t* end) {
    *begin = n * part / parts;
    *end = n * (part + 1) / parts;
  };
  for (int d = 0; d < kDigits; ++d) {
    const int shift = d * kDigitBits;
    ParallelFor(parts, 1, [&](int64_t p0, int64_t p1) {
      for (int64_t part = p0; part < p1; ++part) {
        uint32_t* count = &counts[part * kBuckets];
        std::fill(count, count + kBuckets, 0);
        int64_t begin, end;
        chunk(part, &begin, &end);
        for (int64_t i = begin; i < end; ++i) ++count[(a[i].key >> shift) & (kBuckets - 1)];
      }
    });
    // Offsets bucket-major, part-minor; skip a digit shared by every key.
    bool trivial = false;
    uint32_t sum = 0;
    for (int v = 0; v < kBuckets && !trivial; ++v) {
      uint32_t bucket_total = 0;
      for (int part = 0; part < parts; ++part) {
        uint32_t c = counts[part * kBuckets + v];
        counts[part * kBuckets + v] = sum;
        sum += c;
        bucket_total += c;
      }
      trivial = bucket_total == static_cast<uint32_t>(n);
    }
    if (trivial) continue;
    ParallelFor(parts, 1, [&](int64_t p0, int64_t p1) {
      for (int64_t part = p0; part < p1; ++part) {
        uint32_t* offsets = &counts[part * kBuckets];
        int64_t begin, end;
        chunk(part, &begin, &end);
        for (int64_t i = begin; i < end; ++i) {
          b[offsets[(a[i].key >> shift) & (kBuckets - 1)]++] = a[i];
        }
      }
    });
    std::swap(a, b);
  }
  return a;
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

template <typename T>
void GatherRowT(const char* in, char* out, int64_t stride, const uint32_t* perm, int64_t n) {
  if (stride == static_cast<int64_t>(sizeof(T))) {
    const T* src = reinterpret_cast<const T*>(in);
    T* dst = reinterpret_cast<T*>(out);
    for (int64_t i = 0; i < n; ++i) std::memcpy(dst + i, src + perm[i], sizeof(T));
    return;
  }
  for (int64_t i = 0; i < n; ++i) {
    std::memcpy(out + i * stride, in + perm[i] * stride, sizeof(T));
  }
}

void GatherRow(const char* in, char* out, int64_t elem, int64_t stride, const uint32_t* perm,
               int64_t n) {
  switch (elem) {
    case 1: return GatherRowT<uint8_t>(in, out, stride, perm, n);
    case 2: return GatherRowT<uint16_t>(in, out, stride, perm, n);
    case 4: return GatherRowT<uint32_t>(in, out, stride, perm, n);
    case 8: return GatherRowT<uint64_t>(in, out, stride, perm, n);
    default:
      for (int64_t i = 0; i < n; ++i) CopyElement(out + i * stride, in + perm[i] * stride, elem);
  }
}

constexpr int64_t kInsertionSortMax = 32;
constexpr int64_t kParallelRowMin = 1 << 16;

class SortKernel : public Kernel {
 public:
  SortKernel(std::vector<KeySpec> keys, const std::vector<TensorSpec>& inputs, int64_t dim)
      : keys_(std::move(keys)) {
    const TensorSpec& shape = inputs[0];
    for (const TensorSpec& t : inputs) elem_sizes_.push_back(DTypeSize(t.dtype));
    length_ = shape.rank() == 0 ? 1 : shape.dims[dim];
    outer_ = inner_ = 1;
    for (int d = 0; d < dim; ++d) outer_ *= shape.dims[d];
    for (int d = dim + 1; d < shape.rank(); ++d) inner_ *= shape.dims[d];
    total_ = shape.num_elements();
  }

  void Run(const void* const* inputs, void* const* outputs) override {
    if (total_ == 0) return;
    if (length_ <= 1) {
      for (size_t o = 0; o < elem_sizes_.size(); ++o) {
        std::memcpy(outputs[o], inputs[o], total_ * elem_sizes_[o]);
      }
      return;
    }
    const int64_t rows = outer_ * inner_;
    const int threads = NumThreads();
    if (rows < threads && length_ >= kParallelRowMin) {
      Scratch scratch;
      for (int64_t r = 0; r < rows; ++r) SortRow(r, inputs, outputs, scratch, threads);
      return;
    }
    const int64_t grain = std::max<int64_t>(1, (1 << 14) / length_);
    ParallelFor(rows, grain, [&](int64_t begin, int64_t end) {
      Scratch scratch;
      for (int64_t r = begin; r < end; ++r) SortRow(r, inputs, outputs, scratch, 1);
    });
  }

 private:
  // Element offset of the first element of row r, and the row's element stride.
  int64_t RowStart(int64_t r) const { return (r / inner_) * length_ * inner_ + r % inner_; }

  void SortRow(int64_t r, const void* const* inputs, void* const* outputs, Scratch& scratch,
               int parts) const {
    const int64_t n = length_;
    const int64_t start = RowStart(r);
    scratch.perm.resize(n);
    uint32_t* perm = scratch.perm.data();
    if (n <= kInsertionSortMax) {
      InsertionSortRow(start, inputs, scratch);
    } else {
      bool identity = true;
      // Least significant key first; each radix sort is stable.
      for (int k = static_cast<int>(keys_.size()) - 1; k >= 0; --k) {
        if (keys_[k].wide) {
          SortByKey<uint64_t>(keys_[k], start, inputs, scratch, identity, parts);
        } else {
          SortByKey<uint32_t>(keys_[k], start, inputs, scratch, identity, parts);
        }
        identity = false;
      }
    }
    for (size_t o = 0; o < elem_sizes_.size(); ++o) {
      const int64_t elem = elem_sizes_[o];
      GatherRow(static_cast<const char*>(inputs[o]) + start * elem,
                static_cast<char*>(outputs[o]) + start * elem, elem, inner_ * elem, perm, n);
    }
  }

  template <typename KeyT>
  void SortByKey(const KeySpec& key, int64_t start, const void* const* inputs, Scratch& scratch,
                 bool identity, int parts) const {
    const int64_t n = length_;
    const int64_t elem = elem_sizes_[key.operand];
    const char* row = static_cast<const char*>(inputs[key.operand]) + start * elem;
    uint32_t* perm = scratch.perm.data();
    Item<KeyT>* a = scratch.Items<KeyT>(scratch.items_a, n);
    Item<KeyT>* b = scratch.Items<KeyT>(scratch.items_b, n);
    // Keys in the current order, paired with their row positions.
    std::vector<KeyT> keys(n);
    FillKeys<KeyT>(key, row, inner_ * elem, identity ? nullptr : perm, n, keys.data());
    for (int64_t i = 0; i < n; ++i) {
      a[i].key = keys[i];
      a[i].index = identity ? static_cast<uint32_t>(i) : perm[i];
    }
    Item<KeyT>* sorted = parts > 1 ? ParallelRadixSortItems(a, b, n, parts)
                                   : RadixSortItems(a, b, n);
    for (int64_t i = 0; i < n; ++i) perm[i] = sorted[i].index;
  }

  void InsertionSortRow(int64_t start, const void* const* inputs, Scratch& scratch) const {
    const int64_t n = length_;
    const size_t num_keys = keys_.size();
    scratch.small_keys.resize(num_keys * n);
    uint64_t* keys = scratch.small_keys.data();
    for (size_t k = 0; k < num_keys; ++k) {
      const int64_t elem = elem_sizes_[keys_[k].operand];
      const char* row = static_cast<const char*>(inputs[keys_[k].operand]) + start * elem;
      FillKeys<uint64_t>(keys_[k], row, inner_ * elem, nullptr, n, keys + k * n);
      if (!keys_[k].wide) {  // same order as the 32-bit key: drop the high bits
        for (int64_t i = 0; i < n; ++i) keys[k * n + i] &= 0xFFFFFFFFull;
      }
    }
    uint32_t* perm = scratch.perm.data();
    auto less = [&](uint32_t x, uint32_t y) {
      for (size_t k = 0; k < num_keys; ++k) {
        uint64_t kx = keys[k * n + x], ky = keys[k * n + y];
        if (kx != ky) return kx < ky;
      }
      return false;
    };
    for (int64_t i = 0; i < n; ++i) {
      uint32_t v = static_cast<uint32_t>(i);
      int64_t j = i;
      while (j > 0 && less(v, perm[j - 1])) {
        perm[j] = perm[j - 1];
        --j;
      }
      perm[j] = v;
    }
  }

  std::vector<KeySpec> keys_;
  std::vector<int64_t> elem_sizes_;
  int64_t length_ = 1, outer_ = 1, inner_ = 1, total_ = 0;
};

bool IsKeyType(DType t) {
  switch (t) {
    case DType::kPred: case DType::kS8: case DType::kS16: case DType::kS32: case DType::kS64:
    case DType::kU8: case DType::kU16: case DType::kU32: case DType::kU64:
    case DType::kF16: case DType::kBF16: case DType::kF32: case DType::kF64:
      return true;
    default:
      return false;
  }
}

bool IsFloat(DType t) {
  return t == DType::kF16 || t == DType::kBF16 || t == DType::kF32 || t == DType::kF64;
}

std::unique_ptr<Kernel> MakeSort(const Params& params, const std::vector<TensorSpec>& inputs,
                                 const std::vector<TensorSpec>& outputs) {
  if (inputs.empty() || inputs.size() != outputs.size()) throw Unsupported("sort arity");
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (DTypeSize(inputs[i].dtype) == 0 || inputs[i].dims != inputs[0].dims ||
        outputs[i].dims != inputs[i].dims || outputs[i].dtype_name != inputs[i].dtype_name) {
      throw Unsupported("sort operand types");
    }
  }
  const int rank = inputs[0].rank();
  const int64_t dim = params.get_int("dimension");
  if (rank > 0 && (dim < 0 || dim >= rank)) throw Unsupported("sort dimension out of range");
  if (rank > 0 && inputs[0].dims[dim] >= (int64_t{1} << 32)) throw Unsupported("row too long");
  const auto& operands = params.get_ints("key_operands");
  const auto& descending = params.get_ints("key_descending");
  const auto& float_modes = params.get_ints("key_float_modes");
  const auto& canonicalise = params.get_ints("key_canonicalise");
  const auto& nan_bits = params.get_ints("key_nan_bits");
  const auto& zero_bits = params.get_ints("key_zero_bits");
  const size_t count = operands.size();
  if (count == 0 || descending.size() != count || float_modes.size() != count ||
      canonicalise.size() != count || nan_bits.size() != count || zero_bits.size() != count) {
    throw Unsupported("sort key parameters");
  }
  std::vector<KeySpec> keys;
  for (size_t k = 0; k < count; ++k) {
    KeySpec key;
    key.operand = operands[k];
    if (key.operand < 0 || key.operand >= static_cast<int64_t>(inputs.size())) {
      throw Unsupported("sort key operand");
    }
    key.dtype = inputs[key.operand].dtype;
    if (!IsKeyType(key.dtype)) throw Unsupported("sort key type");
    key.descending = descending[k] != 0;
    key.float_mode = IsFloat(key.dtype) ? float_modes[k] : kNotFloat;
    if (IsFloat(key.dtype) && key.float_mode != kTotalOrder && key.float_mode != kFloatCompare) {
      throw Unsupported("float key needs a compare type");
    }
    key.canonicalise = canonicalise[k] != 0;
    if (key.canonicalise && !IsFloat(key.dtype)) throw Unsupported("canonicalised int key");
    key.nan_bits = static_cast<uint64_t>(nan_bits[k]);
    key.zero_bits = static_cast<uint64_t>(zero_bits[k]);
    key.wide = DTypeSize(key.dtype) == 8;
    keys.push_back(key);
  }
  return std::make_unique<SortKernel>(std::move(keys), inputs, rank > 0 ? dim : 0);
}

JAXCPU_REGISTER_KERNEL("sort", MakeSort);

}  // namespace
}  // namespace jaxcpu
