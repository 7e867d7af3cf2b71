// Data-movement kernels: transpose, slice, reverse, broadcast_in_dim,
// concatenate, pad, dynamic_slice, dynamic_update_slice, iota and bitcast_convert.
//
// All but iota move elements by size only (1, 2, 4, 8 or 16 bytes), so any
// element type of those sizes works; each is one or two StridedCopy loop
// nests planned at build time.
#include <algorithm>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel.h"
#include "kernels/strided_copy.h"

namespace jaxcpu {
namespace {

using strided::RowMajorStrides;
using strided::StridedCopy;

int64_t ElementSize(const TensorSpec& spec) {
  int64_t size = DTypeSize(spec.dtype);
  if (!strided::SupportedElementSize(size)) {
    throw Unsupported("data movement: unsupported element type " + spec.dtype_name);
  }
  return size;
}

void Require(bool ok, const std::string& what) {
  if (!ok) throw Unsupported(what);
}

void RequireCounts(const std::vector<TensorSpec>& inputs, size_t n_in,
                   const std::vector<TensorSpec>& outputs, const char* name) {
  Require(inputs.size() == n_in && outputs.size() == 1,
          std::string(name) + ": wrong number of operands or results");
}

void RequireSameType(const TensorSpec& a, const TensorSpec& b, const char* name) {
  Require(a.dtype == b.dtype && a.dtype != DType::kOther,
          std::string(name) + ": element types differ");
}

std::vector<int64_t> IntsOfRank(const Params& params, const char* key, int rank) {
  const std::vector<int64_t>& values = params.get_ints(key);
  Require(static_cast<int>(values.size()) == rank,
          std::string("data movement: '") + key + "' does not match the rank");
  return values;
}

// One strided copy from input 0 to output 0.
class CopyKernel : public Kernel {
 public:
  CopyKernel(StridedCopy copy, int64_t in_offset_bytes)
      : copy_(std::move(copy)), in_offset_(in_offset_bytes) {}
  void Run(const void* const* inputs, void* const* outputs) override {
    copy_.Run(static_cast<const char*>(inputs[0]) + in_offset_, outputs[0]);
  }

