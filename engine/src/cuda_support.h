#pragma once
// CUDA support is an add-on: the engine links LibTorch's CPU half only, and the convstudio-cuda
// package brings libconvstudio_cuda.so (engine/src/cuda), which links LibTorch's CUDA half.
// The plugin is loaded once, while the program starts: LibTorch settles at the first CUDA
// question whether CUDA exists, so the plugin must be in before anyone asks.

#include <string>

#include "cuda_plugin_api.h"

namespace convstudio {

enum class CudaSupportState {
  kCpuOnlyBuild,  // built against a LibTorch without CUDA: there is no plugin to load
  kNotInstalled,  // no plugin beside the program (the convstudio-cuda package is not installed)
  kLoadFailed,    // a plugin is there but does not load (see `problem`)
  kLoaded,
};

struct CudaSupport {
  CudaSupportState state = CudaSupportState::kCpuOnlyBuild;
  const CudaPluginApi* api = nullptr;  // set exactly when kLoaded
  std::string plugin_path;             // where the plugin is, or where it was looked for
  std::string problem;  // kLoadFailed: the loader's or the version check's words, with the path
};

// Loads the plugin on the first call (made before main(), see cuda_support.cpp).
const CudaSupport& cuda_support();

}  // namespace convstudio
