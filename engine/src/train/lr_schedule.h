#pragma once
// The learning rate at each optimizer step, as PyTorch's schedulers compute it, and setting it on
// an optimizer. lr(step) is a pure function so the UI can draw the whole curve before a run.
//
// Per optimizer step:  schedule.apply(optimizer); optimizer.step(); schedule.advance();

#include <cstdint>

#include <torch/torch.h>

#include "checkpoint/resume_states.h"  // LrScheduleState: what a checkpoint keeps
#include "convstudio/train/lr_schedule_config.h"

namespace convstudio {

class LearningRateSchedule {
 public:
  explicit LearningRateSchedule(LrScheduleConfig config);

  // The lr for optimizer step `step` (0-based). Past the end of a finite schedule the last
  // value holds, where PyTorch's OneCycleLR would raise and its cosine would climb back up.
  double lr(std::int64_t step) const;

  double current_lr() const { return lr(step_); }
  std::int64_t steps_taken() const { return step_; }
  const LrScheduleConfig& config() const { return config_; }

  // Sets current_lr() on every param group (SGD, Adam, AdamW and the other built-in optimizers).
  // Sets every parameter group's learning rate: the schedule's value × the group's scale
  // (group_scales[g]; 1 for groups beyond the list).
  void apply(torch::optim::Optimizer& optimizer,
             const std::vector<double>& group_scales = {}) const;
  // Call once after each optimizer step, skipped loss-scaler steps included, as PyTorch users do.
  void advance() { ++step_; }

  LrScheduleState state() const { return {config_, step_}; }
  void load_state(const LrScheduleState& state);

 private:
  double main_lr(std::int64_t step) const;
  double one_cycle_lr(std::int64_t step, std::int64_t total) const;

  LrScheduleConfig config_;
  std::int64_t step_ = 0;
};

}  // namespace convstudio
