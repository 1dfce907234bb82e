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

}  // namespace
}  // namespace convstudio
