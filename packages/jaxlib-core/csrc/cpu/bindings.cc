// jaxlib._cpu: native kernels and the step executor of the CPU backend.
#include <pybind11/stl.h>

#include "kernels/fused_encoding.h"
#include "kernels/gemm.h"
#include "py_common.h"

namespace jaxcpu {

Params ParamsFromDict(const py::dict& dict) {
  Params params;
  for (auto item : dict) {
    std::string key = py::cast<std::string>(item.first);
    py::handle value = item.second;
    if (py::isinstance<py::bool_>(value) || py::isinstance<py::int_>(value)) {
      params.ints[key] = {py::cast<int64_t>(value)};
    } else if (py::isinstance<py::float_>(value)) {
      params.floats[key] = {py::cast<double>(value)};
    } else if (py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value)) {
      params.strings[key] = py::cast<std::string>(value);
    } else if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
      py::sequence seq = py::reinterpret_borrow<py::sequence>(value);
      bool all_ints = true;
      for (auto element : seq) {
        if (!py::isinstance<py::int_>(element)) all_ints = false;
      }
      if (all_ints && py::len(seq) > 0) {
        std::vector<int64_t> ints;
        for (auto element : seq) ints.push_back(py::cast<int64_t>(element));
        params.ints[key] = std::move(ints);
      } else {
        std::vector<double> floats;
        for (auto element : seq) floats.push_back(py::cast<double>(element));
        params.floats[key] = std::move(floats);
      }
    } else {
      throw py::value_error("kernel parameter '" + key + "' has an unsupported type");
    }
  }
  return params;
}

TensorSpec SpecFromTuple(const py::handle& spec) {
  py::tuple tuple = py::reinterpret_borrow<py::tuple>(spec);
  if (tuple.size() != 2) throw py::value_error("a tensor spec is (dtype name, shape)");
  TensorSpec result;
  result.dtype_name = py::cast<std::string>(tuple[0]);
  result.dtype = DTypeFromName(result.dtype_name);
  for (auto d : tuple[1]) result.dims.push_back(py::cast<int64_t>(d));
  return result;
}

std::vector<TensorSpec> SpecsFromList(const py::handle& specs) {
  std::vector<TensorSpec> result;
  for (auto spec : specs) result.push_back(SpecFromTuple(spec));
  return result;
}

void CheckArray(const py::array& array, const TensorSpec& spec, const char* what,
                size_t index) {
  bool ok = (array.flags() & py::array::c_style) &&
            static_cast<int64_t>(array.nbytes()) == spec.nbytes() &&
            array.ndim() == spec.rank();
  for (int i = 0; ok && i < spec.rank(); ++i) ok = array.shape(i) == spec.dims[i];
  if (!ok) {
    throw py::value_error(std::string(what) + " " + std::to_string(index) +
                          " does not match the kernel's spec (" + spec.dtype_name + ")");
  }
}

