#pragma once
// The one line `--version` and `devices` print about CUDA support: whether LibTorch's CUDA half
// is there (the convstudio-cuda add-on) and, when it is, whether a driver and devices are.

#include <string>

#include "convstudio/system_info.h"

namespace convstudio::cli {

// e.g. "not installed (install convstudio-cuda)" or "compiled in (CUDA 13.0), no NVIDIA driver".
std::string cuda_support_state(const BuildInfo& build, const DeviceReport& devices);
// "CUDA support: " and the state.
std::string cuda_support_line(const BuildInfo& build, const DeviceReport& devices);

}  // namespace convstudio::cli
