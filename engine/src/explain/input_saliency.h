#pragma once
// Vanilla saliency (Simonyan et al. 2014): |d score / d input|, the largest over channels; with
// SmoothGrad (Smilkov et al. 2017) the mean of that over noisy copies of the input, as Captum's
// NoiseTunnel(Saliency(abs=True)) averages it. Scaled to 0..1.

#include <cstdint>
#include <optional>

#include <torch/torch.h>

#include "convstudio/explain/explanation.h"
#include "nn/graph_module.h"

namespace convstudio {

// H×W, 0..1; nullopt when `cancel` was set.
std::optional<torch::Tensor> saliency_map(GraphModuleImpl& module, const torch::Tensor& input,
                                          std::int64_t target_class,
                                          const SaliencySettings& settings,
                                          const ExplainProgress& progress, ExplainCancel cancel);

}  // namespace convstudio
