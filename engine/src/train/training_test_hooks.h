#pragma once
// Failures a test must provoke but the CPU never produces on its own (a CUDA out-of-memory
// error, fp16 gradients that overflow). Internal: not part of the public RunOptions, and nothing
// but tests sets them. Training reads them only through TrainingFaults (training_faults.h), the
// one seam, with a named call for each point where a fault can be injected.

#include <cstdint>
#include <set>

namespace convstudio {

struct TrainingTestHooks {
  // Throw an out-of-memory error once, at this optimizer step (1-based); 0 = never.
  std::int64_t out_of_memory_at_step = 0;
  // Fill a gradient with inf before these optimizer steps (1-based), as an fp16 overflow would.
  std::set<std::int64_t> inf_gradients_at_steps;
  // The batch-size finder: every trial step at this batch size or above runs out of memory, as a
  // GPU would; 0 = never.
  std::int64_t out_of_memory_from_batch = 0;
};

// The hooks a run reads when it starts; all off unless a ScopedTrainingTestHooks is alive.
TrainingTestHooks training_test_hooks();

// Sets the hooks for the runs started while it lives (from any thread), and clears them after.
class ScopedTrainingTestHooks {
 public:
  explicit ScopedTrainingTestHooks(const TrainingTestHooks& hooks);
  ~ScopedTrainingTestHooks();
  ScopedTrainingTestHooks(const ScopedTrainingTestHooks&) = delete;
  ScopedTrainingTestHooks& operator=(const ScopedTrainingTestHooks&) = delete;
};

}  // namespace convstudio
