#pragma once
// Turns the user's device text (auto, cpu, cuda, cuda:K) into a torch device, or says why not.
// The problem's place is the device setting, "training.device".

#include <torch/torch.h>

#include <optional>
#include <string>

#include "convstudio/error.h"

namespace convstudio {

struct DeviceSelection {
  torch::Device device = torch::kCPU;
  std::optional<Error> error;  // set when the requested device cannot be used
};

// "auto" picks cuda:0 when CUDA is available, else the CPU. "cuda" means cuda:0.
DeviceSelection select_device(const std::string& text);

}  // namespace convstudio