 private:
  StridedCopy copy_;
  int64_t in_offset_;
};

std::unique_ptr<Kernel> MakeTranspose(const Params& params, const std::vector<TensorSpec>& inputs,
                                      const std::vector<TensorSpec>& outputs) {
  RequireCounts(inputs, 1, outputs, "transpose");
  RequireSameType(inputs[0], outputs[0], "transpose");
  const int rank = inputs[0].rank();
  std::vector<int64_t> perm = IntsOfRank(params, "permutation", rank);
  std::vector<bool> seen(rank, false);
  const std::vector<int64_t> in_strides = RowMajorStrides(inputs[0].dims);
  std::vector<int64_t> strides(rank);
  Require(outputs[0].rank() == rank, "transpose: result rank");
  for (int i = 0; i < rank; ++i) {
    Require(perm[i] >= 0 && perm[i] < rank && !seen[perm[i]], "transpose: bad permutation");
    seen[perm[i]] = true;
    Require(outputs[0].dims[i] == inputs[0].dims[perm[i]], "transpose: result shape");
    strides[i] = in_strides[perm[i]];
  }
  const int64_t size = ElementSize(inputs[0]);
  return std::make_unique<CopyKernel>(
      StridedCopy(outputs[0].dims, strides, RowMajorStrides(outputs[0].dims), size), 0);
}

std::unique_ptr<Kernel> MakeSlice(const Params& params, const std::vector<TensorSpec>& inputs,
                                  const std::vector<TensorSpec>& outputs) {
  RequireCounts(inputs, 1, outputs, "slice");
  RequireSameType(inputs[0], outputs[0], "slice");
  const int rank = inputs[0].rank();
  Require(outputs[0].rank() == rank, "slice: result rank");
  std::vector<int64_t> start = IntsOfRank(params, "start_indices", rank);
  std::vector<int64_t> limit = IntsOfRank(params, "limit_indices", rank);
  std::vector<int64_t> step = IntsOfRank(params, "strides", rank);
  const std::vector<int64_t> in_strides = RowMajorStrides(inputs[0].dims);
  std::vector<int64_t> strides(rank);
  int64_t offset = 0;
  for (int d = 0; d < rank; ++d) {
    const int64_t dim = inputs[0].dims[d];
    Require(step[d] > 0 && start[d] >= 0 && start[d] <= limit[d] && limit[d] <= dim,
            "slice: bounds");
    Require(outputs[0].dims[d] == (limit[d] - start[d] + step[d] - 1) / step[d],
            "slice: result shape");
    strides[d] = in_strides[d] * step[d];
    offset += start[d] * in_strides[d];
  }
  const int64_t size = ElementSize(inputs[0]);
  if (outputs[0].num_elements() == 0) offset = 0;  // nothing is read
  return std::make_unique<CopyKernel>(
      StridedCopy(outputs[0].dims, strides, RowMajorStrides(outputs[0].dims), size),
      offset * size);
}

std::unique_ptr<Kernel> MakeReverse(const Params& params, const std::vector<TensorSpec>& inputs,
                                    const std::vector<TensorSpec>& outputs) {
  RequireCounts(inputs, 1, outputs, "reverse");
  RequireSameType(inputs[0], outputs[0], "reverse");
  const int rank = inputs[0].rank();
  Require(outputs[0].dims == inputs[0].dims, "reverse: result shape");
  std::vector<int64_t> strides = RowMajorStrides(inputs[0].dims);
  std::vector<bool> reversed(rank, false);
  for (int64_t d : params.get_ints("dimensions")) {
    Require(d >= 0 && d < rank && !reversed[d], "reverse: bad dimensions");
    reversed[d] = true;
  }
  int64_t offset = 0;
  for (int d = 0; d < rank; ++d) {
    if (!reversed[d]) continue;
    offset += (inputs[0].dims[d] - 1) * strides[d];
    strides[d] = -strides[d];
  }
  const int64_t size = ElementSize(inputs[0]);
  if (outputs[0].num_elements() == 0) offset = 0;
  return std::make_unique<CopyKernel>(
      StridedCopy(outputs[0].dims, strides, RowMajorStrides(outputs[0].dims), size),
      offset * size);
}

std::unique_ptr<Kernel> MakeBroadcastInDim(const Params& params,
                                           const std::vector<TensorSpec>& inputs,
                                           const std::vector<TensorSpec>& outputs) {
  RequireCounts(inputs, 1, outputs, "broadcast_in_dim");
  RequireSameType(inputs[0], outputs[0], "broadcast_in_dim");
  const int rank = inputs[0].rank();
  const int out_rank = outputs[0].rank();
  std::vector<int64_t> dims = IntsOfRank(params, "broadcast_dimensions", rank);
  const std::vector<int64_t> in_strides = RowMajorStrides(inputs[0].dims);
  std::vector<int64_t> strides(out_rank, 0);  // unmapped dims repeat: stride 0
  std::vector<bool> used(out_rank, false);
  for (int i = 0; i < rank; ++i) {
    Require(dims[i] >= 0 && dims[i] < out_rank && !used[dims[i]],
            "broadcast_in_dim: bad broadcast_dimensions");
    used[dims[i]] = true;
    const int64_t have = inputs[0].dims[i], want = outputs[0].dims[dims[i]];
    Require(have == want || have == 1, "broadcast_in_dim: incompatible sizes");
    strides[dims[i]] = have == want ? in_strides[i] : 0;
  }
  const int64_t size = ElementSize(inputs[0]);
  // An empty operand can only broadcast to an empty result.
  return std::make_unique<CopyKernel>(
      StridedCopy(outputs[0].dims, strides, RowMajorStrides(outputs[0].dims), size), 0);
}

class ConcatenateKernel : public Kernel {
 public:
  ConcatenateKernel(std::vector<StridedCopy> copies, std::vector<int64_t> out_offsets)
      : copies_(std::move(copies)), out_offsets_(std::move(out_offsets)) {}
  void Run(const void* const* inputs, void* const* outputs) override {
    for (size_t i = 0; i < copies_.size(); ++i) {
      copies_[i].Run(inputs[i], static_cast<char*>(outputs[0]) + out_offsets_[i]);
    }
  }

