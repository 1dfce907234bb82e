#pragma once
// Failures a test must provoke but the CPU never produces on its own (a CUDA out-of-memory
// error). Internal: not part of the public RunOptions, and nothing but tests sets them.

#include <cstdint>

namespace convstudio {

struct TrainingTestHooks {
  // Throw an out-of-memory error once, at this optimizer step (1-based); 0 = never.
  std::int64_t out_of_memory_at_step = 0;
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
