// remote.json: a submitted run's record survives a restart whole, and a reconnect waits longer
// after each failed try, up to 30 s.

#include "convstudio/remote/remote_run.h"

#include <gtest/gtest.h>

#include <fstream>

#include "convstudio/remote/remote_training.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

TEST(RemoteRunRecord, ReadsBackWhatWasSaved) {
  RemoteRun run;
  run.target.name = "cluster";
  run.target.destination = "me@login";
  run.target.slurm = SlurmSettings{};
  run.job = {"p-20261126-200000",
             "convstudio-runs/p-20261126-200000",
             "p.convstudio",
             "run",
             {"--max-steps", "10"}};
  run.launch = RemoteLaunch::Slurm;
  run.job_id = "4711";
  run.mirror_folder = testing::scratch_folder("record").string();
  run.state = RemoteRunState::Stopped;
  run.stop_requested = true;
  ASSERT_FALSE(save_remote_run(run));
  Result<RemoteRun> loaded = load_remote_run(run.mirror_folder);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().target, run.target);
  EXPECT_EQ(loaded.value().job.train_arguments, run.job.train_arguments);
  EXPECT_EQ(loaded.value().job_id, "4711");
  EXPECT_EQ(loaded.value().launch, RemoteLaunch::Slurm);
  EXPECT_EQ(loaded.value().state, RemoteRunState::Stopped);
  EXPECT_TRUE(loaded.value().stop_requested);
  EXPECT_EQ(loaded.value().remote_run_folder(), "convstudio-runs/p-20261126-200000/run");
}

TEST(RemoteRunRecord, AFolderWithoutOneSaysSo) {
  const auto folder = testing::scratch_folder("none");
  Result<RemoteRun> loaded = load_remote_run(folder);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, (folder / "remote.json").string());
}

TEST(RemoteRunRecord, ABadStateNamesItsField) {
  const auto folder = testing::scratch_folder("bad");
  std::ofstream(folder / "remote.json")
      << R"({"format": "convstudio-remote-run", "state": "sleeping"})";
  Result<RemoteRun> loaded = load_remote_run(folder);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().field, "remote.state");
}

TEST(ReconnectDelay, DoublesUpToThirtySeconds) {
  EXPECT_EQ(reconnect_delay_seconds(1), 1);
  EXPECT_EQ(reconnect_delay_seconds(2), 2);
  EXPECT_EQ(reconnect_delay_seconds(3), 4);
  EXPECT_EQ(reconnect_delay_seconds(5), 16);
  EXPECT_EQ(reconnect_delay_seconds(6), 30);
  EXPECT_EQ(reconnect_delay_seconds(100), 30);
}

}  // namespace
}  // namespace convstudio
