#pragma once
// The one place where a test's faults (TrainingTestHooks) enter training: production code calls
// it at named points, and it does nothing unless a test set hooks before the run started.
// Internal (LibTorch).

#include <torch/torch.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "training_test_hooks.h"

namespace convstudio {

class TrainingFaults {
 public:
  // No faults.
  TrainingFaults() = default;
  explicit TrainingFaults(TrainingTestHooks hooks) : hooks_(std::move(hooks)) {}
  // The faults the tests set now (ScopedTrainingTestHooks); none outside tests.
  static TrainingFaults from_tests() { return TrainingFaults(training_test_hooks()); }

  // Before a micro-batch's forward, `steps_taken` optimizer steps into the run: throws a CUDA
  // out-of-memory error once, at the step the test named.
  void before_micro_batch(std::int64_t steps_taken);
  // Before optimizer step `step` (1-based): one gradient becomes inf, as an fp16 overflow leaves.
  void before_optimizer_step(std::int64_t step, const std::vector<torch::Tensor>& parameters) const;
  // Before a batch-size trial: throws out of memory from the batch size the test named on.
  void before_batch_size_trial(std::int64_t batch_size) const;

 private:
  TrainingTestHooks hooks_;
  bool out_of_memory_thrown_ = false;
};

}  // namespace convstudio
