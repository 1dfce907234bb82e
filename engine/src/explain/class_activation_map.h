#pragma once
// Grad-CAM (Selvaraju et al. 2017) and Grad-CAM++ (Chattopadhyay et al. 2018) as the
// pytorch-grad-cam package defines them (base_cam.py, grad_cam.py, grad_cam_plusplus.py), so the
// two agree: the class score's gradient w.r.t. the block's output weights its channels, ReLU,
// scaled to 0..1, bilinear to the input size, scaled to 0..1 again.

#include <cstdint>
#include <string>

#include <torch/torch.h>

#include "nn/graph_module.h"

namespace convstudio {

struct ClassActivationInput {
  const torch::Tensor& input;  // 1×C×H×W
  const std::string& block_id;
  const std::string& output_id;  // the Output block (logits)
  std::int64_t target_class = 0;
  bool plus_plus = false;
};

// H×W at the input size, 0..1. The module must be in eval mode; its weights get no gradient.
torch::Tensor class_activation_map(GraphModuleImpl& module, const ClassActivationInput& request);

// min-max scaling as pytorch-grad-cam's scale_cam_image: (x − min) / (1e-7 + max(x − min)).
torch::Tensor scale_to_unit(const torch::Tensor& map);

}  // namespace convstudio
