// convolution as im2col + BLAS GEMM (f32, f64, c64, c128; one element type).
//
// For a chunk of images and one feature/batch group, the patches (window
// position x input feature, for every output position) are gathered into a
// matrix, then one GEMM with the packed kernel writes the output directly:
//  * feature-major outputs (e.g. NCHW): out[o, j] = W[o, r] * Col[r, j],
//    Col rows r = (c, window) are shifted copies of input rows;
//  * feature-minor outputs (e.g. NHWC): out[j, o] = Patch[j, r] * W[r, o],
//    Patch rows gather Cg features per window position;
//  * other output layouts compute feature-minor into scratch, then scatter.
// Any dimension numbers, strides, padding (also negative), lhs/rhs dilation,
// window reversal and feature/batch group counts are handled.
//
// Params: gemm (address), input_batch_dim, input_feature_dim,
// input_spatial_dims, kernel_input_feature_dim, kernel_output_feature_dim,
// kernel_spatial_dims, output_batch_dim, output_feature_dim,
// output_spatial_dims, window_strides, lhs_dilation, rhs_dilation,
// padding_low, padding_high, window_reversal, feature_group_count,
// batch_group_count (lists have one entry per spatial dim).
#include <algorithm>
#include <cstring>

#include "kernel.h"
#include "kernels/gemm.h"

namespace jaxcpu {
namespace {

constexpr int kMaxSpatial = 13;  // rank <= 16 after batch and feature
// Scratch per chunk of images; at least one image is always taken.
constexpr int64_t kChunkBytes = int64_t{8} << 20;
// Input features per group from which shifted GEMMs (K = features) beat im2col.
constexpr int64_t kShiftedMinFeatures = 32;

struct Spatial {
  int64_t in = 0;        // input size
  int64_t dilated = 0;   // input size after lhs dilation
  int64_t x_stride = 0;  // input element stride
  int64_t window = 0;
  int64_t w_stride = 0;  // kernel element stride
  bool reverse = false;
  int64_t out = 0;
  int64_t out_stride = 0;
  int64_t stride = 1, lhs_dilation = 1, rhs_dilation = 1, pad_low = 0;
};

// The single stride walking sizes (outer to inner) as one flattened index:
// returns false when they are not consecutive; `flexible` when any stride works.
bool MergedStride(const std::vector<int64_t>& sizes, const std::vector<int64_t>& strides,
                  int64_t* stride, bool* flexible) {
  int64_t last = -1;
  *flexible = true;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == 1) continue;
    if (sizes[i] == 0) {
      *flexible = true;
      return true;
    }
    if (last >= 0 && strides[last] != strides[i] * sizes[i]) return false;
    last = static_cast<int64_t>(i);
  }
  if (last >= 0) {
    *flexible = false;
    *stride = strides[last];
  }
  return true;
}

