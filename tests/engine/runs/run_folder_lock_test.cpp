// One run per run folder (issue 31): a second run is refused naming the first one's process, and
// the lock of a process that died is free again. The RunRecorder, which every run of the CLI and
// the studio passes through, takes it.

#include "convstudio/runs/run_folder_lock.h"

#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "convstudio/runs/run_recorder.h"
#include "file_bytes.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

TEST(RunFolderLock, ASecondAcquisitionIsRefusedNamingTheHoldersProcess) {
  const fs::path folder = testing::scratch_folder("lock") / "run";
  Result<RunFolderLock> first = RunFolderLock::acquire(folder);
  ASSERT_TRUE(first.ok()) << first.error().describe();
  bool in_use = false;
  Result<RunFolderLock> second = RunFolderLock::acquire(folder, &in_use);
  ASSERT_FALSE(second.ok());
  EXPECT_TRUE(in_use);
  EXPECT_EQ(second.error().file, folder.string());
  const std::string process = "in use by process " + std::to_string(::getpid());
  EXPECT_NE(second.error().message.find(process), std::string::npos) << second.error().message;
  EXPECT_EQ(RunFolderLock::holder(folder), ::getpid());
}

TEST(RunFolderLock, IsFreeAgainOnceItsHolderIsGone) {
  const fs::path folder = testing::scratch_folder("lock") / "run";
  { ASSERT_TRUE(RunFolderLock::acquire(folder).ok()); }
  EXPECT_FALSE(RunFolderLock::holder(folder).has_value());
  EXPECT_TRUE(RunFolderLock::acquire(folder).ok());
}

TEST(RunFolderLock, TheLockOfADeadProcessIsTakenOver) {
  const fs::path folder = testing::scratch_folder("lock") / "run";
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // Takes the lock and dies holding it, as a crashed or killed run does.
    Result<RunFolderLock> lock = RunFolderLock::acquire(folder);
    ::_exit(lock.ok() ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  // Its id is still written in the lock file, but nothing holds the lock.
  EXPECT_EQ(testing::file_bytes(folder / kRunFolderLockFile), std::to_string(child) + "\n");
  Result<RunFolderLock> taken = RunFolderLock::acquire(folder);
  ASSERT_TRUE(taken.ok()) << taken.error().describe();
  EXPECT_EQ(testing::file_bytes(folder / kRunFolderLockFile), std::to_string(::getpid()) + "\n");
}

TEST(RunFolderLock, ASecondRecorderInTheSameFolderIsRefusedAndWritesNothing) {
  const fs::path folder = testing::scratch_folder("recorder") / "run";
  RunRecorder first(folder, Project{});
  ASSERT_TRUE(first.ok()) << first.problem();
  first.on_state(RunState::Running, "");
  const std::string record = testing::file_bytes(folder / "run.json");
  RunRecorder second(folder, Project{}, RunRecorder::Start::Resumed);
  EXPECT_FALSE(second.ok());
  ASSERT_TRUE(second.in_use().has_value());
  EXPECT_NE(second.in_use()->message.find(std::to_string(::getpid())), std::string::npos);
  second.record_queue_entry("7", "sweep", "lr=0.1");
  second.on_state(RunState::Failed, "refused");
  second.finish({});
  EXPECT_EQ(testing::file_bytes(folder / "run.json"), record);
}

}  // namespace
}  // namespace convstudio
