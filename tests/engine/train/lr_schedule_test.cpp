#include "train/lr_schedule.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

// Expected values below were produced by PyTorch 2.14's own schedulers (SGD, lr stepped once
// per optimizer step), printed with repr().

void expect_lr(const LearningRateSchedule& schedule, std::int64_t step, double expected) {
  EXPECT_NEAR(schedule.lr(step), expected, 1e-12 + 1e-12 * expected) << "at step " << step;
}

TEST(LearningRateSchedule, ConstantKeepsTheBaseRate) {
  LearningRateSchedule schedule({.kind = LrScheduleKind::constant, .base_lr = 0.05});
  expect_lr(schedule, 0, 0.05);
  expect_lr(schedule, 100000, 0.05);
}

TEST(LearningRateSchedule, StepMatchesStepLR) {
  // StepLR(step_size=3, gamma=0.5), lr 0.1
  LearningRateSchedule schedule(
      {.kind = LrScheduleKind::step, .base_lr = 0.1, .step_size = 3, .gamma = 0.5});
  const double expected[] = {0.1, 0.1, 0.1, 0.05, 0.05, 0.05, 0.025, 0.025, 0.025, 0.0125};
  for (int step = 0; step < 10; ++step) expect_lr(schedule, step, expected[step]);
}

TEST(LearningRateSchedule, CosineMatchesCosineAnnealingLR) {
  // CosineAnnealingLR(T_max=10, eta_min=0.001), lr 0.1
  LearningRateSchedule schedule(
      {.kind = LrScheduleKind::cosine, .base_lr = 0.1, .total_steps = 10, .min_lr = 0.001});
  const double expected[] = {
      0.1,    0.09757729755661011, 0.0905463412215599,  0.07959536998847742,  0.0657963412215599,
      0.0505, 0.03520365877844011, 0.02140463001152259, 0.010453658778440109, 0.0034227024433899004,
      0.001};
  for (int step = 0; step <= 10; ++step) expect_lr(schedule, step, expected[step]);
  expect_lr(schedule, 50, 0.001);  // holds at the floor after the end
}

TEST(LearningRateSchedule, OneCycleMatchesOneCycleLR) {
  // OneCycleLR(max_lr=0.1, total_steps=100) with its defaults: pct_start 0.3, div_factor 25,
  // final_div_factor 1e4, cosine annealing.
  LearningRateSchedule schedule(
      {.kind = LrScheduleKind::one_cycle, .base_lr = 0.1, .total_steps = 100});
  expect_lr(schedule, 0, 0.0040000000000000036);
  expect_lr(schedule, 1, 0.004281378056590748);
  expect_lr(schedule, 10, 0.029516394846410082);
  expect_lr(schedule, 28, 0.09971862194340926);
  expect_lr(schedule, 29, 0.1);
  expect_lr(schedule, 30, 0.09994965352845243);
  expect_lr(schedule, 64, 0.0500002);
  expect_lr(schedule, 90, 0.004023995277981982);
  expect_lr(schedule, 99, 4e-07);
  expect_lr(schedule, 150, 4e-07);
}

TEST(LearningRateSchedule, WarmupThenCosineMatchesSequentialLR) {
  // SequentialLR([LinearLR(start_factor=1/3, total_iters=4), CosineAnnealingLR(T_max=8)],
  // milestones=[4]), lr 0.1
  LearningRateSchedule schedule({.kind = LrScheduleKind::cosine,
                                 .base_lr = 0.1,
                                 .total_steps = 12,
                                 .warmup_steps = 4,
                                 .warmup_start_factor = 1.0 / 3.0});
  const double expected[] = {0.03333333333333333,
                             0.05,
                             0.06666666666666668,
                             0.08333333333333334,
                             0.1,
                             0.09619397662556434,
                             0.08535533905932738,
                             0.0691341716182545,
                             0.05,
                             0.030865828381745515,
                             0.014644660940672627,
                             0.0038060233744356634};
  for (int step = 0; step < 12; ++step) expect_lr(schedule, step, expected[step]);
}

TEST(LearningRateSchedule, ApplySetsEveryParamGroupOfSgdAdamAndAdamW) {
  torch::Tensor a = torch::zeros({2}, torch::requires_grad());
  torch::Tensor b = torch::zeros({2}, torch::requires_grad());
  LearningRateSchedule schedule(
      {.kind = LrScheduleKind::step, .base_lr = 0.1, .step_size = 1, .gamma = 0.5});
  schedule.advance();
  schedule.advance();

  torch::optim::SGD sgd(
      {torch::optim::OptimizerParamGroup({a}), torch::optim::OptimizerParamGroup({b})},
      torch::optim::SGDOptions(1.0));
  torch::optim::Adam adam(std::vector<torch::Tensor>{a}, torch::optim::AdamOptions(1.0));
  torch::optim::AdamW adamw(std::vector<torch::Tensor>{a}, torch::optim::AdamWOptions(1.0));
  for (torch::optim::Optimizer* optimizer :
       std::initializer_list<torch::optim::Optimizer*>{&sgd, &adam, &adamw}) {
    schedule.apply(*optimizer);
    for (auto& group : optimizer->param_groups()) EXPECT_DOUBLE_EQ(group.options().get_lr(), 0.025);
  }
}

TEST(LearningRateSchedule, StateRoundTripResumesAtTheSameStep) {
  LearningRateSchedule schedule(
      {.kind = LrScheduleKind::one_cycle, .base_lr = 0.1, .total_steps = 100});
  for (int i = 0; i < 37; ++i) schedule.advance();
  LearningRateSchedule resumed({});
  resumed.load_state(schedule.state());
  EXPECT_EQ(resumed.steps_taken(), 37);
  EXPECT_EQ(resumed.current_lr(), schedule.current_lr());
  EXPECT_EQ(resumed.config().kind, LrScheduleKind::one_cycle);
}

TEST(LearningRateSchedule, RefusesSchedulesThatCannotRun) {
  EXPECT_THROW(LearningRateSchedule({.kind = LrScheduleKind::cosine, .total_steps = 0}),
               std::invalid_argument);
  EXPECT_THROW(LearningRateSchedule(
                   {.kind = LrScheduleKind::one_cycle, .total_steps = 10, .warmup_steps = 10}),
               std::invalid_argument);
  EXPECT_THROW(LearningRateSchedule({.kind = LrScheduleKind::step, .step_size = 0}),
               std::invalid_argument);
}

}  // namespace
}  // namespace convstudio
