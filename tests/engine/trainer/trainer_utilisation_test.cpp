// Utilisation: the device's peak FLOP/s measured and cached (again while only busy probes are
// kept), and a run's achieved FLOP/s by the stated convention (model/training_cost.h: FLOPs per
// sample × samples/s), never shown above the peak.

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

#include "convstudio/model/shape_inference.h"
#include "convstudio/model/training_cost.h"
#include "convstudio/runs/run_summary_json.h"
#include "convstudio/train/peak_flops.h"
#include "convstudio/train/trainer.h"
#include "runs/engine_messages.h"
#include "tiny_dataset.h"

namespace convstudio {
namespace {

using testing::fresh_folder;

// Points the user's cache folder at a scratch one for the test's life.
class ScratchCache {
 public:
  explicit ScratchCache(const std::filesystem::path& folder) {
    if (const char* old = std::getenv("XDG_CACHE_HOME")) old_ = old;
    setenv("XDG_CACHE_HOME", folder.c_str(), 1);
  }
  ~ScratchCache() {
    if (old_) {
      setenv("XDG_CACHE_HOME", old_->c_str(), 1);
    } else {
      unsetenv("XDG_CACHE_HOME");
    }
  }

 private:
  std::optional<std::string> old_;
};

struct Recorder : TrainingListener {
  std::vector<StepMetrics> steps;
  std::vector<LogLine> lines;
  void on_step(const StepMetrics& step) override { steps.push_back(step); }
  void on_log(const LogLine& line) override { lines.push_back(line); }
};

TEST(PeakFlops, MeasuredThenReadFromTheCacheUnlessTheMachineWasBusy) {
  const std::filesystem::path root = fresh_folder("peak-flops-cache");
  const ScratchCache cache(root / "cache");
  const Result<PeakFlops> first = device_peak_flops("cpu", "fp32");
  ASSERT_TRUE(first.ok()) << first.error().describe();
  EXPECT_TRUE(first.value().measured_now);
  EXPECT_GT(first.value().flops_per_second, 1e6);
  EXPECT_EQ(peak_flops_cache_file(), root / "cache" / "convstudio" / "peak_flops.json");
  const Result<PeakFlops> second = device_peak_flops("cpu", "fp32");
  ASSERT_TRUE(second.ok());
  std::ifstream file(peak_flops_cache_file());
  const nlohmann::json kept = nlohmann::json::parse(file);
  const std::string key = first.value().probed_while_busy ? "fp32 busy" : "fp32";
  // The second call may have probed (and kept) a better figure; the first is what it read.
  if (!first.value().probed_while_busy) {
    EXPECT_FALSE(second.value().measured_now);
    EXPECT_EQ(second.value().flops_per_second, first.value().flops_per_second);
    EXPECT_EQ(kept[first.value().device]["fp32"].get<double>(), first.value().flops_per_second);
  } else {
    // Measured on a busy machine: kept apart, and probed again (never lower).
    EXPECT_TRUE(second.value().measured_now);
    EXPECT_GE(second.value().flops_per_second, first.value().flops_per_second);
  }
}

// A run measures the peak in its set-up, after its random state is fixed: the probe must not
// draw from that stream, or a run that measured would train differently from one that read the
// cache (a resumed run replays the exact batches and dropout masks either way).
TEST(PeakFlops, MeasuringLeavesTheRandomStreamAsItWas) {
  const ScratchCache cache(fresh_folder("peak-flops-random") / "cache");
  torch::manual_seed(7);
  const torch::Tensor expected = torch::rand({16});
  torch::manual_seed(7);
  const Result<PeakFlops> peak = device_peak_flops("cpu", "fp32", /*remeasure=*/true);
  ASSERT_TRUE(peak.ok()) << peak.error().describe();
  EXPECT_TRUE(peak.value().measured_now);
  EXPECT_TRUE(torch::equal(torch::rand({16}), expected));
}

TEST(PeakFlops, RefusesWhatItCannotMeasure) {
  const Result<PeakFlops> fp16 = device_peak_flops("cpu", "fp16");
  ASSERT_FALSE(fp16.ok());
  EXPECT_EQ(fp16.error().field, "precision");
  const Result<PeakFlops> unknown = device_peak_flops("cpu", "int8");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().field, "precision");
  const Result<PeakFlops> device = device_peak_flops("tpu", "fp32");
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.error().field, "training.device");
}