 private:
  std::vector<StridedCopy> copies_;
  std::vector<int64_t> out_offsets_;
};

std::unique_ptr<Kernel> MakeConcatenate(const Params& params,
                                        const std::vector<TensorSpec>& inputs,
                                        const std::vector<TensorSpec>& outputs) {
  Require(!inputs.empty() && outputs.size() == 1, "concatenate: operands");
  const TensorSpec& out = outputs[0];
  const int rank = out.rank();
  const int64_t dim = params.get_int("dimension");
  Require(dim >= 0 && dim < rank, "concatenate: dimension");
  const int64_t size = ElementSize(out);
  const std::vector<int64_t> out_strides = RowMajorStrides(out.dims);
  std::vector<StridedCopy> copies;
  std::vector<int64_t> offsets;
  int64_t position = 0;
  for (const TensorSpec& in : inputs) {
    RequireSameType(in, out, "concatenate");
    Require(in.rank() == rank, "concatenate: operand rank");
    for (int d = 0; d < rank; ++d) {
      Require(d == dim || in.dims[d] == out.dims[d], "concatenate: operand shape");
    }
    copies.emplace_back(in.dims, RowMajorStrides(in.dims), out_strides, size);
    offsets.push_back(position * out_strides[dim] * size);
    position += in.dims[dim];
  }
  Require(position == out.dims[dim], "concatenate: result shape");
  return std::make_unique<ConcatenateKernel>(std::move(copies), std::move(offsets));
}

// pad: fill the result with the padding value, then copy the part of the
// operand that survives negative edge padding to its strided positions.
class PadKernel : public Kernel {
 public:
  PadKernel(StridedCopy copy, bool fill, int64_t in_offset, int64_t out_offset,
            int64_t out_elements, int64_t elem_size)
      : copy_(std::move(copy)), fill_(fill), in_offset_(in_offset), out_offset_(out_offset),
        out_elements_(out_elements), elem_size_(elem_size) {}
  void Run(const void* const* inputs, void* const* outputs) override {
    char* out = static_cast<char*>(outputs[0]);
    if (fill_) {
      strided::ParallelFill(out, static_cast<const char*>(inputs[1]), out_elements_, elem_size_);
    }
    copy_.Run(static_cast<const char*>(inputs[0]) + in_offset_, out + out_offset_);
  }