class ConvolutionKernel : public Kernel {
 public:
  ConvolutionKernel(const Params& params, const std::vector<TensorSpec>& inputs,
                    const std::vector<TensorSpec>& outputs)
      : gemm_(params, inputs.at(0).dtype) {
    const TensorSpec &x = inputs[0], &w = inputs[1], &y = outputs[0];
    if (w.dtype != x.dtype || y.dtype != x.dtype) {
      throw Unsupported("convolution: operands and result must share one BLAS type");
    }
    const int rank = x.rank();
    const int s = rank - 2;
    if (rank < 2 || w.rank() != rank || y.rank() != rank || s > kMaxSpatial) {
      throw Unsupported("convolution: unsupported ranks");
    }
    auto dim = [&](const char* key) { return params.get_int(key); };
    auto dims = [&](const char* key) {
      std::vector<int64_t> v = gemm::IntsOrEmpty(params, key);
      if (static_cast<int>(v.size()) != s) throw Unsupported("convolution: bad spatial list");
      return v;
    };
    const int64_t ib = dim("input_batch_dim"), ifd = dim("input_feature_dim");
    const int64_t ki = dim("kernel_input_feature_dim"), ko = dim("kernel_output_feature_dim");
    const int64_t ob = dim("output_batch_dim"), of = dim("output_feature_dim");
    const std::vector<int64_t> is = dims("input_spatial_dims"), ks = dims("kernel_spatial_dims");
    const std::vector<int64_t> os = dims("output_spatial_dims");
    CheckPermutation(ib, ifd, is, rank);
    CheckPermutation(ki, ko, ks, rank);
    CheckPermutation(ob, of, os, rank);
    const std::vector<int64_t> strides = dims("window_strides"), lhs_dil = dims("lhs_dilation");
    const std::vector<int64_t> rhs_dil = dims("rhs_dilation"), pad_lo = dims("padding_low");
    const std::vector<int64_t> pad_hi = dims("padding_high"), rev = dims("window_reversal");
    feature_groups_ = dim("feature_group_count");
    batch_groups_ = dim("batch_group_count");

    const std::vector<int64_t> xs = gemm::RowMajorStrides(x.dims);
    const std::vector<int64_t> ws = gemm::RowMajorStrides(w.dims);
    const std::vector<int64_t> ys = gemm::RowMajorStrides(y.dims);
    batch_ = x.dims[ib];
    features_ = x.dims[ifd];
    x_batch_stride_ = xs[ib];
    x_feature_stride_ = xs[ifd];
    group_in_ = w.dims[ki];
    out_features_ = w.dims[ko];
    w_in_stride_ = ws[ki];
    w_out_stride_ = ws[ko];
    out_batch_ = y.dims[ob];
    y_batch_stride_ = ys[ob];
    y_feature_stride_ = ys[of];
    if (feature_groups_ < 1 || batch_groups_ < 1 || (feature_groups_ > 1 && batch_groups_ > 1) ||
        batch_ % batch_groups_ != 0 || out_batch_ != batch_ / batch_groups_ ||
        features_ % feature_groups_ != 0 || group_in_ != features_ / feature_groups_ ||
        out_features_ % (feature_groups_ * batch_groups_) != 0 ||
        y.dims[of] != out_features_) {
      throw Unsupported("convolution: inconsistent feature/batch sizes");
    }
    groups_ = feature_groups_ * batch_groups_;
    group_out_ = out_features_ / groups_;
    window_size_ = 1;
    positions_ = 1;
    for (int i = 0; i < s; ++i) {
      Spatial sp;
      sp.in = x.dims[is[i]];
      sp.x_stride = xs[is[i]];
      sp.window = w.dims[ks[i]];
      sp.w_stride = ws[ks[i]];
      sp.reverse = rev[i] != 0;
      sp.out = y.dims[os[i]];
      sp.out_stride = ys[os[i]];
      sp.stride = strides[i];
      sp.lhs_dilation = lhs_dil[i];
      sp.rhs_dilation = rhs_dil[i];
      sp.pad_low = pad_lo[i];
      if (sp.stride < 1 || sp.lhs_dilation < 1 || sp.rhs_dilation < 1) {
        throw Unsupported("convolution: non-positive stride or dilation");
      }
      sp.dilated = sp.in > 0 ? (sp.in - 1) * sp.lhs_dilation + 1 : 0;
      const int64_t padded = sp.dilated + pad_lo[i] + pad_hi[i];
      const int64_t extent = sp.window > 0 ? (sp.window - 1) * sp.rhs_dilation + 1 : 0;
      const int64_t expected =
          padded <= 0 || extent > padded ? 0 : (padded - extent) / sp.stride + 1;
      if (expected != sp.out) throw Unsupported("convolution: output size does not match");
      window_size_ *= sp.window;
      positions_ *= sp.out;
      spatial_.push_back(sp);
    }
    depth_ = window_size_ * group_in_;
    if (!ChooseShifted()) ChooseLayout();
    if (!gemm::FitsBlasInt(depth_) || !gemm::FitsBlasInt(group_out_) ||
        !gemm::FitsBlasInt(chunk_ * positions_) || !gemm::FitsBlasInt(ldc_) ||
        !gemm::FitsBlasInt(out_features_)) {
      throw Unsupported("convolution: sizes out of BLAS range");
    }
    out_elements_ = y.num_elements();
    set_cost(std::max<int64_t>(out_elements_ * depth_, x.nbytes() + y.nbytes()) + 1);
  }

