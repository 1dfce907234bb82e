#include <gtest/gtest.h>

#include "cancel_at_step.h"
#include "checkpoint/checkpoint_store.h"
#include "checkpoint_weights.h"
#include "convstudio/train/trainer.h"
#include "tiny_dataset.h"
#include "train/training_test_hooks.h"

namespace convstudio {
namespace {

using testing::checkpoint_weights;
using testing::fresh_folder;
using testing::tiny_project;
using testing::write_tiny_idx_dataset;

using testing::CancelAtStep;

class TrainerRecovery : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    root_ = fresh_folder(name);
    data_ = root_ / "data";
    write_tiny_idx_dataset(data_, 64, 32, 4, 8, 11);
  }
  RunOptions options_for(const Project& project, const std::string& out) const {
    RunOptions options;
    options.project = project;
    options.out_dir = (root_ / out).string();
    return options;
  }
  std::filesystem::path root_, data_;
};

TEST_F(TrainerRecovery, ResumedRunEqualsUninterruptedRunInDeterministicMode) {
  Project project = tiny_project(data_, 4, 8, /*with_dropout=*/true);
  project.training.epochs = 2;
  project.training.deterministic = true;
  project.dataset.augmentation.horizontal_flip = true;
  project.dataset.augmentation.random_crop_padding = 1;

  Trainer whole(options_for(project, "whole"), nullptr);
  ASSERT_EQ(whole.run().state, RunState::Finished);

  CancelAtStep cancel(5);  // mid-way through the first epoch of 8 steps
  Trainer first_part(options_for(project, "parts"), &cancel);
  cancel.trainer = &first_part;
  const RunSummary stopped = first_part.run();
  ASSERT_EQ(stopped.state, RunState::Cancelled);
  ASSERT_EQ(stopped.steps, 5);

  RunOptions resume = options_for(project, "parts");
  resume.resume_checkpoint = (root_ / "parts" / "last.ckpt").string();
  Trainer rest(resume, nullptr);
  const RunSummary finished = rest.run();
  ASSERT_EQ(finished.state, RunState::Finished)
      << (finished.error ? finished.error->describe() : "");
  EXPECT_EQ(finished.steps, 16);

  const NamedTensors a = checkpoint_weights(root_ / "whole" / "last.ckpt");
  const NamedTensors b = checkpoint_weights(root_ / "parts" / "last.ckpt");
  ASSERT_EQ(a.size(), b.size());
  for (const auto& [name, tensor] : a) EXPECT_TRUE(torch::equal(tensor, b.at(name))) << name;
}

// Issue 34: the class-balanced sampler's draws and each batch's mixup/CutMix follow from the
// seed, the epoch and the batch, so a run resumed mid-epoch trains on exactly what the
// uninterrupted run trained on and ends with the same weights.
TEST_F(TrainerRecovery, ResumedRunWithBalancedSamplerAndMixingEqualsUninterruptedRun) {
  Project project = tiny_project(data_, 4, 8, /*with_dropout=*/false);
  project.training.epochs = 2;
  project.training.deterministic = true;
  project.training.loss.sampler = SamplerKind::ClassBalanced;
  project.training.loss.mixup_alpha = 0.4;
  project.training.loss.cutmix_alpha = 1.0;
  project.training.loss.cutmix_probability = 0.8;

  Trainer whole(options_for(project, "whole"), nullptr);
  ASSERT_EQ(whole.run().state, RunState::Finished);

  CancelAtStep cancel(3);
  Trainer first_part(options_for(project, "parts"), &cancel);
  cancel.trainer = &first_part;
  ASSERT_EQ(first_part.run().state, RunState::Cancelled);

  RunOptions resume = options_for(project, "parts");
  resume.resume_checkpoint = (root_ / "parts" / "last.ckpt").string();
  Trainer rest(resume, nullptr);
  const RunSummary finished = rest.run();
  ASSERT_EQ(finished.state, RunState::Finished)
      << (finished.error ? finished.error->describe() : "");
  EXPECT_EQ(finished.steps, 16);

  const NamedTensors a = checkpoint_weights(root_ / "whole" / "last.ckpt");
  const NamedTensors b = checkpoint_weights(root_ / "parts" / "last.ckpt");
  ASSERT_EQ(a.size(), b.size());
  for (const auto& [name, tensor] : a) EXPECT_TRUE(torch::equal(tensor, b.at(name))) << name;
}

