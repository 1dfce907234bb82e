#include "convstudio/train/trainer.h"

#include <gtest/gtest.h>

#include <cmath>

#include "checkpoint/checkpoint_store.h"
#include "convstudio/model/template_library.h"
#include "tiny_dataset.h"

namespace convstudio {
namespace {

using testing::fresh_folder;
using testing::tiny_project;
using testing::write_tiny_idx_dataset;

// Keeps every step's loss, and cancels after a given step when asked to.
class RecordingListener : public TrainingListener {
 public:
  std::vector<double> losses;
  std::vector<EpochMetrics> epochs;
  std::vector<RunState> states;
  Trainer* trainer = nullptr;
  std::int64_t cancel_after_step = 0;

  void on_step(const StepMetrics& step) override {
    losses.push_back(step.loss);
    if (trainer != nullptr && step.step == cancel_after_step) trainer->cancel();
  }
  void on_epoch(const EpochMetrics& epoch) override { epochs.push_back(epoch); }
  void on_state(RunState state, const std::string&) override { states.push_back(state); }
};

NamedTensors final_weights(const std::filesystem::path& out) {
  Result<CheckpointData> checkpoint = load_checkpoint(out / "last.ckpt");
  EXPECT_TRUE(checkpoint.ok()) << (checkpoint.ok() ? "" : checkpoint.error().describe());
  return checkpoint.ok() ? checkpoint.value().model : NamedTensors{};
}

void expect_same_weights(const NamedTensors& a, const NamedTensors& b, double tolerance) {
  ASSERT_EQ(a.size(), b.size());
  for (const auto& [name, tensor] : a) {
    ASSERT_TRUE(b.count(name)) << name;
    const double difference = (tensor - b.at(name)).abs().max().item<double>();
    EXPECT_LE(difference, tolerance) << name;
  }
}

RunSummary train(const Project& project, const std::filesystem::path& out,
                 TrainingListener* listener = nullptr) {
  RunOptions options;
  options.project = project;
  options.out_dir = out.string();
  Trainer trainer(options, listener);
  return trainer.run();
}

class TrainerOnTinyData : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    root_ = fresh_folder(name);
    data_ = root_ / "data";
    write_tiny_idx_dataset(data_, 64, 32, 4, 8, 7);
  }
  std::filesystem::path root_, data_;
};

TEST_F(TrainerOnTinyData, AccumulationOfFourMatchesOneBigBatch) {
  Project big = tiny_project(data_, 4, 8);
  big.training.batch_size = 32;
  big.training.accumulate = 1;
  Project accumulated = big;
  accumulated.training.batch_size = 8;
  accumulated.training.accumulate = 4;

  const RunSummary a = train(big, root_ / "big");
  const RunSummary b = train(accumulated, root_ / "accumulated");
  ASSERT_EQ(a.state, RunState::Finished);
  ASSERT_EQ(b.state, RunState::Finished);
  EXPECT_EQ(a.steps, 2);
  EXPECT_EQ(b.steps, 2);
  EXPECT_EQ(b.batch.effective_size, 32);
  expect_same_weights(final_weights(root_ / "big"), final_weights(root_ / "accumulated"), 1e-5);
}

TEST_F(TrainerOnTinyData, ShortLastAccumulationGroupIsAveragedOverItsOwnSize) {
  write_tiny_idx_dataset(data_, 40, 16, 4, 8, 9);  // 5 batches of 8: groups of 2, 2 and 1
  Project big = tiny_project(data_, 4, 8);
  big.training.batch_size = 16;
  Project accumulated = big;
  accumulated.training.batch_size = 8;
  accumulated.training.accumulate = 2;
  const RunSummary a = train(big, root_ / "big");
  const RunSummary b = train(accumulated, root_ / "accumulated");
  EXPECT_EQ(a.steps, 3);
  EXPECT_EQ(b.steps, 3);
  expect_same_weights(final_weights(root_ / "big"), final_weights(root_ / "accumulated"), 1e-5);
}

// A template recipe warms up for hundreds of steps; a run shorter than that (--max-steps, a
// small data set) still runs its cosine schedule: the warm-up takes at most half the steps.
TEST_F(TrainerOnTinyData, WarmUpLongerThanTheRunTakesHalfOfIt) {
  Project project = tiny_project(data_, 4, 8);
  project.training.batch_size = 8;  // 8 steps
  project.training.optimizer.lr = 0.1;
  project.training.schedule.kind = LrSchedule::Cosine;
  project.training.schedule.warmup_steps = 1000;
  class LrListener : public TrainingListener {
   public:
    std::vector<double> lrs;
    void on_step(const StepMetrics& step) override { lrs.push_back(step.lr); }
  } listener;
  const RunSummary summary = train(project, root_ / "run", &listener);
  ASSERT_EQ(summary.state, RunState::Finished);
  ASSERT_EQ(listener.lrs.size(), 8u);
  for (std::size_t i = 1; i < 4; ++i) EXPECT_GT(listener.lrs[i], listener.lrs[i - 1]) << i;
  EXPECT_DOUBLE_EQ(listener.lrs[4], 0.1);  // the warm-up ends at the peak after 4 steps
  for (std::size_t i = 5; i < 8; ++i) EXPECT_LT(listener.lrs[i], listener.lrs[i - 1]) << i;
}

