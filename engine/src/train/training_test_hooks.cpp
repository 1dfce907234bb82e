#include "training_test_hooks.h"

#include <mutex>

namespace convstudio {
namespace {

// A run on the training thread may read while a test thread sets them.
std::mutex hooks_mutex;
TrainingTestHooks current_hooks;

}  // namespace

TrainingTestHooks training_test_hooks() {
  const std::lock_guard lock(hooks_mutex);
  return current_hooks;
}

ScopedTrainingTestHooks::ScopedTrainingTestHooks(const TrainingTestHooks& hooks) {
  const std::lock_guard lock(hooks_mutex);
  current_hooks = hooks;
}

ScopedTrainingTestHooks::~ScopedTrainingTestHooks() {
  const std::lock_guard lock(hooks_mutex);
  current_hooks = {};
}

}  // namespace convstudio
