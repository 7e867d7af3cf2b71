// dot_general on BLAS GEMM (f32, f64, c64, c128; result type = operand type).
// bfloat16 and float16 operands go through the f32 kernel (widened.h), their
// results rounded once into their type or left f32.
//
// The Python lowering (native_ops/dot.py) reduces any dimension numbers to a
// batch of matrix products out[b] (M x N, row-major) = lhs[b] (M x K) * rhs[b]
// (K x N). Each operand is either read in place, as a strided batch of
// matrices whose rows or columns are contiguous (a transpose becomes a BLAS
// trans flag), or first packed into that layout by a permuted copy.
//
// Params: gemm (address), m, n, k, batch_sizes; for lhs_ / rhs_: pack (0/1),
// perm (the packing order of the operand's dims), batch_strides, trans, ld.
#include <algorithm>
#include <cstring>
#include <tuple>

#include "kernel.h"
#include "kernels/gemm.h"
#include "kernels/widened.h"

namespace jaxcpu {
namespace {

// How one operand is read as a batch of matrices.
struct OperandLayout {
  bool pack = false;
  std::vector<int64_t> perm;           // packing order of the operand's dims
  std::vector<int64_t> pack_strides;   // source strides in that order
  std::vector<int64_t> pack_dims;      // dims in that order
  std::vector<int64_t> batch_strides;  // per batch dim, elements
  bool trans = false;                  // false: rows of the stored matrix are contiguous
  int64_t ld = 1;
  int64_t num_elements = 0;
};

// rows x cols is the operand's logical matrix (lhs: M x K, rhs: K x N); not
// trans means element (r, c) at r * ld + c, trans means r + c * ld.
OperandLayout ReadLayout(const Params& params, const std::string& side, const TensorSpec& spec,
                         const std::vector<int64_t>& batch_sizes, int64_t rows, int64_t cols) {
  OperandLayout layout;
  layout.num_elements = spec.num_elements();
  layout.pack = params.get_int(side + "_pack") != 0;
  if (layout.pack) {
    layout.perm = gemm::IntsOrEmpty(params, side + "_perm");
    if (static_cast<int>(layout.perm.size()) != spec.rank() || spec.rank() > 16) {
      throw Unsupported("dot_general: bad packing permutation");
    }
    std::vector<bool> seen(spec.rank(), false);
    const std::vector<int64_t> strides = gemm::RowMajorStrides(spec.dims);
    for (int64_t p : layout.perm) {
      if (p < 0 || p >= spec.rank() || seen[p]) {
        throw Unsupported("dot_general: bad packing permutation");
      }
      seen[p] = true;
      layout.pack_strides.push_back(strides[p]);
      layout.pack_dims.push_back(spec.dims[p]);
    }
  }
  layout.batch_strides = gemm::IntsOrEmpty(params, side + "_batch_strides");
  layout.trans = params.get_int(side + "_trans") != 0;
  layout.ld = params.get_int(side + "_ld");
  if (layout.batch_strides.size() != batch_sizes.size()) {
    throw Unsupported("dot_general: batch strides do not match the batch dims");
  }
  int64_t total = 1;
  for (int64_t b : batch_sizes) total *= b;
  if (total == 0 || rows == 0 || cols == 0) return layout;  // never read
  // Every element the GEMMs read must lie inside the buffer.
  const int64_t row_stride = layout.trans ? 1 : layout.ld;
  const int64_t col_stride = layout.trans ? layout.ld : 1;
  const int64_t min_ld = layout.trans ? rows : cols;
  if (layout.ld < std::max<int64_t>(1, min_ld) || !gemm::FitsBlasInt(layout.ld)) {
    throw Unsupported("dot_general: leading dimension out of range");
  }
  int64_t last = (rows - 1) * row_stride + (cols - 1) * col_stride;
  for (size_t i = 0; i < batch_sizes.size(); ++i) {
    if (layout.batch_strides[i] < 0) throw Unsupported("dot_general: negative batch stride");
    last += (batch_sizes[i] - 1) * layout.batch_strides[i];
  }
  if (last >= layout.num_elements) throw Unsupported("dot_general: layout exceeds the operand");
  return layout;
}

class DotGeneralKernel : public Kernel {
 public:
  DotGeneralKernel(const Params& params, const std::vector<TensorSpec>& inputs,
                   const std::vector<TensorSpec>& outputs)
      : gemm_(params, inputs.at(0).dtype) {
    if (inputs.size() != 2 || outputs.size() != 1 || inputs[1].dtype != inputs[0].dtype ||
        outputs[0].dtype != inputs[0].dtype) {
      throw Unsupported("dot_general: operands and result must share one BLAS type");
    }
    m_ = params.get_int("m");
    n_ = params.get_int("n");
    k_ = params.get_int("k");
    batch_sizes_ = gemm::IntsOrEmpty(params, "batch_sizes");
    batch_ = 1;
    for (int64_t b : batch_sizes_) {
      if (b < 0) throw Unsupported("dot_general: negative batch size");
      batch_ *= b;
    }
    if (m_ < 0 || n_ < 0 || k_ < 0 || !gemm::FitsBlasInt(m_) || !gemm::FitsBlasInt(n_) ||
        !gemm::FitsBlasInt(k_) || batch_sizes_.size() > 16) {
      throw Unsupported("dot_general: sizes out of BLAS range");
    }
    if (outputs[0].num_elements() != batch_ * m_ * n_) {
      throw Unsupported("dot_general: result size does not match m*n*batch");
    }
    lhs_ = ReadLayout(params, "lhs", inputs[0], batch_sizes_, m_, k_);
    rhs_ = ReadLayout(params, "rhs", inputs[1], batch_sizes_, k_, n_);
    const int64_t size = gemm_.element_size();
    const int64_t flops = batch_ * m_ * n_ * k_;
    set_cost(std::max(flops, inputs[0].nbytes() + inputs[1].nbytes() + outputs[0].nbytes()) +
             size);
  }

