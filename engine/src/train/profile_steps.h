#pragma once
// The profiler's loop on a model and optimizer that already exist: warm-up steps, then measured
// ones, each a plain training step (data, forward under autocast, cross-entropy, backward,
// optimizer step, reading the loss back) with the BlockTimeline observing the model.
// profile_training() sets up a project's model and data around it; tests call it directly.
// Internal (LibTorch).

#include <torch/torch.h>

#include <functional>
#include <optional>

#include "convstudio/model/block_analysis.h"
#include "convstudio/model/graph.h"
#include "convstudio/train/step_profile.h"
#include "data/batch_loader.h"
#include "nn/graph_module.h"
#include "profile_clock.h"

namespace convstudio {

struct ProfileSubject {
  GraphModule* model = nullptr;
  torch::optim::Optimizer* optimizer = nullptr;
  const Graph* graph = nullptr;  // the model's graph and its analysis: the FLOPs and estimates
  const ModelAnalysis* analysis = nullptr;
  torch::Device device = torch::kCPU;
  AmpMode amp = AmpMode::Off;  // never Auto
  bool channels_last = false;  // as the model was set: the estimate's pooling rule reads it
  bool measure_memory = true;
  bool peak_only = false;         // run the warm-up and unprofiled steps only: the peaks, no rows
  ProfileClock* clock = nullptr;  // nullptr: make_profile_clock(device); tests pass their own
  // The next training batch; nullopt when the data is used up (then `restart` and again).
  std::function<std::optional<Batch>()> next_batch;
  std::function<void()> restart;
};

// Fills `profile`'s blocks, stages, step time and events (not its device or error). The model
// is left without an observer, as it was.
void run_profile_steps(const ProfileSubject& subject, std::int64_t warmup, std::int64_t steps,
                       const ProfileProgress& progress, StepProfile& profile);

}  // namespace convstudio
