// The speed settings of issue 13 as a user meets them: channels-last trains the same model and
// saves ordinary weights, the memory format's Auto chooses a layout and says why, `--amp auto`
// says what it chose and trains with it, and the summary reports how much of the training time
// went on bookkeeping.

#include <gtest/gtest.h>

#include <cmath>
#include <utility>

#include "checkpoint/checkpoint_store.h"
#include "convstudio/train/trainer.h"
#include "tiny_dataset.h"
#include "train/amp_choice.h"

namespace convstudio {
namespace {

using testing::fresh_folder;
using testing::write_tiny_idx_dataset;

class LogKeeper : public TrainingListener {
 public:
  std::vector<std::string> lines;
  void on_log(const LogLine& line) override { lines.push_back(line.text); }
};

// Whether a line of `log` starts with `start`.
bool says(const LogKeeper& log, const std::string& start) {
  for (const std::string& line : log.lines) {
    if (line.rfind(start, 0) == 0) return true;
  }
  return false;
}

class SpeedSettings : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fresh_folder(::testing::UnitTest::GetInstance()->current_test_info()->name());
    write_tiny_idx_dataset(root_ / "data", 64, 32, 4, 8, 11);
  }
  RunSummary train(const Project& project, const std::string& name,
                   TrainingListener* listener = nullptr) {
    RunOptions options;
    options.project = project;
    options.out_dir = (root_ / name).string();
    Trainer trainer(options, listener);
    return trainer.run();
  }
  std::filesystem::path root_;
};

TEST_F(SpeedSettings, ChannelsLastTrainsTheSameModelAndSavesOrdinaryWeights) {
  Project plain = testing::tiny_conv_project(root_ / "data");
  plain.training.memory_format = MemoryFormat::Nchw;
  Project nhwc = plain;
  nhwc.training.memory_format = MemoryFormat::ChannelsLast;
  const RunSummary a = train(plain, "plain");
  const RunSummary b = train(nhwc, "nhwc");
  ASSERT_EQ(a.state, RunState::Finished) << (a.error ? a.error->describe() : "");
  ASSERT_EQ(b.state, RunState::Finished) << (b.error ? b.error->describe() : "");
  // Same seed, same samples: only the convolution's summation order may differ.
  EXPECT_NEAR(*a.train_loss, *b.train_loss, 1e-4);
  EXPECT_NEAR(*a.val_accuracy, *b.val_accuracy, 1e-9);

  const Result<CheckpointData> plain_weights = load_checkpoint(root_ / "plain" / "last.ckpt");
  const Result<CheckpointData> nhwc_weights = load_checkpoint(root_ / "nhwc" / "last.ckpt");
  ASSERT_TRUE(plain_weights.ok() && nhwc_weights.ok());
  for (const auto& [name, tensor] : plain_weights.value().model) {
    const torch::Tensor other = nhwc_weights.value().model.at(name);
    // Written in the usual (contiguous NCHW) order, so any reader sees the same numbers.
    EXPECT_TRUE(other.is_contiguous()) << name;
    EXPECT_LE((tensor - other).abs().max().item<double>(), 1e-4) << name;
  }
}

TEST_F(SpeedSettings, AmpAutoSaysWhatItChoseAndTrainsWithIt) {
  Project project = testing::tiny_conv_project(root_ / "data");
  project.training.amp = AmpMode::Auto;
  project.training.epochs = 1;
  LogKeeper log;
  const RunSummary summary = train(project, "auto", &log);
  ASSERT_EQ(summary.state, RunState::Finished) << (summary.error ? summary.error->describe() : "");
  const AmpChoice expected = choose_amp(cpu_features(), false, 0);
  EXPECT_EQ(summary.amp, to_string(expected.mode));
  const std::string said = "mixed precision (auto): " + to_string(expected.mode);
  bool found = false;
  for (const std::string& line : log.lines) found = found || line.rfind(said, 0) == 0;
  EXPECT_TRUE(found) << "no log line starting with '" << said << "'";
}

