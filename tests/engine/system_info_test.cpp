#include "convstudio/system_info.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

TEST(BuildInfo, ReportsLibTorchTwoAndOpenCvFour) {
  BuildInfo info = build_info();
  EXPECT_EQ(info.libtorch_version.rfind("2.", 0), 0u) << info.libtorch_version;
  EXPECT_EQ(info.opencv_version.rfind("4.", 0), 0u) << info.opencv_version;
  EXPECT_FALSE(info.convstudio_version.empty());
}

TEST(BuildInfo, CudaVersionsArePresentExactlyWhenCudaIsCompiledIn) {
  BuildInfo info = build_info();
  EXPECT_EQ(info.cuda_compiled, !info.cuda_compiled_version.empty());
  if (info.cuda_compiled) {
    EXPECT_FALSE(info.cudnn_version.empty());
  }
}

TEST(DeviceReport, DescribesTheCpu) {
  DeviceReport report = probe_devices();
  EXPECT_FALSE(report.cpu.model.empty());
  EXPECT_GT(report.cpu.hardware_threads, 0);
  EXPECT_GT(report.cpu.torch_threads, 0);
}

TEST(DeviceReport, EitherListsCudaDevicesOrSaysWhyNot) {
  DeviceReport report = probe_devices();
  if (report.cuda_available) {
    ASSERT_FALSE(report.cuda_devices.empty());
    EXPECT_TRUE(report.cuda_unavailable_reason.empty());
    for (const CudaDevice& d : report.cuda_devices) {
      EXPECT_FALSE(d.name.empty());
      EXPECT_GT(d.total_memory_bytes, 0u);
      EXPECT_GT(d.compute_major, 0);
    }
  } else {
    EXPECT_TRUE(report.cuda_devices.empty());
    EXPECT_FALSE(report.cuda_unavailable_reason.empty());
  }
}

}  // namespace
}  // namespace convstudio
