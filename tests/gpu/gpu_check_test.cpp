// The GPU check's in-process steps (tests/gpu/run.sh, issue 39): the figures the memory chart
// plots against the CUDA caching allocator read directly in the same process (what
// torch.cuda.memory_allocated / max_memory_reserved report), the release of cached memory, and a
// real out-of-memory recovered by halving the batch. On cuda:0 when a GPU is there; otherwise (or
// with CONVSTUDIO_GPU_CHECK_CPU=1) the same steps on the CPU, where the resident memory is the
// figure and the out-of-memory error is injected, so that the logic is checked on every machine.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <torch/torch.h>

#ifdef CONVSTUDIO_GPU_CHECK_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif

#include "../engine/trainer/tiny_dataset.h"
#include "convstudio/train/trainer.h"
#include "train/memory_probe.h"
#include "train/training_test_hooks.h"

namespace convstudio {
namespace {

constexpr std::uint64_t kMiB = 1024 * 1024;

bool on_gpu() {
  const char* forced_cpu = std::getenv("CONVSTUDIO_GPU_CHECK_CPU");
  if (forced_cpu && std::string(forced_cpu) == "1") return false;
  return torch::cuda::is_available();
}

torch::Device check_device() {
  return on_gpu() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
}

// The allocator's own statistics, as torch.cuda.memory_stats() reads them.
struct AllocatorFigures {
  std::uint64_t allocated = 0;       // torch.cuda.memory_allocated
  std::uint64_t reserved = 0;        // torch.cuda.memory_reserved
  std::uint64_t peak_allocated = 0;  // torch.cuda.max_memory_allocated
  std::uint64_t peak_reserved = 0;   // torch.cuda.max_memory_reserved
};

AllocatorFigures read_allocator() {
  AllocatorFigures figures;
#ifdef CONVSTUDIO_GPU_CHECK_CUDA
  const auto all = static_cast<std::size_t>(c10::CachingAllocator::StatType::AGGREGATE);
  const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(0);
  figures.allocated = static_cast<std::uint64_t>(stats.allocated_bytes[all].current);
  figures.reserved = static_cast<std::uint64_t>(stats.reserved_bytes[all].current);
  figures.peak_allocated = static_cast<std::uint64_t>(stats.allocated_bytes[all].peak);
  figures.peak_reserved = static_cast<std::uint64_t>(stats.reserved_bytes[all].peak);
#endif
  return figures;
}

// VmRSS of this process, read here rather than through the engine.
std::uint64_t resident_bytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    std::istringstream fields(line);
    std::string key;
    std::uint64_t kilobytes = 0;
    if (fields >> key >> kilobytes && key == "VmRSS:") return kilobytes * 1024;
  }
  return 0;
}

class StepRecorder : public TrainingListener {
 public:
  void on_step(const StepMetrics& step) override { steps.push_back(step); }
  void on_log(const LogLine& line) override { log.push_back(line.text); }
  std::vector<StepMetrics> steps;
  std::vector<std::string> log;
};

std::string describe(const RunSummary& summary) {
  return summary.error ? summary.error->describe() : std::string();
}

TEST(GpuCheckMemory, TheChartsFiguresAreTheAllocatorsReadInTheSameProcess) {
  const torch::Device device = check_device();
  std::cout << "device: " << device.str() << "\n";
  // 256 MiB held by a tensor: the figures must move by that much, exactly as the allocator says.
  const torch::Tensor held = torch::ones({64, 1024, 1024}, torch::TensorOptions(device));
  const MemorySnapshot snapshot = probe_memory(device);
  if (device.is_cuda()) {
    const AllocatorFigures allocator = read_allocator();
    EXPECT_TRUE(snapshot.is_cuda);
    EXPECT_EQ(snapshot.device, "cuda:0");
    EXPECT_EQ(snapshot.allocated_bytes, allocator.allocated);
    EXPECT_EQ(snapshot.reserved_bytes, allocator.reserved);
    EXPECT_EQ(snapshot.peak_allocated_bytes, allocator.peak_allocated);
    EXPECT_EQ(snapshot.peak_reserved_bytes, allocator.peak_reserved);
    EXPECT_GE(snapshot.allocated_bytes, 256 * kMiB);
    EXPECT_GE(snapshot.device_used_bytes, snapshot.reserved_bytes);
    EXPECT_GT(snapshot.device_total_bytes, snapshot.device_used_bytes);
    // A peak reset starts the peak from what is allocated now.
    reset_peak_memory(device);
    EXPECT_EQ(probe_memory(device).peak_allocated_bytes, read_allocator().allocated);
  } else {
    EXPECT_FALSE(snapshot.is_cuda);
    EXPECT_EQ(snapshot.allocated_bytes, 0u);
    const std::uint64_t resident = resident_bytes();
    EXPECT_GE(snapshot.resident_bytes, 256 * kMiB);
    EXPECT_LE(
        std::max(snapshot.resident_bytes, resident) - std::min(snapshot.resident_bytes, resident),
        64 * kMiB);
  }
}

