// "native_custom_call": a custom-call target implemented in C by one of
// jaxlib's own packages (jaxlib-linalg's LAPACK targets), run as a native step
// of the plan: no Python handler, no numpy arrays, no copies of its own.
//
// The target's ABI (a PyCapsule's pointer, registered with
// register_native_custom_call together with the encoder of its payload):
//
//   void fn(void* const* outs, const void* const* ins, const int64_t* sizes,
//           const char* payload, size_t payload_len, XlaCustomCallStatus* status)
//
// `sizes` holds the byte sizes of the operands, then of the results: the
// target checks the dimensions in its payload against them before it writes
// anything, so a payload that does not match its buffers (a damaged cache
// entry) is a failure, never an overrun. It writes every result (one that
// output_operand_aliases ties to an operand from that operand). The status is
// jaxlib's XlaCustomCallStatus (ops/custom_call.py): {set_failure, failed}.
//
// Params: ints "fn" (the address), strings "target" (its name, for errors),
// strings "payload".
#include <memory>
#include <string>
#include <vector>

#include "kernel.h"

namespace jaxcpu {
namespace {

struct CallStatus {
  // The layout the target sees: XlaCustomCallStatus.
  void (*set_failure)(CallStatus* status, const char* message, size_t length);
  int32_t failed;
  // Ours only.
  std::string message;
};

void SetFailure(CallStatus* status, const char* message, size_t length) {
  status->message.assign(message == nullptr ? "" : message, message == nullptr ? 0 : length);
  status->failed = 1;
}

using TargetFn = void (*)(void* const* outs, const void* const* ins, const int64_t* sizes,
                          const char* payload, size_t payload_len, CallStatus* status);

class NativeCustomCall final : public Kernel {
 public:
  NativeCustomCall(const Params& params, const std::vector<TensorSpec>& inputs,
                   const std::vector<TensorSpec>& outputs)
      : fn_(reinterpret_cast<TargetFn>(params.get_int("fn"))),
        target_(params.get_string("target")),
        payload_(params.get_string("payload")) {
    if (fn_ == nullptr) throw Unsupported("native_custom_call: no function");
    for (const auto& spec : inputs) sizes_.push_back(spec.nbytes());
    for (const auto& spec : outputs) sizes_.push_back(spec.nbytes());
  }

  void Run(const void* const* inputs, void* const* outputs) override {
    CallStatus status{&SetFailure, 0, {}};
    fn_(outputs, inputs, sizes_.data(), payload_.data(), payload_.size(), &status);
    if (status.failed) {
      throw RuntimeFailure("custom call '" + target_ + "' failed: " + status.message);
    }
  }

 private:
  TargetFn fn_;
  std::string target_, payload_;
  std::vector<int64_t> sizes_;
};

std::unique_ptr<Kernel> MakeNativeCustomCall(const Params& params,
                                             const std::vector<TensorSpec>& inputs,
                                             const std::vector<TensorSpec>& outputs) {
  return std::make_unique<NativeCustomCall>(params, inputs, outputs);
}

JAXCPU_REGISTER_KERNEL("native_custom_call", MakeNativeCustomCall);

}  // namespace
}  // namespace jaxcpu
