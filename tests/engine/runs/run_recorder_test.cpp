// The run folder is the record of a run: it must say when it could not be written, survive a
// crash mid-write (run.json), and keep the metrics of a run resumed into the same folder.

#include "convstudio/runs/run_recorder.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "scratch_folder.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& file) {
  std::ifstream stream(file);
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

int count_of(const std::string& text, const std::string& what) {
  int count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

StepMetrics step(std::int64_t number) {
  StepMetrics metrics;
  metrics.step = number;
  metrics.loss = 1.0 / static_cast<double>(number);
  return metrics;
}

TEST(RunRecorder, ResumedRunAppendsItsMetricsToTheSameFolder) {
  const fs::path folder = testing::scratch_folder("resume") / "run";
  {
    RunRecorder first(folder, Project{});
    ASSERT_TRUE(first.ok());
    first.on_step(step(1));
    first.on_step(step(2));
    first.on_state(RunState::Cancelled, "cancelled");
  }
  {
    RunRecorder resumed(folder, Project{}, RunRecorder::Start::Resumed);
    ASSERT_TRUE(resumed.ok());
    resumed.on_step(step(3));
    resumed.on_state(RunState::Finished, "finished");
  }
  const std::string csv = read_text(folder / "metrics.csv");
  EXPECT_EQ(count_of(csv, "kind,step"), 1) << csv;
  EXPECT_EQ(count_of(csv, "\nstep,"), 3) << csv;
  EXPECT_EQ(count_of(read_text(folder / "metrics.jsonl"), "\"kind\":\"step\""), 3);
  const auto run = nlohmann::json::parse(read_text(folder / "run.json"));
  EXPECT_EQ(run["state"], "finished");
  EXPECT_TRUE(run.contains("resumed"));
}

TEST(RunRecorder, FailedWritesAreReported) {
  const fs::path folder = testing::scratch_folder("gone") / "run";
  RunRecorder recorder(folder, Project{});
  ASSERT_TRUE(recorder.ok());
  fs::remove_all(folder);  // the disk is unplugged, the folder deleted
  recorder.on_state(RunState::Running, "");
  EXPECT_FALSE(recorder.ok());
  EXPECT_NE(recorder.problem().find("run.json"), std::string::npos) << recorder.problem();
}

TEST(RunRecorder, RunFileLeavesNoTemporaryBehind) {
  const fs::path folder = testing::scratch_folder("tidy") / "run";
  RunRecorder recorder(folder, Project{});
  recorder.on_state(RunState::Running, "");
  recorder.finish({{"steps", 0}});
  for (const auto& entry : fs::directory_iterator(folder)) {
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos);
  }
  EXPECT_EQ(nlohmann::json::parse(read_text(folder / "run.json"))["summary"]["steps"], 0);
}

RunOrigin origin_on(const std::string& host, const std::string& fingerprint) {
  RunOrigin origin;
  origin.convstudio_version = "0.1.0";
  origin.commit = "0123456789ab";
  origin.device = "cpu";
  origin.device_names = {"Some CPU"};
  origin.host = host;
  origin.data_fingerprint = fingerprint;
  return origin;
}

TEST(RunRecorder, RunFileSaysWhereTheRunCameFromAndKeepsAResumesEarlierOrigin) {
  const fs::path folder = testing::scratch_folder("origin") / "run";
  {
    RunRecorder first(folder, Project{});
    first.on_origin(origin_on("alpha", "00000000000000aa"));
    first.on_state(RunState::Cancelled, "cancelled");
  }
  nlohmann::json run = nlohmann::json::parse(read_text(folder / "run.json"));
  EXPECT_EQ(run["origin"]["host"], "alpha");
  EXPECT_EQ(run["origin"]["cuda_version"], "none");
  EXPECT_EQ(run["origin"]["device_names"], nlohmann::json::array({"Some CPU"}));
  EXPECT_EQ(run["origin"]["data_fingerprint"], "00000000000000aa");
  EXPECT_FALSE(run.contains("earlier_origins"));
  {
    RunRecorder resumed(folder, Project{}, RunRecorder::Start::Resumed);
    resumed.on_origin(origin_on("beta", "00000000000000bb"));
  }
  run = nlohmann::json::parse(read_text(folder / "run.json"));
  EXPECT_EQ(run["origin"]["host"], "beta");
  ASSERT_EQ(run["earlier_origins"].size(), 1u);
  EXPECT_EQ(run["earlier_origins"][0]["host"], "alpha");
}

}  // namespace
}  // namespace convstudio