  void Run(const void* const* inputs, void* const* outputs) override {
    const int64_t size = gemm_.element_size();
    if (out_elements_ == 0) return;
    if (depth_ == 0) {  // empty windows or no input features: all sums are zero
      std::memset(outputs[0], 0, static_cast<size_t>(out_elements_ * size));
      return;
    }
    gemm::Scratch weights(depth_ * out_features_ * size);
    PackWeights(inputs[1], weights.data());
    if (mode_ == Mode::kShifted) {
      RunShifted(static_cast<const unsigned char*>(inputs[0]), weights.data(),
                 static_cast<unsigned char*>(outputs[0]));
      return;
    }
    const int64_t columns = chunk_ * positions_;
    gemm::Scratch patches(depth_ * columns * size);
    gemm::Scratch staging(mode_ == Mode::kStaged ? out_elements_ * size : 0);
    unsigned char* out = mode_ == Mode::kStaged ? staging.data()
                                                : static_cast<unsigned char*>(outputs[0]);
    const int64_t batch_stride = mode_ == Mode::kStaged ? positions_ * out_features_
                                                        : y_batch_stride_;
    for (int64_t n0 = 0; n0 < out_batch_; n0 += chunk_) {
      const int64_t images = std::min(chunk_, out_batch_ - n0);
      const int64_t cols = images * positions_;
      for (int64_t g = 0; g < groups_; ++g) {
        const int64_t first_image = (batch_groups_ > 1 ? g * out_batch_ : 0) + n0;
        const int64_t first_feature = feature_groups_ > 1 ? g * group_in_ : 0;
        const unsigned char* x = static_cast<const unsigned char*>(inputs[0]) +
                                 (first_image * x_batch_stride_ +
                                  first_feature * x_feature_stride_) * size;
        const unsigned char* wg = weights.data() + g * group_out_ * depth_ * size;
        unsigned char* yg = out + n0 * batch_stride * size;
        if (mode_ == Mode::kFeatureMajor) {
          Im2ColRows(x, images, patches.data());
          // out^T (cols x og, column-major, ldc) = Col^T (cols x depth) * W_g^T.
          gemm_.Parallel(false, false, cols, group_out_, depth_, patches.data(), cols, wg, depth_,
                         yg + g * group_out_ * y_feature_stride_ * size, ldc_);
        } else {
          Im2ColPatches(x, images, patches.data());
          // out^T (og x cols, column-major, ldc) = W_g^T (og x depth) * Patch^T.
          gemm_.Parallel(false, false, group_out_, cols, depth_, wg, group_out_, patches.data(),
                         depth_, yg + g * group_out_ * size,
                         mode_ == Mode::kStaged ? out_features_ : ldc_);
        }
      }
    }
    if (mode_ == Mode::kStaged) {
      // staging is [batch, spatial..., feature]; scatter into the result.
      std::vector<int64_t> sizes{out_batch_}, src, dst{y_batch_stride_};
      for (const Spatial& sp : spatial_) {
        sizes.push_back(sp.out);
        dst.push_back(sp.out_stride);
      }
      sizes.push_back(out_features_);
      dst.push_back(y_feature_stride_);
      src = gemm::RowMajorStrides(sizes);
      gemm::StridedCopy(size, staging.data(), src.data(), outputs[0], dst.data(), sizes.data(),
                        static_cast<int>(sizes.size()));
    }
  }

 private:
  enum class Mode { kFeatureMajor, kFeatureMinor, kStaged, kShifted };

  // Unit strides and no input dilation: each window position is a GEMM on
  // the zero-padded input read at a shifted offset (no im2col), summed into a
  // scratch result on the padded grid, whose valid part is copied out. Needs
  // enough features per group for GEMMs with K = Cg to run at full speed.
  bool ChooseShifted() {
    if (spatial_.empty() || group_in_ < kShiftedMinFeatures || positions_ == 0) return false;
    for (const Spatial& sp : spatial_) {
      if (sp.stride != 1 || sp.lhs_dilation != 1 || sp.out == 0 || sp.window == 0) return false;
    }
    const int s = static_cast<int>(spatial_.size());
    padded_.assign(s, 0);
    padded_strides_.assign(s, 1);
    for (int i = 0; i < s; ++i) {
      padded_[i] = spatial_[i].out + (spatial_[i].window - 1) * spatial_[i].rhs_dilation;
    }
    padded_size_ = 1;
    for (int i = s - 1; i >= 0; --i) {
      padded_strides_[i] = padded_size_;
      padded_size_ *= padded_[i];
    }
    span_ = 1;  // columns of one image's GEMM: up to the last valid position
    for (int i = 0; i < s; ++i) span_ += (spatial_[i].out - 1) * padded_strides_[i];
    const int64_t image_bytes =
        (group_in_ + group_out_) * padded_size_ * gemm_.element_size();
    chunk_ = std::max<int64_t>(1, std::min(out_batch_, kChunkBytes / image_bytes));
    const int64_t max_cols = (chunk_ - 1) * padded_size_ + span_;
    if (!gemm::FitsBlasInt(chunk_ * padded_size_) || !gemm::FitsBlasInt(max_cols)) return false;
    mode_ = Mode::kShifted;
    ldc_ = max_cols;
    return true;
  }

