#pragma once
// CUDA facts, answered honestly whether this LibTorch has CUDA, whether the CUDA add-on
// (convstudio-cuda) is installed, and whether a driver and a device are there.

#include <string>

#include "convstudio/system_info.h"

namespace convstudio {

bool cuda_compiled_in();
std::string cuda_compiled_version();
std::string cudnn_compiled_version();
// Fills cuda_available, cuda_unavailable(_reason), cuda_driver_version and cuda_devices.
void probe_cuda(DeviceReport& report);

}  // namespace convstudio
