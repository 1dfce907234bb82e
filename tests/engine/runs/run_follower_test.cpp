// Following a run folder while another process writes it: only complete lines are handed out,
// a file cut short or replaced is read again from its start, new checkpoints and the run's end
// are noticed, and a folder that holds no run is refused with its place.

#include "convstudio/runs/run_follower.h"

#include <gtest/gtest.h>

#include <fstream>

#include "scratch_folder.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

std::string stepLine(std::int64_t step, double loss) {
  StepMetrics metrics;
  metrics.step = step;
  metrics.loss = loss;
  metrics.memory.resident_bytes = static_cast<std::uint64_t>(step) * 1000;
  return step_jsonl_line(metrics);
}

void writeRunFile(const fs::path& folder, const std::string& state) {
  std::ofstream(folder / "run.json") << R"({"format": "convstudio-run", "state": ")" << state
                                     << R"(", "started": "2026-11-26T17:00:00"})";
}

void append(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::app | std::ios::binary) << text;
}

// A run folder as a run in progress leaves it.
fs::path runFolder(std::string_view tag) {
  const fs::path folder =
      testing::scratch_folder(tag) / "project.convstudio.runs" / "20261126-170000";
  fs::create_directories(folder);
  writeRunFile(folder, "running");
  return folder;
}

RunFollowUpdate pollOk(RunFollower& follower) {
  Result<RunFollowUpdate> update = follower.poll();
  EXPECT_TRUE(update.ok()) << (update.ok() ? "" : update.error().describe());
  return update.ok() ? std::move(update).value() : RunFollowUpdate{};
}

TEST(RunFollower, HandsOutOnlyCompleteLinesAndTheRestOnceWritten) {
  const fs::path folder = runFolder("partial");
  const std::string second = stepLine(2, 0.5);
  append(folder / "metrics.jsonl", stepLine(1, 0.7) + second.substr(0, 10));
  Result<RunFollower> opened = RunFollower::open(folder);
  ASSERT_TRUE(opened.ok());
  RunFollower& follower = opened.value();

  RunFollowUpdate update = pollOk(follower);
  ASSERT_EQ(update.metrics.steps.size(), 1u);
  EXPECT_EQ(update.metrics.steps[0].step(), 1);
  EXPECT_EQ(follower.offset(), stepLine(1, 0.7).size());
  EXPECT_TRUE(follower.metrics_written().has_value());

  EXPECT_TRUE(pollOk(follower).empty());  // the half line is not read yet

  append(folder / "metrics.jsonl", second.substr(10));
  update = pollOk(follower);
  ASSERT_EQ(update.metrics.steps.size(), 1u);
  EXPECT_EQ(update.metrics.steps[0].step(), 2);
  EXPECT_EQ(update.metrics.steps[0].metrics().loss, 0.5);
  // The running peak goes on across polls, as for the whole file.
  EXPECT_EQ(update.metrics.steps[0].value(metric_index("peak_resident")), 2000);
}

TEST(RunFollower, PlacesAnEpochAtTheStepReadBeforeItInAnEarlierPoll) {
  const fs::path folder = runFolder("epoch");
  RunFollower follower = RunFollower::open(folder).value();
  append(folder / "metrics.jsonl", stepLine(1, 0.7) + stepLine(2, 0.6));
  ASSERT_EQ(pollOk(follower).metrics.steps.size(), 2u);
  EpochMetrics epoch;
  epoch.epoch = 1;
  epoch.val_accuracy = 0.8;
  epoch.confusion = {{3, 1}, {0, 4}};
  epoch.class_names = {"a", "b"};
  append(folder / "metrics.jsonl", epoch_jsonl_line(epoch));
  const RunFollowUpdate update = pollOk(follower);
  ASSERT_EQ(update.metrics.epochs.size(), 1u);
  EXPECT_EQ(update.metrics.epochs[0].step, 2);
  EXPECT_EQ(update.metrics.epochs[0].confusion, epoch.confusion);
}

