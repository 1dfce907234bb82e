#pragma once
// CUDA facts from the CUDA half of LibTorch and the driver: compiled versions, and the devices a
// run can use or why there are none. Part of the CUDA plugin (cuda_plugin_api.h).

#include <string>

#include "convstudio/system_info.h"

namespace convstudio::cuda {

std::string cuda_compiled_version();
std::string cudnn_version();
// Fills cuda_available, cuda_unavailable(_reason), cuda_driver_version and cuda_devices.
void probe_devices(DeviceReport& report);

}  // namespace convstudio::cuda
