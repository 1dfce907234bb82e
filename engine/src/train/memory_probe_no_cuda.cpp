// For a CPU-only LibTorch: there is no CUDA allocator to ask, and callers never get here with a
// CUDA device because torch::cuda::is_available() is false.

#include "memory_probe_cuda.h"

namespace convstudio {

void fill_cuda_memory(int, MemorySnapshot&) {}
void reset_cuda_peak_memory(int) {}
bool release_cuda_cache() {
  return false;
}

}  // namespace convstudio