  void RunShifted(const unsigned char* x, const unsigned char* weights,
                  unsigned char* out) const {
    const int64_t size = gemm_.element_size();
    const int s = static_cast<int>(spatial_.size());
    const int64_t image_stride = padded_size_;
    const int64_t feature_stride = chunk_ * padded_size_;  // padded[c][image][position]
    gemm::Scratch padded(group_in_ * feature_stride * size);
    gemm::Scratch result(group_out_ * ldc_ * size);
    // The padding border stays zero: each chunk rewrites only the interior.
    std::memset(padded.data(), 0, static_cast<size_t>(group_in_ * feature_stride * size));
    // Interior copy: the input's clipped region (negative padding crops it).
    std::vector<int64_t> copy_dims{0}, src_strides{x_batch_stride_};
    std::vector<int64_t> dst_strides{image_stride};
    int64_t src_start = 0, dst_start = 0;
    for (int i = 0; i < s; ++i) {
      const Spatial& sp = spatial_[i];
      const int64_t first = std::max<int64_t>(0, -sp.pad_low);
      const int64_t last = std::min(sp.in, padded_[i] - sp.pad_low);
      copy_dims.push_back(std::max<int64_t>(0, last - first));
      src_strides.push_back(sp.x_stride);
      dst_strides.push_back(padded_strides_[i]);
      src_start += first * sp.x_stride;
      dst_start += (first + sp.pad_low) * padded_strides_[i];
    }
    std::vector<int64_t> window_offsets(window_size_);
    for (int64_t k = 0; k < window_size_; ++k) {
      int64_t rest = k, offset = 0;
      for (int i = s - 1; i >= 0; --i) {
        offset += (rest % spatial_[i].window) * spatial_[i].rhs_dilation * padded_strides_[i];
        rest /= spatial_[i].window;
      }
      window_offsets[k] = offset;
    }
    // Crop copy: result[o][image * image_stride + position] -> out.
    std::vector<int64_t> crop_dims{0}, crop_src{image_stride}, crop_dst{y_batch_stride_};
    for (int i = 0; i < s; ++i) {
      crop_dims.push_back(spatial_[i].out);
      crop_src.push_back(padded_strides_[i]);
      crop_dst.push_back(spatial_[i].out_stride);
    }
    for (int64_t n0 = 0; n0 < out_batch_; n0 += chunk_) {
      const int64_t images = std::min(chunk_, out_batch_ - n0);
      const int64_t cols = (images - 1) * image_stride + span_;
      copy_dims[0] = crop_dims[0] = images;
      for (int64_t g = 0; g < groups_; ++g) {
        const int64_t first_image = (batch_groups_ > 1 ? g * out_batch_ : 0) + n0;
        const int64_t first_feature = feature_groups_ > 1 ? g * group_in_ : 0;
        const unsigned char* xg =
            x + (first_image * x_batch_stride_ + first_feature * x_feature_stride_ + src_start) *
                    size;
        ParallelFor(group_in_, 1, [&](int64_t begin, int64_t end) {
          for (int64_t c = begin; c < end; ++c) {
            gemm::StridedCopy(size, xg + c * x_feature_stride_ * size, src_strides.data(),
                              padded.data() + (c * feature_stride + dst_start) * size,
                              dst_strides.data(), copy_dims.data(), s + 1);
          }
        });
        // result^T (cols x og, column-major) += X_k^T (cols x Cg) * W_k^T (Cg x og).
        const unsigned char* wg = weights + g * group_out_ * depth_ * size;
        for (int64_t k = 0; k < window_size_; ++k) {
          gemm_.Parallel(false, false, cols, group_out_, group_in_,
                         padded.data() + window_offsets[k] * size, feature_stride,
                         wg + k * group_out_ * group_in_ * size, group_in_, result.data(), ldc_,
                         k > 0);
        }
        unsigned char* yg = out + (n0 * y_batch_stride_ + g * group_out_ * y_feature_stride_) * size;
        ParallelFor(group_out_, 1, [&](int64_t begin, int64_t end) {
          for (int64_t o = begin; o < end; ++o) {
            gemm::StridedCopy(size, result.data() + o * ldc_ * size, crop_src.data(),
                              yg + o * y_feature_stride_ * size, crop_dst.data(),
                              crop_dims.data(), s + 1);
          }
        });
      }
    }
  }

