#include "training_state_snapshot.h"

#include <stdexcept>

#include "checkpoint/optimizer_state.h"

namespace convstudio {

TrainingStateSnapshot::TrainingStateSnapshot(torch::nn::Module& model,
                                             torch::optim::Optimizer& optimizer,
                                             const torch::Device& device)
    : model_(model),
      optimizer_(optimizer),
      device_(device),
      tensors_(extract_named_tensors(model)),
      optimizer_state_(save_optimizer_state(optimizer)),
      rng_(capture_rng_state()),
      training_(model.is_training()) {
  for (const auto& group : optimizer.param_groups()) {
    learning_rates_.push_back(group.options().get_lr());
  }
}

TrainingStateSnapshot::~TrainingStateSnapshot() {
  if (restored_) return;
  try {
    restore();
  } catch (...) {
    // A destructor must not throw; restore() is called explicitly where failure matters.
  }
}

void TrainingStateSnapshot::restore() {
  restored_ = true;
  torch::NoGradGuard no_grad;
  if (std::optional<Error> problem = apply_named_tensors(model_, tensors_, "the snapshot")) {
    throw std::runtime_error("could not restore the weights: " + problem->describe());
  }
  if (std::optional<Error> problem =
          load_optimizer_state(optimizer_, optimizer_state_, "the snapshot", device_)) {
    throw std::runtime_error("could not restore the optimizer: " + problem->describe());
  }
  auto& groups = optimizer_.param_groups();
  for (std::size_t g = 0; g < groups.size() && g < learning_rates_.size(); ++g) {
    groups[g].options().set_lr(learning_rates_[g]);
  }
  // Gradients of the experiment must not leak into the next step.
  optimizer_.zero_grad(true);
  (void)restore_rng_state(rng_);
  model_.train(training_);
}

}  // namespace convstudio
