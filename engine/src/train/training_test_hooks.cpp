#include "training_test_hooks.h"

#include <atomic>

namespace convstudio {
namespace {

// One atomic per hook: a run on the training thread may read while a test thread sets them.
std::atomic<std::int64_t> out_of_memory_at_step{0};

}  // namespace

TrainingTestHooks training_test_hooks() {
  return {out_of_memory_at_step.load()};
}

ScopedTrainingTestHooks::ScopedTrainingTestHooks(const TrainingTestHooks& hooks) {
  out_of_memory_at_step = hooks.out_of_memory_at_step;
}

ScopedTrainingTestHooks::~ScopedTrainingTestHooks() {
  out_of_memory_at_step = 0;
}

}  // namespace convstudio
