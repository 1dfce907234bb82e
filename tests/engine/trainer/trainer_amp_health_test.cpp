// fp16 loss scaling health: skipped steps counted and flagged on injected inf gradients, the
// scale's back-offs, and the warnings when the scale collapses or too many steps are skipped.

#include <gtest/gtest.h>

#include <cmath>

#include "convstudio/train/trainer.h"
#include "runs/engine_messages.h"
#include "tiny_dataset.h"
#include "train/amp_health.h"
#include "train/training_test_hooks.h"

namespace convstudio {
namespace {

using testing::fresh_folder;
using testing::tiny_project;
using testing::write_tiny_idx_dataset;

struct StepRecorder : TrainingListener {
  std::vector<StepMetrics> steps;
  std::vector<LogLine> warnings;
  void on_step(const StepMetrics& step) override { steps.push_back(step); }
  void on_log(const LogLine& line) override {
    if (line.level == LogLevel::Warning) warnings.push_back(line);
  }
  bool warned(const char* pattern) const {
    for (const LogLine& line : warnings) {
      if (line.message.pattern == pattern) return true;
    }
    return false;
  }
};

class AmpHealthRun : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fresh_folder(::testing::UnitTest::GetInstance()->current_test_info()->name());
    write_tiny_idx_dataset(root_ / "data", 64, 16, 4, 8, 11);
  }
  RunSummary train_fp16(std::int64_t epochs, const std::set<std::int64_t>& inf_steps,
                        StepRecorder& recorder) {
    TrainingTestHooks hooks;
    hooks.inf_gradients_at_steps = inf_steps;
    const ScopedTrainingTestHooks injected(hooks);
    RunOptions options;
    options.project = tiny_project(root_ / "data", 4, 8);
    options.project.training.amp = AmpMode::Fp16;
    options.project.training.epochs = epochs;  // 8 steps an epoch
    options.out_dir = (root_ / "run").string();
    Trainer trainer(options, &recorder);
    return trainer.run();
  }
  std::filesystem::path root_;
};

TEST_F(AmpHealthRun, InjectedInfGradientsAreCountedAsSkippedSteps) {
  StepRecorder recorder;
  const RunSummary summary = train_fp16(2, {3, 7, 8}, recorder);
  ASSERT_EQ(summary.state, RunState::Finished) << (summary.error ? summary.error->describe() : "");
  ASSERT_EQ(recorder.steps.size(), 16u);
  EXPECT_EQ(summary.loss_scaling.skipped_steps, 3);
  EXPECT_EQ(summary.loss_scaling.backoffs, 3);
  EXPECT_EQ(summary.loss_scaling.growths, 0);
  ASSERT_TRUE(summary.loss_scaling.scale.has_value());
  EXPECT_DOUBLE_EQ(*summary.loss_scaling.scale, 65536.0 / 8);
  for (const StepMetrics& step : recorder.steps) {
    const bool injected = step.step == 3 || step.step == 7 || step.step == 8;
    EXPECT_EQ(step.skipped, injected) << step.step;
    EXPECT_EQ(step.loss_scale_change, injected ? -1 : 0) << step.step;
    EXPECT_TRUE(std::isfinite(step.loss)) << step.step;
  }
  EXPECT_EQ(recorder.steps.back().skipped_steps, 3);
  EXPECT_DOUBLE_EQ(recorder.steps[2].loss_scale, 32768.0);
  EXPECT_TRUE(recorder.warnings.empty());
}

TEST_F(AmpHealthRun, ACollapsedScaleWarnsWithAdvice) {
  std::set<std::int64_t> every_step;
  for (std::int64_t step = 1; step <= 18; ++step) every_step.insert(step);
  StepRecorder recorder;
  const RunSummary summary = train_fp16(3, every_step, recorder);
  ASSERT_EQ(summary.state, RunState::Finished);
  EXPECT_EQ(summary.loss_scaling.skipped_steps, 18);
  ASSERT_TRUE(summary.loss_scaling.scale.has_value());
  EXPECT_LT(*summary.loss_scaling.scale, AmpHealth::kCollapsedScale);
  EXPECT_TRUE(recorder.warned(messages::kLossScaleCollapsed));
}

TEST_F(AmpHealthRun, SkippingMoreThanTheShareWarnsOnce) {
  StepRecorder recorder;
  // 4 of the first 50 steps (8%) skipped; the scale ends far from collapse.
  const RunSummary summary = train_fp16(7, {2, 10, 20, 30}, recorder);
  ASSERT_EQ(summary.state, RunState::Finished);
  EXPECT_EQ(summary.loss_scaling.skipped_steps, 4);
  EXPECT_TRUE(recorder.warned(messages::kManySkippedSteps));
  EXPECT_FALSE(recorder.warned(messages::kLossScaleCollapsed));
  EXPECT_EQ(recorder.warnings.size(), 1u);
}

TEST(AmpHealth, CountsGrowthsBackoffsAndWarnsOncePerKind) {
  AmpHealth health;
  EXPECT_EQ(health.observe(false, 4, 8).scale_change, 1);
  EXPECT_EQ(health.observe(true, 8, 4).scale_change, -1);
  EXPECT_EQ(health.observe(false, 4, 4).scale_change, 0);
  AmpStepHealth collapsed = health.observe(true, 1, 0.5);
  ASSERT_TRUE(collapsed.warning.has_value());
  EXPECT_EQ(*collapsed.warning, AmpWarning::ScaleCollapsed);
  EXPECT_FALSE(health.observe(true, 0.5, 0.25).warning.has_value());
  EXPECT_EQ(health.skipped_steps(), 3);
  EXPECT_EQ(health.growths(), 1);
  EXPECT_EQ(health.backoffs(), 3);
  // Share: 3 skipped of 4 steps is far over 5%, but it waits for kMinStepsForShare steps.
  std::optional<AmpWarning> share;
  while (health.steps() < AmpHealth::kMinStepsForShare) {
    const AmpStepHealth step = health.observe(false, 1, 1);
    if (step.warning) share = step.warning;
  }
  ASSERT_TRUE(share.has_value());
  EXPECT_EQ(*share, AmpWarning::ManySkippedSteps);
}

}  // namespace
}  // namespace convstudio
