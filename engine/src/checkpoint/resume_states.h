#pragma once
// What a checkpoint keeps of each part of a run that has a state of its own, so a resumed run
// goes on exactly as the interrupted one would have: the loss scaler (loss_scaler.h), the
// learning-rate schedule (lr_schedule.h) and the random generators (rng_state.h). Plain data:
// the checkpoint's files (checkpoint_state.h) store it without knowing those parts.

#include <cstdint>
#include <string>
#include <vector>

#include "convstudio/train/lr_schedule_config.h"

namespace convstudio {

struct LossScalerState {
  double scale = 65536.0;
  std::int64_t growth_tracker = 0;  // good steps in a row since the last change of scale
  std::int64_t skipped_steps = 0;   // optimizer steps skipped for inf/NaN grads, whole run
};

// The configuration and how many optimizer steps have been taken.
struct LrScheduleState {
  LrScheduleConfig config;
  std::int64_t step = 0;
};

struct RngState {
  std::string cpu_generator;                 // torch's default CPU generator, raw state bytes
  std::vector<std::string> cuda_generators;  // one per visible CUDA device; empty without CUDA
  std::string data_loader;                   // opaque, written and read by the data loader
};

}  // namespace convstudio
