#include "train/loss_scaler.h"

#include <limits>

#include <gtest/gtest.h>

namespace convstudio {
namespace {

// One weight vector and a loss whose gradient is known: d/dw sum(w * x) = x.
struct Problem {
  torch::Tensor weight = torch::tensor({1.0f, -2.0f, 3.0f}).requires_grad_();
  torch::Tensor input = torch::tensor({0.5f, 0.25f, -1.0f});
  torch::optim::SGD optimizer{std::vector<torch::Tensor>{weight}, torch::optim::SGDOptions(0.1)};

  torch::Tensor loss() { return (weight * input).sum(); }
  void backward(LossScaler& scaler) {
    optimizer.zero_grad();
    scaler.scale(loss()).backward();
  }
};

TEST(LossScaler, StartsWithGradScalerDefaults) {
  LossScaler scaler;
  EXPECT_DOUBLE_EQ(scaler.current_scale(), 65536.0);
  EXPECT_DOUBLE_EQ(scaler.options().growth_factor, 2.0);
  EXPECT_DOUBLE_EQ(scaler.options().backoff_factor, 0.5);
  EXPECT_EQ(scaler.options().growth_interval, 2000);
}

TEST(LossScaler, ScaleMultipliesTheLossByTheScale) {
  LossScaler scaler;
  torch::Tensor scaled = scaler.scale(torch::tensor(1.5f));
  EXPECT_FLOAT_EQ(scaled.item<float>(), 1.5f * 65536.0f);
}

TEST(LossScaler, UnscaleGivesTheTrueGradients) {
  Problem problem;
  LossScaler scaler;
  problem.backward(scaler);
  EXPECT_TRUE(torch::allclose(problem.weight.grad(), problem.input * 65536.0f));
  scaler.unscale_(problem.optimizer);
  EXPECT_TRUE(torch::equal(problem.weight.grad(), problem.input));
}

TEST(LossScaler, UnscaleOfAParameterListGivesTheTrueGradients) {
  Problem problem;
  LossScaler scaler;
  problem.backward(scaler);
  scaler.unscale_(std::vector<torch::Tensor>{problem.weight});
  EXPECT_TRUE(torch::equal(problem.weight.grad(), problem.input));
  // step() must not unscale a second time.
  EXPECT_TRUE(scaler.step(problem.optimizer));
  EXPECT_TRUE(torch::allclose(problem.weight.detach(),
                              torch::tensor({1.0f, -2.0f, 3.0f}) - 0.1f * problem.input));
}

TEST(LossScaler, GoodStepUpdatesWeightsWithUnscaledGradients) {
  Problem problem;
  LossScaler scaler;
  problem.backward(scaler);
  EXPECT_TRUE(scaler.step(problem.optimizer));
  scaler.update();
  EXPECT_TRUE(torch::allclose(problem.weight.detach(),
                              torch::tensor({1.0f, -2.0f, 3.0f}) - 0.1f * problem.input));
  EXPECT_DOUBLE_EQ(scaler.current_scale(), 65536.0);
  EXPECT_EQ(scaler.state().growth_tracker, 1);
}

void expect_skipped_on(float bad_value) {
  Problem problem;
  LossScaler scaler;
  problem.backward(scaler);
  torch::NoGradGuard no_grad;
  problem.weight.mutable_grad()[1] = bad_value;
  torch::Tensor before = problem.weight.detach().clone();

  EXPECT_FALSE(scaler.step(problem.optimizer));
  scaler.update();

  EXPECT_TRUE(torch::equal(problem.weight.detach(), before));
  EXPECT_DOUBLE_EQ(scaler.current_scale(), 32768.0);
  EXPECT_EQ(scaler.skipped_steps(), 1);
  EXPECT_EQ(scaler.state().growth_tracker, 0);
}

TEST(LossScaler, InfGradientSkipsTheStepAndHalvesTheScale) {
  expect_skipped_on(std::numeric_limits<float>::infinity());
}

TEST(LossScaler, NanGradientSkipsTheStepAndHalvesTheScale) {
  expect_skipped_on(std::numeric_limits<float>::quiet_NaN());
}

TEST(LossScaler, LossThatOverflowsSkipsTheStep) {
  Problem problem;
  LossScaler scaler;
  problem.optimizer.zero_grad();
  // 1e35 * 65536 overflows float32: the scaled backward produces inf grads by itself.
  scaler.scale(problem.loss() * 1e35f).backward();
  EXPECT_FALSE(scaler.step(problem.optimizer));
  scaler.update();
  EXPECT_DOUBLE_EQ(scaler.current_scale(), 32768.0);
}

TEST(LossScaler, GrowsAfterGrowthIntervalGoodSteps) {
  Problem problem;
  LossScaler scaler(LossScalerOptions{.growth_interval = 3});
  for (int i = 0; i < 2; ++i) {
    problem.backward(scaler);
    scaler.step(problem.optimizer);
    scaler.update();
  }
  EXPECT_DOUBLE_EQ(scaler.current_scale(), 65536.0);
  EXPECT_EQ(scaler.state().growth_tracker, 2);
  problem.backward(scaler);
  scaler.step(problem.optimizer);
  scaler.update();
  EXPECT_DOUBLE_EQ(scaler.current_scale(), 131072.0);
  EXPECT_EQ(scaler.state().growth_tracker, 0);
}

TEST(LossScaler, SkippedStepRestartsTheGrowthCount) {
  Problem problem;
  LossScaler scaler(LossScalerOptions{.growth_interval = 2});
  problem.backward(scaler);
  scaler.step(problem.optimizer);
  scaler.update();
  problem.backward(scaler);
  {
    torch::NoGradGuard no_grad;
    problem.weight.mutable_grad()[0] = std::numeric_limits<float>::infinity();
  }
  scaler.step(problem.optimizer);
  scaler.update();
  problem.backward(scaler);
  scaler.step(problem.optimizer);
  scaler.update();
  // 65536 halved once; one good step since is not yet the interval of two.
  EXPECT_DOUBLE_EQ(scaler.current_scale(), 32768.0);
  EXPECT_EQ(scaler.state().growth_tracker, 1);
}

TEST(LossScaler, StateRoundTripContinuesIdentically) {
  Problem problem;
  LossScaler scaler(LossScalerOptions{.growth_interval = 2});
  problem.backward(scaler);
  {
    torch::NoGradGuard no_grad;
    problem.weight.mutable_grad()[0] = std::numeric_limits<float>::infinity();
  }
  scaler.step(problem.optimizer);
  scaler.update();
  problem.backward(scaler);
  scaler.step(problem.optimizer);
  scaler.update();

  const LossScalerState saved = scaler.state();
  EXPECT_DOUBLE_EQ(saved.scale, 32768.0);
  EXPECT_EQ(saved.growth_tracker, 1);
  EXPECT_EQ(saved.skipped_steps, 1);

  LossScaler resumed(LossScalerOptions{.growth_interval = 2});
  resumed.load_state(saved);
  EXPECT_EQ(resumed.state().scale, saved.scale);
  EXPECT_EQ(resumed.state().growth_tracker, saved.growth_tracker);
  EXPECT_EQ(resumed.skipped_steps(), 1);

  // The next good step completes the interval in both.
  for (LossScaler* each : {&scaler, &resumed}) {
    problem.backward(*each);
    each->step(problem.optimizer);
    each->update();
    EXPECT_DOUBLE_EQ(each->current_scale(), 65536.0);
  }
}

TEST(LossScaler, DisabledPassesEverythingThrough) {
  Problem problem;
  LossScaler scaler(LossScalerOptions{.enabled = false});
  torch::Tensor loss = problem.loss();
  EXPECT_TRUE(scaler.scale(loss).is_same(loss));
  problem.optimizer.zero_grad();
  scaler.scale(problem.loss()).backward();
  scaler.unscale_(problem.optimizer);
  EXPECT_TRUE(torch::equal(problem.weight.grad(), problem.input));
  EXPECT_TRUE(scaler.step(problem.optimizer));
  scaler.update();
  EXPECT_DOUBLE_EQ(scaler.current_scale(), 1.0);
}

TEST(LossScaler, UnscalingTwiceInOneStepIsRefused) {
  Problem problem;
  LossScaler scaler;
  problem.backward(scaler);
  scaler.unscale_(problem.optimizer);
  EXPECT_THROW(scaler.unscale_(problem.optimizer), std::logic_error);
}

TEST(LossScaler, ManualScaleIsKept) {
  Problem problem;
  LossScaler scaler;
  problem.backward(scaler);
  scaler.step(problem.optimizer);
  scaler.update(1024.0);
  EXPECT_DOUBLE_EQ(scaler.current_scale(), 1024.0);
}

}  // namespace
}  // namespace convstudio
