// What a run does when its own files fail it: a save that cannot be written ends the run as
// failed, and what kill -9 left in a run folder is tidied when the next run starts there.

#include <gtest/gtest.h>

#include <fstream>
#include <vector>

#include "cancel_at_step.h"
#include "checkpoint/checkpoint_store.h"
#include "convstudio/train/trainer.h"
#include "tiny_dataset.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::fresh_folder;
using testing::tiny_project;
using testing::write_tiny_idx_dataset;

// Takes the run's out folder away after the first step, as when a disk is unplugged or a
// folder deleted while a run goes on: every later save fails.
class RemoveFolderAtFirstStep : public TrainingListener {
 public:
  explicit RemoveFolderAtFirstStep(fs::path folder) : folder_(std::move(folder)) {}
  void on_step(const StepMetrics& metrics) override {
    if (metrics.step == 1) fs::remove_all(folder_);
  }

 private:
  fs::path folder_;
};

using testing::CancelAtStep;

class LogCollector : public TrainingListener {
 public:
  void on_log(const LogLine& line) override { lines.push_back(line.text); }
  bool mentions(const std::string& text) const {
    for (const auto& line : lines) {
      if (line.find(text) != std::string::npos) return true;
    }
    return false;
  }
  std::vector<std::string> lines;
};

class TrainerSaves : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fresh_folder(::testing::UnitTest::GetInstance()->current_test_info()->name());
    data_ = root_ / "data";
    write_tiny_idx_dataset(data_, 64, 32, 4, 8, 11);
  }
  RunOptions options_for(const Project& project, const std::string& out) const {
    RunOptions options;
    options.project = project;
    options.out_dir = (root_ / out).string();
    return options;
  }
  fs::path root_, data_;
};

TEST_F(TrainerSaves, FailedFinalCheckpointFailsTheRunAndSaysWhy) {
  Project project = tiny_project(data_, 4, 8);
  project.training.validation.keep_best = false;
  project.training.validation.checkpoint_every_epochs = 0;
  RemoveFolderAtFirstStep remove(root_ / "run");
  Trainer trainer(options_for(project, "run"), &remove);
  const RunSummary summary = trainer.run();
  ASSERT_EQ(summary.state, RunState::Failed);
  ASSERT_TRUE(summary.error.has_value());
  EXPECT_EQ(summary.error->kind, RunErrorKind::Save);
  EXPECT_NE(summary.error->message.find("could not save the checkpoint"), std::string::npos)
      << summary.error->message;
  EXPECT_TRUE(summary.checkpoints.last.empty());
}

TEST_F(TrainerSaves, FailedBestCheckpointFailsTheRun) {
  Project project = tiny_project(data_, 4, 8);
  project.training.validation.keep_best = true;
  RemoveFolderAtFirstStep remove(root_ / "run");
  Trainer trainer(options_for(project, "run"), &remove);
  const RunSummary summary = trainer.run();
  ASSERT_EQ(summary.state, RunState::Failed);
  ASSERT_TRUE(summary.error.has_value());
  EXPECT_EQ(summary.error->kind, RunErrorKind::Save);
}

// kill -9 between the two renames of a checkpoint swap (file systems without RENAME_EXCHANGE)
// leaves last.ckpt moved aside as last.ckpt.old-XXXXXX, the new copy as a temporary.
TEST_F(TrainerSaves, ResumeRecoversACheckpointACrashLeftMovedAside) {
  Project project = tiny_project(data_, 4, 8);
  project.training.epochs = 2;
  CancelAtStep cancel(3);
  Trainer first(options_for(project, "run"), &cancel);
  cancel.trainer = &first;
  ASSERT_EQ(first.run().state, RunState::Cancelled);
  const fs::path run = root_ / "run";
  fs::rename(run / "last.ckpt", run / "last.ckpt.old-Ab12Cd");
  fs::create_directories(run / "last.ckpt.tmp-Zx9cVb");
  std::ofstream(run / "last.ckpt.tmp-Zx9cVb" / "state.json") << "{";
  std::ofstream(run / "best.ckpt.tmp-Qq1wW2") << "half a file";

  RunOptions resume = options_for(project, "run");
  resume.resume_checkpoint = (run / "last.ckpt").string();
  LogCollector log;
  Trainer second(resume, &log);
  const RunSummary summary = second.run();
  ASSERT_EQ(summary.state, RunState::Finished) << (summary.error ? summary.error->describe() : "");
  EXPECT_EQ(summary.epochs, 2);
  EXPECT_TRUE(log.mentions("recovered"));
  EXPECT_TRUE(log.mentions("left by a save that was interrupted"));
  for (const auto& entry : fs::directory_iterator(run)) {
    const std::string name = entry.path().filename().string();
    EXPECT_EQ(name.find(".tmp-"), std::string::npos) << name;
    EXPECT_EQ(name.find(".old-"), std::string::npos) << name;
  }
  EXPECT_TRUE(load_checkpoint(run / "last.ckpt").ok());
}

