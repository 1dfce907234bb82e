#include "precision_guard.h"

#include <sstream>

#include "runs/engine_messages.h"

namespace convstudio {
namespace {

LossScalerOptions scaling_for(AmpMode amp) {
  LossScalerOptions scaling;
  scaling.enabled = amp == AmpMode::Fp16;
  return scaling;
}

}  // namespace

PrecisionGuard::PrecisionGuard(AmpMode amp, double clip_grad_norm)
    : scaler_(scaling_for(amp)), clip_grad_norm_(clip_grad_norm) {}

void PrecisionGuard::measure_norm(const torch::nn::Module& model) {
  if (clip_grad_norm_ <= 0) grad_norm_.measure(model.parameters(), scaler_);
}

void PrecisionGuard::finish_gradients(torch::optim::Optimizer& optimizer,
                                      const torch::nn::Module& model) {
  if (clip_grad_norm_ > 0) {
    scaler_.unscale_(optimizer);
    step_grad_norm_ = torch::nn::utils::clip_grad_norm_(model.parameters(), clip_grad_norm_);
  } else {
    step_grad_norm_ = grad_norm_.read();
  }
}

void PrecisionGuard::step(torch::optim::Optimizer& optimizer, std::int64_t step, RunLog& log) {
  const bool stepped = scaler_.step(optimizer);
  scaler_.update();
  watch_scale(stepped, step, log);
}

void PrecisionGuard::watch_scale(bool stepped, std::int64_t step, RunLog& log) {
  step_skipped_ = !stepped;
  scale_change_ = 0;
  if (!scaler_.enabled()) return;
  // The one extra sync per step an fp16 run pays; the scale is also what the charts show.
  const double scale = scaler_.current_scale();
  const AmpStepHealth health = health_.observe(!stepped, loss_scale_, scale);
  loss_scale_ = scale;
  scale_change_ = health.scale_change;
  if (!health.warning) return;
  if (*health.warning == AmpWarning::ScaleCollapsed) {
    std::ostringstream value;
    value << scale;
    log.write(LogLevel::Warning,
              {messages::kLossScaleCollapsed, {value.str(), std::to_string(step)}});
  } else {
    log.write(LogLevel::Warning,
              {messages::kManySkippedSteps,
               {std::to_string(health_.skipped_steps()), std::to_string(health_.steps()),
                std::to_string(static_cast<int>(AmpHealth::kSkippedShareLimit * 100))}});
  }
}

}  // namespace convstudio
