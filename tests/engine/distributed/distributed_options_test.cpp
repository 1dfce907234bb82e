#include "convstudio/train/distributed_options.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

TEST(DistributedOptionsFromEnvironment, ReadsTheTorchrunVariables) {
  const Result<DistributedOptions> read =
      distributed_options_from_environment({{"WORLD_SIZE", "4"},
                                            {"RANK", "3"},
                                            {"LOCAL_RANK", "1"},
                                            {"MASTER_ADDR", "10.0.0.2"},
                                            {"MASTER_PORT", "29400"},
                                            {"CONVSTUDIO_DIST_TIMEOUT", "15"}});
  ASSERT_TRUE(read.ok()) << read.error().describe();
  EXPECT_EQ(read.value().world_size, 4);
  EXPECT_EQ(read.value().rank, 3);
  EXPECT_EQ(read.value().local_rank, 1);
  EXPECT_EQ(read.value().master_addr, "10.0.0.2");
  EXPECT_EQ(read.value().master_port, 29400);
  EXPECT_EQ(read.value().timeout_seconds, 15);
  EXPECT_TRUE(read.value().enabled());
  EXPECT_FALSE(read.value().writes_files());
}

TEST(DistributedOptionsFromEnvironment, NoVariablesMeanOneProcess) {
  DistributedOptions defaults;
  defaults.master_port = 1234;
  const Result<DistributedOptions> read = distributed_options_from_environment({}, defaults);
  ASSERT_TRUE(read.ok());
  EXPECT_FALSE(read.value().enabled());
  EXPECT_EQ(read.value().master_port, 1234);
  EXPECT_EQ(read.value().timeout_seconds, kDefaultDistributedTimeoutSeconds);
}

TEST(DistributedOptionsFromEnvironment, BadValuesNameTheirVariable) {
  const auto problem = [](std::map<std::string, std::string> environment) {
    const Result<DistributedOptions> read = distributed_options_from_environment(environment);
    EXPECT_FALSE(read.ok());
    return read.ok() ? std::string() : read.error().describe();
  };
  EXPECT_NE(problem({{"WORLD_SIZE", "two"}}).find("WORLD_SIZE=two: not a whole number"),
            std::string::npos);
  EXPECT_NE(problem({{"MASTER_PORT", "70000"}}).find("MASTER_PORT=70000: expected 1 to 65535"),
            std::string::npos);
  EXPECT_NE(problem({{"WORLD_SIZE", "2"}, {"RANK", "2"}}).find("RANK=2 is not below WORLD_SIZE=2"),
            std::string::npos);
  EXPECT_NE(problem({{"WORLD_SIZE", "0"}}).find("WORLD_SIZE=0: expected 1 to"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