// A project that does not choose (Auto) gets what memory_format_rule gives and its log says why:
// the tiny model's one convolution has 4 channels, so fp32 stays NCHW and bf16 (which oneDNN
// reorders out of NCHW) runs channels-last. A project that asks for the same layout gets the same
// bits and no explanation.
TEST_F(SpeedSettings, AutoChoosesTheLayoutAndSaysWhy) {
  struct Case {
    AmpMode amp;
    MemoryFormat same;
    const char* says;
  };
  for (const Case& c :
       {Case{AmpMode::Off, MemoryFormat::Nchw, "memory format (auto): NCHW, most of the model"},
        Case{AmpMode::Bf16, MemoryFormat::ChannelsLast,
             "memory format (auto): channels-last, the layout oneDNN"}}) {
    SCOPED_TRACE(to_string(c.amp));
    Project automatic = testing::tiny_conv_project(root_ / "data");
    automatic.training.amp = c.amp;
    automatic.training.epochs = 1;
    ASSERT_EQ(automatic.training.memory_format, MemoryFormat::Auto);  // the default
    Project asked = automatic;
    asked.training.memory_format = c.same;
    LogKeeper auto_log;
    LogKeeper asked_log;
    const RunSummary a = train(automatic, "auto-" + to_string(c.amp), &auto_log);
    const RunSummary b = train(asked, "asked-" + to_string(c.amp), &asked_log);
    ASSERT_EQ(a.state, RunState::Finished) << (a.error ? a.error->describe() : "");
    ASSERT_EQ(b.state, RunState::Finished) << (b.error ? b.error->describe() : "");
    // The same layout, kernels and samples: the same figures to the last bit.
    EXPECT_EQ(*a.train_loss, *b.train_loss);
    EXPECT_EQ(*a.val_loss, *b.val_loss);
    EXPECT_TRUE(says(auto_log, c.says));
    EXPECT_FALSE(says(asked_log, "memory format (auto)"));  // asked for: nothing to explain
  }
}

TEST(MemoryFormatRule, AutoTakesChannelsLastWhereItsKernelsAreFastest) {
  using Reason = MemoryFormatRule::Reason;
  const ConvolutionWork wide{true, true}, narrow{true, false}, none{false, false};
  const auto rule = [](MemoryFormat format, bool cuda, AmpMode amp, ConvolutionWork work) {
    const MemoryFormatRule r = memory_format_rule(format, cuda, amp, work);
    return std::pair(r.channels_last, r.reason);
  };
  const MemoryFormat a = MemoryFormat::Auto;
  EXPECT_EQ(rule(a, false, AmpMode::Off, wide), std::pair(true, Reason::CpuOneDnn));
  EXPECT_EQ(rule(a, false, AmpMode::Off, narrow), std::pair(false, Reason::CpuNarrowFp32));
  EXPECT_EQ(rule(a, false, AmpMode::Bf16, narrow), std::pair(true, Reason::CpuOneDnn));
  EXPECT_EQ(rule(a, false, AmpMode::Fp16, wide), std::pair(true, Reason::CpuOneDnn));
  EXPECT_EQ(rule(a, false, AmpMode::Off, none), std::pair(false, Reason::NoConvolutions));
  EXPECT_EQ(rule(a, true, AmpMode::Fp16, narrow), std::pair(true, Reason::GpuMixedPrecision));
  EXPECT_EQ(rule(a, true, AmpMode::Bf16, wide), std::pair(true, Reason::GpuMixedPrecision));
  EXPECT_EQ(rule(a, true, AmpMode::Off, wide), std::pair(false, Reason::GpuFp32));
  EXPECT_EQ(rule(a, true, AmpMode::Bf16, none), std::pair(false, Reason::NoConvolutions));
  // A choice is kept, whatever the device, precision or model.
  EXPECT_EQ(rule(MemoryFormat::Nchw, false, AmpMode::Bf16, wide), std::pair(false, Reason::Asked));
  EXPECT_EQ(rule(MemoryFormat::ChannelsLast, true, AmpMode::Off, none),
            std::pair(true, Reason::Asked));
}

TEST(AmpChoice, PicksBf16OnlyWhereTheDeviceComputesItNatively) {
  EXPECT_EQ(choose_amp({true, false}, false, 0).mode, AmpMode::Bf16);
  EXPECT_EQ(choose_amp({false, true}, false, 0).mode, AmpMode::Bf16);
  EXPECT_EQ(choose_amp({false, false}, false, 0).mode, AmpMode::Off);
  EXPECT_EQ(choose_amp({}, true, 80).mode, AmpMode::Bf16);
  EXPECT_EQ(choose_amp({}, true, 90).mode, AmpMode::Bf16);
  EXPECT_EQ(choose_amp({}, true, 75).mode, AmpMode::Fp16);
  EXPECT_EQ(choose_amp({}, true, 61).mode, AmpMode::Off);
  EXPECT_EQ(choose_amp({}, true, 86).evidence, "compute capability 8.6");
  // An explicit choice is never second-guessed.
  EXPECT_EQ(resolve_amp(AmpMode::Fp16, torch::Device(torch::kCPU)).mode, AmpMode::Fp16);
}

TEST_F(SpeedSettings, SummaryReportsTheBookkeepingShare) {
  const RunSummary summary = train(testing::tiny_conv_project(root_ / "data"), "run");
  ASSERT_EQ(summary.state, RunState::Finished);
  ASSERT_TRUE(summary.bookkeeping_share.has_value());
  EXPECT_GT(*summary.bookkeeping_share, 0.0);
  EXPECT_LT(*summary.bookkeeping_share, 1.0);
  EXPECT_GT(summary.peak_memory_bytes, 0u);
}

}  // namespace
}  // namespace convstudio