// The scenario as a new user meets it: train for 3 epochs, stopped during epoch 2, then
// resumed from the project whose own setting is 1 epoch. The run continues to the planned end.
TEST_F(TrainerSaves, ResumeKeepsThePlannedEndOfTheRun) {
  Project project = tiny_project(data_, 4, 8);
  project.training.epochs = 3;
  CancelAtStep cancel(10);  // 8 steps per epoch: during epoch 2
  Trainer first(options_for(project, "run"), &cancel);
  cancel.trainer = &first;
  ASSERT_EQ(first.run().state, RunState::Cancelled);

  Project as_saved = project;
  as_saved.training.epochs = 1;  // the project file's default, as `train P --resume` reads it
  RunOptions resume = options_for(as_saved, "run");
  resume.resume_checkpoint = (root_ / "run" / "last.ckpt").string();
  Trainer second(resume, nullptr);
  const RunSummary summary = second.run();
  ASSERT_EQ(summary.state, RunState::Finished) << (summary.error ? summary.error->describe() : "");
  EXPECT_EQ(summary.epochs, 3);
  EXPECT_EQ(summary.steps, 24);
  ASSERT_TRUE(summary.train_loss.has_value());
  EXPECT_GT(*summary.train_loss, 0);
  // The checkpoints of the resumed part carry the same plan, for a second resume.
  Result<CheckpointData> last = load_checkpoint(root_ / "run" / "last.ckpt");
  ASSERT_TRUE(last.ok());
  EXPECT_EQ(last.value().state.config["project"]["training"]["epochs"], 3);
}

// Stopped before its first step, a run has measured nothing: no figure reads as 0.
TEST_F(TrainerSaves, RunStoppedBeforeAnyStepReportsNoFigures) {
  Project project = tiny_project(data_, 4, 8);
  Trainer trainer(options_for(project, "run"), nullptr);
  trainer.cancel();
  const RunSummary summary = trainer.run();
  EXPECT_EQ(summary.steps, 0);
  EXPECT_FALSE(summary.train_loss.has_value());
  EXPECT_FALSE(summary.val_loss.has_value());
  EXPECT_FALSE(summary.val_accuracy.has_value());
  EXPECT_FALSE(summary.samples_per_second.has_value());
}

TEST_F(TrainerSaves, ResumeWithANewEndTakesIt) {
  Project project = tiny_project(data_, 4, 8);
  project.training.epochs = 1;
  Trainer first(options_for(project, "run"), nullptr);
  ASSERT_EQ(first.run().state, RunState::Finished);
  project.training.epochs = 2;
  RunOptions resume = options_for(project, "run");
  resume.resume_checkpoint = (root_ / "run" / "last.ckpt").string();
  resume.new_end = true;
  Trainer second(resume, nullptr);
  const RunSummary summary = second.run();
  ASSERT_EQ(summary.state, RunState::Finished);
  EXPECT_EQ(summary.epochs, 2);
  EXPECT_EQ(summary.steps, 16);
}

TEST_F(TrainerSaves, ResumeWithNothingLeftSaysSoAndKeepsTheFigures) {
  Project project = tiny_project(data_, 4, 8);
  project.training.epochs = 1;
  Trainer first(options_for(project, "run"), nullptr);
  const RunSummary done = first.run();
  ASSERT_EQ(done.state, RunState::Finished);
  RunOptions resume = options_for(project, "run");
  resume.resume_checkpoint = (root_ / "run" / "last.ckpt").string();
  LogCollector log;
  Trainer second(resume, &log);
  const RunSummary summary = second.run();
  ASSERT_EQ(summary.state, RunState::Finished);
  EXPECT_TRUE(log.mentions("nothing left to train"));
  EXPECT_EQ(summary.steps, 8);
  EXPECT_EQ(summary.epochs, 1);
  ASSERT_TRUE(summary.val_accuracy.has_value());
  EXPECT_EQ(summary.val_accuracy, done.val_accuracy);
}

}  // namespace
}  // namespace convstudio
