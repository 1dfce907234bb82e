#pragma once
// Dynamic loss scaling for fp16 training, the C++ counterpart of torch.amp.GradScaler (LibTorch
// has none): same kernels, same defaults, same skip-and-back-off rule.
//
// Per optimizer step:   scaler.scale(loss).backward();   (K times when accumulating)
//                       scaler.unscale_(optimizer);       (optional, e.g. before clipping)
//                       scaler.step(optimizer);           (skipped when a grad is inf/NaN)
//                       scaler.update();
// One scaler serves one optimizer, which is all a CNN run here uses.

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include <torch/torch.h>

#include "checkpoint/resume_states.h"  // LossScalerState: what a checkpoint keeps

namespace convstudio {

struct LossScalerOptions {
  bool enabled = true;  // disabled: every call passes through (fp32 and bf16 runs)
  double init_scale = 65536.0;
  double growth_factor = 2.0;
  double backoff_factor = 0.5;
  std::int64_t growth_interval = 2000;
};

class LossScaler {
 public:
  explicit LossScaler(LossScalerOptions options = {});

  bool enabled() const { return options_.enabled; }
  const LossScalerOptions& options() const { return options_; }

  // loss * scale (the loss unchanged when disabled).
  torch::Tensor scale(const torch::Tensor& loss);

  // Divides the grads by the scale and notes whether any is inf/NaN. At most once per step;
  // step() calls it when the caller has not.
  void unscale_(torch::optim::Optimizer& optimizer);
  // The same for the grads of `params` (the parameters the optimizer owns).
  void unscale_(const std::vector<torch::Tensor>& params);

  // Runs optimizer.step() unless the grads held an inf or NaN; returns whether it stepped.
  bool step(torch::optim::Optimizer& optimizer);

  // Backs the scale off after a skipped step, grows it after growth_interval good steps.
  void update();
  // Sets the scale by hand, as GradScaler.update(new_scale) does.
  void update(double new_scale);

  // The current scale; reading it waits for the device.
  double current_scale() const;
  // `value`, a figure of the gradients that grows with them (their norm), computed before this
  // step's unscale_, divided by the scale they carry; on the device, so nothing waits.
  torch::Tensor unscaled(const torch::Tensor& value) const;
  std::int64_t skipped_steps() const { return skipped_steps_; }

  LossScalerState state() const;
  void load_state(const LossScalerState& state);

  // Data-parallel runs: called with each found-inf flag right after unscaling, so that every
  // rank skips (or takes) the same steps and backs its scale off alike (an all-reduce MAX).
  void set_found_inf_agreement(std::function<void(torch::Tensor&)> agree) {
    agree_found_inf_ = std::move(agree);
  }

 private:
  enum class Stage { ready, unscaled, stepped };

  void ensure_initialised(const torch::Device& device);
  bool found_inf_this_step() const;

  LossScalerOptions options_;
  // Created on the device of the first loss, like GradScaler's lazy init.
  torch::Tensor scale_;           // float32 scalar
  torch::Tensor growth_tracker_;  // int32 scalar
  LossScalerState pending_;       // the state to start from until the tensors exist
  std::int64_t skipped_steps_ = 0;
  Stage stage_ = Stage::ready;
  // One found-inf flag per device that held grads this step.
  std::vector<std::pair<torch::Device, torch::Tensor>> found_inf_per_device_;
  std::function<void(torch::Tensor&)> agree_found_inf_;
};

}  // namespace convstudio