  static void CheckPermutation(int64_t a, int64_t b, const std::vector<int64_t>& rest, int rank) {
    std::vector<bool> seen(rank, false);
    std::vector<int64_t> all{a, b};
    all.insert(all.end(), rest.begin(), rest.end());
    for (int64_t d : all) {
      if (d < 0 || d >= rank || seen[d]) throw Unsupported("convolution: bad dimension numbers");
      seen[d] = true;
    }
  }

  // Picks how the GEMM writes the result and how many images one GEMM covers.
  void ChooseLayout() {
    std::vector<int64_t> sizes, strides;
    for (const Spatial& sp : spatial_) {
      sizes.push_back(sp.out);
      strides.push_back(sp.out_stride);
    }
    int64_t position_stride = 0;
    bool flexible = false;
    const bool merged = MergedStride(sizes, strides, &position_stride, &flexible);
    if (flexible) position_stride = positions_ == 1 ? y_batch_stride_ : 1;
    // Images chain into one index when the batch stride continues the positions'.
    const bool images_chain = out_batch_ <= 1 || y_batch_stride_ == positions_ * position_stride;
    const int64_t image_bytes = std::max<int64_t>(1, depth_ * positions_ * gemm_.element_size());
    int64_t chunk = images_chain ? std::max<int64_t>(1, kChunkBytes / image_bytes) : 1;
    chunk = std::max<int64_t>(1, std::min(chunk, out_batch_));
    const int64_t max_cols = chunk * positions_;
    if (merged && position_stride == 1 &&
        (out_features_ == 1 || y_feature_stride_ >= max_cols)) {
      mode_ = Mode::kFeatureMajor;
      ldc_ = out_features_ == 1 ? std::max<int64_t>(1, max_cols) : y_feature_stride_;
      chunk_ = chunk;
      return;
    }
    if (merged && (y_feature_stride_ == 1 || out_features_ == 1) &&
        (max_cols == 1 || position_stride >= out_features_)) {
      mode_ = Mode::kFeatureMinor;
      ldc_ = max_cols == 1 ? std::max<int64_t>(1, out_features_) : position_stride;
      chunk_ = chunk;
      return;
    }
    mode_ = Mode::kStaged;  // contiguous [batch, positions, features] scratch
    ldc_ = std::max<int64_t>(1, out_features_);
    chunk_ = std::max<int64_t>(1, std::min(out_batch_, kChunkBytes / image_bytes));
  }

  // weights_out[g] is og x depth (feature-major), depth x og (feature-minor,
  // staged) or window x og x Cg (shifted); the depth index is (c, window) in
  // feature-major mode and (window, c) otherwise.
  void PackWeights(const void* w, unsigned char* packed) const {
    const int64_t size = gemm_.element_size();
    const int s = static_cast<int>(spatial_.size());
    std::vector<int64_t> window_offsets(window_size_);
    for (int64_t k = 0; k < window_size_; ++k) {
      int64_t rest = k, offset = 0;
      for (int i = s - 1; i >= 0; --i) {
        const Spatial& sp = spatial_[i];
        int64_t idx = rest % sp.window;
        rest /= sp.window;
        if (sp.reverse) idx = sp.window - 1 - idx;
        offset += idx * sp.w_stride;
      }
      window_offsets[k] = offset;
    }
    const bool feature_major = mode_ == Mode::kFeatureMajor;
    const bool shifted = mode_ == Mode::kShifted;
    for (int64_t o = 0; o < out_features_; ++o) {
      const int64_t g = o / group_out_, ol = o % group_out_;
      unsigned char* group = packed + g * group_out_ * depth_ * size;
      for (int64_t c = 0; c < group_in_; ++c) {
        for (int64_t k = 0; k < window_size_; ++k) {
          const int64_t src = o * w_out_stride_ + c * w_in_stride_ + window_offsets[k];
          const int64_t dst = shifted         ? (k * group_out_ + ol) * group_in_ + c
                              : feature_major ? ol * depth_ + c * window_size_ + k
                                              : (k * group_in_ + c) * group_out_ + ol;
          std::memcpy(group + dst * size, static_cast<const unsigned char*>(w) + src * size,
                      static_cast<size_t>(size));
        }
      }
    }
  }

