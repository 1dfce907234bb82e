#pragma once
// An optimizer's state (momentum buffers, Adam moments and step counts, param-group options) as
// the bytes of LibTorch's own archive, which is what optimizer.pt in a checkpoint holds.

#include <optional>
#include <string>
#include <string_view>

#include <torch/torch.h>

#include "convstudio/error.h"

namespace convstudio {

std::string save_optimizer_state(const torch::optim::Optimizer& optimizer);

// The optimizer must have the same kind and the same parameters, in the same order, as the one
// saved; its state tensors go to `device` (default: where they were saved). `source` names the
// file in errors.
std::optional<Error> load_optimizer_state(torch::optim::Optimizer& optimizer,
                                          std::string_view bytes, const std::string& source,
                                          std::optional<torch::Device> device = std::nullopt);

}  // namespace convstudio
