#include "training_faults.h"

#include <c10/util/Exception.h>

#include <limits>

namespace convstudio {

void TrainingFaults::before_micro_batch(std::int64_t steps_taken) {
  if (hooks_.out_of_memory_at_step <= 0 || out_of_memory_thrown_) return;
  if (steps_taken != hooks_.out_of_memory_at_step) return;
  out_of_memory_thrown_ = true;
  TORCH_CHECK_WITH(OutOfMemoryError, false, "injected out of memory (test)");
}

void TrainingFaults::before_optimizer_step(std::int64_t step,
                                           const std::vector<torch::Tensor>& parameters) const {
  if (!hooks_.inf_gradients_at_steps.contains(step)) return;
  for (const torch::Tensor& parameter : parameters) {
    if (!parameter.grad().defined()) continue;
    parameter.grad().fill_(std::numeric_limits<float>::infinity());
    return;
  }
}

void TrainingFaults::before_batch_size_trial(std::int64_t batch_size) const {
  if (hooks_.out_of_memory_from_batch > 0 && batch_size >= hooks_.out_of_memory_from_batch) {
    TORCH_CHECK_WITH(OutOfMemoryError, false, "injected out of memory (test)");
  }
}

}  // namespace convstudio
