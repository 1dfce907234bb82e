// The trainer on image files read per batch: resume replays the exact batches whether or not
// the decoded cache is on, and an unreadable file is named once and left out.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <random>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "checkpoint/checkpoint_store.h"
#include "checkpoint_weights.h"
#include "convstudio/train/trainer.h"
#include "tiny_dataset.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::checkpoint_weights;

// root/class<k>/<i>.png: grey noise with a bright square where the class says, of sizes from
// 8 x 8 to 12 x 11, so every image is fitted (resize-crop) to the 8 x 8 input.
void write_tiny_image_folder(const fs::path& root, int count, int classes) {
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> noise(0, 60);
  for (int i = 0; i < count; ++i) {
    const int label = i % classes;
    const fs::path folder = root / ("class" + std::to_string(label));
    fs::create_directories(folder);
    cv::Mat image(8 + i % 5, 8 + i % 4, CV_8UC1);
    for (int y = 0; y < image.rows; ++y) {
      for (int x = 0; x < image.cols; ++x) image.at<std::uint8_t>(y, x) = noise(rng);
    }
    image(cv::Rect(label * 2, label, 3, 3)).setTo(230);
    cv::imwrite((folder / (std::to_string(i) + ".png")).string(), image);
  }
}

class StopAtStep : public TrainingListener {
 public:
  explicit StopAtStep(std::int64_t step) : step_(step) {}
  void on_step(const StepMetrics& metrics) override {
    if (metrics.step == step_ && trainer != nullptr) trainer->cancel();
  }
  void on_log(const LogLine& line) override {
    if (line.level == LogLevel::Warning) warnings.push_back(line.text);
    if (stop_while_loading && line.text == "loading the dataset") trainer->cancel();
  }
  void on_state(RunState, const std::string& message) override { last_state_message = message; }
  bool stop_while_loading = false;
  std::string last_state_message;
  Trainer* trainer = nullptr;
  std::vector<std::string> warnings;

 private:
  std::int64_t step_;
};

class TrainerOnImageFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    root_ = testing::fresh_folder(name);
    setenv("XDG_CACHE_HOME", (root_ / "cache").c_str(), 1);  // the file index goes here
    write_tiny_image_folder(root_ / "images", 80, 4);
    project_ = testing::tiny_project(root_ / "images", 4, 8, /*with_dropout=*/true);
    project_.dataset.source = DatasetKind::ImageFolder;
    project_.dataset.validation = ValidationSplit::Fraction;
    project_.dataset.validation_fraction = 0.2;
    project_.dataset.augmentation.horizontal_flip = true;
    project_.dataset.augmentation.random_resized_crop = true;
    project_.training.epochs = 2;
    project_.training.deterministic = true;
  }
  RunOptions options_for(CacheMode cache, const std::string& out) const {
    RunOptions options;
    options.project = project_;
    options.project.dataset.cache = cache;
    options.out_dir = (root_ / out).string();
    return options;
  }
  fs::path root_;
  Project project_;
};

TEST_F(TrainerOnImageFolder, ResumedRunReplaysTheExactBatchesWhateverTheCache) {
  Trainer whole(options_for(CacheMode::Off, "whole"), nullptr);
  const RunSummary uninterrupted = whole.run();
  ASSERT_EQ(uninterrupted.state, RunState::Finished)
      << (uninterrupted.error ? uninterrupted.error->message : "");
  EXPECT_EQ(uninterrupted.steps, 16);  // 64 training images, batch 8, 2 epochs

  StopAtStep stop(5);
  Trainer first_part(options_for(CacheMode::On, "parts"), &stop);
  stop.trainer = &first_part;
  ASSERT_EQ(first_part.run().state, RunState::Cancelled);

  RunOptions resume = options_for(CacheMode::Off, "parts");
  resume.resume_checkpoint = (root_ / "parts" / "last.ckpt").string();
  Trainer rest(resume, nullptr);
  const RunSummary finished = rest.run();
  ASSERT_EQ(finished.state, RunState::Finished) << (finished.error ? finished.error->message : "");
  EXPECT_EQ(finished.steps, 16);

  const NamedTensors a = checkpoint_weights(root_ / "whole" / "last.ckpt");
  const NamedTensors b = checkpoint_weights(root_ / "parts" / "last.ckpt");
  ASSERT_EQ(a.size(), b.size());
  for (const auto& [name, tensor] : a) EXPECT_TRUE(torch::equal(tensor, b.at(name))) << name;
}