  void Run(const void* const* inputs, void* const* outputs) override {
    const int64_t size = gemm_.element_size();
    if (batch_ == 0 || m_ == 0 || n_ == 0) return;
    if (k_ == 0) {
      std::memset(outputs[0], 0, static_cast<size_t>(batch_ * m_ * n_ * size));
      return;
    }
    gemm::Scratch lhs_packed(lhs_.pack ? lhs_.num_elements * size : 0);
    gemm::Scratch rhs_packed(rhs_.pack ? rhs_.num_elements * size : 0);
    const unsigned char* lhs = Packed(lhs_, inputs[0], lhs_packed);
    const unsigned char* rhs = Packed(rhs_, inputs[1], rhs_packed);
    unsigned char* out = static_cast<unsigned char*>(outputs[0]);

    // out[b]^T (N x M, column-major) = op(rhs[b]^T) * op(lhs[b]^T).
    auto product = [&](int64_t b) {
      int64_t lhs_offset = 0, rhs_offset = 0, rest = b;
      for (int d = static_cast<int>(batch_sizes_.size()) - 1; d >= 0; --d) {
        const int64_t i = rest % batch_sizes_[d];
        rest /= batch_sizes_[d];
        lhs_offset += i * lhs_.batch_strides[d];
        rhs_offset += i * rhs_.batch_strides[d];
      }
      return std::make_tuple(rhs + rhs_offset * size, lhs + lhs_offset * size,
                             out + b * m_ * n_ * size);
    };
    // Threads go over the batch when it has enough products to share out,
    // each product a single-threaded call; otherwise each product gets them
    // all (Gemm::Parallel).
    const int64_t work = m_ * n_ * k_;
    if (batch_ >= 2 * NumThreads() || (batch_ > 1 && work < kSmallProductWork)) {
      const auto single = gemm_.SingleThreaded();
      ParallelFor(batch_, std::max<int64_t>(1, kSmallProductWork / std::max<int64_t>(1, work)),
                  [&](int64_t begin, int64_t end) {
                    for (int64_t b = begin; b < end; ++b) {
                      auto [r, l, o] = product(b);
                      gemm_(rhs_.trans, lhs_.trans, n_, m_, k_, r, rhs_.ld, l, lhs_.ld, o, n_);
                    }
                  });
    } else {
      for (int64_t b = 0; b < batch_; ++b) {
        auto [r, l, o] = product(b);
        gemm_.Parallel(rhs_.trans, lhs_.trans, n_, m_, k_, r, rhs_.ld, l, lhs_.ld, o, n_);
      }
    }
  }

 private:
  // Below this many multiply-adds a product is not worth a thread of its own.
  static constexpr int64_t kSmallProductWork = int64_t{1} << 16;

  const unsigned char* Packed(const OperandLayout& layout, const void* input,
                              const gemm::Scratch& scratch) const {
    if (!layout.pack) return static_cast<const unsigned char*>(input);
    const std::vector<int64_t> dst_strides = gemm::RowMajorStrides(layout.pack_dims);
    gemm::StridedCopy(gemm_.element_size(), input, layout.pack_strides.data(), scratch.data(),
                      dst_strides.data(), layout.pack_dims.data(),
                      static_cast<int>(layout.pack_dims.size()));
    return scratch.data();
  }

  gemm::Gemm gemm_;
  int64_t m_ = 0, n_ = 0, k_ = 0, batch_ = 1;
  std::vector<int64_t> batch_sizes_;
  OperandLayout lhs_, rhs_;
};

std::unique_ptr<Kernel> MakeDotGeneral(const Params& params,
                                       const std::vector<TensorSpec>& inputs,
                                       const std::vector<TensorSpec>& outputs) {
  if (inputs.size() != 2 || outputs.size() != 1) {
    throw Unsupported("dot_general takes two operands and one result");
  }
  if (AnyNarrowFloat(inputs) || AnyNarrowFloat(outputs)) {
    // Both operands of one 16-bit type; the result of that type or f32.
    if (inputs[0].dtype != inputs[1].dtype || !IsNarrowFloat(inputs[0].dtype) ||
        (outputs[0].dtype != inputs[0].dtype && outputs[0].dtype != DType::kF32)) {
      throw Unsupported("dot_general: operands and result must share one BLAS type");
    }
    return MakeWidened(
        [](const Params& p, const std::vector<TensorSpec>& in,
           const std::vector<TensorSpec>& out) -> std::unique_ptr<Kernel> {
          return std::make_unique<DotGeneralKernel>(p, in, out);
        },
        params, inputs, outputs);
  }
  return std::make_unique<DotGeneralKernel>(params, inputs, outputs);
}

}  // namespace

JAXCPU_REGISTER_KERNEL("dot_general", MakeDotGeneral);

}  // namespace jaxcpu
