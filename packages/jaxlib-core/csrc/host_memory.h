// Host memory for device buffers (native_module.cc) and the executor's arenas
// of temporaries (cpu/executor.cc).
//
// Blocks of 4 MiB and up are 2 MiB aligned, padded to whole 2 MiB, and advised
// to use transparent huge pages: under the kernel's default "madvise" policy
// only advised regions get them, and a kernel streaming a 16 MB array over
// 4 KiB pages takes a TLB miss every page (gelu_4m ran ≈ 4% faster with them).
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>

namespace jaxhost {

constexpr size_t kAlignment = 64;
constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kHugeFrom = size_t{4} << 20;

// The size to allocate for `bytes` (never 0): a multiple of the alignment
// AllocateHost will use.
inline size_t HostAllocationSize(size_t bytes) {
  if (bytes >= kHugeFrom) return (bytes + kHugePage - 1) / kHugePage * kHugePage;
  const size_t padded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  return padded == 0 ? kAlignment : padded;
}

// `size` from HostAllocationSize; null when out of memory; std::free releases.
inline void* AllocateHost(size_t size) {
  if (size < kHugeFrom) return std::aligned_alloc(kAlignment, size);
  void* data = std::aligned_alloc(kHugePage, size);
  // Only advice: where the kernel has huge pages off, the block works as is.
  if (data != nullptr) madvise(data, size, MADV_HUGEPAGE);
  return data;
}

}  // namespace jaxhost