TEST_F(TrainerRecovery, OutOfMemoryRetryHalvesTheBatchAndKeepsTheEffectiveBatch) {
  Project project = tiny_project(data_, 4, 8);
  project.training.batch_size = 16;
  project.training.auto_oom_retry = true;

  Trainer plain(options_for(project, "plain"), nullptr);
  ASSERT_EQ(plain.run().state, RunState::Finished);

  TrainingTestHooks hooks;
  hooks.out_of_memory_at_step = 2;
  const ScopedTrainingTestHooks out_of_memory(hooks);
  Trainer retried(options_for(project, "retried"), nullptr);
  const RunSummary summary = retried.run();
  ASSERT_EQ(summary.state, RunState::Finished) << (summary.error ? summary.error->describe() : "");
  EXPECT_EQ(summary.batch.size, 8);
  EXPECT_EQ(summary.batch.accumulate, 2);
  EXPECT_EQ(summary.batch.effective_size, 16);
  EXPECT_EQ(summary.steps, 4);
  const NamedTensors a = checkpoint_weights(root_ / "plain" / "last.ckpt");
  const NamedTensors b = checkpoint_weights(root_ / "retried" / "last.ckpt");
  for (const auto& [name, tensor] : a) {
    EXPECT_LE((tensor - b.at(name)).abs().max().item<double>(), 1e-5) << name;
  }
}

TEST_F(TrainerRecovery, OutOfMemoryWithoutRetryStopsWithACheckpointAndAdvice) {
  Project project = tiny_project(data_, 4, 8);
  project.training.batch_size = 16;
  TrainingTestHooks hooks;
  hooks.out_of_memory_at_step = 2;
  const ScopedTrainingTestHooks out_of_memory(hooks);
  Trainer trainer(options_for(project, "run"), nullptr);
  const RunSummary summary = trainer.run();
  ASSERT_EQ(summary.state, RunState::Failed);
  ASSERT_TRUE(summary.error.has_value());
  EXPECT_EQ(summary.error->kind, RunErrorKind::OutOfMemory);
  EXPECT_NE(summary.error->message.find("batch size 16 with accumulation 1"), std::string::npos)
      << summary.error->message;
  EXPECT_NE(summary.error->message.find("batch 8 with accumulation 2"), std::string::npos);
  EXPECT_EQ(summary.error->field, "training.batch_size");  // the setting to change
  EXPECT_TRUE(load_checkpoint(summary.error->checkpoint).ok());
}

TEST_F(TrainerRecovery, NonFiniteLossStopsAndNamesTheStep) {
  Project project = tiny_project(data_, 4, 8);
  project.training.optimizer.lr = 1e30;
  project.training.optimizer.momentum = 0;
  Trainer trainer(options_for(project, "run"), nullptr);
  const RunSummary summary = trainer.run();
  ASSERT_EQ(summary.state, RunState::Failed);
  ASSERT_TRUE(summary.error.has_value());
  EXPECT_EQ(summary.error->kind, RunErrorKind::NonFiniteLoss);
  EXPECT_NE(summary.error->message.find("at step "), std::string::npos) << summary.error->message;
}

TEST_F(TrainerRecovery, UnavailableCudaDeviceIsRefusedWithTheReason) {
  if (torch::cuda::is_available()) GTEST_SKIP() << "a GPU is present";
  Project project = tiny_project(data_, 4, 8);
  project.training.device = "cuda:0";
  Trainer trainer(options_for(project, "run"), nullptr);
  const RunSummary summary = trainer.run();
  ASSERT_TRUE(summary.error.has_value());
  EXPECT_EQ(summary.error->kind, RunErrorKind::Device);
  EXPECT_NE(summary.error->message.find("CUDA is not available"), std::string::npos);
  EXPECT_EQ(summary.error->field, "training.device");
}

TEST_F(TrainerRecovery, OutputClassesMustMatchTheDataset) {
  Project project = tiny_project(data_, 5, 8);  // the data has 4 classes
  Trainer trainer(options_for(project, "run"), nullptr);
  const RunSummary summary = trainer.run();
  ASSERT_TRUE(summary.error.has_value());
  EXPECT_EQ(summary.error->kind, RunErrorKind::Graph);
  EXPECT_NE(summary.error->message.find("Output: 5 classes, but the dataset has 4"),
            std::string::npos)
      << summary.error->message;
  // The GUI can point at the block to fix.
  EXPECT_EQ(summary.error->block_type, "Output");
  EXPECT_FALSE(summary.error->block_id.empty());
  EXPECT_EQ(summary.error->field, "params.classes");
}

}  // namespace
}  // namespace convstudio
