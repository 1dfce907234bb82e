#pragma once
// The table of CUDA functions that libconvstudio_cuda.so (the convstudio-cuda add-on) hands the
// engine. The engine itself links LibTorch's CPU half only, so that the base package runs without
// gigabytes of CUDA libraries; loading this plugin loads libtorch_cuda, which registers LibTorch's
// CUDA backend, and these functions answer what the CPU half cannot (cuda_support.cpp loads it).
// Plugin and engine come from one build: the table is plain C++ and checked by version.

#include <string>

#include "convstudio/system_info.h"
#include "convstudio/train/memory_snapshot.h"

namespace convstudio {

struct CollectiveBackendRequest;  // distributed/collective_backend.h

struct CudaPluginApi {
  // CONVSTUDIO_VERSION of the build that made the plugin; the engine refuses any other.
  const char* convstudio_version;
  std::string (*cuda_compiled_version)();  // e.g. "13.0"
  std::string (*cudnn_version)();          // e.g. "9.24.0"; empty when cuDNN is missing
  // Fills cuda_available, cuda_unavailable(_reason), cuda_driver_version and cuda_devices.
  void (*probe_devices)(DeviceReport& report);
  // The CUDA caching allocator's statistics and the device's memory, for memory_probe.cpp.
  void (*fill_memory)(int device_index, MemorySnapshot& snapshot);
  void (*reset_peak_memory)(int device_index);
  void (*release_cache)();
  // A c10d NCCL backend for a data-parallel run (sets request.backend; throws on failure).
  void (*make_nccl_backend)(CollectiveBackendRequest& request);
};

}  // namespace convstudio

// The plugin's one exported symbol.
extern "C" const convstudio::CudaPluginApi* convstudio_cuda_plugin_api();
inline constexpr const char* kCudaPluginEntryPoint = "convstudio_cuda_plugin_api";