 private:
  StridedCopy copy_;
  bool fill_;
  int64_t in_offset_, out_offset_, out_elements_, elem_size_;
};

std::unique_ptr<Kernel> MakePad(const Params& params, const std::vector<TensorSpec>& inputs,
                                const std::vector<TensorSpec>& outputs) {
  RequireCounts(inputs, 2, outputs, "pad");
  const TensorSpec& in = inputs[0];
  const TensorSpec& out = outputs[0];
  RequireSameType(in, out, "pad");
  RequireSameType(inputs[1], out, "pad");
  Require(inputs[1].rank() == 0, "pad: padding value must be a scalar");
  const int rank = in.rank();
  Require(out.rank() == rank, "pad: result rank");
  std::vector<int64_t> low = IntsOfRank(params, "edge_padding_low", rank);
  std::vector<int64_t> high = IntsOfRank(params, "edge_padding_high", rank);
  std::vector<int64_t> interior = IntsOfRank(params, "interior_padding", rank);
  const std::vector<int64_t> in_strides = RowMajorStrides(in.dims);
  const std::vector<int64_t> out_strides = RowMajorStrides(out.dims);
  std::vector<int64_t> counts(rank), src(rank), dst(rank);
  int64_t in_offset = 0, out_offset = 0;
  bool empty = false, identity = true;
  for (int d = 0; d < rank; ++d) {
    const int64_t n = in.dims[d], lo = low[d], step = interior[d] + 1;
    Require(interior[d] >= 0, "pad: negative interior padding");
    const int64_t extent = lo + n + std::max<int64_t>(n - 1, 0) * interior[d] + high[d];
    Require(extent == out.dims[d], "pad: result shape");
    identity = identity && lo == 0 && high[d] == 0 && interior[d] == 0;
    // Element i lands at lo + i * step; keep those inside [0, extent).
    const int64_t first = lo >= 0 ? 0 : (-lo + step - 1) / step;
    const int64_t last = extent <= 0 ? 0 : std::min(n, (extent - 1 - lo) / step + 1);
    if (last <= first) {
      empty = true;
      counts[d] = 0;
      continue;
    }
    counts[d] = last - first;
    src[d] = in_strides[d];
    dst[d] = out_strides[d] * step;
    in_offset += first * in_strides[d];
    out_offset += (lo + first * step) * out_strides[d];
  }
  const int64_t size = ElementSize(in);
  if (empty) {
    std::fill(counts.begin(), counts.end(), 0);
    in_offset = out_offset = 0;
  }
  return std::make_unique<PadKernel>(StridedCopy(counts, src, dst, size), !identity,
                                     in_offset * size, out_offset * size, out.num_elements(),
                                     size);
}

// Start indices of dynamic slices: scalars of any integer type, clamped so
// the slice fits (the spec's clamp(0, start, dim - size)).
bool IsIndexType(DType dtype) {
  switch (dtype) {
    case DType::kS8: case DType::kS16: case DType::kS32: case DType::kS64:
    case DType::kU8: case DType::kU16: case DType::kU32: case DType::kU64:
      return true;
    default:
      return false;
  }
}

int64_t ReadIndex(const void* p, DType dtype) {
  switch (dtype) {
    case DType::kS8: return *static_cast<const int8_t*>(p);
    case DType::kS16: return *static_cast<const int16_t*>(p);
    case DType::kS32: return *static_cast<const int32_t*>(p);
    case DType::kS64: return *static_cast<const int64_t*>(p);
    case DType::kU8: return *static_cast<const uint8_t*>(p);
    case DType::kU16: return *static_cast<const uint16_t*>(p);
    case DType::kU32: return *static_cast<const uint32_t*>(p);
    default: {
      uint64_t v = *static_cast<const uint64_t*>(p);
      return v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())
                 ? std::numeric_limits<int64_t>::max()
                 : static_cast<int64_t>(v);
    }
  }
}

// The element offset of a window of `sizes` in `dims`, starts read from
// inputs[first_index...].
struct WindowOffset {
  std::vector<int64_t> dims, sizes, strides;
  std::vector<DType> index_types;
  int first_index = 0;

  int64_t Compute(const void* const* inputs) const {
    int64_t offset = 0;
    for (size_t d = 0; d < dims.size(); ++d) {
      int64_t start = ReadIndex(inputs[first_index + d], index_types[d]);
      start = std::min(std::max<int64_t>(start, 0), dims[d] - sizes[d]);
      offset += start * strides[d];
    }
    return offset;
  }
};

WindowOffset MakeWindowOffset(const TensorSpec& operand, const std::vector<int64_t>& sizes,
                              const std::vector<TensorSpec>& inputs, int first_index) {
  WindowOffset window;
  window.dims = operand.dims;
  window.sizes = sizes;
  window.strides = RowMajorStrides(operand.dims);
  window.first_index = first_index;
  Require(static_cast<int>(inputs.size()) == first_index + operand.rank(),
          "dynamic slice: one start index per dimension");
  for (int d = 0; d < operand.rank(); ++d) {
    const TensorSpec& index = inputs[first_index + d];
    Require(index.rank() == 0 && IsIndexType(index.dtype), "dynamic slice: index type");
    Require(sizes[d] >= 0 && sizes[d] <= operand.dims[d], "dynamic slice: size");
    window.index_types.push_back(index.dtype);
  }
  return window;
}

class DynamicSliceKernel : public Kernel {
 public:
  DynamicSliceKernel(StridedCopy copy, WindowOffset window, int64_t elem_size)
      : copy_(std::move(copy)), window_(std::move(window)), elem_size_(elem_size) {}
  void Run(const void* const* inputs, void* const* outputs) override {
    if (copy_.count() == 0) return;
    const int64_t offset = window_.Compute(inputs);
    copy_.Run(static_cast<const char*>(inputs[0]) + offset * elem_size_, outputs[0]);
  }

