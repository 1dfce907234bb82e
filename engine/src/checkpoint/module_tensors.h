#pragma once
// A module's parameters and buffers by their dotted names ("features.0.weight",
// "bn1.running_mean"): what model.safetensors holds, taken from and put back into a module.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "convstudio/error.h"

namespace convstudio {

using NamedTensors = std::map<std::string, torch::Tensor>;

// Detached CPU copies, safe to keep while training goes on.
NamedTensors extract_named_tensors(const torch::nn::Module& module);

// Each tensor's shape by name: what a file's tensors are checked by before a module is built
// (graph_tensors.h).
std::map<std::string, std::vector<std::int64_t>> tensor_shapes(const NamedTensors& tensors);

// Copies `tensors` into the module's parameters and buffers (onto their devices). Every one must
// be there with the same shape and dtype and nothing extra; otherwise nothing is changed and the
// error names the tensor (and both shapes). `source` names the file in the error.
std::optional<Error> apply_named_tensors(torch::nn::Module& module, const NamedTensors& tensors,
                                         const std::string& source);

}  // namespace convstudio
