// Kernel registry, element types and Params accessors.
#include <mutex>

#include "kernel.h"

namespace jaxcpu {
namespace {

struct DTypeInfo {
  const char* name;
  DType dtype;
  int64_t size;
};

constexpr DTypeInfo kDTypes[] = {
    {"bool", DType::kPred, 1},       {"int8", DType::kS8, 1},
    {"int16", DType::kS16, 2},       {"int32", DType::kS32, 4},
    {"int64", DType::kS64, 8},       {"uint8", DType::kU8, 1},
    {"uint16", DType::kU16, 2},      {"uint32", DType::kU32, 4},
    {"uint64", DType::kU64, 8},      {"float16", DType::kF16, 2},
    {"bfloat16", DType::kBF16, 2},   {"float32", DType::kF32, 4},
    {"float64", DType::kF64, 8},     {"complex64", DType::kC64, 8},
    {"complex128", DType::kC128, 16},
};

std::map<std::string, KernelFactory>& Factories() {
  static auto* factories = new std::map<std::string, KernelFactory>();
  return *factories;
}

std::mutex& FactoriesMutex() {
  static auto* mutex = new std::mutex();
  return *mutex;
}

[[noreturn]] void MissingParam(const std::string& key) {
  throw std::invalid_argument("kernel parameter '" + key + "' is missing or has the wrong type");
}

}  // namespace

DType DTypeFromName(const std::string& name) {
  for (const auto& info : kDTypes) {
    if (name == info.name) return info.dtype;
  }
  return DType::kOther;
}

const char* DTypeName(DType dtype) {
  for (const auto& info : kDTypes) {
    if (info.dtype == dtype) return info.name;
  }
  return "other";
}

int64_t DTypeSize(DType dtype) {
  for (const auto& info : kDTypes) {
    if (info.dtype == dtype) return info.size;
  }
  return 0;
}

bool Params::has(const std::string& key) const {
  return ints.count(key) || floats.count(key) || strings.count(key);
}

int64_t Params::get_int(const std::string& key) const {
  auto it = ints.find(key);
  if (it == ints.end() || it->second.size() != 1) MissingParam(key);
  return it->second[0];
}

int64_t Params::get_int(const std::string& key, int64_t fallback) const {
  auto it = ints.find(key);
  return it == ints.end() || it->second.size() != 1 ? fallback : it->second[0];
}

const std::vector<int64_t>& Params::get_ints(const std::string& key) const {
  auto it = ints.find(key);
  if (it == ints.end()) {
    static const std::vector<int64_t> empty;
    // An empty Python list arrives without a type; treat it as empty ints.
    if (floats.count(key) && floats.at(key).empty()) return empty;
    MissingParam(key);
  }
  return it->second;
}

double Params::get_float(const std::string& key) const {
  auto it = floats.find(key);
  if (it != floats.end() && it->second.size() == 1) return it->second[0];
  auto jt = ints.find(key);
  if (jt != ints.end() && jt->second.size() == 1) return static_cast<double>(jt->second[0]);
  MissingParam(key);
}

const std::vector<double>& Params::get_floats(const std::string& key) const {
  auto it = floats.find(key);
  if (it == floats.end()) MissingParam(key);
  return it->second;
}

const std::string& Params::get_string(const std::string& key) const {
  auto it = strings.find(key);
  if (it == strings.end()) MissingParam(key);
  return it->second;
}

bool RegisterKernel(const char* name, KernelFactory factory) {
  std::lock_guard<std::mutex> lock(FactoriesMutex());
  Factories()[name] = std::move(factory);
  return true;
}

std::unique_ptr<Kernel> MakeKernel(const std::string& name, const Params& params,
                                   const std::vector<TensorSpec>& inputs,
                                   const std::vector<TensorSpec>& outputs) {
  KernelFactory factory;
  {
    std::lock_guard<std::mutex> lock(FactoriesMutex());
    auto it = Factories().find(name);
    if (it == Factories().end()) throw Unsupported("no native kernel named '" + name + "'");
    factory = it->second;
  }
  std::unique_ptr<Kernel> kernel = factory(params, inputs, outputs);
  if (!kernel) throw Unsupported("native kernel '" + name + "' declined this variant");
  if (kernel->Cost() == 0) {
    int64_t cost = 0;
    for (const auto& spec : inputs) cost += spec.nbytes();
    for (const auto& spec : outputs) cost += spec.nbytes();
    kernel->set_cost(cost);
  }
  return kernel;
}

std::vector<std::string> RegisteredKernels() {
  std::lock_guard<std::mutex> lock(FactoriesMutex());
  std::vector<std::string> names;
  for (const auto& entry : Factories()) names.push_back(entry.first);
  return names;
}

}  // namespace jaxcpu
