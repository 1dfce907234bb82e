#include "train/device_selection.h"

#include <gtest/gtest.h>

#include <string>

#include "convstudio/model/training_settings.h"

namespace convstudio {
namespace {

// The engine reads a device setting with the project file's rule (parse_device) and no other:
// what the file refuses, a run refuses, as a bad setting rather than as a missing GPU.
TEST(DeviceSelection, RefusesWhatTheProjectFileRefuses) {
  for (const std::string text :
       {"cuda:+1", "cuda: 1", "cuda:-0", "cuda:1x", "cuda:", "CPU", "cuda:00001", "gpu"}) {
    SCOPED_TRACE(text);
    ASSERT_FALSE(parse_device(text).has_value());
    const DeviceSelection selection = select_device(text);
    ASSERT_TRUE(selection.error.has_value());
    EXPECT_EQ(selection.error->field, "training.device");
    EXPECT_NE(selection.error->describe().find("is not cpu, auto, cuda or cuda:K"),
              std::string::npos)
        << selection.error->describe();
  }
}

TEST(DeviceSelection, CpuAndAutoNeedNoGpu) {
  EXPECT_FALSE(select_device("cpu").error.has_value());
  EXPECT_TRUE(select_device("cpu").device.is_cpu());
  EXPECT_FALSE(select_device("auto").error.has_value());
}

// What the file accepts is never refused as a bad setting; without that GPU it says why.
TEST(DeviceSelection, AcceptsWhatTheProjectFileAccepts) {
  for (const std::string text : {"cuda", "cuda:0", "cuda:7", "cuda:999"}) {
    SCOPED_TRACE(text);
    ASSERT_TRUE(parse_device(text).has_value());
    const DeviceSelection selection = select_device(text);
    if (selection.error) {
      EXPECT_EQ(selection.error->describe().find("is not cpu, auto"), std::string::npos)
          << selection.error->describe();
    } else {
      EXPECT_TRUE(selection.device.is_cuda());
    }
  }
}

}  // namespace
}  // namespace convstudio
