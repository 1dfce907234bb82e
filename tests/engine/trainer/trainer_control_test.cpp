#include <gtest/gtest.h>

#include <thread>

#include "convstudio/train/trainer.h"
#include "tiny_dataset.h"

namespace convstudio {
namespace {

using testing::fresh_folder;
using testing::tiny_project;
using testing::write_tiny_idx_dataset;

// Pauses the run at a step; a second thread, started when the pause is reported, resumes it.
class PauseOnceListener : public TrainingListener {
 public:
  Trainer* trainer = nullptr;
  std::vector<RunState> states;
  std::int64_t steps = 0;
  std::thread resumer;

  void on_step(const StepMetrics& metrics) override {
    steps = metrics.step;
    if (metrics.step == 2) trainer->pause();
  }
  void on_state(RunState state, const std::string&) override {
    states.push_back(state);
    if (state == RunState::Paused) resumer = std::thread([this] { trainer->resume(); });
  }
};

TEST(TrainerControl, PauseAndResumeFromAnotherThreadContinueTheRun) {
  const auto root = fresh_folder("pause-resume");
  write_tiny_idx_dataset(root / "data", 64, 32, 4, 8, 3);
  RunOptions options;
  options.project = tiny_project(root / "data", 4, 8);
  options.out_dir = (root / "run").string();
  PauseOnceListener listener;
  Trainer trainer(options, &listener);
  listener.trainer = &trainer;
  const RunSummary summary = trainer.run();
  if (listener.resumer.joinable()) listener.resumer.join();
  EXPECT_EQ(summary.state, RunState::Finished);
  EXPECT_EQ(listener.steps, 8);
  const std::vector<RunState> expected = {RunState::Preparing, RunState::Running, RunState::Paused,
                                          RunState::Running, RunState::Finished};
  EXPECT_EQ(listener.states, expected);
}

TEST(TrainerControl, EarlyStoppingEndsTheRunWhenValidationLossStopsImproving) {
  const auto root = fresh_folder("early-stopping");
  write_tiny_idx_dataset(root / "data", 64, 32, 4, 8, 5);
  RunOptions options;
  options.project = tiny_project(root / "data", 4, 8);
  options.project.training.epochs = 50;
  options.project.training.optimizer.lr =
      0.5;  // overshoots quickly, so validation loss stops improving
  options.project.training.validation.early_stopping_patience = 2;
  options.out_dir = (root / "run").string();
  Trainer trainer(options, nullptr);
  const RunSummary summary = trainer.run();
  EXPECT_EQ(summary.state, RunState::Finished);
  EXPECT_LT(summary.epochs, 50);
  EXPECT_GE(summary.epochs, 3);  // at least one best epoch and two without improvement
}

}  // namespace
}  // namespace convstudio
