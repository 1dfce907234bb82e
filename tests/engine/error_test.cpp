// The one error value: every kind of place prints as the one line the CLI shows.
#include "convstudio/error.h"

#include <gtest/gtest.h>

#include "convstudio/result.h"

namespace convstudio {
namespace {

TEST(Error, FileProblemsNameTheFileAndTheByteOrLine) {
  EXPECT_EQ(Error::at_byte("a.idx", 16, "bad").describe(), "a.idx (byte 16): bad");
  EXPECT_EQ(Error::in_file("folder", "missing").describe(), "folder: missing");
  EXPECT_EQ(Error::at_line("m.convstudio", 12, 5, "JSON syntax error").describe(),
            "m.convstudio:12:5: JSON syntax error");
  EXPECT_EQ(Error::at_field("m.convstudio", "graph.blocks[3].type", "unknown").describe(),
            "m.convstudio: graph.blocks[3].type: unknown");
}

TEST(Error, TextWithoutAFileStillNamesTheRestOfThePlace) {
  EXPECT_EQ(Error::at_field("", "version", "must be a whole number").describe(),
            "version: must be a whole number");
  EXPECT_EQ(Error::at_line("", 2, 7, "JSON syntax error").describe(),
            "line 2:7: JSON syntax error");
  EXPECT_EQ(Error::without_place("plain").describe(), "plain");
}

TEST(Error, BlockProblemsNameTheBlockAndItsType) {
  const Error error = Error::in_block("conv1", "Conv2d", "params.kernel", "Conv2d: too big");
  EXPECT_EQ(error.describe(), "conv1 (Conv2d): Conv2d: too big");
  EXPECT_EQ(error.field, "params.kernel");
  EXPECT_EQ(Error::in_graph("the graph has no Input block").describe(),
            "graph: the graph has no Input block");
}

TEST(Error, SettingProblemsNameTheSetting) {
  const Error error = Error::in_setting("training.device", "CUDA is not available");
  EXPECT_EQ(error.describe(), "training.device: CUDA is not available");
  EXPECT_TRUE(error.file.empty());
  EXPECT_TRUE(error.block_id.empty());
}

TEST(Result, HoldsTheValueOrTheError) {
  const Result<int> value = 7;
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(value.value(), 7);
  const Result<int> failed = Error::in_file("x.bin", "unreadable");
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().file, "x.bin");
}

}  // namespace
}  // namespace convstudio
