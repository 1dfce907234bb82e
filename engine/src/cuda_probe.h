#pragma once
// CUDA facts, answered honestly whether or not this LibTorch was built with CUDA. The CUDA
// implementation lives in cuda_probe_cuda.cpp; a CPU-only LibTorch gets cuda_probe_cpu.cpp.

#include <string>

#include "convstudio/system_info.h"

namespace convstudio {

bool cuda_compiled_in();
std::string cuda_compiled_version();
std::string cudnn_compiled_version();
// Fills cuda_available, cuda_unavailable_reason, cuda_driver_version and cuda_devices.
void probe_cuda(DeviceReport& report);

}  // namespace convstudio
