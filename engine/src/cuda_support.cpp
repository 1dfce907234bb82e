#include "cuda_support.h"

#include "convstudio/build_versions.h"

#include <dlfcn.h>

#include <cstring>
#include <filesystem>
#include <system_error>

namespace convstudio {
namespace {

namespace fs = std::filesystem;

CudaSupport load_plugin() {
  CudaSupport support;
#ifndef CONVSTUDIO_WITH_CUDA
  return support;
#else
  const fs::path path = cuda_addon_path();
  support.plugin_path = path.string();
  std::error_code error;
  if (path.empty() || !fs::exists(path, error)) {
    support.state = CudaSupportState::kNotInstalled;
    return support;
  }
  support.state = CudaSupportState::kLoadFailed;
  // Never closed: LibTorch's CUDA backend stays registered for the life of the process.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    support.problem = why ? why : "dlopen failed";
    return support;
  }
  using Entry = const CudaPluginApi* (*)();
  auto entry = reinterpret_cast<Entry>(dlsym(handle, kCudaPluginEntryPoint));
  const CudaPluginApi* api = entry ? entry() : nullptr;
  if (!api) {
    support.problem = support.plugin_path + " has no " + kCudaPluginEntryPoint;
    return support;
  }
  if (std::strcmp(api->convstudio_version, CONVSTUDIO_VERSION) != 0) {
    support.problem = support.plugin_path + " belongs to ConvStudio " + api->convstudio_version +
                      ", this is ConvStudio " + CONVSTUDIO_VERSION;
    return support;
  }
  support.api = api;
  support.state = CudaSupportState::kLoaded;
  return support;
#endif
}

}  // namespace

const CudaSupport& cuda_support() {
  static const CudaSupport support = load_plugin();
  return support;
}

}  // namespace convstudio

// Loads the plugin while the program starts. The linker keeps this file in every program that
// links the engine because the engine's link options name this symbol (engine/CMakeLists.txt).
extern "C" void convstudio_cuda_support_anchor() {}
namespace {
[[maybe_unused]] const convstudio::CudaSupport& kLoadedAtStartup = convstudio::cuda_support();
}
