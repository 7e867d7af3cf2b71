// A strided element copy: the engine under the data-movement kernels
// (transpose, slice, reverse, broadcast, pad, concatenate, dynamic slices) and
// the reduce kernels' transposes.
//
// A copy is a loop nest over `dims`: out[sum i_d * out_strides[d]] =
// in[sum i_d * in_strides[d]] (strides in elements, possibly 0 or negative).
// It is type-agnostic: elements are moved by size (1, 2, 4, 8 or 16 bytes).
// The nest is canonicalised once (size-1 dims dropped, dims contiguous on both
// sides merged), then run as contiguous rows (memcpy), a cache-tiled 2-D
// transpose, row fills (broadcasts) or a plain strided inner loop.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "kernel.h"

namespace jaxcpu {
namespace strided {

struct Bytes16 {
  uint64_t lo, hi;
};

inline std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (int d = static_cast<int>(dims.size()) - 2; d >= 0; --d) {
    strides[d] = strides[d + 1] * dims[d + 1];
  }
  return strides;
}

inline bool SupportedElementSize(int64_t size) {
  return size == 1 || size == 2 || size == 4 || size == 8 || size == 16;
}

// Fills n elements of `size` bytes at out with the element at value.
inline void FillElements(char* out, const char* value, int64_t n, int64_t size) {
  if (n <= 0) return;
  std::memcpy(out, value, size);
  // Doubling copies: few, large memcpys whatever the element size.
  int64_t done = 1;
  while (done < n) {
    int64_t chunk = std::min(done, n - done);
    std::memcpy(out + done * size, out, chunk * size);
    done += chunk;
  }
}

// Fills a large buffer on the thread pool.
inline void ParallelFill(char* out, const char* value, int64_t n, int64_t size) {
  const int64_t grain = std::max<int64_t>(1, (256 << 10) / size);
  ParallelFor(n, grain, [&](int64_t begin, int64_t end) {
    FillElements(out + begin * size, value, end - begin, size);
  });
}

inline void ParallelMemcpy(char* out, const char* in, int64_t bytes) {
  ParallelFor(bytes, 256 << 10, [&](int64_t begin, int64_t end) {
    std::memcpy(out + begin, in + begin, end - begin);
  });
}

template <typename T>
JAXCPU_MULTIVERSION void StridedRow(const T* in, T* out, int64_t n, int64_t in_stride,
                                    int64_t out_stride) {
  for (int64_t i = 0; i < n; ++i) out[i * out_stride] = in[i * in_stride];
}

template <typename T>
JAXCPU_MULTIVERSION void ReversedRow(const T* in, T* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = in[-i];
}

// out[j * out_stride_j + k] = in[j + k * in_stride_k] over a rows x cols block.
template <typename T>
JAXCPU_MULTIVERSION void TransposeBlock(const T* in, T* out, int64_t rows, int64_t cols,
                                        int64_t in_stride_k, int64_t out_stride_j) {
  constexpr int64_t kTile = sizeof(T) >= 16 ? 8 : (sizeof(T) == 8 ? 16 : 32);
  for (int64_t k0 = 0; k0 < cols; k0 += kTile) {
    const int64_t k1 = std::min(cols, k0 + kTile);
    for (int64_t j = 0; j < rows; ++j) {
      const T* src = in + j;
      T* dst = out + j * out_stride_j;
      for (int64_t k = k0; k < k1; ++k) dst[k] = src[k * in_stride_k];
    }
  }
}

class StridedCopy {
 public:
  StridedCopy() = default;

  // Strides in elements; elem_size must be SupportedElementSize.
  StridedCopy(std::vector<int64_t> dims, std::vector<int64_t> in_strides,
              std::vector<int64_t> out_strides, int64_t elem_size)
      : elem_size_(elem_size) {
    for (int64_t d : dims) count_ *= d;
    // Drop size-1 dims, then merge d into d+1 when contiguous on both sides.
    std::vector<int64_t> nd, ni, no;
    for (size_t d = 0; d < dims.size(); ++d) {
      if (dims[d] == 1) continue;
      nd.push_back(dims[d]);
      ni.push_back(in_strides[d]);
      no.push_back(out_strides[d]);
    }
    for (size_t d = 0; d < nd.size(); ++d) {
      if (!dims_.empty() && in_.back() == ni[d] * nd[d] && out_.back() == no[d] * nd[d]) {
        dims_.back() *= nd[d];
        in_.back() = ni[d];
        out_.back() = no[d];
      } else {
        dims_.push_back(nd[d]);
        in_.push_back(ni[d]);
        out_.push_back(no[d]);
      }
    }
    Plan();
  }

  int64_t count() const { return count_; }

  // `in` and `out` point at the elements of index (0, ..., 0).
  void Run(const void* in, void* out) const {
    if (count_ == 0) return;
    const char* src = static_cast<const char*>(in);
    char* dst = static_cast<char*>(out);
    if (dims_.empty()) {
      std::memcpy(dst, src, elem_size_);
      return;
    }
    const int64_t units = outer_count_ * tiles_;
    ParallelFor(units, grain_, [&](int64_t begin, int64_t end) { RunUnits(src, dst, begin, end); });
  }

