#include "optimizers/optimizer_torch.h"

namespace convstudio::optimizers::rmsprop {
namespace {

using torch::optim::RMSpropParamState;

std::unique_ptr<torch::optim::Optimizer> make(const OptimizerSettings& s,
                                              std::vector<torch::Tensor> parameters) {
  return std::make_unique<torch::optim::RMSprop>(std::move(parameters),
                                                 torch::optim::RMSpropOptions(s.lr)
                                                     .alpha(0.99)
                                                     .eps(1e-8)
                                                     .momentum(s.momentum)
                                                     .weight_decay(s.weight_decay)
                                                     .centered(false));
}

SavedParamState save(const torch::optim::OptimizerParamState& state) {
  const auto& averages = static_cast<const RMSpropParamState&>(state);
  SavedParamState saved;
  saved.step = averages.step();
  for (const auto& [name, tensor] : {std::pair{"square_avg", averages.square_avg()},
                                     std::pair{"momentum_buffer", averages.momentum_buffer()},
                                     std::pair{"grad_avg", averages.grad_avg()}}) {
    if (tensor.defined()) saved.tensors[name] = tensor;
  }
  return saved;
}

RestoredParamState load(SavedParamState saved, const torch::optim::OptimizerOptions& group) {
  if (!saved.step) return {};  // not stepped yet
  auto& tensors = saved.tensors;
  if (!tensors.contains("square_avg")) return {nullptr, "misses square_avg"};
  // LibTorch steps with the momentum buffer whenever the group has momentum: a state saved
  // without one cannot go on with it.
  const bool momentum = static_cast<const torch::optim::RMSpropOptions&>(group).momentum() > 0;
  if (momentum && !tensors.contains("momentum_buffer")) return {nullptr, "misses momentum_buffer"};
  auto state = std::make_unique<RMSpropParamState>();
  state->step(*saved.step).square_avg(tensors["square_avg"]);
  if (tensors.contains("momentum_buffer")) state->momentum_buffer(tensors["momentum_buffer"]);
  if (tensors.contains("grad_avg")) state->grad_avg(tensors["grad_avg"]);
  return {std::move(state), ""};
}

}  // namespace

OptimizerTorch torch_half() {
  OptimizerTorch half;
  half.make = make;
  half.is_instance = [](const torch::optim::Optimizer& optimizer) {
    return dynamic_cast<const torch::optim::RMSprop*>(&optimizer) != nullptr;
  };
  half.state_tensors = {"square_avg", "momentum_buffer", "grad_avg"};
  half.save_state = save;
  half.load_state = load;
  return half;
}

}  // namespace convstudio::optimizers::rmsprop
