#pragma once
// How the learning rate changes over a run, in the terms the user picks them: a schedule kind,
// its few numbers, and an optional linear warm-up. Steps count optimizer steps, not micro-batches.

#include <cstdint>
#include <optional>
#include <string>

namespace convstudio {

enum class LrScheduleKind {
  constant,   // base_lr throughout
  step,       // base_lr * gamma^(floor(step / step_size)), PyTorch StepLR
  cosine,     // base_lr down to min_lr over the steps after warm-up, PyTorch CosineAnnealingLR
  one_cycle,  // PyTorch OneCycleLR (cosine anneal); base_lr is its max_lr
};

struct LrScheduleConfig {
  LrScheduleKind kind = LrScheduleKind::constant;
  double base_lr = 0.01;

  // Optimizer steps in the whole run, warm-up included; cosine and one-cycle need it.
  std::int64_t total_steps = 0;

  // step
  std::int64_t step_size = 1;
  double gamma = 0.1;

  // cosine
  double min_lr = 0.0;

  // one-cycle, with PyTorch's defaults
  double pct_start = 0.3;
  double div_factor = 25.0;
  double final_div_factor = 1e4;

  // Linear warm-up prepended to any kind, as PyTorch's SequentialLR(LinearLR, main) does: the
  // lr rises from warmup_start_factor * base_lr to base_lr, then the main schedule starts at its
  // own step 0. The default start factor is LinearLR's.
  std::int64_t warmup_steps = 0;
  double warmup_start_factor = 1.0 / 3.0;
};

// Why `config` is no schedule ("learning-rate schedule: cosine needs total steps greater than the
// warm-up steps"); nullopt when it is one. LearningRateSchedule refuses such a config, and a
// checkpoint's is checked with it when read.
std::optional<std::string> lr_schedule_config_problem(const LrScheduleConfig& config);

}  // namespace convstudio