  template <typename T>
  void Im2ColRowsT(const T* x, int64_t images, T* col) const {
    const int s = static_cast<int>(spatial_.size());
    const int64_t cols = images * positions_;
    const int64_t inner = s > 0 ? spatial_[s - 1].out : 1;
    const int64_t outer_positions = positions_ / std::max<int64_t>(1, inner);
    const int64_t grain = std::max<int64_t>(1, (int64_t{16} << 10) / std::max<int64_t>(1, cols));
    ParallelFor(depth_, grain, [&](int64_t begin, int64_t end) {
      int64_t kidx[kMaxSpatial];
      int64_t pidx[kMaxSpatial];
      for (int64_t r = begin; r < end; ++r) {
        const int64_t c = r / window_size_;
        int64_t rest = r % window_size_;
        for (int i = s - 1; i >= 0; --i) {
          kidx[i] = rest % spatial_[i].window;
          rest /= spatial_[i].window;
        }
        T* row = col + r * cols;
        for (int64_t n = 0; n < images; ++n) {
          const T* image = x + n * x_batch_stride_ + c * x_feature_stride_;
          for (int i = 0; i < s; ++i) pidx[i] = 0;
          for (int64_t p = 0; p < outer_positions; ++p) {
            T* dst = row + n * positions_ + p * inner;
            // Outer spatial coordinates: one input offset or all-zero.
            int64_t offset = 0;
            bool valid = true;
            for (int i = 0; i + 1 < s && valid; ++i) {
              const Spatial& sp = spatial_[i];
              const int64_t q = pidx[i] * sp.stride + kidx[i] * sp.rhs_dilation - sp.pad_low;
              valid = q >= 0 && q < sp.dilated && q % sp.lhs_dilation == 0;
              offset += (q / sp.lhs_dilation) * sp.x_stride;
            }
            if (!valid) {
              std::memset(dst, 0, sizeof(T) * inner);
            } else if (s == 0) {
              dst[0] = image[0];
            } else {
              FillLine(image + offset, spatial_[s - 1], kidx[s - 1], dst);
            }
            for (int i = s - 2; i >= 0; --i) {
              if (++pidx[i] < spatial_[i].out) break;
              pidx[i] = 0;
            }
          }
        }
      }
    });
  }

  // dst[p] = input at window offset k for output positions p along one dim.
  template <typename T>
  static void FillLine(const T* src, const Spatial& sp, int64_t k, T* dst) {
    const int64_t base = k * sp.rhs_dilation - sp.pad_low;  // q = p * stride + base
    if (sp.lhs_dilation == 1) {
      // Valid p: 0 <= p * stride + base < in.
      int64_t begin = base >= 0 ? 0 : (-base + sp.stride - 1) / sp.stride;
      int64_t end = sp.in - base > 0 ? (sp.in - base - 1) / sp.stride + 1 : 0;
      begin = std::min(begin, sp.out);
      end = std::max(begin, std::min(end, sp.out));
      if (begin > 0) std::memset(dst, 0, sizeof(T) * begin);
      if (end > begin) {
        const T* s0 = src + (begin * sp.stride + base) * sp.x_stride;
        const int64_t step = sp.stride * sp.x_stride;
        if (step == 1) {
          std::memcpy(dst + begin, s0, sizeof(T) * (end - begin));
        } else {
          for (int64_t p = begin; p < end; ++p) dst[p] = s0[(p - begin) * step];
        }
      }
      if (end < sp.out) std::memset(dst + end, 0, sizeof(T) * (sp.out - end));
      return;
    }
    for (int64_t p = 0; p < sp.out; ++p) {
      const int64_t q = p * sp.stride + base;
      if (q >= 0 && q < sp.dilated && q % sp.lhs_dilation == 0) {
        dst[p] = src[(q / sp.lhs_dilation) * sp.x_stride];
      } else {
        std::memset(&dst[p], 0, sizeof(T));
      }
    }
  }

