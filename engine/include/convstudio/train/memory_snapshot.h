#pragma once
// Memory in use by a run at one moment: the CUDA caching allocator's view and the device's when
// training on a GPU, and the process's resident memory always.

#include <cstdint>
#include <string>

namespace convstudio {

struct MemorySnapshot {
  std::string device;    // "cpu" or "cuda:K"
  bool is_cuda = false;  // when false the allocator and device fields below are zero

  // CUDA caching allocator (all pools together): bytes handed to tensors, bytes held from the
  // driver (allocated + cached), and the allocated peak since the last reset.
  std::uint64_t allocated_bytes = 0;
  std::uint64_t reserved_bytes = 0;
  std::uint64_t peak_allocated_bytes = 0;
  std::uint64_t peak_reserved_bytes = 0;

  // The whole device as the driver sees it, other processes included.
  std::uint64_t device_used_bytes = 0;
  std::uint64_t device_total_bytes = 0;

  // This process's resident memory (VmRSS) and its high-water mark (VmHWM).
  std::uint64_t resident_bytes = 0;
  std::uint64_t peak_resident_bytes = 0;
};

}  // namespace convstudio
