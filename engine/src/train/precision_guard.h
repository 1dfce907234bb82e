#pragma once
// What keeps a step's gradients sound and says how they were: fp16 loss scaling (LossScaler)
// with its health watch (AmpHealth: skipped steps, scale changes and their warnings), and the
// gradient norm, clipped to the setting or, without clipping, measured for the charts.
// Internal (LibTorch).
//
// Per optimizer step: scale(loss).backward() for each micro-batch; measure_norm() before the
// step's loss is read; finish_gradients(); step().

#include <torch/torch.h>

#include <cstdint>

#include "amp_health.h"
#include "convstudio/model/training_settings.h"
#include "gradient_norm.h"
#include "loss_scaler.h"
#include "run_log.h"

namespace convstudio {

class PrecisionGuard {
 public:
  // Scaling for fp16 only; clipping when `clip_grad_norm` > 0.
  PrecisionGuard(AmpMode amp, double clip_grad_norm);

  torch::Tensor scale(const torch::Tensor& loss) { return scaler_.scale(loss); }
  // Without clipping the norm is measured for the charts alone: queued before the step's loss
  // is read, so on a GPU it is ready by then.
  void measure_norm(const torch::nn::Module& model);
  // Unscales and clips the gradients, or reads the norm measure_norm() queued.
  void finish_gradients(torch::optim::Optimizer& optimizer, const torch::nn::Module& model);
  // The optimizer step unless the gradients hold inf/NaN, the scale's update, and the warnings
  // when the scale collapsed or many steps were skipped; `step` is the step's number (1-based).
  void step(torch::optim::Optimizer& optimizer, std::int64_t step, RunLog& log);
  // After a checkpoint's scaler state was loaded: the run goes on from its scale.
  void resume_scale() { loss_scale_ = scaler_.current_scale(); }

  LossScaler& scaler() { return scaler_; }
  const AmpHealth& health() const { return health_; }
  double loss_scale() const { return loss_scale_; }  // after the last update()
  bool step_skipped() const { return step_skipped_; }
  int scale_change() const { return scale_change_; }    // +1 grew, -1 backed off
  double grad_norm() const { return step_grad_norm_; }  // of the last step, before clipping

 private:
  void watch_scale(bool stepped, std::int64_t step, RunLog& log);

  LossScaler scaler_;
  AmpHealth health_;
  GradientNorm grad_norm_;
  double clip_grad_norm_ = 0;
  double loss_scale_ = 1;
  bool step_skipped_ = false;
  int scale_change_ = 0;
  double step_grad_norm_ = 0;
};

}  // namespace convstudio
