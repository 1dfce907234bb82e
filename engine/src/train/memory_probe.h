#pragma once
// How much memory a run holds, the numbers worth watching while training: the CUDA caching
// allocator's allocated / reserved / peak bytes and the device's use on a GPU, the process's
// resident memory always. Also the "release cached memory" action.

#include <string>

#include <torch/torch.h>

#include "convstudio/train/memory_snapshot.h"

namespace convstudio {

MemorySnapshot probe_memory(const torch::Device& device);

// Starts the peak figures afresh (allocator peaks on CUDA, the resident high-water mark on CPU).
void reset_peak_memory(const torch::Device& device);

// Hands the CUDA allocator's unused cached blocks back to the driver. Tensors in use stay. Returns
// a line for the log saying what was done.
std::string release_cached_memory(const torch::Device& device);

}  // namespace convstudio
