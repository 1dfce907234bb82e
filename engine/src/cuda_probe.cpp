#include "cuda_probe.h"

#include "cuda_support.h"

namespace convstudio {

bool cuda_compiled_in() {
  return cuda_support().api != nullptr;
}

std::string cuda_compiled_version() {
  const CudaPluginApi* api = cuda_support().api;
  return api ? api->cuda_compiled_version() : std::string();
}

std::string cudnn_compiled_version() {
  const CudaPluginApi* api = cuda_support().api;
  return api ? api->cudnn_version() : std::string();
}

void probe_cuda(DeviceReport& report) {
  const CudaSupport& support = cuda_support();
  report.cuda_available = false;
  switch (support.state) {
    case CudaSupportState::kLoaded:
      support.api->probe_devices(report);
      return;
    case CudaSupportState::kCpuOnlyBuild:
      report.cuda_unavailable = CudaUnavailable::kCpuOnlyBuild;
      report.cuda_unavailable_reason =
          "this build of LibTorch is CPU-only (no CUDA support compiled in)";
      return;
    case CudaSupportState::kNotInstalled:
      report.cuda_unavailable = CudaUnavailable::kNotInstalled;
      report.cuda_unavailable_reason =
          "CUDA support is not installed (install convstudio-cuda; no " + support.plugin_path + ")";
      return;
    case CudaSupportState::kLoadFailed:
      report.cuda_unavailable = CudaUnavailable::kCannotLoad;
      report.cuda_unavailable_reason =
          "CUDA support is installed but cannot be loaded: " + support.problem;
      return;
  }
}

}  // namespace convstudio
