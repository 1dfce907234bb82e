#include "cuda_memory.h"

#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime_api.h>

namespace convstudio::cuda {
namespace {

constexpr auto kAllPools = static_cast<std::size_t>(c10::CachingAllocator::StatType::AGGREGATE);

std::uint64_t bytes(std::int64_t value) {
  return value > 0 ? static_cast<std::uint64_t>(value) : 0;
}

}  // namespace

void fill_memory(int device_index, MemorySnapshot& snapshot) {
  const auto index = static_cast<c10::DeviceIndex>(device_index);
  const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(index);
  snapshot.allocated_bytes = bytes(stats.allocated_bytes[kAllPools].current);
  snapshot.peak_allocated_bytes = bytes(stats.allocated_bytes[kAllPools].peak);
  snapshot.reserved_bytes = bytes(stats.reserved_bytes[kAllPools].current);
  snapshot.peak_reserved_bytes = bytes(stats.reserved_bytes[kAllPools].peak);

  // cudaMemGetInfo answers for the current device, so make it the one asked about.
  c10::cuda::CUDAGuard guard(index);
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess) {
    snapshot.device_total_bytes = total_bytes;
    snapshot.device_used_bytes = total_bytes - free_bytes;
  } else {
    cudaGetLastError();  // clear the sticky error so the next CUDA call is not blamed for it
  }
}

void reset_peak_memory(int device_index) {
  c10::cuda::CUDACachingAllocator::resetPeakStats(static_cast<c10::DeviceIndex>(device_index));
}

void release_cache() {
  c10::cuda::CUDACachingAllocator::emptyCache();
}

}  // namespace convstudio::cuda