TEST(RunFollower, ReadsAFileCutShortOrReplacedAgainFromItsStart) {
  const fs::path folder = runFolder("truncated");
  RunFollower follower = RunFollower::open(folder).value();
  append(folder / "metrics.jsonl", stepLine(1, 0.7) + stepLine(2, 0.6) + stepLine(3, 0.5));
  ASSERT_EQ(pollOk(follower).metrics.steps.size(), 3u);

  // Truncated: shorter than what was read.
  std::ofstream(folder / "metrics.jsonl", std::ios::trunc | std::ios::binary) << stepLine(1, 0.9);
  RunFollowUpdate update = pollOk(follower);
  EXPECT_TRUE(update.restarted);
  ASSERT_EQ(update.metrics.steps.size(), 1u);
  EXPECT_EQ(update.metrics.steps[0].metrics().loss, 0.9);

  // Replaced by a longer file that begins otherwise (a rotation): read whole again.
  std::ofstream(folder / "metrics.jsonl", std::ios::trunc | std::ios::binary)
      << stepLine(1, 0.2) + stepLine(2, 0.1) + stepLine(3, 0.05);
  update = pollOk(follower);
  EXPECT_TRUE(update.restarted);
  ASSERT_EQ(update.metrics.steps.size(), 3u);
  EXPECT_EQ(update.metrics.steps[0].metrics().loss, 0.2);
}

TEST(RunFollower, NoticesANewCheckpointAndOneWrittenAgain) {
  const fs::path folder = runFolder("checkpoint");
  RunFollower follower = RunFollower::open(folder).value();
  EXPECT_TRUE(pollOk(follower).checkpoints.empty());
  fs::create_directories(folder / "last.ckpt");
  std::ofstream(folder / "last.ckpt" / "state.json") << "{}";
  RunFollowUpdate update = pollOk(follower);
  ASSERT_EQ(update.checkpoints.size(), 1u);
  EXPECT_EQ(update.checkpoints[0], folder / "last.ckpt");
  EXPECT_TRUE(pollOk(follower).checkpoints.empty());

  // Rewritten (the next epoch's): its state.json is newer.
  const fs::path state = folder / "last.ckpt" / "state.json";
  fs::last_write_time(state, fs::last_write_time(state) + std::chrono::seconds(2));
  EXPECT_EQ(pollOk(follower).checkpoints.size(), 1u);
}

TEST(RunFollower, NoticesTheRunsEnd) {
  const fs::path folder = runFolder("finished");
  RunFollower follower = RunFollower::open(folder).value();
  EXPECT_FALSE(follower.ended());
  EXPECT_FALSE(pollOk(follower).state_changed);
  writeRunFile(folder, "finished");
  const fs::path file = folder / "run.json";
  fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(2));
  EXPECT_TRUE(pollOk(follower).state_changed);
  EXPECT_TRUE(follower.ended());
  EXPECT_EQ(follower.run().state, "finished");
}

TEST(RunFollower, RefusesAFolderThatHoldsNoRunNamingThePlace) {
  const fs::path folder = testing::scratch_folder("not-a-run");
  Result<RunFollower> empty = RunFollower::open(folder);
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().file, folder.string());
  EXPECT_NE(empty.error().message.find("run.json"), std::string::npos);

  std::ofstream(folder / "run.json") << R"({"format": "something-else"})";
  Result<RunFollower> other = RunFollower::open(folder);
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error().field, "format");

  std::ofstream(folder / "run.json") << R"({"format": )";
  Result<RunFollower> broken = RunFollower::open(folder);
  ASSERT_FALSE(broken.ok());
  EXPECT_TRUE(broken.error().offset.has_value());

  EXPECT_FALSE(RunFollower::open(folder / "missing").ok());
}

TEST(RunFollower, ReportsAFolderThatWentAway) {
  const fs::path folder = runFolder("gone");
  RunFollower follower = RunFollower::open(folder).value();
  fs::remove_all(folder);
  Result<RunFollowUpdate> update = follower.poll();
  ASSERT_FALSE(update.ok());
  EXPECT_EQ(update.error().file, (folder / "run.json").string());
}

TEST(RunFollower, NamesTheProjectWhoseRunsFolderHoldsTheRun) {
  EXPECT_EQ(owning_project_file("/data/p.convstudio.runs/20261126-170000"),
            fs::path("/data/p.convstudio"));
  EXPECT_EQ(owning_project_file("/data/p.convstudio.runs/20261126-170000/"),
            fs::path("/data/p.convstudio"));
  EXPECT_EQ(owning_project_file("/scratch/my-run"), std::nullopt);
}

}  // namespace
}  // namespace convstudio
