#pragma once
// The training loss and accuracy of an epoch, summed micro-batch by micro-batch. Internal to
// convstudio_engine.
//
// On the CPU the figures are read straight from the loss and logits: each LibTorch operation
// costs about 9 us to dispatch on this project's 2-core machine, so the 7 operations of the
// tensor path took 1.3% of a lenet5 step, and reading a CPU tensor needs no synchronisation.
// On a GPU they stay on the device until the optimizer step reads the loss (one wait per step),
// and the correct count until the epoch's end.
//
// Segmentation (count_pixels): the correct count is of pixels, and the pixels counted (the
// truth not the ignore label) are summed beside it, so the training accuracy is the pixel
// accuracy; those figures always take the tensor path (per-pixel work dwarfs the dispatch).

#include <torch/torch.h>

#include <cstdint>
#include <optional>

namespace convstudio {

class TrainingFigures {
 public:
  void start_epoch();
  // A segmentation run's figures: pixels labelled `ignore_label` count nowhere.
  void count_pixels(std::int64_t ignore_label) { ignore_label_ = ignore_label; }
  bool counts_pixels() const { return ignore_label_.has_value(); }
  // One micro-batch: its mean loss (0-dim), float logits (batch x classes) and labels.
  void add(const torch::Tensor& loss, const torch::Tensor& logits, const torch::Tensor& labels);
  // The optimizer step's sum of loss x samples over its micro-batches (a GPU's value is read
  // back: one wait per step).
  double step_loss_sum();
  // The step's correct count, read back now: data-parallel ranks agree on it every step.
  std::int64_t step_correct();
  // Ends the step: its correct count joins the epoch's, or `agreed`, the count over all ranks.
  void end_step(std::optional<std::int64_t> agreed = std::nullopt);
  // At the epoch's end: the samples classified right this epoch.
  std::int64_t epoch_correct();
  // Segmentation: the pixels counted this epoch by this process (read back now).
  std::int64_t epoch_counted_pixels();
  // An optimizer step's loss sum and samples (over all ranks) join the epoch's.
  void add_step_totals(double loss_sum, std::int64_t samples) {
    epoch_loss_sum_ += loss_sum;
    epoch_samples_ += samples;
  }
  double epoch_loss_sum() const { return epoch_loss_sum_; }
  std::int64_t epoch_samples() const { return epoch_samples_; }

 private:
  double host_step_loss_ = 0;
  std::int64_t host_step_correct_ = 0;
  std::int64_t host_epoch_correct_ = 0;
  torch::Tensor device_step_loss_;  // on a GPU
  torch::Tensor device_step_correct_;
  torch::Tensor device_epoch_correct_;
  torch::Tensor device_epoch_counted_;  // segmentation's counted pixels
  std::optional<std::int64_t> ignore_label_;
  double epoch_loss_sum_ = 0;  // of the steps' loss sums
  std::int64_t epoch_samples_ = 0;
};

// argmax(logits, 1) == labels, counted, for float logits and int64 labels in CPU memory, with
// torch.argmax's rule: the first largest value, a NaN counting as the largest.
std::int64_t count_correct(const float* logits, const std::int64_t* labels, std::int64_t rows,
                           std::int64_t classes);

}  // namespace convstudio
