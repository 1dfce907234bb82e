#pragma once
// Adam and AdamW keep the same things per parameter (steps, the two moments, and with amsgrad
// the largest second moment) in ParamState classes of their own: one checkpoint form for both.

#include "optimizers/optimizer_torch.h"

namespace convstudio::optimizers {

inline const std::vector<std::string> kAdamMomentNames = {"exp_avg", "exp_avg_sq",
                                                          "max_exp_avg_sq"};

template <class State>
SavedParamState save_adam_moments(const torch::optim::OptimizerParamState& state) {
  const auto& moments = static_cast<const State&>(state);
  SavedParamState saved;
  saved.step = moments.step();
  for (const auto& [name, tensor] :
       {std::pair{"exp_avg", moments.exp_avg()}, std::pair{"exp_avg_sq", moments.exp_avg_sq()},
        std::pair{"max_exp_avg_sq", moments.max_exp_avg_sq()}}) {
    if (tensor.defined()) saved.tensors[name] = tensor;
  }
  return saved;
}

template <class State>
RestoredParamState load_adam_moments(SavedParamState saved, const torch::optim::OptimizerOptions&) {
  if (!saved.step) return {};  // not stepped yet
  auto& tensors = saved.tensors;
  if (!tensors.contains("exp_avg") || !tensors.contains("exp_avg_sq")) {
    return {nullptr, "misses its moments"};
  }
  auto state = std::make_unique<State>();
  state->step(*saved.step).exp_avg(tensors["exp_avg"]).exp_avg_sq(tensors["exp_avg_sq"]);
  if (tensors.contains("max_exp_avg_sq")) state->max_exp_avg_sq(tensors["max_exp_avg_sq"]);
  return {std::move(state), ""};
}

}  // namespace convstudio::optimizers
