// Every step reports the global norm of its gradients before clipping: measured by the clipping
// when it is on, by the charts' own measurement when it is off, the same figure either way, the
// true (unscaled) one under fp16 loss scaling, and without changing what the run learns.

#include <gtest/gtest.h>

#include <cmath>

#include "convstudio/train/trainer.h"
#include "tiny_dataset.h"

namespace convstudio {
namespace {

using testing::fresh_folder;
using testing::tiny_project;
using testing::write_tiny_idx_dataset;

struct StepRecorder : TrainingListener {
  std::vector<StepMetrics> steps;
  void on_step(const StepMetrics& step) override { steps.push_back(step); }
};

class GradientNormRun : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fresh_folder(::testing::UnitTest::GetInstance()->current_test_info()->name());
    write_tiny_idx_dataset(root_ / "data", 64, 16, 4, 8, 5);
  }
  // One epoch of 8 steps; `clip` 0 leaves clipping off.
  std::vector<StepMetrics> train(AmpMode amp, double clip, const std::string& name) {
    RunOptions options;
    options.project = tiny_project(root_ / "data", 4, 8);
    options.project.training.amp = amp;
    options.project.training.epochs = 1;
    options.project.training.optimizer.clip_grad_norm = clip;
    options.out_dir = (root_ / name).string();
    StepRecorder recorder;
    Trainer trainer(options, &recorder);
    const RunSummary summary = trainer.run();
    EXPECT_EQ(summary.state, RunState::Finished)
        << (summary.error ? summary.error->describe() : "");
    return recorder.steps;
  }
  // A limit far above any norm here: clipping measures, then multiplies by exactly 1.
  static constexpr double kNoEffect = 1e9;
  std::filesystem::path root_;
};

void expect_same_norms_and_training(const std::vector<StepMetrics>& measured,
                                    const std::vector<StepMetrics>& clipped) {
  ASSERT_EQ(measured.size(), 8u);
  ASSERT_EQ(clipped.size(), measured.size());
  for (std::size_t i = 0; i < measured.size(); ++i) {
    EXPECT_TRUE(std::isfinite(measured[i].grad_norm) && measured[i].grad_norm > 0) << i;
    EXPECT_NEAR(measured[i].grad_norm, clipped[i].grad_norm, 1e-5 * clipped[i].grad_norm) << i;
    EXPECT_EQ(measured[i].loss, clipped[i].loss) << i;  // measuring changed nothing learnt
  }
}

TEST_F(GradientNormRun, IsTheSameWhetherClippingMeasuresItOrNot) {
  expect_same_norms_and_training(train(AmpMode::Off, 0, "measured"),
                                 train(AmpMode::Off, kNoEffect, "clipped"));
}

TEST_F(GradientNormRun, IsTheTrueNormUnderFp16LossScaling) {
  // The clipping path unscales the gradients first; the measurement divides by the scale.
  const std::vector<StepMetrics> measured = train(AmpMode::Fp16, 0, "measured");
  expect_same_norms_and_training(measured, train(AmpMode::Fp16, kNoEffect, "clipped"));
  ASSERT_FALSE(measured.empty());
  EXPECT_GT(measured.front().loss_scale, 1000);  // the gradients did carry a scale
}

}  // namespace
}  // namespace convstudio