double mean_of(const std::vector<double>& values, std::size_t from, std::size_t to) {
  double sum = 0;
  for (std::size_t i = from; i < to; ++i) sum += values[i];
  return sum / static_cast<double>(to - from);
}

TEST_F(TrainerOnTinyData, MixedPrecisionRunsOnCpuGiveFiniteDecreasingLoss) {
  for (AmpMode amp : {AmpMode::Fp16, AmpMode::Bf16}) {
    Project project = tiny_project(data_, 4, 8);
    project.training.amp = amp;
    project.training.epochs = 6;
    RecordingListener listener;
    const RunSummary summary = train(project, root_ / to_string(amp), &listener);
    ASSERT_EQ(summary.state, RunState::Finished) << to_string(amp);
    ASSERT_EQ(listener.losses.size(), 48u);
    for (double loss : listener.losses) EXPECT_TRUE(std::isfinite(loss)) << to_string(amp);
    EXPECT_LT(mean_of(listener.losses, 40, 48), 0.5 * mean_of(listener.losses, 0, 8))
        << to_string(amp);
    EXPECT_EQ(summary.amp, to_string(amp));
  }
}

TEST_F(TrainerOnTinyData, CancelMidEpochLeavesALoadableCheckpoint) {
  Project project = tiny_project(data_, 4, 8);
  project.training.epochs = 3;
  RunOptions options;
  options.project = project;
  options.out_dir = (root_ / "run").string();
  RecordingListener listener;
  Trainer trainer(options, &listener);
  listener.trainer = &trainer;
  listener.cancel_after_step = 3;
  const RunSummary summary = trainer.run();
  EXPECT_EQ(summary.state, RunState::Cancelled);
  EXPECT_EQ(summary.steps, 3);
  Result<CheckpointData> checkpoint = load_checkpoint(root_ / "run" / "last.ckpt");
  ASSERT_TRUE(checkpoint.ok()) << checkpoint.error().describe();
  EXPECT_EQ(checkpoint.value().state.global_step, 3);
  EXPECT_EQ(checkpoint.value().state.epoch, 0);
  EXPECT_EQ(checkpoint.value().state.step_in_epoch, 3);
  EXPECT_FALSE(checkpoint.value().model.empty());
}

TEST_F(TrainerOnTinyData, ReportsEveryEpochWithConfusionMatrixAndClassNames) {
  Project project = tiny_project(data_, 4, 8);
  project.training.epochs = 2;
  RecordingListener listener;
  const RunSummary summary = train(project, root_ / "run", &listener);
  ASSERT_EQ(listener.epochs.size(), 2u);
  std::int64_t counted = 0;
  for (const auto& row : listener.epochs.back().confusion) {
    for (std::int64_t cell : row) counted += cell;
  }
  EXPECT_EQ(counted, 32);
  EXPECT_EQ(listener.epochs.back().class_names.size(), 4u);
  EXPECT_EQ(summary.epochs, 2);
  EXPECT_EQ(listener.states.front(), RunState::Preparing);
  EXPECT_EQ(listener.states.back(), RunState::Finished);
  EXPECT_TRUE(std::filesystem::exists(root_ / "run" / "best.ckpt"));
}

TEST(TrainerOnFashionMnist, LeNet5ReachesEightyFivePercentAfterOneEpochOnCpu) {
  TemplateInstance lenet =
      TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10);
  ASSERT_TRUE(lenet.graph.has_value());
  Project project;
  project.graph = *lenet.graph;
  project.training.device = "cpu";
  project.training.epochs = 1;
  project.training.batch_size = 64;
  project.training.optimizer.kind = OptimizerKind::Adam;
  project.training.optimizer.lr = 0.002;
  RecordingListener listener;
  const RunSummary summary = train(project, fresh_folder("fashion-mnist-lenet5"), &listener);
  ASSERT_EQ(summary.state, RunState::Finished) << (summary.error ? summary.error->describe() : "");
  ASSERT_TRUE(summary.val_accuracy.has_value());
  EXPECT_GE(*summary.val_accuracy, 0.85);
  EXPECT_EQ(summary.steps, 938);  // ceil(60000 / 64)
}

}  // namespace
}  // namespace convstudio
