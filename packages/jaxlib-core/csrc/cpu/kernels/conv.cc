// convolution as im2col + BLAS GEMM (f32, f64, c64, c128; one element type).
//
// For a chunk of images and one feature/batch group, the patches (window
// position x input feature, for every output position) are gathered into a
// matrix, then one GEMM with the packed kernel writes the output directly:
//  * feature-major outputs (e.g. NCHW): out[o, j] = W[o, r] * Col[r, j],
//    Col rows r = (c, window) are shifted copies of input rows;
//  * feature-minor outputs (e.g. NHWC): out[j, o] = Patch[j, r] * W[r, o],
//    Patch rows gather Cg features per window position;
//  * other output layouts compute feature-minor into scratch, then scatter;
//  * few output positions under a large window (the filter gradients of
//    training, where the "window" is the whole output gradient): one GEMM
//    per output position over K = (input feature, window) on a zero-padded
//    copy of the input, read at that position's offset (RunWindow).
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
#include <numeric>

#include "kernel.h"
#include "kernels/gemm.h"
#include "kernels/widened.h"

namespace jaxcpu {
namespace {

constexpr int kMaxSpatial = 13;  // rank <= 16 after batch and feature
// Scratch per chunk of images; at least one image is always taken.
constexpr int64_t kChunkBytes = int64_t{8} << 20;
// Input features per group from which shifted GEMMs (K = features) beat im2col.
constexpr int64_t kShiftedMinFeatures = 32;
// With feature-minor outputs (NHWC) the blocked im2col path (RunFeatureMinor)
// keeps its patches in cache and wins up to many more features.
constexpr int64_t kShiftedMinFeaturesMinor = 256;
// Patch rows gathered per GEMM in feature-minor mode: about an L2's share.
constexpr int64_t kPatchBlockBytes = int64_t{192} << 10;
// Rows of both grids a window-mode task reads (RunWindow): an L2's share.
constexpr int64_t kWindowBlockBytes = int64_t{256} << 10;

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
      : gemm_(params, inputs.at(0).dtype), dtype_(inputs.at(0).dtype) {
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
    pad_high_ = pad_hi;
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
    if (!ChooseWindow() && !ChooseShifted()) ChooseLayout();
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
    if (mode_ == Mode::kWindow) {
      RunWindow(static_cast<const unsigned char*>(inputs[0]),
                static_cast<const unsigned char*>(inputs[1]),
                static_cast<unsigned char*>(outputs[0]));
      return;
    }
    gemm::Scratch weights(depth_ * out_features_ * size);
    PackWeights(inputs[1], weights.data());
    if (mode_ == Mode::kShifted) {
      RunShifted(static_cast<const unsigned char*>(inputs[0]), weights.data(),
                 static_cast<unsigned char*>(outputs[0]));
      return;
    }
    if (mode_ == Mode::kFeatureMinor) {
      RunFeatureMinor(static_cast<const unsigned char*>(inputs[0]), weights.data(),
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
  enum class Mode { kFeatureMajor, kFeatureMinor, kStaged, kShifted, kWindow };

  // Window mode: no input dilation, and far fewer output positions than
  // window elements. The input is copied once into zero-padded
  // grids, one per phase of the window dilation r (grid index j holds padded
  // input index r * j + phase), laid out [phase][feature][grid][batch]; the
  // kernel is embedded in a grid of the same shape, [feature][grid][output
  // feature], zero outside the window. Output position o (p = o * stride)
  // then reads the grid of phase p mod r at offset p div r: out[o] (batch x out features) =
  // Xgrid_shifted^T * Kgrid, one GEMM with K = features x grid size (where the
  // kernel grid is zero the shifted read may wrap; the product is zero there).
  bool ChooseWindow() {
    if (spatial_.empty() || positions_ == 0 || positions_ * 4 > window_size_) return false;
    const int s = static_cast<int>(spatial_.size());
    grid_.assign(s, 0);
    grid_strides_.assign(s, 1);
    phases_ = 1;
    for (const Spatial& sp : spatial_) {
      if (sp.lhs_dilation != 1 || sp.window == 0 || sp.in == 0) return false;
    }
    for (int i = 0; i < s; ++i) {
      const Spatial& sp = spatial_[i];
      const int64_t padded = sp.dilated + sp.pad_low + pad_high_[i];
      grid_[i] = (padded + sp.rhs_dilation - 1) / sp.rhs_dilation;
      phases_ *= sp.rhs_dilation;
    }
    grid_size_ = 1;
    for (int i = s - 1; i >= 0; --i) {
      grid_strides_[i] = grid_size_;
      grid_size_ *= grid_[i];
    }
    const int64_t size = gemm_.element_size();
    const int64_t x_elements = (phases_ * features_ + 1) * grid_size_ * batch_;
    const int64_t w_elements = group_in_ * grid_size_ * out_features_;
    if ((x_elements + w_elements) * size > (int64_t{1} << 30) ||
        !gemm::FitsBlasInt(group_in_ * grid_size_) || !gemm::FitsBlasInt(batch_) ||
        !gemm::FitsBlasInt(out_features_)) {
      return false;
    }
    mode_ = Mode::kWindow;
    chunk_ = 1;
    ldc_ = 1;
    return true;
  }

  // acc[i] += v[i] over n elements of the kernel's type (complex: both parts).
  void AddInto(unsigned char* acc, const unsigned char* v, int64_t n) const {
    const bool single = dtype_ == DType::kF32 || dtype_ == DType::kC64;
    const int64_t count = n * (dtype_ == DType::kC64 || dtype_ == DType::kC128 ? 2 : 1);
    if (single) {
      auto* a = reinterpret_cast<float*>(acc);
      const auto* b = reinterpret_cast<const float*>(v);
      for (int64_t i = 0; i < count; ++i) a[i] += b[i];
    } else {
      auto* a = reinterpret_cast<double*>(acc);
      const auto* b = reinterpret_cast<const double*>(v);
      for (int64_t i = 0; i < count; ++i) a[i] += b[i];
    }
  }

  void RunWindow(const unsigned char* x, const unsigned char* w, unsigned char* out) const {
    const int64_t size = gemm_.element_size();
    const int s = static_cast<int>(spatial_.size());
    const int64_t phase_block = features_ * grid_size_ * batch_;
    // One spare grid after the last phase: shifted reads that wrap stay in it.
    const int64_t x_elements = (phases_ * features_ + 1) * grid_size_ * batch_;
    gemm::Scratch xgrid(x_elements * size);
    gemm::Scratch wgrid(group_in_ * grid_size_ * out_features_ * size);
    std::memset(xgrid.data(), 0, static_cast<size_t>(x_elements * size));
    std::memset(wgrid.data(), 0,
                static_cast<size_t>(group_in_ * grid_size_ * out_features_ * size));

    // The input into each phase's grid: [feature][grid...][batch].
    std::vector<int64_t> dims(s + 2), src(s + 2), dst(s + 2);
    for (int64_t phase = 0; phase < phases_; ++phase) {
      int64_t rest = phase, src_start = 0, dst_start = phase * phase_block;
      bool empty = false;
      for (int i = s - 1; i >= 0; --i) {
        const Spatial& sp = spatial_[i];
        const int64_t r = sp.rhs_dilation, phi = rest % r;
        rest /= r;
        // Input indices q with 0 <= q < in, 0 <= q + pad_low < padded extent
        // and (q + pad_low) = phi (mod r): grid index (q + pad_low - phi) / r.
        const int64_t padded = sp.dilated + sp.pad_low + pad_high_[i];
        int64_t q0 = std::max<int64_t>(0, -sp.pad_low);
        const int64_t q_end = std::min(sp.in, padded - sp.pad_low);
        const int64_t mod = ((q0 + sp.pad_low - phi) % r + r) % r;
        if (mod != 0) q0 += r - mod;
        const int64_t count = q_end > q0 ? (q_end - q0 + r - 1) / r : 0;
        if (count == 0) empty = true;
        dims[i + 1] = count;
        src[i + 1] = r * sp.x_stride;
        dst[i + 1] = grid_strides_[i] * batch_;
        src_start += q0 * sp.x_stride;
        dst_start += ((q0 + sp.pad_low - phi) / r) * grid_strides_[i] * batch_;
      }
      if (empty) continue;
      dims[0] = features_;
      src[0] = x_feature_stride_;
      dst[0] = grid_size_ * batch_;
      dims[s + 1] = batch_;
      src[s + 1] = x_batch_stride_;
      dst[s + 1] = 1;
      gemm::StridedCopy(size, x + src_start * size, src.data(), xgrid.data() + dst_start * size,
                        dst.data(), dims.data(), s + 2);
    }
    // The kernel into its grid: [feature][window position][output feature].
    {
      int64_t src_start = 0;
      for (int i = 0; i < s; ++i) {
        const Spatial& sp = spatial_[i];
        dims[i + 1] = sp.window;
        // A reversed window reads the kernel backwards.
        src[i + 1] = sp.reverse ? -sp.w_stride : sp.w_stride;
        if (sp.reverse) src_start += (sp.window - 1) * sp.w_stride;
        dst[i + 1] = grid_strides_[i] * out_features_;
      }
      dims[0] = group_in_;
      src[0] = w_in_stride_;
      dst[0] = grid_size_ * out_features_;
      dims[s + 1] = out_features_;
      src[s + 1] = w_out_stride_;
      dst[s + 1] = 1;
      gemm::StridedCopy(size, w + src_start * size, src.data(), wgrid.data(), dst.data(),
                        dims.data(), s + 2);
    }
    // One GEMM per (output position, group) into result[position][o][batch].
    const int64_t per_position = out_features_ * out_batch_;
    gemm::Scratch result(positions_ * per_position * size);
    const int64_t k = group_in_ * grid_size_;
    // Tasks: blocks of K small enough that the block's rows of both grids stay
    // in cache while every (position, group) product reads them (the
    // positions' shifted reads overlap), each task into its own partial
    // result; the partials are summed afterwards.
    const int64_t units = positions_ * groups_;
    const int64_t row_bytes = (batch_ + out_features_) * size;
    const int64_t block_k = std::max<int64_t>(256, kWindowBlockBytes / row_bytes);
    const int64_t parts = (k + block_k - 1) / block_k;
    const int64_t part_k = (k + parts - 1) / parts;
    const int64_t result_elements = positions_ * per_position;
    gemm::Scratch partials(std::max<int64_t>(0, parts - 1) * result_elements * size);
    auto product = [&](int64_t unit, int64_t part) {
      const int64_t position = unit / groups_, g = unit % groups_;
      const int64_t k0 = part * part_k, k_count = std::min(part_k, k - k0);
      int64_t rest = position, phase = 0, phase_scale = 1, shift = 0;
      for (int i = s - 1; i >= 0; --i) {
        const Spatial& sp = spatial_[i];
        // Output position o reads padded input p + k r, p = o * stride.
        const int64_t p = (rest % sp.out) * sp.stride;
        rest /= sp.out;
        phase += (p % sp.rhs_dilation) * phase_scale;
        phase_scale *= sp.rhs_dilation;
        shift += (p / sp.rhs_dilation) * grid_strides_[i];
      }
      const int64_t b0 = batch_groups_ > 1 ? g * out_batch_ : 0;
      const int64_t c0 = feature_groups_ > 1 ? g * group_in_ : 0;
      const int64_t o0 = g * group_out_;
      const unsigned char* a =
          xgrid.data() +
          (((phase * features_ + c0) * grid_size_ + shift + k0) * batch_ + b0) * size;
      const unsigned char* b = wgrid.data() + (k0 * out_features_ + o0) * size;
      unsigned char* target = part == 0 ? result.data()
                                        : partials.data() + (part - 1) * result_elements * size;
      unsigned char* c = target + (position * per_position + o0 * out_batch_) * size;
      if (k_count <= 0) {
        for (int64_t o = 0; o < group_out_; ++o) {
          std::memset(c + o * out_batch_ * size, 0, static_cast<size_t>(out_batch_ * size));
        }
        return;
      }
      // Column-major: C (batch x og) = A (batch x K, lda batch) * B^T, with B
      // stored (og x K, ldb out features).
      gemm_(false, true, out_batch_, group_out_, k_count, a, batch_, b, out_features_, c,
            out_batch_);
    };
    {
      auto single = gemm_.SingleThreaded();
      ParallelFor(parts, 1, [&](int64_t first, int64_t last) {
        for (int64_t part = first; part < last; ++part) {
          for (int64_t unit = 0; unit < units; ++unit) product(unit, part);
        }
      });
    }
    for (int64_t part = 1; part < parts; ++part) {
      AddInto(result.data(), partials.data() + (part - 1) * result_elements * size,
              result_elements);
    }
    // result [positions...][o][batch] -> the output's layout.
    for (int i = 0; i < s; ++i) {
      dims[i] = spatial_[i].out;
      dst[i] = spatial_[i].out_stride;
    }
    dims[s] = out_features_;
    dst[s] = y_feature_stride_;
    dims[s + 1] = out_batch_;
    dst[s + 1] = y_batch_stride_;
    const std::vector<int64_t> result_strides =
        gemm::RowMajorStrides(std::vector<int64_t>(dims.begin(), dims.end()));
    gemm::StridedCopy(size, result.data(), result_strides.data(), out, dst.data(), dims.data(),
                      s + 2);
  }

  // Unit strides and no input dilation: each window position is a GEMM on
  // the zero-padded input read at a shifted offset (no im2col), summed into a
  // scratch result on the padded grid, whose valid part is copied out. Needs
  // enough features per group for GEMMs with K = Cg to run at full speed.
  bool ChooseShifted() {
    const int64_t min_features =
        y_feature_stride_ == 1 ? kShiftedMinFeaturesMinor : kShiftedMinFeatures;
    if (spatial_.empty() || group_in_ < min_features || positions_ == 0) return false;
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

  // Feature-minor outputs (NHWC): blocks of output rows (positions), each
  // gathered into a patch matrix small enough to stay in cache and multiplied
  // at once on the same thread, so the patches are never written to memory.
  // Blocks span images when their rows continue one another.
  void RunFeatureMinor(const unsigned char* x, const unsigned char* weights,
                       unsigned char* out) const {
    const int64_t size = gemm_.element_size();
    const int64_t rows_per_image = positions_;
    const int64_t total_rows = out_batch_ * rows_per_image;
    int64_t block = std::max<int64_t>(16, kPatchBlockBytes / std::max<int64_t>(1, depth_ * size));
    block = (block + 15) / 16 * 16;
    // Units: blocks of rows, within one image unless images chain.
    const int64_t blocks_per_image = (rows_per_image + block - 1) / block;
    const int64_t units = images_chain_ ? (total_rows + block - 1) / block
                                        : out_batch_ * blocks_per_image;
    auto single = gemm_.SingleThreaded();
    for (int64_t g = 0; g < groups_; ++g) {
      const int64_t first_image = batch_groups_ > 1 ? g * out_batch_ : 0;
      const int64_t first_feature = feature_groups_ > 1 ? g * group_in_ : 0;
      const unsigned char* xg =
          x + (first_image * x_batch_stride_ + first_feature * x_feature_stride_) * size;
      const unsigned char* wg = weights + g * group_out_ * depth_ * size;
      unsigned char* yg = out + g * group_out_ * size;
      ParallelFor(units, 1, [&](int64_t first, int64_t last) {
        gemm::Scratch patch(block * depth_ * size);
        for (int64_t unit = first; unit < last; ++unit) {
          int64_t row0, count;
          if (images_chain_) {
            row0 = unit * block;
            count = std::min(block, total_rows - row0);
          } else {
            const int64_t image = unit / blocks_per_image;
            const int64_t offset = (unit % blocks_per_image) * block;
            row0 = image * rows_per_image + offset;
            count = std::min(block, rows_per_image - offset);
          }
          PatchRows(xg, row0, row0 + count, patch.data());
          const int64_t image = row0 / rows_per_image, position = row0 % rows_per_image;
          unsigned char* c = yg + (image * y_batch_stride_ + position * ldc_) * size;
          if (images_chain_) c = yg + row0 * ldc_ * size;
          // out^T (og x rows, column-major, ldc) = W_g^T (og x depth) * Patch^T.
          gemm_(false, false, group_out_, count, depth_, wg, group_out_, patch.data(), depth_,
                c, ldc_);
        }
      });
    }
  }

  void PatchRows(const unsigned char* x, int64_t first, int64_t last,
                 unsigned char* patch) const {
    switch (gemm_.element_size()) {
      case 4:
        return PatchRowsT(reinterpret_cast<const uint32_t*>(x), first, last,
                          reinterpret_cast<uint32_t*>(patch));
      case 8:
        return PatchRowsT(reinterpret_cast<const uint64_t*>(x), first, last,
                          reinterpret_cast<uint64_t*>(patch));
      default:
        return PatchRowsT(reinterpret_cast<const gemm::Word16*>(x), first, last,
                          reinterpret_cast<gemm::Word16*>(patch));
    }
  }

  // Patch rows [first, last) (row j: image j / positions, output position
  // j % positions), each depth = window x Cg elements, into `patch`. Along the
  // innermost spatial dimension the taps of one window row are read as one
  // run when the input's features are contiguous and follow each other from
  // position to position (NHWC, no dilation there): one copy per window row.
  template <typename T>
  void PatchRowsT(const T* x, int64_t first, int64_t last, T* patch) const {
    const int s = static_cast<int>(spatial_.size());
    bool dilated = false;
    for (const Spatial& sp : spatial_) dilated = dilated || sp.lhs_dilation != 1;
    if (dilated || s == 0) {
      PatchRowsGeneralT(x, first, last, patch);
      return;
    }
    const Spatial& in = spatial_[s - 1];
    const bool runs = x_feature_stride_ == 1 && in.rhs_dilation == 1 && in.x_stride == group_in_;
    const int64_t outer_window = window_size_ / in.window;
    const int64_t row_elements = in.window * group_in_;
    int64_t pidx[kMaxSpatial];
    int64_t kidx[kMaxSpatial];
    int64_t rest = first % positions_;
    int64_t n = first / positions_;
    for (int i = s - 1; i >= 0; --i) {
      pidx[i] = rest % spatial_[i].out;
      rest /= spatial_[i].out;
    }
    for (int64_t j = first; j < last; ++j) {
      const T* image = x + n * x_batch_stride_;
      T* dst = patch + (j - first) * depth_;
      // Innermost dimension: taps kw with 0 <= p * stride + kw - pad < in.
      const int64_t base = pidx[s - 1] * in.stride - in.pad_low;
      for (int i = 0; i + 1 < s; ++i) kidx[i] = 0;
      for (int64_t ko = 0; ko < outer_window; ++ko, dst += row_elements) {
        int64_t offset = 0;
        bool valid = true;
        for (int i = 0; i + 1 < s && valid; ++i) {
          const Spatial& sp = spatial_[i];
          const int64_t q = pidx[i] * sp.stride + kidx[i] * sp.rhs_dilation - sp.pad_low;
          valid = q >= 0 && q < sp.in;
          offset += q * sp.x_stride;
        }
        for (int i = s - 2; i >= 0; --i) {
          if (++kidx[i] < spatial_[i].window) break;
          kidx[i] = 0;
        }
        if (!valid) {
          std::memset(dst, 0, sizeof(T) * row_elements);
          continue;
        }
        if (runs) {
          const int64_t lo = std::clamp<int64_t>(-base, 0, in.window);
          const int64_t hi = std::clamp<int64_t>(in.in - base, lo, in.window);
          if (lo > 0) std::memset(dst, 0, sizeof(T) * lo * group_in_);
          if (hi > lo) {
            std::memcpy(dst + lo * group_in_, image + offset + (base + lo) * group_in_,
                        sizeof(T) * (hi - lo) * group_in_);
          }
          if (hi < in.window) {
            std::memset(dst + hi * group_in_, 0, sizeof(T) * (in.window - hi) * group_in_);
          }
          continue;
        }
        for (int64_t kw = 0; kw < in.window; ++kw) {
          T* d = dst + kw * group_in_;
          const int64_t q = base + kw * in.rhs_dilation;
          if (q < 0 || q >= in.in) {
            std::memset(d, 0, sizeof(T) * group_in_);
          } else if (x_feature_stride_ == 1) {
            std::memcpy(d, image + offset + q * in.x_stride, sizeof(T) * group_in_);
          } else {
            const T* src = image + offset + q * in.x_stride;
            for (int64_t c = 0; c < group_in_; ++c) d[c] = src[c * x_feature_stride_];
          }
        }
      }
      for (int i = s - 1; i >= 0; --i) {  // next output position
        if (++pidx[i] < spatial_[i].out) break;
        pidx[i] = 0;
        if (i == 0) ++n;
      }
    }
  }

  // Any input dilation: every tap checked on its own.
  template <typename T>
  void PatchRowsGeneralT(const T* x, int64_t first, int64_t last, T* patch) const {
    const int s = static_cast<int>(spatial_.size());
    int64_t pidx[kMaxSpatial];
    int64_t kidx[kMaxSpatial];
    for (int64_t j = first; j < last; ++j) {
      const int64_t n = j / positions_;
      int64_t rest = j % positions_;
      for (int i = s - 1; i >= 0; --i) {
        pidx[i] = rest % spatial_[i].out;
        rest /= spatial_[i].out;
      }
      const T* image = x + n * x_batch_stride_;
      T* dst = patch + (j - first) * depth_;
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
      images_chain_ = images_chain;
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
    const int64_t rows = images * positions_;
    const int64_t grain = std::max<int64_t>(1, (int64_t{16} << 10) / std::max<int64_t>(1, depth_));
    ParallelFor(rows, grain, [&](int64_t begin, int64_t end) {
      PatchRowsT(x, begin, end, patch + begin * depth_);
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
  DType dtype_;
  Mode mode_ = Mode::kStaged;
  std::vector<Spatial> spatial_;
  int64_t batch_ = 0, features_ = 0, x_batch_stride_ = 0, x_feature_stride_ = 0;
  int64_t group_in_ = 0, out_features_ = 0, w_in_stride_ = 0, w_out_stride_ = 0;
  int64_t out_batch_ = 0, y_batch_stride_ = 0, y_feature_stride_ = 0;
  int64_t feature_groups_ = 1, batch_groups_ = 1, groups_ = 1, group_out_ = 0;
  int64_t window_size_ = 1, positions_ = 1, depth_ = 0, out_elements_ = 0;
  int64_t chunk_ = 1, ldc_ = 1;
  bool images_chain_ = false;
  // Window mode: the phase grids' shape and the high paddings.
  std::vector<int64_t> grid_, grid_strides_, pad_high_;
  int64_t grid_size_ = 0, phases_ = 1;
  // Shifted mode: the zero-padded input grid of one image.
  std::vector<int64_t> padded_, padded_strides_;
  int64_t padded_size_ = 0, span_ = 0;
};

// A convolution with input (lhs) dilation and unit strides -- the data
// gradient of a strided convolution -- split by output phase: output
// positions p = L * p' + phase read only the window taps that land on real
// input elements, an arithmetic progression of taps that reads consecutive
// inputs. Each phase is an ordinary convolution (no input dilation) of the
// input with that sub-kernel, computed into scratch and copied to its
// positions: no multiplications by the inserted zeros.
class PhasedConvolution : public Kernel {
 public:
  PhasedConvolution(const Params& params, const std::vector<TensorSpec>& inputs,
                    const std::vector<TensorSpec>& outputs)
      : x_(inputs[0]), w_(inputs[1]), y_(outputs[0]) {
    size_ = DTypeSize(x_.dtype);
    const std::vector<int64_t> is = params.get_ints("input_spatial_dims");
    const std::vector<int64_t> ks = params.get_ints("kernel_spatial_dims");
    const std::vector<int64_t> os = params.get_ints("output_spatial_dims");
    const std::vector<int64_t> lhs = params.get_ints("lhs_dilation");
    const std::vector<int64_t> rhs = params.get_ints("rhs_dilation");
    const std::vector<int64_t> pad = params.get_ints("padding_low");
    const std::vector<int64_t> rev = params.get_ints("window_reversal");
    const int s = static_cast<int>(is.size());
    const std::vector<int64_t> ws = gemm::RowMajorStrides(w_.dims);
    const std::vector<int64_t> ys = gemm::RowMajorStrides(y_.dims);
    int64_t phases = 1;
    for (int64_t l : lhs) phases *= l;
    bool any_empty = false;
    for (int64_t phase = 0; phase < phases; ++phase) {
      Phase ph;
      ph.w_dims = w_.dims;
      ph.y_dims = y_.dims;
      ph.w_src_strides = ws;
      ph.y_dst_strides = ys;
      Params sub = params;
      std::vector<int64_t> sub_rhs(s), sub_pad_lo(s), sub_pad_hi(s);
      int64_t rest = phase;
      bool empty = false;
      for (int i = s - 1; i >= 0; --i) {
        const int64_t l = lhs[i], r = rhs[i], phi = rest % l;
        rest /= l;
        const int64_t in = x_.dims[is[i]], window = w_.dims[ks[i]], out = y_.dims[os[i]];
        const int64_t count = out > phi ? (out - phi + l - 1) / l : 0;
        // Taps k with (phi + k r - pad) = 0 (mod l): k0, k0 + step, ...
        int64_t k0 = -1;
        for (int64_t k = 0; k < std::min(window, l); ++k) {
          if ((((phi + k * r - pad[i]) % l) + l) % l == 0) {
            k0 = k;
            break;
          }
        }
        const int64_t step = l / std::gcd(r, l);
        const int64_t taps = k0 < 0 || k0 >= window ? 0 : (window - k0 + step - 1) / step;
        if (count == 0 || taps == 0) empty = true;
        ph.y_dims[os[i]] = count;
        ph.w_dims[ks[i]] = taps;
        // Sub-kernel tap t is kernel tap k0 + t step (mirrored when reversed).
        if (rev[i] != 0) {
          ph.w_src_offset += (window - 1 - k0) * ws[ks[i]];
          ph.w_src_strides[ks[i]] = -step * ws[ks[i]];
        } else {
          ph.w_src_offset += k0 * ws[ks[i]];
          ph.w_src_strides[ks[i]] = step * ws[ks[i]];
        }
        ph.y_dst_offset += phi * ys[os[i]];
        ph.y_dst_strides[os[i]] = l * ys[os[i]];
        // Input index of tap t at output p': p' + (phi + k0 r - pad) / l + t (step r / l).
        sub_rhs[i] = step * r / l;
        sub_pad_lo[i] = taps > 0 ? -(phi + k0 * r - pad[i]) / l : 0;
        const int64_t extent = taps > 0 ? (taps - 1) * sub_rhs[i] + 1 : 0;
        sub_pad_hi[i] = count - 1 + extent - in - sub_pad_lo[i];
      }
      if (empty) {
        any_empty = true;
        continue;
      }
      sub.ints["lhs_dilation"] = std::vector<int64_t>(s, 1);
      sub.ints["rhs_dilation"] = sub_rhs;
      sub.ints["padding_low"] = sub_pad_lo;
      sub.ints["padding_high"] = sub_pad_hi;
      sub.ints["window_reversal"] = std::vector<int64_t>(s, 0);
      TensorSpec w_sub = w_, y_sub = y_;
      w_sub.dims = ph.w_dims;
      y_sub.dims = ph.y_dims;
      ph.kernel = std::make_unique<ConvolutionKernel>(sub, std::vector<TensorSpec>{x_, w_sub},
                                                      std::vector<TensorSpec>{y_sub});
      phases_.push_back(std::move(ph));
    }
    zero_first_ = any_empty;
    int64_t cost = 0;
    for (const Phase& ph : phases_) cost += ph.kernel->Cost();
    set_cost(std::max<int64_t>(cost, 1));
  }

  void Run(const void* const* inputs, void* const* outputs) override {
    if (zero_first_) std::memset(outputs[0], 0, static_cast<size_t>(y_.nbytes()));
    const auto* w = static_cast<const unsigned char*>(inputs[1]);
    auto* y = static_cast<unsigned char*>(outputs[0]);
    for (const Phase& ph : phases_) {
      int64_t w_elements = 1, y_elements = 1;
      for (int64_t d : ph.w_dims) w_elements *= d;
      for (int64_t d : ph.y_dims) y_elements *= d;
      gemm::Scratch sub_w(w_elements * size_), sub_y(y_elements * size_);
      const std::vector<int64_t> w_dense = gemm::RowMajorStrides(ph.w_dims);
      gemm::StridedCopy(size_, w + ph.w_src_offset * size_, ph.w_src_strides.data(),
                        sub_w.data(), w_dense.data(), ph.w_dims.data(),
                        static_cast<int>(ph.w_dims.size()));
      const void* sub_inputs[2] = {inputs[0], sub_w.data()};
      void* sub_outputs[1] = {sub_y.data()};
      ph.kernel->Run(sub_inputs, sub_outputs);
      const std::vector<int64_t> y_dense = gemm::RowMajorStrides(ph.y_dims);
      gemm::StridedCopy(size_, sub_y.data(), y_dense.data(), y + ph.y_dst_offset * size_,
                        ph.y_dst_strides.data(), ph.y_dims.data(),
                        static_cast<int>(ph.y_dims.size()));
    }
  }

 private:
  struct Phase {
    std::vector<int64_t> w_dims, w_src_strides, y_dims, y_dst_strides;
    int64_t w_src_offset = 0, y_dst_offset = 0;
    std::unique_ptr<Kernel> kernel;
  };
  TensorSpec x_, w_, y_;
  int64_t size_ = 0;
  bool zero_first_ = false;
  std::vector<Phase> phases_;
};

// Whether a convolution runs by phases (PhasedConvolution): input dilation,
// unit strides, one group, and a validated layout (the plain kernel is built
// first, so malformed parameters fail there).
bool UsesPhases(const Params& params) {
  const std::vector<int64_t> lhs = gemm::IntsOrEmpty(params, "lhs_dilation");
  const std::vector<int64_t> strides = gemm::IntsOrEmpty(params, "window_strides");
  bool dilated = false;
  for (int64_t l : lhs) dilated = dilated || l > 1;
  for (int64_t st : strides) {
    if (st != 1) return false;
  }
  return dilated && params.get_int("feature_group_count") == 1 &&
         params.get_int("batch_group_count") == 1;
}

std::unique_ptr<Kernel> MakeConvolution(const Params& params,
                                        const std::vector<TensorSpec>& inputs,
                                        const std::vector<TensorSpec>& outputs) {
  if (inputs.size() != 2 || outputs.size() != 1) {
    throw Unsupported("convolution takes two operands and one result");
  }
  if (AnyNarrowFloat(inputs) || AnyNarrowFloat(outputs)) {
    // bfloat16 / float16: the f32 convolution, each result rounded once (widened.h).
    if (inputs[0].dtype != inputs[1].dtype || !IsNarrowFloat(inputs[0].dtype) ||
        (outputs[0].dtype != inputs[0].dtype && outputs[0].dtype != DType::kF32)) {
      throw Unsupported("convolution: operands and result must share one BLAS type");
    }
    return MakeWidened(&MakeConvolution, params, inputs, outputs);
  }
  auto direct = std::make_unique<ConvolutionKernel>(params, inputs, outputs);
  if (UsesPhases(params) && outputs[0].num_elements() > 0) {
    try {
      return std::make_unique<PhasedConvolution>(params, inputs, outputs);
    } catch (const Unsupported&) {
      // A phase the GEMM paths cannot take: the direct kernel handles all.
    }
  }
  return direct;
}

}  // namespace

JAXCPU_REGISTER_KERNEL("convolution", MakeConvolution);

}  // namespace jaxcpu
