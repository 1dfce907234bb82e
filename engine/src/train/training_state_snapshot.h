#pragma once
// Everything a few experimental optimizer steps change, taken before them and put back after:
// the model's parameters and buffers, the optimizer's state and learning rates, the random
// generators and train/eval mode. Restored bit for bit, so a finder leaves no trace. Internal.

#include <torch/torch.h>

#include <string>
#include <vector>

#include "checkpoint/module_tensors.h"
#include "rng_state.h"

namespace convstudio {

class TrainingStateSnapshot {
 public:
  TrainingStateSnapshot(torch::nn::Module& model, torch::optim::Optimizer& optimizer,
                        const torch::Device& device);
  // Restores, unless restore() already did.
  ~TrainingStateSnapshot();
  TrainingStateSnapshot(const TrainingStateSnapshot&) = delete;
  TrainingStateSnapshot& operator=(const TrainingStateSnapshot&) = delete;

  // Puts everything back; throws when the model or optimizer no longer fit what was taken.
  void restore();

 private:
  torch::nn::Module& model_;
  torch::optim::Optimizer& optimizer_;
  torch::Device device_;
  NamedTensors tensors_;
  std::string optimizer_state_;
  std::vector<double> learning_rates_;
  RngState rng_;
  bool training_ = true;
  bool restored_ = false;
};

}  // namespace convstudio
