// The small parts a TrainingRun's step loop calls: each keeps the rule the loop had inline.

#include <c10/util/Exception.h>
#include <gtest/gtest.h>
#include <torch/torch.h>

#include <cmath>
#include <vector>

#include "train/early_stopping.h"
#include "train/gradient_accumulation.h"
#include "train/training_faults.h"
#include "train/validation_schedule.h"

namespace convstudio {
namespace {

TEST(GradientAccumulation, TheEpochsShortLastStepWeighsByItsOwnMicroBatches) {
  // 7 batches, 3 a step: steps of 3, 3 and 1 micro-batches.
  GradientAccumulation step(3, 7, 0);
  std::vector<std::int64_t> sizes;
  std::vector<double> weights;
  std::int64_t in_step = 0;
  while (!step.epoch_done()) {
    if (step.starts_step()) step.start_step();
    weights.push_back(step.loss_weight(1.0));
    ++in_step;
    if (step.add(10)) {
      sizes.push_back(in_step);
      EXPECT_EQ(step.samples(), 10 * in_step);
      in_step = 0;
    }
  }
  EXPECT_EQ(sizes, (std::vector<std::int64_t>{3, 3, 1}));
  EXPECT_DOUBLE_EQ(weights.front(), 1.0 / 3.0);
  EXPECT_DOUBLE_EQ(weights.back(), 1.0);
}

TEST(GradientAccumulation, AResumedEpochStartsItsStepsAtTheSkippedBatch) {
  GradientAccumulation step(4, 10, 8);  // two batches left: one short step
  step.start_step();
  EXPECT_FALSE(step.last_of_step());
  EXPECT_FALSE(step.add(5));
  EXPECT_TRUE(step.last_of_step());
  EXPECT_TRUE(step.add(5));
  EXPECT_TRUE(step.epoch_done());
  EXPECT_EQ(step.batch_index(), 10);
}

TEST(EarlyStopping, StopsAfterPatienceEpochsWithoutALowerValidationLoss) {
  EarlyStopping stopping;
  EXPECT_FALSE(stopping.should_stop(true, 1.0, 2));
  EXPECT_FALSE(stopping.should_stop(false, 0.9, 2));  // better: the count starts again
  EXPECT_FALSE(stopping.should_stop(false, 0.95, 2));
  EXPECT_TRUE(stopping.should_stop(false, 0.9, 2));  // not lower than 0.9
  EXPECT_EQ(stopping.epochs_without_improvement(), 2);
}

TEST(EarlyStopping, APatienceOfZeroNeverStops) {
  EarlyStopping stopping;
  EXPECT_FALSE(stopping.should_stop(true, 1.0, 0));
  for (int epoch = 0; epoch < 5; ++epoch) EXPECT_FALSE(stopping.should_stop(false, 2.0, 0));
}

TEST(ValidationSchedule, EveryNStepsPartWayThroughAnEpochNotAtItsEnd) {
  const ValidationSchedule schedule(3);
  EXPECT_FALSE(schedule.due_mid_epoch(2, false));
  EXPECT_TRUE(schedule.due_mid_epoch(3, false));
  EXPECT_TRUE(schedule.due_mid_epoch(6, false));
  EXPECT_FALSE(schedule.due_mid_epoch(6, true));  // the epoch's own validation comes next
  EXPECT_FALSE(ValidationSchedule(0).due_mid_epoch(3, false));
}

TEST(ValidationSchedule, TheRunsEndValidatesOnlyAStepNotValidatedYet) {
  ValidationSchedule schedule(0);
  EXPECT_FALSE(schedule.due_at_end(0));  // nothing trained
  EXPECT_TRUE(schedule.due_at_end(5));
  schedule.validated(5);
  EXPECT_FALSE(schedule.due_at_end(5));
  EXPECT_TRUE(schedule.due_at_end(6));
  ValidationSchedule every(5);
  every.validated(5);
  EXPECT_FALSE(every.due_mid_epoch(5, false));
}

TEST(TrainingFaults, NoHooksInjectNothing) {
  TrainingFaults faults;
  torch::Tensor weight = torch::ones({2}, torch::requires_grad());
  weight.mutable_grad() = torch::zeros({2});
  EXPECT_NO_THROW(faults.before_micro_batch(0));
  faults.before_optimizer_step(1, {weight});
  EXPECT_NO_THROW(faults.before_batch_size_trial(1 << 20));
  EXPECT_EQ(weight.grad().sum().item<float>(), 0);
}

TEST(TrainingFaults, OutOfMemoryIsThrownOnceAtItsStep) {
  TrainingTestHooks hooks;
  hooks.out_of_memory_at_step = 2;
  TrainingFaults faults(hooks);
  EXPECT_NO_THROW(faults.before_micro_batch(1));
  EXPECT_THROW(faults.before_micro_batch(2), c10::OutOfMemoryError);
  EXPECT_NO_THROW(faults.before_micro_batch(2));  // the retried step goes through
}

TEST(TrainingFaults, InfGradientsFillTheFirstGradientAtTheirSteps) {
  TrainingTestHooks hooks;
  hooks.inf_gradients_at_steps = {3};
  TrainingFaults faults(hooks);
  torch::Tensor without_grad = torch::ones({2}, torch::requires_grad());
  torch::Tensor first = torch::ones({2}, torch::requires_grad());
  torch::Tensor second = torch::ones({2}, torch::requires_grad());
  first.mutable_grad() = torch::zeros({2});
  second.mutable_grad() = torch::zeros({2});
  faults.before_optimizer_step(2, {without_grad, first, second});
  EXPECT_EQ(first.grad().sum().item<float>(), 0);
  faults.before_optimizer_step(3, {without_grad, first, second});
  EXPECT_TRUE(std::isinf(first.grad()[0].item<float>()));
  EXPECT_EQ(second.grad().sum().item<float>(), 0);
}

TEST(TrainingFaults, BatchSizeTrialsRunOutOfMemoryFromTheirSize) {
  TrainingTestHooks hooks;
  hooks.out_of_memory_from_batch = 64;
  const TrainingFaults faults(hooks);
  EXPECT_NO_THROW(faults.before_batch_size_trial(32));
  EXPECT_THROW(faults.before_batch_size_trial(64), c10::OutOfMemoryError);
  EXPECT_THROW(faults.before_batch_size_trial(128), c10::OutOfMemoryError);
}

}  // namespace
}  // namespace convstudio