TEST(GpuCheckMemory, ReleasingCachedMemoryHandsTheCacheBackAndKeepsTensors) {
  const torch::Device device = check_device();
  const torch::Tensor kept = torch::ones({16, 1024, 1024}, torch::TensorOptions(device));
  {
    const torch::Tensor freed = torch::ones({128, 1024, 1024}, torch::TensorOptions(device));
    EXPECT_EQ(freed.sum().item<double>(), 128.0 * 1024 * 1024);
  }
  const MemorySnapshot before = probe_memory(device);
  const std::string said = release_cached_memory(device);
  const MemorySnapshot after = probe_memory(device);
  std::cout << said << "\n";
  if (device.is_cuda()) {
    // The 512 MiB block was cached after the tensor died; released, the driver has it again.
    EXPECT_GE(before.reserved_bytes, before.allocated_bytes + 512 * kMiB);
    EXPECT_LE(after.reserved_bytes + 512 * kMiB, before.reserved_bytes);
    EXPECT_EQ(after.allocated_bytes, before.allocated_bytes);
    EXPECT_LE(after.device_used_bytes + 512 * kMiB, before.device_used_bytes);
    EXPECT_EQ(after.reserved_bytes, read_allocator().reserved);
  } else {
    EXPECT_NE(said.find("nothing to release"), std::string::npos) << said;
  }
  EXPECT_EQ(kept.sum().item<double>(), 16.0 * 1024 * 1024);
}

class GpuCheckTraining : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = convstudio::testing::fresh_folder("gpu_check_training");
    convstudio::testing::write_tiny_idx_dataset(folder_ / "data", 256, 64, 4, 8, 5);
  }
  RunOptions options(Project project, const std::string& run) const {
    RunOptions options;
    options.project = std::move(project);
    options.project.training.device = check_device().str();
    options.out_dir = (folder_ / run).string();
    return options;
  }
  std::filesystem::path folder_;
};

TEST_F(GpuCheckTraining, EveryStepReportsTheAllocatorsFiguresForTheChart) {
  Project project = convstudio::testing::tiny_conv_project(folder_ / "data");
  project.training.epochs = 1;
  project.training.batch_size = 32;
  StepRecorder recorder;
  Trainer trainer(options(project, "run"), &recorder);
  const RunSummary summary = trainer.run();
  ASSERT_EQ(summary.state, RunState::Finished) << describe(summary);
  ASSERT_EQ(recorder.steps.size(), 8u);
  const AllocatorFigures allocator =
      check_device().is_cuda() ? read_allocator() : AllocatorFigures{};
  std::uint64_t highest_peak = 0;
  for (const StepMetrics& step : recorder.steps) {
    EXPECT_EQ(step.memory.is_cuda, check_device().is_cuda()) << "step " << step.step;
    if (step.memory.is_cuda) {
      EXPECT_GT(step.memory.allocated_bytes, 0u) << "step " << step.step;
      EXPECT_GE(step.memory.peak_allocated_bytes, step.memory.allocated_bytes);
      EXPECT_GE(step.memory.reserved_bytes, step.memory.allocated_bytes);
      EXPECT_LE(step.memory.reserved_bytes, step.memory.device_total_bytes);
      highest_peak = std::max(highest_peak, step.memory.peak_allocated_bytes);
    } else {
      EXPECT_GT(step.memory.resident_bytes, 0u) << "step " << step.step;
    }
  }
  if (check_device().is_cuda()) {
    // Peaks only grow between resets: none reported may exceed the allocator's own afterwards.
    EXPECT_LE(highest_peak, allocator.peak_allocated);
    EXPECT_LE(summary.peak_memory_bytes, allocator.peak_reserved);
    EXPECT_GT(summary.peak_memory_bytes, 0u);
  }
}

