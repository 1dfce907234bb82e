// The epoch's training accuracy and loss, as the summary and the charts show them, come from
// TrainingFigures: read straight from CPU tensors, or summed on the device otherwise. Both ways
// must give what argmax/eq/sum and the mean loss give.

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <limits>

#include "train/training_figures.h"

namespace convstudio {
namespace {

std::int64_t torch_correct(const torch::Tensor& logits, const torch::Tensor& labels) {
  return logits.argmax(1).eq(labels).sum().item<std::int64_t>();
}

TEST(TrainingFigures, CountsLikeArgmaxWithTiesAndNaN) {
  torch::manual_seed(1);
  // Rounded logits: many rows hold several equal maxima, where the first one counts.
  torch::Tensor logits = torch::randn({64, 10}).mul(2).round();
  logits[3][7] = std::numeric_limits<float>::quiet_NaN();  // a NaN counts as the largest
  logits[5][0] = std::numeric_limits<float>::quiet_NaN();
  logits[5][4] = std::numeric_limits<float>::quiet_NaN();
  torch::Tensor labels = torch::randint(0, 10, {64}, torch::kLong);
  labels[3] = 7;
  labels[5] = 0;
  for (std::int64_t r = 10; r < 40; ++r) labels[r] = logits[r].argmax().item<std::int64_t>();
  const std::int64_t expected = torch_correct(logits, labels);
  EXPECT_GE(expected, 32);
  EXPECT_EQ(count_correct(logits.data_ptr<float>(), labels.data_ptr<std::int64_t>(), 64, 10),
            expected);
}

TEST(TrainingFigures, HostAndDevicePathsGiveTheSameFigures) {
  torch::manual_seed(2);
  TrainingFigures host;
  TrainingFigures tensors;  // bfloat16 logits cannot be read directly: the tensor path runs
  host.start_epoch();
  tensors.start_epoch();
  double expected_loss = 0;
  std::int64_t expected_correct = 0;
  double host_loss = 0;
  double tensor_loss = 0;
  for (int step = 0; step < 3; ++step) {
    for (int micro = 0; micro < 2; ++micro) {
      torch::Tensor logits = torch::randn({16, 5}).round();
      torch::Tensor labels = torch::randint(0, 5, {16}, torch::kLong);
      torch::Tensor loss = torch::nn::functional::cross_entropy(logits, labels);
      expected_loss += loss.item<double>() * 16;
      expected_correct += torch_correct(logits, labels);
      host.add(loss, logits, labels);
      tensors.add(loss, logits.to(torch::kBFloat16).to(torch::kDouble), labels);
    }
    host_loss += host.step_loss_sum();
    tensor_loss += tensors.step_loss_sum();
    host.end_step();
    tensors.end_step();
  }
  EXPECT_NEAR(host_loss, expected_loss, 1e-9 * expected_loss);
  EXPECT_NEAR(tensor_loss, expected_loss, 1e-9 * expected_loss);
  EXPECT_EQ(host.epoch_correct(), expected_correct);
  // Rounded values are exact in bfloat16, so its argmax is the same.
  EXPECT_EQ(tensors.epoch_correct(), expected_correct);
  // A new epoch starts from nothing.
  host.start_epoch();
  EXPECT_EQ(host.epoch_correct(), 0);
  EXPECT_EQ(host.step_loss_sum(), 0);
}

TEST(TrainingFigures, AnAgreedCountReplacesTheStepsOwn) {
  // Data-parallel ranks: the epoch counts what all ranks classified right, not this rank alone.
  TrainingFigures figures;
  figures.start_epoch();
  torch::Tensor logits = torch::eye(4);
  torch::Tensor labels = torch::arange(4, torch::kLong);
  figures.add(torch::tensor(0.5f), logits, labels);
  EXPECT_EQ(figures.step_correct(), 4);
  EXPECT_DOUBLE_EQ(figures.step_loss_sum(), 2.0);
  figures.end_step(9);
  figures.add(torch::tensor(0.5f), logits, labels);
  figures.end_step();
  EXPECT_EQ(figures.epoch_correct(), 13);
}

}  // namespace
}  // namespace convstudio
