#pragma once
// The CUDA half of memory_probe.cpp. memory_probe_cuda.cpp implements it against a CUDA-enabled
// LibTorch; memory_probe_no_cuda.cpp answers for a CPU-only one. Callers check
// torch::cuda::is_available() first.

#include "convstudio/train/memory_snapshot.h"

namespace convstudio {

void fill_cuda_memory(int device_index, MemorySnapshot& snapshot);
void reset_cuda_peak_memory(int device_index);
// Returns false when this build cannot reach the CUDA allocator.
bool release_cuda_cache();

}  // namespace convstudio