TEST_F(TrainerOnImageFolder, UnreadableFileIsNamedOnceAndTheRunGoesOn) {
  std::ofstream(root_ / "images" / "class0" / "broken.png") << "not a png";
  StopAtStep listener(-1);
  RunOptions options = options_for(CacheMode::Auto, "run");
  // 65 training files (one broken) in batches of 13: no batch can be the broken file alone.
  options.project.training.batch_size = 13;
  Trainer trainer(options, &listener);
  const RunSummary summary = trainer.run();
  ASSERT_EQ(summary.state, RunState::Finished) << (summary.error ? summary.error->message : "");
  int named = 0;
  for (const std::string& warning : listener.warnings) {
    named += warning.find("broken.png") != std::string::npos;
  }
  EXPECT_EQ(named, 1) << "once per run, though both epochs meet it";
}

// Stop (Ctrl-C in the CLI, the Stop button in the studio) during the scan of a folder ends the
// run as cancelled, before any step and without a checkpoint; a later run scans again.
TEST_F(TrainerOnImageFolder, StopDuringTheScanCancelsTheRunBeforeAnyStep) {
  StopAtStep listener(-1);
  listener.stop_while_loading = true;
  Trainer trainer(options_for(CacheMode::Auto, "run"), &listener);
  listener.trainer = &trainer;
  const RunSummary summary = trainer.run();
  EXPECT_EQ(summary.state, RunState::Cancelled);
  EXPECT_EQ(summary.steps, 0);
  EXPECT_NE(listener.last_state_message.find("loading the dataset"), std::string::npos)
      << listener.last_state_message;
  EXPECT_FALSE(fs::exists(root_ / "run" / "last.ckpt"));

  StopAtStep quiet(-1);
  RunOptions again = options_for(CacheMode::Auto, "again");
  again.project.training.max_steps = 2;
  Trainer second(again, &quiet);
  EXPECT_EQ(second.run().state, RunState::Finished);
}

// Keeps a run's origin and its warnings.
class OriginKeeper : public TrainingListener {
 public:
  void on_origin(const RunOrigin& seen) override { origin = seen; }
  void on_log(const LogLine& line) override {
    if (line.level == LogLevel::Warning) warnings.push_back(line.text);
  }
  bool warned_of_changed_data() const {
    for (const std::string& warning : warnings) {
      if (warning.find("the data changed since") != std::string::npos) return true;
    }
    return false;
  }
  RunOrigin origin;
  std::vector<std::string> warnings;
};

TEST_F(TrainerOnImageFolder, ARunSaysWhereItCameFrom) {
  OriginKeeper listener;
  RunOptions options = options_for(CacheMode::Off, "run");
  options.project.training.max_steps = 1;
  Trainer trainer(options, &listener);
  ASSERT_EQ(trainer.run().state, RunState::Finished);
  const RunOrigin& origin = listener.origin;
  EXPECT_FALSE(origin.convstudio_version.empty());
  EXPECT_FALSE(origin.commit.empty());
  EXPECT_FALSE(origin.libtorch_version.empty());
  EXPECT_EQ(origin.device, "cpu");
  EXPECT_EQ(origin.cuda_version, "none") << "a CPU run used no CUDA";
  EXPECT_EQ(origin.cudnn_version, "none");
  EXPECT_EQ(origin.driver_version, "none");
  ASSERT_EQ(origin.device_names.size(), 1u);
  EXPECT_EQ(origin.device_names[0], origin.cpu_model);
  EXPECT_GT(origin.cpu_threads, 0);
  EXPECT_FALSE(origin.host.empty());
  EXPECT_EQ(origin.data_fingerprint.size(), 16u);
  EXPECT_EQ(fs::path(origin.data_path), root_ / "images");
}

TEST_F(TrainerOnImageFolder, AResumeOnRelabelledDataSaysTheDataChanged) {
  StopAtStep stop(3);
  Trainer first_part(options_for(CacheMode::Off, "parts"), &stop);
  stop.trainer = &first_part;
  ASSERT_EQ(first_part.run().state, RunState::Cancelled);
  RunOptions resume = options_for(CacheMode::Off, "unchanged");
  resume.resume_checkpoint = (root_ / "parts" / "last.ckpt").string();
  resume.project.training.max_steps = 4;
  resume.new_end = true;

  OriginKeeper same;
  Trainer unchanged(resume, &same);
  ASSERT_EQ(unchanged.run().state, RunState::Finished);
  EXPECT_FALSE(same.warned_of_changed_data());

  // One image moved to another class: one label changed.
  fs::rename(root_ / "images" / "class0" / "0.png", root_ / "images" / "class1" / "moved.png");
  OriginKeeper changed;
  resume.out_dir = (root_ / "relabelled").string();
  Trainer relabelled(resume, &changed);
  ASSERT_EQ(relabelled.run().state, RunState::Finished);
  EXPECT_TRUE(changed.warned_of_changed_data()) << ::testing::PrintToString(changed.warnings);
  EXPECT_NE(changed.origin.data_fingerprint, same.origin.data_fingerprint);
}

}  // namespace
}  // namespace convstudio
