#include "optimizers/optimizer_torch.h"
#include "optimizers/shared/adam_moments.h"

namespace convstudio::optimizers::adam {

OptimizerTorch torch_half() {
  OptimizerTorch half;
  half.make =
      [](const OptimizerSettings& s,
         std::vector<torch::Tensor> parameters) -> std::unique_ptr<torch::optim::Optimizer> {
    return std::make_unique<torch::optim::Adam>(
        std::move(parameters), torch::optim::AdamOptions(s.lr).weight_decay(s.weight_decay));
  };
  half.is_instance = [](const torch::optim::Optimizer& optimizer) {
    return dynamic_cast<const torch::optim::Adam*>(&optimizer) != nullptr;
  };
  half.state_tensors = kAdamMomentNames;
  half.save_state = save_adam_moments<torch::optim::AdamParamState>;
  half.load_state = load_adam_moments<torch::optim::AdamParamState>;
  return half;
}

}  // namespace convstudio::optimizers::adam
