#pragma once
// The loop of the learning-rate range test on a model and optimizer that already exist: the
// learning rate set before each step, the loss smoothed and watched, everything restored after
// (TrainingStateSnapshot). find_learning_rate() sets up a project's model and data around it;
// tests call it directly. Internal (LibTorch).

#include <torch/torch.h>

#include <functional>
#include <optional>

#include "convstudio/train/lr_finder.h"
#include "data/batch_loader.h"
#include "nn/graph_module.h"

namespace convstudio {

struct RangeTestSubject {
  GraphModule* model = nullptr;
  torch::optim::Optimizer* optimizer = nullptr;
  torch::Device device = torch::kCPU;
  AmpMode amp = AmpMode::Off;   // never Auto
  std::int64_t accumulate = 1;  // micro-batches per step, as in training
  // The next training batch; nullopt when the data is used up (the test then starts it again
  // through `restart`).
  std::function<std::optional<Batch>()> next_batch;
  std::function<void()> restart;
};

// Fills result.points, diverged, cancelled and the suggestion.
void run_lr_range_test(const RangeTestSubject& subject, const LrFinderOptions& options,
                       const LrFinderProgress& progress, LrFinderResult& result);

}  // namespace convstudio
