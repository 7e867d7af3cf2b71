// Kernels whose bfloat16 / float16 operands are computed in f32: the f32
// kernel of the same op between widening the 16-bit inputs and rounding the
// 16-bit outputs once, as XLA's CPU backend computes products and
// convolutions of these types (dot.cc, conv.cc).
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "kernel.h"
#include "kernels/gemm.h"
#include "kernels/narrow_float.h"

namespace jaxcpu {

inline bool IsNarrowFloat(DType t) { return t == DType::kBF16 || t == DType::kF16; }

inline bool AnyNarrowFloat(const std::vector<TensorSpec>& specs) {
  for (const TensorSpec& s : specs) {
    if (IsNarrowFloat(s.dtype)) return true;
  }
  return false;
}

class WidenedKernel : public Kernel {
 public:
  // `inner` was built for `inputs` / `outputs` with their 16-bit floats as f32.
  WidenedKernel(std::unique_ptr<Kernel> inner, std::vector<TensorSpec> inputs,
                std::vector<TensorSpec> outputs)
      : inner_(std::move(inner)), inputs_(std::move(inputs)), outputs_(std::move(outputs)) {
    int64_t extra = 0;
    for (const TensorSpec& s : inputs_) extra += IsNarrowFloat(s.dtype) ? s.num_elements() * 4 : 0;
    for (const TensorSpec& s : outputs_) extra += IsNarrowFloat(s.dtype) ? s.num_elements() * 4 : 0;
    set_cost(inner_->Cost() + extra);
  }

  void Run(const void* const* inputs, void* const* outputs) override {
    std::vector<std::unique_ptr<gemm::Scratch>> scratch;
    std::vector<const void*> ins(inputs, inputs + inputs_.size());
    std::vector<void*> outs(outputs, outputs + outputs_.size());
    for (size_t i = 0; i < inputs_.size(); ++i) {
      if (!IsNarrowFloat(inputs_[i].dtype)) continue;
      const int64_t n = inputs_[i].num_elements();
      scratch.push_back(std::make_unique<gemm::Scratch>(n * 4));
      float* wide = reinterpret_cast<float*>(scratch.back()->data());
      const uint16_t* narrow = static_cast<const uint16_t*>(inputs[i]);
      const bool bf16 = inputs_[i].dtype == DType::kBF16;
      ParallelFor(n, kGrain, [&](int64_t begin, int64_t end) {
        for (int64_t k = begin; k < end; ++k) {
          wide[k] = bf16 ? narrow::Bf16::Widen(narrow[k]) : narrow::F16::Widen(narrow[k]);
        }
      });
      ins[i] = wide;
    }
    for (size_t j = 0; j < outputs_.size(); ++j) {
      if (!IsNarrowFloat(outputs_[j].dtype)) continue;
      scratch.push_back(std::make_unique<gemm::Scratch>(outputs_[j].num_elements() * 4));
      outs[j] = scratch.back()->data();
    }
    inner_->Run(ins.data(), outs.data());
    for (size_t j = 0; j < outputs_.size(); ++j) {
      if (!IsNarrowFloat(outputs_[j].dtype)) continue;
      const float* wide = static_cast<const float*>(outs[j]);
      uint16_t* narrow = static_cast<uint16_t*>(outputs[j]);
      const bool bf16 = outputs_[j].dtype == DType::kBF16;
      ParallelFor(outputs_[j].num_elements(), kGrain, [&](int64_t begin, int64_t end) {
        for (int64_t k = begin; k < end; ++k) {
          narrow[k] = bf16 ? narrow::Bf16::Narrow(wide[k]) : narrow::F16::Narrow(wide[k]);
        }
      });
    }
  }

  std::string Describe() const override { return "widened to f32: " + inner_->Describe(); }

 private:
  static constexpr int64_t kGrain = int64_t{1} << 15;
  std::unique_ptr<Kernel> inner_;
  std::vector<TensorSpec> inputs_, outputs_;
};

// make(params, inputs, outputs) built with the 16-bit float specs as f32 and
// wrapped in a WidenedKernel.
template <typename Make>
std::unique_ptr<Kernel> MakeWidened(Make make, const Params& params,
                                    const std::vector<TensorSpec>& inputs,
                                    const std::vector<TensorSpec>& outputs) {
  auto as_f32 = [](std::vector<TensorSpec> specs) {
    for (TensorSpec& s : specs) {
      if (IsNarrowFloat(s.dtype)) {
        s.dtype = DType::kF32;
        s.dtype_name = "float32";
      }
    }
    return specs;
  };
  return std::make_unique<WidenedKernel>(make(params, as_f32(inputs), as_f32(outputs)), inputs,
                                         outputs);
}

}  // namespace jaxcpu
