#pragma once
// An optimizer's state (momentum buffers, Adam moments and step counts, each group's learning
// rate) as the bytes of a safetensors file: tensors named GROUP.PARAM.NAME, the rest as JSON in
// its metadata. Plain data, so opening a checkpoint never runs a loader that can execute code.
// (Checkpoints before this format held LibTorch's archive, optimizer.pt, read only on resume.)

#include <optional>
#include <string>
#include <string_view>

#include <torch/torch.h>

#include "convstudio/error.h"

namespace convstudio {

// Every registered optimizer (engine/src/optimizers/: each home says what its state is); one
// outside the registry throws.
std::string save_optimizer_state(const torch::optim::Optimizer& optimizer);

// The optimizer must have the same kind and the same parameters, in the same order, as the one
// saved; its state tensors go to `device` (default: the CPU). `source` names the file in errors.
std::optional<Error> load_optimizer_state(torch::optim::Optimizer& optimizer,
                                          std::string_view bytes, const std::string& source,
                                          std::optional<torch::Device> device = std::nullopt);

// Checks the bytes decode as an optimizer state without needing the optimizer.
std::optional<Error> check_optimizer_state(std::string_view bytes, const std::string& source);

// The old format (LibTorch's archive in optimizer.pt), read with LibTorch's unpickler: only for
// resuming a run from a checkpoint written before the format above.
std::optional<Error> load_legacy_optimizer_state(torch::optim::Optimizer& optimizer,
                                                 std::string_view bytes, const std::string& source,
                                                 std::optional<torch::Device> device);

}  // namespace convstudio
