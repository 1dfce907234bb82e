#pragma once
// The model weights a checkpoint holds, for comparing the weights of two runs.

#include <gtest/gtest.h>

#include <filesystem>

#include "checkpoint/checkpoint_store.h"

namespace convstudio::testing {

// Empty, and the test failed, when the checkpoint cannot be loaded.
inline NamedTensors checkpoint_weights(const std::filesystem::path& checkpoint) {
  Result<CheckpointData> loaded = load_checkpoint(checkpoint);
  EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error().describe());
  return loaded.ok() ? loaded.value().model : NamedTensors{};
}

}  // namespace convstudio::testing