TEST(Utilisation, AchievedFlopsIsFlopsPerSampleTimesSamplesPerSecond) {
  const std::filesystem::path root = fresh_folder("utilisation");
  const ScratchCache cache(root / "cache");
  testing::write_tiny_idx_dataset(root / "data", 64, 16, 4, 8, 5);
  RunOptions options;
  options.project = testing::tiny_project(root / "data", 4, 8);
  options.project.training.epochs = 2;
  options.out_dir = (root / "run").string();
  Recorder recorder;
  const RunSummary summary = Trainer(options, &recorder).run();
  ASSERT_EQ(summary.state, RunState::Finished);

  const std::int64_t macs = ShapeInference::run(options.project.graph).total_macs();
  ASSERT_GT(macs, 0);
  EXPECT_EQ(summary.compute.macs_per_sample, macs);
  const std::int64_t flops =
      training_flops_per_sample(options.project.graph, ShapeInference::run(options.project.graph));
  EXPECT_EQ(summary.compute.flops_per_sample, flops);
  ASSERT_TRUE(summary.samples_per_second.has_value());
  ASSERT_TRUE(summary.compute.achieved_flops.has_value());
  EXPECT_DOUBLE_EQ(*summary.compute.achieved_flops, flops * *summary.samples_per_second);
  ASSERT_TRUE(summary.compute.peak_flops.has_value());
  const Result<PeakFlops> peak = device_peak_flops("cpu", "fp32");
  ASSERT_TRUE(peak.ok());
  // The run measured and kept it; a figure probed on a busy machine is probed again (never lower).
  if (peak.value().measured_now) {
    EXPECT_GE(peak.value().flops_per_second, *summary.compute.peak_flops);
  } else {
    EXPECT_EQ(*summary.compute.peak_flops, peak.value().flops_per_second);
  }
  if (summary.compute.utilisation) {
    EXPECT_LE(*summary.compute.utilisation, 1.0);
    EXPECT_DOUBLE_EQ(*summary.compute.utilisation,
                     *summary.compute.achieved_flops / *summary.compute.peak_flops);
  }

  ASSERT_FALSE(recorder.steps.empty());
  for (const StepMetrics& step : recorder.steps) {
    EXPECT_DOUBLE_EQ(step.compute.achieved_flops, flops * step.samples_per_second) << step.step;
    EXPECT_LE(step.compute.utilisation, 1.0) << step.step;
    if (step.compute.utilisation > 0 &&
        step.compute.achieved_flops <= *summary.compute.peak_flops) {
      EXPECT_DOUBLE_EQ(step.compute.utilisation,
                       step.compute.achieved_flops / *summary.compute.peak_flops)
          << step.step;
    }
  }
  const auto measured_line = std::count_if(
      recorder.lines.begin(), recorder.lines.end(),
      [](const LogLine& line) { return line.message.pattern == messages::kMeasuredPeakFlops; });
  EXPECT_EQ(measured_line, 1);

  const nlohmann::json json = run_summary_json(summary);
  EXPECT_DOUBLE_EQ(json["achieved_flops"].get<double>(), *summary.compute.achieved_flops);
  if (summary.compute.utilisation) {
    EXPECT_DOUBLE_EQ(json["utilisation"].get<double>(), *summary.compute.utilisation);
  }
  EXPECT_EQ(json["macs_per_sample"].get<std::int64_t>(), macs);
  EXPECT_EQ(json["flops_per_sample"].get<std::int64_t>(), flops);
  EXPECT_TRUE(json["loss_scale"].is_null());  // fp32: no scaling
}

// Fine-tuning: a frozen block computes no weight gradient, and nothing before the first trainable
// block computes an input gradient, so the run counts fewer FLOPs per sample and its share of
// the peak stays honest.
TEST(Utilisation, FrozenBlocksCountOnlyWhatAutogradComputes) {
  const std::filesystem::path root = fresh_folder("utilisation-frozen");
  const ScratchCache cache(root / "cache");
  testing::write_tiny_idx_dataset(root / "data", 64, 16, 4, 8, 5);
  RunOptions options;
  options.project = testing::tiny_project(root / "data", 4, 8);
  options.project.training.max_steps = 6;
  const ModelAnalysis analysis = ShapeInference::run(options.project.graph);
  const std::int64_t whole = training_flops_per_sample(options.project.graph, analysis);
  Block* first_trainable = nullptr;
  for (const BlockAnalysis& block : analysis.blocks) {
    if (block.params > 0 && block.macs > 0) {
      first_trainable = options.project.graph.find_block(block.id);
      break;
    }
  }
  ASSERT_NE(first_trainable, nullptr);
  first_trainable->trainable = false;
  options.out_dir = (root / "run").string();
  Recorder recorder;
  const RunSummary summary = Trainer(options, &recorder).run();
  ASSERT_EQ(summary.state, RunState::Finished);
  EXPECT_EQ(
      summary.compute.flops_per_sample,
      training_flops_per_sample(options.project.graph, ShapeInference::run(options.project.graph)));
  EXPECT_LT(summary.compute.flops_per_sample, whole);
  for (const StepMetrics& step : recorder.steps) {
    EXPECT_LE(step.compute.utilisation, 1.0);
  }
  if (summary.compute.utilisation) {
    EXPECT_LE(*summary.compute.utilisation, 1.0);
  }
}

}  // namespace
}  // namespace convstudio
