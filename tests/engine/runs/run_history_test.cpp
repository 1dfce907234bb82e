// The run history reads run folders that crashes, other versions or hand edits may have left
// odd: a null (an unmeasured figure) or a wrong type must not take the studio's runs list down.

#include "convstudio/runs/run_history.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "scratch_folder.h"

namespace convstudio {
namespace {

TEST(RunHistory, NullAndWrongTypedFiguresAreReadWithoutThrowing) {
  const auto folder = testing::scratch_folder("odd") / "run";
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "run.json") << R"({"format": "convstudio-run", "state": "finished"})";
  std::ofstream(folder / "metrics.jsonl")
      << R"({"kind": "step", "step": 1, "loss": 0.5, "samples_per_second": null})"
      << "\n"
      << R"({"kind": "step", "step": 2, "loss": "oops", "lr": null})"
      << "\n"
      << R"({"kind": "epoch", "epoch": 0, "train_loss": 0.4, "val_loss": null,)"
      << R"( "val_accuracy": null})"
      << "\n";
  std::optional<RecordedRun> run;
  ASSERT_NO_THROW(run = load_recorded_run(folder, RunDetail::Metrics));
  ASSERT_TRUE(run.has_value());
  ASSERT_EQ(run->steps.size(), 2u);
  EXPECT_EQ(run->steps[0].metrics().loss, 0.5);
  EXPECT_TRUE(std::isnan(run->steps[1].metrics().loss));  // "oops": not a number
  ASSERT_EQ(run->epochs.size(), 1u);
  EXPECT_EQ(run->epochs[0].train_loss, 0.4);
}

// The runs list reads every run without its steps (RunDetail::Epochs): the epochs as Metrics reads
// them, each at the step before it even when its own line has none (a file from before epochs
// kept their step), also past lines it cannot read and steps another writer spelled otherwise.
TEST(RunHistory, EpochsDetailReadsTheEpochsAtTheirStepsWithoutTheSteps) {
  const auto folder = testing::scratch_folder("epochs") / "run";
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "run.json") << R"({"format": "convstudio-run", "state": "finished"})";
  std::ofstream(folder / "metrics.jsonl")
      << R"({"kind":"step","step":1,"loss":0.9})"
      << "\n"
      << R"({"kind":"step","step":40,"loss":0.5})"
      << "\n"
      << R"({"kind":"epoch","epoch":0,"train_loss":0.6,"val_accuracy":0.7})"
      << "\n"
      << R"({"kind":"step","step":41,"lo)"
      << "\n"  // cut short by a crash
      << R"({"step": 80, "kind": "step", "loss": 0.3})"
      << "\n"
      << R"({"kind":"epoch","epoch":1,"train_loss":0.4,"val_accuracy":0.8,"step":80})"
      << "\n";
  const std::optional<RecordedRun> whole = load_recorded_run(folder, RunDetail::Metrics);
  const std::optional<RecordedRun> epochs = load_recorded_run(folder, RunDetail::Epochs);
  ASSERT_TRUE(whole && epochs);
  EXPECT_EQ(whole->steps.size(), 3u);
  EXPECT_TRUE(epochs->steps.empty());
  ASSERT_EQ(epochs->epochs.size(), 2u);
  ASSERT_EQ(whole->epochs.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(epochs->epochs[i].step, whole->epochs[i].step);
    EXPECT_EQ(epochs->epochs[i].val_accuracy, whole->epochs[i].val_accuracy);
  }
  EXPECT_EQ(epochs->epochs[0].step, 40);
  EXPECT_EQ(epochs->epochs[1].step, 80);
}

}  // namespace
}  // namespace convstudio
