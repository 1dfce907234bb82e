#pragma once
// Where a run stands in optimizer steps and epochs: where it started (a resumed run part-way
// through an epoch), where it plans to end, and the last optimizer-step boundary, which is what
// a checkpoint saves. Internal.

#include <cstdint>

#include "rng_state.h"

namespace convstudio {

// The state at an optimizer-step boundary that a checkpoint needs besides the weights.
struct StepBoundary {
  std::int64_t epoch = 0;
  std::int64_t batch_in_epoch = 0;  // micro-batches of the epoch consumed
  RngState rng;
};

struct RunProgress {
  std::int64_t total_steps = 0;  // planned optimizer steps of the whole run
  std::int64_t global_step = 0;  // optimizer steps done
  std::int64_t first_step = 0;   // global step the run (or the resumed run) started at
  std::int64_t start_epoch = 0;
  std::int64_t start_batch = 0;  // micro-batches of start_epoch already trained
  StepBoundary boundary;
};

}  // namespace convstudio