 private:
  StridedCopy copy_;
  WindowOffset window_;
  int64_t elem_size_;
};

std::unique_ptr<Kernel> MakeDynamicSlice(const Params& params,
                                         const std::vector<TensorSpec>& inputs,
                                         const std::vector<TensorSpec>& outputs) {
  Require(!inputs.empty() && outputs.size() == 1, "dynamic_slice: operands");
  const TensorSpec& in = inputs[0];
  RequireSameType(in, outputs[0], "dynamic_slice");
  std::vector<int64_t> sizes = IntsOfRank(params, "slice_sizes", in.rank());
  Require(outputs[0].dims == sizes, "dynamic_slice: result shape");
  WindowOffset window = MakeWindowOffset(in, sizes, inputs, 1);
  const int64_t size = ElementSize(in);
  return std::make_unique<DynamicSliceKernel>(
      StridedCopy(sizes, window.strides, RowMajorStrides(sizes), size), std::move(window), size);
}

class DynamicUpdateSliceKernel : public Kernel {
 public:
  DynamicUpdateSliceKernel(StridedCopy copy, WindowOffset window, int64_t elem_size,
                           int64_t bytes)
      : copy_(std::move(copy)), window_(std::move(window)), elem_size_(elem_size),
        bytes_(bytes) {}
  void Run(const void* const* inputs, void* const* outputs) override {
    char* out = static_cast<char*>(outputs[0]);
    // The executor runs this in place (out == operand) when the operand is dead.
    if (out != inputs[0]) strided::ParallelMemcpy(out, static_cast<const char*>(inputs[0]), bytes_);
    if (copy_.count() == 0) return;
    const int64_t offset = window_.Compute(inputs);
    copy_.Run(inputs[1], out + offset * elem_size_);
  }

 private:
  StridedCopy copy_;
  WindowOffset window_;
  int64_t elem_size_, bytes_;
};

std::unique_ptr<Kernel> MakeDynamicUpdateSlice(const Params& params,
                                               const std::vector<TensorSpec>& inputs,
                                               const std::vector<TensorSpec>& outputs) {
  Require(inputs.size() >= 2 && outputs.size() == 1, "dynamic_update_slice: operands");
  const TensorSpec& in = inputs[0];
  const TensorSpec& update = inputs[1];
  RequireSameType(in, outputs[0], "dynamic_update_slice");
  RequireSameType(in, update, "dynamic_update_slice");
  Require(outputs[0].dims == in.dims && update.rank() == in.rank(),
          "dynamic_update_slice: shapes");
  WindowOffset window = MakeWindowOffset(in, update.dims, inputs, 2);
  const int64_t size = ElementSize(in);
  return std::make_unique<DynamicUpdateSliceKernel>(
      StridedCopy(update.dims, RowMajorStrides(update.dims), window.strides, size),
      std::move(window), size, in.nbytes());
}

// iota: the counter along one dimension, converted as numpy's astype does
// (integers wrap, floats round to nearest, pred is i != 0). The first block
// (n x inner) is written once and copied to the other outer indices.
template <typename T>
void FillIota(T* out, int64_t outer, int64_t n, int64_t inner) {
  if (outer == 0 || n == 0 || inner == 0) return;
  for (int64_t i = 0; i < n; ++i) {
    T value;
    if constexpr (std::is_same_v<T, bool>) {
      value = i != 0;
    } else if constexpr (std::is_floating_point_v<T>) {
      value = static_cast<T>(i);
    } else {
      value = static_cast<T>(static_cast<std::make_unsigned_t<T>>(i));
    }
    if (inner == 1) {
      out[i] = value;
    } else {
      T* row = out + i * inner;
      for (int64_t k = 0; k < inner; ++k) row[k] = value;
    }
  }
  const size_t block = static_cast<size_t>(n * inner) * sizeof(T);
  for (int64_t o = 1; o < outer; ++o) std::memcpy(out + o * n * inner, out, block);
}

// bitcast_convert: the same bytes under another element type (numpy's view;
// between widths the narrower elements are the wider one's bytes in memory
// order, as on any little-endian host).
class BitcastKernel : public Kernel {
 public:
  explicit BitcastKernel(int64_t bytes) : bytes_(bytes) {}
  void Run(const void* const* inputs, void* const* outputs) override {
    if (bytes_ > 0) std::memcpy(outputs[0], inputs[0], static_cast<size_t>(bytes_));
  }

