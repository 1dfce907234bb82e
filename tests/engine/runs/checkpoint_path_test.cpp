// A checkpoint named with a trailing slash (tab completion's "run/last.ckpt/") is the same
// checkpoint, and its run folder is the one around it, not the checkpoint itself (issue 31).

#include "convstudio/runs/checkpoint_path.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

TEST(CheckpointPath, ATrailingSlashNamesTheSameCheckpoint) {
  EXPECT_EQ(checkpoint_folder("run/last.ckpt/").string(), "run/last.ckpt");
  EXPECT_EQ(checkpoint_folder("run/last.ckpt//").string(), "run/last.ckpt");
  EXPECT_EQ(checkpoint_folder("run/./last.ckpt").string(), "run/last.ckpt");
  EXPECT_EQ(checkpoint_folder("/data/run/last.ckpt/").string(), "/data/run/last.ckpt");
  EXPECT_EQ(checkpoint_folder("").string(), "");
  EXPECT_EQ(checkpoint_folder("/").string(), "/");
}

TEST(CheckpointPath, TheRunFolderIsTheCheckpointsParent) {
  EXPECT_EQ(checkpoint_run_folder("run/last.ckpt/").string(), "run");
  EXPECT_EQ(checkpoint_run_folder("run/last.ckpt").string(), "run");
  EXPECT_EQ(checkpoint_run_folder("/data/run/best.ckpt/").string(), "/data/run");
  EXPECT_EQ(checkpoint_run_folder("last.ckpt/").string(), ".");
}

}  // namespace
}  // namespace convstudio
