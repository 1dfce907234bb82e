#include "optimizers/optimizer_torch.h"

namespace convstudio::optimizers::sgd {
namespace {

std::unique_ptr<torch::optim::Optimizer> make(const OptimizerSettings& s,
                                              std::vector<torch::Tensor> parameters) {
  // LibTorch refuses Nesterov without momentum; the settings check warns that it is left out.
  return std::make_unique<torch::optim::SGD>(std::move(parameters),
                                             torch::optim::SGDOptions(s.lr)
                                                 .momentum(s.momentum)
                                                 .nesterov(s.nesterov && s.momentum > 0)
                                                 .weight_decay(s.weight_decay));
}

SavedParamState save(const torch::optim::OptimizerParamState& state) {
  SavedParamState saved;
  const auto& buffer = static_cast<const torch::optim::SGDParamState&>(state).momentum_buffer();
  if (buffer.defined()) saved.tensors["momentum_buffer"] = buffer;
  return saved;
}

RestoredParamState load(SavedParamState saved, const torch::optim::OptimizerOptions&) {
  // Without a buffer there is no state: SGD starts one at the next step, as after a fresh start.
  if (!saved.tensors.contains("momentum_buffer")) return {};
  auto state = std::make_unique<torch::optim::SGDParamState>();
  state->momentum_buffer(saved.tensors["momentum_buffer"]);
  return {std::move(state), ""};
}

}  // namespace

OptimizerTorch torch_half() {
  OptimizerTorch half;
  half.make = make;
  half.is_instance = [](const torch::optim::Optimizer& optimizer) {
    return dynamic_cast<const torch::optim::SGD*>(&optimizer) != nullptr;
  };
  half.state_tensors = {"momentum_buffer"};
  half.save_state = save;
  half.load_state = load;
  return half;
}

}  // namespace convstudio::optimizers::sgd
