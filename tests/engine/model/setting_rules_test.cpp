#include "convstudio/model/setting_rules.h"

#include <gtest/gtest.h>

#include "convstudio/model/dataset_format.h"

namespace convstudio {
namespace {

DeviceReport cpu_only() {
  DeviceReport devices;
  devices.cuda_unavailable = CudaUnavailable::kNoDriver;
  devices.cuda_unavailable_reason = "no NVIDIA driver";
  return devices;
}

TrainingSettings on_cpu() {
  TrainingSettings t;
  t.device = "cpu";
  return t;
}

const SettingProblem* find(const std::vector<SettingProblem>& problems, const std::string& place) {
  for (const SettingProblem& p : problems) {
    if (p.setting == place) return &p;
  }
  return nullptr;
}

TEST(SettingRules, DefaultsOnTheCpuHaveNoProblem) {
  EXPECT_TRUE(check_settings({}, on_cpu(), cpu_only()).empty());
}

// The studio refused it while the trainer shortened it: now both warn, saying what happens.
TEST(SettingRules, AWarmUpLongerThanHalfTheRunIsAWarningThatSaysItIsShortened) {
  TrainingSettings t = on_cpu();
  t.max_steps = 10;
  t.schedule.warmup_steps = 10;
  const auto problems = check_settings({}, t, cpu_only());
  const SettingProblem* warm = find(problems, "training.warmup_steps");
  ASSERT_NE(warm, nullptr);
  EXPECT_EQ(warm->severity, SettingProblem::Severity::Warning);
  EXPECT_EQ(warm->error().describe(),
            "training.warmup_steps: The warm-up (10 steps) is longer than half the run (10 "
            "steps); training shortens it to 5 steps.");
  EXPECT_FALSE(has_setting_errors(problems));
  t.schedule.warmup_steps = 5;
  EXPECT_EQ(find(check_settings({}, t, cpu_only()), "training.warmup_steps"), nullptr);
}

TEST(SettingRules, NesterovWithAdamIsIgnoredByTheOptimizerSoItIsAWarning) {
  TrainingSettings t = on_cpu();
  t.optimizer.kind = OptimizerKind::Adam;
  t.optimizer.nesterov = true;
  const auto problems = check_settings({}, t, cpu_only());
  ASSERT_NE(find(problems, "training.nesterov"), nullptr);
  EXPECT_EQ(find(problems, "training.nesterov")->message.english(),
            "Nesterov momentum applies to SGD only; adam trains without it.");
  EXPECT_FALSE(has_setting_errors(problems));
}

// The studio's class-weight field takes any text; the rule refuses what the file would.
TEST(SettingRules, ClassWeightsThatAreNoListAreAnErrorAtTheSetting) {
  TrainingSettings t = on_cpu();
  t.loss.class_weights = "1, two";
  const std::vector<SettingProblem> problems = check_settings({}, t, cpu_only());
  const SettingProblem* bad = find(problems, "training.class_weights");
  ASSERT_NE(bad, nullptr);
  EXPECT_EQ(bad->severity, SettingProblem::Severity::Error);
  t.loss.class_weights = "1, 2.5, 0";
  EXPECT_TRUE(check_settings({}, t, cpu_only()).empty());
}

// Both corrections for unbalanced classes at once favour the rare ones twice: a warning.
TEST(SettingRules, BalancedWeightsWithTheClassBalancedSamplerAreAWarning) {
  TrainingSettings t = on_cpu();
  t.loss.sampler = SamplerKind::ClassBalanced;
  EXPECT_TRUE(check_settings({}, t, cpu_only()).empty());
  t.loss.class_weights = "balanced";
  const std::vector<SettingProblem> problems = check_settings({}, t, cpu_only());
  const SettingProblem* twice = find(problems, "training.sampler");
  ASSERT_NE(twice, nullptr);
  EXPECT_EQ(twice->severity, SettingProblem::Severity::Warning);
  EXPECT_FALSE(has_setting_errors(problems));
}

TEST(SettingRules, ALearningRateOfZeroIsAnError) {
  TrainingSettings t = on_cpu();
  t.optimizer.lr = 0;
  const auto problems = check_settings({}, t, cpu_only());
  EXPECT_TRUE(has_setting_errors(problems));
  EXPECT_EQ(problems.front().error().describe(), "training.lr: The learning rate must be above 0.");
}

TEST(SettingRules, ACudaDeviceWithoutCudaNamesTheReason) {
  TrainingSettings t;
  t.device = "cuda:0";
  const auto problems = check_settings({}, t, cpu_only());
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems.front().setting, "training.device");
  EXPECT_EQ(problems.front().message.english(),
            "CUDA is not available (no NVIDIA driver); choose the CPU.");
}

TEST(SettingRules, AMissingDatasetFolderIsAnErrorAtTheDatasetPath) {
  DatasetSettings d;
  d.source = DatasetKind::Idx;
  EXPECT_EQ(check_settings(d, on_cpu(), cpu_only()).front().setting, "dataset.path");
  d.path = "/no/such/folder/anywhere";
  const auto problems = check_settings(d, on_cpu(), cpu_only());
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems.front().message.english(),
            "The dataset folder /no/such/folder/anywhere does not exist.");
}

// Issue 38: segmentation data has a class per pixel; mixing two images' labels and drawing
// images by their one class do not apply, so the settings check refuses them by name.
TEST(SettingRules, MixingAndTheClassBalancedSamplerAreRefusedForSegmentationData) {
  DatasetSettings d;
  d.source = find_dataset_format("segmentation-folder")->kind;
  d.path = "/tmp";
  TrainingSettings t = on_cpu();
  EXPECT_FALSE(has_setting_errors(check_settings(d, t, cpu_only())));
  t.loss.cutmix_alpha = 1.0;
  t.loss.sampler = SamplerKind::ClassBalanced;
  const std::vector<SettingProblem> problems = check_settings(d, t, cpu_only());
  const SettingProblem* mixing = find(problems, "training.cutmix_alpha");
  ASSERT_NE(mixing, nullptr);
  EXPECT_EQ(mixing->severity, SettingProblem::Severity::Error);
  EXPECT_NE(mixing->message.english().find("cannot blend"), std::string::npos);
  const SettingProblem* sampler = find(problems, "training.sampler");
  ASSERT_NE(sampler, nullptr);
  EXPECT_EQ(sampler->severity, SettingProblem::Severity::Error);
  // The same settings on classification data are fine.
  d.source = DatasetKind::ImageFolder;
  EXPECT_FALSE(has_setting_errors(check_settings(d, t, cpu_only())));
}

}  // namespace
}  // namespace convstudio