namespace {

KernelHandle MakeKernelHandle(const std::string& name, const py::dict& params,
                              const py::list& inputs, const py::list& outputs) {
  KernelHandle handle;
  handle.name = name;
  handle.inputs = SpecsFromList(inputs);
  handle.outputs = SpecsFromList(outputs);
  handle.kernel = MakeKernel(name, ParamsFromDict(params), handle.inputs, handle.outputs);
  return handle;
}

// Runs one kernel on numpy arrays (tests and one-off evaluation).
void RunKernel(const KernelHandle& handle, const py::list& inputs, const py::list& outputs) {
  if (inputs.size() != handle.inputs.size() || outputs.size() != handle.outputs.size()) {
    throw py::value_error("run_kernel: wrong number of inputs or outputs");
  }
  std::vector<const void*> in;
  std::vector<void*> out;
  std::vector<py::array> keep;
  for (size_t i = 0; i < inputs.size(); ++i) {
    py::array a = py::reinterpret_borrow<py::array>(inputs[i]);
    CheckArray(a, handle.inputs[i], "input", i);
    in.push_back(a.data());
    keep.push_back(a);
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    py::array a = py::reinterpret_borrow<py::array>(outputs[i]);
    CheckArray(a, handle.outputs[i], "output", i);
    if (!a.writeable()) throw py::value_error("run_kernel: output is read-only");
    out.push_back(a.mutable_data());
    keep.push_back(a);
  }
  py::gil_scoped_release release;
  handle.kernel->Run(in.data(), out.data());
}

// {numpy name: DType code} of every native element type.
py::dict DTypeCodes() {
  py::dict codes;
  for (int code = 0; code < static_cast<int>(DType::kOther); ++code) {
    codes[DTypeName(static_cast<DType>(code))] = code;
  }
  return codes;
}

// The fused interpreter's numbers (fused_encoding.h), for backends/cpu/fusion.py.
py::dict FusedEncoding() {
  py::dict opcodes, directions, loads;
  for (int code = 0; code < fused::kNumOpcodes; ++code) {
    const fused::OpcodeInfo& info = fused::kOpcodes[code];
    opcodes[info.name] = py::make_tuple(code, info.arity, info.reduces);
  }
  for (int d = 0; d < fused::kNumDirections; ++d) directions[fused::kDirectionNames[d]] = d;
  for (int k = 0; k < fused::kNumLoadKinds; ++k) loads[fused::kLoadKindNames[k]] = k;
  py::list dtypes, storage_dtypes;
  for (int code = 0; code < static_cast<int>(DType::kOther); ++code) {
    if (fused::ComputesType(static_cast<DType>(code))) dtypes.append(code);
    if (fused::StoresOnly(static_cast<DType>(code))) storage_dtypes.append(code);
  }
  py::dict encoding;
  encoding["opcodes"] = opcodes;
  encoding["compare_directions"] = directions;
  encoding["total_order_flag"] = fused::kTotalOrderFlag;
  encoding["load_kinds"] = loads;
  encoding["dtypes"] = dtypes;
  encoding["storage_dtypes"] = storage_dtypes;
  return encoding;
}

}  // namespace
}  // namespace jaxcpu

PYBIND11_MODULE(_cpu, m) {
  using namespace jaxcpu;
  m.doc() = "Native kernels and the step executor of jaxlib's CPU backend.";

  py::register_exception<Unsupported>(m, "Unsupported", PyExc_NotImplementedError);
  py::register_exception<RuntimeFailure>(m, "RuntimeFailure", PyExc_RuntimeError);

  py::class_<KernelHandle>(m, "Kernel")
      .def_readonly("name", &KernelHandle::name)
      .def_property_readonly("cost", [](const KernelHandle& h) { return h.kernel->Cost(); })
      .def("describe", [](const KernelHandle& h) { return h.kernel->Describe(); })
      .def("__repr__", [](const KernelHandle& h) { return "<native kernel " + h.name + ">"; });

  m.def("make_kernel", &MakeKernelHandle, py::arg("name"), py::arg("params"),
        py::arg("inputs"), py::arg("outputs"),
        "Builds a native kernel; raises NotImplementedError for variants it lacks.");
  m.def("run_kernel", &RunKernel, py::arg("kernel"), py::arg("inputs"), py::arg("outputs"),
        "Runs a kernel on C-contiguous numpy arrays, writing the outputs in place.");
  m.def("registered_kernels", &RegisteredKernels);
  m.def("dtype_codes", &DTypeCodes, "{numpy dtype name: native DType code}.");
  m.def("fused_encoding", &FusedEncoding,
        "The fused kernel's opcodes {name: (code, arity, reduces)}, compare directions, "
        "load kinds and element type codes.");
  m.def("num_threads", &NumThreads);
  m.def("blas_threading", [] {
    const gemm::BlasThreading* t = gemm::ThreadingState().load();
    return std::string(t == nullptr ? "unset" : t->pooled ? "pooled" : "split");
  });
  RegisterExecutor(m);
}
