#pragma once
// The training loss and accuracy of an epoch, summed micro-batch by micro-batch. Internal to
// convstudio_engine.
//
// On the CPU the figures are read straight from the loss and logits: each LibTorch operation
// costs about 9 us to dispatch on this project's 2-core machine, so the 7 operations of the
// tensor path took 1.3% of a lenet5 step, and reading a CPU tensor needs no synchronisation.
// On a GPU they stay on the device until the optimizer step reads the loss (one wait per step),
// and the correct count until the epoch's end.

#include <torch/torch.h>

#include <cstdint>

namespace convstudio {

class TrainingFigures {
 public:
  void start_epoch();
  // One micro-batch: its mean loss (0-dim), float logits (batch x classes) and labels.
  void add(const torch::Tensor& loss, const torch::Tensor& logits, const torch::Tensor& labels);
  // At an optimizer step: the sum of loss x samples over the micro-batches since the last one.
  double take_step_loss_sum();
  // At the epoch's end: the samples classified right so far this epoch.
  std::int64_t epoch_correct();

 private:
  double host_loss_sum_ = 0;
  std::int64_t host_correct_ = 0;
  torch::Tensor device_loss_sum_;  // the step's, on a GPU
  torch::Tensor device_correct_;   // the epoch's, on a GPU
};

// argmax(logits, 1) == labels, counted, for float logits and int64 labels in CPU memory, with
// torch.argmax's rule: the first largest value, a NaN counting as the largest.
std::int64_t count_correct(const float* logits, const std::int64_t* labels, std::int64_t rows,
                           std::int64_t classes);

}  // namespace convstudio
