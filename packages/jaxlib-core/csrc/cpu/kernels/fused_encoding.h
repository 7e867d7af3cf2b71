// The numbers of the fused interpreter's code (see fused.cc for the layout):
// opcodes (from fused_ops.def), compare directions, load kinds and the
// element types it computes. fused.cc decodes with them and the bindings
// export them (_cpu.fused_encoding()) to backends/cpu/fusion.py, which encodes
// with what it reads: no number is written down twice.
#pragma once

#include "kernel.h"

namespace jaxcpu {
namespace fused {

enum OperandTypes : int { kSameTypes, kPredResult, kAnyTypes, kSelectTypes };

enum Opcode : int {
#define FUSED_OP(id, name, arity, types, reduces) k##id,
#include "fused_ops.def"
#undef FUSED_OP
  kNumOpcodes
};

struct OpcodeInfo {
  const char* name;
  int arity;
  OperandTypes types;
  bool reduces;
};

inline constexpr OpcodeInfo kOpcodes[] = {
#define FUSED_OP(id, name, arity, types, reduces) {name, arity, types, reduces},
#include "fused_ops.def"
#undef FUSED_OP
};
static_assert(sizeof(kOpcodes) / sizeof(kOpcodes[0]) == kNumOpcodes);

// A compare's aux: the direction, plus kTotalOrderFlag for a total order.
enum CompareDirection : int { kEq, kNe, kGe, kGt, kLe, kLt, kNumDirections };
inline constexpr const char* kDirectionNames[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
static_assert(sizeof(kDirectionNames) / sizeof(kDirectionNames[0]) == kNumDirections);
constexpr int kTotalOrderFlag = 8;

enum LoadKind : int { kLoadInput, kLoadConstant, kLoadIota, kNumLoadKinds };
inline constexpr const char* kLoadKindNames[] = {"input", "constant", "iota"};
static_assert(sizeof(kLoadKindNames) / sizeof(kLoadKindNames[0]) == kNumLoadKinds);

// The element types the interpreter computes in: booleans, 8- to 64-bit
// integers, f32 and f64.
inline bool ComputesType(DType t) {
  return DTypeSize(t) != 0 && t != DType::kF16 && t != DType::kBF16 && t != DType::kC64 &&
         t != DType::kC128;
}

// Types it stores but does not compute in: 16-bit floats are read from inputs
// and converted to f32, and converted from any computed type into outputs.
inline bool StoresOnly(DType t) { return t == DType::kF16 || t == DType::kBF16; }

}  // namespace fused
}  // namespace jaxcpu
