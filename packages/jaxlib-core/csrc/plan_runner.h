// How the device stream (native_module.cc) runs a native plan (cpu/executor.cc)
// without the GIL: the plan hands out this table in a capsule named
// kPlanRunnerCapsule. The two live in different extension modules, so the
// table is plain C: pointers and sizes in, a message out.
#pragma once

#include <cstddef>
#include <cstdint>

namespace jaxhost {

constexpr const char* kPlanRunnerCapsule = "jaxlib.cpu.PlanRunner";

struct PlanRunner {
  const void* plan;
  // Runs `plan` on the calling thread, which must not hold the GIL. Returns
  // false on failure, with a message that starts with a status code name
  // ("INTERNAL: ...") in error[0:error_size].
  bool (*run)(const void* plan, const void* const* inputs, const int64_t* input_bytes,
              size_t num_inputs, void* const* outputs, const int64_t* output_bytes,
              size_t num_outputs, char* error, size_t error_size);
};

}  // namespace jaxhost
