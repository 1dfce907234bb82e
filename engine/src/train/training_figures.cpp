#include "training_figures.h"

#include <cmath>

namespace convstudio {
namespace {

bool readable_on_host(const torch::Tensor& loss, const torch::Tensor& logits,
                      const torch::Tensor& labels) {
  return loss.device().is_cpu() && loss.scalar_type() == torch::kFloat && loss.numel() == 1 &&
         logits.device().is_cpu() && logits.scalar_type() == torch::kFloat && logits.dim() == 2 &&
         logits.is_contiguous() && labels.device().is_cpu() &&
         labels.scalar_type() == torch::kLong && labels.is_contiguous() &&
         labels.size(0) == logits.size(0);
}

}  // namespace

std::int64_t count_correct(const float* logits, const std::int64_t* labels, std::int64_t rows,
                           std::int64_t classes) {
  std::int64_t correct = 0;
  for (std::int64_t r = 0; r < rows; ++r) {
    const float* row = logits + r * classes;
    std::int64_t best = 0;
    for (std::int64_t c = 1; c < classes && !std::isnan(row[best]); ++c) {
      if (std::isnan(row[c]) || row[c] > row[best]) best = c;
    }
    if (best == labels[r]) ++correct;
  }
  return correct;
}

void TrainingFigures::start_epoch() {
  host_step_loss_ = 0;
  host_step_correct_ = 0;
  host_epoch_correct_ = 0;
  device_step_loss_ = torch::Tensor();
  device_step_correct_ = torch::Tensor();
  device_epoch_correct_ = torch::Tensor();
  device_epoch_counted_ = torch::Tensor();
  epoch_loss_sum_ = 0;
  epoch_samples_ = 0;
}

void TrainingFigures::add(const torch::Tensor& loss, const torch::Tensor& logits,
                          const torch::Tensor& labels) {
  const auto samples = static_cast<double>(labels.size(0));
  if (!ignore_label_ && readable_on_host(loss, logits, labels)) {
    host_step_loss_ += static_cast<double>(*loss.data_ptr<float>()) * samples;
    host_step_correct_ += count_correct(logits.data_ptr<float>(), labels.data_ptr<std::int64_t>(),
                                        logits.size(0), logits.size(1));
    return;
  }
  // Outside autograd: these operations record nothing for backward and dispatch faster.
  c10::InferenceMode figures_only;
  torch::Tensor loss_sum = loss.to(torch::kDouble) * samples;
  torch::Tensor correct;
  if (ignore_label_) {
    const torch::Tensor counted = labels.ne(*ignore_label_);
    correct = logits.argmax(1).eq(labels).logical_and(counted).sum();
    const torch::Tensor pixels = counted.sum();
    device_epoch_counted_ =
        device_epoch_counted_.defined() ? device_epoch_counted_ + pixels : pixels;
  } else {
    correct = logits.argmax(1).eq(labels).sum();
  }
  device_step_loss_ = device_step_loss_.defined() ? device_step_loss_ + loss_sum : loss_sum;
  device_step_correct_ = device_step_correct_.defined() ? device_step_correct_ + correct : correct;
}

double TrainingFigures::step_loss_sum() {
  return host_step_loss_ + (device_step_loss_.defined() ? device_step_loss_.item<double>() : 0);
}

std::int64_t TrainingFigures::step_correct() {
  return host_step_correct_ +
         (device_step_correct_.defined() ? device_step_correct_.item<std::int64_t>() : 0);
}

void TrainingFigures::end_step(std::optional<std::int64_t> agreed) {
  if (agreed) {
    host_epoch_correct_ += *agreed;
  } else {
    host_epoch_correct_ += host_step_correct_;
    if (device_step_correct_.defined()) {
      c10::InferenceMode figures_only;
      device_epoch_correct_ = device_epoch_correct_.defined()
                                  ? device_epoch_correct_ + device_step_correct_
                                  : device_step_correct_;
    }
  }
  host_step_loss_ = 0;
  host_step_correct_ = 0;
  device_step_loss_ = torch::Tensor();
  device_step_correct_ = torch::Tensor();
}

std::int64_t TrainingFigures::epoch_correct() {
  return host_epoch_correct_ +
         (device_epoch_correct_.defined() ? device_epoch_correct_.item<std::int64_t>() : 0);
}

std::int64_t TrainingFigures::epoch_counted_pixels() {
  return device_epoch_counted_.defined() ? device_epoch_counted_.item<std::int64_t>() : 0;
}

}  // namespace convstudio
