#include "explain/class_activation_map.h"

namespace convstudio {
namespace {

// Per channel, N×C: grad_cam.py's get_cam_weights (the gradients' spatial mean), or
// grad_cam_plusplus.py's alpha-weighted sum of the positive gradients.
torch::Tensor channel_weights(const torch::Tensor& activations, const torch::Tensor& grads,
                              bool plus_plus) {
  if (!plus_plus) return grads.mean({2, 3});
  const torch::Tensor grads_power_2 = grads.pow(2);
  const torch::Tensor grads_power_3 = grads_power_2 * grads;
  const torch::Tensor sum_activations = activations.sum({2, 3}, /*keepdim=*/true);
  constexpr double kEps = 0.000001;
  torch::Tensor aij = grads_power_2 / (2 * grads_power_2 + sum_activations * grads_power_3 + kEps);
  aij = torch::where(grads != 0, aij, torch::zeros_like(aij));
  return (grads.clamp_min(0) * aij).sum({2, 3});
}

}  // namespace

torch::Tensor scale_to_unit(const torch::Tensor& map) {
  const torch::Tensor shifted = map - map.min();
  return shifted / (1e-7 + shifted.max());
}

torch::Tensor class_activation_map(GraphModuleImpl& module, const ClassActivationInput& request) {
  torch::AutoGradMode grad_on(true);
  // The input asks for a gradient so every block's output is in the graph even when the blocks
  // before it are frozen; only the block's output gets one (no parameter's .grad is touched).
  const torch::Tensor input = request.input.detach().requires_grad_(true);
  std::map<std::string, torch::Tensor> outputs = module.forward_all(input);
  const torch::Tensor activations = outputs.at(request.block_id);
  const torch::Tensor score = outputs.at(request.output_id).select(1, request.target_class).sum();
  torch::Tensor grads;
  if (activations.requires_grad()) {
    grads = torch::autograd::grad({score}, {activations}, {}, /*retain_graph=*/false,
                                  /*create_graph=*/false, /*allow_unused=*/true)[0];
  }
  if (!grads.defined()) grads = torch::zeros_like(activations);  // the score does not read it
  torch::NoGradGuard no_grad;
  const torch::Tensor weights = channel_weights(activations.detach(), grads, request.plus_plus);
  torch::Tensor cam = (weights.unsqueeze(-1).unsqueeze(-1) * activations.detach()).sum(1);
  cam = scale_to_unit(torch::relu(cam)).unsqueeze(1);  // N×1×h×w
  cam = torch::nn::functional::interpolate(
      cam, torch::nn::functional::InterpolateFuncOptions()
               .size(std::vector<std::int64_t>{input.size(2), input.size(3)})
               .mode(torch::kBilinear)
               .align_corners(false));
  // base_cam.py's aggregate_multi_layers: max(·, 0), the mean over one layer, scaled again.
  return scale_to_unit(cam.clamp_min(0)[0][0]);
}

}  // namespace convstudio