// A network whose first activation alone outgrows any GPU at the first batch size: Conv2d with
// 512 channels at 256×256 is 128 MiB a sample in fp32, times 512 samples, several times over
// with BatchNorm and ReLU kept for backward. Halving four times fits in tens of GiB.
Project oversized_project(const std::filesystem::path& folder) {
  Project project;
  Graph& g = project.graph;
  const std::string input = g.add_block("Input");
  g.set_param(input, "channels", std::int64_t{1});
  g.set_param(input, "height", std::int64_t{256});
  g.set_param(input, "width", std::int64_t{256});
  const std::string conv = g.add_block("Conv2d");
  g.set_param(conv, "out_channels", std::int64_t{512});
  g.set_param(conv, "kernel", std::int64_t{3});
  g.set_param(conv, "padding", std::int64_t{1});
  const std::string norm = g.add_block("BatchNorm2d");
  const std::string relu = g.add_block("ReLU");
  const std::string pool = g.add_block("AdaptiveAvgPool2d");
  const std::string flatten = g.add_block("Flatten");
  const std::string output = g.add_block("Output");
  g.set_param(output, "classes", std::int64_t{4});
  for (const auto& [from, to] :
       std::vector<std::pair<std::string, std::string>>{{input, conv},
                                                        {conv, norm},
                                                        {norm, relu},
                                                        {relu, pool},
                                                        {pool, flatten},
                                                        {flatten, output}}) {
    g.connect({from, to, 0});
  }
  project.dataset.source = DatasetKind::Idx;
  project.dataset.path = folder.string();
  project.training.batch_size = 512;
  project.training.max_steps = 2;
  project.training.optimizer.lr = 0.01;
  project.training.loader_workers = 2;
  project.training.auto_oom_retry = true;
  return project;
}

TEST_F(GpuCheckTraining, AnOutOfMemoryIsRecoveredByHalvingTheBatch) {
  Project project;
  std::unique_ptr<ScopedTrainingTestHooks> injected;
  if (check_device().is_cuda()) {
    // A real one: 1,024 images of 256×256, 512 to a batch.
    convstudio::testing::write_tiny_idx_dataset(folder_ / "big", 1024, 16, 4, 256, 9);
    project = oversized_project(folder_ / "big");
  } else {
    // The CPU never runs out of memory politely: the same recovery, from an injected error.
    project = convstudio::testing::tiny_project(folder_ / "data", 4, 8);
    project.training.batch_size = 64;
    project.training.max_steps = 2;
    project.training.auto_oom_retry = true;
    TrainingTestHooks hooks;
    hooks.out_of_memory_at_step = 1;  // counted in steps taken: during the second step
    injected = std::make_unique<ScopedTrainingTestHooks>(hooks);
  }
  StepRecorder recorder;
  Trainer trainer(options(project, "oom"), &recorder);
  const RunSummary summary = trainer.run();
  ASSERT_EQ(summary.state, RunState::Finished) << describe(summary);
  EXPECT_EQ(summary.steps, 2);
  EXPECT_LT(summary.batch.size, project.training.batch_size);
  EXPECT_EQ(summary.batch.size * summary.batch.accumulate, project.training.batch_size);
  EXPECT_EQ(summary.batch.effective_size, project.training.batch_size);
  const auto retries = std::count_if(recorder.log.begin(), recorder.log.end(), [](const auto& t) {
    return t.find("out of memory") != std::string::npos ||
           t.find("Out of memory") != std::string::npos;
  });
  EXPECT_GE(retries, 1);
  std::cout << "batch " << project.training.batch_size << " -> " << summary.batch.size << " x "
            << summary.batch.accumulate << " after " << retries << " out-of-memory retries\n";
  // After the recovery the cache was released: what stays reserved is what the run uses.
  if (check_device().is_cuda()) {
    release_cached_memory(check_device());
    EXPECT_EQ(read_allocator().allocated, probe_memory(check_device()).allocated_bytes);
  }
}

}  // namespace
}  // namespace convstudio
