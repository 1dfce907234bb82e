#include "cuda_support_line.h"

namespace convstudio::cli {
namespace {

std::string devices_state(const DeviceReport& devices) {
  if (devices.cuda_available) {
    const std::size_t count = devices.cuda_devices.size();
    return std::to_string(count) + (count == 1 ? " device" : " devices");
  }
  switch (devices.cuda_unavailable) {
    case CudaUnavailable::kNoDriver:
      return "no NVIDIA driver";
    case CudaUnavailable::kNoDevice:
      return "no CUDA device";
    case CudaUnavailable::kRuntimeError:
      return "runtime error";
    default:
      return "not available";
  }
}

}  // namespace

std::string cuda_support_state(const BuildInfo& build, const DeviceReport& devices) {
  switch (devices.cuda_unavailable) {
    case CudaUnavailable::kCpuOnlyBuild:
      return "not compiled in (CPU-only LibTorch)";
    case CudaUnavailable::kNotInstalled:
      return "not installed (install convstudio-cuda)";
    case CudaUnavailable::kCannotLoad:
      return "installed but cannot be loaded";
    default:
      return "compiled in (CUDA " + build.cuda_compiled_version + "), " + devices_state(devices);
  }
}

std::string cuda_support_line(const BuildInfo& build, const DeviceReport& devices) {
  return "CUDA support: " + cuda_support_state(build, devices);
}

}  // namespace convstudio::cli
