// A checkpoint saved onto a full disk: the save reports which file could not be written, and the
// checkpoint that was there still loads with every tensor as it was.
#include <gtest/gtest.h>

#include "checkpoint/checkpoint_store.h"
#include "file_size_limit.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

TEST(DiskFull, CheckpointSaveFailsClearlyAndKeepsThePreviousCheckpoint) {
  const fs::path folder = testing::scratch_folder("disk_full_checkpoint");
  const fs::path dir = folder / "last.ckpt";
  torch::nn::Linear small(4, 2);
  torch::optim::SGD small_optimizer(small->parameters(), 0.1);
  CheckpointState state;
  state.global_step = 3;
  state.rng = capture_rng_state("loader");
  const CheckpointData first = capture_checkpoint(*small, small_optimizer, state);
  ASSERT_FALSE(save_checkpoint(dir, first));

  torch::nn::Linear big(256, 256);  // 256 KiB of weights: past the limit below
  torch::optim::SGD big_optimizer(big->parameters(), 0.1);
  state.global_step = 999;
  std::optional<Error> error;
  {
    testing::FileSizeLimit full(64 * 1024);
    error = save_checkpoint(dir, capture_checkpoint(*big, big_optimizer, state));
  }
  ASSERT_TRUE(error.has_value()) << "a save past the file-size limit reported success";
  EXPECT_NE(error->file.find("last.ckpt"), std::string::npos) << error->describe();
  EXPECT_NE(error->describe().find("too large"), std::string::npos) << error->describe();

  auto loaded = load_checkpoint(dir);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().state.global_step, 3);
  for (const auto& [name, tensor] : first.model) {
    EXPECT_TRUE(torch::equal(loaded.value().model.at(name), tensor)) << name;
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1)
      << "the failed save left a temporary folder behind";
}

}  // namespace
}  // namespace convstudio
