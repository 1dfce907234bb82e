#pragma once
// Occlusion sensitivity (Zeiler and Fergus 2014): how much the class probability drops while a
// patch hides each part of the image, computed in batches of occluded copies.

#include <cstdint>
#include <optional>

#include <torch/torch.h>

#include "convstudio/explain/explanation.h"
#include "nn/graph_module.h"

namespace convstudio {

// The patch's top-left corners along one side: 0, stride, 2·stride, … while inside the image
// (patches at the far edge are clipped).
std::vector<std::int64_t> occlusion_offsets(std::int64_t length, int stride);

// H×W: per pixel, the mean of p(class | image) − p(class | occluded image) over the patches that
// cover it. nullopt when `cancel` was set.
std::optional<torch::Tensor> occlusion_map(GraphModuleImpl& module, const torch::Tensor& input,
                                           std::int64_t target_class,
                                           const OcclusionSettings& settings,
                                           const ExplainProgress& progress, ExplainCancel cancel);

}  // namespace convstudio
