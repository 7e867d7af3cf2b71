// Conversions between Python values and the kernel contract, shared by the
// binding units.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "kernel.h"

namespace jaxcpu {

namespace py = pybind11;

// {"name": int | float | str | bytes | list[int] | list[float]} -> Params.
Params ParamsFromDict(const py::dict& dict);
// (numpy dtype name, shape) -> TensorSpec.
TensorSpec SpecFromTuple(const py::handle& spec);
std::vector<TensorSpec> SpecsFromList(const py::handle& specs);
// Raises ValueError unless `array` is a C-contiguous numpy array matching spec.
void CheckArray(const py::array& array, const TensorSpec& spec, const char* what, size_t index);

// Python-visible handle of a built kernel.
struct KernelHandle {
  std::string name;
  std::shared_ptr<Kernel> kernel;
  std::vector<TensorSpec> inputs, outputs;
};

void RegisterExecutor(py::module_& m);

}  // namespace jaxcpu