  template <typename T>
  void Im2ColPatchesT(const T* x, int64_t images, T* patch) const {
    const int s = static_cast<int>(spatial_.size());
    const int64_t rows = images * positions_;
    const int64_t grain = std::max<int64_t>(1, (int64_t{16} << 10) / std::max<int64_t>(1, depth_));
    ParallelFor(rows, grain, [&](int64_t begin, int64_t end) {
      int64_t pidx[kMaxSpatial];
      int64_t kidx[kMaxSpatial];
      for (int64_t j = begin; j < end; ++j) {
        const int64_t n = j / positions_;
        int64_t rest = j % positions_;
        for (int i = s - 1; i >= 0; --i) {
          pidx[i] = rest % spatial_[i].out;
          rest /= spatial_[i].out;
        }
        const T* image = x + n * x_batch_stride_;
        T* dst = patch + j * depth_;
        for (int i = 0; i < s; ++i) kidx[i] = 0;
        for (int64_t k = 0; k < window_size_; ++k, dst += group_in_) {
          int64_t offset = 0;
          bool valid = true;
          for (int i = 0; i < s && valid; ++i) {
            const Spatial& sp = spatial_[i];
            const int64_t q = pidx[i] * sp.stride + kidx[i] * sp.rhs_dilation - sp.pad_low;
            valid = q >= 0 && q < sp.dilated && q % sp.lhs_dilation == 0;
            offset += (q / sp.lhs_dilation) * sp.x_stride;
          }
          if (!valid) {
            std::memset(dst, 0, sizeof(T) * group_in_);
          } else if (x_feature_stride_ == 1) {
            std::memcpy(dst, image + offset, sizeof(T) * group_in_);
          } else {
            const T* src = image + offset;
            for (int64_t c = 0; c < group_in_; ++c) dst[c] = src[c * x_feature_stride_];
          }
          for (int i = s - 1; i >= 0; --i) {
            if (++kidx[i] < spatial_[i].window) break;
            kidx[i] = 0;
          }
        }
      }
    });
  }

  void Im2ColRows(const unsigned char* x, int64_t images, unsigned char* col) const {
    switch (gemm_.element_size()) {
      case 4:
        return Im2ColRowsT(reinterpret_cast<const uint32_t*>(x), images,
                           reinterpret_cast<uint32_t*>(col));
      case 8:
        return Im2ColRowsT(reinterpret_cast<const uint64_t*>(x), images,
                           reinterpret_cast<uint64_t*>(col));
      default:
        return Im2ColRowsT(reinterpret_cast<const gemm::Word16*>(x), images,
                           reinterpret_cast<gemm::Word16*>(col));
    }
  }

  void Im2ColPatches(const unsigned char* x, int64_t images, unsigned char* patch) const {
    switch (gemm_.element_size()) {
      case 4:
        return Im2ColPatchesT(reinterpret_cast<const uint32_t*>(x), images,
                              reinterpret_cast<uint32_t*>(patch));
      case 8:
        return Im2ColPatchesT(reinterpret_cast<const uint64_t*>(x), images,
                              reinterpret_cast<uint64_t*>(patch));
      default:
        return Im2ColPatchesT(reinterpret_cast<const gemm::Word16*>(x), images,
                              reinterpret_cast<gemm::Word16*>(patch));
    }
  }

  gemm::Gemm gemm_;
  Mode mode_ = Mode::kStaged;
  std::vector<Spatial> spatial_;
  int64_t batch_ = 0, features_ = 0, x_batch_stride_ = 0, x_feature_stride_ = 0;
  int64_t group_in_ = 0, out_features_ = 0, w_in_stride_ = 0, w_out_stride_ = 0;
  int64_t out_batch_ = 0, y_batch_stride_ = 0, y_feature_stride_ = 0;
  int64_t feature_groups_ = 1, batch_groups_ = 1, groups_ = 1, group_out_ = 0;
  int64_t window_size_ = 1, positions_ = 1, depth_ = 0, out_elements_ = 0;
  int64_t chunk_ = 1, ldc_ = 1;
  // Shifted mode: the zero-padded input grid of one image.
  std::vector<int64_t> padded_, padded_strides_;
  int64_t padded_size_ = 0, span_ = 0;
};

std::unique_ptr<Kernel> MakeConvolution(const Params& params,
                                        const std::vector<TensorSpec>& inputs,
                                        const std::vector<TensorSpec>& outputs) {
  if (inputs.size() != 2 || outputs.size() != 1) {
    throw Unsupported("convolution takes two operands and one result");
  }
  return std::make_unique<ConvolutionKernel>(params, inputs, outputs);
}

}  // namespace

JAXCPU_REGISTER_KERNEL("convolution", MakeConvolution);

}  // namespace jaxcpu
