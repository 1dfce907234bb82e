// When a run validates (issue 32): at each epoch's end, every validate_every_steps steps, and at
// the end of a run its step limit stopped part-way through an epoch, so a short sweep run still
// has an accuracy and a best checkpoint. Never twice at one step; a cancelled run not at all.

#include <gtest/gtest.h>

#include <vector>

#include "cancel_at_step.h"
#include "checkpoint/checkpoint_store.h"
#include "convstudio/train/trainer.h"
#include "tiny_dataset.h"

namespace convstudio {
namespace {

using testing::fresh_folder;
using testing::tiny_project;
using testing::write_tiny_idx_dataset;

// The step and epoch of every validation the run reported, in order.
class ValidationRecorder : public TrainingListener {
 public:
  void on_epoch(const EpochMetrics& epoch) override {
    steps.push_back(epoch.step);
    epochs.push_back(epoch.epoch);
  }
  std::vector<std::int64_t> steps;
  std::vector<std::int64_t> epochs;
};

class TrainerValidation : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fresh_folder(::testing::UnitTest::GetInstance()->current_test_info()->name());
    data_ = root_ / "data";
    write_tiny_idx_dataset(data_, 64, 32, 4, 8, 5);
    project_ = tiny_project(data_, 4, 8);  // 8 steps an epoch
  }
  RunSummary train(TrainingListener& listener) {
    RunOptions options;
    options.project = project_;
    options.out_dir = (root_ / "run").string();
    Trainer trainer(options, &listener);
    return trainer.run();
  }
  std::int64_t best_checkpoint_step() const {
    Result<CheckpointData> best = load_checkpoint(root_ / "run" / "best.ckpt");
    EXPECT_TRUE(best.ok()) << (best.ok() ? "" : best.error().describe());
    return best.ok() ? best.value().state.global_step : -1;
  }
  std::filesystem::path root_, data_;
  Project project_;
};

TEST_F(TrainerValidation, AStepLimitPartWayThroughAnEpochEndsWithAValidation) {
  project_.training.epochs = 2;
  project_.training.max_steps = 3;
  ValidationRecorder listener;
  const RunSummary summary = train(listener);
  ASSERT_EQ(summary.state, RunState::Finished);
  EXPECT_EQ(listener.steps, (std::vector<std::int64_t>{3}));
  EXPECT_EQ(listener.epochs, (std::vector<std::int64_t>{0}));
  ASSERT_TRUE(summary.val_accuracy.has_value());
  ASSERT_TRUE(summary.val_loss.has_value());
  EXPECT_EQ(summary.epochs, 0);  // no epoch completed
  EXPECT_FALSE(summary.checkpoints.best.empty());
  EXPECT_EQ(best_checkpoint_step(), 3);
}

TEST_F(TrainerValidation, ValidatesEveryNStepsAtTheirStepsBesidesTheEpochsEnds) {
  project_.training.epochs = 2;  // 16 steps
  project_.training.validation.every_steps = 3;
  ValidationRecorder listener;
  const RunSummary summary = train(listener);
  ASSERT_EQ(summary.state, RunState::Finished);
  EXPECT_EQ(listener.steps, (std::vector<std::int64_t>{3, 6, 8, 9, 12, 15, 16}));
  EXPECT_EQ(listener.epochs, (std::vector<std::int64_t>{0, 0, 0, 1, 1, 1, 1}));
  EXPECT_EQ(summary.epochs, 2);
}

// Step 8 ends the epoch, is a multiple of N and is the step limit: one validation there.
TEST_F(TrainerValidation, NoSecondValidationWhereTheStepLimitMeetsAnEpochsEnd) {
  project_.training.epochs = 3;
  project_.training.max_steps = 8;
  project_.training.validation.every_steps = 4;
  ValidationRecorder listener;
  const RunSummary summary = train(listener);
  ASSERT_EQ(summary.state, RunState::Finished);
  EXPECT_EQ(listener.steps, (std::vector<std::int64_t>{4, 8}));
  EXPECT_EQ(summary.epochs, 1);
}

TEST_F(TrainerValidation, NoSecondValidationWhereTheStepLimitMeetsEveryN) {
  project_.training.max_steps = 6;
  project_.training.validation.every_steps = 3;
  ValidationRecorder listener;
  ASSERT_EQ(train(listener).state, RunState::Finished);
  EXPECT_EQ(listener.steps, (std::vector<std::int64_t>{3, 6}));
}

// Stop is a cancel: the run ends at once with its last checkpoint and no figures it did not
// measure before the Stop.
TEST_F(TrainerValidation, AStoppedRunDoesNotValidateAtItsEnd) {
  project_.training.max_steps = 6;
  testing::CancelAtStep stop(3);
  RunOptions options;
  options.project = project_;
  options.out_dir = (root_ / "run").string();
  Trainer trainer(options, &stop);
  stop.trainer = &trainer;
  const RunSummary summary = trainer.run();
  EXPECT_EQ(summary.state, RunState::Cancelled);
  EXPECT_FALSE(summary.val_accuracy.has_value());
  EXPECT_TRUE(summary.checkpoints.best.empty());
}

}  // namespace
}  // namespace convstudio