 private:
  int64_t bytes_;
};

std::unique_ptr<Kernel> MakeBitcastConvert(const Params&, const std::vector<TensorSpec>& inputs,
                                           const std::vector<TensorSpec>& outputs) {
  RequireCounts(inputs, 1, outputs, "bitcast_convert");
  if (inputs[0].dtype == DType::kOther || outputs[0].dtype == DType::kOther) {
    throw Unsupported("bitcast_convert: element type without a native size");
  }
  Require(inputs[0].nbytes() == outputs[0].nbytes(), "bitcast_convert: sizes differ");
  return std::make_unique<BitcastKernel>(inputs[0].nbytes());
}

class IotaKernel : public Kernel {
 public:
  IotaKernel(DType dtype, int64_t outer, int64_t n, int64_t inner)
      : dtype_(dtype), outer_(outer), n_(n), inner_(inner) {}
  void Run(const void* const*, void* const* outputs) override {
    void* out = outputs[0];
    switch (dtype_) {
      case DType::kPred: return FillIota(static_cast<bool*>(out), outer_, n_, inner_);
      case DType::kS8: return FillIota(static_cast<int8_t*>(out), outer_, n_, inner_);
      case DType::kS16: return FillIota(static_cast<int16_t*>(out), outer_, n_, inner_);
      case DType::kS32: return FillIota(static_cast<int32_t*>(out), outer_, n_, inner_);
      case DType::kS64: return FillIota(static_cast<int64_t*>(out), outer_, n_, inner_);
      case DType::kU8: return FillIota(static_cast<uint8_t*>(out), outer_, n_, inner_);
      case DType::kU16: return FillIota(static_cast<uint16_t*>(out), outer_, n_, inner_);
      case DType::kU32: return FillIota(static_cast<uint32_t*>(out), outer_, n_, inner_);
      case DType::kU64: return FillIota(static_cast<uint64_t*>(out), outer_, n_, inner_);
      case DType::kF32: return FillIota(static_cast<float*>(out), outer_, n_, inner_);
      case DType::kF64: return FillIota(static_cast<double*>(out), outer_, n_, inner_);
      default: return;
    }
  }

 private:
  DType dtype_;
  int64_t outer_, n_, inner_;
};

std::unique_ptr<Kernel> MakeIota(const Params& params, const std::vector<TensorSpec>& inputs,
                                 const std::vector<TensorSpec>& outputs) {
  RequireCounts(inputs, 0, outputs, "iota");
  const TensorSpec& out = outputs[0];
  const int64_t dim = params.get_int("iota_dimension");
  Require(dim >= 0 && dim < out.rank(), "iota: dimension");
  switch (out.dtype) {
    case DType::kPred: case DType::kS8: case DType::kS16: case DType::kS32: case DType::kS64:
    case DType::kU8: case DType::kU16: case DType::kU32: case DType::kU64: case DType::kF32:
    case DType::kF64:
      break;
    default:
      throw Unsupported("iota: element type " + out.dtype_name);
  }
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < dim; ++d) outer *= out.dims[d];
  for (int d = static_cast<int>(dim) + 1; d < out.rank(); ++d) inner *= out.dims[d];
  return std::make_unique<IotaKernel>(out.dtype, outer, out.dims[dim], inner);
}

}  // namespace

JAXCPU_REGISTER_KERNEL("transpose", MakeTranspose);
JAXCPU_REGISTER_KERNEL("slice", MakeSlice);
JAXCPU_REGISTER_KERNEL("reverse", MakeReverse);
JAXCPU_REGISTER_KERNEL("broadcast_in_dim", MakeBroadcastInDim);
JAXCPU_REGISTER_KERNEL("concatenate", MakeConcatenate);
JAXCPU_REGISTER_KERNEL("pad", MakePad);
JAXCPU_REGISTER_KERNEL("dynamic_slice", MakeDynamicSlice);
JAXCPU_REGISTER_KERNEL("dynamic_update_slice", MakeDynamicUpdateSlice);
JAXCPU_REGISTER_KERNEL("iota", MakeIota);
JAXCPU_REGISTER_KERNEL("bitcast_convert", MakeBitcastConvert);

}  // namespace jaxcpu