 private:
  enum class Inner { kContiguous, kFill, kReversed, kStrided, kTransposed };

  void Plan() {
    if (dims_.empty()) return;
    const int k = static_cast<int>(dims_.size()) - 1;
    inner_n_ = dims_[k];
    inner_in_ = in_[k];
    inner_out_ = out_[k];
    if (inner_in_ == 1 && inner_out_ == 1) {
      inner_ = Inner::kContiguous;
    } else if (inner_in_ == 0 && inner_out_ == 1) {
      inner_ = Inner::kFill;
    } else if (inner_in_ == -1 && inner_out_ == 1) {
      inner_ = Inner::kReversed;
    } else {
      inner_ = Inner::kStrided;
      // A transpose: the output's inner dim is strided in the input, and some
      // other dim is the input's contiguous one. Tile the pair.
      if (inner_out_ == 1 && inner_in_ != 0) {
        for (int j = k - 1; j >= 0; --j) {
          if (in_[j] == 1) {
            tiled_dim_ = j;
            inner_ = Inner::kTransposed;
            break;
          }
        }
      }
    }
    for (int d = 0; d < k; ++d) {
      if (d == tiled_dim_) continue;
      outer_dims_.push_back(dims_[d]);
      outer_in_.push_back(in_[d]);
      outer_out_.push_back(out_[d]);
    }
    for (int64_t d : outer_dims_) outer_count_ *= d;
    int64_t unit_elems = inner_n_;
    if (inner_ == Inner::kTransposed) {
      tile_rows_ = elem_size_ >= 16 ? 8 : (elem_size_ == 8 ? 16 : 32);
      tiles_ = (dims_[tiled_dim_] + tile_rows_ - 1) / tile_rows_;
      unit_elems *= tile_rows_;
    }
    grain_ = std::max<int64_t>(1, (64 << 10) / std::max<int64_t>(1, unit_elems * elem_size_));
  }

  void RunUnits(const char* src, char* dst, int64_t begin, int64_t end) const {
    switch (elem_size_) {
      case 1: return RunTyped<uint8_t>(src, dst, begin, end);
      case 2: return RunTyped<uint16_t>(src, dst, begin, end);
      case 4: return RunTyped<uint32_t>(src, dst, begin, end);
      case 8: return RunTyped<uint64_t>(src, dst, begin, end);
      default: return RunTyped<Bytes16>(src, dst, begin, end);
    }
  }

  template <typename T>
  void RunTyped(const char* src, char* dst, int64_t begin, int64_t end) const {
    const T* in = reinterpret_cast<const T*>(src);
    T* out = reinterpret_cast<T*>(dst);
    const int n_outer = static_cast<int>(outer_dims_.size());
    // Unit u = (outer index, tile); decompose the first, then count up.
    int64_t outer = begin / tiles_;
    int64_t tile = begin % tiles_;
    std::vector<int64_t> index(n_outer, 0);
    int64_t in_off = 0, out_off = 0;
    for (int d = n_outer - 1; d >= 0; --d) {
      index[d] = outer % outer_dims_[d];
      outer /= outer_dims_[d];
      in_off += index[d] * outer_in_[d];
      out_off += index[d] * outer_out_[d];
    }
    for (int64_t u = begin; u < end; ++u) {
      const T* s = in + in_off;
      T* o = out + out_off;
      switch (inner_) {
        case Inner::kContiguous:
          std::memcpy(o, s, inner_n_ * sizeof(T));
          break;
        case Inner::kFill:
          FillElements(reinterpret_cast<char*>(o), reinterpret_cast<const char*>(s), inner_n_,
                       sizeof(T));
          break;
        case Inner::kReversed:
          ReversedRow<T>(s, o, inner_n_);
          break;
        case Inner::kStrided:
          StridedRow<T>(s, o, inner_n_, inner_in_, inner_out_);
          break;
        case Inner::kTransposed: {
          const int64_t j0 = tile * tile_rows_;
          const int64_t rows = std::min(tile_rows_, dims_[tiled_dim_] - j0);
          TransposeBlock<T>(s + j0, o + j0 * out_[tiled_dim_], rows, inner_n_, inner_in_,
                            out_[tiled_dim_]);
          break;
        }
      }
      if (++tile < tiles_) continue;
      tile = 0;
      for (int d = n_outer - 1; d >= 0; --d) {  // odometer step over the outer dims
        in_off += outer_in_[d];
        out_off += outer_out_[d];
        if (++index[d] < outer_dims_[d]) break;
        in_off -= outer_in_[d] * outer_dims_[d];
        out_off -= outer_out_[d] * outer_dims_[d];
        index[d] = 0;
      }
    }
  }

  int64_t elem_size_ = 1;
  int64_t count_ = 1;
  std::vector<int64_t> dims_, in_, out_;
  Inner inner_ = Inner::kContiguous;
  int64_t inner_n_ = 1, inner_in_ = 1, inner_out_ = 1;
  int tiled_dim_ = -1;
  int64_t tile_rows_ = 1, tiles_ = 1;
  std::vector<int64_t> outer_dims_, outer_in_, outer_out_;
  int64_t outer_count_ = 1;
  int64_t grain_ = 1;
};

}  // namespace strided
}  // namespace jaxcpu
