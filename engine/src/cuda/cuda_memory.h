#pragma once
// The CUDA caching allocator's statistics and the device's memory. Part of the CUDA plugin
// (cuda_plugin_api.h); callers have checked that CUDA is usable.

#include "convstudio/train/memory_snapshot.h"

namespace convstudio::cuda {

void fill_memory(int device_index, MemorySnapshot& snapshot);
void reset_peak_memory(int device_index);
void release_cache();

}  // namespace convstudio::cuda
