#include "train/memory_probe.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

TEST(MemoryProbe, CpuReportsResidentMemory) {
  const MemorySnapshot snapshot = probe_memory(torch::Device(torch::kCPU));
  EXPECT_EQ(snapshot.device, "cpu");
  EXPECT_FALSE(snapshot.is_cuda);
  EXPECT_GT(snapshot.resident_bytes, 0u);
  EXPECT_GE(snapshot.peak_resident_bytes, snapshot.resident_bytes);
  EXPECT_EQ(snapshot.allocated_bytes, 0u);
}

TEST(MemoryProbe, ResidentMemoryGrowsWithABigTensor) {
  const std::uint64_t before = probe_memory(torch::Device(torch::kCPU)).resident_bytes;
  torch::Tensor big = torch::ones({64, 1024, 1024});  // 256 MiB, touched by the fill
  const std::uint64_t during = probe_memory(torch::Device(torch::kCPU)).resident_bytes;
  EXPECT_GT(during, before + 128u * 1024 * 1024);
  EXPECT_FLOAT_EQ(big[63][1023][1023].item<float>(), 1.0f);
}

TEST(MemoryProbe, ReleaseOnCpuSaysThereIsNothingToRelease) {
  EXPECT_NE(release_cached_memory(torch::Device(torch::kCPU)).find("nothing to release"),
            std::string::npos);
  reset_peak_memory(torch::Device(torch::kCPU));  // must not throw
}

TEST(MemoryProbe, CudaReportsAllocatorAndDeviceWhenAvailable) {
  if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device here";
  const torch::Device device(torch::kCUDA, 0);
  reset_peak_memory(device);
  torch::Tensor block = torch::ones({16, 1024, 1024}, torch::TensorOptions().device(device));
  const MemorySnapshot snapshot = probe_memory(device);
  EXPECT_TRUE(snapshot.is_cuda);
  EXPECT_EQ(snapshot.device, "cuda:0");
  EXPECT_GE(snapshot.allocated_bytes, 64u * 1024 * 1024);
  EXPECT_GE(snapshot.reserved_bytes, snapshot.allocated_bytes);
  EXPECT_GE(snapshot.peak_allocated_bytes, snapshot.allocated_bytes);
  EXPECT_GT(snapshot.device_total_bytes, snapshot.device_used_bytes);
  block = torch::Tensor();
  release_cached_memory(device);
  EXPECT_LT(probe_memory(device).reserved_bytes, snapshot.reserved_bytes);
}

}  // namespace
}  // namespace convstudio
