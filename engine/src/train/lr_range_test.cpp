#include "lr_range_test.h"

#include <cmath>
#include <stdexcept>

#include "autocast_guard.h"
#include "loss_scaler.h"
#include "training_loss.h"
#include "training_state_snapshot.h"

namespace convstudio {
namespace {

// The learning rate of step `step` (0-based) of `steps`: start × (end / start)^(step / (steps-1)).
double lr_at(const LrFinderOptions& options, std::int64_t step) {
  const double share = static_cast<double>(step) / static_cast<double>(options.steps - 1);
  return options.start_lr * std::pow(options.end_lr / options.start_lr, share);
}

std::optional<Batch> next_or_restart(const RangeTestSubject& subject) {
  std::optional<Batch> batch = subject.next_batch();
  if (batch) return batch;
  subject.restart();
  return subject.next_batch();
}

}  // namespace

void run_lr_range_test(const RangeTestSubject& subject, const LrFinderOptions& options,
                       const LrFinderProgress& progress, LrFinderResult& result) {
  GraphModule& model = *subject.model;
  torch::optim::Optimizer& optimizer = *subject.optimizer;
  TrainingStateSnapshot snapshot(*model, optimizer, subject.device);
  LossScalerOptions scaling;
  scaling.enabled = subject.amp == AmpMode::Fp16;
  LossScaler scaler(scaling);
  model->train();

  double average = 0;
  double lowest = 0;
  for (std::int64_t step = 0; step < options.steps; ++step) {
    const double lr = lr_at(options, step);
    for (auto& group : optimizer.param_groups()) group.options().set_lr(lr);
    optimizer.zero_grad(true);
    double loss_sum = 0;
    std::int64_t samples = 0;
    for (std::int64_t micro = 0; micro < subject.accumulate; ++micro) {
      std::optional<Batch> batch = next_or_restart(subject);
      if (!batch) throw std::runtime_error("the training data holds no batch");
      torch::Tensor images = batch->images.to(subject.device, batch->non_blocking);
      torch::Tensor labels = batch->labels.to(subject.device, batch->non_blocking);
      torch::Tensor logits;
      {
        AutocastGuard autocast(subject.device, subject.amp);
        logits = model->forward(images);
      }
      torch::Tensor loss = plain_cross_entropy(logits.to(torch::kFloat), labels);
      scaler.scale(loss / static_cast<double>(subject.accumulate)).backward();
      loss_sum += loss.item<double>() * static_cast<double>(labels.size(0));
      samples += labels.size(0);
    }
    scaler.step(optimizer);
    scaler.update();

    LrFinderPoint point;
    point.lr = lr;
    point.loss = loss_sum / static_cast<double>(samples);
    // A non-finite loss is the end: the smoothed curve would be meaningless from here on.
    if (!std::isfinite(point.loss)) {
      result.diverged = true;
      break;
    }
    average = options.smoothing * average + (1 - options.smoothing) * point.loss;
    point.smoothed_loss =
        average / (1 - std::pow(options.smoothing, static_cast<double>(step + 1)));
    if (step == 0 || point.smoothed_loss < lowest) lowest = point.smoothed_loss;
    result.points.push_back(point);
    if (progress && !progress(point, step + 1, options.steps)) {
      result.cancelled = true;
      break;
    }
    if (step > 0 && point.smoothed_loss > options.divergence_factor * lowest) {
      result.diverged = true;
      break;
    }
  }
  snapshot.restore();
  result.suggestions = suggest_learning_rates(result.points);
  if (const std::optional<LrSuggestion>& steepest = result.suggestions.steepest) {
    result.suggested_index = steepest->index;
    result.suggested_lr = steepest->lr;
  }
}

}  // namespace convstudio
