#pragma once
// How much memory the device a project trains on has: a CUDA device's total memory, or the
// machine's physical RAM for the CPU.

#include <QString>

#include <cstdint>
#include <string>

#include "convstudio/system_info.h"

namespace convstudio {

struct DeviceCapacity {
  QString name;             // "cuda:0 NVIDIA H100", "CPU"
  std::uint64_t bytes = 0;  // 0 when unknown
};

// `device` as in TrainingSettings: "auto" (the first CUDA device, else the CPU), "cpu", "cuda",
// "cuda:K".
DeviceCapacity deviceCapacity(const DeviceReport& devices, const std::string& device);
std::uint64_t physicalMemoryBytes();

}  // namespace convstudio
